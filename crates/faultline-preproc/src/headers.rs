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
];

/// The `(name, replacement)` macros a standard header defines, or `None` for an unsupported one.
pub fn std_header_macros(header: &str) -> Option<&'static [(&'static str, &'static str)]> {
    Some(match header {
        "stdio.h" => &[("EOF", "(-1)"), ("NULL", "((void*)0)")],
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
        "assert.h" | "string.h" | "math.h" => &[],
        _ => return None,
    })
}
