import { expect, test } from "../fixtures/test";
import { bearerOf, register, uniqueEmail } from "../fixtures/accounts";

test("reporting a listing: the spec's messages on the form, then it is sent once", async ({ page }) => {
  await page.goto("/properties");
  const listing = (await page.locator("article.card a.card__link").nth(1).getAttribute("href"))!;
  await register(page, "Careful Reader", uniqueEmail("report"));
  await page.goto(listing);
  await page.getByText("Report this listing").click();
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Please select a reason first")).toBeVisible();
  await page.getByLabel("Something else").check();
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Please write your reason")).toBeVisible();
  // What was chosen is still chosen.
  await expect(page.getByLabel("Something else")).toBeChecked();
  await page.getByLabel("In your words").fill("The photos are of a different building.");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("You reported this listing.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send report" })).toHaveCount(0);
});

test("the people I blocked, and unblocking them", async ({ page }) => {
  await register(page, "Quiet Person", uniqueEmail("blocker"));
  const headers = await bearerOf(page);
  // Someone to block: the owner of a listing, found through the public API.
  const owner = (await (await page.request.get("/api/get_property?limit=1")).json()).data[0].customer;
  expect(
    (
      await page.request.post("/api/block-user", {
        headers,
        data: { to_user_id: owner.id, reason: "Too many calls" },
      })
    ).status(),
  ).toBe(200);
  expect((await page.request.post("/api/block-user", { headers, data: { to_admin: true } })).status()).toBe(
    200,
  );

  await page.goto("/user/blocked");
  await expect(page.getByText(owner.name, { exact: true })).toBeVisible();
  await expect(page.getByText("Too many calls")).toBeVisible();
  await page.getByRole("button", { name: `Unblock ${owner.name}` }).click();
  await expect(page.getByText(owner.name, { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Unblock The marketplace team" }).click();
  await expect(page.getByText("You have not blocked anyone.")).toBeVisible();
});
