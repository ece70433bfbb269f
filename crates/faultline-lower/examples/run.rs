//! Lower a C file and run it in the interpreter: `cargo run --example run -- file.c [args…] < stdin`.
use std::io::{Read, Write};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: run FILE.c [ARGS…]");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let program = match faultline_lower::compile(&path, &text, &faultline_preproc::FsLoader) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut stdin = Vec::new();
    let _ = std::io::stdin().read_to_end(&mut stdin);
    let input = faultline_interp::Input {
        program_name: path.clone(),
        args: args.collect(),
        stdin,
        nondet: vec![],
    };
    let run = faultline_interp::run(
        &program,
        faultline_interp::Entry::Main,
        &input,
        &faultline_interp::RunOptions::default(),
    );
    let _ = std::io::stdout().write_all(&run.stdout);
    let _ = std::io::stderr().write_all(&run.stderr);
    match run.outcome {
        faultline_interp::Outcome::Exited { code } => std::process::exit(code),
        other => {
            eprintln!("{other:?}");
            std::process::exit(101);
        }
    }
}
