//! An open document: its text, version and tree-sitter tree, kept in step with the editor's
//! incremental edits (`Tree::edit` + incremental reparse, so syntax errors can be published on
//! every keystroke without re-parsing the whole file from scratch).

use tower_lsp_server::ls_types::{Range, TextDocumentContentChangeEvent};
use tree_sitter::{InputEdit, Node, Parser, Tree};

use crate::position::LineIndex;

/// A C parser (the same grammar the front end uses).
pub fn c_parser() -> Parser {
    let mut parser = Parser::new();
    parser
        .set_language(&tree_sitter_c::LANGUAGE.into())
        .expect("tree-sitter-c matches the tree-sitter version");
    parser
}

/// Documents larger than this are neither parsed nor analysed (tree-sitter aborts the process
/// when it cannot allocate, and a 10 MB file took 23 s and 2 GB): one diagnostic says so.
pub const MAX_DOCUMENT_BYTES: usize = 4 << 20;

/// "file too large for Faultline (50 MB, limit 4 MB)", when it is.
pub fn too_large(len: usize) -> Option<String> {
    (len > MAX_DOCUMENT_BYTES).then(|| {
        let mb = |n: usize| (n as f64 / (1 << 20) as f64).ceil() as u64;
        format!(
            "file too large for Faultline ({} MB, limit {} MB); its tests were not run",
            mb(len),
            mb(MAX_DOCUMENT_BYTES)
        )
    })
}

/// Parse unless the text is over the size cap. The parser sees `true`, `false` and `bool`
/// as names, as the front end does (`int true;` is valid C90, not a syntax error); the swap
/// keeps every byte offset, so node ranges index `text` itself.
fn parse(parser: &mut Parser, text: &str, old: Option<&Tree>) -> Option<Tree> {
    if text.len() > MAX_DOCUMENT_BYTES {
        return None;
    }
    parser.parse(faultline_lower::parser_text(text).as_ref(), old)
}

#[derive(Clone, Debug)]
pub struct Document {
    pub text: String,
    pub version: i32,
    pub index: LineIndex,
    /// None when the text is over [`MAX_DOCUMENT_BYTES`] (or tree-sitter gave up).
    pub tree: Option<Tree>,
}

impl Document {
    pub fn new(parser: &mut Parser, text: String, version: i32) -> Self {
        let tree = parse(parser, &text, None);
        Document {
            index: LineIndex::new(&text),
            text,
            version,
            tree,
        }
    }

    /// Apply one content change (ranged or whole-document). Positions past the end of a line or
    /// of the file are clamped and a reversed range is put in order, so a malformed edit
    /// changes the text in the nearest sensible way instead of failing.
    pub fn apply_change(&mut self, parser: &mut Parser, change: &TextDocumentContentChangeEvent) {
        let Some(range) = change.range else {
            self.text = change.text.clone();
            self.index = LineIndex::new(&self.text);
            self.tree = parse(parser, &self.text, None);
            return;
        };
        let a = self.index.offset(&self.text, range.start);
        let b = self.index.offset(&self.text, range.end);
        let (start, old_end) = (a.min(b), a.max(b));
        let new_end = start + change.text.len();
        let edit = InputEdit {
            start_byte: start,
            old_end_byte: old_end,
            new_end_byte: new_end,
            start_position: self.index.point(start),
            old_end_position: self.index.point(old_end),
            new_end_position: point_after(self.index.point(start), &change.text),
        };
        // The parser sees `true`/`false`/`bool` swapped for names outside comments and
        // literals; an edit that opens or closes a comment or a literal changes that swap far
        // from the edit, which an incremental parse would not see: parse afresh then.
        let before = faultline_lower::parser_text(&self.text).into_owned();
        self.text.replace_range(start..old_end, &change.text);
        self.index = LineIndex::new(&self.text);
        let after = faultline_lower::parser_text(&self.text);
        let swap_moved = before.as_bytes()[..start] != after.as_bytes()[..start]
            || before.as_bytes()[old_end..] != after.as_bytes()[new_end..];
        match self.tree.as_mut() {
            Some(tree) if !swap_moved => {
                tree.edit(&edit);
                self.tree = parse(parser, &self.text, Some(tree));
            }
            _ => self.tree = parse(parser, &self.text, None),
        }
    }

    /// Syntax errors in the current tree: error nodes and missing tokens (at most `limit`).
    pub fn syntax_errors(&self, limit: usize) -> Vec<(Range, String)> {
        let mut out = Vec::new();
        if let Some(tree) = &self.tree {
            if tree.root_node().has_error() {
                collect_errors(tree.root_node(), self, limit, &mut out);
            }
        }
        out
    }
}

