import { describe, expect, it } from "vitest";
import { countLabel, fullSize, slideIndex } from "./gallery-data";

const photo = {
  url: "/uploads/p/abc-1280.webp",
  width: 4032,
  height: 3024,
  variants: [
    { width: 320, url: "/uploads/p/abc-320.webp", avif: "/uploads/p/abc-320.avif" },
    { width: 640, url: "/uploads/p/abc-640.webp", avif: "/uploads/p/abc-640.avif" },
    { width: 1280, url: "/uploads/p/abc-1280.webp", avif: "/uploads/p/abc-1280.avif" },
  ],
  thumbhash: null,
  dominant: "#808080",
};

describe("a photo's link for the viewer", () => {
  it("points at the largest WebP and gives that file's size, scaled from the stored photo's", () => {
    expect(fullSize(photo)).toEqual({ url: "/uploads/p/abc-1280.webp", width: 1280, height: 960 });
  });

  it("a photo smaller than the standard widths is its own size", () => {
    const small = {
      ...photo,
      url: "/uploads/p/s-300.webp",
      width: 300,
      height: 451,
      variants: [{ width: 300, url: "/uploads/p/s-300.webp" }],
    };
    expect(fullSize(small)).toEqual({ url: "/uploads/p/s-300.webp", width: 300, height: 451 });
  });
});

describe("the viewer's order and count", () => {
  it("left to right: slide n is photo n", () => {
    expect(slideIndex(0, 5, false)).toBe(0);
    expect(countLabel(2, 12, false)).toBe("3 / 12");
  });

  it("right to left: the slides run the other way, the count still follows the page's order", () => {
    // The first photo is the rightmost slide; the next one comes from the left.
    expect(slideIndex(0, 5, true)).toBe(4);
    expect(slideIndex(1, 5, true)).toBe(3);
    expect(countLabel(4, 5, true)).toBe("1 / 5");
    expect(countLabel(3, 5, true)).toBe("2 / 5");
    for (let i = 0; i < 5; i++) expect(slideIndex(slideIndex(i, 5, true), 5, true)).toBe(i);
  });
});
