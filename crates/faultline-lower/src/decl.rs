//! Declarations: locals, globals (including function-`static` ones), typedefs, initializers.

use faultline_ir::{
    BinOp, Block, Component, Expr, ExprKind, Global, IntKind, LocalId, LocalKind, Place, Span,
    StmtKind, Type, VarRef,
};
use tree_sitter::Node;

use crate::consteval;
use crate::ctx::{Lowerer, Res, Sym};
use crate::types::{Declared, Storage, UNSIZED};

/// One scalar cell's initializer.
#[derive(Clone, Copy)]
pub(crate) enum Init<'t> {
    Expr(Node<'t>),
    /// A byte of a string literal (or its NUL), from the literal node.
    Byte(u8, Node<'t>),
}

/// Zero runs at least this long are filled by a loop.
const ZERO_FILL_LOOP: u64 = 64;

/// Largest index a brace initializer may reach while inferring `T a[] = {…}`.
const MAX_INFERRED: u64 = 1 << 24;

impl<'a> Lowerer<'a> {
    pub(crate) fn typedef_decl(&mut self, node: Node) -> Res<()> {
        // `typedef struct s T;` before `struct s { … }`: `T` names the tag.
        if let Some(key) = node
            .child_by_field_name("type")
            .and_then(|t| self.undefined_tag(t))
        {
            let mut c = node.walk();
            let decls: Vec<Node> = node.children_by_field_name("declarator", &mut c).collect();
            for d in decls {
                if !matches!(
                    d.kind(),
                    "type_identifier" | "identifier" | "primitive_type"
                ) {
                    return Err(self.unsupported(d, "this typedef of an incomplete struct"));
                }
                let name = self.text(d).to_string();
                self.bind(&name, Sym::TypedefTag(key.clone()));
            }
            return Ok(());
        }
        let (base, _) = self.specifiers(node)?;
        let mut c = node.walk();
        let decls: Vec<Node> = node.children_by_field_name("declarator", &mut c).collect();
        for d in decls {
            let dd = self.declarator(d, base.clone())?;
            if let Some(p) = dd.pointer {
                return Err(self.unsupported(p, "pointer types"));
            }
            if dd.function.is_some() {
                return Err(self.unsupported(d, "function types"));
            }
            self.bind(&dd.name, Sym::Typedef(dd.ty));
        }
        Ok(())
    }

    /// Bind the name a rejected declarator declares to [`Sym::Poisoned`].
    pub(crate) fn poison(&mut self, d: Node) {
        let mut n = d;
        for _ in 0..32 {
            if n.kind() == "identifier" {
                let name = self.text(n).to_string();
                self.bind(&name, Sym::Poisoned);
                return;
            }
            // `(*p)` of `int (**pp)(int)` holds its declarator as a plain child.
            let inner = n.child_by_field_name("declarator").or_else(|| {
                (n.kind() == "parenthesized_declarator")
                    .then(|| n.named_child(0))
                    .flatten()
            });
            match inner {
                Some(x) => n = x,
                None => return,
            }
        }
    }

    /// A declaration's declarators, as (declarator node, initializer node).
    fn declarators<'t>(&self, node: Node<'t>) -> Vec<(Node<'t>, Option<Node<'t>>)> {
        let mut c = node.walk();
        node.children_by_field_name("declarator", &mut c)
            .map(|d| {
                if d.kind() == "init_declarator" {
                    (d, d.child_by_field_name("value"))
                } else {
                    (d, None)
                }
            })
            .collect()
    }

    /// Resolve a variable declarator's type: no pointers, no functions, `[]` sized by its
    /// initializer.
    fn variable<'t>(
        &mut self,
        d: Node<'t>,
        base: &Type,
        init: Option<Node<'t>>,
    ) -> Res<Declared<'t>> {
        let mut dd = self.declarator(d, base.clone())?;
        dd.ty = self.complete(dd.ty);
        if let Some(what) = crate::structs::incomplete_in(&dd.ty) {
            // At the type, where the struct is named.
            let at = d
                .parent()
                .and_then(|p| p.child_by_field_name("type"))
                .unwrap_or(d);
            return Err(self.unsupported(
                at,
                format!("`{what}` used before its members are defined (incomplete type)"),
            ));
        }
        if dd.ty.has_ptr() && !matches!(dd.ty, Type::Ptr(_) | Type::Array(..)) {
            if let Some(p) = dd.pointer {
                return Err(self.unsupported(p, format!("pointer variable `{}`", dd.name)));
            }
        }
        if let Type::Ptr(e) = &dd.ty {
            if matches!(&**e, Type::Array(_, n) if *n == UNSIZED) {
                return Err(self.unsupported(d, "pointer to an array of unknown size"));
            }
        }
        if matches!(dd.ty, Type::Void) {
            return Err(self.semantic(d, format!("variable `{}` has type void", dd.name)));
        }
        if let Type::Array(elem, n) = &dd.ty {
            if *n == UNSIZED {
                let Some(init) = init else {
                    return Err(self.semantic(
                        d,
                        format!("array `{}` needs a size or an initializer", dd.name),
                    ));
                };
                let len = self.inferred_len(elem, init)?;
                dd.ty = Type::Array(elem.clone(), len);
            }
        }
        Ok(dd)
    }

    pub(crate) fn local_declaration(&mut self, node: Node, out: &mut Block) -> Res<()> {
        let (base, storage) = match self.specifiers(node) {
            Ok(x) => x,
            Err(r) => {
                for (d, _) in self.declarators(node) {
                    self.poison(d);
                }
                return Err(r);
            }
        };
        for (d, init) in self.declarators(node) {
            if is_function_declarator(d) {
                continue; // a local prototype: signatures come from the definitions
            }
            if storage == Storage::Extern {
                return Err(self.unsupported(d, "block-scope `extern` declarations"));
            }
            self.vla_allowed = storage != Storage::Static;
            self.vla_pending = None;
            let dd = self.variable(d, &base, init);
            self.vla_allowed = false;
            let dd = match dd {
                Ok(dd) => dd,
                Err(r) => {
                    self.poison(d);
                    return Err(r);
                }
            };
            let span = self.span(d);
            if let Some((n, pre, nspan)) = self.vla_pending.take() {
                if init.is_some() {
                    return Err(self.semantic(d, "variable-sized object may not be initialized"));
                }
                if dd.ty.has_struct() {
                    return Err(self.unsupported(d, "variable-length arrays of structs"));
                }
                // Past the bound the run is not analysed: an assumption, reported as such.
                out.extend(pre);
                let n = self.cast(n, IntKind::Long);
                let bound = self.options.max_vla_elements;
                let bound = self.konst(bound as i128, IntKind::Long, nspan);
                let fits = self.expr(
                    ExprKind::Binary(BinOp::Le, Box::new(n), Box::new(bound)),
                    IntKind::Int,
                    nspan,
                );
                self.emit(out, StmtKind::Assume(fits), nspan, None);
                self.bound_checks.push(nspan);
                let id = self.new_local(&dd.name, dd.ty.clone(), LocalKind::User, span, d)?;
                self.vla_locals.insert(id);
                self.bind(&dd.name, Sym::Local(id, dd.ty.clone()));
                self.emit(out, StmtKind::Decl(id), span, None);
                continue;
            }
            if storage == Storage::Static {
                // A function-`static` is a global with a name no user global can have.
                let fname = self
                    .cur
                    .as_ref()
                    .map(|f| f.name.clone())
                    .unwrap_or_default();
                let mut name = format!("{fname}::{}", dd.name);
                let mut n = 1;
                while self.globals.iter().any(|g| g.name == name) {
                    n += 1;
                    name = format!("{fname}::{}#{n}", dd.name);
                }
                let mut pointers = Vec::new();
                let init = match self.const_init(&dd.ty, init, Some(&mut pointers)) {
                    Ok(v) => v,
                    Err(r) => {
                        // Uses of the variable are not errors of their own.
                        self.poison(d);
                        return Err(r);
                    }
                };
                if dd.ty.has_struct() {
                    let agg = self.agg_globals(&name, &dd.ty, init, span);
                    self.static_pointer_inits(&name, &dd.ty, &agg.leaves, pointers, span, out);
                    self.bind(&dd.name, Sym::Agg(agg, dd.ty));
                    continue;
                }
                let id = self.add_global(Global {
                    name: name.clone(),
                    ty: dd.ty.clone(),
                    init,
                    span,
                });
                self.static_pointer_inits(
                    &name,
                    &dd.ty,
                    &[VarRef::Global(id)],
                    pointers,
                    span,
                    out,
                );
                self.bind(&dd.name, Sym::Global(id, dd.ty));
                continue;
            }
            if dd.ty.has_struct() {
                let agg = self.agg_locals(&dd.name, &dd.ty, LocalKind::User, span, d)?;
                self.bind(&dd.name, Sym::Agg(agg.clone(), dd.ty.clone()));
                match init {
                    None => self.agg_zero(&agg, &dd.ty, span, out),
                    Some(init) => {
                        let o = Self::agg_obj(agg, dd.ty.clone(), span);
                        self.agg_init(&o, init, span, out)?;
                    }
                }
                continue;
            }
            let id = self.new_local(&dd.name, dd.ty.clone(), LocalKind::User, span, d)?;
            // In scope from the end of its declarator on (`int x = x;` reads the new `x`).
            self.bind(&dd.name, Sym::Local(id, dd.ty.clone()));
            let Some(init) = init else {
                self.emit(out, StmtKind::Decl(id), span, None);
                continue;
            };
            match &dd.ty {
                Type::Ptr(t) if init.kind() != "initializer_list" => {
                    let t = (**t).clone();
                    let v = self.value(init, out, true)?;
                    let v = self.to_pointer(v, &t, init)?;
                    self.init_local(out, id, v, span);
                }
                Type::FnPtr(fs) if init.kind() != "initializer_list" => {
                    let fs = (**fs).clone();
                    let v = self.value(init, out, true)?;
                    let v = self.fn_number(v, Some(&fs), init)?;
                    self.init_local(out, id, v, span);
                }
                ty if ty.has_ptr() && !matches!(ty, Type::Array(..)) => {
                    return Err(self.unsupported(init, "initializer of pointers in braces"));
                }
                Type::Int(k) => {
                    if init.kind() == "initializer_list" {
                        let cells = self.cells(&dd.ty, init)?;
                        // `int x = {};` (C23) is zero.
                        let v = match cells.first().copied().flatten() {
                            Some(Init::Expr(e)) => self.rvalue(e, out)?,
                            _ => self.konst(0, *k, span),
                        };
                        let v = self.cast(v, *k);
                        self.init_local(out, id, v, span);
                        continue;
                    }
                    let v = self.rvalue(init, out)?;
                    let v = self.cast(v, *k);
                    self.init_local(out, id, v, span);
                }
                ty => {
                    let ty = ty.clone();
                    let cells = self.cells(&ty, init)?;
                    self.array_init(id, &ty, &cells, span, out)?;
                }
            }
        }
        Ok(())
    }

    /// The user assignment `x = v` a declarator's initializer stands for (a component, so
    /// a wrong initial value can be blamed and repaired at the declaration).
    fn init_local(&mut self, out: &mut Block, id: LocalId, v: Expr, span: Span) {
        self.assign_local_as(out, id, v, span, Some(Component::Assign));
    }

    /// Assign every cell of a local array: initialized ones as user assignments (span: the
    /// element), the rest zero (not components).
    fn array_init(
        &mut self,
        id: faultline_ir::LocalId,
        ty: &Type,
        cells: &[Option<Init>],
        span: Span,
        out: &mut Block,
    ) -> Res<()> {
        let dims = dims(ty);
        let Some(k) = ty.scalar() else { return Ok(()) };
        // An array of pointers (`char *names[] = {"one", "two"}`): each cell converted as a
        // pointer is.
        let mut elem = ty;
        while let Type::Array(e, _) = elem {
            elem = e;
        }
        let pointee = match elem {
            Type::Ptr(t) => Some((**t).clone()),
            _ => None,
        };
        let total = ty.scalar_count();
        let mut flat = 0;
        while flat < total {
            // A long run of zero cells becomes a loop rather than one statement per cell.
            let run = (flat..total)
                .take_while(|f| cells.get(*f as usize).copied().flatten().is_none())
                .count() as u64;
            if run >= ZERO_FILL_LOOP {
                self.zero_fill_loop(id, &dims, k, flat, flat + run, span, out);
                flat += run;
                continue;
            }
            let cell = cells.get(flat as usize).copied().flatten();
            let (value, espan, comp) = match cell {
                Some(Init::Expr(e)) if pointee.is_some() => {
                    let t = pointee.clone().unwrap_or(Type::Void);
                    let v = self.value(e, out, true)?;
                    let v = self.to_pointer(v, &t, e)?;
                    (v, self.span(e), Some(Component::Assign))
                }
                Some(Init::Expr(e)) => {
                    let v = self.rvalue(e, out)?;
                    (self.cast(v, k), self.span(e), Some(Component::Assign))
                }
                Some(Init::Byte(b, n)) => {
                    let s = self.span(n);
                    (self.konst(b as i128, k, s), s, Some(Component::Assign))
                }
                None => (self.konst(0, k, span), span, None),
            };
            let mut indices = Vec::new();
            let mut rem = flat;
            let mut stride: u64 = dims.iter().product();
            for d in &dims {
                stride /= d.max(&1);
                let i = rem / stride.max(1);
                rem %= stride.max(1);
                indices.push(self.konst(i as i128, IntKind::Long, espan));
            }
            let place = Place {
                base: VarRef::Local(id),
                indices,
                span: espan,
            };
            self.emit(out, StmtKind::Assign { place, value }, espan, comp);
            flat += 1;
        }
        Ok(())
    }

    /// `for (k = from; k < to; k++) a[k / s0][k / s1 % d1]… = 0;` over a temporary `long k`
    /// (no statement of it is a component: the user wrote none of it).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn zero_fill_loop(
        &mut self,
        id: faultline_ir::LocalId,
        dims: &[u64],
        k: IntKind,
        from: u64,
        to: u64,
        span: Span,
        out: &mut Block,
    ) {
        self.fill_loop(VarRef::Local(id), dims, k, 0, from, to, span, out)
    }

    /// [`Lowerer::zero_fill_loop`] of any variable and value (`memset` of a whole array).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn fill_loop(
        &mut self,
        base: VarRef,
        dims: &[u64],
        k: IntKind,
        value: i128,
        from: u64,
        to: u64,
        span: Span,
        out: &mut Block,
    ) {
        let long = IntKind::Long;
        let Some(f) = self.cur.as_mut() else { return };
        let t = faultline_ir::LocalId(f.locals.len() as u32);
        f.locals.push(faultline_ir::LocalDecl {
            name: format!("fill{}", t.0),
            ty: Type::Int(long),
            kind: LocalKind::Temp,
            span,
        });
        let start = self.konst(from as i128, long, span);
        let tplace = self.assign_local(out, t, start, span);
        let mut body = Vec::new();
        let cur = self.load_local(&tplace, long);
        let end = self.konst(to as i128, long, span);
        let cond = self.expr(
            ExprKind::Binary(BinOp::Lt, Box::new(cur), Box::new(end)),
            IntKind::Int,
            span,
        );
        let brk = self.stmt(StmtKind::Break, span, None);
        self.emit(
            &mut body,
            StmtKind::If {
                cond,
                then_: vec![],
                else_: vec![brk],
            },
            span,
            None,
        );
        let mut indices = Vec::new();
        let mut stride: u64 = dims.iter().product();
        for (j, d) in dims.iter().enumerate() {
            stride /= (*d).max(1);
            let mut e = self.load_local(&tplace, long);
            if stride > 1 {
                let s = self.konst(stride as i128, long, span);
                e = self.expr(
                    ExprKind::Binary(BinOp::Div, Box::new(e), Box::new(s)),
                    long,
                    span,
                );
            }
            if j > 0 {
                let m = self.konst(*d as i128, long, span);
                e = self.expr(
                    ExprKind::Binary(BinOp::Rem, Box::new(e), Box::new(m)),
                    long,
                    span,
                );
            }
            indices.push(e);
        }
        let zero = self.konst(value, k, span);
        let place = Place {
            base,
            indices,
            span,
        };
        self.emit(
            &mut body,
            StmtKind::Assign { place, value: zero },
            span,
            None,
        );
        let cur = self.load_local(&tplace, long);
        let one = self.konst(1, long, span);
        let next = self.expr(
            ExprKind::Binary(BinOp::Add, Box::new(cur), Box::new(one)),
            long,
            span,
        );
        let mut latch = Vec::new();
        self.emit(
            &mut latch,
            StmtKind::Assign {
                place: tplace,
                value: next,
            },
            span,
            None,
        );
        self.emit(out, StmtKind::Loop { body, latch }, span, None);
    }

    fn load_local(&mut self, p: &Place, k: IntKind) -> Expr {
        let p = self.refresh_place(p);
        let span = p.span;
        self.expr(ExprKind::Load(p), k, span)
    }

    /// The initializer of every scalar cell (row-major), `None` where C zero-fills.
    pub(crate) fn cells<'t>(&mut self, ty: &Type, init: Node<'t>) -> Res<Vec<Option<Init<'t>>>> {
        let mut out = Vec::new();
        if init.kind() == "initializer_list" {
            self.fill_braced(ty, init, 0, &mut out)?;
        } else if ty.as_int().is_some() {
            out.push(Some(Init::Expr(init)));
        } else if self.string_init(ty, init, 0, &mut out)?.is_none() {
            return Err(self.semantic(
                init,
                "array initializer must be a braced list or a string literal",
            ));
        }
        Ok(out)
    }

    fn put<'t>(out: &mut Vec<Option<Init<'t>>>, pos: u64, v: Init<'t>) {
        let pos = pos as usize;
        if out.len() <= pos {
            out.resize(pos + 1, None);
        }
        out[pos] = Some(v);
    }

    /// `char s[N] = "…"`: fills the row; `Ok(None)` when `init` is not a string literal.
    fn string_init<'t>(
        &mut self,
        ty: &Type,
        init: Node<'t>,
        pos: u64,
        out: &mut Vec<Option<Init<'t>>>,
    ) -> Res<Option<()>> {
        if !matches!(init.kind(), "string_literal" | "concatenated_string") {
            return Ok(None);
        }
        let Type::Array(elem, n) = ty else {
            return Ok(None);
        };
        if !matches!(**elem, Type::Int(k) if k.bits() == 8) {
            return Err(self.semantic(init, "string literal initializes a non-`char` array"));
        }
        let mut bytes = self.string_bytes(init)?;
        bytes.push(0);
        if *n != UNSIZED {
            // C allows dropping the NUL when the array is exactly the string's length.
            if bytes.len() as u64 > *n + 1 {
                return Err(self.semantic(init, "initializer string is too long for the array"));
            }
            bytes.truncate(*n as usize);
        }
        for (i, b) in bytes.iter().enumerate() {
            Self::put(out, pos + i as u64, Init::Byte(*b, init));
        }
        Ok(Some(()))
    }

    fn fill_braced<'t>(
        &mut self,
        ty: &Type,
        list: Node<'t>,
        pos: u64,
        out: &mut Vec<Option<Init<'t>>>,
    ) -> Res<()> {
        let mut c = list.walk();
        let items: Vec<Node<'t>> = list
            .named_children(&mut c)
            .filter(|n| n.kind() != "comment")
            .collect();
        let mut idx = 0;
        // `char s[] = {"abc"}`
        if items.len() == 1 && self.string_init(ty, items[0], pos, out)?.is_some() {
            return Ok(());
        }
        self.fill(ty, &items, &mut idx, pos, out)?;
        if idx < items.len() {
            return Err(self.semantic(items[idx], "excess elements in initializer"));
        }
        Ok(())
    }

    /// Initialize the object of type `ty` at flat position `pos` from `items[*idx..]`, consuming
    /// as many as C's brace elision takes.
    fn fill<'t>(
        &mut self,
        ty: &Type,
        items: &[Node<'t>],
        idx: &mut usize,
        pos: u64,
        out: &mut Vec<Option<Init<'t>>>,
    ) -> Res<()> {
        let Some(&at) = items.get(*idx) else {
            return Ok(());
        };
        self.enter(at)?;
        let r = self.fill_inner(ty, items, idx, pos, out);
        self.leave();
        r
    }

    fn fill_inner<'t>(
        &mut self,
        ty: &Type,
        items: &[Node<'t>],
        idx: &mut usize,
        pos: u64,
        out: &mut Vec<Option<Init<'t>>>,
    ) -> Res<()> {
        let Some(&item) = items.get(*idx) else {
            return Ok(());
        };
        if item.kind() == "initializer_pair" && !matches!(ty, Type::Struct(_)) {
            return Err(self.unsupported(item, "array designators in initializers"));
        }
        match ty {
            Type::Struct(d) => {
                let count = if d.is_union { 1 } else { d.fields.len() };
                let offsets: Vec<u64> = d
                    .fields
                    .iter()
                    .scan(0u64, |acc, (_, t)| {
                        let at = *acc;
                        *acc += t.scalar_count();
                        Some(at)
                    })
                    .collect();
                let mut fi = 0;
                while let Some(&item) = items.get(*idx) {
                    if item.kind() == "initializer_pair" {
                        // `.member = value`
                        let mut c = item.walk();
                        let des: Vec<Node> =
                            item.children_by_field_name("designator", &mut c).collect();
                        let (Some(value), [one]) = (item.child_by_field_name("value"), &des[..])
                        else {
                            return Err(self.unsupported(item, "nested designators"));
                        };
                        let name = match one.kind() {
                            "field_designator" => one
                                .named_child(0)
                                .map(|n| self.text(n).to_string())
                                .unwrap_or_default(),
                            _ => {
                                return Err(self.unsupported(*one, "array designator for a struct"))
                            }
                        };
                        let Some((fpos, fty)) = d.field(&name) else {
                            return Err(self.semantic(
                                *one,
                                format!("`{}` has no member named `{name}`", d.c_name()),
                            ));
                        };
                        let (fty, at) = (fty.clone(), pos + offsets[fpos]);
                        if value.kind() == "initializer_list" {
                            self.fill_braced(&fty, value, at, out)?;
                        } else if self.string_init(&fty, value, at, out)?.is_none() {
                            self.fill(&fty, &[value], &mut 0, at, out)?;
                        }
                        *idx += 1;
                        fi = fpos + 1;
                        continue;
                    }
                    if fi >= count {
                        break;
                    }
                    let (_, fty) = &d.fields[fi];
                    let at = pos + offsets[fi];
                    if item.kind() == "initializer_list" {
                        self.fill_braced(fty, item, at, out)?;
                        *idx += 1;
                    } else if self.string_init(fty, item, at, out)?.is_some() {
                        *idx += 1;
                    } else {
                        self.fill(fty, items, idx, at, out)?;
                    }
                    fi += 1;
                }
                Ok(())
            }
            Type::Int(_) | Type::Ptr(_) | Type::FnPtr(_) => {
                if item.kind() == "initializer_list" {
                    self.fill_braced(ty, item, pos, out)?;
                } else {
                    Self::put(out, pos, Init::Expr(item));
                }
                *idx += 1;
                Ok(())
            }
            Type::Array(elem, n) => {
                let stride = elem.scalar_count().max(1);
                let mut k: u64 = 0;
                while k < *n && *idx < items.len() {
                    if pos + k * stride > MAX_INFERRED {
                        return Err(self.unsupported(items[*idx], "array initializer this large"));
                    }
                    let item = items[*idx];
                    let at = pos + k * stride;
                    if item.kind() == "initializer_pair" {
                        return Err(self.unsupported(item, "designated initializers"));
                    }
                    if item.kind() == "initializer_list" {
                        self.fill_braced(elem, item, at, out)?;
                        *idx += 1;
                    } else if self.string_init(elem, item, at, out)?.is_some() {
                        *idx += 1;
                    } else {
                        self.fill(elem, items, idx, at, out)?;
                    }
                    k += 1;
                }
                Ok(())
            }
            _ => Err(self.unsupported(item, "initializer for this type")),
        }
    }

    /// The length of `T a[] = init`.
    fn inferred_len(&mut self, elem: &Type, init: Node) -> Res<u64> {
        let stride = elem.scalar_count().max(1);
        let mut out = Vec::new();
        let open = Type::Array(Box::new(elem.clone()), MAX_INFERRED);
        if init.kind() == "initializer_list" {
            self.fill_braced(&open, init, 0, &mut out)?;
            let mut c = init.walk();
            if init
                .named_children(&mut c)
                .filter(|n| n.kind() != "comment")
                .count()
                == 0
            {
                return Err(self.semantic(init, "empty initializer for an array of unknown size"));
            }
        } else if self
            .string_init(
                &Type::Array(Box::new(elem.clone()), UNSIZED),
                init,
                0,
                &mut out,
            )?
            .is_none()
        {
            return Err(self.semantic(
                init,
                "array of unknown size needs a braced or string initializer",
            ));
        }
        let len = (out.len() as u64).div_ceil(stride).max(1);
        Ok(len)
    }

    /// A global's initial cells, folded (C requires constant initializers at file scope).
    /// Pointer cells (`"abc"`, `&x`) go to `pointers` as (flat cell, value) when given, their
    /// cells left 0: the IR's initial values are numbers (see `Lowerer::pointer_inits`).
    pub(crate) fn const_init(
        &mut self,
        ty: &Type,
        init: Option<Node>,
        mut pointers: Option<&mut Vec<(u64, Expr, Span)>>,
    ) -> Res<Vec<i128>> {
        let total = ty.scalar_count() as usize;
        let mut vals = vec![0i128; total];
        let Some(init) = init else { return Ok(vals) };
        let cells = self.cells(ty, init)?;
        for (i, c) in cells.into_iter().enumerate().take(total) {
            let k = crate::structs::cell_kind(ty, i as u64);
            match c {
                Some(Init::Expr(e)) => {
                    let mut pre = Vec::new();
                    let saved = self.cur.take();
                    let v = self.rvalue(e, &mut pre);
                    self.cur = saved;
                    let v: Expr = v?;
                    if !pre.is_empty() {
                        return Err(self.semantic(e, "initializer is not a constant expression"));
                    }
                    if v.ty == IntKind::Ptr && !matches!(v.kind, ExprKind::Const(0)) {
                        if let Some(ps) = pointers.as_deref_mut() {
                            let span = self.span(e);
                            ps.push((i as u64, v, span));
                            continue;
                        }
                        return Err(self.unsupported(
                            e,
                            "a pointer (an address or a string literal) in the initializer of a \
                             `static` local variable",
                        ));
                    }
                    // Convert as an assignment would (a cast node, so that a floating
                    // initializer of an integer, or the reverse, converts by value).
                    let v = self.cast(v, k);
                    let x = consteval::eval(&v)
                        .map_err(|m| self.semantic(e, format!("initializer: {m}")))?;
                    vals[i] = k.wrap(v.ty.wrap(x));
                }
                Some(Init::Byte(b, _)) => vals[i] = k.wrap(b as i128),
                None => {}
            }
        }
        Ok(vals)
    }

    /// A file-scope declaration: globals (prototypes are skipped: signatures come from
    /// definitions).
    pub(crate) fn global_declaration(&mut self, node: Node) -> Res<()> {
        let (base, storage) = match self.specifiers(node) {
            Ok(x) => x,
            Err(r) => {
                for (d, _) in self.declarators(node) {
                    self.poison(d);
                }
                return Err(r);
            }
        };
        for (d, init) in self.declarators(node) {
            if is_function_declarator(d) {
                continue;
            }
            let dd = match self.variable(d, &base, init) {
                Ok(dd) => dd,
                Err(r) => {
                    self.poison(d);
                    return Err(r);
                }
            };
            let span = self.span(d);
            if storage == Storage::Extern && init.is_none() {
                // Declares a global defined elsewhere in this file (or nowhere: then using it is
                // an undeclared-name error, which is right for a single translation unit).
                continue;
            }
            let mut pointers = Vec::new();
            let vals = match self.const_init(&dd.ty, init, Some(&mut pointers)) {
                Ok(v) => v,
                Err(r) => {
                    // Uses of the global are not errors of their own.
                    self.poison(d);
                    return Err(r);
                }
            };
            if dd.ty.has_struct() {
                if let Some(Sym::Agg(_, ty)) = self.scopes[0].get(&dd.name) {
                    if *ty != dd.ty || init.is_some() {
                        return Err(self.unsupported(
                            d,
                            format!("redeclaration of struct variable `{}`", dd.name),
                        ));
                    }
                    continue;
                }
                let agg = self.agg_globals(&dd.name, &dd.ty, vals, span);
                self.record_pointer_inits(&dd.ty, &agg.leaves, pointers);
                self.bind(&dd.name, Sym::Agg(agg, dd.ty));
                continue;
            }
            // A tentative definition followed by a definition: one object.
            if let Some(Sym::Global(id, ty)) = self.scopes[0].get(&dd.name).cloned() {
                if ty != dd.ty {
                    return Err(self.semantic(d, format!("conflicting types for `{}`", dd.name)));
                }
                if init.is_some() {
                    self.globals[id.index()].init = vals;
                    self.globals[id.index()].span = span;
                    self.record_pointer_inits(&dd.ty, &[VarRef::Global(id)], pointers);
                }
                continue;
            }
            let id = self.add_global(Global {
                name: dd.name.clone(),
                ty: dd.ty.clone(),
                init: vals,
                span,
            });
            self.record_pointer_inits(&dd.ty, &[VarRef::Global(id)], pointers);
            self.bind(&dd.name, Sym::Global(id, dd.ty));
        }
        Ok(())
    }

    /// The pointer cells of a function-`static`'s initializer (`static const char *days[] =
    /// {"mon", "tue"}`, `static int *last = &count`): stored where the declaration stands,
    /// the first time the call reaches it (a hidden flag global `NAME#init`, no component),
    /// which nothing can tell apart from C's initialization before the program starts: the
    /// variable is only reachable through the function until then. The IR's initial values
    /// are numbers (see `Lowerer::pointer_inits`).
    fn static_pointer_inits(
        &mut self,
        name: &str,
        ty: &Type,
        leaves: &[VarRef],
        pointers: Vec<(u64, Expr, Span)>,
        span: Span,
        out: &mut Block,
    ) {
        if pointers.is_empty() {
            return;
        }
        let flag = self.add_global(Global {
            name: format!("{name}#init"),
            ty: Type::Int(IntKind::Int),
            init: vec![0],
            span,
        });
        let flag_place = || Place {
            base: VarRef::Global(flag),
            indices: Vec::new(),
            span,
        };
        let one = self.konst(1, IntKind::Int, span);
        let mut then_ = Vec::new();
        self.emit(
            &mut then_,
            StmtKind::Assign {
                place: flag_place(),
                value: one,
            },
            span,
            None,
        );
        for (flat, value, vspan) in pointers {
            let Some(place) = self.pointer_cell(ty, leaves, flat, vspan) else {
                continue;
            };
            self.emit(&mut then_, StmtKind::Assign { place, value }, vspan, None);
        }
        let set = self.expr(ExprKind::Load(flag_place()), IntKind::Int, span);
        let zero = self.konst(0, IntKind::Int, span);
        let cond = self.expr(
            ExprKind::Binary(BinOp::Eq, Box::new(set), Box::new(zero)),
            IntKind::Int,
            span,
        );
        let if_ = StmtKind::If {
            cond,
            then_,
            else_: Vec::new(),
        };
        self.emit(out, if_, span, None);
    }

    /// The pointer cells of a file-scope initializer (`const char *names[] = {"a", "b"}`,
    /// `struct item stock[] = {{"pen", 3}}`, `int *p = &x`) as the places of the object's
    /// variables (`leaves`) they are stored to at the start of each entry function.
    fn record_pointer_inits(
        &mut self,
        ty: &Type,
        leaves: &[VarRef],
        pointers: Vec<(u64, Expr, Span)>,
    ) {
        for (flat, value, span) in pointers {
            if let Some(place) = self.pointer_cell(ty, leaves, flat, span) {
                self.pointer_inits.push((place, value, span));
            }
        }
    }

    /// The place of the pointer cell at flat position `flat` of an object of type `ty`
    /// stored as the variables `leaves` (one per member leaf); `None` past its leaves.
    fn pointer_cell(
        &mut self,
        ty: &Type,
        leaves: &[VarRef],
        flat: u64,
        span: Span,
    ) -> Option<Place> {
        let mut idx = Vec::new();
        let leaf = crate::structs::locate(ty, flat, &mut idx);
        let &base = leaves.get(leaf)?;
        let indices = idx
            .iter()
            .map(|&i| self.konst(i as i128, IntKind::Long, span))
            .collect();
        Some(Place {
            base,
            indices,
            span,
        })
    }
}

/// Whether a declarator declares a function by name (`int f(int)`, `char *f(void)`,
/// `int (*pick(char))(int)`): a prototype. `int (*fp)(int)` is not one (it is a function
/// pointer variable).
pub(crate) fn is_function_declarator(d: Node) -> bool {
    let mut n = d;
    for _ in 0..16 {
        let next = match n.kind() {
            "function_declarator" => match n.child_by_field_name("declarator") {
                Some(x) if x.kind() == "identifier" => return true,
                x => x,
            },
            "init_declarator" | "pointer_declarator" => n.child_by_field_name("declarator"),
            "parenthesized_declarator" => n.named_child(0),
            _ => return false,
        };
        match next {
            Some(x) => n = x,
            None => return false,
        }
    }
    false
}

/// Array dimensions from the outside in (`int[2][3]` → `[2, 3]`).
pub(crate) fn dims(ty: &Type) -> Vec<u64> {
    let mut out = Vec::new();
    let mut t = ty;
    while let Type::Array(e, n) = t {
        out.push(*n);
        t = e;
    }
    out
}
