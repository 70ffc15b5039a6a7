// The admin's brand colour and placeholder image as CSS custom properties on the page's root, so
// every rule that uses var(--brand) follows the settings without a stylesheet per colour.
import type { CSSProperties } from "react";

const COLOUR = /^#[0-9a-f]{6}$/i;
const DEFAULT_BRAND = "#0f766e";

/** Relative luminance (WCAG 2) of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** White text on the brand colour when it reads well enough (4.5:1), else near-black. */
export function inkOn(hex: string): string {
  return 1.05 / (luminance(hex) + 0.05) >= 4.5 ? "#ffffff" : "#111827";
}

export function brandStyle(
  settings: { svg_clr?: string; web_placeholder_logo?: string } | undefined,
): CSSProperties | undefined {
  if (!settings) return undefined;
  const brand =
    settings.svg_clr && COLOUR.test(settings.svg_clr) ? settings.svg_clr.toLowerCase() : DEFAULT_BRAND;
  const style: Record<string, string> = { "--brand": brand, "--brand-ink": inkOn(brand) };
  // A CSS string (JSON's escaping of quotes and backslashes is CSS's too): a URL cannot break out of url().
  if (settings.web_placeholder_logo)
    style["--placeholder-logo"] = `url(${JSON.stringify(settings.web_placeholder_logo)})`;
  return style as CSSProperties;
}
