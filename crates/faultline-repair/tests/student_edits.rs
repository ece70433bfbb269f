//! Edits of faults student programs make that no other family reaches: a call's literal or
//! variable argument, two arguments swapped, a `case` label's constant, the out-parameter a
//! statement stores through, a position compared where the element there was meant, an odd
//! test that negative numbers fail, a string's length that counts the newline. Each repair is
//! asserted as the text the editor would save; each family also where it must not be offered.

use faultline_ir::{Component, FuncId, Program, Stmt, StmtId};
use faultline_repair::{candidates, edited_text, EditKind, Limits, Repair, Searcher};

mod support;
use support::{compile, failing};

fn limits() -> Limits {
    Limits {
        max_steps: 100_000,
        per_statement: 5,
        ..Default::default()
    }
}

/// The statement of kind `kind` whose text is `text`, on `line` (1-based).
fn find(program: &Program, line: u32, kind: Component, text: &str) -> (FuncId, Stmt) {
    let mut found = None;
    program.for_each_stmt(|f, s| {
        if s.component == Some(kind)
            && found.is_none()
            && program.files.locate(s.span).start.line == line
            && program.files.text(s.span) == text
        {
            found = Some((f, s.clone()));
        }
    });
    found.unwrap_or_else(|| {
        let mut there = Vec::new();
        program.for_each_stmt(|_, s| {
            if program.files.locate(s.span).start.line == line {
                there.push((s.component, program.files.text(s.span).to_string()));
            }
        });
        panic!("no {kind:?} `{text}` on line {line}: {there:?}")
    })
}

fn repairs(program: &Program, stmt: StmtId) -> Vec<Repair> {
    let suite = support_suite(program);
    let fails = failing(program, &suite);
    assert!(!fails.is_empty(), "the program passes its tests");
    Searcher::new(program, &suite, &fails, limits()).repairs(stmt, &[])
}

fn support_suite(program: &Program) -> faultline_runner::Suite {
    faultline_runner::Suite::new(program, Vec::new(), &Default::default()).expect("suite")
}

/// `(kind, before, after)` of the edits offered at `stmt`.
fn offered(program: &Program, f: FuncId, stmt: &Stmt) -> Vec<(EditKind, String, String)> {
    candidates(program, f, stmt, &[])
        .into_iter()
        .map(|e| (e.kind, e.before, e.after))
        .collect()
}

/// The first repair: its edit's kind, the edited program's text, and its plausibility.
fn first(program: &Program, stmt: StmtId) -> (EditKind, String, &'static str) {
    let found = repairs(program, stmt);
    let r = found.first().expect("a repair");
    let text = edited_text(program, &r.edit).expect("edited text");
    (r.edit.kind, text, r.edit.plausibility())
}

const NET: &str = "int scaled(int x, int factor)
{
    return x * factor;
}
int net(int gain, int loss)
{
    int total = scaled(gain, 1);
    total += scaled(loss, 1);
    return total;
}
void test_profit(void) { assert(net(5, 3) == 2); }
void test_loss(void) { assert(net(0, 4) == -4); }
void test_even(void) { assert(net(2, 2) == 0); }
";

#[test]
fn a_literal_argument_with_the_wrong_sign_is_repaired_at_the_argument() {
    let (program, _) = compile(NET);
    let (_, arg) = find(&program, 8, Component::Argument, "1");
    let (kind, text, why) = first(&program, arg.id);
    assert_eq!(kind, EditKind::Constant);
    assert_eq!(
        text,
        NET.replace("total += scaled(loss, 1);", "total += scaled(loss, -1);")
    );
    assert_eq!(why, "a constant with the wrong sign");
}

