//! Function signatures (first pass, so calls may precede definitions), bodies, and the
//! translation unit.

use faultline_ir::{FuncId, Function, LocalKind, Program, Type};
use tree_sitter::{Node, Tree};

use crate::ctx::{Lowerer, Res, Sig, Sym};
use crate::expr::argv_type;
use crate::types::UNSIZED;

/// A parameter's type after C's adjustment (an array parameter is a pointer to its element).
/// A pointer parameter is an array reference too: the same (object, offset) value at run time,
/// and the formula models a reference that the function never moves.
fn adjust(ty: Type) -> Type {
    match ty {
        // A struct pointer stays one: a pointer cell (an array of structs is scalarized into
        // leaf references instead).
        Type::Ptr(e) if matches!(*e, Type::Struct(_) | Type::Void) => Type::Ptr(e),
        Type::Array(e, _) | Type::Ptr(e) => Type::ArrayRef(e),
        t => t,
    }
}

/// Whether the IR can pass a parameter of this type: a scalar, or a reference to an array whose
/// element type is made of fixed-size arrays of integers.
fn param_ok(ty: &Type) -> bool {
    fn fixed(t: &Type) -> bool {
        match t {
            Type::Int(_) | Type::Ptr(_) | Type::FnPtr(_) => true,
            Type::Array(e, n) => *n != UNSIZED && fixed(e),
            Type::Struct(d) => d.fields.iter().all(|(_, t)| fixed(t)),
            _ => false,
        }
    }
    match ty {
        Type::Int(_) | Type::FnPtr(_) => true,
        Type::ArrayRef(e) => fixed(e),
        // Scalarized: one parameter per leaf.
        Type::Struct(_) => true,
        Type::Ptr(e) => matches!(**e, Type::Struct(_) | Type::Void),
        _ => false,
    }
}

impl<'a> Lowerer<'a> {
    pub(crate) fn signature(&mut self, node: Node) -> Res<(Sig, Option<String>)> {
        let (ret, _) = self.specifiers(node)?;
        let Some(decl) = node.child_by_field_name("declarator") else {
            return Err(self.semantic(node, "function definition without a declarator"));
        };
        let dd = self.declarator(decl, ret)?;
        let Some(fdecl) = dd.function else {
            return Err(self.semantic(decl, "expected a function declarator"));
        };
        if !matches!(
            dd.ty,
            Type::Void | Type::Int(_) | Type::Ptr(_) | Type::Struct(_) | Type::FnPtr(_)
        ) {
            return Err(self.unsupported(decl, format!("return type `{}`", dd.ty)));
        }
        // K&R parameter declarations between the declarator and the body.
        let mut knr: Vec<(String, Type, Node)> = Vec::new();
        let mut c = node.walk();
        let kdecls: Vec<Node> = node
            .children(&mut c)
            .filter(|n| n.kind() == "declaration")
            .collect();
        for kd in kdecls {
            let (base, _) = self.specifiers(kd)?;
            let mut c2 = kd.walk();
            let ds: Vec<Node> = kd.children_by_field_name("declarator", &mut c2).collect();
            for d in ds {
                let pd = self.declarator(d, base.clone())?;
                knr.push((pd.name, adjust(pd.ty), d));
            }
        }
        let mut params: Vec<(String, Type, Node)> = Vec::new();
        if let Some(plist) = fdecl.child_by_field_name("parameters") {
            let mut c = plist.walk();
            let ps: Vec<Node> = plist
                .named_children(&mut c)
                .filter(|n| n.kind() != "comment")
                .collect();
            let only = ps.len() == 1;
            for p in ps {
                match p.kind() {
                    "identifier" => {
                        let name = self.text(p).to_string();
                        let ty = knr
                            .iter()
                            .find(|k| k.0 == name)
                            .map(|k| k.1.clone())
                            .unwrap_or(Type::INT);
                        params.push((name, ty, p));
                    }
                    "variadic_parameter" => return Err(self.unsupported(p, "variadic functions")),
                    "parameter_declaration" => {
                        let decl = p.child_by_field_name("declarator");
                        let tnode = p.child_by_field_name("type");
                        // `int f(x, y) { … }`: tree-sitter reads an untyped K&R name as a type.
                        if decl.is_none() {
                            if let Some(t) = tnode.filter(|t| t.kind() == "type_identifier") {
                                let name = self.text(t).to_string();
                                if self.typedef(&name).is_none() && name != "_Bool" {
                                    let ty = knr
                                        .iter()
                                        .find(|k| k.0 == name)
                                        .map(|k| k.1.clone())
                                        .unwrap_or(Type::INT);
                                    params.push((name, ty, t));
                                    continue;
                                }
                            }
                        }
                        let (base, _) = self.specifiers(p)?;
                        match decl {
                            None if only && base == Type::Void => {}
                            None => {
                                return Err(self.semantic(
                                    p,
                                    "parameter name omitted in a function definition",
                                ))
                            }
                            Some(d) => {
                                let pd = self.declarator(d, base)?;
                                if pd.function.is_some() {
                                    return Err(self.unsupported(
                                        d,
                                        "a parameter of function type (write `(*name)(…)`)",
                                    ));
                                }
                                params.push((pd.name, adjust(pd.ty), d));
                            }
                        }
                    }
                    other => return Err(self.unsupported(p, format!("parameter `{other}`"))),
                }
            }
        }
        let name = dd.name.clone();
        let mut argv = None;
        if name == "main" && params.len() >= 2 {
            if params.len() > 2 {
                return Err(self.unsupported(params[2].2, "`main` with more than two parameters"));
            }
            let char_ptrs = Type::ArrayRef(Box::new(Type::Ptr(Box::new(Type::Int(
                faultline_ir::IntKind::Char,
            )))));
            if params[1].1 != argv_type() && params[1].1 != char_ptrs {
                return Err(self.unsupported(
                    params[1].2,
                    "second parameter of `main` that is not `char *argv[]`",
                ));
            }
            if let Some(p) = params.pop() {
                argv = Some(p.0);
            }
        }
        if let Some(what) = crate::structs::incomplete_in(&self.complete(dd.ty.clone())) {
            return Err(self.unsupported(
                decl,
                format!("`{what}` used before its members are defined (incomplete type)"),
            ));
        }
        for (_, ty, pnode) in params.iter_mut() {
            *ty = self.complete(ty.clone());
            if let Some(what) = crate::structs::incomplete_in(ty) {
                return Err(self.unsupported(
                    *pnode,
                    format!("`{what}` used before its members are defined (incomplete type)"),
                ));
            }
        }
        for (pname, ty, pnode) in &params {
            if !param_ok(ty) {
                let what = match ty {
                    Type::Void => format!("void parameter `{pname}`"),
                    _ => format!("parameter `{pname}` of pointer type `{ty}`"),
                };
                return Err(self.unsupported(*pnode, what));
            }
        }
        let sig = Sig {
            name,
            ret: dd.ty,
            params: params
                .iter()
                .map(|(n, t, p)| (n.clone(), t.clone(), self.span(*p)))
                .collect(),
            has_argv: argv.is_some(),
            span: self.span(node),
            name_span: self.span(dd.name_node),
        };
        Ok((sig, argv))
    }

