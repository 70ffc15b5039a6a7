import AxeBuilder from "@axe-core/playwright";
import type { Locator } from "@playwright/test";
import { expect, test, type Page } from "../fixtures/test";

// Map search and the listing's location map. The server runs with a blank local map style
// (MAP_STYLE_URL in playwright.config.ts), so nothing here needs a tile server.

const count = async (page: Page) =>
  Number(((await page.locator(".results__count").textContent()) ?? "").replace(/\D+/g, ""));

type Marker = { id: number; title: string; latitude: number; longitude: number };

/**
 * Where a place is drawn on the map's canvas, from the map's bounds ("w,s,e,n", as the page puts
 * them in its URL after a move) and Web Mercator. Markers are drawn in the map's layers, so a test
 * finds them as a visitor does: by where they are.
 */
async function pointOf(
  map: Locator,
  bbox: string,
  { latitude, longitude }: { latitude: number; longitude: number },
) {
  const box = (await map.locator("canvas.maplibregl-canvas").boundingBox())!;
  const [w, s, e, n] = bbox.split(",").map(Number) as [number, number, number, number];
  const x = (lng: number) => (lng + 180) / 360;
  const y = (lat: number) => {
    const sin = Math.sin((lat * Math.PI) / 180);
    return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
  };
  return {
    x: box.x + ((x(longitude) - x(w)) / (x(e) - x(w))) * box.width,
    y: box.y + ((y(latitude) - y(n)) / (y(s) - y(n))) * box.height,
    box,
  };
}

test("the list's first load carries no map code", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "about the JavaScript a page loads");
  const loaded: { url: string; body: string }[] = [];
  page.on("response", async (res) => {
    const type = res.request().resourceType();
    if (type === "script" || type === "stylesheet")
      loaded.push({ url: res.url(), body: await res.text().catch(() => "") });
  });
  await page.goto("/properties");
  await expect(page.getByRole("link", { name: "Map", exact: true })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.filter((r) => /maplibre/i.test(r.url) || /maplibre/i.test(r.body)).map((r) => r.url)).toEqual(
    [],
  );
  expect(await page.locator(".maplibregl-map").count()).toBe(0);
});

