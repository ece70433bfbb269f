//! The SDG cache: an edit to one function rebuilds only that function's graph, and the linked
//! graph built from cached parts equals one built from scratch.

use std::collections::HashMap;

use faultline_ir::{Program, StmtKind};
use faultline_slice::{CacheStats, Demand, Sdg, SdgCache};

fn compile(text: &str) -> Program {
    faultline_lower::compile("t.c", text, &HashMap::<String, String>::new())
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

const V1: &str = "int g;
int sq(int v) {
    return v * v;
}
int twice(int v) {
    int r = v + v;
    return r;
}
int f(int a) {
    int x = sq(a);
    if (x > 10)
        x = twice(x);
    g = x;
    return x - 1;
}
void test_f(void) { assert(f(3) == 17); }
";

/// `sq` edited: a new statement, so every statement id and byte offset after it shifts.
const V2: &str = "int g;
int sq(int v) {
    int w = v;
    return w * v + 0;
}
int twice(int v) {
    int r = v + v;
    return r;
}
int f(int a) {
    int x = sq(a);
    if (x > 10)
        x = twice(x);
    g = x;
    return x - 1;
}
void test_f(void) { assert(f(3) == 17); }
";

/// Statements (by source line) the static slice from every assert reaches.
fn slice_lines(sdg: &Sdg, p: &Program) -> Vec<u32> {
    let mut demands = Vec::new();
    p.for_each_stmt(|_, s| {
        if matches!(s.kind, StmtKind::Assert(_)) {
            demands.push(Demand::Stmt(s.id));
        }
    });
    let mut by_id = HashMap::new();
    p.for_each_stmt(|_, s| {
        by_id.insert(s.id, p.files.locate(s.span).start.line);
    });
    let mut lines: Vec<u32> = sdg
        .static_slice(&demands)
        .iter()
        .map(|s| by_id[s])
        .collect();
    lines.sort_unstable();
    lines.dedup();
    lines
}

#[test]
fn an_edit_to_one_function_rebuilds_only_that_function() {
    let cache = SdgCache::new();
    let p1 = compile(V1);
    let n = p1.functions.len();
    let first = cache.sdg(&p1);
    assert_eq!(
        first.stats,
        CacheStats {
            reused: 0,
            built: n
        }
    );

    // The same program again: everything is reused.
    let again = cache.sdg(&p1);
    assert_eq!(
        again.stats,
        CacheStats {
            reused: n,
            built: 0
        }
    );

    // An edit in `sq` that shifts every later id and offset: only `sq` is rebuilt.
    let p2 = compile(V2);
    assert_eq!(p2.functions.len(), n);
    let edited = cache.sdg(&p2);
    assert_eq!(
        edited.stats,
        CacheStats {
            reused: n - 1,
            built: 1
        }
    );
    assert_eq!(
        cache.stats(),
        CacheStats {
            reused: 2 * n - 1,
            built: n + 1
        }
    );

    // Cached parts are rebased correctly: the same answers as a graph built from scratch.
    let fresh = Sdg::build(&p2);
    assert_eq!(fresh.node_count(), edited.node_count());
    assert_eq!(fresh.edge_count(), edited.edge_count());
    assert_eq!(slice_lines(&fresh, &p2), slice_lines(&edited, &p2));
    // And the slice does see the edit: `int w = v;` (line 3) feeds the result.
    assert!(slice_lines(&edited, &p2).contains(&3));
    // `g = x;` (line 14 of V2) cannot influence the assert.
    assert!(!slice_lines(&edited, &p2).contains(&14));
}

#[test]
fn a_new_global_rebuilds_everything() {
    // Calls define a version of every global, so the number of globals is part of the key.
    let cache = SdgCache::new();
    let p1 = compile(V1);
    cache.sdg(&p1);
    let p2 = compile(&format!("int h;\n{V1}"));
    let s = cache.sdg(&p2);
    assert_eq!(s.stats.reused, 0);
    assert_eq!(s.stats.built, p2.functions.len());
}
