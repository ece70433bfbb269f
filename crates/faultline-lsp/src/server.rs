//! The protocol surface: capabilities, notification handlers that hand events to the worker,
//! and request handlers that read the latest analysis (never waiting on the worker or the
//! client).

use std::sync::Arc;

use serde_json::{json, Value};
use tokio::sync::mpsc::UnboundedSender;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer};

use crate::render;
use crate::settings::Settings;
use crate::state::{Caps, Shared};
use crate::worker::{Event, Worker};

pub struct Backend {
    client: Client,
    shared: Arc<Shared>,
    tx: UnboundedSender<Event>,
}

impl Backend {
    pub fn new(client: Client) -> Self {
        let shared = Arc::new(Shared::default());
        let tx = Worker::spawn(client.clone(), shared.clone(), Settings::default());
        Backend { client, shared, tx }
    }

    fn send(&self, event: Event) {
        // The worker lives as long as the server; a send can only fail during teardown.
        let _ = self.tx.send(event);
    }

    /// Fetch the `faultline` section in the background and hand it to the worker.
    fn fetch_configuration(&self) {
        if !self.shared.caps().configuration {
            return;
        }
        let client = self.client.clone();
        let tx = self.tx.clone();
        tokio::spawn(async move {
            let item = ConfigurationItem {
                scope_uri: None,
                section: Some("faultline".into()),
            };
            if let Ok(mut values) = client.configuration(vec![item]).await {
                if let Some(v) = values.pop().filter(|v| !v.is_null()) {
                    let _ = tx.send(Event::Settings(v));
                }
            }
        });
    }

    /// Handler for `window/workDoneProgress/cancel` (not in tower-lsp-server's trait).
    pub async fn work_done_progress_cancel(&self, params: WorkDoneProgressCancelParams) {
        self.send(Event::CancelProgress(params.token));
    }

    fn analysis(&self, uri: &Uri) -> Option<Arc<crate::analysis::Analysis>> {
        self.shared.current_analysis(uri)
    }
}

/// Run a view computation; a bug in it becomes an error response, not a dead server.
fn guarded<T>(what: &str, f: impl FnOnce() -> T) -> Result<T> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|_| {
        let mut e = Error::internal_error();
        e.message = format!("faultline: internal error computing {what}").into();
        e
    })
}

