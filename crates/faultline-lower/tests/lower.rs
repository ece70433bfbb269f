//! Lowering of representative C: IR shapes, conversions, components and spans.

mod common;

use common::*;
use faultline_ir::{
    Builtin, Component, ExprKind, IntKind, LocalKind, PrintArg, StmtKind, StrArg, Type, VarRef,
};

#[test]
fn compound_assignment_inserts_promotions_and_conversion_back() {
    let p =
        ok("int main(void) { unsigned char c = 1; int x = 2; c += 1; x += c; x <<= c; return x; }");
    let s = pretty(&p);
    assert!(
        s.contains("c = (unsigned char)((int)c + 1) [Assign]"),
        "{s}"
    );
    assert!(s.contains("x = (x + (int)c) [Assign]"), "{s}");
    assert!(s.contains("x = (x << (int)c) [Assign]"), "{s}");
}

#[test]
fn usual_arithmetic_conversions_and_comparisons() {
    let p = ok(
        "int main(void) { int i = -1; unsigned u = 1; long l = 2; return (i < u) + (l * u > 0); }",
    );
    let s = pretty(&p);
    assert!(s.contains("((unsigned int)i < u)"), "{s}");
    assert!(s.contains("((l * (long)u) > (long)0)"), "{s}");
    assert_eq!(main_return(&p).ty, IntKind::Int);
}

#[test]
fn post_increment_in_expression_uses_a_temporary() {
    let p = ok("int main(void) { int x = 1, y; y = x++ * 2; x--; return y; }");
    let f = func(&p, "main");
    let s = pretty(&p);
    assert!(s.contains("tmp1 = x\n"), "{s}");
    assert!(s.contains("x = (x + 1) [Assign]"), "{s}");
    assert!(s.contains("y = (tmp1 * 2) [Assign]"), "{s}");
    // `x--;` as a statement needs no temporary.
    assert!(s.contains("x = (x - 1) [Assign]"), "{s}");
    assert_eq!(
        f.locals
            .iter()
            .filter(|l| l.kind == LocalKind::Temp)
            .count(),
        1
    );
}

#[test]
fn calls_are_hoisted_left_to_right() {
    let p = ok("int f(int a) { return a; }\nint g(int a) { return -a; }\nint main(void) { int x = 1, y; y = f(x) + g(x); return y; }");
    let s = pretty(&p);
    let a = s.find("tmp1 = call f(x) [Call]").expect(&s);
    let b = s.find("tmp2 = call g(x) [Call]").expect(&s);
    let c = s.find("y = (tmp1 + tmp2) [Assign]").expect(&s);
    assert!(a < b && b < c);
}

#[test]
fn short_circuit_with_side_effects_becomes_an_if() {
    let p = ok("int f(int a) { return a; }\nint main(void) { int a = 0, b = 1; if (a && f(b)) b = 2; if (a || b) b = 3; return b; }");
    let f = func(&p, "main");
    let all = stmts(f);
    // `a && f(b)`: the call only happens inside `if (a)`.
    let hoist = all
        .iter()
        .find(|s| matches!(&s.kind, StmtKind::If { then_, .. } if then_.iter().any(|t| matches!(t.kind, StmtKind::Call { .. }))))
        .expect("an if guarding the call");
    assert_eq!(hoist.component, None);
    // The pure `a || b` stays an expression.
    let conds: Vec<_> = all
        .iter()
        .filter(|s| s.component == Some(Component::IfCond))
        .collect();
    assert_eq!(conds.len(), 2);
    match &conds[1].kind {
        StmtKind::If { cond, .. } => assert!(matches!(cond.kind, ExprKind::Logical(..))),
        _ => unreachable!(),
    }
}

