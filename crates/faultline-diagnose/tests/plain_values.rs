//! Angelic values as the user reads them: every execution keeps what the program computes as
//! written unless the repair needs it changed, and the changed ones say what they computed
//! (`was`). Checked from the outside: the reported values, substituted in the interpreter,
//! make each failing test pass, and dropping any value reported as unchanged does too.

use std::path::{Path, PathBuf};
use std::time::Duration;

use faultline_diagnose::{diagnose, BlamedStatement, DiagnoseOptions, Report, Value};
use faultline_interp::{Overrides, RunOptions};
use faultline_ir::StmtId;
use faultline_runner::{Loaded, Runner, Status};
use faultline_ssa::Components;

fn repo(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
}

fn run(rel: &str) -> (Loaded, Report) {
    let loaded = faultline_runner::load_file(&repo(rel)).expect("the program loads");
    let opts = DiagnoseOptions {
        timeout: Some(Duration::from_secs(120)),
        ..Default::default()
    };
    let report = diagnose(&loaded.program, &loaded.suite, &opts).expect("diagnosis runs");
    (loaded, report)
}

/// The statement a reported one stands for (by the component's source position and kind:
/// `if (scanf(…) != 3)` starts a condition and an input statement at one position).
fn stmt_of(loaded: &Loaded, components: &Components, s: &BlamedStatement) -> StmtId {
    components
        .all()
        .iter()
        .find(|c| {
            let at = loaded.program.files.locate(c.span);
            (at.start.line, at.start.column, c.kind) == (s.line, s.column, s.kind)
        })
        .map(|c| c.stmt)
        .expect("a component at the reported position")
}

/// Marks the execution of an output statement (whose bytes follow, if any).
const NO_SLOT: u32 = u32::MAX;

fn number(v: Value) -> i128 {
    match v {
        Value::Bool(b) => i128::from(b),
        Value::Int(i) => i,
        Value::Text(t) => panic!("a number expected, text {t:?} shown"),
        // The programs here are integer ones.
        Value::Float(x) => panic!("an integer expected, {} shown", x.text()),
        Value::Char(c) => c.0,
        Value::Pointer(p) => panic!("an integer expected, pointer {p} shown"),
    }
}

/// A reported value: statement, execution, slot, value, and whether it is reported unchanged
/// (`was` empty).
type Reported = (StmtId, u32, u32, i128, bool);

/// Per diagnosis and failing test: the reported values.
fn overrides(loaded: &Loaded, report: &Report) -> Vec<(String, Vec<Reported>)> {
    let components = Components::from_program(&loaded.program);
    let mut out = Vec::new();
    for d in &report.diagnoses {
        let mut by_test: Vec<(String, Vec<Reported>)> = Vec::new();
        for s in &d.statements {
            let stmt = stmt_of(loaded, &components, s);
            for t in &s.angelic {
                let i = match by_test.iter().position(|(name, _)| *name == t.test) {
                    Some(i) => i,
                    None => {
                        by_test.push((t.test.clone(), Vec::new()));
                        by_test.len() - 1
                    }
                };
                for v in &t.values {
                    if let Value::Text(text) = &v.value {
                        // An output statement's text: its bytes, one per slot (`NO_SLOT`
                        // alone for nothing: the execution prints nothing).
                        by_test[i]
                            .1
                            .push((stmt, v.instance, NO_SLOT, 0, v.was.is_none()));
                        for (k, b) in text.bytes().enumerate() {
                            by_test[i]
                                .1
                                .push((stmt, v.instance, k as u32, b as i128, true));
                        }
                        continue;
                    }
                    by_test[i].1.push((
                        stmt,
                        v.instance,
                        v.slot,
                        number(v.value.clone()),
                        v.was.is_none(),
                    ));
                }
            }
        }
        out.extend(by_test);
    }
    out
}

fn passes(loaded: &Loaded, test: &str, values: &[Reported]) -> bool {
    let mut by_execution: Vec<((StmtId, u32), Vec<i128>)> = Vec::new();
    for &(stmt, instance, slot, value, _) in values {
        let i = match by_execution
            .iter()
            .position(|(k, _)| *k == (stmt, instance))
        {
            Some(i) => i,
            None => {
                by_execution.push(((stmt, instance), Vec::new()));
                by_execution.len() - 1
            }
        };
        let slots = &mut by_execution[i].1;
        if slot == NO_SLOT {
            continue;
        }
        if slots.len() <= slot as usize {
            slots.resize(slot as usize + 1, 0);
        }
        slots[slot as usize] = value;
    }
    let mut o = Overrides::new();
    for ((stmt, instance), slots) in by_execution {
        o.set(stmt, instance, slots);
    }
    let case = (loaded.suite.cases.iter())
        .find(|c| c.name == test)
        .expect("a test of the suite");
    let runner = Runner::new(&loaded.program, &loaded.suite);
    let (result, _) = runner.run_case_with(
        case,
        RunOptions {
            overrides: Some(&o),
            ..Default::default()
        },
    );
    result.status == Status::Passed
}

/// The reported values repair their tests, and an execution whose values are all reported
/// unchanged is not needed (an override sets every value of an execution, so a `scanf`'s
/// reads are dropped together or not at all).
fn check(rel: &str) -> Report {
    let (loaded, report) = run(rel);
    assert!(!report.diagnoses.is_empty(), "{rel}: no diagnosis");
    for (test, values) in overrides(&loaded, &report) {
        assert!(passes(&loaded, &test, &values), "{rel}: {test} {values:?}");
        for &(stmt, instance, ..) in &values {
            let execution = |v: &&Reported| (v.0, v.1) == (stmt, instance);
            if !values.iter().filter(execution).all(|v| v.4) {
                continue;
            }
            let without: Vec<_> = values.iter().filter(|v| !execution(v)).copied().collect();
            assert!(
                passes(&loaded, &test, &without),
                "{rel}: {test}: execution {instance} of {stmt:?} is reported unchanged but is needed"
            );
        }
    }
    report
}

#[test]
fn a_loop_sum_keeps_its_own_partial_sums() {
    let report = check("tests/examples/unit/sum.c");
    // `s += i` in sum_upto(4) (the loop stops one short): the first two sums as the program
    // computes them, the last one 10 instead of 6. The model's values were 0, -2, 10.
    let s = (report.diagnoses.iter())
        .flat_map(|d| &d.statements)
        .find(|s| s.text == "s += i")
        .expect("`s += i` is a diagnosis");
    let values: Vec<(Value, Option<Value>)> = s.angelic[0]
        .values
        .iter()
        .map(|v| (v.value.clone(), v.was.clone()))
        .collect();
    assert_eq!(
        values,
        [
            (Value::Int(1), None),
            (Value::Int(3), None),
            (Value::Int(10), Some(Value::Int(6)))
        ]
    );
}

#[test]
fn io_and_argv_programs_report_values_that_repair_them() {
    let report = check("tests/examples/max3/max3.c");
    // A condition's changed executions say what it evaluated to.
    let cond = (report.diagnoses.iter())
        .flat_map(|d| &d.statements)
        .find(|s| s.text == "b > a")
        .expect("`b > a` is a diagnosis");
    for t in &cond.angelic {
        for v in &t.values {
            if let (Value::Bool(now), Some(Value::Bool(was))) = (v.value.clone(), v.was.clone()) {
                assert_ne!(now, was);
            }
        }
    }
    // `result = result * exp`: the model's products were -1431655765, -715827882.
    check("tests/corpus/argv_power/power.c");
}
