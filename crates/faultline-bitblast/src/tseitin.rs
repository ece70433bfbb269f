//! Incremental Tseitin encoding of an [`Aig`] into CNF.
//!
//! Only the cone of influence of the requested roots is encoded, and every node at most once: the
//! node → SAT literal map persists across calls, so encoding more roots later (e.g. after adding
//! more of the program to the graph, or into an incremental solver) emits clauses only for nodes
//! not seen before. Each AND node gets the full three-clause definition `v <-> a & b`; both
//! polarities are needed because a node encoded once may later be used under either sign.
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
    /// AND nodes given a definition.
    pub and_nodes: usize,
    /// Inputs given a variable.
    pub inputs: usize,
}

/// The node → literal map and encoding state. See the module documentation.
#[derive(Clone, Debug, Default)]
pub struct Tseitin {
    /// Positive literal of each encoded node, indexed by node; for node 0 (FALSE) a literal forced
    /// false by a unit clause.
    map: Vec<Option<Lit>>,
    /// Edges already asserted (including conjuncts split off), so re-asserting emits nothing.
    asserted: HashSet<AigLit>,
    stats: TseitinStats,
}

impl Tseitin {
    /// A fresh encoder with nothing encoded.
    pub fn new() -> Tseitin {
        Tseitin::default()
    }

    /// Encoding counters.
    pub fn stats(&self) -> TseitinStats {
        self.stats
    }

    fn mapped(&self, node: u32) -> Option<Lit> {
        self.map.get(node as usize).copied().flatten()
    }

    fn set(&mut self, node: u32, lit: Lit) {
        let i = node as usize;
        if self.map.len() <= i {
            self.map.resize(i + 1, None);
        }
        self.map[i] = Some(lit);
    }

    fn emit<C: CollectClauses>(&mut self, cnf: &mut C, cl: Clause) -> Result<(), OutOfMemory> {
        self.stats.clauses += 1;
        cnf.add_clause(cl)
    }

    /// The SAT literal of an edge if its node has already been encoded (no clauses emitted).
    pub fn existing_lit(&self, lit: AigLit) -> Option<Lit> {
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
        self.encode_node(aig, lit.node(), cnf, vm)?;
        Ok(self
            .existing_lit(lit)
            .expect("encode_node maps the node it encodes"))
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

    /// Encodes the cone of `root` iteratively (deep circuits such as 64-bit dividers would overflow
    /// the call stack with recursion). Children precede parents on the stack, so when a node is
    /// finished both children are mapped.
    fn encode_node<C, V>(
        &mut self,
        aig: &Aig,
        root: u32,
        cnf: &mut C,
        vm: &mut V,
    ) -> Result<(), OutOfMemory>
    where
        C: CollectClauses,
        V: ManageVars + ?Sized,
    {
        if self.mapped(root).is_some() {
            return Ok(());
        }
        let mut stack = vec![root];
        while let Some(&n) = stack.last() {
            if self.mapped(n).is_some() {
                stack.pop();
                continue;
            }
            if n == 0 {
                let t = vm.new_lit();
                self.stats.vars += 1;
                self.emit(cnf, Clause::from([t]))?;
                self.set(0, !t);
                stack.pop();
                continue;
            }
            match aig.node(n).expect("AigLit from another graph") {
                Node::False => unreachable!("node 0 handled above"),
                Node::Input(_) => {
                    let v = vm.new_lit();
                    self.stats.vars += 1;
                    self.stats.inputs += 1;
                    self.set(n, v);
                    stack.pop();
                }
                Node::And(a, b) => {
                    let (la, lb) = (self.existing_lit(a), self.existing_lit(b));
                    let (la, lb) = match (la, lb) {
                        (Some(la), Some(lb)) => (la, lb),
                        _ => {
                            if la.is_none() {
                                stack.push(a.node());
                            }
                            if lb.is_none() {
                                stack.push(b.node());
                            }
                            continue;
                        }
                    };
                    stack.pop();
                    let v = vm.new_lit();
                    self.stats.vars += 1;
                    self.stats.and_nodes += 1;
                    self.stats.clauses += 3;
                    cnf.extend_clauses([
                        Clause::from([!v, la]),
                        Clause::from([!v, lb]),
                        Clause::from([v, !la, !lb]),
                    ])?;
                    self.set(n, v);
                }
            }
        }
        Ok(())
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
                        cl.add(!self.lit_of(aig, c, cnf, vm)?);
                    }
                    self.emit(cnf, cl)?;
                }
                (None, _) => {
                    let lit = self.lit_of(aig, l, cnf, vm)?;
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

    /// The value of `lit` in a model. Encoded nodes are read from the model; nodes outside the
    /// encoded cones (e.g. conjunctions split by [`Tseitin::assert_lit`]) are evaluated from their
    /// children. Inputs that were never encoded, and variables the model leaves unassigned, read as
    /// false: neither is constrained by the clauses, so any value is consistent with the model.
    pub fn value(&self, aig: &Aig, lit: AigLit, model: &Assignment) -> bool {
        let mut memo = HashMap::new();
        self.eval(aig, lit, model, &mut memo)
    }

    fn read(&self, node: u32, model: &Assignment, memo: &HashMap<u32, bool>) -> Option<bool> {
        if node == 0 {
            return Some(false);
        }
        if let Some(l) = self.mapped(node) {
            return Some(model.lit_value(l) == TernaryVal::True);
        }
        memo.get(&node).copied()
    }

    /// Evaluates `lit` bottom-up from encoded nodes, iteratively for the same depth reason as
    /// [`Tseitin::encode_node`]. `memo` caches unencoded nodes across calls for one model.
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
