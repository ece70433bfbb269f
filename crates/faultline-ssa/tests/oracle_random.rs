//! The folded oracle on random inputs: small programs exercising loops with break/continue,
//! arrays, switch fall-through, recursion, division (undefined behaviour on some inputs),
//! argv, scanf/getchar and nondet input, heap blocks, malloc'd lists of structs and string-library results, judged
//! against expected output that is either the
//! interpreter's own (a passing test) or a tampered copy (a failing one).

mod common;

use common::{check, compile};
use faultline_ir::Program;
use faultline_ssa::{Compare, Components, Entry, Expected, ReplicaSpec};
use proptest::prelude::*;

const ARGV_PROGRAM: &str = r#"
#include <stdio.h>
#include <stdlib.h>
int a[8];
int f(int x) { if (x < 0) return -x; return x * 2; }
int main(int argc, char *argv[]) {
    int n = atoi(argv[1]);
    int k = atoi(argv[2]);
    int i, s = 0;
    for (i = 0; i < 8; i++) a[i] = i * n;
    for (i = 0; i < 8; i++) {
        if (a[i] % 3 == 0) continue;
        s += f(a[i]);
        if (s > 100) break;
    }
    switch (k % 4) {
    case 0: s += 1;
    case 1: s *= 2; break;
    case 2: s = s / (k - 6); break;
    default: s = -s;
    }
    printf("%d %d %d\n", s, a[k & 7], s - k * 2);
    if (k > 40) exit(k - 40);
    return s % 7 < 0 ? 0 : s % 7;
}
"#;

const STDIN_PROGRAM: &str = r#"
#include <stdio.h>
int main(void) {
    int x, sum = 0, cnt = 0, c, words = 0, in_word = 0;
    while (scanf("%d", &x) == 1) {
        sum += x;
        cnt++;
        if (cnt > 6) break;
    }
    while ((c = getchar()) != -1) {
        if (c == ' ' || c == '\n') in_word = 0;
        else if (!in_word) { in_word = 1; words++; }
    }
    printf("%d numbers, sum %d; %d words\n", cnt, sum, words);
    putchar('0' + cnt);
    putchar('\n');
    return 0;
}
"#;

const NONDET_PROGRAM: &str = r#"
#include <stdio.h>
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int fact(int n) { if (n <= 1) return 1; return n * fact(n - 1); }
int gcd(int a, int b) { while (b != 0) { int t = a % b; a = b; b = t; } return a; }
int main(void) {
    char buf[4];
    int n = __VERIFIER_nondet_int();
    int m = __VERIFIER_nondet_int();
    int r;
    assert(n < 12);
    r = fact(n);
    buf[0] = 'a' + (m & 15);
    buf[1] = 'A' + (n & 7);
    buf[2] = m > 20 ? 0 : 'z';
    buf[3] = 0;
    printf("%d %s %x\n", r, buf, gcd(r, m));
    puts(buf);
    return 0;
}
"#;

/// Strings: words and lines of random text through `scanf("%s")`, `fgets`, `string.h` and
/// `printf("%s")`, including undefined behaviour (a long word overflows `small`).
const STRING_PROGRAM: &str = r#"
#include <stdio.h>
#include <string.h>
int main(void) {
    char w[12], prev[12] = "", acc[40] = "", small[6], line[16];
    int n = 0, cmp, i;
    while (n < 4 && scanf("%11s", w) == 1) {
        cmp = strcmp(w, prev);
        printf("%s %d %d|%5.3s|\n", w, (int)strlen(w), cmp > 0 ? 1 : (cmp < 0 ? -1 : 0), w);
        if (strncmp(w, "ab", 2) == 0)
            strcpy(small, w);
        else
            strncpy(small, w, 5);
        small[5] = 0;
        if (strlen(acc) + strlen(w) < 39)
            strcat(acc, w);
        strcpy(prev, w);
        n++;
    }
    for (i = 0; acc[i]; i++)
        if (acc[i] == 'a')
            acc[i] = 'A';
    puts(acc);
    memset(small, '-', 3);
    printf("[%-6s]\n", small);
    while (fgets(line, sizeof line, stdin) != NULL)
        printf("<%s> %d\n", line, (int)strlen(line));
    return 0;
}
"#;

