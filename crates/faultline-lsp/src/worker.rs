//! The one task that owns document and run state.
//!
//! Protocol handlers only send [`Event`]s here (never awaiting a request to the client, which
//! deadlocks tower-lsp: the response would queue behind the handler that waits for it). The
//! worker applies edits, publishes syntax errors at once, and starts analyses on blocking
//! threads. Each run carries the document's *generation*; an edit, a newer save or a close
//! bumps the generation and raises the old run's cancel flag (which the SAT solver's
//! terminator reads), and a result whose generation is not current is dropped, so stale
//! results are never published.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use faultline_diagnose::Phase;
use faultline_slice::SdgCache;
use serde_json::json;
use serde_json::Value;
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};
use tokio::sync::oneshot;
use tower_lsp_server::ls_types::notification::Progress as ProgressNotification;
use tower_lsp_server::ls_types::{
    Diagnostic, DiagnosticSeverity, MessageType, NumberOrString, ProgressParams,
    ProgressParamsValue, TextDocumentContentChangeEvent, Uri, WorkDoneProgress,
    WorkDoneProgressBegin, WorkDoneProgressEnd, WorkDoneProgressReport,
};
use tower_lsp_server::Client;
use tree_sitter::Parser;

use crate::analysis::{self, Analysis, Problem};
use crate::document::{c_parser, Document};
use crate::render;
use crate::settings::Settings;
use crate::state::{DocView, Shared};

/// How long the worker waits for more events before starting a run (saves within this window
/// are coalesced into one run).
const COALESCE: Duration = Duration::from_millis(15);

/// Syntax errors published per document at most.
const MAX_SYNTAX_ERRORS: usize = 20;

pub enum Event {
    Open {
        uri: Uri,
        text: String,
        version: i32,
    },
    Change {
        uri: Uri,
        version: i32,
        changes: Vec<TextDocumentContentChangeEvent>,
    },
    Save {
        uri: Uri,
    },
    Close {
        uri: Uri,
    },
    /// Run now, whatever runOnSave says (the rerun command).
    Run {
        uri: Uri,
    },
    /// Run with sub-expression refinement and answer with diagnosis `rank`'s refinements.
    Refine {
        uri: Uri,
        rank: usize,
        reply: oneshot::Sender<Value>,
    },
    Settings(Value),
    /// The client cancelled a work-done progress.
    CancelProgress(NumberOrString),
    /// The job of `uri` left its thread (finished, cancelled or failed): the document may run
    /// again.
    JobFinished {
        uri: Uri,
    },
    TestsDone {
        uri: Uri,
        generation: u64,
        analysis: Box<Analysis>,
    },
    /// The diagnoses a running diagnosis has found so far.
    DiagnosisFound {
        uri: Uri,
        generation: u64,
        report: Box<faultline_diagnose::Report>,
    },
    DiagnosisDone {
        uri: Uri,
        generation: u64,
        result: Box<Result<faultline_diagnose::Report, Problem>>,
    },
    Shutdown,
}

/// A running analysis.
struct Run {
    generation: u64,
    cancel: Arc<AtomicBool>,
    token: Option<NumberOrString>,
    /// Who asked for a refinement of which diagnosis (dropped unanswered when cancelled).
    refine: Option<(usize, oneshot::Sender<Value>)>,
    /// Held so that the work-done progress ends only once the run's results are published
    /// (or the run is dropped as stale), never before.
    _progress: Option<UnboundedSender<String>>,
}

