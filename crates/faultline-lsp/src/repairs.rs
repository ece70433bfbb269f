//! Validated repairs as quick fixes (self-contained, so the rest of the rendering can change
//! around it): each repair of a diagnosis is a code action whose `WorkspaceEdit` replaces the
//! blamed statement's text by its repaired text. Applying it and saving makes every test pass:
//! the diagnosis compiled exactly that text and ran the whole suite on it.

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
            if r.path != a.path
                || a.text.get(r.start_byte as usize..r.end_byte as usize) != Some(r.before.as_str())
            {
                continue;
            }
            let edit_range = Range::new(
                a.index.position(&a.text, r.start_byte as usize),
                a.index.position(&a.text, r.end_byte as usize),
            );
            let overlaps =
                edit_range.start.line <= range.end.line && range.start.line <= edit_range.end.line;
            if !overlaps || !seen.insert((r.start_byte, r.end_byte, r.after.clone())) {
                continue;
            }
            let related: Vec<Diagnostic> = context
                .iter()
                .filter(|c| {
                    c.range.start.line >= edit_range.start.line
                        && c.range.start.line <= edit_range.end.line
                })
                .cloned()
                .collect();
            out.push(CodeAction {
                title: format!("Fix: {}", fix_words(r)),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: (!related.is_empty()).then_some(related),
                edit: Some(WorkspaceEdit {
                    changes: Some(HashMap::from([(
                        uri.clone(),
                        vec![TextEdit::new(edit_range, r.after.clone())],
                    )])),
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
pub fn fix_words(r: &RepairEdit) -> String {
    let after = match r.shown_after.as_str() {
        "" => "delete it".to_string(),
        a => format!("`{a}`"),
    };
    let tests = match r.tests_passed {
        1 => "the 1 test passes".to_string(),
        n => format!("all {n} tests pass"),
    };
    format!("`{}` → {after} ({tests})", r.shown_before)
}

/// The sentence a diagnostic message or hover adds for a diagnosis with a repair.
pub fn fix_sentence(d: &Diagnosis) -> Option<String> {
    let r = d.repairs.first()?;
    let more = match d.repairs.len() {
        1 => String::new(),
        n => format!(" ({} other edits pass too)", n - 1),
    };
    Some(format!(
        "fix: {}{more}; passing the tests is what was checked",
        fix_words(r)
    ))
}
