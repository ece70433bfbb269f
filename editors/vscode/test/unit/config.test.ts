// Unit tests of the extension's pure parts: settings → what the server receives, and where the
// server binary is found. Run with `npm test` (plain Node, no VS Code download).

import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, it } from "node:test";

import {
  DEFAULT_SETTINGS,
  Host,
  initializationOptions,
  isExecutableFile,
  MAX_DIAGNOSES_LIMIT,
  resolveServerPath,
  serverSettings,
} from "../../src/config";

describe("serverSettings", () => {
  it("gives the contract's defaults for empty settings", () => {
    assert.deepEqual(serverSettings(undefined), {
      runOnSave: true,
      runOnOpen: true,
      maxDiagnoses: 10,
      timeoutSeconds: 30,
      unwind: null,
      algorithm: "cfaults",
      maxMemoryMb: 2048,
      maxServerMemoryMb: 4096,
    });
    assert.deepEqual(serverSettings(null), DEFAULT_SETTINGS);
    assert.deepEqual(serverSettings({}), DEFAULT_SETTINGS);
  });

  it("passes valid user values through", () => {
    assert.deepEqual(
      serverSettings({
        runOnSave: false,
        runOnOpen: false,
        maxDiagnoses: 3,
        timeoutSeconds: 2.5,
        unwind: 7,
        algorithm: "sniper",
        maxMemoryMb: 512,
        maxServerMemoryMb: 1024,
      }),
      {
        runOnSave: false,
        runOnOpen: false,
        maxDiagnoses: 3,
        timeoutSeconds: 2.5,
        unwind: 7,
        algorithm: "sniper",
        maxMemoryMb: 512,
        maxServerMemoryMb: 1024,
      },
    );
  });

  it("drops the client-only keys VS Code returns for the section", () => {
    const s = serverSettings({
      server: { path: "/opt/faultline" },
      trace: { server: "verbose" },
      runOnSave: false,
    });
    assert.deepEqual(Object.keys(s).sort(), [
      "algorithm",
      "maxDiagnoses",
      "maxMemoryMb",
      "maxServerMemoryMb",
      "runOnOpen",
      "runOnSave",
      "timeoutSeconds",
      "unwind",
    ]);
    assert.equal(s.runOnSave, false);
  });

  it("repairs values of the wrong type or out of range instead of sending them", () => {
    const s = serverSettings({
      runOnSave: "yes",
      runOnOpen: 0,
      maxDiagnoses: 0,
      timeoutSeconds: -1,
      unwind: 2.5,
      algorithm: "magic",
    });
    assert.deepEqual(s, { ...DEFAULT_SETTINGS, unwind: null });
    assert.equal(serverSettings({ timeoutSeconds: Number.NaN }).timeoutSeconds, 30);
    assert.equal(serverSettings({ timeoutSeconds: Infinity }).timeoutSeconds, 30);
    assert.equal(serverSettings({ maxDiagnoses: "5" }).maxDiagnoses, 10);
    assert.equal(serverSettings({ unwind: -3 }).unwind, null);
    assert.equal(serverSettings({ unwind: "4" }).unwind, null);
    assert.equal(serverSettings({ maxMemoryMb: 0 }).maxMemoryMb, 2048);
    assert.equal(serverSettings({ maxMemoryMb: 1.5 }).maxMemoryMb, 2048);
    assert.equal(serverSettings({ maxMemoryMb: "512" }).maxMemoryMb, 2048);
    assert.equal(serverSettings({ maxMemoryMb: 1e12 }).maxMemoryMb, 1 << 24);
    assert.equal(serverSettings({ maxServerMemoryMb: -5 }).maxServerMemoryMb, 4096);
  });

  it("caps maxDiagnoses and accepts algorithm names in any case", () => {
    assert.equal(serverSettings({ maxDiagnoses: 1e6 }).maxDiagnoses, MAX_DIAGNOSES_LIMIT);
    assert.equal(serverSettings({ algorithm: "BugAssist" }).algorithm, "bugassist");
  });

  it("initializationOptions carries the same object as workspace/configuration", () => {
    const raw = { maxDiagnoses: 4, algorithm: "bugassist", server: { path: "x" } };
    assert.deepEqual(initializationOptions(raw), serverSettings(raw));
  });
});

/** A fake machine: `files` are the executable files that exist. */
function host(files: string[], extra: Partial<Host> = {}): Host {
  const set = new Set(files);
  return {
    platform: "linux",
    env: { PATH: "/usr/local/bin:/usr/bin" },
    homedir: "/home/ada",
    isExecutable: (p) => set.has(p),
    ...extra,
  };
}

