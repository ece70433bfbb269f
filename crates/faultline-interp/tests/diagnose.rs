//! What the diagnoser relies on: traces with dynamic instances, coverage counts, and statement and
//! expression overrides.

mod common;

use common::*;
use faultline_interp::{Entry, Input, Outcome, Overrides, RunOptions, RuntimeErrorKind};
use faultline_ir::{Arg, BinOp, Program, StmtId};

struct Prog {
    p: Program,
    /// s = s + i (in the loop)
    acc: StmtId,
    /// the loop condition `if (!(i < 3)) break`
    test: StmtId,
    /// t = sq(s)
    call: StmtId,
    /// return x * x in sq
    sq_ret: StmtId,
    /// assert(t == 9)
    check: StmtId,
    /// i + 1 in the latch
    inc_expr: faultline_ir::ExprId,
}

/// int sq(int x) { return x * x; }
/// main: s = 0; for (i = 0; i < 3; i++) s = s + i; t = sq(s); assert(t == 9); return t / (s - 3);
fn program() -> Prog {
    let mut b = B::new();
    let mut f = F::new("sq", int());
    let x = f.param("x", int());
    let lx = b.v(x, Int);
    let lx2 = b.v(x, Int);
    let mul = b.bin(BinOp::Mul, lx, lx2);
    let ret = b.ret(Some(mul));
    let sq_ret = ret.id;
    let sq = b.func(f, vec![ret]);

    let mut m = main_f();
    let s = m.local("s", int());
    let i = m.local("i", int());
    let t = m.local("t", int());
    let z = b.i(0);
    let s0 = b.set(s, z);
    let z = b.i(0);
    let i0 = b.set(i, z);
    let li = b.v(i, Int);
    let three = b.i(3);
    let cond = b.bin(BinOp::Lt, li, three);
    let ls = b.v(s, Int);
    let li = b.v(i, Int);
    let add = b.bin(BinOp::Add, ls, li);
    let acc = b.set(s, add);
    let acc_id = acc.id;
    let li = b.v(i, Int);
    let one = b.i(1);
    let inc = b.bin(BinOp::Add, li, one);
    let inc_expr = inc.id;
    let inc = b.set(i, inc);
    let lp = b.while_(cond, vec![acc], vec![inc]);
    let test = match &lp.kind {
        faultline_ir::StmtKind::Loop { body, .. } => body[0].id,
        _ => unreachable!(),
    };
    let ls = b.v(s, Int);
    let call = b.call(Some(t), sq, vec![Arg::Value(ls)]);
    let call_id = call.id;
    let lt = b.v(t, Int);
    let nine = b.i(9);
    let eq = b.bin(BinOp::Eq, lt, nine);
    let check = b.assert_(eq);
    let check_id = check.id;
    let lt = b.v(t, Int);
    let ls = b.v(s, Int);
    let three = b.i(3);
    let d = b.bin(BinOp::Sub, ls, three);
    let div = b.bin(BinOp::Div, lt, d);
    let ret = b.ret(Some(div));
    let main = b.func(m, vec![s0, i0, lp, call, check, ret]);
    Prog {
        p: b.program(Some(main)),
        acc: acc_id,
        test,
        call: call_id,
        sq_ret,
        check: check_id,
        inc_expr,
    }
}

fn go(p: &Program, ovr: Option<&Overrides>) -> faultline_interp::Run {
    let opts = RunOptions {
        record_trace: true,
        record_coverage: true,
        overrides: ovr,
        ..RunOptions::default()
    };
    faultline_interp::run(p, Entry::Main, &Input::default(), &opts)
}

#[test]
fn trace_instances_and_values() {
    let pr = program();
    let r = go(&pr.p, None);
    // s = 0+1+2 = 3, t = 9, assert holds, then 9 / 0
    assert_eq!(rt_error(&r).0, RuntimeErrorKind::DivisionByZero);
    let tr = r.trace.unwrap();
    let acc: Vec<_> = tr
        .of(pr.acc)
        .map(|e| (e.instance, e.values.clone()))
        .collect();
    assert_eq!(acc, vec![(0, vec![0]), (1, vec![1]), (2, vec![3])]);
    let test: Vec<_> = tr.of(pr.test).map(|e| e.values[0]).collect();
    assert_eq!(test, vec![0, 0, 0, 1]);
    let call: Vec<_> = tr.of(pr.call).map(|e| e.values.clone()).collect();
    assert_eq!(call, vec![vec![9]]);
    // the callee's return comes before the call's event
    let pos = |id| tr.events.iter().position(|e| e.stmt == id).unwrap();
    assert!(pos(pr.sq_ret) < pos(pr.call));
    assert_eq!(tr.of(pr.check).next().unwrap().values, vec![1]);

    let cov = r.coverage.unwrap();
    assert_eq!(cov.count(pr.acc), 3);
    assert_eq!(cov.count(pr.test), 4);
    assert_eq!(cov.count(pr.call), 1);
    assert!(cov.covered().any(|s| s == pr.sq_ret));
}

