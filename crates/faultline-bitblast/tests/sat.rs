//! SAT-level checks of the non-constant circuits: build each operation on fresh inputs, encode it
//! to CNF, fix the inputs to random values and compare the model's output with the reference.

mod common;

use std::cell::RefCell;

use common::{mask, operand, sext, Op, WIDTHS};
use faultline_bitblast::{Aig, BitVec, Tseitin};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use rustsat::instances::{BasicVarManager, Cnf};
use rustsat::solvers::{Solve, SolveIncremental, SolverResult};
use rustsat::types::Lit;
use rustsat_cadical::CaDiCaL;

/// Literals fixing `lits` (LSB first) to `value`.
fn fix(lits: &[Lit], value: u128) -> Vec<Lit> {
    lits.iter()
        .enumerate()
        .map(|(i, &l)| if (value >> i) & 1 == 1 { l } else { !l })
        .collect()
}

fn cases(op: Op, w: usize) -> u32 {
    match (op.is_heavy(), w) {
        (true, 64) => 16,
        (true, _) => 32,
        _ => 64,
    }
}

/// Builds `op` once per width and checks random input pairs under assumptions (an incremental
/// solver reuses the one encoding across cases).
fn sat_check(op: Op) {
    for w in WIDTHS {
        let mut aig = Aig::new();
        let x = BitVec::input(&mut aig, w);
        let y = BitVec::input(&mut aig, w);
        let out = op.build(&mut aig, &x, &y);
        let mut solver = CaDiCaL::default();
        let mut vm = BasicVarManager::default();
        let mut enc = Tseitin::new();
        let lx = enc.lits_of(&aig, &x, &mut solver, &mut vm).unwrap();
        let ly = enc.lits_of(&aig, &y, &mut solver, &mut vm).unwrap();
        enc.lits_of(&aig, &out, &mut solver, &mut vm).unwrap();
        let solver = RefCell::new(solver);
        let mut runner = TestRunner::new(Config::with_cases(cases(op, w)));
        runner
            .run(&(operand(w), operand(w), any::<bool>()), |(a, b, small)| {
                let b = op.prepare_b(w, b, small);
                let mut assumps = fix(&lx, a);
                assumps.extend(fix(&ly, b));
                let mut solver = solver.borrow_mut();
                prop_assert_eq!(solver.solve_assumps(&assumps).unwrap(), SolverResult::Sat);
                let model = solver.full_solution().unwrap();
                prop_assert_eq!(enc.value_u128(&aig, &x, &model), Some(a));
                prop_assert_eq!(
                    enc.value_u128(&aig, &out, &model),
                    Some(op.reference(w, a, b)),
                    "{:?} w={} a={:#x} b={:#x}",
                    op,
                    w,
                    a,
                    b
                );
                Ok(())
            })
            .unwrap();
    }
}

macro_rules! sat_tests {
    ($($name:ident => $op:expr),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                sat_check($op);
            }
        )*
    };
}

