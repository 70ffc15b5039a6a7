// The map's price pins and cluster counts as images drawn on a canvas, handed to MapLibre when a
// layer first asks for one (its missing-image resolver). Text layers would need the style to serve glyphs
// (a blank or self-hosted style may not) and a plug-in to shape Arabic; the browser's own text
// drawing needs neither and uses the page's font.
import type { ExpressionSpecification, Map as MapLibreMap } from "maplibre-gl";

export interface MapColours {
  brand: string;
  brandInk: string;
  ink: string;
  featured: string;
  font: string;
}

/** The page's colours and font, read once from its CSS (the brand colour is the admin's choice). */
export function coloursOf(element: Element): MapColours {
  const css = getComputedStyle(element);
  const value = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    brand: value("--brand", "#0f766e"),
    brandInk: value("--brand-ink", "#ffffff"),
    ink: value("--ink", "#1f2937"),
    featured: value("--featured", "#b45309"),
    font: css.fontFamily || "sans-serif",
  };
}

/** Image names the layers use: "pin|n|AED 1.2M" (or "a", highlighted), "count|s|42". */
export const pinImage = (variant: "n" | "a"): ExpressionSpecification => [
  "concat",
  `pin|${variant}|`,
  ["get", "label"],
];
export const countImage: ExpressionSpecification = [
  "concat",
  "count|",
  ["get", "size"],
  "|",
  ["get", "label"],
];

/** A pin: the price on a rounded label with a point at the bottom, which stands on the place. */
const PIN = { fontPx: 13, height: 22, padX: 8, arrow: 6, shadow: 3 };
/** Counts as the clusters showed them: 0.85rem, 0.8rem on the largest. */
const COUNT_PX = { s: 13.6, m: 13.6, l: 12.8 } as const;

type Drawn = { width: number; height: number; data: Uint8ClampedArray };

function canvasOf(width: number, height: number, ratio: number) {
  const canvas = document.createElement("canvas");
  canvas.width = Math.ceil(width * ratio);
  canvas.height = Math.ceil(height * ratio);
  const ctx = canvas.getContext("2d")!;
  ctx.scale(ratio, ratio);
  return { canvas, ctx };
}

/** A rounded rectangle's outline (arcs, for browsers without CanvasRenderingContext2D.roundRect). */
function pill(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

const pixels = ({ canvas, ctx }: ReturnType<typeof canvasOf>): Drawn => ({
  width: canvas.width,
  height: canvas.height,
  data: ctx.getImageData(0, 0, canvas.width, canvas.height).data,
});

/** Right to left only when the text starts with an Arabic or Hebrew letter, as <bdi> would. */
const directionOf = (text: string): CanvasDirection =>
  /^[^\p{L}]*[\u0590-\u08ff]/u.test(text) ? "rtl" : "ltr";

function textWidth(text: string, font: string): number {
  const { ctx } = canvasOf(1, 1, 1);
  ctx.font = font;
  return ctx.measureText(text).width;
}

export function drawPin(text: string, active: boolean, colours: MapColours, ratio: number): Drawn {
  const font = `700 ${PIN.fontPx}px ${colours.font}`;
  const body = Math.ceil(textWidth(text, font)) + 2 * PIN.padX;
  const width = body + 2 * PIN.shadow;
  const height = PIN.shadow + PIN.height + PIN.arrow;
  const drawn = canvasOf(width, height, ratio);
  const { ctx } = drawn;
  const top = PIN.shadow;
  const left = PIN.shadow;
  const middle = width / 2;
  ctx.beginPath();
  pill(ctx, left, top, body, PIN.height, PIN.height / 2);
  ctx.moveTo(middle - PIN.arrow, top + PIN.height - 1);
  ctx.lineTo(middle, top + PIN.height + PIN.arrow);
  ctx.lineTo(middle + PIN.arrow, top + PIN.height - 1);
  ctx.closePath();
  ctx.shadowColor = "rgb(0 0 0 / 0.3)";
  ctx.shadowBlur = 3;
  ctx.shadowOffsetY = 1;
  ctx.fillStyle = active ? colours.brand : "#ffffff";
  ctx.fill();
  ctx.shadowColor = "transparent";
  // The white edge the pins had, which keeps a highlighted pin apart from the map.
  ctx.beginPath();
  pill(ctx, left + 1, top + 1, body - 2, PIN.height - 2, PIN.height / 2 - 1);
  ctx.lineWidth = 2;
  ctx.strokeStyle = "#ffffff";
  ctx.stroke();
  ctx.font = font;
  ctx.direction = directionOf(text);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillStyle = active ? colours.brandInk : colours.ink;
  ctx.fillText(text, middle, top + PIN.height / 2 + 0.5);
  return pixels(drawn);
}

export function drawCount(
  text: string,
  size: keyof typeof COUNT_PX,
  colours: MapColours,
  ratio: number,
): Drawn {
  const font = `700 ${COUNT_PX[size]}px ${colours.font}`;
  const width = Math.ceil(textWidth(text, font)) + 4;
  const height = Math.ceil(COUNT_PX[size] * 1.5);
  const drawn = canvasOf(width, height, ratio);
  const { ctx } = drawn;
  ctx.font = font;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillStyle = colours.brandInk;
  ctx.fillText(text, width / 2, height / 2 + 0.5);
  return pixels(drawn);
}

/** Draws each pin or count the first time a layer needs it; returns the way to stop. */
export function provideLabels(map: MapLibreMap, colours: MapColours): () => void {
  const ratio = Math.min(3, Math.max(1, window.devicePixelRatio || 1));
  // MapLibre asks the resolver while it lays out a tile (an event listener would be too late for it).
  map.setMissingStyleImageResolver((id) => {
    if (map.hasImage(id)) return;
    const [kind, variant, ...rest] = id.split("|");
    const text = rest.join("|");
    if (kind === "pin")
      map.addImage(id, drawPin(text, variant === "a", colours, ratio), { pixelRatio: ratio });
    else if (kind === "count" && (variant === "s" || variant === "m" || variant === "l"))
      map.addImage(id, drawCount(text, variant, colours, ratio), { pixelRatio: ratio });
  });
  return () => {
    map.setMissingStyleImageResolver(null);
  };
}
