// Saved searches in the browser, with JavaScript on and off: saved from the list page, renamed,
// sent less often, switched off and deleted on their page, in English and in Arabic; and the email's
// unsubscribe link, which needs no sign-in.
import AxeBuilder from "@axe-core/playwright";
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "../fixtures/test";
import { bearerOf, register, uniqueEmail } from "../fixtures/accounts";

const DATA_DIR = process.env.E2E_DATA_DIR ?? ".test-data";

/** The email's link as the server signs it (its secret lives in its data folder in the demo). */
function unsubscribeToken(userId: number, searchIds: number[]) {
  const secret = readFileSync(path.join(DATA_DIR, "session-secret"), "utf8").trim();
  const key = createHmac("sha256", secret).update("souq:saved-search-unsubscribe").digest("hex");
  const payload = `1.${userId}.${[...searchIds].sort((a, b) => a - b).join("-")}`;
  return `${payload}.${createHmac("sha256", key).update(payload).digest("base64url")}`;
}

const rowOf = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

test("a search saved from the list is renamed, sent less often, switched off and deleted", async ({
  page,
}) => {
  await register(page, "Search Keeper", uniqueEmail("keeper"));
  await page.goto("/properties?city=Dubai&property_type=sell&search=villa&page=2");
  await page.getByText("Save this search", { exact: true }).click();
  const form = page.locator(".save-search form");
  // A name is suggested from the search.
  await expect(form.getByLabel("Name of the search")).toHaveValue("villa · For sale · Dubai");
  await form.getByLabel("Name of the search").fill("Dubai villas");
  await form.getByLabel("Alerts", { exact: true }).selectOption("weekly");
  await form.getByRole("button", { name: "Save search" }).click();
  // Back on the same results, told it worked (a toast, or the page's notice without JavaScript).
  await expect(page).toHaveURL(/\/properties\?city=Dubai&property_type=sell&search=villa&page=2$/);
  await expect(page.getByText("Search saved. You will hear of new listings that match it.")).toBeVisible();

  await page.goto("/user/dashboard");
  await page.getByRole("link", { name: "Saved searches" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Saved searches" })).toBeVisible();
  const row = rowOf(page, "Dubai villas");
  await expect(row).toContainText("“villa” · For sale · Dubai");
  await expect(row).toContainText("Alerts on");
  await expect(row.getByLabel("Alerts", { exact: true })).toHaveValue("weekly");
  await expect(row.getByRole("link", { name: "See results of Dubai villas" })).toHaveAttribute(
    "href",
    "/properties?city=Dubai&property_type=sell&search=villa",
  );

  // Renamed, instant, alerts off: one form.
  await row.getByLabel("Name", { exact: true }).fill("Villas in Dubai");
  await row.getByLabel("Alerts", { exact: true }).selectOption("instant");
  await row.getByLabel("Send me alerts").uncheck();
  await row.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved search updated")).toBeVisible();
  const renamed = rowOf(page, "Villas in Dubai");
  await expect(renamed.getByLabel("Alerts", { exact: true })).toHaveValue("instant");
  await expect(renamed.getByLabel("Send me alerts")).not.toBeChecked();
  await expect(renamed).toContainText("Alerts off");

  // "See results" opens the list with the saved filters.
  await renamed.getByRole("link", { name: "See results of Villas in Dubai" }).click();
  await expect(page).toHaveURL(/\/properties\?city=Dubai&property_type=sell&search=villa$/);
  await page.goto("/user/saved-searches");
  await rowOf(page, "Villas in Dubai").getByRole("button", { name: "Delete Villas in Dubai" }).click();
  await expect(page.getByText("Saved search deleted")).toBeVisible();
  await expect(page.getByText("No saved searches yet.", { exact: false })).toBeVisible();
});

test("a name is required, and a visitor is asked to sign in first", async ({ page }) => {
  await page.goto("/properties?city=Dubai");
  const signIn = page.getByRole("link", { name: "Sign in to save this search" });
  await expect(signIn).toHaveAttribute("href", "/login?redirectTo=%2Fproperties%3Fcity%3DDubai");

  await register(page, "Nameless Saver", uniqueEmail("nameless"));
  await page.goto("/properties?city=Dubai");
  await page.getByText("Save this search", { exact: true }).click();
  const name = page.locator(".save-search form").getByLabel("Name of the search");
  // The browser asks for a name first; past it (a blank name), the server says the same.
  await name.fill("   ");
  await page.locator(".save-search form").getByRole("button", { name: "Save search" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await page.goto("/user/saved-searches");
  await expect(page.getByText("No saved searches yet.", { exact: false })).toBeVisible();
});

test("in Arabic: saved, listed right to left, renamed", async ({ page }) => {
  await register(page, "باحث عن شقة", uniqueEmail("arabic-saver"));
  await page.goto("/ar/properties?city=Dubai&property_type=rent");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByText("احفظ هذا البحث", { exact: true }).click();
  const form = page.locator(".save-search form");
  await form.getByLabel("اسم البحث").fill("شقق للإيجار في دبي");
  await form.getByLabel("التنبيهات", { exact: true }).selectOption("instant");
  await form.getByRole("button", { name: "حفظ البحث" }).click();
  await expect(page).toHaveURL(/\/ar\/properties\?city=Dubai&property_type=rent$/);
  await expect(page.getByText("تم حفظ البحث. سنخبرك بالإعلانات الجديدة التي تطابقه.")).toBeVisible();

  await page.goto("/ar/user/saved-searches");
  await expect(page.getByRole("heading", { level: 1, name: "عمليات البحث المحفوظة" })).toBeVisible();
  const row = rowOf(page, "شقق للإيجار في دبي");
  await expect(row).toContainText("للإيجار");
  await expect(row.getByRole("link", { name: "عرض نتائج شقق للإيجار في دبي" })).toHaveAttribute(
    "href",
    "/ar/properties?city=Dubai&property_type=rent",
  );
  await row.getByLabel("الاسم", { exact: true }).fill("إيجارات دبي");
  await row.getByLabel("التنبيهات", { exact: true }).selectOption("daily");
  await row.getByRole("button", { name: "حفظ التغييرات" }).click();
  await expect(page.getByText("تم تحديث البحث المحفوظ")).toBeVisible();
  await expect(rowOf(page, "إيجارات دبي").getByLabel("التنبيهات", { exact: true })).toHaveValue("daily");
});

test("the email's unsubscribe link switches alerts off without signing in, and back on", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  await register(page, "Link Follower", uniqueEmail("unsubscriber"));
  const auth = await bearerOf(page);
  const made = await page.request.post("/api/saved-searches", {
    headers: auth,
    data: { name: "Sharjah flats", city: "Sharjah", frequency: "daily" },
  });
  expect(made.status()).toBe(201);
  const searchId = ((await made.json()) as { data: { id: number } }).data.id;
  const me = (
    (await (await page.request.get("/api/get-profile", { headers: auth })).json()) as { data: { id: number } }
  ).data.id;
  const token = unsubscribeToken(me, [searchId]);

  // Opened from the email in a browser where nobody is signed in.
  const stranger = await (await browser.newContext({ javaScriptEnabled })).newPage();
  await stranger.goto(`/alerts/unsubscribe?token=${token}`);
  await expect(stranger.getByRole("heading", { name: "You will no longer get these alerts" })).toBeVisible();
  await expect(stranger.getByRole("listitem").filter({ hasText: "Sharjah flats" })).toBeVisible();
  await page.goto("/user/saved-searches");
  await expect(rowOf(page, "Sharjah flats")).toContainText("Alerts off");

  await stranger.getByRole("button", { name: "Turn alerts back on" }).click();
  await expect(stranger.getByRole("heading", { name: "Alerts are on again" })).toBeVisible();
  await page.goto("/user/saved-searches");
  await expect(rowOf(page, "Sharjah flats")).toContainText("Alerts on");

  // A mail program's one-click unsubscribe (RFC 8058) posts to the same address.
  const oneClick = await stranger.request.post(`/alerts/unsubscribe?token=${token}`, {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(oneClick.status()).toBe(200);
  await page.goto("/user/saved-searches");
  await expect(rowOf(page, "Sharjah flats")).toContainText("Alerts off");

  // A changed link, or none, says so plainly.
  await stranger.goto(`/alerts/unsubscribe?token=${token.replace(`.${searchId}.`, `.${searchId + 1}.`)}`);
  await expect(stranger.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
  await stranger.goto("/ar/alerts/unsubscribe");
  await expect(stranger.getByRole("heading", { name: "هذا الرابط غير صالح" })).toBeVisible();
  await stranger.close();
});

test("the saved searches pages have no serious accessibility violations", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "axe runs in the page");
  await register(page, "Axe Saver", uniqueEmail("axe-saver"));
  const auth = await bearerOf(page);
  await page.request.post("/api/saved-searches", {
    headers: auth,
    data: { name: "Marina flats", city: "Dubai", property_type: "rent", min_price: 50000, max_price: 120000 },
  });
  const check = async (path: string, open?: string) => {
    await page.goto(path);
    if (open) await page.getByText(open, { exact: true }).click();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      serious.map(
        (v) =>
          `${path} ${v.id}: ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(", ")}`,
      ),
    ).toEqual([]);
  };
  await check("/user/saved-searches");
  await check("/ar/user/saved-searches");
  await check("/properties?city=Dubai", "Save this search");
  await check("/alerts/unsubscribe?token=nothing");
});
