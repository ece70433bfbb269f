//! The joint diagnosis as implicit hitting sets (MaxHS-style): the same weighted partial MaxSAT
//! problem as the joint formula (a replica per failing test, health literals shared), solved
//! without ever putting two replicas, or a cardinality encoding, into one SAT solver.
//!
//! The replicas share nothing but the health literals, so the optimization can live in a small
//! problem over the components alone:
//!
//! 1. *Cores*: sets of components of which every diagnosis blames at least one. The first ones
//!    come for free: each failing test's must-location set (or executed components).
//! 2. *Hitting set*: a cheapest set of components `H` that blames one of every core and is no
//!    superset of an accepted diagnosis (a MaxSAT problem with one variable per component,
//!    kept in one incremental [`Lexicographic`] solver, so it takes milliseconds).
//! 3. *Check* `H` against each failing test, relaxing only `H`: first with a replica in which
//!    only `H` is relaxed (it folds to almost nothing; one that does not, over the size limit
//!    of [`CANDIDATE_CHECK_MAX_VARS`], is skipped), and for a test that rejects `H`
//!    with the test's full replica, kept in an incremental SAT solver (an [`Oracle`]),
//!    assuming every component outside `H` healthy. Unsatisfiable: the failed assumptions are
//!    a new core, which `H` misses, so `H` never comes back. Satisfiable for every test: `H`
//!    is a diagnosis, with the angelic values of those models.
//!
//! Full replicas are parametric: the test's data (the numbers it passes and expects) are
//! free values, fixed by assuming one literal per test. Tests whose replicas are the same
//! formula up to those values then share one loaded solver ([`LoadedReplica`]; see
//! [`DEDICATED_REPLICAS`] for when they do): every failing test of TCAS, and in general tests
//! that pass as many arguments and read and print numbers of the same layout (the positions
//! at which `scanf` reads stay constants, so numbers of other lengths before a later read
//! make another formula).
//!
//! Why the result equals the joint formula's: `H` is a cheapest hitting set of *some* cores,
//! so no diagnosis costs less; once every test accepts it, it is optimal. Accepted diagnoses
//! are blocked with their supersets, so the next hitting set is the cheapest diagnosis not yet
//! found, and every diagnosis is subset-minimal (a proper subset would be cheaper, unblocked,
//! and found first). When no hitting set is left, the enumeration is complete.
//!
//! Full replicas are only built for tests that reject a hitting set, and the tests that rejected
//! most recently are asked first, so (as with the lazy joint formula) a few replicas serve all
//! tests. Relaxing more components only explains more, so a test that a component of `H`
//! explains alone, or some of its components together (known from earlier checks and
//! probes, [`Ctx::known_explanation`]), accepts `H` without a check; otherwise the
//! interpreter probes pairs of `H`'s members, then re-runs the test with the values that
//! repaired other tests with members of `H` changed ([`Ctx::probe_transfer`]), before any
//! replica is asked. Where tests fail alike, most of a diagnosis's tests are accepted so: on
//! TCAS v1 (54 failing tests) the first 250 diagnoses took 139 s before and 71 s after
//! (medians).
//!
//! A check on a full replica assumes the components healthy in the order of
//! [`assumption_order`] (the last executed first), and the oracle keeps the previous check's
//! trail up to the first assumption that changed.
//!
//! When the cheapest hitting set costs more than any before (3 or more), every cheaper
//! diagnosis is known, and [`Ctx::covered_sets`] first accepts the sets of that cost whose
//! members explain every test one at a time; the hitting sets go on from there.
//!
//! A check on a full replica that needs more conflicts than [`CheckLimits::full`] is abandoned
//! for the candidate-only replica's answer (which excludes the set alone); when that needs more
//! than [`CheckLimits::folded`] too the set is skipped undecided
//! ([`crate::answers::Answers::skip`]): blocked here, never reported, nor any superset, and
//! counted in [`Report::undecided`] (the report is then incomplete). Full replicas are freed on
//! a thread of their own ([`crate::freeing`]).
//!
//! [`CheckLimits::full`]: crate::CheckLimits::full
//! [`CheckLimits::folded`]: crate::CheckLimits::folded
//!
//! Before the hitting sets, the pair pass ([`crate::cheap`]) goes through the pairs of weight-1
//! components directly: on TCAS most cost-2 diagnoses are two components each of which
//! explains some of the tests alone, and a pair needs a joint check only on the tests neither
//! explains. Pairs it rejects are handed to the hitting sets as refuted.

use std::collections::{BTreeSet, HashMap};
use std::time::Instant;

/// What one step of the hitting-set search costs against the fill window
/// ([`crate::early::REST_AFTER_REPAIRED`]), in the proportions of their usual times: an
/// interpreter probe (about a millisecond), a check on a loaded full replica (tens), a
/// formula built or solved from scratch (a candidate-only replica, a full one loaded:
/// hundreds). A formula's costs grow with its size up to these: one of
/// [`FILL_VARS_PER_UNIT`] variables or fewer costs 1, like a probe (a small program's
/// formulas take milliseconds).
const FILL_PROBE: u64 = 1;
const FILL_CHECK: u64 = 4;
const FILL_FORMULA: u64 = 16;
const FILL_VARS_PER_UNIT: u64 = 10_000;

/// The charge of a step on a formula of `vars` variables, at most `cap`.
fn fill_units(vars: u32, cap: u64) -> u64 {
    (1 + u64::from(vars) / FILL_VARS_PER_UNIT).min(cap)
}

