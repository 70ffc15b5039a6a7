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
  if (!Number.isSafeInteger(variant) || variant < 0)
    throw new RangeError(`Invalid photo variant: ${variant}`);
  if (!Object.hasOwn(SCENES, kind)) throw new RangeError(`Unknown photo kind: ${String(kind)}`);
  const c = new Canvas();
  SCENES[kind](c, new Rand(hash(`${kind}:${variant}`)), variant);
  finish(c);
  // The scene is opaque; dropping alpha before encoding saves a flatten pass.
  return sharp(Buffer.from(c.toSvg())).removeAlpha().jpeg({ quality: 82 }).toBuffer();
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
const cycle = <T>(items: readonly T[], variant: number, offset = 0): T =>
  items[(variant + offset) % items.length] as T;

// ---------------------------------------------------------------- colour

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = rgb(a);
  const [br, bg, bb] = rgb(b);
  const ch = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, "0");
  return `#${ch(ar, br)}${ch(ag, bg)}${ch(ab, bb)}`;
}
const lighten = (c: string, t: number) => mix(c, "#ffffff", t);
const darken = (c: string, t: number) => mix(c, "#000000", t);

// ---------------------------------------------------------------- SVG building

type Pt = readonly [number, number];
type Span = readonly [number, number];
type Quad = readonly [Pt, Pt, Pt, Pt];
type Stop = readonly [offset: number, color: string, opacity?: number];
type Attrs = Record<string, string | number>;

const fmt = (n: number) => String(Math.round(n * 100) / 100);

/** Tagged template for path data that rounds every interpolated number. */
function d(strings: TemplateStringsArray, ...values: number[]): string {
  return strings.reduce((out, s, i) => out + s + (i < values.length ? fmt(values[i] as number) : ""), "");
}

/** Integers from `from` to `to`, inclusive. */
const range = (from: number, to: number): number[] =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

class Canvas {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private readonly gradients = new Map<string, string>();

