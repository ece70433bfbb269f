//! The incremental SAT side shared by all algorithms: one CaDiCaL instance loaded with the
//! hard clauses, one "objective literal" per soft, cancellation, and model extraction.

use rustsat::{
    instances::{BasicVarManager, ManageVars},
    solvers::{GetInternalStats, LimitConflicts, Solve, SolveIncremental, SolverResult, Terminate},
    types::{Assignment, Clause, Lit, TernaryVal, Var},
};
use rustsat_cadical::CaDiCaL;

use crate::{cancel::Cancel, Instance, SoftId, Solution, SolveError};

/// Hard clauses are handed to CaDiCaL in chunks of this size, polling for cancellation in
/// between, so that loading a multi-million-clause instance can be interrupted as well.
const LOAD_CHUNK: usize = 4096;

/// Re-solve under a core at most this many times to let the solver shrink it.
const TRIM_ROUNDS: usize = 3;
/// Deletion-based core minimization only for cores up to this size ...
const MIN_MAX_CORE: usize = 64;
/// ... with at most this many SAT calls per core ...
const MIN_MAX_CALLS: usize = 32;
/// ... each limited to this many conflicts, so it never dominates the run time.
const MIN_CONFLICTS: u64 = 1000;
/// The CaDiCaL options the backend sets, as (name, value); why, at the methods that set them.
/// A rejected option is ignored at run time (it only costs speed), so a CaDiCaL that renamed
/// one would slow everything down without a word: a test checks the bundled one knows each.
const CONGRUENCE_OFF: (&str, i32) = ("congruence", 0);
const LUCKY_OFF: (&str, i32) = ("lucky", 0);
const CHRONO_OFF: (&str, i32) = ("chrono", 0);
const KEEP_LEARNT: (&str, i32) = ("reduce", 0);
const REUSE_TRAIL: (&str, i32) = ("ilb", 1);

/// Result of one SAT call.
#[derive(Debug)]
pub(crate) enum Outcome {
    Sat,
    /// The formula is unsatisfiable under the assumptions; holds the failed assumptions
    /// (a subset of those passed in, in their original polarity). Empty means the hard
    /// clauses alone are unsatisfiable.
    Unsat(Vec<Lit>),
    /// A conflict limit was hit (only for limited calls).
    Unknown,
}

pub(crate) struct Backend {
    sat: CaDiCaL<'static, 'static>,
    vars: BasicVarManager,
    cancel: Cancel,
    /// Per soft: the literal the algorithms assume / relax. It is the soft literal itself
    /// unless several softs share a variable, in which case each gets a fresh `r` with
    /// `r -> lit` so that every objective literal has its own variable (totalizers and
    /// cores then never conflate two softs).
    obj: Vec<Lit>,
    weights: Vec<u64>,
    n_inst_vars: u32,
    /// Whether CaDiCaL's lucky phases are still on: for the first SAT call only (see
    /// [`Self::disable_lucky`]).
    lucky: bool,
    /// Conflicts left to every later SAT call together ([`Self::limit_work`]).
    work: Option<u64>,
}

fn solver_err(e: impl std::fmt::Display) -> SolveError {
    SolveError::Solver(e.to_string())
}

