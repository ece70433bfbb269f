//! Cancellation, deadlines and the memory ceiling.
//!
//! CaDiCaL polls a terminator callback during search, which is how a running SAT call is
//! stopped. Its asynchronous `terminate()` flag, however, is cleared when a solve call
//! returns, so a request that arrives *between* two SAT calls (while we build totalizers or
//! load clauses) would be lost. We therefore keep the request in our own `AtomicBool`, read
//! it from the callback, and also poll it between SAT calls and while adding clauses.
//!
//! The memory ceiling is asked from the same places, at most every [`MEMORY_CHECK_INTERVAL`]:
//! CaDiCaL's learnt clauses grow inside one SAT call, where no caller can look.

use std::{
    fmt,
    sync::{
        atomic::{AtomicBool, AtomicU64, Ordering},
        Arc,
    },
    time::{Duration, Instant},
};

use rustsat::solvers::ControlSignal;

use crate::SolveError;

/// How often a running solve asks its [`MemoryCeiling`] at most. The terminator runs every
/// few CaDiCaL decisions, far too often for a look at the process's memory (a read of
/// `/proc/self/statm`, a few microseconds); CaDiCaL's clause database grows by tens of MB a
/// second at most, so a look every 10 ms overshoots the ceiling by well under a megabyte.
pub(crate) const MEMORY_CHECK_INTERVAL: Duration = Duration::from_millis(10);

/// The caller's memory ceiling, as a question the solver asks while it works: "is the
/// memory over the ceiling now?" (`true` stops the solve with [`SolveError::OutOfMemory`]).
/// The caller decides what is measured: the process's resident set, or one analysis's share
/// of it. Asked at most every 10 ms, from the solving thread.
#[derive(Clone)]
pub struct MemoryCeiling {
    over: Arc<dyn Fn() -> bool + Send + Sync>,
}

impl MemoryCeiling {
    pub fn new(over: impl Fn() -> bool + Send + Sync + 'static) -> MemoryCeiling {
        MemoryCeiling {
            over: Arc::new(over),
        }
    }
}

impl fmt::Debug for MemoryCeiling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("MemoryCeiling")
    }
}

/// A [`MemoryCeiling`] with its rate limit and its last answer, shared by the terminator
/// and the calls between SAT calls: the answer that stopped CaDiCaL is the one the caller
/// then gets, however soon it asks again.
#[derive(Debug)]
struct MemoryWatch {
    ceiling: MemoryCeiling,
    start: Instant,
    /// Nanoseconds after `start` from which the ceiling may be asked again.
    next_ns: AtomicU64,
    /// The last answer.
    over: AtomicBool,
}

impl MemoryWatch {
    fn over(&self) -> bool {
        let now = u64::try_from(self.start.elapsed().as_nanos()).unwrap_or(u64::MAX);
        if now >= self.next_ns.load(Ordering::Relaxed) {
            let interval = MEMORY_CHECK_INTERVAL.as_nanos() as u64;
            self.next_ns
                .store(now.saturating_add(interval), Ordering::Relaxed);
            self.over.store((self.ceiling.over)(), Ordering::Relaxed);
        }
        self.over.load(Ordering::Relaxed)
    }
}

/// The stop conditions of one solve / enumeration.
#[derive(Debug, Clone, Default)]
pub(crate) struct Cancel {
    flag: Option<Arc<AtomicBool>>,
    deadline: Option<Instant>,
    memory: Option<Arc<MemoryWatch>>,
}

impl Cancel {
    /// Starts the clock for `timeout` now. A timeout too large to represent means "none".
    pub(crate) fn new(
        flag: Option<Arc<AtomicBool>>,
        timeout: Option<Duration>,
        memory: Option<MemoryCeiling>,
    ) -> Self {
        let start = Instant::now();
        Self {
            flag,
            deadline: timeout.and_then(|t| start.checked_add(t)),
            memory: memory.map(|ceiling| {
                Arc::new(MemoryWatch {
                    ceiling,
                    start,
                    next_ns: AtomicU64::new(0),
                    over: AtomicBool::new(false),
                })
            }),
        }
    }

    /// The stop conditions of `opts`, the clock starting now.
    pub(crate) fn of(opts: &crate::SolveOptions) -> Self {
        Self::new(opts.cancel.clone(), opts.timeout, opts.memory.clone())
    }

    /// Whether anything can ever stop us (if not, no terminator needs to be attached).
    pub(crate) fn is_active(&self) -> bool {
        self.flag.is_some() || self.deadline.is_some() || self.memory.is_some()
    }

    /// `Err(Cancelled)` / `Err(Timeout)` / `Err(OutOfMemory)` once a stop condition holds.
    /// Cancellation wins over a timeout because it is the caller's explicit request, and both
    /// over the memory, which is the costliest to ask.
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
        if self.memory.as_ref().is_some_and(|m| m.over()) {
            return Err(SolveError::OutOfMemory);
        }
        Ok(())
    }

    /// The callback handed to CaDiCaL. It owns clones of the flag, deadline and memory
    /// watch, so it is `'static` and outlives nothing.
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
    use std::sync::atomic::AtomicUsize;

    use super::*;

    #[test]
    fn flag_and_deadline() {
        let flag = Arc::new(AtomicBool::new(false));
        let c = Cancel::new(Some(flag.clone()), None, None);
        assert!(c.check().is_ok());
        flag.store(true, Ordering::Relaxed);
        assert!(matches!(c.check(), Err(SolveError::Cancelled)));

        let c = Cancel::new(None, Some(Duration::ZERO), None);
        assert!(matches!(c.check(), Err(SolveError::Timeout)));
        let c = Cancel::new(None, Some(Duration::MAX), None);
        assert!(c.check().is_ok());
        assert!(!Cancel::new(None, None, None).is_active());
    }

    /// The ceiling is asked once per interval however often the solver polls, and its
    /// answer holds until the next look: the poll that stopped CaDiCaL and the check right
    /// after it agree.
    #[test]
    fn the_memory_ceiling_is_asked_at_most_once_per_interval() {
        let asked = Arc::new(AtomicUsize::new(0));
        let over = Arc::new(AtomicBool::new(false));
        let c = Cancel::new(
            None,
            None,
            Some(MemoryCeiling::new({
                let (asked, over) = (asked.clone(), over.clone());
                move || {
                    asked.fetch_add(1, Ordering::Relaxed);
                    over.load(Ordering::Relaxed)
                }
            })),
        );
        assert!(c.is_active());
        for _ in 0..10_000 {
            assert!(c.check().is_ok());
        }
        assert_eq!(asked.load(Ordering::Relaxed), 1);
        over.store(true, Ordering::Relaxed);
        // Not asked again yet: the last answer stands.
        assert!(c.check().is_ok());
        std::thread::sleep(MEMORY_CHECK_INTERVAL);
        assert_eq!(c.check(), Err(SolveError::OutOfMemory));
        let mut terminate = c.terminator();
        assert_eq!(terminate(), ControlSignal::Terminate);
        assert_eq!(c.check(), Err(SolveError::OutOfMemory));
        assert_eq!(asked.load(Ordering::Relaxed), 2);
    }
}
