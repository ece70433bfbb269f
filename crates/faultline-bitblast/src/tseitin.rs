//! Incremental Tseitin encoding of an [`Aig`] into CNF.
//!
//! Only the cone of influence of the requested roots is encoded, and every node at most once: the
//! node → SAT literal map persists across calls, so encoding more roots later (e.g. after adding
//! more of the program to the graph, or into an incremental solver) emits clauses only for nodes
//! and polarities not encoded before.
//!
//! # Polarity
//!
//! An AND node `v = a & b` has two halves: `v -> a`, `v -> b` (needed where `v` must be able to be
//! true, "positive polarity") and `a & b -> v` (negative polarity). Nodes reached only through
//! [`Tseitin::assert_lit`] get just the halves their polarity needs (Plaisted–Greenbaum), which
//! is still equisatisfiable but saves about a third of the clauses. The encoder records which
//! halves each node has and adds the missing ones if the node is later needed in the other
//! polarity, e.g. by [`Tseitin::lit_of`], which always yields a literal *equivalent* to the edge.
//! [`Tseitin::set_polarity_optimisation`] turns this off (full three-clause definitions
//! everywhere).
//!
//! # Multiplexers and XORs
//!
//! An AND of two negated ANDs that share a selector, `!(s & a) & !(!s & b)`, is `s ? !a : !b`
//! (an XOR when `b = !a`). Unless one of the inner ANDs already has a variable, such a node is
//! encoded as one gate over `s` and the two branches: one variable where the three AND nodes
//! took three, at most six clauses where they took nine (TCAS replica: 396 k → 258 k
//! variables, 1.13 M → 0.90 M clauses). [`Tseitin::set_mux_detection`] turns it off.
//!
//! Because a half-defined node's variable may differ from its function in a model, model values
//! are read through [`Tseitin::value`], which evaluates the graph from fully defined nodes.
//!
//! Clauses go to any [`CollectClauses`] (a [`rustsat::instances::Cnf`], or a solver directly) and
//! variables come from any [`ManageVars`]. Use the same collector/solver and variable manager for
//! all calls on one [`Tseitin`]; the map refers to variables it allocated earlier.

use std::collections::{HashMap, HashSet};

use rustsat::encodings::CollectClauses;
use rustsat::instances::ManageVars;
use rustsat::types::{Assignment, Clause, Lit, TernaryVal};
use rustsat::OutOfMemory;

use crate::aig::{Aig, AigLit, Node};
use crate::bitvec::{sign_extend_u128, BitVec};

/// Counters for an encoder.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TseitinStats {
    /// SAT variables allocated (one per encoded input or AND node, plus one for the constant).
    pub vars: usize,
    /// Clauses emitted.
    pub clauses: usize,
    /// AND nodes given (at least half of) a definition.
    pub and_nodes: usize,
    /// Inputs given a variable.
    pub inputs: usize,
    /// Of `and_nodes`, those encoded as a multiplexer or XOR over the children of their two
    /// children (see [`Tseitin::set_mux_detection`]).
    pub muxes: usize,
}

/// Polarity bits: which halves of a node's definition have been emitted.
const POS: u8 = 1;
const NEG: u8 = 2;
const BOTH: u8 = POS | NEG;

/// The polarity a child edge needs when its parent needs `pol`: a negated edge flips it.
fn child_pol(edge: AigLit, pol: u8) -> u8 {
    if edge.is_negated() {
        ((pol & POS) << 1) | ((pol & NEG) >> 1)
    } else {
        pol
    }
}

/// The node → literal map and encoding state. See the module documentation.
#[derive(Clone, Debug)]
pub struct Tseitin {
    /// Positive literal of each node given a variable, indexed by node; for node 0 (FALSE) a
    /// literal forced false by a unit clause.
    map: Vec<Option<Lit>>,
    /// Halves of each node's definition already emitted (`POS`/`NEG` bits; inputs and the constant
    /// are always `BOTH`).
    pol: Vec<u8>,
    /// Whether asserted cones get polarity-restricted definitions.
    polarity_opt: bool,
    /// Whether multiplexers and XORs are encoded as such.
    mux_opt: bool,
    /// Edges already asserted (including conjuncts split off), so re-asserting emits nothing.
    asserted: HashSet<AigLit>,
    stats: TseitinStats,
}

