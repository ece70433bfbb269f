//! What a replica is built from (the test and the options) and what comes out of it.

use std::collections::HashMap;
use std::fmt;

use faultline_ir::{FuncId, GlobalId, LocalId, Span, StmtId};

use crate::components::ComponentId;
use crate::term::{FreeId, TermId, TermStore};

/// Where the test starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    Main,
    /// A `void test_*(void)` unit test.
    Function(FuncId),
}

/// How expected and actual standard output are compared (as the runner does).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Compare {
    /// Whitespace-separated tokens must be equal.
    #[default]
    Tokens,
    /// Byte-for-byte.
    Exact,
}

/// The behaviour the test demands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// A unit test: no failed `assert` and no undefined behaviour (the exit code is not checked,
    /// as in the runner).
    Unit,
    /// An IO test: besides no failed `assert` and no undefined behaviour, the standard output
    /// (when given) and the exit code (low 8 bits of `main`'s result or `exit`'s argument).
    Io {
        stdout: Option<Vec<u8>>,
        compare: Compare,
        exit_code: i32,
    },
}

/// One test to execute symbolically.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplicaSpec {
    pub entry: Entry,
    /// `argv[0]`.
    pub program_name: String,
    /// `argv[1..]`.
    pub args: Vec<String>,
    pub stdin: Vec<u8>,
    /// Values of successive `__VERIFIER_nondet_*` calls.
    pub nondet: Vec<i128>,
    pub expected: Expected,
}

/// Bounds and switches of the executor.
#[derive(Clone, Debug)]
pub struct SymexOptions {
    /// Iterations unrolled per loop entry unless `loop_unwind` says otherwise; a path still in
    /// the loop after them is excluded by a hard "unwinding assertion".
    pub unwind: u32,
    /// Per-loop bounds, keyed by the `Loop` statement.
    pub loop_unwind: HashMap<StmtId, u32>,
    /// Simultaneously active inlined instances of one function; a deeper call on a feasible path
    /// is excluded by a hard constraint.
    pub max_inline_depth: u32,
    /// Replace every health literal by constant true (the program as written): with concrete
    /// inputs everything folds to constants. The oracle tests use this.
    pub all_healthy_constant: bool,
    /// When set, only these components are relaxed: every other one is healthy (constant true),
    /// so the replica folds except where the listed components' values flow. The diagnosis uses
    /// it to check cheaply whether a candidate explains a test.
    pub relax_only: Option<std::collections::BTreeSet<crate::ComponentId>>,
    /// Expressions relaxed as components of their own (CFaults' refinement of a blamed
    /// statement into its sub-expressions): wherever one is evaluated, its value is
    /// `ite(Health(id), as_written, free)`. The ids must not collide with statement components
    /// (the diagnosis numbers them after [`Components::len`](crate::Components::len)).
    pub relax_exprs: Option<std::sync::Arc<HashMap<faultline_ir::ExprId, crate::ComponentId>>>,
    /// Leave the signed-overflow checks of multiplications out of [`Replica::hard`] and put
    /// them in [`Replica::deferred`]. With two symbolic operands the check needs a
    /// double-width product (a third of a TCAS replica); a diagnosis can solve without it and
    /// add it back only if a candidate's validation overflows.
    pub defer_mul_overflow: bool,
    /// The test's data enter as free values, listed in [`Replica::params`] with the values
    /// the test gives them, instead of as constants: the numbers `atoi` reads from `argv`,
    /// `scanf` and `getchar` read from stdin, the `__VERIFIER_nondet_*` values, and the
    /// numbers a printed integer may be in the expected output. Tests that differ only in
    /// those values then get the same formula (compare with [`Replica::same_formula`]), which
    /// one SAT solver can answer for all of them with the values as assumptions. Where the
    /// data shape the execution (input positions, text lengths, `argc`), they stay constants,
    /// and such tests get different formulas.
    pub parametric: bool,
    /// Give up (with [`SymexError::TooLarge`]) when the term store grows beyond this.
    pub max_terms: usize,
    /// Give up (with [`SymexError::Stopped`]) once this instant has passed…
    pub deadline: Option<std::time::Instant>,
    /// …or once this flag is set (the editor saved again).
    pub cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// The interpreter's heap limit (`faultline_interp::Limits::max_heap_bytes`, the
    /// suite's `[limits] max_heap_mb`): live allocations past it, or typed cells past it over
    /// [`HEAP_BYTES_PER_CELL`], end the run there as in the interpreter (`symex::heap`).
    pub max_heap_bytes: u64,
}

