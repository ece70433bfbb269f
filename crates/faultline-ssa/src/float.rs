//! Floating point and the formula: not modelled yet.
//!
//! The interpreter runs `float`/`double` programs bit-exactly (see `faultline_ir::float`), but
//! the symbolic executor has no floating-point terms yet (the bit-precise IEEE circuits are a
//! separate piece of work). Encoding a float operation with the integer terms would give wrong
//! diagnoses, so [`symex()`](crate::symex()) refuses a program that uses floating point with one
//! located [`SymexError::Unsupported`] at its first floating-point construct, before executing
//! anything.

use faultline_ir::{Builtin, Expr, IntKind, PrintArg, Program, Span, StmtKind, Type};

use crate::spec::SymexError;

/// The message users see (the diagnosis is not available; testing still is).
pub const FLOAT_UNSUPPORTED: &str = "floating-point diagnosis is not available yet: `faultline test` runs this program exactly, but the formula that localizes faults does not model `float`/`double` (first use here)";

fn is_float_type(t: &Type) -> bool {
    t.scalar().is_some_and(IntKind::is_float)
}

fn expr_uses_float(e: &Expr) -> bool {
    let mut found = false;
    e.walk(&mut |x| found |= x.ty.is_float());
    found
}

/// The span of the first floating-point construct of `program` in source order (statements
/// first, then declarations), if any.
pub fn first_float_use(program: &Program) -> Option<Span> {
    let mut first: Option<Span> = None;
    let note = |first: &mut Option<Span>, span: Span| {
        if first.is_none_or(|f| (span.file, span.start) < (f.file, f.start)) {
            *first = Some(span);
        }
    };
    program.for_each_stmt(|_, s| {
        let uses = match &s.kind {
            StmtKind::Assign { place, value } => {
                expr_uses_float(value) || place.indices.iter().any(expr_uses_float)
            }
            StmtKind::If { cond, .. } => expr_uses_float(cond),
            StmtKind::Switch { scrutinee, .. } => expr_uses_float(scrutinee),
            StmtKind::Return(Some(e))
            | StmtKind::Assert(e)
            | StmtKind::Assume(e)
            | StmtKind::Exit(e) => expr_uses_float(e),
            StmtKind::Call { args, .. } => args.iter().any(|a| match a {
                faultline_ir::Arg::Value(e) => expr_uses_float(e),
                faultline_ir::Arg::ArrayRef(_) => false,
            }),
            StmtKind::Builtin(b) => match b {
                Builtin::Math { .. } | Builtin::Atof { .. } => true,
                Builtin::Printf { args, .. } => args.iter().any(|a| match a {
                    PrintArg::Int(e) => expr_uses_float(e),
                    PrintArg::Str(_) => false,
                }),
                Builtin::Putchar { value, .. } => expr_uses_float(value),
                Builtin::Scanf { format, .. } => format.iter().any(|p| {
                    matches!(p, faultline_ir::format::FmtPiece::Conv(c)
                        if matches!(c.kind, faultline_ir::format::ConvKind::Float(_)))
                }),
                _ => false,
            },
            _ => false,
        };
        if uses {
            note(&mut first, s.span);
        }
    });
    if first.is_some() {
        return first;
    }
    for g in &program.globals {
        if is_float_type(&g.ty) {
            note(&mut first, g.span);
        }
    }
    for f in &program.functions {
        if is_float_type(&f.ret) {
            note(&mut first, f.name_span);
        }
        for l in &f.locals {
            if is_float_type(&l.ty) {
                note(&mut first, l.span);
            }
        }
    }
    first
}

/// The error [`symex()`](crate::symex()) returns for a program using floating point.
pub fn check(program: &Program) -> Result<(), SymexError> {
    match first_float_use(program) {
        Some(span) => Err(SymexError::Unsupported {
            message: FLOAT_UNSUPPORTED.into(),
            span,
        }),
        None => Ok(()),
    }
}

/// Every expression a statement evaluates itself (not those of nested blocks): values,
/// conditions, arguments and the indices of the places it reads or writes.
pub(crate) fn stmt_exprs(s: &faultline_ir::Stmt, f: &mut impl FnMut(&Expr)) {
    use faultline_ir::{Arg, StrArg};
    let place = |p: &faultline_ir::Place, f: &mut dyn FnMut(&Expr)| {
        for i in &p.indices {
            f(i);
        }
    };
    match &s.kind {
        StmtKind::Assign { place: p, value } => {
            place(p, f);
            f(value);
        }
        StmtKind::If { cond: e, .. }
        | StmtKind::Switch { scrutinee: e, .. }
        | StmtKind::Return(Some(e))
        | StmtKind::Assert(e)
        | StmtKind::Assume(e)
        | StmtKind::Exit(e) => f(e),
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
                    }
                }
            }
            Builtin::Putchar { value, .. } => f(value),
            Builtin::Puts(StrArg::Array(p))
            | Builtin::Atoi {
                arg: StrArg::Array(p),
                ..
            }
            | Builtin::Atof {
                arg: StrArg::Array(p),
                ..
            } => place(p, f),
            Builtin::Scanf { targets, .. } => {
                for p in targets {
                    place(p, f);
                }
            }
            Builtin::Math { args, .. } => {
                for a in args {
                    f(a);
                }
            }
            _ => {}
        },
        _ => {}
    }
}
