//! Property tests against brute force on random small instances.

mod common;

use common::{brute_optimum, check_solution, ids_mask, mask_cost, minimal_masks};
use faultline_maxsat::{
    solve, Algorithm, Check, Enumerator, Instance, Lexicographic, Oracle, SoftId, SolveError,
    SolveOptions,
};
use proptest::prelude::*;
use rustsat::types::{Clause, Lit};

/// Enumerate at most this many solutions per instance.
const ENUM_LIMIT: usize = 40;

#[derive(Debug, Clone)]
struct Spec {
    n_vars: u32,
    clauses: Vec<Vec<(u32, bool)>>,
    softs: Vec<((u32, bool), u64)>,
}

fn spec() -> impl Strategy<Value = Spec> {
    (1u32..=10, any::<bool>()).prop_flat_map(|(n, equal_weights)| {
        let lit = (0..n, any::<bool>());
        let clauses = prop::collection::vec(prop::collection::vec(lit.clone(), 1..=3), 0..=25);
        // Equal weights exercise the unstratified path; 1..=4 gives many ties; a wide
        // range gives diverse strata.
        let weight = if equal_weights {
            Just(1u64).boxed()
        } else {
            // Weight 0 (outside the documented contract) must still behave: such softs
            // never count and are never reported.
            prop_oneof![4 => 1u64..=4, 4 => 1u64..=1000, 1 => 0u64..=2].boxed()
        };
        let softs = prop::collection::vec((lit, weight), 0..=8);
        (Just(n), clauses, softs).prop_map(|(n_vars, clauses, softs)| Spec {
            n_vars,
            clauses,
            softs,
        })
    })
}

fn build(s: &Spec) -> Instance {
    let mut inst = Instance::new();
    for _ in 0..s.n_vars {
        inst.new_var();
    }
    for cl in &s.clauses {
        inst.add_hard(
            cl.iter()
                .map(|&(v, neg)| Lit::new(v, neg))
                .collect::<Clause>(),
        );
    }
    for &((v, neg), w) in &s.softs {
        inst.add_soft(Lit::new(v, neg), w);
    }
    inst
}

fn check_optimum(inst: &Instance, alg: Algorithm) -> Result<(), TestCaseError> {
    let res = solve(
        inst,
        &SolveOptions {
            algorithm: alg,
            ..Default::default()
        },
    );
    match brute_optimum(inst) {
        None => prop_assert_eq!(res, Err(SolveError::HardUnsat)),
        Some(opt) => {
            let sol = res.map_err(|e| TestCaseError::fail(format!("{alg:?}: {e}")))?;
            check_solution(inst, &sol);
            prop_assert_eq!(sol.cost, opt, "{:?}", alg);
        }
    }
    Ok(())
}

