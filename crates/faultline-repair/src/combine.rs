//! Joint repairs: one edit at each statement of a diagnosis that blames several (three wrong
//! rates, one per branch), found together when no single edit passes every test.
//!
//! The search is over the product of the statements' candidate edits, so it is pruned before
//! any combination runs, with what the diagnosis already knows: its angelic values, per
//! failing test the values each blamed statement must produce ([`Needs`]). An edit of
//! statement `s` is kept only when, for every failing test in which `s` has angelic values,
//! that test passes with the edit made and every *other* blamed statement producing its
//! angelic values (interpreter overrides). An edit that gives the test something else than
//! what it needs there cannot be part of a joint fix in which the others produce what they
//! need. This costs one run per (edit, test), linear in the candidates, where the product is
//! their product; most edits stop at their first test.
//!
//! The surviving edits are combined best first (by the least plausible edit of the
//! combination, then the summed plausibility: [`JointRepair::order`]), within a budget of
//! combinations, and each is checked as a single edit is (`crate`): the failing tests, then
//! the others, then the edited *text* (every edit applied) compiled again and the whole suite
//! run on it. **Invariant:** as for single edits, a joint repair is reported only when the
//! program compiled from the text with all its edits passes every test.
//!
//! The pruning assumes the angelic values are what the statements must produce. Where a
//! statement's value reaches the output unchanged that is so; where several values would do
//! (a value only compared), the pruning may drop a joint fix whose edits produce other values
//! than the angelic ones: the price of not running the product.

use std::collections::{BTreeSet, BinaryHeap, HashMap, HashSet};
use std::time::Instant;

use faultline_interp::{Overrides, RunOptions};
use faultline_ir::{FuncId, Program, StmtId};
use faultline_runner::{Runner, Status};

use crate::{apply, ms, Edit, Repair, Searcher};

/// What one failing test needs of the blamed statements: per (statement, dynamic instance),
/// the values (by slot) that execution must produce, as the diagnosis's angelic values say.
#[derive(Clone, Debug, Default)]
pub struct Needs {
    /// Suite index of the failing test.
    pub test: usize,
    pub values: Vec<((StmtId, u32), Vec<i128>)>,
}

/// Several edits, one per statement, under which every test passes together (and not one of
/// them alone: the caller searched those first).
#[derive(Clone, Debug)]
pub struct JointRepair {
    /// One per edited statement, in the order of the statements given.
    pub parts: Vec<Repair>,
    /// Tests run and passed with every edit made (skipped ones aside).
    pub tests_passed: usize,
}

impl JointRepair {
    /// How plausible the joint repair is, on [`Edit::order`]'s scale: as its least plausible
    /// edit (three constants each off by one are as plausible as one; a joint repair with a
    /// guessed constant is a guess).
    pub fn order(&self) -> u32 {
        self.parts.iter().map(|r| r.edit.order()).max().unwrap_or(0)
    }
}

/// Bounds of one joint search.
#[derive(Clone, Debug)]
pub struct JointLimits {
    /// Combinations checked at most (each at least one test run).
    pub combinations: usize,
    /// Edits per statement kept for combining (the most plausible that survive the pruning).
    pub per_statement: usize,
    /// Joint repairs kept.
    pub found: usize,
    /// Prune the edits by the angelic values first (off only to test the pruning).
    pub prune: bool,
}

impl Default for JointLimits {
    fn default() -> Self {
        JointLimits {
            combinations: 200,
            per_statement: 8,
            found: 3,
            prune: true,
        }
    }
}

/// What a joint search did, for timings and tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JointStats {
    /// Candidate edits over all statements, before pruning.
    pub edits: usize,
    /// Edits that survived the pruning (all of them without it).
    pub kept: usize,
    /// Combinations checked.
    pub combinations: usize,
}

