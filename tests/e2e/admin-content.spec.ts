import { expect, test } from "../fixtures/test";
import { readyToList, signInAsAdmin } from "../fixtures/accounts";

// The content editors, with and without JavaScript: what the admin saves is what visitors and
// people listing a property see next, in English and Arabic. Names are unique per run, and what a
// test adds it takes away again (other tests share the server).

test("the admin adds a question in English and Arabic and it is on /faqs and /ar/faqs", async ({
  browser,
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(60_000);
  const admin = await browser.newContext({ javaScriptEnabled });
  const ap = await admin.newPage();
  await signInAsAdmin(ap, "/admin/content/faqs");
  const tag = `${Date.now().toString(36)}${javaScriptEnabled ? "j" : "n"}`;
  const question = `Can I pay by bank transfer (${tag})?`;
  const arabic = `هل يمكنني الدفع بتحويل بنكي (${tag})؟`;
  const form = ap.locator("form").filter({ has: ap.getByRole("button", { name: "Add the question" }) });

  // Blank (spaces pass the browser's own check): the server's message on the field, the answer kept.
  await form.getByLabel("Question", { exact: true }).fill("   ");
  await form.getByLabel("Answer", { exact: true }).fill("Yes, to the account on your invoice.");
  await form.getByRole("button", { name: "Add the question" }).click();
  await expect(form.getByLabel("Question", { exact: true })).toHaveAccessibleDescription(
    "Question is required",
  );
  await expect(form.getByLabel("Answer", { exact: true })).toHaveValue(
    "Yes, to the account on your invoice.",
  );

  await form.getByLabel("Question", { exact: true }).fill(question);
  const arField = form.getByLabel("Question (Arabic)");
  await expect(arField).toHaveAttribute("dir", "rtl");
  await expect(arField).toHaveAttribute("lang", "ar");
  await arField.fill(arabic);
  await form.getByLabel("Answer (Arabic)").fill("نعم، إلى الحساب المذكور في فاتورتك.");
  await form.getByRole("button", { name: "Add the question" }).click();
  const item = ap.getByRole("listitem").filter({ has: ap.getByRole("heading", { name: question }) });
  await expect(item).toBeVisible();
  await expect(form.getByLabel("Question", { exact: true })).toHaveValue("");

  await page.goto("/faqs");
  await expect(page.locator("details.faq summary", { hasText: question })).toBeVisible();
  await page.goto("/ar/faqs");
  await expect(page.locator("details.faq summary", { hasText: arabic })).toBeVisible();

  await item.locator("summary", { hasText: "Delete" }).click();
  await item.getByRole("button", { name: /Yes, delete/ }).click();
  await expect(ap.getByRole("heading", { name: question })).toHaveCount(0);
  await admin.close();
});

test("the admin adds a detail to a new category and the add-property form asks for it, in order and in Arabic", async ({
  browser,
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(60_000);
  const admin = await browser.newContext({ javaScriptEnabled });
  const ap = await admin.newPage();
  await signInAsAdmin(ap, "/admin/content/parameters/new");
  const tag = `${Date.now().toString(36)}${javaScriptEnabled ? "j" : "n"}`;
  const detail = `Jetty length ${tag}`;
  const category = `Houseboat ${tag}`;

  await ap.getByLabel("Name", { exact: true }).fill(detail);
  await ap.getByLabel("Name (Arabic)").fill(`طول الرصيف ${tag}`);
  await ap.getByLabel("Type").selectOption("number");
  await ap.getByLabel("Unit (optional)").fill("m");
  await ap.getByRole("button", { name: "Add the detail" }).click();
  await expect(ap.getByRole("link", { name: detail })).toBeVisible();

  await ap.goto("/admin/content/categories/new");
  await ap.getByLabel("Name", { exact: true }).fill(category);
  await ap.getByLabel("Name (Arabic)").fill(`قارب سكني ${tag}`);
  // Asked first the new detail, then bedrooms.
  await ap.getByRole("checkbox", { name: new RegExp(detail) }).check();
  await ap.getByLabel(`Place of ${detail}`).fill("1");
  await ap.getByRole("checkbox", { name: "Bedrooms", exact: true }).check();
  await ap.getByLabel("Place of Bedrooms").fill("2");
  await ap.getByRole("button", { name: "Add the category" }).click();
  const link = ap.getByRole("link", { name: category });
  await expect(link).toBeVisible();
  const id = (await link.getAttribute("href"))!.split("/").pop();

  await readyToList(page, "Boat Owner", "houseboat");
  await page.goto(`/user/add-property?category_id=${id}`);
  const asked = page.locator(".post-form__params");
  await expect(asked.getByLabel(`${detail} (m)`)).toBeVisible();
  await expect(asked.locator("label").first()).toHaveText(`${detail} (m)`);
  await expect(asked.locator("label").nth(1)).toHaveText("Bedrooms");
  await page.goto(`/ar/user/add-property?category_id=${id}`);
  await expect(page.locator(".post-form__params").getByLabel(`طول الرصيف ${tag} (m)`)).toBeVisible();
  await expect(page.getByLabel("الفئة", { exact: true }).locator("option:checked")).toHaveText(
    `قارب سكني ${tag}`,
  );

  // No listing uses them yet: both can go again.
  await link.click();
  await ap.locator("summary", { hasText: "Delete" }).click();
  await ap.getByRole("button", { name: /Yes, delete/ }).click();
  await expect(ap.getByRole("link", { name: category })).toHaveCount(0);
  await ap.goto("/admin/content/parameters");
  await ap.getByRole("link", { name: detail }).click();
  await ap.locator("summary", { hasText: "Delete" }).click();
  await ap.getByRole("button", { name: /Yes, delete/ }).click();
  await expect(ap.getByRole("link", { name: detail })).toHaveCount(0);
  await admin.close();
});

test("each content page's refusal lands on its field, and a refused delete says why", async ({
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const admin = await browser.newContext({ javaScriptEnabled });
  const ap = await admin.newPage();
  await signInAsAdmin(ap, "/admin/content/facilities");
  const add = ap.locator("form").filter({ has: ap.getByRole("button", { name: "Add the facility" }) });
  await add.getByLabel("Name", { exact: true }).fill("  ");
  await add.getByRole("button", { name: "Add the facility" }).click();
  await expect(add.getByLabel("Name", { exact: true })).toHaveAccessibleDescription("Name is required");

  // A choice without options, then an option with only its Arabic: said on the options.
  await ap.goto("/admin/content/parameters/new");
  await ap.getByLabel("Name", { exact: true }).fill(`Mooring ${Date.now().toString(36)}`);
  await ap.getByLabel("Type").selectOption("dropdown");
  await ap.getByRole("button", { name: "Add the detail" }).click();
  const options = ap.getByRole("group", { name: "Options" });
  await expect(options).toHaveAccessibleDescription(/A choice needs at least one option/);
  await ap.getByLabel("Option 2 (Arabic)", { exact: true }).fill("رصيف");
  await ap.getByRole("button", { name: "Add the detail" }).click();
  await expect(options).toHaveAccessibleDescription(/Each option needs its English text/);

  await ap.goto("/admin/content/articles/new");
  await ap.getByLabel("Title", { exact: true }).fill("Moving in the summer");
  await ap.getByRole("button", { name: "Add the article" }).click();
  await expect(ap.getByLabel("Text", { exact: true })).toHaveAccessibleDescription(
    /Description field is required/,
  );
  await expect(ap.getByLabel("Title", { exact: true })).toHaveValue("Moving in the summer");

  // What only the API knows: another category's slug, and the listings that use this one.
  await ap.goto("/admin/content/categories");
  await ap.getByRole("link", { name: "Apartment", exact: true }).click();
  await ap.getByLabel("Slug").fill("villa");
  await ap.getByRole("button", { name: "Save the category" }).click();
  await expect(ap.getByLabel("Slug")).toHaveAccessibleDescription(/Another category has this slug/);
  await ap.locator("summary", { hasText: "Delete" }).click();
  await ap.getByRole("button", { name: /Yes, delete/ }).click();
  await expect(ap.getByRole("alert").filter({ hasText: "Listings use this category" })).toBeVisible();
  await admin.close();
});
