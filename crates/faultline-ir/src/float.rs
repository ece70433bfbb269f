//! IEEE-754 semantics of `float` and `double` as gcc -O0 computes them on x86-64 (SSE2: every
//! operation rounds to nearest even in its own format, no excess precision), on values held as
//! bit patterns (see [`crate::types`]). Rust's `f32`/`f64` arithmetic compiles to the same SSE2
//! instructions, so it gives the same bits, NaN patterns included (x86's default NaN has the
//! sign bit set: `0.0/0.0` prints as `-nan`, as with gcc at run time).
//!
//! One implementation for the interpreter, the lowerer's constant folding and the symbolic
//! executor's folding of constant terms ("one pipeline, one truth").

use crate::program::{BinOp, UnOp};
use crate::types::IntKind;

/// The value of a `float`/`double` bit pattern, widened to `f64` (exact).
#[inline]
pub fn to_f64(kind: IntKind, bits: i128) -> f64 {
    match kind {
        IntKind::Float => f32::from_bits(bits as u32) as f64,
        _ => f64::from_bits(bits as u64),
    }
}

/// The bit pattern of `x` in `kind` (rounded to nearest even for `float`).
#[inline]
pub fn from_f64(kind: IntKind, x: f64) -> i128 {
    match kind {
        IntKind::Float => (x as f32).to_bits() as i128,
        _ => x.to_bits() as i128,
    }
}

/// Bit pattern of an `f32`.
#[inline]
pub fn f32_bits(x: f32) -> i128 {
    x.to_bits() as i128
}

/// Bit pattern of an `f64`.
#[inline]
pub fn f64_bits(x: f64) -> i128 {
    x.to_bits() as i128
}

/// `l op r` on two operands of floating type `kind`: the result's bit pattern for arithmetic,
/// 0 or 1 for comparisons (IEEE: every comparison with a NaN is false, except `!=`). `None`
/// for operators C does not define on floating operands (`%`, shifts, bitwise).
#[inline]
pub fn binary(op: BinOp, kind: IntKind, l: i128, r: i128) -> Option<i128> {
    if kind == IntKind::Float {
        let (a, b) = (f32::from_bits(l as u32), f32::from_bits(r as u32));
        Some(match op {
            BinOp::Add => f32_bits(a + b),
            BinOp::Sub => f32_bits(a - b),
            BinOp::Mul => f32_bits(a * b),
            BinOp::Div => f32_bits(a / b),
            BinOp::Eq => (a == b) as i128,
            BinOp::Ne => (a != b) as i128,
            BinOp::Lt => (a < b) as i128,
            BinOp::Le => (a <= b) as i128,
            BinOp::Gt => (a > b) as i128,
            BinOp::Ge => (a >= b) as i128,
            _ => return None,
        })
    } else {
        let (a, b) = (f64::from_bits(l as u64), f64::from_bits(r as u64));
        Some(match op {
            BinOp::Add => f64_bits(a + b),
            BinOp::Sub => f64_bits(a - b),
            BinOp::Mul => f64_bits(a * b),
            BinOp::Div => f64_bits(a / b),
            BinOp::Eq => (a == b) as i128,
            BinOp::Ne => (a != b) as i128,
            BinOp::Lt => (a < b) as i128,
            BinOp::Le => (a <= b) as i128,
            BinOp::Gt => (a > b) as i128,
            BinOp::Ge => (a >= b) as i128,
            _ => return None,
        })
    }
}

/// `op v` on a floating operand: `-x` flips the sign bit (also of zero and NaN, as gcc's
/// `xorpd`), `!x` is `x == 0`, `fabs` clears the sign bit. `None` for `~`.
#[inline]
pub fn unary(op: UnOp, kind: IntKind, v: i128) -> Option<i128> {
    let sign = 1i128 << (kind.bits() - 1);
    Some(match op {
        UnOp::Neg => v ^ sign,
        UnOp::Abs => v & !sign,
        UnOp::Not => is_zero(kind, v) as i128,
        UnOp::BitNot => return None,
    })
}

