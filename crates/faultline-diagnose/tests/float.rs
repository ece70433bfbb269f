//! Floating-point programs are diagnosed end to end: the formula models IEEE arithmetic bit
//! for bit (`faultline_ssa::float`), printed doubles are matched as intervals of the values
//! that print so, and angelic values are shown as decimals, not bit patterns.

use std::path::Path;

use faultline_diagnose::{diagnose, DiagnoseOptions, Report, Value};

fn run(name: &str, source: &str) -> Report {
    let path = Path::new("/nonexistent").join(name);
    let loaded = faultline_runner::load_source(&path, source).expect("compiles");
    diagnose(&loaded.program, &loaded.suite, &DiagnoseOptions::default()).expect("diagnosed")
}

fn blamed_lines(r: &Report) -> Vec<Vec<u32>> {
    r.diagnoses
        .iter()
        .map(|d| d.statements.iter().map(|s| s.line).collect())
        .collect()
}

const AVERAGE: &str = "#include <assert.h>\n\
int count = 3;\n\
double average(int a, int b, int c) {\n\
    return (a + b + c) / count;\n\
}\n\
void test_exact(void) { assert(average(1, 2, 3) == 2.0); }\n\
void test_fraction(void) { assert(average(1, 2, 4) > 2.3); }\n";

#[test]
fn integer_division_in_a_double_function_is_blamed() {
    let r = run("average.c", AVERAGE);
    assert_eq!(r.infeasible, 0);
    let lines = blamed_lines(&r);
    assert!(!lines.is_empty(), "no diagnosis: {r:?}");
    assert_eq!(lines[0], vec![4], "{lines:?}");
    assert!(r.diagnoses.iter().all(|d| d.validated));
    // The return should have produced a fraction above 2.3: shown as a decimal.
    let d = &r.diagnoses[0];
    let v = &d.statements[0].angelic[0].values[0].value;
    match v {
        Value::Float(x) => assert!(x.as_f64() > 2.3, "{}", x.text()),
        other => panic!("expected a floating value, got {other:?}"),
    }
}

const CURRENCY: &str = "#include <stdio.h>\n\
int main(void) {\n\
    double price;\n\
    int qty;\n\
    if (scanf(\"%lf %d\", &price, &qty) != 2) return 1;\n\
    double total = price * qty * 1.8;\n\
    printf(\"%.2f\\n\", total);\n\
    return 0;\n\
}\n";

#[test]
fn printed_doubles_constrain_the_value_to_what_prints_so() {
    let dir = std::env::temp_dir().join(format!("faultline-fp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("invoice.c");
    std::fs::write(&path, CURRENCY).unwrap();
    std::fs::write(
        dir.join("faultline.toml"),
        "[[program]]\nsource = \"invoice.c\"\n\
         [[program.case]]\nname = \"one\"\nstdin = \"10.00 1\\n\"\nstdout = \"10.80\\n\"\n\
         [[program.case]]\nname = \"three\"\nstdin = \"2.50 3\\n\"\nstdout = \"8.10\\n\"\n",
    )
    .unwrap();
    let loaded = faultline_runner::load_file(&path).expect("loads");
    let r = diagnose(&loaded.program, &loaded.suite, &DiagnoseOptions::default()).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(r.infeasible, 0);
    let lines = blamed_lines(&r);
    assert!(lines.contains(&vec![6]), "{lines:?}");
    let d = r
        .diagnoses
        .iter()
        .find(|d| d.statements.iter().map(|s| s.line).eq([6]))
        .unwrap();
    for t in &d.statements[0].angelic {
        let Value::Float(x) = t.values[0].value else {
            panic!("{:?}", t.values[0].value)
        };
        let want = if t.test == "one" { 10.80 } else { 8.10 };
        // Any double that `%.2f` prints as the expected text.
        assert!(
            (x.as_f64() - want).abs() <= 0.005,
            "{}: {}",
            t.test,
            x.text()
        );
        // Shown as the shortest decimal that passes, not an end of the interval
        // (`10.804999999999998`).
        let short = if t.test == "one" { "10.8" } else { "8.1" };
        assert_eq!(x.text(), short, "{}", t.test);
    }
}

const POW: &str = "#include <assert.h>\n#include <math.h>\n\
double area(double r) {\n\
    double sq = pow(r, 2);\n\
    return sq * 3;\n\
}\n\
void test_one(void) { assert(area(1.0) == 3.0); }\n\
void test_two(void) { assert(area(2.0) == 12.5); }\n";

#[test]
fn inexact_math_functions_are_noted_at_their_call() {
    let r = run("pow.c", POW);
    assert_eq!(r.infeasible, 0);
    assert_eq!(r.notes.len(), 1, "{:?}", r.notes);
    assert_eq!(r.notes[0].line, 4);
    assert!(r.notes[0].message.contains("`pow` is not modelled exactly"));
    assert!(!r.diagnoses.is_empty());
    assert!(r.diagnoses.iter().all(|d| d.validated));
}

#[test]
fn float_values_print_as_short_decimals() {
    use faultline_diagnose::FloatValue;
    let d = |x: f64| FloatValue {
        bits: x.to_bits(),
        single: false,
    };
    assert_eq!(d(0.1).text(), "0.1");
    assert_eq!(d(3.14).text(), "3.14");
    assert_eq!(d(-2.5).text(), "-2.5");
    assert_eq!(d(1e300).text(), "1e300");
    assert_eq!(d(f64::INFINITY).text(), "inf");
    assert_eq!(d(-0.0).text(), "-0");
    let f = FloatValue {
        bits: 0.1f32.to_bits() as u64,
        single: true,
    };
    assert_eq!(f.text(), "0.1");
    assert_eq!(serde_json::to_string(&Value::Float(d(0.1))).unwrap(), "0.1");
}