test("map view: markers from the API, moving the map filters the list and the URL", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the map needs JavaScript; the no-JavaScript view is tested below");
  test.slow(); // hundreds of markers on a software-rendered map
  await page.goto("/properties?property_type=sell");
  const all = await count(page);
  await page.getByRole("link", { name: "Map", exact: true }).click();
  await expect(page).toHaveURL(/view=map/);
  await expect(page).toHaveURL(/property_type=sell/);

  const map = page.getByRole("region", { name: "Map of the properties" });
  await expect(map.locator("canvas.maplibregl-canvas")).toBeVisible();
  // Every sale listing of the demo is on the map (fewer than 500: one marker each).
  await expect(map.locator(".map-search")).toHaveAttribute("data-state", "ready");
  await expect(map.getByRole("status")).toHaveText(`${all} properties in this map area`);
  await expect(map.locator(".map-search")).toHaveAttribute("data-items", String(all));
  // The markers are drawn in the map; keyboards and screen readers get each as a button after it.
  const pins = map.locator(".map-list").getByRole("button", { name: /, AED / });
  expect(await pins.count()).toBe(all);

  // A marker's button is named after the listing; it opens a card that links to the listing, and
  // shows itself (at the foot of the map) while it has the focus.
  const pin = pins.first();
  const name = (await pin.textContent())!;
  expect(name).toMatch(/.+, AED /);
  const title = name.slice(0, name.lastIndexOf(", AED"));
  await pin.focus();
  await expect(pin).toBeVisible();
  await page.keyboard.press("Enter");
  const card = map.getByRole("dialog", { name: title });
  await expect(card).toBeVisible();
  const view = card.getByRole("link", { name: "View property" });
  await expect(view).toHaveAttribute("href", /\/properties-details\//);
  await expect(view).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(card).toBeHidden();
  await expect(pin).toBeFocused();

  // Keyboard users move the map like everyone else: zoom in and pan from the focused map.
  const entries = await page.evaluate(() => history.length);
  await map.locator("canvas").focus();
  for (const key of ["Equal", "Equal", "ArrowRight", "ArrowDown"]) {
    await page.keyboard.press(key);
    await page.waitForTimeout(400);
  }
  await expect(page).toHaveURL(/bbox=-?\d+(\.\d+)?(%2C|,)/);
  // The last pan lands a moment after its key (its animation, then the map settling): until the
  // address stops changing, what the page shows may still be the area of the key before.
  await settledArea(page);
  await expect(page).toHaveURL(/view=map/);
  await expect.poll(() => count(page)).toBeLessThan(all);
  await expect(map.locator(".map-search")).toHaveAttribute("data-state", "ready");
  // The list and the map's own count agree once the last move has landed (the list may lag a pan).
  await expect
    .poll(async () =>
      `${(await map.getByRole("status").textContent()) ?? ""}`.startsWith(`${await count(page)} propert`),
    )
    .toBe(true);
  // Moves replace the history entry: Back leaves the page instead of stepping through pans.
  expect(await page.evaluate(() => history.length)).toBe(entries);

  // Where the keys land depends on the window and the animations, and may be open sea. The marker
  // and the way back are checked where listings certainly are, never skipped for an empty area:
  // the map opened on the surroundings of a sale listing the API names.
  const anywhere = await page.request.get(
    "/api/get-map-clusters?property_type=sell&bbox=-180,-85,180,85&zoom=10",
  );
  const [some] = ((await anywhere.json()) as { data: { markers: Marker[] } }).data.markers;
  expect(some).toBeTruthy();
  const around = [
    some!.longitude - 0.04,
    some!.latitude - 0.03,
    some!.longitude + 0.04,
    some!.latitude + 0.03,
  ];
  const asked = around.map((v) => v.toFixed(5)).join(",");
  await page.goto(`/properties?property_type=sell&view=map&bbox=${asked}`);
  await expect(map.locator(".map-search")).toHaveAttribute("data-state", "ready");
  // A move writes the map's own bounds into the address (the box asked for is fitted to the
  // window's shape): one small pan, so markers are found where they are drawn.
  await map.locator("canvas").focus();
  await page.keyboard.press("ArrowUp");
  await expect.poll(() => new URL(page.url()).searchParams.get("bbox")).not.toBe(asked);
  await settledArea(page);
  await expect(map.locator(".map-search")).toHaveAttribute("data-state", "ready");
  await expect
    .poll(async () =>
      `${(await map.getByRole("status").textContent()) ?? ""}`.startsWith(`${await count(page)} propert`),
    )
    .toBe(true);
  const inArea = await count(page);
  expect(inArea).toBeGreaterThan(0);

  // The list shows the same area; a listing and Back return to it.
  const bbox = new URL(page.url()).searchParams.get("bbox")!;
  expect(bbox.split(",")).toHaveLength(4);

  // A marker on the map opens its card when clicked (the one standing most apart from the others).
  const res = await page.request.get(`/api/get-map-clusters?property_type=sell&bbox=${bbox}&zoom=10`);
  const markers = ((await res.json()) as { data: { markers: Marker[] } }).data.markers;
  const points = await Promise.all(markers.map(async (m) => ({ m, ...(await pointOf(map, bbox, m)) })));
  const inside = points.filter(
    (p) =>
      p.x > p.box.x + 40 &&
      p.x < p.box.x + p.box.width - 40 &&
      p.y > p.box.y + 60 &&
      p.y < p.box.y + p.box.height - 10,
  );
  expect(inside.length).toBeGreaterThan(0);
  const apart = (p: (typeof points)[number]) =>
    Math.min(Infinity, ...points.filter((q) => q !== p).map((q) => Math.hypot(q.x - p.x, q.y - p.y)));
  const target = inside.sort((a, b) => apart(b) - apart(a))[0]!;
  // Just above the place: a price pin stands on it, a dot is around it. Markers drawn on top of
  // it (closer than a pin's width) may answer the click instead.
  await page.mouse.click(target.x, target.y - 6);
  const near = points.filter((p) => Math.hypot(p.x - target.x, p.y - target.y) < 40).map((p) => p.m.title);
  const clicked = map.getByRole("dialog");
  await expect(clicked).toBeVisible();
  expect(near).toContain(await clicked.getAttribute("aria-label"));
  await expect(clicked.getByRole("link", { name: "View property" })).toHaveAttribute(
    "href",
    /\/properties-details\//,
  );
  await page.keyboard.press("Escape");
  await expect(clicked).toBeHidden();

  await page.locator("article.card a").first().click();
  await expect(page).toHaveURL(/\/properties-details\//);
  await page.goBack();
  await expect.poll(() => new URL(page.url()).searchParams.get("bbox")).toBe(bbox);
  expect(await count(page)).toBe(inArea);
});

test("a cluster zooms the map into its listings, from a click or the keyboard", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the map needs JavaScript");
  // The demo has fewer listings than the map shows one by one, so the answer is made up here:
  // one cluster in the middle of whatever box is asked for. The map's zoom comes with each question.
  let zoom = 0;
  await page.route("**/api/get-map-clusters?*", (route) => {
    const url = new URL(route.request().url());
    zoom = Number(url.searchParams.get("zoom"));
    const [w, s, e, n] = url.searchParams.get("bbox")!.split(",").map(Number) as [
      number,
      number,
      number,
      number,
    ];
    const [lng, lat] = [(w + e) / 2, (s + n) / 2];
    const [dw, dh] = [(e - w) / 10, (n - s) / 10];
    const cluster = {
      id: `${zoom}`,
      count: 1234,
      latitude: lat,
      longitude: lng,
      bounds: [lng - dw, lat - dh, lng + dw, lat + dh],
    };
    return route.fulfill({
      json: {
        error: false,
        message: "Data fetched successfully",
        data: { clusters: [cluster], markers: [], clustered: true },
        total: 1234,
      },
    });
  });
  await page.goto("/properties?view=map&bbox=54.9,24.7,55.7,25.4");
  const map = page.getByRole("region", { name: "Map of the properties" });
  await expect(map.locator(".map-search")).toHaveAttribute("data-state", "ready");
  await expect(map.getByRole("status")).toHaveText("1234 properties in this map area");
  const start = zoom;
  expect(start).toBeGreaterThan(0);
  const canvas = (await map.locator("canvas.maplibregl-canvas").boundingBox())!;
  await page.mouse.click(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
  await expect.poll(() => zoom).toBeGreaterThan(start + 1);
  await expect(page).toHaveURL(/bbox=55\.\d+/);
  await expect(map.getByRole("dialog")).toHaveCount(0);
  // The same from the keyboard: the cluster's button in the list after the map.
  await expect(map.locator(".map-search")).toHaveAttribute("data-state", "ready");
  const closer = zoom;
  const cluster = map.getByRole("button", { name: "1234 properties here, zoom in" });
  await cluster.focus();
  await expect(cluster).toBeVisible();
  await page.keyboard.press("Enter");
  await expect.poll(() => zoom).toBeGreaterThan(closer + 1);
});

test("a map link opens the same area, filters keep it", async ({ page, javaScriptEnabled }) => {
  // Dubai only: a link someone shared.
  await page.goto("/properties?view=map&bbox=54.9,24.7,55.7,25.4");
  const inDubai = await count(page);
  expect(inDubai).toBeGreaterThan(0);
  // The map counts the shared area itself, as the list does, until it is moved.
  if (javaScriptEnabled)
    await expect(page.getByRole("region", { name: "Map of the properties" }).getByRole("status")).toHaveText(
      `${inDubai} properties in this map area`,
    );
  await page.goto("/properties");
  expect(await count(page)).toBeGreaterThan(inDubai);
  await page.goto("/properties?view=map&bbox=54.9,24.7,55.7,25.4");
  await page.getByLabel("Rent", { exact: true }).check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/property_type=rent/);
  await expect(page).toHaveURL(/view=map/);
  await expect(page).toHaveURL(/bbox=54\.9(%2C|,)24\.7/);
  await expect.poll(() => count(page)).toBeLessThan(inDubai);
  if (javaScriptEnabled) await expect(page.locator(".map-search")).toHaveAttribute("data-state", "ready");
  // The list view says the area is a filter and offers to drop it.
  await page.getByRole("link", { name: "List", exact: true }).click();
  await expect(page).not.toHaveURL(/view=map/);
  await expect(page.getByText("Only properties in the map area you chose.")).toBeVisible();
  await page.getByRole("link", { name: "Search everywhere" }).click();
  await expect(page).not.toHaveURL(/bbox=/);
});

