//! `printf`/`scanf` format strings, parsed once at lowering time.
//!
//! The lowerer checks arguments against the parsed pieces; the interpreter renders them; the
//! encoder models them. Parsing here keeps the three in agreement about what a format means.

use serde::Serialize;

use crate::IntKind;

/// Length modifier of a conversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum LengthMod {
    None,
    /// `hh`
    Char,
    /// `h`
    Short,
    /// `l`
    Long,
    /// `ll`
    LongLong,
    /// `z`
    Size,
}

/// Conversion character.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum ConvKind {
    /// `%d`, `%i` (told apart by [`ConvSpec::any_base`])
    Signed,
    /// `%u`
    Unsigned,
    /// `%x`
    HexLower,
    /// `%X`
    HexUpper,
    /// `%o`
    Octal,
    /// `%c`
    Char,
    /// `%s`
    Str,
    /// `%[abc]`, `%[^\n]`, `%[a-z]` (`scanf` only): a run of the bytes in [`ConvSpec::set`].
    Set,
    /// `%f %F %e %E %g %G %a %A`: a `double` argument (`float` arguments are promoted; the `l`
    /// of `%lf` means nothing in `printf`, and `double` in `scanf`, where plain `%f` is `float`).
    Float(FloatConv),
}

/// Which floating-point conversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum FloatStyle {
    /// `%f`: fixed-point, `precision` digits after the point (6 by default).
    Fixed,
    /// `%e`: `d.ddde±dd`.
    Exp,
    /// `%g`: `%e` or `%f` by the exponent, trailing zeros removed unless `#`.
    General,
    /// `%a`: hexadecimal `0x1.hhhp±d`.
    Hex,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct FloatConv {
    pub style: FloatStyle,
    /// Upper-case conversion character (`%F %E %G %A`): `INF`, `NAN`, `E`, `0X`.
    pub upper: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct ConvSpec {
    /// `-`: left-justify.
    pub left: bool,
    /// `0`: pad with zeros.
    pub zero: bool,
    /// `+`: always print a sign.
    pub plus: bool,
    /// ` `: space before non-negative numbers.
    pub space: bool,
    /// `#`: alternate form (0x prefix, leading 0).
    pub alt: bool,
    /// Minimum field width; `Some(None)` never occurs: `*` widths are rejected at lowering.
    pub width: Option<u32>,
    pub precision: Option<u32>,
    pub length: LengthMod,
    pub kind: ConvKind,
    /// `%i`: `scanf` reads it with an automatic base (`0x1f`, `017`, `31`); `printf` treats it
    /// as `%d`. Always false for other conversions (`kind` is `Signed` when this is set).
    pub any_base: bool,
    /// For [`ConvKind::Set`]: the bytes the run may hold, one bit per byte value (the `^`
    /// already applied).
    pub set: Option<[u8; 32]>,
}

impl ConvSpec {
    /// Whether a `%[…]` conversion accepts byte `b`.
    pub fn set_has(&self, b: u8) -> bool {
        self.set
            .is_some_and(|m| m[(b >> 3) as usize] & (1 << (b & 7)) != 0)
    }
}

impl ConvSpec {
    /// A conversion with no flags, width, precision or length modifier (`%d`, `%c`, `%s`…).
    pub const fn plain(kind: ConvKind) -> Self {
        ConvSpec {
            left: false,
            zero: false,
            plus: false,
            space: false,
            alt: false,
            width: None,
            precision: None,
            length: LengthMod::None,
            kind,
            any_base: false,
            set: None,
        }
    }
}

impl ConvSpec {
    /// The conversion as a user names it, without flags, width or precision: `%d`, `%lf`,
    /// `%s` (for messages).
    pub fn name(&self) -> String {
        let len = match self.length {
            LengthMod::None => "",
            LengthMod::Char => "hh",
            LengthMod::Short => "h",
            LengthMod::Long => "l",
            LengthMod::LongLong => "ll",
            LengthMod::Size => "z",
        };
        let c = match self.kind {
            ConvKind::Signed if self.any_base => 'i',
            ConvKind::Signed => 'd',
            ConvKind::Unsigned => 'u',
            ConvKind::HexLower => 'x',
            ConvKind::HexUpper => 'X',
            ConvKind::Octal => 'o',
            ConvKind::Char => 'c',
            ConvKind::Str => 's',
            ConvKind::Set => '[',
            ConvKind::Float(f) => {
                let c = match f.style {
                    FloatStyle::Fixed => 'f',
                    FloatStyle::Exp => 'e',
                    FloatStyle::General => 'g',
                    FloatStyle::Hex => 'a',
                };
                if f.upper {
                    c.to_ascii_uppercase()
                } else {
                    c
                }
            }
        };
        format!("%{len}{c}")
    }
}

impl ConvSpec {
    /// The type a `scanf` conversion stores: `%d` an `int`, `%hhd` a `signed char`, `%f` a
    /// `float` and `%lf` a `double`, `%c` one `char`; `None` for the text conversions (`%s`,
    /// `%[`).
    pub fn scanf_kind(&self) -> Option<IntKind> {
        use IntKind::*;
        let signed = match self.kind {
            ConvKind::Float(_) => {
                return Some(match self.length {
                    LengthMod::Long | LengthMod::LongLong => Double,
                    _ => Float,
                })
            }
            ConvKind::Signed => true,
            ConvKind::Unsigned | ConvKind::HexLower | ConvKind::HexUpper | ConvKind::Octal => false,
            ConvKind::Char => return Some(Char),
            ConvKind::Str | ConvKind::Set => return None,
        };
        let k = match self.length {
            LengthMod::None => Int,
            LengthMod::Char => SChar,
            LengthMod::Short => Short,
            LengthMod::Long | LengthMod::Size => Long,
            LengthMod::LongLong => LongLong,
        };
        Some(if signed { k } else { k.to_unsigned() })
    }
}

/// What a `scanf` conversion storing `v` (a value of type `stored`, or its bit pattern) leaves
/// in an object of type `cell` that held `old`, when the types differ: `%f` into a `double`,
/// `%d` into a `long` or a `float`, `%c` into an `int`. glibc writes the conversion's own
/// type through the pointer and x86-64 is little-endian, so its bytes replace the object's
/// low bytes, bit for bit (a `float`'s pattern in the low half of a `double`), and the other
/// bytes keep theirs. `stored` is never wider than `cell` (the lowerer refuses such a call:
/// it writes past the object). With equal widths `old` plays no part.
pub fn store_scanned(stored: IntKind, cell: IntKind, old: i128, v: i128) -> i128 {
    let low: u128 = (1u128 << stored.bits().min(127)) - 1;
    let bits = ((old as u128) & !low) | ((v as u128) & low);
    cell.wrap(bits as i128)
}

/// A `printf`-family argument its conversion cannot read (C11 7.21.6.1p9: undefined): a
/// `double` for `%d`, an integer for `%f`, a pointer for `%d`, a number for `%s`, or no
/// argument at all. gcc compiles the call with a warning; on x86-64 the conversion then reads
/// another register or stack slot than the one the argument went to (a `double` travels in
/// an `xmm` register, an integer in a general one), so what the program prints is unrelated
/// to the argument and no test can expect it. Reaching such a call is a runtime failure
/// there, in the interpreter and in the formula alike.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct FormatMismatch {
    /// The conversion as [`ConvSpec::name`] writes it.
    pub conversion: String,
    /// Which conversion of the format it is, from 0.
    pub index: usize,
    /// What the conversion reads, as words: "an `int`", "a `double`", "a string".
    pub expects: String,
    /// The C type of the argument given (`double`, `char *`); `None` when the call has no
    /// argument left for the conversion.
    pub given: Option<String>,
    /// The argument, or the whole call when the argument is missing.
    pub span: crate::Span,
}