use faultline_maxsat::{Check, Instance, Lexicographic, Oracle, SoftId, SolveError, SolveOptions};
use faultline_ssa::{ComponentId, Param, Replica, SymexOptions, TermStore};
use rustsat::types::{Clause, Lit};

use crate::formula::{Encoded, ReplicaAngelic};
use crate::validate::Validation;
use crate::{ms, Candidate, Ctx, DiagnoseError, Phase, Report, Timings};

/// A candidate-only replica with more variables than this is not solved where a cheaper
/// answer exists: relaxing a statement early in the run leaves most of it symbolic. The pair
/// pass leaves such a pair to the hitting sets (undecided), whose cores exclude such pairs
/// many at a time (TCAS v3: six such checks, of 20-50 k variables, took 0.5 s, twice as much
/// as the other 93 together); the hitting sets go straight to the test's full replica, which
/// answers with a core (`gcd_euclid`: a 45 k-variable full replica loaded in 30 ms where
/// candidate-only replicas took 0.4-2.3 s each). Once a full replica exists, the hitting sets
/// use half its size as the limit instead (see [`Ctx::check_hitting_set`]).
pub(crate) const CANDIDATE_CHECK_MAX_VARS: u32 = 20_000;

/// The first tests to need a full replica get one loaded for them alone; later ones join a
/// loaded replica with the same formula (the one standing for the fewest tests) if there is
/// one. Loading a TCAS replica takes 0.3-0.8 s, joining one about as long as a check; but
/// a test's checks on a replica that other tests' checks ran on take their own course (the
/// solver's learnt clauses and variable order are the others' too), and on TCAS v3, where
/// only two tests ever need one, the second joining the first made 47 checks of 32.
const DEDICATED_REPLICAS: usize = 2;

/// Hitting sets are proposed most suspicious first (among equally cheap ones) only when at
/// most this many diagnoses are left to the limit.
const PREFER_WITHIN: usize = 64;

/// The covered-sets pass draws its sets of up to three from at most this many components (the
/// triples grow with the cube).
const MAX_COVERED_MEMBERS: usize = 250;

/// A full replica (every component relaxable) loaded into its own SAT solver. It is built
/// parametric (see [`SymexOptions::parametric`]), so it answers for every failing test whose
/// replica has the same formula, with that test's data assumed: on TCAS every failing test
/// has the same formula, and a replica took 0.3-0.8 s to load.
struct LoadedReplica {
    enc: Encoded,
    oracle: Oracle,
    /// Per parameter of the replica, the SAT literals of its bits (least significant first).
    param_bits: Vec<Vec<Lit>>,
    /// How many tests it stands for.
    tests: usize,
}

impl LoadedReplica {
    /// The components of a core of the replica.
    fn core(&self, core: &[SoftId]) -> Vec<ComponentId> {
        core.iter()
            .filter_map(|&s| self.enc.formula.component_of(s))
            .collect()
    }

    /// If `replica` (of some test) has the same formula as this one (see
    /// [`Replica::same_formula`]): the literals that fix the parameters to its data.
    fn fixing(&self, replica: &Replica, store: &TermStore) -> Option<Vec<Lit>> {
        let (_, mine) = self.enc.replicas.first()?;
        mine.same_formula(&self.enc.store, replica, store)
            .then(|| self.fixed(&replica.params))
    }

    /// The literals that fix the parameters to these values.
    fn fixed(&self, params: &[Param]) -> Vec<Lit> {
        let mut fixed = Vec::new();
        for (bits, p) in self.param_bits.iter().zip(params) {
            for (k, &l) in bits.iter().enumerate() {
                fixed.push(if (p.value >> k) & 1 == 1 { l } else { !l });
            }
        }
        fixed
    }

    fn vars(&self) -> u32 {
        self.enc.formula.stats().vars
    }
}

/// One failing test's full replica: the loaded replica that stands for it, and what to
/// assume for the test.
struct TestOracle {
    /// Index into [`Search::loaded`].
    loaded: usize,
    /// The test's data: a literal that fixes the parameters of the loaded replica to the
    /// test's values (see [`Oracle::activation`]); empty when it has none.
    fixed: Vec<Lit>,
    /// The replica's softs in the order a check assumes them (see [`assumption_order`]).
    order: Vec<(ComponentId, SoftId)>,
}

/// The order in which a full replica's checks assume components healthy: those the failing
/// run never executed first, then the executed ones, the last executed first. The first call
/// (every component healthy) decides them in this order, and later calls keep its trail up to
/// the first component that is no longer assumed (see [`Oracle::check`]).
///
/// Measured on TCAS v3 (102 failing tests, the checks that exhaust cost 2): 28 checks on full
/// replicas, 1.1 s in all, median 30 ms. With the components of the test's earlier cores
/// first, as before: 35 checks, 2.6 s, median 50 ms (45 checks with the kept trail, which then
/// ignores that order). With the first executed first: 43 checks, 3.3 s. Without the kept
/// trail, in this order: 27 checks, median 43 ms. Why it helps is a guess: the components of
/// a hitting set tend to run early (a wrong value is computed before it spoils the output),
/// so they are assumed last, after the longest part of the trail that the next check keeps.
fn assumption_order(
    softs: impl Iterator<Item = (ComponentId, SoftId)>,
    components: &faultline_ssa::Components,
    trace: Option<&faultline_interp::Trace>,
) -> Vec<(ComponentId, SoftId)> {
    let mut first_run: HashMap<faultline_ir::StmtId, usize> = HashMap::new();
    for (k, e) in trace.into_iter().flat_map(|t| t.events.iter()).enumerate() {
        first_run.entry(e.stmt).or_insert(k);
    }
    let mut order: Vec<(ComponentId, SoftId)> = softs.collect();
    order.sort_by_key(|&(c, _)| {
        let first = (components.get(c))
            .and_then(|i| first_run.get(&i.stmt).copied())
            .unwrap_or(usize::MAX);
        std::cmp::Reverse((first, c))
    });
    order
}

