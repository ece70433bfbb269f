//! The encoder and the term evaluator must agree on every operation: for random terms over
//! free inputs fixed by hard constraints, the SAT encoding admits exactly the value the
//! evaluator computes.

use faultline_encode::Formula;
use faultline_maxsat::{solve, SolveError, SolveOptions};
use faultline_ssa::components::ComponentId;
use faultline_ssa::term::{Leaf, Sort, TermId, TermStore};
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Step {
    Bin(u8, usize, usize),
    Un(u8, usize),
    Pred(u8, usize, usize),
    BoolOp(u8, usize, usize),
    Ite(usize, usize, usize),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        (0u8..13, any::<usize>(), any::<usize>()).prop_map(|(o, a, b)| Step::Bin(o, a, b)),
        (0u8..4, any::<usize>()).prop_map(|(o, a)| Step::Un(o, a)),
        (0u8..8, any::<usize>(), any::<usize>()).prop_map(|(o, a, b)| Step::Pred(o, a, b)),
        (0u8..3, any::<usize>(), any::<usize>()).prop_map(|(o, a, b)| Step::BoolOp(o, a, b)),
        (any::<usize>(), any::<usize>(), any::<usize>()).prop_map(|(c, a, b)| Step::Ite(c, a, b)),
    ]
}

/// Build the terms; returns the store, the last bit-vector term, the last boolean term and the
/// free inputs with the values they are fixed to.
fn build(
    width: u32,
    inputs: &[u128],
    steps: &[Step],
) -> (TermStore, TermId, TermId, Vec<(TermId, u128)>) {
    let mut s = TermStore::new();
    let mut bvs = Vec::new();
    let mut fixed = Vec::new();
    for &v in inputs {
        let (_, t) = s.fresh(Sort::Bv(width as u8));
        let v = v & faultline_ssa::term::mask(width);
        fixed.push((t, v));
        bvs.push(t);
    }
    bvs.push(s.bv(width, 3));
    let h = s.health(ComponentId(0));
    let mut bools = vec![h];
    for st in steps {
        match *st {
            Step::Bin(o, a, b) => {
                let (a, b) = (bvs[a % bvs.len()], bvs[b % bvs.len()]);
                let t = match o {
                    0 => s.add(a, b),
                    1 => s.sub(a, b),
                    2 => s.mul(a, b),
                    3 => s.bvand(a, b),
                    4 => s.bvor(a, b),
                    5 => s.bvxor(a, b),
                    6 => s.udiv(a, b),
                    7 => s.urem(a, b),
                    8 => s.sdiv(a, b),
                    9 => s.srem(a, b),
                    10 => s.shl(a, b),
                    11 => s.lshr(a, b),
                    _ => s.ashr(a, b),
                };
                bvs.push(t);
            }
            Step::Un(o, a) => {
                let a = bvs[a % bvs.len()];
                let t = match o {
                    0 => s.neg(a),
                    1 => s.bvnot(a),
                    2 => {
                        let w = s.sext(a, width * 2);
                        let m = s.mul(w, w);
                        s.trunc(m, width)
                    }
                    _ => {
                        let w = s.zext(a, width * 2);
                        let k = s.bv(width * 2, 7);
                        let m = s.add(w, k);
                        let sh = s.bv(width * 2, 1);
                        let r = s.lshr(m, sh);
                        s.trunc(r, width)
                    }
                };
                bvs.push(t);
            }
            Step::Pred(o, a, b) => {
                let (a, b) = (bvs[a % bvs.len()], bvs[b % bvs.len()]);
                let t = match o {
                    0 => s.eq(a, b),
                    1 => s.ult(a, b),
                    2 => s.ule(a, b),
                    3 => s.slt(a, b),
                    4 => s.sle(a, b),
                    5 => s.sadd_overflow(a, b),
                    6 => s.ssub_overflow(a, b),
                    _ => s.smul_overflow(a, b),
                };
                bools.push(t);
            }
            Step::BoolOp(o, a, b) => {
                let (a, b) = (bools[a % bools.len()], bools[b % bools.len()]);
                let t = match o {
                    0 => s.and(a, b),
                    1 => s.or(a, b),
                    _ => s.not(a),
                };
                bools.push(t);
            }
            Step::Ite(c, a, b) => {
                let c = bools[c % bools.len()];
                let (a, b) = (bvs[a % bvs.len()], bvs[b % bvs.len()]);
                bvs.push(s.ite(c, a, b));
            }
        }
    }
    let (bv, b) = (*bvs.last().unwrap(), *bools.last().unwrap());
    (s, bv, b, fixed)
}

