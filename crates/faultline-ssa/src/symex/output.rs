//! Standard output against the expected text, with a symbolic output cursor.
//!
//! The expected output is concrete, so instead of building the (symbolic) output string the
//! model keeps a *cursor* into the expected text and checks every emission where it happens:
//! an emission of bytes `B` under guard `g` requires, for every cursor state `s` it may start
//! from, `(g ∧ cursor = s) → B matches the expected text at s`, and moves the cursor.
//!
//! * **Exact** comparison: the cursor is a byte offset; bytes must be equal.
//! * **Token** comparison (whitespace-separated tokens equal): the expected text is normalized
//!   to its tokens joined by one space, and the state is (offset, pending) where `pending` says
//!   whitespace was emitted after the last token byte. Emitted whitespace only sets `pending`
//!   (leading whitespace is ignored); a token byte after pending whitespace must meet the
//!   separating space first. This is exactly equality of the token sequences, with tokens free
//!   to be assembled from several `printf`s (`printf("%d", 1); printf("%d", 2)` prints `12`).
//!
//! A symbolic integer prints as one of finitely many texts that fit the expected output at the
//! cursor: every prefix of the expected text there that parses as a number `n` whose rendering
//! (`render`, byte for byte glibc's) matches is a candidate, with condition `value = n`. The
//! candidate set is complete because any value whose rendering matches must have its digits
//! there. At the end the cursor must be at the end of the expected text.
//!
//! The set of concrete states the cursor can be in is tracked alongside its term, so the case
//! split never needs a solver; with concrete control flow it has one element and everything
//! folds to constants.

use faultline_ir::format::{ConvKind, ConvSpec};
use faultline_libc::{printf, FmtArg};

use super::datum;
use crate::spec::Param;
use crate::term::{TermId, TermStore};

/// Token comparison's notion of whitespace (the runner splits on `u8::is_ascii_whitespace`).
fn is_ws(b: u8) -> bool {
    b.is_ascii_whitespace()
}

pub(crate) struct OutModel {
    /// Whether stdout is checked at all.
    pub checked: bool,
    tokens: bool,
    /// The expected text (normalized in token mode).
    expected: Vec<u8>,
    /// 32-bit cursor and the pending-whitespace flag.
    cur: TermId,
    pend: TermId,
    states: Vec<(u32, bool)>,
    /// The numbers of the expected output that printed integers are compared with, as free
    /// values (`Some` when the replica is parametric, see `SymexOptions::parametric`).
    pub params: Option<Vec<Param>>,
}

/// One way an emission can look: its condition and its bytes.
pub(crate) type Alt = (TermId, Vec<u8>);

/// The ways an emission can look from one state: `(store, expected, tokens, offset, pending)`.
pub(crate) type AltsFn<'f> = dyn FnMut(&mut TermStore, &[u8], bool, u32, bool) -> Vec<Alt> + 'f;

impl OutModel {
    pub fn new(
        ts: &mut TermStore,
        expected: Option<&[u8]>,
        tokens: bool,
        parametric: bool,
    ) -> Self {
        let exp = expected.map_or_else(Vec::new, |e| cursor_text(e, tokens));
        OutModel {
            checked: expected.is_some(),
            tokens,
            expected: exp,
            cur: ts.bv(32, 0),
            pend: ts.ff(),
            states: vec![(0, false)],
            params: parametric.then(Vec::new),
        }
    }

    /// Feed `bytes` from state `(p, q)`; the next state, or `None` on a mismatch.
    fn sim(&self, mut p: u32, mut q: bool, bytes: &[u8]) -> Option<(u32, bool)> {
        let e = &self.expected;
        for &b in bytes {
            if self.tokens {
                if is_ws(b) {
                    q = p > 0;
                    continue;
                }
                if q {
                    if e.get(p as usize) != Some(&b' ') {
                        return None;
                    }
                    p += 1;
                    q = false;
                }
                if e.get(p as usize) != Some(&b) {
                    return None;
                }
                p += 1;
            } else {
                if e.get(p as usize) != Some(&b) {
                    return None;
                }
                p += 1;
            }
        }
        Some((p, q))
    }

    fn at(&self, ts: &mut TermStore, p: u32, q: bool, single: bool) -> TermId {
        if single {
            return ts.tt();
        }
        let pt = ts.bv(32, p as u128);
        let at_p = ts.eq(self.cur, pt);
        if !self.tokens {
            return at_p;
        }
        let qt = ts.bool_const(q);
        let at_q = ts.eq(self.pend, qt);
        ts.and(at_p, at_q)
    }

