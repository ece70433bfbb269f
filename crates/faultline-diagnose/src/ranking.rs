//! One ranking of source lines, combining the three views of a failure:
//!
//! 1. **Diagnoses** (already ordered by cost, then size, then summed Naish-I): a line's rank is
//!    the best rank of a diagnosis blaming a statement on it, so the lines of diagnosis 1 come
//!    first, then the new lines of diagnosis 2, and so on. Within a diagnosis rank, lines are
//!    listed by Naish-I (they share the rank).
//! 2. **Must-location sets**: lines no diagnosis blames but some failing test's must set holds
//!    come next, ranked among themselves by Naish-I, then Ochiai (ties share a rank).
//! 3. **Spectrum**: every other scored line, by Naish-I, then Ochiai, so that the ranking is total
//!    and an EXAM score (lines inspected before the fault) is defined for every fault.
//!
//! Each line carries a one-sentence explanation of its rank (shown in editor hovers).

use std::collections::{BTreeMap, BTreeSet};

use crate::report::{Diagnosis, LineRank, LineScore, MustSet, Report, SourceLine};

impl Report {
    /// Ranks the lines of the report's diagnoses, must sets and spectrum scores (see the
    /// module's documentation).
    pub(crate) fn rank_lines(&mut self) {
        let blames: Vec<Blame> = self.diagnoses.iter().map(Blame::of).collect();
        self.lines = rank_lines(&blames, &self.must_sets, &self.suspiciousness);
    }
}

/// What the ranking needs of a diagnosis.
pub(crate) struct Blame<'a> {
    pub rank: usize,
    pub cost: u64,
    pub explains: &'a [String],
    pub lines: Vec<SourceLine>,
}

impl<'a> Blame<'a> {
    pub fn of(d: &'a Diagnosis) -> Self {
        Blame {
            rank: d.rank,
            cost: d.cost,
            explains: &d.explains,
            lines: d
                .statements
                .iter()
                .map(|s| SourceLine {
                    path: s.path.clone(),
                    line: s.line,
                })
                .collect(),
        }
    }
}

#[derive(Default)]
struct Facts {
    diagnoses: BTreeSet<usize>,
    tests: BTreeSet<String>,
    must_tests: BTreeSet<String>,
    naish1: f64,
    ochiai: f64,
    tarantula: f64,
}