/// The interpreter's default heap limit (`faultline_interp::MAX_HEAP_BYTES`; this crate does
/// not depend on the interpreter: `tests/heap_limit.rs` checks the two agree).
pub const DEFAULT_MAX_HEAP_BYTES: u64 = 1 << 30;
/// C bytes per interpreter cell of the heap's cell limit (`faultline_interp::HEAP_BYTES_PER_CELL`).
pub const HEAP_BYTES_PER_CELL: u64 = 64;

impl SymexOptions {
    /// Whether the deadline passed or cancellation was requested.
    pub fn stopped(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
            || self
                .deadline
                .is_some_and(|d| std::time::Instant::now() >= d)
    }
}

impl Default for SymexOptions {
    fn default() -> Self {
        SymexOptions {
            unwind: 64,
            loop_unwind: HashMap::new(),
            max_inline_depth: 16,
            all_healthy_constant: false,
            relax_only: None,
            relax_exprs: None,
            defer_mul_overflow: false,
            parametric: false,
            max_terms: 20_000_000,
            deadline: None,
            cancel: None,
            max_heap_bytes: DEFAULT_MAX_HEAP_BYTES,
        }
    }
}

/// Why symbolic execution could not produce a replica.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SymexError {
    /// A construct the encoding does not model (yet).
    Unsupported { message: String, span: Span },
    /// The IR violates an invariant (a lowering bug, not the user's).
    InvalidIr { message: String, span: Span },
    /// The formula outgrew [`SymexOptions::max_terms`].
    TooLarge { terms: usize },
    /// The deadline passed or cancellation was requested.
    Stopped,
}

impl fmt::Display for SymexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SymexError::Unsupported { message, .. } => write!(f, "unsupported: {message}"),
            SymexError::InvalidIr { message, .. } => write!(f, "invalid IR: {message}"),
            SymexError::TooLarge { terms } => {
                write!(f, "the formula is too large ({terms} terms)")
            }
            SymexError::Stopped => write!(f, "stopped (timeout or cancellation)"),
        }
    }
}

impl std::error::Error for SymexError {}

/// Why a hard constraint exists (for explanations and debugging).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HardReason {
    Assert(StmtId),
    Assume(StmtId),
    /// Undefined behaviour in the statement (overflow, division by zero, bad shift, bounds,
    /// uninitialized read, missing return value, nondet exhausted).
    Ub(StmtId),
    /// A loop ran longer than its unwinding bound.
    LoopUnwinding(StmtId),
    /// A call nested deeper than the inlining bound.
    RecursionUnwinding(StmtId),
    /// An allocation (or the first typed access to a block) past the heap limit
    /// ([`SymexOptions::max_heap_bytes`]): the interpreter ends the run there.
    HeapLimit(StmtId),
    /// What the formula does not model beyond the healthy run, pinned to it at the statement
    /// (`Engine::pin`: a library call's argument or text a relaxed value could change, a heap
    /// block larger than the healthy run's): sound, not complete. Not undefined behaviour.
    Pinned(StmtId),
    /// Standard output must match the expected text (per print, and at the end).
    Output(Option<StmtId>),
    /// The exit code must be the expected one.
    ExitCode,
}

/// An SSA definition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SsaId(pub u32);

