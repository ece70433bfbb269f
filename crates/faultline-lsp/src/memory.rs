//! The server's memory cap: the sum of the memory budgets of the analyses running at once
//! never exceeds `maxServerMemoryMb`. Each analysis has its own ceiling (`maxMemoryMb`,
//! enforced by its `faultline_interp::MemoryAccount`); this pool decides when it may start.
//! An analysis whose budget does not fit beside the running ones waits (FIFO: a large one is
//! not starved by small ones) and its progress says so; one larger than the whole cap runs
//! with the cap as its budget, alone.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;

/// The default cap over all analyses, in MiB: two analyses at the default per-analysis
/// budget (2048 MiB).
pub const DEFAULT_SERVER_MEMORY_MB: u64 = 4096;

#[derive(Debug)]
struct State {
    total: u64,
    used: u64,
    /// Waiting analyses in arrival order: their budget and how to wake them.
    waiting: VecDeque<(u64, oneshot::Sender<()>)>,
}

impl State {
    /// Start every waiting analysis at the front of the queue that now fits.
    fn wake(&mut self) {
        while let Some((mb, _)) = self.waiting.front() {
            if self.used + mb > self.total {
                break;
            }
            let (mb, tx) = self.waiting.pop_front().expect("front exists");
            if tx.send(()).is_ok() {
                self.used += mb;
            }
        }
    }
}

/// Shared by the worker and the jobs (cheap to clone).
#[derive(Clone, Debug)]
pub struct MemoryPool {
    state: Arc<Mutex<State>>,
}

/// A budget taken from the pool: given back when dropped (however the analysis ends).
#[derive(Debug)]
pub struct Reservation {
    pool: MemoryPool,
    mb: u64,
}

impl Reservation {
    /// The analysis's budget in MiB: what it asked for, or the whole cap if that is smaller.
    pub fn mb(&self) -> u64 {
        self.mb
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        let mut s = self.pool.lock();
        s.used = s.used.saturating_sub(self.mb);
        s.wake();
    }
}

/// What [`MemoryPool::reserve`] found when it was asked.
pub enum Admission {
    /// Started at once.
    Now(Reservation),
    /// Must wait for running analyses to end: `in_use` MiB of `total` are taken.
    Wait {
        in_use: u64,
        total: u64,
        ready: Waiting,
    },
}

/// An analysis waiting for memory; dropping it leaves the queue.
pub struct Waiting {
    pool: MemoryPool,
    mb: u64,
    rx: oneshot::Receiver<()>,
}

impl Waiting {
    /// Resolves once the budget is reserved.
    pub async fn ready(mut self) -> Reservation {
        // The sender is only dropped with the pool's state, which `self.pool` keeps alive.
        let _ = (&mut self.rx).await;
        let r = Reservation {
            pool: self.pool.clone(),
            mb: self.mb,
        };
        // Reserved: `Drop` below must not think it is still queued.
        self.mb = 0;
        r
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        if self.mb == 0 {
            return;
        }
        // Woken but never awaited: give the reservation back; still queued: the closed
        // receiver makes `wake` skip it.
        self.rx.close();
        if self.rx.try_recv().is_ok() {
            let mut s = self.pool.lock();
            s.used = s.used.saturating_sub(self.mb);
            s.wake();
        }
    }
}

