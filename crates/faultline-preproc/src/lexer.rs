//! Preprocessing tokens (C11 6.4) over the raw bytes of one file.
//!
//! The lexer never copies: a [`RawTok`] is a byte range of the original text, so pass-through text
//! can be emitted verbatim and mapped linearly. Line splices (backslash-newline) are skipped
//! *inside* tokens (phase 2 of translation); [`tok_text`] removes them when a token's spelling is
//! needed. Every range ends on an ASCII byte or at the end of the text, so slicing is always on a
//! UTF-8 character boundary (bytes >= 0x80 are treated as identifier characters, and a run of them
//! always covers whole characters).

use std::borrow::Cow;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Ident,
    /// A pp-number: digits, letters, `.`, and signed exponents.
    Number,
    Char,
    Str,
    Punct,
    /// A byte that is no token on its own (`@`, a stray backslash…): passed through.
    Other,
    /// Blanks and comments, never containing an unspliced newline.
    Ws,
    Newline,
    /// Only in macro bodies: a reference to parameter `n`.
    Param(u16),
    /// Only during `##` substitution: an empty argument (C11 6.10.3.3p2).
    Placemarker,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawTok {
    pub kind: Kind,
    pub start: u32,
    pub end: u32,
}

/// A lexical problem that makes the rest of the file meaningless.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LexError {
    pub start: u32,
    pub end: u32,
    pub message: &'static str,
}

/// First bytes of punctuators (C11 6.4.6, without digraphs).
const PUNCT1: &[u8] = b"[](){}.&*+-~!/%<>^|?:;=,#";

pub fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b >= 0x80
}

struct Lexer<'a> {
    b: &'a [u8],
}

impl Lexer<'_> {
    /// Position after any line splices starting at `p`.
    fn skip(&self, mut p: usize) -> usize {
        while self.b.get(p) == Some(&b'\\') {
            match (self.b.get(p + 1), self.b.get(p + 2)) {
                (Some(b'\n'), _) => p += 2,
                (Some(b'\r'), Some(b'\n')) => p += 3,
                _ => break,
            }
        }
        p
    }

    /// The logical byte at `p` and the position after it.
    fn at(&self, p: usize) -> Option<(u8, usize)> {
        let q = self.skip(p);
        self.b.get(q).map(|&c| (c, q + 1))
    }

    /// End of the longest punctuator starting with `c` at `p` (splices allowed inside).
    fn punct_end(&self, p: usize, c: u8) -> usize {
        let (c1, n1) = self.at(p + 1).unwrap_or((0, p + 1));
        let (c2, n2) = self.at(n1).unwrap_or((0, n1));
        match (c, c1, c2) {
            (b'.', b'.', b'.') | (b'<', b'<', b'=') | (b'>', b'>', b'=') => n2,
            (b'-', b'>' | b'-' | b'=', _)
            | (b'+', b'+' | b'=', _)
            | (b'<', b'<' | b'=', _)
            | (b'>', b'>' | b'=', _)
            | (b'&', b'&' | b'=', _)
            | (b'|', b'|' | b'=', _)
            | (b'=' | b'!' | b'*' | b'/' | b'%' | b'^', b'=', _)
            | (b'#', b'#', _) => n1,
            _ => p + 1,
        }
    }

    /// Skip a quoted literal whose opening quote ends at `p`; stops at the closing quote or
    /// before an unspliced newline (an unterminated literal is left for the parser to reject).
    fn quoted(&self, mut p: usize, quote: u8) -> usize {
        while let Some((c, n)) = self.at(p) {
            match c {
                b'\n' => return p,
                b'\\' => {
                    p = n;
                    if let Some((c2, n2)) = self.at(p) {
                        if c2 != b'\n' {
                            p = n2;
                        }
                    }
                }
                _ if c == quote => return n,
                _ => p = n,
            }
        }
        self.b.len()
    }
}

