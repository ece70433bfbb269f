//! Argument edits: two arguments of a call swapped (`pow(e, b)` → `pow(b, e)`, `f(a, b)` →
//! `f(b, a)`), when the parameters they are passed to have the same type. The edited text is
//! compiled again ([`Change::Recompile`]): an argument may be a component computed before
//! the call, whose statement then computes the other argument.

use super::*;

/// Calls with more arguments than this are not edited (every pair would be a compile).
const MAX_SWAPPED_ARGS: usize = 4;

impl Gen<'_> {
    /// The swaps of a user call's arguments (`args` passed to `callee`).
    pub(crate) fn swap_call_arguments(&mut self, callee: FuncId, args: &[Arg]) {
        let f = self.program.function(callee);
        if f.params.len() != args.len() {
            return;
        }
        let passed: Vec<(Span, Type)> = args
            .iter()
            .zip(&f.params)
            .map(|(a, &p)| {
                let span = match a {
                    Arg::Value(e) => e.span,
                    Arg::ArrayRef(place) => place.span,
                };
                (span, f.local(p).ty.clone())
            })
            .collect();
        self.swap_arguments(&passed);
    }

    /// The swaps of a `math.h` call's arguments (all of one floating type).
    pub(crate) fn swap_math_arguments(&mut self, args: &[Expr]) {
        let passed: Vec<(Span, Type)> = args.iter().map(|e| (e.span, Type::Int(e.ty))).collect();
        self.swap_arguments(&passed);
    }

    /// Each pair of arguments `(range, parameter type)` of one type swapped in the text,
    /// when every argument has a range of its own (a struct argument passes several values
    /// from one range: such a call is left alone).
    fn swap_arguments(&mut self, passed: &[(Span, Type)]) {
        if passed.len() < 2 || passed.len() > MAX_SWAPPED_ARGS {
            return;
        }
        let ordered = passed
            .windows(2)
            .all(|w| w[0].0.file == w[1].0.file && w[0].0.end <= w[1].0.start);
        if !ordered {
            return;
        }
        for i in 0..passed.len() {
            for j in i + 1..passed.len() {
                let ((first, ty_i), (second, ty_j)) = (&passed[i], &passed[j]);
                if ty_i != ty_j {
                    continue;
                }
                let (a, b) = (self.text(*first), self.text(*second));
                if a == b {
                    continue;
                }
                let between = self.text(Span::new(first.file, first.end, second.start));
                let after = format!("{b}{between}{a}");
                let span = Span::new(first.file, first.start, second.end);
                self.push(EditKind::SwapArguments, span, after, Change::Recompile);
            }
        }
    }
}
