//! The spectrum-only baseline: Naish-I suspiciousness per line from the coverage of every test,
//! no formula at all.

use std::collections::BTreeMap;

use faultline_interp::RunOptions;
use faultline_ir::Program;
use faultline_runner::{Runner, Status, Suite};

use crate::ranking::{Line, Ranking};

/// Naish-I per executable line (see [`crate::case::executable_lines`]): `ef - ep / (ep + np +
/// 1)` with `ef`/`ep` the failing/passing tests that executed one of the line's statements and
/// `np` the passing tests that did not; a line's score is its best statement's. Skipped tests
/// (violated assumptions) count for neither side. Returns the ranking and the number of failing
/// tests.
pub fn naish1_ranking(program: &Program, suite: &Suite) -> (Ranking, usize) {
    // Statement index -> its line, for the statements a diagnosis could blame.
    let mut stmt_line: Vec<Option<Line>> = vec![None; program.stmt_count as usize];
    program.for_each_stmt(|func, stmt| {
        if stmt.component.is_some() && !program.tests.contains(&func) {
            let loc = program.files.locate(stmt.span);
            if let Some(slot) = stmt_line.get_mut(stmt.id.index()) {
                *slot = Some(Line::new(loc.path, loc.start.line));
            }
        }
    });
    let runner = Runner::new(program, suite);
    let opts = RunOptions {
        record_coverage: true,
        ..Default::default()
    };
    let mut ef = vec![0u32; stmt_line.len()];
    let mut ep = vec![0u32; stmt_line.len()];
    let (mut failed, mut passed) = (0usize, 0u32);
    for case in &suite.cases {
        let (result, run) = runner.run_case_with(case, opts);
        let counts = match result.status {
            Status::Failed => {
                failed += 1;
                &mut ef
            }
            Status::Passed => {
                passed += 1;
                &mut ep
            }
            Status::Skipped => continue,
        };
        if let Some(cov) = &run.coverage {
            for s in cov.covered() {
                if let Some(c) = counts.get_mut(s.index()) {
                    *c += 1;
                }
            }
        }
    }
    let mut scores: BTreeMap<Line, f64> = BTreeMap::new();
    for (i, line) in stmt_line.into_iter().enumerate() {
        let Some(line) = line else { continue };
        let (f, p) = (f64::from(ef[i]), f64::from(ep[i]));
        let np = f64::from(passed) - p;
        let score = f - p / (p + np + 1.0);
        let best = scores.entry(line).or_insert(f64::NEG_INFINITY);
        *best = best.max(score);
    }
    (Ranking::by_score(scores), failed)
}
