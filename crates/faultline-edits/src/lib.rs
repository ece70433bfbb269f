//! Edit generation: the small edits of one statement a programmer plausibly meant, each a
//! change of the IR (to run it) and the same change of the source text (to show and apply it).
//! `faultline-repair` searches and validates them; this crate only lists them.
//!
//! [`candidates`] lists a statement's edits, one module per family:
//!
//! - [`operators`]: an operator by another of its family, operands swapped, an operation
//!   dropped, a clause of `&&`/`||` dropped;
//! - [`constants`]: literals (decimal, floating, character) and macro definitions edited
//!   (±1, a digit more or less, one digit ±1, two digits swapped, a guessed value; a literal
//!   passed to a call negated: `f(x, 1)` → `f(x, -1)`);
//! - [`variables`]: a variable or array element by another, a position compared with an
//!   element by the element there (`a[i] > best` → `a[i] > a[best]`), an assignment's target
//!   replaced (also the pointer or array it stores through: `*mn = c` → `*mx = c`), a running
//!   maximum's starting constant by the first value it takes (`max = 0` → `max = a[0]`);
//! - [`offsets`]: an operand or an index shifted by one, a call's result ±1;
//! - [`arguments`]: two arguments of a call swapped;
//! - [`cases`]: a `case` label's constant replaced by another;
//! - [`conditions`]: a condition negated, a clause added, `=` made `==`, a comparison with a
//!   constant made a test against zero, `x % 2 == 1` made `x % 2 != 0`;
//! - [`types`]: a declared type widened, a division made in floating point, `int` arithmetic
//!   cast to the 64-bit type it is stored in;
//! - [`control`]: a missing `break;` added;
//! - [`initializers`]: a declaration without an initializer given one (`int sum;` → `int sum =
//!   0;`);
//! - [`output`]: an output statement deleted, a `printf` conversion made to read its
//!   argument's type;
//! - [`resets`]: a running total reset in the initializer of the `for` that accumulates it,
//!   inside an outer loop (`for (i = 0, s = 0; …)`: a sum carried from one test case to the
//!   next);
//! - [`structure`]: where a statement sits: the `;` after an `if`/loop header removed, `if`
//!   made `else if`, braces around a braceless body and the statement after it, the last
//!   statement of a braced body moved after it.
//!
//! [`Edit::order`] ranks them by plausibility: one-token edits, then two-token ones, then a
//! constant that is a statement's whole value, last a value guessed from the angelic values.
//!
//! **Architecture invariant:** the text side is derived from the spans of the IR nodes; where
//! the text at a span is not what the edit assumes (a macro use, a compound assignment, a
//! character literal), the edit is not offered. The search re-compiles the edited text before
//! calling an edit a repair, so a text that does not say what the IR edit did can never be
//! reported.

pub mod arguments;
pub mod cases;
pub mod conditions;
pub mod constants;
pub mod control;
pub mod initializers;
pub mod offsets;
pub mod operators;
pub mod output;
pub mod resets;
pub mod structure;
pub mod types;
pub mod variables;

