//! Joint repairs: one edit at each statement of a diagnosis that blames several (three wrong
//! rates, one per branch), found together when no single edit passes every test.
//!
//! The search is over the product of the statements' candidate edits, so it is pruned before
//! any combination runs, with what the diagnosis already knows: per failing test, which
//! blamed statements run and the values they must produce (its angelic values, [`Needs`]).
//! One run per (edit, test), linear in the candidates where the product is their product:
//!
//! - **drop**: a failing test in which `s` is the only blamed statement that runs must pass
//!   with `s`'s edit alone (the others do not run there, so no joint fix helps it): an edit
//!   under which it fails is no part of any joint fix, and is dropped;
//! - **order**: a failing test in which several run is re-run with the edit made and every
//!   *other* statement producing its angelic values (interpreter overrides). An edit that
//!   fails it gives the test something else than what the angelic values need there; it is
//!   not dropped (another joint fix may need other values of the others: `r = x + 4; r = r *
//!   2` fixed at either line), but tried after those that agree.
//!
//! The kept edits are combined best first (those that agree before those that do not, then
//! by the least plausible edit of the combination, then the summed plausibility:
//! [`JointRepair::order`]), within a budget of combinations, and each is checked as a single
//! edit is (`crate`): the failing tests, then the others, then the edited *text* (every edit
//! applied) compiled again and the whole suite run on it. **Invariant:** as for single edits,
//! a joint repair is reported only when the program compiled from the text with all its edits
//! passes every test.
//!
//! Dropping is exact as long as the edits leave the tests' paths to the blamed statements
//! alone (a test that ran only `s` still runs only `s`); `tests/joint.rs` checks on random
//! programs that the pruned search finds every joint repair the whole product holds.

use std::collections::{BTreeSet, BinaryHeap, HashMap, HashSet};
use std::time::Instant;

use faultline_interp::{Overrides, RunOptions};
use faultline_ir::{FuncId, Program, StmtId};
use faultline_runner::{Runner, Status};

use crate::{apply, ms, Edit, Repair, Searcher};

/// What one failing test needs of the blamed statements: per (statement, dynamic instance),
/// the values (by slot) that execution must produce, as the diagnosis's angelic values say.
#[derive(Clone, Debug, Default)]
pub struct Needs {
    /// Suite index of the failing test.
    pub test: usize,
    pub values: Vec<((StmtId, u32), Vec<i128>)>,
}

/// Several edits, one per statement, under which every test passes together (and not one of
/// them alone: the caller searched those first).
#[derive(Clone, Debug)]
pub struct JointRepair {
    /// One per edited statement, in the order of the statements given.
    pub parts: Vec<Repair>,
    /// Tests run and passed with every edit made (skipped ones aside).
    pub tests_passed: usize,
}

impl JointRepair {
    /// How plausible the joint repair is, on [`Edit::order`]'s scale: as its least plausible
    /// edit (three constants each off by one are as plausible as one; a joint repair with a
    /// guessed constant is a guess).
    pub fn order(&self) -> u32 {
        self.parts.iter().map(|r| r.edit.order()).max().unwrap_or(0)
    }
}

/// Added to the rank of an edit that disagrees with the angelic values: past every edit that
/// agrees ([`Edit::order`] is at most 7).
const DISAGREE: u32 = 8;

/// Bounds of one joint search.
#[derive(Clone, Debug)]
pub struct JointLimits {
    /// Combinations checked at most (each at least one test run).
    pub combinations: usize,
    /// Edits per statement kept for combining (the most plausible that survive the pruning).
    pub per_statement: usize,
    /// Joint repairs kept.
    pub found: usize,
    /// Prune the edits by the angelic values first (off only to test the pruning).
    pub prune: bool,
    /// Go on past the most plausible repairs found (only to test the pruning: by default a
    /// combination less plausible than the first repair found is not tried).
    pub exhaustive: bool,
}

impl Default for JointLimits {
    fn default() -> Self {
        JointLimits {
            combinations: 200,
            per_statement: 8,
            found: 3,
            prune: true,
            exhaustive: false,
        }
    }
}

/// What a joint search did, for timings and tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JointStats {
    /// Candidate edits over all statements, before pruning.
    pub edits: usize,
    /// Edits that survived the pruning (all of them without it).
    pub kept: usize,
    /// Kept edits that disagree with the angelic values (tried last).
    pub disagree: usize,
    /// Combinations checked.
    pub combinations: usize,
}

