//! String-library calls in the formula: pointer results (`strchr`, `strrchr`, `strstr`,
//! `strpbrk`: a pointer into the first operand's object or null, unrolled over its cells),
//! `strspn`/`strcspn`, `sprintf` and `sscanf`. With every component healthy the replica folds
//! to the interpreter's verdict, and the symbolic replica evaluated healthy agrees.

mod common;

use common::{agree, check, compile, spec_of};
use faultline_ssa::Components;

#[test]
fn search_results_are_pointers_into_the_operand_or_null_as_in_the_interpreter() {
    let src = "#include <assert.h>\n#include <string.h>\n#include <stdlib.h>\n\
        int count(const char *s, char c) { int n = 0; const char *p = strchr(s, c); while (p != NULL) { n++; p = strchr(p + 1, c); } return n; }\n\
        void test_chr(void) { char s[16] = \"banana\"; char *p = strchr(s, 'n'); assert(p - s == 2 && *p == 'n'); assert(strchr(s, 'z') == NULL); }\n\
        void test_chr_nul(void) { char s[8] = \"abc\"; assert(strchr(s, 0) == s + 3); }\n\
        void test_rchr(void) { char s[16] = \"a/b/c.txt\"; char *p = strrchr(s, '/'); assert(p == s + 3); assert(strcmp(p + 1, \"c.txt\") == 0); assert(strrchr(s, 'q') == NULL); }\n\
        void test_count(void) { char s[16] = \"mississippi\"; assert(count(s, 's') == 4 && count(s, 'p') == 2 && count(s, 'x') == 0); }\n\
        void test_str(void) { char s[24] = \"the cat sat\"; char *p = strstr(s, \"at\"); assert(p == s + 5); assert(strstr(s, \"dog\") == NULL); assert(strstr(s, \"\") == s); }\n\
        void test_str_end(void) { char s[8] = \"abcab\"; char n[4] = \"ab\"; assert(strstr(s + 1, n) == s + 3); }\n\
        void test_pbrk(void) { char s[16] = \"hello, world\"; char *p = strpbrk(s, \" ,\"); assert(p == s + 5); assert(strpbrk(s, \"xyz\") == NULL); }\n\
        void test_heap(void) { char *s = malloc(8); strcpy(s, \"k=v\"); char *e = strchr(s, '='); *e = 0; assert(strlen(s) == 1 && strcmp(e + 1, \"v\") == 0); free(s); }\n\
        void test_wrong(void) { char s[8] = \"abcabc\"; assert(strrchr(s, 'b') == s + 1); }\n";
    assert_eq!(
        agree(src),
        vec![true, true, true, true, true, true, true, true, false]
    );
}

#[test]
fn strspn_and_strcspn_agree_with_the_interpreter() {
    let src = "#include <assert.h>\n#include <string.h>\n\
        void test_spn(void) { char s[16] = \"  \\tword x\"; assert(strspn(s, \" \\t\") == 3 && strspn(s, \"\") == 0 && strspn(s + 3, \"dorw\") == 4); }\n\
        void test_cspn(void) { char s[16] = \"key=value\"; assert(strcspn(s, \"=\") == 3 && strcspn(s, \"#\") == 9 && strcspn(s, \"\") == 9); }\n\
        void test_all(void) { char s[8] = \"aaa\"; assert(strspn(s, \"a\") == 3 && strcspn(s, \"a\") == 0); }\n\
        void test_wrong(void) { char s[8] = \"ab,c\"; assert(strcspn(s, \",\") == 3); }\n";
    assert_eq!(agree(src), vec![true, true, true, false]);
}

#[test]
fn strtol_with_an_end_pointer_and_a_base_agrees_with_the_interpreter() {
    let src = "#include <assert.h>\n#include <stdlib.h>\n\
        long sum_list(const char *s) { long t = 0; char *end; while (*s) { long v = strtol(s, &end, 10); if (end == s) break; t += v; s = end; if (*s == ',') s++; } return t; }\n\
        void test_list(void) { char s[24] = \"12,-3, 40,x\"; assert(sum_list(s) == 49); }\n\
        void test_hex(void) { char s[8] = \"0x1fz\"; char *end; long v = strtol(s, &end, 16); assert(v == 31 && end == s + 4); }\n\
        void test_none(void) { char s[8] = \"abc\"; char *end; long v = strtol(s, &end, 10); assert(v == 0 && end == s); }\n\
        void test_wrong(void) { char s[8] = \"077\"; char *end; assert(strtol(s, &end, 0) == 77); }\n";
    assert_eq!(agree(src), vec![true, true, true, false]);
}

