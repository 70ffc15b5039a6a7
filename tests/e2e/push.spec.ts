// Web push, as far as a browser without Firebase's servers can go: the service worker is served and
// starts, nothing breaks while messaging is not configured, signing out takes this browser's token
// off the profile, and the profile's notification switch is kept. (No push is faked in the browser:
// sending is covered by the API tests against FCM's stand-in.)
import { expect, test, type Page } from "../fixtures/test";
import { bearerOf, register, uniqueEmail } from "../fixtures/accounts";

test("the site's one worker is served as JavaScript and carries push, at its old address too", async ({
  request,
}) => {
  const res = await request.get("/firebase-messaging-sw.js");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^(text|application)\/javascript/);
  const code = await res.text();
  // Bundled from the installed SDK: nothing is loaded from Google's CDN at run time.
  expect(code).not.toContain("gstatic.com");
  // One worker (decision 048): /sw.js names this server's Firebase app (none here) and imports it.
  const site = await request.get("/sw.js");
  expect(site.status()).toBe(200);
  expect(site.headers()["content-type"]).toMatch(/^text\/javascript/);
  expect(site.headers()["cache-control"]).toBe("no-cache");
  const body = await site.text();
  expect(body).toContain("self.souqPushConfig = null;");
  expect(body).toContain('importScripts("/firebase-messaging-sw.js");');
});

test("the worker registers and starts without errors, with and without a Firebase app named", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "service workers are registered by script");
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.context().on("weberror", (e) => errors.push(e.error().message));
  await page.goto("/");
  const states = await page.evaluate(async () => {
    // A query string for the old address, or another script's own address.
    const start = async (where: string, scope: string) => {
      const script = where.startsWith("/") ? where : `/firebase-messaging-sw.js${where}`;
      const registration = await navigator.serviceWorker.register(script, { scope, updateViaCache: "none" });
      const worker = registration.installing ?? registration.waiting ?? registration.active!;
      if (worker.state !== "activated") {
        await new Promise<void>((resolve, reject) => {
          worker.addEventListener("statechange", () =>
            worker.state === "activated"
              ? resolve()
              : worker.state === "redundant"
                ? reject(new Error("redundant"))
                : undefined,
          );
        });
      }
      return worker.state;
    };
    const named = new URLSearchParams({
      apiKey: "demo-api-key",
      projectId: "demo-souq-test",
      messagingSenderId: "123456789",
      appId: "1:123456789:web:abc",
    });
    return [
      // Browsers that subscribed before there was one worker: still served, still starting.
      await start(`?${named}`, "/firebase-cloud-messaging-push-scope"),
      await start("", "/firebase-cloud-messaging-push-scope-2"),
      // The one the site registers (and push uses) now, for the whole site.
      await start("/sw.js", "/"),
    ];
  });
  expect(states).toEqual(["activated", "activated", "activated"]);
  expect(errors).toEqual([]);
});

async function hydrated(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  await page.locator("body").hover(); // the first interaction brings React in
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

test("with messaging not configured, signed-in pages offer no push and show no errors", async ({
  page,
  javaScriptEnabled,
}) => {
  await register(page, "Push Free", uniqueEmail("push-free"));
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error" || m.text() === "Messaging not supported.") errors.push(m.text());
  });
  for (const path of ["/user/notifications", "/user/profile"]) {
    await page.goto(path);
    await hydrated(page, javaScriptEnabled);
    await expect(page.getByRole("button", { name: "Turn on notifications" })).toHaveCount(0);
  }
  await expect(page.getByLabel("Send me notifications")).toBeVisible();
  expect(errors).toEqual([]);
});

test("signing out takes this browser's token off the profile", async ({ page }) => {
  test.setTimeout(60_000); // a sign-up, a sign-out and a sign-in through the form
  const email = uniqueEmail("push-out");
  await register(page, "Signing Out Here", email);
  const token = `e2e-${Date.now()}:APA91b${"y".repeat(100)}`;
  // What the page's script does once the browser hands out a token.
  const saved = await page.request.post("/user/push-token", { form: { fcm_id: token } });
  expect(saved.status()).toBe(200);
  expect((await page.context().cookies()).some((c) => c.name === "souq_fcm")).toBe(true);

  await page.goto("/user/dashboard");
  await page.locator(".site-header").getByRole("button", { name: "Sign out" }).click();
  await expect(page.locator(".site-header").getByRole("link", { name: "Sign in" })).toBeVisible();
  expect((await page.context().cookies()).some((c) => c.name === "souq_fcm")).toBe(false);

  // Signed in again: the token is no longer on the profile, so there is nothing left to remove.
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("secret123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator(".site-header").getByText("Signing Out Here")).toBeVisible();
  const again = await page.request.post("/api/before-logout", {
    headers: await bearerOf(page),
    data: { fcm_id: token },
  });
  expect((await again.json()).data.removed).toBe(false);
});

test("the profile's notification switch is kept", async ({ page, javaScriptEnabled }) => {
  await register(page, "Switch Keeper", uniqueEmail("push-switch"));
  const save = async () => {
    const saved = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/user/profile"),
    );
    await page.getByRole("button", { name: "Save profile" }).click();
    expect((await saved).status()).toBeLessThan(400);
    await page.goto("/user/profile");
    await hydrated(page, javaScriptEnabled);
  };
  await page.goto("/user/profile");
  await hydrated(page, javaScriptEnabled);
  const toggle = page.getByLabel("Send me notifications");
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await save();
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await save();
  await expect(toggle).toBeChecked();
});
