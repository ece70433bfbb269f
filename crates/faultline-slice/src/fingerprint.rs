//! A content hash of one function's lowered IR that survives edits elsewhere in the file.
//!
//! Spans and expression ids are left out and statement ids are taken relative to the function's
//! first statement: inserting a line in another function shifts every byte offset and id after
//! it, but leaves this function's fingerprint (and so its cached graph) unchanged. Everything the
//! graph is built from is hashed: statement and expression structure, operators, constants,
//! types, the referenced locals, globals and callees, format strings.

use std::hash::{Hash, Hasher};

use faultline_ir::{
    Arg, Block, Builtin, Expr, ExprKind, Function, Place, PrintArg, Stmt, StmtKind, StrArg,
};

/// The relative-id base of a function: its smallest statement id (0 for an empty body).
pub(crate) fn stmt_base(f: &Function) -> u32 {
    let mut base = u32::MAX;
    faultline_ir::walk_block(&f.body, &mut |s: &Stmt| base = base.min(s.id.0));
    if base == u32::MAX {
        0
    } else {
        base
    }
}

/// Fingerprint of `f` for a program with `globals` globals (calls define a version of every
/// global, so the graph's shape depends on how many there are).
pub(crate) fn fingerprint(f: &Function, globals: usize) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    globals.hash(&mut h);
    f.name.hash(&mut h);
    f.params.hash(&mut h);
    f.ret.hash(&mut h);
    for l in &f.locals {
        l.name.hash(&mut h);
        l.ty.hash(&mut h);
        l.kind.hash(&mut h);
    }
    let base = stmt_base(f);
    block(&f.body, base, &mut h);
    h.finish()
}

fn block(b: &Block, base: u32, h: &mut impl Hasher) {
    b.len().hash(h);
    for s in b {
        stmt(s, base, h);
    }
}

fn stmt(s: &Stmt, base: u32, h: &mut impl Hasher) {
    s.id.0.wrapping_sub(base).hash(h);
    s.component.hash(h);
    std::mem::discriminant(&s.kind).hash(h);
    match &s.kind {
        StmtKind::Decl(l) => l.hash(h),
        StmtKind::Assign { place: p, value } => {
            place(p, h);
            expr(value, h);
        }
        StmtKind::Call { dest, func, args } => {
            dest.hash(h);
            func.hash(h);
            args.len().hash(h);
            for a in args {
                match a {
                    Arg::Value(e) => {
                        0u8.hash(h);
                        expr(e, h);
                    }
                    Arg::ArrayRef(p) => {
                        1u8.hash(h);
                        place(p, h);
                    }
                }
            }
        }
        StmtKind::Builtin(b) => builtin(b, h),
        StmtKind::If { cond, then_, else_ } => {
            expr(cond, h);
            block(then_, base, h);
            block(else_, base, h);
        }
        StmtKind::Loop { body, latch } => {
            block(body, base, h);
            block(latch, base, h);
        }
        StmtKind::Switch { scrutinee, arms } => {
            expr(scrutinee, h);
            arms.len().hash(h);
            for a in arms {
                a.values.hash(h);
                a.is_default.hash(h);
                block(&a.body, base, h);
            }
        }
        StmtKind::Break | StmtKind::Continue => {}
        StmtKind::Return(e) => {
            e.is_some().hash(h);
            if let Some(e) = e {
                expr(e, h);
            }
        }
        StmtKind::Assert(e) | StmtKind::Assume(e) | StmtKind::Exit(e) => expr(e, h),
    }
}

/// A `printf` call's argument mismatch, without its span.
fn mismatch(m: Option<&faultline_ir::format::FormatMismatch>, h: &mut impl Hasher) {
    m.is_some().hash(h);
    if let Some(m) = m {
        m.conversion.hash(h);
        m.index.hash(h);
        m.expects.hash(h);
        m.given.hash(h);
    }
}

