// Demo photos: rendered once, processed by the same pipeline as uploads, and reused across runs.
import sharp from "sharp";
import { processImage } from "../../media/images.server";
import { renderDemoPhoto, type PhotoKind } from "../../media/demo-photos.server";
import { PANORAMA_VARIANTS, renderDemoPanorama } from "../../media/demo-panorama.server";
import type { FileStorage } from "../../media/storage.server";

export interface DemoPhoto {
  key: string;
  width: number;
  height: number;
  widths: number[];
  thumbhash: string;
  dominant: string;
}

const MANIFEST = "demo/manifest.json";

export type PhotoRenderer = (kind: PhotoKind, variant: number) => Promise<Buffer>;

export async function ensureDemoPhotos(
  storage: FileStorage,
  wanted: { kind: PhotoKind; variant: number }[],
  render: PhotoRenderer = renderDemoPhoto,
): Promise<Map<string, DemoPhoto>> {
  const raw = await storage.get(MANIFEST);
  const manifest: Record<string, DemoPhoto> = raw ? JSON.parse(raw.toString("utf8")) : {};
  const missing = wanted.filter((w) => !manifest[`${w.kind}-${w.variant}`]);
  // Two at a time: rendering and encoding already use sharp's thread pool.
  const queue = [...missing];
  const worker = async () => {
    for (let w = queue.shift(); w; w = queue.shift()) {
      const id = `${w.kind}-${w.variant}`;
      const key = `demo/${id}`;
      const processed = await processImage(await render(w.kind, w.variant));
      await Promise.all(processed.variants.map((v) => storage.put(`${key}-${v.width}.webp`, v.buffer, "image/webp")));
      manifest[id] = { key, width: processed.width, height: processed.height, widths: processed.variants.map((v) => v.width), thumbhash: processed.thumbhash, dominant: processed.dominant };
    }
  };
  await Promise.all([worker(), worker()]);
  if (missing.length) await storage.put(MANIFEST, Buffer.from(JSON.stringify(manifest)), "application/json");
  return new Map(wanted.map((w) => [`${w.kind}-${w.variant}`, manifest[`${w.kind}-${w.variant}`]!]));
}

/** The demo's 360° rooms, rendered once like the photos; keys by variant. */
export async function ensureDemoPanoramas(storage: FileStorage, render: (variant: number) => Promise<Buffer> = renderDemoPanorama): Promise<string[]> {
  const keys: string[] = [];
  for (let v = 0; v < PANORAMA_VARIANTS; v++) {
    const key = `demo/panorama-${v}.webp`;
    if (!(await storage.get(key))) await storage.put(key, await render(v), "image/webp");
    keys.push(key);
  }
  return keys;
}

const AVATAR_COLOURS = ["#0f766e", "#1d4ed8", "#b45309", "#7c3aed", "#be123c", "#047857", "#4338ca", "#a16207"];

/** A portrait stand-in for each demo person: their initials on a colour, as a 400 px WebP. */
export async function ensureDemoAvatars(storage: FileStorage, people: { key: string; name: string }[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [i, p] of people.entries()) {
    const key = `demo/avatar-${p.key}.webp`;
    if (!(await storage.exists(key))) {
      const initials = p.name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join("");
      const colour = AVATAR_COLOURS[i % AVATAR_COLOURS.length]!;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="${colour}"/><circle cx="200" cy="160" r="80" fill="#ffffff" opacity="0.18"/><text x="200" y="250" font-family="sans-serif" font-size="150" font-weight="700" fill="#ffffff" text-anchor="middle">${initials.replace(/[<&>"]/g, "")}</text></svg>`;
      await storage.put(key, await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer(), "image/webp");
    }
    out.set(p.key, storage.publicUrl(key));
  }
  return out;
}
