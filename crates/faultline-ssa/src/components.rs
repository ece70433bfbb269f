//! Fault-localization components and their weights.
//!
//! A component is a *source* statement the lowerer tagged with a [`Component`] kind. Its health
//! literal is shared by every dynamic instance and every replica: a statement inside a function
//! called twice, or inside a loop, is one component, so blaming it once explains all its
//! instances (CFaults' consistency-based diagnosis over all failing tests).
//!
//! # Weights
//!
//! The MaxSAT objective minimizes the total weight of unhealthy components. As in CFaults the
//! weight of a statement grows with the size of the sub-AST it controls, so that a diagnosis
//! prefers blaming one small statement over a condition that would silently "fix" everything it
//! guards:
//!
//! * an assignment, return, call (including `exit`) weighs **1**;
//! * a condition weighs **1 + the total weight of the logic components it guards**, counting
//!   each guarded component with its own (hierarchical) weight, nested conditions as units
//!   (guarded IO statements do not count: they would lift the condition above IO itself):
//!   - an `if` / `?:` condition guards its then- and else-blocks, except that an `else if`
//!     rung is not counted in the condition above it: each rung of a ladder weighs its own
//!     branch (and the last one the final `else`), while the ladder as a whole still counts in
//!     full for what encloses it;
//!   - a loop condition guards the whole loop: body and latch, except itself (when a loop has
//!     several loop-condition statements, the first one is the head and guards the others);
//!   - a `switch` guards all its arms;
//! * an input or output statement weighs **1000 × L + 1**, where L is the sum of the weights of
//!   all logic (non-IO) components, so that every set of logic components is cheaper than one IO
//!   statement: IO is blamed only when no logic explanation exists.

use faultline_ir::{Component, Program, Span, Stmt, StmtId, StmtKind};

/// A component: index into [`Components::all`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ComponentId(pub u32);

impl ComponentId {
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentInfo {
    pub id: ComponentId,
    pub stmt: StmtId,
    pub kind: Component,
    pub span: Span,
    /// MaxSAT weight of declaring this component unhealthy (see the module docs).
    pub weight: u64,
}

/// The components of a program, indexed by id and by statement.
#[derive(Clone, Debug, Default)]
pub struct Components {
    all: Vec<ComponentInfo>,
    by_stmt: Vec<Option<ComponentId>>,
    /// Logic weight of each function's body (while building).
    callee_weight: Vec<u64>,
    /// Weigh without registering (while computing `callee_weight`).
    dry: bool,
}

/// Multiplier that puts IO statements above every combination of logic statements.
pub const IO_FACTOR: u64 = 1000;

impl Components {
    /// Collect every tagged statement of `program` outside its unit tests, in source order, and
    /// weigh it.
    pub fn from_program(program: &Program) -> Self {
        let mut c = Components {
            all: Vec::new(),
            by_stmt: vec![None; program.stmt_count as usize],
            callee_weight: vec![0; program.functions.len()],
            dry: true,
        };
        let is_test = |i: usize| program.tests.contains(&faultline_ir::FuncId(i as u32));
        // A call weighs 1 + what its callee computes (hierarchically, like a condition and what
        // it guards): blaming `f()` means replacing all of `f`'s logic. Callee weights depend on
        // their own calls, so iterate; recursion would grow without bound, hence the cap of one
        // round per function (enough for every call chain without a cycle).
        for _ in 0..program.functions.len().min(64) {
            let next: Vec<u64> = program
                .functions
                .iter()
                .map(|f| c.weigh_block(&f.body, None))
                .collect();
            if next == c.callee_weight {
                break;
            }
            c.callee_weight = next;
        }
        c.dry = false;
        // A unit test is the specification, not a suspect: its statements (the calls it makes,
        // the values it sets up) are never blamed.
        for (i, f) in program.functions.iter().enumerate() {
            if is_test(i) {
                continue;
            }
            c.weigh_block(&f.body, None);
        }
        let logic: u64 = c
            .all
            .iter()
            .filter(|i| !i.kind.is_io())
            .map(|i| i.weight)
            .fold(0u64, u64::saturating_add);
        let io = logic.saturating_mul(IO_FACTOR).saturating_add(1);
        for i in &mut c.all {
            if i.kind.is_io() {
                i.weight = io;
            }
        }
        c.all.sort_by_key(|i| i.stmt);
        for (k, i) in c.all.iter_mut().enumerate() {
            i.id = ComponentId(k as u32);
            if let Some(slot) = c.by_stmt.get_mut(i.stmt.index()) {
                *slot = Some(i.id);
            }
        }
        c
    }

    fn push(&mut self, s: &Stmt, kind: Component, weight: u64) {
        if self.dry {
            return;
        }
        if s.id.index() >= self.by_stmt.len() {
            self.by_stmt.resize(s.id.index() + 1, None);
        }
        if self.by_stmt[s.id.index()].is_some() {
            return;
        }
        // Temporary marker so that a statement id seen twice (inconsistent IR) counts once.
        self.by_stmt[s.id.index()] = Some(ComponentId(u32::MAX));
        self.all.push(ComponentInfo {
            id: ComponentId(0),
            stmt: s.id,
            kind,
            span: s.span,
            weight,
        });
    }

