//! A program made ready to run many times: frame layouts computed once, structured control flow
//! flattened into per-function instruction lists with resolved jump targets.
//!
//! Flattening is what lets the executor keep an explicit call stack: a user-level call never
//! recurses on the Rust stack, so deep (or runaway) recursion in the C program is a clean
//! `RecursionTooDeep` instead of a crash, whatever the host thread's stack size.

use faultline_ir::{
    Arg, Expr, FuncId, Function, IntKind, LocalId, Program, Span, Stmt, StmtKind, Type,
};

/// Deepest expression tree the executor evaluates (it recurses once per level).
pub(crate) const MAX_EXPR_DEPTH: usize = 2000;

/// The depth of the deepest expression a statement evaluates itself (not in nested blocks),
/// computed without recursion.
fn own_expr_depth(s: &Stmt) -> usize {
    use faultline_ir::{Builtin, ExprKind, PrintArg, StrArg};
    let mut roots: Vec<&Expr> = Vec::new();
    fn place_roots<'a>(p: &'a faultline_ir::Place, roots: &mut Vec<&'a Expr>) {
        roots.extend(p.indices.iter());
    }
    match &s.kind {
        StmtKind::Assign { place, value } => {
            place_roots(place, &mut roots);
            roots.push(value);
        }
        StmtKind::Call { args, .. } => {
            for a in args {
                match a {
                    Arg::Value(e) => roots.push(e),
                    Arg::ArrayRef(p) => place_roots(p, &mut roots),
                }
            }
        }
        StmtKind::If { cond: e, .. }
        | StmtKind::Switch { scrutinee: e, .. }
        | StmtKind::Return(Some(e))
        | StmtKind::Assert(e)
        | StmtKind::Assume(e)
        | StmtKind::Exit(e) => roots.push(e),
        StmtKind::Builtin(b) => match b {
            Builtin::Printf { args, .. } => {
                for a in args {
                    match a {
                        PrintArg::Int(e) => roots.push(e),
                        PrintArg::Str(StrArg::Array(p)) => place_roots(p, &mut roots),
                        PrintArg::Str(StrArg::Literal(_)) => {}
                        PrintArg::Str(StrArg::Ptr(e)) => roots.push(e),
                    }
                }
            }
            Builtin::Putchar { value, .. } => roots.push(value),
            Builtin::Puts(StrArg::Array(p))
            | Builtin::Atoi {
                arg: StrArg::Array(p),
                ..
            } => place_roots(p, &mut roots),
            Builtin::Puts(StrArg::Ptr(e))
            | Builtin::Atoi {
                arg: StrArg::Ptr(e),
                ..
            }
            | Builtin::Atof {
                arg: StrArg::Ptr(e),
                ..
            } => roots.push(e),
            Builtin::Scanf { targets, .. } => {
                for p in targets {
                    place_roots(p, &mut roots);
                }
            }
            Builtin::Str { args, .. } => {
                for a in args {
                    match a {
                        faultline_ir::StrOperand::Int(e) => roots.push(e),
                        faultline_ir::StrOperand::Str(StrArg::Array(p)) => {
                            place_roots(p, &mut roots)
                        }
                        faultline_ir::StrOperand::Str(StrArg::Literal(_)) => {}
                        faultline_ir::StrOperand::Str(StrArg::Ptr(e)) => roots.push(e),
                    }
                }
            }
            Builtin::Fgets { buf, size, .. } => {
                place_roots(buf, &mut roots);
                roots.extend(size.iter());
            }
            Builtin::Sprintf {
                buf, size, args, ..
            } => {
                place_roots(buf, &mut roots);
                roots.extend(size.iter());
                for a in args {
                    match a {
                        PrintArg::Int(e) => roots.push(e),
                        PrintArg::Str(StrArg::Array(p)) => place_roots(p, &mut roots),
                        PrintArg::Str(StrArg::Literal(_)) => {}
                        PrintArg::Str(StrArg::Ptr(e)) => roots.push(e),
                    }
                }
            }
            Builtin::Strtol { arg, end, base, .. } => {
                match arg {
                    StrArg::Array(p) => place_roots(p, &mut roots),
                    StrArg::Ptr(e) => roots.push(e),
                    StrArg::Literal(_) => {}
                }
                if let Some(p) = end {
                    place_roots(p, &mut roots);
                }
                roots.push(base);
            }
            Builtin::Sscanf { src, targets, .. } => {
                match src {
                    StrArg::Array(p) => place_roots(p, &mut roots),
                    StrArg::Ptr(e) => roots.push(e),
                    StrArg::Literal(_) => {}
                }
                for p in targets {
                    place_roots(p, &mut roots);
                }
            }
            Builtin::Lib { args, .. } => roots.extend(args.iter()),
            _ => {}
        },
        _ => {}
    }
    let mut max = 0;
    let mut stack: Vec<(&Expr, usize)> = roots.into_iter().map(|e| (e, 1)).collect();
    while let Some((e, d)) = stack.pop() {
        max = max.max(d);
        match &e.kind {
            ExprKind::Const(_) => {}
            ExprKind::Load(p) | ExprKind::AddrOf(p) => {
                stack.extend(p.indices.iter().map(|i| (i, d + 1)))
            }
            ExprKind::Unary(_, a) | ExprKind::Cast(a) => stack.push((a, d + 1)),
            ExprKind::Binary(_, a, b) | ExprKind::Logical(_, a, b) => {
                stack.push((a, d + 1));
                stack.push((b, d + 1));
            }
            ExprKind::Cond(c, a, b) => {
                stack.push((c, d + 1));
                stack.push((a, d + 1));
                stack.push((b, d + 1));
            }
        }
    }
    max
}

