//! Habits of introductory programs. `if … else if … else if …` ladders classifying the input:
//! a wrong head condition is blamed on its own, first, as a wrong later rung is (the head's
//! weight is its own branch, not the rungs below it: `faultline_ssa::components`). A stray `;`
//! after `if (…)` or `for (…)`: the statement under it is blamed, and a note at the header says
//! why that line runs.

#[path = "support/text_report.rs"]
mod text_report;
use faultline_diagnose::Report;
use text_report::diagnose_text;

fn show(r: &Report) -> String {
    let mut s = String::new();
    for d in &r.diagnoses {
        let st: Vec<String> = (d.statements.iter())
            .map(|s| format!("{}:{} `{}`", s.line, s.column, s.text))
            .collect();
        s.push_str(&format!("#{} cost {}: {}\n", d.rank, d.cost, st.join(", ")));
    }
    s
}

/// The lines blamed by the first diagnosis.
fn first_lines(r: &Report) -> Vec<u32> {
    let d = r
        .diagnoses
        .first()
        .unwrap_or_else(|| panic!("no diagnosis"));
    d.statements.iter().map(|s| s.line).collect()
}

const KIND: &str = "int kind(char c)
{
    int k;
    if (c == 'a' || c == 'e' || c == 'i' || c == 'o')
        k = 1;
    else if (c >= 'a' && c <= 'z')
        k = 2;
    else if (c >= '0' && c <= '9')
        k = 3;
    else
        k = 0;
    return k;
}
";

#[test]
fn a_missing_clause_in_the_head_of_a_ladder_is_the_first_diagnosis() {
    let text = format!(
        "{KIND}
void test_vowel(void) {{ assert(kind('e') == 1); }}
void test_u(void) {{ assert(kind('u') == 1); }}
void test_consonant(void) {{ assert(kind('x') == 2); }}
void test_digit(void) {{ assert(kind('7') == 3); }}
void test_other(void) {{ assert(kind('#') == 0); }}
"
    );
    let r = diagnose_text(&text);
    assert_eq!(first_lines(&r), [4], "{}", show(&r));
    assert_eq!(r.diagnoses[0].cost, 2, "{}", show(&r));
}

#[test]
fn a_wrong_bound_in_a_middle_rung_is_still_the_first_diagnosis() {
    let text = KIND.replace("c <= '9'", "c < '9'")
        + "
void test_vowel(void) { assert(kind('a') == 1); }
void test_nine(void) { assert(kind('9') == 3); }
void test_consonant(void) { assert(kind('q') == 2); }
void test_zero(void) { assert(kind('0') == 3); }
void test_other(void) { assert(kind(' ') == 0); }
";
    let r = diagnose_text(&text);
    assert_eq!(first_lines(&r), [8], "{}", show(&r));
}

#[test]
fn a_stray_semicolon_after_an_if_is_named_at_the_if() {
    let text = "int count3(const int *v, int n)
{
    int c = 0;
    for (int i = 0; i < n; i++) {
        if (v[i] % 3 == 0);
            c++;
    }
    return c;
}
void test_two(void) { int v[] = {3, 6}; assert(count3(v, 2) == 2); }
void test_one(void) { int v[] = {3, 4}; assert(count3(v, 2) == 1); }
void test_none(void) { int v[] = {1, 2, 4}; assert(count3(v, 3) == 0); }
";
    let r = diagnose_text(text);
    assert!(
        r.diagnoses
            .iter()
            .any(|d| d.statements.iter().any(|s| s.line == 6)),
        "{}",
        show(&r)
    );
    let notes: Vec<_> = r.notes.iter().filter(|n| n.line == 5).collect();
    assert_eq!(notes.len(), 1, "{:?}", r.notes);
    assert!(
        notes[0]
            .message
            .contains("the `if` on line 5 has an empty body")
            && notes[0]
                .message
                .contains("line 6 runs whether or not the condition holds"),
        "{:?}",
        notes[0]
    );
}

#[test]
fn a_stray_semicolon_after_a_for_is_named_at_the_loop() {
    let text = "int sum(const int *v, int n)
{
    int s = 0;
    int i;
    for (i = 0; i < n - 1; i++);
    s += v[i];
    return s;
}
void test_one(void) { int v[] = {5}; assert(sum(v, 1) == 5); }
void test_two(void) { int v[] = {1, 2}; assert(sum(v, 2) == 3); }
void test_three(void) { int v[] = {1, 2, 3}; assert(sum(v, 3) == 6); }
";
    let r = diagnose_text(text);
    assert!(
        r.diagnoses
            .iter()
            .any(|d| d.statements.iter().any(|s| s.line == 6)),
        "{}",
        show(&r)
    );
    assert!(
        r.notes
            .iter()
            .any(|n| n.line == 5 && n.message.contains("the loop on line 5 has an empty body")),
        "{:?}",
        r.notes
    );
    // A well-formed `if` (a body, or an `else`) gets no such note.
    assert!(
        r.notes.iter().all(|n| !n.message.contains("`if`")),
        "{:?}",
        r.notes
    );
}

