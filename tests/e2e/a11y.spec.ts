import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../fixtures/test";
import { register, uniqueEmail } from "../fixtures/accounts";

// Every public page in English, and in Arabic the pages whose layouts the others share (the
// markup is the same in both languages; what differs is direction and text, which these cover):
// no serious or critical accessibility violations. Each scan costs seconds, so the list is chosen.
const PAGES = [
  "/",
  "/properties",
  "/properties?property_type=rent&min_beds=2",
  "/agents",
  "/projects",
  "/projects?type=upcoming",
  "/project-details/azure-marina-residences",
  "/developers",
  "/articles",
  "/faqs",
  "/contact",
  "/register",
  "/login",
  "/mortgage-calculator",
  "/area-converter",
];
const ARABIC_PAGES = [
  "/",
  "/properties",
  "/project-details/azure-marina-residences",
  "/articles",
  "/register",
  "/mortgage-calculator",
];

for (const [lang, pages] of [
  ["", PAGES],
  ["/ar", ARABIC_PAGES],
] as const) {
  for (const path of pages) {
    test(`no serious accessibility violations on ${lang || "/en"}${path}`, async ({
      page,
      javaScriptEnabled,
    }) => {
      test.skip(!javaScriptEnabled, "axe runs in the page; once per page is enough");
      await page.goto(lang + (path === "/" && lang ? "" : path));
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(
        serious.map(
          (v) =>
            `${v.id}: ${v.nodes
              .map((n) => n.target.join(" "))
              .slice(0, 3)
              .join(", ")}`,
        ),
      ).toEqual([]);
    });
  }
}

test("a listing page has no serious accessibility violations", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe runs in the page");
  await page.goto("/properties");
  await page.locator("article.card a").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
  ).toEqual([]);
});

// The signed-in pages, in both languages, for a new account.
test("the account pages have no serious accessibility violations", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe runs in the page");
  test.setTimeout(90_000);
  await register(page, "Axe Checker", uniqueEmail("axe"));
  const pages = [
    "/user/profile",
    "/user/dashboard",
    "/user/properties",
    "/user/projects",
    "/user/add-property",
    "/user/add-project",
    "/subscription-plan",
    "/for-you",
    "/user/preferences",
    "/user/saved-places",
  ];
  // In Arabic, the two form-heavy pages (the rest share their parts).
  for (const [lang, paths] of [
    ["", pages],
    ["/ar", ["/user/profile", "/user/add-property", "/for-you", "/user/preferences", "/user/saved-places"]],
  ] as const) {
    for (const path of paths) {
      await page.goto(lang + path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
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