impl Searcher<'_> {
    /// Joint repairs of `stmts` (each with the constants its angelic values suggest), given
    /// what each failing test needs of them (`needs`, see the module docs). Empty when fewer
    /// than two statements are given, or when one of them has no edit left after pruning.
    pub fn joint_repairs(
        &mut self,
        stmts: &[(StmtId, Vec<i128>)],
        needs: &[Needs],
        limits: &JointLimits,
    ) -> (Vec<JointRepair>, JointStats) {
        let mut stats = JointStats::default();
        if stmts.len() < 2 {
            return (Vec::new(), stats);
        }
        // Each statement's edits, most plausible first, pruned.
        let mut options: Vec<(StmtId, FuncId, Vec<Edit>)> = Vec::with_capacity(stmts.len());
        // Per statement, per kept edit: its rank (plausibility, after the agreeing ones when it
        // disagrees with the angelic values).
        let mut ranks: Vec<Vec<u32>> = Vec::with_capacity(stmts.len());
        for (stmt, hints) in stmts {
            let Some((func, mut edits)) = self.edits_of(*stmt, hints) else {
                return (Vec::new(), stats);
            };
            // An edit run by compiling its text again (a type) would drop the others' IR
            // changes: such edits are single repairs only.
            edits.retain(|e| {
                !matches!(
                    e.change,
                    crate::edits::Change::Recompile | crate::edits::Change::Reshape
                )
            });
            stats.edits += edits.len();
            let kept: Vec<(Edit, bool)> = if limits.prune {
                let others: Vec<StmtId> = stmts.iter().map(|s| s.0).filter(|s| s != stmt).collect();
                self.prune(*stmt, func, edits, needs, &others, limits.per_statement)
            } else {
                edits.into_iter().map(|e| (e, true)).collect()
            };
            stats.kept += kept.len();
            stats.disagree += kept.iter().filter(|(_, agrees)| !agrees).count();
            if kept.is_empty() || self.stopped() {
                return (Vec::new(), stats);
            }
            ranks.push(
                kept.iter()
                    .map(|(e, agrees)| e.order() + if *agrees { 0 } else { DISAGREE })
                    .collect(),
            );
            options.push((*stmt, func, kept.into_iter().map(|(e, _)| e).collect()));
        }

        let mut found: Vec<JointRepair> = Vec::new();
        let mut texts: HashSet<Vec<(u32, String)>> = HashSet::new();
        let mut first_rank = None;
        for combo in BestFirst::new(ranks.clone()) {
            if self.stopped() || stats.combinations >= limits.combinations {
                break;
            }
            if found.len() >= limits.found.max(1) {
                break;
            }
            let edits: Vec<&Edit> = combo
                .iter()
                .zip(&options)
                .map(|(&i, (_, _, e))| &e[i])
                .collect();
            let rank = combo
                .iter()
                .zip(&ranks)
                .map(|(&i, r)| r[i])
                .max()
                .unwrap_or(0);
            // A less plausible joint repair is only worth reporting when no more plausible one
            // passes.
            if !limits.exhaustive && first_rank.is_some_and(|r| r < rank) {
                break;
            }
            if overlap(&edits) {
                continue;
            }
            let key: Vec<(u32, String)> = edits
                .iter()
                .map(|e| (e.span.start, e.after.clone()))
                .collect();
            if !texts.insert(key) {
                continue;
            }
            stats.combinations += 1;
            if let Some(tests_passed) = self.try_joint(&options, &edits) {
                found.push(JointRepair {
                    parts: options
                        .iter()
                        .zip(&edits)
                        .map(|((stmt, _, _), e)| Repair {
                            stmt: *stmt,
                            edit: (*e).clone(),
                            tests_passed,
                        })
                        .collect(),
                    tests_passed,
                });
                first_rank.get_or_insert(rank);
            }
        }
        // Most plausible first (an edit that disagreed may have passed after all).
        found.sort_by_key(JointRepair::order);
        (found, stats)
    }

    /// The edits of `stmt` that may be part of a joint repair (at most `keep`, those that
    /// agree with the angelic values first), each with whether it agrees (module docs).
    fn prune(
        &mut self,
        stmt: StmtId,
        func: FuncId,
        edits: Vec<Edit>,
        needs: &[Needs],
        others: &[StmtId],
        keep: usize,
    ) -> Vec<(Edit, bool)> {
        // Tests that run `stmt` alone of the blamed statements (exact), and the others that
        // run it, with the other statements' angelic values as overrides.
        let mut alone: Vec<usize> = Vec::new();
        let mut together: Vec<(usize, Overrides)> = Vec::new();
        for n in needs {
            if !n.values.iter().any(|((s, _), _)| *s == stmt) {
                continue;
            }
            let mut o = Overrides::new();
            for ((s, instance), values) in &n.values {
                if *s != stmt && others.contains(s) {
                    o.set(*s, *instance, values.clone());
                }
            }
            if o.is_empty() {
                alone.push(n.test);
            } else {
                together.push((n.test, o));
            }
        }
        let mut agreeing = Vec::new();
        let mut disagreeing = Vec::new();
        for edit in edits {
            if agreeing.len() >= keep.max(1) || self.stopped() {
                break;
            }
            let t = Instant::now();
            self.timings.tried += 1;
            let Some(edited) = apply(self.program, func, stmt, &edit) else {
                continue;
            };
            self.timings.generate += ms(t.elapsed());
            let t = Instant::now();
            let runner = Runner::new(&edited, self.suite);
            let run = |test: usize, overrides: Option<&Overrides>| {
                let (result, _) = self.run_counted(
                    &runner,
                    test,
                    RunOptions {
                        overrides,
                        ..Default::default()
                    },
                );
                result.status != Status::Failed
            };
            let possible = alone.iter().all(|&test| run(test, None));
            let agrees = possible && together.iter().all(|(test, o)| run(*test, Some(o)));
            self.timings.check += ms(t.elapsed());
            match (possible, agrees) {
                (true, true) => agreeing.push((edit, true)),
                (true, false) => disagreeing.push((edit, false)),
                _ => {}
            }
        }
        let room = keep.max(1).saturating_sub(agreeing.len());
        agreeing.extend(disagreeing.into_iter().take(room));
        agreeing
    }

    /// Check, validate and confirm one combination: the tests passed when all did.
    fn try_joint(
        &mut self,
        options: &[(StmtId, FuncId, Vec<Edit>)],
        edits: &[&Edit],
    ) -> Option<usize> {
        let t = Instant::now();
        let mut program: Option<Program> = None;
        for ((stmt, func, _), edit) in options.iter().zip(edits) {
            let base = program.as_ref().unwrap_or(self.program);
            program = Some(apply(base, *func, *stmt, edit)?);
        }
        let edited = program?;
        self.timings.generate += ms(t.elapsed());

        if !self.passes_suite(&edited) {
            return None;
        }
        let t = Instant::now();
        let confirmed = self.confirm_all(edits);
        self.timings.confirm += ms(t.elapsed());
        tracing::debug!(
            edits = ?edits.iter().map(|e| (&e.before, &e.after)).collect::<Vec<_>>(),
            confirmed = confirmed.is_some(),
            "joint repair"
        );
        confirmed
    }
}

