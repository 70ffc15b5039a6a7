import { expect, test } from "../fixtures/test";
import { register, uniqueEmail } from "../fixtures/accounts";

test("a heart keeps a listing in my favourites, and taking it back removes it", async ({
  page,
  javaScriptEnabled,
}) => {
  // A demo listing well down the list (other tests add new listings at the top while this runs).
  const [listing] = (await (await page.request.get("/api/get_property?limit=1&offset=40")).json()).data as {
    slug_id: string;
    title: string;
  }[];
  const { slug_id, title } = listing!;
  // A visitor's heart asks them to sign in first.
  await page.goto(`/properties-details/${slug_id}`);
  await expect(page.getByRole("link", { name: `Sign in to save ${title}` })).toHaveAttribute(
    "href",
    new RegExp(`/login\\?redirectTo=%2Fproperties-details%2F${slug_id}`),
  );

  await register(page, "Heart Keeper", uniqueEmail("heart"));
  await page.goto(`/properties-details/${slug_id}`);
  const save = page.getByRole("button", { name: `Save ${title} to favourites` });
  await expect(save).toHaveAttribute("aria-pressed", "false");
  if (javaScriptEnabled) {
    // With JavaScript the heart turns in place and the page stays where it was.
    const saved = page.waitForResponse(
      (r) => r.url().includes("/user/favourites") && r.request().method() === "POST",
    );
    await save.click();
    await saved;
  } else {
    await save.click();
  }
  await expect(page).toHaveURL(new RegExp(`/properties-details/${slug_id}$`));
  await expect(page.getByRole("button", { name: `Remove ${title} from favourites` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await page.goto("/user/favourites");
  const kept = page
    .locator("article.card")
    .filter({ has: page.locator(`a.card__link[href="/properties-details/${slug_id}"]`) });
  await expect(kept).toHaveCount(1);
  // Taken back from the card on my favourites.
  // With JavaScript the heart posts in the background: the change has landed once it answers.
  const removed = javaScriptEnabled
    ? page.waitForResponse((r) => r.url().includes("/user/favourites") && r.request().method() === "POST")
    : null;
  await kept.getByRole("button", { name: `Remove ${title} from favourites` }).click();
  await removed;
  // The list drops the card once it has reloaded its data (or the page came back without it); only
  // then is a new visit not cut short by that reload.
  await expect(kept).toHaveCount(0);
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

test("an owner is told of new interest in the notifications, and can mark them read", async ({
  page,
  browser,
}, info) => {
  // Both projects run this against the same demo owner: each tenant's name is its own.
  const tenant = `Eager Tenant ${info.project.name} ${Math.random().toString(36).slice(2, 6)}`;
  // A demo owner's listing; someone new says they are interested.
  const owner = "fatima.alsuwaidi@demo.souq.test";
  const listings = (await (await page.request.get("/api/get_property?limit=100")).json()).data as {
    slug_id: string;
    title: string;
    customer: { name: string };
  }[];
  // By name: public answers carry no owner's email (decision 023).
  const mine = listings.find((l) => l.customer.name === "Fatima Al Suwaidi")!;
  await register(page, tenant, uniqueEmail("eager"));
  await page.goto(`/properties-details/${mine.slug_id}`);
  await page.getByRole("button", { name: "I'm interested" }).click();
  await expect(page.getByText("The owner knows you are interested.")).toBeVisible();

  const ownerPage = await (
    await browser.newContext({ javaScriptEnabled: info.project.use.javaScriptEnabled })
  ).newPage();
  await ownerPage.goto("/login");
  await ownerPage.locator("main").getByLabel("Email").fill(owner);
  await ownerPage.locator("main").getByLabel("Password").fill("demo1234");
  await ownerPage.locator("main").getByRole("button", { name: "Sign in" }).click();
  await expect(ownerPage.locator(".site-header").getByText("Fatima Al Suwaidi")).toBeVisible();
  await ownerPage.goto("/user/notifications");
  const note = ownerPage
    .getByRole("listitem")
    .filter({ hasText: `${tenant} is interested in ${mine.title}.` });
  await expect(note).toHaveCount(1);
  await note.getByRole("link", { name: "Someone is interested" }).click();
  await expect(ownerPage).toHaveURL(new RegExp(`/my-property/${mine.slug_id}$`));
  await ownerPage.goto("/user/notifications");
  await ownerPage.getByRole("button", { name: "Mark all as read" }).click();
  await expect(note.getByText("Unread:")).toHaveCount(0);
});
