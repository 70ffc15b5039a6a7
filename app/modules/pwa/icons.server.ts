// The installed app's icons (decision 048), drawn from the site's logo in the brand colour the admin
// chose: PNGs of 192 and 512 pixels, and a "maskable" 512 whose logo sits inside the circle that
// every launcher's mask keeps, on a square of the brand colour. They are made on request, once per
// colour in each process, and named by a hash of what they are drawn from: a new colour is a new
// address in the manifest, and an unchanged one is answered from the browser's copy.
import { createHash } from "node:crypto";
import sharp from "sharp";
import logoSvg from "../../../public/brand/logo.svg?raw";
import { inkOn } from "~/lib/brand";

export const APP_ICONS = [
  { file: "192.png", size: 192, purpose: "any" },
  { file: "512.png", size: 512, purpose: "any" },
  { file: "maskable-512.png", size: 512, purpose: "maskable" },
] as const;
export type AppIcon = (typeof APP_ICONS)[number];

export const APP_ICON_BASE = "/app-icons";

/** The colour the logo file is drawn in (the default brand) and its white mark. */
const LOGO_BRAND = "#0f766e";
const LOGO_MARK = "#fff";
/** Of a maskable icon's side, what every mask shape keeps: the circle of 80 % (the "safe zone"). */
const SAFE_ZONE = 0.8;
/** Changed whenever the drawing below changes, so that browsers fetch the icons again. */
const DRAWING_VERSION = "1";

/** The admin's colour when it is one (#rrggbb), else the default brand's. */
export function iconColour(svgClr: string | undefined): string {
  return svgClr && /^#[0-9a-f]{6}$/i.test(svgClr) ? svgClr.toLowerCase() : LOGO_BRAND;
}

/** The logo in the brand colour, its mark in the ink that reads on it (white, or near-black on a light brand). */
export function brandLogo(colour: string): string {
  return logoSvg
    .replaceAll(`fill="${LOGO_BRAND}"`, `fill="${colour}"`)
    .replaceAll(`fill="${LOGO_MARK}"`, `fill="${inkOn(colour)}"`);
}

/** A short hash of everything an icon is drawn from: the icons' version in their addresses and ETags. */
export function iconVersion(colour: string): string {
  return createHash("sha256")
    .update(`${DRAWING_VERSION}\n${colour}\n${logoSvg}`)
    .digest("base64url")
    .slice(0, 12);
}

export const iconAddress = (icon: AppIcon, colour: string) =>
  `${APP_ICON_BASE}/${icon.file}?v=${iconVersion(colour)}`;

/** The logo as a PNG of `side` pixels, rasterised at that size (not scaled up from a small one). */
async function logoPng(svg: string, side: number): Promise<Buffer> {
  const { width = side, height = side } = await sharp(Buffer.from(svg)).metadata();
  return sharp(Buffer.from(svg), { density: Math.min(2400, (72 * side) / Math.max(width, height)) })
    .resize(side, side, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

export async function drawIcon(icon: AppIcon, colour: string): Promise<Buffer> {
  const svg = brandLogo(colour);
  if (icon.purpose === "any") return logoPng(svg, icon.size);
  const inner = Math.round(icon.size * SAFE_ZONE);
  return sharp({
    create: { width: icon.size, height: icon.size, channels: 4, background: colour },
  })
    .composite([{ input: await logoPng(svg, inner), gravity: "centre" }])
    .png()
    .toBuffer();
}

/** Drawn icons by version and file: a colour rarely changes, so a handful is all a process holds. */
const drawn = new Map<string, Promise<Buffer>>();

export function iconPng(icon: AppIcon, colour: string): Promise<Buffer> {
  const key = `${iconVersion(colour)}/${icon.file}`;
  let png = drawn.get(key);
  if (!png) {
    if (drawn.size >= 12) drawn.clear();
    png = drawIcon(icon, colour);
    drawn.set(key, png);
    png.catch(() => drawn.delete(key));
  }
  return png;
}

/**
 * The answer to /app-icons/<file>: the icon for today's colour. At the address the manifest gives
 * (today's version) it is kept for a year; at any other it must be checked each time (its ETag
 * answers an unchanged one with a 304).
 */
export async function iconResponse(request: Request, file: string, svgClr: string | undefined) {
  const icon = APP_ICONS.find((i) => i.file === file);
  if (!icon) return new Response("Not found", { status: 404 });
  const colour = iconColour(svgClr);
  const version = iconVersion(colour);
  const current = new URL(request.url).searchParams.get("v") === version;
  const headers = {
    "content-type": "image/png",
    etag: `"${version}-${icon.file}"`,
    "cache-control": current ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
  };
  if (request.headers.get("if-none-match") === headers.etag)
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(await iconPng(icon, colour)), { headers });
}