use constants::solve_constant;
pub use control::{fall_through_ends, FallThrough};

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
    /// An initializer added to a declaration that has none (`int sum;` → `int sum = 0;`,
    /// `int counts[26];` → `int counts[26] = {0};`): the variable was read before any
    /// assignment.
    Initialize,
    /// A cast added so that `int` arithmetic converted to a 64-bit type is computed in it
    /// (`x * y` → `(long long)x * y`: the product overflowed before the conversion).
    Cast,
    /// A comparison with a constant made a test against zero (`while (n > 9)` → `n != 0`):
    /// a loop over the digits of a number that stops one digit early.
    ZeroTest,
    /// The `;` right after an `if (…)`, `while (…)` or `for (…)` header removed: it was the
    /// whole body, so the statement below ran whatever the condition.
    EmptyBody,
    /// `if` made `else if` after an `if` without an `else` (the second test ran after the
    /// first branch changed what it tests).
    ElseIf,
    /// Braces that put the statement after a braceless body into it, or the last statement
    /// of a braced body after it.
    Braces,
    /// A `printf`-family conversion made to read its argument's type (`%d` → `%f` for a
    /// `double`, `%f` → `%d` for an `int`): as written it read another register than the
    /// argument's (undefined behaviour at the call, `FormatMismatch`).
    Conversion,
    /// A running total reset in the initializer of the `for` that accumulates it, inside an
    /// outer loop (`for (i = 0; …)` → `for (i = 0, s = 0; …)`): it was set once before the
    /// outer loop, so each pass (each test case) started from the previous one's total.
    Reset,
    /// The constant of a `case` label replaced by another no other label of the `switch`
    /// has (`case 'v':` → `case 'u':`).
    CaseLabel,
    /// A variable holding a position in an array replaced by the element there, where it is
    /// compared with an element of that array (`a[i] > best` → `a[i] > a[best]`).
    ElementForIndex,
    /// Two arguments of a call passed to parameters of the same type swapped (`pow(e, b)`
    /// → `pow(b, e)`).
    SwapArguments,
    /// `x % 2 == 1` made `x % 2 != 0`: a negative odd number's remainder is `-1`.
    OddTest,
}

