//! And-inverter graph and Tseitin encoder: folding rules, structural hashing, two-level rewrite
//! soundness on random formulas, and incremental cone-of-influence encoding.

use faultline_bitblast::{Aig, AigLit, BitVec, Tseitin, TseitinStats};
use proptest::prelude::*;
use rustsat::instances::{BasicVarManager, Cnf, ManageVars};
use rustsat::solvers::{Solve, SolveIncremental, SolverResult};
use rustsat::types::TernaryVal;
use rustsat_cadical::CaDiCaL;

#[test]
fn constant_and_identity_rules() {
    let mut aig = Aig::new();
    let x = aig.input();
    assert_eq!(aig.and(x, AigLit::FALSE), AigLit::FALSE);
    assert_eq!(aig.and(AigLit::TRUE, x), x);
    assert_eq!(aig.and(x, x), x);
    assert_eq!(aig.and(x, !x), AigLit::FALSE);
    assert_eq!(aig.or(x, !x), AigLit::TRUE);
    assert_eq!(aig.xor(x, x), AigLit::FALSE);
    assert_eq!(aig.xor(x, !x), AigLit::TRUE);
    assert_eq!(aig.ite(AigLit::TRUE, x, !x), x);
    assert_eq!(aig.and_all([]), AigLit::TRUE);
    assert_eq!(aig.or_all([]), AigLit::FALSE);
    assert_eq!(aig.and_count(), 0);
    assert_eq!(aig.input_count(), 1);
    assert!(aig.stats().const_folds > 0);
}

#[test]
fn two_level_rules() {
    let mut aig = Aig::new();
    let (a, b) = (aig.input(), aig.input());
    let ab = aig.and(a, b);
    let n = aig.and_count();
    assert_eq!(aig.and(ab, a), ab, "idempotence");
    assert_eq!(aig.and(ab, !a), AigLit::FALSE, "contradiction");
    let nab = aig.and(!a, b);
    assert_eq!(aig.and(a, !nab), a, "subsumption");
    let a_not_b = aig.and(a, !b);
    assert_eq!(aig.and(a, !ab), a_not_b, "substitution");
    assert_eq!(aig.and(!ab, !a_not_b), !a, "resolution");
    assert_eq!(
        aig.and(ab, nab),
        AigLit::FALSE,
        "contradiction across two ANDs"
    );
    // Only the nodes built explicitly exist: ab, !a&b, a&!b.
    assert_eq!(aig.and_count(), n + 2);
    assert!(aig.stats().rewrites >= 6);
}

#[test]
fn structural_hashing_shares_equal_subgraphs() {
    let mut aig = Aig::new();
    let (a, b) = (aig.input(), aig.input());
    assert_eq!(aig.and(a, b), aig.and(b, a));
    let x = BitVec::input(&mut aig, 32);
    let y = BitVec::input(&mut aig, 32);
    let z = BitVec::input(&mut aig, 32);
    let build = |aig: &mut Aig| {
        let p = x.mul(aig, &y);
        let s = p.add(aig, &z);
        let q = s.sdiv(aig, &y);
        q.slt(aig, &x)
    };
    let first = build(&mut aig);
    let (nodes, hits) = (aig.and_count(), aig.stats().hash_hits);
    let second = build(&mut aig);
    assert_eq!(first, second);
    assert_eq!(aig.and_count(), nodes, "rebuilding created nodes");
    assert!(aig.stats().hash_hits > hits);
    // Commuted operands of symmetric operations are shared too.
    let xy = x.xor(&mut aig, &y);
    let xy_sum = x.add(&mut aig, &y);
    let n = aig.and_count();
    assert_eq!(y.xor(&mut aig, &x), xy);
    assert_eq!(y.add(&mut aig, &x), xy_sum);
    assert_eq!(aig.and_count(), n);
}

/// A random formula over 4 inputs as a list of gates referring to earlier entries.
#[derive(Clone, Debug)]
enum Gate {
    And(usize, usize, bool, bool),
    Or(usize, usize),
    Xor(usize, usize),
    Ite(usize, usize, usize),
    Not(usize),
}

fn gates() -> impl Strategy<Value = Vec<Gate>> {
    let gate = (
        0u8..5,
        any::<usize>(),
        any::<usize>(),
        any::<usize>(),
        any::<(bool, bool)>(),
    )
        .prop_map(|(k, a, b, c, (na, nb))| match k {
            0 => Gate::And(a, b, na, nb),
            1 => Gate::Or(a, b),
            2 => Gate::Xor(a, b),
            3 => Gate::Ite(a, b, c),
            _ => Gate::Not(a),
        });
    prop::collection::vec(gate, 1..40)
}

