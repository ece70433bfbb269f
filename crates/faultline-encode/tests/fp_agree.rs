//! Floating-point terms: the term store's folding and evaluation (`faultline_ir::float`, the
//! interpreter's functions) and the bit-blasted circuits (`faultline_bitblast::fp`) admit
//! exactly the same value, on free operands fixed by hard constraints (so the circuits are
//! built, not folded) and on random and edge-case `float`/`double` operands.

use faultline_encode::Formula;
use faultline_maxsat::{solve, SolveError, SolveOptions};
use faultline_ssa::term::{FpOp1, FpOp2, FpPred, Leaf, Sort, TermId, TermStore};
use proptest::prelude::*;

fn sat(formula: &Formula) -> bool {
    match solve(formula.instance(), &SolveOptions::default()) {
        Ok(_) => true,
        Err(SolveError::HardUnsat) => false,
        Err(e) => panic!("solver: {e}"),
    }
}

#[derive(Clone, Copy, Debug)]
enum Op {
    Two(FpOp2),
    One(FpOp1),
    Cmp(FpPred),
    ToInt(u32, bool),
    FromInt(bool),
    Convert,
}

const OPS: [Op; 17] = [
    Op::Two(FpOp2::Add),
    Op::Two(FpOp2::Sub),
    Op::Two(FpOp2::Mul),
    Op::Two(FpOp2::Div),
    Op::Two(FpOp2::Min),
    Op::Two(FpOp2::Max),
    Op::One(FpOp1::Sqrt),
    Op::One(FpOp1::Floor),
    Op::One(FpOp1::Ceil),
    Op::One(FpOp1::Round),
    Op::One(FpOp1::Trunc),
    Op::Cmp(FpPred::Eq),
    Op::Cmp(FpPred::Lt),
    Op::Cmp(FpPred::Le),
    Op::ToInt(32, true),
    Op::FromInt(true),
    Op::Convert,
];

/// Operands biased to the edges: zeros, subnormals, infinities, NaN, ties, large values.
fn operand(w: u32) -> impl Strategy<Value = u128> {
    let edges32: Vec<u128> = [
        0.0f32,
        -0.0,
        1.0,
        -1.5,
        2.5,
        0.1,
        f32::MIN_POSITIVE / 4.0,
        f32::MAX,
        f32::INFINITY,
        -f32::INFINITY,
        f32::NAN,
        3e9,
        -2147483648.0,
    ]
    .iter()
    .map(|x| x.to_bits() as u128)
    .collect();
    let edges64: Vec<u128> = [
        0.0f64,
        -0.0,
        1.0,
        -1.5,
        2.5,
        0.1,
        f64::MIN_POSITIVE / 4.0,
        f64::MAX,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        3e9,
        -2147483648.0,
    ]
    .iter()
    .map(|x| x.to_bits() as u128)
    .collect();
    let edges = if w == 32 { edges32 } else { edges64 };
    let m = faultline_ssa::term::mask(w);
    prop_oneof![
        proptest::sample::select(edges),
        any::<u128>().prop_map(move |v| v & m),
        (-1000i32..1000).prop_map(move |k| if w == 32 {
            (k as f32 / 8.0).to_bits() as u128
        } else {
            (k as f64 / 8.0).to_bits() as u128
        }),
    ]
}

fn apply(s: &mut TermStore, op: Op, w: u32, a: TermId, b: TermId) -> TermId {
    match op {
        Op::Two(f) => s.fp2(f, a, b),
        Op::One(f) => s.fp1(f, a),
        Op::Cmp(p) => s.fp_cmp(p, a, b),
        Op::ToInt(iw, signed) => s.fp_to_int(a, iw, signed),
        Op::FromInt(signed) => {
            let i = s.trunc(b, 32);
            s.fp_from_int(i, w, signed)
        }
        Op::Convert => s.fp_convert(a, if w == 32 { 64 } else { 32 }),
    }
}

/// Folding on constants equals evaluating over free inputs, and the circuit admits exactly
/// that value.
fn check(op: Op, w: u32, x: u128, y: u128, through_sat: bool) -> Result<(), TestCaseError> {
    if let Op::ToInt(..) = op {
        // Out of range, C's behaviour is undefined and the symbolic executor excludes the
        // path; the value there is unspecified (and differs).
        let kind = if w == 32 {
            faultline_ir::IntKind::Float
        } else {
            faultline_ir::IntKind::Double
        };
        if faultline_ir::float::convert(kind, faultline_ir::IntKind::Int, x as i128).is_err() {
            return Ok(());
        }
    }
    let mut s = TermStore::new();
    let (fa, a) = s.fresh(Sort::Bv(w as u8));
    let (fb, b) = s.fresh(Sort::Bv(w as u8));
    let t = apply(&mut s, op, w, a, b);
    let leaf = |l: Leaf| match l {
        Leaf::Free(f, _) if f == fa => x,
        Leaf::Free(f, _) if f == fb => y,
        _ => 0,
    };
    let want = s.eval(t, &leaf);
    let (ca, cb) = (s.bv(w, x), s.bv(w, y));
    let folded = apply(&mut s, op, w, ca, cb);
    prop_assert_eq!(s.as_const(folded), Some(want), "{:?} {:#x} {:#x}", op, x, y);
    if !through_sat {
        return Ok(());
    }
    let base = |s: &mut TermStore| {
        let mut f = Formula::new();
        let ea = s.eq(a, ca);
        f.assert(s, ea).unwrap();
        let eb = s.eq(b, cb);
        f.assert(s, eb).unwrap();
        f
    };
    let tw = s.width(t);
    let k = if s.sort(t) == Sort::Bool {
        s.bool_const(want == 1)
    } else {
        s.bv(tw, want)
    };
    let mut f = base(&mut s);
    let e = s.eq(t, k);
    f.assert(&s, e).unwrap();
    prop_assert!(
        sat(&f),
        "{:?} {:#x} {:#x}: {:#x} is not a model",
        op,
        x,
        y,
        want
    );
    let mut f = base(&mut s);
    let ne = s.ne(t, k);
    f.assert(&s, ne).unwrap();
    prop_assert!(!sat(&f), "{:?} {:#x} {:#x}: not only {:#x}", op, x, y, want);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    #[test]
    fn float_circuits_admit_exactly_the_interpreters_value(
        op in 0usize..OPS.len(),
        x in operand(32),
        y in operand(32),
    ) {
        check(OPS[op], 32, x, y, true)?;
    }

    #[test]
    fn double_folding_equals_evaluation(
        op in 0usize..OPS.len(),
        x in operand(64),
        y in operand(64),
    ) {
        check(OPS[op], 64, x, y, false)?;
    }
}

#[test]
fn double_circuits_admit_exactly_the_interpreters_value() {
    // One SAT check per operation on doubles (the circuits are larger than the float ones).
    let (x, y) = (2.675f64.to_bits() as u128, (-0.1f64).to_bits() as u128);
    for op in OPS {
        if matches!(op, Op::Two(FpOp2::Div) | Op::One(FpOp1::Sqrt)) {
            continue;
        }
        check(op, 64, x, y, true).unwrap();
    }
}