pub struct Worker {
    client: Client,
    shared: Arc<Shared>,
    tx: UnboundedSender<Event>,
    parser: Parser,
    settings: Settings,
    next_generation: u64,
    /// Per document: the current generation (results of any other are stale).
    generations: HashMap<Uri, u64>,
    running: HashMap<Uri, Run>,
    /// Documents to analyse once the queue is drained (coalesces bursts of saves).
    pending: Vec<Uri>,
    /// Refinements asked for, started with the document's next run.
    refine_requests: HashMap<Uri, (usize, oneshot::Sender<Value>)>,
    /// Per document, the dependency-graph cache (a diagnosis after an edit rebuilds only the
    /// edited functions' graphs).
    sdg_caches: HashMap<Uri, Arc<SdgCache>>,
    /// Syntax errors last published per document (to publish again only when they change).
    syntax: HashMap<Uri, Vec<Diagnostic>>,
    /// Documents whose job is still on a thread (possibly cancelled and finishing): a new run
    /// of one waits for it, so that at most one analysis per document runs.
    busy: std::collections::HashSet<Uri>,
    /// Runs asked for while the document was busy: started when its job finishes.
    deferred: std::collections::HashSet<Uri>,
    /// Bounds the analyses running at once over all documents.
    pool: Arc<tokio::sync::Semaphore>,
    /// Bounds the sum of their memory budgets (`maxServerMemoryMb`).
    memory: crate::memory::MemoryPool,
    /// Documents whose views show an analysis of their current text (an edit makes them
    /// stale: the client is asked to refresh once).
    shown_current: std::collections::HashSet<Uri>,
}

impl Worker {
    pub fn spawn(
        client: Client,
        shared: Arc<Shared>,
        settings: Settings,
    ) -> UnboundedSender<Event> {
        let (tx, rx) = unbounded_channel();
        let worker = Worker {
            client,
            shared,
            tx: tx.clone(),
            parser: c_parser(),
            settings: settings.clone(),
            next_generation: 1,
            generations: HashMap::new(),
            running: HashMap::new(),
            pending: Vec::new(),
            refine_requests: HashMap::new(),
            sdg_caches: HashMap::new(),
            syntax: HashMap::new(),
            shown_current: Default::default(),
            busy: Default::default(),
            deferred: Default::default(),
            pool: Arc::new(tokio::sync::Semaphore::new(analysis_threads())),
            memory: crate::memory::MemoryPool::new(settings.server_memory_mb()),
        };
        tokio::spawn(worker.run(rx));
        tx
    }

    async fn run(mut self, mut rx: UnboundedReceiver<Event>) {
        while let Some(event) = rx.recv().await {
            let mut shutdown = self.handle(event).await;
            // Everything already queued, or arriving within a short quiet period, is handled
            // before any run starts: a burst of saves (or a save followed by an edit) starts
            // one run, not one per event.
            loop {
                while let Ok(event) = rx.try_recv() {
                    shutdown |= self.handle(event).await;
                }
                if self.pending.is_empty() {
                    break;
                }
                match tokio::time::timeout(COALESCE, rx.recv()).await {
                    Ok(Some(event)) => shutdown |= self.handle(event).await,
                    _ => break,
                }
            }
            if shutdown {
                self.pending.clear();
                continue;
            }
            for uri in std::mem::take(&mut self.pending) {
                self.start_run(uri);
            }
        }
    }

