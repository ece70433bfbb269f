//! Random weighted instances with a few hundred softs: one optimum with OLL, and the
//! first solutions of an enumeration.

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

/// `n_vars` variables, random 3-clauses at a satisfiable ratio, and one soft per variable
/// with polarity and weight (1..=10) chosen at random, so softs contradict each other
/// through the clauses.
fn random_instance(n_vars: u32, ratio: f64, seed: u64) -> Instance {
    let mut rng = Rng(seed);
    let mut inst = Instance::new();
    for _ in 0..n_vars {
        inst.new_var();
    }
    let n_clauses = (f64::from(n_vars) * ratio) as usize;
    for _ in 0..n_clauses {
        let cl: Clause = (0..3)
            .map(|_| Lit::new(rng.below(u64::from(n_vars)) as u32, rng.below(2) == 0))
            .collect();
        inst.add_hard(cl);
    }
    for v in 0..n_vars {
        let w = 1 + rng.below(10);
        inst.add_soft(Lit::new(v, rng.below(2) == 0), w);
    }
    inst
}

fn bench(c: &mut Criterion) {
    let inst = random_instance(300, 3.0, 0x9e37_79b9_7f4a_7c15);
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
