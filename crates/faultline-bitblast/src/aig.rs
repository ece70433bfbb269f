//! And-inverter graph with constant propagation, structural hashing and cheap two-level rewrites.
//!
//! Every Boolean function is built from two-input AND nodes and negated edges. Nodes are numbered
//! in creation order, so a node's children always have smaller indices: the node vector is a
//! topological order, which both [`Aig::simulate`] and the CNF emitter rely on.
//!
//! Node 0 is the constant FALSE; [`AigLit::TRUE`] is its negation. Constant operands never create
//! nodes, so a graph built over constant bit-vectors stays empty: the encoder depends on this, since
//! concrete test inputs make most of each program replica fold away.

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::Not;

/// An edge into the graph: a node index shifted left by one, with the low bit set when the edge is
/// negated. `AigLit::FALSE` and `AigLit::TRUE` are the two edges into the constant node 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AigLit(u32);

impl AigLit {
    /// The constant false edge.
    pub const FALSE: AigLit = AigLit(0);
    /// The constant true edge.
    pub const TRUE: AigLit = AigLit(1);

    #[inline]
    fn new(node: u32, negated: bool) -> AigLit {
        AigLit((node << 1) | negated as u32)
    }

    /// The constant edge for `b`.
    #[inline]
    pub fn constant(b: bool) -> AigLit {
        AigLit(b as u32)
    }

    /// The index of the node this edge points to (0 is the constant node).
    #[inline]
    pub fn node(self) -> u32 {
        self.0 >> 1
    }

    /// Whether the edge is negated.
    #[inline]
    pub fn is_negated(self) -> bool {
        self.0 & 1 == 1
    }

    /// The same edge without negation.
    #[inline]
    pub fn positive(self) -> AigLit {
        AigLit(self.0 & !1)
    }

    /// Whether the edge is one of the two constants.
    #[inline]
    pub fn is_const(self) -> bool {
        self.0 < 2
    }

    /// The Boolean value of a constant edge, `None` otherwise.
    #[inline]
    pub fn const_value(self) -> Option<bool> {
        if self.is_const() {
            Some(self.0 == 1)
        } else {
            None
        }
    }

    /// The raw encoding (node index * 2 + negation bit).
    #[inline]
    pub fn raw(self) -> u32 {
        self.0
    }

    /// Negates the edge when `cond` holds (`self XOR cond`).
    #[inline]
    pub fn negate_if(self, cond: bool) -> AigLit {
        AigLit(self.0 ^ cond as u32)
    }
}

impl Not for AigLit {
    type Output = AigLit;
    #[inline]
    fn not(self) -> AigLit {
        AigLit(self.0 ^ 1)
    }
}

impl fmt::Debug for AigLit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.const_value() {
            Some(b) => write!(f, "{b}"),
            None => write!(
                f,
                "{}n{}",
                if self.is_negated() { "!" } else { "" },
                self.node()
            ),
        }
    }
}

/// A node of the graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Node {
    /// The constant FALSE node (always node 0).
    False,
    /// A free variable; the payload is its ordinal among inputs (0, 1, 2, ... in creation order).
    Input(u32),
    /// The conjunction of two edges, stored normalized (`left < right`).
    And(AigLit, AigLit),
}

/// Counters describing how a graph was built.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AigStats {
    /// AND nodes in the graph.
    pub and_nodes: usize,
    /// Input nodes in the graph.
    pub inputs: usize,
    /// `and` calls answered by the structural hash table (an existing node was reused).
    pub hash_hits: usize,
    /// `and` calls answered by one-level constant/identity rules (no node created, no lookup).
    pub const_folds: usize,
    /// `and` calls answered or reshaped by a two-level rewrite rule.
    pub rewrites: usize,
}

/// Multiplicative hash for the structural hash table; keys are two small integers, for which
/// SipHash's DoS resistance is useless and its cost dominates node creation.
#[derive(Default, Clone, Copy)]
struct PairHasher(u64);

impl Hasher for PairHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

type StrashMap = HashMap<u64, u32, BuildHasherDefault<PairHasher>>;

/// An and-inverter graph.
///
/// Node indices are `u32` with one bit reserved for negation, so a graph holds at most 2^31 nodes;
/// exceeding that panics (it would need tens of gigabytes of memory first).
#[derive(Clone, Debug)]
pub struct Aig {
    nodes: Vec<Node>,
    strash: StrashMap,
    n_inputs: u32,
    stats: AigStats,
    word_folding: bool,
}

impl Default for Aig {
    fn default() -> Self {
        Aig::new()
    }
}

impl Aig {
    /// An empty graph containing only the constant node.
    pub fn new() -> Aig {
        Aig {
            nodes: vec![Node::False],
            strash: StrashMap::default(),
            n_inputs: 0,
            stats: AigStats::default(),
            word_folding: true,
        }
    }

    /// Whether word-level operations (multiplication, division, ...) on fully constant operands are
    /// computed directly with machine arithmetic instead of through the gate-level circuit. Both
    /// give the same result and create no nodes; the shortcut only saves time (a 64-bit constant
    /// division is otherwise ~8000 gate evaluations). On by default.
    pub fn word_folding(&self) -> bool {
        self.word_folding
    }