/// Cells all globals together may occupy (16 bytes each).
const MAX_GLOBAL_CELLS: usize = 1 << 24;

/// Where a variable lives and how to index it.
#[derive(Clone, Debug)]
pub(crate) struct VarLayout {
    /// First cell in the frame (locals) or in the globals arena.
    pub offset: usize,
    /// Cells occupied (1 for a scalar or an array reference).
    pub size: usize,
    /// The scalar type at the bottom of the array nesting.
    pub kind: IntKind,
    /// Dimensions, outermost first; for an array reference the first is taken from the reference.
    pub dims: Box<[u64]>,
    /// Cells per step of each dimension.
    pub strides: Box<[u64]>,
    /// An array parameter or a pointer: the cell holds an encoded pointer (see `exec::Pointer`)
    /// and indices read through it.
    pub is_ref: bool,
    /// A pointer variable (`T *p`): like an array parameter, except that the place without
    /// indices is the variable's own cell (of kind `Ptr`), not the array it refers to.
    pub is_ptr: bool,
    /// The type is not one the interpreter can store (void, or a future non-integer type).
    pub unsupported: bool,
    /// A pointer to a struct: how a place through it reaches the pointee's leaves.
    pub strukt: Option<std::sync::Arc<StructLayout>>,
}

/// The scalarized layout of a struct a pointer points to (see `faultline_ir::Type::Ptr`): an
/// object of `n` such structs is its leaves one after another, leaf `j` holding the `n`
/// elements' values of that member, `cells` each; a struct pointer points into the first leaf.
#[derive(Debug)]
pub(crate) struct StructLayout {
    /// The struct's id (two struct types never share one heap block).
    pub id: u32,
    /// `struct node`, for messages.
    pub name: String,
    /// `sizeof`: a heap block holds a whole number of them.
    pub size: u64,
    /// Cells of one element, all leaves together.
    pub cells: u64,
    pub leaves: Box<[LeafLayout]>,
    /// The structs nested in it: (first leaf, struct id), `Type::nested_structs`.
    pub nested: Box<[(usize, u32)]>,
}

