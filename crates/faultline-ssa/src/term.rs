//! A hash-consed DAG of fixed-width bit-vector and boolean terms.
//!
//! Every term is built through [`TermStore`], which folds constants and applies cheap algebraic
//! rewrites *at construction* (`ite` with a constant condition, `x + 0`, `x & 0`, double
//! negation, comparisons of constants…) and then looks the node up in a hash table, so equal
//! terms share one [`TermId`]. Two consequences the symbolic executor relies on:
//!
//! * With concrete inputs and constant health literals every term folds to a constant, so
//!   symbolic execution degenerates into (fast) concrete execution.
//! * Equality of ids is a cheap, sound (incomplete) equality test: merging a variable whose two
//!   branch values have the same id needs no `ite`.
//!
//! Children are always created before their parents, so ids are a topological order.
//!
//! Semantics are C's two's complement on `width` bits and match `faultline-bitblast` exactly,
//! including the values it documents where C has undefined behaviour (the guard against the
//! behaviour is a separate predicate): unsigned division by zero is all ones and the remainder
//! the dividend; signed division by zero is -1 for a non-negative dividend and 1 for a negative
//! one, its remainder the dividend; `MIN / -1` wraps to `MIN` with remainder 0; shift amounts
//! are read as unsigned and any amount `>= width` shifts everything out (sign fill for `ashr`).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::components::ComponentId;

/// A term in a [`TermStore`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TermId(pub u32);

impl TermId {
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// An unconstrained value: an angelic value of a relaxed statement, or any other input the
/// formula leaves open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FreeId(pub u32);

impl FreeId {
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The sort of a term: a boolean, or a bit-vector of 1..=64 bits (C's widest integer type is
/// 64 bits; overflow checks have their own predicates instead of double-width arithmetic).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sort {
    Bool,
    Bv(u8),
}

impl Sort {
    /// Bits of a bit-vector sort (booleans count as 1).
    pub const fn width(self) -> u32 {
        match self {
            Sort::Bool => 1,
            Sort::Bv(w) => w as u32,
        }
    }
}

/// A leaf the caller assigns a value to when evaluating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Leaf {
    /// Health of a component: 1 = healthy (behaves as written).
    Health(ComponentId),
    /// A free value of the given sort.
    Free(FreeId, Sort),
}

/// One node of the DAG. Bit-vector values are stored zero-extended in a `u128`; booleans are
/// `Bool`. Width conversions take their target width from the node's sort.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    Bool(bool),
    Const(u64),
    Health(ComponentId),
    Free(FreeId),
    // Boolean connectives.
    Not(TermId),
    And(TermId, TermId),
    Or(TermId, TermId),
    /// `if c then a else b`, for both sorts.
    Ite(TermId, TermId, TermId),
    // Predicates over bit-vectors (`Eq` also over booleans).
    Eq(TermId, TermId),
    Ult(TermId, TermId),
    Ule(TermId, TermId),
    Slt(TermId, TermId),
    Sle(TermId, TermId),
    SAddOverflow(TermId, TermId),
    SSubOverflow(TermId, TermId),
    SMulOverflow(TermId, TermId),
    // Bit-vector arithmetic, all wrapping.
    Add(TermId, TermId),
    Sub(TermId, TermId),
    Mul(TermId, TermId),
    Neg(TermId),
    BvNot(TermId),
    BvAnd(TermId, TermId),
    BvOr(TermId, TermId),
    BvXor(TermId, TermId),
    UDiv(TermId, TermId),
    URem(TermId, TermId),
    SDiv(TermId, TermId),
    SRem(TermId, TermId),
    Shl(TermId, TermId),
    LShr(TermId, TermId),
    AShr(TermId, TermId),
    ZeroExt(TermId),
    SignExt(TermId),
    Trunc(TermId),
    // IEEE-754 floating point on bit patterns: the format is the width (32: `float`, 64:
    // `double`) of the operands (`FpToInt`, `FpConvert`) or of the node (`FpFromInt`).
    /// `a op b` in the operands' format (a bit-vector of the same width).
    Fp2(FpOp2, TermId, TermId),
    /// `op a` in the operand's format.
    Fp1(FpOp1, TermId),
    /// IEEE comparison (false when either operand is NaN): a boolean.
    FpCmp(FpPred, TermId, TermId),
    /// Truncation toward zero to an integer of the node's width (`true`: signed). Where C's
    /// conversion is undefined (NaN, ±∞, out of range) the value is unspecified: 0 for NaN,
    /// else the truncated magnitude's low bits with the sign applied (`faultline_bitblast::fp`'s
    /// choice); the symbolic executor guards it with an undefined-behaviour check.
    FpToInt(TermId, bool),
    /// An integer (`true`: signed) rounded to the node's format.
    FpFromInt(TermId, bool),
    /// Between `float` and `double` (the node's width is the target's).
    FpConvert(TermId),
}

/// Binary floating-point operations, each as the interpreter computes it
/// (`faultline_ir::float`: one truth).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FpOp2 {
    Add,
    Sub,
    Mul,
    Div,
    /// glibc's `fmod`.
    Fmod,
    /// glibc's `fmin`/`fmax`.
    Min,
    Max,
}

/// Unary floating-point operations (`-x` and `fabs` are bit operations on the sign).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FpOp1 {
    Sqrt,
    Floor,
    Ceil,
    Round,
    Trunc,
}

/// Floating-point comparisons (`>`/`>=` swap the operands, `!=` negates `Eq`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FpPred {
    Eq,
    Lt,
    Le,
}

/// The `faultline_ir` kind of a floating bit pattern of width `w`.
fn fp_kind(w: u32) -> faultline_ir::IntKind {
    if w == 32 {
        faultline_ir::IntKind::Float
    } else {
        faultline_ir::IntKind::Double
    }
}

