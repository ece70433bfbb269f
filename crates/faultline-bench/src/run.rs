//! Running every algorithm on every case and measuring the answers.

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use faultline_diagnose::{diagnose, Algorithm, DiagnoseOptions, FormulaSize, Report, Timings};
use rayon::prelude::*;
use serde::Serialize;

use crate::case::{executable_lines, BenchCase, CaseError};
use crate::memory;
use crate::ranking::{non_minimal, Line, LineSet, Ranking, LOCALIZED_WITHIN};
use crate::spectrum::naish1_ranking;

/// What the benchmark compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BenchAlgorithm {
    /// Joint MaxSAT over all failing tests.
    Cfaults,
    Bugassist,
    Sniper,
    /// Spectrum only: lines ranked by Naish-I over all tests' coverage.
    Naish1,
    /// Must-sets only (from the joint report): lines ranked by how many failing tests' must-sets
    /// hold them.
    Must,
    /// The joint report's combined per-line ranking (`Report::lines`: diagnoses, then
    /// must-sets, then spectrum).
    Combined,
}

impl BenchAlgorithm {
    pub const ALL: [BenchAlgorithm; 6] = [
        BenchAlgorithm::Cfaults,
        BenchAlgorithm::Bugassist,
        BenchAlgorithm::Sniper,
        BenchAlgorithm::Naish1,
        BenchAlgorithm::Must,
        BenchAlgorithm::Combined,
    ];

    pub fn name(self) -> &'static str {
        match self {
            BenchAlgorithm::Cfaults => "cfaults",
            BenchAlgorithm::Bugassist => "bugassist",
            BenchAlgorithm::Sniper => "sniper",
            BenchAlgorithm::Naish1 => "naish1",
            BenchAlgorithm::Must => "must",
            BenchAlgorithm::Combined => "combined",
        }
    }

    fn formula(self) -> Option<Algorithm> {
        match self {
            BenchAlgorithm::Cfaults => Some(Algorithm::Cfaults),
            BenchAlgorithm::Bugassist => Some(Algorithm::Bugassist),
            BenchAlgorithm::Sniper => Some(Algorithm::Sniper),
            _ => None,
        }
    }

    /// Rows read off the joint (cfaults) report rather than computed on their own.
    pub fn derived_from_joint(self) -> bool {
        matches!(self, BenchAlgorithm::Must | BenchAlgorithm::Combined)
    }
}

impl std::fmt::Display for BenchAlgorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for BenchAlgorithm {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        BenchAlgorithm::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown algorithm `{s}` (expected cfaults, bugassist, sniper, naish1, must or \
                     combined)"
                )
            })
    }
}

#[derive(Clone, Debug)]
pub struct BenchOptions {
    pub algorithms: Vec<BenchAlgorithm>,
    /// Budget of one diagnosis (per case and algorithm).
    pub timeout: Duration,
    /// Memory ceiling of one diagnosis (see `DiagnoseOptions::max_memory`).
    pub max_memory: Option<u64>,
    pub max_diagnoses: usize,
    pub unwind: Option<u32>,
    /// Cases run at the same time (rayon threads); 1 runs serially.
    pub jobs: usize,
}

impl Default for BenchOptions {
    fn default() -> Self {
        BenchOptions {
            algorithms: BenchAlgorithm::ALL.to_vec(),
            timeout: Duration::from_secs(60),
            max_memory: DiagnoseOptions::default().max_memory,
            max_diagnoses: 10,
            unwind: None,
            jobs: 1,
        }
    }
}

/// One algorithm on one case.
#[derive(Clone, Debug, Default, Serialize)]
pub struct AlgorithmResult {
    /// A candidate exactly equal to the faulty line set is among the first five.
    pub localized: bool,
    /// ... is the first.
    pub top1: bool,
    /// ... is among the first three.
    pub top3: bool,
    /// Position of that candidate (ties broken against the algorithm).
    pub rank: Option<usize>,
    /// EXAM score, average case over ties (see [`Ranking::exam`]).
    pub exam: Option<f64>,
    /// EXAM score, ties broken against the algorithm.
    pub exam_worst: Option<f64>,
    /// Reported diagnoses (for `naish1`: ranked lines).
    pub diagnoses: usize,
    /// Candidates that failed validation (must be 0).
    pub infeasible: usize,
    /// Some diagnosis among the first five has a validated repair.
    pub repaired: bool,
    /// The first repair among the first five diagnoses makes the program the fixed version
    /// (compared token by token: whitespace aside).
    pub fix_matches: bool,
    /// Repairs among the first five diagnoses under which, applied to the text and compiled
    /// again here, some test fails (must be 0).
    pub unvalidated_repairs: usize,
    /// Diagnoses whose line set is a proper superset of another reported one's.
    pub non_minimal: usize,
    /// Every diagnosis within the bounds was enumerated.
    pub complete: bool,
    /// Wall-clock time of the algorithm on this case.
    pub time_ms: f64,
    /// The diagnosis's own phase timings (absent for `naish1`).
    pub timings_ms: Option<Timings>,
    /// Resident-set high-water mark; see [`crate::memory`] for what it covers.
    pub peak_rss_kib: Option<u64>,
    /// The diagnosis's formula sizes (absent for `naish1`).
    pub formula: Option<FormulaSize>,
    /// Why the algorithm produced no answer (unsupported C, formula too large, no failing test).
    pub error: Option<String>,
}

