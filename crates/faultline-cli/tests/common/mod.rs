//! What the command-line tests share.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// Run the `faultline` binary in `dir`: exit code, stdout, stderr and the wall time it took.
pub fn faultline(dir: &Path, args: &[&str]) -> (i32, String, String, Duration) {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_faultline"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run faultline");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        start.elapsed(),
    )
}

/// [`faultline`] that also returns the child's peak resident set in MiB and the CPU time it
/// used, as the kernel counted them (`wait4`'s `ru_maxrss`, `ru_utime + ru_stime`: exact for
/// this child, unlike sampling `/proc`, which misses a peak between samples).
#[cfg(target_os = "linux")]
#[allow(dead_code)] // used by some of the test files that include this module
pub fn faultline_peak(dir: &Path, args: &[&str]) -> (i32, String, String, Duration, u64, Duration) {
    use std::io::Read;
    use std::process::Stdio;

    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_faultline"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run faultline");
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            let _ = r.read_to_end(&mut v);
            String::from_utf8_lossy(&v).into_owned()
        })
    };
    let out = drain(Box::new(child.stdout.take().unwrap()));
    let err = drain(Box::new(child.stderr.take().unwrap()));
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is a valid value of this plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: `pid` is our own unreaped child; `status` and `usage` are valid for writes.
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == pid {
            break;
        }
        let e = std::io::Error::last_os_error();
        assert_eq!(e.kind(), std::io::ErrorKind::Interrupted, "wait4: {e}");
    }
    let took = start.elapsed();
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    let cpu = Duration::from_secs_f64(secs(usage.ru_utime) + secs(usage.ru_stime));
    // Wall time against CPU time: on a loaded machine the difference is time spent waiting
    // for a core, which says why a wall-clock bound was missed.
    eprintln!(
        "{args:?}: {took:?} wall, {cpu:?} CPU, peak RSS {} MB",
        usage.ru_maxrss / 1024
    );
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        -1
    };
    (
        code,
        out.join().unwrap(),
        err.join().unwrap(),
        took,
        usage.ru_maxrss as u64 / 1024,
        cpu,
    )
}
