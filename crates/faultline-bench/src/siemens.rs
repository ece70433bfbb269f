//! The Siemens-suite layout, as users have it on disk:
//!
//! ```text
//! <prog>/universe          one test per line: the arguments of one run
//! <prog>/<prog>.c          the fault-free program (or <prog>/source/<prog>.c)
//! <prog>/v1/<prog>.c       faulty versions, one per vN directory
//! ```
//!
//! A `universe` line is split into arguments like a shell would (quotes, backslashes; see the
//! `shell-words` crate); `< FILE` (or `<FILE`) redirects standard input from FILE, relative to
//! the program directory. Blank lines and lines starting with `#` are skipped. Nothing else of
//! the original Siemens scripts (`-P` options, output redirection) is interpreted. A
//! `<prog>/faultline.toml`, if there is one, gives the runs' `[limits]` (its `[[program]]`
//! entries are not used): the fault-free program and every version are compiled and run under
//! them (`max_vla_elements` is a bound of the compiled program).
//!
//! Expected outputs come from running the fault-free program in our own interpreter (stdout,
//! compared exactly, and the exit code); a universe line on which the fault-free program itself
//! fails (a runtime error, an exceeded step limit) is not a test and is dropped. The ground truth
//! of a version is the line diff against the fault-free program, in the version's numbering:
//! changed and inserted lines are faulty; a deleted line is attributed to the line that now
//! stands where it was (the last line when deleted at the end).

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use faultline_interp::{Input, Outcome};
use faultline_runner::config::LimitsConfig;
use faultline_runner::{Compare, IoCase, Runner, Suite, TestCase, TestKind};
use similar::{DiffTag, TextDiff};

use crate::case::{io_error, BenchCase, CaseError};
use crate::ranking::Line;

pub const UNIVERSE_FILE: &str = "universe";

/// The fault-free program of a Siemens directory and the test suite it defines.
#[derive(Clone, Debug)]
pub struct Reference {
    pub dir: PathBuf,
    /// File name of the program (`tcas.c`), the same in every version directory.
    pub file_name: String,
    pub text: String,
    /// The universe's runs with the fault-free program's output as the expectation.
    pub cases: Vec<(String, IoCase)>,
    /// Universe lines on which the fault-free program fails (not tests).
    pub dropped: usize,
    /// `<prog>/faultline.toml`'s `[limits]` (the defaults without one).
    pub limits: LimitsConfig,
}

/// The `vN` directories of a Siemens program, in numeric order.
pub fn versions(dir: &Path) -> Result<Vec<String>, CaseError> {
    let mut versions: Vec<(u32, String)> = std::fs::read_dir(dir)
        .map_err(|e| io_error(dir, e))?
        .filter_map(Result::ok)
        // Not through symbolic links, as in case discovery.
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let n: u32 = name.strip_prefix('v')?.parse().ok()?;
            Some((n, name))
        })
        .collect();
    versions.sort();
    Ok(versions.into_iter().map(|(_, n)| n).collect())
}

/// The fault-free source: the only `.c` file of `source/`, else of the directory itself.
fn reference_source(dir: &Path) -> Result<PathBuf, CaseError> {
    let source_dir = dir.join("source");
    let search = if source_dir.is_dir() {
        source_dir
    } else {
        dir.to_path_buf()
    };
    let mut c_files: Vec<PathBuf> = std::fs::read_dir(&search)
        .map_err(|e| io_error(&search, e))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "c"))
        .collect();
    c_files.sort();
    match c_files.len() {
        1 => Ok(c_files.remove(0)),
        0 => Err(CaseError::Invalid {
            path: search.display().to_string(),
            message: "no fault-free program (a .c file here or in source/)".into(),
        }),
        _ => Err(CaseError::Invalid {
            path: search.display().to_string(),
            message: "several .c files: cannot tell which is the fault-free program".into(),
        }),
    }
}

/// One universe line's inputs; `None` for blank and comment lines.
pub fn parse_universe_line(
    dir: &Path,
    program_name: &str,
    line: &str,
) -> Result<Option<Input>, String> {
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return Ok(None);
    }
    let words = shell_words::split(trimmed).map_err(|e| e.to_string())?;
    let mut args = Vec::new();
    let mut stdin = Vec::new();
    let mut words = words.into_iter();
    while let Some(w) = words.next() {
        let redirect = if w == "<" {
            Some(words.next().ok_or("`<` without a file")?)
        } else {
            w.strip_prefix('<').map(str::to_string)
        };
        match redirect {
            Some(file) => {
                let p = dir.join(&file);
                stdin = std::fs::read(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            }
            None => args.push(w),
        }
    }
    Ok(Some(Input {
        program_name: program_name.to_string(),
        args,
        stdin,
        nondet: Vec::new(),
    }))
}

