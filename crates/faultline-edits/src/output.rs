//! Output edits: an output statement deleted (a stray prompt or debugging line); a
//! `printf`-family conversion that cannot read its argument made to read its type (`%d` →
//! `%f`, `%.2f`, `%g` for a `double`; `%f` or `%s` → `%d`, `%ld`, `%u`… for an integer, or
//! the integer cast to `double` where a floating conversion reads it), run
//! from the edited text compiled again ([`Change::Reshape`]: an expression argument becomes
//! a component statement of its own once it fits).

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

impl Gen<'_> {
    /// The conversion of `stmt` (a `printf` or `sprintf` call) that cannot read its argument
    /// (`FormatMismatch`) made to read the argument's type, keeping its flags and width.
    pub(crate) fn fit_conversion(&mut self, stmt: &Stmt) {
        let m = match &stmt.kind {
            StmtKind::Builtin(
                Builtin::Printf {
                    undefined: Some(m), ..
                }
                | Builtin::Sprintf {
                    undefined: Some(m), ..
                },
            ) => m,
            _ => return,
        };
        let Some(given) = m.given.as_deref() else {
            return;
        };
        let text = self.text(stmt.span);
        let Some(FormatLiteral {
            start: fmt_start,
            convs,
            ..
        }) = format_conversions(text)
        else {
            return;
        };
        let Some(&(a, b)) = convs.get(m.index) else {
            return;
        };
        let conv = &text[fmt_start + a..fmt_start + b];
        let float_conv = conv.ends_with(['f', 'F', 'e', 'E', 'g', 'G', 'a', 'A']);
        // Flags and width (`%-8`), and the precision after them (`.2`), without the length.
        let body = conv[1..conv.len() - 1].trim_end_matches(['l', 'h', 'z', 'j', 't', 'L']);
        let (width, precision) = body.split_at(body.find('.').unwrap_or(body.len()));
        let mut with: Vec<String> = Vec::new();
        match given {
            "double" | "float" => {
                with.push(format!("%{width}{precision}f"));
                with.push(format!("%{width}.1f"));
                with.push(format!("%{width}.2f"));
                with.push(format!("%{width}g"));
            }
            _ => {
                let length = match given {
                    "char" | "signed char" | "unsigned char" | "short" | "unsigned short"
                    | "_Bool" | "int" => "d",
                    "unsigned int" => "u",
                    "long" => "ld",
                    "unsigned long" => "lu",
                    "long long" => "lld",
                    "unsigned long long" => "llu",
                    // A pointer or a function: no conversion prints what was meant.
                    _ => return,
                };
                with.push(format!("%{width}{length}"));
            }
        }
        let base = stmt.span.start + fmt_start as u32;
        let span = Span::new(stmt.span.file, base + a as u32, base + b as u32);
        for after in with {
            self.push(EditKind::Conversion, span, after, Change::Reshape);
        }
        // An integer a floating conversion reads: the cast keeps the conversion's precision
        // (`%.2f` of `total` → `(double)total`).
        if float_conv && !matches!(given, "double" | "float") {
            let arg = self.text(m.span);
            let simple = arg
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'[' | b']' | b'.'));
            let after = if simple {
                format!("(double){arg}")
            } else {
                format!("(double)({arg})")
            };
            self.push(EditKind::Conversion, m.span, after, Change::Reshape);
        }
    }
}

/// Where a call's format literal lies in its text, and its conversions.
pub(crate) struct FormatLiteral {
    /// The first byte of its contents (after the opening `"`).
    pub(crate) start: usize,
    /// Its closing `"`.
    pub(crate) end: usize,
    /// The byte range of each conversion (`%…c`, `%%` skipped), relative to `start`.
    pub(crate) convs: Vec<(usize, usize)>,
}

/// The format literal of a call's text (`printf("x=%5.2f\n", x)`). `None` when the text has no
/// closed string literal (a format from a macro).
pub(crate) fn format_conversions(text: &str) -> Option<FormatLiteral> {
    let open = text.find('"')?;
    // The literal's end: the next `"` not escaped.
    let bytes = text.as_bytes();
    let mut close = None;
    let mut k = open + 1;
    while k < bytes.len() {
        match bytes[k] {
            b'\\' => k += 1,
            b'"' => {
                close = Some(k);
                break;
            }
            _ => {}
        }
        k += 1;
    }
    let close = close?;
    let fb = &bytes[open + 1..close];
    let mut convs = Vec::new();
    let mut i = 0;
    while i < fb.len() {
        if fb[i] != b'%' {
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        if fb.get(i) == Some(&b'%') {
            i += 1;
            continue;
        }
        while i < fb.len() && !fb[i].is_ascii_alphabetic() {
            i += 1;
        }
        while i < fb.len() && matches!(fb[i], b'l' | b'h' | b'z' | b'j' | b't' | b'L') {
            i += 1;
        }
        if i < fb.len() {
            convs.push((start, i + 1));
        }
        i += 1;
    }
    Some(FormatLiteral {
        start: open + 1,
        end: close,
        convs,
    })
}
