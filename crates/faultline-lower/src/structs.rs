//! Structs and unions, by scalarization.
//!
//! An object whose type contains a struct is lowered to one IR variable per *leaf* of its type
//! ([`Type::leaves`]): a scalar member, or an array of scalars. Arrays of structs distribute
//! over the members (structure of arrays), so `struct S a[10]` with members `int x; char n[8];`
//! becomes `a.x: int[10]` and `a.n: char[10][8]`, and `a[i].n[j]` is the place `a.n[i][j]`.
//! Why: the interpreter, the symbolic executor and the encoder already model scalars and arrays
//! of scalars exactly (bounds checks, per-cell values, array parameters, relaxation of
//! assignments), so every stage supports structs without a new memory model, and a member
//! assignment is an ordinary component whose angelic value shows as `s.x = 3`.
//!
//! An lvalue of aggregate type is an [`Obj`] with an [`Agg`]: the leaf variables of the whole
//! object it belongs to, the first leaf of this part, and the indices applied so far (which
//! apply to every leaf of the part alike). A member access narrows the leaf range; once it
//! reaches a member without structs the result is an ordinary place. Pointer access (`p->x`)
//! can be added on the same path: a pointer to a struct designates (leaf variables, indices).
//!
//! Struct assignment, initialization from another struct, by-value parameters and returns copy
//! leaf by leaf; a function returning a struct writes per-function return slots (globals) that
//! the caller copies into a temporary right after the call.

use std::rc::Rc;

use faultline_ir::{
    Arg, BinOp, Block, Component, Expr, ExprKind, Global, IntKind, LocalKind, Place, Span,
    StmtKind, StructDef, Type, VarRef,
};
use tree_sitter::Node;

use crate::ctx::{Lowerer, Res, Sym};
use crate::decl::Init;
use crate::expr::{Obj, Val};
use crate::types::UNSIZED;

/// Most scalar cells one struct copy (assignment, argument, return) may move: each cell is one
/// statement.
const MAX_COPY_CELLS: u64 = 4096;

/// The leaf variables of an aggregate object and where a part of it starts.
#[derive(Clone, Debug)]
pub(crate) struct Agg {
    pub leaves: Rc<[VarRef]>,
    pub start: usize,
    /// An object reached through a struct pointer (`*p`, `p[i]`, `p->inner`): every leaf is the
    /// pointer variable, and this is the element index (`long`); a leaf's place is
    /// `p[elem][leaf]…` (see [`Type::Ptr`]).
    pub elem: Option<Expr>,
}

/// Number of leaves of a type (1 for a scalar or an array of scalars).
pub(crate) fn leaf_count(ty: &Type) -> usize {
    match ty {
        Type::Struct(d) => d.fields.iter().map(|(_, t)| leaf_count(t)).sum(),
        Type::Array(e, _) | Type::ArrayRef(e) if e.has_struct() => leaf_count(e),
        _ => 1,
    }
}

/// Which leaf holds flat scalar cell `flat` of an object of type `ty` (cells in declaration
/// and row-major order, as initializers list them), and its indices in that leaf.
pub(crate) fn locate(ty: &Type, flat: u64, idx: &mut Vec<u64>) -> usize {
    match ty {
        Type::Array(e, _) => {
            let c = e.scalar_count().max(1);
            idx.push(flat / c);
            locate(e, flat % c, idx)
        }
        Type::Struct(d) => {
            let (mut cells, mut leaves) = (0u64, 0usize);
            for (_, t) in &d.fields {
                let n = t.scalar_count();
                if flat < cells + n {
                    return leaves + locate(t, flat - cells, idx);
                }
                cells += n;
                leaves += leaf_count(t);
            }
            leaves
        }
        _ => 0,
    }
}

