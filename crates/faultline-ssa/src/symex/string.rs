//! `string.h` calls, `fgets`/`gets` and `scanf("%s")` in the formula.
//!
//! A string function is unrolled over the cells of its operands' objects, up to their ends:
//! the arrays are fixed size, so the unrolling is exact and needs no unwinding assertion
//! (reading or writing past an object's end is an undefined-behaviour check, as in the
//! interpreter). Each step is guarded by "no NUL (or limit) came before", so when the cells
//! are constants — a test's input, the program's literals — everything folds to the values
//! `faultline_libc::string` computes for the interpreter, which the oracle tests check; a
//! relaxed cell upstream makes the results symbolic. Input text is concrete: `fgets` and
//! `%s` store, at every position the input cursor may be at, the bytes `faultline_libc`
//! reads there.

use faultline_ir::format::{ConvKind, FmtPiece};
use faultline_ir::{LocalId, Place, Stmt, StrArg, StrFn, StrOperand};

use super::memory::{Loc, Region, IDX};
use super::{Engine, Res};
use crate::spec::{DefKind, SymexError};
use crate::term::TermId;

/// A string operand: `len` cells of object `obj` from `start`, or a literal's bytes (with its
/// NUL). `bound`: the operand's length when it is symbolic (a pointer moved by a relaxed
/// amount), `len` being then an upper bound; cells at or past it are out of bounds. `Choice`:
/// a `char *` that may point into one of several objects, each operand (an `Obj`) under its
/// condition (exactly one holds where the call runs): `Engine::pointer_regions`.
pub(crate) enum Operand {
    Obj {
        obj: u32,
        start: TermId,
        len: u64,
        bound: Option<TermId>,
    },
    Lit(Vec<u8>),
    Choice(Vec<(TermId, Operand)>),
}

impl Operand {
    /// The most cells it may have.
    fn max_len(&self) -> u64 {
        match self {
            Operand::Obj { len, .. } => *len,
            Operand::Lit(b) => b.len() as u64,
            Operand::Choice(alts) => alts.iter().map(|(_, o)| o.max_len()).max().unwrap_or(0),
        }
    }
}

