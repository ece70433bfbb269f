//! The symbolic executor: one test of the program to one [`Replica`].
//!
//! # Control flow
//!
//! Execution is *full flow-sensitive*: both branches of every condition run, each under its
//! guard (the path condition, a boolean term); a branch is skipped only when its guard folds to
//! constant false. Stores are guarded writes (`cell := ite(guard, new, old)`), so joins need no
//! merging of states: the guard after an `if` is the disjunction of the guards at the ends of
//! its branches (which folds back to the entry guard when neither branch left early).
//!
//! Early exits are guard bookkeeping. `return` under guard `g` adds `g` to the frame's
//! "returned" guard (and the value to its return value, `ite(g, v, previous)`) and makes the
//! current guard false; `break`/`continue` do the same with the innermost loop's (or switch's)
//! "broken"/"continued" guards, which become the guard after the loop / before the latch;
//! `exit` records the exit code under its guard. Calls are inlined (recursion bounded by
//! [`SymexOptions::max_inline_depth`]); loops are unrolled (bounded by
//! [`SymexOptions::unwind`]). A path that would go beyond a bound is excluded by a hard
//! constraint `¬guard` (an unwinding assertion), never silently cut.
//!
//! # Relaxation
//!
//! Every value a component produces — assigned value, returned value, call result, condition,
//! switch arm, input value, printed integer, exit code — is replaced by
//! `ite(Health(c), value, Free)` with a fresh free value per instance, recorded as a
//! [`RelaxPoint`]. Statement instances are numbered by static unrolled occurrence, which with
//! concrete control flow is the interpreter's dynamic instance; `dyn_instance` gives the exact
//! dynamic instance along a symbolic path. As with the interpreter's overrides, an unhealthy
//! component's expression is not evaluated, so the undefined-behaviour checks of that
//! expression are guarded by its health literal too.
//!
//! # Hard constraints
//!
//! `guard → cond` for every `assert` and `assume`; `guard → ¬ub` for undefined behaviour
//! (division/remainder by zero, signed overflow including `MIN / -1`, bad shifts, index out of
//! bounds, reads of uninitialized cells or missing return values, nondet values exhausted, a
//! string without NUL); unwinding assertions; and for IO tests the expected output (see
//! the `output` module) and exit code. Unit tests pass when they end without a violation, as in the
//! runner (their exit code is not checked).

mod expr;
mod heap;
mod input;
mod memory;
pub(crate) mod output;
mod pointer;
mod string;

use faultline_ir::format::{ConvKind, FmtPiece};
use faultline_ir::{
    Arg, Builtin, FuncId, IntKind, LocalKind, Place, PrintArg, Program, Stmt, StmtId, StmtKind,
    StrArg, Stream, Type,
};
use faultline_libc::{printf, FmtArg};

use crate::components::Components;
use crate::spec::{
    Compare, DefKind, Entry, Expected, HardReason, Param, RelaxPoint, Replica, ReplicaSpec, SsaDef,
    SsaId, SymexError, SymexOptions, VarCell, VarId, VarInfo, VarOrigin,
};
use crate::term::{FxMap, Sort, TermId, TermStore};

use input::Cursor;
use memory::{layout, Binding, CellState, Loc, Object, Region, IDX};
use output::OutModel;

pub(crate) type Res<T> = Result<T, SymexError>;

/// "No definition yet": the initial value of a variable.
pub(crate) const NO_DEF: SsaId = SsaId(u32::MAX);

/// What `break` / `continue` refer to.
#[derive(Clone, Copy, Debug)]
enum Breakable {
    Loop { brk: TermId, cont: TermId },
    Switch { brk: TermId },
}

pub(crate) struct Frame {
    pub func: FuncId,
    pub locals: Vec<Binding>,
    obj_base: usize,
    cell_base: usize,
    log_base: usize,
    ret_kind: Option<IntKind>,
    ret_val: TermId,
    ret_init: TermId,
    ret_guard: TermId,
    ret_defs: Vec<SsaId>,
    breakables: Vec<Breakable>,
}

/// The text of a string operand.
pub(crate) enum StrVal {
    Concrete(Vec<u8>),
    /// Cells (byte, initialized) to read up to the first NUL, which must come within them.
    Symbolic(Vec<(TermId, TermId)>),
}

/// Term-store size from which symbolic execution checks its budget at every statement.
const LARGE_STORE_TERMS: usize = 1 << 18;

pub(crate) struct Engine<'a> {
    pub program: &'a Program,
    comps: &'a Components,
    pub spec: &'a ReplicaSpec,
    opts: &'a SymexOptions,
    pub ts: &'a mut TermStore,
    pub cells: Vec<CellState>,
    pub objects: Vec<Object>,
    pub globals: Vec<u32>,
    pub argv: u32,
    pub argv_written: bool,
    /// `argv` as given (without NULs).
    pub argv_text: Vec<&'a [u8]>,
    /// The number of each `argv` row read so far, by row and kind: one datum per row, however
    /// often it is read (a loop over `argv` reads each row in every iteration).
    pub argv_numbers: FxMap<(usize, IntKind), TermId>,
    frames: Vec<Frame>,
    /// Active inlined instances per function.
    active: Vec<u32>,
    pub guard: TermId,
    /// Writes since the outermost open `if` (cell, previous definition), for phi records.
    pub log: Vec<(u32, SsaId)>,
    pub open_ifs: u32,
    out: OutModel,
    pub stdin: Cursor,
    pub nondet_pos: Cursor,
    exit_guard: TermId,
    exit_code: TermId,
    /// Static occurrences per statement, and the dynamic-instance counter terms of components.
    counts: Vec<u32>,
    dyn_counts: Vec<Option<TermId>>,
    cur_dyn: TermId,
    /// Evaluation counters of relaxed expressions ([`SymexOptions::relax_exprs`]).
    pub expr_dyn: FxMap<faultline_ir::ExprId, TermId>,
    pub cur_stmt: StmtId,
    rep: Replica,
    /// Definitions read by the current statement.
    pub deps: Vec<SsaId>,
    /// Enclosing condition definitions.
    ctrl: Vec<SsaId>,
    /// A hard constraint folded to false: the replica is infeasible, stop.
    dead: bool,
    /// Per pointer identity (`pointer`), its object, or `pointer::DEAD` once its call
    /// returned (identity 0 is null).
    pub pid_obj: Vec<u32>,
    /// Heap blocks by pointer identity (`heap`).
    heap: FxMap<u32, heap::Block>,
    /// Allocations so far in the run where every component is healthy: the interpreter's
    /// number of the next block (`heap::Block::ordinal`).
    heap_allocs: u32,
    /// Per statement, the last heap block a relaxed pointer it computed pointed into as
    /// written: the type of the blocks it may be moved into where it computes `NULL`
    /// (`pointer::Engine::other_targets`).
    heap_stmt_pid: FxMap<StmtId, u32>,
    /// The leaf objects of heap blocks typed as structs, other than the first (which has the
    /// block's identity), by pointer identity.
    heap_leaf: FxMap<u32, heap::LeafObject>,
    /// Bytes of the live heap blocks, and cells of the typed ones (64-bit terms): the
    /// interpreter's counts against its heap limit ([`SymexOptions::max_heap_bytes`]).
    heap_bytes: TermId,
    heap_cells: TermId,
    /// Upper bounds of those two (every block at its largest size, frees not counted): while
    /// they are within the limit its checks hold on every path and are left out, so the
    /// formula does not grow an adder per allocation that can never matter.
    heap_bound: (u128, u128),
    /// Array parameters held as pointer cells ([`Engine::moved_param`]).
    moved_params: std::collections::HashSet<(FuncId, faultline_ir::LocalId)>,
    /// The choices of relaxed pointers to move into another variable (`pointer`), by their
    /// boolean term, with the statement; those banned are held false.
    move_picks: FxMap<TermId, StmtId>,
    banned_picks: FxMap<TermId, ()>,
    /// By object number, whether it is a string literal's (globals are the first objects).
    literal_objs: Vec<bool>,
    /// Terms' values in the healthy run, as far as they were asked for (`healthy_values`):
    /// pins ask again and again about terms sharing most of their cone.
    pub healthy_memo: crate::term::FxMap<TermId, u128>,
}

