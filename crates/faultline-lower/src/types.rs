//! Declaration specifiers, declarators and type names: C syntax to [`Type`].
//!
//! Pointers only exist where the IR has a meaning for them: array parameters (`int *a` is an
//! [`Type::ArrayRef`]) and `main`'s `argv`. The declarator walk therefore returns pointers as
//! `ArrayRef` plus the node of the first pointer, and each caller decides whether one is allowed.

use faultline_ir::{IntKind, Type};
use tree_sitter::Node;

use crate::consteval;
use crate::ctx::{Lowerer, Res, Sym};

/// Marks the outermost dimension of `int a[]` until an initializer or parameter decay fixes it.
pub(crate) const UNSIZED: u64 = u64::MAX;
/// Largest object we accept, in scalar cells (the interpreter and encoder model every cell).
const MAX_CELLS: u64 = 1 << 22;
/// The default bound of a variable-length array, in elements
/// ([`faultline_ir::LowerOptions::max_vla_elements`], `faultline.toml`'s `[limits]
/// max_vla_elements`): `T a[n]` is an array of that many elements, and a run whose `n` is
/// larger stops there with a reported assumption (`n <= bound`): the interpreter and the
/// formula model every cell, so the bound keeps both finite. Accesses past `n` but within the
/// bound read uninitialized cells (reported) or write unused ones (as gcc's do, undetected).
pub const VLA_BOUND: u64 = faultline_ir::DEFAULT_MAX_VLA_ELEMENTS;
/// Most scalar cells of one variable-length array per element of its bound (64 × 1024 at the
/// default bound): `int a[n][64]` is accepted, `int a[n][65]` is not unless the bound is lower.
const VLA_CELLS_PER_BOUND: u64 = 64;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Storage {
    None,
    Static,
    Extern,
}

/// A declared name.
pub(crate) struct Declared<'t> {
    pub name: String,
    pub name_node: Node<'t>,
    pub ty: Type,
    /// The first `*` in the declarator, if any.
    pub pointer: Option<Node<'t>>,
    /// The function declarator, for a function declaration.
    pub function: Option<Node<'t>>,
}

impl<'a> Lowerer<'a> {
    /// The base type and storage class of a declaration, parameter or function definition.
    pub(crate) fn specifiers(&mut self, node: Node) -> Res<(Type, Storage)> {
        let mut storage = Storage::None;
        let mut c = node.walk();
        for child in node.children(&mut c) {
            if child.kind() == "storage_class_specifier" {
                match self.text(child) {
                    "static" => storage = Storage::Static,
                    "extern" => storage = Storage::Extern,
                    _ => {} // auto, register, inline: no meaning for the analysis
                }
            }
        }
        let ty = match node.child_by_field_name("type") {
            Some(t) => self.type_specifier(t)?,
            // Implicit int (K&R).
            None => Type::INT,
        };
        Ok((ty, storage))
    }

    pub(crate) fn type_specifier(&mut self, t: Node) -> Res<Type> {
        match t.kind() {
            // A typedef of the program first: `typedef int bool;` makes `bool` an `int`.
            "primitive_type" => match self.typedef(self.text(t)) {
                Some(ty) => Ok(ty),
                None => self.primitive(t, self.text(t)),
            },
            "sized_type_specifier" => self.sized(t),
            "type_identifier" => {
                let name = self.text(t);
                if let Some(ty) = self.typedef(name) {
                    return Ok(ty);
                }
                match name {
                    "_Bool" | "bool" => Ok(Type::Int(IntKind::Bool)),
                    _ => self.primitive(t, name),
                }
            }
            "enum_specifier" => {
                if let Some(body) = t.child_by_field_name("body") {
                    self.enum_body(body)?;
                }
                Ok(Type::INT)
            }
            "struct_specifier" | "union_specifier" => self.struct_specifier(t),
            _ => Err(self.unsupported(t, format!("type `{}`", self.text(t)))),
        }
    }