/// The per-line ranking of a report's diagnoses, must sets and spectrum scores.
pub(crate) fn rank_lines(
    diagnoses: &[Blame<'_>],
    must_sets: &[MustSet],
    scores: &[LineScore],
) -> Vec<LineRank> {
    let mut facts: BTreeMap<SourceLine, Facts> = BTreeMap::new();
    let key = |path: &str, line: u32| SourceLine {
        path: path.to_string(),
        line,
    };
    for s in scores {
        let f = facts.entry(key(&s.path, s.line)).or_default();
        f.naish1 = s.naish1;
        f.ochiai = s.ochiai;
        f.tarantula = s.tarantula;
    }
    let mut cost_of = BTreeMap::new();
    for d in diagnoses {
        cost_of.insert(d.rank, d.cost);
        for l in &d.lines {
            let f = facts.entry(l.clone()).or_default();
            f.diagnoses.insert(d.rank);
            f.tests.extend(d.explains.iter().cloned());
        }
    }
    for m in must_sets {
        for l in &m.locations {
            let f = facts.entry(l.clone()).or_default();
            f.must_tests.insert(m.test.clone());
        }
    }

    // Tier 0: in a diagnosis; 1: only in must sets; 2: spectrum only.
    let tier = |f: &Facts| -> u8 {
        if !f.diagnoses.is_empty() {
            0
        } else if !f.must_tests.is_empty() {
            1
        } else {
            2
        }
    };
    let mut entries: Vec<(SourceLine, Facts)> = facts.into_iter().collect();
    entries.sort_by(|(la, a), (lb, b)| {
        tier(a)
            .cmp(&tier(b))
            .then(a.diagnoses.first().cmp(&b.diagnoses.first()))
            .then(b.naish1.total_cmp(&a.naish1))
            .then(b.ochiai.total_cmp(&a.ochiai))
            .then(la.cmp(lb))
    });

    let best_diagnosis = diagnoses.iter().map(|d| d.rank).max().unwrap_or(0);
    let mut out = Vec::with_capacity(entries.len());
    let mut prev: Option<(u8, f64, f64)> = None;
    let mut rank = best_diagnosis;
    for (i, (loc, f)) in entries.into_iter().enumerate() {
        let t = tier(&f);
        let r = if t == 0 {
            f.diagnoses.first().copied().unwrap_or(1)
        } else {
            // Competition ranking after the diagnoses: equal scores share a rank.
            let here = (t, f.naish1, f.ochiai);
            // Past the diagnoses, a rank is the position of the first line of its tie group
            // (competition ranking): "how many lines to inspect" at worst-but-one.
            if prev != Some(here) {
                rank = (best_diagnosis + 1).max(i + 1);
            }
            prev = Some(here);
            rank
        };
        let explanation = explain(&f, t, r, &cost_of);
        out.push(LineRank {
            path: loc.path,
            line: loc.line,
            rank: r,
            diagnoses: f.diagnoses.into_iter().collect(),
            tests: f.tests.into_iter().collect(),
            must_tests: f.must_tests.into_iter().collect(),
            naish1: f.naish1,
            ochiai: f.ochiai,
            tarantula: f.tarantula,
            explanation,
        });
    }
    out
}

fn explain(f: &Facts, tier: u8, rank: usize, cost_of: &BTreeMap<usize, u64>) -> String {
    let mut parts = Vec::new();
    match tier {
        0 => {
            let best = f.diagnoses.first().copied().unwrap_or(1);
            let cost = cost_of.get(&best).copied().unwrap_or(0);
            let others = f.diagnoses.len() - 1;
            parts.push(format!(
                "rank {rank}: blamed by diagnosis {best} (cost {cost}){}, which repairs {}",
                match others {
                    0 => String::new(),
                    1 => " and 1 other".to_string(),
                    n => format!(" and {n} others"),
                },
                list(&f.tests)
            ));
        }
        1 => parts.push(format!(
            "rank {rank}: no diagnosis blames it, but every repair of {} must change one of \
             the lines in its must-set, which include this one",
            list(&f.must_tests)
        )),
        _ => parts.push(format!(
            "rank {rank}: no diagnosis or must-set contains it; ranked by its spectrum score"
        )),
    }
    if tier == 0 && !f.must_tests.is_empty() {
        parts.push(format!("in the must-set of {}", list(&f.must_tests)));
    }
    parts.push(format!(
        "Naish-I {:.2}, Ochiai {:.2}, Tarantula {:.2}",
        f.naish1, f.ochiai, f.tarantula
    ));
    parts.join("; ")
}

fn list(names: &BTreeSet<String>) -> String {
    const SHOWN: usize = 3;
    let shown: Vec<&str> = names.iter().take(SHOWN).map(String::as_str).collect();
    match names.len() {
        0 => "no test".into(),
        n if n <= SHOWN => shown.join(", "),
        n => format!("{} and {} more", shown.join(", "), n - SHOWN),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: u32) -> SourceLine {
        SourceLine {
            path: "a.c".into(),
            line,
        }
    }

    fn score(line: u32, naish1: f64) -> LineScore {
        LineScore {
            path: "a.c".into(),
            line,
            ochiai: 0.0,
            tarantula: 0.0,
            naish1,
        }
    }

    #[test]
    fn diagnoses_then_must_sets_then_spectrum() {
        let explains = vec!["t1".to_string()];
        let diagnoses = vec![
            Blame {
                rank: 1,
                cost: 1,
                explains: &explains,
                lines: vec![at(5)],
            },
            Blame {
                rank: 2,
                cost: 2,
                explains: &explains,
                lines: vec![at(3), at(5)],
            },
        ];
        let must = vec![MustSet {
            test: "t1".into(),
            lines: vec![3, 7, 8],
            locations: vec![at(3), at(7), at(8)],
        }];
        let scores = vec![
            score(3, 0.5),
            score(5, 0.1),
            score(7, 0.2),
            score(8, 0.9),
            score(9, 1.0),
            score(10, 1.0),
        ];
        let lines = rank_lines(&diagnoses, &must, &scores);
        let order: Vec<(u32, usize)> = lines.iter().map(|l| (l.line, l.rank)).collect();
        // 5 (diagnosis 1), 3 (first in diagnosis 2), must-only 8 then 7 by Naish-I, then the
        // spectrum-only lines 9 and 10, tied.
        assert_eq!(order, vec![(5, 1), (3, 2), (8, 3), (7, 4), (9, 5), (10, 5)]);
        assert_eq!(lines[0].diagnoses, vec![1, 2]);
        assert_eq!(lines[1].must_tests, vec!["t1".to_string()]);
        assert!(lines[0].explanation.contains("diagnosis 1 (cost 1)"));
        assert!(lines[2].explanation.contains("must-set"));
        assert!(lines[4].explanation.contains("spectrum"));
    }
}
