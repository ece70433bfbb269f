//! The benchmark's two outputs: a Markdown report for people and JSON for machines.

use std::fmt::Write;

use serde::Serialize;
use serde_json::{json, Value};

use crate::run::{AlgorithmResult, BenchAlgorithm, BenchOptions, CaseResult};
use crate::summary::{AlgorithmTotals, Spread, Totals};

/// Everything one `faultline bench` run produced.
#[derive(Clone, Debug, Serialize)]
pub struct BenchReport {
    pub algorithms: Vec<BenchAlgorithm>,
    pub settings: Settings,
    pub cases: Vec<CaseResult>,
    pub totals: Totals,
}

#[derive(Clone, Debug, Serialize)]
pub struct Settings {
    pub timeout_s: f64,
    pub max_diagnoses: usize,
    pub unwind: Option<u32>,
    pub jobs: usize,
    /// `[index, count]` (1-based index) when only one shard of the cases ran.
    pub shard: Option<[usize; 2]>,
}

impl Settings {
    pub fn new(opts: &BenchOptions, shard: Option<(usize, usize)>) -> Self {
        Settings {
            timeout_s: opts.timeout.as_secs_f64(),
            max_diagnoses: opts.max_diagnoses,
            unwind: opts.unwind,
            jobs: opts.jobs,
            shard: shard.map(|(i, n)| [i, n]),
        }
    }
}

impl BenchReport {
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or_else(|e| json!({ "error": e.to_string() }))
    }

    pub fn to_markdown(&self) -> String {
        let mut s = String::new();
        let _ = self.write_markdown(&mut s);
        s
    }

    /// The algorithms that ran a diagnosis of their own, with their totals: derived rows
    /// (must, combined) have the joint diagnosis's phases and formulas, shown once as cfaults.
    fn diagnosis_rows(&self) -> impl Iterator<Item = (&BenchAlgorithm, &AlgorithmTotals)> {
        (self.algorithms.iter())
            .filter(|alg| !alg.derived_from_joint())
            .filter_map(|alg| Some((alg, self.totals.algorithms.get(alg)?)))
            .filter(|(_, a)| a.phases_ms.total.is_some())
    }

    fn write_markdown(&self, s: &mut String) -> std::fmt::Result {
        let t = &self.totals;
        writeln!(
            s,
            "{} cases ({} not loaded); timeout {} s, at most {} diagnoses, {} job{}{}",
            t.cases,
            t.load_errors,
            self.settings.timeout_s,
            self.settings.max_diagnoses,
            self.settings.jobs,
            if self.settings.jobs == 1 { "" } else { "s" },
            match self.settings.shard {
                Some([i, n]) => format!(", shard {i}/{n}"),
                None => String::new(),
            }
        )?;
        writeln!(s)?;
        writeln!(
            s,
            "| algorithm | cases | localized | top-1 | top-3 | repaired | fix-matches | EXAM | diagnoses | infeasible | non-minimal | errors | incomplete | time median | time max | peak RSS |"
        )?;
        writeln!(
            s,
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
        )?;
        for alg in &self.algorithms {
            let Some(a) = t.algorithms.get(alg) else {
                continue;
            };
            writeln!(
                s,
                "| {alg} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                a.cases,
                a.localized,
                a.top1,
                a.top3,
                a.repaired,
                a.fix_matches,
                opt_fixed(a.exam),
                a.diagnoses,
                a.infeasible,
                a.non_minimal,
                a.errors,
                a.incomplete,
                a.time_ms.map_or("–".into(), |x| ms(x.median)),
                a.time_ms.map_or("–".into(), |x| ms(x.max)),
                a.peak_rss_kib.map_or("–".into(), mib),
            )?;
        }
        writeln!(s)?;
        writeln!(
            s,
            "Phases of the diagnoses (median / max over cases; must and combined are read off \
             the joint report and take its time):"
        )?;
        writeln!(s)?;
        writeln!(
            s,
            "| algorithm | tests | encode | solve | enumerate | validate | total | first diagnosis |"
        )?;
        writeln!(s, "|---|---|---|---|---|---|---|---|")?;
        for (alg, a) in self.diagnosis_rows() {
            let p = &a.phases_ms;
            let cell = |x| spread(x, ms);
            writeln!(
                s,
                "| {alg} | {} | {} | {} | {} | {} | {} | {} |",
                cell(p.tests),
                cell(p.encode),
                cell(p.solve),
                cell(p.enumerate),
                cell(p.validate),
                cell(p.total),
                cell(p.first)
            )?;
        }
        writeln!(s)?;
        writeln!(
            s,
            "Formula sizes (median / max over the cases that built one; full: the largest formula \
             loaded into one solver; candidate-only: replicas with only the checked set relaxed):"
        )?;
        writeln!(s)?;
        writeln!(
            s,
            "| algorithm | full: variables | full: clauses | candidate-only: solved | candidate-only: largest variables |"
        )?;
        writeln!(s, "|---|---|---|---|---|")?;
        for (alg, a) in self.diagnosis_rows() {
            let f = &a.formula;
            let cell = |x| spread(x, count);
            writeln!(
                s,
                "| {alg} | {} | {} | {} | {} |",
                cell(f.variables),
                cell(f.clauses),
                cell(f.candidates_solved),
                cell(f.candidate_variables)
            )?;
        }
        writeln!(s)?;
        if t.categories.len() > 1 {
            writeln!(s, "Localized per category:")?;
            writeln!(s)?;
            write!(s, "| category | cases |")?;
            for alg in &self.algorithms {
                write!(s, " {alg} |")?;
            }
            writeln!(s)?;
            write!(s, "|---|---|")?;
            for _ in &self.algorithms {
                write!(s, "---|")?;
            }
            writeln!(s)?;
            for (name, cat) in &t.categories {
                write!(s, "| {name} | {} |", cat.cases)?;
                for alg in &self.algorithms {
                    write!(s, " {} |", cat.localized.get(alg).copied().unwrap_or(0))?;
                }
                writeln!(s)?;
            }
            writeln!(s)?;
        }
        write!(s, "| case | faulty lines | failing |")?;
        for alg in &self.algorithms {
            write!(s, " {alg} |")?;
        }
        writeln!(s)?;
        write!(s, "|---|---|---|")?;
        for _ in &self.algorithms {
            write!(s, "---|")?;
        }
        writeln!(s)?;
        for c in &self.cases {
            if let Some(e) = &c.error {
                writeln!(s, "| {} | – | – | not loaded: {} |", c.name, one_line(e))?;
                continue;
            }
            let lines: Vec<String> = c.faulty_lines.iter().map(u32::to_string).collect();
            write!(
                s,
                "| {} | {} | {}/{} |",
                c.name,
                lines.join(", "),
                c.failing,
                c.tests
            )?;
            for alg in &self.algorithms {
                write!(s, " {} |", c.results.get(alg).map_or("–".into(), cell))?;
            }
            writeln!(s)?;
        }
        writeln!(s)?;
        writeln!(
            s,
            "Cells: rank of the first hit (– when none; a diagnosis hits when it is exactly the \
             faulty line set, a ranked line when it is one of the faulty lines; ties count \
             against the algorithm) · EXAM (average over ties) · time. For line rankings \
             (naish1, must, combined) `diagnoses` counts ranked lines."
        )
    }
}

