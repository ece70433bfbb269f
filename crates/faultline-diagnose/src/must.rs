//! Must-location sets of the failing tests (I-FOSFL, computed by `faultline-slice` on the
//! recorded runs): reported per test, and used as the hard clause "one of these components is
//! unhealthy" — a subset of the components the run executed, so a stronger clause than the one
//! the executed set gives, and still sound (see `faultline_slice`'s docs for why).

use std::collections::{BTreeSet, HashMap};

use faultline_interp::{Coverage, Outcome, Trace};
use faultline_ir::{FileId, Program};
use faultline_runner::{Suite, TestKind};
use faultline_slice::{demand_of, failure_sites, RunModel, Sdg, SdgCache};
use faultline_ssa::{ComponentId, Components};

use crate::report::{MustSet, SourceLine};

/// One failing run, as the slice needs it.
pub(crate) struct FailingRun<'a> {
    pub index: usize,
    pub outcome: &'a Outcome,
    pub trace: &'a Trace,
    pub coverage: &'a Coverage,
}

pub(crate) struct MustSets {
    /// In suite order of the failing tests.
    pub report: Vec<MustSet>,
    /// Per failing test (suite index): the components of its must set.
    pub components: HashMap<usize, Vec<ComponentId>>,
    /// The components the static slice from every failure site reaches, when that is not all
    /// of them: only these need relaxing.
    pub keep: Option<BTreeSet<ComponentId>>,
}

/// The must sets of the failing runs, on the dependency graph from `cache` (or a fresh one).
pub(crate) fn compute<'a>(
    program: &Program,
    suite: &Suite,
    components: &Components,
    cache: Option<&SdgCache>,
    static_slice: bool,
    failing: impl IntoIterator<Item = FailingRun<'a>>,
) -> MustSets {
    let sdg = match cache {
        Some(c) => c.sdg(program),
        None => Sdg::build(program),
    };
    let failing: Vec<FailingRun<'a>> = failing.into_iter().collect();
    // The dependency graph does not follow writes through pointers (`*r = …` in a callee
    // defines the caller's `r`): on a pointer program its slices could leave out the faulty
    // statement, so the must set is every executed statement and nothing is sliced away.
    let pointers = faultline_ssa::pointer::first_pointer_use(program).is_some();
    let mut report = Vec::with_capacity(failing.len());
    let mut by_test = HashMap::with_capacity(failing.len());
    for f in &failing {
        let model = RunModel::new(program, f.trace, f.coverage);
        let expected_exit = match &suite.cases[f.index].kind {
            TestKind::Io(io) => Some(io.exit_code),
            TestKind::Unit { .. } => None,
        };
        let stmts: BTreeSet<_> = match demand_of(program, f.outcome, expected_exit) {
            Some(demands) if !pointers => sdg.must_set(&demands, &model),
            // A failure the slice does not model (a limit), or a pointer program: if every
            // executed statement stays as it is, the run is the same; that set is a must set.
            _ => model.all_executed().collect(),
        };
        let comps: Vec<ComponentId> = stmts
            .iter()
            .filter_map(|&s| components.of_stmt(s))
            .collect();
        let mut locations: Vec<SourceLine> = comps
            .iter()
            .filter_map(|&c| components.get(c))
            .map(|info| {
                let file = program.files.get(info.span.file);
                SourceLine {
                    path: file.path.clone(),
                    line: file.line_col(info.span.start).line,
                }
            })
            .collect();
        locations.sort();
        locations.dedup();
        let mut lines: Vec<u32> = comps
            .iter()
            .filter_map(|&c| components.get(c))
            .filter(|info| info.span.file == FileId(0))
            .map(|info| {
                program
                    .files
                    .get(info.span.file)
                    .line_col(info.span.start)
                    .line
            })
            .collect();
        lines.sort_unstable();
        lines.dedup();
        report.push(MustSet {
            test: suite.cases[f.index].name.clone(),
            lines,
            locations,
        });
        by_test.insert(f.index, comps);
    }
    report.sort_by_key(|m| {
        suite
            .cases
            .iter()
            .position(|c| c.name == m.test)
            .unwrap_or(usize::MAX)
    });
    let keep = (static_slice && !pointers)
        .then(|| {
            let io = failing
                .iter()
                .any(|f| matches!(suite.cases[f.index].kind, TestKind::Io(_)));
            sdg.static_slice(&failure_sites(program, io))
                .into_iter()
                .filter_map(|s| components.of_stmt(s))
                .collect::<BTreeSet<ComponentId>>()
        })
        .filter(|k| k.len() < components.len());
    MustSets {
        report,
        components: by_test,
        keep,
    }
}
