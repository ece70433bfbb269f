//! C arithmetic through whole programs: promotions, wrap-around, and each kind of undefined
//! behaviour reported at the offending expression.

mod common;

use common::*;
use faultline_interp::{ArithOp, Outcome, RuntimeErrorKind};
use faultline_ir::{BinOp, UnOp};

#[test]
fn unsigned_char_arithmetic_promotes_then_wraps_on_store() {
    let mut b = B::new();
    let mut f = main_f();
    let a = f.local("a", ty(UChar));
    let c = f.local("c", ty(UChar));
    let sum = f.local("sum", int());
    let k200 = b.c(200, UChar);
    let s1 = b.set(a, k200);
    // sum = (int)a + (int)a; c = (unsigned char)((int)a + (int)a)
    let la = b.v(a, UChar);
    let la = b.cast(la, Int);
    let la2 = b.v(a, UChar);
    let la2 = b.cast(la2, Int);
    let add = b.bin(BinOp::Add, la, la2);
    let s2 = b.set(sum, add);
    let ls = b.v(sum, Int);
    let narrowed = b.cast(ls, UChar);
    let s3 = b.set(c, narrowed);
    let p1 = b.v(sum, Int);
    let p1 = b.print_int(p1);
    let p2 = b.v(c, UChar);
    let p2 = b.cast(p2, Int);
    let p2 = b.print_int(p2);
    // (char)200 is -56 (char is signed)
    let k = b.i(200);
    let ch = b.cast(k, Char);
    let ch = b.cast(ch, Int);
    let p3 = b.print_int(ch);
    // (unsigned)-1 / 2 and -7 / 2, -7 % 2, -8 >> 1
    let m1 = b.i(-1);
    let u = b.cast(m1, UInt);
    let two = b.c(2, UInt);
    let q = b.bin(BinOp::Div, u, two);
    let p4 = b.printf("%u\n", vec![faultline_ir::PrintArg::Int(q)]);
    let m7 = b.i(-7);
    let t = b.i(2);
    let d = b.bin(BinOp::Div, m7, t);
    let m7 = b.i(-7);
    let t = b.i(2);
    let r = b.bin(BinOp::Rem, m7, t);
    let m8 = b.i(-8);
    let one = b.i(1);
    let sh = b.bin(BinOp::Shr, m8, one);
    let p5 = b.printf(
        "%d %d %d\n",
        vec![
            faultline_ir::PrintArg::Int(d),
            faultline_ir::PrintArg::Int(r),
            faultline_ir::PrintArg::Int(sh),
        ],
    );
    let z = b.i(0);
    let ret = b.ret(Some(z));
    let r = b.run_main(f, vec![s1, s2, s3, p1, p2, p3, p4, p5, ret]);
    assert_eq!(r.outcome, Outcome::Exited { code: 0 });
    assert_eq!(stdout(&r), "400\n144\n-56\n2147483647\n-3 -1 -4\n");
}

/// Run `return <e>;` in main and expect a runtime error at `e`'s span.
fn expect_error(build: impl FnOnce(&mut B) -> faultline_ir::Expr, kind: RuntimeErrorKind) {
    let mut b = B::new();
    let e = build(&mut b);
    let span = e.span;
    let ret = b.ret(Some(e));
    let r = b.run_main(main_f(), vec![ret]);
    let (k, s) = rt_error(&r);
    assert_eq!(k, kind);
    assert_eq!(s, span, "span of the offending expression");
}

fn bin_of(b: &mut B, op: BinOp, k: faultline_ir::IntKind, l: i128, r: i128) -> faultline_ir::Expr {
    let l = b.c(l, k);
    let r = b.c(r, k);
    let e = b.bin(op, l, r);
    b.cast(e, Int)
}

#[test]
fn division_and_remainder_by_zero() {
    for op in [BinOp::Div, BinOp::Rem] {
        for k in [Int, UInt, Long] {
            expect_error(
                |b| {
                    let l = b.c(1, k);
                    let r = b.c(0, k);
                    b.bin(op, l, r)
                },
                RuntimeErrorKind::DivisionByZero,
            );
        }
    }
}

