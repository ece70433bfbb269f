//! Macro expansion: substitution and rescanning, following Prosser's algorithm (the one cpp
//! implements): each token carries a hide set of macros it must not re-expand, which is what stops
//! `#define a a + 1` from recursing, while `#define f(x) x` / `#define g f` / `g(1)` still works
//! because rescanning may read the rest of the input (`More`) for a function-like macro's
//! arguments.

use faultline_ir::{SourceFiles, Span};

use crate::lexer::Kind;
use crate::macros::{Macro, Macros};
use crate::token::{lex_detached, HideSet, PTok};

/// Bound on tokens processed for one translation unit: exponential macros stop here.
pub const MAX_STEPS: u64 = 4_000_000;
/// Bound on tokens waiting to be rescanned (memory for wide, deep macro trees).
pub const MAX_PENDING: usize = 1_000_000;
/// Bound on argument pre-expansion nesting (`f(f(f(…)))`): keeps the recursion's stack small.
pub const MAX_DEPTH: u32 = 200;

/// Expansion hit a resource limit; the message says which. Expansion of the translation unit
/// stops (its output would be meaningless anyway).
#[derive(Debug)]
pub struct Abort(pub Span, pub String);

/// The input after the tokens being rescanned: the rest of the current file, or nothing.
pub trait More {
    /// Is the next significant token `(`? (Must not consume anything.)
    fn peek_lparen(&mut self) -> bool;
    fn next(&mut self) -> Option<PTok>;
}

pub struct NoMore;

impl More for NoMore {
    fn peek_lparen(&mut self) -> bool {
        false
    }
    fn next(&mut self) -> Option<PTok> {
        None
    }
}

pub struct Engine<'a> {
    pub macros: &'a Macros,
    pub files: &'a SourceFiles,
    pub errors: &'a mut Vec<(Span, String)>,
    pub steps: &'a mut u64,
}

