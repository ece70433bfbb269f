//! Dynamic memory in the formula: `malloc`, `calloc`, `realloc` and `free` (`Builtin::Lib`),
//! with the interpreter's semantics (`faultline_interp` `exec::HeapBlock`).
//!
//! Each execution of an allocating call (a call site × its occurrence in the unrolled run) is a
//! new object with a pointer identity of its own, never reused, so a use after `free` and a
//! double `free` are recognized. As in the interpreter, a block's cells are typed by the first
//! access through a typed pointer (C's effective type of allocated memory): until then only
//! its size in bytes is known, and the object is *pending* (`PENDING` in `pid_obj`). The first
//! access materializes it with cells of the accessing kind; the first access through a struct
//! pointer, as an array of those structs laid out as a struct local is, one object per leaf
//! one after another (the first keeps the block's identity, the others are `LeafObject`s that
//! share its liveness), so that `p->x`, `p->next->v` and `&p->x` work as on the stack. The
//! interpreter keeps such a block as one arena of the leaves in the same order: a pointer to
//! a member is offset into it there, which [`Engine::interp_offset`] gives back. A pointer
//! to a struct nested in such a block (`&b->hi`) points into the leaf object where it starts,
//! and reaches its other leaves as the next objects ([`Engine::heap_struct_at`]).
//!
//! The interpreter's heap limit (`SymexOptions::max_heap_bytes`) holds here too: the live
//! bytes at each allocation and the typed cells at each first access are checked against it
//! (`HardReason::HeapLimit`) once the blocks at their largest could exceed it.
//!
//! The size is the call's argument. With concrete test inputs it folds to a constant; when it
//! depends on a relaxed component it is symbolic: the object gets the cells of the size the
//! healthy run gives it (the term evaluated with every component healthy), the size may be at
//! most that (a hard constraint: a larger block is not modelled), and accesses are checked
//! against the symbolic size. A size no evaluation can give (beyond the formula's object
//! limit) is one located refusal.
//!
//! `free` under guard `g` makes the block dead on the paths where `g` holds: its liveness is a
//! boolean term, and every access through a pointer into it adds `g → alive` as undefined
//! behaviour (use after free), as does freeing it twice. Heap objects outlive the call that
//! allocates them: `pop_frame` moves them below the popped frame's objects.

use faultline_ir::{Expr, IntKind, LibOp, LocalId, Stmt};

use super::memory::{Binding, IDX};
use super::pointer::PTR_W;
use super::{Engine, Res};
use crate::spec::{DefKind, HardReason, SymexError, VarOrigin};
use crate::term::{Leaf, Op, TermId};

/// `pid_obj` entry of a heap block not accessed yet (no cell type).
pub(crate) const PENDING: u32 = u32::MAX - 1;

/// The formula models at most this many heap bytes in one block.
const MAX_BLOCK_BYTES: u64 = 1 << 22;

/// An old block `realloc` copies from: its condition, its cells (base, count) once typed, and
/// its leading zero cells.
type OldBlock = (TermId, Option<(usize, usize)>, u64);

/// One heap block of the run.
#[derive(Clone, Debug)]
pub(crate) struct Block {
    /// Its size in bytes as the program computed it (64-bit term).
    pub bytes: TermId,
    /// The largest size it may have (the healthy run's): its cells are allocated for that.
    pub max_bytes: u64,
    /// Leading bytes known to be zero (`calloc`).
    pub zero_bytes: u64,
    /// The guard of the allocating call.
    pub guard: TermId,
    /// Whether it is still allocated (false once freed on a path).
    pub alive: TermId,
    /// Its length in cells of its kind, once typed (64-bit term); typed as structs, the
    /// length of its first leaf object.
    pub len: Option<TermId>,
    /// Typed as an array of structs (by the first access through a struct pointer): the
    /// struct's id and name, and the number of structs (64-bit term).
    pub strukt: Option<Structs>,
    /// Its cells once typed, all leaves together (64-bit term): what it counts against the
    /// interpreter's cell limit.
    pub cells: Option<TermId>,
    pub var: crate::spec::VarId,
    /// Its number in the interpreter's run where every component is healthy (blocks are
    /// numbered in allocation order, from 0): how a diagnosis names it to the interpreter
    /// (`faultline_interp::PointerTarget::Heap`). `None` when that run does not allocate it.
    pub ordinal: Option<u32>,
}

/// What a heap block typed as structs holds.
#[derive(Clone, Debug)]
pub(crate) struct Structs {
    /// The struct type (`Type::Struct`).
    pub ty: std::sync::Arc<faultline_ir::Type>,
    pub id: u32,
    /// How many (64-bit term).
    pub elems: TermId,
}

