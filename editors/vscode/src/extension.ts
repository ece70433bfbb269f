// The VS Code half of Faultline: starts `faultline lsp` for C files and forwards the user's
// settings. Everything the user sees — test failures, suspicious lines, hovers, inlay hints, code
// actions, code lenses, progress — is plain LSP, which vscode-languageclient renders; the
// commands the server declares (`faultline.rerunTests`, `faultline.refine`,
// `faultline.showAngelicValues`) are registered by the client library from the server's
// `executeCommandProvider`, so this file registers only commands that need editor state.
// Beside the client: the Testing view (testview.ts), a status-bar item with the active file's
// state (running / n failing tests, k suspects / tests pass / not running), a first-run message
// when there is no `faultline` binary, and angelic values in a read-only virtual document.

import * as os from "node:os";
import * as vscode from "vscode";
import {
  CloseAction,
  CodeLensRequest,
  DidChangeConfigurationNotification,
  ErrorAction,
  ExecuteCommandRequest,
  InlayHintRequest,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";

import { angelicValuesView, SERVER_COMMANDS } from "./commands";
import {
  initializationOptions,
  isExecutableFile,
  resolveServerPath,
  SERVER_ARGS,
  serverSettings,
} from "./config";
import { countResults, StatusState, statusView } from "./results";
import { FaultlineTests } from "./testview";

const SECTION = "faultline";
/** The scheme of the read-only angelic-values documents. */
const ANGELIC_SCHEME = "faultline-angelic";

let client: LanguageClient | undefined;
let output: vscode.OutputChannel | undefined;
let statusItem: vscode.StatusBarItem | undefined;
let tests: FaultlineTests | undefined;
/** The binary the running server was started from (the Testing view runs the same one). */
let serverBinary: string | undefined;
/** Why the server is not running, when it is not (missing binary, crashes). */
let serverProblem: string | undefined;
/** Files with a run in progress (progress token → file URI, when known) and its last message. */
const running = new Map<string | number, string | null>();
/** Angelic-values documents by URI. */
const angelicDocs = new Map<string, string>();
const angelicChanged = new vscode.EventEmitter<vscode.Uri>();
let angelicCount = 0;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel("Faultline");
  context.subscriptions.push(output);

  statusItem = vscode.window.createStatusBarItem("faultline.status", vscode.StatusBarAlignment.Left, 50);
  statusItem.name = "Faultline";
  context.subscriptions.push(statusItem);
  tests = new FaultlineTests(
    () => serverBinary,
    async (uri) => {
      if (client?.isRunning()) {
        await client.sendRequest(ExecuteCommandRequest.type, {
          command: SERVER_COMMANDS.rerunTests,
          arguments: [client.code2ProtocolConverter.asUri(uri)],
        });
      }
    },
    output,
  );
  context.subscriptions.push(
    tests,
    tests.onDidChangeResults(() => updateStatus()),
    vscode.window.onDidChangeActiveTextEditor(() => updateStatus()),
    vscode.languages.onDidChangeDiagnostics(() => updateStatus()),
    angelicChanged,
    vscode.workspace.registerTextDocumentContentProvider(ANGELIC_SCHEME, {
      onDidChange: angelicChanged.event,
      provideTextDocumentContent: (uri) => angelicDocs.get(uri.toString()) ?? "",
    }),
    vscode.workspace.onDidCloseTextDocument((doc) => {
      if (doc.uri.scheme === ANGELIC_SCHEME) angelicDocs.delete(doc.uri.toString());
    }),
    vscode.commands.registerCommand("faultline.openServerPathSetting", () =>
      vscode.commands.executeCommand("workbench.action.openSettings", `${SECTION}.server.path`),
    ),
    vscode.commands.registerCommand("faultline.rerunActiveFile", rerunActiveFile),
    vscode.commands.registerCommand("faultline.restartServer", async () => {
      await stopClient();
      await startClient();
    }),
    vscode.commands.registerCommand("faultline.showOutput", () => output?.show(true)),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration(`${SECTION}.server.path`)) {
        // A different binary: only a new process can pick it up.
        await stopClient();
        await startClient();
      } else if (e.affectsConfiguration(SECTION) && client?.isRunning()) {
        // The server re-reads its settings on this notification (and may pull them through
        // workspace/configuration, which the middleware below answers with the same values).
        await client.sendNotification(DidChangeConfigurationNotification.type, {
          settings: { [SECTION]: currentServerSettings() },
        });
      }
    }),
  );

  await startClient();
}

