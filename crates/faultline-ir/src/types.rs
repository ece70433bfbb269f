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
    ///
    /// A pointer to a struct points to the first cell of the struct's first leaf (see
    /// [`Type::leaves`]; struct objects are scalarized into leaves laid out one after another,
    /// each leaf an array over the object's elements). A place through it has the indices
    /// `[element, leaf number (a constant), the leaf's own indices…]`: `p->x` is
    /// `Place { base: p, indices: [0, x's leaf] }`. Its step (`p + 1`) is the cell count of one
    /// element of the first leaf ([`Type::ptr_step`]).
    Ptr(Box<Type>),
    /// A struct or union. The lowerer scalarizes objects of these types (one variable per
    /// scalar or array leaf, see [`Type::leaves`]), so the interpreter and the symbolic executor
    /// never see one: this type exists for typing, `sizeof` and messages.
    Struct(Box<StructDef>),
    /// A pointer to a function of this type (`int (*op)(int, int)`). A variable of it holds
    /// one [`IntKind::Long`] cell (gcc's size and alignment of a function pointer): the number
    /// of the function it points to (its index in [`crate::Program`]'s functions plus one;
    /// 0 is the null pointer). The lowerer gives variables their [`Type::storage`] type and
    /// lowers a call through one to a `switch` of direct calls, so no later stage sees this.
    FnPtr(Box<FnSig>),
}

/// What a function pointer points to: the result and parameter types (parameters as adjusted
/// for the definition: an array or scalar pointer parameter is an [`Type::ArrayRef`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct FnSig {
    pub ret: Type,
    pub params: Vec<Type>,
}

/// A struct or union definition. `id` makes two definitions with the same fields different
/// types, as in C. Equality is by `id` alone: a struct's member pointing to the struct itself
/// (`struct node *next`) holds an incomplete copy of the definition (no fields), which is the
/// same type as the complete one.
#[derive(Clone, Debug, Serialize)]
pub struct StructDef {
    pub id: u32,
    pub tag: Option<String>,
    pub is_union: bool,
    /// Members in declaration order.
    pub fields: Vec<(String, Type)>,
}

impl PartialEq for StructDef {
    fn eq(&self, other: &StructDef) -> bool {
        self.id == other.id
    }
}

impl Eq for StructDef {}

impl std::hash::Hash for StructDef {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.id.hash(h);
    }
}

impl StructDef {
    /// A tag declared but whose members are not (yet) known: `struct node` inside its own
    /// definition, or before it. Only pointers to it can be formed.
    pub fn is_incomplete(&self) -> bool {
        self.fields.is_empty()
    }

    /// The member `name`: its position and type.
    pub fn field(&self, name: &str) -> Option<(usize, &Type)> {
        self.fields
            .iter()
            .enumerate()
            .find(|(_, (n, _))| n == name)
            .map(|(i, (_, t))| (i, t))
    }

    /// `struct tag` / `union tag` / `struct <anonymous>`, for messages.
    pub fn c_name(&self) -> String {
        let kw = if self.is_union { "union" } else { "struct" };
        match &self.tag {
            Some(t) => format!("{kw} {t}"),
            None => format!("{kw} <anonymous>"),
        }
    }
}

impl Type {
    pub const INT: Type = Type::Int(IntKind::Int);

    pub fn as_int(&self) -> Option<IntKind> {
        match self {
            Type::Int(k) => Some(*k),
            Type::Ptr(_) => Some(IntKind::Ptr),
            Type::FnPtr(_) => Some(IntKind::Long),
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
            Type::Int(_) | Type::Ptr(_) | Type::FnPtr(_) => 1,
            Type::Array(e, n) => e.scalar_count().saturating_mul(*n),
            // Every member's cells in declaration order (a union's members too: the lowerer
            // gives each member its own storage).
            Type::Struct(d) => d
                .fields
                .iter()
                .fold(0u64, |a, (_, t)| a.saturating_add(t.scalar_count())),
            _ => 0,
        }
    }

