//! A random diagnosis-shaped weighted instance with 300 softs: one optimum with OLL, and
//! the first solutions of an enumeration.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use faultline_maxsat::{solve, Enumerator, Instance, SolveOptions};
use rustsat::types::{Clause, Lit};

/// Small deterministic xorshift generator, so the bench needs no extra dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A model-based-diagnosis-shaped instance: `n_comp` components with health literals as
/// softs (weights 1..=10), `n_aux` behaviour variables tied to the components by random
/// clauses "healthy -> one of three behaviours", and `n_conflicts` observations that contradict
/// "all healthy" (clauses over 3..=7 negated health literals). The optimum is a cheapest
/// hitting set of the conflicts, as in fault localization.
fn diagnosis_instance(n_comp: u32, n_aux: u32, n_conflicts: usize, seed: u64) -> Instance {
    let mut rng = Rng(seed);
    let mut inst = Instance::new();
    let health: Vec<Lit> = (0..n_comp).map(|_| inst.new_lit()).collect();
    let aux: Vec<Lit> = (0..n_aux).map(|_| inst.new_lit()).collect();
    let pick = |rng: &mut Rng, v: &[Lit]| v[rng.below(v.len() as u64) as usize];
    for &h in &health {
        let mut cl: Clause = (0..3)
            .map(|_| {
                let l = pick(&mut rng, &aux);
                if rng.below(2) == 0 {
                    l
                } else {
                    !l
                }
            })
            .collect();
        cl.add(!h);
        inst.add_hard(cl);
    }
    for _ in 0..n_aux {
        let cl: Clause = (0..3)
            .map(|_| {
                let l = pick(&mut rng, &aux);
                if rng.below(2) == 0 {
                    l
                } else {
                    !l
                }
            })
            .collect();
        inst.add_hard(cl);
    }
    for _ in 0..n_conflicts {
        let k = 3 + rng.below(5);
        let cl: Clause = (0..k).map(|_| !pick(&mut rng, &health)).collect();
        inst.add_hard(cl);
    }
    for &h in &health {
        inst.add_soft(h, 1 + rng.below(10));
    }
    inst
}

fn bench(c: &mut Criterion) {
    let inst = diagnosis_instance(300, 600, 60, 0x9e37_79b9_7f4a_7c15);
    let opts = SolveOptions::default();
    let cost = solve(&inst, &opts)
        .expect("bench instance is satisfiable")
        .cost;
    eprintln!(
        "bench instance: {} vars, {} hard, {} softs, optimum {cost}",
        inst.n_vars(),
        inst.n_hard(),
        inst.n_soft()
    );

    let mut g = c.benchmark_group("maxsat");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    g.bench_function("oll_optimum_300_softs", |b| {
        b.iter(|| solve(&inst, &opts).unwrap().cost)
    });
    g.bench_function("oll_enumerate_10_300_softs", |b| {
        b.iter(|| {
            let mut e = Enumerator::new(&inst, SolveOptions::default());
            let mut n = 0;
            while n < 10 && e.next().unwrap().is_some() {
                n += 1;
            }
            n
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
