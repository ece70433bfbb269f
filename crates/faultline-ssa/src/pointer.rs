//! Pointers and the formula: not modelled yet.
//!
//! The interpreter runs programs with pointers exactly (each pointer an (object, offset) pair,
//! every misuse a located failure), but the symbolic executor has no pointer terms yet. Encoding
//! them as integers would give wrong diagnoses, so [`symex()`](crate::symex()) refuses a program
//! that uses a pointer with one located [`SymexError::Unsupported`] at its first pointer
//! construct, before executing anything. Array parameters (`int a[]`) are not pointers here:
//! the formula models them as references to the caller's array.

use faultline_ir::{Expr, ExprKind, IntKind, Program, Span, Type};

use crate::spec::SymexError;

/// The message users see (the diagnosis is not available; testing still is).
pub const POINTER_UNSUPPORTED: &str = "diagnosis of pointer programs is not available yet: `faultline test` runs this program exactly, but the formula that localizes faults does not model pointers (first use here)";

fn expr_uses_ptr(e: &Expr) -> bool {
    let mut found = false;
    e.walk(&mut |x| found |= x.ty == IntKind::Ptr || matches!(x.kind, ExprKind::AddrOf(_)));
    found
}

/// The span of the first pointer construct of `program` (statements first, then
/// declarations), if any.
pub fn first_pointer_use(program: &Program) -> Option<Span> {
    let mut first: Option<Span> = None;
    let note = |first: &mut Option<Span>, span: Span| {
        if first.is_none_or(|f| (span.file, span.start) < (f.file, f.start)) {
            *first = Some(span);
        }
    };
    program.for_each_stmt(|_, s| {
        let mut uses = false;
        crate::float::stmt_exprs(s, &mut |e| uses |= expr_uses_ptr(e));
        if uses {
            note(&mut first, s.span);
        }
    });
    if first.is_some() {
        return first;
    }
    let is_ptr = |t: &Type| t.has_ptr();
    for g in &program.globals {
        if is_ptr(&g.ty) {
            note(&mut first, g.span);
        }
    }
    for f in &program.functions {
        if is_ptr(&f.ret) {
            note(&mut first, f.name_span);
        }
        for l in &f.locals {
            if is_ptr(&l.ty) {
                note(&mut first, l.span);
            }
        }
    }
    first
}

/// The error [`symex()`](crate::symex()) returns for a program using pointers.
pub fn check(program: &Program) -> Result<(), SymexError> {
    match first_pointer_use(program) {
        Some(span) => Err(SymexError::Unsupported {
            message: POINTER_UNSUPPORTED.into(),
            span,
        }),
        None => Ok(()),
    }
}
