//! Condition edits: a condition negated; a clause `&& p`/`&& !p` added for a parameter the
//! function never reads; `&& q`/`&& !(q)`/`|| q` for a comparison or clause `q` the function
//! tests elsewhere; `=` made `==` in an `if`/`while` condition ([`Change::Reshape`]); a
//! comparison with a constant made a test against zero (`n > 9` → `n > 0`, `n != 0`); a
//! comparison of the condition repeated with another constant of the program (`m == 6 || m
//! == 9` → `m == 4 || m == 6 || m == 9`, `x > 0` → `x > 0 && x < 10`).

use super::*;

/// How many unused macros a comparison with a macro is also tried with.
const MAX_UNUSED_MACROS: usize = 4;
/// How many other constants a comparison of a condition is repeated with (the function's
/// nearest first, then the rest of the program's).
const MAX_CONSTANT_CLAUSES: usize = 6;

impl Gen<'_> {
    /// `if (c)` → `if (!(c))`.
    pub(crate) fn negate(&mut self, cond: &Expr) {
        let text = self.text(cond.span).to_string();
        let with = Expr {
            id: self.fresh(),
            kind: ExprKind::Unary(UnOp::Not, Box::new(cond.clone())),
            ty: IntKind::Int,
            ..cond.clone()
        };
        self.push(
            EditKind::Negate,
            cond.span,
            format!("!({text})"),
            Change::Expr(cond.id, with),
        );
    }

    /// `c` → `c && p` and `c && !p` for each integer parameter `p` the function never reads:
    /// an input the function was given but ignores is one a condition likely forgot.
    pub(crate) fn add_clause(&mut self, cond: &Expr) {
        let f = self.program.function(self.func);
        if cond.span.file != f.span.file {
            return;
        }
        let text = self.text(cond.span).to_string();
        // `a || b && p` would bind to `b` alone.
        let operand = match strip(cond).kind {
            ExprKind::Logical(LogicOp::Or, ..) | ExprKind::Cond(..) => format!("({text})"),
            _ => text,
        };
        let body = self.text(f.span).to_string();
        for &param in &f.params {
            let decl = f.local(param);
            if !matches!(decl.ty, Type::Int(_)) || decl.name.is_empty() {
                continue;
            }
            // Read nowhere: its name occurs once in the function's text (its declaration).
            if identifier_uses(&body, &decl.name) > 1 {
                continue;
            }
            let load = Expr {
                id: self.fresh(),
                kind: ExprKind::Load(Place {
                    base: VarRef::Local(param),
                    indices: Vec::new(),
                    span: cond.span,
                }),
                ty: match decl.ty {
                    Type::Int(k) => k,
                    _ => continue,
                },
                ..cond.clone()
            };
            let ids = (self.fresh(), self.fresh());
            let truth_p = truth(&load, ids);
            let negated = Expr {
                id: self.fresh(),
                kind: ExprKind::Unary(UnOp::Not, Box::new(load.clone())),
                ty: IntKind::Int,
                ..cond.clone()
            };
            for (clause, shown) in [
                (truth_p, decl.name.clone()),
                (negated, format!("!{}", decl.name)),
            ] {
                let with = Expr {
                    id: self.fresh(),
                    kind: ExprKind::Logical(LogicOp::And, Box::new(cond.clone()), Box::new(clause)),
                    ty: IntKind::Int,
                    ..cond.clone()
                };
                self.push(
                    EditKind::AddClause,
                    cond.span,
                    format!("{operand} && {shown}"),
                    Change::Expr(cond.id, with),
                );
            }
        }
    }

    /// `c` → `c && q`, `c && !(q)` and `c || q` for the comparisons `q` the function makes in
    /// its other conditions (the nearest first, at most [`MAX_COMPARISONS`]), when every
    /// variable `q` reads is a parameter, a global or a local declared before `c`.
    pub(crate) fn add_comparison(&mut self, cond: &Expr) {
        let f = self.program.function(self.func);
        if cond.span.file != f.span.file {
            return;
        }
        let mut found: Vec<Expr> = Vec::new();
        faultline_ir::walk_block(&f.body, &mut |s: &Stmt| {
            let own = match &s.kind {
                StmtKind::If { cond, .. } => Some(cond),
                StmtKind::Assign { value, .. } => Some(value),
                StmtKind::Return(Some(e)) => Some(e),
                _ => None,
            };
            if let Some(e) = own {
                e.walk(&mut |x| match &x.kind {
                    ExprKind::Binary(op, ..) if op.is_comparison() => found.push(x.clone()),
                    // The plain clauses of `&&`/`||` (`armed`, `!done`) too.
                    ExprKind::Logical(_, a, b) => {
                        for operand in [a, b] {
                            let plain = !matches!(
                                strip(operand).kind,
                                ExprKind::Logical(..) | ExprKind::Binary(..)
                            );
                            if plain {
                                found.push((**operand).clone());
                            }
                        }
                    }
                    _ => {}
                });
            }
        });
        let inside = |x: &Expr| x.span.start >= cond.span.start && x.span.end <= cond.span.end;
        let in_scope = |x: &Expr| {
            let mut ok = x.span.file == cond.span.file;
            x.walk(&mut |y| {
                if let ExprKind::Load(p) | ExprKind::AddrOf(p) = &y.kind {
                    if let VarRef::Local(l) = p.base {
                        let d = f.local(l);
                        ok &= d.kind != LocalKind::Temp
                            && !d.name.is_empty()
                            && (d.kind == LocalKind::Param || d.span.start < cond.span.start);
                    }
                }
            });
            ok
        };
        let own_text = self.text(cond.span).to_string();
        let mut texts = std::collections::HashSet::new();
        let mut clauses: Vec<(u32, Expr, String)> = found
            .into_iter()
            .filter(|x| !inside(x) && in_scope(x))
            .filter_map(|x| {
                let text = self.text(x.span).to_string();
                let distance = x.span.start.abs_diff(cond.span.start);
                (!text.is_empty() && !own_text.contains(&text) && texts.insert(text.clone()))
                    .then(|| (distance, x.clone(), text))
            })
            .collect();
        clauses.sort_by_key(|(d, ..)| *d);
        clauses.truncate(MAX_COMPARISONS);
        // A comparison with a macro (`Airspeed < FLAPS_FLOOR_SPEED`) also with each macro the
        // program defines but never uses (`GEAR_FLOOR_SPEED`): a limit defined for a check
        // nobody wrote points at the condition that forgot it, as an unused parameter does.
        let unused = self.unused_macros();
        let mut more = Vec::new();
        for (distance, q, text) in &clauses {
            let ExprKind::Binary(_, _, b) = &strip(q).kind else {
                continue;
            };
            let b = strip(b);
            let written = self.text(b.span);
            let is_name = !written.is_empty()
                && written
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_')
                && !written.starts_with(|c: char| c.is_ascii_digit());
            if !matches!(b.kind, ExprKind::Const(_)) || !is_name {
                continue;
            }
            for (name, value) in &unused {
                let mut q2 = q.clone();
                let mut done = false;
                let with = Expr {
                    kind: ExprKind::Const(b.ty.wrap(*value)),
                    ..b.clone()
                };
                replace_expr(&mut q2, b.id, &with, &mut done);
                let (from, to) = (
                    (b.span.start - q.span.start) as usize,
                    (b.span.end - q.span.start) as usize,
                );
                if !done || text.get(from..to) != Some(written) {
                    continue;
                }
                let shown = format!("{}{name}{}", &text[..from], &text[to..]);
                more.push((*distance, q2, shown));
            }
        }
        clauses.extend(more);
        let wrapped = |text: &str, e: &Expr, op: LogicOp| -> String {
            let low = match strip(e).kind {
                ExprKind::Cond(..) => true,
                ExprKind::Logical(LogicOp::Or, ..) => op == LogicOp::And,
                _ => false,
            };
            if low {
                format!("({text})")
            } else {
                text.to_string()
            }
        };
        for (_, q, text) in clauses {
            let q = self.renumbered(&q);
            let ids = (self.fresh(), self.fresh());
            let q = truth(&q, ids);
            let negated = Expr {
                id: self.fresh(),
                kind: ExprKind::Unary(UnOp::Not, Box::new(q.clone())),
                ty: IntKind::Int,
                ..q.clone()
            };
            for (op, clause, shown) in [
                (LogicOp::And, q.clone(), text.clone()),
                (LogicOp::And, negated, format!("!({text})")),
                (LogicOp::Or, q.clone(), text.clone()),
            ] {
                let symbol = if op == LogicOp::And { "&&" } else { "||" };
                let with = Expr {
                    id: self.fresh(),
                    kind: ExprKind::Logical(op, Box::new(cond.clone()), Box::new(clause)),
                    ty: IntKind::Int,
                    ..cond.clone()
                };
                self.push(
                    EditKind::AddComparison,
                    cond.span,
                    format!("{} {symbol} {shown}", wrapped(&own_text, cond, op)),
                    Change::Expr(cond.id, with),
                );
                if let Some(last) = self.out.last_mut() {
                    last.far = true;
                }
            }
        }
    }

    /// The object-like macros defined in the program's files as a plain decimal literal and
    /// named nowhere else in them (their `#define` line is their only mention): name and
    /// value, at most [`MAX_UNUSED_MACROS`].
    pub(crate) fn unused_macros(&self) -> Vec<(String, i128)> {
        let texts: Vec<&str> = self.program.files.iter().map(|(_, f)| &*f.text).collect();
        let mut out = Vec::new();
        for text in &texts {
            for line in text.lines() {
                let Some(rest) = line.trim_start().strip_prefix('#') else {
                    continue;
                };
                let Some(rest) = rest.trim_start().strip_prefix("define") else {
                    continue;
                };
                let mut words = rest.split_whitespace();
                let (Some(name), Some(value)) = (words.next(), words.next()) else {
                    continue;
                };
                if words
                    .next()
                    .is_some_and(|w| !w.starts_with("//") && !w.starts_with("/*"))
                    || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                {
                    continue;
                }
                let Ok(value) = value.trim_end_matches(['u', 'U', 'l', 'L']).parse::<i128>() else {
                    continue;
                };
                let mentions: usize = texts.iter().map(|t| word_count(t, name)).sum();
                if mentions == 1 && out.len() < MAX_UNUSED_MACROS {
                    out.push((name.to_string(), value));
                }
            }
        }
        out
    }

    /// `if (x = 5)` → `if (x == 5)`: an assignment written as a whole `if`/`while`
    /// condition (the lowerer computes it as a statement before the test) made the
    /// comparison it was meant to be. Only for `place = value` with a lone `=` between them.
    pub(crate) fn assignment_in_condition(&mut self, stmt: &Stmt, place: &Place, value: &Expr) {
        let span = stmt.span;
        if place.span.file != span.file || value.span.file != span.file {
            return;
        }
        let file = self.program.files.get(span.file);
        let text = &*file.text;
        let (start, end) = (span.start as usize, span.end as usize);
        let before = text[..start].trim_end();
        let after = text[end..].trim_start();
        let Some(head) = before.strip_suffix('(') else {
            return;
        };
        let keyword = head.trim_end();
        let word_start = keyword
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        if !matches!(&keyword[word_start..], "if" | "while") || !after.starts_with(')') {
            return;
        }
        if place.span.end > value.span.start || place.span.start < span.start {
            return;
        }
        let gap = file.slice(place.span.end, value.span.start);
        if gap.trim() != "=" {
            return;
        }
        let at = place.span.end + gap.find('=').unwrap_or(0) as u32;
        let token = Span::new(span.file, at, at + 1);
        self.push(
            EditKind::Comparison,
            token,
            "==".to_string(),
            Change::Reshape,
        );
    }

    /// `a op k` with `k` a decimal literal of 2 or more (±1 reaches 0 from 1) compared to 0
    /// instead: `a op 0` (one token: a constant, after its neighbours) and `a != 0` (an
    /// operator and a constant) unless `op` is `!=` already. A loop over a number's digits
    /// written `while (n > 9)` stops one digit early.
    pub(crate) fn zero_test(&mut self, e: &Expr, op: BinOp, a: &Expr, b: &Expr) {
        let k = strip(b);
        let ExprKind::Const(value) = k.kind else {
            return;
        };
        let text = self.text(k.span).to_string();
        if value < 2 || text.is_empty() || !text.chars().all(|c| c.is_ascii_digit()) {
            return;
        }
        if self.text(b.span) != text || a.ty.is_float() {
            return;
        }
        let Some(token) = self.token_between(a.span, b.span, op.symbol()) else {
            return;
        };
        let zero = Expr {
            kind: ExprKind::Const(0),
            ..b.clone()
        };
        let with = Expr {
            kind: ExprKind::Const(k.ty.wrap(0)),
            ..k.clone()
        };
        self.push(
            EditKind::Constant,
            k.span,
            "0".to_string(),
            Change::Expr(k.id, with),
        );
        if let Some(last) = self.out.last_mut() {
            last.far = true;
        }
        if op == BinOp::Ne {
            return;
        }
        let compared = Expr {
            id: self.fresh(),
            kind: ExprKind::Binary(BinOp::Ne, Box::new(a.clone()), Box::new(zero)),
            ..e.clone()
        };
        let span = Span::new(token.file, token.start, b.span.end);
        self.push(
            EditKind::ZeroTest,
            span,
            format!("{} 0", BinOp::Ne.symbol()),
            Change::Expr(e.id, compared),
        );
        if let Some(last) = self.out.last_mut() {
            last.far = true;
        }
    }

    /// A comparison `x op k` of the condition (`x` a variable, `k` a decimal literal) repeated
    /// with another constant `k'` the program writes: `|| x == k'` for an equality (a case the
    /// condition forgot: `m == 6 || m == 9 || m == 11` without `m == 4`), `&& x < k'` /
    /// `&& x > k'` closing an open range (`x > 0` → `x > 0 && x < 10`). A chain of equalities
    /// of one variable gets the new one where it belongs in order of the constants. At most
    /// [`MAX_CONSTANT_CLAUSES`] constants: the function's (nearest first), then the program's.
    pub(crate) fn add_constant_clause(&mut self, cond: &Expr) {
        // The comparisons of the condition's `&&`/`||` chain: (x, op, k, the clause).
        let mut clauses: Vec<&Expr> = Vec::new();
        fn chain<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
            match &strip(e).kind {
                ExprKind::Logical(_, a, b) => {
                    chain(a, out);
                    chain(b, out);
                }
                _ => out.push(strip(e)),
            }
        }
        chain(cond, &mut clauses);
        let own_text = self.text(cond.span).to_string();
        let compared: Vec<(&Expr, BinOp, i128, &Expr)> = clauses
            .iter()
            .filter_map(|c| {
                let ExprKind::Binary(op, a, b) = &c.kind else {
                    return None;
                };
                let (x, k) = (strip(a), strip(b));
                let ExprKind::Const(value) = k.kind else {
                    return None;
                };
                let plain = matches!(&x.kind, ExprKind::Load(p) if p.indices.is_empty());
                let text = self.text(k.span);
                (op.is_comparison()
                    && plain
                    && !x.ty.is_float()
                    && !text.is_empty()
                    && text.chars().all(|ch| ch.is_ascii_digit()))
                .then_some((x, *op, value, *c))
            })
            .collect();
        let Some(&(x, op, _, _)) = compared.first() else {
            return;
        };
        let x_text = self.text(x.span).to_string();
        if !is_identifier(&x_text) || x.span.file != cond.span.file {
            return;
        }
        // The condition's own constants for `x`, and whether it is an `||` chain of `x == k`.
        let own: Vec<i128> = (compared.iter())
            .filter(|(y, ..)| self.text(y.span) == x_text)
            .map(|(_, _, k, _)| *k)
            .collect();
        let equalities = matches!(
            strip(cond).kind,
            ExprKind::Logical(LogicOp::Or, ..) | ExprKind::Binary(BinOp::Eq, ..)
        ) && clauses.len() == compared.len()
            && compared
                .iter()
                .all(|(y, o, ..)| *o == BinOp::Eq && self.text(y.span) == x_text);
        let (new_op, join) = match op {
            BinOp::Eq if equalities => (BinOp::Eq, LogicOp::Or),
            BinOp::Gt | BinOp::Ge if compared.len() == 1 => (BinOp::Lt, LogicOp::And),
            BinOp::Lt | BinOp::Le if compared.len() == 1 => (BinOp::Gt, LogicOp::And),
            _ => return,
        };
        let constants = self.program_constants(cond.span);
        let k_lo = own.iter().copied().min().unwrap_or(0);
        let picked: Vec<i128> = constants
            .into_iter()
            .filter(|k| !own.contains(k))
            // A range closed above its lower bound (or below its upper one).
            .filter(|&k| match (op, new_op) {
                (BinOp::Gt | BinOp::Ge, BinOp::Lt) => k > k_lo,
                (BinOp::Lt | BinOp::Le, BinOp::Gt) => k < k_lo,
                _ => true,
            })
            .filter(|k| x.ty.contains(*k))
            .take(MAX_CONSTANT_CLAUSES)
            .collect();
        let symbol = if join == LogicOp::And { "&&" } else { "||" };
        for k in picked {
            let shown = format!("{x_text} {} {k}", new_op.symbol());
            // Where the new equality goes in an ordered chain: before the first larger one.
            let after = match (join, compared.iter().find(|(_, _, c, _)| *c > k)) {
                (LogicOp::Or, Some((_, _, _, clause))) if own.windows(2).all(|w| w[0] < w[1]) => {
                    let at = (clause.span.start - cond.span.start) as usize;
                    if own_text.get(at..).is_none() {
                        continue;
                    }
                    format!("{}{shown} || {}", &own_text[..at], &own_text[at..])
                }
                _ => format!("{own_text} {symbol} {shown}"),
            };
            let (id, kid) = (self.fresh(), self.fresh());
            let constant = Expr {
                id: kid,
                kind: ExprKind::Const(x.ty.wrap(k)),
                ..x.clone()
            };
            let clause = Expr {
                id,
                kind: ExprKind::Binary(new_op, Box::new(x.clone()), Box::new(constant)),
                ty: IntKind::Int,
                ..x.clone()
            };
            let clause = self.renumbered(&clause);
            let with = Expr {
                id: self.fresh(),
                kind: ExprKind::Logical(join, Box::new(cond.clone()), Box::new(clause)),
                ty: IntKind::Int,
                ..cond.clone()
            };
            self.push(
                EditKind::AddComparison,
                cond.span,
                after,
                Change::Expr(cond.id, with),
            );
            if let Some(last) = self.out.last_mut() {
                last.far = true;
            }
        }
    }

    /// The decimal integer literals the program writes, each once: the current function's
    /// first (nearest to `at` first), then the other functions'.
    fn program_constants(&self, at: Span) -> Vec<i128> {
        let mut own: Vec<(u32, i128)> = Vec::new();
        let mut rest: Vec<i128> = Vec::new();
        for (i, f) in self.program.functions.iter().enumerate() {
            let mine = i == self.func.index();
            faultline_ir::walk_block(&f.body, &mut |s: &Stmt| {
                for e in own_exprs(s) {
                    e.walk(&mut |x| {
                        let ExprKind::Const(v) = x.kind else {
                            return;
                        };
                        if x.span.file != at.file || x.ty.is_float() {
                            return;
                        }
                        let text = self.text(x.span);
                        if text.is_empty() || !text.chars().all(|c| c.is_ascii_digit()) {
                            return;
                        }
                        if mine {
                            own.push((x.span.start.abs_diff(at.start), v));
                        } else {
                            rest.push(v);
                        }
                    });
                }
            });
        }
        own.sort_by_key(|(d, _)| *d);
        let mut out: Vec<i128> = Vec::new();
        for v in own.into_iter().map(|(_, v)| v).chain(rest) {
            if !out.contains(&v) {
                out.push(v);
            }
        }
        out
    }
}