impl MemoryPool {
    pub fn new(total_mb: u64) -> Self {
        MemoryPool {
            state: Arc::new(Mutex::new(State {
                total: total_mb.max(1),
                used: 0,
                waiting: VecDeque::new(),
            })),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // A panic while holding the lock leaves plain numbers: still usable.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A new cap (a settings change): analyses already running keep their budgets; waiting
    /// ones start as soon as they fit under it.
    pub fn set_total(&self, total_mb: u64) {
        let mut s = self.lock();
        s.total = total_mb.max(1);
        s.wake();
    }

    /// MiB reserved by running analyses.
    pub fn in_use(&self) -> u64 {
        self.lock().used
    }

    /// Reserve `mb` MiB (at most the whole cap) for one analysis.
    pub fn reserve(&self, mb: u64) -> Admission {
        let mut s = self.lock();
        let mb = mb.clamp(1, s.total);
        if s.waiting.is_empty() && s.used + mb <= s.total {
            s.used += mb;
            return Admission::Now(Reservation {
                pool: self.clone(),
                mb,
            });
        }
        let (tx, rx) = oneshot::channel();
        s.waiting.push_back((mb, tx));
        Admission::Wait {
            in_use: s.used,
            total: s.total,
            ready: Waiting {
                pool: self.clone(),
                mb,
                rx,
            },
        }
    }
}

/// The progress line of an analysis waiting for memory.
pub fn waiting_message(in_use: u64, total: u64) -> String {
    format!(
        "waiting for memory: other analyses use {in_use} of the {total} MiB the server may use \
         (faultline.maxServerMemoryMb)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now(a: Admission) -> Reservation {
        match a {
            Admission::Now(r) => r,
            Admission::Wait { .. } => panic!("expected to start at once"),
        }
    }

    fn waits(a: Admission) -> (u64, u64, Waiting) {
        match a {
            Admission::Wait {
                in_use,
                total,
                ready,
            } => (in_use, total, ready),
            Admission::Now(_) => panic!("expected to wait"),
        }
    }

    #[tokio::test]
    async fn the_sum_of_running_budgets_never_exceeds_the_cap() {
        let pool = MemoryPool::new(1000);
        let a = now(pool.reserve(600));
        let (in_use, total, b) = waits(pool.reserve(600));
        assert_eq!((in_use, total), (600, 1000));
        // A small one that would fit does not overtake the waiting one.
        let (_, _, c) = waits(pool.reserve(100));
        assert_eq!(pool.in_use(), 600);
        let b = tokio::spawn(b.ready());
        tokio::task::yield_now().await;
        assert!(!b.is_finished(), "b must wait for a");
        drop(a);
        let b = b.await.unwrap();
        // c fits beside b (600 + 100 <= 1000): both start when a ends.
        assert_eq!((b.mb(), pool.in_use()), (600, 700));
        let c = c.ready().await;
        assert_eq!((c.mb(), pool.in_use()), (100, 700));
        drop(b);
        drop(c);
        assert_eq!(pool.in_use(), 0);
    }

    #[tokio::test]
    async fn a_budget_over_the_cap_runs_alone_with_the_cap() {
        let pool = MemoryPool::new(1000);
        let big = now(pool.reserve(5000));
        assert_eq!(big.mb(), 1000);
        let (_, _, small) = waits(pool.reserve(1));
        drop(big);
        assert_eq!(small.ready().await.mb(), 1);
    }

    #[tokio::test]
    async fn a_cancelled_waiter_leaves_the_queue_and_frees_nothing_it_did_not_take() {
        let pool = MemoryPool::new(1000);
        let a = now(pool.reserve(900));
        let (_, _, gone) = waits(pool.reserve(500));
        let (_, _, next) = waits(pool.reserve(50));
        drop(gone);
        drop(a);
        assert_eq!(next.ready().await.mb(), 50);
        assert_eq!(pool.in_use(), 0);
        // Woken and dropped before it ran: its reservation comes back.
        let a = now(pool.reserve(900));
        let (_, _, woken) = waits(pool.reserve(500));
        drop(a);
        assert_eq!(pool.in_use(), 500);
        drop(woken);
        assert_eq!(pool.in_use(), 0);
    }

    #[tokio::test]
    async fn raising_the_cap_starts_the_waiting() {
        let pool = MemoryPool::new(100);
        let _a = now(pool.reserve(100));
        let (_, _, b) = waits(pool.reserve(100));
        pool.set_total(200);
        let b = b.ready().await;
        assert_eq!((b.mb(), pool.in_use()), (100, 200));
        // Lowered under what runs: the running keep their budgets, the next one waits.
        pool.set_total(50);
        let (in_use, total, _) = waits(pool.reserve(10));
        assert_eq!((in_use, total), (200, 50));
    }
}
