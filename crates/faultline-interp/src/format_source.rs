//! Recovering what the parsed format pieces lose: whether a `scanf` conversion was `%i`.
//!
//! `faultline_ir::format` parses `%d` and `%i` to the same `ConvKind::Signed`, but `scanf`'s `%i`
//! reads with an automatic base (`0x1f`, `017`). Until the IR records the difference, the
//! interpreter re-reads the call's string literal from the original source under the statement's
//! span. When that is not possible (a format from a macro, an unusual spelling) every `%i` is read
//! as `%d`, which agrees with glibc for decimal input.

/// For each conversion of the first string literal (adjacent literals concatenated) in `call`,
/// whether it is `%i`. `None` when no literal is found or it has not `expected` conversions.
pub fn scanf_i_conversions(call: &str, expected: usize) -> Option<Vec<bool>> {
    let fmt = first_literal(call)?;
    let bytes = fmt.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'%' {
            i += 1;
            continue;
        }
        i += 1;
        if bytes.get(i) == Some(&b'%') {
            i += 1;
            continue;
        }
        while i < bytes.len() && b"-0+ #*'0123456789.hlLqjzt".contains(&bytes[i]) {
            i += 1;
        }
        out.push(bytes.get(i) == Some(&b'i'));
        i += 1;
    }
    (out.len() == expected).then_some(out)
}

/// The unescaped text of the first string literal of `text` and the literals adjacent to it.
fn first_literal(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let mut i = text.find('"')?;
    let mut out = String::new();
    loop {
        // `b[i]` is an opening quote.
        i += 1;
        loop {
            match *b.get(i)? {
                b'"' => break,
                b'\\' => {
                    // Only the escape's length matters for finding conversions; keep the byte.
                    out.push(*b.get(i + 1)? as char);
                    i += 2;
                }
                c => {
                    out.push(c as char);
                    i += 1;
                }
            }
        }
        i += 1;
        while b.get(i).is_some_and(|c| c.is_ascii_whitespace()) {
            i += 1;
        }
        if b.get(i) != Some(&b'"') {
            return Some(out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_i_conversions() {
        assert_eq!(
            scanf_i_conversions(r#"scanf("%x %i" "%%%5ld", &h, &i, &l)"#, 3),
            Some(vec![false, true, false])
        );
        assert_eq!(scanf_i_conversions(r#"scanf(FMT, &x)"#, 1), None);
        assert_eq!(
            scanf_i_conversions(r#"scanf("\"%d", &x)"#, 1),
            Some(vec![false])
        );
    }
}
