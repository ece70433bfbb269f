//! Recorded executions: the value trace and statement coverage.

use faultline_ir::StmtId;
use serde::Serialize;

/// The values each executed statement produced, in execution order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Trace {
    pub events: Vec<TraceEvent>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TraceEvent {
    pub stmt: StmtId,
    /// How many times `stmt` executed before in this run (0-based).
    pub instance: u32,
    pub values: Vec<i128>,
}

impl Trace {
    /// The events of one statement, in order.
    pub fn of(&self, stmt: StmtId) -> impl Iterator<Item = &TraceEvent> + '_ {
        self.events.iter().filter(move |e| e.stmt == stmt)
    }
}

/// How often each statement executed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Coverage {
    counts: Vec<u32>,
}

impl Coverage {
    pub(crate) fn from_counts(counts: Vec<u32>) -> Self {
        Coverage { counts }
    }

    pub fn count(&self, stmt: StmtId) -> u32 {
        self.counts.get(stmt.index()).copied().unwrap_or(0)
    }

    /// Statements executed at least once, in id order.
    pub fn covered(&self) -> impl Iterator<Item = StmtId> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(i, _)| StmtId(i as u32))
    }

    /// All counts, indexed by `StmtId`.
    pub fn counts(&self) -> &[u32] {
        &self.counts
    }
}
