//! Recorded executions: the value trace and statement coverage.

use faultline_ir::StmtId;
use serde::Serialize;

/// Events a trace keeps from the start of a run before it starts dropping the middle.
pub const TRACE_HEAD: usize = 100_000;
/// Events a trace keeps from the end of a run whose middle was dropped.
pub const TRACE_TAIL: usize = 20_000;

/// The values each executed statement produced, in execution order.
///
/// Bounded: a run of more than [`TRACE_HEAD`] + [`TRACE_TAIL`] events keeps its first
/// [`TRACE_HEAD`] and its last [`TRACE_TAIL`] events (the first and the last iterations of a
/// loop that did not end), and summarizes the middle: how many events were dropped and which
/// branch outcomes they took. A test stuck in a loop until the step limit then costs about
/// 8 MB instead of the 400+ MB its 10 M events took.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Trace {
    pub events: Vec<TraceEvent>,
    /// Events dropped from the middle of the run (0: the trace is whole).
    pub elided: u64,
    /// Where the gap is: `events[..elided_at]` are the first events of the run,
    /// `events[elided_at..]` the last ones (only meaningful when `elided > 0`).
    pub elided_at: usize,
    /// The branch outcomes (`if` taken or not, `switch` arm) of the dropped events, each once,
    /// in no particular order: what a slice along the run's branches needs of the middle.
    pub elided_branches: Vec<(StmtId, i128)>,
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

    /// Whether the middle of the run was dropped (see [`Trace`]).
    pub fn is_elided(&self) -> bool {
        self.elided > 0
    }
}

/// The recorder behind a [`Trace`]: a head kept whole and a ring buffer of the latest events,
/// whose slots (and their value vectors) are reused once it is full, so a run past the head
/// allocates nothing more.
#[derive(Default)]
pub(crate) struct Recorder {
    head: Vec<TraceEvent>,
    tail: Vec<TraceEvent>,
    /// Next slot of `tail` to overwrite once it is full.
    next: usize,
    elided: u64,
    branches: std::collections::HashSet<(StmtId, i128)>,
}

impl Recorder {
    /// Events held (the head and the tail kept so far).
    pub(crate) fn events(&self) -> usize {
        self.head.len() + self.tail.len()
    }

    /// Records one event; `branch` says the statement is an `if` or a `switch`.
    #[inline]
    pub(crate) fn push(&mut self, stmt: StmtId, instance: u32, values: &[i128], branch: bool) {
        if self.head.len() < TRACE_HEAD {
            self.head.push(TraceEvent {
                stmt,
                instance,
                values: values.to_vec(),
            });
            return;
        }
        self.push_tail(stmt, instance, values, branch);
    }

    #[cold]
    #[inline(never)]
    fn push_tail(&mut self, stmt: StmtId, instance: u32, values: &[i128], branch: bool) {
        // Branch outcomes are noted as they pass through the tail: the ones that get dropped
        // are then known, and the ones kept are noted twice, which is harmless.
        if branch {
            if let Some(&v) = values.first() {
                self.branches.insert((stmt, v));
            }
        }
        if self.tail.len() < TRACE_TAIL {
            self.tail.push(TraceEvent {
                stmt,
                instance,
                values: values.to_vec(),
            });
            return;
        }
        let slot = &mut self.tail[self.next];
        slot.stmt = stmt;
        slot.instance = instance;
        slot.values.clear();
        slot.values.extend_from_slice(values);
        self.next = (self.next + 1) % TRACE_TAIL;
        self.elided += 1;
    }

    pub(crate) fn finish(self) -> Trace {
        let Recorder {
            mut head,
            mut tail,
            next,
            elided,
            branches,
        } = self;
        let elided_at = head.len();
        tail.rotate_left(next);
        head.append(&mut tail);
        let mut elided_branches: Vec<(StmtId, i128)> = if elided > 0 {
            branches.into_iter().collect()
        } else {
            Vec::new()
        };
        elided_branches.sort_unstable();
        Trace {
            events: head,
            elided,
            elided_at,
            elided_branches,
        }
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
