//! Integer, character and string literals (C11 6.4.4, 6.4.5).

use faultline_ir::IntKind;
use tree_sitter::Node;

use crate::ctx::{Lowerer, Res};

impl<'a> Lowerer<'a> {
    /// An integer literal's value and type: decimal literals take the first of `int`, `long`,
    /// `long long` that holds them; hex and octal ones may also be unsigned (C11 6.4.4.1p5).
    pub(crate) fn number(&mut self, node: Node) -> Res<(i128, IntKind)> {
        let text = self.text(node).replace('\'', "");
        // tree-sitter-c folds a leading sign into the literal; C reads `-1` as `-(1)`, typed by
        // the magnitude (the operand is at least `int`, so no promotion is involved).
        let (negative, unsigned_text) = match text.strip_prefix('-') {
            Some(rest) => (true, rest.trim_start()),
            None => (false, text.strip_prefix('+').unwrap_or(&text).trim_start()),
        };
        let lower = unsigned_text.to_ascii_lowercase();
        let (radix, digits) = if let Some(h) = lower.strip_prefix("0x") {
            (16, h)
        } else if let Some(b) = lower.strip_prefix("0b") {
            (2, b)
        } else if lower.len() > 1 && lower.starts_with('0') {
            (8, &lower[1..])
        } else {
            (10, lower.as_str())
        };
        let is_float = if radix == 16 {
            digits.contains('.') || digits.contains('p')
        } else {
            digits.contains('.') || digits.contains('e') || digits.ends_with('f')
        };
        if is_float {
            return self.float_literal(node, negative, &lower);
        }
        let end = digits
            .find(|c: char| !c.is_digit(radix))
            .unwrap_or(digits.len());
        let (num, suffix) = digits.split_at(end);
        let (unsigned, longs) = match suffix {
            "" => (false, 0),
            "u" => (true, 0),
            "l" => (false, 1),
            "ul" | "lu" => (true, 1),
            "ll" => (false, 2),
            "ull" | "llu" => (true, 2),
            _ => {
                return Err(self.semantic(node, format!("invalid integer literal `{text}`")));
            }
        };
        if num.is_empty() && radix != 8 {
            return Err(self.semantic(node, format!("invalid integer literal `{text}`")));
        }
        let value = if num.is_empty() {
            Some(0)
        } else {
            u128::from_str_radix(num, radix).ok()
        };
        let Some(value) = value.filter(|v| *v <= u64::MAX as u128) else {
            return Err(self.semantic(node, "integer literal is too large"));
        };
        let value = value as i128;
        use IntKind::*;
        let candidates: &[IntKind] = match (radix == 10, unsigned, longs) {
            (true, false, 0) => &[Int, Long, LongLong],
            (true, false, 1) => &[Long, LongLong],
            (true, false, _) => &[LongLong],
            (false, false, 0) => &[Int, UInt, Long, ULong, LongLong, ULongLong],
            (false, false, 1) => &[Long, ULong, LongLong, ULongLong],
            (false, false, _) => &[LongLong, ULongLong],
            (_, true, 0) => &[UInt, ULong, ULongLong],
            (_, true, 1) => &[ULong, ULongLong],
            (_, true, _) => &[ULongLong],
        };
        match candidates.iter().find(|k| k.contains(value)) {
            Some(k) if negative => Ok((k.wrap(-value), *k)),
            Some(k) => Ok((value, *k)),
            None => Err(self.semantic(node, "integer literal is too large for its type")),
        }
    }