#[test]
fn arguments_of_an_output_statement_or_a_recursive_call_are_no_components() {
    let (program, _) = compile(
        "int sum_to(int n, int acc)
{
    if (n == 0)
        return acc;
    return sum_to(n - 1, acc + n);
}
int show(int x)
{
    printf(\"%d %d\\n\", x, 1);
    return sum_to(x, 0);
}
void test_sum(void) { assert(show(3) == 6); }
",
    );
    let mut arguments = Vec::new();
    program.for_each_stmt(|f, s| {
        if s.component == Some(Component::Argument) && !program.tests.contains(&f) {
            arguments.push(program.files.text(s.span).to_string());
        }
    });
    // `sum_to(x, 0)` in `show` is not recursive there: its literal is a component; its
    // variable, `printf`'s plain arguments and the recursive call's are not (nor are those
    // of a test, the specification: `faultline_ssa`'s components leave it out).
    assert_eq!(arguments, ["0"]);
}

const SCORE: &str = "int weighted(int value, int weight)
{
    return value * weight;
}
int score(int a, int b, int w)
{
    int s = weighted(a, w);
    s = s + weighted(b, a);
    return s;
}
void test_one(void) { assert(score(1, 2, 3) == 9); }
void test_two(void) { assert(score(4, 1, 2) == 10); }
void test_same(void) { assert(score(2, 2, 2) == 8); }
";

/// A plain variable passed to a call is no component of its own (a sink): the call's edits
/// replace it.
#[test]
fn a_variable_argument_is_replaced_by_another_variable_at_the_call() {
    let (program, _) = compile(SCORE);
    let (_, call) = find(&program, 8, Component::Call, "weighted(b, a)");
    let (kind, text, _) = first(&program, call.id);
    assert_eq!(kind, EditKind::Variable);
    assert_eq!(text, SCORE.replace("weighted(b, a);", "weighted(b, w);"));
}

const CUBE: &str = "int power(int base, int exp)
{
    int r = 1;
    for (int i = 0; i < exp; i++)
        r *= base;
    return r;
}
int cube_plus_one(int x)
{
    int c = power(3, x);
    return c + 1;
}
void test_two(void) { assert(cube_plus_one(2) == 9); }
void test_one(void) { assert(cube_plus_one(1) == 2); }
void test_three(void) { assert(cube_plus_one(3) == 28); }
";

#[test]
fn swapped_arguments_of_a_call_are_swapped_back() {
    let (program, _) = compile(CUBE);
    let (_, call) = find(&program, 10, Component::Call, "power(3, x)");
    let found = repairs(&program, call.id);
    let swap = found
        .iter()
        .find(|r| r.edit.kind == EditKind::SwapArguments)
        .expect("the swap repairs the call");
    assert_eq!(
        edited_text(&program, &swap.edit).unwrap(),
        CUBE.replace("power(3, x)", "power(x, 3)")
    );
    assert_eq!(
        swap.edit.plausibility(),
        "two arguments of a call passed in the wrong order"
    );
}

#[test]
fn arguments_of_different_types_or_a_struct_are_not_swapped() {
    let (program, _) = compile(
        "struct pt { int x; int y; };
int scale(int k, double f)
{
    return (int)(k * f);
}
int off(struct pt p, int d)
{
    return p.x + d;
}
int use(int a)
{
    struct pt q = {a, a};
    int s = scale(a, 2.5);
    int t = off(q, a);
    return s + t;
}
void test_use(void) { assert(use(2) == 9); }
",
    );
    for (line, text) in [(13, "scale(a, 2.5)"), (14, "off(q, a)")] {
        let (f, call) = find(&program, line, Component::Call, text);
        let edits = offered(&program, f, &call);
        assert!(
            !edits.iter().any(|(k, ..)| *k == EditKind::SwapArguments),
            "{text}: {edits:?}"
        );
    }
}

#[test]
fn swapped_arguments_of_pow_are_swapped_back() {
    const POW: &str = "#include <math.h>
double grow(double base, double years)
{
    double r = pow(years, base);
    return r;
}
void test_square(void) { assert(grow(3.0, 2.0) == 9.0); }
void test_cube(void) { assert(grow(2.0, 3.0) == 8.0); }
void test_same(void) { assert(grow(2.0, 2.0) == 4.0); }
";
    let (program, _) = compile(POW);
    let (_, assign) = find(&program, 4, Component::Assign, "r = pow(years, base)");
    let found = repairs(&program, assign.id);
    let swap = found
        .iter()
        .find(|r| r.edit.kind == EditKind::SwapArguments)
        .expect("the swap repairs the statement");
    assert_eq!(
        edited_text(&program, &swap.edit).unwrap(),
        POW.replace("pow(years, base)", "pow(base, years)")
    );
}

const VOWEL: &str = "int is_vowel(char c)
{
    switch (c) {
    case 'a':
    case 'e':
    case 'i':
    case 'o':
    case 'v':
        return 1;
    default:
        return 0;
    }
}
void test_u(void) { assert(is_vowel('u') == 1); }
void test_a(void) { assert(is_vowel('a') == 1); }
void test_v(void) { assert(is_vowel('v') == 0); }
void test_b(void) { assert(is_vowel('b') == 0); }
";

#[test]
fn a_wrong_case_label_is_repaired() {
    let (program, _) = compile(VOWEL);
    let (_, switch) = find(&program, 3, Component::SwitchCond, "c");
    let (kind, text, why) = first(&program, switch.id);
    assert_eq!(kind, EditKind::CaseLabel);
    assert_eq!(text, VOWEL.replace("case 'v':", "case 'u':"));
    assert_eq!(why, "a `case` label's constant confused with another");
}

#[test]
fn a_case_label_never_becomes_another_labels_value() {
    let (program, _) = compile(VOWEL);
    let mut switch = None;
    program.for_each_stmt(|f, s| {
        if s.component == Some(Component::SwitchCond) {
            switch = Some((f, s.clone()));
        }
    });
    let (f, switch) = switch.expect("the switch");
    let labels: Vec<(String, String)> = offered(&program, f, &switch)
        .into_iter()
        .filter(|(k, ..)| *k == EditKind::CaseLabel)
        .map(|(_, b, a)| (b, a))
        .collect();
    assert!(labels.contains(&("'v'".into(), "'u'".into())), "{labels:?}");
    assert!(labels.contains(&("'a'".into(), "'A'".into())), "{labels:?}");
    for taken in ["'a'", "'e'", "'i'", "'o'", "'v'"] {
        assert!(
            !labels.iter().any(|(_, a)| a == taken),
            "{taken} offered: {labels:?}"
        );
    }
}

const MINMAX: &str = "void min_max(int a, int b, int c, int *mn, int *mx)
{
    *mn = a;
    *mx = a;
    if (b < *mn) *mn = b;
    if (b > *mx) *mx = b;
    if (c < *mn) *mn = c;
    if (c > *mx) *mn = c;
}
void test_last_largest(void) { int lo, hi; min_max(1, 2, 3, &lo, &hi); assert(lo == 1 && hi == 3); }
void test_first_largest(void) { int lo, hi; min_max(3, 2, 1, &lo, &hi); assert(lo == 1 && hi == 3); }
void test_middle(void) { int lo, hi; min_max(2, 5, 1, &lo, &hi); assert(lo == 1 && hi == 5); }
";

#[test]
fn a_value_stored_through_the_wrong_out_parameter_is_stored_through_the_right_one() {
    let (program, _) = compile(MINMAX);
    let (_, store) = find(&program, 8, Component::Assign, "*mn = c");
    let (kind, text, why) = first(&program, store.id);
    assert_eq!(kind, EditKind::Variable);
    assert_eq!(
        text,
        MINMAX.replace("if (c > *mx) *mn = c;", "if (c > *mx) *mx = c;")
    );
    assert_eq!(
        why,
        "the value stored into another variable of the same type"
    );
}

#[test]
fn a_store_is_never_moved_to_a_pointer_of_another_type() {
    let (program, _) = compile(
        "void split(double v, int *whole, double *frac, int *sign)
{
    *whole = (int)v;
    *frac = v - *whole;
    *sign = v < 0;
}
void test_split(void) { int w, s; double f; split(2.5, &w, &f, &s); assert(w == 3); }
",
    );
    let (f, store) = find(&program, 3, Component::Assign, "*whole = (int)v");
    let targets: Vec<String> = offered(&program, f, &store)
        .into_iter()
        .filter(|(k, b, _)| *k == EditKind::Variable && b == "whole")
        .map(|(.., a)| a)
        .collect();
    assert_eq!(targets, ["sign"]);
}

const MAX_INDEX: &str = "int max_index(const int a[], int n)
{
    int i, best = 0;
    for (i = 1; i < n; i++)
        if (a[i] > best)
            best = i;
    return best;
}
void test_first(void) { int a[] = {9, 1, 2}; assert(max_index(a, 3) == 0); }
void test_last(void) { int a[] = {1, 2, 9}; assert(max_index(a, 3) == 2); }
void test_middle(void) { int a[] = {5, 7, 6}; assert(max_index(a, 3) == 1); }
";

#[test]
fn a_position_compared_with_elements_becomes_the_element_there() {
    let (program, _) = compile(MAX_INDEX);
    let (_, cond) = find(&program, 5, Component::IfCond, "a[i] > best");
    let found = repairs(&program, cond.id);
    let r = found
        .iter()
        .find(|r| r.edit.kind == EditKind::ElementForIndex)
        .expect("the element repairs the condition");
    assert_eq!(
        edited_text(&program, &r.edit).unwrap(),
        MAX_INDEX.replace("a[i] > best", "a[i] > a[best]")
    );
}

#[test]
fn a_value_that_holds_no_position_is_not_made_an_element() {
    let (program, _) = compile(
        "int count_above(const int a[], int n, int t)
{
    int i, c = 0;
    for (i = 0; i < n; i++)
        if (a[i] > t)
            c++;
    return c;
}
void test_some(void) { int a[] = {1, 5, 9}; assert(count_above(a, 3, 4) == 2); }
",
    );
    let (f, cond) = find(&program, 5, Component::IfCond, "a[i] > t");
    let edits = offered(&program, f, &cond);
    assert!(
        !edits.iter().any(|(k, ..)| *k == EditKind::ElementForIndex),
        "{edits:?}"
    );
}

const ODD: &str = "int count_odd(const int a[], int n)
{
    int c = 0;
    for (int i = 0; i < n; i++)
        if (a[i] % 2 == 1)
            c++;
    return c;
}
void test_positive(void) { int a[] = {1, 2, 3}; assert(count_odd(a, 3) == 2); }
void test_negative(void) { int a[] = {-3, -4, 5}; assert(count_odd(a, 3) == 2); }
";

#[test]
fn an_odd_test_that_misses_negative_numbers_is_repaired() {
    let (program, _) = compile(ODD);
    let (_, cond) = find(&program, 5, Component::IfCond, "a[i] % 2 == 1");
    let (kind, text, why) = first(&program, cond.id);
    assert_eq!(kind, EditKind::OddTest);
    assert_eq!(text, ODD.replace("a[i] % 2 == 1", "a[i] % 2 != 0"));
    assert!(why.contains("-1"), "{why}");
}

#[test]
fn only_a_signed_remainder_by_two_compared_with_one_is_an_odd_test() {
    let (program, _) = compile(
        "int f(int x, unsigned u)
{
    int r = 0;
    if (x % 3 == 1)
        r = 1;
    if (u % 2 == 1)
        r = r + 2;
    return r;
}
void test_f(void) { assert(f(4, 3) == 3); }
",
    );
    for (line, text) in [(4, "x % 3 == 1"), (6, "u % 2 == 1")] {
        let (f, cond) = find(&program, line, Component::IfCond, text);
        let edits = offered(&program, f, &cond);
        assert!(
            !edits.iter().any(|(k, ..)| *k == EditKind::OddTest),
            "{text}: {edits:?}"
        );
    }
}

const LINE_LEN: &str = "#include <string.h>
int letters(const char *line)
{
    int n = strlen(line);
    return n;
}
void test_word(void) { char w[] = \"abc\\n\"; assert(letters(w) == 3); }
void test_empty(void) { char w[] = \"\\n\"; assert(letters(w) == 0); }
";

#[test]
fn a_length_that_counts_the_newline_is_one_less() {
    let (program, _) = compile(LINE_LEN);
    let (_, assign) = find(&program, 4, Component::Assign, "n = strlen(line)");
    let found = repairs(&program, assign.id);
    let texts: Vec<String> = found
        .iter()
        .map(|r| edited_text(&program, &r.edit).unwrap())
        .collect();
    assert!(
        texts.contains(&LINE_LEN.replace("strlen(line);", "strlen(line) - 1;")),
        "{:?}",
        found
            .iter()
            .map(|r| (&r.edit.before, &r.edit.after))
            .collect::<Vec<_>>()
    );
}
