import { describe, expect, it } from "vitest";
import {
  faceCorners,
  layoutPlan,
  normalOf,
  perimeterFraction,
  perimeterPoint,
  snapRooms,
  type Box,
  type Rect,
} from "./geometry";

// Rooms in metres, as on the plan; the layout works in millimetres.
const room = (x: number, y: number, width: number, depth: number): Rect => ({
  x0: x * 1000,
  z0: y * 1000,
  x1: (x + width) * 1000,
  z1: (y + depth) * 1000,
});
const CEILING = 2700;

/** Overlap volume of two boxes (0 when they only touch). */
function overlap(a: Box, b: Box) {
  let v = 1;
  for (let i = 0; i < 3; i++)
    v *= Math.max(0, Math.min(a.max[i]!, b.max[i]!) - Math.max(a.min[i]!, b.min[i]!));
  return v;
}

describe("snapRooms", () => {
  it("pulls a small gap or overlap between neighbours onto one line, leaving far rooms alone", () => {
    const [a, b, c] = snapRooms([room(0, 0, 4, 3), room(4.2, 0, 3, 3), room(20, 0, 3, 3)]);
    expect(a!.x1).toBe(4100);
    expect(b!.x0).toBe(4100);
    expect(c).toEqual(room(20, 0, 3, 3));
    const [d, e] = snapRooms([room(0, 0, 4, 3), room(3.75, 0, 3, 3)]);
    expect(d!.x1).toBe(e!.x0);
  });

  it("does not join rooms further apart than the tolerance", () => {
    const [a, b] = snapRooms([room(0, 0, 4, 3), room(4.5, 0, 3, 3)]);
    expect(a!.x1).toBe(4000);
    expect(b!.x0).toBe(4500);
  });

  it("never folds a small room onto itself", () => {
    const rects = snapRooms([room(0, 0, 0.5, 0.5), room(0.25, 0, 0.5, 0.5), room(0.5, 0, 0.5, 0.5)]);
    for (const r of rects) expect(r.x1 - r.x0).toBeGreaterThan(0);
  });
});

