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
