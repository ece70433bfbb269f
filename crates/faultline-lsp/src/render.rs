//! What the editor shows, computed from one [`Analysis`]: diagnostics, hover, inlay hints, code
//! actions and code lenses. Pure functions of the analysis (no server state), so the snapshot
//! tests can call them through the protocol and get the same answer every time.
//!
//! One story per failure: the failing test is an Error at its failing assert (at the test for
//! a run that does not finish); the best diagnosis is one Warning per statement, saying what
//! the line computes and what the test needs; diagnoses of the same standing (a tie) get the
//! same severity and say so; the rest are listed in the hover and by
//! `faultline.showAllSuspects`, and squiggled (as Hints) only when the `suspects` setting is
//! `"all"`. Scores, costs, weights and solver notes are only in the hover's "Details".

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use faultline_diagnose::{AngelicTest, BlamedStatement, Diagnosis, Report, Value};
use faultline_ir::Component;
use serde_json::json;
use tower_lsp_server::ls_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeLens, Command, Diagnostic,
    DiagnosticRelatedInformation, DiagnosticSeverity, Hover, HoverContents, InlayHint,
    InlayHintLabel, InlayHintTooltip, Location, MarkupContent, MarkupKind, NumberOrString,
    Position, Range, TextEdit, Uri, WorkspaceEdit,
};
use tree_sitter::{Node, Tree};

use crate::analysis::{Analysis, Located, TestInfo};
use crate::document::c_parser;
use crate::ranking::{blamed_statements, diagnoses_of, Blamed, LineRank};
use crate::story::{self, and_list, best_tier, computes, passes, show, Shape};

pub const SOURCE: &str = "faultline";
pub const CMD_RERUN: &str = "faultline.rerunTests";
pub const CMD_REFINE: &str = "faultline.refine";
pub const CMD_SHOW_ANGELIC: &str = "faultline.showAngelicValues";
pub const CMD_SHOW_ALL_SUSPECTS: &str = "faultline.showAllSuspects";

/// The heading under which the hover keeps what only a Faultline developer needs (scores,
/// costs, weights, solver notes). Everything above it is in plain words.
pub const DETAILS: &str = "#### Details";

/// Test-failure diagnostics at most per document (a 1,600-case IO suite would otherwise stack
/// hundreds of identical squiggles on `main`); the rest are summarised in one more.
const MAX_TEST_DIAGNOSTICS: usize = 50;

/// How the views are drawn (client capabilities and settings).
#[derive(Clone, Copy, Debug, Default)]
pub struct ViewOptions {
    /// The client shows `relatedInformation` (else related lines are folded into messages).
    pub related: bool,
    /// Squiggle every suspect (as Hints beyond the best ones), not only the best.
    pub all_suspects: bool,
}

fn range_of(a: &Analysis, l: &Located) -> Range {
    a.index.range(&a.text, l.start, l.end)
}

fn stmt_range(a: &Analysis, s: &BlamedStatement) -> Range {
    a.index
        .range(&a.text, (s.line, s.column), (s.end_line, s.end_column))
}

fn uri_for(a: &Analysis, doc: &Uri, path: &str) -> Option<Uri> {
    if path == a.path {
        Some(doc.clone())
    } else {
        Uri::from_file_path(Path::new(path))
    }
}

/// The analysed text's syntax tree (for value shapes, loops and constant edits).
struct Ctx<'a> {
    a: &'a Analysis,
    tree: Option<Tree>,
}

impl<'a> Ctx<'a> {
    fn new(a: &'a Analysis) -> Self {
        Ctx {
            a,
            tree: c_parser().parse(a.text.as_ref(), None),
        }
    }

    fn shape(&self, s: &BlamedStatement) -> Shape {
        match &self.tree {
            Some(t) if s.path == self.a.path => story::shape_of(
                s,
                t.root_node(),
                &self.a.text,
                self.a.index.byte_offset(s.line, s.column),
            ),
            _ if s.kind.is_condition() && s.kind != Component::SwitchCond => Shape::Bool,
            _ => Shape::Number,
        }
    }

    /// `while (i != n)` for the loop around `at`, with its 1-based line.
    fn enclosing_loop(&self, at: &Located) -> Option<(u32, String)> {
        let tree = self.tree.as_ref()?;
        let offset = self.a.index.byte_offset(at.start.0, at.start.1);
        let mut n = tree.root_node().descendant_for_byte_range(offset, offset);
        while let Some(node) = n {
            if matches!(
                node.kind(),
                "for_statement" | "while_statement" | "do_statement"
            ) {
                let text = self.a.text.get(node.byte_range()).unwrap_or("");
                let head = match node.kind() {
                    "do_statement" => node
                        .child_by_field_name("condition")
                        .and_then(|c| self.a.text.get(c.byte_range()))
                        .map(|c| format!("do … while {c}"))
                        .unwrap_or_else(|| "do … while".into()),
                    _ => {
                        let body = node
                            .child_by_field_name("body")
                            .map_or(node.end_byte(), |b| b.start_byte());
                        text[..body.saturating_sub(node.start_byte()).min(text.len())]
                            .split_whitespace()
                            .collect::<Vec<_>>()
                            .join(" ")
                    }
                };
                return Some((node.start_position().row as u32 + 1, head));
            }
            n = node.parent();
        }
        None
    }
}

fn value_text(v: &Value) -> String {
    v.to_string()
}

fn distinct_values(s: &BlamedStatement) -> BTreeSet<String> {
    s.angelic
        .iter()
        .flat_map(|t| t.values.iter().map(|v| value_text(&v.value)))
        .collect()
}

/// A test's values in execution order, runs of one value shortened (`true ×4, false`).
fn test_values(t: &AngelicTest, shape: Shape) -> String {
    let mut runs: Vec<(String, usize)> = Vec::new();
    for v in &t.values {
        let text = show(&v.value, shape);
        match runs.last_mut() {
            Some((last, n)) if *last == text => *n += 1,
            _ => runs.push((text, 1)),
        }
    }
    let parts: Vec<String> = runs
        .into_iter()
        .map(|(v, n)| if n == 1 { v } else { format!("{v} ×{n}") })
        .collect();
    parts.join(", ")
}

fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(max).collect::<String>())
    }
}

/// A markdown table cell: no pipes or newlines, bounded length.
fn cell(s: &str) -> String {
    truncate(
        &s.replace('|', "\\|").replace('\r', "").replace('\n', "⏎ "),
        60,
    )
}

/// Per failing test and run: what the statement computes and what the test needs.
fn runs_table(s: &BlamedStatement, shape: Shape) -> String {
    let mut out = String::from("| failing test | run | computes | needed |\n|---|---|---|---|\n");
    let mut rows = 0;
    for t in &s.angelic {
        for v in &t.values {
            rows += 1;
            if rows > 40 {
                out.push_str("| … | | | |\n");
                return out;
            }
            let slot = v.slot_suffix();
            // Blank where the run already computes the value: only the others change.
            let was = v
                .was
                .as_ref()
                .map(|w| format!("`{}`", show(w, shape)))
                .unwrap_or_else(|| "same".into());
            out.push_str(&format!(
                "| {} | {}{slot} | {was} | `{}` |\n",
                cell(&t.test),
                v.instance + 1,
                show(&v.value, shape)
            ));
        }
    }
    out
}

fn one_line(s: &str) -> String {
    let s = s.trim_end();
    if s.is_empty() {
        return "(nothing)".into();
    }
    truncate(s.replace('\n', "⏎ ").as_str(), 60)
}

/// A test that stopped at the step limit (its run did not finish).
fn does_not_finish(t: &TestInfo) -> bool {
    t.result
        .reason
        .as_deref()
        .is_some_and(|r| r.contains("step limit"))
}

/// "expected 10, got 6" (or the runner's reason).
fn expected_actual(t: &TestInfo) -> String {
    match (&t.result.expected, &t.result.actual) {
        (Some(e), Some(a)) => format!("expected {}, got {}", one_line(e), one_line(a)),
        _ => t.result.reason.clone().unwrap_or_else(|| "fails".into()),
    }
}

/// The test's input, for IO tests: `args 3 4, stdin "5⏎"`.
fn test_input(t: &TestInfo) -> Option<String> {
    let input = t.input.as_ref()?;
    let mut parts = Vec::new();
    if !input.args.is_empty() {
        parts.push(format!("arguments `{}`", cell(&input.args.join(" "))));
    }
    if !input.stdin.is_empty() {
        parts.push(format!(
            "input `{}`",
            cell(input.stdin.trim_end_matches(['\n', '\r']))
        ));
    }
    if parts.is_empty() {
        parts.push("no arguments or input".into());
    }
    Some(parts.join(", "))
}

/// How the test failure reads in one sentence.
fn failure_message(ctx: &Ctx, t: &TestInfo) -> String {
    let name = &t.result.name;
    if does_not_finish(t) {
        let at = t.at.as_ref().filter(|l| l.path == ctx.a.path);
        return match at.and_then(|l| ctx.enclosing_loop(l)) {
            Some((line, head)) => format!(
                "{name} does not finish: the loop on line {line} (`{head}`) was still running \
                 after {} steps",
                t.result.steps
            ),
            None => format!(
                "{name} does not finish: still running after {} steps",
                t.result.steps
            ),
        };
    }
    match (&t.result.expected, &t.result.actual) {
        (Some(_), Some(_)) => format!("{name} fails: {}", expected_actual(t)),
        _ => format!(
            "{name} fails: {}",
            t.result.reason.as_deref().unwrap_or("failed")
        ),
    }
}

/// Where a test failure is shown: at the failing assert, or at the test itself when the run
/// did not finish (where it was stopped says nothing).
fn failure_range(a: &Analysis, t: &TestInfo) -> Range {
    let anchor = t.anchor.as_ref().filter(|l| l.path == a.path);
    let at = t.at.as_ref().filter(|l| l.path == a.path);
    let here = if does_not_finish(t) {
        anchor.or(at)
    } else {
        at.or(anchor)
    };
    here.map(|l| range_of(a, l)).unwrap_or_default()
}

/// "suspect 2 of 5" ("of 5 so far" while the search goes on).
fn of_total(a: &Analysis, report: &Report) -> String {
    let n = report.diagnoses.len();
    if a.diagnosing {
        format!("{n} so far")
    } else {
        n.to_string()
    }
}

/// How a diagnosis stands: the best, one of several equally good, or a further suspect.
fn standing(a: &Analysis, report: &Report, d: &Diagnosis) -> (bool, String) {
    let tier = best_tier(report);
    let best = tier.iter().any(|t| std::ptr::eq(*t, d));
    let of = format!("suspect {} of {}", d.rank, of_total(a, report));
    let label = if !best {
        format!("Suspect {} of {}", d.rank, of_total(a, report))
    } else if tier.len() == 1 {
        format!("Likely fault ({of})")
    } else {
        format!("One of {} equally likely places ({of})", tier.len())
    };
    (best, label)
}

/// "changing this line makes test_sum_upto pass" / "changing this line and line 12 …".
fn what_passes(b: &Blamed) -> String {
    let others: Vec<String> = b
        .diagnosis
        .statements
        .iter()
        .filter(|s| !std::ptr::eq(*s, b.statement))
        .map(|s| format!("line {}", s.line))
        .collect();
    let and = if others.is_empty() {
        String::new()
    } else {
        format!(" together with {}", and_list(&others))
    };
    let passes = passes(b.diagnosis);
    let verb = passes.rsplit_once(' ').map_or(passes.as_str(), |(x, _)| x);
    format!("changing this line{and} makes {verb} pass")
}