    /// Returns true on shutdown.
    async fn handle(&mut self, event: Event) -> bool {
        match event {
            Event::Open { uri, text, version } => {
                let doc = Document::new(&mut self.parser, text, version);
                // Only `file:` documents have a place on disk (includes and faultline.toml are
                // found relative to it); `untitled:` and the like are parsed but not run.
                let path = uri
                    .as_str()
                    .starts_with("file:")
                    .then(|| uri.to_file_path().map(|p| p.into_owned()))
                    .flatten();
                self.shared.docs.insert(
                    uri.clone(),
                    DocView {
                        doc,
                        path,
                        analysis: None,
                    },
                );
                self.bump(&uri);
                self.syntax.remove(&uri);
                self.publish_syntax_if_changed(&uri, true).await;
                if self.settings.run_on_open {
                    self.schedule(uri);
                }
            }
            Event::Change {
                uri,
                version,
                changes,
            } => {
                let known = {
                    match self.shared.docs.get_mut(&uri) {
                        Some(mut view) => {
                            for change in &changes {
                                view.doc.apply_change(&mut self.parser, change);
                            }
                            view.doc.version = version;
                            true
                        }
                        None => false,
                    }
                };
                if known {
                    // The analysis shown no longer describes the text: the views computed from
                    // it go (requests are answered only from the current version's analysis).
                    if self.shown_current.remove(&uri) {
                        self.refresh_views();
                    }
                    // The text the running analysis sees is no longer the document's; a run
                    // or refinement asked for the old text is dropped (its requester is told).
                    self.bump(&uri);
                    self.pending.retain(|u| u != &uri);
                    self.refine_requests.remove(&uri);
                    self.publish_syntax_if_changed(&uri, false).await;
                }
            }
            Event::Save { uri } => {
                if self.settings.run_on_save {
                    self.schedule(uri);
                }
            }
            Event::Run { uri } => self.schedule(uri),
            Event::Refine { uri, rank, reply } => {
                if self.shared.docs.contains_key(&uri) {
                    self.refine_requests.insert(uri.clone(), (rank, reply));
                    self.schedule(uri);
                }
            }
            Event::JobFinished { uri } => {
                self.busy.remove(&uri);
                if self.deferred.remove(&uri) {
                    self.start_run(uri);
                }
            }
            Event::Close { uri } => {
                self.deferred.remove(&uri);
                self.bump(&uri);
                self.generations.remove(&uri);
                self.pending.retain(|u| u != &uri);
                self.syntax.remove(&uri);
                self.refine_requests.remove(&uri);
                self.sdg_caches.remove(&uri);
                self.shown_current.remove(&uri);
                self.shared.docs.remove(&uri);
                self.client.publish_diagnostics(uri, Vec::new(), None).await;
            }
            Event::Settings(value) => match Settings::from_value(&value) {
                Ok(s) => {
                    let redraw = s.all_suspects() != self.settings.all_suspects();
                    self.memory.set_total(s.server_memory_mb());
                    self.settings = s;
                    if redraw {
                        // Which suspects are squiggled changed: publish again.
                        let uris: Vec<Uri> =
                            self.shared.docs.iter().map(|v| v.key().clone()).collect();
                        for uri in uris {
                            self.publish_syntax_if_changed(&uri, true).await;
                        }
                    }
                }
                Err(e) => self.client.log_message(MessageType::WARNING, e).await,
            },
            Event::CancelProgress(token) => {
                for run in self.running.values() {
                    if run.token.as_ref() == Some(&token) {
                        run.cancel.store(true, Ordering::Relaxed);
                    }
                }
            }
            Event::TestsDone {
                uri,
                generation,
                analysis,
            } => {
                if self.is_current(&uri, generation) {
                    // No diagnosis follows: the run is over once this is published, and a
                    // refinement asked of it is answered now.
                    let mut run = None;
                    if !analysis.diagnosing {
                        run = self.running.remove(&uri);
                        if let Some((rank, reply)) = run.as_mut().and_then(|r| r.refine.take()) {
                            let message = if analysis.problems.is_empty() {
                                "no test fails: there is nothing to refine"
                            } else {
                                "the file cannot be analysed (see its diagnostics)"
                            };
                            let _ = reply.send(json!({"refined": false, "rank": rank,
                                                      "message": message}));
                        }
                    }
                    self.set_analysis(&uri, *analysis).await;
                    drop(run);
                }
            }
            Event::DiagnosisFound {
                uri,
                generation,
                report,
            } => {
                // Only while the run is on: a report so far that arrives after the finished
                // one (it cannot, the channel keeps their order) must not replace it.
                let running = self.running.get(&uri).map(|r| r.generation) == Some(generation);
                if !running || !self.is_current(&uri, generation) {
                    return false;
                }
                if let Some(old) = self.analysis_of(&uri, generation).filter(|a| a.diagnosing) {
                    self.set_analysis(&uri, old.with_report_so_far(*report))
                        .await;
                }
            }
            Event::DiagnosisDone {
                uri,
                generation,
                result,
            } => {
                let mut run = None;
                if self.running.get(&uri).map(|r| r.generation) == Some(generation) {
                    run = self.running.remove(&uri);
                }
                let refine = run.as_mut().and_then(|r| r.refine.take());
                if !self.is_current(&uri, generation) {
                    return false;
                }
                if let Some(old) = self.analysis_of(&uri, generation) {
                    if let Err(p) = result.as_ref() {
                        if p.code == "internal" {
                            self.client
                                .log_message(MessageType::ERROR, &p.message)
                                .await;
                        }
                    }
                    let analysis = old.with_report(*result);
                    if let Some((rank, reply)) = refine {
                        let _ = reply.send(refinement_reply(&analysis, rank));
                    }
                    self.set_analysis(&uri, analysis).await;
                }
                drop(run);
            }
            Event::Shutdown => {
                for uri in self.generations.keys().cloned().collect::<Vec<_>>() {
                    self.bump(&uri);
                }
                return true;
            }
        }
        false
    }

