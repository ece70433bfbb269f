//! The two ways of solving the joint problem must agree: implicit hitting sets (with the
//! single-component pre-passes and interpreter probes in front) and OLL on one lazily grown
//! formula. Where both enumerate every subset-minimal diagnosis, the sets must be equal, cost by
//! cost; and every diagnosis either reports is validated. The programs are chosen so that the
//! hitting sets' shortcuts (shared solvers, values carried over from one test to another) are
//! taken, and the test fails if they are not.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

use faultline_diagnose::{diagnose, DiagnoseOptions, JointSolver, Report};

fn repo(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
}

/// Per diagnosis: its cost and its statements as (line, column).
fn diagnoses(r: &Report) -> BTreeSet<(u64, Vec<(u32, u32)>)> {
    r.diagnoses
        .iter()
        .map(|d| {
            (
                d.cost,
                d.statements.iter().map(|s| (s.line, s.column)).collect(),
            )
        })
        .collect()
}

fn run(path: &Path, solver: JointSolver) -> Report {
    let loaded = faultline_runner::load_file(path)
        .unwrap_or_else(|e| panic!("{} does not load: {e}", path.display()));
    let opts = DiagnoseOptions {
        max_diagnoses: 40,
        timeout: Some(Duration::from_secs(30)),
        joint_solver: solver,
        ..Default::default()
    };
    diagnose(&loaded.program, &loaded.suite, &opts)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn hitting_sets_and_oll_enumerate_the_same_diagnoses() {
    let programs = [
        "tests/examples/diagnose/abs/abs.c",
        "tests/examples/diagnose/discount/discount.c",
        "tests/examples/diagnose/helper/helper.c",
        "tests/examples/diagnose/leap/leap.c",
        "tests/examples/diagnose/max3/max3.c",
        "tests/examples/diagnose/shift/shift.c",
        "tests/examples/diagnose/sum/sum.c",
        "tests/examples/diagnose/tariff/tariff.c",
        // Several faults at once: diagnoses of cost 2 and 3, pairs and beyond.
        "tests/corpus/bank_interest/interest.c",
        "tests/corpus/calendar_triple/weekday.c",
        "tests/corpus/min_max_pair/minmax.c",
        "tests/corpus/stats_triple/stats.c",
        // Failing tests whose full replicas share a solver (the same formula up to the
        // numbers of the test): the hitting sets check them with the test's data assumed.
        "tests/corpus/argv_sum/argsum.c",
        // Failing tests that fail alike: the values that repair one (found by a SAT check)
        // repair another, tried in the interpreter instead of a check.
        "tests/corpus/argv_max/maxarg.c",
        "tests/corpus/triangle_kind/triangle.c",
    ];
    let mut compared = 0;
    let mut shared = 0;
    let mut transferred = 0;
    for rel in programs {
        let path = repo(rel);
        if !path.exists() {
            panic!("{rel} is missing");
        }
        let ihs = run(&path, JointSolver::HittingSets);
        let oll = run(&path, JointSolver::Oll);
        for (name, r) in [("hitting sets", &ihs), ("oll", &oll)] {
            assert_eq!(
                r.infeasible, 0,
                "{rel}: {name} produced an invalid diagnosis"
            );
            assert!(
                r.diagnoses.iter().all(|d| d.validated),
                "{rel}: {name} reported an unvalidated diagnosis"
            );
            // Diagnoses with a validated repair first; the others in cost order, a single
            // literal statement (a sink: `return 1`) after them, changing what a test reads
            // after everything else.
            // Except a diagnosis just before the step-by-step joint repair that contains it
            // (several edits can pass the tests by accident; one fault is likelier).
            let stepped_before = |i: usize| {
                let next = r.diagnoses.get(i + 1);
                let lines = |d: &faultline_diagnose::Diagnosis| -> Vec<(u32, u32)> {
                    d.statements.iter().map(|s| (s.line, s.column)).collect()
                };
                next.is_some_and(|n| {
                    !n.repairs.is_empty()
                        && lines(&r.diagnoses[i]).iter().all(|s| lines(n).contains(s))
                })
            };
            let first_unrepaired = (r.diagnoses.iter().enumerate())
                .position(|(i, d)| d.repairs.is_empty() && !stepped_before(i))
                .unwrap_or(r.diagnoses.len());
            assert!(
                r.diagnoses[first_unrepaired..]
                    .iter()
                    .all(|d| d.repairs.is_empty()),
                "{rel}: {name} ranks a repaired diagnosis after an unrepaired one"
            );
            // Statements that compute a literal (`return 1`, `found = 0`, `int found = 0`; not
            // `i += 2`), one or a few together.
            let literal = |s: &faultline_diagnose::BlamedStatement| {
                let value = match s.text.strip_prefix("return ") {
                    Some(v) => v,
                    None => match s.text.split_once(" = ") {
                        Some((target, v))
                            if target
                                .chars()
                                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ' ') =>
                        {
                            v
                        }
                        _ => "",
                    },
                };
                use faultline_ir::Component::{Assign, Return};
                matches!(s.kind, Assign | Return) && value.trim().parse::<i64>().is_ok()
            };
            let sink = |d: &faultline_diagnose::Diagnosis| {
                (1..=4).contains(&d.statements.len()) && d.statements.iter().all(literal)
            };
            // After the tier of a partial repair's completions (the statement edited first
            // and what explains the tests it leaves failing), which ranks by that first.
            let tier = [
                "edits of its statements, one at a time, make some failing tests pass",
                "suspicion (Naish-I) in the tests those edits leave failing",
            ];
            let first_unrepaired = (r.diagnoses.iter())
                .rposition(|d| d.ranked_by.as_deref().is_some_and(|b| tier.contains(&b)))
                .map_or(first_unrepaired, |i| first_unrepaired.max(i + 1));
            let costs: Vec<(bool, bool, u64)> = (r.diagnoses[first_unrepaired..].iter())
                .map(|d| (d.changes_input, sink(d), d.cost))
                .collect();
            assert!(
                costs.windows(2).all(|w| w[0] <= w[1]),
                "{rel}: {name} out of cost order: {costs:?}"
            );
        }
        if ihs.formula.loaded < ihs.formula.replicas {
            shared += 1;
        }
        if ihs.checks.transferred > 0 {
            transferred += 1;
        }
        if ihs.complete && oll.complete {
            assert_eq!(diagnoses(&ihs), diagnoses(&oll), "{rel}");
            compared += 1;
        } else {
            // Both stopped early: the cheaper diagnoses they share must agree up to the last
            // cost both finished.
            let done = |r: &Report| {
                if r.complete {
                    u64::MAX
                } else {
                    r.diagnoses.last().map_or(0, |d| d.cost)
                }
            };
            let below = done(&ihs).min(done(&oll));
            let cheap = |r: &Report| {
                diagnoses(r)
                    .into_iter()
                    .filter(|(c, _)| *c < below)
                    .collect::<BTreeSet<_>>()
            };
            assert_eq!(cheap(&ihs), cheap(&oll), "{rel} (costs below {below})");
        }
    }
    assert!(
        compared >= 6,
        "only {compared} programs enumerated completely"
    );
    assert!(
        shared >= 2,
        "only {shared} programs shared a loaded replica"
    );
    assert!(
        transferred >= 2,
        "only {transferred} programs repaired a test with another test's values"
    );
}

