// Procedural 360° room for demo listings: an equirectangular image (2:1) of a box-shaped room seen
// from its middle, so the panorama viewer has something real to turn around in without network
// access or bundled files. Walls, windows and a door are drawn with the projection's true curves.
import sharp from "sharp";

export const PANORAMA_WIDTH = 2048;
const W = PANORAMA_WIDTH;
const H = W / 2;

const PALETTES = [
  {
    ceiling: "#f4f1ea",
    wall: "#e8dcc8",
    wall2: "#dccfb8",
    floor: "#a9764a",
    floor2: "#8e5f39",
    trim: "#ffffff",
    door: "#7a4e2d",
  },
  {
    ceiling: "#f7f7f5",
    wall: "#d9e3e6",
    wall2: "#cbd7db",
    floor: "#c8b89c",
    floor2: "#b3a283",
    trim: "#f2f2f2",
    door: "#44505a",
  },
  {
    ceiling: "#fbf8f2",
    wall: "#efe6d6",
    wall2: "#e3d8c4",
    floor: "#6f6a66",
    floor2: "#5e5955",
    trim: "#faf7f0",
    door: "#a3683b",
  },
  {
    ceiling: "#f3f0ee",
    wall: "#e9d9d0",
    wall2: "#dcc9be",
    floor: "#b07d55",
    floor2: "#996843",
    trim: "#ffffff",
    door: "#3f5d4f",
  },
] as const;
export const PANORAMA_VARIANTS = PALETTES.length;

// The room: walls 1 unit from the eye, ceiling 0.9 above it, floor 1.5 below.
const UP = 0.9;
const DOWN = 1.5;

/** Horizontal angle (radians, 0..2π) of an image column. */
const thetaOf = (x: number) => (x / W) * 2 * Math.PI;
const xOf = (theta: number) => (theta / (2 * Math.PI)) * W;
/** Distance to the wall in direction θ, for a square room (walls centred on θ = 0, π/2, π, 3π/2). */
function wallDistance(theta: number) {
  const q = Math.PI / 2;
  const local = ((((theta + Math.PI / 4) % q) + q) % q) - Math.PI / 4;
  return 1 / Math.cos(local);
}
/** Image row of a point at height z (relative to the eye) on the wall in direction θ. */
const yOf = (theta: number, z: number) =>
  H / 2 - (Math.atan2(z, wallDistance(theta)) / (Math.PI / 2)) * (H / 2);

/** A closed shape on the walls between two directions and two heights, following the projection. */
function wallPatch(from: number, to: number, zLow: number, zHigh: number) {
  const steps = 24;
  const top: string[] = [];
  const bottom: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = from + ((to - from) * i) / steps;
    top.push(`${xOf(t).toFixed(1)},${yOf(t, zHigh).toFixed(1)}`);
    bottom.unshift(`${xOf(t).toFixed(1)},${yOf(t, zLow).toFixed(1)}`);
  }
  return `M${top.join(" L")} L${bottom.join(" L")} Z`;
}

