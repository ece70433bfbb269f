//! `faultline diagnose`'s per-line ranking: the table after the diagnoses and the JSON keys the
//! editor reads (`lines`, `must_sets`, `suspiciousness`).

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn faultline(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_faultline"))
        .args(args)
        .current_dir(repo())
        .output()
        .expect("run faultline");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

const LEAP: &str = "tests/examples/diagnose/leap/leap.c";

#[test]
fn the_table_ranks_the_faulty_condition_first() {
    let (code, stdout) = faultline(&["diagnose", LEAP]);
    assert_eq!(code, 1, "{stdout}");
    let table = stdout
        .split("Lines by rank")
        .nth(1)
        .unwrap_or_else(|| panic!("no per-line table:\n{stdout}"));
    let rows: Vec<&str> = table
        .lines()
        .skip(2)
        .take_while(|l| !l.trim().is_empty())
        .collect();
    // The faulty condition (line 8) is diagnosis 1, held by both failing tests' must sets.
    let first: Vec<&str> = rows[0].split_whitespace().collect();
    assert_eq!(first[0], "1", "{table}");
    assert_eq!(first[1], format!("{LEAP}:8"), "{table}");
    assert_eq!(first[3], "2/2", "{table}");
    // Ranks never decrease down the table.
    let ranks: Vec<usize> = rows
        .iter()
        .map(|r| r.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    assert!(ranks.windows(2).all(|w| w[0] <= w[1]), "{table}");
}

#[test]
fn the_json_explains_every_line() {
    let (code, stdout) = faultline(&["diagnose", "--json", LEAP]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON object");
    let failing: Vec<&str> = v["tests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["passed"] == false)
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(failing, ["century_common", "quadricentennial"]);

    // One must set per failing test, holding the faulty line.
    let must = v["must_sets"].as_array().unwrap();
    assert_eq!(must.len(), 2);
    for m in must {
        assert!(failing.contains(&m["test"].as_str().unwrap()));
        let lines: Vec<u64> = m["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_u64().unwrap())
            .collect();
        assert!(lines.contains(&8), "{m}");
        assert_eq!(m["locations"][0]["path"], LEAP);
    }

    // Spectrum scores for every component line, in line order.
    let scores = v["suspiciousness"].as_array().unwrap();
    let lines: Vec<u64> = scores.iter().map(|s| s["line"].as_u64().unwrap()).collect();
    assert!(lines.windows(2).all(|w| w[0] < w[1]), "{lines:?}");
    for s in scores {
        for key in ["ochiai", "tarantula", "naish1"] {
            assert!(s[key].is_f64(), "{s}");
        }
    }

    // The combined ranking: sorted by rank, every line explained.
    let ranked = v["lines"].as_array().unwrap();
    assert_eq!(ranked.len(), scores.len());
    assert_eq!(ranked[0]["line"], 8);
    assert_eq!(ranked[0]["rank"], 1);
    assert_eq!(ranked[0]["diagnoses"][0], 1);
    assert_eq!(ranked[0]["must_tests"].as_array().unwrap().len(), 2);
    let ranks: Vec<u64> = ranked.iter().map(|l| l["rank"].as_u64().unwrap()).collect();
    assert!(ranks.windows(2).all(|w| w[0] <= w[1]), "{ranks:?}");
    for l in ranked {
        let e = l["explanation"].as_str().unwrap();
        assert!(e.starts_with(&format!("rank {}", l["rank"])), "{e}");
    }
}
