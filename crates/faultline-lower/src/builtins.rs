//! Calls: user functions, and the library functions the IR models (`printf`, `scanf`, `getchar`,
//! `atoi`, `atof`, `abs`, the `math.h` functions, `exit`, `assert`, nondet inputs and
//! assumptions).

use faultline_ir::format::{parse_format, ConvKind, ConvSpec, FmtPiece, FormatMismatch, LengthMod};
use faultline_ir::{
    Arg, Block, Builtin, Component, ErrorKind, ExprKind, FuncId, IntKind, LibOp, LocalId, Place,
    PrintArg, StmtKind, StrArg, StrFn, StrOperand, Stream, Type, UnOp, VarRef,
};
use tree_sitter::Node;

use crate::ctx::{Lowerer, Reported, Res, Sym};
use crate::expr::Val;

fn nondet_kind(name: &str) -> Option<IntKind> {
    let suffix = name
        .strip_prefix("__VERIFIER_nondet_")
        .or_else(|| name.strip_prefix("nondet_"))?;
    use IntKind::*;
    Some(match suffix {
        "int" => Int,
        "uint" | "unsigned" => UInt,
        "char" => Char,
        "uchar" => UChar,
        "short" => Short,
        "ushort" => UShort,
        "long" => Long,
        "ulong" => ULong,
        "longlong" => LongLong,
        "ulonglong" => ULongLong,
        "bool" | "_Bool" => Bool,
        _ => return None,
    })
}

/// A `math.h` function by name: `sqrt` computes in `double`, `sqrtf` in `float`.
fn math_fn(name: &str) -> Option<(faultline_ir::float::MathFn, IntKind)> {
    use faultline_ir::float::MathFn;
    if let Some(f) = MathFn::from_name(name) {
        return Some((f, IntKind::Double));
    }
    let f = MathFn::from_name(name.strip_suffix('f')?)?;
    Some((f, IntKind::Float))
}

/// The type `printf` reads for an integer conversion, after default argument promotions (the
/// `h`/`hh` narrowing is part of printing, done by the consumer).
fn printf_type(kind: ConvKind, len: LengthMod) -> IntKind {
    let signed = matches!(kind, ConvKind::Signed);
    let k = match len {
        LengthMod::Long | LengthMod::Size => IntKind::Long,
        LengthMod::LongLong => IntKind::LongLong,
        _ => IntKind::Int,
    };
    if signed || kind == ConvKind::Char {
        k
    } else {
        k.to_unsigned()
    }
}

/// What a `printf` conversion reads, in words for a [`FormatMismatch`].
fn print_expects(c: &ConvSpec) -> String {
    match c.kind {
        ConvKind::Float(_) => "a `double`".into(),
        ConvKind::Str => "a string (`char *`)".into(),
        _ => {
            let k = printf_type(c.kind, c.length).c_name();
            format!("{} `{k}`", faultline_ir::format::article(k))
        }
    }
}

impl<'a> Lowerer<'a> {
    pub(crate) fn call(&mut self, node: Node, pre: &mut Block, used: bool) -> Res<Val> {
        let (Some(f), Some(args)) = (
            node.child_by_field_name("function"),
            node.child_by_field_name("arguments"),
        ) else {
            return Err(self.semantic(node, "malformed call"));
        };
        let mut c = args.walk();
        let args: Vec<Node> = args
            .named_children(&mut c)
            .filter(|a| a.kind() != "comment")
            .collect();
        if let Some(ty) = self.typedef_in_parens(f) {
            // `(T)(x)` with a typedef `T`: a cast (of a comma expression if several).
            let Some((last, init)) = args.split_last() else {
                return Err(self.semantic(node, "cast of nothing"));
            };
            for a in init {
                self.effect(*a, pre)?;
            }
            return self.cast_to(ty, *last, node, pre, used);
        }
        if f.kind() != "identifier" {
            return self.indirect_call(node, f, &args, pre, used);
        }
        let name = self.text(f);
        match self.lookup(name) {
            Some(Sym::Poisoned) => return Err(Reported),
            Some(_) => return self.indirect_call(node, f, &args, pre, used),
            None => {}
        }
        if let Some(&id) = self.sig_by_name.get(name) {
            return self.user_call(node, id, &args, pre, used);
        }
        self.library_call(node, name, &args, pre, used)
    }

    /// `f(args)` where `f` is an expression (`op(a, b)`, `ops[i](a, b)`, `p->fn(x)`,
    /// `(*fp)(x)`, `pick(c)(a, b)`): a call through a function pointer.
    fn indirect_call(
        &mut self,
        node: Node,
        f: Node,
        args: &[Node],
        pre: &mut Block,
        used: bool,
    ) -> Res<Val> {
        let v = self.value(f, pre, true)?;
        let Some(fs) = self.fn_type(&v) else {
            return Err(self.semantic(
                f,
                format!(
                    "called object `{}` is not a function or function pointer",
                    self.text(f)
                ),
            ));
        };
        let fp = self.scalar(v, f)?;
        self.call_through(node, fp, fs, args, pre, used)
    }