    fn function(&mut self, sig: &Sig, argv: Option<&str>, node: Node) -> Function {
        self.begin_function(&sig.name, sig.ret.clone());
        self.push_scope();
        let mut params = Vec::new();
        self.byref_members.clear();
        self.vla_locals.clear();
        for (name, ty, span) in &sig.params {
            if ty.has_struct() {
                if let Ok(agg) = self.agg_param(name, ty, *span, node) {
                    params.extend(agg.leaves.iter().filter_map(|l| match l {
                        faultline_ir::VarRef::Local(id) => Some(*id),
                        _ => None,
                    }));
                    self.bind(name, Sym::Agg(agg, ty.clone()));
                }
                continue;
            }
            if let Ok(id) = self.new_local(name, ty.clone(), LocalKind::Param, *span, node) {
                self.bind(name, Sym::Local(id, ty.clone()));
                params.push(id);
            }
        }
        if let Some(a) = argv {
            self.bind(a, Sym::Argv);
        }
        let mut body = Vec::new();
        let entry = sig.name == "main"
            || (sig.name.starts_with("test_") && sig.params.is_empty() && sig.ret == Type::Void);
        if entry {
            for (place, value, span) in self.pointer_inits.clone() {
                let place = self.refresh_place(&place);
                let value = self.refresh(&value);
                self.emit(
                    &mut body,
                    faultline_ir::StmtKind::Assign { place, value },
                    span,
                    None,
                );
            }
        }
        if let Some(b) = node.child_by_field_name("body") {
            self.check_labels(b);
            self.block_items(b, &mut body);
        }
        self.pop_scope();
        let (locals, fn_pointer_locals) = self
            .cur
            .take()
            .map(|f| (f.locals, f.fn_pointer_locals))
            .unwrap_or_default();
        self.fn_pointer_locals.push(fn_pointer_locals);
        // A struct result travels through the function's return slots.
        let ret = match &sig.ret {
            Type::Struct(_) => Type::Void,
            t => t.storage(),
        };
        Function {
            name: sig.name.clone(),
            params,
            ret,
            locals,
            body,
            span: sig.span,
            name_span: sig.name_span,
        }
    }

