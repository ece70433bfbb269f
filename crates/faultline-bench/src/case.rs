//! Benchmark cases: a buggy program, its tests, and the lines that are really faulty.
//!
//! Two layouts are found under a directory (searched recursively, in name order):
//!
//! * **Corpus layout**: a directory with a `faults.toml` is one case. `file` names the buggy
//!   source (relative to the directory), `lines` its faulty lines; `category` and `description`
//!   are optional (other keys are ignored). Tests are what `faultline test` would run for that
//!   file: its unit tests and the IO cases of the `faultline.toml` that names it.
//! * **Siemens layout**: a directory with a `universe` file is one program whose `vN/`
//!   directories are cases; see [`crate::siemens`].
//!
//! Discovery is cheap (it reads only directory listings and `faults.toml`); loading compiles
//! the program and, for the Siemens layout, runs the fault-free program.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use faultline_ir::Program;
use faultline_runner::Suite;
use serde::Deserialize;

use crate::ranking::{Line, LineSet};
use crate::siemens;

pub const FAULTS_FILE: &str = "faults.toml";

/// A case found on disk, not loaded yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseSpec {
    /// Path of the case relative to the benchmark directory (`/`-separated); unique.
    pub name: String,
    pub source: CaseSource,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CaseSource {
    /// A directory with `faults.toml`.
    Faults { dir: PathBuf },
    /// Version `version` (a `vN` directory name) of the Siemens-layout program in `program_dir`.
    Siemens {
        program_dir: PathBuf,
        version: String,
    },
}

/// A loaded case: everything a run needs, in memory.
#[derive(Clone, Debug)]
pub struct BenchCase {
    pub name: String,
    /// The buggy source file, as diagnoses name it.
    pub path: String,
    pub program: Program,
    pub suite: Suite,
    /// The ground truth.
    pub faulty: LineSet,
    pub category: Option<String>,
    pub description: Option<String>,
    /// The fixed version's text (a corpus case's `fixed/FILE`, a Siemens version's fault-free
    /// program), when there is one: what a repair is compared with (`fix-matches`).
    pub fixed: Option<String>,
}

/// The `faults.toml` of a corpus case.
#[derive(Clone, Debug, Deserialize)]
pub struct FaultsFile {
    pub file: String,
    pub lines: Vec<u32>,
    #[serde(default)]
    pub category: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
}

/// Why a case or a benchmark directory could not be read.
#[derive(Debug, thiserror::Error)]
pub enum CaseError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: {message}")]
    Invalid { path: String, message: String },
    #[error("{0}")]
    Load(#[from] faultline_runner::LoadError),
    #[error("{path}: {message}")]
    Frontend { path: String, message: String },
}

pub(crate) fn io_error(path: &Path, source: std::io::Error) -> CaseError {
    CaseError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// Every case under `dir`, sorted by name. `dir` itself may be a case.
pub fn discover(dir: &Path) -> Result<Vec<CaseSpec>, CaseError> {
    if !dir.is_dir() {
        return Err(CaseError::Invalid {
            path: dir.display().to_string(),
            message: "not a directory".into(),
        });
    }
    let mut cases = Vec::new();
    walk(dir, dir, &mut cases)?;
    cases.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(cases)
}

fn walk(root: &Path, dir: &Path, out: &mut Vec<CaseSpec>) -> Result<(), CaseError> {
    let name = case_name(root, dir);
    if dir.join(FAULTS_FILE).is_file() {
        out.push(CaseSpec {
            name,
            source: CaseSource::Faults {
                dir: dir.to_path_buf(),
            },
        });
        return Ok(());
    }
    if dir.join(siemens::UNIVERSE_FILE).is_file() {
        for version in siemens::versions(dir)? {
            out.push(CaseSpec {
                name: format!("{name}/{version}"),
                source: CaseSource::Siemens {
                    program_dir: dir.to_path_buf(),
                    version,
                },
            });
        }
        return Ok(());
    }
    // Real directories only: a symbolic link is not followed (`loop -> .` counted one case 41
    // times before the path grew too long; a link to `/` walked the disk). `DirEntry::file_type`
    // describes the entry itself, not what it points to.
    let mut subdirs: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| io_error(dir, e))?
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.path())
        .filter(|p| {
            // Build output and hidden directories hold no cases.
            let n = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            !n.starts_with('.') && n != "target"
        })
        .collect();
    subdirs.sort();
    for sub in subdirs {
        walk(root, &sub, out)?;
    }
    Ok(())
}

/// The case's name: its path below the benchmark directory, or the directory's own name when
/// the benchmark directory is the case.
fn case_name(root: &Path, dir: &Path) -> String {
    let rel = dir.strip_prefix(root).unwrap_or(dir);
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.is_empty() {
        root.canonicalize()
            .ok()
            .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_else(|| root.display().to_string())
    } else {
        parts.join("/")
    }
}

/// Parse a `faults.toml`.
pub fn read_faults(path: &Path) -> Result<FaultsFile, CaseError> {
    let text = std::fs::read_to_string(path).map_err(|e| io_error(path, e))?;
    let faults: FaultsFile = toml::from_str(&text).map_err(|e| CaseError::Invalid {
        path: path.display().to_string(),
        message: e.to_string(),
    })?;
    if faults.lines.is_empty() || faults.lines.contains(&0) {
        return Err(CaseError::Invalid {
            path: path.display().to_string(),
            message: "`lines` must list the faulty lines (1-based)".into(),
        });
    }
    Ok(faults)
}

