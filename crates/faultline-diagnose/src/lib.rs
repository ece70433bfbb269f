//! Model-based fault localization over the failing tests of a program.
//!
//! The pipeline (each step its own crate; this one orchestrates):
//!
//! 1. run every test in the interpreter (`faultline-runner`), recording the failing runs;
//! 2. symbolically execute each failing test into a replica (`faultline-ssa`) with every
//!    component relaxed and the loop bounds the runs needed (plus slack);
//! 3. encode the replicas into one weighted partial MaxSAT problem with the health literals
//!    shared (`faultline-encode`), and enumerate its subset-minimal solutions in cost order
//!    (`faultline-maxsat`). Cheap cases first: every cost-1 diagnosis and the cost-2 ones
//!    (weight-2 components alone, pairs) from single-component checks, which [`probe`]
//!    answers in the interpreter when it can; the rest as implicit hitting sets over
//!    per-test replicas ([`hitting`], default) or as one lazily grown formula under OLL
//!    ([`JointSolver`]);
//! 4. read each solution's angelic values and **validate** them: re-run every failing test
//!    with the values substituted (interpreter overrides). Only diagnoses that make the tests
//!    pass are reported; a candidate that does not is counted in [`Report::infeasible`] (an
//!    encoder bug, which the tests of this crate catch).
//!
//! The BugAssist and SNIPER baselines reuse steps 1–4 per test and aggregate differently.

mod formula;
mod freeing;
mod hitting;
mod must;
mod options;
mod probe;
mod ranking;
mod refine;
mod repairs;
mod replica;
mod report;
mod spectrum;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::{Duration, Instant};

use faultline_interp::{Coverage, RunOptions, Trace};
use faultline_ir::{Program, Span, Stmt, StmtId, StmtKind};
use faultline_maxsat::{Enumerator, Solution, SolveError, SolveOptions};
use faultline_runner::{Runner, Status, Suite, TestResult};
use faultline_ssa::{ComponentId, Components, SymexOptions, TermStore};

/// The dependency graph cache [`DiagnoseOptions::sdg_cache`] takes (one per edited document).
pub use faultline_slice::SdgCache;
use formula::{Encoded, ReplicaAngelic};
pub use freeing::wait_for_background_frees;
use options::Budget;
pub use options::{Algorithm, CheckLimits, DiagnoseOptions, Found, JointSolver, Phase, Progress};
pub use refine::{BlamedExpression, Refinement, MAX_REFINEMENTS};
pub use replica::{replica_spec, MAX_DERIVED_UNWIND, UNWIND_SLACK};

/// Upper bound of the derived recursion inlining depth (a test stuck in infinite recursion
/// would otherwise ask for thousands of levels).
pub const MAX_DERIVED_INLINE_DEPTH: u32 = 32;
pub use faultline_repair::RepairTimings;
pub use report::{
    AngelicTest, AngelicValue, BlamedStatement, CandidateFormulas, Checks, Diagnosis, FloatValue,
    FormulaSize, LineRank, LineScore, MustSet, RepairEdit, Report, ReportNote, SourceLine,
    TestSummary, Timings, Value,
};

/// Why no report could be produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiagnoseError {
    /// The program uses something the encoder does not model.
    Unsupported {
        message: String,
        span: Option<Span>,
    },
    /// The formula is too large for the budget (terms or memory).
    TooLarge(String),
    /// Cancelled from another thread.
    Cancelled,
    /// The time budget ran out while building the formula.
    Timeout,
    Solver(String),
}

impl DiagnoseError {
    fn encode(e: faultline_encode::EncodeError) -> Self {
        DiagnoseError::TooLarge(e.to_string())
    }
}

impl std::fmt::Display for DiagnoseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DiagnoseError::Unsupported { message, .. } => write!(f, "{message}"),
            DiagnoseError::TooLarge(m) => write!(f, "formula too large: {m}"),
            DiagnoseError::Cancelled => write!(f, "cancelled"),
            DiagnoseError::Timeout => write!(f, "timeout"),
            DiagnoseError::Solver(m) => write!(f, "solver error: {m}"),
        }
    }
}

impl std::error::Error for DiagnoseError {}

/// A failing test with its recorded run.
struct Failing {
    index: usize,
    trace: Trace,
    coverage: Coverage,
    /// Deepest call nesting of the run.
    depth: u32,
    /// How it ended (where the must-location set's slice starts).
    outcome: faultline_interp::Outcome,
    /// Steps the run took.
    steps: u64,
}

/// Re-runs of a diagnosis in which some test did not end get this many times the steps of
/// the longest run that did ([`Runner::bound_steps`])…
pub const RERUN_STEP_FACTOR: u64 = 4;
/// …and at least this many.
pub const RERUN_STEP_FLOOR: u64 = 100_000;

/// Why a test that hit its step or time limit failed, in the words of its loop: which loop
/// did not end, and how long the runs that ended were.
fn stuck_reason(program: &Program, span: Span, r: &TestResult, longest_ended: u64) -> String {
    let what = match r.reason.as_deref() {
        Some(reason) => reason.trim_end_matches(" (infinite loop?)").to_string(),
        None => "limit exceeded".into(),
    };
    let mut loop_span: Option<Span> = None;
    program.for_each_stmt(|_, s| {
        let sp = s.span;
        if matches!(s.kind, StmtKind::Loop { .. })
            && sp.file == span.file
            && sp.start <= span.start
            && span.end <= sp.end
            && loop_span.is_none_or(|l| sp.end - sp.start < l.end - l.start)
        {
            loop_span = Some(sp);
        }
    });
    let ended = if longest_ended > 0 {
        format!("; the runs that ended took at most {longest_ended} steps")
    } else {
        String::new()
    };
    match loop_span {
        Some(l) => format!(
            "the loop at line {} never ends ({what}{ended})",
            program.files.locate(l).start.line
        ),
        None => format!("the run never ends ({what}{ended})"),
    }
}

/// A candidate diagnosis before ranking: blamed components and, per explained test, the
/// angelic values that were validated.
#[derive(Clone)]
struct Candidate {
    cost: u64,
    blamed: BTreeSet<ComponentId>,
    angelic: Vec<(usize, ReplicaAngelic)>,
    validated: bool,
    /// Whether the angelic values were made plain already ([`Ctx::plain`]).
    plain: bool,
}