    fn view_options(&self) -> render::ViewOptions {
        render::ViewOptions {
            related: self.shared.caps().related_information,
            all_suspects: self.settings.all_suspects(),
        }
    }

    fn schedule(&mut self, uri: Uri) {
        if self.shared.docs.contains_key(&uri) && !self.pending.contains(&uri) {
            self.pending.push(uri);
        }
    }

    /// A copy of the document's analysis, if it is of `generation` (the run's results go
    /// into it).
    fn analysis_of(&self, uri: &Uri, generation: u64) -> Option<Analysis> {
        let view = self.shared.docs.get(uri)?;
        let a = view.analysis.as_ref()?;
        (a.generation == generation).then(|| Analysis::clone(a))
    }

    fn is_current(&self, uri: &Uri, generation: u64) -> bool {
        self.generations.get(uri) == Some(&generation)
    }

    /// A new generation for `uri`: the running analysis (if any) is cancelled and its results
    /// will be dropped.
    fn bump(&mut self, uri: &Uri) -> u64 {
        if let Some(run) = self.running.remove(uri) {
            run.cancel.store(true, Ordering::Relaxed);
        }
        let g = self.next_generation;
        self.next_generation += 1;
        self.generations.insert(uri.clone(), g);
        g
    }

    async fn set_analysis(&mut self, uri: &Uri, analysis: Analysis) {
        let analysis = Arc::new(analysis);
        let version = {
            let Some(mut view) = self.shared.docs.get_mut(uri) else {
                return;
            };
            view.analysis = Some(analysis.clone());
            view.doc.version
        };
        let mut diags = self.syntax.get(uri).cloned().unwrap_or_default();
        let opts = self.view_options();
        let has_syntax = !diags.is_empty();
        diags.extend(
            safe_diagnostics(&analysis, uri, opts)
                .into_iter()
                // The editor's own parse already reported the syntax errors.
                .filter(|d| !(has_syntax && code_is(d, "syntax"))),
        );
        let current = analysis.version == version;
        self.client
            .publish_diagnostics(uri.clone(), diags, Some(version))
            .await;
        if current {
            self.shown_current.insert(uri.clone());
        }
        // Lenses and hints are pulled by the client: after every analysis it is asked to pull
        // them again, so none outlives the result it came from.
        self.refresh_views();
    }

    /// Publish the document's syntax errors when they differ from the last published ones
    /// (or always, with `force`). Analysis diagnostics go along only while they describe the
    /// current text.
    async fn publish_syntax_if_changed(&mut self, uri: &Uri, force: bool) {
        let (syntax, version, analysis) = {
            let Some(view) = self.shared.docs.get(uri) else {
                return;
            };
            let syntax: Vec<Diagnostic> = view
                .doc
                .syntax_errors(MAX_SYNTAX_ERRORS)
                .into_iter()
                .map(|(range, message)| Diagnostic {
                    range,
                    severity: Some(DiagnosticSeverity::ERROR),
                    code: Some(NumberOrString::String("syntax".into())),
                    source: Some(render::SOURCE.into()),
                    message,
                    ..Default::default()
                })
                .collect();
            (
                syntax,
                view.doc.version,
                view.analysis
                    .clone()
                    .filter(|a| a.version == view.doc.version),
            )
        };
        let previous = self.syntax.get(uri).cloned().unwrap_or_default();
        if !force && previous == syntax {
            return;
        }
        self.syntax.insert(uri.clone(), syntax.clone());
        let mut diags = syntax;
        if let Some(a) = analysis {
            let opts = self.view_options();
            let has_syntax = !diags.is_empty();
            diags.extend(
                safe_diagnostics(&a, uri, opts)
                    .into_iter()
                    .filter(|d| !(has_syntax && code_is(d, "syntax"))),
            );
        }
        self.client
            .publish_diagnostics(uri.clone(), diags, Some(version))
            .await;
    }