/// Records in an array of structs, sorted by hand, with struct parameters and returns: the
/// formula sees the scalarized members (one array per member) as it sees any array.
const STRUCT_PROGRAM: &str = r#"
#include <stdio.h>
struct rec { int key; int val; char tag; };
struct pair { struct rec lo; struct rec hi; };
struct rec bigger(struct rec a, struct rec b) { return a.val > b.val ? a : b; }
struct pair order(struct rec a, struct rec b) {
    struct pair p;
    if (a.key <= b.key) { p.lo = a; p.hi = b; } else { p.lo = b; p.hi = a; }
    return p;
}
int main(void) {
    struct rec r[5];
    int n = 0, i, j;
    while (n < 5 && scanf("%d %d", &r[n].key, &r[n].val) == 2) {
        r[n].tag = 'a' + n;
        n++;
    }
    for (i = 0; i < n; i++)
        for (j = 0; j + 1 < n - i; j++)
            if (r[j].key > r[j + 1].key) {
                struct rec t = r[j];
                r[j] = r[j + 1];
                r[j + 1] = t;
            }
    for (i = 0; i < n; i++)
        printf("%c:%d=%d ", r[i].tag, r[i].key, r[i].val);
    if (n >= 2) {
        struct pair p = order(r[n - 1], r[0]);
        struct rec b = bigger(p.lo, p.hi);
        printf("| %d %d %c", p.lo.key, p.hi.key, b.tag);
    }
    printf("\n");
    return n;
}
"#;

/// Dynamic memory and string-library results: random numbers into a malloc'd vector grown
/// with `realloc` (a size the input decides), `calloc`'d counters, a `strchr`/`strstr` search
/// in a heap copy of a random word, and `sprintf`/`sscanf` round trips; use after free when
/// the input says so (`-9` frees the vector early).
const HEAP_PROGRAM: &str = r#"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
    int cap = 2, len = 0, x, early = 0;
    int *v = malloc(cap * sizeof(int));
    char w[12];
    if (scanf("%11s", w) != 1) w[0] = 0;
    while (len < 6 && scanf("%d", &x) == 1) {
        if (x == -9) { early = 1; break; }
        if (len == cap) { cap *= 2; v = realloc(v, cap * sizeof(int)); }
        v[len++] = x;
    }
    int *cnt = calloc(4, sizeof(int));
    for (int i = 0; i < len; i++) cnt[(v[i] % 4 + 4) % 4]++;
    char *copy = malloc(strlen(w) + 1);
    strcpy(copy, w);
    char *b = strchr(copy, 'b');
    char *r = strrchr(copy, 'a');
    char *ab = strstr(copy, "ab");
    char buf[40];
    int n = sprintf(buf, "%d/%d:%s", len, cnt[1], copy);
    int p = -1, q = -1;
    int got = sscanf(buf, "%d/%d", &p, &q);
    printf("%s %d %d %d %d %d %d\n", buf, n, got, p, q, b ? (int)(b - copy) : -1, r ? (int)(r - copy) : -1);
    printf("%d\n", ab ? (int)(ab - copy) : -1);
    if (early) free(v);
    int s = 0;
    for (int i = 0; i < len; i++) s += v[i];
    printf("%d\n", s);
    free(cnt);
    free(copy);
    if (!early) free(v);
    return 0;
}
"#;

