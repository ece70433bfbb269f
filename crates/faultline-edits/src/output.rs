//! Output edits: an output statement deleted (a stray prompt or debugging line).

use super::*;

impl Gen<'_> {
    /// The statement deleted, with its `;` (and its line, when nothing else is on it).
    pub(crate) fn delete(&mut self, stmt: &Stmt) {
        let file = self.program.files.get(stmt.span.file);
        let text = &*file.text;
        let mut end = stmt.span.end as usize;
        let rest = &text[end..];
        let semi = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        if rest[semi..].starts_with(';') {
            end += semi + 1;
        } else if !text[..end].ends_with(';') {
            return;
        }
        let mut start = stmt.span.start as usize;
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i);
        if text[line_start..start].trim().is_empty() && text[end..line_end].trim().is_empty() {
            start = line_start;
            end = (line_end + 1).min(text.len());
        }
        let span = Span::new(stmt.span.file, start as u32, end as u32);
        self.push(EditKind::DeleteOutput, span, String::new(), Change::Delete);
    }
}
