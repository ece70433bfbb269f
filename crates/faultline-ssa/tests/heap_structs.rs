//! Structs on the heap in the formula (`symex::heap`, `symex::pointer::struct_targets`).

mod common;

use common::{agree, check, compile, spec_of};
use faultline_ssa::Components;

const HEADER: &str = "#include <assert.h>\n#include <stdlib.h>\n#include <string.h>\n";

#[test]
fn a_linked_list_built_with_malloc_in_a_loop() {
    let src = format!(
        "{HEADER}\
         struct node {{ int v; struct node *next; }};\n\
         struct node *push(struct node *h, int v) {{ struct node *n = malloc(sizeof(struct node)); n->v = v; n->next = h; return n; }}\n\
         int sum(struct node *h) {{ int s = 0; while (h) {{ s += h->v; h = h->next; }} return s; }}\n\
         void test_sum(void) {{ struct node *h = NULL; for (int i = 1; i <= 4; i++) h = push(h, i); assert(sum(h) == 10); assert(h->next->v == 3); }}\n\
         void test_wrong(void) {{ struct node *h = NULL; for (int i = 1; i <= 3; i++) h = push(h, i); assert(sum(h) == 7); }}\n"
    );
    assert_eq!(agree(&src), vec![true, false]);
}

/// Structs nested in malloc'd records, reached through pointers to them (`&b->hi`, `&b[i].lo`
/// of the first member, one whose first member is an array), stored through and read back:
/// the leaf objects of the block from there, as the interpreter's block from that offset.
#[test]
fn nested_structs_reached_through_pointers_into_a_heap_record() {
    let src = format!(
        "{HEADER}\
         struct pt {{ int x; int y; }};\n\
         struct in {{ int v[3]; int n; }};\n\
         struct box {{ struct pt lo; int id; struct pt hi; struct in bag; }};\n\
         void shift(struct pt *p, int d) {{ p->x += d; p->y -= d; }}\n\
         void put(struct in *q, int v) {{ if (q->n < 3) q->v[q->n++] = v; }}\n\
         int fill(int k) {{ struct box *b = malloc(3 * sizeof *b); for (int i = 0; i < 3; i++) {{ struct pt *p = &b[i].lo; p->x = i; p->y = k; p = &b[i].hi; p->x = 2 * i; p->y = k + i; b[i].id = i; b[i].bag.n = 0; put(&b[i].bag, k); }} shift(&b[1].hi, 5); put(&(b + 2)->bag, 7); int r = b[1].hi.x + b[1].hi.y + b[2].bag.v[1] + b[2].bag.n + b[0].lo.y; free(b); return r; }}\n\
         void test_fill(void) {{ assert(fill(4) == 7 + 0 + 7 + 2 + 4); }}\n\
         void test_use_after_free(void) {{ struct box *b = malloc(sizeof *b); struct pt *p = &b->hi; p->x = 1; free(b); assert(p->x == 1); }}\n\
         void test_wrong(void) {{ assert(fill(1) == 0); }}\n"
    );
    assert_eq!(agree(&src), vec![true, false, false]);
}

#[test]
fn member_updates_through_chained_pointers_and_compound_assignment() {
    let src = format!(
        "{HEADER}\
         typedef struct node {{ int v; long w; struct node *next; }} node;\n\
         node *make(int v) {{ node *n = (node *)malloc(sizeof(node)); n->v = v; n->w = 2L * v; n->next = NULL; return n; }}\n\
         void test_chain(void) {{ node *a = make(1); a->next = make(2); a->next->next = make(3); a->next->v += 10; a->next->next->w *= 3; (*a).v -= 4; assert(a->v == -3 && a->next->v == 12 && a->next->next->w == 18); }}\n\
         void test_swap(void) {{ node *a = make(5); node *b = make(7); int t = a->v; a->v = b->v; b->v = t; assert(a->v == 7 && b->v == 5); free(a); free(b); }}\n\
         void test_member_pointer(void) {{ node *a = make(4); int *q = &a->v; *q = 9; long *r = &a->w; *r += 1; assert(a->v == 9 && a->w == 9); free(a); }}\n\
         void test_wrong(void) {{ node *a = make(1); a->next = make(2); a->next->v++; assert(a->next->v == 2); }}\n"
    );
    assert_eq!(agree(&src), vec![true, true, true, false]);
}

