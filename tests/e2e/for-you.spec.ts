// Made for one person: preferences and the feed, "Not interested", saved places and "Near me",
// with JavaScript on and off (the two projects), in English and Arabic.
import { expect, test } from "../fixtures/test";
import { register, uniqueEmail } from "../fixtures/accounts";

test("preferences put matching homes first, each card says why, and Not interested takes one away", async ({
  page,
}) => {
  await register(page, "Feed Reader", uniqueEmail("feed"));
  await page.goto("/for-you");
  await expect(page.getByRole("heading", { level: 1, name: "For you" })).toBeVisible();
  // Before any preference: the most viewed, said so on the cards.
  await expect(page.locator(".card__why").first()).toHaveText(/Most viewed/);
  await page.getByRole("link", { name: "Tell us what you look for" }).click();
  await expect(page).toHaveURL(/\/user\/preferences$/);

  // A mistake is answered on its field, and nothing is lost.
  await page.getByLabel("Villa").check();
  await page.getByLabel("Lowest price").fill("9000000");
  await page.getByLabel("Highest price").fill("1000");
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText("The highest price must be at least the lowest")).toBeVisible();
  await expect(page.getByLabel("Villa")).toBeChecked();

  await page.getByLabel("Lowest price").fill("");
  await page.getByLabel("Highest price").fill("30000000");
  await page.getByLabel("Buy", { exact: true }).check();
  await page.getByLabel("City").fill("Dubai");
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page).toHaveURL(/\/for-you$/);
  const first = page.locator("article.card").first();
  await expect(first.locator(".card__why")).toHaveText("Villas for sale in Dubai under AED 30M");

  // Not interested: a form button; the listing leaves the feed.
  const href = (await first.locator("a.card__link").getAttribute("href"))!;
  const title = (await first.locator(".card__title").textContent())!.trim();
  await first.getByRole("button", { name: `Not interested in ${title}` }).click();
  await expect(page.locator(`a.card__link[href="${href}"]`)).toHaveCount(0);

  // The home page shows a strip of the feed to a signed-in person.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 2, name: "For you" })).toBeVisible();
});

