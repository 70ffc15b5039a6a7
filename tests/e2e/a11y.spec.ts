import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "../fixtures/test";
import { register, uniqueEmail } from "../fixtures/accounts";

// The rules whose answer depends on colours: all a dark page can change (decision 049).
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * The serious and critical violations on the page as it is, in the light scheme (every rule) and
 * then in the dark one: the same page, its media switched, scanned again for the colour rules only
 * (nothing else differs between the two, and a second load would cost a navigation per page).
 */
async function violations(page: Page, where = ""): Promise<string[]> {
  const serious = (scheme: string, results: Awaited<ReturnType<AxeBuilder["analyze"]>>) =>
    results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map(
        (v) =>
          `${where}${scheme} ${v.id}: ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(", ")}`,
      );
  const found = serious("light", await new AxeBuilder({ page }).analyze());
  await page.emulateMedia({ colorScheme: "dark" });
  try {
    // Legacy mode: the results are put together in the page itself, not in a blank page opened for
    // it (a second of each scan). It skips frames from other sites, which the page's scheme does not
    // colour anyway.
    const dark = new AxeBuilder({ page }).withRules(COLOUR_RULES).setLegacyMode();
    found.push(...serious("dark", await dark.analyze()));
  } finally {
    await page.emulateMedia({ colorScheme: "light" });
  }
  return found;
}

// Every public page in English, and in Arabic the pages whose layouts the others share (the
// markup is the same in both languages; what differs is direction and text, which these cover):
// no serious or critical accessibility violations, in the light scheme and the dark one. Each
// scan costs seconds, so the list is chosen.
const PAGES = [
  "/",
  "/properties",
  "/properties?property_type=rent&min_beds=2",
  "/agents",
  "/projects",
  "/projects?type=upcoming",
  "/project-details/azure-marina-residences",
  "/project-details/azure-marina-residences/print",
  "/developers",
  "/articles",
  "/faqs",
  "/contact",
  "/register",
  "/login",
  "/mortgage-calculator",
  "/area-converter",
  "/offline",
];
const ARABIC_PAGES = [
  "/",
  "/properties",
  "/project-details/azure-marina-residences",
  "/project-details/azure-marina-residences/print",
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
      // Two scans (light, then dark): a heavy page on a busy machine needs more than the default.
      test.setTimeout(60_000);
      await page.goto(lang + (path === "/" && lang ? "" : path));
      expect(await violations(page)).toEqual([]);
    });
  }
}

test("a listing page has no serious accessibility violations", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe runs in the page");
  test.setTimeout(60_000);
  await page.goto("/properties");
  await page.locator("article.card a").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

// The signed-in pages, in both languages, for a new account.
test("the account pages have no serious accessibility violations", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe runs in the page");
  test.setTimeout(180_000);
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
      expect(await violations(page, `${lang}${path} `)).toEqual([]);
    }
  }
});
