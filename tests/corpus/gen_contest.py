#!/usr/bin/env python3
"""Writes the test cases of the contest-style corpus cases (`contest_*`).

Each case reads its input from stdin and prints its answer, as programming-contest solutions
do; its tests are `cases/NAME.in` with the expected `cases/NAME.out`, a few small inputs and a
few of 10^3 to 10^4 numbers. Inputs come from a fixed seed, expected outputs from the case's
fixed program compiled with gcc (-O0, UBSan: a fixed program that trips it is an error). The
same files go to `fixed/cases/` (the case policy reads only below the config's directory).

    python3 tests/corpus/gen_contest.py          # rewrite every contest case
    python3 tests/corpus/gen_contest.py --check  # fail if a file would change
"""
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def nums(xs):
    return ' '.join(str(x) for x in xs)


def prefix_sums(rng, n, q, full_range):
    a = [rng.randint(-1000, 1000) for _ in range(n)]
    qs = []
    for _ in range(q):
        l = rng.randint(1, n)
        r = rng.randint(l, n)
        qs.append((l, r))
    if full_range:
        qs.append((1, n))
    text = '%d\n%s\n%d\n' % (n, nums(a), len(qs))
    return text + ''.join('%d %d\n' % lr for lr in qs)


def pair_count(rng, n, k, spread):
    a = [rng.randint(0, spread) for _ in range(n)]
    return '%d %d\n%s\n' % (n, k, nums(a))


def greedy_fill(rng, n, cap, wmax, exact):
    w = sorted(rng.randint(1, wmax) for _ in range(n))
    if exact:
        # A capacity the lightest parcels fill exactly.
        cap = sum(w[:exact])
    return '%d %d\n%s\n' % (n, cap, nums(w))


def max_subarray(rng, n, lo, hi):
    return '%d\n%s\n' % (n, nums(rng.randint(lo, hi) for _ in range(n)))


def frequency(rng, n, vmax, tie):
    a = [rng.randint(0, vmax) for _ in range(n)]
    if tie:
        # Two values share the highest count: the smaller must win.
        x, y = sorted(rng.sample(range(vmax + 1), 2))
        top = max(a.count(v) for v in range(vmax + 1)) + 2
        a = [v for v in a if v not in (x, y)]
        a += [x] * top + [y] * top
        rng.shuffle(a)
    return '%d\n%s\n' % (len(a), nums(a))


def lower_bound(rng, n, q, above):
    a = sorted(rng.randint(0, 5 * n) for _ in range(n))
    xs = [rng.randint(-5, 5 * n + 5) for _ in range(q)]
    if above:
        xs.append(a[-1] + 1)
    return '%d\n%s\n%d\n%s\n' % (n, nums(a), len(xs), nums(xs))


def queue_sim(rng, n, gap, serve):
    t, lines = 0, []
    for _ in range(n):
        t += rng.randint(0, gap)
        lines.append('%d %d' % (t, rng.randint(1, serve)))
    return '%d\n%s\n' % (n, '\n'.join(lines))


def prime_sieve(rng, q, lo_one, vmax=10000):
    qs = []
    for _ in range(q):
        l = 1 if lo_one and rng.random() < 0.3 else rng.randint(1, vmax)
        qs.append((l, rng.randint(l, vmax)))
    return '%d\n%s' % (len(qs), ''.join('%d %d\n' % lr for lr in qs))


def two_pointers(rng, n, k, vmax):
    return '%d %d\n%s\n' % (n, k, nums(rng.randint(0, vmax) for _ in range(n)))


def coin_change(rng, coins, s):
    return '%d %d\n%s\n' % (len(coins), s, nums(coins))


def gcd_queries(rng, n, g, mmax):
    return '%d\n%s\n' % (n, nums(g * rng.randint(1, mmax) for _ in range(n)))


def runs_reset(rng, t, nmax, vmax):
    out = ['%d' % t]
    for _ in range(t):
        n = rng.randint(1, nmax)
        out.append('%d %s' % (n, nums(rng.randint(0, vmax) for _ in range(n))))
    return '\n'.join(out) + '\n'


def overflow_sum(rng, n, vmax):
    return '%d\n%s\n' % (n, nums(rng.randint(0, vmax) for _ in range(n)))


def char_run(rng, n, letters, runs):
    s = []
    while len(s) < n:
        s += [rng.choice(letters)] * rng.randint(1, runs)
    return ''.join(s[:n]) + '\n'


def grid_path(rng, r, c, lo, hi):
    rows = [nums(rng.randint(lo, hi) for _ in range(c)) for _ in range(r)]
    return '%d %d\n%s\n' % (r, c, '\n'.join(rows))