/// A leaf object of a heap block typed as structs, other than the first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LeafObject {
    /// The block's identity.
    pub block: u32,
    /// Its length in cells (64-bit term).
    pub len: TermId,
    /// Where it starts in the interpreter's block, which holds the leaves one after another
    /// (`n` times the cells per struct of the leaves before it): a pointer to a member is
    /// (block, that plus the offset) there, (leaf, offset) here.
    pub start: TermId,
}

impl Engine<'_> {
    /// The live object of identity `pid` for an access of cells of `kind` under `g`:
    /// materializes a pending heap block with cells of `kind`, and adds the use-after-free
    /// check. `None` for null and dangling identities.
    pub(crate) fn live_for(
        &mut self,
        pid: u32,
        kind: IntKind,
        g: TermId,
        span: faultline_ir::Span,
    ) -> Res<Option<u32>> {
        let Some(alive) = self.heap_alive(pid) else {
            return Ok(self.live(pid));
        };
        self.ub(g, alive);
        if self.pid_obj[pid as usize] == PENDING {
            self.materialize(pid, kind, span)?;
        }
        Ok(self.live(pid))
    }

    /// The offset in the interpreter's numbering of a pointer at cell `off` of the object of
    /// identity `pid`: a member of a heap struct lies further into its block (see [`LeafObject`]).
    pub(crate) fn interp_offset(&mut self, pid: u32, off: TermId) -> TermId {
        match self.heap_leaf.get(&pid) {
            Some(l) => {
                let start = l.start;
                self.ts.add(start, off)
            }
            None => off,
        }
    }

    /// Where heap block `pid` exists (is allocated and not freed yet): a relaxed pointer may
    /// be moved into it only there.
    pub(crate) fn block_exists(&mut self, pid: u32) -> TermId {
        match self.heap.get(&pid) {
            Some(b) => {
                let (g, a) = (b.guard, b.alive);
                self.ts.and(g, a)
            }
            None => self.ts.tt(),
        }
    }

    /// Whether identity `pid` is a heap block's (the pointer `malloc` returned).
    pub(crate) fn is_heap_block(&self, pid: u32) -> bool {
        self.heap.contains_key(&pid)
    }

    /// The heap blocks a relaxed pointer into heap block `pid` may be moved into: the blocks
    /// that may exist here (allocated, not freed, on some path: [`Engine::block_exists`] is
    /// where), typed as `pid` is (the same struct, or cells of the same kind), that the
    /// interpreter's healthy run numbers; the latest allocated first, at most `most` (the
    /// nodes a list's pointer most likely meant are the ones just made). Each with how the
    /// interpreter names it.
    pub(crate) fn other_blocks(
        &self,
        pid: u32,
        most: usize,
    ) -> Vec<(u32, crate::spec::PointerTarget)> {
        let Some(this) = self.heap.get(&pid) else {
            return Vec::new();
        };
        let Some(o) = self.live(pid) else {
            return Vec::new();
        };
        let kind = self.objects[o as usize].kind;
        let strukt = this.strukt.as_ref().map(|st| st.id);
        let mut blocks: Vec<(u32, &Block)> = self.heap.iter().map(|(&p, b)| (p, b)).collect();
        blocks.sort_unstable_by_key(|&(p, _)| std::cmp::Reverse(p));
        let mut out = Vec::new();
        for (p, b) in blocks {
            let Some(ordinal) = b.ordinal else {
                continue;
            };
            let Some(ob) = self.live(p) else {
                continue; // not typed yet: nothing has been stored in it
            };
            let same = match (&b.strukt, strukt) {
                (Some(st), Some(id)) => st.id == id,
                (None, None) => self.objects[ob as usize].kind == kind,
                _ => false,
            };
            if !same || self.ts.is_false(b.alive) || self.ts.is_false(b.guard) {
                continue;
            }
            let crate::spec::VarOrigin::Heap(stmt) = self.rep.vars[b.var.0 as usize].origin else {
                continue;
            };
            out.push((
                p,
                crate::spec::PointerTarget::Heap {
                    block: ordinal,
                    stmt,
                },
            ));
            if out.len() == most {
                break;
            }
        }
        out
    }

    /// The liveness of the heap block identity `pid` belongs to (a block, or a leaf object
    /// of a block typed as structs: a pointer to a member); `None` if it is no heap object.
    fn heap_alive(&self, pid: u32) -> Option<TermId> {
        let block = self.heap_leaf.get(&pid).map_or(pid, |l| l.block);
        self.heap.get(&block).map(|b| b.alive)
    }

    /// The heap block a struct pointer of identity `pid` points into and the leaf it points
    /// into: `(block, 0)` for the block itself, `(block, j)` for its `j`-th leaf object (a
    /// pointer to a nested struct member, `&b->hi`); `None` for anything not on the heap.
    pub(crate) fn heap_struct_at(&self, pid: u32) -> Option<(u32, usize)> {
        if self.heap.contains_key(&pid) {
            return Some((pid, 0));
        }
        let block = self.heap_leaf.get(&pid)?.block;
        let first = self.live(block)?;
        let leaf = self.live(pid)?;
        Some((block, leaf.checked_sub(first)? as usize))
    }

    /// The number of structs of type `ty` in heap block `pid` whose leaf `at` a struct pointer
    /// points into, accessed under `g`: adds the use-after-free check and types a pending
    /// block as an array of such structs, one object per leaf allocated one after another
    /// (as a struct local's leaves are: `Engine::struct_targets` reaches leaf `j` as the
    /// `j`-th next object), as the interpreter's `struct_object` lays them out. A block typed
    /// as another struct serves when `ty` is a member nested in it from leaf `at` (`&b->hi` of
    /// a `struct box *b`: its leaves are the outer struct's from there,
    /// `faultline_ir::Type::nested_structs`); any other type is refused, as in the interpreter.
    pub(crate) fn heap_structs(
        &mut self,
        pid: u32,
        at: usize,
        ty: &faultline_ir::Type,
        g: TermId,
        span: faultline_ir::Span,
    ) -> Res<TermId> {
        let Some(block) = self.heap.get(&pid) else {
            return Err(SymexError::InvalidIr {
                message: "a struct access to a heap block that does not exist".into(),
                span,
            });
        };
        let alive = block.alive;
        self.ub(g, alive);
        let faultline_ir::Type::Struct(d) = ty else {
            return Err(SymexError::InvalidIr {
                message: "a struct pointer to something that is not a struct".into(),
                span,
            });
        };
        if self.pid_obj[pid as usize] == PENDING {
            self.materialize_structs(pid, ty, d, span)?;
        }
        let Some(block) = self.heap.get(&pid) else {
            return self.err_invalid("a heap block lost", span);
        };
        match &block.strukt {
            Some(st) if st.id == d.id && at == 0 => Ok(st.elems),
            Some(st) if st.ty.nested_structs().contains(&(at, d.id)) => Ok(st.elems),
            other => {
                let was = match other {
                    Some(st) => st.ty.to_string(),
                    None => {
                        let o = self.pid_obj[pid as usize] as usize;
                        self.objects
                            .get(o)
                            .map_or_else(String::new, |o| o.kind.c_name().to_string())
                    }
                };
                Err(SymexError::Unsupported {
                    message: format!("memory allocated as `{was}` used as `{}`", d.c_name()),
                    span,
                })
            }
        }
    }

    /// Give pending block `pid` the leaves of struct `ty` (the interpreter's
    /// `struct_object`): `n` structs, leaf `j` an object of `n` times its cells; array
    /// members start zero (the interpreter's as a struct local's), scalar members are
    /// uninitialized except in the structs `calloc` zeroed whole.
    fn materialize_structs(
        &mut self,
        pid: u32,
        ty: &faultline_ir::Type,
        d: &faultline_ir::StructDef,
        span: faultline_ir::Span,
    ) -> Res<()> {
        let Some(block) = self.heap.get(&pid).cloned() else {
            return Ok(());
        };
        let name = d.c_name();
        let unsupported = |message: String| SymexError::Unsupported { message, span };
        if d.is_union {
            return Err(unsupported(format!("`{name}` on the heap in the formula")));
        }
        let Some(size) = ty.size_of().filter(|&s| s > 0) else {
            return Err(unsupported(format!("`{name}` of no size on the heap")));
        };
        if block.max_bytes % size != 0 {
            return Err(unsupported(format!(
                "a block of {} bytes used as `{name}` (not a whole number of {size}-byte structs)",
                block.max_bytes
            )));
        }
        let mut leaves = Vec::new();
        for (_, lt) in ty.leaves() {
            match super::memory::layout(&lt) {
                Some((dims, kind)) if dims.iter().all(|&x| x > 0) => leaves.push((dims, kind)),
                _ => {
                    return Err(unsupported(format!(
                        "a member of type `{lt}` of `{name}` on the heap in the formula"
                    )))
                }
            }
        }
        if leaves.is_empty() {
            return Err(unsupported(format!("`{name}` without members on the heap")));
        }
        let n = block.max_bytes / size;
        let zero = (block.zero_bytes / size).min(n);
        let elems = if let Some(b) = self.ts.as_const(block.bytes) {
            self.ts.bv(IDX, b / size as u128)
        } else {
            // A symbolic size must be a whole number of structs too.
            let s = self.ts.bv(IDX, size as u128);
            let rem = self.ts.urem(block.bytes, s);
            let z = self.ts.bv(IDX, 0);
            let whole = self.ts.eq(rem, z);
            self.ub(block.guard, whole);
            self.ts.udiv(block.bytes, s)
        };
        let origin = self
            .rep
            .vars
            .get(block.var.0 as usize)
            .map(|v| v.origin)
            .unwrap_or(VarOrigin::Argv);
        let (tt, ff) = (self.ts.tt(), self.ts.ff());
        let mut before = 0u64;
        for (j, (ldims, kind)) in leaves.into_iter().enumerate() {
            let cj = ldims.iter().fold(1u64, |a, &x| a.saturating_mul(x));
            let array = !ldims.is_empty();
            let mut dims = vec![n];
            dims.extend(ldims);
            let var = if j == 0 {
                block.var
            } else {
                self.new_var(origin)
            };
            let obj = self.alloc(dims, kind, var, if array { tt } else { ff }, span)?;
            if !array {
                let base = self.objects[obj as usize].base as usize;
                for c in &mut self.cells[base..base + zero as usize] {
                    c.init = tt;
                }
            }
            let cjt = self.ts.bv(IDX, cj as u128);
            let len = self.ts.mul(elems, cjt);
            if j == 0 {
                // `alloc` gave the object a new identity: it keeps the block's.
                self.pid_obj.pop();
                self.objects[obj as usize].pid = pid;
                self.pid_obj[pid as usize] = obj;
                if let Some(b) = self.heap.get_mut(&pid) {
                    b.len = Some(len);
                }
            } else {
                let leaf_pid = self.objects[obj as usize].pid;
                let b = self.ts.bv(IDX, before as u128);
                let start = self.ts.mul(elems, b);
                self.heap_leaf.insert(
                    leaf_pid,
                    LeafObject {
                        block: pid,
                        len,
                        start,
                    },
                );
            }
            before = before.saturating_add(cj);
        }
        let per = self.ts.bv(IDX, before as u128);
        let cells = self.ts.mul(elems, per);
        self.count_cells(pid, cells, n.saturating_mul(before));
        if let Some(b) = self.heap.get_mut(&pid) {
            b.strukt = Some(Structs {
                ty: std::sync::Arc::new(ty.clone()),
                id: d.id,
                elems,
            });
        }
        Ok(())
    }

    /// The length in cells of object `o` as a term: a heap block's may be symbolic.
    pub(crate) fn obj_len(&mut self, o: u32) -> TermId {
        let (pid, size) = {
            let ob = &self.objects[o as usize];
            (ob.pid, ob.size)
        };
        if let Some(l) = self.heap_leaf.get(&pid) {
            return l.len;
        }
        match self.heap.get(&pid).and_then(|b| b.len) {
            Some(l) => l,
            None => self.ts.bv(IDX, size as u128),
        }
    }

    /// Give pending block `pid` cells of `kind` (the interpreter's `heap_block`).
    fn materialize(&mut self, pid: u32, kind: IntKind, span: faultline_ir::Span) -> Res<()> {
        let Some(block) = self.heap.get(&pid).cloned() else {
            return Ok(());
        };
        let size = kind.size_of();
        if block.max_bytes % size != 0 {
            return Err(SymexError::Unsupported {
                message: format!(
                    "a block of {} bytes used as `{}` (not a whole number of {size}-byte cells)",
                    block.max_bytes,
                    kind.c_name()
                ),
                span,
            });
        }
        let n = block.max_bytes / size;
        let zero_cells = (block.zero_bytes / size).min(n);
        let f = self.ts.ff();
        let obj = self.alloc(vec![n], kind, block.var, f, span)?;
        // `alloc` gave the object a new identity: it keeps the block's.
        self.pid_obj.pop();
        self.objects[obj as usize].pid = pid;
        self.pid_obj[pid as usize] = obj;
        let base = self.objects[obj as usize].base as usize;
        let t = self.ts.tt();
        for c in &mut self.cells[base..base + zero_cells as usize] {
            c.init = t;
        }
        let len = if let Some(b) = self.ts.as_const(block.bytes) {
            self.ts.bv(IDX, b / size as u128)
        } else {
            // A symbolic size must be a whole number of cells too.
            let s = self.ts.bv(IDX, size as u128);
            let rem = self.ts.urem(block.bytes, s);
            let zero = self.ts.bv(IDX, 0);
            let whole = self.ts.eq(rem, zero);
            self.ub(block.guard, whole);
            self.ts.udiv(block.bytes, s)
        };
        if let Some(b) = self.heap.get_mut(&pid) {
            b.len = Some(len);
        }
        self.count_cells(pid, len, n);
        Ok(())
    }

    /// A new block of `bytes` (its first `zero_bytes` zero) under guard `g`: the pointer to it.
    fn allocate(
        &mut self,
        s: &Stmt,
        bytes: TermId,
        zero_all: bool,
        g: TermId,
    ) -> Res<(TermId, u32)> {
        let max_bytes = match self.ts.as_const(bytes) {
            Some(b) => b,
            None => self.healthy_value(bytes),
        };
        if max_bytes > MAX_BLOCK_BYTES as u128 {
            return Err(SymexError::Unsupported {
                message: format!(
                    "a heap block of {max_bytes} bytes is too large to encode in the formula that localizes faults (`faultline test` runs it exactly)"
                ),
                span: s.span,
            });
        }
        let max_bytes = max_bytes as u64;
        if self.ts.as_const(bytes).is_none() {
            // Not modelled beyond the healthy run's size: such paths are excluded.
            let m = self.ts.bv(IDX, max_bytes as u128);
            let le = self.ts.ule(bytes, m);
            let c = self.ts.implies(g, le);
            self.hard(c, HardReason::Pinned(s.id));
        }
        // The interpreter's limit on live bytes: past it the run ends here.
        let zero = self.ts.bv(IDX, 0);
        let add = self.ts.ite(g, bytes, zero);
        let total = self.ts.add(self.heap_bytes, add);
        self.heap_bound.0 += max_bytes as u128;
        if self.heap_bound.0 > self.opts.max_heap_bytes as u128 {
            let lim = self.ts.bv(IDX, self.opts.max_heap_bytes as u128);
            let within = self.ts.ule(total, lim);
            let c = self.ts.implies(g, within);
            self.hard(c, HardReason::HeapLimit(s.id));
        }
        self.heap_bytes = total;
        let pid = self.pid_obj.len() as u32;
        self.pid_obj.push(PENDING);
        let var = self.new_var(VarOrigin::Heap(s.id));
        let t = self.ts.tt();
        let allocated = match self.ts.as_const(g) {
            Some(v) => v != 0,
            None => self.healthy_value(g) != 0,
        };
        let ordinal = allocated.then_some(self.heap_allocs);
        self.heap_allocs += u32::from(allocated);
        self.heap.insert(
            pid,
            Block {
                bytes,
                max_bytes,
                zero_bytes: if zero_all { max_bytes } else { 0 },
                guard: g,
                alive: t,
                len: None,
                strukt: None,
                cells: None,
                var,
                ordinal,
            },
        );
        Ok((self.ts.bv(PTR_W, (pid as u128) << 32), pid))
    }

    /// The value of `t` in the run where every component is healthy (the test's data for
    /// parameters, 0 for other free values, which only healthy-false branches read).
    fn healthy_value(&self, t: TermId) -> u128 {
        let params: crate::term::FxMap<crate::term::FreeId, u128> = self
            .rep
            .params
            .iter()
            .chain(self.out.params.iter().flatten())
            .filter_map(|p| match self.ts.node(p.term).op {
                Op::Free(f) => Some((f, p.value)),
                _ => None,
            })
            .collect();
        let leaf = |l: Leaf| match l {
            Leaf::Health(_) => 1,
            Leaf::Free(f, _) => params.get(&f).copied().unwrap_or(0),
        };
        crate::term::Evaluator::new(self.ts, &leaf).eval(t)
    }

    /// The pointer operand of `free`/`realloc`: its one heap block (`None` for null), with
    /// the interpreter's checks (a pointer `malloc` did not return, into the middle of a block,
    /// or to a freed block is undefined behaviour).
    fn freeable(&mut self, s: &Stmt, p: TermId, g: TermId) -> Res<Vec<(TermId, Option<u32>)>> {
        let Some(pids) = self.ptr_pids(p) else {
            return Err(SymexError::Unsupported {
                message: "a pointer whose objects the formula cannot determine is freed here"
                    .into(),
                span: s.span,
            });
        };
        let off = self.ptr_off(p);
        let zero = self.ts.bv(IDX, 0);
        let at_start = self.ts.eq(off, zero);
        let single = pids.len() == 1;
        let mut out = Vec::with_capacity(pids.len());
        for pid in pids {
            let cond = if single {
                self.ts.tt()
            } else {
                let k = self.ts.bv(PTR_W, 32);
                let hi = self.ts.lshr(p, k);
                let want = self.ts.bv(PTR_W, pid as u128);
                self.ts.eq(hi, want)
            };
            let gk = self.ts.and(g, cond);
            if self.ts.is_false(gk) {
                continue;
            }
            let alive = self.heap.get(&pid).map(|b| b.alive);
            let ok = match alive {
                Some(a) => self.ts.and(a, at_start),
                None if pid == 0 => at_start,
                None => self.ts.ff(),
            };
            self.ub(gk, ok);
            out.push((gk, alive.map(|_| pid)));
        }
        Ok(out)
    }

    /// Mark the blocks of `targets` freed where their guards hold.
    fn release(&mut self, targets: &[(TermId, Option<u32>)]) {
        for &(gk, pid) in targets {
            let Some(pid) = pid else { continue };
            let ng = self.ts.not(gk);
            if let Some(b) = self.heap.get(&pid) {
                let (a, bytes, cells) = (b.alive, b.bytes, b.cells);
                let a = self.ts.and(a, ng);
                if let Some(b) = self.heap.get_mut(&pid) {
                    b.alive = a;
                }
                // Its bytes and typed cells no longer count against the limit.
                let zero = self.ts.bv(IDX, 0);
                let sub = self.ts.ite(gk, bytes, zero);
                self.heap_bytes = self.ts.sub(self.heap_bytes, sub);
                if let Some(c) = cells {
                    let sub = self.ts.ite(gk, c, zero);
                    self.heap_cells = self.ts.sub(self.heap_cells, sub);
                }
            }
        }
    }

    /// Count block `pid`'s `cells` (typed now) against the interpreter's cell limit (its
    /// byte limit over `HEAP_BYTES_PER_CELL`): past it the run ends at the access (under
    /// the allocation's guard: the first access on each path types the block there).
    fn count_cells(&mut self, pid: u32, cells: TermId, max_cells: u64) {
        let Some(b) = self.heap.get(&pid) else {
            return;
        };
        let g = b.guard;
        let zero = self.ts.bv(IDX, 0);
        let add = self.ts.ite(g, cells, zero);
        let total = self.ts.add(self.heap_cells, add);
        let max = (self.opts.max_heap_bytes / crate::spec::HEAP_BYTES_PER_CELL).max(1);
        self.heap_bound.1 += max_cells as u128;
        if self.heap_bound.1 > max as u128 {
            let lim = self.ts.bv(IDX, max as u128);
            let within = self.ts.ule(total, lim);
            let c = self.ts.implies(g, within);
            let stmt = self.cur_stmt;
            self.hard(c, HardReason::HeapLimit(stmt));
        }
        self.heap_cells = total;
        if let Some(b) = self.heap.get_mut(&pid) {
            b.cells = Some(cells);
        }
    }

    /// `malloc`, `calloc`, `realloc`, `free` (the rest of `Builtin::Lib` is refused).
    pub(crate) fn lib_call(
        &mut self,
        s: &Stmt,
        inst: u32,
        op: LibOp,
        dest: Option<LocalId>,
        args: &[Expr],
    ) -> Res<()> {
        let g = self.guard;
        let mut vals = Vec::with_capacity(2);
        for a in args.iter().take(2) {
            let v = self.eval(a, g)?;
            vals.push(if a.ty == IntKind::Ptr {
                v
            } else {
                self.cast_to_bits(v, a.ty, IDX)
            });
        }
        let arg = |i: usize| -> Res<TermId> {
            vals.get(i).copied().ok_or_else(|| SymexError::InvalidIr {
                message: format!("`{}` without its arguments", op.name()),
                span: s.span,
            })
        };
        let result = match op {
            LibOp::Malloc => Some(self.allocate(s, arg(0)?, false, g)?.0),
            LibOp::Calloc => {
                let (n, size) = (arg(0)?, arg(1)?);
                let bytes = self.ts.mul(n, size);
                // glibc refuses a product that overflows (the interpreter's `u128` product
                // beyond `PTRDIFF_MAX` gives null): not modelled, such paths are excluded.
                let zero = self.ts.bv(IDX, 0);
                let size0 = self.ts.eq(size, zero);
                let back = self.ts.udiv(bytes, size);
                let exact = self.ts.eq(back, n);
                let nov = self.ts.or(size0, exact);
                let c = self.ts.implies(g, nov);
                self.hard(c, HardReason::Pinned(s.id));
                Some(self.allocate(s, bytes, true, g)?.0)
            }
            LibOp::Realloc => Some(self.realloc(s, arg(0)?, arg(1)?, g)?),
            LibOp::Free => {
                let targets = self.freeable(s, arg(0)?, g)?;
                self.release(&targets);
                None
            }
            LibOp::NullCall => {
                // Undefined behaviour wherever it is reached, as in the interpreter.
                let ff = self.ts.ff();
                self.ub(g, ff);
                None
            }
            LibOp::Ungetc | LibOp::OutputCount => {
                return Err(SymexError::Unsupported {
                    message: format!(
                        "diagnosis of programs using {} is not available yet: `faultline test` runs this program exactly, but the formula that localizes faults does not model it",
                        match op {
                            LibOp::OutputCount => op.name().to_string(),
                            _ => format!("`{}`", op.name()),
                        }
                    ),
                    span: s.span,
                })
            }
        };
        if let (Some(d), Some(v)) = (dest, result) {
            let Some(&Binding::Obj(o)) = self.frame().locals.get(d.index()) else {
                return self.err_invalid("call destination without storage", s.span);
            };
            self.deps.clear();
            let at = self.ts.bv(IDX, 0);
            let t = self.ts.tt();
            self.store_cell_init(o, at, v, t, g, s, inst, DefKind::CallResult);
        }
        Ok(())
    }

    /// `realloc(p, bytes)`: a new block holding the old one's cells (as many as fit), the old
    /// one freed; `realloc(NULL, n)` is `malloc(n)`, `realloc(p, 0)` frees `p` and gives null.
    /// A pointer that may be one of several blocks (grown in a loop under a relaxed condition)
    /// is a case split: the new block's cells are the old blocks' under their conditions.
    fn realloc(&mut self, s: &Stmt, p: TermId, bytes: TermId, g: TermId) -> Res<TermId> {
        let targets = self.freeable(s, p, g)?;
        let heap: Vec<(TermId, u32)> = targets
            .iter()
            .filter_map(|&(c, pid)| pid.map(|p| (c, p)))
            .collect();
        if heap.is_empty() {
            // Null (or undefined behaviour): a new block.
            return Ok(self.allocate(s, bytes, false, g)?.0);
        }
        if self.ts.as_const(bytes) == Some(0) {
            self.release(&targets);
            return Ok(self.ts.bv(PTR_W, 0));
        }
        let zero = self.ts.bv(IDX, 0);
        let nonzero = self.ts.ne(bytes, zero);
        for &(gold, _) in &heap {
            // `realloc(p, n)` with an `n` that is 0 only in some runs: not modelled.
            let c = self.ts.implies(gold, nonzero);
            self.hard(c, HardReason::Pinned(s.id));
        }
        // The old blocks' cell kinds or struct type (typed ones must agree).
        let mut kind = None;
        let mut strukt: Option<std::sync::Arc<faultline_ir::Type>> = None;
        for &(_, pid) in &heap {
            let o = self.pid_obj[pid as usize];
            if o == PENDING {
                continue;
            }
            let st = self.heap.get(&pid).and_then(|b| b.strukt.clone());
            let agrees = match &st {
                Some(st) => kind.is_none() && strukt.as_ref().is_none_or(|t| **t == *st.ty),
                None => {
                    let k = self.objects[o as usize].kind;
                    strukt.is_none() && kind.is_none_or(|x| x == k)
                }
            };
            if !agrees {
                return Err(SymexError::Unsupported {
                    message: "`realloc` of blocks of different types in the formula".into(),
                    span: s.span,
                });
            }
            match st {
                Some(st) => strukt = Some(st.ty),
                None => kind = Some(self.objects[o as usize].kind),
            }
        }
        if let Some(ty) = strukt {
            let (new_ptr, new) = self.allocate(s, bytes, false, g)?;
            self.realloc_structs(s, &heap, new, &ty)?;
            self.release(&targets);
            return Ok(new_ptr);
        }
        let (new_ptr, new) = self.allocate(s, bytes, false, g)?;
        match kind {
            Some(kind) => {
                self.materialize(new, kind, s.span)?;
                let no = self.pid_obj[new as usize];
                let (nb, nn) = {
                    let b = &self.objects[no as usize];
                    (b.base as usize, b.size as usize)
                };
                let size = kind.size_of();
                let olds: Vec<OldBlock> = heap
                    .iter()
                    .map(|&(c, pid)| {
                        let o = self.pid_obj[pid as usize];
                        let cells = (o != PENDING).then(|| {
                            let ob = &self.objects[o as usize];
                            (ob.base as usize, ob.size as usize)
                        });
                        let zero_cells = self.heap.get(&pid).map_or(0, |b| b.zero_bytes / size);
                        (c, cells, zero_cells)
                    })
                    .collect();
                let (zv, ff, tt) = (self.ts.bv(kind.bits(), 0), self.ts.ff(), self.ts.tt());
                for k in 0..nn {
                    let (mut val, mut init) = (zv, ff);
                    let mut def = super::NO_DEF;
                    for &(c, cells, zero_cells) in &olds {
                        let (v, i) = match cells {
                            Some((ob, on)) if k < on => {
                                let cell = self.cells[ob + k];
                                def = cell.def;
                                (cell.val, cell.init)
                            }
                            Some(_) => (zv, ff),
                            None if (k as u64) < zero_cells => (zv, tt),
                            None => (zv, ff),
                        };
                        if olds.len() == 1 {
                            (val, init) = (v, i);
                        } else {
                            val = self.ts.ite(c, v, val);
                            init = self.ts.ite(c, i, init);
                        }
                    }
                    self.cells[nb + k] = super::memory::CellState { val, init, def };
                }
            }
            None => {
                // Never accessed: what was known zero stays zero.
                let zero_bytes = heap
                    .iter()
                    .map(|&(_, pid)| self.heap.get(&pid).map_or(0, |b| b.zero_bytes))
                    .min()
                    .unwrap_or(0);
                if let Some(b) = self.heap.get_mut(&new) {
                    b.zero_bytes = zero_bytes.min(b.max_bytes);
                }
            }
        }
        self.release(&targets);
        Ok(new_ptr)
    }

    /// `realloc` of blocks typed as structs `ty` into block `new`: typed so too, each leaf
    /// holding the old blocks' elements of that leaf, as many as fit (the interpreter copies
    /// leaf by leaf); past them, array members zero, scalar members uninitialized.
    fn realloc_structs(
        &mut self,
        s: &Stmt,
        heap: &[(TermId, u32)],
        new: u32,
        ty: &faultline_ir::Type,
    ) -> Res<()> {
        let faultline_ir::Type::Struct(d) = ty else {
            return self.err_invalid("a struct block of no struct type", s.span);
        };
        self.materialize_structs(new, ty, d, s.span)?;
        let leaves = ty.leaves().len();
        let no = self.pid_obj[new as usize] as usize;
        // Each old block's first leaf object (pending ones have no cells: uninitialized).
        let olds: Vec<(TermId, Option<usize>)> = heap
            .iter()
            .map(|&(c, pid)| {
                let o = self.pid_obj[pid as usize];
                (c, (o != PENDING).then_some(o as usize))
            })
            .collect();
        let ff = self.ts.ff();
        for j in 0..leaves {
            let (nb, nn, kind, array) = {
                let b = &self.objects[no + j];
                (b.base as usize, b.size as usize, b.kind, b.dims.len() > 1)
            };
            let zv = self.ts.bv(kind.bits(), 0);
            for k in 0..nn {
                // Past the old elements: what the new block's layout starts with.
                let fresh = self.cells[nb + k];
                let (mut val, mut init, mut def) = (fresh.val, fresh.init, fresh.def);
                for (i, &(c, first)) in olds.iter().enumerate() {
                    let (v, ini, df) = match first.map(|o| &self.objects[o + j]) {
                        Some(ob) if k < ob.size as usize => {
                            let cell = self.cells[ob.base as usize + k];
                            (cell.val, cell.init, cell.def)
                        }
                        Some(_) => (fresh.val, fresh.init, fresh.def),
                        None if array => (zv, fresh.init, super::NO_DEF),
                        None => (zv, ff, super::NO_DEF),
                    };
                    if olds.len() == 1 || i == 0 {
                        (val, init, def) = (v, ini, df);
                    } else {
                        val = self.ts.ite(c, v, val);
                        init = self.ts.ite(c, ini, init);
                        def = df;
                    }
                }
                self.cells[nb + k] = super::memory::CellState { val, init, def };
            }
        }
        Ok(())
    }

    /// `pop_frame`: the heap objects among the popped frame's objects (`from..`) survive it.
    /// Returns them (object, cells) to re-add after the truncation.
    pub(crate) fn take_heap_objects(
        &mut self,
        from: usize,
    ) -> Vec<(super::memory::Object, Vec<super::memory::CellState>)> {
        let mut out = Vec::new();
        for o in self.objects.iter().skip(from) {
            if self.heap.contains_key(&o.pid) || self.heap_leaf.contains_key(&o.pid) {
                // A struct block's leaves stay one after another (`struct_targets`).
                let b = o.base as usize;
                out.push((o.clone(), self.cells[b..b + o.size as usize].to_vec()));
            }
        }
        out
    }

    /// Re-add objects [`Engine::take_heap_objects`] saved, at the end of the arena.
    pub(crate) fn restore_heap_objects(
        &mut self,
        saved: Vec<(super::memory::Object, Vec<super::memory::CellState>)>,
    ) {
        for (mut o, cells) in saved {
            o.base = self.cells.len() as u32;
            self.cells.extend(cells);
            self.pid_obj[o.pid as usize] = self.objects.len() as u32;
            self.objects.push(o);
        }
    }
}
