//! Arrays, array parameters, globals and (un)initialized storage.

mod common;

use common::*;
use faultline_interp::{Outcome, RuntimeErrorKind};
use faultline_ir::{Arg, BinOp, StmtKind, VarRef};

/// void fill(int a[], int n) { for (i = 0; i < n; i++) a[i] = i * i; }
fn fill_fn(b: &mut B) -> faultline_ir::FuncId {
    let mut f = F::new("fill", faultline_ir::Type::Void);
    let a = f.param("a", aref(int()));
    let n = f.param("n", int());
    let i = f.local("i", int());
    let z = b.i(0);
    let init = b.set(i, z);
    let li = b.v(i, Int);
    let ln = b.v(n, Int);
    let cond = b.bin(BinOp::Lt, li, ln);
    let li = b.v(i, Int);
    let li2 = b.v(i, Int);
    let sq = b.bin(BinOp::Mul, li, li2);
    let li = b.v(i, Int);
    let st = b.set_at(VarRef::Local(a), vec![li], sq);
    let li = b.v(i, Int);
    let one = b.i(1);
    let inc = b.bin(BinOp::Add, li, one);
    let inc = b.set(i, inc);
    let lp = b.while_(cond, vec![st], vec![inc]);
    b.func(f, vec![init, lp])
}

#[test]
fn array_parameter_writes_the_callers_array() {
    let mut b = B::new();
    let fill = fill_fn(&mut b);
    let mut m = main_f();
    let a = m.local("a", arr(int(), 5));
    let whole = b.place(VarRef::Local(a), vec![]);
    let five = b.i(5);
    let call = b.call(None, fill, vec![Arg::ArrayRef(whole), Arg::Value(five)]);
    let three = b.i(3);
    let a3 = b.at(VarRef::Local(a), vec![three], Int);
    let ret = b.ret(Some(a3));
    let r = b.run_main(m, vec![call, ret]);
    assert_eq!(r.outcome, Outcome::Exited { code: 9 });

    // n = 6 writes a[5]: out of bounds of the caller's object, reported at the place
    let mut b = B::new();
    let fill = fill_fn(&mut b);
    let mut m = main_f();
    let a = m.local("a", arr(int(), 5));
    let whole = b.place(VarRef::Local(a), vec![]);
    let six = b.i(6);
    let call = b.call(None, fill, vec![Arg::ArrayRef(whole), Arg::Value(six)]);
    let r = b.run_main(m, vec![call]);
    assert_eq!(
        rt_error(&r).0,
        RuntimeErrorKind::IndexOutOfBounds { index: 5, len: 5 }
    );
}

#[test]
fn two_dimensional_rows_and_bounds_per_dimension() {
    // int g[3][4] (global, zero-initialized); fill(g[1], 4); return g[1][3] + g[0][3]
    let mut b = B::new();
    let fill = fill_fn(&mut b);
    let g = b.global("g", arr(arr(int(), 4), 3), vec![0, 0, 0, 7]);
    let one = b.l(1);
    let row = b.place(VarRef::Global(g), vec![one]);
    let four = b.i(4);
    let call = b.call(None, fill, vec![Arg::ArrayRef(row), Arg::Value(four)]);
    let one = b.i(1);
    let three = b.i(3);
    let x = b.at(VarRef::Global(g), vec![one, three], Int);
    let zero = b.i(0);
    let three = b.i(3);
    let y = b.at(VarRef::Global(g), vec![zero, three], Int);
    let sum = b.bin(BinOp::Add, x, y);
    let ret = b.ret(Some(sum));
    let r = b.run_main(main_f(), vec![call, ret]);
    assert_eq!(r.outcome, Outcome::Exited { code: 16 });

    // g[0][4] is out of bounds even though the flattened cell exists
    let mut b = B::new();
    let g = b.global("g", arr(arr(int(), 4), 3), vec![]);
    let zero = b.i(0);
    let four = b.i(4);
    let x = b.at(VarRef::Global(g), vec![zero, four], Int);
    let ExprKindLoad(span) = load_span(&x);
    let ret = b.ret(Some(x));
    let r = b.run_main(main_f(), vec![ret]);
    assert_eq!(
        rt_error(&r),
        (
            RuntimeErrorKind::IndexOutOfBounds { index: 4, len: 4 },
            span
        )
    );
}