sat_tests! {
    sat_add => Op::Add, sat_sub => Op::Sub, sat_mul => Op::Mul,
    sat_udiv => Op::Udiv, sat_urem => Op::Urem, sat_sdiv => Op::Sdiv, sat_srem => Op::Srem,
    sat_shl => Op::Shl, sat_lshr => Op::Lshr, sat_ashr => Op::Ashr,
    sat_and => Op::And, sat_or => Op::Or, sat_xor => Op::Xor,
    sat_neg => Op::Neg, sat_not => Op::Not,
    sat_zext => Op::Zext, sat_sext => Op::Sext, sat_trunc => Op::Trunc, sat_ite => Op::Ite,
    sat_eq => Op::Eq, sat_ne => Op::Ne,
    sat_ult => Op::Ult, sat_ule => Op::Ule, sat_ugt => Op::Ugt, sat_uge => Op::Uge,
    sat_slt => Op::Slt, sat_sle => Op::Sle, sat_sgt => Op::Sgt, sat_sge => Op::Sge,
    sat_is_zero => Op::IsZero,
    sat_sadd_ov => Op::SaddOv, sat_ssub_ov => Op::SsubOv, sat_smul_ov => Op::SmulOv,
    sat_uadd_ov => Op::UaddOv, sat_usub_ov => Op::UsubOv, sat_umul_ov => Op::UmulOv,
    sat_sneg_ov => Op::SnegOv, sat_div_by_zero => Op::DivByZero, sat_sdiv_ov => Op::SdivOv,
    sat_shift_oor_unsigned => Op::ShiftOorUnsigned, sat_shift_oor_signed => Op::ShiftOorSigned,
    sat_shl_signed_ov => Op::ShlSignedOv,
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Inputs fixed by unit clauses in a fresh CNF (rather than assumptions), solved from scratch.
    #[test]
    fn sat_unit_clauses_32bit(a in operand(32), b in operand(32)) {
        for op in [Op::Mul, Op::Sdiv, Op::Srem, Op::Ashr, Op::SmulOv] {
            let b = op.prepare_b(32, b, true);
            let mut aig = Aig::new();
            let x = BitVec::input(&mut aig, 32);
            let y = BitVec::input(&mut aig, 32);
            let out = op.build(&mut aig, &x, &y);
            let (mut cnf, mut vm, mut enc) = (Cnf::new(), BasicVarManager::default(), Tseitin::new());
            let lx = enc.lits_of(&aig, &x, &mut cnf, &mut vm).unwrap();
            let ly = enc.lits_of(&aig, &y, &mut cnf, &mut vm).unwrap();
            enc.lits_of(&aig, &out, &mut cnf, &mut vm).unwrap();
            for l in fix(&lx, a).into_iter().chain(fix(&ly, b)) {
                cnf.add_unit(l);
            }
            let mut solver = CaDiCaL::default();
            solver.add_cnf(cnf).unwrap();
            prop_assert_eq!(solver.solve().unwrap(), SolverResult::Sat);
            let model = solver.full_solution().unwrap();
            prop_assert_eq!(enc.value_u128(&aig, &out, &model), Some(op.reference(32, a, b)));
        }
    }

    /// x * c == d with x free: whenever the solver finds an x, it really satisfies the equation,
    /// and an odd c (invertible modulo 2^32) always has a solution.
    #[test]
    fn sat_mul_inverse(c in any::<u32>(), d in any::<u32>()) {
        let c = c | 1;
        let mut aig = Aig::new();
        let x = BitVec::input(&mut aig, 32);
        let p = x.mul(&mut aig, &BitVec::constant(32, c as u128));
        let goal = p.eq(&mut aig, &BitVec::constant(32, d as u128));
        let (mut solver, mut vm, mut enc) = (CaDiCaL::default(), BasicVarManager::default(), Tseitin::new());
        enc.assert_lit(&aig, goal, &mut solver, &mut vm).unwrap();
        prop_assert_eq!(solver.solve().unwrap(), SolverResult::Sat);
        let model = solver.full_solution().unwrap();
        let xv = enc.value_u128(&aig, &x, &model).unwrap() as u32;
        prop_assert_eq!(xv.wrapping_mul(c), d);
    }

    /// x * y == d with both free at 16 bits, y != 1: solutions are genuine factorizations.
    #[test]
    fn sat_mul_factor(d in any::<u16>()) {
        let mut aig = Aig::new();
        let x = BitVec::input(&mut aig, 16);
        let y = BitVec::input(&mut aig, 16);
        let p = x.mul(&mut aig, &y);
        let goal = p.eq(&mut aig, &BitVec::constant(16, d as u128));
        let y_gt_1 = y.ugt(&mut aig, &BitVec::constant(16, 1));
        let (mut solver, mut vm, mut enc) = (CaDiCaL::default(), BasicVarManager::default(), Tseitin::new());
        enc.assert_all(&aig, [goal, y_gt_1], &mut solver, &mut vm).unwrap();
        prop_assert_eq!(solver.solve().unwrap(), SolverResult::Sat);
        let model = solver.full_solution().unwrap();
        let xv = enc.value_u128(&aig, &x, &model).unwrap() as u16;
        let yv = enc.value_u128(&aig, &y, &model).unwrap() as u16;
        prop_assert!(yv > 1);
        prop_assert_eq!(xv.wrapping_mul(yv), d);
    }

    /// x / y == q and x % y == r (signed, y != 0) with x and y free: a model is a real solution,
    /// and q = 0, r = the dividend bound always has one.
    #[test]
    fn sat_sdiv_inverse(q in any::<i32>(), r in -1000i32..1000) {
        let mut aig = Aig::new();
        let x = BitVec::input(&mut aig, 32);
        let y = BitVec::input(&mut aig, 32);
        let (qq, rr) = x.sdivrem(&mut aig, &y);
        let nz = !y.div_by_zero(&mut aig);
        let gq = qq.eq(&mut aig, &BitVec::constant_i128(32, q as i128));
        let gr = rr.eq(&mut aig, &BitVec::constant_i128(32, r as i128));
        let (mut solver, mut vm, mut enc) = (CaDiCaL::default(), BasicVarManager::default(), Tseitin::new());
        enc.assert_all(&aig, [nz, gq, gr], &mut solver, &mut vm).unwrap();
        match solver.solve().unwrap() {
            SolverResult::Sat => {
                let model = solver.full_solution().unwrap();
                let xv = enc.value_i128(&aig, &x, &model).unwrap() as i32;
                let yv = enc.value_i128(&aig, &y, &model).unwrap() as i32;
                prop_assert_ne!(yv, 0);
                prop_assert_eq!(xv.wrapping_div(yv), q);
                prop_assert_eq!(xv.wrapping_rem(yv), r);
            }
            res => {
                // Unsatisfiable only if no divisor works; e.g. q = 1, r = 0 has x = y = 1.
                prop_assert!(!(q == 1 && r == 0), "{:?}", res);
            }
        }
    }

    /// Signed multiplication overflow asserted with free operands: the model overflows in Rust.
    #[test]
    fn sat_smul_overflow_witness(lo in 3i64..100) {
        let mut aig = Aig::new();
        let x = BitVec::input(&mut aig, 32);
        let y = BitVec::input(&mut aig, 32);
        let ov = x.smul_overflow(&mut aig, &y);
        let y_small = y.slt(&mut aig, &BitVec::constant_i128(32, lo as i128));
        let y_pos = y.sgt(&mut aig, &BitVec::constant(32, 0));
        let (mut solver, mut vm, mut enc) = (CaDiCaL::default(), BasicVarManager::default(), Tseitin::new());
        enc.assert_all(&aig, [ov, y_small, y_pos], &mut solver, &mut vm).unwrap();
        prop_assert_eq!(solver.solve().unwrap(), SolverResult::Sat);
        let model = solver.full_solution().unwrap();
        let xv = enc.value_i128(&aig, &x, &model).unwrap() as i32;
        let yv = enc.value_i128(&aig, &y, &model).unwrap() as i32;
        prop_assert!(yv > 0 && (yv as i64) < lo);
        prop_assert!(xv.checked_mul(yv).is_none());
    }
}

