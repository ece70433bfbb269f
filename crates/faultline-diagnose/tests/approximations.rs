//! Where the formula leaves a `math.h` result free (`pow` off the healthy run's arguments), a
//! candidate the interpreter then refutes is the approximation's: it is refuted, not counted
//! as an encoder bug (`Report::infeasible`), and the note is said once per line.

use std::path::Path;
use std::time::Duration;

use faultline_diagnose::{diagnose, DiagnoseOptions};

#[test]
fn a_candidate_resting_on_a_free_pow_is_refuted_not_infeasible() {
    // `c = sqrt(pow(a, 2) + pow(b, 3))`, three of six IO tests failing: relaxing an argument
    // of `pow` makes its result free in the formula, and the value the solver picks for the
    // argument does not give the result the formula assumed.
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/stu2_hypot_pow/hyp.c");
    let loaded = faultline_runner::load_file(&path).expect("loads");
    let opts = DiagnoseOptions {
        timeout: Some(Duration::from_secs(60)),
        max_diagnoses: 5,
        ..Default::default()
    };
    let report = diagnose(&loaded.program, &loaded.suite, &opts).expect("diagnosis runs");
    assert_eq!(report.infeasible, 0);
    let first = &report.diagnoses[0];
    assert_eq!(
        first.statements.iter().map(|s| s.line).collect::<Vec<_>>(),
        [9]
    );
    let notes: Vec<(u32, &str)> = report
        .notes
        .iter()
        .map(|n| (n.line, n.message.as_str()))
        .collect();
    assert_eq!(
        notes,
        [(
            9,
            "`pow` is not modelled exactly; this diagnosis was checked by running the tests"
        )]
    );
}
