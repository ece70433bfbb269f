//! Lowering never panics: random bytes and token-level mutations of a realistic program return
//! `Ok` or `Err`.

mod common;

use proptest::prelude::*;

const PROGRAM: &str = r#"
typedef unsigned long ul;
enum { N = 4, M = N * 2 };
int g[N][2] = {{1, 2}, {3}};
static int counter;

int sum(int a[], int n) {
    int s = 0;
    for (int i = 0; i < n; i++) {
        if (a[i] < 0 && s > 10) continue;
        s += a[i] > 0 ? a[i] : -a[i];
    }
    return s;
}

foo(x) { return x * 2; }

int main(int argc, char *argv[]) {
    int a[M] = {1, -2, 3};
    char buf[8] = "hey";
    int c, n = 0;
    ul big = 0xFFFFFFFFul;
    while ((c = getchar()) != -1 && n < M) a[n++] = c - '0';
    do { n--; } while (n > 0 && counter++ < 3);
    switch (argc) {
    case 1: printf("%d %s\n", sum(a, M), buf); break;
    case 2: n = atoi(argv[1]);
    default: putchar('x');
    }
    if (scanf("%d", &a[0]) != 1) return 1;
    assert(sizeof(big) == 8);
    return foo(n) + g[1][0] + (int)big;
}
"#;

fn lower(text: &str) {
    let _ = faultline_lower::compile("t.c", text, &common::NoFiles);
}

/// Split into tokens at whitespace and punctuation boundaries (keeps the separators).
fn tokens(s: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    for ch in s.chars() {
        if ch.is_alphanumeric() || ch == '_' {
            cur.push(ch);
        } else {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            out.push(ch.to_string());
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

#[derive(Debug, Clone)]
enum Mutation {
    Delete(usize, usize),
    Duplicate(usize, usize),
    Swap(usize, usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 1usize..40).prop_map(|(a, n)| Mutation::Delete(a, n)),
        (any::<usize>(), 1usize..40).prop_map(|(a, n)| Mutation::Duplicate(a, n)),
        (any::<usize>(), any::<usize>(), 1usize..20).prop_map(|(a, b, n)| Mutation::Swap(a, b, n)),
    ]
}

fn apply(toks: &mut Vec<String>, m: &Mutation) {
    let len = toks.len();
    if len == 0 {
        return;
    }
    match *m {
        Mutation::Delete(a, n) => {
            let a = a % len;
            let b = (a + n).min(len);
            toks.drain(a..b);
        }
        Mutation::Duplicate(a, n) => {
            let a = a % len;
            let b = (a + n).min(len);
            let copy: Vec<String> = toks[a..b].to_vec();
            toks.splice(b..b, copy);
        }
        Mutation::Swap(a, b, n) => {
            let (a, b) = (a % len, b % len);
            let (a, b) = (a.min(b), a.max(b));
            let n = n.min(b - a).min(len - b);
            for i in 0..n {
                toks.swap(a + i, b + i);
            }
        }
    }
}

#[test]
fn the_base_program_lowers() {
    common::ok(PROGRAM);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        lower(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn random_c_tokens_never_panic(picks in proptest::collection::vec(0usize..40, 0..120)) {
        const VOCAB: &[&str] = &["int", "x", "(", ")", "{", "}", ";", "=", "+", "1", "if", "while",
            "for", "return", "[", "]", ",", "*", "&", "char", "\"s\"", "'c'", "switch", "case", ":",
            "?", "main", "printf", "++", "--", "static", "unsigned", "long", "sizeof", "do", "<<",
            "!", "&&", "break", "0x7"];
        let text: Vec<&str> = picks.iter().map(|i| VOCAB[*i % VOCAB.len()]).collect();
        lower(&text.join(" "));
    }

    #[test]
    fn mutated_programs_never_panic(ms in proptest::collection::vec(mutation(), 1..5)) {
        let mut toks = tokens(PROGRAM);
        for m in &ms {
            apply(&mut toks, m);
        }
        lower(&toks.concat());
    }
}
