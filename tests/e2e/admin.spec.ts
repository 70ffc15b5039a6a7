import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../fixtures/test";
import { register, signInAsAdmin } from "../fixtures/accounts";

// The console is for admins: a visitor is asked to sign in, a normal person is refused.
test("the console asks a visitor to sign in and refuses a normal account", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin/);
  await register(page, "Not An Admin");
  const res = await page.goto("/admin");
  expect(res?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  await expect(page.locator(".site-header").getByRole("link", { name: "Admin" })).toHaveCount(0);
});

test("the demo admin opens the console and its audit log", async ({ page }) => {
  await signInAsAdmin(page);
  await expect(page.getByRole("heading", { level: 1, name: "Admin console" })).toBeVisible();
  await expect(page.locator(".site-header").getByRole("link", { name: "Admin" })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Admin console" })
    .getByRole("link", { name: "Audit log" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
});

test("the console's busiest pages have no serious accessibility violations", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "axe runs in the page");
  test.slow();
  await signInAsAdmin(page);
  for (const path of [
    "/admin",
    "/admin/properties?request_status=all",
    "/admin/users",
    "/admin/packages/new",
    "/admin/settings",
    "/ar/admin/reports",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
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
  }
});
