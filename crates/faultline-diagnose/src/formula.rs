//! Building the MaxSAT formula from replicas, and reading candidate diagnoses out of models.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use faultline_encode::Formula;
use faultline_ir::{ExprId, StmtId};
use faultline_maxsat::Solution;
use faultline_ssa::term::to_signed;
use faultline_ssa::{ComponentId, Components, Replica, TermStore};

use crate::options::Budget;
use crate::DiagnoseError;

/// The replicas of some failing tests, encoded into one formula with shared health literals.
pub(crate) struct Encoded {
    pub store: TermStore,
    pub formula: Formula,
    /// (index of the test in the suite, its replica)
    pub replicas: Vec<(usize, Replica)>,
    /// Its size charged to the analysis's memory account while it lives.
    _charge: faultline_interp::Charge,
}

impl Encoded {
    /// Assert every replica's hard constraints and add one soft per component that any replica
    /// can relax.
    pub fn new(
        store: TermStore,
        replicas: Vec<(usize, Replica)>,
        components: &Components,
        budget: &Budget,
    ) -> Result<Encoded, DiagnoseError> {
        Self::with_weights(
            store,
            replicas,
            &|c| components.get(c).map_or(1, |i| i.weight),
            budget,
        )
    }

    /// [`Encoded::new`] with the weights of components that [`Components`] does not know
    /// (the sub-expressions of a refinement).
    pub fn with_weights(
        store: TermStore,
        replicas: Vec<(usize, Replica)>,
        weight_of: &dyn Fn(ComponentId) -> u64,
        budget: &Budget,
    ) -> Result<Encoded, DiagnoseError> {
        Self::within(store, replicas, weight_of, budget, u32::MAX)?
            .ok_or_else(|| DiagnoseError::TooLarge("more than 2^32 variables".into()))
    }

    /// [`Encoded::new`], given up (`None`) once the formula has more than `max_vars`
    /// variables: a caller with a cheaper way to the answer stops paying for bit-blasting
    /// at that size.
    pub fn new_within(
        store: TermStore,
        replicas: Vec<(usize, Replica)>,
        components: &Components,
        budget: &Budget,
        max_vars: u32,
    ) -> Result<Option<Encoded>, DiagnoseError> {
        Self::within(
            store,
            replicas,
            &|c| components.get(c).map_or(1, |i| i.weight),
            budget,
            max_vars,
        )
    }

    fn within(
        store: TermStore,
        replicas: Vec<(usize, Replica)>,
        weight_of: &dyn Fn(ComponentId) -> u64,
        budget: &Budget,
        max_vars: u32,
    ) -> Result<Option<Encoded>, DiagnoseError> {
        let mut formula = Formula::new();
        // One hard constraint can be the whole replica (771 passes of a loop of 64-bit
        // multiplications: 40.8 M variables, 15.9 GB): the encoder checks the size as it
        // grows and asks the budget now and then, so the ceiling holds inside one assertion.
        // A caller with a variable limit gets `None` from a formula that grows well past
        // it (an AND gate is at most a variable; gates outside the cone of what is asserted
        // get none, hence the generous factor).
        let (mut limits, max_clauses) = budget.encode_limits();
        if max_vars != u32::MAX {
            limits.max_and_nodes = limits
                .max_and_nodes
                .min((max_vars as usize).saturating_mul(32));
        }
        formula.set_limits(limits, max_clauses);
        let mut relaxable = BTreeSet::new();
        for (_, r) in &replicas {
            for (k, &h) in r.hard.iter().enumerate() {
                // Bit-blasting a replica takes up to seconds: a newer save must not wait for
                // it. Hard constraints come in program order, each adding the part of the
                // circuit not encoded yet, so checking between them bounds the delay.
                if k % 16 == 0 {
                    budget.check()?;
                }
                match formula.assert(&store, h) {
                    Ok(()) => {}
                    Err(faultline_encode::EncodeError::Interrupted) => {
                        budget.check()?;
                        // Stopped by the memory ceiling between two of the budget's own
                        // looks at it.
                        if let Some(reason) = budget.stop().check() {
                            return Err(budget.error_of(reason));
                        }
                        return Err(DiagnoseError::Timeout);
                    }
                    Err(faultline_encode::EncodeError::TooLarge { .. }) if max_vars != u32::MAX => {
                        return Ok(None)
                    }
                    Err(e) => return Err(DiagnoseError::encode(e)),
                }
                if formula.stats().vars > max_vars {
                    return Ok(None);
                }
            }
            relaxable.extend(r.relax_points.iter().map(|p| p.component));
        }
        for c in relaxable {
            let weight = weight_of(c);
            formula
                .add_health_soft(c, weight)
                .map_err(DiagnoseError::encode)?;
        }
        let stats = formula.stats();
        let _charge = budget.charge_formula(store.len(), stats.and_nodes, stats.clauses);
        Ok(Some(Encoded {
            store,
            formula,
            replicas,
            _charge,
        }))
    }

