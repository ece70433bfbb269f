//! Spectrum-based suspiciousness from the coverage of every test (passing and failing).
//!
//! Two granularities: per statement (Naish-I breaks ties between diagnoses of equal cost and
//! size: statements that failing tests run and passing tests do not come first) and per source
//! line (the scores the report carries and the per-line ranking uses). A line counts as covered
//! by a test when any *component* statement on it ran; lines without components (braces,
//! declarations, unit tests) are not scored, since nothing on them can be blamed.

use faultline_interp::Coverage;
use faultline_ir::{FileId, FuncId, Program, StmtId};

use crate::report::LineScore;

/// Per-statement and per-line counts of failing and passing tests that executed them.
pub(crate) struct Spectrum {
    ef: Vec<u32>,
    ep: Vec<u32>,
    passed: u32,
    failed: u32,
    /// Statement index → index into `lines`.
    line_of: Vec<Option<u32>>,
    /// The scored lines, in (file, line) order.
    lines: Vec<(FileId, u32)>,
    line_ef: Vec<u32>,
    line_ep: Vec<u32>,
    /// Scratch: the last test (1-based) that counted each line, so a line with several
    /// statements counts once per test.
    seen: Vec<u32>,
    tests: u32,
}

impl Spectrum {
    /// An empty spectrum over the component lines of `program` (outside unit tests).
    pub fn new(program: &Program) -> Self {
        let mut stmt_lines: Vec<(StmtId, (FileId, u32))> = Vec::new();
        program.for_each_stmt(|func: FuncId, s| {
            if s.component.is_none() || program.tests.contains(&func) {
                return;
            }
            let file = program.files.get(s.span.file);
            let line = file.line_col(s.span.start).line;
            stmt_lines.push((s.id, (s.span.file, line)));
        });
        let mut lines: Vec<(FileId, u32)> = stmt_lines.iter().map(|(_, l)| *l).collect();
        lines.sort();
        lines.dedup();
        let mut line_of = vec![None; program.stmt_count as usize];
        for (stmt, l) in &stmt_lines {
            if let (Some(slot), Ok(k)) = (line_of.get_mut(stmt.index()), lines.binary_search(l)) {
                *slot = Some(k as u32);
            }
        }
        let n = lines.len();
        Spectrum {
            ef: Vec::new(),
            ep: Vec::new(),
            passed: 0,
            failed: 0,
            line_of,
            lines,
            line_ef: vec![0; n],
            line_ep: vec![0; n],
            seen: vec![0; n],
            tests: 0,
        }
    }

    pub fn add(&mut self, coverage: &Coverage, failed: bool) {
        let counts = coverage.counts();
        let v = if failed { &mut self.ef } else { &mut self.ep };
        if v.len() < counts.len() {
            v.resize(counts.len(), 0);
        }
        for (slot, &c) in v.iter_mut().zip(counts) {
            *slot += u32::from(c > 0);
        }
        self.tests += 1;
        let lv = if failed {
            &mut self.line_ef
        } else {
            &mut self.line_ep
        };
        for (i, &c) in counts.iter().enumerate() {
            if c == 0 {
                continue;
            }
            if let Some(Some(k)) = self.line_of.get(i) {
                let k = *k as usize;
                if self.seen[k] != self.tests {
                    self.seen[k] = self.tests;
                    lv[k] += 1;
                }
            }
        }
        if failed {
            self.failed += 1;
        } else {
            self.passed += 1;
        }
    }

    /// Naish-I of one statement.
    pub fn naish1(&self, s: StmtId) -> f64 {
        let ef = self.ef.get(s.index()).copied().unwrap_or(0);
        let ep = self.ep.get(s.index()).copied().unwrap_or(0);
        naish1(ef, ep, self.passed)
    }

    /// The scores of every component line, in (path, line) order.
    pub fn scores(&self, program: &Program) -> Vec<LineScore> {
        let mut out: Vec<LineScore> = self
            .lines
            .iter()
            .enumerate()
            .map(|(k, &(file, line))| {
                let (ef, ep) = (self.line_ef[k], self.line_ep[k]);
                LineScore {
                    path: program.files.get(file).path.clone(),
                    line,
                    ochiai: ochiai(ef, ep, self.failed),
                    tarantula: tarantula(ef, ep, self.failed, self.passed),
                    naish1: naish1(ef, ep, self.passed),
                }
            })
            .collect();
        out.sort_by(|a, b| (&a.path, a.line).cmp(&(&b.path, b.line)));
        out
    }
}

/// Naish-I, `ef - ep / (ep + np + 1)`: optimal for single faults; ties between statements all
/// failing tests execute are broken by how few passing tests execute them.
pub(crate) fn naish1(ef: u32, ep: u32, passed: u32) -> f64 {
    let (ef, ep) = (f64::from(ef), f64::from(ep));
    let np = f64::from(passed) - ep;
    ef - ep / (ep + np + 1.0)
}

/// Ochiai, `ef / sqrt(F * (ef + ep))`; 0 when nothing failed or the line never ran.
pub(crate) fn ochiai(ef: u32, ep: u32, failed: u32) -> f64 {
    let d = f64::from(failed) * f64::from(ef + ep);
    if d == 0.0 {
        0.0
    } else {
        f64::from(ef) / d.sqrt()
    }
}

/// Tarantula, `(ef/F) / (ef/F + ep/P)`; a ratio with an empty denominator counts as 0.
pub(crate) fn tarantula(ef: u32, ep: u32, failed: u32, passed: u32) -> f64 {
    let ratio = |n: u32, d: u32| {
        if d == 0 {
            0.0
        } else {
            f64::from(n) / f64::from(d)
        }
    };
    let f = ratio(ef, failed);
    let p = ratio(ep, passed);
    if f + p == 0.0 {
        0.0
    } else {
        f / (f + p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn naish1_prefers_statements_passing_tests_do_not_run() {
        // Run by both failing tests and one of two passing tests; by both failing tests only;
        // by one failing test.
        assert_eq!(naish1(2, 0, 2), 2.0);
        assert!((naish1(2, 1, 2) - (2.0 - 1.0 / 3.0)).abs() < 1e-12);
        assert_eq!(naish1(1, 0, 2), 1.0);
        assert!(naish1(2, 0, 2) > naish1(2, 1, 2));
        assert!(naish1(2, 1, 2) > naish1(1, 0, 2));
        assert_eq!(naish1(0, 0, 0), 0.0);
    }

    #[test]
    fn ochiai_and_tarantula_match_their_definitions() {
        // 2 failing, 4 passing tests; the line ran in 2 failing and 1 passing.
        assert!((ochiai(2, 1, 2) - 2.0 / (2.0f64 * 3.0).sqrt()).abs() < 1e-12);
        assert!((tarantula(2, 1, 2, 4) - 1.0 / (1.0 + 0.25)).abs() < 1e-12);
        // Only failing tests ran it: both are maximal.
        assert_eq!(ochiai(2, 0, 2), 1.0);
        assert_eq!(tarantula(2, 0, 2, 4), 1.0);
        // Never ran, or nothing failed: 0, never NaN.
        assert_eq!(ochiai(0, 0, 2), 0.0);
        assert_eq!(ochiai(0, 3, 0), 0.0);
        assert_eq!(tarantula(0, 0, 2, 4), 0.0);
        assert_eq!(tarantula(0, 3, 0, 4), 0.0);
        // No passing tests: a line failing tests ran is fully suspicious.
        assert_eq!(tarantula(1, 0, 1, 0), 1.0);
    }
}
