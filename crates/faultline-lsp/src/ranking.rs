//! Which statements and lines are suspicious, and how much: the one place the server reads the
//! ranking from a diagnosis report.
//!
//! A statement's rank is the best (lowest) rank of a diagnosis that blames it; a line's rank is
//! the best of its statements'. Every view (diagnostics, hover, inlay hints, code actions)
//! goes through [`line_ranks`] and [`blamed_statements`], so a richer ranking from the
//! diagnoser (must-sets, spectrum scores) plugs in here alone.

use std::collections::BTreeMap;

use faultline_diagnose::{BlamedStatement, Diagnosis, Report};

/// The ranking of one source line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineRank {
    pub path: String,
    /// 1-based.
    pub line: u32,
    /// Best rank of a diagnosis containing a statement of this line.
    pub rank: usize,
    /// Ranks of every diagnosis blaming a statement of this line, ascending.
    pub diagnoses: Vec<usize>,
}

/// One blamed statement, with the diagnosis that ranks it best.
#[derive(Clone, Copy, Debug)]
pub struct Blamed<'r> {
    pub diagnosis: &'r Diagnosis,
    pub statement: &'r BlamedStatement,
}

impl Blamed<'_> {
    pub fn rank(&self) -> usize {
        self.diagnosis.rank
    }
}

/// Statement identity across diagnoses: where it is.
fn key(s: &BlamedStatement) -> (&str, u32, u32, u32, u32) {
    (&s.path, s.line, s.column, s.end_line, s.end_column)
}

/// Per line, the best rank and every diagnosis blaming it.
pub fn line_ranks(report: &Report) -> Vec<LineRank> {
    let mut lines: BTreeMap<(&str, u32), Vec<usize>> = BTreeMap::new();
    for d in &report.diagnoses {
        for s in &d.statements {
            let ranks = lines.entry((&s.path, s.line)).or_default();
            if !ranks.contains(&d.rank) {
                ranks.push(d.rank);
            }
        }
    }
    lines
        .into_iter()
        .map(|((path, line), mut diagnoses)| {
            diagnoses.sort_unstable();
            LineRank {
                path: path.to_string(),
                line,
                rank: diagnoses[0],
                diagnoses,
            }
        })
        .collect()
}

/// Each distinct blamed statement once, with its best-ranked diagnosis, in source order.
pub fn blamed_statements(report: &Report) -> Vec<Blamed<'_>> {
    let mut best: BTreeMap<(&str, u32, u32, u32, u32), Blamed> = BTreeMap::new();
    for d in &report.diagnoses {
        for s in &d.statements {
            best.entry(key(s))
                .and_modify(|b| {
                    if d.rank < b.rank() {
                        *b = Blamed {
                            diagnosis: d,
                            statement: s,
                        };
                    }
                })
                .or_insert(Blamed {
                    diagnosis: d,
                    statement: s,
                });
        }
    }
    best.into_values().collect()
}

/// Every diagnosis blaming the statement at `s`'s location, best first, with its copy of the
/// statement (angelic values differ per diagnosis).
pub fn diagnoses_of<'r>(report: &'r Report, s: &BlamedStatement) -> Vec<Blamed<'r>> {
    let k = key(s);
    report
        .diagnoses
        .iter()
        .filter_map(|d| {
            d.statements
                .iter()
                .find(|t| key(t) == k)
                .map(|statement| Blamed {
                    diagnosis: d,
                    statement,
                })
        })
        .collect()
}