#[test]
fn ternary_with_side_effects_uses_ternary_cond() {
    let p = ok("int f(void) { return 1; }\nint main(void) { int x = 1; x = x ? f() : 2; return x > 0 ? x : -x; }");
    let f = func(&p, "main");
    let t = stmts(f)
        .into_iter()
        .find(|s| s.component == Some(Component::TernaryCond))
        .expect("ternary cond");
    assert_eq!(text(&p, t.span), "x");
    assert!(matches!(main_return(&p).kind, ExprKind::Cond(..)));
}

#[test]
fn while_for_and_do_loops_have_the_documented_shapes() {
    let p = ok("int main(void) {\n  int i = 0, n = 0;\n  while (i < 3) i++;\n  for (int j = 0; j < 2; j++) n += j;\n  do n--; while (n > 0);\n  for (;;) break;\n  return n;\n}");
    let f = func(&p, "main");
    let loops: Vec<_> = f
        .body
        .iter()
        .filter_map(|s| match &s.kind {
            StmtKind::Loop { body, latch } => Some((body, latch)),
            _ => None,
        })
        .collect();
    assert_eq!(loops.len(), 4);
    // while: test first, empty latch.
    let (body, latch) = loops[0];
    assert!(latch.is_empty());
    match &body[0].kind {
        StmtKind::If { then_, else_, .. } => {
            assert!(then_.is_empty());
            assert!(matches!(else_[0].kind, StmtKind::Break));
        }
        k => panic!("{k:?}"),
    }
    assert_eq!(body[0].component, Some(Component::LoopCond));
    assert_eq!(text(&p, body[0].span), "i < 3");
    assert_eq!(loc(&p, body[0].span), "3:10");
    // for: step in the latch.
    let (body, latch) = loops[1];
    assert_eq!(body[0].component, Some(Component::LoopCond));
    assert_eq!(latch.len(), 1);
    assert_eq!(text(&p, latch[0].span), "j++");
    // do-while: the test is in the latch.
    let (body, latch) = loops[2];
    assert_eq!(body.len(), 1);
    assert_eq!(latch[0].component, Some(Component::LoopCond));
    // for (;;): no test.
    let (body, _) = loops[3];
    assert!(matches!(body[0].kind, StmtKind::Break));
}

#[test]
fn loop_condition_side_effects_run_every_iteration() {
    let p = ok("int main(void) { int c, n = 0; while ((c = getchar()) != EOF) n++; return n; }");
    let f = func(&p, "main");
    let body = f
        .body
        .iter()
        .find_map(|s| match &s.kind {
            StmtKind::Loop { body, .. } => Some(body),
            _ => None,
        })
        .expect("loop");
    assert!(matches!(
        body[0].kind,
        StmtKind::Builtin(Builtin::Getchar { .. })
    ));
    assert_eq!(body[0].component, Some(Component::Input));
    assert_eq!(body[1].component, Some(Component::Assign));
    assert_eq!(body[2].component, Some(Component::LoopCond));
}

#[test]
fn switch_groups_labels_and_falls_through() {
    let p = ok("int main(void) {\n  int x = 2, y = 0;\n  switch (x) {\n  case 1:\n  case 2: y = 1;\n  case 3: y = 2; break;\n  default: y = 3;\n  }\n  return y;\n}");
    let f = func(&p, "main");
    let sw = f
        .body
        .iter()
        .find(|s| matches!(s.kind, StmtKind::Switch { .. }))
        .expect("switch");
    assert_eq!(sw.component, Some(Component::SwitchCond));
    assert_eq!(text(&p, sw.span), "x");
    let StmtKind::Switch { arms, .. } = &sw.kind else {
        unreachable!()
    };
    assert_eq!(arms.len(), 3);
    assert_eq!(arms[0].values, vec![1, 2]);
    assert_eq!(arms[0].body.len(), 1); // falls through: no break
    assert_eq!(arms[1].values, vec![3]);
    assert!(matches!(arms[1].body[1].kind, StmtKind::Break));
    assert!(arms[2].is_default && arms[2].values.is_empty());
    assert_eq!(loc(&p, arms[0].span), "4:3");
}

