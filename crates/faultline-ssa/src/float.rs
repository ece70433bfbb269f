//! Floating point in the formula: what is modelled and how.
//!
//! `float`/`double` values are bit-vector terms of 32/64 bits holding IEEE bit patterns, as in
//! the interpreter. Arithmetic, comparisons, conversions and the exact `math.h` functions are
//! floating-point terms ([`crate::term::Op::Fp2`] and its siblings) that fold on constants with
//! `faultline_ir::float` (the interpreter's functions) and are bit-blasted with
//! `faultline_bitblast::fp`. `-x` and `fabs` are sign-bit operations. `pow`, `exp`, `sin`… with
//! symbolic arguments are fresh values, with a note in [`crate::Replica::notes`]; with constant
//! arguments (the usual case: tests are concrete) they fold to glibc's result.
//!
//! A relaxed component of floating type takes any bit pattern, NaN included: restricting it
//! would cost a constraint per free value and could only hide a value that does make the tests
//! pass (every diagnosis is validated by running the tests with its values anyway).
//!
//! Printed floating values are matched against the expected text without modelling decimal
//! printing: see `symex::output::OutModel::float`.

use faultline_ir::{Builtin, Expr, IntKind, PrintArg, Program, Span, StmtKind, Type};

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
                        PrintArg::Str(StrArg::Ptr(e)) => f(e),
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
            Builtin::Puts(StrArg::Ptr(e))
            | Builtin::Atoi {
                arg: StrArg::Ptr(e),
                ..
            }
            | Builtin::Atof {
                arg: StrArg::Ptr(e),
                ..
            } => f(e),
            Builtin::Str { args, .. } => {
                for a in args {
                    match a {
                        faultline_ir::StrOperand::Int(e)
                        | faultline_ir::StrOperand::Str(StrArg::Ptr(e)) => f(e),
                        faultline_ir::StrOperand::Str(StrArg::Array(p)) => place(p, f),
                        faultline_ir::StrOperand::Str(StrArg::Literal(_)) => {}
                    }
                }
            }
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
