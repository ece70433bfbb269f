//! `faultline diagnose FILE`: which statements to change, and to what, so that every failing test
//! passes.

use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::time::Duration;

use faultline_diagnose::{diagnose, Algorithm, DiagnoseOptions, Phase, Report};
use faultline_runner::load_file;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;

use crate::DiagnoseArgs;

pub fn run(args: &DiagnoseArgs) -> u8 {
    let mut out = std::io::stdout().lock();
    let shown = args.file.display().to_string();
    let loaded = match load_file(&args.file) {
        Ok(l) => l,
        Err(e) => {
            // With `--json`, a program that cannot be loaded is still one JSON object on
            // stdout (its located errors, no diagnoses), as `faultline test --json` gives.
            if args.json {
                let errors = crate::test_cmd::error_json(&e);
                let _ = writeln!(
                    out,
                    "{}",
                    json!({"file": shown, "errors": errors, "diagnoses": []})
                );
            }
            let _ = out.flush();
            eprintln!("{e}");
            return 2;
        }
    };
    let mut opts = DiagnoseOptions {
        algorithm: args.algorithm,
        max_diagnoses: args.max_diagnoses,
        timeout: args.timeout.0,
        max_memory: args.max_memory.0,
        unwind: args.unwind,
        refine: args.refine,
        joint_solver: args.joint_solver,
        ..Default::default()
    };
    let bar = watch(&mut opts);
    let diagnosed = diagnose(&loaded.program, &loaded.suite, &opts);
    bar.finish_and_clear();
    let report = match diagnosed {
        Ok(r) => r,
        Err(e) => {
            let _ = out.flush();
            let error = match &e {
                faultline_diagnose::DiagnoseError::Unsupported {
                    message,
                    span: Some(span),
                } => {
                    let loc = loaded.program.files.locate(*span);
                    eprintln!("{loc}: cannot diagnose: {message}");
                    json!({
                        "kind": "unsupported", "message": format!("cannot diagnose: {message}"),
                        "path": loc.path, "line": loc.start.line, "column": loc.start.column,
                        "end_line": loc.end.line, "end_column": loc.end.column,
                    })
                }
                other => {
                    eprintln!("{shown}: cannot diagnose: {other}");
                    json!({"kind": "diagnose", "message": format!("cannot diagnose: {other}")})
                }
            };
            if args.json {
                let _ = writeln!(
                    out,
                    "{}",
                    json!({"file": shown, "errors": [error], "diagnoses": []})
                );
            }
            return 2;
        }
    };
    let failing = report.tests.iter().filter(|t| !t.passed).count();
    if args.json {
        let mut v = serde_json::to_value(&report).unwrap_or_else(|_| json!({}));
        v["file"] = json!(shown);
        let _ = writeln!(out, "{v}");
    } else if report.tests.is_empty() && report.stopped.is_none() {
        // Nothing to diagnose with: say how to add tests (and, when a faultline.toml names
        // other files only, what its entries match), not "all 0 tests pass".
        let _ = writeln!(
            out,
            "{shown}: no tests to diagnose with: add `void test_*(void)` functions or IO cases in faultline.toml"
        );
        if let Some(note) = crate::test_cmd::unmatched_config(&loaded) {
            let _ = writeln!(out, "  {note}");
        }
    } else {
        let _ = print_human(&mut out, &shown, &report);
    }
    if failing > 0 {
        1
    } else if report.stopped.is_some() && !report.complete {
        // Stopped (timeout, memory) before any test failed: not "all pass".
        2
    } else {
        0
    }
}

/// For a person watching (stderr is a terminal): a spinner with the phase and the diagnoses
/// found so far, which the search can take seconds to finish after the first. Hidden otherwise.
fn watch(opts: &mut DiagnoseOptions) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner();
    if let Ok(style) = ProgressStyle::with_template("{spinner} {elapsed} {msg} {prefix}") {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(120));
    let phase = bar.clone();
    opts.progress = Some(Arc::new(move |p: Phase| phase.set_message(p.to_string())));
    let found = bar.clone();
    opts.found = Some(Arc::new(move |r: &Report| found.set_prefix(so_far(r))));
    bar
}

/// One line on the diagnoses found so far: how many, and where the best one is.
fn so_far(r: &Report) -> String {
    let Some(best) = r.diagnoses.first() else {
        return String::new();
    };
    let lines: Vec<String> = best
        .statements
        .iter()
        .map(|s| format!("{}:{} `{}`", s.path, s.line, s.text))
        .collect();
    format!("· {} found, best: {}", r.diagnoses.len(), lines.join(", "))
}

