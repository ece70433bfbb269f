//! Repairs before the enumeration, for long failing runs: a formula unrolls every iteration
//! of a run of thousands of steps, while a run of an edited program costs what the test
//! costs. The statements every failing test's must set holds are searched for one-edit
//! repairs (`faultline-repair`) within a share of the budget; a statement with a repair is a
//! single-component diagnosis with the values the edited statement computes in each test's
//! run, validated like every other. What was searched is handed to the repair search after
//! the enumeration ([`EarlyRepairs`]), which does not search it again.
//!
//! **Invariant:** a diagnosis found here is validated by the same re-run as any other (the
//! original program with the values overridden), and its values are cached as the
//! component's single-component answers, so the enumeration never builds its formulas.

use std::collections::{BTreeSet, HashMap};

use faultline_interp::{Overrides, RunOptions};
use faultline_ir::{Component, Program, StmtId};
use faultline_runner::Status;
use faultline_ssa::ComponentId;

use crate::formula::{ReplicaAngelic, SlotValue};
use crate::probe::PROBE_WIDTH;
use crate::report::Report;
use crate::validate::Validation;
use crate::{Candidate, Ctx};

/// A failing run of at least this many steps makes the diagnosis look for one-edit repairs
/// first ([`Ctx::repaired_singles`]): its formulas unroll every iteration, while a run of an
/// edited program costs what the test costs.
pub(crate) const LONG_RUN_STEPS: u64 = 20_000;

/// The work ([`faultline_repair::Searcher::work`]: interpreter steps and a fixed charge per
/// run, edit and compile) the repair search before the enumeration may do: about 3 s of one
/// idle core. Work, not time, so that the same program gets the same diagnoses however loaded
/// the machine is (on a loaded one a 3 s deadline cut `contest_two_pointers`'s search after 43
/// edits, before its repair). A quarter of the budget stays a safety net.
pub(crate) const EARLY_REPAIR_WORK: u64 = 120_000_000;
const EARLY_REPAIR_SHARE: u32 = 4;
/// The work the search goes on for once a diagnosis was found and the search was cut (see
/// [`Ctx::repaired_singles`]); half of what is left of the budget stays a safety net.
const EARLY_EXTENSION_WORK: u64 = 400_000_000;

/// The work the joint search (costs 3 and up) may do once every diagnosis it could still
/// find would rank after the repaired ones found first ([`Ctx::rest_ranks_after_repaired`]),
/// for runs short enough that it is built at all: it only fills the list's lower places,
/// and on some programs it would take the whole budget (`str_caesar_mod`: 29 s). Counted in
/// the search's steps (an interpreter probe 1, a check on a loaded replica up to 4, a formula
/// built or solved from scratch up to 16, by its size: `hitting`), not timed, so that the list does not depend on the
/// machine's load; sized to what 2 s of wall time covered on the loaded 2-core machine
/// the benchmark runs on (a busy machine's 2 s, less than an idle one's). The default of
/// [`crate::DiagnoseOptions::fill_after_repairs`].
pub const REST_AFTER_REPAIRED: u64 = 32;

/// Executions of one statement in one test that a repaired run's values may override (each
/// is kept as an angelic value): beyond this only the first [`SHOWN_REPAIRED_INSTANCES`] are
/// kept, and the repaired runs themselves are the diagnosis's validation.
const MAX_REPAIRED_INSTANCES: usize = 200_000;

/// The values kept of a statement that a repair changes more than [`MAX_REPAIRED_INSTANCES`]
/// times in one test (an inner loop's condition over 10^3 × 10^3 pairs): what a person reads,
/// at a memory cost that does not grow with the run.
const SHOWN_REPAIRED_INSTANCES: usize = 1_000;

/// What the repair search before the enumeration did, handed to the one after it.
#[derive(Default)]
pub(crate) struct EarlyRepairs {
    /// Statements searched (found or not).
    pub searched: std::collections::HashSet<StmtId>,
    pub found: HashMap<StmtId, Vec<faultline_repair::Repair>>,
    pub timings: faultline_repair::RepairTimings,
    /// Every statement of the common must set was searched to the end (none left out by
    /// the cap on statements, the deadline or the limit on diagnoses).
    pub exhaustive: bool,
}

