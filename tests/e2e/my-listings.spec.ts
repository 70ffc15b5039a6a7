import { expect, hydrated, test, type Page } from "../fixtures/test";

// Demo owners (seeded with listings; password demo1234). Each browser project uses its own, so the
// two runs never switch the same listing at once.
const OWNERS = { js: "youssef.elsayed@demo.souq.test", "no-js": "maryam.albalushi@demo.souq.test" } as Record<
  string,
  string
>;

async function signInFrom(page: Page, path: string, email: string) {
  await page.goto(path);
  // Private pages send the visitor to sign in, and back afterwards.
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  const main = page.locator("main");
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Password").fill("demo1234");
  await main.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, "\\?")}$`));
}

async function statValue(page: Page, label: string) {
  const stat = page
    .locator(".dashboard__stats")
    .first()
    .locator("div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) });
  return Number(await stat.locator("dd").textContent());
}

test("an owner manages their listings: deactivate, reactivate, mark sold, dashboard counts", async ({
  page,
}, info) => {
  const email = OWNERS[info.project.name] ?? OWNERS.js!;
  await signInFrom(page, "/user/dashboard", email);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  const header = page.locator(".site-header");
  await expect(header.getByRole("link", { name: "My account" })).toBeVisible();
  const total = await statValue(page, "All properties");
  expect(total).toBeGreaterThan(0);
  const soldBefore = await statValue(page, "Sold");

  // My properties: a listing for sale that is public and available.
  await page.getByRole("link", { name: "Manage my properties" }).click();
  await expect(page.getByRole("heading", { name: "My properties", level: 1 })).toBeVisible();
  await page.getByLabel("Type").selectOption("sell");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/property_type=sell/);
  const candidate = page
    .locator(".owner-row")
    .filter({ has: page.getByRole("button", { name: /Mark as sold/ }) })
    .filter({ has: page.getByRole("button", { name: /Deactivate/ }) })
    .first();
  const titleLink = candidate.locator(".owner-row__title a");
  const title = (await titleLink.textContent())!.trim();
  const slug = (await titleLink.getAttribute("href"))!.split("/").pop()!;
  const row = page
    .locator(".owner-row")
    .filter({ has: page.locator(".owner-row__title", { hasText: title }) });

  // Off: the row says so and the public no longer sees the listing.
  await row.getByRole("button", { name: /Deactivate/ }).click();
  await expect(row.locator(".badge--inactive")).toBeVisible();
  await expect(row.getByRole("button", { name: /Activate/ })).toBeVisible();
  const gone = await page.request.get(`/properties-details/${slug}`);
  expect(gone.status()).toBe(404);
  await page.goto(`/properties?search=${encodeURIComponent(title)}`);
  await expect(page.locator(".card__title", { hasText: title })).toHaveCount(0);

  // On again.
  await page.goto("/user/properties?property_type=sell");
  await row.getByRole("button", { name: /Activate/ }).click();
  await expect(row.locator(".badge--active")).toBeVisible();
  expect((await page.request.get(`/properties-details/${slug}`)).status()).toBe(200);

  // Sold, and the dashboard counts it.
  await row.getByRole("button", { name: /Mark as sold/ }).click();
  await expect(row.locator(".badge--sold")).toBeVisible();
  await page.goto("/user/dashboard");
  expect(await statValue(page, "Sold")).toBe(soldBefore + 1);

  // The owner's page of the listing, then back to available so the demo stays as it was.
  await page.goto(`/my-property/${slug}`);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Interested people" })).toBeVisible();
  await page.getByRole("button", { name: /Mark available/ }).click();
  await expect(page.locator(".badge--available")).toBeVisible();
});

test("delete asks first (dialog with JavaScript, a confirm step without), and cancelling keeps the listing", async ({
  page,
  javaScriptEnabled,
}, info) => {
  const email = OWNERS[info.project.name] ?? OWNERS.js!;
  await signInFrom(page, "/user/properties", email);
  const first = page.locator(".owner-row").first();
  const title = (await first.locator(".owner-row__title a").textContent())!.trim();
  const question = page.getByRole("heading", { name: "Delete this property?" });
  await hydrated(page, javaScriptEnabled);
  await first.getByRole("link", { name: /Delete/ }).click();
  await expect(question).toBeVisible();
  if (javaScriptEnabled) {
    // The question opens in a dialog over the list: no page load, no confirm step.
    const dialog = page.getByRole("dialog", { name: "Delete this property?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(title);
    await expect(page).not.toHaveURL(/[?&]delete=/);
    await expect(page.locator(".confirm-step")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  } else {
    // The link leads to the same question on the page itself, and its Cancel back to the list.
    await expect(page).toHaveURL(/[?&]delete=\d+/);
    const step = page.locator(".confirm-step");
    await expect(step).toContainText(title);
    await step.getByRole("link", { name: "Cancel" }).click();
    await expect(page).not.toHaveURL(/[?&]delete=/);
  }
  await expect(question).toBeHidden();
  await expect(page.locator(".owner-row__title", { hasText: title })).toBeVisible();
});

test("someone else's listing is not found on the owner's page", async ({ page }) => {
  await signInFrom(page, "/user/dashboard", OWNERS.js!.replace("youssef.elsayed", "layla.haddad"));
  const res = await page.goto("/my-property/no-such-listing-anywhere");
  expect(res?.status()).toBe(404);
  const cached = await page.request.get("/user/properties");
  expect(cached.headers()["cache-control"]).toBe("private, no-store");
});
