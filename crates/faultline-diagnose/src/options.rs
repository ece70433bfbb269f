//! How a diagnosis runs.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;

/// Which formula-based algorithm produces the diagnoses. All share the encoder and report the
/// same shape, so they can be compared side by side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Algorithm {
    /// CFaults: one MaxSAT problem over all failing tests, health literals shared by the
    /// replicas; every diagnosis explains every failing test at once.
    #[default]
    Cfaults,
    /// BugAssist: one MaxSAT problem per failing test, all its minimal correction sets, ranked
    /// by how many tests share a diagnosis.
    Bugassist,
    /// SNIPER: all minimal correction sets per test, combined by the cartesian SetCombine
    /// (one set per test, united, kept when subset-minimal).
    Sniper,
}

impl std::str::FromStr for Algorithm {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "cfaults" => Ok(Algorithm::Cfaults),
            "bugassist" => Ok(Algorithm::Bugassist),
            "sniper" => Ok(Algorithm::Sniper),
            other => Err(format!(
                "unknown algorithm `{other}` (expected cfaults, bugassist or sniper)"
            )),
        }
    }
}

/// How the joint problem (a replica per failing test, health literals shared) is solved. Both
/// give the same diagnoses in the same cost order; they differ in speed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum JointSolver {
    /// Implicit hitting sets: the optimization over the components alone, each test's replica
    /// in its own SAT solver, asked only whether a candidate set can explain it.
    #[default]
    HittingSets,
    /// Core-guided OLL on one formula holding the replicas of the tests that needed one
    /// (added lazily), enumerated with blocking clauses.
    Oll,
}

impl std::str::FromStr for JointSolver {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "hitting-sets" => Ok(JointSolver::HittingSets),
            "oll" => Ok(JointSolver::Oll),
            other => Err(format!(
                "unknown joint solver `{other}` (expected hitting-sets or oll)"
            )),
        }
    }
}

#[derive(Clone)]
pub struct DiagnoseOptions {
    pub algorithm: Algorithm,
    /// Stop after this many reported (validated) diagnoses.
    pub max_diagnoses: usize,
    /// Budget for the whole diagnosis, test runs included; when it runs out, what was found
    /// so far is reported.
    pub timeout: Option<Duration>,
    /// Memory ceiling of the analysis, in bytes (`--max-memory`; default 2 GiB): the formula
    /// size limits are derived from it, and the process's resident memory is checked against
    /// it while tests run and formulas grow. Going over it ends the diagnosis with
    /// [`crate::DiagnoseError::TooLarge`] (or, once diagnoses were found, with a report that
    /// says it stopped), never with an abort.
    pub max_memory: Option<u64>,
    /// Where the ceiling is this analysis's own memory instead of the process's (the
    /// language server, which runs several analyses in one process): its test runs and
    /// formulas are charged to this account, and only they count against `max_memory`.
    pub memory_account: Option<Arc<faultline_interp::MemoryAccount>>,
    /// Loop unwinding bound for every loop; by default derived from the failing runs.
    pub unwind: Option<u32>,
    /// Set from another thread to abandon the diagnosis (the editor saved again).
    pub cancel: Option<Arc<AtomicBool>>,
    /// Refine every reported diagnosis into the sub-expressions of its statements (CFaults'
    /// refinement; `--refine`).
    pub refine: bool,
    /// Told each phase as it starts (the editor shows it as work-done progress). Called on the
    /// diagnosing thread; it must return quickly.
    pub progress: Option<Progress>,
    /// Told the report so far each time a validated diagnosis joins it, so that an editor
    /// can show the first suspicious lines long before the enumeration ends (TCAS v3: the
    /// first of ten diagnoses is known after a seventh of the run). CFaults only: BugAssist
    /// and SNIPER rank their diagnoses only once every test was solved. The diagnoses are
    /// ranked as in the final report; refinements come only with the final report. Called
    /// on the diagnosing thread; it must return quickly.
    pub found: Option<Found>,
    /// The static dependency graph's per-function cache (the editor keeps one per document, so
    /// a diagnosis after an edit rebuilds only the edited functions' graphs).
    pub sdg_cache: Option<Arc<faultline_slice::SdgCache>>,
    /// Require, per failing test, that a component of its must-location set is unhealthy
    /// (instead of only one of the components its run executed). Sound; on by default, off
    /// only to measure what it buys.
    pub must_clauses: bool,
    /// Relax only the components the static slice from every failure site reaches (the others
    /// are in no subset-minimal diagnosis). Sound; on by default, off only to measure it.
    pub static_slice: bool,
    /// How the joint problem is solved (the diagnoses are the same either way).
    pub joint_solver: JointSolver,
    /// Work limits of one check of a candidate set (or single component) against one test.
    pub check_limits: CheckLimits,
    /// Search validated repairs (small edits of the blamed statements, and of the must-set
    /// statements) and rank repaired diagnoses first (`faultline-repair`). On by default.
    pub repair: bool,
    /// Once every diagnosis the joint search (costs 3 and up) could still find would rank
    /// after the diagnoses a one-edit repair fixes, it gets this much work (in the units of
    /// [`crate::early::REST_AFTER_REPAIRED`]) to fill the list's lower places (short runs;
    /// long runs build no formula then); `None`: the full list. On some programs it would take the whole budget
    /// for places below the answer. Counted, not timed, so that the list does not depend on
    /// the machine's load.
    pub fill_after_repairs: Option<u64>,
}