#[derive(Debug)]
pub(crate) struct LeafLayout {
    /// Cells per element of the leaves before this one.
    pub before: u64,
    /// Cells per element of this leaf.
    pub cells: u64,
    pub kind: IntKind,
    pub dims: Box<[u64]>,
    pub strides: Box<[u64]>,
}

impl StructLayout {
    /// Where struct `inner` lies nested in an array of `n` of these, for a pointer at cell
    /// `off` of it: the leaf the pointer points into, when a member of type `inner` starts
    /// there (`faultline_ir::Type::nested_structs`, as the formula's `symex::heap` asks).
    pub(crate) fn nested_at(&self, n: u64, off: i64, inner: &StructLayout) -> Option<usize> {
        let off = u64::try_from(off).ok()?;
        let at = self.leaves.iter().rposition(|l| n * l.before <= off)?;
        self.nested.contains(&(at, inner.id)).then_some(at)
    }

    fn new(ty: &Type) -> Option<StructLayout> {
        let Type::Struct(d) = ty else { return None };
        let mut leaves = Vec::new();
        let mut before = 0u64;
        for (_, lt) in ty.leaves() {
            let mut dims = Vec::new();
            let mut t = &lt;
            let kind = loop {
                match t {
                    Type::Int(k) => break *k,
                    Type::Ptr(_) => break IntKind::Ptr,
                    Type::Array(e, n) => {
                        dims.push(*n);
                        t = e;
                    }
                    _ => return None,
                }
            };
            let mut strides = vec![0u64; dims.len()];
            let mut acc: u64 = 1;
            for (i, n) in dims.iter().enumerate().rev() {
                strides[i] = acc;
                acc = acc.saturating_mul(*n);
            }
            leaves.push(LeafLayout {
                before,
                cells: acc,
                kind,
                dims: dims.into(),
                strides: strides.into(),
            });
            before = before.saturating_add(acc);
        }
        if leaves.is_empty() || before == 0 {
            return None;
        }
        Some(StructLayout {
            id: d.id,
            name: d.c_name(),
            size: ty.size_of()?,
            cells: before,
            leaves: leaves.into(),
            nested: ty.nested_structs().into(),
        })
    }
}

impl VarLayout {
    fn new(ty: &Type, offset: usize) -> VarLayout {
        let mut dims = Vec::new();
        let mut is_ref = false;
        let is_ptr = matches!(ty, Type::Ptr(_) | Type::ArrayRef(_));
        let mut strukt = None;
        let mut t = ty;
        let kind = loop {
            match t {
                Type::Int(k) => break Some(*k),
                // A struct pointer: element index, leaf number, the leaf's indices.
                Type::Struct(_) if is_ptr && is_ref && dims.len() == 1 => {
                    strukt = StructLayout::new(t).map(std::sync::Arc::new);
                    break strukt.as_ref().map(|s| s.leaves[0].kind);
                }
                // A pointer: the pointee is indexed like an array parameter's elements.
                Type::Ptr(e) if dims.is_empty() && !is_ref => {
                    is_ref = true;
                    dims.push(0);
                    t = e;
                }
                // A pointer stored in a cell (the pointee of `int **`, an array of pointers).
                Type::Ptr(_) => break Some(IntKind::Ptr),
                // `void *`: its own cell holds the pointer; the lowerer never reads through
                // it, so any cell kind serves (without one the variable would get no cell).
                Type::Void if is_ptr && is_ref && dims.len() == 1 => break Some(IntKind::UChar),
                Type::Array(e, n) => {
                    dims.push(*n);
                    t = e;
                }
                Type::ArrayRef(e) => {
                    // Only the outermost level can be a reference (C's array parameter adjustment);
                    // `argv`-like `char *v[]` nests a second one, whose rows are sized at run time.
                    is_ref |= dims.is_empty();
                    dims.push(0);
                    t = e;
                }
                _ => break None,
            }
        };
        let mut strides = vec![0u64; dims.len()];
        let mut acc: u64 = 1;
        for (i, d) in dims.iter().enumerate().rev() {
            strides[i] = acc;
            acc = acc.saturating_mul(*d);
        }
        let size = if is_ref {
            1
        } else {
            acc.min(usize::MAX as u64 / 2) as usize
        };
        if let Some(s) = &strukt {
            // `p + 1` steps over one element of the first leaf.
            strides[0] = s.leaves[0].cells;
        }
        VarLayout {
            strukt,
            offset,
            size: if kind.is_some() { size } else { 0 },
            kind: kind.unwrap_or(IntKind::Int),
            dims: dims.into(),
            strides: strides.into(),
            is_ref,
            is_ptr,
            unsupported: kind.is_none(),
        }
    }
}

