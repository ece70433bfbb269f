//! The transport survives bad input (issue 28 items 4, 7, 19): every malformed message is
//! answered with a JSON-RPC error and dropped, a bad header is skipped, and the server goes on
//! answering; unknown `$/` requests get MethodNotFound; `exit` without `shutdown` exits 1; a
//! 50 MB document gets one diagnostic instead of aborting the server.

mod support;

use std::time::Duration;

use serde_json::{json, Value};
use support::{has_code, Client};

const LONG: Duration = Duration::from_secs(60);

fn framed(body: &[u8]) -> Vec<u8> {
    [
        format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes(),
        body,
    ]
    .concat()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_messages_are_answered_and_the_server_lives() {
    let mut c = Client::start(json!({}), Value::Null).await;
    let uri = c.open("tests/examples/unit/sum.c").await;
    c.diagnostics(&uri, LONG, |d| has_code(d, "test-failure"))
        .await;
    let cases: Vec<(&str, Vec<u8>, i64, Value)> = vec![
        (
            "truncated JSON",
            framed(br#"{"jsonrpc":"2.0","id":90,"method":"textDocument/hover","par"#),
            -32700,
            Value::Null,
        ),
        ("an empty array", framed(b"[]"), -32600, Value::Null),
        ("null", framed(b"null"), -32600, Value::Null),
        ("a number", framed(b"42"), -32600, Value::Null),
        (
            "jsonrpc 1.0",
            framed(br#"{"jsonrpc":"1.0","id":91,"method":"shutdown"}"#),
            -32600,
            json!(91),
        ),
        (
            "a batch",
            framed(br#"[{"jsonrpc":"2.0","id":92,"method":"shutdown"}]"#),
            -32600,
            Value::Null,
        ),
        (
            "an object id",
            framed(br#"{"jsonrpc":"2.0","id":{"n":93},"method":"shutdown"}"#),
            -32600,
            Value::Null,
        ),
        (
            "a boolean id",
            framed(br#"{"jsonrpc":"2.0","id":true,"method":"shutdown"}"#),
            -32600,
            Value::Null,
        ),
        (
            "invalid UTF-8",
            framed(b"{\"jsonrpc\":\"2.0\",\"method\":\"\xff\xfe\"}"),
            -32700,
            Value::Null,
        ),
        (
            "a misspelt header",
            b"Content-Lenght: 5\r\n\r\nhello".to_vec(),
            -32700,
            Value::Null,
        ),
        (
            "an HTTP request",
            b"GET / HTTP/1.1\r\nHost: x\r\n\r\n".to_vec(),
            -32700,
            Value::Null,
        ),
        (
            "a non-numeric length",
            b"Content-Length: many\r\n\r\n{}".to_vec(),
            -32700,
            Value::Null,
        ),
    ];
    for (what, bytes, code, id) in cases {
        c.send_raw(&bytes).await;
        c.wait_for(Duration::from_secs(10), what, move |m| {
            m.get("method").is_none() && m["error"]["code"] == code && m["id"] == id
        })
        .await;
        // The server is alive: a request after the bad message is answered.
        let hover = c
            .request(
                "textDocument/hover",
                json!({"textDocument": {"uri": uri}, "position": {"line": 48, "character": 4}}),
            )
            .await;
        assert!(
            hover.is_null() || hover["contents"].is_object(),
            "{what}: {hover}"
        );
    }
    // Unknown `$/` requests: MethodNotFound; unknown `$/` notifications: ignored.
    let unknown = c.request("$/faultline/unknown", json!({})).await;
    assert_eq!(unknown["code"], -32601, "{unknown}");
    c.notify("$/faultline/unknownNotification", json!({})).await;
    let lenses = c
        .request(
            "textDocument/codeLens",
            json!({"textDocument": {"uri": uri}}),
        )
        .await;
    assert!(lenses.is_array(), "{lenses}");
    c.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exit_without_shutdown_exits_with_code_1() {
    let mut c = Client::start(json!({}), Value::Null).await;
    c.notify("exit", Value::Null).await;
    let code = tokio::time::timeout(Duration::from_secs(5), c.server)
        .await
        .expect("server ends after exit")
        .expect("no panic");
    assert_eq!(code, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_50_mb_document_gets_one_diagnostic() {
    let mut c = Client::start(json!({}), Value::Null).await;
    let dir = tempfile::tempdir().unwrap();
    let uri = format!("file://{}", dir.path().join("huge.c").display());
    // Garbage that is no C at all: parsing it is what used to abort the server.
    let line = "@@ }{ int ((( \"\\ garbage 0x \n";
    let text = line.repeat((50 << 20) / line.len());
    c.open_text(&uri, &text).await;
    let published = c.diagnostics(&uri, LONG, |d| !d.is_empty()).await;
    let diags = published["diagnostics"].as_array().unwrap();
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0]["code"], "too-large");
    assert_eq!(
        diags[0]["message"],
        "file too large for Faultline (50 MB, limit 4 MB); its tests were not run"
    );
    let hover = c
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": 3, "character": 1}}),
        )
        .await;
    assert!(hover.is_null(), "{hover}");
    // Cut back under the limit, it is parsed again (a syntax error is shown at once).
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2},
               "contentChanges": [{"text": "int f( {\n"}]}),
    )
    .await;
    c.diagnostics(&uri, LONG, |d| has_code(d, "syntax")).await;
    c.shutdown().await;
}

/// A number field of /proc/self/status (`Threads:`, `VmHWM:` in kB).
fn status(field: &str) -> usize {
    std::fs::read_to_string("/proc/self/status")
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|n| n.split_whitespace().next()?.parse().ok())
        .unwrap()
}

fn threads() -> usize {
    status("Threads:")
}

/// 500 edit+save pairs on a file whose tests run for a second or two (one stops at the step
/// limit, and a test run is not interrupted by a cancel): the thread count stays bounded (one
/// analysis per document, a bounded pool for all), the server keeps answering, and the last
/// version's result is published. The process's peak resident size (the server and this
/// client, and the other tests of this file running alongside) stays under the server's
/// default memory ceiling of 2 GB.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn five_hundred_saves_keep_the_thread_count_bounded() {
    let mut c = Client::start(json!({}), Value::Null).await;
    let uri = c.open("tests/examples/infinite/loop.c").await;
    c.diagnostics(&uri, LONG, |d| has_code(d, "test-failure"))
        .await;
    let before = threads();
    let mut peak = before;
    for v in 2..502 {
        c.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": v},
                   "contentChanges": [{"range": {"start": {"line": 0, "character": 0},
                                                  "end": {"line": 0, "character": 0}},
                                       "text": " "}]}),
        )
        .await;
        c.notify(
            "textDocument/didSave",
            json!({"textDocument": {"uri": uri}}),
        )
        .await;
        // Far enough apart that most saves start a run (the worker coalesces within 15 ms).
        tokio::time::sleep(Duration::from_millis(if v % 10 == 0 { 40 } else { 2 })).await;
        peak = peak.max(threads());
    }
    let hover = c
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}),
        )
        .await;
    assert!(hover.is_null() || hover.is_object(), "{hover}");
    let last = c
        .diagnostics(&uri, LONG, |d| has_code(d, "test-failure"))
        .await;
    // Drain the rest: the last publication is of the last version.
    let mut version = last["version"].clone();
    while let Some(r) = c
        .try_wait_for(Duration::from_secs(3), &|m: &Value| {
            m["method"] == "textDocument/publishDiagnostics"
        })
        .await
    {
        version = r.msg["params"]["version"].clone();
    }
    assert_eq!(version, 501);
    eprintln!("threads: {before} before, peak {peak} during 500 saves");
    assert!(
        peak <= before + 8,
        "threads grew from {before} to {peak} during 500 saves"
    );
    let peak_mb = status("VmHWM:") / 1024;
    eprintln!("peak RSS: {peak_mb} MB");
    // The server's default ceiling (`DiagnoseOptions::default().max_memory`).
    let ceiling_mb = (faultline_diagnose::DiagnoseOptions::default()
        .max_memory
        .expect("a default ceiling")
        >> 20) as usize;
    assert!(
        peak_mb < ceiling_mb,
        "peak RSS {peak_mb} MB over the ceiling of {ceiling_mb} MB"
    );
    c.shutdown().await;
}
