//! Input parsing as glibc does it: `scanf` for the supported conversions, `getchar`, and
//! `strtol`/`atoi`, on a byte buffer from a given position.
//!
//! Numbers are converted the way glibc's `vfscanf` does it: the digits go through `strtol`
//! (signed conversions) or `strtoul` (`%u`, `%x`, `%o`), which saturate at the 64-bit `long`
//! range (`strtoul` negates a `-` in unsigned arithmetic), and the result is then stored into the
//! target's type by truncation, keeping the low bits. So `%d` of `4294967297` stores 1 and `%d` of
//! `99999999999999999999` stores the low 32 bits of `LONG_MAX`, i.e. -1. `%i` reads with an
//! automatic base ([`ConvSpec::any_base`](faultline_ir::format::ConvSpec::any_base)): `0x1f` is
//! hexadecimal, `017` octal.
//!
//! The functions take the input and a position and return the new position: the caller owns the
//! cursor. The interpreter keeps one concrete position; the symbolic executor calls these at
//! every position its (path-dependent) input cursor may be at.

use faultline_ir::format::{ConvKind, FmtPiece, LengthMod};

/// C's `isspace` in the "C" locale.
pub fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// What one `scanf` call does from one input position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScanOutcome {
    /// The values assigned, in conversion order: the `strtol`/`strtoul` result, or the byte for
    /// `%c`, before conversion to the target's type (the caller truncates to it); for `%f`
    /// the bit pattern of the `float` (`%lf`: the `double`) that `strtof`/`strtod` returns.
    pub stored: Vec<i128>,
    /// The return value: the count of assigned items, or -1 (EOF) when input ended before the
    /// first one.
    pub result: i32,
    /// Input position afterwards.
    pub pos: usize,
    /// The bytes of each `%s` conversion (without the NUL the caller appends) and of each
    /// `%Nc` with a width, by conversion index (their entry in `stored` is their first byte).
    pub texts: Vec<(usize, Vec<u8>)>,
}

/// Run `scanf(format, …)` on `data` from `pos`. `Err` for a conversion that is not implemented
/// for `scanf` (`%s`).
///
/// Whitespace in the format skips any amount of input whitespace; other literal bytes must match.
/// Scanning stops at the first failure: when input ends (glibc's `input_error`: the result is
/// EOF if nothing was assigned yet) or does not match (`conv_error`: the result is the count so
/// far).
pub fn scanf(data: &[u8], pos: usize, format: &[FmtPiece]) -> Result<ScanOutcome, &'static str> {
    let mut s = Cursor { data, pos };
    let mut stored = Vec::new();
    let mut texts = Vec::new();
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
                        // `%Nc` consumes N bytes; a scalar target receives the first.
                        let n = spec.width.unwrap_or(1).max(1) as usize;
                        let end = (s.pos + n).min(s.data.len());
                        if spec.width.is_some() {
                            texts.push((stored.len(), s.data[s.pos..end].to_vec()));
                        }
                        s.pos = end;
                        c as i128
                    }
                    ConvKind::Str => {
                        // `%s` / `%Ns`: skip white space, then a run of non-space bytes.
                        s.skip_space();
                        if s.peek().is_none() {
                            eof = true;
                            break 'scan;
                        }
                        let width = spec.width.map_or(usize::MAX, |w| w.max(1) as usize);
                        let from = s.pos;
                        while s.pos - from < width {
                            match s.peek() {
                                Some(c) if !is_space(c) => s.pos += 1,
                                _ => break,
                            }
                        }
                        let text = s.data[from..s.pos].to_vec();
                        let first = text.first().copied().unwrap_or(0) as i128;
                        texts.push((stored.len(), text));
                        first
                    }
                    ConvKind::Set => {
                        // `%[…]` / `%N[…]`: no white space skipped; a non-empty run of the
                        // set's bytes (none is a matching failure).
                        if s.peek().is_none() {
                            eof = true;
                            break 'scan;
                        }
                        let width = spec.width.map_or(usize::MAX, |w| w.max(1) as usize);
                        let from = s.pos;
                        while s.pos - from < width {
                            match s.peek() {
                                Some(c) if spec.set_has(c) => s.pos += 1,
                                _ => break,
                            }
                        }
                        if s.pos == from {
                            break 'scan;
                        }
                        let text = s.data[from..s.pos].to_vec();
                        let first = text[0] as i128;
                        texts.push((stored.len(), text));
                        first
                    }
                    ConvKind::Float(_) => {
                        s.skip_space();
                        if s.peek().is_none() {
                            eof = true;
                            break 'scan;
                        }
                        let width = spec.width.map_or(usize::MAX, |w| w as usize);
                        let double = matches!(spec.length, LengthMod::Long | LengthMod::LongLong);
                        match read_float(&mut s, width) {
                            Some(text) => parse_float(&text, double),
                            None => break 'scan,
                        }
                    }
                    kind => {
                        s.skip_space();
                        if s.peek().is_none() {
                            eof = true;
                            break 'scan;
                        }
                        let (base, signed) = match kind {
                            ConvKind::Signed if spec.any_base => (0, true),
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
        texts,
    })
}

