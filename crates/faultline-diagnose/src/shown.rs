//! How code is shown to users: a declarator as the declaration it is written in
//! (`const char *p = s + 1`, not `*p = s + 1`), a repair without `+ 0`/`- 0`/`* 1`
//! left over from an edit of a constant (`s`, not `s + 0`), and a pointer's angelic value as a
//! programmer writes it (`s`, `&a[2]`, `p + 3`). Display only: spans, edits and values are
//! unchanged, so what an editor applies is what was validated.

/// The specifiers of the declaration a declarator belongs to (`const char` for the
/// declarator `*p = s + 1` in `const char *p = s + 1;`, `int` for `b = 2` in
/// `int a = 1, b = 2;`), when the statement that starts at byte `start` of `text` is a
/// declarator of a declaration written on that line. `None` for any other statement (an
/// assignment, `else x = 1`, a label) or a declaration spread over lines: then the statement's
/// own text is shown.
pub fn declaration_specifiers(text: &str, start: usize) -> Option<String> {
    let line_start = text.get(..start)?.rfind('\n').map_or(0, |i| i + 1);
    let before = text.get(line_start..start)?;
    // Where the statement begins on its line: after the last `;`, `{` or `}`, or after an
    // unclosed `(` (a `for` loop's first clause).
    let mut from = 0;
    let mut open: Vec<usize> = Vec::new();
    for (i, c) in before.char_indices() {
        match c {
            ';' | '{' | '}' => from = i + 1,
            '(' => open.push(i + 1),
            ')' => {
                open.pop();
            }
            _ => {}
        }
    }
    if let Some(&o) = open.last() {
        from = from.max(o);
    }
    let prefix = before.get(from..)?;
    if prefix.contains("/*") || prefix.contains("//") || prefix.contains('#') {
        return None;
    }
    // A later declarator (`b = 2` of `int a = 1, b = 2`): the specifiers are the words that
    // begin the first one, less its name.
    let (first, later) = match top_level_comma(prefix) {
        Some(i) => (&prefix[..i], true),
        None => (prefix, false),
    };
    let mut words = Vec::new();
    let mut rest = first.trim_start();
    while let Some(w) = leading_word(rest) {
        words.push(w);
        rest = rest[w.len()..].trim_start();
    }
    if later {
        // `char *a = s, *p`: all the words before `*` are specifiers; `int a = 1, b`: `a` is
        // the first declarator's name.
        if !(rest.starts_with('*') || rest.starts_with('(')) {
            words.pop();
        }
    } else if !rest.is_empty() {
        return None;
    }
    const NOT_TYPES: [&str; 14] = [
        "return", "else", "do", "case", "default", "goto", "if", "while", "for", "switch", "break",
        "continue", "sizeof", "typedef",
    ];
    if words.is_empty() || words.iter().any(|w| NOT_TYPES.contains(w)) {
        return None;
    }
    Some(words.join(" "))
}

/// The byte offset of the first `,` of `s` outside parentheses, brackets and braces.
fn top_level_comma(s: &str) -> Option<usize> {
    let mut depth = 0i32;
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => return Some(i),
            _ => {}
        }
    }
    None
}

/// The identifier or keyword `s` starts with.
fn leading_word(s: &str) -> Option<&str> {
    let end = s
        .char_indices()
        .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '_'))
        .map_or(s.len(), |(i, _)| i);
    let w = &s[..end];
    (!w.is_empty() && !w.as_bytes()[0].is_ascii_digit()).then_some(w)
}

/// A statement's text as shown: whitespace collapsed, and a declarator with its declaration's
/// specifiers (`const char *p = s + 1`).
pub fn statement_text(text: &str, start: usize, end: usize, declarator: bool) -> String {
    let own = collapse(text.get(start..end).unwrap_or(""));
    match declarator
        .then(|| declaration_specifiers(text, start))
        .flatten()
    {
        Some(spec) => format!("{spec} {own}"),
        None => own,
    }
}

