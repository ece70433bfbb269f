//! Lowered programs run by the interpreter give what gcc's binary would.

mod common;

use faultline_interp::{run, Entry, Input, Outcome, RunOptions};

fn exec(src: &str, args: &[&str], stdin: &str) -> (String, Outcome) {
    let p = common::ok(src);
    let input = Input {
        program_name: "prog".into(),
        args: args.iter().map(|s| s.to_string()).collect(),
        stdin: stdin.as_bytes().to_vec(),
        nondet: vec![],
    };
    let r = run(&p, Entry::Main, &input, &RunOptions::default());
    (String::from_utf8_lossy(&r.stdout).into_owned(), r.outcome)
}

#[test]
fn arithmetic_conversions_and_output() {
    let (out, outcome) = exec(
        r#"int main(void) {
    unsigned char c = 250;
    int i = -1;
    unsigned u = 1;
    long big = 2147483648;
    c += 10;
    printf("%d %d %u %ld %x\n", c, i < u, 0xFFFFFFFF, big, -1);
    return 3;
}"#,
        &[],
        "",
    );
    assert_eq!(out, "4 0 4294967295 2147483648 ffffffff\n");
    assert_eq!(outcome, Outcome::Exited { code: 3 });
}

#[test]
fn loops_switch_and_side_effects() {
    let (out, _) = exec(
        r#"int calls;
int f(int x) { calls++; return x; }
int main(void) {
    int i = 0, n = 0, s = 0;
    while (i++ < 5) s += i;
    for (int j = 0; j < 10; j++) { if (j % 2) continue; if (j > 6) break; n++; }
    do { n--; } while (n > 2);
    int z = 0 && f(1);
    int o = 1 || f(2);
    int t = s > 10 ? f(3) : f(4);
    switch (t) { case 3: s += 100; case 4: s += 1000; break; default: s = 0; }
    printf("%d %d %d %d %d %d\n", i, s, n, z, o, calls);
    return 0;
}"#,
        &[],
        "",
    );
    assert_eq!(out, "6 1115 2 0 1 1\n");
}

#[test]
fn input_arrays_and_argv() {
    let (out, outcome) = exec(
        r#"int sum(int a[], int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
main(argc, argv) int argc; char *argv[]; {
    int a[5] = {1, 2}, x, c, k = 0;
    char name[] = "ok";
    if (scanf("%d", &x) != 1) return 1;
    a[4] = x;
    while ((c = getchar()) != EOF) if (c == 'z') k++;
    printf("%d %d %s %s %d\n", sum(a, 5), k, argv[1], name, atoi(argv[2]) + argv[1][0]);
    exit(sum(a, 2));
}"#,
        &["hi", "40"],
        "7 zzaz",
    );
    assert_eq!(out, "10 3 hi ok 144\n");
    assert_eq!(outcome, Outcome::Exited { code: 3 });
}

#[test]
fn static_locals_and_recursion() {
    let (out, _) = exec(
        r#"int next(void) { static int n = 10; return n++; }
int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int main(void) { next(); next(); printf("%d %d\n", next(), fib(10)); return 0; }"#,
        &[],
        "",
    );
    assert_eq!(out, "12 55\n");
}

#[test]
fn large_zero_fill_uses_a_loop() {
    let src = "int main(void) { int a[3][100] = {{1, 2}, {3}}; int s = 0; for (int i = 0; i < 3; i++) for (int j = 0; j < 100; j++) s += a[i][j] * (i + 1); printf(\"%d %d\\n\", s, a[2][99]); return 0; }";
    let (out, _) = exec(src, &[], "");
    assert_eq!(out, "9 0\n");
    let p = common::ok(src);
    let main = common::func(&p, "main");
    assert!(common::stmts(main).len() < 60);
}

