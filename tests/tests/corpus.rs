//! The evaluation corpus (`tests/corpus/`) is ground truth for `faultline bench`: every case must
//! really be a buggy program whose fixed version passes all its tests, with faulty lines that are
//! really where the two versions differ. A corpus that drifts (a fixed version that fails, a
//! fault line that points at an unchanged line) would silently corrupt every accuracy number, so
//! this checks each case in Faultline's own interpreter. `tests/corpus/check.py` checks the same
//! cases against gcc.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use faultline_runner::{load_file, Runner, Status, TestResult};
use faultline_tests::fixture;

/// The categories a case's `faults.toml` may name; the corpus must cover all of them.
const CATEGORIES: [&str; 18] = [
    "operator-swap",
    "constant",
    "off-by-one",
    "wrong-variable",
    "missing-clause",
    "extra-clause",
    "array-index",
    "callee",
    "branch-flip",
    "masked",
    "multi-fault",
    "io",
    "argv",
    "tcas",
    // Faults in struct code: swapped fields, wrong member, wrong element, copy vs update.
    "struct",
    "floating-point",
    // Faults in pointer code: wrong pointer step, `*p++` vs `(*p)++`, end pointers, swaps.
    "pointer",
    // State kept from one test case of an input to the next (a sum or counting array not reset).
    "reset",
];

/// The issue asks for at least this many programs.
const MIN_CASES: usize = 60;

/// A case's `faults.toml`.
struct Faults {
    file: String,
    lines: Vec<usize>,
    category: String,
}

fn read_faults(dir: &Path) -> Faults {
    let path = dir.join("faults.toml");
    let text = std::fs::read_to_string(&path).expect("faults.toml is readable");
    let table: toml::Table = text
        .parse()
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    // The bench reads exactly these keys; a typo (e.g. `line =`) would drop the ground truth.
    let keys: BTreeSet<&str> = table.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        BTreeSet::from(["file", "lines", "category", "description"]),
        "{}: keys",
        path.display()
    );
    let string = |key: &str| {
        table[key]
            .as_str()
            .unwrap_or_else(|| panic!("{}: `{key}` is a string", path.display()))
            .to_string()
    };
    let lines = table["lines"]
        .as_array()
        .unwrap_or_else(|| panic!("{}: `lines` is an array", path.display()))
        .iter()
        .map(|v| {
            v.as_integer()
                .and_then(|n| usize::try_from(n).ok())
                .unwrap_or_else(|| panic!("{}: `lines` holds line numbers", path.display()))
        })
        .collect::<Vec<_>>();
    assert!(!lines.is_empty(), "{}: no faulty line", path.display());
    assert!(
        !string("description").trim().is_empty(),
        "{}: empty description",
        path.display()
    );
    Faults {
        file: string("file"),
        lines,
        category: string("category"),
    }
}

fn case_dirs() -> Vec<PathBuf> {
    let root = fixture("corpus");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("tests/corpus exists")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    for dir in &dirs {
        assert!(
            dir.join("faults.toml").is_file(),
            "{}: every directory of the corpus is a case with a faults.toml",
            dir.display()
        );
    }
    dirs
}

