//! End to end: C source through the real front end (preprocessor + lowering) into the
//! interpreter, checked against outputs recorded from gcc.

use std::path::Path;

use faultline_interp::{Entry, Input, Outcome, Prepared, RunOptions};

fn repo() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

fn compile(path: &Path) -> faultline_ir::Program {
    let text = std::fs::read_to_string(path).expect("read source");
    let p = path.to_str().unwrap();
    match faultline_lower::compile(p, &text, &faultline_preproc::FsLoader) {
        Ok(p) => p,
        Err(e) => panic!("{p} does not compile:\n{e}"),
    }
}

/// A test case of a `faultline.toml` (only the fields these suites use).
#[derive(Debug, Default)]
struct Case {
    name: String,
    args: Vec<String>,
    stdin: String,
    stdout: String,
}

/// A minimal reader for the generated `faultline.toml` files: one `key = value` per line, values
/// being JSON-compatible strings or string arrays.
fn cases(toml: &str) -> Vec<Case> {
    fn string(s: &str) -> String {
        let s = s.trim();
        let inner = &s[1..s.len() - 1];
        let mut out = String::new();
        let mut chars = inner.chars();
        while let Some(c) = chars.next() {
            if c == '\\' {
                match chars.next() {
                    Some('n') => out.push('\n'),
                    Some('t') => out.push('\t'),
                    Some(o) => out.push(o),
                    None => {}
                }
            } else {
                out.push(c);
            }
        }
        out
    }
    let mut out: Vec<Case> = Vec::new();
    for line in toml.lines() {
        let line = line.trim();
        if line == "[[program.case]]" {
            out.push(Case::default());
            continue;
        }
        let Some((k, v)) = line.split_once(" = ") else {
            continue;
        };
        let Some(c) = out.last_mut() else { continue };
        match k {
            "name" => c.name = string(v),
            "stdout" => c.stdout = string(v),
            "stdin" => c.stdin = string(v),
            "args" => {
                let v = v.trim().trim_start_matches('[').trim_end_matches(']');
                c.args = v
                    .split(", ")
                    .filter(|s| !s.is_empty())
                    .map(string)
                    .collect();
            }
            _ => {}
        }
    }
    out
}

#[test]
fn tcas_suite_matches_gcc() {
    let dir = repo().join("tests/tcas");
    let program = compile(&dir.join("tcas.c"));
    let suite = cases(&std::fs::read_to_string(dir.join("faultline.toml")).unwrap());
    assert!(suite.len() >= 1000, "{} cases", suite.len());
    let prep = Prepared::new(&program);
    let opts = RunOptions::default();
    let start = std::time::Instant::now();
    let mut failures = Vec::new();
    for c in &suite {
        let input = Input {
            program_name: "tcas".into(),
            args: c.args.clone(),
            stdin: c.stdin.clone().into_bytes(),
            nondet: vec![],
        };
        let r = faultline_interp::run_prepared(&prep, Entry::Main, &input, &opts);
        let out = String::from_utf8_lossy(&r.stdout);
        if !matches!(r.outcome, Outcome::Exited { .. }) || out != c.stdout {
            failures.push(format!(
                "{}: {:?} {} (expected {:?})",
                c.name,
                out,
                r.outcome.message(),
                c.stdout
            ));
        }
    }
    let elapsed = start.elapsed();
    eprintln!("tcas: {} runs in {elapsed:?}", suite.len());
    assert!(
        failures.is_empty(),
        "{}",
        failures[..failures.len().min(10)].join("\n")
    );
}

