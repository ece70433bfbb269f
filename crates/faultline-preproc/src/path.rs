//! Resolving `#include "name"` against the including file's directory.

/// `name` joined to the directory of `including`, with `.` and `..` folded away (a leading `..`
/// that cannot be folded is kept). Absolute names are only normalised.
pub fn resolve_include(including: &str, name: &str) -> String {
    let joined = if name.starts_with('/') {
        name.to_string()
    } else {
        match including.rfind('/') {
            Some(i) => format!("{}/{}", &including[..i], name),
            None => name.to_string(),
        }
    };
    normalise(&joined)
}

fn normalise(path: &str) -> String {
    let absolute = path.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => match parts.last() {
                Some(&p) if p != ".." => {
                    parts.pop();
                }
                // `/..` is `/`.
                _ if absolute => {}
                _ => parts.push(".."),
            },
            p => parts.push(p),
        }
    }
    let body = parts.join("/");
    if absolute {
        format!("/{body}")
    } else {
        body
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_and_normalises() {
        assert_eq!(resolve_include("main.c", "a.h"), "a.h");
        assert_eq!(resolve_include("src/main.c", "a.h"), "src/a.h");
        assert_eq!(resolve_include("src/main.c", "../inc/./a.h"), "inc/a.h");
        assert_eq!(resolve_include("main.c", "../a.h"), "../a.h");
        assert_eq!(resolve_include("/p/src/main.c", "../../../a.h"), "/a.h");
        assert_eq!(resolve_include("/p/main.c", "/q/./r/../a.h"), "/q/a.h");
        assert_eq!(resolve_include("./main.c", "a.h"), "a.h");
    }
}
