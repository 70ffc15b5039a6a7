// The demo tour's flat: its rooms on a floor plan (the tour's rows take their places from here) and
// the plan drawn as an architect's sketch, so the tour has a real picture to put its rooms on.
import sharp from "sharp";

export interface DemoTourRoom {
  name: string;
  /** Which drawn 360° room it shows (demo/photos/panorama.ts). */
  panorama: number;
  /** Its rectangle on the plan, percent of the plan's width and height. */
  plan: { x: number; y: number; w: number; h: number };
}

/** Rooms that touch share a wall, where a link between them becomes a doorway in the 3D model. */
export const DEMO_TOUR_ROOMS: readonly DemoTourRoom[] = [
  { name: "Living room", panorama: 0, plan: { x: 4, y: 6, w: 52, h: 56 } },
  { name: "Kitchen", panorama: 1, plan: { x: 56, y: 6, w: 40, h: 38 } },
  { name: "Bedroom", panorama: 2, plan: { x: 56, y: 44, w: 40, h: 50 } },
  { name: "Study", panorama: 3, plan: { x: 4, y: 62, w: 52, h: 32 } },
];

/**
 * Doorways by room index, with the direction each room sees the other in (degrees from the
 * panorama's centre, which looks north: up the plan).
 */
export const DEMO_TOUR_LINKS: readonly { from: number; to: number; yaw: number }[] = [
  { from: 0, to: 1, yaw: 90 },
  { from: 1, to: 0, yaw: -90 },
  { from: 0, to: 3, yaw: 180 },
  { from: 3, to: 0, yaw: 0 },
  { from: 1, to: 2, yaw: 180 },
  { from: 2, to: 1, yaw: 0 },
  { from: 3, to: 2, yaw: 90 },
  { from: 2, to: 3, yaw: -90 },
];

/** Metres the plan spans from left to right: the 3D model's scale. */
export const DEMO_TOUR_PLAN_WIDTH_M = 14;

const W = 1600;
const H = 1000;

/** The plan as a PNG: walls, doorways where rooms are linked, and each room's name and size. */
export async function renderDemoFloorPlan(): Promise<Buffer> {
  const px = (percent: number, of: number) => (percent / 100) * of;
  const parts: string[] = [`<rect width="${W}" height="${H}" fill="#fbfaf7"/>`];
  // A faint metre grid, as on squared paper.
  const metre = W / DEMO_TOUR_PLAN_WIDTH_M;
  for (let x = 0; x <= W; x += metre)
    parts.push(`<line x1="${x.toFixed(1)}" y1="0" x2="${x.toFixed(1)}" y2="${H}" stroke="#e6e1d6"/>`);
  for (let y = 0; y <= H; y += metre)
    parts.push(`<line x1="0" y1="${y.toFixed(1)}" x2="${W}" y2="${y.toFixed(1)}" stroke="#e6e1d6"/>`);
  const fills = ["#efe4d2", "#e2ebe4", "#e6e3f0", "#f0e6e0"];
  for (const [i, room] of DEMO_TOUR_ROOMS.entries()) {
    const { x, y, w, h } = room.plan;
    const [rx, ry, rw, rh] = [px(x, W), px(y, H), px(w, W), px(h, H)];
    parts.push(
      `<rect x="${rx}" y="${ry}" width="${rw}" height="${rh}" fill="${fills[i % fills.length]}" stroke="#3b3b3b" stroke-width="10"/>`,
    );
    const widthM = (w / 100) * DEMO_TOUR_PLAN_WIDTH_M;
    const depthM = (h / 100) * DEMO_TOUR_PLAN_WIDTH_M * (H / W);
    parts.push(
      `<text x="${rx + rw / 2}" y="${ry + rh / 2}" font-family="sans-serif" font-size="44" font-weight="700" fill="#3b3b3b" text-anchor="middle">${room.name}</text>`,
      `<text x="${rx + rw / 2}" y="${ry + rh / 2 + 52}" font-family="sans-serif" font-size="32" fill="#6b665c" text-anchor="middle">${widthM.toFixed(1)} × ${depthM.toFixed(1)} m</text>`,
    );
  }
  // Doorways: a gap in the shared wall, in the middle of the stretch the two rooms share.
  for (const link of DEMO_TOUR_LINKS) {
    if (link.from > link.to) continue;
    const a = DEMO_TOUR_ROOMS[link.from]!.plan;
    const b = DEMO_TOUR_ROOMS[link.to]!.plan;
    if (a.x + a.w === b.x || b.x + b.w === a.x) {
      const wallX = px(a.x + a.w === b.x ? b.x : a.x, W);
      const mid = px((Math.max(a.y, b.y) + Math.min(a.y + a.h, b.y + b.h)) / 2, H);
      parts.push(`<rect x="${wallX - 8}" y="${mid - 45}" width="16" height="90" fill="#fbfaf7"/>`);
    } else {
      const wallY = px(a.y + a.h === b.y ? b.y : a.y, H);
      const mid = px((Math.max(a.x, b.x) + Math.min(a.x + a.w, b.x + b.w)) / 2, W);
      parts.push(`<rect x="${mid - 45}" y="${wallY - 8}" width="90" height="16" fill="#fbfaf7"/>`);
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join("")}</svg>`;
  return sharp(Buffer.from(svg)).removeAlpha().png().toBuffer();
}