export async function deactivate(): Promise<void> {
  await stopClient();
}

function currentServerSettings() {
  // `get` of the section yields every key with defaults applied; the pure part drops what is not
  // a server setting and repairs values of the wrong type.
  return serverSettings(
    vscode.workspace.getConfiguration(SECTION) as unknown as Record<string, unknown>,
  );
}

/**
 * Code lenses and inlay hints follow the diagnostics: when the server publishes new results for a
 * document, VS Code is asked to request both again, also when the server sends no
 * workspace/codeLens/refresh (it need not, e.g. after a run in which every test passed), so that a
 * fixed line keeps no old lens or value.
 */
function refreshViews(doc: vscode.TextDocument): void {
  const c = client;
  if (c === undefined) return;
  try {
    c.getFeature(CodeLensRequest.method)?.getProvider(doc)?.onDidChangeCodeLensEmitter.fire();
    c.getFeature(InlayHintRequest.method)?.getProvider(doc)?.onDidChangeInlayHints.fire();
  } catch (err) {
    output?.appendLine(`Refreshing code lenses and inlay hints: ${String(err)}`);
  }
}

/** The status-bar item for the active C file; hidden for other editors. */
function updateStatus(): void {
  if (statusItem === undefined) return;
  const editor = vscode.window.activeTextEditor;
  if (serverProblem === undefined && (editor === undefined || editor.document.languageId !== "c")) {
    statusItem.hide();
    return;
  }
  const state: StatusState = {};
  if (serverProblem !== undefined) {
    state.serverProblem = serverProblem;
  } else if (editor !== undefined) {
    const uri = editor.document.uri;
    const diagnostics = vscode.languages.getDiagnostics(uri).map((d) => ({
      code: typeof d.code === "object" ? { value: d.code.value } : d.code,
      // VS Code numbers severities from 0 (error), LSP from 1.
      severity: d.severity + 1,
      source: d.source,
      message: d.message,
      line: d.range.start.line,
    }));
    const latest = tests?.latest.get(uri.toString());
    if (diagnostics.length > 0 || latest !== undefined) Object.assign(state, countResults(diagnostics));
    if (running.size > 0) state.running = [...running.values()].reverse().find((m) => m) ?? null;
  }
  const view = statusView(state);
  statusItem.text = view.text;
  statusItem.tooltip = view.tooltip;
  statusItem.backgroundColor =
    view.tone === "error"
      ? new vscode.ThemeColor("statusBarItem.errorBackground")
      : view.tone === "warning"
        ? new vscode.ThemeColor("statusBarItem.warningBackground")
        : undefined;
  statusItem.command =
    serverProblem !== undefined
      ? "faultline.openServerPathSetting"
      : { title: "Show Problems", command: "workbench.actions.view.problems" };
  statusItem.show();
}