/// Every program of `tests/differential` on every case, against the stdout and exit code
/// recorded from gcc in its `faultline.toml`.
#[test]
fn differential_corpus_matches_gcc() {
    let dir = repo().join("tests/differential");
    let text = std::fs::read_to_string(dir.join("faultline.toml")).unwrap();
    let config: toml::Value = toml::from_str(&text).expect("valid toml");
    let mut failures = Vec::new();
    let mut count = 0;
    let programs = config["program"].as_array().expect("programs");
    for prog in programs {
        let source = prog["source"].as_str().unwrap();
        let program = match std::panic::catch_unwind(|| compile(&dir.join(source))) {
            Ok(p) => p,
            Err(_) => {
                failures.push(format!("{source}: does not compile"));
                continue;
            }
        };
        let prep = Prepared::new(&program);
        let empty = Vec::new();
        for case in prog
            .get("case")
            .and_then(|c| c.as_array())
            .unwrap_or(&empty)
        {
            let name = case["name"].as_str().unwrap_or("?");
            let strs = |k: &str| -> Vec<String> {
                case.get(k)
                    .and_then(|v| v.as_array())
                    .map(|a| {
                        a.iter()
                            .filter_map(|s| s.as_str().map(String::from))
                            .collect()
                    })
                    .unwrap_or_default()
            };
            let input = Input {
                program_name: source.trim_end_matches(".c").into(),
                args: strs("args"),
                stdin: case
                    .get("stdin")
                    .and_then(|s| s.as_str())
                    .unwrap_or("")
                    .as_bytes()
                    .to_vec(),
                nondet: vec![],
            };
            let want_out = case.get("stdout").and_then(|s| s.as_str()).unwrap_or("");
            let want_code = case
                .get("exit_code")
                .and_then(|c| c.as_integer())
                .unwrap_or(0) as i32;
            count += 1;
            let r =
                faultline_interp::run_prepared(&prep, Entry::Main, &input, &RunOptions::default());
            let out = String::from_utf8_lossy(&r.stdout);
            if out != want_out || r.outcome != (Outcome::Exited { code: want_code }) {
                failures.push(format!(
                    "{source} / {name}: got {out:?} ({}), gcc {want_out:?} (exit {want_code})",
                    r.outcome.message()
                ));
            }
        }
    }
    eprintln!("differential: {count} cases, {} failures", failures.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Compile a snippet and run `main` with the given arguments.
fn run_c(src: &str, args: &[&str]) -> (faultline_ir::Program, faultline_interp::Run) {
    let program = match faultline_lower::compile("snippet.c", src, &faultline_preproc::FsLoader) {
        Ok(p) => p,
        Err(e) => panic!("snippet does not compile:\n{e}\n{src}"),
    };
    let input = Input {
        program_name: "snippet".into(),
        args: args.iter().map(|s| s.to_string()).collect(),
        ..Input::default()
    };
    let r = faultline_interp::run(&program, Entry::Main, &input, &RunOptions::default());
    (program, r)
}

/// Undefined behaviour found in C source, with the message and the source text the span covers.
#[test]
fn undefined_behaviour_from_c_source_points_at_the_culprit() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "int main(int argc, char *argv[]) { int d = argc - 1; return 10 / d; }",
            "division by zero",
            "10 / d",
        ),
        (
            "int main(void) { int a[3]; int i; for (i = 0; i <= 3; i++) a[i] = i; return a[0]; }",
            "index 3 out of bounds for length 3",
            "a[i]",
        ),
        (
            "int main(void) { int x; int y = x + 1; return y; }",
            "read of uninitialized variable `x`",
            "x",
        ),
        (
            "int main(void) { int x = 2147483647; x = x + 1; return 0; }",
            "signed integer overflow in `+`",
            "x + 1",
        ),
        (
            "int f(int n) { if (n > 0) return n; }\nint main(void) { return f(0) + 1; }",
            "use of the value of a function that ended without `return`",
            "f(0)",
        ),
        (
            "int main(int argc, char *argv[]) { return 1 << (argc + 31); }",
            "shift amount 32 is out of range",
            "1 << (argc + 31)",
        ),
        (
            "#include <stdio.h>\nint main(int argc, char *argv[]) { printf(\"%c\\n\", argv[1][0]); return 0; }",
            "index 1 out of bounds for length 1",
            "argv[1][0]",
        ),
    ];
    assert_reported_at(cases);
}