/// "(it expects 10, gets 6)" for the diagnosis's only failing test, "(first_largest expects
/// 9, gets 5; …)" for the first of several.
fn expectation(a: &Analysis, d: &Diagnosis) -> String {
    a.failing()
        .find(|t| d.explains.contains(&t.result.name))
        .and_then(|t| match (&t.result.expected, &t.result.actual) {
            (Some(e), Some(x)) => Some(format!(
                " ({} expects {}, gets {}{})",
                if d.explains.len() == 1 {
                    "it"
                } else {
                    t.result.name.as_str()
                },
                one_line(e),
                one_line(x),
                if d.explains.len() > 1 { "; …" } else { "" }
            )),
            _ => None,
        })
        .unwrap_or_default()
}

/// The one-paragraph story of a blamed statement.
fn suspect_sentence(ctx: &Ctx, b: &Blamed) -> String {
    let shape = ctx.shape(b.statement);
    format!(
        "{}; {}{}{}",
        computes(b.statement, shape),
        what_passes(b),
        expectation(ctx.a, b.diagnosis),
        input_caveat(b.diagnosis)
    )
}

/// What the CLI says under a diagnosis that changes what a test reads: a test's input is
/// given, so such a suspect is not a fix.
fn input_caveat(d: &Diagnosis) -> &'static str {
    if d.changes_input {
        " (only if the test's input differed: a test reads what it is given, so this is not a fix)"
    } else {
        ""
    }
}

/// Diagnostics of the analysis for the document `uri` (its own file only).
pub fn diagnostics(a: &Analysis, uri: &Uri, opts: ViewOptions) -> Vec<Diagnostic> {
    let ctx = Ctx::new(a);
    let mut out = Vec::new();
    problem_diagnostics(a, &mut out);
    let failing: Vec<&TestInfo> = a.failing().collect();
    for t in failing.iter().take(MAX_TEST_DIAGNOSTICS) {
        out.push(Diagnostic {
            range: failure_range(a, t),
            severity: Some(DiagnosticSeverity::ERROR),
            code: Some(NumberOrString::String("test-failure".into())),
            source: Some(SOURCE.into()),
            message: failure_message(&ctx, t),
            data: Some(json!({
                "test": t.result.name,
                "expected": t.result.expected,
                "actual": t.result.actual,
            })),
            ..Default::default()
        });
    }
    if failing.len() > MAX_TEST_DIAGNOSTICS {
        out.push(Diagnostic {
            range: failing[0]
                .anchor
                .as_ref()
                .filter(|l| l.path == a.path)
                .map(|l| range_of(a, l))
                .unwrap_or_default(),
            severity: Some(DiagnosticSeverity::ERROR),
            code: Some(NumberOrString::String("test-failure".into())),
            source: Some(SOURCE.into()),
            message: format!(
                "… and {} more failing tests",
                failing.len() - MAX_TEST_DIAGNOSTICS
            ),
            ..Default::default()
        });
    }
    if let Some(report) = &a.report {
        for b in blamed_statements(report) {
            let s = b.statement;
            if s.path != a.path {
                continue;
            }
            let (best, label) = standing(a, report, b.diagnosis);
            if !best && !opts.all_suspects {
                continue;
            }
            let mut message = format!("{label}: {}", suspect_sentence(&ctx, &b));
            if let Some(fix) = crate::repairs::fix_sentence(b.diagnosis) {
                message.push_str(&format!(" — {fix}"));
            }
            let mut related = Vec::new();
            for other in &b.diagnosis.statements {
                if std::ptr::eq(other, s) {
                    continue;
                }
                if let Some(ouri) = uri_for(a, uri, &other.path) {
                    related.push(DiagnosticRelatedInformation {
                        location: Location::new(ouri, stmt_range(a, other)),
                        message: format!(
                            "to be changed together: {}",
                            computes(other, ctx.shape(other))
                        ),
                    });
                }
            }
            // The failing tests are diagnostics of their own: folded into the message they
            // would only repeat, so they go to relatedInformation alone.
            let statements_only = related.len();
            for t in failing
                .iter()
                .filter(|t| b.diagnosis.explains.contains(&t.result.name))
                .take(10)
            {
                if let Some(at) = t.at.as_ref().filter(|l| l.path == a.path) {
                    related.push(DiagnosticRelatedInformation {
                        location: Location::new(uri.clone(), range_of(a, at)),
                        message: failure_message(&ctx, t),
                    });
                }
            }
            let related = if opts.related {
                Some(related)
            } else {
                if statements_only > 0 {
                    let folded: Vec<String> = related[..statements_only]
                        .iter()
                        .map(|r| format!("line {}: {}", r.location.range.start.line + 1, r.message))
                        .collect();
                    message.push_str(&format!(" ({})", folded.join("; ")));
                }
                None
            };
            out.push(Diagnostic {
                range: stmt_range(a, s),
                severity: Some(if best {
                    DiagnosticSeverity::WARNING
                } else {
                    DiagnosticSeverity::HINT
                }),
                code: Some(NumberOrString::String("suspicious".into())),
                source: Some(SOURCE.into()),
                message,
                related_information: related,
                data: Some(json!({
                    "diagnosis": b.rank(),
                    "rank": b.rank(),
                    "best": best,
                    "angelic": s.angelic,
                })),
                ..Default::default()
            });
        }
        if opts.all_suspects {
            for l in a
                .lines
                .iter()
                .filter(|l| l.diagnoses.is_empty() && l.path == a.path)
            {
                out.push(Diagnostic {
                    range: line_range(a, l.line),
                    severity: Some(DiagnosticSeverity::HINT),
                    code: Some(NumberOrString::String("suspicious".into())),
                    source: Some(SOURCE.into()),
                    message: on_the_path(l),
                    data: Some(json!({
                        "diagnosis": null,
                        "rank": null,
                        "angelic": [],
                        "mustTests": l.must_tests,
                    })),
                    ..Default::default()
                });
            }
        }
    }
    // Why there is no diagnosis: at the test (not at the assert, whose Error it would hide in
    // editors that show one sign per line). That others may exist is said in the hover.
    let found = a.report.as_ref().is_some_and(|r| !r.diagnoses.is_empty());
    if let (Some(note), false, false) = (&a.note, a.diagnosing, found) {
        if let Some(first) = failing.first() {
            let anchor = first
                .anchor
                .as_ref()
                .filter(|l| l.path == a.path)
                .or(first.at.as_ref().filter(|l| l.path == a.path));
            out.push(Diagnostic {
                range: anchor.map(|l| range_of(a, l)).unwrap_or_default(),
                severity: Some(DiagnosticSeverity::INFORMATION),
                code: Some(NumberOrString::String("no-diagnosis".into())),
                source: Some(SOURCE.into()),
                message: format!(
                    "Faultline found no change that makes {} pass{}",
                    first.result.name,
                    plain_note(note)
                ),
                ..Default::default()
            });
        }
    }
    out
}

