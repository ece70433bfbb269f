//! Pointer programs: the formula models pointers (object, offset), so a fault in code that
//! works through pointers is localized like any other, and a relaxed pointer's angelic value
//! is shown as C text (`p + 1`), never as the interpreter's packed encoding. Array parameters
//! (`int *v` used as an array that the function never moves) stay diagnosable as before.

use std::path::Path;

use faultline_diagnose::{diagnose, DiagnoseOptions};

const SWAP: &str = "#include <assert.h>\n\
void swap(int *a, int *b) {\n\
    int t = *a;\n\
    *a = *b;\n\
    *b = *a;\n\
}\n\
void test_swap(void) { int x = 1, y = 2; swap(&x, &y); assert(x == 2 && y == 1); }\n";

const SUM: &str = "#include <assert.h>\n\
int sum(int *v, int n) {\n\
    int s = 0;\n\
    for (int i = 1; i < n; i++) s += v[i];\n\
    return s;\n\
}\n\
void test_sum(void) { int a[3] = {1, 2, 3}; assert(sum(a, 3) == 6); }\n";

fn load(name: &str, text: &str) -> faultline_runner::Loaded {
    let dir = std::env::temp_dir().join(format!("faultline-ptr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    faultline_runner::load_source(Path::new(&path), text).expect("compiles")
}

fn top_lines(report: &faultline_diagnose::Report) -> Vec<u32> {
    report
        .diagnoses
        .iter()
        .take(5)
        .flat_map(|d| d.statements.iter().map(|s| s.line))
        .collect()
}

#[test]
fn swap_through_pointers_is_localized() {
    let loaded = load("swap.c", SWAP);
    let opts = DiagnoseOptions::default();
    let report =
        diagnose(&loaded.program, &loaded.suite, &opts).expect("pointer programs are diagnosable");
    let lines = top_lines(&report);
    // `*b = *a` (line 5) should store the saved value.
    assert!(
        lines.contains(&5),
        "the store through `b` is blamed: {lines:?}"
    );
    let first = &report.diagnoses[0];
    assert!(first.validated, "{first:?}");
}

/// A pointer walk with the wrong step: the blamed statement computes a pointer, and its
/// angelic value reads as the expression moved, not as a number.
const STEP: &str = "#include <assert.h>\n\
int sum(int *v, int n) {\n\
    int *p = v;\n\
    int s = 0;\n\
    while (p < v + n) {\n\
        s += *p;\n\
        p = p + 2;\n\
    }\n\
    return s;\n\
}\n\
void test_four(void) { int v[4] = {1, 2, 3, 4}; assert(sum(v, 4) == 10); }\n\
void test_one(void) { int v[1] = {7}; assert(sum(v, 1) == 7); }\n";

#[test]
fn wrong_pointer_step_is_localized_with_a_pointer_value() {
    let loaded = load("step.c", STEP);
    let opts = DiagnoseOptions::default();
    let report = diagnose(&loaded.program, &loaded.suite, &opts).expect("diagnosable");
    let lines = top_lines(&report);
    assert!(
        lines.contains(&7),
        "the step `p = p + 2` is blamed: {lines:?}"
    );
    let step = report
        .diagnoses
        .iter()
        .flat_map(|d| &d.statements)
        .find(|s| s.line == 7)
        .expect("line 7 blamed");
    let shown: Vec<String> = step
        .angelic
        .iter()
        .flat_map(|t| &t.values)
        .map(|v| v.value.to_string())
        .collect();
    assert!(!shown.is_empty(), "{step:?}");
    // As C a programmer writes (`p + 1`, the step folded: never `p + 2 - 1`), or, where what
    // it computes as written was not checked, as an element of the array `p` points into:
    // never a packed number.
    for v in &shown {
        assert!(
            v.starts_with("p + ") || v.starts_with("p - ") || v == "p" || v.starts_with("element "),
            "a pointer shown as C text: {shown:?}"
        );
        assert!(
            !v.contains(" + 2 - ") && !v.contains(" + 2 + "),
            "folded: {shown:?}"
        );
    }
    assert!(shown.iter().any(|v| v == "p + 1"), "{shown:?}");
}

#[test]
fn pointer_parameter_used_as_an_array_stays_diagnosable() {
    let loaded = load("sum.c", SUM);
    let opts = DiagnoseOptions::default();
    let report = diagnose(&loaded.program, &loaded.suite, &opts).expect("diagnosable");
    let lines: Vec<u32> = report
        .diagnoses
        .iter()
        .take(5)
        .flat_map(|d| d.statements.iter().map(|s| s.line))
        .collect();
    assert!(lines.contains(&4), "the loop start is blamed: {lines:?}");
}

/// The values a diagnosis gives the statement on `line`, as shown.
fn shown_values(report: &faultline_diagnose::Report, line: u32) -> Vec<String> {
    let stmt = report
        .diagnoses
        .iter()
        .take(5)
        .flat_map(|d| &d.statements)
        .find(|s| s.line == line)
        .unwrap_or_else(|| panic!("line {line} blamed in the top 5: {:?}", top_lines(report)));
    stmt.angelic
        .iter()
        .flat_map(|t| &t.values)
        .map(|v| v.value.to_string())
        .collect()
}

/// The first diagnosis is validated and blames `line` alone, every value it gives that line
/// shown as `value` (`why` says what the program makes of it).
fn assert_first_blames_alone(
    report: &faultline_diagnose::Report,
    line: u32,
    value: &str,
    why: &str,
) {
    let first = &report.diagnoses[0];
    assert!(first.validated, "{first:?}");
    assert_eq!(
        first.statements.iter().map(|s| s.line).collect::<Vec<_>>(),
        vec![line],
        "{why}: {:?}",
        top_lines(report)
    );
    let shown = shown_values(report, line);
    assert!(
        !shown.is_empty() && shown.iter().all(|v| v == value),
        "{shown:?}"
    );
}

/// A pointer set to the wrong array: the relaxed pointer may point into another array that
/// exists there (of its element type), and the value reads as that array's name.
const OTHER_ARRAY: &str = "#include <assert.h>\n\
int a[4];\n\
int b[4];\n\
int max_b(void) {\n\
    int *p = a;\n\
    int m = p[0];\n\
    for (int i = 1; i < 4; i++) if (p[i] > m) m = p[i];\n\
    return m;\n\
}\n\
void test_asc(void) { for (int i = 0; i < 4; i++) { a[i] = 0; b[i] = i + 1; } assert(max_b() == 4); }\n\
void test_first(void) { for (int i = 0; i < 4; i++) { a[i] = 9 - i; b[i] = 7 - i; } assert(max_b() == 7); }\n\
void test_same(void) { for (int i = 0; i < 4; i++) { a[i] = 2; b[i] = 2; } assert(max_b() == 2); }\n";

#[test]
fn a_pointer_to_the_wrong_array_is_moved_into_the_right_one() {
    let loaded = load("other_array.c", OTHER_ARRAY);
    let report =
        diagnose(&loaded.program, &loaded.suite, &DiagnoseOptions::default()).expect("diagnosable");
    assert_first_blames_alone(&report, 5, "b", "`int *p = a` alone explains both tests");
}

/// `&x` where `&y` was meant, among the locals of the call: shown as `&negatives`.
const OTHER_SCALAR: &str = "#include <assert.h>\n\
int signs(const int *v, int n) {\n\
    int pos = 0, neg = 0;\n\
    for (int i = 0; i < n; i++) {\n\
        int *c;\n\
        if (v[i] > 0) c = &pos;\n\
        else if (v[i] < 0) c = &pos;\n\
        else continue;\n\
        *c += 1;\n\
    }\n\
    return pos * 10 + neg;\n\
}\n\
void test_pos(void) { int v[2] = {1, 2}; assert(signs(v, 2) == 20); }\n\
void test_neg(void) { int v[3] = {1, -2, -3}; assert(signs(v, 3) == 12); }\n";

#[test]
fn a_pointer_to_the_wrong_local_is_moved_to_another_local() {
    let loaded = load("other_scalar.c", OTHER_SCALAR);
    let report =
        diagnose(&loaded.program, &loaded.suite, &DiagnoseOptions::default()).expect("diagnosable");
    assert_first_blames_alone(&report, 7, "&neg", "the pointer's initializer alone");
}

/// A function pointer set to the wrong function: the IR holds the function's number, but the
/// angelic value and what the line computes read as the functions' names (`sub`, was `add`),
/// in the report and in its JSON.
const WRONG_FUNCTION: &str = "#include <assert.h>\n\
int add(int a, int b) { return a + b; }\n\
int sub(int a, int b) { return a - b; }\n\
int (*table[2])(int, int) = {add, sub};\n\
int apply(int k, int a, int b) { return table[k](a, b); }\n\
int calc(char c, int a, int b) {\n\
    int (*op)(int, int) = add;\n\
    if (c == '-')\n\
        op = add;\n\
    return op(a, b);\n\
}\n\
void test_table(void) { assert(apply(1, 5, 2) == 3 && apply(0, 1, 1) == 2); }\n\
void test_plus(void) { assert(calc('+', 3, 1) == 4); }\n\
void test_minus(void) { assert(calc('-', 5, 2) == 3); }\n\
void test_minus_more(void) { assert(calc('-', 9, 4) == 5); }\n";

#[test]
fn a_relaxed_function_pointer_shows_the_function_it_needs() {
    let loaded = load("wrong_function.c", WRONG_FUNCTION);
    let report =
        diagnose(&loaded.program, &loaded.suite, &DiagnoseOptions::default()).expect("diagnosable");
    let stmt = report
        .diagnoses
        .iter()
        .take(5)
        .flat_map(|d| &d.statements)
        .find(|s| s.line == 9)
        .unwrap_or_else(|| panic!("`op = add` blamed in the top 5: {:?}", top_lines(&report)));
    let values: Vec<_> = stmt.angelic.iter().flat_map(|t| &t.values).collect();
    assert!(!values.is_empty(), "{stmt:?}");
    for v in &values {
        assert_eq!(v.value.to_string(), "sub", "{v:?}");
        if let Some(was) = &v.was {
            assert_eq!(was.to_string(), "add", "{v:?}");
        }
    }
    let json = serde_json::to_value(values[0]).unwrap();
    assert_eq!(json["value"], "sub", "{json}");
}

/// The corpus case `sp_fnptr_pick_out`: the wrong function stored through a pointer to a
/// function pointer (`*op = add` in `int pick(char c, binop *op)`) ranks first, shown as the
/// function it should store.
#[test]
fn a_function_stored_through_a_pointer_to_a_function_pointer_is_named() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/sp_fnptr_pick_out/calc.c");
    let text = std::fs::read_to_string(&path).expect("corpus case");
    let loaded = load("calc.c", &text);
    let report =
        diagnose(&loaded.program, &loaded.suite, &DiagnoseOptions::default()).expect("diagnosable");
    assert_first_blames_alone(&report, 16, "sub", "`*op = add` alone");
}

/// A dispatch table of `{symbol, function}` records with the wrong function in one entry: the
/// struct member's leaf holds function pointers too, so its value reads as a name.
const WRONG_MEMBER_FUNCTION: &str = "#include <assert.h>\n\
int add(int a, int b) { return a + b; }\n\
int sub(int a, int b) { return a - b; }\n\
int mul(int a, int b) { return a * b; }\n\
struct op { char sym; int (*fn)(int, int); };\n\
int calc(char c, int a, int b) {\n\
    struct op ops[4];\n\
    ops[0].sym = '+';\n\
    ops[0].fn = add;\n\
    ops[1].sym = '-';\n\
    ops[1].fn = add;\n\
    ops[2].sym = '*';\n\
    ops[2].fn = mul;\n\
    ops[3].sym = 'd';\n\
    ops[3].fn = sub;\n\
    for (int i = 0; i < 4; i++) if (ops[i].sym == c) return ops[i].fn(a, b);\n\
    return 0;\n\
}\n\
void test_difference(void) { assert(calc('d', 7, 2) == 5); }\n\
void test_plus(void) { assert(calc('+', 3, 1) == 4); }\n\
void test_times(void) { assert(calc('*', 3, 2) == 6); }\n\
void test_minus(void) { assert(calc('-', 5, 2) == 3); }\n";

#[test]
fn a_relaxed_function_pointer_member_shows_the_function_it_needs() {
    let loaded = load("wrong_member_function.c", WRONG_MEMBER_FUNCTION);
    let report =
        diagnose(&loaded.program, &loaded.suite, &DiagnoseOptions::default()).expect("diagnosable");
    // `ops[1].fn = add`, in the top 5.
    let values = shown_values(&report, 11);
    assert!(
        !values.is_empty() && values.iter().all(|v| v == "sub"),
        "{values:?}"
    );
}

/// A function stored through a struct pointer into a malloc'd record (`c->fn = add` in a
/// setup function): the member's leaf holds function pointers, so the value reads as the
/// function's name, as a direct member store's does, even with no struct variable in the
/// program (the only record is on the heap). A relaxed function pointer may be any function
/// whose address the program takes (`sub`, passed to `twice`).
const MEMBER_THROUGH_POINTER: &str = "#include <assert.h>\n\
#include <stdlib.h>\n\
int add(int a, int b) { return a + b; }\n\
int sub(int a, int b) { return a - b; }\n\
struct calc { int bias; int (*fn)(int, int); };\n\
void setup(struct calc *c) {\n\
    c->bias = 0;\n\
    c->fn = add;\n\
}\n\
int run(int a, int b) {\n\
    struct calc *c = malloc(sizeof *c);\n\
    setup(c);\n\
    int r = c->fn(a, b) + c->bias;\n\
    free(c);\n\
    return r;\n\
}\n\
void test_diff(void) { assert(run(7, 2) == 5); }\n\
void test_same(void) { assert(run(3, 3) == 0); }\n\
void test_add(void) { assert(add(2, 3) == 5); }\n\
int twice(int (*f)(int, int), int a) { return f(a, a); }\n\
void test_twice(void) { assert(twice(sub, 4) == 0); }\n";

#[test]
fn a_function_stored_through_a_struct_pointer_is_named() {
    let loaded = load("member_through_pointer.c", MEMBER_THROUGH_POINTER);
    let report =
        diagnose(&loaded.program, &loaded.suite, &DiagnoseOptions::default()).expect("diagnosable");
    let stmt = report
        .diagnoses
        .iter()
        .take(5)
        .flat_map(|d| &d.statements)
        .find(|s| s.line == 8)
        .unwrap_or_else(|| {
            panic!(
                "`c->fn = add` blamed in the top 5: {:?}",
                top_lines(&report)
            )
        });
    let values: Vec<_> = stmt.angelic.iter().flat_map(|t| &t.values).collect();
    assert_eq!(values.len(), 2, "{stmt:?}");
    for v in &values {
        assert_eq!(v.value.to_string(), "sub", "{v:?}");
        assert_eq!(
            v.was.as_ref().map(|w| w.to_string()).as_deref(),
            Some("add"),
            "{v:?}"
        );
    }
    // The integer member stored through the same pointer still reads as a number.
    if let Some(bias) = (report.diagnoses.iter().flat_map(|d| &d.statements)).find(|s| s.line == 7)
    {
        for v in bias.angelic.iter().flat_map(|t| &t.values) {
            assert!(v.value.to_string().parse::<i64>().is_ok(), "{v:?}");
        }
    }
}
