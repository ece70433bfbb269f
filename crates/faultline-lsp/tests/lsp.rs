//! The language server through the protocol, in process (duplex pipe, real JSON-RPC framing):
//! what an editor shows for the bundled examples (insta snapshots), cancellation of a stale
//! diagnosis, malformed edits, configuration, coalesced saves, close and shutdown.

mod support;

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use support::{has_code, redact, settled, so_far, Client};

const LONG: Duration = Duration::from_secs(60);

fn by_code<'a>(params: &'a Value, code: &str) -> Vec<&'a Value> {
    params["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == code)
        .collect()
}

fn whole_document() -> Value {
    json!({"start": {"line": 0, "character": 0}, "end": {"line": 10000, "character": 0}})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unit_example_shows_failures_then_suspicious_lines() {
    let mut c = Client::start(Client::full_capabilities(), Value::Null).await;
    let uri = c.open("tests/examples/unit/sum.c").await;

    // Tests first (at the failing assert), without waiting for the diagnosis.
    let first = c
        .diagnostics(&uri, LONG, |d| has_code(d, "test-failure"))
        .await;
    assert_eq!(first["version"], 1);
    let failure = by_code(&first, "test-failure")[0];
    assert_eq!(failure["range"]["start"]["line"], 48, "{failure}");
    assert_eq!(
        failure["message"],
        "test_sum_upto fails: expected 10, got 6"
    );

    let full = c.diagnostics(&uri, LONG, settled).await;
    insta::assert_json_snapshot!("sum_diagnostics", redact(&full));
    let suspicious = by_code(&full, "suspicious");
    // Every blamed statement is in sum_upto (the fault: `i < n` should be `i <= n`). Only the
    // best diagnoses are squiggled, all as Warnings; diagnoses of the same standing (as
    // repaired, as cheap) are a tie and say so.
    let rank1: Vec<&&Value> = suspicious
        .iter()
        .filter(|d| d["data"]["rank"] == 1)
        .collect();
    assert_eq!(rank1.len(), 1, "{full}");
    assert!(suspicious.iter().all(|d| d["severity"] == 2), "{full}");
    for d in &suspicious {
        let line = d["range"]["start"]["line"].as_u64().unwrap();
        assert!((14..=20).contains(&line), "{d}");
        let message = d["message"].as_str().unwrap();
        if suspicious.len() == 1 {
            assert!(message.starts_with("Likely fault (suspect 1 of "), "{d}");
        } else {
            assert!(
                message.starts_with(&format!(
                    "One of {} equally likely places (suspect ",
                    suspicious.len()
                )),
                "{d}"
            );
        }
    }
    let at = rank1[0]["range"]["start"].clone();
    let line = at["line"].clone();

    let hover = c
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": at}),
        )
        .await;
    let hover = hover["contents"]["value"].as_str().unwrap();
    // The line's explanation is the diagnoser's sentence (`Report::lines`, pinned by its own
    // tests): check it is shown (under Details), and keep the snapshot to what this crate
    // writes.
    let explained: Vec<&str> = hover
        .lines()
        .filter(|l| l.starts_with("- line 18: rank 1: blamed by diagnosis 1"))
        .collect();
    // Line 18 holds two blamed statements (`i < n`, `i++`): each section says it.
    assert!(!explained.is_empty(), "{hover}");
    assert!(hover.find("#### Details") < hover.find(explained[0]));
    insta::assert_snapshot!(
        "sum_hover",
        hover.replace(explained[0], "- line 18: [Report::lines explanation]")
    );

    let hints = c
        .request(
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": uri}, "range": whole_document()}),
        )
        .await;
    insta::assert_json_snapshot!("sum_inlay_hints", redact(&hints));

    let actions = c
        .request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri}, "range": rank1[0]["range"],
                   "context": {"diagnostics": [rank1[0]]}}),
        )
        .await;
    insta::assert_json_snapshot!("sum_code_actions", redact(&actions));
    let preferred: Vec<&Value> = actions
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["isPreferred"] == true)
        .collect();
    // The one preferred action is the validated repair (`i < n` → `i <= n`), never the
    // debugging aid.
    assert_eq!(preferred.len(), 1, "{actions:#}");
    assert!(
        preferred[0]["title"].as_str().unwrap().starts_with("Fix: "),
        "the debugging aid is never preferred: {actions:#}"
    );
    assert!(preferred[0]["edit"]["changes"].is_object(), "{actions:#}");

    let lenses = c
        .request(
            "textDocument/codeLens",
            json!({"textDocument": {"uri": uri}}),
        )
        .await;
    insta::assert_json_snapshot!("sum_code_lens", redact(&lenses));

    let table = c
        .request(
            "workspace/executeCommand",
            json!({"command": "faultline.showAngelicValues", "arguments": [uri, line]}),
        )
        .await;
    assert!(
        table.as_str().unwrap().contains("| test_sum_upto | 1 |"),
        "{table}"
    );

    // Refinement answers with the sub-expressions of diagnosis 1 (`s = 0`: the constant) and
    // the hover shows them.
    let refine = c
        .request(
            "workspace/executeCommand",
            json!({"command": "faultline.refine", "arguments": [uri, 1]}),
        )
        .await;
    // (Which sub-expressions are blamed is the diagnoser's, pinned by its refine tests.)
    assert_eq!(refine["rank"], 1);
    assert!(refine["refinements"].is_array(), "{refine}");
    assert_eq!(
        refine["refined"],
        !refine["refinements"].as_array().unwrap().is_empty()
    );
    assert!(refine["message"]
        .as_str()
        .unwrap()
        .starts_with("Diagnosis 1 "));
    if refine["refined"] == true {
        let hover = c
            .request(
                "textDocument/hover",
                json!({"textDocument": {"uri": uri}, "position": at}),
            )
            .await;
        assert!(hover["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("- refinement "));
    }

    // Progress: created by the server, then begin … end titled "Faultline".
    assert!(c
        .server_requests
        .iter()
        .any(|m| m == "window/workDoneProgress/create"));
    let kinds: Vec<&str> = c
        .log
        .iter()
        .filter(|r| r.msg["method"] == "$/progress")
        .map(|r| r.msg["params"]["value"]["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds.first(), Some(&"begin"));
    assert!(kinds.contains(&"report"));
    c.wait_for(LONG, "progress end", |m| {
        m["method"] == "$/progress" && m["params"]["value"]["kind"] == "end"
    })
    .await;
    c.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn io_example_with_a_minimal_client() {
    // No relatedInformation, no progress, no configuration support: related locations are
    // folded into the message and no progress is created.
    let mut c = Client::start(json!({}), Value::Null).await;
    let uri = c.open("tests/examples/diagnose/max3/max3.c").await;
    let full = c.diagnostics(&uri, LONG, settled).await;
    // The snapshot pins what this crate renders; which lines are in must-sets is the
    // slicer's business (its own tests pin it), so the must-set Hints are checked
    // structurally below instead.
    let mut shown = full.clone();
    shown["diagnostics"]
        .as_array_mut()
        .unwrap()
        .retain(|d| d["severity"] != 4);
    insta::assert_json_snapshot!("max3_diagnostics", redact(&shown));
    for d in by_code(&full, "suspicious") {
        assert!(d.get("relatedInformation").is_none(), "{d}");
        // Lines only in failing tests' must-sets (no diagnosis blames them) are Hints.
        if d["data"]["diagnosis"].is_null() {
            assert_eq!(d["severity"], 4, "{d}");
            assert!(!d["data"]["mustTests"].as_array().unwrap().is_empty());
        }
    }
    assert!(by_code(&full, "test-failure")
        .iter()
        .all(|d| d["message"].as_str().unwrap().contains(" fails: ")));
    let lenses = c
        .request(
            "textDocument/codeLens",
            json!({"textDocument": {"uri": uri}}),
        )
        .await;
    insta::assert_json_snapshot!("max3_code_lens", redact(&lenses));
    assert!(c.server_requests.is_empty(), "{:?}", c.server_requests);
    c.shutdown().await;
}

/// An edit during a long diagnosis cancels it; nothing computed for the old version is
/// published; a save afterwards diagnoses the new version.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn edit_during_diagnosis_cancels_it() {
    let mut c = Client::start(Client::full_capabilities(), Value::Null).await;
    let uri = c.open("tests/examples/diagnose/fib/fib.c").await;
    c.diagnostics(&uri, LONG, |d| has_code(d, "test-failure"))
        .await;
    // The diagnosis of fib enumerates for seconds: wait until it is in the solver.
    let enumerating = c
        .wait_for(LONG, "enumeration progress", |m| {
            m["method"] == "$/progress"
                && m["params"]["value"]["message"]
                    .as_str()
                    .is_some_and(|s| s.starts_with("enumerating"))
        })
        .await;
    let token = enumerating.msg["params"]["token"].clone();
    let edited = Instant::now();
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2},
               "contentChanges": [{"range": {"start": {"line": 0, "character": 0},
                                              "end": {"line": 0, "character": 0}},
                                   "text": "/* edited */\n"}]}),
    )
    .await;
    let token2 = token.clone();
    let end = c
        .wait_for(LONG, "end of the cancelled run", move |m| {
            m["method"] == "$/progress"
                && m["params"]["token"] == token2
                && m["params"]["value"]["kind"] == "end"
        })
        .await;
    let latency = end.at.duration_since(edited);
    // The benchmark measures this precisely; here only "promptly, not after the solver".
    assert!(latency < Duration::from_secs(2), "cancel took {latency:?}");
    // Give a stale result every chance to be published.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let _ = c
        .try_wait_for(Duration::from_millis(100), &|_: &Value| false)
        .await;
    // Diagnoses it found before the edit were published then, with version 1 (and may reach
    // the client after the edit was sent); anything published once the server has the edit
    // carries version 2.
    let stale = c.log.iter().any(|r| {
        r.msg["method"] == "textDocument/publishDiagnostics"
            && r.msg["params"]["version"] == 2
            && has_code(
                r.msg["params"]["diagnostics"].as_array().unwrap(),
                "suspicious",
            )
    });
    assert!(
        !stale,
        "a cancelled diagnosis published results after the edit"
    );

    // New settings take effect (one diagnosis is quick), and a save diagnoses version 2.
    c.configuration = json!({"maxDiagnoses": 1});
    c.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": null}),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    c.notify(
        "textDocument/didSave",
        json!({"textDocument": {"uri": uri}}),
    )
    .await;
    let fresh = c.diagnostics(&uri, LONG, settled).await;
    assert_eq!(fresh["version"], 2);
    let suspicious: Vec<&Value> = by_code(&fresh, "suspicious")
        .into_iter()
        .filter(|d| !d["data"]["diagnosis"].is_null())
        .collect();
    assert!(!suspicious.is_empty());
    assert!(suspicious
        .iter()
        .all(|d| d["message"].as_str().unwrap().contains("suspect 1 of 1")));
    // Line numbers are those of the edited text (one line inserted above).
    assert!(suspicious
        .iter()
        .all(|d| d["range"]["start"]["line"].as_u64().unwrap() >= 3));
    c.shutdown().await;
}

