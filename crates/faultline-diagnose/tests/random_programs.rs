//! End-to-end property test of the diagnosis on random programs with one injected fault.
//!
//! A seed drives a small generator of `int f(int a, int b)` (assignments with `+ - *`, `if/else`
//! with comparisons, bounded `for` loops, early and final `return`s; every statement and every
//! part of a `for` header on its own line) plus 4–6 unit tests `assert(f(A, B) == EXPECTED)`
//! whose expectations come from an evaluator of the generated AST (i64, programs whose values
//! leave the `int` range or read an uninitialized variable are rejected). One statement is then
//! mutated (`<`↔`<=`, `>`↔`>=`, `==`↔`!=`, `+`↔`-`, `*`→`+`, constant ±1, wrong variable read or
//! assigned, loop bound ±1); the mutant is kept when some test fails and every failure is an
//! assertion failure (cross-checked against the evaluator, value by value).
//!
//! Properties of `diagnose` (CFaults, 10 diagnoses, 20 s):
//! * no candidate failed validation (`infeasible == 0`) and every diagnosis is validated;
//! * costs are non-decreasing in rank order and equal the sum of the blamed weights;
//! * no diagnosis's statement set is a superset of an earlier one's (subset-minimality), and
//!   every blamed statement has values in some test (one no repaired run executes could be
//!   dropped);
//! * completeness: when the report is complete and the original program's loops fit in the
//!   unwinding bounds derived from the failing runs, the mutated line is blamed by some
//!   diagnosis or some diagnosis costs at most the mutated statement's component weight (the
//!   real fix is a repair, so an optimum cannot cost more).
//!
//! The same properties hold for programs with doubles (`GenOptions::doubles`: `double` locals
//! and result, `/` by double constants, `(int)` truncation, a `main` printing the result with
//! `%.2f` checked by IO cases), on their own cases.
//!
//! And for programs whose variables are the characters of a string, with `strlen` in every
//! `return` (`GenOptions::chars`), or members of an array of structs (`GenOptions::records`).
//! gcc is the oracle for the generator's evaluator in every language
//! (`the_evaluator_agrees_with_gcc`).
//!
//! `PROPTEST_CASES` overrides the default of 24 cases (12 with doubles, 6 each with chars and
//! records).

use std::collections::BTreeSet;
use std::time::Duration;

use faultline_diagnose::{diagnose, DiagnoseOptions, Report};
use proptest::prelude::*;
use proptest::test_runner::Config as ProptestConfig;

// The generator (shared with the must-set property test).
#[path = "support/random_c.rs"]
mod random_c;

use random_c::{case, case_with, Case, GenOptions};

// ---------------------------------------------------------------------------------------------
// The properties.

fn options() -> DiagnoseOptions {
    DiagnoseOptions {
        max_diagnoses: 10,
        timeout: Some(Duration::from_secs(20)),
        ..Default::default()
    }
}

/// [`options`] without the timeout, for assertions on ranks and repairs, which a timeout
/// would make depend on the machine's load.
fn untimed() -> DiagnoseOptions {
    DiagnoseOptions {
        timeout: None,
        ..options()
    }
}

fn show(report: &Report) -> String {
    let mut s = String::new();
    for t in report.tests.iter().filter(|t| !t.passed) {
        s.push_str(&format!("  FAIL {} {:?}\n", t.name, t.reason));
    }
    for d in &report.diagnoses {
        let st: Vec<String> = d
            .statements
            .iter()
            .map(|x| format!("{}:{} `{}` (w{})", x.line, x.column, x.text, x.weight))
            .collect();
        s.push_str(&format!(
            "  #{} cost {} validated {}: {}\n",
            d.rank,
            d.cost,
            d.validated,
            st.join(", ")
        ));
    }
    s.push_str(&format!(
        "  complete {} stopped {:?} infeasible {}\n",
        report.complete, report.stopped, report.infeasible
    ));
    s
}