/// Symbolically execute one test. Health literals and free values are created in `store`,
/// which is shared by all replicas of a diagnosis.
pub fn symex(
    program: &Program,
    components: &Components,
    spec: &ReplicaSpec,
    store: &mut TermStore,
    opts: &SymexOptions,
) -> Result<Replica, SymexError> {
    let start_terms = store.len();
    let t = store.tt();
    let f = store.ff();
    let zero32 = store.bv(32, 0);
    let zero64 = store.bv(64, 0);
    let (tokens, expected_out) = match &spec.expected {
        Expected::Io {
            stdout, compare, ..
        } => (*compare == Compare::Tokens, stdout.as_deref()),
        Expected::Unit => (true, None),
    };
    let out = OutModel::new(store, expected_out, tokens, opts.parametric);
    let stdin = Cursor::new(store);
    let nondet_pos = Cursor::new(store);
    let mut e = Engine {
        program,
        comps: components,
        spec,
        opts,
        ts: store,
        cells: Vec::new(),
        objects: Vec::new(),
        globals: Vec::with_capacity(program.globals.len()),
        argv: 0,
        argv_written: false,
        argv_text: std::iter::once(&spec.program_name)
            .chain(&spec.args)
            .map(|a| a.as_bytes())
            .collect(),
        argv_numbers: FxMap::default(),
        frames: Vec::new(),
        active: vec![0; program.functions.len()],
        guard: t,
        log: Vec::new(),
        open_ifs: 0,
        out,
        stdin,
        nondet_pos,
        exit_guard: f,
        exit_code: zero32,
        counts: vec![0; program.stmt_count as usize],
        dyn_counts: vec![None; program.stmt_count as usize],
        cur_dyn: zero32,
        expr_dyn: FxMap::default(),
        cur_stmt: StmtId(0),
        rep: Replica {
            output_text: expected_out.map_or_else(Vec::new, |x| output::cursor_text(x, tokens)),
            output_tokens: tokens,
            ..Replica::default()
        },
        deps: Vec::new(),
        ctrl: Vec::new(),
        dead: false,
        pid_obj: vec![pointer::DEAD],
        heap: FxMap::default(),
        heap_allocs: 0,
        heap_stmt_pid: FxMap::default(),
        heap_leaf: FxMap::default(),
        heap_bytes: zero64,
        heap_cells: zero64,
        heap_bound: (0, 0),
        moved_params: pointer::moved_params(program),
        move_picks: FxMap::default(),
        banned_picks: FxMap::default(),
        literal_objs: Vec::new(),
        healthy_memo: FxMap::default(),
    };
    e.run()?;
    let printed = std::mem::take(&mut e.out.params);
    e.rep.params.extend(printed.into_iter().flatten());
    e.rep.stats.new_terms = e.ts.len() - start_terms;
    Ok(e.rep)
}

/// A datum of the test (see [`SymexOptions::parametric`]): the constant `v` of `w` bits, or,
/// when `params` is given, a fresh free value recorded there with `v` as its value.
pub(crate) fn datum(
    ts: &mut TermStore,
    params: Option<&mut Vec<Param>>,
    w: u32,
    v: i128,
) -> TermId {
    let Some(params) = params else {
        return ts.bv_i(w, v);
    };
    let w = w.clamp(1, 64);
    let (_, term) = ts.fresh(Sort::Bv(w as u8));
    params.push(Param {
        term,
        value: v as u128 & crate::term::mask(w),
    });
    term
}

impl<'a> Engine<'a> {
    /// A datum of the test: see [`datum`].
    pub(crate) fn datum(&mut self, w: u32, v: i128) -> TermId {
        let params = self.opts.parametric.then_some(&mut self.rep.params);
        datum(self.ts, params, w, v)
    }

    fn err_invalid<T>(&self, message: impl Into<String>, span: faultline_ir::Span) -> Res<T> {
        Err(SymexError::InvalidIr {
            message: message.into(),
            span,
        })
    }

    pub(crate) fn frame(&self) -> &Frame {
        self.frames
            .last()
            .expect("a frame is active during execution")
    }

    fn frame_mut(&mut self) -> &mut Frame {
        self.frames
            .last_mut()
            .expect("a frame is active during execution")
    }

    pub(crate) fn hard(&mut self, t: TermId, why: HardReason) {
        if self.ts.is_true(t) {
            return;
        }
        if self.ts.is_false(t) {
            self.dead = true;
        }
        self.rep.hard.push(t);
        self.rep.hard_reasons.push(why);
    }

    fn new_var(&mut self, origin: VarOrigin) -> VarId {
        let depth = self.frames.len().saturating_sub(1) as u32;
        self.rep.vars.push(VarInfo {
            origin,
            depth,
            cells: 1,
        });
        VarId((self.rep.vars.len() - 1) as u32)
    }

    pub(crate) fn rep_var_mut(&mut self, v: VarId) -> Option<&mut VarInfo> {
        self.rep.vars.get_mut(v.0 as usize)
    }

    fn new_def(
        &mut self,
        kind: DefKind,
        var: Option<VarCell>,
        inst: u32,
        value: TermId,
        guard: TermId,
    ) -> SsaId {
        let id = SsaId(self.rep.ssa_defs.len() as u32);
        let deps_start = self.rep.dep_pool.len() as u32;
        self.rep.dep_pool.extend_from_slice(&self.deps);
        self.rep.ssa_defs.push(SsaDef {
            id,
            kind,
            var,
            stmt: Some(self.cur_stmt),
            instance: inst,
            value,
            guard,
            deps_start,
            deps_len: self.deps.len() as u32,
            ctrl: self.ctrl.last().copied(),
        });
        id
    }

    // ------------------------------------------------------------------ setup

    fn run(&mut self) -> Res<()> {
        let program = self.program;
        let t = self.ts.tt();
        for (i, g) in program.globals.iter().enumerate() {
            let var = self.new_var(VarOrigin::Global(faultline_ir::GlobalId(i as u32)));
            let (dims, kind) = layout(&g.ty).ok_or_else(|| SymexError::Unsupported {
                message: format!("global `{}` of type {}", g.name, g.ty),
                span: g.span,
            })?;
            let o = self.alloc(dims, kind, var, t, g.span)?;
            let (base, size) = (
                self.objects[o as usize].base as usize,
                self.objects[o as usize].size as usize,
            );
            for k in 0..size {
                let v = g.init.get(k).copied().unwrap_or(0);
                if kind == IntKind::Ptr && v != 0 {
                    return Err(SymexError::Unsupported {
                        message: format!(
                            "global pointer `{}` initialized to an address, in the formula",
                            g.name
                        ),
                        span: g.span,
                    });
                }
                self.cells[base + k].val = self.ts.bv_i(kind.bits(), kind.wrap(v));
            }
            self.globals.push(o);
            if g.is_string_literal() {
                // Read-only: a write into it is undefined behaviour (`store_cell_init`).
                let k = o as usize;
                if self.literal_objs.len() <= k {
                    self.literal_objs.resize(k + 1, false);
                }
                self.literal_objs[k] = true;
            }
        }
        self.alloc_argv()?;
        let (entry, is_main) = match self.spec.entry {
            Entry::Main => match program.main {
                Some(m) => (m, true),
                None => {
                    return Err(SymexError::InvalidIr {
                        message: "the program has no `main`".into(),
                        span: faultline_ir::Span::new(faultline_ir::FileId(0), 0, 0),
                    })
                }
            },
            Entry::Function(f) => (f, false),
        };
        let Some(func) = program.functions.get(entry.index()) else {
            return Err(SymexError::InvalidIr {
                message: "unknown entry function".into(),
                span: faultline_ir::Span::new(faultline_ir::FileId(0), 0, 0),
            });
        };
        self.push_frame(entry)?;
        if is_main {
            if let Some(&argc) = func.params.first() {
                let n = self.argv_rows() as i128;
                let kind = func
                    .locals
                    .get(argc.index())
                    .and_then(|l| l.ty.as_int())
                    .unwrap_or(IntKind::Int);
                let v = self.ts.bv_i(kind.bits(), kind.wrap(n));
                self.bind_value(argc, v, func.span)?;
            }
            if let Some(&argv) = func.params.get(1) {
                if self.moved_param(entry, argv) {
                    return Err(SymexError::Unsupported {
                        message: "`argv` used as a pointer (moved or compared) in the formula"
                            .into(),
                        span: func.name_span,
                    });
                }
                self.bind_region(argv, Region::ArgvAll, func.span)?;
            }
        } else if !func.params.is_empty() {
            return self.err_invalid("the entry function takes parameters", func.name_span);
        }
        self.block(&func.body)?;
        let end_guard = self.guard;
        let frame = self.pop_frame();
        if let Expected::Io { exit_code, .. } = self.spec.expected {
            let zero8 = self.ts.bv(8, 0);
            let ret8 = match frame.ret_kind {
                Some(_) => {
                    let r = self.ts.trunc(frame.ret_val, 8);
                    self.ts.ite(frame.ret_guard, r, zero8)
                }
                None => zero8,
            };
            let _ = end_guard; // falling off `main` is `return 0`
            let ex8 = self.ts.trunc(self.exit_code, 8);
            let code8 = self.ts.ite(self.exit_guard, ex8, ret8);
            let ok = if (0..=255).contains(&exit_code) {
                let k = self.ts.bv(8, exit_code as u128);
                self.ts.eq(code8, k)
            } else {
                self.ts.ff()
            };
            self.hard(ok, HardReason::ExitCode);
            let fin = self.out.finish(self.ts);
            self.hard(fin, HardReason::Output(None));
        }
        Ok(())
    }