fn arg<T: serde::de::DeserializeOwned>(args: &[Value], i: usize, what: &str) -> Result<T> {
    args.get(i)
        .cloned()
        .and_then(|v| serde_json::from_value(v).ok())
        .ok_or_else(|| Error::invalid_params(format!("argument {} must be {what}", i + 1)))
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        self.shared
            .set_caps(Caps::from_client(&params.capabilities));
        // The workspace folders, else the (deprecated) root URI: `file:` ones only.
        #[allow(deprecated)]
        let folders: Vec<Uri> = match (&params.workspace_folders, &params.root_uri) {
            (Some(f), _) if !f.is_empty() => f.iter().map(|f| f.uri.clone()).collect(),
            (_, Some(root)) => vec![root.clone()],
            _ => Vec::new(),
        };
        self.shared.set_workspace(
            folders
                .iter()
                .filter(|u| u.as_str().starts_with("file:"))
                .filter_map(|u| u.to_file_path().map(|p| p.into_owned()))
                .collect(),
        );
        if let Some(options) = params.initialization_options {
            self.send(Event::Settings(options));
        }
        Ok(InitializeResult {
            capabilities: ServerCapabilities {
                text_document_sync: Some(TextDocumentSyncCapability::Options(
                    TextDocumentSyncOptions {
                        open_close: Some(true),
                        change: Some(TextDocumentSyncKind::INCREMENTAL),
                        save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions {
                            include_text: Some(false),
                        })),
                        ..Default::default()
                    },
                )),
                hover_provider: Some(HoverProviderCapability::Simple(true)),
                inlay_hint_provider: Some(OneOf::Left(true)),
                code_action_provider: Some(CodeActionProviderCapability::Options(
                    CodeActionOptions {
                        code_action_kinds: Some(vec![
                            CodeActionKind::QUICKFIX,
                            CodeActionKind::REFACTOR_REWRITE,
                        ]),
                        ..Default::default()
                    },
                )),
                code_lens_provider: Some(CodeLensOptions {
                    resolve_provider: Some(false),
                }),
                execute_command_provider: Some(ExecuteCommandOptions {
                    commands: vec![
                        render::CMD_RERUN.into(),
                        render::CMD_REFINE.into(),
                        render::CMD_SHOW_ANGELIC.into(),
                        render::CMD_SHOW_ALL_SUSPECTS.into(),
                    ],
                    ..Default::default()
                }),
                ..Default::default()
            },
            server_info: Some(ServerInfo {
                name: "faultline".into(),
                version: Some(env!("CARGO_PKG_VERSION").into()),
            }),
            ..Default::default()
        })
    }

    async fn initialized(&self, _: InitializedParams) {
        self.fetch_configuration();
    }

    async fn shutdown(&self) -> Result<()> {
        self.send(Event::Shutdown);
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let d = params.text_document;
        self.shared.versions.insert(d.uri.clone(), d.version);
        self.send(Event::Open {
            uri: d.uri,
            text: d.text,
            version: d.version,
        });
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        if let Some(mut v) = self.shared.versions.get_mut(&params.text_document.uri) {
            *v = params.text_document.version;
        }
        self.send(Event::Change {
            uri: params.text_document.uri,
            version: params.text_document.version,
            changes: params.content_changes,
        });
    }

    async fn did_save(&self, params: DidSaveTextDocumentParams) {
        self.send(Event::Save {
            uri: params.text_document.uri,
        });
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        self.shared.versions.remove(&params.text_document.uri);
        self.send(Event::Close {
            uri: params.text_document.uri,
        });
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        if self.shared.caps().configuration {
            self.fetch_configuration();
        } else if !params.settings.is_null() {
            self.send(Event::Settings(params.settings));
        }
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let p = params.text_document_position_params;
        let a = self.analysis(&p.text_document.uri);
        guarded("hover", || a.and_then(|a| render::hover(&a, p.position)))
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        let a = self.analysis(&params.text_document.uri);
        guarded("inlay hints", || {
            a.map(|a| render::inlay_hints(&a, params.range))
        })
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let uri = &params.text_document.uri;
        let a = self.analysis(uri);
        guarded("code actions", || {
            a.map(|a| render::code_actions(&a, uri, params.range, &params.context.diagnostics))
        })
    }

    async fn code_lens(&self, params: CodeLensParams) -> Result<Option<Vec<CodeLens>>> {
        let uri = &params.text_document.uri;
        let a = self.analysis(uri);
        guarded("code lenses", || a.map(|a| render::code_lenses(&a, uri)))
    }

    async fn execute_command(&self, params: ExecuteCommandParams) -> Result<Option<LSPAny>> {
        let args = &params.arguments;
        match params.command.as_str() {
            render::CMD_RERUN => {
                let uri: Uri = arg(args, 0, "a document URI")?;
                self.send(Event::Run { uri });
                Ok(None)
            }
            render::CMD_REFINE => {
                let uri: Uri = arg(args, 0, "a document URI")?;
                let rank: usize = arg(args, 1, "a diagnosis rank")?;
                // The answer comes from the worker once the refined diagnosis is done (waiting
                // on our own worker is safe; only waiting on the client would deadlock).
                let (reply, answer) = tokio::sync::oneshot::channel();
                self.send(Event::Refine { uri, rank, reply });
                let value = answer.await.unwrap_or_else(|_| {
                    json!({"refined": false, "rank": rank,
                           "message": "refinement cancelled: the document changed or closed"})
                });
                if let Some(message) = value["message"].as_str() {
                    self.client
                        .show_message(MessageType::INFO, message.to_string())
                        .await;
                }
                Ok(Some(value))
            }
            render::CMD_SHOW_ANGELIC => {
                let uri: Uri = arg(args, 0, "a document URI")?;
                let line: u32 = arg(args, 1, "a 0-based line number")?;
                let a = self.analysis(&uri);
                guarded("angelic values", || {
                    a.and_then(|a| render::angelic_markdown(&a, line))
                        .map(Value::String)
                })
            }
            render::CMD_SHOW_ALL_SUSPECTS => {
                let uri: Uri = arg(args, 0, "a document URI")?;
                let a = self.analysis(&uri);
                guarded("suspects", || a.map(|a| render::all_suspects(&a, &uri)))
            }
            other => Err(Error::invalid_params(format!("unknown command `{other}`"))),
        }
    }
}