fn run(path: &Path) -> Vec<TestResult> {
    let loaded = load_file(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(
        !loaded.suite.is_empty(),
        "{}: no tests found",
        path.display()
    );
    Runner::new(&loaded.program, &loaded.suite).run_all()
}

fn lines_of(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(str::to_string)
        .collect()
}

/// Checks one case; returns its category.
fn check_case(dir: &Path) -> String {
    let name = dir.file_name().unwrap().to_string_lossy().to_string();
    let faults = read_faults(dir);
    assert!(
        CATEGORIES.contains(&faults.category.as_str()),
        "{name}: unknown category {:?}",
        faults.category
    );
    let buggy = dir.join(&faults.file);
    let fixed = dir.join("fixed").join(&faults.file);

    // IO programs: the fixed version runs the very same cases.
    let config = dir.join("faultline.toml");
    if config.exists() {
        let fixed_config = dir.join("fixed").join("faultline.toml");
        assert_eq!(
            std::fs::read_to_string(&config).unwrap(),
            std::fs::read_to_string(&fixed_config)
                .unwrap_or_else(|e| panic!("{}: {e}", fixed_config.display())),
            "{name}: fixed/faultline.toml differs from faultline.toml"
        );
    }

    let fixed_results = run(&fixed);
    let not_passed: Vec<String> = fixed_results
        .iter()
        .filter(|r| r.status != Status::Passed)
        .map(|r| {
            format!(
                "{} ({:?}: {})",
                r.name,
                r.status,
                r.reason.as_deref().unwrap_or("")
            )
        })
        .collect();
    assert!(
        not_passed.is_empty(),
        "{name}: the fixed version must pass every test, but: {not_passed:?}"
    );
    let buggy_results = run(&buggy);
    assert_eq!(
        buggy_results.len(),
        fixed_results.len(),
        "{name}: buggy and fixed versions have different tests"
    );
    assert!(
        buggy_results.iter().any(|r| r.status == Status::Failed),
        "{name}: the buggy version must fail at least one test"
    );

    // Ground truth: every faulty line exists and is where the versions differ, and every line
    // where they differ is named (a line diff, as the bench computes for Siemens-style suites).
    let b = lines_of(&buggy);
    let f = lines_of(&fixed);
    for &line in &faults.lines {
        assert!(
            (1..=b.len()).contains(&line),
            "{name}: faulty line {line} is not in {} ({} lines)",
            faults.file,
            b.len()
        );
        assert_ne!(
            b.get(line - 1),
            f.get(line - 1),
            "{name}: faulty line {line} is the same in the fixed version"
        );
    }
    if b.len() == f.len() {
        let differing: BTreeSet<usize> = (1..=b.len()).filter(|&l| b[l - 1] != f[l - 1]).collect();
        let named: BTreeSet<usize> = faults.lines.iter().copied().collect();
        assert_eq!(
            named, differing,
            "{name}: faults.toml lines vs. the line diff of buggy and fixed"
        );
    }
    faults.category
}

#[test]
fn corpus_cases_are_real_bugs_with_exact_ground_truth() {
    let dirs = case_dirs();
    let mut per_category: BTreeMap<String, usize> = BTreeMap::new();
    for dir in &dirs {
        *per_category.entry(check_case(dir)).or_default() += 1;
    }
    assert!(
        dirs.len() >= MIN_CASES,
        "the corpus has {} cases, at least {MIN_CASES} are required",
        dirs.len()
    );
    for category in CATEGORIES {
        assert!(
            per_category.get(category).copied().unwrap_or(0) >= 2,
            "category {category} needs several cases: {per_category:?}"
        );
    }
}

#[test]
fn tcas_sized_program_has_several_faulty_versions_of_one_program() {
    // The TCAS-sized cases are versions of one program: their fixed sources are identical and
    // each has its own copy (no symlinks, so the bench can treat every directory alone).
    let mut fixed_sources = BTreeMap::new();
    for dir in case_dirs() {
        let faults = read_faults(&dir);
        if faults.category != "tcas" {
            continue;
        }
        let fixed = dir.join("fixed").join(&faults.file);
        for path in [dir.join(&faults.file), fixed.clone()] {
            let meta = std::fs::symlink_metadata(&path).expect("source exists");
            assert!(
                !meta.file_type().is_symlink(),
                "{}: a symlink",
                path.display()
            );
        }
        let text = std::fs::read_to_string(&fixed).unwrap();
        assert!(
            text.lines().count() >= 150,
            "{}: a TCAS-sized program has about 180 lines",
            fixed.display()
        );
        *fixed_sources.entry(text).or_insert(0usize) += 1;
    }
    assert!(
        fixed_sources.values().any(|&n| n >= 4),
        "at least four faulty versions of the same TCAS-sized program"
    );
}
