//! `printf` rendering, byte for byte as glibc prints the supported conversions.
//!
//! The interpreter appends the result to the program's output; the symbolic executor renders
//! candidate values to learn which texts a symbolic integer can print as.

use faultline_ir::format::{ConvKind, ConvSpec, FloatConv, FloatStyle, LengthMod};
use faultline_ir::IntKind;

/// The argument of one conversion.
#[derive(Clone, Copy, Debug)]
pub enum FmtArg<'a> {
    /// An integer, or for a floating conversion (`%f`…) the bit pattern of a `double`.
    Int(i128),
    /// The bytes of a string, without its NUL.
    Str(&'a [u8]),
}

/// The evaluated arguments of one `printf`-family call, in the order the format reads them:
/// integer (and floating) arguments in `ints`, the strings one after the other in `bytes`,
/// the `k`-th ending at `ends[k]`.
#[derive(Clone, Copy, Debug)]
pub struct FmtArgs<'a> {
    pub ints: &'a [i128],
    pub bytes: &'a [u8],
    pub ends: &'a [usize],
}

/// Why [`render_format`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// The format has more integer conversions than arguments (the lowerer checks the count,
    /// so this is an invalid program).
    MissingInt,
    /// The same for `%s`.
    MissingStr,
    /// The text grew past the caller's limit (after the piece that did it).
    TooLong,
}

/// Append the whole text `format` prints with `args` to `out` (what `printf`, `fprintf`,
/// `sprintf` and `snprintf` print, before `snprintf` truncates): literal text as it is, each
/// conversion by [`render`]. Stops with [`FormatError::TooLong`] once `out` is longer than
/// `limit` bytes.
pub fn render_format(
    out: &mut Vec<u8>,
    format: &[faultline_ir::format::FmtPiece],
    args: FmtArgs<'_>,
    limit: usize,
) -> Result<(), FormatError> {
    use faultline_ir::format::FmtPiece;
    let (mut ii, mut si) = (0usize, 0usize);
    for piece in format {
        match piece {
            FmtPiece::Lit(text) => out.extend_from_slice(text.as_bytes()),
            FmtPiece::Conv(spec) => {
                let arg = if spec.kind == ConvKind::Str {
                    let end = *args.ends.get(si).ok_or(FormatError::MissingStr)?;
                    let start = if si == 0 { 0 } else { args.ends[si - 1] };
                    si += 1;
                    FmtArg::Str(&args.bytes[start..end])
                } else {
                    let v = *args.ints.get(ii).ok_or(FormatError::MissingInt)?;
                    ii += 1;
                    FmtArg::Int(v)
                };
                render(out, spec, arg);
            }
        }
        if out.len() > limit {
            return Err(FormatError::TooLong);
        }
    }
    Ok(())
}

/// The type a conversion reads its integer argument as (after the length modifier).
pub fn int_kind(spec: &ConvSpec) -> IntKind {
    if let ConvKind::Float(_) = spec.kind {
        return IntKind::Double;
    }
    let signed = matches!(spec.kind, ConvKind::Signed);
    match (spec.kind, spec.length) {
        (ConvKind::Char, _) => IntKind::UChar,
        (_, LengthMod::Char) if signed => IntKind::SChar,
        (_, LengthMod::Char) => IntKind::UChar,
        (_, LengthMod::Short) if signed => IntKind::Short,
        (_, LengthMod::Short) => IntKind::UShort,
        (_, LengthMod::Long | LengthMod::LongLong | LengthMod::Size) if signed => IntKind::Long,
        (_, LengthMod::Long | LengthMod::LongLong | LengthMod::Size) => IntKind::ULong,
        (_, LengthMod::None) if signed => IntKind::Int,
        (_, LengthMod::None) => IntKind::UInt,
    }
}

