// Procedural stand-in photos for the demo catalogue: stylised but photo-like scenes drawn as SVG and
// rasterised by sharp, so seeding needs neither network access nor bundled image files.
import sharp from "sharp";

export const PHOTO_KINDS = [
  "exterior",
  "interior",
  "kitchen",
  "bedroom",
  "bathroom",
  "aerial",
  "pool",
  "office",
  "land",
] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];

const W = 1600;
const H = 1067;

export async function renderDemoPhoto(kind: PhotoKind, variant: number): Promise<Buffer> {
  if (!Number.isSafeInteger(variant) || variant < 0) throw new RangeError(`Invalid photo variant: ${variant}`);
  const scene = SCENES[kind];
  if (!scene) throw new RangeError(`Unknown photo kind: ${String(kind)}`);
  const c = new Canvas();
  scene(c, new Rand(hash(`${kind}:${variant}`)), variant);
  finish(c);
  return sharp(Buffer.from(c.toSvg())).jpeg({ quality: 82 }).toBuffer();
}

// ---------------------------------------------------------------- randomness

/** FNV-1a, to turn (kind, variant) into a PRNG seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

class Rand {
  private state: number;
  constructor(seed: number) {
    this.state = seed;
  }
  /** mulberry32: tiny, fast and good enough for picking shapes. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  float(min: number, max: number): number {
    return min + (max - min) * this.next();
  }
  int(min: number, max: number): number {
    return Math.floor(this.float(min, max + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
}

/** Structural choices cycle with the variant so neighbouring variants never look alike. */
const cycle = <T>(items: readonly T[], variant: number, offset = 0): T => items[(variant + offset) % items.length] as T;

// ---------------------------------------------------------------- colour

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = rgb(a);
  const [br, bg, bb] = rgb(b);
  const ch = (x: number, y: number) => Math.round(x + (y - x) * t).toString(16).padStart(2, "0");
  return `#${ch(ar, br)}${ch(ag, bg)}${ch(ab, bb)}`;
}
const lighten = (c: string, t: number) => mix(c, "#ffffff", t);
const darken = (c: string, t: number) => mix(c, "#000000", t);

// ---------------------------------------------------------------- SVG building

type Pt = readonly [number, number];
type Span = readonly [number, number];
type Stop = readonly [offset: number, color: string, opacity?: number];
type Attrs = Record<string, string | number>;

const fmt = (n: number) => String(Math.round(n * 100) / 100);

/** Tagged template for path data that rounds every interpolated number. */
function d(strings: TemplateStringsArray, ...values: number[]): string {
  return strings.reduce((out, s, i) => out + s + (i < values.length ? fmt(values[i] as number) : ""), "");
}

const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

class Canvas {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private readonly gradients = new Map<string, string>();