    /// Hard clause: at least one of `components` is unhealthy (each gets its soft, so blaming
    /// it is paid for).
    pub fn require_one_unhealthy(
        &mut self,
        components: &[ComponentId],
        all: &Components,
    ) -> Result<(), DiagnoseError> {
        for &c in components {
            let weight = all.get(c).map_or(1, |i| i.weight);
            self.formula
                .add_health_soft(c, weight)
                .map_err(DiagnoseError::encode)?;
        }
        self.formula
            .add_health_clause(components.iter().map(|&c| (c, false)))
            .map_err(DiagnoseError::encode)
    }

    /// The components a solution declares unhealthy.
    pub fn blamed(&self, sol: &Solution) -> BTreeSet<ComponentId> {
        sol.falsified
            .iter()
            .filter_map(|&s| self.formula.component_of(s))
            .collect()
    }

    /// Angelic values of the blamed components in every replica, read from the model.
    pub fn angelic(
        &mut self,
        sol: &Solution,
        blamed: &BTreeSet<ComponentId>,
    ) -> Vec<(usize, ReplicaAngelic)> {
        self.angelic_with_text(sol, blamed, None)
    }

    /// [`Encoded::angelic`], the texts of output statements read from `text` (the expected
    /// output as the cursor indexes it, [`faultline_ssa::cursor_text`]) instead of each
    /// replica's own: a parametric replica answering for another test with the same formula
    /// has the other test's text.
    pub fn angelic_with_text(
        &mut self,
        sol: &Solution,
        blamed: &BTreeSet<ComponentId>,
        text: Option<&[u8]>,
    ) -> Vec<(usize, ReplicaAngelic)> {
        let mut out = Vec::new();
        for (test, replica) in &self.replicas {
            let mut values: BTreeMap<(StmtId, u32), BTreeMap<u32, (i128, u32)>> = BTreeMap::new();
            let mut exprs: BTreeMap<(ExprId, u32), (i128, u32)> = BTreeMap::new();
            for (index, p) in replica.relax_points.iter().enumerate() {
                if !blamed.contains(&p.component) {
                    continue;
                }
                if self.formula.value(&self.store, p.guard, &sol.model) == 0 {
                    continue;
                }
                let instance = self.formula.value(&self.store, p.dyn_instance, &sol.model) as u32;
                if let Some(t) = p.text {
                    // An output statement: the text it should print, one byte per slot (none
                    // when it should print nothing).
                    let mut v = |x| self.formula.value(&self.store, x, &sol.model);
                    let bytes = faultline_ssa::text_between(
                        text.unwrap_or(&replica.output_text),
                        v(t.from) as u32,
                        v(t.from_pend) != 0,
                        v(p.value) as u32,
                        v(t.to_pend) != 0,
                    );
                    let slots = values.entry((p.stmt, instance)).or_default();
                    slots.clear();
                    for (k, b) in bytes.into_iter().enumerate() {
                        slots.insert(k as u32, (b as i128, 8));
                    }
                    continue;
                }
                if let Some(pp) = replica.pointers.iter().find(|q| q.relax_point == index) {
                    // A pointer keeps its object and moves (`faultline_ssa` `symex::pointer`):
                    // the interpreter applies the offset to the pointer as written; or it
                    // points into another variable; or it is null, the interpreter's 0.
                    let raw = self.formula.value(&self.store, pp.offset, &sol.model);
                    let off = to_signed(raw, 64) as i64;
                    let pid = self.formula.value(&self.store, pp.pid, &sol.model);
                    // Moved into another variable: the interpreter is told which.
                    let target = (pp.objects.iter())
                        .find(|o| o.pid as u128 == pid)
                        .and_then(|o| o.target);
                    let v = match target {
                        _ if pid == 0 => 0,
                        Some(faultline_ssa::PointerTarget::Global(g)) => {
                            let t = faultline_interp::PointerTarget::Global(g);
                            faultline_interp::pointer_object_override(t, off)
                        }
                        Some(faultline_ssa::PointerTarget::Local(l)) => {
                            let t = faultline_interp::PointerTarget::Local(l);
                            faultline_interp::pointer_object_override(t, off)
                        }
                        Some(faultline_ssa::PointerTarget::Heap { block, stmt }) => {
                            let t = faultline_interp::PointerTarget::Heap { block, stmt };
                            faultline_interp::pointer_object_override(t, off)
                        }
                        None => faultline_interp::pointer_offset_override(off),
                    };
                    values
                        .entry((p.stmt, instance))
                        .or_default()
                        .insert(p.slot, (v, 64));
                    continue;
                }
                let width = self.store.width(p.value);
                let raw = self.formula.value(&self.store, p.value, &sol.model);
                if let Some(e) = p.expr {
                    exprs.insert((e, instance), (to_signed(raw, width), width));
                    continue;
                }
                values
                    .entry((p.stmt, instance))
                    .or_default()
                    .insert(p.slot, (to_signed(raw, width), width));
            }
            out.push((
                *test,
                ReplicaAngelic {
                    values: values
                        .into_iter()
                        .map(|(k, slots)| (k, slots.into_iter().collect()))
                        .collect(),
                    exprs: exprs.into_iter().collect(),
                    was: BTreeMap::new(),
                    was_text: BTreeMap::new(),
                    omitted: 0,
                    restored: false,
                },
            ));
        }
        out
    }
}

