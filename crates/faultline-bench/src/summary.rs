//! Totals over all cases, per algorithm.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::run::{BenchAlgorithm, CaseResult};

/// Median and maximum of a set of measurements (milliseconds unless said otherwise).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Spread {
    pub median: f64,
    pub max: f64,
}

impl Spread {
    /// `None` for no values. The median of an even count is the mean of the middle two.
    pub fn of(values: &[f64]) -> Option<Spread> {
        if values.is_empty() {
            return None;
        }
        let mut v = values.to_vec();
        v.sort_by(f64::total_cmp);
        let n = v.len();
        let median = if n % 2 == 1 {
            v[n / 2]
        } else {
            (v[n / 2 - 1] + v[n / 2]) / 2.0
        };
        Some(Spread {
            median,
            max: v[n - 1],
        })
    }
}

/// Phase timings of the formula-based algorithms (`Report::timings_ms`), over the cases.
#[derive(Clone, Debug, Default, Serialize)]
pub struct PhaseSpread {
    pub tests: Option<Spread>,
    pub encode: Option<Spread>,
    pub solve: Option<Spread>,
    pub enumerate: Option<Spread>,
    pub validate: Option<Spread>,
    pub total: Option<Spread>,
    /// Time to the first diagnosis, over the cases that have one (CFaults only).
    pub first: Option<Spread>,
}

/// Formula sizes of the formula-based algorithms (`Report::formula`), over the cases: counts
/// of variables and clauses, not milliseconds.
#[derive(Clone, Debug, Default, Serialize)]
pub struct FormulaSpread {
    /// Variables of the largest formula loaded into one solver, over the cases that loaded one
    /// (the hitting sets load none when candidate-only replicas answer every check).
    pub variables: Option<Spread>,
    pub clauses: Option<Spread>,
    /// Candidate-only replicas solved per case, over the cases that solved one ...
    pub candidates_solved: Option<Spread>,
    /// ... and the variables of each case's largest one.
    pub candidate_variables: Option<Spread>,
}

/// One algorithm over all cases.
#[derive(Clone, Debug, Default, Serialize)]
pub struct AlgorithmTotals {
    /// Cases the algorithm ran on (loaded cases).
    pub cases: usize,
    pub localized: usize,
    pub top1: usize,
    pub top3: usize,
    /// Mean EXAM (average case) over the cases that have one.
    pub exam: Option<f64>,
    pub diagnoses: usize,
    pub infeasible: usize,
    pub non_minimal: usize,
    /// Cases with a validated repair among the first five diagnoses.
    pub repaired: usize,
    /// Cases whose first repair is the fixed version's change.
    pub fix_matches: usize,
    /// Repairs that failed the bench's own re-check (must be 0).
    pub unvalidated_repairs: usize,
    /// Cases without an answer (see `AlgorithmResult::error`).
    pub errors: usize,
    /// Cases whose enumeration was cut short (limit or timeout).
    pub incomplete: usize,
    pub time_ms: Option<Spread>,
    pub phases_ms: PhaseSpread,
    pub formula: FormulaSpread,
    /// Largest `peak_rss_kib` of any case.
    pub peak_rss_kib: Option<u64>,
}

/// Totals per algorithm, plus how many cases could not be loaded.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Totals {
    pub cases: usize,
    pub load_errors: usize,
    pub algorithms: BTreeMap<BenchAlgorithm, AlgorithmTotals>,
    /// Per `faults.toml` category (cases without one are "uncategorized").
    pub categories: BTreeMap<String, CategoryTotals>,
}

/// How many cases of one category each algorithm localized.
#[derive(Clone, Debug, Default, Serialize)]
pub struct CategoryTotals {
    pub cases: usize,
    pub localized: BTreeMap<BenchAlgorithm, usize>,
}