fn print_human(out: &mut impl Write, file: &str, r: &Report) -> std::io::Result<()> {
    let failing: Vec<&str> = r
        .tests
        .iter()
        .filter(|t| !t.passed)
        .map(|t| t.name.as_str())
        .collect();
    if failing.is_empty() {
        match (&r.stopped, r.complete) {
            // The budget ran out before a test failed (0 of 21 run): say so, never "all pass".
            (Some(why), false) => writeln!(
                out,
                "{file}: no failing test among the {} that ran; stopped: {why}",
                r.tests.len()
            )?,
            _ => writeln!(out, "{file}: all {} tests pass", r.tests.len())?,
        }
        return Ok(());
    }
    writeln!(
        out,
        "{file}: {} of {} tests fail: {}",
        failing.len(),
        r.tests.len(),
        failing.join(", ")
    )?;
    for t in r.tests.iter().filter(|t| !t.passed) {
        if let Some(reason) = &t.reason {
            writeln!(out, "  {}: {reason}", t.name)?;
        }
    }
    writeln!(out)?;
    if r.diagnoses.is_empty() {
        writeln!(
            out,
            "No diagnosis found{}.",
            r.stopped
                .as_deref()
                .map(|s| format!(" ({})", stop_words(s)))
                .unwrap_or_default()
        )?;
    }
    for d in &r.diagnoses {
        // Plain words first: what to change. Its cost (the weights the search minimises) is
        // solver detail, shown under "Details" below.
        writeln!(
            out,
            "Diagnosis {}: change {} statement{}{}",
            d.rank,
            d.statements.len(),
            if d.statements.len() == 1 { "" } else { "s" },
            if d.validated { "" } else { " (not validated)" },
        )?;
        for s in &d.statements {
            writeln!(out, "  {}:{}:{}  {}", s.path, s.line, s.column, s.text)?;
            print_angelic(out, "      ", &s.angelic)?;
        }
        if d.changes_input {
            writeln!(
                out,
                "    only if the test's input differed: a test reads what it is given, so this is not a fix"
            )?;
        }
        for fix in &d.repairs {
            writeln!(out, "  {}", fix_line(fix))?;
        }
        if d.explains.len() < failing.len() {
            writeln!(out, "    explains: {}", d.explains.join(", "))?;
        }
        for rf in &d.refinements {
            writeln!(
                out,
                "    refined {}.{}{}:",
                d.rank,
                rf.rank,
                if rf.validated { "" } else { " (not validated)" },
            )?;
            for e in &rf.expressions {
                writeln!(out, "      {}:{}:{}  {}", e.path, e.line, e.column, e.text)?;
                print_angelic(out, "          ", &e.angelic)?;
            }
        }
    }
    if !r.complete {
        if let Some(s) = &r.stopped {
            writeln!(out, "(stopped looking for more: {})", stop_words(s))?;
        }
        if let Some(s) = r.undecided_sentence() {
            writeln!(out, "({s}: a diagnosis may be missing)")?;
        }
    }
    // Where the formula approximates (`pow` of a changed value…): said once per call.
    if !r.diagnoses.is_empty() {
        for n in &r.notes {
            writeln!(out, "note: {}:{}: {}", n.path, n.line, n.message)?;
        }
    }
    print_details(out, failing.len(), r)
}