describe("layoutPlan", () => {
  it("cuts a door, centred on the shared stretch, where two linked rooms touch", () => {
    const layout = layoutPlan([room(0, 0, 4, 3), room(4, 1, 3, 4)], [[0, 1]], CEILING);
    expect(layout.openings).toHaveLength(1);
    const door = layout.openings[0]!;
    expect(door).toMatchObject({ line: "v", at: 4000, height: 2100 });
    expect(door.to - door.from).toBe(900);
    // The shared stretch is y 1 → 3 m.
    expect((door.from + door.to) / 2).toBe(2000);
    // A lintel spans the door above 2.1 m; nothing stands in it below.
    const inDoor = layout.boxes.filter(
      (b) => b.min[0] < 4000 && b.max[0] > 4000 && b.min[2] < 2000 && b.max[2] > 2000,
    );
    expect(inDoor).toHaveLength(1);
    expect(inDoor[0]!.min[1]).toBe(2100);
    expect(inDoor[0]!.faces.some((f) => f.side === "-y")).toBe(true);
  });

  it("cuts a door where linked rooms overlap or leave a gap within 0.3 m", () => {
    expect(layoutPlan([room(0, 0, 4, 3), room(3.8, 0, 3, 3)], [[0, 1]], CEILING).openings).toHaveLength(1);
    expect(layoutPlan([room(0, 0, 4, 3), room(0, 3.25, 4, 3)], [[0, 1]], CEILING).openings).toHaveLength(1);
  });

  it("cuts no door between unlinked rooms, linked rooms apart, or rooms meeting at a corner", () => {
    expect(layoutPlan([room(0, 0, 4, 3), room(4, 0, 3, 3)], [], CEILING).openings).toHaveLength(0);
    expect(layoutPlan([room(0, 0, 4, 3), room(5, 0, 3, 3)], [[0, 1]], CEILING).openings).toHaveLength(0);
    expect(layoutPlan([room(0, 0, 4, 3), room(4, 3, 3, 3)], [[0, 1]], CEILING).openings).toHaveLength(0);
  });

  it("cuts no door where the shared stretch is too short for one", () => {
    expect(layoutPlan([room(0, 0, 4, 3), room(4, 2.5, 3, 3)], [[0, 1]], CEILING).openings).toHaveLength(0);
  });

  it("keeps the door below a low ceiling, with no lintel", () => {
    const layout = layoutPlan([room(0, 0, 4, 3), room(4, 0, 3, 3)], [[0, 1]], 2000);
    expect(layout.openings[0]!.height).toBe(2000);
    expect(layout.boxes.every((b) => b.min[1] === 0)).toBe(true);
  });

  it("builds a shared wall once: no two wall boxes overlap, so no two faces fight for the same pixels", () => {
    const rects = [
      room(0, 0, 6, 4.5),
      room(6.1, 0, 3.5, 4.5),
      room(0, 4.5, 9.6, 1.4),
      room(0, 5.9, 4, 3.6),
      room(4, 5.9, 2.4, 3.6),
      room(6.4, 5.85, 3.2, 3.6),
    ];
    const layout = layoutPlan(
      rects,
      [
        [0, 1],
        [0, 2],
        [2, 3],
        [2, 4],
        [2, 5],
      ],
      CEILING,
    );
    expect(layout.openings).toHaveLength(5);
    for (let i = 0; i < layout.boxes.length; i++) {
      for (let j = i + 1; j < layout.boxes.length; j++)
        expect(overlap(layout.boxes[i]!, layout.boxes[j]!)).toBe(0);
    }
    // The wall between living room and kitchen shows the living room on one side, the kitchen on the other.
    const between = layout.boxes.filter(
      (b) => b.min[0] === 6000 && b.max[0] === 6100 && b.min[1] === 0 && b.max[2] - b.min[2] > 100,
    );
    expect(between.length).toBeGreaterThan(0);
    for (const b of between) {
      expect(b.faces.find((f) => f.side === "-x")).toMatchObject({ kind: "room", room: 0 });
      expect(b.faces.find((f) => f.side === "+x")).toMatchObject({ kind: "room", room: 1 });
    }
  });

  it("faces its outside walls outward and each room's walls into the room", () => {
    const layout = layoutPlan([room(0, 0, 4, 3)], [], CEILING);
    expect(layout.boxes).toHaveLength(8); // four walls, four corner posts
    for (const box of layout.boxes) {
      for (const face of box.faces) {
        const [a, b, c] = faceCorners(box, face);
        const e1 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
        const e2 = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
        const cross = [
          e1[1]! * e2[2]! - e1[2]! * e2[1]!,
          e1[2]! * e2[0]! - e1[0]! * e2[2]!,
          e1[0]! * e2[1]! - e1[1]! * e2[0]!,
        ];
        const n = normalOf(face.side);
        expect(cross[0]! * n[0] + cross[1]! * n[1] + cross[2]! * n[2]).toBeGreaterThan(0);
      }
    }
    const inside = layout.boxes.flatMap((b) => b.faces).filter((f) => f.kind === "room");
    const outside = layout.boxes.flatMap((b) => b.faces).filter((f) => f.kind === "exterior");
    expect(inside).toHaveLength(4);
    expect(outside).toHaveLength(12); // four walls and the two free sides of each corner post
  });
});

describe("perimeter", () => {
  it("goes round clockwise from the north-west corner, the way a panorama's columns turn", () => {
    const r = { x0: 0, z0: 0, x1: 4000, z1: 2000 };
    const at = (f: number) => {
      const p = perimeterPoint(r, f);
      return { x: Math.round(p.x), z: Math.round(p.z) };
    };
    expect(at(0)).toEqual({ x: 0, z: 0 });
    expect(at(4 / 12)).toEqual({ x: 4000, z: 0 });
    expect(at(6 / 12)).toEqual({ x: 4000, z: 2000 });
    expect(at(10 / 12)).toEqual({ x: 0, z: 2000 });
    expect(perimeterFraction(r, "+z", 2000, 0)).toBeCloseTo(2 / 12);
    expect(perimeterFraction(r, "-x", 4000, 1000)).toBeCloseTo(5 / 12);
    expect(perimeterFraction(r, "-z", 2000, 2000)).toBeCloseTo(8 / 12);
    expect(perimeterFraction(r, "+x", 0, 1000)).toBeCloseTo(11 / 12);
  });
});
