// The Testing view: every test of the open C files (unit tests and faultline.toml's IO cases)
// through the TestController API, run one or all from the view, failures with expected/actual.
// Results come from `faultline test --json FILE` (see results.ts for why), run when the server
// has published results for a new saved version of a file (so the view follows the server's runs
// on open and save), and when the user runs tests from the view (which then asks the server to
// rerun too, so the editor's diagnostics match the view).

import { execFile } from "node:child_process";
import * as vscode from "vscode";

import { failureMessage, FileResults, parseTestJson, showValue, TestResult } from "./results";

/** Runs `faultline test --json` on one file; cancellation kills the process. */
function runCli(
  bin: string,
  file: string,
  token?: vscode.CancellationToken,
): Promise<{ ok: true; results: FileResults } | { ok: false; message: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      bin,
      ["test", "--json", file],
      { timeout: 120_000, maxBuffer: 32 * 1024 * 1024, windowsHide: true },
      (err, stdout, stderr) => {
        // Exit 1 means "some test failed": the JSON is complete.
        const parsed = parseTestJson(stdout);
        if (parsed.ok && parsed.files.length > 0) {
          resolve({ ok: true, results: parsed.files[0] });
        } else if (token?.isCancellationRequested) {
          resolve({ ok: false, message: "cancelled" });
        } else {
          const why = !parsed.ok ? parsed.message : (stderr || String(err ?? "no output")).trim();
          resolve({ ok: false, message: `faultline test --json ${file}: ${why}` });
        }
      },
    );
    token?.onCancellationRequested(() => child.kill());
  });
}

export class FaultlineTests implements vscode.Disposable {
  readonly controller: vscode.TestController;
  private readonly disposables: vscode.Disposable[] = [];
  /** Per file: the document version (or mtime) the items were last refreshed for. */
  private readonly refreshedFor = new Map<string, string>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** The last results per file URI, for the status bar. */
  readonly latest = new Map<string, FileResults>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChangeResults = this.changed.event;

