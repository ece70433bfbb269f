//! Multiplication overflow checks are left out of the first formulas (they cost a double-width
//! product each) and come back when a candidate's validation overflows. A candidate that only
//! works through an overflowing product must then disappear, not be reported or counted as
//! infeasible.

use std::collections::HashMap;
use std::time::Duration;

use faultline_diagnose::{diagnose, DiagnoseOptions};
use faultline_runner::Suite;

const PROGRAM: &str = r#"
#include <assert.h>

int scaled(int a)
{
    int k = 3;
    int r = a * k;
    return r;
}

void test_scaled(void)
{
    /* 3 * k == 1 has a solution only modulo 2^32 (k = -1431655765, an overflowing product),
       so `k = 3` is no diagnosis; `r = a * k` and `return r` are. */
    assert(scaled(3) == 1);
}
"#;

/// Two failing tests: `k = 4` repairs the first, the second only with an overflowing product.
/// Only the second test's formulas need the checks; the first keeps its cheaper ones.
const TWO_TESTS: &str = r#"
#include <assert.h>

int scaled(int a)
{
    int k = 3;
    int r = a * k;
    return r;
}

void test_doubles(void)
{
    assert(scaled(2) == 8);
}

void test_overflows(void)
{
    assert(scaled(3) == 1);
}
"#;

#[test]
fn a_candidate_that_needs_an_overflowing_product_is_dropped() {
    assert_overflowing_k_dropped(PROGRAM);
}

#[test]
fn only_the_test_that_overflowed_needs_the_checks() {
    assert_overflowing_k_dropped(TWO_TESTS);
}

fn assert_overflowing_k_dropped(source: &str) {
    let program = faultline_lower::compile("scaled.c", source, &HashMap::<String, String>::new())
        .expect("compiles");
    let suite = Suite::new(&program, Vec::new(), &Default::default()).expect("suite");
    let report = diagnose(
        &program,
        &suite,
        &DiagnoseOptions {
            timeout: Some(Duration::from_secs(30)),
            ..Default::default()
        },
    )
    .expect("diagnosis");
    assert_eq!(report.infeasible, 0);
    let lines: Vec<Vec<u32>> = report
        .diagnoses
        .iter()
        .map(|d| d.statements.iter().map(|s| s.line).collect())
        .collect();
    assert!(lines.contains(&vec![7]), "{lines:?}");
    assert!(lines.contains(&vec![8]), "{lines:?}");
    assert!(
        !lines.iter().any(|l| l.contains(&6)),
        "`k = 3` needs an overflowing product: {lines:?}"
    );
    assert!(report.diagnoses.iter().all(|d| d.validated));
}
