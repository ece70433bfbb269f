//! `#if` constant expressions (C11 6.10.1), evaluated in `intmax_t`/`uintmax_t` (64 bits).
//!
//! Input tokens are already macro-expanded, with `defined X` replaced by `1`/`0` before expansion
//! (so the operand is never expanded); any `defined` produced by the expansion itself is still
//! resolved through `is_defined`, as gcc does. Remaining identifiers are 0. Operands that are not
//! evaluated (`0 && 1/0`) may divide by zero without error, as in C.

use crate::lexer::Kind;
use crate::PTok;

/// Nesting bound for parentheses and unary operators: keeps the recursive parser's stack small.
const MAX_DEPTH: u32 = 256;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Val {
    v: u64,
    unsigned: bool,
}

impl Val {
    fn int(v: i64) -> Val {
        Val {
            v: v as u64,
            unsigned: false,
        }
    }
    fn truth(self) -> bool {
        self.v != 0
    }
    fn signed(self) -> i64 {
        self.v as i64
    }
}

struct Parser<'a> {
    toks: &'a [PTok],
    pos: usize,
    depth: u32,
    is_defined: &'a dyn Fn(&str) -> bool,
}

type R<T> = Result<T, String>;

/// Evaluate; `Err` carries the diagnostic text.
pub fn eval(toks: &[PTok], is_defined: &dyn Fn(&str) -> bool) -> Result<bool, String> {
    let mut p = Parser {
        toks,
        pos: 0,
        depth: 0,
        is_defined,
    };
    if toks.is_empty() {
        return Err("#if with no expression".into());
    }
    let v = p.comma(true)?;
    if let Some(t) = p.toks.get(p.pos) {
        return Err(format!(
            "missing binary operator before token \"{}\"",
            t.text
        ));
    }
    Ok(v.truth())
}

fn binary_prec(op: &str) -> Option<u8> {
    faultline_ir::binary_precedence(op)
}

impl Parser<'_> {
    fn peek_punct(&self) -> Option<&str> {
        self.toks
            .get(self.pos)
            .filter(|t| t.kind == Kind::Punct)
            .map(|t| &*t.text)
    }

    fn eat(&mut self, p: &str) -> bool {
        if self.peek_punct() == Some(p) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn enter(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err("#if expression nested too deeply".into());
        }
        Ok(())
    }

    fn comma(&mut self, ev: bool) -> R<Val> {
        let mut v = self.cond(ev)?;
        while self.eat(",") {
            v = self.cond(ev)?;
        }
        Ok(v)
    }

    fn cond(&mut self, ev: bool) -> R<Val> {
        let c = self.binary(0, ev)?;
        if !self.eat("?") {
            return Ok(c);
        }
        self.enter()?;
        let a = self.comma(ev && c.truth())?;
        if !self.eat(":") {
            return Err("'?' without following ':' in #if".into());
        }
        let b = self.cond(ev && !c.truth())?;
        self.depth -= 1;
        // The usual arithmetic conversions apply to the two arms.
        let unsigned = a.unsigned || b.unsigned;
        let r = if c.truth() { a } else { b };
        Ok(Val { v: r.v, unsigned })
    }

    /// Precedence climbing over the left-associative binary operators.
    fn binary(&mut self, min: u8, ev: bool) -> R<Val> {
        let mut lhs = self.unary(ev)?;
        while let Some(op) = self.peek_punct().map(str::to_owned) {
            let Some(prec) = binary_prec(&op) else { break };
            if prec <= min {
                break;
            }
            self.pos += 1;
            let rhs_ev = match op.as_str() {
                "&&" => ev && lhs.truth(),
                "||" => ev && !lhs.truth(),
                _ => ev,
            };
            let rhs = self.binary(prec, rhs_ev)?;
            lhs = apply(&op, lhs, rhs, ev)?;
        }
        Ok(lhs)
    }

    fn unary(&mut self, ev: bool) -> R<Val> {
        let Some(t) = self.toks.get(self.pos) else {
            return Err("#if expression ends unexpectedly".into());
        };
        self.pos += 1;
        match t.kind {
            Kind::Punct => {
                let op = t.text.clone();
                match &*op {
                    "(" => {
                        self.enter()?;
                        let v = self.comma(ev)?;
                        if !self.eat(")") {
                            return Err("missing ')' in #if expression".into());
                        }
                        self.depth -= 1;
                        Ok(v)
                    }
                    "+" | "-" | "~" | "!" => {
                        self.enter()?;
                        let v = self.unary(ev)?;
                        self.depth -= 1;
                        Ok(match &*op {
                            "+" => v,
                            "-" => Val {
                                v: v.v.wrapping_neg(),
                                ..v
                            },
                            "~" => Val { v: !v.v, ..v },
                            _ => Val::int(i64::from(!v.truth())),
                        })
                    }
                    _ => Err(format!("token \"{op}\" is not valid in #if expression")),
                }
            }
            Kind::Number => number(&t.text),
            Kind::Char => char_value(&t.text),
            Kind::Ident if &*t.text == "defined" => {
                let paren = self.eat("(");
                let name = match self.toks.get(self.pos) {
                    Some(n) if n.kind == Kind::Ident => n.text.clone(),
                    _ => return Err("operator \"defined\" requires an identifier".into()),
                };
                self.pos += 1;
                if paren && !self.eat(")") {
                    return Err("missing ')' after \"defined\"".into());
                }
                Ok(Val::int(i64::from((self.is_defined)(&name))))
            }
            // C11 6.10.1p4: remaining identifiers are replaced by 0.
            Kind::Ident => Ok(Val::int(0)),
            _ => Err(format!(
                "token \"{}\" is not valid in #if expression",
                t.text
            )),
        }
    }
}

