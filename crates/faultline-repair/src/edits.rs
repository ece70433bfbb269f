//! The candidate edits of one statement: each is a change of the IR (to run it) and the same
//! change of the source text (to show and apply it).
//!
//! The text side is derived from the spans of the IR nodes; where the text at a span is not
//! what the edit assumes (a macro use, a compound assignment, a character literal), the edit
//! is not offered. The search re-compiles the edited text before calling an edit a repair,
//! so a text that does not say what the IR edit did can never be reported.

use faultline_ir::{
    Arg, BinOp, Builtin, Expr, ExprId, ExprKind, FuncId, IntKind, LocalId, LocalKind, LogicOp,
    Place, PrintArg, Program, Span, Stmt, StmtId, StmtKind, StrArg, Type, UnOp, VarRef,
};

/// What kind of change an edit makes (its size orders repairs: smaller first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EditKind {
    /// An operator replaced by another of its family (`<` → `<=`, `+` → `-`, `&&` → `||`).
    Operator,
    /// A literal constant changed (±1, a digit more or less, or a value the angelic values
    /// suggest).
    Constant,
    /// A variable read or written replaced by another of the same type.
    Variable,
    /// An output statement deleted (a stray prompt).
    DeleteOutput,
    /// A condition negated.
    Negate,
    /// A clause of `&&`/`||` dropped.
    DropClause,
    /// A clause `&& p` / `&& !p` added for a parameter the function never reads (a
    /// condition that forgot one of its inputs).
    AddClause,
    /// A comparison operand or an array index shifted by one.
    OffByOne,
    /// A comparison the function makes elsewhere added to a condition with `&&` or `||`
    /// (a condition that forgot a case the programmer handles elsewhere).
    AddComparison,
    /// The operands of a non-commutative operator swapped (`a[i] - a[j]` → `a[j] - a[i]`,
    /// `x / y` → `y / x`).
    SwapOperands,
    /// An operation too many: `a / n` → `a`, `x * k` → `x` (the right operand a variable or
    /// a literal).
    DropOperand,
    /// The declared type of a variable the statement assigns changed: `int mean` →
    /// `double mean` (a fraction truncated), `int total` → `long long total` (a sum that
    /// overflows). No value the statement could compute as declared fixes such a line; the
    /// edited text is compiled again to run it ([`Change::Recompile`]).
    Retype,
    /// `break;` added after the last statement of a `switch` case that falls through into
    /// the next case (a missing `break`). No value the statement computes fixes such a line:
    /// the next case's statements overwrite it.
    InsertBreak,
    /// An integer division whose quotient is converted to floating point made in floating
    /// point: `5 / 9 * (f - 32)` → `5.0 / 9 * (f - 32)`, `sum / n` → `(double)sum / n` (the
    /// fraction was truncated before the conversion).
    FloatDivision,
    /// `=` where `==` was meant in a condition (`if (x = 5)` → `if (x == 5)`).
    Comparison,
}

impl EditKind {
    /// Tokens the edit changes: the first key of the repair order.
    pub fn size(self) -> u32 {
        match self {
            EditKind::Operator | EditKind::Constant | EditKind::Variable => 1,
            EditKind::DeleteOutput => 1,
            // Only for a parameter the function never reads: the unused parameter points at
            // the clause (compilers warn about it), so it is as plausible as a one-token edit.
            EditKind::AddClause => 1,
            EditKind::Negate | EditKind::DropClause | EditKind::OffByOne => 2,
            // Two operands change places: two tokens (or operands) move.
            EditKind::SwapOperands => 2,
            // An operator and its operand removed.
            EditKind::DropOperand => 2,
            // A whole clause typed anew (tried last among the structural edits: `far`).
            EditKind::AddComparison => 2,
            // One word, but it changes every computation with the variable: tried after
            // the edits of one expression (`far`).
            EditKind::Retype => 2,
            // One statement of one word, where C programmers forget it most.
            EditKind::InsertBreak => 1,
            // One token (`5` → `5.0`, or a cast), offered only where the quotient is
            // converted to floating point.
            EditKind::FloatDivision => 1,
            // One character.
            EditKind::Comparison => 1,
        }
    }
}

/// One candidate edit of a statement.
#[derive(Clone, Debug)]
pub struct Edit {
    pub kind: EditKind,
    /// The byte range of the user's file that is replaced.
    pub span: Span,
    /// The source text of `span` as written.
    pub before: String,
    /// What replaces it.
    pub after: String,
    /// An operator replaced by one programmers rarely confuse it with (`+` by `%`, `<` by
    /// `==`): tried, but after the near ones of the same size.
    pub far: bool,
    /// A constant set to a value the angelic values suggest (what a test needed there), not a
    /// neighbour of what was written: such a constant passes the tests by construction at a
    /// statement the wrong value merely flows through (a sink: `s = 0` → `s = 10` when a test
    /// expects 10) as often as it fixes the program, so it is tried and ranked after every
    /// edit of the program's structure.
    pub guess: bool,
    /// A constant that is the whole value of a `return` or an assignment (`return 2`,
    /// `count = 0`): changing it replaces what the statement produces outright, which is what
    /// a statement the wrong value merely reaches can always do. Tried after the edits of the
    /// program's structure (operators, variables, clauses, offsets), before guessed values.
    pub whole: bool,
    pub(crate) change: Change,
    /// The edit changes which variable the statement writes (`others++` → `digits++`).
    pub(crate) writes_another: bool,
}

