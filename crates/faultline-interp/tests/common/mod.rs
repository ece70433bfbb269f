//! A small builder for hand-written IR: fresh ids and distinct spans for every node, so tests can
//! check which node a failure points at.
#![allow(dead_code)]

use faultline_interp::{Entry, Input, Outcome, Run, RunOptions};
use faultline_ir::format::parse_format;
use faultline_ir::*;

pub use faultline_ir::IntKind::{self, *};

#[derive(Default)]
pub struct B {
    next_stmt: u32,
    next_expr: u32,
    pos: u32,
    pub functions: Vec<Function>,
    pub globals: Vec<Global>,
}

/// A function under construction: its locals.
pub struct F {
    pub name: String,
    pub params: Vec<LocalId>,
    pub ret: Type,
    pub locals: Vec<LocalDecl>,
}

impl F {
    pub fn new(name: &str, ret: Type) -> F {
        F {
            name: name.into(),
            params: vec![],
            ret,
            locals: vec![],
        }
    }

    pub fn local(&mut self, name: &str, ty: Type) -> LocalId {
        self.locals.push(LocalDecl {
            name: name.into(),
            ty,
            kind: LocalKind::User,
            span: Span::new(FileId(0), 0, 0),
        });
        LocalId(self.locals.len() as u32 - 1)
    }

    pub fn param(&mut self, name: &str, ty: Type) -> LocalId {
        let l = self.local(name, ty);
        self.locals[l.index()].kind = LocalKind::Param;
        self.params.push(l);
        l
    }
}

pub fn int() -> Type {
    Type::Int(Int)
}

pub fn ty(k: IntKind) -> Type {
    Type::Int(k)
}

pub fn arr(elem: Type, n: u64) -> Type {
    Type::Array(Box::new(elem), n)
}

pub fn aref(elem: Type) -> Type {
    Type::ArrayRef(Box::new(elem))
}

impl B {
    pub fn new() -> B {
        B::default()
    }

    pub fn span(&mut self) -> Span {
        self.pos += 10;
        Span::new(FileId(0), self.pos, self.pos + 5)
    }

    // ------------------------------------------------------------ expressions

    pub fn e(&mut self, kind: ExprKind, ty: IntKind) -> Expr {
        let id = ExprId(self.next_expr);
        self.next_expr += 1;
        Expr {
            id,
            kind,
            ty,
            span: self.span(),
        }
    }

    pub fn c(&mut self, v: i128, k: IntKind) -> Expr {
        self.e(ExprKind::Const(v), k)
    }

    pub fn i(&mut self, v: i128) -> Expr {
        self.c(v, Int)
    }

    pub fn l(&mut self, v: i128) -> Expr {
        self.c(v, Long)
    }

    pub fn place(&mut self, base: VarRef, indices: Vec<Expr>) -> Place {
        Place {
            base,
            indices,
            span: self.span(),
        }
    }

    pub fn pl(&mut self, l: LocalId) -> Place {
        self.place(VarRef::Local(l), vec![])
    }

    pub fn load_place(&mut self, p: Place, k: IntKind) -> Expr {
        self.e(ExprKind::Load(p), k)
    }

    /// Load a scalar local of type `k`.
    pub fn v(&mut self, l: LocalId, k: IntKind) -> Expr {
        let p = self.pl(l);
        self.load_place(p, k)
    }

    /// Load `base[i...]` of scalar type `k`, indices converted to long.
    pub fn at(&mut self, base: VarRef, idx: Vec<Expr>, k: IntKind) -> Expr {
        let idx = idx.into_iter().map(|e| self.as_long(e)).collect();
        let p = self.place(base, idx);
        self.load_place(p, k)
    }

    pub fn as_long(&mut self, e: Expr) -> Expr {
        if e.ty == Long {
            e
        } else {
            self.cast(e, Long)
        }
    }

    pub fn idx_place(&mut self, base: VarRef, idx: Vec<Expr>) -> Place {
        let idx = idx.into_iter().map(|e| self.as_long(e)).collect();
        self.place(base, idx)
    }

    pub fn cast(&mut self, e: Expr, k: IntKind) -> Expr {
        self.e(ExprKind::Cast(Box::new(e)), k)
    }

    pub fn bin(&mut self, op: BinOp, a: Expr, b: Expr) -> Expr {
        let k = if op.is_comparison() { Int } else { a.ty };
        self.e(ExprKind::Binary(op, Box::new(a), Box::new(b)), k)
    }

    pub fn un(&mut self, op: UnOp, a: Expr) -> Expr {
        let k = if op == UnOp::Not { Int } else { a.ty };
        self.e(ExprKind::Unary(op, Box::new(a)), k)
    }

    pub fn logic(&mut self, op: LogicOp, a: Expr, b: Expr) -> Expr {
        self.e(ExprKind::Logical(op, Box::new(a), Box::new(b)), Int)
    }

    pub fn cond(&mut self, c: Expr, a: Expr, b: Expr) -> Expr {
        let k = a.ty;
        self.e(ExprKind::Cond(Box::new(c), Box::new(a), Box::new(b)), k)
    }

    // ------------------------------------------------------------ statements

    pub fn s(&mut self, kind: StmtKind) -> Stmt {
        let id = StmtId(self.next_stmt);
        self.next_stmt += 1;
        Stmt {
            id,
            kind,
            span: self.span(),
            component: None,
        }
    }

