//! Contest programs keep their input in global arrays of 10^5 cells and read it with
//! `scanf("%d", &a[i])`. When `i` is relaxed, each such read is a write at a symbolic index:
//! a term per cell. The budget must hold while such a formula is built (it was checked every
//! 64 statements, which here meant seconds past the deadline).

use std::time::Duration;

use faultline_diagnose::{diagnose, DiagnoseOptions};
use faultline_runner::Suite;

#[path = "support/clock.rs"]
mod clock;
use clock::Clock;

const PREFIX: &str = "#include <stdio.h>

long long pre[200005];
int a[200005];

int main()
{
    int n, q, i, l, r;
    scanf(\"%d %d\", &n, &q);
    for (i = 1; i <= n; i++)
        scanf(\"%d\", &a[i]);
    pre[0] = 0;
    for (i = 1; i < n; i++) {
        pre[i] = pre[i - 1] + a[i];
    }
    while (q--) {
        scanf(\"%d %d\", &l, &r);
        printf(\"%lld\\n\", pre[r] - pre[l - 1]);
    }
    return 0;
}
";

/// The input of `n` numbers and the queries `(1, k)`, with the expected sums.
fn case(n: usize, queries: &[usize]) -> (String, String) {
    let v: Vec<i64> = (0..n).map(|i| (i as i64 * 37) % 1001 - 500).collect();
    let mut stdin = format!("{n} {}\n", queries.len());
    stdin += &v
        .iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    stdin.push('\n');
    let mut stdout = String::new();
    for &k in queries {
        stdin += &format!("1 {k}\n");
        stdout += &format!("{}\n", v[..k].iter().sum::<i64>());
    }
    (stdin, stdout)
}

#[test]
fn a_formula_over_large_global_arrays_stops_at_the_deadline() {
    let dir = std::env::temp_dir().join(format!("faultline-large-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut l = faultline_runner::load_source(&dir.join("rangesum.c"), PREFIX).unwrap();
    let cases = [
        ("whole", case(20_000, &[20_000])),
        ("one", case(1, &[1])),
        ("firsts", case(20_000, &[1, 2, 3, 100])),
    ];
    let io = cases
        .iter()
        .map(|(name, (stdin, stdout))| {
            (
                name.to_string(),
                faultline_runner::IoCase {
                    input: faultline_interp::Input {
                        stdin: stdin.as_bytes().to_vec(),
                        ..Default::default()
                    },
                    stdout: Some(stdout.as_bytes().to_vec()),
                    ..Default::default()
                },
            )
        })
        .collect();
    l.suite = Suite::new(&l.program, io, &Default::default()).unwrap();
    let budget = Duration::from_secs(2);
    let start = Clock::start();
    let r = diagnose(
        &l.program,
        &l.suite,
        &DiagnoseOptions {
            timeout: Some(budget),
            max_diagnoses: 5,
            ..Default::default()
        },
    )
    .expect("a report");
    let spent = start.lap();
    assert_eq!(
        r.tests.iter().filter(|t| !t.passed).count(),
        2,
        "{:?}",
        r.tests
    );
    assert!(
        spent.past(budget) < Duration::from_secs(1),
        "took {spent:?} for a 2 s budget"
    );
}