    pub(crate) fn user_call(
        &mut self,
        node: Node,
        id: FuncId,
        args: &[Node],
        pre: &mut Block,
        used: bool,
    ) -> Res<Val> {
        let sig = self.sigs[id.index()].clone();
        if sig.has_argv {
            return Err(self.unsupported(node, "calling `main` with `argv`"));
        }
        if args.len() != sig.params.len() {
            return Err(self.semantic(
                node,
                format!(
                    "`{}` takes {} argument(s), {} given",
                    sig.name,
                    sig.params.len(),
                    args.len()
                ),
            ));
        }
        let mut lowered = Vec::new();
        for (a, (pname, pty, _)) in args.iter().zip(&sig.params) {
            match pty {
                Type::FnPtr(fs) => {
                    let v = self.value(*a, pre, true)?;
                    let e = self.fn_number(v, Some(fs), *a)?;
                    lowered.push(Arg::Value(e));
                }
                t if t.has_struct() => self.agg_args(*a, pname, pty, pre, &mut lowered)?,
                Type::Ptr(elem) => {
                    let v = self.value(*a, pre, true)?;
                    let e = self.to_pointer(v, elem, *a)?;
                    lowered.push(Arg::Value(e));
                }
                Type::Int(k) => {
                    let e = self.rvalue(*a, pre)?;
                    let e = self.cast(e, *k);
                    lowered.push(Arg::Value(self.user_call_argument(e, *a, pre)?));
                }
                Type::ArrayRef(elem) => match self.value(*a, pre, true)? {
                    Val::Obj(o)
                        if o.base != VarRef::Argv
                            && matches!(o.ty, Type::Array(..) | Type::ArrayRef(_))
                            && o.ty.elem() == Some(&**elem) =>
                    {
                        lowered.push(Arg::ArrayRef(o.place()))
                    }
                    // A pointer value: the same (object, offset) pair an array reference is.
                    v @ (Val::Ptr(..) | Val::Obj(_) | Val::Scalar(_))
                        if self.pointee(&v).is_some()
                            || matches!(&v, Val::Scalar(e) if matches!(e.kind, ExprKind::Const(0))) =>
                    {
                        let e = self.to_pointer(v, elem, *a)?;
                        lowered.push(Arg::Value(e));
                    }
                    Val::Obj(o) if o.ty.elem().is_some() => {
                        return Err(self.semantic(
                            *a,
                            format!(
                            "argument of type `{}` does not match parameter `{pname}` of type `{}`",
                            o.ty, pty
                        ),
                        ))
                    }
                    Val::Str(bytes) => {
                        match &**elem {
                            // The literal's array object: a global holding its bytes and NUL.
                            Type::Int(k) if k.bits() == 8 => {
                                let span = self.span(*a);
                                let place = self.literal_place(&bytes, *k, span);
                                lowered.push(Arg::ArrayRef(place));
                            }
                            _ => {
                                return Err(self.semantic(
                                    *a,
                                    format!(
                                    "string literal passed as parameter `{pname}` of type `{pty}`"
                                ),
                                ))
                            }
                        }
                    }
                    _ => {
                        return Err(self.unsupported(
                            *a,
                            format!("non-array argument for array parameter `{pname}` (pointers)"),
                        ))
                    }
                },
                _ => return Err(self.unsupported(*a, "parameter type")),
            }
        }
        let span = self.span(node);
        let dest = match (&sig.ret, used) {
            (Type::Int(k), true) => Some(self.temp(*k, node)?),
            (Type::Ptr(_), true) => Some(self.temp_of(sig.ret.clone(), node)?),
            (Type::FnPtr(_), true) => Some(self.temp(IntKind::Long, node)?),
            (Type::Void, true) => {
                return Err(self.semantic(
                    node,
                    format!("`{}` returns void; its value is used", sig.name),
                ))
            }
            _ => None,
        };
        self.emit(
            pre,
            StmtKind::Call {
                dest,
                func: id,
                args: lowered,
            },
            span,
            Some(Component::Call),
        );
        if let (Type::Struct(_), true) = (&sig.ret, used) {
            // Copy the result out of the return slots before anything can call `f` again.
            let slots = self.ret_slots(&sig.name, &sig.ret, sig.span);
            let src = Self::agg_obj(slots, sig.ret.clone(), span);
            let tmp = self.agg_temp(&sig.ret, span, node)?;
            self.agg_copy(&tmp, &src, span, None, node, pre)?;
            return Ok(Val::Obj(tmp));
        }
        Ok(match (dest, &sig.ret) {
            (Some(t), Type::Ptr(pt)) => {
                Val::Ptr(self.local_load(t, IntKind::Ptr, span), (**pt).clone())
            }
            (Some(t), Type::Int(k)) => Val::Scalar(self.local_load(t, *k, span)),
            (Some(t), Type::FnPtr(fs)) => {
                Val::Fn(self.local_load(t, IntKind::Long, span), (**fs).clone())
            }
            _ => Val::Void,
        })
    }

    /// An argument of an output statement as a component of its own
    /// ([`Component::Argument`]): `tmp = e;` just before the statement, which then reads `tmp`.
    /// The statement alone would blame the whole call (or, for output, the text printed at
    /// IO weight) where only `a - b` in `printf("%d\n", a - b)` is wrong. A constant or a
    /// plain variable stays as it is: blaming it only says "print (pass) the expected value
    /// here", a sink that would tie with the real fault upstream, whose assignments are
    /// components already; likewise a temporary holding a call's result or an input (that
    /// call or input is the component there).
    pub(crate) fn argument(
        &mut self,
        e: faultline_ir::Expr,
        at: Node,
        pre: &mut Block,
    ) -> Res<faultline_ir::Expr> {
        self.component_temp(e, at, pre, Component::Argument)
    }

    /// An argument of a call (a user function's or a `math.h` function's) as a component of its
    /// own, like [`Self::argument`], except that an array element at plain indices (`a[i]`,
    /// `m[0][j]`) stays in the call as well: like a plain variable it only passes a value
    /// along (what stored it is the component), and any wrong index expression is a
    /// [`Component::Index`] already. Unlike an output statement's argument, whose only other
    /// blame is the statement's text at IO weight, a call's is still blamed with the call.
    fn call_argument(
        &mut self,
        e: faultline_ir::Expr,
        at: Node,
        pre: &mut Block,
    ) -> Res<faultline_ir::Expr> {
        let mut inner = &e;
        while let ExprKind::Cast(a) = &inner.kind {
            inner = a;
        }
        let plain = |x: &faultline_ir::Expr| {
            let mut x = x;
            while let ExprKind::Cast(a) = &x.kind {
                x = a;
            }
            match &x.kind {
                ExprKind::Const(_) => true,
                ExprKind::Load(p) => p.indices.is_empty(),
                _ => false,
            }
        };
        if let ExprKind::Load(p) = &inner.kind {
            if p.indices.iter().all(plain) {
                return Ok(e);
            }
        }
        self.argument(e, at, pre)
    }

    /// An integer argument of a call to a user function as a component of its own, like
    /// [`Self::call_argument`], and a literal as well (`check(a, b, 1)` where `-1` was
    /// meant): the literal is where the wrong value starts, and without a component of its
    /// own only the call could be blamed for it, at the weight of all of its callee's logic.
    /// A plain variable stays in the call (`print_row(i)`: the call's edits replace it):
    /// as a component it is a sink that ties with the assignments upstream, which are
    /// components already (measured 2026-11-27: on 103 student cases it changed no rank,
    /// but the diagnose examples listed `is_leap(y)`'s `y` among the cost-1 diagnoses).
    /// Arguments of recursive calls are plain again later (`recursive`).
    fn user_call_argument(
        &mut self,
        e: faultline_ir::Expr,
        at: Node,
        pre: &mut Block,
    ) -> Res<faultline_ir::Expr> {
        let mut inner = &e;
        while let ExprKind::Cast(a) = &inner.kind {
            inner = a;
        }
        let chosen = match &inner.kind {
            ExprKind::Const(_) => true,
            ExprKind::Unary(UnOp::Neg, a) => matches!(a.kind, ExprKind::Const(_)),
            _ => false,
        };
        if chosen {
            return self.emit_component_temp(e, at, pre, Component::Argument);
        }
        self.call_argument(e, at, pre)
    }