    /// Emit one of `alts(state)` under guard `g`; returns the hard constraint that the emission
    /// matches the expected text.
    pub fn step(&mut self, ts: &mut TermStore, g: TermId, alts: &mut AltsFn<'_>) -> TermId {
        if !self.checked || ts.is_false(g) {
            return ts.tt();
        }
        let states = std::mem::take(&mut self.states);
        let mut cases: Vec<(TermId, u32, bool)> = Vec::new();
        let single = states.len() == 1;
        for &(p, q) in &states {
            let at = self.at(ts, p, q, single);
            for (cond, bytes) in alts(ts, &self.expected, self.tokens, p, q) {
                if let Some((p2, q2)) = self.sim(p, q, &bytes) {
                    let c = ts.and(at, cond);
                    if !ts.is_false(c) {
                        cases.push((c, p2, q2));
                    }
                }
            }
        }
        self.states = states;
        let ok = ts.or_all(cases.iter().map(|c| c.0));
        let hard = ts.implies(g, ok);
        let Some(&(_, lp, lq)) = cases.last() else {
            return hard;
        };
        let mut cur = ts.bv(32, lp as u128);
        let mut pend = ts.bool_const(lq);
        for &(c, p2, q2) in cases.iter().rev().skip(1) {
            let pt = ts.bv(32, p2 as u128);
            cur = ts.ite(c, pt, cur);
            let qt = ts.bool_const(q2);
            pend = ts.ite(c, qt, pend);
        }
        self.cur = ts.ite(g, cur, self.cur);
        self.pend = ts.ite(g, pend, self.pend);
        let mut next: Vec<(u32, bool)> = cases.iter().map(|&(_, p, q)| (p, q)).collect();
        if !ts.is_true(g) {
            next.extend_from_slice(&self.states);
        }
        next.sort_unstable();
        next.dedup();
        self.states = next;
        hard
    }

    /// Emit constant bytes.
    pub fn literal(&mut self, ts: &mut TermStore, g: TermId, bytes: &[u8]) -> TermId {
        if bytes.is_empty() {
            return ts.tt();
        }
        let t = ts.tt();
        self.step(ts, g, &mut |_, _, _, _, _| vec![(t, bytes.to_vec())])
    }

    /// Emit an integer conversion of the symbolic value `v` (already of kind
    /// `printf::int_kind(spec)`).
    pub fn int(&mut self, ts: &mut TermStore, g: TermId, spec: &ConvSpec, v: TermId) -> TermId {
        let kind = printf::int_kind(spec);
        if let Some(c) = ts.as_const(v) {
            let n = crate::term::to_signed(c, kind.bits());
            let n = if kind.is_signed() { n } else { c as i128 };
            let mut out = Vec::new();
            printf::render(&mut out, spec, FmtArg::Int(n));
            return self.literal(ts, g, &out);
        }
        let spec = spec.clone();
        let mut params = self.params.take();
        let hard = self.step(ts, g, &mut |ts, e, tokens, p, _q| {
            let mut cands: Vec<i128> = Vec::new();
            if spec.kind == ConvKind::Char {
                let span = spec.width.unwrap_or(1).max(1) as usize + 1;
                let st = (p as usize).min(e.len());
                let end = (p as usize + span).min(e.len());
                cands.extend(e[st..end].iter().map(|&b| b as i128));
                if tokens {
                    cands.extend([b' ', b'\t', b'\n', b'\r', 0x0c].map(|b| b as i128));
                }
            } else {
                let starts: &[usize] = if tokens { &[0, 1] } else { &[0] };
                let max_len =
                    spec.width.unwrap_or(0) as usize + spec.precision.unwrap_or(0) as usize + 48;
                for &d in starts {
                    let st = p as usize + d;
                    let mut end = st;
                    while end < e.len() && end - st < max_len && !(tokens && e[end] == b' ') {
                        end += 1;
                        if let Some(n) = parse_number(&e[st..end], spec.kind) {
                            cands.push(n);
                        }
                    }
                }
                if spec.precision == Some(0) {
                    cands.push(0);
                }
            }
            cands.sort_unstable();
            cands.dedup();
            let mut alts = Vec::with_capacity(cands.len());
            for n in cands {
                if !kind.contains(n) {
                    continue;
                }
                let mut out = Vec::new();
                printf::render(&mut out, &spec, FmtArg::Int(n));
                let k = datum(ts, params.as_mut(), kind.bits(), n);
                let c = ts.eq(v, k);
                alts.push((c, out));
            }
            alts
        });
        self.params = params;
        hard
    }

