// The VS Code half of Faultline: starts `faultline lsp` for C files and forwards the user's
// settings. Everything the user sees — test failures, suspicious lines, hovers, inlay hints, code
// actions, code lenses, progress — is plain LSP, which vscode-languageclient renders; the
// commands the server declares (`faultline.rerunTests`, `faultline.refine`,
// `faultline.showAngelicValues`) are registered by the client library from the server's
// `executeCommandProvider`, so this file registers only commands that need editor state.

import * as os from "node:os";
import * as vscode from "vscode";
import {
  DidChangeConfigurationNotification,
  ExecuteCommandRequest,
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

const SECTION = "faultline";

let client: LanguageClient | undefined;
let output: vscode.OutputChannel | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel("Faultline");
  context.subscriptions.push(output);

  context.subscriptions.push(
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
    output?.appendLine(resolved.message);
    const choice = await vscode.window.showErrorMessage(
      `Faultline: ${resolved.message}`,
      "Open Settings",
    );
    if (choice === "Open Settings") {
      await vscode.commands.executeCommand(
        "workbench.action.openSettings",
        `${SECTION}.server.path`,
      );
    }
    return;
  }
  output?.appendLine(`Starting ${resolved.path} ${SERVER_ARGS.join(" ")} (from ${resolved.source})`);

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
    middleware: {
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
  // An untitled markdown document, previewed beside the code: the tables render there.
  const doc = await vscode.workspace.openTextDocument({ language: "markdown", content: view.text });
  try {
    await vscode.commands.executeCommand("markdown.showPreviewToSide", doc.uri);
  } catch {
    await vscode.window.showTextDocument(doc, vscode.ViewColumn.Beside, true);
  }
}
