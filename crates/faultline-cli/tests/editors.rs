//! The editor clients end to end, against this build's `faultline` binary:
//!
//! - `editors/vscode`: `npm test` (unit tests of the extension's pure parts and its manifest) and
//!   `npm run test:e2e` (the real `faultline lsp` driven with vscode-jsonrpc through initialize,
//!   didOpen, diagnostics, hover, inlay hints, code actions, code lenses, executeCommand, an edit
//!   and a save, shutdown and exit), then `npm run package` (the .vsix a user installs);
//! - `editors/nvim`: `test/run.sh`, a headless Neovim (Debian's 0.7.2 is installed when `nvim`
//!   is missing) that opens an example, writes it, and checks the suspicious lines.
//!
//! Node, npm and Neovim are outside Cargo's reach. When one cannot be had (no npm, no network
//! for `npm ci`, no way to install Neovim) the test says so and passes locally, but fails under
//! `CI=true`, so CI never passes without having run the editors.
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("repository root")
}

fn faultline_bin() -> &'static str {
    env!("CARGO_BIN_EXE_faultline")
}

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0" && v != "false")
}

/// A tool the test needs is missing: fail in CI, skip loudly elsewhere.
fn unavailable(what: &str, output: &str) {
    if in_ci() {
        panic!("{what} (CI=true: the editor tests must run in CI)\n{output}");
    }
    eprintln!("SKIPPED: {what}\n{output}");
}

struct Run {
    ok: bool,
    code: Option<i32>,
    output: String,
}

/// Runs `program args` in `dir` under coreutils' `timeout`, which kills the whole process group
/// (npm's and Neovim's children too) when `seconds` pass, so a hung tool cannot hang the suite.
fn run(dir: &Path, seconds: u32, program: &str, args: &[&str]) -> Run {
    let out = Command::new("timeout")
        .arg("--kill-after=5")
        .arg(seconds.to_string())
        .arg(program)
        .args(args)
        .current_dir(dir)
        .env("FAULTLINE_BIN", faultline_bin())
        // Progress bars and colours only garble the captured output.
        .env("NO_COLOR", "1")
        .env("npm_config_progress", "false")
        .output()
        .unwrap_or_else(|e| panic!("cannot run timeout {program}: {e}"));
    let mut output = format!("$ {program} {}\n", args.join(" "));
    output.push_str(&String::from_utf8_lossy(&out.stdout));
    output.push_str(&String::from_utf8_lossy(&out.stderr));
    if out.status.code() == Some(124) {
        output.push_str(&format!("\n(killed after {seconds} s)\n"));
    }
    Run {
        ok: out.status.success(),
        code: out.status.code(),
        output,
    }
}

fn tool_exists(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// `npm ci` when node_modules is missing or older than package-lock.json.
fn node_modules_current(dir: &Path) -> bool {
    let installed = dir.join("node_modules/.package-lock.json");
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    match (
        modified(&installed),
        modified(&dir.join("package-lock.json")),
    ) {
        (Some(installed), Some(lock)) => installed >= lock,
        _ => false,
    }
}

#[test]
fn vscode_extension_unit_and_end_to_end() {
    let dir = repo_root().join("editors/vscode");
    if !tool_exists("npm") {
        unavailable("npm is not installed", "");
        return;
    }
    if !node_modules_current(&dir) {
        let install = run(&dir, 600, "npm", &["ci", "--no-audit", "--no-fund"]);
        if !install.ok {
            unavailable("npm ci failed (no registry access?)", &install.output);
            return;
        }
    }
    let unit = run(&dir, 300, "npm", &["test"]);
    assert!(unit.ok, "npm test failed\n{}", unit.output);
    println!("{}", unit.output);

    let e2e = run(&dir, 300, "npm", &["run", "test:e2e"]);
    assert!(e2e.ok, "npm run test:e2e failed\n{}", e2e.output);
    println!("{}", e2e.output);

    // What a user installs: the .vsix must hold the bundle and the manifest.
    let vsix = dir.join("faultline.vsix");
    let _ = std::fs::remove_file(&vsix);
    let package = run(&dir, 300, "npm", &["run", "package"]);
    assert!(package.ok, "npm run package failed\n{}", package.output);
    let listing = run(
        &dir,
        60,
        "python3",
        &[
            "-c",
            "import sys, zipfile; print('\\n'.join(zipfile.ZipFile(sys.argv[1]).namelist()))",
            vsix.to_str().expect("utf-8 path"),
        ],
    );
    assert!(listing.ok, "cannot list faultline.vsix\n{}", listing.output);
    let files: Vec<&str> = listing.output.lines().skip(1).collect();
    for file in [
        "extension/dist/extension.js",
        "extension/package.json",
        "extension/readme.md",
    ] {
        assert!(
            files.contains(&file),
            "{file} is not in the .vsix: {files:?}"
        );
    }
    // Neither sources nor dependencies: the bundle is self-contained.
    assert!(
        !files
            .iter()
            .any(|f| f.contains("node_modules") || f.ends_with(".ts")),
        "the .vsix ships sources or node_modules: {files:?}"
    );
}

#[test]
fn neovim_headless_end_to_end() {
    let root = repo_root();
    let script = root.join("editors/nvim/test/run.sh");
    let nvim = run(&root, 600, "bash", &[script.to_str().expect("utf-8 path")]);
    match nvim.code {
        Some(0) => println!("{}", nvim.output),
        Some(77) => unavailable("Neovim is missing and could not be installed", &nvim.output),
        _ => panic!("the Neovim end-to-end test failed\n{}", nvim.output),
    }
}
