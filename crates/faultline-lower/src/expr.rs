//! Expressions: typing, implicit conversions, and hoisting of side effects into statements.
//!
//! Every lowering function takes `pre`, the statements that must run before the returned pure
//! expression is evaluated; side effects (assignments, `++`, calls, input) are appended there in
//! C's evaluation order (left to right).

use faultline_ir::{
    BinOp, Block, Component, Expr, ExprKind, IntKind, LogicOp, Place, Span, StmtKind, Type, UnOp,
    VarRef,
};
use tree_sitter::Node;

use crate::ctx::{FnSig, Lowerer, Reported, Res, Sym};

/// An object designated by an lvalue: a variable, an array, or a cell or row of one.
#[derive(Clone, Debug)]
pub(crate) struct Obj {
    pub base: VarRef,
    pub indices: Vec<Expr>,
    pub ty: Type,
    pub span: Span,
    /// For an object of a type containing structs: its leaf variables (`base` is the first).
    pub agg: Option<crate::structs::Agg>,
}

impl Obj {
    pub fn place(self) -> Place {
        Place {
            base: self.base,
            indices: self.indices,
            span: self.span,
        }
    }
}

/// The result of lowering an expression.
pub(crate) enum Val {
    Scalar(Expr),
    Obj(Obj),
    /// A string literal's bytes (only meaningful as a `%s`/`puts`/`atoi` operand or initializer).
    Str(Vec<u8>),
    /// A pointer rvalue (an [`IntKind::Ptr`] expression) and the type it points to (`void`
    /// for a null pointer constant).
    Ptr(Expr, Type),
    /// A function-pointer rvalue (an [`IntKind::Long`] expression: the function's number, see
    /// [`Type::FnPtr`]) and the type of the functions it points to.
    Fn(Expr, FnSig),
    Void,
}

/// The pseudo-type of `argv`: rows of `char` of unknown length.
pub(crate) fn argv_type() -> Type {
    Type::ArrayRef(Box::new(Type::ArrayRef(Box::new(Type::Int(IntKind::Char)))))
}

/// Names a program may use without `#include` having defined them (the usual `<limits.h>` and
/// `<stdio.h>` constants), in case the preprocessor left them alone.
fn well_known(name: &str) -> Option<(i128, IntKind)> {
    use IntKind::*;
    Some(match name {
        "EOF" => (-1, Int),
        "INT_MAX" => (Int.max_value(), Int),
        "INT_MIN" => (Int.min_value(), Int),
        "UINT_MAX" => (UInt.max_value(), UInt),
        "LONG_MAX" => (Long.max_value(), Long),
        "LONG_MIN" => (Long.min_value(), Long),
        "ULONG_MAX" => (ULong.max_value(), ULong),
        "LLONG_MAX" => (LongLong.max_value(), LongLong),
        "LLONG_MIN" => (LongLong.min_value(), LongLong),
        "ULLONG_MAX" => (ULongLong.max_value(), ULongLong),
        "CHAR_MAX" | "SCHAR_MAX" => (127, Int),
        "CHAR_MIN" | "SCHAR_MIN" => (-128, Int),
        "UCHAR_MAX" => (255, Int),
        "SHRT_MAX" => (Short.max_value(), Int),
        "SHRT_MIN" => (Short.min_value(), Int),
        "USHRT_MAX" => (UShort.max_value(), Int),
        "EXIT_SUCCESS" => (0, Int),
        "EXIT_FAILURE" => (1, Int),
        "true" => (1, Int),
        "false" => (0, Int),
        // What <math.h>'s INFINITY, NAN and HUGE_VAL expand to (gcc builtins).
        "__builtin_inff" | "__builtin_huge_valf" => {
            (faultline_ir::float::f32_bits(f32::INFINITY), Float)
        }
        "__builtin_huge_val" => (faultline_ir::float::f64_bits(f64::INFINITY), Double),
        "__builtin_nanf" => (0x7fc0_0000, Float),
        _ => return None,
    })
}

fn binop(op: &str) -> Option<BinOp> {
    Some(match op {
        "+" => BinOp::Add,
        "-" => BinOp::Sub,
        "*" => BinOp::Mul,
        "/" => BinOp::Div,
        "%" => BinOp::Rem,
        "<<" => BinOp::Shl,
        ">>" => BinOp::Shr,
        "&" => BinOp::BitAnd,
        "|" => BinOp::BitOr,
        "^" => BinOp::BitXor,
        "==" => BinOp::Eq,
        "!=" => BinOp::Ne,
        "<" => BinOp::Lt,
        "<=" => BinOp::Le,
        ">" => BinOp::Gt,
        ">=" => BinOp::Ge,
        _ => return None,
    })
}

impl<'a> Lowerer<'a> {
    /// A scalar value.
    pub(crate) fn rvalue(&mut self, node: Node, pre: &mut Block) -> Res<Expr> {
        let v = self.value(node, pre, true)?;
        self.scalar(v, node)
    }

    /// An operand whose truth value is all that matters (`&&`, `||`, `!`, conditions): a string
    /// literal there is a non-null pointer, i.e. true (`assert(ok && "message")`).
    pub(crate) fn truth(&mut self, node: Node, pre: &mut Block) -> Res<Expr> {
        match self.value(node, pre, true)? {
            Val::Str(_) => {
                let span = self.span(node);
                Ok(self.konst(1, IntKind::Int, span))
            }
            v => {
                let e = self.scalar(v, node)?;
                Ok(self.nonzero(e))
            }
        }
    }

    /// A floating value used as a truth value becomes `e != 0.0` (so -0.0 is false and NaN
    /// true, and every consumer of conditions sees an `int`); integers stay as they are.
    pub(crate) fn nonzero(&mut self, e: Expr) -> Expr {
        if !e.ty.is_float() && e.ty != IntKind::Ptr {
            return e;
        }
        let span = e.span;
        let zero = self.konst(0, e.ty, span);
        self.expr(
            ExprKind::Binary(BinOp::Ne, Box::new(e), Box::new(zero)),
            IntKind::Int,
            span,
        )
    }

    /// `op` on operands of these types is not C (`%`, shifts and bitwise operators on `float`
    /// or `double`): the error gcc gives.
    pub(crate) fn check_float_operands(
        &mut self,
        node: Node,
        op: BinOp,
        a: IntKind,
        b: IntKind,
    ) -> Res<()> {
        let integer_only = matches!(
            op,
            BinOp::Rem | BinOp::Shl | BinOp::Shr | BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor
        );
        if integer_only && (a.is_float() || b.is_float()) {
            return Err(self.semantic(
                node,
                format!(
                    "invalid operands to binary `{}` (have `{}` and `{}`)",
                    op.symbol(),
                    a.c_name(),
                    b.c_name()
                ),
            ));
        }
        Ok(())
    }

