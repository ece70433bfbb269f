//! Variable edits: a variable read replaced by another of its type declared before it (the
//! nearest first), or by one of another integer type in the type the statement stores; an
//! array element by the same element of another array or struct member; the variable an
//! assignment or a counter (`x++`, `x += k`) writes replaced in its text.

use super::*;

impl Gen<'_> {
    /// A scalar variable read replaced by another of the same type.
    pub(crate) fn variable(&mut self, e: &Expr, p: &Place) {
        if !p.indices.is_empty() {
            self.array_element(e, p);
            return;
        }
        let Some(name) = self.name(p.base) else {
            return;
        };
        if self.text(e.span) != name {
            return;
        }
        for other in self.same_type(p.base, p.span) {
            let Some(other_name) = self.name(other) else {
                continue;
            };
            let with = Expr {
                kind: ExprKind::Load(Place {
                    base: other,
                    indices: Vec::new(),
                    span: p.span,
                }),
                ..e.clone()
            };
            self.push(
                EditKind::Variable,
                e.span,
                other_name.to_string(),
                Change::Expr(e.id, with),
            );
        }
        // A variable of another integer type (`t + s` where the `long long` `now` was
        // meant): the conversions around it change with it, so the edited text is compiled
        // again. Less plausible than one of the same type (`far`).
        for other in self.other_int_type(p.base, p.span) {
            let Some(other_name) = self.name(other) else {
                continue;
            };
            self.push(
                EditKind::Variable,
                e.span,
                other_name.to_string(),
                Change::Recompile,
            );
            if let Some(edit) = self.out.last_mut() {
                edit.far = true;
            }
        }
    }

    /// Scalar integer variables of the type the statement stores (`Gen::stored`), when that
    /// is another integer type than `v`'s (both neither `_Bool`, floating nor pointers), that
    /// the function's user declared before `at`, or its parameters: the nearest first, at
    /// most [`MAX_OTHER_TYPED`]. (Only the stored type: every other type would multiply the
    /// edits a long run re-runs for the least plausible of the variable edits.)
    pub(crate) fn other_int_type(&self, v: VarRef, at: Span) -> Vec<VarRef> {
        let f = self.program.function(self.func);
        let Some(stored) = &self.stored else {
            return Vec::new();
        };
        let integer = |t: &Type| matches!(t, Type::Int(k) if !matches!(k, IntKind::Bool | IntKind::Float | IntKind::Double | IntKind::Ptr));
        let VarRef::Local(l) = v else {
            return Vec::new();
        };
        let ty = &f.local(l).ty;
        if !integer(ty) {
            return Vec::new();
        }
        let mut locals: Vec<(u32, LocalId)> = (f.locals.iter().enumerate())
            .filter(|(_, d)| {
                integer(&d.ty)
                    && d.ty == *stored
                    && d.ty != *ty
                    && d.kind != LocalKind::Temp
                    && d.span.file == at.file
                    && (d.kind == LocalKind::Param || d.span.start < at.start)
            })
            .map(|(i, d)| (d.span.start, LocalId(i as u32)))
            .collect();
        locals.sort_by_key(|(start, _)| std::cmp::Reverse(*start));
        let mut names = std::collections::HashSet::new();
        (locals.into_iter())
            .filter(|(_, id)| names.insert(f.local(*id).name.clone()))
            .map(|(_, id)| VarRef::Local(id))
            .take(MAX_OTHER_TYPED)
            .collect()
    }

    /// An element read from the wrong array: `a[i]` → `b[i]` for an array `b` of the same
    /// type, `s[i].id` → `s[i].grade` for a member of the same struct array (structs are
    /// scalarized into one array per member, named `s.id`). The edit replaces the array's
    /// name (or the member's) in the text; the indices stay.
    pub(crate) fn array_element(&mut self, e: &Expr, p: &Place) {
        let Some(name) = self.name(p.base).map(str::to_string) else {
            return;
        };
        let text = self.text(e.span).to_string();
        // Where the name to replace is written, and what prefix another array must share.
        let (span, prefix, written) = match name.rsplit_once('.') {
            // A member of an array of structs: the member after the last `].`.
            Some((object, member)) => {
                if object.contains('.')
                    || !text.starts_with(&format!("{object}["))
                    || !text.ends_with(&format!("].{member}"))
                {
                    return;
                }
                let end = e.span.end;
                let start = end - member.len() as u32;
                (
                    Span::new(e.span.file, start, end),
                    format!("{object}."),
                    member.to_string(),
                )
            }
            None => {
                if !text.starts_with(&format!("{name}[")) {
                    return;
                }
                let start = e.span.start;
                let span = Span::new(e.span.file, start, start + name.len() as u32);
                (span, String::new(), name.clone())
            }
        };
        for other in self.same_array(p.base, p.span) {
            let Some(other_name) = self.name(other) else {
                continue;
            };
            let Some(rest) = other_name.strip_prefix(prefix.as_str()) else {
                continue;
            };
            if rest.is_empty() || rest.contains('.') || rest == written || !is_identifier(rest) {
                continue;
            }
            let with = Expr {
                kind: ExprKind::Load(Place {
                    base: other,
                    indices: p.indices.clone(),
                    span: p.span,
                }),
                ..e.clone()
            };
            self.push(
                EditKind::Variable,
                span,
                rest.to_string(),
                Change::Expr(e.id, with),
            );
        }
    }

    /// Arrays of exactly `v`'s type (element type and length) a programmer could have meant
    /// at `at`: parameters, locals declared before it (the nearest first), globals.
    pub(crate) fn same_array(&self, v: VarRef, at: Span) -> Vec<VarRef> {
        self.same_typed(v, at, |t| matches!(t, Type::Array(..) | Type::ArrayRef(..)))
    }

    /// Variables of exactly `v`'s type, when `kind` accepts it, a programmer could have meant
    /// at `at`: parameters, locals declared before it (the nearest first), globals; at most
    /// [`MAX_VARIABLES`].
    fn same_typed(&self, v: VarRef, at: Span, kind: fn(&Type) -> bool) -> Vec<VarRef> {
        let f = self.program.function(self.func);
        let ty = match v {
            VarRef::Local(l) => f.local(l).ty.clone(),
            VarRef::Global(g) => self.program.global(g).ty.clone(),
            VarRef::Argv => return Vec::new(),
        };
        if !kind(&ty) {
            return Vec::new();
        }
        let mut locals: Vec<(u32, VarRef)> = f
            .locals
            .iter()
            .enumerate()
            .filter(|(_, d)| {
                d.ty == ty
                    && d.kind != LocalKind::Temp
                    && d.span.file == at.file
                    && (d.kind == LocalKind::Param || d.span.start < at.start)
            })
            .map(|(i, d)| (d.span.start, VarRef::Local(faultline_ir::LocalId(i as u32))))
            .filter(|(_, r)| *r != v)
            .collect();
        locals.sort_by_key(|(start, _)| std::cmp::Reverse(*start));
        let mut out: Vec<VarRef> = locals.into_iter().map(|(_, r)| r).collect();
        for (i, g) in self.program.globals.iter().enumerate() {
            let r = VarRef::Global(faultline_ir::GlobalId(i as u32));
            if g.ty == ty && r != v {
                out.push(r);
            }
        }
        out.truncate(MAX_VARIABLES);
        out
    }

    /// An assignment's scalar target replaced by another variable of the same type.
    pub(crate) fn assign_target(&mut self, p: &Place) {
        if !p.indices.is_empty() {
            return;
        }
        let Some(name) = self.name(p.base) else {
            return;
        };
        if self.text(p.span) != name {
            return;
        }
        for other in self.same_type(p.base, p.span) {
            let Some(other_name) = self.name(other) else {
                continue;
            };
            self.push(
                EditKind::Variable,
                p.span,
                other_name.to_string(),
                Change::PlaceBase(other),
            );
        }
    }

    /// `*mn = c` → `*mx = c`, `lo[i] = x` → `hi[i] = x`: the pointer (an out-parameter) or
    /// array a statement stores through replaced by another of the same type, in the text
    /// of its target (`*name` or `name[…]`; compiled again, since in `*mn += c` the name
    /// is the read as well). The statement then writes another object: no
    /// value it could store where it stores stands for that (`writes_another`).
    pub(crate) fn store_target(&mut self, p: &Place) {
        if p.indices.is_empty() {
            return;
        }
        let Some(name) = self.name(p.base).map(str::to_string) else {
            return;
        };
        let text = self.text(p.span);
        let name_at = if let Some(rest) = text.strip_prefix('*') {
            (rest.trim_start() == name).then(|| text.len() - name.len())
        } else {
            text.starts_with(&format!("{name}[")).then_some(0)
        };
        let Some(name_at) = name_at else {
            return;
        };
        let start = p.span.start + name_at as u32;
        let span = Span::new(p.span.file, start, start + name.len() as u32);
        let others = self.same_typed(p.base, p.span, |t| {
            matches!(t, Type::Ptr(_) | Type::Array(..) | Type::ArrayRef(..))
        });
        for other in others {
            let Some(other_name) = self.name(other).map(str::to_string) else {
                continue;
            };
            // A struct member's scalarized name (`s.id`) is not what the text would say.
            if !is_identifier(&other_name) {
                continue;
            }
            // Compiled again: in `*mn += c` the name is also the read.
            self.push(EditKind::Variable, span, other_name, Change::Recompile);
            if let Some(e) = self.out.last_mut() {
                e.writes_another = true;
            }
        }
    }

    /// `others++` → `digits++` (also `--`, prefix forms and `x += …`): the variable a
    /// compound assignment both reads and writes replaced by another of its type, in the
    /// text of the statement (the read and the write change together, so the edited text is
    /// compiled again).
    pub(crate) fn compound_target(&mut self, stmt: &Stmt, place: &Place) {
        if !place.indices.is_empty() {
            return;
        }
        let Some(name) = self.name(place.base).map(str::to_string) else {
            return;
        };
        let text = self.text(stmt.span).to_string();
        let prefix = text.starts_with("++") || text.starts_with("--");
        let rest = if prefix { &text[2..] } else { &text[..] };
        let lead = rest.len() - rest.trim_start().len();
        let Some(tail) = rest.trim_start().strip_prefix(name.as_str()) else {
            return;
        };
        let tail = tail.trim_start();
        let compound = if prefix {
            tail.is_empty()
        } else {
            tail == "++"
                || tail == "--"
                || ["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="]
                    .iter()
                    .any(|op| tail.starts_with(op))
        };
        if !compound {
            return;
        }
        let start = stmt.span.start + if prefix { 2 } else { 0 } + lead as u32;
        let span = Span::new(stmt.span.file, start, start + name.len() as u32);
        for other in self.same_type(place.base, place.span) {
            let Some(other_name) = self.name(other) else {
                continue;
            };
            self.push(
                EditKind::Variable,
                span,
                other_name.to_string(),
                Change::Recompile,
            );
            if let Some(e) = self.out.last_mut() {
                e.writes_another = true;
            }
        }
    }

    /// Variables of the same scalar type as `v` that a programmer could have meant at `at`:
    /// parameters, locals declared before it (the nearest first), globals.
    pub(crate) fn same_type(&self, v: VarRef, at: Span) -> Vec<VarRef> {
        let f = self.program.function(self.func);
        let ty = match v {
            VarRef::Local(l) => f.local(l).ty.clone(),
            VarRef::Global(g) => self.program.global(g).ty.clone(),
            VarRef::Argv => return Vec::new(),
        };
        if !matches!(ty, Type::Int(_)) {
            return Vec::new();
        }
        let mut locals: Vec<(u32, VarRef)> = f
            .locals
            .iter()
            .enumerate()
            .filter(|(_, d)| {
                d.ty == ty
                    && d.kind != LocalKind::Temp
                    && d.span.file == at.file
                    && (d.kind == LocalKind::Param || d.span.start < at.start)
            })
            .map(|(i, d)| (d.span.start, VarRef::Local(faultline_ir::LocalId(i as u32))))
            .filter(|(_, r)| *r != v)
            .collect();
        // Nearest declaration first, and each name once (a shadowed name is one choice).
        locals.sort_by_key(|(start, _)| std::cmp::Reverse(*start));
        let mut names = std::collections::HashSet::new();
        if let Some(n) = self.name(v) {
            names.insert(n.to_string());
        }
        let mut out = Vec::new();
        for (_, r) in locals {
            if let Some(n) = self.name(r) {
                if names.insert(n.to_string()) {
                    out.push(r);
                }
            }
        }
        for (i, g) in self.program.globals.iter().enumerate() {
            if g.ty == ty && names.insert(g.name.clone()) {
                out.push(VarRef::Global(faultline_ir::GlobalId(i as u32)));
            }
        }
        out.truncate(MAX_VARIABLES);
        out
    }
}