/// The diagnoses are published as they are found, ranked "so far", before the finished list
/// (which holds every one of them) replaces them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn diagnoses_are_shown_as_they_are_found() {
    let mut c = Client::start(Client::full_capabilities(), Value::Null).await;
    let uri = c.open("tests/examples/unit/sum.c").await;
    let first = c
        .diagnostics(&uri, LONG, |d| has_code(d, "suspicious"))
        .await;
    let blamed = |params: &Value| -> Vec<(u64, u64)> {
        by_code(params, "suspicious")
            .into_iter()
            .filter(|d| !d["data"]["diagnosis"].is_null())
            .map(|d| {
                (
                    d["data"]["diagnosis"].as_u64().unwrap(),
                    d["range"]["start"]["line"].as_u64().unwrap(),
                )
            })
            .collect()
    };
    let early = blamed(&first);
    assert!(!early.is_empty(), "{first}");
    assert!(
        by_code(&first, "suspicious")
            .iter()
            .filter(|d| !d["data"]["diagnosis"].is_null())
            .all(|d| so_far(d)),
        "{first}"
    );
    let ended = c
        .log
        .iter()
        .any(|r| r.msg["method"] == "$/progress" && r.msg["params"]["value"]["kind"] == "end");
    assert!(!ended, "shown while the run goes on");
    let last = c.diagnostics(&uri, LONG, settled).await;
    let all = blamed(&last);
    assert!(!all.is_empty(), "{last}");
    // The final list holds more diagnoses than the first report ("suspect R of N"); its order
    // differs from the order of finding only in that diagnoses with a validated repair (searched
    // once the enumeration is done) move first, so the best suspect may change.
    let suspects = |v: &Value| -> usize {
        by_code(v, "suspicious")
            .iter()
            .filter_map(|d| {
                let m = d["message"].as_str()?;
                let rest = &m[m.find(" of ")? + 4..];
                rest.split(|c: char| !c.is_ascii_digit())
                    .next()?
                    .parse()
                    .ok()
            })
            .max()
            .unwrap_or(0)
    };
    assert!(
        suspects(&last) > suspects(&first),
        "sum.c has more diagnoses than the first: {first} {last}"
    );
    c.shutdown().await;
}

