//! The string functions the interpreter runs but the formula does not model yet (`sscanf`,
//! `sprintf`, `snprintf`, `strspn`) refuse a diagnosis with one located message at the call,
//! never a wrong answer.

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
    let cases = [
        (
            "#include <assert.h>\n#include <stdio.h>\nint f(int x) {\n  char b[16];\n  int v = 0;\n  sprintf(b, \"%d\", x);\n  sscanf(b, \"%d\", &v);\n  return v + 1;\n}\nvoid test_a(void) { assert(f(3) == 3); }\n",
            "sprintf",
            6,
        ),
        (
            "#include <assert.h>\n#include <stdio.h>\nint f(int x) {\n  int v = 0;\n  sscanf(\"41\", \"%d\", &v);\n  return v + x;\n}\nvoid test_a(void) { assert(f(1) == 41); }\n",
            "sscanf",
            5,
        ),
        (
            "#include <assert.h>\n#include <string.h>\nint f(void) {\n  char s[8] = \"aab\";\n  return strspn(s, \"a\");\n}\nvoid test_a(void) { assert(f() == 3); }\n",
            "strspn",
            5,
        ),
    ];
    for (src, name, line) in cases {
        let (message, at) = refusal(src);
        assert!(message.contains(name), "{name}: {message}");
        assert_eq!(at, line, "{name}: {message}");
    }
}