/// Whitespace runs as one space, ends trimmed.
pub fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A token of C text, enough to see operands and operators.
#[derive(Clone, Debug, PartialEq)]
enum Tok<'a> {
    /// Identifier, keyword or number (`1`, `0x10`, `1.5e3`).
    Word(&'a str),
    /// A string or character literal, kept whole.
    Quoted(&'a str),
    Punct(&'a str),
}

fn tokens(s: &str) -> Vec<Tok<'_>> {
    spanned_tokens(s).into_iter().map(|(t, _)| t).collect()
}

/// The tokens of `s` with the byte offset each starts at.
fn spanned_tokens(s: &str) -> Vec<(Tok<'_>, usize)> {
    const PUNCT3: [&str; 3] = ["<<=", ">>=", "..."];
    const PUNCT2: [&str; 19] = [
        "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=", "-=", "*=", "/=",
        "%=", "&=", "|=", "^=",
    ];
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_alphanumeric()
            || c == b'_'
            || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            let start = i;
            while i < b.len() {
                let d = b[i];
                // An exponent's sign belongs to the number (`1e-3`).
                let exp_sign = (d == b'+' || d == b'-')
                    && matches!(b[i - 1], b'e' | b'E' | b'p' | b'P')
                    && b[start].is_ascii_digit();
                if d.is_ascii_alphanumeric() || d == b'_' || d == b'.' || exp_sign {
                    i += 1;
                } else {
                    break;
                }
            }
            out.push((Tok::Word(&s[start..i]), start));
        } else if c == b'"' || c == b'\'' {
            let start = i;
            i += 1;
            while i < b.len() && b[i] != c {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
            out.push((Tok::Quoted(&s[start..i]), start));
        } else {
            let rest = &s[i..];
            let n = if PUNCT3.iter().any(|p| rest.starts_with(p)) {
                3
            } else if PUNCT2.iter().any(|p| rest.starts_with(p)) {
                2
            } else {
                rest.chars().next().map_or(1, char::len_utf8)
            };
            out.push((Tok::Punct(&s[i..i + n]), i));
            i += n;
        }
    }
    out
}

/// Whether the token ends an operand (so a `+`/`*` after it is binary).
fn ends_operand(t: &Tok<'_>) -> bool {
    matches!(
        t,
        Tok::Word(_) | Tok::Quoted(_) | Tok::Punct(")" | "]" | "++" | "--")
    )
}

/// Binding strength of a binary operator token (C's precedence, higher binds tighter);
/// `None` for anything that is not a binary operator.
fn binary_precedence(t: &Tok<'_>) -> Option<u8> {
    match t {
        Tok::Punct(p) => faultline_ir::binary_precedence(p),
        _ => None,
    }
}

/// A repair's text as shown: whitespace collapsed and the identities an edit of a constant
/// leaves behind dropped (`s + 0` → `s`, `n - 0` → `n`, `k * 1` → `k`). The same value: only
/// where the operand before is a complete operand of the operator, and what follows binds no
/// tighter (`a + 0 * b` stays).
pub fn tidy_code(s: &str) -> String {
    let toks = spanned_tokens(s);
    let mut out = String::new();
    let mut copied = 0;
    let mut i = 1;
    while i + 1 < toks.len() {
        let identity = match (&toks[i].0, &toks[i + 1].0) {
            (Tok::Punct("+" | "-"), Tok::Word("0")) => Some(9),
            (Tok::Punct("*"), Tok::Word("1")) => Some(10),
            _ => None,
        };
        // What follows must bind no tighter than the operator (`a + 0 * b` stays); what
        // precedes is a complete operand, since the operator binds no tighter than what came
        // before it or associates left (`a * b + 0` is `(a * b) + 0`).
        let next_ok = |p: u8| match toks.get(i + 2).map(|t| &t.0) {
            None => true,
            Some(t) => match binary_precedence(t) {
                Some(q) => q <= p,
                None => matches!(t, Tok::Punct(")" | "]" | "," | ";" | "?" | ":" | "}")),
            },
        };
        match identity {
            Some(p) if ends_operand(&toks[i - 1].0) && next_ok(p) => {
                // Cut from the end of the operand before to the end of the constant.
                let (Tok::Word(w) | Tok::Quoted(w) | Tok::Punct(w)) = toks[i - 1].0;
                out.push_str(&s[copied..toks[i - 1].1 + w.len()]);
                copied = toks[i + 1].1 + 1;
                i += 2;
            }
            _ => i += 1,
        }
    }
    out.push_str(&s[copied..]);
    collapse(&out)
}

/// A pointer `expr` (its source text) moved by `delta` elements, as C text: `++`, `--`, `+=`
/// and `-=` read as the pointer they compute (`p++` moved by -1 is `p`), a trailing constant
/// folded (`s + 1` moved by -1 is `s`), an element's address moved in its index (`&a[1]`
/// moved by 2 is `&a[3]`).
pub fn pointer_text(expr: &str, delta: i64) -> String {
    let expr = collapse(expr);
    // What the expression computes, as `base + k`.
    let (base, k) = split_offset(&expr);
    let k = k + delta;
    if let Some(inner) = base.strip_prefix('&').filter(|b| b.ends_with(']')) {
        if let Some(open) = inner
            .rfind('[')
            .filter(|&o| balanced(&inner[o + 1..inner.len() - 1]))
        {
            let (array, index) = (&inner[..open], &inner[open + 1..inner.len() - 1]);
            if !array.is_empty() {
                let (ibase, ik) = split_offset(index.trim());
                let index = with_offset(&ibase, ik + k);
                return format!("&{array}[{index}]");
            }
        }
    }
    with_offset(&base, k)
}

