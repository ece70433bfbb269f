//! Bit-precise IEEE-754 binary32/binary64 arithmetic over an [`Aig`], bit-identical to x86-64
//! SSE2 (what gcc emits for `float`/`double` at `-O0`, and what Rust's `f32`/`f64` compute).
//!
//! Values are IEEE bit patterns held in a [`BitVec`] of [`FpFormat::width`] bits (sign in the
//! most significant bit). Every operation rounds to nearest, ties to even; subnormals are exact
//! (no flush to zero).
//!
//! # How the circuits work
//!
//! As CBMC's `float_utils` and SymFPU do: unpack each operand into sign, exponent (a signed
//! vector wide enough that no intermediate overflows) and significand with its hidden bit;
//! compute an exact or sticky-augmented significand (alignment with guard/round/sticky bits for
//! addition, an array multiplier, restoring division, digit-by-digit square root); then one shared
//! `round_pack` normalizes with a leading-zero count, shifts into the subnormal range when the
//! exponent is below the minimum, rounds to nearest even, and overflows to infinity. Special
//! operands (NaN, ±∞, ±0) are handled by multiplexers around the finite datapath.
//!
//! Operands must be exactly `fmt.width()` bits wide (integers for [`from_int`] any width); a
//! mismatch is a bug in the caller's type handling and panics, as for [`BitVec`]'s operations.
//!
//! # NaN results (the documented payload rule)
//!
//! x86 SSE produces NaN bit patterns as follows, and so do these circuits:
//! * a binary operation (`add sub mul div`, and glibc's `fmod`) with a NaN operand returns the
//!   **first NaN operand, quieted** (the quiet bit, the top fraction bit, set);
//! * an invalid operation on non-NaN operands (`∞ - ∞`, `0 × ∞`, `0/0`, `∞/∞`, `sqrt` of a
//!   negative number, `fmod(∞, y)`, `fmod(x, 0)`) returns the **default NaN**, which on x86 has
//!   the sign bit set: `0xFFC0_0000` / `0xFFF8_0000_0000_0000`;
//! * `sqrt`, rounding to integral and width conversions return a NaN operand quieted (conversions
//!   keep the sign and the top fraction bits);
//! * [`min`]/[`max`] follow glibc 2.36 on x86-64: a quiet NaN operand yields the other operand
//!   (the first if both are NaN); if either is a signalling NaN the result is the second operand
//!   quieted if it is a NaN, else the first quieted; for equal operands (`-0`, `+0`) the first.
//!
//! # Constant folding
//!
//! Constant operands fold through the gates' constant propagation without creating a node. When
//! [`Aig::word_folding`] is on (the default), fully constant operands are instead computed with
//! the host's `f32`/`f64` arithmetic (NaN payloads then set by the rule above), which is the same
//! result in microseconds: diagnosis mostly runs on concrete test inputs.
//!
//! ```
//! use faultline_bitblast::fp::{self, FpFormat};
//! use faultline_bitblast::{Aig, BitVec};
//!
//! let d = |x: f64| BitVec::constant(64, x.to_bits() as u128);
//! let mut aig = Aig::new();
//! // Constants fold: 0.1 + 0.2 is the double Rust computes, and no node is created.
//! let s = fp::add(&mut aig, FpFormat::F64, &d(0.1), &d(0.2));
//! assert_eq!(s.to_const(), Some((0.1f64 + 0.2).to_bits() as u128));
//! assert_eq!(aig.and_count(), 0);
//! // A free double halved, compared with a constant: a predicate for the solver.
//! let x = BitVec::input(&mut aig, 64);
//! let half = fp::mul(&mut aig, FpFormat::F64, &x, &d(0.5));
//! let below = fp::lt(&mut aig, FpFormat::F64, &half, &d(3.14));
//! assert!(below.const_value().is_none());
//! ```

use crate::aig::{Aig, AigLit};
use crate::bitvec::{add_carry, BitVec};

/// An IEEE-754 binary interchange format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FpFormat {
    /// binary32 (`float`): 8 exponent bits, 24 significand bits.
    F32,
    /// binary64 (`double`): 11 exponent bits, 53 significand bits.
    F64,
}

impl FpFormat {
    /// Total width of the bit pattern.
    pub fn width(self) -> usize {
        match self {
            FpFormat::F32 => 32,
            FpFormat::F64 => 64,
        }
    }

    /// Width of the biased exponent field.
    pub fn exp_bits(self) -> usize {
        match self {
            FpFormat::F32 => 8,
            FpFormat::F64 => 11,
        }
    }

    /// Significand precision, including the hidden bit.
    pub fn sig_bits(self) -> usize {
        match self {
            FpFormat::F32 => 24,
            FpFormat::F64 => 53,
        }
    }

    /// The exponent bias.
    pub fn bias(self) -> i128 {
        (1i128 << (self.exp_bits() - 1)) - 1
    }

    /// Width of the signed exponent vectors inside the circuits: the biased range plus room for a
    /// product or quotient of two exponents and for leading-zero corrections.
    fn ew(self) -> usize {
        self.exp_bits() + 5
    }

    fn frac_bits(self) -> usize {
        self.sig_bits() - 1
    }
}

/// Rounding direction of [`round_integral`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoundIntegral {
    /// Ties to even (`rint`, `nearbyint`).
    NearestEven,
    /// Ties away from zero (C `round`).
    NearestAway,
    /// Toward zero (C `trunc`).
    TowardZero,
    /// Toward −∞ (C `floor`).
    Down,
    /// Toward +∞ (C `ceil`).
    Up,
}

// ----- small helpers -----

fn cbv(width: usize, v: i128) -> BitVec {
    BitVec::constant_i128(width, v)
}

fn check(fmt: FpFormat, a: &BitVec) {
    assert_eq!(
        a.width(),
        fmt.width(),
        "fp: operand of width {} for {:?}",
        a.width(),
        fmt
    );
}

/// Number of bits needed to hold `n` as an unsigned number.
fn bits_for(n: usize) -> usize {
    (usize::BITS - n.leading_zeros()).max(1) as usize
}

fn or_all(aig: &mut Aig, v: &[AigLit]) -> AigLit {
    aig.or_all(v.iter().copied())
}

/// `cond ? v : 0`.
fn gate(aig: &mut Aig, cond: AigLit, v: &BitVec) -> BitVec {
    BitVec::from_bits(v.bits().iter().map(|&b| aig.and(cond, b)).collect())
}

/// `a - b` and the carry out (set iff `a >= b`, unsigned), sharing one carry chain.
fn sub_ge(aig: &mut Aig, a: &BitVec, b: &BitVec) -> (BitVec, AigLit) {
    let nb: Vec<AigLit> = b.bits().iter().map(|&x| !x).collect();
    let (d, c) = add_carry(aig, a.bits(), &nb, AigLit::TRUE);
    (BitVec::from_bits(d), c)
}

