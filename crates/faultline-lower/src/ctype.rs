//! `<ctype.h>` as pure IR expressions, with glibc's behaviour in the C locale, so the
//! interpreter and the formula get them without a library model of their own.
//!
//! glibc (x86-64, gcc -O0) makes `isdigit(c)` etc. macros reading a table indexed by `c` for
//! `c` in [-128, 255]: the result is the class's *bit*, not 1 (`isdigit('5')` is 2048), and
//! every value outside ASCII (EOF, -128..-2, 128..255) is in no class. `toupper`/`tolower` are
//! calls: `c` in [-128, -2] gives `c + 256` (the table is indexed as an `unsigned char`), EOF
//! gives EOF, a letter its other case, anything else itself. These are checked against gcc by
//! `tests/differential/ctype_*.c`. An argument outside [-128, 255] other than these is
//! undefined behaviour in C; here it is in no class (`toupper` returns it unchanged, as glibc's
//! function does).

use faultline_ir::{BinOp, Block, Expr, ExprKind, IntKind, Span};
use tree_sitter::Node;

use crate::ctx::{Lowerer, Res};
use crate::expr::Val;

/// `(name, glibc's class bit, the inclusive ASCII ranges of the class)`.
type Class = (&'static str, i128, &'static [(i128, i128)]);

const CLASSES: &[Class] = &[
    ("isupper", 256, &[(65, 90)]),
    ("islower", 512, &[(97, 122)]),
    ("isalpha", 1024, &[(65, 90), (97, 122)]),
    ("isdigit", 2048, &[(48, 57)]),
    ("isxdigit", 4096, &[(48, 57), (65, 70), (97, 102)]),
    ("isspace", 8192, &[(9, 13), (32, 32)]),
    ("isprint", 16384, &[(32, 126)]),
    ("isgraph", 32768, &[(33, 126)]),
    ("isblank", 1, &[(9, 9), (32, 32)]),
    ("iscntrl", 2, &[(0, 31), (127, 127)]),
    ("ispunct", 4, &[(33, 47), (58, 64), (91, 96), (123, 126)]),
    ("isalnum", 8, &[(48, 57), (65, 90), (97, 122)]),
];

/// Whether `name` is a `<ctype.h>` function lowered here.
pub(crate) fn is_ctype(name: &str) -> bool {
    name == "toupper" || name == "tolower" || CLASSES.iter().any(|c| c.0 == name)
}

impl Lowerer<'_> {
    /// `lo <= c && c <= hi` as `int` 0/1, without short-circuit (both sides are pure).
    fn in_range(&mut self, c: &Expr, (lo, hi): (i128, i128), span: Span) -> Expr {
        let int = IntKind::Int;
        if lo == hi {
            let c = self.refresh(c);
            let k = self.konst(lo, int, span);
            return self.expr(
                ExprKind::Binary(BinOp::Eq, Box::new(c), Box::new(k)),
                int,
                span,
            );
        }
        let (c1, c2) = (self.refresh(c), self.refresh(c));
        let (l, h) = (self.konst(lo, int, span), self.konst(hi, int, span));
        let ge = self.expr(
            ExprKind::Binary(BinOp::Ge, Box::new(c1), Box::new(l)),
            int,
            span,
        );
        let le = self.expr(
            ExprKind::Binary(BinOp::Le, Box::new(c2), Box::new(h)),
            int,
            span,
        );
        self.expr(
            ExprKind::Binary(BinOp::BitAnd, Box::new(ge), Box::new(le)),
            int,
            span,
        )
    }

    fn any_range(&mut self, c: &Expr, ranges: &[(i128, i128)], span: Span) -> Expr {
        let mut acc = self.in_range(c, ranges[0], span);
        for &r in &ranges[1..] {
            let t = self.in_range(c, r, span);
            acc = self.expr(
                ExprKind::Binary(BinOp::BitOr, Box::new(acc), Box::new(t)),
                IntKind::Int,
                span,
            );
        }
        acc
    }

    /// A call of a `<ctype.h>` function ([`is_ctype`]).
    pub(crate) fn ctype_call(
        &mut self,
        node: Node,
        name: &str,
        args: &[Node],
        pre: &mut Block,
    ) -> Res<Val> {
        self.arity(node, name, args, 1)?;
        let span = self.span(node);
        let int = IntKind::Int;
        let arg = self.rvalue(args[0], pre)?;
        let c = self.cast(arg, int);
        if let Some(&(_, bit, ranges)) = CLASSES.iter().find(|k| k.0 == name) {
            let test = self.any_range(&c, ranges, span);
            let (yes, no) = (self.konst(bit, int, span), self.konst(0, int, span));
            let e = self.expr(
                ExprKind::Cond(Box::new(test), Box::new(yes), Box::new(no)),
                int,
                span,
            );
            return Ok(Val::Scalar(e));
        }
        // toupper / tolower.
        let (letters, shift) = if name == "toupper" {
            ((97, 122), -32)
        } else {
            ((65, 90), 32)
        };
        let is_letter = self.in_range(&c, letters, span);
        let negative = self.in_range(&c, (-128, -2), span);
        let other_case = {
            let c = self.refresh(&c);
            let k = self.konst(shift, int, span);
            self.expr(
                ExprKind::Binary(BinOp::Add, Box::new(c), Box::new(k)),
                int,
                span,
            )
        };
        let as_unsigned = {
            let c = self.refresh(&c);
            let k = self.konst(256, int, span);
            self.expr(
                ExprKind::Binary(BinOp::Add, Box::new(c), Box::new(k)),
                int,
                span,
            )
        };
        let unchanged = self.refresh(&c);
        let inner = self.expr(
            ExprKind::Cond(
                Box::new(negative),
                Box::new(as_unsigned),
                Box::new(unchanged),
            ),
            int,
            span,
        );
        let e = self.expr(
            ExprKind::Cond(Box::new(is_letter), Box::new(other_case), Box::new(inner)),
            int,
            span,
        );
        Ok(Val::Scalar(e))
    }
}
