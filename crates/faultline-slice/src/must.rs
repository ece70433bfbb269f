//! What a failing run demands, and the run as a model for the slice.

use std::collections::HashSet;

use faultline_interp::{Coverage, Outcome, RuntimeErrorKind, Trace};
use faultline_ir::{Program, Span, StmtId, StmtKind};

/// Where a slice starts: the values that keep a failure happening (I-FOSFL's ImportantVars).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Demand {
    /// The failure happened at this statement (a failed assert, undefined behaviour): what it
    /// reads, and that it is reached.
    Stmt(StmtId),
    /// Everything the program printed, and which way it ended (`main` returning or `exit()`):
    /// what an output mismatch demands.
    Output,
    /// The exit status, and which way the program ended: what an exit-code mismatch demands.
    ExitStatus,
    /// Both (every way an IO test can fail at the end).
    ProgramEnd,
}

/// The demands of a failing run from how it ended (`expected_exit`: an IO test's expected exit
/// code; `None` for a unit test), or `None` when the failure is not one the slice models (a
/// step or recursion limit, a missing nondet value): then every executed statement is the must
/// set (if they all stay as they are, the run is the same).
///
/// An IO test that ran to its end failed on its exit code or, if that was right, on its output.
/// Only the part that was wrong is demanded: every repair has to fix it, so a slice of it alone
/// is a must set, and a smaller one than the slice of both.
pub fn demand_of(
    program: &Program,
    outcome: &Outcome,
    expected_exit: Option<i32>,
) -> Option<Vec<Demand>> {
    match outcome {
        Outcome::AssertFailed { span, .. } => Some(vec![Demand::Stmt(stmt_at(program, *span)?)]),
        Outcome::RuntimeError {
            kind:
                RuntimeErrorKind::DivisionByZero
                | RuntimeErrorKind::SignedOverflow { .. }
                | RuntimeErrorKind::ShiftOutOfRange { .. }
                | RuntimeErrorKind::NegativeLeftShift { .. }
                | RuntimeErrorKind::IndexOutOfBounds { .. }
                | RuntimeErrorKind::UninitializedRead { .. }
                | RuntimeErrorKind::NullDereference
                | RuntimeErrorKind::NullFunctionCall
                | RuntimeErrorKind::DanglingPointer
                | RuntimeErrorKind::PointerMismatch { .. }
                | RuntimeErrorKind::PointerOverflow
                | RuntimeErrorKind::UseAfterFree
                | RuntimeErrorKind::DoubleFree
                | RuntimeErrorKind::InvalidFree { .. }
                | RuntimeErrorKind::MissingReturnValue
                // Undefined at the `printf` itself: a repair changes it or does not reach it.
                | RuntimeErrorKind::FormatMismatch(_),
            span,
        } => Some(vec![Demand::Stmt(stmt_at(program, *span)?)]),
        // An IO test that ran to the end failed on its output or exit code.
        Outcome::Exited { code } => match expected_exit {
            Some(e) if *code != e => Some(vec![Demand::ExitStatus]),
            Some(_) => Some(vec![Demand::Output]),
            None => None,
        },
        _ => None,
    }
}

/// The innermost non-compound statement whose span holds `span` (for an `if`, its condition
/// is the innermost statement holding a span inside the condition).
fn stmt_at(program: &Program, span: Span) -> Option<StmtId> {
    let mut best: Option<(u32, StmtId)> = None;
    program.for_each_stmt(|_, s| {
        let sp = s.span;
        if sp.file != span.file || sp.start > span.start || sp.end < span.end {
            return;
        }
        if matches!(s.kind, StmtKind::Loop { .. }) {
            return;
        }
        let len = sp.end - sp.start;
        if best.is_none_or(|(l, _)| len < l) {
            best = Some((len, s.id));
        }
    });
    best.map(|(_, s)| s)
}

/// A recorded run as the slice's model: which branch outcomes it took and what it executed.
pub struct RunModel {
    outcomes: HashSet<(StmtId, i64)>,
    executed: Vec<bool>,
}

impl RunModel {
    pub fn new(program: &Program, trace: &Trace, coverage: &Coverage) -> Self {
        let mut branch = vec![false; program.stmt_count as usize];
        program.for_each_stmt(|_, s| {
            if matches!(s.kind, StmtKind::If { .. } | StmtKind::Switch { .. }) {
                if let Some(b) = branch.get_mut(s.id.index()) {
                    *b = true;
                }
            }
        });
        let mut outcomes = HashSet::new();
        for e in &trace.events {
            if branch.get(e.stmt.index()) == Some(&true) {
                if let Some(&v) = e.values.first() {
                    outcomes.insert((e.stmt, v as i64));
                }
            }
        }
        // A long run's trace drops the middle of the run, but not which way its branches
        // went there: a loop that ends only in the middle (the exit of a loop over 10^4
        // inputs) would otherwise look as if it never ended, and the slice would cut every
        // value that leaves it.
        outcomes.extend(
            (trace.elided_branches.iter())
                .filter(|(s, _)| branch.get(s.index()) == Some(&true))
                .map(|&(s, v)| (s, v as i64)),
        );
        RunModel {
            outcomes,
            executed: coverage.counts().iter().map(|&c| c > 0).collect(),
        }
    }

    /// Did the condition `stmt` take `outcome` (1/0, or a switch arm) at least once?
    pub fn took(&self, stmt: StmtId, outcome: i64) -> bool {
        self.outcomes.contains(&(stmt, outcome))
    }

    pub fn executed(&self, stmt: StmtId) -> bool {
        self.executed.get(stmt.index()).copied().unwrap_or(false)
    }