#[test]
fn arrays_of_structs_on_the_heap_and_calloc() {
    let src = format!(
        "{HEADER}\
         struct rec {{ char name[8]; int score; }};\n\
         int best(struct rec *r, int n) {{ int b = 0; for (int i = 1; i < n; i++) if (r[i].score > r[b].score) b = i; return b; }}\n\
         void test_best(void) {{ struct rec *r = malloc(3 * sizeof(struct rec)); strcpy(r[0].name, \"ann\"); r[0].score = 4; strcpy(r[1].name, \"bob\"); r[1].score = 9; strcpy(r[2].name, \"cy\"); r[2].score = 6; int b = best(r, 3); assert(strcmp(r[b].name, \"bob\") == 0); assert(strlen(r[2].name) == 2); free(r); }}\n\
         void test_calloc(void) {{ struct rec *r = calloc(2, sizeof(struct rec)); r[1].score += 3; assert(r[0].score == 0 && r[1].score == 3 && r[0].name[0] == 0); free(r); }}\n\
         void test_uninit(void) {{ struct rec *r = malloc(2 * sizeof(struct rec)); r[0].score = 1; assert(r[1].score != 5); free(r); }}\n\
         void test_past_end(void) {{ struct rec *r = malloc(2 * sizeof(struct rec)); r[2].score = 1; free(r); }}\n\
         void test_wrong(void) {{ struct rec *r = malloc(2 * sizeof(struct rec)); r[0].score = 3; r[1].score = 2; assert(best(r, 2) == 1); free(r); }}\n"
    );
    assert_eq!(agree(&src), vec![true, true, false, false, false]);
}

#[test]
fn freed_nodes_are_use_after_free_and_lists_are_freed_node_by_node() {
    let src = format!(
        "{HEADER}\
         struct node {{ int v; struct node *next; }};\n\
         struct node *push(struct node *h, int v) {{ struct node *n = malloc(sizeof *n); n->v = v; n->next = h; return n; }}\n\
         void release(struct node *h) {{ while (h != NULL) {{ struct node *t = h->next; free(h); h = t; }} }}\n\
         struct node *drop_first(struct node *h) {{ struct node *t = h->next; free(h); return t; }}\n\
         void test_release(void) {{ struct node *h = push(push(push(NULL, 1), 2), 3); release(h); }}\n\
         void test_drop(void) {{ struct node *h = push(push(NULL, 1), 2); h = drop_first(h); assert(h->v == 1 && h->next == NULL); release(h); }}\n\
         void test_use_after_free(void) {{ struct node *h = push(push(NULL, 1), 2); release(h); assert(h->v == 2); }}\n\
         void test_next_after_free(void) {{ struct node *h = push(NULL, 1); free(h); h = h->next; }}\n\
         void test_member_after_free(void) {{ struct node *h = push(NULL, 1); int *q = &h->v; free(h); assert(*q == 1); }}\n\
         void test_double_free(void) {{ struct node *h = push(NULL, 1); free(h); free(h); }}\n\
         void test_null(void) {{ struct node *h = push(NULL, 1); assert(h->next->v == 0); }}\n"
    );
    assert_eq!(
        agree(&src),
        vec![true, true, false, false, false, false, false]
    );
}

#[test]
fn a_block_typed_as_one_type_and_used_as_another_is_refused_at_the_access() {
    let program = compile(&format!(
        "{HEADER}\
         struct a {{ int x; }};\n\
         struct b {{ int y; }};\n\
         void test_mixed(void) {{ void *m = malloc(sizeof(struct a)); struct a *p = m; p->x = 1; struct b *q = m; q->y = 2; }}\n"
    ));
    let suite = faultline_runner::Suite::new(&program, Vec::new(), &Default::default()).unwrap();
    let comps = Components::from_program(&program);
    let spec = spec_of(&suite.cases[0]);
    match check(&program, &comps, &spec) {
        Err(faultline_ssa::SymexError::Unsupported { message, .. }) => {
            assert_eq!(message, "memory allocated as `struct a` used as `struct b`")
        }
        other => panic!("{other:?}"),
    }
}

