//! Dynamic memory in the formula (`symex::heap`): with every component healthy the replica
//! folds to the interpreter's verdict on programs that `malloc`, `calloc`, `realloc` and
//! `free` (use after free, double free, out of block, uninitialized block cells included), the
//! symbolic replica evaluated healthy agrees too, and a block whose size depends on a relaxed
//! value is modelled up to the healthy run's size.

mod common;

use common::{agree, check, check_healthy_with, compile};
use faultline_ssa::{symex, Components, SymexOptions, TermStore};

const HEADER: &str = "#include <assert.h>\n#include <stdlib.h>\n#include <string.h>\n";

#[test]
fn heap_arrays_filled_summed_and_freed_agree_with_the_interpreter() {
    let src = format!(
        "{HEADER}\
         int sum(int *v, int n) {{ int s = 0; for (int i = 0; i < n; i++) s += v[i]; return s; }}\n\
         int *make(int n) {{ int *a = malloc(n * sizeof(int)); for (int i = 0; i < n; i++) a[i] = i * i; return a; }}\n\
         void test_sum(void) {{ int *a = make(5); assert(sum(a, 5) == 30); free(a); }}\n\
         void test_calloc(void) {{ long *z = calloc(4, sizeof(long)); z[2] += 7; assert(z[0] + z[1] + z[2] + z[3] == 7); free(z); }}\n\
         void test_realloc(void) {{ int *a = malloc(2 * sizeof(int)); a[0] = 4; a[1] = 5; a = realloc(a, 4 * sizeof(int)); a[2] = 6; a[3] = 7; assert(sum(a, 4) == 22); free(a); }}\n\
         void test_chars(void) {{ char *s = malloc(8); strcpy(s, \"abc\"); s[1] = 'x'; assert(strlen(s) == 3 && s[1] == 'x'); free(s); }}\n\
         void test_wrong_sum(void) {{ int *a = make(4); assert(sum(a, 4) == 15); free(a); }}\n"
    );
    assert_eq!(agree(&src), vec![true, true, true, true, false]);
}

#[test]
fn heap_misuse_is_undefined_behaviour_in_the_formula_as_in_the_interpreter() {
    let src = format!(
        "{HEADER}\
         void test_use_after_free(void) {{ int *a = malloc(2 * sizeof(int)); a[0] = 1; free(a); assert(a[0] == 1); }}\n\
         void test_double_free(void) {{ int *a = malloc(sizeof(int)); *a = 1; free(a); free(a); }}\n\
         void test_past_end(void) {{ int *a = malloc(3 * sizeof(int)); a[3] = 1; free(a); }}\n\
         void test_uninit(void) {{ int *a = malloc(3 * sizeof(int)); a[0] = 1; assert(a[1] != 5); free(a); }}\n\
         void test_interior_free(void) {{ int *a = malloc(3 * sizeof(int)); free(a + 1); }}\n\
         void test_free_local(void) {{ int x = 1; free(&x); }}\n\
         void test_free_null(void) {{ int *a = NULL; free(a); }}\n\
         void test_realloc_zero(void) {{ int *a = malloc(4); *a = 2; a = realloc(a, 0); assert(a == NULL); }}\n\
         void test_freed_in_callee(void) {{ int *a = malloc(4); *a = 3; int *b = a; free(b); assert(*a == 3); }}\n"
    );
    assert_eq!(
        agree(&src),
        vec![false, false, false, false, false, false, true, true, false]
    );
}

#[test]
fn a_free_under_a_relaxed_condition_kills_the_block_only_on_its_paths() {
    // `done` decides whether the block is freed before it is read: both are executed under
    // guards; the healthy evaluation takes the interpreter's path.
    let src = format!(
        "{HEADER}\
         int peek(int *a, int done) {{ if (done) free(a); return done ? 0 : a[1]; }}\n\
         void test_peek(void) {{ int *a = malloc(2 * sizeof(int)); a[0] = 1; a[1] = 9; assert(peek(a, 0) == 9); free(a); }}\n\
         void test_freed(void) {{ int *a = malloc(2 * sizeof(int)); a[0] = 1; a[1] = 9; assert(peek(a, 1) == 0); }}\n"
    );
    assert_eq!(agree(&src), vec![true, true]);
}

#[test]
fn a_block_sized_by_the_test_input_is_modelled_with_a_symbolic_size() {
    // The size depends on `n`, which `scanf` reads (an input component): relaxed, the size is
    // symbolic and the block has the healthy run's cells.
    let src = "#include <stdio.h>\n\
               #include <stdlib.h>\n\
               int main(void) {\n\
               int n;\n\
               if (scanf(\"%d\", &n) != 1) return 1;\n\
               int *a = malloc(n * sizeof(int));\n\
               for (int i = 0; i < n; i++) a[i] = 2 * i + 1;\n\
               int s = 0;\n\
               for (int i = 0; i < n; i++) s += a[i];\n\
               printf(\"%d\\n\", s);\n\
               free(a);\n\
               return 0;\n\
               }\n";
    let program = compile(src);
    let comps = Components::from_program(&program);
    for (input, out) in [("4", "16\n"), ("6", "36\n"), ("3", "10\n")] {
        let spec = faultline_ssa::ReplicaSpec {
            entry: faultline_ssa::Entry::Main,
            program_name: "prog".into(),
            args: Vec::new(),
            stdin: input.as_bytes().to_vec(),
            nondet: Vec::new(),
            expected: faultline_ssa::Expected::Io {
                stdout: Some(out.as_bytes().to_vec()),
                compare: faultline_ssa::Compare::Exact,
                exit_code: 0,
            },
        };
        let (pass, _) = common::interpret(&program, &spec).expect("runs");
        assert_eq!(pass, out != "10\n", "{input}");
        assert!(matches!(check(&program, &comps, &spec), Ok(Some(_))));
        for parametric in [false, true] {
            assert!(
                check_healthy_with(&program, &comps, &spec, 8, parametric).expect("modelled"),
                "{input} parametric {parametric}"
            );
        }
        // Every component relaxed: the size term is symbolic, and some assignment of the
        // relaxed values satisfies the test (the formula is not over-constrained).
        let mut ts = TermStore::new();
        let opts = SymexOptions {
            unwind: 8,
            ..SymexOptions::default()
        };
        let rep = symex(&program, &comps, &spec, &mut ts, &opts).expect("modelled");
        assert!(!rep.hard.is_empty());
    }
}
