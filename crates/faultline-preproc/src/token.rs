//! Owned tokens as they flow through macro expansion.

use std::rc::Rc;

use faultline_ir::{FileId, Span};

use crate::lexer::{lex, tok_text, Kind, RawTok};

/// The set of macros a token must not re-expand ("blue paint", Prosser's hide sets): sorted
/// macro-name ids, shared between the tokens of one expansion.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HideSet(Option<Rc<Vec<u32>>>);

impl HideSet {
    pub fn contains(&self, id: u32) -> bool {
        self.0
            .as_ref()
            .is_some_and(|v| v.binary_search(&id).is_ok())
    }

    pub fn with(&self, id: u32) -> HideSet {
        self.union(&HideSet(Some(Rc::new(vec![id]))))
    }

    pub fn union(&self, other: &HideSet) -> HideSet {
        match (&self.0, &other.0) {
            (None, _) => other.clone(),
            (_, None) => self.clone(),
            (Some(a), Some(b)) => {
                if Rc::ptr_eq(a, b) || b.iter().all(|x| a.binary_search(x).is_ok()) {
                    return self.clone();
                }
                let mut v: Vec<u32> = a.iter().chain(b.iter()).copied().collect();
                v.sort_unstable();
                v.dedup();
                HideSet(Some(Rc::new(v)))
            }
        }
    }

    pub fn intersect(&self, other: &HideSet) -> HideSet {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) => {
                if Rc::ptr_eq(a, b) {
                    return self.clone();
                }
                let v: Vec<u32> = a
                    .iter()
                    .copied()
                    .filter(|x| b.binary_search(x).is_ok())
                    .collect();
                HideSet((!v.is_empty()).then(|| Rc::new(v)))
            }
            _ => HideSet(None),
        }
    }
}

/// A preprocessing token with its spelling and origin.
#[derive(Clone, Debug)]
pub struct PTok {
    pub kind: Kind,
    pub text: Rc<str>,
    /// Whitespace preceded it (expansions print one space there).
    pub space: bool,
    /// Where it maps in an original file: its own position for source tokens, the outermost
    /// macro use site for tokens a macro produced.
    pub span: Span,
    /// `text` is verbatim source at `span` (so offsets inside it map linearly).
    pub exact: bool,
    pub hide: HideSet,
}

impl PTok {
    pub fn is(&self, kind: Kind, text: &str) -> bool {
        self.kind == kind && &*self.text == text
    }

    pub fn is_punct(&self, text: &str) -> bool {
        self.is(Kind::Punct, text)
    }

    pub fn synthetic(kind: Kind, text: &str, span: Span) -> PTok {
        PTok {
            kind,
            text: text.into(),
            space: false,
            span,
            exact: false,
            hide: HideSet::default(),
        }
    }

    /// A token read from `src` (file `file`).
    pub fn from_raw(src: &str, file: FileId, t: &RawTok, space: bool) -> PTok {
        let text = tok_text(src, t.start, t.end);
        PTok {
            kind: t.kind,
            exact: text.len() == t.end.saturating_sub(t.start) as usize,
            text: text.as_ref().into(),
            space,
            span: Span::new(file, t.start, t.end),
            hide: HideSet::default(),
        }
    }
}

/// The significant tokens of `raw` (whitespace folded into `space` flags).
pub fn significant(src: &str, file: FileId, raw: &[RawTok]) -> Vec<PTok> {
    let mut out = Vec::new();
    let mut space = false;
    for t in raw {
        match t.kind {
            Kind::Ws | Kind::Newline => space = true,
            _ => {
                out.push(PTok::from_raw(src, file, t, space));
                space = false;
            }
        }
    }
    out
}

/// Lex a string that is not part of any file (pasted tokens, predefined macros), giving every
/// token the origin `span`.
pub fn lex_detached(s: &str, span: Span) -> Vec<PTok> {
    let (raw, _) = lex(s);
    let mut toks = significant(s, span.file, &raw);
    for t in &mut toks {
        t.span = span;
        t.exact = false;
    }
    toks
}
