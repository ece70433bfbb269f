//! A readable, C-like dump of the IR (for debugging and snapshot tests). Casts show their target
//! type; statements show their id and component.

use std::fmt::Write;

use faultline_ir::{
    Arg, Block, Builtin, Expr, ExprKind, Function, LogicOp, Place, PrintArg, Program, StmtKind,
    StrArg, UnOp, VarRef,
};

/// The whole program.
pub fn program(p: &Program) -> String {
    let mut out = String::new();
    for g in &p.globals {
        let _ = writeln!(out, "global {}: {} = {:?}", g.name, g.ty, g.init);
    }
    for f in &p.functions {
        function(p, f, &mut out);
    }
    out
}

fn function(p: &Program, f: &Function, out: &mut String) {
    let params: Vec<String> = f
        .params
        .iter()
        .map(|l| format!("{}: {}", f.local(*l).name, f.local(*l).ty))
        .collect();
    let _ = writeln!(out, "fn {}({}) -> {} {{", f.name, params.join(", "), f.ret);
    for (i, l) in f.locals.iter().enumerate() {
        let _ = writeln!(out, "  local %{i} {}: {} ({:?})", l.name, l.ty, l.kind);
    }
    block(p, f, &f.body, 1, out);
    let _ = writeln!(out, "}}");
}

fn block(p: &Program, f: &Function, b: &Block, depth: usize, out: &mut String) {
    let pad = "  ".repeat(depth);
    for s in b {
        let comp = s.component.map(|c| format!(" [{c:?}]")).unwrap_or_default();
        let head = match &s.kind {
            StmtKind::Decl(l) => format!("decl {}", f.local(*l).name),
            StmtKind::Assign { place: pl, value } => {
                format!("{} = {}", place(p, f, pl), expr(p, f, value))
            }
            StmtKind::Call { dest, func, args } => {
                let args: Vec<String> = args
                    .iter()
                    .map(|a| match a {
                        Arg::Value(e) => expr(p, f, e),
                        Arg::ArrayRef(pl) => format!("&{}", place(p, f, pl)),
                    })
                    .collect();
                let d = dest
                    .map(|d| format!("{} = ", f.local(d).name))
                    .unwrap_or_default();
                format!("{d}call {}({})", p.function(*func).name, args.join(", "))
            }
            StmtKind::Builtin(b) => builtin(p, f, b),
            StmtKind::If { cond, .. } => format!("if {}", expr(p, f, cond)),
            StmtKind::Loop { .. } => "loop".to_string(),
            StmtKind::Switch { scrutinee, .. } => format!("switch {}", expr(p, f, scrutinee)),
            StmtKind::Break => "break".into(),
            StmtKind::Continue => "continue".into(),
            StmtKind::Return(e) => match e {
                Some(e) => format!("return {}", expr(p, f, e)),
                None => "return".into(),
            },
            StmtKind::Assert(e) => format!("assert {}", expr(p, f, e)),
            StmtKind::Assume(e) => format!("assume {}", expr(p, f, e)),
            StmtKind::Exit(e) => format!("exit {}", expr(p, f, e)),
        };
        let _ = writeln!(out, "{pad}s{} {head}{comp}", s.id.0);
        match &s.kind {
            StmtKind::If { then_, else_, .. } => {
                block(p, f, then_, depth + 1, out);
                if !else_.is_empty() {
                    let _ = writeln!(out, "{pad}else");
                    block(p, f, else_, depth + 1, out);
                }
            }
            StmtKind::Loop { body, latch } => {
                block(p, f, body, depth + 1, out);
                if !latch.is_empty() {
                    let _ = writeln!(out, "{pad}latch");
                    block(p, f, latch, depth + 1, out);
                }
            }
            StmtKind::Switch { arms, .. } => {
                for a in arms {
                    let d = if a.is_default { " default" } else { "" };
                    let _ = writeln!(out, "{pad}case {:?}{d}:", a.values);
                    block(p, f, &a.body, depth + 1, out);
                }
            }
            _ => {}
        }
    }
}

