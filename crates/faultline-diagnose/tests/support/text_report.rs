//! A report for a C text whose tests are its `test_*` functions: five diagnoses within 30 s,
//! asserted sound (no infeasible candidate, every diagnosis validated). Shared by the tests
//! that check ranks on small programs of their own (`components.rs`, `older_faults.rs`,
//! `ranking_rules.rs`, `multi_faults.rs`), and `show`, one line per diagnosis: rank, cost,
//! statements and fixes.

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

/// One line per diagnosis: `#rank cost c: line `text`, … fixes line: `before` -> `after`; …`.
#[allow(dead_code)] // not every test file that includes this module shows reports
pub fn show(r: &Report) -> String {
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