impl EditKind {
    /// Whether the edit moves where a statement sits rather than what it computes (the
    /// [`structure`] edits: a stray `;` removed, `if` made `else if`, braces): no value of the
    /// statement as written stands for it.
    pub fn is_structural(self) -> bool {
        matches!(
            self,
            EditKind::EmptyBody | EditKind::ElseIf | EditKind::Braces
        )
    }

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
            // Two tokens (`= 0`) where C programmers forget them most.
            EditKind::Initialize => 1,
            // One token, offered only where the result is converted to a wider type.
            EditKind::Cast => 1,
            // An operator and a constant, but one idea (the bound is zero): ranked with the
            // constant set to 0 (`far`), after it.
            EditKind::ZeroTest => 1,
            // One character, which compilers warn about (`-Wempty-body`).
            EditKind::EmptyBody => 1,
            // One word, but offered after every `if` that follows another: tried after the
            // one-token edits of the condition, which cost a run, not a compile.
            EditKind::ElseIf => 2,
            // Two tokens that move a statement into or out of a body (tried `far`: offered
            // after many statements, each a compile).
            EditKind::Braces => 2,
            // One conversion character, offered only where it cannot read its argument.
            EditKind::Conversion => 1,
            // A variable, `=` and a value added (`, s = 0`): offered only for a total the
            // loop around it never sets anew.
            EditKind::Reset => 2,
            // One literal, as a constant edit.
            EditKind::CaseLabel => 1,
            // The name of the array the comparison reads already, around the variable.
            EditKind::ElementForIndex => 1,
            // Two arguments change places, as two operands do.
            EditKind::SwapArguments => 2,
            // An operator and a constant, but one idea (a remainder of -1), offered only at
            // `% 2 == 1`.
            EditKind::OddTest => 1,
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
    /// A constant solved from what the failing tests needed: the one value of the literal `k`
    /// in `x ⊕ k` that gives the statement the value each failing run needed
    /// ([`candidates_with`]). Tried after the structural edits, before a statement's whole
    /// constant.
    pub solved: bool,
    /// The IR side (how `faultline-repair` applies it).
    pub change: Change,
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
        if self.solved {
            return SOLVED_ORDER;
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

    /// Whether the edit only puts a minus sign in front of what was written or removes one.
    fn negates(&self) -> bool {
        let (b, a) = (self.before.trim(), self.after.trim());
        b.strip_prefix('-').is_some_and(|x| x.trim_start() == a)
            || a.strip_prefix('-').is_some_and(|x| x == b)
    }

    /// Why this edit is ranked where it is, in words (shown under "Details").
    pub fn plausibility(&self) -> &'static str {
        match (self.kind, self.far, self.guess) {
            (_, _, true) => "a constant set to the value a test needed there (least plausible)",
            (EditKind::Constant, ..) if self.solved => {
                "a constant solved from the values the failing tests needed"
            }
            (EditKind::Constant, ..) if self.whole => "a statement's whole value changed",
            (EditKind::Constant, ..) if self.negates() => "a constant with the wrong sign",
            (EditKind::Constant, ..) if self.before.starts_with('\'') => {
                "a character literal confused with another"
            }
            (EditKind::Operator, true, _) => "an operator rarely confused with the one written",
            (EditKind::Operator, false, _) => "an operator commonly confused with the one written",
            (EditKind::Constant, true, _) if self.after == "0" && self.before != "1" => {
                "a constant made zero"
            }
            (EditKind::Constant, true, _) if swapped_digits(&self.before, &self.after) => {
                "a constant with two digits swapped"
            }
            (EditKind::Constant, true, _) if self.before.len() == self.after.len() => {
                "a constant with one digit changed"
            }
            (EditKind::Constant, true, _) => "a constant with a digit more or less",
            (EditKind::Constant, false, _) => "a constant off by one",
            (EditKind::Variable, ..) if self.solved => {
                "a starting constant replaced by the first value the variable takes later"
            }
            (EditKind::Variable, ..) if self.writes_another => {
                "the value stored into another variable of the same type"
            }
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
            (EditKind::Initialize, ..) => "an initializer a declaration was missing",
            (EditKind::Cast, ..) => "arithmetic made in the wider type it is stored in",
            (EditKind::ZeroTest, ..) => "a comparison made a test against zero",
            (EditKind::EmptyBody, ..) => {
                "a `;` right after the header ended the body, so the next line always ran"
            }
            (EditKind::ElseIf, ..) => "a missing `else`: the second `if` ran after the first",
            (EditKind::Braces, ..) => "braces around the statements meant as the body",
            (EditKind::Conversion, ..) => "a `printf` conversion made to read its argument's type",
            (EditKind::Reset, ..) => {
                "a total reset for each pass of the loop around it (it carried over from the last)"
            }
            (EditKind::CaseLabel, ..) => "a `case` label's constant confused with another",
            (EditKind::OddTest, ..) => {
                "an odd test negative numbers fail (their remainder by 2 is -1, not 1)"
            }
            (EditKind::SwapArguments, ..) => "two arguments of a call passed in the wrong order",
            (EditKind::ElementForIndex, ..) => {
                "the array element at a position compared, not the position itself"
            }
        }
    }
}

/// [`Edit::order`] of a guessed constant: after every other edit (the largest is 2 × 2).
pub(crate) const GUESS_ORDER: u32 = 7;
/// [`Edit::order`] of a constant that is a statement's whole value (see [`Edit::whole`]).
/// [`Edit::order`] of a constant solved from the failing tests' values (see [`Edit::solved`]):
/// after the structural edits of one and two tokens (their largest near order is 2 × 2).
const SOLVED_ORDER: u32 = 5;
pub(crate) const WHOLE_ORDER: u32 = 6;

