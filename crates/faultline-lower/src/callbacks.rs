//! `qsort` and `bsearch` with a user comparison function, lowered to IR loops that call it.
//!
//! The comparator is a function named directly (`qsort(a, n, sizeof a[0], cmp)`) or a function
//! pointer (called through a `switch`, as below); either way every call is an ordinary IR call
//! of a user function, so the interpreter and the symbolic executor need no function pointers. The array's element type is the base argument's static type before its
//! conversion to `void *`, and the element size must be its `sizeof`.
//!
//! `qsort` is an insertion sort: glibc's order of comparisons is not specified and differs, but
//! for a comparator that is a total order the sorted result is the same (qsort is not stable, so
//! programs whose result depends on the order of equal elements are not portable anyway).
//! `bsearch` probes exactly as glibc's inline `bsearch` does (`(l + u) / 2`), so it returns the
//! same element among equal ones.
//!
//! The statements are not components (the user wrote none of them) and carry the call's span.
//!
//! Function pointers (`int (*op)(int, int)` variables, parameters, array elements, struct
//! members and results, see [`Type::FnPtr`]) are defunctionalized the same way: a function
//! pointer is a `long` holding the number of the function it points to (its index plus one;
//! 0 is null), a function's name used as a value is that number, and a call through a pointer
//! is a `switch` over the functions of its type, each arm an ordinary call. Calling a null
//! pointer (or a number no function of that type has) is a located "call through a null
//! function pointer" (`LibOp::NullCall`).

use faultline_ir::{
    Arg, BinOp, Block, Expr, ExprKind, FuncId, IntKind, LocalId, Span, StmtKind, SwitchArm, Type,
    VarRef,
};
use tree_sitter::Node;

use crate::ctx::{FnSig, Lowerer, Reported, Res};
use crate::expr::Val;

impl<'a> Lowerer<'a> {
    /// `qsort(base, n, size, cmp)` and `bsearch(key, base, n, size, cmp)`.
    pub(crate) fn sort_call(
        &mut self,
        node: Node,
        name: &str,
        args: &[Node],
        pre: &mut Block,
        used: bool,
    ) -> Res<Val> {
        let search = name == "bsearch";
        let want = if search { 5 } else { 4 };
        if args.len() != want {
            return Err(self.semantic(
                node,
                format!("`{name}` takes {want} arguments, {} given", args.len()),
            ));
        }
        if !search && used {
            return Err(self.semantic(node, "`qsort` returns void; its value is used"));
        }
        let span = self.span(node);
        let rest = if search { &args[1..] } else { args };
        let (base_n, count_n, size_n, cmp_n) = (rest[0], rest[1], rest[2], rest[3]);
        let cmp = self.comparator(cmp_n, pre)?;
        let key = if search {
            let v = self.value(args[0], pre, true)?;
            Some(self.to_pointer(v, &Type::Void, args[0])?)
        } else {
            None
        };
        let base_v = self.value(base_n, pre, true)?;
        let elem = match self.pointee(&base_v) {
            Some(Type::Void) | None => {
                return Err(self.unsupported(
                    base_n,
                    format!(
                        "`{name}` of an array whose element type is not known here (a `void *`)"
                    ),
                ))
            }
            Some(t) => self.complete(t),
        };
        // An element is a scalar, a struct, or a row of scalars (`char names[10][16]`).
        let row = matches!(&elem, Type::Array(e, n) if matches!(**e, Type::Int(_) | Type::Ptr(_)) && *n > 0 && *n <= 4096);
        if !row && !matches!(elem, Type::Int(_) | Type::Ptr(_) | Type::Struct(_)) {
            return Err(self.unsupported(base_n, format!("`{name}` of an array of `{elem}`")));
        }
        let base_e = self.scalar(base_v, base_n)?;
        let count = self.rvalue(count_n, pre)?;
        let count = self.cast(count, IntKind::Long);
        let size = self.rvalue(size_n, pre)?;
        if let (ExprKind::Const(s), Some(want)) = (&size.kind, elem.size_of()) {
            if *s as u64 != want {
                return Err(self.unsupported(
                    size_n,
                    format!("`{name}` with an element size of {s}, not `sizeof` the array's `{elem}` ({want})"),
                ));
            }
        }
        let pty = Type::Ptr(Box::new(elem.clone()));
        let base = self.temp_of(pty, node)?;
        self.assign_local(pre, base, base_e, span);
        let n = self.temp(IntKind::Long, node)?;
        self.assign_local(pre, n, count, span);
        match key {
            None => {
                self.insertion_sort(node, &elem, base, n, cmp, span, pre)?;
                Ok(Val::Void)
            }
            Some(key) => {
                let r = self.binary_search(node, &elem, base, n, key, cmp, span, pre)?;
                let e = self.local_load(r, IntKind::Ptr, span);
                Ok(Val::Ptr(e, Type::Void))
            }
        }
    }

