//! Shared harness: the interpreter is the oracle of the symbolic executor.
//!
//! With every health literal constant true and concrete inputs, symbolic execution must fold
//! to constants: the conjunction of the hard constraints is `true` exactly when the runner
//! judges the test passed, and every relaxation point that executes carries the value of the
//! interpreter's trace event for the same statement instance.

#![allow(dead_code)]

use std::collections::HashMap;
use std::path::PathBuf;

use faultline_interp::{Entry as IEntry, Input, Outcome, Run, RunOptions};
use faultline_ir::{Component, Program, StmtId};
use faultline_runner::TestCase;
use faultline_ssa::term::mask;
use faultline_ssa::{
    symex, Compare, Components, Entry, Evaluator, Expected, Leaf, Replica, ReplicaSpec, SymexError,
    SymexOptions, TermStore,
};

pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

pub fn compile(src: &str) -> Program {
    match faultline_lower::compile("test.c", src, &faultline_preproc::FsLoader) {
        Ok(p) => p,
        Err(e) => panic!("does not compile: {e}"),
    }
}

/// The program of a C file (a faulty TCAS version has no test suite of its own).
pub fn compile_file(path: &std::path::Path) -> Program {
    let text = std::fs::read_to_string(path).unwrap();
    match faultline_lower::compile(
        &path.display().to_string(),
        &text,
        &faultline_preproc::FsLoader,
    ) {
        Ok(p) => p,
        Err(e) => panic!("{} does not compile: {e}", path.display()),
    }
}

pub fn folded_opts() -> SymexOptions {
    SymexOptions {
        unwind: 1_000_000,
        max_inline_depth: 10_000,
        all_healthy_constant: true,
        ..SymexOptions::default()
    }
}

/// The replica specification of a runner test case: the diagnosis's own conversion, so the
/// oracle tests check exactly what the diagnosis builds.
pub fn spec_of(case: &TestCase) -> ReplicaSpec {
    faultline_diagnose::replica_spec(case)
}

/// The interpreter's run of `spec`'s entry on its input, with `opts`.
pub fn run_spec(p: &Program, spec: &ReplicaSpec, opts: &RunOptions) -> Run {
    let entry = match spec.entry {
        Entry::Main => IEntry::Main,
        Entry::Function(f) => IEntry::Function(f),
    };
    let input = Input {
        program_name: spec.program_name.clone(),
        args: spec.args.clone(),
        stdin: spec.stdin.clone(),
        nondet: spec.nondet.clone(),
    };
    faultline_interp::run(p, entry, &input, opts)
}

/// Run the interpreter on `spec`: (passes, run), `None` when an assumption fails.
pub fn interpret(p: &Program, spec: &ReplicaSpec) -> Option<(bool, Run)> {
    let run = run_spec(
        p,
        spec,
        &RunOptions {
            record_trace: true,
            ..Default::default()
        },
    );
    let pass = match (&run.outcome, &spec.expected) {
        (Outcome::AssumeViolated { .. }, _) => return None,
        (Outcome::Exited { .. }, Expected::Unit) => true,
        (
            Outcome::Exited { code },
            Expected::Io {
                stdout,
                compare,
                exit_code,
            },
        ) => {
            let out_ok = match stdout {
                None => true,
                Some(e) => match compare {
                    Compare::Exact => *e == run.stdout,
                    Compare::Tokens => tokens(e) == tokens(&run.stdout),
                },
            };
            out_ok && code == exit_code
        }
        _ => false,
    };
    Some((pass, run))
}

fn tokens(s: &[u8]) -> Vec<&[u8]> {
    s.split(|b| b.is_ascii_whitespace())
        .filter(|t| !t.is_empty())
        .collect()
}

