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
