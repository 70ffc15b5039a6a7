// Drawing a small map with a pin (spec §7 static-map). From raster tiles when TILE_URL names a tile
// server: the tiles under the view are fetched (that server's host is the only one asked), stitched
// and cropped with sharp, and the pin and the tiles' credit laid over them as SVG. Without a tile
// server, or when it fails: a quiet drawn map of the same size, its streets and parks derived from
// the position, so the same place always looks the same. Never a broken image.
import sharp from "sharp";
import { env } from "../../runtime/env.server";
import { guardedFetch } from "../../net/guarded-fetch";

export interface MapView {
  lat: number;
  lng: number;
  zoom: number;
  width: number;
  height: number;
}

export interface TileSource {
  /** `https://tile.example/{z}/{x}/{y}.png` */
  template: string;
  attribution: string;
}

export interface RenderedMap {
  png: Buffer;
  /** "tiles": every tile arrived; "drawn": no tile server; "fallback": the tile server failed (do not keep). */
  kind: "tiles" | "drawn" | "fallback";
}

const TILE = 256;
/** Web Mercator stops here; beyond it there is no tile to draw. */
export const MAX_MERCATOR_LAT = 85.05112878;
/** For all the tiles of one image together. */
const TILES_TIMEOUT_MS = 6_000;
/** A raster tile is 10–60 KB; anything near a megabyte is not one. */
const TILE_MAX_BYTES = 1024 * 1024;
/** Tile servers ask for politeness: a few connections at a time. */
const TILE_CONCURRENCY = 6;

const COLOURS = {
  land: "#f2efe9",
  park: "#d6e9c6",
  water: "#cfe1ee",
  road: "#ffffff",
  casing: "#e2ddd2",
  major: "#fdf3d7",
  majorCasing: "#e9d9a9",
};

/** The view's pixel position in the world at its zoom (Web Mercator, 256-pixel tiles). */
export function worldPixel(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const size = TILE * 2 ** zoom;
  const phi = (Math.max(-MAX_MERCATOR_LAT, Math.min(MAX_MERCATOR_LAT, lat)) * Math.PI) / 180;
  return {
    x: ((lng + 180) / 360) * size,
    y: ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * size,
  };
}

/** The view's top-left corner in world pixels (whole pixels, so tiles land on the pixel grid). */
function viewOrigin(view: MapView) {
  const centre = worldPixel(view.lat, view.lng, view.zoom);
  const left = Math.round(centre.x - view.width / 2);
  const top = Math.round(centre.y - view.height / 2);
  return { left, top, pinX: centre.x - left, pinY: centre.y - top };
}

export async function renderMap(view: MapView, tiles: TileSource | null): Promise<RenderedMap> {
  if (tiles) {
    const fromTiles = await tiledMap(view, tiles).catch(() => null);
    if (fromTiles) return { png: fromTiles, kind: "tiles" };
  }
  return { png: await drawnMap(view), kind: tiles ? "fallback" : "drawn" };
}

// ---------------------------------------------------------------------------------------------
// From tiles

/** The host of a tile template: the only one its images may be fetched from. */
export function tileHost(template: string): string {
  return new URL(template.replace(/\{[xyz]\}/g, "0")).hostname.replace(/^\[|\]$/g, "");
}

