//! Refinement (CFaults): split the statements of a diagnosis into their sub-expressions and
//! solve again to pinpoint the faulty operand or operator.
//!
//! Every expression node of the blamed statements (the value of an assignment, a condition, a
//! returned value, printf arguments, array indices of the places they write) becomes a component
//! of its own, weighted by the size of its sub-tree: relaxing the constant `-1` of `x < -1`
//! costs 1, relaxing the whole comparison costs 3, so the cheapest explanation is the smallest
//! sub-expression whose change makes every test the diagnosis explains pass. Every other
//! statement is healthy, so each replica folds to little more than the relaxed expressions.
//! Implicit conversions (casts the lowerer inserted) are not components: they are not something
//! the programmer wrote, and their operand carries the same value.
//!
//! As for statements, every refined diagnosis is validated by re-running the tests with the
//! angelic values substituted for the expressions' evaluations (interpreter expression
//! overrides); one that does not pass is never reported.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::time::Instant;

use faultline_ir::{Arg, Builtin, Expr, ExprKind, Place, PrintArg, Program, Stmt, StmtKind, UnOp};
use faultline_maxsat::{Enumerator, SolveError};
use faultline_ssa::{ComponentId, SymexOptions, TermStore};
use serde::Serialize;

use crate::formula::Encoded;
use crate::report::{AngelicTest, AngelicValue, Value};
use crate::{ms, Candidate, Ctx, DiagnoseError, Timings};

/// How many refined diagnoses to report per diagnosis.
pub const MAX_REFINEMENTS: usize = 5;

/// A set of sub-expressions of a diagnosis's statements that, changed to produce the angelic
/// values, makes every test the diagnosis explains pass.
#[derive(Clone, Debug, Serialize)]
pub struct Refinement {
    /// 1-based position among the refinements of its diagnosis.
    pub rank: usize,
    /// Sum of the sub-tree sizes of the blamed expressions.
    pub cost: u64,
    /// Re-running the tests with the angelic values substituted made them pass.
    pub validated: bool,
    pub expressions: Vec<BlamedExpression>,
}

#[derive(Clone, Debug, Serialize)]
pub struct BlamedExpression {
    pub path: String,
    pub line: u32,
    pub column: u32,
    pub end_line: u32,
    pub end_column: u32,
    /// The expression's source text (whitespace collapsed).
    pub text: String,
    /// Line of the statement the expression belongs to.
    pub statement_line: u32,
    /// Size of the expression's sub-tree (its MaxSAT weight).
    pub weight: u64,
    /// What the expression should have evaluated to, per test and evaluation.
    pub angelic: Vec<AngelicTest>,
}

/// A sub-expression that refinement may blame.
struct ExprComponent<'p> {
    id: ComponentId,
    expr: &'p Expr,
    stmt: &'p Stmt,
    weight: u64,
}

/// The expressions a statement evaluates itself (not those of the statements it contains).
fn statement_roots(s: &Stmt) -> Vec<&Expr> {
    fn place<'a>(p: &'a Place, out: &mut Vec<&'a Expr>) {
        out.extend(p.indices.iter());
    }
    let mut out = Vec::new();
    match &s.kind {
        StmtKind::Assign { place: p, value } => {
            place(p, &mut out);
            out.push(value);
        }
        StmtKind::Call { args, .. } => {
            for a in args {
                match a {
                    Arg::Value(e) => out.push(e),
                    Arg::ArrayRef(p) => place(p, &mut out),
                }
            }
        }
        StmtKind::Builtin(b) => match b {
            Builtin::Printf { args, .. } => {
                for a in args {
                    if let PrintArg::Int(e) = a {
                        out.push(e);
                    }
                }
            }
            Builtin::Putchar { value, .. } => out.push(value),
            Builtin::Scanf { targets, .. } => {
                for t in targets {
                    place(t, &mut out);
                }
            }
            _ => {}
        },
        StmtKind::If { cond, .. } => out.push(cond),
        StmtKind::Switch { scrutinee, .. } => out.push(scrutinee),
        StmtKind::Return(Some(e)) | StmtKind::Exit(e) => out.push(e),
        _ => {}
    }
    out
}

/// `e` and its sub-expressions, parents first (`Expr::walk` with the tree's lifetime).
fn subexpressions<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    out.push(e);
    match &e.kind {
        ExprKind::Const(_) => {}
        ExprKind::Load(p) | ExprKind::AddrOf(p) => {
            for i in &p.indices {
                subexpressions(i, out);
            }
        }
        ExprKind::Unary(_, a) | ExprKind::Cast(a) => subexpressions(a, out),
        ExprKind::Binary(_, a, b) | ExprKind::Logical(_, a, b) => {
            subexpressions(a, out);
            subexpressions(b, out);
        }
        ExprKind::Cond(c, a, b) => {
            subexpressions(c, out);
            subexpressions(a, out);
            subexpressions(b, out);
        }
    }
}

/// Number of non-cast nodes of `e`'s sub-tree.
fn size(e: &Expr) -> u64 {
    let mut n = 0;
    e.walk(&mut |x: &Expr| {
        if !matches!(x.kind, ExprKind::Cast(_)) {
            n += 1;
        }
    });
    n
}

fn is_truth_valued(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::Logical(..) | ExprKind::Unary(UnOp::Not, _)
    ) || matches!(e.kind, ExprKind::Binary(op, ..) if op.is_comparison())
}