fn sign_of(fmt: FpFormat, a: &BitVec) -> AigLit {
    a.bit(fmt.width() - 1)
}

fn exp_field(fmt: FpFormat, a: &BitVec) -> BitVec {
    a.slice(fmt.frac_bits(), fmt.exp_bits())
}

fn frac_field(fmt: FpFormat, a: &BitVec) -> BitVec {
    a.slice(0, fmt.frac_bits())
}

fn pack(fmt: FpFormat, sign: AigLit, exp: &BitVec, frac: &BitVec) -> BitVec {
    debug_assert_eq!(exp.width(), fmt.exp_bits());
    debug_assert_eq!(frac.width(), fmt.frac_bits());
    frac.concat(exp).concat(&BitVec::from_lit(sign))
}

fn infinity(fmt: FpFormat, sign: AigLit) -> BitVec {
    pack(
        fmt,
        sign,
        &BitVec::ones(fmt.exp_bits()),
        &BitVec::zero(fmt.frac_bits()),
    )
}

fn zero(fmt: FpFormat, sign: AigLit) -> BitVec {
    pack(
        fmt,
        sign,
        &BitVec::zero(fmt.exp_bits()),
        &BitVec::zero(fmt.frac_bits()),
    )
}

/// x86's default NaN ("QNaN floating-point indefinite"): sign set, quiet bit set.
fn default_nan(fmt: FpFormat) -> BitVec {
    let mut frac = BitVec::zero(fmt.frac_bits()).into_bits();
    frac[fmt.frac_bits() - 1] = AigLit::TRUE;
    pack(
        fmt,
        AigLit::TRUE,
        &BitVec::ones(fmt.exp_bits()),
        &BitVec::from_bits(frac),
    )
}

/// `a` with its quiet bit set (a NaN stays a NaN with the same payload).
fn quiet(fmt: FpFormat, a: &BitVec) -> BitVec {
    let mut bits = a.bits().to_vec();
    bits[fmt.frac_bits() - 1] = AigLit::TRUE;
    BitVec::from_bits(bits)
}

/// Class flags of an operand.
struct Class {
    sign: AigLit,
    nan: AigLit,
    inf: AigLit,
    zero: AigLit,
    /// The biased exponent field is zero (zero or subnormal).
    exp_zero: AigLit,
}

fn classify(aig: &mut Aig, fmt: FpFormat, a: &BitVec) -> Class {
    let e = exp_field(fmt, a);
    let f = frac_field(fmt, a);
    let exp_ones = aig.and_all(e.bits().iter().copied());
    let exp_zero = e.is_zero(aig);
    let frac_zero = f.is_zero(aig);
    Class {
        sign: sign_of(fmt, a),
        nan: aig.and(exp_ones, !frac_zero),
        inf: aig.and(exp_ones, frac_zero),
        zero: aig.and(exp_zero, frac_zero),
        exp_zero,
    }
}

/// The significand with its hidden bit (`fmt.sig_bits()` bits) and the unbiased exponent (`ew`
/// bits, signed) of a finite operand, subnormals taking the minimum exponent. With `normalize`,
/// subnormals are shifted so the significand's top bit is set and the exponent lowered to match
/// (a zero keeps a zero significand).
fn unpack(
    aig: &mut Aig,
    fmt: FpFormat,
    a: &BitVec,
    cls: &Class,
    ew: usize,
    normalize: bool,
) -> (BitVec, BitVec) {
    let e = exp_field(fmt, a).zero_extend(ew);
    // Subnormals have exponent field 0 but the exponent of field 1.
    let mut eb = e.bits().to_vec();
    eb[0] = aig.or(eb[0], cls.exp_zero);
    let e = BitVec::from_bits(eb);
    let exp = e.sub(aig, &cbv(ew, fmt.bias()));
    let sig = frac_field(fmt, a).concat(&BitVec::from_lit(!cls.exp_zero));
    if !normalize {
        return (sig, exp);
    }
    let (sig, lz) = normalize_sig(aig, &sig);
    let exp = exp.sub(aig, &lz.zero_extend(ew));
    (sig, exp)
}

/// Shifts `sig` left until its top bit is set; returns the shifted vector and the shift amount.
/// Binary search from the largest power of two: at each stage, if the top `2^k` bits are zero,
/// shift by `2^k` (CBMC's normalization). A zero input shifts by `2^(stages) - 1` and stays zero.
fn normalize_sig(aig: &mut Aig, sig: &BitVec) -> (BitVec, BitVec) {
    let s = sig.width();
    let stages = bits_for(s);
    let mut cur = sig.bits().to_vec();
    let mut lz = vec![AigLit::FALSE; stages];
    for k in (0..stages).rev() {
        let d = 1usize << k;
        if d > s {
            continue;
        }
        let top_zero = !or_all(aig, &cur[s - d..]);
        let shifted: Vec<AigLit> = (0..s)
            .map(|j| if j >= d { cur[j - d] } else { AigLit::FALSE })
            .collect();
        for j in 0..s {
            cur[j] = aig.ite(top_zero, shifted[j], cur[j]);
        }
        lz[k] = top_zero;
    }
    (BitVec::from_bits(cur), BitVec::from_bits(lz))
}

/// Logical right shift of `v` by the unsigned `amount`, saturating at `v.width()` (everything
/// shifted out), with the OR of the bits shifted out.
fn shr_sticky(aig: &mut Aig, v: &BitVec, amount: &BitVec) -> (BitVec, AigLit) {
    let n = v.width();
    let ab = bits_for(n);
    let amount = clamp_unsigned(aig, amount, n);
    let amount = amount.truncate(ab);
    let ext = BitVec::zero(n).concat(v);
    let sh = ext.lshr(aig, &amount);
    let sticky = or_all(aig, &sh.bits()[..n]);
    (sh.slice(n, n), sticky)
}

/// `min(amount, limit)` for an unsigned amount (returned at the amount's width).
fn clamp_unsigned(aig: &mut Aig, amount: &BitVec, limit: usize) -> BitVec {
    let w = amount.width();
    if w < 128 && (limit as u128) >= (1u128 << w) {
        return amount.clone();
    }
    let lim = BitVec::constant(w, limit as u128);
    let over = amount.ugt(aig, &lim);
    BitVec::ite(aig, over, &lim, amount)
}

