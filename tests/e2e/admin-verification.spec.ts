import { expect, test } from "../fixtures/test";
import { jpeg, register, signInAsAdmin, uniqueEmail } from "../fixtures/accounts";

// A person applies for agent verification; the admin reads the application, opens its document
// and approves it; the person's profile and public page then show them verified.
test("an application approved in the console makes a verified agent", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("verified");
  await register(page, "Samir Applicant", email);
  await page.goto("/user/verification");
  await page.getByLabel("Full name as on your ID").fill("Samir Applicant");
  await page.getByLabel("Broker licence number").fill("BRN-40404");
  await page.getByLabel("Years of experience").fill("9");
  await page.getByLabel("Independent agent").check();
  await page.getByLabel("Dubai", { exact: true }).check();
  await page.getByLabel("Language you work in").selectOption("English");
  await page
    .getByLabel("Licence or ID document")
    .setInputFiles({ name: "licence.jpg", mimeType: "image/jpeg", buffer: await jpeg(90) });
  await page.getByRole("button", { name: "Apply for verification" }).click();
  await expect(page.getByText("Your Verification is Under Review")).toBeVisible();

  const admin = await browser.newContext({ baseURL, javaScriptEnabled });
  const ap = await admin.newPage();
  await signInAsAdmin(ap, `/admin/verifications?search=${encodeURIComponent(email)}`);
  await ap.getByRole("link", { name: "Review – Samir Applicant" }).click();
  await expect(ap.getByRole("heading", { level: 1, name: "Samir Applicant" })).toBeVisible();
  await expect(ap.getByText("BRN-40404")).toBeVisible();
  const doc = await ap.getByRole("link", { name: "licence.jpg" }).getAttribute("href");
  const file = await ap.request.get(doc!);
  expect([file.status(), file.headers()["content-type"]]).toEqual([200, "image/jpeg"]);
  const agentPage = (await ap.getByRole("link", { name: /^\/agents\// }).getAttribute("href"))!;

  await ap.getByRole("button", { name: "Approve: verified agent" }).click();
  await expect(ap.locator(".admin-detail .pill")).toHaveText("Verified");
  await expect(ap.getByRole("button", { name: "Approve: verified agent" })).toHaveCount(0);
  await admin.close();

  await page.goto("/user/profile");
  await expect(page.getByText("Agent verification: Verified")).toBeVisible();
  await page.goto(agentPage);
  await expect(
    page.getByRole("heading", { level: 1 }).getByRole("img", { name: "Verified agent" }),
  ).toBeVisible();
});
