//! Model-based fault localization over the failing tests of a program.
//!
//! The pipeline (each step its own crate; this one orchestrates):
//!
//! 1. run every test in the interpreter (`faultline-runner`), recording the failing runs, and
//!    derive the loop bounds and must-location sets (`must`) from them;
//! 2. find the diagnoses, subset-minimal and in cost order, cheapest strategy first:
//!    `early` (long runs: one-edit repairs before any formula), `cheap` (cost 1 and 2
//!    from single-component checks), then the joint search, `hitting` (implicit hitting
//!    sets, default) or `oll` (one lazily grown formula under OLL); every strategy asks
//!    `checks`, which answers from `answers`, `probe` (interpreter re-runs) or a
//!    candidate-only replica built by `formulas`;
//! 3. **validate** each candidate (`validate`): re-run every failing test with its angelic
//!    values substituted (interpreter overrides). Only diagnoses that make the tests pass are
//!    reported; a candidate that does not is counted in [`Report::infeasible`] (an encoder
//!    bug, which the tests of this crate catch);
//! 4. search repairs (`repairs`, `faultline-repair`), rank (`ranker`) and describe the
//!    diagnoses, told to [`DiagnoseOptions::found`] as they come (`announce`).
//!
//! `Ctx` holds what the strategies share (the program, the runs, the budget) and composes
//! their state; the BugAssist and SNIPER baselines (`baselines`) reuse the same steps per
//! test and aggregate differently.

mod announce;
mod answers;
mod baselines;
mod cheap;
mod checks;
mod defines;
mod early;
mod formula;
mod formulas;
mod freeing;
mod hitting;
mod must;
mod oll;
mod options;
mod probe;
mod ranker;
mod ranking;
mod refine;
mod repairs;
mod replica;
mod report;
pub mod shown;
mod spectrum;
mod validate;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::{Duration, Instant};

use faultline_interp::{Coverage, RunOptions, Trace};
use faultline_ir::{Block, Program, Span, Stmt, StmtId, StmtKind};
use faultline_runner::{Runner, Status, Suite, TestResult};
use faultline_ssa::{ComponentId, Components, SymexOptions};

/// The dependency graph cache [`DiagnoseOptions::sdg_cache`] takes (one per edited document).
pub use faultline_slice::SdgCache;
use formula::ReplicaAngelic;
pub use freeing::wait_for_background_frees;
use options::Budget;
pub use options::{Algorithm, CheckLimits, DiagnoseOptions, Found, JointSolver, Phase, Progress};
pub use refine::{BlamedExpression, Refinement, MAX_REFINEMENTS};
pub use replica::{replica_spec, MAX_DERIVED_UNWIND, UNWIND_SLACK};
use validate::Validation;

