import { expect, test } from "../fixtures/test";
import sharp from "sharp";
import { readyToList, register } from "../fixtures/accounts";

const photo = async (name: string, r: number) => ({
  name,
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 480, height: 320, channels: 3, background: { r, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer(),
});
const pdf = (name: string) => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
});

test("a developer completes their profile, posts a project with a plan, sees it pending and edits it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await register(page, "Project Developer");

  // Listing needs a complete profile: the add page says so, with an OK link to fix it.
  await page.goto("/user/add-project");
  await expect(
    page.getByText("You have not completed your profile yet. Please complete first"),
  ).toBeVisible();
  await page.getByRole("link", { name: "OK", exact: true }).click();
  await expect(page).toHaveURL(/\/user\/profile/);
  await page.getByLabel("Choose a photo").setInputFiles(await photo("me.jpg", 40));
  await page.getByLabel("Address", { exact: true }).fill("Marina Walk, Dubai");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(
    page.getByText("Your profile is complete. You can list properties and projects."),
  ).toBeVisible();

  // An empty form: the spec's messages on their fields; a half-filled plan row is explained too.
  await page.goto("/user/add-project");
  await page.getByLabel("Plan title").first().fill("Ground floor");
  await page.getByRole("button", { name: "Post project" }).click();
  for (const message of [
    "Title is required",
    "Description field is required",
    "Please select Category",
    "Please select a Title Image",
    "City, state, country and formatted address must all be present",
    "Please choose the plan's file (PDF, JPEG or PNG)",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel("Title", { exact: true })).toHaveAccessibleDescription("Title is required");

  await page.getByLabel("Title", { exact: true }).fill("Creek Gardens");
  await page
    .getByLabel("Description", { exact: true })
    .fill("Three low-rise buildings around a garden by the creek, with a nursery and shops.");
  await page.getByLabel("Category", { exact: true }).selectOption({ index: 1 });
  await page.getByLabel("Type", { exact: true }).selectOption("upcoming");
  await page.getByLabel("Country", { exact: true }).selectOption("United Arab Emirates");
  await page.getByLabel("State", { exact: true }).fill("Dubai");
  await page.getByLabel("City", { exact: true }).fill("Dubai");
  await page.getByLabel("Address", { exact: true }).fill("Creek Harbour, Dubai");
  await page.getByLabel("Title image").setInputFiles(await photo("cover.jpg", 200));
  await page.getByLabel("Gallery images").setInputFiles([await photo("a.jpg", 20), await photo("b.jpg", 90)]);
  await page.getByLabel("Plan title").first().fill("Ground floor");
  await page.getByLabel("Plan file").first().setInputFiles(pdf("ground.pdf"));
  await page.getByRole("button", { name: "Post project" }).click();

  // Saved: back to my projects with a message, the new project waiting for review.
  await expect(page).toHaveURL(/\/user\/projects$/, { timeout: 30_000 });
  const card = page.locator(".owner-row").filter({ hasText: "Creek Gardens" });
  await expect(card).toContainText("Pending review");

  // Edit: the saved plan is listed with a remove box, a new title is kept.
  await card.getByRole("link", { name: /^Edit/ }).click();
  await expect(page).toHaveURL(/\/user\/edit-project\/\d+$/);
  const editUrl = page.url();
  await expect(page.getByLabel("Plan title").first()).toHaveValue("Ground floor");
  await expect(page.locator('input[name="remove_gallery_images"]')).toHaveCount(2);
  await page.getByLabel("Title", { exact: true }).fill("Creek Gardens Phase 1");
  await page.getByLabel("Remove this plan").first().check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/user\/projects$/, { timeout: 30_000 });
  await page.goto(editUrl);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Creek Gardens Phase 1");
  await expect(page.locator('input[name="remove_plans"]')).toHaveCount(0);
});