/// Rounds the finite value `(-1)^sign · sig · 2^(exp - (sig.width() - 1))`, plus a nonzero tail
/// below `sig`'s last bit when `sticky`, to `fmt` (nearest, ties to even) and packs it: the
/// significand may have leading zeros, the exponent (signed, any width that holds the
/// intermediate values) may be below the normal range (the result is then subnormal or zero) or
/// above it (the result is then ±∞). A zero significand without sticky gives ±0.
fn round_pack(
    aig: &mut Aig,
    fmt: FpFormat,
    sign: AigLit,
    exp: &BitVec,
    sig: &BitVec,
    sticky_in: AigLit,
) -> BitVec {
    let m = fmt.sig_bits();
    let ew = exp.width();
    // At least the target precision plus a guard bit plus one bit: pad with low zeros (same
    // value, same exponent by the convention above).
    let sig = if sig.width() < m + 2 {
        BitVec::zero(m + 2 - sig.width()).concat(sig)
    } else {
        sig.clone()
    };
    let s = sig.width();
    let (sn, lz) = normalize_sig(aig, &sig);
    let e = exp.sub(aig, &lz.zero_extend(ew));
    // Below the minimum exponent, shift right into the subnormal range. Beyond `m + 1` places the
    // value is less than half the smallest subnormal: the result no longer depends on the amount.
    let emin = 1 - fmt.bias();
    let emin_v = cbv(ew, emin);
    let below = e.slt(aig, &emin_v);
    let d = emin_v.sub(aig, &e);
    let lim = m + 1;
    let db = bits_for(lim);
    let d_big = d.ugt(aig, &BitVec::constant(ew, lim as u128));
    let d_c = BitVec::ite(
        aig,
        d_big,
        &BitVec::constant(db, lim as u128),
        &d.truncate(db),
    );
    let d_c = gate(aig, below, &d_c);
    // `m + 2` zero bits below the value: a right shift of at most `m + 1` loses nothing.
    let ext = BitVec::zero(m + 2).concat(&sn);
    let sh = ext.lshr(aig, &d_c);
    let total = s + m + 2;
    let mant = sh.slice(total - m, m);
    let guard = sh.bit(total - m - 1);
    let low = or_all(aig, &sh.bits()[..total - m - 1]);
    let sticky = aig.or(low, sticky_in);
    let e_eff = BitVec::ite(aig, below, &emin_v, &e);
    // Round to nearest, ties to even.
    let odd_or_sticky = aig.or(sticky, mant.bit(0));
    let round_up = aig.and(guard, odd_or_sticky);
    let m1 = mant
        .zero_extend(m + 1)
        .add(aig, &BitVec::from_bool(round_up, m + 1));
    let carry = m1.bit(m);
    let mant2 = BitVec::ite(aig, carry, &m1.slice(1, m), &m1.slice(0, m));
    let e2 = e_eff.add(aig, &BitVec::from_bool(carry, ew));
    let hidden = mant2.bit(m - 1);
    let biased = e2.add(aig, &cbv(ew, fmt.bias()));
    let max_biased = cbv(ew, (1i128 << fmt.exp_bits()) - 1);
    let too_big = biased.sge(aig, &max_biased);
    let overflow = aig.and(hidden, too_big);
    let exp_out = gate(aig, hidden, &biased.truncate(fmt.exp_bits()));
    let packed = pack(fmt, sign, &exp_out, &mant2.truncate(m - 1));
    let inf = infinity(fmt, sign);
    BitVec::ite(aig, overflow, &inf, &packed)
}

/// The result of a binary operation with a NaN operand: the first NaN operand, quieted.
fn propagate_nan(aig: &mut Aig, fmt: FpFormat, a: &BitVec, b: &BitVec, a_nan: AigLit) -> BitVec {
    let qa = quiet(fmt, a);
    let qb = quiet(fmt, b);
    BitVec::ite(aig, a_nan, &qa, &qb)
}

// ----- word-level folding of constant operands -----

/// The NaN-free host result, or the NaN the documented rule gives, as bits.
mod soft {
    use super::FpFormat;

    pub fn is_nan(fmt: FpFormat, x: u64) -> bool {
        match fmt {
            FpFormat::F32 => f32::from_bits(x as u32).is_nan(),
            FpFormat::F64 => f64::from_bits(x).is_nan(),
        }
    }

    pub fn quiet(fmt: FpFormat, x: u64) -> u64 {
        x | (1u64 << (fmt.frac_bits() - 1))
    }

    pub fn default_nan(fmt: FpFormat) -> u64 {
        match fmt {
            FpFormat::F32 => 0xFFC0_0000,
            FpFormat::F64 => 0xFFF8_0000_0000_0000,
        }
    }

    /// The x86 rule for a binary operation whose result `r` may be a NaN.
    pub fn binary(fmt: FpFormat, a: u64, b: u64, r: u64) -> u64 {
        if !is_nan(fmt, r) {
            r
        } else if is_nan(fmt, a) {
            quiet(fmt, a)
        } else if is_nan(fmt, b) {
            quiet(fmt, b)
        } else {
            default_nan(fmt)
        }
    }

    pub fn unary(fmt: FpFormat, a: u64, r: u64) -> u64 {
        binary(fmt, a, a, r)
    }

    /// Applies `f32`/`f64` versions of one operation to bit patterns.
    pub fn op2(
        fmt: FpFormat,
        a: u64,
        b: u64,
        f32op: fn(f32, f32) -> f32,
        f64op: fn(f64, f64) -> f64,
    ) -> u64 {
        let r = match fmt {
            FpFormat::F32 => {
                f32op(f32::from_bits(a as u32), f32::from_bits(b as u32)).to_bits() as u64
            }
            FpFormat::F64 => f64op(f64::from_bits(a), f64::from_bits(b)).to_bits(),
        };
        binary(fmt, a, b, r)
    }

    pub fn op1(fmt: FpFormat, a: u64, f32op: fn(f32) -> f32, f64op: fn(f64) -> f64) -> u64 {
        let r = match fmt {
            FpFormat::F32 => f32op(f32::from_bits(a as u32)).to_bits() as u64,
            FpFormat::F64 => f64op(f64::from_bits(a)).to_bits(),
        };
        unary(fmt, a, r)
    }
}

fn const_bits(aig: &Aig, fmt: FpFormat, a: &BitVec) -> Option<u64> {
    if !aig.word_folding() || a.width() != fmt.width() {
        return None;
    }
    a.to_const().map(|v| v as u64)
}

fn const2(aig: &Aig, fmt: FpFormat, a: &BitVec, b: &BitVec) -> Option<(u64, u64)> {
    Some((const_bits(aig, fmt, a)?, const_bits(aig, fmt, b)?))
}

fn konst(fmt: FpFormat, v: u64) -> BitVec {
    BitVec::constant(fmt.width(), v as u128)
}

// ----- sign operations -----

/// Negation: flips the sign bit (also of a NaN, as C's unary minus does with `xorpd`).
pub fn neg(fmt: FpFormat, a: &BitVec) -> BitVec {
    check(fmt, a);
    let mut bits = a.bits().to_vec();
    let s = fmt.width() - 1;
    bits[s] = !bits[s];
    BitVec::from_bits(bits)
}

