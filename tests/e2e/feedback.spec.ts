// Feedback while something happens: the skeleton of a page that is slow to come (spec §2), toasts
// that go with a swipe (spec §9: 80%), and forms that say they are working and send once.
import type { Locator, Route } from "@playwright/test";
import { expect, test, type Page } from "../fixtures/test";
import { FAR_RENTAL } from "../fixtures/far-rental";
import { jpeg, readyToList } from "../fixtures/accounts";

// Each test walks through several pages and waits on the page's own steps.
test.describe.configure({ timeout: 90_000 });

/** Wakes React (it hydrates on the first interaction) and waits until it runs the page. */
async function alive(page: Page) {
  await page.mouse.move(5, 5);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

/**
 * Stops the page's clock (installed before the page loaded): its timers fire only when the test
 * moves it on, so "after a moment" and "after 5 seconds" are the page's own, whatever the machine.
 */
async function stopClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

/** Holds the browser's requests for the data of the page at `path` until `release` is called. */
async function holdData(page: Page, path: RegExp) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const seen: string[] = [];
  await page.route(
    (url) => url.pathname.endsWith(".data") && path.test(url.pathname.slice(0, -".data".length)),
    async (route: Route) => {
      seen.push(route.request().method());
      await held;
      await route.continue().catch(() => {});
    },
  );
  return { release, seen };
}

test.describe("the page to come", () => {
  test("a slow page shows its skeleton after a moment, then the page", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "without JavaScript the browser loads the page itself");
    // The page's clock, so "after a moment" is the page's 350 ms, not the test machine's speed.
    await page.clock.install();
    await page.goto("/properties");
    await alive(page);
    await stopClock(page);
    const { release } = await holdData(page, /^\/properties-details\//);
    const main = page.locator("main#main");
    const card = page.locator("main a[href*='/properties-details/']").first();
    await card.click();

    // A quick page never shows it.
    await page.clock.runFor(200);
    await expect(page.locator("[data-skeleton]")).toHaveCount(0);
    await expect(main).not.toHaveAttribute("aria-busy", "true");

    await page.clock.runFor(300);
    const skeleton = page.locator('[data-skeleton="detail"]');
    await expect(skeleton).toBeVisible();
    await expect(skeleton).toHaveAttribute("aria-hidden", "true");
    await expect(main).toHaveAttribute("aria-busy", "true");
    // Said once to screen readers, who read the page as busy meanwhile.
    await expect(main.locator("[data-page-loading]")).toHaveText("Loading…");
    // The page being left has gone: only the skeleton stands for what comes.
    await expect(main.getByRole("heading", { level: 1 })).toHaveCount(0);

    release();
    await expect(page).toHaveURL(/\/properties-details\//);
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("[data-skeleton]")).toHaveCount(0);
    await expect(main).not.toHaveAttribute("aria-busy", "true");
    await expect(main.locator("[data-page-loading]")).toHaveText("");
  });

  test("a list of cards shows cards, in Arabic with Arabic words", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript the browser loads the page itself");
    await page.clock.install();
    await page.goto("/ar/about");
    await alive(page);
    await stopClock(page);
    const { release } = await holdData(page, /^\/ar\/projects$/);
    await page.locator(".site-header").getByRole("link", { name: "المشاريع" }).click();
    await page.clock.runFor(500);
    await expect(page.locator('[data-skeleton="list"] .skeleton__card')).toHaveCount(6);
    await expect(page.locator("main#main [data-page-loading]")).toHaveText("جارٍ التحميل…");
    release();
    await expect(page).toHaveURL(/\/ar\/projects$/);
    await expect(page.locator("[data-skeleton]")).toHaveCount(0);
  });

  test("without motion the skeleton stands still", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript the browser loads the page itself");
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/about");
    await alive(page);
    await stopClock(page);
    const { release } = await holdData(page, /^\/contact$/);
    await page.locator(".site-footer").getByRole("link", { name: "Contact us" }).click();
    await page.clock.runFor(500);
    const bar = page.locator("[data-skeleton] .skeleton__bar").first();
    await expect(bar).toBeVisible();
    expect(await bar.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    release();
    await expect(page.locator("[data-skeleton]")).toHaveCount(0);
  });
});

/** Sends the contact form (a toast thanks the sender), from an address of this test's own. */
async function toastFromContact(page: Page, path = "/contact") {
  await page.goto(path);
  await alive(page);
  // The toast stays until the test has dragged it (it would close by itself after 5 s).
  await stopClock(page);
  await page.locator('input[name="first_name"]').fill("Swipe");
  await page.locator('input[name="email"]').fill(`swipe-${Date.now()}@example.test`);
  await page.locator('input[name="subject"]').fill("A toast to swipe");
  await page.locator('textarea[name="message"]').fill(`Sent to see a toast (${Math.random()}).`);
  await page.locator("main form button[type=submit]").click();
  const toast = page.locator("[data-rht-toaster] .toast-swipe");
  await expect(toast).toBeVisible();
  return toast;
}

/** Drags a toast sideways by `share` of its width, from its middle (its close button is at one end). */
async function drag(page: Page, toast: Locator, share: number, towards: "left" | "right") {
  const box = (await toast.boundingBox())!;
  const y = box.y + box.height / 2;
  const from = box.x + box.width / 2;
  const to = towards === "left" ? from - box.width * share : from + box.width * share;
  await page.mouse.move(from, y);
  await page.mouse.down();
  await page.mouse.move(to, y, { steps: 5 });
  await page.mouse.up();
  return box;
}

