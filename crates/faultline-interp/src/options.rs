//! What to run and how: limits, the test case's inputs, the entry point, recording switches.

use std::collections::HashMap;
use std::time::Duration;

use faultline_ir::{FuncId, StmtId};
use serde::Serialize;

use crate::overrides::Overrides;
use crate::stop::Stop;

/// Resource limits of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Limits {
    /// Statement executions (plus one per loop iteration, so that an empty loop also ends).
    pub max_steps: u64,
    /// Active calls, the entry function included.
    pub max_call_depth: u32,
    /// Wall-clock time of one run: a run still going after it ends with
    /// [`crate::RuntimeErrorKind::TimeLimit`] (a step costs 10–50 ns, so only a raised
    /// `max_steps` on a slow machine gets here).
    pub max_time: Option<Duration>,
    /// Bytes the program's live heap allocations may add up to (default
    /// [`crate::MAX_HEAP_BYTES`], 1 GiB; `faultline.toml`'s `[limits] max_heap_mb`): an
    /// allocation past it ends the run with [`crate::RuntimeErrorKind::HeapLimit`]. The
    /// interpreter's own cells for it are bounded by the same limit over
    /// [`crate::HEAP_BYTES_PER_CELL`].
    pub max_heap_bytes: u64,
}

/// The most steps a configuration may ask for: 100 M steps take seconds and an unbounded
/// count would let one test hold an analysis forever.
pub const MAX_STEPS_CEILING: u64 = 100_000_000;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_steps: 10_000_000,
            max_call_depth: 10_000,
            max_time: Some(Duration::from_secs(20)),
            max_heap_bytes: crate::MAX_HEAP_BYTES,
        }
    }
}

/// The inputs of one test case.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Input {
    /// `argv[0]`.
    pub program_name: String,
    /// `argv[1..]`.
    pub args: Vec<String>,
    pub stdin: Vec<u8>,
    /// Values returned by successive `__VERIFIER_nondet_*` calls (converted to the call's type).
    pub nondet: Vec<i128>,
}

/// Where a run starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    Main,
    /// A `void f(void)` unit test: returning normally is exit code 0.
    Function(FuncId),
}

#[derive(Clone, Copy, Debug, Default)]
pub struct RunOptions<'a> {
    pub limits: Limits,
    pub record_trace: bool,
    /// With `record_trace`: record only the executions of these statements (the trace of a
    /// long run stays whole for the few statements asked about, instead of being elided).
    pub trace_only: Option<&'a [StmtId]>,
    pub record_coverage: bool,
    pub overrides: Option<&'a Overrides>,
    /// The bounds of a program formula, enforced on this run (see [`Unwinding`]).
    pub unwinding: Option<&'a Unwinding>,
    /// The analysis's cancellation flag, deadline and memory ceiling, looked at every
    /// [`crate::CHECK_EVERY`] steps: a run that meets one ends with
    /// [`crate::RuntimeErrorKind::Stopped`].
    pub stop: Option<&'a Stop>,
}

/// The bounds a program formula is unrolled to (loops) and inlined to (calls). A diagnosis asks
/// the formula and the interpreter the same question, "does this change repair the test?", and
/// the formula answers it within these bounds (a path that needs more is excluded by an
/// unwinding assertion). A run given them ends with
/// [`crate::RuntimeErrorKind::UnwindingBound`] where the formula's path would be excluded, so
/// the two answers agree: a repair the interpreter finds is one the formula has too.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unwinding {
    /// Passes through each loop's body per entry of the loop, by loop statement: starting one
    /// more pass ends the run.
    pub loops: HashMap<StmtId, u32>,
    /// The passes of a loop not in `loops`.
    pub default: u32,
    /// Active calls of one function, the entry included: a call that would make more ends
    /// the run.
    pub max_inline_depth: u32,
}

impl Unwinding {
    pub(crate) fn passes(&self, loop_stmt: StmtId) -> u32 {
        self.loops.get(&loop_stmt).copied().unwrap_or(self.default)
    }
}
