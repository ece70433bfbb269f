//! What an algorithm answers, as a user reads it, and how good that answer is against the ground
//! truth. Pure: hand-made rankings are enough to test every metric.
//!
//! Every algorithm's answer is a [`Ranking`]: candidate fault sets (sets of source lines) in the
//! order a user would inspect them, in groups of candidates the algorithm cannot tell apart.
//! Formula-based algorithms report one diagnosis per group (their rank is deterministic) and a
//! diagnosis hits when it is *exactly* the faulty line set; line rankings (spectrum-only,
//! must-sets, combined) report single lines, tied when their scores are equal, and a line hits
//! when it is *one of* the faulty lines (the usual top-N of spectrum-based localization: the
//! user has found a fault).
//!
//! Ties are always resolved explicitly:
//! * [`Ranking::rank_of`] (top-1, top-3, localized) breaks ties **against** the algorithm: the
//!   faulty set counts as found at the last position of its tie group;
//! * [`Ranking::exam`] reports the **average case** (the expected cost of inspecting a tie group
//!   in uniformly random order) and [`Ranking::exam_worst`] the worst case.

use std::collections::BTreeSet;

use serde::Serialize;

/// A source line: what the ground truth and every ranking talk about.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Line {
    pub path: String,
    pub line: u32,
}

impl Line {
    pub fn new(path: impl Into<String>, line: u32) -> Self {
        Line {
            path: path.into(),
            line,
        }
    }
}

/// A candidate fault: the lines to change.
pub type LineSet = BTreeSet<Line>;

/// Candidates in inspection order; each inner vector is a group of tied candidates.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ranking {
    pub groups: Vec<Vec<LineSet>>,
    /// Candidates are single lines and hit when they are one of the faulty lines (rather than
    /// exactly the faulty set).
    pub single_lines: bool,
}

impl Ranking {
    /// One candidate per group: a strict order (the formula-based algorithms' diagnoses).
    pub fn strict(candidates: impl IntoIterator<Item = LineSet>) -> Self {
        Ranking {
            groups: candidates.into_iter().map(|c| vec![c]).collect(),
            single_lines: false,
        }
    }

    /// Lines grouped by equal score, best first; each line is a candidate of its own (the
    /// spectrum-only ranking). Scores are compared exactly: equal scores are a tie.
    pub fn by_score(scored: impl IntoIterator<Item = (Line, f64)>) -> Self {
        let mut scored: Vec<(Line, f64)> = scored.into_iter().collect();
        scored.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let mut groups: Vec<Vec<LineSet>> = Vec::new();
        let mut last: Option<f64> = None;
        for (line, score) in scored {
            let single: LineSet = std::iter::once(line).collect();
            match (last, groups.last_mut()) {
                (Some(prev), Some(group)) if prev == score => group.push(single),
                _ => groups.push(vec![single]),
            }
            last = Some(score);
        }
        Ranking {
            groups,
            single_lines: true,
        }
    }