    /// Enables or disables the word-level shortcut described at [`Aig::word_folding`]. Disabling it
    /// is useful to test the gate-level circuits on constants.
    pub fn set_word_folding(&mut self, on: bool) {
        self.word_folding = on;
    }

    /// Total number of nodes, including the constant node.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the graph holds only the constant node.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// Number of AND nodes.
    pub fn and_count(&self) -> usize {
        self.stats.and_nodes
    }

    /// Number of inputs.
    pub fn input_count(&self) -> usize {
        self.n_inputs as usize
    }

    /// Construction counters.
    pub fn stats(&self) -> AigStats {
        self.stats
    }

    /// The node an index refers to, `None` if out of range.
    pub fn node(&self, index: u32) -> Option<Node> {
        self.nodes.get(index as usize).copied()
    }

    /// The two children of an AND edge (ignoring the edge's own negation), `None` for constants and
    /// inputs.
    pub fn and_children(&self, lit: AigLit) -> Option<(AigLit, AigLit)> {
        match self.nodes.get(lit.node() as usize) {
            Some(Node::And(a, b)) => Some((*a, *b)),
            _ => None,
        }
    }

    /// The input ordinal of an (unnegated or negated) input edge.
    pub fn input_index(&self, lit: AigLit) -> Option<u32> {
        match self.nodes.get(lit.node() as usize) {
            Some(Node::Input(i)) => Some(*i),
            _ => None,
        }
    }

    fn push(&mut self, node: Node) -> u32 {
        let idx = u32::try_from(self.nodes.len())
            .ok()
            .filter(|&i| i < (1 << 31))
            .expect("AIG exceeds 2^31 nodes");
        self.nodes.push(node);
        idx
    }

    /// Creates a fresh free variable.
    pub fn input(&mut self) -> AigLit {
        let ord = self.n_inputs;
        let idx = self.push(Node::Input(ord));
        self.n_inputs += 1;
        self.stats.inputs += 1;
        AigLit::new(idx, false)
    }

    /// Conjunction, with constant propagation, structural hashing and two-level rewriting.
    pub fn and(&mut self, a: AigLit, b: AigLit) -> AigLit {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        // Constants have the smallest encodings, so after ordering only `a` can be constant.
        if a == AigLit::FALSE {
            self.stats.const_folds += 1;
            return AigLit::FALSE;
        }
        if a == AigLit::TRUE || a == b {
            self.stats.const_folds += 1;
            return b;
        }
        if a == !b {
            self.stats.const_folds += 1;
            return AigLit::FALSE;
        }
        if let Some(r) = self.two_level(a, b) {
            self.stats.rewrites += 1;
            return r;
        }
        let key = ((a.0 as u64) << 32) | b.0 as u64;
        if let Some(&idx) = self.strash.get(&key) {
            self.stats.hash_hits += 1;
            return AigLit::new(idx, false);
        }
        let idx = self.push(Node::And(a, b));
        self.strash.insert(key, idx);
        self.stats.and_nodes += 1;
        AigLit::new(idx, false)
    }

    /// Local rewrites looking one level below the operands (Brummayer & Biere, "Local Two-Level
    /// And-Inverter Graph Minimization without Blowup"): only rules that never increase the node
    /// count. `Some(r)` means `a AND b == r`.
    fn two_level(&mut self, a: AigLit, b: AigLit) -> Option<AigLit> {
        let ca = self.and_children(a);
        let cb = self.and_children(b);
        if let Some(r) = self.one_side(a, b, cb) {
            return Some(r);
        }
        if let Some(r) = self.one_side(b, a, ca) {
            return Some(r);
        }
        let ((a0, a1), (b0, b1)) = (ca?, cb?);
        match (a.is_negated(), b.is_negated()) {
            // (a0 & a1) & (b0 & b1): contradiction when a child of one is the negation of a child
            // of the other.
            (false, false) => {
                if a0 == !b0 || a0 == !b1 || a1 == !b0 || a1 == !b1 {
                    return Some(AigLit::FALSE);
                }
            }
            // (a0 & a1) & !(b0 & b1): subsumption when `a` already falsifies a child of `b`;
            // substitution when `a` fixes a child of `b` to true.
            (false, true) | (true, false) => {
                let (p, (p0, p1), (n0, n1)) = if !a.is_negated() {
                    (a, (a0, a1), (b0, b1))
                } else {
                    (b, (b0, b1), (a0, a1))
                };
                if p0 == !n0 || p0 == !n1 || p1 == !n0 || p1 == !n1 {
                    return Some(p);
                }
                if p0 == n0 || p1 == n0 {
                    return Some(self.and(p, !n1));
                }
                if p0 == n1 || p1 == n1 {
                    return Some(self.and(p, !n0));
                }
            }
            // !(x & y) & !(x & !y) == !x (resolution).
            (true, true) => {
                if (a0 == b0 && a1 == !b1) || (a0 == b1 && a1 == !b0) {
                    return Some(!a0);
                }
                if (a1 == b1 && a0 == !b0) || (a1 == b0 && a0 == !b1) {
                    return Some(!a1);
                }
            }
        }
        None
    }