/// How many reads a starting constant is replaced by (see [`Gen::start_from_read`]).
const MAX_START_READS: usize = 3;

impl Gen<'_> {
    /// `max = 0` → `max = a[0]`, `min = 100` → `min = x`: the constant a running maximum or
    /// minimum starts from replaced by the first of the values the function later assigns
    /// it (`max = a[i]` elsewhere gives `a[0]`, `min = x` gives `x`): a start that is not
    /// one of the values compared wins over all of them. Offered only for a scalar assigned
    /// a literal, and only reads the function assigns the same variable elsewhere, at most
    /// [`MAX_START_READS`]; ranked with a constant solved from the tests ([`Edit::solved`]).
    pub(crate) fn start_from_read(&mut self, stmt: &Stmt, place: &Place, value: &Expr) {
        if !place.indices.is_empty() {
            return;
        }
        let literal = match &strip(value).kind {
            ExprKind::Const(_) => true,
            ExprKind::Unary(UnOp::Neg, inner) => matches!(strip(inner).kind, ExprKind::Const(_)),
            _ => false,
        };
        if !literal || value.ty == IntKind::Ptr {
            return;
        }
        let f = self.program.function(self.func);
        let ty_of = |v: VarRef| match v {
            VarRef::Local(l) => Some(f.local(l).ty.clone()),
            VarRef::Global(g) => Some(self.program.global(g).ty.clone()),
            VarRef::Argv => None,
        };
        let Some(Type::Int(stored)) = ty_of(place.base) else {
            return;
        };
        // (array read at an index, or scalar) the function assigns the variable elsewhere.
        let mut reads: Vec<(VarRef, bool)> = Vec::new();
        faultline_ir::walk_block(&f.body, &mut |s: &Stmt| {
            let StmtKind::Assign { place: p, value: v } = &s.kind else {
                return;
            };
            if s.id == stmt.id || p.base != place.base || !p.indices.is_empty() {
                return;
            }
            let ExprKind::Load(from) = &strip(v).kind else {
                return;
            };
            let read = match (from.indices.len(), ty_of(from.base)) {
                (0, Some(Type::Int(k))) if k == stored && from.base != place.base => {
                    (from.base, false)
                }
                (1, Some(Type::Array(elem, _) | Type::ArrayRef(elem) | Type::Ptr(elem)))
                    if *elem == Type::Int(stored) =>
                {
                    (from.base, true)
                }
                _ => return,
            };
            if !reads.contains(&read) {
                reads.push(read);
            }
        });
        let from = self.out.len();
        for (base, element) in reads.into_iter().take(MAX_START_READS) {
            let Some(name) = self.name(base).map(str::to_string) else {
                continue;
            };
            // A struct member's scalarized name (`s.id`) is not what the text would say.
            if !is_identifier(&name) {
                continue;
            }
            if element {
                // `a[0]`: the edited text compiled again gives the index its conversions.
                self.push(
                    EditKind::Variable,
                    value.span,
                    format!("{name}[0]"),
                    Change::Recompile,
                );
            } else {
                let with = Expr {
                    id: self.fresh(),
                    kind: ExprKind::Load(Place {
                        base,
                        indices: Vec::new(),
                        span: value.span,
                    }),
                    ty: stored,
                    span: value.span,
                };
                self.push(
                    EditKind::Variable,
                    value.span,
                    name,
                    Change::Expr(value.id, with),
                );
            }
        }
        // Before a statement's whole constant (a neighbour of `100` that happens to exceed
        // every test's values is a patch, the first value is the fix): with the solved
        // constants.
        for e in &mut self.out[from..] {
            e.solved = true;
        }
    }
}