impl Engine<'_> {
    /// Expand the tokens of `pending` (stored reversed: the next token is last), reading further
    /// input from `more` only for the arguments of a trailing function-like macro.
    pub fn run(
        &mut self,
        pending: &mut Vec<PTok>,
        more: &mut dyn More,
        out: &mut Vec<PTok>,
        depth: u32,
    ) -> Result<(), Abort> {
        while let Some(tok) = pending.pop() {
            *self.steps += 1;
            if *self.steps > MAX_STEPS {
                return Err(Abort(tok.span, "macro expansion is too large".into()));
            }
            if pending.len() > MAX_PENDING {
                return Err(Abort(tok.span, "macro expansion is too large".into()));
            }
            if tok.kind == Kind::Ident {
                if let Some(mut result) = self.expand_one(&tok, pending, more, depth)? {
                    result.reverse();
                    pending.append(&mut result);
                    continue;
                }
            }
            out.push(tok);
        }
        Ok(())
    }

    /// Expand everything in `toks` with no further input (arguments, `#if`, `#include`).
    pub fn expand_list(&mut self, toks: Vec<PTok>, depth: u32) -> Result<Vec<PTok>, Abort> {
        let mut pending = toks;
        pending.reverse();
        let mut out = Vec::new();
        self.run(&mut pending, &mut NoMore, &mut out, depth)?;
        Ok(out)
    }

    /// The replacement of macro invocation `name`, or `None` when it is not one.
    fn expand_one(
        &mut self,
        name: &PTok,
        pending: &mut Vec<PTok>,
        more: &mut dyn More,
        depth: u32,
    ) -> Result<Option<Vec<PTok>>, Abort> {
        match &*name.text {
            "__LINE__" => {
                let line = self
                    .files
                    .get(name.span.file)
                    .line_col(name.span.start)
                    .line;
                let mut t = PTok::synthetic(Kind::Number, &line.to_string(), name.span);
                t.space = name.space;
                return Ok(Some(vec![t]));
            }
            "__FILE__" => {
                let path = &self.files.get(name.span.file).path;
                let mut t = PTok::synthetic(Kind::Str, &quote(path), name.span);
                t.space = name.space;
                return Ok(Some(vec![t]));
            }
            _ => {}
        }
        let Some(m) = self.macros.get(&name.text) else {
            return Ok(None);
        };
        if name.hide.contains(m.id) {
            return Ok(None);
        }
        let Some(params) = &m.params else {
            let hide = name.hide.with(m.id);
            let mut body = self.substitute(m, &[], name.span, depth)?;
            finish(&mut body, name, &hide);
            return Ok(Some(body));
        };
        // A function-like macro name not followed by `(` is an ordinary identifier.
        let lparen = match pending.last() {
            Some(t) => t.is_punct("("),
            None => more.peek_lparen(),
        };
        if !lparen {
            return Ok(None);
        }
        let mut next = |pending: &mut Vec<PTok>| pending.pop().or_else(|| more.next());
        next(pending); // the `(`
        let n = params.len();
        let mut args: Vec<Vec<PTok>> = vec![Vec::new()];
        let mut level = 0u32;
        let rparen = loop {
            let Some(t) = next(pending) else {
                self.errors.push((
                    name.span,
                    format!(
                        "unterminated argument list invoking macro \"{}\"",
                        name.text
                    ),
                ));
                return Ok(Some(Vec::new()));
            };
            // Arguments count toward the budget too: collecting them is work a macro can
            // multiply without rescanning anything.
            *self.steps += 1;
            if *self.steps > MAX_STEPS {
                return Err(Abort(name.span, "macro expansion is too large".into()));
            }
            if t.is_punct(")") && level == 0 {
                break t;
            }
            if t.is_punct("(") {
                level += 1;
            } else if t.is_punct(")") {
                level -= 1;
            } else if t.is_punct(",") && level == 0 && !(m.variadic && args.len() == n) {
                args.push(Vec::new());
                continue;
            }
            if let Some(a) = args.last_mut() {
                a.push(t);
            }
        };
        let use_site = if rparen.span.file == name.span.file && rparen.span.end >= name.span.start {
            Span::new(
                name.span.file,
                name.span.start,
                rparen.span.end.max(name.span.end),
            )
        } else {
            name.span
        };
        // `f()` passes no arguments to a macro with no parameters.
        if n == 0 && args.len() == 1 && args[0].is_empty() {
            args.clear();
        }
        if m.variadic && args.len() + 1 == n {
            args.push(Vec::new());
        }
        if args.len() != n {
            let msg = if args.len() < n {
                format!(
                    "macro \"{}\" requires {} arguments, but only {} given",
                    name.text,
                    n,
                    args.len()
                )
            } else {
                format!(
                    "macro \"{}\" passed {} arguments, but takes just {}",
                    name.text,
                    args.len(),
                    n
                )
            };
            self.errors.push((use_site, msg));
            return Ok(Some(Vec::new()));
        }
        for a in &mut args {
            if let Some(f) = a.first_mut() {
                f.space = false;
            }
        }
        let hide = name.hide.intersect(&rparen.hide).with(m.id);
        let mut body = self.substitute(m, &args, use_site, depth)?;
        finish(&mut body, name, &hide);
        Ok(Some(body))
    }

    /// The replacement list with parameters substituted (C11 6.10.3.1-3). Body tokens map to
    /// `use_site`; argument tokens keep their own origin.
    fn substitute(
        &mut self,
        m: &Macro,
        args: &[Vec<PTok>],
        use_site: Span,
        depth: u32,
    ) -> Result<Vec<PTok>, Abort> {
        let mut expanded: Vec<Option<Vec<PTok>>> = vec![None; args.len()];
        let mut res: Vec<PTok> = Vec::with_capacity(m.body.len());
        let body = &m.body;
        let param_of = |t: &PTok| match t.kind {
            Kind::Param(i) => args.get(usize::from(i)),
            _ => None,
        };
        let placemarker = || PTok::synthetic(Kind::Placemarker, "", use_site);
        let mut i = 0;
        while i < body.len() {
            // Each argument is bounded by MAX_STEPS, but a body may use it many times.
            if res.len() > MAX_PENDING {
                return Err(Abort(use_site, "macro expansion is too large".into()));
            }
            let t = &body[i];
            if m.params.is_some() && t.is_punct("#") {
                if let Some(arg) = body.get(i + 1).and_then(param_of) {
                    let mut s = PTok::synthetic(Kind::Str, &stringify(arg), use_site);
                    s.space = t.space;
                    res.push(s);
                    i += 2;
                    continue;
                }
            }
            if t.is_punct("##") && i + 1 < body.len() {
                // `a ## ## b` pastes a and b, as in gcc.
                while body.get(i + 1).is_some_and(|n| n.is_punct("##")) && i + 2 < body.len() {
                    i += 1;
                }
                let rhs_tok = &body[i + 1];
                i += 2;
                let rhs: Vec<PTok> = match param_of(rhs_tok) {
                    Some(a) => a.clone(),
                    None => vec![body_tok(rhs_tok, use_site)],
                };
                // GNU: `, ## __VA_ARGS__` drops the comma when the variable arguments are empty
                // and pastes nothing otherwise.
                let is_va = m.variadic
                    && matches!(rhs_tok.kind, Kind::Param(p) if usize::from(p) + 1 == args.len());
                if is_va && res.last().is_some_and(|l| l.is_punct(",")) {
                    if rhs.is_empty() {
                        res.pop();
                    }
                    let mut rhs = rhs;
                    if let Some(f) = rhs.first_mut() {
                        f.space = rhs_tok.space;
                    }
                    res.extend(rhs);
                    continue;
                }
                let Some(lhs) = res.pop() else {
                    res.extend(rhs);
                    continue;
                };
                let mut rhs = rhs.into_iter();
                match rhs.next() {
                    None => res.push(lhs),
                    Some(r) if lhs.kind == Kind::Placemarker => res.push(r),
                    Some(r) => {
                        let pasted = format!("{}{}", lhs.text, r.text);
                        let mut toks = lex_detached(&pasted, use_site);
                        if toks.len() != 1 {
                            self.errors.push((
                                use_site,
                                format!(
                                    "pasting \"{}\" and \"{}\" does not give a valid preprocessing token",
                                    lhs.text, r.text
                                ),
                            ));
                        }
                        if let Some(f) = toks.first_mut() {
                            f.space = lhs.space;
                        }
                        res.extend(toks);
                    }
                }
                res.extend(rhs);
                continue;
            }
            if let Some(arg) = param_of(t) {
                let Kind::Param(p) = t.kind else { continue };
                let p = usize::from(p);
                let before_paste = body.get(i + 1).is_some_and(|n| n.is_punct("##"));
                let mut toks = if before_paste {
                    if arg.is_empty() {
                        vec![placemarker()]
                    } else {
                        arg.clone()
                    }
                } else {
                    if expanded[p].is_none() {
                        if depth >= MAX_DEPTH {
                            return Err(Abort(
                                use_site,
                                "macro arguments nested too deeply".into(),
                            ));
                        }
                        expanded[p] = Some(self.expand_list(arg.clone(), depth + 1)?);
                    }
                    expanded[p].clone().unwrap_or_default()
                };
                if let Some(f) = toks.first_mut() {
                    f.space = t.space;
                }
                res.extend(toks);
                i += 1;
                continue;
            }
            res.push(body_tok(t, use_site));
            i += 1;
        }
        res.retain(|t| t.kind != Kind::Placemarker);
        Ok(res)
    }
}

