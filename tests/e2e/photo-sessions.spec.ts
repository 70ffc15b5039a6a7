// A photographer makes an owner's tour, with JavaScript and without: an admin gives the role, the
// owner asks for a shoot, the admin assigns it, the photographer builds the tour and marks it done,
// the owner approves it with a rating, and the listing shows the tour.
import { expect, test, type Browser, type Page } from "../fixtures/test";
import { FAR_RENTAL } from "../fixtures/far-rental";
import { bearerOf, jpeg, readyToList, register, signInAsAdmin, uniqueEmail } from "../fixtures/accounts";

async function person(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  return context.newPage();
}

test("a shoot goes from the owner's request to an approved tour on the listing", async ({
  browser,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(180_000);
  const owner = await person(browser, javaScriptEnabled);
  await readyToList(owner, "Shoot Owner", "shootowner");
  const title = `Loft for a shoot ${info.project.name} ${Math.random().toString(36).slice(2, 7)}`;
  const category = (await (await owner.request.get("/api/get_categories")).json()).data[0].id;
  const posted = await owner.request.post("/api/post_property", {
    headers: await bearerOf(owner),
    multipart: {
      ...FAR_RENTAL,
      title,
      category_id: String(category),
      price: "6400",
      title_image: { name: "front.jpg", mimeType: "image/jpeg", buffer: await jpeg(80) },
    },
  });
  expect(posted.status()).toBe(201);
  const listing = (await posted.json()).data as { id: number; slug_id: string };

  const photographer = await person(browser, javaScriptEnabled);
  const name = `Snap ${Math.random().toString(36).slice(2, 7)}`;
  await register(photographer, name, uniqueEmail("snap"));
  const photographerId = (
    await (
      await photographer.request.get("/api/get-profile", { headers: await bearerOf(photographer) })
    ).json()
  ).data.id;

  // The admin gives the role.
  const admin = await person(browser, javaScriptEnabled);
  await signInAsAdmin(admin, `/admin/users/${photographerId}`);
  await admin.getByRole("button", { name: "Make a photographer" }).click();
  await expect(admin.getByRole("button", { name: "Remove the photographer role" })).toBeVisible();

  // The owner asks, from the tour editor.
  await owner.goto(`/user/tours/${listing.id}`);
  await owner.getByRole("link", { name: "Ask a photographer to make the tour" }).click();
  await expect(owner).toHaveURL(new RegExp(`/user/photo-sessions\\?property_id=${listing.id}$`));
  await owner
    .getByLabel("Note for the photographer (optional)")
    .fill("Mornings are best; the key is with the concierge.");
  await owner.getByRole("button", { name: "Ask for a photo shoot" }).click();
  const ownersShoot = owner.locator("li[data-session]").filter({ hasText: title });
  await expect(ownersShoot.getByText("Waiting for a photographer")).toBeVisible();

  // The admin assigns it to the photographer.
  await admin.goto("/admin/photo-sessions");
  const row = admin.getByRole("row").filter({ hasText: title });
  const choice = row.getByLabel("Photographer").locator("option", { hasText: name });
  await row.getByLabel("Photographer").selectOption((await choice.getAttribute("value"))!);
  await row.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(admin.getByRole("row").filter({ hasText: title })).toContainText(name);

  // The photographer builds the tour: marking it done without a picture is refused.
  await photographer.goto("/user/photo-sessions");
  const work = photographer.locator("li[data-session]").filter({ hasText: title });
  await work.getByRole("button", { name: "Mark as done" }).click();
  await expect(photographer.getByText(/Add at least one room with a picture/).first()).toBeVisible();
  await photographer
    .locator("li[data-session]")
    .filter({ hasText: title })
    .getByRole("link", { name: "Build the tour" })
    .click();
  await expect(photographer).toHaveURL(new RegExp(`/user/tours/${listing.id}$`));
  const add = photographer
    .locator("form")
    .filter({ has: photographer.getByRole("heading", { name: "Add a room" }) });
  await add.getByLabel("Room name").fill("Studio");
  await add.getByLabel("Photo", { exact: true }).check();
  await add
    .getByLabel("Upload a picture")
    .setInputFiles({ name: "studio.jpg", mimeType: "image/jpeg", buffer: await jpeg(170) });
  await add.getByRole("button", { name: "Add room" }).click();
  await expect(photographer.locator("article.tour-room")).toHaveCount(1);
  await photographer.goto("/user/photo-sessions");
  await photographer
    .locator("li[data-session]")
    .filter({ hasText: title })
    .getByRole("button", { name: "Mark as done" })
    .click();
  await expect(
    photographer.locator("li[data-session]").filter({ hasText: title }).locator("[data-status]"),
  ).toHaveAttribute("data-status", "submitted");

  // The owner approves with four stars; the listing shows the tour.
  await owner.goto("/user/photo-sessions");
  const review = owner.getByRole("form", { name: `Review the tour of ${title}` });
  await review.getByLabel("4 stars").check();
  await review.getByRole("button", { name: "Approve and publish the tour" }).click();
  await expect(
    owner.locator("li[data-session]").filter({ hasText: title }).locator("[data-status]"),
  ).toHaveAttribute("data-status", "approved");
  await owner.goto(`/properties-details/${listing.slug_id}`);
  await expect(
    owner.locator("section#virtual-tour").getByRole("heading", { name: "Virtual tour" }),
  ).toBeVisible();

  // The photographer's finished shoots list it.
  await photographer.goto("/user/photo-sessions");
  await expect(photographer.getByRole("region", { name: "Completed" }).getByText(title)).toBeVisible();
});
