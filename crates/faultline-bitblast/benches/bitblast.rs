//! Blasting and encoding cost of a 32-bit multiply/divide chain, symbolic and constant.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use faultline_bitblast::{Aig, BitVec, Tseitin};
use rustsat::instances::{BasicVarManager, Cnf};

/// `v = x; 4 times: v = (v * y) / z; v = v % (y | 1) (signed)` on the given operands.
fn chain(aig: &mut Aig, x: &BitVec, y: &BitVec, z: &BitVec) -> BitVec {
    let one = BitVec::constant(32, 1);
    let y_odd = y.or(aig, &one);
    let mut v = x.clone();
    for _ in 0..4 {
        v = v.mul(aig, y);
        v = v.udiv(aig, z);
        v = v.srem(aig, &y_odd);
    }
    v
}

fn bench(c: &mut Criterion) {
    c.bench_function("blast+encode 32-bit mul/udiv/srem chain x4", |b| {
        b.iter(|| {
            let mut aig = Aig::new();
            let x = BitVec::input(&mut aig, 32);
            let y = BitVec::input(&mut aig, 32);
            let z = BitVec::input(&mut aig, 32);
            let out = chain(&mut aig, &x, &y, &z);
            let (mut cnf, mut vm, mut enc) =
                (Cnf::new(), BasicVarManager::default(), Tseitin::new());
            enc.lits_of(&aig, &out, &mut cnf, &mut vm).unwrap();
            black_box((aig.and_count(), cnf.len()))
        })
    });

    c.bench_function(
        "blast+assert (out == x) 32-bit mul/udiv/srem chain x4",
        |b| {
            b.iter(|| {
                let mut aig = Aig::new();
                let x = BitVec::input(&mut aig, 32);
                let y = BitVec::input(&mut aig, 32);
                let z = BitVec::input(&mut aig, 32);
                let out = chain(&mut aig, &x, &y, &z);
                let goal = out.eq(&mut aig, &x);
                let (mut cnf, mut vm, mut enc) =
                    (Cnf::new(), BasicVarManager::default(), Tseitin::new());
                enc.assert_lit(&aig, goal, &mut cnf, &mut vm).unwrap();
                black_box((aig.and_count(), cnf.len()))
            })
        },
    );

    c.bench_function("blast only 32-bit mul/udiv/srem chain x4", |b| {
        b.iter(|| {
            let mut aig = Aig::new();
            let x = BitVec::input(&mut aig, 32);
            let y = BitVec::input(&mut aig, 32);
            let z = BitVec::input(&mut aig, 32);
            let out = chain(&mut aig, &x, &y, &z);
            black_box((aig.and_count(), out))
        })
    });

    for word_folding in [true, false] {
        let name = format!("fold 32-bit chain x4 on constants (word_folding={word_folding})");
        c.bench_function(&name, |b| {
            b.iter(|| {
                let mut aig = Aig::new();
                aig.set_word_folding(word_folding);
                let x = BitVec::constant(32, black_box(0xdead_beef));
                let y = BitVec::constant(32, black_box(12345));
                let z = BitVec::constant(32, black_box(77));
                let out = chain(&mut aig, &x, &y, &z);
                assert_eq!(aig.and_count(), 0);
                black_box(out.to_const())
            })
        });
    }

    // Report the size once, so the timing can be put in proportion.
    let mut aig = Aig::new();
    let x = BitVec::input(&mut aig, 32);
    let y = BitVec::input(&mut aig, 32);
    let z = BitVec::input(&mut aig, 32);
    let out = chain(&mut aig, &x, &y, &z);
    let (mut cnf, mut vm, mut enc) = (Cnf::new(), BasicVarManager::default(), Tseitin::new());
    enc.lits_of(&aig, &out, &mut cnf, &mut vm).unwrap();
    eprintln!(
        "chain size: {} AND nodes ({} hash hits), {} encoded nodes, {} clauses",
        aig.and_count(),
        aig.stats().hash_hits,
        enc.stats().and_nodes,
        enc.stats().clauses
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
