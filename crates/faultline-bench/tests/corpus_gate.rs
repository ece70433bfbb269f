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
//!
//! Cost: the listed cases run with `timeout_s`, the others with `others_timeout_s` (a few of
//! them run into any budget, and at 30 s each they made the gate take about 7 minutes); the
//! counts are measured with the same split.

use std::path::Path;
use std::time::Duration;

use faultline_bench::{bench_cases, BenchAlgorithm, BenchOptions};

#[derive(serde::Deserialize)]
struct Baseline {
    localized_cfaults: usize,
    top1_cfaults: usize,
    repaired_cfaults: usize,
    /// Of the 68 cases that issue 24 measured (those without a group prefix), the cases
    /// ranked first: the issue asks for 50.
    top1_older_cfaults: usize,
    /// Settings the baseline was recorded with (the gate uses the same): the budget of the
    /// cases in `localized`, and of every other case.
    timeout_s: f64,
    others_timeout_s: f64,
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
    let opts = |timeout_s: f64| BenchOptions {
        algorithms: vec![BenchAlgorithm::Cfaults],
        timeout: Duration::from_secs_f64(timeout_s),
        max_diagnoses: baseline.max_diagnoses,
        unwind: None,
        // One job: the memory ceiling is checked against the process's resident set, which
        // two concurrent cases share (one case's large formula would stop the other).
        jobs: 1,
        ..BenchOptions::default()
    };
    let (required, others): (Vec<_>, Vec<_>) = faultline_bench::discover(&root)
        .expect("corpus directory")
        .into_iter()
        .partition(|spec| baseline.localized.contains(&spec.name));
    let run = |specs: Vec<faultline_bench::CaseSpec>, timeout_s| {
        let loaded = faultline_bench::case::load(&specs)
            .into_iter()
            .zip(&specs)
            .map(|(r, spec)| r.map_err(|e| (spec.name.clone(), e)))
            .collect();
        bench_cases(loaded, &opts(timeout_s), None, &|_, _| {})
    };
    let mut report = run(required, baseline.timeout_s);
    report
        .cases
        .extend(run(others, baseline.others_timeout_s).cases);
    report.cases.sort_by(|a, b| a.name.cmp(&b.name));
    report.totals = faultline_bench::summary::totals(&report.algorithms, &report.cases);
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
    // The corpus of issue 24: every case but the groups added since (by their prefix).
    const GROUPS: &[&str] = &[
        "stu_", "tc_", "sp_", "fp_", "str_", "contest_", "ptr_", "heap_", "struct_", "fnptr_",
        "stu2_", "stu3_", "mf_", "stu4_", "ipa_", "fmt_", "cf_",
    ];
    let older: Vec<&faultline_bench::CaseResult> = (report.cases.iter())
        .filter(|c| !GROUPS.iter().any(|g| c.name.starts_with(g)))
        .collect();
    assert_eq!(
        older.len(),
        68,
        "a case without a group prefix was added or removed"
    );
    let older_top1 = (older.iter())
        .filter(|c| {
            c.results
                .get(&BenchAlgorithm::Cfaults)
                .is_some_and(|r| r.top1)
        })
        .count();
    assert!(
        older_top1 >= baseline.top1_older_cfaults,
        "cfaults ranked the fault first in {older_top1} of the 68 older cases, baseline {}",
        baseline.top1_older_cfaults
    );
    assert!(
        totals.localized >= baseline.localized_cfaults,
        "cfaults localized {} of {} cases, baseline {}",
        totals.localized,
        totals.cases,
        baseline.localized_cfaults
    );
}