impl Default for Tseitin {
    fn default() -> Self {
        Tseitin::new()
    }
}

impl Tseitin {
    /// A fresh encoder with nothing encoded, polarity optimisation on.
    pub fn new() -> Tseitin {
        Tseitin {
            map: Vec::new(),
            pol: Vec::new(),
            polarity_opt: true,
            mux_opt: true,
            asserted: HashSet::new(),
            stats: TseitinStats::default(),
        }
    }

    /// Whether [`Tseitin::assert_lit`] emits only the polarity-needed halves of definitions
    /// (default) or full definitions. Affects later calls only.
    pub fn set_polarity_optimisation(&mut self, on: bool) {
        self.polarity_opt = on;
    }

    /// Whether an AND node that is a multiplexer or XOR of three AND nodes gets one variable
    /// and a gate definition (default) instead of three AND definitions. Affects later calls
    /// only.
    pub fn set_mux_detection(&mut self, on: bool) {
        self.mux_opt = on;
    }

    /// Encoding counters.
    pub fn stats(&self) -> TseitinStats {
        self.stats
    }

    fn mapped(&self, node: u32) -> Option<Lit> {
        self.map.get(node as usize).copied().flatten()
    }

    fn pol_of(&self, node: u32) -> u8 {
        self.pol.get(node as usize).copied().unwrap_or(0)
    }

    /// The variable of `node`, allocated on first use. Inputs and the constant are complete as soon
    /// as they have a variable; AND nodes still need their definition halves.
    fn var_of<C, V>(
        &mut self,
        aig: &Aig,
        node: u32,
        cnf: &mut C,
        vm: &mut V,
    ) -> Result<Lit, OutOfMemory>
    where
        C: CollectClauses,
        V: ManageVars + ?Sized,
    {
        if let Some(l) = self.mapped(node) {
            return Ok(l);
        }
        let i = node as usize;
        if self.map.len() <= i {
            self.map.resize(i + 1, None);
            self.pol.resize(i + 1, 0);
        }
        let v = vm.new_lit();
        self.stats.vars += 1;
        let lit = match aig.node(node).expect("AigLit from another graph") {
            Node::False => {
                self.emit(cnf, Clause::from([v]))?;
                self.pol[i] = BOTH;
                !v
            }
            Node::Input(_) => {
                self.stats.inputs += 1;
                self.pol[i] = BOTH;
                v
            }
            Node::And(..) => {
                self.stats.and_nodes += 1;
                v
            }
        };
        self.map[i] = Some(lit);
        Ok(lit)
    }

    /// The literal of an edge: its node's variable (allocated on first use), negated as the
    /// edge is. Emits no definition.
    fn edge_lit<C, V>(
        &mut self,
        aig: &Aig,
        edge: AigLit,
        cnf: &mut C,
        vm: &mut V,
    ) -> Result<Lit, OutOfMemory>
    where
        C: CollectClauses,
        V: ManageVars + ?Sized,
    {
        let l = self.var_of(aig, edge.node(), cnf, vm)?;
        Ok(if edge.is_negated() { !l } else { l })
    }

    fn emit<C: CollectClauses>(&mut self, cnf: &mut C, cl: Clause) -> Result<(), OutOfMemory> {
        self.stats.clauses += 1;
        cnf.add_clause(cl)
    }

    /// The SAT literal equivalent to an edge if its node is already fully encoded (as by
    /// [`Tseitin::lit_of`]); emits nothing. Half-encoded nodes (see the module documentation)
    /// give `None`.
    pub fn existing_lit(&self, lit: AigLit) -> Option<Lit> {
        if self.pol_of(lit.node()) != BOTH {
            return None;
        }
        self.mapped(lit.node())
            .map(|l| if lit.is_negated() { !l } else { l })
    }

    /// The SAT literal equivalent to `lit`, encoding its cone of influence first if needed.
    /// Constants map to a literal fixed by a unit clause (emitted once). Panics if `lit` does not
    /// belong to `aig` (its node index is out of range).
    pub fn lit_of<C, V>(
        &mut self,
        aig: &Aig,
        lit: AigLit,
        cnf: &mut C,
        vm: &mut V,
    ) -> Result<Lit, OutOfMemory>
    where
        C: CollectClauses,
        V: ManageVars + ?Sized,
    {
        self.require(aig, lit.node(), BOTH, cnf, vm)?;
        self.edge_lit(aig, lit, cnf, vm)
    }

