//! Must-location sets of recorded failing runs: what the slice keeps and what it leaves out.

use std::collections::{BTreeSet, HashMap};

use faultline_interp::RunOptions;
use faultline_ir::Program;
use faultline_runner::{Runner, Status, Suite, TestKind};
use faultline_slice::{demand_of, Demand, RunModel, Sdg};

fn compile(text: &str) -> (Program, Suite) {
    let program = faultline_lower::compile("t.c", text, &HashMap::<String, String>::new())
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    let suite = Suite::new(&program, Vec::new(), &Default::default()).expect("unit tests");
    (program, suite)
}

/// Per failing test: its demands and the lines of its must set (any statement, not only
/// components).
fn must_lines(program: &Program, suite: &Suite) -> Vec<(String, Vec<Demand>, BTreeSet<u32>)> {
    let sdg = Sdg::build(program);
    let runner = Runner::new(program, suite);
    let mut line_of = HashMap::new();
    program.for_each_stmt(|_, s| {
        line_of.insert(s.id, program.files.locate(s.span).start.line);
    });
    let mut out = Vec::new();
    for case in &suite.cases {
        let (result, run) = runner.run_case_with(
            case,
            RunOptions {
                record_trace: true,
                record_coverage: true,
                ..Default::default()
            },
        );
        if result.status != Status::Failed {
            continue;
        }
        let expected_exit = match &case.kind {
            TestKind::Io(io) => Some(io.exit_code),
            TestKind::Unit { .. } => None,
        };
        let demands = demand_of(program, &run.outcome, expected_exit).expect("a modelled failure");
        let model = RunModel::new(
            program,
            run.trace.as_ref().unwrap(),
            run.coverage.as_ref().unwrap(),
        );
        let lines = sdg
            .must_set(&demands, &model)
            .iter()
            .map(|s| line_of[s])
            .collect();
        out.push((case.name.clone(), demands, lines));
    }
    out
}

#[test]
fn the_slice_follows_the_taken_branch_and_its_condition() {
    let (p, s) = compile(
        "int f(int a) {
    int x = 0;
    int y = a * 2;
    if (a > 5)
        x = 1;
    else
        y = 7;
    return x;
}
void test_f(void) { assert(f(5) == 1); }
",
    );
    let got = must_lines(&p, &s);
    assert_eq!(got.len(), 1);
    let (_, demands, lines) = &got[0];
    assert!(matches!(demands[..], [Demand::Stmt(_)]));
    // `x = 0` (the version returned), the condition (it decided that `x = 1` did not run),
    // the return, the call and the assert; not `y` (never read by the result), not `x = 1`
    // (never ran).
    for l in [2, 4, 8, 10] {
        assert!(lines.contains(&l), "line {l} missing from {lines:?}");
    }
    for l in [3, 5, 7] {
        assert!(!lines.contains(&l), "line {l} in {lines:?}");
    }
}

#[test]
fn a_loop_condition_that_ends_the_loop_early_is_in_the_set() {
    let (p, s) = compile(
        "int sum(int n) {
    int t = 0;
    int i;
    for (i = 1; i < n; i++)
        t = t + i;
    return t;
}
void test_sum(void) { assert(sum(3) == 6); }
",
    );
    let (_, _, lines) = &must_lines(&p, &s)[0];
    // Everything on line 4 (init, condition, step) and the accumulation decide `t`.
    for l in [2, 4, 5, 6] {
        assert!(lines.contains(&l), "line {l} missing from {lines:?}");
    }
}

#[test]
fn undefined_behaviour_demands_what_the_failing_statement_reads() {
    let (p, s) = compile(
        "int g(int a, int b) {
    int d = b - 2;
    int unused = a + 1;
    int q = a / d;
    return q + unused;
}
void test_g(void) { assert(g(4, 2) == 2); }
",
    );
    let (_, demands, lines) = &must_lines(&p, &s)[0];
    assert!(matches!(demands[..], [Demand::Stmt(_)]));
    // The division (line 4) fails; it reads `d` (line 2). `unused` is read only after it.
    assert!(lines.contains(&4) && lines.contains(&2), "{lines:?}");
    assert!(!lines.contains(&3) && !lines.contains(&5), "{lines:?}");
}

