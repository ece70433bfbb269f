//! Rejected input: each error names the construct and points at it.

mod common;

use common::*;
use faultline_ir::ErrorKind;

fn check(src: &str, kind: ErrorKind, at: &str, needle: &str) {
    let (k, loc, msg) = first_error(src);
    assert_eq!(k, kind, "{msg}");
    assert_eq!(loc, at, "{msg}");
    assert!(msg.contains(needle), "`{msg}` should mention `{needle}`");
}

#[test]
fn floating_point() {
    // Floating types are supported; what C or x86-64 makes an error stays one, located.
    check(
        "int main(void) {\n  long double d;\n}",
        ErrorKind::Unsupported,
        "2:3",
        "long double (80-bit extended)",
    );
    check(
        "int main(void) {\n  double d = 1.5L;\n}",
        ErrorKind::Unsupported,
        "2:14",
        "long double",
    );
    // A `printf` conversion its argument does not fit is undefined behaviour where it runs
    // (end_to_end.rs), not an error; a `scanf` one that writes past its object still is.
    check(
        "int main(void) {\n  char c;\n  scanf(\"%d\", &c);\n}",
        ErrorKind::Semantic,
        "3:15",
        "`scanf` conversion `%d` writes 4 bytes into a 1-byte `char`: past the variable",
    );
    check(
        "int main(void) {\n  float f;\n  scanf(\"%lf\", &f);\n}",
        ErrorKind::Semantic,
        "3:16",
        "past the variable",
    );
    check(
        "int main(void) {\n  double x = 7;\n  return x % 2;\n}",
        ErrorKind::Semantic,
        "3:10",
        "invalid operands to binary `%`",
    );
    check(
        "int main(void) {\n  double x = 7;\n  switch (x) { default: break; }\n}",
        ErrorKind::Semantic,
        "3:10",
        "switch quantity is not an integer",
    );
    check(
        "int main(void) {\n  int a[2];\n  return a[1.0];\n}",
        ErrorKind::Semantic,
        "3:12",
        "subscript is not an integer",
    );
    check(
        "int main(void) {\n  printf(\"%Lf\", 1.0);\n}",
        ErrorKind::Unsupported,
        "2:10",
        "long double",
    );
}

#[test]
fn structs_and_unions() {
    // A struct whose members were never given is an incomplete type.
    check(
        "int main(void) {\n  struct P p;\n  return 0;\n}",
        ErrorKind::Unsupported,
        "2:3",
        "incomplete type",
    );
    check(
        "int main(void) {\n  int x = 0;\n  return x.y;\n}",
        ErrorKind::Semantic,
        "3:10",
        "not a struct",
    );
    check(
        "struct P { int x; };\nint main(void) {\n  struct P p = {1};\n  return p.z;\n}",
        ErrorKind::Semantic,
        "4:12",
        "no member named `z`",
    );
    // C has no `==` on structs.
    check(
        "struct P { int x; };\nint main(void) {\n  struct P a = {1}, b = {1};\n  return a == b;\n}",
        ErrorKind::Semantic,
        "4:10",
        "compare their members",
    );
    check(
        "struct F { int a : 3; };\nint main(void) { return 0; }",
        ErrorKind::Unsupported,
        "1:18",
        "bit-fields",
    );
    // `a->x` on an array parameter of structs is `a[0].x`.
    ok("struct P { int x; };\nint f(struct P a[]) { return a->x; }\nint main(void) { return 0; }");
    // An array member of a by-value struct parameter is passed by reference: writing it is
    // refused rather than silently changing the caller's struct.
    check(
        "struct S { char n[4]; };\nvoid f(struct S s) {\n  s.n[0] = 'x';\n}\nint main(void) { return 0; }",
        ErrorKind::Unsupported,
        "3:3",
        "array member of a struct parameter",
    );
}

#[test]
fn variable_length_arrays() {
    // A VLA is modelled up to a bound: its `sizeof` would be the bound's, so it is refused.
    check(
        "int main(void) {\n  int n = 3;\n  int a[n];\n  return sizeof a;\n}",
        ErrorKind::Unsupported,
        "4:10",
        "`sizeof` of a variable-length array",
    );
    check(
        "int main(void) {\n  int n = 3;\n  int a[n] = {1};\n  return 0;\n}",
        ErrorKind::Semantic,
        "3:7",
        "may not be initialized",
    );
    // Only the outermost dimension may vary.
    check(
        "int main(void) {\n  int n = 3;\n  int a[2][n];\n  return 0;\n}",
        ErrorKind::Unsupported,
        "3:12",
        "variable-length",
    );
    // File-scope arrays need constant sizes.
    check(
        "int n = 3;\nint a[n];\nint main(void) { return 0; }",
        ErrorKind::Unsupported,
        "2:7",
        "variable-length",
    );
}

