import { strict as assert } from "node:assert";
import { describe, it } from "node:test";

import { angelicValuesView } from "../../src/commands";

describe("angelicValuesView", () => {
  it("shows the server's markdown as a document", () => {
    const md = "| failing test | execution | should produce |\n|---|---|---|\n| t | #1 | `1` |\n";
    assert.deepEqual(angelicValuesView(md, 7), { kind: "markdown", text: md });
  });

  it("says there is nothing on the line when the server answers null", () => {
    assert.deepEqual(angelicValuesView(null, 7), {
      kind: "message",
      text: "Faultline: no suspicious statement on line 8.",
    });
    assert.deepEqual(angelicValuesView("  ", undefined), {
      kind: "message",
      text: "Faultline: no suspicious statement.",
    });
    assert.equal(angelicValuesView({ unexpected: true }, 0).kind, "message");
  });
});
