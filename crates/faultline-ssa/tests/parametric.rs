//! Parametric replicas ([`SymexOptions::parametric`]): the test's data enter as free values
//! that [`Replica::params`] fixes to the test's values, so that tests differing only in their
//! numbers have one formula. The diagnosis loads such a formula into one SAT solver and
//! answers for every one of those tests with its values assumed: that is only sound if
//! `same_formula` never matches two replicas whose formulas differ, and if one test's values
//! on another test's formula give the first test's verdict.

mod common;

use std::collections::HashMap;

use common::{
    check_healthy_with, compile, compile_file, interpret, param_values, repo_root, spec_of,
};
use faultline_ssa::{
    symex, Compare, Components, Entry, Evaluator, Expected, Leaf, Replica, ReplicaSpec,
    SymexOptions, TermStore,
};

fn parametric(unwind: u32) -> SymexOptions {
    SymexOptions {
        unwind,
        max_inline_depth: 6,
        parametric: true,
        ..SymexOptions::default()
    }
}

/// Whether every hard constraint holds with every component healthy and the parameters of
/// `rep` (in `ts`) given the values of `values`' (another replica's, of the same formula).
fn healthy_verdict(ts: &TermStore, rep: &Replica, values: &Replica) -> bool {
    let mut by_free = HashMap::new();
    for (mine, theirs) in rep.params.iter().zip(&values.params) {
        let f = match ts.node(mine.term).op {
            faultline_ssa::term::Op::Free(f) => f,
            op => panic!("parameter {op:?} is not a free value"),
        };
        by_free.insert(f, theirs.value);
    }
    let leaf = |l: Leaf| match l {
        Leaf::Health(_) => 1,
        Leaf::Free(f, _) => by_free.get(&f).copied().unwrap_or(0),
    };
    let mut ev = Evaluator::new(ts, &leaf);
    rep.hard.iter().all(|&h| ev.eval(h) == 1)
}

#[test]
fn tcas_tests_share_one_formula_and_each_keeps_its_verdict() {
    // The cases of the correct program, on a faulty version (its statements correspond).
    let loaded = faultline_runner::load_file(&repo_root().join("tests/tcas/tcas.c")).unwrap();
    let program = compile_file(&repo_root().join("tests/tcas/faulty/v1/tcas.c"));
    let comps = Components::from_program(&program);
    let cases: Vec<_> = loaded.suite.cases.iter().step_by(10).collect();
    let replicas: Vec<(TermStore, Replica, bool)> = cases
        .iter()
        .map(|case| {
            let spec = spec_of(case);
            let mut ts = TermStore::new();
            let rep = symex(&program, &comps, &spec, &mut ts, &parametric(8)).unwrap();
            let (passes, _) = interpret(&program, &spec).unwrap();
            (ts, rep, passes)
        })
        .collect();
    let failing = replicas.iter().filter(|r| !r.2).count();
    assert!(
        failing >= 2 && failing < replicas.len(),
        "{failing} of {} fail",
        replicas.len()
    );
    let (ts0, rep0, _) = &replicas[0];
    // Twelve `atoi(argv[i])` and the one-digit number the output must be.
    assert_eq!(rep0.params.len(), 13);
    for (k, (ts, rep, passes)) in replicas.iter().enumerate() {
        assert!(
            rep0.same_formula(ts0, rep, ts),
            "{} and {} differ",
            cases[0].name,
            cases[k].name
        );
        // Each test's data on the first test's formula give that test's verdict, failing or
        // passing, as on its own formula.
        assert_eq!(
            healthy_verdict(ts0, rep0, rep),
            *passes,
            "{}",
            cases[k].name
        );
        assert_eq!(healthy_verdict(ts, rep, rep), *passes, "{}", cases[k].name);
    }
    // With constants the numbers are part of the formula.
    let constant = |case| {
        let mut ts = TermStore::new();
        let opts = SymexOptions {
            parametric: false,
            ..parametric(8)
        };
        let rep = symex(&program, &comps, &spec_of(case), &mut ts, &opts).unwrap();
        assert!(rep.params.is_empty());
        (ts, rep)
    };
    let (a, ra) = constant(cases[0]);
    let (b, rb) = constant(cases[1]);
    assert!(ra.same_formula(&a, &ra, &a));
    assert!(!ra.same_formula(&a, &rb, &b));
}

#[test]
fn tcas_parametric_replicas_agree_with_the_interpreter() {
    let loaded = faultline_runner::load_file(&repo_root().join("tests/tcas/tcas.c")).unwrap();
    let comps = Components::from_program(&loaded.program);
    let mut checked = 0;
    for case in loaded.suite.cases.iter().step_by(40) {
        if check_healthy_with(&loaded.program, &comps, &spec_of(case), 8, true).unwrap() {
            checked += 1;
        }
    }
    assert!(checked >= 30, "only {checked} checked");
}

const PRINT_SUM: &str = r#"
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
    int s = 0, i;
    for (i = 1; i < argc; i++)
        s += atoi(argv[i]);
    printf("%d\n", s);
    return 0;
}
"#;

fn io(args: &[&str], stdout: &str) -> ReplicaSpec {
    ReplicaSpec {
        entry: Entry::Main,
        program_name: "sum".into(),
        args: args.iter().map(|a| a.to_string()).collect(),
        stdin: Vec::new(),
        nondet: Vec::new(),
        expected: Expected::Io {
            stdout: Some(stdout.as_bytes().to_vec()),
            compare: Compare::Exact,
            exit_code: 0,
        },
    }
}

#[test]
fn only_the_numbers_may_differ() {
    let p = compile(PRINT_SUM);
    let comps = Components::from_program(&p);
    let build = |spec: &ReplicaSpec| {
        let mut ts = TermStore::new();
        let rep = symex(&p, &comps, spec, &mut ts, &parametric(8)).unwrap();
        (ts, rep)
    };
    let base = build(&io(&["3", "4"], "7\n"));
    let same = |spec: ReplicaSpec| {
        let other = build(&spec);
        base.1.same_formula(&base.0, &other.1, &other.0)
    };
    // Other numbers, even of other lengths, and a failing expectation of the same shape.
    assert!(same(io(&["5", "-1"], "4\n")));
    assert!(same(io(&["12345", "2"], "9\n")));
    // Another count of arguments runs the loop another number of times.
    assert!(!same(io(&["3", "4", "5"], "12\n")));
    // An expected number of two digits has other prefixes that may be printed.
    assert!(!same(io(&["3", "9"], "12\n")));
    // The parameters hold the test's values: two arguments and the expected sum.
    // `argv[0]` (no number: 0) and the two arguments, read in every iteration of the loop,
    // are one parameter each.
    let values: Vec<u128> = base.1.params.iter().map(|p| p.value).collect();
    assert_eq!(values, [4, 3, 0, 7]);
    assert_eq!(param_values(&base.0, &base.1).len(), 4);
}