    /// SAT literals for every bit of `bv` (least significant first).
    pub fn lits_of<C, V>(
        &mut self,
        aig: &Aig,
        bv: &BitVec,
        cnf: &mut C,
        vm: &mut V,
    ) -> Result<Vec<Lit>, OutOfMemory>
    where
        C: CollectClauses,
        V: ManageVars + ?Sized,
    {
        bv.bits()
            .iter()
            .map(|&b| self.lit_of(aig, b, cnf, vm))
            .collect()
    }

    /// Emits the definition halves `pol` of `root` and, transitively, those its children need.
    /// Iterative, since deep circuits such as 64-bit dividers would overflow the call stack. Clauses
    /// only need the children's variables, not their definitions, so the order is free.
    fn require<C, V>(
        &mut self,
        aig: &Aig,
        root: u32,
        pol: u8,
        cnf: &mut C,
        vm: &mut V,
    ) -> Result<(), OutOfMemory>
    where
        C: CollectClauses,
        V: ManageVars + ?Sized,
    {
        // Size the per-node tables for the whole graph once instead of growing them node by node.
        if self.map.len() < aig.len() {
            self.map.resize(aig.len(), None);
            self.pol.resize(aig.len(), 0);
        }
        let mut stack = vec![(root, pol)];
        while let Some((n, need)) = stack.pop() {
            let v = self.var_of(aig, n, cnf, vm)?;
            let missing = need & !self.pol_of(n);
            if missing == 0 {
                continue;
            }
            // Inputs and the constant are BOTH from `var_of`, so this is an AND node.
            let Some(Node::And(a, b)) = aig.node(n) else {
                unreachable!("only AND nodes lack polarity halves")
            };
            self.pol[n as usize] |= missing;
            if self.mux_opt {
                if let Some((sel, then, other)) = self.mux_of(aig, a, b) {
                    self.mux_clauses(aig, v, missing, [sel, then, other], cnf, vm)?;
                    // The selector appears in both signs; the branches in the node's.
                    for (e, p) in [
                        (sel, BOTH),
                        (then, child_pol(then, missing)),
                        (other, child_pol(other, missing)),
                    ] {
                        if p & !self.pol_of(e.node()) != 0 {
                            stack.push((e.node(), p));
                        }
                    }
                    continue;
                }
            }
            let la = self.edge_lit(aig, a, cnf, vm)?;
            let lb = self.edge_lit(aig, b, cnf, vm)?;
            match missing {
                BOTH => {
                    self.stats.clauses += 3;
                    cnf.extend_clauses([
                        Clause::from([!v, la]),
                        Clause::from([!v, lb]),
                        Clause::from([v, !la, !lb]),
                    ])?;
                }
                POS => {
                    self.stats.clauses += 2;
                    cnf.extend_clauses([Clause::from([!v, la]), Clause::from([!v, lb])])?;
                }
                _ => self.emit(cnf, Clause::from([v, !la, !lb]))?,
            }
            for e in [a, b] {
                let p = child_pol(e, missing);
                if p & !self.pol_of(e.node()) != 0 {
                    stack.push((e.node(), p));
                }
            }
        }
        Ok(())
    }

    /// The multiplexer `sel ? then : other` that `a & b` is, when it is one whose two inner
    /// AND nodes have no variable yet: `a = !(sel & !then)`, `b = !(!sel & !other)`. An `ite`
    /// (guarded stores, relaxed values) and an XOR (adders) each take three AND nodes; as one
    /// gate they need one variable instead of three and at most six clauses instead of nine.
    /// An inner node some other parent needs later gets its own variable then.
    fn mux_of(&self, aig: &Aig, a: AigLit, b: AigLit) -> Option<(AigLit, AigLit, AigLit)> {
        if !a.is_negated() || !b.is_negated() {
            return None;
        }
        if self.mapped(a.node()).is_some() || self.mapped(b.node()).is_some() {
            return None;
        }
        let (x1, x2) = aig.and_children(a)?;
        let (y1, y2) = aig.and_children(b)?;
        for (sel, p) in [(x1, x2), (x2, x1)] {
            for (not_sel, q) in [(y1, y2), (y2, y1)] {
                if not_sel == !sel {
                    // !(sel & p) & !(!sel & q) = sel ? !p : !q
                    return Some((sel, !p, !q));
                }
            }
        }
        None
    }

