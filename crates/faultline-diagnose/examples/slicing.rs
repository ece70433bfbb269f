//! What the must-location sets and the static slice buy, on one program (the numbers in
//! BENCHMARKS.md's "Must sets" section):
//!
//! ```sh
//! cargo run -p faultline-diagnose --example slicing -- FILE [REPS] [MAX_DIAGNOSES] [TIMEOUT_S]
//! ```
//!
//! Prints, per failing test, the executed components and the must set; the components the
//! static slice from every failure site keeps; and the diagnosis with the must clauses on and
//! off (median of REPS runs of the solve and enumerate phases, the formula size), checking that
//! both report the same diagnoses.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Duration;

use faultline_diagnose::{diagnose, DiagnoseOptions, Report};
use faultline_runner::{load_file, TestKind};
use faultline_slice::{failure_sites, Sdg};
use faultline_ssa::Components;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn sets(r: &Report) -> Vec<BTreeSet<(u32, u32)>> {
    r.diagnoses
        .iter()
        .map(|d| d.statements.iter().map(|s| (s.line, s.column)).collect())
        .collect()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(file) = args.next().map(PathBuf::from) else {
        eprintln!("usage: slicing FILE [REPS] [MAX_DIAGNOSES] [TIMEOUT_S]");
        std::process::exit(2);
    };
    let reps: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(3);
    let max: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(3);
    let timeout: f64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(120.0);
    let loaded = load_file(&file).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let (program, suite) = (&loaded.program, &loaded.suite);
    let components = Components::from_program(program);

    // Static slice from every failure site of the tests' kinds.
    let io = suite
        .cases
        .iter()
        .any(|c| matches!(c.kind, TestKind::Io(_)));
    let sdg = Sdg::build(program);
    let kept: BTreeSet<_> = sdg
        .static_slice(&failure_sites(program, io))
        .into_iter()
        .filter_map(|s| components.of_stmt(s))
        .collect();
    println!(
        "{}: {} components, static slice keeps {} ({} removed); SDG {} nodes, {} edges",
        file.display(),
        components.len(),
        kept.len(),
        components.len() - kept.len(),
        sdg.node_count(),
        sdg.edge_count()
    );

    let mut runs = Vec::new();
    for (must_clauses, static_slice) in [(true, true), (false, true), (true, false)] {
        let opts = DiagnoseOptions {
            max_diagnoses: max,
            timeout: Some(Duration::from_secs_f64(timeout.max(0.001))),
            must_clauses,
            static_slice,
            ..Default::default()
        };
        let mut solve = Vec::new();
        let mut enumerate = Vec::new();
        let mut total = Vec::new();
        let mut last = None;
        for _ in 0..reps {
            let r = diagnose(program, suite, &opts).unwrap_or_else(|e| {
                eprintln!("{e}");
                std::process::exit(2)
            });
            solve.push(r.timings_ms.solve);
            enumerate.push(r.timings_ms.enumerate);
            total.push(r.timings_ms.total);
            last = Some(r);
        }
        let r = last.expect("at least one run");
        if must_clauses {
            // The executed components per failing test: the clause without must sets.
            let runner = faultline_runner::Runner::new(program, suite);
            let mut executed = Vec::new();
            for case in &suite.cases {
                let (res, run) = runner.run_case_with(
                    case,
                    faultline_interp::RunOptions {
                        record_coverage: true,
                        ..Default::default()
                    },
                );
                if let (faultline_runner::Status::Failed, Some(cov)) = (res.status, run.coverage) {
                    let lines: BTreeSet<u32> = components
                        .all()
                        .iter()
                        .filter(|c| cov.count(c.stmt) > 0)
                        .map(|c| program.files.locate(c.span).start.line)
                        .collect();
                    executed.push(lines.len() as f64);
                }
            }
            if !executed.is_empty() {
                println!(
                    "  executed component lines per failing test: median {}",
                    median(executed)
                );
            }
            let failing = r.tests.iter().filter(|t| !t.passed).count();
            let sizes: Vec<usize> = r.must_sets.iter().map(|m| m.locations.len()).collect();
            println!(
                "  {failing} failing tests; must-set lines per test: min {} median {} max {}; slice {:.2} ms",
                sizes.iter().min().unwrap_or(&0),
                median(sizes.iter().map(|&s| s as f64).collect()),
                sizes.iter().max().unwrap_or(&0),
                r.timings_ms.slice
            );
        }
        println!(
            "  must clauses {:>3}, static slice {:>3}: solve {:.1} ms, enumerate {:.1} ms, total {:.1} ms (medians of {reps}); \
             {} replicas, {} variables, {} clauses; {} diagnoses{}",
            if must_clauses { "on" } else { "off" },
            if static_slice { "on" } else { "off" },
            median(solve),
            median(enumerate),
            median(total),
            r.formula.replicas,
            r.formula.variables,
            r.formula.clauses,
            r.diagnoses.len(),
            if r.complete { ", complete" } else { "" },
        );
        runs.push(r);
    }
    let (on, off) = (&runs[0], &runs[1]);
    if on.complete && off.complete {
        let same = sets(on).into_iter().collect::<BTreeSet<_>>()
            == sets(off).into_iter().collect::<BTreeSet<_>>();
        println!("  same diagnoses with and without: {same}");
    }
}
