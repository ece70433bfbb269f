//! The standard headers Faultline knows without reading them, and the glibc (x86-64, LP64)
//! macros of each that the supported C subset can use. Their functions are built into the
//! lowerer; only macros live here, and only after the header is included (gcc rejects `INT_MAX`
//! without `<limits.h>`, so we do too).

/// Every supported `<header>`.
pub const STD_HEADERS: &[&str] = &[
    "stdio.h",
    "stdlib.h",
    "assert.h",
    "stdbool.h",
    "limits.h",
    "string.h",
    "math.h",
    "ctype.h",
    "stdint.h",
    "inttypes.h",
    "stddef.h",
];

/// The other headers of the C standard library (C11) and the POSIX ones programs commonly
/// include: known by name, so that including one is "unsupported: header <time.h> of the C
/// standard library" rather than an unknown file.
pub const OTHER_STD_HEADERS: &[&str] = &[
    "complex.h",
    "errno.h",
    "fenv.h",
    "float.h",
    "iso646.h",
    "locale.h",
    "setjmp.h",
    "signal.h",
    "stdalign.h",
    "stdarg.h",
    "stdatomic.h",
    "stdnoreturn.h",
    "tgmath.h",
    "threads.h",
    "time.h",
    "uchar.h",
    "wchar.h",
    "wctype.h",
    "unistd.h",
    "fcntl.h",
    "pthread.h",
    "sys/types.h",
    "sys/stat.h",
    "sys/time.h",
    "strings.h",
    "malloc.h",
];

/// `<stdint.h>` (glibc, LP64). The types themselves are known to the lowerer.
const STDINT: &[(&str, &str)] = &[
    ("INT8_MIN", "(-128)"),
    ("INT16_MIN", "(-32767-1)"),
    ("INT32_MIN", "(-2147483647-1)"),
    ("INT64_MIN", "(-9223372036854775807L-1)"),
    ("INT8_MAX", "(127)"),
    ("INT16_MAX", "(32767)"),
    ("INT32_MAX", "(2147483647)"),
    ("INT64_MAX", "(9223372036854775807L)"),
    ("UINT8_MAX", "(255)"),
    ("UINT16_MAX", "(65535)"),
    ("UINT32_MAX", "(4294967295U)"),
    ("UINT64_MAX", "(18446744073709551615UL)"),
    ("INTMAX_MIN", "(-9223372036854775807L-1)"),
    ("INTMAX_MAX", "(9223372036854775807L)"),
    ("UINTMAX_MAX", "(18446744073709551615UL)"),
    ("INTPTR_MIN", "(-9223372036854775807L-1)"),
    ("INTPTR_MAX", "(9223372036854775807L)"),
    ("UINTPTR_MAX", "(18446744073709551615UL)"),
    ("PTRDIFF_MIN", "(-9223372036854775807L-1)"),
    ("PTRDIFF_MAX", "(9223372036854775807L)"),
    ("SIZE_MAX", "(18446744073709551615UL)"),
    ("INT8_C(c)", "c"),
    ("INT16_C(c)", "c"),
    ("INT32_C(c)", "c"),
    ("INT64_C(c)", "c ## L"),
    ("UINT8_C(c)", "c"),
    ("UINT16_C(c)", "c"),
    ("UINT32_C(c)", "c ## U"),
    ("UINT64_C(c)", "c ## UL"),
    ("INTMAX_C(c)", "c ## L"),
    ("UINTMAX_C(c)", "c ## UL"),
];

