//! Angelic values by probing: whether one component alone explains one test, answered by
//! re-running the test in the interpreter with a few values substituted.
//!
//! Most single components of a program are conditions or hold small values (flags, counts,
//! boolean results of comparisons), and a run takes microseconds where a SAT check of the same
//! question takes milliseconds. A probe that makes the test pass is an explanation with its
//! angelic values, valid by construction (it *is* the validation run); a probe that finds
//! nothing proves nothing, and the caller falls back to the formula.

use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

use faultline_interp::{Overrides, RunOptions, Trace};
use faultline_ir::{walk_block, Component, Program, Stmt, StmtId, StmtKind};
use faultline_runner::Status;
use faultline_ssa::ComponentId;

use crate::formula::{slot_values, ReplicaAngelic, SlotValue};

use crate::Ctx;

/// Instances of a statement probed one at a time; beyond this only "all instances alike".
const MAX_PROBED_INSTANCES: usize = 8;

/// Override combinations tried for a pair in one test.
const MAX_PAIR_PROBES: usize = 256;

/// Value sets from other tests that [`Ctx::probe_transfer`] tries on one test.
const MAX_TRANSFER_PROBES: usize = 16;

/// Distinct values other runs produced that are tried as well.
const MAX_SEEN_VALUES: usize = 8;

/// Executions per test whose values [`Ctx::plain_values`] tries to put back (earliest first):
/// each costs one run of the test, and a probe's values hold every execution of a statement,
/// which a long loop makes thousands.
const MAX_PLAIN_EXECUTIONS: usize = 64;
/// …and stops once its trials took this many steps in one test (a few long runs' worth):
/// the values kept so far are a validated repair at every step.
const MAX_PLAIN_STEPS: u64 = 10_000_000;

/// Re-runs [`Ctx::round_floats`] may spend on one test's values (each value takes at most
/// 34: two per number of significant digits).
const MAX_ROUNDING_RUNS: usize = 128;

/// Runs [`Ctx::closest_inputs`] spends on one input execution.
const MAX_CLOSEST_RUNS: usize = 256;

/// Width reported with probed integer values (they are exact small integers; the width only
/// matters for showing unsigned values, which stay below it).
pub(crate) const PROBE_WIDTH: u32 = 64;

/// How one transfer attempt ended: out of attempts, or values that made the test pass.
enum Transfer {
    Stop,
    Found(BTreeSet<ComponentId>, ReplicaAngelic),
}

/// Override sets of one component in one test, each a list of (instance, value).
struct Probes {
    stmt: StmtId,
    width: u32,
    sets: Vec<Vec<(u32, i128)>>,
}

