// The demo's pictures painted while the site answers: a file asked for first is painted at once,
// the rest in the background, and what was painted is known to the next start.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { thumbHashToAverageRGBA } from "thumbhash";
import { describe, expect, it } from "vitest";
import { LocalDiskStorage } from "../../server/media/storage.server";
import { makeVariants } from "../../server/media/images.server";
import { allDemoPictures, demoPicture, filesOf, plannedImage } from "./pictures";
import { DemoStudio, MANIFEST } from "./studio";

const storage = () =>
  new LocalDiskStorage({ root: mkdtempSync(path.join(tmpdir(), "souq-studio-")), publicBase: "/uploads" });
const warnings: string[] = [];
const studioOn = (s: LocalDiskStorage) => new DemoStudio(s, (_e, what) => warnings.push(what));
const portrait = {
  key: "demo/avatar-someone.webp",
  contentType: "image/webp",
  paint: () =>
    sharp({ create: { width: 40, height: 40, channels: 3, background: "#0f766e" } })
      .webp()
      .toBuffer(),
};

describe("the demo studio", () => {
  it("serves a picture asked for before its turn, paints the rest in the background, and not again", async () => {
    const s = storage();
    const studio = studioOn(s);
    await studio.plan(["kitchen-1", "tours/room-2"], [portrait]);
    expect(studio.pending).toBe(3);
    const serving = studio.serving();

    // Asked for before the background painting started: painted there and then.
    const file = await serving.read("demo/tours/room-2-2048.webp");
    expect(file?.contentType).toBe("image/webp");
    file?.body.destroy();
    expect(await sharp((await s.get("demo/tours/room-2-2048.webp"))!).metadata()).toMatchObject({
      width: 2048,
      height: 1024,
    });
    expect(await s.exists("demo/kitchen-1-640.webp")).toBe(false);

    await studio.run();
    for (const f of filesOf(plannedImage("kitchen-1")!)) expect(await s.exists(f)).toBe(true);
    expect(await serving.exists(portrait.key)).toBe(true);
    const manifest = JSON.parse((await s.get(MANIFEST))!.toString());
    expect(Object.keys(manifest).sort()).toEqual(["kitchen-1", "tours/room-2"]);

    // The next start finds them painted.
    const next = studioOn(s);
    await next.plan(["kitchen-1", "tours/room-2"], [portrait]);
    expect(next.pending).toBe(0);
    expect(warnings).toEqual([]);
  }, 120_000);

  it("stops after the picture under way, and the next start paints what is left", async () => {
    const s = storage();
    const studio = studioOn(s);
    await studio.plan(["pool-1", "pool-2"], []);
    const running = studio.run();
    await studio.stop();
    await running;
    const next = studioOn(s);
    await next.plan(["pool-1", "pool-2"], []);
    expect(next.pending).toBe(1);
  }, 120_000);
});

describe("the demo pictures' placeholders", () => {
  it("describe every picture the demo paints", () => {
    for (const picture of allDemoPictures()) expect(plannedImage(picture.id), picture.id).not.toBeNull();
  });

  // One picture of each painter: a changed painter with placeholders not written again
  // (`npm run demo:placeholders`) would show a blurred stand-in of another picture.
  it.each(["exterior-4", "tours/room-1", "tours/plan"])(
    "match what %s looks like painted",
    async (id) => {
      const picture = demoPicture(id)!;
      const painted = await makeVariants(await picture.paint(), { ...picture.options, avif: false });
      const planned = plannedImage(id)!;
      expect(planned).toMatchObject({
        width: painted.width,
        height: painted.height,
        widths: painted.variants.map((v) => v.width),
      });
      const mean = (hash: string) => thumbHashToAverageRGBA(Buffer.from(hash, "base64"));
      const [a, b] = [mean(planned.thumbhash), mean(painted.thumbhash)];
      for (const c of ["r", "g", "b"] as const) expect(Math.abs(a[c] - b[c])).toBeLessThan(0.04);
    },
    60_000,
  );
});