#[test]
fn recording_is_off_by_default() {
    let pr = program();
    let r = faultline_interp::run(
        &pr.p,
        Entry::Main,
        &Input::default(),
        &RunOptions::default(),
    );
    assert!(r.trace.is_none() && r.coverage.is_none());
}

#[test]
fn statement_overrides_at_an_instance_change_the_outcome() {
    let pr = program();
    // s = s + i at instance 2 stores 4 instead of 3: sq(4) = 16, assert fails with sides
    let mut o = Overrides::new();
    o.set(pr.acc, 2, vec![4]);
    let r = go(&pr.p, Some(&o));
    match &r.outcome {
        Outcome::AssertFailed { comparison, .. } => {
            let c = comparison.unwrap();
            assert_eq!((c.left, c.right), (16, 9));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(r.outcome.message(), "assertion failed: left 16, right 9");
    // the trace records the overridden value
    let acc: Vec<_> = r.trace.unwrap().of(pr.acc).map(|e| e.values[0]).collect();
    assert_eq!(acc, vec![0, 1, 4]);

    // the call's result overridden: the callee still runs (its return is traced), t = 9 anyway
    // and then main's division: override the assert to hold and the return to a value
    let mut o = Overrides::new();
    o.set(pr.call, 0, vec![9]);
    let ret_id = StmtId(pr.check.0 + 1);
    o.set(ret_id, 0, vec![7]);
    let r = go(&pr.p, Some(&o));
    assert_eq!(r.outcome, Outcome::Exited { code: 7 });
    assert_eq!(r.trace.unwrap().of(pr.sq_ret).count(), 1);

    // the loop test forced to exit at its first instance: s = 0, t = 0, assert fails
    let mut o = Overrides::new();
    o.set(pr.test, 0, vec![1]);
    let r = go(&pr.p, Some(&o));
    assert!(matches!(r.outcome, Outcome::AssertFailed { .. }));
    assert_eq!(r.coverage.unwrap().count(pr.acc), 0);
    // an assert overridden to hold
    let mut o = Overrides::new();
    o.set(pr.acc, 2, vec![4]);
    o.set(pr.check, 0, vec![1]);
    let r = go(&pr.p, Some(&o));
    // 16 / (4 - 3)
    assert_eq!(r.outcome, Outcome::Exited { code: 16 });
    // the assert's override taken back: it computes as written again and fails
    assert_eq!(o.remove(pr.check, 0), Some(vec![1]));
    assert_eq!(o.remove(pr.check, 0), None);
    let r = go(&pr.p, Some(&o));
    assert_eq!(r.outcome.message(), "assertion failed: left 16, right 9");
}

#[test]
fn expression_overrides_count_evaluations() {
    let pr = program();
    // the 0th evaluation of `i + 1` yields 2: the loop runs for i = 0 and 2, s = 2, sq = 4
    let mut o = Overrides::new();
    o.set_expr(pr.inc_expr, 0, 2);
    let r = go(&pr.p, Some(&o));
    match r.outcome {
        Outcome::AssertFailed { comparison, .. } => {
            assert_eq!(comparison.unwrap().left, 4);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(r.coverage.unwrap().count(pr.acc), 2);
}

#[test]
fn override_removes_the_ub_of_the_replaced_value() {
    // return t / (s - 3) at instance 0 returns 5 without dividing
    let pr = program();
    let mut o = Overrides::new();
    o.set(StmtId(pr.check.0 + 1), 0, vec![5]);
    let r = go(&pr.p, Some(&o));
    assert_eq!(r.outcome, Outcome::Exited { code: 5 });
    // an override for an instance that never happens changes nothing
    let mut o = Overrides::new();
    o.set(pr.acc, 7, vec![100]);
    let r = go(&pr.p, Some(&o));
    assert_eq!(rt_error(&r).0, RuntimeErrorKind::DivisionByZero);
}

#[test]
fn prepared_program_runs_repeatedly_with_identical_results() {
    let pr = program();
    let prep = faultline_interp::Prepared::new(&pr.p);
    let opts = RunOptions::default();
    let first = faultline_interp::run_prepared(&prep, Entry::Main, &Input::default(), &opts);
    for _ in 0..100 {
        let r = faultline_interp::run_prepared(&prep, Entry::Main, &Input::default(), &opts);
        assert_eq!(r, first);
    }
}

#[test]
fn prepared_programs_and_runs_cross_threads() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<faultline_interp::Prepared<'static>>();
    send_sync::<faultline_interp::Run>();
    send_sync::<Overrides>();
}