test("without JavaScript the map view is the list with a note", async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "the no-JavaScript view");
  await page.goto("/properties");
  const all = await count(page);
  await page.getByRole("link", { name: "Map", exact: true }).click();
  await expect(page).toHaveURL(/view=map/);
  await expect(
    page.getByText("The map needs JavaScript. The list below shows the same properties."),
  ).toBeVisible();
  await expect(page.locator(".map-panel__frame")).toBeHidden();
  expect(await count(page)).toBe(all);
  await expect(page.locator("article.card").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Map", exact: true })).toHaveAttribute("aria-current", "page");
});

const openListing = async (page: Page, javaScriptEnabled: boolean) => {
  await page.goto("/properties");
  await page.locator("article.card a").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const section = page.getByRole("region", { name: "Location" });
  // Until the visitor reaches for the page (decision 011) it is the server's: the drawn pin.
  await expect(section.locator("svg.location__static")).toBeVisible();
  if (javaScriptEnabled) {
    await page.getByRole("heading", { level: 1 }).hover();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  }
  return section;
};

test("a listing's location: a drawn pin and an OpenStreetMap link, a map once in view", async ({
  page,
  javaScriptEnabled,
}) => {
  const section = await openListing(page, javaScriptEnabled);
  const osm = section.getByRole("link", { name: "Open in OpenStreetMap" });
  await expect(osm).toHaveAttribute(
    "href",
    /^https:\/\/www\.openstreetmap\.org\/\?mlat=-?\d+\.\d+&mlon=-?\d+\.\d+#map=16\//,
  );
  await expect(section.getByText(/Coordinates/)).toBeVisible();
  if (!javaScriptEnabled) {
    await expect(section.locator("svg.location__static")).toBeVisible();
    await expect(section.getByRole("img", { name: / on the map$/ })).toBeVisible();
    return;
  }
  await section.scrollIntoViewIfNeeded();
  await expect(section).toHaveAttribute("data-map", "map");
  await expect(section.locator("canvas.maplibregl-canvas")).toBeVisible();
  await expect(
    section.locator(".maplibregl-marker").getByRole("img", { name: / on the map$/ }),
  ).toBeVisible();
});

