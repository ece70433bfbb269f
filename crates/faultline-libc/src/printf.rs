//! `printf` rendering, byte for byte as glibc prints the supported conversions.
//!
//! The interpreter appends the result to the program's output; the symbolic executor renders
//! candidate values to learn which texts a symbolic integer can print as.

use faultline_ir::format::{ConvKind, ConvSpec, LengthMod};
use faultline_ir::IntKind;

/// The argument of one conversion.
#[derive(Clone, Copy, Debug)]
pub enum FmtArg<'a> {
    Int(i128),
    /// The bytes of a string, without its NUL.
    Str(&'a [u8]),
}

/// The type a conversion reads its integer argument as (after the length modifier).
pub fn int_kind(spec: &ConvSpec) -> IntKind {
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
        (ConvKind::Str | ConvKind::Char, _) | (_, FmtArg::Str(_)) => {}
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