/// Append one conversion's output to `out`. `%i` prints as `%d` (its `any_base` matters only to
/// `scanf`). A string argument for an integer conversion (or the
/// reverse) cannot come out of the lowerer; it prints nothing rather than guessing.
pub fn render(out: &mut Vec<u8>, spec: &ConvSpec, arg: FmtArg<'_>) {
    let width = spec.width.unwrap_or(0) as usize;
    match (spec.kind, arg) {
        (ConvKind::Str, FmtArg::Str(s)) => {
            let s = match spec.precision {
                Some(p) => &s[..s.len().min(p as usize)],
                None => s,
            };
            // glibc pads strings and characters with spaces even with the `0` flag.
            pad_around(out, spec.left, width, s, &[]);
        }
        (ConvKind::Char, FmtArg::Int(v)) => {
            let b = [IntKind::UChar.wrap(v) as u8];
            pad_around(out, spec.left, width, &b, &[]);
        }
        (ConvKind::Float(conv), FmtArg::Int(v)) => {
            render_float(out, spec, conv, f64::from_bits(v as u64))
        }
        (ConvKind::Str | ConvKind::Char | ConvKind::Float(_), _) | (_, FmtArg::Str(_)) => {}
        (kind, FmtArg::Int(v)) => {
            let v = int_kind(spec).wrap(v);
            let (base, upper) = match kind {
                ConvKind::HexLower => (16, false),
                ConvKind::HexUpper => (16, true),
                ConvKind::Octal => (8, false),
                _ => (10, false),
            };
            let mut digits = [0u8; 48];
            let mut n = 0;
            let mut m = v.unsigned_abs();
            // Precision 0 with value 0 prints no digits at all (`%.0d` of 0 is empty).
            if !(m == 0 && spec.precision == Some(0)) {
                loop {
                    let d = (m % base) as u8;
                    digits[n] = match d {
                        0..=9 => b'0' + d,
                        _ if upper => b'A' + d - 10,
                        _ => b'a' + d - 10,
                    };
                    n += 1;
                    m /= base;
                    if m == 0 {
                        break;
                    }
                }
            }
            let mut body: Vec<u8> = Vec::with_capacity(n + 8);
            let precision = spec.precision.unwrap_or(0) as usize;
            body.extend(std::iter::repeat_n(b'0', precision.saturating_sub(n)));
            body.extend(digits[..n].iter().rev());
            // `#o` makes the first digit a 0, adding one only when it is not one already.
            if kind == ConvKind::Octal && spec.alt && body.first() != Some(&b'0') {
                body.insert(0, b'0');
            }
            let mut prefix: Vec<u8> = Vec::with_capacity(3);
            if kind == ConvKind::Signed {
                if v < 0 {
                    prefix.push(b'-');
                } else if spec.plus {
                    prefix.push(b'+');
                } else if spec.space {
                    prefix.push(b' ');
                }
            }
            if spec.alt && v != 0 && base == 16 {
                prefix.extend_from_slice(if upper { b"0X" } else { b"0x" });
            }
            let total = prefix.len() + body.len();
            if spec.zero && !spec.left && spec.precision.is_none() && width > total {
                out.extend_from_slice(&prefix);
                out.extend(std::iter::repeat_n(b'0', width - total));
                out.extend_from_slice(&body);
            } else {
                pad_around(out, spec.left, width, &prefix, &body);
            }
        }
    }
}

/// `a` then `b`, padded with spaces to `width` on the left (or on the right when `left`).
fn pad_around(out: &mut Vec<u8>, left: bool, width: usize, a: &[u8], b: &[u8]) {
    let pad = width.saturating_sub(a.len() + b.len());
    if !left {
        out.extend(std::iter::repeat_n(b' ', pad));
    }
    out.extend_from_slice(a);
    out.extend_from_slice(b);
    if left {
        out.extend(std::iter::repeat_n(b' ', pad));
    }
}

/// One floating conversion of `x`, as glibc's `printf_fp`/`printf_fphex` print it: the exact
/// decimal (or hexadecimal) expansion of the binary value rounded to the precision in the
/// current rounding mode, i.e. to nearest with ties to even (`%.0f` of 2.5 is `2`, of 3.5 is
/// `4`; `%.2f` of 2.675 is `2.67` because the double is 2.67499999…). Rust's `{:.N}` and
/// `{:.Ne}` formatting is exact with the same tie rule, so it supplies the digits; this
/// function arranges them as glibc does (exponent sign and two digits, `%g`'s choice and
/// trailing-zero removal, `#`, flags, `inf`/`nan` with the sign bit, `-nan` included).
pub fn render_float(out: &mut Vec<u8>, spec: &ConvSpec, conv: FloatConv, x: f64) {
    let width = spec.width.unwrap_or(0) as usize;
    let negative = x.is_sign_negative();
    let mut prefix: Vec<u8> = Vec::with_capacity(4);
    if negative {
        prefix.push(b'-');
    } else if spec.plus {
        prefix.push(b'+');
    } else if spec.space {
        prefix.push(b' ');
    }
    if !x.is_finite() {
        let word: &[u8] = match (x.is_nan(), conv.upper) {
            (true, false) => b"nan",
            (true, true) => b"NAN",
            (false, false) => b"inf",
            (false, true) => b"INF",
        };
        // glibc pads non-finite values with spaces even with the `0` flag.
        pad_around(out, spec.left, width, &prefix, word);
        return;
    }
    let a = x.abs();
    let body: String = match conv.style {
        FloatStyle::Fixed => fixed(a, spec.precision.unwrap_or(6) as usize, spec.alt),
        FloatStyle::Exp => exp(
            a,
            spec.precision.unwrap_or(6) as usize,
            spec.alt,
            conv.upper,
        ),
        FloatStyle::General => general(
            a,
            spec.precision.unwrap_or(6) as usize,
            spec.alt,
            conv.upper,
        ),
        FloatStyle::Hex => {
            prefix.extend_from_slice(if conv.upper { b"0X" } else { b"0x" });
            hex(a, spec.precision.map(|p| p as usize), spec.alt, conv.upper)
        }
    };
    let body = body.as_bytes();
    let total = prefix.len() + body.len();
    if spec.zero && !spec.left && width > total {
        out.extend_from_slice(&prefix);
        out.extend(std::iter::repeat_n(b'0', width - total));
        out.extend_from_slice(body);
    } else {
        pad_around(out, spec.left, width, &prefix, body);
    }
}

