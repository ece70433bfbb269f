//! Lowering state shared by every module: id allocation, error collection, scopes, the function
//! being built, and constructors for IR nodes.

use std::collections::{HashMap, HashSet};

use faultline_ir::{
    Block, Component, ErrorKind, Expr, ExprId, ExprKind, FrontendError, FuncId, Global, GlobalId,
    IntKind, LocalDecl, LocalId, LocalKind, Place, Span, Stmt, StmtId, StmtKind, Type, VarRef,
};
use faultline_preproc::Preprocessed;
use tree_sitter::Node;

use crate::rewrite::Shifts;

/// At most this many errors are collected: more are rarely useful and a garbage input could
/// otherwise produce one per token.
pub(crate) const MAX_ERRORS: usize = 20;
/// Nesting limit for statements and expressions: the lowerer recurses over the syntax tree, so an
/// adversarial input must be rejected before it exhausts the stack.
/// 1000 levels lower (and run, and encode: those stages recurse over expressions too) within
/// the 2 MiB stack of a spawned thread in a debug build; tests check both ends.
pub(crate) const MAX_DEPTH: u32 = 1000;

/// Marker: an error has been recorded in [`Lowerer::errors`]; unwind to the enclosing statement.
#[derive(Debug)]
pub(crate) struct Reported;
pub(crate) type Res<T> = Result<T, Reported>;

/// What a name means in some scope.
#[derive(Clone, Debug)]
pub(crate) enum Sym {
    Local(LocalId, Type),
    Global(GlobalId, Type),
    EnumConst(i128),
    Typedef(Type),
    /// `typedef struct s T;` before `struct s` is defined: `T` is whatever the tag (key
    /// `struct s`) names where `T` is used.
    TypedefTag(String),
    /// A variable of a type containing structs: its leaf variables (see `structs`).
    Agg(crate::structs::Agg, Type),
    /// `main`'s `argv`.
    Argv,
    /// A name whose declaration was rejected: uses are silently skipped, so one unsupported
    /// declaration produces one error rather than one per use.
    Poisoned,
}

/// A user function's signature, known before any body is lowered (calls may precede definitions).
#[derive(Clone, Debug)]
pub(crate) struct Sig {
    pub name: String,
    pub ret: Type,
    /// Parameter names, types and declarator spans; `argv` of `main` is not among them.
    pub params: Vec<(String, Type, Span)>,
    /// Whether the definition's second parameter was `main`'s `argv`.
    pub has_argv: bool,
    pub span: Span,
    pub name_span: Span,
}

/// The type of the functions a function pointer may point to (see [`Type::FnPtr`]).
pub(crate) use faultline_ir::FnSig;

/// What `break` / `continue` leave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Breakable {
    Loop,
    Switch,
    /// The once-loop (forward `goto`) or retry loop (backward `goto`) that a `goto` region is
    /// lowered to: a user's `break`/`continue` must not land on it.
    Goto,
}

/// A `goto` target being lowered (`stmt::goto_regions`): jumps to `label` set `flag` and leave
/// the loops and switches between them and the region's own loop, which a forward jump leaves
/// (`break`: the label follows it) and a backward jump restarts (`continue`: the label opens it).
#[derive(Clone, Debug)]
pub(crate) struct GotoRegion {
    pub label: String,
    pub flag: LocalId,
    pub backward: bool,
    /// Position of the region's [`Breakable::Goto`] in `FnState::breakables`.
    pub depth: usize,
}

/// The function whose body is being lowered.
pub(crate) struct FnState {
    pub name: String,
    pub ret: Type,
    pub locals: Vec<LocalDecl>,
    pub breakables: Vec<Breakable>,
    pub gotos: Vec<GotoRegion>,
    temps: u32,
    /// Locals of function pointer type (see [`faultline_ir::FnPointers`]).
    pub fn_pointer_locals: Vec<LocalId>,
}

