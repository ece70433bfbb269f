//! The BugAssist and SNIPER baselines: the same steps as CFaults, per failing test,
//! aggregated differently (BugAssist ranks per-test diagnoses by how many tests share them,
//! SNIPER combines them by the cartesian SetCombine).

use std::collections::{BTreeMap, BTreeSet};

use faultline_ssa::ComponentId;

use crate::{Candidate, Ctx, DiagnoseError, Failing, Report, Timings};

impl Ctx<'_> {
    /// BugAssist: minimal diagnoses per failing test, ranked by how many tests share them.
    pub(crate) fn bugassist(
        &self,
        failing: &[Failing],
        timings: &mut Timings,
        report: &mut Report,
    ) -> Result<Vec<(Candidate, Vec<usize>)>, DiagnoseError> {
        let mut by_set: BTreeMap<Vec<ComponentId>, (Candidate, Vec<usize>)> = BTreeMap::new();
        for f in failing {
            for c in self.enumerate(&[f.index], timings, report)? {
                let key: Vec<ComponentId> = c.blamed.iter().copied().collect();
                match by_set.get_mut(&key) {
                    Some((existing, tests)) => {
                        existing.angelic.extend(c.angelic);
                        tests.push(f.index);
                    }
                    None => {
                        by_set.insert(key, (c, vec![f.index]));
                    }
                }
            }
        }
        let mut all: Vec<(Candidate, Vec<usize>)> = by_set.into_values().collect();
        all.sort_by(|(a, ta), (b, tb)| {
            tb.len()
                .cmp(&ta.len())
                .then(a.cost.cmp(&b.cost))
                .then(a.blamed.len().cmp(&b.blamed.len()))
        });
        all.truncate(self.max);
        Ok(all)
    }

    /// SNIPER: all minimal diagnoses per test, combined by the cartesian SetCombine; a union is
    /// kept when no other union is a proper subset of it.
    pub(crate) fn sniper(
        &self,
        failing: &[Failing],
        timings: &mut Timings,
        report: &mut Report,
    ) -> Result<Vec<(Candidate, Vec<usize>)>, DiagnoseError> {
        /// Bound on the partial products, so that many tests with many MCSes stay tractable.
        const MAX_COMBINATIONS: usize = 10_000;
        let tests: Vec<usize> = failing.iter().map(|f| f.index).collect();
        let mut combined: Vec<Candidate> = vec![Candidate {
            cost: 0,
            blamed: BTreeSet::new(),
            angelic: Vec::new(),
            validated: true,
            plain: true,
        }];
        for f in failing {
            let per_test = self.enumerate(&[f.index], timings, report)?;
            let mut next = Vec::new();
            'outer: for base in &combined {
                for m in &per_test {
                    if next.len() >= MAX_COMBINATIONS {
                        report.complete = false;
                        report.stopped = Some("SetCombine limit".into());
                        break 'outer;
                    }
                    let blamed: BTreeSet<ComponentId> =
                        base.blamed.union(&m.blamed).copied().collect();
                    let mut angelic = base.angelic.clone();
                    angelic.extend(m.angelic.iter().cloned());
                    next.push(Candidate {
                        cost: self.ranker.cost(&blamed),
                        blamed,
                        angelic,
                        validated: base.validated && m.validated,
                        // Each test's values are those of its own diagnosis.
                        plain: base.plain && m.plain,
                    });
                }
            }
            // Keep subset-minimal unions only.
            next.sort_by_key(|c| c.blamed.len());
            let mut kept: Vec<Candidate> = Vec::new();
            for c in next {
                if !kept.iter().any(|k| k.blamed.is_subset(&c.blamed)) {
                    kept.push(c);
                }
            }
            combined = kept;
        }
        combined.sort_by(|a, b| {
            a.cost
                .cmp(&b.cost)
                .then(a.blamed.len().cmp(&b.blamed.len()))
        });
        combined.truncate(self.max);
        Ok(combined
            .into_iter()
            .filter(|c| !c.blamed.is_empty())
            .map(|c| (c, tests.clone()))
            .collect())
    }
}
