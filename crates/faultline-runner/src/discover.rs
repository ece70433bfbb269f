//! The file-system side of the runner: finding `faultline.toml` for a source file and reading
//! `cases_dir` files. Everything else in this crate is pure.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::config::{parse_config, Config, ConfigError, ProgramConfig};
use crate::suite::IoCase;

pub const CONFIG_FILE: &str = "faultline.toml";

/// A parsed `faultline.toml` and the program entry that names the source file.
#[derive(Clone, Debug)]
pub struct FoundConfig {
    pub path: PathBuf,
    pub config: Config,
    /// Index into `config.programs` of the entry for the file, if any.
    pub program: Option<usize>,
}

/// Walk from the file's directory upwards and return the nearest `faultline.toml` that has a
/// `[[program]]` for `source`; if none names it, the nearest one (its `[limits]` still apply).
pub fn find_config(source: &Path) -> Result<Option<FoundConfig>, ConfigError> {
    let source = canonical(source);
    let mut nearest = None;
    let mut dir = source.parent().map(Path::to_path_buf);
    while let Some(d) = dir {
        let candidate = d.join(CONFIG_FILE);
        if candidate.is_file() {
            let found = read_config(&candidate, &source)?;
            if found.program.is_some() {
                return Ok(Some(found));
            }
            nearest.get_or_insert(found);
        }
        dir = d.parent().map(Path::to_path_buf);
    }
    Ok(nearest)
}

/// Read one config and find the entry for `source` in it.
pub fn read_config(path: &Path, source: &Path) -> Result<FoundConfig, ConfigError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| ConfigError {
        path: shown.clone(),
        line: 0,
        column: 0,
        message: format!("cannot read: {e}"),
    })?;
    let config = parse_config(&shown, &text)?;
    let base = path.parent().unwrap_or(Path::new("."));
    let source = canonical(source);
    let program = config
        .programs
        .iter()
        .position(|p| canonical(&base.join(&p.source)) == source);
    Ok(FoundConfig {
        path: path.to_path_buf(),
        config,
        program,
    })
}

/// The IO cases of a program entry: inline `[[program.case]]`s, then `cases_dir` files in name
/// order. `NAME.in` is stdin, `NAME.out` the expected stdout, `NAME.args` whitespace-separated
/// arguments, `NAME.exit` the expected exit code.
pub fn io_cases(
    config_path: &Path,
    program: &ProgramConfig,
) -> Result<Vec<(String, IoCase)>, ConfigError> {
    let program_name = Path::new(&program.source)
        .file_stem()
        .map_or("a.out".to_string(), |s| s.to_string_lossy().into_owned());
    let mut cases: Vec<(String, IoCase)> = program
        .cases
        .iter()
        .map(|c| {
            (
                c.name.clone(),
                IoCase::from_config(&program_name, c, program.compare),
            )
        })
        .collect();
    let Some(dir) = &program.cases_dir else {
        return Ok(cases);
    };
    let base = config_path.parent().unwrap_or(Path::new("."));
    let dir = base.join(dir);
    let err = |message: String| ConfigError {
        path: config_path.display().to_string(),
        line: 0,
        column: 0,
        message,
    };
    let entries =
        std::fs::read_dir(&dir).map_err(|e| err(format!("cases_dir `{}`: {e}", dir.display())))?;
    let mut by_name: BTreeMap<String, IoCase> = BTreeMap::new();
    for entry in entries {
        let path = entry
            .map_err(|e| err(format!("cases_dir `{}`: {e}", dir.display())))?
            .path();
        let (Some(stem), Some(ext)) = (path.file_stem(), path.extension()) else {
            continue;
        };
        let ext = ext.to_string_lossy();
        if !matches!(ext.as_ref(), "in" | "out" | "args" | "exit") {
            continue;
        }
        let bytes = std::fs::read(&path).map_err(|e| err(format!("{}: {e}", path.display())))?;
        let case = by_name
            .entry(stem.to_string_lossy().into_owned())
            .or_insert_with(|| IoCase {
                input: faultline_interp::Input {
                    program_name: program_name.clone(),
                    ..Default::default()
                },
                compare: program.compare,
                ..Default::default()
            });
        let text = || String::from_utf8_lossy(&bytes).into_owned();
        match ext.as_ref() {
            "in" => case.input.stdin = bytes.clone(),
            "out" => case.stdout = Some(bytes.clone()),
            "args" => case.input.args = text().split_whitespace().map(str::to_string).collect(),
            _ => {
                case.exit_code = text()
                    .trim()
                    .parse()
                    .map_err(|_| err(format!("{}: not an exit code", path.display())))?
            }
        }
    }
    for (name, case) in by_name {
        if cases.iter().any(|(n, _)| *n == name) {
            return Err(err(format!(
                "case `{name}` is defined both inline and in cases_dir"
            )));
        }
        cases.push((name, case));
    }
    Ok(cases)
}

fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}
