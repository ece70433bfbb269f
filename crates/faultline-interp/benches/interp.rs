//! Interpreter throughput: the TCAS suite (1,600 argv runs of a 180-line program, the runner's
//! hot path) and a loop-heavy program (raw statements per second).

use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};
use faultline_interp::{run_prepared, Entry, Input, Limits, Prepared, RunOptions};

fn compile(rel: &str) -> faultline_ir::Program {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join(rel);
    let text = std::fs::read_to_string(&path).expect("read source");
    faultline_lower::compile(path.to_str().unwrap(), &text, &faultline_preproc::FsLoader)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The `args = [...]` lines of the TCAS suite.
fn tcas_inputs() -> Vec<Input> {
    let path =
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("tests/tcas/faultline.toml");
    std::fs::read_to_string(path)
        .expect("read suite")
        .lines()
        .filter_map(|l| l.trim().strip_prefix("args = ["))
        .map(|l| Input {
            program_name: "tcas".into(),
            args: l
                .trim_end_matches(']')
                .split(", ")
                .map(|s| s.trim_matches('"').to_string())
                .collect(),
            ..Input::default()
        })
        .collect()
}

const LOOP_C: &str = r#"
#include <stdio.h>
int main(void) {
    unsigned h = 2166136261u;
    int a[64];
    int i;
    for (i = 0; i < 64; i++) a[i] = i;
    for (i = 0; i < 200000; i++) {
        h = (h ^ (unsigned)a[i & 63]) * 16777619u;
        if (h % 3 == 0) a[i & 63] += 1;
    }
    printf("%u\n", h);
    return 0;
}
"#;

fn bench(c: &mut Criterion) {
    let tcas = compile("tests/tcas/tcas.c");
    let prep = Prepared::new(&tcas);
    let inputs = tcas_inputs();
    let opts = RunOptions::default();
    c.bench_function("tcas_1600_runs", |b| {
        b.iter(|| {
            for input in &inputs {
                std::hint::black_box(run_prepared(&prep, Entry::Main, input, &opts));
            }
        })
    });
    c.bench_function("tcas_1600_runs_unprepared", |b| {
        b.iter(|| {
            for input in &inputs {
                std::hint::black_box(faultline_interp::run(&tcas, Entry::Main, input, &opts));
            }
        })
    });
    let traced = RunOptions {
        record_trace: true,
        record_coverage: true,
        ..RunOptions::default()
    };
    c.bench_function("tcas_1600_runs_traced", |b| {
        b.iter(|| {
            for input in &inputs {
                std::hint::black_box(run_prepared(&prep, Entry::Main, input, &traced));
            }
        })
    });

    let dir = std::env::temp_dir().join("faultline-interp-bench");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("loop.c");
    std::fs::write(&path, LOOP_C).unwrap();
    let lp = faultline_lower::compile(path.to_str().unwrap(), LOOP_C, &faultline_preproc::FsLoader)
        .unwrap_or_else(|e| panic!("{e}"));
    let prep = Prepared::new(&lp);
    let input = Input::default();
    let steps = run_prepared(&prep, Entry::Main, &input, &opts).steps;
    eprintln!("loop program: {steps} steps per run");
    c.bench_function("loop_200k_iterations", |b| {
        b.iter(|| std::hint::black_box(run_prepared(&prep, Entry::Main, &input, &opts)))
    });
    let limited = RunOptions {
        limits: Limits {
            max_steps: 10_000_000,
            ..Limits::default()
        },
        ..RunOptions::default()
    };
    let inf = "int main(void) { int x = 0; while (1) { x = x + 1; x = x - 1; } }";
    let path = dir.join("inf.c");
    std::fs::write(&path, inf).unwrap();
    let p = faultline_lower::compile(path.to_str().unwrap(), inf, &faultline_preproc::FsLoader)
        .unwrap_or_else(|e| panic!("{e}"));
    let prep = Prepared::new(&p);
    let mut g = c.benchmark_group("step_limit");
    g.sample_size(10);
    g.bench_function("infinite_loop_10M_steps", |b| {
        b.iter(|| std::hint::black_box(run_prepared(&prep, Entry::Main, &input, &limited)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
