import { describe, expect, it } from "vitest";
import { dropTables } from ".";
import { cachedPage, keepPage, pageGeneration, pageKey, pageResponse } from "./page-cache";

const publicHeaders = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "public, max-age=0, s-maxage=60",
};
const page = (body: string, headers: Record<string, string> = publicHeaders, status = 200) =>
  new Response(body, { status, headers });
/** The tables such a page is read from. */
const READ = new Set(["properties", "settings"]);
let n = 0;
/** A new address each time: the cache is the process's own. */
const address = () => `http://shop.test/properties?case=${++n}`;

describe("the page cache", () => {
  it("keeps a public page for a visitor without cookies, and answers it again with a fresh nonce", async () => {
    const url = address();
    const key = pageKey(new Request(url), 30)!;
    expect(key).toBe(url);
    const sent = await keepPage(
      key,
      page(`<script nonce="AAA">x</script><p>Villa</p>`),
      "AAA",
      pageGeneration(),
      READ,
      30_000,
    );
    expect(await sent.text()).toContain("Villa");
    const kept = cachedPage(key)!;
    expect(kept).not.toBeNull();
    const again = pageResponse(kept, "BBB");
    expect(again.status).toBe(200);
    expect(again.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await again.text();
    expect(html).toBe(`<script nonce="BBB">x</script><p>Villa</p>`);
  });

  it("serves nothing personal: no key for a visitor with a cookie or credentials, nor for a form post", () => {
    expect(pageKey(new Request(address(), { headers: { cookie: "__session=x" } }), 30)).toBeNull();
    expect(pageKey(new Request(address(), { headers: { authorization: "Bearer x" } }), 30)).toBeNull();
    expect(pageKey(new Request(address(), { method: "POST", body: "a=1" }), 30)).toBeNull();
    expect(pageKey(new Request(address()), 0)).toBeNull();
  });

  it("keeps only what a shared cache could: not a private page, one that sets a cookie, a personal one, an error", async () => {
    const refused = [
      page("a", { ...publicHeaders, "cache-control": "private, no-store" }),
      page("b", { ...publicHeaders, "set-cookie": "toast=; Max-Age=0" }),
      page("c", { ...publicHeaders, "x-personal": "1" }),
      page("d", publicHeaders, 404),
      page("e", { "content-type": "text/html" }),
      page("f", { ...publicHeaders, "content-type": "application/json" }),
    ];
    for (const res of refused) {
      const key = address();
      await keepPage(key, res, null, pageGeneration(), READ, 30_000);
      expect(
        cachedPage(key),
        await res
          .clone()
          .text()
          .catch(() => ""),
      ).toBeNull();
    }
  });

  it("drops a page when a table it was read from changes, and after its time; a change elsewhere keeps it", async () => {
    const key = address();
    await keepPage(key, page("<p>old</p>"), null, pageGeneration(), READ, 30_000);
    expect(cachedPage(key)).not.toBeNull();
    dropTables(["chat_messages"]);
    expect(cachedPage(key)).not.toBeNull();
    dropTables(["properties"]);
    expect(cachedPage(key)).toBeNull();
    await keepPage(key, page("<p>new</p>"), null, pageGeneration(), READ, 10);
    expect(cachedPage(key)).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(cachedPage(key)).toBeNull();
  });

  it("does not keep a page rendered while a table it read was changed: it may hold what changed", async () => {
    const key = address();
    const generation = pageGeneration();
    dropTables(["properties"]);
    const sent = await keepPage(key, page("<p>read before the change</p>"), null, generation, READ, 30_000);
    expect(await sent.text()).toContain("read before the change");
    expect(cachedPage(key)).toBeNull();
  });
});
