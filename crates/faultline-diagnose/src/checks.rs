//! Single checks: can changing these components make this test pass? Asked by every
//! strategy, answered as cheaply as possible — from the cached answers
//! ([`crate::answers`]), else by an interpreter probe ([`crate::probe`]: a run that passes is
//! its own proof), else by the candidate-only replica (only the candidate relaxed, which
//! folds to almost nothing), solved within [`CheckLimits`](crate::CheckLimits) where asked.
//!
//! **Invariant:** an answer is exact for the formula's bounds: values returned make the test
//! pass, `Some(None)` means no values do; a check that ran out of work says so (`None`) and
//! its set is skipped undecided, never reported, nor any superset of it.

use std::collections::BTreeSet;

use faultline_maxsat::SolveError;

/// The largest candidate-only replica (in variables) a check with a work limit solves; a
/// larger one gives up at once, as if out of work. Counted, so the same check gives up at any
/// load: `stu3_prime_return`'s 1.55 M-variable replica did not reach its 12,000 conflicts
/// within a 30 s budget (a 3 s limit on the clock had stopped it after about 20 s); the
/// corpus's other limited checks stay under 400 k.
const LIMITED_CHECK_MAX_VARS: u32 = 1_000_000;
use faultline_ssa::ComponentId;

use crate::formula::ReplicaAngelic;
use crate::{Ctx, DiagnoseError, Report};