/// Whether a floating bit pattern is ±0 (what "false" is for a floating scalar).
#[inline]
pub fn is_zero(kind: IntKind, v: i128) -> bool {
    let sign = 1i128 << (kind.bits() - 1);
    v & !sign == 0
}

/// Whether a value of `kind` is nonzero ("true" in a condition).
#[inline]
pub fn truth(kind: IntKind, v: i128) -> bool {
    if kind.is_float() {
        !is_zero(kind, v)
    } else {
        v != 0
    }
}

/// A floating value that does not fit the integer type it is converted to (C11 6.3.1.4p1:
/// undefined behaviour).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OutOfRange {
    /// The value, widened to `f64`.
    pub value: f64,
}

/// Convert a value of type `from` to type `to` as C does (C11 6.3.1.3–6.3.1.5): integers to
/// floating types round to nearest even (directly, never through `f64` for `float`: no double
/// rounding); floating types to integers truncate toward zero, and a value whose truncation does
/// not fit (or a NaN, or an infinity) is undefined behaviour; to `_Bool`, nonzero (NaN included)
/// is 1; `double` to `float` rounds to nearest even. Integer to integer is [`IntKind::wrap`].
#[inline]
pub fn convert(from: IntKind, to: IntKind, v: i128) -> Result<i128, OutOfRange> {
    match (from.is_float(), to.is_float()) {
        (false, false) => Ok(to.wrap(v)),
        (false, true) => Ok(match to {
            IntKind::Float => f32_bits(v as f32),
            _ => f64_bits(v as f64),
        }),
        (true, true) => Ok(match (from, to) {
            (IntKind::Double, IntKind::Float) => f32_bits(f64::from_bits(v as u64) as f32),
            (IntKind::Float, IntKind::Double) => f64_bits(f32::from_bits(v as u32) as f64),
            _ => v,
        }),
        (true, false) => {
            if to == IntKind::Bool {
                return Ok(!is_zero(from, v) as i128);
            }
            let x = to_f64(from, v);
            let t = x.trunc();
            // Bounds as powers of two, exact in every format: -2^(n-1) <= t < 2^(n-1) for
            // signed types, -1 < x (so t >= 0, -0.0 included) and t < 2^n for unsigned ones.
            let bits = to.bits() as i32;
            let ok = if to.is_signed() {
                let lim = 2f64.powi(bits - 1);
                t >= -lim && t < lim
            } else {
                t >= 0.0 && t < 2f64.powi(bits)
            };
            if ok {
                Ok(t as i128)
            } else {
                Err(OutOfRange { value: x })
            }
        }
    }
}