    fn alloc_argv(&mut self) -> Res<()> {
        let rows = self.argv_text.clone();
        let cols = rows.iter().map(|r| r.len() as u64 + 1).max().unwrap_or(1);
        let var = self.new_var(VarOrigin::Argv);
        let t = self.ts.tt();
        let span = faultline_ir::Span::new(faultline_ir::FileId(0), 0, 0);
        let o = self.alloc(vec![rows.len() as u64, cols], IntKind::Char, var, t, span)?;
        let base = self.objects[o as usize].base as usize;
        for (r, row) in rows.iter().enumerate() {
            for (c, &b) in row.iter().enumerate() {
                self.cells[base + r * cols as usize + c].val = self.ts.bv(8, b as u128);
            }
        }
        self.objects[o as usize].argv_lens =
            Some(rows.iter().map(|r| r.len() as u64 + 1).collect());
        self.argv = o;
        Ok(())
    }

    fn push_frame(&mut self, func: FuncId) -> Res<()> {
        let program = self.program;
        let f = program.function(func);
        let obj_base = self.objects.len();
        let cell_base = self.cells.len();
        let ret_kind = f.ret.as_int();
        let zero = self.ts.bv(ret_kind.map_or(32, |k| k.bits()), 0);
        let ff = self.ts.ff();
        self.frames.push(Frame {
            func,
            locals: Vec::with_capacity(f.locals.len()),
            obj_base,
            cell_base,
            log_base: self.log.len(),
            ret_kind,
            ret_val: zero,
            ret_init: ff,
            ret_guard: ff,
            ret_defs: Vec::new(),
            breakables: Vec::new(),
        });
        self.active[func.index()] += 1;
        for (i, l) in f.locals.iter().enumerate() {
            let binding = match (&l.ty, layout(&l.ty)) {
                (Type::ArrayRef(_), _)
                    if self.moved_param(func, faultline_ir::LocalId(i as u32)) =>
                {
                    let var = self.new_var(VarOrigin::Local(func, faultline_ir::LocalId(i as u32)));
                    Binding::Obj(self.alloc(Vec::new(), IntKind::Ptr, var, ff, l.span)?)
                }
                (Type::ArrayRef(_), _) => Binding::Unbound,
                (Type::Array(..), _) if l.kind == LocalKind::Param => Binding::Unbound,
                (_, Some((dims, kind))) => {
                    let var = self.new_var(VarOrigin::Local(func, faultline_ir::LocalId(i as u32)));
                    Binding::Obj(self.alloc(dims, kind, var, ff, l.span)?)
                }
                (_, None) => Binding::Unbound,
            };
            self.frame_mut().locals.push(binding);
        }
        Ok(())
    }

    fn pop_frame(&mut self) -> Frame {
        let frame = self
            .frames
            .pop()
            .expect("a frame is active during execution");
        self.active[frame.func.index()] -= 1;
        // Heap blocks it allocated or typed outlive it.
        let heap = self.take_heap_objects(frame.obj_base);
        // The callee's objects end here: pointers to them dangle.
        for o in &self.objects[frame.obj_base.min(self.objects.len())..] {
            if let Some(slot) = self.pid_obj.get_mut(o.pid as usize) {
                *slot = pointer::DEAD;
            }
        }
        self.objects.truncate(frame.obj_base);
        self.cells.truncate(frame.cell_base);
        self.restore_heap_objects(heap);
        if self.open_ifs == 0 {
            self.log.clear();
        } else {
            // Writes to the callee's own cells are invisible outside it.
            let base = frame.log_base.min(self.log.len());
            let cb = frame.cell_base as u32;
            let mut k = base;
            for i in base..self.log.len() {
                if self.log[i].0 < cb {
                    self.log[k] = self.log[i];
                    k += 1;
                }
            }
            self.log.truncate(k);
        }
        frame
    }

    /// Give parameter or local `l` of the current frame the value `v` (a `Param` definition).
    fn bind_value(
        &mut self,
        l: faultline_ir::LocalId,
        v: TermId,
        span: faultline_ir::Span,
    ) -> Res<()> {
        let Some(&Binding::Obj(o)) = self.frame().locals.get(l.index()) else {
            return self.err_invalid("scalar parameter without storage", span);
        };
        let g = self.ts.tt();
        let at = self.ts.bv(IDX, 0);
        let var = Some(VarCell {
            var: self.objects[o as usize].var,
            cell: Some(0),
        });
        let id = SsaId(self.rep.ssa_defs.len() as u32);
        let t = self.ts.tt();
        let value = self.write_cell(o, at, v, t, g, id);
        self.new_def(DefKind::Param, var, 0, value, g);
        Ok(())
    }

    /// Make array parameter `l` of the current frame refer to `r`.
    fn bind_region(
        &mut self,
        l: faultline_ir::LocalId,
        r: Region,
        span: faultline_ir::Span,
    ) -> Res<()> {
        match self.frame_mut().locals.get_mut(l.index()) {
            Some(b) => {
                *b = Binding::Ref(r);
                Ok(())
            }
            None => self.err_invalid("array parameter is not a local", span),
        }
    }

    // ------------------------------------------------------------------ helpers

    /// The health literal of `s`'s component (constant true when all are healthy).
    fn health(&mut self, s: &Stmt) -> Option<(crate::ComponentId, TermId)> {
        let c = self.comps.of_stmt(s.id)?;
        if self
            .opts
            .relax_only
            .as_ref()
            .is_some_and(|only| !only.contains(&c))
        {
            return None;
        }
        let h = if self.opts.all_healthy_constant {
            self.ts.tt()
        } else {
            self.ts.health(c)
        };
        Some((c, h))
    }

    /// Evaluate the value a component produces. Where the component is unhealthy its value is
    /// the free one and its expression is not evaluated (the interpreter's override semantics),
    /// so the expression's undefined-behaviour checks only apply when it is healthy.
    fn eval_relaxable(&mut self, s: &Stmt, e: &faultline_ir::Expr, g: TermId) -> Res<TermId> {
        let ge = match self.health(s) {
            Some((_, h)) => self.ts.and(g, h),
            None => g,
        };
        self.eval(e, ge)
    }