    /// `tmp = e;` as a component of kind `kind` just before the statement being lowered, and
    /// the expression that reads `tmp` (an [`Component::Argument`] or [`Component::Index`]);
    /// a constant or a plain variable stays as written (see [`Self::argument`]).
    pub(crate) fn component_temp(
        &mut self,
        e: faultline_ir::Expr,
        at: Node,
        pre: &mut Block,
        kind: Component,
    ) -> Res<faultline_ir::Expr> {
        let mut inner = &e;
        while let ExprKind::Cast(a) = &inner.kind {
            inner = a;
        }
        match &inner.kind {
            ExprKind::Const(_) => return Ok(e),
            ExprKind::Load(p) if p.indices.is_empty() => return Ok(e),
            _ => {}
        }
        self.emit_component_temp(e, at, pre, kind)
    }

    /// `tmp = e;` as a component of kind `kind` just before the statement being lowered, and
    /// the expression that reads `tmp`, whatever `e` is.
    fn emit_component_temp(
        &mut self,
        e: faultline_ir::Expr,
        at: Node,
        pre: &mut Block,
        kind: Component,
    ) -> Res<faultline_ir::Expr> {
        let ty = e.ty;
        let span = self.span(at);
        let place = self.assign_temp(pre, Type::Int(ty), e, span, at, Some(kind))?;
        Ok(self.expr(ExprKind::Load(place), ty, span))
    }

    /// The place a library call writes a string through when its buffer is a `char *` value
    /// (`out + k`, `p`, `strchr(s, ',') + 1`): `tmp = e;` just before the call, and `tmp`,
    /// a pointer variable, which the interpreter and the symbolic executor read as what is
    /// left of its object from where it points (as for a `char *` parameter). Not a
    /// component: the pointer's own arithmetic is, where it is computed.
    fn pointer_buffer(&mut self, e: faultline_ir::Expr, at: Node, pre: &mut Block) -> Res<Place> {
        let span = self.span(at);
        let char_ptr = Type::Ptr(Box::new(Type::Int(IntKind::Char)));
        self.assign_temp(pre, char_ptr, e, span, at, None)
    }

    pub(crate) fn arity(&mut self, node: Node, name: &str, args: &[Node], n: usize) -> Res<()> {
        if args.len() != n {
            return Err(self.semantic(
                node,
                format!("`{name}` takes {n} argument(s), {} given", args.len()),
            ));
        }
        Ok(())
    }

    /// Library calls whose value is a new input: the builtin writes a temporary that the
    /// expression then reads.
    fn input(
        &mut self,
        node: Node,
        k: IntKind,
        pre: &mut Block,
        b: impl FnOnce(faultline_ir::LocalId) -> Builtin,
    ) -> Res<Val> {
        let t = self.temp(k, node)?;
        let span = self.span(node);
        self.emit(pre, StmtKind::Builtin(b(t)), span, Some(Component::Input));
        Ok(Val::Scalar(self.local_load(t, k, span)))
    }

    /// The bytes written so far, read into a temporary (before and after an output call whose
    /// result is used).
    fn output_count(&mut self, node: Node, pre: &mut Block) -> Res<LocalId> {
        let t = self.temp(IntKind::Int, node)?;
        let span = self.span(node);
        self.emit(
            pre,
            StmtKind::Builtin(Builtin::Lib {
                op: LibOp::OutputCount,
                dest: Some(t),
                args: vec![],
            }),
            span,
            None,
        );
        Ok(t)
    }

    /// The result of an output call just emitted: the bytes it wrote, when it is used.
    fn printed(&mut self, node: Node, before: Option<LocalId>, pre: &mut Block) -> Res<Val> {
        let Some(before) = before else {
            return Ok(Val::Void);
        };
        let after = self.output_count(node, pre)?;
        let span = self.span(node);
        let a = self.local_load(after, IntKind::Int, span);
        let b = self.local_load(before, IntKind::Int, span);
        Ok(Val::Scalar(self.expr(
            ExprKind::Binary(faultline_ir::BinOp::Sub, Box::new(a), Box::new(b)),
            IntKind::Int,
            span,
        )))
    }

    /// `stdin` as the stream argument of an input call, else a located `unsupported:`.
    fn stdin_stream(&mut self, n: Node, name: &str) -> Res<()> {
        if self.text(n) != "stdin" {
            return Err(self.unsupported(n, format!("`{name}` on a stream other than `stdin`")));
        }
        Ok(())
    }

    /// `stdout` or `stderr` as the stream argument of an output call.
    fn out_stream(&mut self, n: Node, name: &str) -> Res<Stream> {
        match self.text(n) {
            "stdout" => Ok(Stream::Stdout),
            "stderr" => Ok(Stream::Stderr),
            _ => Err(self.unsupported(
                n,
                format!("`{name}` to a stream other than `stdout`/`stderr`"),
            )),
        }
    }

    fn no_value(&mut self, node: Node, name: &str, used: bool) -> Res<()> {
        if used {
            return Err(self.unsupported(node, format!("using the result of `{name}`")));
        }
        Ok(())
    }

