//! The LSP base protocol's framing (`Content-Length: N\r\n\r\n` then N bytes of JSON), shared
//! by the language server's in-process client (`support::Client`, async) and the command
//! line's tests of `faultline lsp` on stdio (blocking; included with `#[path]`).
#![allow(dead_code)] // each test file uses the half it needs

use std::io::BufRead;

/// `body` framed as one message.
pub fn frame(body: &[u8]) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

/// A message's header block, read line by line.
#[derive(Default)]
pub struct Header {
    length: Option<usize>,
}

impl Header {
    /// Takes one header line as read (its line ending included); true when it is the empty
    /// line that ends the header.
    pub fn line(&mut self, line: &str) -> bool {
        let line = line.trim_end();
        if let Some(v) = line.strip_prefix("Content-Length: ") {
            self.length = v.parse::<usize>().ok();
        }
        line.is_empty()
    }

    /// The body's length (a message without one is a failed test).
    pub fn length(&self) -> usize {
        self.length.expect("Content-Length header")
    }
}

/// Reads one message from a blocking stream; `None` when the stream ended.
pub fn read_message(out: &mut impl BufRead) -> Option<serde_json::Value> {
    let mut header = Header::default();
    loop {
        let mut line = String::new();
        if out.read_line(&mut line).ok()? == 0 {
            return None;
        }
        if header.line(&line) {
            break;
        }
    }
    let mut body = vec![0; header.length()];
    out.read_exact(&mut body).ok()?;
    Some(serde_json::from_slice(&body).expect("the server sends JSON"))
}