#[test]
fn typedef_casts_parsed_as_calls() {
    let (out, _) = exec(
        "typedef long long i64;\ntypedef unsigned char byte;\nint main(void) { int x = 300; i64 b = (i64)(x) * 3000000000; byte c = (byte)(x); int n = (i64) - x; printf(\"%lld %d %d %d\\n\", b, c, n, (int)sizeof(i64)); return 0; }",
        &[],
        "",
    );
    assert_eq!(out, "900000000000 44 -300 8\n");
}

#[test]
fn empty_braces_zero_initialize() {
    let (out, _) = exec(
        "int main(void) { int a[3] = {}; int x = {}; int y = {7}; printf(\"%d %d %d %d\\n\", a[0], a[2], x, y); return 0; }",
        &[],
        "",
    );
    assert_eq!(out, "0 0 0 7\n");
}

#[test]
fn bool_casts_and_conversions() {
    let (out, _) = exec(
        "int main(void) { int x = 256; _Bool b = x; unsigned char c = x; printf(\"%d %d %d %d\\n\", b, c, (_Bool)(x & 256), (_Bool)0); return 0; }",
        &[],
        "",
    );
    assert_eq!(out, "1 0 1 0\n");
}

#[test]
fn string_literal_arguments_are_global_arrays() {
    let src = "int len(const char s[]) { int n = 0; while (s[n]) n++; return n; }\nvoid shout(char *s) { printf(\"%s! (%d)\\n\", s, len(s)); }\nint main(void) { shout(\"hey\"); printf(\"%d\\n\", len(\"four\")); return 0; }";
    let (out, _) = exec(src, &[], "");
    assert_eq!(out, "hey! (3)\n4\n");
    let p = common::ok(src);
    assert_eq!(p.globals[0].init, vec![104, 101, 121, 0]);
}

#[test]
fn deep_but_legal_nesting_lowers_and_runs() {
    // A flat sum of 900 terms and 300 nested `if`s with blocks (issue 28: 199 terms and
    // ~100 `if`s were refused). This runs on a test thread's 2 MiB stack.
    let sum = vec!["1"; 900].join(" + ");
    let (out, outcome) = exec(
        &format!("int main(void) {{ printf(\"%d\\n\", {sum}); return 0; }}"),
        &[],
        "",
    );
    assert_eq!(out, "900\n");
    assert_eq!(outcome, Outcome::Exited { code: 0 });
    let ifs = "if (x > 0) { x = x - 1; ".repeat(300);
    let close = "}".repeat(300);
    let (out, _) = exec(
        &format!(
            "int main(void) {{ int x = 1000; {ifs} printf(\"%d\\n\", x); {close} return 0; }}"
        ),
        &[],
        "",
    );
    assert_eq!(out, "700\n");
}

/// A `switch` of 10^5 cases lowers in a second or two and runs: duplicate `case` values were
/// looked for pairwise (5·10^9 comparisons, seconds per compile, and a diagnosis recompiles
/// for each repair it confirms). A duplicate is still an error at it.
#[test]
fn a_switch_of_a_hundred_thousand_cases_lowers_quickly() {
    let cases: String = (0..100_000)
        .map(|i| format!("case {i}: return {};\n", i + 1))
        .collect();
    let src = format!(
        "int f(int x) {{ switch (x) {{\n{cases}}} return 0; }}\n\
         int main(void) {{ printf(\"%d %d\\n\", f(99999), f(-1)); return 0; }}\n"
    );
    let t = std::time::Instant::now();
    let (out, outcome) = exec(&src, &[], "");
    let took = t.elapsed();
    assert_eq!(out, "100000 0\n");
    assert_eq!(outcome, Outcome::Exited { code: 0 });
    assert!(took < std::time::Duration::from_secs(15), "{took:?}");
    let e = faultline_lower::compile(
        "t.c",
        "int f(int x) { switch (x) { case 1: return 1;\ncase 2: return 2;\ncase 1: return 3; } return 0; }\n",
        &common::NoFiles,
    )
    .unwrap_err();
    assert_eq!(e.errors[0].message, "duplicate `case` value");
    assert_eq!(e.files.locate(e.errors[0].span).start.line, 3);
}

