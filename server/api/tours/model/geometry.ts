// The dollhouse's shape, independent of how it is drawn: the rooms' rectangles with nearly-touching
// walls pulled together, the walls as axis-aligned boxes that never overlap (so no two faces share a
// plane and fight for the same pixels), and door openings between linked rooms. Used both for the
// glTF model and for the still picture. Everything here is in whole millimetres so that walls that
// touch compare equal exactly; plan x runs east, plan y (here z) south, y is up.

export interface Rect {
  x0: number;
  z0: number;
  x1: number;
  z1: number;
}

export type Vec3 = [number, number, number];
export type Side = "+x" | "-x" | "+y" | "-y" | "+z" | "-z";
/** room: faces a room's inside; exterior: faces outside the home; top: a wall's upper edge; end: a door jamb; soffit: under a lintel. */
export type FaceKind = "room" | "exterior" | "top" | "end" | "soffit";

export interface Face {
  side: Side;
  kind: FaceKind;
  /** Index of the room the face looks into (kind "room"), else -1. */
  room: number;
  /** A jamb face stops at the door's height: above it the lintel sits against the wall. */
  yMax?: number;
}

export interface Box {
  min: Vec3;
  max: Vec3;
  faces: Face[];
}

export interface Opening {
  /** Room indexes. */
  rooms: [number, number];
  /** "h": in a wall running east–west at z = at; "v": north–south at x = at. */
  line: "h" | "v";
  at: number;
  from: number;
  to: number;
  height: number;
}

export interface Layout {
  /** The rooms' outlines after snapping, same order as given. */
  rooms: Rect[];
  /** Each room's inside: the outline less half a wall on every side. */
  interiors: Rect[];
  ceiling: number;
  thickness: number;
  boxes: Box[];
  openings: Opening[];
  bounds: Rect;
}

/** Walls are drawn this thick, centred on the rooms' edges. */
export const WALL_THICKNESS = 100;
/** Rooms drawn this close (gap or overlap) share a wall. */
export const SNAP_TOLERANCE = 300;
export const DOOR_WIDTH = 900;
export const DOOR_HEIGHT = 2100;
/** The narrowest opening still worth cutting, and what is left of the wall beside it at least. */
const MIN_DOOR = 600;
const JAMB_MARGIN = 50;

// ---------------------------------------------------------------------------------------------
// Snapping

interface Edge {
  room: number;
  /** 0: the room's low side (x0 or z0), 1: its high side. */
  end: 0 | 1;
  value: number;
  spanFrom: number;
  spanTo: number;
}

/**
 * Pulls together room edges that are meant to be one wall: plans are drawn by hand, so neighbours
 * overlap or leave a gap of a few centimetres. Edges (on the same axis) closer than the tolerance,
 * whose extents overlap or nearly meet, move to a common line; a group never spans more than the
 * tolerance, so no edge moves by more than half of it, and never holds both sides of one room.
 */
