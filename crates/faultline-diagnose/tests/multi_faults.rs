//! Programs with two faults (issue 24 follow-up, branch older3). A statement that every
//! failing test runs can absorb every failure alone (a sink: `return …`), so the set of the
//! two faulty statements is never subset-minimal, and a formula's values for the set may leave
//! one of them unchanged. When edits made one at a time pass every test (the step-by-step
//! repair search), the set is still a diagnosis: with the values the edited statements
//! compute, validated as any.

use faultline_diagnose::Report;

#[path = "support/text_report.rs"]
mod text_report;
use text_report::{diagnose_text, show};

fn lines(r: &Report, rank: usize) -> Vec<u32> {
    r.diagnoses[rank - 1]
        .statements
        .iter()
        .map(|s| s.line)
        .collect()
}

/// Two faults: a member discount of 4 is right, but the order from 10 pieces on gets its 10 %
/// only above 10 (`>`, line 7) and the shipping fee is 5 instead of 4 (line 11). Every test
/// fails (the fee is in every price); the return alone explains them all. The edit of the fee
/// passes four tests, then `>=` the other two: the pair is a diagnosis with that fix, ranked
/// just after the single statement it contains (one fault is likelier than two, and two
/// edits can pass tests by accident).
const PRICE: &str = "#include <assert.h>

int price(int qty, int member)
{
    int base = qty * 12;
    int disc = 0;
    if (qty > 10)
        disc = base / 10;
    if (member)
        disc = disc + 4;
    return base - disc + 5;
}

void test_ten(void) { assert(price(10, 0) == 112); }
void test_member_few(void) { assert(price(5, 1) == 60); }
void test_many(void) { assert(price(20, 0) == 220); }
void test_few(void) { assert(price(3, 0) == 40); }
void test_member_ten(void) { assert(price(10, 1) == 108); }
void test_eleven(void) { assert(price(11, 0) == 123); }
";

#[test]
fn two_faults_under_a_sink_are_the_second_diagnosis_with_their_joint_fix() {
    let r = diagnose_text(PRICE);
    assert_eq!(lines(&r, 1), [11], "{}", show(&r));
    assert_eq!(lines(&r, 2), [7, 11], "{}", show(&r));
    let pair = &r.diagnoses[1];
    let fix = pair.repairs.first().expect("a joint fix");
    let mut edits: Vec<(u32, &str)> = (fix.edits.iter())
        .map(|e| (e.line, e.shown_after.as_str()))
        .collect();
    edits.sort();
    assert_eq!(
        edits,
        [(7, "qty >= 10"), (11, "return base - disc + 4")],
        "{}",
        show(&r)
    );
    assert_eq!(fix.tests_passed, 6, "{}", show(&r));
    // Both statements change: each has values in some failing test.
    for s in &pair.statements {
        assert!(
            s.angelic.iter().any(|a| !a.values.is_empty()),
            "line {} has no values\n{}",
            s.line,
            show(&r)
        );
    }
}
