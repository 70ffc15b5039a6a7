// Serves the icons named by icon-url.ts: the Lucide SVG, drawn in one colour, never anything else.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { ICON_BASE, ICON_NAME, iconUrl } from "./contract";

export { ICON_BASE, iconUrl };

let dir: string | null = null;
function iconDir(): string {
  dir ??= path.join(
    path.dirname(createRequire(import.meta.url).resolve("lucide-static/package.json")),
    "icons",
  );
  return dir;
}

const cache = new Map<string, string | null>();

/** The SVG of an icon by name, drawn in a colour that reads on light and dark cards; null if there is none. */
export async function iconSvg(name: string, colour = "#0f5e63"): Promise<string | null> {
  if (!ICON_NAME.test(name) || name.length > 40) return null;
  const key = `${name}:${colour}`;
  if (cache.has(key)) return cache.get(key)!;
  let svg: string | null;
  try {
    const text = await readFile(path.join(iconDir(), `${name}.svg`), "utf8");
    svg = text.replace(/<!--[\s\S]*?-->\s*/g, "").replace(/stroke="currentColor"/g, `stroke="${colour}"`);
  } catch {
    svg = null;
  }
  if (cache.size < 500) cache.set(key, svg);
  return svg;
}
