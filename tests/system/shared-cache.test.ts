// Behind a CDN that keeps pages and ignores Vary (Cloudflare's "cache everything", for one), a
// signed-in person must never be handed the copy made for visitors. The README's rule for such a
// CDN (bypass the shared copy when the session cookie is present) is what keeps them apart: with it
// they always get their own page; without it, as the second case shows, they would look signed out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSharedCache, type SharedCache } from "../support/shared-cache";
import { person } from "./accounts";
import { missing } from "../support/prerequisites";
import { deploymentEnv, freshDatabase, LACKING, startInstance, type Instance } from "./support";

const skip = missing("A shared cache in front", LACKING);

async function sessionCookie(origin: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/login`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin,
      "sec-fetch-site": "same-origin",
    },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";", 1)[0]!)
    .find((c) => /^__session=./.test(c));
  if (!cookie) throw new Error(`No session from /login (${res.status})`);
  return cookie;
}

const page = async (origin: string, path: string, cookie?: string) => {
  const res = await fetch(`${origin}${path}`, { headers: cookie ? { cookie } : {} });
  expect(res.status).toBe(200);
  return { html: await res.text(), fromCopy: res.headers.get("x-shared-cache") === "hit" };
};

describe.skipIf(skip)("a shared cache that ignores Vary, in front of the site", () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let site: Instance;
  let cookie: string;
  let withRule: SharedCache;
  let withoutRule: SharedCache;

  beforeAll(async () => {
    database = await freshDatabase("shared_cache");
    site = await startInstance(deploymentEnv({ DATABASE_URL: database.url }));
    const p = await person(site.origin, "Signed In Sara");
    cookie = await sessionCookie(site.origin, p.email, p.password);
    withRule = await startSharedCache(site.origin, { bypassCookie: "__session" });
    withoutRule = await startSharedCache(site.origin);
  });

  afterAll(async () => {
    await Promise.all([withRule?.stop(), withoutRule?.stop()]);
    await site?.stop();
    await database?.drop();
  });

  for (const path of ["/", "/properties", "/articles", "/faqs"]) {
    it(`with the README's rule, a signed-in person gets their own ${path} and visitors never get it`, async () => {
      const visitor = await page(withRule.origin, path);
      expect(visitor.html).not.toContain('/logout"');
      expect((await page(withRule.origin, path)).fromCopy).toBe(true);
      const mine = await page(withRule.origin, path, cookie);
      expect(mine.fromCopy).toBe(false);
      expect(mine.html).toContain('action="/logout"');
      const after = await page(withRule.origin, path);
      expect(after.html).not.toContain('/logout"');
    });
  }

  it("without the rule, the same cache hands a signed-in person the visitors' copy (why the rule is needed)", async () => {
    await page(withoutRule.origin, "/properties");
    const mine = await page(withoutRule.origin, "/properties", cookie);
    expect(mine.fromCopy).toBe(true);
    expect(mine.html).not.toContain('/logout"');
  });
});
