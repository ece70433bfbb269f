//! `strtok` and `strtok_r`, lowered to IR over `strspn`/`strcspn`.
//!
//! glibc's `strtok_r` is exactly this (string/strtok_r.c):
//!
//! ```c
//! if (s == NULL) s = *save;
//! if (*s == '\0') { *save = s; return NULL; }
//! s += strspn(s, delim);
//! if (*s == '\0') { *save = s; return NULL; }
//! end = s + strcspn(s, delim);
//! if (*end == '\0') { *save = end; return s; }
//! *end = '\0'; *save = end + 1; return s;
//! ```
//!
//! and `strtok` is `strtok_r` with a hidden static `save`. Lowered as written, the interpreter
//! and the symbolic executor run it through the `strspn`/`strcspn` they already share
//! (`faultline-libc`'s string semantics), so no stage needs a builtin with hidden state: the
//! saved position is a `char *` global (`strtok`) or the caller's own `char *` (`strtok_r`).
//! A first `strtok(NULL, …)` reads the null saved pointer: a located null dereference, as
//! glibc crashes. The statements are not components (the user wrote none of them; the
//! assignment of the result is one) and carry the call's span.

use faultline_ir::{
    BinOp, Block, Builtin, Expr, ExprKind, Global, IntKind, LocalId, Place, Span, StmtKind, StrArg,
    StrFn, StrOperand, Type, VarRef,
};
use tree_sitter::Node;

use crate::ctx::{Lowerer, Res};
use crate::expr::Val;

