// A listing's share card (decision 050): 1200 × 630, the size link previews show, as a JPEG. The
// photo fills it (cropped, not squeezed); a dark band along the bottom carries the title, the price
// (or a project's stage) and the place; the site's name sits in a pill in the top corner. Without a
// photo the brand's colour and placeholder mark stand in.
//
// Text goes through Pango (sharp's `text` input), which shapes Arabic, orders mixed scripts (fribidi)
// and measures what it draws, so long titles can be cut to two lines. It needs a font with Arabic
// glyphs on the machine: DejaVu Sans (the Dockerfile installs fonts-dejavu-core) or Noto Sans Arabic.
import sharp, { type OverlayOptions } from "sharp";
import { imageWork } from "./work-pool";

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

export interface ShareCardDrawing {
  title: string;
  /** The price as the site writes it, or a project's stage. */
  headline: string;
  place: string;
  /** The site's name, in the corner pill. */
  site: string;
  /** Arabic: everything starts at the right. */
  rtl: boolean;
  /** The brand colour (#rrggbb). */
  brand: string;
  /** The listing's photo (any format sharp reads), or null for the placeholder. */
  photo: Buffer | null;
  /** The admin's placeholder image for listings without photos; null draws the default mark. */
  placeholder: Buffer | null;
}

const W = SHARE_CARD_WIDTH;
const H = SHARE_CARD_HEIGHT;
const MARGIN = 56;
const PAD = 28;
const TEXT_WIDTH = W - 2 * MARGIN;
/** Fonts in order; fontconfig falls back further for any glyph these lack. */
const FONTS = "DejaVu Sans,Noto Sans,Noto Sans Arabic,sans-serif";
const DEFAULT_BRAND = "#0f766e";
const BAND = "#0f172a";
/** The default placeholder mark (public/brand/placeholder.svg's house), on a 32 × 32 grid. */
const HOUSE = "M6 16 16 7l10 9v10h-7v-6h-6v6H6z";

/** Left-to-right and right-to-left marks: a line's direction, whatever script it starts with. */
const LRM = "\u200e";
const RLM = "\u200f";

const escapeMarkup = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!,
  );

interface TextImage {
  data: Buffer;
  width: number;
  height: number;
}

/** One block of text as a transparent image, at most `width` wide (wrapped at words). */
async function textImage(
  text: string,
  o: { size: number; bold?: boolean; colour: string; width: number; wrap?: boolean },
): Promise<TextImage> {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${o.colour}">${escapeMarkup(text)}</span>`,
      font: `${FONTS} ${o.bold ? "Bold " : ""}${o.size}`,
      // Points at 72 dpi are pixels.
      dpi: 72,
      rgba: true,
      width: o.width,
      wrap: o.wrap ? "word" : "none",
      // "left" is where a line starts: Pango mirrors it for a right-to-left paragraph.
      align: "left",
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The title on at most two lines: words are dropped from the end, with an ellipsis, until it fits. */
async function titleImage(title: string, colour: string): Promise<TextImage> {
  const style = { size: 40, bold: true, colour, width: TEXT_WIDTH, wrap: true };
  const oneLine = (await textImage("Ag", style)).height;
  const fits = (img: TextImage) => img.height <= oneLine * 2.3;
  let image = await textImage(title, style);
  if (fits(image)) return image;
  const words = title.split(/\s+/);
  let low = 1;
  let high = words.length - 1;
  let best = await textImage(`${words[0]!.slice(0, 40)}…`, style);
  while (low <= high) {
    const mid = (low + high) >> 1;
    image = await textImage(`${words.slice(0, mid).join(" ")}…`, style);
    if (fits(image)) {
      best = image;
      low = mid + 1;
    } else high = mid - 1;
  }
  return best;
}

/** One line, cut with an ellipsis to `width`. */
async function lineImage(
  text: string,
  o: { size: number; bold?: boolean; colour: string; width: number },
): Promise<TextImage> {
  let image = await textImage(text, o);
  let cut = text;
  while (image.width > o.width && cut.length > 1) {
    cut = cut.slice(0, Math.max(1, Math.floor(cut.length * (o.width / image.width)) - 1)).trimEnd();
    image = await textImage(`${cut}…`, o);
  }
  return image;
}

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** White or near-black, whichever reads better on `hex` (WCAG relative luminance). */
function inkOn(hex: string): string {
  const [r, g, b] = channels(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const l = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? "#ffffff" : "#111827";
}

/** `hex` darkened towards black by `amount` (0-1). */
function darker(hex: string, amount: number): string {
  return `#${channels(hex)
    .map((v) =>
      Math.round(v * (1 - amount))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** The picture under the band: the photo cropped to fill, or the brand's placeholder. */
async function background(d: ShareCardDrawing, brand: string, bandTop: number): Promise<Buffer> {
  if (d.photo) {
    try {
      return await sharp(d.photo)
        .rotate()
        .resize(W, H, { fit: "cover", position: sharp.strategy.attention })
        .toColourspace("srgb")
        .removeAlpha()
        .raw()
        .toBuffer();
    } catch {
      // A photo sharp cannot read: the placeholder rather than no card.
    }
  }
  const markSize = Math.min(220, bandTop - 120);
  const base = sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${brand}"/><stop offset="1" stop-color="${darker(brand, 0.45)}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#g)"/>
${
  d.placeholder
    ? ""
    : `<g transform="translate(${(W - markSize) / 2} ${(bandTop - markSize) / 2 + 20}) scale(${markSize / 32})"><path d="${HOUSE}" fill="${inkOn(brand)}" fill-opacity="0.9"/></g>`
}
</svg>`,
    ),
  );
  if (!d.placeholder) return base.removeAlpha().raw().toBuffer();
  try {
    const logo = await sharp(d.placeholder)
      .resize(360, Math.max(80, bandTop - 160), { fit: "inside" })
      .png()
      .toBuffer({ resolveWithObject: true });
    return base
      .composite([
        {
          input: logo.data,
          left: Math.round((W - logo.info.width) / 2),
          top: Math.round((bandTop - logo.info.height) / 2 + 20),
        },
      ])
      .removeAlpha()
      .raw()
      .toBuffer();
  } catch {
    return base.removeAlpha().raw().toBuffer();
  }
}

