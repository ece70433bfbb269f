//! From a failing test to the specification of its replica: entry, concrete inputs, expected
//! behaviour, and loop bounds derived from the concrete run.

use std::collections::HashMap;

use faultline_interp::{Coverage, Trace};
use faultline_ir::{walk_block, Component, Program, Stmt, StmtId, StmtKind};
use faultline_runner::{Compare, TestCase, TestKind};
use faultline_ssa::{Entry, Expected, ReplicaSpec};

/// Iterations added to what the failing runs needed, so that a relaxed condition can run a loop
/// a little longer than the faulty program did.
pub const UNWIND_SLACK: u32 = 2;

/// Upper bound of the derived unwinding bound of a loop that some run did not leave (it hit
/// the step or time limit): it would otherwise ask for millions of copies of the body. Loops
/// that every run left are bounded by what the runs needed, however many passes that is. Paths that need more iterations are excluded by the
/// unwinding assertion, never silently cut.
pub const MAX_DERIVED_UNWIND: u32 = 256;

/// What to execute symbolically for a test case: its entry, concrete inputs and expectation.
pub fn replica_spec(case: &TestCase) -> ReplicaSpec {
    match &case.kind {
        TestKind::Unit { func } => ReplicaSpec {
            entry: Entry::Function(*func),
            program_name: String::new(),
            args: Vec::new(),
            stdin: Vec::new(),
            nondet: Vec::new(),
            expected: Expected::Unit,
        },
        TestKind::Io(io) => ReplicaSpec {
            entry: Entry::Main,
            program_name: io.input.program_name.clone(),
            args: io.input.args.clone(),
            stdin: io.input.stdin.clone(),
            nondet: io.input.nondet.clone(),
            expected: Expected::Io {
                stdout: io.stdout.clone(),
                compare: match io.compare {
                    Compare::Tokens => faultline_ssa::Compare::Tokens,
                    Compare::Exact => faultline_ssa::Compare::Exact,
                },
                exit_code: io.exit_code,
            },
        },
    }
}

/// The loops of a program with their condition statement (if the loop has one).
pub struct Loops {
    loops: Vec<LoopInfo>,
    /// Loop index of each loop-condition statement, by statement index.
    cond_of: Vec<Option<usize>>,
}

struct LoopInfo {
    stmt: StmtId,
    cond: Option<StmtId>,
    /// Statements directly in the body and latch (for loops without a condition).
    direct: Vec<StmtId>,
}

/// Per loop (in [`Loops`] order): the most passes one entry of it took in the runs seen so far.
#[derive(Clone, Debug, Default)]
pub struct LoopPasses {
    /// Over the failing runs.
    failing: Vec<u32>,
    /// Over every run.
    all: Vec<u32>,
    /// Entered by a run that did not end (step or time limit).
    stuck: Vec<bool>,
}

/// Passes of a loop that only runs which did not end entered: a repair must leave it within
/// this many (the interpreter holds re-runs to it as well).
pub const STUCK_LOOP_UNWIND: u32 = 32;
/// A loop a test did not leave is unrolled to this many times the passes the runs that ended
/// needed (plus [`UNWIND_SLACK`]): the stuck run's own count (millions) is no measure, and
/// the repaired run may need more than the passing ones (a larger input).
pub const STUCK_LOOP_FACTOR: u32 = 4;

impl Loops {
    pub fn of(program: &Program) -> Loops {
        let mut loops = Vec::new();
        for f in &program.functions {
            walk_block(&f.body, &mut |s: &Stmt| {
                if let StmtKind::Loop { body, latch } = &s.kind {
                    let direct: Vec<&Stmt> = body.iter().chain(latch.iter()).collect();
                    let cond = direct
                        .iter()
                        .find(|d| d.component == Some(Component::LoopCond))
                        .map(|d| d.id);
                    loops.push(LoopInfo {
                        stmt: s.id,
                        cond,
                        direct: direct.iter().map(|d| d.id).collect(),
                    });
                }
            });
        }
        let mut cond_of = vec![None; program.stmt_count as usize];
        for (k, l) in loops.iter().enumerate() {
            if let Some(slot) = l.cond.and_then(|c| cond_of.get_mut(c.index())) {
                *slot = Some(k);
            }
        }
        Loops { loops, cond_of }
    }

