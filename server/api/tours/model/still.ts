// A still picture of the dollhouse: the same walls and floors as the 3D model, drawn as SVG in an
// orthographic three-quarter view from above and rasterised by sharp into WebP. It is what the
// listing shows before the 3D viewer loads, and all it shows without JavaScript. Floors take each
// room's average colour (from its panorama or photo), walls are solid boxes drawn back to front
// and shaded by which way they face, and room names sit on top.
import sharp from "sharp";
import { checkInput, ModelInputError, type ModelInput } from "./contract";
import { faceCorners, layoutPlan, normalOf, type Box, type Layout, type Vec3 } from "./geometry";
import { hex, mapLimit, roomLook, type RoomLook, type Rgb } from "./textures";

export interface StillOptions {
  /** Pixels; 1200 when not given. */
  width?: number;
}

const DEFAULT_WIDTH = 1200;
const MIN_WIDTH = 200;
const MAX_WIDTH = 4096;
/**
 * The view: from the south-east, 25° round from due south and 60° above the horizon. The 3D
 * viewer opens on the same view so the switch from picture to model does not jump.
 */
export const STILL_AZIMUTH_DEG = 25;
export const STILL_ELEVATION_DEG = 60;
const WALL_TOP: Rgb = [96, 101, 108];
const WALL_OUTSIDE: Rgb = [236, 233, 227];
const INK = "#1f2933";
const BACKGROUND = "#eef1f5";

export async function renderStill(
  input: Omit<ModelInput, "links"> & { links?: ModelInput["links"] },
  options: StillOptions = {},
): Promise<Buffer> {
  const checked = checkInput(input, { linksRequired: false });
  const requested = options.width ?? DEFAULT_WIDTH;
  if (
    typeof requested !== "number" ||
    !Number.isFinite(requested) ||
    requested < MIN_WIDTH ||
    requested > MAX_WIDTH
  ) {
    throw new ModelInputError(`The picture's width must be between ${MIN_WIDTH} and ${MAX_WIDTH} pixels.`);
  }
  const layout = layoutPlan(
    checked.rooms.map((r) => r.rect),
    checked.links,
    checked.ceiling,
  );
  const looks = await mapLimit(checked.rooms, 2, (room, i) =>
    roomLook(room, layout.rooms[i]!, layout.interiors[i]!, layout.ceiling, { textures: false, density: 0 }),
  );
  const svg = drawDollhouse(
    layout,
    checked.rooms.map((r) => r.name),
    looks,
    Math.round(requested),
  );
  return sharp(Buffer.from(svg)).webp({ quality: 82, effort: 4 }).toBuffer();
}

const xml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const shadeOf = (c: Rgb, k: number): string => hex(c.map((v) => v * k) as Rgb);

