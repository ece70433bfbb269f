//! printf, scanf, getchar, putchar, puts, atoi and argv in programs run by the interpreter. The
//! text semantics themselves are `faultline_libc`'s, checked against glibc's tables there.

mod common;

use common::*;
use faultline_interp::{Entry, Input, Outcome, RunOptions, RuntimeErrorKind};
use faultline_ir::format::parse_format;
use faultline_ir::{BinOp, Builtin, PrintArg, StmtKind, StrArg, VarRef};

/// main(argc, argv): prints argc, atoi(argv[1]) * 2, argv[2] with %s, argv[2][1] with %c.
fn argv_program() -> faultline_ir::Program {
    let mut b = B::new();
    let mut f = main_f();
    let argc = f.param("argc", int());
    let _argv = f.param("argv", aref(aref(ty(Char))));
    let n = f.local("n", int());
    let lc = b.v(argc, Int);
    let p1 = b.print_int(lc);
    let one = b.l(1);
    let row1 = b.place(VarRef::Argv, vec![one]);
    let atoi = b.s(StmtKind::Builtin(Builtin::Atoi {
        dest: n,
        arg: StrArg::Array(row1),
    }));
    let ln = b.v(n, Int);
    let two = b.i(2);
    let dbl = b.bin(BinOp::Mul, ln, two);
    let p2 = b.print_int(dbl);
    let two = b.l(2);
    let row2 = b.place(VarRef::Argv, vec![two]);
    let two = b.l(2);
    let one = b.l(1);
    let ch = b.at(VarRef::Argv, vec![two, one], Char);
    let ch = b.cast(ch, Int);
    let p3 = b.printf(
        "[%s] [%c]\n",
        vec![PrintArg::Str(StrArg::Array(row2)), PrintArg::Int(ch)],
    );
    let z = b.i(0);
    let ret = b.ret(Some(z));
    let m = b.func(f, vec![p1, atoi, p2, p3, ret]);
    b.program(Some(m))
}

fn run_args(p: &faultline_ir::Program, args: &[&str]) -> faultline_interp::Run {
    let input = Input {
        program_name: "prog".into(),
        args: args.iter().map(|s| s.to_string()).collect(),
        ..Input::default()
    };
    run_with(p, Entry::Main, &input, &RunOptions::default())
}

#[test]
fn argv_rows_chars_and_bounds() {
    let p = argv_program();
    let r = run_args(&p, &[" 21x", "hi"]);
    assert_eq!(stdout(&r), "3\n42\n[hi] [i]\n");
    assert_eq!(r.outcome, Outcome::Exited { code: 0 });
    // argv[2][1] of "h" is its NUL: readable
    let r = run_args(&p, &["1", "h"]);
    assert_eq!(stdout(&r), "3\n2\n[h] [\0]\n");
    // argv[2][1] of "": beyond the NUL
    let r = run_args(&p, &["1", ""]);
    assert_eq!(
        rt_error(&r).0,
        RuntimeErrorKind::IndexOutOfBounds { index: 1, len: 1 }
    );
    // argv[2] with argc == 2 is the null pointer
    let r = run_args(&p, &["1"]);
    assert_eq!(
        rt_error(&r).0,
        RuntimeErrorKind::IndexOutOfBounds { index: 2, len: 2 }
    );
}

#[test]
fn scanf_getchar_putchar_puts_in_a_program() {
    let mut b = B::new();
    let mut f = main_f();
    let x = f.local("x", int());
    let y = f.local("y", int());
    let n = f.local("n", int());
    let c = f.local("c", int());
    let px = b.pl(x);
    let py = b.pl(y);
    let sc = b.s(StmtKind::Builtin(Builtin::Scanf {
        format: parse_format("%d %d").unwrap(),
        targets: vec![px, py],
        dest: Some(n),
    }));
    let gc = b.s(StmtKind::Builtin(Builtin::Getchar { dest: c }));
    let lc = b.v(c, Int);
    let pc = b.s(StmtKind::Builtin(Builtin::Putchar {
        stream: faultline_ir::Stream::Stdout,
        value: lc,
    }));
    let puts = b.s(StmtKind::Builtin(Builtin::Puts(StrArg::Literal(
        "!".into(),
    ))));
    let ln = b.v(n, Int);
    let lx = b.v(x, Int);
    let ly = b.v(y, Int);
    let pr = b.printf(
        "%d %d %d\n",
        vec![PrintArg::Int(ln), PrintArg::Int(lx), PrintArg::Int(ly)],
    );
    let m = b.func(f, vec![sc, gc, pc, puts, pr]);
    let p = b.program(Some(m));
    let run = |s: &str| {
        let input = Input {
            stdin: s.as_bytes().to_vec(),
            ..Input::default()
        };
        run_with(&p, Entry::Main, &input, &RunOptions::default())
    };
    assert_eq!(stdout(&run("3 4;")), ";!\n2 3 4\n");
    // y never assigned: reading it is an uninitialized read
    let r = run("3 z");
    assert_eq!(stdout(&r), "z!\n");
    assert_eq!(
        rt_error(&r).0,
        RuntimeErrorKind::UninitializedRead { name: "y".into() }
    );
}

#[test]
fn printf_of_char_array_string_needs_its_nul() {
    // char s[3]; s[0]='o'; s[1]='k'; [s[2]=0;] printf("%s|%5.1s|", s, s)
    for terminated in [true, false] {
        let mut b = B::new();
        let mut f = main_f();
        let s = f.local("s", arr(ty(Char), 3));
        let mut body = vec![];
        let chars: &[i128] = if terminated {
            &[111, 107, 0]
        } else {
            &[111, 107]
        };
        for (i, &ch) in chars.iter().enumerate() {
            let idx = b.i(i as i128);
            let v = b.c(ch, Char);
            body.push(b.set_at(VarRef::Local(s), vec![idx], v));
        }
        if !terminated {
            let idx = b.i(2);
            let v = b.c(33, Char);
            body.push(b.set_at(VarRef::Local(s), vec![idx], v));
        }
        let row = b.place(VarRef::Local(s), vec![]);
        let row2 = b.place(VarRef::Local(s), vec![]);
        body.push(b.printf(
            "%s|%5.1s|\n",
            vec![
                PrintArg::Str(StrArg::Array(row)),
                PrintArg::Str(StrArg::Array(row2)),
            ],
        ));
        let r = b.run_main(f, body);
        if terminated {
            assert_eq!(stdout(&r), "ok|    o|\n");
        } else {
            assert_eq!(stdout(&r), "");
            assert_eq!(
                rt_error(&r).0,
                RuntimeErrorKind::IndexOutOfBounds { index: 3, len: 3 }
            );
        }
    }
}
