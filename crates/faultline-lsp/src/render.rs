//! What the editor shows, computed from one [`Analysis`]: diagnostics, hover, inlay hints, code
//! actions and code lenses. Pure functions of the analysis (no server state), so the snapshot
//! tests can call them through the protocol and get the same answer every time.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use faultline_diagnose::{AngelicTest, BlamedStatement, Report, Value};
use faultline_ir::Component;
use serde_json::json;
use tower_lsp_server::ls_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeLens, Command, Diagnostic,
    DiagnosticRelatedInformation, DiagnosticSeverity, Hover, HoverContents, InlayHint,
    InlayHintLabel, InlayHintTooltip, Location, MarkupContent, MarkupKind, NumberOrString,
    Position, Range, TextEdit, Uri, WorkspaceEdit,
};
use tree_sitter::Node;

use crate::analysis::{Analysis, Located, TestInfo};
use crate::document::c_parser;
use crate::ranking::{blamed_statements, diagnoses_of, ranks_shown, Blamed, LineRank};

pub const SOURCE: &str = "faultline";
pub const CMD_RERUN: &str = "faultline.rerunTests";
pub const CMD_REFINE: &str = "faultline.refine";
pub const CMD_SHOW_ANGELIC: &str = "faultline.showAngelicValues";

/// Test-failure diagnostics at most per document (a 1,600-case IO suite would otherwise stack
/// hundreds of identical squiggles on `main`); the rest are summarised in one more.
const MAX_TEST_DIAGNOSTICS: usize = 50;

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

fn value_text(v: Value) -> String {
    v.to_string()
}

/// What a blamed statement produces, for labels: the assigned variable, `return`, or nothing
/// for a condition (its value is the branch taken).
fn target(s: &BlamedStatement) -> Option<String> {
    match s.kind {
        Component::Assign => Some(assigned(&s.text)),
        Component::Return => Some("return".into()),
        Component::Call | Component::Input | Component::Output => Some("value".into()),
        _ => None,
    }
}

/// The left-hand side of an assignment-like statement's text (`x += 2` → `x`, `int s = 0` →
/// `s`, `i++` → `i`).
fn assigned(text: &str) -> String {
    let t = text.trim().trim_end_matches(';').trim();
    for op in ["++", "--"] {
        if let Some(rest) = t.strip_suffix(op).or_else(|| t.strip_prefix(op)) {
            return rest.trim().to_string();
        }
    }
    let bytes = t.as_bytes();
    let eq = (0..bytes.len()).find(|&i| {
        bytes[i] == b'='
            && bytes.get(i + 1) != Some(&b'=')
            && !(i > 0 && matches!(bytes[i - 1], b'=' | b'!'))
            && !(i > 0
                && matches!(bytes[i - 1], b'<' | b'>')
                && (i < 2 || bytes[i - 2] != bytes[i - 1]))
    });
    let Some(eq) = eq else {
        return t.to_string();
    };
    let lhs = t[..eq]
        .trim_end_matches(|c: char| "+-*/%&|^<>".contains(c))
        .trim();
    // A declaration (`int s`): the declared name is the last word.
    let name = if lhs.contains('[') {
        lhs
    } else {
        lhs.rsplit(char::is_whitespace).next().unwrap_or(lhs)
    };
    name.trim_start_matches('*').to_string()
}

fn distinct_values(s: &BlamedStatement) -> BTreeSet<String> {
    s.angelic
        .iter()
        .flat_map(|t| t.values.iter().map(|v| value_text(v.value)))
        .collect()
}