impl Ctx<'_> {
    /// Values of `c` that make `test` pass, found by probing (see the module documentation).
    pub(crate) fn probe_single(&self, c: ComponentId, test: usize) -> Option<ReplicaAngelic> {
        if self.components.get(c)?.kind == Component::Output {
            return self.probe_output(c, test);
        }
        let p = self.probes(c, test, false)?;
        p.sets.iter().find_map(|set| {
            let mut o = Overrides::new();
            for &(i, w) in set {
                o.set(p.stmt, i, vec![w]);
            }
            self.passes(test, &o)
                .then(|| self.angelic_run(test, &[(p.stmt, p.width)], &o))
                .flatten()
        })
    }

    /// An output statement that should print nothing (an extra prompt, a debugging print):
    /// every execution in `test` deleted, then each of the first few alone.
    fn probe_output(&self, c: ComponentId, test: usize) -> Option<ReplicaAngelic> {
        let stmt = self.components.get(c)?.stmt;
        let count = self.traces.get(&test)?.of(stmt).count() as u32;
        if count == 0 {
            return None;
        }
        let mut sets: Vec<Vec<u32>> = vec![(0..count).collect()];
        if count > 1 {
            sets.extend((0..count.min(MAX_PROBED_INSTANCES as u32)).map(|i| vec![i]));
        }
        sets.into_iter().find_map(|set| {
            let mut o = Overrides::new();
            for i in set {
                o.set(stmt, i, Vec::new());
            }
            self.passes(test, &o)
                .then(|| self.angelic_run(test, &[(stmt, 8)], &o))
                .flatten()
        })
    }

    /// Whether `stmt` is an output statement (its values are the bytes it prints).
    pub(crate) fn is_output(&self, stmt: StmtId) -> bool {
        (self.components.of_stmt(stmt))
            .and_then(|c| self.components.get(c))
            .is_some_and(|i| i.kind == Component::Output)
    }

    /// Values of `a` and `b` together that make `test` pass, found by probing both at once
    /// (a condition sends the run elsewhere, a value there fixes the output). A component
    /// the run did not execute is probed at its first execution, should the other one lead
    /// there.
    pub(crate) fn probe_pair(
        &self,
        a: ComponentId,
        b: ComponentId,
        test: usize,
    ) -> Option<ReplicaAngelic> {
        self.probe_pair_within(a, b, test, MAX_PAIR_PROBES)
    }

    /// [`Ctx::probe_pair`] with at most `max_runs` runs. A miss is remembered (and not
    /// probed again) only when it tried every combination `probe_pair` would have.
    pub(crate) fn probe_pair_within(
        &self,
        a: ComponentId,
        b: ComponentId,
        test: usize,
        max_runs: usize,
    ) -> Option<ReplicaAngelic> {
        if self.answers.pair_probe_missed(a, b, test) {
            return None;
        }
        let (found, complete) = self.probe_pair_uncached(a, b, test, max_runs.min(MAX_PAIR_PROBES));
        if found.is_none() && complete {
            self.answers.note_pair_probe_miss(a, b, test);
        }
        found
    }

    /// The values found, if any, and whether every combination up to [`MAX_PAIR_PROBES`]
    /// was tried.
    fn probe_pair_uncached(
        &self,
        a: ComponentId,
        b: ComponentId,
        test: usize,
        max_runs: usize,
    ) -> (Option<ReplicaAngelic>, bool) {
        let (Some(pa), Some(pb)) = (self.probes(a, test, true), self.probes(b, test, true)) else {
            return (None, true);
        };
        let combinations = pa.sets.len() * pb.sets.len();
        let complete = combinations <= max_runs || max_runs == MAX_PAIR_PROBES;
        let mut runs = 0;
        for sa in &pa.sets {
            for sb in &pb.sets {
                runs += 1;
                if runs > max_runs {
                    return (None, complete);
                }
                let mut o = Overrides::new();
                for &(i, w) in sa {
                    o.set(pa.stmt, i, vec![w]);
                }
                for &(i, w) in sb {
                    o.set(pb.stmt, i, vec![w]);
                }
                if self.passes(test, &o) {
                    let Some(values) =
                        self.angelic_run(test, &[(pa.stmt, pa.width), (pb.stmt, pb.width)], &o)
                    else {
                        return (None, true);
                    };
                    self.remember(&[a, b].into(), test, &values);
                    return (Some(values), true);
                }
            }
        }
        (None, true)
    }

    /// Values of some two components of `set` that make `test` pass, found by probing each
    /// pair (the rest of `set` keeps its values). A candidate of three or more components
    /// has to explain the tests none of its members explains alone; on TCAS most of those
    /// need only two of them changed, and a probe answers in microseconds where the
    /// candidate-only replica takes tens of milliseconds.
    pub(crate) fn probe_within(
        &self,
        set: &BTreeSet<ComponentId>,
        test: usize,
    ) -> Option<ReplicaAngelic> {
        let members: Vec<ComponentId> = set.iter().copied().collect();
        members.iter().enumerate().find_map(|(i, &a)| {
            members[i + 1..]
                .iter()
                .find_map(|&b| self.probe_pair(a, b, test))
        })
    }

    /// Values that made other tests pass with members of `set` changed, tried on `test`: the
    /// values the other tests of this check took (`others`), then those known for subsets of
    /// `set` in any test. Tests that fail alike are repaired alike (a flipped condition takes
    /// the same branch, a relaxed result the same expected value), and a run costs
    /// microseconds where the full replica's check costs tens of milliseconds.
    pub(crate) fn probe_transfer(
        &self,
        set: &BTreeSet<ComponentId>,
        test: usize,
        others: &[(usize, ReplicaAngelic)],
    ) -> Option<ReplicaAngelic> {
        // Values from a SAT model can be anything (a loop bound of 2147483645), and another
        // test may loop on them until the step limit: a run gets a few times the failing
        // run's length, and one that needs more is a miss (the check follows).
        let events = self.traces.get(&test).map_or(0, |t| t.events.len() as u64);
        let max_steps = events.saturating_mul(8).saturating_add(100_000);
        let mut tried: Vec<ReplicaAngelic> = Vec::new();
        // In test order: which values are tried must not change from one run to the next.
        let mut attempt = |a: &ReplicaAngelic| -> Option<Transfer> {
            if tried.len() >= MAX_TRANSFER_PROBES || self.budget.cancelled() {
                return Some(Transfer::Stop);
            }
            if !a.exprs.is_empty()
                || a.values.is_empty()
                || tried.iter().any(|b| b.values == a.values)
            {
                return None;
            }
            tried.push(a.clone());
            let o = a.overrides();
            if !self.passes_within(test, &o, max_steps) {
                return None;
            }
            let mut stmts: Vec<(StmtId, u32)> = Vec::new();
            for ((stmt, _), slots) in &a.values {
                let width = slots.first().map_or(PROBE_WIDTH, |(_, (_, w))| *w);
                if !stmts.iter().any(|(s, _)| s == stmt) {
                    stmts.push((*stmt, width));
                }
            }
            // A statement that records several values per execution (`scanf`'s targets) has
            // no single value to report: the next candidate may do without it.
            let values = self.angelic_run(test, &stmts, &o)?;
            let blamed: BTreeSet<ComponentId> = stmts
                .iter()
                .filter_map(|(s, _)| self.components.of_stmt(*s))
                .collect();
            Some(Transfer::Found(blamed, values))
        };
        let found = match others.iter().find_map(|(_, a)| attempt(a)) {
            Some(t) => t,
            None => self.answers.find_elsewhere(set, test, &mut attempt)?,
        };
        let Transfer::Found(blamed, values) = found else {
            return None;
        };
        self.remember(&blamed, test, &values);
        Some(values)
    }

    /// The values with which `c` alone repaired other tests, tried on `test` (see
    /// [`Ctx::probe_transfer`]). Where the probes' few values miss, each test's answer came
    /// from a candidate-only replica, and tests that fail alike take the same value: TCAS with
    /// a wrong variable in the projection loop (126 failing tests), where the loop's start
    /// `t = STEP` set past the bound repairs every test, took 126 solves of 60 ms, 8 s of the
    /// 8.3 s the ten diagnoses took.
    pub(crate) fn transfer_single(&self, c: ComponentId, test: usize) -> Option<ReplicaAngelic> {
        // In test order: which values are tried must not change from one run to the next.
        let others = self.answers.single_values_elsewhere(c, test);
        if others.is_empty() {
            return None;
        }
        self.probe_transfer(&[c].into(), test, &others)
    }

    /// Moves the input values (`scanf`, `getchar`, …) of a repair of `test` back to what the
    /// test really read, slot by slot, wherever the test still passes. A relaxed input's
    /// values come from a SAT model, so the slots the repair does not need hold arbitrary
    /// numbers (`-2147483645` for the third number `scanf` reads, where the repair only
    /// needs the first changed). Each restored slot is kept only if the re-run passes, so
    /// the values stay a validated repair.
    pub(crate) fn plain_inputs(&self, test: usize, angelic: &mut ReplicaAngelic) {
        let Some(trace) = self.traces.get(&test) else {
            return;
        };
        // A changed input can make the program loop for long (FizzBuzz from -1610612727):
        // trials get a few times the steps of the repair they start from.
        let mut steps = None;
        for e in 0..angelic.values.len() {
            let (stmt, instance) = angelic.values[e].0;
            let input = (self.components.of_stmt(stmt))
                .and_then(|c| self.components.get(c))
                .is_some_and(|i| i.kind == Component::Input);
            if !input {
                continue;
            }
            let Some(read) = trace.of(stmt).find(|ev| ev.instance == instance) else {
                continue;
            };
            let steps = *steps.get_or_insert_with(|| {
                let (_, run) = self.runner.run_case_with(
                    &self.suite.cases[test],
                    RunOptions {
                        overrides: Some(&angelic.overrides()),
                        ..Default::default()
                    },
                );
                run.steps.saturating_mul(4).saturating_add(10_000)
            });
            for k in 0..angelic.values[e].1.len() {
                let (slot, (value, _)) = angelic.values[e].1[k];
                match read.values.get(slot as usize) {
                    Some(&was) if was != value => {
                        angelic.values[e].1[k].1 .0 = was;
                        if !self.passes_within(test, &angelic.overrides(), steps) {
                            angelic.values[e].1[k].1 .0 = value;
                        }
                    }
                    _ => {}
                }
            }
            self.one_changed_slot(test, angelic, e, &read.values, steps);
            self.closest_inputs(test, angelic, e, &read.values, steps);
            // What the test gave, where the repair reads something else.
            for &(slot, (value, _)) in &angelic.values[e].1 {
                match read.values.get(slot as usize) {
                    Some(&given) if given != value => {
                        angelic.was.insert((stmt, instance, slot), given);
                    }
                    _ => {}
                }
            }
        }
    }

    /// The values of the statements a SAT model relaxed (not the inputs, see
    /// [`Ctx::plain_inputs`]), put back to what each execution computes as written wherever
    /// the test still passes. A model's values are whatever the solver picked: on
    /// `sum.c`, `s += i` read `0, -2, 10` where the loop's sums `1, 3` and a last `10` do,
    /// and `i++` ended at `2147483636`. Executions are taken earliest first: each one's value
    /// is dropped in turn and the test re-run, and when it passes, the value that execution
    /// computed in that run is kept (an execution the run no longer reaches is dropped). Each
    /// step is a passing run with exactly the values kept, so they stay a validated repair.
    pub(crate) fn plain_values(&self, test: usize, angelic: &mut ReplicaAngelic) {
        // Whether the test passes with `o`, the run's trace of the statements `only`, and
        // its steps. Only the overridden statements are traced: on a long run (a contest
        // program's loop over 10^4 numbers) recording every statement's values was most of
        // the time this takes, and a full trace elides the middle of the run.
        let run_with = |o: &Overrides, max_steps: u64, only: &[StmtId]| {
            let (result, run) = self.runner.run_case_within(
                &self.suite.cases[test],
                RunOptions {
                    overrides: Some(o),
                    record_trace: true,
                    trace_only: Some(only),
                    ..Default::default()
                },
                max_steps,
            );
            (result.status == Status::Passed, run.trace, run.steps)
        };
        let mut overridden: Vec<StmtId> = angelic.values.iter().map(|v| v.0 .0).collect();
        overridden.sort_unstable();
        overridden.dedup();
        let (true, Some(first), steps) = run_with(&angelic.overrides(), u64::MAX, &overridden)
        else {
            return;
        };
        // A dropped value can make the run loop for long: trials get a few times the steps
        // of the repair they start from.
        let steps = steps.saturating_mul(4).saturating_add(10_000);
        let original = angelic.clone();
        let input = |stmt: StmtId| {
            (self.components.of_stmt(stmt))
                .and_then(|c| self.components.get(c))
                .is_some_and(|i| i.kind == Component::Input)
        };
        let mut order: Vec<usize> = (0..angelic.values.len())
            .filter(|&e| !input(angelic.values[e].0 .0))
            .collect();
        let when: HashMap<(StmtId, u32), usize> = (first.events.iter().enumerate())
            .map(|(k, ev)| ((ev.stmt, ev.instance), k))
            .collect();
        order.sort_by_key(|&e| {
            when.get(&angelic.values[e].0)
                .copied()
                .unwrap_or(usize::MAX)
        });
        order.truncate(MAX_PLAIN_EXECUTIONS);
        let mut dropped = vec![false; angelic.values.len()];
        // The overrides of the values kept so far, as they stand: a trial takes one back and
        // puts it back (updated) unless it is dropped. Rebuilding them for every trial cost
        // as much as the run itself on a long run (10^4 executions overridden).
        let mut current = angelic.overrides();
        // Steps the trials took so far: on a long run (a contest program's 10^6 steps) each
        // trial costs a test run, and 64 of them per test were most of a diagnosis's time.
        let mut spent = 0u64;
        for e in order {
            // What was done so far is a validated repair too: stop at once when the run is
            // no longer wanted, or when the trials took their share.
            if self.budget.cancelled() || spent >= MAX_PLAIN_STEPS {
                break;
            }
            let (stmt, instance) = angelic.values[e].0;
            current.remove(stmt, instance);
            let (passed, trace, taken) = run_with(&current, steps, &[stmt]);
            spent = spent.saturating_add(taken);
            // Up to this execution the trial is the repaired run: what it computes here is
            // what the program as written computes there.
            let computed = (trace.as_ref())
                .and_then(|t| t.of(stmt).find(|ev| ev.instance == instance))
                .map(|ev| ev.values.clone());
            if self.is_output(stmt) {
                // Text: the whole of what the execution prints as written.
                match (passed, computed) {
                    (true, None) => dropped[e] = true,
                    (true, Some(computed)) => {
                        angelic.values[e].1 = (computed.iter().enumerate())
                            .map(|(k, &b)| (k as u32, (b, 8)))
                            .collect();
                    }
                    (false, Some(computed)) => {
                        let value: Vec<i128> =
                            angelic.values[e].1.iter().map(|(_, (b, _))| *b).collect();
                        if computed != value {
                            let text: Vec<u8> = computed.iter().map(|&b| b as u8).collect();
                            // The text with the separators the statement printed (the
                            // solver picks any whitespace under token comparison: `" Change:
                            // 70\n"` where `"Change: -70\n"` was printed), kept when the
                            // test still passes with it.
                            let bytes: Vec<u8> = value.iter().map(|&b| b as u8).collect();
                            let spaced = crate::shown::respace_text_as_written(&bytes, &text);
                            if spaced != bytes {
                                let slots: Vec<_> = (spaced.iter().enumerate())
                                    .map(|(k, &b)| (k as u32, (i128::from(b), 8)))
                                    .collect();
                                current.set(stmt, instance, slot_values(&slots));
                                if run_with(&current, steps, &[stmt]).0 {
                                    angelic.values[e].1 = slots;
                                }
                            }
                            angelic.was_text.insert((stmt, instance), text);
                        }
                    }
                    (false, None) => {}
                }
                if !dropped[e] {
                    current.set(stmt, instance, slot_values(&angelic.values[e].1));
                }
                continue;
            }
            match (passed, computed) {
                (true, None) => dropped[e] = true,
                (true, Some(computed)) => {
                    for (slot, (value, _)) in &mut angelic.values[e].1 {
                        if let Some(&as_written) = computed.get(*slot as usize) {
                            *value = as_written;
                        }
                    }
                }
                (false, Some(computed)) => {
                    for &(slot, (value, _)) in &angelic.values[e].1 {
                        match computed.get(slot as usize) {
                            Some(&as_written) if as_written != value => {
                                angelic.was.insert((stmt, instance, slot), as_written);
                            }
                            _ => {}
                        }
                    }
                }
                (false, None) => {}
            }
            if !dropped[e] {
                current.set(stmt, instance, slot_values(&angelic.values[e].1));
            }
        }
        let mut k = 0;
        angelic.values.retain(|_| {
            k += 1;
            !dropped[k - 1]
        });
        self.round_floats(test, angelic, steps);
        // Every step kept a passing run; checked once more, since these values are reported.
        if !run_with(&angelic.overrides(), steps, &[]).0 {
            tracing::error!(
                test,
                "plain values no longer pass: the model's values are kept"
            );
            *angelic = original;
        }
    }

    /// The floating values that must change (those [`Ctx::plain_values`] could not put back)
    /// made round wherever the test still passes. A model's double is whatever the solver
    /// picked inside the interval of values the test accepts, often one of its ends: a
    /// `printf("%.2f")` that must print `3.00` gives `3.0049999999999986`. Tried shortest
    /// first: the value rounded to 1, 2, … significant digits, to nearest and then toward
    /// the other side (`0.95` → `1`), until the candidate is the value itself; the first that
    /// passes is kept, so the values stay a validated repair.
    fn round_floats(&self, test: usize, angelic: &mut ReplicaAngelic, steps: u64) {
        let mut runs = 0usize;
        for e in 0..angelic.values.len() {
            let (stmt, instance) = angelic.values[e].0;
            let stmt_ref = self.ranker.stmts.get(&stmt).copied();
            for k in 0..angelic.values[e].1.len() {
                let (slot, (value, width)) = angelic.values[e].1[k];
                if !angelic.was.contains_key(&(stmt, instance, slot)) {
                    continue;
                }
                let crate::Value::Float(x) =
                    crate::ranker::display_value(stmt_ref, slot, value, width)
                else {
                    continue;
                };
                for bits in rounder_floats(x) {
                    if runs >= MAX_ROUNDING_RUNS || self.budget.cancelled() {
                        return;
                    }
                    // In the value's own convention: a model's values are sign-extended from
                    // their width (a rounding keeps the sign).
                    let candidate = if value < 0 && width < 128 {
                        bits - (1i128 << width)
                    } else {
                        bits
                    };
                    runs += 1;
                    angelic.values[e].1[k].1 .0 = candidate;
                    if self.passes_within(test, &angelic.overrides(), steps) {
                        break;
                    }
                    angelic.values[e].1[k].1 .0 = value;
                }
            }
        }
    }

    /// Each slot of input event `e` still changed moves as close to what the test read as a
    /// passing run allows: a model's value is whatever the solver picked (`-1073741823` where
    /// `3` does), and the input a test would have to read is best shown as the smallest
    /// change. Tried nearest first: the read value ±1…±16, then the model's value halved
    /// toward the read one again and again; the first that passes is kept.
    fn closest_inputs(
        &self,
        test: usize,
        angelic: &mut ReplicaAngelic,
        e: usize,
        read: &[i128],
        steps: u64,
    ) {
        let model = angelic.values[e].1.clone();
        if model.iter().any(|(slot, _)| *slot as usize >= read.len()) {
            return;
        }
        let distance = |slots: &[SlotValue]| -> u128 {
            (slots.iter())
                .map(|(slot, (v, _))| v.abs_diff(read[*slot as usize]))
                .fold(0u128, u128::saturating_add)
        };
        let far = distance(&model);
        if far <= 1 {
            return;
        }
        // Values of one slot, nearest to what was read first.
        let tries = |value: i128, was: i128, below: u128| -> Vec<i128> {
            let mut t: Vec<i128> = (1..=16i128).flat_map(|d| [was - d, was + d]).collect();
            let d = value - was;
            t.extend(
                (1..=64u32)
                    .filter_map(|j| d.checked_shr(j))
                    .map(|h| was + h),
            );
            t.retain(|&v| v != was && v.abs_diff(was) < below);
            t.sort_by_key(|&v| (v.abs_diff(was), v));
            t.dedup();
            t
        };
        let mut runs = 0usize;
        // One slot changed, the others as read: the best over all slots.
        let mut best: Option<(u128, usize, i128)> = None;
        for k in 0..model.len() {
            let (slot, (value, _)) = model[k];
            let was = read[slot as usize];
            let below = best.map_or(far, |b| b.0);
            for v in tries(value, was, below) {
                if runs >= MAX_CLOSEST_RUNS || self.budget.cancelled() {
                    break;
                }
                runs += 1;
                for (j, (s, (x, _))) in angelic.values[e].1.iter_mut().enumerate() {
                    *x = if j == k { v } else { read[*s as usize] };
                }
                if self.passes_within(test, &angelic.overrides(), steps) {
                    best = Some((v.abs_diff(was), k, v));
                    break;
                }
            }
        }
        if let Some((_, k, v)) = best {
            for (j, (s, (x, _))) in angelic.values[e].1.iter_mut().enumerate() {
                *x = if j == k { v } else { read[*s as usize] };
            }
            return;
        }
        angelic.values[e].1 = model.clone();
        // Otherwise each changed slot on its own, the others as the repair has them.
        for k in 0..model.len() {
            let (slot, (value, _)) = model[k];
            let was = read[slot as usize];
            for v in tries(value, was, value.abs_diff(was)) {
                if runs >= MAX_CLOSEST_RUNS || self.budget.cancelled() {
                    return;
                }
                runs += 1;
                angelic.values[e].1[k].1 .0 = v;
                if self.passes_within(test, &angelic.overrides(), steps) {
                    break;
                }
                angelic.values[e].1[k].1 .0 = value;
            }
        }
    }

    /// When restoring slot by slot left several slots of input event `e` changed (the order
    /// mattered: `ascending` read `1 5 9`; from the model's `9 5 -5` neither `1 5 -5` nor
    /// `9 5 9` passes), tries every read value with just one slot changed, to a value the
    /// model or the run had for some slot, and keeps the first that passes.
    fn one_changed_slot(
        &self,
        test: usize,
        angelic: &mut ReplicaAngelic,
        e: usize,
        read: &[i128],
        steps: u64,
    ) {
        let slots = &angelic.values[e].1;
        let changed = slots
            .iter()
            .filter(|(slot, (v, _))| read.get(*slot as usize).is_some_and(|was| was != v))
            .count();
        if changed < 2 || slots.iter().any(|(slot, _)| *slot as usize >= read.len()) {
            return;
        }
        let mut values: Vec<i128> = slots
            .iter()
            .map(|(_, (v, _))| *v)
            .chain(read.iter().copied())
            .collect();
        values.sort_unstable();
        values.dedup();
        let model = angelic.values[e].1.clone();
        for k in 0..model.len() {
            let was = read[model[k].0 as usize];
            for &v in values.iter().filter(|&&v| v != was) {
                for (j, (slot, (value, _))) in angelic.values[e].1.iter_mut().enumerate() {
                    *value = if j == k { v } else { read[*slot as usize] };
                }
                if self.passes_within(test, &angelic.overrides(), steps) {
                    return;
                }
            }
        }
        angelic.values[e].1 = model;
    }

    /// The override sets worth trying for `c` in `test`: a condition flipped, a value replaced
    /// by 0, 1, -1, its neighbours, its negation or a value seen elsewhere; one instance at a
    /// time, or all alike. `unexecuted`: also for a component the run never reached (probed
    /// at its first execution).
    fn probes(&self, c: ComponentId, test: usize, unexecuted: bool) -> Option<Probes> {
        let info = self.components.get(c)?;
        if !matches!(
            info.kind,
            Component::IfCond
                | Component::LoopCond
                | Component::TernaryCond
                | Component::Assign
                | Component::Argument
                | Component::Index
                | Component::Return
        ) {
            return None;
        }
        let trace = self.traces.get(&test)?;
        let original = instances(trace, info.stmt)?;
        if original.is_empty() && !unexecuted {
            return None;
        }
        let condition = matches!(
            info.kind,
            Component::IfCond | Component::LoopCond | Component::TernaryCond
        );
        let width = if condition { 1 } else { PROBE_WIDTH };
        // Other values: what the statement (or, for a `return`, any `return` of its function:
        // the result another branch gives) produced in the failing runs, a few at most.
        let seen = if condition {
            Rc::from([])
        } else {
            self.seen_values(info.stmt)
        };
        let candidates = |v: Option<i128>| -> Vec<i128> {
            if condition {
                return match v {
                    Some(v) => vec![i128::from(v == 0)],
                    None => vec![0, 1],
                };
            }
            let mut tried: Vec<i128> = v.into_iter().collect();
            let near = v.map_or(Vec::new(), |v| vec![v + 1, v - 1, -v]);
            let mut out = Vec::new();
            for w in [0, 1, -1]
                .into_iter()
                .chain(near)
                .chain(seen.iter().copied())
            {
                if !tried.contains(&w) {
                    tried.push(w);
                    out.push(w);
                }
            }
            out
        };
        // Per probe: the values of the probed instances (others keep theirs).
        let mut sets: Vec<Vec<(u32, i128)>> = Vec::new();
        if original.is_empty() {
            sets.extend(candidates(None).into_iter().map(|w| vec![(0, w)]));
        }
        for (i, &v) in original.iter().enumerate().take(MAX_PROBED_INSTANCES) {
            sets.extend(candidates(Some(v)).into_iter().map(|w| vec![(i as u32, w)]));
        }
        if original.len() > 1 {
            let all = |w: i128| {
                (0..original.len() as u32)
                    .map(|i| (i, w))
                    .collect::<Vec<_>>()
            };
            sets.extend([all(0), all(1)]);
        }
        Some(Probes {
            stmt: info.stmt,
            width,
            sets,
        })
    }

    /// A few distinct values `stmt` (or, for a `return`, any `return` of its function: the
    /// result another branch gives) produced in the failing runs. Gathered once per statement:
    /// `probes`, which went through every failing run's trace at each probe, was 3.7 % of TCAS
    /// v3's run time (102 failing runs).
    fn seen_values(&self, stmt: StmtId) -> Rc<[i128]> {
        if let Some(seen) = self.seen_values.borrow().get(&stmt) {
            return Rc::clone(seen);
        }
        let mut seen: Vec<i128> = Vec::new();
        let siblings = self.return_siblings.get(&stmt);
        let stmts = siblings.map_or(std::slice::from_ref(&stmt), |s| &s[..]);
        // In test order (`traces` is ordered): which values make the cut must not change from
        // one run of Faultline to the next.
        for t in self.traces.values() {
            for e in stmts.iter().flat_map(|&s| t.of(s)) {
                if let [v] = e.values.as_slice() {
                    if !seen.contains(v) && seen.len() < MAX_SEEN_VALUES {
                        seen.push(*v);
                    }
                }
            }
        }
        let seen: Rc<[i128]> = seen.into();
        self.seen_values.borrow_mut().insert(stmt, Rc::clone(&seen));
        seen
    }

    fn passes(&self, test: usize, o: &Overrides) -> bool {
        self.passes_within(test, o, u64::MAX)
    }

    /// Whether `test` passes with `o` substituted within `max_steps` steps.
    fn passes_within(&self, test: usize, o: &Overrides, max_steps: u64) -> bool {
        let (result, _) = self.runner.run_case_within(
            &self.suite.cases[test],
            RunOptions {
                overrides: Some(o),
                ..Default::default()
            },
            max_steps,
        );
        result.status == Status::Passed
    }

    /// The values the `stmts` produce in the (passing) run of `test` with `o` substituted, at
    /// every execution: the angelic values as the formula reports them, the substituted
    /// executions and the ones after them along the new path.
    fn angelic_run(
        &self,
        test: usize,
        stmts: &[(StmtId, u32)],
        o: &Overrides,
    ) -> Option<ReplicaAngelic> {
        // Only the statements asked about are traced (cheaper, and whole on a long run).
        let only: Vec<StmtId> = stmts.iter().map(|&(s, _)| s).collect();
        let (result, run) = self.runner.run_case_with(
            &self.suite.cases[test],
            RunOptions {
                overrides: Some(o),
                record_trace: true,
                trace_only: Some(&only),
                ..Default::default()
            },
        );
        if result.status != Status::Passed {
            return None;
        }
        let trace = run.trace.as_ref()?;
        let mut values = Vec::new();
        for &(stmt, width) in stmts {
            if self.is_output(stmt) {
                // The bytes each execution printed, one per slot.
                for ev in trace.of(stmt) {
                    let bytes = (ev.values.iter().enumerate())
                        .map(|(k, &b)| (k as u32, (b, 8)))
                        .collect();
                    values.push(((stmt, ev.instance), bytes));
                }
                continue;
            }
            for (i, v) in instances(trace, stmt)?.into_iter().enumerate() {
                // A pointer override stays as given: the traced pointer names its object as
                // the interpreter's memory does, which no report can show (`b`, `p + 1`).
                let v = match o.stmt(stmt, i as u32).and_then(|x| x.first().copied()) {
                    Some(x) if faultline_interp::is_pointer_override(x) => x,
                    _ => v,
                };
                values.push(((stmt, i as u32), vec![(0, (v, width))]));
            }
        }
        Some(ReplicaAngelic {
            values,
            ..Default::default()
        })
    }
}