    /// A floating constant (C11 6.4.4.2): decimal (`1.`, `.5`, `1e-3`) or hexadecimal
    /// (`0x1.8p3`), `double` unless suffixed `f` (`float`); `l` (`long double`) is unsupported.
    /// The value is rounded to nearest even in its type directly (`1.1f` is the `float`
    /// nearest 1.1, not the `double` nearest 1.1 rounded again), as gcc does.
    fn float_literal(&mut self, node: Node, negative: bool, lower: &str) -> Res<(i128, IntKind)> {
        let hex = lower.starts_with("0x");
        // In a decimal literal `f` can only be the suffix; in a hex one the exponent `p…` comes
        // first, so a trailing `f` after it is the suffix too (`0x1p3f`).
        let (body, kind) = if let Some(b) = lower.strip_suffix('l') {
            let _ = b;
            return Err(self.unsupported(node, "long double (80-bit extended)"));
        } else if let Some(b) = lower
            .strip_suffix('f')
            .filter(|_| !hex || lower.contains('p'))
        {
            (b, IntKind::Float)
        } else {
            (lower, IntKind::Double)
        };
        let bits = if let Some(h) = body.strip_prefix("0x") {
            if !h.contains('p') {
                return Err(
                    self.semantic(node, "hexadecimal floating constant requires an exponent")
                );
            }
            faultline_ir::float::parse_hex(h, kind)
        } else if kind == IntKind::Float {
            body.parse::<f32>().ok().map(faultline_ir::float::f32_bits)
        } else {
            body.parse::<f64>().ok().map(faultline_ir::float::f64_bits)
        };
        let Some(bits) = bits else {
            let text = self.text(node).to_string();
            return Err(self.semantic(node, format!("invalid floating constant `{text}`")));
        };
        let bits = if negative {
            bits ^ (1i128 << (kind.bits() - 1))
        } else {
            bits
        };
        Ok((bits, kind))
    }

    /// A character constant: type `int`, value of the `char` (signed on x86-64).
    pub(crate) fn char_literal(&mut self, node: Node) -> Res<i128> {
        let text = self.text(node);
        if !text.starts_with('\'') {
            return Err(self.unsupported(node, "wide character literals"));
        }
        let bytes = self.literal_bytes(node)?;
        match bytes.as_slice() {
            [b] => Ok(IntKind::Char.wrap(*b as i128)),
            [] => Err(self.semantic(node, "empty character constant")),
            _ => Err(self.unsupported(node, "multi-character constants")),
        }
    }

    /// The bytes of a string literal or of adjacent literals (without the terminating NUL).
    pub(crate) fn string_bytes(&mut self, node: Node) -> Res<Vec<u8>> {
        match node.kind() {
            "concatenated_string" => {
                let mut out = Vec::new();
                let mut c = node.walk();
                let parts: Vec<Node> = node.named_children(&mut c).collect();
                for p in parts {
                    if p.kind() != "string_literal" {
                        return Err(self.unsupported(p, "macro in string concatenation"));
                    }
                    out.extend(self.string_bytes(p)?);
                }
                Ok(out)
            }
            _ => {
                if !self.text(node).starts_with('"') {
                    return Err(self.unsupported(node, "wide string literals"));
                }
                self.literal_bytes(node)
            }
        }
    }

    /// Decode the content and escape sequences of a character or string literal.
    fn literal_bytes(&mut self, node: Node) -> Res<Vec<u8>> {
        let mut out = Vec::new();
        let mut c = node.walk();
        let parts: Vec<Node> = node.named_children(&mut c).collect();
        for p in parts {
            let t = self.text(p);
            match p.kind() {
                "escape_sequence" => out.push(self.escape(p, t)?),
                _ => out.extend_from_slice(t.as_bytes()),
            }
        }
        Ok(out)
    }

    fn escape(&mut self, node: Node, t: &str) -> Res<u8> {
        let body = t.get(1..).unwrap_or("");
        let b = match body {
            "n" => b'\n',
            "t" => b'\t',
            "r" => b'\r',
            "a" => 7,
            "b" => 8,
            "f" => 12,
            "v" => 11,
            "\\" => b'\\',
            "'" => b'\'',
            "\"" => b'"',
            "?" => b'?',
            _ => {
                let v = if let Some(h) = body.strip_prefix('x') {
                    u32::from_str_radix(h, 16).ok()
                } else if !body.is_empty() && body.bytes().all(|c| (b'0'..=b'7').contains(&c)) {
                    u32::from_str_radix(body, 8).ok()
                } else {
                    None
                };
                match v {
                    Some(v) if v <= 255 => v as u8,
                    Some(_) => {
                        return Err(self.semantic(node, "escape sequence out of range"));
                    }
                    None => {
                        return Err(self.unsupported(node, format!("escape sequence `{t}`")));
                    }
                }
            }
        };
        Ok(b)
    }
}
