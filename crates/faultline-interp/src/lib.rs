//! Sandboxed interpreter of faultline IR.
//!
//! Runs a lowered C program with the results gcc -O0 gives on x86-64 Linux for everything C
//! defines, and stops with a located [`Outcome::RuntimeError`] at the first undefined behaviour it
//! can see (division by zero, signed overflow, bad shifts, out-of-bounds indexing, reads of
//! uninitialized locals, use of a missing return value) or exceeded limit. The program touches
//! nothing outside itself: standard streams are in-memory buffers.
//!
//! Optional recordings serve the diagnoser: a value [`Trace`] (what each statement produced, per
//! dynamic instance), [`Coverage`] counts, and [`Overrides`] that replace what a statement
//! produces at a given instance:
//!
//! | statement | trace values | override `v` |
//! |---|---|---|
//! | Assign | `[stored]` | store `v[0]` (converted) without evaluating the value |
//! | If | `[0 or 1]` | take the branch `v[0] != 0` without evaluating the condition |
//! | Return | `[value]` or `[]` | return `v[0]` |
//! | Switch | `[arm index]` or `[-1]` | enter arm `v[0]` (-1: none) |
//! | Call | `[returned]` or `[]` | the callee runs, then the destination gets `v[0]` |
//! | Scanf | stored values in order | the `i`-th stored value is `v[i]` |
//! | Printf, Putchar, Puts | the bytes printed | print the bytes `v` instead (none: print nothing), evaluating nothing |
//! | Getchar, Nondet, Atoi | `[value]` | `v[0]` |
//! | Exit | `[code]` | exit with `v[0]` |
//! | Assert, Assume | `[0 or 1]` | holds iff `v[0] != 0` |
//!
//! Expression overrides ([`Overrides::set_expr`]) replace the `k`-th evaluation of an expression
//! in the run; an overridden expression's operands are not evaluated.
//!
//! Limits: `steps` counts statement executions plus one per loop iteration (so an empty
//! `while (1);` also stops); calls deeper than `max_call_depth` stop with `RecursionTooDeep`.
//! A run may also be held to a program formula's bounds ([`Unwinding`]), which ends it with
//! `UnwindingBound` where the formula's unrolling would end the path.
//! Calls never recurse on the host stack (the executor keeps its own frame stack), so any depth
//! is safe on a small thread. Expressions nested deeper than 2000 levels are refused.
//!
//! Performance: for repeated runs of one program build a [`Prepared`] once (frame layouts,
//! flattened control flow) and call [`run_prepared`]; [`run`] prepares on every call.
//!
//! The text semantics of the library calls (`printf` rendering, `scanf`/`getchar` on the input
//! buffer, `atoi`) are `faultline_libc`'s, shared with the symbolic executor; the interpreter
//! keeps only the input position.
//!
//! Modules: `prepare` (layouts and flattening), `exec` (the executor), [`value`] (C arithmetic
//! and undefined-behaviour checks), `trace`, `overrides`, `outcome`, `options`.

mod exec;
mod options;
mod outcome;
mod overrides;
mod prepare;
mod stop;
mod trace;
pub mod value;

use faultline_ir::Program;

pub use exec::{
    is_pointer_override, pointer_at_offset, pointer_object_override, pointer_object_target,
    pointer_offset, pointer_offset_override, PointerTarget,
};
pub use exec::{HEAP_BYTES_PER_CELL, MAX_HEAP_BYTES, MAX_HEAP_CELLS};
pub use options::{Entry, Input, Limits, RunOptions, Unwinding, MAX_STEPS_CEILING};
pub use outcome::{ArithOp, AssertSides, Outcome, RuntimeErrorKind};
pub use overrides::Overrides;
pub use prepare::Prepared;
pub use stop::{
    release_free_memory, resident_bytes, Charge, MemoryAccount, Stop, StopReason, CHECK_EVERY,
};
pub use trace::{Coverage, Trace, TraceEvent, TRACE_HEAD, TRACE_TAIL};

/// Everything one run produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub outcome: Outcome,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// Statements executed (plus loop iterations).
    pub steps: u64,
    /// Deepest call nesting reached (1 = only the entry function).
    pub max_depth: u32,
    pub trace: Option<Trace>,
    pub coverage: Option<Coverage>,
}

/// Run `entry` of `program` on one test case. Prepares the program first; use [`run_prepared`]
/// to run many cases.
pub fn run(program: &Program, entry: Entry, input: &Input, opts: &RunOptions) -> Run {
    let prepared = Prepared::new(program);
    run_prepared(&prepared, entry, input, opts)
}

/// Run `entry` of a prepared program on one test case.
pub fn run_prepared(prepared: &Prepared, entry: Entry, input: &Input, opts: &RunOptions) -> Run {
    exec::run(prepared, entry, input, opts)
}