impl Edit {
    /// The order repairs are tried and shown in (their plausibility): by size, near operators
    /// before far ones, guessed constants last.
    pub fn order(&self) -> u32 {
        if self.guess {
            return GUESS_ORDER;
        }
        if self.whole {
            return WHOLE_ORDER;
        }
        self.kind.size() * 2 + u32::from(self.far)
    }

    /// Whether the edit changes more than the value its statement computes: the variable's
    /// declared type, the counter `x++` / `x += k` updates, the `break` after it, the
    /// statement itself (`=` made `==`). No value of the statement as written stands for such
    /// an edit, so a diagnosis of the statement alone has no angelic values to re-run: the
    /// repaired program passing every test is its validation. (A plain assignment's target
    /// replaced, `y = y + x` → `x = y + x`, is not: on random programs it passes the tests
    /// at statements the fault merely reaches.)
    pub fn changes_more_than_its_value(&self) -> bool {
        matches!(self.kind, EditKind::Retype | EditKind::InsertBreak)
            || matches!(self.change, Change::Reshape)
            || self.writes_another
    }

    /// Why this edit is ranked where it is, in words (shown under "Details").
    pub fn plausibility(&self) -> &'static str {
        match (self.kind, self.far, self.guess) {
            (_, _, true) => "a constant set to the value a test needed there (least plausible)",
            (EditKind::Constant, ..) if self.whole => "a statement's whole value changed",
            (EditKind::Constant, ..) if self.before.starts_with('\'') => {
                "a character literal confused with another"
            }
            (EditKind::Operator, true, _) => "an operator rarely confused with the one written",
            (EditKind::Operator, false, _) => "an operator commonly confused with the one written",
            (EditKind::Constant, true, _) if self.before.len() == self.after.len() => {
                "a constant with one digit changed"
            }
            (EditKind::Constant, true, _) => "a constant with a digit more or less",
            (EditKind::Constant, false, _) => "a constant off by one",
            (EditKind::Variable, ..) => "another variable of the same type",
            (EditKind::DeleteOutput, ..) => "an output statement deleted",
            (EditKind::Negate, ..) => "a condition negated",
            (EditKind::DropClause, ..) => "a clause dropped",
            (EditKind::AddClause, ..) => "a clause added for an input the function ignores",
            (EditKind::OffByOne, ..) => "an operand shifted by one",
            (EditKind::AddComparison, ..) => "a comparison the function makes elsewhere added",
            (EditKind::SwapOperands, ..) => "the operands of an operator swapped",
            (EditKind::DropOperand, ..) => "an operation too many removed",
            (EditKind::Retype, ..) => "a variable's declared type changed",
            (EditKind::InsertBreak, ..) => "a `break` a case falling through was missing",
            (EditKind::FloatDivision, ..) => "a division made in floating point, not truncated",
            (EditKind::Comparison, ..) => "an assignment in a condition made a comparison",
        }
    }
}

/// [`Edit::order`] of a guessed constant: after every other edit (the largest is 2 × 2).
const GUESS_ORDER: u32 = 7;
/// [`Edit::order`] of a constant that is a statement's whole value (see [`Edit::whole`]).
const WHOLE_ORDER: u32 = 6;

/// The IR side of an edit.
#[derive(Clone, Debug)]
pub(crate) enum Change {
    /// Replace the expression with this id (inside the edited statement) by another.
    Expr(ExprId, Expr),
    /// Replace the place with this span (an assignment's target) by another base variable.
    PlaceBase(VarRef),
    /// Remove the statement.
    Delete,
    /// Every literal `old` the object-like macro `name` expanded to (each use of it in the
    /// program's statements) becomes `new`: the edit of its `#define` line.
    Macro { name: String, old: i128, new: i128 },
    /// The edited text compiled again (an edit whose IR is not one expression's: a
    /// declared type changes the conversions of every use). Only taken when the new program
    /// has the same statements with the same ids as the old one.
    Recompile,
    /// A `Break` appended to arm `arm` of the `switch` statement `switch` (a new statement,
    /// its id past the program's).
    InsertBreak { switch: StmtId, arm: usize },
    /// The edited text compiled again, its statements allowed to differ from the original's
    /// (`if (x = 5)` → `if (x == 5)` loses the assignment statement). What ran is what the
    /// text says; the statement's values in the edited run cannot be read by id
    /// (`Searcher::edited_program` gives none).
    Reshape,
}

/// How many variables a variable edit tries per read (the nearest declarations first).
const MAX_VARIABLES: usize = 8;
/// How many variables of another integer type a variable edit tries per read.
const MAX_OTHER_TYPED: usize = 4;
/// How many unused macros a comparison with a macro is also tried with.
const MAX_UNUSED_MACROS: usize = 4;
/// How many of the function's other comparisons a condition may gain (the nearest first).
const MAX_COMPARISONS: usize = 6;

