//! Pointers in the formula (`symex::pointer`): with every component healthy the replica folds
//! to the interpreter's verdict on programs whose pointers misbehave (null, dangling,
//! out-of-object), a pointer chosen under a relaxed condition is dereferenced by a case split
//! that agrees with the interpreter, and what the formula does not model is refused with one
//! located message.

mod common;

use common::{check, check_healthy, compile, spec_of, unit_suite};
use faultline_ssa::{symex, Components, TermStore};

/// Every unit test of `src`: its verdict under the folded replica equals the interpreter's,
/// and the replica with symbolic health literals evaluated healthy agrees too (unless its
/// loops need more than 8 unrollings: `check_healthy` then skips it). Returns the
/// interpreter's verdicts and whether the symbolic replica was checked.
fn agree(src: &str) -> Vec<(bool, bool)> {
    let (program, suite) = unit_suite(src);
    let comps = Components::from_program(&program);
    let mut verdicts = Vec::new();
    for case in &suite.cases {
        let spec = spec_of(case);
        let (pass, _) = common::interpret(&program, &spec).expect("no assumption");
        match check(&program, &comps, &spec) {
            Ok(Some(_)) => {}
            other => panic!("{}: {other:?}", case.name),
        }
        let symbolic = check_healthy(&program, &comps, &spec, 8).expect("symbolic replica");
        verdicts.push((pass, symbolic));
    }
    verdicts
}

#[test]
fn null_dangling_and_out_of_object_accesses_are_undefined_behaviour_in_the_formula() {
    let verdicts = agree(
        "#include <assert.h>\n\
         #include <stddef.h>\n\
         int *local_address(void) { int x = 5; return &x; }\n\
         int read(int *p) { return *p; }\n\
         void test_null(void) { int *p = NULL; assert(read(p) == 0); }\n\
         void test_dangling(void) { int *p = local_address(); assert(read(p) == 5); }\n\
         void test_past_end(void) { int a[3] = {1, 2, 3}; int *p = a + 3; assert(read(p) != 7); }\n\
         void test_before(void) { int a[3] = {1, 2, 3}; int *p = a; p = p - 1; assert(read(p) != 7); }\n\
         void test_fine(void) { int a[3] = {1, 2, 3}; int *p = a + 2; assert(read(p) == 3); }\n\
         void test_cross(void) { int a[2], b[2]; int *p = a, *q = b; assert(p < q || p >= q); }\n",
    );
    let passes: Vec<bool> = verdicts.iter().map(|v| v.0).collect();
    assert_eq!(passes, vec![false, false, false, false, true, false]);
    assert!(verdicts.iter().all(|v| v.1), "{verdicts:?}");
}

#[test]
fn a_pointer_chosen_under_a_condition_is_a_case_split_over_objects() {
    let verdicts = agree(
        "#include <assert.h>\n\
         int *larger(int *a, int *b) { int *m = a; if (*b > *a) m = b; return m; }\n\
         void bump(int *p, int *q, int c) { int *t = q; if (c) t = p; *t += 10; }\n\
         void test_pick(void) { int x = 3, y = 8; int *m = larger(&x, &y); *m = 0; assert(x == 3 && y == 0); }\n\
         void test_bump(void) { int x = 1, y = 2; bump(&x, &y, 0); bump(&x, &y, 1); assert(x == 11 && y == 12); }\n\
         void test_walk(void) { int v[4] = {4, 1, 9, 2}; int *p, *best = v; for (p = v; p < v + 4; p++) if (*p > *best) best = p; assert(best - v == 2); }\n\
         void test_wrong(void) { int x = 3, y = 8; int *m = larger(&x, &y); assert(*m == 3); }\n",
    );
    let passes: Vec<bool> = verdicts.iter().map(|v| v.0).collect();
    assert_eq!(passes, vec![true, true, true, false]);
    // The choices between objects depend on relaxed conditions: a case split, checked.
    assert!(
        verdicts[0].1 && verdicts[1].1 && verdicts[3].1,
        "{verdicts:?}"
    );
}

#[test]
fn a_string_through_a_pointer_to_one_of_several_objects_is_pinned_to_the_healthy_one() {
    // Folded (every component healthy and constant) the pointer has one object; with the
    // condition relaxed `s` may point into `a` or `b`, and the string read through it is the
    // healthy run's object, pinned there by a hard constraint at the read (sound, not
    // complete), never a wrong formula nor a refusal of the whole program.
    let src = "#include <stdio.h>\n\
               int main(void) {\n\
               char a[4] = \"ab\", b[4] = \"cd\";\n\
               char *s = a;\n\
               int c = 1;\n\
               if (c) s = b;\n\
               printf(\"%s\\n\", s);\n\
               return 0;\n\
               }\n";
    let program = compile(src);
    let comps = Components::from_program(&program);
    let spec = faultline_ssa::ReplicaSpec {
        entry: faultline_ssa::Entry::Main,
        program_name: "prog".into(),
        args: Vec::new(),
        stdin: Vec::new(),
        nondet: Vec::new(),
        expected: faultline_ssa::Expected::Io {
            stdout: Some(b"cd\n".to_vec()),
            compare: faultline_ssa::Compare::Exact,
            exit_code: 0,
        },
    };
    let mut ts = TermStore::new();
    let folded = symex(&program, &comps, &spec, &mut ts, &common::folded_opts())
        .expect("one object when folded");
    let all = folded.all_hard(&mut ts);
    assert!(ts.is_true(all), "the healthy run passes");
    let mut ts = TermStore::new();
    let opts = faultline_ssa::SymexOptions {
        unwind: 4,
        ..faultline_ssa::SymexOptions::default()
    };
    let rep = symex(&program, &comps, &spec, &mut ts, &opts).expect("pinned, not refused");
    let pinned: Vec<u32> = rep
        .hard_reasons
        .iter()
        .filter_map(|r| match r {
            faultline_ssa::HardReason::Pinned(s) => Some(*s),
            _ => None,
        })
        .filter_map(|s| {
            let mut line = None;
            program.for_each_stmt(|_, st| {
                if st.id == s {
                    line = Some(program.files.locate(st.span).start.line);
                }
            });
            line
        })
        .collect();
    assert!(pinned.contains(&7), "pinned at the read: {pinned:?}");
    assert!(check_healthy(&program, &comps, &spec, 4).expect("symbolic replica"));
}

#[test]
fn a_write_into_a_string_literal_is_undefined_behaviour_in_the_formula() {
    // As in the interpreter: through a `char *` (a cell store) and through `strcpy`.
    let verdicts = agree(
        "#include <assert.h>\n\
         #include <string.h>\n\
         void shout(char *s) { s[0] = 'A'; }\n\
         void test_cell(void) { char *s = \"abc\"; shout(s); assert(s[0] == 'A'); }\n\
         void test_copy(void) { char *s = \"abc\"; strcpy(s, \"x\"); assert(s[0] == 'x'); }\n\
         void test_array(void) { char s[] = \"abc\"; shout(s); assert(s[0] == 'A'); }\n\
         void test_read(void) { const char *s = \"abc\"; assert(s[1] == 'b'); }\n",
    );
    let passes: Vec<bool> = verdicts.iter().map(|v| v.0).collect();
    assert_eq!(passes, vec![false, false, true, true]);
    assert!(verdicts.iter().all(|v| v.1), "{verdicts:?}");
}
