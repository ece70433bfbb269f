//! Structural edits: where a statement sits, not what it computes. Each is offered at the
//! statement whose runs show the fault (the one the diagnosis blames) and changes the text
//! around it, run from the edited text compiled again ([`Change::Reshape`]):
//!
//! - [`EditKind::EmptyBody`]: the `;` right after an `if (…)`, `while (…)` or `for (…)`
//!   header removed, so that the statement below it becomes its body (`if (n % 3 == 0);`
//!   makes `count++` run for every number);
//! - [`EditKind::ElseIf`]: `if` made `else if` after an `if` without an `else` (the second
//!   test runs after the first branch changed what it tests, or prints a second line);
//! - [`EditKind::Braces`]: braces added around a braceless body and the statement after it
//!   (`if (c) a; b;` → `if (c) { a; b; }`), or the last statement of a braced body moved after
//!   its `}` (a `printf` of the total inside the loop that computes it).
//!
//! Bounded: at most one edit of each kind per statement (a header before it, a braceless body
//! before it, a braced body it ends), found by looking at its neighbours in its block.

use super::*;
use faultline_ir::Block;

impl Gen<'_> {
    /// The structural edits of `stmt` (see the module docs).
    pub(crate) fn structure(&mut self, stmt: &Stmt) {
        let f = self.program.function(self.func);
        let Some(at) = locate(&f.body, None, stmt.id) else {
            return;
        };
        let file = self.program.files.get(stmt.span.file);
        let text = &*file.text;
        // The statement as written: a temporary computed for it (a `printf` argument) stands
        // for the statement that uses it.
        let Some(anchor) = source_statement(at.block, at.index) else {
            return;
        };
        let here = &at.block[anchor];
        if here.span.file != stmt.span.file {
            return;
        }
        // The statement before it as written (the temporaries of its own expressions aside).
        let before = (0..anchor)
            .rev()
            .find(|&j| !inside(at.block[j].span, here.span))
            .map(|j| &at.block[j]);
        if let Some(h) = before.filter(|h| h.span.file == here.span.file) {
            self.empty_body(text, h, here);
            self.else_if(text, h, here);
            self.braces_around(text, h, here);
        }
        if anchor + 1 == at.block.len() {
            if let Some(parent) = at.parent {
                self.out_of_body(text, parent, at.block, here);
            }
        }
    }

    /// `if (c);` / `while (c);` / `for (…);` before `here`: the `;` removed.
    fn empty_body(&mut self, text: &str, header: &Stmt, here: &Stmt) {
        let Some(h) = Header::of(text, header) else {
            return;
        };
        let Some(semicolon) = h.empty_body else {
            return;
        };
        if semicolon > here.span.start as usize {
            return;
        }
        let span = Span::new(header.span.file, h.start as u32, semicolon as u32 + 1);
        let after = text[h.start..h.close].to_string();
        self.push(EditKind::EmptyBody, span, after, Change::Reshape);
    }

    /// `if (a) S1; if (b) S2;` → `if (a) S1; else if (b) S2;` when the first `if` (or the
    /// last `else if` of its ladder) has no `else`.
    fn else_if(&mut self, text: &str, prev: &Stmt, here: &Stmt) {
        if here.component != Some(faultline_ir::Component::IfCond)
            || prev.component != Some(faultline_ir::Component::IfCond)
        {
            return;
        }
        // The ladder's last rung: an `else` holding only an `if` continues it.
        let mut rung = prev;
        loop {
            let StmtKind::If { then_, else_, .. } = &rung.kind else {
                return;
            };
            if then_.is_empty() {
                // `if (a);`: the `;` is the fault there, not a missing `else`.
                return;
            }
            match else_.last() {
                None => break,
                Some(s) if s.component == Some(faultline_ir::Component::IfCond) => rung = s,
                Some(_) => return,
            }
        }
        let Some(h) = Header::of(text, here) else {
            return;
        };
        if h.keyword != "if" || h.start < prev.span.end as usize {
            return;
        }
        let span = Span::new(here.span.file, h.start as u32, h.start as u32 + 2);
        self.push(
            EditKind::ElseIf,
            span,
            "else if".to_string(),
            Change::Reshape,
        );
    }

    /// `if (c) a; b;` → `if (c) { a; b; }` (also a `while`/`for` body): `here` is `b`.
    fn braces_around(&mut self, text: &str, header: &Stmt, here: &Stmt) {
        let Some(h) = Header::of(text, header) else {
            return;
        };
        if h.empty_body.is_some() || !matches!(h.keyword, "if" | "while" | "for") {
            return;
        }
        if let StmtKind::If { else_, .. } = &header.kind {
            if !else_.is_empty() {
                return;
            }
        }
        let Some(end) = simple_end(text, here) else {
            return;
        };
        // The body between the header and `here`: one braceless statement.
        let body = &text[h.close..here.span.start as usize];
        if body.contains(['{', '}']) || body.trim().is_empty() || !body.trim_end().ends_with(';') {
            return;
        }
        let indent = indent_at(text, h.start);
        let (open, close) = if line_of(text, h.start) == line_of(text, end) {
            (" {", " }".to_string())
        } else {
            (" {", format!("\n{indent}}}"))
        };
        let span = Span::new(here.span.file, h.close as u32, end as u32);
        let after = format!("{open}{}{close}", &text[h.close..end]);
        self.push(EditKind::Braces, span, after, Change::Reshape);
        if let Some(last) = self.out.last_mut() {
            last.far = true;
        }
    }

    /// `if (c) { a; b; }` → `if (c) { a; } b;` (also a loop's body): `here` is `b`, the last
    /// statement of the braced body of `parent`, on a line of its own above the closing `}`.
    fn out_of_body(&mut self, text: &str, parent: &Stmt, block: &Block, here: &Stmt) {
        let body_of_loop = match &parent.kind {
            StmtKind::If { then_, else_, .. } => {
                if !else_.is_empty() || !std::ptr::eq(then_, block) {
                    return;
                }
                false
            }
            StmtKind::Loop { body, .. } => {
                if !std::ptr::eq(body, block) {
                    return;
                }
                true
            }
            _ => return,
        };
        // Another statement stays in the body (besides a loop's own test).
        let others = block
            .iter()
            .filter(|s| s.component.is_some() && !inside(s.span, here.span))
            .filter(|s| !(body_of_loop && s.component == Some(faultline_ir::Component::LoopCond)))
            .count();
        if others == 0 {
            return;
        }
        // A `return` moved after the body would leave the code after it dead: no fix.
        if matches!(here.kind, StmtKind::Return(_) | StmtKind::Exit(_)) {
            return;
        }
        let Some(end) = simple_end(text, here) else {
            return;
        };
        let start = here.span.start as usize;
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        if !text[line_start..start].trim().is_empty() {
            return;
        }
        // The closing `}` on the next line, alone.
        let rest = &text[end..];
        let Some(nl) = rest.find('\n') else {
            return;
        };
        if !rest[..nl].trim().is_empty() {
            return;
        }
        let after_nl = &rest[nl + 1..];
        let brace_indent = after_nl.len() - after_nl.trim_start_matches([' ', '\t']).len();
        if !after_nl[brace_indent..].starts_with('}') {
            return;
        }
        let close = end + nl + 1 + brace_indent + 1;
        // `} else` and `} while (c);`: the `}` is not the statement's end.
        let tail = text[close..].trim_start();
        if tail.starts_with("else") || tail.starts_with("while") {
            return;
        }
        let indent = &after_nl[..brace_indent];
        let span = Span::new(here.span.file, line_start as u32, close as u32);
        let after = format!("{indent}}}\n{indent}{}", &text[start..end]);
        self.push(EditKind::Braces, span, after, Change::Reshape);
        if let Some(last) = self.out.last_mut() {
            last.far = true;
        }
    }
}

