//! Shared reference semantics for the bit-vector tests: every operation under test, how to build
//! it on an AIG, and what Rust integer arithmetic says it must compute.
#![allow(dead_code)]

use faultline_bitblast::{Aig, BitVec};
use proptest::prelude::*;

pub const WIDTHS: [usize; 5] = [1, 8, 16, 32, 64];

pub fn mask(w: usize) -> u128 {
    if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

pub fn sext(v: u128, w: usize) -> i128 {
    let s = 128 - w as u32;
    ((v << s) as i128) >> s
}

fn fits_signed(r: i128, w: usize) -> bool {
    let min = -(1i128 << (w - 1));
    let max = (1i128 << (w - 1)) - 1;
    (min..=max).contains(&r)
}

/// Binary operations (a op b) producing a bit-vector or a predicate (a width-1 vector).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Udiv,
    Urem,
    Sdiv,
    Srem,
    Shl,
    Lshr,
    Ashr,
    And,
    Or,
    Xor,
    Neg,
    Not,
    Zext,
    Sext,
    Trunc,
    Ite,
    Eq,
    Ne,
    Ult,
    Ule,
    Ugt,
    Uge,
    Slt,
    Sle,
    Sgt,
    Sge,
    IsZero,
    SaddOv,
    SsubOv,
    SmulOv,
    UaddOv,
    UsubOv,
    UmulOv,
    SnegOv,
    DivByZero,
    SdivOv,
    ShiftOorUnsigned,
    ShiftOorSigned,
    ShlSignedOv,
}

pub const ALL_OPS: [Op; 42] = [
    Op::Add,
    Op::Sub,
    Op::Mul,
    Op::Udiv,
    Op::Urem,
    Op::Sdiv,
    Op::Srem,
    Op::Shl,
    Op::Lshr,
    Op::Ashr,
    Op::And,
    Op::Or,
    Op::Xor,
    Op::Neg,
    Op::Not,
    Op::Zext,
    Op::Sext,
    Op::Trunc,
    Op::Ite,
    Op::Eq,
    Op::Ne,
    Op::Ult,
    Op::Ule,
    Op::Ugt,
    Op::Uge,
    Op::Slt,
    Op::Sle,
    Op::Sgt,
    Op::Sge,
    Op::IsZero,
    Op::SaddOv,
    Op::SsubOv,
    Op::SmulOv,
    Op::UaddOv,
    Op::UsubOv,
    Op::UmulOv,
    Op::SnegOv,
    Op::DivByZero,
    Op::SdivOv,
    Op::ShiftOorUnsigned,
    Op::ShiftOorSigned,
    Op::ShlSignedOv,
];

impl Op {
    /// Whether the second operand is a shift amount (kept mostly small so shifts are exercised).
    pub fn is_shift(self) -> bool {
        matches!(
            self,
            Op::Shl
                | Op::Lshr
                | Op::Ashr
                | Op::ShiftOorSigned
                | Op::ShiftOorUnsigned
                | Op::ShlSignedOv
        )
    }

    /// Quadratic-size circuits, for which SAT tests use fewer cases at 64 bits.
    pub fn is_heavy(self) -> bool {
        matches!(
            self,
            Op::Mul | Op::Udiv | Op::Urem | Op::Sdiv | Op::Srem | Op::SmulOv | Op::UmulOv
        )
    }

    /// Adjusts the second operand: shift amounts are usually in or just beyond range, and the
    /// signed-shift overflow predicate is only specified for in-range amounts.
    pub fn prepare_b(self, w: usize, b: u128, small: bool) -> u128 {
        match self {
            Op::ShlSignedOv => b % w as u128,
            _ if self.is_shift() && small => (b % (w as u128 + 3)) & mask(w),
            _ => b,
        }
    }

    /// Builds the operation on `a` and `b` (both `w` bits).
    pub fn build(self, aig: &mut Aig, a: &BitVec, b: &BitVec) -> BitVec {
        let w = a.width();
        let p = |l| BitVec::from_lit(l);
        match self {
            Op::Add => a.add(aig, b),
            Op::Sub => a.sub(aig, b),
            Op::Mul => a.mul(aig, b),
            Op::Udiv => a.udiv(aig, b),
            Op::Urem => a.urem(aig, b),
            Op::Sdiv => a.sdiv(aig, b),
            Op::Srem => a.srem(aig, b),
            Op::Shl => a.shl(aig, b),
            Op::Lshr => a.lshr(aig, b),
            Op::Ashr => a.ashr(aig, b),
            Op::And => a.and(aig, b),
            Op::Or => a.or(aig, b),
            Op::Xor => a.xor(aig, b),
            Op::Neg => a.neg(aig),
            Op::Not => a.not(),
            Op::Zext => a.zero_extend(w + 7),
            Op::Sext => a.sign_extend(w + 7),
            Op::Trunc => a.truncate(w.div_ceil(2)),
            Op::Ite => BitVec::ite(aig, b.bit(0), a, b),
            Op::Eq => p(a.eq(aig, b)),
            Op::Ne => p(a.ne(aig, b)),
            Op::Ult => p(a.ult(aig, b)),
            Op::Ule => p(a.ule(aig, b)),
            Op::Ugt => p(a.ugt(aig, b)),
            Op::Uge => p(a.uge(aig, b)),
            Op::Slt => p(a.slt(aig, b)),
            Op::Sle => p(a.sle(aig, b)),
            Op::Sgt => p(a.sgt(aig, b)),
            Op::Sge => p(a.sge(aig, b)),
            Op::IsZero => p(a.is_zero(aig)),
            Op::SaddOv => p(a.sadd_overflow(aig, b)),
            Op::SsubOv => p(a.ssub_overflow(aig, b)),
            Op::SmulOv => p(a.smul_overflow(aig, b)),
            Op::UaddOv => p(a.uadd_overflow(aig, b)),
            Op::UsubOv => p(a.usub_overflow(aig, b)),
            Op::UmulOv => p(a.umul_overflow(aig, b)),
            Op::SnegOv => p(a.sneg_overflow(aig)),
            Op::DivByZero => p(b.div_by_zero(aig)),
            Op::SdivOv => p(a.sdiv_overflow(aig, b)),
            Op::ShiftOorUnsigned => p(BitVec::shift_out_of_range(aig, b, w, false)),
            Op::ShiftOorSigned => p(BitVec::shift_out_of_range(aig, b, w, true)),
            Op::ShlSignedOv => p(a.shl_signed_overflow(aig, b)),
        }
    }