/// One case with every algorithm's result.
#[derive(Clone, Debug, Serialize)]
pub struct CaseResult {
    pub name: String,
    pub file: String,
    pub faulty_lines: Vec<u32>,
    pub category: Option<String>,
    pub tests: usize,
    pub failing: usize,
    /// Why the case could not be loaded (then `results` is empty).
    pub error: Option<String>,
    pub results: BTreeMap<BenchAlgorithm, AlgorithmResult>,
}

impl CaseResult {
    /// A case that could not be loaded.
    pub fn load_error(name: &str, error: &CaseError) -> Self {
        CaseResult {
            name: name.to_string(),
            file: String::new(),
            faulty_lines: Vec::new(),
            category: None,
            tests: 0,
            failing: 0,
            error: Some(error.to_string()),
            results: BTreeMap::new(),
        }
    }
}

/// Score a ranking against the ground truth.
pub fn score(
    ranking: &Ranking,
    faulty: &LineSet,
    executable: &std::collections::BTreeSet<Line>,
) -> AlgorithmResult {
    let rank = ranking.rank_of(faulty);
    AlgorithmResult {
        localized: rank.is_some_and(|r| r <= LOCALIZED_WITHIN),
        top1: rank == Some(1),
        top3: rank.is_some_and(|r| r <= 3),
        rank,
        exam: ranking.exam(faulty, executable),
        exam_worst: ranking.exam_worst(faulty, executable),
        diagnoses: ranking.len(),
        ..Default::default()
    }
}

/// The line sets of a report's diagnoses, in rank order.
pub fn diagnosis_lines(report: &Report) -> Vec<LineSet> {
    report
        .diagnoses
        .iter()
        .map(|d| {
            d.statements
                .iter()
                .map(|s| Line::new(s.path.clone(), s.line))
                .collect()
        })
        .collect()
}

/// A diagnosis and what it cost.
struct Diagnosed {
    report: Result<Report, String>,
    time_ms: f64,
    peak_rss_kib: Option<u64>,
}

/// Run one formula-based algorithm, measuring time and (when serial) memory.
fn run_diagnosis(case: &BenchCase, algorithm: Algorithm, opts: &BenchOptions) -> Diagnosed {
    if opts.jobs <= 1 {
        memory::reset_peak();
    }
    let dopts = DiagnoseOptions {
        algorithm,
        max_diagnoses: opts.max_diagnoses,
        timeout: Some(opts.timeout),
        max_memory: opts.max_memory,
        unwind: opts.unwind,
        // Cancellation, progress and any later option: the library's defaults.
        ..Default::default()
    };
    let start = Instant::now();
    let report = diagnose(&case.program, &case.suite, &dopts).map_err(|e| e.to_string());
    Diagnosed {
        report,
        time_ms: start.elapsed().as_secs_f64() * 1000.0,
        peak_rss_kib: memory::peak_rss_kib(),
    }
}

/// Score a formula-based algorithm's report.
fn score_report(
    case: &BenchCase,
    executable: &BTreeSet<Line>,
    d: &Diagnosed,
    derived: Option<BenchAlgorithm>,
) -> AlgorithmResult {
    let mut r = match &d.report {
        Err(e) => AlgorithmResult {
            error: Some(e.clone()),
            ..Default::default()
        },
        Ok(report) if report.tests.iter().all(|t| t.passed) => no_failing_test(),
        Ok(report) => match derived {
            None => {
                let lines = diagnosis_lines(report);
                let ranking = Ranking::strict(lines.iter().cloned());
                let mut r = score(&ranking, &case.faulty, executable);
                r.infeasible = report.infeasible;
                r.non_minimal = non_minimal(&lines);
                score_repairs(case, report, &mut r);
                r
            }
            Some(BenchAlgorithm::Must) if report.must_sets.is_empty() => AlgorithmResult {
                error: Some("the joint report has no must-sets".into()),
                ..Default::default()
            },
            Some(BenchAlgorithm::Must) => score(&must_ranking(report), &case.faulty, executable),
            Some(_) => score(&combined_ranking(report), &case.faulty, executable),
        },
    };
    if let Ok(report) = &d.report {
        r.complete = report.complete;
        r.timings_ms = Some(report.timings_ms.clone());
        r.formula = Some(report.formula.clone());
    }
    r.time_ms = d.time_ms;
    r.peak_rss_kib = d.peak_rss_kib;
    r
}