fn change(uri: &str, version: i32, range: Option<((u32, u32), (u32, u32))>, text: &str) -> Value {
    let mut change = json!({"text": text});
    if let Some(((a, b), (c, d))) = range {
        change["range"] = json!({"start": {"line": a, "character": b},
                                 "end": {"line": c, "character": d}});
    }
    json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_edits_and_requests_do_not_break_the_server() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("twice.c");
    let text = "#include <assert.h>\nint twice(int x) { return x + x; }\n\
                void test_twice(void) { assert(twice(3) == 7); }\n";
    std::fs::write(&path, text).unwrap();
    let uri = format!("file://{}", path.display());
    let mut c = Client::start(json!({}), Value::Null).await;
    c.open_text(&uri, text).await;
    c.diagnostics(&uri, LONG, |d| {
        d.iter()
            .any(|x| x["message"] == "test_twice fails: expected 7, got 6")
    })
    .await;

    // A reversed range, its start past the end of the line: the whole line is replaced.
    c.notify(
        "textDocument/didChange",
        change(
            &uri,
            2,
            Some(((2, 999), (2, 0))),
            "void test_twice(void) { assert(twice(3) == 9); }",
        ),
    )
    .await;
    // Past the end of the file: appended. Then a range starting inside a surrogate pair.
    c.notify(
        "textDocument/didChange",
        change(&uri, 3, Some(((99, 0), (100, 5))), "/* 😀 tail */\n"),
    )
    .await;
    c.notify(
        "textDocument/didChange",
        change(&uri, 4, Some(((3, 4), (3, 5))), "x"),
    )
    .await;
    // Events for documents that are not open, and nonsense requests.
    let other = "file:///nonexistent/never-opened.c";
    c.notify("textDocument/didChange", change(other, 9, None, "int x;"))
        .await;
    c.notify(
        "textDocument/didSave",
        json!({"textDocument": {"uri": other}}),
    )
    .await;
    c.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": other}}),
    )
    .await;
    let hover = c
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": 100000, "character": 7}}),
        )
        .await;
    assert_eq!(hover, Value::Null);
    let hints = c
        .request(
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": other}, "range": whole_document()}),
        )
        .await;
    assert_eq!(hints, Value::Null);
    let unknown = c
        .request(
            "workspace/executeCommand",
            json!({"command": "faultline.nope", "arguments": []}),
        )
        .await;
    assert!(unknown["code"].is_number(), "an error response: {unknown}");
    let bad_args = c
        .request(
            "workspace/executeCommand",
            json!({"command": "faultline.refine", "arguments": [42]}),
        )
        .await;
    assert!(bad_args["code"].is_number(), "{bad_args}");

    // A syntax error is published at once, without a save.
    c.notify(
        "textDocument/didChange",
        change(&uri, 5, Some(((4, 0), (4, 0))), "int broken(\n"),
    )
    .await;
    let syntax = c.diagnostics(&uri, LONG, |d| has_code(d, "syntax")).await;
    assert_eq!(syntax["version"], 5);

    // Saving analyses the server's copy of the text: every edit above landed where expected.
    c.notify(
        "textDocument/didChange",
        change(&uri, 6, Some(((4, 0), (5, 0))), ""),
    )
    .await;
    c.diagnostics(&uri, LONG, |d| !has_code(d, "syntax")).await;
    c.notify(
        "textDocument/didSave",
        json!({"textDocument": {"uri": uri}}),
    )
    .await;
    let saved = c
        .diagnostics(&uri, LONG, |d| {
            d.iter()
                .any(|x| x["message"] == "test_twice fails: expected 9, got 6")
        })
        .await;
    assert_eq!(saved["version"], 6);
    // An untitled buffer is not analysed but says why.
    c.open_text("untitled:Untitled-1", "int main(void) { return 0; }")
        .await;
    let untitled = c
        .diagnostics("untitled:Untitled-1", LONG, |d| has_code(d, "config"))
        .await;
    assert!(untitled["diagnostics"][0]["message"]
        .as_str()
        .unwrap()
        .contains("files on disk"));

    // Closing frees the document and clears its diagnostics.
    c.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri}}),
    )
    .await;
    c.diagnostics(&uri, LONG, |d| d.is_empty()).await;
    let lenses = c
        .request(
            "textDocument/codeLens",
            json!({"textDocument": {"uri": uri}}),
        )
        .await;
    assert_eq!(lenses, Value::Null, "closed documents are forgotten");
    c.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_and_coalesced_saves() {
    // runOnOpen off (initializationOptions, the fallback when the client has no
    // workspace/configuration): opening publishes only syntax (none here).
    let caps = json!({"window": {"workDoneProgress": true}});
    let mut c = Client::start(caps, json!({"runOnOpen": false})).await;
    let uri = c.open("tests/examples/unit/sum.c").await;
    let opened = c.diagnostics(&uri, LONG, |_| true).await;
    assert_eq!(opened["diagnostics"], json!([]));
    let nothing = c
        .try_wait_for(Duration::from_millis(500), &|m: &Value| {
            m["method"] == "textDocument/publishDiagnostics"
        })
        .await;
    assert!(nothing.is_none(), "no run on open: {nothing:?}");

    // Five saves in a burst start one run.
    for _ in 0..5 {
        c.notify(
            "textDocument/didSave",
            json!({"textDocument": {"uri": uri}}),
        )
        .await;
    }
    c.diagnostics(&uri, LONG, settled).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let _ = c
        .try_wait_for(Duration::from_millis(100), &|_: &Value| false)
        .await;
    let created = c
        .server_requests
        .iter()
        .filter(|m| *m == "window/workDoneProgress/create")
        .count();
    assert_eq!(created, 1, "one run for a burst of saves");

    // The rerun command runs regardless of runOnSave.
    let r = c
        .request(
            "workspace/executeCommand",
            json!({"command": "faultline.rerunTests", "arguments": [uri]}),
        )
        .await;
    assert_eq!(r, Value::Null);
    c.diagnostics(&uri, LONG, |d| has_code(d, "test-failure"))
        .await;
    // The rerun's last publication: its suspicious lines.
    c.diagnostics(&uri, LONG, settled).await;

    // Without workspace/configuration, didChangeConfiguration's own settings apply: with
    // runOnSave off a save runs nothing.
    c.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"faultline": {"runOnSave": false}}}),
    )
    .await;
    c.notify(
        "textDocument/didSave",
        json!({"textDocument": {"uri": uri}}),
    )
    .await;
    let ran = c
        .try_wait_for(Duration::from_millis(500), &|m: &Value| {
            m["method"] == "textDocument/publishDiagnostics"
        })
        .await;
    assert!(ran.is_none(), "runOnSave off: {ran:?}");
    c.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exit_during_a_diagnosis_is_prompt() {
    let mut c = Client::start(json!({}), Value::Null).await;
    let uri = c.open("tests/examples/diagnose/fib/fib.c").await;
    c.diagnostics(&uri, LONG, |d| has_code(d, "test-failure"))
        .await;
    let start = Instant::now();
    c.shutdown().await;
    assert!(start.elapsed() < Duration::from_secs(3));
}

