//! The source and test-data policy (SECURITY.md): `#include "…"` and `cases_dir` files are read
//! only inside the project, only if they are regular files, capped and without blocking; a
//! refused file is never read, so nothing of it can appear in any message.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use faultline_runner::{load_file, load_source_with, LoadError, Loaded};

const SECRET: &str = "ghp_SECRETTOKEN1234567890";

struct Fixture {
    _dir: tempfile::TempDir,
    root: PathBuf,
    project: PathBuf,
}

/// `project/` (with `faultline.toml` when `config` is given) next to `outside/secret.h` and
/// `outside/cases/x.out`, which hold the secret.
fn fixture(config: Option<&str>) -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    let project = root.join("project");
    std::fs::create_dir_all(project.join("inc")).unwrap();
    std::fs::create_dir_all(root.join("outside/cases")).unwrap();
    std::fs::write(
        root.join("outside/secret.h"),
        format!("{SECRET} {SECRET}\n"),
    )
    .unwrap();
    std::fs::write(root.join("outside/cases/x.out"), format!("{SECRET}\n")).unwrap();
    std::fs::write(project.join("inc/ok.h"), "int helper(void) { return 7; }\n").unwrap();
    if let Some(c) = config {
        std::fs::write(project.join("faultline.toml"), c).unwrap();
    }
    Fixture {
        _dir: dir,
        root,
        project,
    }
}

fn main_including(f: &Fixture, name: &str) -> PathBuf {
    let path = f.project.join("main.c");
    let text =
        format!("#include <assert.h>\n#include \"{name}\"\nint main(void) {{ return 0; }}\n");
    std::fs::write(&path, text).unwrap();
    path
}

/// Load on another thread, failing (not hanging) when it takes more than 5 s.
fn load_promptly(path: &Path) -> (Result<Loaded, LoadError>, Duration) {
    let path = path.to_path_buf();
    let (tx, rx) = std::sync::mpsc::channel();
    let start = Instant::now();
    std::thread::spawn(move || {
        let _ = tx.send(load_file(&path));
    });
    let r = rx
        .recv_timeout(Duration::from_secs(5))
        .expect("loading blocked for 5 s");
    (r, start.elapsed())
}

/// The error as every front end shows it (the CLI's text, its JSON and the server's
/// diagnostics are made of these messages), checked for the secret.
fn refused(r: Result<Loaded, LoadError>) -> String {
    let e = match r {
        Ok(_) => panic!("expected the file to be refused"),
        Err(e) => e,
    };
    let shown = format!("{e}\n{e:?}");
    assert!(!shown.contains(SECRET), "leaked: {shown}");
    assert!(!shown.contains("ghp_"), "leaked: {shown}");
    shown
}

#[test]
fn an_include_inside_the_project_is_read() {
    let f = fixture(None);
    let path = main_including(&f, "inc/ok.h");
    let (r, _) = load_promptly(&path);
    let loaded = r.unwrap_or_else(|e| panic!("{e}"));
    assert!(loaded.program.functions.iter().any(|g| g.name == "helper"));
}

#[test]
fn an_absolute_include_outside_the_project_is_refused_unread() {
    let f = fixture(None);
    let secret = f.root.join("outside/secret.h");
    let path = main_including(&f, &secret.display().to_string());
    let shown = refused(load_promptly(&path).0);
    assert!(shown.contains("refused: outside the project"), "{shown}");
    assert!(shown.contains("secret.h"), "names the path: {shown}");
    assert!(
        shown.contains("main.c:2:"),
        "located at the #include: {shown}"
    );
}

#[test]
fn etc_passwd_is_refused_unread() {
    let f = fixture(None);
    let path = main_including(&f, "/etc/passwd");
    let shown = refused(load_promptly(&path).0);
    assert!(shown.contains("/etc/passwd"), "{shown}");
    assert!(!shown.contains("root:"), "leaked /etc/passwd: {shown}");
}

