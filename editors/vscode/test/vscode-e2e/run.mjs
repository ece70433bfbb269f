// The real-VS-Code end-to-end test: code-server (VS Code 1.100 in a browser) with the packaged
// faultline.vsix installed, driven through Debian's headless chromium by puppeteer-core exactly as
// a user would: open a C file with one faulty line, save, read the Problems panel, hover the line,
// open the quick-fix menu, type the correct code, save, and check that no Faultline decoration is
// left. Screenshots of every step go to $FAULTLINE_E2E_ARTIFACTS (default
// target/editors/artifacts/vscode).
//
//   FAULTLINE_BIN=target/debug/faultline node editors/vscode/test/vscode-e2e/run.mjs [file.vsix]
//
// setup.sh installs code-server and puppeteer-core first. Assertions are about behaviour (a
// Faultline problem on the faulty line, a hover with text, a quick fix, nothing left after the
// fix), not the server's wording, which changes on its own schedule. Exit 0: passed; 1: failed.

import { spawn, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../../../..");
const installDir = process.env.FAULTLINE_E2E_DIR || path.join(repo, "target/editors/vscode-e2e");
const artifacts =
  process.env.FAULTLINE_E2E_ARTIFACTS || path.join(repo, "target/editors/artifacts/vscode");
const vsix = path.resolve(process.argv[2] || path.join(repo, "editors/vscode/faultline.vsix"));
const faultline = process.env.FAULTLINE_BIN;
const chromium = process.env.CHROMIUM || "/usr/bin/chromium";
const codeServer = path.join(installDir, "node_modules/code-server/out/node/entry.js");

// puppeteer-core lives with code-server under target/, not beside this file.
const puppeteer = createRequire(path.join(installDir, "node_modules/"))("puppeteer-core");

// The C file: `distance` returns `from - to` on both branches; line 8 should be `to - from`, so
// test_forwards fails (-5 instead of 5) and the other two pass.
const FAULTY_LINE = 8;
const SOURCE = `/* How far apart two marks on a ruler are. */
#include <assert.h>

int distance(int from, int to)
{
    if (from > to)
        return from - to;
    return from - to;
}

void test_same_mark(void)
{
    assert(distance(3, 3) == 0);
}

void test_backwards(void)
{
    assert(distance(9, 4) == 5);
}

void test_forwards(void)
{
    assert(distance(2, 7) == 5);
}
`;
const FIXED_CODE = "return to - from;";

// User settings of both sessions; the first also sets faultline.server.path, since the extension
// host does not inherit PATH the way a terminal does.
const SETTINGS = {
  // The e2e's first-run step removes the setting: PATH must not have `faultline`.
  "security.workspace.trust.enabled": false,
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.ignoreRecommendations": true,
  "extensions.autoCheckUpdates": false,
  // Typing the fix must produce exactly the typed text.
  "editor.autoClosingBrackets": "never",
  "editor.autoClosingQuotes": "never",
  "editor.quickSuggestions": { other: false, comments: false, strings: false },
  "editor.suggestOnTriggerCharacters": false,
  "editor.acceptSuggestionOnEnter": "off",
  "editor.hover.delay": 100,
  "files.autoSave": "off",
  // The workspace lies inside the repository's target/: no "open the parent repository?" toast.
  "git.openRepositoryInParentFolders": "never",
};

let passed = 0;
let failed = 0;
function check(name, cond, detail) {
  if (cond) {
    passed++;
    console.log(`ok   ${name}`);
  } else {
    failed++;
    console.log(`FAIL ${name}${detail === undefined ? "" : `: ${detail}`}`);
  }
  return cond;
}
class Stop extends Error {}
function require_(name, cond, detail) {
  if (!check(name, cond, detail)) throw new Stop(name);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitForHttp(url, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return true;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  return false;
}

async function main() {
  if (!faultline || !fs.existsSync(faultline)) throw new Error("FAULTLINE_BIN must name the faultline binary");
  for (const [what, p] of [["code-server (run setup.sh)", codeServer], ["the .vsix", vsix], ["chromium", chromium]]) {
    if (!fs.existsSync(p)) throw new Error(`${what} is missing: ${p}`);
  }
  fs.rmSync(artifacts, { recursive: true, force: true });
  fs.mkdirSync(artifacts, { recursive: true });
  const run = path.join(path.dirname(artifacts), "vscode-run");
  fs.rmSync(run, { recursive: true, force: true });
  const ws = path.join(run, "ruler");
  const userData = path.join(run, "user-data");
  const extensions = path.join(run, "extensions");
  fs.mkdirSync(ws, { recursive: true });
  fs.mkdirSync(path.join(userData, "User"), { recursive: true });
  const file = path.join(ws, "distance.c");
  fs.writeFileSync(file, SOURCE);
  const writeSettings = (serverPath) =>
    fs.writeFileSync(path.join(userData, "User/settings.json"), JSON.stringify({ ...SETTINGS, ...(serverPath ? { "faultline.server.path": serverPath } : {}) }, null, 2));
  writeSettings(path.resolve(faultline));
  const env = { ...process.env, HOME: run, XDG_CONFIG_HOME: path.join(run, "config"), XDG_DATA_HOME: path.join(run, "data") };
  // Only the setting may lead the extension to the binary (the first-run step removes it).
  delete env.FAULTLINE_BIN;
  env.PATH = (env.PATH || "").split(":").filter((d) => d && !fs.existsSync(path.join(d, "faultline"))).join(":");
  const common = ["--user-data-dir", userData, "--extensions-dir", extensions, "--config", path.join(run, "config.yaml")];
  execFileSync(process.execPath, [codeServer, ...common, "--install-extension", vsix], { env, stdio: "inherit", timeout: 120_000 });
  const installed = fs.readdirSync(extensions).filter((d) => d.startsWith("faultline."));
  require_("the packaged .vsix is installed into code-server", installed.length === 1, fs.readdirSync(extensions).join(", "));

  // The editing session, then a first run without the binary (a fresh window and server).
  await session(common, env, ws, "code-server.log", (page) => drive(page, file));
  writeSettings(undefined);
  await session(common, env, ws, "code-server-no-binary.log", (page) => firstRun(page, file));
}

async function session(common, env, ws, logName, fn) {
  const port = await freePort();
  const serverLog = fs.openSync(path.join(artifacts, logName), "w");
  const server = spawn(
    process.execPath,
    [codeServer, ...common, "--bind-addr", `127.0.0.1:${port}`, "--auth", "none", "--disable-telemetry",
      "--disable-update-check", "--disable-workspace-trust", "--disable-getting-started-override", ws],
    { env, stdio: ["ignore", serverLog, serverLog], detached: true },
  );
  let browser;
  try {
    require_("code-server listens on 127.0.0.1", await waitForHttp(`http://127.0.0.1:${port}/healthz`, 60_000));
    browser = await puppeteer.launch({
      executablePath: chromium,
      headless: true,
      // Root in a container: no user namespaces for the sandbox.
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,900"],
      defaultViewport: { width: 1400, height: 900 },
      userDataDir: fs.mkdtempSync(path.join(path.dirname(ws), "chromium-")),
    });
    const page = await browser.newPage();
    const consoleLog = fs.createWriteStream(path.join(artifacts, logName.replace("code-server", "browser-console")));
    page.on("console", (m) => consoleLog.write(`${m.type()}: ${m.text()}\n`));
    await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(ws)}`, { waitUntil: "domcontentloaded", timeout: 60_000 });
    await page.waitForSelector(".monaco-workbench", { timeout: 60_000 });
    await page.waitForSelector(".explorer-folders-view, .monaco-workbench .part.sidebar", { timeout: 60_000 });
    await sleep(2000);
    await fn(page);
    consoleLog.end();
  } finally {
    if (browser) await browser.close().catch(() => {});
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

let shot = 0;
/** What a user's hands do: keys, the command palette, Go to Line, Quick Open; and screenshots. */
function hands(page) {
  const screenshot = async (name) => {
    shot++;
    await page.screenshot({ path: path.join(artifacts, `${String(shot).padStart(2, "0")}-${name}.png`) });
  };
  const keys = async (...combo) => {
    for (const k of combo.slice(0, -1)) await page.keyboard.down(k);
    await page.keyboard.press(combo[combo.length - 1]);
    for (const k of combo.slice(0, -1).reverse()) await page.keyboard.up(k);
  };
  const command = async (title) => {
    await page.keyboard.press("F1");
    await page.waitForSelector(".quick-input-widget .quick-input-box input", { visible: true, timeout: 10_000 });
    await page.keyboard.type(title, { delay: 5 });
    await page.waitForFunction(
      (t) => [...document.querySelectorAll(".quick-input-list .monaco-list-row")].some((r) => r.innerText.includes(t)),
      { timeout: 10_000 },
      title,
    );
    await page.keyboard.press("Enter");
    await sleep(300);
  };
  const goToLine = async (line) => {
    await keys("Control", "g");
    await page.waitForSelector(".quick-input-widget .quick-input-box input", { visible: true, timeout: 10_000 });
    await page.keyboard.type(String(line));
    await page.keyboard.press("Enter");
    await sleep(300);
  };
  const open = async (file) => {
    await keys("Control", "p");
    await page.waitForSelector(".quick-input-widget .quick-input-box input", { visible: true, timeout: 10_000 });
    await page.keyboard.type(path.basename(file), { delay: 5 });
    await page.waitForFunction(
      (n) => [...document.querySelectorAll(".quick-input-list .monaco-list-row")].some((r) => r.innerText.includes(n)),
      { timeout: 15_000 },
      path.basename(file),
    );
    await page.keyboard.press("Enter");
    await page.waitForSelector(".monaco-editor .view-lines", { timeout: 15_000 });
  };
  return { screenshot, keys, command, goToLine, open };
}

async function drive(page, file) {
  const { screenshot, keys, command, goToLine, open } = hands(page);
  const problems = () =>
    page.evaluate(() =>
      [...document.querySelectorAll(".markers-panel .monaco-list-row")].map((r) => r.innerText.replace(/\s+/g, " ")),
    );
  const squiggles = () =>
    page.evaluate(() => document.querySelectorAll(".monaco-editor .squiggly-error, .monaco-editor .squiggly-warning, .monaco-editor .squiggly-info, .monaco-editor .squiggly-hint").length);

  await screenshot("workbench");

  // Open the file through Quick Open, then save it (runOnSave).
  await open(file);
  await page.click(".monaco-editor .view-lines");
  await keys("Control", "s");
  await command("Problems: Focus on Problems View");

  // Problems: a Faultline entry on the faulty line (the panel row ends in "[Ln 8, Col 5]").
  const onLine = (rows, line) => rows.filter((r) => /faultline/i.test(r) && r.includes(`[Ln ${line},`));
  let rows = [];
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    rows = await problems();
    if (onLine(rows, FAULTY_LINE).length > 0) break;
    await sleep(250);
  }
  await screenshot("problems");
  require_(`the Problems panel lists a Faultline problem on line ${FAULTY_LINE}`, onLine(rows, FAULTY_LINE).length > 0, JSON.stringify(rows));
  check("the Problems panel names the failing test", rows.some((r) => r.includes("test_forwards")), JSON.stringify(rows));
  check("the editor shows a squiggle", (await squiggles()) > 0);

  // Hover on the faulty line.
  await page.click(".monaco-editor .view-lines");
  await goToLine(FAULTY_LINE);
  await keys("End");
  await keys("ArrowLeft");
  await keys("ArrowLeft");
  await command("Show or Focus Hover");
  let hover = "";
  await page
    .waitForFunction(() => {
      const h = document.querySelector(".monaco-hover:not(.hidden) .hover-contents");
      return h && h.innerText.trim().length > 0;
    }, { timeout: 15_000 })
    .catch(() => {});
  hover = await page.evaluate(() =>
    [...document.querySelectorAll(".monaco-hover:not(.hidden) .hover-contents")].map((h) => h.innerText).join("\n"),
  );
  await screenshot("hover");
  check("the hover on the faulty line has Faultline's text", /test_forwards|suspect|fault/i.test(hover), JSON.stringify(hover));
  await keys("Escape");

  // The quick-fix menu on the faulty line has at least one entry.
  await command("Quick Fix...");
  let fixes = [];
  await page
    .waitForFunction(() => document.querySelectorAll(".action-widget .monaco-list-row").length > 0, { timeout: 15_000 })
    .catch(() => {});
  fixes = await page.evaluate(() =>
    [...document.querySelectorAll(".action-widget .monaco-list-row")].map((r) => r.innerText.replace(/\s+/g, " ").trim()),
  );
  await screenshot("quick-fix");
  check("the quick-fix menu has an entry", fixes.filter((f) => f && !/^no code actions/i.test(f)).length > 0, JSON.stringify(fixes));
  // The angelic-values action (when the server offers one) opens a read-only view beside the
  // code, never an Untitled buffer that asks to be saved.
  const angelic = fixes.findIndex((f) => /angelic/i.test(f));
  if (angelic >= 0) {
    const rows = await page.$$(".action-widget .monaco-list-row");
    await rows[angelic].click();
    const tabs = () =>
      page.evaluate(() => [...document.querySelectorAll(".tabs-container .tab")].map((t) => ({ label: t.innerText.trim(), dirty: t.classList.contains("dirty") })));
    let opened = [];
    const tabDeadline = Date.now() + 15_000;
    while (Date.now() < tabDeadline) {
      opened = await tabs();
      if (opened.some((t) => /angelic/i.test(t.label))) break;
      await sleep(200);
    }
    // The preview renders in a webview (nested frames): its text must show the values.
    let previewText = "";
    const previewDeadline = Date.now() + 15_000;
    while (Date.now() < previewDeadline && !/test_forwards/.test(previewText)) {
      previewText = "";
      for (const frame of page.frames()) {
        previewText += await frame.evaluate(() => document.body?.innerText ?? "").catch(() => "");
      }
      await sleep(250);
    }
    await screenshot("angelic-values");
    check("the angelic values open in their own tab", opened.some((t) => /angelic/i.test(t.label)), JSON.stringify(opened));
    check("the angelic-values view shows the failing test's values", /test_forwards/.test(previewText), JSON.stringify(previewText.slice(0, 300)));
    check("no Untitled or unsaved tab is left by it", !opened.some((t) => /untitled/i.test(t.label) || t.dirty), JSON.stringify(opened));
    await command("View: Close All Editors in Other Groups").catch(() => {});
    await command("View: Focus First Editor Group");
  } else {
    console.log("no angelic-values action offered: skipped its view");
    await keys("Escape");
  }

  // The Testing view lists every test, and running them all from it reports the failure with
  // expected and actual.
  await command("Testing: Focus on Test Explorer View");
  const explorerRows = () =>
    page.evaluate(() => [...document.querySelectorAll(".test-explorer .monaco-list-row")].map((r) => r.innerText.replace(/\s+/g, " ").trim()));
  await page
    .waitForFunction(() => [...document.querySelectorAll(".test-explorer .monaco-list-row")].some((r) => r.innerText.includes("distance.c")), { timeout: 20_000 })
    .catch(() => {});
  await command("Test: Run All Tests");
  let listed = [];
  const testsDeadline = Date.now() + 30_000;
  while (Date.now() < testsDeadline) {
    // Expand collapsed rows (the file) so its tests are visible.
    await page.evaluate(() => {
      for (const r of document.querySelectorAll(".test-explorer .monaco-list-row[aria-expanded='false']")) r.querySelector(".monaco-tl-twistie")?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    });
    listed = await explorerRows();
    if (["test_same_mark", "test_backwards", "test_forwards"].every((n) => listed.some((r) => r.includes(n)))) break;
    await sleep(300);
  }
  await screenshot("testing-view");
  check("the Testing view lists every test of the file", ["test_same_mark", "test_backwards", "test_forwards"].every((n) => listed.some((r) => r.includes(n))), JSON.stringify(listed));
  const failedRows = await page.evaluate(() =>
    [...document.querySelectorAll(".test-explorer .monaco-list-row")]
      .filter((r) => r.querySelector(".codicon-testing-failed-icon, .codicon-testing-error-icon"))
      .map((r) => r.innerText.replace(/\s+/g, " ").trim()),
  );
  check("the Testing view marks test_forwards (and only it) failed", failedRows.some((r) => r.includes("test_forwards")) && !failedRows.some((r) => r.includes("test_same_mark") || r.includes("test_backwards")), JSON.stringify(failedRows));
  // VS Code shows a failure's expected/actual (TestMessage.diff) inline at the failing assert as
  // "actual != expected"; the Test Results panel lists the failure with its message.
  let inline = false;
  await page
    .waitForFunction(
      () => [...document.querySelectorAll(".monaco-editor *")].some((e) => e.childElementCount === 0 && /-5 != 5/.test(e.textContent || "")),
      { timeout: 15_000 },
    )
    .then(() => (inline = true))
    .catch(() => {});
  const results = await page.evaluate(() => [...document.querySelectorAll(".monaco-list-row")].map((r) => r.innerText.replace(/\s+/g, " ").trim()).filter((t) => t.startsWith("test_forwards")));
  await screenshot("test-failure");
  check("the failure shows actual -5 against expected 5 at the assert", inline);
  check("the Test Results list the failure with its reason", results.some((r) => /assertion failed/.test(r)), JSON.stringify(results));
  // Run one test from the view: its row's run button; the new run holds that test only.
  const runOne = await page.evaluate(() => {
    const row = [...document.querySelectorAll(".test-explorer .monaco-list-row")].find((r) => r.innerText.trim().startsWith("test_backwards"));
    const button = row && [...row.querySelectorAll(".action-label")].find((a) => /^Run Test/i.test(a.getAttribute("aria-label") || ""));
    if (!button) return false;
    button.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    return true;
  });
  let oneRun = [];
  if (runOne) {
    const oneDeadline = Date.now() + 15_000;
    while (Date.now() < oneDeadline) {
      // The newest run is first in the Test Results tree: its rows until the next run's header.
      oneRun = await page.evaluate(() => {
        const rows = [...document.querySelectorAll(".test-output-peek-tree .monaco-list-row, .test-results .monaco-list-row")].map((r) => r.innerText.replace(/\s+/g, " ").trim());
        const out = [];
        for (const r of rows.slice(1)) {
          if (/^Faultline|older result/.test(r)) break;
          out.push(r);
        }
        return out;
      });
      if (oneRun.length > 0 && oneRun.every((r) => r.startsWith("test_backwards"))) break;
      await sleep(250);
    }
  }
  await screenshot("run-one-test");
  check("running one test from the view runs that test only", runOne && oneRun.length === 1 && oneRun[0].startsWith("test_backwards"), JSON.stringify({ runOne, oneRun }));

  await keys("Escape");
  await command("View: Focus Active Editor Group");

  // Lenses before the fix (for the record; their wording is the server's).
  const lensesBefore = await page.evaluate(() => [...document.querySelectorAll(".monaco-editor .codelens-decoration")].map((e) => e.innerText));
  console.log(`code lenses before the fix: ${JSON.stringify(lensesBefore)}`);

  // The status bar item (extension): says something about the failing test.
  const statusBar = await page.evaluate(() =>
    [...document.querySelectorAll(".statusbar-item")].map((e) => e.innerText.trim()).filter((t) => /faultline|fail|suspect/i.test(t)),
  );
  check("the status bar shows Faultline's state", statusBar.some((t) => /fail/i.test(t)), JSON.stringify(statusBar));

  // Apply the fix by typing it, then save.
  await page.click(".monaco-editor .view-lines");
  await goToLine(FAULTY_LINE);
  await keys("End");
  await keys("Shift", "Home"); // Home goes to the first non-blank character
  await page.keyboard.type(FIXED_CODE, { delay: 10 });
  await keys("Control", "s");
  // code-server saves by truncating and rewriting the file: a read between the two sees a
  // shorter file (or none), which is "not saved yet", never an error.
  const text = () => {
    try {
      return fs.readFileSync(file, "utf8").split("\n")[FAULTY_LINE - 1] ?? "";
    } catch {
      return "";
    }
  };
  const savedDeadline = Date.now() + 15_000;
  while (Date.now() < savedDeadline && text().trim() !== FIXED_CODE) await sleep(100);
  require_("the typed fix is saved", text().trim() === FIXED_CODE, JSON.stringify(text()));

  // Nothing of Faultline's is left: no problems, no squiggles, no failing lens.
  const lenses = () => page.evaluate(() => [...document.querySelectorAll(".monaco-editor .codelens-decoration")].map((e) => e.innerText));
  let left = {};
  const clearDeadline = Date.now() + 60_000;
  while (Date.now() < clearDeadline) {
    left = {
      problems: (await problems()).filter((r) => /faultline/i.test(r)),
      squiggles: await squiggles(),
      failingLenses: (await lenses()).filter((l) => /fail|✗|suspect/i.test(l)),
      failedTests: await page.evaluate(() =>
        [...document.querySelectorAll(".test-explorer .monaco-list-row")]
          .filter((r) => r.querySelector(".codicon-testing-failed-icon, .codicon-testing-error-icon"))
          .map((r) => r.innerText.trim()),
      ),
    };
    if (left.problems.length === 0 && left.squiggles === 0 && left.failingLenses.length === 0 && left.failedTests.length === 0) break;
    await sleep(250);
  }
  await screenshot("fixed");
  check("no Faultline problem remains after the fix is saved", left.problems.length === 0, JSON.stringify(left.problems));
  check("no squiggle remains after the fix is saved", left.squiggles === 0, String(left.squiggles));
  check("no code lens reports a failure after the fix is saved", left.failingLenses.length === 0, JSON.stringify(left.failingLenses));
  check("the Testing view follows the server's run: no failed test after the fix", left.failedTests.length === 0, JSON.stringify(left.failedTests));
  const statusAfter = await page.evaluate(() =>
    [...document.querySelectorAll(".statusbar-item")].map((e) => e.innerText.trim()).filter((t) => /faultline|fail|pass|suspect/i.test(t)),
  );
  check("the status bar no longer reports failures", !statusAfter.some((t) => /fail/i.test(t)), JSON.stringify(statusAfter));
}

// First run without a binary: no faultline.server.path, and `faultline` is not on the extension
// host's PATH. One message says what to do; the status bar says the server is not running;
// nothing restarts in a loop.
async function firstRun(page, file) {
  const { screenshot, open } = hands(page);
  await open(file);
  const toastsNow = () =>
    page.evaluate(() => [...document.querySelectorAll(".notification-toast")].map((t) => t.innerText.replace(/\s+/g, " ")));
  let toasts = [];
  const toastDeadline = Date.now() + 30_000;
  while (Date.now() < toastDeadline) {
    toasts = await toastsNow();
    if (toasts.some((t) => /faultline/i.test(t))) break;
    await sleep(250);
  }
  await sleep(3000); // a crash loop would have shown more messages by now
  toasts = await toastsNow();
  await screenshot("no-binary");
  const ours = toasts.filter((t) => /faultline/i.test(t));
  check("without a binary, one message says how to install it or set the path", ours.length === 1 && /install/i.test(ours[0]) && /faultline\.server\.path/.test(ours[0]), JSON.stringify(toasts));
  check("the message offers to open the setting", ours.length === 1 && /Open Settings/.test(ours[0]), JSON.stringify(ours));
  const status = await page.evaluate(() => [...document.querySelectorAll(".statusbar-item")].map((e) => e.innerText.trim()).filter((t) => /faultline/i.test(t)));
  check("the status bar says the server is not running", status.some((t) => /not running/i.test(t)), JSON.stringify(status));
}


try {
  await main();
} catch (e) {
  if (!(e instanceof Stop)) {
    failed++;
    console.log(`FAIL the test ran without an error: ${e?.stack || e}`);
  }
}
console.log(`screenshots and logs: ${artifacts}`);
console.log(`vscode e2e: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
