//! A report for a C text whose tests are its `test_*` functions: five diagnoses within 30 s,
//! asserted sound (no infeasible candidate, every diagnosis validated). Shared by the tests
//! that check ranks on small programs of their own (`components.rs`, `older_faults.rs`,
//! `ranking_rules.rs`).

use std::collections::HashMap;
use std::time::Duration;

use faultline_diagnose::{diagnose, DiagnoseOptions, Report};

pub fn diagnose_text(text: &str) -> Report {
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
