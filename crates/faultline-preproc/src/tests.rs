//! Behavioural tests of the whole preprocessor through the public API.

use std::collections::HashMap;

use faultline_ir::{ErrorKind, FileId, FrontendErrors, LineCol, Span};

use crate::{preprocess, preprocess_with, Preprocessed};

fn loader(files: &[(&str, &str)]) -> HashMap<String, String> {
    files
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect()
}

fn pp(src: &str) -> Preprocessed {
    pp_with(src, &[])
}

fn pp_with(src: &str, files: &[(&str, &str)]) -> Preprocessed {
    preprocess("main.c", src, &loader(files)).unwrap_or_else(|e| panic!("unexpected errors:\n{e}"))
}

fn errs(src: &str, files: &[(&str, &str)]) -> FrontendErrors {
    match preprocess("main.c", src, &loader(files)) {
        Ok(p) => panic!("expected an error, got:\n{}", p.text),
        Err(e) => e,
    }
}

/// (path, line, column) of error `i`.
fn at(e: &FrontendErrors, i: usize) -> (String, u32, u32) {
    let l = e.files.locate(e.errors[i].span);
    (l.path, l.start.line, l.start.column)
}

/// The output's lines with surrounding blanks trimmed, empty lines dropped.
fn lines(p: &Preprocessed) -> Vec<String> {
    p.text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

/// The original text the output range of `needle` (its `nth` occurrence) maps to.
fn origin_of(p: &Preprocessed, needle: &str, nth: usize) -> (FileId, String) {
    let start = p
        .text
        .match_indices(needle)
        .nth(nth)
        .unwrap_or_else(|| panic!("{needle:?} not in {:?}", p.text))
        .0;
    let sp = p.span(start, start + needle.len());
    (sp.file, p.files.text(sp).to_string())
}

#[test]
fn text_without_macros_passes_through_byte_for_byte() {
    let src =
        "int main(void) {\n  /* comment */ int x = 1; // c\n\treturn x;\r\n}\n\"#s\\\n\" 'a' ???\n";
    let p = pp(src);
    // Comments become spaces (newlines kept); everything else is unchanged but for the
    // string with a line splice inside, joined (its newline moved to the end of its line).
    let blanked =
        "int main(void) {\n                int x = 1;     \n\treturn x;\r\n}\n\"#s\" 'a' ???\n\n";
    assert_eq!(p.text, blanked);
    assert_eq!(p.span(6, 10), Span::new(FileId(0), 6, 10));
    // Directive lines are blanked but keep their newline (continuations included).
    let src = "#include <stdio.h>\n#define X \\\n  1\nint y;\n#if 0\nskipped\n#endif\nint z;";
    let p = pp(src);
    assert_eq!(p.text, "\n\n\nint y;\n\n\n\nint z;");
    assert_eq!(p.text.lines().count(), src.lines().count());
}

#[test]
fn comments_become_spaces_with_their_newlines_kept() {
    // Splices outside comments stay; inside a comment they are part of it.
    let src = "a /* x\ny */ b // c \\\n d\ne /\\\n* z *\\\n/ f \\\ng \"/* s */\" '//'\n";
    let p = pp(src);
    assert_eq!(
        p.text,
        "a     \n     b       \n  \ne   \n      \n  f \\\ng \"/* s */\" '//'\n"
    );
    assert_eq!(p.text.len(), src.len());
    let g = p.text.find('g').unwrap();
    assert_eq!(p.files.locate(p.span(g, g + 1)).start.line, 7);
    // A comment inside a macro argument is a space too.
    let p = pp("#define ID(x) x\nint y = ID(1 /* one */ + 2);\n");
    assert_eq!(lines(&p), ["int y = 1 + 2;"]);
}

/// A line splice inside a keyword, a name, a number, a string or an operator joins it (C11
/// 5.1.1.2 phase 2): the parser gets the joined token, the swallowed newlines come at the end
/// of the line so the next lines keep their numbers, and the token maps to its whole span.
#[test]
fn splices_inside_tokens_join_them_and_keep_line_numbers() {
    let src = "int v\\\nal = 4\\\n2 +\\\n+ 0; re\\\nturn \"a\\\nb\";\nint w = __LINE__;\n";
    let p = pp(src);
    assert_eq!(
        lines(&p),
        ["int val = 42 ++ 0; return \"ab\";", "int w = 7;"]
    );
    // Six lines before `int w`, as in the source.
    let w = p.text.find("int w").unwrap();
    assert_eq!(p.files.locate(p.span(w, w + 5)).start.line, 7);
    // The joined name maps to its spliced spelling's whole span (lines 1 to 2).
    let v = p.text.find("val").unwrap();
    let at = p.files.locate(p.span(v, v + 3));
    assert_eq!((at.start.line, at.end.line), (1, 2));
    // With CRLF line ends too.
    let p = pp("int v\\\r\nal = 1;\r\n");
    assert_eq!(lines(&p), ["int val = 1;"]);
}

/// `_Pragma("…")`, written or produced by a macro, is a pragma: ignored like `#pragma`.
#[test]
fn the_pragma_operator_is_ignored_like_pragma_lines() {
    let p = pp("_Pragma(\"once\")\n#define NOWARN _Pragma(\"GCC diagnostic ignored \\\"-Wall\\\"\") int\nNOWARN x = 1; _Pragma ( \"pack()\" ) int y;\n");
    assert_eq!(lines(&p), ["int x = 1;  int y;"]);
}

#[test]
fn a_lone_carriage_return_ends_a_line_as_in_gcc() {
    let src = "#define X 1\rint a = X; // c\rint b = 2;\r\nint c = __LINE__;\r";
    let p = pp(src);
    assert_eq!(lines(&p), ["int a = 1;", "int b = 2;", "int c = 4;"]);
    let b = p.text.find("int b").unwrap();
    assert_eq!(
        p.files.locate(p.span(b, b + 5)).start,
        LineCol { line: 3, column: 1 }
    );
    let files = [("h.h", "int h = 1;\r// hidden\rint i = __LINE__;\r")];
    let p = pp_with("#include \"h.h\"\n", &files);
    assert_eq!(lines(&p), ["int h = 1;", "int i = 3;"]);
}

#[test]
fn object_macros_expand_textually() {
    let p = pp("#define OLEV 600+100\nint x = OLEV*2;\n");
    assert_eq!(p.text, "\nint x = 600+100*2;\n");
    let p = pp("#define A B + 1\n#define B 2\nint y = A;\n");
    assert_eq!(lines(&p), ["int y = 2 + 1;"]);
    // An empty macro leaves nothing.
    let p = pp("#define EMPTY\nint EMPTY z;\n");
    assert_eq!(lines(&p), ["int  z;"]);
}

#[test]
fn expansion_keeps_tokens_apart() {
    let p = pp("#define NEG -1\n#define M -\nint x = -NEG; int y = M-1;\n");
    assert_eq!(lines(&p), ["int x = - -1; int y = - -1;"]);
    let p = pp("#define N 1\nint x = N+N;\n");
    assert_eq!(lines(&p), ["int x = 1+1;"]);
}

#[test]
fn function_like_macros_with_nested_parens_and_commas() {
    let p = pp("#define MAX(a, b) ((a) > (b) ? (a) : (b))\nint y = MAX(f(1, 2), (3, 4));\n");
    assert_eq!(
        lines(&p),
        ["int y = ((f(1, 2)) > ((3, 4)) ? (f(1, 2)) : ((3, 4)));"]
    );
    // Zero-parameter and empty-argument invocations.
    let p = pp("#define Z() 0\n#define ID(x) [x]\nint a = Z() + ID();\n");
    assert_eq!(lines(&p), ["int a = 0 + [];"]);
}

#[test]
fn function_like_name_without_paren_is_left_alone() {
    let p = pp("#define f(x) (x+1)\nint f = 2; int g = f (3);\nint (*p)(int) = f;\n");
    assert_eq!(
        lines(&p),
        ["int f = 2; int g = (3+1);", "int (*p)(int) = f;"]
    );
}

#[test]
fn arguments_may_span_lines_and_line_numbers_are_kept() {
    let src = "#define ADD(a, b) a + b\nint x = ADD(1,\n            2);\nint y;\n";
    let p = pp(src);
    assert_eq!(p.text, "\nint x = 1 + 2;\n\nint y;\n");
    let y = p.text.find("int y").expect("int y");
    let l = p.files.locate(p.span(y, y + 5));
    assert_eq!(l.start, LineCol { line: 4, column: 1 });
}

#[test]
fn directives_inside_macro_arguments_are_reported() {
    let e = errs(
        "#define F(x) x\nint a = F(1\n#ifdef X\n+ 2\n#endif\n);\n",
        &[],
    );
    assert!(
        e.errors[0].message.contains("inside macro arguments"),
        "{e}"
    );
    assert_eq!(at(&e, 0), ("main.c".into(), 3, 1));
}

#[test]
fn arguments_are_expanded_before_substitution_except_around_hash() {
    let src =
        "#define ONE 1\n#define STR(x) #x\n#define XSTR(x) STR(x)\n#define CAT(a, b) a ## b\n\
               #define ID(x) x\n\
               char *s = STR(ONE); char *t = XSTR(ONE); int CAT(ONE, 2) = ID(ONE);\n";
    let p = pp(src);
    assert_eq!(
        lines(&p),
        ["char *s = \"ONE\"; char *t = \"1\"; int ONE2 = 1;"]
    );
}

/// The examples of C11 6.10.3.5, with the standard's expected output (compared without
/// whitespace, which the standard leaves open).
#[test]
fn c11_standard_examples() {
    let src = r#"#define x 3
#define f(a) f(x * (a))
#undef x
#define x 2
#define g f
#define z z[0]
#define h g(~
#define m(a) a(w)
#define w 0,1
#define t(a) a
#define p() int
#define q(x) x
#define r(x,y) x ## y
#define str(x) # x
f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);
g(x+(3,4)-w) | h 5) & m
(f)^m(m);
p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };
char c[2][6] = { str(hello), str() };
#undef str
#undef t
#undef x
#undef f
#undef g
#undef h
#undef m
#undef p
#undef q
#undef r
#undef w
#undef z
#define str(s) # s
#define xstr(s) str(s)
#define debug(s, t) printf("x" # s "= %d, x" # t "= %s",  x ## s, x ## t)
#define INCFILE(n) vers ## n
#define glue(a, b) a ## b
#define xglue(a, b) glue(a, b)
#define HIGHLOW "hello"
#define LOW LOW ", world"
debug(1, 2);
fputs(str(strncmp("abc\0d", "abc", '\4') // this goes away
 == 0) str(: @\n), s);
