//! `faultline bench`: how well and how fast each algorithm localizes known faults.
//!
//! A benchmark directory holds cases (see [`case`] for the corpus layout with `faults.toml`
//! and [`siemens`] for the Siemens-suite layout). Every case runs with each algorithm —
//! the three formula-based ones of `faultline-diagnose` and the spectrum-only Naish-I ranking
//! ([`spectrum`]) — and each answer is scored against the ground truth ([`ranking`]):
//!
//! * **localized**: a candidate among the first five is exactly the faulty line set;
//! * **top-1 / top-3**: ... the first / among the first three (ties broken against the
//!   algorithm);
//! * **EXAM**: the expected fraction of executable lines inspected before the first faulty
//!   one (average over ties; the worst case is reported too);
//! * diagnoses, infeasible (validation failures: must be 0) and non-minimal diagnoses, time
//!   per phase and peak memory ([`memory`]).
//!
//! [`summary`] totals the results per algorithm and [`render`] prints Markdown or JSON.
//! Only [`case`], [`siemens`] and [`memory`] touch the file system.

pub mod case;
pub mod memory;
pub mod ranking;
pub mod render;
pub mod run;
pub mod siemens;
pub mod spectrum;
pub mod summary;

use std::path::Path;

pub use case::{discover, BenchCase, CaseError, CaseSpec};
pub use ranking::{Line, LineSet, Ranking};
pub use render::{BenchReport, Settings};
pub use run::{AlgorithmResult, BenchAlgorithm, BenchOptions, CaseResult};

/// Discover the cases under `dir`, keep shard `shard = (index, count)` (1-based index) of
/// them, load and run them. `on_done` is told each finished (case, algorithm); `on_cases` the
/// number of selected cases before any runs (for a progress bar).
pub fn bench(
    dir: &Path,
    opts: &BenchOptions,
    shard: Option<(usize, usize)>,
    on_cases: &dyn Fn(usize),
    on_done: &(dyn Fn(&str, BenchAlgorithm) + Sync),
) -> Result<BenchReport, CaseError> {
    let mut specs = discover(dir)?;
    if let Some((index, count)) = shard {
        specs = case::shard(specs, index, count);
    }
    on_cases(specs.len());
    let loaded = case::load(&specs)
        .into_iter()
        .zip(&specs)
        .map(|(r, spec)| r.map_err(|e| (spec.name.clone(), e)))
        .collect();
    Ok(bench_cases(loaded, opts, shard, on_done))
}

/// Run already loaded cases (or their load errors) and total the results.
pub fn bench_cases(
    cases: Vec<Result<BenchCase, (String, CaseError)>>,
    opts: &BenchOptions,
    shard: Option<(usize, usize)>,
    on_done: &(dyn Fn(&str, BenchAlgorithm) + Sync),
) -> BenchReport {
    let results = run::run_all(cases, opts, on_done);
    let totals = summary::totals(&opts.algorithms, &results);
    BenchReport {
        algorithms: opts.algorithms.clone(),
        settings: Settings::new(opts, shard),
        cases: results,
        totals,
    }
}