impl Ctx<'_> {
    /// Refine diagnosis `c` (which explains `tests`) into its sub-expressions.
    pub(crate) fn refine(
        &self,
        c: &Candidate,
        tests: &[usize],
        timings: &mut Timings,
    ) -> Result<Vec<Refinement>, DiagnoseError> {
        let base = self.components.len() as u32;
        let mut comps: Vec<ExprComponent<'_>> = Vec::new();
        for &id in &c.blamed {
            let Some(stmt) = self
                .components
                .get(id)
                .and_then(|i| self.ranker.stmts.get(&i.stmt).copied())
            else {
                continue;
            };
            let mut all = Vec::new();
            for root in statement_roots(stmt) {
                subexpressions(root, &mut all);
            }
            for e in all {
                if matches!(e.kind, ExprKind::Cast(_)) {
                    continue;
                }
                comps.push(ExprComponent {
                    id: ComponentId(base + comps.len() as u32),
                    expr: e,
                    stmt,
                    weight: size(e),
                });
            }
        }
        if comps.is_empty() {
            return Ok(Vec::new());
        }
        let by_id: HashMap<ComponentId, &ExprComponent<'_>> =
            comps.iter().map(|e| (e.id, e)).collect();
        let opts = SymexOptions {
            relax_only: Some(BTreeSet::new()),
            relax_exprs: Some(Arc::new(comps.iter().map(|e| (e.expr.id, e.id)).collect())),
            ..self.formulas.symex_opts().clone()
        };
        let t = Instant::now();
        let mut store = TermStore::new();
        let replicas = self.formulas.replicas(tests, &opts, &mut store)?;
        let weight_of = |c: ComponentId| by_id.get(&c).map_or(1, |e| e.weight);
        let n = replicas.len();
        let mut enc = Encoded::with_weights(store, replicas, &weight_of, self.budget)?;
        self.formulas.note_refined(n, &enc);
        timings.encode += ms(t.elapsed());
        let mut en = Enumerator::new(enc.formula.instance(), self.budget.solve_options(None));
        // (cost, blamed expressions, angelic values per test)
        let mut out: Vec<(u64, BTreeSet<ComponentId>, _)> = Vec::new();
        while out.len() < MAX_REFINEMENTS {
            let t = Instant::now();
            let next = en.next();
            timings.enumerate += ms(t.elapsed());
            let sol = match next {
                Ok(Some(sol)) => sol,
                // What was refined so far stands at the budget's time or memory ceiling.
                Ok(None)
                | Err(SolveError::HardUnsat | SolveError::Timeout | SolveError::OutOfMemory) => {
                    break
                }
                Err(e) => return Err(self.budget.solve_error(e)),
            };
            let blamed = enc.blamed(&sol);
            let angelic = enc.angelic(&sol, &blamed);
            let t = Instant::now();
            let validated = self.validator.passes(&angelic);
            timings.validate += ms(t.elapsed());
            if validated {
                out.push((sol.cost, blamed, angelic));
            } else {
                tracing::error!(
                    "refinement {:?} failed validation: encoder and interpreter disagree",
                    blamed
                );
            }
        }
        out.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.len().cmp(&b.1.len())));
        Ok(out
            .into_iter()
            .enumerate()
            .map(|(i, (cost, blamed, angelic))| Refinement {
                rank: i + 1,
                cost,
                validated: true,
                expressions: self.describe_exprs(&blamed, &by_id, &angelic),
            })
            .collect())
    }

    fn describe_exprs(
        &self,
        blamed: &BTreeSet<ComponentId>,
        by_id: &HashMap<ComponentId, &ExprComponent<'_>>,
        angelic: &[(usize, crate::formula::ReplicaAngelic)],
    ) -> Vec<BlamedExpression> {
        let program: &Program = self.program;
        let mut out: Vec<BlamedExpression> = blamed
            .iter()
            .filter_map(|id| by_id.get(id))
            .map(|ec| {
                let loc = program.files.locate(ec.expr.span);
                let stmt_loc = program.files.locate(ec.stmt.span);
                let angelic = angelic
                    .iter()
                    .filter_map(|(test, a)| {
                        let by = a.by_expr();
                        let vals = by.get(&ec.expr.id)?;
                        let mut values: Vec<AngelicValue> = vals
                            .iter()
                            .map(|&(instance, value, width)| AngelicValue {
                                instance,
                                slot: 0,
                                value: expr_value(ec.expr, value, width),
                                was: None,
                            })
                            .collect();
                        values.sort_by_key(|v| v.instance);
                        Some(AngelicTest {
                            test: self.suite.cases[*test].name.clone(),
                            values,
                        })
                    })
                    .collect();
                BlamedExpression {
                    path: loc.path,
                    line: loc.start.line,
                    column: loc.start.column,
                    end_line: loc.end.line,
                    end_column: loc.end.column,
                    text: program
                        .files
                        .text(ec.expr.span)
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" "),
                    statement_line: stmt_loc.start.line,
                    weight: ec.weight,
                    angelic,
                }
            })
            .collect();
        out.sort_by(|a, b| (&a.path, a.line, a.column).cmp(&(&b.path, b.line, b.column)));
        out
    }
}

/// Truth-valued expressions are shown as booleans, others in their type's signedness.
fn expr_value(e: &Expr, v: i128, width: u32) -> Value {
    if is_truth_valued(e) {
        return Value::Bool(v != 0);
    }
    if e.ty.is_float() {
        return crate::float_value(e.ty, v);
    }
    if e.ty.is_signed() {
        Value::Int(v)
    } else {
        Value::Int(v & faultline_ssa::term::mask(width) as i128)
    }
}
