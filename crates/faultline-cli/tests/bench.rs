//! End-to-end tests of `faultline bench`: the JSON a CI script reads, the Markdown a person
//! reads, sharding, and the Siemens layout's ground truth.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn faultline(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_faultline"))
        .args(args)
        .current_dir(repo())
        .output()
        .expect("run faultline");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(stdout: &str) -> Value {
    serde_json::from_str(stdout.trim()).expect("one JSON object")
}

/// A corpus-layout directory made of bundled diagnosis examples whose faults are known
/// (tests/examples/diagnose/README.md), plus a program without a fault.
fn fixture() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let examples = repo().join("tests/examples/diagnose");
    let cases: [(&str, &[&str], &str); 4] = [
        ("abs", &["abs.c"], "abs.c\"\nlines = [6]"),
        (
            "leap",
            &["leap.c", "faultline.toml"],
            "leap.c\"\nlines = [8]",
        ),
        ("shift", &["shift.c"], "shift.c\"\nlines = [9]"),
        ("correct", &["gcd.c"], "gcd.c\"\nlines = [1]"),
    ];
    for (name, files, faults) in cases {
        let d = dir.path().join(name);
        std::fs::create_dir_all(&d).unwrap();
        for f in files {
            std::fs::copy(examples.join(name).join(f), d.join(f)).unwrap();
        }
        std::fs::write(
            d.join("faults.toml"),
            format!("file = \"{faults}\ncategory = \"test\"\n"),
        )
        .unwrap();
    }
    dir
}

fn case<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no case {name}"))
}