    /// The comparison function of `qsort`/`bsearch`: a user function named directly
    /// (`cmp`, `&cmp`), or a function pointer (`int (*order)(const void *, const void *)`)
    /// whose value is read once, before the sort.
    fn comparator(&mut self, n: Node, pre: &mut Block) -> Res<Cmp> {
        // `&cmp` and `(cmp)` name it too.
        let d = function_designator(n)?;
        let named = d.kind() == "identifier" && {
            let name = self.text(d);
            self.lookup(name).is_none()
        };
        if !named {
            let v = self.value(n, pre, true)?;
            let Some(fs) = self.fn_type(&v) else {
                return Err(self.unsupported(
                    n,
                    "a comparison function other than a function or a function pointer",
                ));
            };
            let ok = fs.ret == Type::Int(IntKind::Int)
                && fs.params.len() == 2
                && fs.params.iter().all(|t| matches!(t, Type::Ptr(_)));
            if !ok {
                let t = Type::FnPtr(Box::new(fs));
                return Err(self.semantic(
                    n,
                    format!("comparison function of type `{t}`, not `int (*)(const void *, const void *)`"),
                ));
            }
            let e = self.scalar(v, n)?;
            let span = self.span(n);
            let f = self.temp(IntKind::Long, n)?;
            self.assign_local(pre, f, e, span);
            let cands = self.fn_candidates(&fs);
            return Ok(Cmp::Through(f, cands));
        }
        let name = self.text(d).to_string();
        let Some(&id) = self.sig_by_name.get(&name) else {
            return Err(self.unsupported(
                d,
                format!(
                    "comparison function `{name}`, which is not a function defined in this file"
                ),
            ));
        };
        let sig = &self.sigs[id.index()];
        let ok = sig.ret == Type::Int(IntKind::Int)
            && sig.params.len() == 2
            && sig.params.iter().all(|(_, t, _)| matches!(t, Type::Ptr(_)));
        if !ok {
            return Err(self.semantic(
                d,
                format!(
                    "comparison function `{name}` is not `int {name}(const void *, const void *)`"
                ),
            ));
        }
        Ok(Cmp::Direct(id))
    }

    /// `if (cond) break;`
    fn break_if(&mut self, out: &mut Block, cond: Expr, span: Span) {
        let brk = self.stmt(StmtKind::Break, span, None);
        self.emit(
            out,
            StmtKind::If {
                cond,
                then_: vec![brk],
                else_: vec![],
            },
            span,
            None,
        );
    }

    /// `&base[i]` as a pointer value.
    fn elem_ptr(
        &mut self,
        node: Node,
        elem: &Type,
        base: LocalId,
        i: Expr,
        span: Span,
    ) -> Res<Expr> {
        let p = self.local_load(base, IntKind::Ptr, span);
        match self.offset(p, elem.clone(), BinOp::Add, i, node, span)? {
            Val::Ptr(e, _) => Ok(e),
            _ => Err(self.semantic(node, "pointer arithmetic")),
        }
    }

