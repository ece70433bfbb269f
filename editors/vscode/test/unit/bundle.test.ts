// The .vsix ships dist/extension.js without node_modules (`vsce package --no-dependencies`), so
// the bundle may load nothing but `vscode` and Node's built-in modules. `npm test` rebuilds it
// first (esbuild.mjs), so this checks the bundle of the current sources.

import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import { builtinModules } from "node:module";
import * as path from "node:path";
import { describe, it } from "node:test";

const root = path.resolve(__dirname, "..", "..", "..");
const bundle = path.join(root, "dist", "extension.js");

describe("dist/extension.js", () => {
  it("requires only vscode and Node built-ins", () => {
    const text = fs.readFileSync(bundle, "utf8");
    const required = new Set([...text.matchAll(/\brequire\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1]));
    assert.ok(required.has("vscode"), "the bundle uses the vscode API");
    const builtins = new Set(builtinModules);
    for (const name of required) {
      const bare = name.replace(/^node:/, "");
      assert.ok(name === "vscode" || builtins.has(bare), `the bundle requires ${name}`);
    }
  });

  it("exports activate and deactivate", () => {
    const text = fs.readFileSync(bundle, "utf8");
    // esbuild's CommonJS output lists the exports in one __export(..., { name: () => name }).
    assert.match(text, /activate:\s*\(\)\s*=>/);
    assert.match(text, /deactivate:\s*\(\)\s*=>/);
  });
});
