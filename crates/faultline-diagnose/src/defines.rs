//! A diagnosis whose fix is a `#define`'s value names the `#define` line.
//!
//! A macro constant reaches the IR as a literal at each use, so the enumeration blames the
//! statements that use it (`return points * 100 / MAX_POINTS` and `return MAX_POINTS`, two
//! statements at two lines). When the diagnosis's preferred repair is the edit of the macro's
//! `#define` line (`faultline-repair` edits a macro constant there, every use changing with
//! it) and every blamed statement uses that macro, the line to change is the `#define`: the
//! diagnosis then blames it alone, with the angelic values of its uses (what each use had to
//! produce). Several diagnoses that become the same `#define` are one; the first keeps its
//! rank. Display only: which statements were blamed, validated and repaired is unchanged.

use crate::report::{BlamedStatement, Diagnosis, RepairEdit};

/// Rewrites the diagnoses whose preferred repair edits a `#define` all their statements use
/// (module docs), drops the later duplicates and numbers the ranks again.
pub(crate) fn name_definitions(diagnoses: &mut Vec<Diagnosis>) {
    for d in diagnoses.iter_mut() {
        if let Some(def) = definition_of(d) {
            d.statements = vec![def];
        }
    }
    let mut seen: Vec<Vec<(String, u32, u32)>> = Vec::new();
    diagnoses.retain(|d| {
        let key: Vec<(String, u32, u32)> = (d.statements.iter())
            .map(|s| (s.path.clone(), s.line, s.column))
            .collect();
        if seen.contains(&key) {
            return false;
        }
        seen.push(key);
        true
    });
    for (i, d) in diagnoses.iter_mut().enumerate() {
        d.rank = i + 1;
    }
}

/// The `#define` line `d`'s preferred repair edits, as the one statement to blame, when
/// every blamed statement uses the macro and none is on that line.
fn definition_of(d: &Diagnosis) -> Option<BlamedStatement> {
    let r: &RepairEdit = d.repairs.first()?;
    if !r.edits.is_empty() || r.after.is_empty() {
        return None;
    }
    let name = defined_name(&r.before)?;
    let apart = d.statements.iter().all(|s| {
        s.path == r.path && (s.end_line < r.line || s.line > r.end_line) && uses(&s.text, name)
    });
    if !apart || d.statements.is_empty() {
        return None;
    }
    // Per test, the values every use had to produce, in the order of the uses.
    let mut angelic: Vec<crate::report::AngelicTest> = Vec::new();
    for s in &d.statements {
        for a in &s.angelic {
            match angelic.iter_mut().find(|b| b.test == a.test) {
                Some(b) => b.values.extend(a.values.iter().cloned()),
                None => angelic.push(a.clone()),
            }
        }
    }
    Some(BlamedStatement {
        path: r.path.clone(),
        line: r.line,
        column: r.column,
        end_line: r.end_line,
        end_column: r.end_column,
        text: crate::shown::collapse(&r.before),
        kind: d.statements[0].kind,
        weight: d.statements.iter().map(|s| s.weight).sum(),
        angelic,
    })
}

/// The macro an object-like `#define NAME value` line defines.
fn defined_name(line: &str) -> Option<&str> {
    let rest = line.trim_start().strip_prefix('#')?.trim_start();
    let rest = rest.strip_prefix("define")?;
    if !rest.starts_with([' ', '\t']) {
        return None;
    }
    let rest = rest.trim_start();
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let name = &rest[..end];
    // A function-like macro (`#define SQ(x)`) is not a constant.
    let object_like = !rest[end..].starts_with('(');
    (!name.is_empty() && !name.starts_with(|c: char| c.is_ascii_digit()) && object_like)
        .then_some(name)
}

/// Whether `text` holds the identifier `name` (as a whole word).
fn uses(text: &str, name: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(name).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_object_like_defines_only() {
        assert_eq!(defined_name("#define MAX_POINTS 50"), Some("MAX_POINTS"));
        assert_eq!(defined_name("  #  define\tN 10 /* size */"), Some("N"));
        assert_eq!(defined_name("#define SQ(x) ((x) * (x))"), None);
        assert_eq!(defined_name("#defineX 1"), None);
        assert_eq!(defined_name("int x = 50;"), None);
    }

    #[test]
    fn uses_match_whole_identifiers() {
        assert!(uses("return points * 100 / MAX", "MAX"));
        assert!(uses("MAX", "MAX"));
        assert!(!uses("return MAX_POINTS", "MAX"));
        assert!(!uses("return AMAX + 1", "MAX"));
    }
}
