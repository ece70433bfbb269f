//! Core-guided OLL (Morgado et al. 2014; as in RC2) with incremental totalizers.
//!
//! The objective is kept as a list of *terms*: literals that should be true, each with a
//! residual weight. Initially these are the soft literals. Every unsatisfiable core `K`
//! with minimum residual weight `w`:
//! - raises the lower bound by `w` and lowers each member's weight by `w`;
//! - adds a totalizer over the violations of `K` and the term "at most 1 violated" with
//!   weight `w` (one violation is already paid for by the lower bound);
//! - for every totalizer term "at most k" in `K`, adds "at most k+1" with weight `w`.
//!
//! When the solver finds a model that satisfies every term with positive weight, that
//! model costs exactly the lower bound and is optimal. All of this state depends only on
//! clauses being *added*, so it survives the hard blocking clauses of enumeration: the
//! lower bound stays valid and the next optimum continues from it.

use std::collections::HashMap;

use rustsat::{
    clause,
    encodings::card::{BoundUpper, BoundUpperIncremental, Totalizer},
    types::Lit,
};

use crate::{
    backend::{Backend, Outcome},
    Solution, SolveError,
};

/// Conflict budget of one core-exhaustion probe.
const EXHAUST_CONFLICTS: u64 = 1000;
/// Diversity ratio for stratification: a level boundary is accepted once the terms below
/// it average more than this many per distinct weight (RC2's default).
const DIVERSITY: f64 = 1.25;

#[derive(Debug)]
struct Term {
    /// Should be true; while assumed, its weight is not (yet) paid.
    lit: Lit,
    weight: u64,
    /// For totalizer outputs: (totalizer, k) where `lit` enforces "at most k violated".
    tot: Option<(usize, usize)>,
    hardened: bool,
}

struct Tot {
    enc: Totalizer,
    n_inputs: usize,
}

pub(crate) struct Oll {
    terms: Vec<Term>,
    /// Term literal -> index into `terms`.
    index: HashMap<Lit, usize>,
    tots: Vec<Tot>,
    lb: u64,
    /// Stratification level: only terms with at least this weight are assumed. `None`
    /// before the first call (or when there are no terms).
    level: Option<u64>,
    /// Hardening adds unit clauses that cut off every solution costlier than the best one
    /// seen; that is only sound when a single optimum is wanted, not for enumeration.
    harden: bool,
}

fn enc_err(e: impl std::fmt::Display) -> SolveError {
    SolveError::Solver(format!("totalizer: {e}"))
}

impl Oll {
    pub(crate) fn new(be: &Backend, harden: bool) -> Self {
        let mut oll = Self {
            terms: Vec::new(),
            index: HashMap::new(),
            tots: Vec::new(),
            lb: 0,
            level: None,
            harden,
        };
        for (_, lit, w) in be.objective() {
            oll.add_weight(lit, w, None);
        }
        oll.level = oll.choose_level(None);
        oll
    }

    /// Finds a minimum-cost model of the current hard clauses; `None` if there is none.
    pub(crate) fn optimum(&mut self, be: &mut Backend) -> Result<Option<Solution>, SolveError> {
        // Best cost seen in this call; only valid until the caller adds clauses.
        let mut ub = u64::MAX;
        loop {
            let assumps = self.assumptions();
            match be.solve(&assumps)? {
                Outcome::Sat => {
                    let cost = be.model_cost()?;
                    // A model at the lower bound is optimal, whatever the level.
                    if cost <= self.lb {
                        return be.solution().map(Some);
                    }
                    match self.level.and_then(|l| self.choose_level(Some(l))) {
                        Some(lower) => self.level = Some(lower),
                        None => {
                            // Every term was assumed and holds, so the cost must equal the
                            // lower bound; anything else is a bug in the bookkeeping.
                            debug_assert_eq!(cost, self.lb, "OLL model above lower bound");
                            return be.solution().map(Some);
                        }
                    }
                    ub = ub.min(cost);
                    self.harden_terms(be, ub)?;
                }
                Outcome::Unsat(core) => {
                    if core.is_empty() {
                        return Ok(None);
                    }
                    let core = be.shrink_core(core)?;
                    if core.is_empty() {
                        return Ok(None);
                    }
                    self.relax(be, &core)?;
                    self.harden_terms(be, ub)?;
                }
                Outcome::Unknown => {
                    return Err(SolveError::Solver("unlimited SAT call gave up".into()))
                }
            }
        }
    }

