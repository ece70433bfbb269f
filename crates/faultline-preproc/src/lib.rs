//! The preprocessor subset Faultline supports.
//!
//! API contract (other crates rely on it):
//! * [`preprocess`] takes the main file's path and text and a [`FileLoader`] for local includes
//!   (the core does no I/O: the CLI passes [`FsLoader`], the language server an overlay of open
//!   documents).
//! * [`Preprocessed::text`] is the expanded translation unit that tree-sitter parses;
//!   [`Preprocessed::span`] maps a byte range of it back to a [`Span`] in an original file (for a
//!   macro expansion, the use site).
//!
//! NOTE: this is the initial pass-through skeleton; directives are being implemented.

use faultline_ir::{FileId, FrontendErrors, SourceFile, SourceFiles, Span};

/// Loads local `#include "…"` files. Paths are already resolved relative to the including file.
pub trait FileLoader {
    fn load(&self, path: &str) -> Option<String>;
}

/// Reads includes from the file system.
pub struct FsLoader;

impl FileLoader for FsLoader {
    fn load(&self, path: &str) -> Option<String> {
        std::fs::read_to_string(path).ok()
    }
}

/// The expanded translation unit and its map back to the original files.
#[derive(Clone, Debug)]
pub struct Preprocessed {
    pub text: String,
    pub files: SourceFiles,
}

impl Preprocessed {
    /// The original span of the expanded byte range `[start, end)`.
    pub fn span(&self, start: usize, end: usize) -> Span {
        Span::new(FileId(0), start as u32, end as u32)
    }
}

/// Preprocess `text` (the contents of `path`).
pub fn preprocess(
    path: &str,
    text: &str,
    _loader: &dyn FileLoader,
) -> Result<Preprocessed, FrontendErrors> {
    let mut files = SourceFiles::new();
    files.add(SourceFile::new(path, text));
    Ok(Preprocessed {
        text: text.to_string(),
        files,
    })
}