    fn library_call(
        &mut self,
        node: Node,
        name: &str,
        args: &[Node],
        pre: &mut Block,
        used: bool,
    ) -> Res<Val> {
        let span = self.span(node);
        if let Some(k) = nondet_kind(name) {
            self.arity(node, name, args, 0)?;
            return self.input(node, k, pre, |dest| Builtin::Nondet { dest, ty: k });
        }
        match name {
            "qsort" | "bsearch" => self.sort_call(node, name, args, pre, used),
            "strtok" | "strtok_r" => self.strtok(node, name, args, pre),
            "printf" | "fprintf" => {
                let (stream, rest) = if name == "fprintf" {
                    let Some(s) = args.first() else {
                        return Err(self.semantic(node, "`fprintf` needs a stream"));
                    };
                    let stream = match self.text(*s) {
                        "stdout" => Stream::Stdout,
                        "stderr" => Stream::Stderr,
                        _ => {
                            return Err(self.unsupported(
                                *s,
                                "`fprintf` to a stream other than `stdout`/`stderr`",
                            ))
                        }
                    };
                    (stream, &args[1..])
                } else {
                    (Stream::Stdout, args)
                };
                let Some(fmt_node) = rest.first() else {
                    return Err(self.semantic(node, format!("`{name}` needs a format string")));
                };
                let format = self.format(*fmt_node, name)?;
                let rest = &rest[1..];
                let (out, undefined) = self.print_args(&format, rest, node, pre)?;
                let before = used.then(|| self.output_count(node, pre)).transpose()?;
                self.emit(
                    pre,
                    StmtKind::Builtin(Builtin::Printf {
                        stream,
                        format,
                        args: out,
                        undefined,
                    }),
                    span,
                    Some(Component::Output),
                );
                self.printed(node, before, pre)
            }
            "putchar" | "putc" | "fputc" => {
                let n = if name == "putchar" { 1 } else { 2 };
                self.arity(node, name, args, n)?;
                let stream = if n == 2 {
                    match self.text(args[1]) {
                        "stdout" => Stream::Stdout,
                        "stderr" => Stream::Stderr,
                        _ => {
                            return Err(self.unsupported(
                                args[1],
                                format!("`{name}` to a stream other than `stdout`/`stderr`"),
                            ))
                        }
                    }
                } else {
                    Stream::Stdout
                };
                let e = self.rvalue(args[0], pre)?;
                let value = self.cast(e, IntKind::Int);
                let value = self.argument(value, args[0], pre)?;
                // Its result is the byte written, as `unsigned char` (never EOF: the sandbox's
                // output does not fail).
                let result = used.then(|| {
                    let v = self.refresh(&value);
                    let b = self.expr(ExprKind::Cast(Box::new(v)), IntKind::UChar, span);
                    self.expr(ExprKind::Cast(Box::new(b)), IntKind::Int, span)
                });
                self.emit(
                    pre,
                    StmtKind::Builtin(Builtin::Putchar { stream, value }),
                    span,
                    Some(Component::Output),
                );
                Ok(result.map_or(Val::Void, Val::Scalar))
            }
            "puts" => {
                self.arity(node, name, args, 1)?;
                let s = self.str_arg(args[0], pre)?;
                // glibc's `puts` returns the bytes it wrote (the string and the newline).
                let before = used.then(|| self.output_count(node, pre)).transpose()?;
                self.emit(
                    pre,
                    StmtKind::Builtin(Builtin::Puts(s)),
                    span,
                    Some(Component::Output),
                );
                self.printed(node, before, pre)
            }
            "ungetc" => {
                self.arity(node, name, args, 2)?;
                if self.text(args[1]) != "stdin" {
                    return Err(
                        self.unsupported(args[1], "`ungetc` on a stream other than `stdin`")
                    );
                }
                let e = self.rvalue(args[0], pre)?;
                let c = self.cast(e, IntKind::Int);
                let t = self.temp(IntKind::Int, node)?;
                self.emit(
                    pre,
                    StmtKind::Builtin(Builtin::Lib {
                        op: LibOp::Ungetc,
                        dest: Some(t),
                        args: vec![c],
                    }),
                    span,
                    None,
                );
                Ok(Val::Scalar(self.local_load(t, IntKind::Int, span)))
            }
            "malloc" | "calloc" | "realloc" => {
                let (op, n) = match name {
                    "malloc" => (LibOp::Malloc, 1),
                    "calloc" => (LibOp::Calloc, 2),
                    _ => (LibOp::Realloc, 2),
                };
                self.arity(node, name, args, n)?;
                let mut vals = Vec::with_capacity(n);
                for (i, a) in args.iter().enumerate() {
                    if op == LibOp::Realloc && i == 0 {
                        let v = self.value(*a, pre, true)?;
                        vals.push(self.to_pointer(v, &Type::Void, *a)?);
                    } else {
                        let e = self.rvalue(*a, pre)?;
                        vals.push(self.cast(e, IntKind::ULong));
                    }
                }
                // The block's cells are typed by the pointer that first accesses them; the
                // temporary only holds the pointer (as a `void *` value).
                let t = self.temp_of(Type::Ptr(Box::new(Type::Int(IntKind::UChar))), node)?;
                self.emit(
                    pre,
                    StmtKind::Builtin(Builtin::Lib {
                        op,
                        dest: Some(t),
                        args: vals,
                    }),
                    span,
                    None,
                );
                Ok(Val::Ptr(self.local_load(t, IntKind::Ptr, span), Type::Void))
            }
            "free" => {
                self.arity(node, name, args, 1)?;
                if used {
                    return Err(self.semantic(node, "void value of `free` used in an expression"));
                }
                let v = self.value(args[0], pre, true)?;
                let p = self.to_pointer(v, &Type::Void, args[0])?;
                self.emit(
                    pre,
                    StmtKind::Builtin(Builtin::Lib {
                        op: LibOp::Free,
                        dest: None,
                        args: vec![p],
                    }),
                    span,
                    None,
                );
                Ok(Val::Void)
            }
            "scanf" => self.scanf(node, "scanf", None, args, pre, used),
            // `fscanf(stdin, …)` is `scanf(…)`, `getc(stdin)`/`fgetc(stdin)` are `getchar()`:
            // the sandbox has one input stream.
            "fscanf" => {
                let Some(s) = args.first() else {
                    return Err(self.semantic(node, "`fscanf` needs a stream"));
                };
                self.stdin_stream(*s, name)?;
                self.scanf(node, "fscanf", None, &args[1..], pre, used)
            }
            "getc" | "fgetc" => {
                self.arity(node, name, args, 1)?;
                self.stdin_stream(args[0], name)?;
                self.input(node, IntKind::Int, pre, |dest| Builtin::Getchar { dest })
            }
            // Flushing and buffering change when bytes reach a terminal, never which bytes a
            // test sees (glibc's `fflush(stdin)` seeks back to the unread input, a pipe has
            // none): no statement, and `fflush`'s result, 0, when it is used.
            "fflush" | "setbuf" | "setvbuf" => {
                let n = match name {
                    "fflush" => 1,
                    "setbuf" => 2,
                    _ => 4,
                };
                self.arity(node, name, args, n)?;
                if !matches!(self.text(args[0]), "stdout" | "stdin" | "stderr" | "NULL") {
                    return Err(self.unsupported(
                        args[0],
                        format!("`{name}` on a stream other than `stdin`/`stdout`/`stderr`"),
                    ));
                }
                if name != "fflush" {
                    self.no_value(node, name, used)?;
                }
                Ok(if used {
                    Val::Scalar(self.expr(ExprKind::Const(0), IntKind::Int, span))
                } else {
                    Val::Void
                })
            }
            // `fputs(s, stdout)` prints `s` as `printf("%s", s)` does (no newline, unlike
            // `puts`); glibc returns 1 on success.
            "fputs" => {
                self.arity(node, name, args, 2)?;
                let stream = self.out_stream(args[1], name)?;
                let s = self.str_arg(args[0], pre)?;
                let Ok(format) = parse_format("%s") else {
                    unreachable!("`%s` is a valid format")
                };
                self.emit(
                    pre,
                    StmtKind::Builtin(Builtin::Printf {
                        stream,
                        format,
                        args: vec![PrintArg::Str(s)],
                        undefined: None,
                    }),
                    span,
                    Some(Component::Output),
                );
                Ok(if used {
                    Val::Scalar(self.expr(ExprKind::Const(1), IntKind::Int, span))
                } else {
                    Val::Void
                })
            }
            "sscanf" => {
                let Some(src) = args.first() else {
                    return Err(self.semantic(node, "`sscanf` needs a string to read"));
                };
                let src = self.str_arg(*src, pre)?;
                self.scanf(node, "sscanf", Some(src), &args[1..], pre, used)
            }
            "sprintf" | "snprintf" => self.sprintf(node, name, args, pre, used),
            "strtol" | "strtoul" | "strtoll" | "strtoull" => self.strtol(node, name, args, pre),
            "getchar" => {
                self.arity(node, name, args, 0)?;
                self.input(node, IntKind::Int, pre, |dest| Builtin::Getchar { dest })
            }
            "atoi" | "atol" | "atoll" => {
                self.arity(node, name, args, 1)?;
                let k = match name {
                    "atoi" => IntKind::Int,
                    "atol" => IntKind::Long,
                    _ => IntKind::LongLong,
                };
                let arg = self.str_arg(args[0], pre)?;
                self.input(node, k, pre, |dest| Builtin::Atoi { dest, arg })
            }
            _ if StrFn::from_name(name).is_some() => {
                let Some(func) = StrFn::from_name(name) else {
                    unreachable!("checked by the guard")
                };
                self.string_call(node, func, args, pre, used)
            }
            "fgets" | "gets" => self.fgets(node, name, args, pre, used),
            "atof" => {
                self.arity(node, name, args, 1)?;
                let arg = self.str_arg(args[0], pre)?;
                self.input(node, IntKind::Double, pre, |dest| Builtin::Atof {
                    dest,
                    arg,
                })
            }
            _ if math_fn(name).is_some() => {
                let Some((func, kind)) = math_fn(name) else {
                    unreachable!("checked by the guard")
                };
                self.arity(node, name, args, func.arity())?;
                let mut vals = Vec::with_capacity(args.len());
                for a in args {
                    let e = self.rvalue(*a, pre)?;
                    let e = self.cast(e, kind);
                    // Each expression argument is a component of its own (`a - b` in
                    // `fabs(a - b)`): the call itself is none, so without it a wrong operand
                    // there could only be blamed on the statement that uses the result,
                    // whose edits cannot reach it.
                    vals.push(self.call_argument(e, *a, pre)?);
                }
                let t = self.temp(kind, node)?;
                self.emit(
                    pre,
                    StmtKind::Builtin(Builtin::Math {
                        dest: t,
                        func,
                        kind,
                        args: vals,
                    }),
                    span,
                    None,
                );
                Ok(Val::Scalar(self.local_load(t, kind, span)))
            }
            "abs" | "labs" | "llabs" => {
                self.arity(node, name, args, 1)?;
                let k = match name {
                    "abs" => IntKind::Int,
                    "labs" => IntKind::Long,
                    _ => IntKind::LongLong,
                };
                let e = self.rvalue(args[0], pre)?;
                let e = self.cast(e, k);
                Ok(Val::Scalar(self.expr(
                    ExprKind::Unary(UnOp::Abs, Box::new(e)),
                    k,
                    span,
                )))
            }
            "exit" => {
                self.no_value(node, name, used)?;
                self.arity(node, name, args, 1)?;
                let e = self.rvalue(args[0], pre)?;
                let e = self.cast(e, IntKind::Int);
                self.emit(pre, StmtKind::Exit(e), span, Some(Component::Call));
                Ok(Val::Void)
            }
            "assert" | "__VERIFIER_assert" | "assume" | "__VERIFIER_assume" => {
                self.no_value(node, name, used)?;
                self.arity(node, name, args, 1)?;
                let e = self.truth(args[0], pre)?;
                let kind = if name.ends_with("assert") {
                    StmtKind::Assert(e)
                } else {
                    StmtKind::Assume(e)
                };
                self.emit(pre, kind, span, None);
                Ok(Val::Void)
            }
            _ if crate::ctype::is_ctype(name) => self.ctype_call(node, name, args, pre),
            _ => match crate::stdlib::function_header(name) {
                Some(header) => {
                    Err(self
                        .unsupported(node, format!("library function `{name}` (from <{header}>)")))
                }
                None => Err(self.semantic(node, format!("call to undefined function `{name}`"))),
            },
        }
    }

