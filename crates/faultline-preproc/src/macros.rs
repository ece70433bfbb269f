//! Macro definitions: parsing `#define` and the macro table.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

use crate::lexer::Kind;
use crate::token::PTok;

/// Parameters are numbered in a `u16` inside body tokens.
const MAX_PARAMS: usize = 4096;

#[derive(Clone, Debug)]
pub struct Macro {
    /// Interned name id, used in hide sets.
    pub id: u32,
    /// `Some` for function-like macros (the last is `__VA_ARGS__` or a GNU named variadic).
    pub params: Option<Vec<Rc<str>>>,
    pub variadic: bool,
    /// Replacement list; parameter references are [`Kind::Param`].
    pub body: Vec<PTok>,
}

/// The macros in scope, with stable ids per name (hide sets must survive `#undef`/redefine).
/// FNV-1a: every identifier of the program is looked up here, and SipHash's DoS resistance buys
/// nothing for a local tool; this keeps plain text well under a microsecond per line.
#[derive(Default)]
pub struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

type FnvMap<K, V> = HashMap<K, V, BuildHasherDefault<Fnv>>;

#[derive(Default)]
pub struct Macros {
    defs: FnvMap<Rc<str>, Macro>,
    ids: FnvMap<Rc<str>, u32>,
}

impl Macros {
    pub fn get(&self, name: &str) -> Option<&Macro> {
        self.defs.get(name)
    }

    pub fn is_defined(&self, name: &str) -> bool {
        self.defs.contains_key(name) || matches!(name, "__LINE__" | "__FILE__")
    }

    pub fn undef(&mut self, name: &str) {
        self.defs.remove(name);
    }

    fn intern(&mut self, name: &Rc<str>) -> u32 {
        let next = self.ids.len() as u32;
        *self.ids.entry(name.clone()).or_insert(next)
    }

    /// Define from the tokens after `#define` (redefinition simply replaces).
    pub fn define(&mut self, toks: &[PTok]) -> Result<(), String> {
        let (name, mut m) = parse_define(toks)?;
        m.id = self.intern(&name);
        self.defs.insert(name, m);
        Ok(())
    }
}

fn parse_define(toks: &[PTok]) -> Result<(Rc<str>, Macro), String> {
    let Some(name) = toks.first() else {
        return Err("no macro name given in #define directive".into());
    };
    if name.kind != Kind::Ident {
        return Err("macro names must be identifiers".into());
    }
    if matches!(&*name.text, "defined" | "__LINE__" | "__FILE__") {
        return Err(format!("\"{}\" cannot be used as a macro name", name.text));
    }
    let mut rest = &toks[1..];
    let mut params = None;
    let mut variadic = false;
    // Function-like only when `(` follows the name with no whitespace (C11 6.10.3p3).
    if rest.first().is_some_and(|t| t.is_punct("(") && !t.space) {
        let mut ps: Vec<Rc<str>> = Vec::new();
        let mut i = 1;
        let mut expect_param = true;
        loop {
            let Some(t) = rest.get(i) else {
                return Err("missing ')' in macro parameter list".into());
            };
            i += 1;
            if ps.len() > MAX_PARAMS {
                return Err(format!("more than {MAX_PARAMS} macro parameters"));
            }
            if t.is_punct(")") {
                if expect_param && !ps.is_empty() {
                    return Err("parameter name missing".into());
                }
                break;
            }
            if variadic {
                return Err("missing ')' after \"...\" in macro parameter list".into());
            }
            if expect_param {
                if t.is_punct("...") {
                    ps.push("__VA_ARGS__".into());
                    variadic = true;
                } else if t.kind == Kind::Ident && &*t.text != "__VA_ARGS__" {
                    if ps.contains(&t.text) {
                        return Err(format!("duplicate macro parameter \"{}\"", t.text));
                    }
                    ps.push(t.text.clone());
                    // GNU named variadic: `args...`.
                    if rest.get(i).is_some_and(|n| n.is_punct("...")) {
                        variadic = true;
                        i += 1;
                    }
                } else {
                    return Err(format!(
                        "\"{}\" may not appear in macro parameter list",
                        t.text
                    ));
                }
                expect_param = false;
            } else if t.is_punct(",") {
                expect_param = true;
            } else {
                return Err("expected ',' or ')' in macro parameter list".into());
            }
        }
        rest = &rest[i..];
        params = Some(ps);
    }
    let mut body: Vec<PTok> = rest.to_vec();
    if let Some(first) = body.first_mut() {
        first.space = false;
    }
    if let Some(ps) = &params {
        for t in &mut body {
            if t.kind == Kind::Ident {
                if let Some(i) = ps.iter().position(|p| *p == t.text) {
                    t.kind = Kind::Param(i as u16);
                }
            }
        }
        for (i, t) in body.iter().enumerate() {
            if t.is_punct("#")
                && !body
                    .get(i + 1)
                    .is_some_and(|n| matches!(n.kind, Kind::Param(_)))
            {
                return Err("'#' is not followed by a macro parameter".into());
            }
        }
    }
    if body.first().is_some_and(|t| t.is_punct("##"))
        || body.last().is_some_and(|t| t.is_punct("##"))
    {
        return Err("'##' cannot appear at either end of a macro expansion".into());
    }
    Ok((
        name.text.clone(),
        Macro {
            id: 0,
            params,
            variadic,
            body,
        },
    ))
}
