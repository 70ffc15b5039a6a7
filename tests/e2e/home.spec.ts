import { expect, test } from "../fixtures/test";

test("home shows featured, latest and most viewed listings and picks nearby by city", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Featured properties" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Latest properties" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Most viewed" })).toBeVisible();
  await page.getByLabel("City", { exact: true }).selectOption("Abu Dhabi");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("heading", { name: "Properties in Abu Dhabi" })).toBeVisible();
  const nearby = page.locator('section[aria-labelledby="nearby-h"] article.card');
  expect(await nearby.count()).toBeGreaterThan(0);
  for (const card of await nearby.all()) await expect(card).toContainText("Abu Dhabi");
});

test.describe("with location allowed", () => {
  test.use({ geolocation: { latitude: 25.2, longitude: 55.27 }, permissions: ["geolocation"] });
  test("home shows listings in the nearest city", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "location needs JavaScript; the city list covers the rest");
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Properties in Dubai" })).toBeVisible();
  });
});

test("the home slider shows highlights that lead to their listing, in both languages", async ({ page }) => {
  await page.goto("/");
  const slider = page.getByRole("region", { name: "Highlights" });
  const slides = slider.getByRole("listitem");
  expect(await slides.count()).toBeGreaterThan(1);
  const first = slides.first();
  await expect(first).toHaveAccessibleName(`1 of ${await slides.count()}`);
  const title = (await first.locator(".slider__title").textContent())!;
  await first.getByRole("link").click();
  await expect(page).toHaveURL(/\/properties-details\//);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await page.goto("/ar");
  const arTitle = await page
    .getByRole("region", { name: "أبرز العروض" })
    .locator(".slider__title")
    .first()
    .textContent();
  expect(arTitle).not.toBe(title);
});

test("home ends with the latest articles", async ({ page }) => {
  await page.goto("/");
  const articles = page.getByRole("region", { name: "Articles and guides" });
  await expect(articles.getByRole("article").first()).toBeVisible();
  await articles.getByRole("article").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/articles\/.+/);
});
