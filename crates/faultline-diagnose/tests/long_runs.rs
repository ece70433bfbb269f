//! Long runs (issue 24 §3): contest-style programs loop over thousands of numbers read from
//! stdin. Their first diagnosis must not wait for formulas that unroll every iteration: a
//! statement that one small edit repairs is found by running the tests alone, and its values
//! are read off the repaired runs. Asserted on what the search did (formulas solved, checks),
//! not on wall-clock time, so the test says the same on any machine.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use faultline_diagnose::{diagnose, DiagnoseOptions, Report};

fn load(case: &str, file: &str) -> faultline_runner::Loaded {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/corpus")
        .join(case)
        .join(file);
    faultline_runner::load_file(&path).expect("the corpus program loads")
}

/// The reports told to `found` and the final one, with one diagnosis asked for.
fn first_diagnosis(case: &str, file: &str) -> (Vec<Report>, Report) {
    let loaded = load(case, file);
    let told: Arc<Mutex<Vec<Report>>> = Arc::default();
    let sink = told.clone();
    let opts = DiagnoseOptions {
        found: Some(Arc::new(move |r: &Report| {
            sink.lock().unwrap().push(r.clone())
        })),
        max_diagnoses: 1,
        timeout: Some(Duration::from_secs(120)),
        ..Default::default()
    };
    let report = diagnose(&loaded.program, &loaded.suite, &opts).expect("diagnosis runs");
    let told = told.lock().unwrap().clone();
    (told, report)
}

fn lines(r: &Report) -> Vec<Vec<u32>> {
    r.diagnoses
        .iter()
        .map(|d| d.statements.iter().map(|s| s.line).collect())
        .collect()
}

/// `contest_greedy_fill`: one failing test loads 6,000 weights (a loop of 6,000 passes, far
/// beyond what a formula unrolls cheaply); the fault is `load + w < cap` on line 13.
#[test]
fn a_long_runs_first_diagnosis_needs_no_formula() {
    let (told, report) = first_diagnosis("contest_greedy_fill", "greedy_fill.c");
    let first = told.first().expect("a diagnosis was told");
    assert_eq!(lines(first), vec![vec![13]], "{:?}", lines(first));
    assert!(first.diagnoses[0].validated);
    // Found without building a single formula: no candidate-only replica solved, no full
    // replica checked.
    assert_eq!(first.formula.candidates.solved, 0);
    assert_eq!(first.checks.folded + first.checks.full, 0);
    // It explains every failing test, the 6,000-number one included.
    assert_eq!(first.diagnoses[0].explains.len(), 3);
    assert_eq!(lines(&report)[0], vec![13]);
    // Its repair is listed: the edit the search found first.
    let fix = &report.diagnoses[0].repairs;
    assert!(
        fix.iter()
            .any(|r| r.line == 13 && r.after == "!full && load + w <= cap" && r.tests_passed == 10),
        "{fix:?}"
    );
}

/// A loop that every run left is never unrolled less often than a failing run went round it:
/// the queries of `contest_lower_bound` read 10,000 sorted numbers, and the binary search's
/// fault (`hi = n - 1`, line 16) is localized in that test too.
#[test]
fn loops_of_ten_thousand_passes_are_not_cut() {
    let (told, _) = first_diagnosis("contest_lower_bound", "lower_bound.c");
    let first = told.first().expect("a diagnosis was told");
    assert_eq!(lines(first), vec![vec![16]], "{:?}", lines(first));
    assert_eq!(first.formula.candidates.solved, 0);
}