impl Backend {
    /// Loads `inst` into a fresh CaDiCaL, polling `cancel` while doing so.
    pub(crate) fn new(inst: &Instance, cancel: Cancel) -> Result<Self, SolveError> {
        // Weights are summed in u64 (and by the PB encoding in usize); keep a safety margin
        // so that no bound computation anywhere can overflow.
        match inst.total_weight() {
            Some(t) if t <= u64::MAX / 4 && usize::try_from(t).is_ok() => {}
            _ => {
                return Err(SolveError::Solver(
                    "total soft weight too large (must be below u64::MAX / 4)".into(),
                ))
            }
        }
        cancel.check()?;
        let mut sat = CaDiCaL::default();
        // Congruence closure (CaDiCaL 2) looks for equivalent AND/XOR/ITE gates in the CNF
        // on the first solve. Our CNF is the Tseitin encoding of a structurally hashed AIG,
        // so there is little left to find, and the pass ignores the terminator for its whole
        // length: on a 300 k-clause formula it delayed a cancellation by 100 ms or more.
        set_option(&mut sat, CONGRUENCE_OFF);
        if cancel.is_active() {
            sat.attach_terminator(cancel.terminator());
        }
        let mut vars = BasicVarManager::default();
        if inst.n_vars() > 0 {
            // Fresh variables start after the instance's; none may be left at the very top
            // of the index range.
            let next = Var::new_with_error(inst.n_vars()).map_err(solver_err)?;
            vars.increase_next_free(next);
        }
        if inst.n_vars() > 0 {
            // Size CaDiCaL's per-variable arrays once instead of growing them clause by
            // clause (loading a 1.1 M-clause TCAS replica: 311-383 ms → 297-326 ms).
            sat.reserve(Var::new(inst.n_vars() - 1))
                .map_err(solver_err)?;
        }
        for chunk in inst.hard_clauses().chunks(LOAD_CHUNK) {
            cancel.check()?;
            for cl in chunk {
                sat.add_clause_ref(cl).map_err(solver_err)?;
            }
        }
        let mut uses = vec![0u32; inst.n_vars() as usize];
        for &(l, _) in inst.softs() {
            uses[l.var().idx()] += 1;
        }
        let mut obj = Vec::with_capacity(inst.n_soft());
        for &(l, _) in inst.softs() {
            if uses[l.var().idx()] == 1 {
                obj.push(l);
            } else {
                let r = vars.new_lit();
                sat.add_clause([!r, l].into()).map_err(solver_err)?;
                obj.push(r);
            }
        }
        cancel.check()?;
        Ok(Self {
            sat,
            vars,
            cancel,
            obj,
            weights: inst.softs().iter().map(|&(_, w)| w).collect(),
            n_inst_vars: inst.n_vars(),
            lucky: true,
            work: None,
        })
    }