#[test]
fn pointers() {
    // Pointers to scalars are modelled; what is not gets one located message.
    check(
        "int main(void) {\n  int x = 1;\n  int y = *x;\n  return y;\n}",
        ErrorKind::Semantic,
        "3:12",
        "indirection requires a pointer operand",
    );
    check(
        "int main(void) {\n  int (*fp)(int) = 0;\n  int *p = &fp;\n  return 0;\n}",
        ErrorKind::Unsupported,
        "3:12",
        "conversion from `int (*)(int) *` to `int *` (pointers to different types)",
    );
}

#[test]
fn goto_and_labels() {
    // Jumps out of a region to a label in an enclosing block are lowered; a jump into a
    // block, or jumps that cross so that one would enter the loop of the other, are refused
    // with one located message.
    check(
        "int main(void) {\n  goto in;\n  { in: return 0; }\n}",
        ErrorKind::Unsupported,
        "2:3",
        "`goto in` into a block or to a label outside the blocks enclosing it",
    );
    check(
        "int main(void) {\n  int i = 0;\n  goto mid;\n  top: i++;\n  mid: i++;\n  if (i < 5) goto top;\n  return i;\n}",
        ErrorKind::Unsupported,
        "4:3",
        "`goto top` whose jumps cross those to `mid` (irreducible control flow)",
    );
    check(
        "int main(void) {\n  int i;\n  for (i = 0; i < 3; i++) {\n    if (i) goto out;\n    continue;\n  out: i = 9;\n  }\n  return i;\n}",
        ErrorKind::Unsupported,
        "5:5",
        "`continue` of a loop from between a `goto` and its label",
    );
}

#[test]
fn dynamic_memory_and_string_functions() {
    check(
        "#include <stdlib.h>\nint main(void) {\n  int v[2] = {0};\n  qsort(v, 2, sizeof v[0], 0);\n}",
        ErrorKind::Unsupported,
        "4:28",
        "a comparison function other than a function or a function pointer",
    );
    check(
        "int main(void) {\n  char s[4] = \"ab\";\n  return strcoll(s, \" \") != 0;\n}",
        ErrorKind::Unsupported,
        "3:10",
        "library function `strcoll` (from <string.h>)",
    );
    check(
        "int main(void) {\n  char s[4];\n  strcpy(\"ab\", s);\n}",
        ErrorKind::Semantic,
        "3:10",
        "`strcpy` writes into a string literal",
    );
}

#[test]
fn undefined_function_and_name() {
    check(
        "int main(void) {\n  return foo(1);\n}",
        ErrorKind::Semantic,
        "2:10",
        "call to undefined function `foo`",
    );
    check(
        "int main(void) {\n  return y;\n}",
        ErrorKind::Semantic,
        "2:10",
        "undeclared identifier `y`",
    );
    check(
        "int f(int a) { return a; }\nint main(void) {\n  return f(1, 2);\n}",
        ErrorKind::Semantic,
        "3:10",
        "argument",
    );
}

#[test]
fn syntax_errors_are_located_and_collected() {
    check(
        "int main(void) {\n  int x = 3 +;\n  return x;\n}",
        ErrorKind::Syntax,
        "2:13",
        "unexpected `+`",
    );
    check(
        "int main(void) {\n  int x = 1\n  return x;\n}",
        ErrorKind::Syntax,
        "2:12",
        "expected `;`",
    );
    let e = err("int main(void) {\n  int x = 1\n  return x;\n}\nint f( { }\n");
    assert!(e.errors.iter().all(|x| x.kind == ErrorKind::Syntax));
    assert!(e.errors.len() >= 2, "{e}");
    let rendered = e.to_string();
    assert!(rendered.starts_with("t.c:"), "{rendered}");
}

