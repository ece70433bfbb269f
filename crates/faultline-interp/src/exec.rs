//! The executor: runs a [`Prepared`] program with an explicit call stack.
//!
//! Memory is two arenas of `i128` cells: the stack (frames of all active calls, each holding its
//! locals flattened at precomputed offsets) and the globals. Array parameters hold an encoded
//! reference to a region of either arena (or of `argv`), so writes through them reach the
//! caller's array and bounds are checked against the referenced object.

use faultline_ir::format::{ConvKind, FmtPiece, FormatMismatch};
use faultline_ir::{
    float, Arg, BinOp, Builtin, Expr, ExprKind, FuncId, IntKind, LibOp, LocalId, LogicOp, Place,
    PrintArg, Span, Stmt, StmtId, StmtKind, StrArg, StrFn, StrOperand, Stream, VarRef,
};

use crate::options::{Entry, Input, RunOptions, Unwinding};
use crate::outcome::{AssertSides, Fault, Outcome, Res, RuntimeErrorKind};
use crate::overrides::Overrides;
use crate::prepare::{FuncCode, Op, Prepared, StructLayout, VarLayout};
use crate::stop::{Stop, CHECK_EVERY};
use crate::trace::{Coverage, Recorder};
use crate::value::{arith, is_value, MISSING_RETURN, UNINIT};
use crate::Run;
use std::sync::Arc;

/// Cells the stack arena may hold (16 bytes each): far more than gcc's 8 MiB stack allows, so
/// only runaway programs hit it.
const MAX_STACK_CELLS: usize = 1 << 23;
/// Bytes of stdout plus stderr before the run is stopped.
const MAX_OUTPUT: usize = 64 << 20;
/// Cells the heap may hold at once by default (16 bytes each: 256 MiB of the interpreter's
/// memory): an allocation beyond it ends the run with [`RuntimeErrorKind::HeapLimit`], like
/// the stack. A run's cell limit is its byte limit ([`crate::Limits::max_heap_bytes`]) over
/// [`HEAP_BYTES_PER_CELL`], so the two defaults agree.
pub const MAX_HEAP_CELLS: u64 = MAX_HEAP_BYTES / HEAP_BYTES_PER_CELL;
/// Bytes all live allocations may add up to by default (C's bytes, before cells are typed):
/// `faultline.toml`'s `[limits] max_heap_mb` sets it per suite.
pub const MAX_HEAP_BYTES: u64 = 1 << 30;
/// C bytes of heap per cell the interpreter may hold: a cell costs 16 bytes whatever its
/// type, so a `char` heap of the byte limit would cost 16 times the limit; 64 keeps the
/// interpreter's heap at a quarter of the C heap's size.
pub const HEAP_BYTES_PER_CELL: u64 = 64;
/// Allocations one run may make (ids are never reused, so a use after free is always caught).
const MAX_HEAP_OBJECTS: usize = 1 << 22;

/// The object a pointer points into. Stack objects are whole local variables of one call
/// (identified by the call's serial, so that a pointer that outlives its call is caught), global
/// objects whole global variables; `argv` is modelled apart (its rows, and the bytes of a row).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PtrObj {
    Null,
    Stack {
        start: usize,
        len: u64,
        serial: u32,
    },
    Global {
        start: usize,
        len: u64,
    },
    /// All of `argv` (`char *argv[]`): the offset counts rows.
    ArgvAll,
    /// One `argv` string: the offset counts bytes.
    ArgvRow(usize),
    /// A `malloc`/`calloc`/`realloc` block, by allocation number (never reused in a run).
    Heap(u32),
}

/// A pointer value (also what an array parameter holds): an object and an offset in scalar
/// cells from its start. Encoded into one `i128` so that memory stays a flat run of cells:
/// offset in bits 0..40 (two's complement), start in 40..68, length (cells) in 68..96, call
/// serial in 96..120, kind in 120..124. Null is 0 (offset 0, kind 0); null plus an offset is
/// kind 0 with that offset, never dereferenceable. Always non-negative, so never a marker; the
/// encoding is canonical, so pointer equality is equality of encodings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pointer {
    obj: PtrObj,
    off: i64,
}

const OFF_BITS: u32 = 40;
const OFF_MASK: i128 = (1 << OFF_BITS) - 1;
const FIELD28: i128 = (1 << 28) - 1;
const SERIAL_MASK: u32 = (1 << 24) - 1;

impl Pointer {
    fn new(obj: PtrObj, off: i64) -> Pointer {
        Pointer { obj, off }
    }

    fn encode(self) -> i128 {
        let (tag, start, len, serial): (i128, i128, i128, i128) = match self.obj {
            PtrObj::Null => (0, 0, 0, 0),
            PtrObj::Stack { start, len, serial } => (
                1,
                start as i128,
                len as i128,
                (serial & SERIAL_MASK) as i128,
            ),
            PtrObj::Global { start, len } => (2, start as i128, len as i128, 0),
            PtrObj::ArgvAll => (3, 0, 0, 0),
            PtrObj::ArgvRow(r) => (4, r as i128, 0, 0),
            PtrObj::Heap(id) => (5, id as i128, 0, 0),
        };
        (tag << 120)
            | (serial << 96)
            | ((len & FIELD28) << 68)
            | ((start & FIELD28) << 40)
            | (self.off as i128 & OFF_MASK)
    }

    fn decode(v: i128) -> Option<Pointer> {
        if !is_value(v) || v < 0 {
            return None;
        }
        let raw_off = (v & OFF_MASK) as i64;
        let off = (raw_off << (64 - OFF_BITS)) >> (64 - OFF_BITS);
        let start = ((v >> 40) & FIELD28) as usize;
        let len = ((v >> 68) & FIELD28) as u64;
        let serial = ((v >> 96) & (SERIAL_MASK as i128)) as u32;
        let obj = match v >> 120 {
            0 => PtrObj::Null,
            1 => PtrObj::Stack { start, len, serial },
            2 => PtrObj::Global { start, len },
            3 => PtrObj::ArgvAll,
            4 => PtrObj::ArgvRow(start),
            5 => PtrObj::Heap(start as u32),
            _ => return None,
        };
        Some(Pointer { obj, off })
    }

    /// `self + delta` cells; `None` past what an offset can hold.
    fn add(self, delta: i128) -> Option<Pointer> {
        let off = self.off as i128 + delta;
        let lim = 1i128 << (OFF_BITS - 1);
        (-lim..lim).contains(&off).then_some(Pointer {
            obj: self.obj,
            off: off as i64,
        })
    }
}

/// A pointer value's offset in scalar cells and whether it is null plus that offset: what a
/// diagnosis needs to compare and show the interpreter's pointers (the formula has its own
/// object numbering). `None` for a value that is not a pointer.
pub fn pointer_offset(v: i128) -> Option<(i64, bool)> {
    Pointer::decode(v).map(|p| (p.off, p.obj == PtrObj::Null))
}

/// Pointer `v` moved to offset `off` of the same object (a relaxed pointer's angelic value,
/// which keeps the object its expression points to); `None` when `v` is not a pointer.
pub fn pointer_at_offset(v: i128, off: i64) -> Option<i128> {
    let p = Pointer::decode(v)?;
    p.add(off as i128 - p.off as i128).map(Pointer::encode)
}

/// The tag of an override value that moves a pointer instead of replacing it.
const RELATIVE_TAG: i128 = 15;

/// An override value for a statement that computes a pointer: the pointer it computes as
/// written, moved to offset `off` of the same object. The formula numbers objects its own
/// way, so a relaxed pointer's angelic value keeps the object and changes the offset; this
/// is how a diagnosis hands it back to the interpreter.
pub fn pointer_offset_override(off: i64) -> i128 {
    (RELATIVE_TAG << 120) | (off as i128 & OFF_MASK)
}

/// Apply an override value `o` to a pointer `as_written` (see [`pointer_offset_override`]);
/// other values are used as they are.
fn relative_pointer(as_written: i128, o: i128) -> i128 {
    if o >> 120 != RELATIVE_TAG {
        return o;
    }
    let raw = (o & OFF_MASK) as i64;
    let off = (raw << (64 - OFF_BITS)) >> (64 - OFF_BITS);
    Pointer::decode(as_written)
        .and_then(|p| p.add(off as i128 - p.off as i128))
        .map(Pointer::encode)
        // Not a pointer as written: the marker stays, and using it fails the run.
        .unwrap_or(o)
}

fn is_relative(o: i128) -> bool {
    o >> 120 == RELATIVE_TAG || o >> 120 == OBJECT_TAG
}

/// Whether override value `o` is one of a pointer's ([`pointer_offset_override`],
/// [`pointer_object_override`]): applied to what the statement computes, not a value.
pub fn is_pointer_override(o: i128) -> bool {
    is_relative(o)
}

/// The tag of an override value that points into a named variable (see
/// [`pointer_object_override`]).
const OBJECT_TAG: i128 = 14;
/// The bit of an object override that says the variable is a global.
const OBJECT_GLOBAL: i128 = 1 << 68;

/// The bit of an object override that says the object is a heap block.
const OBJECT_HEAP: i128 = 1 << 69;
/// Where an object override's allocating statement lies (30 bits from here).
const OBJECT_STMT_SHIFT: u32 = 70;

/// The variable (or heap block) an override value made by [`pointer_object_override`] names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointerTarget {
    Global(faultline_ir::GlobalId),
    /// A local of the function whose statement the override applies to.
    Local(LocalId),
    /// The `block`-th heap block of the run (0-based, in allocation order: the interpreter's
    /// block number), allocated by statement `stmt` (kept to say where, in a diagnosis).
    Heap {
        block: u32,
        stmt: faultline_ir::StmtId,
    },
}

/// An override value for a statement that computes a pointer: a pointer to cell `off` of
/// variable `target` (a global, or a local of the statement's own call), whatever the
/// statement computes as written. How a diagnosis hands back a relaxed pointer the formula
/// moved into another object that exists at that point (`p = b` where `p = a` was written);
/// the formula numbers objects its own way, so the variable is named, not its object.
pub fn pointer_object_override(target: PointerTarget, off: i64) -> i128 {
    let (flags, index) = match target {
        PointerTarget::Global(g) => (OBJECT_GLOBAL, g.index() as i128),
        PointerTarget::Local(l) => (0, l.index() as i128),
        PointerTarget::Heap { block, stmt } => (
            OBJECT_HEAP | ((stmt.0 as i128 & ((1 << 30) - 1)) << OBJECT_STMT_SHIFT),
            block as i128,
        ),
    };
    (OBJECT_TAG << 120) | flags | ((index & FIELD28) << 40) | (off as i128 & OFF_MASK)
}

/// The variable and cell offset of an override value made by [`pointer_object_override`];
/// `None` for any other value.
pub fn pointer_object_target(o: i128) -> Option<(PointerTarget, i64)> {
    if o >> 120 != OBJECT_TAG {
        return None;
    }
    let raw = (o & OFF_MASK) as i64;
    let off = (raw << (64 - OFF_BITS)) >> (64 - OFF_BITS);
    let index = ((o >> 40) & FIELD28) as u32;
    let target = if o & OBJECT_HEAP != 0 {
        PointerTarget::Heap {
            block: index,
            stmt: faultline_ir::StmtId(((o >> OBJECT_STMT_SHIFT) & ((1 << 30) - 1)) as u32),
        }
    } else if o & OBJECT_GLOBAL != 0 {
        PointerTarget::Global(faultline_ir::GlobalId(index))
    } else {
        PointerTarget::Local(LocalId(index))
    };
    Some((target, off))
}

/// Which arena a cell is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Space {
    Stack,
    Global,
    /// The cells of one heap block.
    Heap(u32),
}

/// A heap block. Its cells get their type from the first access through a typed pointer (C's
/// effective type of allocated memory): until then only its size in bytes is known.
struct HeapBlock {
    bytes: u64,
    /// Leading bytes known to be zero (`calloc`, and what `realloc` kept of such a block).
    zero_bytes: u64,
    kind: Option<IntKind>,
    /// Typed as an array of structs (by the first access through a struct pointer): its cells
    /// are the structs' leaves, as [`StructLayout`] lays them out.
    strukt: Option<Arc<StructLayout>>,
    cells: Vec<i128>,
    freed: bool,
}

/// A resolved scalar place.
#[derive(Clone, Copy, Debug)]
enum Cell {
    Mem {
        space: Space,
        at: usize,
        kind: IntKind,
    },
    Argv {
        row: usize,
        col: usize,
    },
}

/// A resolved place that stops above the scalars (a row of an array, or an `argv` string).
#[derive(Clone, Copy, Debug)]
enum Region {
    Mem {
        space: Space,
        start: usize,
        len: u64,
        /// A pointer to the region's first cell (what passing it as an array yields).
        ptr: Pointer,
    },
    ArgvAll,
    ArgvRow(usize),
}

/// The object of a string operand: cells of an arena, or an owned copy (a literal; an
/// `argv` row, whose index is kept for writes).
enum StrObj {
    Arena(Space, usize, usize),
    Owned(Vec<i128>, Option<usize>),
}

/// A place resolved to either.
enum Resolved {
    Cell(Cell),
    Region(Region),
}

struct Frame<'p> {
    code: &'p FuncCode<'p>,
    base: usize,
    /// Where the caller resumes (saved when this frame calls another).
    pc: usize,
    /// The call statement that created this frame, its destination and dynamic instance.
    call: Option<(&'p Stmt, Option<LocalId>, u32)>,
    /// Unique per call (modulo 2^24): pointers to this call's locals carry it, so that a use
    /// after the call returned is caught even when another call reuses the cells.
    serial: u32,
    /// Under an [`Unwinding`]: the passes each loop of this frame has started since it was
    /// last entered, and its bound (one entry per loop statement, reset on entry).
    loops: Vec<(StmtId, u32, u32)>,
}

/// The program's standard input and how much of it `scanf`/`getchar` have consumed; the text
/// semantics live in `faultline_libc`.
struct Stdin {
    data: Vec<u8>,
    pos: usize,
}

impl Stdin {
    /// `ungetc(c)` as glibc does it: the byte just read is given back by moving back over it,
    /// any other byte is pushed in front of the rest. Returns the pushed byte, or -1 for `EOF`.
    fn unget(&mut self, c: i128) -> i128 {
        if c == -1 {
            return -1;
        }
        let b = c as u8;
        if self.pos > 0 && self.data[self.pos - 1] == b {
            self.pos -= 1;
        } else {
            self.data.insert(self.pos, b);
        }
        b as i128
    }
}

