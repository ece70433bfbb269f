//! Reset edits: a running total that a loop accumulates (`s += x`, `c++`), given its starting
//! value once before an outer loop, set back to it in the accumulating `for`'s initializer
//! (`for (i = 0; i < n; i++)` → `for (i = 0, s = 0; i < n; i++)`): the habit of programs that
//! read several test cases (`while (t--) { … }`) and forget to reset their sum between them.
//! Offered at the `for`'s initializer statement (the line the reset belongs on) when the
//! variable is accumulated in that `for`'s body, is not set anew anywhere in the outer loop
//! (an assignment that does not read it, a call or input statement naming it, or the reset
//! slipped into a comparison, `s == 0;`, whose own edit repairs it in place), and is
//! given a constant before the outer loop (its initializer, or a global's initial value).
//! The value it is reset to is that constant. The text changes inside the `for` header, run
//! from the edited text compiled again ([`Change::Reshape`]).

use super::*;
use faultline_ir::Block;
use structure::locate;

impl Gen<'_> {
    /// The resets added to the `for` initializer `stmt` (see the module docs).
    pub(crate) fn reset(&mut self, stmt: &Stmt) {
        let StmtKind::Assign { .. } = &stmt.kind else {
            return;
        };
        let f = self.program.function(self.func);
        let Some(at) = locate(&f.body, None, stmt.id) else {
            return;
        };
        // The `for` whose initializer `stmt` is: the next statement, whose header holds it.
        let Some(for_loop) = at.block.get(at.index + 1) else {
            return;
        };
        let StmtKind::Loop { body, .. } = &for_loop.kind else {
            return;
        };
        let text = &*self.program.files.get(stmt.span.file).text;
        if !for_initializer(text, for_loop.span, stmt.span) {
            return;
        }
        // The loop around the `for` (through the `if`s and `switch`es between them).
        let mut parent = at.parent;
        while let Some(p) = parent {
            if matches!(p.kind, StmtKind::Loop { .. }) {
                break;
            }
            parent = locate(&f.body, None, p.id).and_then(|a| a.parent);
        }
        let Some(outer) = parent else {
            return;
        };
        let StmtKind::Loop {
            body: outer_body,
            latch: outer_latch,
        } = &outer.kind
        else {
            return;
        };
        let init_target = match &stmt.kind {
            StmtKind::Assign { place, .. } => place.base,
            _ => return,
        };
        for v in accumulated(body) {
            if v == init_target || !self.scalar_number(v) {
                continue;
            }
            let Some(name) = self.name(v).map(str::to_string) else {
                continue;
            };
            if self.set_anew(outer_body, v, &name) || self.set_anew(outer_latch, v, &name) {
                continue;
            }
            let Some(start) = self.start_value(&f.body, v, outer.span.start) else {
                continue;
            };
            let after = format!("{}, {name} = {start}", self.text(stmt.span));
            self.push(EditKind::Reset, stmt.span, after, Change::Reshape);
        }
    }

    /// Whether `v` is a scalar integer variable (not a pointer).
    fn scalar_number(&self, v: VarRef) -> bool {
        let ty = match v {
            VarRef::Local(l) => &self.program.function(self.func).local(l).ty,
            VarRef::Global(g) => &self.program.global(g).ty,
            VarRef::Argv => return false,
        };
        matches!(ty, Type::Int(k) if *k != IntKind::Ptr && !k.is_float())
            && match v {
                VarRef::Local(l) => {
                    self.program.function(self.func).local(l).kind == LocalKind::User
                }
                _ => true,
            }
    }

    /// Whether a statement of `block` may give `v` (named `name`) a value that does not depend
    /// on its old one: an assignment that does not read it, a library call given its address
    /// (`scanf("%d", &s)`), a user function given its address or, for a global, any call of
    /// a user function (printing it sets nothing).
    fn set_anew(&self, block: &Block, v: VarRef, name: &str) -> bool {
        let address = format!("&{name}");
        let mut found = false;
        faultline_ir::walk_block(block, &mut |s: &Stmt| {
            found |= match &s.kind {
                // `s == 0;` lowers to `s = s` (faultline-lower's `expression_statement`):
                // the reset written with `==`, which the edit of that line repairs where it
                // stands; a second reset in the `for` would blame the wrong line.
                StmtKind::Assign { place, value } => {
                    place.base == v
                        && place.indices.is_empty()
                        && (!reads(value, v) || self_copy(value, v))
                }
                StmtKind::Call { .. } if matches!(v, VarRef::Global(_)) => true,
                StmtKind::Call { .. } | StmtKind::Builtin(_) => {
                    let text: String = self
                        .text(s.span)
                        .chars()
                        .filter(|c| !c.is_whitespace())
                        .collect();
                    word_count(&text, &address) > 0
                }
                _ => false,
            };
        });
        found
    }

    /// The constant `v` holds when the outer loop (starting at byte `before`) is entered: the
    /// last assignment of a literal to it written before the loop, or a global's initial
    /// value when nothing before the loop assigns it.
    fn start_value(&self, body: &Block, v: VarRef, before: u32) -> Option<i128> {
        let mut last: Option<(u32, Option<i128>)> = None;
        faultline_ir::walk_block(body, &mut |s: &Stmt| {
            if s.span.start >= before {
                return;
            }
            if let StmtKind::Assign { place, value } = &s.kind {
                if place.base == v && place.indices.is_empty() {
                    let constant = match &strip(value).kind {
                        ExprKind::Const(c) => Some(*c),
                        _ => None,
                    };
                    if last.is_none_or(|(at, _)| s.span.start >= at) {
                        last = Some((s.span.start, constant));
                    }
                }
            }
        });
        match (last, v) {
            (Some((_, value)), _) => value,
            (None, VarRef::Global(g)) => self.program.global(g).init.first().copied(),
            (None, _) => None,
        }
    }
}

/// The scalar variables a statement of `body` updates from their own value (`s += x`, `c++`,
/// `best = best > x ? best : x`), in the order first seen.
fn accumulated(body: &Block) -> Vec<VarRef> {
    let mut out = Vec::new();
    faultline_ir::walk_block(body, &mut |s: &Stmt| {
        if let StmtKind::Assign { place, value } = &s.kind {
            if place.indices.is_empty() && reads(value, place.base) && !out.contains(&place.base) {
                out.push(place.base);
            }
        }
    });
    out
}

/// Whether `e` reads scalar variable `v`.
/// Whether `e` is `v`'s own value, read whole (`s = s`).
fn self_copy(e: &Expr, v: VarRef) -> bool {
    matches!(&strip(e).kind, ExprKind::Load(p) if p.base == v && p.indices.is_empty())
}

fn reads(e: &Expr, v: VarRef) -> bool {
    let mut found = false;
    e.walk(&mut |x| {
        found |= matches!(&x.kind, ExprKind::Load(p) if p.base == v && p.indices.is_empty());
    });
    found
}

/// Whether `init` is the initializer of the `for` statement spanning `header`: the text
/// between them is `for (` and a `;` follows it.
fn for_initializer(text: &str, header: Span, init: Span) -> bool {
    if init.file != header.file || init.start <= header.start || init.end >= header.end {
        return false;
    }
    let Some(lead) = text.get(header.start as usize..init.start as usize) else {
        return false;
    };
    let lead: String = lead.chars().filter(|c| !c.is_whitespace()).collect();
    lead == "for("
        && text
            .get(init.end as usize..)
            .is_some_and(|rest| rest.trim_start().starts_with(';'))
}
