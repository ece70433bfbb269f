//! `faultline.toml`: IO test cases for programs with `main`, and run limits.
//!
//! ```toml
//! [limits]                      # optional
//! max_steps = 10000000          # per run; at most 100000000
//! max_run_seconds = 20          # per run, wall clock; at most 3600
//! max_heap_mb = 1024            # per run, live malloc/calloc/realloc bytes in MiB; 1 to 4096
//! max_vla_elements = 1024       # elements of a variable-length array `int a[n]`: a test whose
//!                               # n is larger is skipped; 1 to 4194304
//!
//! [sources]                     # optional
//! include_dirs = ["../shared"]  # more directories `#include "…"` and `cases_dir` may read,
//!                               # relative to faultline.toml (see SECURITY.md)
//!
//! [[program]]
//! source = "max3.c"            # relative to faultline.toml; or a glob pattern,
//!                               # e.g. "submissions/*/max3.c": one suite for many copies
//! compare = "tokens"           # default; or "exact"
//! cases_dir = "tests/max3"     # optional: NAME.in, NAME.out, NAME.args, NAME.exit
//! [[program.case]]
//! name = "first_max"
//! args = ["1", "2"]
//! stdin = "9 5 7\n"
//! stdout = "9\n"
//! exit_code = 0
//! nondet = [3, -1]
//! ```
//!
//! Parsing is pure (text in, values out); [`crate::discover`] does the file-system part.

use std::collections::BTreeMap;

use serde::Deserialize;

/// How expected and actual stdout are compared.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Compare {
    /// Whitespace-separated tokens must be equal (what graders of exercises usually mean).
    #[default]
    Tokens,
    /// Byte-for-byte.
    Exact,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    #[serde(default)]
    pub limits: LimitsConfig,
    #[serde(default)]
    pub sources: SourcesConfig,
    #[serde(default, rename = "program")]
    pub programs: Vec<ProgramConfig>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LimitsConfig {
    /// Steps of one run (at most [`faultline_interp::MAX_STEPS_CEILING`]).
    pub max_steps: Option<u64>,
    pub max_call_depth: Option<u32>,
    /// Wall-clock seconds of one run (at most [`MAX_RUN_SECONDS`]).
    pub max_run_seconds: Option<f64>,
    /// MiB the live heap allocations of one run may add up to (1 to [`MAX_HEAP_MB`]; default
    /// [`faultline_interp::MAX_HEAP_BYTES`], 1024).
    pub max_heap_mb: Option<u64>,
    /// Elements a variable-length array holds, the bound it is lowered with (1 to
    /// [`faultline_ir::MAX_VLA_ELEMENTS_CEILING`]; default
    /// [`faultline_ir::DEFAULT_MAX_VLA_ELEMENTS`], 1024): a run whose `n` of `int a[n]` is
    /// larger is skipped, not analysed. Every compile of the program uses it
    /// ([`LimitsConfig::lower_options`]).
    pub max_vla_elements: Option<u64>,
}

impl LimitsConfig {
    /// The lowering options these limits ask for.
    pub fn lower_options(&self) -> faultline_ir::LowerOptions {
        let mut options = faultline_ir::LowerOptions::default();
        if let Some(n) = self.max_vla_elements {
            options.max_vla_elements = n;
        }
        options
    }
}

/// The source policy's extra roots (the config's own directory is always one).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourcesConfig {
    /// Directories, relative to the config's directory (or absolute), whose files
    /// `#include "…"` and `cases_dir` may read too.
    #[serde(default)]
    pub include_dirs: Vec<String>,
}

/// The longest a configuration may let one run go on.
pub const MAX_RUN_SECONDS: f64 = 3600.0;