/// Enumerates the candidate edits of `stmt` (of function `func`). `hints` are constants worth
/// trying (values the angelic values suggest).
pub fn candidates(program: &Program, func: FuncId, stmt: &Stmt, hints: &[i128]) -> Vec<Edit> {
    // A statement without a component is a part of a blamed one computed before it (the
    // arguments of `sqrt(…)` in `return sqrt(…)`): its expressions are edited the same way.
    let component = stmt.component;
    // The type of what the statement stores (a scalar variable assigned, the function's
    // result): the only type a variable of another type is offered in (`now = t + s` with a
    // `long long` `now`: the `int` `t` may be the `long long` meant).
    let f = program.function(func);
    let stored = match &stmt.kind {
        StmtKind::Assign { place, .. } if place.indices.is_empty() => match place.base {
            VarRef::Local(l) => Some(f.local(l).ty.clone()),
            VarRef::Global(g) => Some(program.global(g).ty.clone()),
            VarRef::Argv => None,
        },
        StmtKind::Return(Some(_)) => Some(f.ret.clone()),
        _ => None,
    };
    let mut g = Gen {
        program,
        func,
        hints,
        out: Vec::new(),
        next_id: program.expr_count,
        stored,
    };
    match &stmt.kind {
        StmtKind::Assign { place, value } => {
            // First: the same text as an edit of the read alone (`others` → `digits` in
            // `others++`), which would not say what ran, is then left out as a duplicate.
            g.compound_target(stmt, place);
            g.place(place);
            let from = g.out.len();
            g.expr(value, false);
            g.mark_whole(value, from);
            g.assign_target(place);
            g.retype(place, value);
            g.float_division(value);
            g.assignment_in_condition(stmt, place, value);
            if component == Some(faultline_ir::Component::Index) {
                g.shift_index(value);
            }
        }
        StmtKind::Return(Some(e)) => {
            let from = g.out.len();
            g.expr(e, false);
            g.mark_whole(e, from);
            g.float_division(e);
        }
        StmtKind::If { cond, .. } => {
            g.expr(cond, true);
            // A loop's condition is lowered as `if (!c) break`: negating what is written is
            // the operator edits' business there.
            if component == Some(faultline_ir::Component::IfCond) {
                g.negate(cond);
                g.add_clause(cond);
                g.add_comparison(cond);
            }
        }
        StmtKind::Switch { scrutinee, .. } => g.expr(scrutinee, false),
        StmtKind::Call { args, .. } => {
            for a in args {
                match a {
                    Arg::Value(e) => g.expr(e, false),
                    Arg::ArrayRef(p) => g.place(p),
                }
            }
        }
        StmtKind::Builtin(b) => {
            match b {
                Builtin::Printf { args, .. } => {
                    for a in args {
                        match a {
                            PrintArg::Int(e) => {
                                g.expr(e, false);
                                g.float_division(e);
                            }
                            PrintArg::Str(StrArg::Array(p)) => g.place(p),
                            PrintArg::Str(StrArg::Literal(_)) => {}
                            PrintArg::Str(StrArg::Ptr(e)) => g.expr(e, false),
                        }
                    }
                }
                Builtin::Putchar { value, .. } => g.expr(value, false),
                Builtin::Math { args, .. } => args.iter().for_each(|a| g.expr(a, false)),
                _ => {}
            }
            if component == Some(faultline_ir::Component::Output) {
                g.delete(stmt);
            }
        }
        _ => {}
    }
    g.insert_break(stmt);
    // One edit per (range, replacement): different IR routes to the same text are one edit.
    let mut seen = std::collections::HashSet::new();
    g.out
        .retain(|e| e.before != e.after && seen.insert((e.span, e.after.clone())));
    g.out
}

struct Gen<'a> {
    program: &'a Program,
    func: FuncId,
    hints: &'a [i128],
    out: Vec<Edit>,
    /// Ids for the nodes edits add (past the program's, so ids stay unique).
    next_id: u32,
    /// The type of the scalar the statement stores, if any (see [`Gen::other_int_type`]).
    stored: Option<Type>,
}

