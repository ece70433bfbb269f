//! Discovers a C file's tests and runs them in the sandboxed interpreter.
//!
//! * [`config`]: the `faultline.toml` schema (pure).
//! * [`suite`]: a program's tests, output comparison (pure).
//! * [`run`]: running and judging tests (pure).
//! * [`discover`]: finding `faultline.toml` and `cases_dir` files (the only I/O).
//! * [`load_file`]: the whole front door for the CLI: read, preprocess, lower, collect tests.

pub mod config;
pub mod discover;
pub mod run;
pub mod suite;

use std::path::{Path, PathBuf};

use faultline_ir::{FrontendErrors, Program};
use faultline_preproc::{SourcePolicy, MAX_FILE_BYTES};

pub use config::{Compare, ConfigError};
pub use faultline_interp::{Stop, StopReason};
pub use run::{run_case, run_case_with, run_suite, Runner, Status, TestResult};
pub use suite::{IoCase, Suite, SuiteError, TestCase, TestKind};

/// A compiled program with its tests.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub path: PathBuf,
    pub program: Program,
    pub suite: Suite,
    /// The `faultline.toml` in effect, if any.
    pub config_path: Option<PathBuf>,
}

/// Why a file could not be tested (exit code 2 territory).
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{0}")]
    Frontend(FrontendErrors),
    #[error("{0}")]
    Config(ConfigError),
    #[error("{path}: {source}")]
    Suite { path: String, source: SuiteError },
}

/// Read `path`, compile it, and collect its unit tests and IO cases.
///
/// The file itself is the one the user named, so it is read wherever it is, but like every
/// file Faultline reads only if it is a regular file of at most [`MAX_FILE_BYTES`] (a FIFO or a
/// device is refused before it is opened). A file that is not UTF-8 is a located error at its
/// first bad byte.
pub fn load_file(path: &Path) -> Result<Loaded, LoadError> {
    let shown = path.display().to_string();
    let bytes = faultline_preproc::fs::read_regular(path, MAX_FILE_BYTES)
        // A refusal is an I/O error whose message is the `ReadError` (it names no content).
        .map_err(|why| LoadError::Io {
            path: shown,
            source: std::io::Error::other(why),
        })?;
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => return Err(LoadError::Frontend(not_utf8(path, e))),
    };
    load_source(path, &text)
}

/// A located error at the first byte of `e` that is not UTF-8.
fn not_utf8(path: &Path, e: std::string::FromUtf8Error) -> FrontendErrors {
    let at = e.utf8_error().valid_up_to() as u32;
    let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
    let mut files = faultline_ir::SourceFiles::new();
    let id = files.add(faultline_ir::SourceFile::new(
        path.display().to_string(),
        text,
    ));
    FrontendErrors {
        files,
        errors: vec![faultline_ir::FrontendError::new(
            faultline_ir::ErrorKind::Syntax,
            faultline_ir::Span::new(id, at, at + 1),
            "this byte is not UTF-8: save the file as UTF-8",
        )],
    }
}

/// Like [`load_file`], but `path`'s text is given (the editor's unsaved buffer); the files it
/// includes and its `faultline.toml` are still read from disk.
pub fn load_source(path: &Path, text: &str) -> Result<Loaded, LoadError> {
    load_source_with(path, text, &[])
}

/// [`load_source_with`] for an editor's document, `workspace` being its workspace folders.
/// A document outside every folder (when there are folders) is outside the project the user
/// opened: it is compiled on its own text, no `faultline.toml` is looked for above it and no
/// file is allowed to it (an `#include` of it is refused unread), so that opening, say,
/// `/etc/x.c` reads nothing next to it. With no folders (a single file), as the CLI.
pub fn load_source_in_workspace(
    path: &Path,
    text: &str,
    workspace: &[PathBuf],
) -> Result<Loaded, LoadError> {
    let real = |p: &Path| std::fs::canonicalize(p).ok();
    let inside = match path.parent().and_then(real) {
        Some(dir) => workspace
            .iter()
            .filter_map(|r| real(r))
            .any(|r| dir.starts_with(r)),
        None => false,
    };
    if workspace.is_empty() || inside {
        return load_source_with(path, text, workspace);
    }
    let shown = path.display().to_string();
    let program = faultline_lower::compile(&shown, text, &SourcePolicy::default())
        .map_err(LoadError::Frontend)?;
    loaded(path, program, Vec::new(), &Default::default(), None)
}

/// The suite of a compiled `program` (its `test_*` functions and the named `io` cases under
/// `limits`), as [`Loaded`].
fn loaded(
    path: &Path,
    program: Program,
    io: Vec<(String, IoCase)>,
    limits: &config::LimitsConfig,
    config_path: Option<PathBuf>,
) -> Result<Loaded, LoadError> {
    let suite = Suite::new(&program, io, limits).map_err(|source| LoadError::Suite {
        path: path.display().to_string(),
        source,
    })?;
    Ok(Loaded {
        path: path.to_path_buf(),
        program,
        suite,
        config_path,
    })
}

/// The source policy for `path`: its project root (the directory of `config`, else of the
/// file), the config's `[sources] include_dirs`, and `extra_roots` (an editor's workspace
/// folders). See SECURITY.md.
pub fn source_policy(
    path: &Path,
    config: Option<&discover::FoundConfig>,
    extra_roots: &[PathBuf],
) -> SourcePolicy {
    let dir = |p: &Path| match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut policy = SourcePolicy::default();
    match config {
        Some(f) => {
            let base = dir(&f.path);
            policy.allow(&base);
            for d in &f.config.sources.include_dirs {
                policy.allow(&base.join(d));
            }
        }
        None => policy.allow(&dir(path)),
    }
    for root in extra_roots {
        policy.allow(root);
    }
    policy
}

/// [`load_source`] with more directories the sources may include from and `cases_dir` may
/// read (the language server passes its workspace folders).
pub fn load_source_with(
    path: &Path,
    text: &str,
    extra_roots: &[PathBuf],
) -> Result<Loaded, LoadError> {
    let shown = path.display().to_string();
    let found = discover::find_config(path).map_err(LoadError::Config)?;
    let policy = source_policy(path, found.as_ref(), extra_roots);
    // The config's `[limits]` shape the program itself (the variable-length array bound).
    let options = found
        .as_ref()
        .map(|f| f.config.limits.lower_options())
        .unwrap_or_default();
    let program = faultline_lower::compile_with(&shown, text, &policy, options)
        .map_err(LoadError::Frontend)?;
    let (io, limits, config_path) = match &found {
        Some(f) => {
            let io = match f.program {
                Some(i) => discover::io_cases_with(&f.path, &f.config.programs[i], path, &policy)
                    .map_err(LoadError::Config)?,
                None => Vec::new(),
            };
            (io, f.config.limits.clone(), Some(f.path.clone()))
        }
        None => (Vec::new(), Default::default(), None),
    };
    loaded(path, program, io, &limits, config_path)
}
