//! Positions: LSP speaks UTF-16 code units per line, the IR speaks 1-based lines and byte
//! columns, tree-sitter speaks bytes. One index per text converts between them; every
//! conversion clamps instead of failing, because an editor may send a position past the end of a
//! line or of the file (a stale or malformed edit must never crash the server).

use tower_lsp_server::ls_types::{Position, Range};

/// Line starts of one text, for conversions.
#[derive(Clone, Debug)]
pub struct LineIndex {
    /// Byte offset of the start of each line; the first is 0.
    starts: Vec<usize>,
    len: usize,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex {
            starts,
            len: text.len(),
        }
    }

    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// Byte range of line `line` (0-based) without its line terminator; None past the end.
    fn line_bounds(&self, text: &str, line: usize) -> Option<(usize, usize)> {
        let start = *self.starts.get(line)?;
        let mut end = self.starts.get(line + 1).map_or(self.len, |&s| s - 1);
        if end > start && text.as_bytes().get(end - 1) == Some(&b'\r') {
            end -= 1;
        }
        Some((start, end.max(start)))
    }

    /// The byte offset of an LSP position in `text`: a line past the end maps to the end of the
    /// text, a character past the end of its line to the end of the line, and a position inside
    /// a surrogate pair to the start of its character.
    pub fn offset(&self, text: &str, pos: Position) -> usize {
        let Some((start, end)) = self.line_bounds(text, pos.line as usize) else {
            return self.len;
        };
        let mut units = 0u32;
        for (i, c) in text[start..end].char_indices() {
            let next = units + c.len_utf16() as u32;
            if next > pos.character {
                return start + i;
            }
            units = next;
        }
        end
    }

    /// The LSP position of a byte offset (clamped to the text, snapped to a char boundary).
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let mut offset = offset.min(self.len);
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let character = text[start..offset].encode_utf16().count() as u32;
        Position::new(line as u32, character)
    }

    /// The LSP position of the IR's 1-based line and 1-based byte column.
    pub fn from_line_col(&self, text: &str, line: u32, column: u32) -> Position {
        self.position(text, self.byte_offset(line, column))
    }

    /// The byte offset of the IR's 1-based line and byte column (clamped to the text).
    pub fn byte_offset(&self, line: u32, column: u32) -> usize {
        let line0 = line.saturating_sub(1) as usize;
        let Some(&start) = self.starts.get(line0) else {
            return self.len;
        };
        let next = self.starts.get(line0 + 1).copied().unwrap_or(self.len);
        (start + column.saturating_sub(1) as usize).min(next)
    }

    /// The LSP range of 1-based IR line/column bounds.
    pub fn range(&self, text: &str, start: (u32, u32), end: (u32, u32)) -> Range {
        Range::new(
            self.from_line_col(text, start.0, start.1),
            self.from_line_col(text, end.0, end.1),
        )
    }

    /// The tree-sitter point (row, byte column) of a byte offset.
    pub fn point(&self, offset: usize) -> tree_sitter::Point {
        let offset = offset.min(self.len);
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        tree_sitter::Point::new(line, offset - self.starts[line])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_columns_round_trip() {
        // 'é' is 2 bytes / 1 unit, '😀' is 4 bytes / 2 units.
        let text = "int a; // é😀x\nb\r\nc";
        let idx = LineIndex::new(text);
        let x = text.find('x').unwrap();
        let pos = idx.position(text, x);
        assert_eq!(pos, Position::new(0, 13));
        assert_eq!(idx.offset(text, pos), x);
        // Inside the surrogate pair: the start of the emoji.
        assert_eq!(
            idx.offset(text, Position::new(0, 12)),
            text.find('😀').unwrap()
        );
    }

    #[test]
    fn out_of_range_positions_clamp() {
        let text = "ab\r\ncd\n";
        let idx = LineIndex::new(text);
        assert_eq!(idx.offset(text, Position::new(0, 99)), 2, "before \\r\\n");
        assert_eq!(idx.offset(text, Position::new(1, 99)), 6);
        assert_eq!(idx.offset(text, Position::new(2, 0)), 7);
        assert_eq!(idx.offset(text, Position::new(99, 99)), text.len());
        assert_eq!(idx.position(text, 1000), Position::new(2, 0));
    }

    #[test]
    fn ir_columns_are_bytes() {
        let text = "é = 1;\nx = 2;\n";
        let idx = LineIndex::new(text);
        // Byte column 4 of line 1 is the '=' (after the 2-byte 'é' and a space).
        assert_eq!(idx.from_line_col(text, 1, 4), Position::new(0, 2));
        assert_eq!(idx.from_line_col(text, 2, 1), Position::new(1, 0));
        assert_eq!(idx.from_line_col(text, 9, 1), Position::new(2, 0));
    }
}
