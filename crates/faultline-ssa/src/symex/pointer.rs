//! Pointers in the formula, CBMC-style: a pointer value is an (object, offset) pair.
//!
//! Every object the run can address (a global, a local of one inlined call) gets a *pointer
//! identity* when it is allocated ([`Object::pid`](super::memory::Object)): a small number,
//! unique in the replica and never reused, 0 being the null object. A pointer term is one
//! 64-bit bit-vector: the identity in bits 32..64, the offset in scalar cells (two's
//! complement) in bits 0..32, so that null is 0 as in the interpreter, pointer equality is
//! bit-vector equality, and a pointer fits the cells the array machinery already has. With
//! concrete test inputs the identities and offsets are constants and everything folds: `&x`,
//! `a + i`, `p++`, `*p` become plain cell accesses.
//!
//! A dereference reads or writes the cells of the object the pointer points into (the
//! machinery of [`super::memory`]). When the identity is not a constant (a pointer chosen
//! under a condition that a relaxed component decides), the access is a case split over the
//! objects the pointer term can designate, read off the term's structure (`ite`s of
//! constants, offsets moved). The interpreter's undefined behaviour is the formula's: a null
//! dereference, an access outside the object, a dangling pointer (an object of a call that
//! has returned: its identity no longer maps to a live object), arithmetic or comparisons
//! across objects, all as hard constraints at the statement. The offset must stay within 32
//! bits (the interpreter allows 40 before it reports an overflow; only a pointer moved by
//! more than two billion cells without being used differs).
//!
//! A relaxed component that yields a pointer keeps the object its expression points to and
//! gets a free offset within that object (`0..=size`), or is `NULL`: it may only point to
//! objects that exist at that point. Its angelic value is that offset (or null);
//! [`crate::spec::PointerPoint`] records how to show it (`&a[2]`, `p + 1`, `NULL`).
//!
//! Not modelled (one located `unsupported:` error): pointers into `argv`, conversions between
//! pointers and integers, a pointer whose objects cannot be read off its term, and a
//! region (an array argument, an input target) through a pointer that may point into several
//! objects, which is pinned to the healthy run's object where it can be; a `string.h`
//! operand into up to 8 objects is a choice of them ([`Engine::pointer_regions`]).

use faultline_ir::{BinOp, Expr, IntKind, Place, Stmt, Type, VarRef};

use super::memory::{layout, stride, Binding, Loc, Region, IDX};
use super::{Engine, Res};
use crate::spec::{PointerPoint, SymexError};
use crate::term::{Op, TermId};

/// What [`Engine::place_cells`] returns: the place's kind and the cells it may reach, each
/// `(condition, object, cell)`.
type PlaceCells = (IntKind, Vec<(TermId, u32, TermId)>);

/// Why the formula refuses a member access through a struct pointer (`p->x`, `(*p).x`): the
/// interpreter runs it exactly (`faultline-interp`'s struct layout), the formula does not
/// model struct pointers yet, so diagnosis falls back as for other constructs it refuses.
const STRUCT_POINTER: &str = "diagnosis of programs that reach struct members through a pointer \
     (`p->x`) is not available yet: `faultline test` runs this program exactly, but the formula \
     that localizes faults does not model it";

/// Width of a pointer term.
pub(crate) const PTR_W: u32 = 64;
/// The identity bits of a pointer term.
const HIGH: u128 = 0xFFFF_FFFF_0000_0000;
/// `pid_obj` entry of an object that no longer exists (its call returned).
pub(crate) const DEAD: u32 = u32::MAX;
/// At most this many objects in one case split.
const MAX_TARGETS: usize = 64;
/// At most this many other variables a relaxed pointer may be moved into
/// ([`Engine::other_targets`]): each adds an object to every dereference of it.
const MAX_OTHER_TARGETS: usize = 8;
/// At most this many objects a string operand may be read from or written to
/// ([`Engine::pointer_regions`]): each adds the call's unrolling over its cells.
const MAX_STRING_TARGETS: usize = 8;

fn unsupported<T>(message: impl Into<String>, span: faultline_ir::Span) -> Res<T> {
    Err(SymexError::Unsupported {
        message: message.into(),
        span,
    })
}

/// The array parameters that functions of `program` assign as a whole (see
/// [`Engine::moved_param`]).
pub(crate) fn moved_params(
    program: &faultline_ir::Program,
) -> std::collections::HashSet<(faultline_ir::FuncId, faultline_ir::LocalId)> {
    let mut out = std::collections::HashSet::new();
    program.for_each_stmt(|f, s| {
        let mut note = |place: &Place| {
            if let (VarRef::Local(l), true) = (place.base, place.indices.is_empty()) {
                let is_ref = program
                    .function(f)
                    .locals
                    .get(l.index())
                    .is_some_and(|d| matches!(d.ty, Type::ArrayRef(_)));
                if is_ref {
                    out.insert((f, l));
                }
            }
        };
        if let faultline_ir::StmtKind::Assign { place, .. } = &s.kind {
            note(place);
        }
        crate::float::stmt_exprs(s, &mut |e| {
            e.walk(&mut |x| {
                if let faultline_ir::ExprKind::Load(p) | faultline_ir::ExprKind::AddrOf(p) = &x.kind
                {
                    note(p);
                }
            })
        });
    });
    out
}

/// One object a dereference may reach: under `cond`, the cell or region `loc`.
pub(crate) struct Target {
    pub cond: TermId,
    pub loc: Loc,
}