async function startClient(): Promise<void> {
  const config = vscode.workspace.getConfiguration(SECTION);
  const resolved = resolveServerPath(config.get<string>("server.path"), {
    platform: process.platform,
    env: process.env,
    homedir: os.homedir(),
    workspaceFolder: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath,
    isExecutable: isExecutableFile,
  });
  if (!resolved.ok) {
    // First run without the binary: one message that says what to do, a status-bar item that
    // leads to the setting, and no server (so nothing restarts or crashes in a loop).
    serverProblem = resolved.message;
    serverBinary = undefined;
    updateStatus();
    output?.appendLine(resolved.message);
    output?.appendLine(INSTALL_HELP);
    void vscode.window
      .showErrorMessage(`Faultline: ${resolved.message}`, "Open Settings", "How to Install")
      .then(async (choice) => {
        if (choice === "Open Settings") {
          await vscode.commands.executeCommand("faultline.openServerPathSetting");
        } else if (choice === "How to Install") {
          output?.show(true);
        }
      });
    return;
  }
  serverProblem = undefined;
  serverBinary = resolved.path;
  updateStatus();
  output?.appendLine(`Starting ${resolved.path} ${SERVER_ARGS.join(" ")} (from ${resolved.source})`);
  const crashes: number[] = [];

  const serverOptions: ServerOptions = {
    command: resolved.path,
    args: [...SERVER_ARGS],
    transport: TransportKind.stdio,
  };
  const clientOptions: LanguageClientOptions = {
    // Only files on disk: the server reads includes and faultline.toml next to the file.
    documentSelector: [{ scheme: "file", language: "c" }],
    initializationOptions: initializationOptions(
      config as unknown as Record<string, unknown>,
    ),
    outputChannel: output,
    errorHandler: {
      error: () => ({ action: ErrorAction.Continue }),
      // A server that keeps dying is not restarted forever: after 3 exits within 3 minutes the
      // user gets one message and the status bar says why.
      closed: () => {
        const now = Date.now();
        crashes.push(now);
        while (crashes.length > 0 && now - crashes[0] > 180_000) crashes.shift();
        running.clear();
        if (crashes.length >= 3) {
          serverProblem = `The server (${resolved.path}) stopped ${crashes.length} times in 3 minutes; see the Faultline output.`;
          updateStatus();
          return {
            action: CloseAction.DoNotRestart,
            message: `Faultline: ${serverProblem} Fix faultline.server.path or run "Faultline: Restart Language Server".`,
          };
        }
        return { action: CloseAction.Restart, handled: true };
      },
    },
    middleware: {
      // Every publication is a result of the server's runs: the status bar and the Testing view
      // follow it.
      handleDiagnostics: (uri, diagnostics, next) => {
        next(uri, diagnostics);
        const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
        if (doc !== undefined) {
          tests?.schedule(doc);
          refreshViews(doc);
        }
        updateStatus();
      },
      handleWorkDoneProgress: (token, params, next) => {
        next(token, params);
        if (params.kind === "end") running.delete(token);
        else running.set(token, params.message ?? running.get(token) ?? null);
        updateStatus();
      },
      // VS Code drops executeCommand results; the angelic values are the one result to show.
      executeCommand: async (command, args, next) => {
        const result = await next(command, args);
        if (command === SERVER_COMMANDS.showAngelicValues) {
          await showAngelicValues(angelicValuesView(result, args[1]));
        }
        return result;
      },
      workspace: {
        // Answer the server's pull of the `faultline` section with the repaired values, the same
        // ones initializationOptions carried.
        configuration: async (params, token, next) => {
          const result = await next(params, token);
          if (!Array.isArray(result)) return result;
          return result.map((value, i) =>
            params.items[i]?.section === SECTION
              ? serverSettings(value as Record<string, unknown>)
              : value,
          );
        },
      },
    },
  };

  // The id "faultline" makes the client read `faultline.trace.server` for its trace level.
  client = new LanguageClient(SECTION, "Faultline", serverOptions, clientOptions);
  try {
    await client.start();
  } catch (err) {
    output?.appendLine(`The server failed to start: ${String(err)}`);
    void vscode.window.showErrorMessage(`Faultline: the server failed to start: ${String(err)}`);
  }
}

async function stopClient(): Promise<void> {
  const c = client;
  client = undefined;
  if (c === undefined) return;
  try {
    await c.stop();
  } catch (err) {
    output?.appendLine(`Stopping the server: ${String(err)}`);
  }
}

/** `Faultline: Rerun Tests of the Active File`: the server's `faultline.rerunTests` on its URI. */
async function rerunActiveFile(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined || editor.document.languageId !== "c") {
    void vscode.window.showInformationMessage("Faultline: open a C file to rerun its tests.");
    return;
  }
  if (client === undefined || !client.isRunning()) {
    void vscode.window.showWarningMessage("Faultline: the server is not running.");
    return;
  }
  await client.sendRequest(ExecuteCommandRequest.type, {
    command: SERVER_COMMANDS.rerunTests,
    arguments: [client.code2ProtocolConverter.asUri(editor.document.uri)],
  });
}

async function showAngelicValues(view: ReturnType<typeof angelicValuesView>): Promise<void> {
  if (view.kind === "message") {
    void vscode.window.showInformationMessage(view.text);
    return;
  }
  // A read-only virtual document (never an untitled buffer that asks to be saved), previewed
  // beside the code so that its tables render.
  angelicCount++;
  const uri = vscode.Uri.from({
    scheme: ANGELIC_SCHEME,
    path: `/Angelic values ${angelicCount}.md`,
  });
  angelicDocs.set(uri.toString(), view.text);
  try {
    await vscode.commands.executeCommand("markdown.showPreviewToSide", uri);
  } catch {
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: true });
  }
}

const INSTALL_HELP = [
  "To install Faultline:",
  "  1. In a checkout of the Faultline repository: cargo install --path crates/faultline-cli",
  "     (puts `faultline` in ~/.cargo/bin; make sure that directory is on PATH).",
  "  2. Or set the setting faultline.server.path to the faultline binary (or the FAULTLINE_BIN",
  "     environment variable), then run \"Faultline: Restart Language Server\".",
].join("\n");