struct ExprKindLoad(faultline_ir::Span);

fn load_span(e: &faultline_ir::Expr) -> ExprKindLoad {
    match &e.kind {
        faultline_ir::ExprKind::Load(p) => ExprKindLoad(p.span),
        _ => panic!("not a load"),
    }
}

#[test]
fn uninitialized_reads_of_scalars_and_cells_and_after_decl() {
    // int x; return x;
    let mut b = B::new();
    let mut m = main_f();
    let x = m.local("x", int());
    let lx = b.v(x, Int);
    let span = lx.span;
    let ret = b.ret(Some(lx));
    let r = b.run_main(m, vec![ret]);
    assert_eq!(
        rt_error(&r),
        (
            RuntimeErrorKind::UninitializedRead { name: "x".into() },
            span
        )
    );

    // int a[3]; a[0] = 1; return a[0] + a[1];
    let mut b = B::new();
    let mut m = main_f();
    let a = m.local("a", arr(int(), 3));
    let zero = b.i(0);
    let one = b.i(1);
    let st = b.set_at(VarRef::Local(a), vec![zero], one);
    let zero = b.i(0);
    let a0 = b.at(VarRef::Local(a), vec![zero], Int);
    let one = b.i(1);
    let a1 = b.at(VarRef::Local(a), vec![one], Int);
    let sum = b.bin(BinOp::Add, a0, a1);
    let ret = b.ret(Some(sum));
    let r = b.run_main(m, vec![st, ret]);
    assert_eq!(
        rt_error(&r).0,
        RuntimeErrorKind::UninitializedRead { name: "a".into() }
    );

    // loop twice { int y; if (first) y = 1; else print(y) }: Decl makes y indeterminate again
    let mut b = B::new();
    let mut m = main_f();
    let k = m.local("k", int());
    let y = m.local("y", int());
    let z = b.i(0);
    let init = b.set(k, z);
    let decl = b.s(StmtKind::Decl(y));
    let lk = b.v(k, Int);
    let z = b.i(0);
    let first = b.bin(BinOp::Eq, lk, z);
    let one = b.i(1);
    let sety = b.set(y, one);
    let ly = b.v(y, Int);
    let pr = b.print_int(ly);
    let branch = b.if_(first, vec![sety], vec![pr]);
    let lk = b.v(k, Int);
    let one = b.i(1);
    let inc = b.bin(BinOp::Add, lk, one);
    let inc = b.set(k, inc);
    let lp = b.loop_(vec![decl, branch, inc], vec![]);
    let r = b.run_main(m, vec![init, lp]);
    assert_eq!(
        rt_error(&r).0,
        RuntimeErrorKind::UninitializedRead { name: "y".into() }
    );
}

#[test]
fn globals_are_zero_initialized_and_persist_across_calls() {
    // int counter; void bump(void) { counter = counter + 1; } main: bump(); bump(); return counter;
    let mut b = B::new();
    let g = b.global("counter", int(), vec![]);
    let lg = b.at(VarRef::Global(g), vec![], Int);
    let one = b.i(1);
    let add = b.bin(BinOp::Add, lg, one);
    let st = b.set_at(VarRef::Global(g), vec![], add);
    let bump = b.func(F::new("bump", faultline_ir::Type::Void), vec![st]);
    let c1 = b.call(None, bump, vec![]);
    let c2 = b.call(None, bump, vec![]);
    let lg = b.at(VarRef::Global(g), vec![], Int);
    let ret = b.ret(Some(lg));
    let r = b.run_main(main_f(), vec![c1, c2, ret]);
    assert_eq!(r.outcome, Outcome::Exited { code: 2 });
}

#[test]
fn negative_index_is_out_of_bounds() {
    let mut b = B::new();
    let mut m = main_f();
    let a = m.local("a", arr(int(), 2));
    let idx = b.i(-1);
    let v = b.i(1);
    let st = b.set_at(VarRef::Local(a), vec![idx], v);
    let r = b.run_main(m, vec![st]);
    assert_eq!(
        rt_error(&r).0,
        RuntimeErrorKind::IndexOutOfBounds { index: -1, len: 2 }
    );
}