#[test]
fn other_unsupported_constructs() {
    check(
        "int f(int n, ...) { return n; }",
        ErrorKind::Unsupported,
        "1:14",
        "variadic",
    );
    // A `static` array needs a constant size (a VLA is a local of automatic storage).
    check(
        "int main(void) {\n  int n = 3;\n  static int a[n];\n}",
        ErrorKind::Unsupported,
        "3:16",
        "variable-length array",
    );
    check(
        "int main(void) {\n  int x = 1;\n  switch (x) { case 1: { case 2: x = 3; } }\n}",
        ErrorKind::Unsupported,
        "3:26",
        "case",
    );
    check(
        "int main(void) {\n  char *s = L\"abc\";\n  return 0;\n}",
        ErrorKind::Unsupported,
        "2:13",
        "wide string literals",
    );
    check(
        "int main(void) {\n  ungetc(65, stderr);\n}",
        ErrorKind::Unsupported,
        "2:14",
        "`ungetc` on a stream other than `stdin`",
    );
}

#[test]
fn memset_of_a_whole_object_is_lowered_and_the_rest_is_one_located_error() {
    // `memset(x, c, sizeof x)` of an `int` array, a struct or an array of structs is a store
    // per cell, and a prefix of an integer array may end inside a cell (`memset(cnt, 0, 26)`,
    // the element count given as bytes); a size that is not a constant, part of a struct, or
    // part of a `double` or pointer cell is refused at the call.
    ok("struct s { int a; char n[4]; long b; };\n\
        int main(void) {\n  int v[8];\n  struct s one, many[3];\n  \
        memset(v, 0, sizeof v);\n  memset(&one, 0, sizeof one);\n  \
        memset(many, 0, sizeof(many));\n  memset(v, -1, 4 * sizeof(int));\n  \
        memset(v, 0, 7);\n  \
        return v[0] + one.a + many[2].n[3];\n}");
    check(
        "int main(void) {\n  double d[2];\n  memset(d, 0, 6);\n  return (int)d[0];\n}",
        ErrorKind::Unsupported,
        "3:3",
        "`memset` of 6 bytes of `double[2]` (16 bytes, cells of 8): only whole cells inside the object",
    );
    check(
        "int main(int argc, char **argv) {\n  int v[8];\n  memset(v, 0, argc * sizeof(int));\n  return v[0];\n}",
        ErrorKind::Unsupported,
        "3:3",
        "`memset` of `int[8]` with a value or size that is not a constant",
    );
    check(
        "struct s { int a; long b; };\nint main(void) {\n  struct s x;\n  memset(&x, 0, 4);\n  return x.a;\n}",
        ErrorKind::Unsupported,
        "4:3",
        "`memset` of 4 bytes of `struct s` (16 bytes): only the whole struct is modelled",
    );
}

#[test]
fn multiple_errors_are_collected_without_cascades() {
    let e =
        err("int main(void) {\n  long double f = 1;\n  f = 2;\n  struct { int b : 3; } s;\n  goto x;\n}");
    let locs: Vec<String> = e
        .errors
        .iter()
        .map(|x| {
            let l = e.files.locate(x.span);
            format!("{}:{}", l.start.line, l.start.column)
        })
        .collect();
    // `f = 2` uses a rejected declaration: no second error for it.
    assert_eq!(locs, vec!["2:3", "4:18", "5:3"]);
}

#[test]
fn error_count_is_capped() {
    let body: String = (0..100).map(|i| format!("  long double f{i};\n")).collect();
    let e = err(&format!("int main(void) {{\n{body}}}"));
    assert_eq!(e.errors.len(), 20);
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let depth = 5000;
    let expr = format!("{}1{}", "(".repeat(depth), ")".repeat(depth));
    let (k, _, msg) = first_error(&format!("int main(void) {{ return {expr}; }}"));
    assert_eq!(k, ErrorKind::Unsupported);
    assert!(msg.contains("nesting too deep"), "{msg}");
    let blocks = format!("{}{}", "{".repeat(depth), "}".repeat(depth));
    let (_, _, msg) = first_error(&format!("int main(void) {blocks}"));
    assert!(msg.contains("nesting too deep"), "{msg}");
    let ifs = "if (1) ".repeat(depth);
    let (_, _, msg) = first_error(&format!("int main(void) {{ {ifs} return 0; }}"));
    assert!(msg.contains("nesting too deep"), "{msg}");
    let sum = vec!["1"; depth].join(" + ");
    let (_, _, msg) = first_error(&format!("int main(void) {{ return {sum}; }}"));
    assert!(msg.contains("nesting too deep"), "{msg}");
    // The message names the limit.
    assert!(msg.contains("more than 1000 levels"), "{msg}");
}

