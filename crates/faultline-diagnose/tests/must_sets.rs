//! The must property of the must-location sets (I-FOSFL): every repair of a failing test
//! changes at least one statement of the test's must set.
//!
//! Repairs come from the diagnoser itself with the must clauses switched off (else it would
//! only find repairs intersecting the sets by construction): BugAssist enumerates each failing
//! test's subset-minimal repairs, validated by re-running the test with the angelic values.
//! Every one with one or two statements must meet the test's must set. The programs are random
//! single-fault programs (`support/random_c.rs`) plus hand-written ones for the cases the
//! construction has to get right (a condition that skips an assignment, an early return, a
//! loop bound, a call).

#[path = "support/random_c.rs"]
mod random_c;

use std::collections::{BTreeSet, HashMap};
use std::time::Duration;

use faultline_diagnose::{diagnose, Algorithm, DiagnoseOptions, Report};
use faultline_ir::Program;
use faultline_runner::Suite;
use proptest::prelude::*;
use proptest::test_runner::Config as ProptestConfig;

fn options(algorithm: Algorithm) -> DiagnoseOptions {
    DiagnoseOptions {
        algorithm,
        max_diagnoses: 20,
        timeout: Some(Duration::from_secs(20)),
        must_clauses: false,
        ..Default::default()
    }
}

/// Every validated repair of at most two statements meets the must set of every test it
/// repairs. Returns how many (repair, test) pairs were checked.
fn check_must_property(report: &Report, source: &str) -> Result<usize, String> {
    let must: HashMap<&str, BTreeSet<u32>> = report
        .must_sets
        .iter()
        .map(|m| (m.test.as_str(), m.lines.iter().copied().collect()))
        .collect();
    let failing: Vec<&str> = report
        .tests
        .iter()
        .filter(|t| !t.passed)
        .map(|t| t.name.as_str())
        .collect();
    for t in &failing {
        if !must.contains_key(t) {
            return Err(format!("no must set for failing test {t}\n{source}"));
        }
    }
    let mut checked = 0;
    for d in report.diagnoses.iter().filter(|d| d.validated) {
        if d.statements.len() > 2 {
            continue;
        }
        let lines: BTreeSet<u32> = d.statements.iter().map(|s| s.line).collect();
        for t in &d.explains {
            let m = &must[t.as_str()];
            if lines.is_disjoint(m) {
                return Err(format!(
                    "repair {} (lines {lines:?}) of {t} misses its must set {m:?}\n{source}",
                    d.rank
                ));
            }
            checked += 1;
        }
    }
    Ok(checked)
}

fn compile(text: &str) -> (Program, Suite) {
    random_c::compile(text)
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(16)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases(),
        // The input is a seed: shrinking it only tries unrelated programs.
        max_shrink_iters: 0,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_small_repair_meets_the_must_set_of_random_programs(seed in any::<u64>()) {
        let c = random_c::case(seed);
        let report = diagnose(&c.program, &c.suite, &options(Algorithm::Bugassist))
            .map_err(|e| TestCaseError::fail(format!("diagnose failed: {e}\n{}", c.mutant)))?;
        check_must_property(&report, &c.mutant).map_err(TestCaseError::fail)?;
    }
}