/// Per `return` statement, every `return` of its function (itself included). One shared list
/// per function: a copy per `return` was quadratic (a `switch` of 10^5 `case … return`s
/// asked for 10^10 entries and never got past this).
pub(crate) fn return_siblings(program: &Program) -> HashMap<StmtId, Rc<[StmtId]>> {
    let mut out = HashMap::new();
    for f in &program.functions {
        let mut returns = Vec::new();
        walk_block(&f.body, &mut |s: &Stmt| {
            if matches!(s.kind, StmtKind::Return(Some(_))) {
                returns.push(s.id);
            }
        });
        let shared: Rc<[StmtId]> = returns.into();
        for &r in shared.iter() {
            out.insert(r, Rc::clone(&shared));
        }
    }
    out
}

/// The single value each execution of `stmt` produced, in order; `None` when the statement
/// records several (a `printf`'s arguments, a `scanf`'s targets): those are not probed.
pub(crate) fn instances(trace: &Trace, stmt: StmtId) -> Option<Vec<i128>> {
    let mut by_instance: HashMap<u32, i128> = HashMap::new();
    for e in trace.of(stmt) {
        match e.values.as_slice() {
            [v] => {
                by_instance.insert(e.instance, *v);
            }
            _ => return None,
        }
    }
    let mut out = vec![0; by_instance.len()];
    for (i, v) in by_instance {
        *out.get_mut(i as usize)? = v;
    }
    Some(out)
}

