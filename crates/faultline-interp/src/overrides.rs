//! Value overrides: "at statement S, dynamic instance k, produce these values instead". The
//! diagnoser validates candidate fixes by replaying a test with the suspicious statement's values
//! replaced.

use std::collections::HashMap;

use faultline_ir::{ExprId, StmtId};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overrides {
    stmts: HashMap<(StmtId, u32), Vec<i128>>,
    exprs: HashMap<(ExprId, u32), i128>,
}

impl Overrides {
    pub fn new() -> Self {
        Self::default()
    }

    /// At the `instance`-th (0-based) execution of `stmt`, produce `values` (see the crate docs for
    /// what each statement kind does with them).
    pub fn set(&mut self, stmt: StmtId, instance: u32, values: Vec<i128>) {
        self.stmts.insert((stmt, instance), values);
    }

    /// Takes back the override of `stmt`'s `instance`-th execution (it computes as written
    /// again), returning its values.
    pub fn remove(&mut self, stmt: StmtId, instance: u32) -> Option<Vec<i128>> {
        self.stmts.remove(&(stmt, instance))
    }

    /// The `instance`-th (0-based) evaluation of `expr` in the run yields `value` (converted to the
    /// expression's type) without evaluating its operands.
    pub fn set_expr(&mut self, expr: ExprId, instance: u32, value: i128) {
        self.exprs.insert((expr, instance), value);
    }

    pub fn is_empty(&self) -> bool {
        self.stmts.is_empty() && self.exprs.is_empty()
    }

    pub(crate) fn has_stmts(&self) -> bool {
        !self.stmts.is_empty()
    }

    pub(crate) fn has_exprs(&self) -> bool {
        !self.exprs.is_empty()
    }

    /// The values given for the `instance`-th execution of `stmt`, if any.
    pub fn stmt(&self, stmt: StmtId, instance: u32) -> Option<&[i128]> {
        self.stmts.get(&(stmt, instance)).map(Vec::as_slice)
    }

    pub(crate) fn expr(&self, expr: ExprId, instance: u32) -> Option<i128> {
        self.exprs.get(&(expr, instance)).copied()
    }

    /// Statements that have at least one override (to size a dense lookup table).
    pub(crate) fn stmt_ids(&self) -> impl Iterator<Item = StmtId> + '_ {
        self.stmts.keys().map(|(s, _)| *s)
    }

    pub(crate) fn expr_ids(&self) -> impl Iterator<Item = ExprId> + '_ {
        self.exprs.keys().map(|(e, _)| *e)
    }
}