#[test]
fn json_report_scores_every_algorithm_against_the_known_faults() {
    let dir = fixture();
    let d = dir.path().to_str().unwrap();
    let (code, stdout, stderr) = faultline(&[
        "bench",
        d,
        "--json",
        "--jobs",
        "2",
        "--timeout",
        "30",
        "--max-diagnoses",
        "5",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let r = json(&stdout);
    assert_eq!(
        r["algorithms"],
        serde_json::json!([
            "cfaults",
            "bugassist",
            "sniper",
            "naish1",
            "must",
            "combined"
        ])
    );
    let names: Vec<&str> = r["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["abs", "correct", "leap", "shift"]);
    for c in r["cases"].as_array().unwrap() {
        for alg in [
            "cfaults",
            "bugassist",
            "sniper",
            "naish1",
            "must",
            "combined",
        ] {
            let a = &c["results"][alg];
            for key in [
                "localized",
                "top1",
                "top3",
                "rank",
                "exam",
                "exam_worst",
                "diagnoses",
                "infeasible",
                "non_minimal",
                "time_ms",
                "timings_ms",
                "peak_rss_kib",
                "formula",
                "error",
            ] {
                assert!(a.get(key).is_some(), "{} {alg}: no {key}", c["name"]);
            }
            assert_eq!(a["infeasible"], 0, "{} {alg}", c["name"]);
            assert!(a["time_ms"].as_f64().unwrap() >= 0.0);
        }
    }
    // abs: `x < -1` (line 6) has a validated repair, `return x` (cost 1) none: the condition
    // ranks first.
    let abs = &case(&r, "abs")["results"]["cfaults"];
    assert_eq!(abs["rank"], 1);
    assert_eq!(abs["localized"], true);
    assert_eq!(abs["top1"], true);
    assert_eq!(abs["top3"], true);
    assert_eq!(abs["repaired"], true);
    assert_eq!(abs["unvalidated_repairs"], 0);
    // The fixture has no `fixed/` versions to compare with.
    assert_eq!(abs["fix_matches"], false);
    assert_eq!(case(&r, "abs")["faulty_lines"], serde_json::json!([6]));
    assert_eq!(case(&r, "abs")["failing"], 1);
    // abs.c has 3 executable lines (6, 7, 8); the user reads line 6 first.
    assert_eq!(abs["exam"], 0.0);
    // leap and shift: the fault is the first joint diagnosis.
    for name in ["leap", "shift"] {
        let c = &case(&r, name)["results"]["cfaults"];
        assert_eq!(c["rank"], 1, "{name}");
        assert_eq!(c["top1"], true, "{name}");
        assert_eq!(c["exam"], 0.0, "{name}");
        assert!(c["timings_ms"]["total"].as_f64().unwrap() > 0.0);
        // The diagnosis's own formula sizes, as `diagnose --json` reports them.
        // Some formula was solved: a full replica, or only candidate-only ones (leap's
        // questions are all answered by those).
        assert!(
            c["formula"]["variables"].as_u64().unwrap() > 0
                || c["formula"]["candidates"]["solved"].as_u64().unwrap() > 0,
            "{name}"
        );
        assert!(
            c["formula"]["candidates"]["solved"].as_u64().is_some(),
            "{name}"
        );
    }
    // Spectrum-only: a ranking of lines, no phase timings.
    let naish = &case(&r, "leap")["results"]["naish1"];
    assert!(naish["timings_ms"].is_null());
    assert!(naish["formula"].is_null());
    assert!(naish["diagnoses"].as_u64().unwrap() >= 3);
    let e = naish["exam"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&e));
    // The combined ranking starts with the first diagnosis's lines: the fault of leap and shift
    // is its first line.
    for name in ["leap", "shift"] {
        let c = &case(&r, name)["results"]["combined"];
        assert_eq!(c["rank"], 1, "{name}: {c}");
        assert!(c["time_ms"].as_f64().unwrap() > 0.0);
    }
    // Nothing to localize in the correct program: an error per algorithm, never a score.
    for alg in ["cfaults", "naish1"] {
        let c = &case(&r, "correct")["results"][alg];
        assert!(
            c["error"].as_str().unwrap().contains("no test fails"),
            "{c}"
        );
        assert_eq!(c["localized"], false);
    }
    // Totals agree with the cases.
    let t = &r["totals"]["algorithms"]["cfaults"];
    assert_eq!(r["totals"]["cases"], 4);
    assert_eq!(t["cases"], 4);
    assert_eq!(t["localized"], 3);
    assert_eq!(t["top1"], 3);
    assert_eq!(t["top3"], 3);
    assert_eq!(t["repaired"], 3);
    assert_eq!(t["unvalidated_repairs"], 0);
    assert_eq!(t["errors"], 1);
    assert_eq!(t["infeasible"], 0);
    assert!(t["time_ms"]["max"].as_f64().unwrap() >= t["time_ms"]["median"].as_f64().unwrap());
    // Formula sizes over the cases that built one (leap and shift load a full replica each).
    let max_vars = (r["cases"].as_array().unwrap().iter())
        .filter_map(|c| c["results"]["cfaults"]["formula"]["variables"].as_u64())
        .max()
        .unwrap();
    assert_eq!(
        t["formula"]["variables"]["max"].as_f64(),
        Some(max_vars as f64)
    );
    assert_eq!(r["settings"]["jobs"], 2);
    assert_eq!(r["settings"]["max_diagnoses"], 5);
}

#[test]
fn markdown_report_has_totals_phases_and_a_row_per_case() {
    let dir = fixture();
    let d = dir.path().to_str().unwrap();
    let (code, stdout, stderr) = faultline(&["bench", d, "--algorithms", "cfaults,naish1"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("| algorithm | cases | localized | top-1 |"),
        "{stdout}"
    );
    assert!(
        stdout
            .contains("| algorithm | cases | localized | top-1 | top-3 | repaired | fix-matches |"),
        "{stdout}"
    );
    assert!(
        stdout.contains("| cfaults | 4 | 3 | 3 | 3 | 3 | 0 |"),
        "{stdout}"
    );
    assert!(stdout.contains("| case | faulty lines | failing | cfaults | naish1 |"));
    assert!(stdout.contains("| shift | 9 | 1/"), "{stdout}");
    assert!(
        stdout.contains("| abs | 6 | 1/4 | #1 · 0.000 ·"),
        "{stdout}"
    );
    assert!(!stdout.contains("bugassist"));
    assert!(
        stdout.contains("| algorithm | full: variables | full: clauses |"),
        "{stdout}"
    );
    // Counts with thousands separated; naish1 builds no formula and has no row.
    let row = (stdout.lines())
        .find(|l| l.starts_with("| cfaults | ") && l.matches(" / ").count() == 4)
        .unwrap_or_else(|| panic!("no formula row: {stdout}"));
    assert!(row.contains(','), "{row}");
    assert!(
        !stdout.lines().any(|l| l.starts_with("| naish1 | –")),
        "{stdout}"
    );
    // No progress bar when stderr is not a terminal.
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn shards_partition_the_cases() {
    let dir = fixture();
    let d = dir.path().to_str().unwrap();
    let names = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["bench", d, "--json", "--algorithms", "naish1"];
        all.extend_from_slice(args);
        let (code, stdout, stderr) = faultline(&all);
        assert_eq!(code, 0, "{stderr}");
        json(&stdout)["cases"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap().to_string())
            .collect()
    };
    let full = names(&[]);
    for n in [2, 3] {
        let mut seen = BTreeSet::new();
        let mut total = 0;
        for i in 1..=n {
            let part = names(&["--shard", &format!("{i}/{n}")]);
            total += part.len();
            seen.extend(part);
        }
        assert_eq!(total, full.len(), "{n} shards overlap");
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), full);
    }
}

/// The TCAS versions are benchmarked where they are: `tests/tcas/faultline.toml` gives its
/// cases to `**/tcas.c`, so each `faulty/vN` is a corpus-layout case with the 1,600 cases,
/// failing as many as its `faults.toml` records (v6 and v7 are the workload of about
/// 130 failing tests).
#[test]
fn tcas_versions_are_benchmarked_in_place_with_the_shared_cases() {
    let (code, stdout, stderr) = faultline(&[
        "bench",
        "tests/tcas/faulty",
        "--json",
        "--algorithms",
        "naish1",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let r = json(&stdout);
    let cases = r["cases"].as_array().unwrap();
    assert!(cases.len() >= 7, "{} versions", cases.len());
    let mut about_130 = 0;
    for c in cases {
        let v = c["name"].as_str().unwrap();
        assert!(c["error"].is_null(), "{v}: {}", c["error"]);
        assert_eq!(c["tests"], 1600, "{v}");
        let faults: toml::Value = toml::from_str(
            &std::fs::read_to_string(repo().join(format!("tests/tcas/faulty/{v}/faults.toml")))
                .unwrap(),
        )
        .unwrap();
        assert_eq!(c["failing"].as_i64(), faults["failing"].as_integer(), "{v}");
        about_130 += usize::from(c["failing"].as_u64().unwrap() >= 120);
    }
    assert!(about_130 >= 2, "the versions with about 130 failing tests");
}

#[test]
fn siemens_layout_ground_truth_is_the_line_diff() {
    let (code, stdout, stderr) = faultline(&[
        "bench",
        "tests/siemens/tcas",
        "--json",
        "--algorithms",
        "naish1",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let r = json(&stdout);
    let cases = r["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 5);
    for (i, c) in cases.iter().enumerate() {
        let v = format!("v{}", i + 1);
        assert_eq!(c["name"], format!("tcas/{v}"));
        // The faults.toml of the original faulty version names the same line.
        let faults: toml::Value = toml::from_str(
            &std::fs::read_to_string(repo().join(format!("tests/tcas/faulty/{v}/faults.toml")))
                .unwrap(),
        )
        .unwrap();
        let lines: Vec<i64> = faults["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_integer().unwrap())
            .collect();
        assert_eq!(c["faulty_lines"], serde_json::json!(lines), "{v}");
        // 300 universe lines, expected outputs from the fault-free program; every version
        // fails some of them.
        assert_eq!(c["tests"], 300, "{v}");
        assert!(c["failing"].as_u64().unwrap() > 0, "{v}");
        assert!(c["results"]["naish1"]["error"].is_null(), "{v}");
    }
}

/// The same program in pre-C99 style (`typedef int bool;`, K&R definitions, `main(argc, argv)`
/// with declarations between the parameter list and the body), end to end through the Siemens
/// layout: every version loads, runs its 300 tests and names the faulty line of its diff.
#[test]
fn siemens_layout_runs_the_pre_c99_variant() {
    let (code, stdout, stderr) = faultline(&[
        "bench",
        "tests/siemens/tcas_kr",
        "--json",
        "--algorithms",
        "naish1",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let r = json(&stdout);
    let cases = r["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 5);
    let lines = [108, 62, 61, 153, 143];
    for (i, c) in cases.iter().enumerate() {
        let v = format!("v{}", i + 1);
        assert_eq!(c["name"], format!("tcas_kr/{v}"));
        assert!(c["error"].is_null(), "{v}: {}", c["error"]);
        assert_eq!(c["faulty_lines"], serde_json::json!([lines[i]]), "{v}");
        assert_eq!(c["tests"], 300, "{v}");
        assert!(c["failing"].as_u64().unwrap() > 0, "{v}");
        assert!(c["results"]["naish1"]["error"].is_null(), "{v}");
    }
}

#[test]
fn bad_input_is_an_input_error() {
    let (code, _, stderr) = faultline(&["bench", "no/such/dir"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("not a directory"), "{stderr}");
    let (code, _, _) = faultline(&["bench", "tests/siemens", "--shard", "3/2"]);
    assert_eq!(code, 2);
    let (code, _, stderr) = faultline(&["bench", "tests/siemens", "--algorithms", "magic"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("unknown algorithm"), "{stderr}");
    let (code, _, _) = faultline(&["bench", "tests/siemens", "--timeout", "-1"]);
    assert_eq!(code, 2);
}