/// Scores the repairs of the first five diagnoses: whether one exists, whether the first one
/// is the fixed version's change, and (checked again here, independently of the search)
/// whether each really makes every test pass.
fn score_repairs(case: &BenchCase, report: &Report, r: &mut AlgorithmResult) {
    let repairs: Vec<&faultline_diagnose::RepairEdit> = report
        .diagnoses
        .iter()
        .take(LOCALIZED_WITHIN)
        .flat_map(|d| &d.repairs)
        .collect();
    r.repaired = !repairs.is_empty();
    let Some(main) = case.program.files.iter().next().map(|(_, f)| f) else {
        return;
    };
    // Every edit of the repair (a joint one has several), from the last back.
    let apply = |r: &faultline_diagnose::RepairEdit| -> Option<String> {
        let mut parts = r.parts();
        parts.sort_by_key(|e| std::cmp::Reverse(e.start_byte));
        let mut text = main.text.to_string();
        let mut limit = text.len();
        for e in parts {
            let (start, end) = (e.start_byte as usize, e.end_byte as usize);
            if e.path != main.path || end > limit || text.get(start..end)? != e.before {
                return None;
            }
            text.replace_range(start..end, &e.after);
            limit = start;
        }
        Some(text)
    };
    let tokens = |s: &str| s.split_whitespace().collect::<String>();
    if let (Some(first), Some(fixed)) = (repairs.first(), &case.fixed) {
        r.fix_matches = apply(first).is_some_and(|t| tokens(&t) == tokens(fixed));
    }
    for e in repairs {
        let passes = apply(e).is_some_and(|text| {
            let mut files: std::collections::HashMap<String, String> = case
                .program
                .files
                .iter()
                .map(|(_, f)| (f.path.clone(), f.text.to_string()))
                .collect();
            files.insert(main.path.clone(), text.clone());
            let options = case.program.options;
            faultline_lower::compile_with(&main.path, &text, &files, options).is_ok_and(|p| {
                faultline_runner::Runner::new(&p, &case.suite)
                    .run_all()
                    .iter()
                    .all(|t| t.status != faultline_runner::Status::Failed)
            })
        });
        r.unvalidated_repairs += usize::from(!passes);
    }
}

/// Lines ranked by the number of failing tests whose must-set holds them (ties: equal counts);
/// lines in no must-set are not ranked.
pub fn must_ranking(report: &Report) -> Ranking {
    let mut counts: BTreeMap<Line, f64> = BTreeMap::new();
    for m in &report.must_sets {
        for l in &m.locations {
            *counts.entry(Line::new(l.path.clone(), l.line)).or_default() += 1.0;
        }
    }
    Ranking::by_score(counts)
}

/// The report's combined per-line ranking; lines sharing a rank are tied.
pub fn combined_ranking(report: &Report) -> Ranking {
    Ranking::by_score(
        report
            .lines
            .iter()
            .map(|l| (Line::new(l.path.clone(), l.line), -(l.rank as f64))),
    )
}

/// The spectrum-only baseline: only test runs with coverage, no formula.
fn run_spectrum(
    case: &BenchCase,
    executable: &BTreeSet<Line>,
    opts: &BenchOptions,
) -> AlgorithmResult {
    if opts.jobs <= 1 {
        memory::reset_peak();
    }
    let start = Instant::now();
    let (ranking, failing) = naish1_ranking(&case.program, &case.suite);
    let mut r = if failing == 0 {
        no_failing_test()
    } else {
        let mut r = score(&ranking, &case.faulty, executable);
        r.complete = true;
        r
    };
    r.time_ms = start.elapsed().as_secs_f64() * 1000.0;
    r.peak_rss_kib = memory::peak_rss_kib();
    r
}

fn panic_message(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "panic".into())
}

fn no_failing_test() -> AlgorithmResult {
    AlgorithmResult {
        error: Some("no test fails: nothing to localize".into()),
        ..Default::default()
    }
}

