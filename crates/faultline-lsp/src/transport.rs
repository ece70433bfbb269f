//! Our own framing layer in front of tower-lsp-server's transport.
//!
//! tower-lsp-server 0.23 reads stdin through a `FramedRead`, which ends the stream at its
//! first decode error: one truncated JSON body, a `[]`, a `"jsonrpc": "1.0"` or a bad header
//! and the server exits. Every message therefore passes through [`Framer`] (Content-Length
//! framing that resynchronises on the next `Content-Length` after a bad header) and
//! [`check`] (the JSON-RPC shape tower-lsp-server accepts) first. A bad message is answered
//! here with a JSON-RPC error (-32700 parse error, -32600 invalid request; id null when it
//! cannot be known) and dropped; only well-formed messages reach the inner server, re-framed.
//!
//! Besides, this layer answers what tower-lsp-server gets wrong: a `$/…` request it does not
//! know gets MethodNotFound (tower-lsp-server answers none), and it tracks `shutdown` / `exit`
//! so that `exit` without `shutdown` ends the process with code 1, as the spec asks.

use serde_json::{json, Value};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::sync::mpsc;

/// Headers longer than this are garbage (real ones are ~25 bytes).
pub const MAX_HEADER: usize = 8 * 1024;
/// Bodies longer than this are read past, not kept (a 50 MB document still fits; the
/// document-size cap is applied later, per document).
pub const MAX_BODY: usize = 128 << 20;

const PARSE_ERROR: i64 = -32700;
const INVALID_REQUEST: i64 = -32600;
const METHOD_NOT_FOUND: i64 = -32601;

/// One framed unit read from the input.
#[derive(Debug, PartialEq, Eq)]
pub enum Frame {
    /// A body (not yet checked).
    Body(Vec<u8>),
    /// Bytes that were no header (or a header without a usable Content-Length): skipped up to
    /// the next `Content-Length`.
    BadHeader,
    /// A body longer than [`MAX_BODY`], skipped unread (its length).
    TooLarge(usize),
}

