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
            let first = snippet.chars().next();
            if let Some(t) = trigraph(&snippet) {
                // gcc's default (GNU C) does not replace trigraphs either: said, not guessed.
                let msg = format!(
                    "unsupported: trigraph `{}` (write `{t}`: trigraphs are replaced only with gcc -trigraphs)",
                    &snippet[..3]
                );
                lw.error(ErrorKind::Unsupported, node, msg);
                continue;
            }
            let msg = match first {
                None => "unexpected end of input".to_string(),
                Some('\0') => "unexpected NUL byte (\\0): the file is not C text here".to_string(),
                Some(c) if c.is_control() => {
                    format!("unexpected control character U+{:04X}", c as u32)
                }
                // Control characters never reach the terminal or the editor raw.
                Some(_) => {
                    let shown: String = snippet
                        .chars()
                        .map(|c| match c.is_control() {
                            true => c.escape_default().to_string(),
                            false => c.to_string(),
                        })
                        .collect();
                    format!("unexpected `{shown}`")
                }
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

/// The character a trigraph at the start of `s` stands for (C11 5.2.1.1).
fn trigraph(s: &str) -> Option<char> {
    let rest = s.strip_prefix("??")?;
    Some(match rest.chars().next()? {
        '=' => '#',
        '(' => '[',
        '/' => '\\',
        ')' => ']',
        '\'' => '^',
        '<' => '{',
        '!' => '|',
        '>' => '}',
        '-' => '~',
        _ => return None,
    })
}
