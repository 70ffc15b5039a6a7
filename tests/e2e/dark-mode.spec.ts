import type { Locator } from "@playwright/test";
import { expect, test, type Page } from "../fixtures/test";
import { register } from "../fixtures/accounts";

/**
 * Dark mode follows the system's setting (decision 049): CSS alone, so with JavaScript on and off,
 * in both languages. What a person notices: the page is dark with light text when their system is
 * dark, light with dark text when it is light, and links, fields and messages read on it.
 */

type Rgb = [number, number, number];

function parse(colour: string): Rgb {
  const m = colour.match(/rgba?\(\s*([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)/);
  if (!m) throw new Error(`not an rgb() colour: ${colour}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
function luminance([r, g, b]: Rgb): number {
  const [R, G, B] = [r, g, b].map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
}

function contrast(a: Rgb, b: Rgb): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

/** The colour of an element's text and the first opaque background behind it. */
async function colours(target: Locator) {
  const [text, background] = await target.evaluate((el) => {
    let node: Element | null = el;
    let bg = "rgba(0, 0, 0, 0)";
    while (node) {
      const b = getComputedStyle(node).backgroundColor;
      if (b !== "transparent" && !/rgba\(.*,\s*0\)$/.test(b)) {
        bg = b;
        break;
      }
      node = node.parentElement;
    }
    return [getComputedStyle(el).color, bg];
  });
  return { text: parse(text), background: parse(background) };
}

async function pageColours(page: Page) {
  return {
    heading: await colours(page.getByRole("heading", { level: 1 })),
    link: await colours(page.locator(".site-footer a").first()),
  };
}

for (const [lang, path, heading] of [
  ["en", "/register", "Create an account"],
  ["ar", "/ar/register", null],
] as const) {
  test(`the ${lang} page is dark when the system is, light when it is light`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(path);
    if (heading) await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    const dark = await pageColours(page);
    // A dark page, light text on it, and the site's links (the brand colour) readable on it.
    expect(luminance(dark.heading.background)).toBeLessThan(0.05);
    expect(luminance(dark.heading.text)).toBeGreaterThan(0.6);
    expect(contrast(dark.link.text, dark.link.background)).toBeGreaterThanOrEqual(4.5);
    // A field is dark too, its text light (the browser's own controls follow: color-scheme).
    const field = page.locator(".field input").first();
    const input = await colours(field);
    expect(luminance(input.background)).toBeLessThan(0.05);
    expect(contrast(input.text, input.background)).toBeGreaterThanOrEqual(4.5);
    await expect(page.locator('meta[name="color-scheme"]')).toHaveAttribute("content", "light dark");

    await page.emulateMedia({ colorScheme: "light" });
    const light = await pageColours(page);
    expect(luminance(light.heading.background)).toBeGreaterThan(0.9);
    expect(luminance(light.heading.text)).toBeLessThan(0.05);
    expect(contrast(light.link.text, light.link.background)).toBeGreaterThanOrEqual(4.5);
    // The same brand, a lighter shade of it on the dark page.
    expect(luminance(dark.link.text)).toBeGreaterThan(luminance(light.link.text));
    const lightInput = await colours(field);
    expect(luminance(lightInput.background)).toBeGreaterThan(0.9);
  });
}

test("a message (toast) is drawn in the page's dark colours", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "toasts need JavaScript");
  await page.emulateMedia({ colorScheme: "dark" });
  // Signing in leaves "You have signed in" for the next page.
  await register(page, "Night Owl");
  const toast = await colours(page.getByText("You have signed in"));
  expect(luminance(toast.background)).toBeLessThan(0.05);
  expect(contrast(toast.text, toast.background)).toBeGreaterThanOrEqual(4.5);
});