/// The state of the hitting-set search.
struct Search {
    sets: HittingSets,
    /// Full replicas loaded into solvers, each standing for the tests of one formula.
    loaded: Vec<LoadedReplica>,
    /// Full replicas of the tests that rejected a hitting set, by suite index.
    oracles: HashMap<usize, TestOracle>,
    /// The highest cost at which [`Ctx::covered_sets`] has run.
    covered_upto: u64,
    /// Variables of the largest full replica built so far (see [`CANDIDATE_CHECK_MAX_VARS`]).
    full_vars: Option<u32>,
}

/// A hitting set being checked, test by test.
#[derive(Clone, Copy)]
struct Proposal<'p> {
    set: &'p BTreeSet<ComponentId>,
    /// The tests that accepted it so far, with their angelic values: tried on the next test
    /// before its check (see [`Ctx::probe_transfer`]).
    explained: &'p [(usize, ReplicaAngelic)],
}

/// What checking a hitting set against one test showed.
enum Verdict {
    /// The test passes with the components of the set changed to these angelic values.
    Explained(ReplicaAngelic),
    /// It does not: every diagnosis blames one of these components (none is in the set).
    Core(Vec<ComponentId>),
    /// It does not, and the full replica took too long to say why: the set alone is
    /// excluded.
    Refuted,
    /// Neither the full nor the folded replica answered within its [`CheckLimits`]: the set
    /// is skipped with its supersets (they are blocked as if it were a diagnosis, so none
    /// of them can be reported as one while the set itself might be).
    ///
    /// [`CheckLimits`]: crate::CheckLimits
    Undecided,
}

/// The cores and blocked diagnoses found so far, over the components that may be blamed, and
/// the MaxSAT problem they make, in one incremental solver ([`Lexicographic`]) for the whole
/// search: the problem only ever gains clauses. (Rebuilt for every proposal, with the
/// preference folded into the weights, it took 150-230 ms per proposal at 300 cores on TCAS
/// v1: 62 of 180 s.)
struct HittingSets {
    /// The components that can be blamed, most suspicious first (variable order).
    universe: Vec<ComponentId>,
    var_of: HashMap<ComponentId, u32>,
    /// Per variable: "component is healthy", softly wanted with the component's weight.
    lits: Vec<Lit>,
    softs: Vec<SoftId>,
    solver: Lexicographic,
    cores: Vec<Vec<ComponentId>>,
    blocked: Vec<Vec<ComponentId>>,
    /// Sets known not to be diagnoses, excluded exactly (their supersets may still be).
    refuted: Vec<Vec<ComponentId>>,
    /// The solver's first failure to take a clause.
    failed: Option<SolveError>,
}

impl HittingSets {
    /// `universe` in order of suspicion, most suspicious first. Among equally cheap sets the
    /// most suspicious is proposed first: the one with the smallest sum of positions in
    /// `universe`. (Sets that are diagnoses come sooner, and within the limit the most
    /// suspicious are kept, as the cost-1 pre-pass does.) `opts` bound the solver's whole
    /// life.
    fn new(
        universe: Vec<ComponentId>,
        weight: impl Fn(ComponentId) -> u64,
        opts: &SolveOptions,
    ) -> Result<Self, SolveError> {
        let var_of = universe
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, i as u32))
            .collect();
        let mut inst = Instance::new();
        let lits: Vec<Lit> = universe.iter().map(|_| inst.new_lit()).collect();
        let softs = universe
            .iter()
            .zip(&lits)
            .map(|(&c, &l)| inst.add_soft(l, weight(c)))
            .collect();
        let positions: Vec<u64> = (0..universe.len() as u64).collect();
        Ok(HittingSets {
            solver: Lexicographic::new(&inst, &positions, opts)?,
            universe,
            var_of,
            lits,
            softs,
            cores: Vec::new(),
            blocked: Vec::new(),
            refuted: Vec::new(),
            failed: None,
        })
    }

    /// A solver failure (out of memory) is kept for [`HittingSets::cheapest`] to report.
    fn add_hard(&mut self, clause: Clause) {
        if let Err(e) = self.solver.add_hard(clause) {
            self.failed.get_or_insert(e);
        }
    }

    fn lit(&self, c: &ComponentId) -> Lit {
        self.lits[self.var_of[c] as usize]
    }

    /// Excludes exactly this set (it does not explain some test).
    fn refute(&mut self, set: &BTreeSet<ComponentId>) {
        if !set.iter().all(|c| self.var_of.contains_key(c)) {
            return;
        }
        let r: Vec<ComponentId> = set.iter().copied().collect();
        // Some member healthy, or some other component blamed.
        let mut clause: Clause = r.iter().map(|c| self.lit(c)).collect();
        for c in &self.universe {
            if r.binary_search(c).is_err() {
                clause.add(!self.lit(c));
            }
        }
        self.add_hard(clause);
        self.refuted.push(r);
    }

    /// Adds a core; components that cannot be blamed are dropped from it (an empty core means
    /// that no diagnosis exists).
    fn add_core(&mut self, core: impl IntoIterator<Item = ComponentId>) {
        let mut core: Vec<ComponentId> = core
            .into_iter()
            .filter(|c| self.var_of.contains_key(c))
            .collect();
        core.sort_unstable();
        core.dedup();
        let clause = core.iter().map(|c| !self.lit(c)).collect();
        self.add_hard(clause);
        self.cores.push(core);
    }

    fn block(&mut self, diagnosis: &BTreeSet<ComponentId>) {
        let d: Vec<ComponentId> = diagnosis.iter().copied().collect();
        if d.iter().all(|c| self.var_of.contains_key(c)) {
            let clause = d.iter().map(|c| self.lit(c)).collect();
            self.add_hard(clause);
        }
        self.blocked.push(d);
    }

    /// A cheapest set of components that hits every core and contains no blocked diagnosis,
    /// the most suspicious of those if `prefer`; `None` when there is none.
    fn cheapest(&mut self, prefer: bool) -> Result<Option<BTreeSet<ComponentId>>, SolveError> {
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
        match self.solver.optimum(prefer) {
            Ok(Some(sol)) => Ok(Some(
                sol.falsified
                    .iter()
                    .filter_map(|s| self.softs.iter().position(|x| x == s))
                    .map(|i| self.universe[i])
                    .collect(),
            )),
            Ok(None) | Err(SolveError::HardUnsat) => Ok(None),
            Err(e) => Err(e),
        }
    }
}

