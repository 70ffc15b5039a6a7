import { expect, test } from "@playwright/test";

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
