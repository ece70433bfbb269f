//! Plain words for what the editor says: what a line computes, what the failing test needed,
//! what change passes. Values are written the way the program writes them (chars as `'a'`,
//! booleans as true/false). Scores, costs, weights and component kinds never appear here:
//! they go to the hover's "Details" section ([`crate::render`]).

use faultline_diagnose::{AngelicTest, BlamedStatement, Diagnosis, Report, Value};
use faultline_ir::Component;
use tree_sitter::Node;

/// How a statement's values are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Number,
    Char,
    Bool,
}

/// A value as the program would write it.
pub fn show(v: &Value, shape: Shape) -> String {
    match (v, shape) {
        (Value::Bool(b), _) => b.to_string(),
        (&Value::Int(i @ (0 | 1)), Shape::Bool) => (i == 1).to_string(),
        (&Value::Int(i), Shape::Char) => char_literal(i).unwrap_or_else(|| i.to_string()),
        (Value::Int(i), _) => i.to_string(),
        // What an output statement should print: shown as the diagnosis crate writes it
        // (`(nothing)`, or the text quoted).
        (Value::Text(_), _) => v.to_string(),
        (Value::Float(_), _) => v.to_string(),
        (Value::Char(_), _) => v.to_string(),
        (Value::Pointer(_), _) => v.to_string(),
    }
}

fn char_literal(i: i128) -> Option<String> {
    Some(match i {
        0 => "'\\0'".into(),
        9 => "'\\t'".into(),
        10 => "'\\n'".into(),
        39 => "'\\''".into(),
        92 => "'\\\\'".into(),
        32..=126 => format!("'{}'", i as u8 as char),
        _ => return None,
    })
}

/// What an assignment-like statement writes: `x += 2` → `x`, `int s = 0` → `s`, `i++` → `i`,
/// `a[i] = 0` → `a[i]`.
pub fn assigned(text: &str) -> String {
    let t = text.trim().trim_end_matches(';').trim();
    for op in ["++", "--"] {
        if let Some(rest) = t.strip_suffix(op).or_else(|| t.strip_prefix(op)) {
            return rest.trim().to_string();
        }
    }
    let bytes = t.as_bytes();
    let eq = (0..bytes.len()).find(|&i| {
        bytes[i] == b'='
            && bytes.get(i + 1) != Some(&b'=')
            && !(i > 0 && matches!(bytes[i - 1], b'=' | b'!'))
            && !(i > 0
                && matches!(bytes[i - 1], b'<' | b'>')
                && (i < 2 || bytes[i - 2] != bytes[i - 1]))
    });
    let Some(eq) = eq else {
        return t.to_string();
    };
    let lhs = t[..eq]
        .trim_end_matches(|c: char| "+-*/%&|^<>".contains(c))
        .trim();
    // A declaration (`int s`): the declared name is the last word.
    let name = if lhs.contains('[') {
        lhs
    } else {
        lhs.rsplit(char::is_whitespace).next().unwrap_or(lhs)
    };
    name.trim_start_matches('*').to_string()
}

/// The identifier an assignment target starts with (`a[i]` → `a`, `*p` → `p`).
fn base_name(target: &str) -> &str {
    let t = target.trim_start_matches(['*', '(', ' ']);
    let end = t
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(t.len());
    &t[..end]
}

fn shape_of_type(ty: &str, pointer: bool) -> Shape {
    let words: Vec<&str> = ty.split_whitespace().collect();
    if pointer {
        Shape::Number
    } else if words.contains(&"char") {
        Shape::Char
    } else if words.iter().any(|w| *w == "bool" || *w == "_Bool") {
        Shape::Bool
    } else {
        Shape::Number
    }
}

/// The declarator's identifier and whether it declares a pointer (arrays of char hold chars).
fn declared(node: Node, text: &str) -> Option<(String, bool)> {
    let mut n = node;
    let mut pointer = false;
    loop {
        match n.kind() {
            "identifier" => return Some((text.get(n.byte_range())?.to_string(), pointer)),
            "pointer_declarator" => pointer = true,
            "init_declarator" | "array_declarator" | "parenthesized_declarator" => {}
            "function_declarator" => return None,
            _ => return None,
        }
        n = n.child_by_field_name("declarator")?;
    }
}