/// Run the selected algorithms on one loaded case. The derived rows (`must`, `combined`) reuse
/// the joint report (running the joint diagnosis once if `cfaults` itself is not selected) and
/// report its time.
pub fn run_case(
    case: &BenchCase,
    opts: &BenchOptions,
    on_done: &(dyn Fn(&str, BenchAlgorithm) + Sync),
) -> CaseResult {
    let executable = executable_lines(&case.program);
    let failing = faultline_runner::Runner::new(&case.program, &case.suite)
        .run_all()
        .iter()
        .filter(|r| r.status == faultline_runner::Status::Failed)
        .count();
    let mut joint: Option<Diagnosed> = None;
    let mut results = BTreeMap::new();
    for &alg in &opts.algorithms {
        // A bug in one algorithm on one case (a panic) is that case's error, not the end of a
        // long benchmark run.
        let result =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match alg.formula() {
                Some(Algorithm::Cfaults) => {
                    let d =
                        joint.get_or_insert_with(|| run_diagnosis(case, Algorithm::Cfaults, opts));
                    score_report(case, &executable, d, None)
                }
                Some(algorithm) => {
                    let d = run_diagnosis(case, algorithm, opts);
                    score_report(case, &executable, &d, None)
                }
                None if alg.derived_from_joint() => {
                    let d =
                        joint.get_or_insert_with(|| run_diagnosis(case, Algorithm::Cfaults, opts));
                    score_report(case, &executable, d, Some(alg))
                }
                None => run_spectrum(case, &executable, opts),
            }))
            .unwrap_or_else(|panic| AlgorithmResult {
                error: Some(format!("internal error: {}", panic_message(&panic))),
                ..Default::default()
            });
        results.insert(alg, result);
        on_done(&case.name, alg);
    }
    CaseResult {
        name: case.name.clone(),
        file: case.path.clone(),
        faulty_lines: case.faulty.iter().map(|l| l.line).collect(),
        category: case.category.clone(),
        tests: case.suite.len(),
        failing,
        error: None,
        results,
    }
}

/// Run every case (in parallel with `opts.jobs` threads); results come back in the cases'
/// order. `on_done` is told each finished (case, algorithm).
pub fn run_all(
    cases: Vec<Result<BenchCase, (String, CaseError)>>,
    opts: &BenchOptions,
    on_done: &(dyn Fn(&str, BenchAlgorithm) + Sync),
) -> Vec<CaseResult> {
    let work = |c: &Result<BenchCase, (String, CaseError)>| match c {
        Ok(case) => run_case(case, opts, on_done),
        Err((name, e)) => {
            for &alg in &opts.algorithms {
                on_done(name, alg);
            }
            CaseResult::load_error(name, e)
        }
    };
    if opts.jobs <= 1 {
        return cases.iter().map(work).collect();
    }
    match rayon::ThreadPoolBuilder::new()
        .num_threads(opts.jobs)
        .build()
    {
        Ok(pool) => pool.install(|| cases.par_iter().map(work).collect()),
        // No threads to be had: still answer, serially.
        Err(_) => cases.iter().map(work).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(lines: &[u32]) -> LineSet {
        lines.iter().map(|&l| Line::new("p.c", l)).collect()
    }

    #[test]
    fn localized_means_a_hit_among_the_first_five() {
        let exec: BTreeSet<Line> = (1..=20).map(|l| Line::new("p.c", l)).collect();
        let faulty = set(&[7]);
        let ranked = |k: u32| {
            // k - 1 wrong single-line diagnoses, then the fault.
            Ranking::strict((1..k).map(|l| set(&[l + 10])).chain([set(&[7])]))
        };
        let r1 = score(&ranked(1), &faulty, &exec);
        assert!(r1.top1 && r1.top3 && r1.localized);
        assert_eq!(r1.rank, Some(1));
        assert_eq!(r1.exam, Some(0.0));
        let r4 = score(&ranked(4), &faulty, &exec);
        assert!(!r4.top1 && !r4.top3 && r4.localized);
        assert_eq!(r4.diagnoses, 4);
        let r5 = score(&ranked(5), &faulty, &exec);
        assert!(r5.localized);
        let r6 = score(&ranked(6), &faulty, &exec);
        assert!(!r6.localized);
        assert_eq!(r6.rank, Some(6));
        // A superset of the faulty lines is not the fault.
        let over = score(&Ranking::strict([set(&[7, 8])]), &faulty, &exec);
        assert!(!over.localized && over.rank.is_none());
        assert_eq!(over.exam, Some(0.5 / 20.0));
    }

    #[test]
    fn algorithm_names_round_trip() {
        for a in BenchAlgorithm::ALL {
            assert_eq!(a.name().parse::<BenchAlgorithm>(), Ok(a));
            assert_eq!(serde_json::to_value(a).unwrap(), a.name());
        }
        assert!("cbmc".parse::<BenchAlgorithm>().is_err());
    }
}