describe("resolveServerPath", () => {
  it("finds faultline on PATH, first directory first", () => {
    const r = resolveServerPath("", host(["/usr/bin/faultline", "/usr/local/bin/faultline"]));
    assert.deepEqual(r, { ok: true, path: "/usr/local/bin/faultline", source: "PATH" });
  });

  it("prefers FAULTLINE_BIN over PATH", () => {
    const r = resolveServerPath(
      undefined,
      host(["/usr/bin/faultline", "/build/faultline"], {
        env: { PATH: "/usr/bin", FAULTLINE_BIN: "/build/faultline" },
      }),
    );
    assert.deepEqual(r, { ok: true, path: "/build/faultline", source: "environment" });
  });

  it("prefers the setting over FAULTLINE_BIN and PATH", () => {
    const r = resolveServerPath(
      "/opt/fl/faultline",
      host(["/opt/fl/faultline", "/usr/bin/faultline", "/build/faultline"], {
        env: { PATH: "/usr/bin", FAULTLINE_BIN: "/build/faultline" },
      }),
    );
    assert.deepEqual(r, { ok: true, path: "/opt/fl/faultline", source: "setting" });
  });

  it("expands ~ and ${workspaceFolder}, and resolves relative paths against the folder", () => {
    const h = host(
      ["/home/ada/bin/faultline", "/src/proj/target/release/faultline"],
      { workspaceFolder: "/src/proj" },
    );
    assert.deepEqual(resolveServerPath("~/bin/faultline", h), {
      ok: true,
      path: "/home/ada/bin/faultline",
      source: "setting",
    });
    assert.deepEqual(resolveServerPath("${workspaceFolder}/target/release/faultline", h), {
      ok: true,
      path: "/src/proj/target/release/faultline",
      source: "setting",
    });
    assert.deepEqual(resolveServerPath("target/release/faultline", h), {
      ok: true,
      path: "/src/proj/target/release/faultline",
      source: "setting",
    });
  });

  it("reports a configured path that is missing instead of falling back to PATH", () => {
    const r = resolveServerPath("/nope/faultline", host(["/usr/bin/faultline"]));
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.message : "", /\/nope\/faultline.*not an executable/);
  });

  it("reports relative paths and ${workspaceFolder} without an open folder", () => {
    const h = host(["/usr/bin/faultline"]);
    const rel = resolveServerPath("bin/faultline", h);
    assert.equal(rel.ok, false);
    assert.match(!rel.ok ? rel.message : "", /relative/);
    const wf = resolveServerPath("${workspaceFolder}/faultline", h);
    assert.equal(wf.ok, false);
    assert.match(!wf.ok ? wf.message : "", /no folder is open/);
  });

  it("reports a FAULTLINE_BIN that is not executable", () => {
    const r = resolveServerPath("", host([], { env: { FAULTLINE_BIN: "/tmp/missing" } }));
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.message : "", /FAULTLINE_BIN/);
  });

  it("says how to install when nothing is found", () => {
    const r = resolveServerPath("", host([]));
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.message : "", /faultline\.server\.path/);
  });

  it("finds faultline.exe on Windows through Path", () => {
    const r = resolveServerPath(
      "",
      host(["C:\\tools\\faultline.exe"], {
        platform: "win32",
        env: { Path: "C:\\Windows;C:\\tools" },
      }),
    );
    assert.deepEqual(r, { ok: true, path: "C:\\tools\\faultline.exe", source: "PATH" });
  });
});

describe("isExecutableFile", () => {
  it("accepts an executable file and rejects a plain file, a directory and a missing path", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "faultline-vscode-"));
    try {
      const exe = path.join(dir, "faultline");
      const plain = path.join(dir, "notes.txt");
      fs.writeFileSync(exe, "#!/bin/sh\n");
      fs.chmodSync(exe, 0o755);
      fs.writeFileSync(plain, "x");
      fs.chmodSync(plain, 0o644);
      assert.equal(isExecutableFile(exe, "linux"), true);
      assert.equal(isExecutableFile(dir, "linux"), false);
      assert.equal(isExecutableFile(path.join(dir, "missing"), "linux"), false);
      // access(X_OK) needs an x bit even for root, so this holds when the tests run as root.
      assert.equal(isExecutableFile(plain, "linux"), false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
