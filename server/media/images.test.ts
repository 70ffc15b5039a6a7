import sharp, { type Sharp } from "sharp";
import { thumbHashToApproximateAspectRatio } from "thumbhash";
import { describe, expect, it } from "vitest";
import { VARIANT_WIDTHS, processImage, thumbhashToDataUrl } from "./images.server";

/** A mostly red picture with a blue band, so the dominant colour is predictable. */
function scene(width: number, height: number): Sharp {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#c83c28"/><rect width="25%" height="100%" fill="#2846c8"/></svg>`;
  return sharp(Buffer.from(svg));
}

describe("processImage", () => {
  it("makes WebP variants at each standard width, with no metadata left", async () => {
    const input = await scene(1600, 1067)
      .jpeg()
      .withExif({ IFD0: { Copyright: "someone", Artist: "x" } })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();

    const result = await processImage(input);
    expect(result.width).toBe(1600);
    expect(result.height).toBe(1067);
    expect(result.variants.map((v) => v.width)).toEqual([...VARIANT_WIDTHS]);
    expect(result.variants.map((v) => v.height)).toEqual([213, 427, 854]);
    for (const variant of result.variants) {
      const meta = await sharp(variant.buffer).metadata();
      expect(meta.format).toBe("webp");
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
    }
  });

  it("computes a ThumbHash and the dominant colour", async () => {
    const result = await processImage(await scene(1600, 1067).jpeg().toBuffer());
    expect(result.thumbhash).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const hash = Buffer.from(result.thumbhash, "base64");
    expect(thumbHashToApproximateAspectRatio(hash)).toBeCloseTo(1.5, 0);
    expect(result.dominant).toMatch(/^#[0-9a-f]{6}$/);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(result.dominant.slice(i, i + 2), 16)) as [number, number, number];
    expect(r).toBeGreaterThan(b);
    expect(r).toBeGreaterThan(g);
    expect(thumbhashToDataUrl(result.thumbhash)).toMatch(/^data:image\/png;base64,/);
  });

  it("never upscales: a small image gets a single variant at its own width", async () => {
    const result = await processImage(await scene(200, 150).png().toBuffer());
    expect(result.variants).toHaveLength(1);
    expect(result.variants[0]).toMatchObject({ width: 200, height: 150 });
  });

  it("stops at the original width between standard sizes", async () => {
    const result = await processImage(await scene(1000, 500).jpeg().toBuffer());
    expect(result.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 160],
      [640, 320],
    ]);
  });

  it("applies the EXIF orientation before sizing", async () => {
    // Stored landscape, tagged "rotate 90° clockwise": displayed as portrait.
    const input = await scene(400, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const result = await processImage(input);
    expect([result.width, result.height]).toEqual([200, 400]);
    expect(result.variants.map((v) => [v.width, v.height])).toEqual([[200, 400]]);
    const meta = await sharp(result.variants[0]!.buffer).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([200, 400, undefined]);
  });

  it("keeps transparency", async () => {
    const input = await sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const [variant] = (await processImage(input)).variants;
    expect((await sharp(variant!.buffer).metadata()).hasAlpha).toBe(true);
  });

  it("rejects data that is not an image", async () => {
    await expect(processImage(Buffer.from("not an image"))).rejects.toThrow();
  });
});
