//! Running a suite in the interpreter and judging each run.

use faultline_interp::{Entry, Input, Outcome, Prepared, Run, RunOptions, Stop, Unwinding};
use faultline_ir::{Program, Span};
use serde::Serialize;

use crate::suite::{compare_output, Suite, TestCase, TestKind};

/// What happened to one test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Passed,
    Failed,
    /// An `assume` did not hold: the inputs are outside the program's contract, so the run says
    /// nothing about its correctness.
    Skipped,
}

/// The judged result of one test.
#[derive(Clone, Debug, Serialize)]
pub struct TestResult {
    pub name: String,
    pub kind: &'static str,
    pub status: Status,
    pub passed: bool,
    /// Why it failed: the assert with both sides, the output difference, the runtime error.
    pub reason: Option<String>,
    /// 1-based line of the failure (the failing assert or runtime error; for a wrong output,
    /// `main`), or of the test itself when it passed.
    pub line: Option<u32>,
    pub column: Option<u32>,
    /// The file `line` is in (a test may live in an included file).
    pub path: Option<String>,
    /// Expected vs actual, when the failure has them (assert comparison sides, stdout).
    pub expected: Option<String>,
    pub actual: Option<String>,
    pub stdout: String,
    pub exit_code: Option<i32>,
    pub steps: u64,
    /// Where the failure is, for editors; not serialized (they get `line`/`column`).
    #[serde(skip)]
    pub span: Option<Span>,
}

/// Runs a suite's tests; the program is prepared for the interpreter once, so rerunning
/// hundreds of IO cases costs only their execution.
pub struct Runner<'p> {
    program: &'p Program,
    suite: &'p Suite,
    prepared: Prepared<'p>,
    /// Bounds every run of this runner is held to (see [`Runner::hold_to`]).
    unwinding: Option<Unwinding>,
    /// The analysis's budget every run checks (see [`Runner::stop_on`]).
    stop: Option<Stop>,
    /// Steps every later run gets at most (see [`Runner::bound_steps`]).
    step_bound: u64,
}

impl<'p> Runner<'p> {
    pub fn new(program: &'p Program, suite: &'p Suite) -> Self {
        Runner {
            program,
            suite,
            prepared: Prepared::new(program),
            unwinding: None,
            stop: None,
            step_bound: u64::MAX,
        }
    }

    /// Every later run checks this budget (the analysis's cancellation flag, deadline and
    /// memory ceiling) and ends with `RuntimeErrorKind::Stopped` when it runs out: an edit or
    /// a timeout stops a long test run, not only what comes after it.
    pub fn stop_on(&mut self, stop: Stop) {
        self.stop = Some(stop);
    }

    /// Every later run gets at most `max_steps` steps (and the suite's limit if it is lower).
    /// A diagnosis re-runs its tests hundreds of times with values changed: a test that went
    /// round a loop until the step limit must not go on for the whole limit every time when
    /// the runs that pass need a small part of it. A run over the bound ends with
    /// `StepLimit { limit: max_steps }` and does not pass.
    pub fn bound_steps(&mut self, max_steps: u64) {
        self.step_bound = max_steps;
    }

    /// The step limit later runs get.
    pub fn max_steps(&self) -> u64 {
        self.suite.limits.max_steps.min(self.step_bound)
    }

    /// The budget runs check, if any.
    pub fn stop(&self) -> Option<&Stop> {
        self.stop.as_ref()
    }

    /// Holds every later run to a program formula's bounds (unless its options give others):
    /// a run that needs more loop passes or nested calls than the formula has ends with
    /// `UnwindingBound` and does not pass. The diagnosis asks its formulas and the
    /// interpreter the same questions; with the same bounds they give the same answers.
    pub fn hold_to(&mut self, unwinding: Unwinding) {
        self.unwinding = Some(unwinding);
    }

    /// Run one test case.
    pub fn run_case(&self, case: &TestCase) -> (TestResult, Run) {
        self.run_case_with(case, RunOptions::default())
    }

    /// Run one test case with explicit options (tracing, coverage, overrides); the suite's
    /// limits always apply.
    pub fn run_case_with(&self, case: &TestCase, opts: RunOptions<'_>) -> (TestResult, Run) {
        self.run_case_within(case, opts, u64::MAX)
    }

