//! Enumeration of subset-minimal solutions in non-decreasing cost order.
//!
//! After each solution with falsified set `D` we add the hard clause "some soft of `D` is
//! satisfied". It excludes `D` and all its supersets; since weights are positive, any
//! proper subset of a later solution would have been cheaper and hence found (and
//! reported) first, so every reported solution is subset-minimal. The SAT solver and the
//! algorithm's state (OLL cores/totalizers, lower bound) are kept across calls: blocking
//! clauses are ordinary hard clauses and every bound derived so far stays valid.

use rustsat::types::Clause;

use crate::{
    backend::Backend, cancel::Cancel, linear::Linear, oll::Oll, Algorithm, Instance, SoftId,
    Solution, SolveError, SolveOptions,
};

/// One optimization algorithm over a shared [`Backend`].
pub(crate) enum Engine {
    Oll(Oll),
    Linear(Linear),
}

impl Engine {
    pub(crate) fn new(
        be: &Backend,
        alg: Algorithm,
        single_optimum: bool,
    ) -> Result<Self, SolveError> {
        Ok(match alg {
            Algorithm::Oll => Engine::Oll(Oll::new(be, single_optimum)),
            Algorithm::LinearSatUnsat => Engine::Linear(Linear::new(be)?),
        })
    }

    pub(crate) fn optimum(&mut self, be: &mut Backend) -> Result<Option<Solution>, SolveError> {
        match self {
            Engine::Oll(o) => o.optimum(be),
            Engine::Linear(l) => l.optimum(be),
        }
    }
}

enum State {
    /// Ready to search.
    Running { be: Box<Backend>, engine: Engine },
    /// Setup or an earlier call failed in a way that cannot be resumed; repeated forever.
    Failed(SolveError),
    /// No further solutions.
    Exhausted,
}

/// Yields every subset-minimal solution, cheapest first. See the module documentation.
///
/// The timeout in [`SolveOptions`] covers the enumerator's whole life, starting at
/// [`Enumerator::new`]. After `Err(Cancelled)`, `Err(Timeout)` or `Err(OutOfMemory)` the
/// enumerator is still consistent: once the stop condition is lifted (flag reset, memory
/// freed), `next` continues.
pub struct Enumerator {
    state: State,
    found_any: bool,
}

impl Enumerator {
    /// Loads `inst` into a fresh SAT solver. Errors during setup (cancellation, timeout,
    /// oversized weights) are reported by the first call to [`Enumerator::next`].
    #[must_use]
    pub fn new(inst: &Instance, opts: SolveOptions) -> Self {
        let cancel = Cancel::of(&opts);
        let state = match Backend::new(inst, cancel)
            .map(|mut be| {
                be.limit_work(opts.conflicts);
                be
            })
            .and_then(|be| Engine::new(&be, opts.algorithm, false).map(|engine| (be, engine)))
        {
            Ok((be, engine)) => State::Running {
                be: Box::new(be),
                engine,
            },
            Err(e) => State::Failed(e),
        };
        Self {
            state,
            found_any: false,
        }
    }

    /// The next subset-minimal solution (non-decreasing cost), `Ok(None)` when exhausted.
    ///
    /// If the hard clauses are unsatisfiable the first call returns `Err(HardUnsat)` and
    /// later calls `Ok(None)`.
    #[allow(clippy::should_implement_trait)] // fallible: Iterator would hide the Result shape
    pub fn next(&mut self) -> Result<Option<Solution>, SolveError> {
        let (be, engine) = match &mut self.state {
            State::Running { be, engine } => (be, engine),
            State::Failed(e) => return Err(e.clone()),
            State::Exhausted => return Ok(None),
        };
        match engine.optimum(be) {
            Ok(Some(sol)) => {
                // (CaDiCaL's lucky phases, which only pay on the first call, are off after
                // it: see `Backend::disable_lucky`.)
                self.found_any = true;
                self.block(&sol.falsified);
                Ok(Some(sol))
            }
            Ok(None) => {
                self.state = State::Exhausted;
                if self.found_any {
                    Ok(None)
                } else {
                    self.found_any = true;
                    Err(SolveError::HardUnsat)
                }
            }
            Err(e @ (SolveError::Cancelled | SolveError::Timeout | SolveError::OutOfMemory)) => {
                Err(e)
            }
            Err(e) => {
                self.state = State::Failed(e.clone());
                Err(e)
            }
        }
    }

    /// Adds the hard clause "at least one soft in `falsified` is satisfied", excluding
    /// every solution that falsifies all of them. An empty set excludes everything; a set
    /// containing an id that does not belong to the instance is ignored (the clause it
    /// asks for cannot be expressed, and dropping the id would block too much).
    pub fn block(&mut self, falsified: &[SoftId]) {
        let State::Running { be, .. } = &mut self.state else {
            return;
        };
        let Some(clause) = falsified
            .iter()
            .map(|&id| be.obj_lit(id))
            .collect::<Option<Clause>>()
        else {
            return;
        };
        if clause.is_empty() {
            self.state = State::Exhausted;
        } else if let Err(e) = be.add_clause(clause) {
            self.state = State::Failed(e);
        }
    }
}
