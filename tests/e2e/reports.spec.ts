import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "../fixtures/test";
import { bearerOf, register, signInAsAdmin, uniqueEmail } from "../fixtures/accounts";

/** With JavaScript, wakes React (it hydrates on the first interaction) and waits until it runs the page. */
async function alive(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  await page.mouse.move(5, 5);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

test("reporting a listing: the spec's messages on the form, then it is sent once", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(60_000);
  await page.goto("/properties");
  const listing = (await page.locator("article.card a.card__link").nth(1).getAttribute("href"))!;
  await register(page, "Careful Reader", uniqueEmail("report"));
  await page.goto(listing);
  await alive(page, javaScriptEnabled);
  await page.getByText("Report this listing").click();
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Please select a reason first")).toBeVisible();
  await page.getByLabel("Something else").check();
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Please write your reason")).toBeVisible();
  // What was chosen is still chosen.
  await expect(page.getByLabel("Something else")).toBeChecked();
  await page.getByLabel("In your words").fill("The photos are of a different building.");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("You reported this listing.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send report" })).toHaveCount(0);
});

test("the people I blocked, and unblocking them", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(60_000);
  await register(page, "Quiet Person", uniqueEmail("blocker"));
  const headers = await bearerOf(page);
  // Someone to block: the owner of a listing, found through the public API.
  const owner = (await (await page.request.get("/api/get_property?limit=1")).json()).data[0].customer;
  expect(
    (
      await page.request.post("/api/block-user", {
        headers,
        data: { to_user_id: owner.id, reason: "Too many calls" },
      })
    ).status(),
  ).toBe(200);
  expect((await page.request.post("/api/block-user", { headers, data: { to_admin: true } })).status()).toBe(
    200,
  );

  await page.goto("/user/blocked");
  await alive(page, javaScriptEnabled);
  await expect(page.getByText(owner.name, { exact: true })).toBeVisible();
  await expect(page.getByText("Too many calls")).toBeVisible();
  await page.getByRole("button", { name: `Unblock ${owner.name}` }).click();
  await expect(page.getByText(owner.name, { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Unblock The marketplace team" }).click();
  await expect(page.getByText("You have not blocked anyone.")).toBeVisible();
});

/** A person with a public profile (an owner of listings), through the public API. */
async function somePerson(page: Page, offset: number) {
  const res = await page.request.get(`/api/get_property?limit=1&offset=${offset}`);
  const [p] = (await res.json()).data;
  return { id: p.customer.id as number, name: p.customer.name as string, propertyId: p.id as number };
}

/**
 * Where the report and block forms are: with JavaScript a dialog over the page; without, the report
 * page the link leads to.
 */
async function openReport(page: Page, javaScriptEnabled: boolean, name: string, label = "Report or block") {
  // React arrives with the first interaction; before that the link is a plain link to the page.
  await alive(page, javaScriptEnabled);
  await page.getByRole("link", { name: `${label} ${name}` }).click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    return dialog;
  }
  await expect(page).toHaveURL(/\/user\/report\?to_user_id=\d+/);
  return page.locator("main");
}

test("reporting a person from their profile: the spec's messages on the form, sent once, then blocking", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(60_000);
  const person = await somePerson(page, javaScriptEnabled ? 2 : 5);
  await register(page, "Wary Visitor", uniqueEmail("report-person"));
  await page.goto(`/agents/${person.id}`);
  const panel = await openReport(page, javaScriptEnabled, person.name);

  await panel.getByRole("button", { name: "Send report" }).click();
  await expect(panel.getByText("Please select a reason first")).toBeVisible();
  await panel.getByLabel("Something else").check();
  await panel.getByRole("button", { name: "Send report" }).click();
  await expect(panel.getByText("Please write your reason")).toBeVisible();
  await expect(panel.getByLabel("Something else")).toBeChecked();
  // A person's reasons, not a listing's.
  await expect(panel.getByLabel("Harassment or threats")).toBeVisible();
  await expect(panel.getByLabel("Wrong price, photos or details")).toHaveCount(0);
  await panel.getByLabel("In your words").fill("Asked for a deposit before any viewing.");
  await panel.getByRole("button", { name: "Send report" }).click();
  await expect(panel.getByText("You reported this person.")).toBeVisible();
  await expect(panel.getByRole("button", { name: "Send report" })).toHaveCount(0);

  await panel.getByLabel("Why (optional)").fill("Too many calls");
  await panel.getByRole("button", { name: `Block ${person.name}` }).click();
  await expect(panel.getByText(`You have blocked ${person.name}.`)).toBeVisible();
  await page.goto("/user/blocked");
  await expect(page.getByText("Too many calls")).toBeVisible();
  await page.getByRole("button", { name: `Unblock ${person.name}` }).click();
  await expect(page.getByText("You have not blocked anyone.")).toBeVisible();
});