    /// Evaluate only for side effects (an expression statement, the left of a comma).
    pub(crate) fn effect(&mut self, node: Node, pre: &mut Block) -> Res<()> {
        self.value(node, pre, false).map(|_| ())
    }

    /// An expression statement: `x == e;` (gcc: "statement with no effect"), the `=` slip of
    /// `count == 0;` where a reset was meant, is the assignment `x = x` with `e`'s side effects:
    /// the same run, but a statement a diagnosis can blame (and give the value `x` should have
    /// been set to) instead of a line that lowers to nothing. Only a plain integer variable on
    /// the left (its lowering has no side effects of its own); everything else is `effect`.
    pub(crate) fn expression_statement(&mut self, node: Node, pre: &mut Block) -> Res<()> {
        let node = self.strip_parens(node);
        if node.kind() == "binary_expression" {
            let (l, r, op) = self.operands(node)?;
            if op == "==" && l.kind() == "identifier" {
                if let Val::Obj(o) = self.value(l, pre, true)? {
                    if matches!(o.ty, Type::Int(k) if !k.is_float() && k != IntKind::Ptr)
                        && o.indices.is_empty()
                        && o.agg.is_none()
                        && o.base != VarRef::Argv
                    {
                        self.effect(r, pre)?;
                        let span = self.span(node);
                        let cur = self.reload(&o);
                        self.store(&o, cur, span, pre);
                        return Ok(());
                    }
                }
            }
        }
        self.effect(node, pre)
    }

    /// An lvalue designating a scalar.
    pub(crate) fn lvalue(&mut self, node: Node, pre: &mut Block) -> Res<Obj> {
        let v = self.value(node, pre, true)?;
        self.lvalue_val(v, node)
    }

    /// An lowered lvalue that must designate a scalar.
    pub(crate) fn lvalue_val(&mut self, v: Val, node: Node) -> Res<Obj> {
        match v {
            Val::Obj(o) if matches!(o.ty, Type::Int(_) | Type::Ptr(_) | Type::FnPtr(_)) => {
                if o.base == VarRef::Argv {
                    return Err(self.unsupported(node, "writing to `argv`"));
                }
                self.check_not_byref(&o, node)?;
                Ok(o)
            }
            // `void f(char s[]) { s++; }` is valid C: the parameter is a pointer.
            Val::Obj(o) if matches!(o.ty, Type::Struct(_)) => {
                Err(self.semantic(node, "struct is not assignable here"))
            }
            Val::Obj(o) if o.indices.is_empty() && o.base != VarRef::Argv && o.agg.is_none() => {
                match o.ty {
                    Type::ArrayRef(e) => Ok(Obj {
                        ty: Type::Ptr(e),
                        ..o
                    }),
                    _ => Err(self.semantic(node, "array is not assignable")),
                }
            }
            Val::Obj(_) => Err(self.semantic(node, "array is not assignable")),
            _ => Err(self.semantic(node, "expression is not assignable")),
        }
    }

    pub(crate) fn scalar(&mut self, v: Val, node: Node) -> Res<Expr> {
        match v {
            Val::Scalar(e) => Ok(e),
            Val::Obj(o) => match o.ty {
                Type::Int(k) => Ok(self.load(o, k)),
                Type::Struct(d) => Err(self.semantic(
                    node,
                    format!(
                        "`{}` used where a number is required (C has no arithmetic or \
                         comparison of whole structs: compare their members)",
                        d.c_name()
                    ),
                )),
                Type::Ptr(_) => Ok(self.load(o, IntKind::Ptr)),
                Type::FnPtr(_) => Ok(self.load(o, IntKind::Long)),
                // An array parameter is a pointer variable: its value.
                Type::ArrayRef(_)
                    if o.indices.is_empty() && o.base != VarRef::Argv && o.agg.is_none() =>
                {
                    Ok(self.load(o, IntKind::Ptr))
                }
                // An array of structs decays to a pointer to its first leaf's first cell (an
                // array parameter of structs holds that pointer in its first leaf).
                Type::Array(..) | Type::ArrayRef(_)
                    if o.agg.as_ref().is_some_and(|a| a.elem.is_none())
                        && matches!(o.ty.elem(), Some(Type::Struct(_))) =>
                {
                    if let Some(agg) = &o.agg {
                        self.check_contiguous(&agg.clone(), node)?;
                    }
                    let span = o.span;
                    if matches!(o.ty, Type::ArrayRef(_)) && o.indices.is_empty() {
                        Ok(self.load(o, IntKind::Ptr))
                    } else {
                        Ok(self.expr(ExprKind::AddrOf(o.place()), IntKind::Ptr, span))
                    }
                }
                Type::Array(..) | Type::ArrayRef(_)
                    if o.base != VarRef::Argv && o.agg.is_none() =>
                {
                    // An array decays to a pointer to its first element.
                    let span = o.span;
                    Ok(self.expr(ExprKind::AddrOf(o.place()), IntKind::Ptr, span))
                }
                _ => Err(self.unsupported(node, "array used as a value (pointers)")),
            },
            Val::Ptr(e, _) | Val::Fn(e, _) => Ok(e),
            // A string literal is an array object of its own: as a value, a pointer to its
            // first `char`.
            Val::Str(b) => {
                let span = self.span(node);
                Ok(self.literal_pointer(&b, span))
            }
            Val::Void => Err(self.semantic(node, "void value used in an expression")),
        }
    }

    pub(crate) fn load(&mut self, o: Obj, k: IntKind) -> Expr {
        let span = o.span;
        self.expr(ExprKind::Load(o.place()), k, span)
    }

    /// Lower any expression; `used` says whether its value is needed (a statement-level `x++`
    /// needs no temporary for the old value).
    pub(crate) fn value(&mut self, node: Node, pre: &mut Block, used: bool) -> Res<Val> {
        self.enter(node)?;
        let r = self.value_inner(node, pre, used);
        self.leave();
        r
    }

