//! Off-by-one edits: a comparison's variable operand or an index ±1; an index computed on
//! its own shifted by one, whole or at the variable it adds to (`len - 1 - i`); a call's
//! result compared or stored ±1 (`strlen(w)` → `strlen(w) - 1`: the newline `fgets` keeps).

use super::*;

impl Gen<'_> {
    /// `text ± 1` for `e` (written `text`), in the order of `ops`: one off-by-one edit each.
    pub(crate) fn push_one_off(&mut self, e: &Expr, text: &str, ops: [(BinOp, &str); 2]) {
        for (op, symbol) in ops {
            let (id, one) = (self.fresh(), self.fresh());
            let with = Expr {
                id,
                kind: ExprKind::Binary(
                    op,
                    Box::new(e.clone()),
                    Box::new(Expr {
                        id: one,
                        kind: ExprKind::Const(1),
                        ..e.clone()
                    }),
                ),
                ..e.clone()
            };
            self.push(
                EditKind::OffByOne,
                e.span,
                format!("{text} {symbol} 1"),
                Change::Expr(e.id, with),
            );
        }
    }

    /// `x` → `x + 1` and `x - 1`, for a variable, an array index or the result of a call
    /// (`strlen(w)`, held in a temporary the call statement wrote).
    pub(crate) fn shift(&mut self, e: &Expr) {
        let inner = strip(e);
        let simple = match &inner.kind {
            ExprKind::Load(p) => p.indices.is_empty(),
            _ => false,
        };
        if !simple || e.span != inner.span {
            return;
        }
        let text = self.text(e.span).to_string();
        if !text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && !self.call_result(e) {
            return;
        }
        self.push_one_off(e, &text, [(BinOp::Add, "+"), (BinOp::Sub, "-")]);
    }

    /// Whether `e` reads the temporary holding a call's result, written as the call
    /// (`strlen(w)`, `count(a, n)`).
    pub(crate) fn call_result(&self, e: &Expr) -> bool {
        let ExprKind::Load(p) = &strip(e).kind else {
            return false;
        };
        let VarRef::Local(l) = p.base else {
            return false;
        };
        let local = self.program.function(self.func).local(l);
        let text = self.text(e.span);
        let callee = text.split('(').next().unwrap_or("").trim_end();
        // The parenthesis after the callee's name closes at the end of the text.
        let args = text[callee.len()..].trim_start();
        let mut depth = 0i32;
        let closes_at_end = args.starts_with('(')
            && args.char_indices().all(|(i, c)| {
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ => {}
                }
                depth > 0 || i == args.len() - 1
            });
        p.indices.is_empty()
            && local.kind == LocalKind::Temp
            && is_identifier(callee)
            && closes_at_end
    }

    /// An index computed on its own (`word[len - i]`): the whole index shifted by one
    /// (`len - i - 1`, `len - i + 1`) and each variable it adds to or subtracts from
    /// (`len - 1 - i`): a mirror or neighbour index one off. Only where the text reads as the
    /// IR computes: a variable operand of `+`, the left one of `-`.
    pub(crate) fn shift_index(&mut self, e: &Expr) {
        let inner = strip(e);
        let ExprKind::Binary(op, a, b) = &inner.kind else {
            return;
        };
        if !matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div) || inner.span != e.span
        {
            return;
        }
        // The operand first: `len - 1 - i` is how a mirror index is usually written.
        match op {
            BinOp::Add => {
                self.shift(a);
                self.shift(b);
            }
            BinOp::Sub => self.shift(a),
            _ => {}
        }
        let text = self.text(e.span).to_string();
        self.push_one_off(e, &text, [(BinOp::Sub, "-"), (BinOp::Add, "+")]);
    }
}
