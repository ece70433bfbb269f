//! The expanded text under construction and its map back to original files.
//!
//! Every output byte belongs to exactly one segment. A *linear* segment is verbatim source text
//! (pass-through, or a macro argument copied from the invocation), so offsets inside it map one to
//! one. A non-linear segment (a token produced by a macro body, a pasted or stringified token) maps
//! as a whole to its origin span: the macro's outermost use site.

use faultline_ir::{FileId, Span};

use crate::lexer::would_paste;
use crate::PTok;

/// Hard cap on the expanded text: a bound on memory for pathological macro or include use.
pub const MAX_OUTPUT: usize = 16 << 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Seg {
    out_start: u32,
    out_end: u32,
    file: FileId,
    src_start: u32,
    src_end: u32,
    linear: bool,
}

#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    segs: Vec<Seg>,
}

impl SourceMap {
    fn push(&mut self, seg: Seg) {
        if seg.out_end <= seg.out_start {
            return;
        }
        // Merge contiguous verbatim text so pass-through stays a handful of segments.
        if let Some(last) = self.segs.last_mut() {
            if seg.linear
                && last.linear
                && last.file == seg.file
                && last.out_end == seg.out_start
                && last.src_end == seg.src_start
            {
                last.out_end = seg.out_end;
                last.src_end = seg.src_end;
                return;
            }
        }
        self.segs.push(seg);
    }

    /// Index of the segment holding output byte `pos` (the last one for `pos` at the end).
    fn find(&self, pos: u32) -> usize {
        let i = self.segs.partition_point(|s| s.out_start <= pos);
        i.saturating_sub(1)
    }

    fn map_start(s: &Seg, pos: u32) -> u32 {
        if s.linear {
            (s.src_start + pos.saturating_sub(s.out_start)).min(s.src_end)
        } else {
            s.src_start
        }
    }

    fn map_end(s: &Seg, pos: u32) -> u32 {
        if s.linear {
            (s.src_start + pos.saturating_sub(s.out_start)).clamp(s.src_start, s.src_end)
        } else {
            s.src_end
        }
    }

    /// See [`crate::Preprocessed::span`].
    pub fn span(&self, text_len: usize, start: usize, end: usize) -> Span {
        if self.segs.is_empty() {
            return Span::new(FileId(0), 0, 0);
        }
        let len = text_len.min(u32::MAX as usize) as u32;
        let start = start.min(len as usize) as u32;
        let end = (end.min(len as usize) as u32).max(start);
        let ss = &self.segs[self.find(start)];
        let ms = Self::map_start(ss, start);
        if end == start {
            return Span::new(ss.file, ms, ms);
        }
        let es = &self.segs[self.find(end - 1)];
        let me = Self::map_end(es, end);
        if es.file == ss.file && me >= ms {
            Span::new(ss.file, ms, me)
        } else {
            Span::new(ss.file, ms, ss.src_end.max(ms))
        }
    }
}

/// The output text and map, with the small state needed to keep tokens apart.
#[derive(Default)]
pub struct Out {
    pub text: String,
    pub map: SourceMap,
    /// The last thing emitted was a macro-produced token: the next verbatim text may need a
    /// separating space so two tokens do not fuse (`-NEG` with `NEG` = `-1` must not be `--1`).
    after_token: bool,
    /// Set once the text reached [`MAX_OUTPUT`]; nothing more is appended.
    pub overflow: bool,
}

impl Out {
    fn room(&mut self, n: usize) -> bool {
        if self.text.len() + n > MAX_OUTPUT {
            self.overflow = true;
        }
        !self.overflow
    }

    fn append(&mut self, s: &str, file: FileId, src_start: u32, src_end: u32, linear: bool) {
        if s.is_empty() || !self.room(s.len()) {
            return;
        }
        let out_start = self.text.len() as u32;
        self.text.push_str(s);
        self.map.push(Seg {
            out_start,
            out_end: self.text.len() as u32,
            file,
            src_start,
            src_end,
            linear,
        });
    }

    fn separate(&mut self, next: &str, file: FileId, at: u32, end: u32) {
        if let (Some(&p), Some(&n)) = (self.text.as_bytes().last(), next.as_bytes().first()) {
            if would_paste(p, n) {
                self.append(" ", file, at, end, false);
            }
        }
    }

    /// Verbatim source text `src` found at `start` in `file`.
    pub fn source(&mut self, file: FileId, src: &str, start: u32) {
        if self.after_token {
            self.after_token = false;
            self.separate(src, file, start, start);
        }
        self.append(src, file, start, start + src.len() as u32, true);
    }

    /// Source text `src[start..end]` of `file` spelled as `text` (its line splices removed):
    /// mapped as a whole to its span.
    pub fn spliced(&mut self, file: FileId, text: &str, start: u32, end: u32) {
        if self.after_token {
            self.after_token = false;
            self.separate(text, file, start, start);
        }
        self.append(text, file, start, end, false);
    }

    /// A synthesized newline (directive lines, lines joined by a multi-line invocation, the end
    /// of an included file) mapped to the empty span at `at`.
    pub fn newline(&mut self, file: FileId, at: u32) {
        self.after_token = false;
        self.append("\n", file, at, at, false);
    }

    /// A token of a macro expansion.
    pub fn token(&mut self, t: &PTok) {
        let sp = t.span;
        let linear = t.exact && sp.end.saturating_sub(sp.start) as usize == t.text.len();
        // A space belongs to the token after it: for macro-produced tokens it maps to the whole
        // use site (so a range starting or ending on it still covers the use site), for verbatim
        // ones to the empty span before the token.
        let space_end = if linear { sp.start } else { sp.end };
        if t.space {
            self.append(" ", sp.file, sp.start, space_end, false);
        } else {
            self.separate(&t.text, sp.file, sp.start, space_end);
        }
        self.append(&t.text, sp.file, sp.start, sp.end, linear);
        self.after_token = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linear_segments_merge_and_map() {
        let mut o = Out::default();
        o.source(FileId(0), "abc", 0);
        o.source(FileId(0), "def", 3);
        assert_eq!(o.map.segs.len(), 1);
        assert_eq!(o.map.span(6, 1, 4), Span::new(FileId(0), 1, 4));
        // Out of range clamps.
        assert_eq!(o.map.span(6, 99, 3), Span::new(FileId(0), 6, 6));
    }

    #[test]
    fn empty_map_is_safe() {
        let m = SourceMap::default();
        assert_eq!(m.span(0, 5, 1), Span::new(FileId(0), 0, 0));
    }
}
