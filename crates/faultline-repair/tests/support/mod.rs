//! Programs and suites the repair tests build, shared by the test files (each test binary
//! uses a part of them).
#![allow(dead_code)]

use std::collections::HashMap;

use faultline_ir::{LowerOptions, Program, StmtId};
use faultline_runner::{Runner, Status, Suite};

/// A program whose tests are its `test_*` functions.
pub fn compile(text: &str) -> (Program, Suite) {
    let files: HashMap<String, String> = HashMap::new();
    let program = faultline_lower::compile("t.c", text, &files).expect("compiles");
    let suite = Suite::new(&program, Vec::new(), &Default::default()).expect("suite");
    (program, suite)
}

/// An IO program's suite: `(name, stdin, expected stdout)` per case, compared by tokens.
pub fn io(text: &str, cases: &[(&str, &str, &str)]) -> (Program, Suite) {
    io_with(text, LowerOptions::default(), cases)
}

/// [`io`] with the program lowered under `options` (`faultline.toml`'s `[limits]`).
pub fn io_with(
    text: &str,
    options: LowerOptions,
    cases: &[(&str, &str, &str)],
) -> (Program, Suite) {
    let files: HashMap<String, String> = HashMap::new();
    let program = faultline_lower::compile_with("p.c", text, &files, options).expect("compiles");
    let cases = cases
        .iter()
        .map(|(name, stdin, stdout)| {
            let c = faultline_runner::config::CaseConfig {
                name: name.to_string(),
                args: Vec::new(),
                stdin: Some(stdin.to_string()),
                stdout: Some(stdout.to_string()),
                exit_code: 0,
                nondet: Vec::new(),
                compare: None,
            };
            (
                name.to_string(),
                faultline_runner::IoCase::from_config("p", &c, faultline_runner::Compare::Tokens),
            )
        })
        .collect();
    let suite = Suite::new(&program, cases, &Default::default()).expect("suite");
    (program, suite)
}

/// The statement with a component whose source text starts on `line` (1-based).
pub fn stmt_on(program: &Program, line: u32) -> StmtId {
    let mut found = None;
    program.for_each_stmt(|_, s| {
        if s.component.is_some()
            && found.is_none()
            && program.files.locate(s.span).start.line == line
        {
            found = Some(s.id);
        }
    });
    found.expect("a statement on that line")
}

/// The tests `program` fails.
pub fn failing(program: &Program, suite: &Suite) -> Vec<usize> {
    let runner = Runner::new(program, suite);
    (0..suite.len())
        .filter(|&i| runner.run_case(&suite.cases[i]).0.status == Status::Failed)
        .collect()
}