impl Gen<'_> {
    /// `a[i] > best` → `a[i] > a[best]`: a comparison of an array element with a variable
    /// that holds a position in that array (the function indexes the array with it, or
    /// assigns it the index the element is read at: `best = i`), the position compared where
    /// the element there was meant. The running maximum's index compared with the values.
    /// Compiled again (the index gets its conversions).
    pub(crate) fn element_for_index(&mut self, op: BinOp, a: &Expr, b: &Expr) {
        if !op.is_comparison() {
            return;
        }
        for (element, position) in [(a, b), (b, a)] {
            let ExprKind::Load(arr) = &strip_casts(element).kind else {
                continue;
            };
            let ExprKind::Load(pos) = &strip_casts(position).kind else {
                continue;
            };
            let [index] = &arr.indices[..] else {
                continue;
            };
            let ExprKind::Load(idx) = &strip_casts(index).kind else {
                continue;
            };
            if !pos.indices.is_empty() || !idx.indices.is_empty() || pos.base == idx.base {
                continue;
            }
            let (Some(arr_name), Some(pos_name)) = (self.name(arr.base), self.name(pos.base))
            else {
                continue;
            };
            let (arr_name, pos_name) = (arr_name.to_string(), pos_name.to_string());
            if !is_identifier(&arr_name)
                || self.text(position.span) != pos_name
                || !self.text(element.span).starts_with(&format!("{arr_name}["))
                || !self.holds_position(arr.base, idx.base, pos.base)
            {
                continue;
            }
            self.push(
                EditKind::ElementForIndex,
                position.span,
                format!("{arr_name}[{pos_name}]"),
                Change::Recompile,
            );
        }
    }

    /// Whether the function indexes `arr` with `pos`, or assigns `pos` the variable `idx`.
    fn holds_position(&self, arr: VarRef, idx: VarRef, pos: VarRef) -> bool {
        let f = self.program.function(self.func);
        let is_load_of = |e: &Expr, v: VarRef| matches!(&strip_casts(e).kind, ExprKind::Load(p) if p.indices.is_empty() && p.base == v);
        let mut found = false;
        faultline_ir::walk_block(&f.body, &mut |s: &Stmt| {
            if found {
                return;
            }
            if let StmtKind::Assign { place, value } = &s.kind {
                if place.indices.is_empty() && place.base == pos && is_load_of(value, idx) {
                    found = true;
                    return;
                }
            }
            for e in own_exprs(s) {
                e.walk(&mut |x| {
                    if let ExprKind::Load(p) = &x.kind {
                        if p.base == arr && p.indices.len() == 1 && is_load_of(&p.indices[0], pos) {
                            found = true;
                        }
                    }
                });
            }
        });
        found
    }
}

/// `e` without any conversion around it.
fn strip_casts(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Cast(a) => strip_casts(a),
        _ => e,
    }
}
