//! Joint repairs: several statements wrong together, each edit alone passing no suite.
//!
//! The property test checks the pruning against the search without it: on random programs
//! with two or three wrong statements (in separate branches, or one after another on one
//! path), the pruned search finds every joint repair the full product finds, while running
//! fewer combinations.

use faultline_interp::RunOptions;
use faultline_ir::{Program, StmtId};
use faultline_repair::{JointLimits, Limits, Needs, Searcher};
use faultline_runner::{Runner, Status, Suite};
use proptest::prelude::*;

mod support;
use support::{compile, failing, stmt_on};

/// What each failing test needs of the statements on `lines`: the values the same statements
/// of the `correct` program produce in that test's run (the angelic values a diagnosis gives).
fn needs(
    correct: &Program,
    buggy: &Program,
    suite: &Suite,
    fails: &[usize],
    lines: &[u32],
) -> Vec<Needs> {
    let runner = Runner::new(correct, suite);
    let ids: Vec<(StmtId, StmtId)> = lines
        .iter()
        .map(|&l| (stmt_on(correct, l), stmt_on(buggy, l)))
        .collect();
    fails
        .iter()
        .map(|&test| {
            let (result, run) = runner.run_case_with(
                &suite.cases[test],
                RunOptions {
                    record_trace: true,
                    ..Default::default()
                },
            );
            assert_eq!(result.status, Status::Passed);
            let trace = run.trace.expect("a trace");
            let values = trace
                .events
                .iter()
                .filter_map(|e| {
                    let &(_, b) = ids.iter().find(|(c, _)| *c == e.stmt)?;
                    Some(((b, e.instance), e.values.clone()))
                })
                .collect();
            Needs { test, values }
        })
        .collect()
}

struct Found {
    repairs: Vec<Vec<(u32, String)>>,
    combinations: usize,
    kept: usize,
    edits: usize,
}

fn search(
    program: &Program,
    suite: &Suite,
    fails: &[usize],
    lines: &[u32],
    needs: &[Needs],
    prune: bool,
) -> Found {
    let mut searcher = Searcher::new(
        program,
        suite,
        fails,
        Limits {
            max_steps: 100_000,
            per_statement: 3,
            ..Default::default()
        },
    );
    let stmts: Vec<(StmtId, Vec<i128>)> = lines
        .iter()
        .map(|&l| (stmt_on(program, l), Vec::new()))
        .collect();
    let limits = JointLimits {
        combinations: 100_000,
        per_statement: usize::MAX,
        found: usize::MAX,
        prune,
        exhaustive: true,
    };
    let (found, stats) = searcher.joint_repairs(&stmts, needs, &limits);
    Found {
        repairs: found
            .iter()
            .map(|j| {
                j.parts
                    .iter()
                    .map(|p| (p.edit.span.start, p.edit.after.clone()))
                    .collect()
            })
            .collect(),
        combinations: stats.combinations,
        kept: stats.kept,
        edits: stats.edits,
    }
}

const TARIFF: &str = "int price(int zone, int grams)
{
    int rate;
    if (zone == 1)
        rate = 3;
    else if (zone == 2)
        rate = 6;
    else
        rate = 9;
    return rate * grams / 10 + 50;
}
void test_z1(void) { assert(price(1, 100) == 90); }
void test_z1_heavy(void) { assert(price(1, 250) == 150); }
void test_z2(void) { assert(price(2, 50) == 85); }
void test_z3(void) { assert(price(3, 30) == 80); }
";

const TARIFF_FIXED: &str = "int price(int zone, int grams)
{
    int rate;
    if (zone == 1)
        rate = 4;
    else if (zone == 2)
        rate = 7;
    else
        rate = 10;
    return rate * grams / 10 + 50;
}
void test_z1(void) { assert(price(1, 100) == 90); }
void test_z1_heavy(void) { assert(price(1, 250) == 150); }
void test_z2(void) { assert(price(2, 50) == 85); }
void test_z3(void) { assert(price(3, 30) == 80); }
";

#[test]
fn three_wrong_rates_are_repaired_together() {
    let (program, suite) = compile(TARIFF);
    let (fixed, _) = compile(TARIFF_FIXED);
    let fails = failing(&program, &suite);
    assert_eq!(fails.len(), 4);
    let lines = [5, 7, 9];
    // No rate alone repairs the suite.
    let mut single = Searcher::new(
        &program,
        &suite,
        &fails,
        Limits {
            max_steps: 100_000,
            per_statement: 3,
            ..Default::default()
        },
    );
    for &l in &lines {
        assert!(single.repairs(stmt_on(&program, l), &[]).is_empty());
    }
    let needs = needs(&fixed, &program, &suite, &fails, &lines);
    let found = search(&program, &suite, &fails, &lines, &needs, true);
    let texts: Vec<Vec<&str>> = found
        .repairs
        .iter()
        .map(|r| r.iter().map(|(_, a)| a.as_str()).collect())
        .collect();
    assert_eq!(texts[0], ["4", "7", "10"], "{texts:?}");
    // Pruning leaves one edit per rate: one combination runs.
    assert_eq!(found.kept, 3);
    assert_eq!(found.combinations, 1);
    assert!(found.edits > 9);
}

/// A C expression over `x` of one operator and a literal, and its value (no overflow: small
/// operands).
#[derive(Clone, Debug)]
struct Step {
    op: char,
    c: i64,
}

impl Step {
    fn text(&self, operand: &str) -> String {
        format!("{operand} {} {}", self.op, self.c)
    }
    fn eval(&self, v: i64) -> i64 {
        match self.op {
            '+' => v + self.c,
            '-' => v - self.c,
            _ => v * self.c,
        }
    }
}