    /// The expected result, as the unsigned value of the output vector.
    pub fn reference(self, w: usize, a: u128, b: u128) -> u128 {
        let m = mask(w);
        let (sa, sb) = (sext(a, w), sext(b, w));
        let wu = w as u128;
        let bit = |c: bool| c as u128;
        match self {
            Op::Add => a.wrapping_add(b) & m,
            Op::Sub => a.wrapping_sub(b) & m,
            Op::Mul => a.wrapping_mul(b) & m,
            Op::Udiv => a.checked_div(b).unwrap_or(m),
            Op::Urem => a.checked_rem(b).unwrap_or(a),
            // Widths are at most 64, so i128 never overflows; MIN / -1 wraps via the mask.
            Op::Sdiv => match sb {
                0 => (if sa < 0 { 1 } else { -1i128 }) as u128 & m,
                _ => sa.checked_div(sb).unwrap() as u128 & m,
            },
            Op::Srem => match sb {
                0 => a,
                _ => sa.checked_rem(sb).unwrap() as u128 & m,
            },
            Op::Shl => {
                if b >= wu {
                    0
                } else {
                    (a << b) & m
                }
            }
            Op::Lshr => {
                if b >= wu {
                    0
                } else {
                    a >> b
                }
            }
            Op::Ashr => (sa >> b.min(127)) as u128 & m,
            Op::And => a & b,
            Op::Or => a | b,
            Op::Xor => a ^ b,
            Op::Neg => a.wrapping_neg() & m,
            Op::Not => !a & m,
            Op::Zext => a,
            Op::Sext => sa as u128 & mask(w + 7),
            Op::Trunc => a & mask(w.div_ceil(2)),
            Op::Ite => {
                if b & 1 == 1 {
                    a
                } else {
                    b
                }
            }
            Op::Eq => bit(a == b),
            Op::Ne => bit(a != b),
            Op::Ult => bit(a < b),
            Op::Ule => bit(a <= b),
            Op::Ugt => bit(a > b),
            Op::Uge => bit(a >= b),
            Op::Slt => bit(sa < sb),
            Op::Sle => bit(sa <= sb),
            Op::Sgt => bit(sa > sb),
            Op::Sge => bit(sa >= sb),
            Op::IsZero => bit(a == 0),
            Op::SaddOv => bit(!fits_signed(sa + sb, w)),
            Op::SsubOv => bit(!fits_signed(sa - sb, w)),
            Op::SmulOv => bit(!fits_signed(sa * sb, w)),
            Op::UaddOv => bit(a + b > m),
            Op::UsubOv => bit(a < b),
            Op::UmulOv => bit(a * b > m),
            Op::SnegOv => bit(sa == -(1i128 << (w - 1))),
            Op::DivByZero => bit(b == 0),
            Op::SdivOv => bit(sa == -(1i128 << (w - 1)) && sb == -1),
            Op::ShiftOorUnsigned => bit(b >= wu),
            Op::ShiftOorSigned => bit(sb < 0 || sb >= w as i128),
            // b < w here (see prepare_b): undefined iff a is negative or a * 2^b does not fit.
            Op::ShlSignedOv => bit(sa < 0 || !fits_signed(sa << b, w)),
        }
    }
}

/// A `w`-bit operand biased toward the values where C arithmetic has edge cases.
pub fn operand(w: usize) -> impl Strategy<Value = u128> {
    (any::<u128>(), 0u8..12).prop_map(move |(r, kind)| {
        let m = mask(w);
        let v = match kind {
            0 => 0,
            1 => 1,
            2 => m,                     // -1
            3 => 1u128 << (w - 1),      // MIN
            4 => m >> 1,                // MAX
            5 => r % 8,                 // small positive
            6 => m.wrapping_sub(r % 8), // small negative
            _ => r,
        };
        v & m
    })
}

/// A width from [`WIDTHS`] with two operands of that width and a "small shift" flag.
pub fn case() -> impl Strategy<Value = (usize, u128, u128, bool)> {
    prop::sample::select(WIDTHS.to_vec())
        .prop_flat_map(|w| (Just(w), operand(w), operand(w), any::<bool>()))
}
