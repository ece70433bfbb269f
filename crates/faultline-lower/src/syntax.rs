//! Syntax errors: tree-sitter's `ERROR` and `MISSING` nodes.

use faultline_ir::ErrorKind;
use tree_sitter::{Node, Tree};

use crate::ctx::{Lowerer, MAX_ERRORS};

/// Record every syntax error of the tree (outermost `ERROR` nodes only). Iterative: a deeply
/// nested input must not overflow the stack here.
pub(crate) fn report(lw: &mut Lowerer, tree: &Tree) -> bool {
    let before = lw.errors.len();
    let mut stack: Vec<Node> = vec![tree.root_node()];
    while let Some(node) = stack.pop() {
        if lw.errors.len() >= MAX_ERRORS {
            break;
        }
        if node.is_missing() {
            let what = node.kind();
            let msg = if what.chars().all(|c| c.is_ascii_punctuation()) {
                format!("expected `{what}`")
            } else {
                format!("expected {}", what.replace('_', " "))
            };
            lw.error(ErrorKind::Syntax, node, msg);
            continue;
        }
        if node.is_error() {
            let text = lw.text(node);
            let snippet: String = text
                .split_whitespace()
                .next()
                .unwrap_or("")
                .chars()
                .take(20)
                .collect();
            let msg = if snippet.is_empty() {
                "unexpected end of input".to_string()
            } else {
                format!("unexpected `{snippet}`")
            };
            lw.error(ErrorKind::Syntax, node, msg);
            continue;
        }
        if !node.has_error() {
            continue;
        }
        let mut c = node.walk();
        let children: Vec<Node> = node.children(&mut c).collect();
        stack.extend(children.into_iter().rev());
    }
    // Errors in source order.
    lw.errors[before..].sort_by_key(|e| (e.span.file, e.span.start));
    lw.errors.len() > before
}