/// `fgets(buf, size, stdin)` from `pos`: the bytes stored (without the NUL the caller
/// appends: at most `size - 1`, up to and including a newline) and the next position, or
/// `None` (NULL, the buffer untouched) when input ends before any byte is read or `size` < 1.
/// `size == 1` stores just the NUL.
pub fn fgets(data: &[u8], pos: usize, size: i128) -> (Option<Vec<u8>>, usize) {
    if size < 1 {
        return (None, pos);
    }
    let max = (size - 1).min(usize::MAX as i128 / 2) as usize;
    if max == 0 {
        return (Some(Vec::new()), pos);
    }
    if pos >= data.len() {
        return (None, pos);
    }
    let mut end = pos;
    while end < data.len() && end - pos < max {
        end += 1;
        if data[end - 1] == b'\n' {
            break;
        }
    }
    (Some(data[pos..end].to_vec()), end)
}

/// `gets(buf)` from `pos`: the line without its newline (which is consumed), or `None` (NULL)
/// at end of input.
pub fn gets(data: &[u8], pos: usize) -> (Option<Vec<u8>>, usize) {
    if pos >= data.len() {
        return (None, pos);
    }
    let rest = &data[pos..];
    match rest.iter().position(|&b| b == b'\n') {
        Some(k) => (Some(rest[..k].to_vec()), pos + k + 1),
        None => (Some(rest.to_vec()), data.len()),
    }
}

/// `getchar()` from `pos`: the byte (or -1, EOF) and the next position.
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

/// glibc's number scanner: optional sign, `0x` prefix for base 16 (and auto base 0, where a
/// leading `0` otherwise means octal), digits, at most `width` characters. `None` on a matching
/// failure (no digits); consumed characters stay consumed, as in glibc (it pushes back only the
/// one character it peeked at).
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
        // Saturate well above u64::MAX; only "too big" matters beyond that.
        mag = (mag * base as u128 + d as u128).min(1 << 100);
    }
    if digits == 0 {
        return None;
    }
    Some(strto_result(neg, mag, signed))
}

/// `strtol` (signed) or `strtoul` (unsigned) of a parsed sign and magnitude, on LP64.
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

/// `strtol(s, NULL, 10)`: leading whitespace, optional sign, decimal digits up to the first
/// non-digit; saturates at the `long` range; 0 when there are no digits. `atoi` is this
/// converted to `int` (glibc implements it so), `atol`/`atoll` are this.
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

