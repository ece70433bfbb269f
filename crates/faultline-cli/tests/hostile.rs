//! Issue 28 through the command line: `diagnose --timeout T` ends within T + 1 s and reports
//! what it found so far (items 5, 11), `max_run_seconds` bounds a run by the clock (item 14),
//! and a `faultline.toml` whose `source` matches nothing says so (item 20).

use std::path::Path;
use std::time::Duration;

mod common;
use common::faultline;

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

/// `diagnose --timeout 2` on 20 tests stuck in a loop (each used to keep 420 MB of trace: an
/// abort at 5 GB) and on tests filling four arrays of 4 M cells (19 s for `--timeout 5`, then
/// no result): both end within the timeout + 1 s, exit 1 (tests fail) and name the tests that
/// ran.
#[test]
fn diagnose_ends_within_its_timeout_and_reports_the_tests_so_far() {
    let dir = tempfile::tempdir().unwrap();
    let mut spin = String::from(
        "#include <assert.h>\nint halve(int x)\n{\n    int steps = 0;\n    while (x != 1) {\n        if (x % 2 == 0)\n            x = x / 2;\n        steps++;\n    }\n    return steps;\n}\n",
    );
    for k in 0..20 {
        spin.push_str(&format!(
            "void test_odd_{k}(void) {{ assert(halve({}) == 0); }}\n",
            2 * k + 3
        ));
    }
    spin.push_str("void test_eight(void) { assert(halve(8) == 3); }\n");
    write(dir.path(), "spin.c", &spin);
    let mut arrays = String::from(
        "#include <assert.h>\n#define N 4000000\nint a[N], b[N], c[N], d[N];\n\
         long fill(int k)\n{\n    long s = 0;\n    int i;\n    for (i = 0; i < N; i++) {\n        \
         a[i] = i % 7;\n        b[i] = a[i] + k;\n        c[i] = b[i] * 2;\n        d[i] = c[i] - a[i];\n        \
         s += d[i];\n    }\n    return s;\n}\n",
    );
    for k in 0..10 {
        arrays.push_str(&format!(
            "void test_fill_{k}(void) {{ assert(fill({k}) == {}); }}\n",
            k + 1
        ));
    }
    write(dir.path(), "arrays.c", &arrays);
    for (file, timeout) in [("spin.c", 2.0), ("arrays.c", 2.0)] {
        let t = timeout.to_string();
        for json in [false, true] {
            let mut args = vec!["diagnose", "--timeout", &t, file];
            if json {
                args.insert(1, "--json");
            }
            let (code, out, err, took) = faultline(dir.path(), &args);
            assert!(
                took <= Duration::from_secs_f64(timeout + 1.0),
                "{args:?} took {took:?}"
            );
            assert!(!err.contains("panicked"), "{err}");
            // How many tests finish within the budget depends on the machine's load: the
            // tests that ran are reported, failing ones by name, with the stop; never "all
            // pass" and exit 0.
            assert!(out.contains("timeout"), "{args:?}: {out}");
            assert!(!out.contains("tests pass"), "{args:?}: {out}");
            if out.contains("FAIL")
                || out.contains("tests fail")
                || out.contains("\"passed\":false")
            {
                assert_eq!(code, 1, "{args:?}: {out}{err}");
                assert!(out.contains("test_"), "{args:?}: {out}");
            } else {
                assert_eq!(code, 2, "{args:?}: {out}{err}");
            }
        }
    }
}

/// `max_run_seconds` stops one run by the clock, however many steps the limit allows.
#[test]
fn max_run_seconds_bounds_a_run() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "faultline.toml",
        "[limits]\nmax_steps = 100000000\nmax_run_seconds = 1\n",
    );
    write(
        dir.path(),
        "forever.c",
        "#include <assert.h>\nint spin(int x)\n{\n    while (x > 0)\n        x = x + 1 - 1;\n    return x;\n}\nvoid test_spin(void) { assert(spin(1) == 0); }\nvoid test_zero(void) { assert(spin(0) == 0); }\n",
    );
    let (code, out, err, took) = faultline(dir.path(), &["test", "forever.c"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(took < Duration::from_secs(3), "took {took:?}");
    assert!(out.contains("FAIL test_spin"), "{out}");
    assert!(out.contains("PASS test_zero"), "{out}");
}

/// A `[[program]]` whose `source` names no file: "no tests" says which entries match what.
#[test]
fn a_config_matching_nothing_says_so() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "main.c",
        "#include <stdio.h>\nint main(void) { printf(\"1\\n\"); return 0; }\n",
    );
    write(
        dir.path(),
        "faultline.toml",
        "[[program]]\nsource = \"src/*.c\"\n[[program.case]]\nname = \"one\"\nstdout = \"2\\n\"\n",
    );
    let (code, out, err, _) = faultline(dir.path(), &["test", "main.c"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("no tests"), "{out}");
    assert!(
        out.contains("has no [[program]] for `main.c`: `source = \"src/*.c\"` matches no file"),
        "{out}"
    );
    // Outside the config's directory: a located error (no program could ever match it).
    write(
        dir.path(),
        "faultline.toml",
        "[[program]]\nsource = \"/**/*.c\"\n",
    );
    let (code, _, err, _) = faultline(dir.path(), &["test", "main.c"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("faultline.toml:2:10:"), "{err}");
    assert!(err.contains("leaves this file's directory"), "{err}");
}

/// Item 2: a `cases_dir` file that is a symbolic link out of the project (`x.out →
/// /etc/shadow` printed the whole file as the expected output) is refused, naming the file
/// and quoting none of it, in every output.
#[cfg(unix)]
#[test]
fn a_cases_dir_link_out_of_the_project_is_refused_in_every_output() {
    const SECRET: &str = "ghp_CASESECRET5566778899";
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().join("project");
    std::fs::create_dir_all(project.join("cases")).unwrap();
    std::fs::create_dir_all(dir.path().join("outside")).unwrap();
    let secret = dir.path().join("outside/shadow");
    std::fs::write(&secret, format!("root:{SECRET}:19000:0:99999:7:::\n")).unwrap();
    write(
        &project,
        "main.c",
        "#include <stdio.h>\nint main(void) { printf(\"1\\n\"); return 0; }\n",
    );
    write(
        &project,
        "faultline.toml",
        "[[program]]\nsource = \"main.c\"\ncases_dir = \"cases\"\n",
    );
    write(&project.join("cases"), "x.in", "");
    std::os::unix::fs::symlink(&secret, project.join("cases/x.out")).unwrap();
    for args in [
        &["test", "main.c"][..],
        &["test", "--json", "main.c"],
        &["diagnose", "main.c"],
        &["diagnose", "--json", "main.c"],
    ] {
        let (code, out, err, _) = faultline(&project, args);
        let all = format!("{out}\n{err}");
        assert_eq!(code, 2, "{args:?}: {all}");
        assert!(!all.contains(SECRET), "{args:?} leaked: {all}");
        assert!(all.contains("x.out"), "{args:?}: {all}");
        assert!(all.contains("refused"), "{args:?}: {all}");
    }
}