/// Where a point ends up after inserting `text` at `start`.
fn point_after(start: tree_sitter::Point, text: &str) -> tree_sitter::Point {
    match text.rfind('\n') {
        Some(last) => tree_sitter::Point::new(
            start.row + text.bytes().filter(|&b| b == b'\n').count(),
            text.len() - last - 1,
        ),
        None => tree_sitter::Point::new(start.row, start.column + text.len()),
    }
}

fn collect_errors(node: Node, doc: &Document, limit: usize, out: &mut Vec<(Range, String)>) {
    if out.len() >= limit {
        return;
    }
    if node.is_missing() {
        let at = doc.index.position(&doc.text, node.start_byte());
        out.push((
            Range::new(at, at),
            format!("syntax error: missing `{}`", node.kind()),
        ));
        return;
    }
    if node.is_error() {
        let start = doc.index.position(&doc.text, node.start_byte());
        let end = doc.index.position(&doc.text, node.end_byte());
        let snippet: String = doc.text[node.byte_range()]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let snippet = if snippet.chars().count() > 40 {
            format!("{}…", snippet.chars().take(40).collect::<String>())
        } else {
            snippet
        };
        let message = if snippet.is_empty() {
            "syntax error".to_string()
        } else {
            format!("syntax error: unexpected `{snippet}`")
        };
        out.push((Range::new(start, end), message));
        return;
    }
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        if child.has_error() || child.is_missing() {
            collect_errors(child, doc, limit, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use tower_lsp_server::ls_types::Position;

    use super::*;

    fn change(r: ((u32, u32), (u32, u32)), text: &str) -> TextDocumentContentChangeEvent {
        TextDocumentContentChangeEvent {
            range: Some(Range::new(
                Position::new(r.0 .0, r.0 .1),
                Position::new(r.1 .0, r.1 .1),
            )),
            range_length: None,
            text: text.into(),
        }
    }

    #[test]
    fn incremental_edits_match_a_fresh_parse() {
        let mut parser = c_parser();
        let mut doc = Document::new(&mut parser, "int f(void) {\n  return 1;\n}\n".into(), 1);
        doc.apply_change(&mut parser, &change(((1, 9), (1, 10)), "2 +\n    3"));
        doc.apply_change(&mut parser, &change(((0, 4), (0, 5)), "g"));
        assert_eq!(doc.text, "int g(void) {\n  return 2 +\n    3;\n}\n");
        let fresh = c_parser().parse(&doc.text, None).unwrap();
        assert_eq!(
            doc.tree.as_ref().unwrap().root_node().to_sexp(),
            fresh.root_node().to_sexp()
        );
        assert!(doc.syntax_errors(10).is_empty());
    }

    #[test]
    fn opening_a_comment_far_from_a_swapped_name_reparses_it() {
        // `/*` typed at the top turns the rest into an unterminated comment, where `true` is
        // no longer swapped for a name: the tree must be what a fresh parse gives.
        let mut parser = c_parser();
        let mut doc = Document::new(
            &mut parser,
            "}\nint f(void) { g(1); }\n{true = 1;".into(),
            1,
        );
        doc.apply_change(&mut parser, &change(((0, 0), (0, 0)), "/*\n"));
        let fresh = c_parser()
            .parse(faultline_lower::parser_text(&doc.text).as_ref(), None)
            .unwrap();
        assert_eq!(
            doc.tree.as_ref().unwrap().root_node().to_sexp(),
            fresh.root_node().to_sexp()
        );
    }

    #[test]
    fn true_false_and_bool_declared_as_names_are_no_syntax_errors() {
        let mut parser = c_parser();
        let text = "typedef enum { false, true } bool;\nint tru;\nvoid f(void) { bool b = true; tru = 1; }\n";
        let mut doc = Document::new(&mut parser, text.into(), 1);
        assert!(doc.syntax_errors(10).is_empty());
        // Typed into a name one letter at a time, the incremental tree follows.
        doc.apply_change(&mut parser, &change(((1, 7), (1, 7)), "e"));
        doc.apply_change(&mut parser, &change(((2, 33), (2, 33)), "e"));
        assert_eq!(doc.text, "typedef enum { false, true } bool;\nint true;\nvoid f(void) { bool b = true; true = 1; }\n");
        assert!(
            doc.syntax_errors(10).is_empty(),
            "{:?}",
            doc.syntax_errors(10)
        );
    }

    #[test]
    fn malformed_edits_are_clamped() {
        let mut parser = c_parser();
        let mut doc = Document::new(&mut parser, "int x;\n".into(), 1);
        // Reversed range, past the end of the line and of the file.
        doc.apply_change(&mut parser, &change(((0, 99), (0, 4)), "y"));
        assert_eq!(doc.text, "int y\n");
        doc.apply_change(&mut parser, &change(((50, 3), (70, 1)), "int z;"));
        assert_eq!(doc.text, "int y\nint z;");
        let errors = doc.syntax_errors(10);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].1.contains("missing `;`"), "{errors:?}");
    }
}
