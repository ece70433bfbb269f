//! Repairs of a program lowered with the user's options (`faultline.toml`'s `[limits]`): the
//! edited text is recompiled with the same options, so a test that runs under a raised
//! variable-length array bound still runs, and still passes, in the repaired program.

use faultline_ir::{LowerOptions, Program};
use faultline_repair::{edited_text, Limits, Searcher};
use faultline_runner::{Runner, Status, Suite};

mod support;
use support::{io_with, stmt_on};

/// Sums `a[0..n]` with `a[i] = i + 1`, but its loop starts at 1 (line 9).
const SUM: &str = "#include <stdio.h>
int main(void)
{
    int n;
    scanf(\"%d\", &n);
    int a[n];
    for (int i = 0; i < n; i++)
        a[i] = i + 1;
    long sum = 0;
    for (int i = 1; i < n; i++)
        sum += a[i];
    printf(\"%ld\\n\", sum);
    return 0;
}
";

fn statuses(program: &Program, suite: &Suite) -> Vec<Status> {
    let runner = Runner::new(program, suite);
    (suite.cases.iter())
        .map(|c| runner.run_case(c).0.status)
        .collect()
}

#[test]
fn a_repair_under_a_raised_vla_bound_is_confirmed_with_that_bound() {
    let cases = [
        ("one", "1", "1"),
        ("small", "3", "6"),
        ("big", "2000", "2001000"),
    ];
    // With the default bound (1024 elements) `big` is not run.
    let (program, suite) = io_with(SUM, LowerOptions::default(), &cases);
    assert_eq!(
        statuses(&program, &suite),
        [Status::Failed, Status::Failed, Status::Skipped]
    );
    let raised = LowerOptions {
        max_vla_elements: 4000,
    };
    let (program, suite) = io_with(SUM, raised, &cases);
    assert_eq!(program.options, raised);
    assert_eq!(statuses(&program, &suite), [Status::Failed; 3]);
    let start = stmt_on(&program, 10);
    let mut searcher = Searcher::new(
        &program,
        &suite,
        &[0, 1, 2],
        Limits {
            max_steps: 1_000_000,
            per_statement: 5,
            ..Default::default()
        },
    );
    let repairs = searcher.repairs(start, &[]);
    let shown: Vec<(&str, &str, usize)> = (repairs.iter())
        .map(|r| (&r.edit.before[..], &r.edit.after[..], r.tests_passed))
        .collect();
    // All three tests pass in the recompiled program, `big` included: it was compiled with
    // the raised bound (with the default one `big` would be skipped, and 2 tests passed).
    assert!(shown.contains(&("1", "0", 3)), "{shown:?}");
    for r in &repairs {
        assert_eq!(r.tests_passed, 3, "{shown:?}");
        let text = edited_text(&program, &r.edit).unwrap();
        let (fixed, suite) = io_with(&text, raised, &cases);
        assert_eq!(statuses(&fixed, &suite), [Status::Passed; 3], "{text}");
    }
}
