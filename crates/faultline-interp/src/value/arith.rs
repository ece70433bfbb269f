//! C integer arithmetic with gcc's results for everything defined and detection of undefined
//! behaviour for everything else.
//!
//! Operands arrive already converted to the operation's type (the lowerer makes every promotion
//! and usual arithmetic conversion an explicit cast), so each function computes the exact
//! mathematical result in `i128` and then either wraps it (unsigned types) or rejects it (signed
//! types whose result does not fit).

use faultline_ir::{BinOp, IntKind, UnOp};

use crate::outcome::{ArithOp, ArithRes, RuntimeErrorKind};

/// [`IntKind::wrap`] by native truncation: the same result, a few times faster on the hot path.
#[inline(always)]
pub fn wrap(ty: IntKind, v: i128) -> i128 {
    match ty {
        IntKind::Bool => (v != 0) as i128,
        IntKind::Char | IntKind::SChar => v as i8 as i128,
        IntKind::UChar => v as u8 as i128,
        IntKind::Short => v as i16 as i128,
        IntKind::UShort => v as u16 as i128,
        IntKind::Int => v as i32 as i128,
        IntKind::UInt => v as u32 as i128,
        IntKind::Long | IntKind::LongLong => v as i64 as i128,
        IntKind::ULong | IntKind::ULongLong | IntKind::Double => v as u64 as i128,
        IntKind::Float => v as u32 as i128,
        // An encoded pointer is never reduced.
        IntKind::Ptr => v,
    }
}

/// Signed results must fit (a value fits exactly when truncation leaves it unchanged); unsigned
/// ones wrap modulo 2^N.
#[inline(always)]
fn finish(ty: IntKind, v: i128, op: ArithOp) -> ArithRes {
    let w = wrap(ty, v);
    if ty.is_signed() && w != v {
        Err(RuntimeErrorKind::SignedOverflow { op })
    } else {
        Ok(w)
    }
}

/// Truncating division and remainder of in-range operands, in 64-bit arithmetic where the
/// operands allow it (128-bit division is a slow library call).
#[inline(always)]
fn div_rem(ty: IntKind, l: i128, r: i128) -> (i128, i128) {
    if matches!(ty, IntKind::ULong | IntKind::ULongLong) {
        let (l, r) = (l as u64, r as u64);
        ((l / r) as i128, (l % r) as i128)
    } else if ty.bits() < 64 || (l != i64::MIN as i128 || r != -1) {
        // Fits i64 (the one i64 overflow, MIN / -1, takes the 128-bit path).
        let (l, r) = (l as i64, r as i64);
        ((l / r) as i128, (l % r) as i128)
    } else {
        (l / r, l % r)
    }
}

/// `l op r` in type `ty` (for comparisons, `ty` is `int` and the operands share their own type;
/// for shifts, `r` has its own promoted type and `ty` is the left operand's).
#[inline]
pub fn binary(op: BinOp, ty: IntKind, l: i128, r: i128) -> ArithRes {
    match op {
        // 64-bit operands stay far inside i128, so the exact result is always representable,
        // except an unsigned 64x64 product: wrapping in i128 keeps the low 64 bits right.
        BinOp::Add => finish(ty, l + r, ArithOp::Add),
        BinOp::Sub => finish(ty, l - r, ArithOp::Sub),
        BinOp::Mul => {
            if ty.is_signed() {
                finish(ty, l * r, ArithOp::Mul)
            } else {
                Ok(wrap(ty, l.wrapping_mul(r)))
            }
        }
        BinOp::Div => {
            if r == 0 {
                return Err(RuntimeErrorKind::DivisionByZero);
            }
            // Truncates toward zero like C; MIN / -1 leaves the type's range.
            finish(ty, div_rem(ty, l, r).0, ArithOp::Div)
        }
        BinOp::Rem => {
            if r == 0 {
                return Err(RuntimeErrorKind::DivisionByZero);
            }
            // C11 6.5.5p6: `a % b` is undefined when `a / b` is not representable.
            if ty.is_signed() && r == -1 && l == ty.min_value() {
                return Err(RuntimeErrorKind::SignedOverflow { op: ArithOp::Rem });
            }
            Ok(div_rem(ty, l, r).1)
        }
        BinOp::Shl => {
            check_amount(ty, r)?;
            if ty.is_signed() {
                if l < 0 {
                    return Err(RuntimeErrorKind::NegativeLeftShift { value: l });
                }
                // C11 6.5.7p4: `l * 2^r` must be representable in the result type.
                finish(ty, l << r, ArithOp::Shl)
            } else {
                Ok(wrap(ty, l << r))
            }
        }
        BinOp::Shr => {
            check_amount(ty, r)?;
            // i128 `>>` is arithmetic; signed values are stored as their value, unsigned ones
            // are non-negative, so this is gcc's arithmetic/logical shift respectively.
            Ok(l >> r)
        }
        BinOp::BitAnd => Ok(wrap(ty, l & r)),
        BinOp::BitOr => Ok(wrap(ty, l | r)),
        BinOp::BitXor => Ok(wrap(ty, l ^ r)),
        BinOp::Eq => Ok((l == r) as i128),
        BinOp::Ne => Ok((l != r) as i128),
        BinOp::Lt => Ok((l < r) as i128),
        BinOp::Le => Ok((l <= r) as i128),
        BinOp::Gt => Ok((l > r) as i128),
        BinOp::Ge => Ok((l >= r) as i128),
    }
}

#[inline]
fn check_amount(ty: IntKind, r: i128) -> Result<(), RuntimeErrorKind> {
    if r < 0 || r >= ty.bits() as i128 {
        Err(RuntimeErrorKind::ShiftOutOfRange { amount: r })
    } else {
        Ok(())
    }
}

/// `op v` in type `ty` (`!` yields `int` whatever the operand's type).
pub fn unary(op: UnOp, ty: IntKind, v: i128) -> ArithRes {
    match op {
        UnOp::Neg => finish(ty, -v, ArithOp::Neg),
        UnOp::BitNot => Ok(wrap(ty, !v)),
        UnOp::Not => Ok((v == 0) as i128),
        UnOp::Abs => {
            if ty.is_signed() {
                finish(ty, v.abs(), ArithOp::Abs)
            } else {
                Ok(v)
            }
        }
    }
}

/// Conversion to `ty` (C11 6.3.1.3, gcc's modular choice for signed targets).
#[inline]
pub fn convert(ty: IntKind, v: i128) -> i128 {
    wrap(ty, v)
}

/// Conversion from `from` to `to` when either is floating ([`faultline_ir::float::convert`]):
/// an out-of-range floating value converted to an integer is undefined behaviour.
#[inline]
pub fn convert_float(from: IntKind, to: IntKind, v: i128) -> ArithRes {
    faultline_ir::float::convert(from, to, v).map_err(|o| RuntimeErrorKind::FloatConversion {
        value: float_text(o.value),
        to,
    })
}

/// A floating value as `%g` prints it (for messages).
pub fn float_text(x: f64) -> String {
    use faultline_ir::format::{ConvKind, ConvSpec, FloatConv, FloatStyle};
    let conv = FloatConv {
        style: FloatStyle::General,
        upper: false,
    };
    let mut out = Vec::new();
    faultline_libc::render_float(&mut out, &ConvSpec::plain(ConvKind::Float(conv)), conv, x);
    String::from_utf8_lossy(&out).into_owned()
}