#[test]
fn signed_overflow_kinds() {
    let min = i32::MIN as i128;
    let max = i32::MAX as i128;
    for (op, l, r, aop) in [
        (BinOp::Add, max, 1, ArithOp::Add),
        (BinOp::Sub, min, 1, ArithOp::Sub),
        (BinOp::Mul, 65536, 65536, ArithOp::Mul),
        (BinOp::Div, min, -1, ArithOp::Div),
        (BinOp::Rem, min, -1, ArithOp::Rem),
        (BinOp::Shl, 1, 31, ArithOp::Shl),
    ] {
        expect_error(
            |b| {
                let l = b.i(l);
                let r = b.i(r);
                b.bin(op, l, r)
            },
            RuntimeErrorKind::SignedOverflow { op: aop },
        );
    }
    for (op, aop) in [(UnOp::Neg, ArithOp::Neg), (UnOp::Abs, ArithOp::Abs)] {
        expect_error(
            |b| {
                let m = b.i(min);
                b.un(op, m)
            },
            RuntimeErrorKind::SignedOverflow { op: aop },
        );
    }
    // long long overflow too, reported at the addition rather than the enclosing cast
    let mut b = B::new();
    let l = b.c(i64::MAX as i128, LongLong);
    let r = b.c(1, LongLong);
    let e = b.bin(BinOp::Add, l, r);
    let span = e.span;
    let e = b.cast(e, Int);
    let ret = b.ret(Some(e));
    let r = b.run_main(main_f(), vec![ret]);
    assert_eq!(
        rt_error(&r),
        (RuntimeErrorKind::SignedOverflow { op: ArithOp::Add }, span)
    );
}

#[test]
fn shifts_out_of_range_and_negative_left_shift() {
    for amount in [-1i128, 32, 40] {
        expect_error(
            |b| {
                let l = b.i(1);
                let r = b.i(amount);
                b.bin(BinOp::Shl, l, r)
            },
            RuntimeErrorKind::ShiftOutOfRange { amount },
        );
    }
    expect_error(
        |b| {
            let l = b.i(-2);
            let r = b.i(1);
            b.bin(BinOp::Shl, l, r)
        },
        RuntimeErrorKind::NegativeLeftShift { value: -2 },
    );
    // width is the promoted left operand's: 1L << 40 is fine; (int)(1L << 40) is 0 and
    // 1L >> 0 is 1
    let mut b = B::new();
    let e = bin_of(&mut b, BinOp::Shl, Long, 1, 40);
    let e2 = b.c(1, Long);
    let e2 = b.bin(BinOp::Shr, e2, e);
    let e2 = b_cast(&mut b, e2);
    let ret = b.ret(Some(e2));
    let r = b.run_main(main_f(), vec![ret]);
    assert_eq!(r.outcome, Outcome::Exited { code: 1 });
}

fn b_cast(b: &mut B, e: faultline_ir::Expr) -> faultline_ir::Expr {
    b.cast(e, Int)
}

#[test]
fn unsigned_wraps_and_short_circuit_skips_ub() {
    let mut b = B::new();
    // (unsigned)0 - 1 == 4294967295, printed with %u
    let z = b.c(0, UInt);
    let one = b.c(1, UInt);
    let d = b.bin(BinOp::Sub, z, one);
    let p = b.printf("%u\n", vec![faultline_ir::PrintArg::Int(d)]);
    // 0 && (1 / 0): no division happens
    let zero = b.i(0);
    let one = b.i(1);
    let zz = b.i(0);
    let div = b.bin(BinOp::Div, one, zz);
    let and = b.logic(faultline_ir::LogicOp::And, zero, div);
    // 1 ? 5 : 1/0
    let c = b.i(1);
    let five = b.i(5);
    let one = b.i(1);
    let zz = b.i(0);
    let div = b.bin(BinOp::Div, one, zz);
    let cnd = b.cond(c, five, div);
    let sum = b.bin(BinOp::Add, and, cnd);
    let ret = b.ret(Some(sum));
    let r = b.run_main(main_f(), vec![p, ret]);
    assert_eq!(r.outcome, Outcome::Exited { code: 5 });
    assert_eq!(stdout(&r), "4294967295\n");
}

#[test]
fn exit_code_is_low_byte() {
    let mut b = B::new();
    let v = b.i(-1);
    let ret = b.ret(Some(v));
    let r = b.run_main(main_f(), vec![ret]);
    assert_eq!(r.outcome, Outcome::Exited { code: 255 });
    let mut b = B::new();
    let v = b.i(300);
    let ex = b.s(faultline_ir::StmtKind::Exit(v));
    let never = b.i(1);
    let ret = b.ret(Some(never));
    let r = b.run_main(main_f(), vec![ex, ret]);
    assert_eq!(r.outcome, Outcome::Exited { code: 44 });
    assert_eq!(r.outcome.span(), None);
}