impl<'a> Lowerer<'a> {
    /// `struct tag { … }`, `struct tag`, `union …`: the type, defining the tag where a body is
    /// given.
    pub(crate) fn struct_specifier(&mut self, t: Node) -> Res<Type> {
        let is_union = t.kind() == "union_specifier";
        let kw = if is_union { "union" } else { "struct" };
        let tag = t
            .child_by_field_name("name")
            .map(|n| self.text(n).to_string());
        let Some(body) = t.child_by_field_name("body") else {
            let Some(tag) = tag else {
                return Err(self.semantic(t, format!("{kw} without a name or members")));
            };
            let key = format!("{kw} {tag}");
            return Ok(match self.lookup(&key) {
                Some(Sym::Typedef(ty)) => self.complete(ty.clone()),
                // A tag used before (or inside) its definition: an incomplete type, of which
                // only pointers can be formed; its definition completes it (same id).
                _ => self.incomplete_tag(&key, Some(tag), is_union),
            });
        };
        // The tag is in scope inside its own body (`struct node *next;`), as an incomplete
        // type whose id the definition keeps; a tag declared earlier in this scope keeps its id.
        let id = match &tag {
            Some(tag) => {
                let key = format!("{kw} {tag}");
                match self.scopes.last().and_then(|s| s.get(&key)) {
                    Some(Sym::Typedef(Type::Struct(d))) if d.is_incomplete() => d.id,
                    _ => match self.incomplete_tag(&key, Some(tag.clone()), is_union) {
                        Type::Struct(d) => d.id,
                        _ => unreachable!("incomplete_tag makes a struct"),
                    },
                }
            }
            None => {
                self.next_struct += 1;
                self.next_struct
            }
        };
        let mut fields: Vec<(String, Type)> = Vec::new();
        let mut c = body.walk();
        let items: Vec<Node> = body.named_children(&mut c).collect();
        for item in items {
            match item.kind() {
                "field_declaration" => {}
                "comment" => continue,
                k if k.starts_with("preproc") => {
                    return Err(self.unsupported(item, "preprocessor directive inside a struct"))
                }
                _ => return Err(self.unsupported(item, "this member declaration")),
            }
            let mut c2 = item.walk();
            if let Some(b) = item
                .named_children(&mut c2)
                .find(|n| n.kind() == "bitfield_clause")
            {
                return Err(self.unsupported(b, "bit-fields"));
            }
            let base = match item.child_by_field_name("type") {
                Some(ty) => self.type_specifier(ty)?,
                None => return Err(self.semantic(item, "member without a type")),
            };
            let mut c3 = item.walk();
            let decls: Vec<Node> = item.children_by_field_name("declarator", &mut c3).collect();
            if decls.is_empty() {
                return Err(self.unsupported(item, "anonymous struct or union members"));
            }
            for d in decls {
                let dd = self.declarator(d, base.clone())?;
                if dd.function.is_some() {
                    return Err(self.unsupported(d, "function members"));
                }
                if matches!(dd.ty, Type::Array(_, n) if n == UNSIZED) {
                    return Err(self.unsupported(d, "flexible array members"));
                }
                if matches!(dd.ty, Type::Void) {
                    return Err(self.semantic(d, format!("member `{}` has type void", dd.name)));
                }
                if let Some(what) = incomplete_in(&dd.ty) {
                    return Err(self.unsupported(
                        d,
                        format!("`{what}` used before its members are defined (incomplete type)"),
                    ));
                }
                if fields.iter().any(|(n, _)| *n == dd.name) {
                    return Err(self.semantic(d, format!("duplicate member `{}`", dd.name)));
                }
                fields.push((dd.name, dd.ty));
            }
        }
        if fields.is_empty() {
            // A GNU extension of size 0: an object of it would have no leaf to stand for it.
            return Err(self.unsupported(t, format!("`{kw}` without members")));
        }
        let ty = Type::Struct(Box::new(StructDef {
            id,
            tag: tag.clone(),
            is_union,
            fields,
        }));
        if let Some(tag) = tag {
            self.bind(&format!("{kw} {tag}"), Sym::Typedef(ty.clone()));
        }
        self.struct_defs.insert(id, ty.clone());
        Ok(ty)
    }

    /// A new incomplete struct or union type for `key` (`struct tag`), bound in this scope.
    fn incomplete_tag(&mut self, key: &str, tag: Option<String>, is_union: bool) -> Type {
        self.next_struct += 1;
        let ty = Type::Struct(Box::new(StructDef {
            id: self.next_struct,
            tag,
            is_union,
            fields: Vec::new(),
        }));
        self.bind(key, Sym::Typedef(ty.clone()));
        ty
    }

    /// `struct s` without members, naming a tag not defined yet: the tag's key (`struct s`).
    pub(crate) fn undefined_tag(&self, t: Node) -> Option<String> {
        if !matches!(t.kind(), "struct_specifier" | "union_specifier")
            || t.child_by_field_name("body").is_some()
        {
            return None;
        }
        let kw = if t.kind() == "union_specifier" {
            "union"
        } else {
            "struct"
        };
        let key = format!("{kw} {}", self.text(t.child_by_field_name("name")?));
        match self.lookup(&key) {
            Some(Sym::Typedef(_)) => None,
            _ => Some(key),
        }
    }

    /// One variable per leaf of `ty`, named `name.member…`; locals of `kind`, or globals with
    /// their initial values when `global` holds them (one vector per leaf).
    pub(crate) fn agg_locals(
        &mut self,
        name: &str,
        ty: &Type,
        kind: LocalKind,
        span: Span,
        at: Node,
    ) -> Res<Agg> {
        let mut leaves = Vec::new();
        for ((path, lt), fnp) in ty.leaves().into_iter().zip(ty.fn_pointer_leaves()) {
            let id = self.new_local(&format!("{name}{path}"), lt, kind, span, at)?;
            if fnp {
                self.mark_fn_pointers(VarRef::Local(id));
            }
            leaves.push(VarRef::Local(id));
        }
        Ok(Agg {
            leaves: leaves.into(),
            start: 0,
            elem: None,
        })
    }

