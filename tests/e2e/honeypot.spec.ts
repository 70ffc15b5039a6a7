import { expect, test, type Page } from "../fixtures/test";

// The honeypot on the forms anyone may post signed out (decision 055): people never meet it, a bot
// that fills every field is refused with nothing done.

const HIDDEN = 'input[name="name__confirm"]';
const VALID_FROM = 'input[name="from__confirm"]';
const REFUSED = "This form could not be sent. Please try again.";
const unique = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;

/** The form's fields as the server drew them, with the hidden one filled as a bot would. */
async function botForm(page: Page, fields: Record<string, string>) {
  return {
    ...fields,
    name__confirm: "http://spam.example",
    from__confirm: (await page.locator(VALID_FROM).first().getAttribute("value")) ?? "",
  };
}

for (const path of [
  "/contact",
  "/register",
  "/login",
  "/login/phone",
  "/login/otp",
  "/login/email-link",
  "/forgot-password",
]) {
  test(`${path} carries the honeypot, drawn by the server and hidden from people`, async ({ page }) => {
    await page.goto(path);
    const hidden = page.locator(`form ${HIDDEN}`);
    await expect(hidden).toHaveCount(1);
    await expect(hidden).toBeHidden();
    await expect(hidden).toHaveValue("");
    // Not offered to a screen reader either.
    await expect(page.getByRole("textbox", { name: "Leave this field empty" })).toHaveCount(0);
  });
}

test("a person still sends the contact form; a bot filling the hidden field is refused", async ({ page }) => {
  await page.goto("/contact");
  const message = {
    first_name: "Bot",
    email: "bot@example.test",
    subject: "Cheap watches",
    message: "Buy cheap watches at our shop today.",
  };
  const res = await page.request.post("/contact", { form: await botForm(page, message), maxRedirects: 0 });
  expect(res.status()).toBe(400);
  expect(await res.text()).toContain(REFUSED);

  await page.getByLabel("First name").fill("Noura");
  await page.getByLabel("Email").fill("noura@example.test");
  await page.getByLabel("Subject").fill("Viewing request");
  await page.getByLabel("Message").fill("Is the Marina apartment still available?");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/contact\?sent=1/);
  await expect(page.locator("main p.notice")).toHaveText("Thank you! Your message has been sent.");
});

test("a registration with the hidden field filled is refused and makes no account", async ({ page }) => {
  const email = unique("bot");
  await page.goto("/register");
  const res = await page.request.post("/register", {
    form: await botForm(page, {
      name: "Bot",
      email,
      mobile: "+971501234567",
      password: "secret123",
      re_password: "secret123",
    }),
    maxRedirects: 0,
  });
  expect(res.status()).toBe(400);
  expect(await res.text()).toContain(REFUSED);
  expect(res.headers()["set-cookie"] ?? "").not.toContain("__session");

  // No account was made: its password signs no one in.
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("secret123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(/Incorrect details|Wrong password|no user record|not found/i)).toBeVisible();
  await expect(page.locator(".site-header").getByRole("link", { name: "Sign in" })).toBeVisible();
});

test("a person still registers with the honeypot on the page", async ({ page, javaScriptEnabled }) => {
  const email = unique("hp");
  await page.goto("/register");
  await page.getByLabel("Name").fill("Huda Honey");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number").fill("+971501234567");
  await page.getByLabel("Password", { exact: true }).fill("secret123");
  await page.getByLabel("Confirm password").fill("secret123");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator(".site-header").getByText("Huda Honey")).toBeVisible();
  if (javaScriptEnabled) await expect(page.getByText("Welcome! Your account is ready")).toBeVisible();
});

test("a sign-in or reset asked with the hidden field filled is refused on the page", async ({ page }) => {
  await page.goto("/login");
  let res = await page.request.post("/login", {
    form: await botForm(page, { email: "someone@example.test", password: "secret123" }),
    maxRedirects: 0,
  });
  expect(res.status()).toBe(400);
  expect(await res.text()).toContain(REFUSED);

  await page.goto("/forgot-password");
  res = await page.request.post("/forgot-password", {
    form: await botForm(page, { email: "someone@example.test" }),
    maxRedirects: 0,
  });
  expect(res.status()).toBe(400);
  expect(await res.text()).toContain(REFUSED);
});

test("a form whose hidden field was filled in the page shows why it was not sent", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill("someone@example.test");
  // What a bot's browser does: every input filled, seen or not.
  await page.locator(HIDDEN).evaluate((input: HTMLInputElement) => (input.value = "http://spam.example"));
  await page.getByRole("button", { name: /send|reset/i }).click();
  await expect(page.getByRole("alert").filter({ hasText: REFUSED })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("someone@example.test");
});
