//! Repair search on small programs: which edits are offered, and which pass every test.

use faultline_ir::{Program, StmtId};
use faultline_repair::{candidates, edited_text, Limits, Searcher};

mod support;
use support::{compile, failing, io};

/// The statement whose source text starts on `line` (1-based) and has a component.
fn stmt_on(program: &Program, line: u32) -> (faultline_ir::FuncId, StmtId) {
    let mut found = None;
    program.for_each_stmt(|f, s| {
        if s.component.is_some()
            && found.is_none()
            && program.files.locate(s.span).start.line == line
        {
            found = Some((f, s.id));
        }
    });
    found.expect("a statement on that line")
}

/// [`stmt_on`]'s function and a copy of its statement (what `candidates` takes).
fn stmt_at(program: &Program, line: u32) -> (faultline_ir::FuncId, faultline_ir::Stmt) {
    let (f, id) = stmt_on(program, line);
    let mut found = None;
    program.for_each_stmt(|_, st| {
        if st.id == id {
            found = Some(st.clone());
        }
    });
    (f, found.expect("the statement"))
}

fn limits() -> Limits {
    Limits {
        max_steps: 100_000,
        per_statement: 5,
        ..Default::default()
    }
}

const ABS: &str = "int absolute(int x)
{
    if (x < -1)
        return -x;
    return x;
}
void test_positive(void) { assert(absolute(7) == 7); }
void test_zero(void) { assert(absolute(0) == 0); }
void test_large_negative(void) { assert(absolute(-40) == 40); }
void test_minus_one(void) { assert(absolute(-1) == 1); }
";

#[test]
fn candidate_edits_of_a_condition() {
    let (program, _) = compile(ABS);
    let (f, s) = stmt_at(&program, 3);
    let edits = candidates(&program, f, &s, &[]);
    let shown: Vec<String> = edits
        .iter()
        .map(|e| format!("{:?} {} -> {}", e.kind, e.before, e.after))
        .collect();
    for op in ["<=", ">", ">=", "==", "!="] {
        assert!(shown.contains(&format!("Operator < -> {op}")), "{shown:#?}");
    }
    assert!(
        shown.contains(&"Constant -1 -> 0".to_string()),
        "{shown:#?}"
    );
    assert!(
        shown.contains(&"Constant -1 -> -2".to_string()),
        "{shown:#?}"
    );
    assert!(
        shown.contains(&"Negate x < -1 -> !(x < -1)".to_string()),
        "{shown:#?}"
    );
    // The only `int` in scope is `x` itself: no variable edit.
    assert!(
        !shown.iter().any(|s| s.starts_with("Variable")),
        "{shown:#?}"
    );
}

#[test]
fn the_abs_fault_is_repaired_by_its_operator_and_by_its_constant() {
    let (program, suite) = compile(ABS);
    let fails = failing(&program, &suite);
    assert_eq!(fails, vec![3]);
    let (_, id) = stmt_on(&program, 3);
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    let repairs = searcher.repairs(id, &[]);
    let shown: Vec<(String, String, usize)> = repairs
        .iter()
        .map(|r| (r.edit.before.clone(), r.edit.after.clone(), r.tests_passed))
        .collect();
    assert_eq!(
        shown,
        vec![("<".into(), "<=".into(), 4), ("-1".into(), "0".into(), 4),]
    );
    // The edited text passes every test (what the editor would save).
    for r in &repairs {
        let text = edited_text(&program, &r.edit).unwrap();
        let (p, s) = compile(&text);
        assert!(failing(&p, &s).is_empty(), "{text}");
    }
    assert!(searcher.timings.tried >= 2);
    // `return x` has no repair among these edits: the expected value is not what any small
    // edit of `x` computes for every test.
    let (_, ret) = stmt_on(&program, 5);
    assert!(searcher.repairs(ret, &[1]).is_empty());
}

#[test]
fn an_extra_prompt_is_deleted_with_its_line() {
    let text = "#include <stdio.h>\nint main(void)\n{\n    int a, b;\n    printf(\"Enter two numbers: \");\n    scanf(\"%d %d\", &a, &b);\n    printf(\"%d\\n\", a + b);\n    return 0;\n}\n";
    let (program, suite) = io(text, &[("one", "1 2", "3\n"), ("two", "5 -7", "-2\n")]);
    let fails = failing(&program, &suite);
    assert_eq!(fails, vec![0, 1]);
    let (_, prompt) = stmt_on(&program, 5);
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    let repairs = searcher.repairs(prompt, &[]);
    assert_eq!(repairs.len(), 1);
    let r = &repairs[0];
    assert_eq!(r.edit.kind, faultline_repair::EditKind::DeleteOutput);
    assert_eq!(r.edit.after, "");
    assert_eq!(r.tests_passed, 2);
    // The whole line goes, and nothing else.
    let fixed = edited_text(&program, &r.edit).unwrap();
    assert_eq!(
        fixed,
        text.replace("    printf(\"Enter two numbers: \");\n", "")
    );
    // The answer's printf has no repair: deleting it prints nothing at all.
    let (_, answer) = stmt_on(&program, 7);
    assert!(searcher.repairs(answer, &[]).is_empty());
}

#[test]
fn an_edit_that_loops_forever_costs_only_the_step_limit() {
    let text = "int count(int n)
{
    int k = 0;
    for (int i = 0; i != n; i += 2)
        k++;
    return k;
}
void test_four(void) { assert(count(4) == 2); }
void test_five(void) { assert(count(5) == 3); }
";
    let (program, suite) = compile(text);
    let fails = failing(&program, &suite);
    assert_eq!(
        fails.len(),
        1,
        "count(5) never ends as written: the step limit fails it"
    );
    let mut cond = None;
    program.for_each_stmt(|_, s| {
        if s.component == Some(faultline_ir::Component::LoopCond) {
            cond = Some(s.id);
        }
    });
    let cond = cond.expect("the loop condition");
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    let start = std::time::Instant::now();
    let repairs = searcher.repairs(cond, &[]);
    // `i < n` repairs both tests; edits that keep looping stop at 100,000 steps.
    let after: Vec<&str> = repairs.iter().map(|r| r.edit.after.as_str()).collect();
    assert!(after.contains(&"<"), "{after:?}");
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
}

#[test]
fn a_stopped_search_tries_nothing() {
    let (program, suite) = compile(ABS);
    let fails = failing(&program, &suite);
    let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let mut searcher = Searcher::new(
        &program,
        &suite,
        &fails,
        Limits {
            cancel: Some(cancel),
            ..limits()
        },
    );
    let (_, id) = stmt_on(&program, 3);
    assert!(searcher.repairs(id, &[]).is_empty());
    assert_eq!(searcher.timings.tried, 0);
}

/// The repairs of the statement on `line`, as `(before, after)`.
fn repairs_on(text: &str, line: u32, hints: &[i128]) -> Vec<(String, String)> {
    let (program, suite) = compile(text);
    let fails = failing(&program, &suite);
    assert!(!fails.is_empty());
    let (_, id) = stmt_on(&program, line);
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    searcher
        .repairs(id, hints)
        .iter()
        .map(|r| (r.edit.before.clone(), r.edit.after.clone()))
        .collect()
}

#[test]
fn a_constant_missing_a_digit_is_repaired() {
    const SHIP: &str = "int cost(int grams)
{
    if (grams <= 50)
        return 250;
    return 490;
}
void test_letter(void) { assert(cost(20) == 250); }
void test_small(void) { assert(cost(300) == 250); }
void test_parcel(void) { assert(cost(900) == 490); }
";
    assert_eq!(
        repairs_on(SHIP, 3, &[]),
        [("50".to_string(), "500".to_string())]
    );
}

