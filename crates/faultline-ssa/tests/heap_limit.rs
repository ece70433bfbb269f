//! The heap limit (`[limits] max_heap_mb`, `faultline_interp::Limits::max_heap_bytes`) in the
//! formula as in the interpreter: live bytes past it end the run at the allocation, typed
//! cells past it over `HEAP_BYTES_PER_CELL` at the first access; freed blocks stop counting.

mod common;

use common::{compile, spec_of};
use faultline_interp::{Entry as IEntry, Input, Limits, Outcome, RunOptions};
use faultline_ssa::{symex, Components, HardReason, SymexOptions, TermStore};

#[test]
fn the_default_limits_agree_with_the_interpreters() {
    assert_eq!(
        faultline_ssa::spec::DEFAULT_MAX_HEAP_BYTES,
        faultline_interp::MAX_HEAP_BYTES
    );
    assert_eq!(
        faultline_ssa::spec::HEAP_BYTES_PER_CELL,
        faultline_interp::HEAP_BYTES_PER_CELL
    );
    assert_eq!(
        SymexOptions::default().max_heap_bytes,
        Limits::default().max_heap_bytes
    );
}

/// Per unit test: (the interpreter passes, it stopped at the heap limit), and the folded
/// replica's verdict agrees, with a `HeapLimit` reason exactly when the interpreter hit it.
fn verdicts(src: &str, max_heap_bytes: u64) -> Vec<(bool, bool)> {
    let program = compile(src);
    let suite = faultline_runner::Suite::new(&program, Vec::new(), &Default::default())
        .expect("unit tests only");
    let comps = Components::from_program(&program);
    let mut out = Vec::new();
    for case in &suite.cases {
        let spec = spec_of(case);
        let faultline_ssa::Entry::Function(f) = spec.entry else {
            panic!("unit test")
        };
        let opts = RunOptions {
            limits: Limits {
                max_heap_bytes,
                ..Limits::default()
            },
            ..RunOptions::default()
        };
        let run = faultline_interp::run(&program, IEntry::Function(f), &Input::default(), &opts);
        let pass = matches!(run.outcome, Outcome::Exited { .. });
        let limit = matches!(
            &run.outcome,
            Outcome::RuntimeError {
                kind: faultline_interp::RuntimeErrorKind::HeapLimit { .. },
                ..
            }
        );
        let mut ts = TermStore::new();
        let sopts = SymexOptions {
            max_heap_bytes,
            ..common::folded_opts()
        };
        let rep = symex(&program, &comps, &spec, &mut ts, &sopts).expect("modelled");
        let failed: Vec<HardReason> = rep
            .hard
            .iter()
            .zip(&rep.hard_reasons)
            .filter(|(h, _)| ts.is_false(**h))
            .map(|(_, r)| *r)
            .collect();
        let all = rep.all_hard(&mut ts);
        assert_eq!(ts.is_true(all), pass, "{}: {failed:?}", case.name);
        assert_eq!(
            failed.iter().any(|r| matches!(r, HardReason::HeapLimit(_))),
            limit,
            "{}: {failed:?} vs {:?}",
            case.name,
            run.outcome
        );
        out.push((pass, limit));
    }
    out
}

#[test]
fn allocations_past_the_configured_limit_end_the_run_in_both() {
    // 1 MiB: live bytes up to 1,048,576; typed cells up to 16,384.
    let src = "#include <stdlib.h>\n\
        struct rec { int a; long b; };\n\
        void test_fits(void) { int *a = malloc(600000); int *b = malloc(400000); int *c = malloc(40000); c[0] = 1; free(a); free(b); free(c); }\n\
        void test_too_much(void) { int *a = malloc(600000); int *b = malloc(600000); free(a); free(b); }\n\
        void test_freed_first(void) { char *a = malloc(600000); free(a); char *b = malloc(600000); free(b); }\n\
        void test_realloc_counts_both(void) { int *a = malloc(600000); a = realloc(a, 500000); free(a); }\n\
        void test_cells(void) { char *s = malloc(20000); s[0] = 'x'; free(s); }\n\
        void test_int_cells(void) { int *v = malloc(40000); v[9999] = 1; free(v); }\n\
        void test_struct_cells(void) { struct rec *r = malloc(9000 * sizeof(struct rec)); r[0].a = 1; free(r); }\n\
        void test_struct_fits(void) { struct rec *r = malloc(8000 * sizeof(struct rec)); r[7999].b = 1; free(r); }\n";
    assert_eq!(
        verdicts(src, 1 << 20),
        vec![
            (true, false),
            (false, true),
            (true, false),
            (false, true),
            (false, true),
            (true, false),
            (false, true),
            (true, false),
        ]
    );
    // The default limit: all of them fit.
    assert!(verdicts(src, faultline_interp::MAX_HEAP_BYTES)
        .iter()
        .all(|&(pass, _)| pass));
}

#[test]
fn far_below_the_limit_no_check_is_encoded() {
    // Every block at its largest fits the default limit: the checks would hold on every path,
    // so the symbolic replica carries none (no adder per allocation).
    let program = compile(
        "#include <stdlib.h>\n\
         struct node { int v; struct node *next; };\n\
         int build(int n) { struct node *h = NULL; for (int i = 0; i < n; i++) { struct node *p = malloc(sizeof *p); p->v = i; p->next = h; h = p; } int s = 0; while (h) { struct node *t = h->next; s += h->v; free(h); h = t; } return s; }\n\
         void test_build(void) { build(5); }\n",
    );
    let suite = faultline_runner::Suite::new(&program, Vec::new(), &Default::default()).unwrap();
    let comps = Components::from_program(&program);
    let spec = spec_of(&suite.cases[0]);
    for max_heap_bytes in [faultline_interp::MAX_HEAP_BYTES, 64] {
        let mut ts = TermStore::new();
        let opts = SymexOptions {
            unwind: 6,
            max_heap_bytes,
            ..SymexOptions::default()
        };
        let rep = symex(&program, &comps, &spec, &mut ts, &opts).expect("modelled");
        let checks = rep
            .hard_reasons
            .iter()
            .filter(|r| matches!(r, HardReason::HeapLimit(_)))
            .count();
        // 64 bytes: four 16-byte nodes fit, the fifth may not: checked.
        assert_eq!(
            checks > 0,
            max_heap_bytes == 64,
            "{max_heap_bytes}: {checks}"
        );
    }
}