fn check(c: &Case) -> Result<(), TestCaseError> {
    let report = diagnose(&c.program, &c.suite, &options())
        .map_err(|e| TestCaseError::fail(format!("diagnose failed: {e}\n{}", c.mutant)))?;
    let ctx = || {
        format!(
            "seed {}, mutated line {}\n--- mutant ---\n{}--- original ---\n{}--- report ---\n{}",
            c.seed,
            c.line,
            c.mutant,
            c.original,
            show(&report)
        )
    };
    prop_assert_eq!(report.infeasible, 0, "{}", ctx());
    for d in &report.diagnoses {
        prop_assert!(d.validated, "diagnosis {} not validated\n{}", d.rank, ctx());
        let sum: u64 = d.statements.iter().map(|s| s.weight).sum();
        prop_assert_eq!(d.cost, sum, "diagnosis {} cost\n{}", d.rank, ctx());
        prop_assert!(!d.statements.is_empty(), "empty diagnosis\n{}", ctx());
    }
    // `return 1`, `x = 0`, `int x = 0`, `id(0)`'s `0` (not `i += 2`) blamed alone, or a few
    // such together.
    let literal = |st: &faultline_diagnose::BlamedStatement| {
        let value = match st.text.strip_prefix("return ") {
            Some(v) => v,
            None => match st.text.split_once(" = ") {
                Some((target, v))
                    if target
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ' ' || c == '.') =>
                {
                    v
                }
                _ => "",
            },
        };
        use faultline_ir::Component::{Argument, Assign, Return};
        // Or a literal passed to a user call (`id(0)`), a component of its own.
        let passed = st.kind == Argument && st.text.trim().parse::<i64>().is_ok();
        passed || matches!(st.kind, Assign | Return) && value.trim().parse::<i64>().is_ok()
    };
    let sink = |d: &faultline_diagnose::Diagnosis| {
        (1..=4).contains(&d.statements.len()) && d.statements.iter().all(literal)
    };
    // Repaired diagnoses first (but for a diagnosis just before the step-by-step joint repair
    // that contains it: several edits can pass the tests by accident); the others in the
    // enumeration's cost order after the tier of a partial repair's completions.
    const STEPPED: &str =
        "fewer statements: the next one's repair of several edits may pass by accident";
    let tier_end = (report.diagnoses.iter())
        .rposition(|d| {
            d.ranked_by.as_deref()
                == Some("edits of its statements, one at a time, make some failing tests pass")
        })
        .map_or(0, |i| i + 1);
    for (i, w) in report.diagnoses.windows(2).enumerate() {
        let stepped = w[0].ranked_by.as_deref() == Some(STEPPED);
        prop_assert!(
            stepped || !(w[0].repairs.is_empty() && !w[1].repairs.is_empty()),
            "a repaired diagnosis ranks after an unrepaired one\n{}",
            ctx()
        );
        if w[0].repairs.is_empty() && w[1].repairs.is_empty() && i >= tier_end {
            // A single literal statement (a sink: `return 6`) comes after the others.
            prop_assert!(
                (sink(&w[0]), w[0].cost) <= (sink(&w[1]), w[1].cost),
                "costs decrease\n{}",
                ctx()
            );
        }
    }
    // Every repair, applied to the text and compiled again, passes every test.
    for d in &report.diagnoses {
        for r in &d.repairs {
            let text = apply_repair(&c.mutant, r);
            let (program, suite) = c.compile(&text);
            let results = faultline_runner::Runner::new(&program, &suite).run_all();
            prop_assert!(
                results.iter().all(|t| t.passed),
                "diagnosis {}: repair `{}` -> `{}` fails a test\n{}",
                d.rank,
                r.before,
                r.after,
                ctx()
            );
            prop_assert_eq!(r.tests_passed, suite.len(), "{}", ctx());
        }
    }
    let sets: Vec<BTreeSet<(u32, u32)>> = report
        .diagnoses
        .iter()
        .map(|d| d.statements.iter().map(|s| (s.line, s.column)).collect())
        .collect();
    // Supersets only where several faults are the point: a joint repair of several edits
    // (the step-by-step search's), or a completion of a partial repair (its tier).
    for j in 0..sets.len() {
        let several = report.diagnoses[j]
            .repairs
            .iter()
            .any(|r| r.edits.len() > 1);
        for i in 0..j {
            prop_assert!(
                several || j < tier_end || !sets[j].is_superset(&sets[i]),
                "diagnosis {} is a superset of diagnosis {}\n{}",
                j + 1,
                i + 1,
                ctx()
            );
        }
    }
    // Subset-minimal within the bounds: a statement that no repaired run executes has no
    // values, and could be dropped, the others repairing every test with the same runs.
    // The exception: a single statement whose repair changes more than the value it computes
    // (the variable it writes, `else if`, braces, its type: `RepairEdit::changes_statement`),
    // which no value of it stands for; the repaired program passing every test is its
    // validation, and the report's note says why there are no values.
    for d in &report.diagnoses {
        let reshaped = d.statements.len() == 1 && d.repairs.iter().any(|r| r.changes_statement);
        for s in &d.statements {
            prop_assert!(
                reshaped || s.angelic.iter().any(|a| !a.values.is_empty()),
                "diagnosis {}: no repaired run executes `{}` (line {})\n{}",
                d.rank,
                s.text,
                s.line,
                ctx()
            );
        }
        if reshaped && d.statements[0].angelic.iter().all(|a| a.values.is_empty()) {
            let line = d.statements[0].line;
            prop_assert!(
                report.notes.iter().any(|n| n.line == line),
                "diagnosis {}: no values at line {} and no note saying why\n{}",
                d.rank,
                line,
                ctx()
            );
        }
    }
    // The mutated statement's component weight.
    let components = faultline_ssa::Components::from_program(&c.program);
    let on_line: Vec<u64> = components
        .all()
        .iter()
        .filter(|i| c.program.files.locate(i.span).start.line == c.line)
        .map(|i| i.weight)
        .collect();
    prop_assert!(
        !on_line.is_empty(),
        "no component on the mutated line\n{}",
        ctx()
    );
    // One component per line, except in programs rewritten through calls and indices, where
    // the line's components together (an upper bound of the mutated one's) repair it.
    let weight: u64 = on_line.iter().sum();
    if report.complete && c.fix_in_bounds {
        let blamed = report
            .diagnoses
            .iter()
            .any(|d| d.statements.iter().any(|s| s.line == c.line));
        let cheap = report.diagnoses.iter().any(|d| d.cost <= weight);
        prop_assert!(
            blamed || cheap,
            "complete, but neither the mutated line nor a diagnosis of cost <= {} is reported\n{}",
            weight,
            ctx()
        );
    }
    Ok(())
}

