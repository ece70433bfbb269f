//! Input statements: `scanf`, `getchar`, `__VERIFIER_nondet_*`, `atoi`.
//!
//! A replica's inputs are concrete; only the *position* in them can be symbolic (how much was
//! consumed depends on the path). A [`Cursor`] keeps that position as a term plus the set of
//! concrete values it can take, and each input statement becomes an `ite` over the outcomes at
//! those positions, computed concretely by `faultline_libc` (the interpreter's own text
//! semantics).

use faultline_ir::format::FmtPiece;
use faultline_ir::{IntKind, LocalId, Place, Stmt, StrArg};

use super::memory::{Loc, Region, IDX};
use super::{Engine, Res};
use crate::spec::{DefKind, SymexError};
use crate::term::{TermId, TermStore};

/// A position in a concrete input: 32-bit term and its possible values.
pub(crate) struct Cursor {
    pub term: TermId,
    pub vals: Vec<u32>,
}

impl Cursor {
    pub fn new(ts: &mut TermStore) -> Self {
        Cursor {
            term: ts.bv(32, 0),
            vals: vec![0],
        }
    }

    /// "The cursor is at `v`" (constant true when it can only be there).
    pub fn at(&self, ts: &mut TermStore, v: u32) -> TermId {
        if self.vals.len() == 1 {
            return ts.tt();
        }
        let k = ts.bv(32, v as u128);
        ts.eq(self.term, k)
    }

    /// Move to `next[i]` from `vals[i]`, under guard `g`.
    pub fn advance(&mut self, ts: &mut TermStore, g: TermId, ats: &[TermId], next: &[u32]) {
        let Some(&last) = next.last() else { return };
        let mut t = ts.bv(32, last as u128);
        for (&a, &n) in ats.iter().zip(next).rev().skip(1) {
            let k = ts.bv(32, n as u128);
            t = ts.ite(a, k, t);
        }
        self.term = ts.ite(g, t, self.term);
        let mut vals = next.to_vec();
        if !ts.is_true(g) {
            vals.extend_from_slice(&self.vals);
        }
        vals.sort_unstable();
        vals.dedup();
        self.vals = vals;
    }
}

/// [`chain`] for the other input statements.
pub(crate) fn chain_of(ts: &mut TermStore, ats: &[TermId], values: &[TermId]) -> Option<TermId> {
    chain(ts, ats, values)
}

/// An `ite` over per-position constants: `values[i]` where the cursor is at position `i`.
fn chain(ts: &mut TermStore, ats: &[TermId], values: &[TermId]) -> Option<TermId> {
    let (&last, rest) = values.split_last()?;
    let mut t = last;
    for (&a, &v) in ats.iter().zip(rest).rev() {
        t = ts.ite(a, v, t);
    }
    Some(t)
}

/// An input statement reads stdin at every position its cursor may be at, one `ite` arm each,
/// and the next read starts from every position that may follow: where a relaxed component
/// changes how much a loop reads (`n` read wrong, `i < n` relaxed), each pass adds positions,
/// and a contest program reading thousands of numbers over `t` cases (every read at every
/// position the earlier cases could have left it) grew a formula of 20 M terms. Past this many
/// positions a read is pinned to the healthy run's position: sound (a hard constraint,
/// [`crate::HardReason::Pinned`]), not complete (a diagnosis that realigns the input after
/// that many possibilities is not found by the formula; the repair search still runs the
/// tests with edits that change how much is read).
pub(crate) const MAX_READ_POSITIONS: usize = 64;

