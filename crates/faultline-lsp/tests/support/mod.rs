//! An in-process LSP client: the server runs on one end of a tokio duplex pipe, this client on
//! the other, speaking real JSON-RPC with Content-Length framing (the same bytes an editor
//! sends). Server-to-client requests (progress creation, configuration, refreshes) are
//! answered automatically; notifications are kept for the test to wait on.
#![allow(dead_code)]

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::io::DuplexStream;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader, WriteHalf};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver};
use tokio::task::JoinHandle;

pub mod frame;

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("repository root")
}

pub fn uri_of(rel: &str) -> String {
    format!("file://{}", repo_root().join(rel).display())
}

/// A notification with the time it arrived.
#[derive(Clone, Debug)]
pub struct Received {
    pub at: Instant,
    pub msg: Value,
}

pub struct Client {
    writer: WriteHalf<DuplexStream>,
    rx: UnboundedReceiver<Value>,
    next_id: i64,
    /// Notifications not yet consumed by `wait_for`.
    queue: VecDeque<Received>,
    /// Every notification received, in order.
    pub log: Vec<Received>,
    /// Server-to-client requests received (method names), in order.
    pub server_requests: Vec<String>,
    /// What `workspace/configuration` answers (per requested item).
    pub configuration: Value,
    pub server: JoinHandle<i32>,
}

impl Client {
    /// Start a server and initialize it with these client capabilities and options.
    pub async fn start(capabilities: Value, initialization_options: Value) -> Client {
        Client::start_in(capabilities, initialization_options, Value::Null).await
    }

