// The share card's drawing: always a 1200 × 630 JPEG, the photo filling it, the words on it
// changing the picture, Arabic drawn right to left, and a card without a photo.
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { renderShareCard, type ShareCardDrawing } from "./share-card.server";

/** A photo of two halves, red above and blue below, not in the card's proportions. */
const photo = () =>
  sharp({ create: { width: 900, height: 900, channels: 3, background: "#c0392b" } })
    .composite([
      {
        input: { create: { width: 900, height: 450, channels: 3, background: "#2450c8" } },
        top: 450,
        left: 0,
      },
    ])
    .jpeg()
    .toBuffer();

const base = async (more: Partial<ShareCardDrawing> = {}): Promise<ShareCardDrawing> => ({
  title: "Sea-view villa with a private pool",
  headline: "AED 4,250,000.00",
  place: "Dubai Marina, Dubai",
  site: "Souq Estate",
  rtl: false,
  brand: "#0f766e",
  photo: await photo(),
  placeholder: null,
  ...more,
});

/** The mean colour of a region of the card. */
async function meanOf(jpeg: Buffer, region: { left: number; top: number; width: number; height: number }) {
  const { data } = await sharp(jpeg)
    .extract(region)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sums = [0, 0, 0];
  for (let i = 0; i < data.length; i++) sums[i % 3]! += data[i]!;
  return sums.map((sum) => Math.round(sum / (data.length / 3)));
}

/** How much of a region is not the band's dark colour: text drawn there. */
async function inkIn(jpeg: Buffer, region: { left: number; top: number; width: number; height: number }) {
  const { data } = await sharp(jpeg).extract(region).greyscale().raw().toBuffer({ resolveWithObject: true });
  return data.filter((v) => v > 128).length / data.length;
}

describe("share card", () => {
  it("is a 1200 × 630 JPEG with the photo cropped to fill it", async () => {
    const jpeg = await renderShareCard(await base());
    const meta = await sharp(jpeg).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    // The square photo is cropped, not squeezed or boxed: its colours reach the card's sides.
    const [r, , b] = await meanOf(jpeg, { left: 0, top: 160, width: 40, height: 40 });
    expect(r).toBeGreaterThan(150);
    expect(b).toBeLessThan(100);
  });

  it("changes when the price, the title or the place changes", async () => {
    const first = await renderShareCard(await base());
    const again = await renderShareCard(await base());
    expect(again.equals(first)).toBe(true);
    for (const change of [
      { headline: "AED 3,900,000.00" },
      { title: "Sea-view villa with a private garden" },
      { place: "Palm Jumeirah, Dubai" },
    ]) {
      const changed = await renderShareCard(await base(change));
      expect(changed.equals(first), JSON.stringify(change)).toBe(false);
    }
  });

  it("starts the words at the left in English and at the right in Arabic", async () => {
    const strip = (jpeg: Buffer, left: number) => inkIn(jpeg, { left, top: 560, width: 300, height: 50 });
    const en = await renderShareCard(await base({ place: "" }));
    expect(await strip(en, 56)).toBeGreaterThan(0.05);
    expect(await strip(en, 844)).toBeLessThan(0.01);
    const ar = await renderShareCard(
      await base({
        title: "فيلا بإطلالة على البحر مع مسبح خاص",
        headline: "AED 4,250,000.00",
        place: "",
        site: "سوق العقارات",
        rtl: true,
      }),
    );
    expect(await strip(ar, 844)).toBeGreaterThan(0.05);
    expect(await strip(ar, 56)).toBeLessThan(0.01);
    // Arabic glyphs are drawn (a font has them): the title's line is not empty.
    expect(await inkIn(ar, { left: 400, top: 470, width: 740, height: 60 })).toBeGreaterThan(0.02);
  });

  it("keeps a very long title to two lines and the card to its size", async () => {
    const long = "A remarkably long title that goes on and on about every room, view and corner ".repeat(4);
    const jpeg = await renderShareCard(await base({ title: long }));
    expect(await sharp(jpeg).metadata()).toMatchObject({ width: 1200, height: 630 });
    // The band stays in the lower half: the photo still shows above it.
    const [r] = await meanOf(jpeg, { left: 560, top: 250, width: 80, height: 40 });
    expect(r).toBeGreaterThan(150);
  });

  it("without a photo, shows the brand's colour and placeholder", async () => {
    const jpeg = await renderShareCard(await base({ photo: null, brand: "#7c3aed" }));
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    const [r, g, b] = await meanOf(jpeg, { left: 20, top: 120, width: 60, height: 60 });
    expect(b).toBeGreaterThan(g! + 60);
    expect(r).toBeGreaterThan(g!);
    const logo = await sharp({
      create: { width: 200, height: 200, channels: 4, background: "#f59e0b" },
    })
      .png()
      .toBuffer();
    const withLogo = await renderShareCard(await base({ photo: null, placeholder: logo }));
    const [lr, lg, lb] = await meanOf(withLogo, { left: 560, top: 180, width: 60, height: 40 });
    expect(lr).toBeGreaterThan(200);
    expect(lg).toBeGreaterThan(120);
    expect(lb).toBeLessThan(80);
  });
});