impl Searcher<'_> {
    /// Joint repairs of `stmts` (each with the constants its angelic values suggest), given
    /// what each failing test needs of them (`needs`, see the module docs). Empty when fewer
    /// than two statements are given, or when one of them has no edit left after pruning.
    pub fn joint_repairs(
        &mut self,
        stmts: &[(StmtId, Vec<i128>)],
        needs: &[Needs],
        limits: &JointLimits,
    ) -> (Vec<JointRepair>, JointStats) {
        let mut stats = JointStats::default();
        if stmts.len() < 2 {
            return (Vec::new(), stats);
        }
        // Each statement's edits, most plausible first, pruned.
        let mut options: Vec<(StmtId, FuncId, Vec<Edit>)> = Vec::with_capacity(stmts.len());
        for (stmt, hints) in stmts {
            let Some((func, edits)) = self.edits_of(*stmt, hints) else {
                return (Vec::new(), stats);
            };
            stats.edits += edits.len();
            let kept = if limits.prune {
                self.prune(*stmt, func, edits, needs, limits.per_statement)
            } else {
                edits
            };
            stats.kept += kept.len();
            if kept.is_empty() || self.stopped() {
                return (Vec::new(), stats);
            }
            options.push((*stmt, func, kept));
        }

        let mut found: Vec<JointRepair> = Vec::new();
        let mut texts: HashSet<Vec<(u32, String)>> = HashSet::new();
        for combo in BestFirst::new(&options) {
            if self.stopped() || stats.combinations >= limits.combinations {
                break;
            }
            if found.len() >= limits.found.max(1) {
                break;
            }
            let edits: Vec<&Edit> = combo
                .iter()
                .zip(&options)
                .map(|(&i, (_, _, e))| &e[i])
                .collect();
            let order = edits.iter().map(|e| e.order()).max().unwrap_or(0);
            // A less plausible joint repair is only worth reporting when no more plausible one
            // passes.
            if found.first().is_some_and(|r| r.order() < order) {
                break;
            }
            if overlap(&edits) {
                continue;
            }
            let key: Vec<(u32, String)> = edits
                .iter()
                .map(|e| (e.span.start, e.after.clone()))
                .collect();
            if !texts.insert(key) {
                continue;
            }
            stats.combinations += 1;
            if let Some(tests_passed) = self.try_joint(&options, &edits) {
                found.push(JointRepair {
                    parts: options
                        .iter()
                        .zip(&edits)
                        .map(|((stmt, _, _), e)| Repair {
                            stmt: *stmt,
                            edit: (*e).clone(),
                            tests_passed,
                        })
                        .collect(),
                    tests_passed,
                });
            }
        }
        (found, stats)
    }

    /// The edits of `stmt` under which each failing test that needs values of it passes
    /// when every other blamed statement produces what the test needs (at most `keep`).
    fn prune(
        &mut self,
        stmt: StmtId,
        func: FuncId,
        edits: Vec<Edit>,
        needs: &[Needs],
        keep: usize,
    ) -> Vec<Edit> {
        // Per test that needs values of `stmt`: the overrides of the other statements.
        let checks: Vec<(usize, Overrides)> = needs
            .iter()
            .filter(|n| n.values.iter().any(|((s, _), _)| *s == stmt))
            .map(|n| {
                let mut o = Overrides::new();
                for ((s, instance), values) in &n.values {
                    if *s != stmt {
                        o.set(*s, *instance, values.clone());
                    }
                }
                (n.test, o)
            })
            .collect();
        let mut kept = Vec::new();
        for edit in edits {
            if kept.len() >= keep.max(1) || self.stopped() {
                break;
            }
            let t = Instant::now();
            self.timings.tried += 1;
            let Some(edited) = apply(self.program, func, stmt, &edit) else {
                continue;
            };
            self.timings.generate += ms(t.elapsed());
            let t = Instant::now();
            let runner = Runner::new(&edited, self.suite);
            let ok = checks.iter().all(|(test, overrides)| {
                let (result, _) = runner.run_case_within(
                    &self.suite.cases[*test],
                    RunOptions {
                        overrides: Some(overrides),
                        ..Default::default()
                    },
                    self.limits.max_steps,
                );
                result.status != Status::Failed
            });
            self.timings.check += ms(t.elapsed());
            if ok {
                kept.push(edit);
            }
        }
        kept
    }

    /// Check, validate and confirm one combination: the tests passed when all did.
    fn try_joint(&mut self, options: &[(StmtId, FuncId, Vec<Edit>)], edits: &[&Edit]) -> Option<usize> {
        let t = Instant::now();
        let mut program: Option<Program> = None;
        for ((stmt, func, _), edit) in options.iter().zip(edits) {
            let base = program.as_ref().unwrap_or(self.program);
            program = Some(apply(base, *func, *stmt, edit)?);
        }
        let edited = program?;
        self.timings.generate += ms(t.elapsed());

        let t = Instant::now();
        let runner = Runner::new(&edited, self.suite);
        let repaired = self.all_pass(&runner, &self.failing);
        self.timings.check += ms(t.elapsed());
        if !repaired {
            return None;
        }
        let t = Instant::now();
        let valid = self.all_pass(&runner, &self.passing);
        self.timings.validate += ms(t.elapsed());
        if !valid {
            return None;
        }
        let t = Instant::now();
        let confirmed = self.confirm_all(edits);
        self.timings.confirm += ms(t.elapsed());
        tracing::debug!(
            edits = ?edits.iter().map(|e| (&e.before, &e.after)).collect::<Vec<_>>(),
            confirmed = confirmed.is_some(),
            "joint repair"
        );
        confirmed
    }
}

