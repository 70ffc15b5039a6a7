import { expect, test } from "../fixtures/test";

test("articles list → article, and FAQs open without JavaScript", async ({ page }) => {
  await page.goto("/articles");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Articles and guides");
  const first = page.locator("article.card").first();
  const title = (await first.locator("h2").textContent())!.trim();
  await first.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  expect(await page.locator("article.article > p").count()).toBeGreaterThan(4);

  await page.goto("/faqs");
  const q = page.locator("details.faq").first();
  await q.locator("summary").click();
  await expect(q.locator("p")).toBeVisible();

  await page.goto("/ar/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("من نحن");
});