/// Diagnose the failing tests of `suite`.
pub fn diagnose(
    program: &Program,
    suite: &Suite,
    opts: &DiagnoseOptions,
) -> Result<Report, DiagnoseError> {
    let budget = Budget::new(opts);
    let mut timings = Timings::default();

    // 1. Tests, recording the failing runs. Every run checks the budget: a test run that
    // would outlast the timeout, an edit or the memory ceiling ends there.
    let t = Instant::now();
    let mut results: Vec<TestResult> = Vec::with_capacity(suite.len());
    let mut failing = Vec::new();
    let mut spectrum = spectrum::Spectrum::new(program);
    let mut runner = Runner::new(program, suite);
    runner.stop_on(budget.stop().clone());
    let loops = replica::Loops::of(program);
    let mut passes = replica::LoopPasses::default();
    // The longest run that ended by itself, and the runs that did not (step or time limit).
    let mut longest_ended = 0u64;
    let mut stuck: Vec<(usize, Span)> = Vec::new();
    let mut stopped_by = None;
    for (index, case) in suite.cases.iter().enumerate() {
        budget.phase(Phase::Tests {
            done: index,
            total: suite.len(),
        });
        if let Err(e) = budget.check() {
            stopped_by = Some(e);
            break;
        }
        let (result, run) = runner.run_case_with(
            case,
            RunOptions {
                record_trace: true,
                record_coverage: true,
                ..Default::default()
            },
        );
        let limit = match &run.outcome {
            faultline_interp::Outcome::RuntimeError { kind, span } => match kind {
                faultline_interp::RuntimeErrorKind::Stopped { reason } => {
                    stopped_by = Some(budget.error_of(*reason));
                    break;
                }
                faultline_interp::RuntimeErrorKind::StepLimit { .. }
                | faultline_interp::RuntimeErrorKind::TimeLimit { .. } => Some(*span),
                _ => None,
            },
            _ => None,
        };
        match limit {
            Some(span) => stuck.push((index, span)),
            None => longest_ended = longest_ended.max(run.steps),
        }
        if let (Status::Passed | Status::Failed, Some(coverage)) = (result.status, &run.coverage) {
            spectrum.add(coverage, result.status == Status::Failed);
            if let Some(trace) = &run.trace {
                if limit.is_some() {
                    // How often a loop that did not end went round says nothing about
                    // what a repaired run needs (see `Loops::bounds`).
                    loops.observe_stuck(coverage, &mut passes);
                } else {
                    loops.observe(
                        trace,
                        coverage,
                        result.status == Status::Failed,
                        &mut passes,
                    );
                }
            }
        }
        if result.status == Status::Failed {
            if let (Some(trace), Some(coverage)) = (run.trace, run.coverage) {
                failing.push(Failing {
                    index,
                    trace,
                    coverage,
                    depth: run.max_depth,
                    outcome: run.outcome,
                    steps: run.steps,
                });
            }
        }
        results.push(result);
    }
    timings.tests = ms(t.elapsed());
    let tests = results
        .iter()
        .map(|r| {
            let stuck_at = stuck.iter().find(|(i, _)| suite.cases[*i].name == r.name);
            TestSummary {
                name: r.name.clone(),
                passed: r.passed,
                reason: match stuck_at {
                    Some((_, span)) => Some(stuck_reason(program, *span, r, longest_ended)),
                    None => r.reason.clone(),
                },
                line: r.line,
            }
        })
        .collect();
    let mut report = Report {
        algorithm: opts.algorithm,
        tests,
        diagnoses: Vec::new(),
        complete: true,
        stopped: None,
        infeasible: 0,
        undecided: 0,
        timings_ms: timings.clone(),
        formula: FormulaSize::default(),
        checks: Default::default(),
        must_sets: Vec::new(),
        suspiciousness: spectrum.scores(program),
        lines: Vec::new(),
        notes: approximation_notes(program),
    };
    if let Some(e) = stopped_by {
        // What is known so far, the tests that ran, is the report; a cancelled analysis has
        // no one to report to.
        match e {
            DiagnoseError::Timeout => {
                report.complete = false;
                report.stopped = Some(format!(
                    "timeout while running the tests ({} of {} run)",
                    results.len(),
                    suite.len()
                ));
                report.timings_ms.total = ms(budget.elapsed());
                return Ok(report);
            }
            e => return Err(e),
        }
    }
    if failing.is_empty() {
        report.timings_ms.total = ms(budget.elapsed());
        return Ok(report);
    }
    // Re-runs (probes, validations) get a few times the steps of the longest run that ended
    // by itself: a test that loops until the step limit (10 M steps, a second) would
    // otherwise take that long at every probe, and a re-run that needs more than that is
    // still looping, not repaired.
    if !stuck.is_empty() {
        runner.bound_steps(
            longest_ended
                .saturating_mul(RERUN_STEP_FACTOR)
                .max(RERUN_STEP_FLOOR),
        );
    }

    // The lazy joint encoding starts from the first failing test: the one with the shortest run
    // makes the smallest replica.
    failing.sort_by_key(|f| f.steps);
    let components = Components::from_program(program);
    // Must-location sets (I-FOSFL) of the recorded runs, on the (cached) dependency graph.
    let t = Instant::now();
    let must = must::compute(
        program,
        suite,
        &components,
        opts.sdg_cache.as_deref(),
        opts.static_slice,
        failing.iter().map(|f| must::FailingRun {
            index: f.index,
            outcome: &f.outcome,
            trace: &f.trace,
            coverage: &f.coverage,
        }),
    );
    report.must_sets = must.report;
    timings.slice = ms(t.elapsed());
    let symex_opts = SymexOptions {
        loop_unwind: match opts.unwind {
            Some(_) => HashMap::new(),
            None => loops.bounds(&passes),
        },
        unwind: opts.unwind.unwrap_or(UNWIND_SLACK),
        // Recursion is inlined as deep as the failing runs went, plus one level: with both
        // branches of every condition encoded, each level multiplies the formula.
        max_inline_depth: failing
            .iter()
            .map(|f| f.depth)
            .max()
            .unwrap_or(1)
            .saturating_add(1)
            .min(MAX_DERIVED_INLINE_DEPTH),
        deadline: budget.deadline(),
        cancel: opts.cancel.clone(),
        max_terms: budget.max_terms(SymexOptions::default().max_terms),
        relax_only: must.keep.clone(),
        ..Default::default()
    };
    // From here on the interpreter answers the formula's question: whether a change repairs a
    // test within the formula's bounds. Runs without them repaired tests by going round a loop
    // more often than the formula unrolls it (`Rate_OK()` on a TCAS whose failing runs stop
    // before the projection loop): the formula refuted the call alone, a run with its values
    // accepted it with a statement that changed nothing, and that set was reported.
    runner.hold_to(faultline_interp::Unwinding {
        loops: symex_opts.loop_unwind.clone(),
        default: symex_opts.unwind,
        max_inline_depth: symex_opts.max_inline_depth,
    });
    let ctx = Ctx {
        program,
        suite,
        runner: &runner,
        components: &components,
        symex_opts: &symex_opts,
        budget: &budget,
        max: opts.max_diagnoses.max(1),
        check_limits: opts.check_limits,
        failing: failing.iter().map(|f| f.index).collect(),
        stmts: stmt_index(program),
        found: opts.found.clone(),
        announced: Default::default(),
        first: Default::default(),
        // BugAssist and SNIPER find per-test diagnoses, which are not yet what they report.
        joint_diagnoses: opts.algorithm == Algorithm::Cfaults,
        naish1: components
            .all()
            .iter()
            .map(|c| spectrum.naish1(c.stmt))
            .collect(),
        strict_mul_overflow: Default::default(),
        joint_solver: opts.joint_solver,
        singles: Default::default(),
        joint: Default::default(),
        skipped: Default::default(),
        probe_missed: Default::default(),
        pair_probe_missed: Default::default(),
        traces: failing.iter().map(|f| (f.index, &f.trace)).collect(),
        return_siblings: probe::return_siblings(program),
        seen_values: Default::default(),
        candidate_sizes: Default::default(),
        refined_sizes: Default::default(),
        longest_failing: failing.iter().map(|f| f.steps).max().unwrap_or(0),
        rerun_steps: repairs::rerun_steps(&results, suite.limits.max_steps),
        early: Default::default(),
        executed: failing
            .iter()
            .map(|f| {
                let covered: Vec<ComponentId> = components
                    .all()
                    .iter()
                    .filter(|c| f.coverage.count(c.stmt) > 0)
                    .map(|c| c.id)
                    .collect();
                // The must set is a subset of the executed components: a stronger clause.
                let must = must
                    .components
                    .get(&f.index)
                    .filter(|m| opts.must_clauses && !m.is_empty());
                (f.index, must.cloned().unwrap_or(covered))
            })
            .collect(),
    };

    let mut candidates = match opts.algorithm {
        Algorithm::Cfaults => {
            let all = ctx.failing.clone();
            let out = ctx.enumerate(&all, &mut timings, &mut report)?;
            out.into_iter()
                .map(|c| (c, all.clone()))
                .collect::<Vec<_>>()
        }
        Algorithm::Bugassist => ctx.bugassist(&failing, &mut timings, &mut report)?,
        Algorithm::Sniper => ctx.sniper(&failing, &mut timings, &mut report)?,
    };

    // Repairs (CFaults: a repair passes every test, which only its diagnoses promise).
    let repairs = if opts.repair && opts.algorithm == Algorithm::Cfaults {
        ctx.search_repairs(
            &mut candidates,
            &must.components,
            &results,
            &mut report,
            &mut timings,
        )
    } else {
        Default::default()
    };
    if opts.algorithm != Algorithm::Bugassist {
        ctx.rank_repaired(&mut candidates, &repairs, &must.components);
    }
    report.diagnoses = ctx.describe_all(&mut candidates);
    for ((c, _), d) in candidates.iter().zip(&mut report.diagnoses) {
        d.repairs = ctx.describe_repairs(c, &repairs);
    }
    if opts.refine {
        for ((c, explains), d) in candidates.iter().zip(&mut report.diagnoses) {
            budget.phase(Phase::Refining { rank: d.rank });
            match ctx.refine(c, explains, &mut timings) {
                Ok(r) => d.refinements = r,
                // What was refined so far is still worth reporting.
                Err(DiagnoseError::Timeout) => break,
                Err(e) => return Err(e),
            }
        }
    }
    for (replicas, terms, stats) in ctx.refined_sizes.borrow().iter() {
        report.formula.include(*replicas, *terms, stats);
    }
    report.rank_lines();
    report.formula.candidates = CandidateFormulas::of(&ctx.candidate_sizes.borrow());
    report.formula.components = components.len();
    timings.first = ctx.first.get();
    timings.total = ms(budget.elapsed());
    report.timings_ms = timings;
    Ok(report)
}

