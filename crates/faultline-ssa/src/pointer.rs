//! Which programs use pointers.
//!
//! The formula models pointers (`symex::pointer`: (object, offset) pairs, dereferences as
//! accesses to the objects' cells, with the interpreter's undefined behaviour as hard
//! constraints), so a pointer program is symbolically executed like any other; what it does
//! not model is refused with one located [`SymexError::Unsupported`] at the construct.
//! [`first_pointer_use`] finds a program's first pointer construct (tests and statistics use
//! it); [`check`] is kept for callers that want the former blanket refusal.

use faultline_ir::{Expr, ExprKind, IntKind, Program, Span, Type};

use crate::spec::SymexError;

/// The message of [`check`] (the diagnosis is not available; testing still is).
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

/// An error for a program using pointers, for callers that refuse them all
/// ([`symex()`](crate::symex()) no longer does).
pub fn check(program: &Program) -> Result<(), SymexError> {
    match first_pointer_use(program) {
        Some(span) => Err(SymexError::Unsupported {
            message: POINTER_UNSUPPORTED.into(),
            span,
        }),
        None => Ok(()),
    }
}