impl Gen<'_> {
    fn fresh(&mut self) -> ExprId {
        self.next_id += 1;
        ExprId(self.next_id - 1)
    }

    fn text(&self, span: Span) -> &str {
        self.program.files.text(span)
    }

    fn push(&mut self, kind: EditKind, span: Span, after: String, change: Change) {
        let before = self.text(span).to_string();
        self.out.push(Edit {
            kind,
            span,
            before,
            after,
            far: false,
            guess: false,
            whole: false,
            change,
            writes_another: false,
        });
    }

    /// Marks the constant edits from `from` on as [`Edit::whole`] when `value` is a literal.
    fn mark_whole(&mut self, value: &Expr, from: usize) {
        let literal = match &strip(value).kind {
            ExprKind::Const(_) => true,
            ExprKind::Unary(UnOp::Neg, inner) => matches!(strip(inner).kind, ExprKind::Const(_)),
            _ => false,
        };
        if literal {
            for e in &mut self.out[from..] {
                e.whole = e.kind == EditKind::Constant;
            }
        }
    }

    fn place(&mut self, p: &Place) {
        for i in &p.indices {
            self.expr(i, false);
            self.shift(i);
        }
    }

    /// Edits of `e` and its sub-expressions; `cond`: `e` is a condition (its comparisons'
    /// variable operands may be shifted by one, as loop bounds are).
    fn expr(&mut self, e: &Expr, cond: bool) {
        match &e.kind {
            ExprKind::Const(_) => self.constant(e, None),
            ExprKind::Unary(UnOp::Neg, inner)
                if matches!(strip(inner).kind, ExprKind::Const(_)) =>
            {
                self.constant(e, Some(inner));
            }
            ExprKind::Load(p) => {
                self.variable(e, p);
                self.place(p);
            }
            ExprKind::AddrOf(p) => self.place(p),
            ExprKind::Unary(_, a) | ExprKind::Cast(a) => self.expr(a, cond),
            ExprKind::Binary(op, a, b) => {
                self.operator(e, *op, a, b);
                self.swap(e, *op, a, b);
                self.drop_operand(e, *op, a, b);
                if cond && op.is_comparison() {
                    self.shift(a);
                    self.shift(b);
                }
                self.expr(a, cond);
                let from = self.out.len();
                self.expr(b, cond);
                if matches!(op, BinOp::Add | BinOp::Sub) {
                    self.drop_zero(e, a, b, from);
                }
            }
            ExprKind::Logical(op, a, b) => {
                self.logical(e, *op, a, b);
                self.expr(a, cond);
                self.expr(b, cond);
            }
            ExprKind::Cond(c, a, b) => {
                self.expr(c, true);
                self.expr(a, cond);
                self.expr(b, cond);
            }
        }
    }

    /// `a op b` → `a op' b` for every other `op'` of the family.
    fn operator(&mut self, e: &Expr, op: BinOp, a: &Expr, b: &Expr) {
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
    fn swap(&mut self, e: &Expr, op: BinOp, a: &Expr, b: &Expr) {
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
    fn drop_operand(&mut self, e: &Expr, op: BinOp, a: &Expr, b: &Expr) {
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

    fn logical(&mut self, e: &Expr, op: LogicOp, a: &Expr, b: &Expr) {
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

    /// A decimal literal (optionally negated: `neg_of` is the literal under a unary minus)
    /// changed by ±1 and to the hinted values.
    fn constant(&mut self, e: &Expr, neg_of: Option<&Expr>) {
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
        for v in digit_neighbours(value) {
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
    fn char_constant(&mut self, e: &Expr, text: &str) {
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

    /// The values of the character literals written in the program's files, in order of
    /// first use, at most [`MAX_PROGRAM_CHARS`].
    fn program_chars(&self) -> Vec<i128> {
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
    fn float_constant(&mut self, e: &Expr, text: &str) {
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
    fn macro_constant(&mut self, e: &Expr, name: &str) {
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
        for v in digit_neighbours(value) {
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

    /// A scalar variable read replaced by another of the same type.
    fn variable(&mut self, e: &Expr, p: &Place) {
        if !p.indices.is_empty() {
            self.array_element(e, p);
            return;
        }
        let Some(name) = self.name(p.base) else {
            return;
        };
        if self.text(e.span) != name {
            return;
        }
        for other in self.same_type(p.base, p.span) {
            let Some(other_name) = self.name(other) else {
                continue;
            };
            let with = Expr {
                kind: ExprKind::Load(Place {
                    base: other,
                    indices: Vec::new(),
                    span: p.span,
                }),
                ..e.clone()
            };
            self.push(
                EditKind::Variable,
                e.span,
                other_name.to_string(),
                Change::Expr(e.id, with),
            );
        }
        // A variable of another integer type (`t + s` where the `long long` `now` was
        // meant): the conversions around it change with it, so the edited text is compiled
        // again. Less plausible than one of the same type (`far`).
        for other in self.other_int_type(p.base, p.span) {
            let Some(other_name) = self.name(other) else {
                continue;
            };
            self.push(
                EditKind::Variable,
                e.span,
                other_name.to_string(),
                Change::Recompile,
            );
            if let Some(edit) = self.out.last_mut() {
                edit.far = true;
            }
        }
    }

    /// Scalar integer variables of the type the statement stores (`Gen::stored`), when that
    /// is another integer type than `v`'s (both neither `_Bool`, floating nor pointers), that
    /// the function's user declared before `at`, or its parameters: the nearest first, at
    /// most [`MAX_OTHER_TYPED`]. (Only the stored type: every other type would multiply the
    /// edits a long run re-runs for the least plausible of the variable edits.)
    fn other_int_type(&self, v: VarRef, at: Span) -> Vec<VarRef> {
        let f = self.program.function(self.func);
        let Some(stored) = &self.stored else {
            return Vec::new();
        };
        let integer = |t: &Type| matches!(t, Type::Int(k) if !matches!(k, IntKind::Bool | IntKind::Float | IntKind::Double | IntKind::Ptr));
        let VarRef::Local(l) = v else {
            return Vec::new();
        };
        let ty = &f.local(l).ty;
        if !integer(ty) {
            return Vec::new();
        }
        let mut locals: Vec<(u32, LocalId)> = (f.locals.iter().enumerate())
            .filter(|(_, d)| {
                integer(&d.ty)
                    && d.ty == *stored
                    && d.ty != *ty
                    && d.kind != LocalKind::Temp
                    && d.span.file == at.file
                    && (d.kind == LocalKind::Param || d.span.start < at.start)
            })
            .map(|(i, d)| (d.span.start, LocalId(i as u32)))
            .collect();
        locals.sort_by_key(|(start, _)| std::cmp::Reverse(*start));
        let mut names = std::collections::HashSet::new();
        (locals.into_iter())
            .filter(|(_, id)| names.insert(f.local(*id).name.clone()))
            .map(|(_, id)| VarRef::Local(id))
            .take(MAX_OTHER_TYPED)
            .collect()
    }

    /// An element read from the wrong array: `a[i]` → `b[i]` for an array `b` of the same
    /// type, `s[i].id` → `s[i].grade` for a member of the same struct array (structs are
    /// scalarized into one array per member, named `s.id`). The edit replaces the array's
    /// name (or the member's) in the text; the indices stay.
    fn array_element(&mut self, e: &Expr, p: &Place) {
        let Some(name) = self.name(p.base).map(str::to_string) else {
            return;
        };
        let text = self.text(e.span).to_string();
        // Where the name to replace is written, and what prefix another array must share.
        let (span, prefix, written) = match name.rsplit_once('.') {
            // A member of an array of structs: the member after the last `].`.
            Some((object, member)) => {
                if object.contains('.')
                    || !text.starts_with(&format!("{object}["))
                    || !text.ends_with(&format!("].{member}"))
                {
                    return;
                }
                let end = e.span.end;
                let start = end - member.len() as u32;
                (
                    Span::new(e.span.file, start, end),
                    format!("{object}."),
                    member.to_string(),
                )
            }
            None => {
                if !text.starts_with(&format!("{name}[")) {
                    return;
                }
                let start = e.span.start;
                let span = Span::new(e.span.file, start, start + name.len() as u32);
                (span, String::new(), name.clone())
            }
        };
        for other in self.same_array(p.base, p.span) {
            let Some(other_name) = self.name(other) else {
                continue;
            };
            let Some(rest) = other_name.strip_prefix(prefix.as_str()) else {
                continue;
            };
            if rest.is_empty() || rest.contains('.') || rest == written || !is_identifier(rest) {
                continue;
            }
            let with = Expr {
                kind: ExprKind::Load(Place {
                    base: other,
                    indices: p.indices.clone(),
                    span: p.span,
                }),
                ..e.clone()
            };
            self.push(
                EditKind::Variable,
                span,
                rest.to_string(),
                Change::Expr(e.id, with),
            );
        }
    }

    /// Arrays of exactly `v`'s type (element type and length) a programmer could have meant
    /// at `at`: parameters, locals declared before it (the nearest first), globals.
    fn same_array(&self, v: VarRef, at: Span) -> Vec<VarRef> {
        let f = self.program.function(self.func);
        let ty = match v {
            VarRef::Local(l) => f.local(l).ty.clone(),
            VarRef::Global(g) => self.program.global(g).ty.clone(),
            VarRef::Argv => return Vec::new(),
        };
        if !matches!(ty, Type::Array(..) | Type::ArrayRef(..)) {
            return Vec::new();
        }
        let mut locals: Vec<(u32, VarRef)> = f
            .locals
            .iter()
            .enumerate()
            .filter(|(_, d)| {
                d.ty == ty
                    && d.kind != LocalKind::Temp
                    && d.span.file == at.file
                    && (d.kind == LocalKind::Param || d.span.start < at.start)
            })
            .map(|(i, d)| (d.span.start, VarRef::Local(faultline_ir::LocalId(i as u32))))
            .filter(|(_, r)| *r != v)
            .collect();
        locals.sort_by_key(|(start, _)| std::cmp::Reverse(*start));
        let mut out: Vec<VarRef> = locals.into_iter().map(|(_, r)| r).collect();
        for (i, g) in self.program.globals.iter().enumerate() {
            let r = VarRef::Global(faultline_ir::GlobalId(i as u32));
            if g.ty == ty && r != v {
                out.push(r);
            }
        }
        out.truncate(MAX_VARIABLES);
        out
    }

    /// An assignment's scalar target replaced by another variable of the same type.
    fn assign_target(&mut self, p: &Place) {
        if !p.indices.is_empty() {
            return;
        }
        let Some(name) = self.name(p.base) else {
            return;
        };
        if self.text(p.span) != name {
            return;
        }
        for other in self.same_type(p.base, p.span) {
            let Some(other_name) = self.name(other) else {
                continue;
            };
            self.push(
                EditKind::Variable,
                p.span,
                other_name.to_string(),
                Change::PlaceBase(other),
            );
        }
    }

    /// `others++` → `digits++` (also `--`, prefix forms and `x += …`): the variable a
    /// compound assignment both reads and writes replaced by another of its type, in the
    /// text of the statement (the read and the write change together, so the edited text is
    /// compiled again).
    fn compound_target(&mut self, stmt: &Stmt, place: &Place) {
        if !place.indices.is_empty() {
            return;
        }
        let Some(name) = self.name(place.base).map(str::to_string) else {
            return;
        };
        let text = self.text(stmt.span).to_string();
        let prefix = text.starts_with("++") || text.starts_with("--");
        let rest = if prefix { &text[2..] } else { &text[..] };
        let lead = rest.len() - rest.trim_start().len();
        let Some(tail) = rest.trim_start().strip_prefix(name.as_str()) else {
            return;
        };
        let tail = tail.trim_start();
        let compound = if prefix {
            tail.is_empty()
        } else {
            tail == "++"
                || tail == "--"
                || ["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="]
                    .iter()
                    .any(|op| tail.starts_with(op))
        };
        if !compound {
            return;
        }
        let start = stmt.span.start + if prefix { 2 } else { 0 } + lead as u32;
        let span = Span::new(stmt.span.file, start, start + name.len() as u32);
        for other in self.same_type(place.base, place.span) {
            let Some(other_name) = self.name(other) else {
                continue;
            };
            self.push(
                EditKind::Variable,
                span,
                other_name.to_string(),
                Change::Recompile,
            );
            if let Some(e) = self.out.last_mut() {
                e.writes_another = true;
            }
        }
    }

    /// `i - 1` → `i` rather than `i - 0`: the constant edits of `b` (from `from` on) that make
    /// `a ± b` add zero drop the operand instead (an index or argument shifted back by one
    /// reads as the programmer would write it).
    fn drop_zero(&mut self, e: &Expr, a: &Expr, b: &Expr, from: usize) {
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

    /// `text ± 1` for `e` (written `text`), in the order of `ops`: one off-by-one edit each.
    fn push_one_off(&mut self, e: &Expr, text: &str, ops: [(BinOp, &str); 2]) {
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

    /// `x` → `x + 1` and `x - 1`, for a variable or an array index.
    fn shift(&mut self, e: &Expr) {
        let inner = strip(e);
        let simple = match &inner.kind {
            ExprKind::Load(p) => p.indices.is_empty(),
            _ => false,
        };
        if !simple || e.span != inner.span {
            return;
        }
        let text = self.text(e.span).to_string();
        if !text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return;
        }
        self.push_one_off(e, &text, [(BinOp::Add, "+"), (BinOp::Sub, "-")]);
    }

    /// An index computed on its own (`word[len - i]`): the whole index shifted by one
    /// (`len - i - 1`, `len - i + 1`) and each variable it adds to or subtracts from
    /// (`len - 1 - i`): a mirror or neighbour index one off. Only where the text reads as the
    /// IR computes: a variable operand of `+`, the left one of `-`.
    fn shift_index(&mut self, e: &Expr) {
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

    /// `if (c)` → `if (!(c))`.
    fn negate(&mut self, cond: &Expr) {
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
    fn add_clause(&mut self, cond: &Expr) {
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
    fn add_comparison(&mut self, cond: &Expr) {
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
    fn unused_macros(&self) -> Vec<(String, i128)> {
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

    /// A copy of `e` with fresh ids (a clause copied into another condition).
    fn renumbered(&mut self, e: &Expr) -> Expr {
        let mut out = e.clone();
        fn walk(e: &mut Expr, g: &mut Gen<'_>) {
            e.id = g.fresh();
            match &mut e.kind {
                ExprKind::Const(_) => {}
                ExprKind::Load(p) | ExprKind::AddrOf(p) => {
                    p.indices.iter_mut().for_each(|i| walk(i, g))
                }
                ExprKind::Unary(_, a) | ExprKind::Cast(a) => walk(a, g),
                ExprKind::Binary(_, a, b) | ExprKind::Logical(_, a, b) => {
                    walk(a, g);
                    walk(b, g);
                }
                ExprKind::Cond(c, a, b) => {
                    walk(c, g);
                    walk(a, g);
                    walk(b, g);
                }
            }
        }
        walk(&mut out, self);
        out
    }

    /// The declared type of the scalar local `place` names widened, when what the statement
    /// computes may not fit it: `int` → `double` when the value is computed in floating
    /// point (the conversion drops the fraction), `int` → `long long` when it is integer
    /// arithmetic (it may overflow), `float` → `double`. The edit is the type word of the
    /// declaration (`int mean = total / n;` → `double mean = total / n;`), offered only when
    /// that word alone is the declaration's specifier (no `unsigned`, `const`, `static`).
    fn retype(&mut self, place: &Place, value: &Expr) {
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
    fn conversions_of(&self, name: &str, from: Type, to: &str, after: Span) -> Vec<(Span, String)> {
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
            let Some(open) = text.find('"') else { continue };
            // The literal's end: the next `"` not escaped.
            let bytes = text.as_bytes();
            let mut close = None;
            let mut k = open + 1;
            while k < bytes.len() {
                match bytes[k] {
                    b'\\' => k += 1,
                    b'"' => {
                        close = Some(k);
                        break;
                    }
                    _ => {}
                }
                k += 1;
            }
            let Some(close) = close else { continue };
            let args = split_args(&text[close + 1..]);
            let want = if scanf {
                format!("&{name}")
            } else {
                name.to_string()
            };
            // The conversions in order: (start, end) of each `%…c`, `%%` skipped.
            let fmt = &text[open + 1..close];
            let mut convs = Vec::new();
            let fb = fmt.as_bytes();
            let mut i = 0;
            while i < fb.len() {
                if fb[i] != b'%' {
                    i += 1;
                    continue;
                }
                let start = i;
                i += 1;
                if fb.get(i) == Some(&b'%') {
                    i += 1;
                    continue;
                }
                while i < fb.len() && !fb[i].is_ascii_alphabetic() {
                    i += 1;
                }
                while i < fb.len() && matches!(fb[i], b'l' | b'h' | b'z' | b'j' | b't' | b'L') {
                    i += 1;
                }
                if i < fb.len() {
                    convs.push((start, i + 1));
                }
                i += 1;
            }
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
                let base = span.start + (open + 1) as u32;
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
    fn later_declarator(&self, declarator: Span) -> Option<(Span, String, String, bool)> {
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
    fn specifier(&self, declarator: Span) -> Option<Span> {
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

    /// `stmt; break;` when `stmt` is the last statement of a `switch` case that falls
    /// through into a next case with statements of its own (`case 8: grade = 'B';` followed
    /// by `case 7: grade = 'C'; break;`). The `break` goes on the statement's line when the
    /// statement shares its line with the case label, else on a line of its own below it.
    fn insert_break(&mut self, stmt: &Stmt) {
        let f = self.program.function(self.func);
        let Some((switch, arm, next_label)) = fall_through_ends(&f.body)
            .into_iter()
            .find(|end| end.last == stmt.id)
            .map(|end| (end.switch, end.arm, end.next_label))
        else {
            return;
        };
        let file = self.program.files.get(stmt.span.file);
        let text = &*file.text;
        let mut end = stmt.span.end as usize;
        let rest = text.get(end..).unwrap_or("");
        let blank = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        if rest[blank..].starts_with(';') {
            end += blank + 1;
        } else if !text[..end].ends_with([';', '}']) {
            return;
        }
        if next_label.file != stmt.span.file || end > next_label.start as usize {
            return;
        }
        let start = stmt.span.start as usize;
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let indent = &text[line_start..start];
        let added = if indent.trim().is_empty() {
            format!("\n{indent}break;")
        } else {
            " break;".to_string()
        };
        let span = Span::new(stmt.span.file, start as u32, end as u32);
        let after = format!("{}{added}", &text[start..end]);
        self.push(
            EditKind::InsertBreak,
            span,
            after,
            Change::InsertBreak { switch, arm },
        );
    }

    /// Every integer division under a conversion to floating point (through integer
    /// arithmetic only) made in floating point: a decimal literal dividend gains `.0`
    /// (`5 / 9` → `5.0 / 9`), a variable dividend a cast (`sum / n` → `(double)sum / n`).
    /// The edited text is compiled again: every conversion around the quotient changes.
    fn float_division(&mut self, e: &Expr) {
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

    /// `if (x = 5)` → `if (x == 5)`: an assignment written as a whole `if`/`while`
    /// condition (the lowerer computes it as a statement before the test) made the
    /// comparison it was meant to be. Only for `place = value` with a lone `=` between them.
    fn assignment_in_condition(&mut self, stmt: &Stmt, place: &Place, value: &Expr) {
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

    /// The statement deleted, with its `;` (and its line, when nothing else is on it).
    fn delete(&mut self, stmt: &Stmt) {
        let file = self.program.files.get(stmt.span.file);
        let text = &*file.text;
        let mut end = stmt.span.end as usize;
        let rest = &text[end..];
        let semi = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        if rest[semi..].starts_with(';') {
            end += semi + 1;
        } else if !text[..end].ends_with(';') {
            return;
        }
        let mut start = stmt.span.start as usize;
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i);
        if text[line_start..start].trim().is_empty() && text[end..line_end].trim().is_empty() {
            start = line_start;
            end = (line_end + 1).min(text.len());
        }
        let span = Span::new(stmt.span.file, start as u32, end as u32);
        self.push(EditKind::DeleteOutput, span, String::new(), Change::Delete);
    }

    /// The range of `symbol` in the text between two operands, when only it (and
    /// parentheses, whitespace) is there.
    fn token_between(&self, a: Span, b: Span, symbol: &str) -> Option<Span> {
        if a.file != b.file || a.end > b.start {
            return None;
        }
        let gap = self.text(Span::new(a.file, a.end, b.start));
        let trimmed = gap.trim_matches(|c: char| c.is_whitespace() || c == '(' || c == ')');
        if trimmed != symbol {
            return None;
        }
        let at = gap.find(symbol)? as u32;
        Some(Span::new(
            a.file,
            a.end + at,
            a.end + at + symbol.len() as u32,
        ))
    }

    fn name(&self, v: VarRef) -> Option<&str> {
        match v {
            VarRef::Local(l) => Some(&self.program.function(self.func).local(l).name),
            VarRef::Global(g) => Some(&self.program.global(g).name),
            VarRef::Argv => None,
        }
    }

    /// Variables of the same scalar type as `v` that a programmer could have meant at `at`:
    /// parameters, locals declared before it (the nearest first), globals.
    fn same_type(&self, v: VarRef, at: Span) -> Vec<VarRef> {
        let f = self.program.function(self.func);
        let ty = match v {
            VarRef::Local(l) => f.local(l).ty.clone(),
            VarRef::Global(g) => self.program.global(g).ty.clone(),
            VarRef::Argv => return Vec::new(),
        };
        if !matches!(ty, Type::Int(_)) {
            return Vec::new();
        }
        let mut locals: Vec<(u32, VarRef)> = f
            .locals
            .iter()
            .enumerate()
            .filter(|(_, d)| {
                d.ty == ty
                    && d.kind != LocalKind::Temp
                    && d.span.file == at.file
                    && (d.kind == LocalKind::Param || d.span.start < at.start)
            })
            .map(|(i, d)| (d.span.start, VarRef::Local(faultline_ir::LocalId(i as u32))))
            .filter(|(_, r)| *r != v)
            .collect();
        // Nearest declaration first, and each name once (a shadowed name is one choice).
        locals.sort_by_key(|(start, _)| std::cmp::Reverse(*start));
        let mut names = std::collections::HashSet::new();
        if let Some(n) = self.name(v) {
            names.insert(n.to_string());
        }
        let mut out = Vec::new();
        for (_, r) in locals {
            if let Some(n) = self.name(r) {
                if names.insert(n.to_string()) {
                    out.push(r);
                }
            }
        }
        for (i, g) in self.program.globals.iter().enumerate() {
            if g.ty == ty && names.insert(g.name.clone()) {
                out.push(VarRef::Global(faultline_ir::GlobalId(i as u32)));
            }
        }
        out.truncate(MAX_VARIABLES);
        out
    }
}

/// How often `word` occurs in `text` as a whole identifier.
fn word_count(text: &str, word: &str) -> usize {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(word)
        .filter(|(i, _)| !text[..*i].ends_with(ident) && !text[i + word.len()..].starts_with(ident))
        .count()
}

/// `e` with the sub-expression `id` replaced by `with` (`done` when it was found).
fn replace_expr(e: &mut Expr, id: ExprId, with: &Expr, done: &mut bool) {
    if e.id == id {
        *e = with.clone();
        *done = true;
        return;
    }
    match &mut e.kind {
        ExprKind::Const(_) => {}
        ExprKind::Load(p) | ExprKind::AddrOf(p) => p
            .indices
            .iter_mut()
            .for_each(|i| replace_expr(i, id, with, done)),
        ExprKind::Unary(_, a) | ExprKind::Cast(a) => replace_expr(a, id, with, done),
        ExprKind::Binary(_, a, b) | ExprKind::Logical(_, a, b) => {
            replace_expr(a, id, with, done);
            replace_expr(b, id, with, done);
        }
        ExprKind::Cond(c, a, b) => {
            replace_expr(c, id, with, done);
            replace_expr(a, id, with, done);
            replace_expr(b, id, with, done);
        }
    }
}

/// The arguments after a call's format literal (`, a, f(b, c))` → `a`, `f(b, c)`): split at
/// the commas outside parentheses, up to the call's closing parenthesis.
fn split_args(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = None;
    for (i, c) in text.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' if depth == 0 => {
                if let Some(s) = start {
                    out.push(&text[s..i]);
                }
                return out;
            }
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                if let Some(s) = start {
                    out.push(&text[s..i]);
                }
                start = Some(i + 1);
            }
            _ => {}
        }
    }
    out
}

/// The last statement of a `switch` case that falls through into the next one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FallThrough {
    pub switch: StmtId,
    /// The arm whose body ends in `last` (the next arm is entered from it).
    pub arm: usize,
    /// The last statement of the arm's body with a component (what a diagnosis names).
    pub last: StmtId,
    /// The next arm's `case` labels.
    pub next_label: Span,
}

/// Every case of every `switch` in `body` (nested ones too) that falls through into a next
/// case with statements of its own: its body is not empty (stacked labels `case 1: case 2:`
/// share one body on purpose) and does not end in `break`, `continue`, `return` or `exit`.
pub(crate) fn fall_through_ends(body: &faultline_ir::Block) -> Vec<FallThrough> {
    let mut out = Vec::new();
    faultline_ir::walk_block(body, &mut |s: &Stmt| {
        let StmtKind::Switch { arms, .. } = &s.kind else {
            return;
        };
        for (i, arm) in arms.iter().enumerate() {
            let Some(tail) = arm.body.last() else {
                continue;
            };
            let jumps = matches!(
                tail.kind,
                StmtKind::Break | StmtKind::Continue | StmtKind::Return(_) | StmtKind::Exit(_)
            );
            // The case it falls into: the next one with statements (empty ones are labels
            // stacked on it).
            let falls_into = arms[i + 1..]
                .iter()
                .any(|a| a.body.iter().any(|t| t.component.is_some()));
            if jumps || !falls_into {
                continue;
            }
            let next = &arms[i + 1];
            let Some(last) = arm.body.iter().rev().find(|t| t.component.is_some()) else {
                continue;
            };
            out.push(FallThrough {
                switch: s.id,
                arm: i,
                last: last.id,
                next_label: next.span,
            });
        }
    });
    out
}

/// Character pairs programmers confuse besides a letter's case: a zero for the letter O, a
/// blank for the end of a line.
const CONFUSED_CHARS: &[(u8, u8)] = &[(b'0', b'O'), (b'0', b'o'), (b' ', b'\n')];
/// How many of the program's character literals a character edit tries.
const MAX_PROGRAM_CHARS: usize = 16;

/// The value of a C character literal as written (`'a'`, `'\n'`, `'\''`, `'\0'`), for a
/// plain character or a simple escape; `None` for anything else (octal, hex, multi-char).
fn char_value(text: &str) -> Option<i128> {
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
fn char_literal(v: i128) -> Option<String> {
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
fn char_literals(text: &str) -> Vec<i128> {
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

/// Decimal digits a literal's digit edits reach (from the least significant one up).
const MAX_DIGIT_EDITS: u32 = 6;

/// `value` with one decimal digit other than the last one one higher or lower (`3500` →
/// `2500`, `4500`, `3400`, `3600`; `50` → `40`, `60`): a table entry or a limit typed with a
/// neighbouring digit. The last digit's neighbours are ±1; a leading digit does not become 0
/// (that is a digit less). Listed from the lowest digit up, at most [`MAX_DIGIT_EDITS`] digits.
fn digit_neighbours(value: i128) -> Vec<i128> {
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

fn is_identifier(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The byte range of the value of `#define name <decimal literal>` in `text`, when the line
/// defines `name` as an object-like macro whose whole body is one decimal literal (with an
/// integer suffix) and nothing but a comment follows it. `None` for any other definition.
fn define_value(text: &str, name: &str) -> Option<(usize, usize)> {
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

/// How often `name` occurs in `text` as a whole identifier.
fn identifier_uses(text: &str, name: &str) -> usize {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(name)
        .filter(|(at, _)| {
            let before = text[..*at].chars().next_back();
            let after = text[at + name.len()..].chars().next();
            !before.is_some_and(ident) && !after.is_some_and(ident)
        })
        .count()
}

/// The operators a programmer may have confused `op` with.
fn family(op: BinOp) -> &'static [BinOp] {
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
fn near(a: BinOp, b: BinOp) -> bool {
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

/// `e` without the conversions the lowerer inserted.
fn strip(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Cast(a) if a.span == e.span => strip(a),
        _ => e,
    }
}

/// `e` as an `int` truth value (what a kept clause of `&&`/`||` becomes).
fn truth(e: &Expr, (id, zero): (ExprId, ExprId)) -> Expr {
    if e.ty == IntKind::Int {
        return e.clone();
    }
    Expr {
        id,
        kind: ExprKind::Binary(
            BinOp::Ne,
            Box::new(e.clone()),
            Box::new(Expr {
                id: zero,
                kind: ExprKind::Const(0),
                ..e.clone()
            }),
        ),
        ty: IntKind::Int,
        ..e.clone()
    }
}
