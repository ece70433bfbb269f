#!/usr/bin/env python3
"""Check the diagnosis examples against gcc.

For every example, the faulty program must fail exactly the tests listed in
EXAMPLES and the corrected program (FIXES applied) must pass all of them.
Unit tests (`void test_*(void)`) run in their own process through a generated
driver; IO cases come from the example's faultline.toml (stdin -> stdout,
compared by tokens, or exactly when `compare = "exact"`).
"""
import os
import re
import subprocess
import sys
import tempfile
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
GCC = ['gcc', '-std=gnu99', '-w', '-O0', '-fsanitize=undefined', '-fno-sanitize-recover=all']

# file -> (list of (faulty text, corrected text), tests the faulty program fails)
EXAMPLES = {
    'max3/max3.c': ([('a >= b && b >= c', 'a >= b && a >= c'),
                     ('b >= a || b >= c', 'b >= a && b >= c'),
                     ('c >= b && b >= a', 'c >= b && c >= a')],
                    ['first_largest', 'ascending', 'last_largest']),
    'abs/abs.c': ([('x < -1', 'x < 0')], ['test_minus_one']),
    'leap/leap.c': ([('year % 400 != 0', 'year % 400 == 0')],
                    ['century_common', 'quadricentennial']),
    'discount/discount.c': ([('member == 0', 'member != 0'), ('p - 50', 'p - 500')],
                            ['test_small_guest', 'test_guest_over_threshold']),
    'sum/sum.c': ([('i < n;', 'i <= n;')], ['test_four', 'test_ten']),
    'shift/shift.c': ([('a[i] = a[i];', 'a[i] = a[i + 1];')], ['test_remove_middle']),
    'helper/helper.c': ([('y % 40 == 0', 'y % 400 == 0')], ['test_february_2200']),
    'tariff/tariff.c': ([('rate = 3;', 'rate = 4;'), ('rate = 6;', 'rate = 7;'),
                         ('rate = 9;', 'rate = 10;')],
                        ['zone1_light', 'zone1_heavy', 'zone2_light', 'zone2_heavy',
                         'zone3_light', 'zone3_heavy']),
    'gate/gate.c': ([('rate >= -1200', 'rate >= -1800')],
                    ['steep_descent_converging', 'steep_descent_clear']),
    'fare/fare.c': ([('metres < 6000', 'metres < 5000')], ['long_start', 'long']),
    'change/change.c': ([('price - paid', 'paid - price')], ['coins', 'note']),
    'lower_bound/lower_bound.c': ([('lo = mid;', 'lo = mid + 1;')],
                                  ['test_between', 'test_above_all']),
    'guard/guard.c': ([('total <= 100', 'total < 100')],
                      ['test_exactly_the_threshold_ships_free',
                       'test_heavy_threshold_order_ships_free']),
    'skip/skip.c': ([('s + 1;', 's;')], ['test_no_spaces', 'test_one_letter']),
    'celsius/celsius.c': ([('    printf("Temperature in Celsius: ");\n', '')],
                          ['freezing', 'boiling', 'minus_forty', 'body']),
    'perimeter/perimeter.c': ([('width - height', 'width + height')], ['three_by_four', 'square']),
    'pairsum/pairsum.c': ([('j < n - 1', 'j < n')], ['with_the_last']),
    'receipt/receipt.c': ([('Totl:', 'Total:')], ['three_pens', 'one_book']),
    'correct/gcd.c': ([], []),
}


def compile_(src, extra, exe):
    subprocess.run(GCC + ['-o', exe, src] + extra, check=True)


def unit_failures(src, tmp, conf_dir=None):
    tests = re.findall(r'^void\s+(test_\w+)\s*\(\s*void\s*\)', open(src).read(), re.M)
    drv = os.path.join(tmp, 'driver.c')
    with open(drv, 'w') as fh:
        fh.write('#include <string.h>\n' + ''.join('void %s(void);\n' % t for t in tests))
        fh.write('int main(int argc, char **argv) {\n')
        fh.write(''.join('  if (!strcmp(argv[1], "%s")) { %s(); return 0; }\n' % (t, t) for t in tests))
        fh.write('  return 2;\n}\n')
    exe = os.path.join(tmp, 'unit')
    compile_(src, [drv], exe)
    return [t for t in tests if not passes([exe, t])]


def passes(cmd):
    """A test that has not ended after 5 s loops forever (lower_bound.c): it fails."""
    try:
        return subprocess.run(cmd, capture_output=True, timeout=5).returncode == 0
    except subprocess.TimeoutExpired:
        return False


def io_failures(src, tmp, conf_dir):
    conf = tomllib.load(open(os.path.join(conf_dir, 'faultline.toml'), 'rb'))
    prog = conf['program'][0]
    exe = os.path.join(tmp, 'io')
    compile_(src, [], exe)
    failed = []
    for case in prog['case']:
        p = subprocess.run([exe], input=case.get('stdin', ''), capture_output=True, text=True, timeout=5)
        want = case.get('stdout')
        if prog.get('compare', 'tokens') == 'exact':
            same = want is None or p.stdout == want
        else:
            same = want is None or p.stdout.split() == want.split()
        if not same or p.returncode != case.get('exit_code', 0):
            failed.append(case['name'])
    return failed


def main():
    ok = True
    for rel, (fixes, expect) in EXAMPLES.items():
        src = os.path.join(HERE, rel)
        text = open(src).read()
        fixed = text
        for bug, fix in fixes:
            assert fixed.count(bug) == 1, (rel, bug)
            fixed = fixed.replace(bug, fix)
        run = io_failures if os.path.exists(os.path.join(os.path.dirname(src), 'faultline.toml')) else unit_failures
        with tempfile.TemporaryDirectory() as tmp:
            got = run(src, tmp, os.path.dirname(src))
            fsrc = os.path.join(tmp, os.path.basename(rel))
            with open(fsrc, 'w') as fh:
                fh.write(fixed)
            got_fixed = run(fsrc, tmp, os.path.dirname(src))
        good = got == expect and got_fixed == []
        ok &= good
        print('%-22s faulty fails %s, fixed fails %s%s' % (rel, got, got_fixed, '' if good else '  <-- MISMATCH'))
    sys.exit(0 if ok else 1)


if __name__ == '__main__':
    main()