pub(crate) struct Machine<'p, 'o> {
    prep: &'p Prepared<'p>,
    stack: Vec<i128>,
    globals: Vec<i128>,
    frames: Vec<Frame<'p>>,
    /// The current frame's layout and base, cached out of `frames`.
    code: &'p FuncCode<'p>,
    base: usize,
    /// The current frame's serial, and the next one to hand out.
    serial: u32,
    next_serial: u32,
    argv: Vec<Vec<u8>>,
    stdin: Stdin,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    nondet: &'o [i128],
    nondet_pos: usize,
    steps: u64,
    max_steps: u64,
    /// The step count at which the run next looks at `stop` (or ends at `max_steps`): one
    /// comparison on the hot path serves both.
    next_check: u64,
    stop: Option<&'o Stop>,
    /// When the run's own wall-clock limit ends it ([`crate::Limits::max_time`]).
    time_limit: Option<(std::time::Instant, std::time::Duration)>,
    max_depth: u32,
    /// Deepest frame stack seen (the diagnosis bounds recursion inlining by it).
    peak_depth: u32,
    entry_is_main: bool,
    /// Per-statement execution counts, kept when tracing, covering or overriding.
    counting: bool,
    counts: Vec<u32>,
    trace: Option<Recorder>,
    /// [`RunOptions::trace_only`]: statements (by index) whose executions the trace records.
    trace_only: Option<Vec<bool>>,
    record_coverage: bool,
    overrides: Option<&'o Overrides>,
    /// Bounds to hold the run to, and the active calls of each function under them.
    unwinding: Option<&'o Unwinding>,
    active: Vec<u32>,
    /// Dense "has a statement override" flags, empty when there are none.
    stmt_ovr: Vec<bool>,
    /// Per-expression evaluation counts, kept only when expression overrides exist.
    expr_ovr: bool,
    expr_counts: Vec<u32>,
    /// Reused buffers (printf arguments, string bytes, call arguments, scanf targets).
    ints: Vec<i128>,
    bytes: Vec<u8>,
    cells: Vec<Cell>,
    ends: Vec<usize>,
    /// Heap blocks by allocation number, and the bytes and typed cells of the live ones.
    heap: Vec<HeapBlock>,
    heap_bytes: u64,
    heap_cells: u64,
    /// This run's heap limits ([`crate::Limits::max_heap_bytes`]): C bytes, and cells.
    max_heap_bytes: u64,
    max_heap_cells: u64,
}

impl<'p, 'o> Machine<'p, 'o> {
    pub(crate) fn new(
        prep: &'p Prepared<'p>,
        entry: &'p FuncCode<'p>,
        entry_is_main: bool,
        input: &'o Input,
        opts: &RunOptions<'o>,
    ) -> Self {
        let program = prep.program;
        let overrides = opts.overrides.filter(|o| !o.is_empty());
        let mut stmt_ovr = Vec::new();
        let mut expr_ovr = false;
        let mut expr_counts = Vec::new();
        if let Some(o) = overrides {
            if o.has_stmts() {
                stmt_ovr = vec![false; program.stmt_count as usize];
                for s in o.stmt_ids() {
                    if let Some(f) = stmt_ovr.get_mut(s.index()) {
                        *f = true;
                    }
                }
            }
            if o.has_exprs() {
                expr_ovr = true;
                let max = o.expr_ids().map(|e| e.index() + 1).max().unwrap_or(0);
                expr_counts = vec![0; max];
            }
        }
        let counting = opts.record_trace || opts.record_coverage || !stmt_ovr.is_empty();
        let stop = opts.stop.filter(|s| !s.is_never());
        let mut argv = Vec::with_capacity(input.args.len() + 1);
        for a in std::iter::once(&input.program_name).chain(&input.args) {
            let mut row = Vec::with_capacity(a.len() + 1);
            row.extend_from_slice(a.as_bytes());
            row.push(0);
            argv.push(row);
        }
        Machine {
            prep,
            stack: Vec::with_capacity(entry.frame_size.max(64) * 4),
            globals: prep.global_init.clone(),
            frames: Vec::with_capacity(16),
            code: entry,
            base: 0,
            serial: 0,
            next_serial: 1,
            argv,
            stdin: Stdin {
                data: input.stdin.clone(),
                pos: 0,
            },
            stdout: Vec::new(),
            stderr: Vec::new(),
            nondet: &input.nondet,
            nondet_pos: 0,
            steps: 0,
            max_steps: opts.limits.max_steps,
            next_check: match (stop, opts.limits.max_time) {
                (None, None) => opts.limits.max_steps,
                _ => opts.limits.max_steps.min(CHECK_EVERY),
            },
            stop,
            time_limit: opts
                .limits
                .max_time
                .map(|t| (std::time::Instant::now() + t, t)),
            max_depth: opts.limits.max_call_depth.max(1),
            peak_depth: 0,
            entry_is_main,
            counting,
            counts: if counting {
                vec![0; program.stmt_count as usize]
            } else {
                Vec::new()
            },
            trace: opts.record_trace.then(Recorder::default),
            trace_only: opts.trace_only.filter(|_| opts.record_trace).map(|only| {
                let mut keep = vec![false; program.stmt_count as usize];
                for s in only {
                    if let Some(k) = keep.get_mut(s.index()) {
                        *k = true;
                    }
                }
                keep
            }),
            record_coverage: opts.record_coverage,
            overrides,
            unwinding: opts.unwinding,
            active: if opts.unwinding.is_some() {
                vec![0; program.functions.len()]
            } else {
                Vec::new()
            },
            stmt_ovr,
            expr_ovr,
            expr_counts,
            ints: Vec::new(),
            bytes: Vec::new(),
            cells: Vec::new(),
            ends: Vec::new(),
            heap: Vec::new(),
            heap_bytes: 0,
            heap_cells: 0,
            max_heap_bytes: opts.limits.max_heap_bytes,
            max_heap_cells: (opts.limits.max_heap_bytes / HEAP_BYTES_PER_CELL).max(1),
        }
    }

    pub(crate) fn finish(mut self, result: Res<Outcome>) -> Run {
        let outcome = match result {
            Ok(o) => o,
            Err(Fault(o)) => *o,
        };
        let trace = self.trace.take().map(Recorder::finish);
        let coverage = self
            .record_coverage
            .then(|| Coverage::from_counts(std::mem::take(&mut self.counts)));
        Run {
            outcome,
            stdout: self.stdout,
            stderr: self.stderr,
            steps: self.steps,
            max_depth: self.peak_depth,
            trace,
            coverage,
        }
    }

    // ---------------------------------------------------------------- statements

    /// Account for one statement execution; returns its dynamic instance (0 when not counting).
    #[inline]
    fn begin(&mut self, stmt: &Stmt) -> Res<u32> {
        self.steps += 1;
        if self.steps > self.next_check {
            self.checkpoint(stmt.span)?;
        }
        if !self.counting {
            return Ok(0);
        }
        match self.counts.get_mut(stmt.id.index()) {
            Some(c) => {
                let inst = *c;
                *c = c.saturating_add(1);
                Ok(inst)
            }
            None => Err(Fault::invalid("statement id beyond stmt_count", stmt.span)),
        }
    }