/// The value of a floating operation on constants, with the interpreter's own functions.
fn fp_compute(op: &Op, w: u32, ow: u32, a: u128, b: u128) -> u128 {
    use faultline_ir::float::{self, MathFn};
    use faultline_ir::BinOp;
    let m = mask(w);
    let (ai, bi) = (a as i128, b as i128);
    match *op {
        Op::Fp2(f, ..) => {
            let k = fp_kind(ow);
            let r = match f {
                FpOp2::Add => float::binary(BinOp::Add, k, ai, bi),
                FpOp2::Sub => float::binary(BinOp::Sub, k, ai, bi),
                FpOp2::Mul => float::binary(BinOp::Mul, k, ai, bi),
                FpOp2::Div => float::binary(BinOp::Div, k, ai, bi),
                FpOp2::Fmod => Some(MathFn::Fmod.eval(k, &[ai, bi])),
                FpOp2::Min => Some(MathFn::Fmin.eval(k, &[ai, bi])),
                FpOp2::Max => Some(MathFn::Fmax.eval(k, &[ai, bi])),
            };
            r.unwrap_or(0) as u128 & m
        }
        Op::Fp1(f, _) => {
            let func = match f {
                FpOp1::Sqrt => MathFn::Sqrt,
                FpOp1::Floor => MathFn::Floor,
                FpOp1::Ceil => MathFn::Ceil,
                FpOp1::Round => MathFn::Round,
                FpOp1::Trunc => MathFn::Trunc,
            };
            func.eval(fp_kind(ow), &[ai]) as u128 & m
        }
        Op::FpCmp(p, ..) => {
            let op = match p {
                FpPred::Eq => BinOp::Eq,
                FpPred::Lt => BinOp::Lt,
                FpPred::Le => BinOp::Le,
            };
            float::binary(op, fp_kind(ow), ai, bi).unwrap_or(0) as u128
        }
        Op::FpToInt(_, signed) => {
            let k = fp_kind(ow);
            let to = int_kind(w, signed);
            match float::convert(k, to, ai) {
                Ok(v) => v as u128 & m,
                Err(_) => {
                    // Undefined in C; the circuit's unspecified value (see `Op::FpToInt`).
                    let x = float::to_f64(k, ai);
                    if x.is_nan() {
                        0
                    } else {
                        let t = x.trunc().abs();
                        let mag = if t < 2f64.powi(127) { t as u128 } else { 0 };
                        let mag = if t.is_infinite() { 0 } else { mag };
                        if x.is_sign_negative() {
                            mag.wrapping_neg() & m
                        } else {
                            mag & m
                        }
                    }
                }
            }
        }
        Op::FpFromInt(_, signed) => {
            let from = int_kind(ow, signed);
            let v = if signed { to_signed(a, ow) } else { a as i128 };
            float::convert(from, fp_kind(w), v).unwrap_or(0) as u128 & m
        }
        Op::FpConvert(_) => {
            if ow == w {
                a
            } else {
                float::convert(fp_kind(ow), fp_kind(w), ai).unwrap_or(0) as u128 & m
            }
        }
        _ => unreachable!("not a floating operation"),
    }
}

/// The C integer kind of `w` bits (`_Bool` for 1), for the shared conversion functions.
fn int_kind(w: u32, signed: bool) -> faultline_ir::IntKind {
    use faultline_ir::IntKind::*;
    match (w, signed) {
        (1, _) => Bool,
        (8, true) => SChar,
        (8, false) => UChar,
        (16, true) => Short,
        (16, false) => UShort,
        (32, true) => Int,
        (32, false) => UInt,
        (_, true) => Long,
        (_, false) => ULong,
    }
}

impl Op {
    /// The operands, in order.
    pub fn children(&self) -> ([TermId; 3], usize) {
        use Op::*;
        let z = TermId(0);
        match *self {
            Bool(_) | Const(_) | Health(_) | Free(_) => ([z; 3], 0),
            Not(a) | Neg(a) | BvNot(a) | ZeroExt(a) | SignExt(a) | Trunc(a) => ([a, z, z], 1),
            Fp1(_, a) | FpToInt(a, _) | FpFromInt(a, _) | FpConvert(a) => ([a, z, z], 1),
            Fp2(_, a, b) | FpCmp(_, a, b) => ([a, b, z], 2),
            And(a, b)
            | Or(a, b)
            | Eq(a, b)
            | Ult(a, b)
            | Ule(a, b)
            | Slt(a, b)
            | Sle(a, b)
            | SAddOverflow(a, b)
            | SSubOverflow(a, b)
            | SMulOverflow(a, b)
            | Add(a, b)
            | Sub(a, b)
            | Mul(a, b)
            | BvAnd(a, b)
            | BvOr(a, b)
            | BvXor(a, b)
            | UDiv(a, b)
            | URem(a, b)
            | SDiv(a, b)
            | SRem(a, b)
            | Shl(a, b)
            | LShr(a, b)
            | AShr(a, b) => ([a, b, z], 2),
            Ite(c, a, b) => ([c, a, b], 3),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Node {
    pub op: Op,
    pub sort: Sort,
}

/// FxHash: the ids being hashed are small integers, for which SipHash is needlessly slow.
#[derive(Default, Clone, Copy)]
pub(crate) struct FxHasher(u64);

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64);
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.write_u64(i as u64);
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0xf135_7aea_2e62_a9c5);
    }
    #[inline]
    fn write_u128(&mut self, i: u128) {
        self.write_u64(i as u64);
        self.write_u64((i >> 64) as u64);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        // The multiply leaves the low bits (hashbrown's bucket index) weak: rotate the strong
        // high bits down (as rustc-hash 2 does).
        self.0.rotate_left(26)
    }
}

pub(crate) type FxBuild = BuildHasherDefault<FxHasher>;
pub(crate) type FxMap<K, V> = HashMap<K, V, FxBuild>;

