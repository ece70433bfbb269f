//! Print the lowered IR of a C file (or its errors): `cargo run --example dump -- file.c`.
fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: dump FILE.c");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    match faultline_lower::compile(&path, &text, &faultline_preproc::FsLoader) {
        Ok(p) => print!("{}", faultline_lower::pretty::program(&p)),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