#[test]
fn a_condition_that_ignores_a_parameter_gets_the_clause() {
    const VOTE: &str = "int may_vote(int age, int registered)
{
    if (age >= 18)
        return 1;
    return 0;
}
void test_adult(void) { assert(may_vote(30, 1) == 1); }
void test_child(void) { assert(may_vote(12, 1) == 0); }
void test_unregistered(void) { assert(may_vote(30, 0) == 0); }
";
    assert_eq!(
        repairs_on(VOTE, 3, &[]),
        [(
            "age >= 18".to_string(),
            "age >= 18 && registered".to_string()
        )]
    );
}

/// A constant that is all a statement computes (`return 1`) can produce any value the
/// tests need: its edits (even ±1) are ordered after the structural ones, and a value the
/// angelic values suggest comes last.
#[test]
fn whole_and_guessed_constants_are_the_least_plausible_edits() {
    const RET: &str = "int sign(int x)
{
    if (x < 0)
        return 2;
    return 1;
}
void test_neg(void) { assert(sign(-4) == 1); }
";
    let (program, _) = compile(RET);
    let (f, s) = stmt_at(&program, 4);
    let edits = candidates(&program, f, &s, &[7]);
    let order = |after: &str| {
        edits
            .iter()
            .find(|e| e.after == after)
            .map(|e| e.order())
            .unwrap_or_else(|| panic!("no edit to {after}"))
    };
    assert!(order("1") > faultline_repair::EditKind::OffByOne.size() * 2);
    assert!(order("7") > order("1"));
    let (f, s) = stmt_at(&program, 3);
    let edits = candidates(&program, f, &s, &[]);
    // Inside a comparison, a constant ±1 is an ordinary one-token edit.
    assert!(edits.iter().any(|e| e.after == "1" && e.order() == 2));
}

/// A bound written as a macro (`#define LIMIT 5`) is fixed on its `#define` line, the line
/// the programmer wrote the number on, and every use of the macro changes with it.
#[test]
fn a_macro_constant_is_repaired_on_its_define_line() {
    const STEPS: &str = "#define LIMIT 5
int count_up(int start)
{
    int n = 0;
    for (int i = start; i < LIMIT; i++)
        n++;
    return n;
}
int room(int used) { return LIMIT - used; }
void test_from_zero(void) { assert(count_up(0) == 6); }
void test_from_three(void) { assert(count_up(3) == 3); }
void test_room(void) { assert(room(2) == 4); }
void test_full(void) { assert(room(6) == 0); }
";
    let (program, suite) = compile(STEPS);
    let fails = failing(&program, &suite);
    let mut cond = None;
    program.for_each_stmt(|_, s| {
        if s.component == Some(faultline_ir::Component::LoopCond) {
            cond = Some(s.id);
        }
    });
    let id = cond.expect("the loop condition");
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    let repairs = searcher.repairs(id, &[]);
    let shown: Vec<(u32, &str, &str)> = repairs
        .iter()
        .map(|r| {
            let line = program.files.locate(r.edit.span).start.line;
            (line, r.edit.before.as_str(), r.edit.after.as_str())
        })
        .collect();
    // `i <= LIMIT` alone would break `room`; the `#define` fixes both functions.
    assert_eq!(shown, [(1, "5", "6")]);
    let text = edited_text(&program, &repairs[0].edit).unwrap();
    assert!(text.starts_with("#define LIMIT 6\n"), "{text}");
}

/// A macro defined as anything but one plain literal (or defined twice) is not edited.
#[test]
fn a_macro_that_is_not_a_plain_literal_is_left_alone() {
    const TWICE: &str = "#define LIMIT (4 + 1)
int below(int x) { if (x < LIMIT) return 1; return 0; }
void test_in(void) { assert(below(5) == 1); }
void test_out(void) { assert(below(7) == 0); }
";
    let (program, _) = compile(TWICE);
    let (f, s) = stmt_at(&program, 2);
    let edits = candidates(&program, f, &s, &[]);
    assert!(
        edits
            .iter()
            .all(|e| program.files.locate(e.span).start.line == 2),
        "{:?}",
        edits
            .iter()
            .map(|e| (&e.before, &e.after))
            .collect::<Vec<_>>()
    );
}

/// A condition that forgot a clause the function tests elsewhere gets it back.
#[test]
fn a_condition_missing_a_clause_the_function_tests_elsewhere_gets_it() {
    const ALARM: &str = "int alarm(int alt, int armed)
{
    int level = 0;
    if (armed && alt < 1000)
        level = 1;
    if (alt < 500)
        level = 2;
    return level;
}
void test_low(void) { assert(alarm(400, 1) == 2); }
void test_low_unarmed(void) { assert(alarm(400, 0) == 0); }
void test_middle(void) { assert(alarm(800, 1) == 1); }
void test_high(void) { assert(alarm(2000, 1) == 0); }
";
    assert_eq!(
        repairs_on(ALARM, 6, &[]),
        [("alt < 500".to_string(), "alt < 500 && armed".to_string())]
    );
}

/// A limit typed with one neighbouring digit (`2500` for `1500`): neither ±1 nor a digit
/// more or less reaches it; one digit one lower does.
#[test]
fn a_constant_with_one_wrong_digit_is_repaired() {
    const POWER: &str = "int category(int watts)
{
    if (watts >= 2500)
        return 2;
    if (watts >= 500)
        return 1;
    return 0;
}
void test_kettle(void) { assert(category(2000) == 2); }
void test_iron(void) { assert(category(1600) == 2); }
void test_lamp(void) { assert(category(100) == 0); }
void test_fan(void) { assert(category(800) == 1); }
void test_oven(void) { assert(category(3000) == 2); }
";
    let found = repairs_on(POWER, 3, &[]);
    assert_eq!(found, [("2500".to_string(), "1500".to_string())]);
    let (program, suite) = compile(POWER);
    let fails = failing(&program, &suite);
    let (_, id) = stmt_on(&program, 3);
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    let r = searcher.repairs(id, &[]);
    assert_eq!(
        r[0].edit.plausibility(),
        "a constant with one digit changed"
    );
}

/// The operands of a division in the wrong order: no operator, constant or single variable
/// edit passes; swapping them does.
#[test]
fn swapped_operands_are_repaired_by_swapping_them() {
    const BOXES: &str = "int per_box(int items, int boxes)
{
    return boxes / items;
}
void test_dozen(void) { assert(per_box(12, 3) == 4); }
void test_twenty(void) { assert(per_box(20, 4) == 5); }
void test_same(void) { assert(per_box(9, 9) == 1); }
";
    assert_eq!(
        repairs_on(BOXES, 3, &[]),
        [("boxes / items".to_string(), "items / boxes".to_string())]
    );
    // Subtraction of array elements, the edit shown on the operands' text only.
    const SPAN: &str = "int widest(int n)
{
    int a[4];
    a[0] = 1; a[1] = 4; a[2] = 9; a[3] = 11;
    int d = a[0] - a[n];
    return d;
}
void test_two(void) { assert(widest(2) == 8); }
void test_three(void) { assert(widest(3) == 10); }
void test_zero(void) { assert(widest(0) == 0); }
";
    assert_eq!(
        repairs_on(SPAN, 5, &[]),
        [("a[0] - a[n]".to_string(), "a[n] - a[0]".to_string())]
    );
}

