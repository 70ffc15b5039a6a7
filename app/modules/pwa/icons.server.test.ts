import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { APP_ICONS, brandLogo, drawIcon, iconColour, iconResponse, iconVersion } from "./icons.server";

const icon = (file: string) => APP_ICONS.find((i) => i.file === file)!;

async function pixel(png: Buffer, x: number, y: number) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + info.channels)];
}

describe("the app's icons", () => {
  it("are PNGs of the sizes the manifest names, drawn at that size", async () => {
    for (const { file, size } of APP_ICONS) {
      const meta = await sharp(await drawIcon(icon(file), "#0f766e")).metadata();
      expect([meta.format, meta.width, meta.height], file).toEqual(["png", size, size]);
    }
  });

  it("draw the logo in the admin's colour, the mark in an ink that reads on it", async () => {
    const teal = await drawIcon(icon("192.png"), "#0f766e");
    // The middle of the logo's square is the brand; its rounded corner is see-through.
    expect(await pixel(teal, 20, 96)).toEqual([15, 118, 110, 255]);
    expect((await pixel(teal, 0, 0))[3]).toBe(0);
    const red = await drawIcon(icon("192.png"), "#b91c1c");
    expect(await pixel(red, 20, 96)).toEqual([185, 28, 28, 255]);
    // White on a dark brand, near-black on a light one.
    expect(brandLogo("#0f766e")).toContain('fill="#ffffff"');
    expect(brandLogo("#fde047")).toContain('fill="#111827"');
    expect(brandLogo("#fde047")).toContain('fill="#fde047"');
  });

  it("the maskable one fills its square with the brand and keeps the mark inside the safe circle", async () => {
    const png = await drawIcon(icon("maskable-512.png"), "#b91c1c");
    // Every corner, which a circular mask cuts away, is the brand colour, opaque.
    for (const [x, y] of [
      [0, 0],
      [511, 0],
      [0, 511],
      [511, 511],
    ])
      expect(await pixel(png, x!, y!)).toEqual([185, 28, 28, 255]);
    // The mark (white) is drawn: the middle of the house's door frame is ink, not brand.
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    let inkOutside = 0;
    let ink = 0;
    for (let y = 0; y < info.height; y++)
      for (let x = 0; x < info.width; x++) {
        const i = (y * info.width + x) * info.channels;
        if (data[i]! > 240 && data[i + 1]! > 240 && data[i + 2]! > 240) {
          ink++;
          if (Math.hypot(x - 255.5, y - 255.5) > 0.4 * 512) inkOutside++;
        }
      }
    expect(ink).toBeGreaterThan(1000);
    expect(inkOutside).toBe(0);
  });

  it("are named by what they are drawn from", () => {
    expect(iconVersion("#0f766e")).toBe(iconVersion("#0f766e"));
    expect(iconVersion("#0f766e")).not.toBe(iconVersion("#b91c1c"));
    expect(iconColour("#B91C1C")).toBe("#b91c1c");
    expect(iconColour("red")).toBe("#0f766e");
    expect(iconColour(undefined)).toBe("#0f766e");
  });
});

describe("/app-icons/<file>", () => {
  const get = (path: string, headers?: Record<string, string>) =>
    iconResponse(
      new Request(`http://souq.test${path}`, { headers }),
      path.split("/")[2]!.split("?")[0]!,
      "#0f766e",
    );

  it("is kept for a year at the manifest's address, checked each time at any other", async () => {
    const version = iconVersion("#0f766e");
    const current = await get(`/app-icons/512.png?v=${version}`);
    expect(current.status).toBe(200);
    expect(current.headers.get("content-type")).toBe("image/png");
    expect(current.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await current.arrayBuffer())).metadata()).width).toBe(512);
    const old = await get("/app-icons/512.png?v=old");
    expect(old.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const again = await get("/app-icons/512.png", { "if-none-match": old.headers.get("etag")! });
    expect(again.status).toBe(304);
  });

  it("knows only its three icons", async () => {
    expect((await get("/app-icons/1024.png")).status).toBe(404);
    expect((await get("/app-icons/..%2Fsecret")).status).toBe(404);
  });
});
