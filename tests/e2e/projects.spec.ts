import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../fixtures/test";

test("projects list → filter → project with plans → developer", async ({ page, request }) => {
  await page.goto("/projects");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New projects and developments");
  const count = page.getByRole("status");
  await expect(count).toHaveText(/^\d+ projects found$/);
  const all = Number((await count.textContent())!.split(" ")[0]);
  expect(all).toBeGreaterThanOrEqual(12);

  // Filters are a plain GET form: they end up in the URL with or without JavaScript.
  await page.getByLabel("Under construction").check();
  await page.getByLabel("City").fill("Dubai");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/type=under_construction/);
  await expect(page).toHaveURL(/city=Dubai/);
  await expect(count).not.toHaveText(`${all} projects found`);
  const cards = page.locator("article.card");
  const n = await cards.count();
  expect(n).toBeGreaterThan(0);
  expect(n).toBeLessThan(all);
  for (let i = 0; i < n; i++) await expect(cards.nth(i)).toContainText("Under construction");
  await expect(cards.first()).toContainText("Dubai");

  const first = cards.first();
  const title = (await first.locator("h3").textContent())!.trim();
  await first.getByRole("link").click();
  await expect(page).toHaveURL(/\/project-details\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  const photos = page.locator(".gallery img");
  expect(await photos.count()).toBeGreaterThanOrEqual(3);
  await expect(photos.first()).toHaveAttribute("loading", "eager");
  await expect(photos.nth(1)).toHaveAttribute("loading", "lazy");

  // A visitor sees how many plans and documents there are; the files come with a package.
  await expect(page.getByRole("heading", { name: "Floor plans" })).toBeVisible();
  await expect(page.locator("#plans")).toContainText(/This project has \d+ floor plans and \d+ documents/);
  await expect(page.locator("#plans").getByRole("link", { name: "See packages" })).toHaveAttribute(
    "href",
    "/subscription-plan",
  );
  await page.locator("#plans").getByRole("link", { name: "Sign in" }).click();
  // A demo agent holds a package with project details: back on the project, the plans are there.
  await page.locator("main").getByLabel("Email").fill("layla.haddad@demo.souq.test");
  await page.locator("main").getByLabel("Password").fill("demo1234");
  await page.locator("main").getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/project-details\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  // Floor plans are PDF files a member can download.
  const plans = page.locator("#plans a");
  await expect(page.getByRole("heading", { name: "Floor plans" })).toBeVisible();
  expect(await plans.count()).toBeGreaterThanOrEqual(3);
  await expect(plans.first()).toHaveText("Master plan");
  const href = (await plans.first().getAttribute("href"))!;
  expect(href).toMatch(/\.pdf$/);
  const pdf = await request.get(href);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  await expect(
    page.locator("#location").getByRole("link", { name: "View on OpenStreetMap" }),
  ).toHaveAttribute("href", /openstreetmap\.org\/\?mlat=.+&mlon=.+#map=16\//);
  await expect(page.getByRole("heading", { name: "Similar projects" })).toBeVisible();
  await expect(page.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", /wa\.me/);

  const developer = page.locator(".owner-card a").first();
  const name = (await developer.textContent())!.trim();
  await developer.click();
  await expect(page).toHaveURL(/\/developers\/\d+-/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(/^\d+ projects?$/);
  expect(await page.locator("article.card").count()).toBeGreaterThan(0);
});

test("developers: list, search, and every developer shows projects", async ({ page }) => {
  await page.goto("/developers");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Property developers");
  await expect(page.getByRole("status")).toHaveText(/^\d+ developers$/);
  await page.getByLabel("Search developers").fill("nile");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/search=nile/);
  await expect(page.getByRole("status")).toHaveText("1 developer");
  await page.locator(".agent-card a").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Nile Gate Developments");
});

test("the footer leads to developers and the header to projects", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "New projects" })).toBeVisible();
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Developers" }).click();
  await expect(page).toHaveURL(/\/developers$/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Projects" }).click();
  await expect(page).toHaveURL(/\/projects$/);
});

test("projects waiting for review are not public; an impossible search has an empty state", async ({
  page,
}) => {
  const res = await page.goto("/project-details/qurum-heights");
  expect(res?.status()).toBe(404);
  await page.goto("/projects?search=zzqqxxnothing");
  await expect(page.getByRole("status")).toHaveText("0 projects found");
  await expect(page.getByRole("heading", { name: "No projects match your search" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Show all projects" })).toBeVisible();
  // A filter nobody could mean keeps the page up.
  const bad = await page.goto("/projects?type=finished&category_id=abc");
  expect(bad?.status()).toBe(200);
  await expect(page.getByText("Some filters in the address were not valid and were left out.")).toBeVisible();
});

test("Arabic: projects and a project read right to left", async ({ page }) => {
  await page.goto("/ar/projects");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("المشاريع العقارية الجديدة");
  await expect(page.getByRole("status")).toContainText("مشروع");
  await page.goto("/ar/project-details/reem-bay-residences");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ريم باي ريزيدنس");
  await expect(page.getByRole("heading", { name: "المخططات" })).toBeVisible();
  await expect(page.locator("#plans")).toContainText("يضم هذا المشروع");
  await expect(page.locator(".owner-card a").first()).toHaveAttribute("href", /^\/ar\/developers\/\d+-/);
});

test("a project page and a developer page have no serious accessibility violations", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "axe runs in the page");
  for (const lang of ["", "/ar"]) {
    await page.goto(`${lang}/project-details/azure-marina-residences`);
    await page.locator(".owner-card a").first().click();
    await expect(page).toHaveURL(/\/developers\/\d+-/);
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map(
          (v) =>
            `${v.id}: ${v.nodes
              .map((x) => x.target.join(" "))
              .slice(0, 3)
              .join(", ")}`,
        ),
    ).toEqual([]);
  }
});
