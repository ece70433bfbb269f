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
