//! Times folded symbolic execution of the TCAS corpus (`cargo run --release --example
//! tcas_bench`): the per-replica cost a diagnosis pays before any solving.

use std::path::PathBuf;
use std::time::Instant;

use faultline_ssa::{
    symex, Compare, Components, Entry, Expected, ReplicaSpec, SymexOptions, TermStore,
};

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/tcas/tcas.c");
    let loaded = faultline_runner::load_file(&root).expect("tcas loads");
    let comps = Components::from_program(&loaded.program);
    let specs: Vec<ReplicaSpec> = loaded
        .suite
        .cases
        .iter()
        .filter_map(|c| match &c.kind {
            faultline_runner::TestKind::Io(io) => Some(ReplicaSpec {
                entry: Entry::Main,
                program_name: io.input.program_name.clone(),
                args: io.input.args.clone(),
                stdin: io.input.stdin.clone(),
                nondet: io.input.nondet.clone(),
                expected: Expected::Io {
                    stdout: io.stdout.clone(),
                    compare: Compare::Exact,
                    exit_code: io.exit_code,
                },
            }),
            _ => None,
        })
        .collect();
    let only = std::env::args().nth(1);
    for (label, healthy) in [("folded", true), ("symbolic", false)] {
        if only.as_deref().is_some_and(|o| o != label) {
            continue;
        }
        let opts = SymexOptions {
            all_healthy_constant: healthy,
            // The loops of this TCAS run at most 7 iterations; a diagnosis takes its bounds
            // from the failing runs the same way.
            unwind: 8,
            ..SymexOptions::default()
        };
        let mut store = TermStore::new();
        let reps = if healthy { 20 } else { 1 };
        let t = Instant::now();
        let mut n = 0u32;
        for _ in 0..reps {
            for s in &specs {
                symex(&loaded.program, &comps, s, &mut store, &opts).expect("symex");
                n += 1;
            }
        }
        eprintln!(
            "{label}: {:?} per replica ({n} replicas, {} terms in the shared store)",
            t.elapsed() / n,
            store.len()
        );
    }
}