#[test]
fn dot_dot_escaping_the_project_is_refused() {
    let f = fixture(None);
    let path = main_including(&f, "../outside/secret.h");
    let shown = refused(load_promptly(&path).0);
    assert!(shown.contains("refused: outside the project"), "{shown}");
}

#[cfg(unix)]
#[test]
fn a_symlink_leaving_the_project_is_refused() {
    let f = fixture(None);
    std::os::unix::fs::symlink(
        f.root.join("outside/secret.h"),
        f.project.join("inc/link.h"),
    )
    .unwrap();
    let path = main_including(&f, "inc/link.h");
    let shown = refused(load_promptly(&path).0);
    assert!(shown.contains("refused: outside the project"), "{shown}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_fifo_is_refused_at_once() {
    let f = fixture(None);
    let fifo = f.project.join("inc/pipe.h");
    let status = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(status.success());
    let path = main_including(&f, "inc/pipe.h");
    let (r, took) = load_promptly(&path);
    let shown = refused(r);
    assert!(shown.contains("not a regular file (a FIFO)"), "{shown}");
    assert!(took < Duration::from_secs(2), "{took:?}");
    // The main file itself being a FIFO is refused as promptly.
    let (r, took) = load_promptly(&fifo);
    let shown = refused(r);
    assert!(shown.contains("a FIFO"), "{shown}");
    assert!(took < Duration::from_secs(2), "{took:?}");
}

#[cfg(target_os = "linux")]
#[test]
fn devices_and_stdin_are_refused_unread() {
    for dev in ["/dev/zero", "/dev/stdin", "/dev/ptmx", "/proc/self/environ"] {
        let f = fixture(None);
        let path = main_including(&f, dev);
        let (r, took) = load_promptly(&path);
        let shown = refused(r);
        assert!(shown.contains("refused"), "{dev}: {shown}");
        assert!(took < Duration::from_secs(2), "{dev}: {took:?}");
    }
    // Even where a root allows them (a workspace folder of `/dev`), devices are not read.
    let f = fixture(None);
    let path = main_including(&f, "/dev/zero");
    let text = std::fs::read_to_string(&path).unwrap();
    let r = load_source_with(&path, &text, &[PathBuf::from("/dev")]);
    let shown = refused(r);
    assert!(
        shown.contains("not a regular file (a character device)"),
        "{shown}"
    );
}

#[test]
fn a_file_over_the_cap_is_refused() {
    let f = fixture(None);
    let big = std::fs::File::create(f.project.join("inc/big.h")).unwrap();
    big.set_len(faultline_preproc::MAX_FILE_BYTES + 1).unwrap();
    let path = main_including(&f, "inc/big.h");
    let shown = refused(load_promptly(&path).0);
    assert!(shown.contains("refused: larger than 8 MiB"), "{shown}");
}

#[test]
fn include_dirs_in_faultline_toml_allow_more() {
    let f = fixture(Some("[sources]\ninclude_dirs = [\"../shared\"]\n"));
    std::fs::create_dir_all(f.root.join("shared")).unwrap();
    std::fs::write(
        f.root.join("shared/util.h"),
        "int util(void) { return 1; }\n",
    )
    .unwrap();
    let path = main_including(&f, "../shared/util.h");
    let loaded = load_promptly(&path).0.unwrap_or_else(|e| panic!("{e}"));
    assert!(loaded.program.functions.iter().any(|g| g.name == "util"));
    // Other directories stay closed.
    let path = main_including(&f, "../outside/secret.h");
    refused(load_promptly(&path).0);
}

#[test]
fn the_root_is_the_directory_of_faultline_toml() {
    // A file in a subdirectory may include from the project's other directories.
    let f = fixture(Some("[[program]]\nsource = \"src/main.c\"\n"));
    std::fs::create_dir_all(f.project.join("src")).unwrap();
    let path = f.project.join("src/main.c");
    std::fs::write(
        &path,
        "#include \"../inc/ok.h\"\nint main(void) { return helper(); }\n",
    )
    .unwrap();
    load_promptly(&path).0.unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn workspace_folders_are_extra_roots() {
    let f = fixture(None);
    let path = main_including(&f, "../outside/ok2.h");
    std::fs::write(
        f.root.join("outside/ok2.h"),
        "int ok2(void) { return 2; }\n",
    )
    .unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    refused(load_source_with(&path, &text, &[]));
    let loaded = load_source_with(&path, &text, &[f.root.join("outside")]).unwrap();
    assert!(loaded.program.functions.iter().any(|g| g.name == "ok2"));
}

const CASES_CONFIG: &str =
    "[[program]]\nsource = \"main.c\"\ncases_dir = \"cases\"\ncompare = \"exact\"\n";

#[cfg(unix)]
#[test]
fn a_cases_dir_file_linking_outside_is_refused() {
    let f = fixture(Some(CASES_CONFIG));
    std::fs::create_dir_all(f.project.join("cases")).unwrap();
    std::fs::write(f.project.join("cases/a.in"), "").unwrap();
    std::os::unix::fs::symlink(
        f.root.join("outside/cases/x.out"),
        f.project.join("cases/a.out"),
    )
    .unwrap();
    let path = main_including(&f, "inc/ok.h");
    let shown = refused(load_promptly(&path).0);
    assert!(
        shown.contains("a.out: refused: outside the project"),
        "{shown}"
    );
}

#[cfg(unix)]
#[test]
fn a_cases_dir_linking_outside_is_refused() {
    let f = fixture(Some(CASES_CONFIG));
    std::os::unix::fs::symlink(f.root.join("outside/cases"), f.project.join("cases")).unwrap();
    let path = main_including(&f, "inc/ok.h");
    let shown = refused(load_promptly(&path).0);
    assert!(shown.contains("cases_dir"), "{shown}");
    assert!(shown.contains("refused: outside the project"), "{shown}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_cases_dir_fifo_or_device_link_is_refused_at_once() {
    let f = fixture(Some(CASES_CONFIG));
    std::fs::create_dir_all(f.project.join("cases")).unwrap();
    let fifo = f.project.join("cases/b.in");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let path = main_including(&f, "inc/ok.h");
    let (r, took) = load_promptly(&path);
    let shown = refused(r);
    assert!(
        shown.contains("b.in: refused: not a regular file (a FIFO)"),
        "{shown}"
    );
    assert!(took < Duration::from_secs(2), "{took:?}");
    std::fs::remove_file(&fifo).unwrap();
    std::os::unix::fs::symlink("/dev/zero", f.project.join("cases/c.in")).unwrap();
    let (r, took) = load_promptly(&path);
    refused(r);
    assert!(took < Duration::from_secs(2), "{took:?}");
}

#[test]
fn a_main_file_that_is_not_utf8_is_located_at_its_first_bad_byte() {
    let f = fixture(None);
    let path = f.project.join("latin1.c");
    std::fs::write(&path, b"int main(void) {\n  return 0; /* caf\xe9 */\n}\n").unwrap();
    let e = load_promptly(&path).0.err().expect("an error");
    let shown = e.to_string();
    assert!(shown.contains("latin1.c:2:19"), "{shown}");
    assert!(shown.contains("not UTF-8"), "{shown}");
}

#[test]
fn an_include_that_is_not_utf8_names_the_line_and_column() {
    let f = fixture(None);
    std::fs::write(f.project.join("inc/l1.h"), b"int a;\nint b\xff;\n").unwrap();
    let path = main_including(&f, "inc/l1.h");
    let shown = load_promptly(&path).0.err().expect("an error").to_string();
    assert!(
        shown.contains("not valid UTF-8: the first bad byte is at line 2, column 6"),
        "{shown}"
    );
}