/// How much solver work the search spends on one test's verdict on one candidate set: in
/// the hitting sets, and for single components in the cost-1 and weight-2 passes before them
/// (only the `folded` limit applies there). A check that runs out leaves the set undecided:
/// it is skipped with its supersets and the report says so ([`crate::Report::undecided`]),
/// instead of one hard SAT call holding up every diagnosis after it until the budget runs
/// out. Counted in CaDiCaL conflicts, not time, so that the same check gives up (or
/// answers) however loaded the machine is and the diagnoses do not change with the load;
/// only the user's overall timeout is wall clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckLimits {
    /// Conflicts of a check on the test's full replica (every component relaxable), which
    /// answers with a core. Most checks on TCAS take 30-200 ms; a few took 11-19 s
    /// (replicas with every multiplication overflow check), where the folded replica
    /// answered in 0.7 s.
    pub full: u64,
    /// After that, the conflicts of the solve of the candidate-only (folded) replica (every
    /// SAT call of its MaxSAT solve together), which answers yes or no.
    /// `io_multiplication_table` (loop counters relaxed, a product printed with `%4d`): one
    /// such solve ran for the whole 60 s budget after two diagnoses; `gcd_euclid`'s answered
    /// in 0.9-1.8 s.
    pub folded: u64,
}

impl Default for CheckLimits {
    fn default() -> Self {
        CheckLimits {
            full: FULL_CHECK_CONFLICTS,
            folded: FOLDED_CHECK_CONFLICTS,
        }
    }
}

/// [`CheckLimits::full`] by default: about what 1 s of a core covered (the wall-clock limit
/// it replaces). Checks that ran out: `io_multiplication_table`'s full checks did 1.8-3.8 k
/// conflicts a second of CPU time; nearly every check answers within 300.
pub(crate) const FULL_CHECK_CONFLICTS: u64 = 3_000;
/// [`CheckLimits::folded`] by default: about what 3 s of a core covered (the same case's
/// folded solves did about 4.5 k conflicts a second; `gcd_euclid`'s slowest answers after
/// 2.8 k).
pub(crate) const FOLDED_CHECK_CONFLICTS: u64 = 12_000;

/// Callback for [`Phase`] changes.
pub type Progress = Arc<dyn Fn(Phase) + Send + Sync>;

/// Callback for the diagnoses found so far ([`DiagnoseOptions::found`]): a provisional report,
/// `complete` false, whose diagnoses the final report keeps (it may rank them differently
/// once cheaper or more suspicious ones of the same cost turn up, and may add more).
pub type Found = Arc<dyn Fn(&crate::Report) + Send + Sync>;

/// What the diagnosis is doing now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "phase")]
pub enum Phase {
    /// Running test `done + 1` of `total`.
    Tests { done: usize, total: usize },
    /// Symbolically executing and bit-blasting `replicas` failing tests.
    Encoding { replicas: usize },
    /// Looking for the first optimal diagnosis.
    Solving,
    /// `found` diagnoses so far; looking for the next.
    Enumerating { found: usize },
    /// Re-running the failing tests with a candidate's angelic values.
    Validating,
    /// Splitting diagnosis `rank` into sub-expressions (`--refine`).
    Refining { rank: usize },
    /// Trying small edits of the blamed statements, each re-running the tests.
    Repairing,
}

impl std::fmt::Display for Phase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Phase::Tests { done, total } => write!(f, "tests {done}/{total}"),
            Phase::Encoding { replicas } => write!(
                f,
                "encoding {replicas} failing test{}",
                if *replicas == 1 { "" } else { "s" }
            ),
            Phase::Solving => write!(f, "solving"),
            Phase::Enumerating { found } => write!(f, "enumerating ({found} found)"),
            Phase::Validating => write!(f, "validating"),
            Phase::Refining { rank } => write!(f, "refining diagnosis {rank}"),
            Phase::Repairing => write!(f, "searching repairs"),
        }
    }
}

