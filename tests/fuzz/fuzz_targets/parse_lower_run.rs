//! Arbitrary bytes through preprocess → parse → lower → run: a result or a located error, never a
//! panic or a hang (the interpreter's step and depth limits are small here).
#![no_main]

use faultline_interp::{Entry, Input, Limits, RunOptions};
use faultline_preproc::FileLoader;
use libfuzzer_sys::fuzz_target;

struct NoFiles;
impl FileLoader for NoFiles {
    fn load(&self, _path: &str) -> Result<String, faultline_preproc::ReadError> {
        Err(faultline_preproc::ReadError::NotFound)
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(program) = faultline_lower::compile("fuzz.c", &text, &NoFiles) else {
        return;
    };
    let opts = RunOptions {
        limits: Limits {
            max_steps: 10_000,
            max_call_depth: 100,
            ..Limits::default()
        },
        ..Default::default()
    };
    let input = Input {
        program_name: "fuzz".into(),
        args: vec!["1".into()],
        stdin: b"1 2 3".to_vec(),
        nondet: vec![0, 1, -1],
    };
    let mut entries: Vec<Entry> = program.tests.iter().map(|&f| Entry::Function(f)).collect();
    if program.main.is_some() {
        entries.push(Entry::Main);
    }
    for entry in entries {
        let run = faultline_interp::run(&program, entry, &input, &opts);
        let _ = run.outcome.message();
    }
});