export function snapRooms(rects: readonly Rect[]): Rect[] {
  const out = rects.map((r) => ({ ...r }));
  for (const axis of ["x", "z"] as const) {
    const edges: Edge[] = [];
    rects.forEach((r, room) => {
      const [lo, hi, s0, s1] = axis === "x" ? [r.x0, r.x1, r.z0, r.z1] : [r.z0, r.z1, r.x0, r.x1];
      edges.push(
        { room, end: 0, value: lo, spanFrom: s0, spanTo: s1 },
        { room, end: 1, value: hi, spanFrom: s0, spanTo: s1 },
      );
    });
    const pairs: Array<[number, number, number]> = [];
    for (let i = 0; i < edges.length; i++) {
      for (let j = i + 1; j < edges.length; j++) {
        const a = edges[i]!;
        const b = edges[j]!;
        if (a.room === b.room) continue;
        const d = Math.abs(a.value - b.value);
        if (d > SNAP_TOLERANCE) continue;
        const gap = Math.max(a.spanFrom, b.spanFrom) - Math.min(a.spanTo, b.spanTo);
        if (gap > SNAP_TOLERANCE) continue;
        pairs.push([d, i, j]);
      }
    }
    pairs.sort((p, q) => p[0] - q[0]);

    const parent = edges.map((_, i) => i);
    const group = edges.map((e) => ({ min: e.value, max: e.value, members: [e] }));
    const find = (i: number): number => {
      while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
      return i;
    };
    for (const [, i, j] of pairs) {
      const gi = find(i);
      const gj = find(j);
      if (gi === gj) continue;
      const a = group[gi]!;
      const b = group[gj]!;
      const min = Math.min(a.min, b.min);
      const max = Math.max(a.max, b.max);
      if (max - min > SNAP_TOLERANCE) continue;
      const rooms = new Set(a.members.map((e) => e.room));
      if (
        b.members.some(
          (e) => rooms.has(e.room) && a.members.some((f) => f.room === e.room && f.end !== e.end),
        )
      )
        continue;
      parent[gj] = gi;
      group[gi] = { min, max, members: [...a.members, ...b.members] };
    }
    edges.forEach((e, i) => {
      const g = group[find(i)]!;
      if (g.members.length < 2) return;
      const v = Math.round((g.min + g.max) / 2);
      const r = out[e.room]!;
      if (axis === "x") r[e.end ? "x1" : "x0"] = v;
      else r[e.end ? "z1" : "z0"] = v;
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Walls

interface Piece {
  /** Where the wall box starts and ends along its line (posts excluded). */
  from: number;
  to: number;
  /** Junction positions the piece is attached to at either end, or null for a free end. */
  startPost: number | null;
  endPost: number | null;
  openings: Opening[];
}

interface Line {
  dir: "h" | "v";
  at: number;
  intervals: Array<[number, number]>;
  junctions: number[];
  pieces: Piece[];
}

function mergeIntervals(list: Array<[number, number]>): Array<[number, number]> {
  const sorted = [...list].sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

const covers = (intervals: Array<[number, number]>, v: number) =>
  intervals.some(([a, b]) => a <= v && v <= b);

/** The rectangle's inside, half a wall in from each edge (never inverted). */
export function interiorOf(r: Rect, t = WALL_THICKNESS): Rect {
  const h = t / 2;
  const x0 = Math.min(r.x0 + h, (r.x0 + r.x1) / 2);
  const z0 = Math.min(r.z0 + h, (r.z0 + r.z1) / 2);
  return { x0, z0, x1: Math.max(r.x1 - h, x0), z1: Math.max(r.z1 - h, z0) };
}

/** Builds the walls, posts and openings for rooms (millimetres) joined by links (index pairs). */
export function layoutPlan(
  input: readonly Rect[],
  links: ReadonlyArray<readonly [number, number]>,
  ceiling: number,
): Layout {
  const t = WALL_THICKNESS;
  const half = t / 2;
  const rooms = snapRooms(input);
  const interiors = rooms.map((r) => interiorOf(r));

  // Every room edge lies on a line; edges on one line merge into continuous wall runs.
  const lines = new Map<string, Line>();
  const addEdge = (dir: "h" | "v", at: number, a: number, b: number) => {
    const key = `${dir}${at}`;
    let line = lines.get(key);
    if (!line) lines.set(key, (line = { dir, at, intervals: [], junctions: [], pieces: [] }));
    line.intervals.push([a, b]);
  };
  for (const r of rooms) {
    addEdge("h", r.z0, r.x0, r.x1);
    addEdge("h", r.z1, r.x0, r.x1);
    addEdge("v", r.x0, r.z0, r.z1);
    addEdge("v", r.x1, r.z0, r.z1);
  }
  const all = [...lines.values()];
  for (const l of all) l.intervals = mergeIntervals(l.intervals);
  const hLines = all.filter((l) => l.dir === "h");
  const vLines = all.filter((l) => l.dir === "v");

  // Where an east–west run meets a north–south one (corner, T or crossing) stands a square post;
  // runs stop at posts, so walls meet without overlapping.
  const posts = new Map<string, { x: number; z: number; attached: Set<Side> }>();
  for (const h of hLines) {
    for (const v of vLines) {
      if (covers(h.intervals, v.at) && covers(v.intervals, h.at)) {
        h.junctions.push(v.at);
        v.junctions.push(h.at);
        posts.set(`${v.at},${h.at}`, { x: v.at, z: h.at, attached: new Set() });
      }
    }
  }
  for (const l of all) {
    l.junctions.sort((a, b) => a - b);
    for (const [a, b] of l.intervals) {
      const stops = l.junctions.filter((j) => a <= j && j <= b);
      // A run's ends are normally posts (room corners); an end that is not is left open.
      const marks: Array<{ at: number; post: boolean }> = [];
      if (stops[0] !== a) marks.push({ at: a, post: false });
      for (const s of stops) marks.push({ at: s, post: true });
      if (stops[stops.length - 1] !== b) marks.push({ at: b, post: false });
      for (let i = 0; i + 1 < marks.length; i++) {
        const s = marks[i]!;
        const e = marks[i + 1]!;
        const from = s.post ? s.at + half : s.at;
        const to = e.post ? e.at - half : e.at;
        if (to - from <= 0) continue;
        l.pieces.push({
          from,
          to,
          startPost: s.post ? s.at : null,
          endPost: e.post ? e.at : null,
          openings: [],
        });
        const postAt = (p: number) => (l.dir === "h" ? posts.get(`${p},${l.at}`) : posts.get(`${l.at},${p}`));
        if (s.post) postAt(s.at)?.attached.add(l.dir === "h" ? "+x" : "+z");
        if (e.post) postAt(e.at)?.attached.add(l.dir === "h" ? "-x" : "-z");
      }
    }
  }

  // Doors: where two linked rooms share a wall, centred on the longest stretch of it.
  const openings: Opening[] = [];
  const doorHeight = Math.min(DOOR_HEIGHT, ceiling);
  for (const [i, j] of links) {
    const a = rooms[i]!;
    const b = rooms[j]!;
    let shared: { dir: "h" | "v"; at: number; from: number; to: number } | null = null;
    if (a.x1 === b.x0 || a.x0 === b.x1)
      shared = {
        dir: "v",
        at: a.x1 === b.x0 ? a.x1 : a.x0,
        from: Math.max(a.z0, b.z0),
        to: Math.min(a.z1, b.z1),
      };
    else if (a.z1 === b.z0 || a.z0 === b.z1)
      shared = {
        dir: "h",
        at: a.z1 === b.z0 ? a.z1 : a.z0,
        from: Math.max(a.x0, b.x0),
        to: Math.min(a.x1, b.x1),
      };
    if (!shared || shared.to - shared.from <= 0) continue;
    const line = lines.get(`${shared.dir}${shared.at}`);
    if (!line) continue;
    let best: { piece: Piece; from: number; to: number } | null = null;
    for (const piece of line.pieces) {
      const from = Math.max(piece.from, shared.from);
      const to = Math.min(piece.to, shared.to);
      if (to - from > (best ? best.to - best.from : 0)) best = { piece, from, to };
    }
    if (!best) continue;
    const width = Math.min(DOOR_WIDTH, best.to - best.from - 2 * JAMB_MARGIN);
    if (width < MIN_DOOR) continue;
    const centre = Math.round((best.from + best.to) / 2);
    const opening: Opening = {
      rooms: [i, j],
      line: shared.dir,
      at: shared.at,
      from: centre - Math.floor(width / 2),
      to: centre + Math.ceil(width / 2),
      height: doorHeight,
    };
    if (best.piece.openings.some((o) => o.from < opening.to && opening.from < o.to)) continue;
    best.piece.openings.push(opening);
    openings.push(opening);
  }

  // Which room (if any) a face looks into: the smallest room whose inside holds a point just in front of it.
  const lookInto = (x: number, z: number): number => {
    let found = -1;
    let area = Infinity;
    interiors.forEach((r, k) => {
      if (x >= r.x0 && x <= r.x1 && z >= r.z0 && z <= r.z1) {
        const a = (r.x1 - r.x0) * (r.z1 - r.z0);
        if (a < area) [found, area] = [k, a];
      }
    });
    return found;
  };
  const sideFace = (side: Side, x: number, z: number): Face => {
    const room = lookInto(x, z);
    return { side, kind: room >= 0 ? "room" : "exterior", room };
  };

  const boxes: Box[] = [];
  const ahead = 5;
  for (const l of all) {
    for (const piece of l.pieces) {
      // Along the line: walls between openings, lintels over them.
      const spans: Array<{
        from: number;
        to: number;
        lintel: boolean;
        startFree: number | null;
        endFree: number | null;
      }> = [];
      let cursor = piece.from;
      let cursorFree: number | null = piece.startPost === null ? ceiling : null;
      for (const o of [...piece.openings].sort((p, q) => p.from - q.from)) {
        if (o.from > cursor)
          spans.push({ from: cursor, to: o.from, lintel: false, startFree: cursorFree, endFree: o.height });
        if (ceiling - o.height > 10)
          spans.push({ from: o.from, to: o.to, lintel: true, startFree: null, endFree: null });
        cursor = o.to;
        cursorFree = o.height;
      }
      if (piece.to > cursor)
        spans.push({
          from: cursor,
          to: piece.to,
          lintel: false,
          startFree: cursorFree,
          endFree: piece.endPost === null ? ceiling : null,
        });

      for (const s of spans) {
        const y0 = s.lintel ? piece.openings.find((o) => o.from === s.from)!.height : 0;
        const mid = (s.from + s.to) / 2;
        const faces: Face[] = [{ side: "+y", kind: "top", room: -1 }];
        if (s.lintel) faces.push({ side: "-y", kind: "soffit", room: -1 });
        if (l.dir === "h") {
          faces.push(sideFace("-z", mid, l.at - half - ahead), sideFace("+z", mid, l.at + half + ahead));
          if (s.startFree !== null) faces.push({ side: "-x", kind: "end", room: -1, yMax: s.startFree });
          if (s.endFree !== null) faces.push({ side: "+x", kind: "end", room: -1, yMax: s.endFree });
          boxes.push({ min: [s.from, y0, l.at - half], max: [s.to, ceiling, l.at + half], faces });
        } else {
          faces.push(sideFace("-x", l.at - half - ahead, mid), sideFace("+x", l.at + half + ahead, mid));
          if (s.startFree !== null) faces.push({ side: "-z", kind: "end", room: -1, yMax: s.startFree });
          if (s.endFree !== null) faces.push({ side: "+z", kind: "end", room: -1, yMax: s.endFree });
          boxes.push({ min: [l.at - half, y0, s.from], max: [l.at + half, ceiling, s.to], faces });
        }
      }
    }
  }
  for (const p of posts.values()) {
    const faces: Face[] = [{ side: "+y", kind: "top", room: -1 }];
    if (!p.attached.has("-x")) faces.push(sideFace("-x", p.x - half - ahead, p.z));
    if (!p.attached.has("+x")) faces.push(sideFace("+x", p.x + half + ahead, p.z));
    if (!p.attached.has("-z")) faces.push(sideFace("-z", p.x, p.z - half - ahead));
    if (!p.attached.has("+z")) faces.push(sideFace("+z", p.x, p.z + half + ahead));
    boxes.push({ min: [p.x - half, 0, p.z - half], max: [p.x + half, ceiling, p.z + half], faces });
  }

  const bounds: Rect = {
    x0: Math.min(...rooms.map((r) => r.x0)) - half,
    z0: Math.min(...rooms.map((r) => r.z0)) - half,
    x1: Math.max(...rooms.map((r) => r.x1)) + half,
    z1: Math.max(...rooms.map((r) => r.z1)) + half,
  };
  return { rooms, interiors, ceiling, thickness: t, boxes, openings, bounds };
}

// ---------------------------------------------------------------------------------------------
// Faces as quads

const AXES: Record<Side, { axis: 0 | 1 | 2; high: boolean; u: 0 | 1 | 2; v: 0 | 1 | 2; normal: Vec3 }> = {
  // u × v = normal, so corners listed (u0,v0) (u1,v0) (u1,v1) (u0,v1) wind counter-clockwise seen from outside.
  "+x": { axis: 0, high: true, u: 1, v: 2, normal: [1, 0, 0] },
  "-x": { axis: 0, high: false, u: 2, v: 1, normal: [-1, 0, 0] },
  "+y": { axis: 1, high: true, u: 2, v: 0, normal: [0, 1, 0] },
  "-y": { axis: 1, high: false, u: 0, v: 2, normal: [0, -1, 0] },
  "+z": { axis: 2, high: true, u: 0, v: 1, normal: [0, 0, 1] },
  "-z": { axis: 2, high: false, u: 1, v: 0, normal: [0, 0, -1] },
};

export const normalOf = (side: Side): Vec3 => AXES[side].normal;

/** The four corners of a box's face, counter-clockwise seen from outside the box. */
export function faceCorners(box: Box, face: Face): [Vec3, Vec3, Vec3, Vec3] {
  const { axis, high, u, v } = AXES[face.side];
  const max: Vec3 = [...box.max];
  if (face.yMax !== undefined) max[1] = Math.min(max[1], face.yMax);
  const corner = (cu: number, cv: number): Vec3 => {
    const p: Vec3 = [0, 0, 0];
    p[axis] = high ? box.max[axis] : box.min[axis];
    p[u] = cu;
    p[v] = cv;
    return p;
  };
  return [
    corner(box.min[u], box.min[v]),
    corner(max[u], box.min[v]),
    corner(max[u], max[v]),
    corner(box.min[u], max[v]),
  ];
}

/**
 * Where along a room's walls a point of its inside face lies, as a fraction of the way round:
 * clockwise seen from above from the north-west corner (north wall west→east, then east, south,
 * west), the same way a panorama's columns turn. The face's side says which wall it is.
 */
export function perimeterFraction(interior: Rect, side: Side, x: number, z: number): number {
  const w = interior.x1 - interior.x0;
  const d = interior.z1 - interior.z0;
  const p = 2 * (w + d) || 1;
  let s: number;
  switch (side) {
    case "+z": // faces south: the room's north wall
      s = x - interior.x0;
      break;
    case "-x": // faces west: its east wall
      s = w + (z - interior.z0);
      break;
    case "-z": // faces north: its south wall
      s = w + d + (interior.x1 - x);
      break;
    default: // faces east: its west wall
      s = 2 * w + d + (interior.z1 - z);
  }
  return s / p;
}

/** The point on a room's walls at a fraction of the way round (see perimeterFraction). */
export function perimeterPoint(interior: Rect, fraction: number): { x: number; z: number } {
  const w = interior.x1 - interior.x0;
  const d = interior.z1 - interior.z0;
  let s = (((fraction % 1) + 1) % 1) * 2 * (w + d);
  if (s < w) return { x: interior.x0 + s, z: interior.z0 };
  s -= w;
  if (s < d) return { x: interior.x1, z: interior.z0 + s };
  s -= d;
  if (s < w) return { x: interior.x1 - s, z: interior.z1 };
  s -= w;
  return { x: interior.x0, z: interior.z1 - s };
}
