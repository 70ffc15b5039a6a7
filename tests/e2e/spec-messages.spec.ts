// Spec §5 messages on their fields, as a person meets them. (The account's name, the spec's
// Username, is checked with the registration form in auth.spec.ts.)
import { expect, test } from "../fixtures/test";
import { signInAsAdmin } from "../fixtures/accounts";

test("the console's contact email is a dialog input: 'Invalid email address', and nothing is saved", async ({
  browser,
  javaScriptEnabled,
}) => {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signInAsAdmin(page, "/admin/settings");
  const email = page.locator("main").getByLabel("Email", { exact: true });
  const saved = await email.inputValue();
  await email.fill("not-an-email");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(email).toHaveAccessibleDescription("Invalid email address");
  await page.goto("/admin/settings");
  await expect(email).toHaveValue(saved);
  await context.close();
});
