import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi } from "../../../tests/support/testing";
import { demoContent } from "../../../demo/seed/content";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t?.close());

describe("articles and FAQs", () => {
  it("get_articles lists newest first without bodies, with a total", async () => {
    const r = await t.call("get_articles", { query: { limit: "5" } });
    expect(r.body.total).toBe(demoContent().articles.length);
    expect(r.body.data).toHaveLength(5);
    const dates = r.body.data.map((a: { created_at: string }) => a.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(r.body.data[0].body).toBeUndefined();
    expect(r.body.data[0].image.variants[0].url).toMatch(/\.webp$/);
  });

  it("one article by slug carries its body, in Arabic on request", async () => {
    const slug = demoContent().articles[0]!.slug;
    const en = await t.call("get_articles", { query: { slug_id: slug } });
    expect(en.body.data[0].body.split("\n\n").length).toBeGreaterThanOrEqual(4);
    const ar = await t.call("get_articles", { query: { slug_id: slug }, lang: "ar" });
    expect(ar.body.data[0].title).toMatch(/[\u0600-\u06FF]/);
  });

  it("filters by category and counts per category", async () => {
    const cats = (await t.call("get_article_categories")).body.data as { id: number; count: number }[];
    expect(cats.reduce((n, c) => n + c.count, 0)).toBe(demoContent().articles.length);
    const one = await t.call("get_articles", { query: { category_id: String(cats[0]!.id), limit: "100" } });
    expect(one.body.total).toBe(cats[0]!.count);
    expect((await t.call("get_articles", { query: { category_id: "x" } })).status).toBe(400);
  });

  it("faqs come in order, translated", async () => {
    const r = await t.call("faqs", { lang: "ar" });
    expect(r.body.data).toHaveLength(12);
    expect(r.body.data[0].question).toMatch(/[\u0600-\u06FF]/);
  });
});
