//! End-to-end tests of the `faultline` binary: what a user or a CI pipeline sees.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::json;

#[path = "../../faultline-lsp/tests/support/frame.rs"]
mod frame;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Run `faultline` from the repository root; returns (exit code, stdout, stderr).
fn faultline(args: &[&str]) -> (i32, String, String) {
    faultline_in(&repo(), args)
}

fn faultline_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_faultline"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run faultline");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn unit_example_reports_the_failing_assert_with_both_sides() {
    let (code, stdout, _) = faultline(&["test", "tests/examples/unit/sum.c"]);
    assert_eq!(code, 1);
    insta::assert_snapshot!(stdout);
}

#[test]
fn io_example_reports_output_differences() {
    let (code, stdout, _) = faultline(&["test", "tests/examples/max3/max3.c"]);
    assert_eq!(code, 1);
    insta::assert_snapshot!(stdout);
}

#[test]
fn infinite_loop_hits_the_step_limit_and_other_tests_still_run() {
    let (code, stdout, _) = faultline(&["test", "--json", "tests/examples/infinite/loop.c"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON object");
    let tests = v["tests"].as_array().expect("tests array");
    assert_eq!(tests.len(), 4);
    let odd = tests
        .iter()
        .find(|t| t["name"] == "test_odd")
        .expect("test_odd");
    assert_eq!(odd["passed"], false);
    assert!(
        odd["reason"].as_str().unwrap().contains("step limit"),
        "{odd}"
    );
    assert_eq!(odd["line"], 10);
    for t in tests.iter().filter(|t| t["name"] != "test_odd") {
        assert_eq!(t["passed"], true, "{t}");
    }
    assert_eq!(v["summary"]["failed"], 1);
}

#[test]
fn json_has_the_documented_keys() {
    let (code, stdout, _) = faultline(&["test", "--json", "tests/examples/unit/sum.c"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).expect("JSON");
    assert_eq!(v["file"], "tests/examples/unit/sum.c");
    let failing = v["tests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["passed"] == false)
        .expect("a failing test");
    assert_eq!(failing["name"], "test_sum_upto");
    assert_eq!(failing["reason"], "assertion failed: left 6, right 10");
    assert_eq!(failing["line"], 49);
    assert_eq!(failing["expected"], "10");
    assert_eq!(failing["actual"], "6");
}

#[test]
fn all_passing_file_exits_zero() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("ok.c"),
        "#include <assert.h>\nint sq(int x) { return x * x; }\nvoid test_sq(void) { assert(sq(3) == 9); }\n",
    )
    .unwrap();
    let (code, stdout, _) = faultline_in(dir.path(), &["test", "ok.c"]);
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("1 passed, 0 failed"), "{stdout}");
}

#[test]
fn unsupported_c_is_a_located_error_with_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("f.c"),
        "int main(void) {\n  goto end;\n  {\n  end:\n    return 0;\n  }\n}\n",
    )
    .unwrap();
    let (code, stdout, stderr) = faultline_in(dir.path(), &["test", "f.c"]);
    assert_eq!(code, 2);
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.starts_with("f.c:2:3:"), "{stderr}");
    assert!(stderr.contains("unsupported"), "{stderr}");

    let (code, stdout, _) = faultline_in(dir.path(), &["test", "--json", "f.c"]);
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(v["errors"][0]["line"], 2);
    assert_eq!(v["errors"][0]["kind"], "unsupported");

    // `diagnose --json` too answers with one JSON object: the located errors, no diagnoses
    // (a tool reading stdout got nothing before).
    let (code, stdout, stderr) = faultline_in(dir.path(), &["diagnose", "--json", "f.c"]);
    assert_eq!(code, 2);
    assert!(stderr.starts_with("f.c:2:3:"), "{stderr}");
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(v["file"], "f.c");
    assert_eq!(v["diagnoses"], serde_json::json!([]));
    assert_eq!(
        (&v["errors"][0]["line"], &v["errors"][0]["column"]),
        (&serde_json::json!(2), &serde_json::json!(3))
    );
    assert_eq!(v["errors"][0]["kind"], "unsupported");
}

