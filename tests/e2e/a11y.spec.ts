import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

// Every public page, in both languages: no serious or critical accessibility violations.
const PAGES = ["/", "/properties", "/properties?property_type=rent&min_beds=2", "/agents", "/projects", "/projects?type=upcoming", "/project-details/azure-marina-residences", "/developers", "/articles", "/faqs", "/contact", "/register", "/login", "/mortgage-calculator", "/area-converter"];

for (const lang of ["", "/ar"]) {
  for (const path of PAGES) {
    test(`no serious accessibility violations on ${lang || "/en"}${path}`, async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "axe runs in the page; once per page is enough");
      await page.goto(lang + (path === "/" && lang ? "" : path));
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`)).toEqual([]);
    });
  }
}

test("a listing page has no serious accessibility violations", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe runs in the page");
  await page.goto("/properties");
  await page.locator("article.card a").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
});

// The signed-in pages, in both languages, for a new account.
test("the account pages have no serious accessibility violations", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe runs in the page");
  test.setTimeout(90_000);
  await page.goto("/register");
  await page.getByLabel("Name").fill("Axe Checker");
  await page.getByLabel("Email").fill(`axe-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`);
  await page.getByLabel("Phone number").fill("+971501234567");
  await page.getByLabel("Password", { exact: true }).fill("secret123");
  await page.getByLabel("Confirm password").fill("secret123");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.locator(".site-header").getByText("Axe Checker")).toBeVisible();
  for (const lang of ["", "/ar"]) {
    for (const path of ["/user/profile", "/user/dashboard", "/user/properties", "/user/projects", "/user/add-property", "/user/add-project", "/subscription-plan"]) {
      await page.goto(lang + path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${lang}${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`)).toEqual([]);
    }
  }
});