impl Engine<'_> {
    // ------------------------------------------------------------------ pointer terms

    fn pid_high(&mut self, pid: u32) -> TermId {
        self.ts.bv(PTR_W, (pid as u128) << 32)
    }

    /// The pointer to cell `off` (a 64-bit term) of the object with identity bits `high`.
    fn ptr_make(&mut self, high: TermId, off: TermId) -> TermId {
        let lo = self.ts.trunc(off, 32);
        let lo = self.ts.zext(lo, PTR_W);
        self.ts.bvor(high, lo)
    }

    /// A pointer to cell `at` of object `obj`.
    pub(crate) fn ptr_to(&mut self, obj: u32, at: TermId) -> TermId {
        let pid = self.objects[obj as usize].pid;
        let h = self.pid_high(pid);
        self.ptr_make(h, at)
    }

    fn ptr_high(&mut self, p: TermId) -> TermId {
        let m = self.ts.bv(PTR_W, HIGH);
        self.ts.bvand(p, m)
    }

    /// The offset of pointer `p`, as a 64-bit signed term.
    pub(crate) fn ptr_off(&mut self, p: TermId) -> TermId {
        let lo = self.ts.trunc(p, 32);
        self.ts.sext(lo, IDX)
    }

    /// `p + d` cells (`d` a 64-bit signed term); the offset must stay representable.
    fn ptr_add(&mut self, p: TermId, d: TermId, g: TermId) -> TermId {
        let off = self.ptr_off(p);
        let n = self.ts.add(off, d);
        let ov = self.ts.sadd_overflow(off, d);
        let nov = self.ts.not(ov);
        let t = self.ts.trunc(n, 32);
        let back = self.ts.sext(t, IDX);
        let fits = self.ts.eq(back, n);
        let ok = self.ts.and(nov, fits);
        self.ub(g, ok);
        let h = self.ptr_high(p);
        self.ptr_make(h, n)
    }

    /// The identities pointer term `p` can have, read off its structure; `None` when they
    /// cannot be (more than [`MAX_TARGETS`], or an operator this module never builds).
    pub(crate) fn ptr_pids(&self, p: TermId) -> Option<Vec<u32>> {
        let mut out = Vec::new();
        let mut stack = vec![p];
        let mut seen = crate::term::FxMap::default();
        while let Some(t) = stack.pop() {
            if seen.insert(t, ()).is_some() {
                continue;
            }
            if let Some(v) = self.ts.as_const(t) {
                let pid = (v >> 32) as u32;
                if !out.contains(&pid) {
                    out.push(pid);
                }
                if out.len() > MAX_TARGETS {
                    return None;
                }
                continue;
            }
            match self.ts.node(t).op {
                // A move into another variable that is held false.
                Op::Ite(c, _, b) if self.banned_picks.contains_key(&c) => stack.push(b),
                Op::Ite(_, a, b) => {
                    stack.push(a);
                    stack.push(b);
                }
                // `ptr_make(high, off)`: the identity is `high`'s.
                Op::BvOr(a, b) => {
                    let hi = |x: TermId| self.is_high_part(x, MAX_OTHER_TARGETS + 1);
                    match (hi(a), hi(b)) {
                        (true, _) => stack.push(a),
                        (_, true) => stack.push(b),
                        _ => return None,
                    }
                }
                // `ptr_high(q)`: the identities of `q`.
                Op::BvAnd(a, b) => {
                    let is_mask = |x: TermId| self.ts.as_const(x) == Some(HIGH);
                    match (is_mask(a), is_mask(b)) {
                        (true, _) => stack.push(b),
                        (_, true) => stack.push(a),
                        _ => return None,
                    }
                }
                // The null object's identity folded away: `ptr_make(0, off)`.
                Op::ZeroExt(x) if self.ts.width(x) == 32 => {
                    if !out.contains(&0) {
                        out.push(0);
                    }
                }
                _ => return None,
            }
        }
        out.sort_unstable();
        Some(out)
    }

    /// Whether term `x` is the identity part of a pointer (`ptr_make`'s `high`): a constant
    /// without offset bits, `ptr_high(q)`, or a choice among such (a relaxed pointer moved
    /// into another object), looked at to `depth` choices deep.
    fn is_high_part(&self, x: TermId, depth: usize) -> bool {
        if self.ts.as_const(x).is_some_and(|v| v & !HIGH == 0) {
            return true;
        }
        match self.ts.node(x).op {
            Op::BvAnd(..) => true,
            Op::Ite(_, a, b) if depth > 0 => {
                self.is_high_part(a, depth - 1) && self.is_high_part(b, depth - 1)
            }
            _ => false,
        }
    }

    /// The live object of identity `pid`, if any.
    pub(crate) fn live(&self, pid: u32) -> Option<u32> {
        match self.pid_obj.get(pid as usize) {
            Some(&o) if pid != 0 && o != DEAD && o != super::heap::PENDING => Some(o),
            _ => None,
        }
    }

    // ------------------------------------------------------------------ places

    /// The pointee type when `p`'s base variable is a pointer (`T *p`).
    pub(crate) fn pointer_base(&self, p: &Place) -> Option<Type> {
        let ty = match p.base {
            VarRef::Local(l) => {
                let func = self.frame().func;
                &self.program.function(func).locals.get(l.index())?.ty
            }
            VarRef::Global(g) => &self.program.globals.get(g.index())?.ty,
            VarRef::Argv => return None,
        };
        match ty {
            Type::Ptr(e) => Some((**e).clone()),
            Type::ArrayRef(e) => match p.base {
                VarRef::Local(l) if self.moved_param(self.frame().func, l) => Some((**e).clone()),
                _ => None,
            },
            _ => None,
        }
    }

    /// Whether local `l` of `func` is an array parameter that the function uses as a whole
    /// (`s++`, `p == NULL`, `q = s` on `char *s` otherwise used as an array): it then holds a
    /// pointer in a cell of its own, as in the interpreter, instead of referring to the
    /// caller's array (which may not exist: a null pointer is no array).
    pub(crate) fn moved_param(&self, func: faultline_ir::FuncId, l: faultline_ir::LocalId) -> bool {
        self.moved_params.contains(&(func, l))
    }

    /// The value of pointer variable `p` (the place without its indices), checked initialized.
    pub(crate) fn load_pointer_var(&mut self, p: &Place, g: TermId) -> Res<TermId> {
        let own = Place {
            base: p.base,
            indices: Vec::new(),
            span: p.span,
        };
        let Loc::Cell { obj, at, .. } = self.resolve(&own, g)? else {
            return Err(SymexError::InvalidIr {
                message: "pointer variable without its cell".into(),
                span: p.span,
            });
        };
        let (v, init) = self.read_cell(obj, at);
        self.ub(g, init);
        Ok(v)
    }

    /// Every object `p[i]…` (a place through pointer variable `p`, with indices) may reach,
    /// with the bounds, null and lifetime checks added as hard constraints.
    pub(crate) fn deref_targets(
        &mut self,
        p: &Place,
        pointee: &Type,
        g: TermId,
        addr: bool,
    ) -> Res<(IntKind, Vec<Target>)> {
        if let Type::Struct(_) = pointee {
            return self.struct_targets(p, pointee, g, addr);
        }
        let Some((pdims, kind)) = layout(pointee) else {
            return unsupported(
                format!("access through a pointer to `{pointee}` in the formula"),
                p.span,
            );
        };
        let pv = self.load_pointer_var(p, g)?;
        let Some(pids) = self.ptr_pids(pv) else {
            return unsupported(
                "a pointer whose objects the formula cannot determine is dereferenced here",
                p.span,
            );
        };
        let mut dims = vec![0u64];
        dims.extend_from_slice(&pdims);
        let stride0 = stride(&dims, 0).max(1);
        let off = self.ptr_off(pv);
        // The position in the object and the checks of the inner indices (object-independent).
        let mut ok_inner = self.ts.tt();
        let mut at = off;
        let last = p.indices.len();
        let mut first_end = None;
        for (j, idx) in p.indices.iter().enumerate() {
            let i = self.eval(idx, g)?;
            let i = self.cast_to_bits(i, idx.ty, IDX);
            let s = self.ts.bv(IDX, stride(&dims, j) as u128);
            let d = self.ts.mul(i, s);
            at = self.ts.add(at, d);
            if j == 0 {
                first_end = Some(at);
                continue;
            }
            let Some(&n) = dims.get(j) else {
                return Err(SymexError::InvalidIr {
                    message: "more indices than dimensions".into(),
                    span: p.span,
                });
            };
            let len = self.ts.bv(IDX, n as u128);
            let in_range = if addr && j + 1 == last {
                self.ts.ule(i, len)
            } else {
                self.ts.ult(i, len)
            };
            ok_inner = self.ts.and(ok_inner, in_range);
        }
        let at0 = first_end.unwrap_or(off);
        let k = p.indices.len();
        let single = pids.len() == 1;
        let mut targets = Vec::new();
        for pid in pids {
            let cond = if single {
                self.ts.tt()
            } else {
                let h = self.ptr_high(pv);
                let want = self.pid_high(pid);
                self.ts.eq(h, want)
            };
            let gk = self.ts.and(g, cond);
            if self.ts.is_false(gk) {
                continue;
            }
            let Some(o) = self.live_for(pid, kind, gk, p.span)? else {
                // Null, or an object of a call that has returned.
                let ff = self.ts.ff();
                self.ub(gk, ff);
                continue;
            };
            if self.objects[o as usize].kind != kind || o == self.argv {
                return unsupported(
                    format!(
                        "access to an object through a pointer to `{pointee}` of another type in the formula"
                    ),
                    p.span,
                );
            }
            let size = self.obj_len(o);
            // The interpreter's check: the element (or, for `&p[i]`-like addresses, its
            // start) lies within the object.
            let zero = self.ts.bv(IDX, 0);
            let nonneg = self.ts.sle(zero, at0);
            let end_ok = addr && last == 1;
            let end = if end_ok {
                at0
            } else {
                let s = self.ts.bv(IDX, stride0 as u128);
                self.ts.add(at0, s)
            };
            let within = self.ts.sle(end, size);
            // `at0 + stride` must not wrap for the check to mean what it says.
            let small = {
                let lim = self.ts.bv(IDX, 1u128 << 40);
                self.ts.slt(at0, lim)
            };
            let ok = self.ts.and_all([nonneg, within, small, ok_inner]);
            self.ub(gk, ok);
            let loc = if k == dims.len() {
                Loc::Cell { obj: o, at, kind }
            } else {
                let len = self.ts.bv(IDX, dims[k] as u128);
                Loc::Region(Region::Mem {
                    obj: o,
                    start: at,
                    len,
                })
            };
            targets.push(Target { cond, loc });
        }
        Ok((kind, targets))
    }

    /// [`Engine::deref_targets`] through a struct pointer: the place is `p[elem][leaf]…` (see
    /// `faultline_ir::Type::Ptr`). A struct object is one object per leaf, allocated one after
    /// another (a frame's locals and the globals are, in declaration order), and the pointer
    /// points into the first: leaf `j` of the object `o` it points to is object `o + j`, whose
    /// element `e` starts at `e` times the leaf's cells per element; a heap block's leaves
    /// are allocated so too (`heap::materialize_structs`), a pointer to a nested struct in
    /// one pointing into the leaf object where it starts. Anything else (a leaf object that
    /// does not fit) is refused with one plain reason.
    fn struct_targets(
        &mut self,
        p: &Place,
        pointee: &Type,
        g: TermId,
        addr: bool,
    ) -> Res<(IntKind, Vec<Target>)> {
        let leaves = pointee.leaves();
        let leaf = match p.indices.get(1).map(|e| &e.kind) {
            Some(faultline_ir::ExprKind::Const(j)) => usize::try_from(*j).ok(),
            _ => None,
        };
        let Some((j, (_, lt))) = leaf.and_then(|j| leaves.get(j).map(|l| (j, l.clone()))) else {
            return unsupported(STRUCT_POINTER, p.span);
        };
        let (Some((dims0, kind0)), Some((ldims, kind))) = (layout(&leaves[0].1), layout(&lt))
        else {
            return unsupported(STRUCT_POINTER, p.span);
        };
        let c0 = dims0.iter().fold(1u64, |a, &d| a.saturating_mul(d)).max(1);
        let cj = ldims.iter().fold(1u64, |a, &d| a.saturating_mul(d)).max(1);
        let pv = self.load_pointer_var(p, g)?;
        let Some(pids) = self.ptr_pids(pv) else {
            return unsupported(
                "a pointer whose objects the formula cannot determine is dereferenced here",
                p.span,
            );
        };
        let off = self.ptr_off(pv);
        let i = self.eval(&p.indices[0], g)?;
        let i = self.cast_to_bits(i, p.indices[0].ty, IDX);
        let c0t = self.ts.bv(IDX, c0 as u128);
        let first = self.ts.sdiv(off, c0t);
        let elem = self.ts.add(first, i);
        // The inner indices, checked against the leaf's dimensions.
        let mut ok_inner = self.ts.tt();
        let cjt = self.ts.bv(IDX, cj as u128);
        let mut at = self.ts.mul(elem, cjt);
        let rest = &p.indices[2..];
        if rest.len() > ldims.len() {
            return Err(SymexError::InvalidIr {
                message: "more indices than dimensions".into(),
                span: p.span,
            });
        }
        for (k, idx) in rest.iter().enumerate() {
            let x = self.eval(idx, g)?;
            let x = self.cast_to_bits(x, idx.ty, IDX);
            let s = self.ts.bv(IDX, stride(&ldims, k) as u128);
            let d = self.ts.mul(x, s);
            at = self.ts.add(at, d);
            let len = self.ts.bv(IDX, ldims[k] as u128);
            let in_range = if addr && k + 1 == rest.len() {
                self.ts.ule(x, len)
            } else {
                self.ts.ult(x, len)
            };
            ok_inner = self.ts.and(ok_inner, in_range);
        }
        let single = pids.len() == 1;
        let mut targets = Vec::new();
        for pid in pids {
            let cond = if single {
                self.ts.tt()
            } else {
                let h = self.ptr_high(pv);
                let want = self.pid_high(pid);
                self.ts.eq(h, want)
            };
            let gk = self.ts.and(g, cond);
            if self.ts.is_false(gk) {
                continue;
            }
            // A heap block: typed as structs of the pointee's type at the first access, its
            // number of structs may be symbolic (a size a relaxed value computes). A leaf
            // object of one (`&b->hi`, a nested struct member) is reached as the block's
            // leaves from there, as a stack struct's are.
            let heap_n = match self.heap_struct_at(pid) {
                Some((block, at)) => Some(self.heap_structs(block, at, pointee, gk, p.span)?),
                None => None,
            };
            let Some(o) = self.live(pid) else {
                let ff = self.ts.ff();
                self.ub(gk, ff);
                continue;
            };
            let first = &self.objects[o as usize];
            let n = first.size as u64 / c0;
            let lo = o as usize + j;
            // Leaf `j` of the same struct object: the `j`-th next local of the same call or
            // global (never a heap block, whose neighbours are unrelated objects).
            let origin = |obj: usize| {
                self.objects
                    .get(obj)
                    .and_then(|x| self.rep.vars.get(x.var.0 as usize))
                    .map(|v| v.origin)
            };
            let same_object = match (origin(o as usize), origin(lo)) {
                (
                    Some(crate::spec::VarOrigin::Local(f, a)),
                    Some(crate::spec::VarOrigin::Local(g, b)),
                ) => f == g && b.0 as usize == a.0 as usize + j,
                (
                    Some(crate::spec::VarOrigin::Global(a)),
                    Some(crate::spec::VarOrigin::Global(b)),
                ) => b.0 as usize == a.0 as usize + j,
                _ => false,
            };
            let first = &self.objects[o as usize];
            // A heap block's leaves were laid out for this struct (`heap_structs`).
            let fits = heap_n.is_some()
                || same_object
                    && first.kind == kind0
                    && o != self.argv
                    && (first.size as u64).is_multiple_of(c0)
                    && self
                        .objects
                        .get(lo)
                        .is_some_and(|l| l.kind == kind && l.size as u64 == n * cj);
            if !fits {
                return unsupported(STRUCT_POINTER, p.span);
            }
            let zero = self.ts.bv(IDX, 0);
            let nt = match heap_n {
                Some(n) => n,
                None => self.ts.bv(IDX, n as u128),
            };
            let exact = {
                let r = self.ts.srem(off, c0t);
                self.ts.eq(r, zero)
            };
            let nonneg = self.ts.sle(zero, elem);
            let below = self.ts.slt(elem, nt);
            let ok = self.ts.and_all([exact, nonneg, below, ok_inner]);
            self.ub(gk, ok);
            let k = rest.len();
            let loc = if k == ldims.len() {
                Loc::Cell {
                    obj: lo as u32,
                    at,
                    kind,
                }
            } else {
                let len = self.ts.bv(IDX, ldims[k] as u128);
                Loc::Region(Region::Mem {
                    obj: lo as u32,
                    start: at,
                    len,
                })
            };
            targets.push(Target { cond, loc });
        }
        let k = rest.len();
        if targets.is_empty() && k < ldims.len() {
            // Every path to here is undefined behaviour (null or dangling) and a region is
            // wanted (a string operand `p->name`): a region past the end of any object of the
            // leaf's kind, which reads as nothing, as `nowhere` does for a cell.
            let Some(obj) = self.objects.iter().position(|o| o.kind == kind) else {
                return unsupported(STRUCT_POINTER, p.span);
            };
            let far = self.ts.bv(IDX, u32::MAX as u128);
            let len = self.ts.bv(IDX, ldims[k] as u128);
            let cond = self.ts.tt();
            targets.push(Target {
                cond,
                loc: Loc::Region(Region::Mem {
                    obj: obj as u32,
                    start: far,
                    len,
                }),
            });
        }
        Ok((kind, targets))
    }

    /// [`Engine::resolve`] of a place through a pointer: its one object, or an `unsupported`
    /// error when it may reach several (only loads and stores split over objects).
    pub(crate) fn resolve_deref(
        &mut self,
        p: &Place,
        pointee: &Type,
        g: TermId,
        addr: bool,
    ) -> Res<Loc> {
        let (kind, mut targets) = self.deref_targets(p, pointee, g, addr)?;
        if targets.len() > 1 {
            // Moves into other variables held false, it may be one object again.
            let own = Place {
                base: p.base,
                indices: Vec::new(),
                span: p.span,
            };
            if let Ok(Loc::Cell { obj, at, .. }) = self.resolve(&own, g) {
                let (pv, _) = self.read_cell(obj, at);
                if self.ban_moves(pv) {
                    targets = self.deref_targets(p, pointee, g, addr)?.1;
                }
            }
        }
        match targets.len() {
            1 => Ok(targets.pop().expect("one target").loc),
            // Every path to here is undefined behaviour (null or dangling): any cell will do.
            0 => Ok(self.nowhere(kind)),
            _ => unsupported(
                "a pointer that may point into several objects is used here as an array or input target in the formula",
                p.span,
            ),
        }
    }

    /// A location for an access that undefined behaviour already excludes: cell 0 of a
    /// scratch object of `kind`.
    fn nowhere(&mut self, kind: IntKind) -> Loc {
        let zero = self.ts.bv(IDX, 0);
        // Any object of that kind: the access is never part of a consistent run. An offset
        // beyond every object makes reads yield 0 and writes nothing.
        let far = self.ts.bv(IDX, u32::MAX as u128);
        let obj = self
            .objects
            .iter()
            .position(|o| o.kind == kind)
            .map(|o| o as u32);
        match obj {
            Some(obj) => Loc::Cell { obj, at: far, kind },
            None => Loc::Region(Region::Mem {
                obj: self.argv,
                start: zero,
                len: zero,
            }),
        }
    }

    /// The cells a store or load of `p` may reach, each with its condition: one for a plain
    /// place, one per object for a place through a pointer.
    pub(crate) fn place_cells(&mut self, p: &Place, g: TermId) -> Res<PlaceCells> {
        let loc_cell = |l: Loc| match l {
            Loc::Cell { obj, at, kind } => Ok((obj, at, kind)),
            Loc::Region(_) => Err(SymexError::InvalidIr {
                message: "array used as a scalar".into(),
                span: p.span,
            }),
        };
        if !p.indices.is_empty() {
            if let Some(pointee) = self.pointer_base(p) {
                let (kind, targets) = self.deref_targets(p, &pointee, g, false)?;
                let mut cells = Vec::with_capacity(targets.len());
                for t in targets {
                    let (obj, at, _) = loc_cell(t.loc)?;
                    cells.push((t.cond, obj, at));
                }
                return Ok((kind, cells));
            }
        }
        let (obj, at, kind) = loc_cell(self.resolve(p, g)?)?;
        let t = self.ts.tt();
        Ok((kind, vec![(t, obj, at)]))
    }

    /// Read a scalar place (through a pointer: a case split over its objects).
    pub(crate) fn load_place(&mut self, p: &Place, g: TermId) -> Res<(TermId, IntKind)> {
        // An array parameter read as a whole is the pointer it holds (its region's start).
        if let (VarRef::Local(l), true) = (p.base, p.indices.is_empty()) {
            if let Some(Binding::Ref(r)) = self.frame().locals.get(l.index()).copied() {
                return Ok((self.region_pointer(r, p.span)?, IntKind::Ptr));
            }
        }
        let (kind, cells) = self.place_cells(p, g)?;
        let mut val = self.ts.bv(kind.bits(), 0);
        let mut init = self.ts.tt();
        for (i, (cond, obj, at)) in cells.into_iter().enumerate() {
            let (v, ini) = self.read_cell(obj, at);
            if i == 0 {
                (val, init) = (v, ini);
            } else {
                val = self.ts.ite(cond, v, val);
                init = self.ts.ite(cond, ini, init);
            }
        }
        self.ub(g, init);
        Ok((val, kind))
    }

    /// A place used as an array or string (a call's array argument, a string operand): a
    /// pointer variable without indices designates what is left of its object from where it
    /// points.
    pub(crate) fn resolve_region(&mut self, p: &Place, g: TermId) -> Res<Loc> {
        if !p.indices.is_empty() {
            return self.resolve(p, g);
        }
        let Some(pointee) = self.pointer_base(p) else {
            return self.resolve(p, g);
        };
        let pv = self.load_pointer_var(p, g)?;
        Ok(Loc::Region(self.pointer_region(pv, &pointee, g, p.span)?))
    }

    /// A `char *` string operand: what is left of its object from where it points (one
    /// object only; a `char` object).
    pub(crate) fn str_ptr_loc(&mut self, e: &Expr, g: TermId) -> Res<Loc> {
        let pv = self.eval(e, g)?;
        let region = self.pointer_region(pv, &Type::Int(IntKind::Char), g, e.span)?;
        Ok(Loc::Region(region))
    }

    /// The pointer to the first element of region `r`.
    pub(crate) fn region_pointer(&mut self, r: Region, span: faultline_ir::Span) -> Res<TermId> {
        match r {
            Region::Mem { obj, start, .. } => Ok(self.ptr_to(obj, start)),
            _ => unsupported("a pointer into `argv` in the formula", span),
        }
    }

    /// The region a pointer value designates, for an array parameter it is passed to: what
    /// is left of its object from where it points.
    pub(crate) fn pointer_region(
        &mut self,
        pv: TermId,
        elem: &Type,
        g: TermId,
        span: faultline_ir::Span,
    ) -> Res<Region> {
        // Null or one object (a pointer a callee returns is null where it did not return,
        // a path the guard excludes): null has no element, so every access through it is
        // out of bounds, as in the interpreter (which fails at the access, not here).
        let several =
            |pids: Option<Vec<u32>>| pids.is_some_and(|p| p.len() > 2 || p.len() == 2 && p[0] != 0);
        let mut pv = pv;
        if several(self.ptr_pids(pv)) {
            self.ban_moves(pv);
        }
        if several(self.ptr_pids(pv)) {
            // One of several objects (`names[i]` of an array of strings, at an index a
            // relaxed value may change): the one the healthy run passes, pinned there (sound,
            // not complete), as library calls pin what they do not unroll.
            let high = self.ptr_high(pv);
            let c = self.healthy_consts(&[high])[0] as u128 & HIGH;
            let k = self.ts.bv(PTR_W, c);
            let same = self.ts.eq(high, k);
            let pinned = self.ts.implies(g, same);
            let stmt = self.cur_stmt;
            self.hard(pinned, crate::spec::HardReason::Pinned(stmt));
            let off = self.ptr_off(pv);
            pv = self.ptr_make(k, off);
        }
        let (pid, maybe_null) = match self.ptr_pids(pv).as_deref() {
            Some(&[p]) => (p, false),
            Some(&[0, p]) => (p, true),
            _ => {
                return unsupported(
                    "a pointer that may point into several objects is passed here as an array in the formula",
                    span,
                )
            }
        };
        let not_null = if maybe_null {
            let h = self.ptr_high(pv);
            let zero = self.ts.bv(PTR_W, 0);
            let null = self.ts.eq(h, zero);
            self.ts.not(null)
        } else {
            self.ts.tt()
        };
        let g = self.ts.and(g, not_null);
        let region = self.object_region(pv, pid, elem, g, span)?;
        Ok(match region {
            Region::Mem { obj, start, len } if maybe_null => {
                let zero = self.ts.bv(IDX, 0);
                let len = self.ts.ite(not_null, len, zero);
                Region::Mem { obj, start, len }
            }
            r => r,
        })
    }

    /// The regions a pointer value used as a string operand may designate, each with its
    /// condition: one per object it may point into, so that a string call reads (or writes)
    /// whichever of several objects a relaxed component picks (`strcpy(out, names[i])` with
    /// `i` relaxed, a `char *` that a relaxed statement moves into another array). Up to
    /// [`MAX_STRING_TARGETS`] objects (each adds the call's unrolling over its cells); past
    /// that, or for one object, [`Engine::pointer_region`]'s one region (pinned to the
    /// healthy run's object when there are several).
    pub(crate) fn pointer_regions(
        &mut self,
        pv: TermId,
        elem: &Type,
        g: TermId,
        span: faultline_ir::Span,
    ) -> Res<Vec<(TermId, Region)>> {
        let pids = self.ptr_pids(pv).unwrap_or_default();
        let objects = pids.iter().filter(|&&p| p != 0).count();
        if !(2..=MAX_STRING_TARGETS).contains(&objects) {
            let t = self.ts.tt();
            return Ok(vec![(t, self.pointer_region(pv, elem, g, span)?)]);
        }
        let high = self.ptr_high(pv);
        let mut out = Vec::with_capacity(pids.len());
        for pid in pids {
            let want = self.pid_high(pid);
            let cond = self.ts.eq(high, want);
            let gk = self.ts.and(g, cond);
            if self.ts.is_false(gk) {
                continue;
            }
            let region = if pid == 0 {
                // Null has no element: every access through it is out of bounds.
                let zero = self.ts.bv(IDX, 0);
                Region::Mem {
                    obj: self.argv,
                    start: zero,
                    len: zero,
                }
            } else {
                self.object_region(pv, pid, elem, gk, span)?
            };
            out.push((cond, region));
        }
        Ok(out)
    }

    /// What is left of object `pid` from where `pv` points, under `g` (where `pv` points into
    /// it), with the bounds and lifetime checks: the region of [`Engine::pointer_region`].
    fn object_region(
        &mut self,
        pv: TermId,
        pid: u32,
        elem: &Type,
        g: TermId,
        span: faultline_ir::Span,
    ) -> Res<Region> {
        let Some((pdims, kind)) = layout(elem) else {
            return unsupported(
                format!("an array of `{elem}` through a pointer in the formula"),
                span,
            );
        };
        let stride0 = pdims.iter().fold(1u64, |a, &d| a.saturating_mul(d)).max(1);
        let Some(o) = self.live_for(pid, kind, g, span)? else {
            // Null or dangling: no element exists, so every access is out of bounds (the
            // interpreter fails at the access too, not when the pointer is passed).
            let zero = self.ts.bv(IDX, 0);
            return Ok(Region::Mem {
                obj: self.argv,
                start: zero,
                len: zero,
            });
        };
        if self.objects[o as usize].kind != kind || o == self.argv {
            return unsupported(
                format!(
                    "an object used through a pointer to `{elem}` of another type in the formula"
                ),
                span,
            );
        }
        let off = self.ptr_off(pv);
        let size = self.obj_len(o);
        let zero = self.ts.bv(IDX, 0);
        let a = self.ts.sle(zero, off);
        let b = self.ts.sle(off, size);
        let ok = self.ts.and(a, b);
        self.ub(g, ok);
        let rest = self.ts.sub(size, off);
        let s = self.ts.bv(IDX, stride0 as u128);
        let len = self.ts.udiv(rest, s);
        Ok(Region::Mem {
            obj: o,
            start: off,
            len,
        })
    }

    // ------------------------------------------------------------------ expressions

    /// `&place`.
    pub(crate) fn address_of(&mut self, p: &Place, g: TermId) -> Res<TermId> {
        if p.base == VarRef::Argv {
            return unsupported("a pointer into `argv` in the formula", p.span);
        }
        if let Some(pointee) = self.pointer_base(p) {
            match p.indices.len() {
                0 => {}
                1 if matches!(pointee, Type::Struct(_)) => {
                    return unsupported(STRUCT_POINTER, p.span);
                }
                1 => {
                    // `&p[i]` is `p + i`: arithmetic, checked only when dereferenced.
                    let pv = self.load_pointer_var(p, g)?;
                    let s = layout(&pointee)
                        .map(|(d, _)| d.iter().fold(1u64, |a, &x| a.saturating_mul(x)))
                        .unwrap_or(1)
                        .max(1);
                    let i = self.eval(&p.indices[0], g)?;
                    let i = self.cast_to_bits(i, p.indices[0].ty, IDX);
                    let s = self.ts.bv(IDX, s as u128);
                    let d = self.ts.mul(i, s);
                    return Ok(self.ptr_add(pv, d, g));
                }
                _ => {
                    let (_, targets) = self.deref_targets(p, &pointee, g, true)?;
                    let mut acc = self.ts.bv(PTR_W, 0);
                    for (i, t) in targets.into_iter().enumerate() {
                        let (obj, at) = match t.loc {
                            Loc::Cell { obj, at, .. } => (obj, at),
                            Loc::Region(Region::Mem { obj, start, .. }) => (obj, start),
                            Loc::Region(_) => {
                                return unsupported("a pointer into `argv` in the formula", p.span)
                            }
                        };
                        let v = self.ptr_to(obj, at);
                        acc = if i == 0 {
                            v
                        } else {
                            self.ts.ite(t.cond, v, acc)
                        };
                    }
                    return Ok(acc);
                }
            }
        }
        // An array parameter with one index: `&v[i]` is `v + i`, unchecked as in the
        // interpreter.
        if let (VarRef::Local(l), 1) = (p.base, p.indices.len()) {
            if let Some(Binding::Ref(Region::Mem { obj, start, .. })) =
                self.frame().locals.get(l.index()).copied()
            {
                let func = self.frame().func;
                let ty = self.program.function(func).locals[l.index()].ty.clone();
                let s = layout(&ty).map(|(d, _)| stride(&d, 0)).unwrap_or(1).max(1);
                let base = self.ptr_to(obj, start);
                let i = self.eval(&p.indices[0], g)?;
                let i = self.cast_to_bits(i, p.indices[0].ty, IDX);
                let s = self.ts.bv(IDX, s as u128);
                let d = self.ts.mul(i, s);
                return Ok(self.ptr_add(base, d, g));
            }
        }
        match self.resolve_at(p, g, true)? {
            Loc::Cell { obj, at, .. } => Ok(self.ptr_to(obj, at)),
            Loc::Region(Region::Mem { obj, start, .. }) => Ok(self.ptr_to(obj, start)),
            Loc::Region(_) => unsupported("a pointer into `argv` in the formula", p.span),
        }
    }

    /// Pointer arithmetic (`p ± n`, `p - q`) and comparisons, with the interpreter's checks.
    pub(crate) fn ptr_binary(
        &mut self,
        op: BinOp,
        e: &Expr,
        a: &Expr,
        b: &Expr,
        g: TermId,
    ) -> Res<TermId> {
        let w = e.ty.bits();
        let l = self.eval(a, g)?;
        let r = self.eval(b, g)?;
        if e.ty == IntKind::Ptr {
            if a.ty != IntKind::Ptr || b.ty == IntKind::Ptr {
                return unsupported("this pointer arithmetic in the formula", e.span);
            }
            let r = self.cast_to_bits(r, b.ty, IDX);
            let d = match op {
                BinOp::Add => r,
                BinOp::Sub => self.ts.neg(r),
                _ => return unsupported(format!("pointer operator `{}`", op.symbol()), e.span),
            };
            return Ok(self.ptr_add(l, d, g));
        }
        if a.ty != IntKind::Ptr || b.ty != IntKind::Ptr {
            return unsupported("a pointer mixed with an integer in the formula", e.span);
        }
        if matches!(op, BinOp::Eq | BinOp::Ne) {
            let c = self.ts.eq(l, r);
            let c = if op == BinOp::Ne { self.ts.not(c) } else { c };
            return Ok(self.ts.bool_to_bv(c, w));
        }
        // Ordering and difference: within one (non-null) object only.
        let (hl, hr) = (self.ptr_high(l), self.ptr_high(r));
        let same = self.ts.eq(hl, hr);
        let zero = self.ts.bv(PTR_W, 0);
        let null = self.ts.eq(hl, zero);
        let nn = self.ts.not(null);
        let ok = self.ts.and(same, nn);
        self.ub(g, ok);
        let (x, y) = (self.ptr_off(l), self.ptr_off(r));
        let c = match op {
            BinOp::Sub => {
                let d = self.ts.sub(x, y);
                return Ok(self.cast_to_bits(d, IntKind::Long, w));
            }
            BinOp::Lt => self.ts.slt(x, y),
            BinOp::Le => self.ts.sle(x, y),
            BinOp::Gt => self.ts.slt(y, x),
            BinOp::Ge => self.ts.sle(y, x),
            _ => return unsupported(format!("pointer operator `{}`", op.symbol()), e.span),
        };
        Ok(self.ts.bool_to_bv(c, w))
    }

    // ------------------------------------------------------------------ relaxation

    /// Relax pointer value `v` of statement `s`: where unhealthy, a pointer into the object
    /// `v` points to, at a free offset within it (`0..=size`; null stays null), or null.
    pub(crate) fn relax_ptr(
        &mut self,
        s: &Stmt,
        inst: u32,
        slot: u32,
        v: TermId,
        g: TermId,
    ) -> Res<TermId> {
        let Some((c, h)) = self.health(s) else {
            return Ok(v);
        };
        let Some(pids) = self.ptr_pids(v) else {
            return unsupported(
                "a pointer whose objects the formula cannot determine is computed here",
                s.span,
            );
        };
        let (free, ft) = self.ts.fresh(crate::term::Sort::Bv(32));
        let off = self.ts.sext(ft, IDX);
        let mut high = self.ptr_high(v);
        // Or into another variable that exists here, of the same element type and shape
        // (`p = b` where `p = a` was written, `&y` for `&x`): the first chosen wins.
        if let Some(&pid) = pids.iter().find(|&&p| self.is_heap_block(p)) {
            self.heap_stmt_pid.insert(s.id, pid);
        }
        let others = self.other_targets(&pids, s.id);
        for &(pid, _) in others.iter().rev() {
            let (_, pick) = self.ts.fresh(crate::term::Sort::Bool);
            self.move_picks.insert(pick, s.id);
            let want = self.pid_high(pid);
            high = self.ts.ite(pick, want, high);
            // Another heap block only where it exists (always, for a variable).
            let exists = self.block_exists(pid);
            if !self.ts.is_true(exists) {
                let c = self.ts.implies(pick, exists);
                self.hard(c, crate::spec::HardReason::Pinned(s.id));
            }
        }
        let mut pids = pids;
        for &(pid, _) in &others {
            if !pids.contains(&pid) {
                pids.push(pid);
            }
        }
        let moved = self.ptr_make(high, off);
        // Or `NULL` (a list walk that should have ended, a search that should have failed):
        // the interpreter takes it as the override value 0.
        let (_, to_null) = self.ts.fresh(crate::term::Sort::Bool);
        let null = self.ts.bv(PTR_W, 0);
        let angelic = self.ts.ite(to_null, null, moved);
        let eff = self.ts.ite(h, v, angelic);
        // The free offset lies within the object (one past its end allowed).
        let nh = self.ts.not(h);
        let not_null = self.ts.not(to_null);
        let gu = self.ts.and_all([g, nh, not_null]);
        let zero = self.ts.bv(IDX, 0);
        let mut size = self.ts.bv(IDX, 0);
        let mut objects = Vec::new();
        for &pid in &pids {
            let k = match self.live(pid) {
                Some(o) => self.obj_len(o),
                None => self.ts.bv(IDX, 0),
            };
            size = if pids.len() == 1 {
                k
            } else {
                let want = self.pid_high(pid);
                let is = self.ts.eq(high, want);
                self.ts.ite(is, k, size)
            };
            let mut info = self.pointer_target_info(pid);
            info.target = others.iter().find(|o| o.0 == pid).map(|o| o.1);
            objects.push(info);
        }
        let lo = self.ts.sle(zero, off);
        let hi = self.ts.sle(off, size);
        let ok = self.ts.and(lo, hi);
        self.ub(gu, ok);
        let index = self.rep.relax_points.len();
        self.relax_point(c, s, inst, slot, free, eff, v, g);
        let pid_term = {
            let k = self.ts.bv(PTR_W, 32);
            self.ts.lshr(eff, k)
        };
        let raw_off = self.ptr_off(eff);
        // Offsets as the interpreter numbers them (a diagnosis hands them back to it).
        let mut eff_off = raw_off;
        let eff_high = self.ptr_high(eff);
        for &pid in &pids {
            let moved = self.interp_offset(pid, raw_off);
            if moved != raw_off {
                let want = self.pid_high(pid);
                let is = self.ts.eq(eff_high, want);
                eff_off = self.ts.ite(is, moved, eff_off);
            }
        }
        self.rep.pointers.push(PointerPoint {
            relax_point: index,
            pid: pid_term,
            offset: eff_off,
            objects,
        });
        Ok(eff)
    }

    /// The other objects a relaxed pointer into the objects `pids` may point into: the
    /// variables of the current call and the globals that the user declared (no temporaries,
    /// struct members or string literals), of the element type and shape (scalar or array)
    /// of the objects it points into as written, at most [`MAX_OTHER_TARGETS`], the current
    /// call's first. When it points into heap blocks as written (not members of them), or
    /// is `NULL` where the same statement pointed into one before: the live blocks of that
    /// type (`Engine::other_blocks`: a list's `p->next = q` where another node was meant).
    /// None when it points into `argv` or a struct, or nowhere.
    fn other_targets(
        &self,
        pids: &[u32],
        stmt: faultline_ir::StmtId,
    ) -> Vec<(u32, crate::spec::PointerTarget)> {
        // Heap blocks (or null) as written: the live blocks of their type, those it may
        // point into as written too (it reaches them only where other components change).
        // `NULL` as written, where the statement pointed into a heap block before (the end
        // of a list in a loop over its nodes): the blocks of that block's type.
        let mut blocks = pids.iter().copied().filter(|&p| p != 0).peekable();
        let like = match blocks.peek() {
            Some(&first) => blocks.all(|p| self.is_heap_block(p)).then_some(first),
            None => self.heap_stmt_pid.get(&stmt).copied(),
        };
        if let Some(like) = like {
            return self.other_blocks(like, MAX_OTHER_TARGETS);
        }
        let mut shape = None;
        for &pid in pids {
            if pid == 0 {
                continue;
            }
            let Some(o) = self.live(pid) else {
                return Vec::new();
            };
            if self.heap_object(pid) {
                return Vec::new();
            }
            let Some((_, this)) = self.user_target(o) else {
                return Vec::new();
            };
            if shape.as_ref().is_some_and(|s| *s != this) {
                return Vec::new();
            }
            shape = Some(this);
        }
        let Some(shape) = shape else {
            return Vec::new();
        };
        let frame_objs = self.frame().locals.iter().filter_map(|b| match b {
            Binding::Obj(o) => Some(*o),
            _ => None,
        });
        let mut out = Vec::new();
        for o in frame_objs.chain(self.globals.iter().copied()) {
            let pid = self.objects[o as usize].pid;
            if pids.contains(&pid) || self.live(pid) != Some(o) || self.heap_object(pid) {
                continue;
            }
            match self.user_target(o) {
                Some((t, this)) if this == shape => {
                    out.push((pid, t));
                    if out.len() == MAX_OTHER_TARGETS {
                        break;
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// Hold false every move into another variable that pointer `p` may have made (its
    /// relaxed statements may still move it within its object or make it null), so that a
    /// use the formula models for one object only (an array argument, an input target)
    /// stays in the formula: pinned, sound but not complete. Whether any was.
    pub(crate) fn ban_moves(&mut self, p: TermId) -> bool {
        let mut found = Vec::new();
        let mut stack = vec![p];
        let mut seen = crate::term::FxMap::default();
        while let Some(t) = stack.pop() {
            if seen.insert(t, ()).is_some() || seen.len() > 4096 {
                continue;
            }
            match self.ts.node(t).op {
                Op::Ite(c, a, b) => {
                    if let Some(&stmt) = self.move_picks.get(&c) {
                        if !self.banned_picks.contains_key(&c) {
                            found.push((c, stmt));
                        }
                    }
                    stack.push(a);
                    stack.push(b);
                }
                Op::BvOr(a, b) | Op::BvAnd(a, b) => {
                    stack.push(a);
                    stack.push(b);
                }
                _ => {}
            }
        }
        for &(c, stmt) in &found {
            self.banned_picks.insert(c, ());
            let no = self.ts.not(c);
            self.hard(no, crate::spec::HardReason::Pinned(stmt));
        }
        !found.is_empty()
    }

    /// Whether identity `pid` is a heap block's or one of its struct leaves'.
    fn heap_object(&self, pid: u32) -> bool {
        self.is_heap_block(pid) || self.heap_leaf.contains_key(&pid)
    }

    /// How the interpreter names object `o` when it is a variable the user declared (by a C
    /// name: not a temporary, a struct leaf `s.x` or a string literal `string#1`) of the
    /// current call or a global, with its shape: its element type (a pointer's pointee
    /// included) and its number of dimensions, which another object must share.
    fn user_target(&self, o: u32) -> Option<(crate::spec::PointerTarget, (Type, usize))> {
        let ob = &self.objects[o as usize];
        let info = self.rep.vars.get(ob.var.0 as usize)?;
        let is_c_name = |n: &str| {
            !n.is_empty()
                && !n.starts_with(|c: char| c.is_ascii_digit())
                && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        };
        let shape = |ty: &Type| {
            let mut t = ty;
            let mut n = 0;
            while let Type::Array(e, _) = t {
                t = e;
                n += 1;
            }
            (t.clone(), n)
        };
        match info.origin {
            crate::spec::VarOrigin::Global(g) => {
                let d = self.program.globals.get(g.index())?;
                is_c_name(&d.name).then(|| (crate::spec::PointerTarget::Global(g), shape(&d.ty)))
            }
            crate::spec::VarOrigin::Local(f, l) => {
                if f != self.frame().func
                    || info.depth as usize + 1 != self.frames.len()
                    || o < self.frame().obj_base as u32
                {
                    return None;
                }
                let d = self.program.function(f).locals.get(l.index())?;
                let user = d.kind != faultline_ir::LocalKind::Temp;
                (user && is_c_name(&d.name) && !matches!(d.ty, Type::ArrayRef(_)))
                    .then(|| (crate::spec::PointerTarget::Local(l), shape(&d.ty)))
            }
            _ => None,
        }
    }

    /// How to name the object of identity `pid` in an angelic value.
    fn pointer_target_info(&self, pid: u32) -> crate::spec::PointerObject {
        let o = self.live(pid);
        let (name, dims) = match o {
            Some(o) => {
                let ob = &self.objects[o as usize];
                (self.var_name(ob.var), ob.dims.clone())
            }
            None => (String::new(), Vec::new()),
        };
        crate::spec::PointerObject {
            pid,
            name,
            dims,
            target: None,
        }
    }
}
