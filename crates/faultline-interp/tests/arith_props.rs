//! Property tests: the interpreter's arithmetic against Rust's native fixed-width integers,
//! which implement exactly two's-complement C semantics with explicit overflow reporting.

use faultline_interp::value::arith::{binary, unary};
use faultline_ir::{BinOp, IntKind, UnOp};
use proptest::prelude::*;

const OPS: [BinOp; 16] = [
    BinOp::Add,
    BinOp::Sub,
    BinOp::Mul,
    BinOp::Div,
    BinOp::Rem,
    BinOp::Shl,
    BinOp::Shr,
    BinOp::BitAnd,
    BinOp::BitOr,
    BinOp::BitXor,
    BinOp::Eq,
    BinOp::Ne,
    BinOp::Lt,
    BinOp::Le,
    BinOp::Gt,
    BinOp::Ge,
];

/// The reference for `int` (i32): `None` where C is undefined.
fn ref_i32(op: BinOp, l: i32, r: i32) -> Option<i128> {
    let b = |x: bool| Some(x as i128);
    Some(match op {
        BinOp::Add => l.checked_add(r)? as i128,
        BinOp::Sub => l.checked_sub(r)? as i128,
        BinOp::Mul => l.checked_mul(r)? as i128,
        BinOp::Div => l.checked_div(r)? as i128,
        BinOp::Rem => l.checked_rem(r)? as i128,
        BinOp::Shl => {
            if !(0..32).contains(&r) || l < 0 {
                return None;
            }
            let v = (l as i64) << r;
            i32::try_from(v).ok()? as i128
        }
        BinOp::Shr => {
            if !(0..32).contains(&r) {
                return None;
            }
            (l >> r) as i128
        }
        BinOp::BitAnd => (l & r) as i128,
        BinOp::BitOr => (l | r) as i128,
        BinOp::BitXor => (l ^ r) as i128,
        BinOp::Eq => return b(l == r),
        BinOp::Ne => return b(l != r),
        BinOp::Lt => return b(l < r),
        BinOp::Le => return b(l <= r),
        BinOp::Gt => return b(l > r),
        BinOp::Ge => return b(l >= r),
    })
}

/// The reference for `unsigned long` (u64): only division by zero and bad shifts are undefined.
fn ref_u64(op: BinOp, l: u64, r: u64) -> Option<i128> {
    let b = |x: bool| Some(x as i128);
    Some(match op {
        BinOp::Add => l.wrapping_add(r) as i128,
        BinOp::Sub => l.wrapping_sub(r) as i128,
        BinOp::Mul => l.wrapping_mul(r) as i128,
        BinOp::Div => l.checked_div(r)? as i128,
        BinOp::Rem => l.checked_rem(r)? as i128,
        BinOp::Shl => l.checked_shl(u32::try_from(r).ok().filter(|&r| r < 64)?)? as i128,
        BinOp::Shr => l.checked_shr(u32::try_from(r).ok().filter(|&r| r < 64)?)? as i128,
        BinOp::BitAnd => (l & r) as i128,
        BinOp::BitOr => (l | r) as i128,
        BinOp::BitXor => (l ^ r) as i128,
        BinOp::Eq => return b(l == r),
        BinOp::Ne => return b(l != r),
        BinOp::Lt => return b(l < r),
        BinOp::Le => return b(l <= r),
        BinOp::Gt => return b(l > r),
        BinOp::Ge => return b(l >= r),
    })
}

fn small_or_any_i32() -> impl Strategy<Value = i32> {
    prop_oneof![
        -40i32..40,
        any::<i32>(),
        Just(i32::MIN),
        Just(i32::MAX),
        Just(-1)
    ]
}

fn small_or_any_u64() -> impl Strategy<Value = u64> {
    prop_oneof![0u64..70, any::<u64>(), Just(u64::MAX)]
}

proptest! {
    #[test]
    fn int_arithmetic_matches_i32(op in 0..OPS.len(), l in small_or_any_i32(), r in small_or_any_i32()) {
        let op = OPS[op];
        let got = binary(op, IntKind::Int, l as i128, r as i128).ok();
        prop_assert_eq!(got, ref_i32(op, l, r), "{:?} {} {}", op, l, r);
    }

    #[test]
    fn unsigned_long_arithmetic_matches_u64(op in 0..OPS.len(), l in small_or_any_u64(), r in small_or_any_u64()) {
        let op = OPS[op];
        let got = binary(op, IntKind::ULong, l as i128, r as i128).ok();
        prop_assert_eq!(got, ref_u64(op, l, r), "{:?} {} {}", op, l, r);
    }

    #[test]
    fn long_division_matches_i64(l in any::<i64>(), r in prop_oneof![any::<i64>(), Just(-1i64), Just(0)]) {
        prop_assert_eq!(binary(BinOp::Div, IntKind::Long, l as i128, r as i128).ok(), l.checked_div(r).map(|v| v as i128));
        prop_assert_eq!(binary(BinOp::Rem, IntKind::Long, l as i128, r as i128).ok(), l.checked_rem(r).map(|v| v as i128));
    }

    #[test]
    fn negation_and_abs(v in small_or_any_i32()) {
        prop_assert_eq!(unary(UnOp::Neg, IntKind::Int, v as i128).ok(), v.checked_neg().map(|x| x as i128));
        prop_assert_eq!(unary(UnOp::Abs, IntKind::Int, v as i128).ok(), v.checked_abs().map(|x| x as i128));
        prop_assert_eq!(unary(UnOp::BitNot, IntKind::Int, v as i128).ok(), Some(!v as i128));
    }

    #[test]
    fn unsigned_char_promoted_sum_wraps_on_store(a in any::<u8>(), b in any::<u8>()) {
        let sum = binary(BinOp::Add, IntKind::Int, a as i128, b as i128).unwrap();
        prop_assert_eq!(sum, a as i128 + b as i128);
        prop_assert_eq!(IntKind::UChar.wrap(sum), a.wrapping_add(b) as i128);
    }
}
