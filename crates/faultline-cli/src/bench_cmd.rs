//! `faultline bench DIR`: every algorithm on every case of a benchmark directory, scored
//! against the known faulty lines.

use std::io::{IsTerminal, Write};
use std::time::Duration;

use faultline_bench::{bench, BenchAlgorithm, BenchOptions};
use indicatif::{ProgressBar, ProgressStyle};

use crate::BenchArgs;

pub fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let (i, n) = s
        .split_once('/')
        .ok_or_else(|| format!("`{s}`: expected INDEX/COUNT, e.g. 1/3"))?;
    let i: usize = i.trim().parse().map_err(|_| format!("`{s}`: bad index"))?;
    let n: usize = n.trim().parse().map_err(|_| format!("`{s}`: bad count"))?;
    if n == 0 || i == 0 || i > n {
        return Err(format!("`{s}`: need 1 <= INDEX <= COUNT"));
    }
    Ok((i, n))
}

/// `--algorithms a,b`: one value holding a list (a newtype, so clap does not treat it as a
/// repeated option).
#[derive(Clone, Debug)]
pub struct AlgorithmList(pub Vec<BenchAlgorithm>);

pub fn parse_algorithms(s: &str) -> Result<AlgorithmList, String> {
    let mut out: Vec<BenchAlgorithm> = Vec::new();
    for name in s.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let alg: BenchAlgorithm = name.parse()?;
        if !out.contains(&alg) {
            out.push(alg);
        }
    }
    if out.is_empty() {
        return Err("no algorithm given".into());
    }
    Ok(AlgorithmList(out))
}

pub fn run(args: &BenchArgs) -> u8 {
    let opts = BenchOptions {
        algorithms: args
            .algorithms
            .clone()
            .map(|l| l.0)
            .unwrap_or_else(|| BenchAlgorithm::ALL.to_vec()),
        timeout: args.timeout.0.unwrap_or(Duration::MAX),
        max_memory: args.max_memory.0,
        max_diagnoses: args.max_diagnoses,
        unwind: args.unwind,
        jobs: args.jobs.max(1),
    };
    // A progress bar only for a person watching: hidden when stderr is not a terminal.
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(0);
        if let Ok(style) =
            ProgressStyle::with_template("{bar:30} {pos}/{len} runs {elapsed_precise} {msg}")
        {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let per_case = opts.algorithms.len() as u64;
    let result = bench(
        &args.dir,
        &opts,
        args.shard,
        &|n| bar.set_length(n as u64 * per_case),
        &|case, alg| {
            bar.set_message(format!("finished {case} {alg}"));
            bar.inc(1);
        },
    );
    bar.finish_and_clear();
    let report = match result {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return 2;
        }
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        let _ = writeln!(out, "{}", report.to_json());
    } else {
        let _ = write!(out, "{}", report.to_markdown());
    }
    // Infeasible diagnoses are bugs: make them fail scripts that run the benchmark.
    let infeasible: usize = report
        .totals
        .algorithms
        .values()
        .map(|a| a.infeasible)
        .sum();
    if infeasible > 0 {
        eprintln!("{infeasible} infeasible diagnoses (validation failed): this is a bug");
        return 1;
    }
    0
}