impl Ctx<'_> {
    /// Long runs: searches one-edit repairs (`faultline-repair`) of the statements every
    /// failing test's must set holds, most suspicious first, within a share of the budget
    /// (once a diagnosis is found, extended once by half of what is left: see
    /// [`Ctx::rest_ranks_after_repaired`], which needs the search to be complete). A
    /// statement with a repair explains every failing test alone, with the values the edited
    /// statement computes in each test's run ([`Ctx::repaired_values`]); validated like every
    /// diagnosis, it joins `accepted` at once. Its answers are cached as single-component
    /// answers, so the enumeration after this never builds its formulas.
    pub(crate) fn repaired_singles(&self, accepted: &mut Vec<Candidate>, report: &Report) {
        // The budget's share is a safety net only: the work bound decides where the search
        // stops on any machine that is not overloaded.
        let deadline =
            (self.budget.remaining()).map(|r| std::time::Instant::now() + r / EARLY_REPAIR_SHARE);
        let limits = faultline_repair::Limits {
            max_steps: self.rerun_steps,
            max_work: Some(EARLY_REPAIR_WORK),
            deadline,
            cancel: self.budget.cancel_flag(),
            per_statement: crate::repairs::PER_STATEMENT,
        };
        let mut searcher = faultline_repair::Searcher::new(
            self.program,
            self.suite,
            &self.failing,
            limits.clone(),
        );
        self.budget.phase(crate::Phase::Repairing);
        let mut common: Option<BTreeSet<ComponentId>> = None;
        for t in &self.failing {
            let m: BTreeSet<ComponentId> = self
                .executed
                .get(t)
                .map(|v| v.iter().copied().collect())
                .unwrap_or_default();
            common = Some(match common {
                None => m,
                Some(c) => c.intersection(&m).copied().collect(),
            });
        }
        let kind = |c: &ComponentId| self.components.get(*c).map(|i| i.kind);
        // Changing what a test read is no repair.
        let mut order: Vec<ComponentId> = (common.unwrap_or_default().into_iter())
            .filter(|c| kind(c).is_some_and(|k| k != Component::Input))
            .collect();
        self.ranker.by_suspicion(&mut order);
        // Output statements last: their values are bytes, which the probes find without a
        // formula anyway, so they are searched only for the stop after this search (a
        // deleted output is a one-edit repair that could rank first).
        order.sort_by_key(|c| kind(c) == Some(Component::Output));
        let mut exhaustive = order.len() <= crate::repairs::MUST_STATEMENTS;
        order.truncate(crate::repairs::MUST_STATEMENTS);
        let mut early = EarlyRepairs::default();
        let mut extended = false;
        let mut k = 0;
        while let Some(&c) = order.get(k) {
            if accepted.len() >= self.max {
                exhaustive = false;
                break;
            }
            let Some(info) = self.components.get(c) else {
                k += 1;
                continue;
            };
            let t = std::time::Instant::now();
            let found = searcher.repairs(info.stmt, &[]);
            tracing::debug!(
                line = self.ranker.lines(&[c].into()).first().copied(),
                found = found.len(),
                ms = t.elapsed().as_millis() as u64,
                tried = searcher.timings.tried,
                work = searcher.work.get(),
                "early repair search of a statement"
            );
            // Whether the work bound (or the deadline) cut this statement's search: with a repair found, none
            // smaller was missed (edits are tried smallest first); without, it is searched
            // again if the search goes on.
            let cut = searcher.stopped();
            if !found.is_empty() {
                // An output statement's values are the bytes it prints, not what its trace
                // records: its diagnosis is left to the probes, unless its repair changes
                // more than what it prints (a `break` after a `printf` whose case falls
                // through into the next one, whose output no value of this line removes).
                let candidate = if info.kind != Component::Output {
                    found
                        .iter()
                        .find_map(|r| self.repaired_candidate(c, &searcher.edited_program(r)?))
                        .or_else(|| self.retyped_candidate(c, &found))
                } else {
                    let structural: Vec<_> = (found.iter())
                        .filter(|r| r.edit.changes_more_than_its_value())
                        .cloned()
                        .collect();
                    self.retyped_candidate(c, &structural)
                };
                early.found.insert(info.stmt, found.clone());
                if let Some(candidate) = candidate {
                    tracing::debug!(c = ?self.ranker.lines(&candidate.blamed), "repaired single");
                    self.found(accepted, candidate, report);
                }
            }
            if !cut || !found.is_empty() {
                early.searched.insert(info.stmt);
                k += 1;
            }
            if !cut {
                continue;
            }
            if extended || accepted.is_empty() || self.budget.cancelled() {
                exhaustive = false;
                break;
            }
            // With a repaired diagnosis in hand, only another one-edit repair could rank
            // above it, and runs of edited programs find those for a fraction of what the
            // formulas of these runs cost: the search goes on, once, for
            // [`EARLY_EXTENSION_WORK`] more (half of what is left of the budget at most).
            extended = true;
            let timings = std::mem::take(&mut searcher.timings);
            let work = searcher.work.get();
            searcher = faultline_repair::Searcher::new(
                self.program,
                self.suite,
                &self.failing,
                faultline_repair::Limits {
                    max_work: Some(work.saturating_add(EARLY_EXTENSION_WORK)),
                    deadline: (self.budget.remaining()).map(|r| std::time::Instant::now() + r / 2),
                    ..limits.clone()
                },
            );
            searcher.timings = timings;
            searcher.work.set(work);
        }
        early.exhaustive = exhaustive;
        early.timings = searcher.timings;
        *self.early.borrow_mut() = early;
    }

    /// After [`Ctx::repaired_singles`]: whether no diagnosis the enumeration could still find
    /// would rank above those `accepted` so far, so that the formulas of the long runs need
    /// not be built at all. Every diagnosis with a repair ranks before every one without, by
    /// the repair's plausibility first ([`Ctx::rank_repaired`]). A repair passes every test
    /// by changing one statement, which therefore lies in every failing test's must set: the
    /// statements searched here. So when that search was exhaustive, found a repair that is
    /// not a guessed constant for every statement it found one for, and each such statement
    /// is an accepted diagnosis, what is left are diagnoses whose only repairs can be guessed
    /// constants (the edits that need angelic values, tried after the enumeration, ranked
    /// after every other edit) or that have none: they all rank after the accepted ones.
    pub(crate) fn rest_ranks_after_repaired(&self, accepted: &[Candidate]) -> bool {
        let early = self.early.borrow();
        if !early.exhaustive || accepted.is_empty() || early.found.is_empty() {
            return false;
        }
        let accepted_stmts: BTreeSet<StmtId> = accepted
            .iter()
            .flat_map(|c| &c.blamed)
            .filter_map(|&id| self.components.get(id))
            .map(|i| i.stmt)
            .collect();
        early.found.iter().all(|(stmt, repairs)| {
            accepted_stmts.contains(stmt) && repairs.iter().all(|r| !r.edit.guess)
        }) && accepted.iter().all(|c| {
            c.blamed
                .iter()
                .filter_map(|&id| self.components.get(id))
                .all(|i| early.found.contains_key(&i.stmt))
        })
    }

    /// `{c}` as a validated diagnosis, with the values `edited` (the program with a repair of
    /// `c`'s statement) computes there in every failing test.
    pub(crate) fn repaired_candidate(&self, c: ComponentId, edited: &Program) -> Option<Candidate> {
        let blamed: BTreeSet<ComponentId> = [c].into();
        let mut angelic = Vec::with_capacity(self.failing.len());
        // Whether some test's values repair it only with more loop passes than the
        // formulas unroll.
        let mut beyond = false;
        for &test in &self.failing {
            let known = self.answers.single(c, test);
            let a = match known {
                Some(known) => known?,
                None => {
                    let (a, within) = self.repaired_values(c, edited, test)?;
                    // Values with a gap are no answer a later check could re-run, nor are
                    // values the formula's bounds exclude (the cache answers for the formula).
                    if a.omitted == 0 && within {
                        self.answers.set_single(c, test, Some(a.clone()));
                    }
                    beyond |= !within;
                    a
                }
            };
            angelic.push((test, a));
        }
        // With some executions' values left out, the overrides cannot be re-run; the
        // repaired runs are the validation instead: the edited program, which differs only
        // in `c`'s statement, passed every test (the repair search ran them all) and every
        // failing test's run above (`repaired_values`), so changing `c` alone repairs them.
        let validated = angelic.iter().any(|(_, a)| a.omitted > 0)
            || match beyond {
                false => self.validator.run(&angelic) == Validation::Passed,
                true => self.passes_unbounded(&angelic),
            };
        validated.then(|| Candidate::validated(self.ranker.cost(&blamed), blamed, angelic))
    }

    /// `{c}` as a diagnosis validated by a repair that changes the declared type of the
    /// variable its statement assigns ([`faultline_repair::EditKind::Retype`]): no value of
    /// the declared type fixes the line (an `int` cannot hold 1.5), so there are no angelic
    /// values to re-run; the repaired program, which differs only in that declaration,
    /// passed every test, which is this diagnosis's validation (as for values left out:
    /// [`ReplicaAngelic::omitted`] counts the statement's executions in each failing run).
    ///
    /// On long runs the same holds for any other repair whose edited line no value of the line as written
    /// stands for: one that changes where the line stores its value (`run = 1` where
    /// `best = 1` was meant, `a[0] = 1` for `a[1] = 1`), which is why its values repaired no
    /// test ([`Ctx::repaired_candidate`] failed). `repairs` passed every test.
    pub(crate) fn retyped_candidate(
        &self,
        c: ComponentId,
        repairs: &[faultline_repair::Repair],
    ) -> Option<Candidate> {
        let retyped = repairs
            .iter()
            .any(|r| r.edit.kind == faultline_repair::EditKind::Retype);
        // Also any edit that changes more than the statement's value: a `break` added after
        // a case that falls through (the next case overwrites the value), another counter
        // incremented (`others++` → `digits++`), `=` made `==`.
        let structural = repairs.iter().any(|r| r.edit.changes_more_than_its_value());
        // Or a repair of a recursive call's argument (no component of its own), which no
        // value of the call stands for when the argument decides whether it returns at all.
        let edits_part = repairs.iter().any(|r| r.edits_a_part(self.program));
        // Short runs: the formulas answer what values the line needs, and a diagnosis
        // without values would read as one more statement than needed.
        if repairs.is_empty()
            || (!structural && !edits_part && self.longest_failing < LONG_RUN_STEPS)
        {
            return None;
        }
        let stmt = self.components.get(c)?.stmt;
        let blamed: BTreeSet<ComponentId> = [c].into();
        let angelic = (self.failing.iter())
            .map(|&test| {
                let executions = (self.traces.get(&test)).map_or(0, |t| {
                    t.events.iter().filter(|e| e.stmt == stmt).count() as u64
                        + u64::from(t.is_elided())
                });
                let a = ReplicaAngelic {
                    omitted: executions.max(1),
                    restored: !retyped,
                    ..Default::default()
                };
                (test, a)
            })
            .collect();
        Some(Candidate::validated(
            self.ranker.cost(&blamed),
            blamed,
            angelic,
        ))
    }

    /// Whether every test passes with its values of `angelic` overridden, its loops free to
    /// go round as often as the runs need (within the re-runs' step bound): the validation
    /// of a repaired statement's values that need more loop passes than the formulas unroll
    /// (a gcd started at 0, not 1, makes Euclid's loop go round more often than any recorded
    /// run did). No formula can find such a diagnosis; the interpreter alone answers it.
    fn passes_unbounded(&self, angelic: &[(usize, ReplicaAngelic)]) -> bool {
        angelic.iter().all(|(test, a)| {
            let overrides = a.overrides();
            let (result, _) = self.runner.run_case_within(
                &self.suite.cases[*test],
                RunOptions {
                    overrides: Some(&overrides),
                    unwinding: Some(&UNBOUNDED),
                    ..Default::default()
                },
                self.rerun_steps,
            );
            result.status == Status::Passed
        })
    }

    /// The values `c`'s statement computes in `test` when run as in `edited`, as angelic
    /// values of the original program: its executions from the first one whose value
    /// differs from the failing run's, each overridden, and the original program re-run with
    /// them (held to the formula's bounds, as every probe) must pass; when that run ends
    /// only at a loop's unwinding bound, a run with its loops free must pass (then `false`:
    /// the values lie beyond the formulas' bounds, see [`Ctx::passes_unbounded`]). Only the
    /// statement's own executions are traced, so a long run's trace stays whole.
    fn repaired_values(
        &self,
        c: ComponentId,
        edited: &Program,
        test: usize,
    ) -> Option<(ReplicaAngelic, bool)> {
        let info = self.components.get(c)?;
        let stmt = info.stmt;
        let runner = faultline_runner::Runner::new(edited, self.suite);
        let trace = &self.traced_passing_run(&runner, test, &[stmt])?;
        // Executions of the statement in the repaired run (the trace holds only them), and
        // the first ones in order (all of them unless the trace left out its middle).
        let executions = trace.events.len() as u64 + trace.elided;
        let Some(repaired) = leading_instances(trace, stmt) else {
            tracing::debug!(test, "no values of the repaired statement");
            return None;
        };
        // Executions before the first that differs from the failing run are the failing
        // run's own (the runs are the same up to there): no value is needed for them. Where
        // the failing run's trace is not whole, its first executions still are; starting
        // at the end of what both have in common overrides executions that compute their
        // value anyway, which changes nothing.
        //
        // Short runs (which a formula could answer as well) show every execution, as the
        // formula's values do: a loop condition's `true, true, false` reads as the loop.
        let short = self.longest_failing < LONG_RUN_STEPS;
        let first = match (self.traces.get(&test))
            .and_then(|t| leading_instances(t, stmt))
            .filter(|_| !short)
        {
            Some(was) => (repaired.iter().zip(&was))
                .position(|(a, b)| a != b)
                .unwrap_or(was.len().min(repaired.len())),
            None => 0,
        };
        let width = value_width(info.kind);
        let changed = executions.saturating_sub(first as u64);
        if repaired.len() as u64 != executions || changed > MAX_REPAIRED_INSTANCES as u64 {
            // The edited run passed: its first values are shown, the rest left out (see
            // `ReplicaAngelic::omitted`).
            let values: Vec<_> = execution_values(stmt, &repaired, first, width)
                .take(SHOWN_REPAIRED_INSTANCES)
                .collect();
            return Some((
                ReplicaAngelic {
                    omitted: changed - values.len() as u64,
                    values,
                    ..Default::default()
                },
                true,
            ));
        }
        let mut o = Overrides::new();
        for (k, &v) in repaired.iter().enumerate().skip(first) {
            o.set(stmt, k as u32, vec![v]);
        }
        let (result, run) = self.runner.run_case_with(
            &self.suite.cases[test],
            RunOptions {
                overrides: Some(&o),
                ..Default::default()
            },
        );
        let values = execution_values(stmt, &repaired, first, width).collect();
        let a = ReplicaAngelic {
            values,
            ..Default::default()
        };
        let within = result.status == Status::Passed;
        let unwound = matches!(
            run.outcome,
            faultline_interp::Outcome::RuntimeError {
                kind: faultline_interp::RuntimeErrorKind::UnwindingBound { .. },
                ..
            }
        );
        if !within && !(unwound && self.passes_unbounded(&[(test, a.clone())])) {
            tracing::debug!(test, first, n = repaired.len(), reason = ?result.reason, "the repaired values do not repair the test");
            return None;
        }
        Some((a, within))
    }
}

