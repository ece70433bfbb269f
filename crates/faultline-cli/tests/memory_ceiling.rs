//! The memory ceiling holds while the SAT solver works: a diagnosis whose full replica (3.2 M
//! variables, 10 M clauses) and its solver's learnt clauses outgrow `--max-memory` stops
//! there, says so in plain words, keeps the diagnosis it found, and the process's peak
//! resident set stays at the ceiling (it was 2.9 GB under a 2 GB ceiling when the solver was
//! not asked).

use std::path::Path;

#[allow(dead_code)] // `faultline` is for the other test files
mod common;
use common::faultline_peak;

const CEILING_MB: u64 = 2048;

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

/// Smallest factors by trial division, with `f * f < n` for `f * f <= n` (squares of primes
/// are taken for primes). Expected outputs from the fixed program compiled with gcc.
#[test]
fn a_diagnosis_stops_at_the_memory_ceiling_and_keeps_what_it_found() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "factor.c",
        "#include <stdio.h>\n\
         \n\
         int smallest_factor(int n)\n\
         {\n\
         \x20   int f = 2;\n\
         \x20   while (f * f < n) {\n\
         \x20       if (n % f == 0)\n\
         \x20           return f;\n\
         \x20       f++;\n\
         \x20   }\n\
         \x20   return n;\n\
         }\n\
         \n\
         int main(void)\n\
         {\n\
         \x20   int count, n, composite = 0;\n\
         \x20   scanf(\"%d\", &count);\n\
         \x20   while (count-- > 0) {\n\
         \x20       scanf(\"%d\", &n);\n\
         \x20       if (smallest_factor(n) < n) {\n\
         \x20           printf(\"%d = %d * %d\\n\", n, smallest_factor(n), n / smallest_factor(n));\n\
         \x20           composite++;\n\
         \x20       } else {\n\
         \x20           printf(\"%d has no smaller factor\\n\", n);\n\
         \x20       }\n\
         \x20   }\n\
         \x20   printf(\"composite: %d\\n\", composite);\n\
         \x20   return 0;\n\
         }\n",
    );
    write(
        dir.path(),
        "faultline.toml",
        "[[program]]\nsource = \"factor.c\"\n\
         [[program.case]]\nname = \"odd\"\nstdin = \"3 15 13 9\\n\"\n\
         stdout = \"15 = 3 * 5\\n13 has no smaller factor\\n9 = 3 * 3\\ncomposite: 2\\n\"\n\
         [[program.case]]\nname = \"even\"\nstdin = \"2 14 25\\n\"\n\
         stdout = \"14 = 2 * 7\\n25 = 5 * 5\\ncomposite: 2\\n\"\n\
         [[program.case]]\nname = \"primes\"\nstdin = \"3 7 11 49\\n\"\n\
         stdout = \"7 has no smaller factor\\n11 has no smaller factor\\n49 = 7 * 7\\ncomposite: 1\\n\"\n\
         [[program.case]]\nname = \"mixed\"\nstdin = \"4 21 4 17 121\\n\"\n\
         stdout = \"21 = 3 * 7\\n4 = 2 * 2\\n17 has no smaller factor\\n121 = 11 * 11\\ncomposite: 3\\n\"\n",
    );
    let ceiling = format!("{CEILING_MB}M");
    // A timeout far beyond what the search needs to reach the ceiling (25 s at load 4 on 2
    // cores): the memory, not the clock, ends it.
    let args = [
        "diagnose",
        "--timeout",
        "300",
        "--max-memory",
        &ceiling,
        "factor.c",
    ];
    let (code, out, err, _, peak_mb, _) = faultline_peak(dir.path(), &args);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(code, 1, "{out}{err}");
    // The diagnosis found before the stop stands: the loop condition, first.
    assert!(
        out.contains("Diagnosis 1: change 1 statement\n  factor.c:6:12  f * f < n"),
        "{out}"
    );
    assert!(
        out.contains("the analysis reached its memory limit (2048 MB), which `--max-memory` sets"),
        "{out}"
    );
    assert!(
        out.contains("Search stopped: memory ceiling (2048 MB)"),
        "{out}"
    );
    // The ceiling is checked every 10 ms inside the solver and every 20 ms between stages.
    assert!(
        peak_mb < CEILING_MB + 32,
        "peak RSS {peak_mb} MB under a {CEILING_MB} MB ceiling"
    );
}
