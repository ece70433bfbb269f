//! The library calls the interpreter runs but the formula does not model yet (`ungetc`) refuse
//! a diagnosis with one located message at the call, never a wrong answer; `sprintf`,
//! `sscanf`, the `strchr` family, `strspn`/`strcspn`, `strtol` with an end pointer and the heap
//! calls are modelled, so a fault next to them is localized.

use std::path::Path;
use std::time::Duration;

use faultline_diagnose::{diagnose, DiagnoseError, DiagnoseOptions};

fn refusal(src: &str) -> (String, u32) {
    let loaded = faultline_runner::load_source(Path::new("/virtual/p.c"), src).expect("loads");
    let opts = DiagnoseOptions {
        timeout: Some(Duration::from_secs(60)),
        ..Default::default()
    };
    match diagnose(&loaded.program, &loaded.suite, &opts) {
        Err(DiagnoseError::Unsupported {
            message,
            span: Some(span),
        }) => (message, loaded.program.files.locate(span).start.line),
        other => panic!("expected a located refusal, got {other:?}"),
    }
}

#[test]
fn unmodelled_string_calls_are_refused_at_their_line() {
    let cases = [(
        "#include <assert.h>\n#include <stdio.h>\nint f(void) {\n  int c = getchar();\n  ungetc(c, stdin);\n  return getchar();\n}\nvoid test_a(void) { assert(f() == 1); }\n",
        "ungetc",
        5,
    )];
    for (src, name, line) in cases {
        let (message, at) = refusal(src);
        assert!(message.contains(name), "{name}: {message}");
        assert_eq!(at, line, "{name}: {message}");
    }
}

/// The first diagnoses' lines of a program with one failing unit test.
fn diagnosed_lines(src: &str) -> Vec<u32> {
    let loaded = faultline_runner::load_source(Path::new("/virtual/p.c"), src).expect("loads");
    let opts = DiagnoseOptions {
        timeout: Some(Duration::from_secs(60)),
        ..Default::default()
    };
    let report = diagnose(&loaded.program, &loaded.suite, &opts).expect("modelled");
    assert!(
        report.diagnoses.first().is_some_and(|d| d.validated),
        "{report:?}"
    );
    report
        .diagnoses
        .iter()
        .take(5)
        .flat_map(|d| d.statements.iter().map(|s| s.line))
        .collect()
}

#[test]
fn faults_next_to_sprintf_sscanf_strchr_strtol_and_malloc_are_localized() {
    let cases = [
        // `v + 1` for `v`: the number survives the `sprintf`/`sscanf` round trip.
        (
            "#include <assert.h>\n#include <stdio.h>\nint f(int x) {\n  char b[16];\n  int v = 0;\n  sprintf(b, \"%d\", x);\n  sscanf(b, \"%d\", &v);\n  return v + 1;\n}\nvoid test_a(void) { assert(f(3) == 3); }\n",
            8,
        ),
        (
            "#include <assert.h>\n#include <stdio.h>\nint f(int x) {\n  int v = 0;\n  sscanf(\"41\", \"%d\", &v);\n  return v + x;\n}\nvoid test_a(void) { assert(f(1) == 41); }\n",
            6,
        ),
        // The length after `strchr` counts the `=`.
        (
            "#include <assert.h>\n#include <string.h>\nint vlen(const char *s) {\n  const char *eq = strchr(s, '=');\n  if (eq == NULL) return -1;\n  return strlen(eq);\n}\nvoid test_a(void) { char s[8] = \"k=vv\"; assert(vlen(s) == 2); }\n",
            6,
        ),
        // The count of digits `strtol` read, off by one.
        (
            "#include <assert.h>\n#include <stdlib.h>\nlong digits(char *s) {\n  char *end;\n  strtol(s, &end, 10);\n  return end - s + 1;\n}\nvoid test_a(void) { char s[8] = \"12ab\"; assert(digits(s) == 2); }\n",
            6,
        ),
        // A malloc'd array filled with the wrong values.
        (
            "#include <assert.h>\n#include <stdlib.h>\nint f(int n) {\n  int *a = malloc(n * sizeof(int));\n  for (int i = 0; i < n; i++)\n    a[i] = i + 2;\n  int s = 0;\n  for (int i = 0; i < n; i++) s += a[i];\n  free(a);\n  return s;\n}\nvoid test_a(void) { assert(f(3) == 6); }\n",
            6,
        ),
    ];
    for (src, line) in cases {
        let lines = diagnosed_lines(src);
        assert!(
            lines.contains(&line),
            "line {line} not blamed: {lines:?}\n{src}"
        );
    }
}

/// The formula's diagnoses of a program with failing unit tests (BugAssist: the formula of
/// each failing test, no repair search nor probing runs), validated by the interpreter: each
/// as its lines and each line's values.
fn formula_diagnoses(src: &str) -> Vec<Vec<(u32, Vec<String>)>> {
    let loaded = faultline_runner::load_source(Path::new("/virtual/p.c"), src).expect("loads");
    let opts = DiagnoseOptions {
        timeout: Some(Duration::from_secs(60)),
        max_diagnoses: 5,
        algorithm: faultline_diagnose::Algorithm::Bugassist,
        repair: false,
        ..Default::default()
    };
    let report = diagnose(&loaded.program, &loaded.suite, &opts).expect("modelled");
    assert_eq!(report.infeasible, 0, "{report:?}");
    (report.diagnoses.iter())
        .filter(|d| d.validated)
        .map(|d| {
            (d.statements.iter())
                .map(|s| {
                    let values = (s.angelic.iter())
                        .flat_map(|a| a.values.iter().map(|v| v.value.to_string()))
                        .collect();
                    (s.line, values)
                })
                .collect()
        })
        .collect()
}

/// A string call whose `char *` operand points into one of several objects that a relaxed
/// index picks (`strcpy(out, names[i])` with `i = 2 * n` for `n`): the call reads whichever
/// object the relaxed value picks, so the index's line is diagnosed with the value each test
/// needs. The formula did not find them while the operand was pinned to the object the
/// failing run passed.
#[test]
fn a_string_operand_into_one_of_several_objects_follows_the_relaxed_index() {
    let src = "#include <assert.h>\n#include <string.h>\n\
        const char *names[] = {\"zero\", \"one\", \"two\", \"three\", \"four\", \"five\", \"six\", \"seven\"};\n\
        int check(int n, const char *want) {\n  char out[16];\n  int i = 2 * n;\n  strcpy(out, names[i]);\n  return strcmp(out, want) == 0;\n}\n\
        void test_two(void) { assert(check(2, \"two\")); }\n\
        void test_three(void) { assert(check(3, \"three\")); }\n\
        void test_zero(void) { assert(check(0, \"zero\")); }\n";
    let found = formula_diagnoses(src);
    let single = found
        .iter()
        .find(|d| d.len() == 1 && d[0].0 == 6)
        .unwrap_or_else(|| panic!("`int i = 2 * n` not diagnosed alone: {found:?}"));
    assert_eq!(single[0].1, ["2", "3"]);
}
