//! Constant edits: a decimal literal ±1, with a digit more or less, with one digit ±1
//! (`3500` → `2500`), a multiple of 5 ± 5 (`25` → `20`) or set to a value the angelic values
//! suggest (a guess, ranked last); a floating literal with its point moved one place or its
//! last digit ±1 (`1.4` → `1.5`); a character literal
//! by the same letter in the other case, a confusable (`'0'`/`'O'`, `' '`/`'\n'`), another
//! literal of the program or the angelic value as a character; a constant that is a macro use
//! edited on its `#define` line (every use changing with it), a comparison with a macro also
//! with each macro the program defines and never uses; `i - 1` → `i` rather than `i - 0`; the
//! literal `k` of `x ⊕ k` solved from the values the failing runs needed
//! ([`crate::candidates_with`]).

use super::*;

impl Gen<'_> {
    /// The literal `k` (of the statement's `x ⊕ k`) set to `value`, solved from the failing
    /// runs' needs ([`solve_constant`]), unless an edit already sets it so (a neighbour of
    /// what was written ranks as one).
    pub(crate) fn solved_constant(&mut self, k: &Expr, value: i128) {
        let text = self.text(k.span).to_string();
        let suffix_at = text
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len());
        let (number, suffix) = text.split_at(suffix_at);
        if number.is_empty()
            || (number.len() > 1 && number.starts_with('0'))
            || !suffix.chars().all(|c| matches!(c, 'u' | 'U' | 'l' | 'L'))
            || value < 0
            || !k.ty.contains(value)
        {
            return;
        }
        let after = format!("{value}{suffix}");
        if self
            .out
            .iter()
            .any(|e| e.span == k.span && e.after == after && !e.guess)
        {
            return;
        }
        let with = Expr {
            kind: ExprKind::Const(value),
            ..k.clone()
        };
        self.push(EditKind::Constant, k.span, after, Change::Expr(k.id, with));
        if let Some(last) = self.out.last_mut() {
            last.solved = true;
        }
    }

    /// A decimal literal (optionally negated: `neg_of` is the literal under a unary minus)
    /// changed by ±1 and to the hinted values.
    pub(crate) fn constant(&mut self, e: &Expr, neg_of: Option<&Expr>) {
        let text = self.text(e.span).to_string();
        if e.ty.is_float() {
            if neg_of.is_none() {
                self.float_constant(e, &text);
            }
            return;
        }
        if neg_of.is_none() && is_identifier(&text) {
            self.macro_constant(e, &text);
            return;
        }
        if neg_of.is_none() && text.starts_with('\'') {
            self.char_constant(e, &text);
            return;
        }
        let negative = text.starts_with('-');
        let digits = text.trim_start_matches('-').trim_start();
        let suffix_at = digits
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(digits.len());
        let (number, suffix) = digits.split_at(suffix_at);
        if number.is_empty()
            || (number.len() > 1 && number.starts_with('0'))
            || !suffix.chars().all(|c| matches!(c, 'u' | 'U' | 'l' | 'L'))
        {
            return;
        }
        let Ok(magnitude) = number.parse::<i128>() else {
            return;
        };
        let value = if negative { -magnitude } else { magnitude };
        // The text must say what the IR computes (a folded `-1`, or `-` applied to `1`).
        let computed = match (&e.kind, neg_of.map(|n| &strip(n).kind)) {
            (ExprKind::Const(c), None) => *c,
            (_, Some(ExprKind::Const(c))) => -*c,
            _ => return,
        };
        if computed != value {
            return;
        }
        let mut values = vec![value + 1, value - 1];
        // A digit typed once too often or too rarely (`50` for `500`, `1000` for `100`).
        if value != 0 && value.unsigned_abs() < (1 << 60) {
            values.push(value * 10);
            if value % 10 == 0 {
                values.push(value / 10);
            }
        }
        // A round number for another (`25` for `20`, `50` for `45`): a multiple of 5 ± 5,
        // the steps in which prices, coins and limits are written.
        let round = if value.unsigned_abs() >= 10 && value % 5 == 0 {
            vec![value - 5, value + 5]
        } else {
            Vec::new()
        };
        for v in digit_neighbours(value)
            .into_iter()
            .chain(digit_swaps(value))
            .chain(round)
        {
            if !values.contains(&v) {
                values.push(v);
            }
        }
        let neighbours = values.len();
        values.extend(self.hints.iter().copied());
        // Whether a `-` right before the literal would glue onto a new minus sign.
        let glued = e.span.start > 0 && {
            let file = self.program.files.get(e.span.file);
            let before = file.slice(0, e.span.start).trim_end();
            before.ends_with('-') || before.ends_with('+')
        };
        for (i, v) in values.into_iter().enumerate() {
            if v == value || !e.ty.contains(v) && !(e.ty.is_signed() || v >= 0) {
                continue;
            }
            if !e.ty.contains(v) {
                continue;
            }
            // Unsigned literals stay non-negative in the text.
            if v < 0 && !suffix.is_empty() {
                continue;
            }
            let mut after = format!("{}{suffix}", v.unsigned_abs());
            if v < 0 {
                after = if glued {
                    format!("(-{after})")
                } else {
                    format!("-{after}")
                };
            }
            let with = Expr {
                kind: ExprKind::Const(e.ty.wrap(v)),
                ..e.clone()
            };
            self.push(EditKind::Constant, e.span, after, Change::Expr(e.id, with));
            if let Some(last) = self.out.last_mut() {
                last.guess = i >= neighbours;
                // A digit more or less: after the ±1 neighbours.
                last.far = i >= 2 && i < neighbours;
            }
        }
    }

    /// A character literal replaced by one a programmer confuses it with: the same letter in
    /// the other case (`'e'` → `'E'`), `'0'` and `'O'`, `' '` and `'\n'` (near); the other
    /// character literals the program's text uses (far: `'z'` where the program also tests
    /// `'Z'`); the values the angelic values suggest, written as characters (guessed).
    pub(crate) fn char_constant(&mut self, e: &Expr, text: &str) {
        let ExprKind::Const(computed) = e.kind else {
            return;
        };
        if char_value(text) != Some(computed) {
            return;
        }
        let mut values: Vec<(i128, bool, bool)> = Vec::new();
        let mut add = |v: i128, far: bool, guess: bool| {
            if v != computed && !values.iter().any(|(w, ..)| *w == v) {
                values.push((v, far, guess));
            }
        };
        if let Some(c) = u8::try_from(computed).ok().filter(u8::is_ascii_alphabetic) {
            let flipped = if c.is_ascii_lowercase() {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            };
            add(i128::from(flipped), false, false);
        }
        for (a, b) in CONFUSED_CHARS {
            if computed == i128::from(*a) {
                add(i128::from(*b), false, false);
            }
            if computed == i128::from(*b) {
                add(i128::from(*a), false, false);
            }
        }
        for v in self.program_chars() {
            add(v, true, false);
        }
        for &h in self.hints {
            add(h, false, true);
        }
        for (v, far, guess) in values {
            let Some(after) = char_literal(v) else {
                continue;
            };
            if !e.ty.contains(v) {
                continue;
            }
            let with = Expr {
                kind: ExprKind::Const(e.ty.wrap(v)),
                ..e.clone()
            };
            self.push(EditKind::Constant, e.span, after, Change::Expr(e.id, with));
            if let Some(last) = self.out.last_mut() {
                last.far = far;
                last.guess = guess;
            }
        }
    }

    /// A decimal literal (`1`, `-1`: the whole of `e`) with the opposite sign, a near edit
    /// that [`Self::constant`] offers only as a guess. Offered for a call's argument, where a
    /// sign says which way the callee counts (`letter_counts(b, cnt, 1)` for `-1`).
    pub(crate) fn negated_literal(&mut self, e: &Expr) {
        let text = self.text(e.span).to_string();
        let magnitude = text.trim_start_matches('-').trim_start();
        let ExprKind::Const(value) = strip(e).kind else {
            // `-1` may be the negation of the literal `1`.
            if let ExprKind::Unary(UnOp::Neg, inner) = &strip(e).kind {
                if let ExprKind::Const(v) = strip(inner).kind {
                    self.push_negated(e, -v, magnitude);
                }
            }
            return;
        };
        self.push_negated(e, value, magnitude);
    }

    /// [`Self::negated_literal`] of `e`, whose value is `value`, written `magnitude` after
    /// any minus sign.
    fn push_negated(&mut self, e: &Expr, value: i128, magnitude: &str) {
        let digits = !magnitude.is_empty() && magnitude.chars().all(|c| c.is_ascii_digit());
        if value == 0 || !digits || !e.ty.is_signed() || e.ty.is_float() {
            return;
        }
        // The text must say what the IR computes.
        if magnitude.parse::<i128>().ok() != Some(value.abs()) {
            return;
        }
        let after = if value < 0 {
            magnitude.to_string()
        } else {
            format!("-{magnitude}")
        };
        let with = Expr {
            id: self.fresh(),
            kind: ExprKind::Const(e.ty.wrap(-value)),
            ty: e.ty,
            span: e.span,
        };
        self.push(EditKind::Constant, e.span, after, Change::Expr(e.id, with));
    }

    /// The values of the character literals written in the program's files, in order of
    /// first use, at most [`MAX_PROGRAM_CHARS`].
    pub(crate) fn program_chars(&self) -> Vec<i128> {
        let mut out = Vec::new();
        for (_, f) in self.program.files.iter() {
            for v in char_literals(&f.text) {
                if !out.contains(&v) && out.len() < MAX_PROGRAM_CHARS {
                    out.push(v);
                }
            }
        }
        out
    }

    /// A decimal floating literal (`0.8`, `12.5f`, no exponent) with its decimal point one
    /// place to the left or right (`0.8` → `0.08`, `8.0`): a rate or a factor typed with a
    /// digit too few or too many, the floating counterpart of a digit more or less. The new
    /// text is parsed as the compiler parses it, so the IR computes what the text says.
    pub(crate) fn float_constant(&mut self, e: &Expr, text: &str) {
        let ExprKind::Const(computed) = e.kind else {
            return;
        };
        let body = text.trim_end_matches(['f', 'F', 'l', 'L']);
        let suffix = &text[body.len()..];
        let Some((int, frac)) = body.split_once('.') else {
            return;
        };
        if int.is_empty() && frac.is_empty()
            || !int.chars().chain(frac.chars()).all(|c| c.is_ascii_digit())
        {
            return;
        }
        let bits = |t: &str| match e.ty {
            IntKind::Float => t.parse::<f32>().ok().map(faultline_ir::float::f32_bits),
            _ => t.parse::<f64>().ok().map(faultline_ir::float::f64_bits),
        };
        if bits(body) != Some(computed) {
            return;
        }
        let digits = format!("{int}{frac}");
        let tidy = |int: &str, frac: &str| {
            let int = int.trim_start_matches('0');
            let int = if int.is_empty() { "0" } else { int };
            let frac = if frac.is_empty() { "0" } else { frac };
            format!("{int}.{frac}")
        };
        let point = int.len();
        // One place left (÷ 10) and one place right (× 10).
        let left = if point == 0 {
            tidy("", &format!("0{digits}"))
        } else {
            tidy(&digits[..point - 1], &digits[point - 1..])
        };
        let right = if frac.is_empty() {
            tidy(&format!("{digits}0"), "")
        } else {
            tidy(&digits[..point + 1], &digits[point + 1..])
        };
        // Its last digit one up or down (`1.4` → `1.5`, `0.05` → `0.04`): the float's ±1,
        // as near as an integer's (no carry: `1.9` does not become `2.0`).
        let mut last_digit = Vec::new();
        if !frac.is_empty() {
            let (head, last) = frac.split_at(frac.len() - 1);
            let d = last.as_bytes()[0] - b'0';
            for nd in [d.checked_add(1).filter(|&x| x <= 9), d.checked_sub(1)]
                .into_iter()
                .flatten()
            {
                let new = format!("{int}.{head}{nd}");
                let Some(value) = bits(&new) else {
                    continue;
                };
                if value != computed {
                    last_digit.push((new, value));
                }
            }
        }
        for (new, value) in last_digit {
            let with = Expr {
                kind: ExprKind::Const(value),
                ..e.clone()
            };
            let after = format!("{new}{suffix}");
            self.push(EditKind::Constant, e.span, after, Change::Expr(e.id, with));
        }
        for new in [left, right] {
            let Some(value) = bits(&new) else {
                continue;
            };
            if value == computed {
                continue;
            }
            let with = Expr {
                kind: ExprKind::Const(value),
                ..e.clone()
            };
            let after = format!("{new}{suffix}");
            self.push(EditKind::Constant, e.span, after, Change::Expr(e.id, with));
            if let Some(last) = self.out.last_mut() {
                last.far = true;
            }
        }
    }

    /// A literal that a macro use expanded to (`N` of `#define N 10`): the programmer wrote
    /// the number on the `#define` line, so that is what the edit changes (±1, a digit more or
    /// less, the hinted values), and every use of the macro changes with it. Offered only
    /// when the macro is defined once, on a line of its own, as a plain decimal literal.
    pub(crate) fn macro_constant(&mut self, e: &Expr, name: &str) {
        let ExprKind::Const(computed) = e.kind else {
            return;
        };
        let mut defs = self
            .program
            .files
            .iter()
            .flat_map(|(id, f)| define_value(&f.text, name).map(move |d| (id, d)));
        let (Some((file, (start, end))), None) = (defs.next(), defs.next()) else {
            return;
        };
        let def = Span::new(file, start as u32, end as u32);
        let literal = self.text(def).to_string();
        let digits_end = literal
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(literal.len());
        let (number, suffix) = literal.split_at(digits_end);
        if number.len() > 1 && number.starts_with('0') {
            return;
        }
        let Ok(value) = number.parse::<i128>() else {
            return;
        };
        if e.ty.wrap(value) != computed {
            return;
        }
        let mut values = vec![value + 1, value - 1];
        if value != 0 && value < (1 << 60) {
            values.push(value * 10);
            if value % 10 == 0 {
                values.push(value / 10);
            }
        }
        for v in digit_neighbours(value)
            .into_iter()
            .chain(digit_swaps(value))
        {
            if !values.contains(&v) {
                values.push(v);
            }
        }
        let neighbours = values.len();
        values.extend(self.hints.iter().copied());
        for (i, v) in values.into_iter().enumerate() {
            // The `#define` stays a non-negative literal of the use's type.
            if v == value || v < 0 || !e.ty.contains(v) {
                continue;
            }
            let change = Change::Macro {
                name: name.to_string(),
                old: computed,
                new: v,
            };
            self.push(EditKind::Constant, def, format!("{v}{suffix}"), change);
            if let Some(last) = self.out.last_mut() {
                last.guess = i >= neighbours;
                last.far = i >= 2 && i < neighbours;
            }
        }
    }

    /// `i - 1` → `i` rather than `i - 0`: the constant edits of `b` (from `from` on) that make
    /// `a ± b` add zero drop the operand instead (an index or argument shifted back by one
    /// reads as the programmer would write it).
    pub(crate) fn drop_zero(&mut self, e: &Expr, a: &Expr, b: &Expr, from: usize) {
        let (span, text) = (e.span, self.text(a.span).to_string());
        if !self.text(span).ends_with(self.text(b.span)) || text.is_empty() {
            return;
        }
        let before = self.text(span).to_string();
        for edit in &mut self.out[from..] {
            if edit.kind == EditKind::Constant && edit.span == b.span && edit.after == "0" {
                edit.span = span;
                edit.before = before.clone();
                edit.after = text.clone();
                edit.change = Change::Expr(e.id, a.clone());
            }
        }
    }
}

