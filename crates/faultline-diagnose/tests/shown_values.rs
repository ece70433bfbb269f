//! Values are shown as the program's reader writes them: a relaxed `switch` as the `case` it
//! should enter (not the IR's arm index), a `scanf("%lf")` value as a number (not its bit
//! pattern).

use std::path::{Path, PathBuf};
use std::time::Duration;

use faultline_diagnose::{diagnose, DiagnoseOptions, Report, Value};

fn run(program: &faultline_ir::Program, suite: &faultline_runner::Suite) -> Report {
    let opts = DiagnoseOptions {
        timeout: Some(Duration::from_secs(60)),
        max_diagnoses: 10,
        ..Default::default()
    };
    diagnose(program, suite, &opts).expect("diagnosis runs")
}

/// `(test, value, was)` of every value of the statements blamed on `line`.
fn values_on(report: &Report, line: u32) -> Vec<(String, Value, Option<Value>)> {
    let s = report
        .diagnoses
        .iter()
        .flat_map(|d| &d.statements)
        .find(|s| s.line == line)
        .unwrap_or_else(|| panic!("line {line} is blamed"));
    s.angelic
        .iter()
        .flat_map(|t| {
            t.values
                .iter()
                .map(|v| (t.test.clone(), v.value.clone(), v.was.clone()))
        })
        .collect()
}

const PRICE: &str = r#"#include <assert.h>
int price(char size) {
    int p = 0;
    switch (size) {
    case 's': p = 3; break;
    case 'm': p = 4; break;
    case 'l': p = 5; break;
    default: p = 0;
    }
    return p;
}
void test_s(void) { assert(price('s') == 3); }
void test_m(void) { assert(price('m') == 5); }
"#;

#[test]
fn a_relaxed_switch_shows_the_case_it_should_enter() {
    let loaded =
        faultline_runner::load_source(Path::new("/virtual/price.c"), PRICE).expect("loads");
    let report = run(&loaded.program, &loaded.suite);
    let values = values_on(&report, 4);
    assert_eq!(values.len(), 1, "{values:?}");
    let (test, value, was) = &values[0];
    assert_eq!(test, "test_m");
    // Only the `'l'` arm makes the price 5; the run entered the `'m'` arm.
    assert_eq!(value.to_string(), "'l'");
    assert_eq!(was.as_ref().map(|w| w.to_string()).as_deref(), Some("'m'"));
}

const TAX: &str = r#"#include <stdio.h>
#define LIMIT 10000
int main(void)
{
    double income, tax;
    scanf("%lf", &income);
    if (income <= LIMIT)
        tax = 0;
    else
        tax = (income - LIMIT) * 0.15;
    printf("%.2f\n", tax);
    return 0;
}
"#;

const TAX_CASES: &str = r#"[[program]]
source = "tax.c"
[[program.case]]
name = "low"
stdin = "500\n"
stdout = "0.00\n"
[[program.case]]
name = "mid"
stdin = "2000\n"
stdout = "150.00\n"
"#;

#[test]
fn a_scanned_double_shows_as_a_number() {
    let dir: PathBuf = std::env::temp_dir().join(format!("faultline-shown-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("faultline.toml"), TAX_CASES).unwrap();
    std::fs::write(dir.join("tax.c"), TAX).unwrap();
    let loaded = faultline_runner::load_file(&dir.join("tax.c")).expect("loads");
    let report = run(&loaded.program, &loaded.suite);
    std::fs::remove_dir_all(&dir).ok();
    let values = values_on(&report, 6);
    assert!(!values.is_empty());
    for (test, value, was) in values {
        assert_eq!(test, "mid");
        let Value::Float(_) = value else {
            panic!("a scanned double shown as {value:?}")
        };
        // What the test read, as it reads.
        assert_eq!(was.map(|w| w.to_string()).as_deref(), Some("2000"));
    }
}