/// One value of a statement: `(instance, slot, value, width, was)`, `was` as in
/// [`ReplicaAngelic::was`].
pub(crate) type StmtValue = (u32, u32, i128, u32, Option<i128>);

/// A value by trace slot: `(slot, (value, width))`.
pub(crate) type SlotValue = (u32, (i128, u32));

/// The angelic values of one replica: per (statement, dynamic instance), the values by slot
/// (sign-extended from the term width) with that width.
#[derive(Clone, Debug, Default)]
pub(crate) struct ReplicaAngelic {
    pub values: Vec<((StmtId, u32), Vec<SlotValue>)>,
    /// Relaxed sub-expressions (refinement): per (expression, evaluation), value and width.
    pub exprs: Vec<((ExprId, u32), (i128, u32))>,
    /// Per (statement, instance, slot) of `values`: what that execution computes as written
    /// in the run with these values, where that differs (see [`crate::Ctx::plain_values`]).
    pub was: BTreeMap<(StmtId, u32, u32), i128>,
    /// Per (output statement, instance) of `values`: the text that execution prints as
    /// written, where the repair prints something else (an output statement's values are
    /// the bytes it prints, and `was` cannot say "longer").
    pub was_text: BTreeMap<(StmtId, u32), Vec<u8>>,
    /// Executions left out of `values` (a statement a repair changes hundreds of thousands
    /// of times in a long run: [`crate::Ctx::repaired_candidate`]): `values` holds the first
    /// ones, the repaired program computes the others. Values with a gap are no overrides to
    /// re-run: such a diagnosis is validated by its repair's runs, and its values are never
    /// cached as an answer.
    pub omitted: u64,
    /// With no `values` at all: the repair that validates the diagnosis changes the line
    /// otherwise than its value (where it stores, `run = 1` for `best = 1`), not its type.
    pub restored: bool,
}

impl ReplicaAngelic {
    pub fn overrides(&self) -> faultline_interp::Overrides {
        let mut o = faultline_interp::Overrides::new();
        for ((stmt, instance), slots) in &self.values {
            o.set(*stmt, *instance, slot_values(slots));
        }
        for &((expr, instance), (value, _)) in &self.exprs {
            o.set_expr(expr, instance, value);
        }
        o
    }

    /// Per relaxed expression: (evaluation, value, width).
    pub fn by_expr(&self) -> HashMap<ExprId, Vec<(u32, i128, u32)>> {
        let mut m: HashMap<ExprId, Vec<(u32, i128, u32)>> = HashMap::new();
        for &((expr, instance), (value, width)) in &self.exprs {
            m.entry(expr).or_default().push((instance, value, width));
        }
        m
    }

    /// Per statement, its values.
    pub fn by_stmt(&self) -> HashMap<StmtId, Vec<StmtValue>> {
        let mut m: HashMap<StmtId, Vec<StmtValue>> = HashMap::new();
        for ((stmt, instance), slots) in &self.values {
            for &(slot, (value, width)) in slots {
                let was = self.was.get(&(*stmt, *instance, slot)).copied();
                m.entry(*stmt)
                    .or_default()
                    .push((*instance, slot, value, width, was));
            }
        }
        m
    }
}

/// One execution's override: its slots' values in slot order (slots not given are 0).
pub(crate) fn slot_values(slots: &[SlotValue]) -> Vec<i128> {
    let len = slots
        .iter()
        .map(|(s, _)| *s as usize + 1)
        .max()
        .unwrap_or(0);
    let mut v = vec![0i128; len];
    for &(slot, (value, _)) in slots {
        v[slot as usize] = value;
    }
    v
}