/// Where a statement lies: its block, its index there and the statement whose body the block
/// is (none for a function's body).
pub(crate) struct At<'b> {
    pub(crate) parent: Option<&'b Stmt>,
    pub(crate) block: &'b Block,
    pub(crate) index: usize,
}

pub(crate) fn locate<'b>(block: &'b Block, parent: Option<&'b Stmt>, id: StmtId) -> Option<At<'b>> {
    if let Some(index) = block.iter().position(|s| s.id == id) {
        return Some(At {
            parent,
            block,
            index,
        });
    }
    block.iter().find_map(|s| match &s.kind {
        StmtKind::If { then_, else_, .. } => {
            locate(then_, Some(s), id).or_else(|| locate(else_, Some(s), id))
        }
        StmtKind::Loop { body, latch } => {
            locate(body, Some(s), id).or_else(|| locate(latch, Some(s), id))
        }
        StmtKind::Switch { arms, .. } => arms.iter().find_map(|a| locate(&a.body, Some(s), id)),
        _ => None,
    })
}

/// The index of the statement as written that the statement at `index` belongs to: itself,
/// or for a temporary (an argument, an index, a part without a component) the next
/// statement whose text holds it.
fn source_statement(block: &Block, index: usize) -> Option<usize> {
    let s = &block[index];
    let temporary = matches!(
        s.component,
        None | Some(faultline_ir::Component::Argument) | Some(faultline_ir::Component::Index)
    );
    if !temporary {
        return Some(index);
    }
    (index + 1..block.len()).find(|&j| {
        let t = &block[j];
        t.component.is_some()
            && !matches!(
                t.component,
                Some(faultline_ir::Component::Argument) | Some(faultline_ir::Component::Index)
            )
            && inside(s.span, t.span)
    })
}

