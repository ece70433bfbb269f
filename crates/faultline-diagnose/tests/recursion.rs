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
