//! Hand-made instances for the `Enumerator`.

mod common;

use common::{check_solution, ids_mask, minimal_masks, pigeonhole};
use faultline_maxsat::{Algorithm, Enumerator, Instance, SoftId, SolveError, SolveOptions};
use rustsat::clause;

const ALGS: [Algorithm; 2] = [Algorithm::Oll, Algorithm::LinearSatUnsat];

fn all(inst: &Instance, alg: Algorithm) -> Vec<(u64, Vec<SoftId>)> {
    let mut e = Enumerator::new(
        inst,
        SolveOptions {
            algorithm: alg,
            ..Default::default()
        },
    );
    let mut out = Vec::new();
    while let Some(sol) = e.next().unwrap() {
        check_solution(inst, &sol);
        out.push((sol.cost, sol.falsified));
        assert!(out.len() < 10_000, "runaway enumeration");
    }
    // Exhausted stays exhausted.
    assert_eq!(e.next(), Ok(None));
    out
}

#[test]
fn pigeonhole_each_pigeon_once() {
    for alg in ALGS {
        let inst = pigeonhole(4, 3);
        let sols = all(&inst, alg);
        // Any single pigeon may stay out; nothing else is minimal.
        let mut sets: Vec<_> = sols.iter().map(|(c, s)| (*c, s.clone())).collect();
        sets.sort();
        let expected: Vec<_> = (0..4).map(|i| (1, vec![SoftId(i)])).collect();
        assert_eq!(sets, expected, "{alg:?}");
    }
}

#[test]
fn non_decreasing_and_minimal() {
    // Diagnoses of different sizes: {a}, {b, c}, {d, e, f} each fix the contradiction.
    for alg in ALGS {
        let mut inst = Instance::new();
        let v: Vec<_> = (0..6).map(|_| inst.new_lit()).collect();
        // (a & (b | c) & (d | e | f)) is forbidden as a whole conjunction of "all true".
        inst.add_hard(clause![!v[0], !v[1], !v[3]]);
        inst.add_hard(clause![!v[0], !v[1], !v[4]]);
        inst.add_hard(clause![!v[0], !v[1], !v[5]]);
        inst.add_hard(clause![!v[0], !v[2], !v[3]]);
        inst.add_hard(clause![!v[0], !v[2], !v[4]]);
        inst.add_hard(clause![!v[0], !v[2], !v[5]]);
        for (i, &x) in v.iter().enumerate() {
            inst.add_soft(x, [5, 1, 1, 1, 1, 1][i]);
        }
        let sols = all(&inst, alg);
        let costs: Vec<u64> = sols.iter().map(|(c, _)| *c).collect();
        assert!(costs.windows(2).all(|w| w[0] <= w[1]), "{costs:?}");
        let mut got: Vec<u32> = sols.iter().map(|(_, s)| ids_mask(s)).collect();
        got.sort_unstable();
        assert_eq!(got, minimal_masks(&inst));
        assert_eq!(costs[0], 2); // {b, c}
    }
}

#[test]
fn hard_unsat_then_none() {
    for alg in ALGS {
        let mut inst = Instance::new();
        let a = inst.new_lit();
        inst.add_hard(clause![a]);
        inst.add_hard(clause![!a]);
        inst.add_soft(a, 1);
        let mut e = Enumerator::new(
            &inst,
            SolveOptions {
                algorithm: alg,
                ..Default::default()
            },
        );
        assert_eq!(e.next(), Err(SolveError::HardUnsat));
        assert_eq!(e.next(), Ok(None));
    }
}

#[test]
fn zero_softs_yields_one_empty_solution() {
    for alg in ALGS {
        let mut inst = Instance::new();
        let a = inst.new_lit();
        inst.add_hard(clause![a]);
        let sols = all(&inst, alg);
        assert_eq!(sols, vec![(0, vec![])]);
    }
}

#[test]
fn manual_block_and_unknown_ids() {
    let mut inst = Instance::new();
    let xs: Vec<_> = (0..3).map(|_| inst.new_lit()).collect();
    inst.add_hard(clause![!xs[0], !xs[1], !xs[2]]);
    let ids: Vec<_> = xs.iter().map(|&x| inst.add_soft(x, 1)).collect();
    let mut e = Enumerator::new(&inst, SolveOptions::default());
    // Exclude dropping x0 up front, and ignore a block naming an unknown soft.
    e.block(&[ids[0]]);
    e.block(&[SoftId(99)]);
    let mut got = Vec::new();
    while let Some(s) = e.next().unwrap() {
        got.push(s.falsified);
    }
    got.sort();
    assert_eq!(got, vec![vec![ids[1]], vec![ids[2]]]);
}

#[test]
fn must_set_with_enumeration() {
    // Force "x0 or x1 must be false" and enumerate: the singletons {x0}, {x1}.
    let mut inst = Instance::new();
    let xs: Vec<_> = (0..3).map(|_| inst.new_lit()).collect();
    let ids: Vec<_> = xs.iter().map(|&x| inst.add_soft(x, 1)).collect();
    inst.add_hard(clause![!xs[0], !xs[1]]);
    let mut got: Vec<_> = all(&inst, Algorithm::Oll)
        .into_iter()
        .map(|(_, s)| s)
        .collect();
    got.sort();
    assert_eq!(got, vec![vec![ids[0]], vec![ids[1]]]);
}

#[test]
fn enumerator_can_move_to_another_thread() {
    fn assert_send<T: Send>(_: &T) {}
    let mut inst = Instance::new();
    let a = inst.new_lit();
    inst.add_soft(a, 1);
    let mut e = Enumerator::new(&inst, SolveOptions::default());
    assert_send(&e);
    let sol = std::thread::spawn(move || e.next()).join().unwrap();
    assert_eq!(sol.unwrap().unwrap().cost, 0);
}