fn body_tok(t: &PTok, use_site: Span) -> PTok {
    let mut b = t.clone();
    b.span = use_site;
    b.exact = false;
    b
}

/// Give the result of expanding `name` its hide set and `name`'s leading space.
fn finish(body: &mut [PTok], name: &PTok, hide: &HideSet) {
    for t in body.iter_mut() {
        t.hide = t.hide.union(hide);
    }
    if let Some(f) = body.first_mut() {
        f.space = name.space;
    }
}

/// `#x`: the argument's spelling as a string literal (C11 6.10.3.2).
fn stringify(arg: &[PTok]) -> String {
    let mut s = String::from("\"");
    for (i, t) in arg.iter().enumerate() {
        if i > 0 && t.space {
            s.push(' ');
        }
        if matches!(t.kind, Kind::Str | Kind::Char) {
            for c in t.text.chars() {
                if c == '"' || c == '\\' {
                    s.push('\\');
                }
                s.push(c);
            }
        } else {
            s.push_str(&t.text);
        }
    }
    s.push('"');
    s
}

/// A C string literal spelling `s`.
pub fn quote(s: &str) -> String {
    let mut q = String::from("\"");
    for c in s.chars() {
        match c {
            '"' | '\\' => {
                q.push('\\');
                q.push(c);
            }
            '\n' => q.push_str("\\n"),
            _ => q.push(c),
        }
    }
    q.push('"');
    q
}