/// `[limits] max_heap_mb` bounds a run's live heap: the same program passes under the
/// default (1 GiB) and fails at its `malloc` under 1 MiB; a bad value is located at its key.
#[test]
fn the_heap_limit_is_a_faultline_toml_setting() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("m.c"),
        "#include <stdlib.h>\nint main(void) {\n  char *p = malloc(2 << 20);\n  if (!p) return 1;\n  p[0] = 'x';\n  free(p);\n  return 0;\n}\n",
    )
    .unwrap();
    let config = |limits: &str| {
        std::fs::write(
            dir.path().join("faultline.toml"),
            format!("{limits}[[program]]\nsource = \"m.c\"\n[[program.case]]\nname = \"a\"\nstdout = \"\"\n"),
        )
        .unwrap();
    };
    config("");
    let (code, stdout, stderr) = faultline_in(dir.path(), &["test", "m.c"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    config("[limits]\nmax_heap_mb = 1\n");
    let (code, stdout, stderr) = faultline_in(dir.path(), &["test", "m.c"]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(
        stdout.contains("m.c:3:13: heap limit of 1048576 bytes exceeded"),
        "{stdout}"
    );
    config("[limits]\n  max_heap_mb = 0\n");
    let (code, _, stderr) = faultline_in(dir.path(), &["test", "m.c"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("faultline.toml:2:3"), "{stderr}");
    assert!(
        stderr.contains("`max_heap_mb` must be from 1 to 4096"),
        "{stderr}"
    );
}

#[test]
fn config_errors_are_located_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("m.c"), "int main(void) { return 0; }\n").unwrap();
    std::fs::write(
        dir.path().join("faultline.toml"),
        "[[program]]\nsource = \"m.c\"\n[[program.case]]\nname = \"a\"\nexpected = \"1\"\n",
    )
    .unwrap();
    let (code, _, stderr) = faultline_in(dir.path(), &["test", "m.c"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("faultline.toml:5:1"), "{stderr}");
    assert!(stderr.contains("expected"), "{stderr}");
}

#[test]
fn config_in_parent_directory_and_cases_dir_are_found() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("src");
    let cases = dir.path().join("cases");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::create_dir_all(&cases).unwrap();
    std::fs::write(
        src.join("add.c"),
        "#include <stdio.h>\n#include <stdlib.h>\nint main(int argc, char *argv[]) {\n  int s = 0;\n  for (int i = 1; i < argc; i++) s += atoi(argv[i]);\n  int x;\n  while (scanf(\"%d\", &x) == 1) s += x;\n  printf(\"%d\\n\", s);\n  return s > 100;\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("faultline.toml"),
        "[[program]]\nsource = \"src/add.c\"\ncases_dir = \"cases\"\n[[program.case]]\nname = \"inline\"\nargs = [\"1\", \"2\"]\nstdout = \"3\"\n",
    )
    .unwrap();
    std::fs::write(cases.join("big.args"), "50 60\n").unwrap();
    std::fs::write(cases.join("big.out"), "110\n").unwrap();
    std::fs::write(cases.join("big.exit"), "1\n").unwrap();
    std::fs::write(cases.join("stdin.in"), "4 5\n").unwrap();
    std::fs::write(cases.join("stdin.out"), "10\n").unwrap();
    let (code, stdout, stderr) = faultline_in(&src, &["test", "add.c"]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.contains("PASS inline"), "{stdout}");
    assert!(stdout.contains("PASS big"), "{stdout}");
    assert!(
        stdout.contains("FAIL stdin") && stdout.contains("expected `10`, got `9`"),
        "{stdout}"
    );
}

#[test]
fn io_cases_for_a_file_without_main_are_an_input_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("lib.c"), "int f(void) { return 1; }\n").unwrap();
    std::fs::write(
        dir.path().join("faultline.toml"),
        "[[program]]\nsource = \"lib.c\"\n[[program.case]]\nname = \"a\"\n",
    )
    .unwrap();
    let (code, _, stderr) = faultline_in(dir.path(), &["test", "lib.c"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("no `main`"), "{stderr}");
}

