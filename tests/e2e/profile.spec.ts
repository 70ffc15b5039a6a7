import { expect, test } from "../fixtures/test";
import sharp from "sharp";
import { register } from "../fixtures/accounts";

/**
 * A photo of several MB (noise does not compress): a page's form takes more than 1 MB only from a
 * person whose session holds, so this shows a real sign-in still gets the upload cap.
 */
const largePhoto = () =>
  sharp({
    create: {
      width: 1400,
      height: 1000,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 110 } } })
    .png()
    .toBuffer();

test("a new account sees what its profile lacks, fixes it, and is then ready to list", async ({
  page,
  javaScriptEnabled,
}) => {
  await register(page, "Profile Person");
  await page.goto("/user/profile");
  const missing = page.getByRole("status").filter({ hasText: "To list a property or project, add:" });
  await expect(missing).toContainText("Profile photo");
  await expect(missing).toContainText("Address");
  await expect(missing).not.toContainText("Phone number");

  // A file that only pretends to be a photo is refused on the photo field; typed text survives.
  await page.getByLabel("Phone number").fill("+971 50 123 4567");
  await page.getByLabel("Address", { exact: true }).fill("12 Marina Walk");
  await page
    .getByLabel("Choose a photo")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from("not really a picture") });
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByLabel("Choose a photo")).toHaveAccessibleDescription(
    "Please choose a JPEG or PNG photo",
  );
  await expect(page.getByLabel("Phone number")).toHaveValue("+971 50 123 4567");

  const large = await largePhoto();
  expect(large.byteLength).toBeGreaterThan(2 * 1024 * 1024);
  await page
    .getByLabel("Choose a photo")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: large });
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(
    page.getByText("Your profile is complete. You can list properties and projects."),
  ).toBeVisible();
  await expect(page.locator(".profile-form__photo img")).toHaveAttribute(
    "src",
    /\/uploads\/avatars\/.+\.webp$/,
  );

  // What was typed can be taken out again: an emptied box is saved as empty.
  const save = async () => {
    const saved = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/user/profile"),
    );
    await page.getByRole("button", { name: "Save profile" }).click();
    await saved;
    await page.goto("/user/profile");
    // With JavaScript, let React take over before editing (typing during that moment has its own test).
    if (javaScriptEnabled) {
      await page.getByLabel("About me").focus();
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    }
  };
  await page.goto("/user/profile");
  if (javaScriptEnabled) {
    await page.getByLabel("About me").focus();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  }
  await page.getByLabel("About me").fill("Selling flats in the Marina since 2015.");
  await save();
  await expect(page.getByLabel("About me")).toHaveValue("Selling flats in the Marina since 2015.");
  await page.getByLabel("About me").fill("");
  await save();
  await expect(page.getByLabel("About me")).toHaveValue("");
});

test("a photo that is too small is refused with the reason", async ({ page }) => {
  await register(page, "Small Photo");
  await page.goto("/user/profile");
  await page
    .getByLabel("Choose a photo")
    .setInputFiles({ name: "tiny.png", mimeType: "image/png", buffer: await photo(60, 60) });
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByLabel("Choose a photo")).toHaveAccessibleDescription(
    "The photo must be at least 120 × 120 pixels",
  );
});

test("the profile page needs a signed-in visitor", async ({ page }) => {
  await page.goto("/user/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fuser%2Fprofile/);
});

test("the packages page shows what a new account holds and what is on offer", async ({ page }) => {
  await register(page, "Package Viewer");
  await page.goto("/subscription-plan");
  const mine = page.getByRole("region", { name: "Your packages" });
  await expect(mine.getByRole("heading", { name: "Starter" })).toBeVisible();
  await expect(mine).toContainText("Property listings");
  await expect(mine).toContainText("0 of 5 used");
  await expect(page.getByRole("region", { name: "Packages on offer" })).toContainText("Free");
  await page.goto("/ar/subscription-plan");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("الباقات");
  await expect(page.getByRole("region", { name: "باقاتك" })).toContainText("باقة البداية");
});