    #[inline]
    fn ovr(&self, stmt: &Stmt, instance: u32) -> Option<&'o [i128]> {
        if self.stmt_ovr.get(stmt.id.index()) != Some(&true) {
            return None;
        }
        self.overrides?.stmt(stmt.id, instance)
    }

    /// Past `next_check` steps: the step limit, or a look at the analysis's stop (its
    /// cancellation flag, deadline and memory ceiling).
    #[cold]
    #[inline(never)]
    fn checkpoint(&mut self, span: Span) -> Res<()> {
        if self.steps > self.max_steps {
            return Err(Fault::rt(
                RuntimeErrorKind::StepLimit {
                    limit: self.max_steps,
                },
                span,
            ));
        }
        if let Some((end, limit)) = self.time_limit {
            if std::time::Instant::now() >= end {
                return Err(Fault::rt(
                    RuntimeErrorKind::TimeLimit {
                        ms: limit.as_millis() as u64,
                    },
                    span,
                ));
            }
        }
        if let Some(stop) = self.stop {
            // The memory only every 16th look when it is the process's (reading it is a system
            // call); at every look when it is the analysis's own (an atomic load).
            let reason = if stop.account().is_some() {
                stop.check_time()
                    .or_else(|| stop.check_memory_with(self.live_bytes()))
            } else if (self.steps / CHECK_EVERY) % 16 == 0 {
                stop.check()
            } else {
                stop.check_time()
            };
            if let Some(reason) = reason {
                return Err(Fault::rt(RuntimeErrorKind::Stopped { reason }, span));
            }
        }
        self.next_check = self.max_steps.min(self.steps.saturating_add(CHECK_EVERY));
        Ok(())
    }

    /// What this run holds that grows with the program's input: its cells (16 bytes each),
    /// output, statement counts and trace (an event with its values about 64 bytes).
    fn live_bytes(&self) -> u64 {
        let cells = (self.stack.capacity() + self.globals.capacity()) as u64 * 16;
        let text = (self.stdout.capacity() + self.stderr.capacity()) as u64;
        let counts = self.counts.capacity() as u64 * 4;
        let trace = self.trace.as_ref().map_or(0, |t| t.events() as u64 * 64);
        cells + text + counts + trace
    }

    #[inline]
    fn event(&mut self, stmt: &Stmt, instance: u32, values: &[i128]) {
        if let Some(t) = &mut self.trace {
            if let Some(keep) = &self.trace_only {
                if !keep.get(stmt.id.index()).copied().unwrap_or(false) {
                    return;
                }
            }
            let branch = matches!(stmt.kind, StmtKind::If { .. } | StmtKind::Switch { .. });
            t.push(stmt.id, instance, values, branch);
        }
    }

    /// Run from the entry frame to the end of the program.
    pub(crate) fn run(&mut self, entry: FuncId, entry_span: Span) -> Res<Outcome> {
        let code = self.code;
        self.push_frame(code, None, entry_span)?;
        // `main(int argc, char *argv[])`: argc, and the whole of argv for the second parameter.
        if self.entry_is_main {
            let params = &code.func.params;
            if let Some(&argc) = params.first() {
                let n = self.argv.len() as i128;
                self.write_local(argc, n, entry_span)?;
            }
            if let Some(&argv) = params.get(1) {
                self.write_local(argv, Pointer::new(PtrObj::ArgvAll, 0).encode(), entry_span)?;
            }
        } else if !code.func.params.is_empty() {
            return Err(Fault::invalid(
                format!("entry function {} takes parameters", entry.0),
                entry_span,
            ));
        }
        self.exec()
    }

    fn write_local(&mut self, local: LocalId, v: i128, span: Span) -> Res<()> {
        let var = self
            .code
            .vars
            .get(local.index())
            .ok_or_else(|| Fault::invalid("unknown local", span))?;
        let at = self.base + var.offset;
        // Markers (a missing return value) pass through unconverted.
        let v = if var.is_ref || !is_value(v) {
            v
        } else {
            arith::wrap(var.kind, v)
        };
        match self.stack.get_mut(at) {
            Some(c) => {
                *c = v;
                Ok(())
            }
            None => Err(Fault::invalid("local outside its frame", span)),
        }
    }

    fn push_frame(
        &mut self,
        code: &'p FuncCode<'p>,
        call: Option<(&'p Stmt, Option<LocalId>, u32)>,
        span: Span,
    ) -> Res<()> {
        if self.frames.len() >= self.max_depth as usize {
            return Err(Fault::rt(
                RuntimeErrorKind::RecursionTooDeep {
                    limit: self.max_depth,
                },
                span,
            ));
        }
        let base = self.stack.len();
        let top = base.saturating_add(code.frame_size);
        if top > MAX_STACK_CELLS {
            return Err(Fault::rt(
                RuntimeErrorKind::StackExhausted {
                    cells: MAX_STACK_CELLS as u64,
                },
                span,
            ));
        }
        if let Some(u) = self.unwinding {
            let f = code.index;
            if let Some(a) = self.active.get_mut(f) {
                if *a >= u.max_inline_depth {
                    return Err(Fault::rt(
                        RuntimeErrorKind::UnwindingBound {
                            limit: u.max_inline_depth,
                            recursion: true,
                        },
                        span,
                    ));
                }
                *a += 1;
            }
        }
        self.stack.resize(top, UNINIT);
        let serial = self.next_serial & SERIAL_MASK;
        self.next_serial = self.next_serial.wrapping_add(1);
        self.frames.push(Frame {
            code,
            base,
            pc: 0,
            call,
            serial,
            loops: Vec::new(),
        });
        self.serial = serial;
        self.peak_depth = self.peak_depth.max(self.frames.len() as u32);
        self.code = code;
        self.base = base;
        Ok(())
    }

    /// The main loop: one instruction at a time, calls and returns switching frames in place.
    fn exec(&mut self) -> Res<Outcome> {
        let mut ops: &'p [Op<'p>] = &self.code.ops;
        let mut pc = 0usize;
        loop {
            let Some(op) = ops.get(pc) else {
                return Err(Fault::invalid(
                    "jump outside the function",
                    self.code.func.span,
                ));
            };
            pc += 1;
            match op {
                Op::Simple(stmt) => self.simple(stmt)?,
                Op::Branch {
                    stmt,
                    cond,
                    else_pc,
                } => {
                    let inst = self.begin(stmt)?;
                    let taken = match self.ovr(stmt, inst) {
                        Some(v) => v.first().is_some_and(|&v| v != 0),
                        None => self.eval(cond)? != 0,
                    };
                    self.event(stmt, inst, &[taken as i128]);
                    if !taken {
                        pc = *else_pc as usize;
                    }
                }
                Op::LoopEntry(stmt) => {
                    self.begin(stmt)?;
                    if self.unwinding.is_some() {
                        self.enter_loop(stmt)?;
                    }
                }
                Op::BackEdge { loop_stmt, target } => {
                    if self.unwinding.is_some() {
                        self.next_pass(loop_stmt)?;
                    }
                    self.steps += 1;
                    if self.steps > self.next_check {
                        self.checkpoint(loop_stmt.span)?;
                    }
                    pc = *target as usize;
                }
                Op::Goto { stmt, target } => {
                    self.begin(stmt)?;
                    pc = *target as usize;
                }
                Op::Jump(target) => pc = *target as usize,
                Op::Switch {
                    stmt,
                    scrutinee,
                    table,
                } => {
                    let inst = self.begin(stmt)?;
                    let arm: i128 = match self.ovr(stmt, inst) {
                        Some(v) => v.first().copied().unwrap_or(-1),
                        None => {
                            let v = self.eval(scrutinee)?;
                            table
                                .cases
                                .iter()
                                .find(|(c, _)| *c == v)
                                .map(|&(_, a)| a)
                                .or(table.default)
                                .map_or(-1, |a| a as i128)
                        }
                    };
                    self.event(stmt, inst, &[arm]);
                    pc = usize::try_from(arm)
                        .ok()
                        .and_then(|a| table.arm_pcs.get(a))
                        .map_or(table.end, |&p| p) as usize;
                }
                Op::Call {
                    stmt,
                    dest,
                    func,
                    args,
                } => {
                    let inst = self.begin(stmt)?;
                    let callee =
                        self.prep.funcs.get(func.index()).ok_or_else(|| {
                            Fault::invalid("call of an unknown function", stmt.span)
                        })?;
                    self.eval_args(callee, args, stmt.span)?;
                    self.frames
                        .last_mut()
                        .expect("a frame is active while executing")
                        .pc = pc;
                    self.push_frame(callee, Some((stmt, *dest, inst)), stmt.span)?;
                    for (i, &p) in callee.func.params.iter().enumerate() {
                        let v = self.ints[i];
                        self.write_local(p, v, stmt.span)?;
                    }
                    ops = &callee.ops;
                    pc = 0;
                }
                Op::Return { stmt, value } => {
                    let inst = self.begin(stmt)?;
                    let v = match (self.ovr(stmt, inst), value) {
                        (Some(o), Some(e)) if o.first().copied().is_some_and(is_relative) => {
                            let w = self.eval(e)?;
                            Some(self.override_pointer(w, o[0], stmt.span))
                        }
                        (Some(o), _) => o.first().map(|&v| match self.code.ret {
                            Some(k) => k.wrap(v),
                            None => v,
                        }),
                        (None, Some(e)) => Some(self.eval(e)?),
                        (None, None) => None,
                    };
                    match v {
                        Some(v) => self.event(stmt, inst, &[v]),
                        None => self.event(stmt, inst, &[]),
                    }
                    match self.return_from(v, stmt.span)? {
                        Some(outcome) => return Ok(outcome),
                        None => {
                            ops = &self.code.ops;
                            pc = self.frames.last().map_or(0, |f| f.pc);
                        }
                    }
                }
                Op::FallOff => {
                    // Falling off a non-void function leaves the caller's destination unusable;
                    // falling off `main` is `return 0` (C99 5.1.2.2.3).
                    let v = match self.code.ret {
                        Some(_) if self.frames.len() > 1 => Some(MISSING_RETURN),
                        _ => None,
                    };
                    let span = self.code.func.span;
                    match self.return_from(v, span)? {
                        Some(outcome) => return Ok(outcome),
                        None => {
                            ops = &self.code.ops;
                            pc = self.frames.last().map_or(0, |f| f.pc);
                        }
                    }
                }
                Op::Invalid { message, span } => return Err(Fault::invalid(*message, *span)),
            }
        }
    }

    /// A loop is entered (under an [`Unwinding`]): its first pass starts.
    fn enter_loop(&mut self, stmt: &Stmt) -> Res<()> {
        let Some(u) = self.unwinding else {
            return Ok(());
        };
        let bound = u.passes(stmt.id);
        if bound == 0 {
            return Err(Self::beyond(bound, stmt));
        }
        let Some(frame) = self.frames.last_mut() else {
            return Err(Fault::invalid("loop without a frame", stmt.span));
        };
        match frame.loops.iter_mut().find(|(s, _, _)| *s == stmt.id) {
            Some(l) => l.1 = 1,
            None => frame.loops.push((stmt.id, 1, bound)),
        }
        Ok(())
    }

    /// A loop goes round (under an [`Unwinding`]): one more pass starts, which the formula
    /// has only within the loop's bound.
    fn next_pass(&mut self, stmt: &Stmt) -> Res<()> {
        let Some(frame) = self.frames.last_mut() else {
            return Err(Fault::invalid("loop without a frame", stmt.span));
        };
        let Some(l) = frame.loops.iter_mut().find(|(s, _, _)| *s == stmt.id) else {
            return Err(Fault::invalid(
                "back edge of a loop never entered",
                stmt.span,
            ));
        };
        if l.1 >= l.2 {
            return Err(Self::beyond(l.2, stmt));
        }
        l.1 += 1;
        Ok(())
    }

    #[cold]
    fn beyond(limit: u32, stmt: &Stmt) -> Fault {
        Fault::rt(
            RuntimeErrorKind::UnwindingBound {
                limit,
                recursion: false,
            },
            stmt.span,
        )
    }

    /// Pop the current frame. Returns the outcome when it was the entry frame; otherwise stores
    /// the value into the caller's destination and makes the caller current.
    fn return_from(&mut self, v: Option<i128>, span: Span) -> Res<Option<Outcome>> {
        let frame = self
            .frames
            .pop()
            .ok_or_else(|| Fault::invalid("return without a frame", span))?;
        if self.unwinding.is_some() {
            if let Some(a) = self.active.get_mut(frame.code.index) {
                *a = a.saturating_sub(1);
            }
        }
        self.stack.truncate(frame.base);
        let Some(caller) = self.frames.last() else {
            let code = if self.entry_is_main {
                v.filter(|&v| is_value(v)).map_or(0, |v| (v & 0xff) as i32)
            } else {
                0
            };
            return Ok(Some(Outcome::Exited { code }));
        };
        self.code = caller.code;
        self.base = caller.base;
        self.serial = caller.serial;
        if let Some((stmt, dest, inst)) = frame.call {
            let v = match self.ovr(stmt, inst) {
                Some(o) => match (o.first().copied(), v) {
                    (Some(x), Some(w)) if is_relative(x) => {
                        Some(self.override_pointer(w, x, stmt.span))
                    }
                    (x, _) => x.or(v),
                },
                None => v,
            };
            match v {
                Some(v) if is_value(v) => self.event(stmt, inst, &[v]),
                _ => self.event(stmt, inst, &[]),
            }
            if let (Some(dest), Some(v)) = (dest, v) {
                self.write_local(dest, v, stmt.span)?;
            }
        }
        Ok(None)
    }

    /// Evaluate call arguments into `self.ints` (array references encoded).
    fn eval_args(&mut self, callee: &FuncCode<'p>, args: &'p [Arg], span: Span) -> Res<()> {
        if args.len() != callee.func.params.len() {
            return Err(Fault::invalid(
                "argument count differs from the parameters",
                span,
            ));
        }
        let mut vals = std::mem::take(&mut self.ints);
        vals.clear();
        let result = (|| {
            for a in args {
                let v = match a {
                    Arg::Value(e) => self.eval(e)?,
                    Arg::ArrayRef(p) => match self.resolve(p)? {
                        Resolved::Region(r) => match r {
                            Region::Mem { ptr, .. } => ptr,
                            Region::ArgvAll => Pointer::new(PtrObj::ArgvAll, 0),
                            Region::ArgvRow(r) => Pointer::new(PtrObj::ArgvRow(r), 0),
                        }
                        .encode(),
                        Resolved::Cell(_) => {
                            return Err(Fault::invalid("array argument is a scalar", p.span))
                        }
                    },
                };
                vals.push(v);
            }
            Ok(())
        })();
        self.ints = vals;
        result
    }

    fn simple(&mut self, stmt: &'p Stmt) -> Res<()> {
        match &stmt.kind {
            StmtKind::Decl(local) => {
                self.begin(stmt)?;
                let var = self
                    .code
                    .vars
                    .get(local.index())
                    .ok_or_else(|| Fault::invalid("unknown local", stmt.span))?;
                if !var.is_ref || var.is_ptr {
                    let at = self.base + var.offset;
                    if let Some(cells) = self.stack.get_mut(at..at + var.size) {
                        cells.fill(UNINIT);
                    }
                }
                Ok(())
            }
            StmtKind::Assign { place, value } => {
                let inst = self.begin(stmt)?;
                let cell = self.cell(place)?;
                let v = match self.ovr(stmt, inst) {
                    Some(o) if o.first().copied().is_some_and(is_relative) => {
                        let w = self.eval(value)?;
                        self.override_pointer(w, o[0], stmt.span)
                    }
                    Some(o) => cell_kind(cell).wrap(o.first().copied().unwrap_or(0)),
                    None => self.eval(value)?,
                };
                if let Cell::Mem {
                    space: Space::Global,
                    at,
                    ..
                } = cell
                {
                    if self.prep.is_literal_cell(at) {
                        return Err(Fault::rt(RuntimeErrorKind::StringLiteralWrite, place.span));
                    }
                }
                self.event(stmt, inst, &[v]);
                self.store(cell, v);
                Ok(())
            }
            StmtKind::Assert(cond) | StmtKind::Assume(cond) => {
                let inst = self.begin(stmt)?;
                let (ok, sides) = match self.ovr(stmt, inst) {
                    Some(o) => (o.first().is_some_and(|&v| v != 0), None),
                    None => {
                        let (v, sides) = self.eval_sides(cond)?;
                        (v != 0, sides)
                    }
                };
                self.event(stmt, inst, &[ok as i128]);
                if ok {
                    return Ok(());
                }
                Err(Fault::end(match stmt.kind {
                    StmtKind::Assert(_) => Outcome::AssertFailed {
                        span: stmt.span,
                        comparison: sides,
                    },
                    _ => Outcome::AssumeViolated { span: stmt.span },
                }))
            }
            StmtKind::Exit(code) => {
                let inst = self.begin(stmt)?;
                let v = match self.ovr(stmt, inst) {
                    Some(o) => o.first().copied().unwrap_or(0),
                    None => self.eval(code)?,
                };
                self.event(stmt, inst, &[v]);
                Err(Fault::end(Outcome::Exited {
                    code: (v & 0xff) as i32,
                }))
            }
            StmtKind::Builtin(b) => {
                let inst = self.begin(stmt)?;
                self.builtin(stmt, inst, b)
            }
            _ => Err(Fault::invalid(
                "control flow in a simple statement",
                stmt.span,
            )),
        }
    }

    fn builtin(&mut self, stmt: &'p Stmt, inst: u32, b: &'p Builtin) -> Res<()> {
        let ovr = self.ovr(stmt, inst);
        match (b, ovr) {
            // An overridden output statement prints the override's bytes instead of its text,
            // evaluating nothing (as a relaxed component does in the formula).
            (Builtin::Printf { stream, .. } | Builtin::Putchar { stream, .. }, Some(o)) => {
                return self.print_override(stmt, inst, *stream, o)
            }
            (Builtin::Puts(_), Some(o)) => {
                return self.print_override(stmt, inst, Stream::Stdout, o)
            }
            _ => {}
        }
        match b {
            Builtin::Printf {
                stream,
                format,
                args,
                undefined,
            } => self.printf(stmt, inst, *stream, format, args, undefined.as_deref()),
            Builtin::Putchar { stream, value } => {
                let v = self.eval(value)?;
                self.event(stmt, inst, &[(v as u8) as i128]);
                self.write(*stream, &[v as u8], stmt.span)
            }
            Builtin::Puts(s) => {
                let mut buf = std::mem::take(&mut self.bytes);
                buf.clear();
                let r = self.read_str(s, &mut buf, stmt.span);
                buf.push(b'\n');
                if r.is_ok() && self.trace.is_some() {
                    let printed: Vec<i128> = buf.iter().map(|&b| b as i128).collect();
                    self.event(stmt, inst, &printed);
                }
                let r = r.and_then(|_| self.write(Stream::Stdout, &buf, stmt.span));
                self.bytes = buf;
                r
            }
            Builtin::Getchar { dest } => {
                let (v, pos) = faultline_libc::getchar(&self.stdin.data, self.stdin.pos);
                self.stdin.pos = pos;
                let v = ovr.and_then(|o| o.first().copied()).unwrap_or(v);
                self.event(stmt, inst, &[v]);
                self.write_local(*dest, v, stmt.span)
            }
            Builtin::Nondet { dest, ty } => {
                let next = self.nondet.get(self.nondet_pos).copied();
                self.nondet_pos += 1;
                let v = match (ovr.and_then(|o| o.first().copied()), next) {
                    (Some(v), _) | (None, Some(v)) => ty.wrap(v),
                    (None, None) => {
                        return Err(Fault::rt(RuntimeErrorKind::NondetExhausted, stmt.span))
                    }
                };
                self.event(stmt, inst, &[v]);
                self.write_local(*dest, v, stmt.span)
            }
            Builtin::Atoi { dest, arg } => {
                let v = match ovr.and_then(|o| o.first().copied()) {
                    Some(v) => v,
                    None => {
                        let mut buf = std::mem::take(&mut self.bytes);
                        buf.clear();
                        let r = self.read_str(arg, &mut buf, stmt.span);
                        let v = faultline_libc::strtol(&buf);
                        self.bytes = buf;
                        r?;
                        v
                    }
                };
                let kind = self.local_kind(*dest, stmt.span)?;
                let v = kind.wrap(v);
                self.event(stmt, inst, &[v]);
                self.write_local(*dest, v, stmt.span)
            }
            Builtin::Atof { dest, arg } => {
                let v = match ovr.and_then(|o| o.first().copied()) {
                    Some(v) => IntKind::Double.wrap(v),
                    None => {
                        let mut buf = std::mem::take(&mut self.bytes);
                        buf.clear();
                        let r = self.read_str(arg, &mut buf, stmt.span);
                        let v = faultline_libc::strtod(&buf);
                        self.bytes = buf;
                        r?;
                        v
                    }
                };
                self.event(stmt, inst, &[v]);
                self.write_local(*dest, v, stmt.span)
            }
            Builtin::Math {
                dest,
                func,
                kind,
                args,
            } => {
                let mut vals = [0i128; 2];
                for (i, a) in args.iter().enumerate().take(2) {
                    vals[i] = self.eval(a)?;
                }
                let v = func.eval(*kind, &vals[..args.len().min(2)]);
                let v = ovr
                    .and_then(|o| o.first().copied())
                    .map_or(v, |o| kind.wrap(o));
                self.event(stmt, inst, &[v]);
                self.write_local(*dest, v, stmt.span)
            }
            Builtin::Str { func, dest, args } => self.str_call(stmt, inst, ovr, *func, *dest, args),
            Builtin::Fgets { buf, size, dest } => {
                self.fgets(stmt, inst, ovr, buf, size.as_ref(), *dest)
            }
            Builtin::Lib { op, dest, args } => self.lib_call(stmt, inst, ovr, *op, *dest, args),
            Builtin::Scanf {
                format,
                targets,
                dest,
            } => {
                let mut cells = std::mem::take(&mut self.cells);
                cells.clear();
                let r = self.scanf(stmt, inst, ovr, format, targets, dest, &mut cells);
                self.cells = cells;
                r
            }
            Builtin::Sprintf {
                buf,
                size,
                format,
                args,
                dest,
                undefined,
            } => {
                let call = FormatCall {
                    format,
                    args,
                    undefined: undefined.as_deref(),
                };
                self.sprintf(stmt, inst, ovr, buf, size.as_ref(), call, *dest)
            }
            Builtin::Strtol {
                dest,
                kind,
                arg,
                end,
                base,
            } => {
                let span = arg.span_or(stmt.span);
                let (obj, at, ptr) = self.str_object(arg, span)?;
                let b = self.eval(base)?;
                // The string's bytes up to its NUL, inside its object.
                let cells = self.obj_cells(&obj);
                let mut text = Vec::new();
                let mut terminated = false;
                for &c in cells.iter().skip(at) {
                    if !is_value(c) {
                        return Err(Fault::rt(
                            RuntimeErrorKind::UninitializedRead {
                                name: "the string".into(),
                            },
                            span,
                        ));
                    }
                    if c == 0 {
                        terminated = true;
                        break;
                    }
                    text.push(c as u8);
                }
                if !terminated {
                    let len = cells.len();
                    return Err(Fault::rt(
                        RuntimeErrorKind::IndexOutOfBounds {
                            index: len as i128,
                            len: len as u64,
                        },
                        span,
                    ));
                }
                let (v, used) =
                    faultline_libc::strtol_base(&text, b, kind.is_signed(), kind.bits());
                let v = kind.wrap(ovr.and_then(|o| o.first().copied()).unwrap_or(v));
                if let Some(place) = end {
                    let p = ptr
                        .and_then(|p| p.add(used as i128))
                        .ok_or_else(|| Fault::invalid("strtol end pointer", stmt.span))?;
                    // The `char *` object itself (a place naming a pointer would otherwise
                    // resolve through it).
                    let cell = match self.scalar_cell(place) {
                        Some(c) => c,
                        None => match self.resolve(place)? {
                            Resolved::Cell(c) => c,
                            Resolved::Region(_) => {
                                return Err(Fault::invalid(
                                    "strtol end is not a pointer",
                                    place.span,
                                ))
                            }
                        },
                    };
                    self.store(cell, p.encode());
                }
                self.event(stmt, inst, &[v]);
                self.write_local(*dest, v, stmt.span)
            }
            Builtin::Sscanf {
                src,
                format,
                targets,
                dest,
            } => {
                // `sscanf` is `scanf` reading the string (up to its NUL) as its whole input:
                // the same engine, the same stores, the same EOF rule (-1 when the string
                // ends before the first conversion).
                let mut text = Vec::new();
                self.read_str(src, &mut text, stmt.span)?;
                let real = std::mem::replace(&mut self.stdin, Stdin { data: text, pos: 0 });
                let mut cells = std::mem::take(&mut self.cells);
                cells.clear();
                let r = self.scanf(stmt, inst, ovr, format, targets, dest, &mut cells);
                self.cells = cells;
                self.stdin = real;
                r
            }
        }
    }

    /// `sprintf(buf, fmt, …)` / `snprintf(buf, size, fmt, …)`: the text `printf` would print
    /// (rendered by `faultline_libc::render`, conversion by conversion), stored into `buf`
    /// with its NUL, `snprintf` cutting it to `size - 1` bytes. Storing past `buf` is an
    /// out-of-bounds write at the call; the result is the whole text's length.
    #[allow(clippy::too_many_arguments)]
    fn sprintf(
        &mut self,
        stmt: &'p Stmt,
        inst: u32,
        ovr: Option<&'o [i128]>,
        buf: &'p Place,
        size: Option<&'p Expr>,
        call: FormatCall<'p>,
        dest: Option<LocalId>,
    ) -> Res<()> {
        let FormatCall {
            format,
            args,
            undefined,
        } = call;
        let region = match self.resolve_str(buf)? {
            Resolved::Region(r) => r,
            Resolved::Cell(_) => {
                return Err(Fault::invalid("sprintf buffer is a scalar", buf.span))
            }
        };
        let size = match size {
            Some(e) => Some(self.eval(e)? as u64),
            None => None,
        };
        // Every argument first (C evaluates them before the call): integers in order, each
        // string's bytes one after the other (a `%s` argument may be `buf` itself: read
        // before writing).
        let mut ints: Vec<i128> = Vec::new();
        let mut bytes: Vec<u8> = Vec::new();
        let mut ends: Vec<usize> = Vec::new();
        for (i, a) in args.iter().enumerate() {
            match a {
                PrintArg::Int(e) => ints.push(self.eval(e)?),
                PrintArg::Str(s) => {
                    self.read_str_upto(s, &mut bytes, stmt.span, str_precision(format, i))?;
                    ends.push(bytes.len());
                }
            }
        }
        if let Some(m) = undefined {
            return Err(format_mismatch(m));
        }
        let mut text = Vec::new();
        let args = faultline_libc::FmtArgs {
            ints: &ints,
            bytes: &bytes,
            ends: &ends,
        };
        faultline_libc::render_format(&mut text, format, args, MAX_OUTPUT)
            .map_err(|e| format_fault(e, "sprintf", stmt.span))?;
        let full = text.len() as i128;
        let stored = match size {
            None => Some(text.len()),
            Some(0) => None,
            Some(n) => Some(text.len().min((n - 1).min(usize::MAX as u64 - 1) as usize)),
        };
        if let Some(k) = stored {
            text.truncate(k);
            text.push(0);
            self.write_region(region, 0, &text, stmt.span)?;
        }
        let v = ovr
            .and_then(|o| o.first().copied())
            .map_or(full, |o| IntKind::Int.wrap(o));
        self.event(stmt, inst, &[v]);
        if let Some(d) = dest {
            self.write_local(d, v, stmt.span)?;
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn scanf(
        &mut self,
        stmt: &'p Stmt,
        inst: u32,
        ovr: Option<&'o [i128]>,
        format: &'p [FmtPiece],
        targets: &'p [Place],
        dest: &Option<LocalId>,
        cells: &mut Vec<Cell>,
    ) -> Res<()> {
        // C evaluates every argument (the target addresses) before the call. A `%s` (or
        // `%Nc`) target is a `char` array: its region, kept aside by conversion index.
        let mut regions: Vec<(usize, Region)> = Vec::new();
        let mut convs = format.iter().filter_map(|p| match p {
            FmtPiece::Conv(c) => Some(c),
            _ => None,
        });
        for t in targets {
            // A string conversion's target is the array the place names, also through an
            // array parameter (`char *name`: the cell holds a pointer to the caller's array,
            // as for `fgets`), never the parameter's own cell.
            let text = convs.next().is_some_and(|c| {
                matches!(
                    c.kind,
                    faultline_ir::format::ConvKind::Str | faultline_ir::format::ConvKind::Set
                ) || (c.kind == faultline_ir::format::ConvKind::Char
                    && c.width.is_some_and(|w| w > 1))
            });
            let resolved = if text {
                self.resolve_str(t)?
            } else if let Some(c) = self.scalar_cell(t) {
                cells.push(c);
                continue;
            } else {
                self.resolve(t)?
            };
            match resolved {
                Resolved::Cell(c) => cells.push(c),
                Resolved::Region(r) => {
                    regions.push((cells.len(), r));
                    // A placeholder cell keeps conversion indices aligned; never stored to.
                    cells.push(Cell::Argv {
                        row: usize::MAX,
                        col: 0,
                    });
                }
            }
        }
        let scanned = faultline_libc::scanf(&self.stdin.data, self.stdin.pos, format)
            .map_err(|m| Fault::invalid(m, stmt.span))?;
        self.stdin.pos = scanned.pos;
        let mut stored = std::mem::take(&mut self.ints);
        stored.clear();
        for (i, &v) in scanned.stored.iter().enumerate() {
            let Some(&cell) = cells.get(i) else {
                self.ints = stored;
                return Err(Fault::invalid(
                    "more scanf conversions than targets",
                    stmt.span,
                ));
            };
            if let Some(&(_, region)) = regions.iter().find(|(k, _)| *k == i) {
                // A string conversion: its bytes (and for `%s` the NUL) into the array.
                let text = scanned
                    .texts
                    .iter()
                    .find(|(k, _)| *k == i)
                    .map(|(_, t)| t.as_slice())
                    .unwrap_or(&[]);
                let nul = matches!(
                    format
                        .iter()
                        .filter_map(|p| match p {
                            FmtPiece::Conv(c) => Some(c.kind),
                            _ => None,
                        })
                        .nth(i),
                    Some(faultline_ir::format::ConvKind::Str | faultline_ir::format::ConvKind::Set)
                );
                let mut bytes = text.to_vec();
                if nul {
                    bytes.push(0);
                }
                let span = targets.get(i).map_or(stmt.span, |t| t.span);
                if let Err(f) = self.write_region(region, 0, &bytes, span) {
                    self.ints = stored;
                    return Err(f);
                }
                stored.push(IntKind::Char.wrap(v));
                continue;
            }
            // The conversion's own type stored into the object's low bytes
            // (`store_scanned`: `%f` into a `double`, `%c` into an `int`).
            let kind = cell_kind(cell);
            let conv = convs_of(format)
                .nth(i)
                .and_then(|c| c.scanf_kind().map(|k| (c, k)));
            let v = match conv {
                Some((c, k)) if k.bits() < kind.bits() => match self.peek(cell) {
                    Some(old) => faultline_ir::format::store_scanned(k, kind, old, v),
                    None => {
                        self.ints = stored;
                        let span = targets.get(i).map_or(stmt.span, |t| t.span);
                        return Err(Fault::rt(
                            RuntimeErrorKind::PartialScanf {
                                conversion: c.name(),
                                stored: k,
                                object: kind,
                            },
                            span,
                        ));
                    }
                },
                Some((_, k)) => faultline_ir::format::store_scanned(k, kind, 0, v),
                None => v,
            };
            let v = ovr.and_then(|o| o.get(i).copied()).unwrap_or(v);
            let v = kind.wrap(v);
            stored.push(v);
            self.store(cell, v);
        }
        let count = scanned.result;
        self.event(stmt, inst, &stored);
        self.ints = stored;
        if let Some(d) = dest {
            self.write_local(*d, count as i128, stmt.span)?;
        }
        Ok(())
    }

    fn printf(
        &mut self,
        stmt: &'p Stmt,
        inst: u32,
        stream: Stream,
        format: &'p [FmtPiece],
        args: &'p [PrintArg],
        undefined: Option<&'p FormatMismatch>,
    ) -> Res<()> {
        // Evaluate every argument first (C does, and a fault must print nothing): integers into
        // `ints`, strings one after the other into `bytes` with their end offsets in `ends`.
        let mut ints = std::mem::take(&mut self.ints);
        let mut bytes = std::mem::take(&mut self.bytes);
        ints.clear();
        bytes.clear();
        let mut ends = std::mem::take(&mut self.ends);
        ends.clear();
        let mut result = Ok(());
        for (i, a) in args.iter().enumerate() {
            match a {
                PrintArg::Int(e) => match self.eval(e) {
                    Ok(v) => ints.push(v),
                    Err(f) => {
                        result = Err(f);
                        break;
                    }
                },
                PrintArg::Str(s) => {
                    let limit = str_precision(format, i);
                    if let Err(f) = self.read_str_upto(s, &mut bytes, stmt.span, limit) {
                        result = Err(f);
                        break;
                    }
                    ends.push(bytes.len());
                }
            }
        }
        if let (Ok(()), Some(m)) = (&result, undefined) {
            result = Err(format_mismatch(m));
        }
        if result.is_ok() {
            let mut out = std::mem::take(match stream {
                Stream::Stdout => &mut self.stdout,
                Stream::Stderr => &mut self.stderr,
            });
            let start = out.len();
            let args = faultline_libc::FmtArgs {
                ints: &ints,
                bytes: &bytes,
                ends: &ends,
            };
            // Unbounded here: the output limit is checked on the total just below.
            if let Err(e) = faultline_libc::render_format(&mut out, format, args, usize::MAX) {
                result = Err(format_fault(e, "printf", stmt.span));
            }
            if result.is_ok() && self.trace.is_some() {
                let printed: Vec<i128> = out[start..].iter().map(|&b| b as i128).collect();
                self.event(stmt, inst, &printed);
            }
            let total = out.len() + self.stdout.len() + self.stderr.len();
            match stream {
                Stream::Stdout => self.stdout = out,
                Stream::Stderr => self.stderr = out,
            }
            if result.is_ok() && total > MAX_OUTPUT {
                result = Err(Fault::rt(
                    RuntimeErrorKind::OutputLimit {
                        bytes: MAX_OUTPUT as u64,
                    },
                    stmt.span,
                ));
            }
        }
        self.ints = ints;
        self.bytes = bytes;
        self.ends = ends;
        result
    }

    /// An output statement's override: print its values as bytes (the text the statement
    /// should have printed; none for "prints nothing").
    fn print_override(&mut self, stmt: &Stmt, inst: u32, stream: Stream, o: &[i128]) -> Res<()> {
        self.event(stmt, inst, o);
        let bytes: Vec<u8> = o.iter().map(|&b| b as u8).collect();
        self.write(stream, &bytes, stmt.span)
    }

    fn write(&mut self, stream: Stream, data: &[u8], span: Span) -> Res<()> {
        let out = match stream {
            Stream::Stdout => &mut self.stdout,
            Stream::Stderr => &mut self.stderr,
        };
        out.extend_from_slice(data);
        if self.stdout.len() + self.stderr.len() > MAX_OUTPUT {
            return Err(Fault::rt(
                RuntimeErrorKind::OutputLimit {
                    bytes: MAX_OUTPUT as u64,
                },
                span,
            ));
        }
        Ok(())
    }

    /// The cells of an arena (a heap block's cells; an empty slice for an unknown block).
    #[inline]
    fn arena(&self, space: Space) -> &[i128] {
        match space {
            Space::Stack => &self.stack,
            Space::Global => &self.globals,
            Space::Heap(id) => self.heap.get(id as usize).map_or(&[], |b| &b.cells),
        }
    }

    #[inline]
    fn arena_mut(&mut self, space: Space) -> &mut [i128] {
        match space {
            Space::Stack => &mut self.stack,
            Space::Global => &mut self.globals,
            Space::Heap(id) => self
                .heap
                .get_mut(id as usize)
                .map_or(&mut [], |b| &mut b.cells),
        }
    }

    fn local_kind(&self, local: LocalId, span: Span) -> Res<IntKind> {
        self.code
            .vars
            .get(local.index())
            .map(|v| v.kind)
            .ok_or_else(|| Fault::invalid("unknown local", span))
    }

    /// The cells of a string operand's object and the offset it starts at: an arena region,
    /// or an owned copy (a literal, an `argv` row).
    fn str_object(&mut self, s: &'p StrArg, span: Span) -> Res<(StrObj, usize, Option<Pointer>)> {
        let place = match s {
            StrArg::Literal(text) => {
                return Ok((
                    StrObj::Owned(faultline_libc::string::literal_cells(text.as_bytes()), None),
                    0,
                    None,
                ))
            }
            // A `char *`: its object (alive, not null) and the offset it points at, which may
            // be the object's end (reading there is then out of bounds).
            StrArg::Ptr(e) => {
                let v = self.eval(e)?;
                let ptr = Pointer::decode(v)
                    .ok_or_else(|| Fault::invalid("not a pointer value", span))?;
                let (obj, len) = match ptr.obj {
                    PtrObj::ArgvRow(r) => {
                        let row = self
                            .argv
                            .get(r)
                            .ok_or_else(|| Fault::invalid("argv row out of range", span))?;
                        let cells: Vec<i128> = row.iter().map(|&b| b as i8 as i128).collect();
                        let len = cells.len() as u64;
                        (StrObj::Owned(cells, Some(r)), len)
                    }
                    // A malloc'd block read as a string has `char` cells.
                    _ => {
                        let (space, start, len) = self.live_object(ptr, IntKind::Char, span)?;
                        (StrObj::Arena(space, start, len as usize), len)
                    }
                };
                if ptr.off < 0 || ptr.off as u64 > len {
                    return Err(Fault::rt(
                        RuntimeErrorKind::IndexOutOfBounds {
                            index: ptr.off as i128,
                            len,
                        },
                        span,
                    ));
                }
                return Ok((obj, ptr.off as usize, Some(ptr)));
            }
            StrArg::Array(p) => p,
        };
        match self.resolve_str(place)? {
            Resolved::Region(Region::Mem {
                space,
                start,
                len,
                ptr,
            }) => Ok((StrObj::Arena(space, start, len as usize), 0, Some(ptr))),
            Resolved::Region(Region::ArgvRow(r)) => {
                let row = self
                    .argv
                    .get(r)
                    .ok_or_else(|| Fault::invalid("argv row out of range", span))?;
                let cells = row.iter().map(|&b| b as i8 as i128).collect();
                Ok((
                    StrObj::Owned(cells, Some(r)),
                    0,
                    Some(Pointer::new(PtrObj::ArgvRow(r), 0)),
                ))
            }
            _ => Err(Fault::invalid("string operand is not an array", span)),
        }
    }

    fn obj_cells<'s>(&'s self, o: &'s StrObj) -> &'s [i128] {
        match o {
            StrObj::Arena(space, start, len) => {
                let arena = self.arena(*space);
                arena.get(*start..*start + *len).unwrap_or(&[])
            }
            StrObj::Owned(c, _) => c,
        }
    }

    /// Store `bytes` into a `char` region from cell `at`; past its end is out of bounds.
    fn write_region(&mut self, region: Region, at: usize, bytes: &[u8], span: Span) -> Res<()> {
        let (len, cells): (usize, Option<&mut [i128]>) = match region {
            Region::Mem {
                space, start, len, ..
            } => {
                if space == Space::Global && self.prep.is_literal_cell(start) && !bytes.is_empty() {
                    return Err(Fault::rt(RuntimeErrorKind::StringLiteralWrite, span));
                }
                let arena = self.arena_mut(space);
                (len as usize, arena.get_mut(start..start + len as usize))
            }
            Region::ArgvRow(r) => {
                let row = self
                    .argv
                    .get_mut(r)
                    .ok_or_else(|| Fault::invalid("argv row out of range", span))?;
                let len = row.len();
                if at + bytes.len() > len {
                    return Err(Fault::rt(
                        RuntimeErrorKind::IndexOutOfBounds {
                            index: len.max(at) as i128,
                            len: len as u64,
                        },
                        span,
                    ));
                }
                row[at..at + bytes.len()].copy_from_slice(bytes);
                return Ok(());
            }
            Region::ArgvAll => return Err(Fault::invalid("argv used as a string", span)),
        };
        let Some(cells) = cells else {
            return Err(Fault::invalid("string outside memory", span));
        };
        if at + bytes.len() > len {
            return Err(Fault::rt(
                RuntimeErrorKind::IndexOutOfBounds {
                    index: len.max(at) as i128,
                    len: len as u64,
                },
                span,
            ));
        }
        for (c, &b) in cells[at..].iter_mut().zip(bytes) {
            // The cells are `char` (signed) or `unsigned char`: both hold the byte's value
            // as the array's type reads it back.
            *c = b as i8 as i128;
        }
        Ok(())
    }

    /// A `string.h` call ([`faultline_libc::string`] computes it on the operands' cells).
    fn str_call(
        &mut self,
        stmt: &'p Stmt,
        inst: u32,
        ovr: Option<&'o [i128]>,
        func: StrFn,
        dest: Option<LocalId>,
        args: &'p [StrOperand],
    ) -> Res<()> {
        use faultline_libc::string::{self as sl, StrError, View};
        let mut objs: Vec<(StrObj, usize, Span)> = Vec::with_capacity(2);
        let mut ptr0: Option<Pointer> = None;
        let mut ints: Vec<i128> = Vec::with_capacity(2);
        for a in args {
            match a {
                StrOperand::Str(s) => {
                    let span = s.span_or(stmt.span);
                    let (o, at, ptr) = self.str_object(s, span)?;
                    if objs.is_empty() {
                        ptr0 = ptr;
                    }
                    objs.push((o, at, span));
                }
                StrOperand::Int(e) => ints.push(self.eval(e)?),
            }
        }
        let views: Vec<View<'_>> = objs
            .iter()
            .map(|(o, at, _)| View::new(self.obj_cells(o), *at))
            .collect();
        let view = |k: usize| views.get(k).copied().unwrap_or(View::new(&[], 0));
        let n = ints.last().copied().unwrap_or(0);
        let n = if n < 0 { u64::MAX } else { n as u64 };
        enum Res2 {
            Int(i128),
            Write(sl::Write),
            /// An offset from the first operand's start, or NULL.
            Ptr(Option<u64>),
        }
        let r: Result<Res2, StrError> = match func {
            StrFn::Strlen => sl::strlen(view(0)).map(|v| Res2::Int(v as i128)),
            StrFn::Strcmp => sl::strcmp(view(0), view(1)).map(|v| Res2::Int(v as i128)),
            StrFn::Strncmp => sl::strncmp(view(0), view(1), n).map(|v| Res2::Int(v as i128)),
            StrFn::Memcmp => sl::memcmp(view(0), view(1), n).map(|v| Res2::Int(v as i128)),
            StrFn::Strcpy => sl::strcpy(view(0), view(1)).map(Res2::Write),
            StrFn::Strncpy => sl::strncpy(view(0), view(1), n).map(Res2::Write),
            StrFn::Strcat => sl::strcat(view(0), view(1)).map(Res2::Write),
            StrFn::Strncat => sl::strncat(view(0), view(1), n).map(Res2::Write),
            StrFn::Memset => {
                sl::memset(view(0), ints.first().copied().unwrap_or(0), n).map(Res2::Write)
            }
            StrFn::Memcpy => sl::memcpy(view(0), view(1), n, false).map(Res2::Write),
            StrFn::Memmove => sl::memcpy(view(0), view(1), n, true).map(Res2::Write),
            StrFn::Strchr => sl::strchr(view(0), n_or_c(&ints)).map(Res2::Ptr),
            StrFn::Strrchr => sl::strrchr(view(0), n_or_c(&ints)).map(Res2::Ptr),
            StrFn::Strstr => sl::strstr(view(0), view(1)).map(Res2::Ptr),
            StrFn::Strpbrk => sl::strpbrk(view(0), view(1)).map(Res2::Ptr),
            StrFn::Strspn => sl::strspn(view(0), view(1), false).map(|v| Res2::Int(v as i128)),
            StrFn::Strcspn => sl::strspn(view(0), view(1), true).map(|v| Res2::Int(v as i128)),
        };
        drop(views);
        let r = match r {
            Ok(r) => r,
            Err(e) => {
                let (kind, arg) = match e {
                    StrError::OutOfBounds { arg, index, len } => (
                        RuntimeErrorKind::IndexOutOfBounds {
                            index: index as i128,
                            len,
                        },
                        arg,
                    ),
                    StrError::Uninitialized { arg, .. } => {
                        let name = match args.get(arg as usize) {
                            Some(StrOperand::Str(StrArg::Array(p))) => self.place_name(p),
                            _ => "?".into(),
                        };
                        (RuntimeErrorKind::UninitializedRead { name }, arg)
                    }
                    StrError::Overlap => {
                        return Err(Fault::rt(
                            RuntimeErrorKind::OverlappingCopy { func: func.name() },
                            stmt.span,
                        ))
                    }
                };
                let span = objs.get(arg as usize).map_or(stmt.span, |o| o.2);
                return Err(Fault::rt(kind, span));
            }
        };
        match r {
            Res2::Ptr(k) => {
                // A pointer into the first operand's object, where its string starts plus `k`.
                let v = match (k, ptr0) {
                    (None, _) => 0,
                    (Some(k), Some(p)) => p
                        .add(k as i128)
                        .ok_or_else(|| Fault::invalid("pointer offset overflow", stmt.span))?
                        .encode(),
                    (Some(_), None) => {
                        return Err(Fault::invalid(
                            "pointer result into an operand without an object",
                            stmt.span,
                        ))
                    }
                };
                let v = ovr.and_then(|o| o.first().copied()).unwrap_or(v);
                self.event(stmt, inst, &[v]);
                if let Some(d) = dest {
                    self.write_local(d, v, stmt.span)?;
                }
            }
            Res2::Int(v) => {
                let v = ovr.and_then(|o| o.first().copied()).unwrap_or(v);
                let v = func.result().map_or(v, |k| k.wrap(v));
                self.event(stmt, inst, &[v]);
                if let Some(d) = dest {
                    self.write_local(d, v, stmt.span)?;
                }
            }
            Res2::Write(w) => {
                self.event(stmt, inst, &[]);
                let region = match &objs[0].0 {
                    StrObj::Arena(space, start, len) => Region::Mem {
                        space: *space,
                        start: *start,
                        len: *len as u64,
                        // Only the cells are written; the pointer to them is not needed.
                        ptr: Pointer::new(PtrObj::Null, 0),
                    },
                    StrObj::Owned(_, Some(row)) => Region::ArgvRow(*row),
                    StrObj::Owned(_, None) => {
                        return Err(Fault::rt(RuntimeErrorKind::StringLiteralWrite, objs[0].2))
                    }
                };
                self.write_region(region, w.at, &w.bytes, objs[0].2)?;
            }
        }
        Ok(())
    }

    /// `fgets(buf, size, stdin)` / `gets(buf)`.
    fn fgets(
        &mut self,
        stmt: &'p Stmt,
        inst: u32,
        ovr: Option<&'o [i128]>,
        buf: &'p Place,
        size: Option<&'p Expr>,
        dest: Option<LocalId>,
    ) -> Res<()> {
        let region = match self.resolve_str(buf)? {
            Resolved::Region(r) => r,
            Resolved::Cell(_) => return Err(Fault::invalid("fgets buffer is a scalar", buf.span)),
        };
        let (text, pos) = match size {
            Some(e) => {
                let n = self.eval(e)?;
                faultline_libc::fgets(&self.stdin.data, self.stdin.pos, n)
            }
            None => faultline_libc::gets(&self.stdin.data, self.stdin.pos),
        };
        self.stdin.pos = pos;
        let got = text.is_some() as i128;
        if let Some(mut t) = text {
            t.push(0);
            self.write_region(region, 0, &t, buf.span)?;
        }
        let v = ovr
            .and_then(|o| o.first().copied())
            .map_or(got, |o| (o != 0) as i128);
        self.event(stmt, inst, &[v]);
        if let Some(d) = dest {
            self.write_local(d, v, stmt.span)?;
        }
        Ok(())
    }

    /// Append the bytes of a string operand (without its NUL) to `out`.
    fn read_str(&mut self, s: &'p StrArg, out: &mut Vec<u8>, span: Span) -> Res<()> {
        self.read_str_upto(s, out, span, None)
    }

    /// [`Self::read_str`] reading at most `limit` bytes (`%.3s`: no NUL needed within them).
    fn read_str_upto(
        &mut self,
        s: &'p StrArg,
        out: &mut Vec<u8>,
        span: Span,
        limit: Option<usize>,
    ) -> Res<()> {
        let limit = limit.unwrap_or(usize::MAX);
        let place = match s {
            StrArg::Literal(text) => {
                let b = text.as_bytes();
                let n = b.iter().position(|&c| c == 0).unwrap_or(b.len()).min(limit);
                out.extend_from_slice(&b[..n]);
                return Ok(());
            }
            StrArg::Ptr(e) => {
                let at_span = e.span;
                let (o, at, _) = self.str_object(s, at_span)?;
                let cells = self.obj_cells(&o);
                for (k, &v) in cells.iter().enumerate().skip(at) {
                    if k - at == limit {
                        return Ok(());
                    }
                    if !is_value(v) {
                        return Err(Fault::rt(
                            RuntimeErrorKind::UninitializedRead {
                                name: "the string".into(),
                            },
                            at_span,
                        ));
                    }
                    if v == 0 {
                        return Ok(());
                    }
                    out.push(v as u8);
                }
                if cells.len() - at >= limit {
                    return Ok(());
                }
                // No NUL before the object's end: the C library would read past it.
                return Err(Fault::rt(
                    RuntimeErrorKind::IndexOutOfBounds {
                        index: cells.len() as i128,
                        len: cells.len() as u64,
                    },
                    at_span,
                ));
            }
            StrArg::Array(p) => p,
        };
        let region = match self.resolve_str(place)? {
            Resolved::Region(r) => r,
            Resolved::Cell(_) => return Err(Fault::invalid("string operand is a scalar", span)),
        };
        match region {
            Region::ArgvRow(r) => {
                let row = self
                    .argv
                    .get(r)
                    .ok_or_else(|| Fault::invalid("argv row out of range", span))?;
                let n = row.iter().position(|&b| b == 0).unwrap_or(row.len());
                out.extend_from_slice(&row[..n.min(limit)]);
                Ok(())
            }
            Region::ArgvAll => Err(Fault::invalid("argv used as a string", span)),
            Region::Mem {
                space, start, len, ..
            } => {
                let arena = self.arena(space);
                for i in 0..len as usize {
                    if i == limit {
                        return Ok(());
                    }
                    let v = *arena
                        .get(start + i)
                        .ok_or_else(|| Fault::invalid("string outside memory", span))?;
                    if !is_value(v) {
                        return Err(Fault::rt(
                            RuntimeErrorKind::UninitializedRead {
                                name: self.place_name(place),
                            },
                            place.span,
                        ));
                    }
                    if v == 0 {
                        return Ok(());
                    }
                    out.push(v as u8);
                }
                if len as usize >= limit {
                    // `%.Ns` read its N bytes, all inside the array.
                    return Ok(());
                }
                // No NUL inside the array: the C library would read past its end.
                Err(Fault::rt(
                    RuntimeErrorKind::IndexOutOfBounds {
                        index: len as i128,
                        len,
                    },
                    place.span,
                ))
            }
        }
    }

    fn place_name(&self, p: &Place) -> String {
        let program = self.prep.program;
        // Through a pointer: the pointed-to object, named after the pointer.
        let through = match p.base {
            VarRef::Local(l) => self.code.vars.get(l.index()).is_some_and(|v| v.is_ptr),
            VarRef::Global(g) => self.prep.globals.get(g.index()).is_some_and(|v| v.is_ptr),
            VarRef::Argv => false,
        };
        if through && !p.indices.is_empty() {
            let inner = Place {
                base: p.base,
                indices: Vec::new(),
                span: p.span,
            };
            return format!("*{}", self.place_name(&inner));
        }
        match p.base {
            VarRef::Local(l) => self
                .code
                .func
                .locals
                .get(l.index())
                .map_or_else(|| "?".into(), |d| d.name.clone()),
            VarRef::Global(g) => program
                .globals
                .get(g.index())
                .map_or_else(|| "?".into(), |d| d.name.clone()),
            VarRef::Argv => "argv".into(),
        }
    }

    // ---------------------------------------------------------------- places

    /// Resolve a place that must denote a scalar.
    #[inline]
    fn cell(&mut self, p: &'p Place) -> Res<Cell> {
        if let Some(c) = self.scalar_cell(p) {
            return Ok(c);
        }
        match self.resolve(p)? {
            Resolved::Cell(c) => Ok(c),
            Resolved::Region(_) => Err(Fault::invalid("array used as a scalar", p.span)),
        }
    }

    /// The fast path of [`Machine::cell`]: a scalar local or global without indices.
    #[inline]
    fn scalar_cell(&self, p: &Place) -> Option<Cell> {
        if !p.indices.is_empty() {
            return None;
        }
        let (var, space, at) = match p.base {
            VarRef::Local(l) => {
                let var = self.code.vars.get(l.index())?;
                (var, Space::Stack, self.base + var.offset)
            }
            VarRef::Global(g) => {
                let var = self.prep.globals.get(g.index())?;
                (var, Space::Global, var.offset)
            }
            VarRef::Argv => return None,
        };
        if var.is_ptr {
            return Some(Cell::Mem {
                space,
                at,
                kind: IntKind::Ptr,
            });
        }
        (var.dims.is_empty() && !var.unsupported).then_some(Cell::Mem {
            space,
            at,
            kind: var.kind,
        })
    }

    /// A string operand's place: an array row as [`Machine::resolve`] gives it, or a `char *`
    /// stored in a cell (`words[i]` of a `char **`), followed to the chars it points at.
    fn resolve_str(&mut self, p: &'p Place) -> Res<Resolved> {
        let r = self.resolve(p)?;
        let Resolved::Cell(Cell::Mem {
            space,
            at,
            kind: IntKind::Ptr,
        }) = r
        else {
            return Ok(r);
        };
        let raw = self.arena(space).get(at).copied().unwrap_or(UNINIT);
        if !is_value(raw) {
            return Err(Fault::rt(
                RuntimeErrorKind::UninitializedRead {
                    name: self.place_name(p),
                },
                p.span,
            ));
        }
        let ptr = Pointer::decode(raw)
            .ok_or_else(|| Fault::invalid("pointer cell without a pointer", p.span))?;
        let (space, start, len) = match ptr.obj {
            PtrObj::ArgvRow(r) if ptr.off == 0 => return Ok(Resolved::Region(Region::ArgvRow(r))),
            _ => self.live_object(ptr, IntKind::Char, p.span)?,
        };
        if ptr.off < 0 || ptr.off as u64 > len {
            return Err(Fault::rt(
                RuntimeErrorKind::IndexOutOfBounds {
                    index: ptr.off as i128,
                    len,
                },
                p.span,
            ));
        }
        Ok(Resolved::Region(Region::Mem {
            space,
            start: start + ptr.off as usize,
            len: len - ptr.off as u64,
            ptr,
        }))
    }

    /// Walk a place's indices, checking each against its dimension.
    fn resolve(&mut self, p: &'p Place) -> Res<Resolved> {
        self.locate(p, false)
    }

    /// The variable a place starts from: its layout, arena and first cell.
    fn base_var(&self, p: &Place) -> Res<(&'p VarLayout, Space, usize)> {
        let code = self.code;
        let prep = self.prep;
        let (var, space, slot) = match p.base {
            VarRef::Local(l) => {
                let var = code
                    .vars
                    .get(l.index())
                    .ok_or_else(|| Fault::invalid("unknown local", p.span))?;
                (var, Space::Stack, self.base + var.offset)
            }
            VarRef::Global(g) => {
                let var = prep
                    .globals
                    .get(g.index())
                    .ok_or_else(|| Fault::invalid("unknown global", p.span))?;
                (var, Space::Global, var.offset)
            }
            VarRef::Argv => return Err(Fault::invalid("argv has no layout", p.span)),
        };
        if var.unsupported {
            return Err(Fault::invalid("variable of an unsupported type", p.span));
        }
        Ok((var, space, slot))
    }

    /// Check that a pointer may be dereferenced (not null, its call still active, its heap
    /// block not freed) and return its object's arena, start and length in cells. `kind` is the
    /// type of the access: a heap block takes it as its cells' type on first use.
    fn live_object(&mut self, ptr: Pointer, kind: IntKind, span: Span) -> Res<(Space, usize, u64)> {
        match ptr.obj {
            PtrObj::Null => Err(Fault::rt(RuntimeErrorKind::NullDereference, span)),
            PtrObj::Global { start, len } => Ok((Space::Global, start, len)),
            PtrObj::Stack { start, len, serial } => {
                // The frame holding `start` (frames are in increasing base order).
                let i = self.frames.partition_point(|f| f.base <= start);
                let alive = i > 0
                    && self.frames[i - 1].serial == serial
                    && start + len as usize <= self.stack.len();
                if alive {
                    Ok((Space::Stack, start, len))
                } else {
                    Err(Fault::rt(RuntimeErrorKind::DanglingPointer, span))
                }
            }
            PtrObj::ArgvAll | PtrObj::ArgvRow(_) => {
                Err(Fault::invalid("argv pointer used as memory", span))
            }
            PtrObj::Heap(id) => match self.heap.get(id as usize).map(|b| b.strukt.is_some()) {
                Some(true) => self.heap_member(id, ptr.off, kind, span),
                _ => self.heap_block(id, kind, span),
            },
        }
    }

    /// A scalar access through a pointer to a member of a struct in a heap block typed as
    /// structs (`int *q = &p->v`, `p->name` as a string): the member's cells are the object.
    /// Returns the block's arena, 0 and the end of the member (the offset is the block's).
    fn heap_member(
        &mut self,
        id: u32,
        off: i64,
        kind: IntKind,
        span: Span,
    ) -> Res<(Space, usize, u64)> {
        let block = &self.heap[id as usize];
        if block.freed {
            return Err(Fault::rt(RuntimeErrorKind::UseAfterFree, span));
        }
        let sl = block.strukt.clone().expect("a struct block");
        let n = block.cells.len() as u64 / sl.cells;
        let off = off.max(0) as u64;
        let leaf = sl
            .leaves
            .iter()
            .rev()
            .find(|l| n * l.before <= off)
            .ok_or_else(|| Fault::invalid("pointer before a struct block", span))?;
        if leaf.kind != kind {
            return Err(Fault::rt(
                RuntimeErrorKind::Unsupported {
                    message: format!(
                        "a member of `{}` of type `{}` used as `{}`",
                        sl.name,
                        leaf.kind.c_name(),
                        kind.c_name()
                    ),
                },
                span,
            ));
        }
        let e = (off - n * leaf.before) / leaf.cells.max(1);
        let end = n * leaf.before + (e + 1) * leaf.cells;
        Ok((Space::Heap(id), 0, end))
    }

    /// The object a struct pointer points into: its arena, first cell and number of elements.
    /// A heap block takes the struct as its type on first use (C's effective type); one typed
    /// as another struct in which this one is nested (`&b->hi` of a `struct box *b`) is
    /// reached from the leaf where the pointer points: its first cell is that leaf's.
    fn struct_object(
        &mut self,
        ptr: Pointer,
        sl: &Arc<StructLayout>,
        span: Span,
    ) -> Res<(Space, usize, u64)> {
        let step = sl.leaves[0].cells.max(1);
        match ptr.obj {
            PtrObj::Heap(id) => {
                let block = self
                    .heap
                    .get_mut(id as usize)
                    .ok_or_else(|| Fault::invalid("pointer to no heap block", span))?;
                if block.freed {
                    return Err(Fault::rt(RuntimeErrorKind::UseAfterFree, span));
                }
                match (&block.strukt, block.kind) {
                    (Some(s), _) if s.id == sl.id => {}
                    (Some(s), _) => {
                        let n = block.cells.len() as u64 / s.cells.max(1);
                        if let Some(at) = s.nested_at(n, ptr.off, sl) {
                            return Ok((Space::Heap(id), (n * s.leaves[at].before) as usize, n));
                        }
                        return Err(Fault::rt(
                            RuntimeErrorKind::Unsupported {
                                message: format!(
                                    "memory allocated as `{}` used as `{}`",
                                    s.name, sl.name
                                ),
                            },
                            span,
                        ));
                    }
                    (s, k) if s.is_some() || k.is_some() => {
                        let was = match (s, k) {
                            (Some(s), _) => s.name.clone(),
                            (_, Some(k)) => k.c_name().to_string(),
                            _ => unreachable!(),
                        };
                        return Err(Fault::rt(
                            RuntimeErrorKind::Unsupported {
                                message: format!(
                                    "memory allocated as `{was}` used as `{}`",
                                    sl.name
                                ),
                            },
                            span,
                        ));
                    }
                    _ => {
                        if block.bytes % sl.size != 0 {
                            return Err(Fault::rt(
                                RuntimeErrorKind::Unsupported {
                                    message: format!(
                                        "a block of {} bytes used as `{}` (not a whole number of {}-byte structs)",
                                        block.bytes, sl.name, sl.size
                                    ),
                                },
                                span,
                            ));
                        }
                        let n = block.bytes / sl.size;
                        let cells = n.saturating_mul(sl.cells);
                        // The run's limit (`[limits] max_heap_mb`), as for other blocks.
                        if self.heap_cells + cells > self.max_heap_cells {
                            return Err(Fault::rt(
                                RuntimeErrorKind::HeapLimit {
                                    bytes: self.max_heap_bytes,
                                },
                                span,
                            ));
                        }
                        let block = &mut self.heap[id as usize];
                        let mut v = vec![UNINIT; cells as usize];
                        // `calloc`: the elements wholly inside the zeroed bytes.
                        let zero = (block.zero_bytes / sl.size).min(n);
                        for l in sl.leaves.iter() {
                            let at = (n * l.before) as usize;
                            // Array members start zero, as in a struct local (the lowerer's
                            // `agg_zero`): copying a struct whose `char name[16]` holds a
                            // shorter string copies the unused tail, which C allows.
                            let z = if l.dims.is_empty() { zero } else { n };
                            v[at..at + (z * l.cells) as usize].fill(0);
                        }
                        block.cells = v;
                        block.strukt = Some(sl.clone());
                        self.heap_cells += cells;
                    }
                }
                let n = self.heap[id as usize].cells.len() as u64 / sl.cells;
                Ok((Space::Heap(id), 0, n))
            }
            _ => {
                let (space, start, len) = self.live_object(ptr, sl.leaves[0].kind, span)?;
                let n = len / step;
                let fits = len % step == 0
                    && (start as u64)
                        .checked_add(n.saturating_mul(sl.cells))
                        .is_some_and(|end| end <= self.arena(space).len() as u64);
                if !fits {
                    return Err(Fault::invalid(
                        "a struct pointer to something that is not that struct",
                        span,
                    ));
                }
                Ok((space, start, n))
            }
        }
    }

    /// The object a variable of `size` cells at `slot` of `space` is, as a pointer names it
    /// (a stack object carries the frame's serial, so a pointer outliving it is caught).
    fn var_object(&self, space: Space, slot: usize, size: usize) -> PtrObj {
        match space {
            Space::Stack => PtrObj::Stack {
                start: slot,
                len: size as u64,
                serial: self.serial,
            },
            Space::Global => PtrObj::Global {
                start: slot,
                len: size as u64,
            },
            Space::Heap(id) => PtrObj::Heap(id),
        }
    }

    /// The pointer held by the pointer variable at `slot` of `space`, the base of place `p`:
    /// reading it unset is an uninitialized read at `p`.
    fn pointer_var(&self, space: Space, slot: usize, p: &Place) -> Res<Pointer> {
        let raw = *self
            .arena(space)
            .get(slot)
            .ok_or_else(|| Fault::invalid("variable outside memory", p.span))?;
        if !is_value(raw) {
            return Err(Fault::rt(
                RuntimeErrorKind::UninitializedRead {
                    name: self.place_name(p),
                },
                p.span,
            ));
        }
        Pointer::decode(raw)
            .ok_or_else(|| Fault::invalid("pointer variable without a pointer", p.span))
    }

    /// A place through a struct pointer (`[element, leaf, the leaf's indices…]`): the cell or
    /// row, and a pointer to it as its own object (the member, for `&p->x` and `p->name`).
    fn locate_struct(
        &mut self,
        p: &'p Place,
        var: &'p VarLayout,
        space0: Space,
        slot: usize,
        addr: bool,
    ) -> Res<(Resolved, Pointer)> {
        let sl = var.strukt.clone().expect("a struct pointer");
        let ptr = self.pointer_var(space0, slot, p)?;
        if matches!(ptr.obj, PtrObj::ArgvAll | PtrObj::ArgvRow(_)) {
            return Err(Fault::invalid("argv pointer used as a struct", p.span));
        }
        let (Some(ie), Some(je)) = (p.indices.first(), p.indices.get(1)) else {
            return Err(Fault::invalid("a struct used as a scalar", p.span));
        };
        let i = self.eval(ie)?;
        let j = self.eval(je)?;
        let (space, start, n) = self.struct_object(ptr, &sl, p.span)?;
        let step = sl.leaves[0].cells.max(1) as i128;
        // A heap pointer's offset counts from the block's first cell, `start` being where
        // the struct's first leaf begins in it (further in for a nested struct).
        let off = match space {
            Space::Heap(_) => ptr.off as i128 - start as i128,
            _ => ptr.off as i128,
        };
        if off % step != 0 {
            return Err(Fault::invalid("a struct pointer between elements", p.span));
        }
        let e = (off / step).saturating_add(i);
        if e < 0 || e >= n as i128 {
            return Err(Fault::rt(
                RuntimeErrorKind::IndexOutOfBounds { index: e, len: n },
                p.span,
            ));
        }
        let leaf = usize::try_from(j)
            .ok()
            .and_then(|j| sl.leaves.get(j))
            .ok_or_else(|| Fault::invalid("no such struct member", p.span))?;
        let sub = n as u128 * leaf.before as u128 + e as u128 * leaf.cells as u128;
        let mut pos: i128 = sub as i128;
        let rest = &p.indices[2..];
        if rest.len() > leaf.dims.len() {
            return Err(Fault::invalid("more indices than dimensions", p.span));
        }
        for (k, idx) in rest.iter().enumerate() {
            let i = self.eval(idx)?;
            let len = leaf.dims[k] as i128;
            let end_ok = addr && k + 1 == rest.len();
            if i < 0 || i > len || (i == len && !end_ok) {
                return Err(Fault::rt(
                    RuntimeErrorKind::IndexOutOfBounds {
                        index: i,
                        len: len as u64,
                    },
                    p.span,
                ));
            }
            pos += i * leaf.strides[k] as i128;
        }
        let at = start + pos as usize;
        // The member's object: a stack or global member is its leaf over all the elements
        // (the scalarized variable `q.cells` of `struct row q[4]`), as in the formula and as
        // `&q[i].cells[j]` written without the pointer is, so that `&p->cells[j]` and
        // `&q[i].cells[k]` are one object (they may be subtracted and compared), and
        // `&p->inner` (a pointer to the leaf where a nested struct starts) reaches the
        // nested struct's other leaves after it, as a struct pointer does (see
        // `struct_object`). A heap one is the block, by the offset of the cell in it (see
        // `heap_member`). An index past an array member's end is still caught above, and a
        // string function on `p->name` is bounded by the member's region below.
        let (mstart, mlen) = (
            n as u128 * leaf.before as u128,
            n.saturating_mul(leaf.cells),
        );
        let member = match ptr.obj {
            PtrObj::Stack { serial, .. } => Pointer::new(
                PtrObj::Stack {
                    start: start + mstart as usize,
                    len: mlen,
                    serial,
                },
                (pos - mstart as i128) as i64,
            ),
            PtrObj::Global { .. } => Pointer::new(
                PtrObj::Global {
                    start: start + mstart as usize,
                    len: mlen,
                },
                (pos - mstart as i128) as i64,
            ),
            // The heap block's arena is the block: the cell's index is its offset.
            obj => Pointer::new(obj, at as i64),
        };
        let k = rest.len();
        let r = if k == leaf.dims.len() {
            Resolved::Cell(Cell::Mem {
                space,
                at,
                kind: leaf.kind,
            })
        } else {
            Resolved::Region(Region::Mem {
                space,
                start: at,
                len: leaf.dims[k],
                ptr: member,
            })
        };
        Ok((r, member))
    }

    /// Resolve a place to a cell or region; with `addr`, the last index may be one past the
    /// end (`&a[n]`: a pointer may point just past an object, but not be dereferenced).
    fn locate(&mut self, p: &'p Place, addr: bool) -> Res<Resolved> {
        if let VarRef::Argv = p.base {
            return self.resolve_argv(p, None, 0);
        }
        let (var, space0, slot) = self.base_var(p)?;
        if var.strukt.is_some() && !p.indices.is_empty() {
            return Ok(self.locate_struct(p, var, space0, slot, addr)?.0);
        }
        if p.indices.len() > var.dims.len() {
            return Err(Fault::invalid("more indices than dimensions", p.span));
        }
        // The object, and the position (in cells) of the place within it.
        let (space, start, obj_len, obj, mut pos) = if var.is_ref {
            let ptr = self.pointer_var(space0, slot, p)?;
            match ptr.obj {
                PtrObj::ArgvAll => return self.resolve_argv(p, None, ptr.off),
                PtrObj::ArgvRow(r) => return self.resolve_argv(p, Some(r), ptr.off),
                _ => {}
            }
            let (space, start, len) = self.live_object(ptr, var.kind, p.span)?;
            (space, start, len, ptr.obj, ptr.off as i128)
        } else {
            let obj = self.var_object(space0, slot, var.size);
            (space0, slot, var.size as u64, obj, 0)
        };
        let last = p.indices.len();
        for (j, idx) in p.indices.iter().enumerate() {
            let i = self.eval(idx)?;
            let stride = var.strides[j] as i128;
            let end_ok = addr && j + 1 == last;
            if j == 0 && var.is_ref {
                // Through a pointer: the element must lie within the object.
                let at = pos + i * stride;
                let fits = if end_ok {
                    at >= 0 && at <= obj_len as i128
                } else {
                    at >= 0 && at + stride.max(1) <= obj_len as i128
                };
                if !fits {
                    let s = stride.max(1);
                    return Err(Fault::rt(
                        RuntimeErrorKind::IndexOutOfBounds {
                            index: at.div_euclid(s),
                            len: obj_len / s as u64,
                        },
                        p.span,
                    ));
                }
                pos = at;
            } else {
                let len = var.dims[j] as i128;
                if i < 0 || i > len || (i == len && !end_ok) {
                    return Err(Fault::rt(
                        RuntimeErrorKind::IndexOutOfBounds {
                            index: i,
                            len: len as u64,
                        },
                        p.span,
                    ));
                }
                pos += i * stride;
            }
        }
        let k = p.indices.len();
        let at = start + pos as usize;
        if k == var.dims.len() {
            Ok(Resolved::Cell(Cell::Mem {
                space,
                at,
                kind: var.kind,
            }))
        } else {
            let len = if k == 0 && var.is_ref {
                // Through a pointer: what is left of the object from the pointer on.
                let s = var.strides[0].max(1);
                (obj_len.saturating_sub(pos as u64)) / s
            } else {
                var.dims[k]
            };
            Ok(Resolved::Region(Region::Mem {
                space,
                start: at,
                len,
                ptr: Pointer::new(obj, pos as i64),
            }))
        }
    }

    /// Apply a pointer override `o` (relative, or naming a variable) to the pointer
    /// `as_written` that the statement at `span` computes.
    fn override_pointer(&self, as_written: i128, o: i128, span: Span) -> i128 {
        let Some((target, off)) = pointer_object_target(o) else {
            return relative_pointer(as_written, o);
        };
        let base = match target {
            PointerTarget::Global(g) => VarRef::Global(g),
            PointerTarget::Local(l) => VarRef::Local(l),
            // A block of this run (live or not: using a freed one fails the run there).
            PointerTarget::Heap { block, .. } => {
                return match self.heap.get(block as usize) {
                    Some(_) => Pointer::new(PtrObj::Heap(block), off).encode(),
                    // No such block: the marker stays, and using it fails the run.
                    None => o,
                };
            }
        };
        let place = Place {
            base,
            indices: Vec::new(),
            span,
        };
        let Ok((var, space, slot)) = self.base_var(&place) else {
            // No such variable: the marker stays, and using it fails the run.
            return o;
        };
        let obj = self.var_object(space, slot, var.size);
        Pointer::new(obj, off).encode()
    }

    /// `&place`: a pointer to the cell or row the place designates.
    fn address_of(&mut self, p: &'p Place) -> Res<i128> {
        if let VarRef::Argv = p.base {
            return match p.indices.len() {
                0 => Ok(Pointer::new(PtrObj::ArgvAll, 0).encode()),
                _ => Err(Fault::invalid("address of an argv cell", p.span)),
            };
        }
        let (var, space, slot) = self.base_var(p)?;
        if p.indices.is_empty() {
            // `&x` of a whole variable (a pointer variable's own cell too), or an array decaying
            // to a pointer to its first cell.
            let obj = self.var_object(space, slot, var.size);
            return Ok(Pointer::new(obj, 0).encode());
        }
        if var.strukt.is_some() && p.indices.len() >= 2 {
            // `&p->x`: a pointer to the member, as its own object.
            return Ok(self.locate_struct(p, var, space, slot, true)?.1.encode());
        }
        if var.is_ref && p.indices.len() == 1 {
            // `&p[i]` is `p + i`: pointer arithmetic, checked only when dereferenced.
            let ptr = self.pointer_var(space, slot, p)?;
            let i = self.eval(&p.indices[0])?;
            let delta = i.saturating_mul(var.strides[0] as i128);
            return ptr
                .add(delta)
                .map(Pointer::encode)
                .ok_or_else(|| Fault::rt(RuntimeErrorKind::PointerOverflow, p.span));
        }
        match self.locate(p, true)? {
            Resolved::Region(Region::Mem { ptr, .. }) => Ok(ptr.encode()),
            Resolved::Region(Region::ArgvRow(r)) => {
                Ok(Pointer::new(PtrObj::ArgvRow(r), 0).encode())
            }
            Resolved::Region(Region::ArgvAll) => Ok(Pointer::new(PtrObj::ArgvAll, 0).encode()),
            Resolved::Cell(Cell::Mem { space, at, .. }) => {
                // The object is the base variable or the one the base pointer points into.
                let (obj_start, obj) = self.object_at(p, space, at)?;
                Ok(Pointer::new(obj, (at - obj_start) as i64).encode())
            }
            Resolved::Cell(Cell::Argv { row, col }) => {
                Ok(Pointer::new(PtrObj::ArgvRow(row), col as i64).encode())
            }
        }
    }

    /// The object holding cell `at` that place `p` designates (its base variable, or the
    /// object its base pointer points into).
    fn object_at(&self, p: &Place, space: Space, at: usize) -> Res<(usize, PtrObj)> {
        let (var, space0, slot) = self.base_var(p)?;
        if var.is_ref {
            let arena = self.arena(space0);
            let raw = arena.get(slot).copied().unwrap_or(0);
            let ptr = Pointer::decode(raw)
                .ok_or_else(|| Fault::invalid("pointer variable without a pointer", p.span))?;
            return match ptr.obj {
                PtrObj::Stack { start, .. } | PtrObj::Global { start, .. } => Ok((start, ptr.obj)),
                PtrObj::Heap(_) => Ok((0, ptr.obj)),
                _ => Err(Fault::invalid("pointer into no object", p.span)),
            };
        }
        let _ = at;
        Ok(match space {
            Space::Stack => (
                slot,
                PtrObj::Stack {
                    start: slot,
                    len: var.size as u64,
                    serial: self.serial,
                },
            ),
            Space::Global => (
                slot,
                PtrObj::Global {
                    start: slot,
                    len: var.size as u64,
                },
            ),
            Space::Heap(id) => (0, PtrObj::Heap(id)),
        })
    }

    /// A live heap block read or written as `kind` cells: its arena, first cell and length in
    /// cells. The first typed access fixes the block's cell type (C's effective type); a block
    /// whose size is not a whole number of `kind`s, or accessed later as another type, is a
    /// located `unsupported:` (the cells are typed, bytes are not modelled).
    fn heap_block(&mut self, id: u32, kind: IntKind, span: Span) -> Res<(Space, usize, u64)> {
        let block = self
            .heap
            .get_mut(id as usize)
            .ok_or_else(|| Fault::invalid("pointer to no heap block", span))?;
        if block.freed {
            return Err(Fault::rt(RuntimeErrorKind::UseAfterFree, span));
        }
        match block.kind {
            Some(k) if k == kind => {}
            Some(k) => {
                return Err(Fault::rt(
                    RuntimeErrorKind::Unsupported {
                        message: format!(
                            "memory allocated as `{}` used as `{}`",
                            k.c_name(),
                            kind.c_name()
                        ),
                    },
                    span,
                ))
            }
            None => {
                let size = kind.size_of();
                if block.bytes % size != 0 {
                    return Err(Fault::rt(
                        RuntimeErrorKind::Unsupported {
                            message: format!(
                                "a block of {} bytes used as `{}` (not a whole number of {size}-byte cells)",
                                block.bytes,
                                kind.c_name()
                            ),
                        },
                        span,
                    ));
                }
                let n = block.bytes / size;
                if self.heap_cells + n > self.max_heap_cells {
                    return Err(Fault::rt(
                        RuntimeErrorKind::HeapLimit {
                            bytes: self.max_heap_cells * size,
                        },
                        span,
                    ));
                }
                let zero = (block.zero_bytes / size) as usize;
                let mut cells = vec![UNINIT; n as usize];
                cells[..zero.min(n as usize)].fill(0);
                block.cells = cells;
                block.kind = Some(kind);
                self.heap_cells += n;
                // A large block is work the step count does not see (a loop of 16 `malloc`s
                // of 1 MiB is 50 steps and 256 MB of cells): it looks at the deadline and the
                // cancellation flag (the memory ceiling stays with the step checkpoints).
                if n >= CHECK_EVERY {
                    if let Some(reason) = self.stop.and_then(Stop::check_time) {
                        return Err(Fault::rt(RuntimeErrorKind::Stopped { reason }, span));
                    }
                }
            }
        }
        let len = self.heap[id as usize].cells.len() as u64;
        Ok((Space::Heap(id), 0, len))
    }

    /// A new heap block of `bytes` (its first `zero_bytes` zero): a pointer to it, null when
    /// the size is one glibc refuses (over `PTRDIFF_MAX`), a [`RuntimeErrorKind::HeapLimit`]
    /// failure past the interpreter's heap.
    fn allocate(&mut self, bytes: u128, zero_bytes: u64, span: Span) -> Res<i128> {
        if bytes > i64::MAX as u128 {
            return Ok(Pointer::new(PtrObj::Null, 0).encode());
        }
        let bytes = bytes as u64;
        if self.heap_bytes.saturating_add(bytes) > self.max_heap_bytes
            || self.heap.len() >= MAX_HEAP_OBJECTS
        {
            return Err(Fault::rt(
                RuntimeErrorKind::HeapLimit {
                    bytes: self.max_heap_bytes,
                },
                span,
            ));
        }
        let id = self.heap.len() as u32;
        self.heap.push(HeapBlock {
            bytes,
            zero_bytes: zero_bytes.min(bytes),
            kind: None,
            strukt: None,
            cells: Vec::new(),
            freed: false,
        });
        self.heap_bytes += bytes;
        Ok(Pointer::new(PtrObj::Heap(id), 0).encode())
    }

    /// The heap block `free`/`realloc` may release: `None` for null, else its number; a
    /// pointer not returned by an allocation (a variable, an interior pointer) or already
    /// freed is undefined behaviour.
    fn freeable(&self, raw: i128, span: Span) -> Res<Option<u32>> {
        let ptr = Pointer::decode(raw)
            .ok_or_else(|| Fault::invalid("pointer operand without a pointer", span))?;
        match ptr.obj {
            PtrObj::Null if ptr.off == 0 => Ok(None),
            PtrObj::Heap(id) => {
                let block = self
                    .heap
                    .get(id as usize)
                    .ok_or_else(|| Fault::invalid("pointer to no heap block", span))?;
                if block.freed {
                    Err(Fault::rt(RuntimeErrorKind::DoubleFree, span))
                } else if ptr.off != 0 {
                    Err(Fault::rt(
                        RuntimeErrorKind::InvalidFree {
                            what: "a pointer into the middle of an allocated block".into(),
                        },
                        span,
                    ))
                } else {
                    Ok(Some(id))
                }
            }
            _ => Err(Fault::rt(
                RuntimeErrorKind::InvalidFree {
                    what: "a pointer that `malloc`, `calloc` or `realloc` did not return".into(),
                },
                span,
            )),
        }
    }

    /// Release a heap block's memory; its number stays taken, so later uses are caught.
    fn release(&mut self, id: u32) {
        let Some(block) = self.heap.get_mut(id as usize) else {
            return;
        };
        block.freed = true;
        self.heap_bytes -= block.bytes;
        self.heap_cells -= block.cells.len() as u64;
        block.cells = Vec::new();
    }

    /// `malloc`, `calloc`, `realloc`, `free`, `ungetc` and the output count.
    fn lib_call(
        &mut self,
        stmt: &'p Stmt,
        inst: u32,
        ovr: Option<&'o [i128]>,
        op: LibOp,
        dest: Option<LocalId>,
        args: &'p [Expr],
    ) -> Res<()> {
        let span = stmt.span;
        let mut vals = [0i128; 2];
        for (i, a) in args.iter().enumerate().take(2) {
            vals[i] = self.eval(a)?;
        }
        let unsigned = |v: i128| v as u64 as u128;
        let v = match op {
            LibOp::Malloc => self.allocate(unsigned(vals[0]), 0, span)?,
            LibOp::Calloc => {
                let bytes = unsigned(vals[0]) * unsigned(vals[1]);
                self.allocate(bytes, u64::MAX, span)?
            }
            LibOp::Realloc => {
                let old = self.freeable(vals[0], span)?;
                let bytes = unsigned(vals[1]);
                match old {
                    None => self.allocate(bytes, 0, span)?,
                    // glibc: `realloc(p, 0)` frees `p` and returns null.
                    Some(id) if bytes == 0 => {
                        self.release(id);
                        0
                    }
                    Some(id) => {
                        // The old block's own bytes still count until it is released.
                        let (old_bytes, old_zero, kind, strukt) = {
                            let b = &self.heap[id as usize];
                            (b.bytes, b.zero_bytes, b.kind, b.strukt.clone())
                        };
                        let zero = if kind.is_some() || strukt.is_some() {
                            0
                        } else {
                            old_zero.min(old_bytes)
                        };
                        let new = self.allocate(bytes, zero, span)?;
                        let Some(Pointer {
                            obj: PtrObj::Heap(nid),
                            ..
                        }) = Pointer::decode(new)
                        else {
                            // Null: a size glibc refuses; the old block stays.
                            return self.lib_result(stmt, inst, ovr, dest, new);
                        };
                        if let Some(sl) = strukt {
                            // Leaf by leaf: each leaf spans all the elements.
                            let new_ptr = Pointer::new(PtrObj::Heap(nid), 0);
                            let (_, _, n) = self.struct_object(new_ptr, &sl, span)?;
                            let old_cells = std::mem::take(&mut self.heap[id as usize].cells);
                            let m = old_cells.len() as u64 / sl.cells;
                            let cells = &mut self.heap[nid as usize].cells;
                            for l in sl.leaves.iter() {
                                let c = (m.min(n) * l.cells) as usize;
                                let (from, to) = ((m * l.before) as usize, (n * l.before) as usize);
                                cells[to..to + c].copy_from_slice(&old_cells[from..from + c]);
                            }
                            self.heap[id as usize].cells = old_cells;
                        } else if let Some(k) = kind {
                            self.heap_block(nid, k, span)?;
                            let n = self.heap[nid as usize].cells.len();
                            let old_cells = std::mem::take(&mut self.heap[id as usize].cells);
                            let m = old_cells.len().min(n);
                            self.heap[nid as usize].cells[..m].copy_from_slice(&old_cells[..m]);
                            self.heap[id as usize].cells = old_cells;
                        }
                        self.release(id);
                        new
                    }
                }
            }
            LibOp::Free => {
                if let Some(id) = self.freeable(vals[0], span)? {
                    self.release(id);
                }
                self.event(stmt, inst, &[]);
                return Ok(());
            }
            LibOp::Ungetc => self.stdin.unget(vals[0]),
            LibOp::NullCall => {
                return Err(Fault::rt(RuntimeErrorKind::NullFunctionCall, span));
            }
            LibOp::OutputCount => {
                IntKind::Int.wrap((self.stdout.len() + self.stderr.len()) as i128)
            }
        };
        self.lib_result(stmt, inst, ovr, dest, v)
    }

    fn lib_result(
        &mut self,
        stmt: &Stmt,
        inst: u32,
        ovr: Option<&'o [i128]>,
        dest: Option<LocalId>,
        v: i128,
    ) -> Res<()> {
        // Only integer results may be overridden: a pointer is not a value to substitute.
        let v = match (ovr.and_then(|o| o.first().copied()), dest) {
            (Some(o), Some(d)) if self.local_kind(d, stmt.span)? != IntKind::Ptr => {
                self.local_kind(d, stmt.span)?.wrap(o)
            }
            _ => v,
        };
        self.event(stmt, inst, &[v]);
        match dest {
            Some(d) => self.write_local(d, v, stmt.span),
            None => Ok(()),
        }
    }

    /// Pointer arithmetic and comparisons (`Binary` with pointer operands or result).
    fn pointer_binary(&self, op: BinOp, e: &Expr, l: i128, r: i128) -> Res<i128> {
        let span = e.span;
        let bad = || Fault::invalid("pointer operand without a pointer", span);
        if e.ty == IntKind::Ptr {
            let p = Pointer::decode(l).ok_or_else(bad)?;
            let delta = match op {
                BinOp::Add => r,
                BinOp::Sub => r.checked_neg().unwrap_or(i128::MAX),
                _ => return Err(Fault::invalid("pointer operator", span)),
            };
            return p
                .add(delta)
                .map(Pointer::encode)
                .ok_or_else(|| Fault::rt(RuntimeErrorKind::PointerOverflow, span));
        }
        if matches!(op, BinOp::Eq | BinOp::Ne) {
            return Ok(((l == r) == (op == BinOp::Eq)) as i128);
        }
        let (a, b) = (
            Pointer::decode(l).ok_or_else(bad)?,
            Pointer::decode(r).ok_or_else(bad)?,
        );
        if a.obj != b.obj || a.obj == PtrObj::Null {
            return Err(Fault::rt(
                RuntimeErrorKind::PointerMismatch {
                    op: op.symbol().into(),
                },
                span,
            ));
        }
        let (x, y) = (a.off as i128, b.off as i128);
        Ok(match op {
            BinOp::Sub => x - y,
            BinOp::Lt => (x < y) as i128,
            BinOp::Le => (x <= y) as i128,
            BinOp::Gt => (x > y) as i128,
            BinOp::Ge => (x >= y) as i128,
            _ => return Err(Fault::invalid("pointer operator", span)),
        })
    }

    /// `argv` (or an `argv` row passed on as an array parameter): rows `0..argc`, and within a
    /// row the bytes up to and including the NUL.
    fn resolve_argv(&mut self, p: &'p Place, row: Option<usize>, off: i64) -> Res<Resolved> {
        let mut idx = p.indices.iter();
        let (row, col_off) = match row {
            Some(r) => (r, off as i128),
            None => match idx.next() {
                None if off == 0 => return Ok(Resolved::Region(Region::ArgvAll)),
                None => {
                    return Err(Fault::invalid(
                        "argv pointer moved, used as a whole",
                        p.span,
                    ))
                }
                Some(e) => {
                    let i = self.eval(e)? + off as i128;
                    let argc = self.argv.len();
                    if i < 0 || i >= argc as i128 {
                        return Err(Fault::rt(
                            RuntimeErrorKind::IndexOutOfBounds {
                                index: i,
                                len: argc as u64,
                            },
                            p.span,
                        ));
                    }
                    (i as usize, 0)
                }
            },
        };
        let len = self.argv.get(row).map_or(0, |r| r.len());
        match (idx.next(), idx.next()) {
            (None, _) if col_off == 0 => Ok(Resolved::Region(Region::ArgvRow(row))),
            (None, _) => Err(Fault::invalid(
                "argv string through a moved pointer",
                p.span,
            )),
            (Some(e), None) => {
                let i = self.eval(e)? + col_off;
                if i < 0 || i >= len as i128 {
                    return Err(Fault::rt(
                        RuntimeErrorKind::IndexOutOfBounds {
                            index: i,
                            len: len as u64,
                        },
                        p.span,
                    ));
                }
                Ok(Resolved::Cell(Cell::Argv {
                    row,
                    col: i as usize,
                }))
            }
            (Some(_), Some(_)) => Err(Fault::invalid(
                "more indices than dimensions of argv",
                p.span,
            )),
        }
    }

    #[inline]
    /// The value in `cell`, `None` while it is indeterminate.
    fn peek(&self, cell: Cell) -> Option<i128> {
        let v = match cell {
            Cell::Mem { space, at, .. } => *self.arena(space).get(at)?,
            Cell::Argv { row, col } => *self.argv.get(row)?.get(col)? as i8 as i128,
        };
        is_value(v).then_some(v)
    }

    fn store(&mut self, cell: Cell, v: i128) {
        match cell {
            Cell::Mem { space, at, .. } => {
                let arena = self.arena_mut(space);
                if let Some(c) = arena.get_mut(at) {
                    *c = v;
                }
            }
            Cell::Argv { row, col } => {
                if let Some(b) = self.argv.get_mut(row).and_then(|r| r.get_mut(col)) {
                    *b = v as u8;
                }
            }
        }
    }

    fn load(&mut self, p: &'p Place, span: Span) -> Res<i128> {
        let cell = self.cell(p)?;
        let v = match cell {
            Cell::Mem { space, at, .. } => {
                let arena = self.arena(space);
                *arena
                    .get(at)
                    .ok_or_else(|| Fault::invalid("cell outside memory", span))?
            }
            Cell::Argv { row, col } => self
                .argv
                .get(row)
                .and_then(|r| r.get(col))
                .map(|&b| b as i8 as i128)
                .ok_or_else(|| Fault::invalid("argv cell outside memory", span))?,
        };
        if is_value(v) {
            Ok(v)
        } else if v == MISSING_RETURN {
            Err(Fault::rt(RuntimeErrorKind::MissingReturnValue, span))
        } else {
            Err(Fault::rt(
                RuntimeErrorKind::UninitializedRead {
                    name: self.place_name(p),
                },
                span,
            ))
        }
    }

    // ---------------------------------------------------------------- expressions

    /// The `k`-th evaluation of an overridden expression: its replacement value, if any.
    #[cold]
    fn expr_override(&mut self, e: &Expr) -> Option<i128> {
        let c = self.expr_counts.get_mut(e.id.index())?;
        let inst = *c;
        *c += 1;
        self.overrides?.expr(e.id, inst).map(|v| e.ty.wrap(v))
    }

    fn eval(&mut self, e: &'p Expr) -> Res<i128> {
        if self.expr_ovr {
            if let Some(v) = self.expr_override(e) {
                return Ok(v);
            }
        }
        match &e.kind {
            ExprKind::Const(c) => Ok(*c),
            ExprKind::Load(p) => self.load(p, e.span),
            ExprKind::Unary(op, a) => {
                let v = self.eval(a)?;
                if a.ty.is_float() {
                    return float::unary(*op, a.ty, v)
                        .ok_or_else(|| Fault::invalid("`~` on a floating operand", e.span));
                }
                arith::unary(*op, e.ty, v).map_err(|k| Fault::rt(k, e.span))
            }
            ExprKind::Binary(op, a, b) => {
                let l = self.eval(a)?;
                let r = self.eval(b)?;
                if a.ty == IntKind::Ptr {
                    return self.pointer_binary(*op, e, l, r);
                }
                if a.ty.is_float() {
                    return float::binary(*op, a.ty, l, r).ok_or_else(|| {
                        Fault::invalid("integer operator on floating operands", e.span)
                    });
                }
                arith::binary(*op, e.ty, l, r).map_err(|k| Fault::rt(k, e.span))
            }
            ExprKind::Logical(op, a, b) => {
                let l = self.eval(a)? != 0;
                Ok(match (op, l) {
                    (LogicOp::And, false) => 0,
                    (LogicOp::Or, true) => 1,
                    _ => (self.eval(b)? != 0) as i128,
                })
            }
            ExprKind::Cond(c, a, b) => {
                if self.eval(c)? != 0 {
                    self.eval(a)
                } else {
                    self.eval(b)
                }
            }
            ExprKind::Cast(a) => {
                let v = self.eval(a)?;
                if a.ty.is_float() || e.ty.is_float() {
                    return arith::convert_float(a.ty, e.ty, v).map_err(|k| Fault::rt(k, e.span));
                }
                Ok(arith::convert(e.ty, v))
            }
            ExprKind::AddrOf(p) => self.address_of(p),
        }
    }

    /// Evaluate an assertion's condition, also returning both sides when it is a comparison
    /// (under any casts). Overrides apply exactly as in [`Machine::eval`].
    fn eval_sides(&mut self, e: &'p Expr) -> Res<(i128, Option<AssertSides>)> {
        match &e.kind {
            ExprKind::Cast(a) => {
                if self.expr_ovr {
                    if let Some(v) = self.expr_override(e) {
                        return Ok((v, None));
                    }
                }
                let (v, sides) = self.eval_sides(a)?;
                if a.ty.is_float() || e.ty.is_float() {
                    let v =
                        arith::convert_float(a.ty, e.ty, v).map_err(|k| Fault::rt(k, e.span))?;
                    return Ok((v, sides));
                }
                Ok((e.ty.wrap(v), sides))
            }
            ExprKind::Binary(op, a, b) if op.is_comparison() => {
                if self.expr_ovr {
                    if let Some(v) = self.expr_override(e) {
                        return Ok((v, None));
                    }
                }
                let l = self.eval(a)?;
                let r = self.eval(b)?;
                let v = if a.ty == IntKind::Ptr {
                    self.pointer_binary(*op, e, l, r)?
                } else if a.ty.is_float() {
                    float::binary(*op, a.ty, l, r).ok_or_else(|| {
                        Fault::invalid("integer operator on floating operands", e.span)
                    })?
                } else {
                    arith::binary(*op, e.ty, l, r).map_err(|k| Fault::rt(k, e.span))?
                };
                Ok((
                    v,
                    Some(AssertSides {
                        op: *op,
                        left: l,
                        right: r,
                        kind: a.ty,
                    }),
                ))
            }
            _ => Ok((self.eval(e)?, None)),
        }
    }
}

fn cell_kind(c: Cell) -> IntKind {
    match c {
        Cell::Mem { kind, .. } => kind,
        Cell::Argv { .. } => IntKind::Char,
    }
}

/// Run `entry` of a prepared program.
pub(crate) fn run<'p>(
    prep: &'p Prepared<'p>,
    entry: Entry,
    input: &Input,
    opts: &RunOptions<'_>,
) -> Run {
    let program = prep.program;
    let (fid, is_main) = match entry {
        Entry::Main => match program.main {
            Some(f) => (f, true),
            None => {
                return no_entry("the program has no `main`");
            }
        },
        Entry::Function(f) => (f, false),
    };
    let Some(code) = prep.funcs.get(fid.index()) else {
        return no_entry("entry function does not exist");
    };
    // The globals are copied for every run: a ceiling the copy alone would break is known
    // before it is made.
    if let Some(limit) = opts.stop.and_then(Stop::max_memory) {
        let bytes = (prep.global_init.len() as u64).saturating_mul(16);
        // Per analysis, the formulas it holds count too.
        let held = (opts.stop.and_then(Stop::account)).map_or(0, |a| a.bytes());
        if bytes.saturating_add(held) > limit {
            let mut run = no_entry("");
            run.outcome = Outcome::RuntimeError {
                kind: RuntimeErrorKind::Stopped {
                    reason: crate::StopReason::Memory { limit },
                },
                span: code.func.name_span,
            };
            return run;
        }
    }
    let mut m = Machine::new(prep, code, is_main, input, opts);
    let r = m.run(fid, code.func.name_span);
    m.finish(r)
}