pub(crate) struct Lowerer<'a> {
    pub src: &'a str,
    pub pre: &'a Preprocessed,
    pub shifts: &'a Shifts,
    pub errors: Vec<FrontendError>,
    next_stmt: u32,
    next_expr: u32,
    pub globals: Vec<Global>,
    /// Scope stack; index 0 is file scope.
    pub scopes: Vec<HashMap<String, Sym>>,
    pub sigs: Vec<Sig>,
    pub sig_by_name: HashMap<String, FuncId>,
    pub cur: Option<FnState>,
    pub depth: u32,
    /// Struct and union definitions so far (each gets a distinct id).
    pub next_struct: u32,
    /// Complete struct and union definitions by id, for [`Lowerer::complete`].
    pub struct_defs: HashMap<u32, Type>,
    /// Return slots of functions returning structs, by function name.
    pub ret_slots: HashMap<String, crate::structs::Agg>,
    /// Array members of struct parameters of the current function (received by reference).
    pub byref_members: HashSet<LocalId>,
    /// Set while a local variable's declarator is resolved: its outermost dimension may be
    /// variable.
    pub vla_allowed: bool,
    /// The size expression of the variable-length array just declared (with the statements
    /// it needs first, and its span).
    pub vla_pending: Option<(Expr, Block, Span)>,
    /// Variable-length arrays (their `sizeof` is not the bound's).
    pub vla_locals: HashSet<LocalId>,
    /// Spans of the `assume`s bounding variable-length arrays (`Program::bound_checks`).
    pub bound_checks: Vec<Span>,
    /// The user's settings (the variable-length array bound), kept in the `Program`.
    pub options: faultline_ir::LowerOptions,
    /// Nonzero while an operand that is evaluated only conditionally is lowered (the right
    /// side of `&&`/`||`, an arm of `?:`): an index is not hoisted into a statement there,
    /// which would turn the pure condition around it into statements whose first operand is
    /// no component (`i > 0 && a[i - 1] == x` would lose `i > 0`'s repairs).
    pub conditional_operand: u32,
    /// The hidden `char *` global where `strtok` keeps its position (see `strtok`).
    pub strtok_save: Option<GlobalId>,
    /// Pointer cells of file-scope initializers (`const char *names[] = {"a", "b"}`): the IR's
    /// initial values are numbers, so each entry function (`main`, `test_*`) stores these
    /// first, before anything can read them.
    pub pointer_inits: Vec<(Place, Expr, Span)>,
    /// The functions used as values somewhere in the file (see `func`): the candidates of a
    /// call through a function pointer.
    pub address_taken: HashSet<FuncId>,
    /// Every `goto` of the unit by start byte, with its label (`stmt::goto_index`).
    pub gotos: Vec<(usize, String)>,
    /// Every label of the unit by start byte (`stmt::goto_index`).
    pub labels: crate::stmt::Labels,
    /// Variables of function pointer type, erased to `long` (see [`faultline_ir::FnPointers`]):
    /// globals here, locals per function in the order the functions are lowered.
    pub fn_pointers: faultline_ir::FnPointers,
    pub fn_pointer_locals: Vec<Vec<LocalId>>,
}

impl<'a> Lowerer<'a> {
    pub fn new(
        src: &'a str,
        pre: &'a Preprocessed,
        shifts: &'a Shifts,
        options: faultline_ir::LowerOptions,
    ) -> Self {
        Lowerer {
            src,
            pre,
            shifts,
            errors: Vec::new(),
            next_stmt: 0,
            next_expr: 0,
            globals: Vec::new(),
            scopes: vec![HashMap::new()],
            sigs: Vec::new(),
            sig_by_name: HashMap::new(),
            cur: None,
            depth: 0,
            next_struct: 0,
            struct_defs: HashMap::new(),
            ret_slots: HashMap::new(),
            byref_members: HashSet::new(),
            vla_allowed: false,
            vla_pending: None,
            vla_locals: HashSet::new(),
            bound_checks: Vec::new(),
            options,
            conditional_operand: 0,
            strtok_save: None,
            pointer_inits: Vec::new(),
            address_taken: HashSet::new(),
            gotos: Vec::new(),
            labels: Vec::new(),
            fn_pointers: Default::default(),
            fn_pointer_locals: Vec::new(),
        }
    }

