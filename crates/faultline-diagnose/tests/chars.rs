//! A relaxed `char` is reported as the character it should hold (`'b'`), in the report's
//! text and in its JSON, not as its number.

use std::path::Path;
use std::time::Duration;

use faultline_diagnose::{diagnose, DiagnoseOptions, Value};

const SHIFT: &str = r#"#include <assert.h>
char next(char c) {
    char r = c + 2;
    return r;
}
void test_a(void) { assert(next('a') == 'b'); }
void test_y(void) { assert(next('y') == 'z'); }
void test_space(void) { assert(next(' ') == '!'); }
"#;

#[test]
fn a_relaxed_char_shows_the_character_it_needs() {
    let loaded =
        faultline_runner::load_source(Path::new("/virtual/shift.c"), SHIFT).expect("loads");
    let opts = DiagnoseOptions {
        timeout: Some(Duration::from_secs(60)),
        ..Default::default()
    };
    let report = diagnose(&loaded.program, &loaded.suite, &opts).expect("diagnosis runs");
    let blamed = report
        .diagnoses
        .iter()
        .flat_map(|d| &d.statements)
        .find(|s| s.line == 3)
        .expect("line 3 is blamed");
    let mut seen = Vec::new();
    for t in &blamed.angelic {
        for v in &t.values {
            let Value::Char(c) = v.value else {
                panic!("{}: a char shown as {:?}", t.test, v.value)
            };
            seen.push((t.test.clone(), v.value.to_string(), c.0));
            // JSON carries the same text.
            let json = serde_json::to_value(&v.value).unwrap();
            assert_eq!(json, serde_json::Value::String(v.value.to_string()));
        }
    }
    seen.sort();
    let want = [
        ("test_a", "'b'", 98),
        ("test_space", "'!'", 33),
        ("test_y", "'z'", 122),
    ];
    let want: Vec<_> = want
        .iter()
        .map(|(t, s, n)| (t.to_string(), s.to_string(), *n))
        .collect();
    assert_eq!(seen, want);
}
