//! The cheap passes, which find every diagnosis of cost 1 and 2 before any joint search:
//! components of one weight alone (cost 1; weight-2 components for cost 2), then pairs of
//! weight-1 components. Both rest on single-component checks ([`Ctx::explain_limited`],
//! [`Ctx::single_explains`]) and their cached answers ([`crate::answers`]): most tests are
//! explained by one component alone, and only the tests neither member of a pair explains
//! get a joint check. Pairs the pass rejects are handed to the hitting sets as refuted.
//!
//! **Invariant:** a pass adds only validated diagnoses, in cost order, and never a set that
//! contains an accepted diagnosis or a set skipped undecided: the pair pass runs only once
//! every cost-1 diagnosis is accepted (a pair holding one is not minimal).

use std::collections::BTreeSet;

use faultline_ssa::ComponentId;

use crate::hitting::CANDIDATE_CHECK_MAX_VARS;
use crate::validate::Validation;
use crate::{Candidate, Ctx, DiagnoseError, Phase, Report};

/// Programs with more weight-1 components leave the pairs to the hitting sets (the pair
/// table grows with the square).
const MAX_PAIR_COMPONENTS: usize = 400;
/// After this many rejected pairs in a row the rest are re-ordered by joint probes ...
const RESORT_AFTER_REFUTED: usize = 48;
/// ... of at most this many of each pair's open tests (TCAS v3: with two, the re-ordering
/// took 0.3 s more of a 1.0-1.3 s pass and found the same four pairs first).
const PAIR_PROBE_SAMPLE: usize = 1;
/// ... each with at most this many runs, where a probe otherwise tries up to 256
/// combinations: the order only needs the quick hits (TCAS v3: every joint probe of the pair
/// pass that found values did so within 43 runs, 419 of 420 within 9; the 790 that found
/// none took 54,897 runs).
const RESORT_PROBE_RUNS: usize = 48;
/// ... and when none of them found values, or after as many again since the last accepted
/// pair (or the re-ordering), the pair search hands over to the hitting sets, whose cores
/// exclude many pairs per check where a pair rejected here excludes itself (TCAS v3: the
/// 345 pairs after the last accepted one took 7 s here; the hitting sets got through the
/// same ground in 3 s) ...
const REFUTED_IN_A_ROW: usize = 48;
/// ... or after this many rejected pairs in all.
const MAX_REFUTED_PAIRS: usize = 400;