/// Edits made one at a time, each making more failing tests pass ([`Searcher::stepwise`]).
#[derive(Clone, Debug, Default)]
pub struct Steps {
    /// The edits, in the order they were found: each made at least one more failing test pass
    /// with the earlier ones made, and kept every other test passing.
    pub parts: Vec<Repair>,
    /// Suite indices of the failing tests that still fail: with every part made when that
    /// passes them all, else with the first part alone (see [`Searcher::stepwise`]).
    pub remaining: Vec<usize>,
    /// When no failing test remains: the tests passed by the program compiled from the text
    /// with every part made (a joint repair).
    pub tests_passed: Option<usize>,
    /// When some remain: per statement, how many of them (`.0`) and of the other tests (`.1`)
    /// ran it in the program with the first part made, and the number of other tests (`.2`):
    /// the spectrum of what is left to explain.
    pub spectrum: Option<(Vec<u32>, Vec<u32>, u32)>,
    /// The program `remaining` is relative to: with every part made when no failing test
    /// remains, else with the first part alone. Its runs give the values the edited
    /// statements compute (a diagnosis's values when a formula's solution uses fewer of
    /// the statements).
    pub program: Option<Program>,
}

/// Edits made so far by [`Searcher::stepwise`] and what they leave.
struct Path {
    parts: Vec<Repair>,
    /// Failing tests that still fail.
    remaining: Vec<usize>,
    /// Failing tests the parts made pass.
    fixed: Vec<usize>,
    /// The program with every part made (`None`: the original).
    program: Option<Program>,
}