#[test]
fn a_search_without_a_nul_is_undefined_behaviour_in_both() {
    let src = "#include <assert.h>\n#include <string.h>\n\
        void test_no_nul(void) { char s[3] = {'a', 'b', 'c'}; assert(strchr(s, 'z') == NULL); }\n\
        void test_found_first(void) { char s[3] = {'a', 'b', 'c'}; assert(strchr(s, 'b') == s + 1); }\n";
    assert_eq!(agree(src), vec![false, true]);
}

fn io_spec(stdin: &str, stdout: &str) -> faultline_ssa::ReplicaSpec {
    faultline_ssa::ReplicaSpec {
        entry: faultline_ssa::Entry::Main,
        program_name: "prog".into(),
        args: Vec::new(),
        stdin: stdin.as_bytes().to_vec(),
        nondet: Vec::new(),
        expected: faultline_ssa::Expected::Io {
            stdout: Some(stdout.as_bytes().to_vec()),
            compare: faultline_ssa::Compare::Exact,
            exit_code: 0,
        },
    }
}

#[test]
fn sscanf_of_a_line_read_by_fgets_reads_the_healthy_runs_text() {
    // The line is the test's input; with every component relaxed the cells `fgets` stored
    // depend on where the input cursor stood, so `sscanf` reads the healthy run's text
    // (pinned) with `scanf`'s engine; the values it stores are relaxable like `scanf`'s.
    let src = "#include <stdio.h>\n\
               int main(void) {\n\
               char line[64];\n\
               int total = 0;\n\
               while (fgets(line, sizeof line, stdin)) {\n\
               int a, b;\n\
               int k = sscanf(line, \"%d,%d\", &a, &b);\n\
               if (k == 2) total += a * b; else if (k == 1) total += a;\n\
               }\n\
               printf(\"%d\\n\", total);\n\
               return 0;\n\
               }\n";
    let program = compile(src);
    let comps = Components::from_program(&program);
    for (input, out, pass) in [
        ("2,3\n4\n", "10\n", true),
        ("1,1\nx\n5,5\n", "26\n", true),
        ("7,2\n", "9\n", false),
    ] {
        let spec = io_spec(input, out);
        let (p, _) = common::interpret(&program, &spec).expect("runs");
        assert_eq!(p, pass, "{input:?}");
        assert!(matches!(check(&program, &comps, &spec), Ok(Some(_))));
        for parametric in [false, true] {
            assert!(
                common::check_healthy_with(&program, &comps, &spec, 6, parametric)
                    .expect("modelled"),
                "{input:?}"
            );
        }
    }
}

#[test]
fn sprintf_folds_and_pins_arguments_that_relaxed_components_may_change() {
    let src = "#include <stdio.h>\n\
               #include <string.h>\n\
               int main(void) {\n\
               char buf[32];\n\
               int n = 42;\n\
               int len = snprintf(buf, 6, \"<%d|%s>\", n, \"abc\");\n\
               printf(\"%s %d %d\\n\", buf, len, (int)strlen(buf));\n\
               return 0;\n\
               }\n";
    let program = compile(src);
    let comps = Components::from_program(&program);
    let spec = io_spec("", "<42|a 8 5\n");
    let (pass, _) = common::interpret(&program, &spec).expect("runs");
    assert!(pass);
    // Every component healthy: the arguments fold and so does the text.
    assert!(matches!(check(&program, &comps, &spec), Ok(Some(_))));
    // `n = 42` relaxed: the digits would be symbolic; the argument is pinned to the healthy
    // run's value (a hard constraint), so the replica is built and agrees when evaluated
    // healthy, and a diagnosis cannot change the text through `n`.
    assert!(common::check_healthy(&program, &comps, &spec, 4).expect("modelled"));
    let mut ts = faultline_ssa::TermStore::new();
    let opts = faultline_ssa::SymexOptions::default();
    let rep = faultline_ssa::symex(&program, &comps, &spec, &mut ts, &opts).expect("modelled");
    // With `n` unhealthy and any other value, the hard constraints fail.
    let n_stmt = comps
        .all()
        .iter()
        .find(|c| program.files.locate(c.span).start.line == 5)
        .map(|c| c.id)
        .expect("the assignment of line 5 is a component");
    let leaf = |l: faultline_ssa::Leaf| match l {
        faultline_ssa::Leaf::Health(c) => u128::from(c != n_stmt),
        faultline_ssa::Leaf::Free(..) => 7,
    };
    let mut ev = faultline_ssa::Evaluator::new(&ts, &leaf);
    assert!(rep.hard.iter().any(|&h| ev.eval(h) == 0));
}