/// 10^5 nested blocks (a `goto` at the bottom) are refused at the 1001st level in well under a
/// second: whether a block holds a jump is looked up, not searched for at every level (that
/// search made this take minutes).
#[test]
fn a_hundred_thousand_nested_blocks_are_refused_quickly() {
    let depth = 100_000;
    let src = format!(
        "int main(void) {{ int n = 0;\n{} L: n++; if (n < 2) goto L; {}\nreturn n; }}",
        "{".repeat(depth),
        "}".repeat(depth)
    );
    let t = std::time::Instant::now();
    let (k, at, msg) = first_error(&src);
    let took = t.elapsed();
    assert_eq!(k, ErrorKind::Unsupported);
    assert!(msg.contains("more than 1000 levels"), "{msg}");
    // The 1001st brace of line 2 (column 1000 is the 1000th level, inside the function's).
    assert!(at.starts_with("2:"), "{at}");
    assert!(took < std::time::Duration::from_secs(10), "{took:?}");
}

/// A NUL byte or another control character is named, never printed raw into a terminal or an
/// editor; a trigraph (which gcc's default GNU C does not replace) is one located
/// `unsupported:` naming the character to write.
#[test]
fn nul_bytes_control_characters_and_trigraphs_are_named() {
    let (k, at, msg) = first_error("int f(void) { return 1; }\0\nint g;\n");
    assert_eq!((k, at.as_str()), (ErrorKind::Syntax, "1:26"), "{msg}");
    assert_eq!(
        msg,
        "unexpected NUL byte (\\0): the file is not C text here"
    );
    let (_, _, msg) = first_error("int f(void) { return 1; }\u{1b}[2J\nint g;\n");
    assert_eq!(msg, "unexpected control character U+001B");
    let (k, at, msg) = first_error("int main(void) {\n  int a??(2??);\n  return 0;\n}\n");
    assert_eq!((k, at.as_str()), (ErrorKind::Unsupported, "2:8"), "{msg}");
    assert!(
        msg.starts_with("unsupported: trigraph `??(` (write `[`"),
        "{msg}"
    );
}

/// Labels belong to their function: one defined twice is an error at its second definition
/// (once per name), a `goto` to a label the function lacks is an error at the `goto` (it was
/// "into a block"), as in gcc; a label of another function is not a target.
#[test]
fn duplicate_and_undefined_labels_are_errors_at_them() {
    let src = "int f(int n) {\n  L: n++;\n  { L: n++; if (n < 3) goto L; }\n  { L: n--; }\n  return n;\n}\n";
    let e = err(src);
    let got: Vec<(String, String)> = e
        .errors
        .iter()
        .map(|x| {
            let at = e.files.locate(x.span).start;
            (format!("{}:{}", at.line, at.column), x.message.clone())
        })
        .collect();
    assert_eq!(
        got,
        [("3:5".to_string(), "duplicate label `L`".to_string())]
    );
    let (k, at, msg) =
        first_error("void g(void) { M: ; }\nint f(int x) {\n  if (x) goto M;\n  return 1;\n}\n");
    assert_eq!((k, at.as_str()), (ErrorKind::Semantic, "3:10"), "{msg}");
    assert_eq!(msg, "label `M` used but not defined");
    // A label of an enclosing block elsewhere in the function is still "into a block".
    let (k, _, msg) =
        first_error("int f(int x) {\n  if (x) goto M;\n  { M: x++; }\n  return x;\n}\n");
    assert_eq!(k, ErrorKind::Unsupported, "{msg}");
    // Well-formed jumps still lower.
    ok("int f(int n) {\n  L: n++;\n  if (n < 3) goto L;\n  return n;\n}\nint g(int n) { L: return n; }\n");
}

