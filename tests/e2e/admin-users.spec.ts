import { expect, test } from "../fixtures/test";
import { bearerOf, readyToList, register, signInAsAdmin, uniqueEmail } from "../fixtures/accounts";

const DEACTIVATED = "Your Account have been Deactivetd by Admin. please connect them.";

// An admin switches a person's account off with a reason: the person is refused when they try to
// post, and their dashboard says why; switched on again, they may post.
test("an admin deactivates a person with a reason, and reactivates them", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  // Two people in two browsers, each page rendered on a shared machine.
  test.setTimeout(60_000);
  const name = `Dana Paused ${Date.now().toString(36)}`;
  await readyToList(page, name);

  const admin = await browser.newContext({ javaScriptEnabled });
  const ap = await admin.newPage();
  await signInAsAdmin(ap, `/admin/users?search=${encodeURIComponent(name)}`);
  await ap.getByRole("link", { name }).click();
  await expect(ap.getByRole("heading", { level: 1, name })).toBeVisible();
  await ap.getByText("Deactivate this account").click();
  await ap.getByLabel("Reason (the person sees it)").fill("Several listings were copied from other sites.");
  await ap.getByRole("button", { name: /^Deactivate the account/ }).click();
  // The toast needs JavaScript (without it the message sits in a <noscript> the test browser does not parse).
  if (javaScriptEnabled) await expect(ap.getByText("Account deactivated").first()).toBeVisible();
  await expect(
    ap.locator(".admin-detail").getByText("Several listings were copied from other sites."),
  ).toBeVisible();

  await page.goto("/user/add-property");
  await expect(page.getByText(DEACTIVATED)).toBeVisible();
  await expect(page.getByLabel("Description", { exact: true })).toHaveCount(0);
  await page.goto("/user/dashboard");
  await expect(
    page.getByRole("alert").getByText("Several listings were copied from other sites."),
  ).toBeVisible();
  await expect(page.getByRole("alert").getByRole("link", { name: "Contact us" })).toBeVisible();

  await ap.getByRole("button", { name: "Reactivate the account" }).click();
  if (javaScriptEnabled) await expect(ap.getByText("Account reactivated").first()).toBeVisible();
  await expect(ap.getByRole("heading", { level: 1, name }).getByText("Active")).toBeVisible();

  await page.goto("/user/add-property");
  await expect(page.getByLabel("Description", { exact: true })).toBeVisible();
  await expect(page.getByText(DEACTIVATED)).toHaveCount(0);
  await admin.close();
});

test("a person's report reaches the admin's queue and is dismissed there", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(60_000);
  const name = `Rami Reporter ${Date.now().toString(36)}`;
  await register(page, name, uniqueEmail("reporter"));
  // The report form has its own test (reports.spec.ts): here it is sent as the page would send it.
  const listing = (await (await page.request.get("/api/get_property?limit=1&offset=3")).json()).data[0];
  const sent = await page.request.post("/api/add_reports", {
    headers: await bearerOf(page),
    data: { property_id: listing.id, reason_id: "other", other_message: "The photos show another building." },
  });
  expect(sent.status()).toBe(201);

  const admin = await browser.newContext({ javaScriptEnabled });
  const ap = await admin.newPage();
  await signInAsAdmin(ap, `/admin/reports?search=${encodeURIComponent(name)}`);
  const row = ap.getByRole("row", { name: new RegExp(name) });
  await expect(row.getByText("The photos show another building.")).toBeVisible();
  await expect(row.getByRole("link", { name: listing.title })).toBeVisible();
  await row.getByRole("button", { name: /^Dismiss/ }).click();
  if (javaScriptEnabled) await expect(ap.getByText("Report dismissed").first()).toBeVisible();
  await expect(ap.getByText("No reports wait for a decision.")).toBeVisible();
  await ap.getByLabel("Status").selectOption("dismissed");
  await ap.getByRole("button", { name: "Filter" }).click();
  await expect(ap.getByRole("row", { name: new RegExp(name) }).getByText("Dismissed")).toBeVisible();
  await admin.close();
});