struct Ctx<'a> {
    program: &'a Program,
    suite: &'a Suite,
    runner: &'a Runner<'a>,
    components: &'a Components,
    symex_opts: &'a SymexOptions,
    budget: &'a Budget,
    max: usize,
    check_limits: CheckLimits,
    /// The failing tests (suite indices), shortest run first: what a CFaults diagnosis
    /// explains.
    failing: Vec<usize>,
    stmts: HashMap<StmtId, &'a Stmt>,
    /// Told the report so far as diagnoses join it ([`DiagnoseOptions::found`]), when they
    /// are the report's (`joint_diagnoses`).
    found: Option<options::Found>,
    /// How many diagnoses `found` was last told of.
    announced: std::cell::Cell<usize>,
    /// When the first diagnosis was found (ms since the start; [`Timings::first`]).
    first: std::cell::Cell<Option<f64>>,
    /// Whether the diagnoses found are the report's (CFaults), not one test's.
    joint_diagnoses: bool,
    /// Per failing test (suite index): the components its run executed. If all of them were
    /// healthy the run would be the same and fail the same way, so every diagnosis must blame
    /// at least one — a sound "must" clause that hands the solver a first core for free.
    executed: HashMap<usize, Vec<ComponentId>>,
    /// Naish-I score of each component's statement (by component index): among equally cheap
    /// diagnoses, the limit keeps the most suspicious.
    naish1: Vec<f64>,
    /// Tests (suite indices) whose replicas carry every multiplication overflow check. The
    /// others leave them out ([`SymexOptions::defer_mul_overflow`]): the checks make a
    /// replica several times harder, and a model rarely relies on an overflowing product. A
    /// test joins the first time a candidate's validation hits undefined behaviour in it; its
    /// formulas are rebuilt with every check, so such a model cannot come back for it.
    strict_mul_overflow: std::cell::RefCell<BTreeSet<usize>>,
    joint_solver: JointSolver,
    /// What relaxing one component alone does to one test: `(component, suite index)` to the
    /// angelic values that make it pass, or `None` when no values do. Relaxing more
    /// components can only explain more, so a joint candidate containing a component that
    /// explains a test alone explains it too, with these values.
    singles: std::cell::RefCell<HashMap<(ComponentId, usize), Option<ReplicaAngelic>>>,
    /// Per failing test (suite index): sets of two or more components known to explain it
    /// together (from a probe, a candidate-only replica or a full replica's model), with the
    /// values. As for `singles`, a candidate containing such a set explains the test with
    /// these values: on TCAS v1 the diagnoses of cost 3 that are no covered sets share the
    /// pairs that explain their hard tests, and each took 4.9 full-replica checks and 6.6
    /// candidate-only replicas without this.
    joint: std::cell::RefCell<HashMap<usize, Vec<JointExplanation>>>,
    /// Candidate sets skipped undecided (their checks ran out of [`CheckLimits`]): they and
    /// their supersets are never reported, since the set itself might be a diagnosis.
    skipped: std::cell::RefCell<Vec<BTreeSet<ComponentId>>>,
    /// `(component, suite index)` pairs whose interpreter probe found no values (which does
    /// not mean that none exist): not probed again.
    probe_missed: std::cell::RefCell<std::collections::HashSet<(ComponentId, usize)>>,
    /// The same for pairs of components, `(a, b, suite index)`: a pair probe
    /// tries the same values every time, so a miss stays a miss.
    pair_probe_missed:
        std::cell::RefCell<std::collections::HashSet<(ComponentId, ComponentId, usize)>>,
    /// Per failing test (suite index): its recorded run. Ordered, so that whatever is gathered
    /// across runs (the values probes try) does not change from one run of Faultline to the
    /// next.
    traces: BTreeMap<usize, &'a Trace>,
    /// Per `return`: the returns of its function (values worth probing).
    return_siblings: HashMap<StmtId, Vec<StmtId>>,
    /// Per statement: the values it produced in the failing runs that probes try (see
    /// [`Ctx::seen_values`]), gathered once instead of at every probe.
    seen_values: std::cell::RefCell<HashMap<StmtId, std::rc::Rc<[i128]>>>,
    /// `(variables, clauses)` of every candidate-only replica solved, for the report's
    /// [`FormulaSize::candidates`].
    candidate_sizes: std::cell::RefCell<Vec<(u32, usize)>>,
    /// Per `--refine` formula: its replicas, terms and size, for the report's [`FormulaSize`]
    /// (the refinement runs while the report's diagnoses are being filled in).
    refined_sizes: std::cell::RefCell<Vec<(usize, usize, faultline_encode::FormulaStats)>>,
    /// Steps of the longest failing run: long runs make formulas large, so their repairs are
    /// searched first ([`Ctx::repaired_singles`]).
    longest_failing: u64,
    /// Steps a run of an edited program may take (see `repairs::rerun_steps`).
    rerun_steps: u64,
    /// What [`Ctx::repaired_singles`] searched and found before the enumeration, which the
    /// repair search after it does not search again.
    early: std::cell::RefCell<probe::EarlyRepairs>,
}

/// Components that, changed together with these values, make one test pass.
type JointExplanation = (BTreeSet<ComponentId>, ReplicaAngelic);

/// What re-running the tests with a candidate's angelic values showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Validation {
    Passed,
    /// This test (suite index) hit undefined behaviour (or a limit) in the interpreter.
    RuntimeError(usize),
    Failed,
}

