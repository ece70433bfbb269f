//! Property: any sequence of content changes — ranges past the end of lines or of the file,
//! reversed ranges, positions inside surrogate pairs, CRLF and multi-byte text — leaves the
//! document's incrementally edited tree identical to a fresh parse of its text, and never
//! panics. (An `InputEdit` computed wrongly would make tree-sitter reuse stale nodes: the
//! trees would differ.)

use faultline_lsp::document::{c_parser, Document};
use proptest::prelude::*;
use tower_lsp_server::ls_types::{Position, Range, TextDocumentContentChangeEvent};

const START: &str = "#include <assert.h>\nint f(int x) {\n  return x + 1; // é\n}\r\n\
                     void test_f(void) { assert(f(1) == 2); }\n";

fn text_piece() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            "x",
            " ",
            "\n",
            "\r\n",
            ";",
            "{",
            "}",
            "(",
            ")",
            "int y = 2;",
            "return 0;",
            "é",
            "😀",
            "/*",
            "*/",
            "\"",
            "if (x) ",
            "tru",
            "e",
            "true = 1;",
            "bool ",
            "",
        ]),
        0..5,
    )
    .prop_map(|parts| parts.concat())
}

fn change() -> impl Strategy<Value = TextDocumentContentChangeEvent> {
    (
        prop::option::weighted(0.95, (0u32..9, 0u32..40, 0u32..9, 0u32..40)),
        text_piece(),
    )
        .prop_map(|(range, text)| TextDocumentContentChangeEvent {
            range: range.map(|(a, b, c, d)| Range::new(Position::new(a, b), Position::new(c, d))),
            range_length: None,
            text,
        })
}

/// Every node with its byte range and row/column points (`to_sexp` alone would not show a
/// wrong point in an edit).
fn describe(node: tree_sitter::Node, out: &mut String) {
    out.push_str(&format!(
        "({} {:?} {:?} {:?}",
        node.kind(),
        node.byte_range(),
        node.start_position(),
        node.end_position()
    ));
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        describe(child, out);
    }
    out.push(')');
}

fn described(tree: &tree_sitter::Tree) -> String {
    let mut out = String::new();
    describe(tree.root_node(), &mut out);
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn incremental_tree_matches_a_fresh_parse(changes in prop::collection::vec(change(), 1..12)) {
        let mut parser = c_parser();
        let mut doc = Document::new(&mut parser, START.to_string(), 1);
        for (i, c) in changes.iter().enumerate() {
            doc.apply_change(&mut parser, c);
            doc.version = i as i32 + 2;
            // The parser sees `true`, `false` and `bool` as names, as the front end does.
            let fresh = c_parser()
                .parse(faultline_lower::parser_text(&doc.text).as_ref(), None)
                .unwrap();
            prop_assert_eq!(
                described(doc.tree.as_ref().unwrap()),
                described(&fresh),
                "after change {} the text is {:?}", i, doc.text
            );
            // Syntax errors are computed without panicking, and lie inside the document.
            let lines = doc.text.split('\n').count() as u32;
            for (range, _) in doc.syntax_errors(20) {
                prop_assert!(range.end.line < lines);
            }
        }
    }
}
