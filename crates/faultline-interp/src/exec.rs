//! The executor: runs a [`Prepared`] program with an explicit call stack.
//!
//! Memory is two arenas of `i128` cells: the stack (frames of all active calls, each holding its
//! locals flattened at precomputed offsets) and the globals. Array parameters hold an encoded
//! reference to a region of either arena (or of `argv`), so writes through them reach the
//! caller's array and bounds are checked against the referenced object.

use faultline_ir::format::{ConvKind, FmtPiece};
use faultline_ir::{
    float, Arg, Builtin, Expr, ExprKind, FuncId, IntKind, LocalId, LogicOp, Place, PrintArg, Span,
    Stmt, StmtId, StmtKind, StrArg, Stream, VarRef,
};
use faultline_libc::FmtArg;

use crate::options::{Entry, Input, RunOptions, Unwinding};
use crate::outcome::{AssertSides, Fault, Outcome, Res, RuntimeErrorKind};
use crate::overrides::Overrides;
use crate::prepare::{FuncCode, Op, Prepared, VarLayout};
use crate::stop::{Stop, CHECK_EVERY};
use crate::trace::{Coverage, Recorder};
use crate::value::{arith, is_value, MISSING_RETURN, UNINIT};
use crate::Run;

/// Cells the stack arena may hold (16 bytes each): far more than gcc's 8 MiB stack allows, so
/// only runaway programs hit it.
const MAX_STACK_CELLS: usize = 1 << 23;
/// Bytes of stdout plus stderr before the run is stopped.
const MAX_OUTPUT: usize = 64 << 20;

/// An array reference as stored in a parameter's cell. Encoded into one `i128` so that frames stay
/// a flat run of cells: kind in bits 120.., start (cell offset or argv row) in bits 0..56, length
/// (elements of the outermost dimension) in bits 56..112. Always positive, so never a marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ArrayRef {
    Stack {
        start: usize,
        len: u64,
    },
    Global {
        start: usize,
        len: u64,
    },
    /// All of `argv` (`char *argv[]` passed on).
    ArgvAll,
    /// One `argv` string (`argv[i]` passed as a `char s[]`).
    ArgvRow(usize),
}

const FIELD: i128 = (1 << 56) - 1;

impl ArrayRef {
    fn encode(self) -> i128 {
        let (tag, start, len) = match self {
            ArrayRef::Stack { start, len } => (1, start as i128, len as i128),
            ArrayRef::Global { start, len } => (2, start as i128, len as i128),
            ArrayRef::ArgvAll => (3, 0, 0),
            ArrayRef::ArgvRow(r) => (4, r as i128, 0),
        };
        (tag << 120) | ((len & FIELD) << 56) | (start & FIELD)
    }

    fn decode(v: i128) -> Option<ArrayRef> {
        if !is_value(v) {
            return None;
        }
        let start = (v & FIELD) as usize;
        let len = ((v >> 56) & FIELD) as u64;
        match v >> 120 {
            1 => Some(ArrayRef::Stack { start, len }),
            2 => Some(ArrayRef::Global { start, len }),
            3 => Some(ArrayRef::ArgvAll),
            4 => Some(ArrayRef::ArgvRow(start)),
            _ => None,
        }
    }
}

/// Which arena a cell is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Space {
    Stack,
    Global,
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
    },
    ArgvAll,
    ArgvRow(usize),
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

