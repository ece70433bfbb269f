//! CI gate: the joint algorithm must keep localizing the corpus's faults.
//!
//! Runs `tests/corpus` with the settings of `tests/corpus/baseline.toml` (cfaults only, 1 job)
//! and fails when the number of localized cases drops below `localized_cfaults` (of cases
//! ranked first below `top1_cfaults`, of cases with a validated repair among the first five
//! diagnoses below `repaired_cfaults`), when a repair fails the bench's own re-check, when a case
//! listed in `localized` is not localized, when any diagnosis fails validation (infeasible), or
//! when a case cannot be loaded. The listed cases were localized within a quarter of the
//! timeout, so a slower machine does not turn the gate red. Raise the baseline when localization improves; lowering it needs a reason
//! in the commit message.

use std::path::Path;
use std::time::Duration;

use faultline_bench::{bench, BenchAlgorithm, BenchOptions};

#[derive(serde::Deserialize)]
struct Baseline {
    localized_cfaults: usize,
    top1_cfaults: usize,
    repaired_cfaults: usize,
    /// Settings the baseline was recorded with (the gate uses the same).
    timeout_s: f64,
    max_diagnoses: usize,
    /// Cases that must stay localized.
    localized: Vec<String>,
}

#[test]
fn corpus_localization_does_not_regress() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus");
    let baseline: Baseline = toml::from_str(
        &std::fs::read_to_string(root.join("baseline.toml")).expect("tests/corpus/baseline.toml"),
    )
    .expect("baseline.toml: localized_cfaults, timeout_s, max_diagnoses, localized");
    let opts = BenchOptions {
        algorithms: vec![BenchAlgorithm::Cfaults],
        timeout: Duration::from_secs_f64(baseline.timeout_s),
        max_diagnoses: baseline.max_diagnoses,
        unwind: None,
        // One job: the memory ceiling is checked against the process's resident set, which
        // two concurrent cases share (one case's large formula would stop the other).
        jobs: 1,
        ..BenchOptions::default()
    };
    let report = bench(&root, &opts, None, &|_| {}, &|_, _| {}).expect("corpus directory");
    // Shown when the gate fails (cargo test prints a failing test's output).
    println!("{}", report.to_markdown());
    let not_loaded: Vec<String> = report
        .cases
        .iter()
        .filter_map(|c| c.error.as_ref().map(|e| format!("{}: {e}", c.name)))
        .collect();
    assert!(not_loaded.is_empty(), "cases not loaded: {not_loaded:#?}");
    let totals = &report.totals.algorithms[&BenchAlgorithm::Cfaults];
    assert_eq!(
        totals.infeasible, 0,
        "infeasible diagnoses (validation failed)"
    );
    let lost: Vec<&str> = baseline
        .localized
        .iter()
        .map(String::as_str)
        .filter(|name| {
            !report.cases.iter().any(|c| {
                c.name == *name
                    && c.results
                        .get(&BenchAlgorithm::Cfaults)
                        .is_some_and(|r| r.localized)
            })
        })
        .collect();
    assert!(lost.is_empty(), "no longer localized: {lost:?}");
    assert_eq!(
        totals.unvalidated_repairs, 0,
        "repairs under which some test fails"
    );
    assert!(
        totals.top1 >= baseline.top1_cfaults,
        "cfaults ranked the fault first in {} of {} cases, baseline {}",
        totals.top1,
        totals.cases,
        baseline.top1_cfaults
    );
    assert!(
        totals.repaired >= baseline.repaired_cfaults,
        "cfaults repaired {} of {} cases, baseline {}",
        totals.repaired,
        totals.cases,
        baseline.repaired_cfaults
    );
    assert!(
        totals.localized >= baseline.localized_cfaults,
        "cfaults localized {} of {} cases, baseline {}",
        totals.localized,
        totals.cases,
        baseline.localized_cfaults
    );
}
