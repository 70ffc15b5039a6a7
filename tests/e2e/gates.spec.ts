import { expect, test } from "../fixtures/test";
import { FAR_RENTAL } from "../fixtures/far-rental";
import { bearerOf, jpeg, readyToList } from "../fixtures/accounts";

test("when the package's listings are used up, the add form says so and its OK leads to the packages", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await readyToList(page, "Busy Lister", "gate");
  // The API takes the browser's session as a bearer token.
  const headers = await bearerOf(page);
  const categories = await (await page.request.get("/api/get_categories")).json();
  const category = categories.data[0].id;
  // The starter package's five listings, posted through the API as this person.
  const post = async (i: number) =>
    page.request.post("/api/post_property", {
      headers,
      multipart: {
        ...FAR_RENTAL,
        title: `Flat number ${i + 1} by the marina`,
        category_id: String(category),
        price: String(9000 + i),
        title_image: { name: "front.jpg", mimeType: "image/jpeg", buffer: await jpeg(40 + i) },
      },
    });
  for (let i = 0; i < 4; i++) {
    const res = await post(i);
    expect(res.status(), await res.text()).toBe(201);
  }
  // One left: the form opens. The last one goes elsewhere (another tab, the app) while it is open.
  await page.goto("/user/add-property");
  await expect(page.getByRole("button", { name: "Post property" })).toBeVisible();
  expect((await post(4)).status()).toBe(201);
  await page.getByLabel("Title", { exact: true }).fill("One flat too many");
  await page
    .getByLabel("Description", { exact: true })
    .fill("A bright flat with a balcony over the water and a fitted kitchen.");
  await page.getByLabel("Category", { exact: true }).selectOption(String(category));
  await page.getByLabel("Rent", { exact: true }).check();
  await page.getByLabel("Rent duration").selectOption("monthly");
  await page.getByLabel("Price", { exact: true }).fill("9500");
  await page.getByLabel("Country", { exact: true }).selectOption("Iceland");
  await page.getByRole("combobox", { name: "State", exact: true }).fill("Capital Region");
  await page.getByRole("combobox", { name: "City", exact: true }).fill("Reykjavik");
  await page.getByLabel("Address", { exact: true }).fill("Laugavegur 2, Reykjavik");
  await page
    .getByLabel("Title image")
    .setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: await jpeg(90) });
  await page.getByRole("button", { name: "Post property" }).click();
  // Refused on submit with the spec's words and the same way out; what was typed stays.
  const refusal = page
    .getByRole("alert")
    .filter({ hasText: "Your Package Limit is Over. Please Purchase Package." });
  await expect(refusal).toBeVisible({ timeout: 30_000 });
  await expect(refusal.getByRole("link", { name: "OK", exact: true })).toHaveAttribute(
    "href",
    "/subscription-plan",
  );
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("One flat too many");

  await page.goto("/user/add-property");
  await expect(page.getByText("Your Package Limit is Over. Please Purchase Package.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Post property" })).toHaveCount(0);
  await page.getByRole("link", { name: "OK", exact: true }).click();
  await expect(page).toHaveURL(/\/subscription-plan$/);
  await expect(page.getByRole("region", { name: "Your packages" })).toContainText("5 of 5 used");

  // The API refuses a sixth one with the same words, whatever the form says.
  const sixth = await post(5);
  expect(sixth.status()).toBe(403);
  expect((await sixth.json()).message).toBe("Your Package Limit is Over. Please Purchase Package.");
});