/// Check one test against the interpreter. `Err` when symex does not support the program.
pub fn check(
    p: &Program,
    comps: &Components,
    spec: &ReplicaSpec,
) -> Result<Option<Replica>, SymexError> {
    let Some((pass, run)) = interpret(p, spec) else {
        return Ok(None);
    };
    let mut ts = TermStore::new();
    let rep = symex(p, comps, spec, &mut ts, &folded_opts())?;
    let all = rep.all_hard(&mut ts);
    assert!(
        ts.as_const(all).is_some(),
        "hard constraints do not fold for {spec:?}"
    );
    assert_eq!(
        ts.is_true(all),
        pass,
        "symex says {} but the interpreter says {} ({:?}) for {spec:?}; reasons {:?}",
        ts.is_true(all),
        pass,
        run.outcome,
        rep.hard
            .iter()
            .zip(&rep.hard_reasons)
            .filter(|(h, _)| ts.is_false(**h))
            .map(|(_, r)| r)
            .collect::<Vec<_>>()
    );
    let trace = run.trace.expect("trace recorded");
    let events: HashMap<(StmtId, u32), &Vec<i128>> = trace
        .events
        .iter()
        .map(|e| ((e.stmt, e.instance), &e.values))
        .collect();
    let pointer_points: HashMap<usize, &faultline_ssa::PointerPoint> =
        rep.pointers.iter().map(|p| (p.relax_point, p)).collect();
    for (ri, rp) in rep.relax_points.iter().enumerate() {
        let g = ts.as_const(rp.guard).expect("guards fold");
        if g == 0 {
            continue;
        }
        let v = ts.as_const(rp.value).expect("relaxed values fold");
        assert_eq!(ts.as_const(rp.dyn_instance), Some(rp.instance as u128));
        match events.get(&(rp.stmt, rp.instance)) {
            Some(vals) => {
                if let (Some(pp), Some(&want)) =
                    (pointer_points.get(&ri), vals.get(rp.slot as usize))
                {
                    // Objects are numbered apart: offsets and nullness must agree.
                    let (off, null) = faultline_interp::pointer_offset(want).unwrap_or_else(|| {
                        panic!("{rp:?} of {spec:?}: the interpreter's {want} is no pointer")
                    });
                    let pid = ts.as_const(pp.pid).expect("pointer identities fold");
                    let got = ts.as_const(pp.offset).expect("pointer offsets fold");
                    assert_eq!(
                        (faultline_ssa::term::to_signed(got, 64) as i64, pid == 0),
                        (off, null),
                        "pointer relax point {rp:?} of {spec:?}"
                    );
                } else if let Some(&want) = vals.get(rp.slot as usize) {
                    let w = ts.width(rp.value);
                    assert_eq!(
                        v,
                        want as u128 & mask(w),
                        "relax point {rp:?} of {spec:?}: interpreter has {want}"
                    );
                }
            }
            // A long run's trace keeps only its first and last events (`Trace::is_elided`):
            // the instances in between are not recorded, so there is nothing to compare.
            None => assert!(
                !pass || trace.is_elided(),
                "relax point {rp:?} without a trace event in a passing run of {spec:?}"
            ),
        }
    }
    Ok(Some(rep))
}

/// Upper bound of the iterations any loop of this run made per entry: the number of times its
/// condition was evaluated.
pub fn loop_bound(p: &Program, run: &faultline_interp::Run) -> u32 {
    // Loop conditions by their tag, not by the component registry, which leaves out the
    // statements of unit test functions (their loops are unwound all the same).
    let mut heads = std::collections::HashSet::new();
    p.for_each_stmt(|_, s| {
        if s.component == Some(Component::LoopCond) {
            heads.insert(s.id);
        }
    });
    let mut counts: HashMap<StmtId, u32> = HashMap::new();
    for e in &run.trace.as_ref().expect("trace").events {
        if heads.contains(&e.stmt) {
            *counts.entry(e.stmt).or_default() += 1;
        }
    }
    counts.values().copied().max().unwrap_or(0) + 1
}