    /// The halves `missing` of `v = sel ? then : other`. Each half has the clause over both
    /// branches as well (redundant, but it propagates `v` when the branches agree and the
    /// selector is open); for an XOR (`then = !other`) that clause is a tautology and left out.
    fn mux_clauses<C, V>(
        &mut self,
        aig: &Aig,
        v: Lit,
        missing: u8,
        [sel, then, other]: [AigLit; 3],
        cnf: &mut C,
        vm: &mut V,
    ) -> Result<(), OutOfMemory>
    where
        C: CollectClauses,
        V: ManageVars + ?Sized,
    {
        let s = self.edge_lit(aig, sel, cnf, vm)?;
        let t = self.edge_lit(aig, then, cnf, vm)?;
        let e = self.edge_lit(aig, other, cnf, vm)?;
        let xor = then == !other;
        if missing & POS != 0 {
            self.emit(cnf, Clause::from([!v, !s, t]))?;
            self.emit(cnf, Clause::from([!v, s, e]))?;
            if !xor {
                self.emit(cnf, Clause::from([!v, t, e]))?;
            }
        }
        if missing & NEG != 0 {
            self.emit(cnf, Clause::from([v, !s, !t]))?;
            self.emit(cnf, Clause::from([v, s, !e]))?;
            if !xor {
                self.emit(cnf, Clause::from([v, !t, !e]))?;
            }
        }
        self.stats.muxes += 1;
        Ok(())
    }

    /// Makes `lit` usable as true in a clause: its node's definition in the polarity `lit`
    /// appears in (or both halves without polarity optimisation).
    fn lit_in_clause<C, V>(
        &mut self,
        aig: &Aig,
        lit: AigLit,
        cnf: &mut C,
        vm: &mut V,
    ) -> Result<Lit, OutOfMemory>
    where
        C: CollectClauses,
        V: ManageVars + ?Sized,
    {
        let pol = match (self.polarity_opt, lit.is_negated()) {
            (false, _) => BOTH,
            (true, false) => POS,
            (true, true) => NEG,
        };
        self.require(aig, lit.node(), pol, cnf, vm)?;
        self.edge_lit(aig, lit, cnf, vm)
    }

    /// Adds clauses forcing `root` to be true. Conjunctions are split into their conjuncts and a
    /// negated conjunction becomes one clause over its negated conjuncts, so asserted top-level
    /// structure costs no definitions. Asserting FALSE emits the empty clause. Asserting an edge
    /// again (or a conjunct of an asserted edge) emits nothing.
    pub fn assert_lit<C, V>(
        &mut self,
        aig: &Aig,
        root: AigLit,
        cnf: &mut C,
        vm: &mut V,
    ) -> Result<(), OutOfMemory>
    where
        C: CollectClauses,
        V: ManageVars + ?Sized,
    {
        let mut todo = vec![root];
        while let Some(l) = todo.pop() {
            if !self.asserted.insert(l) {
                continue;
            }
            match l.const_value() {
                Some(true) => continue,
                Some(false) => {
                    self.emit(cnf, Clause::new())?;
                    continue;
                }
                None => {}
            }
            match (aig.and_children(l), l.is_negated()) {
                (Some((a, b)), false) => {
                    todo.push(a);
                    todo.push(b);
                }
                (Some((a, b)), true) => {
                    // !(a & b & ...) : one clause over the negated conjuncts.
                    let conjuncts = conjuncts(aig, a, b);
                    if conjuncts.contains(&AigLit::FALSE) {
                        continue;
                    }
                    let mut cl = Clause::new();
                    for c in conjuncts {
                        if c == AigLit::TRUE {
                            continue;
                        }
                        cl.add(self.lit_in_clause(aig, !c, cnf, vm)?);
                    }
                    self.emit(cnf, cl)?;
                }
                (None, _) => {
                    let lit = self.lit_in_clause(aig, l, cnf, vm)?;
                    self.emit(cnf, Clause::from([lit]))?;
                }
            }
        }
        Ok(())
    }