/// "an" before a word read with a vowel sound (`int`, `unsigned long`), else "a".
pub fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

impl FormatMismatch {
    /// The failure in plain words: what the conversion reads and what it got.
    pub fn message(&self) -> String {
        match &self.given {
            Some(t) => format!(
                "`{}` expects {} but gets {} `{t}`: the output is undefined",
                self.conversion,
                self.expects,
                article(t)
            ),
            None => format!(
                "`{}` has no argument: the output is undefined",
                self.conversion
            ),
        }
    }
}

/// One piece of a format string.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum FmtPiece {
    /// Literal text (with `%%` already turned into `%`).
    Lit(String),
    Conv(ConvSpec),
}

/// Why a format string is not supported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// Byte offset within the (unescaped) format string.
    pub offset: usize,
    pub message: String,
}

/// The largest field width or precision a format may give (glibc allows up to `INT_MAX`).
pub const MAX_FIELD_WIDTH: u32 = 1 << 20;

/// Parse a `printf` (or `scanf`) format string. For `scanf`, whitespace in the literal pieces means
/// "skip any whitespace"; that interpretation belongs to the consumer.
pub fn parse_format(fmt: &str) -> Result<Vec<FmtPiece>, FormatError> {
    let bytes = fmt.as_bytes();
    let mut pieces = Vec::new();
    let mut lit = String::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'%' {
            let ch = fmt[i..].chars().next().expect("in bounds");
            lit.push(ch);
            i += ch.len_utf8();
            continue;
        }
        let start = i;
        i += 1;
        if bytes.get(i) == Some(&b'%') {
            lit.push('%');
            i += 1;
            continue;
        }
        let mut spec = ConvSpec::plain(ConvKind::Signed);
        while let Some(&c) = bytes.get(i) {
            match c {
                b'-' => spec.left = true,
                b'0' => spec.zero = true,
                b'+' => spec.plus = true,
                b' ' => spec.space = true,
                b'#' => spec.alt = true,
                _ => break,
            }
            i += 1;
        }
        // glibc honours any width or precision up to INT_MAX (`%5000d` prints 5000
        // characters); above MAX_FIELD_WIDTH the output of one conversion would be
        // megabytes, so such a format is rejected where it is written rather than printed
        // differently from glibc.
        let number = |i: &mut usize| -> Result<Option<u32>, FormatError> {
            let s = *i;
            while bytes.get(*i).is_some_and(u8::is_ascii_digit) {
                *i += 1;
            }
            if *i == s {
                return Ok(None);
            }
            match fmt[s..*i].parse::<u32>() {
                Ok(n) if n <= MAX_FIELD_WIDTH => Ok(Some(n)),
                _ => Err(FormatError {
                    offset: s,
                    message: format!(
                        "field width or precision `{}` is larger than {MAX_FIELD_WIDTH}",
                        &fmt[s..*i]
                    ),
                }),
            }
        };
        if bytes.get(i) == Some(&b'*') {
            return Err(FormatError {
                offset: i,
                message: "`*` field widths are not supported".into(),
            });
        }
        spec.width = number(&mut i)?;
        if bytes.get(i) == Some(&b'.') {
            i += 1;
            if bytes.get(i) == Some(&b'*') {
                return Err(FormatError {
                    offset: i,
                    message: "`*` precisions are not supported".into(),
                });
            }
            spec.precision = Some(number(&mut i)?.unwrap_or(0));
        }
        spec.length = match (bytes.get(i), bytes.get(i + 1)) {
            (Some(b'h'), Some(b'h')) => {
                i += 2;
                LengthMod::Char
            }
            (Some(b'h'), _) => {
                i += 1;
                LengthMod::Short
            }
            (Some(b'l'), Some(b'l')) => {
                i += 2;
                LengthMod::LongLong
            }
            (Some(b'l'), _) => {
                i += 1;
                LengthMod::Long
            }
            (Some(b'z'), _) => {
                i += 1;
                LengthMod::Size
            }
            _ => LengthMod::None,
        };
        spec.any_base = bytes.get(i) == Some(&b'i');
        spec.kind = match bytes.get(i) {
            Some(b'd') | Some(b'i') => ConvKind::Signed,
            Some(b'u') => ConvKind::Unsigned,
            Some(b'x') => ConvKind::HexLower,
            Some(b'X') => ConvKind::HexUpper,
            Some(b'o') => ConvKind::Octal,
            Some(b'c') => ConvKind::Char,
            Some(b's') => ConvKind::Str,
            Some(b'[') => {
                // glibc's scanset: `^` negates; a `]` or `-` first is a member; `a-z` is a
                // range when its ends ascend (else the `-` is a member).
                let mut map = [0u8; 32];
                let add = |m: &mut [u8; 32], b: u8| m[(b >> 3) as usize] |= 1 << (b & 7);
                let mut j = i + 1;
                let negate = bytes.get(j) == Some(&b'^');
                if negate {
                    j += 1;
                }
                if let Some(&c @ (b']' | b'-')) = bytes.get(j) {
                    add(&mut map, c);
                    j += 1;
                }
                loop {
                    match bytes.get(j) {
                        None => {
                            return Err(FormatError {
                                offset: start,
                                message: "format string ends inside a `%[` conversion".into(),
                            })
                        }
                        Some(b']') => break,
                        Some(b'-')
                            if bytes.get(j + 1).is_some_and(|&n| n != b']')
                                && bytes[j - 1] <= bytes[j + 1] =>
                        {
                            for b in bytes[j - 1]..bytes[j + 1] {
                                add(&mut map, b);
                            }
                        }
                        Some(&c) => add(&mut map, c),
                    }
                    j += 1;
                }
                if negate {
                    for m in &mut map {
                        *m = !*m;
                    }
                }
                spec.set = Some(map);
                // `i` ends on the closing `]`, stepped over below.
                i = j;
                ConvKind::Set
            }
            Some(&c @ (b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A')) => {
                let style = match c.to_ascii_lowercase() {
                    b'f' => FloatStyle::Fixed,
                    b'e' => FloatStyle::Exp,
                    b'g' => FloatStyle::General,
                    _ => FloatStyle::Hex,
                };
                ConvKind::Float(FloatConv {
                    style,
                    upper: c.is_ascii_uppercase(),
                })
            }
            Some(&c) => {
                let what = match c {
                    b'L' => "`L` (`long double`, 80-bit extended) is not supported".to_string(),
                    b'p' => "`%p` (pointers) is not supported".to_string(),
                    b'n' => "`%n` is not supported".to_string(),
                    _ => format!(
                        "unknown conversion `%{}`",
                        fmt[i..].chars().next().unwrap_or('?')
                    ),
                };
                return Err(FormatError {
                    offset: start,
                    message: what,
                });
            }
            None => {
                return Err(FormatError {
                    offset: start,
                    message: "format string ends inside a conversion".into(),
                })
            }
        };
        i += 1;
        if !lit.is_empty() {
            pieces.push(FmtPiece::Lit(std::mem::take(&mut lit)));
        }
        pieces.push(FmtPiece::Conv(spec));
    }
    if !lit.is_empty() {
        pieces.push(FmtPiece::Lit(lit));
    }
    Ok(pieces)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_widths_lengths_and_percent() {
        let p = parse_format("x=%-5ld%% %03x\n").unwrap();
        assert_eq!(p.len(), 5);
        match &p[1] {
            FmtPiece::Conv(c) => {
                assert!(c.left);
                assert_eq!(c.width, Some(5));
                assert_eq!(c.length, LengthMod::Long);
                assert_eq!(c.kind, ConvKind::Signed);
                assert!(!c.any_base);
            }
            _ => panic!(),
        }
        assert_eq!(p[2], FmtPiece::Lit("% ".into()));
    }

    #[test]
    fn percent_i_reads_with_any_base() {
        let p = parse_format("%i %d %li").unwrap();
        let convs: Vec<_> = p
            .iter()
            .filter_map(|p| match p {
                FmtPiece::Conv(c) => Some((c.kind, c.any_base)),
                _ => None,
            })
            .collect();
        assert_eq!(
            convs,
            [
                (ConvKind::Signed, true),
                (ConvKind::Signed, false),
                (ConvKind::Signed, true)
            ]
        );
    }

    #[test]
    fn parses_float_conversions_and_rejects_long_double() {
        let p = parse_format("%8.3lf %-10.1E %#g %A").unwrap();
        let convs: Vec<_> = p
            .iter()
            .filter_map(|p| match p {
                FmtPiece::Conv(c) => Some(c.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(
            convs[0].kind,
            ConvKind::Float(FloatConv {
                style: FloatStyle::Fixed,
                upper: false
            })
        );
        assert_eq!((convs[0].width, convs[0].precision), (Some(8), Some(3)));
        assert_eq!(convs[0].length, LengthMod::Long);
        assert!(convs[1].left);
        assert_eq!(
            convs[1].kind,
            ConvKind::Float(FloatConv {
                style: FloatStyle::Exp,
                upper: true
            })
        );
        assert!(convs[2].alt);
        let e = parse_format("a %Lf").unwrap_err();
        assert_eq!(e.offset, 2);
        assert!(e.message.contains("long double"));
    }
}
