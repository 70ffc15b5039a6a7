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

test("the words arrive apart from the page, once, and pages rendered in the browser keep them", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "about what the browser fetches before React runs");
  const dictionaries: { url: string; cacheControl: string | undefined }[] = [];
  const data: string[] = [];
  page.on("response", (res) => {
    if (new URL(res.url()).pathname.startsWith("/locales/"))
      dictionaries.push({ url: res.url(), cacheControl: res.headers()["cache-control"] });
    if (/\.data(\?|$)/.test(new URL(res.url()).pathname + new URL(res.url()).search)) data.push(res.url());
  });
  const html = await (await page.goto("/ar/properties"))!.text();
  // The page names its dictionary instead of carrying it: a word of it the page does not show is not in the HTML.
  expect(html).toMatch(/data-dictionary="\/locales\/ar\.[0-9a-f]{12}\.json"/);
  expect(html).not.toContain("تعذّر تحميل قائمة المدن");
  expect(dictionaries).toHaveLength(0);
  await page.mouse.move(10, 10);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  expect(dictionaries.map((d) => d.cacheControl)).toEqual(["public, max-age=31536000, immutable"]);

  // A filter is a page rendered in the browser, in Arabic; what every page shares is not asked again.
  await page.getByLabel("إيجار", { exact: true }).check();
  await page.getByRole("button", { name: "تطبيق الفلاتر" }).click();
  await expect(page).toHaveURL(/property_type=rent/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("عقارات للبيع والإيجار");
  await expect(page.locator(".results__count")).toContainText("عقار");
  expect(data.at(-1)).toMatch(/_routes=/);
  expect(decodeURIComponent(data.at(-1)!)).not.toMatch(/_routes=[^&]*\broot\b/);
  // Another page, rendered in the browser too, is in Arabic without a second dictionary.
  await page
    .getByRole("navigation", { name: "القائمة الرئيسية" })
    .getByRole("link", { name: "المشاريع" })
    .click();
  await expect(page).toHaveURL(/\/ar\/projects/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  expect(dictionaries).toHaveLength(1);
});

test("inside the Arabic pages every link stays Arabic, home included", async ({ page }) => {
  await page.goto("/ar/properties");
  await page.getByRole("banner").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/ar$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ابحث عن منزلك القادم");
  await page.getByRole("link", { name: "الوسطاء" }).first().click();
  await expect(page).toHaveURL(/\/ar\/agents$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
});

test("an address in no language of ours is not found, with the site's header to go on from", async ({
  page,
}) => {
  for (const address of [
    "/en/properties",
    "/xx/properties",
    "/ar/ar/properties",
    "/en/manifest.webmanifest",
  ]) {
    const res = await page.goto(address);
    expect(res?.status(), address).toBe(404);
    await expect(
      page
        .getByRole("banner")
        .getByRole("link", { name: /Properties|العقارات/ })
        .first(),
    ).toBeVisible();
  }
});