/// What the search did, for those who want it: each diagnosis's cost, the per-line ranking
/// with its spectrum scores, the time per phase and the formula's size.
fn print_details(out: &mut impl Write, failing: usize, r: &Report) -> std::io::Result<()> {
    writeln!(out, "\nDetails:")?;
    if !r.diagnoses.is_empty() {
        let costs: Vec<String> = r
            .diagnoses
            .iter()
            .map(|d| {
                let refined: Vec<String> =
                    d.refinements.iter().map(|rf| rf.cost.to_string()).collect();
                match refined.as_slice() {
                    [] => format!("#{} {}", d.rank, d.cost),
                    _ => format!("#{} {} (refined: {})", d.rank, d.cost, refined.join(", ")),
                }
            })
            .collect();
        writeln!(
            out,
            "Cost of each diagnosis (the weights of the statements it changes): {}",
            costs.join(", ")
        )?;
        // The rule that decided each rank, in plain words (`ranked_by` in the JSON).
        let order: Vec<(usize, String)> = (r.diagnoses.iter())
            .filter_map(|d| Some((d.rank, d.ranked_by_sentence()?)))
            .collect();
        if !order.is_empty() {
            writeln!(out, "Why this order:")?;
            for (rank, why) in order {
                writeln!(out, "  #{rank} before #{}: {why}", rank + 1)?;
            }
        }
    }
    if let Some(s) = &r.stopped {
        writeln!(out, "Search stopped: {s}")?;
    }
    print_lines(out, failing, r)?;
    let t = &r.timings_ms;
    let rp = &t.repair;
    writeln!(
        out,
        "\nTime (ms): tests {:.1}, encode {:.1}, solve {:.1}, enumerate {:.1}, validate {:.1}, repair {:.1}, total {:.1}",
        t.tests,
        t.encode,
        t.solve,
        t.enumerate,
        t.validate,
        rp.generate + rp.check + rp.validate + rp.confirm,
        t.total
    )?;
    let f = &r.formula;
    let c = &f.candidates;
    if f.replicas == 0 && c.solved == 0 {
        // Known answers and interpreter probes decided every check.
        return writeln!(out, "Formula: none solved");
    }
    // Only the hitting sets load replicas into solvers of their own.
    let loaded = match f.loaded {
        0 => String::new(),
        n => format!(" ({n} loaded)"),
    };
    writeln!(
        out,
        "Formula: {} replicas{loaded}, {} variables, {} clauses, {} soft",
        f.replicas, f.variables, f.clauses, f.softs
    )?;
    if c.solved > 0 {
        writeln!(
            out,
            "Candidate-only replicas: {} solved, median {} variables / {} clauses, largest {} / {}",
            c.solved, c.variables_median, c.clauses_median, c.variables_max, c.clauses_max
        )?;
    }
    Ok(())
}

/// Why the search stopped, in a user's words (the search's own words are under "Details").
fn stop_words(stopped: &str) -> String {
    match stopped {
        "timeout" => "the time limit ran out".into(),
        "no repair exists within the unwinding bounds" => {
            "no change of the program's statements makes the failing tests pass, with loops \
             followed as far as the tests ran them"
                .into()
        }
        // "memory ceiling (2048 MB)"
        s if s.starts_with("memory ceiling") => format!(
            "the analysis reached its memory limit{}, which `--max-memory` sets",
            s.strip_prefix("memory ceiling").unwrap_or_default()
        ),
        s if s.starts_with("formula too large") => {
            "the program's runs are too large to analyse within Faultline's limits".into()
        }
        s => s.to_string(),
    }
}

/// `fix: line 6: x < -1  →  x <= -1 (all 7 tests pass)`: the statement as written and as
/// repaired, whitespace collapsed (the JSON has the exact text and range).
/// A repair of several statements is one fix, its edits one per line below it:
/// `fix (3 edits together; all 6 tests pass):` then `    line 9: rate = 3  →  rate = 4`.
pub fn fix_line(fix: &faultline_diagnose::RepairEdit) -> String {
    let change = |e: &faultline_diagnose::RepairEdit| {
        let after = match e.shown_after.as_str() {
            "" => "(delete it)".to_string(),
            a => a.to_string(),
        };
        format!("line {}: {}  →  {}", e.line, e.shown_before, after)
    };
    let tests = match fix.tests_passed {
        1 => "the 1 test passes".to_string(),
        n => format!("all {n} tests pass"),
    };
    if fix.edits.len() > 1 {
        let mut s = format!("fix ({} edits together; {tests}):", fix.edits.len());
        for e in &fix.edits {
            s.push_str("\n      ");
            s.push_str(&change(e));
        }
        return s;
    }
    format!("fix: {} ({tests})", change(fix))
}

