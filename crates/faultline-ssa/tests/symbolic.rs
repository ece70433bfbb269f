//! Symbolic replicas (health literals free, both branches of every condition explored) checked
//! by evaluation:
//!
//! * with every component healthy, the hard constraints evaluate to the interpreter's verdict and
//!   every relaxation point whose guard holds carries the interpreter's value at its dynamic
//!   instance (the `dyn_instance` term);
//! * the angelic-fix check: declaring the faulty statements of the TCAS versions unhealthy and
//!   giving their free values the correct program's values satisfies every test.

mod common;

use std::collections::HashMap;

use common::{check_healthy, compile_file, interpret, repo_root, spec_of};
use faultline_ir::StmtId;
use faultline_ssa::term::mask;
use faultline_ssa::{
    symex, ComponentId, Components, Evaluator, FreeId, Leaf, Replica, SymexOptions, TermStore,
};

#[test]
fn healthy_symbolic_tcas_replicas_agree_with_the_interpreter() {
    let loaded = faultline_runner::load_file(&repo_root().join("tests/tcas/tcas.c")).unwrap();
    let comps = Components::from_program(&loaded.program);
    let mut checked = 0;
    for case in loaded.suite.cases.iter().step_by(40) {
        if check_healthy(&loaded.program, &comps, &spec_of(case), 8).unwrap() {
            checked += 1;
        }
    }
    assert!(checked >= 30, "only {checked} checked");
}

#[test]
fn healthy_symbolic_corpus_replicas_agree_with_the_interpreter() {
    let dir = repo_root().join("tests/differential");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    files.sort();
    let (mut checked, mut programs) = (0, 0);
    for f in &files {
        let Ok(loaded) = faultline_runner::load_file(f) else {
            continue;
        };
        let comps = Components::from_program(&loaded.program);
        let before = checked;
        for case in &loaded.suite.cases {
            match check_healthy(&loaded.program, &comps, &spec_of(case), 6) {
                Ok(true) => checked += 1,
                Ok(false) => {}
                // A construct the formula refuses with its located message (e.g. `atoi` of a
                // computed string) is not a disagreement: the diagnosis says so to the user.
                Err(e) if e.to_string().starts_with("unsupported") => break,
                Err(e) => panic!("{}: {}: {e}", f.display(), case.name),
            }
        }
        programs += usize::from(checked > before);
    }
    eprintln!("symbolic corpus: {checked} cases of {programs} programs");
    assert!(checked >= 30, "only {checked} checked");
}

/// The free value of every relaxation point of an unhealthy component, chosen in execution order
/// as the correct program's value at the dynamic instance the point has under the assignment so
/// far (guards and instance counters depend only on earlier points).
fn angelic_assignment(
    ts: &TermStore,
    rep: &Replica,
    bad: &[ComponentId],
    correct: &HashMap<(StmtId, u32), Vec<i128>>,
) -> HashMap<FreeId, u128> {
    let mut frees: HashMap<FreeId, u128> = HashMap::new();
    for rp in rep
        .relax_points
        .iter()
        .filter(|r| bad.contains(&r.component))
    {
        let snapshot = frees.clone();
        let leaf = move |l: Leaf| match l {
            Leaf::Health(c) => u128::from(!bad.contains(&c)),
            Leaf::Free(f, _) => snapshot.get(&f).copied().unwrap_or(0),
        };
        let mut ev = Evaluator::new(ts, &leaf);
        if ev.eval(rp.guard) == 0 {
            continue;
        }
        let inst = ev.eval(rp.dyn_instance) as u32;
        if let Some(v) = correct
            .get(&(rp.stmt, inst))
            .and_then(|vals| vals.get(rp.slot as usize))
        {
            frees.insert(rp.free, *v as u128 & mask(ts.width(rp.value)));
        }
    }
    frees
}

#[test]
fn angelic_values_of_the_faulty_tcas_statements_fix_every_test() {
    let original = faultline_runner::load_file(&repo_root().join("tests/tcas/tcas.c")).unwrap();
    let faulty = repo_root().join("tests/tcas/faulty");
    let mut dirs: Vec<_> = std::fs::read_dir(&faulty)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    dirs.sort();
    let mut fixed = 0;
    for d in dirs {
        let faults = std::fs::read_to_string(d.join("faults.toml")).unwrap();
        let lines: Vec<u32> = faults
            .lines()
            .find_map(|l| l.strip_prefix("lines = ["))
            .map(|l| {
                l.trim_end_matches(']')
                    .split(',')
                    .filter_map(|x| x.trim().parse().ok())
                    .collect()
            })
            .unwrap_or_default();
        let program = compile_file(&d.join("tcas.c"));
        if program.stmt_count != original.program.stmt_count {
            continue; // statement ids would not correspond
        }
        let comps = Components::from_program(&program);
        let bad: Vec<ComponentId> = comps
            .all()
            .iter()
            .filter(|c| lines.contains(&program.files.locate(c.span).start.line))
            .map(|c| c.id)
            .collect();
        assert!(
            !bad.is_empty(),
            "{}: no component on lines {lines:?}",
            d.display()
        );
        let opts = SymexOptions {
            unwind: 8,
            ..SymexOptions::default()
        };
        for case in original.suite.cases.iter().step_by(7) {
            let spec = spec_of(case);
            let (faulty_pass, _) = interpret(&program, &spec).unwrap();
            if faulty_pass {
                continue;
            }
            let (orig_pass, orig_run) = interpret(&original.program, &spec).unwrap();
            assert!(orig_pass);
            let correct: HashMap<(StmtId, u32), Vec<i128>> = orig_run
                .trace
                .unwrap()
                .events
                .into_iter()
                .map(|e| ((e.stmt, e.instance), e.values))
                .collect();
            let mut ts = TermStore::new();
            let rep = symex(&program, &comps, &spec, &mut ts, &opts).unwrap();
            let frees = angelic_assignment(&ts, &rep, &bad, &correct);
            let bad2 = bad.clone();
            let leaf = move |l: Leaf| match l {
                Leaf::Health(c) => u128::from(!bad2.contains(&c)),
                Leaf::Free(f, _) => frees.get(&f).copied().unwrap_or(0),
            };
            let mut ev = Evaluator::new(&ts, &leaf);
            let violated: Vec<_> = rep
                .hard
                .iter()
                .zip(&rep.hard_reasons)
                .filter(|(h, _)| ev.eval(**h) == 0)
                .map(|(_, r)| *r)
                .collect();
            assert!(
                violated.is_empty(),
                "{}: {}: angelic values leave {violated:?}",
                d.display(),
                case.name
            );
            // And the same replica with everything healthy fails, as the interpreter says.
            let healthy = |l: Leaf| u128::from(matches!(l, Leaf::Health(_)));
            let mut ev = Evaluator::new(&ts, &healthy);
            assert!(rep.hard.iter().any(|&h| ev.eval(h) == 0));
            fixed += 1;
        }
    }
    assert!(fixed >= 10, "only {fixed} failing tests fixed");
}
