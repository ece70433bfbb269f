//! `--refine`: a blamed statement is split into its sub-expressions and solved again, so that
//! the diagnosis points at the faulty operand or operator (CFaults' refinement). Each refined
//! diagnosis must be validated (the tests pass with the expressions' angelic values), be
//! cheaper than or as cheap as blaming the whole statement, and stay within the statements of
//! the diagnosis it refines.

use std::path::PathBuf;
use std::time::Duration;

use faultline_diagnose::{diagnose, DiagnoseOptions, Diagnosis, Report, Value};

fn load(rel: &str) -> faultline_runner::Loaded {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/examples/diagnose")
        .join(rel);
    faultline_runner::load_file(&path).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn refine(rel: &str) -> Report {
    let loaded = load(rel);
    let opts = DiagnoseOptions {
        timeout: Some(Duration::from_secs(30)),
        refine: true,
        ..Default::default()
    };
    let report = diagnose(&loaded.program, &loaded.suite, &opts).expect("diagnosis");
    assert_eq!(report.infeasible, 0);
    report
}

/// The diagnosis whose only statement is on `line`.
fn single(report: &Report, line: u32) -> &Diagnosis {
    report
        .diagnoses
        .iter()
        .find(|d| d.statements.len() == 1 && d.statements[0].line == line)
        .unwrap_or_else(|| panic!("no diagnosis of line {line} alone"))
}

fn texts(d: &Diagnosis, k: usize) -> Vec<&str> {
    d.refinements[k]
        .expressions
        .iter()
        .map(|e| e.text.as_str())
        .collect()
}

/// Every refinement is validated, ranked by cost, blames expressions of the diagnosis's own
/// statements, and costs at most the size of the statement's whole expression.
fn check_invariants(report: &Report) {
    for d in &report.diagnoses {
        let lines: Vec<u32> = d.statements.iter().map(|s| s.line).collect();
        for (k, r) in d.refinements.iter().enumerate() {
            assert!(r.validated);
            assert_eq!(r.rank, k + 1);
            assert!(!r.expressions.is_empty());
            assert_eq!(
                r.cost,
                r.expressions.iter().map(|e| e.weight).sum::<u64>(),
                "cost is the summed sub-tree sizes"
            );
            for e in &r.expressions {
                assert!(
                    lines.contains(&e.statement_line),
                    "refinement of {lines:?} blames line {}",
                    e.statement_line
                );
                assert!(!e.angelic.is_empty(), "{} has no angelic value", e.text);
            }
            if k > 0 {
                assert!(d.refinements[k - 1].cost <= r.cost);
            }
        }
        // Subset-minimal: no refinement's expressions contain another's.
        for a in &d.refinements {
            for b in &d.refinements {
                if a.rank == b.rank {
                    continue;
                }
                let sa: Vec<_> = a
                    .expressions
                    .iter()
                    .map(|e| (e.line, e.column, e.end_column))
                    .collect();
                let sb: Vec<_> = b
                    .expressions
                    .iter()
                    .map(|e| (e.line, e.column, e.end_column))
                    .collect();
                assert!(
                    !sa.iter().all(|x| sb.contains(x)),
                    "refinement {} is a subset of {}",
                    a.rank,
                    b.rank
                );
            }
        }
    }
}

#[test]
fn abs_boundary_refines_to_an_operand_of_the_comparison() {
    let report = refine("abs/abs.c");
    check_invariants(&report);
    // `if (x < -1)`: changing the constant -1 (or the x it is compared with) is a cost-1
    // refinement; the comparison as a whole (cost 3) comes later, if at all.
    let d = single(&report, 6);
    assert!(!d.refinements.is_empty());
    let first = &d.refinements[0];
    assert_eq!(first.cost, 1, "{:?}", d.refinements);
    let leaves: Vec<Vec<&str>> = (0..d.refinements.len())
        .filter(|&k| d.refinements[k].cost == 1)
        .map(|k| texts(d, k))
        .collect();
    assert!(leaves.contains(&vec!["-1"]), "{leaves:?}");
    // The angelic constant must make `-1 < c` true for x = -1: any c >= 0.
    let k = leaves.iter().position(|t| t == &vec!["-1"]).unwrap();
    let e = &d.refinements[k].expressions[0];
    assert_eq!(e.angelic.len(), 1);
    assert_eq!(e.angelic[0].test, "test_minus_one");
    match &e.angelic[0].values[0].value {
        Value::Int(c) => assert!(*c >= 0, "angelic constant {c}"),
        other => panic!("constant shown as {other:?}"),
    }
}

#[test]
fn leap_condition_refines_to_the_inverted_comparison() {
    // `year % 400 != 0` should be `== 0`: the leaf operands cannot fix both 1900 and 2000 at
    // once with one value each per test… but a relaxed value is per test, so the cheapest
    // refinement may be a leaf; what matters is that the comparison `year % 400 != 0` or a part
    // of it is blamed, not the rest of the condition.
    let report = refine("leap/leap.c");
    check_invariants(&report);
    let d = &report.diagnoses[0];
    assert_eq!(d.statements.len(), 1);
    assert_eq!(d.statements[0].line, 8);
    assert!(!d.refinements.is_empty());
    for r in &d.refinements {
        for e in &r.expressions {
            assert_eq!(e.line, 8);
        }
    }
    // Booleans for truth-valued sub-expressions.
    let cmp = d
        .refinements
        .iter()
        .flat_map(|r| &r.expressions)
        .find(|e| e.text == "year % 400 != 0");
    if let Some(e) = cmp {
        for a in &e.angelic {
            assert!(matches!(a.values[0].value, Value::Bool(_)));
        }
    }
}

#[test]
fn refinement_is_off_by_default_and_absent_from_json() {
    let loaded = load("abs/abs.c");
    let report = diagnose(
        &loaded.program,
        &loaded.suite,
        &DiagnoseOptions {
            timeout: Some(Duration::from_secs(30)),
            ..Default::default()
        },
    )
    .expect("diagnosis");
    assert!(report.diagnoses.iter().all(|d| d.refinements.is_empty()));
    let json = serde_json::to_value(&report).unwrap();
    assert!(json["diagnoses"][0].get("refinements").is_none());
}