/// `<inttypes.h>`'s format macros (glibc, LP64: 64-bit is `l`).
const INTTYPES: &[(&str, &str)] = &[
    ("PRId8", "\"d\""),
    ("PRId16", "\"d\""),
    ("PRId32", "\"d\""),
    ("PRId64", "\"ld\""),
    ("PRIi8", "\"i\""),
    ("PRIi16", "\"i\""),
    ("PRIi32", "\"i\""),
    ("PRIi64", "\"li\""),
    ("PRIu8", "\"u\""),
    ("PRIu16", "\"u\""),
    ("PRIu32", "\"u\""),
    ("PRIu64", "\"lu\""),
    ("PRIx8", "\"x\""),
    ("PRIx16", "\"x\""),
    ("PRIx32", "\"x\""),
    ("PRIx64", "\"lx\""),
    ("PRIX8", "\"X\""),
    ("PRIX16", "\"X\""),
    ("PRIX32", "\"X\""),
    ("PRIX64", "\"lX\""),
    ("PRIo8", "\"o\""),
    ("PRIo16", "\"o\""),
    ("PRIo32", "\"o\""),
    ("PRIo64", "\"lo\""),
    ("PRIdMAX", "\"ld\""),
    ("PRIiMAX", "\"li\""),
    ("PRIuMAX", "\"lu\""),
    ("PRIxMAX", "\"lx\""),
    ("PRIdPTR", "\"ld\""),
    ("PRIuPTR", "\"lu\""),
    ("SCNd8", "\"hhd\""),
    ("SCNd16", "\"hd\""),
    ("SCNd32", "\"d\""),
    ("SCNd64", "\"ld\""),
    ("SCNi8", "\"hhi\""),
    ("SCNi16", "\"hi\""),
    ("SCNi32", "\"i\""),
    ("SCNi64", "\"li\""),
    ("SCNu8", "\"hhu\""),
    ("SCNu16", "\"hu\""),
    ("SCNu32", "\"u\""),
    ("SCNu64", "\"lu\""),
    ("SCNx8", "\"hhx\""),
    ("SCNx16", "\"hx\""),
    ("SCNx32", "\"x\""),
    ("SCNx64", "\"lx\""),
    ("SCNdMAX", "\"ld\""),
    ("SCNuMAX", "\"lu\""),
];

/// The `(name, replacement)` macros a standard header defines, or `None` for an unsupported one.
pub fn std_header_macros(header: &str) -> Option<&'static [(&'static str, &'static str)]> {
    Some(match header {
        "stdio.h" => &[
            ("EOF", "(-1)"),
            ("NULL", "((void*)0)"),
            ("BUFSIZ", "8192"),
            ("FILENAME_MAX", "4096"),
        ],
        "stddef.h" => &[("NULL", "((void*)0)")],
        "stdint.h" => STDINT,
        "inttypes.h" => return Some(inttypes()),
        "stdlib.h" => &[
            ("EXIT_SUCCESS", "0"),
            ("EXIT_FAILURE", "1"),
            ("NULL", "((void*)0)"),
            ("RAND_MAX", "2147483647"),
        ],
        "stdbool.h" => &[
            ("bool", "_Bool"),
            ("true", "1"),
            ("false", "0"),
            ("__bool_true_false_are_defined", "1"),
        ],
        "limits.h" => &[
            ("CHAR_BIT", "8"),
            ("SCHAR_MIN", "(-128)"),
            ("SCHAR_MAX", "127"),
            ("UCHAR_MAX", "255"),
            ("CHAR_MIN", "(-128)"),
            ("CHAR_MAX", "127"),
            ("SHRT_MIN", "(-32768)"),
            ("SHRT_MAX", "32767"),
            ("USHRT_MAX", "65535"),
            ("INT_MIN", "(-2147483647-1)"),
            ("INT_MAX", "2147483647"),
            ("UINT_MAX", "4294967295U"),
            ("LONG_MIN", "(-9223372036854775807L-1L)"),
            ("LONG_MAX", "9223372036854775807L"),
            ("ULONG_MAX", "18446744073709551615UL"),
            ("LLONG_MIN", "(-9223372036854775807LL-1LL)"),
            ("LLONG_MAX", "9223372036854775807LL"),
            ("ULLONG_MAX", "18446744073709551615ULL"),
        ],
        "assert.h" | "string.h" | "math.h" | "ctype.h" => &[],
        _ => return None,
    })
}

/// `<inttypes.h>` includes `<stdint.h>`.
fn inttypes() -> &'static [(&'static str, &'static str)] {
    static BOTH: std::sync::OnceLock<Vec<(&str, &str)>> = std::sync::OnceLock::new();
    BOTH.get_or_init(|| STDINT.iter().chain(INTTYPES).copied().collect())
}
