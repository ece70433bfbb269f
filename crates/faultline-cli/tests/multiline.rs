//! A statement written over several lines is named by the line of what is wrong in it: the
//! line of its repair's edit (`faultline diagnose --json`'s `statements[].line`, which the
//! bench scores and editors jump to), not the line it starts on.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn diagnose(rel: &str, max: &str) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_faultline"))
        .args(["diagnose", "--json", "--max-diagnoses", max, rel])
        .current_dir(repo())
        .output()
        .expect("run faultline");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// The first diagnosis's statements as (line, end line, text).
fn first(v: &serde_json::Value) -> Vec<(u64, u64, String)> {
    let d = &v["diagnoses"][0];
    assert!(!d["repairs"].as_array().unwrap().is_empty(), "{d}");
    d["statements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["line"].as_u64().unwrap(),
                s["end_line"].as_u64().unwrap(),
                s["text"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// `if (… ||\n c == 'V')`: the condition starts on line 8, the wrong comparison is on line 9.
#[test]
fn a_condition_over_two_lines_is_named_by_the_line_of_its_fix() {
    let v = diagnose("tests/examples/multiline/vowels.c", "5");
    let s = first(&v);
    assert_eq!(s.len(), 1, "{s:?}");
    assert_eq!((s[0].0, s[0].1), (9, 9), "{s:?}");
    assert!(s[0].2.starts_with("c == 'a'"), "{s:?}");
    // The per-line ranking follows: line 9 first; line 8 is in no diagnosis (only in the
    // must sets, which name statements by their first line).
    let lines = v["lines"].as_array().unwrap();
    assert_eq!(lines[0]["line"], 9, "{lines:?}");
    assert!(
        (lines.iter()).all(|l| l["line"] != 8 || l["diagnoses"].as_array().unwrap().is_empty()),
        "{lines:?}"
    );
}

/// `printf("positives: %d\n",\n total)`: the call starts on line 16, the wrong argument (a
/// plain variable, no component of its own) is on line 17.
#[test]
fn a_printf_whose_wrong_argument_is_on_the_next_line_is_named_by_that_line() {
    let v = diagnose("tests/examples/multiline/positives.c", "10");
    let s = first(&v);
    assert_eq!(s.len(), 1, "{s:?}");
    assert_eq!((s[0].0, s[0].1), (17, 17), "{s:?}");
    assert!(s[0].2.starts_with("printf("), "{s:?}");
    // The repair still replaces the whole call (what an editor applies).
    let r = &v["diagnoses"][0]["repairs"][0];
    assert_eq!(
        (r["line"].as_u64(), r["end_line"].as_u64()),
        (Some(16), Some(17)),
        "{r}"
    );
    assert!(r["after"].as_str().unwrap().ends_with("count)"), "{r}");
}

/// A one-line statement keeps its own range (the rule only moves a statement's start line).
#[test]
fn a_one_line_statement_keeps_its_range() {
    let v = diagnose("tests/examples/diagnose/leap/leap.c", "3");
    let d = &v["diagnoses"][0]["statements"][0];
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64()),
        (Some(8), Some(9)),
        "{d}"
    );
}