impl Gen<'_> {
    /// `x % 2 == 1` → `x % 2 != 0` (and `x % 2 != 1` → `x % 2 == 0`): in C the remainder
    /// of a negative odd number is `-1`, so the test as written calls it even. Offered in
    /// any comparison (`return n % 2 == 1;` as well as conditions), only for a signed
    /// remainder by the literal `2` compared with the literal `1`.
    pub(crate) fn odd_test(&mut self, e: &Expr, op: BinOp, a: &Expr, b: &Expr) {
        let flipped = match op {
            BinOp::Eq => BinOp::Ne,
            BinOp::Ne => BinOp::Eq,
            _ => return,
        };
        let ExprKind::Binary(BinOp::Rem, _, divisor) = &strip(a).kind else {
            return;
        };
        let two = matches!(strip(divisor).kind, ExprKind::Const(2));
        let one = matches!(strip(b).kind, ExprKind::Const(1)) && self.text(b.span) == "1";
        if !two || !one || !a.ty.is_signed() || a.ty.is_float() {
            return;
        }
        let Some(token) = self.token_between(a.span, b.span, op.symbol()) else {
            return;
        };
        let zero = Expr {
            kind: ExprKind::Const(0),
            ..b.clone()
        };
        let tested = Expr {
            id: self.fresh(),
            kind: ExprKind::Binary(flipped, Box::new(a.clone()), Box::new(zero)),
            ..e.clone()
        };
        let span = Span::new(token.file, token.start, b.span.end);
        self.push(
            EditKind::OddTest,
            span,
            format!("{} 0", flipped.symbol()),
            Change::Expr(e.id, tested),
        );
    }
}