#[test]
fn standard_library_names_are_one_located_unsupported_error() {
    let src = "#include <stdio.h>\n#include <stdlib.h>\nint main(void) {\n  int c = getchar();\n  perror(\"x\");\n  system(\"ls\");\n  return errno;\n}\n";
    let e = err(src);
    let msgs: Vec<(ErrorKind, String)> = e
        .errors
        .iter()
        .map(|x| (x.kind, x.message.clone()))
        .collect();
    assert_eq!(
        msgs,
        [
            (
                ErrorKind::Unsupported,
                "unsupported: library function `perror` (from <stdio.h>)".to_string()
            ),
            (
                ErrorKind::Unsupported,
                "unsupported: library function `system` (from <stdlib.h>)".to_string()
            ),
            (
                ErrorKind::Unsupported,
                "unsupported: `errno` (from <errno.h>)".to_string()
            ),
        ]
    );
    // A header of the C library Faultline does not model is accepted when none of its names
    // is used (programs include headers out of habit); a use is one error at the use.
    ok("#include <time.h>\n#include <errno.h>\nint main(void) { return 0; }\n");
    let (k, at, msg) = first_error(
        "#include <stdlib.h>\n#include <time.h>\nint main(void) {\n  srand(time(0));\n  return 0;\n}\n",
    );
    assert_eq!(k, ErrorKind::Unsupported);
    assert_eq!(at, "4:3");
    assert_eq!(
        msg,
        "unsupported: library function `srand` (from <stdlib.h>)"
    );
    let (k, at, msg) =
        first_error("#include <time.h>\nint main(void) {\n  time_t t = 0;\n  return t;\n}\n");
    assert_eq!((k, at.as_str()), (ErrorKind::Unsupported, "3:3"), "{msg}");
    assert!(msg.contains("time_t"), "{msg}");
    // A name that is nobody's is still undefined.
    let (k, _, msg) = first_error("int main(void) { return frobnicate(1); }");
    assert_eq!(k, ErrorKind::Semantic);
    assert_eq!(msg, "call to undefined function `frobnicate`");
}

#[test]
fn changing_an_array_parameter_is_changing_a_pointer() {
    // In C an array parameter is a pointer: `s++` is valid.
    let src = "void f(char s[]) { s++; }\nint main(void) { return 0; }";
    ok(src);
}

#[test]
fn a_refused_function_is_the_one_error_not_its_calls() {
    // The definition's own error is the diagnostic; calls to it, and passing it as a
    // comparator, add no "undefined function" consequence errors.
    let src = "int total(int n, ...) { return n; }\n\
               int sq(int x) { return x * x; }\n\
               int main(void) {\n  int a = total(sq(2), 2);\n  return total(a, 1);\n}";
    let errs = err(src);
    assert_eq!(errs.errors.len(), 1, "{errs:?}");
    let (kind, at, msg) = first_error(src);
    assert_eq!(
        (kind, at.as_str()),
        (ErrorKind::Unsupported, "1:18"),
        "{msg}"
    );
    assert!(msg.contains("variadic"), "{msg}");
}

#[test]
fn struct_pointers() {
    // `->` needs a pointer to a struct; an incomplete struct can only be pointed to.
    check(
        "struct P { int x; };\nint main(void) {\n  struct P p = {1};\n  return p->x;\n}",
        ErrorKind::Semantic,
        "4:10",
        "not a pointer",
    );
    check(
        "int main(void) {\n  int v = 1, *q = &v;\n  return q->x;\n}",
        ErrorKind::Semantic,
        "3:10",
        "not to a struct",
    );
    check(
        "struct L;\nint f(struct L *l) { return l->n; }\nint main(void) { return 0; }",
        ErrorKind::Unsupported,
        "2:29",
        "`struct L` used before its members are defined (incomplete type)",
    );
    check(
        "int cmp(const void *a, const void *b) { return 0; }\n\
         int main(void) {\n  void *v = 0;\n  qsort(v, 1, 4, cmp);\n  return 0;\n}",
        ErrorKind::Unsupported,
        "4:9",
        "element type is not known",
    );
    check(
        "int cmp(const void *a, const void *b) { return 0; }\n\
         int main(void) {\n  int a[2] = {2, 1};\n  qsort(a, 2, 8, cmp);\n  return 0;\n}",
        ErrorKind::Unsupported,
        "4:15",
        "element size of 8",
    );
}

#[test]
fn a_refused_static_local_initializer_is_the_one_error_not_its_uses() {
    // Pointer initializers of `static` locals are stored the first time the declaration
    // runs (`tests/differential/ptr_static_tables.c`); one that is no constant is refused
    // once, at the initializer, and the variable's uses are not errors of their own.
    let src = "int seed(void) { return 1; }\n\
               int main(void) {\n  static int n = seed();\n  n++;\n  return n;\n}";
    let errs = err(src);
    assert_eq!(errs.errors.len(), 1, "{errs:?}");
}

