//! Unit-test entries (`void test_*(void)`): asserts and every kind of undefined behaviour the
//! interpreter detects, folded and compared with its verdict and values.

mod common;

use common::{check, compile};
use faultline_ssa::{Components, Entry, Expected, ReplicaSpec};

const PROGRAM: &str = r#"
#include <assert.h>
#include <limits.h>
extern int __VERIFIER_nondet_int(void);
int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int sum(int a[], int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
int rows(int m[][3], int r) { int s = 0; for (int i = 0; i < 3; i++) s += m[r][i]; return s; }
int no_return(int x) { if (x > 0) return x; }
int grid[2][3] = {{1, 2, 3}, {4, 5, 6}};
void test_fib(void) { assert(fib(10) == 55); }
void test_fib_wrong(void) { assert(fib(6) == 9); }
void test_arrays(void) {
    int a[5] = {1, 2, 3, 4, 5};
    assert(sum(a, 5) == 15);
    assert(rows(grid, 1) == 15);
    a[2] = 10;
    assert(sum(a, 3) == 13);
}
void test_switch(void) {
    int r = 0;
    for (int i = 0; i < 6; i++) {
        switch (i % 3) {
        case 0: r += 1;
        case 1: r += 10; break;
        default: if (i == 5) continue; r += 100;
        }
    }
    assert(r == 142);
}
void test_div_zero(void) { int z = 0; int x = 10 / z; assert(x == 0); }
void test_overflow(void) { int x = INT_MAX; x = x + 1; assert(x < 0); }
void test_shift(void) { int s = 33; int x = 1 << s; assert(x); }
void test_neg_shift(void) { int x = -1; x = x << 2; assert(x == -4); }
void test_uninit(void) { int x; int y = x + 1; assert(y); }
void test_oob(void) { int a[3] = {1, 2, 3}; int i = 3; assert(a[i] == 0); }
void test_missing_return(void) { int v = no_return(-1); assert(v == 0); }
void test_missing_return_unused(void) { no_return(-1); assert(1); }
void test_unsigned_wraps(void) { unsigned u = 0; u = u - 1; assert(u == 4294967295u); }
void test_min_div(void) { int m = INT_MIN; int d = -1; int q = m / d; assert(q); }
void test_nondet_exhausted(void) { int n = __VERIFIER_nondet_int(); assert(n == n); }
void test_bool_and_chars(void) {
    _Bool b = 7;
    char c = 200;
    unsigned char uc = 200;
    assert(b == 1);
    assert(c == -56);
    assert(uc == 200);
    assert((c & 0xff) == uc);
}
void test_short_circuit(void) { int z = 0; assert(z == 0 || 1 / z); assert(!(z && 1 / z)); }
void test_exit_in_test(void) { exit(3); }
"#;

#[test]
fn unit_tests_fold_to_the_interpreters_verdicts() {
    let p = compile(PROGRAM);
    let comps = Components::from_program(&p);
    assert!(p.tests.len() >= 15, "{} tests", p.tests.len());
    let mut passing = 0;
    for &t in &p.tests {
        let spec = ReplicaSpec {
            entry: Entry::Function(t),
            program_name: String::new(),
            args: Vec::new(),
            stdin: Vec::new(),
            nondet: Vec::new(),
            expected: Expected::Unit,
        };
        let (pass, _) = common::interpret(&p, &spec).expect("no assumptions");
        passing += usize::from(pass);
        check(&p, &comps, &spec).unwrap_or_else(|e| panic!("{}: {e}", p.function(t).name));
        // The same test symbolically (health free), evaluated with everything healthy.
        common::check_healthy(&p, &comps, &spec, 8)
            .unwrap_or_else(|e| panic!("{}: {e}", p.function(t).name));
    }
    // Both verdicts occur.
    assert!(
        passing >= 5 && passing + 5 <= p.tests.len(),
        "{passing} pass"
    );
}
