import { expect, test } from "../fixtures/test";

test("the contact form explains mistakes on each field, then sends", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByLabel("First name")).toHaveAccessibleDescription("Name is required");
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Email address is invalid");
  await expect(page.getByLabel("Subject")).toHaveAccessibleDescription("Subject is required");
  await expect(page.getByLabel("Message")).toHaveAccessibleDescription("Message is required");

  await page.getByLabel("First name").fill("Noura");
  await page.getByLabel("Email").fill("noura@example.test");
  await page.getByLabel("Subject").fill("Viewing request");
  await page.getByLabel("Message").fill("Is the Marina apartment still available?");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/contact\?sent=1/);
  // The page says so (and, with JavaScript, a toast repeats it).
  await expect(page.locator("main p.notice")).toHaveText("Thank you! Your message has been sent.");
});

test("the Arabic contact form speaks Arabic", async ({ page }) => {
  await page.goto("/ar/contact");
  await page.getByRole("button", { name: "إرسال الرسالة" }).click();
  await expect(page.getByLabel("الموضوع")).toHaveAccessibleDescription("الموضوع مطلوب");
});