    /// Ask the client to re-request inlay hints and code lenses (without waiting for it).
    fn refresh_views(&self) {
        let caps = self.shared.caps();
        let client = self.client.clone();
        if caps.inlay_hint_refresh || caps.code_lens_refresh {
            tokio::spawn(async move {
                if caps.inlay_hint_refresh {
                    let _ = client.inlay_hint_refresh().await;
                }
                if caps.code_lens_refresh {
                    let _ = client.code_lens_refresh().await;
                }
            });
        }
    }

    fn start_run(&mut self, uri: Uri) {
        let Some((text, version, path)) = self
            .shared
            .docs
            .get(&uri)
            .map(|v| (v.doc.text.clone(), v.doc.version, v.path.clone()))
        else {
            return;
        };
        if self.busy.contains(&uri) {
            // The previous job of this document is still on its thread (cancelled: its
            // results will be dropped). Start once it is off, never beside it.
            self.bump(&uri);
            self.deferred.insert(uri);
            return;
        }
        let generation = self.bump(&uri);
        if let Some(message) = crate::document::too_large(text.len()) {
            let mut a = Analysis::new(generation, version, String::new(), Arc::from(""));
            a.problems.push(Problem {
                code: "too-large",
                path: String::new(),
                start: (0, 0),
                end: (0, 0),
                message,
            });
            let _ = self.tx.send(Event::TestsDone {
                uri,
                generation,
                analysis: Box::new(a),
            });
            return;
        }
        let Some(path) = path else {
            let mut a = Analysis::new(generation, version, String::new(), text.into());
            a.problems.push(Problem {
                code: "config",
                path: String::new(),
                start: (0, 0),
                end: (0, 0),
                message: format!(
                    "faultline analyses files on disk only, not {}",
                    uri.as_str()
                ),
            });
            let _ = self.tx.send(Event::TestsDone {
                uri,
                generation,
                analysis: Box::new(a),
            });
            return;
        };
        let mut opts = match self.settings.diagnose_options() {
            Ok(o) => o,
            Err(e) => {
                let client = self.client.clone();
                tokio::spawn(async move {
                    client
                        .show_message(MessageType::WARNING, format!("faultline.algorithm: {e}"))
                        .await;
                });
                Settings::default()
                    .diagnose_options()
                    .expect("default settings are valid")
            }
        };
        let cancel = Arc::new(AtomicBool::new(false));
        opts.cancel = Some(cancel.clone());
        let found_tx = self.tx.clone();
        let found_uri = uri.clone();
        opts.found = Some(Arc::new(move |report: &faultline_diagnose::Report| {
            let _ = found_tx.send(Event::DiagnosisFound {
                uri: found_uri.clone(),
                generation,
                report: Box::new(report.clone()),
            });
        }));
        let refine = self.refine_requests.remove(&uri);
        opts.refine = refine.is_some();
        opts.sdg_cache = Some(self.sdg_caches.entry(uri.clone()).or_default().clone());
        let token = self
            .shared
            .caps()
            .work_done_progress
            .then(|| NumberOrString::String(format!("faultline/{generation}")));
        let progress = token
            .clone()
            .map(|t| spawn_progress(self.client.clone(), t));
        if let Some(p) = &progress {
            let p = p.clone();
            opts.progress = Some(Arc::new(move |phase: Phase| {
                let _ = p.send(phase.to_string());
            }));
        }
        self.running.insert(
            uri.clone(),
            Run {
                generation,
                cancel: cancel.clone(),
                token,
                refine,
                _progress: progress.clone(),
            },
        );
        let tx = self.tx.clone();
        let pool = self.pool.clone();
        let memory = self.memory.reserve(self.settings.analysis_memory_mb());
        let workspace = self.shared.workspace();
        self.busy.insert(uri.clone());
        tokio::spawn(async move {
            // Says the document is free again however the job ends (even by a panic).
            let finished = Finished {
                uri: uri.clone(),
                tx: tx.clone(),
            };
            // Its memory budget first: the analyses running at once stay under the server's
            // cap. A wait is said in the progress, and ends early if the run is cancelled.
            let memory = match memory {
                crate::memory::Admission::Now(r) => r,
                crate::memory::Admission::Wait {
                    in_use,
                    total,
                    ready,
                } => {
                    if let Some(p) = &progress {
                        let _ = p.send(crate::memory::waiting_message(in_use, total));
                    }
                    let ready = ready.ready();
                    tokio::pin!(ready);
                    loop {
                        tokio::select! {
                            r = &mut ready => break r,
                            _ = tokio::time::sleep(std::time::Duration::from_millis(50)) => {
                                if cancel.load(Ordering::Relaxed) {
                                    return;
                                }
                            }
                        }
                    }
                }
            };
            // Under a cap smaller than the budget asked for, the cap is the budget.
            opts.max_memory = Some(memory.mb() << 20);
            let Ok(permit) = pool.acquire_owned().await else {
                return;
            };
            let job = Job {
                uri,
                generation,
                version,
                path,
                text,
                workspace,
                tx,
            };
            let _ = tokio::task::spawn_blocking(move || {
                let _finished = finished;
                let _permit = permit;
                let _memory = memory;
                // Cancelled while it waited for a thread: nothing to do but say so.
                if cancel.load(Ordering::Relaxed) {
                    return;
                }
                job.run(opts, &cancel, progress);
                release_memory();
            })
            .await;
        });
    }
}