/// How the values of statement `s` are written: from the declared type of what it assigns,
/// the return type of its function, or its kind (a condition is true/false).
pub fn shape_of(s: &BlamedStatement, root: Node, text: &str, at: usize) -> Shape {
    if s.kind.is_condition() {
        return if s.kind == Component::SwitchCond {
            Shape::Number
        } else {
            Shape::Bool
        };
    }
    match s.kind {
        Component::Return => {
            let mut n = root.descendant_for_byte_range(at, at);
            while let Some(node) = n {
                if node.kind() == "function_definition" {
                    let pointer = node
                        .child_by_field_name("declarator")
                        .is_some_and(|d| d.kind() == "pointer_declarator");
                    let ty = node
                        .child_by_field_name("type")
                        .and_then(|t| text.get(t.byte_range()))
                        .unwrap_or("");
                    return shape_of_type(ty, pointer);
                }
                n = node.parent();
            }
            Shape::Number
        }
        Component::Assign => {
            let target = assigned(&s.text);
            let name = base_name(&target);
            if name.is_empty() {
                return Shape::Number;
            }
            let element = target.contains('[') || target.trim_start().starts_with('*');
            // The last declaration of the name before the statement (C's scoping, closely
            // enough for a label).
            let mut best: Option<Shape> = None;
            let mut stack = vec![root];
            while let Some(node) = stack.pop() {
                if node.start_byte() > at {
                    continue;
                }
                if matches!(node.kind(), "declaration" | "parameter_declaration") {
                    let ty = node
                        .child_by_field_name("type")
                        .and_then(|t| text.get(t.byte_range()))
                        .unwrap_or("");
                    let mut cursor = node.walk();
                    for d in node.children_by_field_name("declarator", &mut cursor) {
                        if let Some((id, pointer)) = declared(d, text) {
                            if id == name {
                                best = Some(shape_of_type(ty, pointer && !element));
                            }
                        }
                    }
                    continue;
                }
                let mut cursor = node.walk();
                let children: Vec<Node> = node.children(&mut cursor).collect();
                // Depth-first in source order (the stack pops the first child first).
                stack.extend(children.into_iter().rev());
            }
            best.unwrap_or(Shape::Number)
        }
        _ => Shape::Number,
    }
}

/// "1st", "2nd", "3rd", "4th", …
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// One execution of a statement that a failing test needs changed.
#[derive(Clone, Debug)]
pub struct Change {
    pub test: String,
    /// 1-based run of the statement in the test, when the test runs it more than once.
    pub run: Option<u32>,
    /// What it computes as written (when known).
    pub was: Option<String>,
    pub needed: String,
}

/// The first execution the failing test `t` needs changed (the first one whose value as
/// written is known to differ; else the first value).
fn change_in(t: &AngelicTest, shape: Shape) -> Option<Change> {
    let v = t
        .values
        .iter()
        .find(|v| v.was.is_some())
        .or(t.values.first())?;
    Some(Change {
        test: t.test.clone(),
        run: (t.values.len() > 1).then_some(v.instance + 1),
        was: v.was.as_ref().map(|w| show(w, shape)),
        needed: show(&v.value, shape),
    })
}

/// The first needed change of `s`, per failing test (in the report's test order).
pub fn changes(s: &BlamedStatement, shape: Shape) -> Vec<Change> {
    s.angelic
        .iter()
        .filter_map(|t| change_in(t, shape))
        .collect()
}

/// "`s = 0` sets s to 0 in test_sum_upto, which needs 4" and the like: what the statement
/// computes and what the failing test needs instead.
pub fn computes(s: &BlamedStatement, shape: Shape) -> String {
    let code = format!("`{}`", s.text);
    let Some(c) = changes(s, shape).into_iter().next() else {
        return format!("{code} is on the path of the failing tests");
    };
    let when = match c.run {
        Some(n) => format!(" the {} time it runs", ordinal(n)),
        None => String::new(),
    };
    let target = assigned(&s.text);
    let condition = s.kind.is_condition() && shape == Shape::Bool;
    let (does, to) = match s.kind {
        Component::Assign => (format!("sets {target} to"), format!("set {target} to")),
        Component::Return => ("returns".to_string(), "return".to_string()),
        _ if condition => ("is".to_string(), "be".to_string()),
        _ => ("gives".to_string(), "give".to_string()),
    };
    match &c.was {
        Some(was) => format!(
            "{code} {does} {was}{when} in {}, which needs {}",
            c.test, c.needed
        ),
        None => format!("{} needs {code} to {to} {}{when}", c.test, c.needed),
    }
}

/// A list in words: "a", "a and b", "a, b and c".
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// "test_sum_upto passes" / "the 3 failing tests pass".
pub fn passes(d: &Diagnosis) -> String {
    match d.explains.as_slice() {
        [one] => format!("{one} passes"),
        many => format!("the {} failing tests pass", many.len()),
    }
}