impl Ctx<'_> {
    /// The values the statements of `blamed` compute in `edited` (the program with their
    /// edits made) in each of `tests`, as angelic values of the original program: every
    /// execution of each statement, in order. `None` when an edited run does not pass, its
    /// trace of them is not whole, or one of the statements computes in none of them what it
    /// computed as written (that statement could be dropped). These values are an answer the
    /// formula may not give: where one of the statements can absorb every failing test alone,
    /// the solver's values for the set may leave the others unchanged. The caller validates.
    pub(crate) fn edited_values(
        &self,
        blamed: &BTreeSet<ComponentId>,
        edited: &Program,
        tests: &[usize],
    ) -> Option<Vec<(usize, ReplicaAngelic)>> {
        let stmts: Vec<(StmtId, u32)> = (blamed.iter())
            .map(|&id| {
                let info = self.components.get(id)?;
                Some((info.stmt, value_width(info.kind)))
            })
            .collect::<Option<_>>()?;
        let only: Vec<StmtId> = stmts.iter().map(|(s, _)| *s).collect();
        let runner = faultline_runner::Runner::new(edited, self.suite);
        let mut changed = vec![false; stmts.len()];
        let mut out = Vec::with_capacity(tests.len());
        for &test in tests {
            let trace = self.traced_passing_run(&runner, test, &only)?;
            if trace.is_elided() {
                return None;
            }
            let mut a = ReplicaAngelic::default();
            for (i, &(stmt, width)) in stmts.iter().enumerate() {
                let values = leading_instances(&trace, stmt)?;
                if values.len() > MAX_REPAIRED_INSTANCES {
                    return None;
                }
                let was = self
                    .traces
                    .get(&test)
                    .and_then(|t| leading_instances(t, stmt));
                changed[i] |= was.as_ref() != Some(&values);
                a.values.extend(execution_values(stmt, &values, 0, width));
            }
            out.push((test, a));
        }
        changed.iter().all(|&c| c).then_some(out)
    }

    /// `test` run on `runner` (an edited program's) within the re-runs' step bound, tracing
    /// only the executions of `only` (so that a long run's trace of them stays whole): the
    /// trace, when the test passes.
    fn traced_passing_run(
        &self,
        runner: &faultline_runner::Runner,
        test: usize,
        only: &[StmtId],
    ) -> Option<faultline_interp::Trace> {
        let (result, run) = runner.run_case_within(
            &self.suite.cases[test],
            RunOptions {
                record_trace: true,
                trace_only: Some(only),
                ..Default::default()
            },
            self.rerun_steps,
        );
        if result.status != Status::Passed {
            tracing::debug!(test, status = ?result.status, "edited run did not pass");
            return None;
        }
        run.trace
    }
}

