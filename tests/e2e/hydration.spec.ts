import { expect, test } from "../fixtures/test";

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

// The first touch is often the start of typing: what goes in while React is still on its way stays.
test("text typed while React takes over is kept", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "about JavaScript taking over");
  await page.goto("/user/profile");
  await page.locator("main").getByLabel("Email").fill("priya.nair@demo.souq.test");
  await page.locator("main").getByLabel("Password").fill("demo1234");
  await page.locator("main").getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);

  await page.goto("/user/profile");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  // Typed while React is still on its way (as the browser reports typing: the value, then an input
  // event). Hydrating a textarea sets it back to the server's text; it must come back.
  await page.getByLabel("About me").evaluate((el: HTMLTextAreaElement) => {
    el.value = "Typed before the page came alive.";
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await page.mouse.move(40, 40);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(page.getByLabel("About me")).toHaveValue("Typed before the page came alive.");
  // And React knows it: saving sends what is in the box.
  const saved = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/user/profile"),
  );
  await page.getByRole("button", { name: "Save profile" }).click();
  await saved;
  await page.goto("/user/profile");
  await expect(page.getByLabel("About me")).toHaveValue("Typed before the page came alive.");
});
