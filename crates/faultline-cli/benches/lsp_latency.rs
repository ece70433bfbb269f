//! Latency of `faultline lsp` as an editor sees it: the real binary over stdio, JSON-RPC with
//! Content-Length framing, timed from the moment a notification is written to the moment the
//! answer is read.
//!
//! * `save_to_test_failures`: didSave → the publishDiagnostics with the failing tests
//!   (target < 100 ms), for `tests/examples/lsp/invoice.c` (213 lines, 33 unit tests, 20
//!   failing);
//! * `save_to_suspicious_lines`: didSave → the first publishDiagnostics with suspicious lines
//!   (target < 1 s), same file (diagnoses are published as they are found);
//! * `save_to_settled_suspicious_lines`: didSave → the publishDiagnostics of the finished
//!   diagnosis (no rank "so far" left), same file;
//! * `tcas_v3_save_to_suspicious_lines` and `tcas_v3_save_to_settled_suspicious_lines`: the
//!   same two for TCAS v3 (`tests/tcas/faulty/v3/tcas.c`, edited into `tests/tcas/tcas.c` so
//!   that its 1,600 cases apply; 102 fail; ten diagnoses, the editor's default limit);
//! * `tcas_v6_…` and `tcas_v7_…`: the same two for the workload, TCAS v6 and v7 (126
//!   and 123 of 1,600 cases fail), opened where they are (`tests/tcas/faultline.toml` gives
//!   every `**/tcas.c` the cases);
//! * `edit_cancels_diagnosis`: a didChange while the diagnosis of TCAS v3 is enumerating → the
//!   end of that run's work-done progress, i.e. the cancelled run has stopped
//!   (target < 100 ms).
//!
//! `cargo bench -p faultline-cli --bench lsp_latency`; medians are in BENCHMARKS.md.

use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};

#[path = "../../faultline-lsp/tests/support/frame.rs"]
mod frame;
use serde_json::{json, Value};

const TIMEOUT: Duration = Duration::from_secs(60);

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("repository root")
}

/// A `faultline lsp` process and a minimal client for it.
struct Server {
    child: Child,
    stdin: ChildStdin,
    rx: Receiver<Value>,
    next_id: i64,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_faultline"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start faultline lsp");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(msg) = frame::read_message(&mut reader) {
                if tx.send(msg).is_err() {
                    return;
                }
            }
        });
        let mut server = Server {
            child,
            stdin,
            rx,
            next_id: 1,
        };
        server.request(
            "initialize",
            json!({
                "capabilities": {"window": {"workDoneProgress": true}},
                "initializationOptions": {"runOnOpen": false},
            }),
        );
        server.notify("initialized", json!({}));
        server
    }

    fn send(&mut self, msg: Value) {
        let body = serde_json::to_vec(&msg).unwrap();
        self.stdin.write_all(&frame::frame(&body)).unwrap();
        self.stdin.flush().unwrap();
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.wait(|m| m["id"] == id && m.get("method").is_none())
    }

    /// The next message matching `pred`; server requests are answered on the way.
    fn wait(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let msg = match self.rx.recv_timeout(left) {
                Ok(m) => m,
                Err(RecvTimeoutError::Timeout) => panic!("faultline lsp did not answer in time"),
                Err(RecvTimeoutError::Disconnected) => panic!("faultline lsp exited"),
            };
            if msg.get("id").is_some() && msg.get("method").is_some() {
                let id = msg["id"].clone();
                self.send(json!({"jsonrpc": "2.0", "id": id, "result": null}));
            }
            if pred(&msg) {
                return msg;
            }
        }
    }

    fn open(&mut self, rel: &str) -> String {
        self.open_as(rel, rel)
    }

    /// Opens `rel` with the (unsaved) text of `text_of`.
    fn open_as(&mut self, rel: &str, text_of: &str) -> String {
        let path = repo_root().join(rel);
        let uri = format!("file://{}", path.display());
        let text = std::fs::read_to_string(repo_root().join(text_of)).unwrap();
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "c", "version": 1, "text": text}}),
        );
        uri
    }

    fn save(&mut self, uri: &str) {
        self.notify(
            "textDocument/didSave",
            json!({"textDocument": {"uri": uri}}),
        );
    }

    /// The publishDiagnostics of `uri` whose suspicious lines are those of the finished
    /// diagnosis: while it runs, ranks read "rank 1 of 2 so far".
    fn settled_suspicious_lines(&mut self, uri: &str) -> Value {
        self.wait(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["diagnostics"].as_array().is_some_and(|d| {
                    d.iter().any(|d| d["code"] == "suspicious")
                        && !d.iter().any(|d| {
                            d["code"] == "suspicious"
                                && d["message"].as_str().is_some_and(|m| m.contains(" so far"))
                        })
                })
        })
    }

    fn diagnostics_with(&mut self, uri: &str, code: &str) -> Value {
        self.wait(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["diagnostics"]
                    .as_array()
                    .is_some_and(|d| d.iter().any(|d| d["code"] == code))
        })
    }

    fn stop(mut self) {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        let _ = self.child.wait();
    }
}