/// Pointer misuse is undefined behaviour reported where the bad access is, never a crash.
#[test]
fn pointer_misuse_is_reported_at_the_access() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "#include <stddef.h>\nint main(void) { int *p = NULL; return *p; }",
            "dereference of a null pointer",
            "*p",
        ),
        (
            "int get(int *p) { return p[0]; }\nint main(int argc, char *argv[]) { return get(0) + argc; }",
            "dereference of a null pointer",
            "p[0]",
        ),
        (
            "int *leak(int v) { int x = v; return &x; }\nint main(void) { int *p = leak(3); return *p; }",
            "use of a pointer to a local variable of a function that has returned",
            "*p",
        ),
        (
            "int main(void) { int a[4] = {1, 2, 3, 4}; int *p = a; int s = 0; while (p <= a + 4) s += *p++; return s; }",
            "index 4 out of bounds for length 4",
            "*p++",
        ),
        (
            "int sum(int *v, int n) { int s = 0; for (int i = 0; i <= n; i++) s += v[i]; return s; }\nint main(void) { int a[3] = {1, 2, 3}; return sum(a, 3); }",
            "index 3 out of bounds for length 3",
            "v[i]",
        ),
        (
            "int main(void) { int a[2], b[2]; int *p = a, *q = b; return p < q; }",
            "`<` on pointers into different objects",
            "p < q",
        ),
        (
            "int main(void) { int a[5] = {0}; int *p = a + 2; return *(p - 3); }",
            "index -1 out of bounds for length 5",
            "*(p - 3)",
        ),
        (
            "int main(void) { int x; int *p = &x; return *p; }",
            "read of uninitialized variable `*p`",
            "*p",
        ),
    ];
    assert_reported_at(cases);
}

/// `&p->cells[j]` through a struct pointer and `&q[i].cells[k]` written directly point into
/// one object (the member over all the elements, as in the formula): they subtract and
/// compare as gcc's do; an index past the member's end is still a located failure.
#[test]
fn member_array_addresses_through_a_pointer_and_directly_are_one_object() {
    let src = "struct row { int id; int cells[5]; };\nstruct row g[3];\n\
               int main(void) {\n  struct row q[3];\n  struct row *p = &q[1], *r = g + 2;\n  \
               int *a = &q[1].cells[4], *b = &p->cells[1];\n  int *c = q[1].cells;\n  \
               int *d = &g[2].cells[3];\n  \
               return (int)(a - b) * 1000 + (a > b) * 100 + (c == p->cells) * 10 \
               + (int)(d - r->cells) + (d == &r->cells[3]);\n}\n";
    let (_, r) = run_c(src, &[]);
    assert_eq!(
        r.outcome,
        Outcome::Exited {
            code: (3000 + 100 + 10 + 3 + 1) % 256
        }
    );
    let cases: &[(&str, &str, &str)] = &[(
        "struct row { int id; int cells[5]; };\nint main(void) {\n  struct row q[2];\n  \
         struct row *p = q;\n  int k = 5;\n  p->cells[k] = 1;\n  return 0;\n}\n",
        "index 5 out of bounds for length 5",
        "p->cells[k]",
    )];
    assert_reported_at(cases);
}

/// A struct nested in a malloc'd record is reached through a pointer to it (`&b->hi`, and
/// `&b[1].lo` of the first member) from the leaf where it starts, as on the stack; a
/// pointer to a struct that is not nested there is still a located `unsupported:`.
#[test]
fn a_struct_nested_in_a_heap_record_is_reached_through_a_pointer_to_it() {
    let src = "#include <stdlib.h>
struct pt { int x; int y; };
               struct box { struct pt lo; int id; struct pt hi; };
               int main(void) {
  struct box *b = malloc(2 * sizeof *b);
                 struct pt *h = &b[1].hi, *l = &b[1].lo;
  h->x = 7; h->y = 9; l->x = 2; l->y = 3;
                 b[1].id = 5;
  int r = b[1].hi.x * 100 + b[1].hi.y * 10 + b[1].lo.x + b[1].lo.y + b[1].id;
                 free(b);
  return r % 256;
}
";
    let (_, r) = run_c(src, &[]);
    assert_eq!(r.outcome, Outcome::Exited { code: 800 % 256 });
    let cases: &[(&str, &str, &str)] = &[(
        "#include <stdlib.h>
struct pt { int x; int y; };
struct tri { char c; int a; int b; int d; };
         struct box { struct pt lo; int id; struct pt hi; };
         int main(void) {
  struct box *b = malloc(sizeof *b);
  b->id = 1;
           struct tri *t = (struct tri *)(void *)&b->lo;
  t->a = 2;
  return 0;
}
",
        "unsupported: memory allocated as `struct box` used as `struct tri`",
        "t->a",
    )];
    assert_reported_at(cases);
}

