//! What is reported does not depend on how loaded the machine is: the searches that stop
//! before the budget (the repair search before the enumeration, the joint search's fill
//! window after repaired diagnoses, the repair search after it) and the checks that give up
//! on a candidate set (`CheckLimits`, in solver conflicts) are bounded by work done
//! (interpreter steps, checks, conflicts), not by the clock. Each case is diagnosed alone
//! and then with threads competing for every core, and the two reports must list the same
//! diagnoses.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use faultline_diagnose::{diagnose, DiagnoseOptions, Report};

fn load(case: &str, file: &str) -> faultline_runner::Loaded {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/corpus")
        .join(case)
        .join(file);
    faultline_runner::load_file(&path).expect("the corpus program loads")
}

/// The report as a reader compares two runs: each diagnosis's statements, values and
/// repairs, and why the search stopped.
fn shown(r: &Report) -> Vec<String> {
    let mut out: Vec<String> = r
        .diagnoses
        .iter()
        .map(|d| {
            let statements: Vec<String> = (d.statements.iter())
                .map(|s| format!("{}:{} {} {:?}", s.line, s.column, s.text, s.angelic))
                .collect();
            let repairs: Vec<&str> = d.repairs.iter().map(|r| r.after.as_str()).collect();
            format!("#{} cost {} {statements:?} {repairs:?}", d.rank, d.cost)
        })
        .collect();
    out.push(format!("stopped: {:?}", r.stopped));
    out
}

/// Spins a thread per core (and one more) until dropped: every thread of the process and
/// of the machine gets a fraction of a core.
struct Hog {
    stop: Arc<AtomicBool>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl Hog {
    fn start() -> Hog {
        let stop = Arc::new(AtomicBool::new(false));
        let n = std::thread::available_parallelism().map_or(2, |n| n.get()) + 1;
        let threads = (0..n)
            .map(|_| {
                let stop = stop.clone();
                std::thread::spawn(move || {
                    let mut x = 0u64;
                    while !stop.load(Ordering::Relaxed) {
                        x = std::hint::black_box(
                            x.wrapping_mul(6364136223846793005).wrapping_add(1),
                        );
                    }
                })
            })
            .collect();
        Hog { stop, threads }
    }
}

impl Drop for Hog {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

fn same_under_load(case: &str, file: &str, stopped: &str) {
    let opts = DiagnoseOptions {
        max_diagnoses: 5,
        timeout: Some(Duration::from_secs(300)),
        ..Default::default()
    };
    let alone = same_under_load_with(case, file, &opts);
    // The bound this case exercises is the one that ended its search.
    let why = alone.stopped.clone().unwrap_or_default();
    assert!(why.contains(stopped), "{case}: stopped because {why:?}");
}

/// Diagnoses `case` alone and under load, asserts the two reports are the same, and returns
/// the first.
fn same_under_load_with(case: &str, file: &str, opts: &DiagnoseOptions) -> Report {
    let loaded = load(case, file);
    let alone = diagnose(&loaded.program, &loaded.suite, opts).expect("diagnosis runs");
    let loaded_run = {
        let _hog = Hog::start();
        diagnose(&loaded.program, &loaded.suite, opts).expect("diagnosis runs")
    };
    assert_eq!(shown(&alone), shown(&loaded_run), "{case}");
    assert_eq!(alone.undecided, loaded_run.undecided, "{case}");
    alone
}

/// Long runs: the repair search before the enumeration finds the repair and, having
/// searched every must-set statement, no formula is built.
#[test]
fn the_repair_search_before_the_enumeration_ends_at_the_same_edit_under_load() {
    same_under_load(
        "contest_runs_reset",
        "runs_reset.c",
        "the tests' runs are long",
    );
}

/// Short runs: after the repaired diagnoses, the joint search fills the list's lower places
/// for a bounded amount of work.
#[test]
fn the_fill_window_after_repairs_fills_the_same_list_under_load() {
    same_under_load("argv_power", "power.c", "given a short while");
}

/// Checks that give up: `io_multiplication_table` relaxes loop counters whose products are
/// printed with `%4d`, and over its whole list some checks on a candidate set run out of
/// their conflicts (`CheckLimits`); the same sets are left undecided under load, so the same
/// diagnoses follow them.
#[test]
fn checks_that_run_out_of_work_give_up_on_the_same_sets_under_load() {
    let opts = DiagnoseOptions {
        max_diagnoses: 10,
        // No clock at all: every bound that ends this search is counted, so the loaded run
        // ends too (a 600 s budget once ran out under load 16 after the same five diagnoses).
        timeout: None,
        // The whole list, whose lower places need the checks that give up.
        fill_after_repairs: None,
        ..Default::default()
    };
    let alone = same_under_load_with("io_multiplication_table", "table.c", &opts);
    assert!(alone.undecided > 0, "no check gave up: {alone:?}");
    assert_ne!(alone.stopped.as_deref(), Some("timeout"));
}