/// The reason a search stopped, in words (" within the time limit").
fn plain_note(note: &str) -> &'static str {
    if note.contains("timeout") {
        " within the time limit"
    } else if note.contains("memory") {
        " within the memory limit"
    } else if note.contains("cancel") || note.contains("stopped") {
        " before it was stopped"
    } else if note.contains("unwinding") {
        // "no repair exists within the unwinding bounds": loops were followed as far as the
        // tests' runs went.
        " with loops followed as far as the tests ran them"
    } else {
        " within its bounds"
    }
}

/// A line only on a failing test's path (no diagnosis blames it).
fn on_the_path(l: &LineRank) -> String {
    format!(
        "On the path of the failing {} {}: a fix may change this line, though no single change \
         here is known to make {} pass",
        if l.must_tests.len() == 1 {
            "test"
        } else {
            "tests"
        },
        and_list(&l.must_tests),
        if l.must_tests.len() == 1 {
            "it"
        } else {
            "them"
        },
    )
}

/// Problems that stop the analysis. Unsupported C is one Information at the first construct
/// (the tests were not run, which is not an error in the program); whatever the front end
/// said after it is a consequence of it and is not shown.
fn problem_diagnostics(a: &Analysis, out: &mut Vec<Diagnostic>) {
    let here = |p: &crate::analysis::Problem| p.path == a.path && p.start.0 > 0;
    let unsupported = a
        .problems
        .iter()
        .filter(|p| p.code == "unsupported")
        .min_by_key(|p| (!here(p), p.start));
    let shown: Vec<&crate::analysis::Problem> = match unsupported {
        Some(p) => vec![p],
        None => a.problems.iter().collect(),
    };
    for p in shown {
        let range = if here(p) {
            a.index.range(&a.text, p.start, p.end)
        } else {
            Range::default()
        };
        let (severity, message) = match p.code {
            "unsupported" => {
                let what = p
                    .message
                    .strip_prefix("cannot diagnose: ")
                    .unwrap_or(&p.message);
                let what = what.strip_prefix("unsupported: ").unwrap_or(what);
                let line = if here(p) {
                    format!(" (line {})", p.start.0)
                } else if p.start.0 > 0 {
                    format!(" ({}:{})", p.path, p.start.0)
                } else {
                    String::new()
                };
                let message = if p.message.starts_with("cannot diagnose: ") {
                    format!("Faultline cannot look for the fault in this file yet: {what}{line}")
                } else {
                    format!(
                        "Faultline cannot analyse this file yet: {what}{line}; its tests were \
                         not run"
                    )
                };
                (DiagnosticSeverity::INFORMATION, message)
            }
            "too-large" => (DiagnosticSeverity::INFORMATION, p.message.clone()),
            _ if p.start.0 > 0 && !here(p) => (
                DiagnosticSeverity::ERROR,
                format!("{}:{}:{}: {}", p.path, p.start.0, p.start.1, p.message),
            ),
            _ => (DiagnosticSeverity::ERROR, p.message.clone()),
        };
        out.push(Diagnostic {
            range,
            severity: Some(severity),
            code: Some(NumberOrString::String(p.code.into())),
            source: Some(SOURCE.into()),
            message,
            ..Default::default()
        });
    }
}

/// The text of 1-based `line` without its indentation.
fn line_range(a: &Analysis, line: u32) -> Range {
    let start = a.index.byte_offset(line, 1);
    let end = a.index.byte_offset(line + 1, 1);
    let text = a.text.get(start..end).unwrap_or("");
    let indent = text.len() - text.trim_start().len();
    let content = text.trim().len();
    Range::new(
        a.index.position(&a.text, start + indent),
        a.index.position(&a.text, start + indent + content),
    )
}

/// The diagnoser's ranking of 1-based `line` of this file.
fn line_rank(a: &Analysis, line: u32) -> Option<&LineRank> {
    a.lines.iter().find(|l| l.path == a.path && l.line == line)
}

/// The blamed statements of this file on 0-based `line`, each with its best diagnosis.
fn blamed_on_line(a: &Analysis, line: u32) -> Vec<Blamed<'_>> {
    let Some(report) = &a.report else {
        return Vec::new();
    };
    blamed_statements(report)
        .into_iter()
        .filter(|b| {
            b.statement.path == a.path
                && b.statement.line <= line + 1
                && line < b.statement.end_line.max(b.statement.line)
        })
        .collect()
}

/// One line per other suspect: "suspect 2 of 5: line 18 `i++` sets i to 2 …".
fn other_suspects(ctx: &Ctx, report: &Report, except: usize) -> Vec<String> {
    report
        .diagnoses
        .iter()
        .filter(|d| d.rank != except)
        .take(10)
        .map(|d| {
            let parts: Vec<String> = d
                .statements
                .iter()
                .map(|s| format!("line {}: {}", s.line, computes(s, ctx.shape(s))))
                .collect();
            format!(
                "- suspect {} of {}: {}{}",
                d.rank,
                of_total(ctx.a, report),
                parts.join("; "),
                input_caveat(d)
            )
        })
        .collect()
}