    /// Register the components of `block` and return the total weight of its units.
    /// `skip` is a statement already registered by the caller (a loop's head condition).
    fn weigh_block(&mut self, block: &[Stmt], skip: Option<StmtId>) -> u64 {
        let mut total = 0u64;
        for (k, s) in block.iter().enumerate() {
            // `x = atoi(argv[1]);` lowers to an input builtin into a temporary and an assignment
            // of it: the assignment is part of the input statement and weighs like one.
            if k > 0 && copies_input(&block[k - 1], s) {
                self.push(s, Component::Input, 1);
                continue;
            }
            if Some(s.id) == skip {
                // The head's own blocks (the `break`) still belong to the loop.
                if let StmtKind::If { then_, else_, .. } = &s.kind {
                    total = total
                        .saturating_add(self.weigh_block(then_, None))
                        .saturating_add(self.weigh_block(else_, None));
                }
                continue;
            }
            total = total.saturating_add(self.weigh_stmt(s));
        }
        total
    }

    /// Register `s` and everything below it; return the weight it contributes as a unit.
    fn weigh_stmt(&mut self, s: &Stmt) -> u64 {
        // The weight of the `else if` rungs below an `if` (see `ladder_rung`): part of what the
        // statement contributes as a unit, not of its own condition's weight.
        let mut rungs = 0u64;
        let inner = match &s.kind {
            StmtKind::If { then_, else_, .. } => {
                let then_w = self.weigh_block(then_, None);
                match ladder_rung(else_) {
                    Some(k) => {
                        rungs = self.weigh_stmt(&else_[k]);
                        then_w.saturating_add(self.weigh_block(&else_[..k], None))
                    }
                    None => then_w.saturating_add(self.weigh_block(else_, None)),
                }
            }
            StmtKind::Switch { arms, .. } => arms
                .iter()
                .map(|a| self.weigh_block(&a.body, None))
                .fold(0u64, u64::saturating_add),
            StmtKind::Loop { body, latch } => {
                let head = body
                    .iter()
                    .chain(latch.iter())
                    .find(|x| x.component == Some(Component::LoopCond));
                let skip = head.map(|h| h.id);
                let inside = self
                    .weigh_block(body, skip)
                    .saturating_add(self.weigh_block(latch, skip));
                return match head {
                    Some(h) => {
                        let w = inside.saturating_add(1);
                        self.push(h, Component::LoopCond, w);
                        w
                    }
                    None => inside,
                };
            }
            _ => 0,
        };
        match s.component {
            Some(kind) if kind.is_condition() => {
                let w = inner.saturating_add(1);
                self.push(s, kind, w);
                w.saturating_add(rungs)
            }
            Some(Component::Call) => {
                let callee = match &s.kind {
                    StmtKind::Call { func, .. } => {
                        self.callee_weight.get(func.index()).copied().unwrap_or(0)
                    }
                    _ => 0,
                };
                let w = callee.saturating_add(1);
                self.push(s, Component::Call, w);
                w.saturating_add(inner)
            }
            Some(kind) => {
                // IO weights are fixed once all logic is known; 1 is a placeholder.
                self.push(s, kind, 1);
                if kind.is_io() {
                    inner
                } else {
                    1u64.saturating_add(inner)
                }
            }
            None => inner,
        }
    }

    /// All components, ordered by statement id.
    pub fn all(&self) -> &[ComponentInfo] {
        &self.all
    }

    pub fn len(&self) -> usize {
        self.all.len()
    }

    pub fn is_empty(&self) -> bool {
        self.all.is_empty()
    }

    pub fn get(&self, id: ComponentId) -> Option<&ComponentInfo> {
        self.all.get(id.index())
    }

    /// The component of a statement, if it is one.
    #[inline]
    pub fn of_stmt(&self, stmt: StmtId) -> Option<ComponentId> {
        self.by_stmt.get(stmt.index()).copied().flatten()
    }

    /// Total weight of all components (an upper bound of any diagnosis cost).
    pub fn total_weight(&self) -> u64 {
        self.all
            .iter()
            .map(|i| i.weight)
            .fold(0u64, u64::saturating_add)
    }
}

/// The `else if` rung of an `if`'s else-block: its last statement when that is an `if` and
/// everything before it was hoisted out of that `if`'s condition (a call or `scanf` in it).
/// A ladder `if (a) … else if (b) … else if (c) …` is written as one flat choice, and a wrong
/// rung is as likely as a wrong head; weighing the head's condition with every rung below it
/// (the nesting the lowering gives it) made the first conditions of long student ladders cost
/// more than any pair of statements, so diagnoses blaming them came last or not at all.
fn ladder_rung(else_: &[Stmt]) -> Option<usize> {
    let (last, before) = else_.split_last()?;
    let is_if =
        matches!(last.kind, StmtKind::If { .. }) && last.component == Some(Component::IfCond);
    let hoisted = |x: &Stmt| {
        x.span.file == last.span.file
            && x.span.start >= last.span.start
            && x.span.end <= last.span.end
    };
    (is_if && before.iter().all(hoisted)).then_some(before.len())
}

/// Whether `s` only stores the value the input builtin `prev` just produced.
fn copies_input(prev: &Stmt, s: &Stmt) -> bool {
    use faultline_ir::{Builtin, ExprKind, VarRef};
    let dest = match &prev.kind {
        StmtKind::Builtin(
            Builtin::Atoi { dest, .. } | Builtin::Getchar { dest } | Builtin::Nondet { dest, .. },
        ) if prev.component == Some(Component::Input) => *dest,
        _ => return false,
    };
    let StmtKind::Assign { value, .. } = &s.kind else {
        return false;
    };
    if s.component != Some(Component::Assign) {
        return false;
    }
    let mut e = value;
    while let ExprKind::Cast(inner) = &e.kind {
        e = inner;
    }
    matches!(&e.kind, ExprKind::Load(p) if p.indices.is_empty() && p.base == VarRef::Local(dest))
}