/// All-ones mask of `w` bits.
#[inline]
pub fn mask(w: u32) -> u128 {
    if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

/// The signed value of the low `w` bits of `v`.
#[inline]
pub fn to_signed(v: u128, w: u32) -> i128 {
    if w >= 128 {
        return v as i128;
    }
    let v = v & mask(w);
    if w > 0 && (v >> (w - 1)) & 1 == 1 {
        (v as i128) - (1i128 << w)
    } else {
        v as i128
    }
}

/// Whether two inner nodes apply the same operator (their operands aside).
fn same_operator(a: &Op, b: &Op) -> bool {
    match (a, b) {
        (Op::Fp2(x, ..), Op::Fp2(y, ..)) => x == y,
        (Op::Fp1(x, _), Op::Fp1(y, _)) => x == y,
        (Op::FpCmp(x, ..), Op::FpCmp(y, ..)) => x == y,
        (Op::FpToInt(_, x), Op::FpToInt(_, y)) | (Op::FpFromInt(_, x), Op::FpFromInt(_, y)) => {
            x == y
        }
        _ => std::mem::discriminant(a) == std::mem::discriminant(b),
    }
}

/// The hash-consed term store. Cheap to extend: a `Vec` of nodes plus a hash table.
/// Widths whose small constants are cached (index into `TermStore::small`).
const SMALL_WIDTHS: [u32; 5] = [1, 8, 16, 32, 64];
const SMALL: usize = 256;

#[derive(Clone)]
pub struct TermStore {
    nodes: Vec<Node>,
    table: FxMap<Node, TermId>,
    frees: Vec<Sort>,
    free_terms: Vec<TermId>,
    /// Constants `0..256` of the common widths and the two booleans, which folding creates all
    /// the time: a direct lookup instead of hashing.
    small: Vec<u32>,
    bools: [u32; 2],
}

impl Default for TermStore {
    fn default() -> Self {
        TermStore {
            nodes: Vec::new(),
            table: FxMap::default(),
            frees: Vec::new(),
            free_terms: Vec::new(),
            small: vec![u32::MAX; SMALL_WIDTHS.len() * SMALL],
            bools: [u32::MAX; 2],
        }
    }
}

impl std::fmt::Debug for TermStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "TermStore({} terms, {} frees)",
            self.nodes.len(),
            self.frees.len()
        )
    }
}

impl TermStore {
    pub fn new() -> Self {
        Self::default()
    }

    /// Number of distinct terms.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Number of free values created.
    pub fn free_count(&self) -> usize {
        self.frees.len()
    }

    pub fn free_sort(&self, f: FreeId) -> Sort {
        self.frees[f.index()]
    }

    pub fn node(&self, t: TermId) -> &Node {
        &self.nodes[t.index()]
    }

    pub fn sort(&self, t: TermId) -> Sort {
        self.nodes[t.index()].sort
    }

    pub fn width(&self, t: TermId) -> u32 {
        self.sort(t).width()
    }

    /// The constant value of `t` (booleans as 0/1), if it is one.
    #[inline]
    pub fn as_const(&self, t: TermId) -> Option<u128> {
        match self.nodes[t.index()].op {
            Op::Bool(b) => Some(b as u128),
            Op::Const(v) => Some(v as u128),
            _ => None,
        }
    }

    /// The constant of `t` read as a signed number of its width.
    pub fn as_signed(&self, t: TermId) -> Option<i128> {
        self.as_const(t).map(|v| to_signed(v, self.width(t)))
    }

    #[inline]
    pub fn is_true(&self, t: TermId) -> bool {
        matches!(self.nodes[t.index()].op, Op::Bool(true))
    }

    #[inline]
    pub fn is_false(&self, t: TermId) -> bool {
        matches!(self.nodes[t.index()].op, Op::Bool(false))
    }

    fn intern(&mut self, node: Node) -> TermId {
        if let Some(&t) = self.table.get(&node) {
            return t;
        }
        let t = TermId(self.nodes.len() as u32);
        self.nodes.push(node);
        self.table.insert(node, t);
        t
    }

    // ------------------------------------------------------------------ leaves

    #[inline]
    pub fn bool_const(&mut self, b: bool) -> TermId {
        let c = self.bools[b as usize];
        if c != u32::MAX {
            return TermId(c);
        }
        let t = self.intern(Node {
            op: Op::Bool(b),
            sort: Sort::Bool,
        });
        self.bools[b as usize] = t.0;
        t
    }

    pub fn tt(&mut self) -> TermId {
        self.bool_const(true)
    }

    pub fn ff(&mut self) -> TermId {
        self.bool_const(false)
    }

    /// A `w`-bit constant (the value is truncated to `w` bits; widths are 1..=64).
    #[inline]
    pub fn bv(&mut self, w: u32, v: u128) -> TermId {
        let w = w.clamp(1, 64);
        let v = v & mask(w);
        let slot = if v < SMALL as u128 {
            SMALL_WIDTHS
                .iter()
                .position(|&x| x == w)
                .map(|k| k * SMALL + v as usize)
        } else {
            None
        };
        if let Some(i) = slot {
            let c = self.small[i];
            if c != u32::MAX {
                return TermId(c);
            }
        }
        let t = self.intern(Node {
            op: Op::Const(v as u64),
            sort: Sort::Bv(w as u8),
        });
        if let Some(i) = slot {
            self.small[i] = t.0;
        }
        t
    }

    /// A `w`-bit constant from a (possibly negative) mathematical value, modulo 2^w.
    pub fn bv_i(&mut self, w: u32, v: i128) -> TermId {
        self.bv(w, v as u128)
    }

    /// The health literal of a component (true = healthy).
    pub fn health(&mut self, c: ComponentId) -> TermId {
        self.intern(Node {
            op: Op::Health(c),
            sort: Sort::Bool,
        })
    }

    /// A fresh free value of the given sort.
    pub fn fresh(&mut self, sort: Sort) -> (FreeId, TermId) {
        let f = FreeId(self.frees.len() as u32);
        self.frees.push(sort);
        // A fresh leaf equals no existing node: no hash-consing needed.
        let t = TermId(self.nodes.len() as u32);
        self.nodes.push(Node {
            op: Op::Free(f),
            sort,
        });
        self.free_terms.push(t);
        (f, t)
    }

    /// The term of an existing free value.
    pub fn free_term(&self, f: FreeId) -> TermId {
        self.free_terms[f.index()]
    }

    /// Whether the terms `a` (of `self`) and `b` (of `other`) are the same DAGs, pairwise:
    /// the same operators, sorts, constants and health leaves, with the free values matched
    /// one to one. Only what the roots reach is compared, so two stores may differ in terms
    /// no root uses (the cells of a longer `argv`, say).
    pub fn same_dags(&self, a: &[TermId], other: &TermStore, b: &[TermId]) -> bool {
        if a.len() != b.len() {
            return false;
        }
        // Pairs already found alike, and the free values matched so far (both ways).
        let mut alike: FxMap<TermId, TermId> = FxMap::default();
        let mut frees: FxMap<FreeId, FreeId> = FxMap::default();
        let mut frees_back: FxMap<FreeId, FreeId> = FxMap::default();
        let mut stack: Vec<(TermId, TermId)> = a.iter().copied().zip(b.iter().copied()).collect();
        while let Some((x, y)) = stack.pop() {
            if let Some(&seen) = alike.get(&x) {
                if seen != y {
                    return false;
                }
                continue;
            }
            let (nx, ny) = (self.node(x), other.node(y));
            if nx.sort != ny.sort {
                return false;
            }
            let ((cx, n), (cy, m)) = (nx.op.children(), ny.op.children());
            if n != m {
                return false;
            }
            if n == 0 {
                let leaf_alike = match (nx.op, ny.op) {
                    (Op::Free(f), Op::Free(g)) => {
                        *frees.entry(f).or_insert(g) == g && *frees_back.entry(g).or_insert(f) == f
                    }
                    (p, q) => p == q,
                };
                if !leaf_alike {
                    return false;
                }
            } else if !same_operator(&nx.op, &ny.op) {
                return false;
            } else {
                stack.extend(cx[..n].iter().copied().zip(cy[..n].iter().copied()));
            }
            alike.insert(x, y);
        }
        true
    }

