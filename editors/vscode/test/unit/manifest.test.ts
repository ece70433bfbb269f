// The manifest (package.json) is what VS Code reads before any of our code runs: activation,
// settings UI, trust. These tests keep it consistent with the code and the protocol contract.

import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, it } from "node:test";

import { SERVER_COMMANDS as SERVER_COMMAND_IDS } from "../../src/commands";
import { ALGORITHMS, DEFAULT_SETTINGS } from "../../src/config";

// Compiled to out/test/unit/, so the package root is three levels up.
const root = path.resolve(__dirname, "..", "..", "..");
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const extensionSource = fs.readFileSync(path.join(root, "src", "extension.ts"), "utf8");

/** Commands `faultline lsp` declares in executeCommandProvider (the protocol contract). */
const SERVER_COMMANDS: string[] = Object.values(SERVER_COMMAND_IDS);

describe("server commands", () => {
  it("are the contract's IDs", () => {
    assert.deepEqual(SERVER_COMMANDS.sort(), [
      "faultline.refine",
      "faultline.rerunTests",
      "faultline.showAngelicValues",
    ]);
  });
});

describe("package.json", () => {
  it("activates on C files only and loads the bundle", () => {
    assert.deepEqual(manifest.activationEvents, ["onLanguage:c"]);
    assert.equal(manifest.main, "./dist/extension.js");
  });

  it("is not enabled in untrusted workspaces, since it runs the tests", () => {
    assert.equal(manifest.capabilities.untrustedWorkspaces.supported, false);
  });

  it("declares every server setting with the contract's default", () => {
    const props = manifest.contributes.configuration.properties;
    for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
      assert.ok(props[`faultline.${key}`], `faultline.${key} is not a contributed setting`);
      assert.deepEqual(props[`faultline.${key}`].default, value, `default of faultline.${key}`);
    }
    assert.deepEqual(props["faultline.algorithm"].enum, [...ALGORITHMS]);
    assert.equal(props["faultline.server.path"].type, "string");
    assert.deepEqual(props["faultline.trace.server"].enum, ["off", "messages", "verbose"]);
  });

  it("registers each contributed command, and none that the server declares", () => {
    // vscode-languageclient registers the server's commands itself; registering one of them
    // here too would make the client fail with "command already exists".
    const contributed: string[] = manifest.contributes.commands.map(
      (c: { command: string }) => c.command,
    );
    for (const id of contributed) {
      assert.ok(!SERVER_COMMANDS.includes(id), `${id} collides with a server command`);
      assert.ok(
        extensionSource.includes(`registerCommand("${id}"`),
        `${id} is contributed but never registered`,
      );
    }
    for (const m of extensionSource.matchAll(/registerCommand\("([^"]+)"/g)) {
      assert.ok(!SERVER_COMMANDS.includes(m[1]), `${m[1]} collides with a server command`);
      assert.ok(contributed.includes(m[1]), `${m[1]} is registered but not contributed`);
    }
  });

  it("pins vscode-languageclient 9 and an engine it supports", () => {
    assert.match(manifest.dependencies["vscode-languageclient"], /^\^?9\./);
    assert.equal(manifest.engines.vscode, "^1.82.0");
  });
});
