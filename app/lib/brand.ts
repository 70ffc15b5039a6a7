// The admin's brand colour and placeholder image as CSS custom properties on the page's root, so
// every rule that uses var(--brand) follows the settings without a stylesheet per colour.
//
// The page follows the system's light or dark setting (decision 049), and one colour cannot read
// well on both a near-white and a near-black page. So the brand is given twice: as the light
// scheme's colour and as the dark scheme's, each moved (towards black or white) only as far as it
// must to read at 4.5:1 as text on that scheme's page, each with the ink that reads on it as a
// background. app.css picks one pair as --brand/--brand-ink for the scheme in use.
import type { CSSProperties } from "react";

const COLOUR = /^#[0-9a-f]{6}$/i;
export const DEFAULT_BRAND = "#0f766e";

/**
 * The surfaces brand-coloured text sits on, the least favourable of each scheme: the light page's
 * background (--bg, a shade darker than its white cards) and the dark page's cards (--card, a
 * shade lighter than its background). app.css defines both.
 */
export const LIGHT_SURFACE = "#f8fafc";
export const DARK_SURFACE = "#1e293b";
/** WCAG 2 AA for body text. */
const READABLE = 4.5;

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** Relative luminance (WCAG 2) of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio (WCAG 2) of two #rrggbb colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

/** A #rrggbb colour as hue (0-360), saturation and lightness (0-1). */
function toHsl(hex: string): [number, number, number] {
  const [r, g, b] = channels(hex).map((v) => v / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l];
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

function fromHsl(h: number, s: number, l: number): string {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  return `#${[r, g, b]
    .map((v) => Math.round((v + m) * 255))
    .map((v) => v.toString(16).padStart(2, "0"))
    .join("")}`;
}

/**
 * The colour itself if it reads on the surface as text, else the same hue and saturation made
 * darker (on a light surface) or lighter (on a dark one), a step of 2 % lightness at a time, until
 * it does: recognisably the brand, as little changed as the contrast allows (mixing with white
 * instead would wash it out to grey).
 */
export function readableOn(hex: string, surface: string): string {
  if (contrast(hex, surface) >= READABLE) return hex;
  const [h, s, l] = toHsl(hex);
  const step = luminance(surface) > 0.18 ? -0.02 : 0.02;
  for (let next = l + step; next > 0 && next < 1; next += step) {
    const colour = fromHsl(h, s, next);
    if (contrast(colour, surface) >= READABLE) return colour;
  }
  return step < 0 ? "#000000" : "#ffffff";
}

/** White text on the brand colour when it reads well enough (4.5:1), else near-black. */
export function inkOn(hex: string): string {
  return contrast(hex, "#ffffff") >= READABLE ? "#ffffff" : "#111827";
}

/** The brand and its ink for each scheme (see the top of this file). */
export function brandColours(brand: string) {
  const light = readableOn(brand, LIGHT_SURFACE);
  const dark = readableOn(brand, DARK_SURFACE);
  return {
    "--light-brand": light,
    "--light-brand-ink": inkOn(light),
    "--dark-brand": dark,
    "--dark-brand-ink": inkOn(dark),
  };
}

export function brandStyle(
  settings: { svg_clr?: string; web_placeholder_logo?: string } | undefined,
): CSSProperties | undefined {
  if (!settings) return undefined;
  const brand =
    settings.svg_clr && COLOUR.test(settings.svg_clr) ? settings.svg_clr.toLowerCase() : DEFAULT_BRAND;
  const style: Record<string, string> = brandColours(brand);
  // A CSS string (JSON's escaping of quotes and backslashes is CSS's too): a URL cannot break out of url().
  if (settings.web_placeholder_logo)
    style["--placeholder-logo"] = `url(${JSON.stringify(settings.web_placeholder_logo)})`;
  return style as CSSProperties;
}