fn no_entry(message: &str) -> Run {
    Run {
        outcome: Outcome::RuntimeError {
            kind: RuntimeErrorKind::InvalidProgram {
                message: message.into(),
            },
            span: Span::new(faultline_ir::FileId(0), 0, 0),
        },
        stdout: Vec::new(),
        stderr: Vec::new(),
        steps: 0,
        max_depth: 0,
        trace: None,
        coverage: None,
    }
}

/// The conversions of a format, in order.
fn convs_of(format: &[FmtPiece]) -> impl Iterator<Item = &faultline_ir::format::ConvSpec> {
    format.iter().filter_map(|p| match p {
        FmtPiece::Conv(c) => Some(c),
        _ => None,
    })
}

/// A `sprintf`-family call's format and arguments, as lowered.
struct FormatCall<'p> {
    format: &'p [FmtPiece],
    args: &'p [PrintArg],
    undefined: Option<&'p FormatMismatch>,
}

/// The failure of a `printf`-family call that reaches a conversion its argument does not
/// fit, located at the argument.
fn format_mismatch(m: &FormatMismatch) -> Fault {
    Fault::rt(RuntimeErrorKind::FormatMismatch(m.clone()), m.span)
}

/// The failure of a `printf`-family call whose rendering stopped (`what`: the function).
fn format_fault(e: faultline_libc::FormatError, what: &str, span: Span) -> Fault {
    match e {
        faultline_libc::FormatError::MissingInt => {
            Fault::invalid(format!("{what} lacks an integer argument"), span)
        }
        faultline_libc::FormatError::MissingStr => {
            Fault::invalid(format!("{what} lacks a string argument"), span)
        }
        faultline_libc::FormatError::TooLong => Fault::rt(
            RuntimeErrorKind::OutputLimit {
                bytes: MAX_OUTPUT as u64,
            },
            span,
        ),
    }
}

/// The precision of the `%s` conversion that reads argument `arg` of a `printf`-family call
/// (arguments and conversions correspond one to one): glibc reads at most that many bytes.
fn str_precision(format: &[FmtPiece], arg: usize) -> Option<usize> {
    format
        .iter()
        .filter_map(|p| match p {
            FmtPiece::Conv(c) => Some(c),
            _ => None,
        })
        .nth(arg)
        .filter(|c| c.kind == ConvKind::Str)
        .and_then(|c| c.precision)
        .map(|p| p as usize)
}

/// The `int` operand of `strchr`/`strrchr` (the character).
fn n_or_c(ints: &[i128]) -> i128 {
    ints.first().copied().unwrap_or(0)
}
