//! `scanf`, `getchar` and `strtol` on the test's concrete standard input, from a given position.
//!
//! Mirrors `faultline_interp::scan` (the interpreter is only this crate's test oracle; the tests
//! below check agreement). Standard input is always concrete in a replica, so an input statement
//! has a concrete outcome for every position the input cursor may be at; the executor turns the
//! (few) possible positions into an `ite` over these outcomes.

use faultline_ir::format::{ConvKind, FmtPiece};

/// C's `isspace` in the "C" locale.
pub fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// What one `scanf` call does from one input position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScanOutcome {
    /// The values stored, in conversion order (the `strtol`/`strtoul` result or the byte, before
    /// conversion to the target type).
    pub stored: Vec<i128>,
    /// The return value: count of assigned items, or -1.
    pub result: i32,
    /// Input position afterwards.
    pub pos: usize,
}

/// Run `scanf(format)` on `data` from `pos`. `is_i[k]` says the `k`-th conversion is `%i`
/// (automatic base; see [`scanf_i_conversions`]). `Err` for a conversion the interpreter does not
/// support either (`%s`).
pub fn scanf(
    data: &[u8],
    pos: usize,
    format: &[FmtPiece],
    is_i: &[bool],
) -> Result<ScanOutcome, &'static str> {
    let mut s = Cursor { data, pos };
    let mut stored = Vec::new();
    let mut eof = false;
    'scan: for piece in format {
        match piece {
            FmtPiece::Lit(text) => {
                for &fc in text.as_bytes() {
                    if is_space(fc) {
                        s.skip_space();
                        continue;
                    }
                    match s.peek() {
                        None => {
                            eof = true;
                            break 'scan;
                        }
                        Some(c) if c == fc => s.pos += 1,
                        Some(_) => break 'scan,
                    }
                }
            }
            FmtPiece::Conv(spec) => {
                let value = match spec.kind {
                    ConvKind::Char => {
                        let Some(c) = s.peek() else {
                            eof = true;
                            break 'scan;
                        };
                        let n = spec.width.unwrap_or(1).max(1) as usize;
                        s.pos = (s.pos + n).min(s.data.len());
                        c as i128
                    }
                    ConvKind::Str => return Err("`%s` in scanf is not supported"),
                    kind => {
                        s.skip_space();
                        if s.peek().is_none() {
                            eof = true;
                            break 'scan;
                        }
                        let (base, signed) = match kind {
                            ConvKind::Signed if is_i.get(stored.len()) == Some(&true) => (0, true),
                            ConvKind::Signed => (10, true),
                            ConvKind::Unsigned => (10, false),
                            ConvKind::Octal => (8, false),
                            _ => (16, false),
                        };
                        let width = spec.width.map_or(usize::MAX, |w| w as usize);
                        match read_number(&mut s, width, base, signed) {
                            Some(v) => v,
                            None => break 'scan,
                        }
                    }
                };
                stored.push(value);
            }
        }
    }
    let count = stored.len() as i32;
    Ok(ScanOutcome {
        result: if eof && count == 0 { -1 } else { count },
        stored,
        pos: s.pos,
    })
}

/// For each conversion of the first string literal (adjacent literals concatenated) in the
/// source text of a `scanf` call, whether it is `%i`: the parsed format does not distinguish
/// `%d` from `%i`, so the interpreter re-reads the literal, and so must the encoding. `None`
/// when no literal is found or it has not `expected` conversions (every `%i` then reads as
/// `%d`, as in the interpreter).
pub fn scanf_i_conversions(call: &str, expected: usize) -> Option<Vec<bool>> {
    let fmt = first_literal(call)?;
    let bytes = fmt.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'%' {
            i += 1;
            continue;
        }
        i += 1;
        if bytes.get(i) == Some(&b'%') {
            i += 1;
            continue;
        }
        while i < bytes.len() && b"-0+ #*'0123456789.hlLqjzt".contains(&bytes[i]) {
            i += 1;
        }
        out.push(bytes.get(i) == Some(&b'i'));
        i += 1;
    }
    (out.len() == expected).then_some(out)
}

/// The unescaped text of the first string literal of `text` and the literals adjacent to it.
fn first_literal(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let mut i = text.find('"')?;
    let mut out = String::new();
    loop {
        i += 1;
        loop {
            match *b.get(i)? {
                b'"' => break,
                b'\\' => {
                    out.push(*b.get(i + 1)? as char);
                    i += 2;
                }
                c => {
                    out.push(c as char);
                    i += 1;
                }
            }
        }
        i += 1;
        while b.get(i).is_some_and(|c| c.is_ascii_whitespace()) {
            i += 1;
        }
        if b.get(i) != Some(&b'"') {
            return Some(out);
        }
    }
}

