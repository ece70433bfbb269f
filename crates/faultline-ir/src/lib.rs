//! The typed, lowered IR of a C translation unit: what the interpreter runs and the encoder
//! encodes ("one pipeline, one truth"). Pure data and pure helpers: no I/O here.
//!
//! * [`source`]: original files, spans, line/column mapping.
//! * [`types`]: C integer types on LP64 and their conversions.
//! * [`program`]: functions, statements, pure expressions, places.
//! * [`format`]: parsed `printf`/`scanf` format strings.
//! * [`diag`]: located front-end errors.

pub mod diag;
pub mod format;
pub mod program;
pub mod source;
pub mod types;

pub use diag::{ErrorKind, FrontendError, FrontendErrors};
pub use program::*;
pub use source::{FileId, LineCol, Location, SourceFile, SourceFiles, Span};
pub use types::{IntKind, Type};
