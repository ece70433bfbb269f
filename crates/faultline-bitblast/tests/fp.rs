//! The IEEE-754 circuits of `faultline_bitblast::fp` against Rust's `f32`/`f64` (x86-64 SSE2
//! arithmetic, glibc's `fmod`/`fmin`/`fmax`), bit for bit: folded on constant operands (through
//! the gates, and through the word-level shortcut) and through CaDiCaL on free inputs.
//!
//! NaN results are compared by the documented payload rule (first NaN operand quieted, else
//! x86's default NaN); on x86-64 the tests also check that the hardware agrees with the rule.

use std::cell::RefCell;
use std::hint::black_box;

use faultline_bitblast::fp::{self, FpFormat, RoundIntegral};
use faultline_bitblast::{Aig, BitVec, Tseitin};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use rustsat::instances::BasicVarManager;
use rustsat::solvers::{Solve, SolveIncremental, SolverResult};
use rustsat::types::Lit;
use rustsat_cadical::CaDiCaL;

const FORMATS: [FpFormat; 2] = [FpFormat::F32, FpFormat::F64];

// ----- the reference -----

fn is_nan(fmt: FpFormat, x: u64) -> bool {
    match fmt {
        FpFormat::F32 => f32::from_bits(x as u32).is_nan(),
        FpFormat::F64 => f64::from_bits(x).is_nan(),
    }
}

fn quiet_bit(fmt: FpFormat) -> u64 {
    match fmt {
        FpFormat::F32 => 1 << 22,
        FpFormat::F64 => 1 << 51,
    }
}

fn default_nan(fmt: FpFormat) -> u64 {
    match fmt {
        FpFormat::F32 => 0xFFC0_0000,
        FpFormat::F64 => 0xFFF8_0000_0000_0000,
    }
}

/// The documented rule: a NaN result is the first NaN operand quieted, else the default NaN.
fn nan_rule(fmt: FpFormat, a: u64, b: Option<u64>, r: u64) -> u64 {
    if !is_nan(fmt, r) {
        r
    } else if is_nan(fmt, a) {
        a | quiet_bit(fmt)
    } else if let Some(b) = b.filter(|&b| is_nan(fmt, b)) {
        b | quiet_bit(fmt)
    } else {
        default_nan(fmt)
    }
}

fn f2(fmt: FpFormat, a: u64, b: u64, s: fn(f32, f32) -> f32, d: fn(f64, f64) -> f64) -> u64 {
    match fmt {
        FpFormat::F32 => s(
            black_box(f32::from_bits(a as u32)),
            black_box(f32::from_bits(b as u32)),
        )
        .to_bits() as u64,
        FpFormat::F64 => d(black_box(f64::from_bits(a)), black_box(f64::from_bits(b))).to_bits(),
    }
}

fn f1(fmt: FpFormat, a: u64, s: fn(f32) -> f32, d: fn(f64) -> f64) -> u64 {
    match fmt {
        FpFormat::F32 => s(black_box(f32::from_bits(a as u32))).to_bits() as u64,
        FpFormat::F64 => d(black_box(f64::from_bits(a))).to_bits(),
    }
}

fn as_f64(fmt: FpFormat, a: u64) -> f64 {
    match fmt {
        FpFormat::F32 => f32::from_bits(a as u32) as f64,
        FpFormat::F64 => f64::from_bits(a),
    }
}