  constructor(
    private readonly binary: () => string | undefined,
    private readonly rerunOnServer: (uri: vscode.Uri) => Promise<void>,
    private readonly output: vscode.OutputChannel | undefined,
  ) {
    this.controller = vscode.tests.createTestController("faultline", "Faultline");
    this.controller.createRunProfile(
      "Run",
      vscode.TestRunProfileKind.Run,
      (request, token) => this.runFromView(request, token),
      true,
    );
    this.controller.resolveHandler = async (item) => {
      if (item === undefined) {
        for (const doc of vscode.workspace.textDocuments) this.schedule(doc);
      } else if (item.uri) {
        await this.refresh(item.uri, undefined);
      }
    };
    this.disposables.push(
      this.controller,
      this.changed,
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (doc.uri.scheme !== "file") return;
        this.controller.items.delete(doc.uri.toString());
        this.refreshedFor.delete(doc.uri.toString());
        this.latest.delete(doc.uri.toString());
        this.changed.fire(doc.uri);
      }),
    );
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    for (const d of this.disposables) d.dispose();
  }

  /**
   * The server published results for `doc`: refresh its tests when that is a saved version the
   * view has not shown yet. Debounced, since one run publishes several times (tests, then each
   * diagnosis as it is found).
   */
  schedule(doc: vscode.TextDocument): void {
    if (doc.languageId !== "c" || doc.uri.scheme !== "file" || doc.isDirty) return;
    const key = doc.uri.toString();
    const stamp = `${doc.version}`;
    if (this.refreshedFor.get(key) === stamp) return;
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.refreshedFor.set(key, stamp);
        void this.refresh(doc.uri, undefined);
      }, 200),
    );
  }

  private fileItem(uri: vscode.Uri): vscode.TestItem {
    const key = uri.toString();
    let item = this.controller.items.get(key);
    if (item === undefined) {
      item = this.controller.createTestItem(key, vscode.workspace.asRelativePath(uri), uri);
      this.controller.items.add(item);
    }
    return item;
  }

  /** Replaces the file's test items with what `results` lists. */
  private sync(uri: vscode.Uri, results: FileResults): vscode.TestItem {
    const file = this.fileItem(uri);
    const items: vscode.TestItem[] = [];
    for (const t of results.tests) {
      const id = `${uri.toString()}#${t.name}`;
      const item = file.children.get(id) ?? this.controller.createTestItem(id, t.name, uri);
      item.range = new vscode.Range(t.line - 1, t.column - 1, t.line - 1, t.column - 1);
      item.description = t.kind === "io" ? "IO case" : undefined;
      items.push(item);
    }
    file.children.replace(items);
    file.error = undefined;
    this.latest.set(uri.toString(), results);
    this.changed.fire(uri);
    return file;
  }

  /** Runs the file's tests and reports them (all, or those of `only`) in a new test run. */
  private async refresh(
    uri: vscode.Uri,
    only: readonly vscode.TestItem[] | undefined,
    run?: vscode.TestRun,
    token?: vscode.CancellationToken,
  ): Promise<void> {
    const bin = this.binary();
    if (bin === undefined) return;
    const ownRun = run === undefined;
    const r = run ?? this.controller.createTestRun(new vscode.TestRunRequest(), `Faultline: ${vscode.workspace.asRelativePath(uri)}`, true);
    try {
      const file = this.fileItem(uri);
      for (const item of only ?? []) r.started(item);
      const answer = await runCli(bin, uri.fsPath, token);
      if (!answer.ok) {
        file.error = answer.message;
        this.output?.appendLine(answer.message);
        for (const item of only ?? []) r.errored(item, new vscode.TestMessage(answer.message));
        return;
      }
      this.sync(uri, answer.results);
      const wanted = only === undefined ? undefined : new Set(only.map((i) => i.id));
      for (const t of answer.results.tests) {
        const item = file.children.get(`${uri.toString()}#${t.name}`);
        if (item === undefined || (wanted !== undefined && !wanted.has(item.id))) continue;
        report(r, item, t, uri);
      }
    } finally {
      if (ownRun) r.end();
    }
  }

  /** The view's Run (one test, a file, or everything). */
  private async runFromView(request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<void> {
    const run = this.controller.createTestRun(request);
    // Which tests of which file: a file item means all of its tests.
    const byFile = new Map<string, { uri: vscode.Uri; items: vscode.TestItem[] | undefined }>();
    const add = (item: vscode.TestItem) => {
      if (item.uri === undefined) return;
      const key = item.uri.toString();
      const isFile = item.parent === undefined;
      const entry = byFile.get(key) ?? { uri: item.uri, items: [] };
      if (isFile) entry.items = undefined;
      else if (entry.items !== undefined) entry.items.push(item);
      byFile.set(key, entry);
    };
    if (request.include) {
      request.include.forEach(add);
    } else {
      // "Run all" before anything was discovered: the open C files.
      for (const doc of vscode.workspace.textDocuments) {
        if (doc.languageId === "c" && doc.uri.scheme === "file") this.fileItem(doc.uri);
      }
      this.controller.items.forEach(add);
    }
    const excluded = new Set((request.exclude ?? []).map((i) => i.id));
    try {
      for (const { uri, items } of byFile.values()) {
        if (token.isCancellationRequested) break;
        const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
        if (doc?.isDirty) run.appendOutput(`${vscode.workspace.asRelativePath(uri)} has unsaved changes: its saved version is tested.\r\n`);
        let only = items;
        if (only === undefined) {
          only = [];
          this.fileItem(uri).children.forEach((c) => only!.push(c));
        }
        only = only.filter((i) => !excluded.has(i.id));
        await this.refresh(uri, only.length > 0 ? only : undefined, run, token);
        // The editor's diagnostics follow the view.
        await this.rerunOnServer(uri).catch(() => undefined);
      }
    } finally {
      run.end();
    }
  }
}

function report(run: vscode.TestRun, item: vscode.TestItem, t: TestResult, uri: vscode.Uri): void {
  if (t.status === "passed") {
    run.passed(item);
  } else if (t.status === "skipped") {
    run.skipped(item);
  } else {
    const message =
      t.expected !== null && t.actual !== null
        ? vscode.TestMessage.diff(failureMessage(t), showValue(t.expected), showValue(t.actual))
        : new vscode.TestMessage(failureMessage(t));
    message.location = new vscode.Location(uri, new vscode.Position(t.line - 1, t.column - 1));
    run.failed(item, message);
  }
}