/// `base + k` without `+ 0`, with `- n` for negative `k`; a constant `base` folded.
fn with_offset(base: &str, k: i64) -> String {
    if base.is_empty() {
        return k.to_string();
    }
    if let Ok(b) = base.parse::<i64>() {
        return (b + k).to_string();
    }
    let needs_parens = !is_additive_operand(base) && k != 0;
    let base = if needs_parens {
        format!("({base})")
    } else {
        base.to_string()
    };
    match k {
        0 => base,
        k if k > 0 => format!("{base} + {k}"),
        k => format!("{base} - {}", k.unsigned_abs()),
    }
}

/// Whether `s` can take a `+ k` on its right without parentheses: nothing in it binds looser
/// than `+` at its top level.
fn is_additive_operand(s: &str) -> bool {
    let toks = tokens(s);
    let mut depth = 0;
    for (i, t) in toks.iter().enumerate() {
        match t {
            Tok::Punct("(" | "[") => depth += 1,
            Tok::Punct(")" | "]") => depth -= 1,
            Tok::Punct("?" | ":" | "=" | "," | "+=" | "-=" | "*=" | "/=") if depth == 0 => {
                return false
            }
            t if depth == 0 && i > 0 && ends_operand(&toks[i - 1]) => {
                if binary_precedence(t).is_some_and(|p| p < 9) {
                    return false;
                }
            }
            _ => {}
        }
    }
    true
}

/// `expr` as `(base, k)` with `expr == base + k`: `p++`/`++p` and `p += 2` are `p` moved,
/// and a trailing `+ n`/`- n` at the top level of an additive expression is split off.
fn split_offset(expr: &str) -> (String, i64) {
    let e = expr.trim();
    for (op, sign) in [("++", 1), ("--", -1)] {
        if let Some(b) = e.strip_suffix(op).or_else(|| e.strip_prefix(op)) {
            if is_name(b.trim()) {
                return (b.trim().to_string(), sign);
            }
        }
    }
    for (op, sign) in [("+=", 1i64), ("-=", -1)] {
        if let Some((l, r)) = e.split_once(op) {
            if let (true, Ok(n)) = (is_name(l.trim()), r.trim().parse::<i64>()) {
                return (l.trim().to_string(), sign * n);
            }
        }
    }
    let toks = spanned_tokens(e);
    if toks.len() >= 3 && is_additive_operand(e) {
        let (op, n) = (&toks[toks.len() - 2], &toks[toks.len() - 1].0);
        if let (Tok::Punct(op @ ("+" | "-")), Tok::Word(n)) = (&op.0, n) {
            let base = e[..toks[toks.len() - 2].1].trim();
            if let (Ok(n), true) = (n.parse::<i64>(), ends_operand(&toks[toks.len() - 3].0)) {
                let (b, k) = split_offset(&base);
                let n = if *op == "+" { n } else { -n };
                return (b, k + n);
            }
        }
    }
    (e.to_string(), 0)
}

fn is_name(s: &str) -> bool {
    leading_word(s).is_some_and(|w| w.len() == s.len())
}

fn balanced(s: &str) -> bool {
    let mut depth = 0i32;
    for c in s.chars() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => {
                depth -= 1;
                if depth < 0 {
                    return false;
                }
            }
            _ => {}
        }
    }
    depth == 0
}

/// The value at element `off` of the object `expr` points into, where what the expression
/// computes as written was not checked (so only the object and the offset are known): the
/// element of the array `p` points into, counted as a programmer counts (`the 4th element`).
pub fn pointer_element(expr: &str, off: i64) -> String {
    let (base, _) = split_offset(&collapse(expr));
    let base = match base.strip_prefix('&') {
        // `&a[i]`: the array is `a`.
        Some(b) => match b.rfind('[') {
            Some(o) if b.ends_with(']') && o > 0 => {
                return format!("&{}[{off}]", &b[..o]);
            }
            _ => base.clone(),
        },
        None => base,
    };
    format!("element {off} of the array `{base}` points into")
}

