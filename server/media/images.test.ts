import sharp, { type Sharp } from "sharp";
import { thumbHashToApproximateAspectRatio } from "thumbhash";
import { describe, expect, it } from "vitest";
import { renderDemoPhoto } from "../../demo/photos/scenes";
import { VARIANT_WIDTHS, processImage, thumbhashToDataUrl } from "./images.server";

/** A mostly red picture with a blue band, so the dominant colour is predictable. */
function scene(width: number, height: number): Sharp {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#c83c28"/><rect width="25%" height="100%" fill="#2846c8"/></svg>`;
  return sharp(Buffer.from(svg));
}

describe("processImage", () => {
  it("makes WebP and AVIF variants at each standard width, with no metadata left", async () => {
    const input = await scene(1600, 1067)
      .jpeg()
      .withExif({
        IFD0: { Copyright: "someone", Artist: "x" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "25/1 4/1 3/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "55/1 10/1 2/1",
        },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
      )
      .toBuffer();
    const original = await sharp(input).metadata();
    expect(original.exif?.includes("someone")).toBe(true);
    expect(original.xmp).toBeDefined();

    const result = await processImage(input);
    expect(result.width).toBe(1600);
    expect(result.height).toBe(1067);
    expect(result.variants.map((v) => v.width)).toEqual([...VARIANT_WIDTHS]);
    expect(result.variants.map((v) => v.height)).toEqual([213, 427, 854]);
    for (const variant of result.variants) {
      for (const [buffer, format] of [
        [variant.webp, "webp"],
        [variant.avif, "heif"],
      ] as const) {
        const meta = await sharp(buffer).metadata();
        expect(meta.format).toBe(format);
        expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        // Nothing of the upload's EXIF survives, GPS position included.
        expect(buffer.includes("someone")).toBe(false);
        expect(buffer.includes("Exif") || buffer.includes("EXIF")).toBe(false);
      }
      // An AVIF file proper (an ISO-BMFF `ftyp` box with the `avif` brand) holding an AV1 image,
      // not some other HEIF that only AVIF-less browsers would refuse.
      expect(variant.avif.subarray(4, 12).toString("latin1")).toBe("ftypavif");
      expect((await sharp(variant.avif).metadata()).compression).toBe("av1");
    }
  });

  it("makes AVIF variants clearly smaller than the WebP ones for a photo", async () => {
    const { variants } = await processImage(await renderDemoPhoto("exterior", 2));
    for (const v of variants) expect(v.avif.length, `${v.width} px`).toBeLessThan(v.webp.length * 0.9);
    const total = (key: "webp" | "avif") => variants.reduce((sum, v) => sum + v[key].length, 0);
    expect(total("avif")).toBeLessThan(total("webp") * 0.85);
  });

  it("computes a ThumbHash and the dominant colour", async () => {
    const result = await processImage(await scene(1600, 1067).jpeg().toBuffer());
    expect(result.thumbhash).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const hash = Buffer.from(result.thumbhash, "base64");
    expect(thumbHashToApproximateAspectRatio(hash)).toBeCloseTo(1.5, 0);
    expect(result.dominant).toMatch(/^#[0-9a-f]{6}$/);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(result.dominant.slice(i, i + 2), 16)) as [
      number,
      number,
      number,
    ];
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
    for (const buffer of [result.variants[0]!.webp, result.variants[0]!.avif]) {
      const meta = await sharp(buffer).metadata();
      expect([meta.width, meta.height, meta.orientation]).toEqual([200, 400, undefined]);
    }
  });

  it("keeps transparency", async () => {
    const input = await sharp({
      create: { width: 400, height: 300, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const [variant] = (await processImage(input)).variants;
    expect((await sharp(variant!.webp).metadata()).hasAlpha).toBe(true);
    expect((await sharp(variant!.avif).metadata()).hasAlpha).toBe(true);
  });

  it("rejects data that is not an image", async () => {
    await expect(processImage(Buffer.from("not an image"))).rejects.toThrow();
  });
});