impl Ctx<'_> {
    /// Symbolically execute `tests` (suite indices) into replicas sharing `store`.
    fn replicas(
        &self,
        tests: &[usize],
        opts: &SymexOptions,
        store: &mut TermStore,
    ) -> Result<Vec<(usize, faultline_ssa::Replica)>, DiagnoseError> {
        let mut replicas = Vec::with_capacity(tests.len());
        for &i in tests {
            if self.budget.cancelled() {
                return Err(DiagnoseError::Cancelled);
            }
            let spec = replica::replica_spec(&self.suite.cases[i]);
            let opts = self.strict_for(i, opts);
            let r = faultline_ssa::symex(self.program, self.components, &spec, store, &opts)
                .map_err(symex_error)?;
            replicas.push((i, r));
        }
        Ok(replicas)
    }

    /// Encode the replicas of `tests` (suite indices) into one formula.
    fn encode(&self, tests: &[usize], report: &mut Report) -> Result<Encoded, DiagnoseError> {
        self.encode_with(tests, &self.deferring_opts(), report)
    }

    /// The options of the replicas the search solves: the run's own, with the multiplication
    /// overflow checks deferred until a test needs them (see [`Ctx::strict_for`]).
    fn deferring_opts(&self) -> SymexOptions {
        SymexOptions {
            defer_mul_overflow: true,
            ..self.symex_opts.clone()
        }
    }

    fn encode_with(
        &self,
        tests: &[usize],
        opts: &SymexOptions,
        report: &mut Report,
    ) -> Result<Encoded, DiagnoseError> {
        self.budget.phase(Phase::Encoding {
            replicas: tests.len(),
        });
        let mut store = TermStore::new();
        let replicas = self.replicas(tests, opts, &mut store)?;
        self.encoded(store, replicas, report)
    }

    /// Encode replicas into one formula (the report keeps the largest formula's size).
    fn encoded(
        &self,
        store: TermStore,
        replicas: Vec<(usize, faultline_ssa::Replica)>,
        report: &mut Report,
    ) -> Result<Encoded, DiagnoseError> {
        let n = replicas.len();
        let enc = Encoded::new(store, replicas, self.components, self.budget)?;
        (report.formula).include(n, enc.store.len(), &enc.formula.stats());
        Ok(enc)
    }

    /// `opts` for the replica of `test`: with every multiplication overflow check once the
    /// test needs them (see [`Ctx::strict_mul_overflow`]).
    fn strict_for(&self, test: usize, opts: &SymexOptions) -> SymexOptions {
        SymexOptions {
            defer_mul_overflow: opts.defer_mul_overflow
                && !self.strict_mul_overflow.borrow().contains(&test),
            ..opts.clone()
        }
    }

    /// After a validation: whether the test that failed it needs its formulas rebuilt with
    /// every overflow check (the candidate may have relied on an overflowing product its
    /// formula did not forbid). What was learnt about that test from the formula is dropped.
    fn needs_all_checks(&self, v: Validation) -> bool {
        let Validation::RuntimeError(test) = v else {
            return false;
        };
        if !self.strict_mul_overflow.borrow_mut().insert(test) {
            return false;
        }
        // Values found without the checks may rely on an overflowing product.
        self.singles.borrow_mut().retain(|&(_, t), _| t != test);
        self.joint.borrow_mut().remove(&test);
        true
    }

    /// Enumerate validated subset-minimal diagnoses of the joint formula over `tests`, in cost
    /// order.
    ///
    /// The formula grows lazily (counterexample-guided): it starts with the replica of the first
    /// test only; each optimum is then checked against every other test with a replica in which
    /// only the candidate's components are relaxed — that replica folds to almost nothing, so
    /// the check is cheap. A test the candidate cannot explain joins the formula and solving
    /// resumes. Since the partial formula is a relaxation of the full one, a candidate that
    /// explains every test is an optimum (and subset-minimal) of the full problem too: the
    /// result equals the eager joint encoding, usually with a few replicas instead of all.
    fn enumerate(
        &self,
        tests: &[usize],
        timings: &mut Timings,
        report: &mut Report,
    ) -> Result<Vec<Candidate>, DiagnoseError> {
        let mut accepted = Vec::new();
        match self.enumerate_into(tests, timings, report, &mut accepted) {
            Ok(()) => Ok(accepted),
            // A formula over the size or memory ceiling ends the search, but the diagnoses
            // found before it (each validated) stand: report them, saying the search stopped.
            Err(DiagnoseError::TooLarge(m)) if !accepted.is_empty() => {
                report.stop_too_large(&m);
                Ok(accepted)
            }
            Err(e) => Err(e),
        }
    }

    /// [`Ctx::enumerate`]'s search, adding to `accepted` as diagnoses are validated.
    fn enumerate_into(
        &self,
        tests: &[usize],
        timings: &mut Timings,
        report: &mut Report,
        accepted: &mut Vec<Candidate>,
    ) -> Result<(), DiagnoseError> {
        let Some(&first) = tests.first() else {
            return Ok(());
        };
        let mut active = vec![first];
        // Long runs: statements that one small edit repairs are diagnoses found by running
        // the tests alone, before any formula of a long run is built.
        if self.longest_failing >= probe::LONG_RUN_STEPS && self.joint_diagnoses {
            let t = Instant::now();
            self.repaired_singles(accepted, report);
            timings.solve += ms(t.elapsed());
            if self.at_limit(accepted, report) {
                return Ok(());
            }
        }
        // Every cost-1 diagnosis is one weight-1 component alone: find them all without the
        // joint formula, by checking each candidate against the tests one at a time.
        let t = Instant::now();
        let at_limit = match self.single_component_diagnoses(tests, 1, accepted, report) {
            Err(DiagnoseError::Timeout) => {
                report.stop_at_timeout();
                return Ok(());
            }
            other => other?,
        };
        timings.solve += ms(t.elapsed());
        if at_limit {
            return Ok(());
        }
        if self.joint_solver == JointSolver::HittingSets {
            let t = Instant::now();
            tracing::debug!(found = accepted.len(), "cost-1 pass");
            // The rest of cost 2: weight-2 components alone, then pairs of weight-1 ones.
            match self.single_component_diagnoses(tests, 2, accepted, report) {
                Err(DiagnoseError::Timeout) if !self.budget.cancelled() => {
                    report.stop_at_timeout();
                    return Ok(());
                }
                other => {
                    if other? {
                        return Ok(());
                    }
                }
            }
            tracing::debug!(found = accepted.len(), "weight-2 singles");
            let refuted = match self.complementary_pairs(tests, accepted, report) {
                Err(DiagnoseError::Timeout) if !self.budget.cancelled() => {
                    report.stop_at_timeout();
                    return Ok(());
                }
                other => other?,
            };
            timings.enumerate += ms(t.elapsed());
            // At the limit with the search not over: more diagnoses may exist (a list that
            // the cost-2 passes filled exactly was reported complete before).
            if self.at_limit(accepted, report) {
                return Ok(());
            }
            self.hitting_set_diagnoses(tests, &refuted, accepted, timings, report)?;
            return Ok(());
        }
        'rebuild: loop {
            let t = Instant::now();
            let encoded = self.encode(&active, report);
            timings.encode += ms(t.elapsed());
            let mut enc = match encoded {
                Err(DiagnoseError::Timeout) if !self.budget.cancelled() => {
                    report.stop_at_timeout();
                    return Ok(());
                }
                Err(DiagnoseError::Timeout) => return Err(DiagnoseError::Cancelled),
                other => other?,
            };
            for test in tests {
                if let Some(executed) = self.executed.get(test) {
                    enc.require_one_unhealthy(executed, self.components)?;
                }
            }
            let mut en = Enumerator::new(
                enc.formula.instance(),
                SolveOptions {
                    timeout: self.budget.remaining(),
                    cancel: self.budget.cancel_flag(),
                    ..Default::default()
                },
            );
            // Diagnoses accepted before the formula grew stay accepted: block them (and their
            // supersets) so that the enumeration goes on from where it was.
            let skipped = self.skipped.borrow().clone();
            for blamed in accepted.iter().map(|c| &c.blamed).chain(&skipped) {
                let softs: Vec<_> = enc
                    .formula
                    .softs()
                    .filter(|(comp, _)| blamed.contains(comp))
                    .map(|(_, s)| s)
                    .collect();
                en.block(&softs);
            }
            loop {
                if self.at_limit(accepted, report) {
                    return Ok(());
                }
                let t = Instant::now();
                let next = en.next();
                let spent = ms(t.elapsed());
                if accepted.is_empty() {
                    timings.solve += spent;
                } else {
                    timings.enumerate += spent;
                }
                let sol: Solution = match next {
                    Ok(Some(sol)) => sol,
                    Ok(None) => return Ok(()),
                    // Unsatisfiable after blocking what was accepted just means exhausted.
                    Err(SolveError::HardUnsat) => {
                        if accepted.is_empty() {
                            report.stopped.get_or_insert_with(|| {
                                "no repair exists within the unwinding bounds".into()
                            });
                        }
                        return Ok(());
                    }
                    Err(SolveError::Timeout) => {
                        report.stop_at_timeout();
                        return Ok(());
                    }
                    Err(SolveError::Cancelled) => {
                        // Freeing a large formula and its solver takes tens of milliseconds
                        // that the newer run should not wait for.
                        freeing::free_in_background((en, enc));
                        return Err(DiagnoseError::Cancelled);
                    }
                    Err(SolveError::Solver(m)) => return Err(DiagnoseError::Solver(m)),
                };
                let blamed = enc.blamed(&sol);
                let mut angelic = enc.angelic(&sol, &blamed);
                let t = Instant::now();
                for &test in tests.iter().filter(|t| !active.contains(t)) {
                    let explained = match self.explain(&blamed, test) {
                        Err(DiagnoseError::Timeout) => {
                            report.stop_at_timeout();
                            return Ok(());
                        }
                        other => other?,
                    };
                    match explained {
                        Some(a) => angelic.push((test, a)),
                        None => {
                            timings.enumerate += ms(t.elapsed());
                            active.push(test);
                            continue 'rebuild;
                        }
                    }
                }
                timings.enumerate += ms(t.elapsed());
                self.budget.phase(Phase::Validating);
                let t = Instant::now();
                let validation = self.validate_run(&angelic);
                timings.validate += ms(t.elapsed());
                if validation == Validation::Passed {
                    let c = Candidate {
                        cost: sol.cost,
                        blamed,
                        angelic,
                        validated: true,
                        plain: false,
                    };
                    self.found(accepted, c, report);
                } else if self.needs_all_checks(validation) {
                    continue 'rebuild;
                } else {
                    report.infeasible += 1;
                    tracing::error!(
                        "diagnosis {:?} failed validation: encoder and interpreter disagree",
                        blamed
                    );
                }
            }
        }
    }

    /// Components, most suspicious (Naish-I) first; ties in id order.
    fn by_suspicion(&self, components: &mut [ComponentId]) {
        components.sort_by(|a, b| {
            self.suspicion(*b)
                .total_cmp(&self.suspicion(*a))
                .then(a.cmp(b))
        });
    }

    /// The Naish-I score of a component's statement.
    fn suspicion(&self, c: ComponentId) -> f64 {
        self.naish1.get(c.index()).copied().unwrap_or(0.0)
    }

    /// Some component of `set` explains `test` alone, or some set of its components together
    /// (known from an earlier check or probe): those angelic values, which explain it for the
    /// whole set too (the other members keep their values).
    fn known_explanation(
        &self,
        set: &BTreeSet<ComponentId>,
        test: usize,
    ) -> Option<ReplicaAngelic> {
        let singles = self.singles.borrow();
        if let Some(a) = set
            .iter()
            .find_map(|c| singles.get(&(*c, test)).cloned().flatten())
        {
            return Some(a);
        }
        let joint = self.joint.borrow();
        joint
            .get(&test)?
            .iter()
            .find(|(known, _)| known.is_subset(set))
            .map(|(_, a)| a.clone())
    }

    /// Records that changing `set` (with these values) makes `test` pass, for
    /// [`Ctx::known_explanation`]; a set holding one already known is not kept.
    fn remember(&self, set: &BTreeSet<ComponentId>, test: usize, values: &ReplicaAngelic) {
        if let (1, Some(&c)) = (set.len(), set.first()) {
            self.singles
                .borrow_mut()
                .entry((c, test))
                .or_insert_with(|| Some(values.clone()));
            return;
        }
        if set.is_empty() || self.known_explanation(set, test).is_some() {
            return;
        }
        self.joint
            .borrow_mut()
            .entry(test)
            .or_default()
            .push((set.clone(), values.clone()));
    }

    /// Whether `c` alone is known to explain `test`: from the single-component answers, or
    /// else from a probe in the interpreter (whose values are then kept as that answer).
    /// `false` means only "not known". (Not to be confused with [`Ctx::known_explanation`],
    /// which reads the cached values for a set and never probes.)
    fn single_explains(&self, c: ComponentId, test: usize) -> bool {
        if let Some(known) = self.singles.borrow().get(&(c, test)) {
            return known.is_some();
        }
        if self.probe_missed.borrow().contains(&(c, test)) {
            return false;
        }
        if self
            .executed
            .get(&test)
            .is_some_and(|must| !must.contains(&c))
        {
            // Every repair of the test changes a component of its must set: one outside it
            // cannot repair the test alone, whatever its values.
            self.singles.borrow_mut().insert((c, test), None);
            return false;
        }
        match self.probe_single(c, test) {
            Some(a) => {
                self.singles.borrow_mut().insert((c, test), Some(a));
                true
            }
            None => {
                self.probe_missed.borrow_mut().insert((c, test));
                false
            }
        }
    }

    /// Before looking for the next diagnosis: `true` once the limit is reached (the report
    /// is then incomplete); otherwise the search's phase is announced.
    fn at_limit(&self, accepted: &[Candidate], report: &mut Report) -> bool {
        if accepted.len() >= self.max {
            report.stop_at_limit();
            return true;
        }
        self.budget.phase(if accepted.is_empty() {
            Phase::Solving
        } else {
            Phase::Enumerating {
                found: accepted.len(),
            }
        });
        false
    }

    /// The cost-1 diagnoses of `tests`: weight-1 components that, relaxed alone, explain every
    /// test (validated). Only components every test executed can qualify (a component a test
    /// did not run cannot change it). The check of one component against one test is a replica
    /// in which only that component is relaxed, so it folds to almost nothing; a test that
    /// rejects a component is tried first for the next one, since tests that tell components
    /// apart tend to reject many.
    ///
    /// Each one found joins `accepted` at once (every component of one weight costs the same,
    /// so the first is an optimum to show while the others are checked). Returns `true` once
    /// the limit is reached (the report is then incomplete).
    fn single_component_diagnoses(
        &self,
        tests: &[usize],
        weight: u64,
        accepted: &mut Vec<Candidate>,
        report: &mut Report,
    ) -> Result<bool, DiagnoseError> {
        let mut candidates: Vec<ComponentId> = self
            .components
            .all()
            .iter()
            .filter(|c| c.weight == weight)
            .map(|c| c.id)
            .collect();
        for t in tests {
            let executed: BTreeSet<ComponentId> = self
                .executed
                .get(t)
                .map(|v| v.iter().copied().collect())
                .unwrap_or_default();
            candidates.retain(|c| executed.contains(c));
        }
        // All of them are equally cheap: when only some fit under the limit, the ranking
        // keeps the most suspicious, so check those first.
        self.by_suspicion(&mut candidates);
        let mut order: Vec<usize> = tests.to_vec();
        'candidates: for c in candidates {
            if accepted.len() >= self.max {
                report.stop_at_limit();
                return Ok(true);
            }
            let blamed: BTreeSet<ComponentId> = [c].into();
            if accepted.iter().any(|a| a.blamed == blamed) {
                // Found before the enumeration (`Ctx::repaired_singles`).
                continue;
            }
            let (angelic, validation) = loop {
                let mut angelic = Vec::with_capacity(order.len());
                for k in 0..order.len() {
                    let test = order[k];
                    match self.explain_limited(&blamed, test)? {
                        Some(Some(a)) => angelic.push((test, a)),
                        Some(None) => {
                            tracing::debug!(c = ?self.lines(&blamed), test, "single refuted");
                            order[..=k].rotate_right(1);
                            continue 'candidates;
                        }
                        None => {
                            tracing::debug!(?c, test, "single undecided");
                            self.skip_undecided(&blamed, report);
                            continue 'candidates;
                        }
                    }
                }
                self.budget.phase(Phase::Validating);
                let v = self.validate_run(&angelic);
                if !self.needs_all_checks(v) {
                    break (angelic, v);
                }
            };
            if validation == Validation::Passed {
                let c = Candidate {
                    cost: weight,
                    blamed,
                    angelic,
                    validated: true,
                    plain: false,
                };
                self.found(accepted, c, report);
            } else {
                report.infeasible += 1;
                tracing::error!(
                    "diagnosis {c:?} failed validation: encoder and interpreter disagree"
                );
            }
        }
        Ok(false)
    }

    /// Can changing (some of) the `blamed` components make `test` pass? If so, the angelic
    /// values of a cheapest way to do it.
    fn explain(
        &self,
        blamed: &BTreeSet<ComponentId>,
        test: usize,
    ) -> Result<Option<ReplicaAngelic>, DiagnoseError> {
        match blamed.first() {
            // Without a time limit the answer is never left open.
            Some(&c) if blamed.len() == 1 => Ok(self.explain_single(c, test, None)?.flatten()),
            _ => {
                if self.budget.cancelled() {
                    return Err(DiagnoseError::Cancelled);
                }
                self.explain_uncached(blamed, test)
            }
        }
    }

    /// Can changing `c` alone make `test` pass: the cached answer, else an interpreter probe,
    /// else the candidate-only replica's solve within `time`. `None` when that ran out (no
    /// answer is cached then).
    fn explain_single(
        &self,
        c: ComponentId,
        test: usize,
        time: Option<Duration>,
    ) -> Result<Option<Option<ReplicaAngelic>>, DiagnoseError> {
        if self.budget.cancelled() {
            return Err(DiagnoseError::Cancelled);
        }
        if let Some(known) = self.singles.borrow().get(&(c, test)).cloned() {
            return Ok(Some(known));
        }
        let explained = match self
            .probe_single(c, test)
            .or_else(|| self.transfer_single(c, test))
        {
            Some(a) => Some(a),
            None => match self.explain_in(&[c].into(), test, u32::MAX, time)? {
                Some(explained) => explained,
                None => return Ok(None),
            },
        };
        self.singles
            .borrow_mut()
            .insert((c, test), explained.clone());
        Ok(Some(explained))
    }

    /// Leaves `set` out undecided: it and its supersets are never reported (see
    /// [`Ctx::skipped`]), and the report says the enumeration is incomplete.
    fn skip_undecided(&self, set: &BTreeSet<ComponentId>, report: &mut Report) {
        self.skipped.borrow_mut().push(set.clone());
        report.skip_undecided();
    }

    /// Whether `set` contains a set that was skipped undecided.
    fn contains_skipped(&self, set: &BTreeSet<ComponentId>) -> bool {
        self.skipped.borrow().iter().any(|s| s.is_subset(set))
    }

    fn explain_uncached(
        &self,
        blamed: &BTreeSet<ComponentId>,
        test: usize,
    ) -> Result<Option<ReplicaAngelic>, DiagnoseError> {
        Ok(self.explain_within(blamed, test, u32::MAX)?.flatten())
    }

    /// [`Ctx::explain`] with the folded solve limited to [`CheckLimits::folded`]: `None`
    /// when it ran out (the budget's own timeout and cancellation stay errors).
    fn explain_limited(
        &self,
        blamed: &BTreeSet<ComponentId>,
        test: usize,
    ) -> Result<Option<Option<ReplicaAngelic>>, DiagnoseError> {
        let time = Some(self.check_limits.folded);
        match blamed.first() {
            Some(&c) if blamed.len() == 1 => self.explain_single(c, test, time),
            _ => {
                if let Some(known) = self.known_explanation(blamed, test) {
                    return Ok(Some(Some(known)));
                }
                self.explain_in(blamed, test, u32::MAX, time)
            }
        }
    }

    /// [`Ctx::explain`] without the caches and probes, unless the candidate-only replica has
    /// more than `max_vars` variables: then `None`, without solving it.
    fn explain_within(
        &self,
        blamed: &BTreeSet<ComponentId>,
        test: usize,
        max_vars: u32,
    ) -> Result<Option<Option<ReplicaAngelic>>, DiagnoseError> {
        self.explain_in(blamed, test, max_vars, None)
    }

    /// The candidate-only replica of `blamed` for `test`, solved: `Some(values)` when relaxing
    /// (some of) `blamed` makes the test pass, `Some(None)` when nothing does, `None` when the
    /// replica has more than `max_vars` variables or its solve took longer than `time`.
    fn explain_in(
        &self,
        blamed: &BTreeSet<ComponentId>,
        test: usize,
        max_vars: u32,
        time: Option<Duration>,
    ) -> Result<Option<Option<ReplicaAngelic>>, DiagnoseError> {
        let opts = SymexOptions {
            relax_only: Some(blamed.clone()),
            ..self.deferring_opts()
        };
        let mut store = TermStore::new();
        let spec = replica::replica_spec(&self.suite.cases[test]);
        let opts = self.strict_for(test, &opts);
        let r = match faultline_ssa::symex(self.program, self.components, &spec, &mut store, &opts)
        {
            Ok(r) => r,
            Err(faultline_ssa::SymexError::Stopped) if self.budget.cancelled() => {
                return Err(DiagnoseError::Cancelled)
            }
            Err(e) => return Err(symex_error(e)),
        };
        let Some(mut enc) = Encoded::new_within(
            store,
            vec![(test, r)],
            self.components,
            self.budget,
            max_vars,
        )?
        else {
            return Ok(None);
        };
        let stats = enc.formula.stats();
        (self.candidate_sizes.borrow_mut()).push((stats.vars, stats.clauses));
        let remaining = self.budget.remaining();
        // The call's own limit, when it comes before the budget's.
        let own = time.filter(|t| remaining.is_none_or(|r| *t < r));
        let sol = faultline_maxsat::solve(
            enc.formula.instance(),
            &SolveOptions {
                timeout: own.or(remaining),
                cancel: self.budget.cancel_flag(),
                ..Default::default()
            },
        );
        let sol = match sol {
            Ok(sol) => sol,
            Err(SolveError::HardUnsat) => return Ok(Some(None)),
            Err(SolveError::Cancelled) => return Err(DiagnoseError::Cancelled),
            Err(SolveError::Timeout) if own.is_some() => return Ok(None),
            Err(SolveError::Timeout) => return Err(DiagnoseError::Timeout),
            Err(SolveError::Solver(m)) => return Err(DiagnoseError::Solver(m)),
        };
        let relaxed = enc.blamed(&sol);
        let values = enc.angelic(&sol, &relaxed).pop().map(|(_, a)| a);
        if let Some(a) = &values {
            self.remember(&relaxed, test, a);
        }
        Ok(Some(values))
    }

    /// Re-run each test with its angelic values substituted; all must pass.
    fn validate(&self, angelic: &[(usize, ReplicaAngelic)]) -> bool {
        self.validate_run(angelic) == Validation::Passed
    }

    fn validate_run(&self, angelic: &[(usize, ReplicaAngelic)]) -> Validation {
        for (test, a) in angelic {
            let overrides = a.overrides();
            let (result, run) = self.runner.run_case_with(
                &self.suite.cases[*test],
                RunOptions {
                    overrides: Some(&overrides),
                    ..Default::default()
                },
            );
            if result.status != Status::Passed {
                return match run.outcome {
                    faultline_interp::Outcome::RuntimeError { .. } => {
                        Validation::RuntimeError(*test)
                    }
                    _ => Validation::Failed,
                };
            }
        }
        Validation::Passed
    }

    /// BugAssist: minimal diagnoses per failing test, ranked by how many tests share them.
    fn bugassist(
        &self,
        failing: &[Failing],
        timings: &mut Timings,
        report: &mut Report,
    ) -> Result<Vec<(Candidate, Vec<usize>)>, DiagnoseError> {
        let mut by_set: BTreeMap<Vec<ComponentId>, (Candidate, Vec<usize>)> = BTreeMap::new();
        for f in failing {
            for c in self.enumerate(&[f.index], timings, report)? {
                let key: Vec<ComponentId> = c.blamed.iter().copied().collect();
                match by_set.get_mut(&key) {
                    Some((existing, tests)) => {
                        existing.angelic.extend(c.angelic);
                        tests.push(f.index);
                    }
                    None => {
                        by_set.insert(key, (c, vec![f.index]));
                    }
                }
            }
        }
        let mut all: Vec<(Candidate, Vec<usize>)> = by_set.into_values().collect();
        all.sort_by(|(a, ta), (b, tb)| {
            tb.len()
                .cmp(&ta.len())
                .then(a.cost.cmp(&b.cost))
                .then(a.blamed.len().cmp(&b.blamed.len()))
        });
        all.truncate(self.max);
        Ok(all)
    }

    /// SNIPER: all minimal diagnoses per test, combined by the cartesian SetCombine; a union is
    /// kept when no other union is a proper subset of it.
    fn sniper(
        &self,
        failing: &[Failing],
        timings: &mut Timings,
        report: &mut Report,
    ) -> Result<Vec<(Candidate, Vec<usize>)>, DiagnoseError> {
        /// Bound on the partial products, so that many tests with many MCSes stay tractable.
        const MAX_COMBINATIONS: usize = 10_000;
        let tests: Vec<usize> = failing.iter().map(|f| f.index).collect();
        let mut combined: Vec<Candidate> = vec![Candidate {
            cost: 0,
            blamed: BTreeSet::new(),
            angelic: Vec::new(),
            validated: true,
            plain: true,
        }];
        for f in failing {
            let per_test = self.enumerate(&[f.index], timings, report)?;
            let mut next = Vec::new();
            'outer: for base in &combined {
                for m in &per_test {
                    if next.len() >= MAX_COMBINATIONS {
                        report.complete = false;
                        report.stopped = Some("SetCombine limit".into());
                        break 'outer;
                    }
                    let blamed: BTreeSet<ComponentId> =
                        base.blamed.union(&m.blamed).copied().collect();
                    let mut angelic = base.angelic.clone();
                    angelic.extend(m.angelic.iter().cloned());
                    next.push(Candidate {
                        cost: self.cost(&blamed),
                        blamed,
                        angelic,
                        validated: base.validated && m.validated,
                        // Each test's values are those of its own diagnosis.
                        plain: base.plain && m.plain,
                    });
                }
            }
            // Keep subset-minimal unions only.
            next.sort_by_key(|c| c.blamed.len());
            let mut kept: Vec<Candidate> = Vec::new();
            for c in next {
                if !kept.iter().any(|k| k.blamed.is_subset(&c.blamed)) {
                    kept.push(c);
                }
            }
            combined = kept;
        }
        combined.sort_by(|a, b| {
            a.cost
                .cmp(&b.cost)
                .then(a.blamed.len().cmp(&b.blamed.len()))
        });
        combined.truncate(self.max);
        Ok(combined
            .into_iter()
            .filter(|c| !c.blamed.is_empty())
            .map(|c| (c, tests.clone()))
            .collect())
    }

    fn cost(&self, blamed: &BTreeSet<ComponentId>) -> u64 {
        blamed
            .iter()
            .filter_map(|&c| self.components.get(c))
            .map(|i| i.weight)
            .sum()
    }

    /// Turn a candidate into its report form, statements in source order.
    /// The first lines of a set's components, for logs.
    fn lines(&self, set: &BTreeSet<ComponentId>) -> Vec<u32> {
        set.iter()
            .filter_map(|&c| self.components.get(c))
            .map(|info| self.program.files.locate(info.span).start.line)
            .collect()
    }

    /// Ranks `candidates` as the report lists them. Enumeration yields non-decreasing costs;
    /// within a cost, fewer statements first, then the higher summed Naish-I score, then
    /// source order: a deterministic ranking.
    fn rank(&self, candidates: &mut [(Candidate, Vec<usize>)]) {
        let key = |c: &Candidate| -> f64 { c.blamed.iter().map(|&id| self.suspicion(id)).sum() };
        // Changing what a test reads is not a repair: such diagnoses (sound, and kept) come
        // after every one that changes logic or output.
        candidates.sort_by(|(a, _), (b, _)| {
            self.changes_input(a)
                .cmp(&self.changes_input(b))
                .then(a.cost.cmp(&b.cost))
                .then(a.blamed.len().cmp(&b.blamed.len()))
                .then(key(b).total_cmp(&key(a)))
                .then(a.blamed.cmp(&b.blamed))
        });
    }

    /// Whether `c` blames an input statement.
    fn changes_input(&self, c: &Candidate) -> bool {
        c.blamed.iter().any(|&id| {
            self.components
                .get(id)
                .is_some_and(|i| i.kind == faultline_ir::Component::Input)
        })
    }

    /// The expected output of `test` as the output cursor indexes it (`None` when its output
    /// is not checked).
    pub(crate) fn cursor_text(&self, test: usize) -> Option<Vec<u8>> {
        match replica::replica_spec(&self.suite.cases[test]).expected {
            faultline_ssa::Expected::Io {
                stdout: Some(s),
                compare,
                ..
            } => Some(faultline_ssa::cursor_text(
                &s,
                compare == faultline_ssa::Compare::Tokens,
            )),
            _ => None,
        }
    }

    /// The report's diagnoses for `candidates` (ranked), their values as plain as they
    /// validate ([`Ctx::plain`]).
    fn describe_all(&self, candidates: &mut [(Candidate, Vec<usize>)]) -> Vec<Diagnosis> {
        for (c, _) in candidates.iter_mut() {
            self.plain(c);
        }
        candidates
            .iter()
            .enumerate()
            .map(|(i, (c, explains))| self.describe(i + 1, c, explains))
            .collect()
    }

    /// The angelic values of `c` as plain as they validate: inputs as the tests gave them,
    /// other values as the statements compute them where the model's are not needed (see
    /// [`Ctx::plain_inputs`], [`Ctx::plain_values`]). Once per candidate.
    fn plain(&self, c: &mut Candidate) {
        if c.plain {
            return;
        }
        for (test, angelic) in &mut c.angelic {
            self.plain_inputs(*test, angelic);
            self.plain_values(*test, angelic);
        }
        c.plain = true;
    }

    /// `c` (validated) joins the diagnoses, and [`DiagnoseOptions::found`] is told.
    fn found(&self, accepted: &mut Vec<Candidate>, mut c: Candidate, report: &Report) {
        self.plain(&mut c);
        accepted.push(c);
        if self.joint_diagnoses && self.first.get().is_none() {
            self.first.set(Some(ms(self.budget.elapsed())));
        }
        self.announce(accepted, report);
    }

    /// Tells [`DiagnoseOptions::found`] the report so far, unless it already knows of every
    /// diagnosis in `accepted`.
    fn announce(&self, accepted: &[Candidate], report: &Report) {
        let Some(found) = self.found.as_ref().filter(|_| self.joint_diagnoses) else {
            return;
        };
        if accepted.len() <= self.announced.get() {
            return;
        }
        self.announced.set(accepted.len());
        let mut candidates: Vec<(Candidate, Vec<usize>)> = accepted
            .iter()
            .map(|c| (c.clone(), self.failing.clone()))
            .collect();
        self.rank(&mut candidates);
        let mut so_far = report.clone();
        so_far.complete = false;
        so_far.diagnoses = self.describe_all(&mut candidates);
        so_far.rank_lines();
        so_far.timings_ms.total = ms(self.budget.elapsed());
        so_far.timings_ms.first = self.first.get();
        // The formulas solved so far (a first diagnosis found without any says so).
        so_far.formula.candidates = CandidateFormulas::of(&self.candidate_sizes.borrow());
        found(&so_far);
    }

    fn describe(&self, rank: usize, c: &Candidate, explains: &[usize]) -> Diagnosis {
        let mut statements: Vec<BlamedStatement> = c
            .blamed
            .iter()
            .filter_map(|&id| self.components.get(id))
            .map(|info| {
                let loc = self.program.files.locate(info.span);
                let text = self
                    .program
                    .files
                    .text(info.span)
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                // In suite order, however the search met the tests.
                let mut by_test: Vec<&(usize, ReplicaAngelic)> = c.angelic.iter().collect();
                by_test.sort_by_key(|(test, _)| *test);
                let angelic = by_test
                    .into_iter()
                    .filter_map(|(test, a)| {
                        if info.kind == faultline_ir::Component::Output {
                            // The text each execution should print.
                            let values: Vec<AngelicValue> = (a.values.iter())
                                .filter(|((s, _), _)| *s == info.stmt)
                                .map(|((_, instance), slots)| AngelicValue {
                                    instance: *instance,
                                    slot: 0,
                                    value: text_value(slots.iter().map(|(_, (b, _))| *b as u8)),
                                    was: (a.was_text.get(&(info.stmt, *instance)))
                                        .map(|t| text_value(t.iter().copied())),
                                })
                                .collect();
                            if values.is_empty() {
                                return None;
                            }
                            return Some(AngelicTest {
                                test: self.suite.cases[*test].name.clone(),
                                values,
                            });
                        }
                        let by = a.by_stmt();
                        let vals = by.get(&info.stmt)?;
                        let mut values: Vec<AngelicValue> = vals
                            .iter()
                            .map(|&(instance, slot, value, width, was)| {
                                if let Some(expr) = pointer_expr(self.stmts.get(&info.stmt).copied())
                                {
                                    let text = self.program.files.text(expr.span);
                                    let (value, was) = pointer_values(text, value, was);
                                    return AngelicValue {
                                        instance,
                                        slot,
                                        value,
                                        was,
                                    };
                                }
                                let shown = |v| {
                                    display_value(
                                        self.stmts.get(&info.stmt).copied(),
                                        slot,
                                        v,
                                        width,
                                    )
                                };
                                AngelicValue {
                                    instance,
                                    slot,
                                    value: shown(value),
                                    was: was.map(shown),
                                }
                            })
                            .collect();
                        values.sort_by_key(|v| (v.instance, v.slot));
                        Some(AngelicTest {
                            test: self.suite.cases[*test].name.clone(),
                            values,
                        })
                    })
                    .collect();
                BlamedStatement {
                    path: loc.path,
                    line: loc.start.line,
                    column: loc.start.column,
                    end_line: loc.end.line,
                    end_column: loc.end.column,
                    text,
                    kind: info.kind,
                    weight: info.weight,
                    angelic,
                }
            })
            .collect();
        statements.sort_by(|a, b| (&a.path, a.line, a.column).cmp(&(&b.path, b.line, b.column)));
        Diagnosis {
            rank,
            cost: c.cost,
            validated: c.validated,
            explains: explains
                .iter()
                .map(|&i| self.suite.cases[i].name.clone())
                .collect(),
            changes_input: self.changes_input(c),
            statements,
            refinements: Vec::new(),
            repairs: Vec::new(),
        }
    }
}