fn builtin(b: &Builtin, h: &mut impl Hasher) {
    std::mem::discriminant(b).hash(h);
    match b {
        Builtin::Printf {
            stream,
            format,
            args,
            undefined,
        } => {
            mismatch(undefined.as_deref(), h);
            stream.hash(h);
            format.hash(h);
            print_args(args, h);
        }
        Builtin::Putchar { stream, value } => {
            stream.hash(h);
            expr(value, h);
        }
        Builtin::Puts(s) => str_arg(s, h),
        Builtin::Scanf {
            format,
            targets,
            dest,
        } => {
            format.hash(h);
            targets.len().hash(h);
            for t in targets {
                place(t, h);
            }
            dest.hash(h);
        }
        Builtin::Sprintf {
            buf,
            size,
            format,
            args,
            dest,
            undefined,
        } => {
            mismatch(undefined.as_deref(), h);
            place(buf, h);
            size.is_some().hash(h);
            if let Some(e) = size {
                expr(e, h);
            }
            format.hash(h);
            print_args(args, h);
            dest.hash(h);
        }
        Builtin::Strtol {
            dest,
            kind,
            arg,
            end,
            base,
        } => {
            dest.hash(h);
            kind.hash(h);
            str_arg(arg, h);
            end.is_some().hash(h);
            if let Some(p) = end {
                place(p, h);
            }
            expr(base, h);
        }
        Builtin::Sscanf {
            src,
            format,
            targets,
            dest,
        } => {
            str_arg(src, h);
            format.hash(h);
            targets.len().hash(h);
            for t in targets {
                place(t, h);
            }
            dest.hash(h);
        }
        Builtin::Getchar { dest } => dest.hash(h),
        Builtin::Nondet { dest, ty } => {
            dest.hash(h);
            ty.hash(h);
        }
        Builtin::Str { func, dest, args } => {
            func.hash(h);
            dest.hash(h);
            args.len().hash(h);
            for a in args {
                match a {
                    faultline_ir::StrOperand::Str(s) => {
                        0u8.hash(h);
                        str_arg(s, h);
                    }
                    faultline_ir::StrOperand::Int(e) => {
                        1u8.hash(h);
                        expr(e, h);
                    }
                }
            }
        }
        Builtin::Fgets { buf, size, dest } => {
            place(buf, h);
            size.is_some().hash(h);
            if let Some(e) = size {
                expr(e, h);
            }
            dest.hash(h);
        }
        Builtin::Lib { op, dest, args } => {
            op.hash(h);
            dest.hash(h);
            args.len().hash(h);
            for a in args {
                expr(a, h);
            }
        }
        Builtin::Atoi { dest, arg } | Builtin::Atof { dest, arg } => {
            dest.hash(h);
            str_arg(arg, h);
        }
        Builtin::Math {
            dest,
            func,
            kind,
            args,
        } => {
            dest.hash(h);
            func.hash(h);
            kind.hash(h);
            args.len().hash(h);
            for a in args {
                expr(a, h);
            }
        }
    }
}

/// The arguments of `printf` and `sprintf` after the format.
fn print_args(args: &[PrintArg], h: &mut impl Hasher) {
    args.len().hash(h);
    for a in args {
        match a {
            PrintArg::Int(e) => {
                0u8.hash(h);
                expr(e, h);
            }
            PrintArg::Str(s) => {
                1u8.hash(h);
                str_arg(s, h);
            }
        }
    }
}

fn str_arg(s: &StrArg, h: &mut impl Hasher) {
    match s {
        StrArg::Literal(t) => {
            0u8.hash(h);
            t.hash(h);
        }
        StrArg::Array(p) => {
            1u8.hash(h);
            place(p, h);
        }
        StrArg::Ptr(e) => {
            2u8.hash(h);
            expr(e, h);
        }
    }
}

fn place(p: &Place, h: &mut impl Hasher) {
    p.base.hash(h);
    p.indices.len().hash(h);
    for i in &p.indices {
        expr(i, h);
    }
}

fn expr(e: &Expr, h: &mut impl Hasher) {
    e.ty.hash(h);
    std::mem::discriminant(&e.kind).hash(h);
    match &e.kind {
        ExprKind::Const(c) => c.hash(h),
        ExprKind::Load(p) | ExprKind::AddrOf(p) => place(p, h),
        ExprKind::Unary(op, a) => {
            op.hash(h);
            expr(a, h);
        }
        ExprKind::Binary(op, a, b) => {
            op.hash(h);
            expr(a, h);
            expr(b, h);
        }
        ExprKind::Logical(op, a, b) => {
            op.hash(h);
            expr(a, h);
            expr(b, h);
        }
        ExprKind::Cond(c, a, b) => {
            expr(c, h);
            expr(a, h);
            expr(b, h);
        }
        ExprKind::Cast(a) => expr(a, h),
    }
}