/// Rounder neighbours of `x`, as bit patterns of its format, shortest first: for 1, 2, …
/// significant digits, `x` rounded to nearest and the neighbour on the other side of `x` at
/// that many digits; stops before the digit count that spells `x` itself. None for
/// infinities and NaN.
pub(crate) fn rounder_floats(x: crate::FloatValue) -> Vec<i128> {
    let v = x.as_f64();
    if !v.is_finite() || v == 0.0 {
        return Vec::new();
    }
    let bits = |y: f64| -> Option<i128> {
        if x.single {
            let f = y as f32;
            f.is_finite().then_some(f.to_bits() as i128)
        } else {
            y.is_finite().then_some(y.to_bits() as i128)
        }
    };
    let own = bits(v);
    let mut out: Vec<i128> = Vec::new();
    for digits in 1..=17usize {
        // `d.ddde±x`: Rust rounds the exact binary value to nearest at that precision.
        let text = format!("{:.*e}", digits - 1, v.abs());
        let Some((mantissa, exp)) = text.split_once('e') else {
            break;
        };
        let (Ok(m), Ok(exp)) = (mantissa.replace('.', "").parse::<u64>(), exp.parse::<i32>())
        else {
            break;
        };
        let at = |m: u64| -> Option<f64> {
            let y: f64 = format!("{m}e{}", exp - (digits as i32 - 1)).parse().ok()?;
            Some(if v < 0.0 { -y } else { y })
        };
        let Some(nearest) = at(m) else { break };
        let nearest_bits = bits(nearest);
        if nearest_bits == own {
            break;
        }
        let other = if nearest.abs() < v.abs() {
            m.checked_add(1)
        } else {
            m.checked_sub(1)
        };
        for y in [Some(nearest), other.and_then(at)].into_iter().flatten() {
            if let Some(b) = bits(y) {
                if Some(b) != own && !out.contains(&b) {
                    out.push(b);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod rounding_tests {
    use super::rounder_floats;
    use crate::FloatValue;

    fn texts(x: f64, single: bool) -> Vec<String> {
        let bits = if single {
            (x as f32).to_bits() as u64
        } else {
            x.to_bits()
        };
        rounder_floats(FloatValue { bits, single })
            .into_iter()
            .map(|b| {
                FloatValue {
                    bits: if single { b as u32 as u64 } else { b as u64 },
                    single,
                }
                .text()
            })
            .collect()
    }

    #[test]
    fn shortest_first_then_the_other_side() {
        let t = texts(3.0049999999999986, false);
        assert_eq!(&t[..4], ["3", "4", "3.1", "3.01"]);
        assert!(t.contains(&"3.005".to_string()), "{t:?}");
        // 0.95 rounds to 0.9 at one digit; 1 lies on its other side.
        assert_eq!(&texts(0.95, false)[..2], ["0.9", "1"]);
        assert_eq!(&texts(-2.9950000000000001, false)[..2], ["-3", "-2"]);
        // A value that is already short has nothing rounder.
        assert!(
            texts(2.5, false).iter().all(|t| t.len() <= 1),
            "{:?}",
            texts(2.5, false)
        );
        assert!(texts(10.0, false).is_empty());
        assert!(texts(f64::NAN, false).is_empty());
        // Floats round in their own format.
        assert_eq!(
            texts(f32::from_bits(0.3f32.to_bits() + 1) as f64, true)[0],
            "0.3"
        );
        assert!(texts(0.3, true).is_empty());
    }
}