test("reporting a person from a conversation; the admin finds the report with a link to the person and dismisses it", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const person = await somePerson(page, javaScriptEnabled ? 6 : 7);
  const reporter = `Chat Reporter ${Date.now().toString(36)}`;
  await register(page, reporter, uniqueEmail("report-chat"));
  const sent = await page.request.post("/api/send_message", {
    headers: await bearerOf(page),
    data: { receiver_id: person.id, property_id: person.propertyId, message: "Is it still available?" },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const conversation = `/user/chat?user_id=${person.id}&property_id=${person.propertyId}`;
  await page.goto(conversation);
  const panel = await openReport(page, javaScriptEnabled, person.name);
  await panel.getByLabel("Spam or unwanted messages").check();
  await panel.getByRole("button", { name: "Send report" }).click();
  await expect(panel.getByText("You reported this person.")).toBeVisible();
  if (javaScriptEnabled) {
    // The conversation is still there behind the dialog.
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.locator(".conversation__messages").getByText("Is it still available?")).toBeVisible();
  } else {
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname + url.search === conversation);
    await expect(page.locator(".conversation__messages").getByText("Is it still available?")).toBeVisible();
  }

  const admin = await browser.newContext({ javaScriptEnabled });
  const ap = await admin.newPage();
  await signInAsAdmin(ap, `/admin/reports?target=user&search=${encodeURIComponent(reporter)}`);
  const row = ap.getByRole("row", { name: new RegExp(reporter) });
  await expect(row.getByText("Spam or unwanted messages")).toBeVisible();
  await expect(row.getByText("Person", { exact: true })).toBeVisible();
  // The person's public page, and their account in the console.
  await expect(row.getByRole("link", { name: person.name }).first()).toHaveAttribute(
    "href",
    new RegExp(`/agents/${person.id}-`),
  );
  await expect(row.getByRole("link", { name: person.name }).nth(1)).toHaveAttribute(
    "href",
    `/admin/users/${person.id}`,
  );
  await expect(row.locator("summary", { hasText: "Deactivate the person" })).toBeVisible();
  await row.getByRole("button", { name: /^Dismiss/ }).click();
  await expect(ap.getByText("No reports wait for a decision.")).toBeVisible();
  await admin.close();
});

