//! The line-by-line walk over each file: directives, conditional skipping, includes, and
//! handing macro invocations in text lines to the expansion engine.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use std::sync::Arc;

use faultline_ir::{FileId, SourceFile, SourceFiles, Span};

use crate::expand::{Abort, Engine, More};
use crate::headers::std_header_macros;
use crate::lexer::{lex, tok_text, Kind, RawTok};
use crate::macros::Macros;
use crate::map::{Out, MAX_OUTPUT};
use crate::path::resolve_include;
use crate::token::{lex_detached, significant, PTok};
use crate::{FileLoader, ReadError};

/// `#include` nesting limit (gcc's is 200; cycles without guards must fail fast, not hang).
pub const MAX_INCLUDE_DEPTH: u32 = 64;
/// Total `#include`s of local files per translation unit: stops exponential include trees.
pub const MAX_INCLUDES: u32 = 4096;
/// After this many errors the rest is noise; stop.
const MAX_ERRORS: usize = 100;

/// One open `#if` group.
struct Cond {
    /// Lines in the current branch are kept.
    active: bool,
    /// Some branch of the group was (or, when the parent is inactive, counts as) taken.
    taken: bool,
    parent_active: bool,
    seen_else: bool,
    span: Span,
    directive: &'static str,
}

pub struct Driver<'a> {
    loader: &'a dyn FileLoader,
    pub files: SourceFiles,
    pub macros: Macros,
    pub out: Out,
    pub errors: Vec<(Span, String)>,
    pub std_headers: Vec<String>,
    conds: Vec<Cond>,
    /// `conds` below this index belong to including files.
    cond_base: usize,
    once: HashSet<String>,
    /// Each file's tokens and its text with comments blanked (see [`blank_comments`]).
    lexed: HashMap<FileId, (Rc<[RawTok]>, Arc<str>)>,
    steps: u64,
    includes: u32,
    pub aborted: bool,
}

/// The rest of a file after a macro name: where function-like macros read their arguments.
struct FileCursor<'s> {
    src: &'s str,
    toks: &'s [RawTok],
    idx: usize,
    file: FileId,
    /// A `#` starting a line inside macro arguments: cpp would run it as a directive, which we do
    /// not support; remembered to report instead of silently passing it as an argument.
    directive_in_args: Option<Span>,
}

impl FileCursor<'_> {
    fn skip_blank(&self) -> usize {
        let mut j = self.idx;
        while self
            .toks
            .get(j)
            .is_some_and(|t| matches!(t.kind, Kind::Ws | Kind::Newline))
        {
            j += 1;
        }
        j
    }
}

impl More for FileCursor<'_> {
    fn peek_lparen(&mut self) -> bool {
        let j = self.skip_blank();
        self.toks.get(j).is_some_and(|t| {
            t.kind == Kind::Punct && self.src.get(t.start as usize..t.end as usize) == Some("(")
        })
    }

    fn next(&mut self) -> Option<PTok> {
        let j = self.skip_blank();
        let t = self.toks.get(j)?;
        let space = j > self.idx;
        let line_start = self.toks[..j]
            .iter()
            .rev()
            .find(|p| p.kind != Kind::Ws)
            .is_none_or(|p| p.kind == Kind::Newline);
        if line_start
            && t.kind == Kind::Punct
            && self.src.get(t.start as usize..t.end as usize) == Some("#")
            && self.directive_in_args.is_none()
        {
            self.directive_in_args = Some(Span::new(self.file, t.start, t.end));
        }
        self.idx = j + 1;
        Some(PTok::from_raw(self.src, self.file, t, space))
    }
}

impl<'a> Driver<'a> {
    pub fn new(loader: &'a dyn FileLoader) -> Self {
        Driver {
            loader,
            files: SourceFiles::new(),
            macros: Macros::default(),
            out: Out::default(),
            errors: Vec::new(),
            std_headers: Vec::new(),
            conds: Vec::new(),
            cond_base: 0,
            once: HashSet::new(),
            lexed: HashMap::new(),
            steps: 0,
            includes: 0,
            aborted: false,
        }
    }

