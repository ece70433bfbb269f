// The pure half of the extension: what the user's settings mean for the server. Nothing here
// imports `vscode`, so `npm test` checks it under plain Node without downloading VS Code.

import * as fs from "node:fs";
import * as path from "node:path";

/** The diagnosis algorithms `faultline lsp` accepts (`faultline diagnose --algorithm`). */
export const ALGORITHMS = ["cfaults", "bugassist", "sniper"] as const;
export type Algorithm = (typeof ALGORITHMS)[number];

/**
 * The `faultline` configuration section as the server reads it, through `initializationOptions`
 * and `workspace/configuration` alike. Field names and defaults are the protocol contract.
 */
export interface ServerSettings {
  runOnSave: boolean;
  runOnOpen: boolean;
  maxDiagnoses: number;
  timeoutSeconds: number;
  unwind: number | null;
  algorithm: Algorithm;
  /** Memory ceiling of one analysis in MiB (its test runs and formulas). */
  maxMemoryMb: number;
  /** Memory all analyses running at once may use together, in MiB (the server's cap). */
  maxServerMemoryMb: number;
}

export const DEFAULT_SETTINGS: Readonly<ServerSettings> = Object.freeze({
  runOnSave: true,
  runOnOpen: true,
  maxDiagnoses: 10,
  timeoutSeconds: 30,
  unwind: null,
  algorithm: "cfaults",
  maxMemoryMb: 2048,
  maxServerMemoryMb: 4096,
});

/** Upper bound on `maxMemoryMb` (16 TiB): the server clamps to it too. */
export const MAX_MEMORY_MB_LIMIT = 1 << 24;

/** Upper bound on `maxDiagnoses`: enumeration past this is never what an editor user wants. */
export const MAX_DIAGNOSES_LIMIT = 1000;

/** Anything settings.json can hold: the user may type any JSON value for any key. */
export type RawSettings = { readonly [key: string]: unknown } | null | undefined;

/**
 * Turns whatever settings.json holds for `faultline` into the values the server expects. A value
 * of the wrong type or out of range falls back to the default rather than reaching the server,
 * which would otherwise have to reject the whole configuration. Keys that are not server settings
 * (`server.path`, `trace.server`) are dropped.
 */
export function serverSettings(raw: RawSettings): ServerSettings {
  const r = raw ?? {};
  const bool = (key: keyof ServerSettings, fallback: boolean): boolean =>
    typeof r[key] === "boolean" ? (r[key] as boolean) : fallback;
  const maxDiagnoses = positiveInteger(r.maxDiagnoses);
  const timeout = r.timeoutSeconds;
  const unwind = r.unwind === null || r.unwind === undefined ? null : positiveInteger(r.unwind);
  const algorithm = typeof r.algorithm === "string" ? r.algorithm.toLowerCase() : undefined;
  const maxMemoryMb = positiveInteger(r.maxMemoryMb);
  const maxServerMemoryMb = positiveInteger(r.maxServerMemoryMb);
  return {
    runOnSave: bool("runOnSave", DEFAULT_SETTINGS.runOnSave),
    runOnOpen: bool("runOnOpen", DEFAULT_SETTINGS.runOnOpen),
    maxDiagnoses:
      maxDiagnoses === null
        ? DEFAULT_SETTINGS.maxDiagnoses
        : Math.min(maxDiagnoses, MAX_DIAGNOSES_LIMIT),
    timeoutSeconds:
      typeof timeout === "number" && Number.isFinite(timeout) && timeout > 0
        ? timeout
        : DEFAULT_SETTINGS.timeoutSeconds,
    unwind,
    algorithm: (ALGORITHMS as readonly string[]).includes(algorithm ?? "")
      ? (algorithm as Algorithm)
      : DEFAULT_SETTINGS.algorithm,
    maxMemoryMb:
      maxMemoryMb === null
        ? DEFAULT_SETTINGS.maxMemoryMb
        : Math.min(maxMemoryMb, MAX_MEMORY_MB_LIMIT),
    maxServerMemoryMb:
      maxServerMemoryMb === null
        ? DEFAULT_SETTINGS.maxServerMemoryMb
        : Math.min(maxServerMemoryMb, MAX_MEMORY_MB_LIMIT),
  };
}

function positiveInteger(v: unknown): number | null {
  return typeof v === "number" && Number.isSafeInteger(v) && v >= 1 ? v : null;
}