    // ------------------------------------------------------------------ booleans

    pub fn not(&mut self, a: TermId) -> TermId {
        match self.node(a).op {
            Op::Bool(b) => self.bool_const(!b),
            Op::Not(x) => x,
            _ => self.intern(Node {
                op: Op::Not(a),
                sort: Sort::Bool,
            }),
        }
    }

    fn is_negation(&self, a: TermId, b: TermId) -> bool {
        matches!(self.node(a).op, Op::Not(x) if x == b)
            || matches!(self.node(b).op, Op::Not(x) if x == a)
    }

    pub fn and(&mut self, a: TermId, b: TermId) -> TermId {
        match (self.node(a).op, self.node(b).op) {
            (Op::Bool(false), _) | (_, Op::Bool(false)) => return self.ff(),
            (Op::Bool(true), _) => return b,
            (_, Op::Bool(true)) => return a,
            _ => {}
        }
        if a == b {
            return a;
        }
        if self.is_negation(a, b) {
            return self.ff();
        }
        // Absorption with one level of conjunction: `a ∧ (a ∧ x) = a ∧ x` (guards nest so).
        if let Op::And(x, y) = self.node(b).op {
            if x == a || y == a {
                return b;
            }
        }
        if let Op::And(x, y) = self.node(a).op {
            if x == b || y == b {
                return a;
            }
        }
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        self.intern(Node {
            op: Op::And(a, b),
            sort: Sort::Bool,
        })
    }

    pub fn or(&mut self, a: TermId, b: TermId) -> TermId {
        match (self.node(a).op, self.node(b).op) {
            (Op::Bool(true), _) | (_, Op::Bool(true)) => return self.tt(),
            (Op::Bool(false), _) => return b,
            (_, Op::Bool(false)) => return a,
            _ => {}
        }
        if a == b {
            return a;
        }
        if self.is_negation(a, b) {
            return self.tt();
        }
        // `(g ∧ c) ∨ (g ∧ ¬c) = g`: the join of the two branches of an `if`.
        if let (Op::And(x1, y1), Op::And(x2, y2)) = (self.node(a).op, self.node(b).op) {
            for (p, q, r, s) in [
                (x1, y1, x2, y2),
                (x1, y1, y2, x2),
                (y1, x1, x2, y2),
                (y1, x1, y2, x2),
            ] {
                if p == r && self.is_negation(q, s) {
                    return p;
                }
            }
        }
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        self.intern(Node {
            op: Op::Or(a, b),
            sort: Sort::Bool,
        })
    }

    pub fn implies(&mut self, a: TermId, b: TermId) -> TermId {
        let na = self.not(a);
        self.or(na, b)
    }

    pub fn and_all(&mut self, ts: impl IntoIterator<Item = TermId>) -> TermId {
        let mut acc = self.tt();
        for t in ts {
            acc = self.and(acc, t);
        }
        acc
    }

    pub fn or_all(&mut self, ts: impl IntoIterator<Item = TermId>) -> TermId {
        let mut acc = self.ff();
        for t in ts {
            acc = self.or(acc, t);
        }
        acc
    }

    /// `if c then a else b` (operands of one sort).
    pub fn ite(&mut self, c: TermId, a: TermId, b: TermId) -> TermId {
        match self.node(c).op {
            Op::Bool(true) => return a,
            Op::Bool(false) => return b,
            Op::Not(x) => return self.ite(x, b, a),
            _ => {}
        }
        if a == b {
            return a;
        }
        let sort = self.sort(a);
        if sort == Sort::Bool {
            match (self.node(a).op, self.node(b).op) {
                (Op::Bool(true), Op::Bool(false)) => return c,
                (Op::Bool(false), Op::Bool(true)) => return self.not(c),
                (Op::Bool(true), _) => return self.or(c, b),
                (Op::Bool(false), _) => {
                    let nc = self.not(c);
                    return self.and(nc, b);
                }
                (_, Op::Bool(false)) => return self.and(c, a),
                (_, Op::Bool(true)) => {
                    let nc = self.not(c);
                    return self.or(nc, a);
                }
                _ => {}
            }
        }
        // `ite(c, ite(c, x, y), z) = ite(c, x, z)` and the mirror: chains of guarded writes
        // under the same guard collapse.
        if let Op::Ite(c2, x, _) = self.node(a).op {
            if c2 == c {
                return self.ite(c, x, b);
            }
        }
        if let Op::Ite(c2, _, y) = self.node(b).op {
            if c2 == c {
                return self.ite(c, a, y);
            }
        }
        self.intern(Node {
            op: Op::Ite(c, a, b),
            sort,
        })
    }

    // ------------------------------------------------------------------ predicates

    pub fn eq(&mut self, a: TermId, b: TermId) -> TermId {
        if a == b {
            return self.tt();
        }
        match (self.as_const(a), self.as_const(b)) {
            (Some(x), Some(y)) => return self.bool_const(x == y),
            (Some(_), None) => return self.eq(b, a),
            _ => {}
        }
        if self.sort(a) == Sort::Bool {
            match self.node(b).op {
                Op::Bool(true) => return a,
                Op::Bool(false) => return self.not(a),
                _ => {}
            }
        }
        // `ite(c, k1, k2) == k3` with constants: the pattern of every C comparison used as a
        // condition (`(x < y) != 0`), which must fold back to the comparison.
        if let (Op::Ite(c, x, y), Some(k)) = (self.node(a).op, self.as_const(b)) {
            if let (Some(kx), Some(ky)) = (self.as_const(x), self.as_const(y)) {
                let (ex, ey) = (self.bool_const(kx == k), self.bool_const(ky == k));
                return self.ite(c, ex, ey);
            }
        }
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        self.intern(Node {
            op: Op::Eq(a, b),
            sort: Sort::Bool,
        })
    }