/// Character pairs programmers confuse besides a letter's case: a zero for the letter O, a
/// blank for the end of a line.
pub(crate) const CONFUSED_CHARS: &[(u8, u8)] = &[(b'0', b'O'), (b'0', b'o'), (b' ', b'\n')];

/// How many of the program's character literals a character edit tries.
pub(crate) const MAX_PROGRAM_CHARS: usize = 16;

/// The value of a C character literal as written (`'a'`, `'\n'`, `'\''`, `'\0'`), for a
/// plain character or a simple escape; `None` for anything else (octal, hex, multi-char).
pub(crate) fn char_value(text: &str) -> Option<i128> {
    let inner = text.strip_prefix('\'')?.strip_suffix('\'')?;
    let mut chars = inner.chars();
    let v = match (chars.next()?, chars.next(), chars.next()) {
        ('\\', Some(esc), None) => match esc {
            'n' => 10,
            't' => 9,
            '0' => 0,
            'r' => 13,
            'a' => 7,
            'b' => 8,
            'f' => 12,
            'v' => 11,
            '\\' | '\'' | '"' | '?' => esc as i128,
            _ => return None,
        },
        ('\\' | '\'', ..) => return None,
        (c, None, _) if c.is_ascii() && !c.is_ascii_control() => c as i128,
        _ => return None,
    };
    Some(v)
}