/// Evaluate a symbolic replica with all components healthy and compare with the interpreter.
/// `Ok(false)` when the case is skipped (assumption, or too large for a quick test).
pub fn check_healthy(
    p: &Program,
    comps: &Components,
    spec: &ReplicaSpec,
    max_unwind: u32,
) -> Result<bool, SymexError> {
    check_healthy_with(p, comps, spec, max_unwind, false)
}

/// The value of every free value of `rep` that is a parameter (see
/// [`SymexOptions::parametric`]): the test's data.
pub fn param_values(ts: &TermStore, rep: &Replica) -> HashMap<faultline_ssa::FreeId, u128> {
    rep.params
        .iter()
        .map(|p| match ts.node(p.term).op {
            faultline_ssa::term::Op::Free(f) => (f, p.value),
            op => panic!("parameter {op:?} is not a free value"),
        })
        .collect()
}

/// [`check_healthy`], with the replica parametric when asked: its parameters then get the
/// test's values, and everything must come out as with constants.
pub fn check_healthy_with(
    p: &Program,
    comps: &Components,
    spec: &ReplicaSpec,
    max_unwind: u32,
    parametric: bool,
) -> Result<bool, SymexError> {
    let Some((pass, run)) = interpret(p, spec) else {
        return Ok(false);
    };
    // Paths that need more iterations than this are cut by unwinding assertions; such a
    // case is skipped below.
    let unwind = loop_bound(p, &run).min(max_unwind);
    let opts = SymexOptions {
        unwind,
        max_inline_depth: 6,
        max_terms: 400_000,
        parametric,
        ..SymexOptions::default()
    };
    let mut ts = TermStore::new();
    let rep = match symex(p, comps, spec, &mut ts, &opts) {
        Ok(r) => r,
        Err(SymexError::TooLarge { .. }) => return Ok(false),
        Err(e) => return Err(e),
    };
    let params = param_values(&ts, &rep);
    // Recursion deeper than the inlining bound makes the healthy run infeasible: skip those.
    let leaf = |l: Leaf| match l {
        Leaf::Health(_) => 1,
        Leaf::Free(f, _) => params.get(&f).copied().unwrap_or(0),
    };
    let mut ev = Evaluator::new(&ts, &leaf);
    let all = rep.hard.iter().all(|&h| ev.eval(h) == 1);
    if !all && pass {
        let Some(failed) = falsified(&rep, &mut ev) else {
            return Ok(false);
        };
        panic!("healthy symbolic replica fails for passing {spec:?}: {failed:?}");
    }
    assert_eq!(all, pass, "verdict differs for {spec:?}");
    let events: HashMap<(StmtId, u32), &Vec<i128>> = run
        .trace
        .as_ref()
        .expect("trace")
        .events
        .iter()
        .map(|e| ((e.stmt, e.instance), &e.values))
        .collect();
    // Pointer values: the formula numbers objects its own way, so a pointer agrees with the
    // interpreter's when its offset and nullness do.
    let pointer_points: HashMap<usize, &faultline_ssa::PointerPoint> =
        rep.pointers.iter().map(|p| (p.relax_point, p)).collect();
    if pass {
        for (ri, rp) in rep.relax_points.iter().enumerate() {
            // An output statement's text point has no value as written (its free offset is
            // only read where the statement is unhealthy).
            if ev.eval(rp.guard) == 0 || rp.text.is_some() {
                continue;
            }
            let inst = ev.eval(rp.dyn_instance) as u32;
            let v = ev.eval(rp.value);
            let vals = events
                .get(&(rp.stmt, inst))
                .unwrap_or_else(|| panic!("no event for {rp:?} (instance {inst}) in {spec:?}"));
            if let Some(pp) = pointer_points.get(&ri) {
                let want = vals.get(rp.slot as usize).copied();
                let (off, null) = faultline_interp::pointer_offset(want.unwrap_or(-1))
                    .unwrap_or_else(|| panic!("{rp:?}: the interpreter's value is no pointer"));
                let pid = ev.eval(pp.pid);
                let got = faultline_ssa::term::to_signed(ev.eval(pp.offset), 64);
                assert_eq!(
                    (got as i64, pid == 0),
                    (off, null),
                    "pointer {rp:?} instance {inst} in {spec:?}"
                );
                continue;
            }
            if let Some(&want) = vals.get(rp.slot as usize) {
                let w = ts.width(rp.value);
                assert_eq!(
                    v,
                    want as u128 & mask(w),
                    "{rp:?} instance {inst} in {spec:?}"
                );
            }
        }
    }
    Ok(true)
}

