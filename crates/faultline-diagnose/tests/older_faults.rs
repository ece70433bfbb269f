//! Faults a programmer fixes somewhere else than at the statements that compute the wrong
//! value (issue 24, branch older): a macro constant is fixed on its `#define` line.

use std::collections::HashMap;
use std::time::Duration;

use faultline_diagnose::{diagnose, DiagnoseOptions, Report};

fn diagnose_text(text: &str) -> Report {
    let program = faultline_lower::compile("prog.c", text, &HashMap::<String, String>::new())
        .unwrap_or_else(|e| panic!("does not compile: {e}"));
    let suite =
        faultline_runner::Suite::new(&program, Vec::new(), &Default::default()).expect("a suite");
    let report = diagnose(
        &program,
        &suite,
        &DiagnoseOptions {
            max_diagnoses: 5,
            timeout: Some(Duration::from_secs(30)),
            ..Default::default()
        },
    )
    .expect("diagnosis");
    assert_eq!(report.infeasible, 0);
    assert!(report.diagnoses.iter().all(|d| d.validated));
    report
}

fn show(r: &Report) -> String {
    let mut s = String::new();
    for d in &r.diagnoses {
        let st: Vec<String> = (d.statements.iter())
            .map(|s| format!("{} `{}`", s.line, s.text))
            .collect();
        let fixes: Vec<String> = (d.repairs.iter())
            .map(|f| format!("{}: `{}` -> `{}`", f.line, f.before, f.after))
            .collect();
        s.push_str(&format!(
            "#{} cost {}: {} fixes {}\n",
            d.rank,
            d.cost,
            st.join(", "),
            fixes.join("; ")
        ));
    }
    s
}

/// `SEATS` is 40 where the hall has 45: both statements that use it compute a wrong value,
/// and the fix is one number on line 3. The first diagnosis names the `#define` alone (with
/// what its uses had to produce), not the two uses, and no other diagnosis repeats it.
const SEATS: &str = "#include <assert.h>

#define SEATS 40
#define ROWS 5

int free_seats(int booked)
{
    if (booked > SEATS)
        return 0;
    return SEATS - booked;
}

int per_row(void)
{
    return 45 / ROWS;
}

void test_empty(void) { assert(free_seats(0) == 45); }
void test_some(void) { assert(free_seats(30) == 15); }
void test_full(void) { assert(free_seats(45) == 0); }
void test_over(void) { assert(free_seats(50) == 0); }
void test_rows(void) { assert(per_row() == 9); }
";

#[test]
fn a_macro_constant_is_blamed_on_its_define_line() {
    let r = diagnose_text(SEATS);
    let first = &r.diagnoses[0];
    let lines: Vec<(u32, &str)> = (first.statements.iter())
        .map(|s| (s.line, s.text.as_str()))
        .collect();
    assert_eq!(lines, [(3, "#define SEATS 40")], "{}", show(&r));
    let fix = &first.repairs[0];
    assert_eq!(
        (fix.line, fix.before.as_str(), fix.after.as_str(), fix.tests_passed),
        (3, "#define SEATS 40", "#define SEATS 45", 5),
        "{}",
        show(&r)
    );
    // What the uses had to produce, per failing test.
    let values: Vec<(&str, usize)> = (first.statements[0].angelic.iter())
        .map(|a| (a.test.as_str(), a.values.len()))
        .collect();
    assert_eq!(values, [("test_empty", 1), ("test_some", 1)], "{}", show(&r));
    // One diagnosis per line set: the `#define` is not repeated.
    let at_define = (r.diagnoses.iter())
        .filter(|d| d.statements.iter().any(|s| s.line == 3))
        .count();
    assert_eq!(at_define, 1, "{}", show(&r));
    assert!(
        r.diagnoses.iter().enumerate().all(|(i, d)| d.rank == i + 1),
        "{}",
        show(&r)
    );
}