fn apply(op: &str, a: Val, b: Val, ev: bool) -> R<Val> {
    let unsigned = a.unsigned || b.unsigned;
    let bool_val = |x: bool| Val::int(i64::from(x));
    let arith = |v: u64| Val { v, unsigned };
    Ok(match op {
        "*" => arith(a.v.wrapping_mul(b.v)),
        "/" | "%" => {
            if b.v == 0 {
                if ev {
                    return Err("division by zero in #if".into());
                }
                return Ok(arith(0));
            }
            let v = match (op, unsigned) {
                ("/", true) => a.v / b.v,
                ("/", false) => a.signed().wrapping_div(b.signed()) as u64,
                (_, true) => a.v % b.v,
                _ => a.signed().wrapping_rem(b.signed()) as u64,
            };
            arith(v)
        }
        "+" => arith(a.v.wrapping_add(b.v)),
        "-" => arith(a.v.wrapping_sub(b.v)),
        // Shifts keep the left operand's type; out-of-range counts give 0 (or the sign) instead
        // of Rust's overflow panic.
        "<<" | ">>" => {
            // A negative (signed) count shifts the other way, as in gcc; an unsigned one is
            // just large.
            let negative = !b.unsigned && b.signed() < 0;
            let left = (op == "<<") != negative;
            let n = if negative {
                b.signed().unsigned_abs()
            } else {
                b.v
            };
            let v = if left {
                if n >= 64 {
                    0
                } else {
                    a.v << n
                }
            } else if a.unsigned {
                if n >= 64 {
                    0
                } else {
                    a.v >> n
                }
            } else {
                (a.signed() >> n.min(63)) as u64
            };
            Val {
                v,
                unsigned: a.unsigned,
            }
        }
        "<" | ">" | "<=" | ">=" => {
            let ord = if unsigned {
                a.v.cmp(&b.v)
            } else {
                a.signed().cmp(&b.signed())
            };
            bool_val(match op {
                "<" => ord.is_lt(),
                ">" => ord.is_gt(),
                "<=" => ord.is_le(),
                _ => ord.is_ge(),
            })
        }
        "==" => bool_val(a.v == b.v),
        "!=" => bool_val(a.v != b.v),
        "&" => arith(a.v & b.v),
        "^" => arith(a.v ^ b.v),
        "|" => arith(a.v | b.v),
        "&&" => bool_val(a.truth() && b.truth()),
        _ => bool_val(a.truth() || b.truth()),
    })
}

/// An integer constant with optional `u`/`l`/`ll` suffixes (decimal, hex, octal, binary).
fn number(s: &str) -> R<Val> {
    let lower = s.to_ascii_lowercase();
    let (digits, radix) = if let Some(h) = lower.strip_prefix("0x") {
        (h, 16)
    } else if let Some(b) = lower.strip_prefix("0b") {
        (b, 2)
    } else if lower.starts_with('0') && lower.len() > 1 {
        (&lower[1..], 8)
    } else {
        (lower.as_str(), 10)
    };
    let split = digits
        .find(|c: char| !c.is_digit(radix))
        .unwrap_or(digits.len());
    let (num, suffix) = digits.split_at(split);
    let suffix_ok = matches!(suffix, "" | "u" | "l" | "ul" | "lu" | "ll" | "ull" | "llu");
    if !suffix_ok || (num.is_empty() && radix != 8) {
        if radix == 10 && (s.contains('.') || lower.contains('e'))
            || radix == 16 && lower.contains('p')
        {
            return Err("floating constant in preprocessor expression".into());
        }
        return Err(format!("invalid integer constant \"{s}\" in #if"));
    }
    let v = if num.is_empty() {
        0
    } else {
        u64::from_str_radix(num, radix)
            .map_err(|_| format!("integer constant \"{s}\" is too large"))?
    };
    // A constant that does not fit intmax_t is unsigned (with a warning in gcc).
    let unsigned = suffix.contains('u') || v > i64::MAX as u64;
    Ok(Val { v, unsigned })
}