/// Content-Length framing over any reader, tolerant of garbage.
pub struct Framer<R> {
    reader: R,
    buf: Vec<u8>,
    eof: bool,
    /// Skipping garbage: looking for the next `Content-Length`.
    resync: bool,
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Where a header block ends (`\r\n\r\n`, or `\n\n` from sloppy clients) and its length.
fn header_end(buf: &[u8]) -> Option<(usize, usize)> {
    let crlf = find(buf, b"\r\n\r\n").map(|i| (i, i + 4));
    let lf = find(buf, b"\n\n").map(|i| (i, i + 2));
    match (crlf, lf) {
        (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
        (a, b) => a.or(b),
    }
}

/// The Content-Length of a header block, if it has exactly one usable one.
fn content_length(header: &[u8]) -> Option<usize> {
    let text = std::str::from_utf8(header).ok()?;
    let mut length = None;
    for line in text.split('\n') {
        let line = line.trim_end_matches('\r');
        if line.is_empty() {
            continue;
        }
        let (name, value) = line.split_once(':')?;
        let name = name.trim();
        if name.eq_ignore_ascii_case("content-length") {
            let v: usize = value.trim().parse().ok()?;
            if length.replace(v).is_some() {
                return None;
            }
        } else if name.is_empty() || !name.bytes().all(|b| b.is_ascii_graphic()) {
            // Not a header line (other headers are ignored, as the base protocol allows).
            return None;
        }
    }
    length
}

impl<R: AsyncRead + Unpin> Framer<R> {
    pub fn new(reader: R) -> Self {
        Framer {
            reader,
            buf: Vec::new(),
            eof: false,
            resync: false,
        }
    }

    /// Read more input; false at end of input.
    async fn fill(&mut self) -> std::io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        let mut chunk = [0u8; 64 * 1024];
        let n = self.reader.read(&mut chunk).await?;
        if n == 0 {
            self.eof = true;
            return Ok(false);
        }
        self.buf.extend_from_slice(&chunk[..n]);
        Ok(true)
    }

    /// Drop garbage up to the next `Content-Length` (at least one byte, so this progresses);
    /// keeps a tail that may be the start of one.
    fn skip_to_next_header(&mut self) {
        const KEY: &[u8] = b"Content-Length";
        match find(&self.buf[1.min(self.buf.len())..], KEY) {
            Some(i) => {
                self.buf.drain(..i + 1);
                self.resync = false;
            }
            None => {
                let keep = (KEY.len() - 1).min(self.buf.len());
                let cut = self.buf.len() - keep;
                self.buf.drain(..cut.max(1.min(self.buf.len())));
                self.resync = true;
            }
        }
    }

    /// The next frame, or None at the end of input.
    pub async fn next(&mut self) -> std::io::Result<Option<Frame>> {
        loop {
            if self.resync {
                // Still skipping garbage from a bad header reported already.
                if let Some(i) = find(&self.buf, b"Content-Length") {
                    self.buf.drain(..i);
                    self.resync = false;
                } else {
                    let keep = 13.min(self.buf.len());
                    self.buf.drain(..self.buf.len() - keep);
                    if !self.fill().await? {
                        return Ok(None);
                    }
                    continue;
                }
            }
            // Blank lines between messages are tolerated.
            let blank = self
                .buf
                .iter()
                .take_while(|b| matches!(b, b'\r' | b'\n'))
                .count();
            self.buf.drain(..blank);
            let Some((end, body_start)) = header_end(&self.buf) else {
                if self.buf.len() > MAX_HEADER {
                    self.skip_to_next_header();
                    return Ok(Some(Frame::BadHeader));
                }
                if !self.fill().await? {
                    // A partial header at the end of input: nothing more will come.
                    return Ok(None);
                }
                continue;
            };
            if end > MAX_HEADER {
                self.skip_to_next_header();
                return Ok(Some(Frame::BadHeader));
            }
            let Some(length) = content_length(&self.buf[..end]) else {
                self.skip_to_next_header();
                return Ok(Some(Frame::BadHeader));
            };
            self.buf.drain(..body_start);
            if length > MAX_BODY {
                // Read past the body without keeping it.
                let mut left = length;
                loop {
                    let n = left.min(self.buf.len());
                    self.buf.drain(..n);
                    left -= n;
                    if left == 0 || !self.fill().await? {
                        break;
                    }
                }
                return Ok(Some(Frame::TooLarge(length)));
            }
            while self.buf.len() < length {
                if !self.fill().await? {
                    return Ok(None);
                }
            }
            let rest = self.buf.split_off(length);
            let body = std::mem::replace(&mut self.buf, rest);
            return Ok(Some(Frame::Body(body)));
        }
    }
}

/// What to do with one framed body.
#[derive(Debug, PartialEq)]
pub enum Verdict {
    /// Hand it to the server. `method` for requests and notifications.
    Forward {
        method: Option<String>,
        id: Option<Value>,
    },
    /// Answer this error response and drop the message.
    Reject(Value),
    /// Drop it silently (a malformed response to one of our requests, an unknown `$/`
    /// notification): nothing may answer a response or a notification.
    Drop,
}

/// A JSON-RPC error response.
pub fn error_response(id: Value, code: i64, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

/// An id tower-lsp-server accepts: a string, an integer that fits i64, or null.
fn valid_id(id: &Value) -> bool {
    id.is_string() || id.as_i64().is_some() || id.is_null()
}

/// The `$/` methods the server handles (the rest: requests get MethodNotFound, notifications
/// are ignored as the spec allows).
const KNOWN_DOLLAR: &[&str] = &["$/cancelRequest", "$/setTrace"];

/// Check one body against JSON-RPC 2.0 as tower-lsp-server decodes it (a message it would fail
/// to decode ends its transport, so none may pass).
pub fn check(body: &[u8]) -> Verdict {
    let Ok(text) = std::str::from_utf8(body) else {
        return Verdict::Reject(error_response(
            Value::Null,
            PARSE_ERROR,
            "parse error: the message is not valid UTF-8",
        ));
    };
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            return Verdict::Reject(error_response(
                Value::Null,
                PARSE_ERROR,
                &format!("parse error: {e}"),
            ))
        }
    };
    let Value::Object(map) = &value else {
        let what = match value {
            Value::Array(_) => "batches are not supported by the language server protocol",
            _ => "a message must be a JSON object",
        };
        return Verdict::Reject(error_response(
            Value::Null,
            INVALID_REQUEST,
            &format!("invalid request: {what}"),
        ));
    };
    let id = map.get("id");
    let id_ok = id.is_none_or(valid_id);
    let answer_id = id.filter(|i| valid_id(i)).cloned().unwrap_or(Value::Null);
    let invalid = |why: &str| {
        Verdict::Reject(error_response(
            answer_id.clone(),
            INVALID_REQUEST,
            &format!("invalid request: {why}"),
        ))
    };
    if map.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return invalid("\"jsonrpc\" must be \"2.0\"");
    }
    // tower-lsp-server tries a response first (untagged), then a request.
    if map.contains_key("result") || map.contains_key("error") {
        let error_ok = map.contains_key("result")
            || map.get("error").is_some_and(|e| {
                e.get("code").and_then(Value::as_i64).is_some()
                    && e.get("message").is_some_and(Value::is_string)
            });
        if id.is_some_and(valid_id) && error_ok {
            return Verdict::Forward {
                method: None,
                id: id.cloned(),
            };
        }
        if map.contains_key("method") {
            // Not a response: judged as a request below.
        } else {
            // A malformed response to a request of ours: nobody to answer.
            return Verdict::Drop;
        }
    }
    let Some(method) = map.get("method") else {
        return invalid("no \"method\"");
    };
    let Some(method) = method.as_str() else {
        return invalid("\"method\" must be a string");
    };
    if !id_ok {
        return invalid("\"id\" must be a string or an integer");
    }
    if method.starts_with("$/") && !KNOWN_DOLLAR.contains(&method) {
        return match id {
            Some(id) => Verdict::Reject(error_response(
                id.clone(),
                METHOD_NOT_FOUND,
                &format!("method not found: {method}"),
            )),
            None => Verdict::Drop,
        };
    }
    Verdict::Forward {
        method: Some(method.to_string()),
        id: id.cloned(),
    }
}