/// Builds the formula on the graph and evaluates it directly for every input assignment;
/// returns every edge (constants, the four inputs, then one per gate) with its truth table.
fn build_all(aig: &mut Aig, gs: &[Gate]) -> (Vec<AigLit>, Vec<Vec<bool>>) {
    let mut lits: Vec<AigLit> = vec![AigLit::FALSE, AigLit::TRUE];
    lits.extend((0..4).map(|_| aig.input()));
    let mut tables: Vec<Vec<bool>> = vec![vec![false; 16], vec![true; 16]];
    tables.extend((0..4).map(|i| (0..16).map(|m| (m >> i) & 1 == 1).collect()));
    for g in gs {
        let n = lits.len();
        let t = |i: usize| tables[i % n].clone();
        let (l, tab): (AigLit, Vec<bool>) = match *g {
            Gate::And(a, b, na, nb) => (
                aig.and(lits[a % n].negate_if(na), lits[b % n].negate_if(nb)),
                (0..16).map(|m| (t(a)[m] ^ na) && (t(b)[m] ^ nb)).collect(),
            ),
            Gate::Or(a, b) => (
                aig.or(lits[a % n], lits[b % n]),
                (0..16).map(|m| t(a)[m] || t(b)[m]).collect(),
            ),
            Gate::Xor(a, b) => (
                aig.xor(lits[a % n], lits[b % n]),
                (0..16).map(|m| t(a)[m] ^ t(b)[m]).collect(),
            ),
            Gate::Ite(a, b, c) => (
                aig.ite(lits[a % n], lits[b % n], lits[c % n]),
                (0..16)
                    .map(|m| if t(a)[m] { t(b)[m] } else { t(c)[m] })
                    .collect(),
            ),
            Gate::Not(a) => (!lits[a % n], (0..16).map(|m| !t(a)[m]).collect()),
        };
        lits.push(l);
        tables.push(tab);
    }
    (lits, tables)
}

