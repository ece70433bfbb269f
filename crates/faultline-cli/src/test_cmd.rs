//! `faultline test FILE... [--json]`.

use std::io::Write;

use faultline_runner::{load_file, run_suite, LoadError, Status, TestResult};
use serde_json::json;

use crate::TestArgs;

/// Exit code: 2 if any file could not be loaded, else 1 if any test failed, else 0.
pub fn run(args: &TestArgs) -> u8 {
    let mut out = std::io::stdout().lock();
    let mut worst = 0u8;
    for path in &args.files {
        let shown = path.display().to_string();
        let mut loaded = match load_file(path) {
            Ok(l) => l,
            Err(e) => {
                worst = 2;
                if args.json {
                    let _ = writeln!(out, "{}", json!({"file": shown, "errors": error_json(&e)}));
                } else {
                    let _ = out.flush();
                    eprintln!("{e}");
                }
                continue;
            }
        };
        if let Some(max) = args.max_steps {
            loaded.suite.limits.max_steps = max;
        }
        let results = run_suite(&loaded.program, &loaded.suite);
        let failed = results
            .iter()
            .filter(|r| r.status == Status::Failed)
            .count();
        if failed > 0 {
            worst = worst.max(1);
        }
        if args.json {
            let passed = (results.iter())
                .filter(|r| r.status == Status::Passed)
                .count();
            let skipped = results.len() - passed - failed;
            let _ = writeln!(
                out,
                "{}",
                json!({
                    "file": shown,
                    "tests": results,
                    "summary": {"passed": passed, "failed": failed, "skipped": skipped},
                })
            );
        } else {
            let _ = print_human(&mut out, &shown, &results);
            if results.is_empty() {
                if let Some(note) = unmatched_config(&loaded) {
                    let _ = writeln!(out, "  {note}");
                }
            }
        }
    }
    worst
}

/// When the file has no tests and the `faultline.toml` in effect has `[[program]]` entries
/// for other files only (a `source` pattern that matches nothing, a misspelt name), what each
/// entry matches: otherwise "no tests" would leave the user guessing (issue 28, item 20).
pub fn unmatched_config(loaded: &faultline_runner::Loaded) -> Option<String> {
    let config = loaded.config_path.as_ref()?;
    let found = faultline_runner::discover::read_config(config, &loaded.path).ok()?;
    faultline_runner::discover::unmatched(&found, &loaded.path)
}

fn print_human(out: &mut impl Write, file: &str, results: &[TestResult]) -> std::io::Result<()> {
    writeln!(out, "{file}")?;
    if results.is_empty() {
        writeln!(
            out,
            "  no tests: add `void test_*(void)` functions or IO cases in faultline.toml"
        )?;
    }
    for r in results {
        let tag = match r.status {
            Status::Passed => "PASS",
            Status::Failed => "FAIL",
            Status::Skipped => "SKIP",
        };
        write!(out, "  {tag} {}", r.name)?;
        if r.status != Status::Passed {
            let at = match (&r.path, r.line, r.column) {
                (Some(p), Some(l), Some(c)) => format!("{p}:{l}:{c}: "),
                _ => String::new(),
            };
            write!(out, "  {at}{}", r.reason.as_deref().unwrap_or(""))?;
        }
        writeln!(out)?;
        if r.status == Status::Failed && r.kind == "io" {
            if let (Some(e), Some(a)) = (&r.expected, &r.actual) {
                writeln!(out, "       expected: {e:?}")?;
                writeln!(out, "       actual:   {a:?}")?;
            }
        }
    }
    // A skipped test is no failure (its `passed` is set) but it did not pass either.
    let passed = (results.iter())
        .filter(|r| r.status == Status::Passed)
        .count();
    let failed = results
        .iter()
        .filter(|r| r.status == Status::Failed)
        .count();
    let skipped = results.len() - passed - failed;
    write!(out, "  {passed} passed, {failed} failed")?;
    if skipped > 0 {
        write!(out, ", {skipped} skipped")?;
    }
    writeln!(out)
}

/// A load error as the JSON `errors` array (`faultline test --json`, `faultline diagnose --json`).
pub fn error_json(e: &LoadError) -> serde_json::Value {
    match e {
        LoadError::Frontend(errs) => errs
            .errors
            .iter()
            .map(|err| {
                let loc = errs.files.locate(err.span);
                json!({
                    "kind": err.kind,
                    "message": err.message,
                    "path": loc.path,
                    "line": loc.start.line,
                    "column": loc.start.column,
                    "end_line": loc.end.line,
                    "end_column": loc.end.column,
                })
            })
            .collect(),
        LoadError::Config(c) => json!([{
            "kind": "config", "message": c.message, "path": c.path,
            "line": c.line, "column": c.column,
        }]),
        other => json!([{"kind": "io", "message": other.to_string()}]),
    }
}