/// Absolute value: clears the sign bit (`fabs`, `andpd`).
pub fn abs(fmt: FpFormat, a: &BitVec) -> BitVec {
    check(fmt, a);
    let mut bits = a.bits().to_vec();
    bits[fmt.width() - 1] = AigLit::FALSE;
    BitVec::from_bits(bits)
}

// ----- addition -----

/// `a + b`.
pub fn add(aig: &mut Aig, fmt: FpFormat, a: &BitVec, b: &BitVec) -> BitVec {
    add_sub(aig, fmt, a, b, false)
}

/// `a - b`.
pub fn sub(aig: &mut Aig, fmt: FpFormat, a: &BitVec, b: &BitVec) -> BitVec {
    add_sub(aig, fmt, a, b, true)
}

fn add_sub(aig: &mut Aig, fmt: FpFormat, a: &BitVec, b: &BitVec, negate_b: bool) -> BitVec {
    check(fmt, a);
    check(fmt, b);
    if let Some((x, y)) = const2(aig, fmt, a, b) {
        let r = if negate_b {
            soft::op2(fmt, x, y, |p, q| p - q, |p, q| p - q)
        } else {
            soft::op2(fmt, x, y, |p, q| p + q, |p, q| p + q)
        };
        return konst(fmt, r);
    }
    let w = fmt.width();
    let m = fmt.sig_bits();
    let ew = fmt.ew();
    // The NaN rule looks at the operands as given, so `b`'s sign flip only enters the datapath.
    let bn = if negate_b { neg(fmt, b) } else { b.clone() };
    let ca = classify(aig, fmt, a);
    let cb = classify(aig, fmt, &bn);
    // Order by magnitude (the patterns without sign compare like the magnitudes): x is the larger.
    let swap = a.truncate(w - 1).ult(aig, &bn.truncate(w - 1));
    let x = BitVec::ite(aig, swap, &bn, a);
    let y = BitVec::ite(aig, swap, a, &bn);
    let cx = classify(aig, fmt, &x);
    let cy = classify(aig, fmt, &y);
    let (sig_x, exp_x) = unpack(aig, fmt, &x, &cx, ew, false);
    let (sig_y, exp_y) = unpack(aig, fmt, &y, &cy, ew, false);
    // Three extra low bits: guard, round, sticky.
    let gx = BitVec::zero(3).concat(&sig_x);
    let gy = BitVec::zero(3).concat(&sig_y);
    let d = exp_x.sub(aig, &exp_y); // >= 0 since |x| >= |y|
    let (ys, st) = shr_sticky(aig, &gy, &d);
    let mut yb = ys.into_bits();
    yb[0] = aig.or(yb[0], st);
    let ys = BitVec::from_bits(yb).zero_extend(m + 4);
    let gx = gx.zero_extend(m + 4);
    let eff_sub = aig.xor(cx.sign, cy.sign);
    let sum = gx.add(aig, &ys);
    let diff = gx.sub(aig, &ys);
    let r = BitVec::ite(aig, eff_sub, &diff, &sum);
    // An exact zero sum is +0 in round-to-nearest, unless both operands are -0.
    let r_zero = r.is_zero(aig);
    let both_neg = aig.and(cx.sign, cy.sign);
    let sign = aig.ite(r_zero, both_neg, cx.sign);
    // value = r · 2^(exp_x - (m - 1) - 3) = r · 2^(e - (m + 3)) with e = exp_x + 1.
    let e = exp_x.add(aig, &cbv(ew, 1));
    let finite = round_pack(aig, fmt, sign, &e, &r, AigLit::FALSE);
    // Specials.
    let inf_res = BitVec::ite(aig, ca.inf, a, &bn);
    let any_inf = aig.or(ca.inf, cb.inf);
    let res = BitVec::ite(aig, any_inf, &inf_res, &finite);
    let both_inf = aig.and(ca.inf, cb.inf);
    let signs_differ = aig.xor(ca.sign, cb.sign);
    let invalid = aig.and(both_inf, signs_differ);
    let res = BitVec::ite(aig, invalid, &default_nan(fmt), &res);
    let nan_in = aig.or(ca.nan, cb.nan);
    let nan_res = propagate_nan(aig, fmt, a, b, ca.nan);
    BitVec::ite(aig, nan_in, &nan_res, &res)
}

// ----- multiplication -----

/// Full-width unsigned product of two equal-width vectors (shift-and-add).
fn umul_full(aig: &mut Aig, a: &BitVec, b: &BitVec) -> BitVec {
    let n = a.width();
    let mut acc = vec![AigLit::FALSE; 2 * n];
    for i in 0..n {
        let bi = b.bit(i);
        if bi == AigLit::FALSE {
            continue;
        }
        let row: Vec<AigLit> = a.bits().iter().map(|&x| aig.and(x, bi)).collect();
        let (sum, carry) = add_carry(aig, &acc[i..i + n], &row, AigLit::FALSE);
        acc[i..i + n].copy_from_slice(&sum);
        // Below row i + 1 only zeros remain, so the carry lands in an empty column.
        acc[i + n] = carry;
    }
    BitVec::from_bits(acc)
}

/// `a * b`.
pub fn mul(aig: &mut Aig, fmt: FpFormat, a: &BitVec, b: &BitVec) -> BitVec {
    check(fmt, a);
    check(fmt, b);
    if let Some((x, y)) = const2(aig, fmt, a, b) {
        return konst(fmt, soft::op2(fmt, x, y, |p, q| p * q, |p, q| p * q));
    }
    let ew = fmt.ew();
    let ca = classify(aig, fmt, a);
    let cb = classify(aig, fmt, b);
    let (sa, ea) = unpack(aig, fmt, a, &ca, ew, true);
    let (sb, eb) = unpack(aig, fmt, b, &cb, ew, true);
    let sign = aig.xor(ca.sign, cb.sign);
    let p = umul_full(aig, &sa, &sb);
    // value = p · 2^(ea + eb - 2(m-1)) = p · 2^(e - (2m - 1)) with e = ea + eb + 1.
    let e = ea.add(aig, &eb).add(aig, &cbv(ew, 1));
    // The product of two normalized significands has at most one leading zero, so its top m + 2
    // bits hold the target precision and a guard bit even after normalizing; the rest only
    // matters as a sticky bit. Rounding a narrower vector is a smaller circuit.
    let m = fmt.sig_bits();
    let cut = 2 * m - (m + 2);
    let sticky = or_all(aig, &p.bits()[..cut]);
    let top = p.slice(cut, m + 2);
    let finite = round_pack(aig, fmt, sign, &e, &top, sticky);
    let any_zero = aig.or(ca.zero, cb.zero);
    let any_inf = aig.or(ca.inf, cb.inf);
    let res = BitVec::ite(aig, any_zero, &zero(fmt, sign), &finite);
    let res = BitVec::ite(aig, any_inf, &infinity(fmt, sign), &res);
    let invalid = aig.and(any_zero, any_inf);
    let res = BitVec::ite(aig, invalid, &default_nan(fmt), &res);
    let nan_in = aig.or(ca.nan, cb.nan);
    let nan_res = propagate_nan(aig, fmt, a, b, ca.nan);
    BitVec::ite(aig, nan_in, &nan_res, &res)
}

