//! Hand-made instances for `solve`, under both algorithms.

mod common;

use common::{brute_optimum, check_solution, pigeonhole};
use faultline_maxsat::{solve, Algorithm, Instance, SoftId, SolveError, SolveOptions};
use rustsat::clause;

const ALGS: [Algorithm; 2] = [Algorithm::Oll, Algorithm::LinearSatUnsat];

fn opts(algorithm: Algorithm) -> SolveOptions {
    SolveOptions {
        algorithm,
        ..Default::default()
    }
}

#[test]
fn weighted_prefers_cheaper_violation() {
    for alg in ALGS {
        let mut inst = Instance::new();
        let (a, b, c) = (inst.new_lit(), inst.new_lit(), inst.new_lit());
        inst.add_hard(clause![!a, !b]);
        inst.add_hard(clause![!b, !c]);
        let sa = inst.add_soft(a, 2);
        let _sb = inst.add_soft(b, 3);
        let sc = inst.add_soft(c, 2);
        let sol = solve(&inst, &opts(alg)).unwrap();
        check_solution(&inst, &sol);
        // Dropping b (3) beats dropping a and c (4).
        assert_eq!(sol.cost, 3, "{alg:?}");
        assert_eq!(sol.falsified, vec![SoftId(1)]);
        let _ = (sa, sc);
    }
}

#[test]
fn unweighted_chain() {
    // x0 -> x1 -> ... -> x5 -> !x0, softs want every x_i true: must drop one (x0).
    for alg in ALGS {
        let mut inst = Instance::new();
        let xs: Vec<_> = (0..6).map(|_| inst.new_lit()).collect();
        for w in xs.windows(2) {
            inst.add_hard(clause![!w[0], w[1]]);
        }
        inst.add_hard(clause![!xs[5], !xs[0]]);
        for &x in &xs {
            inst.add_soft(x, 1);
        }
        let sol = solve(&inst, &opts(alg)).unwrap();
        check_solution(&inst, &sol);
        assert_eq!(sol.cost, 1);
        assert_eq!(sol.falsified, vec![SoftId(0)]);
    }
}

#[test]
fn hard_unsat() {
    for alg in ALGS {
        let mut inst = Instance::new();
        let a = inst.new_lit();
        inst.add_hard(clause![a]);
        inst.add_hard(clause![!a]);
        inst.add_soft(a, 1);
        assert_eq!(solve(&inst, &opts(alg)), Err(SolveError::HardUnsat));

        let mut empty = Instance::new();
        empty.add_hard(clause![]);
        assert_eq!(solve(&empty, &opts(alg)), Err(SolveError::HardUnsat));
    }
}

#[test]
fn zero_softs() {
    for alg in ALGS {
        let mut inst = Instance::new();
        let (a, b) = (inst.new_lit(), inst.new_lit());
        inst.add_hard(clause![a, b]);
        inst.add_hard(clause![!a]);
        let sol = solve(&inst, &opts(alg)).unwrap();
        check_solution(&inst, &sol);
        assert_eq!(sol.cost, 0);
        assert!(sol.falsified.is_empty());
        assert!(common::model_var(&sol.model, b.var()));

        let sol = solve(&Instance::new(), &opts(alg)).unwrap();
        assert_eq!((sol.cost, sol.falsified.len(), sol.model.len()), (0, 0, 0));
    }
}

#[test]
fn duplicate_and_opposite_softs() {
    // Softs on x and !x (one always pays) and the same literal twice.
    for alg in ALGS {
        let mut inst = Instance::new();
        let (x, y) = (inst.new_lit(), inst.new_lit());
        inst.add_hard(clause![!x, !y]);
        inst.add_soft(x, 4);
        inst.add_soft(!x, 1);
        inst.add_soft(y, 2);
        inst.add_soft(y, 2);
        let sol = solve(&inst, &opts(alg)).unwrap();
        check_solution(&inst, &sol);
        assert_eq!(Some(sol.cost), brute_optimum(&inst));
        assert_eq!(sol.cost, 4);
    }
}

