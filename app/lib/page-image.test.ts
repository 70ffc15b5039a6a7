import { describe, expect, it } from "vitest";
import type { ImageView } from "~server/api/image-view";
import { packImage, unpackImage } from "./page-image";

const view = (avif: boolean): ImageView => ({
  url: "/uploads/demo/pool-3-1280.webp",
  width: 1600,
  height: 1067,
  variants: [320, 640, 1280].map((width) => ({
    width,
    url: `/uploads/demo/pool-3-${width}.webp`,
    ...(avif ? { avif: `/uploads/demo/pool-3-${width}.avif` } : {}),
  })),
  thumbhash: "nhgKFYYpaGiUaXeAiJh3dKqBcNYJ",
  dominant: "#e8d8c8",
});

describe("packImage", () => {
  it.each([true, false])(
    "packs a photo of the image pipeline and gives the same view back (AVIF: %s)",
    (avif) => {
      const packed = packImage(view(avif));
      expect(packed).toEqual({
        base: "/uploads/demo/pool-3",
        widths: [320, 640, 1280],
        avif,
        width: 1600,
        height: 1067,
        thumbhash: "nhgKFYYpaGiUaXeAiJh3dKqBcNYJ",
        dominant: "#e8d8c8",
      });
      expect(unpackImage(packed)).toEqual(view(avif));
      expect(JSON.stringify(packed).length).toBeLessThan(
        JSON.stringify(view(avif)).length * (avif ? 0.5 : 0.6),
      );
    },
  );

  it("keeps a view whose addresses follow another pattern as it is", () => {
    const signed = {
      ...view(true),
      variants: view(true).variants.map((v) => ({ ...v, url: `${v.url}?sig=1` })),
    };
    expect(packImage(signed)).toBe(signed);
    const someAvif = {
      ...view(false),
      variants: view(false).variants.map((v, i) => (i ? v : { ...v, avif: "/elsewhere/x.avif" })),
    };
    expect(packImage(someAvif)).toBe(someAvif);
    const otherDir = {
      ...view(true),
      variants: view(true).variants.map((v, i) => (i ? v : { ...v, url: "/cdn/pool-3-320.webp" })),
    };
    expect(packImage(otherDir)).toBe(otherDir);
  });
});