fn mask(w: usize) -> u128 {
    if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

fn sext(v: u128, w: usize) -> i128 {
    let s = 128 - w as u32;
    ((v << s) as i128) >> s
}

fn other(fmt: FpFormat) -> FpFormat {
    match fmt {
        FpFormat::F32 => FpFormat::F64,
        FpFormat::F64 => FpFormat::F32,
    }
}

/// glibc 2.36 `fmin`/`fmax` on x86-64, written from its C source's rules (measured with gcc:
/// `fmin(+0, -0)` is `+0`, a signalling NaN makes the result `y + x`).
fn glibc_min_max(fmt: FpFormat, a: u64, b: u64, is_max: bool) -> u64 {
    let (na, nb) = (is_nan(fmt, a), is_nan(fmt, b));
    let q = quiet_bit(fmt);
    let signalling = (na && a & q == 0) || (nb && b & q == 0);
    if signalling {
        return if nb { b | q } else { a | q };
    }
    if nb {
        return a;
    }
    if na {
        return b;
    }
    let (x, y) = (as_f64(fmt, a), as_f64(fmt, b));
    let a_wins = if is_max { x >= y } else { x <= y };
    if a_wins {
        a
    } else {
        b
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Sqrt,
    Fmod,
    Min,
    Max,
    Eq,
    Lt,
    Le,
    Ne,
    Gt,
    Ge,
    IsNan,
    IsZero,
    IsInf,
    Neg,
    Abs,
    Round(RoundIntegral),
    /// Result: the value (0 when invalid) with the `invalid` bit above it.
    ToInt(usize, bool),
    /// The first operand is an integer of this width.
    FromInt(usize, bool),
    /// To the other format.
    Convert,
}

const MODES: [RoundIntegral; 5] = [
    RoundIntegral::NearestEven,
    RoundIntegral::NearestAway,
    RoundIntegral::TowardZero,
    RoundIntegral::Down,
    RoundIntegral::Up,
];

fn all_ops() -> Vec<Op> {
    let mut v = vec![
        Op::Add,
        Op::Sub,
        Op::Mul,
        Op::Div,
        Op::Sqrt,
        Op::Fmod,
        Op::Min,
        Op::Max,
        Op::Eq,
        Op::Lt,
        Op::Le,
        Op::Ne,
        Op::Gt,
        Op::Ge,
        Op::IsNan,
        Op::IsZero,
        Op::IsInf,
        Op::Neg,
        Op::Abs,
        Op::Convert,
    ];
    v.extend(MODES.iter().map(|&m| Op::Round(m)));
    for w in [8, 16, 32, 64] {
        for s in [false, true] {
            v.push(Op::ToInt(w, s));
            v.push(Op::FromInt(w, s));
        }
    }
    v
}

impl Op {
    fn a_width(self, fmt: FpFormat) -> usize {
        match self {
            Op::FromInt(w, _) => w,
            _ => fmt.width(),
        }
    }

    fn is_heavy(self) -> bool {
        matches!(self, Op::Mul | Op::Div | Op::Sqrt | Op::Fmod)
    }

    fn build(self, aig: &mut Aig, fmt: FpFormat, a: &BitVec, b: &BitVec) -> BitVec {
        let p = BitVec::from_lit;
        match self {
            Op::Add => fp::add(aig, fmt, a, b),
            Op::Sub => fp::sub(aig, fmt, a, b),
            Op::Mul => fp::mul(aig, fmt, a, b),
            Op::Div => fp::div(aig, fmt, a, b),
            Op::Sqrt => fp::sqrt(aig, fmt, a),
            Op::Fmod => fp::fmod(aig, fmt, a, b),
            Op::Min => fp::min(aig, fmt, a, b),
            Op::Max => fp::max(aig, fmt, a, b),
            Op::Eq => p(fp::eq(aig, fmt, a, b)),
            Op::Lt => p(fp::lt(aig, fmt, a, b)),
            Op::Le => p(fp::le(aig, fmt, a, b)),
            Op::Ne => p(fp::ne(aig, fmt, a, b)),
            Op::Gt => p(fp::gt(aig, fmt, a, b)),
            Op::Ge => p(fp::ge(aig, fmt, a, b)),
            Op::IsNan => p(fp::is_nan(aig, fmt, a)),
            Op::IsZero => p(fp::is_zero(aig, fmt, a)),
            Op::IsInf => p(fp::is_inf(aig, fmt, a)),
            Op::Neg => fp::neg(fmt, a),
            Op::Abs => fp::abs(fmt, a),
            Op::Round(m) => fp::round_integral(aig, fmt, m, a),
            Op::ToInt(w, s) => {
                let (v, invalid) = fp::to_int(aig, fmt, a, w, s);
                let v = BitVec::ite(aig, invalid, &BitVec::zero(w), &v);
                v.concat(&p(invalid))
            }
            Op::FromInt(_, s) => fp::from_int(aig, fmt, a, s),
            Op::Convert => fp::convert(aig, fmt, other(fmt), a),
        }
    }

    /// The expected output bits. Also checks, on x86-64, that the hardware's NaN agrees with the
    /// documented rule where the rule is operand-order independent.
    fn reference(self, fmt: FpFormat, a: u64, b: u64) -> u128 {
        let hw = |r: u64, unary: bool| -> u128 {
            let expect = nan_rule(fmt, a, if unary { None } else { Some(b) }, r);
            let both_nan = is_nan(fmt, a) && is_nan(fmt, b) && !unary;
            if cfg!(target_arch = "x86_64") && !both_nan {
                assert_eq!(
                    r, expect,
                    "{self:?} {fmt:?}: hardware NaN differs from the rule"
                );
            }
            expect as u128
        };
        let bit = |c: bool| c as u128;
        let (x, y) = (as_f64(fmt, a), as_f64(fmt, b));
        match self {
            Op::Add => hw(f2(fmt, a, b, |p, q| p + q, |p, q| p + q), false),
            Op::Sub => hw(f2(fmt, a, b, |p, q| p - q, |p, q| p - q), false),
            Op::Mul => hw(f2(fmt, a, b, |p, q| p * q, |p, q| p * q), false),
            Op::Div => hw(f2(fmt, a, b, |p, q| p / q, |p, q| p / q), false),
            Op::Sqrt => hw(f1(fmt, a, f32::sqrt, f64::sqrt), true),
            Op::Fmod => hw(f2(fmt, a, b, |p, q| p % q, |p, q| p % q), false),
            Op::Min | Op::Max => {
                let is_max = self == Op::Max;
                let r = glibc_min_max(fmt, a, b, is_max);
                // Where Rust defines the result (no NaN, not two zeros), it must agree.
                if !(x.is_nan() || y.is_nan() || x == 0.0 && y == 0.0) {
                    let rust = if is_max {
                        f2(fmt, a, b, f32::max, f64::max)
                    } else {
                        f2(fmt, a, b, f32::min, f64::min)
                    };
                    assert_eq!(r, rust, "glibc model vs Rust {self:?}");
                }
                r as u128
            }
            Op::Eq => bit(x == y),
            Op::Lt => bit(x < y),
            Op::Le => bit(x <= y),
            Op::Ne => bit(x != y),
            Op::Gt => bit(x > y),
            Op::Ge => bit(x >= y),
            Op::IsNan => bit(x.is_nan()),
            Op::IsZero => bit(x == 0.0),
            Op::IsInf => bit(x.is_infinite()),
            Op::Neg => f1(fmt, a, |p| -p, |p| -p) as u128,
            Op::Abs => f1(fmt, a, f32::abs, f64::abs) as u128,
            Op::Round(m) => {
                let r = match m {
                    RoundIntegral::NearestEven => {
                        f1(fmt, a, f32::round_ties_even, f64::round_ties_even)
                    }
                    RoundIntegral::NearestAway => f1(fmt, a, f32::round, f64::round),
                    RoundIntegral::TowardZero => f1(fmt, a, f32::trunc, f64::trunc),
                    RoundIntegral::Down => f1(fmt, a, f32::floor, f64::floor),
                    RoundIntegral::Up => f1(fmt, a, f32::ceil, f64::ceil),
                };
                // Rust's `trunc`/`round_ties_even` return a signalling NaN unchanged; glibc's
                // `trunc`, `floor`, `round`, `rint` (what C calls) return `x + x`, quieting it
                // (measured with gcc 12 / glibc 2.36), as the rule says.
                nan_rule(fmt, a, None, r) as u128
            }
            Op::ToInt(w, signed) => {
                let t = x.trunc();
                let p = 2f64.powi(w as i32);
                let ok = if signed {
                    t >= -p / 2.0 && t < p / 2.0
                } else {
                    t > -1.0 && t < p
                };
                if x.is_nan() || !ok {
                    1u128 << w
                } else {
                    // In range: Rust's (saturating) cast is C's conversion.
                    int_value(t, w, signed)
                }
            }
            Op::FromInt(w, signed) => {
                let v = a as u128 & mask(w);
                match (fmt, signed) {
                    (FpFormat::F32, true) => (sext(v, w) as f32).to_bits() as u128,
                    (FpFormat::F32, false) => (v as f32).to_bits() as u128,
                    (FpFormat::F64, true) => (sext(v, w) as f64).to_bits() as u128,
                    (FpFormat::F64, false) => (v as f64).to_bits() as u128,
                }
            }
            Op::Convert => {
                let to = other(fmt);
                let r = match fmt {
                    FpFormat::F32 => (black_box(f32::from_bits(a as u32)) as f64).to_bits(),
                    FpFormat::F64 => (black_box(f64::from_bits(a)) as f32).to_bits() as u64,
                };
                if is_nan(fmt, a) {
                    assert!(is_nan(to, r));
                    // Sign and top payload bits kept, quieted.
                    let sign = a >> (fmt.width() - 1);
                    let frac = a & ((1u64 << (fmt.sig_bits() - 1)) - 1);
                    let tf = to.sig_bits() - 1;
                    let ff = fmt.sig_bits() - 1;
                    let frac = if tf >= ff {
                        frac << (tf - ff)
                    } else {
                        frac >> (ff - tf)
                    };
                    let exp = ((1u64 << to.exp_bits()) - 1) << tf;
                    let expect = (sign << (to.width() - 1)) | exp | frac | quiet_bit(to);
                    if cfg!(target_arch = "x86_64") {
                        assert_eq!(r, expect, "cvtsd2ss/cvtss2sd NaN differs from the rule");
                    }
                    expect as u128
                } else {
                    r as u128
                }
            }
        }
    }
}

/// `t` (integral, in range) as a `w`-bit integer.
fn int_value(t: f64, w: usize, signed: bool) -> u128 {
    if signed {
        t as i128 as u128 & mask(w)
    } else {
        t as u128 & mask(w)
    }
}

// ----- operands -----

/// Values where IEEE arithmetic and C conversions have edge cases (as f64, converted per format).
fn special_values(fmt: FpFormat) -> Vec<u64> {
    let mut v: Vec<u64> = Vec::new();
    let push = |v: &mut Vec<u64>, x: f64| {
        let b = match fmt {
            FpFormat::F32 => (x as f32).to_bits() as u64,
            FpFormat::F64 => x.to_bits(),
        };
        v.push(b);
    };
    for x in [
        0.0,
        1.0,
        0.5,
        1.5,
        2.5,
        3.0,
        0.1,
        1.0 / 3.0,
        f64::INFINITY,
        16777216.0,
        16777217.0,
        9007199254740992.0,
        9007199254740993.0,
        2147483647.0,
        2147483648.0,
        2147483649.0,
        4294967295.0,
        4294967296.0,
        9.223372036854776e18,
        1.8446744073709552e19,
        127.0,
        128.0,
        255.0,
        256.0,
        32767.0,
        32768.0,
        65535.0,
        65536.0,
        1e300,
        1e-300,
        0.49999999999999994,
    ] {
        push(&mut v, x);
        push(&mut v, -x);
    }
    let sign = 1u64 << (fmt.width() - 1);
    let frac_all = (1u64 << (fmt.sig_bits() - 1)) - 1;
    let exp_one = 1u64 << (fmt.sig_bits() - 1);
    let exp_all = ((1u64 << fmt.exp_bits()) - 1) << (fmt.sig_bits() - 1);
    for b in [
        1,                                // smallest subnormal
        frac_all,                         // largest subnormal
        exp_one,                          // smallest normal
        exp_all - 1,                      // largest finite
        exp_all | quiet_bit(fmt),         // quiet NaN
        exp_all | 1,                      // signalling NaN
        exp_all | quiet_bit(fmt) | 0x5a5, // quiet NaN with payload
        2,
        3,
        frac_all >> 1,
    ] {
        v.push(b);
        v.push(b | sign);
    }
    v.push(default_nan(fmt));
    // Neighbours of everything so far (ulp steps, crossing into neighbouring binades).
    let n = v.len();
    for i in 0..n {
        let x = v[i];
        v.push(x.wrapping_add(1) & mask(fmt.width()) as u64);
        v.push(x.wrapping_sub(1) & mask(fmt.width()) as u64);
    }
    v
}

/// A float operand: random bits, an edge case, a subnormal, near overflow, a small integer or
/// half-integer (ties of the rounding functions).
fn float_operand(fmt: FpFormat) -> impl Strategy<Value = u64> {
    let specials = special_values(fmt);
    let w = fmt.width();
    (any::<u64>(), 0u8..10, prop::sample::select(specials)).prop_map(move |(r, kind, sp)| {
        let m = mask(w) as u64;
        let frac = (1u64 << (fmt.sig_bits() - 1)) - 1;
        let sign = r & (1 << (w - 1));
        match kind {
            0 | 1 => sp,
            2 => sign | ((r >> 7) & frac), // subnormal
            3 => {
                // huge: exponent field within 2 of the top
                let top = (1u64 << fmt.exp_bits()) - 2;
                let e = top - (r >> 60) % 3;
                sign | (e << (fmt.sig_bits() - 1)) | (r & frac)
            }
            4 => {
                let k = ((r >> 8) % 4096) as f64 / 2.0 - 1024.0;
                match fmt {
                    FpFormat::F32 => (k as f32).to_bits() as u64,
                    FpFormat::F64 => k.to_bits(),
                }
            }
            5 => {
                // exponent near 1.0 (values between 2^-8 and 2^60)
                let bias = (1u64 << (fmt.exp_bits() - 1)) - 1;
                let e = bias - 8 + (r >> 56) % 68;
                sign | (e << (fmt.sig_bits() - 1)) | (r & frac)
            }
            _ => r & m,
        }
    })
}

/// Operand pairs: independent, or the second derived from the first so that exponents are close
/// (cancellation in subtraction, ties, equal magnitudes).
fn float_pair(fmt: FpFormat) -> impl Strategy<Value = (u64, u64)> {
    let w = fmt.width();
    (float_operand(fmt), float_operand(fmt), 0u8..6, any::<u64>()).prop_map(
        move |(a, b, kind, r)| {
            let m = mask(w) as u64;
            let sign = 1u64 << (w - 1);
            let b = match kind {
                0 => a ^ sign ^ (r % 4),        // -a, off by a few ulps
                1 => a.wrapping_add(r % 8) & m, // a few ulps apart
                2 => (a ^ (r & ((1 << (fmt.sig_bits() - 1)) - 1))) & m, // same exponent
                _ => b,
            };
            (a, b)
        },
    )
}

fn int_operand(w: usize) -> impl Strategy<Value = u64> {
    (any::<u64>(), 0u8..8, 0u64..4).prop_map(move |(r, kind, k)| {
        let m = mask(w) as u64;
        let v = match kind {
            0 => (1u64 << 24).wrapping_add(k).wrapping_sub(1),
            1 => (1u64 << 53).wrapping_add(k).wrapping_sub(1),
            2 => (1u64 << (w - 1)).wrapping_add(k).wrapping_sub(2), // around MIN / MAX
            3 => m.wrapping_sub(k),                                 // -1, -2, ...
            4 => r >> (r % 64),
            _ => r,
        };
        v & m
    })
}

fn operands(op: Op, fmt: FpFormat) -> BoxedStrategy<(u64, u64)> {
    match op {
        Op::FromInt(w, _) => (int_operand(w), Just(0u64)).boxed(),
        _ => float_pair(fmt).boxed(),
    }
}

// ----- folded -----

fn check_folded(op: Op, fmt: FpFormat, a: u64, b: u64, word: bool) -> Result<(), TestCaseError> {
    let mut aig = Aig::new();
    aig.set_word_folding(word);
    let x = BitVec::constant(op.a_width(fmt), a as u128);
    let y = BitVec::constant(fmt.width(), b as u128);
    let out = op.build(&mut aig, fmt, &x, &y);
    prop_assert_eq!(aig.and_count(), 0, "{:?} {:?} created nodes", op, fmt);
    let got = out.to_const();
    prop_assert!(got.is_some(), "{:?} {:?} did not fold", op, fmt);
    let expect = op.reference(fmt, a, b);
    prop_assert_eq!(
        got.unwrap(),
        expect,
        "{:?} {:?} a={:#x} b={:#x} (word folding {}): got {:#x}, expected {:#x}",
        op,
        fmt,
        a,
        b,
        word,
        got.unwrap(),
        expect
    );
    Ok(())
}

/// Multiplier of the random case counts, for a longer run (`FAULTLINE_FP_CASES_SCALE=20`).
fn scale() -> u32 {
    std::env::var("FAULTLINE_FP_CASES_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

fn folded(op: Op, cases: u32) {
    let cases = cases * scale();
    for fmt in FORMATS {
        let cases = if op == Op::Fmod && fmt == FpFormat::F64 {
            cases / 4
        } else {
            cases
        };
        let mut runner = TestRunner::new(Config::with_cases(cases));
        runner
            .run(&operands(op, fmt), |(a, b)| {
                check_folded(op, fmt, a, b, false)?;
                check_folded(op, fmt, a, b, true)
            })
            .unwrap();
    }
}

#[test]
fn folded_arithmetic() {
    for op in [Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Sqrt] {
        folded(op, 1500);
    }
}

#[test]
fn folded_fmod_min_max() {
    folded(Op::Fmod, 400);
    folded(Op::Min, 1000);
    folded(Op::Max, 1000);
}

#[test]
fn folded_compare_sign() {
    for op in [
        Op::Eq,
        Op::Lt,
        Op::Le,
        Op::Ne,
        Op::Gt,
        Op::Ge,
        Op::IsNan,
        Op::IsZero,
        Op::IsInf,
        Op::Neg,
        Op::Abs,
    ] {
        folded(op, 1000);
    }
}

#[test]
fn folded_round_integral() {
    for m in MODES {
        folded(Op::Round(m), 1000);
    }
}

#[test]
fn folded_conversions() {
    for op in all_ops() {
        if matches!(op, Op::ToInt(..) | Op::FromInt(..) | Op::Convert) {
            folded(op, 600);
        }
    }
}

/// Edge-case values against each other, through the gates.
#[test]
fn folded_edge_pairs() {
    for fmt in FORMATS {
        let sp = special_values(fmt);
        for op in all_ops() {
            if matches!(op, Op::FromInt(..)) {
                continue;
            }
            let unary = matches!(
                op,
                Op::Sqrt
                    | Op::IsNan
                    | Op::IsZero
                    | Op::IsInf
                    | Op::Neg
                    | Op::Abs
                    | Op::Round(_)
                    | Op::ToInt(..)
                    | Op::Convert
            );
            // Every value against a quarter of the others (a different quarter for each), and
            // against a fortieth for the F64 fmod long division (2.4 ms through the gates).
            let step = if op == Op::Fmod && fmt == FpFormat::F64 {
                40
            } else {
                4
            };
            for (i, &a) in sp.iter().enumerate() {
                if unary {
                    check_folded(op, fmt, a, 0, false).unwrap();
                    continue;
                }
                // The first third of the list are the edge values themselves (then their ulp
                // neighbours): all pairs of those, except for the slow F64 fmod.
                let base = sp.len() / 3;
                for (j, &b) in sp.iter().enumerate() {
                    let all = i < base && j < base && step < 40;
                    if all || j % step == i % step {
                        check_folded(op, fmt, a, b, false).unwrap();
                    }
                }
            }
        }
    }
}

#[test]
fn folded_int_boundaries() {
    for fmt in FORMATS {
        for w in [8usize, 16, 32, 64] {
            for signed in [false, true] {
                let mut ints: Vec<u64> = vec![0, 1, 2, 3];
                for base in [1u64 << (w - 1), 1 << 24, 1 << 53, 1 << 63, 0] {
                    for k in 0..6u64 {
                        ints.push(base.wrapping_add(k).wrapping_sub(3));
                    }
                }
                for v in ints {
                    let v = v & mask(w) as u64;
                    check_folded(Op::FromInt(w, signed), fmt, v, 0, false).unwrap();
                }
            }
        }
    }
}

/// Conversions at integer widths other than C's usual ones (bit-fields, `__int128`, 1 bit),
/// through the gates and the word-level shortcut.
#[test]
fn folded_unusual_int_widths() {
    for fmt in FORMATS {
        for w in [1usize, 2, 7, 24, 25, 53, 54, 63, 65, 100, 127, 128] {
            for signed in [false, true] {
                for &a in &special_values(fmt) {
                    let x = as_f64(fmt, a);
                    let t = x.trunc();
                    let p = 2f64.powi(w as i32);
                    let ok = !x.is_nan()
                        && if signed {
                            t >= -p / 2.0 && t < p / 2.0
                        } else {
                            t > -1.0 && t < p
                        };
                    for word in [false, true] {
                        let mut aig = Aig::new();
                        aig.set_word_folding(word);
                        let v = BitVec::constant(fmt.width(), a as u128);
                        let (r, invalid) = fp::to_int(&mut aig, fmt, &v, w, signed);
                        assert_eq!(invalid.const_value(), Some(!ok), "{fmt:?} {x} to i{w}");
                        if ok {
                            assert_eq!(r.to_const(), Some(int_value(t, w, signed)), "{x} i{w}");
                        }
                    }
                }
                let mut ints: Vec<u128> = vec![0, 1, 2, 3, 5, 0x7f, 0xff];
                for base in [1u128 << (w - 1), 1 << 24, 1 << 53, 1 << 64, 1 << 127, 0] {
                    for k in 0..5u128 {
                        ints.push(base.wrapping_add(k).wrapping_sub(2));
                    }
                }
                ints.push(0x1234_5678_9abc_def0_0fed_cba9_8765_4321);
                for v in ints {
                    let v = v & mask(w);
                    let expect = match (fmt, signed) {
                        (FpFormat::F32, true) => (sext(v, w) as f32).to_bits() as u128,
                        (FpFormat::F32, false) => (v as f32).to_bits() as u128,
                        (FpFormat::F64, true) => (sext(v, w) as f64).to_bits() as u128,
                        (FpFormat::F64, false) => (v as f64).to_bits() as u128,
                    };
                    for word in [false, true] {
                        let mut aig = Aig::new();
                        aig.set_word_folding(word);
                        let x = BitVec::constant(w, v);
                        let r = fp::from_int(&mut aig, fmt, &x, signed);
                        assert_eq!(r.to_const(), Some(expect), "{fmt:?} from i{w} {v:#x}");
                    }
                }
            }
        }
    }
}

// ----- through CaDiCaL -----

fn fix(lits: &[Lit], value: u128) -> Vec<Lit> {
    lits.iter()
        .enumerate()
        .map(|(i, &l)| if (value >> i) & 1 == 1 { l } else { !l })
        .collect()
}

/// Builds `op` once on free inputs and checks random operands under assumptions.
fn sat_check(op: Op, cases: u32) {
    let cases = cases * scale();
    for fmt in FORMATS {
        let cases = match (op, fmt) {
            (Op::Fmod, FpFormat::F64) => 4,
            (_, FpFormat::F64) if op.is_heavy() => cases / 2,
            _ => cases,
        };
        let mut aig = Aig::new();
        let x = BitVec::input(&mut aig, op.a_width(fmt));
        let y = BitVec::input(&mut aig, fmt.width());
        let out = op.build(&mut aig, fmt, &x, &y);
        assert!(out.to_const().is_none() || matches!(op, Op::Neg | Op::Abs));
        let mut solver = CaDiCaL::default();
        let mut vm = BasicVarManager::default();
        let mut enc = Tseitin::new();
        let lx = enc.lits_of(&aig, &x, &mut solver, &mut vm).unwrap();
        let ly = enc.lits_of(&aig, &y, &mut solver, &mut vm).unwrap();
        enc.lits_of(&aig, &out, &mut solver, &mut vm).unwrap();
        let solver = RefCell::new(solver);
        let mut runner = TestRunner::new(Config::with_cases(cases));
        runner
            .run(&operands(op, fmt), |(a, b)| {
                let mut assumps = fix(&lx, a as u128);
                assumps.extend(fix(&ly, b as u128));
                let mut solver = solver.borrow_mut();
                prop_assert_eq!(solver.solve_assumps(&assumps).unwrap(), SolverResult::Sat);
                let model = solver.full_solution().unwrap();
                let got = enc.value_u128(&aig, &out, &model);
                let expect = op.reference(fmt, a, b);
                prop_assert_eq!(
                    got,
                    Some(expect),
                    "{:?} {:?} a={:#x} b={:#x}",
                    op,
                    fmt,
                    a,
                    b
                );
                Ok(())
            })
            .unwrap();
    }
}

/// One operand constant, the other free (the encoder's common `x * 2.0`, `x < 0.5`): the
/// partly folded circuit, solved, still computes the reference.
#[test]
fn sat_one_constant_operand() {
    let ops = [
        Op::Add,
        Op::Sub,
        Op::Mul,
        Op::Div,
        Op::Fmod,
        Op::Lt,
        Op::Eq,
        Op::Min,
        Op::Max,
    ];
    for fmt in FORMATS {
        for op in ops {
            if op == Op::Fmod && fmt == FpFormat::F64 {
                continue; // covered by sat_fmod; a fresh 1.4M-node encoding per case is slow
            }
            let mut runner = TestRunner::new(Config::with_cases(6 * scale()));
            runner
                .run(
                    &(operands(op, fmt), any::<bool>()),
                    |((a, b), const_first)| {
                        let mut aig = Aig::new();
                        let free = BitVec::input(&mut aig, fmt.width());
                        let (x, y, fixed) = if const_first {
                            (BitVec::constant(fmt.width(), a as u128), free.clone(), b)
                        } else {
                            (free.clone(), BitVec::constant(fmt.width(), b as u128), a)
                        };
                        let out = op.build(&mut aig, fmt, &x, &y);
                        let mut solver = CaDiCaL::default();
                        let mut vm = BasicVarManager::default();
                        let mut enc = Tseitin::new();
                        let lf = enc.lits_of(&aig, &free, &mut solver, &mut vm).unwrap();
                        enc.lits_of(&aig, &out, &mut solver, &mut vm).unwrap();
                        let assumps = fix(&lf, fixed as u128);
                        prop_assert_eq!(solver.solve_assumps(&assumps).unwrap(), SolverResult::Sat);
                        let model = solver.full_solution().unwrap();
                        let got = enc.value_u128(&aig, &out, &model);
                        prop_assert_eq!(
                            got,
                            Some(op.reference(fmt, a, b)),
                            "{:?} {:?} a={:#x} b={:#x} const_first={}",
                            op,
                            fmt,
                            a,
                            b,
                            const_first
                        );
                        Ok(())
                    },
                )
                .unwrap();
        }
    }
}

#[test]
fn sat_add_sub() {
    sat_check(Op::Add, 60);
    sat_check(Op::Sub, 60);
}

#[test]
fn sat_mul() {
    sat_check(Op::Mul, 40);
}

#[test]
fn sat_div() {
    sat_check(Op::Div, 40);
}

#[test]
fn sat_sqrt() {
    sat_check(Op::Sqrt, 40);
}

#[test]
fn sat_fmod() {
    sat_check(Op::Fmod, 24);
}

#[test]
fn sat_compare_min_max() {
    for op in [
        Op::Eq,
        Op::Lt,
        Op::Le,
        Op::Ne,
        Op::Gt,
        Op::Ge,
        Op::IsNan,
        Op::IsZero,
        Op::IsInf,
        Op::Min,
        Op::Max,
        Op::Neg,
        Op::Abs,
    ] {
        sat_check(op, 40);
    }
}

#[test]
fn sat_round_integral() {
    for m in MODES {
        sat_check(Op::Round(m), 40);
    }
}

#[test]
fn sat_conversions() {
    for op in all_ops() {
        if matches!(op, Op::ToInt(..) | Op::FromInt(..) | Op::Convert) {
            sat_check(op, 30);
        }
    }
}

// ----- sizes -----

/// AND nodes per operation on free operands, and the time to build them and to fold constant
/// operands through the gates and through the word-level shortcut (printed with `--nocapture`;
/// times are of the test profile). The bounds catch a circuit growing by accident.
#[test]
fn aig_sizes() {
    use std::time::Instant;
    let ops: Vec<(Op, usize, usize)> = vec![
        // (op, F32 bound, F64 bound)
        (Op::Add, 6_000, 12_000),
        (Op::Sub, 6_000, 12_000),
        (Op::Mul, 12_000, 40_000),
        (Op::Div, 16_000, 60_000),
        (Op::Sqrt, 16_000, 60_000),
        (Op::Fmod, 200_000, 2_000_000),
        (Op::Min, 1_000, 2_000),
        (Op::Eq, 500, 1_000),
        (Op::Lt, 500, 1_000),
        (Op::Round(RoundIntegral::NearestEven), 3_000, 6_000),
        (Op::Round(RoundIntegral::Down), 3_000, 6_000),
        (Op::ToInt(32, true), 3_000, 6_000),
        (Op::ToInt(64, false), 5_000, 8_000),
        (Op::FromInt(32, true), 4_000, 6_000),
        (Op::FromInt(64, true), 6_000, 8_000),
        (Op::Convert, 3_000, 3_000),
    ];
    println!(
        "{:<24} {:>9} {:>9} {:>11} {:>11} {:>11} {:>11}",
        "operation", "F32 ANDs", "F64 ANDs", "F64 build", "F64 gates", "F64 word", "F64 CNF cl."
    );
    for (op, b32, b64) in ops {
        let mut sizes = [0usize; 2];
        let mut build = 0.0;
        let mut clauses = 0;
        for (i, fmt) in FORMATS.into_iter().enumerate() {
            let t = Instant::now();
            let mut aig = Aig::new();
            let x = BitVec::input(&mut aig, op.a_width(fmt));
            let y = BitVec::input(&mut aig, fmt.width());
            let out = op.build(&mut aig, fmt, &x, &y);
            build = t.elapsed().as_secs_f64() * 1e3;
            sizes[i] = aig.and_count();
            let (mut cnf, mut vm, mut enc) = (
                rustsat::instances::Cnf::new(),
                BasicVarManager::default(),
                Tseitin::new(),
            );
            enc.lits_of(&aig, &out, &mut cnf, &mut vm).unwrap();
            clauses = cnf.len();
        }
        // Folding: 100 constant evaluations of 1.5 op 0.1 (as doubles), each mode.
        let mut fold = [0.0f64; 2];
        for (i, word) in [false, true].into_iter().enumerate() {
            let fmt = FpFormat::F64;
            let a = match op {
                Op::FromInt(..) => 123_456_789u128,
                _ => 1.5f64.to_bits() as u128,
            };
            let t = Instant::now();
            for k in 0..100u128 {
                let mut aig = Aig::new();
                aig.set_word_folding(word);
                let x = BitVec::constant(op.a_width(fmt), a + k);
                let y = BitVec::constant(64, 0.1f64.to_bits() as u128 + k);
                let out = op.build(&mut aig, fmt, &x, &y);
                assert!(out.to_const().is_some());
            }
            fold[i] = t.elapsed().as_secs_f64() * 1e6 / 100.0;
        }
        println!(
            "{:<24} {:>9} {:>9} {:>8.1} ms {:>8.1} us {:>8.1} us {:>11}",
            format!("{op:?}"),
            sizes[0],
            sizes[1],
            build,
            fold[0],
            fold[1],
            clauses
        );
        assert!(sizes[0] > 0 && sizes[0] <= b32, "{op:?} F32: {}", sizes[0]);
        assert!(sizes[1] > 0 && sizes[1] <= b64, "{op:?} F64: {}", sizes[1]);
    }
    // One constant operand (the encoder's common case): smaller than both free.
    println!("{:<24} {:>9} {:>9}", "F64, free x", "ANDs", "both free");
    for (op, c) in [
        (Op::Add, 1.0),
        (Op::Mul, 0.5),
        (Op::Mul, 0.1),
        (Op::Div, 3.0),
        (Op::Lt, 0.5),
        (Op::Fmod, 360.0),
    ] {
        let size = |constant: bool| {
            let mut aig = Aig::new();
            let x = BitVec::input(&mut aig, 64);
            let y = if constant {
                BitVec::constant(64, f64::to_bits(c) as u128)
            } else {
                BitVec::input(&mut aig, 64)
            };
            op.build(&mut aig, FpFormat::F64, &x, &y);
            aig.and_count()
        };
        let (one, both) = (size(true), size(false));
        println!("{:<24} {:>9} {:>9}", format!("{op:?} {c}"), one, both);
        assert!(one < both, "{op:?} by a constant is not smaller");
    }
}
