//! Repair search: small edits of what was written at a blamed statement, each validated by
//! re-running every test.
//!
//! For a statement, [`edits::candidates`] (the `faultline-edits` crate, whose module docs list
//! the edit kinds) lists the edits a programmer plausibly meant. Each edit is two things at
//! once: a change of the IR (to run it) and a byte range of the user's file with its
//! replacement text (to show and apply it). [`Edit::order`] ranks them by plausibility
//! (structural edits before a statement's whole constant, guessed values last).
//!
//! [`Searcher::repairs`] tries them in three steps, cheapest first:
//!
//! 1. **check**: the edited IR re-runs the failing tests, stopping at the first that still
//!    fails (most edits stop at the first test);
//! 2. **validate**: it re-runs every other test; one failure rejects the edit;
//! 3. **confirm**: the edited *source text* is compiled again and every test is run on it.
//!
//! **Invariant:** an edit is reported as a repair only when the program compiled from the
//! edited text passes every test of the suite. What the user applies is exactly what ran.
//!
//! Runs are bounded: each by a step limit the caller derives from the original runs (an edit
//! that loops forever costs that much, not the suite's ten million steps), the whole search
//! by its work ([`Limits::max_work`]: interpreter steps, with a fixed charge per run, edit and
//! compile, so the same input stops at the same edit at any machine load), a deadline (a
//! safety net) and a cancellation flag.

pub mod combine;
/// Edit generation lives in its own crate; `edits::…` paths stay as they were.
pub use faultline_edits as edits;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use faultline_interp::RunOptions;
use faultline_ir::{
    Arg, Block, Builtin, Expr, ExprId, ExprKind, FuncId, PrintArg, Program, Stmt, StmtId, StmtKind,
    StrArg,
};
use faultline_runner::{Runner, Status, Suite};

pub use combine::{JointLimits, JointRepair, JointStats, Needs, StepLimits, Steps};
pub use edits::{candidates, candidates_with, Edit, EditKind};

/// An edit under which every test passes.
#[derive(Clone, Debug)]
pub struct Repair {
    /// The statement edited.
    pub stmt: StmtId,
    pub edit: Edit,
    /// Tests run and passed (all of the suite's that are not skipped).
    pub tests_passed: usize,
}

impl Repair {
    /// Whether the edit changes a temporary lowered out of the statement's text (a recursive
    /// call's argument: [`Searcher::repairs`] edits it with the statement) rather than the
    /// statement's own expressions. No value of the statement stands for such a repair when
    /// the argument sets how deep the recursion goes (`gcd(b, a / b)` never returning).
    pub fn edits_a_part(&self, program: &Program) -> bool {
        let edits::Change::Expr(id, _) = &self.edit.change else {
            return false;
        };
        let mut part = false;
        program.for_each_stmt(|_, s| {
            if s.component.is_none() && matches!(s.kind, StmtKind::Assign { .. }) {
                let mut copy = s.clone();
                for e in stmt_exprs_mut(&mut copy) {
                    e.walk(&mut |x| part |= x.id == *id);
                }
            }
        });
        part
    }
}

/// Time spent per phase of the search, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct RepairTimings {
    /// Listing the candidate edits and applying them to the IR.
    pub generate: f64,
    /// Re-running the failing tests on edited programs.
    pub check: f64,
    /// Re-running the passing tests on edits that repaired every failing one.
    pub validate: f64,
    /// Compiling the edited source text and running every test on it.
    pub confirm: f64,
    /// Candidate edits tried (each at least one test run).
    pub tried: usize,
}

/// Limits of one search.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Steps per test run (see the crate docs).
    pub max_steps: u64,
    /// Work the search may do, in [`Searcher::work`]'s units (about 40 M a second of one
    /// core): unlike the deadline, it stops the search at the same edit however loaded the
    /// machine is, so what is reported does not depend on the load.
    pub max_work: Option<u64>,
    pub deadline: Option<Instant>,
    pub cancel: Option<Arc<AtomicBool>>,
    /// Repairs kept per statement.
    pub per_statement: usize,
}

