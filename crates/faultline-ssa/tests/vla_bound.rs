//! The variable-length array bound (`faultline.toml`'s `[limits] max_vla_elements`,
//! `LowerOptions::max_vla_elements`) in the formula as in the interpreter: both read the bound
//! from the IR (the array's size and the `assume` before it), so a raised bound lets a test
//! past the default one run, in both, to the same verdict.

mod common;

use common::{check, interpret, spec_of};
use faultline_interp::Outcome;
use faultline_ir::LowerOptions;
use faultline_ssa::Components;

const SRC: &str = "#include <assert.h>
long prefix(int n) {
    int a[n];
    long s = 0;
    for (int i = 0; i < n; i++) {
        a[i] = i;
        s += a[i];
    }
    return s + a[n - 1];
}
void test_small(void) { assert(prefix(5) == 14); }
void test_big(void) { assert(prefix(1500) == 1124250 + 1499); }
void test_big_wrong(void) { assert(prefix(1500) == 1124250); }
";

fn program(options: LowerOptions) -> (faultline_ir::Program, faultline_runner::Suite) {
    let files = std::collections::HashMap::<String, String>::new();
    let p = faultline_lower::compile_with("vla.c", SRC, &files, options).expect("compiles");
    let suite = faultline_runner::Suite::new(&p, Vec::new(), &Default::default()).unwrap();
    (p, suite)
}

#[test]
fn a_raised_bound_runs_past_the_default_in_both() {
    // The default bound: the two big tests stop at Faultline's assumption, in the interpreter
    // (the formula is not built for a test the interpreter does not run).
    let (p, suite) = program(LowerOptions::default());
    assert_eq!(p.bound_checks.len(), 1);
    let stopped: Vec<bool> = (suite.cases.iter())
        .map(|c| interpret(&p, &spec_of(c)).is_none())
        .collect();
    assert_eq!(stopped, [false, true, true]);

    let raised = LowerOptions {
        max_vla_elements: 2000,
    };
    let (p, suite) = program(raised);
    assert_eq!(p.options, raised);
    let comps = Components::from_program(&p);
    let mut verdicts = Vec::new();
    for case in &suite.cases {
        let spec = spec_of(case);
        let (pass, run) = interpret(&p, &spec).expect("runs under the raised bound");
        assert!(
            matches!(
                run.outcome,
                Outcome::Exited { .. } | Outcome::AssertFailed { .. }
            ),
            "{}: {:?}",
            case.name,
            run.outcome
        );
        // The folded formula (every component healthy) agrees with the interpreter.
        assert!(
            check(&p, &comps, &spec).expect("symex").is_some(),
            "{}",
            case.name
        );
        verdicts.push(pass);
    }
    assert_eq!(verdicts, [true, true, false]);
}

#[test]
fn a_bound_past_the_new_limit_still_stops_the_run() {
    let (p, suite) = program(LowerOptions {
        max_vla_elements: 1000,
    });
    let stopped: Vec<Option<bool>> = (suite.cases.iter())
        .map(|c| match interpret(&p, &spec_of(c)) {
            None => None,
            Some((pass, _)) => Some(pass),
        })
        .collect();
    assert_eq!(stopped, [Some(true), None, None]);
}