/// `getchar()` from `pos`: the byte (or -1) and the next position.
pub fn getchar(data: &[u8], pos: usize) -> (i128, usize) {
    match data.get(pos) {
        Some(&b) => (b as i128, pos + 1),
        None => (-1, pos),
    }
}

struct Cursor<'a> {
    data: &'a [u8],
    pos: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.data.get(self.pos).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(is_space) {
            self.pos += 1;
        }
    }
}

fn read_number(s: &mut Cursor<'_>, mut width: usize, mut base: u32, signed: bool) -> Option<i128> {
    let mut neg = false;
    let mut digits = 0usize;
    let mut mag: u128 = 0;
    if width > 0 {
        if let Some(c @ (b'+' | b'-')) = s.peek() {
            neg = c == b'-';
            s.pos += 1;
            width -= 1;
        }
    }
    if width > 0 && s.peek() == Some(b'0') {
        s.pos += 1;
        width -= 1;
        digits += 1;
        if width > 0 && matches!(s.peek(), Some(b'x' | b'X')) {
            if base == 0 {
                base = 16;
            }
            if base == 16 {
                s.pos += 1;
                width -= 1;
            }
        } else if base == 0 {
            base = 8;
        }
    }
    if base == 0 {
        base = 10;
    }
    while width > 0 {
        let Some(d) = s.peek().and_then(|c| (c as char).to_digit(base)) else {
            break;
        };
        s.pos += 1;
        width -= 1;
        digits += 1;
        mag = (mag * base as u128 + d as u128).min(1 << 100);
    }
    if digits == 0 {
        return None;
    }
    Some(strto_result(neg, mag, signed))
}

fn strto_result(neg: bool, mag: u128, signed: bool) -> i128 {
    if signed {
        if neg {
            if mag > 1u128 << 63 {
                i64::MIN as i128
            } else {
                -(mag as i128)
            }
        } else if mag > i64::MAX as u128 {
            i64::MAX as i128
        } else {
            mag as i128
        }
    } else if mag > u64::MAX as u128 {
        u64::MAX as i128
    } else if neg {
        ((1u128 << 64) - mag) as i128 & u64::MAX as i128
    } else {
        mag as i128
    }
}

/// `strtol(s, NULL, 10)` (what `atoi`/`atol` compute before conversion to the result type).
pub fn strtol(s: &[u8]) -> i128 {
    let mut i = 0;
    while i < s.len() && is_space(s[i]) {
        i += 1;
    }
    let mut neg = false;
    if let Some(&c @ (b'+' | b'-')) = s.get(i) {
        neg = c == b'-';
        i += 1;
    }
    let mut mag: u128 = 0;
    while let Some(d) = s.get(i).filter(|c| c.is_ascii_digit()) {
        mag = (mag * 10 + (d - b'0') as u128).min(1 << 100);
        i += 1;
    }
    strto_result(neg, mag, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use faultline_interp::scan as oracle;
    use faultline_ir::format::{parse_format, FmtPiece};

    #[test]
    fn agrees_with_interpreter() {
        let inputs: [&[u8]; 7] = [
            b"12 -7 x",
            b"  0x1f 99999999999999999999",
            b"",
            b"   ",
            b"5,6\n7",
            b"abc",
            b"-0 +3 4294967297",
        ];
        let formats = [
            "%d", "%d %d", "%x %ld", "%d,%d", "%c%c", "%u", " %o", "x%d", "%3d%d",
        ];
        for data in inputs {
            for f in formats {
                let fmt = parse_format(f).unwrap();
                let n = fmt
                    .iter()
                    .filter(|p| matches!(p, FmtPiece::Conv(_)))
                    .count();
                let is_i = scanf_i_conversions(&format!("scanf(\"{f}\", &x)"), n).unwrap();
                let mut st = oracle::Stdin::new(data.to_vec());
                let mut want = Vec::new();
                let r = oracle::scanf(&mut st, &fmt, &is_i, |_, v| {
                    want.push(v);
                    Ok::<(), ()>(())
                })
                .unwrap();
                let got = scanf(data, 0, &fmt, &is_i).unwrap();
                assert_eq!(got.stored, want, "{f} on {data:?}");
                assert_eq!(got.result, r, "{f} on {data:?}");
                // The interpreter's cursor is private: check the position through getchar.
                assert_eq!(getchar(data, got.pos).0, st.getchar(), "{f} on {data:?}");
            }
        }
        for s in [
            "42",
            " -17x",
            "+",
            "99999999999999999999",
            "-99999999999999999999",
            "",
        ] {
            assert_eq!(strtol(s.as_bytes()), oracle::strtol(s.as_bytes()));
        }
    }
}