    fn primitive(&mut self, t: Node, name: &str) -> Res<Type> {
        use IntKind::*;
        let k = match name {
            "void" => return Ok(Type::Void),
            "int" | "signed" => Int,
            "char" => Char,
            "_Bool" | "bool" => Bool,
            "float" => Float,
            "double" => Double,
            // glibc's <stdint.h> on x86-64 (LP64): the `fast` types wider than a byte are
            // `long`.
            "size_t" | "uintptr_t" | "uint64_t" | "uintmax_t" | "uint_least64_t"
            | "uint_fast16_t" | "uint_fast32_t" | "uint_fast64_t" => ULong,
            "ssize_t" | "ptrdiff_t" | "intptr_t" | "int64_t" | "intmax_t" | "int_least64_t"
            | "int_fast16_t" | "int_fast32_t" | "int_fast64_t" => Long,
            "int8_t" | "int_least8_t" | "int_fast8_t" => SChar,
            "uint8_t" | "uint_least8_t" | "uint_fast8_t" => UChar,
            "int16_t" | "int_least16_t" => Short,
            "uint16_t" | "uint_least16_t" => UShort,
            "int32_t" | "int_least32_t" => Int,
            "uint32_t" | "uint_least32_t" => UInt,
            // A type of a library header Faultline does not model (`time_t`, `FILE`).
            _ => match crate::stdlib::object_header(name) {
                Some(h) => return Err(self.unsupported(t, format!("`{name}` (from <{h}>)"))),
                None => return Err(self.semantic(t, format!("unknown type name `{name}`"))),
            },
        };
        Ok(Type::Int(k))
    }

    /// `unsigned long int`, `long long`, `short`, `signed char`…
    fn sized(&mut self, t: Node) -> Res<Type> {
        let (mut longs, mut short, mut unsigned) = (0, false, false);
        let mut c = t.walk();
        for ch in t.children(&mut c) {
            match self.text(ch) {
                "long" => longs += 1,
                "short" => short = true,
                "unsigned" => unsigned = true,
                _ => {}
            }
        }
        let base = t.child_by_field_name("type").map(|b| self.text(b));
        use IntKind::*;
        let k = match base {
            Some("char") => {
                if unsigned {
                    UChar
                } else {
                    SChar
                }
            }
            Some("double") if longs > 0 => {
                return Err(self.unsupported(t, "long double (80-bit extended)"))
            }
            Some("double") | Some("float") => {
                return Err(self.semantic(t, "size or sign modifier on a floating type"))
            }
            Some("int") | None => match (short, longs) {
                (true, _) => Short,
                (false, 0) => Int,
                (false, 1) => Long,
                _ => LongLong,
            },
            Some(other) => {
                let other = other.to_string();
                return Err(self.unsupported(t, format!("type `{other}` with size modifiers")));
            }
        };
        Ok(Type::Int(if unsigned { k.to_unsigned() } else { k }))
    }

    /// Define the constants of `enum { A, B = 3 }` in the current scope.
    pub(crate) fn enum_body(&mut self, body: Node) -> Res<()> {
        let mut next: i128 = 0;
        let mut c = body.walk();
        let items: Vec<Node> = body.named_children(&mut c).collect();
        for item in items {
            if item.kind() != "enumerator" {
                continue;
            }
            let Some(name) = item.child_by_field_name("name") else {
                continue;
            };
            if let Some(v) = item.child_by_field_name("value") {
                next = self.const_int(v)?;
            }
            if !IntKind::Int.contains(next) {
                return Err(self.semantic(item, "enumerator value does not fit in `int`"));
            }
            let name = self.text(name).to_string();
            self.bind(&name, Sym::EnumConst(next));
            next += 1;
        }
        Ok(())
    }

    /// An integer constant expression's value.
    pub(crate) fn const_int(&mut self, node: Node) -> Res<i128> {
        let mut pre = Vec::new();
        let e = self.rvalue(node, &mut pre)?;
        if !pre.is_empty() {
            return Err(self.semantic(node, "not a constant expression"));
        }
        consteval::eval(&e).map_err(|m| self.semantic(node, m))
    }

