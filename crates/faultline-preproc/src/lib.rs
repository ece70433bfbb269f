//! The preprocessor subset Faultline supports.
//!
//! API contract (other crates rely on it):
//! * [`preprocess`] takes the main file's path and text and a [`FileLoader`] for local includes
//!   (the core does no I/O: the CLI passes [`FsLoader`], the language server an overlay of open
//!   documents).
//! * [`Preprocessed::text`] is the expanded translation unit that tree-sitter parses;
//!   [`Preprocessed::span`] maps a byte range of it back to a [`Span`] in an original file (for a
//!   macro expansion, the use site; for a token that came from a macro argument, where the
//!   argument was written).
//!
//! Supported: local `#include "…"` (relative to the including file, `#pragma once`, guards), the
//! standard headers in [`STD_HEADERS`] (known, not read; they define glibc's macros), object- and
//! function-like macros with `#`, `##` and `__VA_ARGS__`, `__LINE__`/`__FILE__`, and the
//! conditional directives. Directive lines and skipped lines become blank lines, so text without
//! macros or includes comes out byte for byte.
//!
//! Not supported (reported as errors, never silently wrong): directives inside macro arguments,
//! other system headers, `#include_next`. Ignored: `#line`, `#pragma` (except `once`),
//! `#warning`. Digraphs and `__VA_OPT__` are not recognised.
//!
//! Resource bounds (errors, never hangs): [`MAX_INCLUDE_DEPTH`], [`MAX_INCLUDES`],
//! [`MAX_OUTPUT`], and an expansion budget of a few million tokens.
//!
//! Modules: `lexer` tokens, `macros` definitions, `expand` expansion, `expr` `#if`
//! arithmetic, `driver` the directive walk, `map` the output and its source map, `headers` the
//! standard headers, `path` include resolution.

mod driver;
mod expand;
mod expr;
pub mod fs;
mod headers;
mod lexer;
mod macros;
mod map;
mod path;
mod token;

use faultline_ir::{ErrorKind, FrontendError, FrontendErrors, SourceFile, SourceFiles, Span};

pub use driver::{MAX_INCLUDES, MAX_INCLUDE_DEPTH};
pub use fs::{ReadError, SourcePolicy, MAX_FILE_BYTES};
pub use headers::{std_header_macros, STD_HEADERS};
pub use map::MAX_OUTPUT;
pub(crate) use token::PTok;

/// Loads local `#include "…"` files. Paths are already resolved relative to the including file.
/// An error names why, never the content ([`ReadError::NotFound`] lets `#include "stdio.h"`
/// fall back to the standard header).
pub trait FileLoader {
    fn load(&self, path: &str) -> Result<String, ReadError>;
}

/// Reads includes from the file system anywhere, but only regular files of at most
/// [`MAX_FILE_BYTES`], without blocking (tools and tests; users get a [`SourcePolicy`]).
pub struct FsLoader;

impl FileLoader for FsLoader {
    fn load(&self, path: &str) -> Result<String, ReadError> {
        fs::decode_utf8(fs::read_regular(
            std::path::Path::new(path),
            MAX_FILE_BYTES,
        )?)
    }
}

/// An in-memory loader (tests, the language server's open documents): path → text.
impl FileLoader for std::collections::HashMap<String, String> {
    fn load(&self, path: &str) -> Result<String, ReadError> {
        self.get(path).cloned().ok_or(ReadError::NotFound)
    }
}

/// `text` with every lone carriage return made a newline (same length). gcc takes a CR not
/// followed by LF as a line break; without this a file saved with old Mac line endings is one
/// line, whose first `//` comment hides everything after it.
pub fn normalize_line_ends(text: &str) -> std::borrow::Cow<'_, str> {
    let b = text.as_bytes();
    let lone = |i: usize| b[i] == b'\r' && b.get(i + 1) != Some(&b'\n');
    if !(0..b.len()).any(lone) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = b.to_vec();
    for (i, c) in out.iter_mut().enumerate() {
        if lone(i) {
            *c = b'\n';
        }
    }
    // Only an ASCII byte replaced by another.
    std::borrow::Cow::Owned(String::from_utf8(out).expect("still UTF-8"))
}

/// The expanded translation unit and its map back to the original files.
#[derive(Clone, Debug)]
pub struct Preprocessed {
    pub text: String,
    pub files: SourceFiles,
    /// The standard headers the translation unit included (e.g. `"stdio.h"`), in order.
    pub std_headers: Vec<String>,
    map: map::SourceMap,
}

impl Preprocessed {
    /// The original span of the expanded byte range `[start, end)`.
    ///
    /// Verbatim text maps exactly; a macro-produced token maps to its outermost use site (name
    /// through `)`); a token from a macro argument maps to where it was written. When the two
    /// ends land in different files or out of order, the span covers `start`'s segment. Never
    /// panics: out-of-range offsets are clamped.
    pub fn span(&self, start: usize, end: usize) -> Span {
        self.map.span(self.text.len(), start, end)
    }
}

/// Preprocess `text` (the contents of `path`).
pub fn preprocess(
    path: &str,
    text: &str,
    loader: &dyn FileLoader,
) -> Result<Preprocessed, FrontendErrors> {
    preprocess_with(path, text, loader, &[])
}

/// [`preprocess`] with macros defined beforehand, like `-D`: `("DEBUG", "1")`,
/// `("SQ(x)", "((x)*(x))")`. Errors in them are reported at the start of the main file.
pub fn preprocess_with(
    path: &str,
    text: &str,
    loader: &dyn FileLoader,
    predefined: &[(&str, &str)],
) -> Result<Preprocessed, FrontendErrors> {
    let mut d = driver::Driver::new(loader);
    let main = d
        .files
        .add(SourceFile::new(path, normalize_line_ends(text).as_ref()));
    let at = Span::new(main, 0, 0);
    for (name, body) in headers::PREDEFINED.iter().chain(predefined) {
        let toks = token::lex_detached(&format!("{name} {body}"), at);
        if let Err(m) = d.macros.define(&toks) {
            d.error(at, format!("in predefined macro {name}: {m}"));
        }
    }
    d.process_file(main, 0);
    if !d.errors.is_empty() {
        let errors = d
            .errors
            .into_iter()
            .map(|(span, m)| {
                // What C allows but Faultline does not model is `unsupported`, like the
                // lowerer's errors; the rest are errors in the preprocessor's input.
                let kind = if m.starts_with("unsupported: ") {
                    ErrorKind::Unsupported
                } else {
                    ErrorKind::Preprocessor
                };
                FrontendError::new(kind, span, m)
            })
            .collect();
        return Err(FrontendErrors {
            files: d.files,
            errors,
        });
    }
    Ok(Preprocessed {
        text: d.out.text,
        files: d.files,
        std_headers: d.std_headers,
        map: d.out.map,
    })
}

#[cfg(test)]
mod tests_support {
    use faultline_ir::FileId;

    use crate::PTok;

    /// Significant tokens of `s` as file 0.
    pub fn ptoks(s: &str) -> Vec<PTok> {
        let (raw, _) = crate::lexer::lex(s);
        crate::token::significant(s, FileId(0), &raw)
    }
}

#[cfg(test)]
mod tests;
