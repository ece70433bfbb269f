//! `true`, `false` and `bool` as the ordinary identifiers they are before C23.
//!
//! tree-sitter-c parses `true` and `false` as literals and `bool` as a primitive type, so valid
//! C90 such as `int true; true = 1;` or `typedef enum { false, true } bool;` is a syntax error
//! to it. When `<stdbool.h>` is included the preprocessor has already replaced the three names
//! (by `1`, `0` and `_Bool`), so whatever is left of them in the text the parser sees was
//! written as a name. [`parser_text`] swaps each such token for another identifier of the same
//! length before parsing: every byte offset stays where it was, and the lowerer reads names
//! from the text it was given, so the program's own `true` is still called `true`. When the
//! program does not declare them, the lowerer gives them their C23 meaning (`1`, `0`, `_Bool`).

use std::borrow::Cow;

/// The names tree-sitter-c takes for keywords, and the identifiers of the same length the
/// parser sees instead (tree-sitter never looks at an identifier's spelling).
const SWAPS: &[(&[u8], &[u8])] = &[(b"true", b"_rue"), (b"false", b"_alse"), (b"bool", b"_ool")];

/// `text` with every `true`, `false` and `bool` token (outside comments, string and character
/// literals) replaced by an identifier of the same length; borrowed when there is none.
pub fn parser_text(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let mut out: Option<Vec<u8>> = None;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i = skip_while(bytes, i + 2, |c| c != b'\n');
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = match find(&bytes[i + 2..], b"*/") {
                    Some(p) => i + 2 + p + 2,
                    None => bytes.len(),
                };
            }
            b'"' | b'\'' => i = skip_quoted(bytes, i),
            b'0'..=b'9' => {
                // A preprocessing number (`1e+5`, `0x1fULL`): its letters are no names.
                i += 1;
                while i < bytes.len() {
                    let c = bytes[i];
                    let sign = matches!(c, b'+' | b'-')
                        && matches!(bytes[i - 1], b'e' | b'E' | b'p' | b'P');
                    if sign || c.is_ascii_alphanumeric() || c == b'_' || c == b'.' {
                        i += 1;
                    } else {
                        break;
                    }
                }
            }
            c if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 => {
                let end = skip_while(bytes, i, |c| {
                    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
                });
                let word = &bytes[i..end];
                if let Some((_, to)) = SWAPS.iter().find(|(from, _)| *from == word) {
                    out.get_or_insert_with(|| bytes.to_vec())[i..end].copy_from_slice(to);
                }
                i = end;
            }
            _ => i += 1,
        }
    }
    match out {
        // Only ASCII bytes of ASCII words were replaced: still UTF-8.
        Some(v) => Cow::Owned(String::from_utf8(v).expect("ASCII replaced by ASCII")),
        None => Cow::Borrowed(text),
    }
}

fn skip_while(bytes: &[u8], mut i: usize, keep: impl Fn(u8) -> bool) -> usize {
    while i < bytes.len() && keep(bytes[i]) {
        i += 1;
    }
    i
}

/// Past the literal opened by the quote at `i` (or the end of its line, when unterminated).
fn skip_quoted(bytes: &[u8], i: usize) -> usize {
    let quote = bytes[i];
    let mut j = i + 1;
    while j < bytes.len() {
        match bytes[j] {
            b'\\' => j += 2,
            b'\n' => return j,
            c if c == quote => return j + 1,
            _ => j += 1,
        }
    }
    bytes.len()
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::parser_text;

    #[test]
    fn swaps_the_names_only_where_they_are_tokens() {
        let src =
            "int true; bool b = false; /* true */ char *s = \"true\"; int untrue, true_, x1true;\n\
                   // bool\nchar c = 'b'; double d = 1e+true;";
        let out = parser_text(src);
        assert_eq!(out.len(), src.len());
        assert_eq!(
            out,
            "int _rue; _ool b = _alse; /* true */ char *s = \"true\"; int untrue, true_, x1true;\n\
             // bool\nchar c = 'b'; double d = 1e+true;"
        );
        assert!(matches!(
            parser_text("int x = 1;"),
            std::borrow::Cow::Borrowed(_)
        ));
        // Unterminated literals and comments end the scan without a panic.
        for s in ["\"true", "'\\", "/* true", "true\"", "é true"] {
            assert_eq!(parser_text(s).len(), s.len(), "{s}");
        }
    }
}