/// Comparisons and operands that are not a single variable or literal are not swapped (the
/// swapped text would need parentheses, or is an operator edit already): `a - b * 2` keeps
/// its order, `(a - b) / 2` swaps only inside the parentheses.
#[test]
fn only_atomic_operands_of_non_commutative_operators_are_swapped() {
    const MIX: &str = "int f(int a, int b)
{
    if (a < b)
        return a - b * 2;
    return (a - b) / 2 + a / b;
}
void test_one(void) { assert(f(1, 2) == 0); }
";
    let (program, _) = compile(MIX);
    for line in [3, 4, 5] {
        let (f, s) = stmt_at(&program, line);
        let swaps: Vec<String> = candidates(&program, f, &s, &[])
            .into_iter()
            .filter(|e| e.kind == faultline_repair::EditKind::SwapOperands)
            .map(|e| format!("{} -> {}", e.before, e.after))
            .collect();
        let expected: &[&str] = match line {
            3 | 4 => &[],
            // Inside its parentheses `a - b` swaps as a whole expression would.
            _ => &["a - b -> b - a", "a / b -> b / a"],
        };
        assert_eq!(swaps, expected, "line {line}");
    }
}

/// An element read from the wrong array, or the wrong member of an array of structs: the
/// array's (or member's) name is replaced, the index stays.
#[test]
fn an_element_of_the_wrong_array_is_repaired() {
    const PRICES: &str = "int total(int n)
{
    int price[3];
    int qty[3];
    price[0] = 5; price[1] = 2; price[2] = 10;
    qty[0] = 1; qty[1] = 4; qty[2] = 3;
    int sum = 0;
    for (int i = 0; i < n; i++)
        sum += price[i] * price[i];
    return sum;
}
void test_one(void) { assert(total(1) == 5); }
void test_all(void) { assert(total(3) == 43); }
";
    let found = repairs_on(PRICES, 9, &[]);
    assert!(
        found.contains(&("price".to_string(), "qty".to_string())),
        "{found:?}"
    );
    const BEST: &str = "struct student { int id; int grade; };
int best_id(int n)
{
    struct student s[3];
    s[0].id = 7; s[0].grade = 60;
    s[1].id = 3; s[1].grade = 90;
    s[2].id = 9; s[2].grade = 75;
    int best = 0;
    for (int i = 1; i < n; i++)
        if (s[i].id > s[best].grade)
            best = i;
    return s[best].id;
}
void test_two(void) { assert(best_id(2) == 3); }
void test_three(void) { assert(best_id(3) == 3); }
void test_one(void) { assert(best_id(1) == 7); }
";
    assert_eq!(
        repairs_on(BEST, 10, &[]),
        [("id".to_string(), "grade".to_string())]
    );
}

/// The argument of a `math.h` call is part of the statement that calls it (the call is
/// lowered into a temporary before it): a wrong variable there is repaired on that line.
#[test]
fn an_argument_of_sqrt_is_repaired_in_its_statement() {
    const HYP: &str = "#include <math.h>
double hyp(double a, double b)
{
    return sqrt(a * a + b * a);
}
void test_345(void) { assert(hyp(3.0, 4.0) == 5.0); }
void test_zero(void) { assert(hyp(0.0, 0.0) == 0.0); }
void test_5_12(void) { assert(hyp(5.0, 12.0) == 13.0); }
";
    assert_eq!(
        repairs_on(HYP, 4, &[]),
        [("a".to_string(), "b".to_string())]
    );
}

/// A rate typed with a digit too many after the point (`0.8` for `0.08`): the decimal point
/// moves one place; the text shown is the literal as a programmer writes it.
#[test]
fn a_floating_rate_off_by_a_factor_of_ten_is_repaired() {
    const VAT: &str = "double gross(double net)
{
    double total = net + 0.8 * net;
    return total;
}
void test_hundred(void) { assert(gross(100.0) == 108.0); }
void test_zero(void) { assert(gross(0.0) == 0.0); }
void test_fifty(void) { assert(gross(50.0) == 54.0); }
";
    assert_eq!(
        repairs_on(VAT, 3, &[]),
        [("0.8".to_string(), "0.08".to_string())]
    );
    // Both directions, with a suffix and with no digit before the point.
    const F: &str = "float f(float x)
{
    return x * 2.5f + .5;
}
void test_one(void) { assert(f(1.0f) == 3.0f); }
";
    let (program, _) = compile(F);
    let (func, s) = stmt_at(&program, 3);
    let shown: Vec<String> = candidates(&program, func, &s, &[])
        .iter()
        .filter(|e| e.kind == faultline_repair::EditKind::Constant)
        .map(|e| format!("{} -> {}", e.before, e.after))
        .collect();
    for edit in ["2.5f -> 0.25f", "2.5f -> 25.0f", ".5 -> 0.05", ".5 -> 5.0"] {
        assert!(shown.contains(&edit.to_string()), "{shown:?}");
    }
}

/// An operation too many (`/ n` after an average was already taken): removing the operator
/// and its operand repairs the statement, shown on the statement's text.
#[test]
fn an_operation_too_many_is_dropped() {
    const MEAN: &str = "int mean_of_sum(int sum, int n)
{
    int m = sum / n / n;
    return m;
}
void test_four(void) { assert(mean_of_sum(20, 4) == 5); }
void test_one(void) { assert(mean_of_sum(7, 1) == 7); }
void test_two(void) { assert(mean_of_sum(10, 2) == 5); }
";
    assert_eq!(
        repairs_on(MEAN, 3, &[]),
        [(" / n".to_string(), String::new())]
    );
}

/// A fraction dropped by an `int` variable: no value at the line fixes it, the declared type
/// does (`int` → `double`), and the edit is the type word alone.
#[test]
fn a_truncating_int_variable_is_retyped_to_double() {
    const RATIO: &str = "double share(int part, int whole)
{
    double r = part;
    int s = r / whole;
    return s * 100;
}
void test_half(void) { assert(share(1, 2) == 50.0); }
void test_whole(void) { assert(share(3, 3) == 100.0); }
void test_quarter(void) { assert(share(1, 4) == 25.0); }
";
    assert_eq!(
        repairs_on(RATIO, 4, &[]),
        [("int".to_string(), "double".to_string())]
    );
}

/// An `int` sum that overflows (undefined behaviour the interpreter reports): widened to
/// `long long`, every use of the variable computes in the wider type.
#[test]
fn an_overflowing_int_sum_is_retyped_to_long_long() {
    const SUM: &str = "long long total(int n, int step)
{
    int t = 0;
    for (int i = 0; i < n; i++)
        t = t + step;
    return t;
}
void test_small(void) { assert(total(3, 4) == 12); }
void test_large(void) { assert(total(3, 1000000000) == 3000000000LL); }
";
    let found = repairs_on(SUM, 5, &[]);
    assert!(
        found.contains(&("int".to_string(), "long long".to_string())),
        "{found:?}"
    );
    let (program, suite) = compile(SUM);
    let fails = failing(&program, &suite);
    let (_, id) = stmt_on(&program, 5);
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    let r = searcher
        .repairs(id, &[])
        .into_iter()
        .find(|r| r.edit.kind == faultline_repair::EditKind::Retype)
        .expect("a retype repair");
    // The edited text declares `long long t` on line 3, and it is what ran.
    let text = edited_text(&program, &r.edit).unwrap();
    assert!(text.contains("    long long t = 0;"), "{text}");
    assert_eq!(r.tests_passed, 2);
}

/// Only a declaration whose one type word is `int`/`float` is retyped: `unsigned`, `const`
/// are left alone, as are parameters (a later declarator of a list: see below).
#[test]
fn only_plain_declarations_are_retyped() {
    const DECLS: &str = "double f(int p, int q)
{
    unsigned int u = p * q;
    const int c = p / 2.0;
    int a = 0, b = q / 2.0;
    p = q * 2.5;
    int d = p / 2.0;
    return u + c + a + b + p + d;
}
void test_f(void) { assert(f(1, 2) == 0.0); }
";
    let (program, _) = compile(DECLS);
    let retypes = |line: u32| -> Vec<String> {
        let (f, s) = stmt_at(&program, line);
        candidates(&program, f, &s, &[])
            .iter()
            .filter(|e| e.kind == faultline_repair::EditKind::Retype)
            .map(|e| format!("{} -> {}", e.before, e.after))
            .collect()
    };
    for line in [3, 4, 5, 6] {
        assert!(retypes(line).is_empty(), "line {line}: {:?}", retypes(line));
    }
    assert_eq!(retypes(7), ["int -> double"]);
}

