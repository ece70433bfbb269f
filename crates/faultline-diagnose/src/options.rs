//! How a diagnosis runs.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;

/// Which formula-based algorithm produces the diagnoses. All share the encoder and report the
/// same shape, so they can be compared side by side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Algorithm {
    /// CFaults: one MaxSAT problem over all failing tests, health literals shared by the
    /// replicas; every diagnosis explains every failing test at once.
    #[default]
    Cfaults,
    /// BugAssist: one MaxSAT problem per failing test, all its minimal correction sets, ranked
    /// by how many tests share a diagnosis.
    Bugassist,
    /// SNIPER: all minimal correction sets per test, combined by the cartesian SetCombine
    /// (one set per test, united, kept when subset-minimal).
    Sniper,
}

impl std::str::FromStr for Algorithm {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "cfaults" => Ok(Algorithm::Cfaults),
            "bugassist" => Ok(Algorithm::Bugassist),
            "sniper" => Ok(Algorithm::Sniper),
            other => Err(format!(
                "unknown algorithm `{other}` (expected cfaults, bugassist or sniper)"
            )),
        }
    }
}

#[derive(Clone, Debug)]
pub struct DiagnoseOptions {
    pub algorithm: Algorithm,
    /// Stop after this many reported (validated) diagnoses.
    pub max_diagnoses: usize,
    /// Budget for the whole diagnosis; when it runs out, what was found so far is reported.
    pub timeout: Option<Duration>,
    /// Loop unwinding bound for every loop; by default derived from the failing runs.
    pub unwind: Option<u32>,
    /// Set from another thread to abandon the diagnosis (the editor saved again).
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Default for DiagnoseOptions {
    fn default() -> Self {
        DiagnoseOptions {
            algorithm: Algorithm::Cfaults,
            max_diagnoses: 10,
            timeout: Some(Duration::from_secs(60)),
            unwind: None,
            cancel: None,
        }
    }
}

/// The diagnosis's clock and cancellation flag, checked between phases.
pub(crate) struct Budget {
    start: Instant,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
}

impl Budget {
    pub fn new(opts: &DiagnoseOptions) -> Self {
        let start = Instant::now();
        Budget {
            start,
            deadline: opts.timeout.map(|t| start + t),
            cancel: opts.cancel.clone(),
        }
    }

    pub fn start(&self) -> Instant {
        self.start
    }

    pub fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// What is left of the timeout (None: unlimited).
    pub fn remaining(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }

    pub fn cancel_flag(&self) -> Option<Arc<AtomicBool>> {
        self.cancel.clone()
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}