/// One instruction of a flattened function body.
#[derive(Debug)]
pub(crate) enum Op<'p> {
    /// A statement without control flow: `Decl`, `Assign`, `Builtin`, `Assert`, `Assume`, `Exit`.
    Simple(&'p Stmt),
    Call {
        stmt: &'p Stmt,
        dest: Option<LocalId>,
        func: FuncId,
        args: &'p [Arg],
    },
    Return {
        stmt: &'p Stmt,
        value: Option<&'p Expr>,
    },
    /// `If`: fall into the then-branch, or jump to `else_pc`.
    Branch {
        stmt: &'p Stmt,
        cond: &'p Expr,
        else_pc: u32,
    },
    Switch {
        stmt: &'p Stmt,
        scrutinee: &'p Expr,
        table: Box<SwitchTable>,
    },
    /// Entering a `Loop` statement (counted once per entry).
    LoopEntry(&'p Stmt),
    /// The jump from the end of a loop's latch back to its body: one step per iteration, so that
    /// even a loop with an empty body hits the step limit.
    BackEdge { loop_stmt: &'p Stmt, target: u32 },
    /// `Break` / `Continue`.
    Goto { stmt: &'p Stmt, target: u32 },
    /// A jump the flattening introduced (end of a then-branch).
    Jump(u32),
    /// The end of the function body.
    FallOff,
    /// A statement that cannot run (`break` outside a loop…): reported when reached.
    Invalid { message: &'static str, span: Span },
}

#[derive(Debug)]
pub(crate) struct SwitchTable {
    /// `(case value, arm index)` in arm order.
    pub cases: Vec<(i128, u32)>,
    pub default: Option<u32>,
    /// First instruction of each arm.
    pub arm_pcs: Vec<u32>,
    /// After the last arm.
    pub end: u32,
}

pub(crate) struct FuncCode<'p> {
    pub func: &'p Function,
    /// The function's index in the program (its `FuncId`).
    pub index: usize,
    pub ops: Vec<Op<'p>>,
    pub vars: Vec<VarLayout>,
    pub frame_size: usize,
    /// The scalar return type, `None` for `void`.
    pub ret: Option<IntKind>,
}

/// A program prepared for repeated runs. Build once with [`Prepared::new`], then call
/// [`crate::run_prepared`] per test case.
pub struct Prepared<'p> {
    pub(crate) program: &'p Program,
    pub(crate) funcs: Vec<FuncCode<'p>>,
    pub(crate) globals: Vec<VarLayout>,
    pub(crate) global_init: Vec<i128>,
    /// The cells of string literals' objects (`start..end` in the globals arena, ascending):
    /// read-only.
    pub(crate) literal_cells: Vec<(usize, usize)>,
}

impl Prepared<'_> {
    /// Whether cell `at` of the globals arena belongs to a string literal.
    #[inline]
    pub(crate) fn is_literal_cell(&self, at: usize) -> bool {
        !self.literal_cells.is_empty()
            && self
                .literal_cells
                .binary_search_by(|&(s, e)| {
                    if at < s {
                        std::cmp::Ordering::Greater
                    } else if at >= e {
                        std::cmp::Ordering::Less
                    } else {
                        std::cmp::Ordering::Equal
                    }
                })
                .is_ok()
    }
}

impl<'p> Prepared<'p> {
    pub fn new(program: &'p Program) -> Self {
        let funcs = program
            .functions
            .iter()
            .enumerate()
            .map(|(i, f)| compile_function(i, f))
            .collect();
        let mut globals = Vec::with_capacity(program.globals.len());
        let mut global_init = Vec::new();
        let mut literal_cells = Vec::new();
        for g in &program.globals {
            let mut layout = VarLayout::new(&g.ty, global_init.len());
            if layout.size > MAX_GLOBAL_CELLS.saturating_sub(global_init.len()) {
                // Not allocatable here: any access reports an invalid program instead of the
                // interpreter running out of memory.
                layout.unsupported = true;
                layout.size = 0;
            }
            // The lowerer folds exactly `scalar_count` initial values; be lenient if it does not.
            let start = global_init.len();
            global_init.extend(
                g.init
                    .iter()
                    .take(layout.size)
                    .map(|&v| layout.kind.wrap(v)),
            );
            global_init.resize(start + layout.size, 0);
            if g.is_string_literal() && layout.size > 0 {
                literal_cells.push((start, start + layout.size));
            }
            globals.push(layout);
        }
        Prepared {
            program,
            funcs,
            globals,
            global_init,
            literal_cells,
        }
    }

    pub fn program(&self) -> &'p Program {
        self.program
    }
}

