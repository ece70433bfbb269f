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
//! * [`repairs`]: validated repairs as quick fixes (pure).
//! * [`document`], [`position`]: text, incremental tree-sitter parsing, UTF-16 positions.
//! * [`settings`]: the `faultline` configuration section.

pub mod analysis;
pub mod document;
pub mod position;
pub mod ranking;
pub mod render;
pub mod repairs;
pub mod server;
pub mod settings;
pub mod state;
pub mod worker;

use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite};
use tower_lsp_server::{LspService, Server};

pub use server::Backend;

/// Serve the protocol on `input`/`output` until the client says `exit` (or closes the input).
pub async fn serve<I, O>(input: I, output: O)
where
    I: AsyncRead + Unpin,
    O: AsyncWrite,
{
    let (service, socket) = LspService::build(Backend::new)
        .custom_method(
            "window/workDoneProgress/cancel",
            Backend::work_done_progress_cancel,
        )
        .finish();
    Server::new(input, output, socket).serve(service).await;
}

/// `faultline lsp`: serve on stdin/stdout. Returns when the client exits; analyses still
/// running on blocking threads are cancelled by then and not waited for beyond a moment.
pub fn run_stdio() -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(serve(tokio::io::stdin(), tokio::io::stdout()));
    runtime.shutdown_timeout(Duration::from_millis(200));
    Ok(())
}
