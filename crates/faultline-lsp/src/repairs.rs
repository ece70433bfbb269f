//! Validated repairs as quick fixes (self-contained, so the rest of the rendering can change
//! around it): each repair of a diagnosis is a code action whose `WorkspaceEdit` replaces the
//! blamed statement's text by its repaired text. Applying it and saving makes every test pass:
//! the diagnosis compiled exactly that text and ran the whole suite on it. A repair of several
//! statements at once (`RepairEdit::edits`) is one code action whose `WorkspaceEdit` holds a
//! `TextEdit` per statement: only all of them together pass the tests.

use std::collections::{BTreeSet, HashMap};

use faultline_diagnose::{Diagnosis, RepairEdit};
use tower_lsp_server::ls_types::{
    CodeAction, CodeActionKind, Diagnostic, Range, TextEdit, Uri, WorkspaceEdit,
};

use crate::analysis::Analysis;

/// Repairs a diagnosis lists in code actions (a suggestion: a few, smallest first).
const SHOWN: usize = 3;

/// The quick fixes of the repairs whose statement lies within `range`, best diagnosis first;
/// the first repair of the rank-1 diagnosis is the preferred one. Empty when the editor's text
/// is no longer the analysed one (`text_is_current` false): the byte ranges would be stale.
pub fn repair_actions(
    a: &Analysis,
    uri: &Uri,
    range: Range,
    text_is_current: bool,
    context: &[Diagnostic],
) -> Vec<CodeAction> {
    let Some(report) = a.report.as_ref().filter(|_| text_is_current) else {
        return Vec::new();
    };
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for d in &report.diagnoses {
        for (i, r) in d.repairs.iter().take(SHOWN).enumerate() {
            let parts = r.parts();
            let current = parts.iter().all(|p| {
                p.path == a.path
                    && a.text.get(p.start_byte as usize..p.end_byte as usize)
                        == Some(p.before.as_str())
            });
            if !current {
                continue;
            }
            let ranges: Vec<Range> = parts
                .iter()
                .map(|p| {
                    Range::new(
                        a.index.position(&a.text, p.start_byte as usize),
                        a.index.position(&a.text, p.end_byte as usize),
                    )
                })
                .collect();
            let overlaps = ranges
                .iter()
                .any(|e| e.start.line <= range.end.line && range.start.line <= e.end.line);
            let key: Vec<(u32, u32, String)> = parts
                .iter()
                .map(|p| (p.start_byte, p.end_byte, p.after.clone()))
                .collect();
            if !overlaps || !seen.insert(key) {
                continue;
            }
            let related: Vec<Diagnostic> = context
                .iter()
                .filter(|c| {
                    ranges.iter().any(|e| {
                        c.range.start.line >= e.start.line && c.range.start.line <= e.end.line
                    })
                })
                .cloned()
                .collect();
            let edits: Vec<TextEdit> = ranges
                .into_iter()
                .zip(&parts)
                .map(|(range, p)| TextEdit::new(range, p.after.clone()))
                .collect();
            out.push(CodeAction {
                title: format!("Fix: {}", fix_words(r)),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: (!related.is_empty()).then_some(related),
                edit: Some(WorkspaceEdit {
                    changes: Some(HashMap::from([(uri.clone(), edits)])),
                    ..Default::default()
                }),
                is_preferred: Some(d.rank == 1 && i == 0),
                ..Default::default()
            });
        }
    }
    out
}

/// `` `x < -1` → `x <= -1` (all 7 tests pass) ``: one repair in plain words.
/// A repair of several statements lists each change, then says they go together:
/// `` `rate = 3` → `rate = 4`, `rate = 6` → `rate = 7` together (all 6 tests pass) ``.
pub fn fix_words(r: &RepairEdit) -> String {
    let tests = match r.tests_passed {
        1 => "the 1 test passes".to_string(),
        n => format!("all {n} tests pass"),
    };
    let changes: Vec<String> = r.parts().into_iter().map(change_words).collect();
    let together = if changes.len() > 1 { " together" } else { "" };
    format!("{}{together} ({tests})", changes.join(", "))
}

/// `` `x < -1` → `x <= -1` ``: one edit of a repair.
pub fn change_words(r: &RepairEdit) -> String {
    let after = match r.shown_after.as_str() {
        "" => "delete it".to_string(),
        a => format!("`{a}`"),
    };
    format!("`{}` → {after}", r.shown_before)
}

/// The sentence a diagnostic message or hover adds for a diagnosis with a repair.
pub fn fix_sentence(d: &Diagnosis) -> Option<String> {
    let r = d.repairs.first()?;
    let more = match d.repairs.len() {
        1 => String::new(),
        2 if r.edits.len() > 1 => " (1 other fix passes too)".to_string(),
        2 => " (1 other edit passes too)".to_string(),
        n if r.edits.len() > 1 => format!(" ({} other fixes pass too)", n - 1),
        n => format!(" ({} other edits pass too)", n - 1),
    };
    Some(format!(
        "fix: {}{more}; passing the tests is what was checked",
        fix_words(r)
    ))
}