/// `strtol(s, &end, base)` (`signed`) / `strtoul` with the result `bits` wide, as glibc: white
/// space, an optional sign, then digits of `base` (0: `0x`/`0X` then hexadecimal, `0` then
/// octal, else decimal; 16 allows the `0x` prefix; "0x" without a hex digit after it is the
/// number 0 ending before the `x`). Overflow saturates (`LONG_MAX`/`LONG_MIN`, `ULONG_MAX`);
/// `strtoul` negates an in-range magnitude modulo 2^bits. Returns the value and how many bytes
/// the number took (0 when there are no digits or the base is invalid: `end` is `s`).
pub fn strtol_base(s: &[u8], base: i128, signed: bool, bits: u32) -> (i128, usize) {
    if base != 0 && !(2..=36).contains(&base) {
        return (0, 0);
    }
    let mut i = 0;
    while i < s.len() && is_space(s[i]) {
        i += 1;
    }
    let mut neg = false;
    if let Some(&c @ (b'+' | b'-')) = s.get(i) {
        neg = c == b'-';
        i += 1;
    }
    let digit = |c: u8, b: u32| (c as char).to_digit(36).filter(|&d| d < b);
    let mut base = base as u32;
    let hex_prefix = s.get(i) == Some(&b'0')
        && matches!(s.get(i + 1), Some(b'x' | b'X'))
        && s.get(i + 2).is_some_and(|&c| digit(c, 16).is_some());
    if (base == 0 || base == 16) && hex_prefix {
        i += 2;
        base = 16;
    } else if base == 0 {
        base = if s.get(i) == Some(&b'0') { 8 } else { 10 };
    }
    let from = i;
    let mut mag: u128 = 0;
    while let Some(d) = s.get(i).and_then(|&c| digit(c, base)) {
        mag = (mag * base as u128 + d as u128).min(1 << 100);
        i += 1;
    }
    if i == from {
        return (0, 0);
    }
    let umax = (1u128 << bits) - 1;
    let v = if signed {
        let max = (1i128 << (bits - 1)) - 1;
        if neg {
            if mag > max as u128 + 1 {
                -max - 1
            } else {
                -(mag as i128)
            }
        } else {
            (mag.min(max as u128)) as i128
        }
    } else if mag > umax {
        umax as i128
    } else if neg {
        ((umax + 1 - mag) & umax) as i128
    } else {
        mag as i128
    };
    (v, i)
}

/// The characters glibc's `vfscanf` accepts as one floating-point number, at most `width` of
/// them: sign, then `inf`/`infinity`/`nan` (any case; no `nan(…)`), or hexadecimal (`0x`, hex
/// digits with one point, `p` and a decimal exponent) or decimal digits with one point and an
/// `e` exponent. An exponent letter without digits is consumed and ignored (glibc reads `1e`
/// as 1). `None` is a matching failure (no digits, or an incomplete `inf`/`nan`), the
/// characters read staying consumed as in glibc.
fn read_float(s: &mut Cursor<'_>, mut width: usize) -> Option<String> {
    let mut text = String::new();
    let take = |s: &mut Cursor<'_>, width: &mut usize, text: &mut String| -> Option<u8> {
        if *width == 0 {
            return None;
        }
        let c = s.peek()?;
        s.pos += 1;
        *width -= 1;
        text.push(c as char);
        Some(c)
    };
    if let Some(b'+' | b'-') = s.peek() {
        take(s, &mut width, &mut text);
    }
    let lower = |s: &Cursor<'_>| s.peek().map(|c| c.to_ascii_lowercase());
    // inf / infinity / nan: each letter must match, or the conversion fails.
    if width > 0 && matches!(lower(s), Some(b'i' | b'n')) {
        let word: &[u8] = if lower(s) == Some(b'i') {
            b"inf"
        } else {
            b"nan"
        };
        for &w in word {
            if width == 0 || lower(s) != Some(w) {
                return None;
            }
            take(s, &mut width, &mut text);
        }
        if word == b"inf" {
            // "infinity" is taken whole, or only as far as it matches (glibc then fails).
            let rest = b"inity";
            if width > 0 && lower(s) == Some(b'i') {
                for &w in rest {
                    if width == 0 || lower(s) != Some(w) {
                        return None;
                    }
                    take(s, &mut width, &mut text);
                }
            }
        }
        // glibc's scanf takes no `nan(n-char-sequence)`: the `(` stays unread.
        return Some(text);
    }
    let mut hexa = false;
    let mut digits = 0usize;
    if width > 0 && s.peek() == Some(b'0') {
        take(s, &mut width, &mut text);
        digits += 1;
        if width > 0 && matches!(lower(s), Some(b'x')) {
            take(s, &mut width, &mut text);
            hexa = true;
            digits = 0;
        }
    }
    let is_digit = |c: u8| {
        if hexa {
            c.is_ascii_hexdigit()
        } else {
            c.is_ascii_digit()
        }
    };
    let mut point = false;
    while width > 0 {
        match s.peek() {
            Some(c) if is_digit(c) => {
                take(s, &mut width, &mut text);
                digits += 1;
            }
            Some(b'.') if !point => {
                take(s, &mut width, &mut text);
                point = true;
            }
            _ => break,
        }
    }
    // "0x." counts as the number 0 (glibc counted the leading 0), "0x" alone does not.
    if digits == 0 && !(hexa && point) {
        return None;
    }
    let exp_letter = if hexa { b'p' } else { b'e' };
    if width > 0 && lower(s) == Some(exp_letter) {
        take(s, &mut width, &mut text);
        if width > 0 && matches!(s.peek(), Some(b'+' | b'-')) {
            take(s, &mut width, &mut text);
        }
        let mut exp_digits = 0;
        while width > 0 && s.peek().is_some_and(|c| c.is_ascii_digit()) {
            take(s, &mut width, &mut text);
            exp_digits += 1;
        }
        // glibc keeps an exponent letter (and sign) with no digits in the number it has read
        // ("1e" reads as 1, all consumed): `parse_float` ignores that tail.
        let _ = exp_digits;
    }
    Some(text)
}

