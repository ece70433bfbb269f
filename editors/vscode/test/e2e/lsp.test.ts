// End to end: the real `faultline lsp` (FAULTLINE_BIN) driven over stdio with vscode-jsonrpc
// through a whole editing session on the bundled example tests/examples/diagnose/abs/abs.c,
// whose `if (x < -1)` on line 6 should be `x < 0`: test_minus_one fails at its assert (line 28);
// the diagnoses are `return x` on line 8 (angelic value 1) and the condition on line 6 (angelic
// value true). Lines below are 0-based as in LSP.
//
// The assertions are the protocol behaviour an editor relies on (where things are, which
// severity, that hovers, hints, actions and lenses exist and name the failing test), not the
// server's wording or its ranking, which crates/faultline-lsp snapshots and tests itself.

import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { after, before, describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import {
  CodeAction,
  CodeActionRequest,
  CodeLensRequest,
  Command,
  Diagnostic,
  DiagnosticSeverity,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DidSaveTextDocumentNotification,
  ExecuteCommandRequest,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  InitializeResult,
  InlayHintRequest,
  MarkupContent,
  TextDocumentSyncKind,
} from "vscode-languageserver-protocol";

import { CLIENT_CAPABILITIES, REPO_ROOT, Server } from "./server";

const EXAMPLE = path.join(REPO_ROOT, "tests", "examples", "diagnose", "abs", "abs.c");
const SETTINGS = {
  runOnSave: true,
  runOnOpen: true,
  maxDiagnoses: 10,
  timeoutSeconds: 30,
  unwind: null,
  algorithm: "cfaults",
};

const RETURN_X = 7; // `    return x;`
const CONDITION = 5; // `    if (x < -1)`
const FAILING_ASSERT = 27; // `    assert(absolute(-1) == 1);`
const TEST_FUNCTIONS = [10, 15, 20, 25]; // `void test_positive(void)` ...

const byCode = (ds: Diagnostic[], code: string) => ds.filter((d) => d.code === code);
/** The finished diagnosis's suspicious lines: while it runs, the diagnoses found so far are
 * published with ranks "of N so far". */
const settled = (ds: Diagnostic[]) =>
  byCode(ds, "suspicious").length > 0 &&
  !byCode(ds, "suspicious").some((d) => d.message.includes(" so far"));
const suspiciousLines = (ds: Diagnostic[]) =>
  [...new Set(byCode(ds, "suspicious").map((d) => d.range.start.line))].sort((a, b) => a - b);
const markdown = (contents: unknown): string => {
  if (typeof contents === "string") return contents;
  if (Array.isArray(contents)) return contents.map(markdown).join("\n");
  return (contents as MarkupContent).value;
};

describe("faultline lsp over stdio (vscode-jsonrpc)", () => {
  let dir: string;
  let file: string;
  let uri: string;
  let text: string;
  let server: Server;
  let init: InitializeResult;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "faultline-e2e-"));
    file = path.join(dir, "abs.c");
    fs.copyFileSync(EXAMPLE, file);
    text = fs.readFileSync(file, "utf8");
    uri = pathToFileURL(file).toString();
    server = new Server(dir, SETTINGS);
    init = await server.connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      clientInfo: { name: "faultline-e2e", version: "0" },
      rootUri: pathToFileURL(dir).toString(),
      workspaceFolders: [{ uri: pathToFileURL(dir).toString(), name: "e2e" }],
      capabilities: CLIENT_CAPABILITIES,
      initializationOptions: SETTINGS,
    });
    await server.connection.sendNotification(InitializedNotification.type, {});
  });

  after(() => {
    server?.kill();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("announces the contract's capabilities", () => {
    const caps = init.capabilities;
    const sync = caps.textDocumentSync;
    assert.ok(typeof sync === "object" && sync !== null, "textDocumentSync options");
    assert.equal(sync.change, TextDocumentSyncKind.Incremental);
    assert.equal(sync.openClose, true);
    assert.ok(sync.save, "save notifications");
    assert.ok(caps.hoverProvider);
    assert.ok(caps.inlayHintProvider);
    assert.ok(caps.codeActionProvider);
    assert.ok(caps.codeLensProvider);
    const commands = caps.executeCommandProvider?.commands ?? [];
    for (const c of ["faultline.rerunTests", "faultline.refine", "faultline.showAngelicValues"]) {
      assert.ok(commands.includes(c), `executeCommandProvider lacks ${c}: ${commands}`);
    }
  });

  it("publishes the failing test at its assert, then the suspicious lines, on open", async () => {
    await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: "c", version: 1, text },
    });
    const failures = await server.waitForDiagnostics(
      uri,
      (ds) => byCode(ds, "test-failure").length > 0,
      "test-failure diagnostics",
    );
    const [failure, ...others] = byCode(failures.diagnostics, "test-failure");
    assert.equal(others.length, 0, "only test_minus_one fails");
    assert.equal(failure.severity, DiagnosticSeverity.Error);
    assert.equal(failure.source, "faultline");
    assert.deepEqual(failure.range, {
      start: { line: FAILING_ASSERT, character: 4 },
      end: { line: FAILING_ASSERT, character: 29 },
    });
    assert.match(failure.message, /test_minus_one/);
    assert.match(failure.message, /-1/);

    const suspicious = await server.waitForDiagnostics(
      uri,
      settled,
      "suspicious-line diagnostics",
    );
    assert.equal(suspicious.version, 1, "diagnostics carry the version they were computed for");
    const ds = suspicious.diagnostics;
    // Only the two statements a repair can change are suspects, and at least one is a warning.
    const lines = suspiciousLines(ds);
    assert.ok(lines.length > 0 && lines.every((l) => l === CONDITION || l === RETURN_X), JSON.stringify(ds));
    const warnings = byCode(ds, "suspicious").filter((d) => d.severity === DiagnosticSeverity.Warning);
    assert.ok(warnings.length > 0, JSON.stringify(ds));
    for (const d of byCode(ds, "suspicious")) {
      assert.equal(d.source, "faultline");
      assert.ok(d.message.trim().length > 0);
      // Each range covers the statement's own text: `return x` or the condition `x < -1`.
      assert.deepEqual(
        d.range,
        d.range.start.line === RETURN_X
          ? { start: { line: RETURN_X, character: 4 }, end: { line: RETURN_X, character: 12 } }
          : { start: { line: CONDITION, character: 8 }, end: { line: CONDITION, character: 14 } },
      );
    }
    // relatedInformation leads from the suspect to the failing assert.
    const related = warnings[0].relatedInformation ?? [];
    assert.ok(
      related.some((r) => r.location.uri === uri && r.location.range.start.line === FAILING_ASSERT),
      JSON.stringify(related),
    );
    // The failing test is still reported next to the suspicious lines.
    assert.equal(byCode(ds, "test-failure").length, 1);
  });

  it("hovers a suspicious statement with what the failing test needed", async () => {
    const published = server.published.filter((p) => p.uri === uri).at(-1)!;
    const warning = byCode(published.diagnostics, "suspicious").find((d) => d.severity === DiagnosticSeverity.Warning)!;
    const hover = await server.connection.sendRequest(HoverRequest.type, {
      textDocument: { uri },
      position: { line: warning.range.start.line, character: warning.range.start.character + 1 },
    });
    assert.ok(hover, "a hover on the warned statement");
    const md = markdown(hover.contents);
    assert.match(md, /test_minus_one/);
    // The value the statement should have produced: 1 for `return x`, true for the condition.
    assert.match(md, warning.range.start.line === RETURN_X ? /\b1\b/ : /\btrue\b/);

    const none = await server.connection.sendRequest(HoverRequest.type, {
      textDocument: { uri },
      position: { line: 0, character: 3 },
    });
    assert.equal(none, null, "no hover on the comment");
  });

  it("shows the angelic value as an inlay hint after the suspicious statement", async () => {
    const hints = await server.connection.sendRequest(InlayHintRequest.type, {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 40, character: 0 } },
    });
    assert.ok(hints && hints.length > 0, "inlay hints");
    const label = (h: (typeof hints)[number]) =>
      typeof h.label === "string" ? h.label : h.label.map((p) => p.value).join("");
    const lines = text.split("\n");
    for (const h of hints) {
      // On a suspect, after the statement (never inside it, where it would read as code).
      assert.ok(h.position.line === RETURN_X || h.position.line === CONDITION, JSON.stringify(h));
      const statementEnd = h.position.line === RETURN_X ? 12 : 14;
      assert.ok(h.position.character >= statementEnd, JSON.stringify(h));
      assert.ok(h.position.character <= lines[h.position.line].length, JSON.stringify(h));
      // The value it should have produced: 1 for `return x`, true for the condition.
      assert.match(label(h), h.position.line === RETURN_X ? /\b1\b/ : /\btrue\b/);
    }
  });

  it("offers the angelic values and a preferred quick fix as code actions", async () => {
    const published = server.published.filter((p) => p.uri === uri).at(-1)!;
    const onLine = published.diagnostics.filter((d) => d.range.start.line === RETURN_X);
    const actions = (await server.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: { start: { line: RETURN_X, character: 4 }, end: { line: RETURN_X, character: 4 } },
      context: { diagnostics: onLine },
    })) as (CodeAction | Command)[];
    assert.ok(actions && actions.length > 0, "code actions on `return x`");
    const titles = actions.map((a) => a.title);
    assert.ok(titles.every((t) => t.trim().length > 0), JSON.stringify(titles));
    // A quick fix with an edit of a suspect line; at most one action is preferred.
    const fixes = actions.filter((a) => "kind" in a && a.kind === "quickfix") as CodeAction[];
    assert.ok(fixes.length > 0, `a quick fix: ${JSON.stringify(titles)}`);
    const preferred = actions.filter((a) => "isPreferred" in a && a.isPreferred) as CodeAction[];
    assert.ok(preferred.length <= 1, JSON.stringify(actions));
    for (const fix of fixes.filter((f) => f.edit)) {
      for (const edit of fix.edit?.changes?.[uri] ?? []) {
        assert.ok(edit.range.start.line === RETURN_X || edit.range.start.line === CONDITION, JSON.stringify(fix));
        assert.equal(edit.range.start.line, edit.range.end.line, JSON.stringify(fix));
      }
    }
  });

  it("puts a code lens on each test, the failing one saying so", async () => {
    const lenses = await server.connection.sendRequest(CodeLensRequest.type, {
      textDocument: { uri },
    });
    assert.ok(lenses, "code lenses");
    assert.deepEqual(
      lenses.map((l) => l.range.start.line),
      TEST_FUNCTIONS,
      JSON.stringify(lenses),
    );
    const titles = lenses.map((l) => l.command?.title ?? "");
    assert.match(titles[0], /test_positive.*pass/);
    assert.match(titles[1], /test_zero.*pass/);
    assert.match(titles[2], /test_large_negative.*pass/);
    assert.match(titles[3], /test_minus_one.*fail/);
    assert.match(titles[3], /-1/);
    for (const lens of lenses) {
      assert.equal(lens.command?.command, "faultline.rerunTests");
      assert.deepEqual(lens.command?.arguments, [uri]);
    }
  });

  it("answers faultline.showAngelicValues with the line's angelic values", async () => {
    const md = await server.connection.sendRequest(ExecuteCommandRequest.type, {
      command: "faultline.showAngelicValues",
      arguments: [uri, RETURN_X],
    });
    assert.equal(typeof md, "string", JSON.stringify(md));
    assert.match(md as string, /test_minus_one/);
    assert.match(md as string, /\b1\b/);
  });

  it("reruns the tests on faultline.rerunTests", async () => {
    const before = server.published.length;
    await server.connection.sendRequest(ExecuteCommandRequest.type, {
      command: "faultline.rerunTests",
      arguments: [uri],
    });
    const again = await server.waitForDiagnostics(
      uri,
      (ds) => byCode(ds, "test-failure").length === 1,
      "test-failure diagnostics after faultline.rerunTests",
      20000,
      before,
    );
    assert.equal(byCode(again.diagnostics, "test-failure")[0].range.start.line, FAILING_ASSERT);
  });

  it("clears every diagnostic once the fix is typed and saved", async () => {
    // `if (x < -1)` → `if (x < 0)`: an incremental edit of "-1" (characters 12..14).
    const line = text.split("\n")[CONDITION];
    assert.equal(line.slice(12, 14), "-1");
    const before = server.published.length;
    await server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: 2 },
      contentChanges: [
        {
          range: { start: { line: CONDITION, character: 12 }, end: { line: CONDITION, character: 14 } },
          text: "0",
        },
      ],
    });
    const fixed = text.replace("if (x < -1)", "if (x < 0)");
    fs.writeFileSync(file, fixed);
    await server.connection.sendNotification(DidSaveTextDocumentNotification.type, {
      textDocument: { uri },
      text: fixed,
    });
    const clean = await server.waitForDiagnostics(
      uri,
      (ds, p) => ds.length === 0 && p.version === 2,
      "empty diagnostics for version 2",
      20000,
      before,
    );
    assert.equal(clean.version, 2);
    // Nothing computed for version 1 may arrive after version 2's result.
    const later = server.published.slice(server.published.indexOf(clean) + 1);
    assert.ok(
      later.every((p) => p.uri !== uri || p.diagnostics.length === 0),
      `stale diagnostics after the fix: ${JSON.stringify(later)}`,
    );
    const hints = await server.connection.sendRequest(InlayHintRequest.type, {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 40, character: 0 } },
    });
    assert.equal(hints?.length ?? 0, 0, `no inlay hints once all tests pass: ${JSON.stringify(hints)}`);
  });

  it("publishes a syntax error as soon as it is typed, and clears it when undone", async () => {
    // Delete the `)` of `if (x < 0)` (version 3), no save: the parse error is reported at once.
    let before = server.published.length;
    await server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: 3 },
      contentChanges: [
        {
          range: { start: { line: CONDITION, character: 13 }, end: { line: CONDITION, character: 14 } },
          text: "",
        },
      ],
    });
    const broken = await server.waitForDiagnostics(
      uri,
      (_, p) => p.version === 3,
      "diagnostics for the broken version 3",
      20000,
      before,
    );
    const syntax = byCode(broken.diagnostics, "syntax");
    assert.equal(syntax.length, 1, JSON.stringify(broken.diagnostics));
    assert.equal(syntax[0].severity, DiagnosticSeverity.Error);
    assert.equal(syntax[0].range.start.line, CONDITION);
    assert.match(syntax[0].message, /\)/);
    // Retype it (version 4): the error goes away without a save.
    before = server.published.length;
    await server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: 4 },
      contentChanges: [
        {
          range: { start: { line: CONDITION, character: 13 }, end: { line: CONDITION, character: 13 } },
          text: ")",
        },
      ],
    });
    const repaired = await server.waitForDiagnostics(
      uri,
      (_, p) => p.version === 4,
      "diagnostics for the repaired version 4",
      20000,
      before,
    );
    assert.deepEqual(byCode(repaired.diagnostics, "syntax"), []);
  });

  it("reports progress through work-done progress", () => {
    assert.ok(server.progressTokens.length > 0, "window/workDoneProgress/create was requested");
    const kinds = server.progress.map((p) => (p as { value?: { kind?: string } }).value?.kind);
    assert.ok(kinds.includes("begin"), JSON.stringify(server.progress));
    assert.ok(kinds.includes("end"), JSON.stringify(server.progress));
  });

  it("shuts down and exits with code 0", async () => {
    const code = await server.shutdown();
    assert.equal(code, 0, server.log());
  });
});

