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
    solve, Algorithm, Check, Enumerator, Lexicographic, MemoryCeiling, Oracle, SoftId, SolveError,
    SolveOptions,
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
    assert_eq!(oracle.check_within(&all, Some(2_000)), Ok(None));
    assert!(start.elapsed() < Duration::from_secs(2) + MAX_LATENCY);
    // Ten pigeons fit into ten holes: the same solver answers the next question.
    let ten = oracle.check_within(&all[..10], Some(1_000_000));
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
        oracle.check_within(&all, Some(2_000)),
        Err(SolveError::Cancelled)
    );
}

/// A limited check gives up after the same work whatever the clock says: the same
/// question to two fresh oracles gives up in both after the same number of conflicts, and
/// a limit the call does not need changes nothing.
#[test]
fn an_oracle_check_limit_is_counted_in_conflicts() {
    let inst = pigeonhole(9, 8);
    let all: Vec<SoftId> = (0..inst.n_soft() as u32).map(SoftId).collect();
    let fresh = || Oracle::new(&inst, &SolveOptions::default()).unwrap();
    for limit in [0, 1, 10, 100] {
        assert_eq!(fresh().check_within(&all, Some(limit)), Ok(None), "{limit}");
    }
    // Unlimited, the refutation is found; with a limit above what it needs, the answer is
    // the same core.
    let unlimited = fresh().check(&all).unwrap();
    assert!(matches!(unlimited, Check::Unsat(_)), "{unlimited:?}");
    assert_eq!(
        fresh().check_within(&all, Some(u64::MAX)),
        Ok(Some(unlimited))
    );
}

/// A solve's work budget covers all its SAT calls: too small, the solve ends with
/// `OutOfWork` (not a timeout, not a wrong answer); large enough, the optimum is the
/// unlimited one.
#[test]
fn a_solve_runs_out_of_work_deterministically() {
    let inst = pigeonhole(9, 8);
    for alg in [Algorithm::Oll, Algorithm::LinearSatUnsat] {
        let limited = |conflicts| {
            solve(
                &inst,
                &SolveOptions {
                    conflicts,
                    algorithm: alg,
                    ..Default::default()
                },
            )
        };
        let optimum = limited(None).unwrap();
        assert_eq!(limited(Some(0)), Err(SolveError::OutOfWork), "{alg:?}");
        assert_eq!(limited(Some(50)), Err(SolveError::OutOfWork), "{alg:?}");
        assert_eq!(
            limited(Some(u64::MAX)).unwrap().cost,
            optimum.cost,
            "{alg:?}"
        );
    }
}

/// A memory ceiling that the caller says is exceeded 300 ms into a pigeonhole refutation
/// (minutes of CaDiCaL) stops the SAT call it happens in, with `OutOfMemory`, not a timeout
/// or a solver error: in a one-shot solve (both algorithms), an enumerator and the hitting
/// sets' optimizer, within the ceiling's look interval (10 ms) and the usual latency.
#[test]
fn a_memory_ceiling_stops_a_hard_solve_inside_its_sat_call() {
    let inst = pigeonhole(11, 10);
    let over_after = |delay: Duration| {
        let start = Instant::now();
        (
            MemoryCeiling::new(move || start.elapsed() >= delay),
            start + delay,
        )
    };
    let stopped_in_time = |over_at: Instant, what: &str| {
        let latency = Instant::now().saturating_duration_since(over_at);
        assert!(
            latency < MAX_LATENCY + Duration::from_millis(10),
            "{what}: took {latency:?} to stop"
        );
    };
    for alg in [Algorithm::Oll, Algorithm::LinearSatUnsat] {
        let (memory, over_at) = over_after(Duration::from_millis(300));
        let opts = SolveOptions {
            algorithm: alg,
            memory: Some(memory),
            ..Default::default()
        };
        assert_eq!(solve(&inst, &opts), Err(SolveError::OutOfMemory), "{alg:?}");
        stopped_in_time(over_at, &format!("{alg:?}"));
    }
    let (memory, over_at) = over_after(Duration::from_millis(300));
    let mut e = Enumerator::new(
        &inst,
        SolveOptions {
            memory: Some(memory),
            ..Default::default()
        },
    );
    assert_eq!(e.next(), Err(SolveError::OutOfMemory));
    stopped_in_time(over_at, "enumerator");
    // Over the ceiling before it starts: nothing is loaded.
    let (memory, _) = over_after(Duration::ZERO);
    let ties: Vec<u64> = vec![0; inst.n_soft()];
    let lex = Lexicographic::new(
        &inst,
        &ties,
        &SolveOptions {
            memory: Some(memory),
            ..Default::default()
        },
    );
    assert_eq!(lex.err(), Some(SolveError::OutOfMemory));
}

/// The process's resident set, in bytes (what `faultline-diagnose` hands the solver as its
/// ceiling outside the language server).
fn resident_bytes() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap();
    let pages: u64 = statm.split_whitespace().nth(1).unwrap().parse().unwrap();
    pages * 4096
}

/// An oracle keeps every learnt clause (`reduce=0`): on a pigeonhole refutation they grow
/// inside one unlimited check. A ceiling 4 MB above the resident set after loading stops
/// that check with `OutOfMemory`, near the ceiling (well before the refutation, which takes
/// minutes and hundreds of MB).
#[test]
fn a_resident_ceiling_stops_an_oracle_whose_learnt_clauses_grow() {
    let inst = pigeonhole(11, 10);
    let all: Vec<SoftId> = (0..inst.n_soft() as u32).map(SoftId).collect();
    let ceiling = Arc::new(std::sync::atomic::AtomicU64::new(u64::MAX));
    let mut oracle = Oracle::new(
        &inst,
        &SolveOptions {
            // A safety net: the refutation must not run to its end if the ceiling is never
            // asked.
            timeout: Some(Duration::from_secs(120)),
            memory: Some(MemoryCeiling::new({
                let ceiling = ceiling.clone();
                move || resident_bytes() > ceiling.load(Ordering::Relaxed)
            })),
            ..Default::default()
        },
    )
    .unwrap();
    let limit = resident_bytes() + (4 << 20);
    ceiling.store(limit, Ordering::Relaxed);
    assert_eq!(oracle.check(&all), Err(SolveError::OutOfMemory));
    // Other tests of this binary run beside it in the same process: allow for their share.
    let rss = resident_bytes();
    assert!(
        rss < limit + (64 << 20),
        "stopped at {} MB for a ceiling of {} MB",
        rss >> 20,
        limit >> 20
    );
}