/// `run == 0;` where `run = 0;` was meant: a statement with no effect, lowered as `run = run`
/// so that it can be blamed, with the value it should have set.
#[test]
fn a_comparison_written_for_a_reset_is_blamed_at_its_line() {
    let text = "int longest_run(const int *v, int n)
{
    int run = 0, best = 0;
    for (int i = 0; i < n; i++) {
        if (v[i] == 0) {
            run == 0;
        } else {
            run++;
            if (run > best)
                best = run;
        }
    }
    return best;
}
void test_split(void) { int v[] = {1, 1, 0, 1}; assert(longest_run(v, 4) == 2); }
void test_all(void) { int v[] = {1, 1, 1}; assert(longest_run(v, 3) == 3); }
void test_late(void) { int v[] = {0, 1}; assert(longest_run(v, 2) == 1); }
void test_longer(void) { int v[] = {1, 0, 1, 1, 1}; assert(longest_run(v, 5) == 3); }
";
    let r = diagnose_text(text);
    let d = r
        .diagnoses
        .iter()
        .find(|d| d.statements.iter().any(|s| s.line == 6))
        .unwrap_or_else(|| panic!("line 6 is not blamed\n{}", show(&r)));
    assert_eq!(d.statements.len(), 1, "{}", show(&r));
    assert_eq!(d.statements[0].text, "run == 0", "{}", show(&r));
    assert_eq!(r.diagnoses[0].statements[0].line, 6, "{}", show(&r));
}

/// `text` as `name.c` in a directory of its own with stdin cases `(name, stdin, stdout)`,
/// diagnosed as `diagnose_text` does (five diagnoses, sound).
fn diagnose_io(name: &str, text: &str, cases: &[(&str, &str, &str)]) -> Report {
    let dir = std::env::temp_dir().join(format!("faultline-habits-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut loaded = faultline_runner::load_source(&dir.join(format!("{name}.c")), text)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let io = (cases.iter())
        .map(|(n, stdin, stdout)| {
            let case = faultline_runner::IoCase {
                input: faultline_interp::Input {
                    stdin: stdin.as_bytes().to_vec(),
                    ..Default::default()
                },
                stdout: Some(stdout.as_bytes().to_vec()),
                ..Default::default()
            };
            (n.to_string(), case)
        })
        .collect();
    loaded.suite = faultline_runner::Suite::new(&loaded.program, io, &Default::default()).unwrap();
    let report = faultline_diagnose::diagnose(
        &loaded.program,
        &loaded.suite,
        &faultline_diagnose::DiagnoseOptions {
            max_diagnoses: 5,
            timeout: Some(std::time::Duration::from_secs(30)),
            ..Default::default()
        },
    )
    .expect("diagnosis");
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(report.infeasible, 0);
    assert!(report.diagnoses.iter().all(|d| d.validated));
    report
}

/// A `switch` case whose only statement is a `printf` falls through into the next case (its
/// `break` is missing): no text that `printf` could print removes the next case's line, so
/// no diagnosis of values names it. Its repair adds `break;`, and the `printf` it repairs is
/// the first diagnosis, without values and with the note saying why.
#[test]
fn a_printf_case_missing_its_break_is_the_first_diagnosis() {
    let text = r#"#include <stdio.h>
int main()
{
    int a, b;
    char op;
    scanf("%d %c %d", &a, &op, &b);
    switch (op) {
    case '+':
        printf("%d\n", a + b); break;
    case '-':
        printf("%d\n", a - b);
    case '*':
        printf("%d\n", a * b); break;
    default:
        printf("?\n");
    }
    return 0;
}
"#;
    let r = diagnose_io(
        "calc",
        text,
        &[
            ("add", "3 + 4\n", "7\n"),
            ("sub", "9 - 2\n", "7\n"),
            ("mul", "6 * 7\n", "42\n"),
            ("other", "1 / 2\n", "?\n"),
            ("sub_zero", "5 - 5\n", "0\n"),
        ],
    );
    assert_eq!(first_lines(&r), [11], "{}", show(&r));
    let d = &r.diagnoses[0];
    assert!(
        d.statements[0].angelic.iter().all(|t| t.values.is_empty()),
        "{d:?}"
    );
    let fixes: Vec<&str> = d.repairs.iter().map(|f| f.after.as_str()).collect();
    assert_eq!(
        fixes,
        ["printf(\"%d\\n\", a - b);\n        break;"],
        "{}",
        show(&r)
    );
    assert!(
        (r.notes.iter()).any(|n| n.line == 11 && n.message.contains("falls through")),
        "{:?}",
        r.notes
    );
}