test("on Save-Data the listing's map waits for a button", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the map needs JavaScript");
  await page.addInitScript(() =>
    Object.defineProperty(navigator, "connection", { value: { saveData: true }, configurable: true }),
  );
  const section = await openListing(page, javaScriptEnabled);
  await section.scrollIntoViewIfNeeded();
  const show = section.getByRole("button", { name: "Show map" });
  await expect(show).toBeVisible();
  await expect(section.locator("canvas")).toHaveCount(0);
  await show.click();
  await expect(section.locator("canvas.maplibregl-canvas")).toBeVisible();
});

test("the map view has no serious accessibility violations, in English and Arabic", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "axe runs in the page");
  test.slow(); // axe checks every marker's button
  for (const path of ["/properties?view=map", "/ar/properties?view=map"]) {
    await page.goto(path);
    await expect(page.locator(".map-search")).toHaveAttribute("data-state", "ready");
    // Hundreds of marker buttons (one per marker, after the map) need not stand between a keyboard and the list.
    const skip = page.locator(".map-panel__skip");
    await skip.focus();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(page.locator("article.card a").first()).toBeFocused();
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map(
          (v) =>
            `${path} ${v.id}: ${v.nodes
              .map((n) => n.target.join(" "))
              .slice(0, 3)
              .join(", ")}`,
        ),
    ).toEqual([]);
  }
});

/** Waits until the map has stopped moving: the address's bbox is the same a second later. */
async function settledArea(page: Page) {
  let last: string | null = null;
  await expect
    .poll(
      () => {
        const now = new URL(page.url()).searchParams.get("bbox");
        const same = now !== null && now === last;
        last = now;
        return same;
      },
      { intervals: [1_000], timeout: 15_000 },
    )
    .toBe(true);
}
