//! Case-label edits: the constant of one `case` label of a `switch` replaced by another
//! (`case 'v':` → `case 'u':` in a list of vowels, `case 3:` → `case 4:`). The IR holds a
//! switch's labels as values of its arms, not as expressions, so the edited text is compiled
//! again ([`Change::Recompile`]); a value another label of the same `switch` already has is
//! never offered (a duplicate `case` does not compile).
//!
//! A character label gets the same letter in the other case, the characters a programmer
//! confuses it with, its neighbours in the alphabet (or among the digits) and, far, the other
//! character literals of the program; a decimal label its neighbours ±1 and, far, one digit
//! ±1.

use super::constants::{char_literal, char_value, digit_neighbours, CONFUSED_CHARS};
use super::*;
use faultline_ir::SwitchArm;

impl Gen<'_> {
    /// The edits of every `case` label of `arms` (one `switch`'s).
    pub(crate) fn case_labels(&mut self, arms: &[SwitchArm]) {
        let taken: Vec<i128> = arms.iter().flat_map(|a| a.values.iter().copied()).collect();
        for arm in arms {
            for (span, value, char_label) in self.labels_of(arm) {
                let values = if char_label {
                    self.char_label_values(value)
                } else {
                    decimal_label_values(value)
                };
                for (v, far) in values {
                    if taken.contains(&v) {
                        continue;
                    }
                    let after = if char_label {
                        char_literal(v)
                    } else {
                        Some(v.to_string())
                    };
                    let Some(after) = after else { continue };
                    self.push(EditKind::CaseLabel, span, after, Change::Recompile);
                    if let Some(last) = self.out.last_mut() {
                        last.far = far;
                    }
                }
            }
        }
    }

    /// `(range of the constant, its value, whether it is a character literal)` of each
    /// `case` label of `arm` whose text says the value the arm holds (a macro or an
    /// expression as the label is left alone).
    fn labels_of(&self, arm: &SwitchArm) -> Vec<(Span, i128, bool)> {
        let text = self.text(arm.span).to_string();
        let mut out = Vec::new();
        for (at, _) in text.match_indices("case") {
            let before_ok = !text[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
            let rest = &text[at + 4..];
            if !before_ok || !rest.starts_with(|c: char| c.is_whitespace() || c == '\'') {
                continue;
            }
            let lead = rest.len() - rest.trim_start().len();
            let body = rest.trim_start();
            // The constant ends at the label's `:` (a character literal may hold one).
            let len = if body.starts_with("'\\") {
                Some(4)
            } else if body.starts_with('\'') {
                Some(3)
            } else {
                body.find(':').map(|k| body[..k].trim_end().len())
            };
            let Some(literal) = len.and_then(|len| body.get(..len)) else {
                continue;
            };
            let len = literal.len();
            if !body[len..].trim_start().starts_with(':') {
                continue;
            }
            let (value, char_label) = match char_value(literal) {
                Some(v) => (v, true),
                None => match literal.parse::<i128>() {
                    Ok(v) if !literal.starts_with('+') => (v, false),
                    _ => continue,
                },
            };
            if !arm.values.contains(&value) {
                continue;
            }
            let start = arm.span.start + (at + 4 + lead) as u32;
            out.push((
                Span::new(arm.span.file, start, start + len as u32),
                value,
                char_label,
            ));
        }
        out
    }

    /// The values a character label may have been meant as, `(value, far)`, nearest first.
    fn char_label_values(&self, value: i128) -> Vec<(i128, bool)> {
        let mut out: Vec<(i128, bool)> = Vec::new();
        let mut add = |v: i128, far: bool| {
            if v != value && !out.iter().any(|(w, _)| *w == v) {
                out.push((v, far));
            }
        };
        if let Some(c) = u8::try_from(value).ok().filter(u8::is_ascii_alphanumeric) {
            if c.is_ascii_alphabetic() {
                add(i128::from(c ^ 0x20), false);
            }
            // The letters (digits) on either side, of the same kind: `'v'` typed for `'u'`.
            for n in [c.wrapping_sub(1), c.wrapping_add(1)] {
                let same_kind = (c.is_ascii_lowercase() && n.is_ascii_lowercase())
                    || (c.is_ascii_uppercase() && n.is_ascii_uppercase())
                    || (c.is_ascii_digit() && n.is_ascii_digit());
                if same_kind {
                    add(i128::from(n), false);
                }
            }
        }
        for (a, b) in CONFUSED_CHARS {
            if value == i128::from(*a) {
                add(i128::from(*b), false);
            }
            if value == i128::from(*b) {
                add(i128::from(*a), false);
            }
        }
        for v in self.program_chars() {
            add(v, true);
        }
        out
    }
}

/// The values a decimal label may have been meant as, `(value, far)`: ±1, then one digit ±1.
fn decimal_label_values(value: i128) -> Vec<(i128, bool)> {
    let mut out = vec![(value + 1, false), (value - 1, false)];
    for v in digit_neighbours(value) {
        if !out.iter().any(|(w, _)| *w == v) {
            out.push((v, true));
        }
    }
    out
}
