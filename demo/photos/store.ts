// Demo photos: rendered once, processed by the same pipeline as uploads, and reused across runs.
import sharp from "sharp";
import { makeVariants } from "../../server/media/images.server";
import { renderDemoPhoto, type PhotoKind } from "./scenes";
import { PANORAMA_VARIANTS, renderDemoPanorama } from "./panorama";
import type { FileStorage } from "../../server/media/storage.server";

export interface DemoPhoto {
  key: string;
  width: number;
  height: number;
  widths: number[];
  thumbhash: string;
  dominant: string;
  /** Always true once ensured; manifests written before AVIF variants existed lack it. */
  avif: boolean;
}

const MANIFEST = "demo/manifest.json";
/**
 * AVIF effort for demo photos, below uploads' (images.server.ts). On the drawn scenes, per photo (three
 * widths), effort 3 took ~1.2 s of CPU for 28% fewer bytes than WebP, effort 1 ~0.3 s for 17%. A fresh
 * storage renders ~110 of them (every CI run, every first start), so effort 1 adds ~30 s of CPU to that
 * seed instead of ~2 minutes.
 */
const DEMO_AVIF_EFFORT = 1;

export type PhotoRenderer = (kind: PhotoKind, variant: number) => Promise<Buffer>;

export async function ensureDemoPhotos(
  storage: FileStorage,
  wanted: { kind: PhotoKind; variant: number }[],
  render: PhotoRenderer = renderDemoPhoto,
): Promise<Map<string, DemoPhoto>> {
  const raw = await storage.get(MANIFEST);
  const manifest: Record<string, DemoPhoto> = raw ? JSON.parse(raw.toString("utf8")) : {};
  // An entry from before AVIF variants existed is made again, so every demo photo has both formats
  // (a one-off cost on a storage seeded earlier; the renders are deterministic, the WebP files identical).
  const missing = wanted.filter((w) => !manifest[`${w.kind}-${w.variant}`]?.avif);
  // Two at a time: rendering and encoding already use sharp's thread pool.
  const queue = [...missing];
  const worker = async () => {
    for (let w = queue.shift(); w; w = queue.shift()) {
      const id = `${w.kind}-${w.variant}`;
      const key = `demo/${id}`;
      const processed = await makeVariants(await render(w.kind, w.variant), { avifEffort: DEMO_AVIF_EFFORT });
      await Promise.all(
        processed.variants.flatMap((v) => [
          storage.put(`${key}-${v.width}.webp`, v.webp, "image/webp"),
          storage.put(`${key}-${v.width}.avif`, v.avif, "image/avif"),
        ]),
      );
      manifest[id] = {
        key,
        width: processed.width,
        height: processed.height,
        widths: processed.variants.map((v) => v.width),
        thumbhash: processed.thumbhash,
        dominant: processed.dominant,
        avif: true,
      };
    }
  };
  await Promise.all([worker(), worker()]);
  if (missing.length) await storage.put(MANIFEST, Buffer.from(JSON.stringify(manifest)), "application/json");
  return new Map(wanted.map((w) => [`${w.kind}-${w.variant}`, manifest[`${w.kind}-${w.variant}`]!]));
}

/** The demo's 360° rooms, rendered once like the photos; keys by variant. */
export async function ensureDemoPanoramas(
  storage: FileStorage,
  render: (variant: number) => Promise<Buffer> = renderDemoPanorama,
): Promise<string[]> {
  const keys: string[] = [];
  for (let v = 0; v < PANORAMA_VARIANTS; v++) {
    const key = `demo/panorama-${v}.webp`;
    if (!(await storage.get(key))) await storage.put(key, await render(v), "image/webp");
    keys.push(key);
  }
  return keys;
}

const AVATAR_COLOURS = [
  "#0f766e",
  "#1d4ed8",
  "#b45309",
  "#7c3aed",
  "#be123c",
  "#047857",
  "#4338ca",
  "#a16207",
];

/** A portrait stand-in for each demo person: their initials on a colour, as a 400 px WebP. */
export async function ensureDemoAvatars(
  storage: FileStorage,
  people: { key: string; name: string }[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [i, p] of people.entries()) {
    const key = `demo/avatar-${p.key}.webp`;
    if (!(await storage.exists(key))) {
      const initials = p.name
        .split(/\s+/)
        .filter(Boolean)
        .slice(0, 2)
        .map((w) => w[0]!.toUpperCase())
        .join("");
      const colour = AVATAR_COLOURS[i % AVATAR_COLOURS.length]!;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="${colour}"/><circle cx="200" cy="160" r="80" fill="#ffffff" opacity="0.18"/><text x="200" y="250" font-family="sans-serif" font-size="150" font-weight="700" fill="#ffffff" text-anchor="middle">${initials.replace(/[<&>"]/g, "")}</text></svg>`;
      await storage.put(key, await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer(), "image/webp");
    }
    out.set(p.key, storage.publicUrl(key));
  }
  return out;
}