xstr(INCFILE(2).h)
glue(HIGH, LOW);
xglue(HIGH, LOW)
#define hash_hash # ## #
#define mkstr(a) # a
#define in_between(a) mkstr(a)
#define join(c, d) in_between(c hash_hash d)
char p[] = join(x, y);
#define t(x,y,z) x ## y ## z
int j[] = { t(1,2,3), t(,4,5), t(6,,7), t(8,9,),
 t(10,,), t(,11,), t(,,12), t(,,) };
#define showlist(...) puts(#__VA_ARGS__)
#define report(test, ...) ((test)?puts(#test): printf(__VA_ARGS__))
showlist(The first, second, and third items.);
report(x>y, "x is %d but y is %d", x, y);
"#;
    let expected = r#"f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1);
f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1);
int i[] = { 1, 23, 4, 5, };
char c[2][6] = { "hello", "" };
printf("x" "1" "= %d, x" "2" "= %s", x1, x2);
fputs("strncmp(\"abc\\0d\", \"abc\", '\\4') == 0" ": @\n", s);
"vers2.h"
"hello";
"hello" ", world"
char p[] = "x ## y";
int j[] = { 123, 45, 67, 89, 10, 11, 12, };
puts("The first, second, and third items.");
((x>y)?puts("x>y"): printf("x is %d but y is %d", x, y));
"#;
    let p = pp(src);
    let squash = |s: &str| s.split_whitespace().collect::<String>();
    assert_eq!(squash(&p.text), squash(expected));
}