/// Unsigned division inverse, exhaustively decided at 8 bits: the solver says SAT exactly when
/// some x satisfies x / c == d, and its x is a real solution.
#[test]
fn sat_udiv_inverse_exhaustive_8bit() {
    for (c, d) in [
        (3u8, 85u8),
        (3, 86),
        (0, 255),
        (0, 7),
        (7, 36),
        (7, 37),
        (200, 1),
        (200, 2),
    ] {
        let mut aig = Aig::new();
        let x = BitVec::input(&mut aig, 8);
        let q = x.udiv(&mut aig, &BitVec::constant(8, c as u128));
        let goal = q.eq(&mut aig, &BitVec::constant(8, d as u128));
        let (mut solver, mut vm, mut enc) = (
            CaDiCaL::default(),
            BasicVarManager::default(),
            Tseitin::new(),
        );
        enc.assert_lit(&aig, goal, &mut solver, &mut vm).unwrap();
        let exists = (0..=255u8).any(|x| x.checked_div(c).unwrap_or(255) == d);
        let res = solver.solve().unwrap();
        assert_eq!(res == SolverResult::Sat, exists, "c={c} d={d}");
        if exists {
            let model = solver.full_solution().unwrap();
            let xv = enc.value_u128(&aig, &x, &model).unwrap() as u8;
            assert_eq!(xv.checked_div(c).unwrap_or(255), d);
        }
    }
}