    /// Emit a floating conversion (`%f %e %g %a` with their flags) of the symbolic `double`
    /// `v`. Decimal printing is not modelled: every prefix of the expected text at the cursor
    /// that some double prints as, byte for byte (glibc's rendering, `printf::render`), is an
    /// alternative whose condition is that `v` lies in the interval of doubles printing so
    /// ([`float_interval`]); the interval's two bounds are constants, compared with `v` in
    /// the total order of bit patterns ([`fp_order_key`]), which tells `-0` from `+0` and
    /// keeps each NaN sign apart, so the condition is exact. A text no double prints as
    /// is no alternative (the emission cannot match there).
    pub fn float(&mut self, ts: &mut TermStore, g: TermId, spec: &ConvSpec, v: TermId) -> TermId {
        if let Some(c) = ts.as_const(v) {
            let mut out = Vec::new();
            printf::render(&mut out, spec, FmtArg::Int(c as i128));
            return self.literal(ts, g, &out);
        }
        let spec = spec.clone();
        let key = fp_order_key(ts, v);
        self.step(ts, g, &mut |ts, e, tokens, p, _q| {
            let starts: &[usize] = if tokens { &[0, 1] } else { &[0] };
            // `%f` of a large double prints up to 309 integer digits.
            let max_len =
                spec.width.unwrap_or(0) as usize + spec.precision.unwrap_or(6) as usize + 330;
            let mut found: Vec<(u64, u64, Vec<u8>)> = Vec::new();
            for &d in starts {
                let st = p as usize + d;
                let mut end = st;
                while end < e.len() && end - st < max_len && !(tokens && e[end] == b' ') {
                    end += 1;
                    if let Some((lo, hi)) = float_interval(&spec, &e[st..end]) {
                        found.push((lo, hi, e[st..end].to_vec()));
                    }
                }
            }
            found.sort_unstable();
            found.dedup();
            found
                .into_iter()
                .map(|(lo, hi, text)| {
                    let l = ts.bv(64, lo as u128);
                    let h = ts.bv(64, hi as u128);
                    let above = ts.ule(l, key);
                    let below = ts.ule(key, h);
                    (ts.and(above, below), text)
                })
                .collect()
        })
    }

    /// Emit one symbolic byte (`putchar`, a character of a computed string).
    pub fn byte(&mut self, ts: &mut TermStore, g: TermId, b: TermId) -> TermId {
        let spec = ConvSpec::plain(ConvKind::Char);
        let b = if ts.width(b) != 8 { ts.trunc(b, 8) } else { b };
        self.int(ts, g, &spec, b)
    }

    /// The cursor as it stands: the offset and the pending-whitespace flag (see
    /// [`crate::TextPoint`]).
    pub fn cursor(&self) -> (TermId, TermId) {
        (self.cur, self.pend)
    }

    /// A relaxed output statement that does not print as written (under `g`) prints any text,
    /// including nothing: the cursor moves to the free state `(to, to_pend)`, which must be
    /// reachable from where it stands by printing some text. Exactly: any offset from the
    /// cursor's to the end. By tokens: the same offset with the flag kept (or set by
    /// whitespace after a token), or a later one (an offset inside a token too: the next
    /// print may finish it), reached by the expected text from the cursor on (with pending
    /// whitespace that text must start at a separating space), with or without whitespace
    /// after it. A `to` just past a separating space is allowed but leads nowhere the
    /// interpreter would not go (it is `to - 1` with pending whitespace, restricted).
    /// Returns the hard constraint.
    pub fn jump(&mut self, ts: &mut TermStore, g: TermId, to: TermId, to_pend: TermId) -> TermId {
        if !self.checked || ts.is_false(g) {
            return ts.tt();
        }
        let len = self.expected.len() as u32;
        let len_t = ts.bv(32, len as u128);
        let to_in = ts.ule(to, len_t);
        let states = std::mem::take(&mut self.states);
        let single = states.len() == 1;
        let mut cases: Vec<TermId> = Vec::with_capacity(states.len());
        for &(p, q) in &states {
            let at = self.at(ts, p, q, single);
            let pt = ts.bv(32, p as u128);
            let ok = if self.tokens {
                let stay = ts.eq(to, pt);
                let qt = ts.bool_const(q);
                let same = ts.eq(to_pend, qt);
                let stay_ok = if p > 0 && !q { ts.tt() } else { same };
                let stay = ts.and(stay, stay_ok);
                let advance = if p < len && (!q || self.expected[p as usize] == b' ') {
                    let after = ts.ult(pt, to);
                    ts.and(after, to_in)
                } else {
                    ts.ff()
                };
                ts.or(stay, advance)
            } else {
                let after = ts.ule(pt, to);
                let f = ts.ff();
                let nopend = ts.eq(to_pend, f);
                let in_range = ts.and(after, to_in);
                ts.and(in_range, nopend)
            };
            cases.push(ts.and(at, ok));
        }
        let ok = ts.or_all(cases);
        let hard = ts.implies(g, ok);
        self.cur = ts.ite(g, to, self.cur);
        if self.tokens {
            self.pend = ts.ite(g, to_pend, self.pend);
        }
        let min = states.iter().map(|s| s.0).min().unwrap_or(0);
        let mut next: Vec<(u32, bool)> = if ts.is_true(g) { Vec::new() } else { states };
        for x in min..=len {
            next.push((x, false));
            if self.tokens && x > 0 {
                next.push((x, true));
            }
        }
        next.sort_unstable();
        next.dedup();
        self.states = next;
        hard
    }