    pub fn error(&mut self, span: Span, msg: impl Into<String>) {
        self.errors.push((span, msg.into()));
        if self.errors.len() >= MAX_ERRORS {
            self.aborted = true;
        }
    }

    fn active(&self) -> bool {
        self.conds.last().is_none_or(|c| c.active)
    }

    fn engine(&mut self) -> Engine<'_> {
        Engine {
            macros: &self.macros,
            files: &self.files,
            errors: &mut self.errors,
            steps: &mut self.steps,
        }
    }

    fn abort(&mut self, Abort(span, msg): Abort) {
        self.error(span, msg);
        self.aborted = true;
    }

    /// Preprocess one file into `out`.
    pub fn process_file(&mut self, fid: FileId, depth: u32) {
        // A header included many times (no guard) is lexed, and its lexical errors reported, once.
        let (toks, text) = match self.lexed.get(&fid) {
            Some(t) => t.clone(),
            None => {
                let original: Arc<str> = self.files.get(fid).text.clone();
                let (toks, lex_errors) = lex(&original);
                for e in lex_errors {
                    self.error(Span::new(fid, e.start, e.end), e.message);
                }
                let text = blank_comments(&original, &toks);
                let toks: Rc<[RawTok]> = toks.into();
                self.lexed.insert(fid, (toks.clone(), text.clone()));
                (toks, text)
            }
        };
        let src: &str = &text;
        let saved_base = self.cond_base;
        self.cond_base = self.conds.len();
        let mut i = 0;
        while i < toks.len() && !self.aborted {
            let line_start = toks[i].start;
            let mut j = i;
            while toks.get(j).is_some_and(|t| t.kind == Kind::Ws) {
                j += 1;
            }
            let is_directive = toks.get(j).is_some_and(|t| {
                t.kind == Kind::Punct && &src[t.start as usize..t.end as usize] == "#"
            });
            if is_directive || !self.active() {
                let mut e = j;
                while toks.get(e).is_some_and(|t| t.kind != Kind::Newline) {
                    e += 1;
                }
                if is_directive {
                    self.directive(fid, src, &toks[j..e], depth);
                }
                let end = toks.get(e).map_or(src.len(), |t| t.end as usize);
                self.blank(fid, src, line_start as usize, end);
                i = e + 1;
            } else {
                i = self.text_line(fid, src, &toks, i);
            }
            if self.out.overflow && !self.aborted {
                let at = toks
                    .get(i.min(toks.len().saturating_sub(1)))
                    .map_or(0, |t| t.start);
                self.error(
                    Span::new(fid, at, at),
                    format!("preprocessed output exceeds {} MiB", MAX_OUTPUT >> 20),
                );
                self.aborted = true;
            }
        }
        if !self.aborted {
            let open: Vec<(Span, &str)> = self.conds[self.cond_base..]
                .iter()
                .map(|c| (c.span, c.directive))
                .collect();
            for (span, directive) in open {
                self.error(span, format!("unterminated #{directive}"));
            }
        }
        self.conds.truncate(self.cond_base);
        self.cond_base = saved_base;
    }

    /// Keep only the newlines of `src[from..to]` (a directive or skipped line).
    fn blank(&mut self, fid: FileId, src: &str, from: usize, to: usize) {
        let to = to.min(src.len());
        for (p, &b) in src.as_bytes()[from.min(to)..to].iter().enumerate() {
            if b == b'\n' {
                self.out.source(fid, "\n", (from + p) as u32);
            }
        }
    }

    /// Emit an active text line starting at token `i`, expanding macros; returns the index after
    /// the line's newline (a multi-line invocation may take several lines).
    fn text_line(&mut self, fid: FileId, src: &str, toks: &[RawTok], i: usize) -> usize {
        let mut run = toks[i].start as usize;
        let mut k = i;
        // Newlines swallowed by multi-line invocations, re-emitted at the end of the line so the
        // following lines keep their line numbers.
        let mut deferred = 0usize;
        loop {
            let Some(t) = toks.get(k) else {
                self.out.source(fid, &src[run..], run as u32);
                for _ in 0..deferred {
                    self.out.newline(fid, src.len() as u32);
                }
                return k;
            };
            if t.kind == Kind::Newline {
                self.out
                    .source(fid, &src[run..t.start as usize], run as u32);
                for _ in 0..deferred {
                    self.out.newline(fid, t.start);
                }
                self.out.source(fid, "\n", t.start);
                return k + 1;
            }
            // A token (or blank) with a line splice inside (`re\\<newline>turn`): the parser
            // gets its spelling without the splices, mapped to the whole token, and the
            // newlines it swallowed at the end of the line (so later lines keep their numbers).
            if !matches!(t.kind, Kind::Ident | Kind::Ws)
                && src.as_bytes()[t.start as usize..t.end as usize].contains(&b'\\')
            {
                let spelled = tok_text(src, t.start, t.end);
                if let std::borrow::Cow::Owned(spelled) = spelled {
                    self.out
                        .source(fid, &src[run..t.start as usize], run as u32);
                    self.out.spliced(fid, &spelled, t.start, t.end);
                    deferred += src[t.start as usize..t.end as usize].matches('\n').count();
                    run = t.end as usize;
                    k += 1;
                    continue;
                }
            }
            if t.kind == Kind::Ident {
                let name = tok_text(src, t.start, t.end);
                if !self.macros.is_defined(&name) {
                    if let std::borrow::Cow::Owned(spelled) = name {
                        self.out
                            .source(fid, &src[run..t.start as usize], run as u32);
                        self.out.spliced(fid, &spelled, t.start, t.end);
                        deferred += src[t.start as usize..t.end as usize].matches('\n').count();
                        run = t.end as usize;
                        k += 1;
                        continue;
                    }
                }
                if self.macros.is_defined(&name) {
                    self.out
                        .source(fid, &src[run..t.start as usize], run as u32);
                    let mut cursor = FileCursor {
                        src,
                        toks,
                        idx: k + 1,
                        file: fid,
                        directive_in_args: None,
                    };
                    let mut pending = vec![PTok::from_raw(src, fid, t, false)];
                    let mut result = Vec::new();
                    let r = self.engine().run(&mut pending, &mut cursor, &mut result, 0);
                    for tok in &result {
                        self.out.token(tok);
                    }
                    if let Err(a) = r {
                        self.abort(a);
                        return toks.len();
                    }
                    if let Some(at) = cursor.directive_in_args {
                        self.error(
                            at,
                            "preprocessing directives inside macro arguments are not supported",
                        );
                    }
                    let end = toks[cursor.idx - 1].end as usize;
                    deferred += src[t.start as usize..end].matches('\n').count();
                    k = cursor.idx;
                    run = end;
                    continue;
                }
            }
            k += 1;
        }
    }

    fn directive(&mut self, fid: FileId, src: &str, toks: &[RawTok], depth: u32) {
        let Some(last) = toks.iter().rev().find(|t| t.kind != Kind::Ws) else {
            return;
        };
        let dspan = Span::new(fid, toks[0].start, last.end);
        let sig = significant(src, fid, &toks[1..]);
        let Some(name) = sig.first() else {
            return; // the null directive
        };
        let active = self.active();
        let args = &sig[1..];
        let nested_base = self.conds.len() > self.cond_base;
        match (&*name.text, name.kind) {
            ("if", Kind::Ident) => {
                let v = active && self.eval_if(args, dspan);
                self.push_cond(v, active, dspan, "if");
            }
            ("ifdef" | "ifndef", Kind::Ident) => {
                let want = &*name.text == "ifdef";
                let v = if active {
                    match args.first() {
                        Some(m) if m.kind == Kind::Ident => self.macros.is_defined(&m.text) == want,
                        _ => {
                            self.error(
                                dspan,
                                format!("no macro name given in #{} directive", name.text),
                            );
                            false
                        }
                    }
                } else {
                    false
                };
                self.push_cond(v, active, dspan, if want { "ifdef" } else { "ifndef" });
            }
            ("elif", Kind::Ident) => {
                if !nested_base {
                    return self.error(dspan, "#elif without #if");
                }
                let (parent, taken, seen_else) = match self.conds.last() {
                    Some(c) => (c.parent_active, c.taken, c.seen_else),
                    None => return,
                };
                if seen_else {
                    return self.error(dspan, "#elif after #else");
                }
                let v = parent && !taken && self.eval_if(args, dspan);
                if let Some(c) = self.conds.last_mut() {
                    c.active = v;
                    c.taken |= v;
                }
            }
            ("else", Kind::Ident) => {
                if !nested_base {
                    return self.error(dspan, "#else without #if");
                }
                if self.conds.last().is_some_and(|c| c.seen_else) {
                    return self.error(dspan, "#else after #else");
                }
                if let Some(c) = self.conds.last_mut() {
                    c.active = c.parent_active && !c.taken;
                    c.taken = true;
                    c.seen_else = true;
                }
            }
            ("endif", Kind::Ident) => {
                if !nested_base {
                    return self.error(dspan, "#endif without #if");
                }
                self.conds.pop();
            }
            _ if !active => {}
            // `# 33 "file"`: a line marker, as cpp itself writes them.
            (_, Kind::Number) => {}
            ("define", Kind::Ident) => {
                if let Err(m) = self.macros.define(args) {
                    self.error(dspan, m);
                }
            }
            ("undef", Kind::Ident) => match args.first() {
                Some(m) if m.kind == Kind::Ident => {
                    let n = m.text.clone();
                    self.macros.undef(&n);
                }
                _ => self.error(dspan, "no macro name given in #undef directive"),
            },
            ("include", Kind::Ident) => {
                let line_end = toks.last().map_or(dspan.end, |t| t.end);
                self.include(fid, args, (dspan, line_end), depth)
            }
            ("error", Kind::Ident) => {
                let from = name.span.end as usize;
                let msg = src.get(from..dspan.end as usize).unwrap_or("").trim();
                self.error(dspan, format!("#error {msg}"));
            }
            ("pragma", Kind::Ident) => {
                if args.first().is_some_and(|a| &*a.text == "once") {
                    let path = self.files.get(fid).path.clone();
                    self.once.insert(path);
                }
            }
            // Accepted and ignored: diagnostics and line control do not change the program.
            ("warning" | "line" | "ident" | "sccs", Kind::Ident) => {}
            _ => self.error(
                dspan,
                format!("invalid preprocessing directive #{}", name.text),
            ),
        }
    }

    fn push_cond(&mut self, v: bool, parent_active: bool, span: Span, directive: &'static str) {
        self.conds.push(Cond {
            active: v,
            // In a skipped group no branch may become active.
            taken: v || !parent_active,
            parent_active,
            seen_else: false,
            span,
            directive,
        });
    }

    /// Evaluate an `#if`/`#elif` condition; errors count as false.
    fn eval_if(&mut self, args: &[PTok], dspan: Span) -> bool {
        // `defined X` is resolved before expansion so X itself is never expanded.
        let mut toks = Vec::with_capacity(args.len());
        let mut i = 0;
        while i < args.len() {
            let t = &args[i];
            if !t.is(Kind::Ident, "defined") {
                toks.push(t.clone());
                i += 1;
                continue;
            }
            let (name, next) = match (args.get(i + 1), args.get(i + 2), args.get(i + 3)) {
                (Some(n), _, _) if n.kind == Kind::Ident => (n, i + 2),
                (Some(p), Some(n), Some(c))
                    if p.is_punct("(") && n.kind == Kind::Ident && c.is_punct(")") =>
                {
                    (n, i + 4)
                }
                _ => {
                    self.error(dspan, "operator \"defined\" requires an identifier");
                    return false;
                }
            };
            let v = if self.macros.is_defined(&name.text) {
                "1"
            } else {
                "0"
            };
            toks.push(PTok::synthetic(Kind::Number, v, t.span));
            i = next;
        }
        let expanded = match self.engine().expand_list(toks, 0) {
            Ok(e) => e,
            Err(a) => {
                self.abort(a);
                return false;
            }
        };
        let macros = &self.macros;
        match crate::expr::eval(&expanded, &|n| macros.is_defined(n)) {
            Ok(v) => v,
            Err(m) => {
                self.error(dspan, m);
                false
            }
        }
    }

    fn include(&mut self, fid: FileId, args: &[PTok], (dspan, line_end): (Span, u32), depth: u32) {
        // The original text, not the comment-blanked one: `<a//b.h>` has no comment.
        let original = self.files.get(fid).text.clone();
        let Some((name, system)) = self.include_name(&original, args, dspan, line_end) else {
            return;
        };
        if name.is_empty() {
            return self.error(dspan, "empty filename in #include");
        }
        if system {
            return self.include_std(&name, dspan);
        }
        let path = resolve_include(&self.files.get(fid).path, &name);
        if self.once.contains(&path) {
            return;
        }
        if depth + 1 > MAX_INCLUDE_DEPTH {
            return self.error(
                dspan,
                format!("#include nested too deeply (more than {MAX_INCLUDE_DEPTH} levels)"),
            );
        }
        self.includes += 1;
        if self.includes > MAX_INCLUDES {
            self.error(dspan, format!("more than {MAX_INCLUDES} #includes"));
            self.aborted = true;
            return;
        }
        let id = match self.files.find(&path) {
            Some(id) => id,
            None => match self.loader.load(&path) {
                Ok(text) => {
                    let text = crate::normalize_line_ends(&text).into_owned();
                    self.files.add(SourceFile::new(path, text))
                }
                // `#include "stdio.h"` falls back to the system header, as in cpp.
                Err(ReadError::NotFound) if std_header_macros(&name).is_some() => {
                    return self.include_std(&name, dspan);
                }
                Err(ReadError::NotFound) => {
                    return self.error(dspan, format!("cannot open include file \"{name}\""));
                }
                // Names the path and the reason; the file was not read.
                Err(why) => {
                    return self.error(dspan, format!("#include \"{name}\": {why}"));
                }
            },
        };
        self.process_file(id, depth + 1);
        if !self.out.text.is_empty() && !self.out.text.ends_with('\n') {
            let len = self.files.get(id).text.len() as u32;
            self.out.newline(id, len);
        }
    }

    fn quoted_name(&mut self, text: &str, dspan: Span) -> Option<(String, bool)> {
        match text.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
            Some(name) => Some((name.to_string(), false)),
            None => {
                self.error(dspan, "missing terminating \" character");
                None
            }
        }
    }

    /// The header name of an `#include` and whether it is a `<system>` header.
    fn include_name(
        &mut self,
        src: &str,
        args: &[PTok],
        dspan: Span,
        line_end: u32,
    ) -> Option<(String, bool)> {
        let Some(first) = args.first() else {
            self.error(dspan, "#include expects \"FILENAME\" or <FILENAME>");
            return None;
        };
        if first.kind == Kind::Str && first.text.starts_with('"') {
            return self.quoted_name(&first.text, dspan);
        }
        if first.is_punct("<") {
            // A header name is raw text up to `>` (not tokens: `<a//b.h>` has no comment).
            let rest = src
                .get(first.span.end as usize..line_end as usize)
                .unwrap_or("");
            return match rest.find('>') {
                Some(e) => Some((rest[..e].trim().to_string(), true)),
                None => {
                    self.error(dspan, "missing terminating > character");
                    None
                }
            };
        }
        // A computed include: macro-expand, then look again.
        let expanded = match self.engine().expand_list(args.to_vec(), 0) {
            Ok(e) => e,
            Err(a) => {
                self.abort(a);
                return None;
            }
        };
        match expanded.first() {
            Some(t) if t.kind == Kind::Str && t.text.starts_with('"') => {
                let text = t.text.clone();
                self.quoted_name(&text, dspan)
            }
            Some(t) if t.is_punct("<") => {
                let mut name = String::new();
                for (i, t) in expanded[1..].iter().enumerate() {
                    if t.is_punct(">") {
                        return Some((name, true));
                    }
                    if i > 0 && t.space {
                        name.push(' ');
                    }
                    name.push_str(&t.text);
                }
                self.error(dspan, "missing terminating > character");
                None
            }
            _ => {
                self.error(dspan, "#include expects \"FILENAME\" or <FILENAME>");
                None
            }
        }
    }

    fn include_std(&mut self, name: &str, dspan: Span) {
        let Some(defs) = std_header_macros(name) else {
            if crate::headers::OTHER_STD_HEADERS.contains(&name) {
                // A header of the C library Faultline does not model, included out of habit
                // (`<time.h>` in a program that never calls `time`): harmless until one of its
                // names is used, which the lowerer refuses at the use ("unsupported: library
                // function `time` (from <time.h>)"), as gcc would accept the include.
                if !self.std_headers.iter().any(|h| h == name) {
                    self.std_headers.push(name.to_string());
                }
                return;
            }
            return self.error(
                dspan,
                format!(
                    "unsupported: header <{name}> (Faultline models {})",
                    crate::STD_HEADERS.join(", ")
                ),
            );
        };
        for (n, v) in defs {
            let toks = lex_detached(&format!("{n} {v}"), dspan);
            if let Err(m) = self.macros.define(&toks) {
                self.error(dspan, m);
            }
        }
        if !self.std_headers.iter().any(|h| h == name) {
            self.std_headers.push(name.to_string());
        }
    }
}

