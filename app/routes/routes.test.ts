// Loaders and actions, called as React Router calls them: a Request, params, and the context the
// i18n middleware fills in. They talk to a real API over a fresh database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { createTestApi } from "../../tests/support/testing";
import { provideRuntime } from "~server/runtime/runtime.server";
import { resetEnv } from "~server/runtime/env.server";
import { i18nextMiddleware } from "~/lib/i18n.server";
import { api } from "~/lib/api.server";
import * as properties from "./properties";
import * as detail from "./property-detail";
import * as register from "./register";
import * as login from "./login";
import * as robots from "./robots";
import * as localeLayout from "./locale";
import { forgetSiteSettings } from "~/lib/settings.server";
import { languages } from "~server/db/schema";
import { eq } from "drizzle-orm";
import { sitemapFileResponse, sitemapResponse } from "~/modules/seo/sitemap.server";
import { keepEnv } from "../../tests/support/prerequisites";
import { redirectedTo } from "../../tests/support/routing";

/** What was there before this file's runtime: put back when the file is done (files share a process). */
let restoreRuntime = () => {};
afterAll(() => restoreRuntime());

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi({ propertyCount: 40 });
  restoreRuntime = provideRuntime({ database: t.handle, auth: t.auth, storage: t.storage, api: t.api });
});
afterAll(() => t?.close());

async function args(url: string, init?: RequestInit, params: Record<string, string> = {}) {
  const request = new Request(`http://shop.test${url}`, init);
  const context = new RouterContextProvider();
  await i18nextMiddleware(
    { request, context, params, unstable_pattern: "" } as never,
    async () => new Response(),
  );
  return { request, context, params } as never;
}

const form = (fields: Record<string, string>) => {
  const body = new URLSearchParams(fields);
  return { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } };
};

describe("property list loader", () => {
  it("turns the URL's filters and page into a get_property query", async () => {
    const data = await properties.loader(await args("/properties?property_type=rent&page=2"));
    const direct = await t.call("get_property", { query: { property_type: "rent", limit: "1" } });
    expect(data.total).toBe(direct.body.total);
    expect(data.offset).toBe(12);
    expect(data.filters.property_type).toBe("rent");
    expect(data.properties.every((p) => p.property_type === "rent")).toBe(true);
    expect(data.categories.length).toBeGreaterThan(3);
  });

  it("maps friendly filter names (min_beds, facility) onto get_property", async () => {
    const data = await properties.loader(await args("/properties?min_beds=3&facility=1&facility=2"));
    expect(data.filters.min_beds).toBe("3");
    expect(data.selectedFacilities).toEqual(["1", "2"]);
    for (const p of data.properties) {
      const beds = p.facts.find(([name]) => name === "Bedrooms");
      if (beds) expect(Number(beds[1])).toBeGreaterThanOrEqual(3);
    }
    const all = await properties.loader(await args("/properties"));
    expect(data.total).toBeLessThan(all.total);
  });

  it("keeps the page up and names the field when a filter is wrong", async () => {
    const data = await properties.loader(await args("/properties?min_price=500&max_price=10"));
    expect(data.properties).toEqual([]);
    expect(data.errors?.max_price).toEqual(["Maximum price must be at least the minimum price"]);
  });

  it("answers in Arabic under /ar", async () => {
    const data = await properties.loader(await args("/ar/properties", undefined, { lang: "ar" }));
    expect(data.title).toBe("عقارات للبيع والإيجار");
    expect(data.categories.some((c) => /[\u0600-\u06FF]/.test(c.name))).toBe(true);
  });
});

