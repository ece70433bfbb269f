//! The whole formula: hard constraints of every replica plus one soft health literal per
//! component, as a weighted partial MaxSAT instance.

use std::collections::BTreeMap;

use faultline_bitblast::Tseitin;
use faultline_maxsat::{Instance, SoftId};
use faultline_ssa::components::ComponentId;
use faultline_ssa::term::{TermId, TermStore};
use rustsat::instances::{BasicVarManager, Cnf, ManageVars};
use rustsat::types::{Assignment, Lit};

use crate::terms::{EncodeLimits, Stopped, TermEncoder};

/// Size of the encoded formula, for reports and benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FormulaStats {
    pub vars: u32,
    pub clauses: usize,
    pub and_nodes: usize,
    pub softs: usize,
}

/// Builds the MaxSAT instance incrementally: assert hard terms of each replica, then declare
/// the health softs, then hand [`Formula::instance`] to the solver. Values of any term (angelic
/// values, guards) can be read back from the solver's model.
pub struct Formula {
    terms: TermEncoder,
    tseitin: Tseitin,
    vm: BasicVarManager,
    instance: Instance,
    softs: BTreeMap<ComponentId, SoftId>,
    limits: EncodeLimits,
    /// Hard clauses the instance may hold.
    max_clauses: usize,
}

impl Default for Formula {
    fn default() -> Self {
        Self::new()
    }
}

impl Formula {
    pub fn new() -> Self {
        Formula {
            terms: TermEncoder::new(),
            tseitin: Tseitin::new(),
            vm: BasicVarManager::default(),
            instance: Instance::new(),
            softs: BTreeMap::new(),
            limits: EncodeLimits::unlimited(),
            max_clauses: usize::MAX,
        }
    }

    /// Bounds the growth of the formula: its AND nodes (checked after every term encoded),
    /// its hard clauses (checked after every assertion) and an interrupt asked while large
    /// terms are encoded. [`Formula::assert`] and [`Formula::bit_lits`] then fail with
    /// [`EncodeError::TooLarge`] or [`EncodeError::Interrupted`] instead of growing on.
    pub fn set_limits(&mut self, limits: EncodeLimits, max_clauses: usize) {
        self.limits = limits;
        self.max_clauses = max_clauses;
    }

    /// Require a boolean term to hold. A term that folded to `true` costs nothing; one that
    /// folded to `false` makes the instance unsatisfiable (no repair exists within the bounds).
    pub fn assert(&mut self, store: &TermStore, t: TermId) -> Result<(), EncodeError> {
        let root = self
            .terms
            .try_encode(store, t, &self.limits)
            .map_err(EncodeError::from)?
            .bit(0);
        let mut cnf = Cnf::new();
        self.tseitin
            .assert_lit(self.terms.aig(), root, &mut cnf, &mut self.vm)
            .map_err(|_| EncodeError::OutOfMemory)?;
        self.flush(cnf)
    }

    /// Add the health literal of a component as a soft constraint "healthy" with this weight
    /// (once; later calls return the same soft).
    pub fn add_health_soft(&mut self, c: ComponentId, weight: u64) -> Result<SoftId, EncodeError> {
        if let Some(&s) = self.softs.get(&c) {
            return Ok(s);
        }
        let lit = self.health_lit(c)?;
        let s = self.instance.add_soft(lit, weight);
        self.softs.insert(c, s);
        Ok(s)
    }

    /// The SAT literal of a component's health input.
    pub fn health_lit(&mut self, c: ComponentId) -> Result<Lit, EncodeError> {
        let h = self.terms.health(c);
        let mut cnf = Cnf::new();
        let lit = self
            .tseitin
            .lit_of(self.terms.aig(), h, &mut cnf, &mut self.vm)
            .map_err(|_| EncodeError::OutOfMemory)?;
        self.flush(cnf)?;
        Ok(lit)
    }