/// Hand-written programs whose faults need every part of the construction.
const PROGRAMS: &[(&str, &str)] = &[
    (
        // The fault skips an assignment: the slice reaches the condition through the phi.
        "skipped_assignment",
        "int f(int a) {\n\
         int x = 0;\n\
         if (a > 5)\n\
         x = 1;\n\
         return x;\n\
         }\n\
         void test_f(void) { assert(f(5) == 1); }\n\
         void test_g(void) { assert(f(9) == 1); }\n",
    ),
    (
        // An early return decides whether the failing statement is reached.
        "early_return",
        "int g(int a) {\n\
         int y = a * 2;\n\
         if (a < 0)\n\
         return 0;\n\
         y = y + 1;\n\
         return y;\n\
         }\n\
         void test_g(void) { assert(g(-3) == -5); }\n\
         void test_h(void) { assert(g(2) == 5); }\n",
    ),
    (
        // A loop bound: the loop condition decides how often the sum grows.
        "loop_bound",
        "int s(int n) {\n\
         int t = 0;\n\
         int i;\n\
         for (i = 1;\n\
         i < n;\n\
         i++)\n\
         t = t + i;\n\
         return t;\n\
         }\n\
         void test_s(void) { assert(s(3) == 6); }\n\
         void test_z(void) { assert(s(0) == 0); }\n",
    ),
    (
        // Undefined behaviour: the failing statement itself is a repair location (changed, it
        // no longer divides), as is what its divisor came from.
        "division_by_zero",
        "int g(int a, int b) {\n\
         int d = b - 2;\n\
         int q = a / d;\n\
         return q;\n\
         }\n\
         void test_g(void) { assert(g(4, 2) == 2); }\n\
         void test_k(void) { assert(g(6, 4) == 3); }\n",
    ),
    (
        // The fault is in a callee; the caller's value flows through the call.
        "callee",
        "int sq(int v) {\n\
         return v * v + 1;\n\
         }\n\
         int h(int a) {\n\
         int r = sq(a);\n\
         r = r - 1;\n\
         return r;\n\
         }\n\
         void test_h(void) { assert(h(3) == 10); }\n",
    ),
];

#[test]
fn every_repair_meets_the_must_set_of_hand_written_programs() {
    for (name, text) in PROGRAMS {
        let (program, suite) = compile(text);
        for algorithm in [Algorithm::Bugassist, Algorithm::Cfaults] {
            let report = diagnose(&program, &suite, &options(algorithm))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(
                !report.diagnoses.is_empty(),
                "{name}: no diagnosis to check"
            );
            let checked = check_must_property(&report, text).unwrap_or_else(|e| panic!("{e}"));
            assert!(checked > 0, "{name}: nothing checked");
        }
    }
}

/// The must set is a guarantee *and* a focus: for a fault in a condition that skips an
/// assignment, it holds the condition (a repair location) but not statements the failure does
/// not depend on.
#[test]
fn must_sets_hold_the_deciding_condition_and_skip_unrelated_statements() {
    let text = "int f(int a, int b) {\n\
                int x = 0;\n\
                int unrelated = b * 3;\n\
                if (a > 5)\n\
                x = 1;\n\
                return x + unrelated - unrelated;\n\
                }\n\
                void test_f(void) { assert(f(5, 1) == 1); }\n";
    let (program, suite) = compile(text);
    let report = diagnose(&program, &suite, &DiagnoseOptions::default()).unwrap();
    assert_eq!(report.must_sets.len(), 1);
    let m = &report.must_sets[0];
    assert_eq!(m.test, "test_f");
    // The condition (line 4), the assignment the run used (line 2) and the return (line 6);
    // `x = 1` (line 5) never ran; line 3 feeds the return, so it is in too.
    assert!(m.lines.contains(&4), "{m:?}");
    assert!(m.lines.contains(&2), "{m:?}");
    assert!(m.lines.contains(&6), "{m:?}");
    assert!(!m.lines.contains(&5), "{m:?}");
    // With the must clauses on, the real fix (the condition) is still found.
    assert!(
        report
            .diagnoses
            .iter()
            .any(|d| d.statements.iter().any(|s| s.line == 4)),
        "{:?}",
        report.diagnoses
    );
}

/// Statements whose values cannot reach the failing assert stay out of its must set.
#[test]
fn must_sets_leave_out_what_cannot_reach_the_failure() {
    let text = "int g;\n\
                int f(int a) {\n\
                int x = a + 1;\n\
                int y = a * 2;\n\
                g = y;\n\
                return x;\n\
                }\n\
                void test_f(void) { assert(f(1) == 3); }\n";
    let (program, suite) = compile(text);
    let report = diagnose(&program, &suite, &DiagnoseOptions::default()).unwrap();
    let m = &report.must_sets[0];
    assert_eq!(m.lines, vec![3, 6], "{m:?}");
    assert_eq!(
        report
            .lines
            .iter()
            .find(|l| l.line == 4)
            .map(|l| l.must_tests.len()),
        Some(0)
    );
}