    pub fn ne(&mut self, a: TermId, b: TermId) -> TermId {
        let e = self.eq(a, b);
        self.not(e)
    }

    /// C's truth value of a bit-vector: `x != 0`.
    pub fn nonzero(&mut self, a: TermId) -> TermId {
        if self.sort(a) == Sort::Bool {
            return a;
        }
        let w = self.width(a);
        let z = self.bv(w, 0);
        self.ne(a, z)
    }

    /// A boolean as a `w`-bit 0/1.
    pub fn bool_to_bv(&mut self, b: TermId, w: u32) -> TermId {
        let one = self.bv(w, 1);
        let zero = self.bv(w, 0);
        self.ite(b, one, zero)
    }

    fn pred(&mut self, op: fn(TermId, TermId) -> Op, a: TermId, b: TermId) -> TermId {
        self.build(op(a, b), Sort::Bool)
    }

    pub fn ult(&mut self, a: TermId, b: TermId) -> TermId {
        if a == b {
            return self.ff();
        }
        self.pred(Op::Ult, a, b)
    }

    pub fn ule(&mut self, a: TermId, b: TermId) -> TermId {
        if a == b {
            return self.tt();
        }
        self.pred(Op::Ule, a, b)
    }

    pub fn slt(&mut self, a: TermId, b: TermId) -> TermId {
        if a == b {
            return self.ff();
        }
        self.pred(Op::Slt, a, b)
    }

    pub fn sle(&mut self, a: TermId, b: TermId) -> TermId {
        if a == b {
            return self.tt();
        }
        self.pred(Op::Sle, a, b)
    }

    /// Signed `a + b` does not fit its width.
    pub fn sadd_overflow(&mut self, a: TermId, b: TermId) -> TermId {
        if self.as_const(a) == Some(0) || self.as_const(b) == Some(0) {
            return self.ff();
        }
        self.pred(Op::SAddOverflow, a, b)
    }

    /// Signed `a - b` does not fit its width.
    pub fn ssub_overflow(&mut self, a: TermId, b: TermId) -> TermId {
        if self.as_const(b) == Some(0) {
            return self.ff();
        }
        self.pred(Op::SSubOverflow, a, b)
    }

    /// Signed `a * b` does not fit its width.
    pub fn smul_overflow(&mut self, a: TermId, b: TermId) -> TermId {
        if matches!(self.as_const(a), Some(0 | 1)) || matches!(self.as_const(b), Some(0 | 1)) {
            return self.ff();
        }
        self.pred(Op::SMulOverflow, a, b)
    }

    // ------------------------------------------------------------------ arithmetic

    pub fn add(&mut self, a: TermId, b: TermId) -> TermId {
        if self.as_const(a) == Some(0) {
            return b;
        }
        if self.as_const(b) == Some(0) {
            return a;
        }
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        let s = self.sort(a);
        self.build(Op::Add(a, b), s)
    }

    pub fn sub(&mut self, a: TermId, b: TermId) -> TermId {
        let s = self.sort(a);
        if self.as_const(b) == Some(0) {
            return a;
        }
        if a == b {
            return self.bv(s.width(), 0);
        }
        self.build(Op::Sub(a, b), s)
    }

    pub fn mul(&mut self, a: TermId, b: TermId) -> TermId {
        let s = self.sort(a);
        for (x, y) in [(a, b), (b, a)] {
            match self.as_const(x) {
                Some(0) => return self.bv(s.width(), 0),
                Some(1) => return y,
                _ => {}
            }
        }
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        self.build(Op::Mul(a, b), s)
    }

    pub fn neg(&mut self, a: TermId) -> TermId {
        if let Op::Neg(x) = self.node(a).op {
            return x;
        }
        let s = self.sort(a);
        self.build(Op::Neg(a), s)
    }

    pub fn bvnot(&mut self, a: TermId) -> TermId {
        if let Op::BvNot(x) = self.node(a).op {
            return x;
        }
        let s = self.sort(a);
        self.build(Op::BvNot(a), s)
    }

    pub fn bvand(&mut self, a: TermId, b: TermId) -> TermId {
        let s = self.sort(a);
        let ones = mask(s.width());
        for (x, y) in [(a, b), (b, a)] {
            match self.as_const(x) {
                Some(0) => return x,
                Some(v) if v == ones => return y,
                _ => {}
            }
        }
        if a == b {
            return a;
        }
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        self.build(Op::BvAnd(a, b), s)
    }

    pub fn bvor(&mut self, a: TermId, b: TermId) -> TermId {
        let s = self.sort(a);
        let ones = mask(s.width());
        for (x, y) in [(a, b), (b, a)] {
            match self.as_const(x) {
                Some(0) => return y,
                Some(v) if v == ones => return x,
                _ => {}
            }
        }
        if a == b {
            return a;
        }
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        self.build(Op::BvOr(a, b), s)
    }

    pub fn bvxor(&mut self, a: TermId, b: TermId) -> TermId {
        let s = self.sort(a);
        if self.as_const(a) == Some(0) {
            return b;
        }
        if self.as_const(b) == Some(0) {
            return a;
        }
        if a == b {
            return self.bv(s.width(), 0);
        }
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        self.build(Op::BvXor(a, b), s)
    }

    fn divlike(&mut self, op: fn(TermId, TermId) -> Op, a: TermId, b: TermId) -> TermId {
        let s = self.sort(a);
        // Division by one is the identity for all four operations' quotient forms; the
        // remainder forms fold to 0.
        if self.as_const(b) == Some(1) {
            return match op(a, b) {
                Op::UDiv(..) | Op::SDiv(..) => a,
                _ => self.bv(s.width(), 0),
            };
        }
        self.build(op(a, b), s)
    }

    pub fn udiv(&mut self, a: TermId, b: TermId) -> TermId {
        self.divlike(Op::UDiv, a, b)
    }

    pub fn urem(&mut self, a: TermId, b: TermId) -> TermId {
        self.divlike(Op::URem, a, b)
    }

    pub fn sdiv(&mut self, a: TermId, b: TermId) -> TermId {
        self.divlike(Op::SDiv, a, b)
    }

    pub fn srem(&mut self, a: TermId, b: TermId) -> TermId {
        self.divlike(Op::SRem, a, b)
    }