impl Ctx<'_> {
    /// Some component of `set`, or some set of them, is known to explain `test`: those
    /// values ([`answers::Answers::known`]).
    pub(crate) fn known_explanation(
        &self,
        set: &BTreeSet<ComponentId>,
        test: usize,
    ) -> Option<ReplicaAngelic> {
        self.answers.known(set, test)
    }

    /// Records that changing `set` (with these values) makes `test` pass.
    pub(crate) fn remember(
        &self,
        set: &BTreeSet<ComponentId>,
        test: usize,
        values: &ReplicaAngelic,
    ) {
        self.answers.remember(set, test, values)
    }

    /// Whether `c` alone is known to explain `test`: from the single-component answers, or
    /// else from a probe in the interpreter (whose values are then kept as that answer).
    /// `false` means only "not known". (Not to be confused with [`Ctx::known_explanation`],
    /// which reads the cached values for a set and never probes.)
    pub(crate) fn single_explains(&self, c: ComponentId, test: usize) -> bool {
        if let Some(known) = self.answers.single_known(c, test) {
            return known;
        }
        if self.answers.probe_missed(c, test) {
            return false;
        }
        if self
            .executed
            .get(&test)
            .is_some_and(|must| !must.contains(&c))
        {
            // Every repair of the test changes a component of its must set: one outside it
            // cannot repair the test alone, whatever its values.
            self.answers.set_single(c, test, None);
            return false;
        }
        match self.probe_single(c, test) {
            Some(a) => {
                self.answers.set_single(c, test, Some(a));
                true
            }
            None => {
                self.answers.note_probe_miss(c, test);
                false
            }
        }
    }

    /// Can changing (some of) the `blamed` components make `test` pass? If so, the angelic
    /// values of a cheapest way to do it.
    pub(crate) fn explain(
        &self,
        blamed: &BTreeSet<ComponentId>,
        test: usize,
    ) -> Result<Option<ReplicaAngelic>, DiagnoseError> {
        match blamed.first() {
            // Without a work limit the answer is never left open.
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
    /// else the candidate-only replica's solve within `work` conflicts. `None` when that ran
    /// out (no answer is cached then).
    pub(crate) fn explain_single(
        &self,
        c: ComponentId,
        test: usize,
        work: Option<u64>,
    ) -> Result<Option<Option<ReplicaAngelic>>, DiagnoseError> {
        if self.budget.cancelled() {
            return Err(DiagnoseError::Cancelled);
        }
        if let Some(known) = self.answers.single(c, test) {
            return Ok(Some(known));
        }
        let explained = match self
            .probe_single(c, test)
            .or_else(|| self.transfer_single(c, test))
        {
            Some(a) => Some(a),
            None => match self.explain_in(&[c].into(), test, u32::MAX, work)? {
                Some(explained) => explained,
                None => return Ok(None),
            },
        };
        self.answers.set_single(c, test, explained.clone());
        Ok(Some(explained))
    }

    /// Leaves `set` out undecided: it and its supersets are never reported (see
    /// [`answers::Answers::skip`]), and the report says the enumeration is incomplete.
    pub(crate) fn skip_undecided(&self, set: &BTreeSet<ComponentId>, report: &mut Report) {
        self.answers.skip(set);
        report.skip_undecided();
    }

    /// Whether `set` contains a set that was skipped undecided.
    pub(crate) fn contains_skipped(&self, set: &BTreeSet<ComponentId>) -> bool {
        self.answers.contains_skipped(set)
    }

    pub(crate) fn explain_uncached(
        &self,
        blamed: &BTreeSet<ComponentId>,
        test: usize,
    ) -> Result<Option<ReplicaAngelic>, DiagnoseError> {
        Ok(self.explain_within(blamed, test, u32::MAX)?.flatten())
    }

    /// [`Ctx::explain`] with the folded solve limited to [`CheckLimits::folded`] conflicts:
    /// `None` when it ran out (the budget's own timeout and cancellation stay errors).
    pub(crate) fn explain_limited(
        &self,
        blamed: &BTreeSet<ComponentId>,
        test: usize,
    ) -> Result<Option<Option<ReplicaAngelic>>, DiagnoseError> {
        let work = Some(self.check_limits.folded);
        match blamed.first() {
            Some(&c) if blamed.len() == 1 => self.explain_single(c, test, work),
            _ => {
                if let Some(known) = self.known_explanation(blamed, test) {
                    return Ok(Some(Some(known)));
                }
                self.explain_in(blamed, test, u32::MAX, work)
            }
        }
    }

    /// [`Ctx::explain`] without the caches and probes, unless the candidate-only replica has
    /// more than `max_vars` variables: then `None`, without solving it.
    pub(crate) fn explain_within(
        &self,
        blamed: &BTreeSet<ComponentId>,
        test: usize,
        max_vars: u32,
    ) -> Result<Option<Option<ReplicaAngelic>>, DiagnoseError> {
        self.explain_in(blamed, test, max_vars, None)
    }

    /// The candidate-only replica of `blamed` for `test`, solved: `Some(values)` when relaxing
    /// (some of) `blamed` makes the test pass, `Some(None)` when nothing does, `None` when the
    /// replica has more than `max_vars` variables or its solve needed more than `work`
    /// conflicts.
    pub(crate) fn explain_in(
        &self,
        blamed: &BTreeSet<ComponentId>,
        test: usize,
        max_vars: u32,
        work: Option<u64>,
    ) -> Result<Option<Option<ReplicaAngelic>>, DiagnoseError> {
        // A check with a work limit gives up on a replica too large for it: there each
        // conflict costs milliseconds and CaDiCaL's first phases seconds, none of it counted.
        let max_vars = match work {
            Some(_) => max_vars.min(LIMITED_CHECK_MAX_VARS),
            None => max_vars,
        };
        let built = self.formulas.candidate_only(blamed, test, max_vars);
        let Some(mut enc) = self.over_ceiling_undecided(built, work.is_some())? else {
            return Ok(None);
        };
        let sol = faultline_maxsat::solve(enc.formula.instance(), &self.budget.solve_options(work));
        let sol = match sol {
            Ok(sol) => sol,
            Err(SolveError::HardUnsat) => return Ok(Some(None)),
            Err(SolveError::OutOfWork) => return Ok(None),
            Err(e) => {
                drop(enc);
                let e = Err(self.budget.solve_error(e));
                return self.over_ceiling_undecided(e, work.is_some());
            }
        };
        let relaxed = enc.blamed(&sol);
        let values = enc.angelic(&sol, &relaxed).pop().map(|(_, a)| a);
        if let Some(a) = &values {
            self.remember(&relaxed, test, a);
        }
        Ok(Some(values))
    }

    /// A limited check's formula that took the memory over the ceiling, while it was built
    /// or solved, leaves the check undecided (`Ok(None)`), as running out of work does: the
    /// formula is gone with the check, and the next one starts under the ceiling again. (If
    /// what stays, the full replicas' solvers, is over it, the next full check ends the
    /// search.) Other results, and every result of an unlimited check, are as given.
    fn over_ceiling_undecided<T>(
        &self,
        result: Result<Option<T>, DiagnoseError>,
        limited: bool,
    ) -> Result<Option<T>, DiagnoseError> {
        match result {
            Err(DiagnoseError::OutOfMemory { .. }) if limited && !self.budget.cancelled() => {
                tracing::debug!("check over the memory ceiling: undecided");
                faultline_interp::release_free_memory();
                Ok(None)
            }
            other => other,
        }
    }
}