/** The card as a JPEG, made in the image work pool (it is CPU work like any photo's). */
export function renderShareCard(d: ShareCardDrawing): Promise<Buffer> {
  return imageWork.run(() => draw(d));
}

async function draw(d: ShareCardDrawing): Promise<Buffer> {
  const brand = /^#[0-9a-f]{6}$/i.test(d.brand) ? d.brand : DEFAULT_BRAND;
  const mark = d.rtl ? RLM : LRM;
  // The title keeps its own direction (an English title on the Arabic card reads left to right).
  const title = await titleImage(d.title, "#ffffff");
  const headline = d.headline
    ? await lineImage(`${mark}${d.headline}`, { size: 46, bold: true, colour: "#ffffff", width: TEXT_WIDTH })
    : null;
  const gap = 40;
  const placeRoom = TEXT_WIDTH - (headline ? headline.width + gap : 0);
  // The place goes beside the price when there is room for a fair part of it, else on a line of its own.
  const beside = placeRoom >= 260;
  const place = d.place
    ? await lineImage(`${mark}${d.place}`, {
        size: 30,
        colour: "#cbd5e1",
        width: beside ? placeRoom : TEXT_WIDTH,
      })
    : null;
  const rowHeight = Math.max(headline?.height ?? 0, beside ? (place?.height ?? 0) : 0);
  const below = !beside && place ? place.height + 6 : 0;
  const bandHeight = PAD + title.height + 16 + rowHeight + below + PAD;
  const bandTop = H - bandHeight;

  const site = await lineImage(`${mark}${d.site}`, {
    size: 26,
    bold: true,
    colour: inkOn(brand),
    width: 520,
  });
  const pill = { width: site.width + 36, height: site.height + 18, top: 36 };
  const pillLeft = d.rtl ? W - MARGIN - pill.width : MARGIN;
  /** Where a block of `width` starts: at the left margin, or ending at the right one in Arabic. */
  const at = (width: number) => (d.rtl ? W - MARGIN - width : MARGIN);

  const overlay = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
<rect x="0" y="${bandTop}" width="${W}" height="${bandHeight}" fill="${BAND}" fill-opacity="0.86"/>
<rect x="0" y="${bandTop}" width="${W}" height="6" fill="${brand}"/>
<rect x="${pillLeft}" y="${pill.top}" width="${pill.width}" height="${pill.height}" rx="${pill.height / 2}" fill="${brand}"/>
</svg>`,
  );
  const rowTop = bandTop + PAD + title.height + 16;
  const layers: OverlayOptions[] = [
    { input: overlay, left: 0, top: 0 },
    { input: site.data, left: pillLeft + 18, top: pill.top + 9 },
    { input: title.data, left: at(title.width), top: bandTop + PAD },
  ];
  if (headline)
    layers.push({
      input: headline.data,
      left: at(headline.width),
      top: rowTop + rowHeight - headline.height,
    });
  if (place) {
    const top = beside ? rowTop + rowHeight - place.height - 4 : rowTop + rowHeight + 6;
    const left = beside ? (d.rtl ? MARGIN : W - MARGIN - place.width) : at(place.width);
    layers.push({ input: place.data, left: Math.round(left), top: Math.round(top) });
  }
  const base = await background(d, brand, bandTop);
  return sharp(base, { raw: { width: W, height: H, channels: 3 } })
    .composite(layers)
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}
