// Demo photos: rendered once, processed by the same pipeline as uploads, and reused across runs.
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
