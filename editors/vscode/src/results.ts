// Pure parts of the Testing view and the status bar (no `vscode` import, so `node --test` runs
// them): reading `faultline test --json` and saying the state in a few words.
//
// The Testing view runs `faultline test --json FILE`, the same interpreter and the same test
// discovery (unit tests `void test_*(void)` and faultline.toml's IO cases) as the server's runs.
// The server publishes per-test results only as diagnostics, which carry no machine-readable
// expected/actual, so the CLI's JSON is the one source of both.

/** One test of a file, as `faultline test --json` prints it. */
export interface TestResult {
  name: string;
  kind: "unit" | "io" | string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  status: "passed" | "failed" | "skipped" | string;
  expected: string | null;
  actual: string | null;
  reason: string | null;
}

export interface FileResults {
  file: string;
  tests: TestResult[];
  passed: number;
  failed: number;
  skipped: number;
}

export type ParsedRun = { ok: true; files: FileResults[] } | { ok: false; message: string };

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
const num = (v: unknown, fallback: number): number =>
  typeof v === "number" && Number.isFinite(v) ? v : fallback;

/**
 * The JSON Lines output of `faultline test --json` (one object per file). Malformed input is a
 * message, never an exception: a crashed or foreign binary must not break the Testing view.
 */
export function parseTestJson(stdout: string): ParsedRun {
  const files: FileResults[] = [];
  for (const line of stdout.split("\n")) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return { ok: false, message: `faultline test --json printed something that is not JSON: ${line.slice(0, 200)}` };
    }
    const o = value as Record<string, unknown>;
    if (typeof o !== "object" || o === null || typeof o.file !== "string" || !Array.isArray(o.tests)) {
      return { ok: false, message: `unexpected output of faultline test --json: ${line.slice(0, 200)}` };
    }
    const tests: TestResult[] = [];
    for (const t of o.tests as Record<string, unknown>[]) {
      if (typeof t !== "object" || t === null || typeof t.name !== "string") continue;
      const status = str(t.status) ?? (t.passed === true ? "passed" : "failed");
      tests.push({
        name: t.name,
        kind: str(t.kind) ?? "unit",
        line: Math.max(1, num(t.line, 1)),
        column: Math.max(1, num(t.column, 1)),
        status,
        expected: str(t.expected),
        actual: str(t.actual),
        reason: str(t.reason),
      });
    }
    const count = (s: string) => tests.filter((t) => t.status === s).length;
    files.push({ file: o.file, tests, passed: count("passed"), failed: count("failed"), skipped: count("skipped") });
  }
  return { ok: true, files };
}

/** The failure text of a test for the Testing view's message (expected/actual go in a diff). */
export function failureMessage(t: TestResult): string {
  if (t.reason) return t.reason;
  if (t.expected !== null || t.actual !== null) return `${t.name} fails`;
  return `${t.name} fails`;
}

/** Shows a value so that trailing newlines and spaces of program output stay visible. */
export function showValue(v: string): string {
  return v.replace(/\n$/, "⏎").replace(/\n/g, "⏎\n");
}

/** What the status bar knows about the active C file. */
export interface StatusState {
  /** The server is not running because its binary is missing or failed to start. */
  serverProblem?: string;
  /** A run is in progress; the server's last progress message, if any. */
  running?: string | null;
  /** From the server's diagnostics for the file (undefined: no results yet). */
  failingTests?: number;
  suspects?: number;
  /** The file cannot be analysed (unsupported C, syntax errors). */
  notAnalysed?: boolean;
}

export interface StatusView {
  text: string;
  tooltip: string;
  /** "error" / "warning" background, or none. */
  tone: "error" | "warning" | "none";
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The status-bar item: running / n failing, k suspects / tests pass / not installed. */
export function statusView(s: StatusState): StatusView {
  if (s.serverProblem !== undefined) {
    return {
      text: "$(warning) Faultline: not running",
      tooltip: `${s.serverProblem}\nClick to set faultline.server.path.`,
      tone: "warning",
    };
  }
  if (s.running !== undefined) {
    const what = s.running && s.running.trim() !== "" ? s.running : "running tests";
    return { text: `$(sync~spin) Faultline: ${what}`, tooltip: "Faultline is running this file's tests.", tone: "none" };
  }
  if (s.notAnalysed) {
    return {
      text: "$(circle-slash) Faultline: not analysed",
      tooltip: "Faultline cannot analyse this file (see the Problems panel); its tests were not run.",
      tone: "none",
    };
  }
  if (s.failingTests === undefined) {
    return { text: "$(beaker) Faultline", tooltip: "Save the file to run its tests.", tone: "none" };
  }
  if (s.failingTests === 0) {
    return { text: "$(pass) Faultline: tests pass", tooltip: "Every test of this file passes.", tone: "none" };
  }
  const suspects = s.suspects ?? 0;
  const text =
    `$(error) ${plural(s.failingTests, "failing test", "failing tests")}` +
    (suspects > 0 ? `, ${plural(suspects, "suspect", "suspects")}` : "");
  return {
    text,
    tooltip:
      suspects > 0
        ? "Faultline: the suspects are the lines whose change makes the failing tests pass (Problems panel)."
        : "Faultline: no line was found whose change makes the failing tests pass.",
    tone: "error",
  };
}

/** A diagnostic as far as the status bar reads it (LSP numbers: 1 error … 4 hint). */
export interface DiagnosticLike {
  code?: string | number | { value: string | number } | null;
  severity?: number | null;
  source?: string | null;
  message: string;
}

/** The server's codes for a file whose tests could not be run (crates/faultline-lsp analysis.rs). */
const NOT_ANALYSED = new Set(["syntax", "unsupported", "semantic", "preprocessor", "config"]);

const codeOf = (d: DiagnosticLike): string | undefined => {
  const c = d.code;
  if (c === undefined || c === null) return undefined;
  return typeof c === "object" ? String(c.value) : String(c);
};

/**
 * Failing tests and suspects from the server's diagnostics for one file: a failing test is an
 * error of code `test-failure`, a suspect a `suspicious` diagnostic shown as a warning or error
 * (the other suspicious lines are listed, not flagged); lines, not diagnostics, are counted.
 * `severity` uses LSP's numbering (VS Code's is one less; the caller converts).
 */
export function countResults(
  diagnostics: readonly (DiagnosticLike & { line: number })[],
): Pick<StatusState, "failingTests" | "suspects" | "notAnalysed"> {
  const ours = diagnostics.filter((d) => d.source === undefined || d.source === null || d.source === "faultline");
  const failing = new Set<string>();
  const suspectLines = new Set<number>();
  let notAnalysed = false;
  for (const d of ours) {
    const code = codeOf(d);
    if (code === "test-failure") failing.add(d.message.match(/^test (\S+)/)?.[1] ?? `${d.line}:${d.message}`);
    else if (code === "suspicious" && (d.severity ?? 4) <= 2) suspectLines.add(d.line);
    else if (code !== undefined && NOT_ANALYSED.has(code)) notAnalysed = true;
  }
  return { failingTests: failing.size, suspects: suspectLines.size, notAnalysed: notAnalysed && failing.size === 0 };
}