#[test]
fn comments_anywhere_do_not_change_the_program() {
    // An `else` followed by a comment lost its branch (issue 28).
    let (out, _) = exec(
        "int main(void) {\n  int a = 1, r;\n  if (a == 0) r = 10; else // other\n    r = 20;\n  if (a) /* c */ r += 1; /* d */ else /* e */ { r = 0; }\n  printf(\"%d\\n\", r);\n  return 0;\n}\n",
        &[],
        "",
    );
    assert_eq!(out, "21\n");
}

#[test]
fn typedefs_of_primitive_types_and_ctype() {
    let (out, _) = exec(
        "#include <ctype.h>\ntypedef int bool;\ntypedef unsigned char byte;\ntypedef int triple[3];\nint main(void) {\n  bool t = 1; byte b = 255; triple v = {1, 2, 3};\n  b++;\n  printf(\"%d %d %d %d %d %d\\n\", t, b, v[2], isdigit('4'), toupper('q'), toupper(-3));\n  return 0;\n}\n",
        &[],
        "",
    );
    assert_eq!(out, "1 0 3 2048 81 253\n");
}

/// Before C23, `true`, `false` and `bool` are ordinary names (tree-sitter-c reads them as
/// keywords): a program that declares them gets its own objects, as with gcc -std=c90/c17.
#[test]
fn true_false_and_bool_are_names_without_stdbool() {
    let (out, outcome) = exec(
        r#"#include <stdio.h>
typedef enum { false, true } bool;
int main(void) {
    bool done = false;
    int n = 0;
    while (!done) {
        n++;
        if (n == 3) done = true;
    }
    printf("%d %d %d\n", n, done, (int)sizeof(bool));
    return 0;
}"#,
        &[],
        "",
    );
    assert_eq!(out, "3 1 4\n");
    assert_eq!(outcome, Outcome::Exited { code: 0 });
    let (out, _) = exec(
        "#include <stdio.h>\nint true;\nint main(void) {\n    int false = 7;\n    true = 1;\n    true += false; /* a true comment */\n    printf(\"%d %d %s\\n\", true, false, \"true\");\n    return 0;\n}\n",
        &[],
        "",
    );
    assert_eq!(out, "8 7 true\n");
    let (out, _) = exec(
        "#include <stdio.h>\nint main(void) {\n    int bool = 2;\n    printf(\"%d\\n\", bool * 21);\n    return 0;\n}\n",
        &[],
        "",
    );
    assert_eq!(out, "42\n");
    // Undeclared, they keep their C23 meaning; with <stdbool.h>, its macros.
    let (out, _) = exec(
        "#include <stdio.h>\nint main(void) {\n    bool b = 5;\n    printf(\"%d %d %d\\n\", true, false, b);\n    return 0;\n}\n",
        &[],
        "",
    );
    assert_eq!(out, "1 0 1\n");
    let (out, _) = exec(
        "#include <stdio.h>\n#include <stdbool.h>\nint main(void) {\n    bool b = 5;\n    printf(\"%d %d %d\\n\", true, false, b);\n    return 0;\n}\n",
        &[],
        "",
    );
    assert_eq!(out, "1 0 1\n");
}