describe("faultline lsp settings from the client", () => {
  let dir: string;
  let uri: string;
  let server: Server;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "faultline-e2e-settings-"));
    const file = path.join(dir, "abs.c");
    fs.copyFileSync(EXAMPLE, file);
    uri = pathToFileURL(file).toString();
    const settings = { ...SETTINGS, maxDiagnoses: 1 };
    server = new Server(dir, settings);
    await server.connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: pathToFileURL(dir).toString(),
      workspaceFolders: [{ uri: pathToFileURL(dir).toString(), name: "e2e" }],
      capabilities: CLIENT_CAPABILITIES,
      initializationOptions: settings,
    });
    await server.connection.sendNotification(InitializedNotification.type, {});
    await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: "c", version: 1, text: fs.readFileSync(file, "utf8") },
    });
  });

  after(() => {
    server?.kill();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** N of every "suspect R of N" the suspicious diagnostics name. */
  const suspectCounts = (ds: Diagnostic[]) =>
    byCode(ds, "suspicious").flatMap((d) => {
      const m = /suspect \d+ of (\d+)/i.exec(d.message);
      return m ? [Number(m[1])] : [];
    });

  /** Lines a diagnosis blames (hints are must-set-only lines, not diagnoses). */
  const blamed = (ds: Diagnostic[]) =>
    suspiciousLines(byCode(ds, "suspicious").filter((d) => d.severity !== DiagnosticSeverity.Hint));

  it("diagnoses with the initial maxDiagnoses = 1", async () => {
    const p = await server.waitForDiagnostics(
      uri,
      settled,
      "suspicious-line diagnostics",
    );
    // The real fault, with its validated repair, is the one suspect shown.
    assert.deepEqual(blamed(p.diagnostics), [CONDITION]);
    assert.deepEqual(suspectCounts(p.diagnostics), [1]);
  });

  it("picks up changed settings after didChangeConfiguration", async () => {
    const pulls = () => server.requests.filter((r) => r.method === "workspace/configuration").length;
    const pullsBefore = pulls();
    server.settings = { ...SETTINGS, maxDiagnoses: 10 };
    await server.connection.sendNotification("workspace/didChangeConfiguration", { settings: null });
    // The server pulls the section again (the client supports workspace/configuration).
    const deadline = Date.now() + 10000;
    while (pulls() === pullsBefore && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.ok(pulls() > pullsBefore, "the server did not ask for the configuration again");
    // The answer and a rerun travel on different paths inside the server, so rerun until the
    // new bound shows (it must within a few runs).
    // Only the best suspect is squiggled; the number of suspects ("suspect 1 of N") shows the
    // new bound.
    let counts: number[] = [];
    for (let attempt = 0; attempt < 5 && !(counts.length > 0 && counts.every((n) => n >= 2)); attempt++) {
      const since = server.published.length;
      await server.connection.sendRequest(ExecuteCommandRequest.type, {
        command: "faultline.rerunTests",
        arguments: [uri],
      });
      const p = await server.waitForDiagnostics(
        uri,
        settled,
        "suspicious-line diagnostics after the rerun",
        20000,
        since,
      );
      counts = suspectCounts(p.diagnostics);
    }
    assert.ok(counts.length > 0 && counts.every((n) => n >= 2), JSON.stringify(counts));
    assert.deepEqual(blamed(server.published.filter((p) => p.uri === uri).at(-1)!.diagnostics), [CONDITION]);
  });

  it("shuts down and exits with code 0", async () => {
    assert.equal(await server.shutdown(), 0, server.log());
  });
});
