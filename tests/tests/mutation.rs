//! Bad input never crashes or hangs: random mutations of the corpus programs go through
//! preprocess → parse → lower → run and must come back as a result or a located error.

use std::path::PathBuf;

use faultline_interp::{Entry, Input, Limits, RunOptions};
use faultline_preproc::FileLoader;
use faultline_tests::fixture;
use proptest::prelude::*;

/// Includes resolve to nothing: a mutated `#include` must give an error, not touch the disk.
struct NoFiles;
impl FileLoader for NoFiles {
    fn load(&self, _path: &str) -> Result<String, faultline_preproc::ReadError> {
        Err(faultline_preproc::ReadError::NotFound)
    }
}

/// The C files of `tests/<dir>`, sorted.
fn c_files(dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(fixture(dir))
        .unwrap_or_else(|e| panic!("tests/{dir}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    files
}

/// The differential programs, and the fuzz seeds (heap, strings, `goto`, pointers, floats:
/// what cargo-fuzz starts from, here mutated on every `cargo test` too; some seeds use C that
/// is rejected today, and their mutants exercise the error paths).
fn corpus() -> Vec<(PathBuf, String)> {
    let mut files = c_files("differential");
    files.extend(c_files("fuzz/seeds/parse_lower_run"));
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable");
            (p, text)
        })
        .collect()
}

const SNIPPETS: &[&str] = &[
    "(",
    ")",
    "{",
    "}",
    ";",
    "[",
    "]",
    "*",
    "&",
    "/",
    "%",
    "<<",
    "-",
    "++",
    "--",
    "0",
    "-1",
    "2147483647",
    "x",
    "int",
    "unsigned",
    "char",
    "long",
    "float",
    "struct",
    "while (1)",
    "return",
    "break;",
    "continue;",
    "#define X 1+",
    "#if 1",
    "#endif",
    "\"",
    "'",
    "/*",
    "\\",
    "a[10]",
    "main",
    "printf(\"%d\\n\", ",
    "scanf(\"%d\", &",
    "case 1:",
    "default:",
    "goto l;",
    // Floating-point syntax (the symbolic executor's float terms are exercised too).
    "1.5",
    ".5e-3",
    "0x1.8p+1",
    "1e308 * 1e308",
    "0.0 / 0.0",
    "double",
    "(double)",
    "(int)",
    "2.5f",
    "sqrt(",
    "pow(",
    "printf(\"%.2f\\n\", ",
    "printf(\"%g %e\\n\", ",
    "scanf(\"%lf\", &",
];

#[derive(Debug, Clone)]
enum Mutation {
    Delete(usize, usize),
    Duplicate(usize, usize),
    Insert(usize, usize),
    SwapLines(usize, usize),
}

fn apply(text: &str, m: &Mutation) -> String {
    let bytes = text.as_bytes();
    let n = bytes.len().max(1);
    let out: Vec<u8> = match *m {
        Mutation::Delete(a, len) => {
            let a = a % n;
            let b = (a + len % 64).min(bytes.len());
            [&bytes[..a.min(bytes.len())], &bytes[b..]].concat()
        }
        Mutation::Duplicate(a, len) => {
            let a = (a % n).min(bytes.len());
            let b = (a + len % 200).min(bytes.len());
            [&bytes[..b], &bytes[a..b], &bytes[b..]].concat()
        }
        Mutation::Insert(a, s) => {
            let a = (a % n).min(bytes.len());
            [
                &bytes[..a],
                SNIPPETS[s % SNIPPETS.len()].as_bytes(),
                &bytes[a..],
            ]
            .concat()
        }
        Mutation::SwapLines(a, b) => {
            let mut lines: Vec<&str> = text.lines().collect();
            if !lines.is_empty() {
                let (a, b) = (a % lines.len(), b % lines.len());
                lines.swap(a, b);
            }
            lines.join("\n").into_bytes()
        }
    };
    String::from_utf8_lossy(&out).into_owned()
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Delete(a, b)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Duplicate(a, b)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Insert(a, b)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
    ]
}