/// The magnitude of a hexadecimal floating constant (`h` is what follows `0x`, lower case:
/// hex digits with at most one point, then an optional `p` and a signed decimal exponent; a
/// C literal's suffix already removed), correctly rounded to `kind` (nearest even, subnormals
/// and overflow to infinity included) as gcc and glibc's `strtod` do. `None` if malformed.
pub fn parse_hex(h: &str, kind: IntKind) -> Option<i128> {
    let (mant, exp) = match h.split_once('p') {
        Some((m, e)) => (m, e.parse::<i64>().ok()?.clamp(-100_000, 100_000)),
        None => (h, 0),
    };
    let mut m: u128 = 0;
    let mut e: i64 = exp;
    let mut sticky = false;
    let mut point = false;
    let mut digits = 0;
    for c in mant.chars() {
        if c == '.' {
            if point {
                return None;
            }
            point = true;
            continue;
        }
        let d = c.to_digit(16)? as u128;
        digits += 1;
        if m < 1 << 120 {
            m = m * 16 + d;
            if point {
                e -= 4;
            }
        } else {
            sticky |= d != 0;
            if !point {
                e += 4;
            }
        }
    }
    if digits == 0 {
        return None;
    }
    let (p, emin, bias, emax): (i64, i64, i64, i64) = if kind == IntKind::Float {
        (24, -126, 127, 127)
    } else {
        (53, -1022, 1023, 1023)
    };
    if m == 0 {
        return Some(0);
    }
    let n = 128 - m.leading_zeros() as i64;
    let mut big_e = e + n - 1;
    let inf = ((emax + bias + 1) << (p - 1)) as i128;
    if big_e > emax {
        return Some(inf);
    }
    let keep = if big_e >= emin { p } else { p - (emin - big_e) };
    if keep < 0 {
        return Some(0);
    }
    let shift = n - keep;
    let mut q: u128 = if shift <= 0 {
        m << (-shift)
    } else {
        let rem = m & ((1u128 << shift) - 1);
        let half = 1u128 << (shift - 1);
        let q = m >> shift;
        let up = rem > half || (rem == half && (sticky || q & 1 == 1));
        q + up as u128
    };
    if keep < p {
        // Subnormal (or rounded up into the smallest normal, whose encoding is the same bits).
        return Some(q as i128);
    }
    if q == 1 << p {
        q >>= 1;
        big_e += 1;
        if big_e > emax {
            return Some(inf);
        }
    }
    Some((((big_e + bias) as i128) << (p - 1)) | (q as i128 - (1i128 << (p - 1))))
}

/// A `math.h` function the IR models (each also in its `f` variant: the `float` flavour
/// computes in `float`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum MathFn {
    Sqrt,
    Fabs,
    Floor,
    Ceil,
    Round,
    Trunc,
    Fmod,
    Pow,
    Exp,
    Log,
    Log10,
    Sin,
    Cos,
    Tan,
    Atan,
    Atan2,
    Hypot,
    Fmin,
    Fmax,
}

impl MathFn {
    /// The function called `name` (the `double` one: `sqrt`, not `sqrtf`).
    pub fn from_name(name: &str) -> Option<MathFn> {
        use MathFn::*;
        Some(match name {
            "sqrt" => Sqrt,
            "fabs" => Fabs,
            "floor" => Floor,
            "ceil" => Ceil,
            "round" => Round,
            "trunc" => Trunc,
            "fmod" => Fmod,
            "pow" => Pow,
            "exp" => Exp,
            "log" => Log,
            "log10" => Log10,
            "sin" => Sin,
            "cos" => Cos,
            "tan" => Tan,
            "atan" => Atan,
            "atan2" => Atan2,
            "hypot" => Hypot,
            "fmin" => Fmin,
            "fmax" => Fmax,
            _ => return None,
        })
    }

