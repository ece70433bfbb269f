//! State shared between the protocol handlers (readers) and the worker (the only writer).

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use dashmap::DashMap;
use tower_lsp_server::ls_types::{ClientCapabilities, Uri};

use crate::analysis::Analysis;
use crate::document::Document;

/// An open document and the latest analysis of it (possibly of an older version: its own
/// text is kept in it, so positions stay right).
pub struct DocView {
    pub doc: Document,
    /// The file on disk (None for `untitled:` documents, which are not analysed).
    pub path: Option<PathBuf>,
    pub analysis: Option<Arc<Analysis>>,
}

/// What the client said it supports, reduced to what the server acts on.
#[derive(Clone, Copy, Debug, Default)]
pub struct Caps {
    pub related_information: bool,
    pub work_done_progress: bool,
    pub inlay_hint_refresh: bool,
    pub code_lens_refresh: bool,
    pub configuration: bool,
}

impl Caps {
    pub fn from_client(c: &ClientCapabilities) -> Self {
        let td = c.text_document.as_ref();
        let ws = c.workspace.as_ref();
        Caps {
            related_information: td
                .and_then(|t| t.publish_diagnostics.as_ref())
                .and_then(|p| p.related_information)
                .unwrap_or(false),
            work_done_progress: c
                .window
                .as_ref()
                .and_then(|w| w.work_done_progress)
                .unwrap_or(false),
            inlay_hint_refresh: ws
                .and_then(|w| w.inlay_hint.as_ref())
                .and_then(|i| i.refresh_support)
                .unwrap_or(false),
            code_lens_refresh: ws
                .and_then(|w| w.code_lens.as_ref())
                .and_then(|i| i.refresh_support)
                .unwrap_or(false),
            configuration: ws.and_then(|w| w.configuration).unwrap_or(false),
        }
    }
}

#[derive(Default)]
pub struct Shared {
    pub docs: DashMap<Uri, DocView>,
    /// The newest version the client sent per document, recorded by the protocol handler
    /// itself (before the worker applies the edit), so that a request that follows an edit is
    /// never answered from the analysis of the text before it.
    pub versions: DashMap<Uri, i32>,
    caps: OnceLock<Caps>,
    /// The client's workspace folders (`initialize`): the project of its documents (see
    /// `faultline_runner::load_source_in_workspace`).
    workspace: OnceLock<Vec<std::path::PathBuf>>,
}

impl Shared {
    pub fn caps(&self) -> Caps {
        self.caps.get().copied().unwrap_or_default()
    }

    pub fn set_caps(&self, caps: Caps) {
        let _ = self.caps.set(caps);
    }

    pub fn workspace(&self) -> Vec<std::path::PathBuf> {
        self.workspace.get().cloned().unwrap_or_default()
    }

    pub fn set_workspace(&self, folders: Vec<std::path::PathBuf>) {
        let _ = self.workspace.set(folders);
    }

    /// The analysis of the document's current version, or nothing: views (hover, hints,
    /// lenses, code actions) are never computed from an analysis of older text.
    pub fn current_analysis(&self, uri: &Uri) -> Option<Arc<Analysis>> {
        let latest = self.versions.get(uri).map(|v| *v)?;
        let view = self.docs.get(uri)?;
        view.analysis
            .clone()
            .filter(|a| a.version == latest && view.doc.version == latest)
    }
}
