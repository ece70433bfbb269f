//! The diagnoses found so far (`DiagnoseOptions::found`, what the editor shows while the search
//! goes on), and the limit: a list cut off by it says so.
//!
//! `argv_in_range` (tests/corpus) has ten diagnoses: four single components of cost 1, one of
//! cost 2 (a weight-2 component alone) and five of cost 14001 (input statements, which the
//! hitting sets find), so a run reaches every pass that accepts diagnoses.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use faultline_diagnose::{diagnose, Algorithm, DiagnoseOptions, Report};

fn load() -> faultline_runner::Loaded {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/corpus/argv_in_range/between.c");
    faultline_runner::load_file(&path).expect("the corpus program loads")
}

type Statements = BTreeSet<(u32, u32)>;

fn diagnoses(r: &Report) -> Vec<Statements> {
    r.diagnoses
        .iter()
        .map(|d| d.statements.iter().map(|s| (s.line, s.column)).collect())
        .collect()
}

/// Runs with a `found` callback; returns every report it was told and the final one.
fn run(opts: DiagnoseOptions) -> (Vec<Report>, Report) {
    let loaded = load();
    let told: Arc<Mutex<Vec<Report>>> = Arc::default();
    let sink = told.clone();
    let opts = DiagnoseOptions {
        found: Some(Arc::new(move |r: &Report| {
            sink.lock().unwrap().push(r.clone())
        })),
        timeout: Some(Duration::from_secs(120)),
        ..opts
    };
    let report = diagnose(&loaded.program, &loaded.suite, &opts).expect("diagnosis runs");
    let told = told.lock().unwrap().clone();
    (told, report)
}

#[test]
fn every_diagnosis_is_told_as_it_is_found() {
    let (told, report) = run(DiagnoseOptions {
        max_diagnoses: 50,
        // The whole list (the fill window after repairs would end it early).
        fill_after_repairs: None,
        ..Default::default()
    });
    let all = diagnoses(&report);
    // Ten, and the output statement that may print other text (line 19).
    assert_eq!(all.len(), 11, "{all:?}");
    assert!(report.complete);
    // One report per diagnosis, each holding one more, all of them validated and ranked,
    // none marked complete, every one kept by the final report.
    assert_eq!(told.len(), all.len());
    for (k, so_far) in told.iter().enumerate() {
        assert_eq!(so_far.diagnoses.len(), k + 1);
        assert!(!so_far.complete);
        assert!(so_far.diagnoses.iter().all(|d| d.validated));
        let ranks: Vec<usize> = so_far.diagnoses.iter().map(|d| d.rank).collect();
        assert_eq!(ranks, (1..=k + 1).collect::<Vec<_>>());
        // Cost order, except that changing what a test reads comes after everything else.
        let costs: Vec<(bool, u64)> = (so_far.diagnoses.iter())
            .map(|d| (d.changes_input, d.cost))
            .collect();
        assert!(costs.windows(2).all(|w| w[0] <= w[1]), "{costs:?}");
        for d in diagnoses(so_far) {
            assert!(all.contains(&d), "{d:?} is not in the final list {all:?}");
        }
        assert!(!so_far.lines.is_empty(), "the lines are ranked too");
    }
    // The last report so far holds the final list; the final order may differ only in that
    // diagnoses with a validated repair move first (repairs are searched once the enumeration
    // is done).
    let mut last = diagnoses(told.last().unwrap());
    let mut final_sorted = all.clone();
    last.sort();
    final_sorted.sort();
    assert_eq!(last, final_sorted);
    let first_unrepaired = (report.diagnoses.iter())
        .position(|d| d.repairs.is_empty())
        .unwrap_or(report.diagnoses.len());
    assert!(report.diagnoses[first_unrepaired..]
        .iter()
        .all(|d| d.repairs.is_empty()));
    let first = report
        .timings_ms
        .first
        .expect("time to the first diagnosis");
    assert!(first <= report.timings_ms.total);
    assert_eq!(told[0].timings_ms.first, Some(first));
}

#[test]
fn a_list_cut_off_by_the_limit_is_incomplete() {
    // The fifth diagnosis (cost 2) is the last of the passes before the hitting sets, which
    // would find five more: the list is not complete, and says why.
    let (told, report) = run(DiagnoseOptions {
        max_diagnoses: 5,
        ..Default::default()
    });
    assert_eq!(report.diagnoses.len(), 5);
    assert!(!report.complete);
    assert_eq!(report.stopped.as_deref(), Some("limit"));
    assert_eq!(told.len(), 5);
}

#[test]
fn only_the_joint_diagnosis_tells_diagnoses_so_far() {
    // BugAssist ranks by recurrence over every test's diagnoses: nothing to show before.
    let (told, report) = run(DiagnoseOptions {
        algorithm: Algorithm::Bugassist,
        ..Default::default()
    });
    assert!(!report.diagnoses.is_empty());
    assert!(told.is_empty());
    assert_eq!(report.timings_ms.first, None);
}