/// Cancelling the work-done progress in the client stops the diagnosis; the test failures stay.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn client_cancels_the_progress() {
    let mut c = Client::start(Client::full_capabilities(), Value::Null).await;
    let uri = c.open("tests/examples/diagnose/fib/fib.c").await;
    let enumerating = c
        .wait_for(LONG, "enumeration progress", |m| {
            m["method"] == "$/progress"
                && m["params"]["value"]["message"]
                    .as_str()
                    .is_some_and(|s| s.starts_with("enumerating"))
        })
        .await;
    let token = enumerating.msg["params"]["token"].clone();
    let cancelled = Instant::now();
    c.notify("window/workDoneProgress/cancel", json!({"token": token}))
        .await;
    let end = c
        .wait_for(LONG, "progress end", move |m| {
            m["method"] == "$/progress"
                && m["params"]["token"] == token
                && m["params"]["value"]["kind"] == "end"
        })
        .await;
    assert!(end.at.duration_since(cancelled) < Duration::from_secs(2));
    // What was published last still shows the failing tests; the diagnoses found before the
    // cancel (if any) stay, no longer "so far" (that more may exist is said in the hover's
    // Details, not by a diagnostic beside the failing assert's).
    let last = c
        .log
        .iter()
        .rev()
        .find(|r| r.msg["method"] == "textDocument/publishDiagnostics")
        .unwrap()
        .msg["params"]["diagnostics"]
        .clone();
    let last = last.as_array().unwrap();
    assert!(has_code(last, "test-failure"), "{last:?}");
    assert!(!last.iter().any(so_far), "{last:?}");
    assert!(!has_code(last, "incomplete"), "{last:?}");
    let _ = uri;
    c.shutdown().await;
}