fn builtin(p: &Program, f: &Function, b: &Builtin) -> String {
    match b {
        Builtin::Printf {
            stream,
            format,
            args,
            undefined,
        } => {
            let args: Vec<String> = args
                .iter()
                .map(|a| match a {
                    PrintArg::Int(e) => expr(p, f, e),
                    PrintArg::Str(s) => str_arg(p, f, s),
                })
                .collect();
            let ub = undefined
                .as_ref()
                .map(|m| format!(" undefined: {}", m.message()))
                .unwrap_or_default();
            format!(
                "printf[{stream:?}] {} ({}){ub}",
                format.len(),
                args.join(", ")
            )
        }
        Builtin::Putchar { value, .. } => format!("putchar {}", expr(p, f, value)),
        Builtin::Puts(s) => format!("puts {}", str_arg(p, f, s)),
        Builtin::Scanf { targets, dest, .. } => {
            let t: Vec<String> = targets.iter().map(|t| place(p, f, t)).collect();
            let d = dest
                .map(|d| format!("{} = ", f.local(d).name))
                .unwrap_or_default();
            format!("{d}scanf({})", t.join(", "))
        }
        Builtin::Getchar { dest } => format!("{} = getchar()", f.local(*dest).name),
        Builtin::Nondet { dest, ty } => {
            format!("{} = nondet<{}>()", f.local(*dest).name, ty.c_name())
        }
        Builtin::Atoi { dest, arg } => {
            format!("{} = atoi({})", f.local(*dest).name, str_arg(p, f, arg))
        }
        Builtin::Atof { dest, arg } => {
            format!("{} = atof({})", f.local(*dest).name, str_arg(p, f, arg))
        }
        Builtin::Math {
            dest,
            func,
            kind,
            args,
        } => {
            let a: Vec<String> = args.iter().map(|e| expr(p, f, e)).collect();
            let suffix = if *kind == faultline_ir::IntKind::Float {
                "f"
            } else {
                ""
            };
            format!(
                "{} = {}{suffix}({})",
                f.local(*dest).name,
                func.name(),
                a.join(", ")
            )
        }
        Builtin::Str { func, dest, args } => {
            let a: Vec<String> = args
                .iter()
                .map(|a| match a {
                    faultline_ir::StrOperand::Str(s) => str_arg(p, f, s),
                    faultline_ir::StrOperand::Int(e) => expr(p, f, e),
                })
                .collect();
            let d = dest
                .map(|d| format!("{} = ", f.local(d).name))
                .unwrap_or_default();
            format!("{d}{}({})", func.name(), a.join(", "))
        }
        Builtin::Lib { op, dest, args } => {
            let a: Vec<String> = args.iter().map(|e| expr(p, f, e)).collect();
            let d = dest
                .map(|d| format!("{} = ", f.local(d).name))
                .unwrap_or_default();
            match op {
                faultline_ir::LibOp::OutputCount => format!("{d}output_count()"),
                _ => format!("{d}{}({})", op.name(), a.join(", ")),
            }
        }
        Builtin::Fgets { buf, size, dest } => {
            let d = dest
                .map(|d| format!("{} = ", f.local(d).name))
                .unwrap_or_default();
            match size {
                Some(n) => format!("{d}fgets({}, {})", place(p, f, buf), expr(p, f, n)),
                None => format!("{d}gets({})", place(p, f, buf)),
            }
        }
        Builtin::Sprintf {
            buf,
            size,
            format,
            args,
            dest,
            undefined: _,
        } => {
            let d = dest
                .map(|d| format!("{} = ", f.local(d).name))
                .unwrap_or_default();
            let a: Vec<String> = args
                .iter()
                .map(|a| match a {
                    PrintArg::Int(e) => expr(p, f, e),
                    PrintArg::Str(s) => str_arg(p, f, s),
                })
                .collect();
            let n = size
                .as_ref()
                .map(|n| format!(", {}", expr(p, f, n)))
                .unwrap_or_default();
            format!(
                "{d}sprintf({}{n}) {} ({})",
                place(p, f, buf),
                format.len(),
                a.join(", ")
            )
        }
        Builtin::Strtol {
            dest,
            kind,
            arg,
            end,
            base,
        } => {
            let e = end
                .as_ref()
                .map(|pl| format!("&{}", place(p, f, pl)))
                .unwrap_or_else(|| "NULL".into());
            format!(
                "{} = strto<{}>({}, {e}, {})",
                f.local(*dest).name,
                kind.c_name(),
                str_arg(p, f, arg),
                expr(p, f, base)
            )
        }
        Builtin::Sscanf {
            src, targets, dest, ..
        } => {
            let t: Vec<String> = targets.iter().map(|t| place(p, f, t)).collect();
            let d = dest
                .map(|d| format!("{} = ", f.local(d).name))
                .unwrap_or_default();
            format!("{d}sscanf({}; {})", str_arg(p, f, src), t.join(", "))
        }
    }
}

fn str_arg(p: &Program, f: &Function, s: &StrArg) -> String {
    match s {
        StrArg::Literal(s) => format!("{s:?}"),
        StrArg::Array(pl) => place(p, f, pl),
        StrArg::Ptr(e) => expr(p, f, e),
    }
}

fn place(p: &Program, f: &Function, pl: &Place) -> String {
    let mut s = match pl.base {
        VarRef::Local(l) => f.local(l).name.clone(),
        VarRef::Global(g) => p.global(g).name.clone(),
        VarRef::Argv => "argv".into(),
    };
    for i in &pl.indices {
        let _ = write!(s, "[{}]", expr(p, f, i));
    }
    s
}

/// One expression, fully parenthesized.
pub fn expr(p: &Program, f: &Function, e: &Expr) -> String {
    match &e.kind {
        ExprKind::Const(v) if e.ty.is_float() => {
            format!("{:?}", faultline_ir::float::to_f64(e.ty, *v))
        }
        ExprKind::Const(v) => format!("{v}"),
        ExprKind::Load(pl) => place(p, f, pl),
        ExprKind::AddrOf(pl) => format!("&{}", place(p, f, pl)),
        ExprKind::Unary(op, a) => {
            let a = expr(p, f, a);
            match op {
                UnOp::Neg => format!("-{a}"),
                UnOp::BitNot => format!("~{a}"),
                UnOp::Not => format!("!{a}"),
                UnOp::Abs => format!("abs({a})"),
            }
        }
        ExprKind::Binary(op, a, b) => {
            format!("({} {} {})", expr(p, f, a), op.symbol(), expr(p, f, b))
        }
        ExprKind::Logical(op, a, b) => {
            let o = if *op == LogicOp::And { "&&" } else { "||" };
            format!("({} {o} {})", expr(p, f, a), expr(p, f, b))
        }
        ExprKind::Cond(c, a, b) => format!(
            "({} ? {} : {})",
            expr(p, f, c),
            expr(p, f, a),
            expr(p, f, b)
        ),
        ExprKind::Cast(a) => format!("({}){}", e.ty.c_name(), expr(p, f, a)),
    }
}
