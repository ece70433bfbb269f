//! A diagnosis with the editor's dependency-graph cache: after an edit to one function only
//! that function's graph is rebuilt, and the must sets are the same as without a cache.

use std::collections::HashMap;
use std::sync::Arc;

use faultline_diagnose::{diagnose, DiagnoseOptions, SdgCache};
use faultline_ir::Program;
use faultline_runner::Suite;

fn compile(text: &str) -> (Program, Suite) {
    let program = faultline_lower::compile("t.c", text, &HashMap::<String, String>::new())
        .unwrap_or_else(|e| panic!("{e}"));
    let suite = Suite::new(&program, Vec::new(), &Default::default()).unwrap();
    (program, suite)
}

fn source(offset: i32) -> String {
    format!(
        "int scale(int v) {{
    return v * 3;
}}
int shift(int v) {{
    int w = v + {offset};
    return w;
}}
int f(int a) {{
    int s = scale(a);
    return shift(s);
}}
void test_f(void) {{ assert(f(2) == 7); }}
"
    )
}

#[test]
fn an_edit_rebuilds_one_function_graph_and_keeps_the_must_sets() {
    let cache = Arc::new(SdgCache::new());
    let with_cache = DiagnoseOptions {
        sdg_cache: Some(cache.clone()),
        max_diagnoses: 3,
        ..Default::default()
    };
    let (p1, s1) = compile(&source(2));
    let r1 = diagnose(&p1, &s1, &with_cache).unwrap();
    let n = p1.functions.len();
    assert_eq!(cache.stats().built, n);
    assert!(!r1.must_sets.is_empty());

    // Edit `shift` (a different constant, still failing).
    let (p2, s2) = compile(&source(5));
    let r2 = diagnose(&p2, &s2, &with_cache).unwrap();
    assert_eq!(cache.stats().built, n + 1, "{:?}", cache.stats());
    assert_eq!(cache.stats().reused, n - 1);

    let fresh = diagnose(&p2, &s2, &DiagnoseOptions::default()).unwrap();
    assert_eq!(r2.must_sets, fresh.must_sets);
    // The must set reaches through both calls: `scale`'s return, `shift`'s assignment.
    let lines = &r2.must_sets[0].lines;
    assert!(lines.contains(&2) && lines.contains(&5), "{lines:?}");
}