    /// Every statement the run executed (the fallback must set).
    pub fn all_executed(&self) -> impl Iterator<Item = StmtId> + '_ {
        self.executed
            .iter()
            .enumerate()
            .filter(|(_, &e)| e)
            .map(|(i, _)| StmtId(i as u32))
    }
}

/// Every place a run can fail, for a static slice that must not lose a repair: asserts and
/// assumptions, every statement that can have undefined behaviour (division, remainder, shifts,
/// signed arithmetic, indexing, reading a local that may be uninitialized, a nondet input
/// beyond the test's values), every loop condition and call (unwinding and recursion bounds),
/// and for IO tests the program's end (output, exit status). A component the slice
/// from these cannot reach can be dropped from every repair, so it is in no subset-minimal one.
pub fn failure_sites(program: &Program, io: bool) -> Vec<Demand> {
    use faultline_ir::{BinOp, ExprKind, UnOp, VarRef};
    let mut out = Vec::new();
    for f in &program.functions {
        faultline_ir::walk_block(&f.body, &mut |s: &faultline_ir::Stmt| {
            // Asserts and assumptions, exits, loop conditions (unwinding bounds), calls
            // (recursion bounds), nondet inputs (running out of values).
            let mut risky = matches!(
                s.kind,
                StmtKind::Assert(_)
                    | StmtKind::Assume(_)
                    | StmtKind::Exit(_)
                    | StmtKind::Call { .. }
                    | StmtKind::Builtin(faultline_ir::Builtin::Nondet { .. })
            ) || s.component == Some(faultline_ir::Component::LoopCond);
            let mut check = |e: &faultline_ir::Expr| {
                e.walk(&mut |x: &faultline_ir::Expr| match &x.kind {
                    ExprKind::Binary(op, a, _)
                        if matches!(op, BinOp::Div | BinOp::Rem | BinOp::Shl | BinOp::Shr)
                            || (matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul)
                                && a.ty.is_signed()) =>
                    {
                        risky = true;
                    }
                    ExprKind::Unary(UnOp::Neg | UnOp::Abs, _) => risky = risky || x.ty.is_signed(),
                    ExprKind::Load(p) => {
                        let param = matches!(p.base, VarRef::Local(l) if f.params.contains(&l));
                        if !p.indices.is_empty() || (matches!(p.base, VarRef::Local(_)) && !param) {
                            risky = true;
                        }
                    }
                    _ => {}
                });
            };
            stmt_exprs(s, &mut check);
            if let StmtKind::Assign { place, .. } = &s.kind {
                if !place.indices.is_empty() {
                    risky = true;
                }
            }
            if risky {
                out.push(Demand::Stmt(s.id));
            }
        });
    }
    if io {
        out.push(Demand::ProgramEnd);
    }
    out
}

/// The expressions a statement evaluates itself (not those of nested blocks).
fn stmt_exprs(s: &faultline_ir::Stmt, f: &mut impl FnMut(&faultline_ir::Expr)) {
    use faultline_ir::{Arg, Builtin, PrintArg, StrArg};
    let place = |p: &faultline_ir::Place, f: &mut dyn FnMut(&faultline_ir::Expr)| {
        for i in &p.indices {
            f(i);
        }
    };
    match &s.kind {
        StmtKind::Assign { place: p, value } => {
            place(p, f);
            f(value);
        }
        StmtKind::Call { args, .. } => {
            for a in args {
                match a {
                    Arg::Value(e) => f(e),
                    Arg::ArrayRef(p) => place(p, f),
                }
            }
        }
        StmtKind::Builtin(b) => match b {
            Builtin::Printf { args, .. } => {
                for a in args {
                    match a {
                        PrintArg::Int(e) => f(e),
                        PrintArg::Str(StrArg::Array(p)) => place(p, f),
                        PrintArg::Str(StrArg::Literal(_)) => {}
                        PrintArg::Str(StrArg::Ptr(e)) => f(e),
                    }
                }
            }
            Builtin::Putchar { value, .. } => f(value),
            Builtin::Puts(StrArg::Array(p))
            | Builtin::Atoi {
                arg: StrArg::Array(p),
                ..
            } => place(p, f),
            Builtin::Scanf { targets, .. } => {
                for t in targets {
                    place(t, f);
                }
            }
            Builtin::Sprintf {
                buf, size, args, ..
            } => {
                place(buf, f);
                if let Some(e) = size {
                    f(e);
                }
                for a in args {
                    match a {
                        PrintArg::Int(e) => f(e),
                        PrintArg::Str(StrArg::Array(p)) => place(p, f),
                        PrintArg::Str(StrArg::Literal(_)) => {}
                        PrintArg::Str(StrArg::Ptr(e)) => f(e),
                    }
                }
            }
            Builtin::Strtol { arg, end, base, .. } => {
                match arg {
                    StrArg::Array(p) => place(p, f),
                    StrArg::Ptr(e) => f(e),
                    StrArg::Literal(_) => {}
                }
                if let Some(p) = end {
                    place(p, f);
                }
                f(base);
            }
            Builtin::Sscanf { src, targets, .. } => {
                match src {
                    StrArg::Array(p) => place(p, f),
                    StrArg::Ptr(e) => f(e),
                    StrArg::Literal(_) => {}
                }
                for t in targets {
                    place(t, f);
                }
            }
            _ => {}
        },
        StmtKind::If { cond: e, .. }
        | StmtKind::Switch { scrutinee: e, .. }
        | StmtKind::Return(Some(e))
        | StmtKind::Assert(e)
        | StmtKind::Assume(e)
        | StmtKind::Exit(e) => f(e),
        _ => {}
    }
}
