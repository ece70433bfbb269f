//! A program's tests and how to judge one run of them. Pure: no file system here.

use faultline_interp::{Input, Limits};
use faultline_ir::{FuncId, Program, Span};

use crate::config::{CaseConfig, Compare, LimitsConfig};

/// One test of a program.
#[derive(Clone, Debug)]
pub struct TestCase {
    pub name: String,
    pub kind: TestKind,
}

#[derive(Clone, Debug)]
pub enum TestKind {
    /// A `void test_*(void)` function: passes when it returns without a failed assert or a
    /// runtime error.
    Unit { func: FuncId },
    /// A run of `main` with inputs, judged on its standard output and exit code.
    Io(IoCase),
}

#[derive(Clone, Debug, Default)]
pub struct IoCase {
    pub input: Input,
    /// Expected standard output (`None`: not checked).
    pub stdout: Option<Vec<u8>>,
    pub exit_code: i32,
    pub compare: Compare,
}

impl IoCase {
    pub fn from_config(program_name: &str, case: &CaseConfig, default_compare: Compare) -> Self {
        IoCase {
            input: Input {
                program_name: program_name.to_string(),
                args: case.args.clone(),
                stdin: case.stdin.clone().unwrap_or_default().into_bytes(),
                nondet: case.nondet.iter().map(|&v| v as i128).collect(),
            },
            stdout: case.stdout.clone().map(String::into_bytes),
            exit_code: case.exit_code,
            compare: case.compare.unwrap_or(default_compare),
        }
    }
}

/// All tests of one program, with the limits they run under.
#[derive(Clone, Debug)]
pub struct Suite {
    pub cases: Vec<TestCase>,
    pub limits: Limits,
}

impl Suite {
    /// The program's unit tests (in source order) followed by the given IO cases. IO cases are
    /// dropped with an error by the caller when the program has no `main`; see
    /// [`SuiteError::NoMain`].
    pub fn new(
        program: &Program,
        io_cases: Vec<(String, IoCase)>,
        limits: &LimitsConfig,
    ) -> Result<Suite, SuiteError> {
        if !io_cases.is_empty() && program.main.is_none() {
            return Err(SuiteError::NoMain);
        }
        let mut cases: Vec<TestCase> = program
            .tests
            .iter()
            .map(|&func| TestCase {
                name: program.function(func).name.clone(),
                kind: TestKind::Unit { func },
            })
            .collect();
        cases.extend(io_cases.into_iter().map(|(name, io)| TestCase {
            name,
            kind: TestKind::Io(io),
        }));
        let defaults = Limits::default();
        Ok(Suite {
            cases,
            limits: Limits {
                max_steps: limits.max_steps.unwrap_or(defaults.max_steps),
                max_call_depth: limits.max_call_depth.unwrap_or(defaults.max_call_depth),
                max_time: match limits.max_run_seconds {
                    Some(s) => Some(std::time::Duration::from_secs_f64(s)),
                    None => defaults.max_time,
                },
                max_heap_bytes: limits
                    .max_heap_mb
                    .map_or(defaults.max_heap_bytes, |mb| mb << 20),
            },
        })
    }

    pub fn len(&self) -> usize {
        self.cases.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cases.is_empty()
    }

    /// Where a test "is" for reporting: the unit test's name, or `main`'s name.
    pub fn anchor(&self, program: &Program, case: &TestCase) -> Option<Span> {
        match &case.kind {
            TestKind::Unit { func } => Some(program.function(*func).name_span),
            TestKind::Io(_) => program.main.map(|m| program.function(m).name_span),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SuiteError {
    #[error("faultline.toml gives IO cases for this file, but it has no `main` function")]
    NoMain,
}

/// The first difference between expected and actual output, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputMismatch {
    pub message: String,
}

/// Compare outputs as the case says.
pub fn compare_output(compare: Compare, expected: &[u8], actual: &[u8]) -> Option<OutputMismatch> {
    match compare {
        Compare::Exact => {
            if expected == actual {
                return None;
            }
            let at = expected
                .iter()
                .zip(actual)
                .position(|(a, b)| a != b)
                .unwrap_or(expected.len().min(actual.len()));
            let line = expected[..at].iter().filter(|&&b| b == b'\n').count() + 1;
            Some(OutputMismatch {
                message: format!(
                    "stdout differs at byte {at} (line {line}): expected {}, got {}",
                    excerpt(expected, at),
                    excerpt(actual, at)
                ),
            })
        }
        Compare::Tokens => {
            let exp: Vec<&[u8]> = tokens(expected).collect();
            let act: Vec<&[u8]> = tokens(actual).collect();
            if exp == act {
                return None;
            }
            let at = exp
                .iter()
                .zip(&act)
                .position(|(a, b)| a != b)
                .unwrap_or(exp.len().min(act.len()));
            let show = |t: Option<&&[u8]>| match t {
                Some(t) => format!("`{}`", String::from_utf8_lossy(t)),
                None => "end of output".to_string(),
            };
            Some(OutputMismatch {
                message: format!(
                    "stdout differs at token {}: expected {}, got {}",
                    at + 1,
                    show(exp.get(at)),
                    show(act.get(at))
                ),
            })
        }
    }
}

fn tokens(s: &[u8]) -> impl Iterator<Item = &[u8]> {
    s.split(|b| b.is_ascii_whitespace())
        .filter(|t| !t.is_empty())
}

fn excerpt(s: &[u8], at: usize) -> String {
    if at >= s.len() {
        return "end of output".to_string();
    }
    let end = (at + 20).min(s.len());
    format!("{:?}", String::from_utf8_lossy(&s[at..end]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_compare_ignores_spacing_and_reports_first_difference() {
        assert_eq!(
            compare_output(Compare::Tokens, b"1 2\n3", b"1\n2 3\n\n"),
            None
        );
        let m = compare_output(Compare::Tokens, b"9\n", b"7\n").unwrap();
        assert_eq!(
            m.message,
            "stdout differs at token 1: expected `9`, got `7`"
        );
        let m = compare_output(Compare::Tokens, b"1 2", b"1").unwrap();
        assert!(m.message.contains("got end of output"), "{}", m.message);
    }

    #[test]
    fn exact_compare_is_byte_exact() {
        assert!(compare_output(Compare::Exact, b"1 2\n", b"1  2\n").is_some());
        assert_eq!(compare_output(Compare::Exact, b"ok\n", b"ok\n"), None);
        let m = compare_output(Compare::Exact, b"a\nb\n", b"a\nc\n").unwrap();
        assert!(m.message.contains("line 2"), "{}", m.message);
    }
}