/// A pointer to function pointers (`int (**pp)(int)`, `binop *fs`) points to their `long`
/// cells: a table walked through one, a slot rewritten through one, and an out-parameter.
#[test]
fn pointers_to_function_pointers_are_lowered() {
    let src = "int inc(int x) { return x + 1; }\n\
               int dbl(int x) { return 2 * x; }\n\
               typedef int (*unop)(int);\n\
               void pick(int (**pp)(int), int k) { *pp = k ? dbl : inc; }\n\
               int main(void) {\n  int (*fs[2])(int) = {inc, dbl};\n  int (**pp)(int) = fs;\n  \
               unop *end = fs + 2;\n  int (*f)(int) = inc;\n  pick(&f, 1);\n  \
               while (pp < end) { *pp = f; pp++; }\n  return pp[-1](1) + (*fs)(2);\n}";
    ok(src);
}

#[test]
fn a_refused_global_initializer_is_the_one_error_not_its_uses() {
    let src = "int seed(void) { return 1; }\n\
               struct cfg { int name; int level; } conf = { seed(), 3 };\n\
               int main(void) {\n  conf.level++;\n  return conf.level;\n}";
    let errs = err(src);
    assert_eq!(errs.errors.len(), 1, "{errs:?}");
}

#[test]
fn function_pointers() {
    // Function pointers of any use take functions of their type; a function where a pointer
    // to a function pointer is needed is a type error.
    check(
        "int one(void) { return 1; }\nint id(int x) { return x; }\n\
         int call(int (*f)(int), int x) { return f(x); }\nint main(void) { return call(one, 2); }",
        ErrorKind::Semantic,
        "4:30",
        "a function pointer of type `int (*)(void)` where `int (*)(int)` is needed",
    );
    check(
        "int sq(int x) { return x * x; }\nint main(void) {\n  int (*f)(int) = sq;\n  return f < sq;\n}",
        ErrorKind::Semantic,
        "4:10",
        "operator `<` on a function pointer",
    );
    check(
        "int main(void) {\n  int n = 2;\n  return n(1);\n}",
        ErrorKind::Semantic,
        "3:10",
        "called object `n` is not a function or function pointer",
    );
    check(
        "int sq(int x) { return x * x; }\nint main(void) {\n  int (**f)(int) = &sq;\n  return 0;\n}",
        ErrorKind::Semantic,
        "3:20",
        "integer used as a pointer to `int (*)(int)`",
    );
}

#[test]
fn standard_streams_other_than_the_sandboxs_are_one_located_unsupported_error() {
    // `fgetc`, `fscanf` and `fputs` are modelled on the standard streams only; another stream
    // is refused at its argument, naming the call.
    let cases = [
        (
            "#include <stdio.h>\nint main(void) { return fgetc(stdout); }\n",
            "2:31",
            "unsupported: `fgetc` on a stream other than `stdin`",
        ),
        (
            "#include <stdio.h>\nint main(void) { int x; return fscanf(stderr, \"%d\", &x); }\n",
            "2:39",
            "unsupported: `fscanf` on a stream other than `stdin`",
        ),
        (
            "#include <stdio.h>\nint main(void) { fputs(\"x\", stdin); return 0; }\n",
            "2:29",
            "unsupported: `fputs` to a stream other than `stdout`/`stderr`",
        ),
        (
            "#include <stdio.h>\nint main(void) { int r = setbuf(stdout, 0); return r; }\n",
            "2:26",
            "unsupported: using the result of `setbuf`",
        ),
    ];
    for (src, at, want) in cases {
        let (k, got_at, msg) = first_error(src);
        assert_eq!(k, ErrorKind::Unsupported, "{src}");
        assert_eq!((got_at.as_str(), msg.as_str()), (at, want), "{src}");
    }
}

#[test]
fn the_address_of_a_char_array_is_a_string_operand_but_not_of_a_char_pointer() {
    // `&name` of a `char name[N]` is the array (gcc reads and prints the same bytes); `&p` of a
    // `char *p` is a `char **`, which no string operand is.
    let ok = "#include <stdio.h>\nint main(void) { char name[8]; scanf(\"%7s\", &name); printf(\"%s\", &name); return 0; }\n";
    let _ = common::ok(ok);
    let (k, at, msg) = first_error(
        "#include <stdio.h>\nint main(void) { char *p = 0; printf(\"%s\", &p); return 0; }\n",
    );
    assert_eq!(k, ErrorKind::Unsupported);
    assert_eq!(at, "2:44");
    assert!(msg.contains("string argument that is not"), "{msg}");
}
