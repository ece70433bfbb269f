//! Structural repairs (`faultline_edits::structure`): the `;` after a header removed, `if`
//! made `else if`, a statement moved into or out of a body. Each test asserts the exact
//! text the repair leaves, which is what the editor would save.

use faultline_ir::Program;
use faultline_repair::{candidates, edited_text, EditKind, Limits, Repair, Searcher};
use faultline_runner::Suite;

mod support;
use support::{compile, failing, io, stmt_on};

fn repairs(program: &Program, suite: &Suite, line: u32) -> Vec<Repair> {
    let fails = failing(program, suite);
    assert!(!fails.is_empty());
    let limits = Limits {
        max_steps: 100_000,
        per_statement: 5,
        ..Default::default()
    };
    let mut searcher = Searcher::new(program, suite, &fails, limits);
    searcher.repairs(stmt_on(program, line), &[])
}

/// The structural edits offered at the statement on `line`.
fn structural(program: &Program, line: u32) -> Vec<(EditKind, String, String)> {
    let id = stmt_on(program, line);
    let mut out = Vec::new();
    program.for_each_stmt(|f, s| {
        if s.id == id {
            out = candidates(program, f, s, &[])
                .into_iter()
                .filter(|e| {
                    matches!(
                        e.kind,
                        EditKind::EmptyBody | EditKind::ElseIf | EditKind::Braces
                    )
                })
                .map(|e| (e.kind, e.before, e.after))
                .collect();
        }
    });
    out
}

const SEMICOLON_IF: &str = "int multiples_of_three(int *a, int n)
{
    int count = 0;
    for (int i = 0; i < n; i++) {
        if (a[i] % 3 == 0);
            count++;
    }
    return count;
}
void test_some(void) { int a[4] = {3, 4, 6, 7}; assert(multiples_of_three(a, 4) == 2); }
void test_none(void) { int a[2] = {1, 2}; assert(multiples_of_three(a, 2) == 0); }
";

#[test]
fn the_semicolon_that_ends_an_if_is_removed() {
    let (program, suite) = compile(SEMICOLON_IF);
    let found = repairs(&program, &suite, 6);
    let r = &found[0];
    assert_eq!(r.edit.kind, EditKind::EmptyBody);
    assert_eq!(r.edit.before, "if (a[i] % 3 == 0);");
    assert_eq!(r.edit.after, "if (a[i] % 3 == 0)");
    assert_eq!(r.tests_passed, 2);
    assert_eq!(
        edited_text(&program, &r.edit).unwrap(),
        SEMICOLON_IF.replace("% 3 == 0);", "% 3 == 0)")
    );
    // On the `if` line: the edit is where the `;` is.
    assert_eq!(program.files.locate(r.edit.span).start.line, 5);
}

#[test]
fn the_semicolon_that_ends_a_for_loop_is_removed() {
    let text = "int sum_to(int n)
{
    int s = 0, i;
    for (i = 1; i <= n; i++);
        s += i;
    return s;
}
void test_three(void) { assert(sum_to(3) == 6); }
void test_one(void) { assert(sum_to(1) == 1); }
";
    let (program, suite) = compile(text);
    let found = repairs(&program, &suite, 5);
    let r = &found[0];
    assert_eq!(r.edit.kind, EditKind::EmptyBody);
    assert_eq!(
        edited_text(&program, &r.edit).unwrap(),
        text.replace("i++);", "i++)")
    );
}

#[test]
fn no_semicolon_edit_where_the_body_is_not_empty() {
    let (program, _) = compile(
        "int f(int x)
{
    int y = 0;
    if (x > 0)
        y = 1;
    y = y + 2;
    return y;
}
void test_f(void) { assert(f(1) == 3); }
",
    );
    let edits = structural(&program, 6);
    assert!(
        !edits.iter().any(|(k, ..)| *k == EditKind::EmptyBody),
        "{edits:?}"
    );
}

