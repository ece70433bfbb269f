//! Constant folding: every operation on constant operands must produce the reference value and
//! create no AND nodes, both with the word-level shortcut and through the gate-level circuits.

mod common;

use common::{case, mask, Op, ALL_OPS};
use faultline_bitblast::{Aig, BitVec};
use proptest::prelude::*;

fn check_fold(op: Op, w: usize, a: u128, b: u128, small: bool) -> Result<(), TestCaseError> {
    let b = op.prepare_b(w, b, small);
    let expected = op.reference(w, a, b);
    for word_folding in [true, false] {
        let mut aig = Aig::new();
        aig.set_word_folding(word_folding);
        let out = op.build(&mut aig, &BitVec::constant(w, a), &BitVec::constant(w, b));
        prop_assert_eq!(
            out.to_const(),
            Some(expected),
            "{:?} w={} a={:#x} b={:#x} word_folding={}",
            op,
            w,
            a,
            b,
            word_folding
        );
        prop_assert_eq!(aig.and_count(), 0, "{:?} created nodes on constants", op);
        prop_assert!(aig.is_empty());
    }
    Ok(())
}

macro_rules! fold_tests {
    ($($name:ident => $op:expr),* $(,)?) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(256))]
            $(
                #[test]
                fn $name((w, a, b, small) in case()) {
                    check_fold($op, w, a, b, small)?;
                }
            )*
        }
    };
}

fold_tests! {
    fold_add => Op::Add, fold_sub => Op::Sub, fold_mul => Op::Mul,
    fold_udiv => Op::Udiv, fold_urem => Op::Urem, fold_sdiv => Op::Sdiv, fold_srem => Op::Srem,
    fold_shl => Op::Shl, fold_lshr => Op::Lshr, fold_ashr => Op::Ashr,
    fold_and => Op::And, fold_or => Op::Or, fold_xor => Op::Xor,
    fold_neg => Op::Neg, fold_not => Op::Not,
    fold_zext => Op::Zext, fold_sext => Op::Sext, fold_trunc => Op::Trunc, fold_ite => Op::Ite,
    fold_eq => Op::Eq, fold_ne => Op::Ne,
    fold_ult => Op::Ult, fold_ule => Op::Ule, fold_ugt => Op::Ugt, fold_uge => Op::Uge,
    fold_slt => Op::Slt, fold_sle => Op::Sle, fold_sgt => Op::Sgt, fold_sge => Op::Sge,
    fold_is_zero => Op::IsZero,
    fold_sadd_ov => Op::SaddOv, fold_ssub_ov => Op::SsubOv, fold_smul_ov => Op::SmulOv,
    fold_uadd_ov => Op::UaddOv, fold_usub_ov => Op::UsubOv, fold_umul_ov => Op::UmulOv,
    fold_sneg_ov => Op::SnegOv, fold_div_by_zero => Op::DivByZero, fold_sdiv_ov => Op::SdivOv,
    fold_shift_oor_unsigned => Op::ShiftOorUnsigned, fold_shift_oor_signed => Op::ShiftOorSigned,
    fold_shl_signed_ov => Op::ShlSignedOv,
}

/// Exhaustive over all operand pairs at widths 3 (not a power of two: shift layers must compose
/// into out-of-range amounts) and 4, for every operation.
#[test]
fn fold_exhaustive_small_widths() {
    for w in [3usize, 4] {
        for op in ALL_OPS {
            for a in 0..=mask(w) {
                for b in 0..=mask(w) {
                    if op == Op::ShlSignedOv && b >= w as u128 {
                        continue;
                    }
                    check_fold(op, w, a, b, false).unwrap();
                }
            }
        }
    }
}

/// The non-constant circuits, checked exhaustively by simulation at widths 3 and 4.
#[test]
fn simulate_exhaustive_small_widths() {
    for w in [3usize, 4] {
        for op in ALL_OPS {
            let mut aig = Aig::new();
            let x = BitVec::input(&mut aig, w);
            let y = BitVec::input(&mut aig, w);
            let out = op.build(&mut aig, &x, &y);
            for a in 0..=mask(w) {
                for b in 0..=mask(w) {
                    if op == Op::ShlSignedOv && b >= w as u128 {
                        continue;
                    }
                    // Inputs were created x bits first, then y bits.
                    let inputs: Vec<bool> = (0..w)
                        .map(|i| (a >> i) & 1 == 1)
                        .chain((0..w).map(|i| (b >> i) & 1 == 1))
                        .collect();
                    let vals = aig.simulate(&inputs);
                    let got = out.bits().iter().enumerate().fold(0u128, |acc, (i, &l)| {
                        acc | (Aig::lit_value(&vals, l) as u128) << i
                    });
                    assert_eq!(got, op.reference(w, a, b), "{op:?} w={w} a={a} b={b}");
                }
            }
        }
    }
}

/// Partially constant operands: multiplying by a constant power of two is pure rewiring.
#[test]
fn mul_by_power_of_two_is_rewiring() {
    let mut aig = Aig::new();
    let x = BitVec::input(&mut aig, 32);
    let before = aig.and_count();
    let p = x.mul(&mut aig, &BitVec::constant(32, 8));
    assert_eq!(aig.and_count(), before);
    assert_eq!(&p.bits()[3..], &x.bits()[..29]);
    let s = x.shl(&mut aig, &BitVec::constant(5, 3));
    assert_eq!(s, p);
    assert_eq!(aig.and_count(), before);
}

#[test]
fn constants_wider_than_64() {
    let v = BitVec::constant_i128(100, -5);
    assert_eq!(v.to_const_i128(), Some(-5));
    assert_eq!(BitVec::constant(128, u128::MAX).to_const(), Some(u128::MAX));
    assert_eq!(
        BitVec::constant(130, 1).zero_extend(200).to_const(),
        Some(1)
    );
    assert_eq!(BitVec::constant_i128(130, -1).to_const(), None);
    let mut aig = Aig::new();
    let q = BitVec::constant_i128(128, i128::MIN).sdiv(&mut aig, &BitVec::constant_i128(128, -1));
    assert_eq!(q.to_const_i128(), Some(i128::MIN));
}