/// `src` with every comment replaced by spaces, its newlines kept (translation phase 3: a
/// comment is one space). Byte offsets and line numbers are unchanged, so the source map stays
/// linear; and tree-sitter never sees a `comment` node, which it accepts between any two
/// children of any construct (`else /* c */ r = 20;` used to lose the `else` branch). The
/// lexer has already told comments from `//` inside strings: only `Ws` tokens are looked at.
fn blank_comments(src: &Arc<str>, toks: &[RawTok]) -> Arc<str> {
    let b = src.as_bytes();
    // Past any line splices (backslash, optional CR, newline) at `p`.
    let skip = |mut p: usize, end: usize| {
        while p < end && b[p] == b'\\' {
            let q = if b.get(p + 1) == Some(&b'\r') {
                p + 2
            } else {
                p + 1
            };
            if q < end && b[q] == b'\n' {
                p = q + 1;
            } else {
                break;
            }
        }
        p
    };
    let mut out: Option<Vec<u8>> = None;
    for t in toks.iter().filter(|t| t.kind == Kind::Ws) {
        let (mut p, end) = (t.start as usize, t.end as usize);
        if !b[p..end].contains(&b'/') {
            continue;
        }
        while p < end {
            let after = skip(p + 1, end);
            let line = b[p] == b'/' && after < end && b[after] == b'/';
            let block = b[p] == b'/' && after < end && b[after] == b'*';
            if !line && !block {
                p += 1;
                continue;
            }
            // A line comment runs to the end of the token (its newline is the next token); a
            // block comment to its `*/` (the lexer guarantees it is in this token).
            let stop = if line {
                end
            } else {
                let mut q = after + 1;
                loop {
                    if q >= end {
                        break end;
                    }
                    if b[q] == b'*' {
                        let r = skip(q + 1, end);
                        if r < end && b[r] == b'/' {
                            break r + 1;
                        }
                    }
                    q += 1;
                }
            };
            let o = out.get_or_insert_with(|| b.to_vec());
            for c in &mut o[p..stop] {
                if *c != b'\n' {
                    *c = b' ';
                }
            }
            p = stop;
        }
    }
    match out {
        // Only ASCII spaces were written, each over a whole character's bytes: still UTF-8.
        Some(o) => String::from_utf8(o).expect("blanking keeps UTF-8").into(),
        None => src.clone(),
    }
}
