//! A pretty-printed IR snapshot of one small program (review changes with `cargo insta review`).

mod common;

#[test]
fn pretty_ir_of_a_small_program() {
    let p = common::ok(
        r#"int count(int a[], int n, int key) {
    int c = 0;
    for (int i = 0; i < n; i++)
        if (a[i] == key) c++;
    return c;
}

int main(void) {
    int a[5] = {3, 1, 3};
    int k;
    if (scanf("%d", &k) != 1) return 1;
    switch (count(a, 5, k)) {
    case 0: puts("none"); break;
    default: printf("%d\n", k);
    }
    return 0;
}
"#,
    );
    insta::assert_snapshot!(common::pretty(&p));
}