/// The interpreter runs of the search are held to the formula's unwinding bounds, so the two
/// answer alike. `for (i = n; ...)` starting at 1 (5 elements) or 5 (6 elements) makes both
/// failing tests of `running_streak` pass, but only by going round the loop four times, where
/// the bound derived from the failing runs (one pass, plus two) allows two: within it, `i = n`
/// repairs them only together with another statement of the loop, the seeded reset `cur = 1`
/// among them. (Before, probes ran without the bound and accepted `i = n` alone while the
/// formula refuted it: where such answers met, sets with a member that changed nothing were
/// reported as diagnoses.) With `--unwind 8` it is a diagnosis alone, with the values 1 and 5.
#[test]
fn a_repair_beyond_the_unwinding_bound_needs_a_larger_bound() {
    let path = repo("tests/corpus/running_streak/streak.c");
    let texts = |d: &faultline_diagnose::Diagnosis| -> Vec<String> {
        d.statements.iter().map(|s| s.text.clone()).collect()
    };
    let r = run(&path, JointSolver::HittingSets);
    assert!(r.complete);
    assert!(
        !r.diagnoses.iter().any(|d| texts(d) == ["i = n"]),
        "`i = n` alone repairs the tests only beyond the bound"
    );
    let pair = r
        .diagnoses
        .iter()
        .find(|d| texts(d) == ["i = n", "cur = 1"])
        .expect("the two seeded faults together are a diagnosis");
    assert_eq!((pair.cost, pair.validated), (2, true));

    let loaded = faultline_runner::load_file(&path).expect("loads");
    let opts = DiagnoseOptions {
        max_diagnoses: 40,
        timeout: Some(Duration::from_secs(30)),
        unwind: Some(8),
        ..Default::default()
    };
    let r = diagnose(&loaded.program, &loaded.suite, &opts).expect("diagnoses");
    let d = r
        .diagnoses
        .iter()
        .find(|d| texts(d) == ["i = n"])
        .expect("`i = n` alone is a diagnosis with --unwind 8");
    assert_eq!((d.cost, d.validated), (1, true));
    let values: Vec<(String, String)> = d.statements[0]
        .angelic
        .iter()
        .map(|a| {
            let v = serde_json::to_value(&a.values[0].value).expect("serializes");
            (a.test.clone(), v.to_string())
        })
        .collect();
    assert_eq!(
        values,
        [
            ("test_one_run".to_string(), "1".to_string()),
            ("test_two_runs".to_string(), "5".to_string())
        ]
    );
}
