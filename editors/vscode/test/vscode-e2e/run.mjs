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
  fs.writeFileSync(
    path.join(userData, "User/settings.json"),
    JSON.stringify(
      {
        // The extension host does not inherit PATH the way a terminal does.
        "faultline.server.path": path.resolve(faultline),
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
      },
      null,
      2,
    ),
  );

  const env = { ...process.env, HOME: run, XDG_CONFIG_HOME: path.join(run, "config"), XDG_DATA_HOME: path.join(run, "data") };
  const common = ["--user-data-dir", userData, "--extensions-dir", extensions, "--config", path.join(run, "config.yaml")];
  execFileSync(process.execPath, [codeServer, ...common, "--install-extension", vsix], { env, stdio: "inherit", timeout: 120_000 });
  const installed = fs.readdirSync(extensions).filter((d) => d.startsWith("faultline."));
  require_("the packaged .vsix is installed into code-server", installed.length === 1, fs.readdirSync(extensions).join(", "));

  const port = await freePort();
  const serverLog = fs.openSync(path.join(artifacts, "code-server.log"), "w");
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
      userDataDir: path.join(run, "chromium"),
    });
    await drive(browser, `http://127.0.0.1:${port}/?folder=${encodeURIComponent(ws)}`, file);
  } finally {
    if (browser) await browser.close().catch(() => {});
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

async function drive(browser, url, file) {
  const page = await browser.newPage();
  const consoleLog = fs.createWriteStream(path.join(artifacts, "browser-console.log"));
  page.on("console", (m) => consoleLog.write(`${m.type()}: ${m.text()}\n`));
  let shot = 0;
  const screenshot = async (name) => {
    shot++;
    await page.screenshot({ path: path.join(artifacts, `${String(shot).padStart(2, "0")}-${name}.png`) });
  };
  const keys = async (...combo) => {
    for (const k of combo.slice(0, -1)) await page.keyboard.down(k);
    await page.keyboard.press(combo[combo.length - 1]);
    for (const k of combo.slice(0, -1).reverse()) await page.keyboard.up(k);
  };
  // A command by its title through the command palette (F1), as a user would.
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
  const problems = () =>
    page.evaluate(() =>
      [...document.querySelectorAll(".markers-panel .monaco-list-row")].map((r) => r.innerText.replace(/\s+/g, " ")),
    );
  const squiggles = () =>
    page.evaluate(() => document.querySelectorAll(".monaco-editor .squiggly-error, .monaco-editor .squiggly-warning, .monaco-editor .squiggly-info, .monaco-editor .squiggly-hint").length);

  await page.goto(url, { waitUntil: "domcontentloaded", timeout: 60_000 });
  await page.waitForSelector(".monaco-workbench", { timeout: 60_000 });
  await page.waitForSelector(".explorer-folders-view, .monaco-workbench .part.sidebar", { timeout: 60_000 });
  await sleep(2000);
  await screenshot("workbench");

  // Open the file through Quick Open, then save it (runOnSave).
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
  await keys("Escape");

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
  const text = () => fs.readFileSync(file, "utf8").split("\n")[FAULTY_LINE - 1];
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
    };
    if (left.problems.length === 0 && left.squiggles === 0 && left.failingLenses.length === 0) break;
    await sleep(250);
  }
  await screenshot("fixed");
  check("no Faultline problem remains after the fix is saved", left.problems.length === 0, JSON.stringify(left.problems));
  check("no squiggle remains after the fix is saved", left.squiggles === 0, String(left.squiggles));
  check("no code lens reports a failure after the fix is saved", left.failingLenses.length === 0, JSON.stringify(left.failingLenses));
  const statusAfter = await page.evaluate(() =>
    [...document.querySelectorAll(".statusbar-item")].map((e) => e.innerText.trim()).filter((t) => /faultline|fail|pass|suspect/i.test(t)),
  );
  check("the status bar no longer reports failures", !statusAfter.some((t) => /fail/i.test(t)), JSON.stringify(statusAfter));
  consoleLog.end();
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
