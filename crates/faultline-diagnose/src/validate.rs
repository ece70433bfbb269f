//! Validation: a candidate is a diagnosis only when re-running the failing tests with its
//! angelic values substituted (interpreter overrides) makes every one of them pass.
//!
//! **Invariant:** no diagnosis is reported without this run; a candidate from a formula that
//! fails it is an encoder bug ([`crate::Report::infeasible`]), except where the formula left
//! out checks on purpose (deferred multiplication overflow: [`Validation::RuntimeError`]
//! rebuilds that test's formulas with them).

use faultline_interp::RunOptions;
use faultline_runner::{Runner, Status, Suite};

use crate::formula::ReplicaAngelic;

/// What re-running the tests with a candidate's angelic values showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Validation {
    Passed,
    /// This test (suite index) hit undefined behaviour (or a limit) in the interpreter.
    RuntimeError(usize),
    Failed,
}

/// Re-runs tests with angelic values, held to the formula's bounds (the runner's).
pub(crate) struct Validator<'a> {
    runner: &'a Runner<'a>,
    suite: &'a Suite,
}

impl<'a> Validator<'a> {
    pub fn new(runner: &'a Runner<'a>, suite: &'a Suite) -> Self {
        Validator { runner, suite }
    }

    /// Re-run each test with its angelic values substituted; all must pass.
    pub fn passes(&self, angelic: &[(usize, ReplicaAngelic)]) -> bool {
        self.run(angelic) == Validation::Passed
    }

    /// Re-run each test with its angelic values substituted, stopping at the first that
    /// does not pass.
    pub fn run(&self, angelic: &[(usize, ReplicaAngelic)]) -> Validation {
        for (test, a) in angelic {
            let overrides = a.overrides();
            let (result, run) = self.runner.run_case_with(
                &self.suite.cases[*test],
                RunOptions {
                    overrides: Some(&overrides),
                    ..Default::default()
                },
            );
            if result.status != Status::Passed {
                return match run.outcome {
                    faultline_interp::Outcome::RuntimeError { .. } => {
                        Validation::RuntimeError(*test)
                    }
                    _ => Validation::Failed,
                };
            }
        }
        Validation::Passed
    }
}