  private gradient(tag: string, geometry: Attrs, stops: readonly Stop[]): string {
    const inner = stops
      .map(([o, color, opacity = 1]) => `<stop offset="${fmt(o)}" stop-color="${color}" stop-opacity="${fmt(opacity)}"/>`)
      .join("");
    const key = tag + attrs(geometry) + inner;
    let id = this.gradients.get(key);
    if (!id) {
      id = `g${this.gradients.size}`;
      this.gradients.set(key, id);
      this.defs.push(`<${tag} id="${id}"${attrs(geometry)}>${inner}</${tag}>`);
    }
    return `url(#${id})`;
  }
  /** Gradients are in bounding-box units: (0,0)-(0,1) runs top to bottom of the shape. */
  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    return this.gradient("linearGradient", { x1, y1, x2, y2 }, stops);
  }
  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    return this.gradient("radialGradient", { cx, cy, r }, stops);
  }
  add(tag: string, a: Attrs): void {
    this.body.push(`<${tag}${attrs(a)}/>`);
  }
  rect(x: number, y: number, w: number, h: number, fill: string, extra: Attrs = {}): void {
    this.add("rect", { x: Math.min(x, x + w), y: Math.min(y, y + h), width: Math.abs(w), height: Math.abs(h), fill, ...extra });
  }
  /** Rectangle between two corners in any order. */
  span(a: Pt, b: Pt, fill: string, extra: Attrs = {}): void {
    this.rect(a[0], a[1], b[0] - a[0], b[1] - a[1], fill, extra);
  }
  poly(points: readonly Pt[], fill: string, extra: Attrs = {}): void {
    this.add("polygon", { points: points.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(" "), fill, ...extra });
  }
  ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra: Attrs = {}): void {
    this.add("ellipse", { cx, cy, rx: Math.abs(rx), ry: Math.abs(ry), fill, ...extra });
  }
  path(data: string, fill: string, extra: Attrs = {}): void {
    this.add("path", { d: data, fill, ...extra });
  }
  line(a: Pt, b: Pt, stroke: string, width: number, extra: Attrs = {}): void {
    this.add("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke, "stroke-width": width, ...extra });
  }
  /** Soft contact shadow: a radial gradient, far cheaper than a blur filter. */
  shadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.45): void {
    this.ellipse(cx, cy, rx, ry, this.radial([[0, "#000000", opacity], [1, "#000000", 0]]));
  }
  open(transform: string): void {
    this.body.push(`<g transform="${transform}">`);
  }
  close(): void {
    this.body.push("</g>");
  }
  toSvg(): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${this.defs.join("")}</defs>${this.body.join("")}</svg>`;
  }
}

function attrs(a: Attrs): string {
  return Object.entries(a)
    .map(([k, v]) => {
      const value = typeof v === "number" ? fmt(v) : v;
      // Element `opacity` makes librsvg composite through an offscreen surface (~2 ms each); these are equivalent here.
      return k === "opacity" ? ` fill-opacity="${value}" stroke-opacity="${value}"` : ` ${k}="${value}"`;
    })
    .join("");
}

/** Vignette and a faint warm cast, the two things that make flat shapes read as a photograph. */
function finish(c: Canvas): void {
  c.rect(0, 0, W, H, "#ffb070", { opacity: 0.04 });
  // Four linear edge bands instead of one radial gradient, which costs ~90 ms at this size.
  const edge = (x: number, y: number, w: number, h: number, x1: number, y1: number, x2: number, y2: number) =>
    c.rect(x, y, w, h, c.linear([[0, "#000000", 0.3], [1, "#000000", 0]], x1, y1, x2, y2));
  edge(0, 0, W, H * 0.22, 0, 0, 0, 1);
  edge(0, H * 0.78, W, H * 0.22, 0, 1, 0, 0);
  edge(0, 0, W * 0.16, H, 0, 0, 1, 0);
  edge(W * 0.84, 0, W * 0.16, H, 1, 0, 0, 0);
}

// ---------------------------------------------------------------- perspective

/**
 * One-point perspective. Room units: x across [0,1], y up (0 floor, 1 = frame height at the picture plane),
 * z from the far plane (0) to the picture plane (1); the far plane is the frame scaled by `k` about the
 * vanishing point (vx, vy).
 */
class View {
  constructor(
    readonly vx: number,
    readonly vy: number,
    readonly k: number,
  ) {}
  scale(z: number): number {
    return 1 / (1 / this.k + (1 - 1 / this.k) * z);
  }
  p(x: number, y: number, z: number): Pt {
    const s = this.scale(z);
    return [this.vx + (x * W - this.vx) * s, this.vy + ((1 - y) * H - this.vy) * s];
  }
  /** Height of the eye in room units: tops below it are visible. */
  get eye(): number {
    return 1 - this.vy / H;
  }
  floorQuad(x: Span, z: Span, y = 0): Pt[] {
    return [this.p(x[0], y, z[0]), this.p(x[1], y, z[0]), this.p(x[1], y, z[1]), this.p(x[0], y, z[1])];
  }
}

/** A shaded box: lit top, darker side facing the vanishing point, gradient front. */
function box(c: Canvas, v: View, x: Span, y: Span, z: Span, color: string, round = 0): void {
  const [x0, x1] = x;
  const [y0, y1] = y;
  const [z0, z1] = z;
  if (y1 < v.eye) c.poly(v.floorQuad(x, z, y1), lighten(color, 0.14));
  else if (y0 > v.eye) c.poly(v.floorQuad(x, z, y0), darken(color, 0.3));
  const sx = x1 * W < v.vx ? x1 : x0 * W > v.vx ? x0 : undefined;
  if (sx !== undefined) {
    c.poly([v.p(sx, y1, z0), v.p(sx, y1, z1), v.p(sx, y0, z1), v.p(sx, y0, z0)], darken(color, 0.22));
  }
  c.span(v.p(x0, y1, z1), v.p(x1, y0, z1), c.linear([[0, lighten(color, 0.05)], [1, darken(color, 0.1)]]), round ? { rx: round } : {});
}

function floorShadow(c: Canvas, v: View, x: Span, z: Span, spread = 1.15, opacity = 0.4): void {
  const [ax, ay] = v.p(x[0], 0, z[1]);
  const [bx] = v.p(x[1], 0, z[1]);
  const [, fy] = v.p(x[0], 0, z[0]);
  c.shadow((ax + bx) / 2, (ay + fy) / 2, ((bx - ax) / 2) * spread, Math.max(8, (ay - fy) / 2 + 10), opacity);
}

interface RoomStyle {
  wall: string;
  floor: string;
  ceiling: string;
}

function makeView(r: Rand): View {
  return new View(W * r.float(0.4, 0.6), H * r.float(0.42, 0.52), r.float(0.44, 0.56));
}

/** Ceiling, side walls, back wall and floor, each shaded so the box reads as a lit room. */
function roomShell(c: Canvas, v: View, s: RoomStyle, planks: number): void {
  const [tl, tr, br, bl] = [v.p(0, 1, 0), v.p(1, 1, 0), v.p(1, 0, 0), v.p(0, 0, 0)];
  c.poly([[0, 0], [W, 0], tr, tl], c.linear([[0, darken(s.ceiling, 0.1)], [1, s.ceiling]]));
  c.poly([[0, 0], tl, bl, [0, H]], c.linear([[0, darken(s.wall, 0.2)], [1, darken(s.wall, 0.05)]], 0, 0, 1, 0));
  c.poly([[W, 0], tr, br, [W, H]], c.linear([[0, darken(s.wall, 0.04)], [1, darken(s.wall, 0.24)]], 0, 0, 1, 0));
  c.span(tl, br, c.linear([[0, lighten(s.wall, 0.06)], [1, darken(s.wall, 0.04)]]));
  c.poly([[0, H], bl, br, [W, H]], c.linear([[0, darken(s.floor, 0.12)], [1, lighten(s.floor, 0.04)]]));
  for (let i = 1; i < planks; i++) {
    c.line(v.p(i / planks, 0, 0), v.p(i / planks, 0, 1), darken(s.floor, 0.3), 1.5, { opacity: 0.35 });
  }
  // Skirting along the back wall and both sides.
  const skirt = lighten(s.wall, 0.25);
  c.span(v.p(0, 0.03, 0), br, skirt);
  c.poly([v.p(0, 0.03, 0), v.p(0, 0.03, 1), [0, H], bl], darken(skirt, 0.12));
  c.poly([v.p(1, 0.03, 0), v.p(1, 0.03, 1), [W, H], br], darken(skirt, 0.2));
}

/** A window in the back wall with a glimpse of sky and greenery, and the light it throws on the floor. */
function backWindow(c: Canvas, r: Rand, v: View, x: Span, y: Span, frame: string): void {
  const a = v.p(x[0], y[1], 0);
  const b = v.p(x[1], y[0], 0);
  const sky = r.pick(SKIES);
  c.span(a, b, c.linear([[0, sky.top], [1, sky.bottom]]));
  const w = b[0] - a[0];
  const h = b[1] - a[1];
  for (let i = 0; i < 5; i++) {
    c.ellipse(a[0] + w * r.float(0, 1), b[1] - h * r.float(0, 0.1), w * r.float(0.15, 0.3), h * r.float(0.15, 0.35), r.pick(GREENS), { opacity: 0.9 });
  }
  c.span([a[0], b[1] - h * 0.06], b, darken(r.pick(GREENS), 0.2));
  const panes = Math.max(2, Math.round(w / 170));
  for (let i = 1; i < panes; i++) c.line([a[0] + (w * i) / panes, a[1]], [a[0] + (w * i) / panes, b[1]], frame, 7);
  c.span(a, b, "none", { stroke: frame, "stroke-width": 12 });
  c.rect(a[0] - 16, b[1], w + 32, 12, lighten(frame, 0.2));
  // Light spill on the floor, drifting forward and sideways as low sun would.
  const drift = r.float(-0.15, 0.15);
  c.poly(
    [v.p(x[0], 0, 0), v.p(x[1], 0, 0), v.p(x[1] + drift, 0, 0.7), v.p(x[0] + drift, 0, 0.7)],
    c.linear([[0, "#fff6e0", 0.3], [1, "#fff6e0", 0]]),
  );
}

/** Curtains are a horizontal gradient with repeating folds. */
function curtain(c: Canvas, a: Pt, b: Pt, color: string): void {
  const stops: Stop[] = [];
  for (let i = 0; i <= 6; i++) stops.push([i / 6, i % 2 ? darken(color, 0.18) : lighten(color, 0.08)]);
  c.span(a, b, c.linear(stops, 0, 0, 1, 0));
}

/** Framed abstract artwork hung parallel to the picture plane. */
function artwork(c: Canvas, r: Rand, x: number, y: number, w: number, h: number): void {
  const art = r.pick(ART);
  c.rect(x + 8, y + 10, w, h, "#000000", { opacity: 0.15 });
  c.rect(x, y, w, h, r.pick(["#2b2b2b", "#c9a56b", "#f4f1ea", "#6d4c33"]));
  const m = Math.min(w, h) * 0.08;
  c.rect(x + m, y + m, w - 2 * m, h - 2 * m, "#f7f4ee");
  const ix = x + m * 2;
  const iy = y + m * 2;
  const iw = w - 4 * m;
  const ih = h - 4 * m;
  c.rect(ix, iy, iw, ih, art[0]);
  if (r.chance(0.5)) {
    c.rect(ix, iy + ih * 0.55, iw, ih * 0.45, art[1]);
    c.ellipse(ix + iw * r.float(0.3, 0.7), iy + ih * 0.4, iw * 0.16, iw * 0.16, art[2]);
  } else {
    let top = iy;
    for (const color of art.slice(1)) {
      const bh = ih * r.float(0.2, 0.35);
      c.rect(ix + iw * 0.1, top + ih * 0.08, iw * 0.8, bh, color, { opacity: 0.9 });
      top += bh + ih * 0.06;
    }
  }
}

function plant(c: Canvas, r: Rand, x: number, base: number, s: number): void {
  c.shadow(x, base, 60 * s, 14 * s, 0.4);
  const pot = r.pick(["#e8e2d8", "#c0714f", "#3a3a3a", "#b9a78e"]);
  c.poly([[x - 42 * s, base - 90 * s], [x + 42 * s, base - 90 * s], [x + 32 * s, base], [x - 32 * s, base]], c.linear([[0, lighten(pot, 0.1)], [1, darken(pot, 0.2)]], 0, 0, 1, 0));
  const n = r.int(9, 14);
  for (let i = 0; i < n; i++) {
    const angle = -160 + (140 * i) / (n - 1) + r.float(-8, 8);
    const len = r.float(70, 130) * s;
    const cx = x + Math.cos((angle * Math.PI) / 180) * len * 0.5;
    const cy = base - 90 * s + Math.sin((angle * Math.PI) / 180) * len * 0.5;
    c.ellipse(cx, cy, len * 0.5, 13 * s, r.pick(GREENS), { transform: `rotate(${fmt(angle)} ${fmt(cx)} ${fmt(cy)})` });
  }
}

/** Table or bedside lamp with a glow; (x, base) is where it stands. */
function lamp(c: Canvas, x: number, base: number, s: number, shade: string): void {
  c.ellipse(x, base - 150 * s, 190 * s, 170 * s, c.radial([[0, "#ffe2a8", 0.45], [1, "#ffe2a8", 0]]));
  c.rect(x - 18 * s, base - 50 * s, 36 * s, 50 * s, "#d8cfc0", { rx: 8 * s });
  c.rect(x - 3 * s, base - 100 * s, 6 * s, 55 * s, "#8a7a66");
  c.poly([[x - 34 * s, base - 170 * s], [x + 34 * s, base - 170 * s], [x + 52 * s, base - 100 * s], [x - 52 * s, base - 100 * s]], c.linear([[0, lighten(shade, 0.2)], [1, shade]]));
}

/** A pendant hanging from the ceiling at `top`, its shade centred at (x, y). */
function pendant(c: Canvas, x: number, top: number, y: number, s: number, color: string): void {
  c.ellipse(x, y + 60 * s, 210 * s, 170 * s, c.radial([[0, "#ffe7b5", 0.4], [1, "#ffe7b5", 0]]));
  c.line([x, top], [x, y - 30 * s], "#2a2a2a", 2);
  c.path(d`M${x - 50 * s} ${y + 20 * s}Q${x - 48 * s} ${y - 34 * s} ${x} ${y - 34 * s}Q${x + 48 * s} ${y - 34 * s} ${x + 50 * s} ${y + 20 * s}Z`, c.linear([[0, lighten(color, 0.15)], [1, darken(color, 0.15)]]));
  c.ellipse(x, y + 20 * s, 44 * s, 9 * s, "#fff4d6");
}

// ---------------------------------------------------------------- outdoor pieces

interface Sky {
  top: string;
  bottom: string;
  sun: string;
  cloud: string;
}

const SKIES: readonly Sky[] = [
  { top: "#3d7fd0", bottom: "#cfe5f5", sun: "#fffbe8", cloud: "#ffffff" }, // clear noon
  { top: "#5b7fb5", bottom: "#f6c890", sun: "#fff1c9", cloud: "#fde8d4" }, // golden hour
  { top: "#6aaee6", bottom: "#eef4f3", sun: "#ffffff", cloud: "#ffffff" }, // hazy bright day
  { top: "#34416f", bottom: "#f2a070", sun: "#ffdcaa", cloud: "#f2b8a0" }, // sunset
  { top: "#7fa7d6", bottom: "#f2dcd6", sun: "#fff4ea", cloud: "#fbeff0" }, // pastel morning
];

const GREENS = ["#3f7f3c", "#2f6b35", "#4d8c45", "#5c9a4c", "#2a5a30", "#6a9e52"] as const;

const ART: readonly (readonly string[])[] = [
  ["#e9dccb", "#c2703d", "#2f4858", "#d9a441"],
  ["#dfe7ea", "#5f8fa3", "#1f3b4d", "#e0b089"],
  ["#f1e3d3", "#8e9f7f", "#b95f3e", "#3b3b3b"],
  ["#22313f", "#d9c3a0", "#b8553f", "#e8e2d4"],
];

function sky(c: Canvas, r: Rand, s: Sky, horizon: number): void {
  c.rect(0, 0, W, horizon + 4, c.linear([[0, s.top], [1, s.bottom]]));
  const sx = W * r.float(0.1, 0.9);
  const sy = horizon * r.float(0.2, 0.6);
  c.ellipse(sx, sy, 320, 320, c.radial([[0, s.sun, 0.9], [0.15, s.sun, 0.5], [1, s.sun, 0]]));
  c.ellipse(sx, sy, 34, 34, s.sun);
  for (let i = r.int(1, 4); i > 0; i--) cloud(c, r, W * r.float(-0.05, 1.05), horizon * r.float(0.1, 0.65), r.float(0.5, 1.3), s);
}

function cloud(c: Canvas, r: Rand, x: number, y: number, s: number, sk: Sky): void {
  const fill = c.linear([[0.3, sk.cloud], [1, mix(sk.cloud, sk.top, 0.3)]]);
  c.ellipse(x, y + 10 * s, 190 * s, 34 * s, fill);
  for (let i = 0; i < 5; i++) {
    c.ellipse(x + r.float(-120, 120) * s, y - r.float(0, 30) * s, r.float(50, 90) * s, r.float(34, 52) * s, fill);
  }
}

/** A smooth ridge line (hills, dunes, treeline) filled down to the bottom of the frame. */
function ridge(c: Canvas, r: Rand, base: number, amp: number, fill: string, step = 120): void {
  const pts: Pt[] = [];
  for (let x = -step; x <= W + step; x += step) pts.push([x, base - r.float(0, amp)]);
  let data = d`M${-step} ${H}L${pts[0]![0]} ${pts[0]![1]}`;
  for (let i = 1; i < pts.length; i++) {
    const m = lerp(pts[i - 1]!, pts[i]!, 0.5);
    data += d`Q${pts[i - 1]![0]} ${pts[i - 1]![1]} ${m[0]} ${m[1]}`;
  }
  c.path(`${data}${d`L${W + step} ${H}Z`}`, fill);
}

function palm(c: Canvas, r: Rand, x: number, base: number, h: number): void {
  const lean = r.float(-0.18, 0.18);
  const top: Pt = [x + lean * h, base - h];
  const w = h * 0.035;
  c.shadow(x, base, h * 0.22, h * 0.035, 0.35);
  c.path(
    d`M${x - w} ${base}Q${x + lean * h * 0.2 - w * 0.7} ${base - h * 0.55} ${top[0] - w * 0.45} ${top[1]}L${top[0] + w * 0.45} ${top[1]}Q${x + lean * h * 0.2 + w * 0.7} ${base - h * 0.55} ${x + w} ${base}Z`,
    c.linear([[0, "#9a7a56"], [1, "#5e4630"]], 0, 0, 1, 0),
  );
  const n = r.int(8, 11);
  for (let i = 0; i < n; i++) {
    const a = Math.PI + (Math.PI * i) / (n - 1) + r.float(-0.15, 0.15);
    const len = h * r.float(0.32, 0.46);
    const end: Pt = [top[0] + Math.cos(a) * len, top[1] + Math.sin(a) * len * 0.35 + len * 0.5];
    const ctl: Pt = [top[0] + Math.cos(a) * len * 0.6, top[1] + Math.sin(a) * len * 0.7 - len * 0.12];
    c.path(d`M${top[0]} ${top[1]}Q${ctl[0]} ${ctl[1]} ${end[0]} ${end[1]}Q${ctl[0]} ${ctl[1] + len * 0.2} ${top[0]} ${top[1] + w}Z`, i % 2 ? GREENS[1] : GREENS[0]);
  }
  c.ellipse(top[0], top[1] + w, w * 1.3, w * 1.1, "#5a4a2a");
}

function bush(c: Canvas, r: Rand, x: number, base: number, s: number): void {
  c.shadow(x, base, 70 * s, 12 * s, 0.35);
  for (let i = 0; i < 4; i++) {
    const g = r.pick(GREENS);
    c.ellipse(x + r.float(-40, 40) * s, base - r.float(25, 45) * s, r.float(35, 55) * s, r.float(28, 40) * s, c.linear([[0, lighten(g, 0.15)], [1, darken(g, 0.25)]]));
  }
}

/** Glass with the sky reflected: light at the top, deep below, a diagonal sheen. */
function glass(c: Canvas, a: Pt, b: Pt, s: Sky, tint = "#2f4350"): void {
  c.span(a, b, c.linear([[0, mix(s.top, "#ffffff", 0.35)], [0.45, mix(s.bottom, tint, 0.45)], [1, tint]]));
  const w = b[0] - a[0];
  const h = b[1] - a[1];
  c.poly([[a[0] + w * 0.15, a[1]], [a[0] + w * 0.45, a[1]], [a[0] + w * 0.1, b[1]], [a[0], b[1]], [a[0], a[1] + h * 0.6]], "#ffffff", { opacity: 0.1 });
}

// ---------------------------------------------------------------- scenes

type Scene = (c: Canvas, r: Rand, variant: number) => void;

const GROUNDS = [
  { ground: "#7fa35a", far: "#9fb77a" }, // lawn
  { ground: "#d8c29a", far: "#e4d3b2" }, // desert
  { ground: "#93a866", far: "#b5bd8b" }, // dry grass
] as const;

function exterior(c: Canvas, r: Rand, variant: number): void {
  const s = cycle(SKIES, variant);
  const horizon = H * r.float(0.56, 0.64);
  sky(c, r, s, horizon);
  const style = variant % 3;
  const g = cycle(GROUNDS, variant, 1);
  if (style === 1) skyline(c, r, horizon, mix(s.bottom, "#7d8c9c", 0.45));
  else ridge(c, r, horizon, 50, mix(s.bottom, "#6f8a6a", 0.5));
  c.rect(0, horizon, W, H - horizon, c.linear([[0, g.far], [1, darken(g.ground, 0.15)]]));
  const vp: Pt = [W * r.float(0.35, 0.65), horizon];
  const base = horizon + H * r.float(0.12, 0.18);
  if (style === 0) modernVilla(c, r, vp, base, s);
  else if (style === 1) towers(c, r, vp, base, s);
  else mediterraneanVilla(c, r, vp, base, s);

  if (style === 1) {
    // A street in front of the towers.
    c.rect(0, base + 10, W, H - base, c.linear([[0, "#6b6e73"], [1, "#3e4044"]]));
    c.rect(0, base, W, 14, "#c9c6bf");
    const laneY = base + (H - base) * 0.55;
    for (let x = r.float(-100, 0); x < W; x += 240) c.rect(x, laneY, 130, 8, "#f1efe6", { opacity: 0.85 });
  } else {
    c.poly([[vp[0] - 120, base], [vp[0] + 60, base], [vp[0] + 420, H], [vp[0] - 420, H]], c.linear([[0, "#cfc6b6"], [1, "#a9a08f"]]));
    for (let i = r.int(3, 6); i > 0; i--) bush(c, r, W * r.float(0, 1), base + r.float(10, 40), r.float(0.8, 1.3));
  }
  const palms = r.int(style === 1 ? 2 : 1, 4);
  for (let i = 0; i < palms; i++) {
    const left = i % 2 === 0;
    palm(c, r, left ? W * r.float(0.02, 0.25) : W * r.float(0.75, 0.98), base + r.float(20, 120), H * r.float(0.4, 0.7));
  }
}

/** Front face plus the side face that recedes toward the vanishing point. */
function facade(c: Canvas, vp: Pt, x: number, top: number, w: number, base: number, t: number, color: string): void {
  const side = x + w < vp[0] ? x + w : x > vp[0] ? x : undefined;
  if (side !== undefined) {
    const a: Pt = [side, top];
    const b: Pt = [side, base];
    c.poly([a, lerp(a, vp, t), lerp(b, vp, t), b], c.linear([[0, darken(color, 0.2)], [1, darken(color, 0.32)]]));
  }
  c.rect(x, top, w, base - top, c.linear([[0, lighten(color, 0.06)], [1, darken(color, 0.08)]]));
}

function modernVilla(c: Canvas, r: Rand, vp: Pt, base: number, s: Sky): void {
  const wall = r.pick(["#f4f1ea", "#ebe3d3", "#f7f5f0", "#e2d6c2", "#d8d4cc"]);
  const wood = r.pick(["#8a6243", "#a3774f", "#5b4a3d", "#6d767c"]);
  const slab = r.pick(["#f7f7f4", "#3b3d40", "#d9d4ca"]);
  const bw = r.float(760, 980);
  const x = r.float(140, W - bw - 140);
  const h1 = r.float(180, 230);
  const h2 = r.float(150, 190);
  const w2 = bw * r.float(0.5, 0.72);
  const x2 = r.chance(0.5) ? x + r.float(0, 40) : x + bw - w2 - r.float(0, 40);
  const t = r.float(0.08, 0.14);
  c.shadow(x + bw / 2, base, bw * 0.62, 36, 0.45);
  facade(c, vp, x, base - h1, bw, base, t, wall);
  facade(c, vp, x2, base - h1 - h2, w2, base - h1, t, wall);
  // Ribbon windows upstairs, floor-to-ceiling glass below, a timber-clad bay and a door.
  glass(c, [x2 + w2 * 0.08, base - h1 - h2 + 40], [x2 + w2 * 0.92, base - h1 - 30], s);
  const gx = x + bw * r.float(0.3, 0.42);
  glass(c, [gx, base - h1 + 34], [x + bw * 0.95, base], s);
  const panes = r.int(3, 6);
  for (let i = 1; i < panes; i++) {
    const px = gx + ((x + bw * 0.95 - gx) * i) / panes;
    c.line([px, base - h1 + 34], [px, base], "#2b2b2b", 4);
  }
  c.rect(x + bw * 0.04, base - h1 + 34, bw * 0.18, h1 - 34, c.linear([[0, lighten(wood, 0.1)], [1, darken(wood, 0.15)]], 0, 0, 1, 0));
  for (let sx = x + bw * 0.04; sx < x + bw * 0.22; sx += 14) c.line([sx, base - h1 + 34], [sx, base], darken(wood, 0.35), 2, { opacity: 0.5 });
  c.rect(x + bw * 0.24, base - 150, 64, 150, darken(wood, 0.25));
  for (const [sx, sw, top] of [[x, bw, base - h1], [x2, w2, base - h1 - h2]] as const) {
    c.rect(sx - 24, top - 16, sw + 48, 18, slab);
    c.rect(sx, top + 2, sw, 20, "#000000", { opacity: 0.12 });
  }
  // Glass balustrade on the open part of the roof terrace.
  const terrace: Span = x2 > x + 100 ? [x, x2] : [x2 + w2, x + bw];
  c.rect(terrace[0], base - h1 - 62, terrace[1] - terrace[0], 46, "#dff1ff", { opacity: 0.35, stroke: "#ffffff", "stroke-width": 2 });
}

function mediterraneanVilla(c: Canvas, r: Rand, vp: Pt, base: number, s: Sky): void {
  const wall = r.pick(["#f3e9d8", "#f6f1e7", "#ecd9b8", "#e9cfa9"]);
  const roof = r.pick(["#b85a3a", "#a94f33", "#c46b43"]);
  const shutter = r.pick(["#3f6e8c", "#5d7b55", "#8a5a3b", "#2f5f73"]);
  const bw = r.float(620, 820);
  const x = r.float(240, W - bw - 240);
  const h = r.float(260, 320);
  const wingRight = r.chance(0.5);
  const ww = r.float(240, 320);
  const wx = wingRight ? x + bw - 20 : x - ww + 20;
  const wh = h * 0.62;
  c.shadow(x + bw / 2, base, bw * 0.75, 40, 0.45);
  const t = r.float(0.08, 0.12);
  facade(c, vp, wx, base - wh, ww, base, t, darken(wall, 0.04));
  hipRoof(c, wx, base - wh, ww, 70, roof);
  facade(c, vp, x, base - h, bw, base, t, wall);
  hipRoof(c, x, base - h, bw, 105, roof);
  const cols = r.int(3, 5);
  for (let i = 0; i < cols; i++) {
    const cx = x + (bw * (i + 0.5)) / cols;
    for (const [top, wh2] of [[base - h + 45, 95], [base - h * 0.45, 120]] as const) {
      const w = 62;
      if (r.chance(0.5)) {
        c.rect(cx - w / 2 - 34, top, 30, wh2, shutter);
        c.rect(cx + w / 2 + 4, top, 30, wh2, shutter);
      }
      c.path(d`M${cx - w / 2} ${top + wh2}V${top + w / 2}A${w / 2} ${w / 2} 0 0 1 ${cx + w / 2} ${top + w / 2}V${top + wh2}Z`, c.linear([[0, mix(s.top, "#ffffff", 0.3)], [1, "#2c3a40"]]), { stroke: "#fbf8f2", "stroke-width": 6 });
    }
  }
  // Bougainvillea climbing one corner.
  const bx = r.chance(0.5) ? x + 20 : x + bw - 20;
  const bloom = r.pick(["#d6336c", "#c2255c", "#e64980"]);
  for (let i = 0; i < 40; i++) {
    c.ellipse(bx + r.float(-60, 60), base - r.float(0, h * 0.7), r.float(10, 22), r.float(8, 18), i % 3 ? bloom : GREENS[2]);
  }
  for (let i = r.int(1, 3); i > 0; i--) {
    const cx = r.chance(0.5) ? r.float(60, x - 40) : r.float(x + bw + 40, W - 60);
    c.ellipse(cx, base - 150, 34, 170, c.linear([[0, GREENS[5]], [1, GREENS[4]]], 0, 0, 1, 0));
  }
}

function hipRoof(c: Canvas, x: number, top: number, w: number, h: number, color: string): void {
  c.poly([[x - 26, top + 4], [x + w + 26, top + 4], [x + w - h * 0.9, top - h], [x + h * 0.9, top - h]], c.linear([[0, lighten(color, 0.08)], [1, darken(color, 0.12)]]));
  for (let i = 1; i < 5; i++) c.line([x - 26 + h * 0.18 * i, top + 4 - (h * i) / 5], [x + w + 26 - h * 0.18 * i, top + 4 - (h * i) / 5], darken(color, 0.25), 2, { opacity: 0.5 });
  c.rect(x, top + 4, w, 14, "#000000", { opacity: 0.15 });
}

function skyline(c: Canvas, r: Rand, horizon: number, haze: string): void {
  for (let x = -20; x < W; x += r.float(60, 140)) {
    const h = r.float(40, 220);
    c.rect(x, horizon - h, r.float(50, 110), h + 4, haze, { opacity: r.float(0.5, 0.85) });
  }
}

function towers(c: Canvas, r: Rand, vp: Pt, base: number, s: Sky): void {
  const tints = ["#4d7690", "#8a7259", "#8fa3b3", "#3f6f6b", "#5c6470"] as const;
  const n = r.int(1, 3);
  const slots = Array.from({ length: n }, (_, i) => (W * (i + 0.5)) / n + r.float(-80, 80));
  // Draw the shortest last so the tallest stands behind.
  const heights = slots.map(() => r.float(0.55, 0.9) * base).sort((a, b) => b - a);
  slots.forEach((cx, i) => {
    const w = r.float(240, 360) / Math.sqrt(n);
    const top = base - (heights[i] as number);
    const tint = r.pick(tints);
    const x = cx - w / 2;
    facade(c, vp, x, top, w, base, r.float(0.05, 0.09), tint);
    glass(c, [x, top], [x + w, base], s, darken(tint, 0.35));
    const floor = r.float(24, 34);
    for (let y = top + floor; y < base; y += floor) c.line([x, y], [x + w, y], lighten(tint, 0.35), 3, { opacity: 0.55 });
    const cols = r.int(5, 9);
    for (let j = 1; j < cols; j++) c.line([x + (w * j) / cols, top], [x + (w * j) / cols, base], darken(tint, 0.4), 2, { opacity: 0.6 });
    c.rect(x - 6, top - 18, w + 12, 20, lighten(tint, 0.2));
    c.rect(x - 30, base - 70, w + 60, 70, c.linear([[0, "#d7d2c8"], [1, "#a8a398"]]));
    glass(c, [x - 10, base - 56], [x + w + 10, base], s);
  });
}

const LIVING = [
  { wall: "#ece6dc", floor: "#b98a5e", sofa: "#8c9a8a", rug: "#d8cbb5" },
  { wall: "#f2f2ef", floor: "#d4b48c", sofa: "#3f4d63", rug: "#e6e1d8" },
  { wall: "#e4dccf", floor: "#8b6446", sofa: "#d9cdb8", rug: "#9a6a4f" },
  { wall: "#dfe4e2", floor: "#c8c2b8", sofa: "#b9674a", rug: "#f0ece4" },
  { wall: "#efe9e1", floor: "#a87c57", sofa: "#6b6f75", rug: "#c9b79c" },
  { wall: "#e8e0d6", floor: "#caa47a", sofa: "#4f6b58", rug: "#ede6da" },
] as const;

function interior(c: Canvas, r: Rand, variant: number): void {
  const p = cycle(LIVING, variant);
  const v = makeView(r);
  roomShell(c, v, { wall: p.wall, floor: p.floor, ceiling: "#f6f3ee" }, r.int(10, 18));
  const windowLeft = r.chance(0.5);
  const wx: Span = windowLeft ? [0.06, r.float(0.3, 0.42)] : [r.float(0.58, 0.7), 0.94];
  backWindow(c, r, v, wx, [0.22, 0.86], r.pick(["#ffffff", "#2b2b2b", "#6d4c33"]));
  curtain(c, v.p(wx[0] - 0.07, 0.92, 0), v.p(wx[0] - 0.01, 0.03, 0), lighten(p.rug, 0.2));
  curtain(c, v.p(wx[1] + 0.01, 0.92, 0), v.p(wx[1] + 0.07, 0.03, 0), lighten(p.rug, 0.2));

  // Sofa against the wall opposite the window, art above it.
  const sw = r.float(0.4, 0.5);
  const sx0 = windowLeft ? r.float(0.46, 0.94 - sw) : r.float(0.06, 0.54 - sw);
  const sofa: Span = [sx0, sx0 + sw];
  const [ax, ay] = v.p(sofa[0] + sw * 0.2, 0.75, 0);
  const [bx, by] = v.p(sofa[1] - sw * 0.2, 0.45, 0);
  artwork(c, r, ax, ay, bx - ax, by - ay);
  floorShadow(c, v, sofa, [0, 0.26]);
  box(c, v, [sofa[0] + 0.04, sofa[1] - 0.04], [0.1, 0.3], [0.01, 0.08], p.sofa, 10);
  box(c, v, sofa, [0.02, 0.14], [0.02, 0.25], darken(p.sofa, 0.05));
  const cushions = r.int(2, 3);
  for (let i = 0; i < cushions; i++) {
    const cw = (sw - 0.08) / cushions;
    box(c, v, [sofa[0] + 0.04 + cw * i + 0.004, sofa[0] + 0.04 + cw * (i + 1) - 0.004], [0.14, 0.18], [0.08, 0.25], p.sofa, 6);
  }
  box(c, v, [sofa[0], sofa[0] + 0.04], [0.02, 0.22], [0.02, 0.25], darken(p.sofa, 0.08), 8);
  box(c, v, [sofa[1] - 0.04, sofa[1]], [0.02, 0.22], [0.02, 0.25], darken(p.sofa, 0.08), 8);
  for (let i = r.int(2, 3); i > 0; i--) {
    const px = r.float(sofa[0] + 0.06, sofa[1] - 0.1);
    box(c, v, [px, px + 0.06], [0.18, 0.26], [0.1, 0.12], r.pick(ART)[r.int(1, 3)] as string, 8);
  }

  // Rug and coffee table in front.
  const rug: Span = [sofa[0] - 0.04, sofa[1] + 0.04];
  c.poly(v.floorQuad(rug, [0.3, 0.75]), p.rug);
  c.poly(v.floorQuad([rug[0] + 0.02, rug[1] - 0.02], [0.33, 0.72]), "none", { stroke: darken(p.rug, 0.2), "stroke-width": 4 });
  const tw = r.float(0.14, 0.22);
  const tx = (sofa[0] + sofa[1]) / 2 - tw / 2;
  floorShadow(c, v, [tx, tx + tw], [0.42, 0.56], 1.2, 0.35);
  const wood = r.pick(["#6d4c33", "#a07a55", "#2f2f2f", "#e7e2d9"]);
  box(c, v, [tx + 0.01, tx + 0.02], [0, 0.07], [0.5, 0.53], darken(wood, 0.2));
  box(c, v, [tx + tw - 0.02, tx + tw - 0.01], [0, 0.07], [0.5, 0.53], darken(wood, 0.2));
  box(c, v, [tx, tx + tw], [0.07, 0.09], [0.42, 0.56], wood);
  const plantX = windowLeft ? 0.08 : 0.92;
  const [px, py] = v.p(plantX, 0, 0.35);
  plant(c, r, px, py, v.scale(0.35) * 1.8);
  if (r.chance(0.7)) {
    const lx = windowLeft ? sofa[1] + 0.05 : sofa[0] - 0.05;
    const [lpx, lpy] = v.p(lx, 0, 0.15);
    const s = v.scale(0.15) * 2;
    c.rect(lpx - 3 * s, lpy - 260 * s, 6 * s, 260 * s, "#3a3a3a");
    lamp(c, lpx, lpy - 200 * s, s, "#efe4cf");
  }
}

const KITCHENS = [
  { cabinet: "#f3f1ec", counter: "#e7e4df", wall: "#efece6", floor: "#c6a07a", tile: "#ffffff" },
  { cabinet: "#2f3e55", counter: "#ece9e4", wall: "#f1eee9", floor: "#b58a62", tile: "#e8e4dc" },
  { cabinet: "#8aa38b", counter: "#f2efe9", wall: "#f5f2ec", floor: "#d2b38c", tile: "#f4f1ea" },
  { cabinet: "#2b2b2b", counter: "#cfc9bf", wall: "#e6e2dc", floor: "#9b7453", tile: "#d9d4cc" },
  { cabinet: "#c9b08f", counter: "#3a3a3a", wall: "#eeeae3", floor: "#d9d3c9", tile: "#f6f4ef" },
  { cabinet: "#e9e4da", counter: "#5b5f63", wall: "#dfe3e4", floor: "#a6825e", tile: "#cfd8da" },
] as const;

function kitchen(c: Canvas, r: Rand, variant: number): void {
  const p = cycle(KITCHENS, variant);
  const v = makeView(r);
  roomShell(c, v, { wall: p.wall, floor: p.floor, ceiling: "#f7f5f1" }, r.int(6, 14));
  const handle = r.pick(["#c9a45c", "#2b2b2b", "#b8bcc0"]);
  // Tiled splashback, then the run of base and wall cabinets along the back wall.
  const [sa, sb] = [v.p(0, 0.55, 0), v.p(1, 0.33, 0)];
  c.span(sa, sb, p.tile);
  const tile = (sb[1] - sa[1]) / r.int(5, 8);
  for (let y = sa[1] + tile; y < sb[1]; y += tile) c.line([sa[0], y], [sb[0], y], darken(p.tile, 0.15), 1.5);
  const win = r.chance(0.6);
  const wx = r.float(0.3, 0.45);
  if (win) backWindow(c, r, v, [wx, wx + 0.22], [0.36, 0.8], "#ffffff");
  const doors = r.int(6, 9);
  for (let i = 0; i < doors; i++) {
    const x0 = i / doors;
    const x1 = (i + 1) / doors;
    box(c, v, [x0 + 0.002, x1 - 0.002], [0.02, 0.31], [0, 0.2], p.cabinet);
    const [hx, hy] = v.p((x0 + x1) / 2, 0.27, 0.2);
    c.rect(hx - 18, hy, 36, 5, handle, { rx: 2 });
    if (win && x1 > wx && x0 < wx + 0.22) continue;
    box(c, v, [x0 + 0.002, x1 - 0.002], [0.58, 0.86], [0, 0.12], p.cabinet);
    const [ux, uy] = v.p((x0 + x1) / 2, 0.62, 0.12);
    c.rect(ux - 16, uy, 32, 5, handle, { rx: 2 });
  }
  box(c, v, [0, 1], [0.31, 0.335], [0, 0.215], p.counter);
  // Under-cabinet light on the splashback.
  c.span(v.p(0, 0.56, 0), v.p(1, 0.46, 0), c.linear([[0, "#fff1cc", 0.5], [1, "#fff1cc", 0]]));

  // Island with stools and pendants above.
  const iw = r.float(0.34, 0.5);
  const ix = r.float(0.12, 0.88 - iw);
  const iz: Span = [r.float(0.46, 0.52), r.float(0.62, 0.68)];
  floorShadow(c, v, [ix, ix + iw], iz, 1.15, 0.45);
  box(c, v, [ix + 0.02, ix + iw - 0.02], [0, 0.31], [iz[0] + 0.02, iz[1] - 0.03], r.chance(0.5) ? p.cabinet : darken(p.floor, 0.3));
  box(c, v, [ix, ix + iw], [0.31, 0.34], iz, p.counter);
  const stools = r.int(2, 4);
  const stoolColor = r.pick(["#2b2b2b", "#a07a55", "#e8e2d6", "#6b7c8a"]);
  for (let i = 0; i < stools; i++) {
    const sx = ix + (iw * (i + 0.5)) / stools;
    const [bx, by] = v.p(sx, 0, iz[1] + 0.06);
    const [, ty] = v.p(sx, 0.24, iz[1] + 0.06);
    const s = v.scale(iz[1] + 0.06);
    c.shadow(bx, by, 60 * s, 12 * s, 0.35);
    c.line([bx - 22 * s, by], [bx, ty], darken(stoolColor, 0.3), 5 * s);
    c.line([bx + 22 * s, by], [bx, ty], darken(stoolColor, 0.3), 5 * s);
    c.ellipse(bx, ty, 40 * s, 12 * s, stoolColor);
  }
  const pendants = r.int(2, 3);
  const shade = r.pick(["#2b2b2b", "#c9a45c", "#f2efe9", "#3d5a4f"]);
  for (let i = 0; i < pendants; i++) {
    const px = ix + (iw * (i + 0.5)) / pendants;
    const z = (iz[0] + iz[1]) / 2;
    const [x, top] = v.p(px, 1, z);
    const [, y] = v.p(px, 0.68, z);
    pendant(c, x, top, y, v.scale(z) * 1.3, shade);
  }
}

const BEDROOMS = [
  { wall: "#e9e2d8", floor: "#b89171", bed: "#f6f4ef", throw: "#8a9a84", head: "#cbbba4" },
  { wall: "#dde3e6", floor: "#d1b28e", bed: "#ffffff", throw: "#2f4858", head: "#41556b" },
  { wall: "#efe6dc", floor: "#8b6446", bed: "#f2ebe1", throw: "#c2703d", head: "#e6d8c3" },
  { wall: "#e6e0e8", floor: "#c8b9a6", bed: "#fbfaf7", throw: "#b6849a", head: "#8f7f92" },
  { wall: "#e3e6dc", floor: "#a57f5d", bed: "#f4f3ee", throw: "#d9a441", head: "#6f7d5c" },
  { wall: "#f1ede6", floor: "#cdb79a", bed: "#eef0f2", throw: "#5f8fa3", head: "#d7cfc3" },
] as const;

function bedroom(c: Canvas, r: Rand, variant: number): void {
  const p = cycle(BEDROOMS, variant);
  const v = makeView(r);
  roomShell(c, v, { wall: p.wall, floor: p.floor, ceiling: "#f6f3ee" }, r.int(8, 16));
  const bw = r.float(0.36, 0.44);
  const bx = r.float(0.3, 0.7 - bw);
  const bed: Span = [bx, bx + bw];
  const windowLeft = bx > 0.3;
  if (windowLeft) {
    backWindow(c, r, v, [0.05, bx - 0.12], [0.25, 0.85], "#ffffff");
    curtain(c, v.p(0.02, 0.95, 0), v.p(0.07, 0.03, 0), lighten(p.throw, 0.45));
  } else {
    backWindow(c, r, v, [bed[1] + 0.12, 0.95], [0.25, 0.85], "#ffffff");
    curtain(c, v.p(0.93, 0.95, 0), v.p(0.98, 0.03, 0), lighten(p.throw, 0.45));
  }
  const [ax, ay] = v.p(bx + bw * 0.25, 0.8, 0);
  const [cx, cy] = v.p(bed[1] - bw * 0.25, 0.56, 0);
  artwork(c, r, ax, ay, cx - ax, cy - ay);

  // Nightstands with lamps either side.
  for (const nx of [bed[0] - 0.1, bed[1] + 0.02]) {
    floorShadow(c, v, [nx, nx + 0.08], [0.01, 0.12], 1.2, 0.3);
    box(c, v, [nx, nx + 0.08], [0, 0.17], [0.01, 0.12], r.pick(["#6d4c33", "#e7e2d9", "#a07a55"]));
    const [lx, ly] = v.p(nx + 0.04, 0.17, 0.06);
    lamp(c, lx, ly, v.scale(0.06) * 1.3, lighten(p.throw, 0.6));
  }
  rugUnder(c, v, [bed[0] - 0.06, bed[1] + 0.06], [0.3, 0.85], lighten(p.floor, 0.35));
  floorShadow(c, v, bed, [0.02, 0.62], 1.1, 0.45);
  box(c, v, [bed[0] - 0.01, bed[1] + 0.01], [0, 0.46], [0, 0.03], p.head, 14);
  box(c, v, bed, [0, 0.1], [0.03, 0.6], darken(p.head, 0.1));
  box(c, v, [bed[0] - 0.005, bed[1] + 0.005], [0.1, 0.2], [0.03, 0.61], p.bed, 10);
  const pillows = r.int(2, 4);
  for (let i = 0; i < pillows; i++) {
    const pw = bw / pillows;
    box(c, v, [bed[0] + pw * i + 0.01, bed[0] + pw * (i + 1) - 0.01], [0.2, 0.29], [0.05, 0.08], i % 2 && pillows > 2 ? lighten(p.throw, 0.5) : "#ffffff", 12);
  }
  // Throw across the foot of the bed: a band on the top face and down the front.
  c.poly(v.floorQuad([bed[0] - 0.006, bed[1] + 0.006], [0.44, 0.56], 0.201), lighten(p.throw, 0.1));
  c.span(v.p(bed[0] - 0.006, 0.201, 0.611), v.p(bed[1] + 0.006, 0.12, 0.611), p.throw);
}

function rugUnder(c: Canvas, v: View, x: Span, z: Span, color: string): void {
  c.poly(v.floorQuad(x, z), color);
  c.poly(v.floorQuad([x[0] + 0.015, x[1] - 0.015], [z[0] + 0.02, z[1] - 0.02]), "none", { stroke: darken(color, 0.15), "stroke-width": 3 });
}

const BATHROOMS = [
  { tile: "#f2f0ec", floor: "#8e8a84", accent: "#c9a45c", vanity: "#a07a55" },
  { tile: "#dfe8ea", floor: "#e7e3dc", accent: "#2b2b2b", vanity: "#2f3e55" },
  { tile: "#e9e2d6", floor: "#6f6a64", accent: "#b8bcc0", vanity: "#f3f1ec" },
  { tile: "#cfd9cf", floor: "#ece8e1", accent: "#c9a45c", vanity: "#6d4c33" },
  { tile: "#f5f3ef", floor: "#3c3f44", accent: "#2b2b2b", vanity: "#c9b08f" },
  { tile: "#e4dcd3", floor: "#bfb6aa", accent: "#b8bcc0", vanity: "#4f6b58" },
] as const;

function bathroom(c: Canvas, r: Rand, variant: number): void {
  const p = cycle(BATHROOMS, variant);
  const v = makeView(r);
  roomShell(c, v, { wall: p.tile, floor: p.floor, ceiling: "#f7f6f3" }, r.int(5, 8));
  // Grout: horizontal courses on all three walls, vertical joints on the back wall, cross joints on the floor.
  const rows = r.int(7, 11);
  const grout = darken(p.tile, 0.14);
  for (let i = 1; i < rows; i++) {
    const y = i / rows;
    c.line(v.p(0, y, 0), v.p(1, y, 0), grout, 1.5);
    c.line(v.p(0, y, 0), v.p(0, y, 1), grout, 1.5);
    c.line(v.p(1, y, 0), v.p(1, y, 1), grout, 1.5);
  }
  for (let i = 1; i < 12; i++) c.line(v.p(i / 12, 0, 0), v.p(i / 12, 1, 0), grout, 1.5);
  for (let z = 0.12; z < 1; z += 0.12 + z * 0.1) c.line(v.p(0, 0, z), v.p(1, 0, z), darken(p.floor, 0.2), 1.5, { opacity: 0.6 });

  const vanityLeft = r.chance(0.5);
  const vx: Span = vanityLeft ? [0.06, 0.06 + r.float(0.3, 0.4)] : [0.94 - r.float(0.3, 0.4), 0.94];
  // Mirror with a light bar, then the vanity and basin.
  const [ma, mb] = [v.p(vx[0] + 0.04, 0.82, 0), v.p(vx[1] - 0.04, 0.46, 0)];
  c.rect(ma[0] - 10, ma[1] - 26, mb[0] - ma[0] + 20, 10, "#fff8e6");
  c.ellipse((ma[0] + mb[0]) / 2, ma[1], mb[0] - ma[0], 140, c.radial([[0, "#fff3d6", 0.5], [1, "#fff3d6", 0]]));
  c.span(ma, mb, c.linear([[0, "#e9eef0"], [0.5, "#b7c3c8"], [1, "#d6dde0"]], 0, 0, 1, 1), { rx: r.chance(0.5) ? 24 : 0, stroke: p.accent, "stroke-width": 6 });
  c.poly([[ma[0] + 30, ma[1]], [ma[0] + 90, ma[1]], [ma[0] + 10, mb[1]], [ma[0], mb[1]], [ma[0], ma[1] + 60]], "#ffffff", { opacity: 0.25 });
  floorShadow(c, v, vx, [0, 0.18], 1.1, 0.3);
  box(c, v, vx, [0.08, 0.3], [0, 0.16], p.vanity);
  box(c, v, [vx[0] - 0.005, vx[1] + 0.005], [0.3, 0.32], [0, 0.165], "#f4f2ee");
  const [bcx, bcy] = v.p((vx[0] + vx[1]) / 2, 0.32, 0.09);
  const s = v.scale(0.09);
  c.ellipse(bcx, bcy - 14 * s, 110 * s, 26 * s, "#ffffff", { stroke: "#d9d6d0", "stroke-width": 2 });
  c.ellipse(bcx, bcy - 12 * s, 88 * s, 17 * s, c.linear([[0, "#cfd4d6"], [1, "#f7f7f5"]]));
  c.path(d`M${bcx} ${bcy - 30 * s}V${bcy - 95 * s}H${bcx + 40 * s}`, "none", { stroke: p.accent, "stroke-width": 8 * s, "stroke-linecap": "round" });

  // The other side: a freestanding tub or a glass shower.
  const other: Span = vanityLeft ? [0.55, 0.95] : [0.05, 0.45];
  if (r.chance(0.5)) {
    const z = r.float(0.3, 0.4);
    const [tx0, ty] = v.p(other[0] + 0.03, 0.2, z);
    const [tx1] = v.p(other[1] - 0.03, 0.2, z);
    const [, fy] = v.p(other[0], 0, z + 0.05);
    const ts = v.scale(z);
    c.shadow((tx0 + tx1) / 2, fy, (tx1 - tx0) * 0.6, 30 * ts, 0.4);
    c.path(d`M${tx0} ${ty}C${tx0} ${fy + 10 * ts} ${tx1} ${fy + 10 * ts} ${tx1} ${ty}Z`, c.linear([[0, "#ffffff"], [1, "#d6d3ce"]], 0, 0, 1, 0));
    c.ellipse((tx0 + tx1) / 2, ty, (tx1 - tx0) / 2, 34 * ts, "#fbfbfa", { stroke: "#dedbd6", "stroke-width": 2 });
    c.ellipse((tx0 + tx1) / 2, ty + 4 * ts, (tx1 - tx0) / 2 - 20 * ts, 24 * ts, c.linear([[0, "#bfe3ea"], [1, "#8cc7d3"]]));
    const [fx, fy2] = v.p(other[1] - 0.02, 0, z);
    c.path(d`M${fx} ${fy2}V${ty - 80 * ts}Q${fx} ${ty - 110 * ts} ${fx - 40 * ts} ${ty - 100 * ts}`, "none", { stroke: p.accent, "stroke-width": 9 * ts, "stroke-linecap": "round" });
  } else {
    const gx = vanityLeft ? other[0] : other[1];
    const [ha, hb] = [v.p((other[0] + other[1]) / 2, 0.78, 0), v.p((other[0] + other[1]) / 2 + 0.06, 0.76, 0)];
    c.line([ha[0], ha[1] - 60], ha, p.accent, 6);
    c.ellipse(ha[0] + (hb[0] - ha[0]) / 2, ha[1], 40, 10, p.accent);
    c.poly([v.p(gx, 0.9, 0), v.p(gx, 0.9, 0.45), v.p(gx, 0, 0.45), v.p(gx, 0, 0)], "#cfe9ef", { opacity: 0.22, stroke: p.accent, "stroke-width": 5 });
    c.poly([v.p(other[0], 0.9, 0.45), v.p(other[1], 0.9, 0.45), v.p(other[1], 0, 0.45), v.p(other[0], 0, 0.45)], "#d8f0f4", { opacity: 0.18, stroke: p.accent, "stroke-width": 6 });
    const [ga, gb] = [v.p(other[0], 0.9, 0.45), v.p(other[1], 0, 0.45)];
    c.poly([[ga[0] + 60, ga[1]], [ga[0] + 140, ga[1]], [ga[0] + 20, gb[1]], [ga[0], gb[1] - 80]], "#ffffff", { opacity: 0.18 });
  }
  const [tpx, tpy] = v.p(vanityLeft ? 0.96 : 0.04, 0, 0.7);
  plant(c, r, tpx, tpy, v.scale(0.7) * 1.2);
}

function aerial(c: Canvas, r: Rand, variant: number): void {
  const arid = variant % 2 === 1;
  const ground = arid ? "#cdb891" : "#7f9d57";
  c.rect(0, 0, W, H, c.linear([[0, lighten(ground, 0.06)], [1, darken(ground, 0.08)]], 0, 0, 1, 1));
  c.open(`rotate(${fmt(r.float(-16, 16))} ${W / 2} ${H / 2})`);
  const road = r.float(34, 48);
  const bw = r.float(330, 440);
  const bh = r.float(210, 270);
  c.rect(-400, -400, W + 800, H + 800, "#5d6065");
  const roofs = r.pick([
    ["#b8643f", "#a45636", "#c77a52"],
    ["#7b8089", "#e8e6e0", "#4a4f57"],
    ["#e8e6e0", "#cdb79a", "#b8643f"],
  ]);
  const lawn = arid ? ["#d7c6a2", "#c9b58c", "#9fb27a"] : ["#86a65c", "#7a9a52", "#93b068"];
  for (let by = -320; by < H + 320; by += bh + road) {
    for (let bx = -320; bx < W + 320; bx += bw + road) {
      c.rect(bx, by, bw, bh, "#d7d3ca", { rx: 14 });
      const roll = r.next();
      if (roll < 0.1) park(c, r, bx + 8, by + 8, bw - 16, bh - 16, arid);
      else block(c, r, bx + 8, by + 8, bw - 16, bh - 16, roofs, lawn);
    }
  }
  // Lane markings down the middle of every road.
  for (let by = -320 - road / 2; by < H + 320; by += bh + road) c.line([-400, by], [W + 400, by], "#f2f0e6", 2.5, { "stroke-dasharray": "22 18", opacity: 0.8 });
  for (let bx = -320 - road / 2; bx < W + 320; bx += bw + road) c.line([bx, -400], [bx, H + 400], "#f2f0e6", 2.5, { "stroke-dasharray": "22 18", opacity: 0.8 });
  c.close();
}

function block(c: Canvas, r: Rand, x: number, y: number, w: number, h: number, roofs: readonly string[], lawn: readonly string[]): void {
  const cols = Math.max(2, Math.round(w / r.float(80, 110)));
  const lw = w / cols;
  const lh = h / 2;
  for (let row = 0; row < 2; row++) {
    for (let col = 0; col < cols; col++) {
      const lx = x + col * lw;
      const ly = y + row * lh;
      c.rect(lx + 2, ly + 2, lw - 4, lh - 4, r.pick(lawn));
      // Houses face the street: top row near the top edge, bottom row near the bottom edge.
      const hw = lw * r.float(0.55, 0.75);
      const hh = lh * r.float(0.38, 0.5);
      const hx = lx + (lw - hw) / 2;
      const hy = row === 0 ? ly + lh * 0.12 : ly + lh * 0.88 - hh;
      c.rect(hx + 9, hy + 9, hw, hh, "#000000", { opacity: 0.28 });
      const roof = r.pick(roofs);
      c.rect(hx, hy, hw, hh, lighten(roof, 0.08));
      c.rect(hx, hy + hh / 2, hw, hh / 2, darken(roof, 0.14));
      const yard = row === 0 ? ly + lh * 0.62 : ly + lh * 0.1;
      if (r.chance(0.45)) {
        c.rect(lx + lw * 0.2, yard, lw * 0.55, lh * 0.25, c.linear([[0, "#8fe0ee"], [1, "#2fa6c8"]], 0, 0, 1, 1), { rx: 5, stroke: "#f4f1ea", "stroke-width": 3 });
      }
      for (let t = r.int(0, 2); t > 0; t--) tree(c, r, lx + r.float(8, lw - 8), yard + r.float(0, lh * 0.3), r.float(10, 18));
    }
  }
}

function park(c: Canvas, r: Rand, x: number, y: number, w: number, h: number, arid: boolean): void {
  c.rect(x, y, w, h, arid ? "#9fb27a" : "#6f9a4a", { rx: 10 });
  if (r.chance(0.5)) c.ellipse(x + w / 2, y + h / 2, w * 0.28, h * 0.25, c.linear([[0, "#6fc3d6"], [1, "#2f8fb0"]]));
  for (let i = 0; i < 18; i++) tree(c, r, x + r.float(10, w - 10), y + r.float(10, h - 10), r.float(12, 22));
}

function tree(c: Canvas, r: Rand, x: number, y: number, s: number): void {
  c.ellipse(x + s * 0.5, y + s * 0.5, s, s, "#000000", { opacity: 0.25 });
  const g = r.pick(GREENS);
  c.ellipse(x, y, s, s, c.radial([[0, lighten(g, 0.2)], [1, darken(g, 0.15)]], 0.35, 0.35, 0.7));
}

function pool(c: Canvas, r: Rand, variant: number): void {
  const s = cycle(SKIES, variant, 2);
  const horizon = H * r.float(0.3, 0.4);
  sky(c, r, s, horizon);
  const v = new View(W * r.float(0.42, 0.58), horizon, r.float(0.16, 0.24));
  const far = v.p(0, 0, 0)[1];
  const sea = variant % 2 === 0;
  if (sea) {
    c.rect(0, horizon, W, far - horizon + 2, c.linear([[0, mix(s.bottom, "#2f6f9a", 0.6)], [1, "#1f6b8a"]]));
  } else {
    ridge(c, r, horizon + 10, 40, mix(s.bottom, "#6f8a6a", 0.5));
    c.rect(0, horizon + 10, W, far - horizon, mix(s.bottom, "#6f8a6a", 0.5));
    for (let i = 0; i < 4; i++) palm(c, r, W * r.float(0, 1), far + 6, (far - horizon) * r.float(2.2, 3.4));
    c.rect(0, far - 60, W, 62, c.linear([[0, GREENS[2]], [1, GREENS[4]]]));
  }
  const deck = r.pick(["#d9cbb2", "#b9936b", "#e4ddd0", "#a77e58"]);
  c.poly([[0, H], v.p(-2, 0, 0), v.p(3, 0, 0), [W, H]], c.linear([[0, darken(deck, 0.1)], [1, lighten(deck, 0.05)]]));
  for (let i = -10; i <= 20; i++) c.line(v.p(i / 10, 0, 0), v.p(i / 10, 0, 1.2), darken(deck, 0.25), 1.5, { opacity: 0.45 });

  const px: Span = [r.float(0.12, 0.3), r.float(0.62, 0.82)];
  const pz: Span = [sea ? 0 : r.float(0.05, 0.2), r.float(0.78, 0.95)];
  c.poly(v.floorQuad([px[0] - 0.03, px[1] + 0.03], [pz[0] - (sea ? 0 : 0.03), pz[1] + 0.03]), "#f1ede4");
  const water = v.floorQuad(px, pz);
  c.poly(water, c.linear([[0, mix("#8fd8e6", s.bottom, 0.3)], [0.4, "#3fb3cc"], [1, "#168aa8"]]));
  c.poly([water[0], water[1], lerp(water[1], water[2], 0.05), lerp(water[0], water[3], 0.05)], "#0d5f78", { opacity: 0.35 });
  // Ripples: short wavy strokes, larger and bolder toward the camera.
  for (let i = 0; i < 70; i++) {
    const z = r.float(pz[0] + 0.03, pz[1]);
    const [x, y] = v.p(r.float(px[0] + 0.02, px[1] - 0.02), 0, z);
    const k = v.scale(z);
    const a = r.float(20, 60) * k;
    c.path(d`M${x - a} ${y}Q${x - a / 2} ${y - 6 * k} ${x} ${y}T${x + a} ${y}`, "none", { stroke: "#ffffff", "stroke-width": 2.5 * k, opacity: r.float(0.2, 0.5) });
  }
  // Loungers and an umbrella along the side of the pool with more room.
  const right = 1 - px[1] > px[0];
  const lx = right ? px[1] + 0.07 : px[0] - 0.19;
  const cushion = r.pick(["#f7f5f0", "#e9dfcf", "#dbe7ea", "#3f5f73"]);
  const count = r.int(2, 4);
  for (let i = 0; i < count; i++) {
    const z0 = pz[0] + 0.1 + i * ((pz[1] - pz[0] - 0.15) / count);
    lounger(c, v, lx, z0, cushion);
  }
  const [ux, uy] = v.p(lx + 0.06, 0, pz[0] + 0.08);
  const us = v.scale(pz[0] + 0.08);
  const canopy = r.pick(["#f2efe8", "#d9c2a0", "#3d5a4f", "#b8553f"]);
  c.line([ux, uy], [ux, uy - 330 * us], "#d8d2c6", 7 * us);
  c.path(d`M${ux - 190 * us} ${uy - 300 * us}Q${ux} ${uy - 420 * us} ${ux + 190 * us} ${uy - 300 * us}Z`, c.linear([[0, lighten(canopy, 0.1)], [1, darken(canopy, 0.15)]]));
  const [bpx, bpy] = v.p(right ? 0.04 : 0.96, 0, 0.9);
  plant(c, r, bpx, bpy, 1.2);
}

function lounger(c: Canvas, v: View, x: number, z: number, cushion: string): void {
  const len = 0.18;
  floorShadow(c, v, [x, x + 0.11], [z, z + len], 1.15, 0.35);
  for (const lz of [z + 0.02, z + len - 0.02]) box(c, v, [x + 0.005, x + 0.105], [0, 0.05], [lz - 0.005, lz + 0.005], "#8a7a66");
  box(c, v, [x, x + 0.11], [0.05, 0.07], [z + 0.05, z + len], cushion);
  c.poly([v.p(x, 0.07, z + 0.05), v.p(x + 0.11, 0.07, z + 0.05), v.p(x + 0.11, 0.22, z), v.p(x, 0.22, z)], darken(cushion, 0.08));
}

const OFFICES = [
  { wall: "#eceff1", floor: "#8b9096", desk: "#f4f2ee", chair: "#2b2b2b" },
  { wall: "#f1ede6", floor: "#b79a7a", desk: "#c9b08f", chair: "#3f5f73" },
  { wall: "#e5e8e4", floor: "#5f656b", desk: "#ffffff", chair: "#b8553f" },
  { wall: "#f3f3f1", floor: "#c7c3bb", desk: "#2f2f2f", chair: "#d9a441" },
] as const;

function office(c: Canvas, r: Rand, variant: number): void {
  const p = cycle(OFFICES, variant);
  const s = cycle(SKIES, variant, 1);
  const v = makeView(r);
  roomShell(c, v, { wall: p.wall, floor: p.floor, ceiling: "#eef0f1" }, 0);
  // Floor-to-ceiling glass onto the city.
  const [ga, gb] = [v.p(0.03, 0.97, 0), v.p(0.97, 0.03, 0)];
  c.span(ga, gb, c.linear([[0, s.top], [1, s.bottom]]));
  const horizon = ga[1] + (gb[1] - ga[1]) * r.float(0.55, 0.75);
  for (let x = ga[0]; x < gb[0]; x += r.float(30, 70)) {
    const h = r.float(0.15, 0.55) * (horizon - ga[1]);
    const bw = r.float(30, 70);
    c.rect(x, horizon - h, Math.min(bw, gb[0] - x), gb[1] - horizon + h, mix(s.bottom, "#5b6b7c", r.float(0.35, 0.7)));
  }
  c.rect(ga[0], horizon, gb[0] - ga[0], gb[1] - horizon, mix(s.bottom, "#4a5866", 0.6));
  const mullions = r.int(4, 7);
  for (let i = 0; i <= mullions; i++) {
    const x = ga[0] + ((gb[0] - ga[0]) * i) / mullions;
    c.line([x, ga[1]], [x, gb[1]], "#3a3d40", 6);
  }
  c.poly([v.p(0.03, 0, 0), v.p(0.97, 0, 0), v.p(1.2, 0, 0.9), v.p(-0.2, 0, 0.9)], c.linear([[0, "#ffffff", 0.25], [1, "#ffffff", 0]]));
  for (let z = 0.15; z < 0.95; z += 0.2) c.poly(v.floorQuad([0.25, 0.75], [z, z + 0.06], 1), "#fbfbf7");

  // Glass partition down one side.
  const gxLeft = r.chance(0.5);
  const gx = gxLeft ? 0.16 : 0.84;
  c.poly([v.p(gx, 1, 0), v.p(gx, 1, 1), v.p(gx, 0, 1), v.p(gx, 0, 0)], "#d7ecf2", { opacity: 0.25 });
  for (let z = 0; z <= 1; z += 0.2) c.line(v.p(gx, 1, z), v.p(gx, 0, z), "#5c6166", 3);
  c.line(v.p(gx, 0.5, 0), v.p(gx, 0.5, 1), "#ffffff", 4, { opacity: 0.5 });

  // Rows of desks with monitors and chairs, drawn far to near.
  const rows = r.int(2, 3);
  const cols = r.int(2, 3);
  const x0 = gxLeft ? 0.24 : 0.06;
  const span = 0.7;
  for (let row = 0; row < rows; row++) {
    const z = 0.2 + (row * 0.6) / rows;
    for (let col = 0; col < cols; col++) {
      const dx = x0 + (span * col) / cols;
      const dw = span / cols - 0.04;
      floorShadow(c, v, [dx, dx + dw], [z, z + 0.1], 1.1, 0.3);
      box(c, v, [dx + 0.01, dx + 0.015], [0, 0.25], [z + 0.02, z + 0.03], "#6b6f74");
      box(c, v, [dx + dw - 0.015, dx + dw - 0.01], [0, 0.25], [z + 0.02, z + 0.03], "#6b6f74");
      box(c, v, [dx, dx + dw], [0.25, 0.265], [z, z + 0.1], p.desk);
      const mx = dx + dw / 2 - 0.05;
      box(c, v, [mx, mx + 0.1], [0.29, 0.36], [z + 0.02, z + 0.025], "#1e2226");
      c.span(v.p(mx + 0.005, 0.355, z + 0.026), v.p(mx + 0.095, 0.295, z + 0.026), c.linear([[0, "#6fa8d6"], [1, "#27496b"]], 0, 0, 1, 1));
      const cz = z + 0.14;
      const cx = dx + dw / 2;
      floorShadow(c, v, [cx - 0.04, cx + 0.04], [cz - 0.02, cz + 0.05], 1, 0.3);
      box(c, v, [cx - 0.004, cx + 0.004], [0, 0.15], [cz, cz + 0.01], "#3a3a3a");
      box(c, v, [cx - 0.045, cx + 0.045], [0.15, 0.18], [cz - 0.03, cz + 0.04], p.chair, 6);
      box(c, v, [cx - 0.045, cx + 0.045], [0.18, 0.34], [cz + 0.04, cz + 0.05], p.chair, 10);
    }
  }
  const [ppx, ppy] = v.p(gxLeft ? 0.95 : 0.05, 0, 0.8);
  plant(c, r, ppx, ppy, v.scale(0.8) * 1.4);
}

const LANDS = [
  { near: "#d9b47c", far: "#ecd3a6", mark: "#b98f5a", scrub: "#8f8a5a" }, // desert
  { near: "#7f9b4a", far: "#a9bb78", mark: "#6a7f3d", scrub: "#4f6b34" }, // grassland
  { near: "#c2a27a", far: "#d8c3a0", mark: "#9f835f", scrub: "#7d7a4e" }, // scrubland
] as const;

function land(c: Canvas, r: Rand, variant: number): void {
  const g = cycle(LANDS, variant);
  const s = cycle(SKIES, variant, 3);
  const horizon = H * r.float(0.38, 0.5);
  sky(c, r, s, horizon);
  ridge(c, r, horizon, r.float(40, 120), mix(s.bottom, "#8c8fa0", 0.45), 160);
  ridge(c, r, horizon + 6, 30, mix(g.far, s.bottom, 0.35), 90);
  const v = new View(W * r.float(0.35, 0.65), horizon, r.float(0.05, 0.09));
  c.poly([v.p(-20, 0, 0), v.p(20, 0, 0), [W, H], [0, H]], c.linear([[0, g.far], [1, g.near]]));
  // Ground texture, sorted far to near so nearer tufts overlap farther ones.
  const tufts = Array.from({ length: 140 }, () => [r.float(-0.6, 1.6), r.float(0.2, 1.05), r.next()] as const).sort((a, b) => a[1] - b[1]);
  const track = (z: number) => 0.5 + Math.sin(z * 4 + variant) * 0.25;
  const edge = (side: number) => Array.from({ length: 24 }, (_, i) => v.p(track(i / 20) + side * 0.04, 0, i / 20));
  c.poly([...edge(-1), ...edge(1).reverse()], g.mark, { opacity: 0.55 });

  // The plot: a staked rectangle, slightly cleared.
  const pxs: Span = [r.float(0.1, 0.3), r.float(0.65, 0.9)];
  const pzs: Span = [r.float(0.45, 0.6), r.float(0.82, 0.92)];
  c.poly(v.floorQuad(pxs, pzs), lighten(g.near, 0.12), { opacity: 0.6 });
  for (const [x, z, t] of tufts) {
    const [tx, ty] = v.p(x, 0, z);
    const k = v.scale(z);
    if (t < 0.7) c.ellipse(tx, ty, 26 * k, 9 * k, t < 0.35 ? g.scrub : darken(g.scrub, 0.2), { opacity: 0.85 });
    else c.ellipse(tx, ty, 14 * k, 7 * k, "#9a9287");
  }
  const posts: [number, number][] = [];
  const step = 0.1;
  for (let x = pxs[0]; x <= pxs[1] + 1e-6; x += (pxs[1] - pxs[0]) / Math.round((pxs[1] - pxs[0]) / step)) {
    posts.push([x, pzs[0]], [x, pzs[1]]);
  }
  for (let z = pzs[0]; z <= pzs[1] + 1e-6; z += (pzs[1] - pzs[0]) / 3) posts.push([pxs[0], z], [pxs[1], z]);
  posts.sort((a, b) => a[1] - b[1]);
  const rope = r.pick(["#f2f0ea", "#e8643c", "#f2c84b"]);
  for (const [x0, x1, z0, z1] of [[pxs[0], pxs[1], pzs[0], pzs[0]], [pxs[0], pxs[0], pzs[0], pzs[1]], [pxs[1], pxs[1], pzs[0], pzs[1]], [pxs[0], pxs[1], pzs[1], pzs[1]]] as const) {
    c.line(v.p(x0, 0.05, z0), v.p(x1, 0.05, z1), rope, 2.5, { opacity: 0.9 });
  }
  for (const [x, z] of posts) {
    const [bx, by] = v.p(x, 0, z);
    c.shadow(bx + 6 * v.scale(z), by, 16 * v.scale(z), 5 * v.scale(z), 0.4);
    box(c, v, [x - 0.004, x + 0.004], [0, 0.06], [z - 0.004, z + 0.004], "#f4f1ea");
    box(c, v, [x - 0.0045, x + 0.0045], [0.06, 0.072], [z - 0.0045, z + 0.0045], rope);
  }
  // A blank sign board by the plot.
  const sx = pxs[r.int(0, 1)] + r.float(-0.05, 0.05);
  const sz = pzs[1] + 0.04;
  box(c, v, [sx - 0.04, sx - 0.034], [0, 0.2], [sz, sz + 0.005], "#6d4c33");
  box(c, v, [sx + 0.034, sx + 0.04], [0, 0.2], [sz, sz + 0.005], "#6d4c33");
  box(c, v, [sx - 0.06, sx + 0.06], [0.12, 0.22], [sz + 0.006, sz + 0.01], "#f4f1ea");
  const [ba, bb] = [v.p(sx - 0.06, 0.22, sz + 0.01), v.p(sx + 0.06, 0.12, sz + 0.01)];
  c.rect(ba[0], ba[1], bb[0] - ba[0], (bb[1] - ba[1]) * 0.3, r.pick(["#2f5d62", "#b8553f", "#2f4858"]));
}

const SCENES: Record<PhotoKind, Scene> = { exterior, interior, kitchen, bedroom, bathroom, aerial, pool, office, land };
