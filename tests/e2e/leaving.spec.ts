// Leaving (decision 022): from the profile to "Delete my account", a copy of one's data first, a typed
// confirmation, then signed out with the news, and the account no longer signs in.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "../fixtures/test";
import { register, uniqueEmail } from "../fixtures/accounts";

async function signInFails(page: Page, email: string) {
  await page.goto("/login");
  const main = page.locator("main");
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Password").fill("secret123");
  await main.getByRole("button", { name: "Sign in" }).click();
  await expect(main.getByText(/User not found|Incorrect details/)).toBeVisible();
  await expect(page.locator(".site-header").getByRole("link", { name: "Sign in" })).toBeVisible();
}

test("a person downloads their data, deletes their account and is signed out for good", async ({ page }) => {
  const email = uniqueEmail("leaver");
  await register(page, "Leaving Layla", email);

  await page.goto("/user/profile");
  await page.getByRole("link", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/user\/profile\/delete$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Delete my account");
  await expect(
    page.getByText("Messages you sent stay in the other person's conversation, but read “Message deleted”"),
  ).toBeVisible();

  // "Download my data" first: a JSON file with the person's own profile.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.locator("main").getByRole("link", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^souq-estate-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(data.profile).toMatchObject({ name: "Leaving Layla", email });
  expect(Array.isArray(data.conversations)).toBe(true);

  // A wrong word is refused on its field; the account is still there.
  const confirm = page.getByLabel("To confirm, type DELETE");
  await confirm.fill("yes please");
  await page.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(confirm).toHaveAccessibleDescription("Type DELETE to confirm");
  await expect(page.locator(".site-header").getByText("Leaving Layla")).toBeVisible();

  await confirm.fill("DELETE");
  await page.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  // A toast with JavaScript, the same words in the page without it.
  await expect(page.getByText("Your account has been deleted").first()).toBeVisible();
  const header = page.locator(".site-header");
  await expect(header.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(header.getByText("Leaving Layla")).toHaveCount(0);

  // Gone: the own pages ask for a sign-in, and signing in with the old password fails.
  await page.goto("/user/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fuser%2Fprofile/);
  await signInFails(page, email);
});

test("the Arabic page takes «حذف» and says goodbye in Arabic", async ({ page }) => {
  const email = uniqueEmail("leaver-ar");
  await register(page, "Leaving Amal", email);
  await page.goto("/ar/user/profile");
  await page.getByRole("link", { name: "حذف حسابي" }).click();
  await expect(page).toHaveURL(/\/ar\/user\/profile\/delete$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("حذف حسابي");
  await expect(page.locator("main").getByRole("link", { name: "تنزيل بياناتي" })).toHaveAttribute(
    "href",
    "/ar/user/profile/my-data",
  );
  await page.getByLabel("للتأكيد، اكتب DELETE أو «حذف»").fill("حذف");
  await page.getByRole("button", { name: "حذف حسابي نهائياً" }).click();
  await expect(page).toHaveURL(/\/ar$/);
  await expect(page.getByText("تم حذف حسابك").first()).toBeVisible();
  await expect(page.locator(".site-header").getByText("Leaving Amal")).toHaveCount(0);
  await signInFails(page, email);
});

test("the page needs a signed-in visitor", async ({ page }) => {
  await page.goto("/user/profile/delete");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fuser%2Fprofile%2Fdelete/);
  const file = await page.request.get("/user/profile/my-data", { maxRedirects: 0 });
  expect(file.status()).toBe(302);
});