    pub fn stmt_count(&self) -> u32 {
        self.next_stmt
    }

    pub fn expr_count(&self) -> u32 {
        self.next_expr
    }

    // ---- spans, text and errors ----

    pub fn span(&self, node: Node) -> Span {
        self.span_range(node.start_byte(), node.end_byte())
    }

    pub fn span_range(&self, start: usize, end: usize) -> Span {
        self.pre
            .span(self.shifts.orig(start), self.shifts.orig(end.max(start)))
    }

    /// A statement's span without its trailing `;` (so an expression statement and its
    /// expression share a span).
    pub fn stmt_span(&self, node: Node) -> Span {
        let mut end = node.end_byte();
        if let Some(last) = node.child(node.child_count().saturating_sub(1)) {
            if last.kind() == ";" && last.start_byte() > node.start_byte() {
                end = last.start_byte();
            }
        }
        self.span_range(node.start_byte(), end)
    }

    pub fn text(&self, node: Node) -> &'a str {
        self.src.get(node.byte_range()).unwrap_or("")
    }

    pub fn error(&mut self, kind: ErrorKind, node: Node, msg: impl Into<String>) -> Reported {
        let span = self.span(node);
        self.error_at(kind, span, msg)
    }

    pub fn error_at(&mut self, kind: ErrorKind, span: Span, msg: impl Into<String>) -> Reported {
        if self.errors.len() < MAX_ERRORS {
            self.errors.push(FrontendError::new(kind, span, msg));
        }
        Reported
    }

    pub fn unsupported(&mut self, node: Node, what: impl std::fmt::Display) -> Reported {
        let span = self.span(node);
        if self.errors.len() < MAX_ERRORS {
            self.errors.push(FrontendError::unsupported(span, what));
        }
        Reported
    }

    pub fn semantic(&mut self, node: Node, msg: impl Into<String>) -> Reported {
        self.error(ErrorKind::Semantic, node, msg)
    }

    pub fn full(&self) -> bool {
        self.errors.len() >= MAX_ERRORS
    }

    /// Enter one level of statement/expression nesting; fails past [`MAX_DEPTH`].
    pub fn enter(&mut self, node: Node) -> Res<()> {
        if self.depth >= MAX_DEPTH {
            return Err(self.error(
                ErrorKind::Unsupported,
                node,
                format!(
                    "nesting too deep: more than {MAX_DEPTH} levels of nested statements and \
                     expressions (Faultline's limit)"
                ),
            ));
        }
        self.depth += 1;
        Ok(())
    }

    pub fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    // ---- scopes ----

    pub fn push_scope(&mut self) {
        self.scopes.push(HashMap::new());
    }

    pub fn pop_scope(&mut self) {
        if self.scopes.len() > 1 {
            self.scopes.pop();
        }
    }

    pub fn lookup(&self, name: &str) -> Option<&Sym> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    pub fn bind(&mut self, name: &str, sym: Sym) {
        if let Some(s) = self.scopes.last_mut() {
            s.insert(name.to_string(), sym);
        }
    }

    /// `ty` with incomplete structs (a tag used before or inside its own definition) replaced
    /// by their definitions where known, at the top and behind pointers and arrays (not inside
    /// struct members: a member `struct node *next` stays incomplete, or the type would be
    /// infinite).
    pub fn complete(&self, ty: Type) -> Type {
        match ty {
            Type::Struct(d) if d.is_incomplete() => match self.struct_defs.get(&d.id) {
                Some(t) => t.clone(),
                None => Type::Struct(d),
            },
            Type::Ptr(e) => Type::Ptr(Box::new(self.complete(*e))),
            Type::Array(e, n) => Type::Array(Box::new(self.complete(*e)), n),
            Type::ArrayRef(e) => Type::ArrayRef(Box::new(self.complete(*e))),
            t => t,
        }
    }

    /// The typedef a type name refers to, if any.
    pub fn typedef(&self, name: &str) -> Option<Type> {
        match self.lookup(name) {
            Some(Sym::Typedef(t)) => Some(t.clone()),
            Some(Sym::TypedefTag(tag)) => match self.lookup(tag) {
                Some(Sym::Typedef(t)) => Some(self.complete(t.clone())),
                _ => None,
            },
            _ => None,
        }
    }

    // ---- locals ----

    pub fn new_local(
        &mut self,
        name: &str,
        ty: Type,
        kind: LocalKind,
        span: Span,
        at: Node,
    ) -> Res<LocalId> {
        // A function pointer is a `long` cell to every later stage.
        let ty = self.complete(ty);
        let fn_pointer = ty.holds_fn_pointers();
        let ty = ty.storage();
        match &mut self.cur {
            Some(f) => {
                let id = LocalId(f.locals.len() as u32);
                if fn_pointer {
                    f.fn_pointer_locals.push(id);
                }
                f.locals.push(LocalDecl {
                    name: name.to_string(),
                    ty,
                    kind,
                    span,
                });
                Ok(id)
            }
            None => Err(self.semantic(at, "not a constant expression")),
        }
    }

    /// A fresh temporary of an integer type (only inside a function: at file scope anything that
    /// needs one is not a constant expression).
    pub fn temp(&mut self, ty: IntKind, at: Node) -> Res<LocalId> {
        self.temp_of(Type::Int(ty), at)
    }

    /// A fresh temporary of any storable type (a pointer's, for one).
    pub fn temp_of(&mut self, ty: Type, at: Node) -> Res<LocalId> {
        let n = match &mut self.cur {
            Some(f) => {
                f.temps += 1;
                f.temps
            }
            None => return Err(self.semantic(at, "not a constant expression")),
        };
        let span = self.span(at);
        self.new_local(&format!("tmp{n}"), ty, LocalKind::Temp, span, at)
    }

    pub fn begin_function(&mut self, name: &str, ret: Type) {
        self.cur = Some(FnState {
            name: name.to_string(),
            ret,
            locals: Vec::new(),
            breakables: Vec::new(),
            gotos: Vec::new(),
            temps: 0,
            fn_pointer_locals: Vec::new(),
        });
    }

    /// Record that a variable holds function pointers (a struct member's leaf, whose type is
    /// already its storage type): see [`faultline_ir::FnPointers`].
    pub fn mark_fn_pointers(&mut self, v: VarRef) {
        match v {
            VarRef::Local(id) => {
                if let Some(f) = &mut self.cur {
                    f.fn_pointer_locals.push(id);
                }
            }
            VarRef::Global(id) => self.fn_pointers.globals.push(id),
            VarRef::Argv => {}
        }
    }

    pub fn add_global(&mut self, mut g: Global) -> GlobalId {
        g.ty = self.complete(g.ty);
        if g.ty.holds_fn_pointers() {
            let id = GlobalId(self.globals.len() as u32);
            self.fn_pointers.globals.push(id);
        }
        g.ty = g.ty.storage();
        self.globals.push(g);
        GlobalId(self.globals.len() as u32 - 1)
    }

    // ---- node constructors ----

    pub fn expr(&mut self, kind: ExprKind, ty: IntKind, span: Span) -> Expr {
        let id = ExprId(self.next_expr);
        self.next_expr += 1;
        Expr { id, kind, ty, span }
    }

    pub fn konst(&mut self, v: i128, ty: IntKind, span: Span) -> Expr {
        self.expr(ExprKind::Const(ty.wrap(v)), ty, span)
    }

    /// Convert to `to`, inserting a cast only when the type changes.
    pub fn cast(&mut self, e: Expr, to: IntKind) -> Expr {
        if e.ty == to {
            return e;
        }
        let span = e.span;
        // The null pointer constant as a number (a null function pointer is 0, see
        // `Type::FnPtr`): no pointer-to-integer conversion at run time.
        if e.ty == IntKind::Ptr && matches!(e.kind, ExprKind::Const(0)) && !to.is_float() {
            return self.konst(0, to, span);
        }
        self.expr(ExprKind::Cast(Box::new(e)), to, span)
    }

    pub fn stmt(&mut self, kind: StmtKind, span: Span, component: Option<Component>) -> Stmt {
        let id = StmtId(self.next_stmt);
        self.next_stmt += 1;
        Stmt {
            id,
            kind,
            span,
            component,
        }
    }

    /// A copy of an expression with fresh ids (ids must stay unique when a pure expression is
    /// used twice, e.g. the place of `a[i] += 1`).
    pub fn refresh(&mut self, e: &Expr) -> Expr {
        let kind = match &e.kind {
            ExprKind::Const(v) => ExprKind::Const(*v),
            ExprKind::Load(p) => ExprKind::Load(self.refresh_place(p)),
            ExprKind::AddrOf(p) => ExprKind::AddrOf(self.refresh_place(p)),
            ExprKind::Unary(op, a) => ExprKind::Unary(*op, Box::new(self.refresh(a))),
            ExprKind::Cast(a) => ExprKind::Cast(Box::new(self.refresh(a))),
            ExprKind::Binary(op, a, b) => {
                ExprKind::Binary(*op, Box::new(self.refresh(a)), Box::new(self.refresh(b)))
            }
            ExprKind::Logical(op, a, b) => {
                ExprKind::Logical(*op, Box::new(self.refresh(a)), Box::new(self.refresh(b)))
            }
            ExprKind::Cond(c, a, b) => ExprKind::Cond(
                Box::new(self.refresh(c)),
                Box::new(self.refresh(a)),
                Box::new(self.refresh(b)),
            ),
        };
        self.expr(kind, e.ty, e.span)
    }

    pub fn refresh_place(&mut self, p: &Place) -> Place {
        Place {
            base: p.base,
            indices: p.indices.iter().map(|i| self.refresh(i)).collect(),
            span: p.span,
        }
    }

    /// The place of local `id` at `indices` (none: the variable itself), written at `span`.
    pub fn local_place(&self, id: LocalId, indices: Vec<Expr>, span: Span) -> Place {
        Place {
            base: VarRef::Local(id),
            indices,
            span,
        }
    }

    /// Local `id` (a scalar of kind `k`) read at `span`.
    pub fn local_load(&mut self, id: LocalId, k: IntKind, span: Span) -> Expr {
        let p = self.local_place(id, vec![], span);
        self.expr(ExprKind::Load(p), k, span)
    }

    /// `id = value;` appended to `out` (a statement at `span`, no component), and the place
    /// it writes, for reading the value back.
    pub fn assign_local(&mut self, out: &mut Block, id: LocalId, value: Expr, span: Span) -> Place {
        self.assign_local_as(out, id, value, span, None)
    }

    /// [`Self::assign_local`] as a component of kind `component`, if any.
    pub fn assign_local_as(
        &mut self,
        out: &mut Block,
        id: LocalId,
        value: Expr,
        span: Span,
        component: Option<Component>,
    ) -> Place {
        let place = self.local_place(id, vec![], span);
        let assign = StmtKind::Assign {
            place: place.clone(),
            value,
        };
        self.emit(out, assign, span, component);
        place
    }

    /// A fresh temporary of type `ty` ([`Self::temp_of`], declared at `at`) given `value` by
    /// `tmp = value;` appended to `out` (a statement at `span`, a component of kind
    /// `component` if any), and the temporary's place, which the expression being lowered
    /// then reads.
    pub fn assign_temp(
        &mut self,
        out: &mut Block,
        ty: Type,
        value: Expr,
        span: Span,
        at: Node,
        component: Option<Component>,
    ) -> Res<Place> {
        let t = self.temp_of(ty, at)?;
        Ok(self.assign_local_as(out, t, value, span, component))
    }

    /// Append `stmt` built from `kind` to `out`.
    pub fn emit(
        &mut self,
        out: &mut Block,
        kind: StmtKind,
        span: Span,
        component: Option<Component>,
    ) {
        let s = self.stmt(kind, span, component);
        out.push(s);
    }
}