impl SsaId {
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A variable instance: one per global, per `argv`, and per local of each inlined call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VarOrigin {
    Global(GlobalId),
    Local(FuncId, LocalId),
    Argv,
    /// A block a `malloc`/`calloc`/`realloc` call allocated (one per execution of the call).
    Heap(StmtId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VarInfo {
    pub origin: VarOrigin,
    /// Inlining depth of the frame (0 for globals, `argv` and the entry function).
    pub depth: u32,
    /// Scalar cells (1 for a scalar).
    pub cells: u32,
}

/// A scalar cell of a variable (`cell` is the row-major index; `None`: the write went to a
/// symbolic index and may have hit any cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VarCell {
    pub var: VarId,
    pub cell: Option<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefKind {
    /// A store by an assignment or an input statement.
    Assign,
    /// A parameter bound at a call.
    Param,
    /// A call's destination receiving the result.
    CallResult,
    /// The value a `return` sends (no variable).
    Return,
    /// The value of a condition (no variable): the control dependence of what it guards.
    Cond,
    /// The merge of a variable's values at the join of an `if`.
    Phi,
}

/// One SSA definition: `var := value` at a statement instance, under `guard`.
///
/// Stores are *guarded writes*: the value term already is `ite(guard, new, old)`, so the phi
/// records at joins carry no new term; they exist so that a dependency graph can be built from
/// the records alone (`deps` are data dependencies, `ctrl` the innermost enclosing condition).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SsaDef {
    pub id: SsaId,
    pub kind: DefKind,
    pub var: Option<VarCell>,
    pub stmt: Option<StmtId>,
    /// Static occurrence of `stmt` in this replica (equal to the interpreter's dynamic instance
    /// along the concrete run when control is concrete).
    pub instance: u32,
    /// The value the variable holds after the definition.
    pub value: TermId,
    pub guard: TermId,
    /// Range into [`Replica::dep_pool`].
    pub deps_start: u32,
    pub deps_len: u32,
    pub ctrl: Option<SsaId>,
}

/// A relaxation point: a dynamic instance of a component whose value is
/// `ite(Health(component), original, Free(free))`. A model's value of `free` (when the component
/// is unhealthy) is the angelic value of this instance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RelaxPoint {
    pub component: ComponentId,
    pub stmt: StmtId,
    /// Set when the relaxed thing is an expression of `stmt` ([`SymexOptions::relax_exprs`]);
    /// `dyn_instance` then counts the expression's evaluations, as the interpreter's
    /// expression overrides do.
    pub expr: Option<faultline_ir::ExprId>,
    /// Static occurrence of `stmt` in this replica; with concrete control flow, exactly the
    /// interpreter's trace instance.
    pub instance: u32,
    /// Position in the interpreter's trace event `values` (printf argument, scanf target…).
    pub slot: u32,
    pub free: FreeId,
    /// The effective value (booleans for conditions, the arm index for a switch).
    pub value: TermId,
    /// The value as written.
    pub original: TermId,
    /// When this instance executes.
    pub guard: TermId,
    /// The interpreter's dynamic instance along the path the model takes: a 32-bit term
    /// counting earlier executions of `stmt` whose guard held.
    pub dyn_instance: TermId,
    /// Set for an output statement: what it prints is text, not a value. `value` (= the
    /// free value) is then the output cursor's offset after it, into
    /// [`Replica::output_text`], where the statement does not print as written.
    pub text: Option<TextPoint>,
}

/// Where the output cursor stood before a relaxed output statement, and the pending-whitespace
/// flag after it: the statement should have printed the expected text between the two
/// offsets ([`crate::text_between`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextPoint {
    /// 32-bit offset into [`Replica::output_text`].
    pub from: TermId,
    /// Boolean: whitespace was pending (token comparison).
    pub from_pend: TermId,
    /// Boolean: whitespace is pending after the statement.
    pub to_pend: TermId,
}

/// Counters of one symbolic execution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SymexStats {
    /// Statements executed symbolically (static unrolled occurrences).
    pub steps: u64,
    /// Terms created by this replica.
    pub new_terms: usize,
    pub calls_inlined: u32,
    pub loop_iterations: u32,
}

