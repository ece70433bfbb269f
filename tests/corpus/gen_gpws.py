#!/usr/bin/env python3
"""Regenerate the IO cases of the TCAS-sized GPWS program (tests/corpus/gpws_v*/).

gpws.c is one 205-line program in six faulty versions (gpws_v1 .. gpws_v6, each a full copy:
buggy gpws.c, fixed/gpws.c, faultline.toml, fixed/faultline.toml, faults.toml). This script
  * checks every version's buggy source is the fixed source with exactly its listed faults,
  * draws a pool of argv cases with a fixed seed, biased towards the decision boundaries
    (altitude bands, envelope limits, speed bands, glideslope tolerances),
  * picks 59 cases: at least three that reveal each single fault (like a Siemens test pool,
    the suite is adequate for the faults it comes with), then a spread over the expected
    alerts, plus the usage error,
  * writes the expected stdout of the *fixed* program compiled with gcc into every
    faultline.toml (identical in all versions and in their fixed/ copies).

    python3 gen_gpws.py
"""
import os
import random
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
GCC = ['gcc', '-std=gnu99', '-w', '-O0', '-fsanitize=undefined', '-fno-sanitize-recover=all']
SEED = 20261122
N_CASES = 58  # plus the usage case

# version -> faults as (text in the fixed source, text in the buggy source)
VERSIONS = {
    'v1': [('if (Altitude_Loss > Radio_Altitude / 10 + 20)', 'if (Altitude_Loss > Radio_Altitude / 10 - 20)')],
    'v2': [('Closure_Limit[1] = 2500;', 'Closure_Limit[1] = 3500;')],
    'v3': [('if (Airspeed <= 310)', 'if (Airspeed < 310)')],
    'v4': [('if (!Gear_Down && Radio_Altitude < 500 && Airspeed < GEAR_FLOOR_SPEED)',
            'if (!Gear_Down && Radio_Altitude < 500)')],
    'v5': [('if (Phase != APPROACH || !Gear_Down)', 'if (Phase != APPROACH || !Landing_Flaps)')],
    'v6': [('Closure_Limit[1] = 2500;', 'Closure_Limit[1] = 3500;'), ('allowed = 130;', 'allowed = 100;')],
}
# Not a case of its own: v6's second fault alone, so the suite reveals each of v6's faults.
SELECTION_ONLY = {'v6b': [('allowed = 130;', 'allowed = 100;')]}


def apply(src, faults):
    for old, new in faults:
        assert src.count(old) == 1, old
        src = src.replace(old, new)
    return src


def draw(rng):
    phase = rng.choice([0, 1, 2, 2])
    alt = rng.choice([rng.randint(0, 3000),
                      rng.choice([29, 30, 50, 49, 120, 200, 244, 245, 299, 300, 499, 500, 1000, 1001,
                                  1499, 1500, 2000, 2001, 2450, 2451]) + rng.choice([0, 0, 1, -1])])
    alt = max(0, alt)
    warning = 1500 + alt * 13 // 10
    caution = (800 if phase == 2 else 1000) + 2 * alt
    descent = rng.choice([rng.randint(-1000, 8000), warning + rng.choice([-1, 0, 1, 50]),
                          caution + rng.choice([-1, 0, 1, 50])])
    speed = rng.choice([rng.randint(120, 350),
                        rng.choice([140, 150, 158, 159, 189, 190, 219, 220, 310, 311])])
    limit = 2000 if speed < 220 else (2500 if speed <= 310 else 3000)
    closure = rng.choice([rng.randint(0, 6000), limit + rng.choice([-1, 0, 1, 500, 1000, 1001, 1200]),
                          rng.choice([2600, 3000, 3400, 3600])])
    gear = rng.choice([0, 1, 1])
    flaps = rng.choice([0, 1, 1])
    gs = rng.choice([rng.randint(-300, 400), rng.choice([100, 101, 129, 130, 131, 200, 201])])
    loss = rng.choice([0, rng.randint(0, 300), alt // 10 + rng.choice([19, 20, 21]),
                       alt // 10 - rng.choice([19, 20, 21])])
    loss = max(0, loss)
    inhibit = rng.choice([0, 0, 0, 1])
    if rng.random() < 0.4:  # calm flight: lets the lower-priority modes speak
        descent = rng.randint(-500, 800)
        closure = rng.randint(0, 1500)
        loss = rng.randint(0, 10)
    return [str(x) for x in [alt, descent, closure, speed, gear, flaps, gs, loss, phase, inhibit]]


def q(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"').replace('\n', '\\n') + '"'


def main():
    fixed_src = open(os.path.join(HERE, 'gpws_v1', 'fixed', 'gpws.c')).read()
    for v, faults in VERSIONS.items():
        d = os.path.join(HERE, 'gpws_' + v)
        assert open(os.path.join(d, 'fixed', 'gpws.c')).read() == fixed_src, v
        assert open(os.path.join(d, 'gpws.c')).read() == apply(fixed_src, faults), v
    rng = random.Random(SEED)
    with tempfile.TemporaryDirectory() as tmp:
        exes = {}
        for name, faults in [('fixed', [])] + list(VERSIONS.items()) + list(SELECTION_ONLY.items()):
            src = os.path.join(tmp, name + '.c')
            open(src, 'w').write(apply(fixed_src, faults))
            exes[name] = os.path.join(tmp, name)
            subprocess.run(GCC + ['-o', exes[name], src], check=True)

        def outputs(args):
            return {k: subprocess.run([e] + args, capture_output=True, text=True).stdout
                    for k, e in exes.items()}

        pool, seen = [], set()
        while len(pool) < 3000:
            c = draw(rng)
            if tuple(c) in seen:
                continue
            seen.add(tuple(c))
            pool.append((c, outputs(c)))
        chosen = []
        for v in ['v1', 'v2', 'v3', 'v4', 'v5', 'v6b']:
            reveal = [p for p in pool if p[1][v] != p[1]['fixed'] and p not in chosen]
            rng.shuffle(reveal)
            need = 3 - sum(1 for p in chosen if p[1][v] != p[1]['fixed'])
            chosen += reveal[:max(0, need)]
        by_out = {}
        for p in pool:
            by_out.setdefault(p[1]['fixed'], []).append(p)
        while len(chosen) < N_CASES:
            for out in sorted(by_out):
                cand = [p for p in by_out[out] if p not in chosen]
                if cand and len(chosen) < N_CASES:
                    chosen.append(rng.choice(cand))
        chosen.append((['400', '3000'], outputs(['400', '3000'])))
        rng.shuffle(chosen)

    out = ['# Expected outputs come from the fixed program (fixed/gpws.c) compiled with gcc.',
           '[[program]]', 'source = "gpws.c"', 'compare = "exact"']
    for i, (args, outs) in enumerate(chosen):
        out += ['', '[[program.case]]', 'name = "t%02d"' % (i + 1),
                'args = [%s]' % ', '.join(q(a) for a in args), 'stdout = %s' % q(outs['fixed'])]
        if len(args) < 10:
            out.append('exit_code = 1')
    text = '\n'.join(out) + '\n'
    for v in VERSIONS:
        for sub in ('', 'fixed'):
            open(os.path.join(HERE, 'gpws_' + v, sub, 'faultline.toml'), 'w').write(text)
    for v in list(VERSIONS) + list(SELECTION_ONLY):
        print('%-4s fails %d of %d cases' % (v, sum(1 for _, o in chosen if o[v] != o['fixed']), len(chosen)))


if __name__ == '__main__':
    main()
