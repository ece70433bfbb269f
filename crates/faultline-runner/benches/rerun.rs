//! Rerunning a program's tests is what happens on every save: it must be cheap.
//!
//! * `tcas_1600`: all 1,600 IO cases of the TCAS-style program in `tests/tcas` (target: < 50 ms
//!   in total on one core).
//! * `step_limit_10m`: a test stuck in an infinite loop, stopped at the default 10 million steps
//!   (target: < 1 s).

use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};
use faultline_runner::{load_file, run_suite, Status};

fn repo(rel: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
}

fn tcas(c: &mut Criterion) {
    let loaded = load_file(&repo("tests/tcas/tcas.c")).expect("tcas loads");
    assert_eq!(loaded.suite.len(), 1600);
    let results = run_suite(&loaded.program, &loaded.suite);
    assert!(
        results.iter().all(|r| r.passed),
        "the correct TCAS passes all cases"
    );
    c.bench_function("tcas_1600", |b| {
        b.iter(|| run_suite(&loaded.program, &loaded.suite))
    });
}

fn step_limit(c: &mut Criterion) {
    let loaded = load_file(&repo("tests/examples/infinite/loop.c")).expect("example loads");
    let results = run_suite(&loaded.program, &loaded.suite);
    assert!(results.iter().any(|r| r.status == Status::Failed));
    let mut group = c.benchmark_group("step_limit");
    group.sample_size(10);
    group.bench_function("step_limit_10m", |b| {
        b.iter(|| run_suite(&loaded.program, &loaded.suite))
    });
    group.finish();
}

criterion_group!(benches, tcas, step_limit);
criterion_main!(benches);