/// Heap misuse and limits: each a located failure at the access or call, never a crash; a
/// size glibc refuses gives NULL; memory typed one way and read another is `unsupported:`.
#[test]
fn heap_misuse_and_limits_are_reported_at_the_call() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "#include <stdlib.h>\nint main(void) { int *p = malloc(8); free(p); free(p); return 0; }",
            "`free` of memory that was already freed",
            "free(p)",
        ),
        (
            "#include <stdlib.h>\nint main(void) { int x = 1; int *p = &x; free(p); return 0; }",
            "`free` of a pointer that `malloc`, `calloc` or `realloc` did not return",
            "free(p)",
        ),
        (
            "#include <stdlib.h>\nint main(void) { long *p = malloc(16); p[0] = 1; free(p); return p[0] != 1; }",
            "use of memory after it was freed",
            "p[0]",
        ),
        (
            "#include <stdlib.h>\nint main(void) { int *p = malloc(3 * sizeof(int)); p[0] = 1; p = realloc(p, 2 * sizeof(int)); return p[2]; }",
            "index 2 out of bounds for length 2",
            "p[2]",
        ),
        (
            "#include <stdlib.h>\nint main(void) { int *p = malloc(10); return p[0]; }",
            "unsupported: a block of 10 bytes used as `int` (not a whole number of 4-byte cells)",
            "p[0]",
        ),
        (
            "#include <stdlib.h>\nint main(void) { int *p = calloc(4, sizeof(int)); char *c = (char *)(void *)p; p[1] = 2; return c[0]; }",
            "unsupported: memory allocated as `int` used as `char`",
            "c[0]",
        ),
        (
            "#include <stdlib.h>\nint main(void) { for (;;) { int *p = malloc(1 << 20); p[0] = 1; } }",
            // The cells (16M) run out when the leaked blocks are typed by their first write.
            "heap limit of 67108864 bytes exceeded (allocation too large or a leak in a loop?)",
            "p[0]",
        ),
        (
            "#include <stdlib.h>\nint main(void) { for (;;) malloc(1 << 28); }",
            "heap limit of 1073741824 bytes exceeded (allocation too large or a leak in a loop?)",
            "malloc(1 << 28)",
        ),
    ];
    assert_reported_at(cases);
    // A size over PTRDIFF_MAX is refused with NULL, as glibc does, and the program goes on.
    let (_, r) = run_c(
        "#include <stdlib.h>\nint main(void) { char *p = malloc((size_t)-1); return p == NULL ? 7 : 0; }",
        &[],
    );
    assert_eq!(r.outcome, Outcome::Exited { code: 7 });
}

#[test]
fn infinite_recursion_and_loops_from_c_source() {
    let handle = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let (_, r) = run_c(
                "int f(int n) { return f(n + 1) + 1; }\nint main(void) { return f(0); }",
                &[],
            );
            assert!(
                matches!(
                    r.outcome,
                    Outcome::RuntimeError {
                        kind: faultline_interp::RuntimeErrorKind::RecursionTooDeep { .. },
                        ..
                    }
                ),
                "{:?}",
                r.outcome
            );
            // Stopped by the depth limit itself, at exactly that depth (not by a clock: a
            // timed assert fails on a loaded machine).
            assert_eq!(r.max_depth, 10_000);
            let (_, r) = run_c(
                "int main(void) { int i = 0; while (i < 10) { i = i * 1; } return i; }",
                &[],
            );
            assert_eq!(
                r.outcome.message(),
                "step limit of 10000000 exceeded (infinite loop?)",
                "{:?}",
                r.outcome
            );
            // Ended by the step count, one step past the limit, not by the run's time limit.
            assert_eq!(r.steps, 10_000_001);
        })
        .unwrap();
    handle.join().unwrap();
}

/// Run every `test_*` function of a snippet: (name, outcome message).
fn run_unit_tests(src: &str) -> Vec<(String, String)> {
    let program = faultline_lower::compile("unit.c", src, &faultline_preproc::FsLoader)
        .unwrap_or_else(|e| panic!("{e}"));
    let prep = Prepared::new(&program);
    program
        .tests
        .iter()
        .map(|&f| {
            let r = faultline_interp::run_prepared(
                &prep,
                Entry::Function(f),
                &Input::default(),
                &RunOptions::default(),
            );
            (program.function(f).name.clone(), r.outcome.message())
        })
        .collect()
}

