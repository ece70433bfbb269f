//! Initializer edits: a declaration without an initializer given one (`int sum;` → `int sum =
//! 0;`, `int counts[26];` → `int counts[26] = {0};`, `int product;` → `int product = 1;`),
//! offered at a statement that reads the variable when no statement written before it may
//! have given it a value (an assignment that does not read it, a call or input naming it):
//! `sum += x` with no `sum = 0` before it. `= 1` comes first for a product (`p *= k`). A C
//! programmer who forgets the initializer reads an indeterminate value: the interpreter
//! reports the read, and the repair is the declaration's, not the statement's (its text
//! changes at the declaration, run from the edited text compiled again: [`Change::Reshape`]).

use super::*;

impl Gen<'_> {
    /// The initializers of the uninitialized locals `exprs` read (see the module docs).
    pub(crate) fn initializer(&mut self, stmt: &Stmt, exprs: &[&Expr]) {
        let f = self.program.function(self.func);
        let mut read: Vec<LocalId> = Vec::new();
        for e in exprs {
            e.walk(&mut |x| {
                if let ExprKind::Load(p) = &x.kind {
                    if let VarRef::Local(l) = p.base {
                        if !read.contains(&l) {
                            read.push(l);
                        }
                    }
                }
            });
        }
        for l in read {
            let decl = f.local(l);
            if decl.kind != LocalKind::User || decl.span.file != stmt.span.file {
                continue;
            }
            let array = match &decl.ty {
                Type::Int(k) if *k != IntKind::Ptr => false,
                Type::Array(elem, _) if array_of_numbers(elem) => true,
                _ => continue,
            };
            let Some(declarator) = self.bare_declarator(decl.span, &decl.name, array) else {
                continue;
            };
            if self.assigned_before(&f.body, l, &decl.name, stmt.span.start) {
                continue;
            }
            let product = multiplies_itself(&f.body, l);
            let values: &[&str] = match (array, product) {
                (true, _) => &["{0}"],
                (false, true) => &["1", "0"],
                (false, false) => &["0"],
            };
            for v in values {
                self.push(
                    EditKind::Initialize,
                    declarator,
                    format!("{} = {v}", self.text(declarator)),
                    Change::Reshape,
                );
            }
        }
    }

    /// The declarator `decl` spans when it declares `name` with no initializer (`sum`,
    /// `counts[26]`, the next token a `;` or `,`) in a declaration that is not `static` or
    /// `extern` (a static local is zero already).
    fn bare_declarator(&self, decl: Span, name: &str, array: bool) -> Option<Span> {
        let text = self.text(decl);
        let plain = if array {
            text.strip_prefix(name)
                .is_some_and(|rest| rest.trim_start().starts_with('[') && rest.ends_with(']'))
        } else {
            text == name
        };
        if !plain {
            return None;
        }
        let file = &*self.program.files.get(decl.file).text;
        let after = file.get(decl.end as usize..)?.trim_start();
        if !after.starts_with([';', ',']) {
            return None;
        }
        // The declaration's start: the last `;`, `{` or `}` before the declarator.
        let before = file.get(..decl.start as usize)?;
        let start = before.rfind([';', '{', '}']).map_or(0, |i| i + 1);
        let head = &before[start..];
        if word_count(head, "static") > 0 || word_count(head, "extern") > 0 {
            return None;
        }
        Some(decl)
    }

    /// Whether a statement of `body` written before byte `at` may give local `l` (named
    /// `name`) its first value: an assignment whose value does not read it (`i = 0`, `a[k] =
    /// 0`; `sum += x` does), or a call or input statement naming it (`scanf("%d", &n)`,
    /// `fill(counts)`).
    fn assigned_before(&self, body: &faultline_ir::Block, l: LocalId, name: &str, at: u32) -> bool {
        let mut found = false;
        faultline_ir::walk_block(body, &mut |s: &Stmt| {
            if found || s.span.start >= at {
                return;
            }
            found = match &s.kind {
                StmtKind::Assign { place, value } => {
                    let mut reads = false;
                    value.walk(&mut |x| {
                        reads |= matches!(&x.kind, ExprKind::Load(p) if p.base == VarRef::Local(l));
                    });
                    place.base == VarRef::Local(l) && !reads
                }
                StmtKind::Call { .. } | StmtKind::Builtin(_) => {
                    word_count(self.text(s.span), name) > 0
                }
                _ => false,
            };
        });
        found
    }
}

/// Whether an array of `elem` can be initialized with `{0}` (numbers, nested arrays of them).
fn array_of_numbers(elem: &Type) -> bool {
    match elem {
        Type::Int(k) => *k != IntKind::Ptr,
        Type::Array(e, _) => array_of_numbers(e),
        _ => false,
    }
}

/// Whether some statement of `body` updates local `l` by multiplying it (`p *= k`, `p = p *
/// k`): a product, which starts at 1.
fn multiplies_itself(body: &faultline_ir::Block, l: LocalId) -> bool {
    let mut product = false;
    faultline_ir::walk_block(body, &mut |s: &Stmt| {
        let StmtKind::Assign { place, value } = &s.kind else {
            return;
        };
        if place.base != VarRef::Local(l) {
            return;
        }
        if let ExprKind::Binary(BinOp::Mul, a, b) = &strip(value).kind {
            let own = |e: &Expr| matches!(&strip(e).kind, ExprKind::Load(p) if p.base == VarRef::Local(l));
            product |= own(a) || own(b);
        }
    });
    product
}