/// The hard constraints `ev` makes false, or `None` when one of them marks a run the formula
/// does not model: a path cut at an unwinding bound (it loses everything after the cut:
/// output, exit code), or a value pinned to the healthy run's (a sprintf/sscanf text, a heap
/// size that depends on a relaxed value: the formula's documented incompleteness, sound since
/// such a change is then never a diagnosis). The checks skip those runs.
pub fn falsified(rep: &Replica, ev: &mut Evaluator) -> Option<Vec<faultline_ssa::HardReason>> {
    let failed: Vec<_> = rep
        .hard
        .iter()
        .zip(&rep.hard_reasons)
        .filter(|(h, _)| ev.eval(**h) == 0)
        .map(|(_, r)| *r)
        .collect();
    let outside = failed.iter().any(|r| {
        matches!(
            r,
            faultline_ssa::HardReason::RecursionUnwinding(_)
                | faultline_ssa::HardReason::LoopUnwinding(_)
                | faultline_ssa::HardReason::Pinned(_)
        )
    });
    (!outside).then_some(failed)
}

/// The text relaxation of output statements against the interpreter's override: for each
/// output statement `c` the run executes, the interpreter runs with every execution of `c`
/// printing nothing (the override `[]`), that output becomes the expected one, and the
/// replica, with `c` unhealthy and its free offsets set to where the cursor stood before
/// each execution (the text between is empty), must satisfy every hard constraint, and read
/// back `(nothing)` at each of its text points. Returns how many statements were checked.
pub fn check_deleted_output(p: &Program, comps: &Components, spec: &ReplicaSpec) -> usize {
    let Some((_, run)) = interpret(p, spec) else {
        return 0;
    };
    let Expected::Io { compare, .. } = spec.expected.clone() else {
        return 0;
    };
    // The run's own exit code (the spec's may be tampered with).
    let Outcome::Exited { code: exit_code } = run.outcome else {
        return 0;
    };
    let outputs: std::collections::BTreeSet<StmtId> = run
        .trace
        .as_ref()
        .expect("trace")
        .events
        .iter()
        .filter(|e| {
            comps
                .of_stmt(e.stmt)
                .and_then(|c| comps.get(c))
                .is_some_and(|i| i.kind == Component::Output)
        })
        .map(|e| e.stmt)
        .collect();
    let mut checked = 0;
    for stmt in outputs {
        let c = comps.of_stmt(stmt).expect("component");
        let mut o = faultline_interp::Overrides::new();
        let count = run.trace.as_ref().unwrap().of(stmt).count() as u32;
        for i in 0..count {
            o.set(stmt, i, vec![]);
        }
        let deleted = run_spec(
            p,
            spec,
            &RunOptions {
                overrides: Some(&o),
                ..Default::default()
            },
        );
        // Deleting output changes nothing else, so the run ends as before.
        if deleted.outcome != run.outcome {
            continue;
        }
        let mut want = spec.clone();
        want.expected = Expected::Io {
            stdout: Some(deleted.stdout.clone()),
            compare,
            exit_code,
        };
        let opts = SymexOptions {
            unwind: loop_bound(p, &run).min(16),
            max_inline_depth: 6,
            max_terms: 400_000,
            ..SymexOptions::default()
        };
        let mut ts = TermStore::new();
        let Ok(rep) = symex(p, comps, &want, &mut ts, &opts) else {
            continue;
        };
        // The free offsets in execution order: each is where the cursor stood before.
        let mut frees: HashMap<faultline_ssa::FreeId, u128> = HashMap::new();
        let pend_free = |t: faultline_ssa::TermId| match ts.node(t).op {
            faultline_ssa::term::Op::Free(f) => f,
            op => panic!("pending flag {op:?} is not a free value"),
        };
        for rp in rep.relax_points.iter().filter(|r| r.component == c) {
            let text = rp.text.expect("an output statement's point is text");
            let leaf = |l: Leaf| match l {
                Leaf::Health(h) => u128::from(h != c),
                Leaf::Free(f, _) => frees.get(&f).copied().unwrap_or(0),
            };
            let from = ts.eval(text.from, &leaf);
            let from_pend = ts.eval(text.from_pend, &leaf);
            frees.insert(rp.free, from);
            frees.insert(pend_free(text.to_pend), from_pend);
        }
        let leaf = |l: Leaf| match l {
            Leaf::Health(h) => u128::from(h != c),
            Leaf::Free(f, _) => frees.get(&f).copied().unwrap_or(0),
        };
        let mut ev = Evaluator::new(&ts, &leaf);
        let Some(failed) = falsified(&rep, &mut ev) else {
            continue;
        };
        assert!(
            failed.is_empty(),
            "deleting statement {stmt:?} fails the replica: {failed:?} for {want:?}"
        );
        for rp in rep.relax_points.iter().filter(|r| r.component == c) {
            if ev.eval(rp.guard) == 0 {
                continue;
            }
            let t = rp.text.unwrap();
            let text = faultline_ssa::text_between(
                &rep.output_text,
                ev.eval(t.from) as u32,
                ev.eval(t.from_pend) == 1,
                ev.eval(rp.value) as u32,
                ev.eval(t.to_pend) == 1,
            );
            assert!(text.is_empty(), "{rp:?} reads {text:?}");
        }
        checked += 1;
    }
    checked
}

