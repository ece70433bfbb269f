//! Shared helpers: brute-force reference solver and result checks.
#![allow(dead_code)] // each test binary uses a different subset

use faultline_maxsat::{Instance, SoftId, Solution};
use rustsat::types::{Assignment, Lit, TernaryVal, Var};

/// Every assignment of `inst`'s variables that satisfies the hard clauses, as the bitmask
/// of falsified positive-weight softs. Only for `n_vars <= 16`.
pub fn feasible_masks(inst: &Instance) -> Vec<u32> {
    masks(inst, false)
}

/// Like [`feasible_masks`], but the mask holds every soft whose literal is false, weight 0
/// included (what an oracle's core speaks about).
pub fn feasible_masks_all(inst: &Instance) -> Vec<u32> {
    masks(inst, true)
}

fn masks(inst: &Instance, zero_weights: bool) -> Vec<u32> {
    let n = inst.n_vars();
    assert!(n <= 16 && inst.n_soft() <= 32);
    let mut masks = Vec::new();
    for bits in 0u32..(1 << n) {
        let val = |l: Lit| ((bits >> l.var().idx32()) & 1 == 1) != l.is_neg();
        if inst
            .hard_clauses()
            .iter()
            .all(|cl| cl.iter().any(|&l| val(l)))
        {
            let mut m = 0u32;
            for (i, &(l, w)) in inst.softs().iter().enumerate() {
                if (zero_weights || w > 0) && !val(l) {
                    m |= 1 << i;
                }
            }
            masks.push(m);
        }
    }
    masks.sort_unstable();
    masks.dedup();
    masks
}

/// Whether `lit` is true in `model` (unassigned counts as false).
pub fn model_lit(model: &Assignment, lit: Lit) -> bool {
    model.lit_value(lit) == TernaryVal::True
}

pub fn mask_cost(inst: &Instance, m: u32) -> u64 {
    inst.softs()
        .iter()
        .enumerate()
        .filter(|(i, _)| m >> i & 1 == 1)
        .map(|(_, &(_, w))| w)
        .sum()
}

pub fn ids_mask(ids: &[SoftId]) -> u32 {
    ids.iter().fold(0, |m, id| m | 1 << id.0)
}

/// Optimum cost by brute force, `None` if the hard clauses are unsatisfiable.
pub fn brute_optimum(inst: &Instance) -> Option<u64> {
    feasible_masks(inst)
        .into_iter()
        .map(|m| mask_cost(inst, m))
        .min()
}

/// The subset-minimal feasible falsified sets.
pub fn minimal_masks(inst: &Instance) -> Vec<u32> {
    let all = feasible_masks(inst);
    all.iter()
        .copied()
        .filter(|&m| !all.iter().any(|&o| o != m && o & m == o))
        .collect()
}

/// Checks that a solution is self-consistent: the model satisfies the hard clauses, the
/// falsified list is sorted and matches the model, and the cost matches the list.
pub fn check_solution(inst: &Instance, sol: &Solution) {
    assert!(
        inst.satisfies_hard(&sol.model),
        "model violates hard clauses"
    );
    assert!(sol.falsified.windows(2).all(|w| w[0] < w[1]), "not sorted");
    let from_model: Vec<SoftId> = inst
        .softs()
        .iter()
        .enumerate()
        .filter(|(_, &(l, w))| w > 0 && sol.model.lit_value(l) != TernaryVal::True)
        .map(|(i, _)| SoftId(i as u32))
        .collect();
    assert_eq!(
        from_model, sol.falsified,
        "falsified set disagrees with model"
    );
    let cost: u64 = sol
        .falsified
        .iter()
        .map(|&id| inst.soft_weight(id).unwrap())
        .sum();
    assert_eq!(cost, sol.cost);
    assert_eq!(inst.cost_of(&sol.model), sol.cost);
    assert_eq!(sol.model.len(), inst.n_vars() as usize);
}

pub fn model_var(model: &Assignment, v: Var) -> bool {
    model.var_value(v) == TernaryVal::True
}

/// Pigeonhole principle `pigeons -> holes` as hard clauses, with one soft per pigeon
/// selecting its "must sit somewhere" clause, so the instance is a genuine MaxSAT problem
/// whose first core needs a (hard) pigeonhole refutation.
pub fn pigeonhole(pigeons: usize, holes: usize) -> Instance {
    let mut inst = Instance::new();
    let p: Vec<Vec<Lit>> = (0..pigeons)
        .map(|_| (0..holes).map(|_| inst.new_lit()).collect())
        .collect();
    for row in &p {
        let sel = inst.new_lit();
        let mut cl: rustsat::types::Clause = row.iter().copied().collect();
        cl.add(!sel);
        inst.add_hard(cl);
        inst.add_soft(sel, 1);
    }
    for h in 0..holes {
        for (i, pi) in p.iter().enumerate() {
            for pj in &p[i + 1..] {
                inst.add_hard(rustsat::clause![!pi[h], !pj[h]]);
            }
        }
    }
    inst
}