// ----- division -----

/// Restoring division of normalized significands (`x < 2y`): `q` bits of `x / y` scaled by
/// `2^(q - 1)` and whether the remainder is nonzero.
fn div_sig(aig: &mut Aig, x: &BitVec, y: &BitVec, q: usize) -> (BitVec, AigLit) {
    let n = x.width() + 1;
    let y = y.zero_extend(n);
    let mut r = x.zero_extend(n);
    let mut quot = vec![AigLit::FALSE; q];
    for i in (0..q).rev() {
        let (diff, ge) = sub_ge(aig, &r, &y);
        r = BitVec::ite(aig, ge, &diff, &r);
        quot[i] = ge;
        if i > 0 {
            // r < y < 2^(n-1): doubling fits.
            r = BitVec::zero(1).concat(&r.truncate(n - 1));
        }
    }
    let sticky = r.is_nonzero(aig);
    (BitVec::from_bits(quot), sticky)
}

/// `a / b`.
pub fn div(aig: &mut Aig, fmt: FpFormat, a: &BitVec, b: &BitVec) -> BitVec {
    check(fmt, a);
    check(fmt, b);
    if let Some((x, y)) = const2(aig, fmt, a, b) {
        return konst(fmt, soft::op2(fmt, x, y, |p, q| p / q, |p, q| p / q));
    }
    let ew = fmt.ew();
    let m = fmt.sig_bits();
    let ca = classify(aig, fmt, a);
    let cb = classify(aig, fmt, b);
    let (sa, ea) = unpack(aig, fmt, a, &ca, ew, true);
    let (sb, eb) = unpack(aig, fmt, b, &cb, ew, true);
    let sign = aig.xor(ca.sign, cb.sign);
    // m + 3 quotient bits: at least m + 2 significant ones (the target, a guard bit and one to
    // spare for normalization), the remainder as sticky.
    let (q, sticky) = div_sig(aig, &sa, &sb, m + 3);
    // value = q · 2^(-(m + 2)) · 2^(ea - eb).
    let e = ea.sub(aig, &eb);
    let finite = round_pack(aig, fmt, sign, &e, &q, sticky);
    let to_zero = aig.or(ca.zero, cb.inf);
    let to_inf = aig.or(ca.inf, cb.zero);
    let res = BitVec::ite(aig, to_zero, &zero(fmt, sign), &finite);
    let res = BitVec::ite(aig, to_inf, &infinity(fmt, sign), &res);
    let zz = aig.and(ca.zero, cb.zero);
    let ii = aig.and(ca.inf, cb.inf);
    let invalid = aig.or(zz, ii);
    let res = BitVec::ite(aig, invalid, &default_nan(fmt), &res);
    let nan_in = aig.or(ca.nan, cb.nan);
    let nan_res = propagate_nan(aig, fmt, a, b, ca.nan);
    BitVec::ite(aig, nan_in, &nan_res, &res)
}

// ----- square root -----

/// Digit-by-digit integer square root of `n` (even width `2k`): `k` root bits and whether the
/// remainder is nonzero.
fn isqrt(aig: &mut Aig, n: &BitVec) -> (BitVec, AigLit) {
    let k = n.width() / 2;
    let rw = k + 3;
    let mut rem = BitVec::zero(rw);
    let mut root = BitVec::zero(k);
    for i in (0..k).rev() {
        // rem = rem * 4 + next two bits.
        let mut rb = vec![n.bit(2 * i), n.bit(2 * i + 1)];
        rb.extend_from_slice(&rem.bits()[..rw - 2]);
        let shifted = BitVec::from_bits(rb);
        // trial = root * 4 + 1.
        let mut tb = vec![AigLit::TRUE, AigLit::FALSE];
        tb.extend_from_slice(root.bits());
        let trial = BitVec::from_bits(tb).zero_extend(rw);
        let (diff, ge) = sub_ge(aig, &shifted, &trial);
        rem = BitVec::ite(aig, ge, &diff, &shifted);
        let mut nb = vec![ge];
        nb.extend_from_slice(&root.bits()[..k - 1]);
        root = BitVec::from_bits(nb);
    }
    let sticky = rem.is_nonzero(aig);
    (root, sticky)
}

/// Square root.
pub fn sqrt(aig: &mut Aig, fmt: FpFormat, a: &BitVec) -> BitVec {
    check(fmt, a);
    if let Some(x) = const_bits(aig, fmt, a) {
        return konst(fmt, soft::op1(fmt, x, f32::sqrt, f64::sqrt));
    }
    let ew = fmt.ew();
    let m = fmt.sig_bits();
    let ca = classify(aig, fmt, a);
    let (s, e) = unpack(aig, fmt, a, &ca, ew, true);
    // Make the exponent even: an odd one moves a factor 2 into the significand.
    let odd = e.bit(0);
    let s1 = s.zero_extend(m + 1);
    let s2 = BitVec::zero(1).concat(&s);
    let s_adj = BitVec::ite(aig, odd, &s2, &s1);
    let e_half = e.slice(1, ew - 1).sign_extend(ew);
    // N = s_adj · 2^(m + 5) has 2m + 6 bits; its root has m + 3 bits with the top one set.
    let n = BitVec::zero(m + 5).concat(&s_adj);
    let (root, sticky) = isqrt(aig, &n);
    let finite = round_pack(aig, fmt, AigLit::FALSE, &e_half, &root, sticky);
    // sqrt(±0) = ±0, sqrt(+∞) = +∞: the operand itself.
    let keep = aig.or(ca.zero, ca.inf);
    let res = BitVec::ite(aig, keep, a, &finite);
    let negative = aig.and(ca.sign, !ca.zero);
    let res = BitVec::ite(aig, negative, &default_nan(fmt), &res);
    BitVec::ite(aig, ca.nan, &quiet(fmt, a), &res)
}

// ----- comparisons -----

/// Whether `a` is a NaN.
pub fn is_nan(aig: &mut Aig, fmt: FpFormat, a: &BitVec) -> AigLit {
    check(fmt, a);
    classify(aig, fmt, a).nan
}

/// The value of a constant operand widened to `f64` (exact), when word folding applies.
fn const_f64(aig: &Aig, fmt: FpFormat, a: &BitVec) -> Option<f64> {
    const_bits(aig, fmt, a).map(|x| match fmt {
        FpFormat::F32 => f32::from_bits(x as u32) as f64,
        FpFormat::F64 => f64::from_bits(x),
    })
}

