//! Cancellation and timeouts on an instance that takes CaDiCaL far longer than the test.

mod common;

use std::{
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc,
    },
    thread,
    time::{Duration, Instant},
};

use common::pigeonhole;
use faultline_maxsat::{
    solve, Algorithm, Check, Enumerator, Oracle, SoftId, SolveError, SolveOptions,
};

/// How long after the request the solver may still run. The measured latency is a few
/// milliseconds; the slack absorbs loaded CI machines.
const MAX_LATENCY: Duration = Duration::from_millis(150);

#[test]
fn flag_from_another_thread_stops_solve() {
    for alg in [Algorithm::Oll, Algorithm::LinearSatUnsat] {
        let inst = pigeonhole(11, 10);
        let flag = Arc::new(AtomicBool::new(false));
        let setter = {
            let flag = flag.clone();
            thread::spawn(move || {
                thread::sleep(Duration::from_millis(300));
                flag.store(true, Ordering::Relaxed);
                Instant::now()
            })
        };
        let res = solve(
            &inst,
            &SolveOptions {
                cancel: Some(flag),
                algorithm: alg,
                ..Default::default()
            },
        );
        let done = Instant::now();
        let set_at = setter.join().unwrap();
        assert_eq!(res, Err(SolveError::Cancelled), "{alg:?}");
        let latency = done.saturating_duration_since(set_at);
        eprintln!("{alg:?}: cancellation latency {latency:?}");
        assert!(latency < MAX_LATENCY, "{alg:?}: took {latency:?} to stop");
    }
}

#[test]
fn timeout_stops_solve() {
    let inst = pigeonhole(11, 10);
    let start = Instant::now();
    let res = solve(
        &inst,
        &SolveOptions {
            timeout: Some(Duration::from_millis(300)),
            ..Default::default()
        },
    );
    let took = start.elapsed();
    assert_eq!(res, Err(SolveError::Timeout));
    assert!(took >= Duration::from_millis(300));
    assert!(
        took < Duration::from_millis(300) + MAX_LATENCY,
        "took {took:?}"
    );
}

#[test]
fn flag_set_before_start_is_not_lost() {
    let inst = pigeonhole(11, 10);
    let flag = Arc::new(AtomicBool::new(true));
    let opts = SolveOptions {
        cancel: Some(flag.clone()),
        ..Default::default()
    };
    assert_eq!(solve(&inst, &opts), Err(SolveError::Cancelled));
    let mut e = Enumerator::new(&inst, opts);
    assert_eq!(e.next(), Err(SolveError::Cancelled));
}

#[test]
fn enumerator_cancel_then_resume() {
    // Cancel mid-enumeration of an easy instance between calls, then lift the flag and
    // continue: the state is still consistent.
    let inst = pigeonhole(4, 3);
    let flag = Arc::new(AtomicBool::new(false));
    let mut e = Enumerator::new(
        &inst,
        SolveOptions {
            cancel: Some(flag.clone()),
            ..Default::default()
        },
    );
    assert!(e.next().unwrap().is_some());
    flag.store(true, Ordering::Relaxed);
    assert_eq!(e.next(), Err(SolveError::Cancelled));
    flag.store(false, Ordering::Relaxed);
    let mut n = 1;
    while e.next().unwrap().is_some() {
        n += 1;
    }
    assert_eq!(n, 4);
}

#[test]
fn enumerator_timeout_on_hard_instance() {
    let inst = pigeonhole(11, 10);
    let start = Instant::now();
    let mut e = Enumerator::new(
        &inst,
        SolveOptions {
            timeout: Some(Duration::from_millis(200)),
            ..Default::default()
        },
    );
    assert_eq!(e.next(), Err(SolveError::Timeout));
    assert!(start.elapsed() < Duration::from_millis(200) + MAX_LATENCY);
}

#[test]
fn oracle_gives_up_on_a_slow_check_and_stays_usable() {
    let inst = pigeonhole(11, 10);
    let all: Vec<SoftId> = (0..inst.n_soft() as u32).map(SoftId).collect();
    let flag = Arc::new(AtomicBool::new(false));
    let mut oracle = Oracle::new(
        &inst,
        &SolveOptions {
            cancel: Some(flag.clone()),
            ..Default::default()
        },
    )
    .unwrap();
    // Every pigeon seated: a pigeonhole refutation, far beyond the limit.
    let start = Instant::now();
    let within = Duration::from_millis(200);
    assert_eq!(oracle.check_within(&all, Some(within)), Ok(None));
    assert!(start.elapsed() < within + MAX_LATENCY);
    // Ten pigeons fit into ten holes: the same solver answers the next question.
    let ten = oracle.check_within(&all[..10], Some(Duration::from_secs(30)));
    assert!(matches!(ten, Ok(Some(Check::Sat(_)))), "{ten:?}");
    // The caller's own stop condition is back in force after the limited calls: a cancel
    // request stops an unlimited check, and is an error, not "gave up".
    let setter = {
        let flag = flag.clone();
        thread::spawn(move || {
            thread::sleep(Duration::from_millis(200));
            flag.store(true, Ordering::Relaxed);
            Instant::now()
        })
    };
    let res = oracle.check(&all);
    let set_at = setter.join().unwrap();
    assert_eq!(res, Err(SolveError::Cancelled));
    assert!(set_at.elapsed() < MAX_LATENCY);
    assert_eq!(
        oracle.check_within(&all, Some(within)),
        Err(SolveError::Cancelled)
    );
}