/// The per-line summary: lines some diagnosis blames or some must-set holds, by rank.
fn print_lines(out: &mut impl Write, failing: usize, r: &Report) -> std::io::Result<()> {
    /// Rows shown; the JSON has every line.
    const MAX_ROWS: usize = 20;
    let rows: Vec<_> = r
        .lines
        .iter()
        .filter(|l| !l.diagnoses.is_empty() || !l.must_tests.is_empty())
        .collect();
    if rows.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "\nLines by rank (must: failing tests whose must-set holds the line):"
    )?;
    let locs: Vec<String> = rows
        .iter()
        .map(|l| format!("{}:{}", l.path, l.line))
        .collect();
    let width = locs.iter().map(String::len).max().unwrap_or(0);
    writeln!(
        out,
        "  {:>4}  {:<width$}  {:<12}  {:>5}  {:>7}  {:>6}  {:>9}",
        "rank", "line", "diagnoses", "must", "Naish-I", "Ochiai", "Tarantula"
    )?;
    for (l, loc) in rows.iter().zip(&locs).take(MAX_ROWS) {
        let diagnoses = if l.diagnoses.is_empty() {
            "-".to_string()
        } else {
            let shown: Vec<String> = l.diagnoses.iter().take(4).map(|d| d.to_string()).collect();
            let more = if l.diagnoses.len() > 4 { ",…" } else { "" };
            format!("{}{more}", shown.join(","))
        };
        writeln!(
            out,
            "  {:>4}  {:<width$}  {:<12}  {:>5}  {:>7.2}  {:>6.2}  {:>9.2}",
            l.rank,
            loc,
            diagnoses,
            format!("{}/{}", l.must_tests.len(), failing),
            l.naish1,
            l.ochiai,
            l.tarantula,
        )?;
    }
    if rows.len() > MAX_ROWS {
        writeln!(out, "  … {} more (see --json)", rows.len() - MAX_ROWS)?;
    }
    Ok(())
}

/// One line per failing test: the values by dynamic instance (`#3` = third execution), with the
/// value's position when a statement has several (printf arguments, scanf targets).
fn print_angelic(
    out: &mut impl Write,
    indent: &str,
    angelic: &[faultline_diagnose::AngelicTest],
) -> std::io::Result<()> {
    for a in angelic {
        let values: Vec<String> = a
            .values
            .iter()
            .map(|v| {
                let slot = v.slot_suffix();
                let was = v
                    .was
                    .as_ref()
                    .map(|w| format!(" (was {w})"))
                    .unwrap_or_default();
                format!("#{}{slot}: {}{was}", v.instance + 1, v.value)
            })
            .collect();
        writeln!(out, "{indent}{:<20} {}", a.test, values.join(", "))?;
    }
    Ok(())
}

/// Parse `--joint-solver`.
pub fn parse_joint_solver(s: &str) -> Result<faultline_diagnose::JointSolver, String> {
    s.parse()
}

/// Parse `--algorithm`.
pub fn parse_algorithm(s: &str) -> Result<Algorithm, String> {
    s.parse()
}

#[cfg(test)]
mod tests {
    use super::*;
    use faultline_diagnose::{BlamedStatement, Diagnosis};

    #[test]
    fn the_line_so_far_names_the_best_diagnosis() {
        assert_eq!(so_far(&Report::default()), "");
        let statement = |line: u32, text: &str| BlamedStatement {
            path: "gcd.c".into(),
            line,
            column: 9,
            end_line: line,
            end_column: 14,
            text: text.into(),
            kind: faultline_ir::Component::Assign,
            weight: 1,
            angelic: Vec::new(),
        };
        let r = Report {
            diagnoses: vec![
                Diagnosis {
                    rank: 1,
                    cost: 1,
                    statements: vec![statement(8, "a = t")],
                    ..Default::default()
                },
                Diagnosis {
                    rank: 2,
                    cost: 2,
                    statements: vec![statement(7, "t = a % b"), statement(9, "b = t")],
                    ..Default::default()
                },
            ],
            ..Default::default()
        };
        assert_eq!(so_far(&r), "· 2 found, best: gcd.c:8 `a = t`");
    }

    /// A search that found nothing says why in a user's words; its own words ("unwinding
    /// bounds") are under "Details".
    #[test]
    fn no_diagnosis_says_why_in_plain_words() {
        let r = Report {
            tests: vec![faultline_diagnose::TestSummary {
                name: "test_x".into(),
                passed: false,
                reason: None,
                line: None,
            }],
            complete: true,
            stopped: Some("no repair exists within the unwinding bounds".into()),
            ..Default::default()
        };
        let mut out = Vec::new();
        print_human(&mut out, "x.c", &r).unwrap();
        let text = String::from_utf8(out).unwrap();
        let (plain, details) = text.split_once("Details:").unwrap();
        assert!(
            plain.contains(
                "No diagnosis found (no change of the program's statements makes the failing \
                 tests pass, with loops followed as far as the tests ran them)."
            ),
            "{text}"
        );
        assert!(!plain.contains("unwinding"), "{text}");
        assert!(
            details.contains("Search stopped: no repair exists within the unwinding bounds"),
            "{text}"
        );
        assert_eq!(stop_words("timeout"), "the time limit ran out");
        assert_eq!(
            stop_words("formula too large: 5.4 M AND gates"),
            "the program's runs are too large to analyse within Faultline's limits"
        );
    }
}
