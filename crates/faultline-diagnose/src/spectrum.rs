//! Spectrum-based suspiciousness from the coverage of every test, used to break ties between
//! diagnoses of equal cost and size (statements that failing tests run and passing tests do not
//! come first).

use faultline_interp::Coverage;
use faultline_ir::StmtId;

/// Per-statement counts of failing and passing tests that executed it.
#[derive(Default)]
pub(crate) struct Spectrum {
    ef: Vec<u32>,
    ep: Vec<u32>,
    passed: u32,
}

impl Spectrum {
    pub fn add(&mut self, coverage: &Coverage, failed: bool) {
        let counts = coverage.counts();
        let v = if failed { &mut self.ef } else { &mut self.ep };
        if v.len() < counts.len() {
            v.resize(counts.len(), 0);
        }
        for (slot, &c) in v.iter_mut().zip(counts) {
            *slot += u32::from(c > 0);
        }
        if !failed {
            self.passed += 1;
        }
    }

    /// Naish-I, `ef - ep / (ep + np + 1)`: optimal for single faults; ties between statements
    /// all failing tests execute are broken by how few passing tests execute them.
    pub fn naish1(&self, s: StmtId) -> f64 {
        let ef = f64::from(self.ef.get(s.index()).copied().unwrap_or(0));
        let ep = f64::from(self.ep.get(s.index()).copied().unwrap_or(0));
        let np = f64::from(self.passed) - ep;
        ef - ep / (ep + np + 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn naish1_prefers_statements_passing_tests_do_not_run() {
        // Statement 0: run by both failing tests and one of two passing tests.
        // Statement 1: run by both failing tests only.
        // Statement 2: run by one failing test.
        let mut s = Spectrum {
            ef: vec![2, 2, 1],
            ep: vec![1, 0, 0],
            passed: 2,
        };
        assert_eq!(s.naish1(StmtId(1)), 2.0);
        assert!((s.naish1(StmtId(0)) - (2.0 - 1.0 / 3.0)).abs() < 1e-12);
        assert_eq!(s.naish1(StmtId(2)), 1.0);
        assert!(s.naish1(StmtId(1)) > s.naish1(StmtId(0)));
        assert!(s.naish1(StmtId(0)) > s.naish1(StmtId(2)));
        // Unknown statements score 0 - 0.
        assert_eq!(s.naish1(StmtId(99)), 0.0);
        s.passed = 0;
        assert_eq!(s.naish1(StmtId(2)), 1.0);
    }
}
