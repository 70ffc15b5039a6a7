// Moderation in the console, with and without JavaScript: the admin rejects an owner's listing with
// a reason (and is told on the field when the reason is missing), the owner reads the reason on
// their listings and in their notifications; edited, the listing waits in the pending queue and
// the admin's approval puts it back on the public site.
import { expect, test, type Page } from "../fixtures/test";
import { FAR_RENTAL } from "../fixtures/far-rental";
import { bearerOf, jpeg, readyToList, signInAsAdmin } from "../fixtures/accounts";

const REASON_LABEL = "Why is it rejected? The owner reads this.";

/** The listing as its owner posts it; the demo approves new listings at once (auto_approve). */
async function post(page: Page, title: string) {
  const category = (await (await page.request.get("/api/get_categories")).json()).data[0].id;
  const fields = { ...FAR_RENTAL, title, category_id: String(category), price: "7300" };
  const res = await page.request.post("/api/post_property", {
    headers: await bearerOf(page),
    multipart: {
      ...fields,
      title_image: { name: "front.jpg", mimeType: "image/jpeg", buffer: await jpeg(150) },
    },
  });
  expect(res.status()).toBe(201);
  const { id, slug_id, request_status } = (await res.json()).data;
  expect(request_status).toBe("approved");
  return { id: id as number, slug_id: slug_id as string, fields };
}

test("a listing rejected with a reason: the owner reads why; edited, it waits for review and the admin approves it", async ({
  page,
  browser,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(90_000);
  await readyToList(page, "Moderated Owner", "moderated");
  const title = `Fjord view flat ${info.project.name} ${Math.random().toString(36).slice(2, 7)}`;
  const listing = await post(page, title);

  const admin = await browser.newContext({ javaScriptEnabled });
  const ap = await admin.newPage();
  // A live listing can be taken down too: the queue's "All" finds it by its title.
  await signInAsAdmin(ap, `/admin/properties?request_status=all&search=${encodeURIComponent(title)}`);
  const row = ap.locator("tr", { hasText: title });
  await expect(row.locator(".pill")).toHaveText(["Approved", "Active", "Available"]);

  // A blank reason is refused, with the message on the reason field.
  await row.locator("summary", { hasText: "Reject" }).click();
  await row.getByLabel(REASON_LABEL).fill("   ");
  await row.getByRole("button", { name: "Reject", exact: true }).click();
  await expect(row.getByLabel(REASON_LABEL)).toHaveAccessibleDescription(
    "Please write why the listing is rejected",
  );

  const reason = "The photos show a different building.";
  await row.getByLabel(REASON_LABEL).fill(reason);
  await row.getByRole("button", { name: "Reject", exact: true }).click();
  await expect(row.locator(".pill").first()).toHaveText("Rejected");
  await expect(row).toContainText(`Reason for rejection: ${reason}`);

  // The owner sees the decision and its reason on their listings and in their notifications.
  await page.goto("/user/properties");
  const mine = page.locator(".owner-row", { hasText: title });
  await expect(mine.locator(".status-badges")).toContainText("Rejected");
  await expect(mine).toContainText(`Reason for rejection: ${reason}`);
  await page.goto("/user/notifications");
  await expect(page.getByText(`${title} was not approved: ${reason}`)).toBeVisible();

  // Edited by its owner, a rejected listing goes back for review: it waits in the queue the
  // console opens on, and approving it puts it back on the public site.
  const edit = await page.request.post("/api/update_post_property", {
    headers: await bearerOf(page),
    multipart: { ...listing.fields, id: String(listing.id), title },
  });
  expect(edit.status()).toBe(200);
  await ap.goto(`/admin/properties?search=${encodeURIComponent(title)}`);
  await expect(ap.getByLabel("Admin status")).toHaveValue("pending");
  await expect(row.locator(".pill").first()).toHaveText("Pending review");
  await row.getByRole("button", { name: `Approve – ${title}` }).click();
  await expect(row).toHaveCount(0);
  expect((await page.goto(`/properties-details/${listing.slug_id}`))?.status()).toBe(200);
  await admin.close();
});

test("the featured-listing requests page lists requests by status", async ({
  browser,
  javaScriptEnabled,
}) => {
  const admin = await browser.newContext({ javaScriptEnabled });
  const ap = await admin.newPage();
  await signInAsAdmin(ap, "/admin/advertisements?status=all");
  await expect(ap.getByRole("heading", { level: 1, name: "Featured listings" })).toBeVisible();
  // The demo's featured listings run now: each shows its start and end.
  const running = ap.locator("tr", { has: ap.locator(".pill", { hasText: "Running" }) }).first();
  await expect(running.locator("time")).toHaveCount(3);
  await ap.getByLabel("Status", { exact: true }).selectOption("expired");
  await ap.getByRole("button", { name: "Filter" }).click();
  await expect(ap).toHaveURL(/status=expired/);
  await admin.close();
});