/// Never stale (issue 27 item 2): after every analysis the client is asked to refresh lenses
/// and hints; after an edit, views are computed from nothing older than the edited text; once
/// the fix passes every test, no Faultline decoration remains.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn views_never_outlive_the_text_they_describe() {
    let mut c = Client::start(Client::full_capabilities(), Value::Null).await;
    let uri = c.open("tests/examples/unit/sum.c").await;
    let full = c.diagnostics(&uri, LONG, settled).await;
    let count = |c: &Client, m: &str| c.server_requests.iter().filter(|r| *r == m).count();
    let hints_before = count(&c, "workspace/inlayHint/refresh");
    let lenses_before = count(&c, "workspace/codeLens/refresh");
    assert!(
        hints_before >= 1 && lenses_before >= 1,
        "{:?}",
        c.server_requests
    );
    let views = |uri: &str| {
        let uri = uri.to_string();
        (
            json!({"textDocument": {"uri": uri}, "range": whole_document()}),
            json!({"textDocument": {"uri": uri}}),
            json!({"textDocument": {"uri": uri}, "position": {"line": 17, "character": 18}}),
        )
    };
    let (hint_params, lens_params, hover_params) = views(&uri);
    let hints = c
        .request("textDocument/inlayHint", hint_params.clone())
        .await;
    assert!(!hints.as_array().unwrap().is_empty(), "{hints}");
    let lenses = c
        .request("textDocument/codeLens", lens_params.clone())
        .await;
    assert!(!lenses.as_array().unwrap().is_empty(), "{lenses}");
    let _ = full;

    // The fix, typed: `i < n` → `i <= n`. Requests right after the edit get nothing.
    c.notify(
        "textDocument/didChange",
        change(&uri, 2, Some(((17, 18), (17, 19))), "<="),
    )
    .await;
    assert_eq!(
        c.request("textDocument/inlayHint", hint_params.clone())
            .await,
        Value::Null
    );
    assert_eq!(
        c.request("textDocument/codeLens", lens_params.clone())
            .await,
        Value::Null
    );
    assert_eq!(
        c.request("textDocument/hover", hover_params.clone()).await,
        Value::Null
    );
    let actions = c
        .request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri}, "range": whole_document(),
                   "context": {"diagnostics": []}}),
        )
        .await;
    assert_eq!(actions, Value::Null);
    // And the client was told to pull them again.
    let _ = c
        .try_wait_for(Duration::from_millis(300), &|_: &Value| false)
        .await;
    assert!(count(&c, "workspace/inlayHint/refresh") > hints_before);
    assert!(count(&c, "workspace/codeLens/refresh") > lenses_before);
    let (hints_edited, lenses_edited) = (
        count(&c, "workspace/inlayHint/refresh"),
        count(&c, "workspace/codeLens/refresh"),
    );

    // Saved: every test passes, and nothing of Faultline remains.
    c.notify(
        "textDocument/didSave",
        json!({"textDocument": {"uri": uri}}),
    )
    .await;
    let fixed = c.diagnostics(&uri, LONG, |d| d.is_empty()).await;
    assert_eq!(fixed["version"], 2);
    let _ = c
        .try_wait_for(Duration::from_millis(300), &|_: &Value| false)
        .await;
    assert!(count(&c, "workspace/inlayHint/refresh") > hints_edited);
    assert!(count(&c, "workspace/codeLens/refresh") > lenses_edited);
    assert_eq!(
        c.request("textDocument/inlayHint", hint_params).await,
        json!([])
    );
    assert_eq!(
        c.request("textDocument/codeLens", lens_params).await,
        json!([])
    );
    assert_eq!(
        c.request("textDocument/hover", hover_params).await,
        Value::Null
    );
    c.shutdown().await;
}