impl<'a> Lowerer<'a> {
    /// `strtok(s, delim)` and `strtok_r(s, delim, &save)`.
    pub(crate) fn strtok(
        &mut self,
        node: Node,
        name: &str,
        args: &[Node],
        pre: &mut Block,
    ) -> Res<Val> {
        let reentrant = name == "strtok_r";
        self.arity(node, name, args, if reentrant { 3 } else { 2 })?;
        let span = self.span(node);
        let char_t = Type::Int(IntKind::Char);
        let char_ptr = Type::Ptr(Box::new(char_t.clone()));
        // The string: a `char` array or `char *` (written into), or the null pointer constant.
        let sv = self.value(args[0], pre, true)?;
        let s_expr = match &sv {
            Val::Str(_) => {
                return Err(self.semantic(
                    args[0],
                    format!("`{name}` writes into a string literal (read-only)"),
                ))
            }
            Val::Obj(o) if o.base == VarRef::Argv => {
                return Err(self.unsupported(args[0], format!("`{name}` on `argv`")))
            }
            _ => self.to_pointer(sv, &char_t, args[0])?,
        };
        let delim = self.str_arg(args[1], pre)?;
        let save = if reentrant {
            match self.value(args[2], pre, true)? {
                Val::Ptr(
                    Expr {
                        kind: ExprKind::AddrOf(p),
                        ..
                    },
                    t,
                ) if t == char_ptr && p.indices.is_empty() => p,
                _ => return Err(self.strtok_r_save(args[2])),
            }
        } else {
            let id = match self.strtok_save {
                Some(id) => id,
                None => {
                    let id = self.add_global(Global {
                        name: "strtok#save".to_string(),
                        ty: char_ptr.clone(),
                        init: vec![0],
                        span,
                    });
                    self.strtok_save = Some(id);
                    id
                }
            };
            Place {
                base: VarRef::Global(id),
                indices: vec![],
                span,
            }
        };

        let s = self.temp_of(char_ptr.clone(), node)?;
        let res = self.temp_of(char_ptr.clone(), node)?;
        let end = self.temp_of(char_ptr.clone(), node)?;
        let null = |me: &mut Self| me.konst(0, IntKind::Ptr, span);
        // s = arg; if (s == NULL) s = *save;
        self.assign_local(pre, s, s_expr, span);
        let is_null = {
            let a = self.local_load(s, IntKind::Ptr, span);
            let z = null(self);
            self.expr(
                ExprKind::Binary(BinOp::Eq, Box::new(a), Box::new(z)),
                IntKind::Int,
                span,
            )
        };
        let from_save = {
            let p = self.refresh_place(&save);
            let v = self.expr(ExprKind::Load(p), IntKind::Ptr, span);
            let place = self.local_place(s, vec![], span);
            self.stmt(StmtKind::Assign { place, value: v }, span, None)
        };
        self.emit(
            pre,
            StmtKind::If {
                cond: is_null,
                then_: vec![from_save],
                else_: vec![],
            },
            span,
            None,
        );
        // The result is NULL unless a token is found.
        let z = null(self);
        self.assign_local(pre, res, z, span);
        // if (*s != '\0') { s += strspn(s, delim); if (*s != '\0') { …token… } }
        // (`*save = s` where no token is: the end of the string.)
        let mut token = Vec::new();
        let n = self.temp(IntKind::ULong, node)?;
        let sp = self.local_load(s, IntKind::Ptr, span);
        let d2 = self.refresh_str_arg(&delim);
        self.emit(
            &mut token,
            StmtKind::Builtin(Builtin::Str {
                func: StrFn::Strcspn,
                dest: Some(n),
                args: vec![StrOperand::Str(StrArg::Ptr(sp)), StrOperand::Str(d2)],
            }),
            span,
            None,
        );
        let sp = self.local_load(s, IntKind::Ptr, span);
        let ne = self.local_load(n, IntKind::ULong, span);
        let at_end = match self.offset(sp, char_t.clone(), BinOp::Add, ne, node, span)? {
            Val::Ptr(e, _) => e,
            _ => return Err(self.semantic(node, "pointer arithmetic")),
        };
        self.assign_local(&mut token, end, at_end, span);
        let sp = self.local_load(s, IntKind::Ptr, span);
        self.assign_local(&mut token, res, sp, span);
        // if (*end == '\0') *save = end; else { *end = '\0'; *save = end + 1; }
        let last = {
            let e = self.local_load(end, IntKind::Ptr, span);
            let p = self.refresh_place(&save);
            self.stmt(StmtKind::Assign { place: p, value: e }, span, None)
        };
        let cut = {
            let zero = self.konst(0, IntKind::Long, span);
            let place = Place {
                base: VarRef::Local(end),
                indices: vec![zero],
                span,
            };
            let nul = self.konst(0, IntKind::Char, span);
            self.stmt(StmtKind::Assign { place, value: nul }, span, None)
        };
        let past = {
            let e = self.local_load(end, IntKind::Ptr, span);
            let one = self.konst(1, IntKind::Long, span);
            let v = match self.offset(e, char_t.clone(), BinOp::Add, one, node, span)? {
                Val::Ptr(e, _) => e,
                _ => return Err(self.semantic(node, "pointer arithmetic")),
            };
            let p = self.refresh_place(&save);
            self.stmt(StmtKind::Assign { place: p, value: v }, span, None)
        };
        let ends = self.nul_at(end, span);
        self.emit(
            &mut token,
            StmtKind::If {
                cond: ends,
                then_: vec![last],
                else_: vec![cut, past],
            },
            span,
            None,
        );
        // The skip of leading delimiters and the test for a token.
        let mut skip = Vec::new();
        let m = self.temp(IntKind::ULong, node)?;
        let sp = self.local_load(s, IntKind::Ptr, span);
        self.emit(
            &mut skip,
            StmtKind::Builtin(Builtin::Str {
                func: StrFn::Strspn,
                dest: Some(m),
                args: vec![StrOperand::Str(StrArg::Ptr(sp)), StrOperand::Str(delim)],
            }),
            span,
            None,
        );
        let sp = self.local_load(s, IntKind::Ptr, span);
        let me = self.local_load(m, IntKind::ULong, span);
        let moved = match self.offset(sp, char_t, BinOp::Add, me, node, span)? {
            Val::Ptr(e, _) => e,
            _ => return Err(self.semantic(node, "pointer arithmetic")),
        };
        self.assign_local(&mut skip, s, moved, span);
        let none = self.save_s(&save, s, span);
        let at_nul = self.nul_at(s, span);
        self.emit(
            &mut skip,
            StmtKind::If {
                cond: at_nul,
                then_: vec![none],
                else_: token,
            },
            span,
            None,
        );
        let none = self.save_s(&save, s, span);
        let at_nul = self.nul_at(s, span);
        self.emit(
            pre,
            StmtKind::If {
                cond: at_nul,
                then_: vec![none],
                else_: skip,
            },
            span,
            None,
        );
        let r = self.local_load(res, IntKind::Ptr, span);
        Ok(Val::Ptr(r, Type::Int(IntKind::Char)))
    }

    fn strtok_r_save(&mut self, at: Node) -> crate::ctx::Reported {
        self.unsupported(
            at,
            "a `strtok_r` save pointer other than `&p` for a `char *` variable `p`",
        )
    }

    /// `*save = s;`
    fn save_s(&mut self, save: &Place, s: LocalId, span: Span) -> faultline_ir::Stmt {
        let v = self.local_load(s, IntKind::Ptr, span);
        let place = self.refresh_place(save);
        self.stmt(StmtKind::Assign { place, value: v }, span, None)
    }

    /// `*p == '\0'` for the `char *` local `p`.
    fn nul_at(&mut self, p: LocalId, span: Span) -> Expr {
        let zero = self.konst(0, IntKind::Long, span);
        let place = Place {
            base: VarRef::Local(p),
            indices: vec![zero],
            span,
        };
        let c = self.expr(ExprKind::Load(place), IntKind::Char, span);
        let z = self.konst(0, IntKind::Int, span);
        self.arith(BinOp::Eq, c, z, span)
    }

    /// A copy of a string operand with fresh ids (it is used twice).
    fn refresh_str_arg(&mut self, a: &StrArg) -> StrArg {
        match a {
            StrArg::Literal(s) => StrArg::Literal(s.clone()),
            StrArg::Array(p) => StrArg::Array(self.refresh_place(p)),
            StrArg::Ptr(e) => StrArg::Ptr(self.refresh(e)),
        }
    }
}