    /// The output is complete: the cursor is at the end of the expected text.
    pub fn finish(&self, ts: &mut TermStore) -> TermId {
        if !self.checked {
            return ts.tt();
        }
        let n = ts.bv(32, self.expected.len() as u128);
        ts.eq(self.cur, n)
    }
}

/// The expected output as the output cursor indexes it: by tokens, its tokens joined by one
/// space; exactly, the bytes as they are.
pub fn cursor_text(expected: &[u8], tokens: bool) -> Vec<u8> {
    if !tokens {
        return expected.to_vec();
    }
    let mut out = Vec::with_capacity(expected.len());
    for t in expected.split(|&b| is_ws(b)).filter(|t| !t.is_empty()) {
        if !out.is_empty() {
            out.push(b' ');
        }
        out.extend_from_slice(t);
    }
    out
}

/// The text a relaxed output statement prints to move the cursor from `(from, from_pend)` to
/// `(to, to_pend)` over `text` ([`cursor_text`]): the text between the offsets, then a newline
/// if whitespace is pending after it and was not before. Empty for "prints nothing".
pub fn text_between(text: &[u8], from: u32, from_pend: bool, to: u32, to_pend: bool) -> Vec<u8> {
    let (a, b) = (from as usize, (to as usize).min(text.len()));
    let mut out = if a < b {
        text[a..b].to_vec()
    } else {
        Vec::new()
    };
    if to_pend && (a < b || !from_pend) {
        out.push(b'\n');
    }
    out
}

/// The position of a double's bit pattern in the total order `-NaN < -∞ < … < -0 < +0 < … <
/// +∞ < +NaN` (sign-magnitude to an unsigned order): as a function on constants.
pub(crate) fn order_key(bits: u64) -> u64 {
    if bits >> 63 == 1 {
        !bits
    } else {
        bits | 1 << 63
    }
}

/// The inverse of [`order_key`].
pub(crate) fn from_order_key(k: u64) -> u64 {
    if k >> 63 == 1 {
        k & !(1 << 63)
    } else {
        !k
    }
}

/// [`order_key`] of a 64-bit term.
fn fp_order_key(ts: &mut TermStore, v: TermId) -> TermId {
    let max_pos = ts.bv(64, (1u128 << 63) - 1);
    let negative = ts.ult(max_pos, v);
    let flipped = ts.bvnot(v);
    let top = ts.bv(64, 1u128 << 63);
    let marked = ts.bvor(v, top);
    ts.ite(negative, flipped, marked)
}

/// The doubles that `spec` prints as exactly `text`, as an interval `[lo, hi]` of
/// [`order_key`]s, or `None` if none does. The set is an interval because glibc's rendering is
/// monotone (it rounds the exact binary value to the conversion's precision): the double
/// nearest to the number `text` spells is in it if any double is, and a binary search with the
/// rendering itself finds both ends (64 renderings each).
pub(crate) fn float_interval(spec: &ConvSpec, text: &[u8]) -> Option<(u64, u64)> {
    let x0 = parse_float_text(text)?;
    let renders = |k: u64| {
        let mut out = Vec::with_capacity(text.len());
        printf::render(&mut out, spec, FmtArg::Int(from_order_key(k) as i128));
        out == text
    };
    let k0 = order_key(x0);
    if !renders(k0) {
        return None;
    }
    let (mut a, mut b) = (0u64, k0);
    while a < b {
        let mid = a + (b - a) / 2;
        if renders(mid) {
            b = mid;
        } else {
            a = mid + 1;
        }
    }
    let lo = a;
    let (mut a, mut b) = (k0, u64::MAX);
    while a < b {
        let mid = a + (b - a).div_ceil(2);
        if renders(mid) {
            a = mid;
        } else {
            b = mid - 1;
        }
    }
    Some((lo, a))
}

