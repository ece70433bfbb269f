//! Peak memory, from the kernel's resident-set high-water mark (`VmHWM` in
//! `/proc/self/status`, Linux only; elsewhere `None`).
//!
//! When cases run serially (`--jobs 1`) the mark is reset before each algorithm run (after
//! handing the memory glibc kept from earlier runs back to the system with `malloc_trim`, then
//! writing `5` to `/proc/self/clear_refs`), so a result's `peak_rss_kib` is that run's peak: the
//! resident memory of the whole process at its highest during the run, which includes the
//! loaded cases and the binary (a baseline of a few MiB). With several jobs the runs share one process and
//! the mark is never reset: a result's value is the process's peak so far, an upper bound of
//! the run's own.

const STATUS: &str = "/proc/self/status";

/// The process's resident-set high-water mark in KiB.
pub fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string(STATUS).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Reset the high-water mark to the current resident set, once the solvers earlier runs
/// hand to background threads are freed. Best effort: a kernel without `clear_refs` leaves
/// it monotone (values are then upper bounds, as with several jobs).
pub fn reset_peak() {
    faultline_diagnose::wait_for_background_frees();
    faultline_interp::release_free_memory();
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(target_os = "linux")]
    fn peak_grows_with_a_large_allocation_and_resets() {
        reset_peak();
        let before = peak_rss_kib().unwrap();
        // Touch 64 MiB so it is resident.
        let big = vec![1u8; 64 << 20];
        assert_eq!(big.iter().map(|&b| b as usize).sum::<usize>(), 64 << 20);
        let during = peak_rss_kib().unwrap();
        assert!(during >= before + 60 * 1024, "{before} -> {during}");
        drop(big);
        reset_peak();
        let after = peak_rss_kib().unwrap();
        assert!(after < during, "reset: {during} -> {after}");
    }
}