    /// Rules where `x` is arbitrary and `y` is an AND edge with children `cy`.
    fn one_side(&mut self, x: AigLit, y: AigLit, cy: Option<(AigLit, AigLit)>) -> Option<AigLit> {
        let (y0, y1) = cy?;
        if !y.is_negated() {
            // x & (x & z) == x & z (idempotence); x & (!x & z) == false (contradiction).
            if x == y0 || x == y1 {
                return Some(y);
            }
            if x == !y0 || x == !y1 {
                return Some(AigLit::FALSE);
            }
        } else {
            // x & !(!x & z) == x (subsumption); x & !(x & z) == x & !z (substitution).
            if x == !y0 || x == !y1 {
                return Some(x);
            }
            if x == y0 {
                return Some(self.and(x, !y1));
            }
            if x == y1 {
                return Some(self.and(x, !y0));
            }
        }
        None
    }

    /// Disjunction.
    pub fn or(&mut self, a: AigLit, b: AigLit) -> AigLit {
        !self.and(!a, !b)
    }

    /// Exclusive or (three AND nodes unless it folds), built as `!(a & b) & !(!a & !b)` so that
    /// the `a & b` node is shared with the carry of an adder using the same operands.
    pub fn xor(&mut self, a: AigLit, b: AigLit) -> AigLit {
        let both = self.and(a, b);
        let neither = self.and(!a, !b);
        self.and(!both, !neither)
    }

    /// Equivalence, `!(a ^ b)`.
    pub fn xnor(&mut self, a: AigLit, b: AigLit) -> AigLit {
        !self.xor(a, b)
    }

    /// Implication `a -> b`.
    pub fn implies(&mut self, a: AigLit, b: AigLit) -> AigLit {
        self.or(!a, b)
    }

    /// If-then-else: `cond ? then : els`.
    pub fn ite(&mut self, cond: AigLit, then: AigLit, els: AigLit) -> AigLit {
        match cond.const_value() {
            Some(true) => return then,
            Some(false) => return els,
            None => {}
        }
        if then == els {
            return then;
        }
        if then == !els {
            return self.xnor(cond, then);
        }
        let t = self.and(cond, then);
        let e = self.and(!cond, els);
        self.or(t, e)
    }

    /// Alias of [`Aig::ite`].
    pub fn mux(&mut self, cond: AigLit, then: AigLit, els: AigLit) -> AigLit {
        self.ite(cond, then, els)
    }

    /// Majority of three (the carry of a full adder).
    pub fn maj(&mut self, a: AigLit, b: AigLit, c: AigLit) -> AigLit {
        let ab = self.and(a, b);
        let a_or_b = self.or(a, b);
        let c_and = self.and(c, a_or_b);
        self.or(ab, c_and)
    }

    /// Conjunction of all edges (TRUE for none). Built as a balanced tree so that equal
    /// multisets of operands in the same order share structure.
    pub fn and_all<I: IntoIterator<Item = AigLit>>(&mut self, lits: I) -> AigLit {
        let mut layer: Vec<AigLit> = Vec::new();
        for l in lits {
            if l == AigLit::FALSE {
                return AigLit::FALSE;
            }
            if l != AigLit::TRUE {
                layer.push(l);
            }
        }
        while layer.len() > 1 {
            let mut next = Vec::with_capacity(layer.len().div_ceil(2));
            for pair in layer.chunks(2) {
                next.push(if pair.len() == 2 {
                    self.and(pair[0], pair[1])
                } else {
                    pair[0]
                });
            }
            layer = next;
        }
        layer.pop().unwrap_or(AigLit::TRUE)
    }

    /// Disjunction of all edges (FALSE for none).
    pub fn or_all<I: IntoIterator<Item = AigLit>>(&mut self, lits: I) -> AigLit {
        !self.and_all(lits.into_iter().map(|l| !l))
    }

    /// Evaluates every node under an assignment of the inputs (`inputs[i]` is the value of the
    /// input with ordinal `i`; missing entries count as false). Returns one value per node; read an
    /// edge's value with [`Aig::lit_value`].
    pub fn simulate(&self, inputs: &[bool]) -> Vec<bool> {
        let mut vals = Vec::with_capacity(self.nodes.len());
        for node in &self.nodes {
            let v = match *node {
                Node::False => false,
                Node::Input(i) => inputs.get(i as usize).copied().unwrap_or(false),
                // Children precede their parents, so their values are already known.
                Node::And(a, b) => {
                    (vals[a.node() as usize] ^ a.is_negated())
                        && (vals[b.node() as usize] ^ b.is_negated())
                }
            };
            vals.push(v);
        }
        vals
    }

    /// The value of an edge given node values from [`Aig::simulate`].
    pub fn lit_value(values: &[bool], lit: AigLit) -> bool {
        values[lit.node() as usize] ^ lit.is_negated()
    }
}
