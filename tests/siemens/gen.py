#!/usr/bin/env python3
"""Build the Siemens-layout fixture tcas/ from tests/tcas (run from anywhere).

tcas/tcas.c      the fault-free program (tests/tcas/tcas.c)
tcas/vN/tcas.c   the faulty versions (tests/tcas/faulty/vN/tcas.c)
tcas/universe    argv lines of 300 of the 1,600 cases of tests/tcas/faultline.toml: the
                 cases whose number is 1, 2 or 3 modulo 16 (an even spread over the generator's
                 boundary-biased inputs)

Expected outputs are not stored: `faultline bench` computes them by running tcas.c.
"""
import pathlib
import shutil
import tomllib

here = pathlib.Path(__file__).resolve().parent
src = here.parent / "tcas"
out = here / "tcas"
out.mkdir(exist_ok=True)
shutil.copyfile(src / "tcas.c", out / "tcas.c")
for v in sorted((src / "faulty").iterdir()):
    (out / v.name).mkdir(exist_ok=True)
    shutil.copyfile(v / "tcas.c", out / v.name / "tcas.c")
cases = tomllib.loads((src / "faultline.toml").read_text())["program"][0]["case"]
lines = [" ".join(c["args"]) for i, c in enumerate(cases, 1) if i % 16 in (1, 2, 3)]
(out / "universe").write_text("\n".join(lines) + "\n")
print(f"{len(lines)} universe lines")