/// An IO test of `main`: the interpreter's verdict, and every replica agrees with it (folded,
/// symbolic evaluated healthy, parametric too).
fn agree_io(src: &str, input: &str, out: &str) -> bool {
    let program = compile(src);
    let comps = Components::from_program(&program);
    let spec = faultline_ssa::ReplicaSpec {
        entry: faultline_ssa::Entry::Main,
        program_name: "prog".into(),
        args: Vec::new(),
        stdin: input.as_bytes().to_vec(),
        nondet: Vec::new(),
        expected: faultline_ssa::Expected::Io {
            stdout: Some(out.as_bytes().to_vec()),
            compare: faultline_ssa::Compare::Exact,
            exit_code: 0,
        },
    };
    let (pass, _) = common::interpret(&program, &spec).expect("runs");
    assert!(matches!(check(&program, &comps, &spec), Ok(Some(_))));
    for parametric in [false, true] {
        assert!(
            common::check_healthy_with(&program, &comps, &spec, 8, parametric).expect("modelled"),
            "{input} parametric {parametric}"
        );
    }
    pass
}

#[test]
fn a_sorted_list_and_a_block_of_structs_sized_by_the_input() {
    // Insertion into a sorted list: which node a new one goes after depends on the values
    // read, so relaxed, the pointers are case splits over the nodes.
    let list = "#include <stdio.h>\n#include <stdlib.h>\n\
        struct node { int v; struct node *next; };\n\
        struct node *insert(struct node *h, int v) {\n\
          struct node *n = malloc(sizeof(struct node)); n->v = v; n->next = NULL;\n\
          if (h == NULL || v < h->v) { n->next = h; return n; }\n\
          struct node *p = h;\n\
          while (p->next != NULL && p->next->v <= v) p = p->next;\n\
          n->next = p->next; p->next = n; return h;\n\
        }\n\
        int main(void) {\n\
          struct node *h = NULL; int x;\n\
          while (scanf(\"%d\", &x) == 1) h = insert(h, x);\n\
          for (struct node *p = h; p; p = p->next) printf(\"%d \", p->v);\n\
          printf(\"\\n\");\n\
          while (h) { struct node *t = h->next; free(h); h = t; }\n\
          return 0;\n\
        }\n";
    assert!(agree_io(list, "3 1 2", "1 2 3 \n"));
    assert!(agree_io(list, "5 4 6 4", "4 4 5 6 \n"));
    assert!(!agree_io(list, "2 1", "2 1 \n"));
    // The number of records is read: the block's size is symbolic, modelled up to the
    // healthy run's.
    let records = "#include <stdio.h>\n#include <stdlib.h>\n\
        typedef struct { int id; double w; } rec;\n\
        int main(void) {\n\
          int n; if (scanf(\"%d\", &n) != 1) return 1;\n\
          rec *r = malloc(n * sizeof(rec));\n\
          for (int i = 0; i < n; i++) { r[i].id = i + 1; r[i].w = 0.5 * i; }\n\
          double s = 0; for (int i = 0; i < n; i++) s += r[i].id * r[i].w;\n\
          printf(\"%.1f\\n\", s); free(r); return 0;\n\
        }\n";
    assert!(agree_io(records, "3", "4.0\n"));
    assert!(!agree_io(records, "2", "2.0\n"));
}

