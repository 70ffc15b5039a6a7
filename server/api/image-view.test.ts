import { describe, expect, it } from "vitest";
import { LocalDiskStorage } from "../media/storage.server";
import { imageView } from "./image-view";

const storage = new LocalDiskStorage({ root: "/nonexistent", publicBase: "/uploads" });
const photo = {
  key: "listings/abc",
  widths: [320, 640],
  width: 1600,
  height: 1067,
  thumbhash: null,
  dominant: "#123456",
};

describe("imageView", () => {
  it("offers the AVIF of each width beside the WebP when the photo has AVIF variants", () => {
    const view = imageView(storage, { ...photo, avif: true });
    expect(view.variants).toEqual([
      { width: 320, url: "/uploads/listings/abc-320.webp", avif: "/uploads/listings/abc-320.avif" },
      { width: 640, url: "/uploads/listings/abc-640.webp", avif: "/uploads/listings/abc-640.avif" },
    ]);
    expect(view.url).toBe("/uploads/listings/abc-640.webp");
  });

  it("names no AVIF file for a photo stored before AVIF variants existed", () => {
    const view = imageView(storage, { ...photo, avif: false });
    expect(view.variants).toEqual([
      { width: 320, url: "/uploads/listings/abc-320.webp" },
      { width: 640, url: "/uploads/listings/abc-640.webp" },
    ]);
    expect(JSON.stringify(view)).not.toContain(".avif");
  });
});