/// `%f` of a non-negative finite value.
fn fixed(a: f64, precision: usize, alt: bool) -> String {
    let mut s = format!("{a:.precision$}");
    if alt && precision == 0 {
        s.push('.');
    }
    s
}

/// The digits of `a` rounded to `precision + 1` significant digits and its decimal exponent:
/// `("12345", 3)` for 1234.5 at precision 4.
fn sig_digits(a: f64, precision: usize) -> (String, i32) {
    let s = format!("{a:.precision$e}");
    let (mant, e) = s.split_once('e').unwrap_or((&s, "0"));
    let digits: String = mant.chars().filter(|c| *c != '.').collect();
    (digits, e.parse().unwrap_or(0))
}

fn exp_text(digits: &str, e: i32, alt: bool, upper: bool) -> String {
    let mut s = String::with_capacity(digits.len() + 6);
    s.push_str(&digits[..1]);
    if digits.len() > 1 || alt {
        s.push('.');
    }
    s.push_str(&digits[1..]);
    s.push(if upper { 'E' } else { 'e' });
    s.push(if e < 0 { '-' } else { '+' });
    let m = e.unsigned_abs();
    if m < 10 {
        s.push('0');
    }
    s.push_str(&m.to_string());
    s
}

/// `%e` of a non-negative finite value.
fn exp(a: f64, precision: usize, alt: bool, upper: bool) -> String {
    let (digits, e) = sig_digits(a, precision);
    exp_text(&digits, e, alt, upper)
}

/// `%g` (C11 7.21.6.1p8): with P significant digits and X the exponent `%e` would print,
/// `%f` with precision P-1-X when P > X >= -4, else `%e` with precision P-1; then trailing
/// zeros (and a trailing point) go unless `#`.
fn general(a: f64, precision: usize, alt: bool, upper: bool) -> String {
    let p = precision.max(1);
    let (digits, x) = sig_digits(a, p - 1);
    // glibc chooses between the styles on the exponent before rounding: when rounding carries
    // into the next power of ten past the precision (999999.5 at P = 6), it switches to `%e`
    // but keeps the no fractional digits it had planned, so `%#g` prints `1.e+06`.
    let before: i32 = format!("{a:e}")
        .split_once('e')
        .and_then(|(_, e)| e.parse().ok())
        .unwrap_or(x);
    if alt && before as i64 == p as i64 - 1 && x as i64 == p as i64 {
        return exp_text(&digits[..1], x, alt, upper);
    }
    let mut s = if (p as i64) > x as i64 && x >= -4 {
        fixed(a, (p as i64 - 1 - x as i64) as usize, alt)
    } else {
        exp_text(&digits, x, alt, upper)
    };
    if !alt {
        let (mant, tail) = match s.find(['e', 'E']) {
            Some(i) => (s[..i].to_string(), s[i..].to_string()),
            None => (s.clone(), String::new()),
        };
        if mant.contains('.') {
            let t = mant.trim_end_matches('0').trim_end_matches('.');
            s = format!("{t}{tail}");
        }
    }
    s
}

/// `%a` of a non-negative finite value, after the `0x`: glibc prints normal doubles as
/// `1.hhh…p±e` and subnormals as `0.hhh…p-1022`, with trailing zero digits removed when no
/// precision is given, and rounds to nearest even to a given precision.
fn hex(a: f64, precision: Option<usize>, alt: bool, upper: bool) -> String {
    let bits = a.to_bits();
    let biased = (bits >> 52) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    let (mut lead, exp) = match (biased, frac) {
        (0, 0) => (0u64, 0i64),
        (0, _) => (0, -1022),
        _ => (1, biased - 1023),
    };
    // 13 hex digits of fraction.
    let mut frac = frac;
    let mut ndigits = 13usize;
    match precision {
        None => {
            while ndigits > 0 && frac & 0xf == 0 {
                frac >>= 4;
                ndigits -= 1;
            }
        }
        Some(p) if p < 13 => {
            let drop = 4 * (13 - p) as u32;
            let rest = frac & ((1u64 << drop) - 1);
            let half = 1u64 << (drop - 1);
            frac >>= drop;
            if rest > half
                || (rest == half && frac & 1 == 1)
                || (rest == half && p == 0 && lead & 1 == 1)
            {
                frac += 1;
                if frac >> (4 * p as u32) != 0 {
                    frac = 0;
                    lead += 1;
                }
            }
            ndigits = p;
        }
        Some(_) => {}
    }
    let mut s = String::new();
    s.push(char::from_digit(lead as u32, 16).unwrap_or('1'));
    let extra = precision.map_or(0, |p| p.saturating_sub(13));
    if ndigits > 0 || extra > 0 || alt {
        s.push('.');
    }
    if ndigits > 0 {
        let h = format!("{frac:0ndigits$x}");
        s.push_str(&h);
    }
    s.extend(std::iter::repeat_n('0', extra));
    if upper {
        s = s.to_ascii_uppercase();
    }
    s.push(if upper { 'P' } else { 'p' });
    if exp >= 0 {
        s.push('+');
    }
    s.push_str(&exp.to_string());
    s
}