    /// Number of candidates.
    pub fn len(&self) -> usize {
        self.groups.iter().map(Vec::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The 1-based position at which a user finds a hit (see the module doc), ties broken
    /// against the algorithm (the whole tie group is inspected first). `None` when no candidate
    /// hits.
    pub fn rank_of(&self, faulty: &LineSet) -> Option<usize> {
        let hit = |c: &LineSet| {
            if self.single_lines {
                c.iter().any(|l| faulty.contains(l))
            } else {
                c == faulty
            }
        };
        let mut before = 0;
        for group in &self.groups {
            if group.iter().any(hit) {
                return Some(before + group.len());
            }
            before += group.len();
        }
        None
    }

    /// The order in which a user inspects lines when following the ranking: each group
    /// contributes the lines not seen before as one tie block.
    fn line_blocks(&self) -> Vec<BTreeSet<&Line>> {
        let mut seen: BTreeSet<&Line> = BTreeSet::new();
        let mut blocks = Vec::new();
        for group in &self.groups {
            let block: BTreeSet<&Line> = group
                .iter()
                .flatten()
                .filter(|l| !seen.contains(l))
                .collect();
            if !block.is_empty() {
                seen.extend(block.iter().copied());
                blocks.push(block);
            }
        }
        blocks
    }

    /// EXAM score, average case: the expected fraction of the program's executable lines a user
    /// inspects *before* the first faulty one, following the ranking's line order (the lines of
    /// each group not seen before form one tie block, inspected in random order; lines the
    /// ranking never names come last, as one block). A perfect ranking scores 0, a useless one
    /// close to 1. The line universe is `executable` plus every ranked line; faulty lines outside
    /// it are ignored. `None` when no faulty line is in the universe.
    pub fn exam(&self, faulty: &LineSet, executable: &BTreeSet<Line>) -> Option<f64> {
        self.exam_with(faulty, executable, false)
    }

    /// EXAM score with ties broken against the algorithm (the faulty line inspected last in its
    /// tie block).
    pub fn exam_worst(&self, faulty: &LineSet, executable: &BTreeSet<Line>) -> Option<f64> {
        self.exam_with(faulty, executable, true)
    }

    fn exam_with(&self, faulty: &LineSet, executable: &BTreeSet<Line>, worst: bool) -> Option<f64> {
        let mut blocks = self.line_blocks();
        let ranked: BTreeSet<&Line> = blocks.iter().flatten().copied().collect();
        let rest: BTreeSet<&Line> = executable.iter().filter(|l| !ranked.contains(l)).collect();
        let total = ranked.len() + rest.len();
        blocks.push(rest);
        let mut before = 0.0;
        for block in &blocks {
            let f = block.iter().filter(|l| faulty.contains(**l)).count();
            if f > 0 {
                let m = (block.len() - f) as f64;
                // Average case: the expected number of non-faulty lines in front of the first of
                // f faulty ones in a random order of m + f lines is m / (f + 1).
                before += if worst { m } else { m / (f as f64 + 1.0) };
                return Some(before / total as f64);
            }
            before += block.len() as f64;
        }
        None
    }
}

/// Reported diagnoses whose line set is a proper superset of another reported one's (a user
/// would never need them: the smaller one already explains the failures at that line level).
pub fn non_minimal(diagnoses: &[LineSet]) -> usize {
    diagnoses
        .iter()
        .filter(|d| {
            diagnoses
                .iter()
                .any(|other| other.len() < d.len() && other.is_subset(d))
        })
        .count()
}

/// How far down the ranking the faulty set may be and still count as localized: the issue's
/// "some reported diagnosis among the first five".
pub const LOCALIZED_WITHIN: usize = 5;

#[cfg(test)]
mod tests {
    use super::*;

    fn set(lines: &[u32]) -> LineSet {
        lines.iter().map(|&l| Line::new("a.c", l)).collect()
    }

    fn exec(n: u32) -> BTreeSet<Line> {
        (1..=n).map(|l| Line::new("a.c", l)).collect()
    }

    #[test]
    fn rank_of_is_exact_set_equality_in_order() {
        let r = Ranking::strict([set(&[3]), set(&[4, 7]), set(&[7])]);
        assert_eq!(r.rank_of(&set(&[3])), Some(1));
        assert_eq!(r.rank_of(&set(&[7])), Some(3));
        assert_eq!(r.rank_of(&set(&[4, 7])), Some(2));
        // A superset or subset of the faulty set is not the faulty set.
        assert_eq!(r.rank_of(&set(&[4])), None);
        assert_eq!(r.rank_of(&set(&[3, 4, 7])), None);
        assert_eq!(Ranking::default().rank_of(&set(&[1])), None);
    }

    #[test]
    fn rank_of_breaks_ties_against_the_algorithm() {
        // Lines 5 and 6 tie at the top; 2 comes third.
        let r = Ranking::by_score([
            (Line::new("a.c", 2), 1.0),
            (Line::new("a.c", 6), 2.0),
            (Line::new("a.c", 5), 2.0),
        ]);
        assert_eq!(r.groups.len(), 2);
        assert_eq!(r.rank_of(&set(&[5])), Some(2));
        assert_eq!(r.rank_of(&set(&[6])), Some(2));
        assert_eq!(r.rank_of(&set(&[2])), Some(3));
        assert_eq!(r.len(), 3);
        // A line ranking hits on any faulty line: two faults, one of them ranked third.
        assert_eq!(r.rank_of(&set(&[2, 40])), Some(3));
        assert_eq!(r.rank_of(&set(&[40])), None);
    }

    #[test]
    fn exam_counts_lines_inspected_before_the_first_faulty_one() {
        let all = exec(10);
        // Diagnoses {1}, {2, 3}, {3, 4}: the user reads 1, then 2 and 3, then 4.
        let r = Ranking::strict([set(&[1]), set(&[2, 3]), set(&[3, 4])]);
        assert_eq!(r.exam(&set(&[1]), &all), Some(0.0));
        // Fault at 4: lines 1, 2, 3 come first (4 is the only new line of the third group).
        assert_eq!(r.exam(&set(&[4]), &all), Some(0.3));
        assert_eq!(r.exam_worst(&set(&[4]), &all), Some(0.3));
        // Fault at 3 in the tie block {2, 3}: one other line, average 1/2, worst 1.
        assert_eq!(r.exam(&set(&[3]), &all), Some(1.5 / 10.0));
        assert_eq!(r.exam_worst(&set(&[3]), &all), Some(0.2));
        // Fault never ranked: 4 ranked lines, then 6 unranked lines with one faulty: 5 others,
        // average 5/2.
        assert_eq!(r.exam(&set(&[9]), &all), Some((4.0 + 2.5) / 10.0));
        assert_eq!(r.exam_worst(&set(&[9]), &all), Some(0.9));
        // Two faulty lines: the first one found counts.
        assert_eq!(r.exam(&set(&[4, 2]), &all), Some((1.0 + 0.5) / 10.0));
    }

    #[test]
    fn exam_of_an_empty_ranking_is_random_inspection() {
        let all = exec(9);
        // 8 other lines, one faulty: 8 / 2 = 4 expected before it.
        let got = Ranking::default().exam(&set(&[5]), &all).unwrap();
        assert!((got - 4.0 / 9.0).abs() < 1e-12);
        // Faulty lines that are not executable are ignored; none left: no score.
        assert_eq!(Ranking::default().exam(&set(&[42]), &all), None);
    }

    #[test]
    fn exam_universe_includes_ranked_lines_outside_the_executable_set() {
        let r = Ranking::strict([set(&[20])]);
        // Universe = {1, 2, 20}: fault at 1 comes after 20, then 1 tie with 2.
        assert_eq!(r.exam(&set(&[1]), &exec(2)), Some((1.0 + 0.5) / 3.0));
    }

    #[test]
    fn non_minimal_counts_proper_supersets_of_other_diagnoses() {
        let d = [
            set(&[1]),
            set(&[1, 2]),
            set(&[2, 3]),
            set(&[1, 2, 3]),
            set(&[1]),
        ];
        // {1,2} ⊃ {1}; {1,2,3} ⊃ {1}, {1,2}, {2,3}; a duplicate {1} is not a proper superset.
        assert_eq!(non_minimal(&d), 2);
        assert_eq!(non_minimal(&[]), 0);
        assert_eq!(non_minimal(&[set(&[4]), set(&[5])]), 0);
    }
}
