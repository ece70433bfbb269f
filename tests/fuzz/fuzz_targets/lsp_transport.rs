//! Arbitrary bytes on the language server's stdin: the server answers, never panics or hangs,
//! and every message it writes is a well-framed JSON object (bad input is answered with an
//! error, not passed on to tower-lsp-server, whose transport would stop).
#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use tokio::io::AsyncWriteExt;

fuzz_target!(|data: &[u8]| {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    rt.block_on(async {
        let (mut client, server) = tokio::io::duplex(1 << 20);
        let (server_read, server_write) = tokio::io::split(server);
        let serve = tokio::spawn(faultline_lsp::serve(server_read, server_write));
        client.write_all(data).await.expect("the server reads its input");
        // End of input: the server must end, whatever came before.
        client.shutdown().await.expect("shutdown");
        let mut out = Vec::new();
        let read = tokio::io::AsyncReadExt::read_to_end(&mut client, &mut out);
        tokio::time::timeout(Duration::from_secs(10), read)
            .await
            .expect("the server closes its output")
            .expect("read");
        let code = tokio::time::timeout(Duration::from_secs(10), serve)
            .await
            .expect("the server ends at the end of its input")
            .expect("no panic");
        assert!(code == 0 || code == 1);
        // Everything written is framed JSON objects.
        let mut rest = &out[..];
        while !rest.is_empty() {
            let end = rest
                .windows(4)
                .position(|w| w == b"\r\n\r\n")
                .expect("a header");
            let header = std::str::from_utf8(&rest[..end]).expect("ASCII header");
            let len: usize = header
                .strip_prefix("Content-Length: ")
                .expect("Content-Length")
                .parse()
                .expect("a length");
            let body = &rest[end + 4..end + 4 + len];
            let v: serde_json::Value = serde_json::from_slice(body).expect("JSON");
            assert!(v.is_object(), "{v}");
            rest = &rest[end + 4 + len..];
        }
    });
    // Analyses a message may have started run on blocking threads: not waited for.
    rt.shutdown_timeout(Duration::from_millis(100));
});