/// Compile and, if that works, run every entry point briefly. Errors must point inside the file.
fn exercise(path: &str, text: &str) {
    match faultline_lower::compile(path, text, &NoFiles) {
        Err(errs) => {
            assert!(!errs.errors.is_empty(), "an Err carries at least one error");
            for e in &errs.errors {
                let file = errs.files.get(e.span.file);
                assert!(
                    e.span.start <= e.span.end && e.span.end as usize <= file.text.len(),
                    "error span out of its file: {e:?}"
                );
            }
        }
        Ok(program) => {
            let opts = RunOptions {
                limits: Limits {
                    max_steps: 20_000,
                    max_call_depth: 200,
                    ..Limits::default()
                },
                ..Default::default()
            };
            let input = Input {
                program_name: "p".into(),
                args: vec!["3".into(), "-7".into()],
                stdin: b"5 1 2 3 4 5\n".to_vec(),
                nondet: vec![1, -2, 3],
            };
            let mut entries: Vec<Entry> =
                program.tests.iter().map(|&f| Entry::Function(f)).collect();
            if program.main.is_some() {
                entries.push(Entry::Main);
            }
            for &entry in &entries {
                symex_briefly(&program, entry, &input);
            }
            for entry in entries {
                let run = faultline_interp::run(&program, entry, &input, &opts);
                assert!(
                    run.steps <= 20_001,
                    "step limit not enforced: {}",
                    run.steps
                );
                let _ = run.outcome.message();
            }
        }
    }
}

/// Symbolic execution with every component relaxed and small bounds: a replica or an error,
/// never a panic (floating-point terms, printed doubles matched as intervals, `math.h`).
fn symex_briefly(program: &faultline_ir::Program, entry: Entry, input: &Input) {
    let comps = faultline_ssa::Components::from_program(program);
    let spec = faultline_ssa::ReplicaSpec {
        entry: match entry {
            Entry::Main => faultline_ssa::Entry::Main,
            Entry::Function(f) => faultline_ssa::Entry::Function(f),
        },
        program_name: input.program_name.clone(),
        args: input.args.clone(),
        stdin: input.stdin.clone(),
        nondet: input.nondet.clone(),
        expected: faultline_ssa::Expected::Io {
            stdout: Some(b"1.50 2 nan\n".to_vec()),
            compare: faultline_ssa::Compare::Tokens,
            exit_code: 0,
        },
    };
    let opts = faultline_ssa::SymexOptions {
        unwind: 3,
        max_inline_depth: 4,
        max_terms: 200_000,
        ..Default::default()
    };
    let mut store = faultline_ssa::TermStore::new();
    let _ = faultline_ssa::symex(program, &comps, &spec, &mut store, &opts);
}

/// Cases per property: 300, or `PROPTEST_CASES`.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300)
}

proptest! {
    // `PROPTEST_CASES` raises the count for a longer run (a fuzzing session in the normal build).
    #![proptest_config(ProptestConfig { cases: cases(), .. ProptestConfig::default() })]

    #[test]
    fn mutated_corpus_never_panics(file in any::<usize>(), muts in proptest::collection::vec(mutation(), 1..4)) {
        let corpus = corpus();
        let (path, text) = &corpus[file % corpus.len()];
        let mut text = text.clone();
        for m in &muts {
            text = apply(&text, m);
        }
        exercise(&path.display().to_string(), &text);
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,400}") {
        exercise("fuzz.c", &text);
    }
}

#[test]
fn unmutated_corpus_compiles() {
    for path in c_files("differential") {
        let text = std::fs::read_to_string(&path).expect("readable");
        let shown = path.display().to_string();
        // Corpus programs may include local headers: read them from disk here.
        if let Err(e) = faultline_lower::compile(&shown, &text, &faultline_preproc::FsLoader) {
            panic!("{e}");
        }
    }
}
