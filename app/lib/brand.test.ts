import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  brandColours,
  brandStyle,
  contrast,
  DARK_SURFACE,
  DEFAULT_BRAND,
  LIGHT_SURFACE,
  readableOn,
} from "./brand";

const css = readFileSync(new URL("../styles/app.css", import.meta.url), "utf8");

describe("the brand colour in the light and the dark scheme (decision 049)", () => {
  it.each([
    "#0f766e",
    "#1d4ed8",
    "#7c2d12",
    "#facc15",
    "#ffffff",
    "#000000",
    "#be123c",
    "#4c1d95",
    "#22c55e",
  ])("%s reads as text and under its ink on both pages", (brand) => {
    const c = brandColours(brand);
    expect(contrast(c["--light-brand"], LIGHT_SURFACE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(c["--light-brand"], "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrast(c["--dark-brand"], DARK_SURFACE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(c["--dark-brand"], "#0f172a")).toBeGreaterThanOrEqual(4.5);
    expect(contrast(c["--light-brand"], c["--light-brand-ink"])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(c["--dark-brand"], c["--dark-brand-ink"])).toBeGreaterThanOrEqual(4.5);
  });

  it("keeps a colour that already reads, and changes one that does not only as much as it must", () => {
    expect(readableOn("#1d4ed8", LIGHT_SURFACE)).toBe("#1d4ed8");
    expect(readableOn("#facc15", DARK_SURFACE)).toBe("#facc15");
    // The default teal, lighter for the dark page: still a teal (green and blue well above red).
    const dark = readableOn(DEFAULT_BRAND, DARK_SURFACE);
    expect(dark).not.toBe(DEFAULT_BRAND);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(dark.slice(i, i + 2), 16));
    expect(g! - r!).toBeGreaterThan(80);
    expect(b! - r!).toBeGreaterThan(80);
    // One step less would not read.
    expect(contrast(dark, DARK_SURFACE)).toBeLessThan(5.2);
  });

  it("puts both pairs on the page, and the stylesheet's fallbacks are the default brand's", () => {
    const style = brandStyle({ svg_clr: "#1D4ED8" }) as Record<string, string>;
    expect(style["--light-brand"]).toBe("#1d4ed8");
    expect(style["--dark-brand"]).toMatch(/^#[0-9a-f]{6}$/);
    // An invalid colour is the default brand's.
    expect(brandStyle({ svg_clr: "teal" })).toMatchObject(brandColours(DEFAULT_BRAND));
    const d = brandColours(DEFAULT_BRAND);
    expect(css).toContain(`--brand: var(--light-brand, ${d["--light-brand"]})`);
    expect(css).toContain(`--brand-ink: var(--light-brand-ink, ${d["--light-brand-ink"]})`);
    expect(css).toContain(`--brand: var(--dark-brand, ${d["--dark-brand"]})`);
    expect(css).toContain(`--brand-ink: var(--dark-brand-ink, ${d["--dark-brand-ink"]})`);
    // The surfaces the colours are measured against are the stylesheet's.
    expect(css).toMatch(new RegExp(`--bg: ${LIGHT_SURFACE};`));
    expect(css).toMatch(new RegExp(`--card: ${DARK_SURFACE};`));
  });
});