/// The validated repair is offered as the preferred quick fix; applying its edit and saving
/// makes every test pass.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn applying_the_preferred_repair_makes_every_test_pass() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("abs.c");
    let text =
        std::fs::read_to_string(support::repo_root().join("tests/examples/diagnose/abs/abs.c"))
            .unwrap();
    std::fs::write(&path, &text).unwrap();
    let uri = format!("file://{}", path.display());
    let mut c = Client::start(json!({}), Value::Null).await;
    c.open_text(&uri, &text).await;
    let full = c.diagnostics(&uri, LONG, settled).await;
    // The fault ranks first and its diagnostic names the fix.
    let rank1: Vec<&Value> = by_code(&full, "suspicious")
        .into_iter()
        .filter(|d| d["data"]["rank"] == 1)
        .collect();
    assert_eq!(rank1.len(), 1, "{full}");
    assert_eq!(rank1[0]["range"]["start"]["line"], 5);
    let message = rank1[0]["message"].as_str().unwrap();
    assert!(
        message.contains("fix: `x < -1` → `x <= -1` (all 4 tests pass)"),
        "{message}"
    );
    let hover = c
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": rank1[0]["range"]["start"]}),
        )
        .await;
    assert!(hover["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("passing the tests is what was checked"));

    let actions = c
        .request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri}, "range": whole_document(),
                   "context": {"diagnostics": []}}),
        )
        .await;
    let preferred: Vec<&Value> = actions
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["isPreferred"] == true)
        .collect();
    assert_eq!(preferred.len(), 1, "{actions:#}");
    let fix = preferred[0];
    assert_eq!(fix["title"], "Fix: `x < -1` → `x <= -1` (all 4 tests pass)");
    assert_eq!(fix["kind"], "quickfix");
    let edits = fix["edit"]["changes"][uri.as_str()].as_array().unwrap();
    assert_eq!(edits.len(), 1);
    // The other repair is offered too, not preferred.
    assert!(actions.as_array().unwrap().iter().any(|a| a["title"]
        == "Fix: `x < -1` → `x < 0` (all 4 tests pass)"
        && a["isPreferred"] == false));

    // Apply the edit as an editor would (positions are UTF-16; this text is ASCII).
    let e = &edits[0];
    let offset = |p: &Value| {
        let (line, ch) = (
            p["line"].as_u64().unwrap(),
            p["character"].as_u64().unwrap(),
        );
        text.split_inclusive('\n')
            .take(line as usize)
            .map(str::len)
            .sum::<usize>()
            + ch as usize
    };
    let (start, end) = (offset(&e["range"]["start"]), offset(&e["range"]["end"]));
    let fixed = format!(
        "{}{}{}",
        &text[..start],
        e["newText"].as_str().unwrap(),
        &text[end..]
    );
    assert!(fixed.contains("if (x <= -1)"), "{fixed}");
    std::fs::write(&path, &fixed).unwrap();
    c.notify("textDocument/didChange", change(&uri, 2, None, &fixed))
        .await;
    c.notify(
        "textDocument/didSave",
        json!({"textDocument": {"uri": uri}}),
    )
    .await;
    let after = c
        .diagnostics(&uri, LONG, |d| {
            !has_code(d, "test-failure") && !has_code(d, "suspicious")
        })
        .await;
    assert_eq!(after["version"], 2, "{after}");
    c.shutdown().await;
}

