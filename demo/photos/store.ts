// Demo photos: processed by the same pipeline as uploads, and reused across runs; the 360° rooms
// and portraits of the demo's listings and people.
import sharp from "sharp";
import { makeVariants } from "../../server/media/images.server";
import type { FileStorage } from "../../server/media/storage.server";
import { PANORAMA_VARIANTS, renderDemoPanorama } from "./panorama";
import { demoPicture, photoId, plannedImage } from "./pictures";
import { renderDemoPhoto, type PhotoKind } from "./scenes";
import { MANIFEST, type DemoFile } from "./studio";

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

export type PhotoRenderer = (kind: PhotoKind, variant: number) => Promise<Buffer>;

/**
 * The demo photos' rows. With the drawn photos (no `render`) they come from their placeholders at
 * once and the studio paints the files later (studio.ts). With another renderer (tests pass a
 * cheap one) the photos are made here, before their rows, and kept in the storage manifest.
 */
export async function ensureDemoPhotos(
  storage: FileStorage,
  wanted: { kind: PhotoKind; variant: number }[],
  render?: PhotoRenderer,
): Promise<Map<string, DemoPhoto>> {
  const planned = render
    ? null
    : new Map(wanted.map((w) => [photoId(w.kind, w.variant), plannedImage(photoId(w.kind, w.variant))]));
  if (planned && [...planned.values()].every(Boolean)) return planned as Map<string, DemoPhoto>;
  const paint = render ?? renderDemoPhoto;
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
      const processed = await makeVariants(await paint(w.kind, w.variant), demoPicture(id)!.options);
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

/** The demo's 360° rooms shown on listings (one file each), painted like the photos; keys by variant. */
export const demoPanoramaKeys = (): string[] =>
  Array.from({ length: PANORAMA_VARIANTS }, (_, v) => `demo/panorama-${v}.webp`);

/** The files of those keys, for the studio. */
export function demoPanoramaFiles(keys: string[]): DemoFile[] {
  return keys.flatMap((key) => {
    const v = /^demo\/panorama-(\d+)\.webp$/.exec(key)?.[1];
    return v === undefined
      ? []
      : [{ key, contentType: "image/webp", paint: () => renderDemoPanorama(Number(v)) }];
  });
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

export const demoAvatarKey = (personKey: string) => `demo/avatar-${personKey}.webp`;

/** A portrait stand-in for a demo person: their initials on a colour, as a 400 px WebP. */
export function demoAvatarFile(personKey: string, name: string, index: number): DemoFile {
  return {
    key: demoAvatarKey(personKey),
    contentType: "image/webp",
    async paint() {
      const initials = name
        .split(/\s+/)
        .filter(Boolean)
        .slice(0, 2)
        .map((w) => w[0]!.toUpperCase())
        .join("");
      const colour = AVATAR_COLOURS[index % AVATAR_COLOURS.length]!;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="${colour}"/><circle cx="200" cy="160" r="80" fill="#ffffff" opacity="0.18"/><text x="200" y="250" font-family="sans-serif" font-size="150" font-weight="700" fill="#ffffff" text-anchor="middle">${initials.replace(/[<&>"]/g, "")}</text></svg>`;
      return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
    },
  };
}