    pub fn set(&mut self, l: LocalId, value: Expr) -> Stmt {
        let place = self.pl(l);
        self.s(StmtKind::Assign { place, value })
    }

    pub fn set_at(&mut self, base: VarRef, idx: Vec<Expr>, value: Expr) -> Stmt {
        let place = self.idx_place(base, idx);
        self.s(StmtKind::Assign { place, value })
    }

    pub fn if_(&mut self, cond: Expr, then_: Vec<Stmt>, else_: Vec<Stmt>) -> Stmt {
        self.s(StmtKind::If { cond, then_, else_ })
    }

    pub fn loop_(&mut self, body: Vec<Stmt>, latch: Vec<Stmt>) -> Stmt {
        self.s(StmtKind::Loop { body, latch })
    }

    /// `while (cond) body` as the lowerer writes it: `loop { if (!cond) break; body }`.
    pub fn while_(&mut self, cond: Expr, mut body: Vec<Stmt>, latch: Vec<Stmt>) -> Stmt {
        let not = self.un(UnOp::Not, cond);
        let brk = self.brk();
        let test = self.if_(not, vec![brk], vec![]);
        body.insert(0, test);
        self.loop_(body, latch)
    }

    pub fn brk(&mut self) -> Stmt {
        self.s(StmtKind::Break)
    }

    pub fn cont(&mut self) -> Stmt {
        self.s(StmtKind::Continue)
    }

    pub fn ret(&mut self, e: Option<Expr>) -> Stmt {
        self.s(StmtKind::Return(e))
    }

    pub fn assert_(&mut self, e: Expr) -> Stmt {
        self.s(StmtKind::Assert(e))
    }

    pub fn call(&mut self, dest: Option<LocalId>, func: FuncId, args: Vec<Arg>) -> Stmt {
        self.s(StmtKind::Call { dest, func, args })
    }

    pub fn printf(&mut self, fmt: &str, args: Vec<PrintArg>) -> Stmt {
        let format = parse_format(fmt).expect("valid format");
        self.s(StmtKind::Builtin(Builtin::Printf {
            stream: Stream::Stdout,
            format,
            args,
            undefined: None,
        }))
    }

    pub fn print_int(&mut self, e: Expr) -> Stmt {
        self.printf("%d\n", vec![PrintArg::Int(e)])
    }

    pub fn switch(&mut self, scrutinee: Expr, arms: Vec<(Vec<i128>, bool, Vec<Stmt>)>) -> Stmt {
        let arms = arms
            .into_iter()
            .map(|(values, is_default, body)| SwitchArm {
                values,
                is_default,
                body,
                span: self.span(),
            })
            .collect();
        self.s(StmtKind::Switch { scrutinee, arms })
    }

    // ------------------------------------------------------------ program

    /// Add a function; returns its id.
    pub fn func(&mut self, f: F, body: Vec<Stmt>) -> FuncId {
        let span = self.span();
        self.functions.push(Function {
            name: f.name,
            params: f.params,
            ret: f.ret,
            locals: f.locals,
            body,
            span,
            name_span: span,
        });
        FuncId(self.functions.len() as u32 - 1)
    }

    /// Reserve a function id for a function defined later (recursion): define it with `define`.
    pub fn declare(&mut self, name: &str, ret: Type) -> FuncId {
        self.func(F::new(name, ret), vec![])
    }

    pub fn define(&mut self, id: FuncId, f: F, body: Vec<Stmt>) {
        let func = &mut self.functions[id.index()];
        func.params = f.params;
        func.locals = f.locals;
        func.ret = f.ret;
        func.body = body;
    }

    pub fn global(&mut self, name: &str, ty: Type, init: Vec<i128>) -> GlobalId {
        let n = ty.scalar_count() as usize;
        let mut init = init;
        init.resize(n, 0);
        let span = self.span();
        self.globals.push(Global {
            name: name.into(),
            ty,
            init,
            span,
        });
        GlobalId(self.globals.len() as u32 - 1)
    }

    pub fn program(&self, main: Option<FuncId>) -> Program {
        let mut files = SourceFiles::new();
        files.add(SourceFile::new("t.c", " ".repeat(self.pos as usize + 10)));
        Program {
            files,
            globals: self.globals.clone(),
            functions: self.functions.clone(),
            main,
            tests: vec![],
            stmt_count: self.next_stmt,
            expr_count: self.next_expr,
            fn_pointers: Default::default(),
            bound_checks: Vec::new(),
            options: Default::default(),
        }
    }

    /// Build `int main(void) { body }` and run it.
    pub fn run_main(&mut self, f: F, body: Vec<Stmt>) -> Run {
        let m = self.func(f, body);
        let p = self.program(Some(m));
        faultline_interp::run(&p, Entry::Main, &Input::default(), &RunOptions::default())
    }
}

pub fn main_f() -> F {
    F::new("main", int())
}

pub fn stdout(r: &Run) -> String {
    String::from_utf8_lossy(&r.stdout).into_owned()
}

pub fn rt_error(r: &Run) -> (faultline_interp::RuntimeErrorKind, Span) {
    match &r.outcome {
        Outcome::RuntimeError { kind, span } => (kind.clone(), *span),
        o => panic!(
            "expected a runtime error, got {o:?} (stdout {:?})",
            stdout(r)
        ),
    }
}

pub fn run_with(p: &Program, entry: Entry, input: &Input, opts: &RunOptions) -> Run {
    faultline_interp::run(p, entry, input, opts)
}
