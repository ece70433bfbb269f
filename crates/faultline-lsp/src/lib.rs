//! `faultline lsp`: the language server.
//!
//! Save a C file and the editor shows, within a second, which tests fail (at the failing
//! assert), which statements are to blame (ranked diagnoses), and what they should have
//! computed (angelic values) — as diagnostics, hovers, inlay hints, code actions and code
//! lenses.
//!
//! * [`server`]: the protocol surface (tower-lsp-server); handlers only hand events on.
//! * [`worker`]: the one task owning document and run state: edits, generations,
//!   cancellation, coalescing, publishing.
//! * [`analysis`]: compile + test + diagnose one document version (blocking, panic-safe).
//! * [`ranking`]: suspicious statements and lines from a report.
//! * [`render`]: diagnostics, hover, inlay hints, code actions, code lens (pure).
//! * [`story`]: plain words: what a line computes, what the failing test needs.
//! * [`repairs`]: validated repairs as quick fixes (pure).
//! * [`document`], [`position`]: text, incremental tree-sitter parsing, UTF-16 positions.
//! * [`settings`]: the `faultline` configuration section.
//! * [`transport`]: our framing in front of tower-lsp-server's (which stops at the first
//!   malformed message): bad messages are answered with an error and dropped.

pub mod analysis;
pub mod document;
pub mod memory;
pub mod position;
pub mod ranking;
pub mod render;
pub mod repairs;
pub mod server;
pub mod settings;
pub mod state;
pub mod story;
pub mod transport;
pub mod worker;

use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite};
use tower_lsp_server::{LspService, Server};

pub use server::Backend;

/// Serve the protocol on `input`/`output` until the client says `exit` (or closes the input).
/// Returns the process exit code the spec asks for: 0 after `shutdown`, else 1.
///
/// Every message goes through [`transport::filter`] first: tower-lsp-server's own transport
/// ends at the first malformed message, so it only ever sees well-formed ones (through an
/// in-memory pipe), and everything both write reaches `output` whole, one message at a time.
pub async fn serve<I, O>(input: I, output: O) -> i32
where
    I: AsyncRead + Unpin,
    O: AsyncWrite + Unpin,
{
    let (service, socket) = LspService::build(Backend::new)
        .custom_method(
            "window/workDoneProgress/cancel",
            Backend::work_done_progress_cancel,
        )
        .finish();
    let (to_server, server_in) = tokio::io::duplex(1 << 16);
    let (server_out, from_server) = tokio::io::duplex(1 << 16);
    // Bounded: a client flooding us with garbage waits for its own answers to be written.
    let (out_tx, out_rx) = tokio::sync::mpsc::channel(64);
    let server = Server::new(server_in, server_out, socket).serve(service);
    let (ending, ..) = tokio::join!(
        transport::filter(input, to_server, out_tx.clone()),
        server,
        transport::pump(from_server, out_tx),
        transport::write_all(out_rx, output),
    );
    ending.code()
}

/// `faultline lsp`: serve on stdin/stdout. Returns the exit code when the client exits;
/// analyses still running on blocking threads are cancelled by then and not waited for beyond
/// a moment.
pub fn run_stdio() -> std::io::Result<i32> {
    // Blocking threads: analyses (bounded by the worker's pool) and stdin's reader; the cap
    // is a backstop so that nothing can pile up threads save after save.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(8)
        .enable_all()
        .build()?;
    let code = runtime.block_on(serve(tokio::io::stdin(), tokio::io::stdout()));
    runtime.shutdown_timeout(Duration::from_millis(200));
    Ok(code)
}