/// Read the universe and run the fault-free program on it.
pub fn load_reference(dir: &Path) -> Result<Reference, CaseError> {
    let source = reference_source(dir)?;
    let file_name = source
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let program_name = source
        .file_stem()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let text = std::fs::read_to_string(&source).map_err(|e| io_error(&source, e))?;
    let shown = source.display().to_string();
    let limits = limits_of(dir)?;
    let program = compile(&shown, &text, &limits)?;
    let universe_path = dir.join(UNIVERSE_FILE);
    let universe =
        std::fs::read_to_string(&universe_path).map_err(|e| io_error(&universe_path, e))?;
    let mut inputs = Vec::new();
    for (i, line) in universe.lines().enumerate() {
        let input = parse_universe_line(dir, &program_name, line).map_err(|message| {
            CaseError::Invalid {
                path: format!("{}:{}", universe_path.display(), i + 1),
                message,
            }
        })?;
        if let Some(input) = input {
            // Named after the universe line, so a test's name says where it came from.
            inputs.push((format!("u{:04}", i + 1), input));
        }
    }
    if inputs.is_empty() {
        return Err(CaseError::Invalid {
            path: universe_path.display().to_string(),
            message: "no tests".into(),
        });
    }
    let probe_cases: Vec<TestCase> = inputs
        .iter()
        .map(|(name, input)| TestCase {
            name: name.clone(),
            kind: TestKind::Io(IoCase {
                input: input.clone(),
                stdout: None,
                exit_code: 0,
                compare: Compare::Exact,
            }),
        })
        .collect();
    let probe = Suite::new(&program, Vec::new(), &limits)
        .map(|s| Suite {
            cases: probe_cases,
            limits: s.limits,
        })
        .map_err(|e| CaseError::Invalid {
            path: shown.clone(),
            message: e.to_string(),
        })?;
    let runner = Runner::new(&program, &probe);
    let mut cases = Vec::new();
    let mut dropped = 0;
    for (case, (name, input)) in probe.cases.iter().zip(inputs) {
        let (_, run) = runner.run_case(case);
        match run.outcome {
            Outcome::Exited { code } => cases.push((
                name,
                IoCase {
                    input,
                    stdout: Some(run.stdout),
                    exit_code: code,
                    compare: Compare::Exact,
                },
            )),
            _ => dropped += 1,
        }
    }
    Ok(Reference {
        dir: dir.to_path_buf(),
        file_name,
        text,
        cases,
        dropped,
        limits,
    })
}

/// The `[limits]` of `dir/faultline.toml`, the defaults when there is none.
fn limits_of(dir: &Path) -> Result<LimitsConfig, CaseError> {
    let path = dir.join("faultline.toml");
    if !path.is_file() {
        return Ok(LimitsConfig::default());
    }
    let text = std::fs::read_to_string(&path).map_err(|e| io_error(&path, e))?;
    let shown = path.display().to_string();
    faultline_runner::config::parse_config(&shown, &text)
        .map(|c| c.limits)
        .map_err(|e| CaseError::Invalid {
            path: shown,
            message: e.to_string(),
        })
}

fn compile(
    shown: &str,
    text: &str,
    limits: &LimitsConfig,
) -> Result<faultline_ir::Program, CaseError> {
    let options = limits.lower_options();
    faultline_lower::compile_with(shown, text, &faultline_preproc::FsLoader, options).map_err(|e| {
        CaseError::Frontend {
            path: shown.to_string(),
            message: e.to_string(),
        }
    })
}

/// The faulty lines of `faulty` against `reference`, 1-based in `faulty`'s numbering.
pub fn diff_lines(reference: &str, faulty: &str) -> BTreeSet<u32> {
    let diff = TextDiff::from_lines(reference, faulty);
    let last = faulty.lines().count().max(1);
    let mut lines = BTreeSet::new();
    for op in diff.ops() {
        match op.tag() {
            DiffTag::Equal => {}
            DiffTag::Delete => {
                let at = (op.new_range().start + 1).min(last);
                lines.insert(at as u32);
            }
            DiffTag::Insert | DiffTag::Replace => {
                lines.extend(op.new_range().map(|l| l as u32 + 1));
            }
        }
    }
    lines
}