/// IEEE equality: false if either is NaN, `+0 == -0`.
pub fn eq(aig: &mut Aig, fmt: FpFormat, a: &BitVec, b: &BitVec) -> AigLit {
    check(fmt, a);
    check(fmt, b);
    if let (Some(x), Some(y)) = (const_f64(aig, fmt, a), const_f64(aig, fmt, b)) {
        return AigLit::constant(x == y);
    }
    let ca = classify(aig, fmt, a);
    let cb = classify(aig, fmt, b);
    let same = a.eq(aig, b);
    let zeros = aig.and(ca.zero, cb.zero);
    let equal = aig.or(same, zeros);
    let nan = aig.or(ca.nan, cb.nan);
    aig.and(equal, !nan)
}

/// Ordered `a < b` on non-NaN operands, ±0 equal.
fn lt_ordered(
    aig: &mut Aig,
    fmt: FpFormat,
    a: &BitVec,
    b: &BitVec,
    ca: &Class,
    cb: &Class,
) -> AigLit {
    let w = fmt.width();
    let ma = a.truncate(w - 1);
    let mb = b.truncate(w - 1);
    let mag_lt = ma.ult(aig, &mb);
    let mag_gt = mb.ult(aig, &ma);
    // Both non-negative: |a| < |b|; both negative: |a| > |b|; a negative, b not: unless both 0.
    let pos = aig.and(!ca.sign, !cb.sign);
    let negs = aig.and(ca.sign, cb.sign);
    let mixed = aig.and(ca.sign, !cb.sign);
    let zeros = aig.and(ca.zero, cb.zero);
    let t1 = aig.and(pos, mag_lt);
    let t2 = aig.and(negs, mag_gt);
    let t3 = aig.and(mixed, !zeros);
    let t12 = aig.or(t1, t2);
    aig.or(t12, t3)
}

/// `a < b`; false if either is NaN.
pub fn lt(aig: &mut Aig, fmt: FpFormat, a: &BitVec, b: &BitVec) -> AigLit {
    check(fmt, a);
    check(fmt, b);
    if let (Some(x), Some(y)) = (const_f64(aig, fmt, a), const_f64(aig, fmt, b)) {
        return AigLit::constant(x < y);
    }
    let ca = classify(aig, fmt, a);
    let cb = classify(aig, fmt, b);
    let r = lt_ordered(aig, fmt, a, b, &ca, &cb);
    let nan = aig.or(ca.nan, cb.nan);
    aig.and(r, !nan)
}

/// `a <= b`; false if either is NaN.
pub fn le(aig: &mut Aig, fmt: FpFormat, a: &BitVec, b: &BitVec) -> AigLit {
    check(fmt, a);
    check(fmt, b);
    if let (Some(x), Some(y)) = (const_f64(aig, fmt, a), const_f64(aig, fmt, b)) {
        return AigLit::constant(x <= y);
    }
    let ca = classify(aig, fmt, a);
    let cb = classify(aig, fmt, b);
    let gt = lt_ordered(aig, fmt, b, a, &cb, &ca);
    let nan = aig.or(ca.nan, cb.nan);
    aig.and(!gt, !nan)
}

/// `a != b`: true if either is NaN (C's `!=`).
pub fn ne(aig: &mut Aig, fmt: FpFormat, a: &BitVec, b: &BitVec) -> AigLit {
    !eq(aig, fmt, a, b)
}

/// `a > b`; false if either is NaN.
pub fn gt(aig: &mut Aig, fmt: FpFormat, a: &BitVec, b: &BitVec) -> AigLit {
    lt(aig, fmt, b, a)
}

/// `a >= b`; false if either is NaN.
pub fn ge(aig: &mut Aig, fmt: FpFormat, a: &BitVec, b: &BitVec) -> AigLit {
    le(aig, fmt, b, a)
}

/// Whether `a` is ±0 (C's `!x` on a floating operand; a NaN is not zero).
pub fn is_zero(aig: &mut Aig, fmt: FpFormat, a: &BitVec) -> AigLit {
    check(fmt, a);
    classify(aig, fmt, a).zero
}

/// Whether `a` is ±∞.
pub fn is_inf(aig: &mut Aig, fmt: FpFormat, a: &BitVec) -> AigLit {
    check(fmt, a);
    classify(aig, fmt, a).inf
}

// ----- min / max -----

fn min_max(aig: &mut Aig, fmt: FpFormat, a: &BitVec, b: &BitVec, is_max: bool) -> BitVec {
    check(fmt, a);
    check(fmt, b);
    let ca = classify(aig, fmt, a);
    let cb = classify(aig, fmt, b);
    // glibc: `islessequal(a, b) ? a : b` for fmin, `isgreaterequal(a, b) ? a : b` for fmax.
    let b_wins = if is_max {
        lt_ordered(aig, fmt, a, b, &ca, &cb)
    } else {
        lt_ordered(aig, fmt, b, a, &cb, &ca)
    };
    let ordered = BitVec::ite(aig, b_wins, b, a);
    let res = BitVec::ite(aig, ca.nan, b, &ordered);
    let res = BitVec::ite(aig, cb.nan, a, &res);
    let qbit = fmt.frac_bits() - 1;
    let sa = aig.and(ca.nan, !a.bit(qbit));
    let sb = aig.and(cb.nan, !b.bit(qbit));
    let signalling = aig.or(sa, sb);
    let qa = quiet(fmt, a);
    let qb = quiet(fmt, b);
    let sres = BitVec::ite(aig, cb.nan, &qb, &qa);
    BitVec::ite(aig, signalling, &sres, &res)
}

/// glibc's `fmin` (see the module documentation for NaNs and equal operands).
pub fn min(aig: &mut Aig, fmt: FpFormat, a: &BitVec, b: &BitVec) -> BitVec {
    min_max(aig, fmt, a, b, false)
}

/// glibc's `fmax` (see the module documentation for NaNs and equal operands).
pub fn max(aig: &mut Aig, fmt: FpFormat, a: &BitVec, b: &BitVec) -> BitVec {
    min_max(aig, fmt, a, b, true)
}

// ----- conversions -----