/// Structs on the heap: a linked list of malloc'd nodes driven by random commands (a
/// positive number is inserted in order, a negative one removes the nodes of its absolute
/// value, freeing them, 0 reverses the list), then a realloc'd array of records copied from
/// it; `-9` reads a node after freeing it (use after free).
const LIST_PROGRAM: &str = r#"
#include <stdio.h>
#include <stdlib.h>
struct node { int v; long sq; struct node *next; };
struct rec { int v; int rank; };
struct node *insert(struct node *h, int v) {
    struct node *n = malloc(sizeof(struct node));
    n->v = v; n->sq = (long)v * v; n->next = NULL;
    if (h == NULL || v <= h->v) { n->next = h; return n; }
    struct node *p = h;
    while (p->next != NULL && p->next->v < v) p = p->next;
    n->next = p->next; p->next = n;
    return h;
}
struct node *remove_all(struct node *h, int v, int *removed) {
    struct node **pp = &h;
    while (*pp != NULL) {
        if ((*pp)->v == v) { struct node *d = *pp; *pp = d->next; free(d); *removed += 1; }
        else pp = &(*pp)->next;
    }
    return h;
}
struct node *reverse(struct node *h) {
    struct node *prev = NULL;
    while (h != NULL) { struct node *t = h->next; h->next = prev; prev = h; h = t; }
    return prev;
}
int main(void) {
    struct node *h = NULL;
    int x, removed = 0, ops = 0;
    while (ops < 7 && scanf("%d", &x) == 1) {
        ops++;
        if (x == -9 && h != NULL) { struct node *d = h; h = h->next; free(d); printf("%d\n", d->v); }
        else if (x > 0) h = insert(h, x);
        else if (x < 0) h = remove_all(h, -x, &removed);
        else h = reverse(h);
    }
    int cap = 1, n = 0;
    struct rec *r = malloc(cap * sizeof(struct rec));
    long sq = 0;
    for (struct node *p = h; p != NULL; p = p->next) {
        if (n == cap) { cap *= 2; r = realloc(r, cap * sizeof(struct rec)); }
        r[n].v = p->v; r[n].rank = n; n++;
        sq += p->sq;
    }
    for (int i = 0; i < n; i++) printf("%d:%d ", r[i].v, r[i].rank);
    printf("\n%d %d %ld\n", n, removed, sq);
    free(r);
    while (h != NULL) { struct node *t = h->next; free(h); h = t; }
    return 0;
}
"#;

fn io_spec(args: Vec<String>, stdin: Vec<u8>, nondet: Vec<i128>) -> ReplicaSpec {
    ReplicaSpec {
        entry: Entry::Main,
        program_name: "prog".into(),
        args,
        stdin,
        nondet,
        expected: Expected::Io {
            stdout: None,
            compare: Compare::Tokens,
            exit_code: 0,
        },
    }
}

/// Make the expectation the interpreter's actual behaviour (optionally tampered) and check.
fn check_with(p: &Program, spec: ReplicaSpec, tamper: u8, exact: bool) {
    check_with_changes(p, spec, tamper, exact, true)
}

/// [`check_with`]; `changes`: also relax call arguments and indices to other values
/// (`check_changed_expressions`). Off for the heap program: a changed index of `cnt` changes
/// `cnt[1]`, an argument of its `sprintf`, and the formula pins sprintf's arguments to their
/// healthy-run values (`Engine::pin`, a hard constraint reported as `Ub` at the sprintf) where
/// the interpreter renders the new value: an incompleteness the formula documents, not a
/// disagreement about the program's meaning (traced 2026-11-26).
fn check_with_changes(p: &Program, mut spec: ReplicaSpec, tamper: u8, exact: bool, changes: bool) {
    let comps = Components::from_program(p);
    let Some((_, run)) = common::interpret(p, &spec) else {
        return;
    };
    let code = match run.outcome {
        faultline_interp::Outcome::Exited { code } => code,
        _ => 0,
    };
    let mut out = run.stdout.clone();
    let mut exit_code = code;
    match tamper % 4 {
        1 if !out.is_empty() => {
            let i = out.len() / 2;
            out[i] = if out[i] == b'7' { b'8' } else { b'7' };
        }
        2 => exit_code = (code + 1) % 256,
        3 => out.extend_from_slice(b" 1"),
        _ => {}
    }
    spec.expected = Expected::Io {
        stdout: Some(out),
        compare: if exact {
            Compare::Exact
        } else {
            Compare::Tokens
        },
        exit_code,
    };
    check(p, &comps, &spec).expect("supported");
    // The same replica symbolically, evaluated with every component healthy; and once more
    // with the test's data as parameters.
    common::check_healthy(p, &comps, &spec, 16).expect("supported");
    common::check_healthy_with(p, &comps, &spec, 16, true).expect("supported");
    // Output statements relaxed to print nothing, against the interpreter's override.
    common::check_deleted_output(p, &comps, &spec);
    // Call arguments and indices relaxed to other values, against the interpreter's override.
    if changes {
        common::check_changed_expressions(p, &comps, &spec);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn argv_program(n in -40i32..40, k in -10i32..50, tamper in 0u8..4, exact in any::<bool>()) {
        let p = compile(ARGV_PROGRAM);
        check_with(&p, io_spec(vec![n.to_string(), k.to_string()], Vec::new(), Vec::new()), tamper, exact);
    }

    #[test]
    fn stdin_program(nums in prop::collection::vec(-50i32..50, 0..9), tail in "[a-c \n]{0,12}", tamper in 0u8..4, exact in any::<bool>()) {
        let p = compile(STDIN_PROGRAM);
        let mut stdin = nums.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" ");
        stdin.push(' ');
        stdin.push_str(&tail);
        check_with(&p, io_spec(Vec::new(), stdin.into_bytes(), Vec::new()), tamper, exact);
    }

    #[test]
    fn struct_program(nums in prop::collection::vec(-9i32..9, 0..11), tamper in 0u8..4, exact in any::<bool>()) {
        let p = compile(STRUCT_PROGRAM);
        let stdin = nums.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" ");
        check_with(&p, io_spec(Vec::new(), stdin.into_bytes(), Vec::new()), tamper, exact);
    }

    #[test]
    fn nondet_program(vals in prop::collection::vec(-3i128..40, 0..3), tamper in 0u8..4, exact in any::<bool>()) {
        let p = compile(NONDET_PROGRAM);
        check_with(&p, io_spec(Vec::new(), Vec::new(), vals), tamper, exact);
    }
}

