//! C types as the IR sees them: the LP64 data model of gcc on x86-64 Linux.
//!
//! Scalars are the C integer types and the two IEEE-754 floating types (`float` = binary32,
//! `double` = binary64, as SSE2 computes them under gcc on x86-64), arrays nest them. The
//! floating types are members of [`IntKind`] (the scalar kind) so that every place that stores,
//! copies or compares scalars carries them unchanged: a floating value is held as its IEEE bit
//! pattern, zero-extended (`is_signed` is false, so [`IntKind::wrap`] keeps the pattern). Their
//! arithmetic, comparisons and conversions live in [`crate::float`], shared by the interpreter,
//! the constant folder and the symbolic executor. `Type` is `#[non_exhaustive]` so that structs
//! can be added without every match in the tree silently accepting them.

use serde::Serialize;

/// An integer type after typedef resolution. `char` is signed (x86-64 ABI); enums are `Int`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum IntKind {
    Bool,
    Char,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    LongLong,
    ULongLong,
    /// IEEE-754 binary32, held as its bit pattern.
    Float,
    /// IEEE-754 binary64, held as its bit pattern.
    Double,
    /// A pointer value: an (object, offset) pair, 8 bytes as `sizeof` sees it. Its value is
    /// opaque outside the interpreter (which encodes the pair into one cell, null being 0):
    /// no integer arithmetic, conversion or wrapping applies to it. Pointer arithmetic is
    /// `Binary(Add|Sub, ptr, long)` of type `Ptr` (the `long` already scaled to scalar cells),
    /// `Binary(Sub, ptr, ptr)` of type `long` (a difference in cells) and comparisons of two
    /// `Ptr` operands (ordering only within one object).
    Ptr,
}

impl IntKind {
    /// Width in bits (`_Bool` is stored in 8 bits but only ever holds 0 or 1; its width is 1).
    pub const fn bits(self) -> u32 {
        match self {
            IntKind::Bool => 1,
            IntKind::Char | IntKind::SChar | IntKind::UChar => 8,
            IntKind::Short | IntKind::UShort => 16,
            IntKind::Int | IntKind::UInt => 32,
            IntKind::Long | IntKind::ULong | IntKind::LongLong | IntKind::ULongLong => 64,
            IntKind::Float => 32,
            IntKind::Double => 64,
            IntKind::Ptr => 64,
        }
    }

    /// Size in bytes as `sizeof` reports it.
    pub const fn size_of(self) -> u64 {
        match self {
            IntKind::Bool => 1,
            _ => self.bits() as u64 / 8,
        }
    }

    pub const fn is_signed(self) -> bool {
        matches!(
            self,
            IntKind::Char
                | IntKind::SChar
                | IntKind::Short
                | IntKind::Int
                | IntKind::Long
                | IntKind::LongLong
        )
    }

    /// `float` or `double`.
    pub const fn is_float(self) -> bool {
        matches!(self, IntKind::Float | IntKind::Double)
    }

    /// Integer conversion rank (C11 6.3.1.1); the floating types rank above every integer.
    pub const fn rank(self) -> u8 {
        match self {
            IntKind::Bool => 0,
            IntKind::Char | IntKind::SChar | IntKind::UChar => 1,
            IntKind::Short | IntKind::UShort => 2,
            IntKind::Int | IntKind::UInt => 3,
            IntKind::Long | IntKind::ULong => 4,
            IntKind::LongLong | IntKind::ULongLong => 5,
            IntKind::Float => 6,
            IntKind::Double => 7,
            IntKind::Ptr => 8,
        }
    }

    /// The unsigned type of the same rank.
    pub const fn to_unsigned(self) -> IntKind {
        match self {
            IntKind::Char | IntKind::SChar => IntKind::UChar,
            IntKind::Short => IntKind::UShort,
            IntKind::Int => IntKind::UInt,
            IntKind::Long => IntKind::ULong,
            IntKind::LongLong => IntKind::ULongLong,
            other => other,
        }
    }

