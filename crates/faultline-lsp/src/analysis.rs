//! One analysis of one document version: compile the editor's text (includes and
//! `faultline.toml` from disk), run the tests, then diagnose. Runs on a blocking thread; every
//! step is wrapped in `catch_unwind` so a bug in the pipeline becomes a message, never a crash
//! of the server.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use faultline_diagnose::{DiagnoseError, DiagnoseOptions, Report};
use faultline_ir::{ErrorKind, Location};
use faultline_runner::{LoadError, Loaded, Runner, Status, TestKind, TestResult};

use crate::position::LineIndex;
use crate::ranking::{line_ranks, LineRank};

/// A located problem that stops the analysis (or part of it).
#[derive(Clone, Debug)]
pub struct Problem {
    /// `syntax`, `unsupported`, `semantic`, `preprocessor`, `config`, `internal`.
    pub code: &'static str,
    pub path: String,
    /// 1-based (line, byte column) bounds; (0, 0) when the problem has no location.
    pub start: (u32, u32),
    pub end: (u32, u32),
    pub message: String,
}

/// One test's result with where the test itself is (the function's name, or `main`'s).
#[derive(Clone, Debug)]
pub struct TestInfo {
    pub result: TestResult,
    pub unit: bool,
    /// Where the failure is (assert, runtime error), or the anchor for a passing test.
    pub at: Option<Located>,
    /// The test function's (or `main`'s) name.
    pub anchor: Option<Located>,
    /// An IO test's input (shown in hovers: what the program was run with).
    pub input: Option<TestInput>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestInput {
    pub args: Vec<String>,
    /// Standard input (lossily decoded).
    pub stdin: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    pub path: String,
    pub start: (u32, u32),
    pub end: (u32, u32),
}

impl From<Location> for Located {
    fn from(l: Location) -> Self {
        Located {
            path: l.path,
            start: (l.start.line, l.start.column),
            end: (l.end.line, l.end.column),
        }
    }
}

/// Everything known about one version of a document; replaced as a whole when the next stage
/// (tests, then diagnosis) finishes, so request handlers always see a consistent snapshot.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub generation: u64,
    pub version: i32,
    /// The path as the front end names it (statements' `path` fields compare to it).
    pub path: String,
    /// The analysed text (positions are converted against it, not against a newer buffer).
    pub text: Arc<str>,
    pub index: LineIndex,
    pub problems: Vec<Problem>,
    pub tests: Vec<TestInfo>,
    pub report: Option<Report>,
    pub lines: Vec<LineRank>,
    /// Why there is no (complete) diagnosis, when there is a reason worth telling.
    pub note: Option<String>,
    /// True while the diagnosis of this version is still running.
    pub diagnosing: bool,
}

impl Analysis {
    pub fn new(generation: u64, version: i32, path: String, text: Arc<str>) -> Self {
        Analysis {
            generation,
            version,
            path,
            index: LineIndex::new(&text),
            text,
            problems: Vec::new(),
            tests: Vec::new(),
            report: None,
            lines: Vec::new(),
            note: None,
            diagnosing: false,
        }
    }

    pub fn failing(&self) -> impl Iterator<Item = &TestInfo> {
        self.tests
            .iter()
            .filter(|t| t.result.status == Status::Failed)
    }

    /// Attach the diagnoses found so far by a diagnosis that goes on
    /// ([`DiagnoseOptions::found`]): shown at once, replaced by the finished report.
    pub fn with_report_so_far(mut self, report: Report) -> Self {
        self.lines = line_ranks(&report);
        self.report = Some(report);
        self
    }

    /// Attach a finished diagnosis.
    pub fn with_report(mut self, result: Result<Report, Problem>) -> Self {
        self.diagnosing = false;
        match result {
            Ok(report) => {
                self.lines = line_ranks(&report);
                if report.diagnoses.is_empty() {
                    self.note = Some(match &report.stopped {
                        Some(why) => format!("no diagnosis found ({why})"),
                        None => "no diagnosis found within the bounds".into(),
                    });
                } else if let Some(s) = report.undecided_sentence() {
                    self.note = Some(format!("other diagnoses may exist: {s}"));
                }
                self.report = Some(report);
            }
            // The diagnoses found before the stop stay (they were validated), marked as
            // possibly not all.
            Err(p) if p.code == "cancelled" => {
                if self
                    .report
                    .as_ref()
                    .is_some_and(|r| !r.diagnoses.is_empty())
                {
                    self.note = Some(
                        "the diagnosis was stopped before it finished: other diagnoses may exist"
                            .into(),
                    );
                }
            }
            Err(p) if p.start.0 == 0 => self.note = Some(p.message),
            Err(p) => self.problems.push(p),
        }
        self
    }
}