/// The IR side of an edit.
#[derive(Clone, Debug)]
pub enum Change {
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
pub(crate) const MAX_VARIABLES: usize = 8;
/// How many variables of another integer type a variable edit tries per read.
pub(crate) const MAX_OTHER_TYPED: usize = 4;
/// How many of the function's other comparisons a condition may gain (the nearest first).
pub(crate) const MAX_COMPARISONS: usize = 6;

/// Enumerates the candidate edits of `stmt` (of function `func`). `hints` are constants worth
/// trying (values the angelic values suggest).
pub fn candidates(program: &Program, func: FuncId, stmt: &Stmt, hints: &[i128]) -> Vec<Edit> {
    candidates_with(program, func, stmt, hints, &[])
}

/// [`candidates`], with `needed`: pairs `(was, needed)` of what the statement's value was in
/// an execution of a failing run and what that run needed there (its angelic value), over
/// every execution of the failing runs. An assignment or `return` of `x ⊕ k` (`⊕` one of `+
/// - *`, `k` a literal) then also gets `k` set to the one value that gives every execution
/// what it needed ([`Edit::solved`]), when one exists.
pub fn candidates_with(
    program: &Program,
    func: FuncId,
    stmt: &Stmt,
    hints: &[i128],
    needed: &[(i128, i128)],
) -> Vec<Edit> {
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
    // The literal of `x ⊕ k` solved from the failing runs' needs (pushed last: a neighbour
    // of what was written that gives the same text is the more plausible edit).
    let solved = match &stmt.kind {
        StmtKind::Assign { value, .. } | StmtKind::Return(Some(value)) => {
            solve_constant(value, needed)
        }
        _ => None,
    };
    match &stmt.kind {
        StmtKind::Assign { place, value } => {
            // First: the same text as an edit of the read alone (`others` → `digits` in
            // `others++`), which would not say what ran, is then left out as a duplicate.
            g.compound_target(stmt, place);
            g.place(place);
            if component == Some(faultline_ir::Component::Argument) {
                // `f(x, 1)` where `-1` was meant: a sign or direction passed to a call (before
                // the literal's other edits, so that the same text as a guess is this one).
                g.negated_literal(value);
            }
            let from = g.out.len();
            g.expr(value, false);
            g.mark_whole(value, from);
            g.start_from_read(stmt, place, value);
            if place.indices.is_empty() && g.call_result(value) {
                // `len = strlen(w)` → `strlen(w) - 1`.
                g.shift(value);
            }
            g.assign_target(place);
            g.store_target(place);
            g.retype(place, value);
            g.float_division(value);
            g.widen_arithmetic(value);
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
            g.widen_arithmetic(e);
        }
        StmtKind::If { cond, .. } => {
            g.expr(cond, true);
            // A loop's condition is lowered as `if (!c) break`: negating what is written is
            // the operator edits' business there.
            if component == Some(faultline_ir::Component::IfCond) {
                g.negate(cond);
                g.add_clause(cond);
                g.add_comparison(cond);
                g.add_constant_clause(cond);
            }
        }
        StmtKind::Switch { scrutinee, arms } => {
            g.expr(scrutinee, false);
            g.case_labels(arms);
        }
        StmtKind::Call { func, args, .. } => {
            for a in args {
                match a {
                    Arg::Value(e) => g.expr(e, false),
                    Arg::ArrayRef(p) => g.place(p),
                }
            }
            g.swap_call_arguments(*func, args);
        }
        StmtKind::Builtin(b) => {
            match b {
                Builtin::Printf { args, .. } => {
                    for a in args {
                        match a {
                            PrintArg::Int(e) => {
                                g.expr(e, false);
                                g.float_division(e);
                                g.widen_arithmetic(e);
                            }
                            PrintArg::Str(StrArg::Array(p)) => g.place(p),
                            PrintArg::Str(StrArg::Literal(_)) => {}
                            PrintArg::Str(StrArg::Ptr(e)) => g.expr(e, false),
                        }
                    }
                }
                Builtin::Putchar { value, .. } => g.expr(value, false),
                Builtin::Math { args, .. } => {
                    args.iter().for_each(|a| g.expr(a, false));
                    g.swap_math_arguments(args);
                }
                _ => {}
            }
            if component == Some(faultline_ir::Component::Output) {
                g.delete(stmt);
            }
            g.fit_conversion(stmt);
        }
        _ => {}
    }
    g.insert_break(stmt);
    g.structure(stmt);
    g.initializer(stmt, &own_exprs(stmt));
    g.reset(stmt);
    if let Some((k, value)) = solved {
        g.solved_constant(&k, value);
    }
    // One edit per (range, replacement): different IR routes to the same text are one edit.
    let mut seen = std::collections::HashSet::new();
    g.out
        .retain(|e| e.before != e.after && seen.insert((e.span, e.after.clone())));
    if let StmtKind::If { cond, .. } = &stmt.kind {
        one_of_duplicate_clauses(program, cond, &mut g.out);
    }
    g.out
}

/// With a clause written twice (`c == 'y' || c == 'y'`), editing either copy the same way
/// gives the same condition up to the order of its clauses: one repair, listed once, as the
/// edit of the later copy (the one copied and not edited, as it happens).
fn one_of_duplicate_clauses(program: &Program, cond: &Expr, out: &mut Vec<Edit>) {
    fn chain<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
        match &strip(e).kind {
            ExprKind::Logical(_, a, b) => {
                chain(a, out);
                chain(b, out);
            }
            _ => out.push(strip(e)),
        }
    }
    let mut clauses = Vec::new();
    chain(cond, &mut clauses);
    let texts: Vec<&str> = clauses.iter().map(|c| program.files.text(c.span)).collect();
    let duplicated = (1..texts.len()).any(|i| texts[..i].contains(&texts[i]));
    if !duplicated {
        return;
    }
    // An edit within one clause: the clauses as they read after it, sorted.
    let reads_as = |e: &Edit| -> Option<Vec<String>> {
        let i = clauses.iter().position(|c| {
            c.span.file == e.span.file && c.span.start <= e.span.start && e.span.end <= c.span.end
        })?;
        let c = clauses[i].span;
        let (from, to) = (
            (e.span.start - c.start) as usize,
            (e.span.end - c.start) as usize,
        );
        let t = texts[i];
        let edited = format!("{}{}{}", t.get(..from)?, e.after, t.get(to..)?);
        let mut all: Vec<String> = texts.iter().map(|t| t.to_string()).collect();
        all[i] = edited;
        all.sort();
        Some(all)
    };
    let keys: Vec<Option<(EditKind, Vec<String>)>> = out
        .iter()
        .map(|e| reads_as(e).map(|k| (e.kind, k)))
        .collect();
    let mut keep = vec![true; out.len()];
    for i in 0..out.len() {
        let Some(k) = &keys[i] else { continue };
        // A later copy edited the same way: this one goes.
        if (0..out.len())
            .any(|j| j != i && keys[j].as_ref() == Some(k) && out[j].span.start > out[i].span.start)
        {
            keep[i] = false;
        }
    }
    let mut i = 0;
    out.retain(|_| {
        i += 1;
        keep[i - 1]
    });
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
    pub(crate) fn fresh(&mut self) -> ExprId {
        self.next_id += 1;
        ExprId(self.next_id - 1)
    }