    fn value_inner(&mut self, node: Node, pre: &mut Block, used: bool) -> Res<Val> {
        let span = self.span(node);
        match node.kind() {
            "parenthesized_expression" => match node.named_child(0) {
                Some(inner) => self.value(inner, pre, used),
                None => Err(self.semantic(node, "empty parentheses")),
            },
            "number_literal" => {
                let (v, k) = self.number(node)?;
                Ok(Val::Scalar(self.konst(v, k, span)))
            }
            "char_literal" => {
                let v = self.char_literal(node)?;
                Ok(Val::Scalar(self.konst(v, IntKind::Int, span)))
            }
            "true" => Ok(Val::Scalar(self.konst(1, IntKind::Int, span))),
            "false" => Ok(Val::Scalar(self.konst(0, IntKind::Int, span))),
            "null" => Ok(self.null(span)),
            "string_literal" | "concatenated_string" => Ok(Val::Str(self.string_bytes(node)?)),
            "identifier" => self.identifier(node, span),
            "binary_expression" => self.binary(node, pre, span),
            "unary_expression" => self.unary(node, pre, span),
            "update_expression" => self.update(node, pre, used, span),
            "assignment_expression" => self.assignment(node, pre, used, span),
            "conditional_expression" => self.conditional(node, pre, used, span),
            "comma_expression" => {
                let (Some(l), Some(r)) = (
                    node.child_by_field_name("left"),
                    node.child_by_field_name("right"),
                ) else {
                    return Err(self.semantic(node, "malformed comma expression"));
                };
                self.effect(l, pre)?;
                self.value(r, pre, used)
            }
            "cast_expression" => self.cast_expr(node, pre, used),
            "sizeof_expression" => self.sizeof(node, span),
            "call_expression" => self.call(node, pre, used),
            "subscript_expression" => self.subscript(node, pre, span),
            "pointer_expression" => {
                let op = node.child_by_field_name("operator").map(|o| o.kind());
                let Some(arg) = node.child_by_field_name("argument") else {
                    return Err(self.semantic(node, "malformed expression"));
                };
                if op == Some("&") {
                    return match self.value(arg, pre, true)? {
                        // `&f` is `f`.
                        v @ Val::Fn(..) => Ok(v),
                        // A struct is scalarized: a pointer to its first leaf.
                        Val::Obj(o) if o.agg.is_some() => self.agg_address(o, node, span),
                        Val::Obj(o) if o.base != VarRef::Argv => {
                            let pointee = match &o.ty {
                                Type::ArrayRef(e) => Type::Ptr(e.clone()),
                                t => t.clone(),
                            };
                            let e = self.expr(ExprKind::AddrOf(o.place()), IntKind::Ptr, span);
                            Ok(Val::Ptr(e, pointee))
                        }
                        _ => Err(self.semantic(node, "cannot take the address of an rvalue")),
                    };
                }
                // `*a` is `a[0]`, through a pointer or of an array.
                let v = self.value(arg, pre, true)?;
                if let Some(fs) = self.fn_type(&v) {
                    // `*fp` designates the function `fp` points to: as a value, `fp` again.
                    let e = self.scalar(v, arg)?;
                    return Ok(Val::Fn(e, fs));
                }
                let o = self.pointer_obj(v, arg, pre)?;
                let zero = self.konst(0, IntKind::Long, span);
                Ok(Val::Obj(self.index(o, zero, span)))
            }
            "field_expression" => self.member(node, pre, span),
            "compound_literal_expression" => Err(self.unsupported(node, "compound literals")),
            "initializer_list" => Err(self.semantic(node, "braced initializer in an expression")),
            "alignof_expression" | "offsetof_expression" | "generic_expression" => {
                Err(self.unsupported(node, node.kind().replace('_', " ")))
            }
            "gnu_asm_expression" => Err(self.unsupported(node, "inline assembly")),
            other => {
                Err(self.unsupported(node, format!("expression `{}`", other.replace('_', " "))))
            }
        }
    }

    fn identifier(&mut self, node: Node, span: Span) -> Res<Val> {
        let name = self.text(node);
        match self.lookup(name).cloned() {
            Some(Sym::Local(id, ty)) => Ok(Val::Obj(Obj {
                base: VarRef::Local(id),
                indices: vec![],
                ty,
                span,
                agg: None,
            })),
            Some(Sym::Global(id, ty)) => Ok(Val::Obj(Obj {
                base: VarRef::Global(id),
                indices: vec![],
                ty,
                span,
                agg: None,
            })),
            Some(Sym::Agg(agg, ty)) => Ok(Val::Obj(Self::agg_obj(agg, ty, span))),
            Some(Sym::EnumConst(v)) => Ok(Val::Scalar(self.konst(v, IntKind::Int, span))),
            Some(Sym::Argv) => Ok(Val::Obj(Obj {
                base: VarRef::Argv,
                indices: vec![],
                ty: argv_type(),
                span,
                agg: None,
            })),
            Some(Sym::Poisoned) => Err(Reported),
            Some(Sym::Typedef(_) | Sym::TypedefTag(_)) => {
                Err(self.semantic(node, format!("unexpected type name `{name}`")))
            }
            None => {
                if let Some((v, k)) = well_known(name) {
                    return Ok(Val::Scalar(self.konst(v, k, span)));
                }
                if let Some(&id) = self.sig_by_name.get(name) {
                    return self.function_value(id, node);
                }
                match name {
                    "NULL" => Ok(self.null(span)),
                    "stdin" | "stdout" | "stderr" => {
                        Err(self.unsupported(node, format!("`{name}` used as a value")))
                    }
                    _ => match crate::stdlib::object_header(name) {
                        Some(h) => Err(self.unsupported(node, format!("`{name}` (from <{h}>)"))),
                        None => {
                            Err(self
                                .semantic(node, format!("use of undeclared identifier `{name}`")))
                        }
                    },
                }
            }
        }
    }

    /// `(T)` where `T` is a typedef name: tree-sitter cannot know `T` is a type, so it reads
    /// `(T)(x)` as a call and `(T) - x` as a subtraction; both are casts.
    pub(crate) fn typedef_in_parens(&self, node: Node) -> Option<Type> {
        if node.kind() != "parenthesized_expression" || node.named_child_count() != 1 {
            return None;
        }
        let inner = node.named_child(0)?;
        if inner.kind() != "identifier" {
            return None;
        }
        match self.text(inner) {
            // Not a keyword to tree-sitter-c, which reads it as an identifier.
            "_Bool" => Some(Type::Int(IntKind::Bool)),
            name => self.typedef(name),
        }
    }

