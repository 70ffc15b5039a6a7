import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PHOTO_KINDS, type PhotoKind, renderDemoPhoto } from "./scenes";

/** A 24x16 RGB thumbnail, enough to compare the overall look of two photos. */
async function thumb(jpeg: Buffer): Promise<Buffer> {
  return sharp(jpeg).resize(24, 16, { fit: "fill" }).removeAlpha().raw().toBuffer();
}

function meanAbsDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe("renderDemoPhoto", () => {
  it.each(PHOTO_KINDS)("renders %s as a 1600x1067 JPEG", async (kind) => {
    const meta = await sharp(await renderDemoPhoto(kind, 0)).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1600, height: 1067 });
  });

  it("is deterministic for a given kind and variant", async () => {
    const [a, b] = await Promise.all([renderDemoPhoto("kitchen", 5), renderDemoPhoto("kitchen", 5)]);
    expect(a.equals(b)).toBe(true);
  });

  it.each(PHOTO_KINDS)("gives %s variants that clearly differ", async (kind: PhotoKind) => {
    const thumbs = await Promise.all([0, 1, 2].map(async (v) => thumb(await renderDemoPhoto(kind, v))));
    // Per-channel mean difference on a 0-255 scale; re-encoding noise alone is well under 1.
    expect(meanAbsDiff(thumbs[0]!, thumbs[1]!)).toBeGreaterThan(6);
    expect(meanAbsDiff(thumbs[1]!, thumbs[2]!)).toBeGreaterThan(6);
  });

  it("renders twelve distinct variants of a kind", async () => {
    const photos = await Promise.all(Array.from({ length: 12 }, (_, v) => renderDemoPhoto("exterior", v)));
    const distinct = new Set(photos.map((p) => p.toString("base64")));
    expect(distinct.size).toBe(12);
  });

  it("rejects invalid variants and kinds", async () => {
    await expect(renderDemoPhoto("pool", -1)).rejects.toThrow(RangeError);
    await expect(renderDemoPhoto("pool", 1.5)).rejects.toThrow(RangeError);
    await expect(renderDemoPhoto("castle" as PhotoKind, 0)).rejects.toThrow(RangeError);
    await expect(renderDemoPhoto("toString" as PhotoKind, 0)).rejects.toThrow(RangeError);
  });
});