fn step() -> impl Strategy<Value = Step> {
    (prop_oneof![Just('+'), Just('-'), Just('*')], 2i64..9).prop_map(|(op, c)| Step { op, c })
}

/// A wrong version of a step: another operator of the family, or the literal off by one.
fn mutate(s: &Step, how: u8) -> Step {
    match how % 3 {
        0 => Step {
            c: s.c + 1,
            ..s.clone()
        },
        1 => Step {
            c: s.c - 1,
            ..s.clone()
        },
        _ => Step {
            op: match s.op {
                '+' => '-',
                '-' => '*',
                _ => '+',
            },
            ..s.clone()
        },
    }
}

/// `f(k, x)`: in `branches` shape each `k` runs one step of its own; in the other, two steps
/// run one after another on every path (the second reading the first's result). The result
/// reaches the test through `/ 4` (several values pass) in `coarse` programs.
fn program(
    steps: &[Step],
    branches: bool,
    coarse: bool,
    inputs: &[(i64, i64)],
    expect: &dyn Fn(i64, i64) -> i64,
) -> (String, Vec<u32>) {
    let mut t = String::from("int f(int k, int x)\n{\n    int r;\n");
    let mut lines = Vec::new();
    if branches {
        for (i, s) in steps.iter().enumerate() {
            let head = if i == 0 {
                "    if (k == 0)\n".to_string()
            } else if i + 1 == steps.len() {
                "    else\n".to_string()
            } else {
                format!("    else if (k == {i})\n")
            };
            t.push_str(&head);
            lines.push(t.lines().count() as u32 + 1);
            t.push_str(&format!("        r = {};\n", s.text("x")));
        }
    } else {
        for (i, s) in steps.iter().enumerate() {
            lines.push(t.lines().count() as u32 + 1);
            t.push_str(&format!(
                "    r = {};\n",
                s.text(if i == 0 { "x" } else { "r" })
            ));
        }
    }
    t.push_str(if coarse {
        "    return r / 4;\n}\n"
    } else {
        "    return r;\n}\n"
    });
    for (i, &(k, x)) in inputs.iter().enumerate() {
        t.push_str(&format!(
            "void test_{i}(void) {{ assert(f({k}, {x}) == {}); }}\n",
            expect(k, x)
        ));
    }
    (t, lines)
}

fn value(steps: &[Step], branches: bool, coarse: bool, k: i64, x: i64) -> i64 {
    let r = if branches {
        steps[(k as usize).min(steps.len() - 1)].eval(x)
    } else {
        steps.iter().fold(x, |v, s| s.eval(v))
    };
    if coarse {
        r / 4
    } else {
        r
    }
}

/// The pruned search finds every joint repair the whole product holds (both run to the end),
/// running no more combinations; and on these programs it does find repairs and drop edits
/// (the property is not vacuous).
#[test]
fn pruning_never_drops_a_passing_combination() {
    use proptest::test_runner::{Config, TestRunner};
    use std::cell::Cell;
    let strategy = (
        proptest::collection::vec(step(), 2..4),
        proptest::collection::vec(any::<u8>(), 3),
        any::<bool>(),
        any::<bool>(),
        proptest::collection::vec(1i64..40, 2),
    );
    let (repaired, pruned_away, cases) = (Cell::new(0), Cell::new(0), Cell::new(0));
    let mut runner = TestRunner::new(Config {
        cases: 48,
        ..Config::default()
    });
    let result = runner.run(&strategy, |(steps, hows, branches, coarse, xs)| {
        let wrong: Vec<Step> = steps
            .iter()
            .zip(&hows)
            .map(|(s, &h)| mutate(s, h))
            .collect();
        let ks: Vec<i64> = if branches {
            (0..steps.len() as i64).collect()
        } else {
            vec![0]
        };
        let inputs: Vec<(i64, i64)> = ks
            .iter()
            .flat_map(|&k| xs.iter().map(move |&x| (k, x)))
            .collect();
        let expect = |k: i64, x: i64| value(&steps, branches, coarse, k, x);
        let (correct_text, lines) = program(&steps, branches, coarse, &inputs, &expect);
        let (buggy_text, _) = program(&wrong, branches, coarse, &inputs, &expect);
        let (correct, suite) = compile(&correct_text);
        let (buggy, buggy_suite) = compile(&buggy_text);
        prop_assert_eq!(suite.len(), buggy_suite.len());
        let fails = failing(&buggy, &buggy_suite);
        if fails.is_empty() {
            return Ok(());
        }
        let needs = needs(&correct, &buggy, &buggy_suite, &fails, &lines);
        let full = search(&buggy, &buggy_suite, &fails, &lines, &needs, false);
        let pruned = search(&buggy, &buggy_suite, &fails, &lines, &needs, true);
        let mut a = pruned.repairs.clone();
        let mut b = full.repairs.clone();
        a.sort();
        b.sort();
        prop_assert_eq!(a, b, "{}", buggy_text);
        prop_assert!(pruned.combinations <= full.combinations);
        cases.set(cases.get() + 1);
        repaired.set(repaired.get() + usize::from(!full.repairs.is_empty()));
        pruned_away.set(pruned_away.get() + usize::from(pruned.kept < pruned.edits));
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    assert!(
        cases.get() >= 24,
        "{} cases with failing tests",
        cases.get()
    );
    assert!(
        repaired.get() * 2 >= cases.get(),
        "{} of {} repaired",
        repaired.get(),
        cases.get()
    );
    // The sequential programs (about half) run every statement in every test: nothing is dropped.
    assert!(
        pruned_away.get() * 3 >= cases.get(),
        "{} of {} pruned",
        pruned_away.get(),
        cases.get()
    );
}
