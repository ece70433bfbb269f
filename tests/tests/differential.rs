//! gcc is the oracle for the interpreter: every program of `tests/differential` is compiled with
//! gcc and run on each case; the interpreter must produce exactly the same stdout and exit code.
//! The expected values written in faultline.toml are checked against gcc too, so the corpus
//! cannot drift from what C really does.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use faultline_runner::config::parse_config;
use faultline_runner::discover::program_files;
use faultline_runner::{load_file, run_case, TestKind};
use faultline_tests::fixture;

struct NativeRun {
    stdout: Vec<u8>,
    code: i32,
}

fn run_native(exe: &Path, args: &[String], stdin: &[u8]) -> NativeRun {
    let mut child = Command::new(exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn gcc-built program");
    // Write stdin from another thread: a program may fill its stdout pipe before reading all
    // its input.
    let mut pipe = child.stdin.take().expect("stdin piped");
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child
        .wait_with_output()
        .expect("wait for gcc-built program");
    let _ = writer.join();
    NativeRun {
        stdout: out.stdout,
        code: out.status.code().unwrap_or(-1),
    }
}

fn gcc(source: &Path, exe: &Path) {
    let status = Command::new("gcc")
        .args(["-std=gnu99", "-w", "-O0", "-o"])
        .arg(exe)
        .arg(source)
        // libm for the float programs' math.h calls.
        .arg("-lm")
        .status()
        .expect("gcc is installed (CI machines have it)");
    assert!(status.success(), "gcc failed on {}", source.display());
}

/// Compare interpreter, gcc and the recorded expectation on every case of a faultline.toml.
fn check_dir(dir: &str, min_programs: usize, min_cases: usize) {
    let dir = fixture(dir);
    let config_path = dir.join("faultline.toml");
    let text = std::fs::read_to_string(&config_path).expect("faultline.toml");
    let config = parse_config(&config_path.display().to_string(), &text).expect("valid config");
    let tmp = tempfile::tempdir().expect("tempdir");
    let mut failures = Vec::new();
    let mut cases = 0;
    for program in &config.programs {
        // A pattern's files are checked against gcc on every case too. A faulty version (a
        // file beside a `faults.toml`, TCAS's `faulty/vN/tcas.c`) fails as many recorded
        // expectations as its `faults.toml` says; any other file meets them all.
        let files = program_files(&config_path, program);
        assert!(!files.is_empty(), "{}: no file", program.source);
        for source in &files {
            check_file(source, tmp.path(), &mut failures, &mut cases);
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {cases} cases disagree:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(config.programs.len() >= min_programs, "corpus shrank");
    assert!(cases >= min_cases, "corpus shrank: {cases} cases");
}

/// Interpreter and gcc on every IO case of one file, and the recorded expectations against
/// gcc: all met, or for a faulty version as many failed as its `faults.toml` records.
fn check_file(source: &Path, tmp: &Path, failures: &mut Vec<String>, cases: &mut usize) {
    let shown = source.display().to_string();
    let faults = source.with_file_name("faults.toml");
    let recorded_failing = faults.is_file().then(|| {
        let text = std::fs::read_to_string(&faults).expect("faults.toml readable");
        let value: toml::Value = toml::from_str(&text).expect("faults.toml parses");
        value["failing"].as_integer().expect("`failing` recorded") as usize
    });
    let mut failing = 0;
    let exe = tmp.join("a.out");
    gcc(source, &exe);
    let loaded = match load_file(source) {
        Ok(l) => l,
        Err(e) => {
            failures.push(format!("{shown}: not loaded: {e}"));
            return;
        }
    };
    for case in &loaded.suite.cases {
        let TestKind::Io(io) = &case.kind else {
            continue;
        };
        *cases += 1;
        let native = run_native(&exe, &io.input.args, &io.input.stdin);
        let (result, run) = run_case(&loaded.program, &loaded.suite, case);
        let ours_code = match &run.outcome {
            faultline_interp::Outcome::Exited { code } => *code,
            other => {
                failures.push(format!(
                    "{shown} / {}: interpreter stopped: {}",
                    case.name,
                    other.message()
                ));
                continue;
            }
        };
        if run.stdout != native.stdout || ours_code != native.code {
            failures.push(format!(
                "{shown} / {}: gcc printed {:?} (exit {}), interpreter {:?} (exit {})",
                case.name,
                String::from_utf8_lossy(&native.stdout),
                native.code,
                String::from_utf8_lossy(&run.stdout),
                ours_code
            ));
        } else if !result.passed && recorded_failing.is_some() {
            failing += 1;
        } else if !result.passed {
            failures.push(format!(
                "{shown} / {}: recorded expectation disagrees with gcc: {}",
                case.name,
                result.reason.unwrap_or_default()
            ));
        }
    }
    if let Some(recorded) = recorded_failing.filter(|&r| r != failing) {
        failures.push(format!(
            "{shown}: {failing} cases fail, its faults.toml records {recorded}"
        ));
    }
}

#[test]
fn interpreter_agrees_with_gcc_on_differential_corpus() {
    check_dir("differential", 342, 835);
}

#[test]
fn interpreter_agrees_with_gcc_on_tcas() {
    // The fault-free program and its faulty versions (`**/tcas.c`).
    check_dir("tcas", 1, 1600 * 8);
}

/// String undefined behaviour (a char buffer overflowed by `strcpy`, `strcat` or `scanf("%s")`,
/// `strlen` of an array without a NUL, a loop reading past the NUL, a write into a string
/// literal) is reported as such, at the line marked `UB:`, never as a crash or an output. gcc's AddressSanitizer reports each
/// of these programs as a stack-buffer-overflow.
#[test]
fn string_undefined_behaviour_is_reported_at_its_line() {
    check_ub_fixture("strings_ub", 9, |source, kind| match source {
        // A write through a `char *` into a string literal's (read-only) object.
        "literal_write.c" => matches!(kind, faultline_interp::RuntimeErrorKind::StringLiteralWrite),
        _ => matches!(
            kind,
            faultline_interp::RuntimeErrorKind::IndexOutOfBounds { .. }
        ),
    });
}

/// `printf` conversions that cannot read their argument (a `double` for `%d`, an `int` for
/// `%f` or `%s`, a missing argument): undefined behaviour, reported at the call (line marked
/// `UB:`) when a run reaches it. gcc compiles each with a warning and prints garbage.
#[test]
fn format_mismatches_are_reported_at_their_line() {
    check_ub_fixture("format_ub", 4, |_, kind| {
        matches!(kind, faultline_interp::RuntimeErrorKind::FormatMismatch(_))
    });
}

/// Heap undefined behaviour (use after `free` or after `realloc` moved the block, double
/// `free`, `free` of an interior pointer, writing past a malloc'd block, dereferencing the
/// NULL of a failed lookup, reading malloc'd memory never written) is reported as that
/// failure, at the line marked `UB:`. gcc's AddressSanitizer/UBSan flag each of them.
#[test]
fn heap_undefined_behaviour_is_reported_at_its_line() {
    use faultline_interp::RuntimeErrorKind as K;
    check_ub_fixture("heap_ub", 13, |source, kind| match source {
        "use_after_free.c" | "realloc_stale.c" | "struct_use_after_free.c" => {
            matches!(kind, K::UseAfterFree)
        }
        "double_free.c" | "struct_double_free.c" => matches!(kind, K::DoubleFree),
        "struct_member_oob.c" => matches!(kind, K::IndexOutOfBounds { index: 4, len: 4 }),
        "struct_null_arrow.c" => matches!(kind, K::NullDereference),
        "free_interior.c" => matches!(kind, K::InvalidFree { .. }),
        "heap_overflow.c" => matches!(kind, K::IndexOutOfBounds { index: 4, len: 4 }),
        "null_lookup.c" => matches!(kind, K::NullDereference),
        // A call through a null function pointer (a lookup's NULL, an unset table slot).
        "fnptr_null_call.c" | "fnptr_null_member.c" => matches!(kind, K::NullFunctionCall),
        "uninit_malloc.c" => matches!(kind, K::UninitializedRead { .. }),
        other => panic!("{other}: no expectation"),
    });
}

/// Every program of fixture `dir` (at least `min_programs`) fails every case with the runtime
/// error `expected(source, kind)` accepts, at the line marked `UB:`.
fn check_ub_fixture(
    dir: &str,
    min_programs: usize,
    expected: impl Fn(&str, &faultline_interp::RuntimeErrorKind) -> bool,
) {
    let dir = fixture(dir);
    let config_path = dir.join("faultline.toml");
    let text = std::fs::read_to_string(&config_path).expect("faultline.toml");
    let config = parse_config(&config_path.display().to_string(), &text).expect("valid config");
    assert!(config.programs.len() >= min_programs);
    for program in &config.programs {
        let source = dir.join(&program.source);
        let code = std::fs::read_to_string(&source).expect("source");
        let ub_line = code
            .lines()
            .position(|l| l.contains("UB:"))
            .expect("a line marked UB:") as u32
            + 1;
        let loaded = load_file(&source).expect("loads");
        for case in &loaded.suite.cases {
            let (_, run) = run_case(&loaded.program, &loaded.suite, case);
            let faultline_interp::Outcome::RuntimeError { kind, span } = &run.outcome else {
                panic!("{}: {}", program.source, run.outcome.message());
            };
            assert!(
                expected(&program.source, kind),
                "{}: {}",
                program.source,
                kind.message()
            );
            let at = loaded.program.files.locate(*span);
            assert_eq!(
                at.start.line, ub_line,
                "{}: reported at {at}",
                program.source
            );
        }
    }
}