# case directory -> (program, [(test name, input generator)]); each list has small inputs and
# a few of 10^3..10^4 numbers, some the fault changes and some it does not.
CASES = {
    'contest_prefix_sums': ('prefix_sums.c', [
        ('small_inside', lambda r: prefix_sums(r, 8, 5, False)),
        ('small_whole', lambda r: prefix_sums(r, 6, 3, True)),
        ('one', lambda r: '1\n42\n1\n1 1\n'),
        ('two_last', lambda r: '2\n5 -7\n2\n1 1\n2 2\n'),
        ('mid_inside', lambda r: prefix_sums(r, 50, 20, False)),
        ('mid_whole', lambda r: prefix_sums(r, 60, 20, True)),
        ('negative', lambda r: '4\n-1 -2 -3 -4\n2\n1 3\n2 3\n'),
        ('big_inside', lambda r: prefix_sums(r, 3000, 300, False)),
        ('big_whole', lambda r: prefix_sums(r, 5000, 200, True)),
        ('huge_whole', lambda r: prefix_sums(r, 10000, 100, True)),
    ]),
    'contest_pair_count': ('pair_count.c', [
        ('tiny', lambda r: '3 5\n1 4 2\n'),
        ('last_pairs', lambda r: '4 6\n1 2 3 3\n'),
        ('none', lambda r: '5 100\n1 2 3 4 5\n'),
        ('small', lambda r: pair_count(r, 10, 10, 10)),
        ('small_two', lambda r: pair_count(r, 12, 7, 8)),
        ('equal', lambda r: '5 4\n2 2 2 2 1\n'),
        ('mid', lambda r: pair_count(r, 100, 50, 50)),
        ('big', lambda r: pair_count(r, 1000, 300, 300)),
        ('big_sparse', lambda r: pair_count(r, 1200, 1999, 1000)),
        ('big_dense', lambda r: pair_count(r, 1500, 20, 20)),
    ]),
    'contest_greedy_fill': ('greedy_fill.c', [
        ('tiny', lambda r: '3 10\n2 3 4\n'),
        ('exact', lambda r: '3 9\n2 3 4\n'),
        ('none_fit', lambda r: '2 1\n5 6\n'),
        ('all_fit', lambda r: greedy_fill(r, 10, 10 ** 6, 100, 0)),
        ('small', lambda r: greedy_fill(r, 15, 200, 50, 0)),
        ('small_exact', lambda r: greedy_fill(r, 15, 0, 50, 7)),
        ('mid', lambda r: greedy_fill(r, 200, 5000, 100, 0)),
        ('big', lambda r: greedy_fill(r, 4000, 100000, 200, 0)),
        ('big_exact', lambda r: greedy_fill(r, 6000, 0, 200, 2500)),
        ('huge', lambda r: greedy_fill(r, 10000, 250000, 100, 0)),
    ]),
    'contest_max_subarray': ('max_subarray.c', [
        ('one', lambda r: '1\n-5\n'),
        ('positive', lambda r: '4\n1 2 3 4\n'),
        ('negative', lambda r: '4\n-3 -1 -4 -2\n'),
        ('dip', lambda r: '5\n4 -10 3 2 1\n'),
        ('small', lambda r: max_subarray(r, 12, -10, 10)),
        ('small_neg', lambda r: max_subarray(r, 10, -50, -1)),
        ('mid', lambda r: max_subarray(r, 300, -100, 90)),
        ('big', lambda r: max_subarray(r, 3000, -1000, 950)),
        ('big_pos', lambda r: max_subarray(r, 5000, 0, 1000)),
        ('huge', lambda r: max_subarray(r, 10000, -1000, 980)),
    ]),
    'contest_frequency': ('frequency.c', [
        ('one', lambda r: '1\n7\n'),
        ('tie_small', lambda r: '4\n5 3 5 3\n'),
        ('clear', lambda r: '5\n1 2 2 9 2\n'),
        ('zeros', lambda r: '3\n0 0 0\n'),
        ('small', lambda r: frequency(r, 20, 9, False)),
        ('small_tie', lambda r: frequency(r, 20, 9, True)),
        ('mid', lambda r: frequency(r, 300, 999, False)),
        ('big', lambda r: frequency(r, 3000, 999, False)),
        ('big_tie', lambda r: frequency(r, 5000, 999, True)),
        ('huge', lambda r: frequency(r, 10000, 300, False)),
    ]),
    'contest_lower_bound': ('lower_bound.c', [
        ('one_below', lambda r: '1\n5\n1\n3\n'),
        ('one_above', lambda r: '1\n5\n1\n9\n'),
        ('dups', lambda r: '5\n1 2 2 2 3\n3\n2 3 0\n'),
        ('small', lambda r: lower_bound(r, 10, 6, False)),
        ('small_above', lambda r: lower_bound(r, 10, 6, True)),
        ('mid', lambda r: lower_bound(r, 200, 50, False)),
        ('big', lambda r: lower_bound(r, 5000, 500, False)),
        ('big_above', lambda r: lower_bound(r, 5000, 300, True)),
        ('huge', lambda r: lower_bound(r, 10000, 200, False)),
        ('huge_above', lambda r: lower_bound(r, 10000, 100, True)),
    ]),
    'contest_queue_sim': ('queue_sim.c', [
        ('one', lambda r: '1\n3 4\n'),
        ('no_wait', lambda r: '3\n0 2\n5 1\n9 3\n'),
        ('wait', lambda r: '3\n0 5\n1 2\n2 2\n'),
        ('sparse', lambda r: queue_sim(r, 10, 50, 5)),
        ('busy', lambda r: queue_sim(r, 10, 3, 10)),
        ('mid_sparse', lambda r: queue_sim(r, 200, 100, 10)),
        ('mid_busy', lambda r: queue_sim(r, 200, 10, 12)),
        ('big_sparse', lambda r: queue_sim(r, 3000, 1000, 20)),
        ('big_busy', lambda r: queue_sim(r, 3000, 10, 11)),
        ('huge_busy', lambda r: queue_sim(r, 6000, 20, 20)),
    ]),
    'contest_prime_sieve': ('prime_sieve.c', [
        ('one', lambda r: '1\n1 1\n'),
        ('two_three', lambda r: '2\n2 3\n1 10\n'),
        ('no_one', lambda r: '3\n4 4\n5 20\n90 100\n'),
        ('small', lambda r: prime_sieve(r, 10, True, 100)),
        ('small_high', lambda r: prime_sieve(r, 10, False, 1000)),
        ('mid', lambda r: prime_sieve(r, 100, True)),
        ('mid_high', lambda r: prime_sieve(r, 100, False)),
        ('big', lambda r: prime_sieve(r, 2000, True)),
        ('whole', lambda r: '1\n1 10000\n'),
        ('big_high', lambda r: prime_sieve(r, 3000, False)),
    ]),
    'contest_two_pointers': ('two_pointers.c', [
        ('tiny', lambda r: '3 5\n1 4 2\n'),
        ('exact', lambda r: '4 6\n3 3 1 5\n'),
        ('none', lambda r: '3 1\n5 6 7\n'),
        ('one', lambda r: '1 10\n4\n'),
        ('small', lambda r: two_pointers(r, 10, 10, 10)),
        ('small_two', lambda r: two_pointers(r, 12, 15, 9)),
        ('mid', lambda r: two_pointers(r, 100, 100, 100)),
        ('mid_sparse', lambda r: two_pointers(r, 150, 1001, 1000)),
        ('big', lambda r: two_pointers(r, 600, 500, 500)),
        ('big_dense', lambda r: two_pointers(r, 800, 30, 30)),
    ]),
    'contest_coin_change': ('coin_change.c', [
        ('one_coin', lambda r: '1 6\n3\n'),
        ('none', lambda r: '1 7\n3\n'),
        ('zero', lambda r: '2 0\n2 5\n'),
        ('later_first', lambda r: '3 11\n5 1 2\n'),
        ('first_needed', lambda r: '3 12\n1 5 7\n'),
        ('small', lambda r: coin_change(r, [2, 9, 4], 37)),
        ('mid', lambda r: coin_change(r, [7, 3, 11, 20], 523)),
        ('big', lambda r: coin_change(r, [1, 13, 17, 50, 99], 4321)),
        ('big_odd', lambda r: coin_change(r, [6, 10, 15], 9999)),
        ('huge', lambda r: coin_change(r, [37, 2, 5, 11, 23, 60], 10000)),
    ]),
    'contest_gcd_queries': ('gcd_queries.c', [
        ('one', lambda r: '1\n12\n'),
        ('coprime', lambda r: '3\n4 9 25\n'),
        ('all_same', lambda r: '4\n6 6 6 6\n'),
        ('pair', lambda r: '2\n18 24\n'),
        ('small', lambda r: gcd_queries(r, 10, 7, 20)),
        ('small_one', lambda r: gcd_queries(r, 10, 1, 50)),
        ('mid', lambda r: gcd_queries(r, 300, 12, 1000)),
        ('big', lambda r: gcd_queries(r, 3000, 5, 10000)),
        ('big_one', lambda r: gcd_queries(r, 5000, 1, 100000)),
        ('huge', lambda r: gcd_queries(r, 10000, 3, 100000)),
    ]),
    'contest_runs_reset': ('runs_reset.c', [
        ('one_case', lambda r: '1\n5 1 2 3 1 2\n'),
        ('down_after_up', lambda r: '2\n4 1 2 3 4\n3 3 2 1\n'),
        ('up_after_down', lambda r: '2\n3 3 2 1\n4 1 2 3 4\n'),
        ('single', lambda r: '3\n1 5\n1 4\n1 3\n'),
        ('small', lambda r: runs_reset(r, 5, 10, 10)),
        ('small_many', lambda r: runs_reset(r, 12, 8, 5)),
        ('mid', lambda r: runs_reset(r, 30, 100, 100)),
        ('big', lambda r: runs_reset(r, 50, 400, 1000)),
        ('big_few', lambda r: runs_reset(r, 4, 3000, 1000000)),
        ('huge', lambda r: runs_reset(r, 100, 200, 50)),
    ]),
    'contest_overflow_sum': ('overflow_sum.c', [
        ('one', lambda r: '1\n7\n'),
        ('small', lambda r: '3\n1 2 3\n'),
        ('zeros', lambda r: '4\n0 0 0 0\n'),
        ('big_values', lambda r: '3\n1000000 1000000 1000000\n'),
        ('few_small', lambda r: overflow_sum(r, 20, 100)),
        ('mid_small', lambda r: overflow_sum(r, 300, 1000)),
        ('mid_large', lambda r: overflow_sum(r, 2000, 1000000)),
        ('big_small', lambda r: overflow_sum(r, 5000, 50)),
        ('big_large', lambda r: overflow_sum(r, 8000, 1000000)),
        ('huge', lambda r: overflow_sum(r, 10000, 1000000)),
    ]),
    'contest_longest_char_run': ('char_run.c', [
        ('one', lambda r: 'a\n'),
        ('all_same', lambda r: 'bbbb\n'),
        ('distinct', lambda r: 'abcde\n'),
        ('late_run', lambda r: 'abccc\n'),
        ('small', lambda r: char_run(r, 20, 'ab', 3)),
        ('small_wide', lambda r: char_run(r, 30, 'abcdef', 4)),
        ('mid', lambda r: char_run(r, 500, 'xyz', 6)),
        ('big', lambda r: char_run(r, 5000, 'abcdefghij', 8)),
        ('big_two', lambda r: char_run(r, 8000, 'pq', 12)),
        ('huge', lambda r: char_run(r, 10000, 'abcdefghijklmnopqrstuvwxyz', 5)),
    ]),
    'contest_grid_path': ('grid_path.c', [
        ('one', lambda r: '1 1\n5\n'),
        ('row', lambda r: '1 4\n1 2 3 4\n'),
        ('column', lambda r: '3 1\n1\n2\n3\n'),
        ('square', lambda r: '2 2\n1 9\n3 1\n'),
        ('small', lambda r: grid_path(r, 4, 5, 0, 9)),
        ('small_neg', lambda r: grid_path(r, 5, 4, -9, 9)),
        ('mid', lambda r: grid_path(r, 20, 30, 0, 100)),
        ('big', lambda r: grid_path(r, 60, 80, -50, 100)),
        ('big_wide', lambda r: grid_path(r, 30, 100, 0, 1000)),
        ('huge', lambda r: grid_path(r, 100, 100, 0, 1000)),
    ]),
}


def main():
    check = '--check' in sys.argv[1:]
    stale = []
    with tempfile.TemporaryDirectory() as tmp:
        for case, (prog, tests) in CASES.items():
            d = os.path.join(HERE, case)
            exe = os.path.join(tmp, case)
            subprocess.run(['gcc', '-O0', '-fsanitize=undefined', '-fno-sanitize-recover=all',
                            '-o', exe, os.path.join(d, 'fixed', prog)], check=True)
            rng = random.Random('faultline-' + case)
            for name, gen in tests:
                stdin = gen(rng)
                out = subprocess.run([exe], input=stdin, capture_output=True, text=True,
                                     check=True, timeout=60).stdout
                for sub in ('cases', os.path.join('fixed', 'cases')):
                    os.makedirs(os.path.join(d, sub), exist_ok=True)
                    for ext, text in (('in', stdin), ('out', out)):
                        path = os.path.join(d, sub, name + '.' + ext)
                        old = open(path).read() if os.path.exists(path) else None
                        if old != text:
                            stale.append(path)
                            if not check:
                                with open(path, 'w') as fh:
                                    fh.write(text)
    if check and stale:
        print('out of date:\n  ' + '\n  '.join(stale))
        sys.exit(1)


if __name__ == '__main__':
    main()
