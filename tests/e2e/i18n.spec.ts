import { expect, test } from "../fixtures/test";

test("the Arabic home page is right-to-left and in Arabic", async ({ page }) => {
  await page.goto("/ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ابحث عن منزلك القادم");
  // Links stay in Arabic.
  await page.getByRole("link", { name: "العقارات" }).first().click();
  await expect(page).toHaveURL(/\/ar\/properties/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
});

test("the English home page is left-to-right and switches to Arabic", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("link", { name: "العربية" }).click();
  await expect(page).toHaveURL(/\/ar$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
});

test("a visitor switches a search to Arabic and back without losing it", async ({ page }) => {
  await page.goto("/properties?property_type=rent&city=Dubai");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Properties for sale and rent");
  await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "العربية" }).click();
  await expect(page).toHaveURL(/\/ar\/properties\?property_type=rent&city=Dubai$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("عقارات للبيع والإيجار");
  await expect(page.getByLabel("المدينة", { exact: true })).toHaveValue("Dubai");
  await page.getByRole("navigation", { name: "اللغة" }).getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/properties\?property_type=rent&city=Dubai$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Properties for sale and rent");
});