#[test]
fn unit_test_functions_pass_fail_and_loop() {
    let src = r#"
#include <assert.h>
int sum(int a[], int n) { int s = 0, i; for (i = 0; i < n; i++) s += a[i]; return s; }
int sum_upto(int n) { int s = 0, i; for (i = 1; i < n; i++) s += i; return s; }
unsigned half_steps(int n) { unsigned i = 0, k = 0; while (i != (unsigned)n) { i += 2; k++; } return k; }
void test_sum_array(void) { int a[4] = {1, 2, 3, 4}; assert(sum(a, 4) == 10); }
void test_sum_upto(void) { assert(sum_upto(4) == 10); }
void test_odd(void) { assert(half_steps(7) == 4); }
"#;
    let results = run_unit_tests(src);
    let get = |n: &str| {
        results
            .iter()
            .find(|(m, _)| m == n)
            .map(|(_, o)| o.as_str())
    };
    assert_eq!(get("test_sum_array"), Some("exited with code 0"));
    assert_eq!(
        get("test_sum_upto"),
        Some("assertion failed: left 6, right 10")
    );
    assert_eq!(
        get("test_odd"),
        Some("step limit of 10000000 exceeded (infinite loop?)")
    );
}

/// `%i` reads with an automatic base wherever the format comes from: the parsed format records
/// it (`ConvSpec::any_base`), so a format behind a macro works as well as a literal (glibc:
/// `0x1f` is 31, `017` is 15).
#[test]
fn scanf_percent_i_reads_any_base_even_through_a_macro() {
    let src = "#include <stdio.h>\n#define FMT \"%i %i %d\"\n\
               int main(void) { int a, b, c; int n = scanf(FMT, &a, &b, &c);\n\
               printf(\"%d %d %d %d\\n\", n, a, b, c); return 0; }";
    let program = faultline_lower::compile("snippet.c", src, &faultline_preproc::FsLoader)
        .unwrap_or_else(|e| panic!("snippet does not compile:\n{e}"));
    let input = Input {
        stdin: b"0x1f 017 010".to_vec(),
        ..Input::default()
    };
    let r = faultline_interp::run(&program, Entry::Main, &input, &RunOptions::default());
    assert_eq!(r.outcome, Outcome::Exited { code: 0 });
    assert_eq!(String::from_utf8_lossy(&r.stdout), "3 31 15 10\n");
}

/// Runs held to a formula's bounds (`RunOptions::unwinding`) end with `UnwindingBound` exactly
/// where the unrolled formula's path would be cut: a loop may start as many passes per entry
/// as its bound (the last one evaluating its condition false), a function may be active as
/// many times as the inlining depth.
#[test]
fn unwinding_bounds_end_a_run_where_the_formula_would() {
    use faultline_interp::{RuntimeErrorKind, Unwinding};
    let run = |src: &str, args: &[&str], u: &Unwinding| {
        let program = faultline_lower::compile("bounded.c", src, &faultline_preproc::FsLoader)
            .unwrap_or_else(|e| panic!("does not compile:\n{e}"));
        let input = Input {
            program_name: "bounded".into(),
            args: args.iter().map(|s| s.to_string()).collect(),
            ..Input::default()
        };
        let opts = RunOptions {
            unwinding: Some(u),
            ..RunOptions::default()
        };
        faultline_interp::run(&program, Entry::Main, &input, &opts).outcome
    };
    let bound = |passes: u32, depth: u32| Unwinding {
        loops: Default::default(),
        default: passes,
        max_inline_depth: depth,
    };
    let beyond = |limit: u32, recursion: bool| move |o: &Outcome| matches!(o, Outcome::RuntimeError { kind: RuntimeErrorKind::UnwindingBound { limit: l, recursion: r }, .. } if *l == limit && *r == recursion);
    // Three iterations: four passes, the last one leaving.
    let sum = "int main(int argc, char *argv[]) { int i, s = 0; for (i = 0; i < argc - 1; i++) s += i; return s; }";
    assert_eq!(
        run(sum, &["a", "b", "c"], &bound(4, 8)),
        Outcome::Exited { code: 3 }
    );
    assert!(beyond(3, false)(&run(sum, &["a", "b", "c"], &bound(3, 8))));
    // The bound is per entry: an inner loop entered three times starts over each time.
    let nested = "int main(void) { int i, j, s = 0; for (i = 0; i < 3; i++) for (j = 0; j < 3; j++) s++; return s; }";
    assert_eq!(run(nested, &[], &bound(4, 8)), Outcome::Exited { code: 9 });
    assert!(beyond(3, false)(&run(nested, &[], &bound(3, 8))));
    // `break` leaves without the last condition: two passes for `while (1) { if (..) break; }`
    // going round once.
    let brk = "int main(void) { int i = 0; while (1) { if (i == 1) break; i++; } return i; }";
    assert_eq!(run(brk, &[], &bound(2, 8)), Outcome::Exited { code: 1 });
    assert!(beyond(1, false)(&run(brk, &[], &bound(1, 8))));
    // f(3) .. f(0): four active calls of `f`; `main` counts for itself.
    let rec = "int f(int k) { return k ? f(k - 1) + 1 : 0; }\nint main(int argc, char *argv[]) { return f(argc - 1); }";
    assert_eq!(
        run(rec, &["a", "b", "c"], &bound(2, 4)),
        Outcome::Exited { code: 3 }
    );
    assert!(beyond(3, true)(&run(rec, &["a", "b", "c"], &bound(2, 3))));
    // Without bounds nothing changes.
    let (_, r) = run_c(sum, &["a", "b", "c", "d", "e"]);
    assert_eq!(r.outcome, Outcome::Exited { code: 10 });
}