/// The hover of a blamed statement: the story first, per-run values, the other suspects,
/// then Details.
fn explain(ctx: &Ctx, b: &Blamed) -> String {
    let a = ctx.a;
    let Some(report) = &a.report else {
        return String::new();
    };
    let s = b.statement;
    let shape = ctx.shape(s);
    let (_, label) = standing(a, report, b.diagnosis);
    let mut md = format!(
        "### Faultline: {}\n\n{}.\n\n",
        label.to_lowercase_first(),
        suspect_sentence(ctx, b)
    );
    if let Some(fix) = crate::repairs::fix_sentence(b.diagnosis) {
        md.push_str(&format!("**{fix}**\n\n"));
    }
    for t in a
        .failing()
        .filter(|t| b.diagnosis.explains.contains(&t.result.name))
        .take(5)
    {
        let result = if does_not_finish(t) {
            format!(
                "does not finish (still running after {} steps)",
                t.result.steps
            )
        } else {
            expected_actual(t)
        };
        md.push_str(&format!("- **{}**: {result}", t.result.name));
        if let Some(input) = test_input(t) {
            md.push_str(&format!(" (with {input})"));
        }
        md.push('\n');
    }
    // A repair run from the edited text (an initializer added, `=` made `==`) has no values
    // by statement: no table of none.
    if s.angelic.iter().any(|t| !t.values.is_empty()) {
        md.push_str(&format!(
            "\n**What `{}` computes, run by run**\n\n{}\n",
            s.text,
            runs_table(s, shape)
        ));
    } else {
        md.push('\n');
    }
    let others = other_suspects(ctx, report, b.rank());
    if !others.is_empty() {
        md.push_str(&format!(
            "**Other places that could be changed**\n\n{}\n\n",
            others.join("\n")
        ));
    }
    md.push_str(&details(ctx, b));
    md
}

trait LowerFirst {
    fn to_lowercase_first(&self) -> String;
}

impl LowerFirst for String {
    fn to_lowercase_first(&self) -> String {
        let mut c = self.chars();
        match c.next() {
            Some(f) => f.to_lowercase().chain(c).collect(),
            None => String::new(),
        }
    }
}

/// What a Faultline developer wants to see: the diagnoses with their costs and component
/// weights, the line's scores, the failing tests whose paths hold it, solver notes.
fn details(ctx: &Ctx, b: &Blamed) -> String {
    let a = ctx.a;
    let Some(report) = &a.report else {
        return String::new();
    };
    let mut md = format!("---\n\n{DETAILS}\n\n");
    for d in diagnoses_of(report, b.statement) {
        let parts: Vec<String> = d
            .diagnosis
            .statements
            .iter()
            .map(|s| format!("`{}` ({:?}, weight {})", s.text, s.kind, s.weight))
            .collect();
        md.push_str(&format!(
            "- diagnosis {}: cost {}, {}; validated: {}; explains {}\n",
            d.rank(),
            d.diagnosis.cost,
            parts.join(", "),
            d.diagnosis.validated,
            d.diagnosis.explains.join(", ")
        ));
        // The rule that put it before the next diagnosis (`ranked_by`), in plain words.
        if let Some(why) = d.diagnosis.ranked_by_sentence() {
            md.push_str(&format!(
                "  - ranked before diagnosis {}: {why}\n",
                d.rank() + 1
            ));
        }
        // Why the repairs are listed in this order (all pass every test).
        for f in &d.diagnosis.repairs {
            let changes: Vec<String> = (f.parts().into_iter())
                .map(|p| format!("`{}` → `{}`", p.shown_before, p.shown_after))
                .collect();
            md.push_str(&format!(
                "  - repair {}: {}\n",
                changes.join(", "),
                f.plausibility
            ));
        }
        for r in d.diagnosis.refinements.iter().take(3) {
            let exprs: Vec<String> = r
                .expressions
                .iter()
                .map(|e| {
                    let vals: Vec<String> = e
                        .angelic
                        .iter()
                        .map(|t| format!("{} in {}", test_values(t, Shape::Number), t.test))
                        .collect();
                    format!("`{}` (line {}) ⇐ {}", e.text, e.line, vals.join(", "))
                })
                .collect();
            md.push_str(&format!(
                "  - refinement {} (cost {}): {}\n",
                r.rank,
                r.cost,
                exprs.join("; ")
            ));
        }
    }
    if let Some(l) = line_rank(a, b.statement.line) {
        // The diagnoser's own sentence (scores, must-set membership).
        md.push_str(&format!("- line {}: {}\n", l.line, l.explanation));
    }
    if let Some(note) = &a.note {
        md.push_str(&format!("- {note}\n"));
    }
    md
}

pub fn hover(a: &Analysis, pos: Position) -> Option<Hover> {
    let ctx = Ctx::new(a);
    // The likeliest fault on the line first (a `for` line holds several statements).
    let mut blamed = blamed_on_line(a, pos.line);
    blamed.sort_by_key(|b| b.rank());
    let mut parts: Vec<String> = blamed.iter().map(|b| explain(&ctx, b)).collect();
    for t in a.failing() {
        let range = failure_range(a, t);
        if range.start.line != pos.line || (range == Range::default() && pos.line != 0) {
            continue;
        }
        let mut md = format!("### Faultline: {}\n\n", failure_message(&ctx, t));
        if let Some(input) = test_input(t) {
            md.push_str(&format!("The test runs the program with {input}.\n\n"));
        }
        if let (Some(e), Some(x)) = (&t.result.expected, &t.result.actual) {
            let trim = |s: &str| cell(s.trim_end_matches(['\n', '\r']));
            md.push_str(&format!(
                "| expected | got |\n|---|---|\n| `{}` | `{}` |\n\n",
                trim(e),
                trim(x)
            ));
        }
        if let Some(report) = &a.report {
            let tier: Vec<&Diagnosis> = best_tier(report)
                .into_iter()
                .filter(|d| d.explains.contains(&t.result.name))
                .collect();
            let best: Vec<String> = tier
                .iter()
                .flat_map(|d| d.statements.iter())
                .map(|s| format!("line {} `{}`", s.line, s.text))
                .collect();
            if !best.is_empty() {
                let what = if tier.len() == 1 {
                    "Likely fault"
                } else {
                    "Equally likely places"
                };
                md.push_str(&format!("{what}: {}.\n", and_list(&best)));
            }
        }
        parts.push(md);
    }
    if parts.is_empty() {
        return None;
    }
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: parts.join("\n---\n\n"),
        }),
        range: None,
    })
}

