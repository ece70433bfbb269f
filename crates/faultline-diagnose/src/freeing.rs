//! Memory freed off the caller's thread.
//!
//! A diagnosis that loaded full replicas into SAT solvers ends holding hundreds of MiB, and
//! freeing them takes tens to hundreds of milliseconds (TCAS v3: about 0.4 s for two
//! replicas) that the report, or the next run after an edit, should not wait for. Whoever
//! measures memory per run (`faultline bench`) waits for those frees first with
//! [`wait_for_background_frees`], or the next run's peak would include them.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// Values handed to [`free_in_background`] and not yet dropped.
static PENDING: AtomicUsize = AtomicUsize::new(0);

/// Drops `value` on a thread of its own.
pub(crate) fn free_in_background<T: Send + 'static>(value: T) {
    PENDING.fetch_add(1, Ordering::SeqCst);
    let spawned = std::thread::Builder::new()
        .name("faultline-free".into())
        .spawn(move || {
            drop(value);
            PENDING.fetch_sub(1, Ordering::SeqCst);
        });
    if let Err(e) = spawned {
        // No thread to be had: the closure, and the value with it, was dropped here.
        PENDING.fetch_sub(1, Ordering::SeqCst);
        tracing::warn!("freeing on this thread ({e})");
    }
}

/// Returns once everything handed to background threads so far has been freed.
pub fn wait_for_background_frees() {
    while PENDING.load(Ordering::SeqCst) > 0 {
        std::thread::sleep(Duration::from_millis(1));
    }
}
