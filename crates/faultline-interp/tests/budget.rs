//! A run under an analysis's budget: cancellation, deadline and memory ceiling stop it within
//! milliseconds, and the trace of a run stuck in a loop stays bounded.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use faultline_interp::{
    run, Entry, Input, Limits, MemoryAccount, Outcome, RunOptions, RuntimeErrorKind, Stop,
    StopReason, TRACE_HEAD, TRACE_TAIL,
};
use faultline_ir::{Program, StmtKind};

fn compile(src: &str) -> Program {
    faultline_lower::compile("t.c", src, &faultline_preproc::FsLoader)
        .unwrap_or_else(|e| panic!("does not compile:\n{e}"))
}

/// Counts up forever (the step limit ends it).
const FOREVER: &str = "int main(void) { unsigned n = 0; while (1) { if (n % 3 == 0) n = n + 2; else n = n + 1; } return 0; }";

fn stopped(outcome: &Outcome) -> Option<StopReason> {
    match outcome {
        Outcome::RuntimeError {
            kind: RuntimeErrorKind::Stopped { reason },
            ..
        } => Some(*reason),
        _ => None,
    }
}

fn unlimited() -> Limits {
    Limits {
        max_steps: u64::MAX,
        max_time: None,
        ..Limits::default()
    }
}

#[test]
fn a_run_longer_than_its_own_time_limit_ends_with_a_time_limit_error() {
    let p = compile(FOREVER);
    let start = Instant::now();
    let r = run(
        &p,
        Entry::Main,
        &Input::default(),
        &RunOptions {
            limits: Limits {
                max_steps: u64::MAX,
                max_time: Some(Duration::from_millis(150)),
                ..Limits::default()
            },
            ..Default::default()
        },
    );
    let spent = start.elapsed();
    assert!(
        matches!(
            &r.outcome,
            Outcome::RuntimeError {
                kind: RuntimeErrorKind::TimeLimit { ms: 150 },
                ..
            }
        ),
        "{:?}",
        r.outcome
    );
    assert_eq!(
        r.outcome.message(),
        "time limit of 0.15 s exceeded (infinite loop?)"
    );
    assert!(spent < Duration::from_millis(1150), "{spent:?}");
}

#[test]
fn a_deadline_ends_an_endless_run_within_milliseconds() {
    let p = compile(FOREVER);
    let stop = Stop::new(
        None,
        Some(Instant::now() + Duration::from_millis(200)),
        None,
    );
    let start = Instant::now();
    let r = run(
        &p,
        Entry::Main,
        &Input::default(),
        &RunOptions {
            limits: unlimited(),
            stop: Some(&stop),
            ..Default::default()
        },
    );
    let spent = start.elapsed();
    assert_eq!(
        stopped(&r.outcome),
        Some(StopReason::Timeout),
        "{:?}",
        r.outcome
    );
    assert!(spent >= Duration::from_millis(200), "{spent:?}");
    assert!(spent < Duration::from_millis(1200), "{spent:?}");
    assert!(r.outcome.message().contains("stopped (out of time)"));
}

#[test]
fn raising_the_cancel_flag_ends_a_run_on_another_thread() {
    let p = compile(FOREVER);
    let flag = Arc::new(AtomicBool::new(false));
    let stop = Stop::new(Some(Arc::clone(&flag)), None, None);
    let raise = {
        let flag = Arc::clone(&flag);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            flag.store(true, Ordering::Relaxed);
            Instant::now()
        })
    };
    let r = run(
        &p,
        Entry::Main,
        &Input::default(),
        &RunOptions {
            limits: unlimited(),
            stop: Some(&stop),
            ..Default::default()
        },
    );
    let ended = Instant::now();
    let raised = raise.join().unwrap();
    assert_eq!(stopped(&r.outcome), Some(StopReason::Cancelled));
    assert!(ended.duration_since(raised) < Duration::from_millis(1000));
}