/// Compile `text` as `path` and run its tests. The runs check `cancel` (the document's
/// flag, raised by a newer edit or save) and the memory ceiling every few milliseconds: a
/// stale version's tests stop where they are, and the tests after the stopped one are not
/// run (their results would be dropped anyway). With an `account`, the ceiling is on this
/// analysis's own memory (see [`faultline_interp::MemoryAccount`]), not the process's.
pub fn load_and_test(
    path: &Path,
    text: &str,
    workspace: &[std::path::PathBuf],
    cancel: Option<Arc<AtomicBool>>,
    max_memory: Option<u64>,
    account: Option<Arc<faultline_interp::MemoryAccount>>,
) -> Result<(Loaded, Vec<TestInfo>), Vec<Problem>> {
    guarded(|| {
        let loaded = faultline_runner::load_source_in_workspace(path, text, workspace)
            .map_err(load_problems)?;
        let mut runner = Runner::new(&loaded.program, &loaded.suite);
        let stop = faultline_runner::Stop::new(cancel.clone(), None, max_memory);
        runner.stop_on(match account {
            Some(a) => stop.with_account(a),
            None => stop,
        });
        let files = &loaded.program.files;
        let tests = loaded
            .suite
            .cases
            .iter()
            .take_while(|_| !cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)))
            .map(|case| {
                let (result, _) = runner.run_case(case);
                let at = result.span.map(|s| files.locate(s).into());
                let anchor = loaded
                    .suite
                    .anchor(&loaded.program, case)
                    .map(|s| files.locate(s).into());
                let input = match &case.kind {
                    TestKind::Io(io) => Some(TestInput {
                        args: io.input.args.clone(),
                        stdin: String::from_utf8_lossy(&io.input.stdin).into_owned(),
                    }),
                    TestKind::Unit { .. } => None,
                };
                TestInfo {
                    unit: matches!(case.kind, TestKind::Unit { .. }),
                    result,
                    at,
                    anchor,
                    input,
                }
            })
            .collect();
        Ok((loaded, tests))
    })
    .unwrap_or_else(|p| Err(vec![p]))
}

/// Diagnose the failing tests of `loaded`.
pub fn diagnose(loaded: &Loaded, opts: &DiagnoseOptions) -> Result<Report, Problem> {
    let path = loaded.path.display().to_string();
    guarded(|| {
        faultline_diagnose::diagnose(&loaded.program, &loaded.suite, opts).map_err(|e| match e {
            DiagnoseError::Unsupported {
                message,
                span: Some(span),
            } => located_problem(
                "unsupported",
                loaded.program.files.locate(span),
                format!("cannot diagnose: {message}"),
            ),
            DiagnoseError::Cancelled => unlocated("cancelled", &path, "cancelled".into()),
            other => unlocated("diagnosis", &path, format!("no diagnosis: {other}")),
        })
    })
    .unwrap_or_else(Err)
}

/// Run `f`, turning a panic into an `internal` problem.
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, Problem> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into());
        unlocated(
            "internal",
            "",
            format!("faultline internal error (please report): {what}"),
        )
    })
}

fn unlocated(code: &'static str, path: &str, message: String) -> Problem {
    Problem {
        code,
        path: path.to_string(),
        start: (0, 0),
        end: (0, 0),
        message,
    }
}

fn located_problem(code: &'static str, loc: Location, message: String) -> Problem {
    let l: Located = loc.into();
    Problem {
        code,
        path: l.path,
        start: l.start,
        end: l.end,
        message,
    }
}