#[test]
fn stringify_escapes_and_paste_builds_tokens() {
    let p = pp("#define S(x) #x\nchar *a = S(  \"q\\n\"  'c'   +  );\n");
    assert_eq!(lines(&p), [r#"char *a = "\"q\\n\" 'c' +";"#]);
    let p =
        pp("#define CAT(a, b) a##b\n#define E\nint CAT(x, 1) = CAT(, y) + CAT(z,) + CAT(+, +)x;\n");
    assert_eq!(lines(&p), ["int x1 = y + z + ++x;"]);
    // Pasting that does not form one token is an error.
    let e = errs("#define CAT(a, b) a##b\nint x = CAT(+, -);\n", &[]);
    assert!(e.errors[0].message.contains("pasting"), "{e}");
}

#[test]
fn variadic_macros() {
    let p = pp("#define P(fmt, ...) printf(fmt, __VA_ARGS__)\n#define Q(fmt, ...) printf(fmt, ## __VA_ARGS__)\n\
                P(\"%d %d\", 1, (2, 3)); Q(\"x\"); Q(\"%d\", 4);\n");
    assert_eq!(
        lines(&p),
        ["printf(\"%d %d\", 1, (2, 3)); printf(\"x\"); printf(\"%d\", 4);"]
    );
}

#[test]
fn no_infinite_recursion() {
    let p = pp("#define a a + 1\n#define f g\n#define g f\n#define h(x) h(x) * x\nint x = a; f; g; h(h(2));\n");
    assert_eq!(lines(&p), ["int x = a + 1; f; g; h(h(2) * 2) * h(2) * 2;"]);
    // Rescanning reads the rest of the line for arguments.
    let p = pp("#define f(x) x * 2\n#define g f\nint y = g(3);\n");
    assert_eq!(lines(&p), ["int y = 3 * 2;"]);
}

#[test]
fn no_expansion_in_strings_chars_or_comments() {
    let src = "#define X 1\nchar *s = \"X\"; char c = 'X'; /* X */ int y = X; // X\n";
    let p = pp(src);
    assert_eq!(
        lines(&p),
        ["char *s = \"X\"; char c = 'X';         int y = 1;"]
    );
}

#[test]
fn undef_and_redefinition() {
    let p =
        pp("#define X 1\nint a = X;\n#undef X\nint b = X;\n#define X 2\n#define X 3\nint c = X;\n");
    assert_eq!(lines(&p), ["int a = 1;", "int b = X;", "int c = 3;"]);
}

#[test]
fn line_and_file() {
    let p = pp("\n#define L __LINE__\nint a = __LINE__; char *f = __FILE__;\nint b = L;\n");
    assert_eq!(
        lines(&p),
        ["int a = 3; char *f = \"main.c\";", "int b = 4;"]
    );
}

#[test]
fn file_and_line_inside_includes_and_splices_in_text() {
    let files = [("inc/h.h", "char *hf = __FILE__; int hl = __LINE__;\n")];
    let p = preprocess(
        "main.c",
        "#include \"inc/h.h\"\nint a\\\n= __LINE__;\n#define X 1 + \\\n 2\nint b = X;\n",
        &loader(&files),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        lines(&p),
        [
            "char *hf = \"inc/h.h\"; int hl = 1;",
            "int a\\",
            "= 3;",
            "int b = 1 + 2;"
        ]
    );
    // The spliced text passes through unchanged, and the line after a multi-line directive
    // keeps its number.
    let b = p.text.find("int b").expect("int b");
    assert_eq!(p.files.locate(p.span(b, b + 5)).start.line, 6);
}

#[test]
fn pragma_once_uses_the_normalised_path() {
    let files = [
        ("a.h", "#pragma once\nint a;\n"),
        ("d/b.h", "#include \"../a.h\"\n"),
    ];
    let p = pp_with(
        "#include \"./a.h\"\n#include \"d/b.h\"\n#include \"a.h\"\n",
        &files,
    );
    assert_eq!(lines(&p), ["int a;"]);
}

#[test]
fn predefined_macros() {
    let p = preprocess_with(
        "main.c",
        "int a = N; int b = SQ(3);\n#ifdef DEBUG\nint dbg;\n#endif\n",
        &loader(&[]),
        &[("N", "10"), ("SQ(x)", "((x)*(x))"), ("DEBUG", "")],
    )
    .expect("ok");
    assert_eq!(lines(&p), ["int a = 10; int b = ((3)*(3));", "int dbg;"]);
}

#[test]
fn conditionals() {
    let src = "#define A 2\n\
               #if A * 3 == 6 && defined(A) && !defined B\nint one;\n#else\nint no1;\n#endif\n\
               #ifdef B\nint no2;\n#elif A > 1 ? 1 : 0\nint two;\n#elif 1\nint no3;\n#endif\n\
               #ifndef B\n#if 0\n#if 1\nint no4;\n#else\nint no5;\n#endif\n#elif 0x10 >> 4\nint three;\n#endif\n#endif\n\
               #if (-1 < 0u) || '\\0' || 0 && 1/0\nint no6;\n#endif\n\
               #if 0\n#bogus directive ignored here\n#error not reached\n#endif\n\
               #if UNDEFINED_NAME == 0 && 07 + 1LL == 010\nint four;\n#endif\n";
    let p = pp(src);
    assert_eq!(
        lines(&p),
        ["int one;", "int two;", "int three;", "int four;"]
    );
    assert_eq!(p.text.lines().count(), src.lines().count());
}

#[test]
fn conditional_errors_are_located() {
    let e = errs("int a;\n  #if 1\nint b;\n", &[]);
    assert_eq!(at(&e, 0), ("main.c".into(), 2, 3));
    assert!(e.errors[0].message.contains("unterminated #if"));
    assert_eq!(e.errors[0].kind, ErrorKind::Preprocessor);

    let e = errs(
        "#else\n#endif\n#elif 1\n#ifdef X\n#else\n#else\n#endif\n",
        &[],
    );
    let msgs: Vec<_> = e.errors.iter().map(|x| x.message.as_str()).collect();
    assert_eq!(
        msgs,
        [
            "#else without #if",
            "#endif without #if",
            "#elif without #if",
            "#else after #else"
        ]
    );
    assert_eq!(at(&e, 1).1, 2);
    assert_eq!(at(&e, 3).1, 6);

    let e = errs("\n#if 1 / (2 - 2)\n#endif\n", &[]);
    assert!(e.errors[0].message.contains("division by zero"));
    assert_eq!(at(&e, 0).1, 2);

    // #if groups must close in the file that opened them.
    let e = errs("#include \"a.h\"\n#endif\n", &[("a.h", "#if 1\n")]);
    assert_eq!(at(&e, 0), ("a.h".into(), 1, 1));
    assert_eq!(at(&e, 1), ("main.c".into(), 2, 1));
}

#[test]
fn error_directive_and_other_directive_errors() {
    let e = errs(
        "int a;\n#error too   bad \nint b;\n#foo\n#define 3 x\n#undef\n#include\n",
        &[],
    );
    assert_eq!(e.errors[0].message, "#error too   bad");
    assert_eq!(at(&e, 0), ("main.c".into(), 2, 1));
    assert!(e.errors[1]
        .message
        .contains("invalid preprocessing directive #foo"));
    assert!(e.errors[2]
        .message
        .contains("macro names must be identifiers"));
    assert!(e.errors[3].message.contains("#undef"));
    assert!(e.errors[4].message.contains("#include expects"));
    assert_eq!(e.errors.len(), 5);
    // Pragmas, #line and #warning are accepted.
    pp("#pragma GCC optimize(\"O2\")\n#line 10\n#warning careful\n#\nint x;\n");
}

#[test]
fn macro_use_errors() {
    let e = errs("#define F(a, b) a\nint x =\n  F(1);\n", &[]);
    assert!(e.errors[0]
        .message
        .contains("requires 2 arguments, but only 1 given"));
    assert_eq!(at(&e, 0), ("main.c".into(), 3, 3));
    let e = errs("#define F(a) a\nint x = F(1, 2);\n", &[]);
    assert!(e.errors[0].message.contains("passed 2 arguments"));
    let e = errs("#define F(a) a\nint x = F(1;\n", &[]);
    assert!(e.errors[0].message.contains("unterminated argument list"));
    let e = errs("#define F(a) #b\n", &[]);
    assert!(e.errors[0].message.contains("'#' is not followed"));
    let e = errs("#define F(a, a) a\n#define G ## x\n", &[]);
    assert!(e.errors[0].message.contains("duplicate"));
    assert!(e.errors[1].message.contains("'##'"));
}

#[test]
fn std_header_macros_only_after_include() {
    let p = pp("int a = INT_MAX; bool b = true;\n#include <limits.h>\n#include <stdbool.h>\n\
                int c = INT_MAX; int d = INT_MIN; unsigned e = UINT_MAX; long f = LONG_MIN; bool g = true;\n\
                #if INT_MAX > 0 && __bool_true_false_are_defined && CHAR_MIN < 0\nint ok;\n#endif\n\
                #include <stdlib.h>\n#include <stdio.h>\n#include <assert.h>\nint h = EXIT_FAILURE + EOF;\n");
    assert_eq!(
        lines(&p),
        [
            "int a = INT_MAX; bool b = true;",
            "int c = 2147483647; int d = (-2147483647-1); unsigned e = 4294967295U; long f = (-9223372036854775807L-1L); _Bool g = 1;",
            "int ok;",
            "int h = 1 + (-1);",
        ]
    );
    assert_eq!(
        p.std_headers,
        ["limits.h", "stdbool.h", "stdlib.h", "stdio.h", "assert.h"]
    );
    assert!(p.files.len() == 1, "standard headers are not files");
}

#[test]
fn unsupported_system_header_is_an_error_at_the_directive() {
    // A header of the C library Faultline does not model is accepted (its names are refused
    // where they are used); any other system header is an error at its directive.
    let e = errs(
        "int x;\n  #include <pthread.h>\n#include <gtk/gtk.h>\n",
        &[],
    );
    let known = "(Faultline models stdio.h, stdlib.h, assert.h, stdbool.h, limits.h, string.h, \
                 math.h, ctype.h, stdint.h, inttypes.h, stddef.h, float.h)";
    assert_eq!(e.errors.len(), 1, "{:?}", e.errors);
    assert_eq!(
        e.errors[0].message,
        format!("unsupported: header <gtk/gtk.h> {known}")
    );
    assert_eq!(e.errors[0].kind, ErrorKind::Unsupported);
    assert_eq!(at(&e, 0), ("main.c".into(), 3, 1));
    let p = pp("#include <time.h>\n#include <stdio.h>\n#include <time.h>\nint x;\n");
    assert_eq!(p.std_headers, ["time.h", "stdio.h"]);
    assert_eq!(lines(&p), ["int x;"]);
}

#[test]
fn includes_resolve_relative_to_the_including_file() {
    let files = [
        ("src/inc/a.h", "#include \"../b.h\"\nint a;\n"),
        ("src/b.h", "#define B 7\nint b = B;"),
    ];
    let p = preprocess(
        "src/main.c",
        "#include \"inc/a.h\"\nint m = B;\n",
        &loader(&files),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(lines(&p), ["int b = 7;", "int a;", "int m = 7;"]);
    let paths: Vec<_> = p.files.iter().map(|(_, f)| f.path.clone()).collect();
    assert_eq!(paths, ["src/main.c", "src/inc/a.h", "src/b.h"]);
    // Spans of included text point into the included file.
    let (file, text) = origin_of(&p, "int a", 0);
    assert_eq!((file, text.as_str()), (FileId(1), "int a"));
    let (file, text) = origin_of(&p, "7", 0);
    assert_eq!((file, text.as_str()), (FileId(2), "B"));
    let (file, text) = origin_of(&p, "int m", 0);
    assert_eq!((file, text.as_str()), (FileId(0), "int m"));
}

#[test]
fn missing_include_is_an_error_at_the_directive() {
    let e = errs("int x;\n#include \"nope.h\"\n", &[("a.h", "")]);
    assert_eq!(e.errors[0].message, "cannot open include file \"nope.h\"");
    assert_eq!(at(&e, 0), ("main.c".into(), 2, 1));
    // A broken header included twice is reported once, in the header.
    let e = errs(
        "#include \"c.h\"\n#include \"c.h\"\n",
        &[("c.h", "int c; /* open")],
    );
    assert_eq!(e.errors.len(), 1);
    assert_eq!(at(&e, 0), ("c.h".into(), 1, 8));
    assert_eq!(e.errors[0].message, "unterminated comment");
    // A quoted standard header falls back to the known one.
    let p = pp("#include \"stdbool.h\"\nbool b;\n");
    assert_eq!(lines(&p), ["_Bool b;"]);
}

#[test]
fn guards_and_pragma_once_include_once() {
    let files = [
        ("g.h", "#ifndef G_H\n#define G_H\nint g;\n#endif\n"),
        ("o.h", "#pragma once\nint o;\n"),
    ];
    let p = pp_with(
        "#include \"g.h\"\n#include \"o.h\"\n#include \"g.h\"\n#include \"o.h\"\nint m;\n",
        &files,
    );
    assert_eq!(lines(&p), ["int g;", "int o;", "int m;"]);
    assert_eq!(p.files.len(), 3);
}

#[test]
fn include_cycles_are_errors_not_hangs() {
    let e = errs(
        "#include \"a.h\"\n",
        &[("a.h", "#include \"a.h\"\nint a;\n")],
    );
    assert!(e.errors[0].message.contains("nested too deeply"), "{e}");
    assert_eq!(at(&e, 0).0, "a.h");
    // An exponential include tree stops at the include budget.
    let files = [
        ("a.h", "#include \"b.h\"\n#include \"b.h\"\n"),
        ("b.h", "#include \"a.h\"\n#include \"a.h\"\n"),
    ];
    let t = std::time::Instant::now();
    let e = errs("#include \"a.h\"\n", &files);
    assert!(!e.errors.is_empty());
    assert!(t.elapsed().as_secs() < 10);
}

#[test]
fn malformed_include_names() {
    let e = errs(
        "#include \"é\n#include <a//b.h> // x\n#include <x\n#include \"\"\n",
        &[],
    );
    let msgs: Vec<_> = e.errors.iter().map(|x| x.message.as_str()).collect();
    assert_eq!(
        msgs,
        [
            "missing terminating \" character",
            "unsupported: header <a//b.h> (Faultline models stdio.h, stdlib.h, assert.h, \
             stdbool.h, limits.h, string.h, math.h, ctype.h, stdint.h, inttypes.h, stddef.h, float.h)",
            "missing terminating > character",
            "empty filename in #include",
        ]
    );
}

#[test]
fn computed_include() {
    let p = pp_with(
        "#define H \"x.h\"\n#define S <stdbool.h>\n#include H\n#include S\nbool y;\n",
        &[("x.h", "int x;")],
    );
    assert_eq!(lines(&p), ["int x;", "_Bool y;"]);
}

#[test]
fn expansion_bombs_are_errors() {
    let mut src = String::from("#define a0 x\n");
    for i in 1..40 {
        src.push_str(&format!("#define a{i} a{j} a{j}\n", j = i - 1));
    }
    src.push_str("int y = a39;\n");
    let e = errs(&src, &[]);
    assert!(e.errors[0].message.contains("too large"), "{e}");
    let (_, line, _) = at(&e, 0);
    assert_eq!(line, 41);
    // Wide: an argument used many times, nested.
    let t = std::time::Instant::now();
    let e = errs(
        "#define X(a) a a a a a a a a a a a a a a a a\nX(X(X(X(X(X(X(1)))))))\n",
        &[],
    );
    assert!(e.errors[0].message.contains("too large"), "{e}");
    assert!(t.elapsed().as_secs() < 10);
}

#[test]
fn spans_map_to_the_use_site_and_to_arguments() {
    let src = "#define OLEV 600+100\n#define MAX(a, b) ((a) > (b) ? (a) : (b))\n#define TWICE(x) MAX(x, x)\n\
               int x = OLEV*2;\nint y = MAX(foo, bar + 1);\nint z = TWICE(q);\n";
    let p = pp(src);
    // Macro body text maps to the use site.
    assert_eq!(origin_of(&p, "600+100", 0).1, "OLEV");
    assert_eq!(origin_of(&p, "100", 0).1, "OLEV");
    // Pass-through around it stays exact.
    assert_eq!(origin_of(&p, "*2;", 0).1, "*2;");
    // Body tokens of a function-like macro map to name through `)`.
    assert_eq!(origin_of(&p, " > ", 0).1, "MAX(foo, bar + 1)");
    // Argument tokens map to where they were written.
    assert_eq!(origin_of(&p, "foo", 0).1, "foo");
    assert_eq!(origin_of(&p, "bar + 1", 1).1, "bar + 1");
    let foo2 = p.text.match_indices("foo").nth(1).expect("foo").0;
    let l = p.files.locate(p.span(foo2, foo2 + 3));
    assert_eq!((l.start.line, l.start.column), (5, 13));
    // Nested expansion: MAX's body maps to the outermost use site; the argument stays precise.
    assert_eq!(origin_of(&p, " > ", 1).1, "TWICE(q)");
    assert_eq!(origin_of(&p, "q", 0).1, "q");
    // A range from macro text into an argument covers both, in the original.
    let start = p.text.find("((foo)").expect("((foo)");
    assert_eq!(p.files.text(p.span(start, start + 5)), "MAX(foo");
}

#[test]
fn span_is_total_and_clamped() {
    let p = pp("#define A 1\nint x = A;\n");
    let len = p.text.len();
    for (s, e) in [
        (0, 0),
        (len, len),
        (len + 5, len + 9),
        (7, 3),
        (0, usize::MAX),
    ] {
        let sp = p.span(s, e);
        assert!(sp.start <= sp.end);
        assert!(sp.end as usize <= p.files.get(sp.file).text.len());
    }
    let empty = pp("");
    assert_eq!(empty.text, "");
    assert_eq!(empty.span(0, 3), Span::new(FileId(0), 0, 0));
}

#[test]
fn thousand_plain_lines_are_fast() {
    let src: String = (0..1000)
        .map(|i| format!("int v{i} = {i} * (v{i} + 3); /* note */ // tail\n"))
        .collect();
    let t = std::time::Instant::now();
    let p = pp(&src);
    let elapsed = t.elapsed();
    assert_eq!(p.text.len(), src.len());
    assert_eq!(p.text.lines().count(), 1000);
    // Generous: catches quadratic behaviour, not machine load.
    assert!(elapsed.as_millis() < 100, "{elapsed:?}");
}

mod props {
    use proptest::prelude::*;

    use super::*;

    const REALISTIC: &str = "#include \"h.h\"\n#include <stdio.h>\n#include <limits.h>\n\
        #define MAX(a, b) ((a) > (b) ? (a) : (b))\n#define STR(x) #x\n#define CAT(a, b) a ## b\n\
        #define V(...) f(__VA_ARGS__)\n#ifndef N\n#define N 10\n#endif\n\
        #if N > 5 && defined(MAX)\nint big = MAX(N, INT_MAX);\n#elif 1\nint small;\n#else\nint none;\n#endif\n\
        int main(void) {\n  char *s = STR(a + b); int CAT(x, 1) = V(1, 2);\n  printf(\"%d\\n\", __LINE__);\n  return 0;\n}\n";

    const PREFIXES: &[&str] = &[
        "\n#include \"",
        "\n#include <",
        "\n#define ",
        "\n#define F(",
        "\n#if ",
        "\n#elif ",
        "\n#endif",
        "\n#else",
        "\n#undef ",
        "\nF(",
        "MAX(",
        "STR(",
        "CAT(",
        "V(",
        "\\\n",
        "\"",
        "'",
        "/*",
        "//",
        "#",
        "##",
        "__LINE__",
        "defined",
        "\n#ifdef ",
        "\n#error ",
    ];

    fn check(src: &str) {
        let files = loader(&[("h.h", "#pragma once\n#define H 1\nint h = H;\n")]);
        if let Ok(p) = preprocess("main.c", src, &files) {
            let len = p.text.len();
            for (s, e) in [
                (0, len),
                (len / 3, len / 2),
                (len / 2, len / 3),
                (len, len + 1),
            ] {
                let sp = p.span(s, e);
                assert!(sp.start <= sp.end);
                assert!(sp.end as usize <= p.files.get(sp.file).text.len());
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn arbitrary_text_never_panics(src in "\\PC*") {
            check(&src);
        }

        #[test]
        fn preprocessor_alphabet_never_panics(src in "[#a-z()\",'\\\\\n /*#<>0-9.+-]{0,200}") {
            check(&src);
        }

        #[test]
        fn directive_prefixes_with_any_text_never_panic(
            parts in proptest::collection::vec((0usize..PREFIXES.len(), "\\PC{0,12}"), 1..8),
        ) {
            let src: String = parts.iter().map(|(i, t)| format!("{}{t}", PREFIXES[*i])).collect();
            check(&src);
        }

        #[test]
        fn mutated_realistic_file_never_panics(
            edits in proptest::collection::vec((0usize..2000, 0usize..8, "[#()\\\\\n\",a-zA-Z_ ]{0,4}"), 1..6),
        ) {
            let mut src = REALISTIC.to_string();
            for (pos, del, ins) in edits {
                let mut p = pos % (src.len() + 1);
                while !src.is_char_boundary(p) { p -= 1; }
                let mut e = (p + del).min(src.len());
                while !src.is_char_boundary(e) { e -= 1; }
                src.replace_range(p..e.max(p), &ins);
            }
            check(&src);
        }

        #[test]
        fn random_spans_are_within_the_file(a in 0usize..2000, b in 0usize..2000) {
            let files = loader(&[("h.h", "#pragma once\n#define H 1\nint h = H;\n")]);
            let p = preprocess("main.c", REALISTIC, &files).expect("realistic file preprocesses");
            let sp = p.span(a, b);
            prop_assert!(sp.start <= sp.end);
            prop_assert!(sp.end as usize <= p.files.get(sp.file).text.len());
        }
    }
}

#[test]
fn gccs_predefined_macros_for_gnu99_on_x86_64_linux() {
    // What gcc -std=gnu99 defines and programs test; `linux` (GNU modes only) is not.
    let p = pp(
        "#if defined(__GNUC__) && __STDC_VERSION__ >= 199901L && __STDC__\nint gnu;\n#endif\n\
                #ifdef __linux__\nint os = __SIZEOF_LONG__ * __CHAR_BIT__;\n#endif\n\
                #ifdef _WIN32\nint win;\n#endif\nint linux = 1;\n",
    );
    assert_eq!(lines(&p), ["int gnu;", "int os = 8 * 8;", "int linux = 1;"]);
}
