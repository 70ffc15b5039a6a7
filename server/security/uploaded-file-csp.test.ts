// Uploaded files opened on their own (a listing photo's link without JavaScript, decision 047).
import { describe, expect, it } from "vitest";
import { LOCKED_DOWN_CSP, UPLOADED_FILE_CSP } from "./headers";

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split(";").map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name!, sources];
    }),
  );

describe("the policy of uploaded files", () => {
  it("lets the browser style the page it shows a photo in, and nothing more", () => {
    const uploaded = directives(UPLOADED_FILE_CSP);
    expect(uploaded["style-src"]).toEqual(["'unsafe-inline'"]);
    // Everything else is the locked-down policy of any file: no script, no connection, no frame.
    const { "style-src": _style, ...rest } = uploaded;
    expect(rest).toEqual(directives(LOCKED_DOWN_CSP));
    expect(uploaded["default-src"]).toEqual(["'none'"]);
    expect(uploaded["script-src"]).toBeUndefined();
  });
});
