//! Constant folding over lowered expressions with C semantics, for array sizes, `case` labels,
//! enum values and global initializers (C11 6.6). Works on the IR so that the typing rules are
//! exactly the ones the lowerer already applied.

use faultline_ir::{float, BinOp, Expr, ExprKind, LogicOp, UnOp};

/// The value of a constant expression, or why it is not one.
pub(crate) fn eval(e: &Expr) -> Result<i128, String> {
    let ty = e.ty;
    // Floating operands (and casts from them) fold with the interpreter's own IEEE functions,
    // so a global initialized with `1.0 / 3` holds exactly what the run would compute.
    match &e.kind {
        ExprKind::Cast(a) if a.ty.is_float() || ty.is_float() => {
            return float::convert(a.ty, ty, eval(a)?).map_err(|o| {
                format!(
                    "floating constant {} does not fit in `{}`",
                    o.value,
                    ty.c_name()
                )
            })
        }
        ExprKind::Unary(op, a) if a.ty.is_float() => {
            return float::unary(*op, a.ty, eval(a)?).ok_or_else(|| "invalid operand".into())
        }
        ExprKind::Binary(op, a, b) if a.ty.is_float() => {
            let (x, y) = (eval(a)?, eval(b)?);
            return float::binary(*op, a.ty, x, y).ok_or_else(|| "invalid operands".into());
        }
        ExprKind::Logical(..) | ExprKind::Cond(..) | ExprKind::Const(_) | ExprKind::Load(_) => {}
        ExprKind::AddrOf(_) => return Err("not a constant expression".into()),
        _ if ty.is_float() => return Err("not a constant expression".into()),
        _ => {}
    }
    let v = match &e.kind {
        ExprKind::Const(v) => *v,
        ExprKind::Load(_) | ExprKind::AddrOf(_) => return Err("not a constant expression".into()),
        ExprKind::Cast(a) => eval(a)?,
        ExprKind::Unary(op, a) => {
            let x = eval(a)?;
            match op {
                UnOp::Neg => -x,
                UnOp::BitNot => !x,
                UnOp::Not => (x == 0) as i128,
                UnOp::Abs => x.abs(),
            }
        }
        ExprKind::Logical(op, a, b) => {
            let x = eval(a)? != 0;
            match op {
                LogicOp::And => (x && eval(b)? != 0) as i128,
                LogicOp::Or => (x || eval(b)? != 0) as i128,
            }
        }
        ExprKind::Cond(c, a, b) => {
            if eval(c)? != 0 {
                eval(a)?
            } else {
                eval(b)?
            }
        }
        ExprKind::Binary(op, a, b) => {
            let (x, y) = (eval(a)?, eval(b)?);
            match op {
                BinOp::Add => x + y,
                BinOp::Sub => x - y,
                BinOp::Mul => x.checked_mul(y).ok_or("overflow in constant expression")?,
                BinOp::Div | BinOp::Rem => {
                    if y == 0 {
                        return Err("division by zero in constant expression".into());
                    }
                    if *op == BinOp::Div {
                        x / y
                    } else {
                        x % y
                    }
                }
                BinOp::Shl | BinOp::Shr => {
                    if y < 0 || y >= ty.bits() as i128 {
                        return Err("shift count out of range in constant expression".into());
                    }
                    if *op == BinOp::Shl {
                        x << y
                    } else {
                        x >> y
                    }
                }
                BinOp::BitAnd => x & y,
                BinOp::BitOr => x | y,
                BinOp::BitXor => x ^ y,
                BinOp::Eq => (x == y) as i128,
                BinOp::Ne => (x != y) as i128,
                BinOp::Lt => (x < y) as i128,
                BinOp::Le => (x <= y) as i128,
                BinOp::Gt => (x > y) as i128,
                BinOp::Ge => (x >= y) as i128,
            }
        }
    };
    // Operands are already converted to their operation's type, so wrapping the result to `ty`
    // reproduces C's modular unsigned arithmetic (and gcc's wrapping for signed overflow).
    Ok(ty.wrap(v))
}