impl Engine<'_> {
    /// Where an input statement under `g` reads stdin: every position the cursor may be at,
    /// each with its condition; past [`MAX_READ_POSITIONS`] only the healthy run's position,
    /// which a hard constraint makes the cursor's under `g`.
    pub(crate) fn read_positions(&mut self, g: TermId, s: &Stmt) -> (Vec<u32>, Vec<TermId>) {
        if self.stdin.vals.len() <= MAX_READ_POSITIONS {
            let positions = self.stdin.vals.clone();
            let ats = positions
                .iter()
                .map(|&p| self.stdin.at(self.ts, p))
                .collect();
            return (positions, ats);
        }
        let term = self.stdin.term;
        let p = self.healthy_values(&[term])[0] as u32;
        let k = self.ts.bv(32, p as u128);
        let same = self.ts.eq(term, k);
        let h = self.ts.implies(g, same);
        self.hard(h, crate::spec::HardReason::Pinned(s.id));
        (vec![p], vec![self.ts.tt()])
    }

    fn local_kind(&self, l: LocalId, span: faultline_ir::Span) -> Res<IntKind> {
        let f = self.program.function(self.frame().func);
        f.locals
            .get(l.index())
            .and_then(|d| d.ty.as_int())
            .ok_or_else(|| SymexError::InvalidIr {
                message: "input destination is not a scalar local".into(),
                span,
            })
    }

    /// Store an input statement's value into local `dest` (relaxed as slot `slot`).
    fn input_to_local(
        &mut self,
        s: &Stmt,
        inst: u32,
        dest: LocalId,
        v: TermId,
        slot: u32,
    ) -> Res<()> {
        let g = self.guard;
        let v = self.relax(s, inst, slot, v, g);
        let place = Place {
            base: faultline_ir::VarRef::Local(dest),
            indices: Vec::new(),
            span: s.span,
        };
        self.store_place(&place, v, g, s, inst, DefKind::Assign)
    }

    pub(crate) fn scanf(
        &mut self,
        s: &Stmt,
        inst: u32,
        format: &[FmtPiece],
        targets: &[Place],
        dest: Option<LocalId>,
    ) -> Res<()> {
        self.scan(s, inst, format, targets, dest, None)
    }

    /// `sscanf(src, …)`: `scanf`'s engine (`faultline_libc::scanf`) on the string's text, as
    /// the interpreter runs it. The text must fold (its characters constant in this replica:
    /// a literal, input read by `fgets`, text the program built from constants); a string
    /// computed from values a relaxed component may change is refused at the call.
    pub(crate) fn sscanf(
        &mut self,
        s: &Stmt,
        inst: u32,
        src: &StrArg,
        format: &[FmtPiece],
        targets: &[Place],
        dest: Option<LocalId>,
    ) -> Res<()> {
        let g = self.guard;
        let text = match self.read_str(src, g)? {
            super::StrVal::Concrete(b) => b,
            super::StrVal::Symbolic(cells) => self.pin_text(&cells, g, s),
        };
        self.scan(s, inst, format, targets, dest, Some(text))
    }

    /// `scanf` on stdin at every position its cursor may be at, or (`text`) `sscanf` on a
    /// string's text from its start.
    fn scan(
        &mut self,
        s: &Stmt,
        inst: u32,
        format: &[FmtPiece],
        targets: &[Place],
        dest: Option<LocalId>,
        text: Option<Vec<u8>>,
    ) -> Res<()> {
        let g = self.guard;
        let mut locs = Vec::with_capacity(targets.len());
        // `%s` / `%Nc` targets: `char` arrays, by conversion index (their `locs` entry is a
        // placeholder that receives nothing).
        let mut texts = Vec::new();
        for (i, t) in targets.iter().enumerate() {
            match self.resolve_region(t, g)? {
                Loc::Cell { obj, at, kind } => locs.push(Some((obj, at, kind))),
                Loc::Region(_) => {
                    texts.push(i);
                    locs.push(None);
                }
            }
        }
        let spec = self.spec;
        let (input, positions, ats): (&[u8], Vec<u32>, Vec<TermId>) = match &text {
            Some(t) => (t, vec![0], vec![self.ts.tt()]),
            None => {
                let (positions, ats) = self.read_positions(g, s);
                (&spec.stdin, positions, ats)
            }
        };
        let mut outs = Vec::with_capacity(positions.len());
        for &p in &positions {
            let o = faultline_libc::scanf(input, p as usize, format).map_err(|m| {
                SymexError::Unsupported {
                    message: m.into(),
                    span: s.span,
                }
            })?;
            if o.stored.len() > targets.len() {
                return Err(SymexError::InvalidIr {
                    message: "more scanf conversions than targets".into(),
                    span: s.span,
                });
            }
            outs.push(o);
        }
        if !texts.is_empty() {
            let pairs: Vec<(TermId, faultline_libc::ScanOutcome)> =
                ats.iter().copied().zip(outs.iter().cloned()).collect();
            for &i in &texts {
                self.scanf_texts(s, inst, format, i, &targets[i], &pairs)?;
            }
        }
        let convs: Vec<&faultline_ir::format::ConvSpec> = format
            .iter()
            .filter_map(|p| match p {
                FmtPiece::Conv(c) => Some(c),
                _ => None,
            })
            .collect();
        for (i, loc) in locs.iter().enumerate() {
            let Some((obj, at, kind)) = *loc else {
                continue;
            };
            // What the conversion stores (`faultline_ir::format::store_scanned`): its own
            // type's bits, into the low bytes of a wider object (`%f` into a `double`).
            let conv = convs.get(i).and_then(|c| c.scanf_kind()).unwrap_or(kind);
            let partial = conv.bits() < kind.bits();
            let mut conds = Vec::new();
            let mut vals = Vec::new();
            for (k, o) in outs.iter().enumerate() {
                if let Some(&v) = o.stored.get(i) {
                    conds.push(ats[k]);
                    let bits = faultline_ir::format::store_scanned(conv, kind, 0, v);
                    vals.push(self.datum(kind.bits(), bits));
                }
            }
            let Some(v) = chain(self.ts, &conds, &vals) else {
                continue;
            };
            let stored = self.ts.or_all(conds.iter().copied());
            let gi = self.ts.and(g, stored);
            if self.ts.is_false(gi) {
                continue;
            }
            let v = if partial {
                // The object's other bytes keep theirs: they must have been set, as the
                // interpreter requires (`PartialScanf`).
                let (old, init) = self.read_cell(obj, at);
                self.ub(gi, init);
                let low = (1u128 << conv.bits()) - 1;
                let keep = self
                    .ts
                    .bv(kind.bits(), !low & crate::term::mask(kind.bits()));
                let high = self.ts.bvand(old, keep);
                let lowm = self.ts.bv(kind.bits(), low);
                let v = self.ts.bvand(v, lowm);
                self.ts.bvor(high, v)
            } else {
                v
            };
            let v = self.relax(s, inst, i as u32, v, gi);
            self.store_cell(obj, at, v, gi, s, inst, DefKind::Assign);
        }
        if let Some(d) = dest {
            let vals: Vec<TermId> = outs
                .iter()
                .map(|o| self.ts.bv_i(32, o.result as i128))
                .collect();
            if let Some(r) = chain(self.ts, &ats, &vals) {
                let kind = self.local_kind(d, s.span)?;
                let r = self.cast(r, IntKind::Int, kind);
                let place = Place {
                    base: faultline_ir::VarRef::Local(d),
                    indices: Vec::new(),
                    span: s.span,
                };
                self.store_place(&place, r, g, s, inst, DefKind::Assign)?;
            }
        }
        if text.is_none() {
            let next: Vec<u32> = outs.iter().map(|o| o.pos as u32).collect();
            self.stdin.advance(self.ts, g, &ats, &next);
        }
        Ok(())
    }

    pub(crate) fn getchar(&mut self, s: &Stmt, inst: u32, dest: LocalId) -> Res<()> {
        let g = self.guard;
        let kind = self.local_kind(dest, s.span)?;
        let (positions, ats) = self.read_positions(g, s);
        let mut vals = Vec::new();
        let mut next = Vec::new();
        for &p in &positions {
            let (v, p2) = faultline_libc::getchar(&self.spec.stdin, p as usize);
            vals.push(self.datum(kind.bits(), kind.wrap(v)));
            next.push(p2 as u32);
        }
        let v = chain(self.ts, &ats, &vals).unwrap_or_else(|| self.ts.bv(kind.bits(), 0));
        self.input_to_local(s, inst, dest, v, 0)?;
        self.stdin.advance(self.ts, g, &ats, &next);
        Ok(())
    }

    pub(crate) fn nondet(&mut self, s: &Stmt, inst: u32, dest: LocalId, ty: IntKind) -> Res<()> {
        let g = self.guard;
        let kind = self.local_kind(dest, s.span)?;
        let positions = self.nondet_pos.vals.clone();
        let mut ats = Vec::new();
        let mut vals = Vec::new();
        let mut next = Vec::new();
        let mut exhausted = self.ts.ff();
        for &p in &positions {
            let at = self.nondet_pos.at(self.ts, p);
            match self.spec.nondet.get(p as usize) {
                Some(&v) => {
                    let v = kind.wrap(ty.wrap(v));
                    ats.push(at);
                    vals.push(self.datum(kind.bits(), v));
                    next.push(p + 1);
                }
                None => exhausted = self.ts.or(exhausted, at),
            }
        }
        let ok = self.ts.not(exhausted);
        self.ub(g, ok);
        let all_next: Vec<u32> = positions.iter().map(|p| p + 1).collect();
        let all_ats: Vec<TermId> = positions
            .iter()
            .map(|&p| self.nondet_pos.at(self.ts, p))
            .collect();
        if let Some(v) = chain(self.ts, &ats, &vals) {
            self.input_to_local(s, inst, dest, v, 0)?;
        }
        self.nondet_pos.advance(self.ts, g, &all_ats, &all_next);
        Ok(())
    }

    pub(crate) fn atoi(&mut self, s: &Stmt, inst: u32, dest: LocalId, arg: &StrArg) -> Res<()> {
        let g = self.guard;
        let kind = self.local_kind(dest, s.span)?;
        let v = match self.concrete_or_argv_strings(arg, g, s)? {
            StrSource::Concrete(bytes) => {
                let v = kind.wrap(faultline_libc::strtol(&bytes));
                self.ts.bv_i(kind.bits(), v)
            }
            StrSource::ArgvRow(r) => self.argv_number(r, kind),
            StrSource::ArgvRows(row) => {
                let mut v = self.ts.bv(kind.bits(), 0);
                for r in (0..self.argv_text.len()).rev() {
                    let k = self.ts.bv(IDX, r as u128);
                    let is_r = self.ts.eq(row, k);
                    let x = self.argv_number(r, kind);
                    v = self.ts.ite(is_r, x, v);
                }
                v
            }
        };
        self.input_to_local(s, inst, dest, v, 0)
    }

    /// `strtol(arg, &end, base)` and its siblings: `faultline_libc::strtol_base` on the
    /// string's text (pinned to the healthy run's when a relaxed component may change it, as
    /// `sscanf`'s), the value relaxable like `atoi`'s, `end` a pointer into the string's
    /// object just past the digits.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn strtol(
        &mut self,
        s: &Stmt,
        inst: u32,
        dest: LocalId,
        kind: IntKind,
        arg: &StrArg,
        end: Option<&Place>,
        base: &faultline_ir::Expr,
    ) -> Res<()> {
        let g = self.guard;
        let b = self.eval(base, g)?;
        let b = self.cast_to_bits(b, base.ty, IDX);
        let b = self.pin(b, g, s) as u64 as i64 as i128;
        let text = match self.read_str(arg, g)? {
            super::StrVal::Concrete(t) => t,
            super::StrVal::Symbolic(cells) => self.pin_text(&cells, g, s),
        };
        let (v, used) = faultline_libc::strtol_base(&text, b, kind.is_signed(), kind.bits());
        if let Some(place) = end {
            let start = match arg {
                StrArg::Literal(_) => None,
                StrArg::Array(p) => match self.resolve_region(p, g)? {
                    Loc::Region(Region::Mem { obj, start, .. }) => Some((obj, start)),
                    _ => None,
                },
                StrArg::Ptr(e) => match self.str_ptr_loc(e, g)? {
                    Loc::Region(Region::Mem { obj, start, .. }) => Some((obj, start)),
                    _ => None,
                },
            };
            let Some((obj, start)) = start.filter(|&(o, _)| o != self.argv) else {
                return Err(SymexError::Unsupported {
                    message: "`strtol`'s end pointer into a string literal or `argv` in the formula that localizes faults (`faultline test` runs it exactly)".into(),
                    span: s.span,
                });
            };
            let u = self.ts.bv(IDX, used as u128);
            let at = self.ts.add(start, u);
            let p = self.ptr_to(obj, at);
            self.store_place(place, p, g, s, inst, DefKind::Assign)?;
        }
        let vt = self.ts.bv_i(kind.bits(), kind.wrap(v));
        self.input_to_local(s, inst, dest, vt, 0)
    }

    /// `atof` (glibc's `strtod`) of a string whose text is known, or of an `argv` row: a
    /// datum of the test, as `atoi`'s.
    pub(crate) fn atof(&mut self, s: &Stmt, inst: u32, dest: LocalId, arg: &StrArg) -> Res<()> {
        let g = self.guard;
        let kind = self.local_kind(dest, s.span)?;
        let w = kind.bits();
        let of = |text: &[u8]| kind.wrap(faultline_libc::strtod(text));
        let v = match self.concrete_or_argv_strings(arg, g, s)? {
            StrSource::Concrete(bytes) => self.ts.bv_i(w, of(&bytes)),
            StrSource::ArgvRow(r) => {
                let x = of(self.argv_text.get(r).copied().unwrap_or_default());
                self.datum(w, x)
            }
            StrSource::ArgvRows(row) => {
                let mut v = self.ts.bv(w, 0);
                for r in (0..self.argv_text.len()).rev() {
                    let k = self.ts.bv(IDX, r as u128);
                    let is_r = self.ts.eq(row, k);
                    let x = of(self.argv_text[r]);
                    let x = self.datum(w, x);
                    v = self.ts.ite(is_r, x, v);
                }
                v
            }
        };
        self.input_to_local(s, inst, dest, v, 0)
    }

    /// A `math.h` call. Constant arguments fold with the interpreter's function (glibc's
    /// results); symbolic ones get the exact IEEE circuit where IEEE defines the result
    /// (`sqrt fabs floor ceil round trunc fmod fmin fmax`), and otherwise a fresh value with a
    /// note ([`crate::Replica::notes`]): the formula does not model `pow`, `sin`… bit for bit,
    /// and a diagnosis resting on it is then only as good as its validation by the interpreter.
    pub(crate) fn math(
        &mut self,
        s: &Stmt,
        inst: u32,
        dest: LocalId,
        func: faultline_ir::float::MathFn,
        kind: IntKind,
        args: &[faultline_ir::Expr],
    ) -> Res<()> {
        use crate::term::{FpOp1, FpOp2, Sort};
        use faultline_ir::float::MathFn;
        let g = self.guard;
        let mut vals = Vec::with_capacity(2);
        for a in args.iter().take(2) {
            let v = self.eval(a, g)?;
            vals.push(self.cast(v, a.ty, kind));
        }
        let w = kind.bits();
        let consts: Option<Vec<i128>> = vals
            .iter()
            .map(|&v| self.ts.as_const(v).map(|c| c as i128))
            .collect();
        let x = vals.first().copied().unwrap_or_else(|| self.ts.bv(w, 0));
        let y = vals.get(1).copied().unwrap_or_else(|| self.ts.bv(w, 0));
        let v = match consts {
            Some(c) => self.ts.bv_i(w, func.eval(kind, &c)),
            None => match func {
                MathFn::Sqrt => self.ts.fp1(FpOp1::Sqrt, x),
                MathFn::Floor => self.ts.fp1(FpOp1::Floor, x),
                MathFn::Ceil => self.ts.fp1(FpOp1::Ceil, x),
                MathFn::Round => self.ts.fp1(FpOp1::Round, x),
                MathFn::Trunc => self.ts.fp1(FpOp1::Trunc, x),
                MathFn::Fabs => self.ts.fp_abs(x),
                MathFn::Fmod => self.ts.fp2(FpOp2::Fmod, x, y),
                MathFn::Fmin => self.ts.fp2(FpOp2::Min, x, y),
                MathFn::Fmax => self.ts.fp2(FpOp2::Max, x, y),
                _ => {
                    // Where the arguments are what the program as written computes (every
                    // component healthy: then they are the test's own values), the result
                    // is glibc's; elsewhere a fresh value. So the formula with every
                    // component healthy is still the interpreter's run.
                    let healthy = self.healthy_values(&vals);
                    let mut same = self.ts.tt();
                    for (&v, &c) in vals.iter().zip(&healthy) {
                        let k = self.ts.bv(w, c as u128);
                        let e = self.ts.eq(v, k);
                        same = self.ts.and(same, e);
                    }
                    let known = self.ts.bv_i(w, func.eval(kind, &healthy));
                    let free = self.ts.fresh(Sort::Bv(w as u8)).1;
                    self.rep.notes.push(crate::spec::SymexNote {
                        span: s.span,
                        message: format!(
                            "`{}` is not modelled exactly; this diagnosis was checked by running the tests",
                            func.name()
                        ),
                    });
                    self.ts.ite(same, known, free)
                }
            },
        };
        self.input_to_local(s, inst, dest, v, 0)
    }

    /// The text of string cells (byte, initialized) as the healthy run has it, pinned: where
    /// `g` holds the cells up to its NUL must be that text (a hard constraint). Library calls
    /// the formula does not unroll over symbolic text (`sscanf`, `sprintf`'s arguments) read
    /// it so: a diagnosis whose values would change the text is not considered (sound, not
    /// complete), instead of refusing the whole program.
    pub(crate) fn pin_text(&mut self, cells: &[(TermId, TermId)], g: TermId, s: &Stmt) -> Vec<u8> {
        let bytes: Vec<TermId> = cells.iter().map(|c| c.0).collect();
        let vals = self.healthy_values(&bytes);
        let mut text = Vec::new();
        let mut ok = Vec::new();
        for (k, &(b, init)) in cells.iter().enumerate() {
            let v = vals[k] as u8;
            let want = self.ts.bv(8, v as u128);
            let w = self.ts.trunc(b, 8);
            ok.push(self.ts.eq(w, want));
            ok.push(init);
            if v == 0 {
                break;
            }
            text.push(v);
        }
        let all = self.ts.and_all(ok);
        let c = self.ts.implies(g, all);
        self.hard(c, crate::spec::HardReason::Pinned(s.id));
        text
    }

    /// The values of `terms` as the healthy run has them: see [`Engine::healthy_values`].
    pub(crate) fn healthy_consts(&mut self, terms: &[TermId]) -> Vec<i128> {
        self.healthy_values(terms)
    }

    /// The values of `terms` with every component healthy and the test's data (parametric
    /// replicas' parameters at their values): what the interpreter computes.
    fn healthy_values(&mut self, terms: &[TermId]) -> Vec<i128> {
        use crate::term::{Leaf, Op};
        let data: std::collections::HashMap<crate::FreeId, u128> = self
            .rep
            .params
            .iter()
            .filter_map(|p| match self.ts.node(p.term).op {
                Op::Free(f) => Some((f, p.value)),
                _ => None,
            })
            .collect();
        let leaf = |l: Leaf| match l {
            Leaf::Health(_) => 1,
            Leaf::Free(f, _) => data.get(&f).copied().unwrap_or(0),
        };
        let memo = std::mem::take(&mut self.healthy_memo);
        let mut ev = crate::term::Evaluator::resume(self.ts, &leaf, memo);
        let vals = terms.iter().map(|&t| ev.eval(t) as i128).collect();
        self.healthy_memo = ev.into_memo();
        vals
    }

    /// `atoi` of `argv` row `r`, as a value of `kind`: a datum of the test (one per row and
    /// kind).
    fn argv_number(&mut self, r: usize, kind: IntKind) -> TermId {
        if let Some(&t) = self.argv_numbers.get(&(r, kind)) {
            return t;
        }
        let text = self.argv_text.get(r).copied().unwrap_or_default();
        let t = self.datum(kind.bits(), kind.wrap(faultline_libc::strtol(text)));
        self.argv_numbers.insert((r, kind), t);
        t
    }

    /// A string operand whose text is known: a literal, an `argv` row (possibly at a symbolic
    /// row index, as long as the program never writes into `argv`), or an array whose cells
    /// are all constant.
    fn concrete_or_argv_strings(&mut self, arg: &StrArg, g: TermId, s: &Stmt) -> Res<StrSource> {
        let place = match arg {
            StrArg::Literal(t) => return Ok(StrSource::Concrete(t.as_bytes().to_vec())),
            StrArg::Array(p) => p,
            // Through a `char *`: never `argv` (refused there), so the text is read.
            StrArg::Ptr(_) => return self.str_text(arg, g, s),
        };
        match self.resolve_region(place, g)? {
            Loc::Region(Region::ArgvRow(row)) if !self.argv_written => {
                match self.ts.as_const(row) {
                    Some(r) => Ok(StrSource::ArgvRow(r as usize)),
                    None => Ok(StrSource::ArgvRows(row)),
                }
            }
            _ => self.str_text(arg, g, s),
        }
    }

    /// The text of a string operand whose cells are all constant.
    fn str_text(&mut self, arg: &StrArg, g: TermId, s: &Stmt) -> Res<StrSource> {
        match self.read_str(arg, g)? {
            super::StrVal::Concrete(b) => Ok(StrSource::Concrete(b)),
            super::StrVal::Symbolic(_) => Err(SymexError::Unsupported {
                message: "conversion of a computed string to a number".into(),
                span: s.span,
            }),
        }
    }
}

enum StrSource {
    /// Text of the program's (a literal, or computed from constants).
    Concrete(Vec<u8>),
    /// Text of the test's: one `argv` row.
    ArgvRow(usize),
    ArgvRows(TermId),
}
