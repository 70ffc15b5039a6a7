// Share cards as the pages announce them and as their address answers (decision 050): a listing
// page's meta tags (made as its meta function makes them) name a 1200 × 630 JPEG with its size and
// words, in English and Arabic; the card's address answers it, kept with an ETag, and a changed
// price is a new address. The pages themselves are read by tests/e2e/share-card.spec.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { and, eq } from "drizzle-orm";
import { createTestApi } from "../../tests/support/testing";
import { provideRuntime } from "~server/runtime/runtime.server";
import { resetEnv } from "~server/runtime/env.server";
import { projects, properties } from "~server/db/schema";
import { i18nextMiddleware } from "~/lib/i18n.server";
import { getSiteSettings } from "~/lib/settings.server";
import { dictionaryUrl } from "~/lib/dictionary.server";
import type { Locale } from "~/lib/i18n";
import { listingMeta } from "~/modules/listings/meta";
import { projectCardListing, propertyCardListing, shareCardMeta } from "~/modules/share-card/card";
import * as shareCard from "./share-card";
import { keepEnv } from "../../tests/support/prerequisites";

let restoreSharedReads = () => {};

/** What was there before this file's runtime: put back when the file is done (files share a process). */
let restoreRuntime = () => {};
afterAll(() => restoreRuntime());

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  // Every read goes to the API: a changed price shows at once.
  restoreSharedReads = keepEnv("SHARED_READ_SECONDS");
  process.env.SHARED_READ_SECONDS = "0";
  resetEnv();
  t = await createTestApi({ propertyCount: 6 });
  restoreRuntime = provideRuntime({ database: t.handle, auth: t.auth, storage: t.storage, api: t.api });
  // Seeding draws the demo's photos: minutes on a busy machine.
}, 300_000);
afterAll(async () => {
  restoreSharedReads();
  resetEnv();
  await t?.close();
});

async function args(url: string, params: Record<string, string>, headers: Record<string, string> = {}) {
  const request = new Request(`https://souq.example${url}`, { headers });
  const context = new RouterContextProvider();
  await i18nextMiddleware(
    { request, context, params, unstable_pattern: "" } as never,
    async () => new Response(),
  );
  return { request, context, params } as never;
}

/** The root's data a page's meta function reads. */
async function root(locale: Locale) {
  return {
    origin: "https://souq.example",
    locale,
    dictionary: dictionaryUrl(locale),
    settings: await getSiteSettings(),
  };
}

type Tag = Record<string, string>;
const content = (tags: Tag[], key: string) =>
  tags.find((tag) => tag.property === key || tag.name === key)?.content;

/** The card's address as a page's meta tags give it, and the card it answers with. */
async function cardOf(tags: Tag[], headers: Record<string, string> = {}) {
  const url = new URL(content(tags, "og:image")!);
  const m = /^(?:\/(ar))?\/og\/(property|project)\/([^/]+)\/([^/]+)$/.exec(url.pathname)!;
  expect(m, url.pathname).toBeTruthy();
  const params: Record<string, string> = { kind: m[2]!, slug: m[3]!, file: m[4]! };
  if (m[1]) params.lang = m[1];
  const res = (await shareCard.loader(await args(url.pathname, params, headers))) as Response;
  return { url, res };
}

async function firstProperty(locale: Locale = "en") {
  const list = await t.call("get_property", { query: { limit: "6" }, lang: locale });
  return (list.body.data as { slug_id: string; title_image: unknown; property_type: string }[]).find(
    (p) => p.title_image && p.property_type === "sell",
  )!;
}

/** A listing page's meta tags, made as its meta function makes them (the page's API data, the root's data). */
async function propertyTags(slug: string, locale: Locale) {
  const path = `${locale === "ar" ? "/ar" : ""}/properties-details/${slug}`;
  const p = (await t.call("get_property", { query: { slug_id: slug }, lang: locale })).body.data[0];
  const r = await root(locale);
  return listingMeta(r, { pathname: path, search: "" }, p, {
    ...shareCardMeta(propertyCardListing(p, p.title_image?.url ?? null), r),
  }) as Tag[];
}