/// Upper bound of the derived recursion inlining depth (a test stuck in infinite recursion
/// would otherwise ask for thousands of levels).
pub const MAX_DERIVED_INLINE_DEPTH: u32 = 32;
/// What a [`RepairEdit`] changes (its `kind`).
pub use faultline_repair::EditKind;
pub use faultline_repair::RepairTimings;
pub use report::{
    AngelicTest, AngelicValue, BlamedStatement, CandidateFormulas, CharValue, Checks, Diagnosis,
    FloatValue, FormulaSize, LineRank, LineScore, MustSet, RepairEdit, Report, ReportNote,
    SourceLine, TestSummary, Timings, Value,
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
    /// The memory went over the ceiling (`DiagnoseOptions::max_memory`, bytes) while tests ran,
    /// a formula grew or the SAT solver learnt clauses.
    OutOfMemory {
        limit: u64,
    },
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
            DiagnoseError::OutOfMemory { limit } => {
                write!(f, "memory budget exceeded: over {} MB", limit >> 20)
            }
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

impl Candidate {
    /// A diagnosis whose values were validated (re-run, or its repair's runs), values not yet
    /// made plain: what every strategy finds.
    fn validated(
        cost: u64,
        blamed: BTreeSet<ComponentId>,
        angelic: Vec<(usize, ReplicaAngelic)>,
    ) -> Self {
        Candidate {
            cost,
            blamed,
            angelic,
            validated: true,
            plain: false,
        }
    }
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
        // The interpreter's heap limit: the formula ends a run where it does.
        max_heap_bytes: suite.limits.max_heap_bytes,
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
        validator: validate::Validator::new(&runner, suite),
        components: &components,
        budget: &budget,
        max: opts.max_diagnoses.max(1),
        check_limits: opts.check_limits,
        failing: failing.iter().map(|f| f.index).collect(),
        ranker: ranker::Ranker {
            program,
            suite,
            components: &components,
            stmts: stmt_index(program),
            naish1: components
                .all()
                .iter()
                .map(|c| spectrum.naish1(c.stmt))
                .collect(),
        },
        // BugAssist and SNIPER find per-test diagnoses, which are not yet what they report.
        announcer: announce::Announcer::new(
            opts.found.clone(),
            opts.algorithm == Algorithm::Cfaults,
        ),
        formulas: formulas::Formulas::new(program, suite, &components, &symex_opts, &budget),
        joint_solver: opts.joint_solver,
        answers: Default::default(),
        traces: failing.iter().map(|f| (f.index, &f.trace)).collect(),
        return_siblings: probe::return_siblings(program),
        seen_values: Default::default(),
        longest_failing: failing.iter().map(|f| f.steps).max().unwrap_or(0),
        rerun_steps: repairs::rerun_steps(&results, suite.limits.max_steps),
        early: Default::default(),
        fill_checks: Default::default(),
        fill_after_repairs: opts.fill_after_repairs,
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

    // Why the enumeration found nothing (its formula was too large), when it did not.
    let mut too_large: Option<String> = None;
    let mut candidates = match opts.algorithm {
        Algorithm::Cfaults => {
            let all = ctx.failing.clone();
            let out = match ctx.enumerate(&all, &mut timings, &mut report) {
                Ok(out) => out,
                // A formula too large before any diagnosis: the repair search below runs
                // edited programs, which costs what the tests cost, and a statement it
                // repairs is a diagnosis (validated by the repaired runs).
                Err(DiagnoseError::TooLarge(m)) if opts.repair && !budget.cancelled() => {
                    too_large = Some(m);
                    Vec::new()
                }
                Err(e) => return Err(e),
            };
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
    if let Some(m) = too_large {
        if candidates.is_empty() {
            return Err(DiagnoseError::TooLarge(m));
        }
        report.stop_too_large(&m);
    }
    let ranked_by = if opts.algorithm != Algorithm::Bugassist {
        ctx.rank_repaired(&mut candidates, &repairs, &must.components)
    } else {
        Vec::new()
    };
    report.diagnoses = ctx.describe_all(&mut candidates);
    report
        .notes
        .extend(ctx.omitted_notes(&candidates, &repairs));
    report
        .notes
        .extend(empty_body_notes(program, &report.diagnoses));
    for (i, ((c, _), d)) in candidates.iter().zip(&mut report.diagnoses).enumerate() {
        d.repairs = ctx.describe_repairs(c, &repairs);
        ctx.name_edited_lines(c, &repairs, d);
        d.ranked_by = ranked_by.get(i).copied().flatten().map(str::to_string);
    }
    if opts.refine {
        for ((c, explains), d) in candidates.iter().zip(&mut report.diagnoses) {
            budget.phase(Phase::Refining { rank: d.rank });
            match ctx.refine(c, explains, &mut timings) {
                Ok(r) => d.refinements = r,
                // What was refined so far is still worth reporting.
                Err(DiagnoseError::Timeout | DiagnoseError::OutOfMemory { .. }) => break,
                Err(e) => return Err(e),
            }
        }
    }
    // After refining (which pairs candidates with diagnoses one to one): a macro's fix names
    // its `#define` line.
    defines::name_definitions(&mut report.diagnoses);
    ctx.formulas.include_refined(&mut report.formula);
    report.rank_lines();
    report.formula.candidates = ctx.formulas.candidates();
    report.formula.components = components.len();
    timings.first = ctx.announcer.first();
    timings.total = ms(budget.elapsed());
    report.timings_ms = timings;
    Ok(report)
}

struct Ctx<'a> {
    program: &'a Program,
    suite: &'a Suite,
    runner: &'a Runner<'a>,
    /// Re-runs the failing tests with a candidate's values ([`validate`]).
    validator: validate::Validator<'a>,
    components: &'a Components,
    budget: &'a Budget,
    max: usize,
    check_limits: CheckLimits,
    /// The failing tests (suite indices), shortest run first: what a CFaults diagnosis
    /// explains.
    failing: Vec<usize>,
    /// Orders candidates and gives them their report form ([`ranker`]).
    ranker: ranker::Ranker<'a>,
    /// Tells [`DiagnoseOptions::found`] of each diagnosis accepted ([`announce`]).
    announcer: announce::Announcer,
    /// Per failing test (suite index): the components its run executed. If all of them were
    /// healthy the run would be the same and fail the same way, so every diagnosis must blame
    /// at least one — a sound "must" clause that hands the solver a first core for free.
    executed: HashMap<usize, Vec<ComponentId>>,
    joint_solver: JointSolver,
    /// What the checks and probes found so far ([`answers`]).
    answers: answers::Answers,
    /// Per failing test (suite index): its recorded run. Ordered, so that whatever is gathered
    /// across runs (the values probes try) does not change from one run of Faultline to the
    /// next.
    traces: BTreeMap<usize, &'a Trace>,
    /// Per `return`: the returns of its function (values worth probing).
    return_siblings: HashMap<StmtId, std::rc::Rc<[StmtId]>>,
    /// Per statement: the values it produced in the failing runs that probes try (see
    /// [`Ctx::seen_values`]), gathered once instead of at every probe.
    seen_values: std::cell::RefCell<HashMap<StmtId, std::rc::Rc<[i128]>>>,
    /// Builds and encodes the replicas the strategies solve ([`formulas`]).
    formulas: formulas::Formulas<'a>,
    /// Steps of the longest failing run: long runs make formulas large, so their repairs are
    /// searched first ([`early`]).
    longest_failing: u64,
    /// Steps a run of an edited program may take (see `repairs::rerun_steps`).
    rerun_steps: u64,
    /// What [`early`] searched and found before the enumeration, which the
    /// repair search after it does not search again.
    early: std::cell::RefCell<early::EarlyRepairs>,
    /// The checks the joint search may still make because what it could still find ranks
    /// after the repaired diagnoses found first (see [`early::REST_AFTER_REPAIRED`]); `None`:
    /// no such bound.
    fill_checks: std::cell::Cell<Option<u64>>,
    /// [`DiagnoseOptions::fill_after_repairs`].
    fill_after_repairs: Option<u64>,
}

impl Ctx<'_> {
    /// After a validation: whether the test that failed it needs its formulas rebuilt with
    /// every overflow check (the candidate may have relied on an overflowing product its
    /// formula did not forbid). What was learnt about that test from the formula is dropped.
    fn needs_all_checks(&self, v: Validation) -> bool {
        let Validation::RuntimeError(test) = v else {
            return false;
        };
        if !self.formulas.make_strict(test) {
            return false;
        }
        // Values found without the checks may rely on an overflowing product.
        self.answers.forget_test(test);
        true
    }

    /// After a failed validation: whether the formulas approximate the program (a `math.h`
    /// call whose result they leave free off the healthy run's arguments:
    /// [`approximation_notes`]). A candidate the interpreter then refutes is the
    /// approximation's, not an encoder bug: it is refuted (that set alone, its supersets stay
    /// open) and not counted as infeasible.
    fn approximates(&self) -> bool {
        !approximation_notes(self.program).is_empty()
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

    /// Enumerate validated subset-minimal diagnoses of the joint formula over `tests`, in cost
    /// order: long runs' one-edit repairs first ([`probe`]), then the cost-1 and cost-2
    /// passes ([`cheap`]), then the joint solver ([`hitting`] or [`oll`]).
    fn enumerate(
        &self,
        tests: &[usize],
        timings: &mut Timings,
        report: &mut Report,
    ) -> Result<Vec<Candidate>, DiagnoseError> {
        let mut accepted = Vec::new();
        match self.enumerate_into(tests, timings, report, &mut accepted) {
            Ok(()) => Ok(accepted),
            // A formula over the size ceiling ends the search, but the diagnoses found before
            // it (each validated) stand: report them, saying the search stopped.
            Err(DiagnoseError::TooLarge(m)) if !accepted.is_empty() => {
                report.stop_too_large(&m);
                Ok(accepted)
            }
            // So does the memory ceiling, found by the solver, the encoder or a test run: as
            // at a timeout, what was found stands, and the report says where it stopped. The
            // repair search runs after this: it needs the memory the formulas held back.
            Err(DiagnoseError::OutOfMemory { limit }) if !self.budget.cancelled() => {
                freeing::wait_for_background_frees();
                faultline_interp::release_free_memory();
                report.stop_at_memory_ceiling(limit);
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
        // Statements that one small edit repairs are diagnoses found by running the tests
        // alone, before any formula is built: runs of edited programs cost what the tests
        // cost, while a formula unrolls every iteration of a run.
        let mut rest_ranks_after = false;
        if self.announcer.joint() {
            let t = Instant::now();
            self.repaired_singles(accepted, report);
            timings.solve += ms(t.elapsed());
            if self.at_limit(accepted, report) {
                return Ok(());
            }
            rest_ranks_after = self.rest_ranks_after_repaired(accepted);
            // Long runs: the formulas of these runs are what costs (symbolic execution of
            // every iteration): build none when nothing they could find would rank first.
            if rest_ranks_after && self.longest_failing >= early::LONG_RUN_STEPS {
                report.stop_ranked_after_repairs(true);
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
            // The cheap passes filled the list's next places; what the joint search could
            // add costs 3 or more and ranks after the repaired diagnoses found first, while
            // it may take the rest of the budget (every larger set of statements a formula
            // of its own): it gets a few checks to fill the list.
            if let (true, Some(fill)) = (rest_ranks_after, self.fill_after_repairs) {
                self.fill_checks.set(Some(fill));
            }
            self.hitting_set_diagnoses(tests, &refuted, accepted, timings, report)?;
            return Ok(());
        }
        oll::Oll::new(self, first).run(tests, timings, report, accepted)
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
            .map(|(i, (c, explains))| self.ranker.describe(i + 1, c, explains))
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
            if angelic.omitted > 0 {
                // No overrides to re-run (see `ReplicaAngelic::omitted`).
                continue;
            }
            self.plain_inputs(*test, angelic);
            self.plain_values(*test, angelic);
        }
        c.plain = true;
    }

    /// One note per test and blamed statement whose values were left out in part (see
    /// `ReplicaAngelic::omitted`): the report shows the first ones only.
    fn omitted_notes(
        &self,
        candidates: &[(Candidate, Vec<usize>)],
        repairs: &repairs::Repairs,
    ) -> Vec<ReportNote> {
        let mut notes = Vec::new();
        for (c, _) in candidates {
            // Values are omitted only for a single statement's repair (`early`).
            let Some(info) = c.blamed.first().and_then(|&id| self.components.get(id)) else {
                continue;
            };
            let mut retyped_noted = false;
            for (test, a) in c.angelic.iter().filter(|(_, a)| a.omitted > 0) {
                // A type change: one note for the line, not one per test.
                if a.values.is_empty() && std::mem::replace(&mut retyped_noted, true) {
                    continue;
                }
                let Some(s) = self.ranker.stmts.get(&info.stmt) else {
                    continue;
                };
                let loc = self.program.files.locate(s.span);
                // No value at all: the repair changes more than the statement's value
                // (`early`): its type, the `break` after it, the statement itself.
                let structural_edit = (repairs.single.get(&info.stmt).into_iter().flatten())
                    .find(|r| r.edit.changes_more_than_its_value())
                    .map(|r| &r.edit);
                let structural = structural_edit.map(|e| e.kind);
                let message = if a.values.is_empty()
                    && structural == Some(faultline_repair::EditKind::Initialize)
                {
                    // The declarator as written (`sum`, `counts[26]`): the variable's name.
                    let declarator = structural_edit.map_or("", |e| e.before.as_str());
                    let name = declarator.split('[').next().unwrap_or(declarator).trim();
                    format!(
                        "no value this line computes makes the failing tests pass: it reads \
                         `{name}` before the program gives it a value; the repair initializes \
                         it where it is declared, and the repaired program passes every test"
                    )
                } else if a.values.is_empty()
                    && structural == Some(faultline_repair::EditKind::InsertBreak)
                {
                    "no value this line computes makes the failing tests pass: its case \
                     falls through into the next one, which overwrites it; the repair adds \
                     `break;` after it, and the repaired program passes every test"
                        .to_string()
                } else if a.values.is_empty()
                    && structural != Some(faultline_repair::EditKind::Retype)
                    && structural.is_some()
                {
                    "no value this line computes makes the failing tests pass; the repair \
                     changes the statement itself (the variable it writes, or what it \
                     compares), and the repaired program passes every test"
                        .to_string()
                } else if a.values.is_empty() && a.restored {
                    "no values this line could compute make the failing tests pass; the \
                     repair changes the line otherwise (where it stores its value, or what it \
                     passes on), and the repaired program passes every test"
                        .to_string()
                } else if a.values.is_empty() {
                    "no value of this line's declared type makes the failing tests pass; the \
                     repair changes the type, and the repaired program passes every test"
                        .to_string()
                } else {
                    format!(
                        "test `{}`: only the first {} values this line must compute are shown; \
                         the repair computes the other {} the same way",
                        self.suite.cases[*test].name,
                        a.values.len(),
                        a.omitted
                    )
                };
                notes.push(ReportNote {
                    path: loc.path.clone(),
                    line: loc.start.line,
                    message,
                });
            }
        }
        notes
    }

    /// `c` (validated) joins the diagnoses, and [`DiagnoseOptions::found`] is told.
    fn found(&self, accepted: &mut Vec<Candidate>, mut c: Candidate, report: &Report) {
        self.plain(&mut c);
        accepted.push(c);
        self.announcer
            .accepted(accepted.len(), ms(self.budget.elapsed()), || {
                self.so_far(accepted, report)
            });
    }

    /// The report with the diagnoses `accepted` so far, ranked as the final one will be.
    fn so_far(&self, accepted: &[Candidate], report: &Report) -> Report {
        let mut candidates: Vec<(Candidate, Vec<usize>)> = accepted
            .iter()
            .map(|c| (c.clone(), self.failing.clone()))
            .collect();
        self.ranker.rank(&mut candidates);
        let mut so_far = report.clone();
        so_far.complete = false;
        so_far.diagnoses = self.describe_all(&mut candidates);
        so_far.rank_lines();
        so_far.timings_ms.total = ms(self.budget.elapsed());
        // The formulas solved so far (a first diagnosis found without any says so).
        so_far.formula.candidates = self.formulas.candidates();
        so_far
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

/// The `math.h` calls the formula does not model bit for bit (`faultline_ssa::float`): with
/// arguments that depend on a relaxed statement they are free values, so a diagnosis through
/// them rests on its validation by the interpreter. One note per function and line (two
/// `pow` calls on one line are one note), in source order.
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
        .fold(Vec::new(), |mut v: Vec<ReportNote>, n| {
            if !v.contains(&n) {
                v.push(n);
            }
            v
        })
}

/// `if (…);` and `for (…);`: a `;` (or `{}`) right after the header is the whole body, so the
/// statement written under it runs whatever the condition is, once after the loop. No value
/// of the header repairs that (the fix is the `;`), so a diagnosis blames the statement that
/// follows; when one does, a note at the header says why that line runs.
fn empty_body_notes(program: &Program, diagnoses: &[Diagnosis]) -> Vec<ReportNote> {
    let blamed: BTreeSet<(&str, u32)> = (diagnoses.iter())
        .flat_map(|d| d.statements.iter().map(|s| (s.path.as_str(), s.line)))
        .collect();
    let mut notes: Vec<ReportNote> = Vec::new();
    let mut visit = |block: &Block| {
        for pair in block.windows(2) {
            let (header, next) = (&pair[0], &pair[1]);
            let what = match &header.kind {
                StmtKind::If { then_, else_, .. }
                    if then_.is_empty()
                        && else_.is_empty()
                        && header.component == Some(faultline_ir::Component::IfCond) =>
                {
                    "its condition"
                }
                // A loop whose body is only its own test (and the increment of a `for`).
                StmtKind::Loop { body, .. }
                    if body.len() == 1
                        && body[0].component == Some(faultline_ir::Component::LoopCond) =>
                {
                    "the loop"
                }
                _ => continue,
            };
            let h = program.files.locate(header.span);
            let n = program.files.locate(next.span);
            // The diagnosis names the statement, or the header when its repair removes the
            // `;` (`EditKind::EmptyBody`).
            let named = blamed.contains(&(n.path.as_str(), n.start.line))
                || blamed.contains(&(h.path.as_str(), h.start.line));
            if h.start.line == n.start.line || !named {
                continue;
            }
            let message = if what == "the loop" {
                format!(
                    "the loop on line {} has an empty body (a `;` or `{{}}` right after its \
                     header), so line {} runs once, after the loop, not on every iteration",
                    h.start.line, n.start.line
                )
            } else {
                format!(
                    "the `if` on line {} has an empty body (a `;` or `{{}}` right after {what}), \
                     so line {} runs whether or not the condition holds",
                    h.start.line, n.start.line
                )
            };
            let note = ReportNote {
                path: h.path.clone(),
                line: h.start.line,
                message,
            };
            if !notes.contains(&note) {
                notes.push(note);
            }
        }
    };
    for f in &program.functions {
        visit(&f.body);
        faultline_ir::walk_block(&f.body, &mut |s: &Stmt| match &s.kind {
            StmtKind::If { then_, else_, .. } => {
                visit(then_);
                visit(else_);
            }
            StmtKind::Loop { body, latch } => {
                visit(body);
                visit(latch);
            }
            StmtKind::Switch { arms, .. } => arms.iter().for_each(|a| visit(&a.body)),
            _ => {}
        });
    }
    notes
}

/// A floating bit pattern of kind `t` as a value.
pub(crate) fn float_value(t: faultline_ir::IntKind, v: i128) -> Value {
    let single = t == faultline_ir::IntKind::Float;
    let bits = if single { v as u32 as u64 } else { v as u64 };
    Value::Float(FloatValue { bits, single })
}

fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}
