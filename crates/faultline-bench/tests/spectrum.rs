//! The spectrum-only baseline computes Naish-I itself (it must not pay for a diagnosis); it has
//! to agree with the diagnosis report's own per-line scores.

use std::path::Path;

use faultline_bench::spectrum::naish1_scores;
use faultline_diagnose::{diagnose, DiagnoseOptions};

#[test]
fn naish1_matches_the_reports_suspiciousness() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/examples/diagnose");
    for file in [
        "abs/abs.c",
        "leap/leap.c",
        "shift/shift.c",
        "max3/max3.c",
        "helper/helper.c",
    ] {
        let loaded = faultline_runner::load_file(&root.join(file)).unwrap();
        let (ours, failing) = naish1_scores(&loaded.program, &loaded.suite);
        assert!(failing > 0, "{file}");
        let opts = DiagnoseOptions {
            max_diagnoses: 1,
            ..Default::default()
        };
        let report = diagnose(&loaded.program, &loaded.suite, &opts).unwrap();
        assert_eq!(
            ours.len(),
            report.suspiciousness.len(),
            "{file}: same lines scored"
        );
        for s in &report.suspiciousness {
            let key = faultline_bench::Line::new(s.path.clone(), s.line);
            let got = ours.get(&key).copied();
            assert!(
                got.is_some_and(|g| (g - s.naish1).abs() < 1e-12),
                "{file}:{}: ours {got:?}, report {}",
                s.line,
                s.naish1
            );
        }
    }
}