/// `strtod`/`strtof` of a complete number text (as [`read_float`] collects it): the bit pattern
/// of the correctly rounded `double` (or `float`), as glibc rounds (to nearest even).
pub fn parse_float(text: &str, double: bool) -> i128 {
    let (neg, body) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let mut lower = body.to_ascii_lowercase();
    // An exponent without digits ("1e", "1e+", "0x1p-") means nothing.
    let exp_letter = if lower.starts_with("0x") { 'p' } else { 'e' };
    if !lower.starts_with("inf") && !lower.starts_with("nan") {
        let t = lower.trim_end_matches(['+', '-']);
        if let Some(t) = t.strip_suffix(exp_letter) {
            lower = t.to_string();
        }
    }
    let kind = if double {
        faultline_ir::IntKind::Double
    } else {
        faultline_ir::IntKind::Float
    };
    let magnitude: i128 = if lower.starts_with("inf") {
        faultline_ir::float::from_f64(kind, f64::INFINITY)
    } else if lower.starts_with("nan") {
        // glibc's strtod gives a positive quiet NaN.
        faultline_ir::float::from_f64(kind, f64::NAN)
    } else if let Some(h) = lower.strip_prefix("0x") {
        faultline_ir::float::parse_hex(h, kind).unwrap_or(0)
    } else if double {
        lower
            .parse::<f64>()
            .map(|x| x.to_bits() as i128)
            .unwrap_or(0)
    } else {
        lower
            .parse::<f32>()
            .map(|x| x.to_bits() as i128)
            .unwrap_or(0)
    };
    if neg {
        magnitude | 1i128 << (kind.bits() - 1)
    } else {
        magnitude
    }
}

/// `strtod(s, NULL)` (what `atof` is): leading whitespace, then the longest prefix that is a
/// number; 0.0 when there is none. The `double`'s bit pattern.
pub fn strtod(s: &[u8]) -> i128 {
    let mut c = Cursor { data: s, pos: 0 };
    c.skip_space();
    let start = c.pos;
    // strtod takes the longest valid prefix; `read_float` fails on an incomplete exponent or
    // word where strtod backs off, so retry on shorter prefixes.
    let mut end = s.len();
    while end > start {
        let mut t = Cursor {
            data: &s[..end],
            pos: start,
        };
        if let Some(text) = read_float(&mut t, usize::MAX) {
            return parse_float(&text, true);
        }
        end -= 1;
    }
    0
}