/// A run of few steps that allocates big blocks (16 `malloc`s of 1 MiB, 50 steps: the step
/// count never reached a look at the stop) ends at a raised cancel flag after its first big
/// block, not after all of them; with the flag down it is not stopped (it runs on to its own
/// heap limit).
#[test]
fn big_allocations_look_at_the_stop_between_few_steps() {
    let p = compile(
        "#include <stdlib.h>\nint main(void) { int k; for (k = 0; k < 16; k++) { char *q = malloc(1 << 20); q[0] = 1; } return 0; }",
    );
    let limits = Limits {
        max_heap_bytes: 64 << 20,
        ..unlimited()
    };
    let flag = Arc::new(AtomicBool::new(true));
    let stop = Stop::new(Some(Arc::clone(&flag)), None, None);
    let r = run(
        &p,
        Entry::Main,
        &Input::default(),
        &RunOptions {
            limits,
            stop: Some(&stop),
            ..Default::default()
        },
    );
    assert_eq!(
        stopped(&r.outcome),
        Some(StopReason::Cancelled),
        "{:?}",
        r.outcome
    );
    assert!(r.steps < 20, "{} steps", r.steps);
    let first = r.steps;
    flag.store(false, Ordering::Relaxed);
    let r = run(
        &p,
        Entry::Main,
        &Input::default(),
        &RunOptions {
            limits,
            stop: Some(&stop),
            ..Default::default()
        },
    );
    assert_eq!(stopped(&r.outcome), None, "{:?}", r.outcome);
    assert!(r.steps > first, "{} steps", r.steps);
}

#[test]
fn the_step_limit_still_comes_first_and_exactly() {
    let p = compile(FOREVER);
    let stop = Stop::new(None, Some(Instant::now() + Duration::from_secs(600)), None);
    for max_steps in [1, 100, 65_537, 200_000] {
        let r = run(
            &p,
            Entry::Main,
            &Input::default(),
            &RunOptions {
                limits: Limits {
                    max_steps,
                    ..Limits::default()
                },
                stop: Some(&stop),
                ..Default::default()
            },
        );
        assert!(
            matches!(&r.outcome, Outcome::RuntimeError { kind: RuntimeErrorKind::StepLimit { limit }, .. } if *limit == max_steps),
            "{:?}",
            r.outcome
        );
        assert_eq!(r.steps, max_steps + 1);
    }
}

#[test]
fn globals_larger_than_the_memory_ceiling_are_refused_before_they_are_copied() {
    // 16 M cells of 16 bytes: 256 MB per run.
    let p = compile("int a[4000000], b[4000000], c[4000000], d[4000000];\nint main(void) { a[1] = 1; return a[1] + b[2] + c[3] + d[4]; }");
    let stop = Stop::new(None, None, Some(64 << 20));
    let r = run(
        &p,
        Entry::Main,
        &Input::default(),
        &RunOptions {
            stop: Some(&stop),
            ..Default::default()
        },
    );
    assert_eq!(
        stopped(&r.outcome),
        Some(StopReason::Memory { limit: 64 << 20 })
    );
    assert!(r
        .outcome
        .message()
        .contains("memory budget exceeded: over 64 MB"));
}

