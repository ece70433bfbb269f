//! Repairs of the diagnoses (`faultline-repair`) and the ranking they give.
//!
//! After the enumeration, every blamed statement gets a repair search (small edits of what was
//! written, each validated by re-running every test on the edited source). Then the
//! statements every failing test's must-location set holds are searched too, within a budget:
//! a condition guarding much code costs 1 + everything it guards, so the cost-ordered
//! enumeration can stop long before it, though one token fixes it. A statement with a repair
//! that no diagnosis has alone becomes a diagnosis of its own once its angelic values validate
//! (as every diagnosis); the diagnoses that contain it are then no longer subset-minimal and
//! are dropped.
//!
//! A diagnosis that blames several statements, none of which one edit repairs alone, gets a
//! joint search (`faultline_repair::combine`): one edit per statement, the product of their
//! edits pruned by the diagnosis's angelic values, validated as a whole. It is one repair.
//!
//! Ranking: diagnoses with a validated repair first (the smallest edit first, then cost), then
//! the others by cost; within equal standing, as before (size, summed Naish-I). A joint
//! repair is as plausible as its least plausible edit, so statements set to the constants a
//! test needed (a guess at each sink) rank after every logic repair, and neighbours of what
//! was written (`rate = 3` → `rate = 4` at three rates) rank as one such edit.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::time::Instant;

use faultline_ir::StmtId;
use faultline_repair::{JointLimits, JointRepair, Limits, Needs, Repair, Searcher};
use faultline_runner::{Status, TestResult};
use faultline_ssa::ComponentId;

use crate::report::{RepairEdit, Report, Timings};
use crate::validate::Validation;
use crate::{Candidate, Ctx};

/// The repair search's work ([`Searcher::work`]: about 10 s on one idle core), never past
/// the budget: work, not time, so that what is found does not depend on the machine's load.
pub(crate) const REPAIR_WORK: u64 = 400_000_000;
/// Must-set statements searched beyond the diagnoses' own.
pub(crate) const MUST_STATEMENTS: usize = 40;
/// Repairs kept per statement (a repair is a suggestion: a few are listed).
pub(crate) const PER_STATEMENT: usize = 3;
/// A run of an edited program may take this many times the longest run of the original
/// program (plus a margin) before it counts as failing: an edit that loops forever must not
/// cost the suite's whole step limit per test.
const STEP_FACTOR: u64 = 4;
const STEP_MARGIN: u64 = 10_000;

/// The steps a run of an edited program may take: [`STEP_FACTOR`] times the longest run of
/// the original program that ended by itself, plus [`STEP_MARGIN`], within the suite's limit.
pub(crate) fn rerun_steps(results: &[TestResult], limit: u64) -> u64 {
    let longest = results
        .iter()
        .filter(|r| r.status != Status::Skipped && r.steps < limit)
        .map(|r| r.steps)
        .max()
        .unwrap_or(0);
    longest
        .saturating_mul(STEP_FACTOR)
        .saturating_add(STEP_MARGIN)
        .min(limit)
}

/// Multi-statement diagnoses given a joint search (the first ones, in enumeration order).
const JOINT_DIAGNOSES: usize = 5;
/// Statements a joint repair edits at most (the product grows with each).
const JOINT_STATEMENTS: usize = 4;

/// Repairs found: of single statements, and joint ones of a diagnosis's statements.
#[derive(Default)]
pub(crate) struct Repairs {
    pub single: HashMap<StmtId, Vec<Repair>>,
    pub joint: HashMap<BTreeSet<ComponentId>, Vec<JointRepair>>,
    /// Statements whose edits, made one at a time, each make more failing tests pass and
    /// keep the others passing, though not all of them ([`Ctx::search_stepwise`]): a
    /// diagnosis blaming them all ranks before the other unrepaired ones.
    pub partial: BTreeSet<ComponentId>,
    /// With `partial`: per component, its Naish-I over the program with those edits made,
    /// the failing tests being the ones they leave failing (what is left to explain).
    pub rest_suspicion: HashMap<ComponentId, f64>,
    /// The validated diagnoses `partial` with one more statement: a diagnosis that is one of
    /// them without `partial` (that statement alone explains every failing test) ranks with
    /// them, before them when it costs less (one fault is likelier than two).
    pub completed: HashSet<BTreeSet<ComponentId>>,
    /// Statement sets whose joint repair the step-by-step search found: with edits enough,
    /// a few tests can be passed by accident, so a diagnosis of some of its statements ranks
    /// just before it (one fault is likelier than several).
    pub stepped: HashSet<BTreeSet<ComponentId>>,
}

/// Statements the step-by-step search tries (the diagnoses' and the must sets' first ones).
const STEP_STATEMENTS: usize = 24;
/// The step-by-step search's share of the work (about 2 s on one idle core).
const STEP_WORK: u64 = 80_000_000;
/// Whether diagnoses completing a partial repair rank before the other unrepaired ones.
const PARTIAL_TIER: bool = false;
/// Failing tests the first step-by-step edit must make pass for its completions to rank in
/// the tier.
const FIRST_EDIT_PASSES: usize = 2;
/// Completions kept (the most suspicious rest first): each ranks before every unrepaired
/// diagnosis, so a first edit that passed a test by accident moves a single fault down by
/// at most this many places.
const COMPLETIONS_KEPT: usize = 2;
/// Statements tried as the one that explains the failing tests the steps leave failing.
const STEP_COMPLETIONS: usize = 8;