/// Load the cases of `specs`. Siemens programs shared by several selected versions run their
/// fault-free program once.
pub fn load(specs: &[CaseSpec]) -> Vec<Result<BenchCase, CaseError>> {
    let mut references = siemens::References::default();
    specs
        .iter()
        .map(|spec| match &spec.source {
            CaseSource::Faults { dir } => load_faults_case(&spec.name, dir),
            CaseSource::Siemens {
                program_dir,
                version,
            } => references
                .get(program_dir)
                .and_then(|r| siemens::load_version(&spec.name, r, version)),
        })
        .collect()
}

fn load_faults_case(name: &str, dir: &Path) -> Result<BenchCase, CaseError> {
    let faults = read_faults(&dir.join(FAULTS_FILE))?;
    let loaded = faultline_runner::load_file(&dir.join(&faults.file))?;
    let path = loaded.path.display().to_string();
    if loaded.suite.is_empty() {
        return Err(CaseError::Invalid {
            path,
            message: "no tests: no `void test_*(void)` and no faultline.toml naming this file"
                .into(),
        });
    }
    let faulty = faults
        .lines
        .iter()
        .map(|&l| Line::new(path.clone(), l))
        .collect();
    Ok(BenchCase {
        name: name.to_string(),
        path,
        program: loaded.program,
        suite: loaded.suite,
        faulty,
        category: faults.category,
        description: faults.description,
        fixed: std::fs::read_to_string(dir.join("fixed").join(&faults.file)).ok(),
    })
}

/// The lines a diagnosis can blame: those of component statements outside unit-test functions
/// (tests are the specification). A statement spanning several lines counts at its first line,
/// as diagnoses report it.
pub fn executable_lines(program: &Program) -> BTreeSet<Line> {
    let mut lines = BTreeSet::new();
    program.for_each_stmt(|func, stmt| {
        if stmt.component.is_some() && !program.tests.contains(&func) {
            let loc = program.files.locate(stmt.span);
            lines.insert(Line::new(loc.path, loc.start.line));
        }
    });
    lines
}

/// Take the cases of shard `index` (1-based) of `count`: every `count`-th case of the sorted
/// list, so the shards partition it and get a similar mix.
pub fn shard(specs: Vec<CaseSpec>, index: usize, count: usize) -> Vec<CaseSpec> {
    specs
        .into_iter()
        .enumerate()
        .filter(|(i, _)| count == 0 || i % count == index.saturating_sub(1))
        .map(|(_, s)| s)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(name: &str) -> CaseSpec {
        CaseSpec {
            name: name.into(),
            source: CaseSource::Faults {
                dir: PathBuf::from(name),
            },
        }
    }

    #[test]
    fn shards_partition_the_cases() {
        let all: Vec<CaseSpec> = (0..10).map(|i| spec(&format!("c{i}"))).collect();
        for n in 1..=4 {
            let mut seen = Vec::new();
            for i in 1..=n {
                let part = shard(all.clone(), i, n);
                assert!(part.len() >= 10 / n && part.len() <= 10 / n + 1);
                seen.extend(part);
            }
            seen.sort_by(|a, b| a.name.cmp(&b.name));
            let mut expected = all.clone();
            expected.sort_by(|a, b| a.name.cmp(&b.name));
            assert_eq!(seen, expected, "{n} shards");
        }
    }

    #[test]
    #[cfg(unix)]
    fn directory_symlinks_are_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let case = dir.path().join("group/a_case");
        std::fs::create_dir_all(&case).unwrap();
        std::fs::write(case.join(FAULTS_FILE), "file = \"a.c\"\nlines = [3]\n").unwrap();
        // A cycle, a link to a case and a link to the root of the file system.
        std::os::unix::fs::symlink(".", dir.path().join("group/loop")).unwrap();
        std::os::unix::fs::symlink(&case, dir.path().join("alias")).unwrap();
        std::os::unix::fs::symlink("/", dir.path().join("root")).unwrap();
        let start = std::time::Instant::now();
        let names: Vec<String> = discover(dir.path())
            .unwrap()
            .into_iter()
            .map(|c| c.name)
            .collect();
        assert_eq!(names, ["group/a_case"]);
        assert!(start.elapsed() < std::time::Duration::from_secs(1));
    }

    #[test]
    fn discovers_corpus_cases_recursively_and_names_them_by_path() {
        let dir = tempfile::tempdir().unwrap();
        let mk = |rel: &str| {
            let d = dir.path().join(rel);
            std::fs::create_dir_all(&d).unwrap();
            std::fs::write(d.join(FAULTS_FILE), "file = \"a.c\"\nlines = [3]\n").unwrap();
        };
        mk("b_case");
        mk("group/a_case");
        // A case's own subdirectories (fixed/) are not searched.
        mk("b_case/fixed");
        std::fs::create_dir_all(dir.path().join("empty")).unwrap();
        let names: Vec<String> = discover(dir.path())
            .unwrap()
            .into_iter()
            .map(|c| c.name)
            .collect();
        assert_eq!(names, ["b_case", "group/a_case"]);
        // The case directory itself.
        let one = discover(&dir.path().join("b_case")).unwrap();
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].name, "b_case");
        assert!(discover(&dir.path().join("missing")).is_err());
    }

    #[test]
    fn faults_file_errors_are_reported_with_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join(FAULTS_FILE);
        std::fs::write(&p, "file = \"a.c\"\n").unwrap();
        let e = read_faults(&p).unwrap_err().to_string();
        assert!(e.contains("faults.toml") && e.contains("lines"), "{e}");
        std::fs::write(&p, "file = \"a.c\"\nlines = []\n").unwrap();
        assert!(read_faults(&p).is_err());
        std::fs::write(
            &p,
            "file = \"a.c\"\nlines = [4, 9]\ncategory = \"x\"\nfailing = 3\n",
        )
        .unwrap();
        let f = read_faults(&p).unwrap();
        assert_eq!(f.lines, [4, 9]);
        assert_eq!(f.category.as_deref(), Some("x"));
    }
}