/// Searches repairs of one program against its suite.
pub struct Searcher<'a> {
    program: &'a Program,
    suite: &'a Suite,
    /// Suite indices of the failing tests (checked first) and of the others.
    failing: Vec<usize>,
    passing: Vec<usize>,
    limits: Limits,
    /// Per statement: its function.
    funcs: std::collections::HashMap<StmtId, FuncId>,
    /// Per statement: `(was, needed)` pairs of its value in the failing runs
    /// ([`Searcher::note_needed`]).
    needed: std::collections::HashMap<StmtId, Vec<(i128, i128)>>,
    pub timings: RepairTimings,
    /// Work done so far (see [`Limits::max_work`]): interpreter steps, plus [`RUN_WORK`] per
    /// test run, [`EDIT_WORK`] per edit applied and [`COMPILE_WORK`] per compile, the fixed
    /// costs that dominate on short runs. A caller may carry it over to a new searcher.
    pub work: std::cell::Cell<u64>,
}

/// [`Searcher::work`] charged per test run besides its steps (setting up the interpreter).
pub const RUN_WORK: u64 = 2_000;
/// [`Searcher::work`] charged per edit applied to the IR (a copy of the program).
pub const EDIT_WORK: u64 = 5_000;
/// [`Searcher::work`] charged per compile of an edited text (parse, lower).
pub const COMPILE_WORK: u64 = 50_000;

impl<'a> Searcher<'a> {
    /// `failing`: the suite indices of the failing tests; every other test is taken to pass.
    pub fn new(program: &'a Program, suite: &'a Suite, failing: &[usize], limits: Limits) -> Self {
        let passing = (0..suite.len()).filter(|i| !failing.contains(i)).collect();
        let mut funcs = std::collections::HashMap::new();
        program.for_each_stmt(|f, s| {
            funcs.insert(s.id, f);
        });
        Searcher {
            program,
            suite,
            failing: failing.to_vec(),
            passing,
            limits: Limits {
                per_statement: limits.per_statement.max(1),
                ..limits
            },
            funcs,
            needed: std::collections::HashMap::new(),
            timings: RepairTimings::default(),
            work: Default::default(),
        }
    }

    /// What statement `stmt` computed in the executions of the failing runs and what each
    /// needed (its angelic value): `(was, needed)` pairs. Its repairs then include the literal
    /// of `x ⊕ k` solved from them ([`edits::candidates_with`]).
    pub fn note_needed(&mut self, stmt: StmtId, needed: Vec<(i128, i128)>) {
        if !needed.is_empty() {
            self.needed.insert(stmt, needed);
        }
    }