#[test]
fn zero_weight_soft_is_never_reported() {
    for alg in ALGS {
        let mut inst = Instance::new();
        let a = inst.new_lit();
        inst.add_hard(clause![!a]);
        inst.add_soft(a, 0);
        let sol = solve(&inst, &opts(alg)).unwrap();
        assert_eq!(sol.cost, 0);
        assert!(sol.falsified.is_empty());
    }
}

#[test]
fn must_set_constraint() {
    // A caller forcing "at least one of these softs is false" with a hard clause over the
    // negated soft literals.
    for alg in ALGS {
        let mut inst = Instance::new();
        let xs: Vec<_> = (0..4).map(|_| inst.new_lit()).collect();
        let ids: Vec<_> = xs
            .iter()
            .zip([5, 1, 7, 3])
            .map(|(&x, w)| inst.add_soft(x, w))
            .collect();
        assert_eq!(solve(&inst, &opts(alg)).unwrap().cost, 0);
        inst.add_hard(clause![!xs[0], !xs[2], !xs[3]]);
        let sol = solve(&inst, &opts(alg)).unwrap();
        check_solution(&inst, &sol);
        assert_eq!(sol.cost, 3);
        assert_eq!(sol.falsified, vec![ids[3]]);
    }
}

#[test]
fn stratified_weights_with_many_levels() {
    // Weights 1, 2, 4, ..., 512 on pairwise-exclusive literals: all but the heaviest drop.
    for alg in ALGS {
        let mut inst = Instance::new();
        let xs: Vec<_> = (0..10).map(|_| inst.new_lit()).collect();
        for i in 0..xs.len() {
            for j in i + 1..xs.len() {
                inst.add_hard(clause![!xs[i], !xs[j]]);
            }
        }
        for (i, &x) in xs.iter().enumerate() {
            inst.add_soft(x, 1 << i);
        }
        let sol = solve(&inst, &opts(alg)).unwrap();
        check_solution(&inst, &sol);
        assert_eq!(sol.cost, 511);
        assert_eq!(sol.falsified.len(), 9);
    }
}

#[test]
fn pigeonhole_small_optimum() {
    // 5 pigeons, 4 holes: exactly one pigeon stays out.
    for alg in ALGS {
        let inst = pigeonhole(5, 4);
        let sol = solve(&inst, &opts(alg)).unwrap();
        check_solution(&inst, &sol);
        assert_eq!(sol.cost, 1);
    }
}

#[test]
fn oversized_weights_are_an_error_not_a_panic() {
    let mut inst = Instance::new();
    let (a, b) = (inst.new_lit(), inst.new_lit());
    inst.add_soft(a, u64::MAX);
    inst.add_soft(b, u64::MAX);
    assert!(matches!(
        solve(&inst, &SolveOptions::default()),
        Err(SolveError::Solver(_))
    ));
}

#[test]
fn variables_beyond_new_var_are_counted() {
    let mut inst = Instance::new();
    let far = rustsat::types::Lit::positive(7);
    inst.add_hard(clause![far]);
    assert_eq!(inst.n_vars(), 8);
    let s = inst.add_soft(!far, 2);
    assert_eq!((inst.n_hard(), inst.n_soft()), (1, 1));
    let sol = solve(&inst, &SolveOptions::default()).unwrap();
    assert_eq!(sol.falsified, vec![s]);
    assert_eq!(sol.model.len(), 8);
}

#[test]
fn large_weights_do_not_overflow() {
    // Total weight just below the u64::MAX / 4 limit.
    for alg in ALGS {
        let mut inst = Instance::new();
        let (a, b, c) = (inst.new_lit(), inst.new_lit(), inst.new_lit());
        inst.add_hard(clause![!a, !b]);
        inst.add_hard(clause![!b, !c]);
        let big = u64::MAX / 16;
        inst.add_soft(a, big);
        inst.add_soft(b, big + 1);
        inst.add_soft(c, 1);
        let sol = solve(&inst, &opts(alg)).unwrap();
        check_solution(&inst, &sol);
        assert_eq!(sol.cost, big + 1, "{alg:?}");
    }
}