    /// The SAT literals of a term's bits, least significant first: assuming them (or their
    /// negations) fixes the term's value, as the test's data fix a parametric replica's
    /// parameters. Clauses this needs are added to the instance, so call it before the
    /// instance is handed to a solver.
    pub fn bit_lits(&mut self, store: &TermStore, t: TermId) -> Result<Vec<Lit>, EncodeError> {
        let bv = self
            .terms
            .try_encode(store, t, &self.limits)
            .map_err(EncodeError::from)?;
        let mut cnf = Cnf::new();
        let mut lits = Vec::with_capacity(bv.width());
        for k in 0..bv.width() {
            let lit = self
                .tseitin
                .lit_of(self.terms.aig(), bv.bit(k), &mut cnf, &mut self.vm)
                .map_err(|_| EncodeError::OutOfMemory)?;
            // A bit no constraint depends on has no clause: the instance must still count
            // its variable, or a solver loading it could draw the same one afresh.
            self.instance.note_var(lit.var());
            lits.push(lit);
        }
        self.flush(cnf)?;
        Ok(lits)
    }

    /// A hard clause over health literals, e.g. "some statement of this must-set is unhealthy".
    pub fn add_health_clause(
        &mut self,
        components: impl IntoIterator<Item = (ComponentId, bool)>,
    ) -> Result<(), EncodeError> {
        let mut clause = rustsat::types::Clause::new();
        for (c, healthy) in components {
            let l = self.health_lit(c)?;
            clause.add(if healthy { l } else { !l });
        }
        self.instance.add_hard(clause);
        Ok(())
    }

    /// The component of each soft, in soft order.
    pub fn softs(&self) -> impl Iterator<Item = (ComponentId, SoftId)> + '_ {
        self.softs.iter().map(|(&c, &s)| (c, s))
    }

    pub fn component_of(&self, soft: SoftId) -> Option<ComponentId> {
        self.softs
            .iter()
            .find_map(|(&c, &s)| (s == soft).then_some(c))
    }

    pub fn instance(&self) -> &Instance {
        &self.instance
    }

    /// The value of a term in a model of the instance (zero-extended bits). Terms outside the
    /// encoded cone are evaluated from their inputs; inputs the clauses never mention are
    /// unconstrained and read as 0.
    pub fn value(&mut self, store: &TermStore, t: TermId, model: &Assignment) -> u128 {
        let bv = self.terms.encode(store, t);
        self.tseitin
            .value_u128(self.terms.aig(), &bv, model)
            .unwrap_or(0)
    }

    pub fn stats(&self) -> FormulaStats {
        FormulaStats {
            vars: self.vm.n_used(),
            clauses: self.instance.n_hard(),
            and_nodes: self.terms.aig().and_count(),
            softs: self.instance.n_soft(),
        }
    }

    fn flush(&mut self, cnf: Cnf) -> Result<(), EncodeError> {
        for clause in cnf {
            self.instance.add_hard(clause);
        }
        let clauses = self.instance.n_hard();
        if clauses > self.max_clauses {
            return Err(EncodeError::TooLarge {
                what: "clauses",
                count: clauses,
            });
        }
        Ok(())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncodeError {
    OutOfMemory,
    /// The formula outgrew its limits ([`Formula::set_limits`]): `count` AND gates or
    /// clauses.
    TooLarge {
        what: &'static str,
        count: usize,
    },
    /// The limits' interrupt stopped the encoding (cancelled, out of time or of memory).
    Interrupted,
}

impl From<Stopped> for EncodeError {
    fn from(s: Stopped) -> Self {
        match s {
            Stopped::TooLarge { and_nodes } => EncodeError::TooLarge {
                what: "AND gates",
                count: and_nodes,
            },
            Stopped::Interrupted => EncodeError::Interrupted,
        }
    }
}

impl std::fmt::Display for EncodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EncodeError::OutOfMemory => write!(f, "out of memory while encoding the formula"),
            EncodeError::TooLarge { what, count } => {
                write!(f, "{count} {what}, more than the memory budget allows")
            }
            EncodeError::Interrupted => write!(f, "encoding interrupted"),
        }
    }
}

impl std::error::Error for EncodeError {}