fn inside(a: Span, b: Span) -> bool {
    a.file == b.file && a.start >= b.start && a.end <= b.end
}

/// The end of a simple statement's text, its `;` included (an assignment, a call, an output
/// statement, a `return`), or `None` for a compound one.
fn simple_end(text: &str, s: &Stmt) -> Option<usize> {
    if !matches!(
        s.kind,
        StmtKind::Assign { .. }
            | StmtKind::Call { .. }
            | StmtKind::Builtin(_)
            | StmtKind::Return(_)
            | StmtKind::Exit(_)
    ) {
        return None;
    }
    let end = s.span.end as usize;
    let rest = text.get(end..)?;
    let blank = rest.len() - rest.trim_start_matches([' ', '\t']).len();
    if rest[blank..].starts_with(';') {
        Some(end + blank + 1)
    } else if text[..end].ends_with(';') {
        Some(end)
    } else {
        None
    }
}

fn line_of(text: &str, at: usize) -> usize {
    text[..at].matches('\n').count()
}

/// The whitespace that starts the line holding `at`.
fn indent_at(text: &str, at: usize) -> &str {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = &text[line_start..];
    &line[..line.len() - line.trim_start_matches([' ', '\t']).len()]
}

/// An `if`, `while` or `for` header as written: its keyword, where it starts, the end of its
/// `)` and, when its body is a lone `;`, where that `;` is.
struct Header<'t> {
    keyword: &'t str,
    start: usize,
    close: usize,
    empty_body: Option<usize>,
}

impl<'t> Header<'t> {
    fn of(text: &'t str, s: &Stmt) -> Option<Header<'t>> {
        match &s.kind {
            // An `if`'s span is its condition's, inside the parentheses.
            StmtKind::If { then_, else_, .. }
                if s.component == Some(faultline_ir::Component::IfCond) =>
            {
                let (start, end) = (s.span.start as usize, s.span.end as usize);
                let head = text.get(..start)?.trim_end();
                let head = head.strip_suffix('(')?.trim_end();
                let keyword_start = head.strip_suffix("if").map(str::len)?;
                if head[..keyword_start].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
                {
                    return None;
                }
                let tail = text.get(end..)?;
                let gap = tail.len() - tail.trim_start().len();
                if !tail[gap..].starts_with(')') {
                    return None;
                }
                let close = end + gap + 1;
                let body = text.get(close..)?;
                let blank = body.len() - body.trim_start().len();
                let empty_body =
                    (then_.is_empty() && else_.is_empty() && body[blank..].starts_with(';'))
                        .then_some(close + blank);
                Some(Header {
                    keyword: "if",
                    start: keyword_start,
                    close,
                    empty_body,
                })
            }
            // A loop's span is the whole statement.
            StmtKind::Loop { body, .. } => {
                let (start, end) = (s.span.start as usize, s.span.end as usize);
                let whole = text.get(start..end)?;
                let keyword = ["while", "for"].into_iter().find(|k| {
                    whole.starts_with(k) && whole[k.len()..].trim_start().starts_with('(')
                })?;
                // The loop's own test first; then what was written as its body.
                let written: Vec<&Stmt> = body
                    .iter()
                    .filter(|t| t.component != Some(faultline_ir::Component::LoopCond))
                    .collect();
                let test = body
                    .iter()
                    .find(|t| t.component == Some(faultline_ir::Component::LoopCond))?;
                if written.is_empty() {
                    // `while (c);`: the text ends in `)` and a `;`.
                    let trimmed = whole.trim_end();
                    let before = trimmed.strip_suffix(';')?.trim_end();
                    if !before.ends_with(')') {
                        return None;
                    }
                    return Some(Header {
                        keyword,
                        start,
                        close: start + before.len(),
                        empty_body: Some(start + trimmed.len() - 1),
                    });
                }
                // The header's `)`: the last one before the body's first statement (the
                // temporaries of the test aside).
                let first = written
                    .iter()
                    .find(|t| !inside(t.span, test.span))?
                    .span
                    .start as usize;
                let head = text.get(start..first)?.trim_end();
                let head = head.strip_suffix('{').unwrap_or(head).trim_end();
                if !head.ends_with(')') {
                    return None;
                }
                Some(Header {
                    keyword,
                    start,
                    close: start + head.len(),
                    empty_body: None,
                })
            }
            _ => None,
        }
    }
}
