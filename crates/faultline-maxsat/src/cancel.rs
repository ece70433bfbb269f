//! Cancellation and deadlines.
//!
//! CaDiCaL polls a terminator callback during search, which is how a running SAT call is
//! stopped. Its asynchronous `terminate()` flag, however, is cleared when a solve call
//! returns, so a request that arrives *between* two SAT calls (while we build totalizers or
//! load clauses) would be lost. We therefore keep the request in our own `AtomicBool`, read
//! it from the callback, and also poll it between SAT calls and while adding clauses.

use std::{
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc,
    },
    time::{Duration, Instant},
};

use rustsat::solvers::ControlSignal;

use crate::SolveError;

/// The stop conditions of one solve / enumeration.
#[derive(Debug, Clone, Default)]
pub(crate) struct Cancel {
    flag: Option<Arc<AtomicBool>>,
    deadline: Option<Instant>,
}

impl Cancel {
    /// Starts the clock for `timeout` now. A timeout too large to represent means "none".
    pub(crate) fn new(flag: Option<Arc<AtomicBool>>, timeout: Option<Duration>) -> Self {
        Self {
            flag,
            deadline: timeout.and_then(|t| Instant::now().checked_add(t)),
        }
    }

    /// Whether anything can ever stop us (if not, no terminator needs to be attached).
    pub(crate) fn is_active(&self) -> bool {
        self.flag.is_some() || self.deadline.is_some()
    }

    /// `Err(Cancelled)` / `Err(Timeout)` once a stop condition holds. Cancellation wins
    /// over a timeout because it is the caller's explicit request.
    pub(crate) fn check(&self) -> Result<(), SolveError> {
        if self
            .flag
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
        {
            return Err(SolveError::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(SolveError::Timeout);
        }
        Ok(())
    }

    /// The callback handed to CaDiCaL. It owns clones of the flag and deadline, so it is
    /// `'static` and outlives nothing.
    pub(crate) fn terminator(&self) -> impl FnMut() -> ControlSignal + 'static {
        let this = self.clone();
        move || {
            if this.check().is_err() {
                ControlSignal::Terminate
            } else {
                ControlSignal::Continue
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flag_and_deadline() {
        let flag = Arc::new(AtomicBool::new(false));
        let c = Cancel::new(Some(flag.clone()), None);
        assert!(c.check().is_ok());
        flag.store(true, Ordering::Relaxed);
        assert!(matches!(c.check(), Err(SolveError::Cancelled)));

        let c = Cancel::new(None, Some(Duration::ZERO));
        assert!(matches!(c.check(), Err(SolveError::Timeout)));
        let c = Cancel::new(None, Some(Duration::MAX));
        assert!(c.check().is_ok());
        assert!(!Cancel::new(None, None).is_active());
    }
}
