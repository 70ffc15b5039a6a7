import { expect, test } from "@playwright/test";
import { register, uniqueEmail } from "../fixtures/accounts";

test("a heart keeps a listing in my favourites, and taking it back removes it", async ({ page, javaScriptEnabled }) => {
  // A visitor's heart asks them to sign in first.
  await page.goto("/properties");
  const first = page.locator("article.card").first();
  const title = (await first.locator("h3").textContent())!.trim();
  await expect(first.getByRole("link", { name: `Sign in to save ${title}` })).toHaveAttribute("href", /\/login\?redirectTo=%2Fproperties/);

  await register(page, "Heart Keeper", uniqueEmail("heart"));
  await page.goto("/properties");
  const card = page.locator("article.card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  const save = card.getByRole("button", { name: `Save ${title} to favourites` });
  await expect(save).toHaveAttribute("aria-pressed", "false");
  if (javaScriptEnabled) {
    // With JavaScript the heart turns in place and the page stays where it was.
    const saved = page.waitForResponse((r) => r.url().includes("/user/favourites") && r.request().method() === "POST");
    await save.click();
    await saved;
  } else {
    await save.click();
    await expect(page).toHaveURL(/\/properties$/);
  }
  await expect(card.getByRole("button", { name: `Remove ${title} from favourites` })).toHaveAttribute("aria-pressed", "true");

  await page.goto("/user/favourites");
  const kept = page.locator("article.card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  await expect(kept).toHaveCount(1);
  // Still hearted on a fresh load, and taken back from here.
  await kept.getByRole("button", { name: `Remove ${title} from favourites` }).click();
  await page.goto("/user/favourites");
  await expect(page.getByText("Tap the heart on a listing to keep it here.")).toBeVisible();
});

test("telling the owner I'm interested, and taking it back", async ({ page }) => {
  await page.goto("/properties");
  const link = page.locator("article.card a.card__link").first();
  const listing = (await link.getAttribute("href"))!;
  await page.goto(listing);
  await expect(page.getByText("to tell the owner you are interested.")).toBeVisible();

  await register(page, "Keen Visitor", uniqueEmail("keen"));
  await page.goto(listing);
  await page.getByRole("button", { name: "I'm interested" }).click();
  await expect(page.getByText("The owner knows you are interested.")).toBeVisible();
  await page.getByRole("button", { name: "I'm no longer interested" }).click();
  await expect(page.getByRole("button", { name: "I'm interested" })).toBeVisible();
});