#[test]
fn realloc_of_a_block_of_structs_keeps_every_member() {
    let src = format!(
        "{HEADER}\
         struct item {{ int key; char tag[4]; double w; }};\n\
         void test_grow(void) {{ int cap = 1, n = 0; struct item *a = malloc(cap * sizeof(struct item));\n\
           for (int i = 0; i < 5; i++) {{ if (n == cap) {{ cap *= 2; a = realloc(a, cap * sizeof(struct item)); }}\n\
             a[n].key = 10 * i; a[n].tag[0] = 'a' + i; a[n].tag[1] = 0; a[n].w = i / 2.0; n++; }}\n\
           assert(a[3].key == 30 && a[4].tag[0] == 'e' && a[2].w == 1.0 && a[7].tag[3] == 0 && strlen(a[1].tag) == 1); free(a); }}\n\
         void test_shrink(void) {{ struct item *a = malloc(3 * sizeof(struct item)); for (int i = 0; i < 3; i++) a[i].key = i + 1;\n\
           a = realloc(a, sizeof(struct item)); assert(a[0].key == 1); free(a); }}\n\
         void test_uninit_after_grow(void) {{ struct item *a = malloc(sizeof(struct item)); a->key = 1; a = realloc(a, 2 * sizeof(struct item)); assert(a[1].key == 0); free(a); }}\n\
         void test_old_block_freed(void) {{ struct item *a = malloc(sizeof(struct item)); a->key = 1; struct item *b = realloc(a, 2 * sizeof(struct item)); b[1].key = 2; assert(a->key == 1); }}\n"
    );
    assert_eq!(agree(&src), vec![true, true, false, false]);
}

#[test]
fn element_pointers_struct_copies_and_walks_over_a_block_of_structs() {
    let src = format!(
        "{HEADER}\
         struct pt {{ int x; int y; char tag[3]; }};\n\
         void shift(struct pt *p, int d) {{ p->x += d; (*p).y -= d; }}\n\
         int sumx(const struct pt *b, const struct pt *e) {{ int s = 0; for (; b < e; b++) s += b->x; return s; }}\n\
         void test_elements(void) {{ struct pt *v = malloc(3 * sizeof *v); for (int i = 0; i < 3; i++) {{ v[i].x = i; v[i].y = 10 * i; v[i].tag[0] = 'a' + i; v[i].tag[1] = 0; }}\n\
           struct pt *q = &v[1]; shift(q, 5); shift(v + 2, 1); struct pt *e = v + 3;\n\
           assert(v[1].x == 6 && v[1].y == 5 && q[1].x == 3 && sumx(v, e) == 9 && e - v == 3 && strcmp(q->tag, \"b\") == 0); free(v); }}\n\
         void test_copy(void) {{ struct pt *a = malloc(sizeof *a); struct pt *b = malloc(sizeof *b); a->x = 1; a->y = 2; strcpy(a->tag, \"z\"); *b = *a; b->x = 7; assert(a->x == 1 && b->y == 2 && b->tag[0] == 'z'); struct pt local = *b; assert(local.x == 7); free(a); free(b); }}\n\
         void test_past(void) {{ struct pt *v = malloc(2 * sizeof *v); struct pt *e = v + 2; e->x = 1; free(v); }}\n"
    );
    assert_eq!(agree(&src), vec![true, true, false]);
}

#[test]
fn heap_unions_and_mismatched_sizes_are_refused_at_the_access() {
    let cases = [
        (
            "union u { int i; char c[4]; };\n\
             void test_u(void) { union u *p = malloc(sizeof *p); p->i = 1; free(p); }\n",
            "on the heap in the formula",
        ),
        (
            "struct s { int a; int b; };\n\
             void test_odd(void) { struct s *p = malloc(12); p->a = 1; free(p); }\n",
            "not a whole number of 8-byte structs",
        ),
    ];
    for (body, want) in cases {
        let program = compile(&format!("{HEADER}{body}"));
        let suite =
            faultline_runner::Suite::new(&program, Vec::new(), &Default::default()).unwrap();
        let comps = Components::from_program(&program);
        let spec = spec_of(&suite.cases[0]);
        match check(&program, &comps, &spec) {
            Err(faultline_ssa::SymexError::Unsupported { message, .. }) => {
                assert!(message.contains(want), "{message}")
            }
            other => panic!("{body}: {other:?}"),
        }
    }
}