    /// Literals that, assumed, keep a model at the lower bound: every term with positive
    /// weight (a model's cost is the lower bound plus the weights of the terms it violates,
    /// whatever clauses have been added).
    pub(crate) fn at_lower_bound(&self) -> Vec<Lit> {
        self.terms
            .iter()
            .filter(|t| t.weight > 0)
            .map(|t| t.lit)
            .collect()
    }

    fn assumptions(&self) -> Vec<Lit> {
        let level = self.level.unwrap_or(1).max(1);
        self.terms
            .iter()
            .filter(|t| t.weight >= level)
            .map(|t| t.lit)
            .collect()
    }

    /// Picks the next stratification level strictly below `below` (or the first level).
    ///
    /// Levels are distinct term weights, largest first. We descend to the next weight only
    /// when stopping here would be unproductive: stop if everything lighter together
    /// weighs less than one term at this weight (the levels are then lexicographic), or if
    /// the lighter terms are numerous relative to their distinct weights (diversity-based
    /// stratification). With a single distinct weight this returns it: no stratification.
    fn choose_level(&self, below: Option<u64>) -> Option<u64> {
        // All positive weights ascending, with prefix sums, so that "how many terms and how
        // much weight lie below w" is a binary search.
        let mut all: Vec<u64> = self
            .terms
            .iter()
            .map(|t| t.weight)
            .filter(|&w| w > 0)
            .collect();
        all.sort_unstable();
        let prefix: Vec<u64> = all
            .iter()
            .scan(0u64, |acc, &w| {
                *acc = acc.saturating_add(w);
                Some(*acc)
            })
            .collect();
        let mut levels: Vec<u64> = all
            .iter()
            .copied()
            .filter(|&w| below.is_none_or(|b| w < b))
            .collect();
        levels.dedup();
        levels.reverse();
        for (i, &w) in levels.iter().enumerate() {
            let levels_below = levels.len() - i - 1;
            if levels_below == 0 {
                return Some(w);
            }
            let count = all.partition_point(|&x| x < w);
            let sum = if count == 0 { 0 } else { prefix[count - 1] };
            if w > sum || count as f64 / levels_below as f64 > DIVERSITY {
                return Some(w);
            }
        }
        None
    }

    /// OLL's reformulation step for one core (all of whose literals are terms).
    fn relax(&mut self, be: &mut Backend, core: &[Lit]) -> Result<(), SolveError> {
        let idxs: Vec<usize> = core
            .iter()
            .filter_map(|l| self.index.get(l).copied())
            .collect();
        if idxs.len() != core.len() {
            return Err(SolveError::Solver(
                "core literal is not an objective term".into(),
            ));
        }
        let Some(wmin) = idxs.iter().map(|&t| self.terms[t].weight).min() else {
            return Ok(());
        };
        self.lb = self.lb.saturating_add(wmin);
        for &t in &idxs {
            self.terms[t].weight -= wmin;
            if let Some((tot, k)) = self.terms[t].tot {
                self.extend_bound(be, tot, k + 1, wmin)?;
            }
        }
        if let [only] = core {
            // The hard clauses alone refute `only`; record that permanently.
            be.add_clause(clause![!*only])?;
        } else {
            let inputs: Vec<Lit> = core.iter().map(|&l| !l).collect();
            self.tots.push(Tot {
                n_inputs: inputs.len(),
                enc: Totalizer::from(inputs),
            });
            let first = self.extend_bound(be, self.tots.len() - 1, 1, wmin)?;
            self.exhaust(be, first)?;
        }
        Ok(())
    }

