//! The file-system side of the runner: finding `faultline.toml` for a source file and reading
//! `cases_dir` files. Everything else in this crate is pure.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use faultline_preproc::SourcePolicy;

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
    // Regular files only, capped, never blocking: a faultline.toml that is a FIFO or a link
    // to a device is refused unread.
    let bytes = faultline_preproc::fs::read_regular(path, faultline_preproc::MAX_FILE_BYTES);
    let text = bytes
        .and_then(faultline_preproc::fs::decode_utf8)
        .map_err(|why| ConfigError {
            path: shown.clone(),
            line: 0,
            column: 0,
            message: why.to_string(),
        })?;
    let config = parse_config(&shown, &text)?;
    let base = canonical(path.parent().unwrap_or(Path::new(".")));
    let source = canonical(source);
    // An entry that names the file itself comes before a pattern that matches it.
    let program = (config.programs.iter())
        .position(|p| canonical(&base.join(&p.source)) == source)
        .or_else(|| {
            let rel = source.strip_prefix(&base).ok()?;
            (config.programs.iter())
                .position(|p| matches!(p.pattern(), Ok(Some(g)) if matches_path(&g, rel)))
        });
    Ok(FoundConfig {
        path: path.to_path_buf(),
        config,
        program,
    })
}

/// The files a `[[program]]` entry of the config at `config_path` gives its cases to: its
/// `source` file, or the files below the config's directory that its pattern matches, in
/// path order. The walk is written here rather than left to `glob::glob_with`, which
/// follows symbolic links to directories for `**`: on a link cycle it lists the same files
/// again and again, until the paths grow too long.
pub fn program_files(config_path: &Path, program: &ProgramConfig) -> Vec<PathBuf> {
    let base = config_path.parent().unwrap_or(Path::new("."));
    let Ok(Some(pattern)) = program.pattern() else {
        return vec![base.join(&program.source)];
    };
    let mut files = Vec::new();
    let mut dirs = vec![base.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.filter_map(Result::ok) {
            let path = entry.path();
            // A symbolic link's own file type: links to directories are not followed.
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                dirs.push(path);
            } else if path
                .strip_prefix(base)
                .is_ok_and(|rel| matches_path(&pattern, rel))
            {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Why the config `found` gives `source` no cases, when it has `[[program]]` entries and none
/// is for `source`: every entry's `source` and how many files it matches, e.g.
/// ``faultline.toml has no [[program]] for `a.c`: `source = "src/*.c"` matches no file``.
/// `None` when an entry is for `source` or there are none.
pub fn unmatched(found: &FoundConfig, source: &Path) -> Option<String> {
    if found.program.is_some() || found.config.programs.is_empty() {
        return None;
    }
    let entries: Vec<String> = (found.config.programs.iter())
        .map(|p| {
            let n = program_files(&found.path, p)
                .iter()
                .filter(|f| f.is_file())
                .count();
            let matched = match n {
                0 => "matches no file".to_string(),
                1 => "matches 1 other file".to_string(),
                n => format!("matches {n} other files"),
            };
            format!("`source = \"{}\"` {matched}", p.source)
        })
        .collect();
    let name = source.file_name().map_or_else(
        || source.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    Some(format!(
        "{} has no [[program]] for `{name}`: {}",
        found.path.display(),
        entries.join(", ")
    ))
}

/// Whether a `source` pattern matches a path relative to the config's directory. `*` and `?`
/// stay within one directory (`**` crosses them), and a leading dot must be written, as in a
/// shell.
fn matches_path(pattern: &glob::Pattern, rel: &Path) -> bool {
    let options = glob::MatchOptions {
        case_sensitive: true,
        require_literal_separator: true,
        require_literal_leading_dot: true,
    };
    pattern.matches_path_with(rel, options)
}

/// The IO cases of a program entry for the file `source` (it names the program in `argv[0]`):
/// inline `[[program.case]]`s, then `cases_dir` files in name order. `NAME.in` is stdin,
/// `NAME.out` the expected stdout, `NAME.args` whitespace-separated arguments, `NAME.exit` the
/// expected exit code.
pub fn io_cases(
    config_path: &Path,
    program: &ProgramConfig,
    source: &Path,
) -> Result<Vec<(String, IoCase)>, ConfigError> {
    // Only the config's own directory (callers with `[sources]` use `io_cases_with`).
    let base = config_path.parent().unwrap_or(Path::new("."));
    let base = if base.as_os_str().is_empty() {
        Path::new(".")
    } else {
        base
    };
    let policy = SourcePolicy::new([base.to_path_buf()]);
    io_cases_with(config_path, program, source, &policy)
}

/// [`io_cases`] reading `cases_dir` files under `policy`: a case file is read only if its
/// real path is inside the policy's roots, it is a regular file (a symbolic link to
/// `/etc/shadow`, a FIFO or `/dev/zero` is refused unread) and it is at most
/// [`faultline_preproc::MAX_FILE_BYTES`] long. Errors name the file, never its content.
pub fn io_cases_with(
    config_path: &Path,
    program: &ProgramConfig,
    source: &Path,
    policy: &SourcePolicy,
) -> Result<Vec<(String, IoCase)>, ConfigError> {
    let program_name = source
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
    // The directory itself must be inside the roots too (a `cases_dir` link to `/` is not
    // listed).
    policy
        .check(&dir)
        .map_err(|why| err(format!("cases_dir `{}`: {why}", dir.display())))?;
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
        let bytes = policy
            .read(&path)
            .map_err(|why| err(format!("{}: {why}", path.display())))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, rel: &str, text: &str) -> PathBuf {
        let p = dir.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, text).unwrap();
        p
    }

    /// Which `[[program]]` (by its first case's name) applies to `rel`, if any.
    fn entry_for(dir: &Path, rel: &str) -> Option<String> {
        let source = write(dir, rel, "int main(void) { return 0; }\n");
        let found = find_config(&source).unwrap()?;
        let program = &found.config.programs[found.program?];
        Some(program.cases[0].name.clone())
    }

    #[test]
    fn a_source_pattern_gives_its_cases_to_every_matching_file() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(
            d,
            CONFIG_FILE,
            r#"
[[program]]
source = "tcas.c"
[[program.case]]
name = "exact"
[[program]]
source = "**/tcas.c"
[[program.case]]
name = "any_depth"
[[program]]
source = "submissions/*/max3.c"
[[program.case]]
name = "one_level"
[[program]]
source = "**/main.c"
[[program.case]]
name = "main"
"#,
        );
        // The entry naming the file itself wins over a pattern that matches it too.
        assert_eq!(entry_for(d, "tcas.c").as_deref(), Some("exact"));
        assert_eq!(
            entry_for(d, "faulty/v6/tcas.c").as_deref(),
            Some("any_depth")
        );
        assert_eq!(entry_for(d, "a/b/c/tcas.c").as_deref(), Some("any_depth"));
        // `**/` matches no directory too.
        assert_eq!(entry_for(d, "main.c").as_deref(), Some("main"));
        assert_eq!(entry_for(d, "x/main.c").as_deref(), Some("main"));
        assert_eq!(
            entry_for(d, "submissions/ada/max3.c").as_deref(),
            Some("one_level")
        );
        // `*` stays within one directory; names are case-sensitive; a leading dot is literal.
        assert_eq!(entry_for(d, "submissions/ada/old/max3.c"), None);
        assert_eq!(entry_for(d, "submissions/ada/Max3.c"), None);
        assert_eq!(entry_for(d, "submissions/.hidden/max3.c"), None);
        assert_eq!(entry_for(d, "max3.c"), None);
    }

    #[test]
    fn a_config_naming_other_files_says_what_its_entries_match() {
        let dir = tempfile::tempdir().unwrap();
        let main = write(dir.path(), "a.c", "int main(void) { return 0; }\n");
        write(dir.path(), "lib/b.c", "int main(void) { return 0; }\n");
        write(
            dir.path(),
            "faultline.toml",
            "[[program]]\nsource = \"src/*.c\"\n[[program]]\nsource = \"lib/*.c\"\n",
        );
        let found = find_config(&main).unwrap().unwrap();
        assert_eq!(found.program, None);
        let note = unmatched(&found, &main).unwrap();
        assert!(
            note.ends_with(
                "has no [[program]] for `a.c`: `source = \"src/*.c\"` matches no file, \
                 `source = \"lib/*.c\"` matches 1 other file"
            ),
            "{note}"
        );
        // An entry for the file: nothing to say.
        let b = canonical(&dir.path().join("lib/b.c"));
        let found = find_config(&b).unwrap().unwrap();
        assert_eq!(unmatched(&found, &b), None);
    }

    #[test]
    fn program_files_lists_what_a_pattern_matches() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let config = write(
            d,
            CONFIG_FILE,
            "[[program]]\nsource = \"**/p.c\"\n[[program]]\nsource = \"q.c\"\n",
        );
        for rel in ["p.c", "v2/p.c", "v1/p.c", "v1/q.c", "v1/deep/p.c"] {
            write(d, rel, "int main(void) { return 0; }\n");
        }
        // A link cycle does not keep the walk going.
        #[cfg(unix)]
        std::os::unix::fs::symlink(d, d.join("v1/loop")).unwrap();
        let parsed = parse_config("f", &std::fs::read_to_string(&config).unwrap()).unwrap();
        let rel = |files: Vec<PathBuf>| -> Vec<String> {
            let files = files
                .iter()
                .map(|f| f.strip_prefix(d).unwrap().display().to_string());
            files.collect()
        };
        assert_eq!(
            rel(program_files(&config, &parsed.programs[0])),
            ["p.c", "v1/deep/p.c", "v1/p.c", "v2/p.c"]
        );
        assert_eq!(rel(program_files(&config, &parsed.programs[1])), ["q.c"]);
    }

    #[test]
    fn a_matched_file_names_the_program_in_argv0() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let config = write(
            d,
            CONFIG_FILE,
            "[[program]]\nsource = \"*/*.c\"\n[[program.case]]\nname = \"x\"\n",
        );
        let source = write(d, "ada/grade.c", "int main(void) { return 0; }\n");
        let found = find_config(&source).unwrap().unwrap();
        let cases = io_cases(&config, &found.config.programs[0], &source).unwrap();
        assert_eq!(cases[0].1.input.program_name, "grade");
    }
}