/// The largest heap a configuration may give one run, in MiB: the interpreter holds a
/// quarter of it again in its own cells ([`faultline_interp::HEAP_BYTES_PER_CELL`]).
pub const MAX_HEAP_MB: u64 = 4096;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProgramConfig {
    /// The source file, relative to the config's directory; or a glob pattern (`*`, `?`,
    /// `[...]`, `**`) over such paths, which gives every matching file these cases.
    pub source: String,
    #[serde(default)]
    pub compare: Compare,
    pub cases_dir: Option<String>,
    #[serde(default, rename = "case")]
    pub cases: Vec<CaseConfig>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaseConfig {
    pub name: String,
    #[serde(default)]
    pub args: Vec<String>,
    pub stdin: Option<String>,
    /// Expected standard output; when absent, output is not checked.
    pub stdout: Option<String>,
    #[serde(default)]
    pub exit_code: i32,
    /// Values returned, in order, by `__VERIFIER_nondet_*()` / `nondet_*()`.
    #[serde(default)]
    pub nondet: Vec<i64>,
    /// Per-case override of [`ProgramConfig::compare`].
    pub compare: Option<Compare>,
}

impl ProgramConfig {
    /// `source` as a glob pattern, or `None` when it is a plain path (no `*`, `?` or `[`).
    pub fn pattern(&self) -> Result<Option<glob::Pattern>, glob::PatternError> {
        if !self.source.contains(['*', '?', '[']) {
            return Ok(None);
        }
        glob::Pattern::new(&self.source).map(Some)
    }
}

/// A `faultline.toml` that could not be read, with the location of the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.shown())]
pub struct ConfigError {
    pub path: String,
    /// 1-based; 0 when the problem has no location (e.g. the file is unreadable).
    pub line: u32,
    pub column: u32,
    pub message: String,
}

impl ConfigError {
    /// `path:line:column: message`, or `path: message` without a location (no `:0:0`).
    fn shown(&self) -> String {
        match self.line {
            0 => format!("{}: {}", self.path, self.message),
            _ => format!(
                "{}:{}:{}: {}",
                self.path, self.line, self.column, self.message
            ),
        }
    }

    pub fn at(path: &str, text: &str, offset: usize, message: impl Into<String>) -> Self {
        let (line, column) = line_col(text, offset);
        ConfigError {
            path: path.to_string(),
            line,
            column,
            message: message.into(),
        }
    }
}

fn line_col(text: &str, offset: usize) -> (u32, u32) {
    let offset = offset.min(text.len());
    let before = &text.as_bytes()[..offset];
    let line = before.iter().filter(|&&b| b == b'\n').count() as u32 + 1;
    let col = offset
        - before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1)
        + 1;
    (line, col as u32)
}

/// Parse the text of a `faultline.toml` (`path` is only used in messages).
pub fn parse_config(path: &str, text: &str) -> Result<Config, ConfigError> {
    let config: Config = toml::from_str(text).map_err(|e| {
        let offset = e.span().map_or(0, |s| s.start);
        ConfigError::at(path, text, offset, e.message().trim().to_string())
    })?;
    check_limits(path, text, &config.limits)?;
    for program in &config.programs {
        let at = || {
            text.find(&format!("\"{}\"", program.source))
                .unwrap_or_default()
        };
        // A path outside the config's directory would match nothing (`/**/*.c` matched no
        // file and said nothing): programs live below their faultline.toml.
        if program.source.starts_with('/') || program.source.split('/').any(|p| p == "..") {
            return Err(ConfigError::at(
                path,
                text,
                at(),
                format!(
                    "`source = \"{}\"` leaves this file's directory: sources are relative to \
                     faultline.toml and below it",
                    program.source
                ),
            ));
        }
        if let Err(e) = program.pattern() {
            let offset = text
                .find(&format!("\"{}\"", program.source))
                .unwrap_or_default();
            return Err(ConfigError::at(
                path,
                text,
                offset,
                format!("`source` is not a valid glob pattern: {}", e.msg),
            ));
        }
        let mut seen = BTreeMap::new();
        for case in &program.cases {
            if seen.insert(case.name.as_str(), ()).is_some() {
                let offset = text.find(&format!("\"{}\"", case.name)).unwrap_or_default();
                return Err(ConfigError::at(
                    path,
                    text,
                    offset,
                    format!(
                        "duplicate case name `{}` for program `{}`",
                        case.name, program.source
                    ),
                ));
            }
        }
    }
    Ok(config)
}