/// The diagnoses of the best standing: the cost of the first (the ranking's tie-breaks below
/// cost — fewer statements, spectrum score, source order — are no evidence a programmer would
/// weigh, so such diagnoses are shown as equally likely).
pub fn best_tier(report: &Report) -> Vec<&Diagnosis> {
    // The report is in ranking order: a diagnosis with a validated repair comes before any
    // without one, whatever the costs. The tier is the first diagnosis and those right after it
    // of the same standing (as repaired or not, and as cheap). Only the run right after it: a
    // diagnosis the ranking put further down on other grounds (a lone constant that merely
    // yields the expected value) is not "equally likely", whatever its cost.
    let Some(first) = report.diagnoses.first() else {
        return Vec::new();
    };
    let standing = |d: &Diagnosis| (d.repairs.is_empty(), d.cost);
    report
        .diagnoses
        .iter()
        .take_while(|d| standing(d) == standing(first))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::c_parser;
    use faultline_diagnose::AngelicValue;

    #[test]
    fn assigned_names() {
        assert_eq!(assigned("max = b"), "max");
        assert_eq!(assigned("s += a[i]"), "s");
        assert_eq!(assigned("x <<= 2"), "x");
        assert_eq!(assigned("int s = 0"), "s");
        assert_eq!(assigned("a[i] = a[i - 1]"), "a[i]");
        assert_eq!(assigned("i++"), "i");
        assert_eq!(assigned("--n"), "n");
        assert_eq!(assigned("ok = a <= b"), "ok");
    }

    #[test]
    fn values_are_written_as_the_program_writes_them() {
        assert_eq!(show(&Value::Int(97), Shape::Char), "'a'");
        assert_eq!(show(&Value::Int(10), Shape::Char), "'\\n'");
        assert_eq!(show(&Value::Int(200), Shape::Char), "200");
        assert_eq!(show(&Value::Int(1), Shape::Bool), "true");
        assert_eq!(show(&Value::Bool(false), Shape::Number), "false");
        assert_eq!(show(&Value::Int(-5), Shape::Number), "-5");
        assert_eq!(
            [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal),
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
                "111th"
            ]
        );
    }

    fn stmt(text: &str, line: u32, kind: Component) -> BlamedStatement {
        BlamedStatement {
            path: "a.c".into(),
            line,
            column: 1,
            end_line: line,
            end_column: 1,
            text: text.into(),
            kind,
            weight: 1,
            angelic: Vec::new(),
        }
    }

    #[test]
    fn shapes_follow_declared_types() {
        let text = "char up(char c) {\n  char d = c;\n  int n = 0;\n  d = d - 32;\n  n = d;\n  return d;\n}\n\
                    int f(char *s) {\n  s[0] = 65;\n  _Bool ok = 1;\n  ok = 0;\n  return 0;\n}\n";
        let tree = c_parser().parse(text, None).unwrap();
        let at = |needle: &str| text.find(needle).unwrap();
        let shape = |t: &str, line: u32, kind: Component, needle: &str| {
            shape_of(&stmt(t, line, kind), tree.root_node(), text, at(needle))
        };
        assert_eq!(
            shape("d = d - 32", 4, Component::Assign, "d = d - 32"),
            Shape::Char
        );
        assert_eq!(shape("n = d", 5, Component::Assign, "n = d"), Shape::Number);
        assert_eq!(
            shape("return d;", 6, Component::Return, "return d"),
            Shape::Char
        );
        assert_eq!(
            shape("return 0;", 12, Component::Return, "return 0"),
            Shape::Number
        );
        assert_eq!(
            shape("s[0] = 65", 9, Component::Assign, "s[0] = 65"),
            Shape::Char
        );
        assert_eq!(
            shape("ok = 0", 11, Component::Assign, "ok = 0"),
            Shape::Bool
        );
        assert_eq!(shape("c > 0", 2, Component::IfCond, "char d"), Shape::Bool);
    }

    #[test]
    fn sentences_say_what_the_line_computes_and_what_is_needed() {
        let mut s = stmt("b - a", 3, Component::Return);
        s.text = "return b - a;".into();
        s.angelic = vec![AngelicTest {
            test: "test_sub".into(),
            values: vec![AngelicValue {
                instance: 0,
                slot: 0,
                value: Value::Int(5),
                was: Some(Value::Int(-5)),
            }],
        }];
        assert_eq!(
            computes(&s, Shape::Number),
            "`return b - a;` returns -5 in test_sub, which needs 5"
        );
        let mut c = stmt("i < n", 4, Component::LoopCond);
        c.angelic = vec![AngelicTest {
            test: "test_sum".into(),
            values: [(true, None), (true, Some(false)), (false, None)]
                .iter()
                .enumerate()
                .map(|(i, &(v, was))| AngelicValue {
                    instance: i as u32,
                    slot: 0,
                    value: Value::Bool(v),
                    was: was.map(Value::Bool),
                })
                .collect(),
        }];
        assert_eq!(
            computes(&c, Shape::Bool),
            "`i < n` is false the 2nd time it runs in test_sum, which needs true"
        );
    }
}
