import sharp from "sharp";
import { expect, test, type Page } from "../fixtures/test";

/** A public, non-premium demo listing with several photos, found through the API as any client would. */
async function listingWithPhotos(page: Page): Promise<{ slug_id: string; photos: number }> {
  // Other tests post listings without photos, and the newest come first: page on past them.
  for (let offset = 0; offset < 600; offset += 50) {
    const res = await page.request.get(`/api/get_property?limit=50&offset=${offset}`);
    const listings = (await res.json()).data as { slug_id: string; is_premium: boolean }[];
    if (listings.length === 0) break;
    for (const l of listings.filter((l) => !l.is_premium)) {
      const one = await (await page.request.get(`/api/get_property?slug_id=${l.slug_id}`)).json();
      const photos = (one.data[0].gallery ?? []).length;
      if (photos >= 3) return { slug_id: l.slug_id, photos };
    }
  }
  throw new Error("no listing with three photos in the demo data");
}

const COPY = {
  en: { photos: "Photos", close: "Close", next: "Next photo", previous: "Previous photo", prefix: "" },
  ar: { photos: "الصور", close: "إغلاق", next: "الصورة التالية", previous: "الصورة السابقة", prefix: "/ar" },
} as const;

for (const lang of ["en", "ar"] as const) {
  const copy = COPY[lang];

  test(`${lang}: a photo opens the full-screen viewer, loaded only on that tap`, async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "the viewer is JavaScript's; the links are tested without it");
    // Keys, a swipe and a closing animation on a machine other tests share.
    test.setTimeout(60_000);
    const { slug_id, photos } = await listingWithPhotos(page);
    // Every script the page runs, and whether PhotoSwipe's code is in it.
    const scripts: { url: string; viewer: Promise<boolean> }[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "script")
        scripts.push({
          url: r.url(),
          viewer: r.text().then(
            (js) => js.includes("pswp__"),
            () => false,
          ),
        });
    });
    await page.goto(`${copy.prefix}/properties-details/${slug_id}`);
    const gallery = page.getByRole("region", { name: copy.photos });
    const links = gallery.getByRole("link");
    await expect(links).toHaveCount(photos);
    const before = await Promise.all(scripts.map((s) => s.viewer));
    expect(before.some(Boolean), "PhotoSwipe is not part of the page's first download").toBe(false);
    await expect(page.locator('link[rel="stylesheet"][href*="gallery-viewer"]')).toHaveCount(0);

    // The first tap on the page (React not there yet) opens it.
    await links.first().click();
    const viewer = page.getByRole("dialog", { name: copy.photos });
    await expect(viewer).toBeVisible();
    const count = viewer.locator(".pswp__counter");
    await expect(count).toHaveText(`1 / ${photos}`);
    expect((await Promise.all(scripts.map((s) => s.viewer))).some(Boolean)).toBe(true);
    await expect(viewer.getByRole("button", { name: copy.close })).toBeVisible();
    // The photo shown is the link's large image.
    const href = await links.first().getAttribute("href");
    await expect(viewer.locator(`img.pswp__img[src="${new URL(href!, page.url()).href}"]`)).toBeVisible();

    // The keys, mirrored in Arabic: the next photo is to the left, as the page reads.
    await page.keyboard.press(lang === "ar" ? "ArrowLeft" : "ArrowRight");
    await expect(count).toHaveText(`2 / ${photos}`);
    await page.keyboard.press(lang === "ar" ? "ArrowRight" : "ArrowLeft");
    await expect(count).toHaveText(`1 / ${photos}`);
    // The arrow on the left says where it goes.
    await expect(viewer.locator(".pswp__button--arrow--prev")).toHaveAttribute(
      "aria-label",
      lang === "ar" ? copy.next : copy.previous,
    );

    // A swipe: dragging the photo towards the end of the line brings the next one.
    const box = (await viewer.boundingBox())!;
    const y = box.y + box.height / 2;
    const [from, to] =
      lang === "ar"
        ? [box.x + box.width * 0.2, box.x + box.width * 0.8]
        : [box.x + box.width * 0.8, box.x + box.width * 0.2];
    await page.mouse.move(from, y);
    await page.mouse.down();
    await page.mouse.move((from + to) / 2, y, { steps: 5 });
    await page.mouse.move(to, y, { steps: 5 });
    await page.mouse.up();
    await expect(count).toHaveText(`2 / ${photos}`);

    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    // Focus is back on the page, on the photo last seen.
    await expect(links.nth(1)).toBeFocused();
  });

  test(`${lang}: without JavaScript each photo is a link to the photo itself, at its stated size`, async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "with JavaScript the same tap opens the viewer");
    const { slug_id, photos } = await listingWithPhotos(page);
    await page.goto(`${copy.prefix}/properties-details/${slug_id}`);
    const links = page.getByRole("region", { name: copy.photos }).getByRole("link");
    await expect(links).toHaveCount(photos);
    const link = links.nth(1);
    const href = (await link.getAttribute("href"))!;
    const width = Number(await link.getAttribute("data-pswp-width"));
    const height = Number(await link.getAttribute("data-pswp-height"));
    const opened = page.waitForResponse((r) => r.url().endsWith(href) && r.request().isNavigationRequest());
    await link.click();
    const res = await opened;
    expect(res.headers()["content-type"]).toMatch(/^image\//);
    // The sizes the viewer is told are the file's own.
    const meta = await sharp(await res.body()).metadata();
    expect([meta.width, meta.height]).toEqual([width, height]);
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  });
}
