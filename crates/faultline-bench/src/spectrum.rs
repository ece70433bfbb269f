//! The spectrum-only baseline: Naish-I suspiciousness per line from the coverage of every test,
//! no formula at all.

use std::collections::BTreeMap;

use faultline_interp::RunOptions;
use faultline_ir::Program;
use faultline_runner::{Runner, Status, Suite};

use crate::ranking::{Line, Ranking};

/// Naish-I per executable line (see [`crate::case::executable_lines`]): `ef - ep / (ep + np +
/// 1)` with `ef`/`ep` the failing/passing tests that covered the line (ran one of its component
/// statements) and `np` the passing tests that did not. Skipped tests (violated assumptions)
/// count for neither side. Returns the scores and the number of failing tests. (The same
/// definition as `Report::suspiciousness`, which needs a diagnosis: the spectrum-only baseline
/// must cost only the test runs.)
pub fn naish1_scores(program: &Program, suite: &Suite) -> (BTreeMap<Line, f64>, usize) {
    // Lines of the statements a diagnosis could blame, numbered; statement index -> line number.
    let mut lines: Vec<Line> = Vec::new();
    let mut index: BTreeMap<Line, usize> = BTreeMap::new();
    let mut stmt_line: Vec<Option<usize>> = vec![None; program.stmt_count as usize];
    program.for_each_stmt(|func, stmt| {
        if stmt.component.is_some() && !program.tests.contains(&func) {
            let loc = program.files.locate(stmt.span);
            let line = Line::new(loc.path, loc.start.line);
            let next = index.len();
            let i = *index.entry(line.clone()).or_insert_with(|| {
                lines.push(line);
                next
            });
            if let Some(slot) = stmt_line.get_mut(stmt.id.index()) {
                *slot = Some(i);
            }
        }
    });
    let runner = Runner::new(program, suite);
    let opts = RunOptions {
        record_coverage: true,
        ..Default::default()
    };
    let mut ef = vec![0u32; lines.len()];
    let mut ep = vec![0u32; lines.len()];
    let mut covered = vec![false; lines.len()];
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
        covered.iter_mut().for_each(|c| *c = false);
        if let Some(cov) = &run.coverage {
            for s in cov.covered() {
                if let Some(Some(i)) = stmt_line.get(s.index()) {
                    covered[*i] = true;
                }
            }
        }
        for (count, &c) in counts.iter_mut().zip(&covered) {
            *count += u32::from(c);
        }
    }
    let scores = lines
        .into_iter()
        .enumerate()
        .map(|(i, line)| {
            let (f, p) = (f64::from(ef[i]), f64::from(ep[i]));
            let np = f64::from(passed) - p;
            (line, f - p / (p + np + 1.0))
        })
        .collect();
    (scores, failed)
}

/// Lines by Naish-I, equal scores tied; and the number of failing tests.
pub fn naish1_ranking(program: &Program, suite: &Suite) -> (Ranking, usize) {
    let (scores, failed) = naish1_scores(program, suite);
    (Ranking::by_score(scores), failed)
}