/// A value a relaxed component could change, read where the formula does not unroll it (a
/// `strtol` base), is pinned to the healthy run's with a hard constraint of its own reason,
/// `Pinned`, never counted as undefined behaviour.
#[test]
fn a_pinned_value_is_its_own_hard_reason_not_undefined_behaviour() {
    let src = "#include <assert.h>\n#include <stdlib.h>\n\
        long parse(const char *s) { int base = 16; return strtol(s, NULL, base); }\n\
        void test_hex(void) { char s[8] = \"ff\"; assert(parse(s) == 255); }\n";
    let program = compile(src);
    let suite = faultline_runner::Suite::new(&program, Vec::new(), &Default::default()).unwrap();
    let comps = Components::from_program(&program);
    let spec = spec_of(&suite.cases[0]);
    let mut ts = faultline_ssa::TermStore::new();
    let opts = faultline_ssa::SymexOptions {
        unwind: 4,
        ..faultline_ssa::SymexOptions::default()
    };
    // Symbolic (every component relaxed): `base` may change, so it is pinned.
    let rep = faultline_ssa::symex(&program, &comps, &spec, &mut ts, &opts).expect("modelled");
    let pinned: Vec<_> = rep
        .hard
        .iter()
        .zip(&rep.hard_reasons)
        .filter(|(_, r)| matches!(r, faultline_ssa::HardReason::Pinned(_)))
        .collect();
    assert_eq!(pinned.len(), 1, "{:?}", rep.hard_reasons);
    // Healthy, the pin holds.
    let leaf = |l: faultline_ssa::term::Leaf| match l {
        faultline_ssa::term::Leaf::Health(_) => 1,
        faultline_ssa::term::Leaf::Free(..) => 0,
    };
    let mut ev = faultline_ssa::term::Evaluator::new(&ts, &leaf);
    assert_eq!(ev.eval(*pinned[0].0), 1);
}

/// String calls whose `char *` operand may point into one of several objects (an element of
/// a table of literals at an index, a pointer chosen by a condition, a destination chosen so):
/// the symbolic replica reads and writes each object under its condition, folding to the
/// interpreter's verdict when evaluated healthy.
#[test]
fn string_operands_into_one_of_several_objects_agree_with_the_interpreter() {
    let src = "#include <assert.h>\n#include <string.h>\n\
        const char *names[] = {\"zero\", \"one\", \"two\", \"three\"};\n\
        int pick(int n) { return n % 4; }\n\
        void test_copy(void) { char out[8]; int i = pick(6); strcpy(out, names[i]); strcat(out, names[pick(5)]); assert(strcmp(out, \"twoone\") == 0 && strlen(names[pick(3)]) == 5); }\n\
        void test_choose(void) { char a[8] = \"apple\", b[8] = \"berry\"; char *p = a; if (pick(7) > 2) p = b; assert(strcmp(p, \"berry\") == 0 && strchr(p, 'r') == p + 2 && strlen(p + pick(2)) == 3); }\n\
        void test_write(void) { char a[8] = \"aa\", b[4] = \"bb\"; char *p = pick(1) ? b : a; strcpy(p, \"xyz\"); memcpy(p, \"q\", 1); strncpy(pick(0) ? b : a, \"k\", 2); assert(strcmp(a, \"k\") == 0 && strcmp(b, \"qyz\") == 0); }\n\
        void test_overflow(void) { char a[8] = \"aa\", b[3] = \"bb\"; char *p = pick(1) ? b : a; strcpy(p, \"wxyz\"); assert(p[0] == 'w'); }\n\
        void test_wrong(void) { int i = pick(9); assert(strlen(names[i]) == 4); }\n";
    assert_eq!(agree(src), vec![true, true, true, false, false]);
}