test("in Arabic: the preferences form and the reasons speak Arabic", async ({ page }) => {
  await register(page, "قارئ عربي", uniqueEmail("feed-ar"));
  await page.goto("/ar/user/preferences");
  await expect(page.getByRole("heading", { level: 1, name: "تفضيلاتك" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByLabel("فيلا").check();
  await page.getByLabel("المدينة").fill("دبي");
  await page.getByRole("button", { name: "حفظ التفضيلات" }).click();
  await expect(page).toHaveURL(/\/ar\/for-you$/);
  await expect(page.locator(".card__why").first()).toHaveText("فيلا في دبي");
});

test("saved places: added by a city's name and by coordinates, listed, removed; another person never sees them", async ({
  page,
  browser,
}) => {
  await register(page, "Place Saver", uniqueEmail("places"));
  await page.goto("/user/saved-places");
  await expect(page.getByText("No saved places yet.")).toBeVisible();
  // Nothing to place it by: said on the field.
  await page.getByLabel("Name").fill("Work");
  await page.getByRole("button", { name: "Save place" }).click();
  await expect(page.getByText("Paste a map link, name a city, or tap the map")).toBeVisible();

  await page.getByLabel("Name").fill("Work");
  await page.getByLabel("Where is it?").fill("Dubai");
  await page.getByRole("button", { name: "Save place" }).click();
  await expect(page.locator(".owner-row__title", { hasText: "Work" })).toBeVisible();

  await page.getByLabel("Name").fill("Home");
  await page.getByText("Exact coordinates").click();
  await page.getByLabel("Latitude").fill("25.2048");
  await page.getByLabel("Longitude").fill("55.2708");
  await page.getByRole("button", { name: "Save place" }).click();
  await expect(page.locator(".owner-row__title", { hasText: "Home" })).toBeVisible();

  // Another person's page shows only their own (none).
  const other = await browser.newPage();
  await register(other, "Place Stranger", uniqueEmail("stranger"));
  await other.goto("/user/saved-places");
  await expect(other.getByText("No saved places yet.")).toBeVisible();
  await other.close();

  // The list can search within a distance of a saved place, nearest first.
  await page.goto("/properties");
  await page.getByText("More filters").click();
  await page.getByLabel("Distance or time").fill("10");
  await page.getByLabel("Of", { exact: true }).selectOption({ label: "Home" });
  await page.getByLabel("Sort by").selectOption("nearest");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("Within 10 km of Home.")).toBeVisible();
  const distances = await page.locator(".card__distance").allTextContents();
  expect(distances.length).toBeGreaterThan(0);
  const km = distances.map((d) => Number(/([\d.]+) km/.exec(d)![1]));
  expect(km.every((k) => k <= 10)).toBe(true);
  expect([...km].sort((a, b) => a - b)).toEqual(km);

  // Each listing says how far it is from each place, by car, on foot and by bicycle (estimated here: no router).
  await page.locator("article.card a.card__link").first().click();
  const commute = page.locator("section.commute");
  await expect(commute.getByRole("heading", { name: "From your places" })).toBeVisible();
  await expect(commute.locator("li", { hasText: "Home" })).toContainText(/By car: about \d+ min/);
  await expect(commute.locator("li", { hasText: "Home" })).toContainText(/On foot: about/);
  await expect(commute.locator("li", { hasText: "Work" })).toContainText(/By bicycle: about/);

  await page.goto("/user/saved-places");
  await page.getByRole("button", { name: "Remove Work" }).click();
  await expect(page.locator(".owner-row__title", { hasText: "Work" })).toHaveCount(0);
});

test("a map link pasted on saved places is followed to its position; a link elsewhere is refused on the field", async ({
  page,
}) => {
  await register(page, "Link Paster", uniqueEmail("link"));
  await page.goto("/user/saved-places");
  // A long Google Maps link needs no trip to Google: its coordinates are in it.
  await page.getByLabel("Name").fill("School");
  await page
    .getByLabel("Where is it?")
    .fill("https://www.google.com/maps/place/Some+School/@25.1972,55.2744,17z");
  await page.getByRole("button", { name: "Save place" }).click();
  await expect(page.locator(".owner-row", { hasText: "School" })).toContainText("25.1972, 55.2744");
  await page.getByLabel("Name").fill("Elsewhere");
  await page.getByLabel("Where is it?").fill("https://example.com/somewhere");
  await page.getByRole("button", { name: "Save place" }).click();
  await expect(page.getByText("This link is not a map link we can open")).toBeVisible();
  await expect(page.locator(".owner-row", { hasText: "Elsewhere" })).toHaveCount(0);
});

test("Near me: with JavaScript the browser's position sorts the nearest first; without, the page says what works instead", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  await page.goto("/properties");
  if (javaScriptEnabled) {
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 25.2048, longitude: 55.2708 });
    await page.getByRole("button", { name: "Near me" }).click();
    await expect(page).toHaveURL(/sort=nearest/);
    await expect(page.getByText("Nearest to your position first.")).toBeVisible();
    await expect(page.locator(".card__distance").first()).toHaveText(/km away/);
    // Kept for the next visit, until forgotten.
    await page.goto("/properties");
    await expect(page.locator(".card__distance").first()).toBeVisible();
    await page.getByRole("button", { name: "Forget my position" }).click();
    await expect(page.locator(".card__distance")).toHaveCount(0);
  } else {
    await page.getByRole("button", { name: "Near me" }).click();
    await expect(
      page.getByText(
        "Your browser shares its position only with JavaScript on. Choose a city, or a saved place, instead.",
      ),
    ).toBeVisible();
  }
});