/// The `[limits]` values must be ones a run can honour: a step count up to the ceiling, a
/// positive finite time. Located at the key.
fn check_limits(path: &str, text: &str, limits: &LimitsConfig) -> Result<(), ConfigError> {
    let at = |key: &str| {
        let mut offset = 0;
        for line in text.split_inclusive('\n') {
            if line.trim_start().starts_with(key) {
                return offset + (line.len() - line.trim_start().len());
            }
            offset += line.len();
        }
        0
    };
    let ceiling = faultline_interp::MAX_STEPS_CEILING;
    match limits.max_steps {
        Some(0) => {
            return Err(ConfigError::at(
                path,
                text,
                at("max_steps"),
                "`max_steps` must be at least 1",
            ))
        }
        Some(n) if n > ceiling => {
            return Err(ConfigError::at(
                path,
                text,
                at("max_steps"),
                format!("`max_steps` = {n} is over the ceiling of {ceiling} steps per run"),
            ))
        }
        _ => {}
    }
    if let Some(mb) = limits.max_heap_mb {
        if !(1..=MAX_HEAP_MB).contains(&mb) {
            return Err(ConfigError::at(
                path,
                text,
                at("max_heap_mb"),
                format!("`max_heap_mb` must be from 1 to {MAX_HEAP_MB} (MiB per run; got {mb})"),
            ));
        }
    }
    if let Some(n) = limits.max_vla_elements {
        let most = faultline_ir::MAX_VLA_ELEMENTS_CEILING;
        if !(1..=most).contains(&n) {
            return Err(ConfigError::at(
                path,
                text,
                at("max_vla_elements"),
                format!(
                    "`max_vla_elements` must be from 1 to {most} (elements of one \
                     variable-length array; got {n})"
                ),
            ));
        }
    }
    if let Some(s) = limits.max_run_seconds {
        if !(s > 0.0 && s <= MAX_RUN_SECONDS) {
            return Err(ConfigError::at(
                path,
                text,
                at("max_run_seconds"),
                format!(
                    "`max_run_seconds` must be more than 0 and at most {MAX_RUN_SECONDS} (got {s})"
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_over_their_ceilings_are_errors_at_the_key() {
        let e = parse_config("f.toml", "[limits]\nmax_steps = 100000001\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 1), "{e}");
        assert_eq!(
            e.message,
            "`max_steps` = 100000001 is over the ceiling of 100000000 steps per run"
        );
        let e = parse_config("f.toml", "[limits]\n  max_steps = 0\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3), "{e}");
        for bad in ["0", "-1", "nan", "inf", "3601"] {
            let e = parse_config("f.toml", &format!("[limits]\nmax_run_seconds = {bad}\n"))
                .unwrap_err();
            assert_eq!(e.line, 2, "{bad}: {e}");
            assert!(e.message.contains("max_run_seconds"), "{bad}: {e}");
        }
        let c = parse_config(
            "f.toml",
            "[limits]\nmax_steps = 100000000\nmax_run_seconds = 2.5\n",
        )
        .unwrap();
        assert_eq!(c.limits.max_steps, Some(100_000_000));
        assert_eq!(c.limits.max_run_seconds, Some(2.5));
    }

    #[test]
    fn the_heap_limit_is_a_setting_with_located_errors() {
        for bad in ["0", "4097", "100000000000"] {
            let text = format!("[limits]\nmax_steps = 5\n  max_heap_mb = {bad}\n");
            let e = parse_config("f.toml", &text).unwrap_err();
            assert_eq!((e.line, e.column), (3, 3), "{bad}: {e}");
            assert_eq!(
                e.message,
                format!("`max_heap_mb` must be from 1 to 4096 (MiB per run; got {bad})")
            );
        }
        // Not a whole number of MiB: the TOML reader's message, at the value.
        for bad in ["\"lots\"", "-1", "1.5"] {
            let text = format!("[limits]\nmax_heap_mb = {bad}\n");
            let e = parse_config("f.toml", &text).unwrap_err();
            assert_eq!((e.line, e.column), (2, 15), "{bad}: {e}");
        }
        let c = parse_config("f.toml", "[limits]\nmax_heap_mb = 8\n").unwrap();
        assert_eq!(c.limits.max_heap_mb, Some(8));
        let c = parse_config("f.toml", "").unwrap();
        assert_eq!(c.limits.max_heap_mb, None);
    }

    #[test]
    fn the_vla_bound_is_a_setting_with_located_errors() {
        for bad in ["0", "4194305", "100000000000"] {
            let text = format!("[limits]\nmax_heap_mb = 8\n  max_vla_elements = {bad}\n");
            let e = parse_config("f.toml", &text).unwrap_err();
            assert_eq!((e.line, e.column), (3, 3), "{bad}: {e}");
            assert_eq!(
                e.message,
                format!(
                    "`max_vla_elements` must be from 1 to 4194304 (elements of one \
                     variable-length array; got {bad})"
                )
            );
        }
        for bad in ["\"many\"", "-5", "2.5"] {
            let text = format!("[limits]\nmax_vla_elements = {bad}\n");
            let e = parse_config("f.toml", &text).unwrap_err();
            assert_eq!((e.line, e.column), (2, 20), "{bad}: {e}");
        }
        let c = parse_config("f.toml", "[limits]\nmax_vla_elements = 5000\n").unwrap();
        assert_eq!(c.limits.max_vla_elements, Some(5000));
        assert_eq!(c.limits.lower_options().max_vla_elements, 5000);
        let c = parse_config("f.toml", "[limits]\nmax_vla_elements = 4194304\n").unwrap();
        assert_eq!(c.limits.lower_options().max_vla_elements, 1 << 22);
        let c = parse_config("f.toml", "").unwrap();
        assert_eq!(c.limits.max_vla_elements, None);
        assert_eq!(
            c.limits.lower_options(),
            faultline_ir::LowerOptions::default()
        );
    }

    #[test]
    fn an_invalid_source_pattern_is_an_error_at_the_pattern() {
        let e = parse_config(
            "f.toml",
            "[[program]]\nsource = \"ok.c\"\n[[program]]\nsource = \"sub/[a.c\"\n",
        )
        .unwrap_err();
        assert_eq!((e.line, e.column), (4, 10), "{e}");
        assert!(e.message.contains("not a valid glob pattern"), "{e}");
    }

    #[test]
    fn a_source_leaving_the_config_directory_is_an_error_at_it() {
        for source in ["/**/*.c", "/home/me/a.c", "../other/*.c"] {
            let e = parse_config("f.toml", &format!("[[program]]\nsource = \"{source}\"\n"))
                .unwrap_err();
            assert_eq!((e.line, e.column), (2, 10), "{e}");
            assert!(e.message.contains("leaves this file's directory"), "{e}");
            assert!(e.message.contains(source), "{e}");
        }
    }

    #[test]
    fn sources_include_dirs_are_read() {
        let c = parse_config(
            "f.toml",
            "[sources]\ninclude_dirs = [\"../shared\", \"/opt/inc\"]\n",
        )
        .unwrap();
        assert_eq!(c.sources.include_dirs, ["../shared", "/opt/inc"]);
        let e = parse_config("f.toml", "[sources]\ninclude = []\n").unwrap_err();
        assert!(e.message.contains("include"), "{e}");
    }

    #[test]
    fn parses_full_example() {
        let c = parse_config(
            "faultline.toml",
            r#"
[limits]
max_steps = 1000
[[program]]
source = "max3.c"
compare = "exact"
cases_dir = "tests/max3"
[[program.case]]
name = "first_max"
args = ["1", "2"]
stdin = "9 5 7\n"
stdout = "9\n"
exit_code = 3
nondet = [3, -1]
"#,
        )
        .unwrap();
        assert_eq!(c.limits.max_steps, Some(1000));
        let p = &c.programs[0];
        assert_eq!(p.compare, Compare::Exact);
        assert_eq!(p.cases[0].args, vec!["1", "2"]);
        assert_eq!(p.cases[0].stdout.as_deref(), Some("9\n"));
        assert_eq!(p.cases[0].exit_code, 3);
        assert_eq!(p.cases[0].nondet, vec![3, -1]);
    }

    #[test]
    fn unknown_key_is_located() {
        let e = parse_config(
            "f.toml",
            "[[program]]\nsource = \"a.c\"\n[[program.case]]\nname = \"x\"\nstdot = \"1\"\n",
        )
        .unwrap_err();
        assert_eq!((e.line, e.column), (5, 1), "{e}");
        assert!(e.message.contains("stdot"), "{e}");
    }

    #[test]
    fn malformed_toml_is_located() {
        let e = parse_config("f.toml", "[[program]]\nsource = \n").unwrap_err();
        assert_eq!(e.line, 2, "{e}");
    }

    #[test]
    fn duplicate_case_names_are_rejected() {
        let e = parse_config(
            "f.toml",
            "[[program]]\nsource = \"a.c\"\n[[program.case]]\nname = \"x\"\n[[program.case]]\nname = \"x\"\n",
        )
        .unwrap_err();
        assert!(e.message.contains("duplicate"), "{e}");
        assert_eq!(e.line, 4);
    }
}
