//! Arbitrary bytes as a `faultline.toml`: loading a file's tests gives tests or one located
//! configuration error, never a panic or a hang, and reads nothing outside the project (the
//! project here is a fixed temporary directory holding `main.c`, a `cases/` directory and the
//! fuzzed `faultline.toml`).
#![no_main]

use std::path::PathBuf;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;

const MAIN: &str = "int main(void) { int x; if (scanf(\"%d\", &x) != 1) return 1; \
                    printf(\"%d\\n\", x + 1); return 0; }\n";

/// The project directory, made once per fuzzing process.
fn project() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir =
            std::env::temp_dir().join(format!("faultline-fuzz-config-{}", std::process::id()));
        let cases = dir.join("cases");
        std::fs::create_dir_all(&cases).expect("a temporary directory");
        std::fs::write(dir.join("main.c"), MAIN).expect("main.c");
        std::fs::write(cases.join("one.in"), "1\n").expect("one.in");
        std::fs::write(cases.join("one.out"), "2\n").expect("one.out");
        std::fs::write(cases.join("one.args"), "a b\n").expect("one.args");
        std::fs::write(cases.join("one.exit"), "0\n").expect("one.exit");
        dir
    })
}

fuzz_target!(|data: &[u8]| {
    // The pure parser on the text, however it decodes.
    let text = String::from_utf8_lossy(data);
    match faultline_runner::config::parse_config("faultline.toml", &text) {
        Ok(config) => {
            for program in &config.programs {
                let _ = program.pattern();
            }
        }
        Err(e) => {
            // Located inside the text (line 0 only for an unreadable file).
            let lines = text.split('\n').count() as u32;
            assert!(e.line >= 1 && e.line <= lines, "{e}");
        }
    }
    // The whole front door on the raw bytes: find, read and decode the config, match the
    // program entries (names and patterns), read `cases_dir`, build the suite.
    let dir = project();
    let config = dir.join("faultline.toml");
    std::fs::write(&config, data).expect("write faultline.toml");
    let main = dir.join("main.c");
    match faultline_runner::load_source(&main, MAIN) {
        Ok(loaded) => {
            if let Ok(Some(found)) = faultline_runner::discover::find_config(&main) {
                for program in &found.config.programs {
                    // The walk stays below the project (links are not followed).
                    for f in faultline_runner::discover::program_files(&found.path, program) {
                        assert!(f.starts_with(dir), "{}", f.display());
                    }
                }
            }
            let _ = loaded.suite;
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