    pub const fn min_value(self) -> i128 {
        if self.is_signed() {
            -(1i128 << (self.bits() - 1))
        } else {
            0
        }
    }

    pub const fn max_value(self) -> i128 {
        if self.is_signed() {
            (1i128 << (self.bits() - 1)) - 1
        } else {
            (1i128 << self.bits()) - 1
        }
    }

    /// Integer promotion (C11 6.3.1.1p2): everything narrower than `int` becomes `int`
    /// (floating types are not promoted, except as variadic arguments: see
    /// [`IntKind::promote_variadic`]).
    pub const fn promote(self) -> IntKind {
        if self.rank() < IntKind::Int.rank() {
            IntKind::Int
        } else {
            self
        }
    }

    /// Default argument promotions (C11 6.5.2.2p6): integer promotion, `float` to `double`.
    pub const fn promote_variadic(self) -> IntKind {
        match self {
            IntKind::Float => IntKind::Double,
            k => k.promote(),
        }
    }

    /// Usual arithmetic conversions (C11 6.3.1.8) of two operand types: `double` if either is,
    /// else `float` if either is, else the integer rules.
    pub fn usual_arithmetic(a: IntKind, b: IntKind) -> IntKind {
        if a == IntKind::Double || b == IntKind::Double {
            return IntKind::Double;
        }
        if a == IntKind::Float || b == IntKind::Float {
            return IntKind::Float;
        }
        let (a, b) = (a.promote(), b.promote());
        if a == b {
            return a;
        }
        if a.is_signed() == b.is_signed() {
            return if a.rank() >= b.rank() { a } else { b };
        }
        let (s, u) = if a.is_signed() { (a, b) } else { (b, a) };
        if u.rank() >= s.rank() {
            u
        } else if s.bits() > u.bits() {
            s
        } else {
            s.to_unsigned()
        }
    }

    /// Convert a mathematical integer to this type the way C does (C11 6.3.1.3): to `_Bool`,
    /// nonzero is 1; to an unsigned type, modulo 2^N; to a signed type, gcc's modulo 2^N
    /// (implementation-defined, not undefined). For a floating type this keeps the low bits:
    /// it normalizes a bit pattern, it does not convert a number (that is
    /// [`crate::float::convert`]).
    pub const fn wrap(self, v: i128) -> i128 {
        if let IntKind::Bool = self {
            return (v != 0) as i128;
        }
        if let IntKind::Ptr = self {
            // An encoded (object, offset) pair: never reduced.
            return v;
        }
        let bits = self.bits();
        let mask = (1i128 << bits) - 1;
        let u = v & mask;
        if self.is_signed() && u >> (bits - 1) != 0 {
            u - (1i128 << bits)
        } else {
            u
        }
    }

    /// Whether `v` is a value of this type (for a floating type: a bit pattern of its width).
    pub const fn contains(self, v: i128) -> bool {
        if let IntKind::Ptr = self {
            return v >= 0;
        }
        v >= self.min_value() && v <= self.max_value()
    }

    /// The C spelling, for messages.
    pub const fn c_name(self) -> &'static str {
        match self {
            IntKind::Bool => "_Bool",
            IntKind::Char => "char",
            IntKind::SChar => "signed char",
            IntKind::UChar => "unsigned char",
            IntKind::Short => "short",
            IntKind::UShort => "unsigned short",
            IntKind::Int => "int",
            IntKind::UInt => "unsigned int",
            IntKind::Long => "long",
            IntKind::ULong => "unsigned long",
            IntKind::LongLong => "long long",
            IntKind::ULongLong => "unsigned long long",
            IntKind::Float => "float",
            IntKind::Double => "double",
            IntKind::Ptr => "pointer",
        }
    }
}