/// `text` with the repair's replacement made (its byte range must read `before`).
fn apply_repair(text: &str, r: &faultline_diagnose::RepairEdit) -> String {
    // Every edit of the repair (a joint one has several), from the last back.
    let mut parts = r.parts();
    parts.sort_by_key(|e| std::cmp::Reverse(e.start_byte));
    let mut text = text.to_string();
    for e in parts {
        let (start, end) = (e.start_byte as usize, e.end_byte as usize);
        assert_eq!(
            &text[start..end],
            e.before,
            "the repair's range reads its `before`"
        );
        text.replace_range(start..end, &e.after);
    }
    text
}

/// How often the repair-first ranking puts the mutated line first, on a fixed set of seeds
/// (printed; `cargo test -- --nocapture` shows it). Every mutation is one small edit of the
/// kind the repair search tries, so a program whose tests pin the behaviour has its mutated
/// line repaired; a mutant whose tests also pass a different edit elsewhere may rank that
/// edit first, which is why this is a rate and not a rule.
#[test]
fn the_mutated_line_ranks_first() {
    const SEEDS: u64 = 40;
    let (mut first, mut repaired, mut total) = (0, 0, 0);
    let mut missed = Vec::new();
    for seed in 0..SEEDS {
        let c = case(seed);
        // No wall-clock budget: a loaded machine must not change the ranking this test
        // asserts (under load 16 a seed ran out of its 20 s and lost its repair). Each case
        // takes well under a second on an idle machine.
        let report = diagnose(&c.program, &c.suite, &untimed()).unwrap();
        total += 1;
        let top = report.diagnoses.first();
        if top.is_some_and(|d| d.statements.iter().any(|s| s.line == c.line)) {
            first += 1;
        } else {
            missed.push(seed);
            // Why another statement won: the mutant, its mutated line and the top of the
            // ranking with the repairs (shown with `--nocapture`).
            let mut why = format!("seed {seed}: mutated line {}\n{}", c.line, c.mutant);
            for d in report.diagnoses.iter().take(3) {
                let fixes: Vec<String> = (d.repairs.iter())
                    .map(|r| format!("{}: {} -> {}", r.line, r.before, r.after))
                    .collect();
                why.push_str(&format!("  fixes {fixes:?}\n"));
            }
            println!("{why}{}", show(&report));
        }
        if report
            .diagnoses
            .iter()
            .any(|d| d.statements.iter().any(|s| s.line == c.line) && !d.repairs.is_empty())
        {
            repaired += 1;
        }
    }
    println!(
        "mutated line ranked first in {first} of {total} random single-mutation programs; \
         repaired in {repaired}; not first: seeds {missed:?}"
    );
    // Measured 2026-11-26: 30 of 40 first, 40 of 40 repaired at the mutated line; with
    // repairs ordered by plausibility and equal ones by position (later first): 33 of 40 (the
    // misses are ties between equally small repairs in other statements that pass the same
    // tests: a wrong variable assigned early, read again later). Margin for loaded machines.
    // 34 of 40 with the sinks rule and the edits of branch rank (2026-11-26); in the six
    // misses a one-token edit of another statement passes every test as well (in seed 0 it is
    // equivalent to the fix on every input), a tie no plausibility rule we tried breaks
    // better than "the later statement" (counting statements an edit leaves unused: 32).
    // 39 of 40 when a writer whose repair writes another variable ranks before the reader
    // whose repair reads another one instead (`ranked_by`: "routes around", 2026-11-26; seed
    // 8 is left: an operator edit of a condition against a variable edit of the return).
    assert!(
        first * 100 >= total * 90,
        "{first} of {total}: seeds {missed:?}"
    );
    assert_eq!(
        repaired, total,
        "the mutated line has a repair in every case"
    );
}

