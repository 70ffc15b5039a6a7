// The installable app's addresses (decision 048), called as React Router calls them over a real
// API: each language's web app manifest with the admin's name and colour, its icons, and /sw.js.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { createTestApi } from "../../tests/support/testing";
import { provideRuntime } from "~server/runtime/runtime.server";
import { resetEnv } from "~server/runtime/env.server";
import { settings } from "~server/db/schema";
import { i18nextMiddleware } from "~/lib/i18n.server";
import { forgetSiteSettings } from "~/lib/settings.server";
import * as manifest from "./manifest";
import * as appIcon from "./app-icon";
import * as serviceWorker from "./service-worker";

/** What was there before this file's runtime: put back when the file is done (files share a process). */
let restoreRuntime = () => {};
afterAll(() => restoreRuntime());

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
  restoreRuntime = provideRuntime({ database: t.handle, auth: t.auth, storage: t.storage, api: t.api });
});
afterAll(() => t?.close());

async function args(url: string, params: Record<string, string> = {}, headers?: Record<string, string>) {
  const request = new Request(`http://shop.test${url}`, { headers });
  const context = new RouterContextProvider();
  await i18nextMiddleware(
    { request, context, params, unstable_pattern: "" } as never,
    async () => new Response(),
  );
  return { request, context, params } as never;
}

type Manifest = {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  dir: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

async function manifestAt(path: string, lang?: string): Promise<Manifest> {
  const res = await manifest.loader(await args(path, lang ? { lang } : {}));
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
  return (await res.json()) as Manifest;
}

async function setSetting(key: string, value: string | null) {
  if (value === null) await t.db.delete(settings).where(eq(settings.key, key));
  else
    await t.db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value } });
  await forgetSiteSettings();
}

describe("the web app manifest", () => {
  it("in English: the site's name, left to right, starting at home", async () => {
    const m = await manifestAt("/manifest.webmanifest");
    expect(m).toMatchObject({
      id: "/",
      name: "Souq Estate",
      short_name: "Souq Estate",
      lang: "en",
      dir: "ltr",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#0f766e",
    });
    expect(m.background_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(m.icons.map((i) => [i.sizes, i.type, i.purpose])).toEqual([
      ["192x192", "image/png", "any"],
      ["512x512", "image/png", "any"],
      ["512x512", "image/png", "maskable"],
    ]);
  });

  it("in Arabic: its own app, named in Arabic, right to left, starting at the Arabic home", async () => {
    const m = await manifestAt("/ar/manifest.webmanifest", "ar");
    expect(m).toMatchObject({
      id: "/ar",
      name: "سوق العقارات",
      lang: "ar",
      dir: "rtl",
      start_url: "/ar",
      scope: "/",
    });
    expect(m.short_name.length).toBeLessThanOrEqual(12);
    expect(m.icons).toHaveLength(3);
  });

  it("follows the admin's name and colour, and its icons' addresses change with the colour", async () => {
    const before = await manifestAt("/manifest.webmanifest");
    await setSetting("company_name", "Gulf Homes Marketplace");
    await setSetting("svg_clr", "#B91C1C");
    try {
      const en = await manifestAt("/manifest.webmanifest");
      expect(en.name).toBe("Gulf Homes Marketplace");
      expect(en.short_name).toBe("Gulf");
      expect(en.theme_color).toBe("#b91c1c");
      expect(en.icons[0]!.src).not.toBe(before.icons[0]!.src);
      // A name the dictionary does not know is the admin's, in Arabic too.
      expect((await manifestAt("/ar/manifest.webmanifest", "ar")).name).toBe("Gulf Homes Marketplace");

      // The icon at the manifest's address is drawn in the new colour.
      const src = new URL(en.icons[2]!.src, "http://shop.test");
      const file = src.pathname.split("/").pop()!;
      const res = await appIcon.loader(await args(src.pathname + src.search, { file }));
      expect(res.headers.get("cache-control")).toContain("immutable");
      const png = Buffer.from(await res.arrayBuffer());
      const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      expect([...data.subarray(0, 4)]).toEqual([185, 28, 28, 255]);
    } finally {
      await setSetting("company_name", null);
      await setSetting("svg_clr", null);
    }
  });

  it("answers an unchanged manifest with a 304", async () => {
    const first = await manifest.loader(await args("/manifest.webmanifest"));
    const etag = first.headers.get("etag")!;
    const again = await manifest.loader(await args("/manifest.webmanifest", {}, { "if-none-match": etag }));
    expect(again.status).toBe(304);
  });
});

describe("/sw.js", () => {
  it("names no Firebase app while push is not configured, and imports the built worker", async () => {
    const res = serviceWorker.loader(await args("/sw.js"));
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    const body = await res.text();
    expect(body).toContain("self.souqPushConfig = null;");
    expect(body).toContain('importScripts("/firebase-messaging-sw.js");');
  });

  it("names this server's Firebase web app when push is configured", async () => {
    const keys = {
      FIREBASE_MESSAGING_SENDER_ID: "1234567890",
      FIREBASE_APP_ID: "1:1234567890:web:abc",
      FIREBASE_VAPID_KEY: "BKey",
    };
    Object.assign(process.env, keys);
    resetEnv();
    try {
      const body = await serviceWorker.loader(await args("/sw.js")).text();
      const config = JSON.parse(/self\.souqPushConfig = (.*);/.exec(body)![1]!);
      expect(config).toMatchObject({ messagingSenderId: "1234567890", appId: "1:1234567890:web:abc" });
      expect(Object.keys(config).sort()).toEqual(["apiKey", "appId", "messagingSenderId", "projectId"]);
    } finally {
      for (const key of Object.keys(keys)) delete process.env[key];
      resetEnv();
    }
  });
});