/// A test's values in execution order, runs of one value shortened (`true ×4, false`).
fn test_values(t: &AngelicTest) -> String {
    let mut runs: Vec<(String, usize)> = Vec::new();
    for v in &t.values {
        let text = value_text(v.value);
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

/// `max = 3`, `false`, `max = 3 in ascending, 10 in spread`, truncated to stay one line.
pub fn angelic_short(s: &BlamedStatement) -> String {
    let prefix = target(s).map(|t| format!("{t} = ")).unwrap_or_default();
    let distinct = distinct_values(s);
    if distinct.len() == 1 {
        return format!(
            "{prefix}{}",
            distinct.into_iter().next().unwrap_or_default()
        );
    }
    let mut parts: Vec<String> = s
        .angelic
        .iter()
        .take(2)
        .map(|t| format!("{} in {}", test_values(t), t.test))
        .collect();
    if s.angelic.len() > 2 {
        parts.push(format!("… ({} tests)", s.angelic.len()));
    }
    format!("{prefix}{}", parts.join(", "))
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

fn angelic_table(s: &BlamedStatement) -> String {
    let mut out = String::from(
        "| failing test | execution | should produce | computes as written |\n|---|---|---|---|\n",
    );
    for t in &s.angelic {
        for v in &t.values {
            let slot = if v.slot > 0 {
                format!(" (value {})", v.slot + 1)
            } else {
                String::new()
            };
            // Blank where the execution already computes the value: only the others change.
            let was = v
                .was
                .map(|w| format!("`{}`", value_text(w)))
                .unwrap_or_default();
            out.push_str(&format!(
                "| {} | #{}{slot} | `{}` | {was} |\n",
                cell(&t.test),
                v.instance + 1,
                value_text(v.value)
            ));
        }
    }
    out
}

fn expected_actual(t: &TestInfo) -> String {
    match (&t.result.expected, &t.result.actual) {
        (Some(e), Some(a)) => format!("expected {}, actual {}", one_line(e), one_line(a)),
        _ => t.result.reason.clone().unwrap_or_else(|| "fails".into()),
    }
}

fn one_line(s: &str) -> String {
    let s = s.trim_end();
    if s.is_empty() {
        return "(nothing)".into();
    }
    truncate(s.replace('\n', "⏎ ").as_str(), 60)
}

fn failing_table(a: &Analysis, only: Option<&[String]>) -> String {
    let mut out = String::from("| failing test | expected | actual |\n|---|---|---|\n");
    for t in a.failing() {
        if only.is_some_and(|names| !names.contains(&t.result.name)) {
            continue;
        }
        let (e, act) = match (&t.result.expected, &t.result.actual) {
            (Some(e), Some(x)) => (cell(e), cell(x)),
            _ => (
                "—".to_string(),
                cell(t.result.reason.as_deref().unwrap_or("")),
            ),
        };
        out.push_str(&format!("| {} | `{e}` | `{act}` |\n", cell(&t.result.name)));
    }
    out
}

/// "changing this and lines 12, 14 makes 5 failing tests pass"
fn why_sentence(b: &Blamed) -> String {
    let others: Vec<String> = b
        .diagnosis
        .statements
        .iter()
        .filter(|s| !std::ptr::eq(*s, b.statement))
        .map(|s| s.line.to_string())
        .collect();
    let n = b.diagnosis.explains.len();
    let and = match others.len() {
        0 => String::new(),
        1 => format!(" and line {}", others[0]),
        _ => format!(" and lines {}", others.join(", ")),
    };
    format!(
        "changing this{and} makes {n} failing test{} pass",
        if n == 1 { "" } else { "s" }
    )
}

/// Diagnostics of the analysis for the document `uri` (its own file only).
pub fn diagnostics(a: &Analysis, uri: &Uri, related_support: bool) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for p in &a.problems {
        let (range, message) = if p.path == a.path && p.start.0 > 0 {
            (a.index.range(&a.text, p.start, p.end), p.message.clone())
        } else if p.start.0 > 0 {
            (
                Range::default(),
                format!("{}:{}:{}: {}", p.path, p.start.0, p.start.1, p.message),
            )
        } else {
            (Range::default(), p.message.clone())
        };
        out.push(Diagnostic {
            range,
            severity: Some(DiagnosticSeverity::ERROR),
            code: Some(NumberOrString::String(p.code.into())),
            source: Some(SOURCE.into()),
            message,
            ..Default::default()
        });
    }
    let failing: Vec<&TestInfo> = a.failing().collect();
    for t in failing.iter().take(MAX_TEST_DIAGNOSTICS) {
        let here =
            t.at.as_ref()
                .filter(|l| l.path == a.path)
                .or(t.anchor.as_ref().filter(|l| l.path == a.path));
        out.push(Diagnostic {
            range: here.map(|l| range_of(a, l)).unwrap_or_default(),
            severity: Some(DiagnosticSeverity::ERROR),
            code: Some(NumberOrString::String("test-failure".into())),
            source: Some(SOURCE.into()),
            message: format!(
                "test {} fails: {}",
                t.result.name,
                t.result.reason.as_deref().unwrap_or("failed")
            ),
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
        let total = of_total(a, report);
        for b in blamed_statements(report) {
            let s = b.statement;
            if s.path != a.path {
                continue;
            }
            let mut message = format!(
                "suspicious — rank {} of {total} (cost {}): {}",
                b.rank(),
                b.diagnosis.cost,
                why_sentence(&b)
            );
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
                            "also blamed by diagnosis {}: `{}` ⇐ {}",
                            b.rank(),
                            other.text,
                            angelic_short(other)
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
                        message: format!(
                            "test {} fails here: {}",
                            t.result.name,
                            expected_actual(t)
                        ),
                    });
                }
            }
            let related = if related_support {
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
                severity: Some(if b.rank() == 1 {
                    DiagnosticSeverity::WARNING
                } else {
                    DiagnosticSeverity::INFORMATION
                }),
                code: Some(NumberOrString::String("suspicious".into())),
                source: Some(SOURCE.into()),
                message,
                related_information: related,
                data: Some(json!({
                    "diagnosis": b.rank(),
                    "rank": b.rank(),
                    "angelic": s.angelic,
                })),
                ..Default::default()
            });
        }
    }
    if a.report.is_some() {
        let total = ranks_shown(&a.lines);
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
                message: format!(
                    "suspicious — rank {} of {total}: {}",
                    l.rank,
                    without_rank(&l.explanation)
                ),
                data: Some(json!({
                    "diagnosis": null,
                    "rank": l.rank,
                    "angelic": [],
                    "mustTests": l.must_tests,
                })),
                ..Default::default()
            });
        }
    }
    if let (Some(note), false) = (&a.note, a.diagnosing) {
        if let Some(first) = failing.first() {
            out.push(Diagnostic {
                range: first
                    .at
                    .as_ref()
                    .filter(|l| l.path == a.path)
                    .map(|l| range_of(a, l))
                    .unwrap_or_default(),
                severity: Some(DiagnosticSeverity::INFORMATION),
                code: Some(NumberOrString::String(
                    if a.report.as_ref().is_some_and(|r| !r.diagnoses.is_empty()) {
                        "incomplete".into()
                    } else {
                        "no-diagnosis".into()
                    },
                )),
                source: Some(SOURCE.into()),
                message: note.clone(),
                ..Default::default()
            });
        }
    }
    out
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

