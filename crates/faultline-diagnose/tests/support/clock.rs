//! Time bounds that hold on a loaded machine and still fail on slow work.
//!
//! A diagnosis runs on the calling thread. Its wall time is counted at the share of a core
//! that thread had (its CPU time over its wall time, at most 1), as the CLI's timeout tests
//! do (`crates/faultline-cli/tests/hostile.rs`): on an idle machine that is the wall clock;
//! at load 12 on 2 cores, where the thread gets a sixth of a core, it is the CPU time the
//! diagnosis used, not the five times as long it waited for a core. Work that takes too long
//! still fails: a run that computes for 3 s is counted as 3 s however busy the machine.

use std::time::{Duration, Instant};

/// CPU time the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`).
pub fn thread_cpu() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid, writable timespec; the clock id is a constant Linux knows.
    let r = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(r, 0, "clock_gettime: {}", std::io::Error::last_os_error());
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// A stopwatch for work done on this thread.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    wall: Instant,
    cpu: Duration,
}

/// What a [`Clock`] read: the wall time, the thread's CPU time, and the work (the wall time
/// at the thread's share of a core).
#[derive(Clone, Copy, Debug)]
#[allow(dead_code)] // each test file reads the fields it bounds
pub struct Lap {
    pub wall: Duration,
    pub cpu: Duration,
    pub work: Duration,
}

impl Lap {
    /// The share of a core the thread had (its CPU time over its wall time, at most 1).
    pub fn share(&self) -> f64 {
        (self.cpu.as_secs_f64() / self.wall.as_secs_f64().max(1e-9)).min(1.0)
    }

    /// The wall time past `deadline`, counted at the thread's share of a core: how long the
    /// run worked on after its budget ran out.
    #[allow(dead_code)] // used by the files that bound a deadline
    pub fn past(&self, deadline: Duration) -> Duration {
        self.wall.saturating_sub(deadline).mul_f64(self.share())
    }
}

impl Clock {
    pub fn start() -> Clock {
        Clock {
            wall: Instant::now(),
            cpu: thread_cpu(),
        }
    }

    /// Must be called on the thread that started the clock.
    pub fn lap(&self) -> Lap {
        let wall = self.wall.elapsed();
        let cpu = thread_cpu().saturating_sub(self.cpu);
        let mut lap = Lap {
            wall,
            cpu,
            work: Duration::ZERO,
        };
        lap.work = wall.mul_f64(lap.share());
        lap
    }
}