/// Tokenize a whole file.
pub fn lex(src: &str) -> (Vec<RawTok>, Vec<LexError>) {
    let lx = Lexer { b: src.as_bytes() };
    let b = lx.b;
    let mut toks = Vec::with_capacity(b.len() / 3 + 1);
    let mut errors = Vec::new();
    let mut p = 0usize;
    while p < b.len() {
        let start = p;
        let c = b[p];
        // Whitespace, comments and splices merge into one Ws token.
        let mut q = p;
        loop {
            let s = lx.skip(q);
            match b.get(s) {
                Some(b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c') => q = s + 1,
                Some(b'/') if lx.at(s + 1).map(|x| x.0) == Some(b'/') => {
                    // Line comment: to the next unspliced newline. Fast path: the first newline,
                    // unless a splice continues the comment onto the next line.
                    if let Some(nl) = b[s..].iter().position(|&x| x == b'\n') {
                        let nl = s + nl;
                        let before = &b[s..nl];
                        if !before.ends_with(b"\\") && !before.ends_with(b"\\\r") {
                            q = nl;
                            continue;
                        }
                    }
                    let mut r = s + 1;
                    while let Some((ch, n)) = lx.at(r) {
                        if ch == b'\n' {
                            break;
                        }
                        r = n;
                    }
                    q = lx.skip(r).min(b.len());
                }
                Some(b'/') if lx.at(s + 1).map(|x| x.0) == Some(b'*') => {
                    // Fast path: the first literal `*/`, when no splice could hide an earlier one.
                    if b.get(s + 1) == Some(&b'*') {
                        if let Some(e) = src.get(s + 2..).and_then(|t| t.find("*/")) {
                            if !b[s + 2..s + 2 + e].contains(&b'\\') {
                                q = s + 2 + e + 2;
                                continue;
                            }
                        }
                    }
                    let mut r = lx.at(s + 1).map_or(b.len(), |x| x.1);
                    let mut closed = false;
                    while let Some((ch, n)) = lx.at(r) {
                        if ch == b'*' && lx.at(n).map(|x| x.0) == Some(b'/') {
                            r = lx.at(n).map_or(b.len(), |x| x.1);
                            closed = true;
                            break;
                        }
                        r = n;
                    }
                    if !closed {
                        errors.push(LexError {
                            start: s as u32,
                            end: (s + 2).min(b.len()) as u32,
                            message: "unterminated comment",
                        });
                        r = b.len();
                    }
                    q = r;
                }
                _ => {
                    q = s;
                    break;
                }
            }
        }
        if q > start {
            toks.push(RawTok {
                kind: Kind::Ws,
                start: start as u32,
                end: q as u32,
            });
            p = q;
            continue;
        }
        let (kind, end) = if c == b'\n' {
            (Kind::Newline, p + 1)
        } else if c == b'"' || c == b'\'' {
            let k = if c == b'"' { Kind::Str } else { Kind::Char };
            (k, lx.quoted(p + 1, c))
        } else if c.is_ascii_digit()
            || (c == b'.' && lx.at(p + 1).is_some_and(|x| x.0.is_ascii_digit()))
        {
            let mut r = p + 1;
            while let Some((ch, n)) = lx.at(r) {
                if matches!(ch, b'e' | b'E' | b'p' | b'P') {
                    if let Some((b'+' | b'-', n2)) = lx.at(n) {
                        r = n2;
                        continue;
                    }
                }
                if is_ident_byte(ch) || ch == b'.' {
                    r = n;
                } else {
                    break;
                }
            }
            (Kind::Number, r)
        } else if is_ident_byte(c) {
            let mut r = p + 1;
            while b.get(r).is_some_and(|&x| is_ident_byte(x)) {
                r += 1;
            }
            // Splices inside the identifier (rare): continue on the slow path.
            while let Some((ch, n)) = lx.at(r) {
                if !is_ident_byte(ch) {
                    break;
                }
                r = n;
            }
            // Encoding prefixes glue to a following literal: L"x", u8"x", U'x'.
            match lx.at(r) {
                Some((q @ (b'"' | b'\''), n))
                    if matches!(
                        tok_text(src, p as u32, r as u32).as_ref(),
                        "L" | "u" | "U" | "u8"
                    ) =>
                {
                    let k = if q == b'"' { Kind::Str } else { Kind::Char };
                    (k, lx.quoted(n, q))
                }
                _ => (Kind::Ident, r),
            }
        } else if PUNCT1.contains(&c) {
            (Kind::Punct, lx.punct_end(p, c))
        } else {
            (Kind::Other, p + 1)
        };
        let end = end.clamp(p + 1, b.len());
        toks.push(RawTok {
            kind,
            start: p as u32,
            end: end as u32,
        });
        p = end;
    }
    (toks, errors)
}

/// The spelling of `src[start..end]` with line splices removed.
pub fn tok_text(src: &str, start: u32, end: u32) -> Cow<'_, str> {
    let s = src.get(start as usize..end as usize).unwrap_or("");
    // Short tokens: a byte scan beats building a substring searcher.
    if s.bytes().any(|b| b == b'\\') && (s.contains("\\\n") || s.contains("\\\r\n")) {
        Cow::Owned(s.replace("\\\r\n", "").replace("\\\n", ""))
    } else {
        Cow::Borrowed(s)
    }
}