/// "rank 3: why" → "why" (the message already says the rank).
fn without_rank(explanation: &str) -> &str {
    match explanation.split_once(": ") {
        Some((head, rest)) if head.starts_with("rank ") => rest,
        _ => explanation,
    }
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

/// Markdown explaining one blamed statement: rank and why, angelic values, failing tests.
/// How many diagnoses a rank is out of: "3", or "3 so far" while the search that found them
/// goes on (the editor shows diagnoses as they are found).
fn of_total(a: &Analysis, report: &Report) -> String {
    let n = report.diagnoses.len();
    if a.diagnosing {
        format!("{n} so far")
    } else {
        n.to_string()
    }
}

fn explain(a: &Analysis, b: &Blamed) -> String {
    let Some(report) = &a.report else {
        return String::new();
    };
    let s = b.statement;
    let all = diagnoses_of(report, s);
    let mut md = format!(
        "### Faultline: suspicious — rank {} of {}\n\n`{}` ({:?}, weight {})\n\n",
        b.rank(),
        of_total(a, report),
        s.text,
        s.kind,
        s.weight
    );
    if let Some(fix) = crate::repairs::fix_sentence(b.diagnosis) {
        md.push_str(&format!("**{fix}**\n\n"));
    }
    let listed: Vec<String> = all
        .iter()
        .map(|d| {
            let with: Vec<String> = d
                .diagnosis
                .statements
                .iter()
                .filter(|o| !std::ptr::eq(*o, d.statement))
                .map(|o| format!("line {} `{}`", o.line, o.text))
                .collect();
            let with = if with.is_empty() {
                " alone".to_string()
            } else {
                format!(" with {}", with.join(", "))
            };
            format!("{} (cost {}{with})", d.rank(), d.diagnosis.cost)
        })
        .collect();
    md.push_str(&format!(
        "**Why:** blamed by diagnosis {}. Diagnosis {}: {} — validated by re-running the tests \
         with the values below substituted.\n\n",
        listed.join("; "),
        b.rank(),
        why_sentence(b)
    ));
    if let Some(l) = line_rank(a, s.line) {
        md.push_str(&format!("**Line {}:** {}.\n\n", l.line, l.explanation));
    }
    md.push_str(&format!(
        "**Angelic values** (diagnosis {}): what this statement should produce\n\n{}\n",
        b.rank(),
        angelic_table(s)
    ));
    for d in &all {
        let refined: Vec<String> = d
            .diagnosis
            .refinements
            .iter()
            .take(3)
            .map(|r| {
                let parts: Vec<String> = r
                    .expressions
                    .iter()
                    .map(|e| {
                        let vals: Vec<String> = e
                            .angelic
                            .iter()
                            .map(|t| format!("{} in {}", test_values(t), t.test))
                            .collect();
                        format!("`{}` (line {}) ⇐ {}", e.text, e.line, vals.join(", "))
                    })
                    .collect();
                format!(
                    "- refinement {} (cost {}): {}",
                    r.rank,
                    r.cost,
                    parts.join("; ")
                )
            })
            .collect();
        if !refined.is_empty() {
            md.push_str(&format!(
                "**Refined** (diagnosis {}, sub-expressions to change)\n\n{}\n\n",
                d.rank(),
                refined.join("\n")
            ));
        }
    }
    md.push_str(&format!(
        "**Failing tests**\n\n{}",
        failing_table(a, Some(&b.diagnosis.explains))
    ));
    md
}

pub fn hover(a: &Analysis, pos: Position) -> Option<Hover> {
    let mut parts: Vec<String> = blamed_on_line(a, pos.line)
        .iter()
        .map(|b| explain(a, b))
        .collect();
    if let Some(l) = line_rank(a, pos.line + 1).filter(|l| l.diagnoses.is_empty()) {
        parts.push(format!(
            "### Faultline: suspicious — rank {} of {}\n\n{}.\n\nMust-set of: {}\n",
            l.rank,
            ranks_shown(&a.lines),
            l.explanation,
            l.must_tests.join(", ")
        ));
    }
    for t in a.failing() {
        if let Some(at) = t.at.as_ref().filter(|l| l.path == a.path) {
            if at.start.0 == pos.line + 1 {
                parts.push(format!(
                    "### Faultline: test `{}` fails\n\n{}\n\n{}",
                    t.result.name,
                    t.result.reason.as_deref().unwrap_or("failed"),
                    match (&t.result.expected, &t.result.actual) {
                        (Some(e), Some(x)) => format!(
                            "| expected | actual |\n|---|---|\n| `{}` | `{}` |\n",
                            cell(e),
                            cell(x)
                        ),
                        _ => String::new(),
                    }
                ));
            }
        }
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

/// Markdown with the angelic values of every blamed statement on 0-based `line`.
pub fn angelic_markdown(a: &Analysis, line: u32) -> Option<String> {
    let blamed = blamed_on_line(a, line);
    if blamed.is_empty() {
        return None;
    }
    Some(
        blamed
            .iter()
            .map(|b| {
                format!(
                    "**`{}`** (line {}, diagnosis {})\n\n{}",
                    b.statement.text,
                    b.statement.line,
                    b.rank(),
                    angelic_table(b.statement)
                )
            })
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

pub fn inlay_hints(a: &Analysis, range: Range) -> Vec<InlayHint> {
    let Some(report) = &a.report else {
        return Vec::new();
    };
    blamed_statements(report)
        .into_iter()
        .filter(|b| b.statement.path == a.path)
        .filter_map(|b| {
            let s = b.statement;
            let end = a.index.from_line_col(&a.text, s.end_line, s.end_column);
            if end.line < range.start.line || end.line > range.end.line {
                return None;
            }
            Some(InlayHint {
                position: end,
                label: InlayHintLabel::String(format!("⇐ {}", angelic_short(s))),
                kind: None,
                text_edits: None,
                tooltip: Some(InlayHintTooltip::MarkupContent(MarkupContent {
                    kind: MarkupKind::Markdown,
                    value: format!(
                        "Faultline, diagnosis {} (rank {} of {}): `{}` should produce\n\n{}",
                        b.rank(),
                        b.rank(),
                        of_total(a, report),
                        s.text,
                        angelic_table(s)
                    ),
                })),
                padding_left: Some(true),
                padding_right: None,
                data: None,
            })
        })
        .collect()
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

pub fn code_actions(
    a: &Analysis,
    uri: &Uri,
    range: Range,
    text_is_current: bool,
    context: &[Diagnostic],
) -> Vec<CodeActionOrCommand> {
    let Some(report) = &a.report else {
        return Vec::new();
    };
    // Validated repairs first: the preferred quick fix.
    let mut out: Vec<CodeActionOrCommand> =
        crate::repairs::repair_actions(a, uri, range, text_is_current, context)
            .into_iter()
            .map(CodeActionOrCommand::CodeAction)
            .collect();
    let tree = c_parser().parse(a.text.as_ref(), None);
    let mut seen_diagnoses = BTreeSet::new();
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
                let shown: Vec<String> = d
                    .statement
                    .angelic
                    .iter()
                    .map(|t| {
                        format!(
                            "{}{} in {}",
                            target(d.statement)
                                .map(|x| format!("{x} = "))
                                .unwrap_or_default(),
                            test_values(t),
                            t.test
                        )
                    })
                    .collect();
                out.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title: truncate(
                        &format!(
                            "Angelic values (diagnosis {}): {}",
                            d.rank(),
                            shown.join(", ")
                        ),
                        120,
                    ),
                    kind: Some(CodeActionKind::QUICKFIX),
                    diagnostics: Some(related.clone()),
                    command: Some(Command::new(
                        "Show angelic values".into(),
                        CMD_SHOW_ANGELIC.into(),
                        Some(vec![json!(uri), json!(line)]),
                    )),
                    ..Default::default()
                }));
                if let (true, Some(tree)) = (text_is_current, &tree) {
                    if let Some(fix) = constant_fix(a, uri, tree.root_node(), &d) {
                        out.push(CodeActionOrCommand::CodeAction(CodeAction {
                            diagnostics: Some(related.clone()),
                            ..fix
                        }));
                    }
                }
                out.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title: format!("Refine diagnosis {} (sub-expressions)", d.rank()),
                    kind: Some(CodeActionKind::REFACTOR_REWRITE),
                    command: Some(Command::new(
                        "Refine this diagnosis".into(),
                        CMD_REFINE.into(),
                        Some(vec![json!(uri), json!(d.rank())]),
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
/// validation checked). Offered as a debugging aid, not a fix: the passing tests may break.
fn constant_fix(a: &Analysis, uri: &Uri, root: Node, b: &Blamed) -> Option<CodeAction> {
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
        shown.push(format!("line {} `{}` ⇐ {v}", s.line, s.text));
    }
    Some(CodeAction {
        title: format!(
            "Debugging aid (not a fix): {} — makes every failing test pass",
            shown.join(", ")
        ),
        kind: Some(CodeActionKind::QUICKFIX),
        edit: Some(WorkspaceEdit {
            changes: Some(HashMap::from([(uri.clone(), edits)])),
            ..Default::default()
        }),
        // A validated repair, when there is one, is the preferred fix.
        is_preferred: Some(
            b.rank() == 1
                && (a.report.iter()).all(|r| r.diagnoses.iter().all(|d| d.repairs.is_empty())),
        ),
        ..Default::default()
    })
}

pub fn code_lenses(a: &Analysis, uri: &Uri) -> Vec<CodeLens> {
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
                format!("✗ {} fails: {}", t.result.name, expected_actual(t))
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
    fn a_note_is_incomplete_next_to_diagnoses_and_no_diagnosis_without_them() {
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
            anchor: Some(at),
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
            diagnostics(&a, &uri, true)
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
        assert_eq!(notes(skipped), [(code("incomplete"), 1)]);
        assert_eq!(notes(Report::default()), [(code("no-diagnosis"), 1)]);
        let complete = Report {
            diagnoses: vec![Diagnosis::default()],
            complete: true,
            ..Default::default()
        };
        assert_eq!(notes(complete), []);
    }

    #[test]
    fn assigned_names() {
        assert_eq!(assigned("max = b"), "max");
        assert_eq!(assigned("s += a[i]"), "s");
        assert_eq!(assigned("x <<= 2"), "x");
        assert_eq!(assigned("int s = 0"), "s");
        assert_eq!(assigned("a[i] = a[i - 1]"), "a[i]");
        assert_eq!(assigned("i++"), "i");
        assert_eq!(assigned("--n"), "n");
        assert_eq!(assigned("ok = a <= b"), "ok");
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
        assert_eq!(test_values(&t), "true ×4, false");
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
