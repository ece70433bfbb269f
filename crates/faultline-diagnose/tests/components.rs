//! Expressions inside statements are blamed on their own (issue 24 §1): an argument of a call to
//! a user function (`Component::Argument`) and an array index (`Component::Index`), each at the
//! weight of an assignment, ranked first with a validated repair of the expression itself.

use faultline_diagnose::{Diagnosis, Report};
use faultline_ir::Component;

#[path = "support/text_report.rs"]
mod text_report;
use text_report::diagnose_text;

fn show(r: &Report) -> String {
    let mut s = String::new();
    for d in &r.diagnoses {
        let st: Vec<String> = d
            .statements
            .iter()
            .map(|s| format!("{}:{} {:?} `{}`", s.line, s.column, s.kind, s.text))
            .collect();
        let fixes: Vec<String> = d
            .repairs
            .iter()
            .map(|f| format!("`{}` -> `{}`", f.before, f.after))
            .collect();
        s.push_str(&format!(
            "#{} cost {}: {} fixes {}\n",
            d.rank,
            d.cost,
            st.join(", "),
            fixes.join(", ")
        ));
    }
    s
}

/// The first diagnosis: one statement of `kind` at `line`, cost 1, whose first repair turns
/// `before` into `after` with every test passing.
fn assert_first(r: &Report, line: u32, kind: Component, before: &str, after: &str) -> Diagnosis {
    let d = r
        .diagnoses
        .first()
        .unwrap_or_else(|| panic!("no diagnosis"));
    let blamed: Vec<(u32, Component, &str)> = d
        .statements
        .iter()
        .map(|s| (s.line, s.kind, s.text.as_str()))
        .collect();
    assert_eq!(blamed, [(line, kind, before)], "{}", show(r));
    assert_eq!(d.cost, 1, "{}", show(r));
    let fix = d
        .repairs
        .first()
        .unwrap_or_else(|| panic!("no repair\n{}", show(r)));
    assert_eq!(
        (fix.line, fix.before.as_str(), fix.after.as_str()),
        (line, before, after),
        "{}",
        show(r)
    );
    assert_eq!(fix.tests_passed, r.tests.len());
    d.clone()
}

#[test]
fn wrong_operator_in_a_user_call_argument_is_blamed_at_the_argument() {
    let r = diagnose_text(
        "#include <assert.h>

/* The first half hour is free, then 2 per minute. */
int fee(int minutes)
{
    if (minutes <= 30)
        return 0;
    return 2 * (minutes - 30);
}

int parking(int arrive, int leave)
{
    return fee(leave + arrive);
}

void test_short(void) { assert(parking(10, 30) == 0); }
void test_from_zero(void) { assert(parking(0, 60) == 60); }
void test_long(void) { assert(parking(100, 200) == 140); }
void test_free(void) { assert(parking(50, 70) == 0); }
",
    );
    let d = assert_first(
        &r,
        13,
        Component::Argument,
        "leave + arrive",
        "leave - arrive",
    );
    // The argument's value: the minutes `fee` should have been given.
    let values: Vec<String> = d.statements[0]
        .angelic
        .iter()
        .find(|a| a.test == "test_long")
        .expect("values in test_long")
        .values
        .iter()
        .map(|v| v.value.to_string())
        .collect();
    assert_eq!(values, ["100"], "{}", show(&r));
}

#[test]
fn wrong_operator_in_a_math_function_argument_is_blamed_at_the_argument() {
    let r = diagnose_text(
        "#include <assert.h>
#include <math.h>

double distance(double a, double b)
{
    return fabs(a + b);
}

void test_apart(void) { assert(distance(5.0, 3.0) == 2.0); }
void test_half(void) { assert(distance(1.5, 4.0) == 2.5); }
void test_same(void) { assert(distance(-1.0, -1.0) == 0.0); }
void test_zero(void) { assert(distance(0.0, 0.0) == 0.0); }
",
    );
    assert_first(&r, 6, Component::Argument, "a + b", "a - b");
}

#[test]
fn wrong_index_is_blamed_at_the_index() {
    let r = diagnose_text(
        "#include <assert.h>

/* p[i] = a[0] + ... + a[i] */
void prefix_sums(const int a[], int p[], int n)
{
    int i;
    p[0] = a[0];
    for (i = 1; i < n; i++)
        p[i] = p[i - 1] + a[i - 1];
}

void test_one(void)
{
    int a[1] = {4}, p[1];
    prefix_sums(a, p, 1);
    assert(p[0] == 4);
}

void test_three(void)
{
    int a[3] = {1, 2, 3}, p[3];
    prefix_sums(a, p, 3);
    assert(p[0] == 1 && p[1] == 3 && p[2] == 6);
}

void test_four(void)
{
    int a[4] = {5, -1, 0, 2}, p[4];
    prefix_sums(a, p, 4);
    assert(p[1] == 4 && p[2] == 4 && p[3] == 6);
}
",
    );
    assert_first(&r, 9, Component::Index, "i - 1", "i");
    // The other index on the line (`p[i - 1]`) is right, and is not what is blamed first.
    assert!(r.diagnoses[0].statements[0].column > 20, "{}", show(&r));
}

#[test]
fn argument_of_a_recursive_call_is_not_a_component_of_its_own() {
    // The recursion's depth would become symbolic (see `faultline-lower`'s `recursive`): the
    // call and the callee's statements are blamed instead, and the enumeration completes.
    let r = diagnose_text(
        "#include <assert.h>

int sum_to(int n)
{
    if (n <= 0)
        return 0;
    return n + sum_to(n - 2);
}

void test_one(void) { assert(sum_to(1) == 1); }
void test_three(void) { assert(sum_to(3) == 6); }
void test_four(void) { assert(sum_to(4) == 10); }
",
    );
    assert!(
        r.diagnoses
            .iter()
            .flat_map(|d| &d.statements)
            .all(|s| s.kind != Component::Argument),
        "{}",
        show(&r)
    );
    assert!(r.complete, "{:?} {}", r.stopped, show(&r));
}
