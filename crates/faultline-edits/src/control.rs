//! Control-flow edits: `break;` added after a `switch` case that falls through into the next
//! one ([`Change::InsertBreak`]; [`fall_through_ends`] lists those cases).

use super::*;

impl Gen<'_> {
    /// `stmt; break;` when `stmt` is the last statement of a `switch` case that falls
    /// through into a next case with statements of its own (`case 8: grade = 'B';` followed
    /// by `case 7: grade = 'C'; break;`). The `break` goes on the statement's line when the
    /// statement shares its line with the case label, else on a line of its own below it.
    pub(crate) fn insert_break(&mut self, stmt: &Stmt) {
        let f = self.program.function(self.func);
        let Some((switch, arm, next_label)) = fall_through_ends(&f.body)
            .into_iter()
            .find(|end| end.last == stmt.id)
            .map(|end| (end.switch, end.arm, end.next_label))
        else {
            return;
        };
        let file = self.program.files.get(stmt.span.file);
        let text = &*file.text;
        let mut end = stmt.span.end as usize;
        let rest = text.get(end..).unwrap_or("");
        let blank = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        if rest[blank..].starts_with(';') {
            end += blank + 1;
        } else if !text[..end].ends_with([';', '}']) {
            return;
        }
        if next_label.file != stmt.span.file || end > next_label.start as usize {
            return;
        }
        let start = stmt.span.start as usize;
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let indent = &text[line_start..start];
        let added = if indent.trim().is_empty() {
            format!("\n{indent}break;")
        } else {
            " break;".to_string()
        };
        let span = Span::new(stmt.span.file, start as u32, end as u32);
        let after = format!("{}{added}", &text[start..end]);
        self.push(
            EditKind::InsertBreak,
            span,
            after,
            Change::InsertBreak { switch, arm },
        );
    }
}

/// The last statement of a `switch` case that falls through into the next one.
#[derive(Clone, Copy, Debug)]
pub struct FallThrough {
    pub switch: StmtId,
    /// The arm whose body ends in `last` (the next arm is entered from it).
    pub arm: usize,
    /// The last statement of the arm's body with a component (what a diagnosis names).
    pub last: StmtId,
    /// The next arm's `case` labels.
    pub next_label: Span,
}

/// Every case of every `switch` in `body` (nested ones too) that falls through into a next
/// case with statements of its own: its body is not empty (stacked labels `case 1: case 2:`
/// share one body on purpose) and does not end in `break`, `continue`, `return` or `exit`.
pub fn fall_through_ends(body: &faultline_ir::Block) -> Vec<FallThrough> {
    let mut out = Vec::new();
    faultline_ir::walk_block(body, &mut |s: &Stmt| {
        let StmtKind::Switch { arms, .. } = &s.kind else {
            return;
        };
        for (i, arm) in arms.iter().enumerate() {
            let Some(tail) = arm.body.last() else {
                continue;
            };
            let jumps = matches!(
                tail.kind,
                StmtKind::Break | StmtKind::Continue | StmtKind::Return(_) | StmtKind::Exit(_)
            );
            // The case it falls into: the next one with statements (empty ones are labels
            // stacked on it).
            let falls_into = arms[i + 1..]
                .iter()
                .any(|a| a.body.iter().any(|t| t.component.is_some()));
            if jumps || !falls_into {
                continue;
            }
            let next = &arms[i + 1];
            let Some(last) = arm.body.iter().rev().find(|t| t.component.is_some()) else {
                continue;
            };
            out.push(FallThrough {
                switch: s.id,
                arm: i,
                last: last.id,
                next_label: next.span,
            });
        }
    });
    out
}