/** The stitched image, or null when any tile is missing (a map with holes is worse than the drawn one). */
async function tiledMap(view: MapView, source: TileSource): Promise<Buffer | null> {
  const { left, top, pinX, pinY } = viewOrigin(view);
  const n = 2 ** view.zoom;
  const x0 = Math.floor(left / TILE);
  const y0 = Math.floor(top / TILE);
  const x1 = Math.floor((left + view.width - 1) / TILE);
  const y1 = Math.floor((top + view.height - 1) / TILE);
  const wanted: { x: number; y: number; col: number; row: number }[] = [];
  for (let y = y0; y <= y1; y++) {
    // Above and below the world there is nothing: those rows stay land-coloured.
    if (y < 0 || y >= n) continue;
    for (let x = x0; x <= x1; x++) wanted.push({ x: ((x % n) + n) % n, y, col: x - x0, row: y - y0 });
  }
  const allowHosts = [tileHost(source.template)];
  const signal = AbortSignal.timeout(TILES_TIMEOUT_MS);
  const fetched: (Buffer | null)[] = new Array(wanted.length).fill(null);
  let next = 0;
  let failed = false;
  const worker = async () => {
    // One missing tile spoils the image: stop asking for the rest.
    while (!failed && next < wanted.length) {
      const i = next++;
      const t = wanted[i]!;
      const url = source.template
        .replace("{z}", String(view.zoom))
        .replace("{x}", String(t.x))
        .replace("{y}", String(t.y));
      fetched[i] = await fetchTile(url, allowHosts, signal);
      if (!fetched[i]) failed = true;
    }
  };
  await Promise.all(Array.from({ length: Math.min(TILE_CONCURRENCY, wanted.length) }, worker));
  if (fetched.some((b) => !b)) return null;

  const canvas = await sharp({
    create: {
      width: (x1 - x0 + 1) * TILE,
      height: (y1 - y0 + 1) * TILE,
      channels: 4,
      background: COLOURS.land,
    },
  })
    .composite(
      wanted.map((t, i) => ({
        input: fetched[i]!,
        raw: { width: TILE, height: TILE, channels: 4 as const },
        left: t.col * TILE,
        top: t.row * TILE,
      })),
    )
    .raw()
    .toBuffer({ resolveWithObject: true });
  const cropped = await sharp(canvas.data, {
    raw: { width: canvas.info.width, height: canvas.info.height, channels: 4 },
  })
    .extract({ left: left - x0 * TILE, top: top - y0 * TILE, width: view.width, height: view.height })
    .png()
    .toBuffer();
  return finish(cropped, view, pinX, pinY, source.attribution);
}