    pub(crate) fn agg_globals(
        &mut self,
        name: &str,
        ty: &Type,
        init: Vec<i128>,
        span: Span,
    ) -> Agg {
        let leaves = ty.leaves();
        let mut inits: Vec<Vec<i128>> = leaves
            .iter()
            .map(|(_, t)| vec![0; t.scalar_count() as usize])
            .collect();
        for (flat, v) in init.into_iter().enumerate() {
            let mut idx = Vec::new();
            let leaf = locate(ty, flat as u64, &mut idx);
            if let Some((_, lt)) = leaves.get(leaf) {
                let pos = row_major(lt, &idx);
                if let Some(cell) = inits[leaf].get_mut(pos as usize) {
                    *cell = v;
                }
            }
        }
        let mut refs = Vec::new();
        let fnps = ty.fn_pointer_leaves();
        for (((path, lt), init), fnp) in leaves.into_iter().zip(inits).zip(fnps) {
            let id = self.add_global(Global {
                name: format!("{name}{path}"),
                ty: lt,
                init,
                span,
            });
            if fnp {
                self.mark_fn_pointers(VarRef::Global(id));
            }
            refs.push(VarRef::Global(id));
        }
        Agg {
            leaves: refs.into(),
            start: 0,
            elem: None,
        }
    }

    /// The object a name bound to an aggregate designates.
    pub(crate) fn agg_obj(agg: Agg, ty: Type, span: Span) -> Obj {
        Obj {
            base: agg.leaves[agg.start],
            indices: vec![],
            ty,
            span,
            agg: Some(agg),
        }
    }

    /// `s.m` and `p->m`.
    pub(crate) fn member(&mut self, node: Node, pre: &mut Block, span: Span) -> Res<Val> {
        let (Some(arg), Some(field)) = (
            node.child_by_field_name("argument"),
            node.child_by_field_name("field"),
        ) else {
            return Err(self.semantic(node, "malformed member access"));
        };
        let arrow = node.child_by_field_name("operator").map(|o| o.kind()) == Some("->");
        let fname = self.text(field).to_string();
        let v = self.value(arg, pre, true)?;
        let o = if arrow {
            // `p->m` is `(*p).m`.
            match self.pointee(&v) {
                Some(Type::Struct(_)) => {}
                Some(t) => {
                    return Err(self.semantic(
                        node,
                        format!("`->{fname}` on a pointer to `{t}`, not to a struct"),
                    ))
                }
                None => {
                    return Err(self.semantic(
                        node,
                        format!("`->{fname}` on something that is not a pointer"),
                    ))
                }
            }
            let p = self.pointer_obj(v, arg, pre)?;
            let zero = self.konst(0, IntKind::Long, span);
            self.index(p, zero, span)
        } else {
            match v {
                Val::Obj(o) => o,
                _ => {
                    return Err(self.semantic(
                        node,
                        format!("request for member `{fname}` in something that is not a struct"),
                    ))
                }
            }
        };
        if let Type::Struct(d) = &o.ty {
            if d.is_incomplete() {
                return Err(self.unsupported(
                    node,
                    format!(
                        "`{}` used before its members are defined (incomplete type)",
                        d.c_name()
                    ),
                ));
            }
        }
        if matches!(o.ty, Type::Struct(_)) && o.agg.is_none() {
            return Err(self.unsupported(node, "member access through this pointer"));
        }
        let (Type::Struct(def), Some(agg)) = (&o.ty, &o.agg) else {
            return Err(self.semantic(
                node,
                format!(
                    "request for member `{fname}` in something of type `{}`, not a struct",
                    o.ty
                ),
            ));
        };
        let Some((pos, fty)) = def.field(&fname) else {
            return Err(self.semantic(
                field,
                format!("`{}` has no member named `{fname}`", def.c_name()),
            ));
        };
        let fty = self.complete(fty.clone());
        let start = agg.start
            + def.fields[..pos]
                .iter()
                .map(|(_, t)| leaf_count(t))
                .sum::<usize>();
        let base = agg.leaves[start];
        if fty.has_struct() {
            return Ok(Val::Obj(Obj {
                base,
                indices: o.indices,
                ty: fty,
                span,
                agg: Some(Agg {
                    leaves: agg.leaves.clone(),
                    start,
                    elem: agg.elem.clone(),
                }),
            }));
        }
        let indices = match &agg.elem {
            // Through a pointer: `p[elem][leaf]…`.
            Some(e) => {
                let mut v = vec![
                    self.refresh(e),
                    self.konst(start as i128, IntKind::Long, span),
                ];
                v.extend(o.indices);
                v
            }
            None => o.indices,
        };
        Ok(Val::Obj(Obj {
            base,
            indices,
            ty: fty,
            span,
            agg: None,
        }))
    }