const MISSING_ELSE: &str = "int classify(int x)
{
    int kind = 0;
    if (x < 0)
        kind = 1;
    if (x < 10)
        kind = 2;
    return kind;
}
void test_negative(void) { assert(classify(-5) == 1); }
void test_small(void) { assert(classify(5) == 2); }
void test_large(void) { assert(classify(50) == 0); }
";

#[test]
fn a_second_if_meant_as_else_if_gets_its_else() {
    let (program, suite) = compile(MISSING_ELSE);
    let found = repairs(&program, &suite, 6);
    let r = &found[0];
    assert_eq!(r.edit.kind, EditKind::ElseIf);
    assert_eq!(
        (r.edit.before.as_str(), r.edit.after.as_str()),
        ("if", "else if")
    );
    assert_eq!(r.tests_passed, 3);
    assert_eq!(
        edited_text(&program, &r.edit).unwrap(),
        MISSING_ELSE.replace("    if (x < 10)", "    else if (x < 10)")
    );
}

#[test]
fn no_else_if_after_an_if_that_has_an_else() {
    let (program, _) = compile(
        "int f(int x)
{
    int k = 0;
    if (x < 0)
        k = 1;
    else
        k = 3;
    if (x < 10)
        k = k + 2;
    return k;
}
void test_f(void) { assert(f(1) == 5); }
",
    );
    assert!(structural(&program, 8).is_empty());
}

#[test]
fn a_statement_after_a_braceless_body_is_braced_into_it() {
    let text = "int negatives = 0;
int magnitude(int x)
{
    if (x < 0)
        negatives = negatives + 1;
        x = -x;
    return x;
}
void test_positive(void) { negatives = 0; assert(magnitude(5) == 5); assert(negatives == 0); }
void test_negative(void) { negatives = 0; assert(magnitude(-3) == 3); assert(negatives == 1); }
";
    let (program, suite) = compile(text);
    let found = repairs(&program, &suite, 6);
    let r = found
        .iter()
        .find(|r| r.edit.kind == EditKind::Braces)
        .expect("a braces repair");
    assert_eq!(
        edited_text(&program, &r.edit).unwrap(),
        text.replace(
            "    if (x < 0)\n        negatives = negatives + 1;\n        x = -x;\n",
            "    if (x < 0) {\n        negatives = negatives + 1;\n        x = -x;\n    }\n"
        )
    );
}

