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
    "float.h",
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
        // glibc defines the `M_` constants by default (gcc's default `_DEFAULT_SOURCE`). The
        // infinities and NaN are gcc builtins there; the lowerer knows these names as
        // constants (a positive quiet NaN, as `printf("%f", NAN)` prints `nan`).
        "math.h" => &[
            ("M_E", "2.7182818284590452354"),
            ("M_LOG2E", "1.4426950408889634074"),
            ("M_LOG10E", "0.43429448190325182765"),
            ("M_LN2", "0.69314718055994530942"),
            ("M_LN10", "2.30258509299404568402"),
            ("M_PI", "3.14159265358979323846"),
            ("M_PI_2", "1.57079632679489661923"),
            ("M_PI_4", "0.78539816339744830962"),
            ("M_1_PI", "0.31830988618379067154"),
            ("M_2_PI", "0.63661977236758134308"),
            ("M_2_SQRTPI", "1.12837916709551257390"),
            ("M_SQRT2", "1.41421356237309504880"),
            ("M_SQRT1_2", "0.70710678118654752440"),
            ("HUGE_VAL", "__builtin_huge_val"),
            ("HUGE_VALF", "__builtin_huge_valf"),
            ("INFINITY", "__builtin_inff"),
            ("NAN", "__builtin_nanf"),
        ],
        "float.h" => &[
            ("FLT_RADIX", "2"),
            ("FLT_MANT_DIG", "24"),
            ("DBL_MANT_DIG", "53"),
            ("FLT_DIG", "6"),
            ("DBL_DIG", "15"),
            ("FLT_DECIMAL_DIG", "9"),
            ("DBL_DECIMAL_DIG", "17"),
            ("FLT_MIN_EXP", "(-125)"),
            ("DBL_MIN_EXP", "(-1021)"),
            ("FLT_MIN_10_EXP", "(-37)"),
            ("DBL_MIN_10_EXP", "(-307)"),
            ("FLT_MAX_EXP", "128"),
            ("DBL_MAX_EXP", "1024"),
            ("FLT_MAX_10_EXP", "38"),
            ("DBL_MAX_10_EXP", "308"),
            ("FLT_MAX", "3.40282346638528859811704183484516925e+38F"),
            ("DBL_MAX", "1.79769313486231570814527423731704357e+308"),
            ("FLT_EPSILON", "1.19209289550781250000000000000000000e-7F"),
            ("DBL_EPSILON", "2.22044604925031308084726333618164062e-16"),
            ("FLT_MIN", "1.17549435082228750796873653722224568e-38F"),
            ("DBL_MIN", "2.22507385850720138309023271733240406e-308"),
            ("FLT_TRUE_MIN", "1.40129846432481707092372958328991613e-45F"),
            ("DBL_TRUE_MIN", "4.94065645841246544176568792868221372e-324"),
        ],
        "assert.h" | "string.h" => &[],
        _ => return None,
    })
}
