//! The typed, lowered IR of a C translation unit: what the interpreter runs and the encoder
//! encodes ("one pipeline, one truth"). Pure data and pure helpers: no I/O here.
//!
//! * [`source`]: original files, spans, line/column mapping.
//! * [`types`]: C scalar types on LP64 (integers, `float`, `double`) and their conversions.
//! * [`float`]: IEEE-754 arithmetic, comparisons, conversions and `math.h` on bit patterns.
//! * [`program`]: functions, statements, pure expressions, places.
//! * [`format`]: parsed `printf`/`scanf` format strings.
//! * [`diag`]: located front-end errors.

pub mod diag;
pub mod float;
pub mod format;
pub mod program;
pub mod source;
pub mod types;

pub use diag::{ErrorKind, FrontendError, FrontendErrors};
pub use program::*;
pub use source::{FileId, LineCol, Location, SourceFile, SourceFiles, Span};
pub use types::{FnSig, IntKind, StructDef, Type};