    pub const fn name(self) -> &'static str {
        use MathFn::*;
        match self {
            Sqrt => "sqrt",
            Fabs => "fabs",
            Floor => "floor",
            Ceil => "ceil",
            Round => "round",
            Trunc => "trunc",
            Fmod => "fmod",
            Pow => "pow",
            Exp => "exp",
            Log => "log",
            Log10 => "log10",
            Sin => "sin",
            Cos => "cos",
            Tan => "tan",
            Atan => "atan",
            Atan2 => "atan2",
            Hypot => "hypot",
            Fmin => "fmin",
            Fmax => "fmax",
        }
    }

    /// Number of arguments.
    pub const fn arity(self) -> usize {
        match self {
            MathFn::Fmod
            | MathFn::Pow
            | MathFn::Atan2
            | MathFn::Hypot
            | MathFn::Fmin
            | MathFn::Fmax => 2,
            _ => 1,
        }
    }

    /// Whether IEEE-754 defines the result exactly (correctly rounded or exact), so that a
    /// bit-precise circuit can model it; the others are glibc's implementation.
    pub const fn is_exact(self) -> bool {
        matches!(
            self,
            MathFn::Sqrt
                | MathFn::Fabs
                | MathFn::Floor
                | MathFn::Ceil
                | MathFn::Round
                | MathFn::Trunc
                | MathFn::Fmod
                | MathFn::Fmin
                | MathFn::Fmax
        )
    }

    /// The result's bit pattern for arguments of floating type `kind` (bit patterns).
    ///
    /// Rust's `f64::powf`, `exp`, `ln`, `sin`… call the platform's libm, which on the
    /// x86-64 Linux this runs on is glibc's: the interpreter therefore gets glibc's results,
    /// including for the functions whose last bit is implementation-defined (checked by the
    /// gcc differential suite). The `float` variants call the `f32` functions (glibc's
    /// `powf`, `sinf`…), as a C program calling `powf` does.
    pub fn eval(self, kind: IntKind, args: &[i128]) -> i128 {
        let a = args.first().copied().unwrap_or(0);
        let b = args.get(1).copied().unwrap_or(0);
        if kind == IntKind::Float {
            let x = f32::from_bits(a as u32);
            let y = f32::from_bits(b as u32);
            let r = self.eval_f32(x, y);
            // glibc returns a NaN quieted from every function but `fabs` (checked with gcc);
            // Rust's `floor`, `trunc`… hand a signalling NaN back unchanged.
            f32_bits(if r.is_nan() && self != MathFn::Fabs {
                quiet32(r)
            } else {
                r
            })
        } else {
            let x = f64::from_bits(a as u64);
            let y = f64::from_bits(b as u64);
            let r = self.eval_f64(x, y);
            f64_bits(if r.is_nan() && self != MathFn::Fabs {
                quiet64(r)
            } else {
                r
            })
        }
    }

    fn eval_f64(self, x: f64, y: f64) -> f64 {
        use MathFn::*;
        match self {
            Sqrt => x.sqrt(),
            Fabs => x.abs(),
            Floor => x.floor(),
            Ceil => x.ceil(),
            Round => x.round(),
            Trunc => x.trunc(),
            Fmod => x % y,
            Pow => x.powf(y),
            Exp => x.exp(),
            Log => x.ln(),
            Log10 => x.log10(),
            Sin => x.sin(),
            Cos => x.cos(),
            Tan => x.tan(),
            Atan => x.atan(),
            Atan2 => x.atan2(y),
            Hypot => x.hypot(y),
            Fmin => glibc_fmin(x, y, sig64, quiet64),
            Fmax => -glibc_fmin(-x, -y, sig64, quiet64),
        }
    }

    fn eval_f32(self, x: f32, y: f32) -> f32 {
        use MathFn::*;
        match self {
            Sqrt => x.sqrt(),
            Fabs => x.abs(),
            Floor => x.floor(),
            Ceil => x.ceil(),
            Round => x.round(),
            Trunc => x.trunc(),
            Fmod => x % y,
            Pow => x.powf(y),
            Exp => x.exp(),
            Log => x.ln(),
            Log10 => x.log10(),
            Sin => x.sin(),
            Cos => x.cos(),
            Tan => x.tan(),
            Atan => x.atan(),
            Atan2 => x.atan2(y),
            Hypot => x.hypot(y),
            Fmin => glibc_fmin(x, y, sig32, quiet32),
            Fmax => -glibc_fmin(-x, -y, sig32, quiet32),
        }
    }
}

// A signalling NaN has its most significant fraction bit clear; quieting sets it.
const QUIET64: u64 = 1 << 51;
const QUIET32: u32 = 1 << 22;
fn sig64(v: f64) -> bool {
    v.is_nan() && v.to_bits() & QUIET64 == 0
}
fn quiet64(v: f64) -> f64 {
    f64::from_bits(v.to_bits() | QUIET64)
}
fn sig32(v: f32) -> bool {
    v.is_nan() && v.to_bits() & QUIET32 == 0
}
fn quiet32(v: f32) -> f32 {
    f32::from_bits(v.to_bits() | QUIET32)
}

