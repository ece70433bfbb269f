//! Weighted partial MaxSAT on rustsat + CaDiCaL.
//!
//! - [`solve`] finds one optimum with core-guided OLL (incremental totalizers, core
//!   trimming, budgeted minimization and exhaustion, diversity-based stratification when
//!   weights differ, hardening) or, as a cross-check, with linear SAT-UNSAT search (its
//!   generalized totalizer grows with the number of distinct sums: small instances only).
//! - [`Enumerator`] lists subset-minimal solutions in non-decreasing cost order (all
//!   optima first), incrementally on one SAT solver.
//! - [`Lexicographic`] finds a cheapest solution, ties broken by a second objective, again
//!   and again as hard clauses are added (the optimization of implicit hitting sets).
//! - [`Oracle`] answers "can these softs all hold?" with a model or a (trimmed) core, for
//!   implicit hitting set algorithms that keep the optimization outside the SAT solver.
//! - All of them stop promptly on a cancellation flag, a timeout or the caller's memory
//!   ceiling (asked inside SAT calls too, where learnt clauses grow), and at a work budget
//!   in CaDiCaL conflicts (the same point of the search at any machine load).
//!
//! A soft `(lit, w)` asks for `lit` to be true and costs `w` when it is false. Callers that
//! need "at least one of these softs is false" simply add the hard clause of the negated
//! soft literals.
//!
//! Limits: the total soft weight must stay below `u64::MAX / 4`; softs of weight 0 are
//! accepted but never count or get reported; there is no weight-aware core extraction, so
//! instances whose cores are huge and heavily weighted (random MaxSAT) can be slow.
//!
//! ```
//! use faultline_maxsat::{solve, Instance, SolveOptions};
//! use rustsat::clause;
//!
//! let mut inst = Instance::new();
//! let (a, b) = (inst.new_lit(), inst.new_lit());
//! inst.add_hard(clause![!a, !b]); // not both
//! let sa = inst.add_soft(a, 3);
//! let sb = inst.add_soft(b, 5);
//! let sol = solve(&inst, &SolveOptions::default()).unwrap();
//! assert_eq!(sol.cost, 3);
//! assert_eq!(sol.falsified, vec![sa]);
//! # let _ = sb;
//! ```

mod backend;
mod cancel;
mod enumerate;
mod instance;
mod lexicographic;
mod linear;
mod oll;
mod oracle;

use std::{
    sync::{atomic::AtomicBool, Arc},
    time::Duration,
};

pub use cancel::MemoryCeiling;
pub use enumerate::Enumerator;
pub use instance::{Instance, SoftId};
pub use lexicographic::Lexicographic;
pub use oracle::{Check, Oracle};

use backend::Backend;
use cancel::Cancel;
use enumerate::Engine;

/// Which optimization algorithm to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Algorithm {
    /// Core-guided OLL with incremental totalizers (fast on large, sparse-cost instances).
    #[default]
    Oll,
    /// Model-improving linear search through a PB encoding (cross-check; small instances).
    LinearSatUnsat,
}

/// How to run a solve or an enumeration.
#[derive(Debug, Clone, Default)]
pub struct SolveOptions {
    /// Wall-clock budget. For an [`Enumerator`] it covers its whole life.
    pub timeout: Option<Duration>,
    /// Set to `true` (from any thread) to stop with [`SolveError::Cancelled`].
    pub cancel: Option<Arc<AtomicBool>>,
    pub algorithm: Algorithm,
    /// Work budget: CaDiCaL conflicts summed over every SAT call (for an [`Enumerator`],
    /// [`Lexicographic`] or [`Oracle`], over its whole life); running out is
    /// [`SolveError::OutOfWork`]. Unlike `timeout`, the same instance runs out at the same
    /// point of the search however loaded the machine is.
    pub conflicts: Option<u64>,
    /// The caller's memory ceiling, asked while the solver works (inside SAT calls too, at
    /// most every 10 ms); over it is [`SolveError::OutOfMemory`].
    pub memory: Option<MemoryCeiling>,
}

/// A solution: its cost, the falsified softs, and a model of the instance's variables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    pub cost: u64,
    /// Softs with positive weight whose literal is false, sorted by id.
    pub falsified: Vec<SoftId>,
    /// Values for variables `0..inst.n_vars()`.
    pub model: rustsat::types::Assignment,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error("cancelled")]
    Cancelled,
    #[error("timeout")]
    Timeout,
    /// The work budget ([`SolveOptions::conflicts`]) ran out.
    #[error("out of work: the conflict budget ran out")]
    OutOfWork,
    /// The memory went over the caller's ceiling ([`SolveOptions::memory`]).
    #[error("out of memory: over the memory ceiling")]
    OutOfMemory,
    #[error("hard clauses are unsatisfiable")]
    HardUnsat,
    #[error("solver error: {0}")]
    Solver(String),
}

/// Finds one minimum-cost solution.
///
/// # Errors
///
/// [`SolveError::HardUnsat`] if the hard clauses have no model, `Cancelled` / `Timeout` /
/// `OutOfMemory` as requested through `opts`, `OutOfWork` past `opts.conflicts`, `Solver` for
/// internal failures (an allocation CaDiCaL refused, total weight above `u64::MAX / 4`).
pub fn solve(inst: &Instance, opts: &SolveOptions) -> Result<Solution, SolveError> {
    let cancel = Cancel::of(opts);
    let mut be = Backend::new(inst, cancel)?;
    be.limit_work(opts.conflicts);
    let mut engine = Engine::new(&be, opts.algorithm, true)?;
    engine.optimum(&mut be)?.ok_or(SolveError::HardUnsat)
}