fn cell(r: &AlgorithmResult) -> String {
    if let Some(e) = &r.error {
        return format!("error: {}", one_line(e));
    }
    let mut s = format!(
        "{} · {} · {}",
        r.rank.map_or("–".into(), |k| format!("#{k}")),
        opt_fixed(r.exam),
        ms(r.time_ms)
    );
    if r.infeasible > 0 {
        let _ = write!(s, " · **{} infeasible**", r.infeasible);
    }
    s
}

fn one_line(s: &str) -> String {
    let first = s.lines().next().unwrap_or("");
    first.replace('|', "\\|")
}

fn opt_fixed(x: Option<f64>) -> String {
    x.map_or("–".into(), |x| format!("{x:.3}"))
}

/// Milliseconds, shown in the unit that reads best.
fn ms(x: f64) -> String {
    if x >= 1000.0 {
        format!("{:.1} s", x / 1000.0)
    } else if x >= 10.0 {
        format!("{x:.0} ms")
    } else {
        format!("{x:.1} ms")
    }
}

/// `median / max`, each shown with `unit`; `–` when there is none.
fn spread(x: Option<Spread>, unit: fn(f64) -> String) -> String {
    x.map_or("–".to_string(), |x| {
        format!("{} / {}", unit(x.median), unit(x.max))
    })
}

/// A count, rounded, with thousands separated: `259,259`.
fn count(x: f64) -> String {
    let digits = format!("{:.0}", x.max(0.0));
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (k, d) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    out
}

fn mib(kib: u64) -> String {
    format!("{:.0} MiB", kib as f64 / 1024.0)
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn counts_have_thousands_separated() {
        assert_eq!(count(0.0), "0");
        assert_eq!(count(717.0), "717");
        assert_eq!(count(1900.0), "1,900");
        assert_eq!(count(259_259.0), "259,259");
        assert_eq!(count(1_234_567.4), "1,234,567");
        // The median of an even count of cases may fall between two.
        assert_eq!(count(258_869.5), "258,870");
    }
}
