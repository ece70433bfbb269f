//! Contest-style programs (`t` cases in one run, each reading its numbers): the size of their
//! replicas when a relaxed component changes how much a loop reads, and the healthy formula
//! against the interpreter.

mod common;

use std::collections::BTreeSet;

use common::{compile, interpret};
use faultline_ir::Component;
use faultline_ssa::{
    symex, Compare, Components, Entry, Evaluator, Expected, HardReason, Leaf, ReplicaSpec,
    SymexOptions, TermStore,
};

const SUMS: &str = r#"
#include <stdio.h>
int main(void) {
    int t, n, i, x;
    scanf("%d", &t);
    while (t--) {
        scanf("%d", &n);
        long long s = 0;
        for (i = 0; i < n; i++) {
            scanf("%d", &x);
            s += x;
        }
        printf("%lld\n", s);
    }
    return 0;
}
"#;

/// `cases` cases of `n` numbers each, and the sums the program prints.
fn input(cases: usize, n: usize) -> (Vec<u8>, Vec<u8>) {
    let mut text = format!("{cases}\n");
    let mut out = String::new();
    for c in 0..cases {
        text.push_str(&format!("{n}\n"));
        let mut s = 0i64;
        for k in 0..n {
            let x = (c * 37 + k * 11) as i64 % 201 - 100;
            s += x;
            text.push_str(&format!("{x} "));
        }
        text.push('\n');
        out.push_str(&format!("{s}\n"));
    }
    (text.into_bytes(), out.into_bytes())
}

fn spec(stdin: Vec<u8>, stdout: Vec<u8>) -> ReplicaSpec {
    ReplicaSpec {
        entry: Entry::Main,
        program_name: "sums".into(),
        args: Vec::new(),
        stdin,
        nondet: Vec::new(),
        expected: Expected::Io {
            stdout: Some(stdout),
            compare: Compare::Tokens,
            exit_code: 0,
        },
    }
}

/// The replica of `spec`, with only the inner loop's condition (`i < n`) relaxed when
/// `inner_only` (where it leaves the loop decides where every later read starts), else with
/// every component relaxed; loops unrolled `unwind` times. (terms, pinned reads, whether the healthy assignment satisfies
/// every hard constraint.)
fn replica_of(spec: &ReplicaSpec, inner_only: bool, unwind: u32) -> (usize, usize, bool) {
    let p = compile(SUMS);
    let comps = Components::from_program(&p);
    let conds: Vec<_> = comps
        .all()
        .iter()
        .filter(|c| c.kind == Component::LoopCond)
        .collect();
    assert_eq!(conds.len(), 2, "the two loop conditions: {conds:?}");
    // The inner loop's condition comes later in the program.
    let inner = conds.iter().max_by_key(|c| c.span.start).unwrap().id;
    let opts = SymexOptions {
        unwind,
        relax_only: inner_only.then(|| BTreeSet::from([inner])),
        ..SymexOptions::default()
    };
    let mut ts = TermStore::new();
    let rep = symex(&p, &comps, spec, &mut ts, &opts).expect("symex");
    let pins = rep
        .hard_reasons
        .iter()
        .filter(|r| matches!(r, HardReason::Pinned(_)))
        .count();
    let leaf = |l: Leaf| match l {
        Leaf::Health(_) => 1,
        Leaf::Free(..) => 0,
    };
    let mut ev = Evaluator::new(&ts, &leaf);
    let healthy_holds = rep.hard.iter().all(|&h| ev.eval(h) == 1);
    (ts.len(), pins, healthy_holds)
}

/// Every pass of the inner loop may be its last, so every read after it may start at one more
/// position: 60 cases of 12 numbers made each read an `ite` over hundreds of positions (12 M
/// terms; the formula grew with the square of the input, 20 M terms on a corpus case). Past
/// 64 positions a read is pinned to the healthy run's: the formula stays linear in the input,
/// and the program as written still satisfies it.
#[test]
fn reads_past_many_possible_positions_are_pinned_and_the_formula_stays_small() {
    let (stdin, stdout) = input(60, 12);
    let (terms, pins, healthy_holds) = replica_of(&spec(stdin, stdout), true, 62);
    assert!(terms < 400_000, "{terms} terms");
    assert!(pins > 0, "no read was pinned");
    assert!(healthy_holds, "the pins exclude the program as written");
}

/// A short input never reaches the limit: every position stays in the formula, unpinned.
#[test]
fn reads_of_a_short_input_are_not_pinned() {
    let (stdin, stdout) = input(3, 4);
    let (_, pins, healthy_holds) = replica_of(&spec(stdin, stdout), true, 6);
    assert_eq!(pins, 0);
    assert!(healthy_holds);
}

/// With every component relaxed (pins included), the healthy formula is the interpreter's
/// verdict, passing and failing.
#[test]
fn healthy_contest_replicas_agree_with_the_interpreter() {
    let p = compile(SUMS);
    let (stdin, stdout) = input(20, 6);
    let mut wrong = stdout.clone();
    wrong[0] = if wrong[0] == b'1' { b'2' } else { b'1' };
    for (s, pass) in [
        (spec(stdin.clone(), stdout), true),
        (spec(stdin, wrong), false),
    ] {
        assert_eq!(interpret(&p, &s).map(|r| r.0), Some(pass));
        let (_, pins, healthy_holds) = replica_of(&s, false, 22);
        assert!(pins > 0, "no read was pinned");
        assert_eq!(healthy_holds, pass);
    }
}

const MAX_OF: &str = r#"
#include <stdio.h>
int a[100005];
int main(void) {
    int t, n, i;
    scanf("%d", &t);
    while (t--) {
        scanf("%d", &n);
        for (i = 0; i < n; i++)
            scanf("%d", &a[i]);
        int m = a[0];
        for (i = 1; i < n; i++)
            if (a[i] > m)
                m = a[i];
        printf("%d\n", m);
    }
    return 0;
}
"#;

/// With the first loop's `i = 0` relaxed, `a[i]` is at a symbolic index in every pass: a
/// term per cell of `a` made 17 M terms for a few numbers. Accesses into a large array reach
/// only the cells near the healthy run's index, so the replica is small, and the program as
/// written satisfies it.
#[test]
fn a_symbolic_index_into_a_large_array_reaches_only_cells_near_the_healthy_one() {
    let p = compile(MAX_OF);
    let comps = Components::from_program(&p);
    let first_init = comps
        .all()
        .iter()
        .filter(|c| c.kind == Component::Assign)
        .min_by_key(|c| c.span.start)
        .unwrap()
        .id;
    let s = spec(b"2\n3\n4 -2 7\n2\n-5 -1\n".to_vec(), b"7\n-1\n".to_vec());
    assert_eq!(interpret(&p, &s).map(|r| r.0), Some(true));
    let opts = SymexOptions {
        unwind: 5,
        relax_only: Some(BTreeSet::from([first_init])),
        ..SymexOptions::default()
    };
    let mut ts = TermStore::new();
    let rep = symex(&p, &comps, &s, &mut ts, &opts).expect("symex");
    assert!(ts.len() < 100_000, "{} terms", ts.len());
    assert!(rep
        .hard_reasons
        .iter()
        .any(|r| matches!(r, HardReason::Pinned(_))));
    let leaf = |l: Leaf| match l {
        Leaf::Health(_) => 1,
        Leaf::Free(..) => 0,
    };
    let mut ev = Evaluator::new(&ts, &leaf);
    assert!(rep.hard.iter().all(|&h| ev.eval(h) == 1));
}