fn load_problems(e: LoadError) -> Vec<Problem> {
    match e {
        LoadError::Frontend(errors) => errors
            .errors
            .iter()
            .map(|fe| {
                let code = match fe.kind {
                    ErrorKind::Syntax => "syntax",
                    ErrorKind::Unsupported => "unsupported",
                    ErrorKind::Semantic => "semantic",
                    ErrorKind::Preprocessor => "preprocessor",
                };
                located_problem(code, errors.files.locate(fe.span), fe.message.clone())
            })
            .collect(),
        LoadError::Config(c) => vec![Problem {
            code: "config",
            start: (c.line, c.column),
            end: (c.line, c.column),
            message: format!("{}: {}", c.path, c.message),
            path: c.path,
        }],
        LoadError::Io { path, source } => vec![unlocated("config", &path, source.to_string())],
        LoadError::Suite { path, source } => vec![unlocated("config", &path, source.to_string())],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use faultline_diagnose::Diagnosis;

    fn analysed(report: Report) -> Analysis {
        Analysis::new(
            1,
            1,
            "a.c".into(),
            Arc::from("int main(void) { return 0; }\n"),
        )
        .with_report(Ok(report))
    }

    /// Issue 28 item 12: an edit cancels the test runs of the version it replaces, not only
    /// its diagnosis. Each test here would run for 10 M steps (about a second).
    #[test]
    fn raising_the_cancel_flag_stops_the_test_runs_within_milliseconds() {
        let dir = std::env::temp_dir().join(format!("faultline-lsp-cancel-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("spin.c");
        let mut text = String::from(
            "#include <assert.h>\nint spin(int x) { while (x != 1) x = x + 0; return x; }\n",
        );
        for k in 0..5 {
            text.push_str(&format!(
                "void test_{k}(void) {{ assert(spin({}) == 1); }}\n",
                k + 2
            ));
        }
        let flag = Arc::new(AtomicBool::new(false));
        let raiser = {
            let flag = Arc::clone(&flag);
            std::thread::spawn(move || {
                std::thread::sleep(std::time::Duration::from_millis(100));
                flag.store(true, Ordering::Relaxed);
                std::time::Instant::now()
            })
        };
        let (_, tests) = load_and_test(&path, &text, &[], Some(Arc::clone(&flag)), None, None)
            .unwrap_or_else(|p| panic!("{p:?}"));
        let ended = std::time::Instant::now();
        let raised = raiser.join().unwrap();
        assert!(
            ended.duration_since(raised) < std::time::Duration::from_millis(1000),
            "{:?} after the flag",
            ended.duration_since(raised)
        );
        assert_eq!(tests.len(), 1, "the tests after the stopped one do not run");
        let reason = tests[0].result.reason.as_deref().unwrap_or_default();
        assert!(reason.contains("stopped (cancelled)"), "{reason}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn skipped_candidate_sets_leave_a_note_next_to_the_diagnoses() {
        let a = analysed(Report {
            diagnoses: vec![Diagnosis::default()],
            undecided: 2,
            ..Default::default()
        });
        let note = a.note.expect("a note");
        assert!(note.contains("2 candidate sets"), "{note}");
        assert!(note.contains("other diagnoses may exist"), "{note}");
    }

    #[test]
    fn a_complete_list_has_no_note() {
        let a = analysed(Report {
            diagnoses: vec![Diagnosis::default()],
            complete: true,
            ..Default::default()
        });
        assert_eq!(a.note, None);
    }

    fn cancelled() -> Result<Report, Problem> {
        Err(unlocated("cancelled", "a.c", "cancelled".into()))
    }

    #[test]
    fn diagnoses_found_before_a_stop_stay_with_a_note() {
        let mut a = Analysis::new(
            1,
            1,
            "a.c".into(),
            Arc::from("int main(void) { return 0; }\n"),
        );
        a.diagnosing = true;
        let so_far = a.with_report_so_far(Report {
            diagnoses: vec![Diagnosis::default()],
            ..Default::default()
        });
        assert!(so_far.diagnosing, "still running");
        assert_eq!(so_far.note, None);
        let stopped = so_far.with_report(cancelled());
        assert!(!stopped.diagnosing);
        assert_eq!(stopped.report.map(|r| r.diagnoses.len()), Some(1));
        let note = stopped.note.expect("a note");
        assert!(note.contains("other diagnoses may exist"), "{note}");

        // Stopped before anything was found: nothing to qualify.
        let mut none = Analysis::new(1, 1, "a.c".into(), Arc::from(""));
        none.diagnosing = true;
        let none = none.with_report(cancelled());
        assert_eq!((none.report.is_none(), none.note), (true, None));
    }
}