proptest! {
    // Fewer cases: each string run is checked four ways over a few hundred unrolled cells.
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn string_program(words in prop::collection::vec("[a-c]{0,8}", 0..6), tail in "[ab \n]{0,30}", tamper in 0u8..4, exact in any::<bool>()) {
        let p = compile(STRING_PROGRAM);
        let mut stdin = words.join(" ");
        stdin.push('\n');
        stdin.push_str(&tail);
        check_with(&p, io_spec(Vec::new(), stdin.into_bytes(), Vec::new()), tamper, exact);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn heap_program(word in "[abc]{0,6}", nums in prop::collection::vec(-9i32..9, 0..8), tamper in 0u8..4, exact in any::<bool>()) {
        let p = compile(HEAP_PROGRAM);
        let mut stdin = word;
        stdin.push(' ');
        stdin.push_str(&nums.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" "));
        check_with_changes(&p, io_spec(Vec::new(), stdin.into_bytes(), Vec::new()), tamper, exact, false);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn list_program(nums in prop::collection::vec(prop_oneof![1i32..6, -6i32..0, Just(0), Just(-9)], 0..7), tamper in 0u8..4, exact in any::<bool>()) {
        let p = compile(LIST_PROGRAM);
        let stdin = nums.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" ");
        check_with(&p, io_spec(Vec::new(), stdin.into_bytes(), Vec::new()), tamper, exact);
    }
}

#[test]
fn the_random_programs_are_checked_symbolically_too() {
    // Guard against the property tests silently skipping: these inputs must be checked.
    let p = compile(ARGV_PROGRAM);
    let comps = Components::from_program(&p);
    let mut spec = io_spec(vec!["5".into(), "3".into()], Vec::new(), Vec::new());
    let (_, run) = common::interpret(&p, &spec).unwrap();
    spec.expected = Expected::Io {
        stdout: Some(run.stdout.clone()),
        compare: Compare::Tokens,
        exit_code: match run.outcome {
            faultline_interp::Outcome::Exited { code } => code,
            _ => 0,
        },
    };
    assert!(common::check_healthy(&p, &comps, &spec, 16).unwrap());
    let p = compile(STDIN_PROGRAM);
    let comps = Components::from_program(&p);
    let mut spec = io_spec(Vec::new(), b"1 2 3 ab c\n".to_vec(), Vec::new());
    let (_, run) = common::interpret(&p, &spec).unwrap();
    spec.expected = Expected::Io {
        stdout: Some(run.stdout.clone()),
        compare: Compare::Exact,
        exit_code: 0,
    };
    assert!(common::check_healthy(&p, &comps, &spec, 16).unwrap());
    let p = compile(STRUCT_PROGRAM);
    let comps = Components::from_program(&p);
    let mut spec = io_spec(Vec::new(), b"3 1 1 9 2 5".to_vec(), Vec::new());
    let (_, run) = common::interpret(&p, &spec).unwrap();
    assert_eq!(run.stdout, b"b:1=9 c:2=5 a:3=1 | 1 3 b\n");
    spec.expected = Expected::Io {
        stdout: Some(run.stdout.clone()),
        compare: Compare::Exact,
        exit_code: 3,
    };
    assert!(common::check_healthy(&p, &comps, &spec, 16).unwrap());
    let p = compile(LIST_PROGRAM);
    let comps = Components::from_program(&p);
    let mut spec = io_spec(Vec::new(), b"3 1 2 0 -2 5 4".to_vec(), Vec::new());
    let (_, run) = common::interpret(&p, &spec).unwrap();
    assert_eq!(run.stdout, b"3:0 1:1 4:2 5:3 \n4 1 51\n");
    spec.expected = Expected::Io {
        stdout: Some(run.stdout.clone()),
        compare: Compare::Exact,
        exit_code: 0,
    };
    assert!(common::check_healthy(&p, &comps, &spec, 16).unwrap());
    assert!(common::check_healthy_with(&p, &comps, &spec, 16, true).unwrap());
}