#[test]
fn struct_pointers_lists_and_callbacks() {
    // A self-referential struct on the heap, `->` read/write/compound, `&a[i]`, `&p->x`, a
    // struct pointer returned from a function, qsort/bsearch with a struct comparator.
    let (out, outcome) = exec(
        r#"#include <stdlib.h>
typedef struct node Node;
struct node { int v; Node *next; };
struct rec { char tag[4]; int key; };
int by_key(const void *a, const void *b) {
    const struct rec *x = a, *y = b;
    return (x->key > y->key) - (x->key < y->key);
}
Node *push(Node *h, int v) { Node *p = malloc(sizeof *p); p->v = v; p->next = h; return p; }
int main(void) {
    Node *h = NULL;
    for (int i = 1; i <= 3; i++) h = push(h, i);
    h->next->v *= 10;
    int *q = &h->next->next->v;
    *q += 5;
    for (Node *p = h; p; p = p->next) printf("%d ", p->v);
    struct rec r[3] = {{"c", 30}, {"a", 10}, {"b", 20}};
    qsort(r, 3, sizeof r[0], by_key);
    struct rec probe = {"", 20}, *hit = bsearch(&probe, r, 3, sizeof(struct rec), by_key);
    struct rec *first = &r[0];
    printf("%s%s%s %ld %s\n", first->tag, r[1].tag, (first + 2)->tag, (long)(hit - r), hit->tag);
    while (h) { Node *t = h->next; free(h); h = t; }
    return 0;
}"#,
        &[],
        "",
    );
    assert_eq!(out, "3 20 6 abc 1 b\n");
    assert_eq!(outcome, Outcome::Exited { code: 0 });
}

#[test]
fn memory_errors_through_struct_pointers_are_located() {
    let src = "struct n { int v; struct n *next; };\n\
               int main(void) {\n  struct n *p = malloc(sizeof *p);\n  p->next = 0;\n  free(p);\n  return p->v;\n}";
    let p = common::ok(src);
    let r = run(&p, Entry::Main, &Input::default(), &RunOptions::default());
    let Outcome::RuntimeError { kind, span } = &r.outcome else {
        panic!("{:?}", r.outcome)
    };
    assert!(
        matches!(kind, faultline_interp::RuntimeErrorKind::UseAfterFree),
        "{kind:?}"
    );
    assert_eq!(common::loc(&p, *span), "6:10");
    let src = "struct n { int a[3]; };\n\
               int main(void) {\n  struct n s, *p = &s;\n  int i = 3;\n  p->a[i] = 1;\n  return 0;\n}";
    let p = common::ok(src);
    let r = run(&p, Entry::Main, &Input::default(), &RunOptions::default());
    assert!(
        matches!(
            r.outcome,
            Outcome::RuntimeError {
                kind: faultline_interp::RuntimeErrorKind::IndexOutOfBounds { index: 3, len: 3 },
                ..
            }
        ),
        "{:?}",
        r.outcome
    );
    let src = "struct n { int v; };\n\
               int main(void) {\n  struct n *p = 0;\n  return p->v;\n}";
    let p = common::ok(src);
    let r = run(&p, Entry::Main, &Input::default(), &RunOptions::default());
    assert!(
        matches!(
            r.outcome,
            Outcome::RuntimeError {
                kind: faultline_interp::RuntimeErrorKind::NullDereference,
                ..
            }
        ),
        "{:?}",
        r.outcome
    );
}

#[test]
fn function_pointer_parameters_call_the_function_passed() {
    let (out, outcome) = exec(
        r#"int inc(int x) { return x + 1; }
int dbl(int x) { return 2 * x; }
int apply(int (*f)(int), int x) { return f(x); }
int twice(int (*g)(int), int x) { return apply(g, apply(g, x)); }
int main(void) {
    printf("%d %d %d\n", apply(inc, 1), twice(dbl, 3), twice(&inc, 0));
    return apply(0, 1);
}"#,
        &[],
        "",
    );
    assert_eq!(out, "2 12 2\n");
    // Calling a null function pointer is located at the call, and said so.
    let Outcome::RuntimeError { kind, .. } = outcome else {
        panic!("{outcome:?}")
    };
    assert!(
        matches!(kind, faultline_interp::RuntimeErrorKind::NullFunctionCall),
        "{kind:?}"
    );
    assert_eq!(kind.message(), "call through a null function pointer");
}

