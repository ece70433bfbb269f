//! Cost of the IEEE-754 circuits: blasting a double-precision expression on free inputs, and
//! folding it on constants (the common case: concrete test inputs) through the gates and through
//! the word-level shortcut.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use faultline_bitblast::fp::{self, FpFormat};
use faultline_bitblast::{Aig, BitVec};

const F: FpFormat = FpFormat::F64;

/// `sqrt((x*x + y*y) / 2) - (x - y) / 3`, `(int)` of it, and `x < y`: the shape of the
/// averages/geometry exercises users bring.
fn expr(aig: &mut Aig, x: &BitVec, y: &BitVec) -> (BitVec, BitVec) {
    let two = BitVec::constant(64, 2f64.to_bits() as u128);
    let three = BitVec::constant(64, 3f64.to_bits() as u128);
    let xx = fp::mul(aig, F, x, x);
    let yy = fp::mul(aig, F, y, y);
    let s = fp::add(aig, F, &xx, &yy);
    let h = fp::div(aig, F, &s, &two);
    let r = fp::sqrt(aig, F, &h);
    let d = fp::sub(aig, F, x, y);
    let t = fp::div(aig, F, &d, &three);
    let v = fp::sub(aig, F, &r, &t);
    let (i, _) = fp::to_int(aig, F, &v, 32, true);
    let lt = fp::lt(aig, F, x, y);
    (v, i.concat(&BitVec::from_lit(lt)))
}

fn bench(c: &mut Criterion) {
    c.bench_function("fp blast f64 expression (free inputs)", |b| {
        b.iter(|| {
            let mut aig = Aig::new();
            let x = BitVec::input(&mut aig, 64);
            let y = BitVec::input(&mut aig, 64);
            black_box(expr(&mut aig, &x, &y));
            black_box(aig.and_count())
        })
    });
    for word_folding in [true, false] {
        let name = format!("fp fold f64 expression on constants (word_folding={word_folding})");
        c.bench_function(&name, |b| {
            b.iter(|| {
                let mut aig = Aig::new();
                aig.set_word_folding(word_folding);
                let x = BitVec::constant(64, black_box(1.75f64).to_bits() as u128);
                let y = BitVec::constant(64, black_box(-0.3f64).to_bits() as u128);
                let (v, i) = expr(&mut aig, &x, &y);
                assert_eq!(aig.and_count(), 0);
                black_box((v.to_const(), i.to_const()))
            })
        });
    }
    let mut aig = Aig::new();
    let x = BitVec::input(&mut aig, 64);
    let y = BitVec::input(&mut aig, 64);
    expr(&mut aig, &x, &y);
    eprintln!("f64 expression: {} AND nodes", aig.and_count());
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