    /// Core exhaustion: while the hard clauses alone refute "at most k" for the new
    /// totalizer, that bound is a one-literal core; pay for it at once instead of
    /// rediscovering it through larger cores later.
    fn exhaust(&mut self, be: &mut Backend, mut lit: Option<Lit>) -> Result<(), SolveError> {
        while let Some(l) = lit {
            let Some(&t) = self.index.get(&l) else {
                break;
            };
            match be.solve_limited(&[l], Some(EXHAUST_CONFLICTS))? {
                Outcome::Unsat(c) if c == [l] => {
                    let w = self.terms[t].weight;
                    self.terms[t].weight = 0;
                    self.lb = self.lb.saturating_add(w);
                    be.add_clause(clause![!l])?;
                    lit = match self.terms[t].tot {
                        Some((tot, k)) => self.extend_bound(be, tot, k + 1, w)?,
                        None => None,
                    };
                }
                _ => break,
            }
        }
        Ok(())
    }

    /// Adds weight `w` to the term "totalizer `tot` has at most `k` true inputs" and
    /// returns that term's literal (`None` if the bound holds trivially).
    fn extend_bound(
        &mut self,
        be: &mut Backend,
        tot: usize,
        k: usize,
        w: u64,
    ) -> Result<Option<Lit>, SolveError> {
        let t = &mut self.tots[tot];
        if k >= t.n_inputs {
            // "At most n of n" always holds: nothing left to pay for.
            return Ok(None);
        }
        let (sat, vars) = be.encoder_parts();
        t.enc.encode_ub_change(k..=k, sat, vars).map_err(enc_err)?;
        let lits = t.enc.enforce_ub(k).map_err(enc_err)?;
        match lits.as_slice() {
            [] => Ok(None),
            [lit] => {
                self.add_weight(*lit, w, Some((tot, k)));
                Ok(Some(*lit))
            }
            _ => Err(SolveError::Solver(
                "totalizer bound needs more than one literal".into(),
            )),
        }
    }

    fn add_weight(&mut self, lit: Lit, w: u64, tot: Option<(usize, usize)>) {
        match self.index.get(&lit) {
            Some(&t) => self.terms[t].weight = self.terms[t].weight.saturating_add(w),
            None => {
                self.index.insert(lit, self.terms.len());
                self.terms.push(Term {
                    lit,
                    weight: w,
                    tot,
                    hardened: false,
                });
            }
        }
    }

    /// A term heavier than `ub - lb` cannot be violated by any solution at least as good
    /// as the best one seen, so (when only one optimum is wanted) it may become hard.
    fn harden_terms(&mut self, be: &mut Backend, ub: u64) -> Result<(), SolveError> {
        if !self.harden || ub == u64::MAX {
            return Ok(());
        }
        let gap = ub.saturating_sub(self.lb);
        for t in &mut self.terms {
            if !t.hardened && t.weight > gap {
                be.add_clause(clause![t.lit])?;
                t.hardened = true;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{cancel::Cancel, Instance};

    /// A core that is not minimal (as when minimization runs out of budget) over softs of
    /// which at most one can hold: exhaustion must pay for the second violation at once,
    /// and the optimum must still come out right.
    #[test]
    fn exhaustion_on_non_minimal_core() {
        let mut inst = Instance::new();
        let xs: Vec<Lit> = (0..3).map(|_| inst.new_lit()).collect();
        for i in 0..3 {
            for j in i + 1..3 {
                inst.add_hard(clause![!xs[i], !xs[j]]);
            }
        }
        for &x in &xs {
            inst.add_soft(x, 1);
        }
        let mut be = Backend::new(&inst, Cancel::default()).unwrap();
        let mut oll = Oll::new(&be, false);
        oll.relax(&mut be, &xs).unwrap();
        assert_eq!(oll.lb, 2, "exhaustion should prove two violations");
        let sol = oll.optimum(&mut be).unwrap().unwrap();
        assert_eq!(sol.cost, 2);
        assert_eq!(oll.lb, 2);
    }
}
