import { mkdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Browser } from "../fixtures/test";
import { bearerOf, register, signInAsAdmin } from "../fixtures/accounts";

/**
 * The brand colour is one value for the whole site, and both projects (with and without JavaScript)
 * change it at once: each takes this lock (a directory, which only one process can create) for its
 * change-check-restore, so neither sees the other's colour. No other test reads the colour.
 */
async function alone<T>(name: string, work: () => Promise<T>): Promise<T> {
  const lock = path.join(tmpdir(), `souq-e2e-${name}-${process.env.E2E_PORT ?? 3100}.lock`);
  for (let waited = 0; ; waited += 200) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock left by a killed run is taken over after a minute.
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 60_000 || waited > 90_000)
        rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

async function adminPage(browser: Browser, javaScriptEnabled: boolean, then: string) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signInAsAdmin(page, then);
  return { page, close: () => context.close() };
}

test("the admin's brand colour is the site's colour, and it is put back", async ({
  browser,
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(60_000);
  const admin = await adminPage(browser, javaScriptEnabled, "/admin/settings");
  const colour = admin.page.getByLabel("Brand colour");
  const save = async (value: string) => {
    await colour.fill(value);
    const posted = admin.page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/settings"),
    );
    await admin.page.getByRole("button", { name: "Save settings" }).click();
    expect((await posted).status()).toBeLessThan(400);
    // The toast needs JavaScript (without it the message sits in a <noscript> the test browser does not parse).
    if (javaScriptEnabled) await expect(admin.page.getByText("Settings saved").first()).toBeVisible();
    else await expect(colour).toHaveValue(value);
  };
  const [mine, rgb] = javaScriptEnabled ? ["#1d4ed8", "rgb(29, 78, 216)"] : ["#7c2d12", "rgb(124, 45, 18)"];
  await alone("brand-colour", async () => {
    await admin.page.reload();
    const original = await colour.inputValue();
    try {
      await save(mine);
      // A visitor (not the admin) sees it: the site's name in the header is in the brand colour.
      await page.goto("/");
      await expect(page.locator(".site-header .brand")).toHaveCSS("color", rgb);
    } finally {
      await save(original);
    }
    await page.reload();
    await expect(page.locator(".site-header .brand")).not.toHaveCSS("color", rgb);
  });
  await admin.close();
});

test("a notification sent to one person reaches their notifications", async ({
  browser,
  page,
  javaScriptEnabled,
}) => {
  await register(page, "Broadcast Reader");
  const me = (await (await page.request.get("/api/get-profile", { headers: await bearerOf(page) })).json())
    .data.id as number;
  const title = `Welcome to the marketplace ${Date.now().toString(36)}`;

  const admin = await adminPage(browser, javaScriptEnabled, "/admin/notifications");
  const form = admin.page.locator("form.admin-form");
  await form.getByLabel("One person").check();
  await form.getByLabel("Their user number").fill(String(me));
  await form.getByLabel("Title", { exact: true }).fill(title);
  await form.getByLabel("Message", { exact: true }).fill("Tell us what you are looking for.");
  await form.getByLabel("Title (Arabic)").fill("مرحبًا بك في السوق");
  await form.getByRole("button", { name: "Send" }).click();
  if (javaScriptEnabled) await expect(admin.page.getByText("Notification sent").first()).toBeVisible();
  await expect(admin.page.getByRole("table").getByText(title)).toBeVisible();
  await admin.close();

  await page.goto("/user/notifications");
  await expect(page.locator(".notifications").getByText(title)).toBeVisible();
  await expect(page.locator(".notifications").getByText("Tell us what you are looking for.")).toBeVisible();
});