#[test]
fn function_pointers_are_values_of_their_own_type() {
    // Variables, a typedef, a table, a struct member (gcc's layout: 16 bytes), a result, `==`
    // with NULL and between functions, `?:`, a cast; a call through null is located.
    let (out, outcome) = exec(
        r#"typedef int (*binop)(int, int);
int add(int a, int b) { return a + b; }
int sub(int a, int b) { return a - b; }
struct op { char sym; binop fn; };
struct op ops[2] = { {'+', add}, {'-', sub} };
binop find(char c) { return c == '+' ? ops[0].fn : c == '-' ? ops[1].fn : NULL; }
int main(void) {
    binop table[2] = { sub, add };
    int (*f)(int, int) = add;
    int i = 0;
    printf("%d %d %d\n", f(2, 3), table[i](7, 1), (int)sizeof(struct op));
    printf("%d %d %d\n", find('-')(9, 4), find('*') == NULL, find('+') == add);
    f = (binop)0;
    return f(1, 1);
}"#,
        &[],
        "",
    );
    assert_eq!(out, "5 6 16\n5 1 1\n");
    let Outcome::RuntimeError { kind, span } = outcome else {
        panic!("{outcome:?}")
    };
    assert!(
        matches!(kind, faultline_interp::RuntimeErrorKind::NullFunctionCall),
        "{kind:?}"
    );
    assert!(span.start > 0);
}

#[test]
fn strtok_splits_and_literals_are_read_only() {
    let (out, _) = exec(
        r#"#include <string.h>
int main(void) {
    char s[] = ",a,,bc;d";
    char *t = strtok(s, ",;");
    while (t != NULL) {
        printf("[%s]", t);
        t = strtok(NULL, ",;");
    }
    printf(" %s|%s\n", s, strtok(NULL, ",") == NULL ? "end" : "more");
    return 0;
}"#,
        &[],
        "",
    );
    assert_eq!(out, "[a][bc][d] ,a|end\n");
    let (_, outcome) = exec(
        "int main(void) {\n  char *s = \"abc\";\n  s[1] = 'x';\n  return 0;\n}",
        &[],
        "",
    );
    assert!(
        matches!(
            outcome,
            Outcome::RuntimeError {
                kind: faultline_interp::RuntimeErrorKind::StringLiteralWrite,
                ..
            }
        ),
        "{outcome:?}"
    );
}

#[test]
fn a_call_through_a_pointer_no_function_is_assigned_to_is_a_null_call() {
    // `sq` is only ever called by name: no pointer can hold it, so `f` can only be null.
    let (out, outcome) = exec(
        r#"int sq(int x) { return x * x; }
long call(long (*f)(long), long x) { return x > 0 ? f(x) : 0; }
int main(void) {
    printf("%d %ld\n", sq(3), call(0, 0));
    return (int)call(0, 1);
}"#,
        &[],
        "",
    );
    assert_eq!(out, "9 0\n");
    assert!(
        matches!(
            outcome,
            Outcome::RuntimeError {
                kind: faultline_interp::RuntimeErrorKind::NullFunctionCall,
                ..
            }
        ),
        "{outcome:?}"
    );
}

/// The runtime failure of a run, with its line and message.
fn failure(outcome: &Outcome, src: &str) -> (u32, String) {
    let Outcome::RuntimeError { kind, span } = outcome else {
        panic!("expected a runtime error, got {outcome:?}");
    };
    let line = src[..span.start as usize].matches('\n').count() as u32 + 1;
    (line, kind.message())
}