impl Ctx<'_> {
    /// The components a diagnosis may blame, most suspicious (Naish-I) first.
    pub(crate) fn blameable(&self) -> Vec<ComponentId> {
        let mut universe: Vec<ComponentId> = match &self.formulas.symex_opts().relax_only {
            Some(keep) => keep.iter().copied().collect(),
            None => self.components.all().iter().map(|c| c.id).collect(),
        };
        self.ranker.by_suspicion(&mut universe);
        universe
    }

    /// Adds the diagnoses of cost ≥ 2 of the joint problem over `tests` to `accepted` (which
    /// holds the cost-1 diagnoses), in cost order, up to the limit. See the module
    /// documentation.
    pub(crate) fn hitting_set_diagnoses(
        &self,
        tests: &[usize],
        refuted: &[BTreeSet<ComponentId>],
        accepted: &mut Vec<Candidate>,
        timings: &mut Timings,
        report: &mut Report,
    ) -> Result<(), DiagnoseError> {
        let mut sets = HittingSets::new(
            self.blameable(),
            |c| self.components.get(c).map_or(1, |i| i.weight),
            &self.budget.solve_options(None),
        )
        .map_err(|e| self.budget.solve_error(e))?;
        for t in tests {
            if let Some(executed) = self.executed.get(t) {
                sets.add_core(executed.iter().copied());
            }
        }
        for c in accepted.iter() {
            sets.block(&c.blamed);
        }
        for skipped in self.answers.skipped().iter() {
            sets.block(skipped);
        }
        // What the cost-1 pre-pass learnt: components that cannot explain one of these tests
        // alone. (BugAssist asks one test at a time; what another test rejects is no reason.)
        for c in self.answers.refuted_singles(tests) {
            sets.refute(&[c].into());
        }
        for r in refuted {
            sets.refute(r);
        }
        let mut search = Search {
            sets,
            loaded: Vec::new(),
            oracles: HashMap::new(),
            // Cost 2 is the pair pass's.
            covered_upto: 2,
            full_vars: None,
        };
        // Tests that rejected a hitting set most recently first: they tend to reject the next.
        let mut order: Vec<usize> = tests.to_vec();
        let result = self.hitting_set_loop(&mut search, &mut order, accepted, timings, report);
        report.formula.replicas = report.formula.replicas.max(search.oracles.len());
        report.formula.loaded = report.formula.loaded.max(search.loaded.len());
        // The report, or a newer run, does not wait for the full replicas to be freed.
        if !search.loaded.is_empty() {
            crate::freeing::free_in_background(search);
        }
        match result {
            Err(DiagnoseError::Timeout) if !self.budget.cancelled() => {
                report.stop_at_timeout();
                Ok(())
            }
            Err(DiagnoseError::Timeout) => Err(DiagnoseError::Cancelled),
            other => other,
        }
    }

    fn hitting_set_loop(
        &self,
        search: &mut Search,
        order: &mut [usize],
        accepted: &mut Vec<Candidate>,
        timings: &mut Timings,
        report: &mut Report,
    ) -> Result<(), DiagnoseError> {
        'next: loop {
            if self.at_limit(accepted, report) {
                return Ok(());
            }
            if self.fill_checks.get() == Some(0) {
                report.stop_ranked_after_repairs(false);
                return Ok(());
            }
            let t = Instant::now();
            // The preference only decides which equally cheap diagnoses fit under the limit;
            // far from it, every one of them is listed (and the report sorts them), and the
            // search for the most suspicious set was most of the hitting sets' time (TCAS v1,
            // every diagnosis for 90 s: 5.4 of 7.7 s).
            let prefer = self.max.saturating_sub(accepted.len()) <= PREFER_WITHIN;
            let cheapest = search.sets.cheapest(prefer);
            self.charge(timings, accepted, t);
            tracing::debug!(
                ms = ms(t.elapsed()),
                cores = search.sets.cores.len(),
                refuted = search.sets.refuted.len(),
                fill = ?self.fill_checks.get(),
                "hitting set"
            );
            let Some(h) = cheapest.map_err(|e| self.budget.solve_error(e))? else {
                if accepted.is_empty() {
                    report.stopped.get_or_insert_with(|| {
                        "no repair exists within the unwinding bounds".into()
                    });
                }
                return Ok(());
            };
            if h.is_empty() {
                // Only possible without cores, i.e. without failing tests.
                return Ok(());
            }
            let cost = self.ranker.cost(&h);
            if cost > search.covered_upto {
                // Every diagnosis cheaper than `h` has been found: the sets of this cost that
                // need no joint check go first.
                search.covered_upto = cost;
                let t = Instant::now();
                let found = self.covered_sets(cost, search, order, accepted, timings, report);
                self.charge(timings, accepted, t);
                if found? {
                    continue 'next;
                }
            }
            let mut angelic = Vec::with_capacity(order.len());
            for k in 0..order.len() {
                let test = order[k];
                let proposal = Proposal {
                    set: &h,
                    explained: &angelic,
                };
                match self.check_hitting_set(proposal, test, search, timings, accepted, report)? {
                    Verdict::Explained(a) => angelic.push((test, a)),
                    Verdict::Refuted => {
                        tracing::debug!(test, set = ?self.ranker.lines(&h), "refuted");
                        search.sets.refute(&h);
                        order[..=k].rotate_right(1);
                        continue 'next;
                    }
                    Verdict::Core(core) => {
                        tracing::debug!(test, set = ?self.ranker.lines(&h), core = core.len(), "core");
                        search.sets.add_core(core);
                        order[..=k].rotate_right(1);
                        continue 'next;
                    }
                    Verdict::Undecided => {
                        tracing::debug!(test, set = ?self.ranker.lines(&h), "undecided");
                        search.sets.block(&h);
                        self.skip_undecided(&h, report);
                        continue 'next;
                    }
                }
            }
            self.settle(h, angelic, search, accepted, timings, report);
        }
    }

    /// Validates a set every test accepted (with these angelic values) and acts on the result:
    /// accepted and blocked; or, when a test's run hit undefined behaviour its formula did not
    /// forbid, that test's full replica is dropped (it is rebuilt with every overflow check);
    /// or blocked and counted as infeasible. Returns whether it was accepted.
    fn settle(
        &self,
        blamed: BTreeSet<ComponentId>,
        angelic: Vec<(usize, ReplicaAngelic)>,
        search: &mut Search,
        accepted: &mut Vec<Candidate>,
        timings: &mut Timings,
        report: &mut Report,
    ) -> bool {
        if self.contains_skipped(&blamed) {
            // Holds a set left undecided, which might be a diagnosis itself.
            search.sets.block(&blamed);
            return false;
        }
        self.budget.phase(Phase::Validating);
        let t = Instant::now();
        let validation = self.validator.run(&angelic);
        timings.validate += ms(t.elapsed());
        match validation {
            Validation::Passed => {
                search.sets.block(&blamed);
                tracing::debug!(
                    found = accepted.len() + 1,
                    cost = self.ranker.cost(&blamed),
                    "accepted"
                );
                let c = Candidate::validated(self.ranker.cost(&blamed), blamed, angelic);
                self.found(accepted, c, report);
                true
            }
            Validation::RuntimeError(test) if self.needs_all_checks(validation) => {
                // The test's replica lacked the multiplication overflow checks: rebuild it
                // with the checks. Cores found without them stay valid (a formula with
                // fewer constraints that is unsatisfiable stays so with more).
                // (The loaded replica stays: other tests may share it.)
                search.oracles.remove(&test);
                false
            }
            _ if self.approximates() => {
                tracing::debug!(?blamed, "refuted by validation (approximated formula)");
                search.sets.refute(&blamed);
                false
            }
            _ => {
                report.infeasible += 1;
                tracing::error!(
                    "diagnosis {:?} failed validation: encoder and interpreter disagree",
                    blamed
                );
                search.sets.block(&blamed);
                false
            }
        }
    }

    /// At the start of cost `cost`, once every cheaper diagnosis is accepted: the sets of at
    /// most three components costing `cost` whose members explain every test one at a time
    /// (each test by one member alone, known from single-component answers or interpreter
    /// probes). Such a set needs no joint check, only validation, and it is
    /// subset-minimal when it contains no accepted diagnosis (a proper subset costs less).
    /// Accepted in the hitting sets' order (most suspicious first) up to the limit; returns
    /// whether any was.
    ///
    /// Why: on TCAS v3 most sets of cost 3 the hitting sets propose first are no diagnoses,
    /// and each costs a check on a full replica, while two components that each explain part
    /// of the tests and a third that explains the rest are diagnoses (31 s → 9 s for ten
    /// diagnoses). As in the pair pass, a set that needs a joint check comes after the sets of
    /// the same cost that need none, so at the limit it may be left out for one of them.
    fn covered_sets(
        &self,
        cost: u64,
        search: &mut Search,
        order: &[usize],
        accepted: &mut Vec<Candidate>,
        timings: &mut Timings,
        report: &mut Report,
    ) -> Result<bool, DiagnoseError> {
        let sets = &search.sets;
        let weight = |i: usize| {
            self.components
                .get(sets.universe[i])
                .map_or(1, |c| c.weight)
        };
        // A component that is a diagnosis alone is in no minimal set of more.
        let single: BTreeSet<ComponentId> = sets
            .blocked
            .iter()
            .filter(|d| d.len() == 1)
            .map(|d| d[0])
            .collect();
        let members: Vec<usize> = (0..sets.universe.len())
            .filter(|&i| weight(i) <= cost && !single.contains(&sets.universe[i]))
            .collect();
        if members.len() > MAX_COVERED_MEMBERS {
            return Ok(false);
        }
        // Per member: the tests it explains alone, as a bit set over `order`.
        let words = order.len().div_ceil(64);
        let mut rows: Vec<Vec<u64>> = Vec::with_capacity(members.len());
        for &i in &members {
            self.budget.check()?;
            let mut row = vec![0u64; words];
            for (k, &t) in order.iter().enumerate() {
                if self.single_explains(sets.universe[i], t) {
                    row[k / 64] |= 1 << (k % 64);
                }
            }
            rows.push(row);
        }
        // Every test explained: all bits of `order` set.
        let mut want = vec![u64::MAX; words];
        if let Some(last) = want.last_mut() {
            *last >>= words * 64 - order.len();
        }
        let full = |parts: &[usize]| {
            (0..words).all(|w| parts.iter().fold(0u64, |acc, &m| acc | rows[m][w]) == want[w])
        };
        // Accepted pairs, as member indices: no triple may contain one.
        let member_of: HashMap<ComponentId, usize> = members
            .iter()
            .enumerate()
            .map(|(m, &i)| (sets.universe[i], m))
            .collect();
        let blocked_pairs: std::collections::HashSet<(usize, usize)> = sets
            .blocked
            .iter()
            .filter_map(|d| match d.as_slice() {
                [x, y] => {
                    let (x, y) = (*member_of.get(x)?, *member_of.get(y)?);
                    Some((x.min(y), x.max(y)))
                }
                _ => None,
            })
            .collect();
        // The candidates (member indices, `usize::MAX` for none), keyed by the hitting sets'
        // tie-break: the smallest sum of positions in `universe`. Only the best few are kept,
        // so that a program where most triples qualify does not fill memory.
        let keep = self.max.saturating_sub(accepted.len()).saturating_mul(2) + 16;
        let mut best: std::collections::BinaryHeap<(usize, [usize; 3])> = Default::default();
        let mut offer = |set: [usize; 3]| {
            let key: usize = set
                .iter()
                .filter(|&&m| m != usize::MAX)
                .map(|&m| members[m])
                .sum();
            if best.len() < keep {
                best.push((key, set));
            } else if best.peek().is_some_and(|&(worst, _)| key < worst) {
                best.pop();
                best.push((key, set));
            }
        };
        let w: Vec<u64> = members.iter().map(|&i| weight(i)).collect();
        let none = usize::MAX;
        for a in 0..members.len() {
            if w[a] == cost {
                if full(&[a]) {
                    offer([a, none, none]);
                }
                continue;
            }
            for b in a + 1..members.len() {
                let wb = w[a] + w[b];
                if wb == cost && full(&[a, b]) {
                    offer([a, b, none]);
                }
                if wb >= cost || blocked_pairs.contains(&(a, b)) {
                    continue;
                }
                for (c, &wc) in w.iter().enumerate().skip(b + 1) {
                    if wb + wc == cost
                        && !blocked_pairs.contains(&(a, c))
                        && !blocked_pairs.contains(&(b, c))
                        && full(&[a, b, c])
                    {
                        offer([a, b, c]);
                    }
                }
            }
        }
        let found: Vec<Vec<usize>> = best
            .into_sorted_vec()
            .into_iter()
            .map(|(_, set)| set.into_iter().filter(|&m| m != none).collect())
            .collect();
        let mut any = false;
        for set in found {
            if self.at_limit(accepted, report) {
                break;
            }
            let blamed: BTreeSet<ComponentId> = set
                .iter()
                .map(|&m| search.sets.universe[members[m]])
                .collect();
            let contains = |d: &Vec<ComponentId>| d.iter().all(|c| blamed.contains(c));
            if search.sets.blocked.iter().any(contains)
                || search
                    .sets
                    .refuted
                    .iter()
                    .any(|r| r.len() == blamed.len() && contains(r))
                || !search
                    .sets
                    .cores
                    .iter()
                    .all(|core| core.iter().any(|c| blamed.contains(c)))
            {
                continue;
            }
            let angelic: Option<Vec<(usize, ReplicaAngelic)>> = order
                .iter()
                .map(|&t| Some((t, self.known_explanation(&blamed, t)?)))
                .collect();
            // Gone if a validation made the test's formulas strict meanwhile.
            let Some(angelic) = angelic else { continue };
            any |= self.settle(blamed, angelic, search, accepted, timings, report);
        }
        tracing::debug!(cost, accepted = accepted.len(), "covered sets");
        Ok(any)
    }

    /// Can relaxing (some of) `h` make `test` pass? What is known answers first (a set of
    /// `h`'s members known to explain the test), then probes of `h`'s pairs, then the test's
    /// full replica if it has one, else the cheap folded replica; when that says no, the
    /// test's full replica is built and answers with a core.
    /// Counts `units` of the joint search's work against the fill window after repaired
    /// diagnoses ([`crate::early::REST_AFTER_REPAIRED`]), when there is one.
    fn fill_charge(&self, units: u64) {
        if let Some(n) = self.fill_checks.get() {
            self.fill_checks.set(Some(n.saturating_sub(units)));
        }
    }

    /// [`Ctx::fill_charge`] for a candidate-only check: by the size of the replica it built
    /// (when the count of those built grew past `built`), else as a probe.
    fn fill_charge_candidate(&self, built: usize) {
        let (now, vars) = self.formulas.last_candidate();
        self.fill_charge(match now > built {
            true => fill_units(vars, FILL_FORMULA),
            false => FILL_PROBE,
        });
    }

    fn check_hitting_set(
        &self,
        proposal: Proposal<'_>,
        test: usize,
        search: &mut Search,
        timings: &mut Timings,
        accepted: &[Candidate],
        report: &mut Report,
    ) -> Result<Verdict, DiagnoseError> {
        let h = proposal.set;
        if let Some(a) = self.known_explanation(h, test) {
            report.checks.known += 1;
            return Ok(Verdict::Explained(a));
        }
        // Two members changed together explain most tests a diagnosis of three needs a joint
        // check for, and a probe costs about a millisecond where a large full replica's
        // check costs tens (TCAS v1: 32 % of these probes found values). A small replica's
        // check is cheaper than the probe (the corpus's BugAssist runs: 8 % slower with it).
        let small_oracle = (search.oracles.get(&test))
            .is_some_and(|o| search.loaded[o.loaded].vars() <= CANDIDATE_CHECK_MAX_VARS);
        if !small_oracle {
            self.fill_charge(FILL_PROBE);
            let t = Instant::now();
            let probed = self.probe_within(h, test);
            tracing::debug!(
                test,
                ms = ms(t.elapsed()),
                found = probed.is_some(),
                "probe"
            );
            if let Some(a) = probed {
                report.checks.probed += 1;
                return Ok(Verdict::Explained(a));
            }
            let t = Instant::now();
            let transferred = self.probe_transfer(h, test, proposal.explained);
            tracing::debug!(
                test,
                ms = ms(t.elapsed()),
                found = transferred.is_some(),
                "transfer probe"
            );
            if let Some(a) = transferred {
                report.checks.transferred += 1;
                return Ok(Verdict::Explained(a));
            }
        }
        let fresh = !search.oracles.contains_key(&test);
        if fresh {
            // Its symbolic execution; loading it is charged by its size below.
            self.fill_charge(FILL_PROBE);
            let t = Instant::now();
            let (store, replica) = self.parametric_replica(test)?;
            timings.encode += ms(t.elapsed());
            if !self.join_loaded(test, &replica, &store, search, timings)? {
                let t = Instant::now();
                // Before any full replica exists the fixed cap applies; after, a
                // candidate-only replica is solved unless it is half as large as a full one:
                // full replicas are about equally large for every test of a program, and
                // loading one is paid once per formula where a candidate check is paid per
                // set (TCAS v1, every diagnosis for 60 s: with the fixed cap 24 full replicas
                // were built and 45 diagnoses found, instead of 11 and 62). A test that
                // shares a loaded formula joins it instead: that costs a symbolic execution
                // and one check (TCAS v4, 30 diagnoses: 125 candidate-only replicas, 166 ms
                // each, where the median check on a full replica took 31 ms).
                let max_vars = search.full_vars.map_or(CANDIDATE_CHECK_MAX_VARS, |f| f / 2);
                report.checks.folded += 1;
                let built = self.formulas.last_candidate().0;
                let folded = match h.len() {
                    1 => self.explain_limited(h, test),
                    _ => self.explain_within(h, test, max_vars),
                };
                self.fill_charge_candidate(built);
                self.charge(timings, accepted, t);
                tracing::debug!(test, ms = ms(t.elapsed()), "candidate-only replica");
                if let Some(Some(a)) = folded? {
                    return Ok(Verdict::Explained(a));
                }
                self.load_replica(test, store, replica, search, timings, report)?;
            }
        }
        if fresh {
            if let Some(o) = search.oracles.get(&test) {
                self.fill_charge(fill_units(search.loaded[o.loaded].vars(), FILL_FORMULA));
            }
        }
        let Search {
            loaded, oracles, ..
        } = search;
        let o = &oracles[&test];
        let r = &mut loaded[o.loaded];
        let vars = r.vars();
        let hold: Vec<SoftId> = (o.order.iter())
            .filter(|(c, _)| !h.contains(c))
            .map(|&(_, s)| s)
            .collect();
        let t = Instant::now();
        report.checks.full += 1;
        self.fill_charge(fill_units(vars, FILL_CHECK));
        let check = (r.oracle).check_assuming(&o.fixed, &hold, Some(self.check_limits.full));
        self.charge(timings, accepted, t);
        tracing::debug!(test, ms = ms(t.elapsed()), "full replica check");
        let Some(check) = check.map_err(|e| self.budget.solve_error(e))? else {
            let t = Instant::now();
            report.checks.folded += 1;
            let built = self.formulas.last_candidate().0;
            let folded = self.explain_limited(h, test);
            self.fill_charge_candidate(built);
            self.charge(timings, accepted, t);
            tracing::debug!(
                test,
                ms = ms(t.elapsed()),
                "folded replica after the full check gave up"
            );
            return Ok(match folded? {
                Some(Some(a)) => Verdict::Explained(a),
                Some(None) => Verdict::Refuted,
                None => Verdict::Undecided,
            });
        };
        match check {
            Check::Sat(sol) => {
                let blamed = r.enc.blamed(&sol);
                // The replica may be another test's with this test's data: its texts are
                // read from this test's expected output.
                let text = self.cursor_text(test);
                let a = (r
                    .enc
                    .angelic_with_text(&sol, &blamed, text.as_deref())
                    .pop())
                .map(|(_, a)| a);
                let a = a.unwrap_or_default();
                self.remember(&blamed, test, &a);
                Ok(Verdict::Explained(a))
            }
            Check::Unsat(core) => Ok(Verdict::Core(r.core(&core))),
        }
    }

    /// The full replica of `test` (every component relaxable), parametric (see
    /// [`LoadedReplica`]), in a store of its own. A symbolic execution takes milliseconds
    /// (TCAS: 1-4 ms); bit-blasting and loading it are what cost.
    fn parametric_replica(&self, test: usize) -> Result<(TermStore, Replica), DiagnoseError> {
        self.budget.phase(Phase::Encoding { replicas: 1 });
        let opts = SymexOptions {
            parametric: true,
            ..self.formulas.deferring_opts()
        };
        let mut store = TermStore::new();
        match self.formulas.replicas(&[test], &opts, &mut store) {
            Ok(mut r) => return Ok((store, r.remove(0).1)),
            // Stopped (the time or memory is up, or a newer save): no second attempt.
            Err(
                e @ (DiagnoseError::Cancelled
                | DiagnoseError::Timeout
                | DiagnoseError::OutOfMemory { .. }),
            ) => return Err(e),
            Err(_) => {}
        }
        // The data made a construct symbolic that the encoding needs constant: the test's
        // own replica, with constants.
        let opts = SymexOptions {
            parametric: false,
            ..opts
        };
        let mut store = TermStore::new();
        let mut r = self.formulas.replicas(&[test], &opts, &mut store)?;
        Ok((store, r.remove(0).1))
    }

    /// Gives `test` the loaded replica with the same formula as `replica`, if there is one:
    /// returns whether there was.
    fn join_loaded(
        &self,
        test: usize,
        replica: &Replica,
        store: &TermStore,
        search: &mut Search,
        timings: &mut Timings,
    ) -> Result<bool, DiagnoseError> {
        if search.loaded.len() < DEDICATED_REPLICAS {
            return Ok(false);
        }
        let shared = (search.loaded.iter().enumerate())
            .filter_map(|(k, l)| Some((l.tests, k, l.fixing(replica, store)?)))
            .min_by_key(|&(tests, k, _)| (tests, k));
        let Some((_, loaded, fixed)) = shared else {
            return Ok(false);
        };
        self.add_oracle(test, loaded, fixed, search, timings)?;
        Ok(true)
    }

    /// Loads `replica`, the full replica of `test`, into a new solver and gives it to `test`.
    fn load_replica(
        &self,
        test: usize,
        store: TermStore,
        replica: Replica,
        search: &mut Search,
        timings: &mut Timings,
        report: &mut Report,
    ) -> Result<(), DiagnoseError> {
        let t = Instant::now();
        let params = replica.params.clone();
        let mut enc = self
            .formulas
            .encoded(store, vec![(test, replica)], report)?;
        let mut param_bits = Vec::with_capacity(params.len());
        for p in &params {
            let bits = (enc.formula.bit_lits(&enc.store, p.term)).map_err(DiagnoseError::encode)?;
            param_bits.push(bits);
        }
        let t_enc = t.elapsed();
        let oracle = Oracle::new(enc.formula.instance(), &self.budget.solve_options(None))
            .map_err(|e| self.budget.solve_error(e))?;
        let vars = enc.formula.stats().vars;
        search.full_vars = Some(search.full_vars.map_or(vars, |f| f.max(vars)));
        timings.encode += ms(t.elapsed());
        tracing::debug!(
            test,
            encode = ms(t_enc),
            load = ms(t.elapsed() - t_enc),
            vars,
            params = params.len(),
            strict = self.formulas.is_strict(test),
            "full replica loaded"
        );
        let r = LoadedReplica {
            enc,
            oracle,
            param_bits,
            tests: 0,
        };
        let fixed = r.fixed(&params);
        search.loaded.push(r);
        self.add_oracle(test, search.loaded.len() - 1, fixed, search, timings)
    }

    /// Gives `test` the loaded replica `loaded`, with its data `fixed`. The first check
    /// assumes every component healthy (the failing run itself): refuting that is
    /// propagation, it leaves the run's values as the solver's saved phases (later calls,
    /// which differ from it in a few components, start from there: measured 4.6 s →
    /// 0.05–0.45 s for the first call on a TCAS replica), and its failed assumptions are a
    /// core, added to the hitting sets.
    fn add_oracle(
        &self,
        test: usize,
        loaded: usize,
        fixed: Vec<Lit>,
        search: &mut Search,
        timings: &mut Timings,
    ) -> Result<(), DiagnoseError> {
        let t = Instant::now();
        let r = &mut search.loaded[loaded];
        r.tests += 1;
        let fixed = if fixed.is_empty() {
            fixed
        } else {
            vec![r
                .oracle
                .activation(&fixed)
                .map_err(|e| self.budget.solve_error(e))?]
        };
        let order = assumption_order(
            r.enc.formula.softs(),
            self.components,
            self.traces.get(&test).copied(),
        );
        let all: Vec<_> = order.iter().map(|&(_, s)| s).collect();
        let warm = (r.oracle.check_assuming(&fixed, &all, None))
            .map_err(|e| self.budget.solve_error(e))?
            .ok_or_else(|| {
                self.budget
                    .solve_error(SolveError::Solver("unlimited SAT call gave up".into()))
            })?;
        timings.encode += ms(t.elapsed());
        tracing::debug!(test, ms = ms(t.elapsed()), loaded, "full replica");
        if let Check::Unsat(core) = warm {
            let core = r.core(&core);
            search.sets.add_core(core);
        }
        search.oracles.insert(
            test,
            TestOracle {
                loaded,
                fixed,
                order,
            },
        );
        Ok(())
    }

    /// Time before the first diagnosis is solving, after it enumerating.
    fn charge(&self, timings: &mut Timings, accepted: &[Candidate], since: Instant) {
        let spent = ms(since.elapsed());
        if accepted.is_empty() {
            timings.solve += spent;
        } else {
            timings.enumerate += spent;
        }
    }
}
