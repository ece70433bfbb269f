//! Source files and spans.
//!
//! Every IR node carries a [`Span`] into one of the user's *original* files (never into the
//! preprocessed text): for a macro expansion the span is the macro's use site. Lines and columns
//! are 1-based; columns count bytes (the language server converts to UTF-16 itself).

use std::sync::Arc;

use serde::Serialize;

/// Index of a file in [`SourceFiles`]. File 0 is the file the user asked about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct FileId(pub u32);

/// A byte range `[start, end)` in one original source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Span {
    pub file: FileId,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub const fn new(file: FileId, start: u32, end: u32) -> Self {
        Span { file, start, end }
    }

    /// The smallest span covering both (when in different files, `self`).
    pub fn to(self, other: Span) -> Span {
        if self.file != other.file {
            return self;
        }
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// A 1-based line/column position (column in bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct LineCol {
    pub line: u32,
    pub column: u32,
}

/// One original source file as read (or as held by the editor).
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The path as the user or the `#include` named it, normalised by the loader.
    pub path: String,
    pub text: Arc<str>,
    line_starts: Vec<u32>,
}

impl SourceFile {
    pub fn new(path: impl Into<String>, text: impl Into<Arc<str>>) -> Self {
        let text: Arc<str> = text.into();
        let mut line_starts = vec![0u32];
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                line_starts.push(i as u32 + 1);
            }
        }
        SourceFile {
            path: path.into(),
            text,
            line_starts,
        }
    }

    /// 1-based line and byte column of a byte offset (clamped to the text).
    pub fn line_col(&self, offset: u32) -> LineCol {
        let offset = offset.min(self.text.len() as u32);
        let line = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        LineCol {
            line: line as u32 + 1,
            column: offset - self.line_starts[line] + 1,
        }
    }

    /// Byte offset of the start of a 1-based line, if it exists.
    pub fn line_start(&self, line: u32) -> Option<u32> {
        self.line_starts
            .get((line as usize).checked_sub(1)?)
            .copied()
    }

    pub fn line_count(&self) -> u32 {
        self.line_starts.len() as u32
    }

    /// The text of a span (empty if out of range).
    pub fn slice(&self, start: u32, end: u32) -> &str {
        self.text.get(start as usize..end as usize).unwrap_or("")
    }
}

/// All original files that went into one translation unit.
#[derive(Clone, Debug, Default)]
pub struct SourceFiles {
    files: Vec<SourceFile>,
}

impl SourceFiles {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn add(&mut self, file: SourceFile) -> FileId {
        self.files.push(file);
        FileId(self.files.len() as u32 - 1)
    }

    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    pub fn find(&self, path: &str) -> Option<FileId> {
        self.files
            .iter()
            .position(|f| f.path == path)
            .map(|i| FileId(i as u32))
    }

    pub fn iter(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files
            .iter()
            .enumerate()
            .map(|(i, f)| (FileId(i as u32), f))
    }

    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// Resolve a span to a located range for reporting.
    pub fn locate(&self, span: Span) -> Location {
        let f = self.get(span.file);
        Location {
            path: f.path.clone(),
            start: f.line_col(span.start),
            end: f.line_col(span.end),
        }
    }

    /// The source text a span covers.
    pub fn text(&self, span: Span) -> &str {
        self.get(span.file).slice(span.start, span.end)
    }
}

/// A span resolved to path, lines and columns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Location {
    pub path: String,
    pub start: LineCol,
    pub end: LineCol,
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}", self.path, self.start.line, self.start.column)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_is_one_based_and_clamped() {
        let f = SourceFile::new("a.c", "ab\ncd\n");
        assert_eq!(f.line_col(0), LineCol { line: 1, column: 1 });
        assert_eq!(f.line_col(3), LineCol { line: 2, column: 1 });
        assert_eq!(f.line_col(4), LineCol { line: 2, column: 2 });
        assert_eq!(f.line_col(99), LineCol { line: 3, column: 1 });
        assert_eq!(f.line_start(2), Some(3));
        assert_eq!(f.line_start(0), None);
    }
}