/// Whether emitting `next` right after `prev` would glue them into a different token, so the
/// output needs a separating space (what cpp calls "avoid paste").
pub fn would_paste(prev: u8, next: u8) -> bool {
    if is_ident_byte(prev) && (is_ident_byte(next) || next == b'.') {
        return true;
    }
    matches!(
        (prev, next),
        (b'+', b'+' | b'=')
            | (b'-', b'-' | b'=' | b'>')
            | (b'<', b'<' | b'=' | b':' | b'%')
            | (b'>', b'>' | b'=')
            | (b'=' | b'!' | b'*' | b'%' | b'^', b'=')
            | (b'&', b'&' | b'=')
            | (b'|', b'|' | b'=')
            | (b'/', b'/' | b'*' | b'=')
            | (b'#', b'#')
            | (b'.', b'.' | b'0'..=b'9')
            | (b'%', b'>' | b':')
            | (b':', b'>')
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<(Kind, String)> {
        lex(s)
            .0
            .iter()
            .filter(|t| t.kind != Kind::Ws)
            .map(|t| (t.kind, tok_text(s, t.start, t.end).into_owned()))
            .collect()
    }

    #[test]
    fn tokens_cover_the_text_exactly() {
        let s = "int x = 0x1Fu+'a' /* c\n */ // d\n\"s\\\"t\" ...>>=L'x'u8\"y\"\n";
        let (toks, errs) = lex(s);
        assert!(errs.is_empty());
        let mut p = 0;
        for t in &toks {
            assert_eq!(t.start as usize, p);
            p = t.end as usize;
        }
        assert_eq!(p, s.len());
        let k = kinds(s);
        assert!(k.contains(&(Kind::Number, "0x1Fu".into())));
        assert!(k.contains(&(Kind::Char, "'a'".into())));
        assert!(k.contains(&(Kind::Str, "\"s\\\"t\"".into())));
        assert!(k.contains(&(Kind::Punct, "...".into())));
        assert!(k.contains(&(Kind::Punct, ">>=".into())));
        assert!(k.contains(&(Kind::Char, "L'x'".into())));
        assert!(k.contains(&(Kind::Str, "u8\"y\"".into())));
        // The comment's newline is inside Ws: only the two real newlines are Newline tokens.
        assert_eq!(k.iter().filter(|t| t.0 == Kind::Newline).count(), 2);
    }

    #[test]
    fn splices_join_tokens() {
        let s = "AB\\\nCD 1e+5 +\\\n+";
        let k = kinds(s);
        assert_eq!(k[0], (Kind::Ident, "ABCD".into()));
        assert_eq!(k[1], (Kind::Number, "1e+5".into()));
        assert_eq!(k[2], (Kind::Punct, "++".into()));
    }

    #[test]
    fn unterminated_comment_is_reported() {
        let (_, errs) = lex("a /* b");
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].start, 2);
    }
}