/// Load version `version` of the program of `reference`.
pub fn load_version(
    name: &str,
    reference: &Reference,
    version: &str,
) -> Result<BenchCase, CaseError> {
    let path = reference.dir.join(version).join(&reference.file_name);
    let text = std::fs::read_to_string(&path).map_err(|e| io_error(&path, e))?;
    let shown = path.display().to_string();
    let faulty: BTreeSet<Line> = diff_lines(&reference.text, &text)
        .into_iter()
        .map(|l| Line::new(shown.clone(), l))
        .collect();
    if faulty.is_empty() {
        return Err(CaseError::Invalid {
            path: shown,
            message: "identical to the fault-free program".into(),
        });
    }
    let program = compile(&shown, &text, &reference.limits)?;
    let suite = Suite::new(&program, reference.cases.clone(), &reference.limits).map_err(|e| {
        CaseError::Invalid {
            path: shown.clone(),
            message: e.to_string(),
        }
    })?;
    Ok(BenchCase {
        name: name.to_string(),
        path: shown,
        program,
        suite,
        faulty,
        category: None,
        description: None,
        fixed: Some(reference.text.to_string()),
    })
}

/// Fault-free programs loaded so far, by directory (each runs its universe once).
#[derive(Default)]
pub(crate) struct References {
    loaded: HashMap<PathBuf, Result<Reference, String>>,
}

impl References {
    pub fn get(&mut self, dir: &Path) -> Result<&Reference, CaseError> {
        let entry = self
            .loaded
            .entry(dir.to_path_buf())
            .or_insert_with(|| load_reference(dir).map_err(|e| e.to_string()));
        entry.as_ref().map_err(|message| CaseError::Invalid {
            path: dir.display().to_string(),
            message: message.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_marks_changed_inserted_and_deleted_lines_in_the_faulty_numbering() {
        let reference = "a\nb\nc\nd\n";
        assert!(diff_lines(reference, reference).is_empty());
        assert_eq!(diff_lines(reference, "a\nB\nc\nd\n"), BTreeSet::from([2]));
        // Inserted line 3; everything after shifts.
        assert_eq!(
            diff_lines(reference, "a\nb\nx\nc\nd\n"),
            BTreeSet::from([3])
        );
        // Deleted "c": attributed to the line now in its place ("d", line 3).
        assert_eq!(diff_lines(reference, "a\nb\nd\n"), BTreeSet::from([3]));
        // Deleted at the end: the last line.
        assert_eq!(diff_lines(reference, "a\nb\nc\n"), BTreeSet::from([3]));
        // Two separate changes.
        assert_eq!(
            diff_lines(reference, "A\nb\nc\nD\n"),
            BTreeSet::from([1, 4])
        );
    }

    const DIV: &str = "#include <stdio.h>\n#include <stdlib.h>\nint main(int argc, char **argv)\n{\n    int a = atoi(argv[1]), b = atoi(argv[2]);\n    printf(\"%d\\n\", a / b);\n    return 0;\n}\n";

    #[test]
    fn expected_outputs_come_from_the_fault_free_program() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("div.c"), DIV).unwrap();
        std::fs::create_dir_all(d.join("v1")).unwrap();
        std::fs::create_dir_all(d.join("v10")).unwrap();
        std::fs::create_dir_all(d.join("notes")).unwrap();
        std::fs::write(d.join("v1/div.c"), DIV.replace("a / b", "a * b")).unwrap();
        std::fs::write(d.join("v10/div.c"), DIV.replace("a / b", "b / a")).unwrap();
        // Line 2 divides by zero in the fault-free program: not a test.
        std::fs::write(d.join(UNIVERSE_FILE), "6 3\n1 0\n# note\n8 2\n3 3\n").unwrap();
        assert_eq!(versions(d).unwrap(), ["v1", "v10"]);
        let r = load_reference(d).unwrap();
        assert_eq!(r.file_name, "div.c");
        assert_eq!(r.dropped, 1);
        let names: Vec<&str> = r.cases.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["u0001", "u0004", "u0005"]);
        assert_eq!(r.cases[0].1.stdout.as_deref(), Some(&b"2\n"[..]));
        assert_eq!(r.cases[1].1.stdout.as_deref(), Some(&b"4\n"[..]));
        assert_eq!(r.cases[0].1.input.args, ["6", "3"]);
        let v1 = load_version("div/v1", &r, "v1").unwrap();
        assert_eq!(v1.faulty.iter().map(|l| l.line).collect::<Vec<_>>(), [6]);
        assert!(v1.path.ends_with("v1/div.c"), "{}", v1.path);
        let results = faultline_runner::Runner::new(&v1.program, &v1.suite).run_all();
        // 6*3 != 2, 8*2 != 4, 3*3 != 1: every test fails.
        assert!(results.iter().all(|t| !t.passed));
        let v10 = load_version("div/v10", &r, "v10").unwrap();
        let passed: Vec<bool> = faultline_runner::Runner::new(&v10.program, &v10.suite)
            .run_all()
            .iter()
            .map(|t| t.passed)
            .collect();
        assert_eq!(passed, [false, false, true]);
        // A version identical to the fault-free program has no ground truth.
        std::fs::create_dir_all(d.join("v2")).unwrap();
        std::fs::write(d.join("v2/div.c"), DIV).unwrap();
        let e = load_version("div/v2", &r, "v2").unwrap_err().to_string();
        assert!(e.contains("identical"), "{e}");
        // No fault-free program, or two candidates.
        std::fs::write(d.join("other.c"), DIV).unwrap();
        assert!(load_reference(d)
            .unwrap_err()
            .to_string()
            .contains("several"));
    }