/// glibc's `fmin` (and, negated, `fmax`): a quiet NaN operand yields the other operand, and of
/// two equal operands (`+0` and `-0`) the first; with a signalling NaN operand, the second
/// operand quieted if it is a NaN, else the first. Rust's `min` leaves the sign of zero
/// unspecified (it differs between optimized and debug builds), and the formula's circuit
/// (`faultline_bitblast::fp::min`) follows glibc.
fn glibc_fmin<T: Copy + PartialOrd>(x: T, y: T, signalling: fn(T) -> bool, quiet: fn(T) -> T) -> T {
    // A value unordered with itself is a NaN.
    let nan = |v: T| v.partial_cmp(&v).is_none();
    if signalling(x) || signalling(y) {
        // glibc 2.36 on x86-64 (checked with gcc): the second operand quieted if it is a
        // NaN, else the first quieted.
        if nan(y) {
            quiet(y)
        } else {
            quiet(x)
        }
    } else if nan(x) {
        y
    } else if nan(y) || y >= x {
        x
    } else {
        y
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use IntKind::*;

    #[test]
    fn fmin_and_fmax_follow_glibc_on_zeros_and_nans() {
        let bits = |v: f64| v.to_bits();
        // Of +0 and -0 the first operand, as glibc (and the formula's circuit) give.
        assert_eq!(bits(MathFn::Fmin.eval_f64(0.0, -0.0)), bits(0.0));
        assert_eq!(bits(MathFn::Fmin.eval_f64(-0.0, 0.0)), bits(-0.0));
        assert_eq!(bits(MathFn::Fmax.eval_f64(-0.0, 0.0)), bits(-0.0));
        assert_eq!(bits(MathFn::Fmax.eval_f64(0.0, -0.0)), bits(0.0));
        assert_eq!(MathFn::Fmin.eval_f64(f64::NAN, 2.0), 2.0);
        assert_eq!(MathFn::Fmax.eval_f64(3.0, f64::NAN), 3.0);
        assert_eq!(MathFn::Fmin.eval_f32(1.0, -2.0), -2.0);
        assert_eq!(MathFn::Fmax.eval_f32(1.0, -2.0), 1.0);
        // A signalling NaN: the second operand quieted if it is a NaN, else the first (gcc
        // and glibc on x86-64 give these bits; the formula's circuit agrees).
        let f = f32::from_bits;
        let (s1, s2, q1) = (f(0xff80_0001), f(0x7f80_0002), f(0x7fc0_0003));
        let min = |x, y| MathFn::Fmin.eval_f32(x, y).to_bits();
        let max = |x, y| MathFn::Fmax.eval_f32(x, y).to_bits();
        assert_eq!(min(s1, 0.0), 0xffc0_0001);
        assert_eq!(min(0.0, s1), 0xffc0_0001);
        assert_eq!(min(s1, q1), 0x7fc0_0003);
        assert_eq!(min(q1, s1), 0xffc0_0001);
        assert_eq!(max(s1, s2), 0x7fc0_0002);
        assert_eq!(max(0.0, s2), 0x7fc0_0002);
        assert_eq!(
            MathFn::Fmin.eval_f32(-0.0, 0.0).to_bits(),
            (-0.0f32).to_bits()
        );
    }

    fn d(x: f64) -> i128 {
        f64_bits(x)
    }

    #[test]
    fn arithmetic_rounds_in_its_own_format() {
        assert_eq!(
            binary(BinOp::Add, Double, d(0.1), d(0.2)),
            Some(d(0.30000000000000004))
        );
        let f = |x: f32| f32_bits(x);
        assert_eq!(binary(BinOp::Add, Float, f(0.1), f(0.2)), Some(f(0.3)));
        assert_eq!(binary(BinOp::Rem, Double, d(1.0), d(2.0)), None);
        // Division by zero is not undefined for IEEE types (C11 Annex F).
        assert_eq!(
            binary(BinOp::Div, Double, d(1.0), d(0.0)),
            Some(d(f64::INFINITY))
        );
        let nan = binary(BinOp::Div, Double, d(0.0), d(0.0)).unwrap();
        assert!(f64::from_bits(nan as u64).is_nan());
        assert_eq!(binary(BinOp::Eq, Double, nan, nan), Some(0));
        assert_eq!(binary(BinOp::Ne, Double, nan, nan), Some(1));
        assert_eq!(binary(BinOp::Eq, Double, d(0.0), d(-0.0)), Some(1));
    }

    #[test]
    fn conversions_truncate_and_detect_out_of_range() {
        assert_eq!(convert(Double, Int, d(-2.9)), Ok(-2));
        assert_eq!(convert(Double, UInt, d(-0.5)), Ok(0));
        assert!(convert(Double, UInt, d(-1.0)).is_err());
        assert!(convert(Double, Int, d(2147483648.0)).is_err());
        assert_eq!(convert(Double, Int, d(2147483647.9)), Ok(2147483647));
        assert!(convert(Double, Long, d(9.223372036854775807e18)).is_err());
        assert!(convert(Double, Int, d(f64::NAN)).is_err());
        assert_eq!(convert(Double, Bool, d(f64::NAN)), Ok(1));
        assert_eq!(convert(Double, Bool, d(-0.0)), Ok(0));
        // 2^53 + 1 rounds to even; u64::MAX to float directly (no double rounding).
        assert_eq!(
            convert(Long, Double, (1 << 53) + 1),
            Ok(d(9007199254740992.0))
        );
        assert_eq!(convert(Int, Float, 16777217), Ok(f32_bits(16777216.0)));
        assert_eq!(convert(Double, Float, d(0.1)), Ok(f32_bits(0.1)));
    }

    #[test]
    fn negation_and_truth() {
        assert_eq!(unary(UnOp::Neg, Double, d(0.0)), Some(d(-0.0)));
        assert_eq!(unary(UnOp::Not, Double, d(-0.0)), Some(1));
        assert!(!truth(Double, d(-0.0)));
        assert!(truth(Double, d(f64::NAN)));
        assert_eq!(unary(UnOp::Abs, Float, f32_bits(-2.5)), Some(f32_bits(2.5)));
    }

    #[test]
    fn hex_constants_round_correctly() {
        assert_eq!(parse_hex("1.8p1", Double), Some(d(3.0)));
        assert_eq!(parse_hex("ap-2", Double), Some(d(2.5)));
        assert_eq!(parse_hex("1p-1074", Double), Some(1));
        assert_eq!(parse_hex("1p-1075", Double), Some(0));
        assert_eq!(parse_hex("1.8p-1075", Double), Some(1));
        assert_eq!(parse_hex("1p1024", Double), Some(d(f64::INFINITY)));
        assert_eq!(parse_hex("1.fffffffffffff8p0", Double), Some(d(2.0)));
        assert_eq!(parse_hex("1.000001p0", Float), Some(f32_bits(1.0)));
        assert_eq!(parse_hex("1.000003p0", Float), Some(f32_bits(1.0000002)));
        assert_eq!(parse_hex("0.1", Double), Some(d(0.0625)));
        assert_eq!(parse_hex("p3", Double), None);
    }

    #[test]
    fn math_functions() {
        assert_eq!(MathFn::Sqrt.eval(Double, &[d(2.0)]), d(2f64.sqrt()));
        assert_eq!(MathFn::Round.eval(Double, &[d(-2.5)]), d(-3.0));
        assert_eq!(MathFn::Fmod.eval(Double, &[d(-7.5), d(2.0)]), d(-1.5));
        assert_eq!(MathFn::Fmin.eval(Double, &[d(f64::NAN), d(1.0)]), d(1.0));
        assert_eq!(MathFn::from_name("atan2"), Some(MathFn::Atan2));
        assert_eq!(MathFn::Atan2.arity(), 2);
    }
}