impl Ctx<'_> {
    /// Searches repairs for the statements of `candidates` and then of the failing tests'
    /// common must-set, adds the must-set statements that have a repair as diagnoses of their
    /// own, and returns the repairs by statement.
    pub(crate) fn search_repairs(
        &self,
        candidates: &mut Vec<(Candidate, Vec<usize>)>,
        must: &HashMap<usize, Vec<ComponentId>>,
        results: &[TestResult],
        report: &mut Report,
        timings: &mut Timings,
    ) -> Repairs {
        let limit = self.suite.limits.max_steps;
        // The budget is the safety net; the work bound decides.
        let deadline = (self.budget.remaining()).map(|r| Instant::now() + r);
        let mut searcher = Searcher::new(
            self.program,
            self.suite,
            &self.failing,
            Limits {
                max_steps: rerun_steps(results, limit),
                max_work: Some(REPAIR_WORK),
                deadline,
                cancel: self.budget.cancel_flag(),
                per_statement: PER_STATEMENT,
            },
        );
        self.budget.phase(crate::Phase::Repairing);

        // The diagnoses' statements, in rank order, each with the values its angelic values
        // suggest as constants.
        let mut order: Vec<(ComponentId, Vec<i128>)> = Vec::new();
        let mut queued = HashSet::new();
        for (c, _) in candidates.iter() {
            for &id in &c.blamed {
                if queued.insert(id) {
                    order.push((id, self.hints(c, id)));
                    if let Some(info) = self.components.get(id) {
                        searcher.note_needed(info.stmt, self.needed(c, id));
                    }
                }
            }
        }
        // Then the statements every failing test's must set holds (one statement fixing all
        // of them must be in each), most suspicious first.
        let mut common: Option<BTreeSet<ComponentId>> = None;
        for t in &self.failing {
            if let Some(m) = must.get(t).filter(|m| !m.is_empty()) {
                let m: BTreeSet<ComponentId> = m.iter().copied().collect();
                common = Some(match common {
                    None => m,
                    Some(c) => c.intersection(&m).copied().collect(),
                });
            }
        }
        let mut extra: Vec<ComponentId> = common
            .unwrap_or_default()
            .into_iter()
            .filter(|c| !queued.contains(c))
            .filter(|c| {
                // Changing what a test read is no repair.
                self.components
                    .get(*c)
                    .is_some_and(|i| i.kind != faultline_ir::Component::Input)
            })
            .collect();
        self.ranker.by_suspicion(&mut extra);
        extra.truncate(MUST_STATEMENTS);
        order.extend(extra.into_iter().map(|c| (c, Vec::new())));
        // A `switch` case falling through into the next one (a missing `break`) is repaired
        // at its last statement, whose value no diagnosis blames (the next case overwrites
        // it): searched when the switch or a later case's statement is.
        let mut ends = Vec::new();
        for (id, _) in &order {
            let Some(info) = self.components.get(*id) else {
                continue;
            };
            for stmt in faultline_repair::fall_through_ends(self.program, info.stmt) {
                if let Some(c) = self.components.of_stmt(stmt) {
                    if queued.insert(c) {
                        ends.push((c, Vec::new()));
                    }
                }
            }
        }
        order.extend(ends);
        let pool = order.clone();

        let mut repairs = Repairs::default();
        let mut repaired: Vec<ComponentId> = Vec::new();
        // What the search before the enumeration found (long runs) is not searched again.
        let early = std::mem::take(&mut *self.early.borrow_mut());
        for (stmt, found) in early.found {
            repairs.single.insert(stmt, found);
        }
        for (id, hints) in order {
            if searcher.stopped() {
                break;
            }
            let Some(info) = self.components.get(id) else {
                continue;
            };
            // Short runs search a diagnosis's statement again with its values as constants
            // (cheap; the guessed constants order sinks among themselves, as before the
            // search before the enumeration ran on short runs too).
            let long = self.longest_failing >= crate::early::LONG_RUN_STEPS;
            if early.searched.contains(&info.stmt) && (long || hints.is_empty()) {
                continue;
            }
            let found = searcher.repairs(info.stmt, &hints);
            if !found.is_empty() {
                repaired.push(id);
                repairs.single.insert(info.stmt, found);
            }
        }
        self.search_joint(&mut searcher, candidates, &mut repairs);
        let stepped = self.search_stepwise(&mut searcher, candidates, &pool, must, &mut repairs);
        timings.repair = searcher.timings;
        timings.repair.generate += early.timings.generate;
        timings.repair.check += early.timings.check;
        timings.repair.validate += early.timings.validate;
        timings.repair.confirm += early.timings.confirm;
        timings.repair.tried += early.timings.tried;

        // A repaired statement no diagnosis blames alone is a diagnosis of its own.
        let mut added = stepped;
        for id in repaired {
            let single: BTreeSet<ComponentId> = [id].into();
            if candidates.iter().any(|(c, _)| c.blamed == single) || self.budget.cancelled() {
                continue;
            }
            let found = (self.components.get(id)).and_then(|i| repairs.single.get(&i.stmt));
            // The values the repaired statement computes in each failing run (validated as
            // any diagnosis): what a long run's formula, too large to build, would have
            // found.
            let repaired = || {
                (found?.iter())
                    .find_map(|r| self.repaired_candidate(id, &searcher.edited_program(r)?))
            };
            let retyped = || self.retyped_candidate(id, found?);
            if let Some(c) = self.single_candidate(id).or_else(repaired).or_else(retyped) {
                candidates.retain(|(d, _)| !d.blamed.is_superset(&single));
                candidates.push((c, self.failing.clone()));
                added = true;
            }
        }
        if added && candidates.len() > self.max {
            // The ranking decides which ones the limit keeps.
            self.rank_repaired(candidates, &repairs, must);
            candidates.truncate(self.max);
            report.stop_at_limit();
        }
        repairs
    }

    /// Joint repairs of the first multi-statement diagnoses that no single edit repairs
    /// (validated, changing no input, with every angelic value at hand: they prune the search).
    fn search_joint(
        &self,
        searcher: &mut Searcher<'_>,
        candidates: &[(Candidate, Vec<usize>)],
        repairs: &mut Repairs,
    ) {
        let searched = candidates.iter().filter(|(c, _)| {
            (2..=JOINT_STATEMENTS).contains(&c.blamed.len())
                && c.validated
                && !self.ranker.changes_input(c)
                && !c.angelic.is_empty()
                && c.angelic.iter().all(|(_, a)| a.omitted == 0)
                && self.best_single(c, repairs).is_none()
        });
        let searched: Vec<&Candidate> = searched.take(JOINT_DIAGNOSES).map(|(c, _)| c).collect();
        for c in searched {
            if searcher.stopped() {
                break;
            }
            let Some(stmts) = c
                .blamed
                .iter()
                .map(|&id| Some((self.components.get(id)?.stmt, self.hints(c, id))))
                .collect::<Option<Vec<_>>>()
            else {
                continue;
            };
            let needs: Vec<Needs> = c
                .angelic
                .iter()
                .map(|(test, a)| Needs {
                    test: *test,
                    values: a
                        .values
                        .iter()
                        .map(|(k, slots)| (*k, crate::formula::slot_values(slots)))
                        .collect(),
                })
                .collect();
            let (mut found, stats) =
                searcher.joint_repairs(&stmts, &needs, &JointLimits::default());
            tracing::debug!(?stats, found = found.len(), "joint repair search");
            // A joint repair that only sets each statement to a value a test needed (every
            // edit a guess) says what the angelic values say: it is no repair, and the
            // diagnosis ranks as one without (the sink rule: [`Ctx::literal_only`]).
            found.retain(|j| !j.parts.iter().all(|p| p.edit.guess));
            if !found.is_empty() {
                repairs.joint.insert(c.blamed.clone(), found);
            }
        }
    }

    /// When no diagnosis has a repair: several faults, each breaking some of the failing
    /// tests (`faultline_repair::Searcher::stepwise`). The statements of the diagnoses and of
    /// the must sets (`pool`) are edited one at a time, each edit making more failing tests
    /// pass and keeping the others passing. When every failing test passes in the end, the
    /// edited statements are a diagnosis with that joint repair; when some still fail, the
    /// first edited statement with each statement of the must sets of the tests it leaves
    /// failing (most suspicious first in those tests, with the edit made) that makes a
    /// validated diagnosis is a diagnosis, ranked before the other unrepaired ones
    /// (`Repairs::partial`). Such a diagnosis may contain a smaller one: one
    /// statement can absorb every failing test with a different value per test, and only the
    /// edits say that two statements are wrong. Returns whether a diagnosis was added.
    fn search_stepwise(
        &self,
        searcher: &mut Searcher<'_>,
        candidates: &mut Vec<(Candidate, Vec<usize>)>,
        pool: &[(ComponentId, Vec<i128>)],
        must: &HashMap<usize, Vec<ComponentId>>,
        repairs: &mut Repairs,
    ) -> bool {
        // Only when no statement searched has a repair of its own (a must-set statement with
        // one becomes a diagnosis after this).
        if searcher.stopped()
            || self.budget.cancelled()
            || !repairs.single.is_empty()
            || (candidates.iter()).any(|(c, _)| self.best_repair(c, repairs).is_some())
        {
            return false;
        }
        let not_input = |id: &ComponentId| {
            self.components
                .get(*id)
                .is_some_and(|i| i.kind != faultline_ir::Component::Input)
        };
        // Then the statements of any failing test's must set, those more of them hold first:
        // faults that break different tests (two functions, each wrong) share no statement
        // every failing run depends on, and each step only has to pass some of the tests.
        let mut wider: Vec<ComponentId> = Vec::new();
        for t in &self.failing {
            for &id in must.get(t).into_iter().flatten() {
                if !wider.contains(&id) {
                    wider.push(id);
                }
            }
        }
        self.ranker.by_suspicion(&mut wider);
        let holding = |id: &ComponentId| {
            (self.failing.iter())
                .filter(|t| must.get(t).is_some_and(|m| m.contains(id)))
                .count()
        };
        wider.sort_by_key(|id| std::cmp::Reverse(holding(id)));
        let wider = wider.into_iter().map(|id| (id, Vec::new()));
        let mut seen = HashSet::new();
        let stmts: Vec<(StmtId, Vec<i128>)> = (pool.iter().cloned().chain(wider))
            .filter(|(id, _)| not_input(id))
            .filter_map(|(id, hints)| Some((self.components.get(id)?.stmt, hints)))
            .filter(|(stmt, _)| seen.insert(*stmt))
            .take(STEP_STATEMENTS)
            .collect();
        // Its own share of work, within the whole search's.
        let whole = searcher.max_work();
        let share = searcher.work.get().saturating_add(STEP_WORK);
        searcher.set_max_work(Some(whole.map_or(share, |w| w.min(share))));
        let steps = searcher.stepwise(&stmts, &faultline_repair::StepLimits::default());
        searcher.set_max_work(whole);
        tracing::debug!(
            parts = steps.parts.len(),
            remaining = steps.remaining.len(),
            complete = steps.tests_passed.is_some(),
            edits = ?steps.parts.iter().map(|p| (&p.edit.before, &p.edit.after)).collect::<Vec<_>>(),
            "step-by-step repair search"
        );
        let Some(parts) = (steps.parts.iter())
            .map(|p| self.components.of_stmt(p.stmt))
            .collect::<Option<BTreeSet<ComponentId>>>()
        else {
            return false;
        };
        if parts.is_empty() {
            return false;
        }
        let mut added = false;
        if steps.remaining.is_empty() {
            let Some(tests_passed) = steps.tests_passed else {
                return false;
            };
            if parts.len() == 1 {
                // One edit after all (a statement the single search did not reach).
                repairs
                    .single
                    .insert(steps.parts[0].stmt, steps.parts.clone());
                if !candidates.iter().any(|(c, _)| c.blamed == parts) {
                    if let Some(c) = self.validated_set(&parts) {
                        candidates.push((c, self.failing.clone()));
                        added = true;
                    }
                }
                return added;
            }
            repairs.stepped.insert(parts.clone());
            repairs.joint.insert(
                parts.clone(),
                vec![JointRepair {
                    parts: steps.parts.clone(),
                    tests_passed,
                }],
            );
            if !candidates.iter().any(|(c, _)| c.blamed == parts) {
                // The formula's values for the set may leave some of its statements
                // unchanged (one of them absorbs every failing test alone): then the values
                // the repaired statements compute, validated as any.
                let repaired = || {
                    let angelic =
                        self.edited_values(&parts, steps.program.as_ref()?, &self.failing)?;
                    self.validated_values(&parts, angelic)
                };
                // Long runs build no formula where the edited runs answer (`early`).
                let long = self.longest_failing >= crate::early::LONG_RUN_STEPS;
                let found = match long {
                    true => repaired().or_else(|| self.validated_set(&parts)),
                    false => self.validated_set(&parts).or_else(repaired),
                };
                if let Some(c) = found {
                    candidates.push((c, self.failing.clone()));
                    added = true;
                }
            }
            return added;
        }
        // A first edit that passes one failing test may pass it by accident (a neighbour of
        // the fault, or a statement the wrong value reaches): the tier asks for two.
        let passed_by_first = self.failing.len() - steps.remaining.len();
        // Completions are found by formulas, which long runs do without (`early`).
        let long = self.longest_failing >= crate::early::LONG_RUN_STEPS;
        if !PARTIAL_TIER || passed_by_first < FIRST_EDIT_PASSES || long {
            return added;
        }
        // The first edit is the surest (it made the most failing tests pass): what it leaves
        // failing is explained by one more statement, from those tests' must sets.
        let Some(parts) = (steps.parts.first())
            .and_then(|p| self.components.of_stmt(p.stmt))
            .map(|id| BTreeSet::from([id]))
        else {
            return false;
        };
        repairs.partial = parts.clone();
        let mut rest: Vec<ComponentId> = Vec::new();
        for t in &steps.remaining {
            for &id in must.get(t).into_iter().flatten() {
                if !parts.contains(&id) && !rest.contains(&id) && not_input(&id) {
                    rest.push(id);
                }
            }
        }
        if let Some((ef, ep, passed)) = &steps.spectrum {
            let failed = steps.remaining.len() as f64;
            for &id in &rest {
                let Some(info) = self.components.get(id) else {
                    continue;
                };
                let (f, p) = (
                    ef.get(info.stmt.index()).copied().unwrap_or(0) as f64,
                    ep.get(info.stmt.index()).copied().unwrap_or(0) as f64,
                );
                // Naish-I: failing runs that ran it, less the passing ones (a fraction).
                let naish = if f < failed {
                    -1.0
                } else {
                    p.mul_add(-1.0 / (f64::from(*passed) + 1.0), f)
                };
                repairs.rest_suspicion.insert(id, naish);
            }
        }
        self.ranker.by_suspicion(&mut rest);
        // Most suspicious of what is left first (a stable sort: ties as the whole spectrum
        // orders them).
        rest.sort_by(|a, b| {
            let s = |id| repairs.rest_suspicion.get(id).copied().unwrap_or(f64::MIN);
            s(b).total_cmp(&s(a))
        });
        let mut tried = 0;
        for id in rest {
            if tried >= STEP_COMPLETIONS
                || repairs.completed.len() >= COMPLETIONS_KEPT
                || self.budget.cancelled()
                || searcher.stopped()
            {
                break;
            }
            let mut blamed = parts.clone();
            blamed.insert(id);
            if candidates.iter().any(|(c, _)| c.blamed == blamed) {
                repairs.completed.insert(blamed);
                continue;
            }
            tried += 1;
            let completion = || self.completion(&parts, id, &steps);
            if let Some(c) = completion().or_else(|| self.validated_set(&blamed)) {
                candidates.push((c, self.failing.clone()));
                repairs.completed.insert(blamed);
                added = true;
            }
        }
        added
    }

    /// `blamed` as a validated diagnosis, when its angelic values for every failing test are
    /// found and validate.
    fn validated_set(&self, blamed: &BTreeSet<ComponentId>) -> Option<Candidate> {
        if blamed.len() == 1 {
            return self.single_candidate(*blamed.first()?);
        }
        let mut angelic = Vec::with_capacity(self.failing.len());
        for &test in &self.failing {
            match self.explain_limited(blamed, test) {
                Ok(Some(Some(a))) => angelic.push((test, a)),
                _ => return None,
            }
        }
        // A statement no failing test needs changed could be dropped: not a diagnosis.
        let needed = blamed.iter().all(|&id| {
            self.components.get(id).is_some_and(|info| {
                (angelic.iter()).any(|(_, a)| a.values.iter().any(|((s, _), _)| *s == info.stmt))
            })
        });
        if !needed || self.validator.run(&angelic) != Validation::Passed {
            return None;
        }
        Some(Candidate::validated(
            self.ranker.cost(blamed),
            blamed.clone(),
            angelic,
        ))
    }

    /// The first step-by-step edit's statement (`first`) with `rest` as a validated
    /// diagnosis, its values what the two faults need: in the failing tests that edit made
    /// pass, the values the edited statement computes (`Steps::program`); in the others, the
    /// values `rest` alone needs (with the edited statement as written), or failing that,
    /// the two together. The formula's values for the pair may leave one of them unchanged
    /// (either can absorb every failing test alone), which says nothing of two faults.
    fn completion(
        &self,
        first: &BTreeSet<ComponentId>,
        rest: ComponentId,
        steps: &faultline_repair::Steps,
    ) -> Option<Candidate> {
        let edited = steps.program.as_ref()?;
        let fixed: Vec<usize> = (self.failing.iter())
            .filter(|t| !steps.remaining.contains(t))
            .copied()
            .collect();
        let mut angelic: HashMap<usize, crate::formula::ReplicaAngelic> = self
            .edited_values(first, edited, &fixed)?
            .into_iter()
            .collect();
        let alone: BTreeSet<ComponentId> = [rest].into();
        let mut blamed = first.clone();
        blamed.insert(rest);
        for &test in &steps.remaining {
            let a = match self.explain_limited(&alone, test) {
                Ok(Some(Some(a))) => a,
                _ => match self.explain_limited(&blamed, test) {
                    Ok(Some(Some(a))) => a,
                    _ => return None,
                },
            };
            // `rest` must be needed where the edit did not reach.
            let info = self.components.get(rest)?;
            if !a.values.iter().any(|((s, _), _)| *s == info.stmt) {
                return None;
            }
            angelic.insert(test, a);
        }
        let angelic = (self.failing.iter())
            .map(|t| Some((*t, angelic.remove(t)?)))
            .collect::<Option<Vec<_>>>()?;
        self.validated_values(&blamed, angelic)
    }

    /// `blamed` as a diagnosis with the angelic values `angelic` (one per failing test), when
    /// they validate.
    fn validated_values(
        &self,
        blamed: &BTreeSet<ComponentId>,
        angelic: Vec<(usize, crate::formula::ReplicaAngelic)>,
    ) -> Option<Candidate> {
        if angelic.len() != self.failing.len() || self.validator.run(&angelic) != Validation::Passed
        {
            return None;
        }
        Some(Candidate::validated(
            self.ranker.cost(blamed),
            blamed.clone(),
            angelic,
        ))
    }

    /// `{id}` as a validated diagnosis, when its angelic values for every failing test are
    /// found and validate.
    fn single_candidate(&self, id: ComponentId) -> Option<Candidate> {
        let blamed: BTreeSet<ComponentId> = [id].into();
        let mut angelic = Vec::with_capacity(self.failing.len());
        for &test in &self.failing {
            match self.explain_limited(&blamed, test) {
                Ok(Some(Some(a))) => angelic.push((test, a)),
                _ => return None,
            }
        }
        if self.validator.run(&angelic) != Validation::Passed {
            return None;
        }
        Some(Candidate::validated(
            self.ranker.cost(&blamed),
            blamed,
            angelic,
        ))
    }

    /// The integer values the angelic values of `c` give statement `id` (a few distinct ones):
    /// constants worth trying there.
    fn hints(&self, c: &Candidate, id: ComponentId) -> Vec<i128> {
        let Some(info) = self.components.get(id) else {
            return Vec::new();
        };
        if info.kind.is_condition() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (_, a) in &c.angelic {
            if let Some(values) = a.by_stmt().get(&info.stmt) {
                for &(_, _, v, _, _) in values {
                    if !out.contains(&v) && out.len() < 3 {
                        out.push(v);
                    }
                }
            }
        }
        out
    }

    /// What statement `id` computed and what `c`'s angelic values need, per execution of the
    /// failing runs (`(was, needed)`, `was` the needed value where it did not differ), for a
    /// statement of one value: a literal in it may be solved from them
    /// (`Searcher::note_needed`).
    fn needed(&self, c: &Candidate, id: ComponentId) -> Vec<(i128, i128)> {
        let Some(info) = self.components.get(id) else {
            return Vec::new();
        };
        if info.kind.is_condition() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (_, a) in &c.angelic {
            if a.omitted > 0 {
                return Vec::new();
            }
            for &(_, slot, v, _, was) in a.by_stmt().get(&info.stmt).into_iter().flatten() {
                if slot != 0 {
                    return Vec::new();
                }
                out.push((was.unwrap_or(v), v));
            }
        }
        out
    }

    /// The most plausible repair of a candidate (its [`faultline_repair::Edit::order`]), one
    /// of its statements' or a joint one, if any.
    fn best_repair(&self, c: &Candidate, repairs: &Repairs) -> Option<u32> {
        let joint = repairs.joint.get(&c.blamed).into_iter().flatten();
        self.best_single(c, repairs)
            .into_iter()
            .chain(joint.map(JointRepair::order))
            .min()
    }

    /// The most plausible single-statement repair of a candidate's statements.
    fn best_single(&self, c: &Candidate, repairs: &Repairs) -> Option<u32> {
        c.blamed
            .iter()
            .filter_map(|&id| self.components.get(id))
            .filter_map(|info| repairs.single.get(&info.stmt))
            .flatten()
            .map(|r| r.edit.order())
            .min()
    }

    /// Ranks diagnoses with a repair first (the most plausible edit, then cost), then the
    /// others by cost; ties by must-set membership (the failing tests whose must-location set
    /// holds a blamed statement: a statement every failing run depended on is a likelier fault
    /// than one only some did), then as [`crate::ranker::Ranker::rank`] breaks them (size, summed Naish-I).
    /// Returns, per diagnosis in the new order, the rule that put it before the next one
    /// (`Diagnosis::ranked_by`; `None` for the last).
    pub(crate) fn rank_repaired(
        &self,
        candidates: &mut [(Candidate, Vec<usize>)],
        repairs: &Repairs,
        must: &HashMap<usize, Vec<ComponentId>>,
    ) -> Vec<Option<&'static str>> {
        self.ranker.rank(candidates);
        // Stable: equal keys keep the order `rank` gave them.
        candidates.sort_by(|(a, _), (b, _)| {
            let (ka, kb) = (
                self.rank_key(a, repairs, must),
                self.rank_key(b, repairs, must),
            );
            if ka.0 == 1 && kb.0 == 1 {
                // Both complete the step-by-step edits: the more suspicious rest first.
                let order = self
                    .rest_suspicion(b, repairs)
                    .total_cmp(&self.rest_suspicion(a, repairs));
                if order != std::cmp::Ordering::Equal {
                    return order;
                }
            }
            let order = ka.cmp(&kb);
            if order != std::cmp::Ordering::Equal || self.best_repair(a, repairs).is_none() {
                return order;
            }
            self.repaired_tie(a, b)
        });
        // Equally plausible repairs of two statements where the later one's repair reads
        // another variable instead of the one the earlier statement assigns: that repair
        // routes around the earlier statement's value (which the edit leaves unread) rather
        // than changing what is computed; the statement that computes the wrong value comes
        // first: it moves to just before the first such reader. One forward pass (a pairwise
        // rule, so not part of the sort).
        // The first diagnosis of some of a step-by-step joint repair's statements moves to
        // just before it (`Repairs::stepped`). One forward pass over the sorted list.
        let mut i = 0;
        while i < candidates.len() {
            if repairs.stepped.contains(&candidates[i].0.blamed) {
                let subset = (i + 1..candidates.len()).find(|&j| {
                    let (a, b) = (&candidates[i].0.blamed, &candidates[j].0.blamed);
                    b.len() < a.len() && b.is_subset(a)
                });
                if let Some(j) = subset {
                    candidates[i..=j].rotate_right(1);
                    i += 1;
                }
            }
            i += 1;
        }
        let mut bypassed = vec![false; candidates.len()];
        for i in 0..candidates.len() {
            let a = &candidates[i].0;
            if self.best_repair(a, repairs).is_none() {
                continue;
            }
            let key = self.rank_key(a, repairs, must);
            let writer = (i + 1..candidates.len())
                .take_while(|&j| self.rank_key(&candidates[j].0, repairs, must) == key)
                .find(|&j| self.routes_around(&candidates[j].0, a, repairs));
            if let Some(j) = writer {
                candidates[i..=j].rotate_right(1);
                bypassed[i] = true;
            }
        }
        (0..candidates.len())
            .map(|i| {
                let (a, _) = &candidates[i];
                let (b, _) = candidates.get(i + 1)?;
                if bypassed[i] {
                    return Some("the other's repair only routes around this statement's value");
                }
                let (ka, kb) = (
                    self.rank_key(a, repairs, must),
                    self.rank_key(b, repairs, must),
                );
                let stepped_after = repairs.stepped.contains(&b.blamed)
                    && a.blamed.len() < b.blamed.len()
                    && a.blamed.is_subset(&b.blamed);
                Some(if stepped_after {
                    "fewer statements: the next one's repair of several edits may pass by accident"
                } else if ka.0 != kb.0 && ka.0 == 0 {
                    "a validated repair"
                } else if ka.0 != kb.0 {
                    "edits of its statements, one at a time, make some failing tests pass"
                } else if ka.0 == 1
                    && self.rest_suspicion(a, repairs) != self.rest_suspicion(b, repairs)
                {
                    "suspicion (Naish-I) in the tests those edits leave failing"
                } else if ka.0 >= 1 {
                    if ka.1 != kb.1 {
                        "changes logic rather than a test's input or one literal"
                    } else {
                        "cost, then suspicion (Naish-I)"
                    }
                } else if ka.1 != kb.1 {
                    "a more plausible repair"
                } else if ka.2 != kb.2 {
                    "cost"
                } else if ka.3 != kb.3 {
                    "must-set membership"
                } else if a.blamed.len() != b.blamed.len() {
                    "fewer statements"
                } else if self.suspicion_sum(a) != self.suspicion_sum(b) {
                    "suspicion (Naish-I)"
                } else {
                    "the later statement (a smaller change of what the program computes)"
                })
            })
            .collect()
    }

    /// The ranking key of [`Ctx::rank_repaired`]: repaired first (by the most plausible
    /// edit, cost, then must-set membership), the others keep `rank`'s order except that
    /// input changes and diagnoses blaming one literal statement come after the rest.
    fn rank_key(
        &self,
        c: &Candidate,
        repairs: &Repairs,
        must: &HashMap<usize, Vec<ComponentId>>,
    ) -> (u8, u32, u64, std::cmp::Reverse<usize>) {
        let in_must = self
            .failing
            .iter()
            .filter(|t| {
                must.get(t)
                    .is_some_and(|m| c.blamed.iter().any(|id| m.contains(id)))
            })
            .count();
        match self.best_repair(c, repairs) {
            Some(size) => (0u8, size, c.cost, std::cmp::Reverse(in_must)),
            None => (
                if self.completes_partial(c, repairs) {
                    1
                } else {
                    2
                },
                2 * u32::from(self.ranker.changes_input(c)) + u32::from(self.literal_only(c)),
                0,
                std::cmp::Reverse(0),
            ),
        }
    }

    /// Whether `c` is the statement the step-by-step search edited first, one of its kept
    /// completions, or one of the diagnoses completing it without it (`Repairs::completed`).
    /// Not any other diagnosis that holds the edited statement: a first edit that passed a
    /// test by accident would otherwise lift every such set past a single fault.
    fn completes_partial(&self, c: &Candidate, repairs: &Repairs) -> bool {
        if !PARTIAL_TIER || repairs.partial.is_empty() {
            return false;
        }
        c.blamed == repairs.partial
            || repairs
                .completed
                .contains(&c.blamed.union(&repairs.partial).copied().collect())
    }

    /// The Naish-I of what `c` blames beyond the step-by-step edits, over the runs those
    /// edits leave failing (`Repairs::rest_suspicion`; the least of them).
    fn rest_suspicion(&self, c: &Candidate, repairs: &Repairs) -> f64 {
        (c.blamed.iter())
            .filter(|id| !repairs.partial.contains(id))
            .map(|id| repairs.rest_suspicion.get(id).copied().unwrap_or(f64::MIN))
            .reduce(f64::min)
            // Nothing beyond the edited statement: it explains every failing test alone (one
            // fault, the likeliest).
            .unwrap_or(f64::MAX)
    }

    fn suspicion_sum(&self, c: &Candidate) -> f64 {
        c.blamed.iter().map(|&id| self.ranker.suspicion(id)).sum()
    }

    /// Two repaired diagnoses of equal key: fewer statements, more suspicious, then the later
    /// statement first. An earlier statement's value flows on to every later use of it, so a
    /// one-token edit there that passes every test changes more of what the program computes
    /// than one at the statement that reads the value; prefer the smaller change.
    fn repaired_tie(&self, a: &Candidate, b: &Candidate) -> std::cmp::Ordering {
        // Where the last blamed statement is written.
        let last = |c: &Candidate| {
            c.blamed
                .iter()
                .filter_map(|&id| self.components.get(id))
                .map(|i| (i.span.file, i.span.start))
                .max()
        };
        a.blamed
            .len()
            .cmp(&b.blamed.len())
            .then(self.suspicion_sum(b).total_cmp(&self.suspicion_sum(a)))
            .then(last(b).cmp(&last(a)))
    }

    /// Whether `b` (one statement, written after `a`'s one statement in the same function)
    /// has among its most plausible repairs an edit that reads another variable in place of
    /// the one `a` assigns, while `a`'s own repair writes another variable: both say that
    /// `a`'s value should not reach that read, and `a`'s repair says it where it is written
    /// (`b`'s avoids the value rather than fixing it). When `a`'s repair changes what it
    /// reads instead, the wrong value may as well be `b`'s read, and the order stays.
    fn routes_around(&self, a: &Candidate, b: &Candidate, repairs: &Repairs) -> bool {
        use faultline_ir::StmtKind;
        let one = |c: &Candidate| {
            let mut it = c.blamed.iter();
            match (it.next(), it.next()) {
                (Some(&id), None) => self.components.get(id),
                _ => None,
            }
        };
        let (Some(ia), Some(ib)) = (one(a), one(b)) else {
            return false;
        };
        let Some(StmtKind::Assign { place, .. }) = self.ranker.stmts.get(&ia.stmt).map(|s| &s.kind)
        else {
            return false;
        };
        if ia.span.file != ib.span.file || ia.span.start >= ib.span.start {
            return false;
        }
        let assigned = self.program.files.text(place.span);
        let best = |found: &[Repair]| found.iter().map(|r| r.edit.order()).min();
        // `a`'s own repair writes another variable: its value should not reach the read.
        let Some(found_a) = repairs.single.get(&ia.stmt) else {
            return false;
        };
        let best_a = best(found_a);
        let writes_another = (found_a.iter())
            .filter(|r| Some(r.edit.order()) == best_a)
            .any(|r| {
                r.edit.kind == faultline_repair::EditKind::Variable
                    && r.edit.span.start == place.span.start
                    && r.edit.before == assigned
            });
        if !writes_another {
            return false;
        }
        let Some(found) = repairs.single.get(&ib.stmt) else {
            return false;
        };
        let best = best(found);
        let mut best_edits = found.iter().filter(|r| Some(r.edit.order()) == best);
        best_edits.any(|r| {
            r.edit.kind == faultline_repair::EditKind::Variable
                && r.edit.before == assigned
                && r.edit.span.start >= ib.span.start
                && r.edit.span.end <= ib.span.end
        })
    }

    /// Whether every statement `c` blames computes a literal (`return 1`, `found = 0`; `fi =
    /// -1` and `fj = -1`) or passes a literal to a call (`f(x, 1)`): sinks. Their only edits are other constants, which the repair search
    /// tried with the values the angelic values asked for (jointly for several: a neighbour of
    /// each, `rate = 3` → `4` at three rates, is a repair that ranks); when none passes every
    /// test but guessed values (the value they must produce differs between runs, or it is
    /// just the expected output), the wrong value comes from what chose to reach the
    /// statements, so such a diagnosis without a repair ranks after the unrepaired ones that
    /// blame logic.
    fn literal_only(&self, c: &Candidate) -> bool {
        use faultline_ir::{ExprKind, StmtKind, UnOp};
        let literal = |e: &faultline_ir::Expr| {
            let mut e = e;
            loop {
                match &e.kind {
                    ExprKind::Const(_) => return true,
                    ExprKind::Cast(a) | ExprKind::Unary(UnOp::Neg, a) => e = a,
                    _ => return false,
                }
            }
        };
        // Their constant edits to every value the angelic values asked for were tried, for
        // several statements by the joint search (a set it searches: at most
        // `JOINT_STATEMENTS`).
        (1..=JOINT_STATEMENTS).contains(&c.blamed.len())
            && c.blamed.iter().all(|&id| {
                let Some(info) = self.components.get(id) else {
                    return false;
                };
                let stmt = self.ranker.stmts.get(&info.stmt).map(|s| &s.kind);
                match (info.kind, stmt) {
                    (
                        faultline_ir::Component::Assign | faultline_ir::Component::Return,
                        Some(StmtKind::Return(Some(e))),
                    ) => literal(e),
                    (
                        faultline_ir::Component::Assign | faultline_ir::Component::Return,
                        Some(StmtKind::Assign { place, value }),
                    ) => place.indices.is_empty() && literal(value),
                    // A user call's literal argument (`f(x, 1)`).
                    (faultline_ir::Component::Argument, Some(StmtKind::Assign { value, .. })) => {
                        literal(value)
                    }
                    _ => false,
                }
            })
    }

    /// The report's repairs of a candidate: each statement's, smallest edit first.
    pub(crate) fn describe_repairs(&self, c: &Candidate, repairs: &Repairs) -> Vec<RepairEdit> {
        let mut all: Vec<&Repair> = c
            .blamed
            .iter()
            .filter_map(|&id| self.components.get(id))
            .filter_map(|info| repairs.single.get(&info.stmt))
            .flatten()
            .collect();
        all.sort_by_key(|r| r.edit.order());
        // One edit found from two statements (a `#define` both use) is one repair.
        let mut seen = HashSet::new();
        all.retain(|r| seen.insert((r.edit.span, r.edit.after.clone())));
        let mut out: Vec<(u32, RepairEdit)> = all
            .into_iter()
            .filter_map(|r| Some((r.edit.order(), self.repair_edit(r)?)))
            .collect();
        for j in repairs.joint.get(&c.blamed).into_iter().flatten() {
            if let Some(e) = self.joint_edit(j) {
                out.push((j.order(), e));
            }
        }
        // Stable: single edits before a joint one of the same plausibility.
        out.sort_by_key(|(order, _)| *order);
        out.into_iter().map(|(_, e)| e).collect()
    }

    /// Names each statement of `d` (the description of `c`) that spans several lines by the
    /// line of its best repair's edit, when that edit lies on one line inside it: users and
    /// benchmarks name a fault by the line of what is wrong (`c == 'e'` on the second line
    /// of a two-line condition, a `printf` argument on the line after the call), not by the
    /// line the statement starts on. The statement's `line` and range become the edit's;
    /// its `text` stays the statement's. Statements without such a repair keep their range
    /// (an argument's own component already starts on its line).
    pub(crate) fn name_edited_lines(
        &self,
        c: &Candidate,
        repairs: &Repairs,
        d: &mut crate::report::Diagnosis,
    ) {
        let joint = (repairs.joint.get(&c.blamed))
            .and_then(|j| j.first())
            .map(|j| j.parts.iter().collect::<Vec<_>>())
            .unwrap_or_default();
        let mut renamed = false;
        for &id in &c.blamed {
            let Some(info) = self.components.get(id) else {
                continue;
            };
            let best = (repairs.single.get(&info.stmt).into_iter().flatten())
                .min_by_key(|r| r.edit.order())
                .or_else(|| joint.iter().copied().find(|r| r.stmt == info.stmt));
            let Some(edit) = best.map(|r| &r.edit) else {
                continue;
            };
            let (whole, at) = (info.span, edit.span);
            // The `;` that ends an `if (…);` above the statement is where the fault is
            // written: the diagnosis names the header's line; likewise a `case` label below
            // the `switch (…)` whose arm selection is the statement.
            let outside = matches!(
                edit.kind,
                faultline_repair::EditKind::EmptyBody | faultline_repair::EditKind::CaseLabel
            );
            if !outside && (at.file != whole.file || at.start < whole.start || at.end > whole.end) {
                continue;
            }
            let was = self.program.files.locate(whole);
            let now = self.program.files.locate(at);
            if now.start.line != now.end.line || now.start.line == was.start.line {
                continue;
            }
            let Some(s) = (d.statements.iter_mut()).find(|s| {
                s.path == was.path && s.line == was.start.line && s.column == was.start.column
            }) else {
                continue;
            };
            s.line = now.start.line;
            s.column = now.start.column;
            s.end_line = now.end.line;
            s.end_column = now.end.column;
            renamed = true;
        }
        if renamed {
            (d.statements)
                .sort_by(|a, b| (&a.path, a.line, a.column).cmp(&(&b.path, b.line, b.column)));
        }
    }

    /// A joint repair as one [`RepairEdit`]: its edits in `edits`, in the order of the text;
    /// the top-level range and text are the first edit's, so that a reader of those fields
    /// alone sees where it starts (and `edits` says the rest).
    fn joint_edit(&self, j: &JointRepair) -> Option<RepairEdit> {
        let mut parts: Vec<RepairEdit> = j
            .parts
            .iter()
            .map(|r| self.repair_edit(r))
            .collect::<Option<_>>()?;
        parts.sort_by(|a, b| (&a.path, a.start_byte).cmp(&(&b.path, b.start_byte)));
        let least = j.parts.iter().max_by_key(|r| r.edit.order())?;
        let mut top = parts.first()?.clone();
        top.tests_passed = j.tests_passed;
        top.kind = least.edit.kind;
        top.plausibility = least.edit.plausibility().to_string();
        for p in &mut parts {
            p.tests_passed = j.tests_passed;
        }
        top.edits = parts;
        Some(top)
    }

    /// The repair as a replacement of the blamed statement's text (or of the deleted lines).
    fn repair_edit(&self, r: &Repair) -> Option<RepairEdit> {
        let stmt = self.ranker.stmts.get(&r.stmt)?;
        let info = self
            .components
            .of_stmt(r.stmt)
            .and_then(|id| self.components.get(id));
        let edit = &r.edit;
        let shown = info.map_or(stmt.span, |i| i.span);
        let file = self.program.files.get(edit.span.file);
        let apart = shown.file != edit.span.file
            || edit.span.end <= shown.start
            || edit.span.start >= shown.end;
        // The statement's range, grown to cover the edit; an edit elsewhere (a macro's
        // `#define`) is shown on its own line.
        let (start, end) = if !apart {
            (
                shown.start.min(edit.span.start),
                shown.end.max(edit.span.end),
            )
        } else {
            let text = &*file.text;
            let (from, to) = (edit.span.start as usize, edit.span.end as usize);
            let line_start = text.get(..from)?.rfind('\n').map_or(0, |i| i + 1);
            let line_end = text.get(to..)?.find('\n').map_or(text.len(), |i| to + i);
            if edit.after.is_empty() {
                (edit.span.start, edit.span.end)
            } else {
                (line_start as u32, line_end as u32)
            }
        };
        let before = file.text.get(start as usize..end as usize)?.to_string();
        let after = format!(
            "{}{}{}",
            file.text.get(start as usize..edit.span.start as usize)?,
            edit.after,
            file.text.get(edit.span.end as usize..end as usize)?
        );
        // Shown as the declaration when the statement is a declarator (`const char *p = s`).
        let declarator = !apart && matches!(stmt.kind, faultline_ir::StmtKind::Assign { .. });
        let shown = |text: &str, tidy: bool| {
            let spec = declarator
                .then(|| crate::shown::declaration_specifiers(&file.text, start as usize))
                .flatten();
            let text = if tidy {
                crate::shown::tidy_code(text)
            } else {
                crate::shown::collapse(text)
            };
            match spec {
                Some(spec) if !text.is_empty() => format!("{spec} {text}"),
                _ => text,
            }
        };
        let (shown_before, shown_after) = (shown(&before, false), shown(&after, true));
        let range = faultline_ir::Span::new(edit.span.file, start, end);
        let loc = self.program.files.locate(range);
        Some(RepairEdit {
            path: loc.path,
            line: loc.start.line,
            column: loc.start.column,
            end_line: loc.end.line,
            end_column: loc.end.column,
            before,
            after,
            tests_passed: r.tests_passed,
            kind: edit.kind,
            plausibility: edit.plausibility().to_string(),
            changes_statement: edit.changes_more_than_its_value(),
            shown_before,
            shown_after,
            start_byte: start,
            end_byte: end,
            edits: Vec::new(),
        })
    }
}