/// The last gate's edge and truth table, and the four input edges.
fn build(aig: &mut Aig, gs: &[Gate]) -> (AigLit, Vec<bool>, Vec<AigLit>) {
    let (lits, mut tables) = build_all(aig, gs);
    (
        *lits.last().unwrap(),
        tables.pop().unwrap(),
        lits[2..6].to_vec(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Folding, hashing and rewriting preserve the function of random formulas.
    #[test]
    fn rewriting_is_sound(gs in gates()) {
        let mut aig = Aig::new();
        let (root, table, _) = build(&mut aig, &gs);
        for (m, &expected) in table.iter().enumerate() {
            let inputs: Vec<bool> = (0..4).map(|i| (m >> i) & 1 == 1).collect();
            let vals = aig.simulate(&inputs);
            prop_assert_eq!(Aig::lit_value(&vals, root), expected, "assignment {}", m);
        }
    }

    /// The CNF of a random formula agrees with its truth table under every input assignment, and
    /// asserting it is satisfiable exactly when some row is true.
    #[test]
    fn tseitin_matches_truth_table(gs in gates(), mux in any::<bool>()) {
        let mut aig = Aig::new();
        let (root, table, inputs) = build(&mut aig, &gs);
        let (mut solver, mut vm, mut enc) = (CaDiCaL::default(), BasicVarManager::default(), Tseitin::new());
        enc.set_mux_detection(mux);
        let out = enc.lit_of(&aig, root, &mut solver, &mut vm).unwrap();
        let in_lits: Vec<_> = inputs
            .iter()
            .map(|&i| enc.lit_of(&aig, i, &mut solver, &mut vm).unwrap())
            .collect();
        for (m, &expected) in table.iter().enumerate() {
            let assumps: Vec<_> = in_lits
                .iter()
                .enumerate()
                .map(|(i, &l)| if (m >> i) & 1 == 1 { l } else { !l })
                .collect();
            prop_assert_eq!(solver.solve_assumps(&assumps).unwrap(), SolverResult::Sat);
            let model = solver.full_solution().unwrap();
            prop_assert_eq!(model.lit_value(out) == TernaryVal::True, expected);
            prop_assert_eq!(enc.value(&aig, root, &model), expected);
        }
    }

    /// Asserting a random formula (with and without polarity optimisation, with and without
    /// multiplexer gates) admits exactly the input assignments of its true rows, and models
    /// satisfy it. Afterwards, a full literal for a half-defined inner gate (upgrading its
    /// polarity) agrees with that gate's truth table.
    #[test]
    fn assert_matches_truth_table(
        gs in gates(),
        pick in any::<usize>(),
        polarity_opt in any::<bool>(),
        mux in any::<bool>(),
    ) {
        let mut aig = Aig::new();
        let (lits, tables) = build_all(&mut aig, &gs);
        let (root, table) = (*lits.last().unwrap(), tables.last().unwrap().clone());
        let inner = 6 + pick % (lits.len() - 6);
        let (mut s, mut vm, mut enc) = (CaDiCaL::default(), BasicVarManager::default(), Tseitin::new());
        enc.set_polarity_optimisation(polarity_opt);
        enc.set_mux_detection(mux);
        enc.assert_lit(&aig, root, &mut s, &mut vm).unwrap();
        let res = s.solve().unwrap();
        prop_assert_eq!(res == SolverResult::Sat, table.contains(&true));
        if res == SolverResult::Sat {
            let model = s.full_solution().unwrap();
            prop_assert!(enc.value(&aig, root, &model));
        }
        let in_lits: Vec<_> = lits[2..6]
            .iter()
            .map(|&i| enc.lit_of(&aig, i, &mut s, &mut vm).unwrap())
            .collect();
        let inner_lit = enc.lit_of(&aig, lits[inner], &mut s, &mut vm).unwrap();
        for (m, &row) in table.iter().enumerate() {
            let assumps: Vec<_> = in_lits
                .iter()
                .enumerate()
                .map(|(i, &l)| if (m >> i) & 1 == 1 { l } else { !l })
                .collect();
            let res = s.solve_assumps(&assumps).unwrap();
            prop_assert_eq!(res == SolverResult::Sat, row, "row {}", m);
            if row {
                let model = s.full_solution().unwrap();
                prop_assert_eq!(model.lit_value(inner_lit) == TernaryVal::True, tables[inner][m]);
                prop_assert_eq!(enc.value(&aig, lits[inner], &model), tables[inner][m]);
            }
        }
    }
}

/// Clauses emitted for asserting `build`'s root with and without polarity optimisation.
fn assert_clauses(build: fn(&mut Aig) -> AigLit) -> (usize, usize) {
    let count = |polarity_opt: bool| {
        let mut aig = Aig::new();
        let goal = build(&mut aig);
        let (mut cnf, mut vm, mut enc) = (Cnf::new(), BasicVarManager::default(), Tseitin::new());
        enc.set_polarity_optimisation(polarity_opt);
        enc.assert_lit(&aig, goal, &mut cnf, &mut vm).unwrap();
        assert_eq!(enc.stats().clauses, cnf.len());
        cnf.len()
    };
    (count(true), count(false))
}

#[test]
fn polarity_optimisation_saves_clauses() {
    // Monotone structure (a disjunction of conjunctions) needs one polarity only: about a third
    // of the clauses go (at least 30% here).
    let (pg, full) = assert_clauses(|aig| {
        let x = BitVec::input(aig, 64);
        let terms: Vec<AigLit> = x
            .bits()
            .chunks(4)
            .map(|c| aig.and_all(c.iter().copied()))
            .collect();
        let inner = aig.or_all(terms);
        let y = aig.input();
        aig.or(inner, y)
    });
    assert!(pg * 10 <= full * 7, "polarity-aware {pg} vs full {full}");
    // XOR-heavy arithmetic uses most nodes in both polarities; the saving is small but never
    // negative.
    let (pg, full) = assert_clauses(|aig| {
        let x = BitVec::input(aig, 32);
        let y = BitVec::input(aig, 32);
        let p = x.mul(aig, &y);
        p.eq(aig, &BitVec::constant(32, 0x1234_5679))
    });
    assert!(pg <= full, "polarity-aware {pg} vs full {full}");
}

#[test]
fn multiplexers_and_xors_are_single_gates() {
    // What a program replica is mostly made of: guarded stores (`ite`) and adders (XOR).
    let encode = |mux: bool| {
        let mut aig = Aig::new();
        let (c, x, y) = (
            aig.input(),
            BitVec::input(&mut aig, 32),
            BitVec::input(&mut aig, 32),
        );
        let chosen = BitVec::ite(&mut aig, c, &x, &y);
        let sum = chosen.add(&mut aig, &y);
        let (mut cnf, mut vm, mut enc) = (Cnf::new(), BasicVarManager::default(), Tseitin::new());
        enc.set_mux_detection(mux);
        enc.lits_of(&aig, &sum, &mut cnf, &mut vm).unwrap();
        assert_eq!(enc.stats().clauses, cnf.len());
        enc.stats()
    };
    let (gates, ands) = (encode(true), encode(false));
    assert_eq!(ands.muxes, 0);
    // 32 multiplexers and the adder's XORs.
    assert!(gates.muxes >= 32 + 31, "{gates:?}");
    // Measured: 186 gate variables instead of 315, 717 clauses instead of 945.
    let gate_vars = |s: TseitinStats| s.vars - s.inputs;
    assert!(
        gate_vars(gates) * 3 <= gate_vars(ands) * 2,
        "{gates:?} vs {ands:?}"
    );
    assert!(
        gates.clauses * 5 <= ands.clauses * 4,
        "{gates:?} vs {ands:?}"
    );
}

#[test]
fn tseitin_is_incremental_and_cone_limited() {
    let mut aig = Aig::new();
    let x = BitVec::input(&mut aig, 16);
    let y = BitVec::input(&mut aig, 16);
    let z = BitVec::input(&mut aig, 16);
    let sum = x.add(&mut aig, &y);
    let unrelated = z.mul(&mut aig, &z);
    let lt = sum.ult(&mut aig, &x);
    let (mut cnf, mut vm, mut enc) = (Cnf::new(), BasicVarManager::default(), Tseitin::new());

    enc.lits_of(&aig, &sum, &mut cnf, &mut vm).unwrap();
    let after_sum = enc.stats();
    assert_eq!(after_sum.clauses, cnf.len());
    assert_eq!(after_sum.inputs, 32, "z is outside the cone");
    assert!(enc.existing_lit(z.bit(0)).is_none());
    assert!(enc.existing_lit(unrelated.bit(5)).is_none());

    // Encoding the same roots again emits nothing.
    enc.lits_of(&aig, &sum, &mut cnf, &mut vm).unwrap();
    assert_eq!(enc.stats(), after_sum);

    // A root sharing the adder only adds the comparator's nodes.
    enc.lit_of(&aig, lt, &mut cnf, &mut vm).unwrap();
    let after_lt = enc.stats();
    assert!(after_lt.and_nodes > after_sum.and_nodes);
    assert_eq!(after_lt.inputs, 32);
    assert_eq!(
        after_lt.clauses - after_sum.clauses,
        3 * (after_lt.and_nodes - after_sum.and_nodes)
    );
    assert_eq!(after_lt.clauses, cnf.len());
    assert_eq!(vm.n_used() as usize, after_lt.vars);
}

#[test]
fn assert_constants_and_conjunctions() {
    let mut aig = Aig::new();
    let (a, b, c) = (aig.input(), aig.input(), aig.input());

    // Asserting FALSE makes the formula unsatisfiable; TRUE adds nothing.
    let (mut s, mut vm, mut enc) = (
        CaDiCaL::default(),
        BasicVarManager::default(),
        Tseitin::new(),
    );
    enc.assert_lit(&aig, AigLit::TRUE, &mut s, &mut vm).unwrap();
    assert_eq!(enc.stats().clauses, 0);
    enc.assert_lit(&aig, AigLit::FALSE, &mut s, &mut vm)
        .unwrap();
    assert_eq!(s.solve().unwrap(), SolverResult::Unsat);

    // A negated conjunction becomes a single clause without definitions.
    let abc = aig.and_all([a, b, c]);
    let (mut cnf, mut vm, mut enc) = (Cnf::new(), BasicVarManager::default(), Tseitin::new());
    enc.assert_lit(&aig, !abc, &mut cnf, &mut vm).unwrap();
    assert_eq!(cnf.len(), 1);
    assert_eq!(enc.stats().and_nodes, 0);

    // A conjunction becomes unit clauses; together they contradict.
    enc.assert_lit(&aig, abc, &mut cnf, &mut vm).unwrap();
    assert_eq!(cnf.len(), 4);
    // Re-asserting the conjunction or one of its conjuncts adds nothing.
    enc.assert_all(&aig, [abc, b], &mut cnf, &mut vm).unwrap();
    assert_eq!(cnf.len(), 4);
    let mut s = CaDiCaL::default();
    s.add_cnf(cnf).unwrap();
    assert_eq!(s.solve().unwrap(), SolverResult::Unsat);
}

#[test]
fn constant_literal_is_encoded_once() {
    let aig = Aig::new();
    let (mut cnf, mut vm, mut enc) = (Cnf::new(), BasicVarManager::default(), Tseitin::new());
    let t = enc.lit_of(&aig, AigLit::TRUE, &mut cnf, &mut vm).unwrap();
    let f = enc.lit_of(&aig, AigLit::FALSE, &mut cnf, &mut vm).unwrap();
    assert_eq!(t, !f);
    assert_eq!(cnf.len(), 1);
    let mut s = CaDiCaL::default();
    s.add_cnf(cnf).unwrap();
    assert_eq!(s.solve().unwrap(), SolverResult::Sat);
    assert_eq!(s.full_solution().unwrap().lit_value(t), TernaryVal::True);
}