/// C conversion to a signed/unsigned integer of `width` bits, truncating toward zero; `invalid`
/// is true when the value is NaN, infinite or its integral part is out of range (undefined
/// behaviour in C: the caller reports it). The value is then unspecified (this circuit yields
/// the truncated magnitude's low bits with the sign applied, 0 for NaN).
pub fn to_int(
    aig: &mut Aig,
    fmt: FpFormat,
    a: &BitVec,
    width: usize,
    signed: bool,
) -> (BitVec, AigLit) {
    check(fmt, a);
    assert!(width > 0, "fp::to_int: zero width");
    if let Some(x) = const_f64(aig, fmt, a).filter(|_| width <= 128) {
        // The integral part is exact in f64; the bounds are powers of two, also exact.
        let t = x.trunc();
        let p = 2f64.powi(width as i32);
        let ok = if signed {
            t >= -p / 2.0 && t < p / 2.0
        } else {
            t > -1.0 && t < p
        };
        if ok {
            let v = if signed { t as i128 as u128 } else { t as u128 };
            return (
                BitVec::constant(width, v & crate::bitvec::mask(width)),
                AigLit::FALSE,
            );
        }
        // Out of range (rare): the circuit's unspecified value, folded through the gates, so
        // that both paths agree.
    }
    to_int_circuit(aig, fmt, a, width, signed)
}

fn to_int_circuit(
    aig: &mut Aig,
    fmt: FpFormat,
    a: &BitVec,
    width: usize,
    signed: bool,
) -> (BitVec, AigLit) {
    let ew = fmt.ew().max(bits_for(width + 1) + 2);
    let m = fmt.sig_bits();
    let ca = classify(aig, fmt, a);
    let (sig, ue) = unpack(aig, fmt, a, &ca, ew, false);
    let wm = width + 1;
    let negative_exp = ue.slt(aig, &cbv(ew, 0));
    let too_big = ue.sge(aig, &cbv(ew, wm as i128));
    // value = sig · 2^(ue - (m - 1)): shift left by ue (in [0, wm)), drop m - 1 fraction bits.
    let b = wm + m;
    let amount = ue.truncate(bits_for(wm - 1));
    let shifted = sig.zero_extend(b).shl(aig, &amount);
    let mag = shifted.slice(m - 1, wm);
    let mag = gate(aig, !negative_exp, &mag);
    let sign = ca.sign;
    let in_range = if signed {
        let limit = BitVec::constant(wm, 1u128 << (width - 1));
        let below = mag.ult(aig, &limit);
        let at_most = mag.ule(aig, &limit);
        aig.ite(sign, at_most, below)
    } else {
        let zero_mag = mag.is_zero(aig);
        aig.ite(sign, zero_mag, !mag.bit(width))
    };
    let special = aig.or(ca.nan, ca.inf);
    let bad = aig.or(special, too_big);
    let invalid = aig.or(bad, !in_range);
    let low = mag.truncate(width);
    let negated = low.neg(aig);
    let value = BitVec::ite(aig, sign, &negated, &low);
    let value = gate(aig, !ca.nan, &value);
    (value, invalid)
}

/// Integer (two's complement if `signed`) to float, rounded to nearest even.
pub fn from_int(aig: &mut Aig, fmt: FpFormat, a: &BitVec, signed: bool) -> BitVec {
    let w = a.width();
    if w == 0 {
        return zero(fmt, AigLit::FALSE);
    }
    if aig.word_folding() && w <= 128 {
        if let Some(v) = a.to_const() {
            let r = match (fmt, signed) {
                (FpFormat::F32, true) => {
                    (crate::bitvec::sign_extend_u128(v, w) as f32).to_bits() as u64
                }
                (FpFormat::F32, false) => (v as f32).to_bits() as u64,
                (FpFormat::F64, true) => (crate::bitvec::sign_extend_u128(v, w) as f64).to_bits(),
                (FpFormat::F64, false) => (v as f64).to_bits(),
            };
            return konst(fmt, r);
        }
    }
    let ew = fmt.ew().max(bits_for(w) + 3);
    let sign = if signed { a.msb() } else { AigLit::FALSE };
    let na = a.neg(aig);
    // |MIN| = 2^(w-1) is right as an unsigned magnitude.
    let mag = BitVec::ite(aig, sign, &na, a);
    // value = mag · 2^((w - 1) - (w - 1)).
    let e = cbv(ew, w as i128 - 1);
    round_pack(aig, fmt, sign, &e, &mag, AigLit::FALSE)
}

/// Between widths (F64→F32 rounds to nearest even; F32→F64 exact). A NaN keeps its sign and top
/// payload bits and is quieted (`cvtsd2ss`/`cvtss2sd`).
pub fn convert(aig: &mut Aig, from: FpFormat, to: FpFormat, a: &BitVec) -> BitVec {
    check(from, a);
    if from == to {
        return a.clone();
    }
    if let Some(x) = const_bits(aig, from, a) {
        let r = match from {
            FpFormat::F32 => {
                let v = f32::from_bits(x as u32);
                if v.is_nan() {
                    soft::quiet(
                        to,
                        (x & 0x8000_0000) << 32 | 0x7FF0_0000_0000_0000 | (x & 0x7F_FFFF) << 29,
                    )
                } else {
                    (v as f64).to_bits()
                }
            }
            FpFormat::F64 => {
                let v = f64::from_bits(x);
                if v.is_nan() {
                    soft::quiet(
                        to,
                        (x >> 32) & 0x8000_0000 | 0x7F80_0000 | (x >> 29) & 0x7F_FFFF,
                    )
                } else {
                    (v as f32).to_bits() as u64
                }
            }
        };
        return konst(to, r);
    }
    let ew = from.ew().max(to.ew());
    let ca = classify(aig, from, a);
    let (sig, e) = unpack(aig, from, a, &ca, ew, false);
    let finite = round_pack(aig, to, ca.sign, &e, &sig, AigLit::FALSE);
    let res = BitVec::ite(aig, ca.inf, &infinity(to, ca.sign), &finite);
    // NaN payload: the top fraction bits, aligned at the top.
    let ff = frac_field(from, a);
    let tf = to.frac_bits();
    let frac = if tf >= ff.width() {
        BitVec::zero(tf - ff.width()).concat(&ff)
    } else {
        ff.slice(ff.width() - tf, tf)
    };
    let nan = quiet(to, &pack(to, ca.sign, &BitVec::ones(to.exp_bits()), &frac));
    BitVec::ite(aig, ca.nan, &nan, &res)
}

