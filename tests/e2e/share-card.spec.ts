// Share previews (decision 050): a listing's and a project's page name their share card in the
// meta tags link previews read, with its size, type and words, and the card is a 1200 × 630 JPEG,
// in English and in Arabic.
import sharp from "sharp";
import { expect, test, type Page } from "../fixtures/test";

const meta = (page: Page, key: string) =>
  page.locator(`meta[property="${key}"], meta[name="${key}"]`).first().getAttribute("content");

/** The page's preview as a crawler reads it, and the picture at its address. */
async function preview(page: Page) {
  const image = await meta(page, "og:image");
  expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/(ar\/)?og\/(property|project)\/[^/]+\/[0-9a-z]+\.jpg$/);
  expect(await meta(page, "og:image:width")).toBe("1200");
  expect(await meta(page, "og:image:height")).toBe("630");
  expect(await meta(page, "og:image:type")).toBe("image/jpeg");
  expect(await meta(page, "twitter:card")).toBe("summary_large_image");
  const res = await page.request.get(image!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/jpeg");
  const card = await sharp(await res.body()).metadata();
  expect(card).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
  return { image: image!, alt: (await meta(page, "og:image:alt")) ?? "" };
}

async function listingWithPhoto(page: Page) {
  const body = await (await page.request.get("/api/get_property?limit=20&property_type=sell")).json();
  return (body.data as { slug_id: string; title: string; city: string; title_image: unknown }[]).find(
    (p) => p.title_image,
  )!;
}

test("a listing's page shares its card: photo, price, place and title, in English and Arabic", async ({
  page,
}) => {
  const listing = await listingWithPhoto(page);
  await page.goto(`/properties-details/${listing.slug_id}`);
  const en = await preview(page);
  expect(en.alt).toContain(listing.title);
  expect(en.alt).toContain(listing.city);
  expect(en.alt).toMatch(/AED [\d,.]+/);

  await page.goto(`/ar/properties-details/${listing.slug_id}`);
  const ar = await preview(page);
  expect(ar.image).toContain("/ar/og/property/");
  expect(ar.image).not.toBe(en.image);
  // The words of the Arabic page: its title as it shows it.
  expect(ar.alt).toContain((await page.getByRole("heading", { level: 1 }).textContent())!.trim());
});

test("a project's page shares its card with the project's stage", async ({ page }) => {
  const body = await (await page.request.get("/api/get-projects?limit=1")).json();
  const project = body.data[0] as { slug_id: string; title: string };
  await page.goto(`/project-details/${project.slug_id}`);
  const en = await preview(page);
  expect(en.alt).toContain(project.title);
  expect(en.alt).toMatch(/Under construction|Upcoming/);
  await page.goto(`/ar/project-details/${project.slug_id}`);
  expect((await preview(page)).image).toContain("/ar/og/project/");
});
