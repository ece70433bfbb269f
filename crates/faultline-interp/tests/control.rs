//! Structured control flow, calls, recursion and limits.

mod common;

use common::*;
use faultline_interp::{Entry, Input, Limits, Outcome, RunOptions, RuntimeErrorKind};
use faultline_ir::{Arg, BinOp, PrintArg, StmtKind, UnOp};

/// `for (i = 0; i < 10; i++) { if (i == 2) continue; if (i == 6) break; print(i) }`
#[test]
fn loop_with_break_continue_and_latch() {
    let mut b = B::new();
    let mut f = main_f();
    let i = f.local("i", int());
    let z = b.i(0);
    let init = b.set(i, z);
    let li = b.v(i, Int);
    let ten = b.i(10);
    let cond = b.bin(BinOp::Lt, li, ten);
    let li = b.v(i, Int);
    let two = b.i(2);
    let eq2 = b.bin(BinOp::Eq, li, two);
    let cont = b.cont();
    let if2 = b.if_(eq2, vec![cont], vec![]);
    let li = b.v(i, Int);
    let six = b.i(6);
    let eq6 = b.bin(BinOp::Eq, li, six);
    let brk = b.brk();
    let if6 = b.if_(eq6, vec![brk], vec![]);
    let li = b.v(i, Int);
    let pr = b.print_int(li);
    let li = b.v(i, Int);
    let one = b.i(1);
    let inc = b.bin(BinOp::Add, li, one);
    let step = b.set(i, inc);
    let lp = b.while_(cond, vec![if2, if6, pr], vec![step]);
    let li = b.v(i, Int);
    let ret = b.ret(Some(li));
    let r = b.run_main(f, vec![init, lp, ret]);
    assert_eq!(stdout(&r), "0\n1\n3\n4\n5\n");
    assert_eq!(r.outcome, Outcome::Exited { code: 6 });
}

/// switch (x) { case 1: print(1); case 2: print(2); break; default: print(9); case 3: print(3); }
fn switch_program(x: i128) -> String {
    let mut b = B::new();
    let p1 = b.i(1);
    let p1 = b.print_int(p1);
    let p2 = b.i(2);
    let p2 = b.print_int(p2);
    let brk = b.brk();
    let p9 = b.i(9);
    let p9 = b.print_int(p9);
    let p3 = b.i(3);
    let p3 = b.print_int(p3);
    let scr = b.i(x);
    let sw = b.switch(
        scr,
        vec![
            (vec![1], false, vec![p1]),
            (vec![2], false, vec![p2, brk]),
            (vec![], true, vec![p9]),
            (vec![3, 4], false, vec![p3]),
        ],
    );
    let end = b.i(0);
    let end = b.print_int(end);
    let r = b.run_main(main_f(), vec![sw, end]);
    assert_eq!(r.outcome, Outcome::Exited { code: 0 });
    stdout(&r)
}

#[test]
fn switch_falls_through_and_defaults() {
    assert_eq!(switch_program(1), "1\n2\n0\n");
    assert_eq!(switch_program(2), "2\n0\n");
    assert_eq!(switch_program(3), "3\n0\n");
    assert_eq!(switch_program(4), "3\n0\n");
    assert_eq!(switch_program(7), "9\n3\n0\n");
}

#[test]
fn switch_without_default_enters_nothing_and_continue_reaches_loop() {
    let mut b = B::new();
    let mut f = main_f();
    let n = f.local("n", int());
    let z = b.i(0);
    let init = b.set(n, z);
    // loop { n++; switch (n) { case 1: continue; case 3: break; } if (n >= 3) break; print(n) }
    let ln = b.v(n, Int);
    let one = b.i(1);
    let inc = b.bin(BinOp::Add, ln, one);
    let inc = b.set(n, inc);
    let cont = b.cont();
    let brk = b.brk();
    let scr = b.v(n, Int);
    let sw = b.switch(
        scr,
        vec![(vec![1], false, vec![cont]), (vec![3], false, vec![brk])],
    );
    let ln = b.v(n, Int);
    let three = b.i(3);
    let ge = b.bin(BinOp::Ge, ln, three);
    let brk = b.brk();
    let stop = b.if_(ge, vec![brk], vec![]);
    let ln = b.v(n, Int);
    let pr = b.print_int(ln);
    let lp = b.loop_(vec![inc, sw, stop, pr], vec![]);
    let ret = b.ret(None);
    let mut f2 = f;
    f2.ret = faultline_ir::Type::Void;
    let r = b.run_main(f2, vec![init, lp, ret]);
    assert_eq!(stdout(&r), "2\n");
    assert_eq!(r.outcome, Outcome::Exited { code: 0 });
}