    /// An object of struct type reached through the struct pointer `p` (a pointer variable,
    /// without indices): element `i` of what it points to.
    pub(crate) fn through(&mut self, p: VarRef, ty: Type, i: Expr, span: Span) -> Obj {
        let ty = self.complete(ty);
        let n = leaf_count(&ty).max(1);
        Obj {
            base: p,
            indices: vec![],
            ty,
            span,
            agg: Some(Agg {
                leaves: vec![p; n].into(),
                start: 0,
                elem: Some(i),
            }),
        }
    }

    /// `&o` of an aggregate object: a pointer to its first leaf's cell, which is how a struct
    /// pointer points (see [`Type::Ptr`]).
    pub(crate) fn agg_address(&mut self, o: Obj, node: Node, span: Span) -> Res<Val> {
        let agg = o.agg.clone().expect("aggregate object");
        if !matches!(o.ty, Type::Struct(_)) {
            return Err(self.unsupported(node, "a pointer to an array of structs"));
        }
        if let Some(e) = &agg.elem {
            // A nested struct member, even the first (`&p->inner` has fewer leaves than the
            // struct `p` points to): an access through `p` that types a heap block as `p`'s
            // struct, as `&p->x` does, not `p + i`, after which the first access would type
            // the block as `inner`.
            let member = agg.start != 0 || leaf_count(&o.ty) < agg.leaves.len();
            if member && o.indices.is_empty() {
                // `&p->inner`: a pointer into the leaf where `inner` starts, as `&p->x` is,
                // whose object is that leaf over all the elements `p` reaches (the interpreter's
                // and the formula's pointer to a scalar member), so `inner`'s other leaves
                // follow it as a struct pointer expects (see `Type::Ptr`). A first member that
                // is an array (`struct in { int v[3]; int n; }`) is such a leaf too: the
                // place is its row, whose address is its first cell.
                let leaf = self.konst(agg.start as i128, IntKind::Long, span);
                let e = self.refresh(e);
                let addr = self.expr(
                    ExprKind::AddrOf(Place {
                        base: o.base,
                        indices: vec![e, leaf],
                        span,
                    }),
                    IntKind::Ptr,
                    span,
                );
                return Ok(Val::Ptr(addr, o.ty));
            }
            if agg.start != 0 || !o.indices.is_empty() {
                return Err(self.unsupported(
                    node,
                    "the address of an element of a struct array member reached through a \
                     pointer",
                ));
            }
            // `&p[i]` is `p + i`.
            let pty = Type::Ptr(Box::new(o.ty.clone()));
            let p = self.load(
                Obj {
                    base: o.base,
                    indices: vec![],
                    ty: pty,
                    span,
                    agg: None,
                },
                IntKind::Ptr,
            );
            let e = self.refresh(e);
            return self.offset(p, o.ty, faultline_ir::BinOp::Add, e, node, span);
        }
        self.check_contiguous(&agg, node)?;
        let e = self.expr(
            ExprKind::AddrOf(Place {
                base: o.base,
                indices: o.indices,
                span,
            }),
            IntKind::Ptr,
            span,
        );
        Ok(Val::Ptr(e, o.ty))
    }

    /// A struct pointer reaches every leaf from the first one, so they must be one run of
    /// cells: not so for a by-value struct parameter with an array member (received by
    /// reference).
    pub(crate) fn check_contiguous(&mut self, agg: &Agg, node: Node) -> Res<()> {
        let byref = agg.leaves.iter().any(|l| match l {
            VarRef::Local(id) => self.byref_members.contains(id),
            _ => false,
        });
        if byref {
            return Err(self.unsupported(
                node,
                "a pointer to a struct parameter that has an array member",
            ));
        }
        Ok(())
    }

    /// The place of leaf `j` of an aggregate object (its indices applied), and that leaf's type
    /// there.
    fn leaf_place(&mut self, o: &Obj, j: usize) -> (Place, Type) {
        let agg = o.agg.as_ref().expect("aggregate object");
        let (_, lt) = o.ty.leaves().swap_remove(j);
        let mut indices = Vec::new();
        if let Some(e) = &agg.elem {
            indices.push(self.refresh(e));
            let leaf = self.konst((agg.start + j) as i128, IntKind::Long, o.span);
            indices.push(leaf);
        }
        indices.extend(o.indices.iter().map(|i| self.refresh(i)));
        let place = Place {
            base: agg.leaves[agg.start + j],
            indices,
            span: o.span,
        };
        (place, lt)
    }

