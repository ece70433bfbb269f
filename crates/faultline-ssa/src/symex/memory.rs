//! Variables as arrays of scalar cells; places resolved to cells; guarded reads and writes.
//!
//! Every variable instance (a global, `argv`, a local of one inlined call) is an [`Object`]: a
//! run of cells in one arena, each holding its current value term, an "initialized" boolean and
//! its current SSA definition. Arrays are fixed size, so a read at a symbolic index is an `ite`
//! chain over the cells and a write at a symbolic index is one guarded write per cell. Writes
//! are *guarded*: `cell := ite(guard, new, old)`, so no state needs to be copied or merged at
//! control-flow joins.

use faultline_ir::{IntKind, Place, Type, VarRef};

use super::{Engine, Res, NO_DEF};
use crate::spec::{HardReason, SsaId, SymexError, VarId};
use crate::term::TermId;

/// An access at a symbolic index into an object of more cells than this reaches only the
/// cells within [`INDEX_WINDOW`] of the index the healthy run uses there, held so by a hard
/// constraint ([`HardReason::Pinned`]: sound, not complete). Without it each such access was
/// a term per cell: a contest program's `int a[100005]` filled by `scanf("%d", &a[i])` with
/// `i` relaxed made 17 M terms from a test of five numbers.
const LARGE_OBJECT: usize = 1024;
/// How far from the healthy run's index such an access may reach, either way (an index off
/// by a few, a loop that starts or stops a few passes early or late).
const INDEX_WINDOW: u128 = 64;

/// The cell width of array indices and offsets (`long`).
pub(crate) const IDX: u32 = 64;

#[derive(Clone, Copy, Debug)]
pub(crate) struct CellState {
    pub val: TermId,
    pub init: TermId,
    pub def: SsaId,
}

#[derive(Clone, Debug)]
pub(crate) struct Object {
    pub base: u32,
    pub size: u32,
    /// Dimensions, outermost first (empty for a scalar).
    pub dims: Vec<u64>,
    pub kind: IntKind,
    pub var: VarId,
    /// `argv` only: the length of each row including its NUL.
    pub argv_lens: Option<Vec<u64>>,
    /// The object's pointer identity (`symex::pointer`): unique in the run, never reused, so
    /// a pointer to a local of a returned call is recognized as dangling.
    pub pid: u32,
}

/// A region of an array: what an array parameter refers to.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Region {
    /// `len` elements of the outermost dimension starting at cell `start` of `obj`.
    Mem {
        obj: u32,
        start: TermId,
        len: TermId,
    },
    /// All of `argv`.
    ArgvAll,
    /// One `argv` string (row index).
    ArgvRow(TermId),
}

#[derive(Clone, Copy, Debug)]
pub(crate) enum Binding {
    Obj(u32),
    Ref(Region),
    /// A parameter of an array type not yet bound, or a local of an unsupported type.
    Unbound,
}

/// A resolved place.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Loc {
    Cell { obj: u32, at: TermId, kind: IntKind },
    Region(Region),
}

/// Dimensions and scalar kind of a type, as the interpreter lays it out (an array reference
/// contributes a 0 placeholder for its run-time length).
pub(crate) fn layout(ty: &Type) -> Option<(Vec<u64>, IntKind)> {
    let mut dims = Vec::new();
    let mut t = ty;
    loop {
        match t {
            Type::Int(k) => return Some((dims, *k)),
            // A pointer variable is one cell holding a pointer (`symex::pointer`).
            Type::Ptr(_) => return Some((dims, IntKind::Ptr)),
            Type::Array(e, n) => {
                dims.push(*n);
                t = e;
            }
            Type::ArrayRef(e) => {
                dims.push(0);
                t = e;
            }
            _ => return None,
        }
    }
}

/// Cells per step of dimension `j`.
pub(crate) fn stride(dims: &[u64], j: usize) -> u64 {
    dims[j + 1..].iter().fold(1u64, |a, &d| a.saturating_mul(d))
}

/// Cells an object of these dimensions needs (bounded so a huge declared array is an error, not
/// an allocation failure).
pub(crate) const MAX_OBJECT_CELLS: u64 = 1 << 20;