    /// The objective literals with positive weight, as `(soft, lit, weight)`.
    pub(crate) fn objective(&self) -> impl Iterator<Item = (SoftId, Lit, u64)> + '_ {
        self.obj
            .iter()
            .zip(&self.weights)
            .enumerate()
            .filter(|(_, (_, &w))| w > 0)
            .map(|(i, (&l, &w))| (soft_id(i), l, w))
    }

    pub(crate) fn obj_lit(&self, id: SoftId) -> Option<Lit> {
        self.obj.get(id.index()).copied()
    }

    pub(crate) fn add_clause(&mut self, cl: Clause) -> Result<(), SolveError> {
        self.sat.add_clause(cl).map_err(solver_err)
    }

    /// A fresh literal, after the instance's variables and every one drawn before.
    pub(crate) fn new_lit(&mut self) -> Lit {
        self.vars.new_lit()
    }

    /// Lets an encoding add its clauses to the solver and draw fresh variables.
    pub(crate) fn encoder_parts(
        &mut self,
    ) -> (&mut CaDiCaL<'static, 'static>, &mut dyn ManageVars) {
        (&mut self.sat, &mut self.vars)
    }

    /// CaDiCaL's "lucky" phases find a first model cheaply, but once we re-solve many
    /// similar formulas they mostly waste time (measured 3-4x on enumeration). Every backend
    /// turns them off after its first SAT call, so a one-shot MaxSAT solve (a
    /// candidate-only replica's, OLL's calls after the first) does not pay them again:
    /// corpus, `--timeout 10 --max-diagnoses 5`, geometric mean of the time ratios 0.79
    /// (cfaults), 0.82 (bugassist), 0.83 (sniper); TCAS v6, 33 diagnoses, 9.1 → 8.2 s.
    /// Off for every call, TCAS took twice as long (v3, ten diagnoses: 4.3 → 9.6 s).
    ///
    /// CaDiCaL's API contract only allows options in the configuring state, but the
    /// contract checks are compiled out in rustsat-cadical's release build (`NCONTRACTS`),
    /// and the option is read at the start of each solve, so setting it later is effective.
    pub(crate) fn disable_lucky(&mut self) {
        if std::mem::take(&mut self.lucky) {
            set_option(&mut self.sat, LUCKY_OFF);
        }
    }

    /// Non-chronological backtracking only. With chronological backtracking on (CaDiCaL's
    /// default) every propagated literal gets its level computed over its reason clause;
    /// an oracle's call is one long propagation under a hundred or more assumptions and a
    /// handful of conflicts, and that computation was an eighth of TCAS v3's run time
    /// (median full-replica check 72-91 → 47-52 ms without it). As for [`Self::disable_lucky`],
    /// the option is read at the next solve.
    pub(crate) fn disable_chrono(&mut self) {
        set_option(&mut self.sat, CHRONO_OFF);
    }

    /// Keeps every learnt clause (`reduce=0`). CaDiCaL otherwise deletes most of them at
    /// regular intervals, which suits one long solve; an oracle answers hundreds of checks
    /// of one formula under different assumptions, and what one check learnt (the clauses
    /// are consequences of the formula alone) is what the next needs again. Measured on one
    /// core, three runs each, the same diagnoses: TCAS v7, ten diagnoses, 3.8-4.0 →
    /// 3.0-3.2 s; the corpus's `gcd_euclid` 1.26-1.31 → 0.76-0.79 s; TCAS v3 unchanged
    /// (2.7 s). Forty diagnoses of v7 (about 120 checks) peaked at 1.09 GB, against 1.00.
    /// Read at the next solve.
    pub(crate) fn keep_learnt(&mut self) {
        set_option(&mut self.sat, KEEP_LEARNT);
    }

    /// CaDiCaL's incremental lazy backtracking for assumptions (`ilb=1`): a call keeps the
    /// trail of the previous call up to the first assumption that differs, instead of
    /// backtracking to the root and propagating every assumption again. The assumptions
    /// are then decided by their place on the kept trail, the rest by variable index (see
    /// [`crate::Oracle::check`]).
    pub(crate) fn reuse_trail(&mut self) {
        set_option(&mut self.sat, REUSE_TRAIL);
    }

    /// One SAT call under `assumps`, honouring cancellation before and during the call.
    pub(crate) fn solve(&mut self, assumps: &[Lit]) -> Result<Outcome, SolveError> {
        self.solve_limited(assumps, None)
    }

    /// Bounds every later SAT call of this backend together to `conflicts` CaDiCaL conflicts
    /// (`None`: no bound); the call that reaches the bound fails with
    /// [`SolveError::OutOfWork`]. Conflicts, not time, so that a loaded machine gives up at
    /// the same point of the search as an idle one.
    pub(crate) fn limit_work(&mut self, conflicts: Option<u64>) {
        self.work = conflicts;
    }

    /// Like [`Self::solve`] but gives up after `conflicts` conflicts (`Outcome::Unknown`).
    /// The backend's own bound ([`Self::limit_work`]) applies as well.
    pub(crate) fn solve_limited(
        &mut self,
        assumps: &[Lit],
        conflicts: Option<u64>,
    ) -> Result<Outcome, SolveError> {
        self.cancel.check()?;
        if self.work == Some(0) {
            return Err(SolveError::OutOfWork);
        }
        // The tighter of the call's and the backend's bounds; CaDiCaL resets its limits after
        // every call, so an unlimited call sets none.
        let limit = match (conflicts, self.work) {
            (Some(c), Some(w)) => Some(c.min(w)),
            (c, w) => c.or(w),
        };
        if let Some(l) = limit {
            // CaDiCaL takes an `int`; more conflicts than that is no bound in practice.
            let l = u32::try_from(l.min(i32::MAX as u64)).unwrap_or(i32::MAX as u32);
            self.sat.limit_conflicts(Some(l)).map_err(solver_err)?;
        }
        let before = self.sat.conflicts();
        let res = self.sat.solve_assumps(assumps).map_err(solver_err);
        let used = u64::try_from(self.sat.conflicts().saturating_sub(before)).unwrap_or(u64::MAX);
        if let Some(w) = &mut self.work {
            *w = w.saturating_sub(used);
        }
        self.disable_lucky();
        let res = res?;
        if matches!(res, SolverResult::Interrupted) {
            self.cancel.check()?;
            // The call's own bound answers `Unknown`; the backend's, when it was the tighter
            // one, ends the whole solve.
            let own_hit = conflicts.is_some_and(|c| used >= c);
            if !own_hit && self.work == Some(0) {
                return Err(SolveError::OutOfWork);
            }
        }
        self.outcome(res, limit.is_some())
    }

    /// What a SAT call's result means; `limited`: whether the call had a limit of its own
    /// (an interruption is then `Unknown` rather than an error).
    fn outcome(&mut self, res: SolverResult, limited: bool) -> Result<Outcome, SolveError> {
        match res {
            SolverResult::Sat => Ok(Outcome::Sat),
            SolverResult::Unsat => {
                // rustsat reports the core as negated failed assumptions; flip them back.
                let core = self.sat.core().map_err(solver_err)?;
                Ok(Outcome::Unsat(core.into_iter().map(|l| !l).collect()))
            }
            SolverResult::Interrupted => {
                self.cancel.check()?;
                if limited {
                    Ok(Outcome::Unknown)
                } else {
                    Err(SolveError::Solver(
                        "SAT solver stopped without a reason".into(),
                    ))
                }
            }
        }
    }

    /// Core trimming (re-solving under the core lets the solver find a smaller one),
    /// then budgeted deletion-based minimization. Smaller cores give smaller totalizers
    /// and tighter bounds.
    pub(crate) fn shrink_core(&mut self, mut core: Vec<Lit>) -> Result<Vec<Lit>, SolveError> {
        for _ in 0..TRIM_ROUNDS {
            if core.len() <= 1 {
                return Ok(core);
            }
            match self.solve(&core)? {
                Outcome::Unsat(c) if c.len() < core.len() => core = c,
                _ => break,
            }
        }
        if core.len() <= 1 || core.len() > MIN_MAX_CORE {
            return Ok(core);
        }
        let mut i = 0;
        let mut calls = 0;
        while i < core.len() && core.len() > 1 && calls < MIN_MAX_CALLS {
            calls += 1;
            let candidate: Vec<Lit> = core
                .iter()
                .enumerate()
                .filter_map(|(j, &l)| (j != i).then_some(l))
                .collect();
            match self.solve_limited(&candidate, Some(MIN_CONFLICTS))? {
                // The new core is a subsequence of `candidate` (the solver reports failed
                // assumptions in the order given), so position `i` now holds the next
                // literal that has not been tried yet.
                Outcome::Unsat(c) => core = c,
                Outcome::Sat | Outcome::Unknown => i += 1,
            }
            if core.is_empty() {
                break;
            }
        }
        Ok(core)
    }

    /// Whether `lit` is true in the current model (after `Outcome::Sat`). Unassigned
    /// counts as true: an objective literal the solver left open can take its cheap value.
    pub(crate) fn holds(&self, lit: Lit) -> Result<bool, SolveError> {
        Ok(self.sat.lit_val(lit).map_err(solver_err)? != TernaryVal::False)
    }

    /// Cost of the current model (after `Outcome::Sat`).
    pub(crate) fn model_cost(&self) -> Result<u64, SolveError> {
        let mut cost = 0u64;
        for (_, l, w) in self.objective() {
            if !self.holds(l)? {
                cost = cost.saturating_add(w);
            }
        }
        Ok(cost)
    }

    /// Extracts the current model (after `Outcome::Sat`) as a [`Solution`] over the
    /// instance's variables.
    pub(crate) fn solution(&self) -> Result<Solution, SolveError> {
        let mut falsified = Vec::new();
        let mut cost = 0u64;
        for (id, l, w) in self.objective() {
            if !self.holds(l)? {
                falsified.push(id);
                cost = cost.saturating_add(w);
            }
        }
        let mut model = Assignment::default();
        for idx in 0..self.n_inst_vars {
            let v = Var::new(idx);
            let val = match self.sat.var_val(v).map_err(solver_err)? {
                TernaryVal::DontCare => TernaryVal::False,
                val => val,
            };
            model.assign_var(v, val);
        }
        // A soft literal that is its own objective literal and was left unassigned is
        // reported as satisfied; make the model agree.
        for ((&o, &w), id) in self.obj.iter().zip(&self.weights).zip(0..) {
            if w > 0
                && o.var().idx32() < self.n_inst_vars
                && self.sat.lit_val(o).map_err(solver_err)? == TernaryVal::DontCare
                && falsified.binary_search(&SoftId(id)).is_err()
            {
                model.assign_lit(o);
            }
        }
        Ok(Solution {
            cost,
            falsified,
            model,
        })
    }
}

/// Sets one of the options above. A rejected option is not an error: it only costs speed.
fn set_option(sat: &mut CaDiCaL<'static, 'static>, (name, value): (&str, i32)) {
    let _ = sat.set_option(name, value);
}

fn soft_id(i: usize) -> SoftId {
    SoftId(u32::try_from(i).unwrap_or(u32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_cadical_knows_every_option_we_set() {
        for (name, value) in [
            CONGRUENCE_OFF,
            LUCKY_OFF,
            CHRONO_OFF,
            KEEP_LEARNT,
            REUSE_TRAIL,
        ] {
            let mut sat = CaDiCaL::default();
            assert!(
                sat.set_option(name, value).is_ok(),
                "CaDiCaL rejects the option {name}={value}"
            );
        }
    }
}
