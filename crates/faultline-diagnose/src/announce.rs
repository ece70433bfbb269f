//! Telling [`DiagnoseOptions::found`](crate::DiagnoseOptions::found) of each diagnosis as
//! it is accepted, so that the editor shows the first one while the search goes on.
//!
//! **Invariant:** each call hands over a report with more diagnoses than the last, ranked as
//! the final report ranks them, and only for a search whose diagnoses are the report's
//! (CFaults; BugAssist and SNIPER find per-test diagnoses first).

use std::cell::Cell;

use crate::options::Found;
use crate::Report;

pub(crate) struct Announcer {
    found: Option<Found>,
    /// Whether the diagnoses accepted are the report's (CFaults), not one test's.
    joint: bool,
    /// How many diagnoses `found` was last told of.
    announced: Cell<usize>,
    /// When the first diagnosis was accepted (ms since the start; [`crate::Timings::first`]).
    first: Cell<Option<f64>>,
}

impl Announcer {
    pub fn new(found: Option<Found>, joint: bool) -> Self {
        Announcer {
            found,
            joint,
            announced: Cell::new(0),
            first: Cell::new(None),
        }
    }

    /// Whether the diagnoses accepted are the report's (not one test's).
    pub fn joint(&self) -> bool {
        self.joint
    }

    /// When the first of the report's diagnoses was accepted (ms since the start).
    pub fn first(&self) -> Option<f64> {
        self.first.get()
    }

    /// `accepted` grew at `elapsed_ms`: notes the first diagnosis's time, and tells `found`
    /// the report `so_far` builds, unless it already knows of every diagnosis.
    pub fn accepted(&self, accepted: usize, elapsed_ms: f64, so_far: impl FnOnce() -> Report) {
        if !self.joint {
            return;
        }
        if self.first.get().is_none() {
            self.first.set(Some(elapsed_ms));
        }
        let Some(found) = self.found.as_ref() else {
            return;
        };
        if accepted <= self.announced.get() {
            return;
        }
        self.announced.set(accepted);
        let mut report = so_far();
        report.timings_ms.first = self.first.get();
        found(&report);
    }
}