impl Engine<'_> {
    /// A string operand of a `string.h` call: a `char *` into one of several objects is a
    /// [`Operand::Choice`] of them (not pinned to the healthy run's object).
    pub(crate) fn str_operand(&mut self, arg: &StrArg, g: TermId) -> Res<Operand> {
        let (pv, elem, span) = match arg {
            StrArg::Literal(t) => {
                let mut b = t.as_bytes().to_vec();
                b.push(0);
                return Ok(Operand::Lit(b));
            }
            StrArg::Array(p) => match self.pointer_base(p) {
                Some(pointee) if p.indices.is_empty() => {
                    (self.load_pointer_var(p, g)?, pointee, p.span)
                }
                _ => return self.region_operand(p, g),
            },
            StrArg::Ptr(e) => (
                self.eval(e, g)?,
                faultline_ir::Type::Int(faultline_ir::IntKind::Char),
                e.span,
            ),
        };
        let mut regions = self.pointer_regions(pv, &elem, g, span)?;
        if regions.len() == 1 {
            let (_, r) = regions.pop().expect("one region");
            return self.loc_operand(Loc::Region(r), span);
        }
        let mut alts = Vec::with_capacity(regions.len());
        for (cond, r) in regions {
            alts.push((cond, self.loc_operand(Loc::Region(r), span)?));
        }
        Ok(Operand::Choice(alts))
    }

    fn region_operand(&mut self, place: &Place, g: TermId) -> Res<Operand> {
        let loc = self.resolve_region(place, g)?;
        self.loc_operand(loc, place.span)
    }

    fn loc_operand(&mut self, loc: Loc, span: faultline_ir::Span) -> Res<Operand> {
        match loc {
            Loc::Region(Region::ArgvRow(row)) => {
                let cols = self.objects[self.argv as usize].dims[1];
                let c = self.ts.bv(IDX, cols as u128);
                let start = self.ts.mul(row, c);
                Ok(Operand::Obj {
                    obj: self.argv,
                    start,
                    len: cols,
                    bound: None,
                })
            }
            Loc::Region(Region::Mem { obj, start, len }) => match self.ts.as_const(len) {
                Some(l) => Ok(Operand::Obj {
                    obj,
                    start,
                    len: l as u64,
                    bound: None,
                }),
                // A pointer at a symbolic offset: at most the whole object.
                None if obj != self.argv => {
                    let size = self.objects[obj as usize].size as u64;
                    Ok(Operand::Obj {
                        obj,
                        start,
                        len: size,
                        bound: Some(len),
                    })
                }
                None => Err(SymexError::Unsupported {
                    message: "a string in an array of symbolic length".into(),
                    span,
                }),
            },
            _ => Err(SymexError::InvalidIr {
                message: "string operand is not an array".into(),
                span,
            }),
        }
    }

    /// The number of cells of an operand (64-bit term): its bound when symbolic, the
    /// object's under each condition of a choice.
    fn operand_len(&mut self, o: &Operand) -> TermId {
        match o {
            Operand::Obj { bound: Some(b), .. } => *b,
            Operand::Obj { len, .. } => self.ts.bv(IDX, *len as u128),
            Operand::Lit(b) => self.ts.bv(IDX, b.len() as u128),
            Operand::Choice(alts) => {
                let mut acc = self.ts.bv(IDX, 0);
                for (cond, alt) in alts {
                    let l = self.operand_len(alt);
                    acc = self.ts.ite(*cond, l, acc);
                }
                acc
            }
        }
    }

    /// The pointer to cell `at` (64-bit term) of an operand in memory (a literal operand is
    /// refused by the callers).
    fn operand_pointer(&mut self, o: &Operand, at: TermId) -> TermId {
        match o {
            Operand::Obj { obj, start, .. } => {
                let off = self.ts.add(*start, at);
                self.ptr_to(*obj, off)
            }
            Operand::Lit(_) => self.ts.bv(super::pointer::PTR_W, 0),
            Operand::Choice(alts) => {
                let mut acc = self.ts.bv(super::pointer::PTR_W, 0);
                for (cond, alt) in alts {
                    let p = self.operand_pointer(alt, at);
                    acc = self.ts.ite(*cond, p, acc);
                }
                acc
            }
        }
    }

    /// Cell `k` of an operand: (8-bit value, initialized), or `None` past its end.
    fn str_cell(&mut self, o: &Operand, k: u64) -> Option<(TermId, TermId)> {
        match o {
            // Each object's cell under its condition; past the end of one, out of bounds
            // there (not initialized, which every caller checks).
            Operand::Choice(alts) => {
                let mut out: Option<(TermId, TermId)> = None;
                let mut any = false;
                for (cond, alt) in alts {
                    let (v, init) = match self.str_cell(alt, k) {
                        Some(c) => {
                            any = true;
                            c
                        }
                        None => (self.ts.bv(8, 0), self.ts.ff()),
                    };
                    out = Some(match out {
                        None => (v, init),
                        Some((pv, pi)) => (self.ts.ite(*cond, v, pv), self.ts.ite(*cond, init, pi)),
                    });
                }
                out.filter(|_| any)
            }
            Operand::Lit(b) => {
                let v = *b.get(k as usize)?;
                let t = self.ts.tt();
                Some((self.ts.bv(8, v as u128), t))
            }
            Operand::Obj {
                obj,
                start,
                len,
                bound,
            } => {
                if k >= *len {
                    return None;
                }
                let kt = self.ts.bv(IDX, k as u128);
                let at = self.ts.add(*start, kt);
                let (v, init) = self.read_cell(*obj, at);
                // Past a symbolic bound: out of bounds, which every caller excludes with the
                // "initialized" check.
                let init = match bound {
                    Some(b) => {
                        let inb = self.ts.ult(kt, *b);
                        self.ts.and(init, inb)
                    }
                    None => init,
                };
                Some((self.ts.trunc(v, 8), init))
            }
        }
    }

    /// Store byte `v` at cell `at` (a 64-bit term, relative to the operand's start) under `g`,
    /// checking the bound.
    fn str_store(&mut self, o: &Operand, at: TermId, v: TermId, g: TermId, s: &Stmt, inst: u32) {
        if let Operand::Choice(alts) = o {
            for (cond, alt) in alts {
                let gk = self.ts.and(g, *cond);
                if !self.ts.is_false(gk) {
                    self.str_store(alt, at, v, gk, s, inst);
                }
            }
            return;
        }
        let Operand::Obj {
            obj,
            start,
            len,
            bound,
        } = o
        else {
            // Writing into a literal: the lowerer rejects it; undefined if it got here.
            let f = self.ts.ff();
            self.ub(g, f);
            return;
        };
        let n = match bound {
            Some(b) => *b,
            None => self.ts.bv(IDX, *len as u128),
        };
        let inb = self.ts.ult(at, n);
        self.ub(g, inb);
        let gi = self.ts.and(g, inb);
        if self.ts.is_false(gi) {
            return;
        }
        let kind = self.objects[*obj as usize].kind;
        let v = self.ts.zext(v, 8);
        let v = if kind.bits() == 8 {
            v
        } else {
            self.ts.zext(v, kind.bits())
        };
        let cell = self.ts.add(*start, at);
        self.store_cell(*obj, cell, v, gi, s, inst, DefKind::Assign);
    }

    /// `strlen` of an operand under `g` (a 64-bit term), with its UB checks.
    fn str_len(&mut self, o: &Operand, g: TermId) -> TermId {
        let mut len = self.ts.bv(IDX, 0);
        for (k, (_, before_nul)) in self.str_bytes(o, g).into_iter().enumerate() {
            let next = self.ts.bv(IDX, (k + 1) as u128);
            len = self.ts.ite(before_nul, next, len);
        }
        len
    }

    /// `strcmp`/`strncmp` (`limit`) and `memcmp` (`nul_stops` false): glibc's difference of
    /// the first differing bytes as `unsigned char`.
    fn str_compare(
        &mut self,
        a: &Operand,
        b: &Operand,
        limit: Option<TermId>,
        nul_stops: bool,
        g: TermId,
    ) -> TermId {
        let mut alive = g;
        let mut res = self.ts.bv(32, 0);
        let mut k = 0u64;
        loop {
            if let Some(n) = limit {
                let kt = self.ts.bv(IDX, k as u128);
                let within = self.ts.ult(kt, n);
                alive = self.ts.and(alive, within);
            }
            if self.ts.is_false(alive) {
                break;
            }
            let (Some((x, xi)), Some((y, yi))) = (self.str_cell(a, k), self.str_cell(b, k)) else {
                let f = self.ts.ff();
                self.ub(alive, f);
                break;
            };
            self.ub(alive, xi);
            self.ub(alive, yi);
            let differ = self.ts.ne(x, y);
            let stop = if nul_stops {
                let z = self.ts.nonzero(x);
                let nul = self.ts.not(z);
                self.ts.or(differ, nul)
            } else {
                differ
            };
            let (xw, yw) = (self.ts.zext(x, 32), self.ts.zext(y, 32));
            let diff = self.ts.sub(xw, yw);
            let here = self.ts.and(alive, stop);
            res = self.ts.ite(here, diff, res);
            let go = self.ts.not(stop);
            alive = self.ts.and(alive, go);
            k += 1;
        }
        res
    }

    /// Copy the source's bytes to `dst` from offset `at`, up to and including its NUL, at most
    /// `limit` bytes (`strncpy` pads with NULs to `limit`; `strncat` ends with a NUL).
    #[allow(clippy::too_many_arguments)]
    fn str_copy(
        &mut self,
        dst: &Operand,
        src: &Operand,
        at: TermId,
        limit: Option<TermId>,
        pad: bool,
        s: &Stmt,
        inst: u32,
        g: TermId,
    ) {
        // `copying`: no NUL seen yet; `live`: within the limit (always, without one).
        let mut copying = g;
        let dst_len = dst.max_len();
        let mut j = 0u64;
        loop {
            let jt = self.ts.bv(IDX, j as u128);
            let within = match limit {
                Some(n) => self.ts.ult(jt, n),
                None => self.ts.tt(),
            };
            let to = self.ts.add(at, jt);
            if let (Some(_), false) = (limit, pad) {
                // `strncat`: the limit reached while copying ends the string here.
                let out = self.ts.not(within);
                let end = self.ts.and(copying, out);
                if !self.ts.is_false(end) {
                    let z = self.ts.bv(8, 0);
                    self.str_store(dst, to, z, end, s, inst);
                }
            }
            let live = self.ts.and(g, within);
            let reading = self.ts.and(copying, within);
            let padding = if pad {
                let nc = self.ts.not(copying);
                self.ts.and(live, nc)
            } else {
                self.ts.ff()
            };
            if self.ts.is_false(reading) && self.ts.is_false(padding) {
                break;
            }
            let (v, init) = match self.str_cell(src, j) {
                Some(c) => c,
                None => {
                    let f = self.ts.ff();
                    self.ub(reading, f);
                    let z = self.ts.bv(8, 0);
                    (z, self.ts.tt())
                }
            };
            self.ub(reading, init);
            let z = self.ts.bv(8, 0);
            let val = self.ts.ite(reading, v, z);
            let w = self.ts.or(reading, padding);
            self.str_store(dst, to, val, w, s, inst);
            let nz = self.ts.nonzero(v);
            copying = self.ts.and(reading, nz);
            j += 1;
            if j > dst_len + 1 {
                // Every write from here on is out of bounds: `str_store` has excluded it.
                let f = self.ts.ff();
                let pending = self.ts.or(copying, padding);
                self.ub(pending, f);
                break;
            }
        }
    }

    /// `strchr` (`last` false) / `strrchr` (`last` true) of byte `c` in `o` under `g`: (found,
    /// offset of the occurrence), `faultline_libc::string::strchr`'s semantics (the NUL is
    /// found for `c == 0`), with the reads' UB checks.
    fn str_find_byte(&mut self, o: &Operand, c: TermId, last: bool, g: TermId) -> (TermId, TermId) {
        let mut alive = g;
        let mut found = self.ts.ff();
        let mut at = self.ts.bv(IDX, 0);
        let mut k = 0u64;
        loop {
            if self.ts.is_false(alive) {
                break;
            }
            let Some((b, init)) = self.str_cell(o, k) else {
                let f = self.ts.ff();
                self.ub(alive, f);
                break;
            };
            self.ub(alive, init);
            let is_c = self.ts.eq(b, c);
            let hit = self.ts.and(alive, is_c);
            let kt = self.ts.bv(IDX, k as u128);
            at = self.ts.ite(hit, kt, at);
            found = self.ts.or(found, hit);
            let nz = self.ts.nonzero(b);
            alive = self.ts.and(alive, nz);
            if !last {
                let miss = self.ts.not(is_c);
                alive = self.ts.and(alive, miss);
            }
            k += 1;
        }
        (found, at)
    }

    /// The bytes of `o` before its NUL under `g` as (byte, before-the-NUL) pairs, with the
    /// reads' UB checks (a missing NUL is undefined behaviour).
    fn str_bytes(&mut self, o: &Operand, g: TermId) -> Vec<(TermId, TermId)> {
        let mut alive = g;
        let mut out = Vec::new();
        let mut k = 0u64;
        loop {
            if self.ts.is_false(alive) {
                break;
            }
            let Some((b, init)) = self.str_cell(o, k) else {
                let f = self.ts.ff();
                self.ub(alive, f);
                break;
            };
            self.ub(alive, init);
            let nz = self.ts.nonzero(b);
            alive = self.ts.and(alive, nz);
            out.push((b, alive));
            k += 1;
        }
        out
    }

    /// `strpbrk(s, accept)`: (found, offset of the first byte of `s` in `accept`).
    fn str_find_set(&mut self, s: &Operand, set: &Operand, g: TermId) -> (TermId, TermId) {
        let hay = self.str_bytes(s, g);
        let acc = self.str_bytes(set, g);
        let mut found = self.ts.ff();
        let mut at = self.ts.bv(IDX, 0);
        for (k, &(b, in_s)) in hay.iter().enumerate() {
            let mut member = self.ts.ff();
            for &(a, in_a) in &acc {
                let e = self.ts.eq(a, b);
                let m = self.ts.and(in_a, e);
                member = self.ts.or(member, m);
            }
            let nf = self.ts.not(found);
            let here = self.ts.and_all([in_s, member, nf]);
            let kt = self.ts.bv(IDX, k as u128);
            at = self.ts.ite(here, kt, at);
            found = self.ts.or(found, here);
        }
        (found, at)
    }

    /// `strspn(s, set)` (`reject` false) / `strcspn(s, set)` (`reject` true): the length of
    /// the longest prefix of `s` whose bytes are all in (none in) `set` (64-bit term).
    fn str_span(&mut self, s: &Operand, set: &Operand, reject: bool, g: TermId) -> TermId {
        let hay = self.str_bytes(s, g);
        let acc = self.str_bytes(set, g);
        let mut done = self.ts.ff();
        let mut res = self.ts.bv(IDX, 0);
        let mut before = g;
        for (k, &(b, in_s)) in hay.iter().enumerate() {
            let mut member = self.ts.ff();
            for &(a, in_a) in &acc {
                let e = self.ts.eq(a, b);
                let m = self.ts.and(in_a, e);
                member = self.ts.or(member, m);
            }
            // The span ends at `k` at the NUL (`before` but not `in_s`) or at the first byte
            // in (`strcspn`) / not in (`strspn`) the set.
            let ends_here = if reject { member } else { self.ts.not(member) };
            let nul = self.ts.not(in_s);
            let stop = self.ts.or(nul, ends_here);
            let nd = self.ts.not(done);
            let here = self.ts.and_all([before, stop, nd]);
            let kt = self.ts.bv(IDX, k as u128);
            res = self.ts.ite(here, kt, res);
            done = self.ts.or(done, here);
            before = in_s;
        }
        res
    }

    /// `strstr(hay, needle)`: (found, offset of the first occurrence; 0 for an empty needle).
    fn str_find_str(&mut self, h: &Operand, n: &Operand, g: TermId) -> (TermId, TermId) {
        let hay = self.str_bytes(h, g);
        let needle = self.str_bytes(n, g);
        let mut found = self.ts.ff();
        let mut at = self.ts.bv(IDX, 0);
        // A start `k` is a candidate when the haystack has not ended before it (`k` may be
        // its NUL: only an empty needle matches there).
        for k in 0..=hay.len() {
            let start_ok = match k {
                0 => g,
                _ => hay[k - 1].1,
            };
            if self.ts.is_false(start_ok) {
                break;
            }
            let mut matched = start_ok;
            for (j, &(nb, in_n)) in needle.iter().enumerate() {
                // Needle byte `j` (when before its NUL) must equal the haystack's byte, which
                // must itself lie before the haystack's NUL.
                let ok = match hay.get(k + j) {
                    Some(&(hb, in_h)) => {
                        let e = self.ts.eq(hb, nb);
                        self.ts.and(in_h, e)
                    }
                    None => self.ts.ff(),
                };
                let nin = self.ts.not(in_n);
                let c = self.ts.or(nin, ok);
                matched = self.ts.and(matched, c);
            }
            let nf = self.ts.not(found);
            let here = self.ts.and(matched, nf);
            let kt = self.ts.bv(IDX, k as u128);
            at = self.ts.ite(here, kt, at);
            found = self.ts.or(found, here);
        }
        (found, at)
    }

    pub(crate) fn str_call(
        &mut self,
        s: &Stmt,
        inst: u32,
        func: StrFn,
        dest: Option<LocalId>,
        args: &[StrOperand],
    ) -> Res<()> {
        let g = self.guard;
        let mut strs = Vec::with_capacity(2);
        let mut ints = Vec::with_capacity(2);
        for a in args {
            match a {
                StrOperand::Str(x) => strs.push(self.str_operand(x, g)?),
                StrOperand::Int(e) => {
                    let v = self.eval(e, g)?;
                    ints.push((v, e.ty));
                }
            }
        }
        let n = ints.last().map(|&(v, k)| self.cast_to_bits(v, k, IDX));
        let zero = self.ts.bv(IDX, 0);
        let (Some(d), src) = (strs.first(), strs.get(1)) else {
            return self.err_invalid("string call without operands", s.span);
        };
        let result = match func {
            // Pointer results: a pointer into the first operand's object, or null.
            StrFn::Strchr | StrFn::Strrchr | StrFn::Strstr | StrFn::Strpbrk => {
                if matches!(d, Operand::Lit(_)) {
                    return Err(SymexError::Unsupported {
                        message: format!(
                            "`{}` on a string literal in the formula that localizes faults (`faultline test` runs it exactly)",
                            func.name()
                        ),
                        span: s.span,
                    });
                };
                let (found, at) = match func {
                    StrFn::Strstr | StrFn::Strpbrk => {
                        let Some(b) = src else {
                            return self.err_invalid("search with one operand", s.span);
                        };
                        if func == StrFn::Strstr {
                            self.str_find_str(d, b, g)
                        } else {
                            self.str_find_set(d, b, g)
                        }
                    }
                    _ => {
                        let c = ints.first().map(|&(v, _)| v).unwrap_or(zero);
                        let c = self.ts.trunc(c, 8);
                        self.str_find_byte(d, c, func == StrFn::Strrchr, g)
                    }
                };
                let p = self.operand_pointer(d, at);
                let null = self.ts.bv(super::pointer::PTR_W, 0);
                let v = self.ts.ite(found, p, null);
                if let Some(dst) = dest {
                    // Not relaxed: a pointer result is blamed on the statements that use it.
                    let place = Place {
                        base: faultline_ir::VarRef::Local(dst),
                        indices: Vec::new(),
                        span: s.span,
                    };
                    self.store_place(&place, v, g, s, inst, DefKind::Assign)?;
                }
                return Ok(());
            }
            StrFn::Strspn | StrFn::Strcspn => {
                let Some(b) = src else {
                    return self.err_invalid("span with one operand", s.span);
                };
                Some(self.str_span(d, b, func == StrFn::Strcspn, g))
            }
            StrFn::Strlen => Some(self.str_len(d, g)),
            StrFn::Strcmp | StrFn::Strncmp | StrFn::Memcmp => {
                let Some(b) = src else {
                    return self.err_invalid("comparison with one operand", s.span);
                };
                let limit = if func == StrFn::Strcmp { None } else { n };
                Some(self.str_compare(d, b, limit, func != StrFn::Memcmp, g))
            }
            StrFn::Strcpy | StrFn::Strncpy | StrFn::Strcat | StrFn::Strncat => {
                let Some(b) = src else {
                    return self.err_invalid("copy with one operand", s.span);
                };
                let at = match func {
                    StrFn::Strcat | StrFn::Strncat => self.str_len(d, g),
                    _ => zero,
                };
                let limit = matches!(func, StrFn::Strncpy | StrFn::Strncat)
                    .then_some(n)
                    .flatten();
                self.str_copy(d, b, at, limit, func == StrFn::Strncpy, s, inst, g);
                None
            }
            StrFn::Memset | StrFn::Memcpy | StrFn::Memmove => {
                let Some(n) = n else {
                    return self.err_invalid("memory call without a size", s.span);
                };
                let len = d.max_len();
                let lt = self.operand_len(d);
                let fits = self.ts.ule(n, lt);
                self.ub(g, fits);
                // Read everything first: `memmove` between overlapping cells copies the old
                // contents.
                let mut vals = Vec::with_capacity(len as usize);
                for k in 0..len {
                    let kt = self.ts.bv(IDX, k as u128);
                    let within = self.ts.ult(kt, n);
                    let gk = self.ts.and(g, within);
                    if self.ts.is_false(gk) {
                        break;
                    }
                    let v = match (func, src) {
                        (StrFn::Memset, _) => {
                            let c = ints.first().map(|&(v, _)| v).unwrap_or(zero);
                            self.ts.trunc(c, 8)
                        }
                        (_, Some(b)) => match self.str_cell(b, k) {
                            Some((v, init)) => {
                                self.ub(gk, init);
                                v
                            }
                            None => {
                                let f = self.ts.ff();
                                self.ub(gk, f);
                                break;
                            }
                        },
                        _ => return self.err_invalid("copy with one operand", s.span),
                    };
                    vals.push((kt, v, gk));
                }
                for (kt, v, gk) in vals {
                    self.str_store(d, kt, v, gk, s, inst);
                }
                None
            }
        };
        if let (Some(v), Some(dst), Some(kind)) = (result, dest, func.result()) {
            let v = self.ts.trunc(v, kind.bits().min(self.ts.width(v)));
            let v = if self.ts.width(v) < kind.bits() {
                // `strlen` is already 64 bits; comparisons are 32.
                self.ts.zext(v, kind.bits())
            } else {
                v
            };
            let v = self.relax(s, inst, 0, v, g);
            let place = Place {
                base: faultline_ir::VarRef::Local(dst),
                indices: Vec::new(),
                span: s.span,
            };
            self.store_place(&place, v, g, s, inst, DefKind::Assign)?;
        }
        Ok(())
    }

    /// `sprintf(buf, fmt, …)` / `snprintf(buf, size, fmt, …)`: the text `faultline_libc`
    /// renders (the interpreter's renderer) stored into `buf` with its NUL, `snprintf` cutting
    /// it to `size - 1` bytes; the result is the whole text's length. The text is rendered
    /// from constants: an argument a relaxed component may change (its digits and length
    /// would be symbolic) is pinned to its value in the healthy run (`pin`), so diagnoses
    /// that would change the text are not considered; the rest of the program stays open.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn sprintf(
        &mut self,
        s: &Stmt,
        inst: u32,
        buf: &Place,
        size: Option<&faultline_ir::Expr>,
        format: &[FmtPiece],
        args: &[faultline_ir::PrintArg],
        dest: Option<LocalId>,
    ) -> Res<()> {
        use faultline_ir::{IntKind, PrintArg};
        use faultline_libc::{printf, FmtArg};
        let g = self.guard;
        let name = if size.is_some() {
            "snprintf"
        } else {
            "sprintf"
        };
        let refuse = |what: &str| {
            SymexError::Unsupported {
            message: format!(
                "`{name}` of {what} in the formula that localizes faults (`faultline test` runs it exactly)"
            ),
            span: s.span,
        }
        };
        let size = match size {
            Some(e) => {
                let v = self.eval(e, g)?;
                let v = self.cast_to_bits(v, e.ty, IDX);
                Some(self.pin(v, g, s) as u64)
            }
            None => None,
        };
        let convs: Vec<&faultline_ir::format::ConvSpec> = format
            .iter()
            .filter_map(|p| match p {
                FmtPiece::Conv(c) => Some(c),
                _ => None,
            })
            .collect();
        // C evaluates every argument before the call (a `%s` argument may be `buf` itself).
        let mut vals: Vec<Result<i128, Vec<u8>>> = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            let spec = convs.get(i).copied();
            match a {
                PrintArg::Int(e) => {
                    let v = self.eval(e, g)?;
                    let c = match spec.map(|c| c.kind) {
                        Some(ConvKind::Float(_)) => {
                            let v = self.cast(v, e.ty, IntKind::Double);
                            self.pin(v, g, s) as i128
                        }
                        _ => {
                            let k = spec.map_or(e.ty, printf::int_kind);
                            let v = self.cast(v, e.ty, k);
                            let c = self.pin(v, g, s);
                            if k.is_signed() {
                                crate::term::to_signed(c, k.bits())
                            } else {
                                c as i128
                            }
                        }
                    };
                    vals.push(Ok(c));
                }
                PrintArg::Str(sa) => {
                    let limit = spec.and_then(|c| c.precision).map(|p| p as usize);
                    match self.read_str_upto(sa, g, limit)? {
                        super::StrVal::Concrete(b) => vals.push(Err(b)),
                        super::StrVal::Symbolic(cells) => {
                            let b = self.pin_text(&cells, g, s);
                            vals.push(Err(b));
                        }
                    }
                }
            }
        }
        let mut text = Vec::new();
        let mut next = vals.iter();
        for piece in format {
            match piece {
                FmtPiece::Lit(t) => text.extend_from_slice(t.as_bytes()),
                FmtPiece::Conv(spec) => {
                    let arg = match next.next() {
                        Some(Ok(v)) => FmtArg::Int(*v),
                        Some(Err(b)) => FmtArg::Str(b),
                        None => return self.err_invalid("sprintf lacks an argument", s.span),
                    };
                    printf::render(&mut text, spec, arg);
                }
            }
            if text.len() > super::memory::MAX_OBJECT_CELLS as usize {
                return Err(refuse("a text this long"));
            }
        }
        let full = text.len();
        let stored = match size {
            None => Some(full),
            Some(0) => None,
            Some(n) => Some(full.min((n - 1).min(usize::MAX as u64 - 1) as usize)),
        };
        if let Some(k) = stored {
            let o = self.region_operand(buf, g)?;
            self.store_text(&o, &text[..k], true, g, s, inst);
        }
        if let Some(d) = dest {
            let v = self.ts.bv(32, full as u128);
            let v = self.relax(s, inst, 0, v, g);
            let place = Place {
                base: faultline_ir::VarRef::Local(d),
                indices: Vec::new(),
                span: s.span,
            };
            self.store_place(&place, v, g, s, inst, DefKind::Assign)?;
        }
        Ok(())
    }

    /// The constant value of `v`, or (symbolic) its value in the healthy run, pinned: where
    /// `g` holds `v` must be that value (a hard constraint; see [`Engine::pin_text`]).
    pub(crate) fn pin(&mut self, v: TermId, g: TermId, s: &Stmt) -> u128 {
        if let Some(c) = self.ts.as_const(v) {
            return c;
        }
        let c = self.healthy_consts(&[v])[0] as u128 & crate::term::mask(self.ts.width(v));
        let k = self.ts.bv(self.ts.width(v), c);
        let same = self.ts.eq(v, k);
        let h = self.ts.implies(g, same);
        self.hard(h, crate::spec::HardReason::Pinned(s.id));
        c
    }

    /// Store input text (and a NUL when `nul`) into an array operand under `g`.
    fn store_text(&mut self, o: &Operand, text: &[u8], nul: bool, g: TermId, s: &Stmt, inst: u32) {
        let end = text.len() + nul as usize;
        for j in 0..end {
            let b = text.get(j).copied().unwrap_or(0);
            let at = self.ts.bv(IDX, j as u128);
            let v = self.ts.bv(8, b as u128);
            self.str_store(o, at, v, g, s, inst);
        }
    }

    /// `fgets(buf, n, stdin)` / `gets(buf)`.
    pub(crate) fn fgets(
        &mut self,
        s: &Stmt,
        inst: u32,
        buf: &Place,
        size: Option<&faultline_ir::Expr>,
        dest: Option<LocalId>,
    ) -> Res<()> {
        let g = self.guard;
        let o = self.region_operand(buf, g)?;
        let n = match size {
            Some(e) => {
                let v = self.eval(e, g)?;
                match self.ts.as_signed(v) {
                    Some(n) => Some(n),
                    None => {
                        return Err(SymexError::Unsupported {
                            message: "`fgets` with a computed size".into(),
                            span: s.span,
                        })
                    }
                }
            }
            None => None,
        };
        let (positions, ats) = self.read_positions(g, s);
        let mut got = Vec::with_capacity(positions.len());
        let mut next = Vec::with_capacity(positions.len());
        for (&p, &at) in positions.iter().zip(&ats) {
            let (text, p2) = match n {
                Some(n) => faultline_libc::fgets(&self.spec.stdin, p as usize, n),
                None => faultline_libc::gets(&self.spec.stdin, p as usize),
            };
            let gi = self.ts.and(g, at);
            if let Some(t) = &text {
                self.store_text(&o, t, true, gi, s, inst);
            }
            got.push(self.ts.bv(32, text.is_some() as u128));
            next.push(p2 as u32);
        }
        if let Some(d) = dest {
            if let Some(v) = super::input::chain_of(self.ts, &ats, &got) {
                let v = self.relax(s, inst, 0, v, g);
                let place = Place {
                    base: faultline_ir::VarRef::Local(d),
                    indices: Vec::new(),
                    span: s.span,
                };
                self.store_place(&place, v, g, s, inst, DefKind::Assign)?;
            }
        }
        self.stdin.advance(self.ts, g, &ats, &next);
        Ok(())
    }

    /// The string conversions of a `scanf` (`%s`, `%Nc` into an array): their texts at each
    /// possible input position into the target arrays.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn scanf_texts(
        &mut self,
        s: &Stmt,
        inst: u32,
        format: &[FmtPiece],
        conv: usize,
        target: &Place,
        outs: &[(TermId, faultline_libc::ScanOutcome)],
    ) -> Res<()> {
        let g = self.guard;
        let nul = format
            .iter()
            .filter_map(|p| match p {
                FmtPiece::Conv(c) => Some(c.kind),
                _ => None,
            })
            .nth(conv)
            .is_some_and(|k| matches!(k, ConvKind::Str | ConvKind::Set));
        let o = self.region_operand(target, g)?;
        for (at, out) in outs {
            let Some((_, text)) = out.texts.iter().find(|(k, _)| *k == conv) else {
                continue;
            };
            let gi = self.ts.and(g, *at);
            if self.ts.is_false(gi) {
                continue;
            }
            self.store_text(&o, text, nul, gi, s, inst);
        }
        Ok(())
    }
}
