//! Operator edits: an operator replaced by another of its family, near ones first (`<` → `<=`,
//! `+` → `-`, `&&` → `||`); the operands of a non-commutative operator
//! swapped (`a[i] - a[j]` → `a[j] - a[i]`); an operation too many dropped (`a / n` → `a`); a
//! clause of `&&`/`||` dropped.

use super::*;

impl Gen<'_> {
    /// `a op b` → `a op' b` for every other `op'` of the family.
    pub(crate) fn operator(&mut self, e: &Expr, op: BinOp, a: &Expr, b: &Expr) {
        let Some(token) = self.token_between(a.span, b.span, op.symbol()) else {
            return;
        };
        for &other in family(op) {
            if other == op {
                continue;
            }
            let ty = if other.is_comparison() {
                IntKind::Int
            } else {
                e.ty
            };
            let with = Expr {
                kind: ExprKind::Binary(other, Box::new(a.clone()), Box::new(b.clone())),
                ty,
                ..e.clone()
            };
            self.push(
                EditKind::Operator,
                token,
                other.symbol().to_string(),
                Change::Expr(e.id, with),
            );
            if let Some(last) = self.out.last_mut() {
                last.far = !near(op, other);
            }
        }
    }

    /// `a - b` → `b - a` (also `/`, `%`): operands in the wrong order. Comparisons are left
    /// out (`a < b` swapped is `b > a`, an operator edit); shifts too (their operands have
    /// types of their own). Only operands that are one variable, array element or literal in
    /// the text, separated by the operator alone, so that the swapped text parses as the
    /// swapped expression without parentheses.
    pub(crate) fn swap(&mut self, e: &Expr, op: BinOp, a: &Expr, b: &Expr) {
        if !matches!(op, BinOp::Sub | BinOp::Div | BinOp::Rem) || a.ty != b.ty {
            return;
        }
        let atomic = |x: &Expr| matches!(strip(x).kind, ExprKind::Load(_) | ExprKind::Const(_));
        if !atomic(a) || !atomic(b) {
            return;
        }
        let (sa, sb) = (a.span, b.span);
        if sa.file != sb.file || sa.file != e.span.file || sa.end > sb.start {
            return;
        }
        let file = self.program.files.get(sa.file);
        let between = file.slice(sa.end, sb.start);
        if between.trim() != op.symbol() {
            return;
        }
        let (ta, tb) = (self.text(sa).to_string(), self.text(sb).to_string());
        if ta == tb || ta.starts_with('-') || tb.starts_with('-') {
            return;
        }
        let with = Expr {
            kind: ExprKind::Binary(op, Box::new(b.clone()), Box::new(a.clone())),
            ..e.clone()
        };
        let span = Span::new(sa.file, sa.start, sb.end);
        let after = format!("{tb}{between}{ta}");
        self.push(
            EditKind::SwapOperands,
            span,
            after,
            Change::Expr(e.id, with),
        );
    }

    /// `a op b` → `a` for an arithmetic `op` whose right operand is one variable or literal
    /// in the text (`dist / time / n` → `dist / time`).
    pub(crate) fn drop_operand(&mut self, e: &Expr, op: BinOp, a: &Expr, b: &Expr) {
        use BinOp::*;
        if !matches!(op, Add | Sub | Mul | Div | Rem) || a.ty != e.ty {
            return;
        }
        if !matches!(strip(b).kind, ExprKind::Load(_) | ExprKind::Const(_)) {
            return;
        }
        let (sa, sb) = (a.span, b.span);
        if sa.file != sb.file || sa.file != e.span.file || sa.end > sb.start {
            return;
        }
        let between = self.program.files.get(sa.file).slice(sa.end, sb.start);
        if between.trim() != op.symbol() {
            return;
        }
        let with = Expr {
            id: e.id,
            span: e.span,
            ..a.clone()
        };
        let span = Span::new(sa.file, sa.end, sb.end);
        self.push(
            EditKind::DropOperand,
            span,
            String::new(),
            Change::Expr(e.id, with),
        );
    }

    pub(crate) fn logical(&mut self, e: &Expr, op: LogicOp, a: &Expr, b: &Expr) {
        let (symbol, other, other_symbol) = match op {
            LogicOp::And => ("&&", LogicOp::Or, "||"),
            LogicOp::Or => ("||", LogicOp::And, "&&"),
        };
        if let Some(token) = self.token_between(a.span, b.span, symbol) {
            let with = Expr {
                kind: ExprKind::Logical(other, Box::new(a.clone()), Box::new(b.clone())),
                ..e.clone()
            };
            self.push(
                EditKind::Operator,
                token,
                other_symbol.to_string(),
                Change::Expr(e.id, with),
            );
        }
        // Drop a clause: the whole `a op b` becomes the kept operand's text.
        if e.span.file != a.span.file || e.span.file != b.span.file {
            return;
        }
        for keep in [a, b] {
            let ids = (self.fresh(), self.fresh());
            let kept = truth(keep, ids);
            let after = self.text(keep.span).to_string();
            self.push(
                EditKind::DropClause,
                e.span,
                after,
                Change::Expr(
                    e.id,
                    Expr {
                        id: e.id,
                        span: e.span,
                        ..kept
                    },
                ),
            );
        }
    }
}

/// The operators a programmer may have confused `op` with.
pub(crate) fn family(op: BinOp) -> &'static [BinOp] {
    use BinOp::*;
    match op {
        Eq | Ne | Lt | Le | Gt | Ge => &[Eq, Ne, Lt, Le, Gt, Ge],
        Add | Sub | Mul | Div | Rem => &[Add, Sub, Mul, Div, Rem],
        BitAnd | BitOr | BitXor => &[BitAnd, BitOr, BitXor],
        Shl | Shr => &[Shl, Shr],
    }
}

/// Operators commonly confused with each other: the boundary of a comparison, its direction,
/// its negation, a sign, a neighbouring arithmetic or bitwise operator.
pub(crate) fn near(a: BinOp, b: BinOp) -> bool {
    use BinOp::*;
    let pair = |x, y| (a == x && b == y) || (a == y && b == x);
    pair(Lt, Le)
        || pair(Gt, Ge)
        || pair(Lt, Gt)
        || pair(Le, Ge)
        || pair(Lt, Ge)
        || pair(Gt, Le)
        || pair(Eq, Ne)
        || pair(Add, Sub)
        || pair(Mul, Div)
        || pair(Div, Rem)
        || pair(BitAnd, BitOr)
        || pair(BitOr, BitXor)
        || pair(Shl, Shr)
}