fn symex_error(e: faultline_ssa::SymexError) -> DiagnoseError {
    match e {
        faultline_ssa::SymexError::Unsupported { message, span }
        | faultline_ssa::SymexError::InvalidIr { message, span } => DiagnoseError::Unsupported {
            message,
            span: Some(span),
        },
        faultline_ssa::SymexError::TooLarge { terms } => {
            DiagnoseError::TooLarge(format!("{terms} terms"))
        }
        faultline_ssa::SymexError::Stopped => DiagnoseError::Timeout,
    }
}

fn stmt_index(program: &Program) -> HashMap<StmtId, &Stmt> {
    let mut m = HashMap::new();
    for f in &program.functions {
        faultline_ir::walk_block(&f.body, &mut |s: &Stmt| {
            m.insert(s.id, s);
        });
    }
    m
}

/// Conditions are shown as booleans, everything else as integers of the statement's type
/// (`v` is sign-extended from `width` bits; unsigned types are shown unsigned).
/// The expression of a statement that computes a pointer (an assignment or a return).
fn pointer_expr(stmt: Option<&Stmt>) -> Option<&faultline_ir::Expr> {
    match stmt.map(|s| &s.kind) {
        Some(StmtKind::Assign { value, .. }) | Some(StmtKind::Return(Some(value)))
            if value.ty == faultline_ir::IntKind::Ptr =>
        {
            Some(value)
        }
        _ => None,
    }
}