#[test]
fn a_printf_conversion_its_argument_does_not_fit_fails_where_it_runs() {
    // gcc compiles these with a warning and prints whatever another register holds: the
    // run fails at the call, only when it gets there.
    let src = r#"int main(void) {
    double avg;
    int n;
    scanf("%d", &n);
    avg = n / 2.0;
    if (n > 10)
        printf("%d\n", avg);
    printf("%.1f\n", avg);
    return 0;
}"#;
    let (out, outcome) = exec(src, &[], "4\n");
    assert_eq!(out, "2.0\n");
    assert_eq!(outcome, Outcome::Exited { code: 0 });
    let (out, outcome) = exec(src, &[], "12\n");
    assert_eq!(out, "");
    assert_eq!(
        failure(&outcome, src),
        (
            7,
            "`%d` expects an `int` but gets a `double`: the output is undefined".into()
        )
    );
    let cases = [
        (
            "printf(\"%f\\n\", 3);",
            "`%f` expects a `double` but gets an `int`",
        ),
        ("printf(\"%d %d\\n\", 1);", "`%d` has no argument"),
        (
            "printf(\"%s\\n\", 65);",
            "`%s` expects a string (`char *`) but gets an `int`",
        ),
        (
            "char w[4] = \"ab\"; printf(\"%d\\n\", w);",
            "`%d` expects an `int` but gets a `char *`",
        ),
        (
            "float f = 1; printf(\"%c\\n\", f);",
            "`%c` expects an `int` but gets a `float`",
        ),
        (
            "long l = 5; printf(\"%lf\\n\", l);",
            "`%lf` expects a `double` but gets a `long`",
        ),
        (
            "char b[8]; sprintf(b, \"%d\", 2.5);",
            "`%d` expects an `int` but gets a `double`",
        ),
    ];
    for (call, message) in cases {
        let src = format!("int main(void) {{\n    printf(\"a\");\n    {call}\n    return 0;\n}}");
        let (out, outcome) = exec(&src, &[], "");
        assert_eq!(out, "a", "{call}");
        let (line, msg) = failure(&outcome, &src);
        assert_eq!(line, 3, "{call}");
        assert!(msg.starts_with(message), "{call}: {msg}");
    }
}

#[test]
fn printf_mismatches_x86_64_prints_deterministically_are_printed_as_gcc_does() {
    // A 32-bit argument read by a 64-bit conversion is zero-extended (gcc's 32-bit moves
    // clear the register's upper half), a 64-bit one read by `%d` is truncated, a narrow one
    // is promoted, and arguments past the conversions are evaluated and ignored.
    let (out, outcome) = exec(
        r#"int calls;
int f(void) { calls++; return 1; }
int main(void) {
    int x = -5;
    char c = -3;
    short s = -7;
    long l = -123456789012;
    unsigned u = 4000000000u;
    printf("%ld %lld %lu %zu\n", x, x, x, x);
    printf("%d %d %u %x\n", c, s, x, x);
    printf("%d %x %d\n", l, l, u);
    printf("%ld %hd %hhd\n", 7, 70000, 300);
    printf("%d\n", 1, f(), 2.5);
    printf("%d\n", calls);
    return 0;
}"#,
        &[],
        "",
    );
    assert_eq!(
        out,
        "4294967291 4294967291 4294967291 4294967291\n-3 -7 4294967291 fffffffb\n\
         1097262572 4166e5ec -294967296\n7 4464 44\n1\n1\n"
    );
    assert_eq!(outcome, Outcome::Exited { code: 0 });
}

#[test]
fn scanf_into_a_wider_object_stores_the_conversions_bytes_into_its_low_bytes() {
    // glibc writes the conversion's own type through the pointer (`%f` a `float` into the
    // low half of a `double`, `%d` into a `long`, `%c` into an `int`): gcc's output, bit for
    // bit.
    let src = r#"int main(void) {
    double e = 1.5;
    long l = 7;
    int c = 0;
    float f = 0;
    unsigned u = 0;
    scanf("%f %d %c %d %d", &e, &l, &c, &f, &u);
    printf("%f %a %ld %d %f %u\n", e, e, l, c, f, u);
    double d;
    scanf("%f", &d);
    printf("%f\n", d);
    return 0;
}"#;
    let (out, outcome) = exec(src, &[], "2.5 -3 y 1065353216 -1 4.5");
    assert_eq!(
        out,
        "1.500000 0x1.80000402p+0 4294967293 121 1.000000 4294967295\n"
    );
    // `d`'s upper bytes were never set: its value is undefined.
    assert_eq!(
        failure(&outcome, src),
        (
            10,
            "`%f` stores a `float` into 4 of the 8 bytes of a `double` whose other bytes were never set: its value is undefined".into()
        )
    );
}
