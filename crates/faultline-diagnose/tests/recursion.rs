//! Binary recursion: inlining is bounded by the depth the failing runs reached (plus one), so the
//! formula stays small and the enumeration completes; before, a fixed depth of 16 meant 2^16
//! inlined calls and gigabytes of clauses.

use std::path::Path;
use std::time::Duration;

use faultline_diagnose::{diagnose, DiagnoseOptions};

#[test]
fn fib_base_case_is_found_with_bounded_inlining() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/examples/diagnose/fib/fib.c");
    let loaded = faultline_runner::load_file(&path).expect("fib.c loads");
    let report = diagnose(
        &loaded.program,
        &loaded.suite,
        &DiagnoseOptions {
            timeout: Some(Duration::from_secs(60)),
            ..Default::default()
        },
    )
    .expect("diagnosis");
    let failing: Vec<&str> = report
        .tests
        .iter()
        .filter(|t| !t.passed)
        .map(|t| t.name.as_str())
        .collect();
    assert_eq!(failing, ["test_fib2", "test_fib5"]);
    assert!(report.complete, "stopped: {:?}", report.stopped);
    assert_eq!(report.infeasible, 0);
    assert!(report.formula.variables < 1_000_000, "{:?}", report.formula);
    let base = report
        .diagnoses
        .iter()
        .find(|d| d.statements.len() == 1 && d.statements[0].text == "n < 1")
        .expect("the base-case condition is a diagnosis");
    assert!(base.validated);
    assert_eq!(base.statements[0].line, 4);
}

/// `return gcd(b, a / b)`: with `/` for `%` the test `gcd(1, 1)` recurses for ever, so no value
/// the call returns repairs it; the edit of its argument does, and that repair validates the
/// call's line as a diagnosis of its own (before, only pairs with `b == 0` were reported).
#[test]
fn a_recursive_calls_wrong_argument_is_a_diagnosis_by_its_repair() {
    let text = "#include <assert.h>
int gcd(int a, int b)
{
    if (b == 0)
        return a;
    return gcd(b, a / b);
}
void test_a(void) { assert(gcd(12, 18) == 6); }
void test_b(void) { assert(gcd(7, 5) == 1); }
void test_d(void) { assert(gcd(9, 0) == 9); }
void test_one(void) { assert(gcd(1, 1) == 1); }
";
    let loaded = faultline_runner::load_source(Path::new("/virtual/gcd.c"), text).expect("loads");
    let report = diagnose(
        &loaded.program,
        &loaded.suite,
        &DiagnoseOptions {
            timeout: Some(Duration::from_secs(60)),
            max_diagnoses: 5,
            ..Default::default()
        },
    )
    .expect("diagnosis");
    assert_eq!(report.infeasible, 0);
    let first = &report.diagnoses[0];
    assert_eq!(
        first.statements.iter().map(|s| s.line).collect::<Vec<_>>(),
        [6]
    );
    assert!(first.validated);
    let fix: Vec<(&str, &str)> = first
        .repairs
        .iter()
        .map(|r| (r.before.as_str(), r.after.as_str()))
        .collect();
    assert_eq!(fix, [("gcd(b, a / b)", "gcd(b, a % b)")]);
}