/// A widened variable that the program reads and prints: its `scanf` and `printf`
/// conversions change with its type, in one edit from the declaration to the last of them.
#[test]
fn a_retyped_variable_gets_its_conversions() {
    const SUM: &str = "#include <stdio.h>
int main(void)
{
    int n, x;
    int sum = 0;
    scanf(\"%d\", &n);
    for (int i = 0; i < n; i++) {
        scanf(\"%d\", &x);
        sum = sum + x;
    }
    printf(\"sum %d\\n\", sum);
    return 0;
}
";
    let (program, suite) = io(
        SUM,
        &[
            ("small", "2 1 2", "sum 3"),
            ("big", "3 2000000000 2000000000 5", "sum 4000000005"),
        ],
    );
    let fails = failing(&program, &suite);
    assert_eq!(fails, [1]);
    let (_, id) = stmt_on(&program, 9);
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    let found = searcher.repairs(id, &[]);
    let r = found
        .iter()
        .find(|r| r.edit.kind == faultline_repair::EditKind::Retype)
        .unwrap_or_else(|| panic!("{found:?}"));
    let text = edited_text(&program, &r.edit).unwrap();
    assert!(text.contains("    long long sum = 0;"), "{text}");
    assert!(text.contains("printf(\"sum %lld\\n\", sum);"), "{text}");
    // `scanf("%d", &x)` reads `x`, not `sum`: unchanged.
    assert!(text.contains("scanf(\"%d\", &x);"), "{text}");
    assert_eq!(r.tests_passed, 2);
}

/// A limit defined and never used (`#define CHILD_MAX 12`) beside a comparison with another
/// limit (`age >= ADULT_MIN`): the condition that forgot its check gets the comparison with
/// the unused macro, written with the macro's name (`SENIOR_MIN` is used: not offered).
#[test]
fn a_condition_gets_the_comparison_with_an_unused_macro() {
    const FARE: &str = "#define ADULT_MIN 18
#define CHILD_MAX 12
#define SENIOR_MIN 65
int fare(int age, int student)
{
    if (age >= SENIOR_MIN)
        return 2;
    if (student && age >= ADULT_MIN)
        return 3;
    if (student)
        return 1;
    return 5;
}
void test_senior(void) { assert(fare(70, 0) == 2); }
void test_student(void) { assert(fare(20, 1) == 3); }
void test_child(void) { assert(fare(8, 1) == 1); }
void test_teen(void) { assert(fare(15, 1) == 5); }
void test_adult(void) { assert(fare(30, 0) == 5); }
";
    // The operator is the other comparison's, negated: `age < 12`, as the tests need.
    assert_eq!(
        repairs_on(FARE, 10, &[]),
        [(
            "student".to_string(),
            "student && !(age >= CHILD_MAX)".to_string()
        )]
    );
}

/// A read of the wrong variable where the one meant has another integer type (`t + s` for
/// the `long long` `now + s`): offered in the type the statement stores, and run from the
/// recompiled text (the conversions around the variable change with it).
#[test]
fn a_variable_of_the_stored_type_replaces_one_of_another_type() {
    const FREE: &str = "long long finish(const int *t, const int *s, int n)
{
    long long now = 0;
    for (int i = 0; i < n; i++) {
        int at = t[i];
        if (now < at)
            now = at;
        now = at + s[i];
    }
    return now;
}
void test_gap(void) { int t[] = {0, 10}, s[] = {3, 2}; assert(finish(t, s, 2) == 12); }
void test_queue(void) { int t[] = {0, 1}, s[] = {3, 2}; assert(finish(t, s, 2) == 5); }
void test_one(void) { int t[] = {4}, s[] = {1}; assert(finish(t, s, 1) == 5); }
";
    assert_eq!(
        repairs_on(FREE, 8, &[]),
        [("at".to_string(), "now".to_string())]
    );
    // Not offered where the statement stores an `int` (`at = t[i]`: no `long long` there).
    let (program, _) = compile(FREE);
    let (f, s) = stmt_at(&program, 5);
    let shown: Vec<String> = candidates(&program, f, &s, &[])
        .iter()
        .filter(|e| e.kind == faultline_repair::EditKind::Variable)
        .map(|e| format!("{} -> {}", e.before, e.after))
        .collect();
    assert!(!shown.iter().any(|e| e.ends_with("now")), "{shown:?}");
}

/// `return gcd(b, a / b)`: the recursive call's argument `a / b` is a temporary without a
/// component of its own (the recursion's depth stays concrete), computed on the blamed line:
/// its operator is edited with the call's statement.
#[test]
fn a_recursive_calls_argument_is_edited_with_its_statement() {
    let (program, suite) = compile(
        "int gcd(int a, int b)
{
    if (b == 0)
        return a;
    return gcd(b, a / b);
}
void test_a(void) { assert(gcd(12, 18) == 6); }
void test_b(void) { assert(gcd(7, 5) == 1); }
void test_d(void) { assert(gcd(9, 0) == 9); }
",
    );
    let fails = failing(&program, &suite);
    assert_eq!(fails, vec![0, 1]);
    let (_, call) = stmt_on(&program, 5);
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    let shown: Vec<(String, String)> = searcher
        .repairs(call, &[])
        .iter()
        .map(|r| (r.edit.before.clone(), r.edit.after.clone()))
        .collect();
    assert_eq!(shown, vec![("/".to_string(), "%".to_string())]);
}

/// A character literal typed in the wrong case (`'e'` among upper-case vowels): the edit
/// flips the case of the one literal that repairs every test, and nothing else.
#[test]
fn a_character_literal_in_the_wrong_case_is_repaired() {
    const YES: &str = "int upper_vowel(int c)
{
    if (c == 'A' || c == 'e' || c == 'I')
        return 1;
    return 0;
}
void test_a(void) { assert(upper_vowel('A') == 1); }
void test_e(void) { assert(upper_vowel('E') == 1); }
void test_i(void) { assert(upper_vowel('I') == 1); }
void test_lower(void) { assert(upper_vowel('e') == 0); }
void test_other(void) { assert(upper_vowel('B') == 0); }
";
    let (program, suite) = compile(YES);
    let fails = failing(&program, &suite);
    let (_, id) = stmt_on(&program, 3);
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    let repairs = searcher.repairs(id, &[]);
    let shown: Vec<(&str, &str)> = repairs
        .iter()
        .map(|r| (r.edit.before.as_str(), r.edit.after.as_str()))
        .collect();
    assert_eq!(shown, [("'e'", "'E'")]);
    let text = edited_text(&program, &repairs[0].edit).unwrap();
    assert!(
        text.contains("if (c == 'A' || c == 'E' || c == 'I')"),
        "{text}"
    );
    assert_eq!(repairs[0].tests_passed, 5);
}

/// A character literal replaced by another one the program uses (`'.'` where the `'!'` of
/// the other test was meant), and escapes read and written as C writes them.
#[test]
fn a_character_literal_becomes_another_the_program_uses() {
    const END: &str = "int ends(int c)
{
    if (c == '\\n')
        return 2;
    if (c == '.' || c == '?' || c == ',')
        return 1;
    return 0;
}
void test_dot(void) { assert(ends('.') == 1); }
void test_bang(void) { assert(ends('!') == 1); }
void test_line(void) { assert(ends('\\n') == 2); }
void test_letter(void) { assert(ends('a') == 0); }
void test_blank(void) { assert(ends(' ') == 0); }
void test_question(void) { assert(ends('?') == 1); }
";
    let found = repairs_on(END, 5, &[]);
    assert_eq!(found, [("','".to_string(), "'!'".to_string())]);
    // The newline escape is parsed (its edits are offered: a blank for the end of a line).
    let (program, _) = compile(END);
    let (f, s) = stmt_at(&program, 3);
    let edits = candidates(&program, f, &s, &[]);
    assert!(
        edits
            .iter()
            .any(|e| e.before == "'\\n'" && e.after == "' '" && !e.far),
        "{:?}",
        edits.iter().map(|e| &e.after).collect::<Vec<_>>()
    );
}

const FARE: &str = "int fare(int zone)
{
    int p;
    switch (zone) {
    case 0:
    case 1: p = 150;
    case 2: p = 220; break;
    case 3:
        p = 300;
        p = p + 10;
        break;
    default:
        p = 400;
    }
    return p;
}
void test_zero(void) { assert(fare(0) == 150); }
void test_one(void) { assert(fare(1) == 150); }
void test_two(void) { assert(fare(2) == 220); }
void test_three(void) { assert(fare(3) == 310); }
void test_far(void) { assert(fare(9) == 400); }
";

/// A case that falls through into the next one: `break;` is added after its last statement,
/// on its line, and the edited text is what ran.
#[test]
fn a_missing_break_is_added_after_the_falling_case() {
    let (program, suite) = compile(FARE);
    let fails = failing(&program, &suite);
    assert_eq!(fails.len(), 2);
    let (_, id) = stmt_on(&program, 6);
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    let repairs = searcher.repairs(id, &[]);
    let shown: Vec<(&str, &str)> = repairs
        .iter()
        .map(|r| (r.edit.before.as_str(), r.edit.after.as_str()))
        .collect();
    assert_eq!(shown, [("p = 150;", "p = 150; break;")]);
    assert_eq!(
        repairs[0].edit.kind,
        faultline_repair::EditKind::InsertBreak
    );
    assert_eq!(repairs[0].tests_passed, 5);
    let text = edited_text(&program, &repairs[0].edit).unwrap();
    assert_eq!(
        text,
        FARE.replace("case 1: p = 150;\n", "case 1: p = 150; break;\n")
    );
    // The switch and every statement of a case after it lead to that statement; stacked
    // labels (`case 0:`), a case ending in `break` and the last case do not fall through.
    let (_, switch) = stmt_on(&program, 4);
    assert_eq!(faultline_repair::fall_through_ends(&program, switch), [id]);
    let (_, three) = stmt_on(&program, 9);
    assert_eq!(faultline_repair::fall_through_ends(&program, three), [id]);
    assert!(faultline_repair::falls_through(&program, id));
    let (_, last) = stmt_on(&program, 13);
    assert!(!faultline_repair::falls_through(&program, last));
}

/// A case written over several lines gets its `break;` on a line of its own, indented as
/// its statements.
#[test]
fn a_missing_break_goes_on_its_own_line_below_a_multiline_case() {
    let text = FARE
        .replace("case 1: p = 150;\n", "case 1: p = 150; break;\n")
        .replace(
            "        p = p + 10;\n        break;\n",
            "        p = p + 10;\n",
        );
    let (program, suite) = compile(&text);
    let fails = failing(&program, &suite);
    assert_eq!(fails.len(), 1);
    let (_, id) = stmt_on(&program, 10);
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    let repairs = searcher.repairs(id, &[]);
    let r = repairs
        .iter()
        .find(|r| r.edit.kind == faultline_repair::EditKind::InsertBreak)
        .expect("a break repair");
    assert_eq!(r.edit.after, "p = p + 10;\n        break;");
    assert_eq!(
        edited_text(&program, &r.edit).unwrap(),
        text.replace(
            "        p = p + 10;\n",
            "        p = p + 10;\n        break;\n"
        )
    );
}

/// `5 / 9 * (f - 32)` truncates to 0 before the conversion to `double`: the literal
/// dividend made floating (`5.0`) repairs it.
#[test]
fn an_integer_division_meant_in_floating_point_gets_a_floating_literal() {
    const TEMP: &str = "double celsius(int f)
{
    double c = 5 / 9 * (f - 32);
    return c;
}
void test_boil(void) { assert(celsius(212) == 100.0); }
void test_freeze(void) { assert(celsius(32) == 0.0); }
void test_body(void) { assert(celsius(50) == 10.0); }
";
    let found = repairs_on(TEMP, 3, &[]);
    assert_eq!(found, [("5".to_string(), "5.0".to_string())]);
}

/// `sum / n` assigned to a `double`: the dividend cast (`(double)sum / n`), and the kind says
/// why.
#[test]
fn an_integer_mean_assigned_to_a_double_gets_a_cast() {
    const MEAN: &str = "double mean(int a, int b)
{
    int sum = a + b;
    double m;
    m = sum / 2;
    return m;
}
void test_even(void) { assert(mean(2, 4) == 3.0); }
void test_odd(void) { assert(mean(1, 2) == 1.5); }
";
    let (program, suite) = compile(MEAN);
    let fails = failing(&program, &suite);
    let (_, id) = stmt_on(&program, 5);
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    let repairs = searcher.repairs(id, &[]);
    let shown: Vec<(&str, &str)> = repairs
        .iter()
        .map(|r| (r.edit.before.as_str(), r.edit.after.as_str()))
        .collect();
    assert!(shown.contains(&("sum", "(double)sum")), "{shown:?}");
    assert!(repairs
        .iter()
        .all(|r| r.edit.kind == faultline_repair::EditKind::FloatDivision
            || r.edit.order() > repairs[0].edit.order()));
    // A division whose quotient stays an integer is not offered the edit.
    let (program, _) = compile(MEAN);
    let (f, s) = stmt_at(&program, 3);
    let edits = candidates(&program, f, &s, &[]);
    assert!(!edits
        .iter()
        .any(|e| e.kind == faultline_repair::EditKind::FloatDivision));
}

/// `if (n = 0)` assigns (always false): `==` repairs it, though the edited program has one
/// statement less (the assignment the lowerer computed before the test).
#[test]
fn an_assignment_in_a_condition_becomes_a_comparison() {
    let text = "#include <stdio.h>
int main(void)
{
    int n;
    scanf(\"%d\", &n);
    if (n = 0)
        printf(\"zero\\n\");
    else
        printf(\"%d\\n\", n * 2);
    return 0;
}
";
    let (program, suite) = io(text, &[("zero", "0", "zero\n"), ("two", "2", "4\n")]);
    let fails = failing(&program, &suite);
    assert_eq!(fails, vec![0, 1]);
    let (_, id) = stmt_on(&program, 6);
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    let repairs = searcher.repairs(id, &[]);
    let r = repairs
        .iter()
        .find(|r| r.edit.kind == faultline_repair::EditKind::Comparison)
        .expect("the comparison");
    assert_eq!((r.edit.before.as_str(), r.edit.after.as_str()), ("=", "=="));
    assert_eq!(r.tests_passed, 2);
    assert_eq!(
        edited_text(&program, &r.edit).unwrap(),
        text.replace("if (n = 0)", "if (n == 0)")
    );
    // Its statements are not the original's: no values to read by id.
    assert!(searcher.edited_program(r).is_none());
}

/// `others++` where `digits++` was meant: the incremented variable replaced, in the text of
/// the increment.
#[test]
fn an_increment_of_the_wrong_counter_is_repaired() {
    const COUNT: &str = "int digits_minus_others(const char *s)
{
    int digits = 0, others = 0;
    for (int i = 0; s[i] != 0; i++) {
        if (s[i] >= '0' && s[i] <= '9')
            others++;
        else
            others++;
    }
    return digits * 100 + others;
}
void test_mixed(void) { assert(digits_minus_others(\"a1b22\") == 302); }
void test_letters(void) { assert(digits_minus_others(\"ab\") == 2); }
";
    let found = repairs_on(COUNT, 6, &[]);
    assert_eq!(found, [("others".to_string(), "digits".to_string())]);
}

/// A mirror index one past the end (`s[n - i]` for `s[n - 1 - i]`): the variable the index
/// subtracts from shifted by one, as a programmer writes it.
#[test]
fn a_mirror_index_one_off_is_shifted() {
    const MIRROR: &str = "int symmetric(const int *s, int n)
{
    for (int i = 0; i < n / 2; i++)
        if (s[i] != s[n - i])
            return 0;
    return 1;
}
void test_odd(void) { int a[] = {1, 2, 1}; assert(symmetric(a, 3) == 1); }
void test_even(void) { int a[] = {4, 5, 5, 4}; assert(symmetric(a, 4) == 1); }
void test_not(void) { int a[] = {4, 5, 6, 7}; assert(symmetric(a, 4) == 0); }
";
    let (program, suite) = compile(MIRROR);
    let fails = failing(&program, &suite);
    assert!(!fails.is_empty());
    let mut index = None;
    program.for_each_stmt(|_, s| {
        if s.component == Some(faultline_ir::Component::Index)
            && program.files.text(s.span) == "n - i"
        {
            index = Some(s.id);
        }
    });
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    let found: Vec<(String, String)> = searcher
        .repairs(index.expect("the index is a statement"), &[])
        .iter()
        .map(|r| (r.edit.before.clone(), r.edit.after.clone()))
        .collect();
    assert!(
        found.contains(&("n".to_string(), "n - 1".to_string())),
        "{found:?}"
    );
    assert!(
        found.contains(&("n - i".to_string(), "n - i - 1".to_string())),
        "{found:?}"
    );
}

/// `int n, mean;` where `mean` holds a fraction: the later declarator is declared on its own
/// as a `double` (`int n; double mean;`), the statements staying in their order, and its
/// `printf` conversion changes with it.
#[test]
fn a_later_declarator_of_a_list_is_retyped() {
    const AVG: &str = "#include <stdio.h>
int main(void)
{
    int a, b, mean, count = 2;
    scanf(\"%d %d\", &a, &b);
    mean = (a + b) / 2.0;
    printf(\"%g\\n\", (double)mean + count - 2);
    return 0;
}
";
    let (program, suite) = io(AVG, &[("even", "2 4", "3\n"), ("odd", "1 2", "1.5\n")]);
    let fails = failing(&program, &suite);
    assert_eq!(fails, vec![1]);
    let (_, id) = stmt_on(&program, 6);
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    let found = searcher.repairs(id, &[]);
    let r = found
        .iter()
        .find(|r| r.edit.kind == faultline_repair::EditKind::Retype)
        .unwrap_or_else(|| panic!("{found:?}"));
    assert_eq!(
        (r.edit.before.as_str(), r.edit.after.as_str()),
        (", mean,", "; double mean; int")
    );
    assert_eq!(
        edited_text(&program, &r.edit).unwrap(),
        AVG.replace(
            "int a, b, mean, count = 2;",
            "int a, b; double mean; int count = 2;"
        )
    );
    assert_eq!(r.tests_passed, 2);
}

/// `23` where `32` was meant: two digits typed in the wrong order.
#[test]
fn a_constant_with_two_digits_swapped_is_repaired() {
    const F: &str = "int to_fahrenheit(int c)
{
    return c * 9 / 5 + 23;
}
void test_boiling(void) { assert(to_fahrenheit(100) == 212); }
void test_body(void) { assert(to_fahrenheit(37) == 98); }
void test_freezing(void) { assert(to_fahrenheit(0) == 32); }
";
    let (program, suite) = compile(F);
    let fails = failing(&program, &suite);
    let (_, id) = stmt_on(&program, 3);
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    let repairs = searcher.repairs(id, &[]);
    let r = repairs.first().expect("a repair");
    assert_eq!(
        (r.edit.before.as_str(), r.edit.after.as_str()),
        ("23", "32")
    );
    assert_eq!(r.edit.plausibility(), "a constant with two digits swapped");
    // Equal digits and a zero moved first are no swaps.
    let (f, s) = stmt_at(&program, 3);
    let afters: Vec<String> = candidates(&program, f, &s, &[])
        .into_iter()
        .filter(|e| e.before == "23")
        .map(|e| e.after)
        .collect();
    assert!(afters.contains(&"32".to_string()), "{afters:?}");
}

/// `int sum;` read by `sum += a[i]`: the declaration gets `= 0`, at its own line.
#[test]
fn an_uninitialized_accumulator_gets_an_initializer() {
    let text = "int total(const int *a, int n)
{
    int sum;
    int i;
    for (i = 0; i < n; i++)
        sum += a[i];
    return sum;
}
void test_three(void) { int a[3] = {1, 2, 3}; assert(total(a, 3) == 6); }
void test_one(void) { int a[1] = {7}; assert(total(a, 1) == 7); }
";
    let (program, suite) = compile(text);
    let fails = failing(&program, &suite);
    assert_eq!(fails.len(), 2);
    let (_, id) = stmt_on(&program, 6);
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    let repairs = searcher.repairs(id, &[]);
    let r = repairs
        .iter()
        .find(|r| r.edit.kind == faultline_repair::EditKind::Initialize)
        .expect("the initializer");
    assert_eq!(
        (r.edit.before.as_str(), r.edit.after.as_str()),
        ("sum", "sum = 0")
    );
    assert_eq!(r.tests_passed, 2);
    assert_eq!(
        edited_text(&program, &r.edit).unwrap(),
        text.replace("int sum;", "int sum = 0;")
    );
    assert!(r.edit.changes_more_than_its_value());
}

/// Several test cases read in a loop: the sum set once before them carries over from one to
/// the next. The `for` that accumulates it resets it in its initializer.
const TOTALS: &str = "#include <stdio.h>
int main(void)
{
    int t, n, i, x;
    long long s = 0;
    scanf(\"%d\", &t);
    while (t--) {
        scanf(\"%d\", &n);
        for (i = 0; i < n; i++) {
            scanf(\"%d\", &x);
            s += x;
        }
        printf(\"%lld\\n\", s);
    }
    return 0;
}
";

fn totals_cases(text: &str) -> (Program, faultline_runner::Suite) {
    io(
        text,
        &[
            ("two", "2\n2\n1 2\n1\n5\n", "3\n5\n"),
            ("one", "1\n3\n1 1 1\n", "3\n"),
            ("three", "3\n1\n4\n1\n4\n2\n0 1\n", "4\n4\n1\n"),
        ],
    )
}

#[test]
fn a_total_carried_between_test_cases_is_reset_in_the_for_initializer() {
    let (program, suite) = totals_cases(TOTALS);
    let fails = failing(&program, &suite);
    assert_eq!(fails.len(), 2);
    let (_, init) = stmt_on(&program, 9);
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    let repairs = searcher.repairs(init, &[]);
    let r = repairs
        .iter()
        .find(|r| r.edit.kind == faultline_repair::EditKind::Reset)
        .expect("the reset");
    assert_eq!(
        (r.edit.before.as_str(), r.edit.after.as_str()),
        ("i = 0", "i = 0, s = 0")
    );
    assert_eq!(r.tests_passed, 3);
    assert_eq!(
        edited_text(&program, &r.edit).unwrap(),
        TOTALS.replace("for (i = 0; i < n; i++)", "for (i = 0, s = 0; i < n; i++)")
    );
    assert!(r.edit.changes_more_than_its_value());
}

/// No reset where the outer loop sets the total anew, or where there is no outer loop.
#[test]
fn no_reset_for_a_total_set_in_each_pass_or_without_an_outer_loop() {
    let resets = |text: &str, line: u32| -> Vec<String> {
        let (program, _) = totals_cases(text);
        let (f, s) = stmt_at(&program, line);
        candidates(&program, f, &s, &[])
            .into_iter()
            .filter(|e| e.kind == faultline_repair::EditKind::Reset)
            .map(|e| e.after)
            .collect()
    };
    assert_eq!(resets(TOTALS, 9), ["i = 0, s = 0"]);
    let reset_each_pass = TOTALS.replace("scanf(\"%d\", &n);", "scanf(\"%d\", &n); s = 0;");
    assert!(resets(&reset_each_pass, 9).is_empty());
    // The reset is there, written `s == 0;` (no effect): that line is the fault, and its
    // `==` the edit; no second reset in the `for`.
    let slipped = TOTALS.replace("scanf(\"%d\", &n);", "scanf(\"%d\", &n); s == 0;");
    assert!(resets(&slipped, 9).is_empty());
    let single = "#include <stdio.h>
int main(void)
{
    int n, i, x;
    long long s = 0;
    scanf(\"%d\", &n);
    for (i = 0; i < n; i++) {
        scanf(\"%d\", &x);
        s += x;
    }
    printf(\"%lld\\n\", s);
    return 0;
}
";
    assert!(resets(single, 7).is_empty());
}

/// A product starts at 1; a counting array at `{0}`.
#[test]
fn a_product_starts_at_one_and_a_counting_array_at_zero() {
    let product = "int factorial(int n)
{
    int p;
    int i;
    for (i = 2; i <= n; i++)
        p *= i;
    return p;
}
void test_fact(void) { assert(factorial(4) == 24); }
void test_fact_one(void) { assert(factorial(1) == 1); }
";
    assert_eq!(
        repairs_on(product, 6, &[]),
        [("p".to_string(), "p = 1".to_string())]
    );
    let counts = "int most_common_digit(const char *s)
{
    int counts[10];
    int i, best = 0;
    for (i = 0; s[i] != 0; i++)
        counts[s[i] - '0']++;
    for (i = 1; i < 10; i++)
        if (counts[i] > counts[best])
            best = i;
    return best;
}
void test_digits(void) { assert(most_common_digit(\"31411\") == 1); }
void test_digits_two(void) { assert(most_common_digit(\"2722\") == 2); }
";
    // The increment, not the index computed before it on the same line.
    let (program, suite) = compile(counts);
    let fails = failing(&program, &suite);
    let mut increment = None;
    program.for_each_stmt(|_, s| {
        if let faultline_ir::StmtKind::Assign { place, .. } = &s.kind {
            if !place.indices.is_empty() && program.files.locate(s.span).start.line == 6 {
                increment = Some(s.id);
            }
        }
    });
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    let found: Vec<(String, String)> = searcher
        .repairs(increment.expect("the increment"), &[])
        .iter()
        .map(|r| (r.edit.before.clone(), r.edit.after.clone()))
        .collect();
    assert_eq!(
        found,
        [("counts[10]".to_string(), "counts[10] = {0}".to_string())]
    );
}

/// An initialized variable, or one assigned before it is read, gets no initializer.
#[test]
fn no_initializer_for_a_variable_assigned_before_it_is_read() {
    let text = "int twice(int x)
{
    int y;
    int z = 3;
    int i, n;
    scanf(\"%d\", &n);
    for (i = 0; i < n; i++)
        x++;
    y = x * 2;
    return y + z - 3 + i + n;
}
void test_two(void) { assert(twice(2) == 5); }
";
    let (program, _) = compile(text);
    let (f, s) = stmt_at(&program, 10);
    let inits: Vec<String> = candidates(&program, f, &s, &[])
        .into_iter()
        .filter(|e| e.kind == faultline_repair::EditKind::Initialize)
        .map(|e| e.after)
        .collect();
    assert!(inits.is_empty(), "{inits:?}");
}

/// `total += x * k` with a `long long` total: the `int` product overflows before it is
/// converted; the repair casts its left operand.
#[test]
fn an_overflowing_int_product_is_computed_in_long_long() {
    let text = "long long weighted(const int *a, int n)
{
    long long total = 0;
    int i;
    for (i = 0; i < n; i++)
        total += a[i] * (i + 1);
    return total;
}
void test_small(void) { int a[2] = {1, 2}; assert(weighted(a, 2) == 5); }
void test_large(void) { int a[2] = {2000000000, 2000000000}; assert(weighted(a, 2) == 6000000000LL); }
";
    let (program, suite) = compile(text);
    let fails = failing(&program, &suite);
    assert_eq!(fails.len(), 1);
    let (_, id) = stmt_on(&program, 6);
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    let repairs = searcher.repairs(id, &[]);
    let r = repairs
        .iter()
        .find(|r| r.edit.kind == faultline_repair::EditKind::Cast)
        .expect("the cast");
    assert_eq!(
        (r.edit.before.as_str(), r.edit.after.as_str()),
        ("a[i]", "(long long)a[i]")
    );
    assert_eq!(
        edited_text(&program, &r.edit).unwrap(),
        text.replace("total += a[i] *", "total += (long long)a[i] *")
    );
    // Values by statement id, as any one-expression repair.
    assert!(searcher.edited_program(r).is_some());
}

/// `while (num > 9)` over the digits of a number stops one digit early: the bound becomes 0,
/// or the comparison a test against zero.
#[test]
fn a_digit_loop_stopping_early_compares_with_zero() {
    let text = "int digit_sum(int num)
{
    int sum = 0;
    do {
        sum += num % 10;
        num = num / 10;
    } while (num > 9);
    return sum;
}
void test_one_digit(void) { assert(digit_sum(5) == 5); }
void test_three(void) { assert(digit_sum(123) == 6); }
void test_two(void) { assert(digit_sum(47) == 11); }
";
    let found = repairs_on(text, 7, &[]);
    assert_eq!(
        found,
        [
            ("9".to_string(), "0".to_string()),
            ("> 9".to_string(), "!= 0".to_string())
        ]
    );
}

/// `+ 30` where `+ 32` was meant: two away from what was written, no digit edit reaches it;
/// the failing runs' needs (212 where 210 was computed, 32 where 30 was) solve it.
#[test]
fn a_constant_is_solved_from_what_the_failing_runs_needed() {
    const F: &str = "int to_fahrenheit(int c)
{
    return c * 9 / 5 + 30;
}
void test_boiling(void) { assert(to_fahrenheit(100) == 212); }
void test_freezing(void) { assert(to_fahrenheit(0) == 32); }
";
    let (program, suite) = compile(F);
    let fails = failing(&program, &suite);
    assert_eq!(fails.len(), 2);
    let (_, id) = stmt_on(&program, 3);
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    assert!(searcher.repairs(id, &[]).is_empty());
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    searcher.note_needed(id, vec![(210, 212), (30, 32)]);
    let repairs = searcher.repairs(id, &[]);
    let r = repairs.first().expect("the solved constant");
    assert_eq!(
        (r.edit.before.as_str(), r.edit.after.as_str()),
        ("30", "32")
    );
    assert!(r.edit.solved);
    assert_eq!(
        r.edit.plausibility(),
        "a constant solved from the values the failing tests needed"
    );
    // Needs no one constant meets (a slope, not an offset) give none.
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    searcher.note_needed(id, vec![(210, 212), (30, 31)]);
    assert!(searcher.repairs(id, &[]).is_empty());
}

/// `x * k`: the factor solved where the product is exact (`* 3` for `* 4`).
#[test]
fn a_factor_is_solved_where_the_product_is_exact() {
    let text = "int triple(int x)
{
    int r = x * 4;
    return r;
}
void test_two(void) { assert(triple(2) == 6); }
void test_five(void) { assert(triple(5) == 15); }
void test_zero(void) { assert(triple(0) == 0); }
";
    let (program, suite) = compile(text);
    let fails = failing(&program, &suite);
    let (f, s) = stmt_at(&program, 3);
    let id = s.id;
    let solved: Vec<String> =
        faultline_repair::candidates_with(&program, f, &s, &[], &[(8, 6), (20, 15), (0, 0)])
            .into_iter()
            .filter(|e| e.solved)
            .map(|e| e.after)
            .collect();
    // 3 is also `4 - 1`, a neighbour: listed once, as the neighbour.
    assert!(solved.is_empty(), "{solved:?}");
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    searcher.note_needed(id, vec![(8, 6), (20, 15)]);
    let repairs = searcher.repairs(id, &[]);
    assert_eq!(
        (
            repairs[0].edit.before.as_str(),
            repairs[0].edit.after.as_str()
        ),
        ("4", "3")
    );
    assert!(!repairs[0].edit.solved);
    // Not exact: 9 is no multiple of 4.
    let none: Vec<String> = faultline_repair::candidates_with(&program, f, &s, &[], &[(9, 6)])
        .into_iter()
        .filter(|e| e.solved)
        .map(|e| e.after)
        .collect();
    assert!(none.is_empty());
    let factor: Vec<String> =
        faultline_repair::candidates_with(&program, f, &s, &[], &[(8, 14), (20, 35)])
            .into_iter()
            .filter(|e| e.solved)
            .map(|e| e.after)
            .collect();
    assert_eq!(factor, ["7"]);
}

/// A chain of equalities that forgot a case: the missing one goes where it belongs in order,
/// with a constant the program writes elsewhere.
#[test]
fn a_chain_of_equalities_gets_the_case_it_forgot() {
    let text = "int is_leap(int y)
{
    return y % 4 == 0;
}
int month_days(int m, int y)
{
    if (m == 6 || m == 9 || m == 11)
        return 30;
    if (m == 2)
        return 28 + is_leap(y);
    return 31;
}
void test_april(void) { assert(month_days(4, 2023) == 30); }
void test_june(void) { assert(month_days(6, 2023) == 30); }
void test_may(void) { assert(month_days(5, 2023) == 31); }
void test_feb(void) { assert(month_days(2, 2024) == 29); }
";
    assert_eq!(
        repairs_on(text, 7, &[]),
        [(
            "m == 6 || m == 9 || m == 11".to_string(),
            "m == 4 || m == 6 || m == 9 || m == 11".to_string()
        )]
    );
}

/// An open range closed with a bound the program writes: `x > 0` → `x > 0 && x < 10`.
#[test]
fn an_open_range_is_closed_with_a_constant_of_the_program() {
    let text = "int is_digit_value(int x)
{
    if (x > 0)
        return 1;
    return 0;
}
int ten(void) { return 10; }
void test_five(void) { assert(is_digit_value(5) == 1); }
void test_twelve(void) { assert(is_digit_value(12) == 0); }
void test_neg(void) { assert(is_digit_value(-3) == 0); }
";
    let found = repairs_on(text, 3, &[]);
    assert!(
        found.contains(&("x > 0".to_string(), "x > 0 && x < 10".to_string())),
        "{found:?}"
    );
}

/// `c == 'y' || c == 'y'`: the second copy was meant `'Y'`. Flipping either copy reads the
/// same; the repair is listed once, as the edit of the later copy.
#[test]
fn a_duplicated_clause_is_edited_once_at_its_later_copy() {
    let text = "int is_yes(char c)
{
    if (c == 'y' || c == 'y')
        return 1;
    return 0;
}
void test_lower(void) { assert(is_yes('y') == 1); }
void test_upper(void) { assert(is_yes('Y') == 1); }
void test_no(void) { assert(is_yes('n') == 0); }
";
    let (program, suite) = compile(text);
    let fails = failing(&program, &suite);
    let (_, id) = stmt_on(&program, 3);
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    let repairs = searcher.repairs(id, &[]);
    let flips: Vec<String> = repairs
        .iter()
        .filter(|r| r.edit.after == "'Y'")
        .map(|r| edited_text(&program, &r.edit).unwrap())
        .collect();
    assert_eq!(
        flips,
        [text.replace("c == 'y' || c == 'y'", "c == 'y' || c == 'Y'")]
    );
    assert_eq!(repairs[0].edit.after, "'Y'");
}

/// A `printf` conversion that cannot read its argument (`%d` of a `double`: undefined
/// behaviour where a run reaches it) is repaired by the conversion of the argument's type,
/// with its width kept: `%.2f` here, the one that prints what the tests expect.
#[test]
fn a_conversion_that_cannot_read_its_argument_is_made_to_fit() {
    const AVG: &str = "#include <stdio.h>
int main(void)
{
    int n, x, sum = 0;
    scanf(\"%d\", &n);
    for (int i = 0; i < n; i++) {
        scanf(\"%d\", &x);
        sum += x;
    }
    printf(\"avg %d\\n\", (double)sum / n);
    printf(\"n %f\\n\", n);
    return 0;
}
";
    let (program, suite) = io(
        AVG,
        &[
            ("two", "2 1 2", "avg 1.50 n 2"),
            ("three", "3 1 2 4", "avg 2.33 n 3"),
        ],
    );
    let fails = failing(&program, &suite);
    assert_eq!(fails, [0, 1]);
    let offered = |line: u32| -> Vec<String> {
        let (f, s) = stmt_at(&program, line);
        candidates(&program, f, &s, &[])
            .iter()
            .filter(|e| e.kind == faultline_repair::EditKind::Conversion)
            .map(|e| format!("{} -> {}", e.before, e.after))
            .collect()
    };
    assert_eq!(
        offered(10),
        ["%d -> %f", "%d -> %.1f", "%d -> %.2f", "%d -> %g"]
    );
    assert_eq!(offered(11), ["%f -> %d", "n -> (double)n"]);
    let (_, id) = stmt_on(&program, 10);
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    let found = searcher.repairs(id, &[]);
    // Line 11 still cannot read its argument: no edit of line 10 alone passes.
    assert!(found.is_empty(), "{found:?}");
    let both = "#include <stdio.h>
int main(void)
{
    int n, x, sum = 0;
    scanf(\"%d\", &n);
    for (int i = 0; i < n; i++) {
        scanf(\"%d\", &x);
        sum += x;
    }
    printf(\"avg %d\\n\", (double)sum / n);
    printf(\"n %d\\n\", n);
    return 0;
}
";
    let (program, suite) = io(
        both,
        &[
            ("two", "2 1 2", "avg 1.50 n 2"),
            ("three", "3 1 2 4", "avg 2.33 n 3"),
        ],
    );
    let fails = failing(&program, &suite);
    let (_, id) = stmt_on(&program, 10);
    let mut searcher = Searcher::new(&program, &suite, &fails, limits());
    let found = searcher.repairs(id, &[]);
    let r = found
        .iter()
        .find(|r| r.edit.kind == faultline_repair::EditKind::Conversion)
        .unwrap_or_else(|| panic!("{found:?}"));
    assert_eq!(r.edit.after, "%.2f");
    let text = edited_text(&program, &r.edit).unwrap();
    assert!(
        text.contains("printf(\"avg %.2f\\n\", (double)sum / n);"),
        "{text}"
    );
    assert_eq!(r.tests_passed, 2);
}