impl Engine<'_> {
    /// Allocate an object with every cell set to `val`/`init`.
    pub(crate) fn alloc(
        &mut self,
        dims: Vec<u64>,
        kind: IntKind,
        var: VarId,
        init: TermId,
        span: faultline_ir::Span,
    ) -> Res<u32> {
        let size = dims.iter().fold(1u64, |a, &d| a.saturating_mul(d));
        if size > MAX_OBJECT_CELLS {
            return Err(SymexError::Unsupported {
                message: format!("an array of {size} cells is too large to encode"),
                span,
            });
        }
        let base = self.cells.len() as u32;
        if let Some(v) = self.rep_var_mut(var) {
            v.cells = size as u32;
        }
        let zero = self.ts.bv(kind.bits(), 0);
        self.cells.extend(std::iter::repeat_n(
            CellState {
                val: zero,
                init,
                def: NO_DEF,
            },
            size as usize,
        ));
        let pid = self.pid_obj.len() as u32;
        self.pid_obj.push(self.objects.len() as u32);
        self.objects.push(Object {
            base,
            size: size as u32,
            dims,
            kind,
            var,
            argv_lens: None,
            pid,
        });
        Ok((self.objects.len() - 1) as u32)
    }

    /// Convert an index expression's value to a 64-bit offset (the lowerer makes indices
    /// `long`; other integer types are converted as C would).
    fn index_term(&mut self, e: &faultline_ir::Expr, g: TermId) -> Res<TermId> {
        let v = self.eval(e, g)?;
        Ok(self.cast_to_bits(v, e.ty, IDX))
    }

    /// Resolve `p` under guard `g`, adding the bounds checks as hard constraints.
    pub(crate) fn resolve(&mut self, p: &Place, g: TermId) -> Res<Loc> {
        self.resolve_at(p, g, false)
    }

    /// [`Engine::resolve`]; with `addr` (`&place`), the last index may be one past the end.
    pub(crate) fn resolve_at(&mut self, p: &Place, g: TermId, addr: bool) -> Res<Loc> {
        if !p.indices.is_empty() {
            if let Some(pointee) = self.pointer_base(p) {
                return self.resolve_deref(p, &pointee, g, addr);
            }
        }
        let (obj, start, first_len, dims, kind) = match p.base {
            VarRef::Local(l) => {
                let func = self.frame().func;
                let decl = self
                    .program
                    .function(func)
                    .locals
                    .get(l.index())
                    .ok_or_else(|| SymexError::InvalidIr {
                        message: "unknown local".into(),
                        span: p.span,
                    })?;
                let (dims, kind) = if self.moved_param(func, l) {
                    // An array parameter the function moves: a pointer cell.
                    (Vec::new(), IntKind::Ptr)
                } else {
                    layout(&decl.ty).ok_or_else(|| SymexError::Unsupported {
                        message: format!("variable `{}` of type {}", decl.name, decl.ty),
                        span: p.span,
                    })?
                };
                let binding = self.frame().locals.get(l.index()).copied();
                match binding {
                    Some(Binding::Obj(o)) => {
                        let first = dims.first().copied().unwrap_or(0);
                        let zero = self.ts.bv(IDX, 0);
                        let fl = self.ts.bv(IDX, first as u128);
                        (o, zero, fl, dims, kind)
                    }
                    Some(Binding::Ref(Region::Mem { obj, start, len })) => {
                        (obj, start, len, dims, kind)
                    }
                    Some(Binding::Ref(Region::ArgvAll)) => return self.resolve_argv(p, None, g),
                    Some(Binding::Ref(Region::ArgvRow(r))) => {
                        return self.resolve_argv(p, Some(r), g)
                    }
                    _ => {
                        return Err(SymexError::InvalidIr {
                            message: format!("local `{}` has no storage", decl.name),
                            span: p.span,
                        })
                    }
                }
            }
            VarRef::Global(gid) => {
                let o = *self
                    .globals
                    .get(gid.index())
                    .ok_or_else(|| SymexError::InvalidIr {
                        message: "unknown global".into(),
                        span: p.span,
                    })?;
                let ob = &self.objects[o as usize];
                let kind = ob.kind;
                // Scalars (the common case) have no dimensions to copy.
                let dims = if ob.dims.is_empty() {
                    Vec::new()
                } else {
                    ob.dims.clone()
                };
                let first = dims.first().copied().unwrap_or(0);
                let zero = self.ts.bv(IDX, 0);
                let fl = self.ts.bv(IDX, first as u128);
                (o, zero, fl, dims, kind)
            }
            VarRef::Argv => return self.resolve_argv(p, None, g),
        };
        if p.indices.len() > dims.len() {
            return Err(SymexError::InvalidIr {
                message: "more indices than dimensions".into(),
                span: p.span,
            });
        }
        let mut ok = self.ts.tt();
        let mut at = start;
        for (j, idx) in p.indices.iter().enumerate() {
            let i = self.index_term(idx, g)?;
            let len = if j == 0 {
                first_len
            } else {
                self.ts.bv(IDX, dims[j] as u128)
            };
            let in_range = if addr && j + 1 == p.indices.len() {
                self.ts.ule(i, len)
            } else {
                self.ts.ult(i, len)
            };
            ok = self.ts.and(ok, in_range);
            let stride = self.ts.bv(IDX, stride(&dims, j) as u128);
            let off = self.ts.mul(i, stride);
            at = self.ts.add(at, off);
        }
        self.ub(g, ok);
        let k = p.indices.len();
        if k == dims.len() {
            Ok(Loc::Cell { obj, at, kind })
        } else {
            let len = if k == 0 {
                first_len
            } else {
                self.ts.bv(IDX, dims[k] as u128)
            };
            Ok(Loc::Region(Region::Mem {
                obj,
                start: at,
                len,
            }))
        }
    }

    /// `argv`, or an `argv` row passed on: rows `0..argc`, and within a row the bytes up to and
    /// including the NUL.
    fn resolve_argv(&mut self, p: &Place, row: Option<TermId>, g: TermId) -> Res<Loc> {
        let obj = self.argv;
        let mut idx = p.indices.iter();
        let mut ok = self.ts.tt();
        let row = match row {
            Some(r) => r,
            None => match idx.next() {
                None => return Ok(Loc::Region(Region::ArgvAll)),
                Some(e) => {
                    let i = self.index_term(e, g)?;
                    let argc = self.ts.bv(IDX, self.argv_rows() as u128);
                    ok = self.ts.ult(i, argc);
                    i
                }
            },
        };
        match (idx.next(), idx.next()) {
            (None, _) => {
                self.ub(g, ok);
                Ok(Loc::Region(Region::ArgvRow(row)))
            }
            (Some(e), None) => {
                let j = self.index_term(e, g)?;
                let len = self.argv_row_len(row);
                let in_row = self.ts.ult(j, len);
                ok = self.ts.and(ok, in_row);
                self.ub(g, ok);
                let cols = self.objects[obj as usize].dims[1];
                let cols = self.ts.bv(IDX, cols as u128);
                let off = self.ts.mul(row, cols);
                let at = self.ts.add(off, j);
                Ok(Loc::Cell {
                    obj,
                    at,
                    kind: IntKind::Char,
                })
            }
            (Some(_), Some(_)) => Err(SymexError::InvalidIr {
                message: "more indices than dimensions of argv".into(),
                span: p.span,
            }),
        }
    }

    pub(crate) fn argv_rows(&self) -> usize {
        self.objects[self.argv as usize]
            .argv_lens
            .as_ref()
            .map_or(0, |l| l.len())
    }

    /// The length (with NUL) of `argv` row `row`, an `ite` over the rows when `row` is symbolic.
    pub(crate) fn argv_row_len(&mut self, row: TermId) -> TermId {
        let lens = self.objects[self.argv as usize]
            .argv_lens
            .clone()
            .unwrap_or_default();
        if let Some(r) = self.ts.as_const(row) {
            let l = lens.get(r as usize).copied().unwrap_or(0);
            return self.ts.bv(IDX, l as u128);
        }
        let mut acc = self.ts.bv(IDX, 0);
        for (r, &l) in lens.iter().enumerate().rev() {
            let is_r = {
                let k = self.ts.bv(IDX, r as u128);
                self.ts.eq(row, k)
            };
            let lt = self.ts.bv(IDX, l as u128);
            acc = self.ts.ite(is_r, lt, acc);
        }
        acc
    }

    /// The cells of an object of `size` cells that an access at symbolic offset `at` may
    /// reach: all of them, or in a large object those within [`INDEX_WINDOW`] of the healthy
    /// run's offset (see [`LARGE_OBJECT`]; `pin` adds the hard constraint that holds the
    /// offset there where `g` holds).
    fn index_window(&mut self, at: TermId, size: usize, pin: Option<TermId>) -> (usize, usize) {
        if size <= LARGE_OBJECT {
            return (0, size);
        }
        let w = self.ts.width(at);
        let m = crate::term::mask(w);
        let h = self.healthy_consts(&[at])[0] as u128 & m;
        let lo = h.saturating_sub(INDEX_WINDOW);
        let hi = h.saturating_add(INDEX_WINDOW).min(m);
        if let Some(g) = pin {
            let (lo_t, hi_t) = (self.ts.bv(w, lo), self.ts.bv(w, hi));
            let above = self.ts.ule(lo_t, at);
            let below = self.ts.ule(at, hi_t);
            let within = self.ts.and(above, below);
            let c = self.ts.implies(g, within);
            self.hard(c, HardReason::Pinned(self.cur_stmt));
        }
        let end = hi.saturating_add(1).min(size as u128) as usize;
        ((lo.min(size as u128) as usize).min(end), end)
    }

    /// Read the cell at offset `at` of `obj`: (value, initialized). Pushes the definitions read
    /// onto the dependency scratch list.
    pub(crate) fn read_cell(&mut self, obj: u32, at: TermId) -> (TermId, TermId) {
        let (base, size, kind) = {
            let o = &self.objects[obj as usize];
            (o.base as usize, o.size as usize, o.kind)
        };
        if let Some(k) = self.ts.as_const(at) {
            if (k as usize) < size && k < u32::MAX as u128 {
                let c = self.cells[base + k as usize];
                if c.def != NO_DEF {
                    self.deps.push(c.def);
                }
                return (c.val, c.init);
            }
            // Out of bounds: the bounds check already excludes this path.
            let t = self.ts.tt();
            return (self.ts.bv(kind.bits(), 0), t);
        }
        let g = self.guard;
        let (from, size) = self.index_window(at, size, Some(g));
        if size <= from {
            let t = self.ts.tt();
            return (self.ts.bv(kind.bits(), 0), t);
        }
        let last = self.cells[base + size - 1];
        let (mut val, mut init) = (last.val, last.init);
        for k in (from..size).rev() {
            let c = self.cells[base + k];
            if c.def != NO_DEF {
                self.deps.push(c.def);
            }
            if k == size - 1 {
                continue;
            }
            let kt = self.ts.bv(IDX, k as u128);
            let hit = self.ts.eq(at, kt);
            val = self.ts.ite(hit, c.val, val);
            init = self.ts.ite(hit, c.init, init);
        }
        (val, init)
    }

    /// Guarded write of `v` (initialized iff `init`) into the cell at `at` of `obj`; `def` is
    /// the definition it creates. Returns the definition's value term (the cell's new value for a
    /// concrete offset).
    pub(crate) fn write_cell(
        &mut self,
        obj: u32,
        at: TermId,
        v: TermId,
        init: TermId,
        g: TermId,
        def: SsaId,
    ) -> TermId {
        let (base, size) = {
            let o = &self.objects[obj as usize];
            (o.base as usize, o.size as usize)
        };
        if let Some(k) = self.ts.as_const(at) {
            if (k as usize) < size && k < u32::MAX as u128 {
                let i = base + k as usize;
                let c = self.cells[i];
                let val = self.ts.ite(g, v, c.val);
                let init = self.ts.ite(g, init, c.init);
                self.log_write(i, c.def);
                self.cells[i] = CellState { val, init, def };
                return val;
            }
            return v;
        }
        let (from, size) = self.index_window(at, size, Some(g));
        for k in from..size {
            let kt = self.ts.bv(IDX, k as u128);
            let hit = self.ts.eq(at, kt);
            let gk = self.ts.and(g, hit);
            if self.ts.is_false(gk) {
                continue;
            }
            let i = base + k;
            let c = self.cells[i];
            let val = self.ts.ite(gk, v, c.val);
            let new_init = self.ts.ite(gk, init, c.init);
            self.log_write(i, c.def);
            self.cells[i] = CellState {
                val,
                init: new_init,
                def,
            };
        }
        v
    }

    /// Previous definitions of the cells a write at `at` may hit (a guarded write depends on
    /// them: where the guard is false the old value stays).
    pub(crate) fn push_prev_defs(&mut self, obj: u32, at: TermId) {
        let (base, size) = {
            let o = &self.objects[obj as usize];
            (o.base as usize, o.size as usize)
        };
        let range = match self.ts.as_const(at) {
            Some(k) if (k as usize) < size => (k as usize)..(k as usize + 1),
            Some(_) => 0..0,
            None => {
                let (from, to) = self.index_window(at, size, None);
                from..to
            }
        };
        for i in range {
            let d = self.cells[base + i].def;
            if d != NO_DEF {
                self.deps.push(d);
            }
        }
    }

    /// `Decl`: the local's cells become indeterminate on this path.
    pub(crate) fn decl(&mut self, obj: u32, g: TermId) {
        let (base, size) = {
            let o = &self.objects[obj as usize];
            (o.base as usize, o.size as usize)
        };
        let ng = self.ts.not(g);
        for i in base..base + size {
            let c = self.cells[i];
            self.cells[i].init = self.ts.and(ng, c.init);
        }
    }

    fn log_write(&mut self, cell: usize, prev: SsaId) {
        if self.open_ifs > 0 {
            self.log.push((cell as u32, prev));
        }
    }

    /// Add `guard → ok` as a hard constraint for undefined behaviour of `stmt`.
    pub(crate) fn ub(&mut self, g: TermId, ok: TermId) {
        let c = self.ts.implies(g, ok);
        self.hard(c, HardReason::Ub(self.cur_stmt));
    }
}