    /// Walk a declarator around `base`.
    pub(crate) fn declarator<'t>(&mut self, d: Node<'t>, base: Type) -> Res<Declared<'t>> {
        let mut ty = base;
        let mut pointer = None;
        let mut function = None;
        let mut node = d;
        let mut guard = 0;
        loop {
            guard += 1;
            if guard > 64 {
                return Err(self.unsupported(d, "declarator nesting"));
            }
            match node.kind() {
                // tree-sitter-c reads the names of common typedefs (`bool`, `size_t`,
                // `uint8_t`…) as `primitive_type` even where they are declared:
                // `typedef int bool;` declares `bool`.
                "identifier" | "type_identifier" | "field_identifier" | "primitive_type" => {
                    return Ok(Declared {
                        name: self.text(node).to_string(),
                        name_node: node,
                        ty,
                        pointer,
                        function,
                    })
                }
                "init_declarator" | "parenthesized_declarator" => {
                    node = match node
                        .child_by_field_name("declarator")
                        .or_else(|| node.named_child(0))
                    {
                        Some(n) => n,
                        None => return Err(self.semantic(node, "missing declarator")),
                    };
                }
                "pointer_declarator" => {
                    if function.is_some() {
                        return Err(self.unsupported(node, "this function declarator"));
                    }
                    pointer.get_or_insert(node);
                    if matches!(&ty, Type::Array(_, n) if *n == UNSIZED) {
                        return Err(self.unsupported(node, "pointer to an array of unknown size"));
                    }
                    ty = Type::Ptr(Box::new(ty));
                    node = self.field(node, "declarator")?;
                }
                "array_declarator" => {
                    if function.is_some() {
                        return Err(self.unsupported(node, "function returning an array"));
                    }
                    if matches!(&ty, Type::Array(_, n) if *n == UNSIZED) {
                        return Err(self.semantic(
                            node,
                            "array has incomplete element type (only the first dimension may be omitted)",
                        ));
                    }
                    if matches!(ty, Type::Void) {
                        return Err(self.semantic(node, "array of void"));
                    }
                    // Only the outermost dimension of a local may be variable (`int a[n][3]`).
                    let outermost = node
                        .child_by_field_name("declarator")
                        .is_some_and(|d| d.kind() == "identifier");
                    let n = match node.child_by_field_name("size") {
                        None => UNSIZED,
                        Some(s) if outermost && self.vla_allowed => self.vla_size(s, &ty)?,
                        Some(s) => self.array_size(s)?,
                    };
                    ty = Type::Array(Box::new(ty), n);
                    if n != UNSIZED && ty.scalar_count() > MAX_CELLS {
                        return Err(self.unsupported(node, "array this large"));
                    }
                    node = self.field(node, "declarator")?;
                }
                "function_declarator" => {
                    if function.is_some() {
                        return Err(self.unsupported(node, "a function returning a function"));
                    }
                    let fdecl = node;
                    node = self.field(node, "declarator")?;
                    if node.kind() == "identifier" {
                        // `int *f(…)`: a function (returning a pointer).
                        function = Some(fdecl);
                        continue;
                    }
                    // `(*x)(…)`: `x` is (or, behind arrays and functions, holds) a pointer to
                    // a function of this type: `int (*op)(int)`, `int (*ops[4])(int)`,
                    // `int (*pick(char c))(int)`.
                    let ptr = (node.kind() == "parenthesized_declarator")
                        .then(|| node.named_child(0))
                        .flatten()
                        .filter(|p| p.kind() == "pointer_declarator");
                    let Some(p) = ptr else {
                        return Err(self.unsupported(node, "this function declarator"));
                    };
                    if matches!(ty, Type::Array(..) | Type::Struct(_)) {
                        return Err(self.unsupported(fdecl, format!("a function returning `{ty}`")));
                    }
                    ty = Type::FnPtr(Box::new(self.fn_sig(ty, fdecl)?));
                    node = self.field(p, "declarator")?;
                }
                other => {
                    let what = other.replace('_', " ");
                    return Err(self.unsupported(node, what));
                }
            }
        }
    }

    fn field<'t>(&mut self, node: Node<'t>, name: &str) -> Res<Node<'t>> {
        node.child_by_field_name(name)
            .ok_or_else(|| self.semantic(node, format!("missing {name}")))
    }

    /// The size of the outermost dimension of a local array: a constant, or for a
    /// variable-length array its bound (`LowerOptions::max_vla_elements`), with the size expression kept in
    /// `Lowerer::vla_pending` for the declaration to evaluate.
    fn vla_size(&mut self, s: Node, elem: &Type) -> Res<u64> {
        let mut pre = Vec::new();
        let e = self.rvalue(s, &mut pre)?;
        if pre.is_empty() {
            if let Ok(v) = consteval::eval(&e) {
                if v <= 0 {
                    return Err(self.semantic(s, "array size must be positive"));
                }
                return u64::try_from(v).map_err(|_| self.unsupported(s, "array this large"));
            }
        }
        if e.ty.is_float() {
            return Err(self.semantic(s, "size of array has non-integer type"));
        }
        let bound = self.options.max_vla_elements;
        let most = bound.saturating_mul(VLA_CELLS_PER_BOUND).min(MAX_CELLS);
        if elem.scalar_count().saturating_mul(bound) > most {
            return Err(self.unsupported(
                s,
                format!(
                    "variable-length array of more than {most} cells at its bound of {bound} \
                     elements (`[limits] max_vla_elements` in faultline.toml)"
                ),
            ));
        }
        let span = self.span(s);
        self.vla_pending = Some((e, pre, span));
        Ok(bound)
    }

    fn array_size(&mut self, s: Node) -> Res<u64> {
        let mut pre = Vec::new();
        let e = self.rvalue(s, &mut pre)?;
        let v = if pre.is_empty() {
            consteval::eval(&e).ok()
        } else {
            None
        };
        match v {
            None => {
                Err(self.unsupported(s, "variable-length arrays (array size is not a constant)"))
            }
            Some(v) if v <= 0 => Err(self.semantic(s, "array size must be positive")),
            Some(v) => u64::try_from(v).map_err(|_| self.unsupported(s, "array this large")),
        }
    }

    /// The type named by a `type_descriptor` (casts, `sizeof`).
    pub(crate) fn type_name(&mut self, td: Node) -> Res<Type> {
        let (base, _) = self.specifiers(td)?;
        match td.child_by_field_name("declarator") {
            None => Ok(base),
            Some(d) => {
                let mut ty = base;
                let mut node = d;
                let mut guard = 0;
                loop {
                    guard += 1;
                    if guard > 64 {
                        return Err(self.unsupported(d, "type name nesting"));
                    }
                    match node.kind() {
                        "abstract_pointer_declarator" => {
                            ty = Type::Ptr(Box::new(ty));
                            match node.child_by_field_name("declarator") {
                                Some(n) => node = n,
                                None => return Ok(ty),
                            }
                        }
                        "abstract_array_declarator" => {
                            let n = match node.child_by_field_name("size") {
                                None => {
                                    return Err(self.unsupported(node, "array type of unknown size"))
                                }
                                Some(s) => self.array_size(s)?,
                            };
                            ty = Type::Array(Box::new(ty), n);
                            match node.child_by_field_name("declarator") {
                                Some(n) => node = n,
                                None => return Ok(ty),
                            }
                        }
                        "abstract_parenthesized_declarator" => match node.named_child(0) {
                            Some(n) => node = n,
                            None => return Ok(ty),
                        },
                        // `int (*)(int, int)`: a function pointer type.
                        "abstract_function_declarator" => {
                            let ptr = node
                                .child_by_field_name("declarator")
                                .filter(|n| n.kind() == "abstract_parenthesized_declarator")
                                .and_then(|n| n.named_child(0))
                                .filter(|p| p.kind() == "abstract_pointer_declarator");
                            let Some(p) = ptr else {
                                return Err(self.unsupported(node, "a function type"));
                            };
                            ty = Type::FnPtr(Box::new(self.fn_sig(ty, node)?));
                            match p.child_by_field_name("declarator") {
                                Some(n) => node = n,
                                None => return Ok(ty),
                            }
                        }
                        _ => return Err(self.unsupported(node, "this type name")),
                    }
                }
            }
        }
    }
}