    /// Copy every cell of `src` into `dst` (same aggregate type), as user assignments at `span`
    /// when `component` says so.
    pub(crate) fn agg_copy(
        &mut self,
        dst: &Obj,
        src: &Obj,
        span: Span,
        component: Option<Component>,
        at: Node,
        out: &mut Block,
    ) -> Res<()> {
        if dst.ty.scalar_count() > MAX_COPY_CELLS {
            return Err(self.unsupported(
                at,
                format!(
                    "copying a struct of more than {MAX_COPY_CELLS} scalar cells (Faultline's limit)"
                ),
            ));
        }
        // The cells of array members are copied as parts of the statement but are not
        // components of their own when the struct has scalar members (those blame the line):
        // a `char name[50]` would otherwise add fifty components to every struct copy.
        let has_scalar = dst
            .ty
            .leaves()
            .iter()
            .any(|(_, t)| matches!(t, Type::Int(_) | Type::Ptr(_)));
        for j in 0..leaf_count(&dst.ty) {
            let (dp, lt) = self.leaf_place(dst, j);
            let component = if has_scalar && !matches!(lt, Type::Int(_) | Type::Ptr(_)) {
                None
            } else {
                component
            };
            let (sp, _) = self.leaf_place(src, j);
            let Some(k) = lt.scalar() else { continue };
            let n = lt.scalar_count();
            for flat in 0..n {
                let extra = cell_indices(&lt, flat);
                let mut d = self.refresh_place(&dp);
                let mut s = self.refresh_place(&sp);
                for i in &extra {
                    d.indices.push(self.konst(*i as i128, IntKind::Long, span));
                    s.indices.push(self.konst(*i as i128, IntKind::Long, span));
                }
                let value = self.expr(ExprKind::Load(s), k, span);
                self.emit(out, StmtKind::Assign { place: d, value }, span, component);
            }
        }
        Ok(())
    }

    /// Zero every cell of a new aggregate local (not components: the user wrote none of it).
    /// Members start zero rather than indeterminate so that copying a struct some of whose
    /// members were never set (a union's other members, the unused tail of a `char` array) is
    /// not reported as reading them, which C allows for a struct copy; a read of such a member
    /// on its own is undefined in C and reads 0 here.
    pub(crate) fn agg_zero(&mut self, agg: &Agg, ty: &Type, span: Span, out: &mut Block) {
        for (leaf, (_, lt)) in agg.leaves.iter().zip(ty.leaves()) {
            let VarRef::Local(id) = *leaf else { continue };
            let Some(k) = lt.scalar() else { continue };
            let n = lt.scalar_count();
            if n >= 64 {
                let dims = crate::decl::dims(&lt);
                self.zero_fill_loop(id, &dims, k, 0, n, span, out);
                continue;
            }
            for flat in 0..n {
                let indices = cell_indices(&lt, flat)
                    .into_iter()
                    .map(|i| self.konst(i as i128, IntKind::Long, span))
                    .collect();
                let place = Place {
                    base: *leaf,
                    indices,
                    span,
                };
                let value = self.konst(0, k, span);
                self.emit(out, StmtKind::Assign { place, value }, span, None);
            }
        }
    }