describe("a property's share card", () => {
  it("is the page's og:image, a 1200 × 630 JPEG, with its size, type and words (title, price, place)", async () => {
    const p = await firstProperty();
    const tags = await propertyTags(p.slug_id, "en");
    const detail = (await t.call("get_property", { query: { slug_id: p.slug_id } })).body.data[0];
    expect(content(tags, "og:image")).toMatch(
      new RegExp(`^https://souq\\.example/og/property/${p.slug_id}/[0-9a-z]+\\.jpg$`),
    );
    expect(content(tags, "og:image:width")).toBe("1200");
    expect(content(tags, "og:image:height")).toBe("630");
    expect(content(tags, "og:image:type")).toBe("image/jpeg");
    expect(content(tags, "twitter:card")).toBe("summary_large_image");
    const alt = content(tags, "og:image:alt")!;
    expect(alt).toContain(detail.title);
    expect(alt).toContain(detail.city);
    // The price as the site writes it: the symbol and two decimals.
    expect(alt).toMatch(/AED [\d,.]+\.\d\d|AED [\d.]+[KMB]/);
    expect(content(tags, "twitter:image:alt")).toBe(alt);

    const { res } = await cardOf(tags);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toContain("immutable");
    const jpeg = Buffer.from(await res.arrayBuffer());
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });

    // Asked again with its ETag: not sent again.
    const etag = res.headers.get("etag")!;
    expect((await cardOf(tags, { "if-none-match": etag })).res.status).toBe(304);
  });

  it("gets a new address and picture when the price changes; the old address leads to the new card", async () => {
    const p = await firstProperty();
    const before = await propertyTags(p.slug_id, "en");
    const oldCard = Buffer.from(await (await cardOf(before)).res.arrayBuffer());
    const [row] = await t.db.select().from(properties).where(eq(properties.slug_id, p.slug_id));
    await t.db
      .update(properties)
      .set({ price: row!.price + 12_345 })
      .where(eq(properties.id, row!.id));

    const after = await propertyTags(p.slug_id, "en");
    expect(content(after, "og:image")).not.toBe(content(before, "og:image"));
    const fresh = await cardOf(after);
    expect(fresh.res.status).toBe(200);
    const newCard = Buffer.from(await fresh.res.arrayBuffer());
    expect(newCard.equals(oldCard)).toBe(false);
    expect(await sharp(newCard).metadata()).toMatchObject({ width: 1200, height: 630 });

    const stale = await cardOf(before);
    expect(stale.res.status).toBe(302);
    expect(stale.res.headers.get("location")).toBe(new URL(content(after, "og:image")!).pathname);
  });

  it("in Arabic: the card's address is under /ar and its words are the Arabic page's", async () => {
    const p = await firstProperty("ar");
    const en = await propertyTags(p.slug_id, "en");
    const ar = await propertyTags(p.slug_id, "ar");
    expect(content(ar, "og:image")).toMatch(/^https:\/\/souq\.example\/ar\/og\/property\//);
    expect(content(ar, "og:image:alt")).toMatch(/[\u0600-\u06FF]/);
    const arCard = await cardOf(ar);
    expect(arCard.res.status).toBe(200);
    const arJpeg = Buffer.from(await arCard.res.arrayBuffer());
    expect(await sharp(arJpeg).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    const enJpeg = Buffer.from(await (await cardOf(en)).res.arrayBuffer());
    expect(arJpeg.equals(enJpeg)).toBe(false);
  });

  it("is not found for an unknown listing or kind (an unknown language is no route: decision 056)", async () => {
    const p = await firstProperty();
    const call = async (params: Record<string, string>) => {
      try {
        const res = (await shareCard.loader(await args("/og/x", params))) as Response;
        return res.status;
      } catch (error) {
        return (error as Response).status;
      }
    };
    expect(await call({ kind: "property", slug: "no-such-listing", file: "abc.jpg" })).toBe(404);
    expect(await call({ kind: "agent", slug: p.slug_id, file: "abc.jpg" })).toBe(404);
    expect(await call({ kind: "property", slug: p.slug_id, file: "abc.png" })).toBe(404);
  });
});

describe("a project's share card", () => {
  it("shows the project's stage, and the brand's placeholder when it has no photo", async () => {
    const [project] = await t.db
      .select()
      .from(projects)
      .where(and(eq(projects.status, "active"), eq(projects.request_status, "approved")))
      .limit(1);
    const slug = project!.slug_id;
    const tagsOf = async () => {
      const p = (await t.call("get-project-detail", { query: { slug_id: slug } })).body.data;
      const r = await root("en");
      return listingMeta(r, { pathname: `/project-details/${slug}`, search: "" }, p, {
        ...shareCardMeta(projectCardListing(p, p.image?.url ?? null), r),
      }) as Tag[];
    };
    const withPhoto = await tagsOf();
    expect(content(withPhoto, "og:image")).toMatch(/^https:\/\/souq\.example\/og\/project\//);
    expect(content(withPhoto, "og:image:alt")).toMatch(/Under construction|Upcoming/);
    const photoCard = await cardOf(withPhoto);
    expect(photoCard.res.status).toBe(200);
    const photoJpeg = Buffer.from(await photoCard.res.arrayBuffer());

    await t.db.update(projects).set({ image: null }).where(eq(projects.id, project!.id));
    const without = await tagsOf();
    expect(content(without, "og:image")).not.toBe(content(withPhoto, "og:image"));
    const { res } = await cardOf(without);
    expect(res.status).toBe(200);
    const jpeg = Buffer.from(await res.arrayBuffer());
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    // The brand's colour fills the top of the card.
    const { data } = await sharp(jpeg)
      .extract({ left: 20, top: 120, width: 40, height: 20 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const brand = (await getSiteSettings()).svg_clr;
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(brand.slice(i, i + 2), 16));
    expect(Math.abs(data[0]! - r!) + Math.abs(data[1]! - g!) + Math.abs(data[2]! - b!)).toBeLessThan(90);
    // With its photo (read from storage through the API), the card is that photo, not the placeholder.
    const pixels = (card: Buffer) => sharp(card).resize(60, 32).raw().toBuffer();
    const [drawn, placeholder] = await Promise.all([pixels(photoJpeg), pixels(jpeg)]);
    let difference = 0;
    for (let i = 0; i < drawn.length; i++) difference += Math.abs(drawn[i]! - placeholder[i]!);
    expect(difference / drawn.length).toBeGreaterThan(20);
  });
});