#[test]
fn switch_case_values_convert_to_the_promoted_scrutinee_type() {
    let p = ok("int main(void) { unsigned u = 1; switch (u) { case -1: return 1; } char c = 1; switch (c) { case 'a': return 2; } return 0; }");
    let f = func(&p, "main");
    let arms: Vec<_> = stmts(f)
        .into_iter()
        .filter_map(|s| match &s.kind {
            StmtKind::Switch { scrutinee, arms } => Some((scrutinee.ty, arms[0].values.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(arms[0], (IntKind::UInt, vec![4294967295]));
    assert_eq!(arms[1], (IntKind::Int, vec![97]));
}

#[test]
fn knr_main_and_implicit_int() {
    let src = "main(argc, argv) int argc; char *argv[]; {\n  return foo(argc) + atoi(argv[1]);\n}\nfoo(x) { return x + 1; }\n";
    let p = ok(src);
    let main = func(&p, "main");
    assert_eq!(main.ret, Type::INT);
    assert_eq!(main.params.len(), 1);
    assert_eq!(main.local(main.params[0]).name, "argc");
    assert_eq!(loc(&p, main.name_span), "1:1");
    let foo = func(&p, "foo");
    assert_eq!(foo.ret, Type::INT);
    assert_eq!(foo.local(foo.params[0]).ty, Type::INT);
    assert_eq!(loc(&p, foo.name_span), "4:1");
    assert_eq!(p.main, p.function_by_name("main"));
}

#[test]
fn knr_parameter_declarations_give_types() {
    let p = ok(
        "long f(a, b) long a; unsigned char b; { return a + b; }\nint main() { return f(1, 2); }",
    );
    let f = func(&p, "f");
    assert_eq!(f.local(f.params[0]).ty, Type::Int(IntKind::Long));
    assert_eq!(f.local(f.params[1]).ty, Type::Int(IntKind::UChar));
}

#[test]
fn call_before_declaration_and_recursion() {
    let p = ok("int main(void) { return fact(5); }\nint fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }");
    let text = pretty(&p);
    assert!(text.contains("= (n - 1)"), "{text}");
    // The argument of a recursive call is computed before the call but is no component of its
    // own (its relaxation makes the inlined recursion's depth symbolic: see `recursive`).
    let fact = func(&p, "fact");
    assert!(
        !stmts(fact)
            .iter()
            .any(|s| s.component == Some(faultline_ir::Component::Argument)),
        "{text}"
    );
}

#[test]
fn user_call_arguments_are_components_unless_the_call_is_recursive() {
    // `g` and `h` call each other: their calls are recursive; `main`'s call of `sq` is not.
    let p = ok("int sq(int x) { return x * x; }\nint h(int n);\nint g(int n) { return n > 0 ? h(n - 1) : 0; }\nint h(int n) { return g(n - 2) + sq(n + 1); }\nint main(void) { int a = 3, v[4] = {0}; return sq(a - 1) + sq(a) + g(a * 2) + sq(v[a]) + sq(v[a] + 1) + sq(2); }");
    let text = pretty(&p);
    let args = |name: &str| -> Vec<String> {
        stmts(func(&p, name))
            .into_iter()
            .filter(|s| s.component == Some(faultline_ir::Component::Argument))
            .map(|s| p.files.text(s.span).to_string())
            .collect()
    };
    // A plain variable (`sq(a)`) or an element at a plain index (`sq(v[a])`) stays an
    // argument as written (a sink, see `user_call_argument` and `call_argument`); a literal
    // is one (`sq(2)`: where the wrong value starts).
    assert_eq!(args("main"), ["a - 1", "a * 2", "v[a] + 1", "2"], "{text}");
    assert_eq!(args("h"), ["n + 1"], "{text}");
    assert!(args("g").is_empty(), "{text}");
}

#[test]
fn index_expressions_are_components_outside_conditional_operands() {
    let p = ok("int a[8];\nint main(void) {\n  int i = 2, s = 0;\n  a[i + 1] = 4;\n  s = a[i] + a[i * 2];\n  if (i > 0 && a[i - 1] == 0) s++;\n  s += i > 1 ? a[i - 2] : 0;\n  return s + a[3];\n}");
    let text = pretty(&p);
    let main = func(&p, "main");
    let idx: Vec<(String, String)> = stmts(main)
        .into_iter()
        .filter(|s| s.component == Some(faultline_ir::Component::Index))
        .map(|s| (loc(&p, s.span), p.files.text(s.span).to_string()))
        .collect();
    // Constants and plain variables stay; the right side of `&&` and the arms of `?:` keep
    // their conditions pure.
    assert_eq!(
        idx,
        [
            ("4:5".to_string(), "i + 1".to_string()),
            ("5:16".to_string(), "i * 2".to_string())
        ],
        "{text}"
    );
}

#[test]
fn static_local_becomes_a_uniquely_named_global() {
    let p = ok("int counter(void) { static int n = 5; n++; return n; }\nint main(void) { static int n; return counter() + n; }");
    assert_eq!(p.globals.len(), 2);
    assert_eq!(p.globals[0].name, "counter::n");
    assert_eq!(p.globals[0].init, vec![5]);
    assert_eq!(p.globals[1].name, "main::n");
    let f = func(&p, "counter");
    assert!(stmts(f).iter().any(|s| matches!(&s.kind, StmtKind::Assign { place, .. } if place.base == VarRef::Global(faultline_ir::GlobalId(0)))));
}

#[test]
fn array_initializers_zero_fill_and_infer_sizes() {
    let p = ok("int g[2][3] = {{1}, 4, 5};\nint h[] = {1, 2, 3};\nchar s[] = \"ab\";\nint main(void) {\n  int a[4] = {7, 8};\n  int b[] = {1, 2, 3};\n  char t[5] = \"hi\";\n  return a[0] + b[2] + t[1] + g[1][1] + h[2] + s[0];\n}");
    assert_eq!(p.globals[0].init, vec![1, 0, 0, 4, 5, 0]);
    assert_eq!(p.globals[1].ty, Type::Array(Box::new(Type::INT), 3));
    assert_eq!(p.globals[2].init, vec![97, 98, 0]);
    let f = func(&p, "main");
    let a = f.locals.iter().find(|l| l.name == "a").expect("a");
    assert_eq!(a.ty, Type::Array(Box::new(Type::INT), 4));
    let b = f.locals.iter().find(|l| l.name == "b").expect("b");
    assert_eq!(b.ty, Type::Array(Box::new(Type::INT), 3));
    let assigns: Vec<_> = stmts(f)
        .into_iter()
        .filter(|s| matches!(s.kind, StmtKind::Assign { .. }))
        .collect();
    // a: 2 user elements + 2 zero-fills; b: 3; t: "hi\0" + 2 zero-fills.
    assert_eq!(assigns.len(), 4 + 3 + 5);
    assert_eq!(assigns[0].component, Some(Component::Assign));
    assert_eq!(text(&p, assigns[0].span), "7");
    assert_eq!(loc(&p, assigns[0].span), "5:15");
    assert_eq!(assigns[2].component, None);
    assert_eq!(assigns[3].component, None);
}

#[test]
fn array_sizes_from_constant_expressions() {
    let p = ok("enum { N = 3 };\ntypedef unsigned short u16;\nu16 a[N * 2 + (int)sizeof(long)];\nint main(void) { int b[sizeof a / sizeof a[0]]; b[0] = 1; return b[0]; }");
    assert_eq!(
        p.globals[0].ty,
        Type::Array(Box::new(Type::Int(IntKind::UShort)), 14)
    );
    let f = func(&p, "main");
    assert_eq!(f.locals[0].ty, Type::Array(Box::new(Type::INT), 14));
}

#[test]
fn array_parameters_are_references() {
    let p = ok("int sum(int a[], int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }\nint row(int m[][3], int *p) { return m[1][2] + p[0]; }\nint main(void) { int x[4] = {1}; int m[2][3]; m[1][2] = 0; return sum(x, 4) + row(m, m[0]); }");
    let sum = func(&p, "sum");
    assert_eq!(
        sum.local(sum.params[0]).ty,
        Type::ArrayRef(Box::new(Type::INT))
    );
    let row = func(&p, "row");
    assert_eq!(
        row.local(row.params[0]).ty,
        Type::ArrayRef(Box::new(Type::Array(Box::new(Type::INT), 3)))
    );
    assert!(
        pretty(&p).contains("call row(&m, &m[(long)0])"),
        "{}",
        pretty(&p)
    );
}

#[test]
fn argv_accesses_are_argv_places() {
    let p = ok("int main(int argc, char **argv) { if (argc < 2) return 1; printf(\"%s\\n\", argv[1]); return argv[1][0] + *argv[1]; }");
    let f = func(&p, "main");
    assert_eq!(f.params.len(), 1);
    let printf = stmts(f)
        .into_iter()
        .find_map(|s| match &s.kind {
            StmtKind::Builtin(Builtin::Printf { args, .. }) => Some(args.clone()),
            _ => None,
        })
        .expect("printf");
    match &printf[0] {
        PrintArg::Str(StrArg::Array(pl)) => {
            assert_eq!(pl.base, VarRef::Argv);
            assert_eq!(pl.indices.len(), 1);
        }
        a => panic!("{a:?}"),
    }
    let s = pretty(&p);
    assert!(
        s.contains("((int)argv[(long)1][(long)0] + (int)argv[(long)1][0])"),
        "{s}"
    );
}

#[test]
fn scanf_targets_and_result() {
    let p = ok("int main(void) { int x; long y; int a[3]; if (scanf(\"%d %ld\", &x, &y) != 2) return 1; scanf(\"%d\", &a[x]); return x; }");
    let f = func(&p, "main");
    let scans: Vec<_> = stmts(f)
        .into_iter()
        .filter_map(|s| match &s.kind {
            StmtKind::Builtin(Builtin::Scanf { targets, dest, .. }) => {
                Some((targets.len(), dest.is_some(), s.component))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        scans,
        vec![
            (2, true, Some(Component::Input)),
            (1, false, Some(Component::Input))
        ]
    );
    // Into a narrower object the conversion writes past it: an error (into a wider one it
    // stores the low bytes, end_to_end.rs).
    let (kind, at, msg) = first_error("int main(void) {\n  short y;\n  scanf(\"%d\", &y);\n}");
    assert_eq!(kind, faultline_ir::ErrorKind::Semantic);
    assert_eq!(at, "3:15");
    assert!(
        msg.contains("writes 4 bytes into a 2-byte `short`"),
        "{msg}"
    );
}

#[test]
fn printf_arguments_follow_promotions_and_length_modifiers() {
    let p = ok("int main(void) { char c = 'a'; int i = 1; unsigned long ul = 2; printf(\"%d %ld %u %lu %c\\n\", c, i, i, ul, c); fprintf(stderr, \"x\"); putchar('\\n'); puts(\"done\"); return 0; }");
    let f = func(&p, "main");
    let mut outs = stmts(f)
        .into_iter()
        .filter(|s| s.component == Some(Component::Output));
    let StmtKind::Builtin(Builtin::Printf { args, format, .. }) =
        &outs.next().expect("printf").kind
    else {
        panic!()
    };
    assert_eq!(format.len(), 10);
    let tys: Vec<IntKind> = args
        .iter()
        .map(|a| match a {
            PrintArg::Int(e) => e.ty,
            PrintArg::Str(_) => panic!(),
        })
        .collect();
    use IntKind::*;
    assert_eq!(tys, vec![Int, Long, UInt, ULong, Int]);
    assert!(matches!(
        &outs.next().expect("fprintf").kind,
        StmtKind::Builtin(Builtin::Printf {
            stream: faultline_ir::Stream::Stderr,
            ..
        })
    ));
    assert!(matches!(
        &outs.next().expect("putchar").kind,
        StmtKind::Builtin(Builtin::Putchar { .. })
    ));
    assert!(
        matches!(&outs.next().expect("puts").kind, StmtKind::Builtin(Builtin::Puts(StrArg::Literal(s))) if s == "done")
    );
    // A conversion without an argument is undefined behaviour where it runs, located at the
    // call.
    let p = ok("int main(void) {\n  printf(\"%d %d\\n\", 1);\n}");
    let f = func(&p, "main");
    let Some(StmtKind::Builtin(Builtin::Printf {
        undefined: Some(m), ..
    })) = stmts(f).into_iter().map(|s| &s.kind).next()
    else {
        panic!("a printf with a mismatch")
    };
    assert_eq!(m.message(), "`%d` has no argument: the output is undefined");
    assert_eq!(p.files.locate(m.span).to_string(), "t.c:2:3");
}

#[test]
fn literal_types_follow_c() {
    use IntKind::*;
    assert_eq!(ty_of_return("long main(void) { return 2147483648; }"), Long);
    assert_eq!(ty_of_return("int main(void) { return 2147483647; }"), Int);
    assert_eq!(
        ty_of_return("unsigned main(void) { return 0xFFFFFFFF; }"),
        UInt
    );
    assert_eq!(
        ty_of_return("long main(void) { return 0x100000000; }"),
        Long
    );
    assert_eq!(
        ty_of_return("unsigned long main(void) { return 0xFFFFFFFFFFFFFFFF; }"),
        ULong
    );
    assert_eq!(ty_of_return("unsigned main(void) { return 10u; }"), UInt);
    assert_eq!(
        ty_of_return("long long main(void) { return 10ll; }"),
        LongLong
    );
    assert_eq!(
        ty_of_return("unsigned main(void) { return 017777777777u; }"),
        UInt
    );
    let p = ok("int main(void) { return '\\xff' + '\\n' + 'a'; }");
    assert!(pretty(&p).contains("((-1 + 10) + 97)"), "{}", pretty(&p));
}

#[test]
fn library_builtins() {
    let p = ok("int main(void) { int x = __VERIFIER_nondet_int(); unsigned u = nondet_uint(); __VERIFIER_assume(x > 0); assert(x != 5); if (abs(x) > 3) exit(2); long l = labs(x); return u + l; }");
    let f = func(&p, "main");
    let all = stmts(f);
    assert!(all.iter().any(|s| matches!(
        &s.kind,
        StmtKind::Builtin(Builtin::Nondet {
            ty: IntKind::UInt,
            ..
        })
    )));
    assert!(all
        .iter()
        .any(|s| matches!(&s.kind, StmtKind::Assume(_)) && s.component.is_none()));
    assert!(all
        .iter()
        .any(|s| matches!(&s.kind, StmtKind::Assert(_)) && s.component.is_none()));
    assert!(all.iter().any(|s| matches!(&s.kind, StmtKind::Exit(_))));
    assert!(pretty(&p).contains("abs((long)x)"));
}

#[test]
fn declarations_without_initializer_emit_decl_each_time() {
    let p = ok("int main(void) { int s = 0; for (int i = 0; i < 3; i++) { int t; if (i) t = i; s += i; } return s; }");
    let f = func(&p, "main");
    let decls: Vec<_> = stmts(f)
        .into_iter()
        .filter(|s| matches!(s.kind, StmtKind::Decl(_)))
        .collect();
    assert_eq!(decls.len(), 1);
    assert_eq!(decls[0].component, None);
}

#[test]
fn shadowing_makes_distinct_locals() {
    let p = ok("int main(void) { int x = 1; { int x = 2; x++; } return x; }");
    let f = func(&p, "main");
    assert_eq!(f.locals.iter().filter(|l| l.name == "x").count(), 2);
    assert_eq!(
        main_return(&p).kind,
        ExprKind::Load(faultline_ir::Place {
            base: VarRef::Local(faultline_ir::LocalId(0)),
            indices: vec![],
            span: main_return(&p).span
        })
    );
}

#[test]
fn components_and_spans() {
    let src = "int f(int a) { return a; }\nint main(void) {\n  int x = 1;\n  x = f(x) + 2;\n  f(x);\n  if (x > 2)\n    return x;\n  return 0;\n}\n";
    let p = ok(src);
    let f = func(&p, "main");
    let all = stmts(f);
    let find = |c: Component| all.iter().filter(move |s| s.component == Some(c));
    let assigns: Vec<_> = find(Component::Assign).collect();
    assert_eq!(text(&p, assigns[0].span), "x = 1");
    assert_eq!(loc(&p, assigns[0].span), "3:7");
    assert_eq!(text(&p, assigns[1].span), "x = f(x) + 2");
    assert_eq!(loc(&p, assigns[1].span), "4:3");
    let calls: Vec<_> = find(Component::Call).collect();
    assert_eq!(calls.len(), 2);
    assert_eq!(text(&p, calls[0].span), "f(x)");
    assert_eq!(loc(&p, calls[0].span), "4:7");
    assert_eq!(loc(&p, calls[1].span), "5:3");
    let cond = find(Component::IfCond).next().expect("if");
    assert_eq!(text(&p, cond.span), "x > 2");
    let rets: Vec<_> = find(Component::Return).collect();
    assert_eq!(text(&p, rets[0].span), "return x");
    assert_eq!(loc(&p, rets[0].span), "7:5");
}

#[test]
fn tests_and_main_are_marked() {
    let p = ok("int add(int a, int b) { return a + b; }\nvoid test_add(void) { assert(add(1, 2) == 3); }\nint test_not_void(void) { return 0; }\nvoid test_params(int x) { }\nvoid test_two() { assert(add(0, 0) == 0); }\n");
    assert_eq!(p.main, None);
    let names: Vec<_> = p
        .tests
        .iter()
        .map(|t| p.function(*t).name.as_str())
        .collect();
    assert_eq!(names, vec!["test_add", "test_two"]);
}

#[test]
fn ids_are_unique_and_counted() {
    let p = ok("int g = 3;\nint f(int a[], int n) { int s = 0; while (n-- > 0) s += a[n] ? a[n] : g++; return s; }\nint main(void) { int a[3] = {1, 2}; return f(a, 3) && f(a, 2); }");
    let mut sids = std::collections::HashSet::new();
    let mut eids = std::collections::HashSet::new();
    p.for_each_stmt(|_, s| {
        assert!(sids.insert(s.id), "duplicate {:?}", s.id);
        assert!(s.id.0 < p.stmt_count);
        let mut visit = |e: &faultline_ir::Expr| {
            assert!(eids.insert(e.id), "duplicate {:?}", e.id);
            assert!(e.id.0 < p.expr_count);
        };
        match &s.kind {
            StmtKind::Assign { place, value } => {
                place.indices.iter().for_each(|i| i.walk(&mut visit));
                value.walk(&mut visit);
            }
            StmtKind::If { cond: e, .. }
            | StmtKind::Switch { scrutinee: e, .. }
            | StmtKind::Return(Some(e))
            | StmtKind::Assert(e) => e.walk(&mut visit),
            StmtKind::Call { args, .. } => {
                for a in args {
                    match a {
                        faultline_ir::Arg::Value(e) => e.walk(&mut visit),
                        faultline_ir::Arg::ArrayRef(pl) => {
                            pl.indices.iter().for_each(|i| i.walk(&mut visit))
                        }
                    }
                }
            }
            _ => {}
        }
    });
    assert!(!sids.is_empty() && !eids.is_empty());
}

#[test]
fn sizeof_is_unsigned_long() {
    let p = ok(
        "int main(void) { int a[10]; char c; return sizeof a + sizeof(c) + sizeof(long long); }",
    );
    assert!(pretty(&p).contains("((40 + 1) + 8)"), "{}", pretty(&p));
    let p = ok("unsigned long main(void) { return sizeof(int); }");
    assert_eq!(main_return(&p).ty, IntKind::ULong);
}

#[test]
fn bool_typedef_enum_and_qualifiers() {
    let p = ok("typedef enum { RED, GREEN = 5, BLUE } color;\n_Bool flag;\nint main(void) { const volatile color c = BLUE; register int r = c; flag = r; return flag + GREEN; }");
    assert_eq!(p.globals[0].ty, Type::Int(IntKind::Bool));
    let s = pretty(&p);
    assert!(s.contains("c = 6 [Assign]"), "{s}");
    assert!(s.contains("flag = (_Bool)r [Assign]"), "{s}");
}

#[test]
fn string_literals_are_true_in_conditions() {
    let p = ok("int main(void) { int x = 1; assert(x == 1 && \"x must be one\"); return 0; }");
    assert!(
        pretty(&p).contains("assert ((x == 1) && 1)"),
        "{}",
        pretty(&p)
    );
}

#[test]
fn typedef_names_in_parentheses_are_casts() {
    let p = ok("typedef unsigned char byte;\nint main(void) { int v = 300; int a = (byte)(v); int b = (byte) - v; return a + b + sizeof(byte); }");
    let s = pretty(&p);
    assert!(s.contains("(unsigned char)v"), "{s}");
    assert!(s.contains("(unsigned char)-v"), "{s}");
}

#[test]
fn macros_expand_and_spans_point_at_use_sites() {
    let p = ok("#include <stdio.h>\n#define N 3\n#define SQ(x) ((x) * (x))\nint a[N];\nint main(void) {\n  a[0] = SQ(N + 1);\n  return a[0] == EOF;\n}\n");
    assert_eq!(p.globals[0].ty, Type::Array(Box::new(Type::INT), 3));
    let f = func(&p, "main");
    let assign = stmts(f)
        .into_iter()
        .find(|s| s.component == Some(Component::Assign))
        .expect("assignment");
    assert_eq!(loc(&p, assign.span), "6:3");
}

#[test]
fn printf_expression_arguments_are_components_of_their_own() {
    let p = ok("#include <stdio.h>\nint main(void) { int a = 1, b = 2; printf(\"%d %d\\n\", a - b, a); return 0; }");
    let text = pretty(&p);
    // `a - b` is computed into a temporary just before the printf; the plain variable `a`
    // stays an argument (a sink, see `argument`).
    assert!(text.contains("= (a - b)"), "{text}");
    let main = func(&p, "main");
    let args: Vec<_> = stmts(main)
        .into_iter()
        .filter(|s| s.component == Some(faultline_ir::Component::Argument))
        .collect();
    assert_eq!(args.len(), 1, "{text}");
}

#[test]
fn math_function_arguments_are_components_of_their_own() {
    let p = ok("#include <math.h>\ndouble f(double x, int n) { return sqrt(x * x + 1.0) + pow(x, n) + fabs(x - 3.0); }");
    let text = pretty(&p);
    let args: Vec<String> = stmts(func(&p, "f"))
        .into_iter()
        .filter(|s| s.component == Some(faultline_ir::Component::Argument))
        .map(|s| p.files.text(s.span).to_string())
        .collect();
    // `x` and `n` (a plain variable, converted) stay as written.
    assert_eq!(args, ["x * x + 1.0", "x - 3.0"], "{text}");
}