    /// Records one run's loop passes (`failing`: the run of a failing test), in one pass over
    /// its trace.
    pub fn observe(
        &self,
        trace: &Trace,
        coverage: &Coverage,
        failing: bool,
        seen: &mut LoopPasses,
    ) {
        let n = self.loops.len();
        seen.failing.resize(n, 0);
        seen.all.resize(n, 0);
        // Longest run of condition evaluations between two exits: the passes of one entry
        // (the last one evaluates the condition false).
        let mut longest = vec![0u32; n];
        let mut current = vec![0u32; n];
        for e in &trace.events {
            if let Some(Some(k)) = self.cond_of.get(e.stmt.index()) {
                current[*k] += 1;
                if e.values.first() == Some(&0) {
                    longest[*k] = longest[*k].max(current[*k]);
                    current[*k] = 0;
                }
            }
        }
        for (k, l) in self.loops.iter().enumerate() {
            let passes = match l.cond {
                Some(_) => longest[k].max(current[k]),
                // No condition (`for (;;)`): the most any direct statement ran, over all
                // entries: an over-approximation, which only costs formula size.
                None => l
                    .direct
                    .iter()
                    .map(|&s| coverage.count(s))
                    .max()
                    .unwrap_or(0),
            };
            seen.all[k] = seen.all[k].max(passes);
            if failing {
                seen.failing[k] = seen.failing[k].max(passes);
            }
        }
    }

    /// Records a run that did not end (it hit the step or time limit): only which loops it
    /// entered. Its pass counts would set the bounds to [`MAX_DERIVED_UNWIND`] and make every
    /// replica and re-run as long as that; see [`Loops::bounds`].
    pub fn observe_stuck(&self, coverage: &Coverage, seen: &mut LoopPasses) {
        let n = self.loops.len();
        seen.failing.resize(n, 0);
        seen.all.resize(n, 0);
        seen.stuck.resize(n, false);
        for (k, l) in self.loops.iter().enumerate() {
            if coverage.count(l.stmt) > 0 {
                seen.stuck[k] = true;
            }
        }
    }

    /// Per-loop unwinding bounds: the passes the failing runs needed plus [`UNWIND_SLACK`].
    /// A loop no failing run entered gets the passes any run needed instead: a repair that
    /// sends a failing test into code it never ran (a condition or result changed so that
    /// it goes on) runs that code as the program does on other inputs. (TCAS with a wrong
    /// `Rate_OK()`: the failing runs stop before the projection loop, which the passing runs
    /// go round eight times; unrolled twice, no repair of `Rate_OK()` alone fitted.)
    pub fn bounds(&self, seen: &LoopPasses) -> HashMap<StmtId, u32> {
        let mut out = HashMap::new();
        for (k, l) in self.loops.iter().enumerate() {
            let failing = seen.failing.get(k).copied().unwrap_or(0);
            let need = if failing > 0 {
                failing
            } else {
                seen.all.get(k).copied().unwrap_or(0)
            };
            let bound = if seen.stuck.get(k).copied().unwrap_or(false) {
                // A run went round this loop until its limit (or through it on the way
                // there): bounded by what the runs that ended needed, a few times over.
                match need {
                    0 => STUCK_LOOP_UNWIND,
                    n => n
                        .saturating_mul(STUCK_LOOP_FACTOR)
                        .saturating_add(UNWIND_SLACK),
                }
                .min(MAX_DERIVED_UNWIND)
            } else {
                // Runs that ended are never cut: a bound below what a failing run itself
                // needed excludes that run's own path, so every check of the test (formula
                // or probe, both held to the bound) would refute every candidate. A loop
                // over 6,000 numbers read from stdin needs 6,000 passes.
                need.saturating_add(UNWIND_SLACK)
            };
            out.insert(l.stmt, bound);
        }
        out
    }
}