export async function renderDemoPanorama(variant: number): Promise<Buffer> {
  if (!Number.isSafeInteger(variant) || variant < 0)
    throw new RangeError(`Invalid panorama variant: ${variant}`);
  const c = PALETTES[variant % PALETTES.length]!;
  const deg = (d: number) => (d * Math.PI) / 180;
  const parts: string[] = [];

  parts.push(`<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8ec5ef"/><stop offset="0.7" stop-color="#d6ecfa"/><stop offset="1" stop-color="#cfe3c4"/></linearGradient>
    <linearGradient id="ceil" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.ceiling}"/><stop offset="1" stop-color="${c.wall}"/></linearGradient>
  </defs>`);
  parts.push(`<rect width="${W}" height="${H}" fill="url(#ceil)"/>`);

  // Walls between the ceiling line and the floor line, alternately shaded like daylight from one side.
  for (let wall = 0; wall < 4; wall++) {
    const from = deg(wall * 90 - 45 + (wall === 0 ? 45 : 0));
    const to = deg(wall * 90 + 45);
    const fill = wall % 2 ? c.wall2 : c.wall;
    parts.push(`<path d="${wallPatch(from, to, -DOWN, UP)}" fill="${fill}"/>`);
  }
  parts.push(`<path d="${wallPatch(deg(315), deg(360), -DOWN, UP)}" fill="${c.wall2}"/>`);

  // Floor: everything below the floor line, with planks running away from the eye.
  const floorLine: string[] = [];
  for (let x = 0; x <= W; x += 16) floorLine.push(`${x},${yOf(thetaOf(x), -DOWN).toFixed(1)}`);
  parts.push(`<path d="M0,${H} L${floorLine.join(" L")} L${W},${H} Z" fill="${c.floor}"/>`);
  for (let x = 0; x < W; x += 32) {
    const y = yOf(thetaOf(x), -DOWN);
    parts.push(
      `<line x1="${x}" y1="${y.toFixed(1)}" x2="${x}" y2="${H}" stroke="${c.floor2}" stroke-width="3" opacity="0.5"/>`,
    );
  }

  // Skirting and cornice, and the room's corners.
  for (const z of [-DOWN + 0.08, UP - 0.04]) {
    const line: string[] = [];
    for (let x = 0; x <= W; x += 16) line.push(`${x},${yOf(thetaOf(x), z).toFixed(1)}`);
    parts.push(`<polyline points="${line.join(" ")}" fill="none" stroke="${c.trim}" stroke-width="6"/>`);
  }
  for (const corner of [45, 135, 225, 315]) {
    const x = xOf(deg(corner));
    parts.push(
      `<line x1="${x}" y1="${yOf(deg(corner), UP).toFixed(1)}" x2="${x}" y2="${yOf(deg(corner), -DOWN).toFixed(1)}" stroke="#000" stroke-opacity="0.08" stroke-width="4"/>`,
    );
  }

  // Two windows with a view, a door and a picture, placed differently per variant. Each is drawn
  // again one turn to either side, so a feature across the image's seam is whole on both edges.
  const turn = (variant * 37) % 90;
  for (const shift of [-360, 0, 360]) {
    for (const centre of [0, 180].map((a) => a + turn + shift)) {
      parts.push(
        `<path d="${wallPatch(deg(centre - 22), deg(centre + 22), -0.55, 0.65)}" fill="${c.trim}"/>`,
      );
      parts.push(`<path d="${wallPatch(deg(centre - 20), deg(centre + 20), -0.5, 0.6)}" fill="url(#sky)"/>`);
      const mullion = xOf(deg(centre));
      parts.push(
        `<line x1="${mullion}" y1="${yOf(deg(centre), 0.6).toFixed(1)}" x2="${mullion}" y2="${yOf(deg(centre), -0.5).toFixed(1)}" stroke="${c.trim}" stroke-width="8"/>`,
      );
    }
    const door = 90 + turn + shift;
    parts.push(
      `<path d="${wallPatch(deg(door - 12), deg(door + 12), -DOWN + 0.02, 0.55)}" fill="${c.door}"/>`,
    );
    parts.push(
      `<circle cx="${xOf(deg(door + 8)).toFixed(1)}" cy="${yOf(deg(door + 8), -0.45).toFixed(1)}" r="7" fill="#d9b45a"/>`,
    );
    const picture = 270 + turn + shift;
    parts.push(`<path d="${wallPatch(deg(picture - 14), deg(picture + 14), -0.15, 0.35)}" fill="#3d4a5c"/>`);
    parts.push(
      `<path d="${wallPatch(deg(picture - 12), deg(picture + 12), -0.12, 0.32)}" fill="${["#e0a458", "#7fb7be", "#c9897c", "#9fb88a"][variant % 4]}"/>`,
    );
  }

  // A ceiling light straight above.
  parts.push(`<rect x="0" y="0" width="${W}" height="40" fill="#ffffff" opacity="0.7"/>`);

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join("")}</svg>`;
  // WebP keeps a 2048 px panorama near 50 KB; viewers only ever need this one size.
  return sharp(Buffer.from(svg)).removeAlpha().webp({ quality: 72 }).toBuffer();
}
