// Sign-in beyond email and password, as a person does it, with JavaScript on and off: a forgotten
// password reset from the mailed link, an email link, a texted phone code, a one-time code's
// messages, and Google (through the emulator's stand-in page). The emulator keeps what it would
// have mailed or texted; the tests read it as the person would read their inbox or phone.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../fixtures/test";
import { register, uniqueEmail } from "../fixtures/accounts";
import { mailedCode, textedCode, uniquePhone } from "../fixtures/auth-emulator";

const header = (page: import("@playwright/test").Page) => page.locator(".site-header");

test("forgot password: the mailed link sets a new password, which then signs in", async ({
  page,
  browser,
}) => {
  test.slow(); // several round trips to the provider
  const email = uniqueEmail("forgot");
  await register(page, "Forgetful Farida", email);
  await header(page).getByRole("button", { name: "Sign out" }).click();
  await expect(header(page).getByRole("link", { name: "Sign in" })).toBeVisible();

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Email is required");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(
    page.getByText("If an account exists for this email, we have sent a link to reset the password"),
  ).toBeVisible();

  const { oobCode } = await mailedCode(email, "PASSWORD_RESET");
  await page.goto(`/reset-password?oobCode=${encodeURIComponent(oobCode)}`);
  await expect(page.getByText(`For ${email}`)).toBeVisible();
  await page.getByLabel("New password").fill("brandnew1");
  await page.getByLabel("Confirm password").fill("brandnew2");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByLabel("Confirm password")).toHaveAccessibleDescription("Passwords do not match");
  await page.getByLabel("New password").fill("brandnew1");
  await page.getByLabel("Confirm password").fill("brandnew1");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("Your password has been changed. You can sign in with it now")).toBeVisible();

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("brandnew1");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(header(page).getByText("Forgetful Farida")).toBeVisible();

  // The link works once.
  const later = await browser.newPage({ javaScriptEnabled: test.info().project.name !== "no-js" });
  await later.goto(
    `${test.info().project.use.baseURL}/reset-password?oobCode=${encodeURIComponent(oobCode)}`,
  );
  await expect(
    later.getByText("This link is invalid or has already been used. Please ask for a new one"),
  ).toBeVisible();
  await later.close();
});

test("an unknown address hears the same as a known one", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(
    page.getByText("If an account exists for this email, we have sent a link to reset the password"),
  ).toBeVisible();
});

test("email link: the mailed link signs in on this device, and asks for the address elsewhere", async ({
  page,
  browser,
}) => {
  test.slow(); // several round trips to the provider
  const email = uniqueEmail("linked");
  await page.goto("/login");
  await page.getByRole("link", { name: "Email link" }).click();
  // With JavaScript the link is a client-side navigation: until the new page is in, the sign-in
  // page's own Email field is the one on screen. Wait for the new page before typing.
  await expect(page.getByRole("heading", { name: "Sign in with an email link" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(
    page.getByText("We have sent a sign-in link to your email. Open it on this device to sign in"),
  ).toBeVisible();

  await page.goto((await mailedCode(email, "EMAIL_SIGNIN")).oobLink);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(header(page).getByText(email.split("@")[0]!)).toBeVisible();

  // Opened in another browser: the link alone is not enough, the address is asked for.
  await page.goto("/login/email-link");
  const other = await browser.newContext({ javaScriptEnabled: test.info().project.name !== "no-js" });
  const elsewhere = await other.newPage();
  await page.request.post("/api/email-link", { data: { email, continue_path: "/login/email-link" } });
  const { oobLink } = await mailedCode(email, "EMAIL_SIGNIN");
  await elsewhere.goto(oobLink);
  await expect(
    elsewhere.getByText("Enter the email the link was sent to, to finish signing in."),
  ).toBeVisible();
  await elsewhere.getByLabel("Email").fill(email);
  await elsewhere.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(elsewhere.locator(".site-header").getByText(email.split("@")[0]!)).toBeVisible();
  await other.close();
});

test("phone: a texted code signs in; a wrong or missing code says so", async ({ page }) => {
  test.slow(); // several round trips to the provider
  const number = uniquePhone();
  await page.goto("/login");
  await page.getByRole("link", { name: "Phone" }).click();
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByLabel("Phone number")).toHaveAccessibleDescription("Phone number is required");
  await page.getByLabel("Phone number").fill("0501234567");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByLabel("Phone number")).toHaveAccessibleDescription("Phone number is invalid");
  await page.getByLabel("Phone number").fill(number);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText(`We have sent a code to ${number}.`)).toBeVisible();

  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByLabel("Code")).toHaveAccessibleDescription("Please enter OTP first");
  const { code } = await textedCode(number);
  await page.getByLabel("Code").fill(code === "123456" ? "654321" : "123456");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByLabel("Code")).toHaveAccessibleDescription(
    "The code is wrong. Please check it and try again",
  );
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(header(page).getByRole("button", { name: "Sign out" })).toBeVisible();
  // The first phone sign-in made a profile holding the number.
  await page.goto("/user/profile");
  await expect(page.getByLabel("Phone number")).toHaveValue(number);
});

test("one-time code: the spec's messages on its fields", async ({ page }) => {
  await page.goto("/login/otp");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByLabel("Email or phone number")).toHaveAccessibleDescription(
    "Email or phone number is required",
  );
  await page.getByLabel("Email or phone number").fill("12ab");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByLabel("Email or phone number")).toHaveAccessibleDescription(
    "Phone number is invalid",
  );
});

// Google's own window (with JavaScript, in production) needs Google's scripts, which cannot load
// here; against the emulator the button takes the server's redirect flow with JavaScript too.
test("Google: the server's redirect flow, through the emulator's stand-in", async ({ page }) => {
  const email = uniqueEmail("google");
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  // The sign-in page has an Email field too: fill the stand-in's, once it is there.
  await expect(page.getByRole("heading", { name: "Google (emulator)" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill("Ghalia Google");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(header(page).getByText("Ghalia Google")).toBeVisible();
});

test("Google: an answer that cannot be read says so and leads back", async ({ page }) => {
  await page.goto("/login/google/callback?providerId=google.com&id_token=not-a-token");
  await expect(page.getByRole("alert")).toHaveText(
    "The sign-in provider's answer could not be read. Please try again",
  );
  await page.getByRole("link", { name: "Back to sign in" }).click();
  await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
});

test("the sign-in pages have no serious accessibility violations", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe runs in the page");
  test.slow();
  // In Arabic, the sign-in page stands for the others (the same form parts, right to left).
  for (const [lang, paths] of [
    [
      "",
      [
        "/login",
        "/login/email-link",
        "/login/phone",
        "/login/otp",
        "/forgot-password",
        "/reset-password?oobCode=made-up",
      ],
    ],
    ["/ar", ["/login"]],
  ] as const) {
    for (const path of paths) {
      await page.goto(lang + path);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(
        serious.map(
          (v) =>
            `${lang}${path} ${v.id}: ${v.nodes
              .map((n) => n.target.join(" "))
              .slice(0, 3)
              .join(", ")}`,
        ),
      ).toEqual([]);
    }
  }
});

test("the sign-in pages fit a 360-pixel screen without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of [
    "/login",
    "/login/phone",
    "/login/email-link",
    "/login/otp",
    "/forgot-password",
    "/ar/login",
  ]) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(360);
  }
});
