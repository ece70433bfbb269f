//! Fixed-width bit-vectors over an [`Aig`], with C's two's-complement semantics.
//!
//! A [`BitVec`] is a list of AIG edges, least significant bit first. All arithmetic wraps modulo
//! 2^width exactly like C's unsigned arithmetic (and like signed arithmetic where C defines it).
//! Where C has undefined behaviour, the circuits still compute a fixed, documented value (the
//! SMT-LIB one) and a separate predicate (`*_overflow`, [`BitVec::div_by_zero`],
//! [`BitVec::shift_out_of_range`], ...) tells the caller when to flag it.
//!
//! # Widths
//!
//! Binary operations require both operands to have the same width and **panic** otherwise: a
//! mismatch is a bug in the caller's type handling, and continuing would silently encode the wrong
//! program. Shift amounts are the exception; C does not require the amount to have the shifted
//! operand's type, so any amount width is accepted. Constants and [`BitVec::to_const`] handle
//! widths up to 128 bits; wider vectors work for everything else (bits beyond 128 of a constant
//! are zero, or the sign for [`BitVec::constant_i128`]).
//!
//! # Constant folding
//!
//! Every operation on fully constant operands produces a constant result without creating AND
//! nodes: the gates fold in [`Aig::and`], and quadratic circuits (multiplication, division) take a
//! word-level shortcut when [`Aig::word_folding`] is on.

use crate::aig::{Aig, AigLit};

/// A fixed-width vector of AIG edges, least significant bit first.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct BitVec {
    bits: Vec<AigLit>,
}

/// All-ones mask of `width` bits (saturating at 128).
pub(crate) fn mask(width: usize) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