/// Bounds of [`Searcher::stepwise`].
#[derive(Clone, Debug)]
pub struct StepLimits {
    /// Edits made at most (the faults a program may hold at once).
    pub steps: usize,
    /// Candidate edits tried per statement and step (the most plausible; guesses never).
    pub per_statement: usize,
    /// This search's own deadline, before the searcher's.
    pub deadline: Option<Instant>,
    /// First edits each followed to the end (the rest of a path is greedy).
    pub first_choices: usize,
}

impl Default for StepLimits {
    fn default() -> Self {
        StepLimits {
            steps: 3,
            per_statement: 40,
            deadline: None,
            first_choices: 3,
        }
    }
}

impl Searcher<'_> {
    /// Partial repairs, one statement at a time: several faults in one program each break
    /// some of the failing tests, so no single edit passes them all, and the product of every
    /// statement's edits is too large to search. Instead, at each step the edit of a statement
    /// of `stmts` (not yet edited) that makes the most remaining failing tests pass while
    /// every other test still passes (the most plausible among equals, then the earlier
    /// statement) is made, on top of the earlier steps (the first step's best few are each
    /// followed). Stops when no failing test remains (a joint repair, confirmed on the edited
    /// text as every repair), when no edit makes one more pass, or after
    /// [`StepLimits::steps`]; when some remain, [`Steps::remaining`] and [`Steps::spectrum`]
    /// say what the first edit alone leaves. Guessed constants are never tried: a value a
    /// test needed says nothing about the others.
    pub fn stepwise(&mut self, stmts: &[(StmtId, Vec<i128>)], limits: &StepLimits) -> Steps {
        let mut options: Vec<(StmtId, FuncId, Vec<Edit>)> = Vec::new();
        for (stmt, hints) in stmts {
            let Some((func, mut edits)) = self.edits_of(*stmt, hints) else {
                continue;
            };
            edits.retain(|e| !e.guess && !matches!(e.change, crate::edits::Change::Recompile));
            edits.truncate(limits.per_statement);
            options.push((*stmt, func, edits));
        }
        let start = Path {
            parts: Vec::new(),
            remaining: self.failing.clone(),
            fixed: Vec::new(),
            program: None,
        };
        // The first step is the likeliest to be wrong (a neighbour that happens to pass more
        // tests than the fix does): each of its best few edits is followed to the end, and
        // the path that leaves fewest failing tests wins (the earlier one among equals).
        let mut best: Option<Path> = None;
        for first in self.next_steps(&options, &start, limits, limits.first_choices) {
            let mut path = first;
            for _ in 1..limits.steps {
                if path.remaining.is_empty() {
                    break;
                }
                let Some(next) = self.next_steps(&options, &path, limits, 1).pop() else {
                    break;
                };
                path = next;
            }
            if best
                .as_ref()
                .is_none_or(|b| path.remaining.len() < b.remaining.len())
            {
                let done = path.remaining.is_empty();
                best = Some(path);
                if done {
                    break;
                }
            }
        }
        let Some(path) = best else {
            return Steps {
                remaining: self.failing.clone(),
                ..Default::default()
            };
        };
        let done = path.remaining.is_empty();
        let mut steps = Steps {
            parts: path.parts,
            remaining: path.remaining,
            program: path.program.filter(|_| done),
            ..Default::default()
        };
        if steps.remaining.is_empty() {
            let t = Instant::now();
            let made: Vec<&Edit> = steps.parts.iter().map(|p| &p.edit).collect();
            steps.tests_passed = self.confirm_all(&made);
            self.timings.confirm += ms(t.elapsed());
            if let Some(n) = steps.tests_passed {
                for p in &mut steps.parts {
                    p.tests_passed = n;
                }
            }
        } else if let Some(first) = steps.parts.first() {
            // What the later steps left is less certain than what the first one did (it made
            // the most tests pass; a later one may pass a test for the wrong reason): the
            // caller explains the tests the first edit alone leaves failing.
            let program = (self.funcs.get(&first.stmt))
                .and_then(|&func| apply(self.program, func, first.stmt, &first.edit));
            if let Some(program) = program {
                steps.remaining = (self.failing.iter().copied())
                    .filter(|t| self.passing_of(&program, &[*t]).is_empty())
                    .collect();
                steps.spectrum = self.spectrum(&program, &steps.remaining, limits);
                steps.program = Some(program);
            }
        }
        steps
    }

    /// The best `keep` edits to make after `path` (module docs of [`Searcher::stepwise`]):
    /// of a statement not edited yet, making the most of the remaining failing tests pass,
    /// then the most plausible, then the earlier statement, and keeping every other test
    /// passing; each as the path it extends.
    fn next_steps(
        &mut self,
        options: &[(StmtId, FuncId, Vec<Edit>)],
        path: &Path,
        limits: &StepLimits,
        keep: usize,
    ) -> Vec<Path> {
        let out_of_time =
            |s: &Self| s.stopped() || limits.deadline.is_some_and(|d| Instant::now() >= d);
        let made: Vec<&Edit> = path.parts.iter().map(|p| &p.edit).collect();
        let base = path.program.as_ref().unwrap_or(self.program);
        // (tests made to pass, plausibility, statement), statement and edit, the tests.
        type Found = (
            (std::cmp::Reverse<usize>, u32, usize),
            usize,
            usize,
            Vec<usize>,
        );
        let mut found: Vec<Found> = Vec::new();
        for (pos, (stmt, func, edits)) in options.iter().enumerate() {
            if path.parts.iter().any(|p| p.stmt == *stmt) {
                continue;
            }
            for (k, edit) in edits.iter().enumerate() {
                if out_of_time(self) {
                    break;
                }
                if overlap(&[made.as_slice(), &[edit]].concat()) {
                    continue;
                }
                let t = Instant::now();
                self.timings.tried += 1;
                let Some(edited) = apply(base, *func, *stmt, edit) else {
                    continue;
                };
                self.timings.generate += ms(t.elapsed());
                let t = Instant::now();
                let fixed = self.passing_of(&edited, &path.remaining);
                self.timings.check += ms(t.elapsed());
                if !fixed.is_empty() {
                    let key = (std::cmp::Reverse(fixed.len()), edit.order(), pos);
                    found.push((key, pos, k, fixed));
                }
            }
        }
        found.sort_by(|a, b| a.0.cmp(&b.0));
        let mut out = Vec::new();
        for (_, pos, k, fixed) in found {
            if out.len() >= keep.max(1) || out_of_time(self) {
                break;
            }
            let (stmt, func, edits) = &options[pos];
            let Some(edited) = apply(base, *func, *stmt, &edits[k]) else {
                continue;
            };
            // Every other test, the ones earlier steps made pass included, still passes.
            let t = Instant::now();
            let others: Vec<usize> = (self.passing.iter().chain(&path.fixed)).copied().collect();
            let kept = self.passing_of(&edited, &others).len() == others.len();
            self.timings.validate += ms(t.elapsed());
            if !kept {
                continue;
            }
            let mut next = Path {
                parts: path.parts.clone(),
                remaining: path.remaining.clone(),
                fixed: path.fixed.clone(),
                program: Some(edited),
            };
            next.parts.push(Repair {
                stmt: *stmt,
                edit: edits[k].clone(),
                tests_passed: 0,
            });
            next.remaining.retain(|t| !fixed.contains(t));
            next.fixed.extend(fixed);
            out.push(next);
        }
        out
    }

    /// The tests of `tests` that `program` passes (skipped ones count as passing).
    fn passing_of(&self, program: &Program, tests: &[usize]) -> Vec<usize> {
        let runner = Runner::new(program, self.suite);
        (tests.iter().copied())
            .filter(|&t| {
                let (result, _) = self.run_counted(&runner, t, RunOptions::default());
                result.status != Status::Failed
            })
            .collect()
    }

    /// Per statement, the tests of `failing` and the other tests whose runs of `program`
    /// executed it, and the number of other tests; `None` when the time ran out.
    fn spectrum(
        &self,
        program: &Program,
        failing: &[usize],
        limits: &StepLimits,
    ) -> Option<(Vec<u32>, Vec<u32>, u32)> {
        let runner = Runner::new(program, self.suite);
        let n = program.stmt_count as usize;
        let (mut ef, mut ep, mut passed) = (vec![0u32; n], vec![0u32; n], 0u32);
        for i in 0..self.suite.cases.len() {
            if self.stopped() || limits.deadline.is_some_and(|d| Instant::now() >= d) {
                return None;
            }
            let (result, run) = self.run_counted(
                &runner,
                i,
                RunOptions {
                    record_coverage: true,
                    ..Default::default()
                },
            );
            let Some(coverage) = run.coverage else {
                continue;
            };
            let fails = failing.contains(&i);
            if result.status == Status::Skipped {
                continue;
            }
            if !fails {
                passed += 1;
            }
            let counts = if fails { &mut ef } else { &mut ep };
            for stmt in coverage.covered() {
                if let Some(c) = counts.get_mut(stmt.index()) {
                    *c += 1;
                }
            }
        }
        Some((ef, ep, passed))
    }
}

