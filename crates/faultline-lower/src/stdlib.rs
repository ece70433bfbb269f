//! Names of the standard C library (C11 and the POSIX functions student programs use) that
//! Faultline does not model, with their header, so that a use is one located
//! `unsupported: library function `system` (from <stdlib.h>)` rather than "call to undefined
//! function" or "use of undeclared identifier". The functions Faultline does model are lowered
//! in `builtins` and `ctype` before this table is consulted.

/// `(header, functions)`.
const FUNCTIONS: &[(&str, &[&str])] = &[
    (
        "stdio.h",
        &[
            "fopen",
            "freopen",
            "fclose",
            "fflush",
            "setbuf",
            "setvbuf",
            "fprintf",
            "fscanf",
            "vprintf",
            "vfprintf",
            "vsprintf",
            "vsnprintf",
            "vscanf",
            "vfscanf",
            "vsscanf",
            "fgetc",
            "fgets",
            "fputc",
            "fputs",
            "getc",
            "gets",
            "putc",
            "ungetc",
            "fread",
            "fwrite",
            "fgetpos",
            "fseek",
            "fsetpos",
            "ftell",
            "rewind",
            "clearerr",
            "feof",
            "ferror",
            "perror",
            "remove",
            "rename",
            "tmpfile",
            "tmpnam",
            "getline",
            "getdelim",
            "fdopen",
            "fileno",
            "popen",
            "pclose",
            "dprintf",
        ],
    ),
    (
        "stdlib.h",
        &[
            "atof",
            "strtod",
            "strtof",
            "strtold",
            "rand",
            "srand",
            "calloc",
            "malloc",
            "realloc",
            "free",
            "aligned_alloc",
            "abort",
            "atexit",
            "at_quick_exit",
            "_Exit",
            "quick_exit",
            "getenv",
            "system",
            "bsearch",
            "qsort",
            "div",
            "ldiv",
            "lldiv",
            "mblen",
            "mbtowc",
            "wctomb",
            "mbstowcs",
            "wcstombs",
            "random",
            "srandom",
            "drand48",
            "srand48",
            "setenv",
            "unsetenv",
            "putenv",
            "mkstemp",
            "realpath",
        ],
    ),
    (
        "string.h",
        &[
            "memcpy",
            "memmove",
            "strcpy",
            "strncpy",
            "strcat",
            "strncat",
            "memcmp",
            "strcmp",
            "strcoll",
            "strncmp",
            "strxfrm",
            "memchr",
            "strtok",
            "memset",
            "strerror",
            "strlen",
            "strdup",
            "strndup",
            "strnlen",
            "strtok_r",
            "strcasecmp",
            "strncasecmp",
            "stpcpy",
        ],
    ),
    (
        "math.h",
        &[
            "acos",
            "asin",
            "atan",
            "atan2",
            "cos",
            "sin",
            "tan",
            "cosh",
            "sinh",
            "tanh",
            "exp",
            "exp2",
            "expm1",
            "frexp",
            "ldexp",
            "log",
            "log10",
            "log1p",
            "log2",
            "modf",
            "pow",
            "sqrt",
            "cbrt",
            "hypot",
            "ceil",
            "fabs",
            "floor",
            "fmod",
            "round",
            "lround",
            "trunc",
            "rint",
            "nearbyint",
            "fmin",
            "fmax",
            "fdim",
            "fma",
            "remainder",
            "copysign",
            "nan",
            "isnan",
            "isinf",
            "isfinite",
            "signbit",
            "sqrtf",
            "powf",
            "fabsf",
            "floorf",
            "ceilf",
            "roundf",
        ],
    ),
    ("ctype.h", &["isascii", "toascii"]),
    ("stdarg.h", &["va_start", "va_arg", "va_end", "va_copy"]),
    (
        "time.h",
        &[
            "clock",
            "difftime",
            "mktime",
            "time",
            "asctime",
            "ctime",
            "gmtime",
            "localtime",
            "strftime",
            "nanosleep",
            "clock_gettime",
        ],
    ),
    ("signal.h", &["signal", "raise", "kill"]),
    ("setjmp.h", &["setjmp", "longjmp"]),
    ("locale.h", &["setlocale", "localeconv"]),
    (
        "unistd.h",
        &[
            "read", "write", "close", "sleep", "usleep", "fork", "execv", "execvp", "execl",
            "pipe", "dup", "dup2", "getpid", "access", "unlink", "chdir", "getcwd", "lseek",
            "isatty",
        ],
    ),
    ("fcntl.h", &["open", "creat", "fcntl"]),
    (
        "wchar.h",
        &["wprintf", "wscanf", "wcslen", "wcscpy", "fgetws", "fputws"],
    ),
];

/// Object-like names of the standard headers a program may use without Faultline knowing
/// them: `(header, names)`. (Macros Faultline knows are defined by the preprocessor when the
/// header is included.)
const OBJECTS: &[(&str, &[&str])] = &[
    (
        "stdio.h",
        &[
            "stdin",
            "stdout",
            "stderr",
            "FILE",
            "fpos_t",
            "SEEK_SET",
            "SEEK_CUR",
            "SEEK_END",
            "L_tmpnam",
            "TMP_MAX",
            "FOPEN_MAX",
            "_IOFBF",
            "_IOLBF",
            "_IONBF",
        ],
    ),
    ("errno.h", &["errno", "EDOM", "ERANGE", "EILSEQ"]),
    ("time.h", &["CLOCKS_PER_SEC", "time_t", "clock_t"]),
    ("stdlib.h", &["div_t", "ldiv_t", "lldiv_t"]),
    ("stdarg.h", &["va_list"]),
    (
        "float.h",
        &[
            "FLT_MAX",
            "FLT_MIN",
            "DBL_MAX",
            "DBL_MIN",
            "FLT_EPSILON",
            "DBL_EPSILON",
        ],
    ),
    ("math.h", &["M_PI", "M_E", "HUGE_VAL", "INFINITY", "NAN"]),
    ("stdlib.h", &["MB_CUR_MAX"]),
    (
        "signal.h",
        &["SIGINT", "SIGTERM", "SIGSEGV", "SIG_IGN", "SIG_DFL"],
    ),
];

/// The header declaring the standard library function `name`, if it is one.
pub(crate) fn function_header(name: &str) -> Option<&'static str> {
    FUNCTIONS
        .iter()
        .find(|(_, names)| names.contains(&name))
        .map(|(h, _)| *h)
}

/// The header declaring the standard library object, type or macro `name`, if it is one.
pub(crate) fn object_header(name: &str) -> Option<&'static str> {
    OBJECTS
        .iter()
        .find(|(_, names)| names.contains(&name))
        .map(|(h, _)| *h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_map_to_their_header() {
        assert_eq!(function_header("system"), Some("stdlib.h"));
        assert_eq!(function_header("ungetc"), Some("stdio.h"));
        assert_eq!(function_header("strlen"), Some("string.h"));
        assert_eq!(function_header("my_helper"), None);
        assert_eq!(object_header("stdin"), Some("stdio.h"));
        assert_eq!(object_header("errno"), Some("errno.h"));
    }
}