    /// Lower the whole translation unit (syntax errors already reported).
    pub(crate) fn unit(&mut self, tree: &Tree) -> Option<Program> {
        let root = tree.root_node();
        let mut c = root.walk();
        let items: Vec<Node> = root.named_children(&mut c).collect();
        let mut defs: Vec<(FuncId, Option<String>, Node)> = Vec::new();
        for item in items {
            if self.full() {
                break;
            }
            let _ = self.top_level(item, &mut defs);
        }
        self.address_taken = self.functions_used_as_values(tree.root_node());
        let mut functions = Vec::new();
        for (id, argv, node) in defs {
            if self.full() {
                break;
            }
            let sig = self.sigs[id.index()].clone();
            if matches!(sig.ret, Type::FnPtr(_)) {
                self.fn_pointers
                    .results
                    .push(FuncId(functions.len() as u32));
            }
            functions.push(self.function(&sig, argv.as_deref(), node));
        }
        let mut fn_pointers = std::mem::take(&mut self.fn_pointers);
        for (i, locals) in self.fn_pointer_locals.drain(..).enumerate() {
            fn_pointers
                .locals
                .extend(locals.into_iter().map(|l| (FuncId(i as u32), l)));
        }
        if !self.errors.is_empty() {
            return None;
        }
        let main = functions
            .iter()
            .position(|f| f.name == "main")
            .map(|i| FuncId(i as u32));
        let tests = functions
            .iter()
            .enumerate()
            .filter(|(_, f)| {
                f.name.starts_with("test_")
                    && f.ret == Type::Void
                    && f.params.is_empty()
                    && f.name != "main"
            })
            .map(|(i, _)| FuncId(i as u32))
            .collect();
        Some(Program {
            files: self.pre.files.clone(),
            globals: std::mem::take(&mut self.globals),
            functions,
            main,
            tests,
            stmt_count: self.stmt_count(),
            expr_count: self.expr_count(),
            fn_pointers,
            bound_checks: std::mem::take(&mut self.bound_checks),
            options: self.options,
        })
    }

    /// The functions whose name appears other than as the callee of a call (`op = add`,
    /// `{add, sub}`, `apply(add, 1)`): the only ones a function pointer can point to, so the
    /// only arms of a call through one. A local of the same name counts too (a superset).
    /// Iterative: the syntax tree may be deep.
    fn functions_used_as_values(&self, root: Node) -> std::collections::HashSet<FuncId> {
        let mut out = std::collections::HashSet::new();
        let mut cursor = root.walk();
        loop {
            let n = cursor.node();
            if n.kind() == "identifier" {
                if let Some(&id) = self.sig_by_name.get(self.text(n)) {
                    let callee = n.parent().is_some_and(|p| {
                        p.kind() == "call_expression"
                            && p.child_by_field_name("function") == Some(n)
                    });
                    let declarator = n
                        .parent()
                        .is_some_and(|p| p.kind() == "function_declarator");
                    if !callee && !declarator {
                        out.insert(id);
                    }
                }
            }
            if cursor.goto_first_child() {
                continue;
            }
            loop {
                if cursor.goto_next_sibling() {
                    break;
                }
                if !cursor.goto_parent() {
                    return out;
                }
            }
        }
    }

    fn top_level<'t>(
        &mut self,
        item: Node<'t>,
        defs: &mut Vec<(FuncId, Option<String>, Node<'t>)>,
    ) -> Res<()> {
        match item.kind() {
            "function_definition" => {
                let (sig, argv) = match self.signature(item) {
                    Ok(x) => x,
                    Err(r) => {
                        // Calls to it are not errors of their own: the definition's is the one.
                        self.poison(item);
                        return Err(r);
                    }
                };
                if self.sig_by_name.contains_key(&sig.name) {
                    return Err(self.semantic(item, format!("redefinition of `{}`", sig.name)));
                }
                let id = FuncId(self.sigs.len() as u32);
                self.sig_by_name.insert(sig.name.clone(), id);
                self.sigs.push(sig);
                defs.push((id, argv, item));
                Ok(())
            }
            "declaration" => self.global_declaration(item),
            "type_definition" => self.typedef_decl(item),
            "enum_specifier" => {
                if let Some(b) = item.child_by_field_name("body") {
                    self.enum_body(b)?;
                }
                Ok(())
            }
            "struct_specifier" | "union_specifier" => {
                // `struct s;`: a forward declaration.
                if self.undefined_tag(item).is_some() {
                    return Ok(());
                }
                self.struct_specifier(item).map(|_| ())
            }
            "comment" => Ok(()),
            "expression_statement" if item.named_child_count() == 0 => Ok(()),
            k if k.starts_with("preproc") => Ok(()),
            k => Err(self.unsupported(item, format!("`{}` at file scope", k.replace('_', " ")))),
        }
    }
}