/// A located remark about how faithful a replica is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymexNote {
    pub span: faultline_ir::Span,
    pub message: String,
}

/// The SSA equation of one test.
#[derive(Clone, Debug, Default)]
pub struct Replica {
    /// Where the formula approximates the program (a `math.h` function other than the exact
    /// ones, with symbolic arguments, is a fresh value): reported to the user.
    pub notes: Vec<SymexNote>,
    /// Constraints that must all be true (booleans).
    pub hard: Vec<TermId>,
    /// Why each hard constraint exists, parallel to `hard`.
    pub hard_reasons: Vec<HardReason>,
    pub relax_points: Vec<RelaxPoint>,
    /// Constraints left out of `hard` ([`SymexOptions::defer_mul_overflow`]): `guard → no
    /// overflow` per multiplication.
    pub deferred: Vec<TermId>,
    pub ssa_defs: Vec<SsaDef>,
    pub dep_pool: Vec<SsaId>,
    pub vars: Vec<VarInfo>,
    /// The test's data as free values ([`SymexOptions::parametric`]; empty otherwise), in
    /// the order the execution read them.
    pub params: Vec<Param>,
    /// The expected standard output as the output cursor indexes it
    /// ([`crate::cursor_text`]); the text relaxation points ([`RelaxPoint::text`]) are offsets
    /// into it.
    pub output_text: Vec<u8>,
    /// Whether standard output is compared by tokens.
    pub output_tokens: bool,
    pub stats: SymexStats,
    /// The relaxation points whose values are pointers (`symex::pointer`): how to read and
    /// show their angelic values.
    pub pointers: Vec<PointerPoint>,
}

/// A relaxed component whose value is a pointer: where unhealthy it points into the object its
/// expression points to, at a free offset, or is null (`symex::pointer`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PointerPoint {
    /// Index into [`Replica::relax_points`].
    pub relax_point: usize,
    /// 64-bit term: the identity of the object the effective value points into (0: null).
    pub pid: TermId,
    /// 64-bit term: the effective value's offset in scalar cells, signed.
    pub offset: TermId,
    /// The objects it may point into.
    pub objects: Vec<PointerObject>,
}

/// An object a relaxed pointer may point into.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PointerObject {
    pub pid: u32,
    /// The variable's name as the user wrote it (empty for an object that no longer exists).
    pub name: String,
    /// Its dimensions (empty for a scalar).
    pub dims: Vec<u64>,
    /// For an object the pointer does not point into as written (another variable that
    /// exists at that point): the variable, as the interpreter's override names it
    /// (`faultline_interp::pointer_object_override`).
    pub target: Option<PointerTarget>,
}

/// A variable a relaxed pointer may be moved into: a global, a local of the call that
/// computes the pointer, or another heap block that exists there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointerTarget {
    Global(faultline_ir::GlobalId),
    Local(faultline_ir::LocalId),
    /// The `block`-th block the healthy run allocates (the interpreter's number), allocated
    /// by statement `stmt`.
    Heap {
        block: u32,
        stmt: faultline_ir::StmtId,
    },
}

impl PointerPoint {
    /// A pointer value as C text: `NULL`, `&x`, `&a[2]`, `&m[1][0]`, `a + 5` (one past the
    /// end), or `pointer (object N, offset K)` for an object it does not know.
    pub fn render(&self, pid: u64, offset: i64) -> String {
        render_pointer(&self.objects, pid, offset)
    }
}