    /// `memset(x, c, n)` of a variable that is not a `char` array (`int cnt[26]`, a struct
    /// `&s`, an array of structs), `c` and `n` constants: every scalar cell of the first `n`
    /// bytes gets the value whose bytes are all `c` (gcc's bytes read back as the cell's
    /// type), one plain store per cell (a fill loop past 64). Whole structs only (their
    /// padding has no cells); a pointer or floating cell only with `c == 0` (null, `+0.0`).
    /// `None` for what the string path handles (`char` arrays, `char *`), which has the
    /// bounds checks of a byte run.
    pub(crate) fn memset_object(
        &mut self,
        node: Node,
        args: &[Node],
        pre: &mut Block,
    ) -> Res<Option<Val>> {
        let mut d = args[0];
        loop {
            match d.kind() {
                "parenthesized_expression" if d.named_child_count() == 1 => {
                    d = d.named_child(0).expect("one child");
                }
                "cast_expression" => match d.child_by_field_name("value") {
                    Some(v) => d = v,
                    None => break,
                },
                _ => break,
            }
        }
        let target = match d.kind() {
            "pointer_expression"
                if d.child_by_field_name("operator").map(|o| o.kind()) == Some("&") =>
            {
                d.child_by_field_name("argument")
            }
            _ => Some(d),
        };
        let Some(target) = target.filter(|t| t.kind() == "identifier") else {
            return Ok(None);
        };
        let o = match self.value(target, pre, true)? {
            Val::Obj(o) => o,
            _ => return Ok(None),
        };
        let whole = o.indices.is_empty()
            && o.base != VarRef::Argv
            && o.agg
                .as_ref()
                .is_none_or(|a| a.start == 0 && a.elem.is_none());
        if !whole || matches!(o.ty, Type::ArrayRef(_) | Type::Ptr(_) | Type::FnPtr(_)) {
            return Ok(None);
        }
        let leaves: Vec<(VarRef, Type)> = match &o.agg {
            Some(a) => a
                .leaves
                .iter()
                .copied()
                .zip(o.ty.leaves().into_iter().map(|(_, t)| t))
                .collect(),
            None => vec![(o.base, o.ty.storage())],
        };
        // `char` arrays keep the byte-run path.
        if o.agg.is_none() && matches!(o.ty.scalar(), Some(k) if k.bits() == 8) {
            return Ok(None);
        }
        if leaves
            .iter()
            .any(|(l, _)| matches!(l, VarRef::Local(id) if self.byref_members.contains(id)))
        {
            return Err(self.unsupported(
                node,
                "`memset` of a struct parameter that has an array member",
            ));
        }
        let c = self.rvalue(args[1], pre)?;
        let n = self.rvalue(args[2], pre)?;
        let (Ok(c), Ok(n)) = (crate::consteval::eval(&c), crate::consteval::eval(&n)) else {
            return Err(self.unsupported(
                node,
                format!(
                    "`memset` of `{}` with a value or size that is not a constant",
                    o.ty
                ),
            ));
        };
        let Some(size) = o.ty.size_of() else {
            return Ok(None);
        };
        let byte = (c & 0xff) as u8;
        // Cells to fill: all of a struct (or array of structs); a prefix of a scalar array, and
        // the low bytes of the integer cell after it when the size is not a whole number of
        // cells (`memset(cnt, 0, 26)` for an `int cnt[26]`: the element count given as bytes).
        let mut partial_bytes = 0u32;
        let cells = if o.agg.is_some() {
            if n != size as i128 {
                return Err(self.unsupported(
                    node,
                    format!(
                        "`memset` of {n} bytes of `{}` ({size} bytes): only the whole struct is modelled",
                        o.ty
                    ),
                ));
            }
            None
        } else {
            let k = o.ty.scalar().unwrap_or(IntKind::Int);
            let cell = (k.bits() / 8) as i128;
            let whole_cells_only = k.is_float() || k == IntKind::Ptr;
            if n < 0 || n > size as i128 || (whole_cells_only && n % cell != 0) {
                return Err(self.unsupported(
                    node,
                    format!(
                        "`memset` of {n} bytes of `{}` ({size} bytes, cells of {cell}): only whole cells inside the object",
                        o.ty
                    ),
                ));
            }
            partial_bytes = (n % cell) as u32;
            Some((n / cell) as u64)
        };
        let span = self.span(node);
        for (base, lt) in leaves {
            let Some(k) = lt.scalar() else { continue };
            if byte != 0 && (k.is_float() || k == IntKind::Ptr) {
                return Err(self.unsupported(
                    node,
                    format!("`memset` of `{}` cells to a byte other than 0", k.c_name()),
                ));
            }
            let bytes = (k.bits() / 8).max(1);
            let value = (0..bytes).fold(0i128, |v, _| (v << 8) | byte as i128);
            let total = cells.unwrap_or_else(|| lt.scalar_count());
            if total >= 64 {
                let dims = crate::decl::dims(&lt);
                self.fill_loop(base, &dims, k, value, 0, total, span, pre);
            } else {
                for flat in 0..total {
                    let place = self.memset_cell(base, &lt, flat, span);
                    let value = self.konst(value, k, span);
                    self.emit(pre, StmtKind::Assign { place, value }, span, None);
                }
            }
            if partial_bytes > 0 {
                // x86-64 is little-endian: the first bytes of a cell are its low-order bits, so
                // the cell keeps its high bits and takes the fill byte in the low ones.
                let low_mask = (1i128 << (8 * partial_bytes)) - 1;
                let place = self.memset_cell(base, &lt, total, span);
                // Expressions have unique ids: the load reads a copy of the place.
                let read = self.refresh_place(&place);
                let old = self.expr(ExprKind::Load(read), k, span);
                let keep = self.konst(!low_mask, k, span);
                let kept = self.expr(
                    ExprKind::Binary(BinOp::BitAnd, Box::new(old), Box::new(keep)),
                    k,
                    span,
                );
                let fill = self.konst(value & low_mask, k, span);
                let value = self.expr(
                    ExprKind::Binary(BinOp::BitOr, Box::new(kept), Box::new(fill)),
                    k,
                    span,
                );
                self.emit(pre, StmtKind::Assign { place, value }, span, None);
            }
        }
        Ok(Some(Val::Void))
    }

    /// The place of scalar cell `flat` (row-major) of `base`, of type `ty`.
    fn memset_cell(&mut self, base: VarRef, ty: &Type, flat: u64, span: Span) -> Place {
        let indices = cell_indices(ty, flat)
            .into_iter()
            .map(|i| self.konst(i as i128, IntKind::Long, span))
            .collect();
        Place {
            base,
            indices,
            span,
        }
    }