/// A character constant's value as `int` (plain `char` is signed; multi-character constants
/// combine bytes big-endian, like gcc).
fn char_value(s: &str) -> R<Val> {
    let body = s
        .trim_start_matches(['L', 'u', 'U', '8'])
        .strip_prefix('\'')
        .and_then(|b| b.strip_suffix('\''))
        .ok_or_else(|| format!("malformed character constant {s}"))?;
    let bytes = body.as_bytes();
    let mut vals: Vec<u32> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        i += 1;
        if c != b'\\' {
            vals.push(u32::from(c));
            continue;
        }
        let Some(&e) = bytes.get(i) else {
            return Err(format!("malformed character constant {s}"));
        };
        i += 1;
        let v = match e {
            b'n' => 10,
            b't' => 9,
            b'r' => 13,
            b'a' => 7,
            b'b' => 8,
            b'f' => 12,
            b'v' => 11,
            b'e' => 27,
            b'0'..=b'7' => {
                let mut v = u32::from(e - b'0');
                let mut n = 1;
                while n < 3 && i < bytes.len() && (b'0'..=b'7').contains(&bytes[i]) {
                    v = v * 8 + u32::from(bytes[i] - b'0');
                    i += 1;
                    n += 1;
                }
                v
            }
            b'x' => {
                let mut v: u32 = 0;
                while i < bytes.len() && bytes[i].is_ascii_hexdigit() {
                    v = v
                        .wrapping_mul(16)
                        .wrapping_add(char::from(bytes[i]).to_digit(16).unwrap_or(0));
                    i += 1;
                }
                v
            }
            other => u32::from(other),
        };
        vals.push(v);
    }
    match vals.as_slice() {
        [] => Err("empty character constant in #if".into()),
        [v] => Ok(Val::int(i64::from(*v as u8 as i8))),
        many => {
            let mut acc: u32 = 0;
            for v in many {
                acc = (acc << 8) | (v & 0xff);
            }
            Ok(Val::int(i64::from(acc as i32)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(src: &str) -> Result<bool, String> {
        let toks = crate::tests_support::ptoks(src);
        eval(&toks, &|n| n == "FOO")
    }

    #[test]
    fn arithmetic_and_precedence() {
        assert_eq!(ev("1 + 2 * 3 == 7"), Ok(true));
        assert_eq!(ev("(1 + 2) * 3 == 9"), Ok(true));
        assert_eq!(ev("1 << 4 == 16 && 256 >> 4 == 0x10"), Ok(true));
        assert_eq!(ev("-1 < 0"), Ok(true));
        assert_eq!(ev("-1 < 0u"), Ok(false));
        assert_eq!(ev("010 == 8 && 0x1fUL == 31 && 0b101 == 5"), Ok(true));
        assert_eq!(ev("'a' == 97 && '\\n' == 10 && '\\xff' == -1"), Ok(true));
        assert_eq!(ev("1 ? 2 : 0"), Ok(true));
        assert_eq!(ev("0 ? 2 : 0"), Ok(false));
        assert_eq!(
            ev("~0 == -1 && !0 && 7 % 4 == 3 && (5 ^ 1) == 4 && (6 & 3 | 8) == 10"),
            Ok(true)
        );
        assert_eq!(ev("UNKNOWN == 0"), Ok(true));
        assert_eq!(ev("defined FOO && defined(FOO) && !defined BAR"), Ok(true));
        assert_eq!(ev("18446744073709551615 == -1"), Ok(true));
        assert_eq!(ev("1 << 99"), Ok(false));
    }

    #[test]
    fn errors() {
        assert!(ev("1 / 0").unwrap_err().contains("division by zero"));
        assert!(ev("1 % 0").unwrap_err().contains("division by zero"));
        // Unevaluated operands may divide by zero.
        assert_eq!(ev("0 && 1 / 0"), Ok(false));
        assert_eq!(ev("1 || 1 / 0"), Ok(true));
        assert_eq!(ev("1 ? 1 : 1 / 0"), Ok(true));
        assert!(ev("(1").is_err());
        assert!(ev("1 2").is_err());
        assert!(ev("1.5").unwrap_err().contains("floating"));
        assert!(ev("\"s\"").is_err());
        assert!(ev("").is_err());
        assert!(ev(&"(".repeat(10_000)).is_err());
    }
}