/// Analyses running at once over all documents: half the cores (the editor and the compiler
/// need the rest), at least one, at most four.
fn analysis_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get() / 2)
        .clamp(1, 4)
}

/// Sends [`Event::JobFinished`] when dropped.
struct Finished {
    uri: Uri,
    tx: UnboundedSender<Event>,
}

impl Drop for Finished {
    fn drop(&mut self) {
        let _ = self.tx.send(Event::JobFinished {
            uri: self.uri.clone(),
        });
    }
}

/// Give the memory a finished analysis freed back to the system. glibc keeps freed heap pages
/// of every arena for reuse, so a diagnosis that peaked at 800 MB left the server at 800 MB
/// resident between saves; `malloc_trim` returns what is free.
fn release_memory() {
    faultline_interp::release_free_memory();
}

/// The answer to `faultline.refine`: diagnosis `rank`'s refinements.
fn refinement_reply(a: &Analysis, rank: usize) -> Value {
    let Some(d) = a
        .report
        .as_ref()
        .and_then(|r| r.diagnoses.iter().find(|d| d.rank == rank))
    else {
        return json!({"refined": false, "rank": rank,
                      "message": format!("there is no diagnosis {rank} any more")});
    };
    let message = match d.refinements.first() {
        Some(r) => {
            let parts: Vec<String> = r
                .expressions
                .iter()
                .map(|e| format!("`{}` on line {}", e.text, e.line))
                .collect();
            format!(
                "Diagnosis {rank} refined: change {} ({} refinement{})",
                parts.join(", "),
                d.refinements.len(),
                if d.refinements.len() == 1 { "" } else { "s" }
            )
        }
        None => format!("Diagnosis {rank} has no finer (sub-expression) repair"),
    };
    json!({
        "refined": !d.refinements.is_empty(),
        "rank": rank,
        "refinements": d.refinements,
        "message": message,
    })
}

/// The analysis's diagnostics; a bug in rendering them must not end the worker (the server
/// would go on answering but never analyse again), so it becomes one diagnostic saying so.
fn safe_diagnostics(a: &Analysis, uri: &Uri, opts: render::ViewOptions) -> Vec<Diagnostic> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        render::diagnostics(a, uri, opts)
    }))
    .unwrap_or_else(|_| {
        vec![Diagnostic {
            severity: Some(DiagnosticSeverity::ERROR),
            code: Some(NumberOrString::String("internal".into())),
            source: Some(render::SOURCE.into()),
            message: "faultline internal error while rendering diagnostics (please report)".into(),
            ..Default::default()
        }]
    })
}