/// int fact(int n) { if (n <= 1) return 1; t = fact(n - 1); return n * t; }
fn factorial(b: &mut B) -> faultline_ir::FuncId {
    let id = b.declare("fact", int());
    let mut f = F::new("fact", int());
    let n = f.param("n", int());
    let t = f.local("t", int());
    let ln = b.v(n, Int);
    let one = b.i(1);
    let le = b.bin(BinOp::Le, ln, one);
    let one = b.i(1);
    let r1 = b.ret(Some(one));
    let base = b.if_(le, vec![r1], vec![]);
    let ln = b.v(n, Int);
    let one = b.i(1);
    let arg = b.bin(BinOp::Sub, ln, one);
    let call = b.call(Some(t), id, vec![Arg::Value(arg)]);
    let ln = b.v(n, Int);
    let lt = b.v(t, Int);
    let mul = b.bin(BinOp::Mul, ln, lt);
    let ret = b.ret(Some(mul));
    b.define(id, f, vec![base, call, ret]);
    id
}

#[test]
fn recursion_factorial_and_overflow() {
    for (n, expect) in [(5, Ok(120)), (12, Ok(479001600)), (13, Err(()))] {
        let mut b = B::new();
        let fact = factorial(&mut b);
        let mut f = main_f();
        let r = f.local("r", int());
        let arg = b.i(n);
        let call = b.call(Some(r), fact, vec![Arg::Value(arg)]);
        let lr = b.v(r, Int);
        let pr = b.print_int(lr);
        let z = b.i(0);
        let ret = b.ret(Some(z));
        let run = b.run_main(f, vec![call, pr, ret]);
        match expect {
            Ok(v) => assert_eq!(stdout(&run), format!("{v}\n")),
            Err(()) => assert_eq!(
                rt_error(&run).0,
                RuntimeErrorKind::SignedOverflow {
                    op: faultline_interp::ArithOp::Mul
                }
            ),
        }
    }
}

/// int down(int n) { t = down(n + 1); return t; } — infinite recursion, on a small thread.
#[test]
fn recursion_too_deep_does_not_overflow_the_host_stack() {
    let handle = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let mut b = B::new();
            let id = b.declare("down", int());
            let mut f = F::new("down", int());
            let n = f.param("n", int());
            let t = f.local("t", int());
            let ln = b.v(n, Int);
            let one = b.i(1);
            let arg = b.bin(BinOp::Add, ln, one);
            let call = b.call(Some(t), id, vec![Arg::Value(arg)]);
            let call_span = call.span;
            let lt = b.v(t, Int);
            let ret = b.ret(Some(lt));
            b.define(id, f, vec![call, ret]);
            let mut m = main_f();
            let r = m.local("r", int());
            let z = b.i(0);
            let c = b.call(Some(r), id, vec![Arg::Value(z)]);
            let lr = b.v(r, Int);
            let ret = b.ret(Some(lr));
            let run = b.run_main(m, vec![c, ret]);
            assert_eq!(
                rt_error(&run),
                (
                    RuntimeErrorKind::RecursionTooDeep { limit: 10_000 },
                    call_span
                )
            );
        })
        .unwrap();
    handle.join().unwrap();
}

#[test]
fn step_limit_on_an_empty_infinite_loop_is_fast() {
    let mut b = B::new();
    let lp = b.loop_(vec![], vec![]);
    let span = lp.span;
    let r = b.run_main(main_f(), vec![lp]);
    assert_eq!(
        rt_error(&r),
        (RuntimeErrorKind::StepLimit { limit: 10_000_000 }, span)
    );
    assert_eq!(
        r.outcome.message(),
        "step limit of 10000000 exceeded (infinite loop?)"
    );
    // An empty loop counts one step per iteration, so it ends one step past the limit (by the
    // count, not by a clock: a timed assert fails on a loaded machine).
    assert_eq!(r.steps, 10_000_001);
}

#[test]
fn step_limit_on_a_counting_loop_is_fast_and_configurable() {
    // while (1) { i = i + 1 (unsigned, wraps); if (i == 0) break; }
    let mut b = B::new();
    let mut f = main_f();
    let i = f.local("i", ty(UInt));
    let z = b.c(0, UInt);
    let init = b.set(i, z);
    let li = b.v(i, UInt);
    let one = b.c(1, UInt);
    let inc = b.bin(BinOp::Add, li, one);
    let inc = b.set(i, inc);
    let li = b.v(i, UInt);
    let z = b.c(0, UInt);
    let eq = b.bin(BinOp::Eq, li, z);
    let brk = b.brk();
    let test = b.if_(eq, vec![brk], vec![]);
    let lp = b.loop_(vec![inc, test], vec![]);
    let m = b.func(f, vec![init, lp]);
    let p = b.program(Some(m));
    let r = run_with(&p, Entry::Main, &Input::default(), &RunOptions::default());
    assert_eq!(
        rt_error(&r).0,
        RuntimeErrorKind::StepLimit { limit: 10_000_000 }
    );
    assert_eq!(r.steps, 10_000_001);
    let opts = RunOptions {
        limits: Limits {
            max_steps: 100,
            ..Limits::default()
        },
        ..RunOptions::default()
    };
    let r = run_with(&p, Entry::Main, &Input::default(), &opts);
    assert_eq!(rt_error(&r).0, RuntimeErrorKind::StepLimit { limit: 100 });
    assert_eq!(r.steps, 101);
}