pub fn totals(algorithms: &[BenchAlgorithm], cases: &[CaseResult]) -> Totals {
    let mut out = Totals {
        cases: cases.len(),
        load_errors: cases.iter().filter(|c| c.error.is_some()).count(),
        algorithms: BTreeMap::new(),
        categories: BTreeMap::new(),
    };
    for c in cases.iter().filter(|c| c.error.is_none()) {
        let name = c.category.clone().unwrap_or_else(|| "uncategorized".into());
        let cat = out.categories.entry(name).or_default();
        cat.cases += 1;
        for &alg in algorithms {
            let hit = c.results.get(&alg).is_some_and(|r| r.localized);
            *cat.localized.entry(alg).or_default() += usize::from(hit);
        }
    }
    for &alg in algorithms {
        let results: Vec<_> = cases.iter().filter_map(|c| c.results.get(&alg)).collect();
        let exams: Vec<f64> = results.iter().filter_map(|r| r.exam).collect();
        let phase = |f: fn(&faultline_diagnose::Timings) -> f64| {
            let v: Vec<f64> = results
                .iter()
                .filter_map(|r| r.timings_ms.as_ref().map(f))
                .collect();
            Spread::of(&v)
        };
        // Over the cases where the size is not zero: a case that built no such formula has
        // no size to count.
        let size = |f: fn(&faultline_diagnose::FormulaSize) -> f64| {
            let v: Vec<f64> = (results.iter())
                .filter_map(|r| r.formula.as_ref().map(f))
                .filter(|&x| x > 0.0)
                .collect();
            Spread::of(&v)
        };
        let times: Vec<f64> = results.iter().map(|r| r.time_ms).collect();
        let t = AlgorithmTotals {
            cases: results.len(),
            localized: results.iter().filter(|r| r.localized).count(),
            top1: results.iter().filter(|r| r.top1).count(),
            top3: results.iter().filter(|r| r.top3).count(),
            exam: (!exams.is_empty()).then(|| exams.iter().sum::<f64>() / exams.len() as f64),
            diagnoses: results.iter().map(|r| r.diagnoses).sum(),
            infeasible: results.iter().map(|r| r.infeasible).sum(),
            non_minimal: results.iter().map(|r| r.non_minimal).sum(),
            repaired: results.iter().filter(|r| r.repaired).count(),
            fix_matches: results.iter().filter(|r| r.fix_matches).count(),
            unvalidated_repairs: results.iter().map(|r| r.unvalidated_repairs).sum(),
            errors: results.iter().filter(|r| r.error.is_some()).count(),
            incomplete: results
                .iter()
                .filter(|r| r.error.is_none() && !r.complete)
                .count(),
            time_ms: Spread::of(&times),
            phases_ms: PhaseSpread {
                tests: phase(|t| t.tests),
                encode: phase(|t| t.encode),
                solve: phase(|t| t.solve),
                enumerate: phase(|t| t.enumerate),
                validate: phase(|t| t.validate),
                total: phase(|t| t.total),
                first: Spread::of(
                    &(results.iter())
                        .filter_map(|r| r.timings_ms.as_ref()?.first)
                        .collect::<Vec<f64>>(),
                ),
            },
            formula: FormulaSpread {
                variables: size(|f| f64::from(f.variables)),
                clauses: size(|f| f.clauses as f64),
                candidates_solved: size(|f| f.candidates.solved as f64),
                candidate_variables: size(|f| f64::from(f.candidates.variables_max)),
            },
            peak_rss_kib: results.iter().filter_map(|r| r.peak_rss_kib).max(),
        };
        out.algorithms.insert(alg, t);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_and_max() {
        assert_eq!(Spread::of(&[]), None);
        assert_eq!(
            Spread::of(&[3.0, 1.0, 2.0]),
            Some(Spread {
                median: 2.0,
                max: 3.0
            })
        );
        assert_eq!(
            Spread::of(&[4.0, 1.0, 2.0, 10.0]),
            Some(Spread {
                median: 3.0,
                max: 10.0
            })
        );
    }
}