    /// The conversions of `format`, one per argument of `rest` (a count that differs is an
    /// error at the call `node`).
    fn conversions(
        &mut self,
        format: &[FmtPiece],
        rest: &[Node],
        node: Node,
    ) -> Res<Vec<faultline_ir::format::ConvSpec>> {
        let convs: Vec<_> = format
            .iter()
            .filter_map(|p| match p {
                FmtPiece::Conv(c) => Some(c.clone()),
                _ => None,
            })
            .collect();
        if convs.len() != rest.len() {
            return Err(self.semantic(
                node,
                format!(
                    "format string has {} conversion(s) but {} argument(s) are given",
                    convs.len(),
                    rest.len()
                ),
            ));
        }
        Ok(convs)
    }

    /// The arguments of a `printf`-family call (`rest`, after the format), checked against
    /// the conversions of `format` and converted to what each reads after default
    /// promotions; with the first conversion whose argument it cannot read (or that has no
    /// argument): undefined behaviour at the call, [`FormatMismatch`]. Arguments past the
    /// last conversion are lowered for their effects and dropped.
    fn print_args(
        &mut self,
        format: &[FmtPiece],
        rest: &[Node],
        node: Node,
        pre: &mut Block,
    ) -> Res<(Vec<PrintArg>, Option<Box<FormatMismatch>>)> {
        let convs: Vec<&ConvSpec> = format
            .iter()
            .filter_map(|p| match p {
                FmtPiece::Conv(c) => Some(c),
                _ => None,
            })
            .collect();
        let mut out = Vec::new();
        let mut undefined: Option<Box<FormatMismatch>> = None;
        for (index, c) in convs.iter().enumerate() {
            if c.kind == ConvKind::Set {
                let at = rest.get(index).copied().unwrap_or(node);
                return Err(self.semantic(at, "`%[` is a `scanf` conversion, not a `printf` one"));
            }
            let Some(&a) = rest.get(index) else {
                // glibc reads the register or stack slot the next argument would occupy.
                if undefined.is_none() {
                    undefined = Some(Box::new(FormatMismatch {
                        conversion: c.name(),
                        index,
                        expects: print_expects(c),
                        given: None,
                        span: self.span(node),
                    }));
                }
                continue;
            };
            let v = self.value(a, pre, true)?;
            let given = match &v {
                Val::Str(_) => Some(("char *".to_string(), true)),
                Val::Fn(..) => Some(("function pointer".to_string(), false)),
                Val::Ptr(_, t) => Some((format!("{t} *"), false)),
                Val::Obj(o) => match &o.ty {
                    Type::Int(k) => Some((k.c_name().to_string(), false)),
                    Type::Ptr(t) => Some((format!("{t} *"), false)),
                    Type::Array(e, _) | Type::ArrayRef(e) => Some((format!("{e} *"), false)),
                    _ => None,
                },
                Val::Scalar(e) if e.ty == IntKind::Ptr => Some(("pointer".to_string(), false)),
                Val::Scalar(e) => Some((e.ty.c_name().to_string(), false)),
                Val::Void => None,
            };
            let is_string = matches!(&v, Val::Str(_))
                || match &v {
                    Val::Obj(o) => {
                        matches!(o.ty, Type::Ptr(_) | Type::Array(..) | Type::ArrayRef(_))
                            && matches!(o.ty.elem(), Some(Type::Int(k)) if k.bits() == 8)
                    }
                    Val::Ptr(..) => matches!(self.pointee(&v), Some(Type::Int(k)) if k.bits() == 8),
                    _ => false,
                };
            if c.kind == ConvKind::Str {
                if is_string || !matches!(&v, Val::Scalar(_) | Val::Obj(_)) {
                    out.push(PrintArg::Str(self.str_arg_of(v, a)?));
                    continue;
                }
                let e = self.scalar(v, a)?;
                if e.ty == IntKind::Ptr {
                    // A pointer to something other than `char`: refused as before.
                    return Err(self.unsupported(
                        a,
                        "string argument that is not a literal, `argv[i]`, a `char` array or a `char *`",
                    ));
                }
                if undefined.is_none() {
                    undefined = Some(Box::new(FormatMismatch {
                        conversion: c.name(),
                        index,
                        expects: print_expects(c),
                        given: given.map(|g| g.0),
                        span: self.span(a),
                    }));
                }
                let promoted = e.ty.promote_variadic();
                out.push(PrintArg::Int(self.cast(e, promoted)));
                continue;
            }
            // A number conversion given a string literal: its address is what gcc passes.
            let literal = matches!(v, Val::Str(_));
            let e = if literal {
                None
            } else {
                Some(self.scalar(v, a)?)
            };
            let float_conv = matches!(c.kind, ConvKind::Float(_));
            // printf does not convert: a `double` read by `%d` (or an `int` by `%f`, or a
            // pointer by either) reads another register than the one the argument is in.
            let fits = e.as_ref().is_some_and(|e| {
                e.ty != IntKind::Ptr && e.ty.promote_variadic().is_float() == float_conv
            });
            if !fits {
                if undefined.is_none() {
                    undefined = Some(Box::new(FormatMismatch {
                        conversion: c.name(),
                        index,
                        expects: print_expects(c),
                        given: given.map(|g| g.0),
                        span: self.span(a),
                    }));
                }
                if let Some(e) = e {
                    let promoted = e.ty.promote_variadic();
                    out.push(PrintArg::Int(self.cast(e, promoted)));
                }
                continue;
            }
            let Some(e) = e else {
                unreachable!("a literal does not fit a number conversion")
            };
            let promoted = e.ty.promote_variadic();
            let e = self.cast(e, promoted);
            let want = if float_conv {
                IntKind::Double
            } else {
                printf_type(c.kind, c.length)
            };
            // gcc's x86-64 code passes a 32-bit argument in the low half of a 64-bit
            // register whose upper half its 32-bit moves clear: a 64-bit conversion reads it
            // zero-extended (`printf("%ld", -5)` prints 4294967291).
            let e = if want.bits() == 64 && promoted.bits() == 32 && !promoted.is_float() {
                self.cast(e, promoted.to_unsigned())
            } else {
                e
            };
            let e = self.cast(e, want);
            out.push(PrintArg::Int(self.argument(e, a, pre)?));
        }
        // Arguments no conversion reads: evaluated (their calls and assignments happen),
        // never printed.
        for &a in rest.iter().skip(convs.len()) {
            self.value(a, pre, true)?;
        }
        Ok((out, undefined))
    }