/// The double a printed floating text spells (permissive: the caller confirms by rendering):
/// decimal and exponent forms, `inf`/`nan` with a sign, `%a`'s hexadecimal form; field
/// padding (spaces) and zero padding allowed.
fn parse_float_text(text: &[u8]) -> Option<u64> {
    let s = std::str::from_utf8(text).ok()?.trim_matches(' ');
    if s.is_empty() || s.len() > 400 {
        return None;
    }
    let lower = s.to_ascii_lowercase();
    let (neg, body) = match lower.as_bytes()[0] {
        b'-' => (true, &lower[1..]),
        b'+' => (false, &lower[1..]),
        _ => (false, &lower[..]),
    };
    let sign = if neg { 1u64 << 63 } else { 0 };
    let mag: u64 = if body == "nan" {
        0x7ff8_0000_0000_0000
    } else if let Some(h) = body.strip_prefix("0x") {
        faultline_ir::float::parse_hex(h, faultline_ir::IntKind::Double)? as u64
    } else {
        if !body.bytes().next()?.is_ascii_digit() && body != "inf" && !body.starts_with('.') {
            return None;
        }
        body.parse::<f64>().ok()?.to_bits()
    };
    Some(mag | sign)
}

/// The integer a piece of expected text could be the rendering of (permissive: the caller
/// confirms by rendering the candidate). Surrounding spaces (field padding) are allowed.
fn parse_number(s: &[u8], kind: ConvKind) -> Option<i128> {
    let mut s = s;
    while let [b' ', rest @ ..] = s {
        s = rest;
    }
    while let [rest @ .., b' '] = s {
        s = rest;
    }
    let mut neg = false;
    if let [c @ (b'+' | b'-'), rest @ ..] = s {
        neg = *c == b'-';
        s = rest;
    }
    let base: u32 = match kind {
        ConvKind::HexLower | ConvKind::HexUpper => {
            if let [b'0', b'x' | b'X', rest @ ..] = s {
                s = rest;
            }
            16
        }
        ConvKind::Octal => 8,
        _ => 10,
    };
    // Precision pads with zeros (`%.4200d`): they do not count towards the length bound.
    while let [b'0', rest @ ..] = s {
        if rest.is_empty() {
            break;
        }
        s = rest;
    }
    if s.is_empty() || s.len() > 45 {
        return None;
    }
    let mut v: i128 = 0;
    for &c in s {
        let d = (c as char).to_digit(base)? as i128;
        v = v.checked_mul(base as i128)?.checked_add(d)?;
    }
    Some(if neg { -v } else { v })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::{Leaf, Sort};
    use faultline_ir::format::{parse_format, FmtPiece};

    fn spec(f: &str) -> ConvSpec {
        match &parse_format(f).unwrap()[0] {
            FmtPiece::Conv(c) => c.clone(),
            _ => panic!(),
        }
    }

    #[test]
    fn tokens_ignore_spacing_and_join_across_prints() {
        let mut ts = TermStore::new();
        let g = ts.tt();
        let mut m = OutModel::new(&mut ts, Some(b"12  x\n"), true, false);
        let one = ts.bv(32, 1);
        let two = ts.bv(32, 2);
        let h1 = m.int(&mut ts, g, &spec("%d"), one);
        let h2 = m.int(&mut ts, g, &spec("%d"), two);
        let h3 = m.literal(&mut ts, g, b"\n x ");
        let end = m.finish(&mut ts);
        for h in [h1, h2, h3, end] {
            assert!(ts.is_true(h));
        }
    }

    #[test]
    fn symbolic_integer_must_print_the_expected_token() {
        let mut ts = TermStore::new();
        let g = ts.tt();
        let mut m = OutModel::new(&mut ts, Some(b"x=-42\n"), false, false);
        let (f, v) = ts.fresh(Sort::Bv(32));
        let h0 = m.literal(&mut ts, g, b"x=");
        let h1 = m.int(&mut ts, g, &spec("%d"), v);
        let h2 = m.literal(&mut ts, g, b"\n");
        let end = m.finish(&mut ts);
        let all = ts.and_all([h0, h1, h2, end]);
        for (val, want) in [(-42i128, 1u128), (42, 0), (-4, 0)] {
            let got = ts.eval(all, &|l| match l {
                Leaf::Free(x, _) if x == f => val as u128,
                _ => 0,
            });
            assert_eq!(got, want, "value {val}");
        }
    }
}