    /// `dest = cmp(a, b)`.
    fn compare(
        &mut self,
        out: &mut Block,
        cmp: &Cmp,
        a: Expr,
        b: Expr,
        node: Node,
    ) -> Res<LocalId> {
        let span = self.span(node);
        let r = self.temp(IntKind::Int, node)?;
        let args = vec![Arg::Value(a), Arg::Value(b)];
        match cmp {
            Cmp::Direct(id) => self.emit(
                out,
                StmtKind::Call {
                    dest: Some(r),
                    func: *id,
                    args,
                },
                span,
                None,
            ),
            Cmp::Through(f, cands) => {
                let cands = cands.clone();
                self.switch_calls(out, node, *f, &cands, Some(r), &args)?
            }
        }
        Ok(r)
    }

    /// Exchange elements `i` and `j` of the array `base` points to.
    #[allow(clippy::too_many_arguments)]
    fn swap_elems(
        &mut self,
        node: Node,
        elem: &Type,
        base: LocalId,
        i: LocalId,
        j: LocalId,
        span: Span,
        out: &mut Block,
    ) -> Res<()> {
        if let Some(k) = elem.as_int() {
            let t = self.temp(k, node)?;
            let ie = self.local_load(i, IntKind::Long, span);
            let at_i = self.local_place(base, vec![ie], span);
            let v = self.expr(ExprKind::Load(at_i), k, span);
            self.assign_local(out, t, v, span);
            let je = self.local_load(j, IntKind::Long, span);
            let at_j = self.local_place(base, vec![je], span);
            let v = self.expr(ExprKind::Load(at_j), k, span);
            let ie = self.local_load(i, IntKind::Long, span);
            let at_i = self.local_place(base, vec![ie], span);
            self.emit(
                out,
                StmtKind::Assign {
                    place: at_i,
                    value: v,
                },
                span,
                None,
            );
            let v = self.local_load(t, k, span);
            let je = self.local_load(j, IntKind::Long, span);
            let at_j = self.local_place(base, vec![je], span);
            self.emit(
                out,
                StmtKind::Assign {
                    place: at_j,
                    value: v,
                },
                span,
                None,
            );
            return Ok(());
        }
        if let Type::Array(e, len) = elem {
            // A row: cell by cell, in a loop over the row.
            let Some(k) = e.as_int() else {
                return Err(self.unsupported(node, format!("sorting rows of `{e}`")));
            };
            let t = self.temp(k, node)?;
            let c = self.temp(IntKind::Long, node)?;
            let zero = self.konst(0, IntKind::Long, span);
            self.assign_local(out, c, zero, span);
            let mut body = Vec::new();
            let ce = self.local_load(c, IntKind::Long, span);
            let n = self.konst(*len as i128, IntKind::Long, span);
            let done = self.arith(BinOp::Ge, ce, n, span);
            self.break_if(&mut body, done, span);
            let cell = |s: &mut Self, row: LocalId| {
                let r = s.local_load(row, IntKind::Long, span);
                let c = s.local_load(c, IntKind::Long, span);
                s.local_place(base, vec![r, c], span)
            };
            if k.bits() == 8 {
                // A row of chars holds a string: each row's bytes up to its NUL move, and no
                // cell past a NUL is read (it may be indeterminate; qsort's byte copy may read
                // it, but a program cannot observe it without undefined behaviour).
                let (ea, eb, tb) = (
                    self.temp(IntKind::Int, node)?,
                    self.temp(IntKind::Int, node)?,
                    self.temp(k, node)?,
                );
                let mut pre_loop = Vec::new();
                for e in [ea, eb] {
                    let z = self.konst(0, IntKind::Int, span);
                    self.assign_local(&mut pre_loop, e, z, span);
                }
                out.extend(pre_loop);
                let both = {
                    let a = self.local_load(ea, IntKind::Int, span);
                    let b = self.local_load(eb, IntKind::Int, span);
                    self.arith(BinOp::BitAnd, a, b, span)
                };
                self.break_if(&mut body, both, span);
                for (dst, ended, row) in [(t, ea, i), (tb, eb, j)] {
                    let at = cell(self, row);
                    let v = self.expr(ExprKind::Load(at), k, span);
                    let z = self.konst(0, k, span);
                    let c = self.local_load(ended, IntKind::Int, span);
                    let v = self.expr(
                        ExprKind::Cond(Box::new(c), Box::new(z), Box::new(v)),
                        k,
                        span,
                    );
                    self.assign_local(&mut body, dst, v, span);
                }
                for (src, ended, row) in [(tb, eb, i), (t, ea, j)] {
                    let v = self.local_load(src, k, span);
                    let at = cell(self, row);
                    let w = self.stmt(
                        StmtKind::Assign {
                            place: at,
                            value: v,
                        },
                        span,
                        None,
                    );
                    let e = self.local_load(ended, IntKind::Int, span);
                    let z = self.konst(0, IntKind::Int, span);
                    let live = self.arith(BinOp::Eq, e, z, span);
                    self.emit(
                        &mut body,
                        StmtKind::If {
                            cond: live,
                            then_: vec![w],
                            else_: vec![],
                        },
                        span,
                        None,
                    );
                }
                for (src, ended) in [(t, ea), (tb, eb)] {
                    let v = self.local_load(src, k, span);
                    let z = self.konst(0, k, span);
                    let nul = self.arith(BinOp::Eq, v, z, span);
                    self.assign_local(&mut body, ended, nul, span);
                }
            } else {
                let at_i = cell(self, i);
                let v = self.expr(ExprKind::Load(at_i), k, span);
                self.assign_local(&mut body, t, v, span);
                let at_j = cell(self, j);
                let v = self.expr(ExprKind::Load(at_j), k, span);
                let at_i = cell(self, i);
                self.emit(
                    &mut body,
                    StmtKind::Assign {
                        place: at_i,
                        value: v,
                    },
                    span,
                    None,
                );
                let v = self.local_load(t, k, span);
                let at_j = cell(self, j);
                self.emit(
                    &mut body,
                    StmtKind::Assign {
                        place: at_j,
                        value: v,
                    },
                    span,
                    None,
                );
            }
            let mut latch = Vec::new();
            let ce = self.local_load(c, IntKind::Long, span);
            let one = self.konst(1, IntKind::Long, span);
            let v = self.arith(BinOp::Add, ce, one, span);
            self.assign_local(&mut latch, c, v, span);
            self.emit(out, StmtKind::Loop { body, latch }, span, None);
            return Ok(());
        }
        // A struct: copied leaf by leaf through the pointer.
        let tmp = self.agg_temp(elem, span, node)?;
        let ie = self.local_load(i, IntKind::Long, span);
        let a = self.through(VarRef::Local(base), elem.clone(), ie, span);
        let je = self.local_load(j, IntKind::Long, span);
        let b = self.through(VarRef::Local(base), elem.clone(), je, span);
        self.agg_copy(&tmp, &a, span, None, node, out)?;
        self.agg_copy(&a, &b, span, None, node, out)?;
        self.agg_copy(&b, &tmp, span, None, node, out)?;
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn insertion_sort(
        &mut self,
        node: Node,
        elem: &Type,
        base: LocalId,
        n: LocalId,
        cmp: Cmp,
        span: Span,
        out: &mut Block,
    ) -> Res<()> {
        let one = |s: &mut Self| s.konst(1, IntKind::Long, span);
        // for (i = 1; i < n; i++)
        let i = self.temp(IntKind::Long, node)?;
        let v = one(self);
        self.assign_local(out, i, v, span);
        let mut outer = Vec::new();
        let (ie, ne) = (
            self.local_load(i, IntKind::Long, span),
            self.local_load(n, IntKind::Long, span),
        );
        let c = self.arith(BinOp::Ge, ie, ne, span);
        self.break_if(&mut outer, c, span);
        // for (j = i; j > 0 && cmp(&base[j - 1], &base[j]) > 0; j--) swap(j - 1, j)
        let j = self.temp(IntKind::Long, node)?;
        let jm = self.temp(IntKind::Long, node)?;
        let v = self.local_load(i, IntKind::Long, span);
        self.assign_local(&mut outer, j, v, span);
        let mut inner = Vec::new();
        let je = self.local_load(j, IntKind::Long, span);
        let zero = self.konst(0, IntKind::Long, span);
        let c = self.arith(BinOp::Le, je, zero, span);
        self.break_if(&mut inner, c, span);
        let je = self.local_load(j, IntKind::Long, span);
        let o = one(self);
        let v = self.arith(BinOp::Sub, je, o, span);
        self.assign_local(&mut inner, jm, v, span);
        let jme = self.local_load(jm, IntKind::Long, span);
        let pa = self.elem_ptr(node, elem, base, jme, span)?;
        let je = self.local_load(j, IntKind::Long, span);
        let pb = self.elem_ptr(node, elem, base, je, span)?;
        let r = self.compare(&mut inner, &cmp, pa, pb, node)?;
        let re = self.local_load(r, IntKind::Int, span);
        let zero = self.konst(0, IntKind::Int, span);
        let c = self.arith(BinOp::Le, re, zero, span);
        self.break_if(&mut inner, c, span);
        self.swap_elems(node, elem, base, jm, j, span, &mut inner)?;
        let mut inner_latch = Vec::new();
        let v = self.local_load(jm, IntKind::Long, span);
        self.assign_local(&mut inner_latch, j, v, span);
        self.emit(
            &mut outer,
            StmtKind::Loop {
                body: inner,
                latch: inner_latch,
            },
            span,
            None,
        );
        let mut latch = Vec::new();
        let ie = self.local_load(i, IntKind::Long, span);
        let o = one(self);
        let v = self.arith(BinOp::Add, ie, o, span);
        self.assign_local(&mut latch, i, v, span);
        self.emit(out, StmtKind::Loop { body: outer, latch }, span, None);
        Ok(())
    }

    /// glibc's `bsearch`: the result pointer's local (null when not found).
    #[allow(clippy::too_many_arguments)]
    fn binary_search(
        &mut self,
        node: Node,
        elem: &Type,
        base: LocalId,
        n: LocalId,
        key: Expr,
        cmp: Cmp,
        span: Span,
        out: &mut Block,
    ) -> Res<LocalId> {
        let pvoid = Type::Ptr(Box::new(Type::Void));
        let res = self.temp_of(pvoid.clone(), node)?;
        let k = self.temp_of(pvoid, node)?;
        self.assign_local(out, k, key, span);
        let null = self.konst(0, IntKind::Ptr, span);
        self.assign_local(out, res, null, span);
        let (lo, hi, mid) = (
            self.temp(IntKind::Long, node)?,
            self.temp(IntKind::Long, node)?,
            self.temp(IntKind::Long, node)?,
        );
        let zero = self.konst(0, IntKind::Long, span);
        self.assign_local(out, lo, zero, span);
        let ne = self.local_load(n, IntKind::Long, span);
        self.assign_local(out, hi, ne, span);
        let mut body = Vec::new();
        let (l, h) = (
            self.local_load(lo, IntKind::Long, span),
            self.local_load(hi, IntKind::Long, span),
        );
        let c = self.arith(BinOp::Ge, l, h, span);
        self.break_if(&mut body, c, span);
        let (l, h) = (
            self.local_load(lo, IntKind::Long, span),
            self.local_load(hi, IntKind::Long, span),
        );
        let s = self.arith(BinOp::Add, l, h, span);
        let two = self.konst(2, IntKind::Long, span);
        let m = self.arith(BinOp::Div, s, two, span);
        self.assign_local(&mut body, mid, m, span);
        let ke = self.local_load(k, IntKind::Ptr, span);
        let me = self.local_load(mid, IntKind::Long, span);
        let pm = self.elem_ptr(node, elem, base, me, span)?;
        let r = self.compare(&mut body, &cmp, ke, pm, node)?;
        // r < 0: hi = mid; r > 0: lo = mid + 1; else found.
        let me = self.local_load(mid, IntKind::Long, span);
        let set_hi = {
            let place = self.local_place(hi, vec![], span);
            self.stmt(StmtKind::Assign { place, value: me }, span, None)
        };
        let me = self.local_load(mid, IntKind::Long, span);
        let one = self.konst(1, IntKind::Long, span);
        let m1 = self.arith(BinOp::Add, me, one, span);
        let set_lo = {
            let place = self.local_place(lo, vec![], span);
            self.stmt(StmtKind::Assign { place, value: m1 }, span, None)
        };
        let me = self.local_load(mid, IntKind::Long, span);
        let pm = self.elem_ptr(node, elem, base, me, span)?;
        let found = {
            let place = self.local_place(res, vec![], span);
            self.stmt(StmtKind::Assign { place, value: pm }, span, None)
        };
        let brk = self.stmt(StmtKind::Break, span, None);
        let re = self.local_load(r, IntKind::Int, span);
        let zero = self.konst(0, IntKind::Int, span);
        let gt = self.arith(BinOp::Gt, re, zero, span);
        let inner = self.stmt(
            StmtKind::If {
                cond: gt,
                then_: vec![set_lo],
                else_: vec![found, brk],
            },
            span,
            None,
        );
        let re = self.local_load(r, IntKind::Int, span);
        let zero = self.konst(0, IntKind::Int, span);
        let lt = self.arith(BinOp::Lt, re, zero, span);
        self.emit(
            &mut body,
            StmtKind::If {
                cond: lt,
                then_: vec![set_hi],
                else_: vec![inner],
            },
            span,
            None,
        );
        self.emit(
            out,
            StmtKind::Loop {
                body,
                latch: vec![],
            },
            span,
            None,
        );
        Ok(res)
    }

    /// The type of the functions `(*f)(…)` points to, from its function declarator.
    pub(crate) fn fn_sig(&mut self, ret: Type, fd: Node) -> Res<FnSig> {
        let ret = self.complete(ret);
        if !matches!(
            ret,
            Type::Void | Type::Int(_) | Type::Ptr(_) | Type::FnPtr(_)
        ) {
            return Err(self.unsupported(fd, format!("a function pointer returning `{ret}`")));
        }
        let mut params = Vec::new();
        if let Some(plist) = fd.child_by_field_name("parameters") {
            let mut c = plist.walk();
            let ps: Vec<Node> = plist
                .named_children(&mut c)
                .filter(|n| n.kind() != "comment")
                .collect();
            let only = ps.len() == 1;
            for p in ps {
                if p.kind() != "parameter_declaration" {
                    return Err(self.unsupported(p, "this parameter of a function pointer"));
                }
                let ty = match p.child_by_field_name("declarator") {
                    None => self.specifiers(p)?.0,
                    Some(d) if d.kind().starts_with("abstract") => self.type_name(p)?,
                    Some(d) => {
                        let (base, _) = self.specifiers(p)?;
                        self.declarator(d, base)?.ty
                    }
                };
                if only && ty == Type::Void {
                    break;
                }
                let ty = match self.complete(ty) {
                    Type::Array(e, _) | Type::Ptr(e)
                        if !matches!(*e, Type::Struct(_) | Type::Void) =>
                    {
                        Type::ArrayRef(e)
                    }
                    t => t,
                };
                params.push(ty);
            }
        }
        Ok(FnSig { ret, params })
    }

    /// The functions a pointer of type `fs` may point to: every function of that type whose
    /// name is used as a value somewhere (only those can be pointed to).
    fn fn_candidates(&self, fs: &FnSig) -> Vec<FuncId> {
        self.sigs
            .iter()
            .enumerate()
            .filter(|(i, s)| {
                self.address_taken.contains(&FuncId(*i as u32))
                    && !s.has_argv
                    && s.ret == fs.ret
                    && s.params.len() == fs.params.len()
                    && s.params.iter().zip(&fs.params).all(|((_, a, _), b)| a == b)
            })
            .map(|(i, _)| FuncId(i as u32))
            .collect()
    }

    /// The type of a function's pointer.
    pub(crate) fn fn_sig_of(&self, id: FuncId) -> FnSig {
        let s = &self.sigs[id.index()];
        FnSig {
            ret: s.ret.clone(),
            params: s.params.iter().map(|(_, t, _)| t.clone()).collect(),
        }
    }

    /// The function `id` used as a value (`op = add`, `&add`, `{add, sub}`): a pointer to it,
    /// its number.
    pub(crate) fn function_value(&mut self, id: FuncId, node: Node) -> Res<Val> {
        if self.sigs[id.index()].has_argv {
            return Err(self.unsupported(node, "a pointer to `main`"));
        }
        let span = self.span(node);
        let e = self.konst(id.index() as i128 + 1, IntKind::Long, span);
        Ok(Val::Fn(e, self.fn_sig_of(id)))
    }

    /// The type of the functions `v` points to, when it is a function pointer.
    pub(crate) fn fn_type(&self, v: &Val) -> Option<FnSig> {
        match v {
            Val::Fn(_, s) => Some(s.clone()),
            Val::Obj(o) => match &o.ty {
                Type::FnPtr(s) => Some((**s).clone()),
                _ => None,
            },
            _ => None,
        }
    }

    /// `v` as a function pointer's number (`long`): a function pointer (of type `want` when
    /// given) or the null pointer constant (`NULL`, `0`).
    pub(crate) fn fn_number(&mut self, v: Val, want: Option<&FnSig>, at: Node) -> Res<Expr> {
        if let Some(fs) = self.fn_type(&v) {
            if let Some(w) = want.filter(|w| **w != fs) {
                let (have, need) = (Type::FnPtr(Box::new(fs)), Type::FnPtr(Box::new(w.clone())));
                return Err(self.semantic(
                    at,
                    format!("a function pointer of type `{have}` where `{need}` is needed"),
                ));
            }
            return self.scalar(v, at);
        }
        let null = match &v {
            Val::Ptr(e, Type::Void) | Val::Scalar(e) => {
                matches!(e.kind, ExprKind::Const(0)) && !e.ty.is_float()
            }
            _ => false,
        };
        if null {
            let span = self.span(at);
            return Ok(self.konst(0, IntKind::Long, span));
        }
        Err(match want {
            Some(w) => {
                let need = Type::FnPtr(Box::new(w.clone()));
                self.semantic(
                    at,
                    format!("not a function pointer where `{need}` is needed"),
                )
            }
            None => self.semantic(at, "a function pointer compared with something else"),
        })
    }

    /// `f(args)` through a function pointer: `fp` is its number, `fs` the type it points to.
    /// A constant (`(*add)(1, 2)`) is a direct call; otherwise a `switch` over the functions
    /// of that type, each arm the call as written to that function, and any other number
    /// (null, or none of them) a call through a null pointer: a located null dereference.
    pub(crate) fn call_through(
        &mut self,
        node: Node,
        fp: Expr,
        fs: FnSig,
        args: &[Node],
        pre: &mut Block,
        used: bool,
    ) -> Res<Val> {
        let span = self.span(node);
        if let ExprKind::Const(n) = fp.kind {
            if let Some(id) = usize::try_from(n - 1)
                .ok()
                .filter(|&i| i < self.sigs.len())
                .map(|i| FuncId(i as u32))
            {
                if self.fn_sig_of(id) == fs {
                    return self.user_call(node, id, args, pre, used);
                }
            }
        }
        // The pointer is read before the arguments, which may change it.
        let f = self.temp(IntKind::Long, node)?;
        self.assign_local(pre, f, fp, span);
        let cands = self.fn_candidates(&fs);
        let Some(&first) = cands.first() else {
            // No function of this type is ever pointed to: the pointer can only be null (or
            // garbage), and reaching the call is a call through a null pointer. The arguments
            // are still evaluated for their effects.
            for a in args {
                self.effect(*a, pre)?;
            }
            self.switch_calls(pre, node, f, &[], None, &[])?;
            return match (&fs.ret, used) {
                (_, false) | (Type::Void, _) => Ok(Val::Void),
                (t, true) => match t.storage().as_int() {
                    // Never read: the call before it fails.
                    Some(k) => {
                        let r = self.temp_of(t.storage(), node)?;
                        let e = self.local_load(r, k, span);
                        Ok(match t {
                            Type::Ptr(p) => Val::Ptr(e, (**p).clone()),
                            Type::FnPtr(s) => Val::Fn(e, (**s).clone()),
                            _ => Val::Scalar(e),
                        })
                    }
                    None => Err(self.unsupported(
                        node,
                        format!("a call through a function pointer returning `{t}`"),
                    )),
                },
            };
        };
        // The arguments once, and the call to the first candidate, as a direct call is lowered.
        let mut blk = Vec::new();
        let v = self.user_call(node, first, args, &mut blk, used)?;
        let Some(StmtKind::Call {
            dest, args: cargs, ..
        }) = blk.pop().map(|s| s.kind)
        else {
            return Err(self.unsupported(node, "this call through a function pointer"));
        };
        pre.extend(blk);
        self.switch_calls(pre, node, f, &cands, dest, &cargs)?;
        Ok(v)
    }

    /// `switch (f) { case 1 + k: dest = cands[k](args); … default: null call }`: the call
    /// through the function pointer held by `f`, to each function it may point to.
    fn switch_calls(
        &mut self,
        out: &mut Block,
        node: Node,
        f: LocalId,
        cands: &[FuncId],
        dest: Option<LocalId>,
        cargs: &[Arg],
    ) -> Res<()> {
        let span = self.span(node);
        let mut arms = Vec::new();
        for &id in cands {
            let args = cargs
                .iter()
                .map(|a| match a {
                    Arg::Value(e) => Arg::Value(self.refresh(e)),
                    Arg::ArrayRef(p) => Arg::ArrayRef(self.refresh_place(p)),
                })
                .collect();
            let call = self.stmt(
                StmtKind::Call {
                    dest,
                    func: id,
                    args,
                },
                span,
                None,
            );
            let brk = self.stmt(StmtKind::Break, span, None);
            arms.push(SwitchArm {
                values: vec![id.index() as i128 + 1],
                is_default: false,
                body: vec![call, brk],
                span,
            });
        }
        // Anything else (null, or a number no function has): a call through a null pointer.
        let fail = self.stmt(
            StmtKind::Builtin(faultline_ir::Builtin::Lib {
                op: faultline_ir::LibOp::NullCall,
                dest: None,
                args: Vec::new(),
            }),
            span,
            None,
        );
        arms.push(SwitchArm {
            values: vec![],
            is_default: true,
            body: vec![fail],
            span,
        });
        let scrutinee = self.local_load(f, IntKind::Long, span);
        self.emit(out, StmtKind::Switch { scrutinee, arms }, span, None);
        Ok(())
    }
}

/// A `qsort`/`bsearch` comparison function: called directly, or through a function pointer
/// (the local holding its number, and the functions of its type).
enum Cmp {
    Direct(FuncId),
    Through(LocalId, Vec<FuncId>),
}

/// `f` from `f`, `&f` or `(f)`: the node naming a function where a function pointer is expected.
fn function_designator(mut n: Node) -> Res<Node> {
    loop {
        match n.kind() {
            "parenthesized_expression" if n.named_child_count() == 1 => {
                n = n.named_child(0).ok_or(Reported)?;
            }
            "pointer_expression"
                if n.child_by_field_name("operator").map(|o| o.kind()) == Some("&") =>
            {
                n = n.child_by_field_name("argument").ok_or(Reported)?;
            }
            _ => return Ok(n),
        }
    }
}
