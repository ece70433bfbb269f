//! String-library calls whose results are pointers (`strchr`, `strrchr`, `strstr`,
//! `strpbrk`) in the formula: a pointer into the first operand's object or null, unrolled
//! over its cells. With every component healthy the replica folds to the interpreter's
//! verdict, and the symbolic replica evaluated healthy agrees.

mod common;

use common::{check, check_healthy, compile, spec_of};
use faultline_ssa::Components;

fn agree(src: &str) -> Vec<bool> {
    let program = compile(src);
    let suite = faultline_runner::Suite::new(&program, Vec::new(), &Default::default())
        .expect("unit tests only");
    let comps = Components::from_program(&program);
    let mut verdicts = Vec::new();
    for case in &suite.cases {
        let spec = spec_of(case);
        let (pass, _) = common::interpret(&program, &spec).expect("no assumption");
        match check(&program, &comps, &spec) {
            Ok(Some(_)) => {}
            other => panic!("{}: {other:?}", case.name),
        }
        assert!(
            check_healthy(&program, &comps, &spec, 12).expect("symbolic replica"),
            "{}: skipped",
            case.name
        );
        verdicts.push(pass);
    }
    verdicts
}

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
fn a_search_without_a_nul_is_undefined_behaviour_in_both() {
    let src = "#include <assert.h>\n#include <string.h>\n\
        void test_no_nul(void) { char s[3] = {'a', 'b', 'c'}; assert(strchr(s, 'z') == NULL); }\n\
        void test_found_first(void) { char s[3] = {'a', 'b', 'c'}; assert(strchr(s, 'b') == s + 1); }\n";
    assert_eq!(agree(src), vec![false, true]);
}