/// Expressions blamed on their own (a call's argument, an array index) against the
/// interpreter's override: for each such component `c` the run executes, the interpreter
/// runs with every execution of `c` producing its value moved by one (toward 0 for an index,
/// so it stays in bounds more often), that run's output and exit code become the expected
/// ones, and the replica, with `c` unhealthy and its free values set to the same values,
/// must satisfy every hard constraint and carry those values at its relaxation points.
/// Returns how many components were checked.
pub fn check_changed_expressions(p: &Program, comps: &Components, spec: &ReplicaSpec) -> usize {
    let Some((_, run)) = interpret(p, spec) else {
        return 0;
    };
    let Expected::Io { compare, .. } = spec.expected.clone() else {
        return 0;
    };
    let trace = run.trace.as_ref().expect("trace");
    let stmts: std::collections::BTreeSet<StmtId> = trace
        .events
        .iter()
        .filter(|e| {
            comps
                .of_stmt(e.stmt)
                .and_then(|c| comps.get(c))
                .is_some_and(|i| matches!(i.kind, Component::Argument | Component::Index))
        })
        .map(|e| e.stmt)
        .collect();
    let mut checked = 0;
    for stmt in stmts {
        let c = comps.of_stmt(stmt).expect("component");
        let index = comps.get(c).is_some_and(|i| i.kind == Component::Index);
        let mut o = faultline_interp::Overrides::new();
        let mut changed: HashMap<u32, i128> = HashMap::new();
        for e in trace.of(stmt) {
            let Some(&v) = e.values.first() else {
                continue;
            };
            let w = if index && v > 0 { v - 1 } else { v + 1 };
            o.set(stmt, e.instance, vec![w]);
            changed.insert(e.instance, w);
        }
        let moved = run_spec(
            p,
            spec,
            &RunOptions {
                overrides: Some(&o),
                record_trace: true,
                ..Default::default()
            },
        );
        let Outcome::Exited { code: exit_code } = moved.outcome else {
            continue;
        };
        // A changed value may change the path, and with it how often `c` runs: only
        // instances the original run had are overridden, so the later ones must not exist.
        if moved
            .trace
            .as_ref()
            .is_some_and(|t| t.of(stmt).count() != changed.len())
        {
            continue;
        }
        let mut want = spec.clone();
        want.expected = Expected::Io {
            stdout: Some(moved.stdout.clone()),
            compare,
            exit_code,
        };
        let opts = SymexOptions {
            unwind: loop_bound(p, &moved).max(loop_bound(p, &run)).min(16),
            max_inline_depth: 6,
            max_terms: 400_000,
            ..SymexOptions::default()
        };
        let mut ts = TermStore::new();
        let Ok(rep) = symex(p, comps, &want, &mut ts, &opts) else {
            continue;
        };
        // Each point's interpreter instance counts the earlier points whose guards held, which
        // depend on the values given before it: assigned in order.
        let mut frees: HashMap<faultline_ssa::FreeId, i128> = HashMap::new();
        let mut instance_of: HashMap<faultline_ssa::FreeId, u32> = HashMap::new();
        for rp in rep.relax_points.iter().filter(|r| r.component == c) {
            let leaf = |l: Leaf| match l {
                Leaf::Health(h) => u128::from(h != c),
                Leaf::Free(f, sort) => frees
                    .get(&f)
                    .map_or(0, |&v| (v as u128) & mask(sort.width())),
            };
            let k = ts.eval(rp.dyn_instance, &leaf) as u32;
            instance_of.insert(rp.free, k);
            if let Some(&v) = changed.get(&k) {
                frees.insert(rp.free, v);
            }
        }
        let leaf = |l: Leaf| match l {
            Leaf::Health(h) => u128::from(h != c),
            Leaf::Free(f, sort) => frees
                .get(&f)
                .map_or(0, |&v| (v as u128) & mask(sort.width())),
        };
        let mut ev = Evaluator::new(&ts, &leaf);
        let Some(failed) = falsified(&rep, &mut ev) else {
            continue;
        };
        assert!(
            failed.is_empty(),
            "changing statement {stmt:?} as the interpreter did fails the replica: {failed:?} for {want:?}"
        );
        for rp in rep.relax_points.iter().filter(|r| r.component == c) {
            if ev.eval(rp.guard) == 0 {
                continue;
            }
            let Some(&v) = changed.get(&instance_of[&rp.free]) else {
                continue;
            };
            let width = ts.node(rp.value).sort.width();
            assert_eq!(
                ev.eval(rp.value),
                (v as u128) & mask(width),
                "{rp:?} of statement {stmt:?}"
            );
        }
        checked += 1;
    }
    checked
}

/// The program `src` and its unit tests (`void test_*(void)`), for the files that check one
/// feature on unit-test programs.
pub fn unit_suite(src: &str) -> (Program, faultline_runner::Suite) {
    let program = compile(src);
    let suite = faultline_runner::Suite::new(&program, Vec::new(), &Default::default())
        .expect("unit tests only");
    (program, suite)
}

/// Each unit test's interpreter verdict on `src`; every replica (folded, and symbolic
/// evaluated healthy with loops unrolled up to 12 times) agrees with it.
pub fn agree(src: &str) -> Vec<bool> {
    let (program, suite) = unit_suite(src);
    let comps = Components::from_program(&program);
    let mut verdicts = Vec::new();
    for case in &suite.cases {
        let spec = spec_of(case);
        let (pass, _) = interpret(&program, &spec).expect("no assumption");
        match check(&program, &comps, &spec) {
            Ok(Some(_)) => {}
            other => panic!("{}: {other:?}", case.name),
        }
        assert!(
            check_healthy(&program, &comps, &spec, 12).expect("symbolic replica"),
            "{}: skipped",
            case.name
        );
        verdicts.push(pass);
    }
    verdicts
}
