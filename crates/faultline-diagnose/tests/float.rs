//! Floating-point programs: the interpreter runs them, the formula does not model them yet, so a
//! diagnosis says so once, at the program's first floating-point construct, and never answers
//! with a diagnosis computed as if IEEE values were integers.

use std::path::Path;

use faultline_diagnose::{diagnose, DiagnoseError, DiagnoseOptions};

const AVERAGE: &str = "#include <assert.h>\n\
int count = 3;\n\
double average(int a, int b, int c) {\n\
    return (a + b + c) / count;\n\
}\n\
void test_exact(void) { assert(average(1, 2, 3) == 2.0); }\n\
void test_fraction(void) { assert(average(1, 2, 4) > 2.3); }\n";

#[test]
fn float_program_gets_one_located_message() {
    let dir = std::env::temp_dir().join(format!("faultline-float-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("average.c");
    let loaded = faultline_runner::load_source(Path::new(&path), AVERAGE).expect("compiles");
    let opts = DiagnoseOptions::default();
    match diagnose(&loaded.program, &loaded.suite, &opts) {
        Err(DiagnoseError::Unsupported { message, span }) => {
            assert!(
                message.contains("floating-point diagnosis is not available yet"),
                "{message}"
            );
            let span = span.expect("located");
            let loc = loaded.program.files.locate(span);
            // `double average(...)`'s body: the first statement computing a double.
            assert_eq!(loc.start.line, 4, "{message}");
        }
        other => panic!("expected the located float message, got {other:?}"),
    }
}