fn compile_function(index: usize, func: &Function) -> FuncCode<'_> {
    let mut vars = Vec::with_capacity(func.locals.len());
    let mut frame_size = 0usize;
    for l in &func.locals {
        let v = VarLayout::new(&l.ty, frame_size);
        frame_size = frame_size.saturating_add(v.size);
        vars.push(v);
    }
    let mut c = Compiler {
        ops: Vec::new(),
        ctx: Vec::new(),
    };
    c.block(&func.body);
    c.ops.push(Op::FallOff);
    FuncCode {
        func,
        index,
        ops: c.ops,
        vars,
        frame_size,
        ret: func.ret.as_int(),
    }
}

/// An enclosing construct that `break`/`continue` refer to, with the jumps waiting for its end.
enum Ctx {
    Loop {
        breaks: Vec<usize>,
        continues: Vec<usize>,
    },
    Switch {
        breaks: Vec<usize>,
    },
}

struct Compiler<'p> {
    ops: Vec<Op<'p>>,
    ctx: Vec<Ctx>,
}

impl<'p> Compiler<'p> {
    fn pc(&self) -> u32 {
        self.ops.len() as u32
    }

    fn block(&mut self, block: &'p [Stmt]) {
        for s in block {
            self.stmt(s);
        }
    }

    fn patch(&mut self, at: &[usize], target: u32) {
        for &i in at {
            match &mut self.ops[i] {
                Op::Goto { target: t, .. } | Op::Jump(t) => *t = target,
                Op::Branch { else_pc, .. } => *else_pc = target,
                _ => {}
            }
        }
    }