/// `iters` saves of `uri`, each timed until `answer` has read what it waits for; after each,
/// the run is let finish, so that runs do not overlap.
fn time_saves(
    server: &mut Server,
    uri: &str,
    iters: u64,
    answer: impl Fn(&mut Server, &str),
) -> Duration {
    let mut total = Duration::ZERO;
    for _ in 0..iters {
        let start = Instant::now();
        server.save(uri);
        answer(server, uri);
        total += start.elapsed();
        server.wait(|m| is_progress(m, "end"));
    }
    total
}

fn is_progress(m: &Value, kind: &str) -> bool {
    m["method"] == "$/progress" && m["params"]["value"]["kind"] == kind
}

fn latency(c: &mut Criterion) {
    let mut server = Server::start();
    let invoice = server.open("tests/examples/lsp/invoice.c");
    let tcas = server.open_as("tests/tcas/tcas.c", "tests/tcas/faulty/v3/tcas.c");
    let workload = ["v6", "v7"].map(|v| (v, server.open(&format!("tests/tcas/faulty/{v}/tcas.c"))));
    // Warm the server (first run allocates, loads the cache) and check the example's shape.
    server.save(&invoice);
    let failures = server.diagnostics_with(&invoice, "test-failure");
    let failing = failures["params"]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "test-failure")
        .count();
    assert_eq!(failing, 20, "the benchmark file has 20 failing tests");
    server.diagnostics_with(&invoice, "suspicious");
    server.wait(|m| is_progress(m, "end"));

    let mut group = c.benchmark_group("lsp");
    group.sample_size(20);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(5));

    group.bench_function("save_to_test_failures", |b| {
        b.iter_custom(|iters| {
            time_saves(&mut server, &invoice, iters, |s, u| {
                s.diagnostics_with(u, "test-failure");
            })
        })
    });

    group.bench_function("save_to_suspicious_lines", |b| {
        b.iter_custom(|iters| {
            time_saves(&mut server, &invoice, iters, |s, u| {
                s.diagnostics_with(u, "suspicious");
            })
        })
    });

    group.bench_function("save_to_settled_suspicious_lines", |b| {
        b.iter_custom(|iters| {
            time_saves(&mut server, &invoice, iters, |s, u| {
                s.settled_suspicious_lines(u);
            })
        })
    });
    group.finish();

    // TCAS v3's diagnosis takes seconds: ten runs, one save each.
    let mut group = c.benchmark_group("lsp");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    group.warm_up_time(Duration::from_millis(1));
    group.measurement_time(Duration::from_secs(1));
    group.bench_function("tcas_v3_save_to_suspicious_lines", |b| {
        b.iter_custom(|iters| {
            time_saves(&mut server, &tcas, iters, |s, u| {
                s.diagnostics_with(u, "suspicious");
            })
        })
    });
    group.bench_function("tcas_v3_save_to_settled_suspicious_lines", |b| {
        b.iter_custom(|iters| {
            time_saves(&mut server, &tcas, iters, |s, u| {
                s.settled_suspicious_lines(u);
            })
        })
    });
    for (v, uri) in &workload {
        group.bench_function(format!("tcas_{v}_save_to_suspicious_lines"), |b| {
            b.iter_custom(|iters| {
                time_saves(&mut server, uri, iters, |s, u| {
                    s.diagnostics_with(u, "suspicious");
                })
            })
        });
        group.bench_function(format!("tcas_{v}_save_to_settled_suspicious_lines"), |b| {
            b.iter_custom(|iters| {
                time_saves(&mut server, uri, iters, |s, u| {
                    s.settled_suspicious_lines(u);
                })
            })
        });
    }

    group.finish();

    let mut group = c.benchmark_group("lsp");
    group.sample_size(20);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(5));
    let mut version = 1;
    group.bench_function("edit_cancels_diagnosis", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                server.save(&tcas);
                // Edit as soon as the diagnosis has begun enumerating (the longest phase).
                let enumerating = server.wait(|m| {
                    m["method"] == "$/progress"
                        && m["params"]["value"]["message"]
                            .as_str()
                            .is_some_and(|s| s.starts_with("enumerating"))
                });
                let token = enumerating["params"]["token"].clone();
                version += 1;
                let start = Instant::now();
                server.notify(
                    "textDocument/didChange",
                    json!({"textDocument": {"uri": tcas, "version": version},
                           "contentChanges": [{"range": {"start": {"line": 0, "character": 0},
                                                          "end": {"line": 0, "character": 0}},
                                               "text": ""}]}),
                );
                server.wait(|m| is_progress(m, "end") && m["params"]["token"] == token);
                total += start.elapsed();
            }
            total
        })
    });
    group.finish();
    server.stop();
}

criterion_group!(benches, latency);
criterion_main!(benches);