    /// A format string argument: a (possibly concatenated) string literal.
    fn format(&mut self, n: Node, name: &str) -> Res<Vec<FmtPiece>> {
        if !matches!(n.kind(), "string_literal" | "concatenated_string") {
            return Err(
                self.unsupported(n, format!("`{name}` format that is not a string literal"))
            );
        }
        let bytes = self.string_bytes(n)?;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        parse_format(&text).map_err(|e| {
            let kind = if e.message.starts_with("unknown") || e.message.contains("ends inside") {
                ErrorKind::Semantic
            } else {
                ErrorKind::Unsupported
            };
            let msg = if kind == ErrorKind::Unsupported {
                format!("unsupported: {}", e.message)
            } else {
                e.message
            };
            self.error(kind, n, msg)
        })
    }

    /// A `string.h` call: operands as [`StrFn::operands`] lists them, the destination a
    /// `char` array (not a literal), the integer operands converted (`memset`'s `c` to `int`,
    /// sizes to `size_t`). A value result is a [`Component::Call`] (it may be blamed like a
    /// call); a copy's pointer result cannot be used (pointers).
    fn string_call(
        &mut self,
        node: Node,
        func: StrFn,
        args: &[Node],
        pre: &mut Block,
        used: bool,
    ) -> Res<Val> {
        let name = func.name();
        let shape = func.operands();
        self.arity(node, name, args, shape.len())?;
        if func.result().is_none() && used {
            return Err(self.unsupported(
                node,
                format!("using the result of `{name}` (a pointer: pointers)"),
            ));
        }
        if func == StrFn::Memset {
            if let Some(v) = self.memset_object(node, args, pre)? {
                return Ok(v);
            }
        }
        let mut ops = Vec::with_capacity(args.len());
        for (i, (&is_str, a)) in shape.iter().zip(args).enumerate() {
            if is_str {
                let mut s = self.str_arg(*a, pre)?;
                if i == 0 && func.returns_pointer() {
                    if let StrArg::Literal(text) = &s {
                        let text = text.clone();
                        s = self.literal_object(&text, *a);
                    }
                }
                if i == 0 && func.writes() {
                    if let StrArg::Literal(_) = s {
                        return Err(self.semantic(
                            *a,
                            format!("`{name}` writes into a string literal (read-only)"),
                        ));
                    }
                }
                ops.push(StrOperand::Str(s));
            } else {
                let e = self.rvalue(*a, pre)?;
                // `memset`'s and `strchr`'s character is an `int`.
                let k = if (func == StrFn::Memset && i == 1)
                    || matches!(func, StrFn::Strchr | StrFn::Strrchr)
                {
                    IntKind::Int
                } else {
                    IntKind::ULong
                };
                ops.push(StrOperand::Int(self.cast(e, k)));
            }
        }
        let span = self.span(node);
        let char_ptr = Type::Ptr(Box::new(Type::Int(IntKind::Char)));
        let dest = match func.result() {
            Some(_) if func.returns_pointer() => Some(self.temp_of(char_ptr.clone(), node)?),
            Some(k) => Some(self.temp(k, node)?),
            None => None,
        };
        let component = dest.map(|_| Component::Call);
        self.emit(
            pre,
            StmtKind::Builtin(Builtin::Str {
                func,
                dest,
                args: ops,
            }),
            span,
            component,
        );
        Ok(match (dest, func.result()) {
            (Some(t), Some(k)) if func.returns_pointer() => {
                Val::Ptr(self.local_load(t, k, span), Type::Int(IntKind::Char))
            }
            (Some(t), Some(k)) => Val::Scalar(self.local_load(t, k, span)),
            _ => Val::Void,
        })
    }

