//! Implicit `int` (pre-C99): `foo(x) { … }` and `main(argc, argv) int argc; … { … }`.
//!
//! tree-sitter-c only parses K&R definitions that have a return type, so before lowering we insert
//! `int ` in front of a file-scope item that starts with `name(` (after storage classes) and
//! re-parse. [`Shifts`] maps offsets in the rewritten text back to the text we were given, so
//! every span still points at what the user wrote.

use std::collections::HashSet;

use tree_sitter::Tree;

/// Insertions made into the text: `(offset in the rewritten text, length)`, ascending.
#[derive(Clone, Debug, Default)]
pub(crate) struct Shifts {
    inserts: Vec<(usize, usize)>,
}

impl Shifts {
    /// The offset in the original text of an offset in the rewritten one (inside an insertion:
    /// where it was inserted).
    pub fn orig(&self, off: usize) -> usize {
        let mut delta = 0;
        for &(pos, len) in &self.inserts {
            if off >= pos + len {
                delta += len;
            } else if off >= pos {
                return pos - delta;
            } else {
                break;
            }
        }
        off - delta
    }
}

const NOT_A_NAME: &[&str] = &[
    "int",
    "char",
    "void",
    "short",
    "long",
    "signed",
    "unsigned",
    "float",
    "double",
    "_Bool",
    "bool",
    "struct",
    "union",
    "enum",
    "typedef",
    "const",
    "volatile",
    "register",
    "auto",
    "sizeof",
    "return",
    "if",
    "while",
    "for",
    "do",
    "switch",
    "else",
    "case",
    "default",
    "goto",
    "break",
    "continue",
    "__attribute__",
    "asm",
    "__asm__",
];

const STORAGE: &[&str] = &["static", "extern", "inline", "__inline__", "register"];

fn ident_at(text: &str, pos: usize) -> Option<&str> {
    let rest = text.get(pos..)?;
    let len = rest
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
        .count();
    let first = rest.bytes().next()?;
    (len > 0 && !first.is_ascii_digit()).then(|| &rest[..len])
}

fn skip_ws(text: &str, mut pos: usize) -> usize {
    let b = text.as_bytes();
    while pos < b.len() && b[pos].is_ascii_whitespace() {
        pos += 1;
    }
    pos
}

/// The rewritten text and its shifts, when some item uses implicit `int`.
pub(crate) fn implicit_int(text: &str, tree: &Tree) -> Option<(String, Shifts)> {
    let root = tree.root_node();
    let mut cursor = root.walk();
    let items: Vec<_> = root.named_children(&mut cursor).collect();
    // Typedef names, so that `T (x);` with a typedef `T` is left alone.
    let mut typedefs = HashSet::new();
    for item in &items {
        if item.kind() == "type_definition" {
            let mut c = item.walk();
            for d in item.children_by_field_name("declarator", &mut c) {
                if let Some(t) = text.get(d.byte_range()) {
                    typedefs.insert(t.to_string());
                }
            }
        }
    }
    let mut positions = Vec::new();
    for item in &items {
        if item.kind() == "comment" || item.kind().starts_with("preproc") {
            continue;
        }
        let mut pos = item.start_byte();
        let mut guard = 0;
        while let Some(w) = ident_at(text, pos) {
            guard += 1;
            if guard > 8 {
                break;
            }
            if STORAGE.contains(&w) {
                pos = skip_ws(text, pos + w.len());
                continue;
            }
            let after = skip_ws(text, pos + w.len());
            if !NOT_A_NAME.contains(&w)
                && !typedefs.contains(w)
                && text.as_bytes().get(after) == Some(&b'(')
            {
                positions.push(pos);
            }
            break;
        }
    }
    if positions.is_empty() {
        return None;
    }
    positions.sort_unstable();
    positions.dedup();
    let mut out = String::with_capacity(text.len() + 4 * positions.len());
    let mut shifts = Shifts::default();
    let mut last = 0;
    for p in positions {
        out.push_str(text.get(last..p)?);
        shifts.inserts.push((out.len(), 4));
        out.push_str("int ");
        last = p;
    }
    out.push_str(text.get(last..)?);
    Some((out, shifts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_map_back_across_insertions() {
        let s = Shifts {
            inserts: vec![(0, 4), (10, 4)],
        };
        assert_eq!(s.orig(0), 0);
        assert_eq!(s.orig(2), 0);
        assert_eq!(s.orig(4), 0);
        assert_eq!(s.orig(9), 5);
        assert_eq!(s.orig(12), 6);
        assert_eq!(s.orig(14), 6);
        assert_eq!(s.orig(20), 12);
    }
}