/// A pointer's angelic value and what its statement computes as written, as C text: the
/// expression `expr` moved by the difference of their offsets (`v + n - 1 + 1`), or `NULL`.
/// The values are the interpreter's pointers, or the offsets a diagnosis hands it
/// (`faultline_interp::pointer_offset_override`).
fn pointer_values(expr: &str, value: i128, was: Option<i128>) -> (Value, Option<Value>) {
    let expr = expr.split_whitespace().collect::<Vec<_>>().join(" ");
    let parts = |v: i128| -> Option<(i64, bool)> {
        if v >> 120 == 15 {
            let raw = (v & ((1 << 40) - 1)) as i64;
            return Some(((raw << 24) >> 24, false));
        }
        faultline_interp::pointer_offset(v)
    };
    let was_parts = was.and_then(parts);
    let was_value = was_parts.map(|(_, null)| {
        Value::Pointer(if null { "NULL".into() } else { expr.clone() })
    });
    let value = match (parts(value), was_parts) {
        (Some((_, true)), _) => Value::Pointer("NULL".into()),
        (Some((off, false)), Some((w, false))) => Value::Pointer(match off - w {
            0 => expr.clone(),
            d if d > 0 => format!("{expr} + {d}"),
            d => format!("{expr} - {}", -d),
        }),
        (Some((off, false)), _) => Value::Pointer(format!("element {off} of the object `{expr}` points into")),
        (None, _) => Value::Int(value),
    };
    (value, was_value)
}

