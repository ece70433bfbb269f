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
    /// Whether a first call has been made (see [`Oracle::check_within`]).
    warm: bool,
}

impl Oracle {
    /// Loads the hard clauses of `inst`. The timeout of `opts` covers the oracle's whole life,
    /// starting now; its `algorithm` is ignored.
    ///
    /// # Errors
    ///
    /// `Cancelled` / `Timeout` / `OutOfMemory` while loading, `Solver` as for [`crate::solve`].
    pub fn new(inst: &Instance, opts: &SolveOptions) -> Result<Self, SolveError> {
        let cancel = Cancel::of(opts);
        let mut be = Backend::new(inst, cancel)?;
        be.limit_work(opts.conflicts);
        be.disable_chrono();
        be.keep_learnt();
        let soft_of: HashMap<Lit, SoftId> = (0..inst.n_soft())
            .filter_map(|i| {
                let id = SoftId(u32::try_from(i).ok()?);
                Some((be.obj_lit(id)?, id))
            })
            .collect();
        Ok(Self {
            be,
            soft_of,
            warm: false,
        })
    }

    /// Is there a model in which all of `hold` are satisfied? Ids that do not belong to the
    /// instance are ignored. Calls that assume most softs are mostly propagation; the
    /// solver's saved phases carry over from call to call, so a first call that assumes
    /// every soft makes the later ones start from its assignment.
    ///
    /// After the first call, the trail of the previous call is kept up to the first
    /// assumption it does not share with this one (CaDiCaL's `ilb`). CaDiCaL then orders the
    /// assumptions by their place on the kept trail, and the others by variable index, not
    /// in the order given: the order of the first call is the one that lasts, so softs that
    /// stay assumed from call to call are best put first in it and softs that come and go
    /// last.
    ///
    /// # Errors
    ///
    /// `Cancelled` / `Timeout` / `OutOfMemory` as requested, `Solver` for internal failures.
    pub fn check(&mut self, hold: &[SoftId]) -> Result<Check, SolveError> {
        self.check_within(hold, None)?
            .ok_or_else(|| SolveError::Solver("unlimited SAT call gave up".into()))
    }

    /// Like [`Self::check`], but gives up (`None`) after `conflicts` CaDiCaL conflicts (no
    /// limit: `None`). Most calls on a program replica take tens of milliseconds; the rare one
    /// that takes seconds is cheaper to answer another way. Counted in conflicts, not time,
    /// so that the same call gives up (or not) however loaded the machine is; cancellation
    /// and the oracle's timeout still stop it as errors.
    ///
    /// # Errors
    ///
    /// As for [`Self::check`].
    pub fn check_within(
        &mut self,
        hold: &[SoftId],
        conflicts: Option<u64>,
    ) -> Result<Option<Check>, SolveError> {
        self.check_assuming(&[], hold, conflicts)
    }

    /// A fresh literal that, assumed, makes every literal of `lits` hold (one binary clause
    /// each). Assumed in place of `lits` themselves, it is one decision instead of many,
    /// and the clauses the solver learns under it carry that one literal instead of every
    /// one of `lits` they depend on (TCAS v4, 30 diagnoses, about 230 checks with 416 bits of
    /// a test's data each: median check 31 ms with the activation literal, 40 ms with the bits
    /// assumed directly).
    ///
    /// # Errors
    ///
    /// `Solver` when the solver does not take a clause.
    pub fn activation(&mut self, lits: &[Lit]) -> Result<Lit, SolveError> {
        let a = self.be.new_lit();
        for &l in lits {
            self.be.add_clause([!a, l].into())?;
        }
        Ok(a)
    }

    /// Like [`Self::check_within`], with the literals `fixed` assumed as well, before the
    /// softs (the values of a parametric formula's parameters: one loaded formula then
    /// answers for every test it stands for). They never appear in a core: a core says which
    /// of `hold` cannot all hold *given* `fixed`.
    ///
    /// # Errors
    ///
    /// As for [`Self::check`].
    pub fn check_assuming(
        &mut self,
        fixed: &[Lit],
        hold: &[SoftId],
        conflicts: Option<u64>,
    ) -> Result<Option<Check>, SolveError> {
        let assumps: Vec<Lit> = (fixed.iter().copied())
            .chain(hold.iter().filter_map(|&s| self.be.obj_lit(s)))
            .collect();
        let outcome = self.be.solve_limited(&assumps, conflicts);
        if !self.warm {
            // The backend has turned CaDiCaL's "lucky" phases (all-false, all-true,
            // forward/backward propagation) off after this first call: they cost a sweep
            // over the whole formula at every call, and after the first the saved phases
            // are a better start (TCAS replicas: 3.6x less time in the checks).
            // The trail is kept from the second call on, not for the first: with `ilb` on,
            // CaDiCaL decides assumptions that are not on the trail by variable index, and
            // the first call's order would be lost.
            self.be.reuse_trail();
            self.warm = true;
        }
        Ok(match outcome? {
            Outcome::Sat => Some(Check::Sat(self.be.solution()?)),
            Outcome::Unsat(core) => {
                let mut softs: Vec<SoftId> = core
                    .iter()
                    .filter_map(|l| self.soft_of.get(l).copied())
                    .collect();
                softs.sort_unstable();
                softs.dedup();
                Some(Check::Unsat(softs))
            }
            Outcome::Unknown => None,
        })
    }
}