    fn shift(&mut self, op: fn(TermId, TermId) -> Op, a: TermId, amount: TermId) -> TermId {
        if self.as_const(amount) == Some(0) {
            return a;
        }
        let s = self.sort(a);
        self.build(op(a, amount), s)
    }

    /// `a << amount` (amount of any width, read as unsigned).
    pub fn shl(&mut self, a: TermId, amount: TermId) -> TermId {
        self.shift(Op::Shl, a, amount)
    }

    pub fn lshr(&mut self, a: TermId, amount: TermId) -> TermId {
        self.shift(Op::LShr, a, amount)
    }

    pub fn ashr(&mut self, a: TermId, amount: TermId) -> TermId {
        self.shift(Op::AShr, a, amount)
    }

    pub fn zext(&mut self, a: TermId, w: u32) -> TermId {
        let aw = self.width(a);
        if aw == w {
            return a;
        }
        if aw > w {
            return self.trunc(a, w);
        }
        if let Op::ZeroExt(x) = self.node(a).op {
            return self.zext(x, w);
        }
        self.build(Op::ZeroExt(a), Sort::Bv(w as u8))
    }

    pub fn sext(&mut self, a: TermId, w: u32) -> TermId {
        let aw = self.width(a);
        if aw == w {
            return a;
        }
        if aw > w {
            return self.trunc(a, w);
        }
        match self.node(a).op {
            Op::SignExt(x) => return self.sext(x, w),
            // A zero-extended value has a zero top bit: sign extension is zero extension.
            Op::ZeroExt(x) => return self.zext(x, w),
            _ => {}
        }
        self.build(Op::SignExt(a), Sort::Bv(w as u8))
    }

    /// The low `w` bits.
    pub fn trunc(&mut self, a: TermId, w: u32) -> TermId {
        let aw = self.width(a);
        if aw <= w {
            return a;
        }
        match self.node(a).op {
            Op::ZeroExt(x) | Op::SignExt(x) | Op::Trunc(x) => {
                let xw = self.width(x);
                if xw == w {
                    return x;
                }
                if xw > w {
                    return self.trunc(x, w);
                }
                // Truncating an extension to a width still above the original: a narrower
                // extension.
                return match self.node(a).op {
                    Op::ZeroExt(_) => self.zext(x, w),
                    _ => self.sext(x, w),
                };
            }
            _ => {}
        }
        self.build(Op::Trunc(a), Sort::Bv(w as u8))
    }

    // ------------------------------------------------------------------ floating point

    /// `a op b` on two floating bit patterns of one width (32 or 64).
    pub fn fp2(&mut self, op: FpOp2, a: TermId, b: TermId) -> TermId {
        let s = self.sort(a);
        self.build(Op::Fp2(op, a, b), s)
    }

    /// `op a` on a floating bit pattern.
    pub fn fp1(&mut self, op: FpOp1, a: TermId) -> TermId {
        let s = self.sort(a);
        self.build(Op::Fp1(op, a), s)
    }

    /// An IEEE comparison of two floating bit patterns of one width.
    pub fn fp_cmp(&mut self, p: FpPred, a: TermId, b: TermId) -> TermId {
        if a == b && p != FpPred::Lt {
            // `x == x` and `x <= x` are false only for NaN: keep the node.
            return self.build(Op::FpCmp(p, a, b), Sort::Bool);
        }
        if a == b {
            return self.ff();
        }
        self.build(Op::FpCmp(p, a, b), Sort::Bool)
    }

    /// C's conversion of a floating value to a `w`-bit integer (truncation toward zero).
    pub fn fp_to_int(&mut self, a: TermId, w: u32, signed: bool) -> TermId {
        self.build(Op::FpToInt(a, signed), Sort::Bv(w as u8))
    }

    /// An integer (`signed` or not) rounded to a floating format of `w` bits (32 or 64).
    pub fn fp_from_int(&mut self, a: TermId, w: u32, signed: bool) -> TermId {
        self.build(Op::FpFromInt(a, signed), Sort::Bv(w as u8))
    }

    /// A floating value converted to the format of `w` bits (identity if it has it).
    pub fn fp_convert(&mut self, a: TermId, w: u32) -> TermId {
        if self.width(a) == w {
            return a;
        }
        self.build(Op::FpConvert(a), Sort::Bv(w as u8))
    }

    /// `-x`: the sign bit flipped (also of zero and NaN, as gcc's `xorpd`).
    pub fn fp_neg(&mut self, a: TermId) -> TermId {
        let w = self.width(a);
        let sign = self.bv(w, 1u128 << (w - 1));
        self.bvxor(a, sign)
    }

    /// `fabs(x)`: the sign bit cleared.
    pub fn fp_abs(&mut self, a: TermId) -> TermId {
        let w = self.width(a);
        let rest = self.bv(w, mask(w) >> 1);
        self.bvand(a, rest)
    }

    /// Whether a floating value is ±0.
    pub fn fp_is_zero(&mut self, a: TermId) -> TermId {
        let w = self.width(a);
        let z = self.bv(w, 0);
        self.fp_cmp(FpPred::Eq, a, z)
    }

    /// Fold a node whose operands are all constants, or intern it.
    fn build(&mut self, op: Op, sort: Sort) -> TermId {
        let (ch, n) = op.children();
        let mut vals = [0u128; 3];
        for i in 0..n {
            match self.as_const(ch[i]) {
                Some(v) => vals[i] = v,
                None => return self.intern(Node { op, sort }),
            }
        }
        let v = self.compute(&Node { op, sort }, &vals);
        match sort {
            Sort::Bool => self.bool_const(v != 0),
            Sort::Bv(w) => self.bv(w as u32, v),
        }
    }

