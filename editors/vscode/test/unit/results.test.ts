import { strict as assert } from "node:assert";
import { describe, it } from "node:test";

import { countResults, failureMessage, parseTestJson, showValue, statusView } from "../../src/results";

// What `faultline test --json` prints for a file with one failing unit test and an IO case.
const JSON_LINE = JSON.stringify({
  file: "/w/abs.c",
  summary: { failed: 2, passed: 1, skipped: 0 },
  tests: [
    { name: "test_positive", kind: "unit", line: 11, column: 6, status: "passed", passed: true, expected: null, actual: null, reason: null },
    { name: "test_minus_one", kind: "unit", line: 28, column: 5, status: "failed", passed: false, expected: "1", actual: "-1", reason: "assertion failed: left -1, right 1" },
    { name: "century", kind: "io", line: 4, column: 5, status: "failed", passed: false, expected: "common\n", actual: "leap\n", reason: null },
  ],
});

describe("parseTestJson", () => {
  it("reads every test with its place, status and expected/actual", () => {
    const parsed = parseTestJson(JSON_LINE + "\n");
    assert.ok(parsed.ok);
    const [file] = parsed.files;
    assert.equal(file.file, "/w/abs.c");
    assert.deepEqual([file.passed, file.failed, file.skipped], [1, 2, 0]);
    assert.deepEqual(
      file.tests.map((t) => [t.name, t.kind, t.line, t.status]),
      [
        ["test_positive", "unit", 11, "passed"],
        ["test_minus_one", "unit", 28, "failed"],
        ["century", "io", 4, "failed"],
      ],
    );
    assert.equal(file.tests[1].expected, "1");
    assert.equal(file.tests[1].actual, "-1");
  });

  it("turns garbage into a message, not an exception", () => {
    const bad = parseTestJson("thread 'main' panicked\n");
    assert.equal(bad.ok, false);
    assert.equal(parseTestJson('{"file": 3}').ok, false);
    const empty = parseTestJson("");
    assert.ok(empty.ok && empty.files.length === 0);
  });

  it("skips malformed tests and repairs missing fields", () => {
    const parsed = parseTestJson(JSON.stringify({ file: "f.c", tests: [null, { name: "t", passed: true }, { nope: 1 }] }));
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.files[0].tests.map((t) => [t.name, t.status, t.line]), [["t", "passed", 1]]);
  });
});

describe("failure messages", () => {
  it("say why, and keep output's newlines visible", () => {
    const parsed = parseTestJson(JSON_LINE);
    assert.ok(parsed.ok);
    assert.equal(failureMessage(parsed.files[0].tests[1]), "assertion failed: left -1, right 1");
    assert.equal(failureMessage(parsed.files[0].tests[2]), "century fails");
    assert.equal(showValue("leap\n"), "leap⏎");
    assert.equal(showValue("a\nb\n"), "a⏎\nb⏎");
  });
});

describe("statusView", () => {
  it("says what is going on in a few words", () => {
    assert.match(statusView({ running: "encoding 1 failing test" }).text, /spin.*encoding 1 failing test/);
    assert.match(statusView({ running: null }).text, /running tests/);
    assert.equal(statusView({ failingTests: 1, suspects: 1 }).text, "$(error) 1 failing test, 1 suspect");
    assert.equal(statusView({ failingTests: 2, suspects: 3 }).text, "$(error) 2 failing tests, 3 suspects");
    assert.equal(statusView({ failingTests: 2, suspects: 0 }).text, "$(error) 2 failing tests");
    assert.equal(statusView({ failingTests: 0 }).text, "$(pass) Faultline: tests pass");
    assert.equal(statusView({}).text, "$(beaker) Faultline");
    assert.equal(statusView({ notAnalysed: true }).text, "$(circle-slash) Faultline: not analysed");
  });

  it("points at the setting when the server is not running", () => {
    const v = statusView({ serverProblem: "Cannot find the faultline binary on PATH.", failingTests: 3 });
    assert.match(v.text, /not running/);
    assert.match(v.tooltip, /Cannot find the faultline binary/);
    assert.match(v.tooltip, /faultline\.server\.path/);
    assert.equal(v.tone, "warning");
  });

  it("never shows solver vocabulary", () => {
    for (const s of [{ failingTests: 1, suspects: 1 }, { failingTests: 1, suspects: 0 }, { failingTests: 0 }]) {
      const v = statusView(s);
      assert.doesNotMatch(`${v.text} ${v.tooltip}`, /cost|weight|MaxSAT|must-set|Ochiai|Naish/i);
    }
  });
});

describe("countResults", () => {
  const d = (code: string, severity: number, line: number, message = "m") => ({ code, severity, line, message, source: "faultline" });

  it("counts failing tests and the flagged suspect lines, not listed ones", () => {
    const counts = countResults([
      d("test-failure", 1, 27, "test test_minus_one fails: expected 1, actual -1"),
      d("test-failure", 1, 30, "test test_other fails"),
      d("suspicious", 2, 7),
      d("suspicious", 2, 7), // two diagnoses of one line: one suspect
      d("suspicious", 3, 5), // information: listed, not flagged
      d("suspicious", 4, 6), // hint
    ]);
    assert.deepEqual(counts, { failingTests: 2, suspects: 1, notAnalysed: false });
  });

  it("ignores other sources and reports files that cannot be analysed", () => {
    assert.deepEqual(countResults([{ code: "x", severity: 1, line: 1, message: "clang", source: "clangd" }]), {
      failingTests: 0,
      suspects: 0,
      notAnalysed: false,
    });
    assert.equal(countResults([d("syntax", 1, 3)]).notAnalysed, true);
    assert.equal(countResults([{ ...d("x", 1, 1), code: { value: "unsupported" } } as never]).notAnalysed, true);
  });
});