describe("property detail loader", () => {
  it("returns the listing with its gallery, or a 404", async () => {
    const first = (await t.call("get_property", { query: { limit: "1" } })).body.data[0];
    const data = await detail.loader(
      await args(`/properties-details/${first.slug_id}`, undefined, { slug_id: first.slug_id }),
    );
    expect(data.property.id).toBe(first.id);
    expect(data.property.gallery!.length).toBeGreaterThan(1);
    expect(data.similar.every((s) => s.id !== first.id && s.category === first.category.category)).toBe(true);
    await expect(
      detail.loader(await args("/properties-details/nope", undefined, { slug_id: "nope" })),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe("register and sign-in actions (no JavaScript)", () => {
  it("answers 400 with the spec's message on each field", async () => {
    const res = (await register.action(
      await args("/register", form({ email: "bad", mobile: "", password: "1", re_password: "2" })),
    )) as unknown as { init: { status: number }; data: { error: Record<string, string[]> } };
    expect(res.init.status).toBe(400);
    expect(res.data.error).toMatchObject({
      name: ["Username is required"],
      email: ["Email address is invalid"],
      mobile: ["Phone number is required"],
      password: ["Password must be 6 characters or more"],
      re_password: ["Passwords do not match"],
    });
  });

  it("registers, starts a session and redirects home with a toast", async () => {
    const email = `action-${Date.now()}@example.test`;
    const res = (await register.action(
      await args(
        "/ar/register",
        form({
          name: "Huda",
          email,
          mobile: "+971501234567",
          password: "secret123",
          re_password: "secret123",
        }),
        { lang: "ar" },
      ),
    )) as unknown as Response;
    expect(res.status).toBe(302);
    expect(redirectedTo(res, "/ar/register")).toBe("/ar");
    const cookies = res.headers.getSetCookie();
    expect(
      cookies.some((c) => c.startsWith("__session=") && /HttpOnly/i.test(c) && /SameSite=Lax/i.test(c)),
    ).toBe(true);
    expect(cookies.some((c) => c.startsWith("toast="))).toBe(true);

    const wrong = (await login.action(
      await args("/login", form({ email, password: "wrong-password" })),
    )) as unknown as { init: { status: number }; data: { error: Record<string, string[]> } };
    expect(wrong.init.status).toBe(400);
    expect(JSON.stringify(wrong.data.error)).toMatch(/Wrong password|Incorrect details/);

    const ok = (await login.action(
      await args("/login", form({ email, password: "secret123" })),
    )) as unknown as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);
  });
});

describe("findable: sitemap, robots, meta", () => {
  it("lists every public listing in both languages with alternates", async () => {
    const res = await sitemapResponse("https://souq.example");
    const body = await res.text();
    expect(res.headers.get("content-type")).toMatch(/application\/xml/);
    const listings = (await t.call("get_property", { query: { limit: "100" } })).body.data as {
      slug_id: string;
    }[];
    for (const p of listings) {
      expect(body).toContain(`<loc>https://souq.example/properties-details/${p.slug_id}</loc>`);
      expect(body).toContain(`<loc>https://souq.example/ar/properties-details/${p.slug_id}</loc>`);
    }
    expect(body).toContain('hreflang="ar"');
  });

  it("becomes an index of numbered files when the catalogue is large", async () => {
    const index = await (await sitemapResponse("https://souq.example", 15)).text();
    expect(index).toContain("<sitemapindex");
    expect(index.match(/<sitemap>/g)).toHaveLength(1 + 3);
    const second = await (await sitemapFileResponse("https://souq.example", 2, 15)).text();
    expect(second.match(/<url>/g)).toHaveLength(2 * 15);
    expect((await sitemapFileResponse("https://souq.example", 9, 15)).status).toBe(404);
  });

  it("robots.txt points to the sitemap and keeps sign-in pages out", async () => {
    const body = await (await robots.loader(await args("/robots.txt"))).text();
    expect(body).toMatch(/^Sitemap: http:\/\/shop\.test\/sitemap\.xml$/m);
    expect(body).toContain("Disallow: /ar/login");
  });

  it("a listing page names its canonical URL, its Arabic twin and its JSON-LD", async () => {
    const first = (await t.call("get_property", { query: { limit: "1" } })).body.data[0];
    const data = await detail.loader(
      await args(`/properties-details/${first.slug_id}`, undefined, { slug_id: first.slug_id }),
    );
    const root = {
      origin: "https://souq.example",
      locale: "en",
      settings: { company_name: "Souq Estate", currency_code: "AED" },
    };
    const tags = detail.meta({
      data,
      matches: [{ id: "root", loaderData: root }],
      location: { pathname: `/properties-details/${first.slug_id}`, search: "?utm=x" },
    } as never);
    const find = (pred: (t: Record<string, unknown>) => boolean) =>
      tags.find((t) => pred(t as Record<string, unknown>)) as Record<string, unknown> | undefined;
    expect(find((t) => t.rel === "canonical")?.href).toBe(
      `https://souq.example/properties-details/${first.slug_id}`,
    );
    expect(find((t) => t.hrefLang === "ar")?.href).toBe(
      `https://souq.example/ar/properties-details/${first.slug_id}`,
    );
    // The listing's share card (decision 050).
    expect(find((t) => t.property === "og:image")?.content).toMatch(
      new RegExp(`^https://souq\\.example/og/property/${first.slug_id}/[0-9a-z]+\\.jpg$`),
    );
    expect(find((t) => t.property === "og:image:width")?.content).toBe("1200");
    const ld = find((t) => "script:ld+json" in t)?.["script:ld+json"] as {
      "@type": string;
      offers: { price: number };
    };
    expect(ld["@type"]).toBe("RealEstateListing");
    expect(ld.offers.price).toBe(first.price);
  });
});

describe("the typed API client", () => {
  it("sends the same request over HTTP when API_ORIGIN is set", async () => {
    const inProcess = await api("get_property", { limit: 3 });
    let hits = 0;
    const server = serve({ port: 0, hostname: "127.0.0.1", fetch: (req) => (hits++, t.api.fetch(req)) });
    await new Promise((r) => server.once("listening", r));
    const { port } = server.address() as AddressInfo;
    const restoreApiOrigin = keepEnv("API_ORIGIN");
    process.env.API_ORIGIN = `http://127.0.0.1:${port}`;
    resetEnv();
    try {
      const overHttp = await api("get_property", { limit: 3 });
      expect(hits).toBe(1);
      expect(overHttp.data.map((p) => p.id)).toEqual(inProcess.data.map((p) => p.id));
      expect(overHttp.total).toBe(inProcess.total);
    } finally {
      restoreApiOrigin();
      resetEnv();
      server.close();
    }
  });
});

describe("the language layout", () => {
  it("sends a switched-off language's pages to the English ones, and serves them again once it is on", async () => {
    await t.db.update(languages).set({ status: false }).where(eq(languages.code, "ar"));
    await forgetSiteSettings();
    try {
      const thrown = await Promise.resolve(
        localeLayout.loader(await args("/ar/properties?property_type=rent", undefined, { lang: "ar" })),
      ).catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(302);
      // A whole URL: a path would be read under the Arabic pages' basename (decision 056).
      expect((thrown as Response).headers.get("location")).toBe(
        "http://shop.test/properties?property_type=rent",
      );
      // Never to another site: "/ar//evil.example" and "/ar/\\evil.example" stay on this one.
      for (const path of ["/ar//evil.example", "/ar///evil.example/x", "/ar/\\evil.example"]) {
        const away = await Promise.resolve(
          localeLayout.loader(await args(path, undefined, { lang: "ar" })),
        ).catch((e: unknown) => e);
        const location = new URL((away as Response).headers.get("location")!);
        expect([path, location.host]).toEqual([path, "shop.test"]);
        expect([path, /^\/[/\\]/.test(location.pathname)]).toEqual([path, false]);
      }
    } finally {
      await t.db.update(languages).set({ status: true }).where(eq(languages.code, "ar"));
      await forgetSiteSettings();
    }
    expect(await localeLayout.loader(await args("/ar/properties", undefined, { lang: "ar" }))).toBeNull();
  });
});