/// Markdown with what every blamed statement on 0-based `line` should compute, run by run
/// (read-only: the hover shows the same).
pub fn angelic_markdown(a: &Analysis, line: u32) -> Option<String> {
    let ctx = Ctx::new(a);
    let blamed = blamed_on_line(a, line);
    if blamed.is_empty() {
        return None;
    }
    Some(
        blamed
            .iter()
            .map(|b| {
                format!(
                    "**`{}`** (line {}, suspect {})\n\n{}",
                    b.statement.text,
                    b.statement.line,
                    b.rank(),
                    runs_table(b.statement, ctx.shape(b.statement))
                )
            })
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

/// Every suspect of the analysis, best first (the `faultline.showAllSuspects` command).
pub fn all_suspects(a: &Analysis, uri: &Uri) -> serde_json::Value {
    let ctx = Ctx::new(a);
    let Some(report) = &a.report else {
        return json!({"suspects": [], "markdown": "No suspects: no test fails, or the analysis has not finished."});
    };
    let mut rows = Vec::new();
    let mut md = format!("### Faultline: {} suspects\n\n", report.diagnoses.len());
    for d in &report.diagnoses {
        let (best, label) = standing(a, report, d);
        let statements: Vec<serde_json::Value> = d
            .statements
            .iter()
            .map(|s| {
                json!({
                    "uri": uri_for(a, uri, &s.path),
                    "range": stmt_range(a, s),
                    "line": s.line,
                    "text": s.text,
                    "message": computes(s, ctx.shape(s)),
                })
            })
            .collect();
        let lines: Vec<String> = d
            .statements
            .iter()
            .map(|s| format!("line {}: {}", s.line, computes(s, ctx.shape(s))))
            .collect();
        md.push_str(&format!("- **{label}**: {}\n", lines.join("; ")));
        rows.push(json!({
            "rank": d.rank,
            "best": best,
            "label": label,
            "statements": statements,
        }));
    }
    for l in a.lines.iter().filter(|l| l.diagnoses.is_empty()) {
        md.push_str(&format!("- line {}: {}\n", l.line, on_the_path(l)));
        rows.push(json!({
            "rank": null,
            "best": false,
            "label": on_the_path(l),
            "statements": [{"uri": uri_for(a, uri, &l.path), "line": l.line,
                            "range": if l.path == a.path { Some(line_range(a, l.line)) } else { None }}],
        }));
    }
    json!({"suspects": rows, "markdown": md})
}

/// "→ 4 (test_sum_upto)" / "→ should be true (test_sum_upto, 4th run)".
fn hint_label(s: &BlamedStatement, shape: Shape) -> Option<String> {
    let changes = story::changes(s, shape);
    if changes.is_empty() {
        return None;
    }
    let condition = s.kind.is_condition() && shape == Shape::Bool;
    let parts: Vec<String> = changes
        .iter()
        .take(2)
        .map(|c| {
            let run = c
                .run
                .map(|n| format!(", {} run", story::ordinal(n)))
                .unwrap_or_default();
            if condition {
                format!("should be {} ({}{run})", c.needed, c.test)
            } else {
                format!("{} ({}{run})", c.needed, c.test)
            }
        })
        .collect();
    let more = if changes.len() > 2 { ", …" } else { "" };
    Some(format!("→ {}{more}", parts.join(", ")))
}

/// Inlay hints: only on the statements of the rank-1 suspect, at the end of their lines
/// (never inside the code, where a value reads as code).
pub fn inlay_hints(a: &Analysis, range: Range) -> Vec<InlayHint> {
    let ctx = Ctx::new(a);
    let Some(report) = &a.report else {
        return Vec::new();
    };
    let Some(first) = report.diagnoses.first() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut lines_done = BTreeSet::new();
    for s in &first.statements {
        if s.path != a.path || !lines_done.insert(s.end_line) {
            continue;
        }
        let end = line_range(a, s.end_line).end;
        if end.line < range.start.line || end.line > range.end.line {
            continue;
        }
        let Some(label) = hint_label(s, ctx.shape(s)) else {
            continue;
        };
        out.push(InlayHint {
            position: end,
            label: InlayHintLabel::String(label),
            kind: None,
            text_edits: None,
            tooltip: Some(InlayHintTooltip::MarkupContent(MarkupContent {
                kind: MarkupKind::Markdown,
                value: format!(
                    "What `{}` should compute for the failing test to pass (hover the line for \
                     every run).",
                    s.text
                ),
            })),
            padding_left: Some(true),
            padding_right: None,
            data: None,
        });
    }
    out
}

/// The edit that makes `s` produce `value` (a constant), found in the syntax tree of the
/// analysed text: the right-hand side of an assignment or initializer, the returned
/// expression, or the condition itself.
fn constant_edit(a: &Analysis, root: Node, s: &BlamedStatement, value: &str) -> Option<TextEdit> {
    if matches!(s.kind, Component::Input | Component::Output) {
        return None;
    }
    let start = a.index.byte_offset(s.line, s.column);
    let end = a.index.byte_offset(s.end_line, s.end_column);
    let node = root.descendant_for_byte_range(start, end.max(start))?;
    let text = &a.text;
    let (range, new) = replacement(node, text, value)?;
    Some(TextEdit::new(
        Range::new(
            a.index.position(text, range.start),
            a.index.position(text, range.end),
        ),
        new,
    ))
}

fn replacement(node: Node, text: &str, value: &str) -> Option<(std::ops::Range<usize>, String)> {
    let src = |n: Node| text.get(n.byte_range()).unwrap_or("").to_string();
    match node.kind() {
        "expression_statement" | "parenthesized_expression" | "condition_clause" => {
            replacement(node.named_child(0)?, text, value)
        }
        "declaration" => {
            let mut cursor = node.walk();
            let inits: Vec<Node> = node
                .named_children(&mut cursor)
                .filter(|c| c.kind() == "init_declarator")
                .collect();
            match inits.as_slice() {
                [one] => replacement(*one, text, value),
                _ => None,
            }
        }
        "init_declarator" => {
            let v = node.child_by_field_name("value")?;
            Some((v.byte_range(), value.to_string()))
        }
        "assignment_expression" => {
            let left = node.child_by_field_name("left")?;
            Some((node.byte_range(), format!("{} = {value}", src(left))))
        }
        "update_expression" => {
            let arg = node.child_by_field_name("argument")?;
            Some((node.byte_range(), format!("{} = {value}", src(arg))))
        }
        "return_statement" => {
            let e = node.named_child(0)?;
            Some((e.byte_range(), value.to_string()))
        }
        k if k.ends_with("_expression") || k == "identifier" || k == "number_literal" => {
            Some((node.byte_range(), value.to_string()))
        }
        _ => None,
    }
}

/// A constant in C syntax (booleans as 1/0, negatives parenthesised).
fn c_constant(v: &str) -> String {
    match v {
        "true" => "1".into(),
        "false" => "0".into(),
        v if v.starts_with('-') => format!("({v})"),
        v => v.into(),
    }
}

/// Code actions on the blamed statements in `range`. A validated repair of a diagnosis, when
/// the diagnoser has one, goes first as the preferred quick fix; what follows is never
/// preferred: the debugging aid (constants that make the failing tests pass, which may break
/// the passing ones), the refinement, and the read-only view of what the line should compute.
pub fn code_actions(
    a: &Analysis,
    uri: &Uri,
    range: Range,
    context: &[Diagnostic],
) -> Vec<CodeActionOrCommand> {
    let ctx = Ctx::new(a);
    let Some(report) = &a.report else {
        return Vec::new();
    };
    // Validated repairs first: the preferred quick fix.
    let mut out: Vec<CodeActionOrCommand> =
        // Views are answered only from the analysis of the current text (`Worker`), so its
        // edits apply as they are.
        crate::repairs::repair_actions(a, uri, range, true, context)
            .into_iter()
            .map(CodeActionOrCommand::CodeAction)
            .collect();
    let mut seen_diagnoses = BTreeSet::new();
    let mut shown_lines = BTreeSet::new();
    for line in range.start.line..=range.end.line.min(range.start.line + 200) {
        for b in blamed_on_line(a, line) {
            let related: Vec<Diagnostic> = context
                .iter()
                .filter(|d| d.range.start.line == line)
                .cloned()
                .collect();
            for d in diagnoses_of(report, b.statement) {
                if !seen_diagnoses.insert(d.rank()) {
                    continue;
                }
                if let Some(tree) = &ctx.tree {
                    if let Some(fix) = constant_fix(&ctx, uri, tree.root_node(), &d) {
                        out.push(CodeActionOrCommand::CodeAction(CodeAction {
                            diagnostics: Some(related.clone()),
                            ..fix
                        }));
                    }
                }
                out.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title: format!(
                        "Find which part of {} to change (suspect {})",
                        and_list(
                            &d.diagnosis
                                .statements
                                .iter()
                                .map(|s| format!("`{}`", s.text))
                                .collect::<Vec<_>>()
                        ),
                        d.rank()
                    ),
                    kind: Some(CodeActionKind::REFACTOR_REWRITE),
                    command: Some(Command::new(
                        "Refine this suspect".into(),
                        CMD_REFINE.into(),
                        Some(vec![json!(uri), json!(d.rank())]),
                    )),
                    ..Default::default()
                }));
            }
            if shown_lines.insert(line) {
                out.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title: format!(
                        "Show what `{}` should compute, run by run",
                        truncate(&b.statement.text, 60)
                    ),
                    kind: Some(CodeActionKind::EMPTY),
                    command: Some(Command::new(
                        "Show what this line should compute".into(),
                        CMD_SHOW_ANGELIC.into(),
                        Some(vec![json!(uri), json!(line)]),
                    )),
                    ..Default::default()
                }));
            }
        }
    }
    out
}