test("with JavaScript: typed coordinates and the map pin fill in the place, photos are previewed and ordered, the upload shows its progress", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(
    !javaScriptEnabled,
    "the map, previews and progress need JavaScript; posting without it is the test above",
  );
  test.setTimeout(120_000);
  await register(page, "Pin Developer");
  await page.goto("/user/profile");
  await page.getByLabel("Choose a photo").setInputFiles(await photo("me.jpg", 60));
  await page.getByLabel("Address", { exact: true }).fill("Laugavegur 1, Reykjavik");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(
    page.getByText("Your profile is complete. You can list properties and projects."),
  ).toBeVisible();

  // Far from the demo cities, so no other test sees this project.
  await page.goto("/user/add-project");
  await page.getByLabel("Title", { exact: true }).fill("Harbour Lofts Reykjavik");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const map = page.locator(".post-form__map canvas.maplibregl-canvas");
  await expect(map).toBeVisible();

  // Typed coordinates: the server names the place, and the map shows the pin there.
  await page.getByLabel("Latitude").fill("64.1466");
  await page.getByLabel("Longitude").fill("-21.9426");
  await page.getByRole("button", { name: "Fill in the address from the coordinates" }).click();
  await expect(page.getByLabel("Country", { exact: true })).toHaveValue("Iceland");
  await expect(page.getByLabel("State", { exact: true })).toHaveValue("Capital Region");
  await expect(page.getByLabel("City", { exact: true })).toHaveValue("Reykjavík");
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("Reykjavík, Capital Region, Iceland");
  await expect(page.getByRole("img", { name: "The project's place on the map" })).toBeVisible();

  // Dropping the pin beside it: new coordinates, and the place is asked for again.
  await page.getByLabel("City", { exact: true }).fill("");
  await page.getByLabel("Address", { exact: true }).fill("");
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width / 2 + 60, y: box.height / 2 + 60 } });
  await expect(page.getByLabel("Latitude")).not.toHaveValue("64.1466");
  await expect(page.getByLabel("Latitude")).toHaveValue(/^64\.1\d+$/);
  await expect(page.getByLabel("Longitude")).toHaveValue(/^-21\.\d+$/);
  await expect(page.getByLabel("City", { exact: true })).toHaveValue("Reykjavík");
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("Reykjavík, Capital Region, Iceland");

  await page
    .getByLabel("Description", { exact: true })
    .fill("Lofts above the old harbour, with a roof terrace facing the bay.");
  await page.getByLabel("Category", { exact: true }).selectOption({ index: 1 });
  await page.getByLabel("Title image").setInputFiles(await photo("cover.jpg", 150));
  await expect(page.locator(".post-form__thumb")).toBeVisible();

  // New photos show before they are sent; one is moved, one dropped again.
  const gallery = page.locator("ol.post-form__gallery li");
  await page.getByLabel("Gallery images").setInputFiles([await photo("a.jpg", 20), await photo("b.jpg", 90)]);
  await expect(gallery).toHaveCount(2);
  const first = await gallery.nth(0).locator("img").getAttribute("src");
  await gallery.nth(0).getByRole("button", { name: "Move later" }).click();
  await expect(gallery.nth(1).locator("img")).toHaveAttribute("src", first!);
  await page.getByLabel("Gallery images").setInputFiles([await photo("c.jpg", 240)]);
  await expect(gallery).toHaveCount(3);
  await gallery.nth(2).getByRole("button", { name: "Remove" }).click();
  await expect(gallery).toHaveCount(2);

  // Held back a moment, so the progress bar can be seen before the answer comes.
  await page.route("**/user/project-form", async (route) => {
    if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  const sent = page.waitForRequest(
    (r) => r.method() === "POST" && new URL(r.url()).pathname.endsWith("/user/project-form"),
  );
  await page.getByRole("button", { name: "Post project" }).click();
  // The bytes going up, then (everything sent, the server at work on the photos) a bar that says so.
  await expect(page.getByRole("progressbar", { name: /^(Uploading|Preparing your photos…)$/ })).toBeVisible();
  const body = (await sent).postDataBuffer()!.toString("latin1");
  expect(body.match(/name="gallery_images"; filename="/g)).toHaveLength(2);
  expect(body).toMatch(/name="gallery_order"\r\n\r\nn1,n0\r\n/);
  await expect(page).toHaveURL(/\/user\/projects$/, { timeout: 30_000 });
  const card = page.locator(".owner-row").filter({ hasText: "Harbour Lofts Reykjavik" });
  await expect(card).toContainText("Pending review");

  // The place was saved as the pin gave it.
  await card.getByRole("link", { name: /^Edit/ }).click();
  await expect(page).toHaveURL(/\/user\/edit-project\/\d+$/);
  await expect(page.getByLabel("Country", { exact: true })).toHaveValue("Iceland");
  await expect(page.getByLabel("City", { exact: true })).toHaveValue("Reykjavík");
  await expect(page.getByLabel("Latitude")).toHaveValue(/^64\.1\d+$/);
  await expect(page.locator('input[name="remove_gallery_images"]')).toHaveCount(2);
  // The edit page's lookup reaches the endpoint too (its address carries the project's id).
  await page.getByLabel("City", { exact: true }).fill("");
  await page.getByRole("button", { name: "Fill in the address from the coordinates" }).click();
  await expect(page.getByLabel("City", { exact: true })).toHaveValue("Reykjavík");
});

test("someone else's project cannot be edited", async ({ page }) => {
  await register(page, "Curious Person");
  const res = await page.goto("/user/edit-project/1");
  expect(res?.status()).toBe(404);
});

const SEO_ADVICE = [
  "Meta title should be at most 60 characters",
  "Meta description should be 50 to 160 characters",
  "Meta keywords should be at most 10 comma-separated phrases",
];
const elevenPhrases = Array.from({ length: 11 }, (_, i) => `phrase ${i + 1}`).join(", ");

test("the project form advises on its search-engine texts and adds a plan only once the last row is not empty", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  await readyToList(page, "Plan Adder", "planner");
  await page.goto("/user/add-project");
  await page.getByLabel("Title", { exact: true }).fill("Creek Terraces");
  // The page takes over at the first touch (decision 011).
  if (javaScriptEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page
    .getByLabel("Meta title")
    .fill("Creek Terraces: three low-rise buildings around a garden by the creek");
  await page.getByLabel("Meta description").fill("Too short to say much");
  await page.getByLabel("Meta keywords").fill(elevenPhrases);
  const titles = page.getByLabel("Plan title");
  await expect(titles).toHaveCount(3);
  await titles.nth(0).fill("Ground floor");

  // The last row is empty: no row is added, and that row says why.
  await page.getByRole("button", { name: "Add a plan" }).click();
  await expect(titles.nth(2)).toHaveAccessibleDescription("Fill in this plan before adding another");
  await expect(titles).toHaveCount(3);
  // Nothing typed was lost (without JavaScript the form went to the server and came back).
  await expect(titles.nth(0)).toHaveValue("Ground floor");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Creek Terraces");
  await expect(page.getByLabel("Meta keywords")).toHaveValue(elevenPhrases);
  // The API's SEO advice beside each field: as it is typed, or on the form the server rendered.
  for (const advice of SEO_ADVICE) await expect(page.getByText(advice, { exact: true })).toBeVisible();

  // Once the last row says something, a row is added after it.
  await titles.nth(2).fill("Penthouse");
  await page.getByRole("button", { name: "Add a plan" }).click();
  await expect(titles).toHaveCount(4);
  await expect(titles.nth(2)).toHaveValue("Penthouse");
  await expect(titles.nth(3)).toHaveValue("");
  await expect(page.getByText("Fill in this plan before adding another")).toHaveCount(0);

  // Good texts: the advice goes.
  await page.getByLabel("Meta title").fill("Creek Terraces, Dubai Creek");
  await page
    .getByLabel("Meta description")
    .fill("Three low-rise buildings around a garden by the creek, with a nursery and shops.");
  await page.getByLabel("Meta keywords").fill("creek, garden, nursery");
  // Enter in a field posts the form (its messages show); it does not add a plan.
  await page.getByLabel("Title", { exact: true }).press("Enter");
  await expect(page.getByText("Description field is required", { exact: true })).toBeVisible();
  await expect(titles).toHaveCount(4);
  for (const advice of SEO_ADVICE) await expect(page.getByText(advice, { exact: true })).toHaveCount(0);
});

test("in Arabic: the empty plan row and the search-engine advice are explained in Arabic", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  await readyToList(page, "Arabic Planner", "arplanner");
  await page.goto("/ar/user/add-project");
  await page
    .getByLabel("العنوان التعريفي", { exact: true })
    .fill("أبراج الخور: ثلاثة مبانٍ منخفضة حول حديقة واسعة على ضفة الخور مع حضانة ومتاجر");
  if (javaScriptEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.getByRole("button", { name: "إضافة مخطط" }).click();
  await expect(page.getByLabel("عنوان المخطط").nth(2)).toHaveAccessibleDescription(
    "املأ هذا المخطط قبل إضافة مخطط آخر",
  );
  await expect(page.getByLabel("عنوان المخطط")).toHaveCount(3);
  await expect(page.getByText("يُفضّل ألا يزيد العنوان التعريفي على 60 حرفاً")).toBeVisible();
});