#[test]
fn a_run_stuck_in_a_loop_keeps_its_first_and_last_events_and_its_branches() {
    let p = compile(FOREVER);
    let r = run(
        &p,
        Entry::Main,
        &Input::default(),
        &RunOptions {
            limits: Limits {
                max_steps: 2_000_000,
                ..Limits::default()
            },
            record_trace: true,
            ..Default::default()
        },
    );
    assert!(matches!(
        &r.outcome,
        Outcome::RuntimeError {
            kind: RuntimeErrorKind::StepLimit { .. },
            ..
        }
    ));
    let t = r.trace.expect("traced");
    assert_eq!(t.events.len(), TRACE_HEAD + TRACE_TAIL);
    assert!(t.is_elided());
    assert_eq!(t.elided_at, TRACE_HEAD);
    // Every event is either kept or counted as dropped.
    let counts = |t: &faultline_interp::Trace| {
        let mut m = std::collections::HashMap::new();
        for e in &t.events {
            *m.entry(e.stmt).or_insert(0u64) += 1;
        }
        m
    };
    let kept = counts(&t);
    let total: u64 = kept.values().sum::<u64>() + t.elided;
    // The head starts at instance 0; the tail ends at the last instances, in order.
    let first = &t.events[0];
    assert_eq!(first.instance, 0);
    for w in t.events[t.elided_at..].windows(2) {
        if w[0].stmt == w[1].stmt {
            assert!(w[0].instance < w[1].instance);
        }
    }
    let last = t.events.last().unwrap();
    let cov_total = {
        let r2 = run(
            &p,
            Entry::Main,
            &Input::default(),
            &RunOptions {
                limits: Limits {
                    max_steps: 2_000_000,
                    ..Limits::default()
                },
                record_coverage: true,
                ..Default::default()
            },
        );
        let cov = r2.coverage.unwrap();
        assert_eq!(cov.count(last.stmt), last.instance + 1);
        cov.counts().iter().map(|&c| c as u64).sum::<u64>()
    };
    // Each statement execution that produces values is one event: the kept and the dropped
    // events add up to no more than the statements executed.
    assert!(total <= cov_total, "{total} > {cov_total}");
    // The loop goes on the same way throughout: every branch outcome of its first
    // iterations was also taken in the dropped middle, and the `if` in the body took both.
    let mut ifs = std::collections::HashSet::new();
    for f in &p.functions {
        faultline_ir::walk_block(&f.body, &mut |s: &faultline_ir::Stmt| {
            if matches!(s.kind, StmtKind::If { .. }) {
                ifs.insert(s.id);
            }
        });
    }
    let mut head_outcomes = std::collections::BTreeSet::new();
    for e in &t.events[..1000] {
        if ifs.contains(&e.stmt) {
            head_outcomes.insert((e.stmt, e.values[0]));
        }
    }
    assert!(head_outcomes.len() >= 3, "{head_outcomes:?}");
    let elided: std::collections::BTreeSet<_> = t.elided_branches.iter().copied().collect();
    assert_eq!(head_outcomes, elided);
}

#[test]
fn a_short_run_keeps_its_whole_trace() {
    let p =
        compile("int main(void) { int s = 0, i; for (i = 0; i < 100; i++) s += i; return s % 7; }");
    let r = run(
        &p,
        Entry::Main,
        &Input::default(),
        &RunOptions {
            record_trace: true,
            record_coverage: true,
            ..Default::default()
        },
    );
    let t = r.trace.unwrap();
    assert!(!t.is_elided());
    assert!(t.elided_branches.is_empty());
    let cov = r.coverage.unwrap();
    for e in &t.events {
        assert!(e.instance < cov.count(e.stmt));
    }
}

/// Per analysis (a [`MemoryAccount`]): a run is stopped when what the analysis already holds
/// (its formulas) plus the run's own cells and output go over the ceiling, whatever the
/// process's resident set is; a run that fits is not.
#[test]
fn a_per_analysis_ceiling_counts_the_account_and_the_run() {
    // 2 KiB of output a step, forever.
    let p = compile(
        "#include <stdio.h>\n#include <string.h>\nchar line[2049];\n\
         int main(void) { memset(line, 'x', 2048); for (;;) printf(\"%s\", line); }",
    );
    let account = MemoryAccount::new();
    let stop = Stop::new(None, None, Some(48 << 20)).with_account(account.clone());
    let opts = RunOptions {
        stop: Some(&stop),
        ..Default::default()
    };
    let r = run(&p, Entry::Main, &Input::default(), &opts);
    assert_eq!(
        stopped(&r.outcome),
        Some(StopReason::Memory { limit: 48 << 20 })
    );
    assert!(r
        .outcome
        .message()
        .contains("memory budget exceeded: over 48 MB"));
    // Stopped at the first look past the ceiling, not at the output limit (64 MiB).
    assert!(r.stdout.len() < 64 << 20, "{}", r.stdout.len());
    // A small run passes, and with 40 MB already held by the analysis, the copy of 16 MB of
    // globals is refused before it is made.
    let small = compile("int a[1000000];\nint main(void) { a[5] = 1; return a[5] - 1; }");
    let r = run(&small, Entry::Main, &Input::default(), &opts);
    assert_eq!(r.outcome, Outcome::Exited { code: 0 });
    let held = account.charge(40 << 20);
    let r = run(&small, Entry::Main, &Input::default(), &opts);
    assert_eq!(
        stopped(&r.outcome),
        Some(StopReason::Memory { limit: 48 << 20 })
    );
    drop(held);
    assert_eq!(account.bytes(), 0);
    let r = run(&small, Entry::Main, &Input::default(), &opts);
    assert_eq!(r.outcome, Outcome::Exited { code: 0 });
}