fn framed(body: &[u8]) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

/// How the session ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ending {
    pub shutdown: bool,
    pub exit: bool,
}

impl Ending {
    /// The process exit code the spec asks for: 0 after `shutdown`, 1 otherwise.
    pub fn code(self) -> i32 {
        if self.shutdown {
            0
        } else {
            1
        }
    }
}

/// Read `input`, forward well-formed messages to `server` (re-framed), answer bad ones on
/// `out`. Returns at `exit` or at the end of the input.
pub async fn filter<I, S>(input: I, mut server: S, out: mpsc::Sender<Vec<u8>>) -> Ending
where
    I: AsyncRead + Unpin,
    S: AsyncWrite + Unpin,
{
    let mut framer = Framer::new(input);
    let mut ending = Ending::default();
    loop {
        let frame = match framer.next().await {
            Ok(Some(f)) => f,
            Ok(None) | Err(_) => break,
        };
        let reply = match frame {
            Frame::BadHeader => Some(error_response(
                Value::Null,
                PARSE_ERROR,
                "parse error: bad message header (skipped to the next Content-Length)",
            )),
            Frame::TooLarge(n) => Some(error_response(
                Value::Null,
                INVALID_REQUEST,
                &format!(
                    "invalid request: message of {n} bytes is larger than the limit ({MAX_BODY} bytes)"
                ),
            )),
            Frame::Body(body) => match check(&body) {
                Verdict::Forward { method, id } => {
                    match method.as_deref() {
                        Some("shutdown") if id.is_some() => ending.shutdown = true,
                        Some("exit") if id.is_none() => ending.exit = true,
                        _ => {}
                    }
                    if server.write_all(&framed(&body)).await.is_err()
                        || server.flush().await.is_err()
                    {
                        break;
                    }
                    if ending.exit {
                        break;
                    }
                    None
                }
                Verdict::Reject(reply) => Some(reply),
                Verdict::Drop => None,
            },
        };
        if let Some(reply) = reply {
            let bytes = serde_json::to_vec(&reply).unwrap_or_default();
            if out.send(bytes).await.is_err() {
                break;
            }
        }
    }
    let _ = server.shutdown().await;
    ending
}

/// Copy the inner server's framed output into `out`, message by message (so that our own
/// error responses never land inside one of its messages).
pub async fn pump<R: AsyncRead + Unpin>(from: R, out: mpsc::Sender<Vec<u8>>) {
    let mut framer = Framer::new(from);
    while let Ok(Some(frame)) = framer.next().await {
        if let Frame::Body(body) = frame {
            if out.send(body).await.is_err() {
                return;
            }
        }
    }
}