#[test]
fn a_total_printed_inside_its_loop_is_moved_after_it() {
    let text = "#include <stdio.h>
int main(void)
{
    int n, i, x, sum = 0;
    scanf(\"%d\", &n);
    for (i = 0; i < n; i++) {
        scanf(\"%d\", &x);
        sum += x;
        printf(\"%d\\n\", sum);
    }
    return 0;
}
";
    let (program, suite) = io(text, &[("three", "3 1 2 3", "6\n"), ("one", "1 5", "5\n")]);
    let found = repairs(&program, &suite, 9);
    let r = &found[0];
    assert_eq!(r.edit.kind, EditKind::Braces);
    assert_eq!(
        edited_text(&program, &r.edit).unwrap(),
        text.replace(
            "        printf(\"%d\\n\", sum);\n    }\n",
            "    }\n    printf(\"%d\\n\", sum);\n"
        )
    );
}

#[test]
fn structural_edits_are_few_per_statement() {
    // Every statement of a program full of headers: at most one edit of each kind.
    let (program, _) = compile(SEMICOLON_IF);
    let (other, _) = compile(MISSING_ELSE);
    for p in [&program, &other] {
        p.for_each_stmt(|f, s| {
            let edits = candidates(p, f, s, &[]);
            for kind in [EditKind::EmptyBody, EditKind::ElseIf, EditKind::Braces] {
                let n = edits.iter().filter(|e| e.kind == kind).count();
                assert!(n <= 2, "{kind:?}: {n}");
            }
        });
    }
}

#[test]
fn a_maximum_starting_at_zero_starts_at_the_first_element() {
    let text = "int largest(int *a, int n)
{
    int max = 0;
    for (int i = 0; i < n; i++)
        if (a[i] > max)
            max = a[i];
    return max;
}
void test_negative(void) { int a[3] = {-5, -2, -9}; assert(largest(a, 3) == -2); }
void test_positive(void) { int a[3] = {1, 7, 3}; assert(largest(a, 3) == 7); }
";
    let (program, suite) = compile(text);
    let found = repairs(&program, &suite, 3);
    let r = &found[0];
    assert_eq!(
        (r.edit.before.as_str(), r.edit.after.as_str()),
        ("0", "a[0]")
    );
    assert_eq!(
        edited_text(&program, &r.edit).unwrap(),
        text.replace("int max = 0;", "int max = a[0];")
    );
}

#[test]
fn a_minimum_starting_at_a_constant_starts_at_the_first_input() {
    let text = "#include <stdio.h>
int main(void)
{
    int x, min;
    scanf(\"%d\", &x);
    min = 100;
    while (x != 0) {
        if (x < min)
            min = x;
        scanf(\"%d\", &x);
    }
    printf(\"%d\\n\", min);
    return 0;
}
";
    let (program, suite) = io(
        text,
        &[("small", "5 3 8 0", "3\n"), ("large", "150 120 0", "120\n")],
    );
    let found = repairs(&program, &suite, 6);
    let r = &found[0];
    assert_eq!(
        (r.edit.before.as_str(), r.edit.after.as_str()),
        ("100", "x")
    );
    assert_eq!(
        edited_text(&program, &r.edit).unwrap(),
        text.replace("min = 100;", "min = x;")
    );
}

#[test]
fn no_start_from_a_read_the_variable_never_takes() {
    // `total` is never assigned an element or another variable: its `0` keeps its own edits.
    let (program, _) = compile(
        "int sum(int *a, int n)
{
    int total = 0;
    for (int i = 0; i < n; i++)
        total += a[i];
    return total;
}
void test_sum(void) { int a[2] = {1, 2}; assert(sum(a, 2) == 3); }
",
    );
    let id = stmt_on(&program, 3);
    program.for_each_stmt(|f, s| {
        if s.id == id {
            let edits = candidates(&program, f, s, &[]);
            assert!(
                !edits
                    .iter()
                    .any(|e| e.after.contains('[') || e.after == "n"),
                "{:?}",
                edits.iter().map(|e| &e.after).collect::<Vec<_>>()
            );
        }
    });
}

#[test]
fn a_floating_rate_off_in_its_last_digit_is_repaired() {
    let text = "double overtime(double hours, double rate)
{
    if (hours > 40)
        return 40 * rate + (hours - 40) * rate * 1.4;
    return hours * rate;
}
void test_over(void) { assert(overtime(44, 10) == 460); }
void test_normal(void) { assert(overtime(38, 10) == 380); }
";
    let (program, suite) = compile(text);
    let found = repairs(&program, &suite, 4);
    let r = found
        .iter()
        .find(|r| r.edit.before == "1.4")
        .expect("an edit of the rate");
    assert_eq!(r.edit.after, "1.5");
    assert_eq!(
        edited_text(&program, &r.edit).unwrap(),
        text.replace("* 1.4;", "* 1.5;")
    );
}

#[test]
fn a_round_constant_typed_for_another_is_repaired() {
    let text = "int cents(int coins)
{
    return coins * 25;
}
void test_two(void) { assert(cents(2) == 40); }
void test_none(void) { assert(cents(0) == 0); }
";
    let (program, suite) = compile(text);
    let found = repairs(&program, &suite, 3);
    let shown: Vec<(&str, &str)> = found
        .iter()
        .map(|r| (r.edit.before.as_str(), r.edit.after.as_str()))
        .collect();
    assert_eq!(shown, vec![("25", "20")]);
    assert_eq!(
        edited_text(&program, &found[0].edit).unwrap(),
        text.replace("* 25;", "* 20;")
    );
}