    /// The value of `node` given its operands' values (booleans as 0/1, bit-vectors
    /// zero-extended). Leaves are not computed here.
    pub(crate) fn compute(&self, node: &Node, v: &[u128; 3]) -> u128 {
        use Op::*;
        let w = node.sort.width();
        let m = mask(w);
        // Operand width (for predicates and shifts, the first operand's).
        let ow = |t: TermId| self.width(t);
        let (a, b) = (v[0], v[1]);
        match node.op {
            Bool(x) => x as u128,
            Const(x) => x as u128,
            Health(_) | Free(_) => 0,
            Not(_) => (a == 0) as u128,
            And(..) => (a != 0 && b != 0) as u128,
            Or(..) => (a != 0 || b != 0) as u128,
            Ite(..) => {
                if a != 0 {
                    b
                } else {
                    v[2]
                }
            }
            Eq(..) => (a == b) as u128,
            Ult(..) => (a < b) as u128,
            Ule(..) => (a <= b) as u128,
            Slt(x, _) => (to_signed(a, ow(x)) < to_signed(b, ow(x))) as u128,
            Sle(x, _) => (to_signed(a, ow(x)) <= to_signed(b, ow(x))) as u128,
            SAddOverflow(x, _) => {
                let k = ow(x);
                match to_signed(a, k).checked_add(to_signed(b, k)) {
                    Some(r) => (to_signed(r as u128, k) != r) as u128,
                    None => 1,
                }
            }
            SSubOverflow(x, _) => {
                let k = ow(x);
                match to_signed(a, k).checked_sub(to_signed(b, k)) {
                    Some(r) => (to_signed(r as u128, k) != r) as u128,
                    None => 1,
                }
            }
            SMulOverflow(x, _) => {
                let k = ow(x);
                match to_signed(a, k).checked_mul(to_signed(b, k)) {
                    Some(r) => (to_signed(r as u128, k) != r) as u128,
                    None => 1,
                }
            }
            Add(..) => a.wrapping_add(b) & m,
            Sub(..) => a.wrapping_sub(b) & m,
            Mul(..) => a.wrapping_mul(b) & m,
            Neg(_) => a.wrapping_neg() & m,
            BvNot(_) => !a & m,
            BvAnd(..) => a & b,
            BvOr(..) => a | b,
            BvXor(..) => a ^ b,
            UDiv(..) => a.checked_div(b).unwrap_or(m),
            URem(..) => {
                if b == 0 {
                    a
                } else {
                    a % b
                }
            }
            SDiv(..) => {
                let (x, y) = (to_signed(a, w), to_signed(b, w));
                let q = if y == 0 {
                    if x < 0 {
                        1
                    } else {
                        -1
                    }
                } else {
                    x.wrapping_div(y)
                };
                q as u128 & m
            }
            SRem(..) => {
                let (x, y) = (to_signed(a, w), to_signed(b, w));
                let r = if y == 0 { x } else { x.wrapping_rem(y) };
                r as u128 & m
            }
            Shl(..) => {
                if b >= w as u128 {
                    0
                } else {
                    (a << b) & m
                }
            }
            LShr(..) => {
                if b >= w as u128 {
                    0
                } else {
                    a >> b
                }
            }
            AShr(..) => {
                let x = to_signed(a, w);
                let sh = if b >= w as u128 { 127 } else { b as u32 };
                (x >> sh.min(127)) as u128 & m
            }
            ZeroExt(_) => a,
            SignExt(x) => to_signed(a, ow(x)) as u128 & m,
            Trunc(_) => a & m,
            Fp2(_, x, _)
            | Fp1(_, x)
            | FpCmp(_, x, _)
            | FpToInt(x, _)
            | FpFromInt(x, _)
            | FpConvert(x) => fp_compute(&node.op, w, ow(x), a, b),
        }
    }

    /// Evaluate `t` with leaves valued by `leaf`. See [`Evaluator`] to evaluate many terms under
    /// one assignment.
    pub fn eval(&self, t: TermId, leaf: &dyn Fn(Leaf) -> u128) -> u128 {
        Evaluator::new(self, leaf).eval(t)
    }
}

/// Evaluates terms under one assignment of the leaves, memoizing shared sub-terms. Iterative, so
/// deep `ite` chains cannot overflow the stack.
pub struct Evaluator<'a> {
    store: &'a TermStore,
    leaf: &'a dyn Fn(Leaf) -> u128,
    memo: FxMap<TermId, u128>,
    stack: Vec<(TermId, bool)>,
}

impl<'a> Evaluator<'a> {
    pub fn new(store: &'a TermStore, leaf: &'a dyn Fn(Leaf) -> u128) -> Self {
        Evaluator {
            store,
            leaf,
            memo: FxMap::default(),
            stack: Vec::new(),
        }
    }

    fn leaf_value(&self, t: TermId) -> Option<u128> {
        let node = self.store.node(t);
        let m = mask(node.sort.width());
        match node.op {
            Op::Bool(b) => Some(b as u128),
            Op::Const(v) => Some(v as u128),
            Op::Health(c) => Some(((self.leaf)(Leaf::Health(c)) != 0) as u128),
            Op::Free(f) => Some(match node.sort {
                Sort::Bool => ((self.leaf)(Leaf::Free(f, node.sort)) != 0) as u128,
                Sort::Bv(_) => (self.leaf)(Leaf::Free(f, node.sort)) & m,
            }),
            _ => None,
        }
    }

    /// The value of `t` (booleans as 0/1, bit-vectors zero-extended).
    pub fn eval(&mut self, t: TermId) -> u128 {
        if let Some(&v) = self.memo.get(&t) {
            return v;
        }
        self.stack.clear();
        self.stack.push((t, false));
        while let Some((x, expanded)) = self.stack.pop() {
            if self.memo.contains_key(&x) {
                continue;
            }
            if let Some(v) = self.leaf_value(x) {
                self.memo.insert(x, v);
                continue;
            }
            let node = *self.store.node(x);
            let (ch, n) = node.op.children();
            if !expanded {
                self.stack.push((x, true));
                // `ite` only needs its chosen branch, but evaluating both keeps this simple
                // and the memo makes repeated work cheap.
                for &c in ch[..n].iter() {
                    if !self.memo.contains_key(&c) {
                        self.stack.push((c, false));
                    }
                }
                continue;
            }
            let mut vals = [0u128; 3];
            for i in 0..n {
                vals[i] = self.memo[&ch[i]];
            }
            let v = self.store.compute(&node, &vals);
            self.memo.insert(x, v);
        }
        self.memo[&t]
    }

    /// An evaluator that starts from the values `memo` holds (from [`Evaluator::into_memo`]
    /// of an evaluator under the same leaf values: terms never change once made, so a caller
    /// asking about a growing store again and again evaluates each term once).
    pub(crate) fn resume(
        store: &'a TermStore,
        leaf: &'a dyn Fn(Leaf) -> u128,
        memo: FxMap<TermId, u128>,
    ) -> Self {
        Evaluator {
            store,
            leaf,
            memo,
            stack: Vec::new(),
        }
    }