    /// Whether the work bound was reached, the deadline passed or the search was cancelled.
    pub fn stopped(&self) -> bool {
        self.limits
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
            || (self.limits.max_work).is_some_and(|m| self.work.get() >= m)
            || self.limits.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Sets [`Limits::max_work`] (a caller bounding one part of its search by the work done
    /// so far plus that part's share).
    pub fn set_max_work(&mut self, max_work: Option<u64>) {
        self.limits.max_work = max_work;
    }

    /// [`Limits::max_work`].
    pub fn max_work(&self) -> Option<u64> {
        self.limits.max_work
    }

    /// Counts `work` units towards [`Limits::max_work`].
    pub fn charge(&self, work: u64) {
        self.work.set(self.work.get().saturating_add(work));
    }

    /// One test run of `runner` within the search's step limit, its steps charged.
    pub fn run_counted(
        &self,
        runner: &Runner<'_>,
        case: usize,
        opts: RunOptions<'_>,
    ) -> (faultline_runner::TestResult, faultline_interp::Run) {
        let (result, run) =
            runner.run_case_within(&self.suite.cases[case], opts, self.limits.max_steps);
        self.charge(RUN_WORK.saturating_add(result.steps));
        (result, run)
    }

    /// The repairs of `stmt` (up to [`Limits::per_statement`], smallest edits first), trying
    /// `hints` as constants too. Stops early when [`Searcher::stopped`].
    pub fn repairs(&mut self, stmt: StmtId, hints: &[i128]) -> Vec<Repair> {
        let Some((func, edits)) = self.edits_of(stmt, hints) else {
            return Vec::new();
        };
        let mut found: Vec<Repair> = Vec::new();
        let mut texts: Vec<Option<String>> = Vec::new();
        for edit in edits {
            if self.stopped() || found.len() >= self.limits.per_statement {
                break;
            }
            // A larger edit is only worth reporting when no smaller one repairs the line.
            if found.first().is_some_and(|r| r.edit.order() < edit.order()) {
                break;
            }
            // Two edits that leave the same text (either `/ n` of `s / n / n` dropped) are
            // one repair.
            let text = edited_text(self.program, &edit);
            if text.is_some() && texts.contains(&text) {
                continue;
            }
            if let Some(r) = self.try_edit(stmt, func, edit) {
                found.push(r);
                texts.push(text);
            }
        }
        found
    }

    /// The candidate edits of `stmt` (and of the `math.h` calls its text makes), most
    /// plausible first, with its function.
    fn edits_of(&mut self, stmt: StmtId, hints: &[i128]) -> Option<(FuncId, Vec<Edit>)> {
        let t = Instant::now();
        let &func = self.funcs.get(&stmt)?;
        let s = find(&self.program.function(func).body, stmt)?;
        let needed = self.needed.get(&stmt).map_or(&[][..], |n| &n[..]);
        let mut edits = candidates_with(self.program, func, s, hints, needed);
        // The `math.h` calls the statement's text makes are statements of their own before
        // it (`return sqrt(dx * dx + dy * dx)` reads a temporary): their arguments are what
        // the programmer wrote on this line too.
        for part in math_parts(&self.program.function(func).body, s) {
            let of_part = candidates(self.program, func, part, hints);
            // A temporary's value is edited, never where it is stored (`apply` would change
            // the blamed statement's target instead).
            let value_only = matches!(part.kind, StmtKind::Assign { .. });
            edits.extend(
                of_part
                    .into_iter()
                    .filter(|e| !value_only || matches!(e.change, edits::Change::Expr(..))),
            );
        }
        edits.sort_by_key(Edit::order);
        self.timings.generate += ms(t.elapsed());
        Some((func, edits))
    }

    /// The program with `repair`'s edit applied to its statement (the same statement ids), so
    /// that a caller can read what the repaired statement computes in each test's run.
    pub fn edited_program(&self, repair: &Repair) -> Option<Program> {
        // Its statements are not the original's: none to read by id.
        if let edits::Change::Reshape = repair.edit.change {
            return None;
        }
        let &func = self.funcs.get(&repair.stmt)?;
        apply(self.program, func, repair.stmt, &repair.edit)
    }

    /// Whether the edited program passes the failing tests (the cheap check: most edits fail
    /// one of them), then the passing ones, with both phases timed.
    fn passes_suite(&mut self, edited: &Program) -> bool {
        let t = Instant::now();
        let runner = Runner::new(edited, self.suite);
        let repaired = self.all_pass(&runner, &self.failing);
        self.timings.check += ms(t.elapsed());
        if !repaired {
            return false;
        }
        let t = Instant::now();
        let valid = self.all_pass(&runner, &self.passing);
        self.timings.validate += ms(t.elapsed());
        valid
    }

    /// Check, validate and confirm one edit.
    fn try_edit(&mut self, stmt: StmtId, func: FuncId, edit: Edit) -> Option<Repair> {
        let t = Instant::now();
        self.timings.tried += 1;
        self.charge(EDIT_WORK);
        let edited = apply(self.program, func, stmt, &edit)?;
        self.timings.generate += ms(t.elapsed());

        if !self.passes_suite(&edited) {
            return None;
        }

        let t = Instant::now();
        let confirmed = self.confirm(&edit);
        self.timings.confirm += ms(t.elapsed());
        tracing::debug!(
            line = ?self.program.files.locate(edit.span).start.line,
            before = %edit.before,
            after = %edit.after,
            confirmed = confirmed.is_some(),
            "repair"
        );
        Some(Repair {
            stmt,
            edit,
            tests_passed: confirmed?,
        })
    }

    /// Whether every test of `tests` passes (skipped ones count as passing: they say nothing).
    fn all_pass(&self, runner: &Runner<'_>, tests: &[usize]) -> bool {
        tests.iter().all(|&i| {
            let (result, _) = self.run_counted(runner, i, RunOptions::default());
            result.status != Status::Failed
        })
    }

    /// Compiles the edited text and runs every test on it: the number that passed when all
    /// did (skipped ones aside).
    fn confirm(&self, edit: &Edit) -> Option<usize> {
        self.confirm_all(&[edit])
    }

    /// [`Self::confirm`] with several edits made to the text at once.
    fn confirm_all(&self, edits: &[&Edit]) -> Option<usize> {
        let main = self.program.files.get(faultline_ir::FileId(0));
        let files = combine::edited_texts(self.program, edits)?;
        let main_text = files.get(&main.path).cloned()?;
        self.charge(COMPILE_WORK);
        // With the original's options (its variable-length array bound): the edit is tried
        // on the program the tests ran on, not on one with the default bounds.
        let program =
            faultline_lower::compile_with(&main.path, &main_text, &files, self.program.options)
                .ok()?;
        // The suite's unit tests are functions of the program: the edit must leave them be.
        if program.tests.len() != self.program.tests.len() {
            return None;
        }
        let runner = Runner::new(&program, self.suite);
        let mut passed = 0;
        for case in 0..self.suite.cases.len() {
            let (result, _) = self.run_counted(&runner, case, RunOptions::default());
            match result.status {
                Status::Passed => passed += 1,
                Status::Skipped => {}
                Status::Failed => return None,
            }
        }
        Some(passed)
    }
}

/// The statements whose edits may repair what `stmt` shows when `stmt` is a `switch` or a
/// statement of one of its cases: the last statements of the cases before it (all of them
/// for the `switch` itself) that fall through into the next case. A missing `break` is
/// repaired there, though no value those statements compute matters (the next case's
/// statements overwrite it), so no diagnosis of values names them.
pub fn fall_through_ends(program: &Program, stmt: StmtId) -> Vec<StmtId> {
    let mut out = Vec::new();
    for f in &program.functions {
        let ends = edits::fall_through_ends(&f.body);
        if ends.is_empty() {
            continue;
        }
        faultline_ir::walk_block(&f.body, &mut |s: &Stmt| {
            let StmtKind::Switch { arms, .. } = &s.kind else {
                return;
            };
            // The arm holding `stmt` (all of them for the switch itself).
            let upto = if s.id == stmt {
                Some(arms.len())
            } else {
                arms.iter().position(|a| find(&a.body, stmt).is_some())
            };
            let Some(upto) = upto else {
                return;
            };
            for end in &ends {
                if end.switch == s.id && end.arm < upto && !out.contains(&end.last) {
                    out.push(end.last);
                }
            }
        });
    }
    out
}

/// Whether `stmt` is the last statement of a `switch` case that falls through into the
/// next one.
pub fn falls_through(program: &Program, stmt: StmtId) -> bool {
    (program.functions.iter()).any(|f| {
        edits::fall_through_ends(&f.body)
            .iter()
            .any(|e| e.last == stmt)
    })
}

/// The text of `edit`'s file with the edit applied.
pub fn edited_text(program: &Program, edit: &Edit) -> Option<String> {
    let file = program.files.get(edit.span.file);
    let (start, end) = (edit.span.start as usize, edit.span.end as usize);
    if end > file.text.len() || start > end || file.text.get(start..end)? != edit.before {
        return None;
    }
    let mut text = String::with_capacity(file.text.len() + edit.after.len());
    text.push_str(&file.text[..start]);
    text.push_str(&edit.after);
    text.push_str(&file.text[end..]);
    Some(text)
}

/// The program compiled from the text with `edit` applied (every file of `program`, one of
/// them edited).
fn compile_edited(program: &Program, edit: &Edit) -> Option<Program> {
    let text = edited_text(program, edit)?;
    let main = program.files.get(faultline_ir::FileId(0));
    let mut files: std::collections::HashMap<String, String> = program
        .files
        .iter()
        .map(|(_, f)| (f.path.clone(), f.text.to_string()))
        .collect();
    let edited_path = program.files.get(edit.span.file).path.clone();
    files.insert(edited_path, text);
    let main_text = files.get(&main.path).cloned()?;
    faultline_lower::compile_with(&main.path, &main_text, &files, program.options).ok()
}

/// [`edits::Change::Recompile`]: the edited text compiled, when its statements are the
/// original's (same ids, same kinds, in the same functions), so that a statement's values in
/// a run of it are the edited statement's (`Searcher::edited_program`).
fn recompiled(program: &Program, edit: &Edit) -> Option<Program> {
    let new = compile_edited(program, edit)?;
    if new.functions.len() != program.functions.len() || new.tests.len() != program.tests.len() {
        return None;
    }
    let shape = |p: &Program| {
        let mut out = Vec::new();
        p.for_each_stmt(|f, s| {
            out.push((f, s.id, s.component, std::mem::discriminant(&s.kind)));
        });
        out
    };
    (shape(&new) == shape(program)).then_some(new)
}

/// A copy of `program` with `edit` made to statement `stmt` of `func`.
fn apply(program: &Program, func: FuncId, stmt: StmtId, edit: &Edit) -> Option<Program> {
    if let edits::Change::Recompile = &edit.change {
        return recompiled(program, edit);
    }
    if let edits::Change::Reshape = &edit.change {
        return compile_edited(program, edit).filter(|p| p.tests.len() == program.tests.len());
    }
    let mut p = program.clone();
    let mut max_id = p.expr_count;
    if let edits::Change::Expr(_, with) = &edit.change {
        with.walk(&mut |e| max_id = max_id.max(e.id.0 + 1));
    }
    p.expr_count = max_id;
    if let edits::Change::Macro { name, old, new } = &edit.change {
        let mut changed = false;
        for f in &mut p.functions {
            for_each_expr_mut(&mut f.body, &mut |e| {
                let literal = matches!(e.kind, ExprKind::Const(c) if c == *old);
                if literal && program.files.text(e.span) == name {
                    e.kind = ExprKind::Const(e.ty.wrap(*new));
                    changed = true;
                }
            });
        }
        return changed.then_some(p);
    }
    let body = &mut p.functions[func.index()].body;
    let done = match &edit.change {
        edits::Change::Delete => delete(body, stmt),
        edits::Change::InsertBreak { switch, arm } => {
            let span = edit.span;
            let id = StmtId(p.stmt_count);
            p.stmt_count += 1;
            let body = &mut p.functions[func.index()].body;
            match find_mut(body, *switch).map(|s| &mut s.kind) {
                Some(StmtKind::Switch { arms, .. }) if *arm < arms.len() => {
                    arms[*arm].body.push(Stmt {
                        id,
                        kind: StmtKind::Break,
                        span,
                        component: None,
                    });
                    true
                }
                _ => false,
            }
        }
        edits::Change::Macro { .. } | edits::Change::Recompile | edits::Change::Reshape => {
            unreachable!("applied above")
        }
        edits::Change::Expr(id, with) => {
            let s = find_mut(body, stmt)?;
            replace_in_stmt(s, *id, with) || {
                // An expression of a part computed before the statement (`math_parts`).
                let mut done = false;
                for_each_expr_mut(body, &mut |e| {
                    if !done && e.id == *id {
                        *e = with.clone();
                        done = true;
                    }
                });
                done
            }
        }
        edits::Change::PlaceBase(base) => {
            let s = find_mut(body, stmt)?;
            match &mut s.kind {
                StmtKind::Assign { place, .. } => {
                    place.base = *base;
                    true
                }
                _ => false,
            }
        }
    };
    done.then_some(p)
}

fn find(block: &Block, id: StmtId) -> Option<&Stmt> {
    let mut found = None;
    faultline_ir::walk_block(block, &mut |s: &Stmt| {
        if s.id == id {
            found = Some(s);
        }
    });
    found
}

fn find_mut(block: &mut Block, id: StmtId) -> Option<&mut Stmt> {
    for s in block.iter_mut() {
        if s.id == id {
            return Some(s);
        }
        let found = match &mut s.kind {
            StmtKind::If { then_, else_, .. } => {
                find_mut(then_, id).or_else(|| find_mut(else_, id))
            }
            StmtKind::Loop { body, latch } => find_mut(body, id).or_else(|| find_mut(latch, id)),
            StmtKind::Switch { arms, .. } => {
                arms.iter_mut().find_map(|a| find_mut(&mut a.body, id))
            }
            _ => None,
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

fn delete(block: &mut Block, id: StmtId) -> bool {
    if let Some(i) = block.iter().position(|s| s.id == id) {
        block.remove(i);
        return true;
    }
    block.iter_mut().any(|s| match &mut s.kind {
        StmtKind::If { then_, else_, .. } => delete(then_, id) || delete(else_, id),
        StmtKind::Loop { body, latch } => delete(body, id) || delete(latch, id),
        StmtKind::Switch { arms, .. } => arms.iter_mut().any(|a| delete(&mut a.body, id)),
        _ => false,
    })
}

/// Calls `f` on every expression (and sub-expression) of the statements of `block`, nested
/// blocks included.
fn for_each_expr_mut(block: &mut Block, f: &mut dyn FnMut(&mut Expr)) {
    fn walk(e: &mut Expr, f: &mut dyn FnMut(&mut Expr)) {
        f(e);
        match &mut e.kind {
            ExprKind::Const(_) => {}
            ExprKind::Load(p) | ExprKind::AddrOf(p) => {
                p.indices.iter_mut().for_each(|i| walk(i, f))
            }
            ExprKind::Unary(_, a) | ExprKind::Cast(a) => walk(a, f),
            ExprKind::Binary(_, a, b) | ExprKind::Logical(_, a, b) => {
                walk(a, f);
                walk(b, f);
            }
            ExprKind::Cond(c, a, b) => {
                walk(c, f);
                walk(a, f);
                walk(b, f);
            }
        }
    }
    for s in block.iter_mut() {
        for e in stmt_exprs_mut(s) {
            walk(e, f);
        }
        match &mut s.kind {
            StmtKind::If { then_, else_, .. } => {
                for_each_expr_mut(then_, f);
                for_each_expr_mut(else_, f);
            }
            StmtKind::Loop { body, latch } => {
                for_each_expr_mut(body, f);
                for_each_expr_mut(latch, f);
            }
            StmtKind::Switch { arms, .. } => arms
                .iter_mut()
                .for_each(|a| for_each_expr_mut(&mut a.body, f)),
            _ => {}
        }
    }
}

/// Replaces the expression `id` among the statement's own expressions (not those of nested
/// blocks) by `with`.
fn replace_in_stmt(s: &mut Stmt, id: ExprId, with: &Expr) -> bool {
    stmt_exprs_mut(s).into_iter().any(|e| replace(e, id, with))
}

/// The statement's own expressions (not those of nested blocks).
fn stmt_exprs_mut(s: &mut Stmt) -> Vec<&mut Expr> {
    let mut exprs: Vec<&mut Expr> = Vec::new();
    match &mut s.kind {
        StmtKind::Assign { place, value } => {
            exprs.extend(place.indices.iter_mut());
            exprs.push(value);
        }
        StmtKind::Return(Some(e)) | StmtKind::Exit(e) => exprs.push(e),
        StmtKind::If { cond, .. } => exprs.push(cond),
        StmtKind::Switch { scrutinee, .. } => exprs.push(scrutinee),
        StmtKind::Call { args, .. } => {
            for a in args {
                match a {
                    Arg::Value(e) => exprs.push(e),
                    Arg::ArrayRef(p) => exprs.extend(p.indices.iter_mut()),
                }
            }
        }
        StmtKind::Builtin(Builtin::Printf { args, .. }) => {
            for a in args {
                match a {
                    PrintArg::Int(e) => exprs.push(e),
                    PrintArg::Str(StrArg::Array(p)) => exprs.extend(p.indices.iter_mut()),
                    PrintArg::Str(StrArg::Literal(_)) => {}
                    PrintArg::Str(StrArg::Ptr(e)) => exprs.push(e),
                }
            }
        }
        StmtKind::Builtin(Builtin::Putchar { value, .. }) => exprs.push(value),
        StmtKind::Builtin(Builtin::Math { args, .. }) => exprs.extend(args.iter_mut()),
        _ => {}
    }
    exprs
}

/// The parts lowered out of `stmt`'s own text: statements without a component, written
/// inside `stmt`'s source range, in the same block before it: `math.h` calls, and the
/// temporaries of a recursive call's arguments (`return gcd(b, a / b)` computes `a / b`
/// first, not a component of its own so that the recursion's depth stays concrete, but what
/// the programmer wrote on this line all the same).
fn math_parts<'b>(body: &'b Block, stmt: &Stmt) -> Vec<&'b Stmt> {
    let mut out = Vec::new();
    faultline_ir::walk_block(body, &mut |s: &'b Stmt| {
        if s.component.is_none()
            && matches!(
                s.kind,
                StmtKind::Builtin(Builtin::Math { .. }) | StmtKind::Assign { .. }
            )
            && s.span.file == stmt.span.file
            && s.span.start >= stmt.span.start
            && s.span.end <= stmt.span.end
        {
            out.push(s);
        }
    });
    out
}

fn replace(e: &mut Expr, id: ExprId, with: &Expr) -> bool {
    if e.id == id {
        *e = with.clone();
        return true;
    }
    match &mut e.kind {
        ExprKind::Const(_) => false,
        ExprKind::Load(p) | ExprKind::AddrOf(p) => {
            p.indices.iter_mut().any(|i| replace(i, id, with))
        }
        ExprKind::Unary(_, a) | ExprKind::Cast(a) => replace(a, id, with),
        ExprKind::Binary(_, a, b) | ExprKind::Logical(_, a, b) => {
            replace(a, id, with) || replace(b, id, with)
        }
        ExprKind::Cond(c, a, b) => {
            replace(c, id, with) || replace(a, id, with) || replace(b, id, with)
        }
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
