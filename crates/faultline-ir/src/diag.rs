//! Front-end diagnostics: why a file cannot be analysed, at which construct.

use serde::Serialize;

use crate::source::{Location, SourceFiles, Span};

/// The stage that rejected the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// `#include` of a missing file, malformed directive, bad macro use.
    Preprocessor,
    /// tree-sitter found a syntax error.
    Syntax,
    /// Valid C that Faultline does not support (floats, structs, pointers…).
    Unsupported,
    /// Invalid C: undeclared name, wrong argument count, non-constant array size…
    Semantic,
}

/// One located front-end error.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct FrontendError {
    pub kind: ErrorKind,
    pub span: Span,
    pub message: String,
}

impl FrontendError {
    pub fn new(kind: ErrorKind, span: Span, message: impl Into<String>) -> Self {
        FrontendError {
            kind,
            span,
            message: message.into(),
        }
    }

    pub fn unsupported(span: Span, what: impl std::fmt::Display) -> Self {
        Self::new(ErrorKind::Unsupported, span, format!("unsupported: {what}"))
    }

    /// `path:line:col: kind: message`, as compilers print it.
    pub fn render(&self, files: &SourceFiles) -> String {
        let loc: Location = files.locate(self.span);
        let kind = match self.kind {
            ErrorKind::Preprocessor => "preprocessor error",
            ErrorKind::Syntax => "syntax error",
            ErrorKind::Unsupported => "error",
            ErrorKind::Semantic => "error",
        };
        format!("{loc}: {kind}: {}", self.message)
    }
}

/// Errors of one translation unit (at least one), with the files they point into.
#[derive(Clone, Debug)]
pub struct FrontendErrors {
    pub files: SourceFiles,
    pub errors: Vec<FrontendError>,
}

impl std::fmt::Display for FrontendErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, e) in self.errors.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{}", e.render(&self.files))?;
        }
        Ok(())
    }
}

impl std::error::Error for FrontendErrors {}
