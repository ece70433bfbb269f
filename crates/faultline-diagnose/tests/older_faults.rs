//! Faults a programmer fixes somewhere else than at the statements that compute the wrong
//! value (issue 24, branch older): a macro constant is fixed on its `#define` line.

#[path = "support/text_report.rs"]
mod text_report;
use text_report::{diagnose_text, show};

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
        (
            fix.line,
            fix.before.as_str(),
            fix.after.as_str(),
            fix.tests_passed
        ),
        (3, "#define SEATS 40", "#define SEATS 45", 5),
        "{}",
        show(&r)
    );
    // What the uses had to produce, per failing test.
    let values: Vec<(&str, usize)> = (first.statements[0].angelic.iter())
        .map(|a| (a.test.as_str(), a.values.len()))
        .collect();
    assert_eq!(
        values,
        [("test_empty", 1), ("test_some", 1)],
        "{}",
        show(&r)
    );
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