/**
 * `initializationOptions` for `initialize`: the same object `workspace/configuration` answers for
 * the `faultline` section, so the first analysis (on the first `didOpen`) already uses the user's
 * settings without waiting for a configuration round trip.
 */
export function initializationOptions(raw: RawSettings): ServerSettings {
  return serverSettings(raw);
}

/** What the extension needs to know about the machine to find the binary. */
export interface Host {
  platform: NodeJS.Platform;
  env: { readonly [key: string]: string | undefined };
  homedir: string;
  /** The first workspace folder's file-system path, if any. */
  workspaceFolder?: string;
  /** True when `p` is an executable regular file. */
  isExecutable(p: string): boolean;
}

export type ServerPath =
  | { ok: true; path: string; source: "setting" | "environment" | "PATH" }
  | { ok: false; message: string };

/**
 * Where `faultline` is: the `faultline.server.path` setting when set (with `~` and
 * `${workspaceFolder}` expanded, relative paths against the workspace folder), else the
 * `FAULTLINE_BIN` environment variable, else the first `faultline` on `PATH`. A configured path
 * that does not exist is an error naming it; we do not silently fall back to another binary,
 * which could be an older version with different behaviour.
 */
export function resolveServerPath(setting: string | undefined, host: Host): ServerPath {
  const p = host.platform === "win32" ? path.win32 : path.posix;
  const configured = (setting ?? "").trim();
  if (configured !== "") {
    const expanded = expand(configured, host, p);
    if (expanded === null) {
      return {
        ok: false,
        message: `faultline.server.path "${configured}" uses \${workspaceFolder}, but no folder is open.`,
      };
    }
    const absolute = p.isAbsolute(expanded)
      ? expanded
      : host.workspaceFolder !== undefined
        ? p.resolve(host.workspaceFolder, expanded)
        : null;
    if (absolute === null) {
      return {
        ok: false,
        message: `faultline.server.path "${configured}" is relative, but no folder is open to resolve it against.`,
      };
    }
    for (const candidate of withExeSuffix(absolute, host.platform)) {
      if (host.isExecutable(candidate)) return { ok: true, path: candidate, source: "setting" };
    }
    return {
      ok: false,
      message: `faultline.server.path "${configured}" (${absolute}) is not an executable file.`,
    };
  }
  const fromEnv = host.env.FAULTLINE_BIN?.trim();
  if (fromEnv) {
    if (host.isExecutable(fromEnv)) return { ok: true, path: fromEnv, source: "environment" };
    return {
      ok: false,
      message: `FAULTLINE_BIN "${fromEnv}" is not an executable file.`,
    };
  }
  const pathVar = host.env.PATH ?? host.env.Path ?? "";
  const separator = host.platform === "win32" ? ";" : ":";
  for (const dir of pathVar.split(separator)) {
    if (dir === "") continue;
    for (const candidate of withExeSuffix(p.join(dir, "faultline"), host.platform)) {
      if (host.isExecutable(candidate)) return { ok: true, path: candidate, source: "PATH" };
    }
  }
  return {
    ok: false,
    message:
      "Cannot find the faultline binary on PATH. Install it (`cargo install --path crates/faultline-cli`) " +
      "or set faultline.server.path.",
  };
}

function expand(value: string, host: Host, p: typeof path.posix): string | null {
  let out = value;
  if (out === "~" || out.startsWith("~/") || out.startsWith("~\\")) {
    out = p.join(host.homedir, out.slice(1));
  }
  if (out.includes("${workspaceFolder}")) {
    if (host.workspaceFolder === undefined) return null;
    out = out.split("${workspaceFolder}").join(host.workspaceFolder);
  }
  return out;
}

function withExeSuffix(file: string, platform: NodeJS.Platform): string[] {
  return platform === "win32" && !file.toLowerCase().endsWith(".exe") ? [file + ".exe", file] : [file];
}

/** The command-line arguments of the server. */
export const SERVER_ARGS: readonly string[] = ["lsp"];

/** True when `p` is a regular file this process may execute (on Windows: any regular file). */
export function isExecutableFile(p: string, platform: NodeJS.Platform = process.platform): boolean {
  try {
    if (!fs.statSync(p).isFile()) return false;
    if (platform !== "win32") fs.accessSync(p, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