    /// Convert to a cast target type (an integer type; void discards).
    pub(crate) fn cast_to(
        &mut self,
        ty: Type,
        v: Node,
        at: Node,
        pre: &mut Block,
        used: bool,
    ) -> Res<Val> {
        match ty {
            Type::Void => {
                self.effect(v, pre)?;
                if used {
                    return Err(self.semantic(at, "void value used in an expression"));
                }
                Ok(Val::Void)
            }
            Type::Int(k) => {
                let e = self.rvalue(v, pre)?;
                let span = self.span(at);
                // A cast always gets its own node (even to the same type) so that it has the span
                // of the cast expression.
                Ok(Val::Scalar(self.expr(ExprKind::Cast(Box::new(e)), k, span)))
            }
            Type::Ptr(t) => {
                // `(void *)0` is the null pointer constant; `(T *)p` converts between a
                // pointer and `void *` or keeps the type (cells are typed: no reinterpretation).
                let val = self.value(v, pre, true)?;
                let e = self.to_pointer(val, &t, v)?;
                Ok(Val::Ptr(e, *t))
            }
            // `(binop)f`, `(int (*)(int))0`: a function pointer of that type (or null).
            Type::FnPtr(fs) => {
                let val = self.value(v, pre, true)?;
                let e = self.fn_number(val, Some(&fs), v)?;
                Ok(Val::Fn(e, *fs))
            }
            _ => Err(self.unsupported(at, "cast to a non-integer type")),
        }
    }

    /// `o[i]`: one more index, `i` converted to `long`.
    pub(crate) fn index(&mut self, o: Obj, i: Expr, span: Span) -> Obj {
        let i = self.cast(i, IntKind::Long);
        let ty = o.ty.elem().cloned().unwrap_or(Type::Void);
        let ty = self.complete(ty);
        if let (Type::Struct(d), Type::Ptr(_), None) = (&ty, &o.ty, &o.agg) {
            if o.indices.is_empty() && !d.is_incomplete() {
                return self.through(o.base, ty, i, span);
            }
        }
        let mut indices = o.indices;
        indices.push(i);
        Obj {
            base: o.base,
            indices,
            ty,
            span,
            agg: o.agg,
        }
    }

    fn subscript(&mut self, node: Node, pre: &mut Block, span: Span) -> Res<Val> {
        let (Some(a), Some(i)) = (
            node.child_by_field_name("argument"),
            node.child_by_field_name("index"),
        ) else {
            return Err(self.semantic(node, "malformed subscript"));
        };
        let av = self.value(a, pre, true)?;
        let iv = self.value(i, pre, true)?;
        // `i[a]` is `a[i]`.
        let (arr, idx, idx_node) = match (av, iv) {
            (Val::Obj(o), iv) if o.ty.elem().is_some() => {
                (self.pointer_obj(Val::Obj(o), a, pre)?, iv, i)
            }
            (av, Val::Obj(o)) if o.ty.elem().is_some() => {
                (self.pointer_obj(Val::Obj(o), i, pre)?, av, a)
            }
            (v @ Val::Ptr(..), iv) => (self.pointer_obj(v, a, pre)?, iv, i),
            // `"0123456789abcdef"[d]`: an element of the literal's array object.
            (Val::Str(b), iv) => {
                let span = self.span(a);
                let n = b.len() as u64 + 1;
                let place = self.literal_place(&b, IntKind::Char, span);
                let o = Obj {
                    base: place.base,
                    indices: vec![],
                    ty: Type::Array(Box::new(Type::Int(IntKind::Char)), n),
                    span,
                    agg: None,
                };
                (o, iv, i)
            }
            _ => return Err(self.semantic(node, "subscripted value is not an array")),
        };
        let idx = self.scalar(idx, idx_node)?;
        if idx.ty.is_float() {
            return Err(self.semantic(idx_node, "array subscript is not an integer"));
        }
        // A written index expression is a component of its own (`Component::Index`): `a[i + 1]`
        // where `a[i]` was meant is blamed at `i + 1`. Not at file scope (no statements
        // there) nor inside an operand evaluated only conditionally (see
        // `conditional_operand`).
        let idx = if self.cur.is_some() && self.conditional_operand == 0 {
            self.component_temp(idx, idx_node, pre, Component::Index)?
        } else {
            idx
        };
        Ok(Val::Obj(self.index(arr, idx, span)))
    }

    /// The arithmetic or bitwise operation `a op b` in the usual arithmetic conversions (shifts:
    /// each operand promoted on its own; comparisons: compared in the common type, result `int`).
    pub(crate) fn arith(&mut self, op: BinOp, a: Expr, b: Expr, span: Span) -> Expr {
        if op.is_shift() {
            let ka = a.ty.promote();
            let kb = b.ty.promote();
            let a = self.cast(a, ka);
            let b = self.cast(b, kb);
            return self.expr(ExprKind::Binary(op, Box::new(a), Box::new(b)), ka, span);
        }
        let k = IntKind::usual_arithmetic(a.ty, b.ty);
        let a = self.cast(a, k);
        let b = self.cast(b, k);
        let ty = if op.is_comparison() { IntKind::Int } else { k };
        self.expr(ExprKind::Binary(op, Box::new(a), Box::new(b)), ty, span)
    }

