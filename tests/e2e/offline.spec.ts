// Installable and readable offline (decision 048): each language's web app manifest and its icons,
// the one service worker, listings read before opening without a connection (their main photo
// too), the offline page for everything else, and nothing private ever kept.
import { expect, test, type Page } from "../fixtures/test";
import { register } from "../fixtures/accounts";

type Listing = { slug_id: string; title: string; is_premium: boolean; title_image: unknown };

/** A demo listing with photos that anyone may read whole. */
async function listingWithPhotos(page: Page, skip = 0): Promise<Listing> {
  const res = await page.request.get("/api/get_property?limit=50");
  const all = ((await res.json()) as { data: Listing[] }).data.filter((p) => p.title_image && !p.is_premium);
  return all[skip]!;
}

/** The size a PNG says it is (its IHDR chunk). */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

for (const [home, lang, dir] of [
  ["/", "en", "ltr"],
  ["/ar", "ar", "rtl"],
] as const) {
  test(`the ${lang} pages link their web app manifest, whose icons are PNGs of their sizes`, async ({
    page,
  }) => {
    await page.goto(home);
    const href = await page.locator('head link[rel="manifest"]').getAttribute("href");
    expect(href).toBe(lang === "en" ? "/manifest.webmanifest" : "/ar/manifest.webmanifest");
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(await res.text());
    expect(manifest).toMatchObject({ lang, dir, start_url: home, scope: "/", display: "standalone" });
    expect(manifest.name).toEqual(expect.any(String));
    expect(manifest.short_name.length).toBeGreaterThan(0);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const purposes: string[] = [];
    for (const icon of manifest.icons as { src: string; sizes: string; type: string; purpose: string }[]) {
      const got = await page.request.get(icon.src);
      expect(got.status(), icon.src).toBe(200);
      expect(got.headers()["content-type"]).toBe(icon.type);
      expect(icon.type).toBe("image/png");
      expect(pngSize(await got.body()).join("x")).toBe(icon.sizes);
      purposes.push(`${icon.sizes} ${icon.purpose}`);
    }
    expect(purposes).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
  });
}

test("the offline page says so and how to try again, in both languages", async ({ page }) => {
  await page.goto("/offline");
  await expect(page.getByRole("heading", { name: "You are offline", level: 1 })).toBeVisible();
  await expect(page.getByText("Check your Wi-Fi or mobile data, then try again.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/");
  await page.goto("/ar/offline");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "أنت غير متصل بالإنترنت", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "حاول مرة أخرى" })).toHaveAttribute("href", "/ar");
});

/** The site's worker runs and answers this page's requests. */
async function controlled(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
      timeout: 20_000,
    })
    .toMatch(/\/sw\.js$/);
}

/** What the worker has kept: every address in its caches. */
const keptAddresses = (page: Page) =>
  page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) out.push(`${name} ${request.url}`);
    return out;
  });

test("the site's one worker registers for the whole site once a page has loaded", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "service workers are registered by script");
  await page.goto("/");
  await controlled(page);
  const registration = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.getRegistration("/");
    return {
      scope: r?.scope,
      script: r?.active?.scriptURL,
      all: (await navigator.serviceWorker.getRegistrations()).length,
    };
  });
  expect(registration.scope).toBe(new URL("/", page.url()).href);
  expect(registration.script).toBe(new URL("/sw.js", page.url()).href);
  expect(registration.all).toBe(1);
  // The offline page of both languages is ready before any connection is lost.
  const kept = await keptAddresses(page);
  expect(kept).toContain(`souq-offline-v1 ${new URL("/offline", page.url()).href}`);
  expect(kept).toContain(`souq-offline-v1 ${new URL("/ar/offline", page.url()).href}`);
});

test("a listing read before opens offline with its photo; a page never read shows the offline page listing it", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "service workers need JavaScript");
  test.setTimeout(60_000); // eight pages, two of them offline
  const listing = await listingWithPhotos(page);
  const path = `/properties-details/${listing.slug_id}`;
  await page.goto("/");
  await controlled(page);
  await page.goto(path);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  // Kept once the page and its main photo have arrived.
  await expect
    .poll(async () =>
      (await keptAddresses(page)).filter(
        (k) => !k.startsWith("souq-offline") && !k.startsWith("souq-assets"),
      ),
    )
    .toEqual(
      expect.arrayContaining([
        `souq-listings-v1 ${new URL(path, page.url()).href}`,
        expect.stringMatching(/^souq-listing-photos-v1 .*\/uploads\//),
      ]),
    );

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const photo = page.locator('.gallery img[fetchpriority="high"]');
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    // A page never opened: the offline page, at the address asked for, with the listing linked.
    await page.goto("/agents");
    await expect(page).toHaveURL(/\/agents$/);
    await expect(page.getByRole("heading", { name: "You are offline", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", /\/agents$/);
    const kept = page
      .getByRole("region", { name: "Listings you can read offline" })
      .getByRole("link", { name: title });
    await expect(kept).toHaveAttribute("href", path);
    await expect
      .poll(() =>
        kept.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await kept.click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

    // An Arabic address gets the Arabic offline page.
    await page.goto("/ar/contact");
    await expect(page.getByRole("heading", { name: "أنت غير متصل بالإنترنت", level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  } finally {
    await context.setOffline(false);
  }
});

test("offline, a link followed on a page React runs opens the offline page", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "about the page's script");
  await page.goto("/");
  await controlled(page);
  await page.mouse.move(20, 20); // the first interaction brings React in
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await context.setOffline(true);
  try {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Agents" }).click();
    await expect(page).toHaveURL(/\/agents$/);
    await expect(page.getByRole("heading", { name: "You are offline", level: 1 })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test("signed-in pages are never kept; a listing read signed in is kept as anyone sees it; signing out forgets it", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "service workers need JavaScript");
  test.setTimeout(60_000); // a sign-up, six pages and a sign-out
  const name = "Offline Reader";
  await register(page, name);
  await controlled(page);
  await page.goto("/user/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  const listing = await listingWithPhotos(page, 1);
  const path = `/properties-details/${listing.slug_id}`;
  await page.goto(path);
  await expect(page.locator(".site-header").getByText(name)).toBeVisible();
  await expect
    .poll(async () =>
      (await keptAddresses(page)).some((k) => k.startsWith("souq-listings-v1") && k.endsWith(path)),
    )
    .toBe(true);
  const kept = await keptAddresses(page);
  expect(kept.filter((k) => /\/user\//.test(k))).toEqual([]);
  // The kept copy is the page as a visitor without an account sees it.
  const copy = await page.evaluate(
    async (address) => (await (await caches.open("souq-listings-v1")).match(address))!.text(),
    new URL(path, page.url()).href,
  );
  expect(copy).toContain(listing.slug_id);
  expect(copy).not.toContain(name);

  await context.setOffline(true);
  try {
    await page.goto("/user/dashboard");
    await expect(page.getByRole("heading", { name: "You are offline", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Dashboard" })).toHaveCount(0);
    await expect(page.getByText(name)).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }

  // Signing out (the header's form) empties what this person read.
  await page.goto("/user/dashboard");
  await page.locator(".site-header").getByRole("button", { name: "Sign out" }).click();
  await expect(page.locator(".site-header").getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect
    .poll(async () => (await keptAddresses(page)).filter((k) => k.startsWith("souq-listing")))
    .toEqual([]);
});