#[test]
fn missing_return_value_is_an_error_only_when_used() {
    // int f(void) { }   main: t = f(); [print(t)]
    for use_it in [false, true] {
        let mut b = B::new();
        let fid = b.func(F::new("f", int()), vec![]);
        let mut m = main_f();
        let t = m.local("t", int());
        let call = b.call(Some(t), fid, vec![]);
        let mut body = vec![call];
        let mut span = None;
        if use_it {
            let lt = b.v(t, Int);
            span = Some(lt.span);
            body.push(b.print_int(lt));
        }
        let z = b.i(0);
        body.push(b.ret(Some(z)));
        let r = b.run_main(m, body);
        if use_it {
            assert_eq!(
                rt_error(&r),
                (RuntimeErrorKind::MissingReturnValue, span.unwrap())
            );
        } else {
            assert_eq!(r.outcome, Outcome::Exited { code: 0 });
        }
    }
}

#[test]
fn main_falling_off_returns_zero_and_unit_tests_exit_zero() {
    let mut b = B::new();
    let one = b.i(1);
    let pr = b.print_int(one);
    let r = b.run_main(main_f(), vec![pr]);
    assert_eq!(r.outcome, Outcome::Exited { code: 0 });
    // a test function returning normally; one failing an assert with its sides
    let mut b = B::new();
    let ok = b.func(F::new("test_ok", faultline_ir::Type::Void), vec![]);
    let eight = b.i(8);
    let two = b.i(2);
    let cmp = b.bin(BinOp::Eq, eight, two);
    let cmp = b.cast(cmp, Bool);
    let cmp = b.cast(cmp, Int);
    let a = b.assert_(cmp);
    let aspan = a.span;
    let bad = b.func(F::new("test_bad", faultline_ir::Type::Void), vec![a]);
    let p = b.program(None);
    let o = RunOptions::default();
    let i = Input::default();
    let r = run_with(&p, Entry::Function(ok), &i, &o);
    assert_eq!(r.outcome, Outcome::Exited { code: 0 });
    let r = run_with(&p, Entry::Function(bad), &i, &o);
    assert_eq!(
        r.outcome,
        Outcome::AssertFailed {
            span: aspan,
            comparison: Some(faultline_interp::AssertSides {
                op: BinOp::Eq,
                left: 8,
                right: 2,
                kind: faultline_ir::IntKind::Int,
            })
        }
    );
    assert_eq!(r.outcome.message(), "assertion failed: left 8, right 2");
    // no main
    let r = run_with(&p, Entry::Main, &i, &o);
    assert!(matches!(
        rt_error(&r).0,
        RuntimeErrorKind::InvalidProgram { .. }
    ));
}

#[test]
fn assume_violation_and_nondet() {
    let mut b = B::new();
    let mut m = main_f();
    let x = m.local("x", int());
    let nd = b.s(StmtKind::Builtin(faultline_ir::Builtin::Nondet {
        dest: x,
        ty: Int,
    }));
    let lx = b.v(x, Int);
    let z = b.i(0);
    let gt = b.bin(BinOp::Gt, lx, z);
    let assume = b.s(StmtKind::Assume(gt));
    let aspan = assume.span;
    let lx = b.v(x, Int);
    let pr = b.print_int(lx);
    let mid = b.func(m, vec![nd, assume, pr]);
    let p = b.program(Some(mid));
    let o = RunOptions::default();
    let run = |nondet: Vec<i128>| {
        run_with(
            &p,
            Entry::Main,
            &Input {
                nondet,
                ..Input::default()
            },
            &o,
        )
    };
    assert_eq!(stdout(&run(vec![5])), "5\n");
    // converted to int
    assert_eq!(stdout(&run(vec![(1 << 32) + 7])), "7\n");
    assert_eq!(
        run(vec![-3]).outcome,
        Outcome::AssumeViolated { span: aspan }
    );
    assert_eq!(rt_error(&run(vec![])).0, RuntimeErrorKind::NondetExhausted);
    let _ = UnOp::Not;
    let _ = PrintArg::Int;
}

/// 1 + 1 + … nested `depth` levels deep, returned from main on a 2 MiB thread.
fn deep_sum(depth: usize) -> faultline_interp::Run {
    let mut b = B::new();
    let mut e = b.i(0);
    for _ in 0..depth {
        let one = b.i(1);
        e = b.bin(BinOp::Add, e, one);
    }
    let ret = b.ret(Some(e));
    let r = b.run_main(main_f(), vec![ret]);
    // Dropping a deeply nested Box tree recurses too: leak the builder's copy on purpose.
    std::mem::forget(b);
    r
}

#[test]
fn deep_expressions_evaluate_or_are_refused_without_overflowing() {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            assert_eq!(
                deep_sum(1900).outcome,
                Outcome::Exited { code: 1900 & 0xff }
            );
            assert!(matches!(
                rt_error(&deep_sum(2500)).0,
                RuntimeErrorKind::InvalidProgram { .. }
            ));
        })
        .unwrap()
        .join()
        .unwrap();
}
