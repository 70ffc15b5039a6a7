// A loader's redirect names a whole address; React Router adds the language's basename itself, so
// the language must come off once (decision 056), and a redirect to another language must survive.
import { describe, expect, it } from "vitest";
import { redirect, redirectAcross } from "./redirect.server";

describe("redirects from loaders and actions", () => {
  it("name the page under the router's basename, whichever language the address was built in", () => {
    expect(redirect("/ar/user/saved-searches").headers.get("Location")).toBe("/user/saved-searches");
    expect(redirect("/ar").headers.get("Location")).toBe("/");
    expect(redirect("/ar?sent=1").headers.get("Location")).toBe("/?sent=1");
    expect(redirect("/properties?page=2", 301).headers.get("Location")).toBe("/properties?page=2");
    expect(redirect("/properties", 301).status).toBe(301);
  });

  it("leave a whole URL as it is, so a page of the other language is reached", () => {
    const res = redirectAcross(new Request("http://127.0.0.1:3000/ar/about"), "/about", 302);
    expect(res.headers.get("Location")).toMatch(/^https?:\/\/[^/]+\/about$/);
    expect(redirect("https://example.test/ar/x").headers.get("Location")).toBe("https://example.test/ar/x");
  });
});