/// Two faults, each breaking some tests: a discount from 10 items meant (`qty >= 10`) and a
/// tax of a tenth (`t / 10`). Every failing value passes through `return t + t / 100`, so each
/// sink alone explains every failing test with its own value per test and the enumeration's
/// diagnoses are single statements, none of which one edit repairs. Edited one at a time,
/// `/ 100` → `/ 10` makes three failing tests pass and `>` → `>=` the fourth: the two
/// statements are a diagnosis with that repair of two edits, ranked right after the one
/// statement of it that alone explains every failing test (one fault is likelier than two,
/// and edits enough can pass a few tests by accident).
const SHOP: &str = "#include <assert.h>

int price(int qty)
{
    int p = qty * 30;
    if (qty > 10)
        p = p - 50;
    return p;
}

int total(int qty)
{
    int t = price(qty);
    return t + t / 100;
}

void test_one(void) { assert(total(1) == 33); }
void test_five(void) { assert(total(5) == 165); }
void test_ten(void) { assert(total(10) == 275); }
void test_twelve(void) { assert(total(12) == 341); }
void test_zero(void) { assert(total(0) == 0); }
";

#[test]
fn two_faults_are_repaired_one_edit_at_a_time() {
    let r = diagnose_text(SHOP);
    let lines: Vec<Vec<u32>> = (r.diagnoses.iter().take(2))
        .map(|d| d.statements.iter().map(|s| s.line).collect())
        .collect();
    assert_eq!(lines, [vec![14], vec![6, 14]], "{}", show(&r));
    let second = &r.diagnoses[1];
    let fix = &second.repairs[0];
    let edits: Vec<(u32, &str, &str)> = (fix.parts().into_iter())
        .map(|e| (e.line, e.before.as_str(), e.after.as_str()))
        .collect();
    assert_eq!(
        edits,
        [
            (6, "qty > 10", "qty >= 10"),
            (14, "return t + t / 100", "return t + t / 10")
        ],
        "{}",
        show(&r)
    );
    assert_eq!(fix.tests_passed, 5);
}

/// Two faults, one of which no small edit fixes (the insurance misses a fixed fee: `value /
/// 25` where `value / 25 + 10` was meant). `weight > 1000` → `>= 1000` makes the failing
/// test of the weight limit pass and keeps the others passing; the insurance's failing tests
/// are left, and the condition with what explains them is a diagnosis, ranked before the
/// sinks that absorb every failing value (`return f`, `return fee(…) + insurance(…)`), though
/// no repair passes every test. `return value / 25` alone explains every failing test too
/// (it can return what the fee lacked): one statement is likelier than two, so it ranks just
/// before.
const PARCEL: &str = "#include <assert.h>

int fee(int weight)
{
    int f = 500;
    if (weight > 1000)
        f = f + 300;
    return f;
}

int insurance(int value)
{
    if (value > 5000)
        return 0;
    return value / 25;
}

int total(int weight, int value)
{
    return fee(weight) + insurance(value);
}

void test_light(void) { assert(total(200, 0) == 500); }
void test_heavy(void) { assert(total(2000, 0) == 800); }
void test_limit(void) { assert(total(1000, 0) == 800); }
void test_insured(void) { assert(total(100, 1000) == 550); }
void test_insured_more(void) { assert(total(100, 2000) == 570); }
void test_uninsurable(void) { assert(total(100, 9000) == 500); }
";

#[test]
fn a_partial_repair_ranks_the_faults_it_leaves_to_explain() {
    let r = diagnose_text(PARCEL);
    let lines: Vec<Vec<u32>> = (r.diagnoses.iter().take(2))
        .map(|d| d.statements.iter().map(|s| s.line).collect())
        .collect();
    assert_eq!(lines, [vec![15], vec![6, 15]], "{}", show(&r));
    assert!(r.diagnoses[1].repairs.is_empty(), "{}", show(&r));
    // Main ranked the sinks before the condition: `return f` was second.
    let sink = (r.diagnoses.iter())
        .position(|d| d.statements.iter().any(|s| s.line == 8))
        .unwrap_or(usize::MAX);
    assert!(sink > 1, "{}", show(&r));
}
