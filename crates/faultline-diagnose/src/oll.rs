//! The `Oll` joint solver ([`JointSolver::Oll`](crate::JointSolver::Oll)): one joint
//! formula, grown lazily, enumerated under OLL.
//!
//! The formula starts with the replica of the first test only; each optimum is then checked
//! against every other test with a candidate-only replica (which folds to almost nothing). A
//! test the candidate cannot explain joins the formula and solving resumes.
//!
//! **Invariant:** the partial formula is a relaxation of the full one, so a candidate that
//! explains every test is an optimum (and subset-minimal) of the full problem too: the
//! result equals the eager joint encoding, usually with a few replicas instead of all.

use std::time::Instant;

use faultline_maxsat::{Enumerator, Solution, SolveError};

use crate::validate::Validation;
use crate::{freeing, ms, Candidate, Ctx, DiagnoseError, Phase, Report, Timings};

pub(crate) struct Oll<'c, 'a> {
    ctx: &'c Ctx<'a>,
    /// The tests (suite indices) whose full replicas the joint formula holds.
    active: Vec<usize>,
}

impl<'c, 'a> Oll<'c, 'a> {
    /// The search, starting with the replica of `first` alone.
    pub fn new(ctx: &'c Ctx<'a>, first: usize) -> Self {
        Oll {
            ctx,
            active: vec![first],
        }
    }

    /// Enumerates the diagnoses of `tests` in cost order into `accepted`, until the limit.
    pub fn run(
        mut self,
        tests: &[usize],
        timings: &mut Timings,
        report: &mut Report,
        accepted: &mut Vec<Candidate>,
    ) -> Result<(), DiagnoseError> {
        'rebuild: loop {
            let t = Instant::now();
            let encoded = self.ctx.formulas.encode(&self.active, report);
            timings.encode += ms(t.elapsed());
            let mut enc = match encoded {
                Err(DiagnoseError::Timeout) if !self.ctx.budget.cancelled() => {
                    report.stop_at_timeout();
                    return Ok(());
                }
                Err(DiagnoseError::Timeout) => return Err(DiagnoseError::Cancelled),
                other => other?,
            };
            for test in tests {
                if let Some(executed) = self.ctx.executed.get(test) {
                    enc.require_one_unhealthy(executed, self.ctx.components)?;
                }
            }
            let mut en =
                Enumerator::new(enc.formula.instance(), self.ctx.budget.solve_options(None));
            // Diagnoses accepted before the formula grew stay accepted: block them (and their
            // supersets) so that the enumeration goes on from where it was.
            let skipped = self.ctx.answers.skipped();
            for blamed in accepted.iter().map(|c| &c.blamed).chain(&skipped) {
                let softs: Vec<_> = enc
                    .formula
                    .softs()
                    .filter(|(comp, _)| blamed.contains(comp))
                    .map(|(_, s)| s)
                    .collect();
                en.block(&softs);
            }
            loop {
                if self.ctx.at_limit(accepted, report) {
                    return Ok(());
                }
                let t = Instant::now();
                let next = en.next();
                let spent = ms(t.elapsed());
                if accepted.is_empty() {
                    timings.solve += spent;
                } else {
                    timings.enumerate += spent;
                }
                let sol: Solution = match next {
                    Ok(Some(sol)) => sol,
                    Ok(None) => return Ok(()),
                    // Unsatisfiable after blocking what was accepted just means exhausted.
                    Err(SolveError::HardUnsat) => {
                        if accepted.is_empty() {
                            report.stopped.get_or_insert_with(|| {
                                "no repair exists within the unwinding bounds".into()
                            });
                        }
                        return Ok(());
                    }
                    Err(SolveError::Timeout) => {
                        report.stop_at_timeout();
                        return Ok(());
                    }
                    Err(SolveError::Cancelled) => {
                        // Freeing a large formula and its solver takes tens of milliseconds
                        // that the newer run should not wait for.
                        freeing::free_in_background((en, enc));
                        return Err(DiagnoseError::Cancelled);
                    }
                    Err(e) => {
                        freeing::free_in_background((en, enc));
                        return Err(self.ctx.budget.solve_error(e));
                    }
                };
                let blamed = enc.blamed(&sol);
                let mut angelic = enc.angelic(&sol, &blamed);
                let t = Instant::now();
                for &test in tests.iter().filter(|t| !self.active.contains(t)) {
                    let explained = match self.ctx.explain(&blamed, test) {
                        Err(DiagnoseError::Timeout) => {
                            report.stop_at_timeout();
                            return Ok(());
                        }
                        other => other?,
                    };
                    match explained {
                        Some(a) => angelic.push((test, a)),
                        None => {
                            timings.enumerate += ms(t.elapsed());
                            self.active.push(test);
                            continue 'rebuild;
                        }
                    }
                }
                timings.enumerate += ms(t.elapsed());
                self.ctx.budget.phase(Phase::Validating);
                let t = Instant::now();
                let validation = self.ctx.validator.run(&angelic);
                timings.validate += ms(t.elapsed());
                if validation == Validation::Passed {
                    let c = Candidate::validated(sol.cost, blamed, angelic);
                    self.ctx.found(accepted, c, report);
                } else if self.ctx.needs_all_checks(validation) {
                    continue 'rebuild;
                } else if self.ctx.approximates() {
                    tracing::debug!(?blamed, "refuted by validation (approximated formula)");
                } else {
                    report.infeasible += 1;
                    tracing::error!(
                        "diagnosis {:?} failed validation: encoder and interpreter disagree",
                        blamed
                    );
                }
            }
        }
    }
}
