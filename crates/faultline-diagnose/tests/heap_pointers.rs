//! Diagnoses in programs with structs on the heap (`faultline_ssa` `symex::heap`): a list
//! search that returns its head where it should return `NULL` is blamed at that `return`,
//! with `NULL` as the angelic value (a relaxed pointer may become null), validated by the
//! interpreter; a wrong member update through `->` in a malloc'd node is blamed at its line.

use std::time::Duration;

use faultline_diagnose::{diagnose, DiagnoseOptions, Report, Value};

fn run(src: &str) -> Report {
    let loaded = faultline_runner::load_source(std::path::Path::new("list.c"), src)
        .expect("the program loads");
    let opts = DiagnoseOptions {
        max_diagnoses: 5,
        timeout: Some(Duration::from_secs(20)),
        ..Default::default()
    };
    diagnose(&loaded.program, &loaded.suite, &opts).expect("diagnosed")
}

/// The diagnoses as the user reads them: blamed lines, and each failing test's angelic
/// values for the first (the others' values are whatever model the solver found).
fn shown(r: &Report) -> String {
    let mut s = String::new();
    for (i, d) in r.diagnoses.iter().enumerate() {
        s.push_str(&format!("#{} cost {}\n", d.rank, d.cost));
        for st in &d.statements {
            s.push_str(&format!("  line {}: {}\n", st.line, st.text));
            for a in st.angelic.iter().filter(|_| i == 0) {
                let vals: Vec<String> = a.values.iter().map(|v| v.value.to_string()).collect();
                s.push_str(&format!("    {}: {}\n", a.test, vals.join(", ")));
            }
        }
    }
    s
}

const SEARCH: &str = "#include <assert.h>
#include <stdlib.h>

struct node { int v; struct node *next; };

struct node *push(struct node *h, int v) {
    struct node *n = malloc(sizeof *n);
    n->v = v;
    n->next = h;
    return n;
}

struct node *find(struct node *h, int v) {
    for (struct node *p = h; p != NULL; p = p->next)
        if (p->v == v)
            return p;
    return h;
}

void test_found(void) {
    struct node *h = push(push(push(NULL, 1), 2), 3);
    assert(find(h, 2)->v == 2);
}

void test_missing(void) {
    struct node *h = push(push(NULL, 4), 5);
    assert(find(h, 9) == NULL);
}
";

#[test]
fn a_list_search_that_should_return_null_is_blamed_with_null() {
    let r = run(SEARCH);
    assert_eq!(r.infeasible, 0);
    let d = &r.diagnoses[0];
    let at: Vec<(u32, &str)> = d
        .statements
        .iter()
        .map(|s| (s.line, s.text.as_str()))
        .collect();
    assert_eq!(at, [(17, "return h")]);
    let values: Vec<&Value> = d.statements[0]
        .angelic
        .iter()
        .flat_map(|a| a.values.iter().map(|v| &v.value))
        .collect();
    assert_eq!(values, [&Value::Pointer("NULL".into())]);
    insta::assert_snapshot!(shown(&r));
}

const REVERSE: &str = "#include <assert.h>
#include <stdlib.h>

struct node { int v; struct node *next; };

struct node *push_back(struct node *tail, int v) {
    struct node *n = malloc(sizeof *n);
    n->v = v;
    n->next = NULL;
    if (tail != NULL)
        tail->next = n;
    return n;
}

struct node *reverse(struct node *head) {
    struct node *prev = NULL;
    while (head != NULL) {
        struct node *rest = head->next;
        head->next = rest;
        prev = head;
        head = rest;
    }
    return prev;
}

void test_two(void) {
    struct node *a = push_back(NULL, 1);
    push_back(a, 2);
    struct node *r = reverse(a);
    assert(r->v == 2);
    assert(r->next != NULL);
    assert(r->next->v == 1);
    assert(r->next->next == NULL);
}

void test_one(void) {
    struct node *a = push_back(NULL, 5);
    struct node *r = reverse(a);
    assert(r->v == 5 && r->next == NULL);
}
";

/// A list reversal that links each node to the rest of the list (`rest` for `prev`): the
/// second node's `next` must point to the first node, another heap block than the one (none)
/// it points to as written. The relaxed pointer moves into it, shown in words, validated by
/// the interpreter (which takes the block by its number).
#[test]
fn a_next_pointer_that_must_point_to_another_node_is_moved_into_it() {
    let r = run(REVERSE);
    assert_eq!(r.infeasible, 0);
    let d = &r.diagnoses[0];
    let at: Vec<(u32, &str)> = (d.statements.iter())
        .map(|s| (s.line, s.text.as_str()))
        .collect();
    assert_eq!(at, [(19, "head->next = rest")], "{}", shown(&r));
    let values: Vec<&Value> = (d.statements[0].angelic.iter())
        .flat_map(|a| a.values.iter().map(|v| &v.value))
        .collect();
    assert_eq!(
        values,
        [
            &Value::Pointer("NULL".into()),
            &Value::Pointer("the 1st block allocated (at line 7)".into())
        ],
        "{}",
        shown(&r)
    );
}

/// A malloc'd record whose nested structs are reached through pointers to them (`p =
/// &b->hi; p->x = …`, and `&b->lo`, its first member): the wrong store through `p` is blamed
/// at its line with the value the tests need, by the formula, validated by the interpreter.
const NESTED: &str = "#include <assert.h>
#include <stdlib.h>
struct pt { int x; int y; };
struct box { struct pt lo; int id; struct pt hi; };
int width(int x0, int x1) {
    struct box *b = malloc(2 * sizeof *b);
    struct pt *p = &b[1].hi;
    p->x = x1 + 1;
    p = &b[1].lo;
    p->x = x0;
    int w = b[1].hi.x - b[1].lo.x;
    free(b);
    return w;
}
void test_a(void) { assert(width(1, 4) == 3); }
void test_b(void) { assert(width(0, 0) == 0); }
void test_c(void) { assert(width(-2, 5) == 7); }
";

#[test]
fn a_store_through_a_pointer_to_a_nested_struct_on_the_heap_is_blamed() {
    let loaded = faultline_runner::load_source(std::path::Path::new("nested.c"), NESTED)
        .expect("the program loads");
    let opts = DiagnoseOptions {
        max_diagnoses: 5,
        timeout: Some(Duration::from_secs(20)),
        // The formula of each failing test (no repair search nor probing runs).
        algorithm: faultline_diagnose::Algorithm::Bugassist,
        repair: false,
        ..Default::default()
    };
    let r = diagnose(&loaded.program, &loaded.suite, &opts).expect("diagnosed");
    assert_eq!(r.infeasible, 0);
    let d = r
        .diagnoses
        .iter()
        .find(|d| d.statements.iter().any(|s| s.line == 8))
        .unwrap_or_else(|| panic!("line 8 blamed:\n{}", shown(&r)));
    assert!(d.validated && d.statements.len() == 1, "{}", shown(&r));
    let values: Vec<String> = (d.statements[0].angelic.iter())
        .flat_map(|a| a.values.iter().map(|v| v.value.to_string()))
        .collect();
    // `x1` in each failing test (`width(1, 4)`, `width(0, 0)`, `width(-2, 5)`).
    assert_eq!(values, ["4", "0", "5"], "{}", shown(&r));
}