/// The seeds' generator starts from a fixed seed, so that `cargo test` (CI) runs the same
/// programs every time and a red run names a regression, not a draw: each proptest case is
/// a whole random program whose diagnosis is checked against several invariants, and a rare
/// program that breaks one must not decide whether a change lands. To explore other programs,
/// set `PROPTEST_RNG_SEED` (a number) and `PROPTEST_CASES`; a failure prints its program's
/// seed.
fn rng_seed() -> proptest::test_runner::RngSeed {
    match std::env::var("PROPTEST_RNG_SEED") {
        Ok(_) => ProptestConfig::default().rng_seed,
        Err(_) => proptest::test_runner::RngSeed::Fixed(0x5eed_2026_1127),
    }
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(24)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases(),
        // The input is a seed: shrinking it only tries unrelated programs.
        max_shrink_iters: 0,
        failure_persistence: None,
        rng_seed: rng_seed(),
        ..ProptestConfig::default()
    })]

    #[test]
    fn diagnoses_of_random_single_fault_programs(seed in any::<u64>()) {
        let c = case(seed);
        check(&c)?;
    }
}

/// The pointer feature of the generator (additive, the case's text rewritten line for line):
/// `f` takes its parameters through pointers (`int f(int *pa, int *pb) { int a = *pa; int b =
/// *pb;` on the header's line) and each test passes addresses of its locals (`{ int x = A,
/// y = B; assert(f(&x, &y) == E); }` on the assertion's line), so every line keeps its number
/// and the mutated statement is the same.
fn through_pointers(text: &str) -> String {
    let header = "int f(int a, int b) {";
    assert!(text.contains(header), "{text}");
    let mut out = String::with_capacity(text.len() + 256);
    for line in text.lines() {
        let t = line.trim_start();
        if line == header {
            out.push_str("int f(int *pa, int *pb) { int a = *pa; int b = *pb;");
        } else if let Some(rest) = t.strip_prefix("assert(f(") {
            // `assert(f(A, B) == E);`
            let (args, tail) = rest.split_once(") == ").expect("a generated assertion");
            let (a, b) = args.split_once(", ").expect("two arguments");
            let pad = &line[..line.len() - t.len()];
            out.push_str(&format!(
                "{pad}{{ int x = {a}, y = {b}; assert(f(&x, &y) == {tail} }}"
            ));
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// The call and index feature of the generator (additive, the case's text rewritten line for
/// line, every line keeping its number): inside `f`, the variables `x`, `y`, `z` live in an
/// array, `w[o]`, `w[o + 1]`, `w[o + 2]` (`o` a global 0), and every assigned or returned
/// expression passes through a user function, `x = a + b;` becoming `w[o] = id(a + b);`
/// (`int id(int v) { return v; }` on the empty second line). A wrong variable is then a wrong
/// index (`o + 1` for `o + 2`) and a wrong operator or constant lies in a call's argument:
/// each is a component of its own (`Component::Index`, `Component::Argument`).
fn through_calls_and_indices(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 512);
    let mut inside = false;
    for (k, line) in text.lines().enumerate() {
        if k == 1 {
            assert!(line.is_empty(), "{text}");
            out.push_str("int id(int v) { return v; } int o;\n");
            continue;
        }
        if line.starts_with("int f(int a, int b) {") {
            inside = true;
            out.push_str(line);
            out.push_str(" int w[3];\n");
            continue;
        }
        if inside && line == "}" {
            inside = false;
        }
        if !inside {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let mut l = String::with_capacity(line.len() + 16);
        let mut word = String::new();
        let flush = |word: &mut String, l: &mut String| {
            l.push_str(match word.as_str() {
                "x" | "s.x" => "w[o]",
                "y" | "s.y" => "w[o + 1]",
                "z" | "s.z" => "w[o + 2]",
                w => w,
            });
            word.clear();
        };
        for ch in line.chars() {
            if ch.is_ascii_alphanumeric() || ch == '_' || ch == '.' {
                word.push(ch);
            } else {
                flush(&mut word, &mut l);
                l.push(ch);
            }
        }
        flush(&mut word, &mut l);
        let t = l.trim_start();
        let pad = &l[..l.len() - t.len()];
        let t = t
            .strip_prefix("int w[")
            .map_or(t.to_string(), |r| format!("w[{r}"));
        let wrapped = if t.starts_with("struct ") {
            t
        } else if let Some(e) = t.strip_prefix("return ").and_then(|r| r.strip_suffix(';')) {
            format!("return id({e});")
        } else if let (false, Some((target, e))) = (t.starts_with("for"), t.split_once(" = ")) {
            format!("{target} = id({});", e.strip_suffix(';').unwrap_or(e))
        } else {
            t
        };
        out.push_str(pad);
        out.push_str(&wrapped);
        out.push('\n');
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases().div_ceil(2),
        max_shrink_iters: 0,
        failure_persistence: None,
        rng_seed: rng_seed(),
        ..ProptestConfig::default()
    })]

    #[test]
    fn diagnoses_of_random_single_fault_float_programs(seed in any::<u64>()) {
        let c = case_with(seed, GenOptions { doubles: true, ..GenOptions::default() });
        check(&c)?;
    }

    /// Strings: `x`, `y`, `z` are `char`s of `t`, and every result adds `strlen(t)`.
    #[test]
    fn diagnoses_of_random_single_fault_string_programs(seed in any::<u64>()) {
        let c = case_with(seed, GenOptions { chars: true, ..GenOptions::default() });
        if seed % 2 == 0 {
            check(&c)?;
        } else {
            // Half the cases as an array of structs instead.
            let c = case_with(seed, GenOptions { records: true, ..GenOptions::default() });
            check(&c)?;
        }
    }

    /// The same properties on the generator's programs rewritten to work through pointers.
    #[test]
    fn diagnoses_of_random_programs_through_pointers(seed in any::<u64>()) {
        let c = case(seed);
        let mutant = through_pointers(&c.mutant);
        let (program, suite) = c.compile(&mutant);
        let p = Case {
            seed: c.seed,
            original: through_pointers(&c.original),
            mutant,
            program,
            suite,
            line: c.line,
            fix_in_bounds: c.fix_in_bounds,
            io: c.io.clone(),
        };
        prop_assert!(faultline_ssa::pointer::first_pointer_use(&p.program).is_some());
        check(&p)?;
    }

    /// The same properties on the generator's programs rewritten so that its expressions are
    /// call arguments and its variables array elements at index expressions.
    #[test]
    fn diagnoses_of_random_programs_through_calls_and_indices(seed in any::<u64>()) {
        let c = case(seed);
        let mutant = through_calls_and_indices(&c.mutant);
        let (program, suite) = c.compile(&mutant);
        let p = Case {
            seed: c.seed,
            original: through_calls_and_indices(&c.original),
            mutant,
            program,
            suite,
            line: c.line,
            fix_in_bounds: c.fix_in_bounds,
            io: c.io.clone(),
        };
        let kinds: Vec<faultline_ir::Component> = faultline_ssa::Components::from_program(&p.program)
            .all()
            .iter()
            .map(|i| i.kind)
            .collect();
        prop_assert!(kinds.contains(&faultline_ir::Component::Index), "{}", p.mutant);
        prop_assert!(kinds.contains(&faultline_ir::Component::Argument), "{}", p.mutant);
        check(&p)?;
    }
}

/// The rewrite keeps the program's behaviour: the original passes every test, the mutant
/// fails one, and each line keeps its number.
#[test]
fn calls_and_indices_rewrite_keeps_behaviour() {
    for seed in 0..12 {
        let c = case(seed);
        let original = through_calls_and_indices(&c.original);
        assert_eq!(original.lines().count(), c.original.lines().count());
        let (program, suite) = c.compile(&original);
        let results = faultline_runner::run_suite(&program, &suite);
        assert!(results.iter().all(|r| r.passed), "seed {seed}\n{original}");
        let mutant = through_calls_and_indices(&c.mutant);
        let (program, suite) = c.compile(&mutant);
        let results = faultline_runner::run_suite(&program, &suite);
        assert!(results.iter().any(|r| !r.passed), "seed {seed}\n{mutant}");
    }
}

/// The generator with doubles: programs compile, the evaluator's doubles are the
/// interpreter's (expectations hold on the original), mutants fail, and the language is
/// used: doubles, conversions, `/` by a double, `%.2f` IO cases.
#[test]
fn generator_produces_failing_float_mutants() {
    let (mut div, mut trunc, mut io_fails) = (0, 0, 0);
    for seed in 0..20 {
        let c = case_with(
            seed,
            GenOptions {
                doubles: true,
                ..GenOptions::default()
            },
        );
        assert!(c.mutant.contains("double f(int a, int b)"), "{}", c.mutant);
        assert!(
            c.mutant.contains("printf(\"%.2f\\n\", f(a, b))"),
            "{}",
            c.mutant
        );
        assert_eq!(c.io.len(), c.suite.len() - c.program.tests.len());
        div += c.original.contains(".0;") as usize;
        trunc += c.original.contains("(int) ") as usize;
        let results = faultline_runner::run_suite(&c.program, &c.suite);
        io_fails += results
            .iter()
            .any(|r| r.name.starts_with("io_") && !r.passed) as usize;
    }
    assert!(
        div > 0 && trunc > 0 && io_fails > 0,
        "{div} {trunc} {io_fails}"
    );
}

/// The generator itself: programs compile, expectations hold, mutants fail.
#[test]
fn generator_produces_failing_mutants() {
    for seed in 0..20 {
        let c = case(seed);
        assert!(c.line > 3, "{}", c.mutant);
    }
}

/// The generator with strings and with records: the language is used (`char` cells, `strlen`
/// in the result, struct members of three array elements), and mutants fail (the interpreter
/// agreeing with the evaluator, value by value, is checked inside `case_with`).
#[test]
fn generator_produces_failing_string_and_record_mutants() {
    for seed in 0..20 {
        let c = case_with(
            seed,
            GenOptions {
                chars: true,
                ..GenOptions::default()
            },
        );
        assert!(c.original.contains("char t[4];"), "{}", c.original);
        assert!(
            c.original.contains("len = (int) strlen(t);"),
            "{}",
            c.original
        );
        assert!(c.original.contains("return len + ("), "{}", c.original);
        assert!(
            !c.original.contains(" x ") && !c.original.contains("(x"),
            "{}",
            c.original
        );
        let c = case_with(
            seed,
            GenOptions {
                records: true,
                ..GenOptions::default()
            },
        );
        assert!(c.original.contains("struct rec r[3];"), "{}", c.original);
        assert!(
            c.original.contains("r[0].x") && c.original.contains("r[2].z"),
            "{}",
            c.original
        );
    }
}

/// gcc is the oracle for the evaluator: each language's original programs, compiled with gcc
/// (UBSan on) with a `main` calling every test, pass all their tests.
#[test]
fn the_evaluator_agrees_with_gcc() {
    let dir = std::env::temp_dir().join(format!("faultline-random-gcc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let languages = [
        GenOptions::default(),
        GenOptions {
            chars: true,
            ..GenOptions::default()
        },
        GenOptions {
            records: true,
            ..GenOptions::default()
        },
    ];
    for (l, opts) in languages.into_iter().enumerate() {
        for seed in 0..8 {
            let c = case_with(seed, opts);
            let tests = c.original.matches("void test_").count();
            let calls: String = (0..tests).map(|k| format!("    test_{k}();\n")).collect();
            let src = dir.join(format!("p{l}_{seed}.c"));
            let exe = dir.join(format!("p{l}_{seed}"));
            std::fs::write(
                &src,
                format!(
                    "{}\nint main(void) {{\n{calls}    return 0;\n}}\n",
                    c.original
                ),
            )
            .unwrap();
            let built = std::process::Command::new("gcc")
                .args(["-std=gnu99", "-w", "-O0", "-fsanitize=undefined"])
                .args(["-fno-sanitize-recover=all", "-o"])
                .arg(&exe)
                .arg(&src)
                .status()
                .expect("gcc is installed (CI machines have it)");
            assert!(built.success(), "gcc failed:\n{}", c.original);
            let run = std::process::Command::new(&exe).output().unwrap();
            assert!(
                run.status.success(),
                "gcc's run fails a test the evaluator passes ({}):\n{}",
                String::from_utf8_lossy(&run.stderr),
                c.original
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
