import { describe, it, expect } from "vitest";
import { demoContent, type DemoContent } from "./content";
import type { I18nText } from "./catalog";

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const PHOTO_KINDS = [
  "exterior",
  "interior",
  "kitchen",
  "bedroom",
  "bathroom",
  "aerial",
  "pool",
  "office",
  "land",
];

function paragraphs(text: string): string[] {
  return text.split("\n\n");
}

describe("demoContent", () => {
  const content: DemoContent = demoContent();
  const { articleCategories, articles, faqs, about } = content;

  /** Every bilingual text in the content, labelled for error messages. */
  const texts: [string, I18nText][] = [
    ...articleCategories.map((c): [string, I18nText] => [`category ${c.key}`, c.name]),
    ...articles.flatMap((a): [string, I18nText][] => [
      [`${a.slug} title`, a.title],
      [`${a.slug} summary`, a.summary],
      [`${a.slug} body`, a.body],
    ]),
    ...faqs.flatMap((f): [string, I18nText][] => [
      [`faq ${f.sequence} question`, f.question],
      [`faq ${f.sequence} answer`, f.answer],
    ]),
    ["about", about],
  ];

  it("is deterministic and returns fresh copies", () => {
    const again = demoContent();
    expect(again).toEqual(content);
    expect(again.articles).not.toBe(content.articles);
  });

  it("has 5 article categories with unique keys and slugs", () => {
    expect(articleCategories).toHaveLength(5);
    expect(new Set(articleCategories.map((c) => c.key)).size).toBe(5);
    expect(new Set(articleCategories.map((c) => c.slug)).size).toBe(5);
    for (const c of articleCategories) expect(c.slug).toMatch(/^[a-z0-9-]+$/);
  });

  it("has 14 articles with unique, URL-safe slugs", () => {
    expect(articles).toHaveLength(14);
    const slugs = articles.map((a) => a.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9-]+$/);
  });

  it("puts every article in an existing category and uses every category", () => {
    const keys = new Set(articleCategories.map((c) => c.key));
    for (const a of articles) expect(keys.has(a.categoryKey), `${a.slug} -> ${a.categoryKey}`).toBe(true);
    expect(new Set(articles.map((a) => a.categoryKey))).toEqual(keys);
  });

  it("writes Arabic text in Arabic and English text without Arabic letters", () => {
    for (const [label, text] of texts) {
      expect(ARABIC.test(text.ar), `${label} (ar)`).toBe(true);
      expect(ARABIC.test(text.en), `${label} (en)`).toBe(false);
      expect(text.en.trim().length, `${label} (en) empty`).toBeGreaterThan(0);
    }
  });

  it("keeps summaries within 200 characters", () => {
    for (const a of articles) {
      expect(a.summary.en.length, `${a.slug} (en)`).toBeLessThanOrEqual(200);
      expect(a.summary.ar.length, `${a.slug} (ar)`).toBeLessThanOrEqual(200);
      expect(a.summary.en).not.toContain("\n");
      expect(a.summary.ar).not.toContain("\n");
    }
  });

  it("has bodies of 4 to 7 plain-text paragraphs in both languages", () => {
    for (const a of articles) {
      for (const lang of ["en", "ar"] as const) {
        const paras = paragraphs(a.body[lang]);
        expect(paras.length, `${a.slug} (${lang})`).toBeGreaterThanOrEqual(4);
        expect(paras.length, `${a.slug} (${lang})`).toBeLessThanOrEqual(7);
        for (const para of paras) {
          expect(para.trim(), `${a.slug} (${lang}) blank paragraph`).toBe(para);
          expect(para.length, `${a.slug} (${lang}) short paragraph`).toBeGreaterThan(80);
          expect(para).not.toContain("\n");
        }
        expect(a.body[lang]).not.toMatch(/<[a-z/]|\*\*|^#|^\s*[-*] /im);
      }
    }
  });

  it("uses valid photos and distinct publication ages", () => {
    for (const a of articles) {
      expect(PHOTO_KINDS).toContain(a.photoKind);
      expect(Number.isInteger(a.photoVariant) && a.photoVariant >= 0 && a.photoVariant <= 11, a.slug).toBe(
        true,
      );
      expect(
        Number.isInteger(a.publishedDaysAgo) && a.publishedDaysAgo >= 1 && a.publishedDaysAgo <= 300,
        a.slug,
      ).toBe(true);
    }
    const ages = articles.map((a) => a.publishedDaysAgo);
    expect(new Set(ages).size).toBe(ages.length);
  });

  it("has 12 FAQs with sequences 1..12", () => {
    expect(faqs).toHaveLength(12);
    expect(faqs.map((f) => f.sequence).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    for (const f of faqs) {
      expect(f.question.en.endsWith("?"), `faq ${f.sequence}`).toBe(true);
      expect(f.question.ar.endsWith("؟"), `faq ${f.sequence}`).toBe(true);
    }
  });

  it("has an about text of 2 to 3 paragraphs", () => {
    for (const lang of ["en", "ar"] as const) {
      const paras = paragraphs(about[lang]);
      expect(paras.length).toBeGreaterThanOrEqual(2);
      expect(paras.length).toBeLessThanOrEqual(3);
    }
  });
});