test.describe("toasts", () => {
  test.use({ extraHTTPHeaders: { "x-forwarded-for": "203.0.113.46" } });

  test("a toast dragged half way comes back; past 80% it goes", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "toasts need JavaScript");
    await page.clock.install();
    const toast = await toastFromContact(page);
    // English: the top-right corner.
    const start = (await toast.boundingBox())!;
    expect(start.x + start.width / 2).toBeGreaterThan((page.viewportSize()!.width * 2) / 3);

    await drag(page, toast, 0.5, "left");
    await expect(toast).toHaveAttribute("data-state", "rest");
    await expect.poll(async () => Math.round((await toast.boundingBox())!.x)).toBe(Math.round(start.x));
    await expect(page.locator("[data-rht-toaster]").getByRole("status")).toHaveText(
      "Thank you! Your message has been sent.",
    );

    await drag(page, toast, 0.85, "left");
    await expect(toast).toHaveAttribute("data-state", "gone");
    // Dismissed: the library takes it out of the page a second later.
    await page.clock.runFor(1500);
    await expect(page.locator("[data-rht-toaster] [role=status]")).toHaveCount(0);
  });

  test("the close button takes a toast away; in Arabic it sits top-left and swipes the same", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "toasts need JavaScript");
    await page.clock.install();
    const toast = await toastFromContact(page, "/ar/contact");
    const box = (await toast.boundingBox())!;
    expect(box.x + box.width / 2).toBeLessThan(page.viewportSize()!.width / 3);
    await drag(page, toast, 0.85, "right");
    await page.clock.runFor(1500);
    await expect(page.locator("[data-rht-toaster] [role=status]")).toHaveCount(0);

    await page.clock.resume();
    const again = await toastFromContact(page);
    await again.getByRole("button", { name: "Close message" }).click();
    await page.clock.runFor(1500);
    await expect(page.locator("[data-rht-toaster] [role=status]")).toHaveCount(0);
  });
});

test.describe("forms sent once", () => {
  test.use({ extraHTTPHeaders: { "x-forwarded-for": "203.0.113.47" } });

  test("a double click sends the contact form once, and the button says it is sending", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(
      !javaScriptEnabled,
      "without JavaScript the browser sends what it is given (the server's part)",
    );
    await page.goto("/contact");
    await alive(page);
    await page.getByLabel("First name").fill("Twice");
    await page.getByLabel("Email").fill(`twice-${Date.now()}@example.test`);
    await page.getByLabel("Subject").fill("Pressed twice");
    await page.getByLabel("Message").fill("One message, however many presses.");
    const { release, seen } = await holdData(page, /^\/contact$/);
    const button = page.locator("main form button[type=submit]");
    await button.dblclick();
    await expect(button).toHaveText("Sending…");
    await expect(button).toHaveAttribute("aria-disabled", "true");
    await expect(page.locator("main form")).toHaveAttribute("aria-busy", "true");
    // Enter in a field while it is on its way sends nothing either.
    await page.getByLabel("Subject").press("Enter");
    release();
    await expect(page.locator("main p.notice")).toHaveText("Thank you! Your message has been sent.");
    expect(seen.filter((m) => m === "POST")).toHaveLength(1);
    await expect(button).toHaveText("Send message");
    await expect(button).not.toHaveAttribute("aria-disabled", "true");
  });

  test("a profile saved with a double click is sent once", async ({ page, javaScriptEnabled }) => {
    test.skip(
      !javaScriptEnabled,
      "without JavaScript the browser sends what it is given (the server's part)",
    );
    await readyToList(page, "Double Saver", "twice");
    await page.goto("/user/profile");
    await alive(page);
    await page.getByLabel("About me").fill("Saved once, pressed twice.");
    const { release, seen } = await holdData(page, /^\/user\/profile$/);
    const button = page.getByRole("button", { name: "Save profile" });
    await button.dblclick();
    await expect(page.locator("main form button[data-pending]")).toHaveText("Saving…");
    release();
    await expect(page.getByRole("button", { name: "Save profile" })).toBeVisible();
    expect(seen.filter((m) => m === "POST")).toHaveLength(1);
  });

  // Without JavaScript (or before it runs) a second press posts the whole form again. The form's
  // token makes both posts one listing: both answers lead to the same listing.
  test("a listing form posted twice makes one listing", async ({ page }) => {
    await readyToList(page, "Twice Poster", "twice-post");
    await page.goto("/user/add-property");
    const token = await page.locator('input[name="form_token"]').getAttribute("value");
    expect(token).toMatch(/^[\w-]{16,64}$/);
    const category = (await (await page.request.get("/api/get_categories")).json()).data[0].id;
    const title = `Twice posted flat ${Date.now()}`;
    const send = async () =>
      page.request.post("/user/add-property", {
        maxRedirects: 0,
        multipart: {
          ...FAR_RENTAL,
          title,
          category_id: String(category),
          price: "9100",
          form_token: token!,
          title_image: { name: "front.jpg", mimeType: "image/jpeg", buffer: await jpeg(70) },
        },
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.status(), second.status()]).toEqual([302, 302]);
    expect(second.headers().location).toMatch(/^\/my-property\//);
    expect(second.headers().location).toBe(first.headers().location);
    await page.goto("/user/properties");
    await expect(page.getByRole("heading", { name: title, exact: true })).toHaveCount(1);
  });
});
