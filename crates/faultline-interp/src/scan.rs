//! Input parsing as glibc does it: `scanf` for the supported conversions, and `strtol`/`atoi`.
//!
//! Numbers are converted the way glibc's `vfscanf` does it: the digits go through `strtol`
//! (signed conversions) or `strtoul` (`%u`, `%x`, `%o`), which saturate at the 64-bit `long`
//! range (`strtoul` negates a `-` in unsigned arithmetic), and the result is then stored into the
//! target's type by truncation, keeping the low bits. So `%d` of `4294967297` stores 1 and `%d` of
//! `99999999999999999999` stores the low 32 bits of `LONG_MAX`, i.e. -1.

use faultline_ir::format::{ConvKind, FmtPiece};

/// C's `isspace` in the "C" locale.
pub fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// Why a `scanf` call could not be carried out at all.
#[derive(Debug, PartialEq, Eq)]
pub enum ScanError<E> {
    /// A conversion the interpreter does not implement for `scanf` (`%s`).
    Unsupported(&'static str),
    /// Storing a value failed (the caller's error, e.g. an out-of-bounds target).
    Store(E),
}

/// A cursor over the program's standard input, shared by `scanf` and `getchar`.
#[derive(Debug, Default)]
pub struct Stdin {
    data: Vec<u8>,
    pos: usize,
}

impl Stdin {
    pub fn new(data: Vec<u8>) -> Self {
        Stdin { data, pos: 0 }
    }

    pub fn peek(&self) -> Option<u8> {
        self.data.get(self.pos).copied()
    }

    /// `getchar()`: the next byte, or -1 (EOF).
    pub fn getchar(&mut self) -> i128 {
        match self.peek() {
            Some(b) => {
                self.pos += 1;
                b as i128
            }
            None => -1,
        }
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(is_space) {
            self.pos += 1;
        }
    }
}

/// Why scanning stopped early.
enum Stop {
    /// Input ended (`input_error` in glibc: the result is EOF if nothing was assigned yet).
    Eof,
    /// The input did not match (`conv_error`: the result is the count so far).
    Mismatch,
}

/// Run `scanf(format, …)` against `stdin`. `store(i, v)` assigns the `i`-th conversion's value
/// (the `strtol`/`strtoul` result, or the byte for `%c`); the caller converts it to the target's
/// type. Returns the count of assigned items, or -1 when input ended before the first one.
/// `is_i[k]` says the `k`-th conversion is `%i` (automatic base) rather than `%d`.
pub fn scanf<E>(
    stdin: &mut Stdin,
    format: &[FmtPiece],
    is_i: &[bool],
    mut store: impl FnMut(usize, i128) -> Result<(), E>,
) -> Result<i32, ScanError<E>> {
    let mut count = 0i32;
    let mut conv_index = 0usize;
    let stop = 'scan: {
        for piece in format {
            match piece {
                FmtPiece::Lit(text) => {
                    for &fc in text.as_bytes() {
                        if is_space(fc) {
                            stdin.skip_space();
                            continue;
                        }
                        match stdin.peek() {
                            None => break 'scan Some(Stop::Eof),
                            Some(c) if c == fc => stdin.pos += 1,
                            Some(_) => break 'scan Some(Stop::Mismatch),
                        }
                    }
                }
                FmtPiece::Conv(spec) => {
                    let value = match spec.kind {
                        ConvKind::Char => {
                            let Some(c) = stdin.peek() else {
                                break 'scan Some(Stop::Eof);
                            };
                            // `%Nc` consumes N bytes; a scalar target receives the first.
                            let n = spec.width.unwrap_or(1).max(1) as usize;
                            stdin.pos = (stdin.pos + n).min(stdin.data.len());
                            c as i128
                        }
                        ConvKind::Str => {
                            return Err(ScanError::Unsupported("`%s` in scanf is not supported"))
                        }
                        kind => {
                            stdin.skip_space();
                            if stdin.peek().is_none() {
                                break 'scan Some(Stop::Eof);
                            }
                            // `%d` and `%i` share `ConvKind::Signed`; `is_i` tells them apart.
                            let (base, signed) = match kind {
                                ConvKind::Signed if is_i.get(conv_index) == Some(&true) => {
                                    (0, true)
                                }
                                ConvKind::Signed => (10, true),
                                ConvKind::Unsigned => (10, false),
                                ConvKind::Octal => (8, false),
                                _ => (16, false),
                            };
                            let width = spec.width.map_or(usize::MAX, |w| w as usize);
                            match read_number(stdin, width, base, signed) {
                                Some(v) => v,
                                None => break 'scan Some(Stop::Mismatch),
                            }
                        }
                    };
                    store(conv_index, value).map_err(ScanError::Store)?;
                    conv_index += 1;
                    count += 1;
                }
            }
        }
        None
    };
    Ok(match stop {
        Some(Stop::Eof) if count == 0 => -1,
        _ => count,
    })
}

/// glibc's number scanner: optional sign, `0x` prefix for base 16 (and auto base 0), digits, at
/// most `width` characters. `None` on a matching failure (no digits); consumed characters stay
/// consumed, as in glibc (it pushes back only the one character it peeked at).
fn read_number(stdin: &mut Stdin, mut width: usize, mut base: u32, signed: bool) -> Option<i128> {
    let mut neg = false;
    let mut digits = 0usize;
    let mut mag: u128 = 0;
    if width > 0 {
        if let Some(c @ (b'+' | b'-')) = stdin.peek() {
            neg = c == b'-';
            stdin.pos += 1;
            width -= 1;
        }
    }
    if width > 0 && stdin.peek() == Some(b'0') {
        stdin.pos += 1;
        width -= 1;
        digits += 1;
        if width > 0 && matches!(stdin.peek(), Some(b'x' | b'X')) {
            if base == 0 {
                base = 16;
            }
            if base == 16 {
                stdin.pos += 1;
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
        let Some(d) = stdin.peek().and_then(|c| (c as char).to_digit(base)) else {
            break;
        };
        stdin.pos += 1;
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