    /// A fresh temporary aggregate of `ty`.
    pub(crate) fn agg_temp(&mut self, ty: &Type, span: Span, at: Node) -> Res<Obj> {
        let agg = self.agg_locals("tmp", ty, LocalKind::Temp, span, at)?;
        Ok(Self::agg_obj(agg, ty.clone(), span))
    }

    /// An expression of aggregate type `want` (a variable, member, element, or call result).
    pub(crate) fn agg_value(&mut self, node: Node, want: &Type, pre: &mut Block) -> Res<Obj> {
        if node.kind() == "parenthesized_expression" && node.named_child_count() == 1 {
            if let Some(inner) = node.named_child(0) {
                return self.agg_value(inner, want, pre);
            }
        }
        if node.kind() == "conditional_expression" {
            // `c ? s : t` of structs: a temporary assigned in the branch taken.
            let (Some(c), Some(a), Some(b)) = (
                node.child_by_field_name("condition"),
                node.child_by_field_name("consequence"),
                node.child_by_field_name("alternative"),
            ) else {
                return Err(self.unsupported(node, "this conditional of structs"));
            };
            let cond = self.truth(c, pre)?;
            let cspan = self.span(c);
            let span = self.span(node);
            let tmp = self.agg_temp(want, span, node)?;
            let (mut pa, mut pb) = (Vec::new(), Vec::new());
            let sa = self.agg_value(a, want, &mut pa)?;
            self.agg_copy(&tmp, &sa, span, None, node, &mut pa)?;
            let sb = self.agg_value(b, want, &mut pb)?;
            self.agg_copy(&tmp, &sb, span, None, node, &mut pb)?;
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
            return Ok(tmp);
        }
        match self.value(node, pre, true)? {
            Val::Obj(o) if o.agg.is_some() && o.ty == *want => Ok(o),
            Val::Obj(o) => Err(self.semantic(
                node,
                format!("incompatible types: `{want}` expected, `{}` given", o.ty),
            )),
            _ => Err(self.semantic(node, format!("incompatible types: `{want}` expected"))),
        }
    }

    /// Initialize the aggregate local `o` from `init` (a braced list, or an expression of the
    /// same struct type).
    pub(crate) fn agg_init(&mut self, o: &Obj, init: Node, span: Span, out: &mut Block) -> Res<()> {
        if init.kind() != "initializer_list" && matches!(o.ty, Type::Struct(_)) {
            let src = self.agg_value(init, &o.ty, out)?;
            return self.agg_copy(o, &src, span, Some(Component::Assign), init, out);
        }
        let total = o.ty.scalar_count();
        if total > MAX_COPY_CELLS * 16 {
            return Err(self.unsupported(init, "initializer of a struct array this large"));
        }
        let cells = self.cells(&o.ty, init)?;
        let leaves = o.ty.leaves();
        for flat in 0..total {
            let cell = cells.get(flat as usize).copied().flatten();
            let mut idx = Vec::new();
            let leaf = locate(&o.ty, flat, &mut idx);
            let k = leaves[leaf].1.scalar().unwrap_or(IntKind::Int);
            let (value, espan, comp) = match cell {
                Some(Init::Expr(e)) => {
                    let v = match &leaves[leaf].1 {
                        Type::Ptr(t) => {
                            let t = (**t).clone();
                            let v = self.value(e, out, true)?;
                            self.to_pointer(v, &t, e)?
                        }
                        _ => {
                            let v = self.rvalue(e, out)?;
                            self.cast(v, k)
                        }
                    };
                    (v, self.span(e), Some(Component::Assign))
                }
                Some(Init::Byte(b, n)) => {
                    let s = self.span(n);
                    (self.konst(b as i128, k, s), s, Some(Component::Assign))
                }
                None => (self.konst(0, k, span), span, None),
            };
            let agg = o.agg.as_ref().expect("aggregate object");
            let indices = idx
                .iter()
                .map(|i| self.konst(*i as i128, IntKind::Long, espan))
                .collect();
            let place = Place {
                base: agg.leaves[agg.start + leaf],
                indices,
                span: espan,
            };
            self.emit(out, StmtKind::Assign { place, value }, espan, comp);
        }
        Ok(())
    }