#[test]
fn tests_in_included_files_are_discovered() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("main.c"),
        "#include <assert.h>\nint twice(int x) { return x + x; }\n#include \"more_tests.h\"\nvoid test_here(void) { assert(twice(1) == 2); }\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("more_tests.h"),
        "void test_there(void) { assert(twice(2) == 5); }\n",
    )
    .unwrap();
    let (code, stdout, _) = faultline_in(dir.path(), &["test", "--json", "main.c"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    let names: Vec<&str> = v["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["test_there", "test_here"]);
    let there = &v["tests"][0];
    assert_eq!(there["passed"], false);
    assert!(
        there["path"].as_str().unwrap().ends_with("more_tests.h"),
        "{there}"
    );
    assert_eq!(there["line"], 1);
}

#[test]
fn nondet_values_and_assume_come_from_the_case() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("nd.c"),
        "#include <assert.h>\nextern int __VERIFIER_nondet_int(void);\nextern void __VERIFIER_assume(int);\nint main(void) {\n  int a = __VERIFIER_nondet_int();\n  int b = __VERIFIER_nondet_int();\n  __VERIFIER_assume(b != 0);\n  assert(a / b < 10);\n  return 0;\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("faultline.toml"),
        "[[program]]\nsource = \"nd.c\"\n[[program.case]]\nname = \"ok\"\nnondet = [9, 1]\n[[program.case]]\nname = \"big\"\nnondet = [100, 2]\n[[program.case]]\nname = \"zero\"\nnondet = [1, 0]\n",
    )
    .unwrap();
    let (code, stdout, stderr) = faultline_in(dir.path(), &["test", "nd.c"]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.contains("PASS ok"), "{stdout}");
    assert!(
        stdout.contains("FAIL big") && stdout.contains("left 50, right 10"),
        "{stdout}"
    );
    assert!(stdout.contains("SKIP zero"), "{stdout}");
    assert!(stdout.contains("1 passed, 1 failed, 1 skipped"), "{stdout}");
}

