import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { interiorOf } from "./geometry";
import { floorTexture, readPanorama, wallTexture, type RawImage } from "./textures";

// A panorama marked by direction: red around yaw 0 (the centre column, north), blue around yaw 90°
// (east, three quarters across), white elsewhere.
async function compass(): Promise<Buffer> {
  const W = 1024;
  const H = 512;
  const band = (centre: number, colour: string) => ({
    input: { create: { width: Math.round(W / 10), height: H, channels: 3 as const, background: colour } },
    left: Math.round(centre * W - W / 20),
    top: 0,
  });
  return sharp({ create: { width: W, height: H, channels: 3, background: "#ffffff" } })
    .composite([band(0.5, "#ff0000"), band(0.75, "#0000ff")])
    .png()
    .toBuffer();
}

const at = (img: RawImage, u: number, v: number) => {
  const i = (Math.floor(v * (img.height - 1)) * img.width + Math.floor(u * (img.width - 1))) * 3;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
};
const RED = [255, 0, 0];
const BLUE = [0, 0, 255];
const WHITE = [255, 255, 255];
const near = (got: number[], want: number[]) => got.every((c, i) => Math.abs(c - want[i]!) < 30);

describe("textures from a panorama", () => {
  const outline = { x0: 0, z0: 0, x1: 4000, z1: 4000 };
  const interior = interiorOf(outline);

  it("wraps the panorama round the walls: north wall first, then east, turning clockwise", async () => {
    const pano = (await readPanorama(await compass(), "Test"))!;
    const walls = wallTexture(pano, interior, 2700, 512, 64);
    // Mid-height, the middle of each wall: north at 1/8 of the way round, east 3/8, south 5/8, west 7/8.
    expect(near(at(walls, 1 / 8, 0.5), RED)).toBe(true);
    expect(near(at(walls, 3 / 8, 0.5), BLUE)).toBe(true);
    expect(near(at(walls, 5 / 8, 0.5), WHITE)).toBe(true);
    expect(near(at(walls, 7 / 8, 0.5), WHITE)).toBe(true);
  });

  it("lays the lower half on the floor seen from above: north at the top, east on the right", async () => {
    const pano = (await readPanorama(await compass(), "Test"))!;
    const floor = floorTexture(pano, outline, interior, 64, 64);
    expect(near(at(floor, 0.5, 0.1), RED)).toBe(true);
    expect(near(at(floor, 0.9, 0.5), BLUE)).toBe(true);
    expect(near(at(floor, 0.1, 0.5), WHITE)).toBe(true);
    expect(near(at(floor, 0.5, 0.9), WHITE)).toBe(true);
  });

  it("takes an image that is not 2:1 for a photo, not a panorama", async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#888" } })
      .jpeg()
      .toBuffer();
    expect(await readPanorama(photo, "Test")).toBeNull();
  });
});