fn display_value(stmt: Option<&Stmt>, _slot: u32, v: i128, width: u32) -> Value {
    let ty = match stmt.map(|s| &s.kind) {
        Some(StmtKind::If { .. }) => return Value::Bool(v != 0),
        Some(StmtKind::Assign { value, .. }) => Some(value.ty),
        Some(StmtKind::Return(Some(e))) => Some(e.ty),
        Some(StmtKind::Builtin(faultline_ir::Builtin::Math { kind, .. })) => Some(*kind),
        Some(StmtKind::Builtin(faultline_ir::Builtin::Atof { .. })) => {
            Some(faultline_ir::IntKind::Double)
        }
        _ => None,
    };
    match ty {
        Some(t) if t.is_float() => float_value(t, v),
        Some(t) if !t.is_signed() => Value::Int(v & faultline_ssa::term::mask(width) as i128),
        _ => Value::Int(v),
    }
}

/// The `math.h` calls the formula does not model bit for bit (`faultline_ssa::float`): with
/// arguments that depend on a relaxed statement they are free values, so a diagnosis through
/// them rests on its validation by the interpreter. One note per call, in source order.
fn approximation_notes(program: &Program) -> Vec<ReportNote> {
    let mut notes: Vec<(Span, &'static str)> = Vec::new();
    program.for_each_stmt(|_, s| {
        if let StmtKind::Builtin(faultline_ir::Builtin::Math { func, args, .. }) = &s.kind {
            let constant = args
                .iter()
                .all(|a| matches!(a.kind, faultline_ir::ExprKind::Const(_)));
            if !func.is_exact() && !constant {
                notes.push((s.span, func.name()));
            }
        }
    });
    notes.sort_by_key(|(span, _)| (span.file, span.start));
    notes
        .into_iter()
        .map(|(span, name)| {
            let loc = program.files.locate(span);
            ReportNote {
                path: loc.path.clone(),
                line: loc.start.line,
                message: format!(
                    "`{name}` is not modelled exactly; this diagnosis was checked by running the tests"
                ),
            }
        })
        .collect()
}

/// A floating bit pattern of kind `t` as a value.
pub(crate) fn float_value(t: faultline_ir::IntKind, v: i128) -> Value {
    let single = t == faultline_ir::IntKind::Float;
    let bits = if single { v as u32 as u64 } else { v as u64 };
    Value::Float(FloatValue { bits, single })
}

/// An output statement's text as a value (bytes that are not UTF-8 replaced).
fn text_value(bytes: impl Iterator<Item = u8>) -> Value {
    Value::Text(String::from_utf8_lossy(&bytes.collect::<Vec<u8>>()).into_owned())
}

fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}
