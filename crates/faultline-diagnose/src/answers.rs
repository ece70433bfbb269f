//! What the search has learnt about which components can repair which failing test: the
//! answers of single-component checks, sets known to explain a test together, sets left
//! undecided, and probes that missed. Every strategy asks here before it runs a test or
//! solves a formula, and tells what it found.
//!
//! **Invariant:** an answer is only ever a sound fact about the test's formula as it is
//! built now: a value kept here made the test pass in a validated run or a model of its
//! formula, a `None` means no values exist. When a test's formulas change
//! ([`Answers::forget_test`]), what was learnt from them goes.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use faultline_ssa::ComponentId;

use crate::formula::ReplicaAngelic;

/// Components that, changed together with these values, make one test pass.
pub(crate) type JointExplanation = (BTreeSet<ComponentId>, ReplicaAngelic);

/// The cache of check answers (see the module docs).
#[derive(Default)]
pub(crate) struct Answers {
    /// What relaxing one component alone does to one test: `(component, suite index)` to the
    /// angelic values that make it pass, or `None` when no values do. Relaxing more
    /// components can only explain more, so a joint candidate containing a component that
    /// explains a test alone explains it too, with these values.
    singles: RefCell<HashMap<(ComponentId, usize), Option<ReplicaAngelic>>>,
    /// Per failing test (suite index): sets of two or more components known to explain it
    /// together (from a probe, a candidate-only replica or a full replica's model), with the
    /// values. As for `singles`, a candidate containing such a set explains the test with
    /// these values: on TCAS v1 the diagnoses of cost 3 that are no covered sets share the
    /// pairs that explain their hard tests, and each took 4.9 full-replica checks and 6.6
    /// candidate-only replicas without this. Ordered by test, so that what is gathered from
    /// it (the values transfer probes try) does not change from one run to the next.
    joint: RefCell<BTreeMap<usize, Vec<JointExplanation>>>,
    /// Candidate sets skipped undecided (their checks ran out of
    /// [`CheckLimits`](crate::CheckLimits)): they and their supersets are never reported,
    /// since the set itself might be a diagnosis.
    skipped: RefCell<Vec<BTreeSet<ComponentId>>>,
    /// `(component, suite index)` pairs whose interpreter probe found no values (which does
    /// not mean that none exist): not probed again.
    probe_missed: RefCell<HashSet<(ComponentId, usize)>>,
    /// The same for pairs of components, `(a, b, suite index)`: a pair probe tries the same
    /// values every time, so a miss stays a miss.
    pair_probe_missed: RefCell<HashSet<(ComponentId, ComponentId, usize)>>,
}

impl Answers {
    /// The cached answer for `c` alone on `test`: `None` when not asked yet, `Some(None)`
    /// when no values make it pass.
    pub fn single(&self, c: ComponentId, test: usize) -> Option<Option<ReplicaAngelic>> {
        self.singles.borrow().get(&(c, test)).cloned()
    }

    /// The components known not to explain one of `tests` alone.
    pub fn refuted_singles(&self, tests: &[usize]) -> BTreeSet<ComponentId> {
        (self.singles.borrow().iter())
            .filter(|(&(_, t), explained)| explained.is_none() && tests.contains(&t))
            .map(|(&(c, _), _)| c)
            .collect()
    }

    /// Whether the answer for `c` alone on `test` is known (either way).
    pub fn single_known(&self, c: ComponentId, test: usize) -> Option<bool> {
        self.singles.borrow().get(&(c, test)).map(Option::is_some)
    }

    /// Records the answer for `c` alone on `test`, replacing what was known.
    pub fn set_single(&self, c: ComponentId, test: usize, answer: Option<ReplicaAngelic>) {
        self.singles.borrow_mut().insert((c, test), answer);
    }

    /// The values with which `c` alone repaired tests other than `test`, in test order.
    pub fn single_values_elsewhere(
        &self,
        c: ComponentId,
        test: usize,
    ) -> Vec<(usize, ReplicaAngelic)> {
        let mut others: Vec<(usize, ReplicaAngelic)> = (self.singles.borrow().iter())
            .filter(|&(&(d, t), a)| d == c && t != test && a.is_some())
            .filter_map(|(&(_, t), a)| Some((t, a.clone()?)))
            .collect();
        others.sort_by_key(|(t, _)| *t);
        others
    }

    /// Some component of `set` explains `test` alone, or some set of its components together
    /// (known from an earlier check or probe): those angelic values, which explain it for the
    /// whole set too (the other members keep their values).
    pub fn known(&self, set: &BTreeSet<ComponentId>, test: usize) -> Option<ReplicaAngelic> {
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
    /// [`Answers::known`]; a set holding one already known is not kept.
    pub fn remember(&self, set: &BTreeSet<ComponentId>, test: usize, values: &ReplicaAngelic) {
        if let (1, Some(&c)) = (set.len(), set.first()) {
            self.singles
                .borrow_mut()
                .entry((c, test))
                .or_insert_with(|| Some(values.clone()));
            return;
        }
        if set.is_empty() || self.known(set, test).is_some() {
            return;
        }
        self.joint
            .borrow_mut()
            .entry(test)
            .or_default()
            .push((set.clone(), values.clone()));
    }

    /// The first `Some` that `f` returns for the values known to repair a test other than
    /// `test` with a subset of `set` changed, tried in test order.
    pub fn find_elsewhere<R>(
        &self,
        set: &BTreeSet<ComponentId>,
        test: usize,
        mut f: impl FnMut(&ReplicaAngelic) -> Option<R>,
    ) -> Option<R> {
        let joint = self.joint.borrow();
        joint
            .iter()
            .filter(|(&t, _)| t != test)
            .flat_map(|(_, known)| known.iter())
            .filter(|(s, _)| s.is_subset(set))
            .find_map(|(_, a)| f(a))
    }

    /// Forgets what was learnt from `test`'s formulas (they are being rebuilt).
    pub fn forget_test(&self, test: usize) {
        self.singles.borrow_mut().retain(|&(_, t), _| t != test);
        self.joint.borrow_mut().remove(&test);
    }

    /// Leaves `set` undecided: it and its supersets are never reported.
    pub fn skip(&self, set: &BTreeSet<ComponentId>) {
        self.skipped.borrow_mut().push(set.clone());
    }

    /// Whether `set` contains a set that was skipped undecided.
    pub fn contains_skipped(&self, set: &BTreeSet<ComponentId>) -> bool {
        self.skipped.borrow().iter().any(|s| s.is_subset(set))
    }

    /// The sets skipped undecided so far.
    pub fn skipped(&self) -> Vec<BTreeSet<ComponentId>> {
        self.skipped.borrow().clone()
    }

    /// Whether probing `c` alone on `test` missed before.
    pub fn probe_missed(&self, c: ComponentId, test: usize) -> bool {
        self.probe_missed.borrow().contains(&(c, test))
    }

    pub fn note_probe_miss(&self, c: ComponentId, test: usize) {
        self.probe_missed.borrow_mut().insert((c, test));
    }

    /// Whether probing `a` and `b` together on `test` missed before (having tried every
    /// combination).
    pub fn pair_probe_missed(&self, a: ComponentId, b: ComponentId, test: usize) -> bool {
        self.pair_probe_missed.borrow().contains(&(a, b, test))
    }

    pub fn note_pair_probe_miss(&self, a: ComponentId, b: ComponentId, test: usize) {
        self.pair_probe_missed.borrow_mut().insert((a, b, test));
    }
}