    /// Arguments for an aggregate parameter of type `pty`: each leaf's value (scalar) or
    /// reference (array).
    pub(crate) fn agg_args(
        &mut self,
        a: Node,
        pname: &str,
        pty: &Type,
        pre: &mut Block,
        out: &mut Vec<Arg>,
    ) -> Res<()> {
        let v = if matches!(pty, Type::Struct(_)) {
            Val::Obj(self.agg_value(a, pty, pre)?)
        } else {
            self.value(a, pre, true)?
        };
        let o = match v {
            Val::Obj(o) if o.agg.is_some() => o,
            _ => {
                return Err(self.semantic(
                    a,
                    format!("argument for parameter `{pname}` of type `{pty}` is not one"),
                ))
            }
        };
        let compatible = match (pty, &o.ty) {
            (Type::ArrayRef(e), t) => t.elem() == Some(&**e),
            (p, t) => p == t,
        };
        if !compatible {
            return Err(self.semantic(
                a,
                format!(
                    "argument of type `{}` does not match parameter `{pname}` of type `{pty}`",
                    o.ty
                ),
            ));
        }
        for j in 0..leaf_count(&o.ty) {
            let (place, lt) = self.leaf_place(&o, j);
            match lt {
                Type::Int(k) => {
                    let span = place.span;
                    out.push(Arg::Value(self.expr(ExprKind::Load(place), k, span)));
                }
                Type::Ptr(_) => {
                    let span = place.span;
                    out.push(Arg::Value(self.expr(
                        ExprKind::Load(place),
                        IntKind::Ptr,
                        span,
                    )));
                }
                _ => out.push(Arg::ArrayRef(place)),
            }
        }
        Ok(())
    }

    /// The parameter locals of an aggregate parameter (an array member of a struct passed by
    /// value is received by reference: see [`Lowerer::check_not_byref`]).
    pub(crate) fn agg_param(&mut self, name: &str, ty: &Type, span: Span, at: Node) -> Res<Agg> {
        let mut leaves = Vec::new();
        for ((path, lt), fnp) in ty.leaves().into_iter().zip(ty.fn_pointer_leaves()) {
            let lt = match lt {
                Type::Array(e, _) => Type::ArrayRef(e),
                t => t,
            };
            let byref = matches!(ty, Type::Struct(_)) && matches!(lt, Type::ArrayRef(_));
            let id = self.new_local(&format!("{name}{path}"), lt, LocalKind::Param, span, at)?;
            if fnp {
                self.mark_fn_pointers(VarRef::Local(id));
            }
            if byref {
                self.byref_members.insert(id);
            }
            leaves.push(VarRef::Local(id));
        }
        Ok(Agg {
            leaves: leaves.into(),
            start: 0,
            elem: None,
        })
    }

    /// A write into an array member of a struct parameter: C copies the struct, Faultline passes
    /// that array by reference, so the write would reach the caller's object.
    pub(crate) fn check_not_byref(&mut self, o: &Obj, node: Node) -> Res<()> {
        if let VarRef::Local(id) = o.base {
            if self.byref_members.contains(&id) {
                return Err(self.unsupported(
                    node,
                    "writing to an array member of a struct parameter (the struct is passed by \
                     value; Faultline passes its arrays by reference)",
                ));
            }
        }
        Ok(())
    }

    /// The return slots of a function returning `ty` (globals: the caller copies them right
    /// after the call, before anything else can call the function again).
    pub(crate) fn ret_slots(&mut self, fname: &str, ty: &Type, span: Span) -> Agg {
        if let Some(a) = self.ret_slots.get(fname) {
            return a.clone();
        }
        let init = vec![0; ty.scalar_count() as usize];
        let agg = self.agg_globals(&format!("{fname}#return"), ty, init, span);
        self.ret_slots.insert(fname.to_string(), agg.clone());
        agg
    }
}

/// The incomplete struct an object of type `ty` would contain (not behind a pointer), by name.
pub(crate) fn incomplete_in(ty: &Type) -> Option<String> {
    match ty {
        Type::Struct(d) if d.is_incomplete() => Some(d.c_name()),
        Type::Array(e, _) | Type::ArrayRef(e) => incomplete_in(e),
        _ => None,
    }
}

/// The scalar type of flat cell `flat` of an object of type `ty`.
pub(crate) fn cell_kind(ty: &Type, flat: u64) -> IntKind {
    match ty {
        Type::Int(k) => *k,
        Type::FnPtr(_) => IntKind::Long,
        Type::Array(e, _) => cell_kind(e, flat % e.scalar_count().max(1)),
        Type::Struct(d) => {
            let mut cells = 0u64;
            for (_, t) in &d.fields {
                let n = t.scalar_count();
                if flat < cells + n {
                    return cell_kind(t, flat - cells);
                }
                cells += n;
            }
            IntKind::Int
        }
        _ => IntKind::Int,
    }
}

/// Row-major position of `idx` in a value of type `ty`.
fn row_major(ty: &Type, idx: &[u64]) -> u64 {
    let mut pos = 0;
    let mut t = ty;
    for i in idx {
        match t {
            Type::Array(e, _) => {
                pos += i * e.scalar_count().max(1);
                t = e;
            }
            _ => break,
        }
    }
    pos
}

/// The indices of flat cell `flat` of an array of scalars.
fn cell_indices(ty: &Type, flat: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut t = ty;
    let mut rem = flat;
    while let Type::Array(e, _) = t {
        let c = e.scalar_count().max(1);
        out.push(rem / c);
        rem %= c;
        t = e;
    }
    out
}
