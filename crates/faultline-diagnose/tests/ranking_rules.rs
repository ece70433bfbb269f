//! Ranking rules of issue 24 (rank2): a variable's declared type as a diagnosis (`Retype`
//! repairs), and ties between equally plausible repairs broken by what the edits do, with the
//! rule that decided in `Diagnosis::ranked_by`.

use faultline_diagnose::Report;

#[path = "support/text_report.rs"]
mod text_report;
use text_report::diagnose_text;

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
            "#{} cost {}: {} fixes {} ranked by {:?}\n",
            d.rank,
            d.cost,
            st.join(", "),
            fixes.join(", "),
            d.ranked_by
        ));
    }
    s
}

/// A percentage kept in an `int` drops its fraction: no `int` value at that line passes, the
/// declaration `double` does. The declaration is the first diagnosis (before the `return`
/// that reads it, whose angelic values alone would pass), with the type edit as its repair.
#[test]
fn a_truncating_declaration_is_the_first_diagnosis_with_its_type_edit() {
    const AVG: &str = "double average(const int *v, int n)
{
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += v[i];
    int avg = sum / n;
    return avg;
}
void test_even(void) { int v[] = {2, 4}; assert(average(v, 2) == 3.0); }
void test_half(void) { int v[] = {1, 2}; assert(average(v, 2) == 1.5); }
void test_third(void) { int v[] = {1, 1, 2}; assert(average(v, 3) == 4.0 / 3); }
";
    let r = diagnose_text(AVG);
    let first = &r.diagnoses[0];
    assert_eq!(first.statements.len(), 1, "{}", show(&r));
    assert_eq!(first.statements[0].line, 6, "{}", show(&r));
    let fix = &first.repairs[0];
    assert_eq!(
        (fix.line, fix.before.as_str(), fix.after.as_str()),
        (6, "    int avg = sum / n;", "    double avg = sum / n;"),
        "{}",
        show(&r)
    );
    assert_eq!(fix.tests_passed, 3);
    assert_eq!(
        first.ranked_by.as_deref(),
        Some("a validated repair"),
        "{}",
        show(&r)
    );
    // No value of the declared type is shown, and a note says why.
    assert!(first.statements[0]
        .angelic
        .iter()
        .all(|a| a.values.is_empty()));
    assert!(
        r.notes
            .iter()
            .any(|n| n.line == 6 && n.message.contains("changes the type")),
        "{:?}",
        r.notes
    );
}

/// An `int` running total that overflows for large inputs (undefined behaviour the
/// interpreter reports): the statement that overflows is blamed first, repaired by widening
/// the total's declaration to `long long`.
#[test]
fn an_overflowing_total_is_widened_at_its_declaration() {
    const TOTAL: &str = "long long weight(const int *w, int n)
{
    int total = 0;
    for (int i = 0; i < n; i++)
        total += w[i];
    return total;
}
void test_small(void) { int w[] = {1, 2, 3}; assert(weight(w, 3) == 6); }
void test_big(void) { int w[] = {2000000000, 2000000000}; assert(weight(w, 2) == 4000000000LL); }
";
    let r = diagnose_text(TOTAL);
    let first = &r.diagnoses[0];
    assert_eq!(
        first.statements.iter().map(|s| s.line).collect::<Vec<_>>(),
        [5],
        "{}",
        show(&r)
    );
    assert!(
        first
            .repairs
            .iter()
            .any(|f| f.line == 3 && f.after.contains("long long total = 0")),
        "{}",
        show(&r)
    );
}

/// Two one-token repairs pass every test: the statement that writes `z` could write another
/// variable (`z = z - a` → `t = z - a`), or the return could read `b` instead of `z`. The
/// return's edit only routes around the value the earlier statement wrote; the writer ranks
/// first and says why.
#[test]
fn a_writer_ranks_before_the_reader_that_routes_around_its_value() {
    const ROUTE: &str = "int f(int a, int b)
{
    int z = b;
    int t = 0;
    z = z - a;
    t = t + 1;
    return a - z + t - 1;
}
void test_0(void) { assert(f(8, 7) == 1); }
void test_1(void) { assert(f(-7, -9) == 2); }
void test_2(void) { assert(f(-4, 0) == -4); }
void test_3(void) { assert(f(-4, 2) == -6); }
";
    let r = diagnose_text(ROUTE);
    let lines: Vec<u32> = (r.diagnoses.iter())
        .map(|d| d.statements[0].line)
        .take(2)
        .collect();
    assert_eq!(lines, [5, 7], "{}", show(&r));
    assert_eq!(
        r.diagnoses[0].ranked_by.as_deref(),
        Some("the other's repair only routes around this statement's value"),
        "{}",
        show(&r)
    );
}
