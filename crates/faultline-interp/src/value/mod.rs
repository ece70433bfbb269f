//! Integer values as the interpreter stores them.
//!
//! Every scalar is an `i128` holding the mathematical value of its C type (an `unsigned long` is
//! `0..2^64`, never a negative bit pattern), so comparisons and conversions need no type-dependent
//! decoding. Two values outside every C type's range mark cells that cannot be read.

pub mod arith;

/// An indeterminate cell (a local before its first store, or after its `Decl` runs again).
pub const UNINIT: i128 = i128::MIN;
/// The destination of a call to a non-void function that fell off its end.
pub const MISSING_RETURN: i128 = i128::MIN + 1;

/// Whether `v` is a real value (not one of the markers).
#[inline]
pub const fn is_value(v: i128) -> bool {
    v > MISSING_RETURN
}