impl Ctx<'_> {
    /// The cost-1 diagnoses of `tests`: weight-1 components that, relaxed alone, explain every
    /// test (validated). Only components every test executed can qualify (a component a test
    /// did not run cannot change it). The check of one component against one test is a replica
    /// in which only that component is relaxed, so it folds to almost nothing; a test that
    /// rejects a component is tried first for the next one, since tests that tell components
    /// apart tend to reject many.
    ///
    /// Each one found joins `accepted` at once (every component of one weight costs the same,
    /// so the first is an optimum to show while the others are checked). Returns `true` once
    /// the limit is reached (the report is then incomplete).
    pub(crate) fn single_component_diagnoses(
        &self,
        tests: &[usize],
        weight: u64,
        accepted: &mut Vec<Candidate>,
        report: &mut Report,
    ) -> Result<bool, DiagnoseError> {
        let mut candidates: Vec<ComponentId> = self
            .components
            .all()
            .iter()
            .filter(|c| c.weight == weight)
            .map(|c| c.id)
            .collect();
        for t in tests {
            let executed: BTreeSet<ComponentId> = self
                .executed
                .get(t)
                .map(|v| v.iter().copied().collect())
                .unwrap_or_default();
            candidates.retain(|c| executed.contains(c));
        }
        // All of them are equally cheap: when only some fit under the limit, the ranking
        // keeps the most suspicious, so check those first.
        self.ranker.by_suspicion(&mut candidates);
        let mut order: Vec<usize> = tests.to_vec();
        'candidates: for c in candidates {
            if accepted.len() >= self.max {
                report.stop_at_limit();
                return Ok(true);
            }
            let blamed: BTreeSet<ComponentId> = [c].into();
            if accepted.iter().any(|a| a.blamed == blamed) {
                // Found before the enumeration (`Ctx::repaired_singles`).
                continue;
            }
            let (angelic, validation) = loop {
                let mut angelic = Vec::with_capacity(order.len());
                for k in 0..order.len() {
                    let test = order[k];
                    // A replica too large to build or encode for this one component (one
                    // whose change makes a long run's reads or loops symbolic) leaves it
                    // undecided, as a check out of time does: the other components' checks
                    // still run, where the error would have ended the whole search.
                    let answer = match self.explain_limited(&blamed, test) {
                        Err(DiagnoseError::TooLarge(m)) => {
                            tracing::debug!(?c, test, m, "single too large");
                            None
                        }
                        other => other?,
                    };
                    match answer {
                        Some(Some(a)) => angelic.push((test, a)),
                        Some(None) => {
                            tracing::debug!(c = ?self.ranker.lines(&blamed), test, "single refuted");
                            order[..=k].rotate_right(1);
                            continue 'candidates;
                        }
                        None => {
                            tracing::debug!(?c, test, "single undecided");
                            self.skip_undecided(&blamed, report);
                            continue 'candidates;
                        }
                    }
                }
                self.budget.phase(Phase::Validating);
                let v = self.validator.run(&angelic);
                if !self.needs_all_checks(v) {
                    break (angelic, v);
                }
            };
            if validation == Validation::Passed {
                let c = Candidate::validated(weight, blamed, angelic);
                self.found(accepted, c, report);
            } else if self.approximates() {
                tracing::debug!(?c, "refuted by validation (approximated formula)");
            } else {
                report.infeasible += 1;
                tracing::error!(
                    "diagnosis {c:?} failed validation: encoder and interpreter disagree"
                );
            }
        }
        Ok(false)
    }

    /// Cost-2 diagnoses of two weight-1 components, found pair by pair: most tests are
    /// explained by one of the two alone (single-component explanations, probed in the
    /// interpreter or known from the formula), and only the few tests neither explains get a
    /// joint check. Pairs with the fewest such tests come first, then the most suspicious.
    /// Added to `accepted` up to the limit; returns the pairs some test rejected. Only valid
    /// once every cost-1 diagnosis is in `accepted` (a pair containing one is not minimal).
    pub(crate) fn complementary_pairs(
        &self,
        tests: &[usize],
        accepted: &mut Vec<Candidate>,
        report: &mut Report,
    ) -> Result<Vec<BTreeSet<ComponentId>>, DiagnoseError> {
        // Single diagnoses, and single components skipped undecided (which might be ones):
        // no pair holding one is minimal, or may be reported.
        let taken: BTreeSet<ComponentId> = (accepted.iter().map(|c| &c.blamed))
            .chain(self.answers.skipped().iter())
            .filter(|b| b.len() == 1)
            .flat_map(|b| b.iter().copied())
            .collect();
        let ones: Vec<ComponentId> = self
            .blameable()
            .into_iter()
            .filter(|&c| !taken.contains(&c))
            .filter(|&c| self.components.get(c).is_some_and(|i| i.weight == 1))
            .collect();
        if ones.len() > MAX_PAIR_COMPONENTS {
            return Ok(Vec::new());
        }
        // Which tests each component explains alone.
        let mut rows: Vec<Vec<bool>> = Vec::with_capacity(ones.len());
        for &c in &ones {
            self.budget.check()?;
            let row = tests.iter().map(|&t| self.single_explains(c, t)).collect();
            rows.push(row);
        }
        tracing::debug!(components = ones.len(), "pair rows");
        // Pairs that can explain every test (each test's must set holds one of them), with the
        // number of tests neither explains alone: those need a joint check.
        let must: Vec<Option<BTreeSet<ComponentId>>> = tests
            .iter()
            .map(|t| self.executed.get(t).map(|m| m.iter().copied().collect()))
            .collect();
        let mut pairs: Vec<(usize, usize, usize)> = Vec::new();
        for a in 0..ones.len() {
            for b in a + 1..ones.len() {
                let hits = must.iter().all(|m| {
                    m.as_ref()
                        .is_none_or(|m| m.contains(&ones[a]) || m.contains(&ones[b]))
                });
                let open = rows[a]
                    .iter()
                    .zip(&rows[b])
                    .filter(|(x, y)| !**x && !**y)
                    .count();
                if hits {
                    pairs.push((a, b, open));
                }
            }
        }
        let score = |c: ComponentId| self.ranker.suspicion(c);
        pairs.sort_by(|&(a, b, x), &(c, d, y)| {
            x.cmp(&y)
                .then(
                    (score(ones[c]) + score(ones[d])).total_cmp(&(score(ones[a]) + score(ones[b]))),
                )
                .then((a, b).cmp(&(c, d)))
        });
        let mut order: Vec<usize> = (0..tests.len()).collect();
        let mut refuted = Vec::new();
        let mut next = 0;
        let mut resorted = false;
        // Pairs rejected since the last accepted one or the re-ordering.
        let mut in_a_row = 0;
        'pairs: while next < pairs.len() {
            if !resorted && in_a_row >= RESORT_AFTER_REFUTED {
                // The pairs that looked closest did not work out: a control fault and a value
                // fault together explain tests neither explains alone. Try the pairs whose
                // joint probes explain some of their open tests first.
                resorted = true;
                in_a_row = 0;
                let sampled: Vec<usize> = pairs[next..]
                    .iter()
                    .map(|&(a, b, _)| {
                        (0..tests.len())
                            .filter(|&k| !rows[a][k] && !rows[b][k])
                            .take(PAIR_PROBE_SAMPLE)
                            .filter(|&k| {
                                let t = tests[k];
                                (self.probe_pair_within(ones[a], ones[b], t, RESORT_PROBE_RUNS))
                                    .is_none()
                            })
                            .count()
                    })
                    .collect();
                let mut rest: Vec<((usize, usize, usize), usize)> =
                    pairs[next..].iter().copied().zip(sampled).collect();
                if rest.iter().all(|&(_, failed)| failed > 0) {
                    // No joint probe found values for any pair left: what follows would be
                    // rejections, one check each, where the hitting sets' cores reject many
                    // pairs per check. TCAS v7, ten diagnoses: all 150 pairs left, the 48
                    // after the re-ordering all rejected; median 3.13 → 2.96 s. TCAS v3 and
                    // v4, whose pairs are accepted after the re-ordering, have 9 pairs with
                    // values each and go on as before.
                    tracing::debug!(left = rest.len(), "pair pass: no joint probe found values");
                    break 'pairs;
                }
                rest.sort_by_key(|&((_, _, open), failed)| (failed, open));
                pairs.truncate(next);
                pairs.extend(rest.into_iter().map(|(p, _)| p));
            }
            let (a, b, _) = pairs[next];
            next += 1;
            if accepted.len() >= self.max {
                report.stop_at_limit();
                break;
            }
            if refuted.len() >= MAX_REFUTED_PAIRS || (resorted && in_a_row >= REFUTED_IN_A_ROW) {
                break;
            }
            if self.budget.cancelled() {
                return Err(DiagnoseError::Cancelled);
            }
            self.budget.phase(Phase::Enumerating {
                found: accepted.len(),
            });
            let pair: BTreeSet<ComponentId> = [ones[a], ones[b]].into();
            let mut angelic = Vec::with_capacity(tests.len());
            // A test whose candidate-only replica is over the size limit: the pair goes to the
            // hitting sets undecided, where a full replica answers it with a core. The other
            // tests are not asked: only such a replica can reject the pair here, and what
            // makes it large is mostly the pair itself (a relaxed loop condition unrolls the
            // loop to the bound on every test). The TCAS line-113 mutant (126 failing tests)
            // asked all 126 for each of the pairs holding `Sensitivity_Level`'s loop, 1.3-2 s
            // per pair, 35 s in all. What it gives up: on TCAS v3 one such pair, which a third
            // test's small replica used to reject here, now goes to the hitting sets.
            let mut undecided = false;
            for k in 0..order.len() {
                let i = order[k];
                let t = tests[i];
                let checks = &mut report.checks;
                let values = if let Some(v) = self.known_explanation(&pair, t) {
                    checks.known += 1;
                    Some(v)
                } else if let Some(v) = self.probe_pair(ones[a], ones[b], t) {
                    checks.probed += 1;
                    Some(v)
                } else {
                    checks.folded += 1;
                    match self.explain_within(&pair, t, CANDIDATE_CHECK_MAX_VARS)? {
                        Some(v) => v,
                        None => {
                            undecided = true;
                            break;
                        }
                    }
                };
                match values {
                    Some(v) => angelic.push((t, v)),
                    None => {
                        order[..=k].rotate_right(1);
                        refuted.push(pair);
                        in_a_row += 1;
                        continue 'pairs;
                    }
                }
            }
            if undecided {
                in_a_row += 1;
                continue 'pairs;
            }
            self.budget.phase(Phase::Validating);
            match self.validator.run(&angelic) {
                Validation::Passed => {
                    tracing::debug!(in_a_row, resorted, refuted = refuted.len(), "pair accepted");
                    in_a_row = 0;
                    let c = Candidate::validated(2, pair, angelic);
                    self.found(accepted, c, report);
                }
                v => {
                    if !self.needs_all_checks(v) && !self.approximates() {
                        report.infeasible += 1;
                        tracing::error!(
                            "diagnosis {:?} failed validation: encoder and interpreter disagree",
                            pair
                        );
                    }
                    // The joint search below finds what is left.
                    break;
                }
            }
        }
        tracing::debug!(
            refuted = refuted.len(),
            accepted = accepted.len(),
            "pair pass"
        );
        Ok(refuted)
    }
}
