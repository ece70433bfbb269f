//! Faults student programs make that need a component or an edit of their own, through the
//! whole pipeline: the first diagnosis names the line to change and carries the fix as the
//! user sees it (`faultline_edits::{arguments, cases}`, the call-argument components).

#[path = "support/text_report.rs"]
mod text_report;
use text_report::{diagnose_text, show};

/// The lines the first diagnosis blames and its first fix `(line, before, after, why)`.
fn first_fix(text: &str) -> (Vec<u32>, (u32, String, String, String)) {
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
        (
            f.line,
            f.shown_before.clone(),
            f.shown_after.clone(),
            f.plausibility.clone(),
        ),
    )
}

#[test]
fn a_literal_argument_with_the_wrong_sign_is_blamed_and_negated() {
    let (lines, fix) = first_fix(
        "void tally(const char *w, int cnt[], int sign)
{
    for (int i = 0; w[i] != '\\0'; i++)
        cnt[w[i] - 'a'] += sign;
}
int same_letters(const char *a, const char *b)
{
    int cnt[26] = {0};
    tally(a, cnt, 1);
    tally(b, cnt, 1);
    for (int k = 0; k < 26; k++)
        if (cnt[k] != 0)
            return 0;
    return 1;
}
void test_anagram(void) { assert(same_letters(\"listen\", \"silent\") == 1); }
void test_other(void) { assert(same_letters(\"abc\", \"abd\") == 0); }
void test_short(void) { assert(same_letters(\"ab\", \"ba\") == 1); }
",
    );
    assert_eq!(lines, [10]);
    assert_eq!(fix.0, 10);
    assert_eq!((fix.1.as_str(), fix.2.as_str()), ("1", "-1"));
    assert_eq!(fix.3, "a constant with the wrong sign");
}

#[test]
fn swapped_arguments_are_blamed_at_the_call_and_swapped_back() {
    let (lines, fix) = first_fix(
        "int power(int base, int exp)
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
void test_four(void) { assert(cube_plus_one(4) == 65); }
void test_three(void) { assert(cube_plus_one(3) == 28); }
",
    );
    assert_eq!(lines, [10]);
    assert_eq!(fix.0, 10);
    assert_eq!(
        (fix.1.as_str(), fix.2.as_str()),
        ("power(3, x)", "power(x, 3)")
    );
}

#[test]
fn a_wrong_case_label_is_blamed_at_the_switch_and_replaced() {
    let (lines, fix) = first_fix(
        "int vowels(const char *s)
{
    int n = 0;
    for (int i = 0; s[i] != '\\0'; i++) {
        switch (s[i]) {
        case 'a':
        case 'e':
        case 'i':
        case 'o':
        case 'v':
            n++;
            break;
        default:
            break;
        }
    }
    return n;
}
void test_u(void) { assert(vowels(\"ruby\") == 1); }
void test_v(void) { assert(vowels(\"vase\") == 2); }
void test_none(void) { assert(vowels(\"xyz\") == 0); }
void test_aeio(void) { assert(vowels(\"radio\") == 3); }
",
    );
    // Named by the label's line (the `switch` statement is its arm selection, line 5).
    assert_eq!(lines, [10]);
    assert_eq!(fix.0, 10);
    assert_eq!((fix.1.as_str(), fix.2.as_str()), ("case 'v':", "case 'u':"));
    assert_eq!(fix.3, "a `case` label's constant confused with another");
}

#[test]
fn a_store_through_the_wrong_out_parameter_is_moved_to_the_right_one() {
    let (lines, fix) = first_fix(
        "void min_max(int a, int b, int c, int *mn, int *mx)
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
void test_equal(void) { int lo, hi; min_max(4, 4, 4, &lo, &hi); assert(lo == 4 && hi == 4); }
",
    );
    assert_eq!(lines, [8]);
    assert_eq!(fix.0, 8);
    assert_eq!((fix.1.as_str(), fix.2.as_str()), ("*mn = c", "*mx = c"));
}

#[test]
fn a_position_compared_with_the_elements_becomes_the_element() {
    let (lines, fix) = first_fix(
        "int max_index(const int a[], int n)
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
void test_one(void) { int a[] = {4}; assert(max_index(a, 1) == 0); }
",
    );
    assert_eq!(lines, [5]);
    assert_eq!(fix.0, 5);
    assert_eq!(
        (fix.1.as_str(), fix.2.as_str()),
        ("a[i] > best", "a[i] > a[best]")
    );
}

#[test]
fn an_odd_test_that_misses_negative_numbers_is_repaired() {
    let (lines, fix) = first_fix(
        "int count_odd(const int a[], int n)
{
    int c = 0;
    for (int i = 0; i < n; i++)
        if (a[i] % 2 == 1)
            c++;
    return c;
}
void test_positive(void) { int a[] = {1, 2, 3}; assert(count_odd(a, 3) == 2); }
void test_negative(void) { int a[] = {-3, -4, 5}; assert(count_odd(a, 3) == 2); }
void test_even(void) { int a[] = {2, -2}; assert(count_odd(a, 2) == 0); }
",
    );
    assert_eq!(lines, [5]);
    assert_eq!(fix.0, 5);
    assert_eq!(
        (fix.1.as_str(), fix.2.as_str()),
        ("a[i] % 2 == 1", "a[i] % 2 != 0")
    );
}