fn code_is(d: &Diagnostic, code: &str) -> bool {
    matches!(&d.code, Some(NumberOrString::String(c)) if c == code)
}

/// Forwards phase messages to the client as `$/progress`; ends the progress when every sender
/// is dropped (the run finished, whatever way).
fn spawn_progress(client: Client, token: NumberOrString) -> UnboundedSender<String> {
    let (tx, mut rx) = unbounded_channel::<String>();
    tokio::spawn(async move {
        if client
            .create_work_done_progress(token.clone())
            .await
            .is_err()
        {
            // Per the spec, no progress may be sent to a token the client refused.
            while rx.recv().await.is_some() {}
            return;
        }
        let send = |value: WorkDoneProgress| {
            let client = client.clone();
            let token = token.clone();
            async move {
                client
                    .send_notification::<ProgressNotification>(ProgressParams {
                        token,
                        value: ProgressParamsValue::WorkDone(value),
                    })
                    .await;
            }
        };
        send(WorkDoneProgress::Begin(WorkDoneProgressBegin {
            title: "Faultline".into(),
            cancellable: Some(true),
            message: Some("running tests".into()),
            percentage: None,
        }))
        .await;
        while let Some(message) = rx.recv().await {
            send(WorkDoneProgress::Report(WorkDoneProgressReport {
                cancellable: Some(true),
                message: Some(message),
                percentage: None,
            }))
            .await;
        }
        send(WorkDoneProgress::End(WorkDoneProgressEnd {
            message: Some("done".into()),
        }))
        .await;
    });
    tx
}

/// One analysis, on a blocking thread.
struct Job {
    uri: Uri,
    generation: u64,
    version: i32,
    path: PathBuf,
    text: String,
    /// The client's workspace folders (see `Shared::workspace`).
    workspace: Vec<PathBuf>,
    tx: UnboundedSender<Event>,
}

impl Job {
    fn run(
        self,
        opts: faultline_diagnose::DiagnoseOptions,
        cancel: &AtomicBool,
        progress: Option<UnboundedSender<String>>,
    ) {
        if let Some(p) = &progress {
            let _ = p.send("running tests".into());
        }
        let shown = self.path.display().to_string();
        let mut a = Analysis::new(
            self.generation,
            self.version,
            shown,
            Arc::from(self.text.as_str()),
        );
        // One account per analysis: the server runs several in one process, and one huge
        // file's tests and formulas must stop at its ceiling without stopping the others.
        let account = faultline_interp::MemoryAccount::new();
        let opts = faultline_diagnose::DiagnoseOptions {
            memory_account: Some(account.clone()),
            ..opts
        };
        let loaded = match analysis::load_and_test(
            &self.path,
            &self.text,
            &self.workspace,
            opts.cancel.clone(),
            opts.max_memory,
            Some(account),
        ) {
            Ok((loaded, tests)) => {
                a.tests = tests;
                Some(loaded)
            }
            Err(problems) => {
                a.problems = problems;
                None
            }
        };
        let diagnose = loaded.filter(|_| a.failing().next().is_some());
        a.diagnosing = diagnose.is_some();
        let _ = self.tx.send(Event::TestsDone {
            uri: self.uri.clone(),
            generation: self.generation,
            analysis: Box::new(a),
        });
        let Some(loaded) = diagnose else {
            return;
        };
        // Cancelled while the tests ran: skip the diagnosis but still report, so the document
        // does not stay "diagnosing" (its generation decides whether anyone listens).
        let result = if cancel.load(Ordering::Relaxed) {
            Err(Problem {
                code: "cancelled",
                path: String::new(),
                start: (0, 0),
                end: (0, 0),
                message: "cancelled".into(),
            })
        } else {
            analysis::diagnose(&loaded, &opts)
        };
        let _ = self.tx.send(Event::DiagnosisDone {
            uri: self.uri,
            generation: self.generation,
            result: Box::new(result),
        });
        drop(opts);
        drop(progress);
    }
}
