//! Helpers shared by the integration tests.
#![allow(dead_code)]

use faultline_ir::{
    ErrorKind, Expr, FrontendErrors, Function, IntKind, Program, Span, Stmt, StmtKind,
};
use faultline_preproc::FileLoader;

pub struct NoFiles;

impl FileLoader for NoFiles {
    fn load(&self, _path: &str) -> Result<String, faultline_preproc::ReadError> {
        Err(faultline_preproc::ReadError::NotFound)
    }
}

pub fn ok(src: &str) -> Program {
    match faultline_lower::compile("t.c", src, &NoFiles) {
        Ok(p) => p,
        Err(e) => panic!("expected success, got:\n{e}"),
    }
}

pub fn err(src: &str) -> FrontendErrors {
    match faultline_lower::compile("t.c", src, &NoFiles) {
        Ok(p) => panic!(
            "expected an error, got:\n{}",
            faultline_lower::pretty::program(&p)
        ),
        Err(e) => e,
    }
}

/// The first error: kind, `line:col`, message.
pub fn first_error(src: &str) -> (ErrorKind, String, String) {
    let e = err(src);
    let first = &e.errors[0];
    let loc = e.files.locate(first.span);
    (
        first.kind,
        format!("{}:{}", loc.start.line, loc.start.column),
        first.message.clone(),
    )
}

pub fn pretty(p: &Program) -> String {
    faultline_lower::pretty::program(p)
}

pub fn func<'p>(p: &'p Program, name: &str) -> &'p Function {
    let id = p.function_by_name(name).expect("function exists");
    p.function(id)
}

/// All statements of a function, depth first.
pub fn stmts(f: &Function) -> Vec<&Stmt> {
    fn go<'f>(b: &'f [Stmt], out: &mut Vec<&'f Stmt>) {
        for s in b {
            out.push(s);
            match &s.kind {
                StmtKind::If { then_, else_, .. } => {
                    go(then_, out);
                    go(else_, out);
                }
                StmtKind::Loop { body, latch } => {
                    go(body, out);
                    go(latch, out);
                }
                StmtKind::Switch { arms, .. } => arms.iter().for_each(|a| go(&a.body, out)),
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    go(&f.body, &mut out);
    out
}

pub fn loc(p: &Program, span: Span) -> String {
    let l = p.files.locate(span);
    format!("{}:{}", l.start.line, l.start.column)
}

pub fn text(p: &Program, span: Span) -> &str {
    p.files.text(span)
}

/// The value of the first `return` in `main`.
pub fn main_return(p: &Program) -> &Expr {
    let f = func(p, "main");
    stmts(f)
        .into_iter()
        .find_map(|s| match &s.kind {
            StmtKind::Return(Some(e)) => Some(e),
            _ => None,
        })
        .expect("a return with a value")
}

pub fn ty_of_return(src: &str) -> IntKind {
    let p = ok(src);
    let e = main_return(&p);
    match &e.kind {
        faultline_ir::ExprKind::Cast(inner) => inner.ty,
        _ => e.ty,
    }
}
