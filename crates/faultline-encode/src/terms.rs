//! Terms to AIG bit-vectors.

use std::collections::HashMap;

use faultline_bitblast::fp::{self, FpFormat, RoundIntegral};
use faultline_bitblast::{Aig, AigLit, BitVec};
use faultline_ssa::components::ComponentId;
use faultline_ssa::term::{FpOp1, FpOp2, FpPred, FreeId, Op, Sort, TermId, TermStore};

/// The IEEE format of a floating bit pattern of `w` bits.
fn fmt(w: usize) -> FpFormat {
    if w == 32 {
        FpFormat::F32
    } else {
        FpFormat::F64
    }
}

/// Asked now and then while a large term is bit-blasted: `true` stops the encoding (the
/// analysis was cancelled, ran out of time or of memory).
pub type Interrupt = std::sync::Arc<dyn Fn() -> bool + Send + Sync>;

/// Terms encoded between two calls of the [`Interrupt`]: a 64-bit multiplication is about
/// 8,000 AND nodes, so this is at most a few milliseconds of work.
const INTERRUPT_EVERY: u32 = 256;

/// AND nodes built between two calls of the [`Interrupt`], whatever the number of terms: 256
/// wide multiplications are 2 M nodes, over a second of work in a debug build on a loaded
/// machine, which overran `--timeout` by as much (the 771-iteration product of issue 28).
const INTERRUPT_EVERY_NODES: usize = 1 << 16;

/// How far [`TermEncoder::try_encode`] may grow the graph.
#[derive(Clone, Default)]
pub struct EncodeLimits {
    /// AND nodes the graph may hold (`usize::MAX`: no limit).
    pub max_and_nodes: usize,
    pub interrupt: Option<Interrupt>,
}

impl EncodeLimits {
    pub fn unlimited() -> EncodeLimits {
        EncodeLimits {
            max_and_nodes: usize::MAX,
            interrupt: None,
        }
    }
}

/// Why [`TermEncoder::try_encode`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The graph outgrew [`EncodeLimits::max_and_nodes`].
    TooLarge { and_nodes: usize },
    /// The [`Interrupt`] said stop.
    Interrupted,
}

/// Memoized translation of [`TermStore`] terms into an [`Aig`]. Booleans are 1-bit vectors.
#[derive(Default)]
pub struct TermEncoder {
    aig: Aig,
    memo: Vec<Option<BitVec>>,
    health: HashMap<ComponentId, AigLit>,
    free: HashMap<FreeId, BitVec>,
}

impl TermEncoder {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn aig(&self) -> &Aig {
        &self.aig
    }

    /// The AIG input standing for a component's health (true = healthy), created on first use
    /// and shared by every replica: that sharing is what makes the diagnosis joint.
    pub fn health(&mut self, c: ComponentId) -> AigLit {
        let aig = &mut self.aig;
        *self.health.entry(c).or_insert_with(|| aig.input())
    }

