// Importing a listing from a page saved from another portal, with JavaScript and without: the
// post-property form opens filled in from the page, the owner adds what is missing and posts it.
// (Fetching by address is tested in the API suite against an https stand-in: this server runs as
// in production, where nothing but the real sites may be asked.)
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "../fixtures/test";
import { jpeg, readyToList } from "../fixtures/accounts";

const saved = (name: string) => ({
  name,
  mimeType: "text/html",
  buffer: readFileSync(path.join("server/api/imports/fixtures", name)),
});

test("a Bayut page saved from the browser becomes a listing after the owner checks it", async ({ page }) => {
  test.setTimeout(120_000);
  await readyToList(page, "Import Agent", "importer");
  await page.goto("/user/properties");
  await page.getByRole("link", { name: "Import a listing" }).click();
  await expect(page.getByRole("heading", { name: "Import a listing", level: 1 })).toBeVisible();

  // A page that is not a listing: the reason, on the field.
  await page.getByLabel("Saved page (.html)").setInputFiles(saved("bayut-captcha.html"));
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.locator("#import-upload-error")).toContainText(/robot/i);

  await page.getByLabel("Saved page (.html)").setInputFiles(saved("bayut-sale.html"));
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page).toHaveURL(/\/user\/add-property\?import=\d+$/);
  await expect(page.getByRole("heading", { name: "Imported from Bayut" })).toBeVisible();
  const title = await page.getByLabel("Title", { exact: true }).inputValue();
  expect(title.length).toBeGreaterThan(10);
  await expect(page.getByLabel("Price", { exact: true })).not.toHaveValue("");
  await expect(page.getByLabel("Category", { exact: true })).not.toHaveValue("");

  // The photos cannot be brought over here (no Internet): the form says so, and a title image is added.
  await expect(page.getByText(/could not be brought over|Bringing the photos/)).toBeVisible();
  await page
    .getByLabel("Title image")
    .setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: await jpeg(120) });
  await page.getByRole("button", { name: "Post property" }).click();
  await expect(page).toHaveURL(/\/my-property\//, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: title }).first()).toBeVisible();

  // The same page again leads to that import, which says it was posted.
  await page.goto("/user/import");
  await expect(page.locator("li[data-import]").filter({ hasText: title }).getByText("Posted")).toBeVisible();
  await page.getByLabel("Saved page (.html)").setInputFiles(saved("bayut-sale.html"));
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page).toHaveURL(/\/user\/import$/);
  await expect(page.locator("li[data-import]").filter({ hasText: title })).toHaveCount(1);
});

test("an agent queues several addresses and sees each one's result", async ({ page }) => {
  await readyToList(page, "Portfolio Agent", "portfolio");
  await page.goto("/user/import");
  await page
    .getByLabel("Addresses, one a line (up to 20)")
    .fill("https://example.com/not-a-listing\nhttps://www.bayut.com/property/details-9184406.html");
  await page.getByRole("button", { name: "Import all" }).click();
  await expect(page).toHaveURL(/\/user\/import\?batch=/);
  await expect(page.getByRole("heading", { name: "This batch" })).toBeVisible();
  const rows = page.locator("li[data-import]");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(
    "This is not the address of a Property Finder, Bayut or Dubizzle listing",
  );
  // The second cannot be fetched from here: it ends failed with a message naming what to do instead.
  await expect(async () => {
    await page.reload();
    await expect(rows.nth(1)).toHaveAttribute("data-status", "failed", { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(rows.nth(1)).toContainText(/save the page in your browser/);
});