    /// [`Client::start`] with these workspace folders (`[{uri, name}]`, or null).
    pub async fn start_in(
        capabilities: Value,
        initialization_options: Value,
        workspace_folders: Value,
    ) -> Client {
        let (client_end, server_end) = tokio::io::duplex(1 << 20);
        let (server_read, server_write) = tokio::io::split(server_end);
        let server = tokio::spawn(faultline_lsp::serve(server_read, server_write));
        let (client_read, writer) = tokio::io::split(client_end);
        let (tx, rx) = unbounded_channel();
        tokio::spawn(async move {
            let mut reader = BufReader::new(client_read);
            loop {
                let mut header = frame::Header::default();
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).await.unwrap_or(0) == 0 {
                        return;
                    }
                    if header.line(&line) {
                        break;
                    }
                }
                let mut body = vec![0; header.length()];
                if reader.read_exact(&mut body).await.is_err() {
                    return;
                }
                let msg: Value = serde_json::from_slice(&body).expect("server sends JSON");
                if tx.send(msg).is_err() {
                    return;
                }
            }
        });
        let mut client = Client {
            writer,
            rx,
            next_id: 1,
            queue: VecDeque::new(),
            log: Vec::new(),
            server_requests: Vec::new(),
            configuration: Value::Null,
            server,
        };
        let init = client
            .request(
                "initialize",
                json!({"capabilities": capabilities, "initializationOptions": initialization_options,
                       "workspaceFolders": workspace_folders}),
            )
            .await;
        assert!(init.get("capabilities").is_some(), "{init}");
        client.notify("initialized", json!({})).await;
        client
    }

    /// Capabilities of a client like VS Code: related information, progress, refreshes,
    /// configuration.
    pub fn full_capabilities() -> Value {
        json!({
            "window": {"workDoneProgress": true},
            "workspace": {"configuration": true, "inlayHint": {"refreshSupport": true},
                          "codeLens": {"refreshSupport": true}},
            "textDocument": {"publishDiagnostics": {"relatedInformation": true}}
        })
    }

    pub async fn send(&mut self, msg: Value) {
        let body = serde_json::to_vec(&msg).unwrap();
        self.writer.write_all(&frame::frame(&body)).await.unwrap();
        self.writer.flush().await.unwrap();
    }

    /// Write bytes as they are (malformed messages, bad headers).
    pub async fn send_raw(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).await.unwrap();
        self.writer.flush().await.unwrap();
    }

    pub async fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}))
            .await;
    }

    /// Send a request and wait for its response: the `result`, or the `error` object.
    pub async fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
            .await;
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let msg = self
                .next_message(deadline)
                .await
                .unwrap_or_else(|| panic!("no response to {method}"));
            if msg.get("id") == Some(&json!(id)) && msg.get("method").is_none() {
                return msg
                    .get("result")
                    .cloned()
                    .or_else(|| msg.get("error").cloned())
                    .unwrap_or(Value::Null);
            }
            self.queue.push_back(Received {
                at: Instant::now(),
                msg,
            });
        }
    }

    /// The next message that is not a server-to-client request (those are answered here).
    async fn next_message(&mut self, deadline: Instant) -> Option<Value> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let msg = tokio::time::timeout(left, self.rx.recv()).await.ok()??;
            let (Some(id), Some(method)) = (msg.get("id"), msg.get("method")) else {
                if msg.get("method").is_some() {
                    self.log.push(Received {
                        at: Instant::now(),
                        msg: msg.clone(),
                    });
                }
                return Some(msg);
            };
            let method = method.as_str().unwrap_or_default().to_string();
            let result = match method.as_str() {
                "workspace/configuration" => json!([self.configuration.clone()]),
                _ => Value::Null,
            };
            self.server_requests.push(method);
            let id = id.clone();
            self.send(json!({"jsonrpc": "2.0", "id": id, "result": result}))
                .await;
        }
    }

    /// Wait for a notification matching `pred` (consuming it and those before it).
    pub async fn wait_for(
        &mut self,
        timeout: Duration,
        what: &str,
        pred: impl Fn(&Value) -> bool,
    ) -> Received {
        self.try_wait_for(timeout, &pred).await.unwrap_or_else(|| {
            let seen: Vec<String> = self
                .log
                .iter()
                .map(|r| r.msg.to_string().chars().take(300).collect())
                .collect();
            panic!(
                "timed out waiting for {what}; received:\n{}",
                seen.join("\n")
            )
        })
    }

    pub async fn try_wait_for(
        &mut self,
        timeout: Duration,
        pred: &impl Fn(&Value) -> bool,
    ) -> Option<Received> {
        while let Some(r) = self.queue.pop_front() {
            if pred(&r.msg) {
                return Some(r);
            }
        }
        let deadline = Instant::now() + timeout;
        loop {
            let msg = self.next_message(deadline).await?;
            if pred(&msg) {
                return Some(Received {
                    at: Instant::now(),
                    msg,
                });
            }
        }
    }

    pub async fn open(&mut self, rel: &str) -> String {
        let uri = uri_of(rel);
        let text = std::fs::read_to_string(repo_root().join(rel)).unwrap();
        self.open_text(&uri, &text).await;
        uri
    }

    pub async fn open_text(&mut self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "c", "version": 1, "text": text}}),
        )
        .await;
    }

    /// Wait for diagnostics of `uri` that satisfy `pred`; returns the params.
    pub async fn diagnostics(
        &mut self,
        uri: &str,
        timeout: Duration,
        pred: impl Fn(&[Value]) -> bool,
    ) -> Value {
        let uri = uri.to_string();
        self.wait_for(timeout, "diagnostics", move |m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri.as_str()
                && pred(m["params"]["diagnostics"].as_array().map_or(&[], |v| v))
        })
        .await
        .msg["params"]
            .clone()
    }

    /// Shut down and exit; the server task must end.
    pub async fn shutdown(mut self) {
        let r = self.request("shutdown", Value::Null).await;
        assert_eq!(r, Value::Null);
        self.notify("exit", Value::Null).await;
        let code = tokio::time::timeout(Duration::from_secs(5), self.server)
            .await
            .expect("server ends after exit")
            .expect("server task does not panic");
        assert_eq!(code, 0, "exit after shutdown is a clean exit");
    }
}

/// Suspicious lines of a finished diagnosis: while it runs, the ranks of the diagnoses found
/// so far say so ("rank 1 of 2 so far").
pub fn settled(diags: &[Value]) -> bool {
    has_code(diags, "suspicious") && !diags.iter().any(so_far)
}

/// A diagnostic of a diagnosis that is still running.
pub fn so_far(d: &Value) -> bool {
    d["code"] == "suspicious" && d["message"].as_str().is_some_and(|m| m.contains(" so far"))
}

pub fn has_code(diags: &[Value], code: &str) -> bool {
    diags.iter().any(|d| d["code"] == code)
}

/// Replace the checkout's absolute path so snapshots are machine independent.
pub fn redact(v: &Value) -> Value {
    let root = repo_root().display().to_string();
    serde_json::from_str(&v.to_string().replace(&root, "$ROOT")).unwrap()
}