/// A call's argument and an array index, each a component of its own, relaxed in the formula
/// to the values the interpreter's override gives them: the same run.
#[test]
fn changed_arguments_and_indices_agree_with_the_interpreter() {
    let p = compile(ARGV_PROGRAM);
    let comps = Components::from_program(&p);
    let kinds: Vec<_> = comps.all().iter().map(|i| i.kind).collect();
    assert!(kinds.contains(&faultline_ir::Component::Argument));
    assert!(kinds.contains(&faultline_ir::Component::Index));
    let mut checked = 0;
    for (n, k) in [(5, 3), (-4, 10), (7, 41)] {
        let mut spec = io_spec(vec![n.to_string(), k.to_string()], Vec::new(), Vec::new());
        let (_, run) = common::interpret(&p, &spec).expect("runs");
        spec.expected = Expected::Io {
            stdout: Some(run.stdout.clone()),
            compare: Compare::Tokens,
            exit_code: 0,
        };
        checked += common::check_changed_expressions(&p, &comps, &spec);
    }
    // The printf arguments `a[k & 7]` and `s - k * 2` and the index `k & 7`, in each run
    // (`f(a[i])`'s argument is a plain element: it stays in the call).
    assert!(checked >= 6, "{checked}");
}

/// Every output statement of a program with a prompt, its text deleted, by tokens and exactly:
/// the formula (statement unhealthy, printing nothing) agrees with the interpreter's override.
#[test]
fn deleted_output_statements_agree_with_the_interpreter() {
    let p = compile(
        r#"
#include <stdio.h>
int main(void) {
    int a, b;
    printf("Enter two numbers: ");
    scanf("%d %d", &a, &b);
    for (int i = 0; i < 2; i++) putchar('>');
    puts(" sum");
    printf("%d\n", a + b);
    return 0;
}
"#,
    );
    let comps = Components::from_program(&p);
    for exact in [false, true] {
        let mut spec = io_spec(vec![], b"3 4".to_vec(), vec![]);
        let (_, run) = common::interpret(&p, &spec).expect("runs");
        spec.expected = Expected::Io {
            stdout: Some(run.stdout.clone()),
            compare: if exact {
                Compare::Exact
            } else {
                Compare::Tokens
            },
            exit_code: 0,
        };
        assert_eq!(
            common::check_deleted_output(&p, &comps, &spec),
            4,
            "exact {exact}"
        );
    }
}

/// Found by `list_program` (shrunk to these inputs): moving a call's argument by one changes
/// the size of a later `malloc`, which the formula pins to the healthy run's size
/// (`HardReason::Pinned`). The interpreter runs the changed program; the formula cannot, and
/// says so through the pin, not as undefined behaviour: the check skips that change.
#[test]
fn a_change_that_moves_a_pinned_heap_size_is_outside_the_formula_not_a_disagreement() {
    let p = compile(LIST_PROGRAM);
    check_with(
        &p,
        io_spec(Vec::new(), b"1 -1 1".to_vec(), Vec::new()),
        0,
        false,
    );
}