/// A repair of several statements is one quick fix: one `WorkspaceEdit` with a `TextEdit` per
/// statement (three rates, each one too low). Applying all of them and saving makes every test
/// pass; the diagnostic and the hover name the three changes as one fix.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_joint_repair_is_one_quick_fix_with_an_edit_per_statement() {
    let dir = tempfile::tempdir().unwrap();
    let example = support::repo_root().join("tests/examples/diagnose/tariff");
    let text = std::fs::read_to_string(example.join("tariff.c")).unwrap();
    std::fs::copy(
        example.join("faultline.toml"),
        dir.path().join("faultline.toml"),
    )
    .unwrap();
    let path = dir.path().join("tariff.c");
    std::fs::write(&path, &text).unwrap();
    let uri = format!("file://{}", path.display());
    let mut c = Client::start(json!({}), Value::Null).await;
    c.open_text(&uri, &text).await;
    let full = c.diagnostics(&uri, LONG, settled).await;
    const WORDS: &str = "`rate = 3` → `rate = 4`, `rate = 6` → `rate = 7`, \
                         `rate = 9` → `rate = 10` together (all 6 tests pass)";
    let rank1: Vec<&Value> = by_code(&full, "suspicious")
        .into_iter()
        .filter(|d| d["data"]["rank"] == 1)
        .collect();
    assert!(!rank1.is_empty(), "{full}");
    assert!(
        rank1.iter().all(|d| d["message"]
            .as_str()
            .unwrap()
            .contains(&format!("fix: {WORDS}"))),
        "{full}"
    );
    let hover = c
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": rank1[0]["range"]["start"]}),
        )
        .await;
    assert!(
        hover["contents"]["value"].as_str().unwrap().contains(WORDS),
        "{hover}"
    );

    let actions = c
        .request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri}, "range": whole_document(),
                   "context": {"diagnostics": []}}),
        )
        .await;
    let preferred: Vec<&Value> = actions
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["isPreferred"] == true)
        .collect();
    assert_eq!(preferred.len(), 1, "{actions:#}");
    let fix = preferred[0];
    assert_eq!(fix["title"], format!("Fix: {WORDS}"));
    let edits = fix["edit"]["changes"][uri.as_str()].as_array().unwrap();
    assert_eq!(edits.len(), 3, "{fix:#}");
    // Asked about one rate's line alone, the same fix (all three edits) is offered.
    let on_line_11 = c
        .request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri},
                   "range": {"start": {"line": 10, "character": 0},
                             "end": {"line": 10, "character": 0}},
                   "context": {"diagnostics": []}}),
        )
        .await;
    assert!(
        on_line_11
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a["title"] == format!("Fix: {WORDS}")
                && a["edit"]["changes"][uri.as_str()].as_array().unwrap().len() == 3),
        "{on_line_11:#}"
    );

    // Apply every edit as an editor would: from the last one back (positions are UTF-16;
    // this text is ASCII).
    let offset = |p: &Value| {
        let (line, ch) = (
            p["line"].as_u64().unwrap(),
            p["character"].as_u64().unwrap(),
        );
        text.split_inclusive('\n')
            .take(line as usize)
            .map(str::len)
            .sum::<usize>()
            + ch as usize
    };
    let mut spans: Vec<(usize, usize, &str)> = edits
        .iter()
        .map(|e| {
            (
                offset(&e["range"]["start"]),
                offset(&e["range"]["end"]),
                e["newText"].as_str().unwrap(),
            )
        })
        .collect();
    spans.sort_by_key(|s| std::cmp::Reverse(s.0));
    let mut fixed = text.clone();
    for (start, end, new) in spans {
        fixed.replace_range(start..end, new);
    }
    for rate in ["rate = 4;", "rate = 7;", "rate = 10;"] {
        assert!(fixed.contains(rate), "{fixed}");
    }
    std::fs::write(&path, &fixed).unwrap();
    c.notify("textDocument/didChange", change(&uri, 2, None, &fixed))
        .await;
    c.notify(
        "textDocument/didSave",
        json!({"textDocument": {"uri": uri}}),
    )
    .await;
    let after = c
        .diagnostics(&uri, LONG, |d| {
            !has_code(d, "test-failure") && !has_code(d, "suspicious")
        })
        .await;
    assert_eq!(after["version"], 2, "{after}");
    c.shutdown().await;
}

/// A condition written over two lines whose fault is on the second: the editor's diagnostic
/// for the first diagnosis covers the fix's place on that line (as the CLI's `line` names it),
/// not the line the `if` starts on, and hovering there shows the diagnosis.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_two_line_condition_is_marked_on_the_line_of_its_fix() {
    let mut c = Client::start(Client::full_capabilities(), Value::Null).await;
    let uri = c.open("tests/examples/multiline/vowels.c").await;
    let full = c.diagnostics(&uri, LONG, settled).await;
    let first: Vec<&Value> = by_code(&full, "suspicious")
        .into_iter()
        .filter(|d| d["data"]["diagnosis"] == 1)
        .collect();
    assert_eq!(first.len(), 1, "{full}");
    let range = &first[0]["range"];
    // 0-based: line 9 of the file.
    assert_eq!(range["start"]["line"], 8, "{range}");
    assert_eq!(range["end"]["line"], 8, "{range}");
    let hover = c
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": range["start"]}),
        )
        .await;
    assert!(hover.to_string().contains("line 9"), "{hover}");
    c.shutdown().await;
}