  private gradient(tag: string, geometry: Attrs, stops: readonly Stop[]): string {
    const inner = stops
      .map(
        ([o, color, opacity = 1]) =>
          `<stop offset="${fmt(o)}" stop-color="${color}" stop-opacity="${fmt(opacity)}"/>`,
      )
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
    this.add("rect", {
      x: Math.min(x, x + w),
      y: Math.min(y, y + h),
      width: Math.abs(w),
      height: Math.abs(h),
      fill,
      ...extra,
    });
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
    this.lines([[a, b]], stroke, width, extra);
  }
  /** Many segments as one path: librsvg pays per element for the bounding box, so long diagonals add up. */
  lines(segments: readonly (readonly [Pt, Pt])[], stroke: string, width: number, extra: Attrs = {}): void {
    if (segments.length === 0) return;
    const data = segments.map(([a, b]) => d`M${a[0]} ${a[1]}L${b[0]} ${b[1]}`).join("");
    this.path(data, "none", { stroke, "stroke-width": width, ...extra });
  }
  /** Soft contact shadow: a radial gradient, far cheaper than a blur filter. */
  shadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.45): void {
    this.ellipse(
      cx,
      cy,
      rx,
      ry,
      this.radial([
        [0, "#000000", opacity],
        [1, "#000000", 0],
      ]),
    );
  }
  open(a: Attrs): void {
    this.body.push(`<g${attrs(a)}>`);
  }
  clipRect(a: Pt, b: Pt): string {
    const id = `c${this.defs.length}`;
    this.defs.push(
      `<clipPath id="${id}"><rect${attrs({ x: Math.min(a[0], b[0]), y: Math.min(a[1], b[1]), width: Math.abs(b[0] - a[0]), height: Math.abs(b[1] - a[1]) })}/></clipPath>`,
    );
    return `url(#${id})`;
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
    c.rect(
      x,
      y,
      w,
      h,
      c.linear(
        [
          [0, "#000000", 0.3],
          [1, "#000000", 0],
        ],
        x1,
        y1,
        x2,
        y2,
      ),
    );
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
  /** The depth at which things appear at `scale` times their picture-plane size. */
  zAt(scale: number): number {
    return (1 / scale - 1 / this.k) / (1 - 1 / this.k);
  }
  p(x: number, y: number, z: number): Pt {
    const s = this.scale(z);
    return [this.vx + (x * W - this.vx) * s, this.vy + ((1 - y) * H - this.vy) * s];
  }
  /** Height of the eye in room units: tops below it are visible. */
  get eye(): number {
    return 1 - this.vy / H;
  }
  floorQuad(x: Span, z: Span, y = 0): Quad {
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
  c.span(
    v.p(x0, y1, z1),
    v.p(x1, y0, z1),
    c.linear([
      [0, lighten(color, 0.05)],
      [1, darken(color, 0.1)],
    ]),
    round ? { rx: round } : {},
  );
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
  return new View(W * r.float(0.4, 0.6), H * r.float(0.42, 0.5), r.float(0.54, 0.62));
}

/** Ceiling, side walls, back wall and floor, each shaded so the box reads as a lit room. */
function roomShell(c: Canvas, v: View, s: RoomStyle, planks: number): void {
  const [tl, tr, br, bl] = [v.p(0, 1, 0), v.p(1, 1, 0), v.p(1, 0, 0), v.p(0, 0, 0)];
  c.poly(
    [[0, 0], [W, 0], tr, tl],
    c.linear([
      [0, darken(s.ceiling, 0.1)],
      [1, s.ceiling],
    ]),
  );
  c.poly(
    [[0, 0], tl, bl, [0, H]],
    c.linear(
      [
        [0, darken(s.wall, 0.2)],
        [1, darken(s.wall, 0.05)],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  c.poly(
    [[W, 0], tr, br, [W, H]],
    c.linear(
      [
        [0, darken(s.wall, 0.04)],
        [1, darken(s.wall, 0.24)],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  c.span(
    tl,
    br,
    c.linear([
      [0, lighten(s.wall, 0.06)],
      [1, darken(s.wall, 0.04)],
    ]),
  );
  c.poly(
    [[0, H], bl, br, [W, H]],
    c.linear([
      [0, darken(s.floor, 0.12)],
      [1, lighten(s.floor, 0.04)],
    ]),
  );
  const seams = range(1, planks - 1).map((i) => [v.p(i / planks, 0, 0), v.p(i / planks, 0, 1)] as const);
  c.lines(seams, darken(s.floor, 0.3), 1.5, { opacity: 0.35 });
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
  const w = b[0] - a[0];
  const h = b[1] - a[1];
  c.open({ "clip-path": c.clipRect(a, b) });
  c.span(
    a,
    b,
    c.linear([
      [0, sky.top],
      [1, sky.bottom],
    ]),
  );
  for (let i = 0; i < 5; i++) {
    c.ellipse(
      a[0] + w * r.float(0, 1),
      b[1] - h * r.float(0, 0.1),
      w * r.float(0.15, 0.3),
      h * r.float(0.15, 0.35),
      r.pick(GREENS),
      { opacity: 0.9 },
    );
  }
  c.span([a[0], b[1] - h * 0.06], b, darken(r.pick(GREENS), 0.2));
  c.close();
  const panes = Math.max(2, Math.round(w / 170));
  c.lines(
    range(1, panes - 1).map(
      (i) =>
        [
          [a[0] + (w * i) / panes, a[1]],
          [a[0] + (w * i) / panes, b[1]],
        ] as const,
    ),
    frame,
    7,
  );
  c.span(a, b, "none", { stroke: frame, "stroke-width": 12 });
  c.rect(a[0] - 16, b[1], w + 32, 12, lighten(frame, 0.2));
  // Light spill on the floor, drifting forward and sideways as low sun would.
  const drift = r.float(-0.15, 0.15);
  c.poly(
    [v.p(x[0], 0, 0), v.p(x[1], 0, 0), v.p(x[1] + drift, 0, 0.7), v.p(x[0] + drift, 0, 0.7)],
    c.linear([
      [0, "#fff6e0", 0.3],
      [1, "#fff6e0", 0],
    ]),
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
  c.poly(
    [
      [x - 42 * s, base - 90 * s],
      [x + 42 * s, base - 90 * s],
      [x + 32 * s, base],
      [x - 32 * s, base],
    ],
    c.linear(
      [
        [0, lighten(pot, 0.1)],
        [1, darken(pot, 0.2)],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  const n = r.int(9, 14);
  for (let i = 0; i < n; i++) {
    const angle = -160 + (140 * i) / (n - 1) + r.float(-8, 8);
    const len = r.float(70, 130) * s;
    const cx = x + Math.cos((angle * Math.PI) / 180) * len * 0.5;
    const cy = base - 90 * s + Math.sin((angle * Math.PI) / 180) * len * 0.5;
    c.ellipse(cx, cy, len * 0.5, 13 * s, r.pick(GREENS), {
      transform: `rotate(${fmt(angle)} ${fmt(cx)} ${fmt(cy)})`,
    });
  }
}

/** Table or bedside lamp with a glow; (x, base) is where it stands. */
function lamp(c: Canvas, x: number, base: number, s: number, shade: string): void {
  c.ellipse(
    x,
    base - 150 * s,
    190 * s,
    170 * s,
    c.radial([
      [0, "#ffe2a8", 0.45],
      [1, "#ffe2a8", 0],
    ]),
  );
  c.rect(x - 18 * s, base - 50 * s, 36 * s, 50 * s, "#d8cfc0", { rx: 8 * s });
  c.rect(x - 3 * s, base - 100 * s, 6 * s, 55 * s, "#8a7a66");
  c.poly(
    [
      [x - 34 * s, base - 170 * s],
      [x + 34 * s, base - 170 * s],
      [x + 52 * s, base - 100 * s],
      [x - 52 * s, base - 100 * s],
    ],
    c.linear([
      [0, lighten(shade, 0.2)],
      [1, shade],
    ]),
  );
}

/** A pendant hanging from the ceiling at `top`, its shade centred at (x, y). */
function pendant(c: Canvas, x: number, top: number, y: number, s: number, color: string): void {
  c.ellipse(
    x,
    y + 60 * s,
    210 * s,
    170 * s,
    c.radial([
      [0, "#ffe7b5", 0.4],
      [1, "#ffe7b5", 0],
    ]),
  );
  c.line([x, top], [x, y - 30 * s], "#2a2a2a", 2);
  c.path(
    d`M${x - 50 * s} ${y + 20 * s}Q${x - 48 * s} ${y - 34 * s} ${x} ${y - 34 * s}Q${x + 48 * s} ${y - 34 * s} ${x + 50 * s} ${y + 20 * s}Z`,
    c.linear([
      [0, lighten(color, 0.15)],
      [1, darken(color, 0.15)],
    ]),
  );
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

const ART: readonly (readonly [string, string, string, string])[] = [
  ["#e9dccb", "#c2703d", "#2f4858", "#d9a441"],
  ["#dfe7ea", "#5f8fa3", "#1f3b4d", "#e0b089"],
  ["#f1e3d3", "#8e9f7f", "#b95f3e", "#3b3b3b"],
  ["#22313f", "#d9c3a0", "#b8553f", "#e8e2d4"],
];

function sky(c: Canvas, r: Rand, s: Sky, horizon: number): void {
  c.rect(
    0,
    0,
    W,
    horizon + 4,
    c.linear([
      [0, s.top],
      [1, s.bottom],
    ]),
  );
  const sx = W * r.float(0.1, 0.9);
  const sy = horizon * r.float(0.2, 0.6);
  c.ellipse(
    sx,
    sy,
    320,
    320,
    c.radial([
      [0, s.sun, 0.9],
      [0.15, s.sun, 0.5],
      [1, s.sun, 0],
    ]),
  );
  c.ellipse(sx, sy, 34, 34, s.sun);
  for (let i = r.int(1, 4); i > 0; i--)
    cloud(c, r, W * r.float(-0.05, 1.05), horizon * r.float(0.1, 0.65), r.float(0.5, 1.3), s);
}

function cloud(c: Canvas, r: Rand, x: number, y: number, s: number, sk: Sky): void {
  const fill = c.linear([
    [0.3, sk.cloud],
    [1, mix(sk.cloud, sk.top, 0.3)],
  ]);
  c.ellipse(x, y + 10 * s, 190 * s, 34 * s, fill);
  for (let i = 0; i < 5; i++) {
    c.ellipse(
      x + r.float(-120, 120) * s,
      y - r.float(0, 30) * s,
      r.float(50, 90) * s,
      r.float(34, 52) * s,
      fill,
    );
  }
}

/** Path data through `pts` with rounded corners: quadratic curves between the midpoints. */
function smooth(pts: readonly Pt[]): string {
  let data = "";
  for (let i = 1; i < pts.length; i++) {
    const [px, py] = pts[i - 1]!;
    const [mx, my] = lerp(pts[i - 1]!, pts[i]!, 0.5);
    data += d`Q${px} ${py} ${mx} ${my}`;
  }
  return data;
}

/** A wavy line across the frame at `base`, varying upward by up to `amp`. */
function wavy(r: Rand, base: number, amp: number, step: number): Pt[] {
  return range(-1, Math.ceil(W / step) + 2).map((i) => [i * step, base - r.float(0, amp)]);
}

/** A smooth ridge line (hills, dunes, treeline) filled down to the bottom of the frame. */
function ridge(c: Canvas, r: Rand, base: number, amp: number, fill: string, step = 120): void {
  const pts = wavy(r, base, amp, step);
  c.path(d`M${-step} ${H}L${-step} ${pts[0]![1]}` + smooth(pts) + d`L${W + 2 * step} ${H}Z`, fill);
}

function palm(c: Canvas, r: Rand, x: number, base: number, h: number): void {
  const lean = r.float(-0.18, 0.18);
  const top: Pt = [x + lean * h, base - h];
  const w = h * 0.035;
  c.shadow(x, base, h * 0.22, h * 0.035, 0.35);
  c.path(
    d`M${x - w} ${base}Q${x + lean * h * 0.2 - w * 0.7} ${base - h * 0.55} ${top[0] - w * 0.45} ${top[1]}L${top[0] + w * 0.45} ${top[1]}Q${x + lean * h * 0.2 + w * 0.7} ${base - h * 0.55} ${x + w} ${base}Z`,
    c.linear(
      [
        [0, "#9a7a56"],
        [1, "#5e4630"],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  const n = r.int(8, 11);
  for (let i = 0; i < n; i++) {
    const a = Math.PI + (Math.PI * i) / (n - 1) + r.float(-0.15, 0.15);
    const len = h * r.float(0.32, 0.46);
    const end: Pt = [top[0] + Math.cos(a) * len, top[1] + Math.sin(a) * len * 0.35 + len * 0.5];
    const ctl: Pt = [top[0] + Math.cos(a) * len * 0.6, top[1] + Math.sin(a) * len * 0.7 - len * 0.12];
    c.path(
      d`M${top[0]} ${top[1]}Q${ctl[0]} ${ctl[1]} ${end[0]} ${end[1]}Q${ctl[0]} ${ctl[1] + len * 0.2} ${top[0]} ${top[1] + w}Z`,
      i % 2 ? GREENS[1] : GREENS[0],
    );
  }
  c.ellipse(top[0], top[1] + w, w * 1.3, w * 1.1, "#5a4a2a");
}

function bush(c: Canvas, r: Rand, x: number, base: number, s: number): void {
  c.shadow(x, base, 70 * s, 12 * s, 0.35);
  for (let i = 0; i < 4; i++) {
    const g = r.pick(GREENS);
    c.ellipse(
      x + r.float(-40, 40) * s,
      base - r.float(25, 45) * s,
      r.float(35, 55) * s,
      r.float(28, 40) * s,
      c.linear([
        [0, lighten(g, 0.15)],
        [1, darken(g, 0.25)],
      ]),
    );
  }
}

/** Glass with the sky reflected: light at the top, deep below, a diagonal sheen. */
function glass(c: Canvas, a: Pt, b: Pt, s: Sky, tint = "#2f4350"): void {
  c.span(
    a,
    b,
    c.linear([
      [0, mix(s.top, "#ffffff", 0.35)],
      [0.45, mix(s.bottom, tint, 0.45)],
      [1, tint],
    ]),
  );
  const w = b[0] - a[0];
  const h = b[1] - a[1];
  c.poly(
    [
      [a[0] + w * 0.15, a[1]],
      [a[0] + w * 0.45, a[1]],
      [a[0] + w * 0.1, b[1]],
      [a[0], b[1]],
      [a[0], a[1] + h * 0.6],
    ],
    "#ffffff",
    { opacity: 0.1 },
  );
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
  c.rect(
    0,
    horizon,
    W,
    H - horizon,
    c.linear([
      [0, g.far],
      [1, darken(g.ground, 0.15)],
    ]),
  );
  const vp: Pt = [W * r.float(0.35, 0.65), horizon];
  const base = horizon + H * r.float(0.12, 0.18);
  if (style === 0) modernVilla(c, r, vp, base, s);
  else if (style === 1) towers(c, r, vp, base, s);
  else mediterraneanVilla(c, r, vp, base, s);

  if (style === 1) {
    // A street in front of the towers.
    c.rect(
      0,
      base + 10,
      W,
      H - base,
      c.linear([
        [0, "#6b6e73"],
        [1, "#3e4044"],
      ]),
    );
    c.rect(0, base, W, 14, "#c9c6bf");
    const laneY = base + (H - base) * 0.55;
    for (let x = r.float(-100, 0); x < W; x += 240) c.rect(x, laneY, 130, 8, "#f1efe6", { opacity: 0.85 });
  } else {
    c.poly(
      [
        [vp[0] - 120, base],
        [vp[0] + 60, base],
        [vp[0] + 420, H],
        [vp[0] - 420, H],
      ],
      c.linear([
        [0, "#cfc6b6"],
        [1, "#a9a08f"],
      ]),
    );
    for (let i = r.int(3, 6); i > 0; i--)
      bush(c, r, W * r.float(0, 1), base + r.float(10, 40), r.float(0.8, 1.3));
  }
  const palms = r.int(style === 1 ? 2 : 1, 4);
  for (let i = 0; i < palms; i++) {
    const left = i % 2 === 0;
    const height = style === 1 ? H * r.float(0.3, 0.45) : H * r.float(0.4, 0.7);
    palm(c, r, left ? W * r.float(0.02, 0.25) : W * r.float(0.75, 0.98), base + r.float(20, 120), height);
  }
}

/** Front face plus the side face that recedes toward the vanishing point. */
function facade(
  c: Canvas,
  vp: Pt,
  x: number,
  top: number,
  w: number,
  base: number,
  t: number,
  color: string,
): void {
  const side = x + w < vp[0] ? x + w : x > vp[0] ? x : undefined;
  if (side !== undefined) {
    const a: Pt = [side, top];
    const b: Pt = [side, base];
    c.poly(
      [a, lerp(a, vp, t), lerp(b, vp, t), b],
      c.linear([
        [0, darken(color, 0.2)],
        [1, darken(color, 0.32)],
      ]),
    );
  }
  c.rect(
    x,
    top,
    w,
    base - top,
    c.linear([
      [0, lighten(color, 0.06)],
      [1, darken(color, 0.08)],
    ]),
  );
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
  const pane = (x + bw * 0.95 - gx) / panes;
  c.lines(
    range(1, panes - 1).map(
      (i) =>
        [
          [gx + pane * i, base - h1 + 34],
          [gx + pane * i, base],
        ] as const,
    ),
    "#2b2b2b",
    4,
  );
  c.rect(
    x + bw * 0.04,
    base - h1 + 34,
    bw * 0.18,
    h1 - 34,
    c.linear(
      [
        [0, lighten(wood, 0.1)],
        [1, darken(wood, 0.15)],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  const slats = range(0, Math.floor((bw * 0.18) / 14)).map((i) => x + bw * 0.04 + i * 14);
  c.lines(
    slats.map(
      (sx) =>
        [
          [sx, base - h1 + 34],
          [sx, base],
        ] as const,
    ),
    darken(wood, 0.35),
    2,
    { opacity: 0.5 },
  );
  c.rect(x + bw * 0.24, base - 150, 64, 150, darken(wood, 0.25));
  for (const [sx, sw, top] of [
    [x, bw, base - h1],
    [x2, w2, base - h1 - h2],
  ] as const) {
    c.rect(sx - 24, top - 16, sw + 48, 18, slab);
    c.rect(sx, top + 2, sw, 20, "#000000", { opacity: 0.12 });
  }
  // Glass balustrade on the open part of the roof terrace.
  const terrace: Span = x2 > x + 100 ? [x, x2] : [x2 + w2, x + bw];
  c.rect(terrace[0], base - h1 - 62, terrace[1] - terrace[0], 46, "#dff1ff", {
    opacity: 0.35,
    stroke: "#ffffff",
    "stroke-width": 2,
  });
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
    for (const [top, wh2] of [
      [base - h + 45, 95],
      [base - h * 0.45, 120],
    ] as const) {
      const w = 62;
      if (r.chance(0.5)) {
        c.rect(cx - w / 2 - 34, top, 30, wh2, shutter);
        c.rect(cx + w / 2 + 4, top, 30, wh2, shutter);
      }
      c.path(
        d`M${cx - w / 2} ${top + wh2}V${top + w / 2}A${w / 2} ${w / 2} 0 0 1 ${cx + w / 2} ${top + w / 2}V${top + wh2}Z`,
        c.linear([
          [0, mix(s.top, "#ffffff", 0.3)],
          [1, "#2c3a40"],
        ]),
        { stroke: "#fbf8f2", "stroke-width": 6 },
      );
    }
  }
  // Bougainvillea climbing one corner.
  const bx = r.chance(0.5) ? x + 20 : x + bw - 20;
  const bloom = r.pick(["#d6336c", "#c2255c", "#e64980"]);
  for (let i = 0; i < 40; i++) {
    c.ellipse(
      bx + r.float(-60, 60),
      base - r.float(0, h * 0.7),
      r.float(10, 22),
      r.float(8, 18),
      i % 3 ? bloom : GREENS[2],
    );
  }
  for (let i = r.int(1, 3); i > 0; i--) {
    const cx = r.chance(0.5) ? r.float(60, x - 40) : r.float(x + bw + 40, W - 60);
    c.ellipse(
      cx,
      base - 150,
      34,
      170,
      c.linear(
        [
          [0, GREENS[5]],
          [1, GREENS[4]],
        ],
        0,
        0,
        1,
        0,
      ),
    );
  }
}

function hipRoof(c: Canvas, x: number, top: number, w: number, h: number, color: string): void {
  c.poly(
    [
      [x - 26, top + 4],
      [x + w + 26, top + 4],
      [x + w - h * 0.9, top - h],
      [x + h * 0.9, top - h],
    ],
    c.linear([
      [0, lighten(color, 0.08)],
      [1, darken(color, 0.12)],
    ]),
  );
  const courses = range(1, 4).map(
    (i) =>
      [
        [x - 26 + h * 0.18 * i, top + 4 - (h * i) / 5],
        [x + w + 26 - h * 0.18 * i, top + 4 - (h * i) / 5],
      ] as const,
  );
  c.lines(courses, darken(color, 0.25), 2, { opacity: 0.5 });
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
    const floors = range(1, Math.floor((base - top) / floor)).map((j) => top + j * floor);
    c.lines(
      floors.map(
        (y) =>
          [
            [x, y],
            [x + w, y],
          ] as const,
      ),
      lighten(tint, 0.35),
      3,
      { opacity: 0.55 },
    );
    const cols = r.int(5, 9);
    c.lines(
      range(1, cols - 1).map(
        (j) =>
          [
            [x + (w * j) / cols, top],
            [x + (w * j) / cols, base],
          ] as const,
      ),
      darken(tint, 0.4),
      2,
      { opacity: 0.6 },
    );
    c.rect(x - 6, top - 18, w + 12, 20, lighten(tint, 0.2));
    c.rect(
      x - 30,
      base - 70,
      w + 60,
      70,
      c.linear([
        [0, "#d7d2c8"],
        [1, "#a8a398"],
      ]),
    );
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
    box(
      c,
      v,
      [sofa[0] + 0.04 + cw * i + 0.004, sofa[0] + 0.04 + cw * (i + 1) - 0.004],
      [0.14, 0.18],
      [0.08, 0.25],
      p.sofa,
      6,
    );
  }
  box(c, v, [sofa[0], sofa[0] + 0.04], [0.02, 0.22], [0.02, 0.25], darken(p.sofa, 0.08), 8);
  box(c, v, [sofa[1] - 0.04, sofa[1]], [0.02, 0.22], [0.02, 0.25], darken(p.sofa, 0.08), 8);
  for (let i = r.int(2, 3); i > 0; i--) {
    const px = r.float(sofa[0] + 0.06, sofa[1] - 0.1);
    box(c, v, [px, px + 0.06], [0.18, 0.26], [0.1, 0.12], r.pick(r.pick(ART).slice(1)), 8);
  }

  // Rug and coffee table in front.
  const rug: Span = [sofa[0] - 0.04, sofa[1] + 0.04];
  c.poly(v.floorQuad(rug, [0.3, 0.75]), p.rug);
  c.poly(v.floorQuad([rug[0] + 0.02, rug[1] - 0.02], [0.33, 0.72]), "none", {
    stroke: darken(p.rug, 0.2),
    "stroke-width": 4,
  });
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
  const courses = range(1, Math.round((sb[1] - sa[1]) / tile) - 1).map((i) => sa[1] + i * tile);
  c.lines(
    courses.map(
      (y) =>
        [
          [sa[0], y],
          [sb[0], y],
        ] as const,
    ),
    darken(p.tile, 0.15),
    1.5,
  );
  // A tall fridge column at one end; the gap above the worktop holds either a window or a cooker hood.
  const tallLeft = r.chance(0.5);
  const run: Span = tallLeft ? [0.14, 1] : [0, 0.86];
  const gap = run[0] + r.float(0.25, 0.4);
  const opening: Span = [gap, gap + 0.22];
  const win = r.chance(0.6);
  if (win) backWindow(c, r, v, opening, [0.36, 0.8], "#ffffff");
  const doors = r.int(5, 8);
  const door = (run[1] - run[0]) / doors;
  for (let i = 0; i < doors; i++) {
    const x0 = run[0] + i * door;
    const x1 = x0 + door;
    box(c, v, [x0 + 0.002, x1 - 0.002], [0.02, 0.31], [0, 0.2], p.cabinet);
    const [hx, hy] = v.p((x0 + x1) / 2, 0.27, 0.2);
    c.rect(hx - 18, hy, 36, 5, handle, { rx: 2 });
    if (x1 > opening[0] && x0 < opening[1]) continue;
    box(c, v, [x0 + 0.002, x1 - 0.002], [0.58, 0.86], [0, 0.12], p.cabinet);
    const [ux, uy] = v.p((x0 + x1) / 2, 0.62, 0.12);
    c.rect(ux - 16, uy, 32, 5, handle, { rx: 2 });
  }
  box(c, v, run, [0.31, 0.335], [0, 0.215], p.counter);
  if (!win) {
    const mid = (opening[0] + opening[1]) / 2;
    box(c, v, [mid - 0.04, mid + 0.04], [0.72, 1], [0.03, 0.09], "#b8bcc0");
    c.poly(
      [
        v.p(opening[0] + 0.02, 0.72, 0.14),
        v.p(opening[1] - 0.02, 0.72, 0.14),
        v.p(mid + 0.04, 0.8, 0.09),
        v.p(mid - 0.04, 0.8, 0.09),
      ],
      "#c9cdd1",
    );
    c.span(
      v.p(opening[0] + 0.02, 0.72, 0.14),
      v.p(opening[1] - 0.02, 0.69, 0.14),
      c.linear([
        [0, "#d5d8db"],
        [1, "#8e9296"],
      ]),
    );
    c.poly(v.floorQuad([opening[0] + 0.03, opening[1] - 0.03], [0.04, 0.17], 0.336), "#1f2124");
  }
  const tall: Span = tallLeft ? [0, 0.14] : [0.86, 1];
  const steel = r.chance(0.5) ? "#c3c7cb" : p.cabinet;
  box(c, v, [tall[0] + 0.003, tall[1] - 0.003], [0.02, 0.86], [0, 0.22], steel);
  c.line(v.p(tall[0] + 0.003, 0.56, 0.22), v.p(tall[1] - 0.003, 0.56, 0.22), darken(steel, 0.3), 2);
  const hx = tallLeft ? tall[1] - 0.02 : tall[0] + 0.02;
  c.line(v.p(hx, 0.36, 0.22), v.p(hx, 0.5, 0.22), handle, 6);
  c.line(v.p(hx, 0.6, 0.22), v.p(hx, 0.75, 0.22), handle, 6);
  // Under-cabinet light on the splashback.
  c.span(
    v.p(0, 0.56, 0),
    v.p(1, 0.46, 0),
    c.linear([
      [0, "#fff1cc", 0.5],
      [1, "#fff1cc", 0],
    ]),
  );

  // Island with stools and pendants above.
  const iw = r.float(0.34, 0.5);
  const ix = r.float(0.12, 0.88 - iw);
  const iz: Span = [r.float(0.46, 0.52), r.float(0.62, 0.68)];
  floorShadow(c, v, [ix, ix + iw], iz, 1.15, 0.45);
  box(
    c,
    v,
    [ix + 0.02, ix + iw - 0.02],
    [0, 0.31],
    [iz[0] + 0.02, iz[1] - 0.03],
    r.chance(0.5) ? p.cabinet : darken(p.floor, 0.3),
  );
  box(c, v, [ix, ix + iw], [0.31, 0.34], iz, p.counter);
  // A fruit bowl on the island.
  const [fx, fy] = v.p(ix + iw * r.float(0.25, 0.75), 0.34, (iz[0] + iz[1]) / 2);
  const fs = v.scale((iz[0] + iz[1]) / 2);
  for (const [dx, dy, col] of [
    [-16, -14, "#e0a030"],
    [10, -18, "#7aa83a"],
    [0, -26, "#d8572a"],
    [20, -8, "#e0a030"],
  ] as const) {
    c.ellipse(fx + dx * fs, fy + dy * fs, 16 * fs, 16 * fs, col);
  }
  c.path(
    d`M${fx - 50 * fs} ${fy - 12 * fs}Q${fx} ${fy + 30 * fs} ${fx + 50 * fs} ${fy - 12 * fs}Z`,
    "#f4f1ea",
  );
  const stools = r.int(2, 4);
  const stoolColor = r.pick(["#2b2b2b", "#a07a55", "#e8e2d6", "#6b7c8a"]);
  for (let i = 0; i < stools; i++) {
    const sx = ix + (iw * (i + 0.5)) / stools;
    const [bx, by] = v.p(sx, 0, iz[1] + 0.06);
    const [, ty] = v.p(sx, 0.24, iz[1] + 0.06);
    const s = v.scale(iz[1] + 0.06);
    c.shadow(bx, by, 60 * s, 12 * s, 0.35);
    c.lines(
      [
        [
          [bx - 22 * s, by],
          [bx, ty],
        ],
        [
          [bx + 22 * s, by],
          [bx, ty],
        ],
      ],
      darken(stoolColor, 0.3),
      5 * s,
    );
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
    box(
      c,
      v,
      [bed[0] + pw * i + 0.01, bed[0] + pw * (i + 1) - 0.01],
      [0.2, 0.29],
      [0.05, 0.08],
      i % 2 && pillows > 2 ? lighten(p.throw, 0.5) : "#ffffff",
      12,
    );
  }
  // Throw across the foot of the bed: a band on the top face and down the front.
  c.poly(v.floorQuad([bed[0] - 0.006, bed[1] + 0.006], [0.44, 0.56], 0.201), lighten(p.throw, 0.1));
  c.span(v.p(bed[0] - 0.006, 0.201, 0.611), v.p(bed[1] + 0.006, 0.12, 0.611), p.throw);
}

function rugUnder(c: Canvas, v: View, x: Span, z: Span, color: string): void {
  c.poly(v.floorQuad(x, z), color);
  c.poly(v.floorQuad([x[0] + 0.015, x[1] - 0.015], [z[0] + 0.02, z[1] - 0.02]), "none", {
    stroke: darken(color, 0.15),
    "stroke-width": 3,
  });
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
  const walls = range(1, rows - 1).flatMap((i) => {
    const y = i / rows;
    return [
      [v.p(0, y, 0), v.p(1, y, 0)],
      [v.p(0, y, 0), v.p(0, y, 1)],
      [v.p(1, y, 0), v.p(1, y, 1)],
    ] as const;
  });
  const joints = range(1, 11).map((i) => [v.p(i / 12, 0, 0), v.p(i / 12, 1, 0)] as const);
  c.lines([...walls, ...joints], grout, 1.5);
  const cross = [0.12, 0.25, 0.4, 0.57, 0.77].map((z) => [v.p(0, 0, z), v.p(1, 0, z)] as const);
  c.lines(cross, darken(p.floor, 0.2), 1.5, { opacity: 0.6 });

  const vanityLeft = r.chance(0.5);
  const vx: Span = vanityLeft ? [0.06, 0.06 + r.float(0.3, 0.4)] : [0.94 - r.float(0.3, 0.4), 0.94];
  // Mirror with a light bar, then the vanity and basin.
  const [ma, mb] = [v.p(vx[0] + 0.04, 0.82, 0), v.p(vx[1] - 0.04, 0.46, 0)];
  c.rect(ma[0] - 10, ma[1] - 26, mb[0] - ma[0] + 20, 10, "#fff8e6");
  c.ellipse(
    (ma[0] + mb[0]) / 2,
    ma[1],
    mb[0] - ma[0],
    140,
    c.radial([
      [0, "#fff3d6", 0.5],
      [1, "#fff3d6", 0],
    ]),
  );
  c.span(
    ma,
    mb,
    c.linear(
      [
        [0, "#e9eef0"],
        [0.5, "#b7c3c8"],
        [1, "#d6dde0"],
      ],
      0,
      0,
      1,
      1,
    ),
    { rx: r.chance(0.5) ? 24 : 0, stroke: p.accent, "stroke-width": 6 },
  );
  c.poly(
    [
      [ma[0] + 30, ma[1]],
      [ma[0] + 90, ma[1]],
      [ma[0] + 10, mb[1]],
      [ma[0], mb[1]],
      [ma[0], ma[1] + 60],
    ],
    "#ffffff",
    { opacity: 0.25 },
  );
  floorShadow(c, v, vx, [0, 0.18], 1.1, 0.3);
  box(c, v, vx, [0.08, 0.3], [0, 0.16], p.vanity);
  box(c, v, [vx[0] - 0.005, vx[1] + 0.005], [0.3, 0.32], [0, 0.165], "#f4f2ee");
  const [bcx, bcy] = v.p((vx[0] + vx[1]) / 2, 0.32, 0.09);
  const s = v.scale(0.09);
  c.ellipse(bcx, bcy - 14 * s, 110 * s, 26 * s, "#ffffff", { stroke: "#d9d6d0", "stroke-width": 2 });
  c.ellipse(
    bcx,
    bcy - 12 * s,
    88 * s,
    17 * s,
    c.linear([
      [0, "#cfd4d6"],
      [1, "#f7f7f5"],
    ]),
  );
  c.path(d`M${bcx} ${bcy - 30 * s}V${bcy - 95 * s}H${bcx + 40 * s}`, "none", {
    stroke: p.accent,
    "stroke-width": 8 * s,
    "stroke-linecap": "round",
  });

  // The other side: a freestanding tub or a glass shower.
  const other: Span = vanityLeft ? [0.55, 0.95] : [0.05, 0.45];
  if (r.chance(0.5)) {
    const z = r.float(0.3, 0.4);
    const [tx0, ty] = v.p(other[0] + 0.03, 0.2, z);
    const [tx1] = v.p(other[1] - 0.03, 0.2, z);
    const [, fy] = v.p(other[0], 0, z + 0.05);
    const ts = v.scale(z);
    c.shadow((tx0 + tx1) / 2, fy, (tx1 - tx0) * 0.6, 30 * ts, 0.4);
    c.path(
      d`M${tx0} ${ty}C${tx0} ${fy + 10 * ts} ${tx1} ${fy + 10 * ts} ${tx1} ${ty}Z`,
      c.linear(
        [
          [0, "#ffffff"],
          [1, "#d6d3ce"],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    c.ellipse((tx0 + tx1) / 2, ty, (tx1 - tx0) / 2, 34 * ts, "#fbfbfa", {
      stroke: "#dedbd6",
      "stroke-width": 2,
    });
    c.ellipse(
      (tx0 + tx1) / 2,
      ty + 4 * ts,
      (tx1 - tx0) / 2 - 20 * ts,
      24 * ts,
      c.linear([
        [0, "#bfe3ea"],
        [1, "#8cc7d3"],
      ]),
    );
    const [fx, fy2] = v.p(other[1] - 0.02, 0, z);
    c.path(d`M${fx} ${fy2}V${ty - 80 * ts}Q${fx} ${ty - 110 * ts} ${fx - 40 * ts} ${ty - 100 * ts}`, "none", {
      stroke: p.accent,
      "stroke-width": 9 * ts,
      "stroke-linecap": "round",
    });
  } else {
    const gx = vanityLeft ? other[0] : other[1];
    const [ha, hb] = [
      v.p((other[0] + other[1]) / 2, 0.78, 0),
      v.p((other[0] + other[1]) / 2 + 0.06, 0.76, 0),
    ];
    c.line([ha[0], ha[1] - 60], ha, p.accent, 6);
    c.ellipse(ha[0] + (hb[0] - ha[0]) / 2, ha[1], 40, 10, p.accent);
    c.poly([v.p(gx, 0.9, 0), v.p(gx, 0.9, 0.45), v.p(gx, 0, 0.45), v.p(gx, 0, 0)], "#cfe9ef", {
      opacity: 0.22,
      stroke: p.accent,
      "stroke-width": 5,
    });
    c.poly(
      [v.p(other[0], 0.9, 0.45), v.p(other[1], 0.9, 0.45), v.p(other[1], 0, 0.45), v.p(other[0], 0, 0.45)],
      "#d8f0f4",
      { opacity: 0.18, stroke: p.accent, "stroke-width": 6 },
    );
    const [ga, gb] = [v.p(other[0], 0.9, 0.45), v.p(other[1], 0, 0.45)];
    c.poly(
      [
        [ga[0] + 60, ga[1]],
        [ga[0] + 140, ga[1]],
        [ga[0] + 20, gb[1]],
        [ga[0], gb[1] - 80],
      ],
      "#ffffff",
      { opacity: 0.18 },
    );
  }
  const [tpx, tpy] = v.p(vanityLeft ? 0.96 : 0.04, 0, 0.7);
  plant(c, r, tpx, tpy, v.scale(0.7) * 1.2);
}

/**
 * Shapes collected per fill and emitted as one path each, in layer order: an aerial view has ~2,000 shapes
 * and librsvg's per-element overhead would otherwise dominate the render.
 */
class Layers {
  private readonly paths = new Map<string, string[]>();
  constructor(private readonly order: readonly string[]) {}
  private push(layer: string, fill: string, data: string): void {
    const key = `${layer}|${fill}`;
    const list = this.paths.get(key) ?? [];
    list.push(data);
    this.paths.set(key, list);
  }
  rect(layer: string, fill: string, x: number, y: number, w: number, h: number): void {
    this.push(layer, fill, d`M${x} ${y}h${w}v${h}h${-w}Z`);
  }
  circle(layer: string, fill: string, cx: number, cy: number, r: number): void {
    this.push(layer, fill, d`M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`);
  }
  draw(c: Canvas, style: (layer: string) => Attrs = () => ({})): void {
    for (const layer of this.order) {
      for (const [key, parts] of this.paths) {
        const [l, fill] = key.split("|") as [string, string];
        if (l === layer) c.path(parts.join(""), fill, style(layer));
      }
    }
  }
}

function aerial(c: Canvas, r: Rand, variant: number): void {
  const arid = variant % 2 === 1;
  c.rect(0, 0, W, H, "#5d6065");
  const angle = r.float(-16, 16);
  c.open({ transform: `rotate(${fmt(angle)} ${W / 2} ${H / 2})` });
  // Just enough margin for the rotated grid to cover the frame.
  const rad = (Math.abs(angle) * Math.PI) / 180;
  const mx = (W * (Math.cos(rad) - 1) + H * Math.sin(rad)) / 2 + 40;
  const my = (H * (Math.cos(rad) - 1) + W * Math.sin(rad)) / 2 + 40;
  const road = r.float(34, 48);
  const bw = r.float(330, 440);
  const bh = r.float(210, 270);
  const ox = -mx - r.float(0, bw);
  const oy = -my - r.float(0, bh);
  const roofs = cycle(
    [
      ["#b8643f", "#a45636", "#c77a52"],
      ["#7b8089", "#e8e6e0", "#4a4f57"],
      ["#e8e6e0", "#cdb79a", "#b8643f"],
    ],
    variant,
  );
  const lawn = arid ? ["#d7c6a2", "#c9b58c", "#b9b487"] : ["#86a65c", "#7a9a52", "#93b068"];
  const layers = new Layers(["block", "lawn", "water", "shade", "roof", "pool", "shine", "tree", "leaf"]);
  const lanes: (readonly [Pt, Pt])[] = [];
  for (let by = oy; by < H + my; by += bh + road) {
    lanes.push([
      [-mx, by - road / 2],
      [W + mx, by - road / 2],
    ]);
    for (let bx = ox; bx < W + mx; bx += bw + road) {
      if (by === oy)
        lanes.push([
          [bx - road / 2, -my],
          [bx - road / 2, H + my],
        ]);
      layers.rect("block", "#d7d3ca", bx, by, bw, bh);
      if (r.chance(0.1)) park(layers, r, bx + 8, by + 8, bw - 16, bh - 16, arid);
      else block(layers, r, bx + 8, by + 8, bw - 16, bh - 16, roofs, lawn);
    }
  }
  layers.draw(c, (layer): Attrs =>
    layer === "shade" ? { opacity: 0.28 } : layer === "pool" ? { stroke: "#f4f1ea", "stroke-width": 3 } : {},
  );
  c.lines(lanes, "#f2f0e6", 2.5, { "stroke-dasharray": "22 18", opacity: 0.8 });
  c.close();
  if (variant % 3 === 2) coast(c, r);
}

/** Sea and beach along the bottom of the frame, for waterfront neighbourhoods. */
function coast(c: Canvas, r: Rand): void {
  const beach = wavy(r, H * r.float(0.72, 0.8), H * 0.12, 220);
  const surf = beach.map(([x, y]): Pt => [x, y + 34]);
  const below = (pts: readonly Pt[]) => d`M-220 ${H}L-220 ${pts[0]![1]}` + smooth(pts) + d`L${W + 440} ${H}Z`;
  c.path(
    below(beach),
    c.linear([
      [0, "#f1e4c2"],
      [1, "#d9c79c"],
    ]),
  );
  c.path(
    below(surf),
    c.linear([
      [0, "#8fd6df"],
      [0.25, "#3aa3c4"],
      [1, "#1a5d8a"],
    ]),
  );
  c.path(d`M-220 ${surf[0]![1]}` + smooth(surf), "none", {
    stroke: "#ffffff",
    "stroke-width": 6,
    opacity: 0.55,
  });
  for (let i = r.int(1, 3); i > 0; i--) {
    const x = r.float(100, W - 100);
    const y = r.float(H * 0.9, H * 0.97);
    c.path(d`M${x} ${y}l-70 -8l0 16Z`, "#ffffff", { opacity: 0.35 });
    c.ellipse(x + 10, y, 16, 6, "#fbfbf8");
  }
}

function block(
  layers: Layers,
  r: Rand,
  x: number,
  y: number,
  w: number,
  h: number,
  roofs: readonly string[],
  lawn: readonly string[],
): void {
  const cols = Math.max(2, Math.round(w / r.float(80, 110)));
  const lw = w / cols;
  const lh = h / 2;
  for (let row = 0; row < 2; row++) {
    for (let col = 0; col < cols; col++) {
      const lx = x + col * lw;
      const ly = y + row * lh;
      layers.rect("lawn", r.pick(lawn), lx + 2, ly + 2, lw - 4, lh - 4);
      // Houses face the street: top row near the top edge, bottom row near the bottom edge.
      const hw = lw * r.float(0.55, 0.75);
      const hh = lh * r.float(0.38, 0.5);
      const hx = lx + (lw - hw) / 2;
      const hy = row === 0 ? ly + lh * 0.12 : ly + lh * 0.88 - hh;
      layers.rect("shade", "#000000", hx + 9, hy + 9, hw, hh);
      const roof = r.pick(roofs);
      layers.rect("roof", lighten(roof, 0.08), hx, hy, hw, hh / 2);
      layers.rect("roof", darken(roof, 0.14), hx, hy + hh / 2, hw, hh / 2);
      const yard = row === 0 ? ly + lh * 0.62 : ly + lh * 0.1;
      if (r.chance(0.45)) {
        layers.rect("pool", "#3fb6d3", lx + lw * 0.2, yard, lw * 0.55, lh * 0.25);
        layers.rect("shine", "#a6e6f2", lx + lw * 0.2 + 4, yard + 3, lw * 0.55 - 8, lh * 0.08);
      }
      for (let t = r.int(0, 2); t > 0; t--)
        tree(layers, r, lx + r.float(8, lw - 8), yard + r.float(0, lh * 0.3), r.float(10, 18));
    }
  }
}

function park(layers: Layers, r: Rand, x: number, y: number, w: number, h: number, arid: boolean): void {
  layers.rect("lawn", arid ? "#9fb27a" : "#6f9a4a", x, y, w, h);
  if (r.chance(0.5)) layers.circle("water", "#3f9fc0", x + w / 2, y + h / 2, Math.min(w, h) * 0.28);
  for (let i = 0; i < 18; i++)
    tree(layers, r, x + r.float(10, w - 10), y + r.float(10, h - 10), r.float(12, 22));
}

/** A tree from above: shadow, crown, and a lit side. */
function tree(layers: Layers, r: Rand, x: number, y: number, s: number): void {
  const g = r.pick(GREENS);
  layers.circle("shade", "#000000", x + s * 0.5, y + s * 0.5, s);
  layers.circle("tree", darken(g, 0.1), x, y, s);
  layers.circle("leaf", lighten(g, 0.15), x - s * 0.25, y - s * 0.25, s * 0.6);
}

function pool(c: Canvas, r: Rand, variant: number): void {
  const s = cycle(SKIES, variant, 2);
  const horizon = H * r.float(0.3, 0.4);
  sky(c, r, s, horizon);
  const v = new View(W * r.float(0.42, 0.58), horizon, r.float(0.14, 0.2));
  const far = v.p(0, 0, 0)[1];
  if (variant % 2 === 0) {
    c.rect(
      0,
      horizon,
      W,
      far - horizon + 2,
      c.linear([
        [0, mix(s.bottom, "#2f6f9a", 0.6)],
        [1, "#1f6b8a"],
      ]),
    );
  } else {
    const hill = mix(s.bottom, "#6f8a6a", 0.5);
    ridge(c, r, horizon + 10, 40, hill);
    for (let i = 0; i < 4; i++) palm(c, r, W * r.float(0, 1), far + 6, (far - horizon) * r.float(2.2, 3.4));
    c.rect(
      0,
      far - 60,
      W,
      62,
      c.linear([
        [0, GREENS[2]],
        [1, GREENS[4]],
      ]),
    );
  }
  const deck = r.pick(["#d9cbb2", "#b9936b", "#e4ddd0", "#a77e58"]);
  c.rect(
    0,
    far,
    W,
    H - far,
    c.linear([
      [0, darken(deck, 0.1)],
      [1, lighten(deck, 0.05)],
    ]),
  );
  c.lines(
    range(-10, 20).map((i) => [v.p(i / 10, 0, 0), v.p(i / 10, 0, 1)] as const),
    darken(deck, 0.25),
    1.5,
    { opacity: 0.45 },
  );

  // Pool placed by apparent size (scale) so it always sits in the middle distance.
  const px: Span = [r.float(0.16, 0.3), r.float(0.62, 0.78)];
  const pz: Span = [v.zAt(r.float(0.28, 0.36)), v.zAt(r.float(0.8, 0.95))];
  c.poly(v.floorQuad([px[0] - 0.03, px[1] + 0.03], [v.zAt(v.scale(pz[0]) * 0.93), pz[1] + 0.03]), "#f1ede4");
  const water = v.floorQuad(px, pz);
  c.poly(
    water,
    c.linear([
      [0, mix("#8fd8e6", s.bottom, 0.3)],
      [0.4, "#3fb3cc"],
      [1, "#168aa8"],
    ]),
  );
  c.poly([water[0], water[1], lerp(water[1], water[2], 0.06), lerp(water[0], water[3], 0.06)], "#0d5f78", {
    opacity: 0.35,
  });
  // Ripples: short wavy strokes, larger and bolder toward the camera, batched by brightness.
  for (const alpha of [0.2, 0.35, 0.5]) {
    let data = "";
    for (let i = 0; i < 25; i++) {
      const z = v.zAt(r.float(v.scale(pz[0]) * 1.1, v.scale(pz[1])));
      const [x, y] = v.p(r.float(px[0] + 0.02, px[1] - 0.02), 0, z);
      const k = v.scale(z);
      const a = r.float(20, 60) * k;
      data += d`M${x - a} ${y}Q${x - a / 2} ${y - 7 * k} ${x} ${y}T${x + a} ${y}`;
    }
    c.path(data, "none", { stroke: "#ffffff", "stroke-width": 3, opacity: alpha });
  }
  // Loungers and an umbrella along the side of the pool with more room.
  const right = 1 - px[1] > px[0];
  const lx = right ? px[1] + 0.07 : px[0] - 0.19;
  const cushion = r.pick(["#f7f5f0", "#e9dfcf", "#dbe7ea", "#3f5f73"]);
  const count = r.int(2, 3);
  const near = v.scale(pz[1]) * 0.9;
  const farScale = v.scale(pz[0]) * 1.3;
  const slots = range(0, count - 1).map((i) => v.zAt(farScale + ((near - farScale) * i) / count));
  const [ux, uy] = v.p(lx + 0.08, 0, (slots[0]! + (slots[1] ?? pz[1])) / 2);
  const us = v.scale((slots[0]! + (slots[1] ?? pz[1])) / 2);
  for (const z of slots) lounger(c, v, lx, z, cushion);
  const canopy = r.pick(["#f2efe8", "#d9c2a0", "#3d5a4f", "#b8553f"]);
  c.shadow(ux, uy, 200 * us, 40 * us, 0.3);
  c.line([ux, uy], [ux, uy - 560 * us], "#d8d2c6", 9 * us);
  c.path(
    d`M${ux - 300 * us} ${uy - 500 * us}Q${ux} ${uy - 700 * us} ${ux + 300 * us} ${uy - 500 * us}Z`,
    c.linear([
      [0, lighten(canopy, 0.1)],
      [1, darken(canopy, 0.15)],
    ]),
  );
  const [bpx, bpy] = v.p(right ? 0.06 : 0.94, 0, v.zAt(0.95));
  plant(c, r, bpx, bpy, 1.3);
}

/** A sun lounger along z: legs, cushion, and a raised back rest at the far end. */
function lounger(c: Canvas, v: View, x: number, z: number, cushion: string): void {
  const z1 = v.zAt(v.scale(z) * 1.35);
  floorShadow(c, v, [x, x + 0.12], [z, z1], 1.15, 0.35);
  box(c, v, [x + 0.005, x + 0.115], [0, 0.05], [z + 0.005, z1 - 0.005], "#8a7a66");
  box(c, v, [x, x + 0.12], [0.05, 0.075], [z + (z1 - z) * 0.3, z1], cushion);
  c.poly(
    [
      v.p(x, 0.075, z + (z1 - z) * 0.3),
      v.p(x + 0.12, 0.075, z + (z1 - z) * 0.3),
      v.p(x + 0.12, 0.24, z),
      v.p(x, 0.24, z),
    ],
    darken(cushion, 0.08),
  );
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
  c.span(
    ga,
    gb,
    c.linear([
      [0, s.top],
      [1, s.bottom],
    ]),
  );
  const horizon = ga[1] + (gb[1] - ga[1]) * r.float(0.55, 0.75);
  for (let x = ga[0]; x < gb[0]; x += r.float(30, 70)) {
    const h = r.float(0.15, 0.55) * (horizon - ga[1]);
    const bw = r.float(30, 70);
    c.rect(
      x,
      horizon - h,
      Math.min(bw, gb[0] - x),
      gb[1] - horizon + h,
      mix(s.bottom, "#5b6b7c", r.float(0.35, 0.7)),
    );
  }
  c.rect(ga[0], horizon, gb[0] - ga[0], gb[1] - horizon, mix(s.bottom, "#4a5866", 0.6));
  const mullions = r.int(4, 7);
  const mx = (i: number) => ga[0] + ((gb[0] - ga[0]) * i) / mullions;
  c.lines(
    range(0, mullions).map(
      (i) =>
        [
          [mx(i), ga[1]],
          [mx(i), gb[1]],
        ] as const,
    ),
    "#3a3d40",
    6,
  );
  c.poly(
    [v.p(0.03, 0, 0), v.p(0.97, 0, 0), v.p(1.2, 0, 0.9), v.p(-0.2, 0, 0.9)],
    c.linear([
      [0, "#ffffff", 0.25],
      [1, "#ffffff", 0],
    ]),
  );
  for (let z = 0.15; z < 0.95; z += 0.2) c.poly(v.floorQuad([0.25, 0.75], [z, z + 0.06], 1), "#fbfbf7");

  // Glass partition down one side.
  const gxLeft = r.chance(0.5);
  const gx = gxLeft ? 0.16 : 0.84;
  c.poly([v.p(gx, 1, 0), v.p(gx, 1, 1), v.p(gx, 0, 1), v.p(gx, 0, 0)], "#d7ecf2", { opacity: 0.25 });
  c.lines(
    range(0, 5).map((i) => [v.p(gx, 1, i / 5), v.p(gx, 0, i / 5)] as const),
    "#5c6166",
    3,
  );
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
      c.span(
        v.p(mx + 0.005, 0.355, z + 0.026),
        v.p(mx + 0.095, 0.295, z + 0.026),
        c.linear(
          [
            [0, "#6fa8d6"],
            [1, "#27496b"],
          ],
          0,
          0,
          1,
          1,
        ),
      );
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
  const v = new View(W * r.float(0.35, 0.65), horizon, r.float(0.04, 0.07));
  c.rect(
    0,
    v.p(0, 0, 0)[1],
    W,
    H,
    c.linear([
      [0, g.far],
      [1, g.near],
    ]),
  );
  // A dirt track winding from the camera to the horizon.
  const phase = r.float(0, Math.PI * 2);
  const track = (z: number) => 0.5 + Math.sin(z * 5 + phase) * 0.2;
  const edge = (side: number) => range(0, 20).map((i) => v.p(track(i / 20) + side * 0.05, 0, i / 20));
  c.poly([...edge(-1), ...edge(1).reverse()], g.mark, { opacity: 0.55 });

  // The plot: a staked rectangle, slightly cleared, placed by apparent size.
  const centre = v.vx / W;
  const pxs: Span = [centre - r.float(0.2, 0.45), centre + r.float(0.1, 0.45)];
  const pzs: Span = [v.zAt(r.float(0.16, 0.24)), v.zAt(r.float(0.5, 0.7))];
  c.poly(v.floorQuad(pxs, pzs), lighten(g.near, 0.12), { opacity: 0.6 });
  // Scrub and stones spread evenly over the visible ground, far to near so nearer ones overlap.
  const spots = range(1, 150).map(() => {
    const k = r.float(v.k * 1.3, 1);
    const x = (v.vx + (r.float(0, W) - v.vx) / k) / W;
    return { x, z: v.zAt(k), k, stone: r.chance(0.3), dark: r.chance(0.5) };
  });
  spots.sort((a, b) => a.z - b.z);
  for (const { x, z, k, stone, dark } of spots) {
    const [tx, ty] = v.p(x, 0, z);
    if (stone) c.ellipse(tx, ty, 14 * k, 7 * k, "#9a9287");
    else c.ellipse(tx, ty - 6 * k, 26 * k, 10 * k, dark ? darken(g.scrub, 0.2) : g.scrub);
  }
  const rope = r.pick(["#f2f0ea", "#e8643c", "#f2c84b"]);
  const corners = [
    v.p(pxs[0], 0.03, pzs[0]),
    v.p(pxs[1], 0.03, pzs[0]),
    v.p(pxs[1], 0.03, pzs[1]),
    v.p(pxs[0], 0.03, pzs[1]),
  ];
  c.poly(corners, "none", { stroke: rope, "stroke-width": 2.5 });
  const posts: Pt[] = [];
  const along = Math.round((pxs[1] - pxs[0]) / 0.12);
  for (let i = 0; i <= along; i++)
    posts.push(
      [pxs[0] + ((pxs[1] - pxs[0]) * i) / along, pzs[0]],
      [pxs[0] + ((pxs[1] - pxs[0]) * i) / along, pzs[1]],
    );
  for (let i = 1; i < 4; i++)
    posts.push(
      [pxs[0], v.zAt(v.scale(pzs[0]) + ((v.scale(pzs[1]) - v.scale(pzs[0])) * i) / 4)],
      [pxs[1], v.zAt(v.scale(pzs[0]) + ((v.scale(pzs[1]) - v.scale(pzs[0])) * i) / 4)],
    );
  posts.sort((a, b) => a[1] - b[1]);
  for (const [x, z] of posts) {
    const [bx, by] = v.p(x, 0, z);
    const k = v.scale(z);
    c.shadow(bx + 10 * k, by, 22 * k, 7 * k, 0.4);
    box(c, v, [x - 0.005, x + 0.005], [0, 0.04], [z - 0.001, z], "#f4f1ea");
    box(c, v, [x - 0.0055, x + 0.0055], [0.04, 0.05], [z - 0.001, z], rope);
  }
  // A blank sign board in front of the plot.
  const sx = r.pick(pxs) + r.float(-0.04, 0.04);
  const sz = v.zAt(Math.min(0.95, v.scale(pzs[1]) * 1.25));
  box(c, v, [sx - 0.04, sx - 0.035], [0, 0.14], [sz - 0.002, sz], "#6d4c33");
  box(c, v, [sx + 0.035, sx + 0.04], [0, 0.14], [sz - 0.002, sz], "#6d4c33");
  box(c, v, [sx - 0.06, sx + 0.06], [0.08, 0.16], [sz, sz + 0.002], "#f4f1ea");
  const [ba, bb] = [v.p(sx - 0.06, 0.16, sz + 0.002), v.p(sx + 0.06, 0.08, sz + 0.002)];
  c.rect(ba[0], ba[1], bb[0] - ba[0], (bb[1] - ba[1]) * 0.3, r.pick(["#2f5d62", "#b8553f", "#2f4858"]));
}

const SCENES: Record<PhotoKind, Scene> = {
  exterior,
  interior,
  kitchen,
  bedroom,
  bathroom,
  aerial,
  pool,
  office,
  land,
};