pub(crate) struct Machine<'p, 'o> {
    prep: &'p Prepared<'p>,
    stack: Vec<i128>,
    globals: Vec<i128>,
    frames: Vec<Frame<'p>>,
    /// The current frame's layout and base, cached out of `frames`.
    code: &'p FuncCode<'p>,
    base: usize,
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
            // The memory only every 16th look: reading it is a system call.
            let reason = if (self.steps / CHECK_EVERY) % 16 == 0 {
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
                self.write_local(argv, ArrayRef::ArgvAll.encode(), entry_span)?;
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
        self.frames.push(Frame {
            code,
            base,
            pc: 0,
            call,
            loops: Vec::new(),
        });
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
        if let Some((stmt, dest, inst)) = frame.call {
            let v = match self.ovr(stmt, inst) {
                Some(o) => o.first().copied().or(v),
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
                            Region::Mem {
                                space: Space::Stack,
                                start,
                                len,
                            } => ArrayRef::Stack { start, len },
                            Region::Mem {
                                space: Space::Global,
                                start,
                                len,
                            } => ArrayRef::Global { start, len },
                            Region::ArgvAll => ArrayRef::ArgvAll,
                            Region::ArgvRow(r) => ArrayRef::ArgvRow(r),
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
                if !var.is_ref {
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
                    Some(o) => cell_kind(cell).wrap(o.first().copied().unwrap_or(0)),
                    None => self.eval(value)?,
                };
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
            } => self.printf(stmt, inst, *stream, format, args),
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
        }
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
        // C evaluates every argument (the target addresses) before the call.
        for t in targets {
            let c = self.cell(t)?;
            cells.push(c);
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
            let v = ovr.and_then(|o| o.get(i).copied()).unwrap_or(v);
            let v = cell_kind(cell).wrap(v);
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
        for a in args {
            match a {
                PrintArg::Int(e) => match self.eval(e) {
                    Ok(v) => ints.push(v),
                    Err(f) => {
                        result = Err(f);
                        break;
                    }
                },
                PrintArg::Str(s) => {
                    if let Err(f) = self.read_str(s, &mut bytes, stmt.span) {
                        result = Err(f);
                        break;
                    }
                    ends.push(bytes.len());
                }
            }
        }
        if result.is_ok() {
            let mut out = std::mem::take(match stream {
                Stream::Stdout => &mut self.stdout,
                Stream::Stderr => &mut self.stderr,
            });
            let start = out.len();
            let (mut ii, mut si) = (0usize, 0usize);
            for piece in format {
                match piece {
                    FmtPiece::Lit(text) => out.extend_from_slice(text.as_bytes()),
                    FmtPiece::Conv(spec) => {
                        let arg = if spec.kind == ConvKind::Str {
                            let Some(&end) = ends.get(si) else {
                                result = Err(Fault::invalid(
                                    "printf lacks a string argument",
                                    stmt.span,
                                ));
                                break;
                            };
                            let start = if si == 0 { 0 } else { ends[si - 1] };
                            let a = FmtArg::Str(&bytes[start..end]);
                            si += 1;
                            a
                        } else {
                            let Some(&v) = ints.get(ii) else {
                                result = Err(Fault::invalid(
                                    "printf lacks an integer argument",
                                    stmt.span,
                                ));
                                break;
                            };
                            ii += 1;
                            FmtArg::Int(v)
                        };
                        faultline_libc::render(&mut out, spec, arg);
                    }
                }
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

    fn local_kind(&self, local: LocalId, span: Span) -> Res<IntKind> {
        self.code
            .vars
            .get(local.index())
            .map(|v| v.kind)
            .ok_or_else(|| Fault::invalid("unknown local", span))
    }

    /// Append the bytes of a string operand (without its NUL) to `out`.
    fn read_str(&mut self, s: &'p StrArg, out: &mut Vec<u8>, span: Span) -> Res<()> {
        let place = match s {
            StrArg::Literal(text) => {
                out.extend_from_slice(text.as_bytes());
                return Ok(());
            }
            StrArg::Array(p) => p,
        };
        let region = match self.resolve(place)? {
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
                out.extend_from_slice(&row[..n]);
                Ok(())
            }
            Region::ArgvAll => Err(Fault::invalid("argv used as a string", span)),
            Region::Mem { space, start, len } => {
                let arena = match space {
                    Space::Stack => &self.stack,
                    Space::Global => &self.globals,
                };
                for i in 0..len as usize {
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
        (var.dims.is_empty() && !var.unsupported).then_some(Cell::Mem {
            space,
            at,
            kind: var.kind,
        })
    }

    /// Walk a place's indices, checking each against its dimension.
    fn resolve(&mut self, p: &'p Place) -> Res<Resolved> {
        let (var, space, mut at, first_len): (&'p VarLayout, Space, usize, u64) = match p.base {
            VarRef::Local(l) => {
                let code = self.code;
                let var = code
                    .vars
                    .get(l.index())
                    .ok_or_else(|| Fault::invalid("unknown local", p.span))?;
                if var.unsupported {
                    return Err(Fault::invalid("variable of an unsupported type", p.span));
                }
                let slot = self.base + var.offset;
                if var.is_ref {
                    let raw = *self
                        .stack
                        .get(slot)
                        .ok_or_else(|| Fault::invalid("local outside its frame", p.span))?;
                    match ArrayRef::decode(raw) {
                        Some(ArrayRef::Stack { start, len }) => (var, Space::Stack, start, len),
                        Some(ArrayRef::Global { start, len }) => (var, Space::Global, start, len),
                        Some(ArrayRef::ArgvAll) => return self.resolve_argv(p, None),
                        Some(ArrayRef::ArgvRow(r)) => return self.resolve_argv(p, Some(r)),
                        None => {
                            return Err(Fault::invalid("array parameter without an array", p.span))
                        }
                    }
                } else {
                    (
                        var,
                        Space::Stack,
                        slot,
                        var.dims.first().copied().unwrap_or(0),
                    )
                }
            }
            VarRef::Global(g) => {
                let var = self
                    .prep
                    .globals
                    .get(g.index())
                    .ok_or_else(|| Fault::invalid("unknown global", p.span))?;
                if var.unsupported {
                    return Err(Fault::invalid("variable of an unsupported type", p.span));
                }
                (
                    var,
                    Space::Global,
                    var.offset,
                    var.dims.first().copied().unwrap_or(0),
                )
            }
            VarRef::Argv => return self.resolve_argv(p, None),
        };
        if p.indices.len() > var.dims.len() {
            return Err(Fault::invalid("more indices than dimensions", p.span));
        }
        for (j, idx) in p.indices.iter().enumerate() {
            let len = if j == 0 { first_len } else { var.dims[j] };
            let i = self.eval(idx)?;
            if i < 0 || i >= len as i128 {
                return Err(Fault::rt(
                    RuntimeErrorKind::IndexOutOfBounds { index: i, len },
                    p.span,
                ));
            }
            at += i as usize * var.strides[j] as usize;
        }
        let k = p.indices.len();
        if k == var.dims.len() {
            Ok(Resolved::Cell(Cell::Mem {
                space,
                at,
                kind: var.kind,
            }))
        } else {
            let len = if k == 0 { first_len } else { var.dims[k] };
            Ok(Resolved::Region(Region::Mem {
                space,
                start: at,
                len,
            }))
        }
    }

    /// `argv` (or an `argv` row passed on as an array parameter): rows `0..argc`, and within a
    /// row the bytes up to and including the NUL.
    fn resolve_argv(&mut self, p: &'p Place, row: Option<usize>) -> Res<Resolved> {
        let mut idx = p.indices.iter();
        let row = match row {
            Some(r) => r,
            None => match idx.next() {
                None => return Ok(Resolved::Region(Region::ArgvAll)),
                Some(e) => {
                    let i = self.eval(e)?;
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
                    i as usize
                }
            },
        };
        let len = self.argv.get(row).map_or(0, |r| r.len());
        match (idx.next(), idx.next()) {
            (None, _) => Ok(Resolved::Region(Region::ArgvRow(row))),
            (Some(e), None) => {
                let i = self.eval(e)?;
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
    fn store(&mut self, cell: Cell, v: i128) {
        match cell {
            Cell::Mem { space, at, .. } => {
                let arena = match space {
                    Space::Stack => &mut self.stack,
                    Space::Global => &mut self.globals,
                };
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
                let arena = match space {
                    Space::Stack => &self.stack,
                    Space::Global => &self.globals,
                };
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
                let v = if a.ty.is_float() {
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
        if bytes > limit {
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