    fn operands<'t>(&mut self, node: Node<'t>) -> Res<(Node<'t>, Node<'t>, &'static str)> {
        match (
            node.child_by_field_name("left"),
            node.child_by_field_name("right"),
            node.child_by_field_name("operator"),
        ) {
            (Some(l), Some(r), Some(op)) => Ok((l, r, op.kind())),
            _ => Err(self.semantic(node, "malformed expression")),
        }
    }

    fn binary(&mut self, node: Node, pre: &mut Block, span: Span) -> Res<Val> {
        let (l, r, op) = self.operands(node)?;
        if op == "&&" || op == "||" {
            return self.logical(l, r, op == "&&", pre, span, node);
        }
        let Some(bop) = binop(op) else {
            return Err(self.unsupported(node, format!("operator `{op}`")));
        };
        if let Some(ty) = self.typedef_in_parens(l) {
            // `(T) - x`: a cast of `-x`.
            let e = self.rvalue(r, pre)?;
            let e = match bop {
                BinOp::Add => {
                    let k = e.ty.promote();
                    self.cast(e, k)
                }
                BinOp::Sub => {
                    let k = e.ty.promote();
                    let e = self.cast(e, k);
                    let rspan = self.span_range(
                        node.child_by_field_name("operator")
                            .map_or(r.start_byte(), |o| o.start_byte()),
                        r.end_byte(),
                    );
                    self.expr(ExprKind::Unary(UnOp::Neg, Box::new(e)), k, rspan)
                }
                _ => return Err(self.unsupported(node, "pointer operation after a cast")),
            };
            return match ty {
                Type::Int(k) => Ok(Val::Scalar(self.expr(ExprKind::Cast(Box::new(e)), k, span))),
                _ => Err(self.unsupported(l, "cast to a non-integer type")),
            };
        }
        if matches!(bop, BinOp::Eq | BinOp::Ne) {
            // `fgets(…) != NULL`: the call's value is 1 for a line read, 0 for NULL.
            for (call, null) in [(l, r), (r, l)] {
                if self.is_line_call(call) && self.is_null_constant(null) {
                    let a = self.rvalue(call, pre)?;
                    let z = self.expr(ExprKind::Const(0), IntKind::Int, self.span(null));
                    return Ok(Val::Scalar(self.arith(bop, a, z, span)));
                }
            }
        }
        let av = self.value(l, pre, true)?;
        let bv = self.value(r, pre, true)?;
        if self.fn_type(&av).is_some() || self.fn_type(&bv).is_some() {
            // Function pointers compare by the numbers naming their functions.
            if !matches!(bop, BinOp::Eq | BinOp::Ne) {
                return Err(self.semantic(
                    node,
                    format!(
                        "operator `{op}` on a function pointer (only `==` and `!=` compare them)"
                    ),
                ));
            }
            let a = self.fn_number(av, None, l)?;
            let b = self.fn_number(bv, None, r)?;
            return Ok(Val::Scalar(self.arith(bop, a, b, span)));
        }
        let (ap, bp) = (self.pointee(&av), self.pointee(&bv));
        if ap.is_some() || bp.is_some() {
            return self.pointer_arith(node, bop, (av, ap, l), (bv, bp, r), span);
        }
        let a = self.scalar(av, l)?;
        let b = self.scalar(bv, r)?;
        self.check_float_operands(node, bop, a.ty, b.ty)?;
        Ok(Val::Scalar(self.arith(bop, a, b, span)))
    }

    /// A pointer to a new object holding a string literal's bytes and NUL (a global named
    /// `string#N`, which no user name can be: see `faultline_ir::Global::is_string_literal`).
    pub(crate) fn literal_pointer(&mut self, bytes: &[u8], span: Span) -> Expr {
        let place = self.literal_place(bytes, IntKind::Char, span);
        self.expr(ExprKind::AddrOf(place), IntKind::Ptr, span)
    }

    /// The array object of a string literal (see [`Self::literal_pointer`]), of `k` (`char`,
    /// or the `signed`/`unsigned char` a parameter it is passed as has).
    pub(crate) fn literal_place(&mut self, bytes: &[u8], k: IntKind, span: Span) -> Place {
        let mut init: Vec<i128> = bytes.iter().map(|b| k.wrap(*b as i128)).collect();
        init.push(0);
        let n = self.globals.len();
        let id = self.add_global(faultline_ir::Global {
            name: format!("string#{n}"),
            ty: Type::Array(Box::new(Type::Int(k)), init.len() as u64),
            init,
            span,
        });
        Place {
            base: VarRef::Global(id),
            indices: vec![],
            span,
        }
    }

    /// A null pointer constant.
    pub(crate) fn null(&mut self, span: Span) -> Val {
        Val::Ptr(self.konst(0, IntKind::Ptr, span), Type::Void)
    }

    /// The type a pointer-valued operand points to (arrays decay), `None` for a non-pointer.
    pub(crate) fn pointee(&self, v: &Val) -> Option<Type> {
        match v {
            Val::Ptr(_, t) => Some(t.clone()),
            Val::Str(_) => Some(Type::Int(IntKind::Char)),
            Val::Obj(o) if o.base != VarRef::Argv => match &o.ty {
                Type::Ptr(e) | Type::Array(e, _) | Type::ArrayRef(e) => Some((**e).clone()),
                _ => None,
            },
            _ => None,
        }
    }

    /// Scalar cells per pointee (the step of `p + 1`).
    fn stride(&mut self, pointee: &Type, at: Node) -> Res<i128> {
        match pointee.ptr_step() {
            0 => Err(self.unsupported(at, format!("arithmetic on a pointer to `{pointee}`"))),
            n => Ok(n as i128),
        }
    }

    /// An object to index through: a pointer variable (or array) as it is, any other pointer
    /// value computed into a temporary first.
    pub(crate) fn pointer_obj(&mut self, v: Val, at: Node, pre: &mut Block) -> Res<Obj> {
        match v {
            Val::Obj(o)
                if o.base == VarRef::Argv
                    || matches!(o.ty, Type::Array(..) | Type::ArrayRef(_)) =>
            {
                Ok(o)
            }
            Val::Obj(o) if matches!(o.ty, Type::Ptr(_)) && o.indices.is_empty() => Ok(o),
            v => {
                let Some(pointee) = self.pointee(&v) else {
                    return Err(self.semantic(at, "indirection requires a pointer operand"));
                };
                if pointee == Type::Void {
                    return Err(self.semantic(at, "dereferencing a `void *` pointer"));
                }
                let e = self.scalar(v, at)?;
                let span = e.span;
                let ty = Type::Ptr(Box::new(pointee));
                let place = self.assign_temp(pre, ty.clone(), e, span, at, None)?;
                Ok(Obj {
                    base: place.base,
                    indices: vec![],
                    ty,
                    span,
                    agg: None,
                })
            }
        }
    }

    /// Convert `v` for storing into (or passing as) a pointer to `pointee`: a pointer to the
    /// same type (or `void *` either way), or the null pointer constant `0`.
    // `to_` names the conversion of `v`, not of `self` (the lowerer, borrowed mutably to
    // report errors): clippy's naming rule is about conversions of `self`.
    #[allow(clippy::wrong_self_convention)]
    pub(crate) fn to_pointer(&mut self, v: Val, pointee: &Type, at: Node) -> Res<Expr> {
        if let Val::Scalar(e) = &v {
            if matches!(e.kind, ExprKind::Const(0)) && !e.ty.is_float() {
                let span = e.span;
                return Ok(self.konst(0, IntKind::Ptr, span));
            }
        }
        match self.pointee(&v) {
            Some(t) if t == *pointee || t == Type::Void || *pointee == Type::Void => {
                self.scalar(v, at)
            }
            Some(t) => Err(self.unsupported(
                at,
                format!("conversion from `{t} *` to `{pointee} *` (pointers to different types)"),
            )),
            None => Err(self.semantic(at, format!("integer used as a pointer to `{pointee}`"))),
        }
    }

    /// `p + i`, `i + p`, `p - i`, `p - q` and pointer comparisons.
    fn pointer_arith(
        &mut self,
        node: Node,
        op: BinOp,
        a: (Val, Option<Type>, Node),
        b: (Val, Option<Type>, Node),
        span: Span,
    ) -> Res<Val> {
        let (av, ap, an) = a;
        let (bv, bp, bn) = b;
        if op.is_comparison() {
            // A pointer compares with a pointer of the same type or with the null constant.
            let (x, y) = match (&ap, &bp) {
                (Some(t), _) => {
                    let t = t.clone();
                    let x = self.scalar(av, an)?;
                    (x, self.to_pointer(bv, &t, bn)?)
                }
                (None, Some(t)) => {
                    let t = t.clone();
                    let y = self.scalar(bv, bn)?;
                    (self.to_pointer(av, &t, an)?, y)
                }
                _ => unreachable!("pointer_arith needs a pointer operand"),
            };
            return Ok(Val::Scalar(self.expr(
                ExprKind::Binary(op, Box::new(x), Box::new(y)),
                IntKind::Int,
                span,
            )));
        }
        match (op, ap, bp) {
            (BinOp::Sub, Some(t), Some(u)) => {
                if t != u {
                    return Err(self.semantic(node, "subtraction of pointers to different types"));
                }
                let stride = self.stride(&t, node)?;
                let x = self.scalar(av, an)?;
                let y = self.scalar(bv, bn)?;
                let d = self.expr(
                    ExprKind::Binary(BinOp::Sub, Box::new(x), Box::new(y)),
                    IntKind::Long,
                    span,
                );
                if stride == 1 {
                    return Ok(Val::Scalar(d));
                }
                let s = self.konst(stride, IntKind::Long, span);
                Ok(Val::Scalar(self.expr(
                    ExprKind::Binary(BinOp::Div, Box::new(d), Box::new(s)),
                    IntKind::Long,
                    span,
                )))
            }
            (BinOp::Add | BinOp::Sub, Some(t), None) => {
                let p = self.scalar(av, an)?;
                let i = self.scalar(bv, bn)?;
                self.offset(p, t, op, i, node, span)
            }
            (BinOp::Add, None, Some(t)) => {
                let i = self.scalar(av, an)?;
                let p = self.scalar(bv, bn)?;
                self.offset(p, t, op, i, node, span)
            }
            _ => Err(self.semantic(
                node,
                format!("invalid operands to binary `{}` (pointers)", op.symbol()),
            )),
        }
    }

    /// `p ± i` for `p` pointing to `t`: `i` scaled to cells.
    pub(crate) fn offset(
        &mut self,
        p: Expr,
        t: Type,
        op: BinOp,
        i: Expr,
        node: Node,
        span: Span,
    ) -> Res<Val> {
        if i.ty.is_float() || i.ty == IntKind::Ptr {
            return Err(self.semantic(node, "pointer offset is not an integer"));
        }
        let stride = self.stride(&t, node)?;
        let i = self.cast(i, IntKind::Long);
        let i = if stride == 1 {
            i
        } else {
            let s = self.konst(stride, IntKind::Long, span);
            self.expr(
                ExprKind::Binary(BinOp::Mul, Box::new(i), Box::new(s)),
                IntKind::Long,
                span,
            )
        };
        let e = self.expr(
            ExprKind::Binary(op, Box::new(p), Box::new(i)),
            IntKind::Ptr,
            span,
        );
        Ok(Val::Ptr(e, t))
    }

    fn strip_parens<'t>(&self, mut n: Node<'t>) -> Node<'t> {
        while n.kind() == "parenthesized_expression" {
            match n.named_child(0) {
                Some(c) => n = c,
                None => break,
            }
        }
        n
    }

    /// A call of `fgets` or `gets` (whose value is only compared with NULL).
    fn is_line_call(&self, n: Node) -> bool {
        let n = self.strip_parens(n);
        n.kind() == "call_expression"
            && n.child_by_field_name("function")
                .is_some_and(|f| matches!(self.text(f), "fgets" | "gets"))
    }

    /// `NULL` as the headers define it (`((void*)0)`), or a literal `0`.
    fn is_null_constant(&self, n: Node) -> bool {
        let n = self.strip_parens(n);
        match n.kind() {
            "number_literal" => self.text(n) == "0",
            "cast_expression" => {
                let ty = n
                    .child_by_field_name("type")
                    .map(|t| self.text(t).replace(' ', ""));
                ty.as_deref() == Some("void*")
                    && n.child_by_field_name("value")
                        .is_some_and(|v| self.is_null_constant(v))
            }
            _ => false,
        }
    }

    /// `a && b`, `a || b`. When `b` has side effects they must only happen if `a` does not decide
    /// the result, so the operation becomes an `if` assigning a temporary.
    fn logical(
        &mut self,
        l: Node,
        r: Node,
        and: bool,
        pre: &mut Block,
        span: Span,
        node: Node,
    ) -> Res<Val> {
        let a = self.truth(l, pre)?;
        let mut rpre = Vec::new();
        self.conditional_operand += 1;
        let b = self.truth(r, &mut rpre);
        self.conditional_operand -= 1;
        let b = b?;
        if rpre.is_empty() {
            let op = if and { LogicOp::And } else { LogicOp::Or };
            return Ok(Val::Scalar(self.expr(
                ExprKind::Logical(op, Box::new(a), Box::new(b)),
                IntKind::Int,
                span,
            )));
        }
        let zero = self.konst(0, b.ty, b.span);
        let bspan = b.span;
        let truth = self.expr(
            ExprKind::Binary(BinOp::Ne, Box::new(b), Box::new(zero)),
            IntKind::Int,
            bspan,
        );
        let tplace =
            self.assign_temp(&mut rpre, Type::Int(IntKind::Int), truth, span, node, None)?;
        let fixed = self.konst(if and { 0 } else { 1 }, IntKind::Int, span);
        let short = vec![self.stmt(
            StmtKind::Assign {
                place: tplace.clone(),
                value: fixed,
            },
            span,
            None,
        )];
        let (then_, else_) = if and { (rpre, short) } else { (short, rpre) };
        self.emit(
            pre,
            StmtKind::If {
                cond: a,
                then_,
                else_,
            },
            span,
            None,
        );
        Ok(Val::Scalar(self.expr(
            ExprKind::Load(tplace),
            IntKind::Int,
            span,
        )))
    }

    fn unary(&mut self, node: Node, pre: &mut Block, span: Span) -> Res<Val> {
        let (Some(op), Some(arg)) = (
            node.child_by_field_name("operator"),
            node.child_by_field_name("argument"),
        ) else {
            return Err(self.semantic(node, "malformed expression"));
        };
        let a = if op.kind() == "!" {
            self.truth(arg, pre)?
        } else {
            self.rvalue(arg, pre)?
        };
        let e = match op.kind() {
            "!" => self.expr(ExprKind::Unary(UnOp::Not, Box::new(a)), IntKind::Int, span),
            "+" => {
                let k = a.ty.promote();
                self.cast(a, k)
            }
            "~" if a.ty.is_float() => {
                return Err(self.semantic(
                    node,
                    format!(
                        "wrong type argument to bit-complement (`{}`)",
                        a.ty.c_name()
                    ),
                ))
            }
            "-" | "~" => {
                let k = a.ty.promote();
                let a = self.cast(a, k);
                let u = if op.kind() == "-" {
                    UnOp::Neg
                } else {
                    UnOp::BitNot
                };
                self.expr(ExprKind::Unary(u, Box::new(a)), k, span)
            }
            other => return Err(self.unsupported(node, format!("operator `{other}`"))),
        };
        Ok(Val::Scalar(e))
    }

    /// Store `value` (converted) into `obj` as a user assignment.
    fn store(&mut self, obj: &Obj, value: Expr, span: Span, pre: &mut Block) {
        let k = obj.ty.as_int().unwrap_or(IntKind::Int);
        let value = if k == IntKind::Ptr {
            value
        } else {
            self.cast(value, k)
        };
        let place = self.refresh_place(&Place {
            base: obj.base,
            indices: obj.indices.clone(),
            span: obj.span,
        });
        self.emit(
            pre,
            StmtKind::Assign { place, value },
            span,
            Some(Component::Assign),
        );
    }

    /// Read an lvalue again (fresh ids).
    fn reload(&mut self, obj: &Obj) -> Expr {
        let k = obj.ty.as_int().unwrap_or(IntKind::Int);
        let place = self.refresh_place(&Place {
            base: obj.base,
            indices: obj.indices.clone(),
            span: obj.span,
        });
        self.expr(ExprKind::Load(place), k, obj.span)
    }

    fn update(&mut self, node: Node, pre: &mut Block, used: bool, span: Span) -> Res<Val> {
        let (Some(op), Some(arg)) = (
            node.child_by_field_name("operator"),
            node.child_by_field_name("argument"),
        ) else {
            return Err(self.semantic(node, "malformed expression"));
        };
        let prefix = op.start_byte() < arg.start_byte();
        let bop = if op.kind() == "++" {
            BinOp::Add
        } else {
            BinOp::Sub
        };
        let obj = self.lvalue(arg, pre)?;
        let k = obj.ty.as_int().unwrap_or(IntKind::Int);
        let mut old = None;
        if used && !prefix {
            let ty = if k == IntKind::Ptr {
                obj.ty.clone()
            } else {
                Type::Int(k)
            };
            let cur = self.reload(&obj);
            old = Some(self.assign_temp(pre, ty, cur, span, node, None)?);
        }
        let cur = self.reload(&obj);
        let one = self.konst(1, IntKind::Int, span);
        let v = match &obj.ty {
            Type::Ptr(t) => match self.offset(cur, (**t).clone(), bop, one, node, span)? {
                Val::Ptr(e, _) => e,
                _ => unreachable!("offset yields a pointer"),
            },
            _ => self.arith(bop, cur, one, span),
        };
        self.store(&obj, v, span, pre);
        let v = match old {
            Some(p) => Val::Scalar(self.expr(ExprKind::Load(p), k, span)),
            None if used => Val::Scalar(self.reload(&obj)),
            None => Val::Void,
        };
        Ok(match (v, &obj.ty) {
            (Val::Scalar(e), Type::Ptr(t)) => Val::Ptr(e, (**t).clone()),
            (v, _) => v,
        })
    }

    fn assignment(&mut self, node: Node, pre: &mut Block, used: bool, span: Span) -> Res<Val> {
        let (l, r, op) = self.operands(node)?;
        let lv = self.value(l, pre, true)?;
        if let Val::Obj(o) = &lv {
            if o.agg.is_some() && matches!(o.ty, Type::Struct(_)) {
                if op != "=" {
                    return Err(self.semantic(node, format!("operator `{op}` on a struct")));
                }
                // Struct assignment copies every member.
                let o = o.clone();
                let src = self.agg_value(r, &o.ty, pre)?;
                self.agg_copy(&o, &src, span, Some(Component::Assign), node, pre)?;
                return Ok(if used { Val::Obj(o) } else { Val::Void });
            }
        }
        let obj = self.lvalue_val(lv, l)?;
        if let Type::FnPtr(fs) = &obj.ty {
            if op != "=" {
                return Err(self.semantic(node, format!("operator `{op}` on a function pointer")));
            }
            let fs = (**fs).clone();
            let rv = self.value(r, pre, true)?;
            let v = self.fn_number(rv, Some(&fs), r)?;
            self.store(&obj, v, span, pre);
            return Ok(if used {
                let e = self.reload(&obj);
                Val::Fn(e, fs)
            } else {
                Val::Void
            });
        }
        if let Type::Ptr(t) = &obj.ty {
            let t = (**t).clone();
            let rv = self.value(r, pre, true)?;
            let v = match op {
                "=" => self.to_pointer(rv, &t, r)?,
                "+=" | "-=" => {
                    let i = self.scalar(rv, r)?;
                    let cur = self.reload(&obj);
                    let bop = if op == "+=" { BinOp::Add } else { BinOp::Sub };
                    match self.offset(cur, t, bop, i, node, span)? {
                        Val::Ptr(e, _) => e,
                        _ => unreachable!("offset yields a pointer"),
                    }
                }
                _ => {
                    return Err(self.semantic(node, format!("invalid operator `{op}` on a pointer")))
                }
            };
            self.store(&obj, v, span, pre);
            return Ok(if used {
                let e = self.reload(&obj);
                let Type::Ptr(t) = &obj.ty else {
                    unreachable!()
                };
                Val::Ptr(e, (**t).clone())
            } else {
                Val::Void
            });
        }
        let v = self.rvalue(r, pre)?;
        let v = if op == "=" {
            v
        } else {
            let Some(bop) = op.strip_suffix('=').and_then(binop) else {
                return Err(self.unsupported(node, format!("operator `{op}`")));
            };
            let cur = self.reload(&obj);
            self.check_float_operands(node, bop, cur.ty, v.ty)?;
            self.arith(bop, cur, v, span)
        };
        self.store(&obj, v, span, pre);
        Ok(if used {
            Val::Scalar(self.reload(&obj))
        } else {
            Val::Void
        })
    }

    fn conditional(&mut self, node: Node, pre: &mut Block, used: bool, span: Span) -> Res<Val> {
        let Some(c) = node.child_by_field_name("condition") else {
            return Err(self.semantic(node, "malformed conditional"));
        };
        let (Some(a), Some(b)) = (
            node.child_by_field_name("consequence"),
            node.child_by_field_name("alternative"),
        ) else {
            return Err(self.unsupported(node, "`?:` without a middle operand"));
        };
        let cond = self.truth(c, pre)?;
        let cspan = self.span(c);
        let (mut pa, mut pb) = (Vec::new(), Vec::new());
        if !used {
            self.effect(a, &mut pa)?;
            self.effect(b, &mut pb)?;
            if !pa.is_empty() || !pb.is_empty() {
                self.emit(
                    pre,
                    StmtKind::If {
                        cond,
                        then_: pa,
                        else_: pb,
                    },
                    cspan,
                    Some(Component::TernaryCond),
                );
            }
            return Ok(Val::Void);
        }
        self.conditional_operand += 1;
        let arms = self
            .value(a, &mut pa, true)
            .and_then(|xa| Ok((xa, self.value(b, &mut pb, true)?)));
        self.conditional_operand -= 1;
        let (xa, xb) = arms?;
        // The arms' values, of kind `k`; the type of a temporary that holds either; what the
        // value is to the expression around it.
        type Wrap = Box<dyn Fn(Expr) -> Val>;
        let (va, vb, k, ty, wrap): (Expr, Expr, IntKind, Type, Wrap) =
            if let Some(fs) = self.fn_type(&xa).or_else(|| self.fn_type(&xb)) {
                // `c ? f : g` of function pointers (or one and the null constant).
                let va = self.fn_number(xa, Some(&fs), a)?;
                let vb = self.fn_number(xb, Some(&fs), b)?;
                let k = IntKind::Long;
                (
                    va,
                    vb,
                    k,
                    Type::Int(k),
                    Box::new(move |e| Val::Fn(e, fs.clone())),
                )
            } else {
                // `c ? p : q` of pointers (or a pointer and the null constant): a pointer.
                let pointee = match (self.pointee(&xa), self.pointee(&xb)) {
                    (Some(Type::Void), Some(t)) | (Some(t), _) | (None, Some(t)) => Some(t),
                    _ => None,
                };
                match pointee {
                    Some(t) => {
                        let va = self.to_pointer(xa, &t, a)?;
                        let vb = self.to_pointer(xb, &t, b)?;
                        let ty = Type::Ptr(Box::new(t.clone()));
                        (
                            va,
                            vb,
                            IntKind::Ptr,
                            ty,
                            Box::new(move |e| Val::Ptr(e, t.clone())),
                        )
                    }
                    None => {
                        let va = self.scalar(xa, a)?;
                        let vb = self.scalar(xb, b)?;
                        let k = IntKind::usual_arithmetic(va.ty, vb.ty);
                        let (va, vb) = (self.cast(va, k), self.cast(vb, k));
                        (va, vb, k, Type::Int(k), Box::new(Val::Scalar))
                    }
                }
            };
        if pa.is_empty() && pb.is_empty() {
            let e = self.expr(
                ExprKind::Cond(Box::new(cond), Box::new(va), Box::new(vb)),
                k,
                span,
            );
            return Ok(wrap(e));
        }
        // An arm needs statements first: `if (c) { …; t = a; } else { …; t = b; }`, then `t`.
        let t = self.temp_of(ty, node)?;
        let tplace = self.assign_local(&mut pa, t, va, span);
        self.assign_local(&mut pb, t, vb, span);
        self.emit(
            pre,
            StmtKind::If {
                cond,
                then_: pa,
                else_: pb,
            },
            cspan,
            Some(Component::TernaryCond),
        );
        let e = self.expr(ExprKind::Load(tplace), k, span);
        Ok(wrap(e))
    }

    fn cast_expr(&mut self, node: Node, pre: &mut Block, used: bool) -> Res<Val> {
        let (Some(td), Some(v)) = (
            node.child_by_field_name("type"),
            node.child_by_field_name("value"),
        ) else {
            return Err(self.semantic(node, "malformed cast"));
        };
        let ty = self.type_name(td)?;
        self.cast_to(ty, v, node, pre, used)
    }

    fn sizeof(&mut self, node: Node, span: Span) -> Res<Val> {
        let size = if let Some(td) = node.child_by_field_name("type") {
            let ty = self.type_name(td)?;
            match ty.size_of() {
                Some(s) => s,
                None => return Err(self.semantic(node, format!("sizeof of `{ty}`"))),
            }
        } else if let Some(ty) = node
            .child_by_field_name("value")
            .and_then(|v| self.typedef_in_parens(v))
        {
            match ty.size_of() {
                Some(s) => s,
                None => return Err(self.semantic(node, format!("sizeof of `{ty}`"))),
            }
        } else if let Some(v) = node.child_by_field_name("value") {
            // The operand is not evaluated: lower it into a scratch block that is thrown away.
            let mut scratch = Vec::new();
            match self.value(v, &mut scratch, true)? {
                Val::Scalar(e) => e.ty.size_of(),
                Val::Obj(o)
                    if o.indices.is_empty()
                        && matches!(o.base, VarRef::Local(id) if self.vla_locals.contains(&id)) =>
                {
                    return Err(self.unsupported(node, "`sizeof` of a variable-length array"))
                }
                Val::Obj(o) => match &o.ty {
                    // An array parameter is a pointer.
                    Type::ArrayRef(_) => 8,
                    t => match t.size_of() {
                        Some(s) => s,
                        None => return Err(self.semantic(node, "sizeof of an incomplete type")),
                    },
                },
                Val::Str(b) => b.len() as u64 + 1,
                Val::Ptr(..) | Val::Fn(..) => 8,
                Val::Void => return Err(self.semantic(node, "sizeof of void")),
            }
        } else {
            return Err(self.semantic(node, "malformed sizeof"));
        };
        Ok(Val::Scalar(self.konst(size as i128, IntKind::ULong, span)))
    }

    /// A condition: a scalar of any integer type, nonzero meaning true (no conversion to `int`,
    /// so the condition's own expression is what the analysis sees).
    pub(crate) fn condition(&mut self, node: Node, pre: &mut Block) -> Res<(Expr, Span)> {
        let inner = if node.kind() == "parenthesized_expression" {
            node.named_child(0).unwrap_or(node)
        } else {
            node
        };
        let e = self.truth(inner, pre)?;
        Ok((e, self.span(inner)))
    }
}