    /// `fgets(buf, n, stdin)` / `gets(buf)`: the value is 1 for a line read and 0 for NULL,
    /// an `int` that only a test for truth or a comparison with NULL may use.
    fn fgets(
        &mut self,
        node: Node,
        name: &str,
        args: &[Node],
        pre: &mut Block,
        used: bool,
    ) -> Res<Val> {
        let n = if name == "gets" { 1 } else { 3 };
        self.arity(node, name, args, n)?;
        let buf = match self.str_arg(args[0], pre)? {
            StrArg::Array(p) if p.base != VarRef::Argv => p,
            StrArg::Ptr(e) => self.pointer_buffer(e, args[0], pre)?,
            _ => {
                return Err(self.unsupported(
                    args[0],
                    format!("`{name}` into something other than a `char` array"),
                ))
            }
        };
        let size = if name == "fgets" {
            if self.text(args[2]) != "stdin" {
                return Err(self.unsupported(args[2], "`fgets` from a stream other than `stdin`"));
            }
            let e = self.rvalue(args[1], pre)?;
            Some(self.cast(e, IntKind::Int))
        } else {
            None
        };
        let span = self.span(node);
        let dest = if used {
            Some(self.temp(IntKind::Int, node)?)
        } else {
            None
        };
        self.emit(
            pre,
            StmtKind::Builtin(Builtin::Fgets { buf, size, dest }),
            span,
            Some(Component::Input),
        );
        Ok(match dest {
            Some(t) => Val::Scalar(self.local_load(t, IntKind::Int, span)),
            None => Val::Void,
        })
    }

    /// A string operand: a literal, `argv[i]`, a `char` array (or row of one), or a `char *`
    /// value (`p`, `s + i`, `strchr(s, ',') + 1`).
    pub(crate) fn str_arg(&mut self, n: Node, pre: &mut Block) -> Res<StrArg> {
        let v = self.value(n, pre, true)?;
        self.str_arg_of(v, n)
    }

    /// [`Self::str_arg`] of the value `v` of node `n`, already lowered.
    fn str_arg_of(&mut self, v: Val, n: Node) -> Res<StrArg> {
        match v {
            Val::Str(b) => Ok(StrArg::Literal(String::from_utf8_lossy(&b).into_owned())),
            Val::Obj(o)
                if !matches!(o.ty, Type::Ptr(_))
                    && matches!(o.ty.elem(), Some(Type::Int(k)) if k.bits() == 8) =>
            {
                Ok(StrArg::Array(o.place()))
            }
            v => match self.pointee(&v) {
                Some(t @ Type::Int(k)) if k.bits() == 8 => {
                    let e = self.to_pointer(v, &t, n)?;
                    Ok(StrArg::Ptr(e))
                }
                // `&name` for a `char name[N]` (`scanf("%s", &name)`, a common habit): the
                // array's address is its first character's, so gcc's program reads and prints
                // the array itself.
                Some(Type::Array(elem, _))
                    if matches!(*elem, Type::Int(k) if k.bits() == 8)
                        && matches!(&v, Val::Ptr(e, _) if matches!(e.kind, ExprKind::AddrOf(_))) =>
                {
                    let Val::Ptr(e, _) = v else {
                        unreachable!("checked by the guard")
                    };
                    let ExprKind::AddrOf(place) = e.kind else {
                        unreachable!("checked by the guard")
                    };
                    Ok(StrArg::Array(place))
                }
                _ => Err(self.unsupported(
                    n,
                    "string argument that is not a literal, `argv[i]`, a `char` array or a `char *`",
                )),
            },
        }
    }

    /// A string literal as an object of its own (a global holding its bytes and NUL), for a
    /// call whose result points into it (`strchr("aeiou", c)`).
    fn literal_object(&mut self, text: &str, at: Node) -> StrArg {
        let span = self.span(at);
        let k = IntKind::Char;
        let mut init: Vec<i128> = text.bytes().map(|b| k.wrap(b as i128)).collect();
        init.push(0);
        let n = self.globals.len();
        let id = self.add_global(faultline_ir::Global {
            name: format!("string#{n}"),
            ty: Type::Array(Box::new(Type::Int(k)), init.len() as u64),
            init,
            span,
        });
        StrArg::Array(Place {
            base: VarRef::Global(id),
            indices: vec![],
            span,
        })
    }

    /// `strtol(s, endptr, base)` and its unsigned and `long long` siblings. With a NULL
    /// `endptr` and base 10, `strtol`/`strtoll` are `atol`/`atoll` (glibc's definition), which
    /// the formula models; otherwise a [`Builtin::Strtol`] (`endptr` must be `&p` for a
    /// `char *` object `p`).
    fn strtol(&mut self, node: Node, name: &str, args: &[Node], pre: &mut Block) -> Res<Val> {
        self.arity(node, name, args, 3)?;
        let kind = match name {
            "strtol" => IntKind::Long,
            "strtoul" => IntKind::ULong,
            "strtoll" => IntKind::LongLong,
            _ => IntKind::ULongLong,
        };
        let mut arg = self.str_arg(args[0], pre)?;
        let end_node = args[1];
        // NULL (a null pointer constant, however the macro spells it).
        let null = matches!(
            self.value(end_node, pre, true)?,
            Val::Scalar(ref e) | Val::Ptr(ref e, _) if matches!(e.kind, ExprKind::Const(0))
        );
        let end = if null {
            None
        } else {
            let inner = (end_node.kind() == "pointer_expression"
                && end_node.child_by_field_name("operator").map(|o| o.kind()) == Some("&"))
            .then(|| end_node.child_by_field_name("argument"))
            .flatten();
            let Some(inner) = inner else {
                return Err(self.unsupported(
                    end_node,
                    format!("`{name}` end pointer that is not NULL or `&p` (a `char *` variable)"),
                ));
            };
            let obj = self.lvalue(inner, pre)?;
            if !matches!(&obj.ty, Type::Ptr(t) if matches!(**t, Type::Int(k) if k.bits() == 8)) {
                return Err(self.semantic(
                    inner,
                    format!(
                        "`{name}` stores its end into a `char *`, not a `{}`",
                        obj.ty
                    ),
                ));
            }
            Some(obj.place())
        };
        let b = self.rvalue(args[2], pre)?;
        let base = self.cast(b, IntKind::Int);
        let ten = matches!(base.kind, ExprKind::Const(10));
        if end.is_none() && ten && kind.is_signed() {
            return self.input(node, kind, pre, |dest| Builtin::Atoi { dest, arg });
        }
        if end.is_some() {
            // The end pointer points into the string's object: a literal gets one.
            if let StrArg::Literal(text) = &arg {
                let text = text.clone();
                arg = self.literal_object(&text, args[0]);
            }
        }
        let t = self.temp(kind, node)?;
        let span = self.span(node);
        self.emit(
            pre,
            StmtKind::Builtin(Builtin::Strtol {
                dest: t,
                kind,
                arg,
                end,
                base,
            }),
            span,
            Some(Component::Call),
        );
        Ok(Val::Scalar(self.local_load(t, kind, span)))
    }

