//! SDG build times on a generated 1,000-line C file: from scratch, and with the cache after a
//! one-line edit (the editor's case: only the edited function's graph is rebuilt, the rest is
//! relinked). Medians: `target/criterion/sdg/*/new/estimates.json`.

use std::collections::HashMap;
use std::fmt::Write;

use criterion::{criterion_group, criterion_main, Criterion};
use faultline_ir::Program;
use faultline_slice::{Sdg, SdgCache};

/// About 1,000 lines: globals, then functions with a loop, nested conditions, array accesses and
/// calls to the previous function, then unit tests. `edit` changes one constant in the middle
/// function (a one-line edit that keeps every id and offset, the common keystroke) or, with
/// `insert`, adds a line there (shifting every later id and offset).
fn program(edit: bool, insert: bool) -> String {
    let mut s = String::from("int g0;\nint g1;\nint g2;\nint table[16];\n\n");
    let n = 40;
    for k in 0..n {
        let _ = writeln!(s, "int f{k}(int a, int b) {{");
        s.push_str("    int x = a + 1;\n    int y = b;\n    int i;\n");
        if k == n / 2 && insert {
            s.push_str("    int extra = x;\n");
        }
        let c = if k == n / 2 && edit { 7 } else { 3 };
        let _ = writeln!(s, "    for (i = 0; i < {c}; i++) {{");
        s.push_str("        if (x > y)\n            x = x - y;\n        else if (y > 10)\n");
        s.push_str("            y = y / 2;\n        else\n            y = y + i;\n");
        s.push_str("        table[i % 16] = x;\n    }\n");
        if k > 0 {
            let _ = writeln!(s, "    x = x + f{}(y, x % 5);", k - 1);
        }
        s.push_str("    if (x < 0)\n        return -x;\n    g0 = g0 + x;\n    g1 = y;\n");
        s.push_str("    switch (a % 3) {\n    case 0:\n        x = x + 1;\n        break;\n");
        s.push_str("    case 1:\n        x = x - 1;\n    default:\n        g2 = x;\n    }\n");
        s.push_str("    return x + y;\n}\n\n");
    }
    for k in 0..4 {
        let _ = writeln!(
            s,
            "void test_{k}(void) {{\n    assert(f{}(1, 2) == 3);\n}}\n",
            n - 1 - k
        );
    }
    s
}

fn compile(text: &str) -> Program {
    faultline_lower::compile("big.c", text, &HashMap::<String, String>::new())
        .unwrap_or_else(|e| panic!("{e}"))
}

fn bench(c: &mut Criterion) {
    let v1 = program(false, false);
    assert!(v1.lines().count() >= 1000, "{} lines", v1.lines().count());
    let p1 = compile(&v1);
    let p2 = compile(&program(true, false));
    let p3 = compile(&program(false, true));
    let mut g = c.benchmark_group("sdg");
    g.bench_function("build_1000_lines", |b| b.iter(|| Sdg::build(&p1)));
    for (name, edited) in [
        ("rebuild_after_edit", &p2),
        ("rebuild_after_inserted_line", &p3),
    ] {
        let cache = SdgCache::new();
        cache.sdg(&p1);
        // Alternate between the two versions: every call rebuilds exactly one function.
        let mut flip = false;
        g.bench_function(name, |b| {
            b.iter(|| {
                flip = !flip;
                let s = cache.sdg(if flip { edited } else { &p1 });
                assert_eq!(s.stats.built, 1);
                s
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
