//! Minimum-cost solutions of a growing set of hard clauses, ties between equally cheap
//! solutions broken by a second objective, on one incremental SAT solver.
//!
//! Built for implicit hitting sets: the problem is small (a variable per component), it is
//! asked again after every few added clauses, and the caller wants a cheapest solution and,
//! among those, a preferred one. Folding the preference into the weights
//! (`weight * scale + preference`) makes every weight distinct, and OLL's stratification
//! then walks them one at a time; rebuilt for every question, that took 150-230 ms per
//! question at 300 cores on TCAS v1. Keeping that OLL state across questions was worse
//! (its unstratified re-solves took up to 2.9 s on TCAS v3).
//!
//! Here the two objectives are kept apart:
//! 1. the cost, by OLL over the true weights (few distinct ones), whose cores, totalizers
//!    and lower bound stay valid as clauses are added, so a question on a plateau of equal
//!    cost is one SAT call;
//! 2. the preference, under "cost at the lower bound" (OLL's terms assumed): a binary
//!    search through a generalized totalizer over the preferences, between its own proven
//!    floor (valid while the cost stays) and the model's. Each call has a conflict budget:
//!    proving that no equally cheap solution is more preferred is a pigeonhole-like search,
//!    and the preference is only a preference. The search is skipped when the caller does
//!    not ask for it.

use rustsat::{encodings::pb::GeneralizedTotalizer, types::Clause};

use crate::{
    backend::{Backend, Outcome},
    cancel::Cancel,
    linear::{enc_err, enforce},
    oll::Oll,
    Instance, Solution, SolveError, SolveOptions,
};

/// Conflict budget of each call of the preference search (see the module documentation).
const TIE_CONFLICTS: u64 = 100;

/// See the module documentation. The options' timeout covers the optimizer's whole life.
pub struct Lexicographic {
    be: Backend,
    /// The cost, by core-guided OLL (true weights: few distinct ones, little stratification).
    oll: Oll,
    /// Upper-bounds the summed preference of the falsified softs.
    tie: GeneralizedTotalizer,
    /// Per soft: its preference (smaller is preferred when falsified).
    ties: Vec<u64>,
    /// No solution costs less (proven).
    floor: u64,
    /// No solution costing `floor` has a smaller preference sum (proven).
    tie_floor: u64,
}

impl Lexicographic {
    /// Loads `inst`; `ties[i]` is soft `i`'s preference (missing entries count as 0).
    ///
    /// # Errors
    ///
    /// As [`crate::solve`]: cancellation or timeout while loading, weights too large.
    pub fn new(inst: &Instance, ties: &[u64], opts: &SolveOptions) -> Result<Self, SolveError> {
        let cancel = Cancel::of(opts);
        let mut be = Backend::new(inst, cancel)?;
        be.limit_work(opts.conflicts);
        // Lucky phases find one model fast; every later call re-solves a near-identical
        // formula, where they only cost time (as in enumeration).
        be.disable_lucky();
        let mut tie = Vec::new();
        for (id, l, _) in be.objective() {
            let t = ties.get(id.index()).copied().unwrap_or(0);
            if t > 0 {
                tie.push((!l, usize::try_from(t).map_err(enc_err)?));
            }
        }
        Ok(Self {
            oll: Oll::new(&be, false),
            be,
            tie: tie.into_iter().collect(),
            ties: ties.to_vec(),
            floor: 0,
            tie_floor: 0,
        })
    }

    /// Adds a hard clause over the instance's variables.
    ///
    /// # Errors
    ///
    /// `Solver` if the SAT solver rejects it (out of memory).
    pub fn add_hard(&mut self, clause: Clause) -> Result<(), SolveError> {
        self.be.add_clause(clause)
    }

    /// A cheapest solution of the hard clauses added so far, and among those (if `prefer`)
    /// one with the smallest preference sum; `Ok(None)` when the hard clauses have no model.
    ///
    /// # Errors
    ///
    /// `Cancelled` / `Timeout` / `OutOfMemory` as requested through the options, `Solver` for internal
    /// failures.
    pub fn optimum(&mut self, prefer: bool) -> Result<Option<Solution>, SolveError> {
        let Some(mut best) = self.oll.optimum(&mut self.be)? else {
            return Ok(None);
        };
        if best.cost != self.floor {
            self.floor = best.cost;
            self.tie_floor = 0;
        }
        if !prefer {
            return Ok(Some(best));
        }
        let at_floor = self.oll.at_lower_bound();
        let mut t = self.tie_of(&best);
        let mut lo = self.tie_floor;
        // Whether every bound ruled out below `t` was proven (and `t` is the new floor).
        let mut proven = true;
        while lo < t {
            let mid = lo + (t - lo) / 2;
            let mut assumps = at_floor.clone();
            assumps.extend(enforce(&mut self.tie, &mut self.be, mid)?);
            match self.be.solve_limited(&assumps, Some(TIE_CONFLICTS))? {
                Outcome::Sat => {
                    let sol = self.be.solution()?;
                    t = self.tie_of(&sol);
                    best = sol;
                }
                Outcome::Unsat(_) => lo = mid + 1,
                Outcome::Unknown => {
                    proven = false;
                    lo = mid + 1;
                }
            }
        }
        if proven {
            self.tie_floor = t;
        }
        Ok(Some(best))
    }

    fn tie_of(&self, sol: &Solution) -> u64 {
        sol.falsified
            .iter()
            .map(|id| self.ties.get(id.index()).copied().unwrap_or(0))
            .sum()
    }
}
