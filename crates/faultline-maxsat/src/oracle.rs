//! A SAT oracle for implicit hitting set algorithms: "is there a model of the hard clauses in
//! which these softs hold?", answered with a model or with a core of those softs.
//!
//! An implicit hitting set (MaxHS-style) solver keeps the optimization in a small problem over
//! the soft literals only and asks the oracle whether its current hitting set is enough. When
//! the formula decomposes into independent parts that share only the soft literals (a replica
//! of the program per failing test), each part gets its own oracle and no part ever sees a
//! cardinality encoding: every call assumes all softs but a few, so it is mostly propagation.

use std::collections::HashMap;

use rustsat::types::Lit;

use crate::{
    backend::{Backend, Outcome},
    cancel::Cancel,
    Instance, SoftId, Solution, SolveError, SolveOptions,
};

/// An answer of [`Oracle::check`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Check {
    /// A model in which every soft asked for holds (others may or may not).
    Sat(Solution),
    /// The hard clauses force at least one of these softs (a subset of those asked for) to
    /// be false. Empty when the hard clauses alone are unsatisfiable.
    ///
    /// The core is the solver's failed assumptions, not minimized: re-solving under the core
    /// alone leaves every other soft free, which is the expensive direction (seconds on a
    /// program replica where the call itself took milliseconds).
    Unsat(Vec<SoftId>),
}

/// The hard clauses of one instance loaded into an incremental SAT solver, queried under
/// assumptions. Learnt clauses are kept between calls.
pub struct Oracle {
    be: Backend,
    soft_of: HashMap<Lit, SoftId>,
}

impl Oracle {
    /// Loads the hard clauses of `inst`. The timeout of `opts` covers the oracle's whole life,
    /// starting now; its `algorithm` is ignored.
    ///
    /// # Errors
    ///
    /// `Cancelled` / `Timeout` while loading, `Solver` as for [`crate::solve`].
    pub fn new(inst: &Instance, opts: &SolveOptions) -> Result<Self, SolveError> {
        let cancel = Cancel::new(opts.cancel.clone(), opts.timeout);
        let be = Backend::new(inst, cancel)?;
        let soft_of: HashMap<Lit, SoftId> = (0..inst.n_soft())
            .filter_map(|i| {
                let id = SoftId(u32::try_from(i).ok()?);
                Some((be.obj_lit(id)?, id))
            })
            .collect();
        Ok(Self { be, soft_of })
    }

    /// Is there a model in which all of `hold` are satisfied? Ids that do not belong to the
    /// instance are ignored. Calls that assume most softs are mostly propagation; the
    /// solver's saved phases carry over from call to call, so a first call that assumes
    /// every soft makes the later ones start from its assignment.
    ///
    /// # Errors
    ///
    /// `Cancelled` / `Timeout` as requested, `Solver` for internal failures.
    pub fn check(&mut self, hold: &[SoftId]) -> Result<Check, SolveError> {
        let assumps: Vec<Lit> = hold.iter().filter_map(|&s| self.be.obj_lit(s)).collect();
        match self.be.solve(&assumps)? {
            Outcome::Sat => Ok(Check::Sat(self.be.solution()?)),
            Outcome::Unsat(core) => {
                let mut softs: Vec<SoftId> = core
                    .iter()
                    .filter_map(|l| self.soft_of.get(l).copied())
                    .collect();
                softs.sort_unstable();
                softs.dedup();
                Ok(Check::Unsat(softs))
            }
            Outcome::Unknown => Err(SolveError::Solver("unlimited SAT call gave up".into())),
        }
    }
}