/// Whether two of the edits touch overlapping text (the same `#define` reached from two
/// statements, say): they cannot both be made.
fn overlap(edits: &[&Edit]) -> bool {
    edits.iter().enumerate().any(|(i, a)| {
        edits[i + 1..].iter().any(|b| {
            a.span.file == b.span.file && a.span.start < b.span.end && b.span.start < a.span.end
        })
    })
}

/// The text of every file with `edits` made (each file's edits from its end backwards, so
/// that earlier ranges stay where they were). `None` when an edit's range no longer reads
/// what it replaces, or two overlap.
pub fn edited_texts(program: &Program, edits: &[&Edit]) -> Option<HashMap<String, String>> {
    let mut files: HashMap<String, String> = program
        .files
        .iter()
        .map(|(_, f)| (f.path.clone(), f.text.to_string()))
        .collect();
    if overlap(edits) {
        return None;
    }
    let by_file: BTreeSet<_> = edits.iter().map(|e| e.span.file).collect();
    for file in by_file {
        let mut mine: Vec<&&Edit> = edits.iter().filter(|e| e.span.file == file).collect();
        mine.sort_by_key(|e| std::cmp::Reverse(e.span.start));
        let path = program.files.get(file).path.clone();
        let mut text = files.get(&path)?.clone();
        for e in mine {
            let (start, end) = (e.span.start as usize, e.span.end as usize);
            if text.get(start..end)? != e.before {
                return None;
            }
            text.replace_range(start..end, &e.after);
        }
        files.insert(path, text);
    }
    Some(files)
}

/// The index combinations of a product of lists sorted by plausibility, best first: by the
/// least plausible member, then the summed plausibility, then the summed indices. Each list
/// is sorted by [`Edit::order`], so a successor (one index one further) never sorts before
/// what it follows, and a heap with a visited set yields the product in order.
struct BestFirst<'a> {
    orders: Vec<Vec<u32>>,
    heap: BinaryHeap<std::cmp::Reverse<((u32, u32, usize), Vec<usize>)>>,
    seen: HashSet<Vec<usize>>,
    _lists: std::marker::PhantomData<&'a ()>,
}

impl<'a> BestFirst<'a> {
    fn new(options: &'a [(StmtId, FuncId, Vec<Edit>)]) -> Self {
        let orders: Vec<Vec<u32>> = options
            .iter()
            .map(|(_, _, e)| e.iter().map(Edit::order).collect())
            .collect();
        let mut b = BestFirst {
            orders,
            heap: BinaryHeap::new(),
            seen: HashSet::new(),
            _lists: std::marker::PhantomData,
        };
        if b.orders.iter().all(|o| !o.is_empty()) {
            b.push(vec![0; b.orders.len()]);
        }
        b
    }

    fn push(&mut self, combo: Vec<usize>) {
        if !self.seen.insert(combo.clone()) {
            return;
        }
        let orders = combo.iter().zip(&self.orders).map(|(&i, o)| o[i]);
        let key = (
            orders.clone().max().unwrap_or(0),
            orders.sum(),
            combo.iter().sum(),
        );
        self.heap.push(std::cmp::Reverse((key, combo)));
    }
}

impl Iterator for BestFirst<'_> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        let std::cmp::Reverse((_, combo)) = self.heap.pop()?;
        for k in 0..combo.len() {
            if combo[k] + 1 < self.orders[k].len() {
                let mut next = combo.clone();
                next[k] += 1;
                self.push(next);
            }
        }
        Some(combo)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The product comes out sorted by its key, every combination once.
    #[test]
    fn best_first_yields_the_whole_product_in_order() {
        let orders = vec![vec![1, 1, 6, 7], vec![2, 6], vec![1, 3, 3]];
        let mut b = BestFirst {
            orders: orders.clone(),
            heap: BinaryHeap::new(),
            seen: HashSet::new(),
            _lists: std::marker::PhantomData,
        };
        b.push(vec![0, 0, 0]);
        let all: Vec<Vec<usize>> = b.collect();
        assert_eq!(all.len(), 4 * 2 * 3);
        let key = |c: &Vec<usize>| {
            let o: Vec<u32> = c.iter().zip(&orders).map(|(&i, o)| o[i]).collect();
            (*o.iter().max().unwrap(), o.iter().sum::<u32>())
        };
        assert!(all.windows(2).all(|w| key(&w[0]) <= key(&w[1])));
        let distinct: HashSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), all.len());
    }
}