    /// Asserts every root (see [`Tseitin::assert_lit`]).
    pub fn assert_all<C, V, I>(
        &mut self,
        aig: &Aig,
        roots: I,
        cnf: &mut C,
        vm: &mut V,
    ) -> Result<(), OutOfMemory>
    where
        C: CollectClauses,
        V: ManageVars + ?Sized,
        I: IntoIterator<Item = AigLit>,
    {
        for r in roots {
            self.assert_lit(aig, r, cnf, vm)?;
        }
        Ok(())
    }

    /// The value of `lit` in a model. Fully defined nodes are read from the model; others
    /// (half-defined nodes, conjunctions split by [`Tseitin::assert_lit`]) are evaluated from
    /// their children. Inputs that were never encoded, and variables the model leaves unassigned, read as
    /// false: neither is constrained by the clauses, so any value is consistent with the model.
    pub fn value(&self, aig: &Aig, lit: AigLit, model: &Assignment) -> bool {
        let mut memo = HashMap::new();
        self.eval(aig, lit, model, &mut memo)
    }

    fn read(&self, node: u32, model: &Assignment, memo: &HashMap<u32, bool>) -> Option<bool> {
        if node == 0 {
            return Some(false);
        }
        // Only fully defined nodes are equivalent to their variable in every model; their cones are
        // fully defined too (both halves need both polarities of the children).
        if self.pol_of(node) == BOTH {
            if let Some(l) = self.mapped(node) {
                return Some(model.lit_value(l) == TernaryVal::True);
            }
        }
        memo.get(&node).copied()
    }

    /// Evaluates `lit` bottom-up from encoded nodes, iteratively for the same depth reason as
    /// [`Tseitin::require`]. `memo` caches unencoded nodes across calls for one model.
    fn eval(
        &self,
        aig: &Aig,
        lit: AigLit,
        model: &Assignment,
        memo: &mut HashMap<u32, bool>,
    ) -> bool {
        let mut stack = vec![lit.node()];
        while let Some(&n) = stack.last() {
            if self.read(n, model, memo).is_some() {
                stack.pop();
                continue;
            }
            let v = match aig.node(n) {
                Some(Node::And(a, b)) => {
                    let va = self.read(a.node(), model, memo);
                    let vb = self.read(b.node(), model, memo);
                    match (va, vb) {
                        (Some(va), Some(vb)) => (va ^ a.is_negated()) && (vb ^ b.is_negated()),
                        _ => {
                            if va.is_none() {
                                stack.push(a.node());
                            }
                            if vb.is_none() {
                                stack.push(b.node());
                            }
                            continue;
                        }
                    }
                }
                // Unencoded inputs (and edges from a different graph) are unconstrained.
                _ => false,
            };
            memo.insert(n, v);
            stack.pop();
        }
        self.read(lit.node(), model, memo).unwrap_or(false) ^ lit.is_negated()
    }

    /// The unsigned value of `bv` in a model (see [`Tseitin::value`]); `None` if the width exceeds
    /// 128.
    pub fn value_u128(&self, aig: &Aig, bv: &BitVec, model: &Assignment) -> Option<u128> {
        if bv.width() > 128 {
            return None;
        }
        let mut memo = HashMap::new();
        let mut v = 0u128;
        for (i, &b) in bv.bits().iter().enumerate() {
            if self.eval(aig, b, model, &mut memo) {
                v |= 1 << i;
            }
        }
        Some(v)
    }

    /// The two's-complement value of `bv` in a model (see [`Tseitin::value_u128`]).
    pub fn value_i128(&self, aig: &Aig, bv: &BitVec, model: &Assignment) -> Option<i128> {
        self.value_u128(aig, bv, model)
            .map(|v| sign_extend_u128(v, bv.width()))
    }
}

/// The conjuncts of `a & b`, expanding un-negated AND children (each distinct edge once).
fn conjuncts(aig: &Aig, a: AigLit, b: AigLit) -> Vec<AigLit> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut todo = vec![a, b];
    while let Some(l) = todo.pop() {
        if !seen.insert(l) {
            continue;
        }
        match aig.and_children(l) {
            Some((x, y)) if !l.is_negated() => {
                todo.push(x);
                todo.push(y);
            }
            _ => out.push(l),
        }
    }
    out
}
