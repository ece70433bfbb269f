//! Stopping a run from outside: the analysis's cancellation flag, its deadline and its memory
//! ceiling, checked every [`CHECK_EVERY`] steps.
//!
//! One analysis owns one [`Stop`] (the diagnosis's budget hands a copy to every stage that
//! runs long: test runs here, symbolic execution, encoding and solving), so a newer save in the
//! editor, `--timeout` or `--max-memory` ends whatever is running, not only what runs next.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use serde::Serialize;

/// Steps between two looks at the clock, the flag and the memory: an interpreter step takes
/// 10–50 ns, so a run notices a stop within a few milliseconds, and the check itself (a clock
/// read, an atomic load) is lost in the noise.
pub const CHECK_EVERY: u64 = 1 << 16;

/// Why a run or an analysis was stopped from outside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// The cancellation flag was raised (a newer edit in the editor).
    Cancelled,
    /// The wall-clock budget ran out.
    Timeout,
    /// The process's resident memory went over the ceiling (bytes).
    Memory { limit: u64 },
}

impl StopReason {
    pub fn message(&self) -> String {
        match self {
            StopReason::Cancelled => "cancelled".into(),
            StopReason::Timeout => "out of time".into(),
            StopReason::Memory { limit } => {
                format!("memory over the ceiling of {} MB", limit / (1 << 20))
            }
        }
    }
}

/// The budget's view a long computation checks: a cancellation flag, a deadline and a memory
/// ceiling, each optional. Cheap to clone (the flag is shared).
#[derive(Clone, Debug, Default)]
pub struct Stop {
    cancel: Option<Arc<AtomicBool>>,
    deadline: Option<Instant>,
    max_memory: Option<u64>,
}

impl Stop {
    /// Never stops.
    pub fn never() -> Stop {
        Stop::default()
    }

    pub fn new(
        cancel: Option<Arc<AtomicBool>>,
        deadline: Option<Instant>,
        max_memory: Option<u64>,
    ) -> Stop {
        Stop {
            cancel,
            deadline,
            max_memory,
        }
    }

    /// The same flag and memory ceiling with the earlier of the two deadlines.
    pub fn with_deadline(&self, deadline: Option<Instant>) -> Stop {
        let deadline = match (self.deadline, deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Stop {
            deadline,
            ..self.clone()
        }
    }

    pub fn cancel_flag(&self) -> Option<&Arc<AtomicBool>> {
        self.cancel.as_ref()
    }

    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    pub fn max_memory(&self) -> Option<u64> {
        self.max_memory
    }

    /// Whether anything is to be checked at all (the interpreter skips its checkpoints
    /// otherwise).
    pub fn is_never(&self) -> bool {
        self.cancel.is_none() && self.deadline.is_none() && self.max_memory.is_none()
    }

    pub fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// Cancellation and the deadline only (no memory reading): for the tightest loops.
    pub fn check_time(&self) -> Option<StopReason> {
        if self.cancelled() {
            return Some(StopReason::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(StopReason::Timeout);
        }
        None
    }

    /// Cancellation, the deadline, then the memory ceiling (one read of
    /// `/proc/self/statm`, a few microseconds).
    pub fn check(&self) -> Option<StopReason> {
        if let Some(r) = self.check_time() {
            return Some(r);
        }
        self.check_memory()
    }

    /// The memory ceiling alone.
    pub fn check_memory(&self) -> Option<StopReason> {
        let limit = self.max_memory?;
        match resident_bytes() {
            Some(rss) if rss > limit => {
                // A large formula freed by an earlier analysis in the same process (the
                // server, the bench) may still be resident: hand it back before deciding that
                // this analysis is over the ceiling.
                release_free_memory();
                match resident_bytes() {
                    Some(rss) if rss > limit => Some(StopReason::Memory { limit }),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

/// Hand the heap pages glibc keeps for reuse after a free back to the system (elsewhere a
/// no-op): the resident set then measures what is in use.
pub fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases free pages of the allocator's own arenas.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// The process's resident set size now, in bytes (Linux: `/proc/self/statm`; elsewhere
/// `None`, and memory ceilings are enforced only through the formula size limits derived
/// from them).
pub fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // Every Linux target we build for uses 4 KiB pages for the resident count.
    Some(pages * 4096)
}