/// The type of a variable, parameter or function result.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[non_exhaustive]
pub enum Type {
    Void,
    Int(IntKind),
    /// A fixed-size array `elem[len]` (multi-dimensional arrays nest).
    Array(Box<Type>, u64),
    /// An array parameter (`int a[]`, `int a[][3]`, `int *a` used as an array): a reference to
    /// the first element of an array of `elem` owned by a caller. Its length is the referenced
    /// object's; bounds are checked against that object.
    ArrayRef(Box<Type>),
    /// A pointer `T *` to an object of type `T` (a scalar, a pointer, or an array for a pointer
    /// to rows). A variable of this type holds one [`IntKind::Ptr`] cell. A place based on it
    /// with indices reads through it, as through an [`Type::ArrayRef`]: `p[i]` is
    /// `Place { base: p, indices: [i] }` and `*p` is `p[0]`.
    Ptr(Box<Type>),
}

impl Type {
    pub const INT: Type = Type::Int(IntKind::Int);

    pub fn as_int(&self) -> Option<IntKind> {
        match self {
            Type::Int(k) => Some(*k),
            Type::Ptr(_) => Some(IntKind::Ptr),
            _ => None,
        }
    }

    /// Element type of an array or array reference (or the pointee of a pointer, which
    /// places index like an array reference).
    pub fn elem(&self) -> Option<&Type> {
        match self {
            Type::Array(e, _) | Type::ArrayRef(e) | Type::Ptr(e) => Some(e),
            _ => None,
        }
    }

    /// Number of scalar cells of a fixed-size type (1 for a scalar, 0 for void/ArrayRef).
    pub fn scalar_count(&self) -> u64 {
        match self {
            Type::Int(_) | Type::Ptr(_) => 1,
            Type::Array(e, n) => e.scalar_count().saturating_mul(*n),
            _ => 0,
        }
    }

    /// The scalar type at the bottom of any array nesting.
    pub fn scalar(&self) -> Option<IntKind> {
        match self {
            Type::Int(k) => Some(*k),
            Type::Ptr(_) => Some(IntKind::Ptr),
            Type::Array(e, _) | Type::ArrayRef(e) => e.scalar(),
            _ => None,
        }
    }

    /// Whether this is a pointer type.
    pub fn is_ptr(&self) -> bool {
        matches!(self, Type::Ptr(_))
    }

    /// Whether a pointer type appears anywhere in this type.
    pub fn has_ptr(&self) -> bool {
        match self {
            Type::Ptr(_) => true,
            Type::Array(e, _) | Type::ArrayRef(e) => e.has_ptr(),
            _ => false,
        }
    }

    /// `sizeof`, where defined.
    pub fn size_of(&self) -> Option<u64> {
        match self {
            Type::Int(k) => Some(k.size_of()),
            Type::Ptr(_) => Some(8),
            Type::Array(e, n) => e.size_of()?.checked_mul(*n),
            _ => None,
        }
    }
}

impl std::fmt::Display for Type {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Type::Void => write!(f, "void"),
            Type::Int(k) => write!(f, "{}", k.c_name()),
            Type::Array(e, n) => write!(f, "{e}[{n}]"),
            Type::ArrayRef(e) => write!(f, "{e}[]"),
            Type::Ptr(e) => write!(f, "{e} *"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::IntKind::*;
    use super::*;

    #[test]
    fn conversions_follow_c11() {
        assert_eq!(IntKind::usual_arithmetic(Char, Short), Int);
        assert_eq!(IntKind::usual_arithmetic(Int, UInt), UInt);
        assert_eq!(IntKind::usual_arithmetic(Long, UInt), Long);
        assert_eq!(IntKind::usual_arithmetic(LongLong, ULong), ULongLong);
        assert_eq!(IntKind::usual_arithmetic(UChar, UShort), Int);
    }

    #[test]
    fn wrap_is_modular() {
        assert_eq!(Char.wrap(200), -56);
        assert_eq!(UChar.wrap(-1), 255);
        assert_eq!(UInt.wrap(-1), 4294967295);
        assert_eq!(Int.wrap(2147483648), -2147483648);
        assert_eq!(Bool.wrap(-7), 1);
        assert_eq!(ULongLong.wrap(-1), u64::MAX as i128);
    }
}