    /// The scalar type at the bottom of any array nesting.
    pub fn scalar(&self) -> Option<IntKind> {
        match self {
            Type::Int(k) => Some(*k),
            Type::Ptr(_) => Some(IntKind::Ptr),
            Type::FnPtr(_) => Some(IntKind::Long),
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

    /// `sizeof`, where defined: gcc's x86-64 layout (each member at the next multiple of its
    /// alignment, the whole rounded up to the largest alignment; a union as large as its
    /// largest member, rounded likewise).
    pub fn size_of(&self) -> Option<u64> {
        match self {
            Type::Int(k) => Some(k.size_of()),
            Type::Ptr(_) | Type::FnPtr(_) => Some(8),
            Type::Array(e, n) => e.size_of()?.checked_mul(*n),
            Type::Struct(d) if d.is_incomplete() => None,
            Type::Struct(d) => {
                let align = self.align_of()?;
                let mut size: u64 = 0;
                for (_, t) in &d.fields {
                    let (fs, fa) = (t.size_of()?, t.align_of()?);
                    if d.is_union {
                        size = size.max(fs);
                    } else {
                        size = size.div_ceil(fa).checked_mul(fa)?.checked_add(fs)?;
                    }
                }
                size.div_ceil(align).checked_mul(align)
            }
            _ => None,
        }
    }

    /// `_Alignof` on x86-64 (scalars are aligned to their size).
    pub fn align_of(&self) -> Option<u64> {
        match self {
            Type::Int(k) => Some(k.size_of()),
            Type::Ptr(_) | Type::FnPtr(_) => Some(8),
            Type::Array(e, _) => e.align_of(),
            Type::Struct(d) => d
                .fields
                .iter()
                .try_fold(1, |a, (_, t)| Some(a.max(t.align_of()?))),
            _ => None,
        }
    }

    /// Cells a pointer to this type steps over per element (`p + 1`): the scalar count, except
    /// for a struct, whose objects are scalarized into leaves and whose pointers point into the
    /// first leaf (see [`Type::Ptr`]).
    pub fn ptr_step(&self) -> u64 {
        match self {
            Type::Struct(_) => self.leaves().first().map_or(0, |(_, t)| t.scalar_count()),
            t => t.scalar_count(),
        }
    }

    /// Whether a struct or union is part of this type (itself, or as array elements).
    pub fn has_struct(&self) -> bool {
        match self {
            Type::Struct(_) => true,
            Type::Array(e, _) | Type::ArrayRef(e) => e.has_struct(),
            _ => false,
        }
    }

    /// The scalarized form of an object of this type: one `(path, type)` per scalar or array
    /// leaf, in declaration order. An array of structs distributes over the members (structure
    /// of arrays): `struct { int x; char n[4]; } a[10]` has leaves `.x: int[10]` and
    /// `.n: char[10][4]`, so `a[i].n[j]` is the cell `[i][j]` of leaf `.n`, and the existing
    /// array machinery (bounds, indices, array parameters) serves every member.
    pub fn leaves(&self) -> Vec<(String, Type)> {
        match self {
            Type::Struct(d) => d
                .fields
                .iter()
                .flat_map(|(n, t)| {
                    t.leaves()
                        .into_iter()
                        .map(move |(p, lt)| (format!(".{n}{p}"), lt))
                })
                .collect(),
            Type::Array(e, n) if e.has_struct() => e
                .leaves()
                .into_iter()
                .map(|(p, t)| (p, Type::Array(Box::new(t), *n)))
                .collect(),
            Type::ArrayRef(e) if e.has_struct() => e
                .leaves()
                .into_iter()
                .map(|(p, t)| (p, Type::ArrayRef(Box::new(t))))
                .collect(),
            t => vec![(String::new(), t.storage())],
        }
    }

    /// The structs nested in this struct (its struct members, and theirs in turn; not inside
    /// arrays or unions), each as (the index in [`Type::leaves`] of its first leaf, its struct
    /// id): a pointer to such a member (`&b->hi`) points into that leaf of an object of this
    /// type, and reaches the member's other leaves as the next ones.
    pub fn nested_structs(&self) -> Vec<(usize, u32)> {
        let mut out = Vec::new();
        let Type::Struct(d) = self else {
            return out;
        };
        if d.is_union {
            return out;
        }
        let mut at = 0;
        for (_, t) in &d.fields {
            if let Type::Struct(inner) = t {
                if !inner.is_union {
                    out.push((at, inner.id));
                }
                out.extend(t.nested_structs().into_iter().map(|(j, id)| (at + j, id)));
            }
            at += t.leaves().len();
        }
        out
    }

    /// Whether a variable of this type holds function pointers: one, an array of them, or a
    /// pointer to them (what [`Type::storage`] erases to `long`).
    pub fn holds_fn_pointers(&self) -> bool {
        match self {
            Type::FnPtr(_) => true,
            Type::Array(e, _) | Type::ArrayRef(e) | Type::Ptr(e) => e.holds_fn_pointers(),
            _ => false,
        }
    }

    /// For each of [`Type::leaves`], whether it holds function pointers (a struct member
    /// `int (*f)(int)`), which its storage type no longer says.
    pub fn fn_pointer_leaves(&self) -> Vec<bool> {
        match self {
            Type::Struct(d) => d
                .fields
                .iter()
                .flat_map(|(_, t)| t.fn_pointer_leaves())
                .collect(),
            Type::Array(e, _) | Type::ArrayRef(e) if e.has_struct() => e.fn_pointer_leaves(),
            t => vec![t.holds_fn_pointers()],
        }
    }

    /// The type a variable of this type has in the IR: a function pointer is a `long` cell
    /// (see [`Type::FnPtr`]), in arrays and behind pointers too; a struct keeps its members (its leaves are
    /// erased by [`Type::leaves`]).
    pub fn storage(&self) -> Type {
        match self {
            Type::FnPtr(_) => Type::Int(IntKind::Long),
            // `int (**pp)(int)`, `binop *fs`: a pointer to `long` cells.
            Type::Ptr(e) => Type::Ptr(Box::new(e.storage())),
            Type::Array(e, n) => Type::Array(Box::new(e.storage()), *n),
            Type::ArrayRef(e) => Type::ArrayRef(Box::new(e.storage())),
            t => t.clone(),
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
            Type::Struct(d) => write!(f, "{}", d.c_name()),
            Type::Ptr(e) => write!(f, "{e} *"),
            Type::FnPtr(s) => {
                write!(f, "{} (*)(", s.ret)?;
                if s.params.is_empty() {
                    write!(f, "void")?;
                }
                for (i, p) in s.params.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    match p {
                        Type::ArrayRef(e) => write!(f, "{e} *")?,
                        p => write!(f, "{p}")?,
                    }
                }
                write!(f, ")")
            }
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

    fn def(is_union: bool, fields: Vec<(&str, Type)>) -> Type {
        Type::Struct(Box::new(StructDef {
            id: 0,
            tag: None,
            is_union,
            fields: fields
                .into_iter()
                .map(|(n, t)| (n.to_string(), t))
                .collect(),
        }))
    }

    #[test]
    fn struct_layout_is_gcc_x86_64() {
        // struct { char c; int i; char d; } is 12 bytes: 3 padding bytes after each char.
        let s = def(
            false,
            vec![
                ("c", Type::Int(Char)),
                ("i", Type::INT),
                ("d", Type::Int(Char)),
            ],
        );
        assert_eq!((s.size_of(), s.align_of()), (Some(12), Some(4)));
        // struct { char name[20]; double gpa; int id; } : 20 -> 24, +8 = 32, +4 = 36 -> 40.
        let r = def(
            false,
            vec![
                ("name", Type::Array(Box::new(Type::Int(Char)), 20)),
                ("gpa", Type::Int(Double)),
                ("id", Type::INT),
            ],
        );
        assert_eq!(r.size_of(), Some(40));
        let u = def(true, vec![("c", Type::Int(Char)), ("l", Type::Int(Long))]);
        assert_eq!(u.size_of(), Some(8));
        let arr = Type::Array(Box::new(s.clone()), 3);
        assert_eq!(arr.size_of(), Some(36));
        let leaves: Vec<String> = Type::Array(Box::new(r), 5)
            .leaves()
            .into_iter()
            .map(|(p, t)| format!("{p}:{t}"))
            .collect();
        assert_eq!(
            leaves,
            [".name:char[20][5]", ".gpa:double[5]", ".id:int[5]"]
        );
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
