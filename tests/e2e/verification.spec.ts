import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../fixtures/test";
import { jpeg, register, uniqueEmail } from "../fixtures/accounts";

// A review by the marketplace team has no page yet: what a decision shows is covered by the page's
// own tests (app/routes/user-verification.test.ts). Here: applying, from the dashboard on.
test("applying for agent verification: messages on the questions, then under review", async ({ page }) => {
  test.setTimeout(90_000);
  await register(page, "Aspiring Agent", uniqueEmail("verify"));
  await page.goto("/user/dashboard");
  await page.getByRole("link", { name: "Agent verification" }).click();
  await expect(page.getByRole("heading", { name: "Agent verification" })).toBeVisible();

  await page.getByRole("button", { name: "Apply for verification" }).click();
  const required = page.getByText("This field is required");
  await expect(required).toHaveCount(7);
  // Each message belongs to its question.
  await expect(page.getByLabel("Years of experience")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Years of experience")).toHaveAccessibleDescription("This field is required");

  await page.getByLabel("Full name as on your ID").fill("Aspiring Agent");
  await page.getByLabel("Broker licence number").fill("BRN-77031");
  await page.getByLabel("Years of experience").fill("4");
  await page.getByLabel("Agent of an agency").check();
  await page.getByLabel("Dubai", { exact: true }).check();
  await page.getByLabel("Sharjah").check();
  await page.getByLabel("Language you work in").selectOption("English and Arabic");
  await page.getByLabel("About your work").fill("Family homes to rent in Sharjah.");
  // A file that is not a document is refused by what it holds, not by its name.
  await page.getByLabel("Licence or ID document").setInputFiles({
    name: "licence.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("not really a PDF"),
  });
  await page.getByRole("button", { name: "Apply for verification" }).click();
  await expect(page.getByText("Files must be PDF, JPEG or PNG")).toBeVisible();
  await expect(page.getByText("This field is required")).toHaveCount(0);
  // What was typed and chosen is still there.
  await expect(page.getByLabel("Broker licence number")).toHaveValue("BRN-77031");
  await expect(page.getByLabel("Sharjah")).toBeChecked();
  await expect(page.getByLabel("Language you work in")).toHaveValue("English and Arabic");

  await page
    .getByLabel("Licence or ID document")
    .setInputFiles({ name: "licence.jpg", mimeType: "image/jpeg", buffer: await jpeg(70) });
  await page.getByRole("button", { name: "Apply for verification" }).click();
  await expect(page.getByText("Your Verification is Under Review")).toBeVisible();
  await expect(page.getByRole("button", { name: "Apply for verification" })).toHaveCount(0);
  // The answers as sent, and the document, which opens for its owner.
  await expect(page.getByText("Agent of an agency")).toBeVisible();
  const doc = page.getByRole("link", { name: "licence.jpg" });
  const res = await page.request.get((await doc.getAttribute("href"))!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/jpeg");

  await page.goto("/user/profile");
  await expect(page.getByText("Agent verification: Your Verification is Under Review")).toBeVisible();
});

test("someone else's verification document is not found", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await register(page, "Private Applicant", uniqueEmail("verify-owner"));
  await page.goto("/user/verification");
  await page.getByLabel("Full name as on your ID").fill("Private Applicant");
  await page.getByLabel("Broker licence number").fill("BRN-11111");
  await page.getByLabel("Years of experience").fill("2");
  await page.getByLabel("Independent agent").check();
  await page.getByLabel("Abu Dhabi").check();
  await page.getByLabel("Language you work in").selectOption("Arabic");
  await page
    .getByLabel("Licence or ID document")
    .setInputFiles({ name: "id-card.jpg", mimeType: "image/jpeg", buffer: await jpeg(120) });
  await page.getByRole("button", { name: "Apply for verification" }).click();
  const href = (await page.getByRole("link", { name: "id-card.jpg" }).getAttribute("href"))!;

  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const stranger = await other.newPage();
  await register(stranger, "Nosy Neighbour", uniqueEmail("verify-stranger"));
  expect((await stranger.request.get(href)).status()).toBe(404);
  await other.close();
});

test("verified agents carry the badge on the agents page and their own page", async ({ page }) => {
  await page.goto("/agents");
  const card = page
    .locator("article.agent-card")
    .filter({ has: page.getByRole("img", { name: "Verified agent" }) })
    .first();
  await expect(card).toBeVisible();
  const name = (await card.locator(".agent-card__name").innerText()).replace(/Verified$/, "").trim();
  await card.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 1 }).getByRole("img", { name: "Verified agent" }),
  ).toBeVisible();
});

test("the verification page has no serious accessibility violations, with its messages showing", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "axe runs in the page");
  test.setTimeout(90_000);
  await register(page, "Axe Applicant", uniqueEmail("verify-axe"));
  for (const lang of ["", "/ar"]) {
    await page.goto(`${lang}/user/verification`);
    await page.locator("form.verification-form button[type=submit]").click();
    await expect(page.locator(".field__errors p").first()).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      serious.map(
        (v) =>
          `${lang} ${v.id}: ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(", ")}`,
      ),
    ).toEqual([]);
  }
});
