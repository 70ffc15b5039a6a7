import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi } from "../../tests/support/testing";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

const get = (path: string) => t.api.fetch(new Request(`http://test${path}`));

/** The policy's directives by name: `{ "script-src": ["'self'"], … }`. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe("the API reference at /api/docs", () => {
  it("answers 200 with a strict Content-Security-Policy and names the calls", async () => {
    const res = await get("/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const csp = directives(res.headers.get("content-security-policy") ?? "");
    expect(csp["script-src"]).toEqual(["'self'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'none'"]);
    expect(csp["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
    expect(
      Object.values(csp)
        .flat()
        .some((v) => /unsafe-eval|^https?:|^\*$/.test(v)),
    ).toBe(false);

    const html = await res.text();
    for (const call of ["/api/get_property", "/api/send_message", "/api/user-login", "/api/admin/overview"])
      expect(html).toContain(`<code>${call}</code>`);
    expect(html).toContain("Listings: search, filters, featured");
    expect(html).toContain('href="/api/openapi.json"');
  });

  it("says what each call sends back of its input, from the document: never a password", async () => {
    const html = await (await get("/api/docs")).text();
    const section = (id: string) =>
      new RegExp(`<section class="op" id="${id}">[\\s\\S]*?</section>`).exec(html)?.[0] ?? "";
    const login = section("user-login");
    expect(login).toContain("Sends back, as <code>request</code>: <code>email</code>.");
    expect(login).toContain("<code>password</code>"); // in the table of what it takes…
    expect(login.split("Sends back")[1]).not.toContain("password"); // …not in what comes back
    expect(section("get_property")).toMatch(/Sends back, as <code>request<\/code>: .*<code>limit<\/code>/);
    expect(section("before-logout")).toContain("Sends none of its input back.");
    // The machine-readable document says the same.
    const doc = (await (await get("/api/openapi.json")).json()) as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    expect(Object.keys(doc.components.schemas.UserLoginRequest!.properties)).toEqual(["email"]);
  });

  it("runs no inline script and loads every script from our own origin", async () => {
    const html = await (await get("/api/docs")).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attributes, body] of scripts) {
      expect(body!.trim()).toBe("");
      const src = /\bsrc="([^"]+)"/.exec(attributes!)?.[1] ?? "";
      expect(src).toMatch(/^\/(?!\/)/);
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);

    const start = await get("/api/docs/start.js");
    expect(start.status).toBe(200);
    expect(start.headers.get("content-type")).toContain("javascript");
    const code = await start.text();
    expect(code).toContain("createApiReference");
    // Scalar's calls to its own servers stay off: the page needs nothing but this origin.
    expect(code).toContain("withDefaultFonts: false");
    expect(code).toContain("telemetry: false");
    expect(code).toContain("hideClientButton: true");
  });
});