/// Rounds to an integral value in the same format (`rint`, `round`, `trunc`, `floor`, `ceil`).
/// ±0, ±∞ and values of magnitude at least `2^(p-1)` are already integral and returned
/// unchanged; a NaN is returned quieted; the sign is kept (`floor(-0.5)` is `-1`, `ceil(-0.5)`
/// is `-0`).
pub fn round_integral(aig: &mut Aig, fmt: FpFormat, mode: RoundIntegral, a: &BitVec) -> BitVec {
    check(fmt, a);
    if let Some(x) = const_bits(aig, fmt, a) {
        let r = match mode {
            RoundIntegral::NearestEven => {
                soft::op1(fmt, x, f32::round_ties_even, f64::round_ties_even)
            }
            RoundIntegral::NearestAway => soft::op1(fmt, x, f32::round, f64::round),
            RoundIntegral::TowardZero => soft::op1(fmt, x, f32::trunc, f64::trunc),
            RoundIntegral::Down => soft::op1(fmt, x, f32::floor, f64::floor),
            RoundIntegral::Up => soft::op1(fmt, x, f32::ceil, f64::ceil),
        };
        return konst(fmt, r);
    }
    let w = fmt.width();
    let m = fmt.sig_bits();
    let eb = fmt.exp_bits();
    let bias = fmt.bias();
    let ca = classify(aig, fmt, a);
    let sign = ca.sign;
    let mag = a.truncate(w - 1);
    let e = exp_field(fmt, a);
    // Integral already: exponent field >= bias + m - 1 (this includes ∞ and NaN).
    let big = e.uge(aig, &cbv(eb, bias + m as i128 - 1));
    // |a| < 1.
    let small = e.ult(aig, &cbv(eb, bias));
    // Otherwise the low `sh = bias + m - 1 - e` (1 ..= m - 1) bits of the pattern are fractional.
    let sh = cbv(eb, bias + m as i128 - 1).sub(aig, &e);
    let sh = sh.truncate(bits_for(m - 1));
    let unit_mid = BitVec::constant(w - 1, 1).shl(aig, &sh);
    // mask = unit - 1: every bit below the unit's (a prefix OR from the top).
    let mut mask_bits = vec![AigLit::FALSE; w - 1];
    let mut above = AigLit::FALSE;
    for j in (0..w - 1).rev() {
        mask_bits[j] = above;
        above = aig.or(above, unit_mid.bit(j));
    }
    let mask = BitVec::from_bits(mask_bits);
    let half_mid = unit_mid.slice(1, w - 2).zero_extend(w - 1);
    let rest_mask = mask.slice(1, w - 2).zero_extend(w - 1);
    let fm = mag.and(aig, &mask);
    let frac_mid = fm.is_nonzero(aig);
    let hm = mag.and(aig, &half_mid);
    let half_mid_set = hm.is_nonzero(aig);
    let rm = mag.and(aig, &rest_mask);
    let rest_mid = rm.is_nonzero(aig);
    let lm = mag.and(aig, &unit_mid);
    let lsb_mid = lm.is_nonzero(aig);
    let trunc_mid = mag.and(aig, &mask.not());
    // |a| < 1: the integral part is 0 and one unit is 1.0.
    let frac_small = !ca.zero;
    let half_small = e.eq(aig, &cbv(eb, bias - 1));
    let fz = frac_field(fmt, a).is_nonzero(aig);
    let rest_small = aig.ite(half_small, fz, frac_small);
    let one = BitVec::constant(w - 1, (bias as u128) << (m - 1));
    let frac_nz = aig.ite(small, frac_small, frac_mid);
    let half = aig.ite(small, half_small, half_mid_set);
    let rest = aig.ite(small, rest_small, rest_mid);
    let lsb = aig.and(!small, lsb_mid);
    let trunc = gate(aig, !small, &trunc_mid);
    let unit = BitVec::ite(aig, small, &one, &unit_mid);
    let inc = match mode {
        RoundIntegral::TowardZero => AigLit::FALSE,
        RoundIntegral::Down => aig.and(sign, frac_nz),
        RoundIntegral::Up => aig.and(!sign, frac_nz),
        RoundIntegral::NearestAway => half,
        RoundIntegral::NearestEven => {
            let odd_or_rest = aig.or(rest, lsb);
            aig.and(half, odd_or_rest)
        }
    };
    let step = gate(aig, inc, &unit);
    let new_mag = trunc.add(aig, &step);
    let res = new_mag.concat(&BitVec::from_lit(sign));
    let res = BitVec::ite(aig, big, a, &res);
    BitVec::ite(aig, ca.nan, &quiet(fmt, a), &res)
}

/// C `fmod`: the exact remainder `a - n·b` with `n = trunc(a / b)`, with the sign of `a`.
/// The circuit is a long division over the whole exponent range (one conditional subtraction per
/// bit of the widest aligned dividend: 300 for F32, 2150 for F64), so a symbolic F64 `fmod` is
/// large (about 1.15M AND nodes); constant operands fold.
pub fn fmod(aig: &mut Aig, fmt: FpFormat, a: &BitVec, b: &BitVec) -> BitVec {
    check(fmt, a);
    check(fmt, b);
    if let Some((x, y)) = const2(aig, fmt, a, b) {
        return konst(fmt, soft::op2(fmt, x, y, |p, q| p % q, |p, q| p % q));
    }
    let ew = fmt.ew();
    let m = fmt.sig_bits();
    let ca = classify(aig, fmt, a);
    let cb = classify(aig, fmt, b);
    let (sa, ea) = unpack(aig, fmt, a, &ca, ew, true);
    let (sb, eb) = unpack(aig, fmt, b, &cb, ew, true);
    let d = ea.sub(aig, &eb);
    // Normalized exponents: |a| < |b| whenever ea < eb; then the result is a.
    let a_smaller = d.slt(aig, &cbv(ew, 0));
    // The largest exponent difference: the largest exponent minus the smallest (normalized
    // subnormal) one.
    let dmax = (2 * fmt.bias() + m as i128 - 2) as usize;
    let n = m + 1;
    let y = sb.zero_extend(n);
    // r = (sa · 2^d) mod sb by long division of X = sa · 2^d (a barrel shift into a window of
    // dmax + m bits; d is only meaningful when not `a_smaller`), one bit of X per step from the
    // top: r = 2r + bit, minus sb when that fits. Cheaper than doubling `sa` d times, which needs
    // a second multiplexer per step to stop after d of them.
    let p = dmax + m;
    let amount = d.truncate(bits_for(dmax));
    let x = sa.zero_extend(p).shl(aig, &amount);
    let mut r = BitVec::zero(n);
    for i in (0..p).rev() {
        // r < sb < 2^m, so 2r + 1 fits in n = m + 1 bits.
        let t = BitVec::from_lit(x.bit(i)).concat(&r.truncate(n - 1));
        let (diff, ge) = sub_ge(aig, &t, &y);
        r = BitVec::ite(aig, ge, &diff, &t);
    }
    // value = r · 2^(eb - (m - 1)), exact.
    let finite = round_pack(aig, fmt, ca.sign, &eb, &r.truncate(m), AigLit::FALSE);
    let keep_a = aig.or(a_smaller, cb.inf);
    let keep_a = aig.or(keep_a, ca.zero);
    let res = BitVec::ite(aig, keep_a, a, &finite);
    let invalid = aig.or(ca.inf, cb.zero);
    let res = BitVec::ite(aig, invalid, &default_nan(fmt), &res);
    let nan_in = aig.or(ca.nan, cb.nan);
    let nan_res = propagate_nan(aig, fmt, a, b, ca.nan);
    BitVec::ite(aig, nan_in, &nan_res, &res)
}