    pub(crate) fn text(&self, span: Span) -> &str {
        self.program.files.text(span)
    }

    pub(crate) fn push(&mut self, kind: EditKind, span: Span, after: String, change: Change) {
        let before = self.text(span).to_string();
        self.out.push(Edit {
            kind,
            span,
            before,
            after,
            far: false,
            guess: false,
            whole: false,
            solved: false,
            change,
            writes_another: false,
        });
    }

    /// Marks the constant edits from `from` on as [`Edit::whole`] when `value` is a literal.
    pub(crate) fn mark_whole(&mut self, value: &Expr, from: usize) {
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

    pub(crate) fn place(&mut self, p: &Place) {
        for i in &p.indices {
            self.expr(i, false);
            self.shift(i);
        }
    }

    /// Edits of `e` and its sub-expressions; `cond`: `e` is a condition (its comparisons'
    /// variable operands may be shifted by one, as loop bounds are).
    pub(crate) fn expr(&mut self, e: &Expr, cond: bool) {
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
                self.element_for_index(*op, a, b);
                self.odd_test(e, *op, a, b);
                self.drop_operand(e, *op, a, b);
                if cond && op.is_comparison() {
                    self.shift(a);
                    self.shift(b);
                    self.zero_test(e, *op, a, b);
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

    /// A copy of `e` with fresh ids (a clause copied into another condition).
    pub(crate) fn renumbered(&mut self, e: &Expr) -> Expr {
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

    /// The range of `symbol` in the text between two operands, when only it (and
    /// parentheses, whitespace) is there.
    pub(crate) fn token_between(&self, a: Span, b: Span, symbol: &str) -> Option<Span> {
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

    pub(crate) fn name(&self, v: VarRef) -> Option<&str> {
        match v {
            VarRef::Local(l) => Some(&self.program.function(self.func).local(l).name),
            VarRef::Global(g) => Some(&self.program.global(g).name),
            VarRef::Argv => None,
        }
    }
}

/// How often `word` occurs in `text` as a whole identifier.
pub(crate) fn word_count(text: &str, word: &str) -> usize {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(word)
        .filter(|(i, _)| !text[..*i].ends_with(ident) && !text[i + word.len()..].starts_with(ident))
        .count()
}

/// `e` with the sub-expression `id` replaced by `with` (`done` when it was found).
pub(crate) fn replace_expr(e: &mut Expr, id: ExprId, with: &Expr, done: &mut bool) {
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
pub(crate) fn split_args(text: &str) -> Vec<&str> {
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

pub(crate) fn is_identifier(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `e` without the conversions the lowerer inserted.
pub(crate) fn strip(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Cast(a) if a.span == e.span => strip(a),
        _ => e,
    }
}

/// `e` as an `int` truth value (what a kept clause of `&&`/`||` becomes).
pub(crate) fn truth(e: &Expr, (id, zero): (ExprId, ExprId)) -> Expr {
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

/// How often `name` occurs in `text` as a whole identifier.
pub(crate) fn identifier_uses(text: &str, name: &str) -> usize {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(name)
        .filter(|(at, _)| {
            let before = text[..*at].chars().next_back();
            let after = text[at + name.len()..].chars().next();
            !before.is_some_and(ident) && !after.is_some_and(ident)
        })
        .count()
}

/// Whether `after` is `before` with two adjacent characters swapped (`23` → `32`).
fn swapped_digits(before: &str, after: &str) -> bool {
    let (a, b) = (before.as_bytes(), after.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let diff: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
    matches!(diff[..], [i, j] if j == i + 1 && a[i] == b[j] && a[j] == b[i])
}

/// The statement's own expressions (not those of nested blocks).
fn own_exprs(stmt: &Stmt) -> Vec<&Expr> {
    let mut out: Vec<&Expr> = Vec::new();
    match &stmt.kind {
        StmtKind::Assign { place, value } => {
            out.extend(place.indices.iter());
            out.push(value);
        }
        StmtKind::Return(Some(e)) | StmtKind::Exit(e) => out.push(e),
        StmtKind::If { cond, .. } => out.push(cond),
        StmtKind::Switch { scrutinee, .. } => out.push(scrutinee),
        StmtKind::Call { args, .. } => {
            for a in args {
                match a {
                    Arg::Value(e) => out.push(e),
                    Arg::ArrayRef(p) => out.extend(p.indices.iter()),
                }
            }
        }
        StmtKind::Builtin(Builtin::Printf { args, .. }) => {
            for a in args {
                match a {
                    PrintArg::Int(e) | PrintArg::Str(StrArg::Ptr(e)) => out.push(e),
                    PrintArg::Str(StrArg::Array(p)) => out.extend(p.indices.iter()),
                    PrintArg::Str(StrArg::Literal(_)) => {}
                }
            }
        }
        StmtKind::Builtin(Builtin::Putchar { value, .. }) => out.push(value),
        StmtKind::Builtin(Builtin::Math { args, .. }) => out.extend(args.iter()),
        _ => {}
    }
    out
}