/// Reading a model back as signed and unsigned agrees with the reference interpretation.
#[test]
fn value_i128_sign_extends() {
    let mut aig = Aig::new();
    let x = BitVec::input(&mut aig, 16);
    let goal = x.eq(&mut aig, &BitVec::constant(16, 0xfff0));
    let (mut solver, mut vm, mut enc) = (
        CaDiCaL::default(),
        BasicVarManager::default(),
        Tseitin::new(),
    );
    enc.assert_lit(&aig, goal, &mut solver, &mut vm).unwrap();
    assert_eq!(solver.solve().unwrap(), SolverResult::Sat);
    let model = solver.full_solution().unwrap();
    assert_eq!(enc.value_u128(&aig, &x, &model), Some(0xfff0));
    assert_eq!(enc.value_i128(&aig, &x, &model), Some(sext(0xfff0, 16)));
    assert_eq!(enc.value_i128(&aig, &x, &model), Some(-16));
    assert_eq!(mask(16), 0xffff);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A symbolic operand times a constant takes the signed-digit path (one adder or subtractor
    /// per nonzero digit): the product and the signed overflow check (whose double-width
    /// multiplier sees the constant sign-extended, nearly all ones when negative) must equal the
    /// reference for either operand order, and the circuit must be smaller than one adder per
    /// set bit would be for negative constants.
    #[test]
    fn sat_mul_by_constant(a in operand(32), c in operand(32), small in any::<bool>()) {
        let c = if small { sext(c & 0x3ff, 11) as u128 & mask(32) } else { c };
        for op in [Op::Mul, Op::SmulOv] {
            for constant_left in [false, true] {
                let mut aig = Aig::new();
                let x = BitVec::input(&mut aig, 32);
                let k = BitVec::constant(32, c);
                let out = if constant_left {
                    op.build(&mut aig, &k, &x)
                } else {
                    op.build(&mut aig, &x, &k)
                };
                let (mut cnf, mut vm, mut enc) =
                    (Cnf::new(), BasicVarManager::default(), Tseitin::new());
                let lx = enc.lits_of(&aig, &x, &mut cnf, &mut vm).unwrap();
                enc.lits_of(&aig, &out, &mut cnf, &mut vm).unwrap();
                for l in fix(&lx, a) {
                    cnf.add_unit(l);
                }
                let mut solver = CaDiCaL::default();
                solver.add_cnf(cnf).unwrap();
                prop_assert_eq!(solver.solve().unwrap(), SolverResult::Sat);
                let model = solver.full_solution().unwrap();
                let expected = if constant_left {
                    op.reference(32, c, a)
                } else {
                    op.reference(32, a, c)
                };
                prop_assert_eq!(
                    enc.value_u128(&aig, &out, &model),
                    Some(expected),
                    "{:?} a={:#x} c={:#x} constant_left={}", op, a, c, constant_left
                );
            }
        }
    }
}

/// -600 sign-extended to 64 bits has 57 set bits but 4 signed digits: the overflow check of
/// `x * -600` must cost a few adders, not dozens.
#[test]
fn smul_overflow_by_negative_constant_is_small() {
    let mut aig = Aig::new();
    let x = BitVec::input(&mut aig, 32);
    let k = BitVec::constant(32, (-600i32) as u32 as u128);
    x.smul_overflow(&mut aig, &k);
    let small = aig.and_count();
    let mut aig2 = Aig::new();
    let x2 = BitVec::input(&mut aig2, 32);
    let y2 = BitVec::input(&mut aig2, 32);
    x2.smul_overflow(&mut aig2, &y2);
    assert!(
        small * 8 < aig2.and_count(),
        "{small} AND nodes by constant vs {} general",
        aig2.and_count()
    );
    assert!(small < 3000, "{small}");
}