    /// `sprintf(buf, fmt, …)` / `snprintf(buf, size, fmt, …)` into a `char` array.
    fn sprintf(
        &mut self,
        node: Node,
        name: &str,
        args: &[Node],
        pre: &mut Block,
        used: bool,
    ) -> Res<Val> {
        let fixed = if name == "snprintf" { 3 } else { 2 };
        if args.len() < fixed {
            return Err(self.semantic(
                node,
                format!(
                    "`{name}` takes at least {fixed} arguments, {} given",
                    args.len()
                ),
            ));
        }
        let buf = match self.str_arg(args[0], pre)? {
            StrArg::Array(p) if p.base != VarRef::Argv => p,
            StrArg::Literal(_) => {
                return Err(self.semantic(
                    args[0],
                    format!("`{name}` writes into a string literal (read-only)"),
                ))
            }
            StrArg::Ptr(e) => self.pointer_buffer(e, args[0], pre)?,
            StrArg::Array(_) => {
                return Err(self.unsupported(
                    args[0],
                    format!("`{name}` into something other than a `char` array"),
                ))
            }
        };
        let size = if name == "snprintf" {
            let e = self.rvalue(args[1], pre)?;
            Some(self.cast(e, IntKind::ULong))
        } else {
            None
        };
        let fmt_node = args[fixed - 1];
        let format = self.format(fmt_node, name)?;
        let rest = &args[fixed..];
        let (out, undefined) = self.print_args(&format, rest, node, pre)?;
        let span = self.span(node);
        let dest = if used {
            Some(self.temp(IntKind::Int, node)?)
        } else {
            None
        };
        self.emit(
            pre,
            StmtKind::Builtin(Builtin::Sprintf {
                buf,
                size,
                format,
                args: out,
                dest,
                undefined,
            }),
            span,
            Some(Component::Call),
        );
        Ok(match dest {
            Some(t) => Val::Scalar(self.local_load(t, IntKind::Int, span)),
            None => Val::Void,
        })
    }

    /// `scanf(fmt, …)`, or `sscanf(src, fmt, …)` when `src` is given (`args` start at the
    /// format).
    fn scanf(
        &mut self,
        node: Node,
        name: &str,
        src: Option<StrArg>,
        args: &[Node],
        pre: &mut Block,
        used: bool,
    ) -> Res<Val> {
        let Some(fmt_node) = args.first() else {
            return Err(self.semantic(node, format!("`{name}` needs a format string")));
        };
        let format = self.format(*fmt_node, name)?;
        let rest = &args[1..];
        let convs = self.conversions(&format, rest, node)?;
        let mut targets = Vec::new();
        for (c, a) in convs.iter().zip(rest) {
            // `%s` and `%Nc` (N > 1) store into a `char` array: `s`, `names[i]`.
            // `%[…]` too.
            let into_array = matches!(c.kind, ConvKind::Str | ConvKind::Set)
                || (c.kind == ConvKind::Char && c.width.is_some_and(|w| w > 1));
            if c.kind == ConvKind::Set && c.length != LengthMod::None {
                return Err(self.unsupported(*fmt_node, "wide `%l[` conversions"));
            }
            if into_array {
                match self.str_arg(*a, pre) {
                    Ok(StrArg::Array(p)) if p.base != VarRef::Argv => {
                        targets.push(p);
                        continue;
                    }
                    Ok(StrArg::Ptr(e)) => {
                        let p = self.pointer_buffer(e, *a, pre)?;
                        targets.push(p);
                        continue;
                    }
                    _ => {
                        return Err(self
                            .unsupported(*a, "`scanf` string target that is not a `char` array"))
                    }
                }
            }
            let Some(want) = c.scanf_kind() else {
                return Err(self.unsupported(*fmt_node, "`scanf` conversion `%s`"));
            };
            let inner = if a.kind() == "pointer_expression"
                && a.child_by_field_name("operator").map(|o| o.kind()) == Some("&")
            {
                a.child_by_field_name("argument")
            } else {
                None
            };
            let obj = match inner {
                Some(inner) => self.lvalue(inner, pre)?,
                None => {
                    // A pointer (`scanf("%d", p)`, `v + n`): the object it points to.
                    let v = self.value(*a, pre, true)?;
                    if self.pointee(&v).is_none() {
                        return Err(self.unsupported(
                            *a,
                            "`scanf` target that is not a pointer, `&variable` or `&array[i]`",
                        ));
                    }
                    let o = self.pointer_obj(v, *a, pre)?;
                    let span = self.span(*a);
                    let zero = self.konst(0, IntKind::Long, span);
                    self.index(o, zero, span)
                }
            };
            let have = obj.ty.as_int().unwrap_or(IntKind::Int);
            // glibc stores the conversion's own type through the pointer: into an object at
            // least as wide that is its low bytes, bit for bit (`%f` into a `double`, `%d`
            // into a `long`, `%c` into an `int`: `faultline_ir::format::store_scanned`,
            // deterministic, what gcc's program does); into a narrower one it writes past
            // the object.
            if have == IntKind::Bool || have == IntKind::Ptr {
                return Err(self.semantic(
                    *a,
                    format!(
                        "`scanf` conversion expects `{} *`, got `{} *`",
                        want.c_name(),
                        have.c_name()
                    ),
                ));
            }
            if have.bits() < want.bits() {
                return Err(self.semantic(
                    *a,
                    format!(
                        "`scanf` conversion `{}` writes {} bytes into a {}-byte `{}`: past the variable",
                        c.name(),
                        want.bits() / 8,
                        have.bits() / 8,
                        have.c_name()
                    ),
                ));
            }
            targets.push(obj.place());
        }
        let span = self.span(node);
        let dest = if used {
            Some(self.temp(IntKind::Int, node)?)
        } else {
            None
        };
        let (stmt, component) = match src {
            None => (
                Builtin::Scanf {
                    format,
                    targets,
                    dest,
                },
                Component::Input,
            ),
            // What `sscanf` reads is the program's own string, not the test's input: the call
            // is blamed like any call.
            Some(src) => (
                Builtin::Sscanf {
                    src,
                    format,
                    targets,
                    dest,
                },
                Component::Call,
            ),
        };
        self.emit(pre, StmtKind::Builtin(stmt), span, Some(component));
        Ok(match dest {
            Some(t) => Val::Scalar(self.local_load(t, IntKind::Int, span)),
            None => Val::Void,
        })
    }
}