/// Whether two of the edits touch overlapping text (the same `#define` reached from two
/// statements, say): they cannot both be made.
fn overlap(edits: &[&Edit]) -> bool {
    edits.iter().enumerate().any(|(i, a)| {
        edits[i + 1..].iter().any(|b| {
            a.span.file == b.span.file && a.span.start < b.span.end && b.span.start < a.span.end
        })
    })
}

/// The text of every file with `edits` made (each file's edits from its end backwards, so
/// that earlier ranges stay where they were). `None` when an edit's range no longer reads
/// what it replaces, or two overlap.
pub fn edited_texts(program: &Program, edits: &[&Edit]) -> Option<HashMap<String, String>> {
    let mut files: HashMap<String, String> = program
        .files
        .iter()
        .map(|(_, f)| (f.path.clone(), f.text.to_string()))
        .collect();
    if overlap(edits) {
        return None;
    }
    let by_file: BTreeSet<_> = edits.iter().map(|e| e.span.file).collect();
    for file in by_file {
        let mut mine: Vec<&&Edit> = edits.iter().filter(|e| e.span.file == file).collect();
        mine.sort_by_key(|e| std::cmp::Reverse(e.span.start));
        let path = program.files.get(file).path.clone();
        let mut text = files.get(&path)?.clone();
        for e in mine {
            let (start, end) = (e.span.start as usize, e.span.end as usize);
            if text.get(start..end)? != e.before {
                return None;
            }
            text.replace_range(start..end, &e.after);
        }
        files.insert(path, text);
    }
    Some(files)
}