    fn stmt(&mut self, s: &'p Stmt) {
        // Expressions are evaluated recursively; refuse absurd nesting instead of risking the
        // host stack (a C expression nested this deeply does not occur in practice).
        if own_expr_depth(s) > MAX_EXPR_DEPTH {
            self.ops.push(Op::Invalid {
                message: "expression nested too deeply",
                span: s.span,
            });
            return;
        }
        match &s.kind {
            StmtKind::Decl(_)
            | StmtKind::Assign { .. }
            | StmtKind::Builtin(_)
            | StmtKind::Assert(_)
            | StmtKind::Assume(_)
            | StmtKind::Exit(_) => self.ops.push(Op::Simple(s)),
            StmtKind::Call { dest, func, args } => self.ops.push(Op::Call {
                stmt: s,
                dest: *dest,
                func: *func,
                args,
            }),
            StmtKind::Return(value) => self.ops.push(Op::Return {
                stmt: s,
                value: value.as_ref(),
            }),
            StmtKind::If { cond, then_, else_ } => {
                let branch = self.ops.len();
                self.ops.push(Op::Branch {
                    stmt: s,
                    cond,
                    else_pc: 0,
                });
                self.block(then_);
                if else_.is_empty() {
                    let end = self.pc();
                    self.patch(&[branch], end);
                } else {
                    let jump = self.ops.len();
                    self.ops.push(Op::Jump(0));
                    let else_start = self.pc();
                    self.patch(&[branch], else_start);
                    self.block(else_);
                    let end = self.pc();
                    self.patch(&[jump], end);
                }
            }
            StmtKind::Loop { body, latch } => {
                self.ops.push(Op::LoopEntry(s));
                let start = self.pc();
                self.ctx.push(Ctx::Loop {
                    breaks: Vec::new(),
                    continues: Vec::new(),
                });
                self.block(body);
                let latch_start = self.pc();
                // `continue` inside the latch itself (it cannot be written in C) would loop
                // forever on the step limit rather than misbehave.
                self.block(latch);
                self.ops.push(Op::BackEdge {
                    loop_stmt: s,
                    target: start,
                });
                let end = self.pc();
                if let Some(Ctx::Loop { breaks, continues }) = self.ctx.pop() {
                    self.patch(&breaks, end);
                    self.patch(&continues, latch_start);
                }
            }
            StmtKind::Switch { scrutinee, arms } => {
                let at = self.ops.len();
                self.ops.push(Op::Switch {
                    stmt: s,
                    scrutinee,
                    table: Box::new(SwitchTable {
                        cases: Vec::new(),
                        default: None,
                        arm_pcs: Vec::new(),
                        end: 0,
                    }),
                });
                self.ctx.push(Ctx::Switch { breaks: Vec::new() });
                let mut cases = Vec::new();
                let mut default = None;
                let mut arm_pcs = Vec::with_capacity(arms.len());
                for (i, arm) in arms.iter().enumerate() {
                    arm_pcs.push(self.pc());
                    cases.extend(arm.values.iter().map(|&v| (v, i as u32)));
                    if arm.is_default && default.is_none() {
                        default = Some(i as u32);
                    }
                    self.block(&arm.body);
                }
                let end = self.pc();
                if let Some(Ctx::Switch { breaks }) = self.ctx.pop() {
                    self.patch(&breaks, end);
                }
                if let Op::Switch { table, .. } = &mut self.ops[at] {
                    **table = SwitchTable {
                        cases,
                        default,
                        arm_pcs,
                        end,
                    };
                }
            }
            StmtKind::Break => {
                let at = self.ops.len();
                match self.ctx.last_mut() {
                    Some(Ctx::Loop { breaks, .. } | Ctx::Switch { breaks }) => {
                        breaks.push(at);
                        self.ops.push(Op::Goto { stmt: s, target: 0 });
                    }
                    None => self.ops.push(Op::Invalid {
                        message: "`break` outside a loop or switch",
                        span: s.span,
                    }),
                }
            }
            StmtKind::Continue => {
                let at = self.ops.len();
                let lp = self.ctx.iter_mut().rev().find_map(|c| match c {
                    Ctx::Loop { continues, .. } => Some(continues),
                    Ctx::Switch { .. } => None,
                });
                match lp {
                    Some(continues) => {
                        continues.push(at);
                        self.ops.push(Op::Goto { stmt: s, target: 0 });
                    }
                    None => self.ops.push(Op::Invalid {
                        message: "`continue` outside a loop",
                        span: s.span,
                    }),
                }
            }
        }
    }
}
