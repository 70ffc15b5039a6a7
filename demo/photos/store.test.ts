import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { LocalDiskStorage } from "../../server/media/storage.server";
import { ensureDemoPhotos, type PhotoRenderer } from "./store";

const storage = () =>
  new LocalDiskStorage({ root: mkdtempSync(path.join(tmpdir(), "souq-photos-")), publicBase: "/uploads" });

/** A renderer that counts its calls: which photos were made again and which were reused. */
function counting() {
  const calls: string[] = [];
  const render: PhotoRenderer = async (kind, variant) => {
    calls.push(`${kind}-${variant}`);
    return sharp({
      create: { width: 700, height: 400, channels: 3, background: { r: 40 * variant, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
  };
  return { calls, render };
}

describe("ensureDemoPhotos", () => {
  it("stores WebP and AVIF variants of each photo, then reuses them", async () => {
    const s = storage();
    const first = counting();
    const photos = await ensureDemoPhotos(s, [{ kind: "kitchen", variant: 1 }], first.render);
    const photo = photos.get("kitchen-1")!;
    expect(photo).toMatchObject({ key: "demo/kitchen-1", widths: [320, 640], avif: true });
    for (const w of photo.widths) {
      expect((await sharp((await s.get(`demo/kitchen-1-${w}.webp`))!).metadata()).format).toBe("webp");
      expect((await sharp((await s.get(`demo/kitchen-1-${w}.avif`))!).metadata()).format).toBe("heif");
    }
    const again = counting();
    expect(
      (await ensureDemoPhotos(s, [{ kind: "kitchen", variant: 1 }], again.render)).get("kitchen-1"),
    ).toEqual(photo);
    expect(again.calls).toEqual([]);
  });

  it("makes again the photos of a manifest written before AVIF variants existed", async () => {
    const s = storage();
    const old = {
      key: "demo/pool-2",
      width: 700,
      height: 400,
      widths: [320, 640],
      thumbhash: "x",
      dominant: "#000000",
    };
    const current = {
      key: "demo/pool-3",
      width: 700,
      height: 400,
      widths: [320, 640],
      thumbhash: "y",
      dominant: "#111111",
      avif: true,
    };
    await s.put(
      "demo/manifest.json",
      Buffer.from(JSON.stringify({ "pool-2": old, "pool-3": current })),
      "application/json",
    );
    const { calls, render } = counting();
    const photos = await ensureDemoPhotos(
      s,
      [
        { kind: "pool", variant: 2 },
        { kind: "pool", variant: 3 },
      ],
      render,
    );
    expect(calls).toEqual(["pool-2"]);
    expect(photos.get("pool-2")!.avif).toBe(true);
    expect(await s.exists("demo/pool-2-640.avif")).toBe(true);
    expect(photos.get("pool-3")).toEqual(current);
    // The manifest now records it, so the next run renders nothing.
    const next = counting();
    await ensureDemoPhotos(s, [{ kind: "pool", variant: 2 }], next.render);
    expect(next.calls).toEqual([]);
  });
});