/// Write every body from `rx` to `output`, framed.
pub async fn write_all<O: AsyncWrite + Unpin>(mut rx: mpsc::Receiver<Vec<u8>>, mut output: O) {
    while let Some(body) = rx.recv().await {
        if output.write_all(&framed(&body)).await.is_err() || output.flush().await.is_err() {
            // The client is gone; keep draining so the senders never block.
            while rx.recv().await.is_some() {}
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8]) -> Vec<Frame> {
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        rt.block_on(async {
            let mut f = Framer::new(input);
            let mut out = Vec::new();
            while let Some(frame) = f.next().await.unwrap() {
                out.push(frame);
            }
            out
        })
    }

    fn body(s: &str) -> Frame {
        Frame::Body(s.as_bytes().to_vec())
    }

    #[test]
    fn framing_resynchronises_after_garbage() {
        let input = b"Content-Length: 2\r\n\r\n{}garbage\r\nContent-Length: 3\r\n\r\n[1]\
                      Content-Length: x\r\n\r\nzzzContent-Length: 1\r\n\r\n1";
        assert_eq!(
            frames(input),
            [
                body("{}"),
                Frame::BadHeader,
                body("[1]"),
                Frame::BadHeader,
                body("1")
            ]
        );
        // A header of endless garbage is dropped, not buffered.
        let mut big = vec![b'x'; 3 * MAX_HEADER];
        big.extend_from_slice(b"Content-Length: 2\r\n\r\nok");
        assert_eq!(frames(&big), [Frame::BadHeader, body("ok")]);
        // Content-Type is allowed, a truncated body at the end is no message.
        let ct = b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: 2\r\n\r\n{}\
                   Content-Length: 10\r\n\r\n{";
        assert_eq!(frames(ct), [body("{}")]);
    }

    #[test]
    fn oversized_bodies_are_skipped_unread() {
        let mut input = format!("Content-Length: {}\r\n\r\n", MAX_BODY + 1).into_bytes();
        input.resize(input.len() + MAX_BODY + 1, b' ');
        input.extend_from_slice(b"Content-Length: 2\r\n\r\n{}");
        assert_eq!(frames(&input), [Frame::TooLarge(MAX_BODY + 1), body("{}")]);
    }

    fn code(v: Verdict) -> (i64, Value) {
        match v {
            Verdict::Reject(r) => (r["error"]["code"].as_i64().unwrap(), r["id"].clone()),
            other => panic!("not rejected: {other:?}"),
        }
    }

    #[test]
    fn malformed_bodies_are_rejected_with_the_right_code() {
        let cases: &[(&[u8], i64, Value)] = &[
            (
                br#"{"jsonrpc":"2.0","id":1,"method":"#,
                PARSE_ERROR,
                Value::Null,
            ),
            (b"\xff\xfe{}", PARSE_ERROR, Value::Null),
            (b"", PARSE_ERROR, Value::Null),
            (b"[]", INVALID_REQUEST, Value::Null),
            (b"null", INVALID_REQUEST, Value::Null),
            (
                br#"[{"jsonrpc":"2.0","id":1,"method":"shutdown"}]"#,
                INVALID_REQUEST,
                Value::Null,
            ),
            (
                br#"{"jsonrpc":"1.0","id":7,"method":"shutdown"}"#,
                INVALID_REQUEST,
                json!(7),
            ),
            (
                br#"{"jsonrpc":"2.0","id":[1],"method":"shutdown"}"#,
                INVALID_REQUEST,
                Value::Null,
            ),
            (
                br#"{"jsonrpc":"2.0","id":1.5,"method":"shutdown"}"#,
                INVALID_REQUEST,
                Value::Null,
            ),
            (
                br#"{"jsonrpc":"2.0","id":"a","method":3}"#,
                INVALID_REQUEST,
                json!("a"),
            ),
            (br#"{"jsonrpc":"2.0","id":2}"#, INVALID_REQUEST, json!(2)),
            (
                br#"{"jsonrpc":"2.0","id":3,"method":"$/unknown"}"#,
                METHOD_NOT_FOUND,
                json!(3),
            ),
        ];
        for (body, want, id) in cases {
            assert_eq!(
                code(check(body)),
                (*want, id.clone()),
                "{}",
                String::from_utf8_lossy(body)
            );
        }
        assert_eq!(
            check(br#"{"jsonrpc":"2.0","method":"$/unknown"}"#),
            Verdict::Drop
        );
        assert_eq!(
            check(br#"{"jsonrpc":"2.0","id":1,"error":{"code":"x"}}"#),
            Verdict::Drop
        );
    }

    /// Whatever [`check`] forwards, tower-lsp-server decodes (as a response or a request):
    /// otherwise its transport would stop.
    #[test]
    fn forwarded_messages_decode_in_tower_lsp_server() {
        use tower_lsp_server::jsonrpc::{Request, Response};
        let samples = [
            r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#,
            r#"{"jsonrpc":"2.0","id":"x","method":"shutdown"}"#,
            r#"{"jsonrpc":"2.0","id":null,"method":"shutdown"}"#,
            r#"{"jsonrpc":"2.0","method":"exit"}"#,
            r#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#,
            r#"{"jsonrpc":"2.0","id":4,"result":null}"#,
            r#"{"jsonrpc":"2.0","id":4,"error":{"code":-1,"message":"m"}}"#,
            r#"{"jsonrpc":"2.0","id":4,"method":"x","error":{"code":"bad"}}"#,
        ];
        for s in samples {
            let Verdict::Forward { .. } = check(s.as_bytes()) else {
                panic!("{s} is well-formed");
            };
            let v: Value = serde_json::from_str(s).unwrap();
            assert!(
                serde_json::from_value::<Response>(v.clone()).is_ok()
                    || serde_json::from_value::<Request>(v).is_ok(),
                "{s}"
            );
        }
    }
}