impl std::fmt::Debug for DiagnoseOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiagnoseOptions")
            .field("algorithm", &self.algorithm)
            .field("max_diagnoses", &self.max_diagnoses)
            .field("timeout", &self.timeout)
            .field("max_memory", &self.max_memory)
            .field("unwind", &self.unwind)
            .field("cancel", &self.cancel)
            .field("refine", &self.refine)
            .field("progress", &self.progress.is_some())
            .field("found", &self.found.is_some())
            .field("sdg_cache", &self.sdg_cache)
            .field("must_clauses", &self.must_clauses)
            .field("static_slice", &self.static_slice)
            .field("joint_solver", &self.joint_solver)
            .field("check_limits", &self.check_limits)
            .field("repair", &self.repair)
            .field("fill_after_repairs", &self.fill_after_repairs)
            .finish()
    }
}

impl Default for DiagnoseOptions {
    fn default() -> Self {
        DiagnoseOptions {
            algorithm: Algorithm::Cfaults,
            max_diagnoses: 10,
            timeout: Some(Duration::from_secs(60)),
            max_memory: Some(DEFAULT_MAX_MEMORY),
            memory_account: None,
            unwind: None,
            cancel: None,
            refine: false,
            progress: None,
            found: None,
            sdg_cache: None,
            must_clauses: true,
            static_slice: true,
            joint_solver: JointSolver::HittingSets,
            check_limits: CheckLimits::default(),
            repair: true,
            fill_after_repairs: Some(crate::early::REST_AFTER_REPAIRED),
        }
    }
}

/// The default memory ceiling of one analysis.
pub const DEFAULT_MAX_MEMORY: u64 = 2 << 30;

/// Bytes one AND gate of a formula costs with everything that comes with it (its hash entry,
/// the term memo, its Tseitin variable and clauses, the SAT solver's copy): measured on a
/// replica of 40.8 M variables that peaked at 15.9 GB, about 390 bytes a variable.
const BYTES_PER_AND_GATE: u64 = 400;
/// Bytes a hard clause costs in the instance and the solver.
const BYTES_PER_CLAUSE: u64 = 100;
/// Bytes one term of the symbolic executor's store costs (node, hash-consing entry, the
/// replica's references to it).
const BYTES_PER_TERM: u64 = 100;
/// How often [`Budget::check`] reads the resident memory (a system call) at most.
const MEMORY_CHECK_INTERVAL: Duration = Duration::from_millis(20);

/// The diagnosis's one budget: its clock, cancellation flag and memory ceiling, checked
/// between phases and handed, as a [`faultline_interp::Stop`], to every stage that runs long
/// (test runs, symbolic execution, encoding, solving).
pub(crate) struct Budget {
    start: Instant,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    progress: Option<Progress>,
    stop: faultline_interp::Stop,
    max_memory: Option<u64>,
    memory_checked: std::cell::Cell<Instant>,
}

impl Budget {
    pub fn new(opts: &DiagnoseOptions) -> Self {
        let start = Instant::now();
        // A timeout too large for the clock (`--timeout 1e300`) is no deadline.
        let deadline = opts.timeout.and_then(|t| start.checked_add(t));
        Budget {
            start,
            deadline,
            cancel: opts.cancel.clone(),
            progress: opts.progress.clone(),
            stop: {
                let stop =
                    faultline_interp::Stop::new(opts.cancel.clone(), deadline, opts.max_memory);
                match &opts.memory_account {
                    Some(account) => stop.with_account(account.clone()),
                    None => stop,
                }
            },
            max_memory: opts.max_memory,
            memory_checked: std::cell::Cell::new(start),
        }
    }

    /// The budget as the stages below the diagnosis check it.
    pub fn stop(&self) -> &faultline_interp::Stop {
        &self.stop
    }

    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Limits of one formula: AND gates and clauses within the memory ceiling, and the
    /// budget's stop asked while large terms are encoded.
    pub fn encode_limits(&self) -> (faultline_encode::EncodeLimits, usize) {
        let stop = self.stop.clone();
        // Per analysis, what the formulas it holds already take is not available again.
        let left = self.stop.memory_left();
        let limits = faultline_encode::EncodeLimits {
            max_and_nodes: left.map_or(usize::MAX, |m| {
                usize::try_from(m / BYTES_PER_AND_GATE).unwrap_or(usize::MAX)
            }),
            interrupt: Some(Arc::new({
                // The clock and the flag at every call, the memory (a system call) at every
                // 16th.
                let calls = std::sync::atomic::AtomicU32::new(0);
                move || {
                    let n = calls.fetch_add(1, Ordering::Relaxed);
                    stop.check_time().is_some() || (n % 16 == 0 && stop.check_memory().is_some())
                }
            })),
        };
        let clauses = left.map_or(usize::MAX, |m| {
            usize::try_from(m / BYTES_PER_CLAUSE).unwrap_or(usize::MAX)
        });
        (limits, clauses)
    }