/** One tile as raw RGBA 256×256 pixels, or null. Decoded here, so a tile that is not an image fails alone. */
async function fetchTile(url: string, allowHosts: string[], signal: AbortSignal): Promise<Buffer | null> {
  try {
    // Tile servers' usage policies ask every application to say who it is.
    const headers = {
      accept: "image/png,image/*;q=0.8",
      "user-agent": `SouqEstate/1.0 static maps (${env().PUBLIC_ORIGIN ?? "self-hosted"})`,
    };
    const res = await guardedFetch(url, {
      allowHosts,
      maxBytes: TILE_MAX_BYTES,
      timeoutMs: TILES_TIMEOUT_MS,
      signal,
      headers,
    });
    if (res.status !== 200) return null;
    // A tile is small: refuse to decode anything that claims to be huge (a decompression bomb).
    return await sharp(res.body, { limitInputPixels: 1024 * 1024 })
      .resize(TILE, TILE, { fit: "fill" })
      .ensureAlpha()
      .raw()
      .toBuffer();
  } catch {
    // Refused, timed out, or not an image: the caller draws the map instead.
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Drawn

/** A small deterministic hash of integers (the same street at the same place, every time). */
function hash(...values: number[]): number {
  let h = 2166136261;
  for (const v of values) {
    h ^= v | 0;
    h = Math.imul(h, 16777619);
    h ^= h >>> 13;
  }
  return (h >>> 0) / 4294967296;
}

/** Streets on a grid fixed to the world (not to the image), so neighbouring maps agree where they overlap. */
async function drawnMap(view: MapView): Promise<Buffer> {
  const { left, top, pinX, pinY } = viewOrigin(view);
  const block = 96;
  const shapes: string[] = [];
  const bx0 = Math.floor(left / block) - 1;
  const by0 = Math.floor(top / block) - 1;
  const bx1 = Math.ceil((left + view.width) / block) + 1;
  const by1 = Math.ceil((top + view.height) / block) + 1;
  for (let bx = bx0; bx <= bx1; bx++) {
    for (let by = by0; by <= by1; by++) {
      const h = hash(bx, by, view.zoom, 1);
      if (h < 0.09)
        shapes.push(
          `<rect x="${bx * block - left + 6}" y="${by * block - top + 6}" width="${block - 12}" height="${block - 12}" rx="6" fill="${COLOURS.park}"/>`,
        );
      else if (h > 0.985)
        shapes.push(
          `<rect x="${bx * block - left + 8}" y="${by * block - top + 8}" width="${block - 16}" height="${block - 16}" rx="18" fill="${COLOURS.water}"/>`,
        );
    }
  }
  const roads: string[] = [];
  for (let bx = bx0; bx <= bx1; bx++) {
    const h = hash(bx, view.zoom, 2);
    if (h < 0.25) continue;
    const major = h > 0.85;
    const x = bx * block - left;
    roads.push(road(`M${x} -10 V${view.height + 10}`, major));
  }
  for (let by = by0; by <= by1; by++) {
    const h = hash(by, view.zoom, 3);
    if (h < 0.25) continue;
    const major = h > 0.85;
    const y = by * block - top;
    roads.push(road(`M-10 ${y} H${view.width + 10}`, major));
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${view.width}" height="${view.height}">
<rect width="100%" height="100%" fill="${COLOURS.land}"/>${shapes.join("")}${roads.join("")}</svg>`;
  const base = await sharp(Buffer.from(svg)).png().toBuffer();
  return finish(base, view, pinX, pinY, null);
}

function road(d: string, major: boolean) {
  const w = major ? 9 : 5;
  return `<path d="${d}" stroke="${major ? COLOURS.majorCasing : COLOURS.casing}" stroke-width="${w + 2}" fill="none"/><path d="${d}" stroke="${major ? COLOURS.major : COLOURS.road}" stroke-width="${w}" fill="none"/>`;
}

// ---------------------------------------------------------------------------------------------
// Pin and credit

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!,
  );

/** The pin (its tip on the place) and, where it fits, the credit; then PNG with a palette. */
async function finish(
  base: Buffer,
  view: MapView,
  pinX: number,
  pinY: number,
  attribution: string | null,
): Promise<Buffer> {
  // A pin 40 px tall on ordinary sizes, smaller on thumbnails.
  const scale = Math.max(0.3, Math.min(1, Math.min(view.width, view.height) / 96));
  const pin = `<g transform="translate(${pinX.toFixed(1)} ${pinY.toFixed(1)}) scale(${scale.toFixed(3)})">
<ellipse cx="0" cy="0" rx="7" ry="2.5" fill="#000" fill-opacity="0.22"/>
<path d="M0 0 C-2.5 -8 -12 -14 -12 -24 A12 12 0 1 1 12 -24 C12 -14 2.5 -8 0 0 Z" fill="#d7263d" stroke="#ffffff" stroke-width="2"/>
<circle cx="0" cy="-24" r="4.5" fill="#ffffff"/></g>`;
  let credit = "";
  if (attribution) {
    const size = view.width >= 400 ? 11 : 10;
    // Close enough for a sans-serif: the credit is drawn only where it fits whole.
    const textWidth = Math.ceil(attribution.length * size * 0.56) + 8;
    if (textWidth <= view.width - 4 && view.height >= size + 10) {
      credit = `<rect x="${view.width - textWidth}" y="${view.height - size - 6}" width="${textWidth}" height="${size + 6}" fill="#ffffff" fill-opacity="0.78"/>
<text x="${view.width - 4}" y="${view.height - 4}" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-size="${size}" fill="#333333" text-anchor="end">${escapeXml(attribution)}</text>`;
    }
  }
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${view.width}" height="${view.height}">${pin}${credit}</svg>`;
  // A palette PNG: maps are flat colours, so 256 of them lose nothing visible and halve the bytes.
  return sharp(base)
    .composite([{ input: Buffer.from(overlay), left: 0, top: 0 }])
    .png({ palette: true, compressionLevel: 9, effort: 7 })
    .toBuffer();
}
