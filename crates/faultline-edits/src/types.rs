//! Type edits, run from the edited text compiled again ([`Change::Recompile`]): the declared
//! type of a variable the statement assigns widened (`int` → `double`/`long long`, `float` →
//! `double`) with the `printf`/`scanf` conversions of it, a later declarator of a list retyped
//! by splitting it off (`int a, b;` → `int a; double b;`); an integer division under a
//! conversion to floating point made floating (`5` → `5.0`, `sum` → `(double)sum`); an `int`
//! product or sum converted to a 64-bit type computed in it (`x * (i + 1)` → `(long long)x *
//! (i + 1)`: it overflowed before the conversion).

use super::*;

impl Gen<'_> {
    /// The declared type of the scalar local `place` names widened, when what the statement
    /// computes may not fit it: `int` → `double` when the value is computed in floating
    /// point (the conversion drops the fraction), `int` → `long long` when it is integer
    /// arithmetic (it may overflow), `float` → `double`. The edit is the type word of the
    /// declaration (`int mean = total / n;` → `double mean = total / n;`), offered only when
    /// that word alone is the declaration's specifier (no `unsigned`, `const`, `static`).
    pub(crate) fn retype(&mut self, place: &Place, value: &Expr) {
        let VarRef::Local(l) = place.base else {
            return;
        };
        if !place.indices.is_empty() {
            return;
        }
        let decl = self.program.function(self.func).local(l);
        if decl.kind != LocalKind::User {
            return;
        }
        let mut floating = false;
        let mut arithmetic = false;
        value.walk(&mut |e| {
            floating |= matches!(e.ty, IntKind::Float | IntKind::Double);
            arithmetic |= matches!(
                &e.kind,
                ExprKind::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl, _, _)
                    if matches!(e.ty, IntKind::Int | IntKind::UInt)
            );
        });
        let to: &[&str] = match decl.ty {
            Type::Int(IntKind::Int) if floating => &["double"],
            Type::Int(IntKind::Int) if arithmetic => &["long long"],
            Type::Int(IntKind::Float) => &["double"],
            _ => return,
        };
        // The type word of the declaration, or (a later declarator of a list, `int a, b;`)
        // the declarator split off into a declaration of its own.
        let (span, later) = match self.specifier(decl.span) {
            Some(span) => (span, None),
            None => match self.later_declarator(decl.span) {
                Some((span, declarator, word, more)) => (span, Some((declarator, word, more))),
                None => return,
            },
        };
        for &to in to {
            let retyped = match &later {
                None => to.to_string(),
                Some((declarator, word, true)) => format!("; {to} {declarator}; {word}"),
                Some((declarator, _, false)) => format!("; {to} {declarator}"),
            };
            // The conversions that print or read the variable change with its type: one
            // edit from the type word to the last of them (what the editor applies at once).
            let mut changes = vec![(span, retyped)];
            changes.extend(self.conversions_of(&decl.name, decl.ty.clone(), to, span));
            let end = changes.iter().map(|(s, _)| s.end).max().unwrap_or(span.end);
            let whole = Span::new(span.file, span.start, end);
            let mut after = self.text(whole).to_string();
            changes.sort_by_key(|(s, _)| std::cmp::Reverse(s.start));
            for (s, with) in changes {
                let (a, b) = (
                    (s.start - whole.start) as usize,
                    (s.end - whole.start) as usize,
                );
                after.replace_range(a..b, &with);
            }
            self.push(EditKind::Retype, whole, after, Change::Recompile);
            if let Some(e) = self.out.last_mut() {
                e.far = true;
            }
        }
    }

    /// The conversions of the `printf`/`scanf` calls after `from` in the function whose
    /// argument is the variable `name` itself (`total`, `&total`), as they must read for its
    /// new type `to`: `%d` → `%lld` (`long long`), `%d` → `%f` / `%lf` (`double`), `%f` →
    /// `%lf` in `scanf` (`float` → `double`). Found in the text: a call whose format is one
    /// string literal written in it.
    pub(crate) fn conversions_of(
        &self,
        name: &str,
        from: Type,
        to: &str,
        after: Span,
    ) -> Vec<(Span, String)> {
        let f = self.program.function(self.func);
        let mut calls: Vec<(Span, bool)> = Vec::new();
        faultline_ir::walk_block(&f.body, &mut |s: &Stmt| match &s.kind {
            StmtKind::Builtin(Builtin::Printf { .. }) => calls.push((s.span, false)),
            StmtKind::Builtin(Builtin::Scanf { .. }) => calls.push((s.span, true)),
            _ => {}
        });
        let mut out = Vec::new();
        for (span, scanf) in calls {
            if span.file != after.file || span.start < after.end {
                continue;
            }
            let text = self.text(span);
            let Some(super::output::FormatLiteral {
                start: fmt_start,
                end: close,
                convs,
            }) = super::output::format_conversions(text)
            else {
                continue;
            };
            let args = split_args(&text[close + 1..]);
            let want = if scanf {
                format!("&{name}")
            } else {
                name.to_string()
            };
            let fmt = &text[fmt_start..close];
            for (k, arg) in args.iter().enumerate() {
                if arg.trim() != want {
                    continue;
                }
                let Some(&(a, b)) = convs.get(k) else {
                    continue;
                };
                let conv = &fmt[a..b];
                let last = conv.as_bytes()[conv.len() - 1];
                let flags = &conv[..conv.len() - 1];
                let with = match (&from, to, last, scanf) {
                    (Type::Int(IntKind::Int), "long long", b'd' | b'i', _)
                        if !flags.contains(['l', 'h']) =>
                    {
                        format!("{flags}ll{}", last as char)
                    }
                    (Type::Int(IntKind::Int), "double", b'd' | b'i', false)
                        if !flags.contains(['l', 'h']) =>
                    {
                        format!("{flags}f")
                    }
                    (Type::Int(IntKind::Int), "double", b'd' | b'i', true)
                        if !flags.contains(['l', 'h']) =>
                    {
                        format!("{flags}lf")
                    }
                    (Type::Int(IntKind::Float), "double", b'f' | b'e' | b'g', true)
                        if !flags.contains('l') =>
                    {
                        format!("{flags}l{}", last as char)
                    }
                    _ => continue,
                };
                let base = span.start + fmt_start as u32;
                out.push((Span::new(span.file, base + a as u32, base + b as u32), with));
            }
        }
        out
    }

    /// A declarator after the first of a list whose specifier is one type word (`int a = 0,
    /// b = q / 2.0;`): the range from the comma before it to its end (with the comma after
    /// it, when more follow), its text, the type word, and whether more follow. Replacing
    /// the range by `; double b = q / 2.0` (and `; int` when more follow) declares it on
    /// its own with the statements in the same order.
    pub(crate) fn later_declarator(
        &self,
        declarator: Span,
    ) -> Option<(Span, String, String, bool)> {
        let text = &*self.program.files.get(declarator.file).text;
        let start = declarator.start as usize;
        let before = text.get(..start)?.trim_end();
        let comma = before.len().checked_sub(1)?;
        if !before.ends_with(',') {
            return None;
        }
        // The declaration begins after the last `;`, `{` or `}` before the comma.
        let from = before[..comma].rfind([';', '{', '}']).map_or(0, |i| i + 1);
        let head = before[from..comma].trim_start();
        let word = ["int", "float"].into_iter().find(|w| {
            head.strip_prefix(w)
                .is_some_and(|r| r.starts_with([' ', '\t']))
        })?;
        // Not a `for (int i = 0, j …` (nor a parameter list): the declaration starts a
        // statement.
        if before[..from].trim_end().ends_with('(') || head.contains('(') && !head.contains('=') {
            return None;
        }
        // The declarator's end: the first `,` or `;` outside brackets.
        let mut depth = 0i32;
        let mut end = None;
        for (i, c) in text[start..].char_indices() {
            match c {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => depth -= 1,
                ',' | ';' if depth == 0 => {
                    end = Some((start + i, c == ','));
                    break;
                }
                _ => {}
            }
            if depth < 0 {
                return None;
            }
        }
        let (end, more) = end?;
        let own = text[start..end].trim_end().to_string();
        let span_end = if more { end + 1 } else { end };
        Some((
            Span::new(declarator.file, comma as u32, span_end as u32),
            own,
            word.to_string(),
            more,
        ))
    }

    /// The range of the one type word (`int`, `float`) that begins the declaration whose
    /// first declarator starts at `declarator`.
    pub(crate) fn specifier(&self, declarator: Span) -> Option<Span> {
        let text = &*self.program.files.get(declarator.file).text;
        let before = text.get(..declarator.start as usize)?;
        let trimmed = before.trim_end_matches([' ', '\t']);
        let word_start = trimmed
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        let word = &trimmed[word_start..];
        if !matches!(word, "int" | "float") || word_start == trimmed.len() {
            return None;
        }
        // Only whitespace between the start of the statement (a line, `;`, `{`, `}` or a
        // `for`'s `(`) and the word.
        let ahead = &before[..word_start];
        let on_line = ahead.rfind('\n').map_or(ahead, |i| &ahead[i + 1..]);
        let ahead = ahead.trim_end();
        if !(on_line.trim().is_empty() || ahead.ends_with([';', '{', '}', '('])) {
            return None;
        }
        Some(Span::new(
            declarator.file,
            word_start as u32,
            (word_start + word.len()) as u32,
        ))
    }

    /// Every integer division under a conversion to floating point (through integer
    /// arithmetic only) made in floating point: a decimal literal dividend gains `.0`
    /// (`5 / 9` → `5.0 / 9`), a variable dividend a cast (`sum / n` → `(double)sum / n`).
    /// The edited text is compiled again: every conversion around the quotient changes.
    pub(crate) fn float_division(&mut self, e: &Expr) {
        let mut divisions: Vec<Expr> = Vec::new();
        fn under_float(e: &Expr, floating: bool, out: &mut Vec<Expr>) {
            let is_float = matches!(e.ty, IntKind::Float | IntKind::Double);
            match &e.kind {
                ExprKind::Cast(a) => under_float(a, is_float || floating && !a.ty.is_float(), out),
                ExprKind::Binary(op, a, b) => {
                    let integer = !is_float && e.ty != IntKind::Ptr && e.ty != IntKind::Bool;
                    if floating && integer && *op == BinOp::Div {
                        out.push(e.clone());
                    }
                    let keep = floating
                        && integer
                        && matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div);
                    under_float(a, keep, out);
                    under_float(b, keep, out);
                }
                ExprKind::Unary(UnOp::Neg, a) => under_float(a, floating && !is_float, out),
                ExprKind::Unary(_, a) => under_float(a, false, out),
                ExprKind::Logical(_, a, b) => {
                    under_float(a, false, out);
                    under_float(b, false, out);
                }
                ExprKind::Cond(c, a, b) => {
                    under_float(c, false, out);
                    under_float(a, floating, out);
                    under_float(b, floating, out);
                }
                ExprKind::Const(_) | ExprKind::Load(_) | ExprKind::AddrOf(_) => {}
            }
        }
        under_float(e, false, &mut divisions);
        for d in divisions {
            let ExprKind::Binary(_, a, _) = &d.kind else {
                continue;
            };
            let a = strip(a);
            let text = self.text(a.span).to_string();
            let after = match &a.kind {
                ExprKind::Const(_)
                    if !text.is_empty() && text.chars().all(|c| c.is_ascii_digit()) =>
                {
                    format!("{text}.0")
                }
                ExprKind::Load(p) if p.indices.is_empty() && is_identifier(&text) => {
                    format!("(double){text}")
                }
                _ => continue,
            };
            self.push(EditKind::FloatDivision, a.span, after, Change::Recompile);
        }
    }

    /// An `int` (or `unsigned`) product, sum, difference or shift converted to a 64-bit type
    /// (stored into a `long long`, returned as one, added to one) computed in that type: a
    /// cast of its leftmost operand (`total += x * (i + 1)` → `total += (long long)x * (i +
    /// 1)`), as C programmers write it. The arithmetic overflowed before the conversion. Run
    /// from the edited text compiled again (the conversions of every operator above the cast
    /// change), which keeps the statements.
    pub(crate) fn widen_arithmetic(&mut self, e: &Expr) {
        let mut found: Vec<(Span, &'static str)> = Vec::new();
        e.walk(&mut |x| {
            let ExprKind::Cast(inner) = &x.kind else {
                return;
            };
            let to = match x.ty {
                IntKind::LongLong => "long long",
                IntKind::Long => "long",
                IntKind::ULongLong => "unsigned long long",
                IntKind::ULong => "unsigned long",
                _ => return,
            };
            // An implicit conversion (the lowerer's, spanning its operand), of a computation
            // in 32 bits.
            if inner.span != x.span || !matches!(inner.ty, IntKind::Int | IntKind::UInt) {
                return;
            }
            let ExprKind::Binary(BinOp::Mul | BinOp::Add | BinOp::Sub | BinOp::Shl, ..) =
                &inner.kind
            else {
                return;
            };
            // The leftmost operand of the chain of arithmetic (`a * b * c` casts `a`).
            let mut left: &Expr = inner;
            while let ExprKind::Binary(
                BinOp::Mul | BinOp::Add | BinOp::Sub | BinOp::Shl | BinOp::Div | BinOp::Rem,
                a,
                _,
            ) = &left.kind
            {
                left = strip(a);
            }
            let ok = match &left.kind {
                ExprKind::Load(_) | ExprKind::Const(_) => true,
                _ => false,
            };
            if ok {
                found.push((left.span, to));
            }
        });
        for (span, to) in found {
            let text = self.text(span).to_string();
            // An atom as written: a name, a number, an element (`a[i]`), a parenthesized
            // expression.
            let atom = is_identifier(&text)
                || (!text.is_empty() && text.chars().all(|c| c.is_ascii_alphanumeric()))
                || (text.ends_with(']') && is_identifier(text.split('[').next().unwrap_or("")));
            if !atom {
                continue;
            }
            self.push(
                EditKind::Cast,
                span,
                format!("({to}){text}"),
                Change::Recompile,
            );
        }
    }
}
