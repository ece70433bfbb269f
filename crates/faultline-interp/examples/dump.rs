//! Print the lowered IR of a C file (a debugging aid): `cargo run --example dump -- file.c`.
fn main() {
    let path = std::env::args().nth(1).expect("usage: dump FILE.c");
    let text = std::fs::read_to_string(&path).expect("read");
    match faultline_lower::compile(&path, &text, &faultline_preproc::FsLoader) {
        Ok(p) => print!("{}", faultline_lower::pretty::program(&p)),
        Err(e) => eprintln!("{e}"),
    }
}
