//! Checks the must property on real programs: every validated BugAssist repair (enumerated with
//! the must clauses off) of at most two statements meets the must set of each test it repairs.
//! The same check as `tests/must_sets.rs`, for files too slow for CI (the corpus):
//!
//! ```sh
//! cargo run -p faultline-diagnose --example must_property -- [--timeout S] FILE...
//! ```
//!
//! Prints one line per file and every violation; exits 1 if there is one.

use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;
use std::time::Duration;

use faultline_diagnose::{diagnose, Algorithm, DiagnoseOptions};
use faultline_runner::load_file;

fn main() {
    let mut timeout = 10.0;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--timeout" {
            timeout = args.next().and_then(|t| t.parse().ok()).unwrap_or(timeout);
        } else {
            files.push(PathBuf::from(a));
        }
    }
    let mut violations = 0;
    for file in files {
        let loaded = match load_file(&file) {
            Ok(l) => l,
            Err(e) => {
                println!("{}: {e}", file.display());
                continue;
            }
        };
        let opts = DiagnoseOptions {
            algorithm: Algorithm::Bugassist,
            max_diagnoses: 20,
            timeout: Some(Duration::from_secs_f64(timeout)),
            must_clauses: false,
            ..Default::default()
        };
        let report = match diagnose(&loaded.program, &loaded.suite, &opts) {
            Ok(r) => r,
            Err(e) => {
                println!("{}: {e}", file.display());
                continue;
            }
        };
        let must: HashMap<&str, BTreeSet<(&str, u32)>> = report
            .must_sets
            .iter()
            .map(|m| {
                (
                    m.test.as_str(),
                    m.locations
                        .iter()
                        .map(|l| (l.path.as_str(), l.line))
                        .collect(),
                )
            })
            .collect();
        let mut checked = 0;
        for d in report.diagnoses.iter().filter(|d| d.validated) {
            if d.statements.len() > 2 {
                continue;
            }
            let lines: BTreeSet<(&str, u32)> = d
                .statements
                .iter()
                .map(|s| (s.path.as_str(), s.line))
                .collect();
            for t in &d.explains {
                checked += 1;
                let Some(m) = must.get(t.as_str()) else {
                    println!("{}: no must set for {t}", file.display());
                    violations += 1;
                    continue;
                };
                if lines.is_disjoint(m) {
                    violations += 1;
                    println!(
                        "{}: VIOLATION repair {} {:?} of {t} misses {:?}",
                        file.display(),
                        d.rank,
                        lines,
                        m
                    );
                }
            }
        }
        println!(
            "{}: {} diagnoses, {checked} (repair, test) pairs checked{}",
            file.display(),
            report.diagnoses.len(),
            if report.complete { "" } else { " (incomplete)" }
        );
    }
    if violations > 0 {
        println!("{violations} violations");
        std::process::exit(1);
    }
}
