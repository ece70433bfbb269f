//! Linear SAT-UNSAT search: find any model, then demand a strictly cheaper one through an
//! incremental generalized totalizer over the objective until that is unsatisfiable.
//!
//! Simple and obviously correct, so it serves as the cross-check for OLL. The encoding
//! grows with the number of distinct reachable sums, so it is meant for small or
//! few-weights objectives.

use rustsat::{
    encodings::pb::{BoundUpper, BoundUpperIncremental, GeneralizedTotalizer},
    types::Lit,
};

use crate::{
    backend::{Backend, Outcome},
    Solution, SolveError,
};

pub(crate) struct Linear {
    /// Upper-bounds the summed weight of violated objective literals.
    enc: GeneralizedTotalizer,
    /// The previous optimum. Clauses are only ever added, so the next optimum is at
    /// least this; trying "cost <= previous" first finds equal-cost solutions in one call.
    prev: Option<u64>,
}

pub(crate) fn enc_err(e: impl std::fmt::Display) -> SolveError {
    SolveError::Solver(format!("pb encoding: {e}"))
}

impl Linear {
    pub(crate) fn new(be: &Backend) -> Result<Self, SolveError> {
        let mut lits = Vec::new();
        for (_, l, w) in be.objective() {
            // Backend::new checked that the total weight fits in usize.
            lits.push((!l, usize::try_from(w).map_err(enc_err)?));
        }
        Ok(Self {
            enc: lits.into_iter().collect(),
            prev: None,
        })
    }

    /// Finds a minimum-cost model of the current hard clauses; `None` if there is none.
    pub(crate) fn optimum(&mut self, be: &mut Backend) -> Result<Option<Solution>, SolveError> {
        let floor = self.prev.unwrap_or(0);
        let mut bound = self.prev;
        let mut best: Option<Solution> = None;
        loop {
            let assumps = match bound {
                Some(b) => enforce(&mut self.enc, be, b)?,
                None => Vec::new(),
            };
            match be.solve(&assumps)? {
                Outcome::Sat => {
                    let sol = be.solution()?;
                    if sol.cost <= floor {
                        self.prev = Some(sol.cost);
                        return Ok(Some(sol));
                    }
                    bound = Some(sol.cost - 1);
                    best = Some(sol);
                }
                Outcome::Unsat(core) => {
                    if let Some(sol) = best {
                        self.prev = Some(sol.cost);
                        return Ok(Some(sol));
                    }
                    if core.is_empty() {
                        return Ok(None);
                    }
                    // Only the "cost <= previous optimum" probe can get here: search again
                    // without a bound.
                    bound = None;
                }
                Outcome::Unknown => {
                    return Err(SolveError::Solver("unlimited SAT call gave up".into()))
                }
            }
        }
    }
}

/// Assumptions enforcing "sum <= ub" on `enc`, encoding what is missing first.
pub(crate) fn enforce(
    enc: &mut GeneralizedTotalizer,
    be: &mut Backend,
    ub: u64,
) -> Result<Vec<Lit>, SolveError> {
    let ub = usize::try_from(ub).map_err(enc_err)?;
    let (sat, vars) = be.encoder_parts();
    enc.encode_ub_change(ub..=ub, sat, vars).map_err(enc_err)?;
    enc.enforce_ub(ub).map_err(enc_err)
}