/// When every statement of the diagnosis should produce one constant in every failing test
/// and execution, substituting those constants makes every failing test pass (that is what
/// validation checked). Offered as a debugging aid, never as the preferred fix: the passing
/// tests may break.
fn constant_fix(ctx: &Ctx, uri: &Uri, root: Node, b: &Blamed) -> Option<CodeAction> {
    let a = ctx.a;
    let mut edits = Vec::new();
    let mut shown = Vec::new();
    for s in &b.diagnosis.statements {
        if s.path != a.path {
            return None;
        }
        let values = distinct_values(s);
        if values.len() != 1 {
            return None;
        }
        let v = c_constant(values.iter().next()?);
        edits.push(constant_edit(a, root, s, &v)?);
        let shape = ctx.shape(s);
        let shown_value = s
            .angelic
            .first()
            .and_then(|t| t.values.first())
            .map(|x| show(&x.value, shape))
            .unwrap_or(v);
        shown.push(format!("`{}` → {shown_value} (line {})", s.text, s.line));
    }
    Some(CodeAction {
        title: format!(
            "Debugging aid, not a fix: {} (the failing tests pass; others may break)",
            shown.join(", ")
        ),
        kind: Some(CodeActionKind::QUICKFIX),
        edit: Some(WorkspaceEdit {
            changes: Some(HashMap::from([(uri.clone(), edits)])),
            ..Default::default()
        }),
        is_preferred: Some(false),
        ..Default::default()
    })
}