    /// Charge a formula of `terms` terms, `and_nodes` AND gates and `clauses` clauses to the
    /// analysis's account while the returned value lives (nothing without an account).
    pub fn charge_formula(
        &self,
        terms: usize,
        and_nodes: usize,
        clauses: usize,
    ) -> faultline_interp::Charge {
        self.stop.charge(
            (terms as u64).saturating_mul(BYTES_PER_TERM)
                + (and_nodes as u64).saturating_mul(BYTES_PER_AND_GATE)
                + (clauses as u64).saturating_mul(BYTES_PER_CLAUSE),
        )
    }

    /// How the SAT solver is run: within the time left, on the cancellation flag, and
    /// under the memory ceiling, which it asks inside its calls too (learnt clauses grow
    /// there: 2.0-2.7 GB peaks under a 2 GB ceiling before), and within `conflicts`.
    pub fn solve_options(&self, conflicts: Option<u64>) -> faultline_maxsat::SolveOptions {
        faultline_maxsat::SolveOptions {
            timeout: self.remaining(),
            cancel: self.cancel_flag(),
            conflicts,
            memory: self.max_memory.map(|_| {
                let stop = self.stop.clone();
                faultline_maxsat::MemoryCeiling::new(move || stop.check_memory().is_some())
            }),
            ..Default::default()
        }
    }

    /// The error a solver's stop means.
    pub fn solve_error(&self, e: faultline_maxsat::SolveError) -> crate::DiagnoseError {
        use faultline_maxsat::SolveError;
        match e {
            SolveError::Cancelled => crate::DiagnoseError::Cancelled,
            SolveError::Timeout => crate::DiagnoseError::Timeout,
            SolveError::OutOfMemory => crate::DiagnoseError::OutOfMemory {
                limit: self.max_memory.unwrap_or(u64::MAX),
            },
            // The callers that limit a solve's work handle it themselves; elsewhere it
            // cannot happen.
            SolveError::OutOfWork => crate::DiagnoseError::Solver("solver ran out of work".into()),
            SolveError::HardUnsat => {
                crate::DiagnoseError::Solver("hard clauses are unsatisfiable".into())
            }
            SolveError::Solver(m) => crate::DiagnoseError::Solver(m),
        }
    }

    /// The symbolic executor's term limit within the memory ceiling.
    pub fn max_terms(&self, default: usize) -> usize {
        self.stop.memory_left().map_or(default, |m| {
            default.min(usize::try_from(m / BYTES_PER_TERM).unwrap_or(usize::MAX))
        })
    }

    /// The error a stop of a lower stage means.
    pub fn error_of(&self, reason: faultline_interp::StopReason) -> crate::DiagnoseError {
        match reason {
            faultline_interp::StopReason::Cancelled => crate::DiagnoseError::Cancelled,
            faultline_interp::StopReason::Timeout => crate::DiagnoseError::Timeout,
            faultline_interp::StopReason::Memory { limit } => {
                crate::DiagnoseError::OutOfMemory { limit }
            }
        }
    }

    pub fn phase(&self, phase: Phase) {
        if let Some(p) = &self.progress {
            p(phase);
        }
    }

    pub fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// `Err` once the run is cancelled or out of time: for the long loops to call between
    /// steps.
    pub fn check(&self) -> Result<(), crate::DiagnoseError> {
        if self.cancelled() {
            return Err(crate::DiagnoseError::Cancelled);
        }
        if self.remaining().is_some_and(|r| r.is_zero()) {
            return Err(crate::DiagnoseError::Timeout);
        }
        if self.max_memory.is_some() && self.memory_checked.get().elapsed() >= MEMORY_CHECK_INTERVAL
        {
            self.memory_checked.set(Instant::now());
            if let Some(reason) = self.stop.check_memory() {
                return Err(self.error_of(reason));
            }
        }
        Ok(())
    }

    /// What is left of the timeout (None: unlimited).
    pub fn remaining(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }

    pub fn cancel_flag(&self) -> Option<Arc<AtomicBool>> {
        self.cancel.clone()
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}
