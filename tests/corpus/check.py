#!/usr/bin/env python3
"""Check the evaluation corpus against gcc, and Faultline's interpreter against gcc.

For every case directory (one with a faults.toml):
  * the fixed program (fixed/<prog>.c) compiled with gcc + UBSan passes every test;
  * the buggy program (<prog>.c) fails at least one;
  * `faultline test --json` fails exactly the tests gcc fails, for both versions;
  * the faulty lines of faults.toml exist and differ between the buggy and the fixed file;
  * with several faulty lines, each one is a fault on its own: the fixed program with just that
    line taken from the buggy one fails a test (so the ground truth has no line to spare).

Unit tests (`void test_*(void)`) each run in their own process through a generated driver; IO
cases come from the case's faultline.toml (args, stdin -> stdout compared by tokens or exactly,
exit code).

    python3 check.py                      # uses `cargo run -q -p faultline-cli --`
    python3 check.py --faultline PATH     # a prebuilt faultline binary
    python3 check.py CASE...              # only these cases
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
GCC = ['gcc', '-std=gnu99', '-w', '-O0', '-fsanitize=undefined', '-fno-sanitize-recover=all']
CATEGORIES = ['operator-swap', 'constant', 'off-by-one', 'wrong-variable', 'missing-clause',
              'extra-clause', 'array-index', 'callee', 'branch-flip', 'masked', 'multi-fault',
              'io', 'argv', 'tcas', 'floating-point', 'pointer', 'struct', 'reset']


def compile_(src, extra, exe):
    # libm last: the floating-point cases call sqrt/round/fabs on computed values.
    subprocess.run(GCC + ['-o', exe, src] + extra + ['-lm'], check=True)


def unit_failures(src, tmp):
    tests = re.findall(r'^void\s+(test_\w+)\s*\(\s*void\s*\)', open(src).read(), re.M)
    drv = os.path.join(tmp, 'driver.c')
    with open(drv, 'w') as fh:
        fh.write('#include <string.h>\n' + ''.join('void %s(void);\n' % t for t in tests))
        fh.write('int main(int argc, char **argv) {\n')
        fh.write(''.join('  if (!strcmp(argv[1], "%s")) { %s(); return 0; }\n' % (t, t) for t in tests))
        fh.write('  return 2;\n}\n')
    exe = os.path.join(tmp, 'unit')
    compile_(src, [drv], exe)
    failed = []
    for t in tests:
        try:
            if subprocess.run([exe, t], capture_output=True, timeout=5).returncode != 0:
                failed.append(t)
        except subprocess.TimeoutExpired:
            failed.append(t)
    return tests, failed


def io_failures(src, tmp, conf_path):
    conf = tomllib.load(open(conf_path, 'rb'))
    prog = conf['program'][0]
    exe = os.path.join(tmp, 'io')
    compile_(src, [], exe)
    names, failed = [], []
    cases = list(prog.get('case', []))
    if 'cases_dir' in prog:
        # NAME.in is stdin, NAME.out the expected stdout (the contest cases).
        cdir = os.path.join(os.path.dirname(conf_path), prog['cases_dir'])
        for f in sorted(os.listdir(cdir)):
            if f.endswith('.in'):
                case = {'name': f[:-3], 'stdin': open(os.path.join(cdir, f)).read()}
                out = os.path.join(cdir, f[:-3] + '.out')
                if os.path.exists(out):
                    case['stdout'] = open(out).read()
                cases.append(case)
    # `void main()`: the exit status is whatever the last call left in a register (gcc); Faultline
    # takes it as 0, as graders ignore it. Only the output is compared then.
    void_main = re.search(r'^\s*void\s+main\s*\(', open(src).read(), re.M) is not None
    for case in cases:
        names.append(case['name'])
        try:
            p = subprocess.run([exe] + case.get('args', []), input=case.get('stdin', ''),
                               capture_output=True, text=True, timeout=5)
        except subprocess.TimeoutExpired:
            failed.append(case['name'])
            continue
        want = case.get('stdout')
        if case.get('compare', prog.get('compare', 'tokens')) == 'exact':
            same = want is None or p.stdout == want
        else:
            same = want is None or p.stdout.split() == want.split()
        if not same or (p.returncode != case.get('exit_code', 0) and not void_main):
            failed.append(case['name'])
    return names, failed


def faultline_failures(cmd, src):
    p = subprocess.run(cmd + ['test', '--json', src], capture_output=True, text=True, timeout=300)
    if p.returncode not in (0, 1):
        return None, p.stdout + p.stderr
    report = json.loads(p.stdout.splitlines()[0])
    return [t['name'] for t in report['tests'] if not t['passed']], None


def check_case(name, cmd):
    d = os.path.join(HERE, name)
    faults = tomllib.load(open(os.path.join(d, 'faults.toml'), 'rb'))
    prog = faults['file']
    buggy, fixed = os.path.join(d, prog), os.path.join(d, 'fixed', prog)
    problems = []
    if faults.get('category') not in CATEGORIES:
        problems.append('unknown category %r' % faults.get('category'))
    blines = open(buggy).read().split('\n')
    flines = open(fixed).read().split('\n')
    for ln in faults['lines']:
        if not 1 <= ln <= len(blines):
            problems.append('faulty line %d is not in %s' % (ln, prog))
        elif ln <= len(flines) and blines[ln - 1] == flines[ln - 1]:
            problems.append('faulty line %d is the same in the fixed file' % ln)
    conf = os.path.join(d, 'faultline.toml')
    io = os.path.exists(conf)
    if io and open(conf).read() != open(os.path.join(d, 'fixed', 'faultline.toml')).read():
        problems.append('fixed/faultline.toml differs from faultline.toml')
    with tempfile.TemporaryDirectory() as tmp:
        if io:
            tests, b_fail = io_failures(buggy, tmp, conf)
            _, f_fail = io_failures(fixed, tmp, conf)
        else:
            tests, b_fail = unit_failures(buggy, tmp)
            _, f_fail = unit_failures(fixed, tmp)
        # Each faulty line alone (in the fixed program) must break a test.
        if len(faults['lines']) > 1 and len(blines) == len(flines):
            for ln in faults['lines']:
                one = list(flines)
                one[ln - 1] = blines[ln - 1]
                src = os.path.join(tmp, 'only_%d_%s' % (ln, prog))
                with open(src, 'w') as fh:
                    fh.write('\n'.join(one))
                if io:
                    _, o_fail = io_failures(src, tmp, conf)
                else:
                    _, o_fail = unit_failures(src, tmp)
                if not o_fail:
                    problems.append('gcc: faulty line %d alone breaks no test' % ln)
    if f_fail:
        problems.append('gcc: fixed fails %s' % f_fail)
    if not b_fail:
        problems.append('gcc: buggy passes every test')
    if cmd:
        for label, src, want in (('buggy', buggy, b_fail), ('fixed', fixed, f_fail)):
            got, err = faultline_failures(cmd, src)
            if err is not None:
                problems.append('faultline test %s: %s' % (label, err.strip()[:300]))
            elif sorted(got) != sorted(want):
                problems.append('faultline %s fails %s, gcc %s' % (label, got, want))
    return faults, tests, b_fail, problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--faultline', help='prebuilt faultline binary (default: cargo run)')
    ap.add_argument('--no-faultline', action='store_true', help='check against gcc only')
    ap.add_argument('cases', nargs='*')
    args = ap.parse_args()
    if args.no_faultline:
        cmd = None
    elif args.faultline:
        cmd = [args.faultline]
    else:
        cmd = ['cargo', 'run', '-q', '-p', 'faultline-cli', '--']
    cases = args.cases or sorted(c for c in os.listdir(HERE)
                                 if os.path.exists(os.path.join(HERE, c, 'faults.toml')))
    ok, seen = True, set()
    for name in cases:
        faults, tests, b_fail, problems = check_case(name, cmd)
        seen.add(faults.get('category'))
        ok &= not problems
        print('%-26s %-15s %2d tests, buggy fails %2d%s' % (
            name, faults.get('category'), len(tests), len(b_fail),
            ''.join('\n    <-- ' + p for p in problems)))
    if not args.cases:
        missing = [c for c in CATEGORIES if c not in seen]
        if missing:
            print('categories without a case: %s' % missing)
            ok = False
        print('%d cases' % len(cases))
    sys.exit(0 if ok else 1)


if __name__ == '__main__':
    main()