/// The width of an angelic value of a statement of kind `kind`: a condition's is its truth.
fn value_width(kind: Component) -> u32 {
    if kind.is_condition() {
        1
    } else {
        PROBE_WIDTH
    }
}

/// `values[first..]`, the values of `stmt`'s executions `first`, `first + 1`, …, as angelic
/// values of `width` bits.
fn execution_values(
    stmt: StmtId,
    values: &[i128],
    first: usize,
    width: u32,
) -> impl Iterator<Item = ((StmtId, u32), Vec<SlotValue>)> + '_ {
    (values.iter().enumerate().skip(first))
        .map(move |(k, &v)| ((stmt, k as u32), vec![(0, (v, width))]))
}

/// No bound on loop passes or nested calls (the suite's step and recursion limits still hold).
static UNBOUNDED: std::sync::LazyLock<faultline_interp::Unwinding> =
    std::sync::LazyLock::new(|| faultline_interp::Unwinding {
        loops: HashMap::new(),
        default: u32::MAX,
        max_inline_depth: u32::MAX,
    });

/// The values of `stmt`'s executions 0, 1, 2, … in `trace`, as far as they are there without
/// a gap (a trace that left out the middle of its run keeps its first events whole); `None`
/// when an execution has other than one value.
fn leading_instances(trace: &faultline_interp::Trace, stmt: StmtId) -> Option<Vec<i128>> {
    let head = if trace.is_elided() {
        &trace.events[..trace.elided_at.min(trace.events.len())]
    } else {
        &trace.events[..]
    };
    let mut out = Vec::new();
    for e in head.iter().filter(|e| e.stmt == stmt) {
        if e.instance as usize != out.len() {
            break;
        }
        match e.values.as_slice() {
            [v] => out.push(*v),
            _ => return None,
        }
    }
    Some(out)
}
