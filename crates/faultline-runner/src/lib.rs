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
pub fn load_file(path: &Path) -> Result<Loaded, LoadError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| LoadError::Io {
        path: shown,
        source,
    })?;
    load_source(path, &text)
}

/// Like [`load_file`], but `path`'s text is given (the editor's unsaved buffer); the files it
/// includes and its `faultline.toml` are still read from disk.
pub fn load_source(path: &Path, text: &str) -> Result<Loaded, LoadError> {
    let shown = path.display().to_string();
    let program = faultline_lower::compile(&shown, text, &faultline_preproc::FsLoader)
        .map_err(LoadError::Frontend)?;
    let found = discover::find_config(path).map_err(LoadError::Config)?;
    let (io, limits, config_path) = match &found {
        Some(f) => {
            let io = match f.program {
                Some(i) => discover::io_cases(&f.path, &f.config.programs[i], path)
                    .map_err(LoadError::Config)?,
                None => Vec::new(),
            };
            (io, f.config.limits.clone(), Some(f.path.clone()))
        }
        None => (Vec::new(), Default::default(), None),
    };
    let suite = Suite::new(&program, io, &limits).map_err(|source| LoadError::Suite {
        path: shown.clone(),
        source,
    })?;
    Ok(Loaded {
        path: path.to_path_buf(),
        program,
        suite,
        config_path,
    })
}
