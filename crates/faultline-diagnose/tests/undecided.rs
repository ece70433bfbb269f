//! A candidate set whose checks run out of work is skipped with its supersets, never waited
//! for until the budget ends, and never a reason to report a non-minimal diagnosis.
//!
//! `io_multiplication_table` (tests/corpus) relaxes loop counters whose products are printed
//! with `%4d`: some of its checks take seconds (one ran for the whole 60 s budget before
//! checks had limits). `gcd_euclid` refutes one of its single components after about 2,800
//! conflicts (a chain of `%`, 1-2 s). With both limits at zero conflicts every check that
//! needs a conflict gives up at once. The limits count solver conflicts, not time, so what
//! these tests see does not depend on the machine's load.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use faultline_diagnose::{diagnose, CheckLimits, DiagnoseOptions, Report};

const NO_WORK: CheckLimits = CheckLimits { full: 0, folded: 0 };

fn corpus(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/corpus")
        .join(rel)
}

fn statements(r: &Report) -> Vec<BTreeSet<(u32, u32)>> {
    r.diagnoses
        .iter()
        .map(|d| d.statements.iter().map(|s| (s.line, s.column)).collect())
        .collect()
}

#[test]
fn checks_out_of_work_skip_the_set_and_its_supersets() {
    let loaded = faultline_runner::load_file(&corpus("io_multiplication_table/table.c"))
        .expect("the corpus program loads");
    let opts = DiagnoseOptions {
        max_diagnoses: 10,
        timeout: Some(Duration::from_secs(120)),
        check_limits: NO_WORK,
        ..Default::default()
    };
    let start = Instant::now();
    let report = diagnose(&loaded.program, &loaded.suite, &opts).expect("diagnosis runs");
    let spent = start.elapsed();

    assert!(report.undecided > 0, "no check gave up: {report:?}");
    assert!(
        !report.complete,
        "skipped sets must make the report incomplete"
    );
    assert_ne!(
        report.stopped.as_deref(),
        Some("timeout"),
        "waited for the budget"
    );
    // Without limits the run took the whole budget; skipping is quick even unoptimized.
    assert!(spent < Duration::from_secs(60), "took {spent:?}");
    assert_eq!(report.infeasible, 0);
    assert!(report.diagnoses.iter().all(|d| d.validated));
    // The optimal diagnosis (the inner loop's condition) needs no check that can run out.
    assert_eq!(
        report
            .diagnoses
            .first()
            .map(|d| (d.cost, d.statements[0].text.as_str())),
        // 1 + the weight it guards, which includes the printf argument it guards.
        Some((3, "j <= i"))
    );
    let sets = statements(&report);
    for (i, a) in sets.iter().enumerate() {
        for (j, b) in sets.iter().enumerate() {
            assert!(
                i == j || !a.is_subset(b),
                "diagnosis {} contains diagnosis {}: {sets:?}",
                j + 1,
                i + 1
            );
        }
    }
}

#[test]
fn skipping_undecided_sets_reports_only_diagnoses_of_the_complete_list() {
    let loaded =
        faultline_runner::load_file(&corpus("gcd_euclid/gcd.c")).expect("the corpus program loads");
    let opts = |check_limits| DiagnoseOptions {
        max_diagnoses: 10,
        timeout: Some(Duration::from_secs(120)),
        check_limits,
        // Whole lists: the one with the work to decide is complete.
        fill_after_repairs: None,
        ..Default::default()
    };
    let full = diagnose(
        &loaded.program,
        &loaded.suite,
        &opts(CheckLimits::default()),
    )
    .expect("diagnosis runs");
    assert!(
        full.complete,
        "the list with the work to decide is complete: {full:?}"
    );
    assert_eq!(full.undecided, 0);
    let hurried = diagnose(&loaded.program, &loaded.suite, &opts(NO_WORK)).expect("diagnosis runs");
    assert!(hurried.undecided > 0, "no check gave up");
    assert!(!hurried.complete);
    assert!(hurried.diagnoses.iter().all(|d| d.validated));
    // Skipping may lose diagnoses, never invent one: in particular no superset of a skipped
    // set that is a diagnosis itself.
    let all = statements(&full);
    for d in statements(&hurried) {
        assert!(
            all.contains(&d),
            "{d:?} is not among the minimal diagnoses {all:?}"
        );
    }
}
