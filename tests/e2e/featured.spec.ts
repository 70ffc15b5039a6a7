// Featuring a listing in the browser, with and without JavaScript: the free trial pays for it, the
// owner lands on their advertisements, and the home page's featured section shows the listing.
import { expect, test, type Page } from "../fixtures/test";
import { FAR_RENTAL } from "../fixtures/far-rental";
import { bearerOf, jpeg, readyToList } from "../fixtures/accounts";

/** One property posted through the API as the signed-in person (approved at once in the demo). */
async function postOne(page: Page, title: string): Promise<{ slug_id: string }> {
  const category = (await (await page.request.get("/api/get_categories")).json()).data[0].id;
  const res = await page.request.post("/api/post_property", {
    headers: await bearerOf(page),
    multipart: {
      ...FAR_RENTAL,
      title,
      category_id: String(category),
      price: "9100",
      title_image: { name: "front.jpg", mimeType: "image/jpeg", buffer: await jpeg(70) },
    },
  });
  expect(res.status()).toBe(201);
  const body = await res.json();
  expect(body.data.request_status).toBe("approved");
  return body.data;
}

/** A title no other run of this file uses, so parallel projects never see each other's listing. */
const titled = (base: string, projectName: string) =>
  `${base} ${projectName} ${Math.random().toString(36).slice(2, 7)}`;

const card = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

test("the free trial features a listing: my advertisement shows it approved, and the home page features it", async ({
  page,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(120_000);
  await readyToList(page, "Spotlight Seller", "featurer");
  const title = titled("Lighthouse loft", info.project.name);
  await postOne(page, title);

  await page.goto("/subscription-plan");
  await card(page, "Spotlight trial").getByRole("button", { name: "Get it free" }).click();
  await expect(page).toHaveURL(/\/user\/subscriptions$/);

  await page.goto("/user/properties");
  await card(page, title)
    .getByRole("button", { name: `Feature – ${title}` })
    .click();
  await expect(page).toHaveURL(/\/user\/advertisement$/);
  // The toast needs JavaScript (without it the message sits in a <noscript> the test browser does not parse).
  if (javaScriptEnabled) await expect(page.getByText("Your listing is now featured")).toBeVisible();
  const ad = card(page, title);
  await expect(ad).toContainText("Approved");
  await expect(ad.getByRole("link", { name: title })).toHaveAttribute("href", /\/my-property\//);
  await expect(ad.getByRole("button", { name: `Withdraw – ${title}` })).toBeVisible();

  // My properties now says it is featured instead of offering a second request.
  await page.goto("/user/properties");
  await expect(card(page, title).getByRole("link", { name: "Featured", exact: true })).toHaveAttribute(
    "href",
    "/user/advertisement",
  );
  await expect(card(page, title).getByRole("button", { name: `Feature – ${title}` })).toHaveCount(0);

  await page.goto("/");
  const featured = page.getByRole("region", { name: "Featured properties" });
  await expect(featured.getByRole("heading", { name: title })).toBeVisible();

  // The trial's one unit is used: featuring again is refused in the spec's words.
  const second = titled("Harbour studio", info.project.name);
  const { slug_id } = await postOne(page, second);
  await page.goto(`/my-property/${slug_id}`);
  await page.getByRole("button", { name: `Feature this listing – ${second}` }).click();
  await expect(page.getByText("Your Package Limit is Over. Please Purchase Package.")).toBeVisible();

  // Withdrawn by its owner: gone from my advertisements.
  await page.goto("/user/advertisement");
  await card(page, title)
    .getByRole("button", { name: `Withdraw – ${title}` })
    .click();
  await expect(page.getByText("You have not featured a listing yet.")).toBeVisible();
});

test("featuring without a package that has the feature: the spec's message, and OK leads to the packages", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await readyToList(page, "Unfeatured Seller", "featurer");
  const title = titled("Quiet courtyard flat", info.project.name);
  const { slug_id } = await postOne(page, title);
  await page.goto(`/my-property/${slug_id}`);
  await page.getByRole("button", { name: `Feature this listing – ${title}` }).click();
  await expect(page.getByText("Limit or Package Not Available")).toBeVisible();
  await page.getByRole("link", { name: "OK", exact: true }).click();
  await expect(page).toHaveURL(/\/subscription-plan$/);
  // Nothing was written: no advertisement to show.
  await page.goto("/user/advertisement");
  await expect(page.getByText("You have not featured a listing yet.")).toBeVisible();
});
