// A minimal LSP client for the end-to-end tests: spawns the real `faultline lsp` binary and
// talks to it with vscode-jsonrpc, the protocol library vscode-languageclient is built on, so
// the bytes on the wire are what VS Code would send and receive.

import { ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import {
  createMessageConnection,
  MessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-jsonrpc/node";
import {
  ClientCapabilities,
  Diagnostic,
  PublishDiagnosticsNotification,
  PublishDiagnosticsParams,
} from "vscode-languageserver-protocol";

/** The repository root (this file is compiled to editors/vscode/out/test/e2e/). */
export const REPO_ROOT = path.resolve(__dirname, "..", "..", "..", "..", "..");

/** The server binary under test: `FAULTLINE_BIN`, which the Rust test sets to its own build. */
export function serverBinary(): string {
  const bin = process.env.FAULTLINE_BIN;
  if (!bin) throw new Error("FAULTLINE_BIN is not set: point it to the faultline binary");
  if (!fs.existsSync(bin)) throw new Error(`FAULTLINE_BIN ${bin} does not exist`);
  return bin;
}

/** What VS Code 1.82 with vscode-languageclient 9 announces, reduced to what Faultline uses. */
export const CLIENT_CAPABILITIES: ClientCapabilities = {
  general: { positionEncodings: ["utf-16"] },
  window: { workDoneProgress: true, showMessage: {} },
  workspace: {
    configuration: true,
    workspaceFolders: true,
    didChangeConfiguration: { dynamicRegistration: true },
    executeCommand: { dynamicRegistration: false },
    inlayHint: { refreshSupport: true },
    codeLens: { refreshSupport: true },
  },
  textDocument: {
    synchronization: { dynamicRegistration: false, didSave: true, willSave: false },
    publishDiagnostics: {
      relatedInformation: true,
      versionSupport: true,
      codeDescriptionSupport: true,
      dataSupport: true,
      tagSupport: { valueSet: [1, 2] },
    },
    hover: { contentFormat: ["markdown", "plaintext"] },
    codeAction: {
      codeActionLiteralSupport: {
        codeActionKind: {
          valueSet: ["", "quickfix", "refactor", "refactor.rewrite", "source"],
        },
      },
      isPreferredSupport: true,
      dataSupport: true,
      resolveSupport: { properties: ["edit"] },
    },
    inlayHint: { resolveSupport: { properties: ["tooltip"] } },
    codeLens: {},
  },
};

export interface Waiter {
  predicate: (p: PublishDiagnosticsParams) => boolean;
  resolve: (p: PublishDiagnosticsParams) => void;
}

/** A running `faultline lsp` with a connection and a log of what it sent. */
export class Server {
  readonly process: ChildProcessWithoutNullStreams;
  readonly connection: MessageConnection;
  /** Every publishDiagnostics, in arrival order. */
  readonly published: PublishDiagnosticsParams[] = [];
  /** `$/progress` values, in arrival order. */
  readonly progress: unknown[] = [];
  /** Tokens the server asked to create with window/workDoneProgress/create. */
  readonly progressTokens: (string | number)[] = [];
  /** Server → client requests by method, for asserting what the server asked. */
  readonly requests: { method: string; params: unknown }[] = [];
  private stderr = "";
  private waiters: Waiter[] = [];
  private exited: Promise<number | null>;

  constructor(
    cwd: string,
    /** What the client answers for the `faultline` section; tests change it, then notify. */
    public settings: Record<string, unknown>,
  ) {
    this.process = spawn(serverBinary(), ["lsp"], { cwd, stdio: ["pipe", "pipe", "pipe"] });
    this.process.stderr.setEncoding("utf8");
    this.process.stderr.on("data", (chunk: string) => {
      // Keep the tail only: a verbose server must not grow the test's memory without bound.
      this.stderr = (this.stderr + chunk).slice(-20000);
    });
    this.exited = new Promise((resolve) => this.process.on("exit", (code) => resolve(code)));
    this.connection = createMessageConnection(
      new StreamMessageReader(this.process.stdout),
      new StreamMessageWriter(this.process.stdin),
    );
    this.connection.onRequest("workspace/configuration", (params: { items: { section?: string }[] }) => {
      this.requests.push({ method: "workspace/configuration", params });
      return params.items.map((item) => (item.section === "faultline" ? this.settings : null));
    });
    this.connection.onRequest("window/workDoneProgress/create", (params: { token: string | number }) => {
      this.requests.push({ method: "window/workDoneProgress/create", params });
      this.progressTokens.push(params.token);
      return null;
    });
    this.connection.onRequest((method: string, params: unknown) => {
      // client/registerCapability, */refresh, window/showMessageRequest: acknowledge.
      this.requests.push({ method, params });
      return null;
    });
    this.connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
      this.published.push(p);
      this.waiters = this.waiters.filter((w) => {
        if (!w.predicate(p)) return true;
        w.resolve(p);
        return false;
      });
    });
    this.connection.onNotification("$/progress", (p: unknown) => {
      this.progress.push(p);
    });
    this.connection.onNotification(() => {
      // window/logMessage, telemetry: not asserted.
    });
    this.connection.listen();
  }

  /** The server's stderr so far: attached to assertion failures. */
  log(): string {
    return this.stderr;
  }

  /**
   * The first publishDiagnostics for `uri` (already received or yet to come) that satisfies
   * `predicate`; rejects after `ms` with the diagnostics seen for that document.
   */
  waitForDiagnostics(
    uri: string,
    predicate: (diagnostics: Diagnostic[], p: PublishDiagnosticsParams) => boolean,
    what: string,
    ms = 20000,
    since = 0,
  ): Promise<PublishDiagnosticsParams> {
    const matches = (p: PublishDiagnosticsParams) => p.uri === uri && predicate(p.diagnostics, p);
    const seen = this.published.slice(since).find(matches);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        const got = this.published
          .filter((p) => p.uri === uri)
          .map((p) => JSON.stringify({ version: p.version, diagnostics: p.diagnostics }))
          .join("\n");
        reject(
          new Error(
            `timed out after ${ms} ms waiting for ${what}\npublished for ${uri}:\n${got}\nserver stderr:\n${this.stderr}`,
          ),
        );
      }, ms);
      const waiter: Waiter = {
        predicate: matches,
        resolve: (p) => {
          clearTimeout(timer);
          resolve(p);
        },
      };
      this.waiters.push(waiter);
    });
  }

  /** shutdown + exit; resolves with the exit code (rejects if the process does not exit). */
  async shutdown(ms = 5000): Promise<number | null> {
    await this.connection.sendRequest("shutdown");
    await this.connection.sendNotification("exit");
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`faultline lsp did not exit within ${ms} ms after exit`)),
        ms,
      );
    });
    try {
      return await Promise.race([this.exited, timeout]);
    } finally {
      clearTimeout(timer);
      this.connection.dispose();
    }
  }

  /** Ends the process if a test failed before shutting it down. */
  kill(): void {
    if (this.process.exitCode === null) this.process.kill("SIGKILL");
    this.connection.dispose();
  }
}