    /// Health inputs created so far.
    pub fn health_inputs(&self) -> impl Iterator<Item = (ComponentId, AigLit)> + '_ {
        self.health.iter().map(|(&c, &l)| (c, l))
    }

    /// The bits of a term. Children are encoded first with an explicit stack: term DAGs of long
    /// unrolled loops are deep, and recursion would overflow the thread's stack.
    pub fn encode(&mut self, store: &TermStore, root: TermId) -> BitVec {
        match self.try_encode(store, root, &EncodeLimits::unlimited()) {
            Ok(bv) => bv,
            Err(_) => unreachable!("no limit to reach"),
        }
    }

    /// [`TermEncoder::encode`] within limits: the graph's size is checked after every term
    /// and the interrupt asked every few hundred terms, so that one hard constraint of a
    /// long unrolled loop (771 iterations of five 64-bit multiplications: 40 M variables)
    /// stops at the ceiling instead of exhausting memory. What was built stays memoized.
    pub fn try_encode(
        &mut self,
        store: &TermStore,
        root: TermId,
        limits: &EncodeLimits,
    ) -> Result<BitVec, Stopped> {
        if let Some(Some(bv)) = self.memo.get(root.index()) {
            return Ok(bv.clone());
        }
        let mut since_interrupt = 0u32;
        let mut nodes_at_interrupt = self.aig.and_count();
        let mut stack = vec![(root, false)];
        while let Some((t, children_done)) = stack.pop() {
            if self.memo.get(t.index()).is_some_and(Option::is_some) {
                continue;
            }
            let node = *store.node(t);
            let (children, n) = node.op.children();
            if !children_done {
                stack.push((t, true));
                for &c in children[..n].iter().rev() {
                    if !self.memo.get(c.index()).is_some_and(Option::is_some) {
                        stack.push((c, false));
                    }
                }
                continue;
            }
            let bv = self.build(node.op, node.sort);
            if self.memo.len() <= t.index() {
                self.memo.resize(t.index() + 1, None);
            }
            self.memo[t.index()] = Some(bv);
            let and_nodes = self.aig.and_count();
            if and_nodes > limits.max_and_nodes {
                return Err(Stopped::TooLarge { and_nodes });
            }
            since_interrupt += 1;
            if since_interrupt >= INTERRUPT_EVERY
                || and_nodes.saturating_sub(nodes_at_interrupt) >= INTERRUPT_EVERY_NODES
            {
                since_interrupt = 0;
                nodes_at_interrupt = and_nodes;
                if limits.interrupt.as_ref().is_some_and(|stop| stop()) {
                    return Err(Stopped::Interrupted);
                }
            }
        }
        Ok(self.memo[root.index()].clone().expect("just encoded"))
    }

    /// A boolean term as one AIG edge.
    pub fn encode_bool(&mut self, store: &TermStore, t: TermId) -> AigLit {
        self.encode(store, t).bit(0)
    }

    fn get(&self, t: TermId) -> &BitVec {
        self.memo[t.index()]
            .as_ref()
            .expect("children are encoded before their parents")
    }

    fn lit(&self, t: TermId) -> AigLit {
        self.get(t).bit(0)
    }

    fn build(&mut self, op: Op, sort: Sort) -> BitVec {
        let width = sort.width() as usize;
        macro_rules! bin {
            ($a:expr, $b:expr, $f:ident) => {{
                let (a, b) = (self.get($a).clone(), self.get($b).clone());
                a.$f(&mut self.aig, &b)
            }};
        }
        macro_rules! pred {
            ($a:expr, $b:expr, $f:ident) => {{
                let (a, b) = (self.get($a).clone(), self.get($b).clone());
                BitVec::from_lit(a.$f(&mut self.aig, &b))
            }};
        }
        match op {
            Op::Bool(b) => BitVec::from_lit(AigLit::constant(b)),
            Op::Const(v) => BitVec::constant(width, u128::from(v)),
            Op::Health(c) => BitVec::from_lit(self.health(c)),
            Op::Free(f) => {
                let aig = &mut self.aig;
                self.free
                    .entry(f)
                    .or_insert_with(|| BitVec::input(aig, width))
                    .clone()
            }
            Op::Not(a) => BitVec::from_lit(!self.lit(a)),
            Op::And(a, b) => {
                let (a, b) = (self.lit(a), self.lit(b));
                BitVec::from_lit(self.aig.and(a, b))
            }
            Op::Or(a, b) => {
                let (a, b) = (self.lit(a), self.lit(b));
                BitVec::from_lit(self.aig.or(a, b))
            }
            Op::Ite(c, a, b) => {
                let c = self.lit(c);
                let (a, b) = (self.get(a).clone(), self.get(b).clone());
                BitVec::ite(&mut self.aig, c, &a, &b)
            }
            Op::Eq(a, b) => pred!(a, b, eq),
            Op::Ult(a, b) => pred!(a, b, ult),
            Op::Ule(a, b) => pred!(a, b, ule),
            Op::Slt(a, b) => pred!(a, b, slt),
            Op::Sle(a, b) => pred!(a, b, sle),
            Op::SAddOverflow(a, b) => pred!(a, b, sadd_overflow),
            Op::SSubOverflow(a, b) => pred!(a, b, ssub_overflow),
            Op::SMulOverflow(a, b) => pred!(a, b, smul_overflow),
            Op::Add(a, b) => bin!(a, b, add),
            Op::Sub(a, b) => bin!(a, b, sub),
            Op::Mul(a, b) => bin!(a, b, mul),
            Op::Neg(a) => {
                let a = self.get(a).clone();
                a.neg(&mut self.aig)
            }
            Op::BvNot(a) => self.get(a).not(),
            Op::BvAnd(a, b) => bin!(a, b, and),
            Op::BvOr(a, b) => bin!(a, b, or),
            Op::BvXor(a, b) => bin!(a, b, xor),
            Op::UDiv(a, b) => bin!(a, b, udiv),
            Op::URem(a, b) => bin!(a, b, urem),
            Op::SDiv(a, b) => bin!(a, b, sdiv),
            Op::SRem(a, b) => bin!(a, b, srem),
            Op::Shl(a, b) => bin!(a, b, shl),
            Op::LShr(a, b) => bin!(a, b, lshr),
            Op::AShr(a, b) => bin!(a, b, ashr),
            Op::ZeroExt(a) => self.get(a).zero_extend(width),
            Op::SignExt(a) => self.get(a).sign_extend(width),
            Op::Trunc(a) => self.get(a).truncate(width),
            Op::Fp2(f, a, b) => {
                let (a, b) = (self.get(a).clone(), self.get(b).clone());
                let k = fmt(a.width());
                let aig = &mut self.aig;
                match f {
                    FpOp2::Add => fp::add(aig, k, &a, &b),
                    FpOp2::Sub => fp::sub(aig, k, &a, &b),
                    FpOp2::Mul => fp::mul(aig, k, &a, &b),
                    FpOp2::Div => fp::div(aig, k, &a, &b),
                    FpOp2::Fmod => fp::fmod(aig, k, &a, &b),
                    FpOp2::Min => fp::min(aig, k, &a, &b),
                    FpOp2::Max => fp::max(aig, k, &a, &b),
                }
            }
            Op::Fp1(f, a) => {
                let a = self.get(a).clone();
                let k = fmt(a.width());
                let aig = &mut self.aig;
                match f {
                    FpOp1::Sqrt => fp::sqrt(aig, k, &a),
                    FpOp1::Floor => fp::round_integral(aig, k, RoundIntegral::Down, &a),
                    FpOp1::Ceil => fp::round_integral(aig, k, RoundIntegral::Up, &a),
                    FpOp1::Round => fp::round_integral(aig, k, RoundIntegral::NearestAway, &a),
                    FpOp1::Trunc => fp::round_integral(aig, k, RoundIntegral::TowardZero, &a),
                }
            }
            Op::FpCmp(p, a, b) => {
                let (a, b) = (self.get(a).clone(), self.get(b).clone());
                let k = fmt(a.width());
                let aig = &mut self.aig;
                BitVec::from_lit(match p {
                    FpPred::Eq => fp::eq(aig, k, &a, &b),
                    FpPred::Lt => fp::lt(aig, k, &a, &b),
                    FpPred::Le => fp::le(aig, k, &a, &b),
                })
            }
            Op::FpToInt(a, signed) => {
                let a = self.get(a).clone();
                let k = fmt(a.width());
                fp::to_int(&mut self.aig, k, &a, width, signed).0
            }
            Op::FpFromInt(a, signed) => {
                let a = self.get(a).clone();
                fp::from_int(&mut self.aig, fmt(width), &a, signed)
            }
            Op::FpConvert(a) => {
                let a = self.get(a).clone();
                let from = fmt(a.width());
                fp::convert(&mut self.aig, from, fmt(width), &a)
            }
        }
    }
}
