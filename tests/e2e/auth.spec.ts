import { expect, test, type Page } from "../fixtures/test";

const unique = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;

async function register(page: Page, name: string, email: string, password = "secret123") {
  await page.goto("/register");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number").fill("+971501234567");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Register" }).click();
}

test("register, sign out and sign in again", async ({ page, javaScriptEnabled }) => {
  const email = unique("reg");
  const name = "Mariam Test";
  await register(page, name, email);
  await expect(page).toHaveURL(/\/$/);
  const header = page.locator(".site-header");
  await expect(header.getByText(name)).toBeVisible();
  // Without JavaScript there are no toasts; the header already proves the session.
  if (javaScriptEnabled) await expect(page.getByText("Welcome! Your account is ready")).toBeVisible();

  await header.getByRole("button", { name: "Sign out" }).click();
  await expect(header.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(header.getByText(name)).toHaveCount(0);

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("secret123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(header.getByText(name)).toBeVisible();
});

test("a wrong password is refused with a readable message", async ({ page }) => {
  const email = unique("pw");
  await register(page, "Pw Person", email);
  await page.locator(".site-header").getByRole("button", { name: "Sign out" }).click();
  // Signed out for sure before going to the sign-in page (a signed-in visitor is sent home from it).
  await expect(page.locator(".site-header").getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  // The provider says either "wrong password" (on the field) or "incorrect details" (the form).
  await expect(page.getByText(/Incorrect details|Wrong password/)).toBeVisible();
  await expect(page.locator(".site-header").getByRole("link", { name: "Sign in" })).toBeVisible();
});

test("register errors appear on their fields", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Phone number").fill("12");
  await page.getByLabel("Password", { exact: true }).fill("123");
  await page.getByLabel("Confirm password").fill("456");
  await page.getByRole("button", { name: "Register" }).click();
  // Each message is tied to its field (aria-describedby), as a screen reader announces it.
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name")).toHaveAccessibleDescription("Username is required");
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Email address is invalid");
  await expect(page.getByLabel("Phone number")).toHaveAccessibleDescription("Phone number is invalid");
  await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
    "Password must be 6 characters or more",
  );
  await expect(page.getByLabel("Confirm password")).toHaveAccessibleDescription("Passwords do not match");
  // Nothing typed is lost except the passwords.
  await expect(page.getByLabel("Email")).toHaveValue("not-an-email");
});

test("an email that is already registered is refused on the email field", async ({ page }) => {
  const email = unique("dup");
  await register(page, "First Owner", email);
  const header = page.locator(".site-header");
  await header.getByRole("button", { name: "Sign out" }).click();
  // Signed out for sure before registering again (a signed-in visitor is sent home from /register).
  await expect(header.getByRole("link", { name: "Sign in" })).toBeVisible();
  await register(page, "Second Owner", email);
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Email already in use");
});

test("Arabic registration shows the spec's messages in Arabic", async ({ page }) => {
  await page.goto("/ar/register");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByRole("button", { name: "تسجيل" }).last().click();
  await expect(page.getByLabel("الاسم")).toHaveAccessibleDescription("اسم المستخدم مطلوب");
  await expect(page.getByLabel("البريد الإلكتروني")).toHaveAccessibleDescription("البريد الإلكتروني مطلوب");
});