    /// Like [`Self::run_case_with`], but stopped after `max_steps` steps if the suite allows
    /// more: for speculative runs that only matter if they pass quickly.
    pub fn run_case_within(
        &self,
        case: &TestCase,
        mut opts: RunOptions<'_>,
        max_steps: u64,
    ) -> (TestResult, Run) {
        opts.limits = self.suite.limits;
        opts.limits.max_steps = opts.limits.max_steps.min(max_steps).min(self.step_bound);
        let opts = RunOptions {
            unwinding: opts.unwinding.or(self.unwinding.as_ref()),
            stop: opts.stop.or(self.stop.as_ref()),
            ..opts
        };
        let default_input = Input::default();
        let (entry, input) = match &case.kind {
            TestKind::Unit { func } => (Entry::Function(*func), &default_input),
            TestKind::Io(io) => (Entry::Main, &io.input),
        };
        let run = faultline_interp::run_prepared(&self.prepared, entry, input, &opts);
        let result = judge(self.program, self.suite, case, &run);
        (result, run)
    }

    /// Run every test of the suite, in order.
    pub fn run_all(&self) -> Vec<TestResult> {
        self.suite
            .cases
            .iter()
            .map(|case| self.run_case(case).0)
            .collect()
    }
}

/// Run one test case (prepares the program: use a [`Runner`] for many).
pub fn run_case(program: &Program, suite: &Suite, case: &TestCase) -> (TestResult, Run) {
    Runner::new(program, suite).run_case(case)
}

/// Run one test case with explicit options (prepares the program: use a [`Runner`] for many).
pub fn run_case_with(
    program: &Program,
    suite: &Suite,
    case: &TestCase,
    opts: RunOptions<'_>,
) -> (TestResult, Run) {
    Runner::new(program, suite).run_case_with(case, opts)
}

/// Run every test of the suite, in order.
pub fn run_suite(program: &Program, suite: &Suite) -> Vec<TestResult> {
    Runner::new(program, suite).run_all()
}

/// Decide whether `run` passes `case`.
pub fn judge(program: &Program, suite: &Suite, case: &TestCase, run: &Run) -> TestResult {
    let mut r = TestResult {
        name: case.name.clone(),
        kind: match case.kind {
            TestKind::Unit { .. } => "unit",
            TestKind::Io(_) => "io",
        },
        status: Status::Passed,
        passed: true,
        reason: None,
        line: None,
        column: None,
        path: None,
        expected: None,
        actual: None,
        stdout: String::from_utf8_lossy(&run.stdout).into_owned(),
        exit_code: None,
        steps: run.steps,
        span: suite.anchor(program, case),
    };
    let fail = |r: &mut TestResult, reason: String, span: Option<Span>| {
        r.status = Status::Failed;
        r.passed = false;
        r.reason = Some(reason);
        if span.is_some() {
            r.span = span;
        }
    };
    match &run.outcome {
        Outcome::Exited { code } => {
            r.exit_code = Some(*code);
            if let TestKind::Io(io) = &case.kind {
                let anchor = r.span;
                if let Some(expected) = &io.stdout {
                    if let Some(m) = compare_output(io.compare, expected, &run.stdout) {
                        r.expected = Some(String::from_utf8_lossy(expected).into_owned());
                        r.actual = Some(r.stdout.clone());
                        fail(&mut r, m.message, anchor);
                    }
                }
                if r.passed && *code != io.exit_code {
                    r.expected = Some(io.exit_code.to_string());
                    r.actual = Some(code.to_string());
                    fail(
                        &mut r,
                        format!("exit code {code}, expected {}", io.exit_code),
                        anchor,
                    );
                }
            }
        }
        Outcome::AssumeViolated { span } => {
            r.status = Status::Skipped;
            r.reason = Some(if program.bound_checks.contains(span) {
                format!(
                    "not run: this variable-length array needs more than {} elements, the most \
                     Faultline analyses (raise `[limits] max_vla_elements` in faultline.toml)",
                    program.options.max_vla_elements
                )
            } else {
                "assumption does not hold for these inputs".into()
            });
            r.span = Some(*span);
        }
        Outcome::AssertFailed { span, comparison } => {
            if let Some(sides) = comparison {
                r.actual = Some(sides.show(sides.left));
                r.expected = Some(sides.show(sides.right));
            }
            fail(&mut r, run.outcome.message(), Some(*span));
        }
        Outcome::RuntimeError { span, .. } => {
            fail(&mut r, run.outcome.message(), Some(*span));
        }
    }
    if let Some(span) = r.span {
        let loc = program.files.locate(span);
        r.line = Some(loc.start.line);
        r.column = Some(loc.start.column);
        r.path = Some(loc.path);
    }
    r
}
