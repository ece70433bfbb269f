//! Stopping a run from outside: the analysis's cancellation flag, its deadline and its memory
//! ceiling, checked every [`CHECK_EVERY`] steps.
//!
//! One analysis owns one [`Stop`] (the diagnosis's budget hands a copy to every stage that
//! runs long: test runs here, symbolic execution, encoding and solving), so a newer save in the
//! editor, `--timeout` or `--max-memory` ends whatever is running, not only what runs next.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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
    /// The memory went over the ceiling (bytes): the analysis's own ([`MemoryAccount`]), or
    /// the process's resident set where the process runs one analysis.
    Memory { limit: u64 },
}

impl StopReason {
    pub fn message(&self) -> String {
        match self {
            StopReason::Cancelled => "cancelled".into(),
            StopReason::Timeout => "out of time".into(),
            StopReason::Memory { limit } => {
                format!("memory budget exceeded: over {} MB", limit / (1 << 20))
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
    /// The analysis's own memory, where the ceiling is per analysis (see [`MemoryAccount`]);
    /// `None`: the ceiling is on the process's resident set.
    account: Option<Arc<MemoryAccount>>,
}

/// The memory one analysis holds in its large structures, for a ceiling per analysis in a
/// process that runs several at once (the language server: one huge file must not stop the
/// analysis of another, as the process's resident set would). Formulas charge their terms,
/// AND gates and clauses while they live ([`Charge`]); a test run adds its cells, output and
/// trace while it runs ([`Stop::check_memory_with`]). Estimates, not allocator counts: the
/// sizes are what grows without bound on hostile input, everything else is bounded.
#[derive(Debug, Default)]
pub struct MemoryAccount {
    bytes: AtomicU64,
}

impl MemoryAccount {
    pub fn new() -> Arc<MemoryAccount> {
        Arc::new(MemoryAccount::default())
    }

    /// Bytes charged now.
    pub fn bytes(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }

    /// Charge `bytes` until the returned [`Charge`] is dropped.
    pub fn charge(self: &Arc<Self>, bytes: u64) -> Charge {
        self.bytes.fetch_add(bytes, Ordering::Relaxed);
        Charge {
            account: Some(self.clone()),
            bytes,
        }
    }
}

/// Bytes charged to a [`MemoryAccount`], given back when dropped (with the structure it
/// accounts for, on whatever thread frees it).
#[derive(Debug, Default)]
pub struct Charge {
    account: Option<Arc<MemoryAccount>>,
    bytes: u64,
}

impl Drop for Charge {
    fn drop(&mut self) {
        if let Some(a) = &self.account {
            a.bytes.fetch_sub(self.bytes, Ordering::Relaxed);
        }
    }
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
            account: None,
        }
    }

    /// The same stop with its memory ceiling on `account` (one analysis's memory) instead of
    /// the process's resident set.
    pub fn with_account(&self, account: Arc<MemoryAccount>) -> Stop {
        Stop {
            account: Some(account),
            ..self.clone()
        }
    }

    /// The analysis's account, if the ceiling is per analysis.
    pub fn account(&self) -> Option<&Arc<MemoryAccount>> {
        self.account.as_ref()
    }

    /// Charge `bytes` to the analysis's account, if it has one (else nothing is counted:
    /// the resident set is).
    pub fn charge(&self, bytes: u64) -> Charge {
        match &self.account {
            Some(a) => a.charge(bytes),
            None => Charge::default(),
        }
    }

    /// The memory the ceiling still allows this analysis: `None` when there is no ceiling.
    pub fn memory_left(&self) -> Option<u64> {
        let limit = self.max_memory?;
        let used = self.account.as_ref().map_or(0, |a| a.bytes());
        Some(limit.saturating_sub(used))
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
        self.check_memory_with(0)
    }

    /// The memory ceiling, with `live` bytes in use besides what the account holds (a test
    /// run's cells and trace). Per analysis: the account plus `live` (an atomic load); else
    /// the process's resident set (`live` is part of it).
    pub fn check_memory_with(&self, live: u64) -> Option<StopReason> {
        let limit = self.max_memory?;
        if let Some(account) = &self.account {
            return (account.bytes().saturating_add(live) > limit)
                .then_some(StopReason::Memory { limit });
        }
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