#[test]
fn an_early_return_that_skips_the_failure_is_in_the_set() {
    let (p, s) = compile(
        "int h(int a) {
    int r = a + 1;
    if (a > 100)
        return 0;
    assert(r > 10);
    return r;
}
void test_h(void) { assert(h(3) == 4); }
",
    );
    let (_, _, lines) = &must_lines(&p, &s)[0];
    // The assert in `h` fails; changing the condition on line 3 would return before it.
    assert!(lines.contains(&3) && lines.contains(&2), "{lines:?}");
    assert!(!lines.contains(&4) && !lines.contains(&6), "{lines:?}");
}

fn io_suite(program: &Program, cases: &[(&str, &[&str], &str, i32)]) -> Suite {
    let io = cases
        .iter()
        .map(|(name, args, stdout, exit_code)| {
            (
                name.to_string(),
                faultline_runner::IoCase {
                    input: faultline_interp::Input {
                        program_name: "p".into(),
                        args: args.iter().map(|a| a.to_string()).collect(),
                        stdin: Vec::new(),
                        nondet: Vec::new(),
                    },
                    stdout: Some(stdout.as_bytes().to_vec()),
                    exit_code: *exit_code,
                    compare: faultline_runner::Compare::Tokens,
                },
            )
        })
        .collect();
    Suite::new(program, io, &Default::default()).expect("IO cases")
}

const IO_PROGRAM: &str = "#include <stdio.h>
#include <stdlib.h>
int main(int argc, char *argv[]) {
    int n = atoi(argv[1]);
    int status = n > 3;
    int shown = n * 2;
    printf(\"%d\\n\", shown);
    return status;
}
";

#[test]
fn a_wrong_output_demands_what_was_printed_and_a_wrong_exit_code_the_status() {
    let program = compile(IO_PROGRAM).0;
    // Output wrong (exit code right): the printed value's statements, not the status.
    let suite = io_suite(&program, &[("out", &["2"], "5", 0)]);
    let (_, demands, lines) = &must_lines(&program, &suite)[0];
    assert_eq!(demands, &[Demand::Output]);
    assert!(lines.contains(&6) && lines.contains(&7), "{lines:?}");
    assert!(!lines.contains(&5) && !lines.contains(&8), "{lines:?}");
    // Exit code wrong (output right): the status and the return, not the printed value.
    let suite = io_suite(&program, &[("code", &["2"], "4", 1)]);
    let (_, demands, lines) = &must_lines(&program, &suite)[0];
    assert_eq!(demands, &[Demand::ExitStatus]);
    assert!(lines.contains(&5) && lines.contains(&8), "{lines:?}");
    assert!(!lines.contains(&6) && !lines.contains(&7), "{lines:?}");
    // Both depend on the input (line 4).
    assert!(lines.contains(&4), "{lines:?}");
}

#[test]
fn a_loop_that_ends_in_the_dropped_middle_of_a_long_trace_still_passes_its_values_on() {
    // The first loop's 10^5 rounds overflow the trace's head, the second loop's the tail:
    // the first loop ends in the part of the run the trace leaves out.
    let (p, s) = compile(
        "int f(int n) {
    int g = 1;
    int i, k = 0;
    for (i = 0; i < n; i++)
        g = g + (i & 1);
    for (i = 0; i < 30000; i++)
        k = k + 1;
    return g + k;
}
void test_f(void) { assert(f(100000) == 80000); }
",
    );
    let (_, _, lines) = &must_lines(&p, &s)[0];
    // `g = 1` and the loop that adds to it decide the result (`g = 0` repairs the test).
    for l in [2, 4, 5, 8] {
        assert!(lines.contains(&l), "line {l} missing from {lines:?}");
    }
}