#[test]
fn a_variable_length_array_past_faultlines_bound_is_not_run_and_not_counted_as_passed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("vla.c"),
        "#include <stdio.h>\nint main(void) {\n  int n;\n  scanf(\"%d\", &n);\n  int a[n];\n  long sum = 0;\n  for (int i = 0; i < n; i++) {\n    a[i] = i;\n    sum += a[i];\n  }\n  printf(\"%ld\\n\", sum);\n  return 0;\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("faultline.toml"),
        "[[program]]\nsource = \"vla.c\"\n[[program.case]]\nname = \"small\"\nstdin = \"4\"\nstdout = \"6\\n\"\n[[program.case]]\nname = \"big\"\nstdin = \"2000\"\nstdout = \"1999000\\n\"\n",
    )
    .unwrap();
    let (code, stdout, stderr) = faultline_in(dir.path(), &["test", "vla.c"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("PASS small"), "{stdout}");
    assert!(
        stdout.contains(
            "SKIP big  vla.c:5:9: not run: this variable-length array needs more than 1024 \
             elements, the most Faultline analyses (raise `[limits] max_vla_elements` in \
             faultline.toml)"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("1 passed, 0 failed, 1 skipped"), "{stdout}");
    let (_, json, _) = faultline_in(dir.path(), &["test", "vla.c", "--json"]);
    let v: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(v["summary"]["passed"], 1, "{json}");
    assert_eq!(v["summary"]["skipped"], 1, "{json}");

    // The same program with the bound raised in faultline.toml: `big` runs and passes, a case
    // expecting a wrong sum fails, and one past the new bound is skipped naming it.
    std::fs::write(
        dir.path().join("faultline.toml"),
        "[limits]\nmax_vla_elements = 3000\n[[program]]\nsource = \"vla.c\"\n[[program.case]]\nname = \"small\"\nstdin = \"4\"\nstdout = \"6\\n\"\n[[program.case]]\nname = \"big\"\nstdin = \"2000\"\nstdout = \"1999000\\n\"\n[[program.case]]\nname = \"wrong\"\nstdin = \"2500\"\nstdout = \"3\\n\"\n[[program.case]]\nname = \"huge\"\nstdin = \"3001\"\nstdout = \"0\\n\"\n",
    )
    .unwrap();
    let (code, stdout, stderr) = faultline_in(dir.path(), &["test", "vla.c"]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.contains("PASS big"), "{stdout}");
    assert!(stdout.contains("FAIL wrong"), "{stdout}");
    assert!(stdout.contains("3123750"), "{stdout}");
    assert!(
        stdout.contains("SKIP huge  vla.c:5:9: not run: this variable-length array needs more than 3000 elements"),
        "{stdout}"
    );
    assert!(stdout.contains("2 passed, 1 failed, 1 skipped"), "{stdout}");

    // An absurd bound is a located configuration error.
    std::fs::write(
        dir.path().join("faultline.toml"),
        "[limits]\nmax_vla_elements = 0\n[[program]]\nsource = \"vla.c\"\n",
    )
    .unwrap();
    let (code, stdout, stderr) = faultline_in(dir.path(), &["test", "vla.c"]);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(
        stderr.contains("faultline.toml:2:1")
            && stderr.contains("`max_vla_elements` must be from 1 to 4194304"),
        "{stderr}"
    );
}

#[test]
fn diagnose_json_reports_validated_diagnoses_with_angelic_values() {
    let (code, stdout, stderr) = faultline(&[
        "diagnose",
        "--json",
        "--max-diagnoses",
        "3",
        "tests/examples/max3/max3.c",
    ]);
    assert_eq!(code, 1, "{stderr}");
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON object");
    assert_eq!(v["file"], "tests/examples/max3/max3.c");
    assert_eq!(v["algorithm"], "cfaults");
    assert_eq!(v["infeasible"], 0);
    let failing: Vec<&str> = v["tests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["passed"] == false)
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(failing, ["ascending", "tie_first_two", "spread"]);
    for key in [
        "tests",
        "encode",
        "solve",
        "enumerate",
        "validate",
        "total",
        "first",
    ] {
        assert!(v["timings_ms"][key].is_number(), "timings_ms.{key}");
    }
    // The first diagnosis comes before the end of the run.
    let t = &v["timings_ms"];
    assert!(t["first"].as_f64().unwrap() <= t["total"].as_f64().unwrap());
    // The formula's size is reported; here it is 0 clauses: the ladder's conditions weigh
    // their own branches, so the search of cheap candidates finds the three diagnoses before
    // any joint formula is built.
    assert!(v["formula"]["clauses"].is_u64(), "{}", v["formula"]);
    let diagnoses = v["diagnoses"].as_array().unwrap();
    assert_eq!(diagnoses.len(), 3);
    for (i, d) in diagnoses.iter().enumerate() {
        assert_eq!(d["rank"], i + 1);
        assert_eq!(d["validated"], true);
    }
    // The real fault, `b > a` (should be `b > c`), ranked first with its repair, and the
    // branch each test needed.
    let fix = &diagnoses[0]["repairs"][0];
    assert_eq!(
        (
            &fix["line"],
            &fix["column"],
            &fix["end_line"],
            &fix["end_column"]
        ),
        (&json!(13), &json!(14), &json!(13), &json!(19))
    );
    assert_eq!(
        (&fix["before"], &fix["after"]),
        (&json!("b > a"), &json!("b > c"))
    );
    assert_eq!(fix["tests_passed"], 8);
    let cond = &diagnoses[0]["statements"][0];
    assert_eq!(cond["text"], "b > a");
    assert_eq!(
        (cond["line"].as_u64(), cond["column"].as_u64()),
        (Some(13), Some(14))
    );
    assert_eq!(cond["kind"], "IfCond");
    let angelic: Vec<(String, bool)> = cond["angelic"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["test"].as_str().unwrap().to_string(),
                a["values"][0]["value"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        angelic,
        [
            ("ascending".to_string(), false),
            ("tie_first_two".to_string(), true),
            ("spread".to_string(), false)
        ]
    );
}

#[test]
fn diagnose_reports_the_size_of_every_formula_it_solved() {
    // shift.c: the hitting sets answer some checks with candidate-only replicas (only the
    // checked set relaxed) and load one full replica for a core.
    let (code, stdout, stderr) = faultline(&[
        "diagnose",
        "tests/examples/diagnose/shift/shift.c",
        "--json",
    ]);
    assert_eq!(code, 1, "{stderr}");
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let f = &v["formula"];
    assert!(f["variables"].as_u64().unwrap() > 0, "{f}");
    let c = &f["candidates"];
    let n = |k: &str| {
        c[k].as_u64()
            .unwrap_or_else(|| panic!("formula.candidates.{k}: {c}"))
    };
    assert!(n("solved") > 0, "{c}");
    assert!(
        0 < n("variables_median") && n("variables_median") <= n("variables_max"),
        "{c}"
    );
    assert!(
        0 < n("clauses_median") && n("clauses_median") <= n("clauses_max"),
        "{c}"
    );
    let (_, text, _) = faultline(&["diagnose", "tests/examples/diagnose/shift/shift.c"]);
    let line = format!(
        "Candidate-only replicas: {} solved, median {} variables / {} clauses, largest {} / {}",
        n("solved"),
        n("variables_median"),
        n("clauses_median"),
        n("variables_max"),
        n("clauses_max")
    );
    assert!(text.contains(&line), "{text}");
    // abs.c: interpreter probes decide every check; no formula is solved, and the report
    // does not pretend otherwise.
    let (code, text, _) = faultline(&["diagnose", "tests/examples/diagnose/abs/abs.c"]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("Formula: none solved"), "{text}");
    // ... until `--refine` solves a formula over the blamed statement's sub-expressions.
    let (_, text, _) = faultline(&["diagnose", "tests/examples/diagnose/abs/abs.c", "--refine"]);
    assert!(text.contains("Formula: 1 replicas, "), "{text}");
}

#[test]
fn diagnose_exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("ok.c"),
        "#include <assert.h>\nint sq(int x) { return x * x; }\nvoid test_sq(void) { assert(sq(3) == 9); }\n",
    )
    .unwrap();
    let (code, stdout, _) = faultline_in(dir.path(), &["diagnose", "ok.c"]);
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("all 1 tests pass"), "{stdout}");
    std::fs::write(
        dir.path().join("bad.c"),
        "int main(void) { goto e; { e: return 0; } }\n",
    )
    .unwrap();
    let (code, _, stderr) = faultline_in(dir.path(), &["diagnose", "bad.c"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("bad.c:1:18"), "{stderr}");
    let (code, _, stderr) = faultline_in(dir.path(), &["diagnose", "--algorithm", "magic", "ok.c"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("unknown algorithm"), "{stderr}");
}

#[test]
fn diagnose_refine_points_at_the_faulty_operand() {
    // abs.c: `if (x < -1)` should be `x < 0`.
    let (code, stdout, stderr) = faultline(&[
        "diagnose",
        "--json",
        "--refine",
        "tests/examples/diagnose/abs/abs.c",
    ]);
    assert_eq!(code, 1, "{stderr}");
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON object");
    let cond = v["diagnoses"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["statements"][0]["text"] == "x < -1")
        .expect("the condition is diagnosed");
    let refinements = cond["refinements"].as_array().expect("refinements");
    assert!(!refinements.is_empty());
    for r in refinements {
        assert_eq!(r["validated"], true);
        for e in r["expressions"].as_array().unwrap() {
            assert_eq!(e["statement_line"], 6);
        }
    }
    let texts: Vec<&str> = refinements
        .iter()
        .filter(|r| r["cost"] == 1)
        .flat_map(|r| r["expressions"].as_array().unwrap())
        .map(|e| e["text"].as_str().unwrap())
        .collect();
    assert!(texts.contains(&"-1"), "{texts:?}");
    // Human output shows the refinements under their diagnosis.
    let (_, human, _) = faultline(&["diagnose", "--refine", "tests/examples/diagnose/abs/abs.c"]);
    assert!(human.contains("refined "), "{human}");
    assert!(human.contains("abs.c:6:"), "{human}");
    // Without --refine there is no refinements key.
    let (_, plain, _) = faultline(&["diagnose", "--json", "tests/examples/diagnose/abs/abs.c"]);
    assert!(!plain.contains("refinements"), "{plain}");
}

/// VS Code's language client starts an stdio server as `faultline lsp --stdio` (and other clients
/// add `--clientProcessId=N`): the server must start and answer `initialize`, not reject the flag.
#[test]
fn lsp_accepts_the_transport_flags_language_clients_pass() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;

    /// Reads one framed message from the server.
    fn read_message(out: &mut impl BufRead) -> String {
        frame::read_message(out)
            .expect("server closed stdout")
            .to_string()
    }

    for args in [
        &["lsp", "--stdio"][..],
        &["lsp", "--stdio", "--clientProcessId=4242"][..],
        &["lsp"][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_faultline"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn faultline lsp");
        let mut stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut send = |body: &str| {
            stdin.write_all(&frame::frame(body.as_bytes())).unwrap();
            stdin.flush().unwrap();
        };
        send(r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#);
        let reply = read_message(&mut stdout);
        assert!(
            reply.contains(r#""id":1"#) && reply.contains("capabilities"),
            "{args:?}: no initialize result: {reply}"
        );
        send(r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#);
        send(r#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#);
        send(r#"{"jsonrpc":"2.0","method":"exit"}"#);
        drop(send);
        drop(stdin);
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(0), "{args:?}");
    }
}

/// Issue 28 item 8: `--timeout 1e300` or `inf` exited 101 (a panic converting it to a
/// duration). Every value gives a budget or a clear usage error (exit 2), never a panic.
#[test]
fn budget_options_never_panic() {
    let file = "tests/examples/diagnose/abs/abs.c";
    for ok in ["1e300", "inf", "none", "30", "0.5"] {
        let (code, stdout, stderr) = faultline(&["diagnose", "--timeout", ok, file]);
        assert_eq!(code, 1, "--timeout {ok}: {stderr}");
        assert!(stdout.contains("Diagnosis 1"), "--timeout {ok}: {stdout}");
    }
    for bad in ["nan", "-1", "0", "-inf", "soon"] {
        let (code, _, stderr) = faultline(&["diagnose", &format!("--timeout={bad}"), file]);
        assert_eq!(code, 2, "--timeout {bad}: {stderr}");
        assert!(stderr.contains("seconds"), "--timeout {bad}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    for (args, what) in [
        (vec!["diagnose", "--max-memory", "2X", file], "memory size"),
        (vec!["diagnose", "--max-memory", "1M", file], "at least 64M"),
        (
            vec!["test", "--max-steps", "1000000000", file],
            "step limit",
        ),
        (
            vec!["bench", "--timeout", "nan", "tests/examples"],
            "seconds",
        ),
    ] {
        let (code, _, stderr) = faultline(&args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stderr.contains(what), "{args:?}: {stderr}");
    }
    let (code, stdout, _) = faultline(&["diagnose", "--max-memory", "512M", file]);
    assert_eq!(code, 1);
    assert!(stdout.contains("Diagnosis 1"));
}

/// Pointers and declarations read as the programmer wrote them: the declarator blamed is shown
/// with its declaration's type (`const char *p = s + 1`), its value as C (`s`, was `s + 1`),
/// and the repair without the `+ 0` the edit of the constant leaves (`const char *p = s`).
#[test]
fn diagnose_shows_pointer_declarations_as_written() {
    let (code, text, stderr) = faultline(&["diagnose", "tests/examples/diagnose/skip/skip.c"]);
    assert_eq!(code, 1, "{stderr}");
    // The failures and the first diagnosis (the later ones' order inside a cost, the line
    // table, timings and formula sizes below vary from run to run or by machine).
    let diagnoses: String = text
        .lines()
        .take_while(|l| !l.starts_with("Diagnosis 2"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(
        diagnoses.contains(
            "  fix: line 6: const char *p = s + 1  →  const char *p = s (all 4 tests pass)"
        ),
        "{diagnoses}"
    );
    insta::assert_snapshot!("skip_pointer_declaration", diagnoses);
}

/// A repair of several statements is one fix: in the text, one `fix (N edits together; …)`
/// line with a line per edit; in the JSON, one `repairs[]` entry whose `edits` hold every
/// edit (the top-level fields repeat the first).
#[test]
fn a_joint_repair_is_one_fix_in_text_and_json() {
    let path = "tests/examples/diagnose/tariff/tariff.c";
    let (code, stdout, stderr) = faultline(&["diagnose", "--max-diagnoses", "2", path]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stdout.contains(
            "  fix (3 edits together; all 6 tests pass):\n      line 9: rate = 3  →  rate = 4\n      \
             line 11: rate = 6  →  rate = 7\n      line 13: rate = 9  →  rate = 10\n"
        ),
        "{stdout}"
    );
    let (_, stdout, _) = faultline(&["diagnose", "--json", "--max-diagnoses", "2", path]);
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON object");
    let repairs = v["diagnoses"][0]["repairs"].as_array().unwrap();
    assert_eq!(repairs.len(), 1);
    let fix = &repairs[0];
    assert_eq!(
        (&fix["line"], &fix["before"]),
        (&json!(9), &json!("rate = 3"))
    );
    assert_eq!(fix["tests_passed"], 6);
    let edits: Vec<(u64, &str, &str)> = fix["edits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["line"].as_u64().unwrap(),
                e["before"].as_str().unwrap(),
                e["after"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        edits,
        [
            (9, "rate = 3", "rate = 4"),
            (11, "rate = 6", "rate = 7"),
            (13, "rate = 9", "rate = 10")
        ]
    );
    // A single edit has no `edits` key.
    let (_, stdout, _) = faultline(&["diagnose", "--json", "tests/examples/diagnose/abs/abs.c"]);
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert!(v["diagnoses"][0]["repairs"][0].get("edits").is_none());
}

/// A program without tests: `diagnose` says how to add them rather than "all 0 tests pass".
#[test]
fn diagnose_without_tests_says_how_to_add_them() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("p.c"),
        "#include <stdio.h>\nint main(void) { int a; scanf(\"%d\", &a); printf(\"%d\\n\", a + 1); return 0; }\n",
    )
    .unwrap();
    let (code, stdout, _) = faultline_in(dir.path(), &["diagnose", "p.c"]);
    assert_eq!(code, 0);
    assert_eq!(
        stdout,
        "p.c: no tests to diagnose with: add `void test_*(void)` functions or IO cases in faultline.toml\n"
    );
}

/// A relaxed output statement reads as the user would write it, in the text and the JSON: a
/// prompt the tests do not expect prints `(nothing)` and its fix deletes it; a statement
/// whose text is wrong shows the text it should print with the separators it printed (under
/// token comparison the search may pick any, `" Total: 360 cents\n"` for a statement that
/// prints `"\nTotl: 360 cents\n"`). Under "Details", the rule that decided each rank.
#[test]
fn relaxed_output_statements_read_as_the_user_would() {
    for (name, path, angelic, was) in [
        (
            "output_prompt_deleted",
            "tests/examples/diagnose/celsius/celsius.c",
            "",
            "Temperature in Celsius: ",
        ),
        (
            "output_text_changed",
            "tests/examples/diagnose/receipt/receipt.c",
            "\nTotal: 360 cents\n",
            "\nTotl: 360 cents\n",
        ),
    ] {
        let (code, text, stderr) = faultline(&["diagnose", path]);
        assert_eq!(code, 1, "{stderr}");
        // The failures and the first diagnosis, then the order's reasons (timings, formula
        // sizes and the line table vary by machine).
        let first: String = text
            .lines()
            .take_while(|l| !l.starts_with("Diagnosis 2") && !l.starts_with("Details"))
            .map(|l| format!("{l}\n"))
            .collect();
        let why: String = text
            .lines()
            .skip_while(|l| !l.starts_with("Why this order"))
            .take_while(|l| !l.is_empty())
            .map(|l| format!("{l}\n"))
            .collect();
        insta::assert_snapshot!(format!("{name}_text"), format!("{first}…\n{why}"));
        let (code, json, stderr) = faultline(&["diagnose", "--json", path]);
        assert_eq!(code, 1, "{stderr}");
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        let d = &v["diagnoses"][0];
        let s = &d["statements"][0];
        assert_eq!(s["kind"], "Output", "{d}");
        assert_eq!(s["angelic"][0]["values"][0]["value"], angelic, "{d}");
        assert_eq!(s["angelic"][0]["values"][0]["was"], was, "{d}");
        insta::assert_json_snapshot!(format!("{name}_json"), d);
    }
}
