//! The weighted partial MaxSAT instance: hard clauses plus weighted soft literals.

use rustsat::types::{Assignment, Clause, Lit, TernaryVal, Var};

/// Identifies a soft literal by the order in which it was added (0, 1, 2, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SoftId(pub u32);

impl SoftId {
    /// Position of the soft in [`Instance::softs`].
    #[must_use]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Hard clauses plus soft literals with weights.
///
/// A soft `(lit, w)` says "`lit` should be true"; a solution pays `w` when `lit` is false.
/// Weights are meant to be positive; a soft with weight 0 never costs anything and is
/// therefore never reported as falsified.
#[derive(Debug, Clone, Default)]
pub struct Instance {
    n_vars: u32,
    hard: Vec<Clause>,
    softs: Vec<(Lit, u64)>,
}

impl Instance {
    /// An empty instance (no variables, no clauses, no softs).
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Allocates the next variable.
    ///
    /// # Panics
    ///
    /// Only past `Var::MAX_IDX` (about 2^31 variables), which no SAT solver could take anyway.
    pub fn new_var(&mut self) -> Var {
        let v = Var::new(self.n_vars);
        self.n_vars += 1;
        v
    }

    /// Allocates the next variable and returns its positive literal.
    pub fn new_lit(&mut self) -> Lit {
        self.new_var().pos_lit()
    }

    /// Adds a hard clause. Variables beyond [`Self::n_vars`] are accepted and counted, so
    /// clauses built with a foreign variable manager still work. An empty clause makes the
    /// instance unsatisfiable.
    pub fn add_hard(&mut self, clause: Clause) {
        for l in clause.iter() {
            self.note_var(l.var());
        }
        self.hard.push(clause);
    }

    /// Adds a soft literal; the cost `weight` is paid when `lit` is false.
    pub fn add_soft(&mut self, lit: Lit, weight: u64) -> SoftId {
        self.note_var(lit.var());
        // More than u32::MAX softs cannot be represented by CaDiCaL variables anyway.
        let id = SoftId(u32::try_from(self.softs.len()).unwrap_or(u32::MAX));
        self.softs.push((lit, weight));
        id
    }

    /// Counts `v` as a variable of the instance though no clause may use it (a literal the
    /// caller will assume): variables a solver draws later must not be it.
    pub fn note_var(&mut self, v: Var) {
        self.n_vars = self.n_vars.max(v.idx32().saturating_add(1));
    }

    /// Number of variables (one past the highest variable index used).
    #[must_use]
    pub fn n_vars(&self) -> u32 {
        self.n_vars
    }

    /// Number of hard clauses.
    #[must_use]
    pub fn n_hard(&self) -> usize {
        self.hard.len()
    }

    /// Number of soft literals.
    #[must_use]
    pub fn n_soft(&self) -> usize {
        self.softs.len()
    }

    /// The hard clauses, in insertion order.
    #[must_use]
    pub fn hard_clauses(&self) -> &[Clause] {
        &self.hard
    }

    /// The soft literals and their weights, indexed by [`SoftId::index`].
    #[must_use]
    pub fn softs(&self) -> &[(Lit, u64)] {
        &self.softs
    }

    /// The literal of a soft, if the id exists.
    #[must_use]
    pub fn soft_lit(&self, id: SoftId) -> Option<Lit> {
        self.softs.get(id.index()).map(|&(l, _)| l)
    }

    /// The weight of a soft, if the id exists.
    #[must_use]
    pub fn soft_weight(&self, id: SoftId) -> Option<u64> {
        self.softs.get(id.index()).map(|&(_, w)| w)
    }

    /// Sum of all soft weights, `None` on overflow.
    #[must_use]
    pub fn total_weight(&self) -> Option<u64> {
        self.softs
            .iter()
            .try_fold(0u64, |acc, &(_, w)| acc.checked_add(w))
    }

    /// Whether `model` satisfies every hard clause (unassigned literals count as false).
    #[must_use]
    pub fn satisfies_hard(&self, model: &Assignment) -> bool {
        self.hard
            .iter()
            .all(|cl| cl.iter().any(|&l| model.lit_value(l) == TernaryVal::True))
    }

    /// The cost of `model`: the summed weights of softs whose literal is not true
    /// (saturating).
    #[must_use]
    pub fn cost_of(&self, model: &Assignment) -> u64 {
        self.softs
            .iter()
            .filter(|&&(l, _)| model.lit_value(l) != TernaryVal::True)
            .fold(0u64, |acc, &(_, w)| acc.saturating_add(w))
    }
}