export function drawDollhouse(layout: Layout, names: string[], looks: RoomLook[], width: number): string {
  const az = (STILL_AZIMUTH_DEG * Math.PI) / 180;
  const el = (STILL_ELEVATION_DEG * Math.PI) / 180;
  // Toward the camera, and the screen's right and up, in model space (x east, y up, z south).
  const toCamera: Vec3 = [Math.sin(az) * Math.cos(el), Math.sin(el), Math.cos(az) * Math.cos(el)];
  const right: Vec3 = [Math.cos(az), 0, -Math.sin(az)];
  const up: Vec3 = [-Math.sin(el) * Math.sin(az), Math.cos(el), -Math.sin(el) * Math.cos(az)];
  // Light from the upper left and a little in front: tops brightest, fronts lit, east faces in shade.
  const light: Vec3 = (() => {
    const l: Vec3 = [-0.5, 1, 0.35];
    const n = Math.hypot(...l);
    return l.map((v) => v / n) as Vec3;
  })();
  const shade = (normal: Vec3) => 0.7 + 0.3 * Math.max(0, dot(normal, light));

  // Project in millimetres first, then fit the picture.
  const raw = (p: Vec3): [number, number] => [dot(p, right), -dot(p, up)];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const extend = (p: Vec3) => {
    const [x, y] = raw(p);
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  };
  for (const b of layout.boxes)
    for (const x of [b.min[0], b.max[0]])
      for (const y of [b.min[1], b.max[1]]) for (const z of [b.min[2], b.max[2]]) extend([x, y, z]);
  for (const r of layout.rooms) for (const x of [r.x0, r.x1]) for (const z of [r.z0, r.z1]) extend([x, 0, z]);

  const pad = Math.round(width * 0.05);
  let scale = (width - 2 * pad) / Math.max(1, maxX - minX);
  let height = Math.round((maxY - minY) * scale + 2 * pad);
  const maxHeight = Math.round(width * 1.25);
  if (height > maxHeight) {
    scale = (maxHeight - 2 * pad) / Math.max(1, maxY - minY);
    height = maxHeight;
  }
  height = Math.max(height, Math.round(width * 0.4));
  const offX = (width - (maxX - minX) * scale) / 2 - minX * scale;
  const offY = (height - (maxY - minY) * scale) / 2 - minY * scale;
  const project = (p: Vec3): [number, number] => {
    const [x, y] = raw(p);
    return [x * scale + offX, y * scale + offY];
  };
  const points = (ps: Vec3[]) =>
    ps
      .map(project)
      .map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`)
      .join(" ");
  // The same colour as a thin outline closes the hairline seams anti-aliasing leaves between faces.
  const polygon = (ps: Vec3[], fill: string, extra = "") =>
    `<polygon points="${points(ps)}" fill="${fill}" stroke="${fill}" stroke-width="0.8" stroke-linejoin="round"${extra}/>`;

  const parts: string[] = [];
  parts.push(
    `<defs><filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${(width / 90).toFixed(1)}"/></filter></defs>`,
  );
  // The 3D viewer's background, so the picture and the model that replaces it sit on the same ground.
  parts.push(`<rect width="${width}" height="${height}" fill="${BACKGROUND}"/>`);

  // A soft shadow under the house (room by room, so an L-shaped plan casts an L), pushed away from the light.
  const shift = layout.ceiling * 0.25;
  const footprint = layout.rooms
    .map(
      (r) =>
        `<polygon points="${points([
          [r.x0 + shift, 0, r.z0 + shift * 0.3],
          [r.x1 + shift, 0, r.z0 + shift * 0.3],
          [r.x1 + shift, 0, r.z1 + shift * 0.3],
          [r.x0 + shift, 0, r.z1 + shift * 0.3],
        ])}"/>`,
    )
    .join("");
  parts.push(`<g filter="url(#soft)" opacity="0.28" fill="#2d3748">${footprint}</g>`);

  // Floors lie under everything else, so they go first, in any order.
  layout.rooms.forEach((r, i) => {
    const fill = shadeOf(looks[i]!.floor, 0.97);
    parts.push(
      polygon(
        [
          [r.x0, 0, r.z0],
          [r.x1, 0, r.z0],
          [r.x1, 0, r.z1],
          [r.x0, 0, r.z1],
        ],
        fill,
      ),
    );
  });

  for (const box of paintersOrder(layout.boxes, toCamera, (box) => screenBounds(box, project))) {
    for (const face of box.faces) {
      const normal = normalOf(face.side);
      if (dot(normal, toCamera) <= 1e-6) continue;
      const base =
        face.kind === "room" ? looks[face.room]!.wall : face.kind === "top" ? WALL_TOP : WALL_OUTSIDE;
      parts.push(polygon(faceCorners(box, face), shadeOf(base, shade(normal))));
    }
  }

  // Names on top of everything, over the middle of the floor that can be seen: walls in front of a
  // room hide a strip of its floor along its south and east sides.
  const baseSize = Math.max(11, Math.min(30, width / 48));
  const hidden = layout.ceiling / Math.tan(el);
  layout.rooms.forEach((r, i) => {
    const name = names[i]!;
    const floorWidth = Math.abs(project([r.x1, 0, r.z0])[0] - project([r.x0, 0, r.z1])[0]);
    const size = Math.max(
      9,
      Math.min(baseSize, (floorWidth * 0.8) / (0.6 * Math.max(4, Array.from(name).length))),
    );
    const seenX1 = Math.max(r.x0, r.x1 - hidden * Math.sin(az));
    const seenZ1 = Math.max(r.z0, r.z1 - hidden * Math.cos(az));
    const [x, y] = project([(r.x0 + seenX1) / 2, 0, (r.z0 + seenZ1) / 2]);
    parts.push(
      `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-size="${size.toFixed(1)}" text-anchor="middle" dominant-baseline="middle" ` +
        `font-family="Noto Sans, Noto Sans Arabic, DejaVu Sans, Arial, sans-serif" font-weight="600" fill="${INK}" ` +
        `stroke="#ffffff" stroke-opacity="0.85" stroke-width="${(size / 4).toFixed(1)}" stroke-linejoin="round" paint-order="stroke">${xml(name)}</text>`,
    );
  });

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join("")}</svg>`;
}

function screenBounds(box: Box, project: (p: Vec3) => [number, number]) {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const x of [box.min[0], box.max[0]]) {
    for (const y of [box.min[1], box.max[1]]) {
      for (const z of [box.min[2], box.max[2]]) {
        const [sx, sy] = project([x, y, z]);
        x0 = Math.min(x0, sx);
        x1 = Math.max(x1, sx);
        y0 = Math.min(y0, sy);
        y1 = Math.max(y1, sy);
      }
    }
  }
  return { x0, y0, x1, y1 };
}

/**
 * Boxes ordered so each is drawn after every box it hides part of. For boxes that do not overlap, one
 * is behind another when they are apart along some axis and it is on the far side from the camera;
 * only pairs whose pictures overlap need an order. Ties (and, should one ever arise, a cycle) fall
 * back to the distance from the camera.
 */
export function paintersOrder(
  boxes: Box[],
  toCamera: Vec3,
  bounds: (box: Box) => { x0: number; y0: number; x1: number; y1: number },
): Box[] {
  const n = boxes.length;
  const rects = boxes.map(bounds);
  const depth = boxes.map((b) =>
    dot([(b.min[0] + b.max[0]) / 2, (b.min[1] + b.max[1]) / 2, (b.min[2] + b.max[2]) / 2], toCamera),
  );
  const behind = (a: Box, b: Box) => {
    for (let i = 0; i < 3; i++) {
      const c = toCamera[i]!;
      if (c > 0 && a.max[i]! <= b.min[i]!) return true;
      if (c < 0 && a.min[i]! >= b.max[i]!) return true;
    }
    return false;
  };
  const after: number[][] = boxes.map(() => []);
  const waiting = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const p = rects[i]!;
      const q = rects[j]!;
      if (p.x1 <= q.x0 || q.x1 <= p.x0 || p.y1 <= q.y0 || q.y1 <= p.y0) continue;
      const ij = behind(boxes[i]!, boxes[j]!);
      const ji = behind(boxes[j]!, boxes[i]!);
      if (ij === ji) continue;
      const [first, second] = ij ? [i, j] : [j, i];
      after[first]!.push(second);
      waiting[second]!++;
    }
  }
  const done = new Array<boolean>(n).fill(false);
  const order: Box[] = [];
  for (let k = 0; k < n; k++) {
    // The farthest box free to go; with none free (a cycle), the farthest left.
    let pick = -1;
    for (let i = 0; i < n; i++)
      if (!done[i] && waiting[i] === 0 && (pick < 0 || depth[i]! < depth[pick]!)) pick = i;
    if (pick < 0)
      for (let i = 0; i < n; i++) if (!done[i] && (pick < 0 || depth[i]! < depth[pick]!)) pick = i;
    done[pick] = true;
    order.push(boxes[pick]!);
    for (const j of after[pick]!) waiting[j]!--;
  }
  return order;
}
