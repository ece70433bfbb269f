//! What a user or a CI log sees when a source points at files outside the project (issue 28):
//! the refusal, located and naming the path, and nothing of the file, in text and JSON output.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

const SECRET: &str = "ghp_CLISECRET0987654321";

mod common;
use common::faultline;

/// `project/main.c` including `name`, next to `outside/secret.h` holding the secret.
fn project(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("project")).unwrap();
    std::fs::create_dir_all(root.join("outside")).unwrap();
    std::fs::write(
        root.join("outside/secret.h"),
        format!("int {SECRET};\n{SECRET}\n"),
    )
    .unwrap();
    std::fs::write(
        root.join("project/main.c"),
        format!("#include <assert.h>\n#include \"{name}\"\nvoid test_x(void) {{ assert(1); }}\n"),
    )
    .unwrap();
    dir
}

fn assert_refused(dir: &Path, what: &str) {
    for args in [
        &["test", "project/main.c"][..],
        &["test", "--json", "project/main.c"],
        &["diagnose", "project/main.c"],
        &["diagnose", "--json", "project/main.c"],
    ] {
        let (code, out, err, took) = faultline(dir, args);
        let all = format!("{out}\n{err}");
        assert_eq!(code, 2, "{args:?}: {all}");
        assert!(
            !all.contains(SECRET) && !all.contains("ghp_"),
            "{args:?} leaked: {all}"
        );
        assert!(
            !all.contains("root:x:"),
            "{args:?} leaked /etc/passwd: {all}"
        );
        assert!(all.contains(what), "{args:?}: {all}");
        assert!(took < Duration::from_secs(10), "{args:?}: {took:?}");
    }
}

#[test]
fn includes_outside_the_project_are_refused_in_every_output() {
    let dir = project("../outside/secret.h");
    assert_refused(dir.path(), "refused: outside the project");
    let secret = dir.path().join("outside/secret.h").display().to_string();
    let dir = project(&secret);
    assert_refused(dir.path(), "refused: outside the project");
    let dir = project("/etc/passwd");
    assert_refused(dir.path(), "/etc/passwd");
}

#[cfg(unix)]
#[test]
fn a_symlinked_include_leaving_the_project_is_refused() {
    let dir = project("link.h");
    std::os::unix::fs::symlink(
        dir.path().join("outside/secret.h"),
        dir.path().join("project/link.h"),
    )
    .unwrap();
    assert_refused(dir.path(), "refused: outside the project");
}

#[cfg(target_os = "linux")]
#[test]
fn fifos_and_devices_return_at_once() {
    let dir = project("pipe.h");
    let fifo = dir.path().join("project/pipe.h");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    assert_refused(dir.path(), "not a regular file (a FIFO)");
    for dev in ["/dev/zero", "/dev/stdin", "/dev/ptmx"] {
        let dir = project(dev);
        assert_refused(dir.path(), "refused");
    }
}

#[test]
fn cr_only_line_endings_run_the_tests() {
    // Old Mac line endings: the `//` comment must end at the CR, as in gcc, so the failing
    // test is found and fails (it used to be "no tests", exit 0).
    let dir = tempfile::tempdir().unwrap();
    let src = "#include <assert.h>\r// one test\rint twice(int x) { return x + x; }\r\
               void test_twice(void) { assert(twice(2) == 5); }\r";
    std::fs::write(dir.path().join("cr.c"), src).unwrap();
    let (code, out, err, _) = faultline(dir.path(), &["test", "cr.c"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("test_twice"), "{out}");
    assert!(out.contains("cr.c:4:"), "the line is counted by CRs: {out}");
}