/// The index combinations of a product of lists sorted by plausibility, best first: by the
/// least plausible member, then the summed plausibility, then the summed indices. Each list
/// is sorted by [`Edit::order`], so a successor (one index one further) never sorts before
/// what it follows, and a heap with a visited set yields the product in order.
struct BestFirst {
    orders: Vec<Vec<u32>>,
    heap: BinaryHeap<std::cmp::Reverse<((u32, u32, usize), Vec<usize>)>>,
    seen: HashSet<Vec<usize>>,
}

impl BestFirst {
    /// `orders`: per list, its members' ranks, ascending.
    fn new(orders: Vec<Vec<u32>>) -> Self {
        let mut b = BestFirst {
            orders,
            heap: BinaryHeap::new(),
            seen: HashSet::new(),
        };
        if b.orders.iter().all(|o| !o.is_empty()) {
            b.push(vec![0; b.orders.len()]);
        }
        b
    }

    fn push(&mut self, combo: Vec<usize>) {
        if !self.seen.insert(combo.clone()) {
            return;
        }
        let orders = combo.iter().zip(&self.orders).map(|(&i, o)| o[i]);
        let key = (
            orders.clone().max().unwrap_or(0),
            orders.sum(),
            combo.iter().sum(),
        );
        self.heap.push(std::cmp::Reverse((key, combo)));
    }
}

impl Iterator for BestFirst {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        let std::cmp::Reverse((_, combo)) = self.heap.pop()?;
        for k in 0..combo.len() {
            if combo[k] + 1 < self.orders[k].len() {
                let mut next = combo.clone();
                next[k] += 1;
                self.push(next);
            }
        }
        Some(combo)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The product comes out sorted by its key, every combination once.
    #[test]
    fn best_first_yields_the_whole_product_in_order() {
        let orders = vec![vec![1, 1, 6, 7], vec![2, 6], vec![1, 3, 3]];
        let all: Vec<Vec<usize>> = BestFirst::new(orders.clone()).collect();
        assert_eq!(all.len(), 4 * 2 * 3);
        let key = |c: &Vec<usize>| {
            let o: Vec<u32> = c.iter().zip(&orders).map(|(&i, o)| o[i]).collect();
            (*o.iter().max().unwrap(), o.iter().sum::<u32>())
        };
        assert!(all.windows(2).all(|w| key(&w[0]) <= key(&w[1])));
        let distinct: HashSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), all.len());
    }
}