fn check_enumeration(inst: &Instance, alg: Algorithm) -> Result<(), TestCaseError> {
    let mut e = Enumerator::new(
        inst,
        SolveOptions {
            algorithm: alg,
            ..Default::default()
        },
    );
    let mut expected = minimal_masks(inst);
    if expected.is_empty() {
        prop_assert_eq!(e.next(), Err(SolveError::HardUnsat));
        return Ok(());
    }
    // The reference order: by cost; ties in any order.
    expected.sort_by_key(|&m| (mask_cost(inst, m), m));
    let mut got = Vec::new();
    while got.len() < ENUM_LIMIT {
        let Some(sol) = e
            .next()
            .map_err(|err| TestCaseError::fail(format!("{alg:?}: {err}")))?
        else {
            break;
        };
        check_solution(inst, &sol);
        let m = ids_mask(&sol.falsified);
        // Subset-minimal: no feasible falsified set is a proper subset of this one.
        prop_assert!(
            expected.contains(&m),
            "{:?} returned non-minimal {:b}",
            alg,
            m
        );
        got.push((sol.cost, m));
    }
    prop_assert!(
        got.windows(2).all(|w| w[0].0 <= w[1].0),
        "costs decrease: {:?}",
        got
    );
    let mut masks: Vec<u32> = got.iter().map(|&(_, m)| m).collect();
    masks.sort_unstable();
    masks.dedup();
    prop_assert_eq!(masks.len(), got.len(), "duplicate solution");
    if got.len() < ENUM_LIMIT {
        // Complete: exactly the minimal sets.
        let mut want = expected.clone();
        want.sort_unstable();
        prop_assert_eq!(masks, want);
        prop_assert_eq!(e.next(), Ok(None));
    } else {
        // A prefix in cost order: every minimal set cheaper than the last one returned
        // must have been returned.
        let last = got.last().map_or(0, |g| g.0);
        for &m in &expected {
            if mask_cost(inst, m) < last {
                prop_assert!(masks.binary_search(&m).is_ok());
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn optimum_matches_brute_force(s in spec()) {
        let inst = build(&s);
        check_optimum(&inst, Algorithm::Oll)?;
        check_optimum(&inst, Algorithm::LinearSatUnsat)?;
    }

    #[test]
    fn enumeration_matches_brute_force(s in spec()) {
        let inst = build(&s);
        check_enumeration(&inst, Algorithm::Oll)?;
        check_enumeration(&inst, Algorithm::LinearSatUnsat)?;
    }

    /// One oracle asked several times (incrementally, each call after the first keeping
    /// the previous call's trail): a model satisfies the hard clauses and every soft asked
    /// for; a core is a subset of them that no feasible assignment satisfies together; an
    /// empty core means the hard clauses are unsatisfiable.
    #[test]
    fn oracle_answers_match_brute_force(s in spec(), asks in prop::collection::vec(any::<u32>(), 1..=12)) {
        let inst = build(&s);
        let feasible = common::feasible_masks_all(&inst);
        let mut oracle = Oracle::new(&inst, &SolveOptions::default()).expect("loads");
        for ask in asks {
            let hold: Vec<SoftId> = (0..inst.n_soft() as u32)
                .filter(|i| ask >> i & 1 == 1)
                .map(SoftId)
                .collect();
            match oracle.check(&hold).expect("no limits") {
                Check::Sat(sol) => {
                    prop_assert!(inst.satisfies_hard(&sol.model));
                    for &id in &hold {
                        let lit = inst.soft_lit(id).unwrap();
                        prop_assert!(common::model_lit(&sol.model, lit), "soft {id:?} asked for but false");
                    }
                }
                Check::Unsat(core) => {
                    prop_assert!(core.iter().all(|c| hold.contains(c)), "core {core:?} not within {hold:?}");
                    let core_mask = ids_mask(&core);
                    prop_assert!(
                        !feasible.iter().any(|&m| m & core_mask == 0),
                        "a feasible assignment satisfies every soft of core {core:?}"
                    );
                }
            }
        }
    }
    /// The lexicographic optimizer, asked again after each of several added clauses (as
    /// the hitting sets do): its solution is feasible and as cheap as brute force says;
    /// with the preference asked for, no equally cheap solution has a smaller preference
    /// sum (on instances this small the budgeted search always finishes); once brute force
    /// finds no model, neither does it.
    #[test]
    fn lexicographic_matches_brute_force(
        s in spec(),
        ties in prop::collection::vec(0u64..=6, 8),
        added in prop::collection::vec(prop::collection::vec((0u32..10, any::<bool>()), 1..=3), 0..=6),
        prefer in any::<bool>(),
    ) {
        let mut inst = build(&s);
        let mut lex = Lexicographic::new(&inst, &ties, &SolveOptions::default()).expect("loads");
        for step in 0..=added.len() {
            if step > 0 {
                let clause: Clause = added[step - 1]
                    .iter()
                    .map(|&(v, neg)| Lit::new(v % s.n_vars, neg))
                    .collect();
                inst.add_hard(clause.clone());
                lex.add_hard(clause).expect("adds");
            }
            let got = lex.optimum(prefer).expect("no limits");
            let feasible = common::feasible_masks(&inst);
            let Some(opt) = brute_optimum(&inst) else {
                prop_assert!(got.is_none(), "a solution where brute force finds none");
                continue;
            };
            let sol = got.ok_or_else(|| TestCaseError::fail("no solution, brute force has one"))?;
            check_solution(&inst, &sol);
            prop_assert_eq!(sol.cost, opt);
            if prefer {
                let tie = |m: u32| -> u64 {
                    (0..inst.n_soft()).filter(|i| m >> i & 1 == 1).map(|i| ties[i]).sum()
                };
                let best = feasible
                    .iter()
                    .filter(|&&m| mask_cost(&inst, m) == opt)
                    .map(|&m| tie(m))
                    .min();
                prop_assert_eq!(Some(tie(ids_mask(&sol.falsified))), best);
            }
        }
    }
}

/// Larger instances than brute force can handle: OLL and linear search must agree on the
/// optimum and on the cost sequence of the first enumerated solutions. This exercises
/// totalizer bounds above 1, stratification over many levels and blocking interplay.
#[derive(Debug, Clone)]
struct Medium {
    clauses: Vec<Vec<(u32, bool)>>,
    softs: Vec<((u32, bool), u64)>,
}

const MEDIUM_VARS: u32 = 40;

fn medium() -> impl Strategy<Value = Medium> {
    let lit = (0..MEDIUM_VARS, any::<bool>());
    let clauses = prop::collection::vec(prop::collection::vec(lit.clone(), 2..=3), 60..=140);
    let softs = prop::collection::vec((lit, prop_oneof![Just(1u64), 1u64..=3, 1u64..=50]), 10..=30);
    (clauses, softs).prop_map(|(clauses, softs)| Medium { clauses, softs })
}

fn build_medium(m: &Medium) -> Instance {
    build(&Spec {
        n_vars: MEDIUM_VARS,
        clauses: m.clauses.clone(),
        softs: m.softs.clone(),
    })
}

fn cost_sequence(inst: &Instance, alg: Algorithm, limit: usize) -> Result<Vec<u64>, SolveError> {
    let mut e = Enumerator::new(
        inst,
        SolveOptions {
            algorithm: alg,
            ..Default::default()
        },
    );
    let mut costs = Vec::new();
    while costs.len() < limit {
        match e.next()? {
            Some(sol) => {
                check_solution(inst, &sol);
                costs.push(sol.cost);
            }
            None => break,
        }
    }
    Ok(costs)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn oll_agrees_with_linear_on_medium_instances(m in medium()) {
        let inst = build_medium(&m);
        let oll = solve(&inst, &SolveOptions::default()).map(|s| s.cost);
        let lin = solve(
            &inst,
            &SolveOptions { algorithm: Algorithm::LinearSatUnsat, ..Default::default() },
        )
        .map(|s| s.cost);
        prop_assert_eq!(&oll, &lin);
        if oll.is_ok() {
            let a = cost_sequence(&inst, Algorithm::Oll, 15);
            let b = cost_sequence(&inst, Algorithm::LinearSatUnsat, 15);
            prop_assert_eq!(a, b);
        }
    }
}