test("in Arabic: a person is reported from their profile with the messages in Arabic", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(60_000);
  const person = await somePerson(page, javaScriptEnabled ? 8 : 9);
  await register(page, "Arabic Reader", uniqueEmail("report-ar"));
  await page.goto(`/ar/agents/${person.id}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const panel = await openReport(page, javaScriptEnabled, person.name, "إبلاغ أو حظر");
  await panel.getByRole("button", { name: "إرسال البلاغ" }).click();
  await expect(panel.getByText("يرجى اختيار سبب أولاً")).toBeVisible();
  await panel.getByLabel("سبب آخر").check();
  await panel.getByRole("button", { name: "إرسال البلاغ" }).click();
  await expect(panel.getByText("يرجى كتابة السبب")).toBeVisible();
  await panel.getByLabel("مضايقة أو تهديد").check();
  await panel.getByRole("button", { name: "إرسال البلاغ" }).click();
  await expect(panel.getByText("لقد أبلغت عن هذا الشخص.")).toBeVisible();
});

test("the report form shows it is being sent and cannot be sent twice", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(
    !javaScriptEnabled,
    "without JavaScript the browser sends the form; the server refuses a second report",
  );
  const person = await somePerson(page, 10);
  await register(page, "Double Clicker", uniqueEmail("report-twice"));
  await page.goto(`/agents/${person.id}`);
  const panel = await openReport(page, true, person.name);
  // The report is held on its way until the button has been looked at (and pressed again).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let posts = 0;
  await page.route(/\/user\/report/, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    if (/name="intent"[^]*report|intent=report/.test(route.request().postData() ?? "")) posts++;
    await held;
    await route.continue();
  });
  await panel.getByLabel("Harassment or threats").check();
  const send = panel.getByRole("button", { name: "Send report" });
  await send.click();
  const sending = panel.getByRole("button", { name: "Sending…" });
  await expect(sending).toHaveAttribute("aria-disabled", "true");
  await sending.click({ force: true });
  release();
  await expect(panel.getByText("You reported this person.")).toBeVisible();
  expect(posts).toBe(1);
  // Sent once: the API has one report of this person from this reporter (a second would be refused).
  const status = await page.request.get(`/api/get-report-status?to_user_id=${person.id}`, {
    headers: await bearerOf(page),
  });
  expect((await status.json()).data.reported).toBe(true);
});

/** Serious and critical accessibility violations inside `selector`, in the light scheme and the dark one. */
async function violations(page: Page, selector: string) {
  const found: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await new AxeBuilder({ page }).include(selector).analyze();
    for (const v of results.violations)
      if (v.impact === "serious" || v.impact === "critical")
        found.push(`${colorScheme} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }
  await page.emulateMedia({ colorScheme: "light" });
  return found;
}

test("reporting a person passes the accessibility scan, light and dark, with a refusal on the form", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "axe runs in the page");
  test.setTimeout(90_000);
  const person = await somePerson(page, 11);
  await register(page, "Careful Scanner", uniqueEmail("report-a11y"));
  // The dialog over the profile…
  await page.goto(`/agents/${person.id}`);
  const dialog = await openReport(page, true, person.name);
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByText("Please select a reason first")).toBeVisible();
  expect(await violations(page, "dialog")).toEqual([]);
  // …and the page the same link leads to before React is there (or without JavaScript).
  await page.goto(`/user/report?to_user_id=${person.id}`);
  await alive(page, true);
  await page.locator("main").getByRole("button", { name: "Send report" }).click();
  await expect(page.locator("main").getByText("Please select a reason first")).toBeVisible();
  expect(await violations(page, "main")).toEqual([]);
});

test("the team is reported and blocked from the notifications page, where its notices arrive", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(60_000);
  await register(page, "Tired Of Notices", uniqueEmail("report-team"));
  await page.goto("/user/notifications");
  await alive(page, javaScriptEnabled);
  await page.getByRole("link", { name: "Report or block The marketplace team" }).click();
  let panel = page.locator("main");
  if (javaScriptEnabled) {
    panel = page.getByRole("dialog");
    await expect(panel).toBeVisible();
  } else {
    await expect(page).toHaveURL(/\/user\/report\?to_admin=1/);
  }
  await panel.getByRole("button", { name: "Send report" }).click();
  await expect(panel.getByText("Please select a reason first")).toBeVisible();
  await panel.getByLabel("Something else").check();
  await panel.getByLabel("In your words").fill("Too many offers in a day.");
  await panel.getByRole("button", { name: "Send report" }).click();
  await expect(panel.getByText("You reported the marketplace team.")).toBeVisible();
  await panel.getByRole("button", { name: "Block The marketplace team" }).click();
  await expect(panel.getByText("You have blocked The marketplace team.")).toBeVisible();
  await page.goto("/user/blocked");
  await page.getByRole("button", { name: "Unblock The marketplace team" }).click();
  await expect(page.getByText("You have not blocked anyone.")).toBeVisible();
});
