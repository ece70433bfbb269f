//! Structural repairs through the whole pipeline (`faultline_edits::structure`): the first
//! diagnosis names the line to change and carries the exact fix the editor would apply.

#[path = "support/text_report.rs"]
mod text_report;
use text_report::{diagnose_text, show};

/// `(line, before, after)` of the first diagnosis's first fix, and the lines it blames.
fn first_fix(text: &str) -> (Vec<u32>, (u32, String, String)) {
    let r = diagnose_text(text);
    let d = r
        .diagnoses
        .first()
        .unwrap_or_else(|| panic!("no diagnosis"));
    let f = d
        .repairs
        .first()
        .unwrap_or_else(|| panic!("no fix\n{}", show(&r)));
    (
        d.statements.iter().map(|s| s.line).collect(),
        (f.line, f.before.clone(), f.after.clone()),
    )
}

#[test]
fn a_semicolon_ending_an_if_is_the_first_fix_named_at_the_if() {
    let (lines, fix) = first_fix(
        "int count3(const int *v, int n)
{
    int c = 0;
    for (int i = 0; i < n; i++) {
        if (v[i] % 3 == 0);
            c++;
    }
    return c;
}
void test_two(void) { int v[] = {3, 6}; assert(count3(v, 2) == 2); }
void test_one(void) { int v[] = {3, 4}; assert(count3(v, 2) == 1); }
void test_none(void) { int v[] = {1, 2, 4}; assert(count3(v, 3) == 0); }
",
    );
    assert_eq!(lines, [5]);
    // The whole line is the fix's range (the `;` lies outside the blamed `c++`).
    assert_eq!(fix.0, 5);
    assert_eq!(fix.1, "        if (v[i] % 3 == 0);");
    assert_eq!(fix.2, "        if (v[i] % 3 == 0)");
}

#[test]
fn a_missing_else_is_the_first_fix() {
    let (lines, fix) = first_fix(
        "int shipping(int weight)
{
    int cost = 0;
    if (weight <= 0)
        cost = -1;
    if (weight < 10)
        cost = 5;
    else if (weight < 50)
        cost = 12;
    else
        cost = 30;
    return cost;
}
void test_light(void) { assert(shipping(3) == 5); }
void test_medium(void) { assert(shipping(20) == 12); }
void test_heavy(void) { assert(shipping(80) == 30); }
void test_invalid(void) { assert(shipping(0) == -1); }
void test_negative(void) { assert(shipping(-4) == -1); }
",
    );
    assert_eq!(lines, [6]);
    assert_eq!(fix.0, 6);
    assert_eq!(fix.1.trim(), "if (weight < 10)");
    assert_eq!(fix.2.trim(), "else if (weight < 10)");
}

#[test]
fn a_maximum_starting_at_zero_is_fixed_to_start_at_the_first_element() {
    let (lines, fix) = first_fix(
        "int largest(const int *a, int n)
{
    int max = 0;
    for (int i = 0; i < n; i++)
        if (a[i] > max)
            max = a[i];
    return max;
}
void test_mixed(void) { int a[] = {3, 9, 4}; assert(largest(a, 3) == 9); }
void test_negative(void) { int a[] = {-5, -2, -9}; assert(largest(a, 3) == -2); }
void test_one(void) { int a[] = {-7}; assert(largest(a, 1) == -7); }
",
    );
    assert_eq!(lines, [3]);
    assert_eq!(fix.0, 3);
    assert!(fix.2.ends_with("max = a[0]"), "{fix:?}");
}