    /// Relax value `v` of statement `s` (instance `inst`, trace slot `slot`, executed under
    /// `g`): `ite(healthy, v, fresh)`. Statements that are not components keep `v`.
    pub(crate) fn relax(&mut self, s: &Stmt, inst: u32, slot: u32, v: TermId, g: TermId) -> TermId {
        let Some((c, h)) = self.health(s) else {
            return v;
        };
        let sort: Sort = self.ts.sort(v);
        let (free, ft) = self.ts.fresh(sort);
        let eff = self.ts.ite(h, v, ft);
        self.rep.relax_points.push(RelaxPoint {
            component: c,
            stmt: s.id,
            expr: None,
            instance: inst,
            slot,
            free,
            value: eff,
            original: v,
            guard: g,
            dyn_instance: self.cur_dyn,
            text: None,
        });
        eff
    }

    /// Record a relaxation point of statement `s` (its free value `free`, effective value
    /// `value`, value as written `original`).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn relax_point(
        &mut self,
        c: crate::ComponentId,
        s: &Stmt,
        inst: u32,
        slot: u32,
        free: crate::FreeId,
        value: TermId,
        original: TermId,
        g: TermId,
    ) {
        self.rep.relax_points.push(RelaxPoint {
            component: c,
            stmt: s.id,
            expr: None,
            instance: inst,
            slot,
            free,
            value,
            original,
            guard: g,
            dyn_instance: self.cur_dyn,
            text: None,
        });
    }

    /// The user's name of a variable (no inlining depth).
    pub(crate) fn var_name(&self, v: VarId) -> String {
        let Some(info) = self.rep.vars.get(v.0 as usize) else {
            return String::new();
        };
        match info.origin {
            VarOrigin::Global(g) => self
                .program
                .globals
                .get(g.index())
                .map_or_else(String::new, |g| g.name.clone()),
            VarOrigin::Local(f, l) => self
                .program
                .functions
                .get(f.index())
                .and_then(|f| f.locals.get(l.index()))
                .map_or_else(String::new, |d| d.name.clone()),
            VarOrigin::Argv => "argv".into(),
            VarOrigin::Heap(_) => "heap block".into(),
        }
    }

    pub(crate) fn defer(&mut self, c: TermId) {
        self.rep.deferred.push(c);
    }

    pub(crate) fn push_relax_point(&mut self, p: RelaxPoint) {
        self.rep.relax_points.push(p);
    }

    /// The static occurrence of the statement now executing (its last counted instance).
    pub(crate) fn static_instance(&self, s: StmtId) -> u32 {
        self.counts
            .get(s.index())
            .map_or(0, |c| c.saturating_sub(1))
    }

    /// Store `v` (of kind `from`) into `place` under `g`, recording a definition.
    pub(crate) fn store_place(
        &mut self,
        place: &Place,
        v: TermId,
        g: TermId,
        s: &Stmt,
        inst: u32,
        kind: DefKind,
    ) -> Res<()> {
        let vk = self.kind_of_width(v);
        self.store_place_kind(place, v, vk, g, s, inst, kind)
    }

    /// A kind for a value produced by the executor itself (already of the destination's width).
    fn kind_of_width(&self, v: TermId) -> IntKind {
        match self.ts.width(v) {
            1 => IntKind::Bool,
            8 => IntKind::Char,
            16 => IntKind::Short,
            32 => IntKind::Int,
            _ => IntKind::Long,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn store_place_kind(
        &mut self,
        place: &Place,
        v: TermId,
        from: IntKind,
        g: TermId,
        s: &Stmt,
        inst: u32,
        kind: DefKind,
    ) -> Res<()> {
        match self.resolve(place, g)? {
            Loc::Cell { obj, at, kind: pk } => {
                let v = if self.ts.width(v) == pk.bits() && pk != IntKind::Bool {
                    v
                } else {
                    self.cast(v, from, pk)
                };
                let t = self.ts.tt();
                self.store_cell_init(obj, at, v, t, g, s, inst, kind);
                Ok(())
            }
            Loc::Region(_) => self.err_invalid("assignment to an array", place.span),
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn store_cell(
        &mut self,
        obj: u32,
        at: TermId,
        v: TermId,
        g: TermId,
        s: &Stmt,
        inst: u32,
        kind: DefKind,
    ) {
        let t = self.ts.tt();
        self.store_cell_init(obj, at, v, t, g, s, inst, kind);
    }

    #[allow(clippy::too_many_arguments)]
    fn store_cell_init(
        &mut self,
        obj: u32,
        at: TermId,
        v: TermId,
        init: TermId,
        g: TermId,
        _s: &Stmt,
        inst: u32,
        kind: DefKind,
    ) {
        if obj == self.argv {
            self.argv_written = true;
        }
        if self.literal_objs.get(obj as usize) == Some(&true) {
            // A write into a string literal, as the interpreter reports it.
            let ff = self.ts.ff();
            self.ub(g, ff);
        }
        let mark = self.deps.len();
        if !self.ts.is_true(g) || self.ts.as_const(at).is_none() {
            self.push_prev_defs(obj, at);
        }
        let id = SsaId(self.rep.ssa_defs.len() as u32);
        let value = self.write_cell(obj, at, v, init, g, id);
        let cell = self.ts.as_const(at).map(|k| k as u32);
        let var = Some(VarCell {
            var: self.objects[obj as usize].var,
            cell,
        });
        self.new_def(kind, var, inst, value, g);
        self.deps.truncate(mark);
    }

    /// Count an execution of `s`: its static occurrence, and for components the dynamic
    /// counter term.
    fn next_instance(&mut self, s: &Stmt) -> Res<u32> {
        let Some(c) = self.counts.get_mut(s.id.index()) else {
            return self.err_invalid("statement id beyond stmt_count", s.span);
        };
        let inst = *c;
        *c = c.saturating_add(1);
        if self.comps.of_stmt(s.id).is_some() {
            let cnt = match self.dyn_counts[s.id.index()] {
                Some(t) => t,
                None => self.ts.bv(32, 0),
            };
            self.cur_dyn = cnt;
            let one = self.ts.bv(32, 1);
            let inc = self.ts.add(cnt, one);
            self.dyn_counts[s.id.index()] = Some(self.ts.ite(self.guard, inc, cnt));
        }
        Ok(inst)
    }

    // ------------------------------------------------------------------ statements

    fn block(&mut self, b: &'a [Stmt]) -> Res<()> {
        for s in b {
            if self.dead || self.ts.is_false(self.guard) {
                break;
            }
            self.stmt(s)?;
        }
        Ok(())
    }

    fn stmt(&mut self, s: &'a Stmt) -> Res<()> {
        self.cur_stmt = s.id;
        self.deps.clear();
        self.rep.stats.steps += 1;
        if self.ts.len() > self.opts.max_terms {
            return Err(SymexError::TooLarge {
                terms: self.ts.len(),
            });
        }
        // A large unrolling can take seconds: honour the caller's budget while building it.
        // Often enough that a long run's statements over large arrays (an access at a
        // symbolic index is a term per element: 20,000 for `long long pre[20005]`) still
        // stop within a fraction of a second. Once the store is large, every statement: then
        // one statement may be a write at a symbolic index into an array of 10^5 cells
        // (`scanf("%d", &a[i])` with `i` relaxed, contest style), and 64 of them took seconds
        // past the deadline; a clock read is nothing next to such a statement.
        let large = self.ts.len() > LARGE_STORE_TERMS;
        if (large || self.rep.stats.steps.is_multiple_of(64)) && self.opts.stopped() {
            return Err(SymexError::Stopped);
        }
        let inst = self.next_instance(s)?;
        let g = self.guard;
        match &s.kind {
            StmtKind::Decl(l) => {
                if let Some(&Binding::Obj(o)) = self.frame().locals.get(l.index()) {
                    self.decl(o, g);
                }
            }
            StmtKind::Assign { place, value } => {
                // One cell, or through a pointer one per object it may point into.
                let (kind, cells) = self.place_cells(place, g)?;
                let v = self.eval_relaxable(s, value, g)?;
                let v = self.cast(v, value.ty, kind);
                let v = if kind == IntKind::Ptr {
                    self.relax_ptr(s, inst, 0, v, g)?
                } else {
                    self.relax(s, inst, 0, v, g)
                };
                for (c, obj, at) in cells {
                    let gc = self.ts.and(g, c);
                    self.store_cell(obj, at, v, gc, s, inst, DefKind::Assign);
                }
            }
            StmtKind::Call { dest, func, args } => self.call(s, inst, *dest, *func, args)?,
            StmtKind::Builtin(b) => self.builtin(s, inst, b)?,
            StmtKind::If { cond, then_, else_ } => self.if_(s, inst, cond, then_, else_)?,
            StmtKind::Loop { body, latch } => self.loop_(s, body, latch)?,
            StmtKind::Switch { scrutinee, arms } => self.switch(s, inst, scrutinee, arms)?,
            StmtKind::Break => {
                let ts = &mut *self.ts;
                match self.frames.last_mut().and_then(|f| f.breakables.last_mut()) {
                    Some(Breakable::Loop { brk, .. }) | Some(Breakable::Switch { brk }) => {
                        *brk = ts.or(*brk, g);
                    }
                    None => return self.err_invalid("`break` outside a loop or switch", s.span),
                }
                self.guard = self.ts.ff();
            }
            StmtKind::Continue => {
                let ts = &mut *self.ts;
                let lp = self.frames.last_mut().and_then(|f| {
                    f.breakables.iter_mut().rev().find_map(|b| match b {
                        Breakable::Loop { cont, .. } => Some(cont),
                        Breakable::Switch { .. } => None,
                    })
                });
                match lp {
                    Some(cont) => *cont = ts.or(*cont, g),
                    None => return self.err_invalid("`continue` outside a loop", s.span),
                }
                self.guard = self.ts.ff();
            }
            StmtKind::Return(value) => {
                let ret_kind = self.frame().ret_kind;
                let v = match (value, ret_kind) {
                    (Some(e), Some(k)) => {
                        let v = self.eval_relaxable(s, e, g)?;
                        let v = self.cast(v, e.ty, k);
                        Some(if k == IntKind::Ptr {
                            self.relax_ptr(s, inst, 0, v, g)?
                        } else {
                            self.relax(s, inst, 0, v, g)
                        })
                    }
                    (Some(e), None) => {
                        // A value in a void function: evaluated for its checks only.
                        self.eval(e, g)?;
                        None
                    }
                    _ => None,
                };
                if let Some(v) = v {
                    let d = self.new_def(DefKind::Return, None, inst, v, g);
                    let ts = &mut *self.ts;
                    let f = self.frames.last_mut().expect("a frame is active");
                    f.ret_val = ts.ite(g, v, f.ret_val);
                    f.ret_init = ts.or(g, f.ret_init);
                    f.ret_defs.push(d);
                }
                let ts = &mut *self.ts;
                let f = self.frames.last_mut().expect("a frame is active");
                f.ret_guard = ts.or(f.ret_guard, g);
                self.guard = self.ts.ff();
            }
            StmtKind::Assert(cond) | StmtKind::Assume(cond) => {
                let v = self.eval(cond, g)?;
                let c = self.ts.nonzero(v);
                let h = self.ts.implies(g, c);
                let why = if matches!(s.kind, StmtKind::Assert(_)) {
                    HardReason::Assert(s.id)
                } else {
                    HardReason::Assume(s.id)
                };
                self.hard(h, why);
            }
            StmtKind::Exit(code) => {
                let v = self.eval_relaxable(s, code, g)?;
                let v = self.cast(v, code.ty, IntKind::Int);
                let v = self.relax(s, inst, 0, v, g);
                self.exit_code = self.ts.ite(g, v, self.exit_code);
                self.exit_guard = self.ts.or(self.exit_guard, g);
                self.guard = self.ts.ff();
            }
        }
        Ok(())
    }

    fn if_(
        &mut self,
        s: &'a Stmt,
        inst: u32,
        cond: &faultline_ir::Expr,
        then_: &'a [Stmt],
        else_: &'a [Stmt],
    ) -> Res<()> {
        let g = self.guard;
        let v = self.eval_relaxable(s, cond, g)?;
        let c = self.ts.nonzero(v);
        let c = self.relax(s, inst, 0, c, g);
        let cd = self.new_def(DefKind::Cond, None, inst, c, g);
        let gt = self.ts.and(g, c);
        let nc = self.ts.not(c);
        let ge = self.ts.and(g, nc);
        let both = !self.ts.is_false(gt) && !self.ts.is_false(ge);
        if both {
            self.open_ifs += 1;
        }
        let m0 = self.log.len();
        self.ctrl.push(cd);
        self.guard = gt;
        self.block(then_)?;
        let end_t = self.guard;
        let m1 = self.log.len();
        self.guard = ge;
        self.block(else_)?;
        let end_e = self.guard;
        self.ctrl.pop();
        self.guard = self.ts.or(end_t, end_e);
        if both {
            self.open_ifs -= 1;
            self.phis(m0, m1, cd, inst);
            if self.open_ifs == 0 {
                self.log.clear();
            }
        }
        Ok(())
    }

    /// Phi records for the cells written in either branch of an `if` (log entries `m0..`,
    /// the then-branch's being `m0..m1`).
    fn phis(&mut self, m0: usize, m1: usize, cond_def: SsaId, inst: u32) {
        if m0 >= self.log.len() {
            return;
        }
        // (cell, value before the if, written in then, written in else, def at end of then)
        let mut order: Vec<(u32, SsaId, bool, bool, SsaId)> = Vec::new();
        let mut index: FxMap<u32, usize> = FxMap::default();
        for i in m0..self.log.len() {
            let (cell, prev) = self.log[i];
            let k = *index.entry(cell).or_insert_with(|| {
                order.push((cell, prev, false, false, NO_DEF));
                order.len() - 1
            });
            let e = &mut order[k];
            if i < m1 {
                e.2 = true;
            } else if !e.3 {
                e.3 = true;
                if e.2 {
                    e.4 = prev;
                }
            }
        }
        let g = self.guard;
        for (cell, pre, in_t, in_e, t_def) in order {
            let cur = self.cells[cell as usize];
            let then_def = match (in_t, in_e) {
                (true, true) => t_def,
                (true, false) => cur.def,
                _ => pre,
            };
            let else_def = if in_e { cur.def } else { pre };
            self.deps.clear();
            for d in [then_def, else_def, cond_def] {
                if d != NO_DEF {
                    self.deps.push(d);
                }
            }
            let var = self.var_of_cell(cell);
            let id = self.new_def(DefKind::Phi, var, inst, cur.val, g);
            if self.open_ifs > 0 {
                self.log.push((cell, cur.def));
            }
            self.cells[cell as usize].def = id;
        }
        self.deps.clear();
    }

    fn var_of_cell(&self, cell: u32) -> Option<VarCell> {
        let i = self.objects.partition_point(|o| o.base <= cell);
        let o = self.objects.get(i.checked_sub(1)?)?;
        (cell < o.base + o.size).then(|| VarCell {
            var: o.var,
            cell: Some(cell - o.base),
        })
    }

    fn loop_(&mut self, s: &'a Stmt, body: &'a [Stmt], latch: &'a [Stmt]) -> Res<()> {
        let bound = self
            .opts
            .loop_unwind
            .get(&s.id)
            .copied()
            .unwrap_or(self.opts.unwind);
        let ff = self.ts.ff();
        self.frame_mut()
            .breakables
            .push(Breakable::Loop { brk: ff, cont: ff });
        let mut k = 0u32;
        loop {
            if self.dead || self.ts.is_false(self.guard) {
                break;
            }
            if k >= bound {
                let stay = self.ts.not(self.guard);
                self.hard(stay, HardReason::LoopUnwinding(s.id));
                self.guard = self.ts.ff();
                break;
            }
            self.rep.stats.loop_iterations += 1;
            self.block(body)?;
            self.take_continues();
            self.block(latch)?;
            self.take_continues();
            k += 1;
        }
        let brk = match self.frame_mut().breakables.pop() {
            Some(Breakable::Loop { brk, .. }) => brk,
            _ => ff,
        };
        self.guard = self.ts.or(self.guard, brk);
        Ok(())
    }

    /// Paths that `continue`d rejoin before the latch.
    fn take_continues(&mut self) {
        let ff = self.ts.ff();
        if let Some(Breakable::Loop { cont, .. }) = self.frame_mut().breakables.last_mut() {
            let c = std::mem::replace(cont, ff);
            self.guard = self.ts.or(self.guard, c);
        }
    }

    fn switch(
        &mut self,
        s: &'a Stmt,
        inst: u32,
        scrutinee: &faultline_ir::Expr,
        arms: &'a [faultline_ir::SwitchArm],
    ) -> Res<()> {
        let g = self.guard;
        let v = self.eval_relaxable(s, scrutinee, g)?;
        let kind = scrutinee.ty;
        let w = kind.bits();
        // The arm index the interpreter's table selects: first matching case in arm order,
        // else the first default arm, else -1.
        let default = arms.iter().position(|a| a.is_default);
        let mut sel = self.ts.bv_i(32, default.map_or(-1, |d| d as i128));
        let cases: Vec<(i128, usize)> = arms
            .iter()
            .enumerate()
            .flat_map(|(i, a)| a.values.iter().map(move |&c| (c, i)))
            .collect();
        for &(c, i) in cases.iter().rev() {
            if !kind.contains(c) {
                continue;
            }
            let k = self.ts.bv_i(w, c);
            let hit = self.ts.eq(v, k);
            let it = self.ts.bv(32, i as u128);
            sel = self.ts.ite(hit, it, sel);
        }
        let sel = self.relax(s, inst, 0, sel, g);
        let cd = self.new_def(DefKind::Cond, None, inst, sel, g);
        let ff = self.ts.ff();
        self.frame_mut()
            .breakables
            .push(Breakable::Switch { brk: ff });
        self.ctrl.push(cd);
        let mut fall = ff;
        let mut any = ff;
        for (i, arm) in arms.iter().enumerate() {
            let it = self.ts.bv(32, i as u128);
            let is_i = self.ts.eq(sel, it);
            any = self.ts.or(any, is_i);
            let enter = self.ts.and(g, is_i);
            self.guard = self.ts.or(fall, enter);
            self.block(&arm.body)?;
            fall = self.guard;
        }
        self.ctrl.pop();
        let brk = match self.frame_mut().breakables.pop() {
            Some(Breakable::Switch { brk }) => brk,
            _ => ff,
        };
        let none = self.ts.not(any);
        let skipped = self.ts.and(g, none);
        let after = self.ts.or(fall, brk);
        self.guard = self.ts.or(after, skipped);
        Ok(())
    }

    fn call(
        &mut self,
        s: &'a Stmt,
        inst: u32,
        dest: Option<faultline_ir::LocalId>,
        func: FuncId,
        args: &'a [Arg],
    ) -> Res<()> {
        let program = self.program;
        let g = self.guard;
        let Some(callee) = program.functions.get(func.index()) else {
            return self.err_invalid("call of an unknown function", s.span);
        };
        if args.len() != callee.params.len() {
            return self.err_invalid("argument count differs from the parameters", s.span);
        }
        enum ArgVal {
            Value(TermId),
            Region(Region),
        }
        let mut vals = Vec::with_capacity(args.len());
        for (a, &p) in args.iter().zip(&callee.params) {
            let Some(pdecl) = callee.locals.get(p.index()) else {
                return self.err_invalid("parameter is not a local", s.span);
            };
            let pty = &pdecl.ty;
            if self.moved_param(func, p) {
                // A pointer cell: the argument's pointer.
                let v = match a {
                    Arg::Value(e) if e.ty == IntKind::Ptr => self.eval(e, g)?,
                    Arg::ArrayRef(place) => match self.resolve_region(place, g)? {
                        Loc::Region(r) => self.region_pointer(r, place.span)?,
                        Loc::Cell { .. } => {
                            return self.err_invalid("array argument is a scalar", place.span)
                        }
                    },
                    _ => return self.err_invalid("argument does not fit its parameter", s.span),
                };
                vals.push(ArgVal::Value(v));
                continue;
            }
            vals.push(match (a, pty) {
                (Arg::Value(e), Type::Int(k)) => {
                    let v = self.eval(e, g)?;
                    ArgVal::Value(self.cast(v, e.ty, *k))
                }
                (Arg::Value(e), Type::Ptr(_)) if e.ty == IntKind::Ptr => {
                    ArgVal::Value(self.eval(e, g)?)
                }
                // An array passed to a pointer parameter: a pointer to its first element.
                (Arg::ArrayRef(place), Type::Ptr(_)) => match self.resolve_region(place, g)? {
                    Loc::Region(r) => ArgVal::Value(self.region_pointer(r, place.span)?),
                    Loc::Cell { .. } => {
                        return self.err_invalid("array argument is a scalar", place.span)
                    }
                },
                // A pointer passed to a parameter used as an array: the rest of its object.
                (Arg::Value(e), Type::ArrayRef(elem)) if e.ty == IntKind::Ptr => {
                    let pv = self.eval(e, g)?;
                    ArgVal::Region(self.pointer_region(pv, elem, g, e.span)?)
                }
                (Arg::ArrayRef(place), Type::ArrayRef(_) | Type::Array(..)) => {
                    match self.resolve_region(place, g)? {
                        Loc::Region(r) => ArgVal::Region(r),
                        Loc::Cell { .. } => {
                            return self.err_invalid("array argument is a scalar", place.span)
                        }
                    }
                }
                _ => return self.err_invalid("argument does not fit its parameter", s.span),
            });
        }
        let arg_deps = self.deps.clone();
        let my_dyn = self.cur_dyn;
        if self.active[func.index()] >= self.opts.max_inline_depth {
            let no = self.ts.not(g);
            self.hard(no, HardReason::RecursionUnwinding(s.id));
            self.guard = self.ts.ff();
            return Ok(());
        }
        self.rep.stats.calls_inlined += 1;
        self.push_frame(func)?;
        for (v, &p) in vals.into_iter().zip(&callee.params) {
            match v {
                ArgVal::Value(v) => {
                    self.deps.clone_from(&arg_deps);
                    self.bind_value(p, v, s.span)?;
                }
                ArgVal::Region(r) => self.bind_region(p, r, s.span)?,
            }
        }
        self.deps.clear();
        self.block(&callee.body)?;
        let end_guard = self.guard;
        let frame = self.pop_frame();
        self.cur_stmt = s.id;
        self.cur_dyn = my_dyn;
        self.guard = self.ts.or(frame.ret_guard, end_guard);
        if let Some(d) = dest {
            let Some(rk) = frame.ret_kind else {
                return self.err_invalid("the result of a void function is used", s.span);
            };
            let g = self.guard;
            if self.ts.is_false(g) {
                return Ok(());
            }
            let Some(&Binding::Obj(o)) = self.frame().locals.get(d.index()) else {
                return self.err_invalid("call destination without storage", s.span);
            };
            let dk = self.objects[o as usize].kind;
            let mut rv = self.cast(frame.ret_val, rk, dk);
            let mut init = frame.ret_init;
            if let Some((_, h)) = self.health(s) {
                rv = if dk == IntKind::Ptr {
                    self.relax_ptr(s, inst, 0, rv, g)?
                } else {
                    self.relax(s, inst, 0, rv, g)
                };
                // A relaxed call produces a value even where the callee fell off its end.
                let nh = self.ts.not(h);
                init = self.ts.or(nh, init);
            }
            self.deps.clear();
            self.deps.extend_from_slice(&frame.ret_defs);
            let at = self.ts.bv(IDX, 0);
            self.store_cell_init(o, at, rv, init, g, s, inst, DefKind::CallResult);
        }
        Ok(())
    }

    // ------------------------------------------------------------------ builtins

    fn builtin(&mut self, s: &'a Stmt, inst: u32, b: &'a Builtin) -> Res<()> {
        match b {
            Builtin::Math {
                dest,
                func,
                kind,
                args,
            } => self.math(s, inst, *dest, *func, *kind, args),
            Builtin::Atof { dest, arg } => self.atof(s, inst, *dest, arg),
            Builtin::Printf {
                stream,
                format,
                args,
                undefined,
            } => self.printf(s, inst, *stream, format, args, undefined.is_some()),
            Builtin::Putchar { stream, value } => {
                let g = self.guard;
                let from = self.out.cursor();
                let gh = self.written_guard(s, g);
                let v = self.eval(value, gh)?;
                if *stream == Stream::Stdout {
                    let b = self.ts.trunc(v, 8);
                    let h = self.out.byte(self.ts, gh, b);
                    self.hard(h, HardReason::Output(Some(s.id)));
                }
                self.relax_text(s, inst, *stream, g, from);
                Ok(())
            }
            Builtin::Puts(arg) => {
                let g = self.guard;
                let from = self.out.cursor();
                let gh = self.written_guard(s, g);
                let sv = self.read_str(arg, gh)?;
                self.emit_str(s, gh, sv)?;
                let h = self.out.literal(self.ts, gh, b"\n");
                self.hard(h, HardReason::Output(Some(s.id)));
                self.relax_text(s, inst, Stream::Stdout, g, from);
                Ok(())
            }
            Builtin::Scanf {
                format,
                targets,
                dest,
            } => self.scanf(s, inst, format, targets, *dest),
            Builtin::Getchar { dest } => self.getchar(s, inst, *dest),
            Builtin::Nondet { dest, ty } => self.nondet(s, inst, *dest, *ty),
            Builtin::Atoi { dest, arg } => self.atoi(s, inst, *dest, arg),
            Builtin::Str { func, dest, args } => self.str_call(s, inst, *func, *dest, args),
            Builtin::Fgets { buf, size, dest } => self.fgets(s, inst, buf, size.as_ref(), *dest),
            // The interpreter runs these exactly (`faultline_libc`'s renderer and scanner); the
            // formula does not model them yet, so a diagnosis is refused at the call.
            Builtin::Sprintf {
                buf,
                size,
                format,
                args,
                dest,
                undefined,
            } => {
                if undefined.is_some() {
                    return self.undefined_format(args);
                }
                self.sprintf(s, inst, buf, size.as_ref(), format, args, *dest)
            }
            Builtin::Strtol {
                dest,
                kind,
                arg,
                end,
                base,
            } => self.strtol(s, inst, *dest, *kind, arg, end.as_ref(), base),
            Builtin::Sscanf {
                src,
                format,
                targets,
                dest,
            } => self.sscanf(s, inst, src, format, targets, *dest),
            // Dynamic memory (`heap`); `ungetc` and output counts are refused there.
            Builtin::Lib { op, dest, args } => self.lib_call(s, inst, *op, *dest, args),
        }
    }

    fn printf(
        &mut self,
        s: &'a Stmt,
        inst: u32,
        stream: Stream,
        format: &'a [FmtPiece],
        args: &'a [PrintArg],
        undefined: bool,
    ) -> Res<()> {
        let g0 = self.guard;
        let from = self.out.cursor();
        // As written where healthy; the text relaxation follows.
        let g = self.written_guard(s, g0);
        // C evaluates every argument before printing anything.
        let mut ints: Vec<(TermId, IntKind)> = Vec::new();
        let mut strs: Vec<StrVal> = Vec::new();
        for (i, a) in args.iter().enumerate() {
            match a {
                PrintArg::Int(e) => {
                    let v = self.eval(e, g)?;
                    ints.push((v, e.ty));
                }
                PrintArg::Str(sa) => {
                    // `%.Ns` reads at most N bytes (the conversions match the arguments one
                    // to one).
                    let limit = format
                        .iter()
                        .filter_map(|p| match p {
                            FmtPiece::Conv(c) => Some(c),
                            _ => None,
                        })
                        .nth(i)
                        .filter(|c| c.kind == ConvKind::Str)
                        .and_then(|c| c.precision)
                        .map(|p| p as usize);
                    strs.push(self.read_str_upto(sa, g, limit)?)
                }
            }
        }
        let checked = stream == Stream::Stdout && self.out.checked;
        if undefined {
            // A conversion its argument does not fit (`FormatMismatch`): reaching the call
            // as written is undefined behaviour, as in the interpreter; relaxed, it prints
            // any text.
            let ff = self.ts.ff();
            self.ub(g, ff);
            if checked {
                self.relax_text(s, inst, stream, g0, from);
            }
            return Ok(());
        }
        if !checked {
            return Ok(());
        }
        let mut lit: Vec<u8> = Vec::new();
        let (mut ii, mut si) = (0usize, 0usize);
        let mut strs = strs.into_iter();
        for piece in format {
            match piece {
                FmtPiece::Lit(t) => lit.extend_from_slice(t.as_bytes()),
                FmtPiece::Conv(spec) if spec.kind == ConvKind::Str => {
                    si += 1;
                    match strs.next() {
                        Some(StrVal::Concrete(b)) => {
                            printf::render(&mut lit, spec, FmtArg::Str(&b))
                        }
                        Some(sym @ StrVal::Symbolic(_)) => {
                            self.flush(s, g, &mut lit);
                            self.emit_str_padded(s, g, sym, spec.width, spec.precision, spec.left);
                        }
                        None => {
                            return self
                                .err_invalid(format!("printf lacks string argument {si}"), s.span)
                        }
                    }
                }
                FmtPiece::Conv(spec) if matches!(spec.kind, ConvKind::Float(_)) => {
                    let Some(&(v, ty)) = ints.get(ii) else {
                        return self.err_invalid("printf lacks a floating argument", s.span);
                    };
                    ii += 1;
                    let v = self.cast(v, ty, IntKind::Double);
                    match self.ts.as_const(v) {
                        Some(c) => printf::render(&mut lit, spec, FmtArg::Int(c as i128)),
                        None => {
                            self.flush(s, g, &mut lit);
                            let h = self.out.float(self.ts, g, spec, v);
                            self.hard(h, HardReason::Output(Some(s.id)));
                        }
                    }
                }
                FmtPiece::Conv(spec) => {
                    let Some(&(v, ty)) = ints.get(ii) else {
                        return self.err_invalid("printf lacks an integer argument", s.span);
                    };
                    ii += 1;
                    let k = printf::int_kind(spec);
                    let v = self.cast(v, ty, k);
                    match self.ts.as_const(v) {
                        Some(c) => {
                            let n = if k.is_signed() {
                                crate::term::to_signed(c, k.bits())
                            } else {
                                c as i128
                            };
                            printf::render(&mut lit, spec, FmtArg::Int(n));
                        }
                        None => {
                            self.flush(s, g, &mut lit);
                            let h = self.out.int(self.ts, g, spec, v);
                            self.hard(h, HardReason::Output(Some(s.id)));
                        }
                    }
                }
            }
        }
        self.flush(s, g, &mut lit);
        self.relax_text(s, inst, stream, g0, from);
        Ok(())
    }

    /// A `sprintf` call with a conversion its argument does not fit (`FormatMismatch`): its
    /// arguments evaluated (their own undefined behaviour first, as in the interpreter),
    /// then undefined behaviour wherever the call is reached.
    fn undefined_format(&mut self, args: &'a [PrintArg]) -> Res<()> {
        let g = self.guard;
        for a in args {
            match a {
                PrintArg::Int(e) => {
                    self.eval(e, g)?;
                }
                PrintArg::Str(sa) => {
                    self.read_str_upto(sa, g, None)?;
                }
            }
        }
        let ff = self.ts.ff();
        self.ub(g, ff);
        Ok(())
    }

    /// The guard under which output statement `s` prints as written: `g` and healthy.
    fn written_guard(&mut self, s: &Stmt, g: TermId) -> TermId {
        match self.health(s) {
            Some((_, h)) => self.ts.and(g, h),
            None => g,
        }
    }

    /// Relax output statement `s` (instance `inst`, executed under `g`, the cursor `from`
    /// before it): where unhealthy it prints any text, including nothing
    /// ([`OutModel::jump`]); a relaxation point records where the cursor goes.
    fn relax_text(
        &mut self,
        s: &Stmt,
        inst: u32,
        stream: Stream,
        g: TermId,
        from: (TermId, TermId),
    ) {
        if stream != Stream::Stdout || !self.out.checked {
            return;
        }
        let Some((c, h)) = self.health(s) else {
            return;
        };
        let nh = self.ts.not(h);
        let gu = self.ts.and(g, nh);
        if self.ts.is_false(gu) {
            return;
        }
        let (free, to) = self.ts.fresh(Sort::Bv(32));
        let (_, to_pend) = self.ts.fresh(Sort::Bool);
        let hard = self.out.jump(self.ts, gu, to, to_pend);
        self.hard(hard, HardReason::Output(Some(s.id)));
        self.rep.relax_points.push(RelaxPoint {
            component: c,
            stmt: s.id,
            expr: None,
            instance: inst,
            slot: 0,
            free,
            value: to,
            original: from.0,
            guard: g,
            dyn_instance: self.cur_dyn,
            text: Some(crate::spec::TextPoint {
                from: from.0,
                from_pend: from.1,
                to_pend,
            }),
        });
    }

    fn flush(&mut self, s: &Stmt, g: TermId, lit: &mut Vec<u8>) {
        if lit.is_empty() {
            return;
        }
        let h = self.out.literal(self.ts, g, lit);
        self.hard(h, HardReason::Output(Some(s.id)));
        lit.clear();
    }

    /// Emit a string operand to stdout (without a newline).
    fn emit_str(&mut self, s: &Stmt, g: TermId, sv: StrVal) -> Res<()> {
        self.emit_str_padded(s, g, sv, None, None, false);
        Ok(())
    }

    /// Emit a string operand as `%[-][width][.precision]s` does: at most `precision` bytes up to
    /// the NUL, padded with spaces to `width`. For a computed string the length is a term, and
    /// each padding space is emitted under "length + j < width".
    fn emit_str_padded(
        &mut self,
        s: &Stmt,
        g: TermId,
        sv: StrVal,
        width: Option<u32>,
        precision: Option<u32>,
        left: bool,
    ) {
        let cells = match sv {
            StrVal::Concrete(b) => {
                let spec = faultline_ir::format::ConvSpec {
                    left,
                    width,
                    precision,
                    ..faultline_ir::format::ConvSpec::plain(ConvKind::Str)
                };
                let mut out = Vec::new();
                printf::render(&mut out, &spec, FmtArg::Str(&b));
                let h = self.out.literal(self.ts, g, &out);
                self.hard(h, HardReason::Output(Some(s.id)));
                return;
            }
            StrVal::Symbolic(cells) => cells,
        };
        let limit = precision.map_or(cells.len(), |p| (p as usize).min(cells.len()));
        let mut alive = g;
        let mut chars = Vec::with_capacity(limit);
        let mut len = self.ts.bv(32, 0);
        for &(b, _) in &cells[..limit] {
            if self.ts.is_false(alive) {
                break;
            }
            let nz = self.ts.nonzero(b);
            alive = self.ts.and(alive, nz);
            chars.push((alive, b));
            let one = self.ts.bool_to_bv(alive, 32);
            len = self.ts.add(len, one);
        }
        let width = width.unwrap_or(0);
        if !left {
            self.pad(s, g, len, width);
        }
        for (e, b) in chars {
            let h = self.out.byte(self.ts, e, b);
            self.hard(h, HardReason::Output(Some(s.id)));
        }
        if left {
            self.pad(s, g, len, width);
        }
    }

    /// `width - len` spaces (none when `len >= width`).
    fn pad(&mut self, s: &Stmt, g: TermId, len: TermId, width: u32) {
        let w = self.ts.bv(32, width as u128);
        for j in 0..width {
            let jt = self.ts.bv(32, j as u128);
            let at = self.ts.add(len, jt);
            let short = self.ts.ult(at, w);
            let gj = self.ts.and(g, short);
            let h = self.out.literal(self.ts, gj, b" ");
            self.hard(h, HardReason::Output(Some(s.id)));
        }
    }

    /// Read a string operand up to its NUL, checking that the cells read are initialized and
    /// that a NUL comes within the array.
    pub(crate) fn read_str(&mut self, arg: &StrArg, g: TermId) -> Res<StrVal> {
        self.read_str_upto(arg, g, None)
    }

    /// [`Self::read_str`] reading at most `limit` bytes (`%.3s`: no NUL needed within them),
    /// as the interpreter does.
    pub(crate) fn read_str_upto(
        &mut self,
        arg: &StrArg,
        g: TermId,
        limit: Option<usize>,
    ) -> Res<StrVal> {
        let cap = |mut b: Vec<u8>| {
            if let Some(l) = limit {
                b.truncate(l);
            }
            b
        };
        let (loc, span) = match arg {
            StrArg::Literal(t) => return Ok(StrVal::Concrete(cap(t.as_bytes().to_vec()))),
            StrArg::Array(p) => (self.resolve_region(p, g)?, p.span),
            StrArg::Ptr(e) => (self.str_ptr_loc(e, g)?, e.span),
        };
        let mut bound = None;
        let (obj, start, len) = match loc {
            Loc::Region(Region::ArgvRow(row)) => {
                if let (Some(r), false) = (self.ts.as_const(row), self.argv_written) {
                    let row = self.argv_text.get(r as usize).copied().unwrap_or_default();
                    return Ok(StrVal::Concrete(cap(row.to_vec())));
                }
                let cols = self.objects[self.argv as usize].dims[1];
                let c = self.ts.bv(IDX, cols as u128);
                let start = self.ts.mul(row, c);
                (self.argv, start, cols)
            }
            Loc::Region(Region::Mem { obj, start, len }) => match self.ts.as_const(len) {
                Some(l) => (obj, start, l as u64),
                // A symbolic length (a heap block's size, a pointer moved by a relaxed
                // amount): at most the whole object, cells past it out of bounds.
                None if obj != self.argv => {
                    bound = Some(len);
                    (obj, start, self.objects[obj as usize].size as u64)
                }
                None => {
                    return Err(SymexError::Unsupported {
                        message: "a string in an array of symbolic length".into(),
                        span,
                    })
                }
            },
            _ => return self.err_invalid("string operand is not an array", span),
        };
        // With a precision within the array, only that many cells are read.
        let bounded = limit.is_some_and(|l| l as u64 <= len);
        let len = limit.map_or(len, |l| len.min(l as u64));
        let mut cells = Vec::with_capacity(len as usize);
        for k in 0..len {
            let kt = self.ts.bv(IDX, k as u128);
            let at = self.ts.add(start, kt);
            let (v, init) = self.read_cell(obj, at);
            let init = match bound {
                Some(b) => {
                    let inb = self.ts.ult(kt, b);
                    self.ts.and(init, inb)
                }
                None => init,
            };
            cells.push((v, init));
        }
        // The checks, valid for both the concrete and the symbolic case: reading cell k happens
        // when no NUL came before it.
        let mut alive = g;
        let mut concrete = Some(Vec::new());
        for &(b, init) in &cells {
            if self.ts.is_false(alive) {
                break;
            }
            self.ub(alive, init);
            let nz = self.ts.nonzero(b);
            alive = self.ts.and(alive, nz);
            match (self.ts.as_const(b), concrete.as_mut()) {
                (Some(0), _) => {}
                (Some(x), Some(c)) => c.push(x as u8),
                _ => concrete = None,
            }
            if self.ts.as_const(b) == Some(0) {
                break;
            }
        }
        if !bounded {
            let nul_missing = self.ts.not(alive);
            self.ub(alive, nul_missing);
        }
        Ok(match concrete {
            Some(c) => StrVal::Concrete(c),
            None => StrVal::Symbolic(cells),
        })
    }
}
