import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ModelInputError, renderStill, type ModelRoom } from "./index";
import { drawDollhouse, paintersOrder } from "./still";
import { layoutPlan, type Box } from "./geometry";
import { PLAIN_FLOOR, PLAIN_WALL } from "./textures";
import { syntheticPanorama } from "./synthetic";

const plain = (id: number, name: string, x: number, y: number, width: number, depth: number): ModelRoom => ({
  id,
  name,
  outline: { x, y, width, depth },
});

/** Mean colour of the picture, as [r, g, b]. */
async function meanColour(webp: Buffer) {
  const stats = await sharp(webp).stats();
  return stats.channels.slice(0, 3).map((c) => c.mean);
}

describe("renderStill", () => {
  it("draws a WebP 1200 px wide by default, or as wide as asked", async () => {
    const rooms = [
      { ...plain(1, "Living room", 0, 0, 5, 4), panorama: await syntheticPanorama(1, 1024) },
      plain(2, "Kitchen", 5, 0, 3, 4),
    ];
    const still = await renderStill({ rooms, links: [{ from: 1, to: 2 }] });
    const meta = await sharp(still).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(1200);
    expect(meta.height).toBeGreaterThan(400);
    console.info(`still of two rooms: ${(still.byteLength / 1024).toFixed(1)} KB`);
    const small = await renderStill({ rooms }, { width: 480 });
    expect((await sharp(small).metadata()).width).toBe(480);
  });

  it("fills floors with the room's colours: a red-floored panorama makes a redder picture than a plain room", async () => {
    const red = await sharp({
      create: { width: 1024, height: 512, channels: 3, background: "#f0f0f0" },
    })
      .composite([
        {
          input: { create: { width: 1024, height: 200, channels: 3, background: "#b02010" } },
          top: 312,
          left: 0,
        },
      ])
      .jpeg()
      .toBuffer();
    const [r1, g1] = await meanColour(
      await renderStill({ rooms: [{ ...plain(1, "Room", 0, 0, 5, 5), panorama: red }] }, { width: 400 }),
    );
    const [r0, g0] = await meanColour(
      await renderStill({ rooms: [plain(1, "Room", 0, 0, 5, 5)] }, { width: 400 }),
    );
    expect(r1! - g1!).toBeGreaterThan(r0! - g0! + 5);
  });

  it("writes room names as text, escaped, never as markup", () => {
    const layout = layoutPlan([{ x0: 0, z0: 0, x1: 4000, z1: 3000 }], [], 2700);
    const svg = drawDollhouse(
      layout,
      [`<script>alert(1)</script> & "Co"`],
      [{ floor: PLAIN_FLOOR, wall: PLAIN_WALL }],
      600,
    );
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;");
  });

  it("draws boxes back to front: a wall is never drawn before one it stands behind", () => {
    const layout = layoutPlan(
      [
        { x0: 0, z0: 0, x1: 4000, z1: 3000 },
        { x0: 4000, z0: 0, x1: 7000, z1: 3000 },
        { x0: 0, z0: 3000, x1: 7000, z1: 6000 },
      ],
      [[0, 2]],
      2700,
    );
    const toCamera: [number, number, number] = [0.2, 0.87, 0.45];
    // Every pair taken as overlapping on screen, so every pair is ordered.
    const order = paintersOrder(layout.boxes, toCamera, () => ({ x0: 0, y0: 0, x1: 1, y1: 1 }));
    const position = new Map<Box, number>(order.map((b, i) => [b, i]));
    for (const a of layout.boxes) {
      for (const b of layout.boxes) {
        // a lies wholly behind b along x or z (camera on the +x, +z side) and not in front along the other.
        const behindX = a.max[0] <= b.min[0];
        const behindZ = a.max[2] <= b.min[2];
        const frontX = a.min[0] >= b.max[0];
        const frontZ = a.min[2] >= b.max[2];
        if ((behindX || behindZ) && !frontX && !frontZ)
          expect(position.get(a)!).toBeLessThan(position.get(b)!);
      }
    }
  });

  it("draws a plan of many small rooms with Arabic names", async () => {
    const rooms = Array.from({ length: 40 }, (_, i) =>
      plain(i + 1, i % 2 ? `غرفة ${i}` : `Room ${i}`, (i % 8) * 2.5, Math.floor(i / 8) * 2, 2.5, 2),
    );
    const still = await renderStill({ rooms }, { width: 800 });
    expect((await sharp(still).metadata()).width).toBe(800);
  });

  it.each([
    ["no rooms", { rooms: [] }, {}, /at least one room/],
    ["a NaN width", { rooms: [plain(1, "A", 0, 0, Number.NaN, 3)] }, {}, /not a number/],
    ["a zero picture width", { rooms: [plain(1, "A", 0, 0, 3, 3)] }, { width: 0 }, /picture's width/],
    ["a huge picture width", { rooms: [plain(1, "A", 0, 0, 3, 3)] }, { width: 1e6 }, /picture's width/],
    ["a NaN picture width", { rooms: [plain(1, "A", 0, 0, 3, 3)] }, { width: Number.NaN }, /picture's width/],
  ])("refuses %s", async (_label, input, options, message) => {
    const error = await renderStill(input as never, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelInputError);
    expect((error as Error).message).toMatch(message);
  });
});
