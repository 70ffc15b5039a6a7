import { describe, expect, it } from "vitest";
import { demoProjects } from "./projects";
import { demoCatalog } from "./catalog";
import { minimalPdf } from "./pdf";

const ARABIC = /[\u0600-\u06FF]/;

describe("demoProjects", () => {
  const list = demoProjects();
  const catalog = demoCatalog(undefined, 0);

  it("is deterministic, with unique URL-safe slugs", () => {
    expect(demoProjects()).toEqual(list);
    expect(list.length).toBeGreaterThanOrEqual(16);
    expect(list.length).toBeLessThanOrEqual(24);
    expect(new Set(list.map((p) => p.slug)).size).toBe(list.length);
    for (const p of list) expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("belongs to demo developers, categories and cities that exist", () => {
    const devs = new Set(catalog.users.filter((u) => u.type === "developer").map((u) => u.key));
    const cats = new Set(catalog.categories.map((c) => c.key));
    for (const p of list) {
      expect(devs.has(p.developerKey), p.slug).toBe(true);
      expect(cats.has(p.categoryKey), p.slug).toBe(true);
      const city = catalog.cities[p.cityIndex]!;
      expect(p.location.en, p.slug).toContain(`, ${city.city.en}, ${city.country.en}`);
      expect(p.location.ar, p.slug).toContain(`، ${city.city.ar}، ${city.country.ar}`);
      expect(Math.abs(p.latitude - city.latitude)).toBeLessThan(0.1);
      expect(Math.abs(p.longitude - city.longitude)).toBeLessThan(0.1);
    }
    expect(new Set(list.map((p) => p.cityIndex)).size).toBeGreaterThanOrEqual(10);
  });

  it("is mostly public, with a few projects the public must not see", () => {
    const hidden = list.filter((p) => p.requestStatus !== "approved" || p.status !== "active");
    expect(list.filter((p) => p.requestStatus === "pending").length).toBeGreaterThanOrEqual(2);
    expect(hidden.length).toBeLessThan(list.length / 4);
    expect(new Set(list.map((p) => p.type))).toEqual(new Set(["under_construction", "upcoming"]));
  });

  it("has Arabic titles, descriptions and plan titles, and meta text within the spec's limits", () => {
    for (const p of list) {
      expect(p.title.ar, p.slug).toMatch(ARABIC);
      expect(p.description.ar.split("\n\n"), p.slug).toHaveLength(4);
      expect(p.description.ar).toMatch(ARABIC);
      expect(p.description.en).not.toMatch(ARABIC);
      for (const plan of p.plans) expect(plan.title.ar).toMatch(ARABIC);
      expect(p.metaTitle.length).toBeLessThanOrEqual(60);
      expect(p.metaDescription.length).toBeGreaterThanOrEqual(50);
      expect(p.metaDescription.length).toBeLessThanOrEqual(160);
      expect(p.metaKeywords.split(",").length).toBeLessThanOrEqual(10);
      expect(p.plans.length).toBeGreaterThanOrEqual(3);
      expect(p.documents.length).toBe(2);
    }
  });
});

describe("minimalPdf", () => {
  it("writes a PDF whose cross-reference table points at each object", () => {
    const pdf = minimalPdf({
      title: "Plan (A) \\ test – é",
      lines: ["One", "Two"],
      rooms: [{ x: 10, y: 10, w: 100, h: 80, label: "Living" }],
    }).toString("latin1");
    expect(pdf.startsWith("%PDF-1.4\n")).toBe(true);
    expect(pdf.endsWith("%%EOF\n")).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n/.exec(pdf)![1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe("xref");
    const offsets = [...pdf.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((off, i) => expect(pdf.slice(off, off + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    const length = Number(/\/Length (\d+)/.exec(pdf)![1]);
    const start = pdf.indexOf("stream\n") + 7;
    expect(pdf.slice(start + length, start + length + 10)).toBe("\nendstream");
    // Brackets and backslashes escaped, non-ASCII dropped.
    expect(pdf).toContain("(Plan \\(A\\) \\\\ test  e) Tj");
  });
});