    /// `<prog>/faultline.toml`'s `[limits]` hold for the fault-free program and every
    /// version: a raised variable-length array bound makes a universe line past the default
    /// one a test (it was dropped: the fault-free run stopped at Faultline's bound), and the
    /// versions are compiled with it.
    #[test]
    fn the_directorys_limits_hold_for_the_reference_and_the_versions() {
        const VLA: &str = "#include <stdio.h>\n#include <stdlib.h>\nint main(int argc, char *argv[]) {\n  int n = atoi(argv[1]);\n  int a[n];\n  long s = 0;\n  for (int i = 0; i < n; i++) { a[i] = i; s += a[i]; }\n  printf(\"%ld\\n\", s);\n  return 0;\n}\n";
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("sum.c"), VLA).unwrap();
        std::fs::create_dir_all(d.join("v1")).unwrap();
        std::fs::write(d.join("v1/sum.c"), VLA.replace("s += a[i]", "s -= a[i]")).unwrap();
        std::fs::write(d.join(UNIVERSE_FILE), "4\n2000\n").unwrap();
        let r = load_reference(d).unwrap();
        assert_eq!((r.cases.len(), r.dropped), (1, 1));
        std::fs::write(
            d.join("faultline.toml"),
            "[limits]\nmax_vla_elements = 2048\n",
        )
        .unwrap();
        let r = load_reference(d).unwrap();
        assert_eq!((r.cases.len(), r.dropped), (2, 0));
        assert_eq!(r.cases[1].1.stdout.as_deref(), Some(&b"1999000\n"[..]));
        let v1 = load_version("sum/v1", &r, "v1").unwrap();
        assert_eq!(v1.program.options.max_vla_elements, 2048);
        let statuses: Vec<faultline_runner::Status> =
            faultline_runner::Runner::new(&v1.program, &v1.suite)
                .run_all()
                .iter()
                .map(|t| t.status)
                .collect();
        assert_eq!(statuses, [faultline_runner::Status::Failed; 2]);
        // An absurd bound is the configuration's located error.
        std::fs::write(d.join("faultline.toml"), "[limits]\nmax_vla_elements = 0\n").unwrap();
        let e = load_reference(d).unwrap_err().to_string();
        assert!(e.contains("max_vla_elements"), "{e}");
    }

    #[test]
    fn universe_lines_are_split_like_a_shell_and_redirect_stdin() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("in1"), "5 6\n").unwrap();
        let p = |l: &str| parse_universe_line(dir.path(), "prog", l);
        assert_eq!(p("   ").unwrap(), None);
        assert_eq!(p("# comment").unwrap(), None);
        let i = p("1 -2 'a b' \"c\"").unwrap().unwrap();
        assert_eq!(i.args, ["1", "-2", "a b", "c"]);
        assert_eq!(i.program_name, "prog");
        assert!(i.stdin.is_empty());
        let i = p("7 < in1").unwrap().unwrap();
        assert_eq!(i.args, ["7"]);
        assert_eq!(i.stdin, b"5 6\n");
        assert_eq!(p("<in1").unwrap().unwrap().stdin, b"5 6\n");
        assert!(p("1 <").is_err());
        assert!(p("< missing").is_err());
        assert!(p("'unterminated").is_err());
    }
}