/// `v` written as a C character literal, when it is a printable ASCII character or one of the
/// common escapes.
pub(crate) fn char_literal(v: i128) -> Option<String> {
    let c = u8::try_from(v).ok()?;
    let body = match c {
        b'\n' => "\\n".to_string(),
        b'\t' => "\\t".to_string(),
        b'\r' => "\\r".to_string(),
        0 => "\\0".to_string(),
        b'\'' => "\\'".to_string(),
        b'\\' => "\\\\".to_string(),
        0x20..=0x7e => (c as char).to_string(),
        _ => return None,
    };
    Some(format!("'{body}'"))
}

/// The values of the character literals in `text` (`'x'` or a simple escape), in order.
pub(crate) fn char_literals(text: &str) -> Vec<i128> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\'' {
            // `'x'` or `'\x'`.
            let len = if b.get(i + 1) == Some(&b'\\') { 4 } else { 3 };
            if let Some(v) = text.get(i..i + len).and_then(char_value) {
                out.push(v);
                i += len;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// `value` with two adjacent decimal digits swapped (`23` → `32`, `125` → `152`, `215`): digits
/// typed in the wrong order. A swap that would put a zero first (`10` → `01`), or swap equal
/// digits, is left out; listed from the lowest pair up, within [`MAX_DIGIT_EDITS`] digits.
pub(crate) fn digit_swaps(value: i128) -> Vec<i128> {
    let magnitude = value.unsigned_abs();
    if magnitude >= 1 << 60 {
        return Vec::new();
    }
    let sign = if value < 0 { -1 } else { 1 };
    let digits: Vec<u8> = magnitude.to_string().into_bytes();
    let mut out = Vec::new();
    let n = digits.len();
    for i in (1..n).rev().take(MAX_DIGIT_EDITS as usize - 1) {
        let (a, b) = (digits[i - 1], digits[i]);
        if a == b || (i == 1 && b == b'0') {
            continue;
        }
        let mut swapped = digits.clone();
        swapped.swap(i - 1, i);
        let v: i128 = std::str::from_utf8(&swapped)
            .ok()
            .and_then(|t| t.parse().ok())
            .unwrap_or(0);
        if !out.contains(&(sign * v)) {
            out.push(sign * v);
        }
    }
    out
}

/// Decimal digits a literal's digit edits reach (from the least significant one up).
pub(crate) const MAX_DIGIT_EDITS: u32 = 6;

/// `value` with one decimal digit other than the last one one higher or lower (`3500` →
/// `2500`, `4500`, `3400`, `3600`; `50` → `40`, `60`): a table entry or a limit typed with a
/// neighbouring digit. The last digit's neighbours are ±1; a leading digit does not become 0
/// (that is a digit less). Listed from the lowest digit up, at most [`MAX_DIGIT_EDITS`] digits.
pub(crate) fn digit_neighbours(value: i128) -> Vec<i128> {
    let sign = if value < 0 { -1 } else { 1 };
    let magnitude = value.unsigned_abs();
    let mut out = Vec::new();
    if magnitude >= 1 << 60 {
        return out;
    }
    let magnitude = magnitude as i128;
    let mut place: i128 = 10;
    for _ in 1..MAX_DIGIT_EDITS {
        if place > magnitude {
            break;
        }
        let digit = magnitude / place % 10;
        let leading = magnitude / place < 10;
        if digit < 9 {
            out.push(sign * (magnitude + place));
        }
        if digit > 1 || (digit == 1 && !leading) {
            out.push(sign * (magnitude - place));
        }
        place *= 10;
    }
    out
}

/// The byte range of the value of `#define name <decimal literal>` in `text`, when the line
/// defines `name` as an object-like macro whose whole body is one decimal literal (with an
/// integer suffix) and nothing but a comment follows it. `None` for any other definition.
pub(crate) fn define_value(text: &str, name: &str) -> Option<(usize, usize)> {
    let mut found = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let at = offset;
        offset += line.len();
        let rest = line.trim_start();
        let Some(rest) = rest.strip_prefix('#') else {
            continue;
        };
        let Some(rest) = rest.trim_start().strip_prefix("define") else {
            continue;
        };
        if !rest.starts_with([' ', '\t']) {
            continue;
        }
        let rest = rest.trim_start();
        let Some(body) = rest.strip_prefix(name) else {
            continue;
        };
        // `NAME(` is a function-like macro; `NAMEX` another name.
        if !body.starts_with([' ', '\t']) {
            continue;
        }
        let value = body.trim_start();
        let len = value
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(value.len());
        let (literal, tail) = value.split_at(len);
        let tail = tail.trim();
        let digits = literal.trim_end_matches(['u', 'U', 'l', 'L']);
        if digits.is_empty()
            || !digits.chars().all(|c| c.is_ascii_digit())
            || !(tail.is_empty() || tail.starts_with("//") || tail.starts_with("/*"))
        {
            // Defined, but not as a plain literal: no edit (and no other definition counts).
            return None;
        }
        if found.is_some() {
            return None;
        }
        let start = at + (line.len() - value.len());
        found = Some((start, start + len));
    }
    found
}

/// The literal `k` of a value `x + k`, `x - k`, `k - x`, `x * k` or `k * x` (integer, at the
/// top of the value) and the one value `k'` that gives every execution of `needed` (`(was,
/// needed)` pairs) what it needed: `x` is recovered from what the statement computed (`was`)
/// and `k`, then `k'` from `x` and the need. `None` when no execution constrains `k'`, when
/// two need different values, when a product is not exact, or when `k'` is `k`.
pub(crate) fn solve_constant(value: &Expr, needed: &[(i128, i128)]) -> Option<(Expr, i128)> {
    if needed.is_empty() || value.ty.is_float() {
        return None;
    }
    let ExprKind::Binary(op, a, b) = &strip(value).kind else {
        return None;
    };
    let literal = |e: &Expr| match strip(e).kind {
        ExprKind::Const(c) => Some(c),
        _ => None,
    };
    // (the literal, whether it is the right operand)
    let (k, right) = match (literal(a), literal(b)) {
        (None, Some(k)) => (k, true),
        (Some(k), None) if matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul) => (k, false),
        _ => return None,
    };
    let mut solved: Option<i128> = None;
    for &(was, need) in needed {
        let candidate = match (op, right) {
            (BinOp::Add, _) => Some(need - (was - k)),
            (BinOp::Sub, true) => Some((was + k) - need),
            (BinOp::Sub, false) => Some(need + (k - was)),
            (BinOp::Mul, _) => {
                if k == 0 || was % k != 0 {
                    return None;
                }
                let x = was / k;
                if x == 0 {
                    if need != 0 {
                        return None;
                    }
                    None
                } else if need % x != 0 {
                    return None;
                } else {
                    Some(need / x)
                }
            }
            _ => return None,
        };
        if let Some(c) = candidate {
            match solved {
                None => solved = Some(c),
                Some(s) if s != c => return None,
                _ => {}
            }
        }
    }
    let solved = solved.filter(|&c| c != k)?;
    let literal_expr = if right { strip(b) } else { strip(a) };
    Some((literal_expr.clone(), solved))
}