/// Code lenses: one per unit test and one for the IO tests, while some test fails (once every
/// test passes, nothing of Faultline stays on screen).
pub fn code_lenses(a: &Analysis, uri: &Uri) -> Vec<CodeLens> {
    if a.failing().next().is_none() {
        return Vec::new();
    }
    let rerun = |title: String| {
        Some(Command::new(
            title,
            CMD_RERUN.into(),
            Some(vec![json!(uri)]),
        ))
    };
    let mut out = Vec::new();
    let mut io_total = 0;
    let mut io_failing = Vec::new();
    let mut io_anchor = None;
    for t in &a.tests {
        let Some(anchor) = t.anchor.as_ref().filter(|l| l.path == a.path) else {
            continue;
        };
        if !t.unit {
            io_total += 1;
            io_anchor = Some(anchor);
            if !t.result.passed && t.result.status == faultline_runner::Status::Failed {
                io_failing.push(t);
            }
            continue;
        }
        let title = match t.result.status {
            faultline_runner::Status::Passed => format!("✓ {} passes", t.result.name),
            faultline_runner::Status::Failed => {
                if does_not_finish(t) {
                    format!("✗ {} does not finish", t.result.name)
                } else {
                    format!("✗ {} fails: {}", t.result.name, expected_actual(t))
                }
            }
            faultline_runner::Status::Skipped => format!("– {} skipped", t.result.name),
        };
        out.push(CodeLens {
            range: range_of(a, anchor),
            command: rerun(title),
            data: None,
        });
    }
    if let Some(anchor) = io_anchor {
        let mut title = if io_failing.is_empty() {
            format!("✓ all {io_total} IO tests pass")
        } else {
            format!("✗ {} of {io_total} IO tests fail", io_failing.len())
        };
        let shown: Vec<String> = io_failing
            .iter()
            .take(3)
            .map(|t| format!("{} ({})", t.result.name, expected_actual(t)))
            .collect();
        if !shown.is_empty() {
            title.push_str(": ");
            title.push_str(&shown.join("; "));
            if io_failing.len() > 3 {
                title.push_str("; …");
            }
        }
        out.push(CodeLens {
            range: range_of(a, anchor),
            command: rerun(truncate(&title, 160)),
            data: None,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_without_diagnoses_is_at_the_test_and_never_beside_them() {
        use faultline_diagnose::{Diagnosis, Report};
        use faultline_runner::{Status, TestResult};
        use std::sync::Arc;

        let at = Located {
            path: "a.c".into(),
            start: (2, 3),
            end: (2, 12),
        };
        let failing = TestInfo {
            result: TestResult {
                name: "t".into(),
                kind: "io",
                status: Status::Failed,
                passed: false,
                reason: Some("exit code 1, expected 0".into()),
                line: Some(2),
                column: Some(3),
                path: Some("a.c".into()),
                expected: None,
                actual: None,
                stdout: String::new(),
                exit_code: Some(1),
                steps: 2,
                span: None,
            },
            unit: false,
            at: Some(at.clone()),
            anchor: Some(Located {
                path: "a.c".into(),
                start: (1, 5),
                end: (1, 9),
            }),
            input: None,
        };
        let notes = |report: Report| {
            let mut a = Analysis::new(
                1,
                1,
                "a.c".into(),
                Arc::from("int main(void) {\n  return 1;\n}\n"),
            );
            a.tests = vec![failing.clone()];
            let a = a.with_report(Ok(report));
            let uri = Uri::from_file_path(Path::new("/tmp/a.c")).expect("a file URI");
            let opts = ViewOptions {
                related: true,
                all_suspects: false,
            };
            diagnostics(&a, &uri, opts)
                .into_iter()
                .filter(|d| d.severity == Some(DiagnosticSeverity::INFORMATION))
                .map(|d| (d.code, d.range.start.line))
                .collect::<Vec<_>>()
        };
        let code = |c: &str| Some(NumberOrString::String(c.into()));
        let skipped = Report {
            diagnoses: vec![Diagnosis::default()],
            undecided: 2,
            ..Default::default()
        };
        assert_eq!(notes(skipped), []);
        assert_eq!(notes(Report::default()), [(code("no-diagnosis"), 0)]);
        assert_eq!(
            plain_note("no diagnosis found (no repair exists within the unwinding bounds)"),
            " with loops followed as far as the tests ran them"
        );
        assert_eq!(
            plain_note("no diagnosis found (timeout)"),
            " within the time limit"
        );
        assert_eq!(
            plain_note("no diagnosis found (memory ceiling (2048 MB))"),
            " within the memory limit"
        );
    }

    #[test]
    fn repeated_values_are_shortened() {
        use faultline_diagnose::AngelicValue;
        let values = [true, true, true, true, false]
            .iter()
            .enumerate()
            .map(|(i, &b)| AngelicValue {
                instance: i as u32,
                slot: 0,
                value: Value::Bool(b),
                was: None,
            })
            .collect();
        let t = AngelicTest {
            test: "t".into(),
            values,
        };
        assert_eq!(test_values(&t, Shape::Bool), "true ×4, false");
    }

    #[test]
    fn constant_replacements() {
        let text =
            "int f(int a) {\n  int s = a + 1;\n  s += 2;\n  if (a > 3) s++;\n  return s * 2;\n}\n";
        let tree = c_parser().parse(text, None).unwrap();
        let root = tree.root_node();
        let at = |needle: &str| {
            let start = text.find(needle).unwrap();
            root.descendant_for_byte_range(start, start + needle.len())
                .unwrap()
        };
        let apply = |needle: &str, v: &str| {
            let (r, new) = replacement(at(needle), text, v).unwrap();
            format!("{}{}{}", &text[..r.start], new, &text[r.end..])
        };
        assert!(apply("s = a + 1", "7").contains("int s = 7;"));
        assert!(apply("s += 2", "(-1)").contains("  s = (-1);"));
        assert!(apply("a > 3", "0").contains("if (0) s++"));
        assert!(apply("s++", "4").contains("s = 4;"));
        assert!(apply("return s * 2;", "9").contains("return 9;"));
    }
}
