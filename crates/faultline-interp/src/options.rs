//! What to run and how: limits, the test case's inputs, the entry point, recording switches.

use faultline_ir::FuncId;
use serde::Serialize;

use crate::overrides::Overrides;

/// Resource limits of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Limits {
    /// Statement executions (plus one per loop iteration, so that an empty loop also ends).
    pub max_steps: u64,
    /// Active calls, the entry function included.
    pub max_call_depth: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_steps: 10_000_000,
            max_call_depth: 10_000,
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
    pub record_coverage: bool,
    pub overrides: Option<&'a Overrides>,
}