/// A variable-length array: its length is the run's (reading past what was written is an
/// uninitialized read), and beyond Faultline's bound the run stops with the assumption at the
/// size expression, not with a wrong result.
#[test]
fn variable_length_arrays_run_to_their_bound() {
    let src = "#include <stdlib.h>\nint main(int argc, char *argv[]) {\n  int n = atoi(argv[1]);\n  int a[n];\n  int i;\n  for (i = 0; i < n; i++) a[i] = i * i;\n  return a[n - 1] % 256;\n}\n";
    let (_, r) = run_c(src, &["9"]);
    assert!(
        matches!(r.outcome, Outcome::Exited { code: 64 }),
        "{:?}",
        r.outcome
    );
    let (p, r) = run_c(src, &["5000"]);
    match r.outcome {
        Outcome::AssumeViolated { span } => assert_eq!(p.files.text(span), "n"),
        other => panic!("{other:?}"),
    }
    let past = "int main(void) {\n  int n = 4;\n  int a[n];\n  a[0] = 1;\n  return a[n];\n}\n";
    let (_, r) = run_c(past, &[]);
    assert!(
        r.outcome.message().contains("uninitialized"),
        "{}",
        r.outcome.message()
    );
}

/// Each `(source, message, text)` runs to the failure `message`, reported at the source text
/// `text`; all mismatches are listed together.
fn assert_reported_at(cases: &[(&str, &str, &str)]) {
    let mut failures = Vec::new();
    for &(src, message, text) in cases {
        let (program, r) = run_c(src, &[]);
        let got_text = r.outcome.span().map(|s| program.files.text(s).to_string());
        if r.outcome.message() != message || got_text.as_deref() != Some(text) {
            failures.push(format!(
                "{src}\n  got {:?} at {got_text:?}, want {message:?} at {text:?}",
                r.outcome.message()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A pointer override that names a variable (`pointer_object_override`): the statement's
/// pointer points into that variable, a global or a local of the statement's own call,
/// whatever it computes as written; dereferences then reach that variable's cells and its
/// bounds.
#[test]
fn a_pointer_override_may_name_another_variable() {
    let src = "int a[3] = {1, 2, 3};\nint b[3] = {40, 50, 60};\n\
               int main(void) {\n  int x = 7, y = 9;\n  int *p = a;\n  int *q = &x;\n  \
               return p[1] + *q;\n}\n";
    let program = match faultline_lower::compile("snippet.c", src, &faultline_preproc::FsLoader) {
        Ok(p) => p,
        Err(e) => panic!("snippet does not compile:\n{e}"),
    };
    let main = program.main.expect("main");
    let f = program.function(main);
    let local = |name: &str| {
        faultline_ir::LocalId(f.locals.iter().position(|l| l.name == name).unwrap() as u32)
    };
    let global = |name: &str| {
        faultline_ir::GlobalId(program.globals.iter().position(|g| g.name == name).unwrap() as u32)
    };
    let assign_of = |name: &str| {
        let mut id = None;
        program.for_each_stmt(|_, s| {
            if let faultline_ir::StmtKind::Assign { place, .. } = &s.kind {
                if place.base == faultline_ir::VarRef::Local(local(name)) {
                    id = Some(s.id);
                }
            }
        });
        id.unwrap()
    };
    let run = |o: &faultline_interp::Overrides| {
        let opts = RunOptions {
            overrides: Some(o),
            ..RunOptions::default()
        };
        faultline_interp::run(&program, Entry::Main, &Input::default(), &opts).outcome
    };
    use faultline_interp::{pointer_object_override, pointer_object_target, PointerTarget};
    let mut o = faultline_interp::Overrides::new();
    assert_eq!(run(&o), Outcome::Exited { code: 2 + 7 });
    // `p` into `b` at element 2 (`&b[2]`): p[1] is then past `b`'s end.
    let to_b = pointer_object_override(PointerTarget::Global(global("b")), 2);
    assert_eq!(
        pointer_object_target(to_b),
        Some((PointerTarget::Global(global("b")), 2))
    );
    o.set(assign_of("p"), 0, vec![to_b]);
    match run(&o) {
        Outcome::RuntimeError { kind, .. } => {
            assert!(kind.message().contains("out of bounds"), "{kind:?}")
        }
        other => panic!("{other:?}"),
    }
    // `p` to `b` itself and `q` to `&y`: 50 + 9.
    o.set(
        assign_of("p"),
        0,
        vec![pointer_object_override(
            PointerTarget::Global(global("b")),
            0,
        )],
    );
    o.set(
        assign_of("q"),
        0,
        vec![pointer_object_override(PointerTarget::Local(local("y")), 0)],
    );
    assert_eq!(run(&o), Outcome::Exited { code: 50 + 9 });
}

/// A pointer override that names a heap block by its number (`PointerTarget::Heap`, how a
/// diagnosis hands back a relaxed pointer the formula moved into another block): the
/// statement's pointer points into that block, whatever it computes as written; a number
/// no block of the run has leaves the marker, and using it fails the run.
#[test]
fn a_pointer_override_may_name_another_heap_block() {
    let src = "#include <stdlib.h>\nint main(void) {\n  int *a = malloc(2 * sizeof(int));\n  \
               int *b = malloc(2 * sizeof(int));\n  a[0] = 10; a[1] = 11; b[0] = 20; b[1] = 21;\n  \
               int *p = a;\n  return p[0];\n}\n";
    let program = match faultline_lower::compile("snippet.c", src, &faultline_preproc::FsLoader) {
        Ok(p) => p,
        Err(e) => panic!("snippet does not compile:\n{e}"),
    };
    let main = program.main.expect("main");
    let f = program.function(main);
    let p = faultline_ir::LocalId(f.locals.iter().position(|l| l.name == "p").unwrap() as u32);
    let mut assign = None;
    program.for_each_stmt(|_, s| {
        if let faultline_ir::StmtKind::Assign { place, .. } = &s.kind {
            if place.base == faultline_ir::VarRef::Local(p) {
                assign = Some(s.id);
            }
        }
    });
    let assign = assign.unwrap();
    let run = |o: &faultline_interp::Overrides| {
        let opts = RunOptions {
            overrides: Some(o),
            ..RunOptions::default()
        };
        faultline_interp::run(&program, Entry::Main, &Input::default(), &opts).outcome
    };
    use faultline_interp::{pointer_object_override, pointer_object_target, PointerTarget};
    let mut o = faultline_interp::Overrides::new();
    assert_eq!(run(&o), Outcome::Exited { code: 10 });
    let second = PointerTarget::Heap {
        block: 1,
        stmt: faultline_ir::StmtId(3),
    };
    let to_b = pointer_object_override(second, 1);
    assert_eq!(pointer_object_target(to_b), Some((second, 1)));
    o.set(assign, 0, vec![to_b]);
    assert_eq!(run(&o), Outcome::Exited { code: 21 });
    let none = PointerTarget::Heap {
        block: 7,
        stmt: faultline_ir::StmtId(3),
    };
    o.set(assign, 0, vec![pointer_object_override(none, 0)]);
    assert!(
        matches!(run(&o), Outcome::RuntimeError { .. }),
        "{:?}",
        run(&o)
    );
}
