//! Issue 28 in the language server: a document whose `#include` points outside the project,
//! at the server's own stdin (item 3), at a device or a FIFO (items 9, 10) gets one located
//! refusal promptly, no message quotes the refused file, and the server keeps answering.

mod support;

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use support::Client;

const SECRET: &str = "ghp_LSPSECRET1234567890";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_includes_are_located_quote_nothing_and_the_server_lives() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("project")).unwrap();
    std::fs::create_dir_all(root.join("outside")).unwrap();
    let secret = root.join("outside/secret.h");
    std::fs::write(&secret, format!("int {SECRET};\n{SECRET}\n")).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(&secret, root.join("project/link.h")).unwrap();
    #[cfg(target_os = "linux")]
    assert!(std::process::Command::new("mkfifo")
        .arg(root.join("project/pipe.h"))
        .status()
        .unwrap()
        .success());
    let mut c = Client::start(json!({}), Value::Null).await;
    let includes = [
        "../outside/secret.h".to_string(),
        secret.display().to_string(),
        "link.h".into(),
        "pipe.h".into(),
        "/dev/stdin".into(),
        "/dev/ptmx".into(),
        "/dev/zero".into(),
        "/proc/self/environ".into(),
        "/etc/passwd".into(),
    ];
    for (k, include) in includes.iter().enumerate() {
        let uri = format!("file://{}", root.join(format!("project/m{k}.c")).display());
        let text = format!(
            "#include <assert.h>\n#include \"{include}\"\nvoid test_x(void) {{ assert(1); }}\n"
        );
        let opened = Instant::now();
        c.open_text(&uri, &text).await;
        let published = c
            .diagnostics(&uri, Duration::from_secs(20), |d| !d.is_empty())
            .await;
        assert!(
            opened.elapsed() < Duration::from_secs(10),
            "{include}: {:?}",
            opened.elapsed()
        );
        let diags = published["diagnostics"].as_array().unwrap();
        assert_eq!(diags.len(), 1, "{include}: {diags:?}");
        let message = diags[0]["message"].as_str().unwrap();
        assert!(message.contains("refused"), "{include}: {message}");
        assert!(message.contains(include.as_str()), "{include}: {message}");
        assert_eq!(
            diags[0]["range"]["start"]["line"], 1,
            "{include}: {diags:?}"
        );
        // Alive: a request after each is answered.
        let hover = c
            .request(
                "textDocument/hover",
                json!({"textDocument": {"uri": uri}, "position": {"line": 2, "character": 6}}),
            )
            .await;
        assert!(hover.is_null() || hover.is_object(), "{include}: {hover}");
    }
    let everything: String = c.log.iter().map(|r| r.msg.to_string()).collect();
    assert!(!everything.contains(SECRET), "a refused file was quoted");
    assert!(!everything.contains("root:x:"), "/etc/passwd was quoted");
    c.shutdown().await;
}