/// Interprets the low `width` bits of `v` as a two's-complement number.
pub(crate) fn sign_extend_u128(v: u128, width: usize) -> i128 {
    if width == 0 {
        0
    } else if width >= 128 {
        v as i128
    } else {
        let s = 128 - width as u32;
        ((v << s) as i128) >> s
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum ShiftKind {
    Shl,
    Lshr,
    Ashr,
}

fn same_width(op: &str, a: &BitVec, b: &BitVec) {
    assert_eq!(
        a.width(),
        b.width(),
        "BitVec::{op}: operand widths differ ({} vs {})",
        a.width(),
        b.width()
    );
}

/// Ripple-carry addition of equal-length slices with carry-in; returns the sum and carry-out.
/// The canonical signed-digit (non-adjacent) form of `c` modulo `2^w`: `(shift, negative)` for
/// each nonzero digit, ascending. No two digits are adjacent, so there are at most `w/2 + 1`,
/// and a digit at position `w` (a multiple of `2^w`) is dropped.
fn csd_digits(c: u128, w: usize) -> Vec<(usize, bool)> {
    let mut v = c & mask(w);
    let mut out = Vec::new();
    let mut k = 0;
    while v != 0 && k < w {
        if v & 1 == 1 {
            if v & 3 == 3 {
                out.push((k, true));
                // v + 1 may overflow u128 only when v is all ones at width 128; the remaining
                // digits then lie at or beyond `w` and are dropped anyway.
                v = match v.checked_add(1) {
                    Some(x) => x,
                    None => break,
                };
            } else {
                out.push((k, false));
                v -= 1;
            }
        }
        v >>= 1;
        k += 1;
    }
    out
}

pub(crate) fn add_carry(
    aig: &mut Aig,
    a: &[AigLit],
    b: &[AigLit],
    mut carry: AigLit,
) -> (Vec<AigLit>, AigLit) {
    let mut sum = Vec::with_capacity(a.len());
    for (&x, &y) in a.iter().zip(b) {
        let x_xor_y = aig.xor(x, y);
        sum.push(aig.xor(x_xor_y, carry));
        // carry' = x&y | carry&(x^y). Both conjunctions already exist inside the two XORs (see
        // `Aig::xor`), so a full adder costs 7 AND nodes.
        let gen = aig.and(x, y);
        let prop = aig.and(carry, x_xor_y);
        carry = aig.or(gen, prop);
    }
    (sum, carry)
}

impl BitVec {
    // ----- construction and inspection -----

    /// Wraps a list of edges (least significant first).
    pub fn from_bits(bits: Vec<AigLit>) -> BitVec {
        BitVec { bits }
    }

    /// A width-1 vector holding `lit`.
    pub fn from_lit(lit: AigLit) -> BitVec {
        BitVec { bits: vec![lit] }
    }

    /// `lit` as a `width`-bit number, 0 or 1 (C's conversion of a comparison result to `int`).
    pub fn from_bool(lit: AigLit, width: usize) -> BitVec {
        let mut bits = vec![AigLit::FALSE; width];
        if let Some(b) = bits.first_mut() {
            *b = lit;
        }
        BitVec { bits }
    }

    /// The constant `value` truncated to `width` bits (bits above 128 are zero).
    pub fn constant(width: usize, value: u128) -> BitVec {
        let bits = (0..width)
            .map(|i| AigLit::constant(i < 128 && (value >> i) & 1 == 1))
            .collect();
        BitVec { bits }
    }

    /// The constant `value` in two's complement, truncated or sign-extended to `width` bits.
    pub fn constant_i128(width: usize, value: i128) -> BitVec {
        let bits = (0..width)
            .map(|i| AigLit::constant((value >> i.min(127)) & 1 == 1))
            .collect();
        BitVec { bits }
    }

    /// All zeros.
    pub fn zero(width: usize) -> BitVec {
        BitVec {
            bits: vec![AigLit::FALSE; width],
        }
    }

    /// All ones (-1 as a signed number, the maximum as an unsigned one).
    pub fn ones(width: usize) -> BitVec {
        BitVec {
            bits: vec![AigLit::TRUE; width],
        }
    }

    /// The most negative signed value, `1 << (width - 1)`.
    pub fn signed_min(width: usize) -> BitVec {
        let mut v = BitVec::zero(width);
        if let Some(b) = v.bits.last_mut() {
            *b = AigLit::TRUE;
        }
        v
    }

    /// `width` fresh inputs.
    pub fn input(aig: &mut Aig, width: usize) -> BitVec {
        BitVec {
            bits: (0..width).map(|_| aig.input()).collect(),
        }
    }

    /// The number of bits.
    pub fn width(&self) -> usize {
        self.bits.len()
    }

    /// The bits, least significant first.
    pub fn bits(&self) -> &[AigLit] {
        &self.bits
    }

    /// Consumes the vector, returning its bits.
    pub fn into_bits(self) -> Vec<AigLit> {
        self.bits
    }

    /// Bit `i` (0 = least significant); FALSE beyond the width.
    pub fn bit(&self, i: usize) -> AigLit {
        self.bits.get(i).copied().unwrap_or(AigLit::FALSE)
    }

    /// The most significant (sign) bit; FALSE for width 0.
    pub fn msb(&self) -> AigLit {
        self.bits.last().copied().unwrap_or(AigLit::FALSE)
    }

    /// Whether every bit is constant.
    pub fn is_const(&self) -> bool {
        self.bits.iter().all(|b| b.is_const())
    }

    /// The unsigned value if every bit is constant and the value fits in 128 bits.
    pub fn to_const(&self) -> Option<u128> {
        let mut v = 0u128;
        for (i, b) in self.bits.iter().enumerate() {
            match b.const_value()? {
                true if i >= 128 => return None,
                true => v |= 1 << i,
                false => {}
            }
        }
        Some(v)
    }

    /// The signed (two's-complement) value if every bit is constant and the width is at most 128.
    pub fn to_const_i128(&self) -> Option<i128> {
        if self.width() > 128 {
            return None;
        }
        self.to_const().map(|v| sign_extend_u128(v, self.width()))
    }

    fn both_const(&self, aig: &Aig, other: &BitVec) -> Option<(u128, u128)> {
        if !aig.word_folding() || self.width() > 128 {
            return None;
        }
        Some((self.to_const()?, other.to_const()?))
    }

    // ----- width changes (pure rewiring: no gates) -----

    /// Zero-extends to `width` bits; truncates if `width` is smaller.
    pub fn zero_extend(&self, width: usize) -> BitVec {
        let mut bits = self.bits.clone();
        bits.resize(width, AigLit::FALSE);
        BitVec { bits }
    }

    /// Sign-extends to `width` bits; truncates if `width` is smaller.
    pub fn sign_extend(&self, width: usize) -> BitVec {
        let mut bits = self.bits.clone();
        bits.resize(width, self.msb());
        BitVec { bits }
    }

    /// Keeps the low `width` bits; a vector already at most `width` wide is returned unchanged.
    pub fn truncate(&self, width: usize) -> BitVec {
        BitVec {
            bits: self.bits[..width.min(self.width())].to_vec(),
        }
    }

    /// C integer conversion to `width` bits: truncation, or sign/zero extension depending on
    /// whether the *source* type is signed.
    pub fn resize(&self, width: usize, source_signed: bool) -> BitVec {
        if source_signed {
            self.sign_extend(width)
        } else {
            self.zero_extend(width)
        }
    }

    /// Bits `lo .. lo + len` (clamped to the width).
    pub fn slice(&self, lo: usize, len: usize) -> BitVec {
        let lo = lo.min(self.width());
        let hi = lo.saturating_add(len).min(self.width());
        BitVec {
            bits: self.bits[lo..hi].to_vec(),
        }
    }

    /// `self` in the low bits, `high` above it.
    pub fn concat(&self, high: &BitVec) -> BitVec {
        let mut bits = self.bits.clone();
        bits.extend_from_slice(&high.bits);
        BitVec { bits }
    }

    // ----- bitwise -----

    /// Bitwise complement (`~x`); free, only flips edge negations.
    pub fn not(&self) -> BitVec {
        BitVec {
            bits: self.bits.iter().map(|&b| !b).collect(),
        }
    }

    fn zip_with(
        &self,
        aig: &mut Aig,
        other: &BitVec,
        op: &str,
        f: fn(&mut Aig, AigLit, AigLit) -> AigLit,
    ) -> BitVec {
        same_width(op, self, other);
        BitVec {
            bits: self
                .bits
                .iter()
                .zip(&other.bits)
                .map(|(&a, &b)| f(aig, a, b))
                .collect(),
        }
    }

    /// Bitwise and (`&`).
    pub fn and(&self, aig: &mut Aig, other: &BitVec) -> BitVec {
        self.zip_with(aig, other, "and", Aig::and)
    }

    /// Bitwise or (`|`).
    pub fn or(&self, aig: &mut Aig, other: &BitVec) -> BitVec {
        self.zip_with(aig, other, "or", Aig::or)
    }

    /// Bitwise exclusive or (`^`).
    pub fn xor(&self, aig: &mut Aig, other: &BitVec) -> BitVec {
        self.zip_with(aig, other, "xor", Aig::xor)
    }

    /// Bitwise if-then-else: `cond ? then : els`.
    pub fn ite(aig: &mut Aig, cond: AigLit, then: &BitVec, els: &BitVec) -> BitVec {
        same_width("ite", then, els);
        BitVec {
            bits: then
                .bits
                .iter()
                .zip(&els.bits)
                .map(|(&t, &e)| aig.ite(cond, t, e))
                .collect(),
        }
    }

    // ----- arithmetic -----

    /// Wrapping addition.
    pub fn add(&self, aig: &mut Aig, other: &BitVec) -> BitVec {
        same_width("add", self, other);
        BitVec::from_bits(add_carry(aig, &self.bits, &other.bits, AigLit::FALSE).0)
    }

    /// The carry out of the most significant bit of `self + other` (unsigned overflow).
    pub fn uadd_overflow(&self, aig: &mut Aig, other: &BitVec) -> AigLit {
        same_width("uadd_overflow", self, other);
        add_carry(aig, &self.bits, &other.bits, AigLit::FALSE).1
    }

    /// Wrapping subtraction, computed as `self + !other + 1` so that it shares the comparator's
    /// carry chain.
    pub fn sub(&self, aig: &mut Aig, other: &BitVec) -> BitVec {
        same_width("sub", self, other);
        let nb = other.not();
        BitVec::from_bits(add_carry(aig, &self.bits, &nb.bits, AigLit::TRUE).0)
    }

    /// Whether `self - other` borrows (unsigned `self < other`).
    pub fn usub_overflow(&self, aig: &mut Aig, other: &BitVec) -> AigLit {
        self.ult(aig, other)
    }

    /// Wrapping negation (`-x`; `-MIN == MIN`).
    pub fn neg(&self, aig: &mut Aig) -> BitVec {
        BitVec::zero(self.width()).sub(aig, self)
    }

    /// Wrapping multiplication (low `width` bits of the product), shift-and-add array multiplier.
    pub fn mul(&self, aig: &mut Aig, other: &BitVec) -> BitVec {
        same_width("mul", self, other);
        let w = self.width();
        if let Some((x, y)) = self.both_const(aig, other) {
            return BitVec::constant(w, x.wrapping_mul(y) & mask(w));
        }
        // Use the operand with more constant bits as the multiplier selecting the rows: its zero
        // bits drop whole rows, so multiplying by a constant costs only an adder per set bit.
        let n_const = |v: &BitVec| v.bits.iter().filter(|b| b.is_const()).count();
        let (a, b) = if n_const(self) > n_const(other) {
            (other, self)
        } else {
            (self, other)
        };
        if let Some(digits) = b.to_const().filter(|_| w <= 128).map(|c| csd_digits(c, w)) {
            // A constant multiplier in canonical signed-digit form: one adder or subtractor per
            // nonzero digit instead of one adder per set bit. A negative constant sign-extended
            // to a double-width product (the signed overflow check) has almost every bit set,
            // but only a handful of signed digits (-600 = -512 - 64 - 16 - 8).
            let ones = b.bits.iter().filter(|&&x| x == AigLit::TRUE).count();
            if digits.len() < ones {
                return a.mul_by_digits(aig, &digits);
            }
        }
        let mut acc = vec![AigLit::FALSE; w];
        for i in 0..w {
            let bi = b.bits[i];
            if bi == AigLit::FALSE {
                continue;
            }
            // Row i is `a << i` gated by b[i]; only its low `w - i` bits reach the result.
            let row: Vec<AigLit> = a.bits[..w - i].iter().map(|&x| aig.and(x, bi)).collect();
            let (sum, _) = add_carry(aig, &acc[i..], &row, AigLit::FALSE);
            acc[i..].copy_from_slice(&sum);
        }
        BitVec::from_bits(acc)
    }

    /// `self * Σ sign·2^shift` over the signed digits `(shift, negative)` (ascending shifts).
    fn mul_by_digits(&self, aig: &mut Aig, digits: &[(usize, bool)]) -> BitVec {
        let w = self.width();
        let mut acc = vec![AigLit::FALSE; w];
        for &(k, negative) in digits {
            // `self << k` has k zero low bits: neither adding nor subtracting it changes the
            // low k bits of the accumulator, nor carries or borrows out of them.
            let row = &self.bits[..w - k];
            let (sum, _) = if negative {
                let inverted: Vec<AigLit> = row.iter().map(|&x| !x).collect();
                add_carry(aig, &acc[k..], &inverted, AigLit::TRUE)
            } else {
                add_carry(aig, &acc[k..], row, AigLit::FALSE)
            };
            acc[k..].copy_from_slice(&sum);
        }
        BitVec::from_bits(acc)
    }

    /// Unsigned quotient and remainder by restoring division. For a zero divisor the quotient is
    /// all ones and the remainder is the dividend (SMT-LIB `bvudiv`/`bvurem`); C leaves this
    /// undefined, callers guard it with [`BitVec::div_by_zero`].
    pub fn udivrem(&self, aig: &mut Aig, divisor: &BitVec) -> (BitVec, BitVec) {
        same_width("udivrem", self, divisor);
        let w = self.width();
        if let Some((x, y)) = self.both_const(aig, divisor) {
            let (q, r) = (
                x.checked_div(y).unwrap_or(mask(w)),
                x.checked_rem(y).unwrap_or(x),
            );
            return (BitVec::constant(w, q), BitVec::constant(w, r));
        }
        // One extra bit so that `2 * rem + bit` (< 2 * divisor) never overflows the subtraction.
        let mut neg_divisor: Vec<AigLit> = divisor.bits.iter().map(|&b| !b).collect();
        neg_divisor.push(AigLit::TRUE);
        let mut rem = vec![AigLit::FALSE; w];
        let mut quot = vec![AigLit::FALSE; w];
        for i in (0..w).rev() {
            let mut shifted = Vec::with_capacity(w + 1);
            shifted.push(self.bits[i]);
            shifted.extend_from_slice(&rem);
            // Carry out of `shifted + !divisor + 1` is set iff shifted >= divisor.
            let (diff, fits) = add_carry(aig, &shifted, &neg_divisor, AigLit::TRUE);
            quot[i] = fits;
            for j in 0..w {
                rem[j] = aig.ite(fits, diff[j], shifted[j]);
            }
        }
        (BitVec::from_bits(quot), BitVec::from_bits(rem))
    }

    /// Unsigned division (`/` on unsigned types); all ones for a zero divisor.
    pub fn udiv(&self, aig: &mut Aig, divisor: &BitVec) -> BitVec {
        self.udivrem(aig, divisor).0
    }

    /// Unsigned remainder (`%` on unsigned types); the dividend for a zero divisor.
    pub fn urem(&self, aig: &mut Aig, divisor: &BitVec) -> BitVec {
        self.udivrem(aig, divisor).1
    }

    /// Signed quotient and remainder with C semantics: the quotient truncates toward zero and the
    /// remainder has the sign of the dividend. `MIN / -1` wraps to `MIN` with remainder 0. For a
    /// zero divisor the result follows SMT-LIB `bvsdiv`/`bvsrem` (quotient -1 for a non-negative
    /// dividend and 1 for a negative one; remainder = dividend).
    pub fn sdivrem(&self, aig: &mut Aig, divisor: &BitVec) -> (BitVec, BitVec) {
        same_width("sdivrem", self, divisor);
        let w = self.width();
        if let Some((x, y)) = self.both_const(aig, divisor) {
            let (x, y) = (sign_extend_u128(x, w), sign_extend_u128(y, w));
            let (q, r) = if y == 0 {
                (if x < 0 { 1 } else { -1 }, x)
            } else {
                // wrapping_* only wrap for i128::MIN / -1 at width 128, where C's wrapped result
                // (MIN, 0) is exactly what they return.
                (x.wrapping_div(y), x.wrapping_rem(y))
            };
            return (BitVec::constant_i128(w, q), BitVec::constant_i128(w, r));
        }
        let (sa, sb) = (self.msb(), divisor.msb());
        let na = self.neg(aig);
        let nb = divisor.neg(aig);
        let abs_a = BitVec::ite(aig, sa, &na, self);
        let abs_b = BitVec::ite(aig, sb, &nb, divisor);
        let (uq, ur) = abs_a.udivrem(aig, &abs_b);
        let q_negative = aig.xor(sa, sb);
        let nq = uq.neg(aig);
        let nr = ur.neg(aig);
        let q = BitVec::ite(aig, q_negative, &nq, &uq);
        let r = BitVec::ite(aig, sa, &nr, &ur);
        (q, r)
    }

    /// Signed division (`/` on signed types), see [`BitVec::sdivrem`].
    pub fn sdiv(&self, aig: &mut Aig, divisor: &BitVec) -> BitVec {
        self.sdivrem(aig, divisor).0
    }

    /// Signed remainder (`%` on signed types), see [`BitVec::sdivrem`].
    pub fn srem(&self, aig: &mut Aig, divisor: &BitVec) -> BitVec {
        self.sdivrem(aig, divisor).1
    }

    // ----- shifts -----

    /// Barrel shifter: one layer of multiplexers per amount bit. Amount bits worth `width` or more
    /// select the fill directly, and layers compose, so any amount `>= width` (including sums of
    /// smaller bits when the width is not a power of two) yields pure fill.
    fn shift(&self, aig: &mut Aig, amount: &BitVec, kind: ShiftKind) -> BitVec {
        let w = self.width();
        let fill = if kind == ShiftKind::Ashr {
            self.msb()
        } else {
            AigLit::FALSE
        };
        let mut cur = self.bits.clone();
        for (k, &sel) in amount.bits.iter().enumerate() {
            if sel == AigLit::FALSE {
                continue;
            }
            let dist = 1usize.checked_shl(k as u32).filter(|&d| d < w);
            let shifted: Vec<AigLit> = (0..w)
                .map(|j| match (kind, dist) {
                    (_, None) => fill,
                    (ShiftKind::Shl, Some(d)) => {
                        if j >= d {
                            cur[j - d]
                        } else {
                            AigLit::FALSE
                        }
                    }
                    (_, Some(d)) => {
                        if j + d < w {
                            cur[j + d]
                        } else {
                            fill
                        }
                    }
                })
                .collect();
            for j in 0..w {
                cur[j] = aig.ite(sel, shifted[j], cur[j]);
            }
        }
        BitVec::from_bits(cur)
    }

    /// Left shift by a symbolic amount (read as unsigned, any width); 0 when `amount >= width`.
    pub fn shl(&self, aig: &mut Aig, amount: &BitVec) -> BitVec {
        self.shift(aig, amount, ShiftKind::Shl)
    }

    /// Logical right shift (unsigned `>>`); 0 when `amount >= width`.
    pub fn lshr(&self, aig: &mut Aig, amount: &BitVec) -> BitVec {
        self.shift(aig, amount, ShiftKind::Lshr)
    }

    /// Arithmetic right shift (signed `>>` as implemented by gcc/clang); all sign bits when
    /// `amount >= width`.
    pub fn ashr(&self, aig: &mut Aig, amount: &BitVec) -> BitVec {
        self.shift(aig, amount, ShiftKind::Ashr)
    }

    // ----- comparisons -----

    /// Equality.
    pub fn eq(&self, aig: &mut Aig, other: &BitVec) -> AigLit {
        same_width("eq", self, other);
        let bits: Vec<AigLit> = self
            .bits
            .iter()
            .zip(&other.bits)
            .map(|(&a, &b)| aig.xnor(a, b))
            .collect();
        aig.and_all(bits)
    }

    /// Disequality.
    pub fn ne(&self, aig: &mut Aig, other: &BitVec) -> AigLit {
        !self.eq(aig, other)
    }

    /// Unsigned `self >= other`: the carry out of `self + !other + 1`, computed with majority
    /// gates only (no sum bits).
    fn uge_carry(&self, aig: &mut Aig, other: &BitVec) -> AigLit {
        let mut carry = AigLit::TRUE;
        for (&a, &b) in self.bits.iter().zip(&other.bits) {
            carry = aig.maj(a, !b, carry);
        }
        carry
    }

    /// Unsigned less-than.
    pub fn ult(&self, aig: &mut Aig, other: &BitVec) -> AigLit {
        same_width("ult", self, other);
        !self.uge_carry(aig, other)
    }

    /// Unsigned less-or-equal.
    pub fn ule(&self, aig: &mut Aig, other: &BitVec) -> AigLit {
        !other.ult(aig, self)
    }

    /// Unsigned greater-than.
    pub fn ugt(&self, aig: &mut Aig, other: &BitVec) -> AigLit {
        other.ult(aig, self)
    }

    /// Unsigned greater-or-equal.
    pub fn uge(&self, aig: &mut Aig, other: &BitVec) -> AigLit {
        !self.ult(aig, other)
    }

    /// Flips the sign bit, mapping signed order onto unsigned order (free: an edge negation).
    fn flip_sign(&self) -> BitVec {
        let mut v = self.clone();
        if let Some(b) = v.bits.last_mut() {
            *b = !*b;
        }
        v
    }

    /// Signed less-than.
    pub fn slt(&self, aig: &mut Aig, other: &BitVec) -> AigLit {
        same_width("slt", self, other);
        self.flip_sign().ult(aig, &other.flip_sign())
    }

    /// Signed less-or-equal.
    pub fn sle(&self, aig: &mut Aig, other: &BitVec) -> AigLit {
        !other.slt(aig, self)
    }

    /// Signed greater-than.
    pub fn sgt(&self, aig: &mut Aig, other: &BitVec) -> AigLit {
        other.slt(aig, self)
    }

    /// Signed greater-or-equal.
    pub fn sge(&self, aig: &mut Aig, other: &BitVec) -> AigLit {
        !self.slt(aig, other)
    }

    /// Whether all bits are zero (C's `!x`).
    pub fn is_zero(&self, aig: &mut Aig) -> AigLit {
        !self.is_nonzero(aig)
    }

    /// Whether any bit is set (C's truth value of `x`).
    pub fn is_nonzero(&self, aig: &mut Aig) -> AigLit {
        aig.or_all(self.bits.iter().copied())
    }

    // ----- undefined-behaviour predicates -----

    /// Signed `self + other` overflows: the operands share a sign the result does not have.
    pub fn sadd_overflow(&self, aig: &mut Aig, other: &BitVec) -> AigLit {
        let r = self.add(aig, other);
        let same = aig.xnor(self.msb(), other.msb());
        let flipped = aig.xor(r.msb(), self.msb());
        aig.and(same, flipped)
    }

    /// Signed `self - other` overflows: the operands differ in sign and the result's sign differs
    /// from the minuend's.
    pub fn ssub_overflow(&self, aig: &mut Aig, other: &BitVec) -> AigLit {
        let r = self.sub(aig, other);
        let differ = aig.xor(self.msb(), other.msb());
        let flipped = aig.xor(r.msb(), self.msb());
        aig.and(differ, flipped)
    }

    /// Signed `-self` overflows, i.e. `self == MIN`.
    pub fn sneg_overflow(&self, aig: &mut Aig) -> AigLit {
        self.eq(aig, &BitVec::signed_min(self.width()))
    }

    /// Signed `self * other` overflows: the double-width product is not the sign extension of its
    /// low half.
    pub fn smul_overflow(&self, aig: &mut Aig, other: &BitVec) -> AigLit {
        same_width("smul_overflow", self, other);
        let w = self.width();
        if let Some((x, y)) = self.both_const(aig, other) {
            let (x, y) = (sign_extend_u128(x, w), sign_extend_u128(y, w));
            let fits = x
                .checked_mul(y)
                .is_some_and(|p| sign_extend_u128(p as u128 & mask(w), w) == p);
            return AigLit::constant(!fits);
        }
        let p = self.sign_extend(2 * w).mul(aig, &other.sign_extend(2 * w));
        let sign = p.bit(w.saturating_sub(1));
        let diffs: Vec<AigLit> = p.bits[w..].iter().map(|&b| aig.xor(b, sign)).collect();
        aig.or_all(diffs)
    }

    /// Unsigned `self * other` wraps: the high half of the double-width product is non-zero.
    pub fn umul_overflow(&self, aig: &mut Aig, other: &BitVec) -> AigLit {
        same_width("umul_overflow", self, other);
        let w = self.width();
        if let Some((x, y)) = self.both_const(aig, other) {
            let fits = x.checked_mul(y).is_some_and(|p| p & !mask(w) == 0);
            return AigLit::constant(!fits);
        }
        let p = self.zero_extend(2 * w).mul(aig, &other.zero_extend(2 * w));
        aig.or_all(p.bits[w..].iter().copied())
    }

    /// Division or remainder by `self` is undefined: `self == 0`.
    pub fn div_by_zero(&self, aig: &mut Aig) -> AigLit {
        self.is_zero(aig)
    }

    /// Signed `self / divisor` (and `%`) overflows: `self == MIN && divisor == -1`.
    pub fn sdiv_overflow(&self, aig: &mut Aig, divisor: &BitVec) -> AigLit {
        same_width("sdiv_overflow", self, divisor);
        let is_min = self.sneg_overflow(aig);
        let is_m1 = divisor.eq(aig, &BitVec::ones(divisor.width()));
        aig.and(is_min, is_m1)
    }

    /// A shift by `amount` of a `value_width`-bit operand is undefined in C: the amount is negative
    /// (only when `amount_signed`) or at least `value_width`.
    pub fn shift_out_of_range(
        aig: &mut Aig,
        amount: &BitVec,
        value_width: usize,
        amount_signed: bool,
    ) -> AigLit {
        let negative = if amount_signed {
            amount.msb()
        } else {
            AigLit::FALSE
        };
        let aw = amount.width();
        // If every representable amount is below the width, only negativity can go wrong.
        let too_big = if aw < 128 && (value_width as u128) >= (1u128 << aw) {
            AigLit::FALSE
        } else {
            amount.uge(aig, &BitVec::constant(aw, value_width as u128))
        };
        aig.or(negative, too_big)
    }

    /// Signed `self << amount` is undefined (C11 6.5.7p4) although the amount is in range: `self`
    /// is negative, or `self * 2^amount` does not fit, i.e. the top `amount + 1` bits of `self` are
    /// not all zero. Meaningless (but still computed) when the amount is out of range.
    pub fn shl_signed_overflow(&self, aig: &mut Aig, amount: &BitVec) -> AigLit {
        let shifted = self.shl(aig, amount);
        let back = shifted.lshr(aig, amount);
        let lost = back.ne(aig, self);
        aig.or(lost, shifted.msb())
    }
}
