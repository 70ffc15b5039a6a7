import { expect, test, type Page } from "../fixtures/test";
import { register, signInAsAdmin, uniqueEmail } from "../fixtures/accounts";

const card = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

// The admin makes a package in the console; a new person takes it from the shop window and holds
// it; once retired it leaves the shop window but stays with its holder.
test("a package made in the console is taken by a new person, and kept by them once retired", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const name = `Lantern ${Date.now().toString(36)}`;
  const admin = await browser.newContext({ baseURL, javaScriptEnabled });
  const ap = await admin.newPage();
  await signInAsAdmin(ap, "/admin/packages");
  await ap.getByRole("link", { name: "New package" }).click();
  await expect(ap.getByRole("heading", { level: 1, name: "New package" })).toBeVisible();

  // A limited feature without its limit, and no name: each message on its field.
  await ap.getByLabel("Property listings", { exact: true }).selectOption("limited");
  await ap.getByRole("button", { name: "Create package" }).click();
  await expect(ap.getByLabel("Name", { exact: true })).toHaveAccessibleDescription("Name is required");
  await expect(ap.getByLabel("Limit: Property listings")).toHaveAccessibleDescription(
    "A limited feature needs a limit of 1 or more",
  );

  await ap.getByLabel("Name", { exact: true }).fill(name);
  await ap.getByLabel("Name (Arabic)").fill("فانوس");
  await ap.getByLabel("Free", { exact: true }).check();
  await ap.getByLabel("Validity (days)").fill("10");
  await ap.getByLabel("Limit: Property listings").fill("3");
  await ap.getByLabel("Premium properties").check();
  await ap.getByRole("button", { name: "Create package" }).click();
  await expect(ap).toHaveURL(/\/admin\/packages$/);
  const row = ap.getByRole("row").filter({ has: ap.getByRole("rowheader", { name }) });
  await expect(row).toContainText("Free");
  await expect(row).toContainText("10 days");
  await expect(row).toContainText("Property listings: 3");
  await expect(row).toContainText("On sale");

  // A new person takes it for free and holds it.
  await register(page, "Lantern Taker", uniqueEmail("lantern"));
  await page.goto("/subscription-plan");
  await card(page, name).getByRole("button", { name: "Get it free" }).click();
  await expect(page).toHaveURL(/\/user\/subscriptions$/);
  await expect(card(page, name)).toContainText("0 of 3 used");

  // Retired: off sale, still held.
  await ap.reload();
  await expect(row.getByRole("cell").nth(3)).toHaveText("1");
  await row.getByRole("button", { name: `Retire – ${name}` }).click();
  await expect(row).toContainText("Retired");
  await page.goto("/subscription-plan");
  await expect(
    page.getByRole("region", { name: "Packages on offer" }).getByRole("heading", { name, exact: true }),
  ).toHaveCount(0);
  await page.goto("/user/subscriptions");
  await expect(card(page, name)).toContainText("0 of 3 used");
  await admin.close();
});

test("a bank transfer is accepted in the console after a look at its receipt, and the package starts", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("transfer");
  await register(page, "Nadia Transfer", email);
  await page.goto("/subscription-plan");
  await card(page, "Buyer Plus").getByRole("link", { name: "Buy" }).click();
  await page.getByLabel("Receipt (PDF, JPEG or PNG)").setInputFiles({
    name: "receipt.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n% transfer receipt\n"),
  });
  await page.getByRole("button", { name: "Send the receipt" }).click();
  await expect(
    page.getByText("We have your receipt. Your package starts as soon as our team has checked the transfer."),
  ).toBeVisible();

  const admin = await browser.newContext({ baseURL, javaScriptEnabled });
  const ap = await admin.newPage();
  await signInAsAdmin(ap, "/admin/payments");
  await ap.getByLabel("Status").selectOption("review");
  await ap.getByLabel("Name or email").fill(email);
  await ap.getByRole("button", { name: "Filter" }).click();
  const row = ap.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Buyer Plus");
  await expect(row).toContainText("AED");
  await expect(row).toContainText("In review");
  const receipt = await ap.request.get(
    (await row.getByRole("link", { name: "View receipt – Nadia Transfer" }).getAttribute("href"))!,
  );
  expect([receipt.status(), receipt.headers()["content-type"]]).toEqual([200, "application/pdf"]);
  await row.getByRole("button", { name: "Accept – Nadia Transfer" }).click();
  await expect(ap.getByText("No payments match.")).toBeVisible();
  await admin.close();

  await page.goto("/user/subscriptions");
  await expect(card(page, "Buyer Plus")).toBeVisible();
});
