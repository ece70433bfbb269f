//! Which statements and lines are suspicious, and how much: the one place the server reads the
//! ranking from a diagnosis report.
//!
//! A statement's rank is the best (lowest) rank of a diagnosis that blames it; a line's rank is
//! the diagnoser's combined ranking (`Report::lines`: diagnoses first, then lines only in
//! failing tests' must-location sets). Every view goes through [`line_ranks`] and
//! [`blamed_statements`].

use std::collections::BTreeMap;

use faultline_diagnose::{BlamedStatement, Diagnosis, Report};

pub use faultline_diagnose::LineRank;

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

/// The lines the editor marks: those some diagnosis blames or some failing test's
/// must-location set holds, with the diagnoser's combined rank and explanation (lines known
/// only from the spectrum are left to the hover).
pub fn line_ranks(report: &Report) -> Vec<LineRank> {
    report
        .lines
        .iter()
        .filter(|l| !l.diagnoses.is_empty() || !l.must_tests.is_empty())
        .cloned()
        .collect()
}

/// The rank of the last marked line: the "N" of "rank R of N".
pub fn ranks_shown(lines: &[LineRank]) -> usize {
    lines.iter().map(|l| l.rank).max().unwrap_or(0)
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