/// See [`PointerPoint::render`].
pub fn render_pointer(objects: &[PointerObject], pid: u64, offset: i64) -> String {
    if pid == 0 {
        return if offset == 0 {
            "NULL".into()
        } else {
            format!("NULL + {offset}")
        };
    }
    let Some(o) = objects
        .iter()
        .find(|o| o.pid as u64 == pid && !o.name.is_empty())
    else {
        return format!("pointer (object {pid}, offset {offset})");
    };
    let size: u64 = o.dims.iter().product();
    if o.dims.is_empty() {
        return match offset {
            0 => format!("&{}", o.name),
            k => format!("&{} + {k}", o.name),
        };
    }
    if offset < 0 || offset as u64 >= size {
        return match offset {
            k if k < 0 => format!("{} - {}", o.name, -k),
            k => format!("{} + {k}", o.name),
        };
    }
    let mut rest = offset as u64;
    let mut idx = String::new();
    for j in 0..o.dims.len() {
        let stride: u64 = o.dims[j + 1..].iter().product();
        idx.push_str(&format!("[{}]", rest / stride.max(1)));
        rest %= stride.max(1);
    }
    format!("&{}{idx}", o.name)
}

/// One datum of the test, a free value in a parametric replica: the replica is the test's
/// only where `term` equals `value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    pub term: TermId,
    /// Zero-extended to the term's width.
    pub value: u128,
}

impl Replica {
    /// The data dependencies of a definition.
    pub fn deps(&self, d: &SsaDef) -> &[SsaId] {
        let s = d.deps_start as usize;
        &self.dep_pool[s..s + d.deps_len as usize]
    }

    /// A readable name of a variable cell: `name`, `name[k]` (row-major cell), or `name[?]`
    /// for a write at a symbolic index; locals of inlined calls get `@depth`.
    pub fn var_name(&self, program: &faultline_ir::Program, v: VarCell) -> String {
        let Some(info) = self.vars.get(v.var.0 as usize) else {
            return "?".into();
        };
        let base = match info.origin {
            VarOrigin::Global(g) => program
                .globals
                .get(g.index())
                .map_or_else(|| "?".into(), |g| g.name.clone()),
            VarOrigin::Local(f, l) => {
                let name = program
                    .functions
                    .get(f.index())
                    .and_then(|f| f.locals.get(l.index()))
                    .map_or("?", |d| d.name.as_str());
                format!("{name}@{}", info.depth)
            }
            VarOrigin::Argv => "argv".into(),
            VarOrigin::Heap(s) => format!("heap#{}", s.0),
        };
        match v.cell {
            Some(0) if info.cells == 1 => base,
            Some(k) => format!("{base}[{k}]"),
            None => format!("{base}[?]"),
        }
    }

    /// The conjunction of all hard constraints.
    pub fn all_hard(&self, store: &mut TermStore) -> TermId {
        store.and_all(self.hard.iter().copied())
    }

    /// Whether `self` (in `store`) and `other` (in `other_store`) have the same formula up to
    /// the values of their [`Replica::params`]: the same hard constraints, relaxation points
    /// and parameters, pairwise, as term DAGs (see [`TermStore::same_dags`]). If so, the
    /// formula of one with its parameters fixed to the other's values is the other's.
    pub fn same_formula(
        &self,
        store: &TermStore,
        other: &Replica,
        other_store: &TermStore,
    ) -> bool {
        let lengths = self.hard.len() == other.hard.len()
            && self.relax_points.len() == other.relax_points.len()
            && self.params.len() == other.params.len();
        let points = self
            .relax_points
            .iter()
            .zip(&other.relax_points)
            .all(|(a, b)| {
                (a.component, a.stmt, a.expr, a.instance, a.slot)
                    == (b.component, b.stmt, b.expr, b.instance, b.slot)
            });
        if !lengths || !points {
            return false;
        }
        let roots = |r: &Replica, store: &TermStore| -> Vec<TermId> {
            let mut v = r.hard.clone();
            v.extend(r.params.iter().map(|p| p.term));
            for p in &r.relax_points {
                if let Some(t) = p.text {
                    v.extend([t.from, t.from_pend, t.to_pend]);
                }
                v.extend([
                    p.value,
                    p.original,
                    p.guard,
                    p.dyn_instance,
                    store.free_term(p.free),
                ]);
            }
            v
        };
        store.same_dags(&roots(self, store), other_store, &roots(other, other_store))
    }
}