/// An output statement's angelic text as the user would read it when the test compares
/// whitespace-separated tokens: each run of whitespace the solver chose (any run is as good as
/// another: `" Average = 2.00\n"` for a statement that printed `"\nAverage = 3.00\n"`) is
/// replaced by the run the statement printed at the same place (its leading run, its trailing
/// run, and its inner runs when both texts have as many), giving `"\nAverage = 2.00\n"`. A
/// run is only ever replaced by a non-empty run, never dropped or added, so the tokens, and
/// with them the validated verdict, are unchanged. Whitespace is the runner's
/// (`u8::is_ascii_whitespace`).
pub fn respace_text(angelic: &[u8], was: &[u8]) -> Vec<u8> {
    respace(angelic, was, false)
}

/// [`respace_text`] that also drops a leading or trailing run of whitespace the statement
/// did not print (`" Change: 70\n"` for `"Change: -70\n"` gives `"Change: 70\n"`): whether
/// the tokens stay the same depends on the output around the statement, so the caller
/// validates it by running the test.
pub fn respace_text_as_written(angelic: &[u8], was: &[u8]) -> Vec<u8> {
    respace(angelic, was, true)
}

fn respace(angelic: &[u8], was: &[u8], drop_unmatched: bool) -> Vec<u8> {
    /// Alternating runs: `(is whitespace, bytes)`.
    fn runs(s: &[u8]) -> Vec<(bool, &[u8])> {
        let mut out: Vec<(bool, &[u8])> = Vec::new();
        let mut start = 0;
        for i in 1..=s.len() {
            if i == s.len() || s[i].is_ascii_whitespace() != s[start].is_ascii_whitespace() {
                out.push((s[start].is_ascii_whitespace(), &s[start..i]));
                start = i;
            }
        }
        out
    }
    let (a, w) = (runs(angelic), runs(was));
    /// The first or last run, when it is whitespace.
    fn space<'a>(r: &[(bool, &'a [u8])], first: bool) -> Option<&'a [u8]> {
        let at = if first { r.first() } else { r.last() };
        at.filter(|(ws, _)| *ws).map(|(_, b)| *b)
    }
    let inner = |r: &[(bool, &[u8])]| -> Vec<usize> {
        (1..r.len().saturating_sub(1)).filter(|&i| r[i].0).collect()
    };
    let (a_inner, w_inner) = (inner(&a), inner(&w));
    let mut out = Vec::with_capacity(angelic.len());
    for (i, &(ws, bytes)) in a.iter().enumerate() {
        let edge = if i == 0 {
            Some(space(&w, true))
        } else if i == a.len() - 1 {
            Some(space(&w, false))
        } else {
            None
        };
        let replaced = if !ws {
            None
        } else if let Some(edge) = edge {
            match edge {
                None if drop_unmatched => Some(&[][..]),
                e => e,
            }
        } else if a_inner.len() == w_inner.len() {
            let k = a_inner.iter().position(|&j| j == i).expect("an inner run");
            Some(w[w_inner[k]].1)
        } else {
            None
        };
        out.extend_from_slice(replaced.unwrap_or(bytes));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_text_keeps_the_separators_the_statement_printed() {
        let r =
            |a: &str, w: &str| String::from_utf8(respace_text(a.as_bytes(), w.as_bytes())).unwrap();
        assert_eq!(
            r(" Average = 2.00\n", "\nAverage = 3.00\n"),
            "\nAverage = 2.00\n"
        );
        assert_eq!(r("Average:\t2.00 ", "Mean: 2.00\n"), "Average: 2.00\n");
        // A leading separator the statement did not print is kept: the output before it may
        // end in a token that it must not run into.
        assert_eq!(r(" Average: 2.00\n", "Mean: 2.00\n"), " Average: 2.00\n");
        // Inner runs only when both texts have as many.
        assert_eq!(r("a b c", "x\ty"), "a b c");
        assert_eq!(r("a b c\n", "x\ty\nz\n"), "a\tb\nc\n");
        assert_eq!(r("", "Mean\n"), "");
        assert_eq!(r(" ", "\n"), "\n");
        assert_eq!(r("7\n", ""), "7\n");
        assert_eq!(r("7", "  "), "7");
        let w = |a: &str, w: &str| {
            String::from_utf8(respace_text_as_written(a.as_bytes(), w.as_bytes())).unwrap()
        };
        assert_eq!(w(" Change: 70\n", "Change: -70\n"), "Change: 70\n");
        assert_eq!(
            w(" Average = 2.00 ", "\nAverage = 3.00"),
            "\nAverage = 2.00"
        );
        assert_eq!(w(" ", "x"), "");
        assert_eq!(w("", "x"), "");
    }

    #[test]
    fn declarators_show_their_declaration() {
        let src = "int f(const char *s) {\n    const char *p = s + 1;\n    int a = 1, b = f(2), *q = &a;\n    for (int i = 0; i < 3; i++) x = 1;\n    else y = 2;\n    z = 3;\n}\n";
        let at = |needle: &str| src.find(needle).unwrap();
        let spec = |needle| declaration_specifiers(src, at(needle));
        assert_eq!(spec("*p = s").as_deref(), Some("const char"));
        assert_eq!(spec("b = f").as_deref(), Some("int"));
        assert_eq!(spec("*q = &a").as_deref(), Some("int"));
        assert_eq!(spec("i = 0").as_deref(), Some("int"));
        assert_eq!(spec("a = 1").as_deref(), Some("int"));
        // Not declarations.
        assert_eq!(spec("i++"), None);
        assert_eq!(spec("x = 1"), None);
        assert_eq!(spec("y = 2"), None);
        assert_eq!(spec("z = 3"), None);
        let p = at("*p = s");
        assert_eq!(
            statement_text(src, p, p + "*p = s + 1".len(), true),
            "const char *p = s + 1"
        );
        assert_eq!(
            statement_text(src, p, p + "*p = s + 1".len(), false),
            "*p = s + 1"
        );
    }

    #[test]
    fn identities_left_by_an_edit_are_dropped() {
        assert_eq!(tidy_code("*p = s + 0"), "*p = s");
        assert_eq!(tidy_code("const char *p = s + 0"), "const char *p = s");
        assert_eq!(tidy_code("n = n - 0;"), "n = n;");
        assert_eq!(tidy_code("x = a * 1 + b"), "x = a + b");
        assert_eq!(tidy_code("if (i < n + 0)"), "if (i < n)");
        assert_eq!(tidy_code("f(a + 0, b)"), "f(a, b)");
        assert_eq!(tidy_code("v[i + 0] = 3"), "v[i] = 3");
        // Not identities, or not removable without changing the grouping.
        assert_eq!(tidy_code("x = a + 0 * b"), "x = a + 0 * b");
        assert_eq!(tidy_code("x = a + 10"), "x = a + 10");
        assert_eq!(tidy_code("x = a * 1.5"), "x = a * 1.5");
        assert_eq!(tidy_code("x = -0 + a"), "x = -0 + a");
        assert_eq!(
            tidy_code("printf(\"%d + 0\\n\", a)"),
            "printf(\"%d + 0\\n\", a)"
        );
        assert_eq!(tidy_code("x = a[i] * 1"), "x = a[i]");
        assert_eq!(tidy_code("return f(x) - 0;"), "return f(x);");
        assert_eq!(tidy_code("y = x-1"), "y = x-1");
        assert_eq!(tidy_code("y = (int)x+0"), "y = (int)x");
        assert_eq!(tidy_code("y = -x + 0"), "y = -x");
        assert_eq!(tidy_code("i++"), "i++");
        assert_eq!(tidy_code("a = b + 0 << 2"), "a = b << 2");
        assert_eq!(tidy_code("x = *p * 1"), "x = *p");
    }

    #[test]
    fn pointers_read_as_a_programmer_writes_them() {
        assert_eq!(pointer_text("s + 1", -1), "s");
        assert_eq!(pointer_text("s + 1", 2), "s + 3");
        assert_eq!(pointer_text("a + n", -1), "a + n - 1");
        assert_eq!(pointer_text("a + n - 1", 1), "a + n");
        assert_eq!(pointer_text("p++", -1), "p");
        assert_eq!(pointer_text("p++", 0), "p + 1");
        assert_eq!(pointer_text("--p", 0), "p - 1");
        assert_eq!(pointer_text("p += 2", -1), "p + 1");
        assert_eq!(pointer_text("p = p + 2", 1), "(p = p + 2) + 1");
        assert_eq!(pointer_text("&a[1]", 1), "&a[2]");
        assert_eq!(pointer_text("&a[i]", 1), "&a[i + 1]");
        assert_eq!(pointer_text("&a[i + 1]", -1), "&a[i]");
        assert_eq!(pointer_text("s", 3), "s + 3");
        assert_eq!(pointer_text("c ? p : q", 1), "(c ? p : q) + 1");
        assert_eq!(pointer_text("v + n", 0), "v + n");
        assert_eq!(
            pointer_element("p++", 3),
            "element 3 of the array `p` points into"
        );
        assert_eq!(pointer_element("&a[i]", 2), "&a[2]");
    }
}