fn sat(formula: &Formula) -> bool {
    match solve(formula.instance(), &SolveOptions::default()) {
        Ok(_) => true,
        Err(SolveError::HardUnsat) => false,
        Err(e) => panic!("solver: {e}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn encoding_admits_exactly_the_evaluated_value(
        width in prop_oneof![Just(1u32), Just(8), Just(16), Just(32)],
        inputs in proptest::collection::vec(any::<u128>(), 3),
        healthy in any::<bool>(),
        steps in proptest::collection::vec(step(), 1..10),
    ) {
        let (mut s, bv, b, fixed) = build(width, &inputs, &steps);
        let leaf = |l: Leaf| match l {
            Leaf::Health(_) => healthy as u128,
            Leaf::Free(f, _) => fixed.iter().find(|(t, _)| {
                matches!(s.node(*t).op, faultline_ssa::term::Op::Free(g) if g == f)
            }).map_or(0, |(_, v)| *v),
        };
        let want_bv = s.eval(bv, &leaf);
        let want_b = s.eval(b, &leaf);

        let base = |s: &mut TermStore| {
            let mut f = Formula::new();
            for &(t, v) in &fixed {
                let c = s.bv(width, v);
                let e = s.eq(t, c);
                f.assert(s, e).unwrap();
            }
            let h = s.health(ComponentId(0));
            let hv = if healthy { h } else { s.not(h) };
            f.assert(s, hv).unwrap();
            f
        };

        // The evaluated values are models…
        let mut f = base(&mut s);
        let c = s.bv(width, want_bv);
        let e = s.eq(bv, c);
        f.assert(&s, e).unwrap();
        let bt = s.bool_const(want_b == 1);
        let e = s.eq(b, bt);
        f.assert(&s, e).unwrap();
        prop_assert!(sat(&f), "evaluated value {want_bv} is not a model");

        // …and the only ones.
        let mut f = base(&mut s);
        let c = s.bv(width, want_bv);
        let ne = s.ne(bv, c);
        f.assert(&s, ne).unwrap();
        prop_assert!(!sat(&f), "another value than {want_bv} is possible");
        let mut f = base(&mut s);
        let bt = s.bool_const(want_b != 1);
        let e = s.eq(b, bt);
        f.assert(&s, e).unwrap();
        prop_assert!(!sat(&f), "boolean can differ from {want_b}");
    }
}

#[test]
fn health_softs_are_shared_and_values_read_back() {
    // x is free; "healthy" means y = x + 1; the hard constraint demands y == 10 while x is
    // fixed to 4, so the only way out is to relax the component and pick y = 10.
    let mut s = TermStore::new();
    let (_, x) = s.fresh(Sort::Bv(32));
    let (_, angel) = s.fresh(Sort::Bv(32));
    let one = s.bv(32, 1);
    let h = s.health(ComponentId(7));
    let orig = s.add(x, one);
    let y = s.ite(h, orig, angel);
    let four = s.bv(32, 4);
    let ten = s.bv(32, 10);
    let fix = s.eq(x, four);
    let goal = s.eq(y, ten);
    let mut f = Formula::new();
    f.assert(&s, fix).unwrap();
    f.assert(&s, goal).unwrap();
    let soft = f.add_health_soft(ComponentId(7), 5).unwrap();
    assert_eq!(f.add_health_soft(ComponentId(7), 5).unwrap(), soft);
    let sol = solve(f.instance(), &SolveOptions::default()).unwrap();
    assert_eq!(sol.cost, 5);
    assert_eq!(sol.falsified, vec![soft]);
    assert_eq!(f.component_of(soft), Some(ComponentId(7)));
    assert_eq!(f.value(&s, y, &sol.model), 10);
    assert_eq!(f.value(&s, angel, &sol.model), 10);
    assert!(f.stats().clauses > 0);
}