    /// The values computed so far, for [`Evaluator::resume`].
    pub(crate) fn into_memo(self) -> FxMap<TermId, u128> {
        self.memo
    }

    /// The value of `t` as a signed number of its width.
    pub fn eval_signed(&mut self, t: TermId) -> i128 {
        let w = self.store.width(t);
        to_signed(self.eval(t), w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_fold_and_hash_cons() {
        let mut s = TermStore::new();
        let a = s.bv(32, 7);
        let b = s.bv(32, 5);
        let c = s.add(a, b);
        assert_eq!(s.as_const(c), Some(12));
        let d = s.bv(32, 12);
        assert_eq!(c, d);
        let (_, x) = s.fresh(Sort::Bv(32));
        let y1 = s.add(x, a);
        let y2 = s.add(a, x);
        assert_eq!(y1, y2, "commutative operands are canonicalized");
        let z = s.bv(32, 0);
        assert_eq!(s.add(x, z), x);
        let one = s.bv(32, 1);
        assert_eq!(s.mul(x, one), x);
        assert_eq!(s.mul(x, z), z);
        assert_eq!(s.sub(x, x), z);
        assert_eq!(s.bvxor(x, x), z);
    }

    #[test]
    fn booleans_simplify() {
        let mut s = TermStore::new();
        let (_, p) = s.fresh(Sort::Bool);
        let (_, q) = s.fresh(Sort::Bool);
        let t = s.tt();
        let f = s.ff();
        assert_eq!(s.and(p, t), p);
        assert_eq!(s.and(p, f), f);
        assert_eq!(s.or(p, f), p);
        let np = s.not(p);
        assert_eq!(s.not(np), p);
        assert_eq!(s.and(p, np), f);
        assert_eq!(s.or(p, np), t);
        assert_eq!(s.ite(t, p, q), p);
        assert_eq!(s.ite(q, p, p), p);
        assert_eq!(s.ite(q, t, f), q);
        let gc = s.and(q, p);
        let gnc = s.and(q, np);
        assert_eq!(s.or(gc, gnc), q, "join of both branches is the entry guard");
    }

    #[test]
    fn comparison_as_condition_folds_back() {
        let mut s = TermStore::new();
        let (_, x) = s.fresh(Sort::Bv(32));
        let (_, y) = s.fresh(Sort::Bv(32));
        let lt = s.slt(x, y);
        let as_int = s.bool_to_bv(lt, 32);
        assert_eq!(s.nonzero(as_int), lt);
        let z = s.bv(32, 0);
        let is_zero = s.eq(as_int, z);
        assert_eq!(is_zero, s.not(lt));
    }

    #[test]
    fn c_semantics_of_division_and_shifts() {
        let mut s = TermStore::new();
        let m7 = s.bv_i(32, -7);
        let two = s.bv(32, 2);
        let q = s.sdiv(m7, two);
        assert_eq!(s.as_signed(q), Some(-3));
        let r = s.srem(m7, two);
        assert_eq!(s.as_signed(r), Some(-1));
        let z = s.bv(32, 0);
        let q0 = s.sdiv(m7, z);
        assert_eq!(s.as_signed(q0), Some(1));
        let min = s.bv_i(32, i32::MIN as i128);
        let m1 = s.bv_i(32, -1);
        let qm = s.sdiv(min, m1);
        assert_eq!(s.as_signed(qm), Some(i32::MIN as i128));
        let rm = s.srem(min, m1);
        assert_eq!(s.as_const(rm), Some(0));
        let m8 = s.bv_i(32, -8);
        let one = s.bv(32, 1);
        let a = s.ashr(m8, one);
        assert_eq!(s.as_signed(a), Some(-4));
        let big = s.bv(8, 40);
        let sh = s.ashr(m8, big);
        assert_eq!(s.as_signed(sh), Some(-1));
        let u = s.lshr(m8, one);
        assert_eq!(s.as_const(u), Some(0x7fff_fffc));
        let ov = s.sadd_overflow(min, m1);
        assert!(s.is_true(ov));
        let mx = s.bv_i(32, i32::MAX as i128);
        let ov = s.smul_overflow(mx, two);
        assert!(s.is_true(ov));
        let e = s.sext(m7, 64);
        assert_eq!(s.as_signed(e), Some(-7));
        let t = s.trunc(e, 8);
        assert_eq!(s.as_const(t), Some(0xf9));
        let zx = s.zext(t, 16);
        assert_eq!(s.as_const(zx), Some(0xf9));
    }

    #[test]
    fn extensions_simplify() {
        let mut s = TermStore::new();
        let (_, x) = s.fresh(Sort::Bv(8));
        let e = s.sext(x, 32);
        assert_eq!(s.trunc(e, 8), x);
        let e64 = s.sext(e, 64);
        assert_eq!(e64, s.sext(x, 64));
        let t16 = s.trunc(e64, 16);
        assert_eq!(t16, s.sext(x, 16));
    }

    #[test]
    fn evaluation_matches_folding() {
        let mut s = TermStore::new();
        let (fx, x) = s.fresh(Sort::Bv(32));
        let (fy, y) = s.fresh(Sort::Bv(32));
        let ops: Vec<fn(&mut TermStore, TermId, TermId) -> TermId> = vec![
            TermStore::add,
            TermStore::sub,
            TermStore::mul,
            TermStore::sdiv,
            TermStore::srem,
            TermStore::udiv,
            TermStore::urem,
            TermStore::shl,
            TermStore::lshr,
            TermStore::ashr,
            TermStore::bvand,
            TermStore::bvor,
            TermStore::bvxor,
        ];
        let samples: [i128; 7] = [0, 1, -1, 7, -7, i32::MIN as i128, 33];
        for op in &ops {
            let t = op(&mut s, x, y);
            for &vx in &samples {
                for &vy in &samples {
                    let got = s.eval(t, &|l| match l {
                        Leaf::Free(f, _) if f == fx => vx as u128,
                        Leaf::Free(f, _) if f == fy => vy as u128,
                        _ => 0,
                    });
                    let mut s2 = s.clone();
                    let cx = s2.bv_i(32, vx);
                    let cy = s2.bv_i(32, vy);
                    let folded = op(&mut s2, cx, cy);
                    assert_eq!(Some(got), s2.as_const(folded));
                }
            }
        }
    }
}
