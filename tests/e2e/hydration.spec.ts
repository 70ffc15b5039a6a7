import { expect, test } from "@playwright/test";

// A listing reads completely before React arrives; React comes with the first interaction.
test("React DOM loads on the first interaction, not with the page", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "about JavaScript loading");
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.goto("/properties");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts.some((s) => s.includes("hydrate.client"))).toBe(false);
  expect(await page.locator("html").getAttribute("data-hydrate")).toBeNull();

  // Pointing at the page is enough; after that, links navigate in the browser without a reload.
  await page.mouse.move(50, 50);
  await expect.poll(() => scripts.some((s) => s.includes("hydrate.client"))).toBe(true);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  expect(errors, "the server's HTML and React's agree").toEqual([]);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByRole("link", { name: "Agents" }).first().click();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test("a tap before React has loaded still works as a plain link", async ({ page }) => {
  await page.goto("/properties");
  await page.getByRole("link", { name: "Agents" }).first().click();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
