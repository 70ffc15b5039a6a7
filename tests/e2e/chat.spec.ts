import { expect, test, type Browser, type Page } from "../fixtures/test";
import { bearerOf, jpeg, register, uniqueEmail } from "../fixtures/accounts";

/** A listing and its owner, through the public API (any listing will do: its owner gets the message). */
async function someListing(page: Page, offset: number) {
  const res = await page.request.get(`/api/get_property?limit=1&offset=${offset}`);
  const [p] = (await res.json()).data;
  return {
    slug: p.slug_id as string,
    owner: p.customer.name as string,
    ownerType: p.customer.type as string,
  };
}

test("asking an owner from the listing page: the spec's message, text, a photo, deleting, blocking and unblocking", async ({
  page,
}, info) => {
  test.setTimeout(60_000);
  const listing = await someListing(page, info.project.name === "js" ? 3 : 4);
  await register(page, "Curious Buyer", uniqueEmail("chat"));
  await page.goto(`/properties-details/${listing.slug}`);
  await page
    .getByRole("link", { name: listing.ownerType === "agent" ? "Message the agent" : "Message the owner" })
    .click();
  await expect(page).toHaveURL(/\/user\/chat\?user_id=\d+&property_id=\d+/);
  const conversation = page.locator("article.conversation");
  await expect(conversation.getByRole("heading", { name: listing.owner })).toBeVisible();
  await expect(conversation.getByText(`Ask ${listing.owner} about this property.`)).toBeVisible();

  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Please enter a message before sending")).toBeVisible();

  const text = `Is the price negotiable? ${Date.now()}`;
  await page.getByLabel("Message", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(conversation.locator(".bubble--mine").getByText(text)).toBeVisible();
  // The box is empty again for the next message.
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");

  await page
    .getByLabel("Attach a photo or PDF")
    .setInputFiles({ name: "balcony.jpg", mimeType: "image/jpeg", buffer: await jpeg(200) });
  await page.getByRole("button", { name: "Send" }).click();
  const photo = conversation.locator(".bubble--mine img");
  await expect(photo).toBeVisible();
  // The photo is served to the people of the conversation only, through the session.
  const src = (await photo.getAttribute("src"))!;
  expect((await page.request.get(src)).headers()["content-type"]).toBe("image/webp");

  if (info.project.name === "no-js") {
    // Without JavaScript a voice message is a file (a phone offers to record one).
    const webm = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01]);
    await page
      .getByLabel("Voice message")
      .setInputFiles({ name: "voice.webm", mimeType: "audio/webm", buffer: webm });
    await page.getByRole("button", { name: "Send" }).click();
    await expect(conversation.locator(".bubble--mine audio")).toHaveCount(1);
  }

  // The conversation is listed with the owner's name.
  await expect(page.locator(".chat-list").getByText(listing.owner).first()).toBeAttached();

  page.on("dialog", (d) => void d.accept());
  await conversation
    .locator(".bubble--mine")
    .filter({ hasText: text })
    .getByRole("button", { name: "Delete this message" })
    .click();
  await expect(conversation.getByText(text)).toHaveCount(0);
  await expect(conversation.getByText("Message deleted")).toBeVisible();

  await conversation.getByRole("button", { name: `Block ${listing.owner}` }).click();
  await expect(page.getByText("You have blocked this person. Unblock them to send messages.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send" })).toHaveCount(0);
  await conversation.getByRole("button", { name: `Unblock ${listing.owner}` }).click();
  await expect(page.getByRole("button", { name: "Send" })).toBeVisible();
});

async function signIn(browser: Browser, email: string) {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await page.goto("/login?redirectTo=%2Fuser%2Fchat");
  const main = page.locator("main");
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Password").fill("demo1234");
  await main.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/user\/chat$/);
  return page;
}

test("two people chat live: messages and 'Seen' arrive without reloading", async ({
  browser,
  page: buyer,
}, info) => {
  test.skip(info.project.name !== "js", "live updates need JavaScript");
  test.setTimeout(90_000);
  // A demo owner no other test signs in as.
  const owner = await signIn(browser, "hind.alnuaimi@demo.souq.test");
  const ownerId = (
    await (await owner.request.get("/api/get-profile", { headers: await bearerOf(owner) })).json()
  ).data.id;
  const [listing] = (await (await owner.request.get(`/api/get_property?userid=${ownerId}&limit=1`)).json())
    .data;
  await owner.evaluate(() => ((window as unknown as { unreloaded: boolean }).unreloaded = true));

  await register(buyer, "Live Buyer", uniqueEmail("live"));
  await buyer.goto(`/properties-details/${listing.slug_id}`);
  await buyer.getByRole("link", { name: "Message the owner" }).click();
  await expect(
    buyer.locator("article.conversation").getByRole("heading", { name: "Hind Al Nuaimi" }),
  ).toBeVisible();
  // Enter sends once the page's script runs (before that, Enter is a new line and Send a plain form post).
  await expect(buyer.locator("html[data-hydrated]")).toHaveCount(1);
  await buyer.evaluate(() => ((window as unknown as { unreloaded: boolean }).unreloaded = true));
  const question = `Can I visit tomorrow? ${Date.now()}`;
  await buyer.getByLabel("Message", { exact: true }).fill(question);
  await buyer.getByLabel("Message", { exact: true }).press("Enter");
  await expect(buyer.locator(".bubble--mine").getByText(question)).toBeVisible();

  // The owner's open page learns of it: the conversation appears, unread.
  const item = owner.locator(".chat-list__item").filter({ hasText: "Live Buyer" }).first();
  await expect(item.getByText(question)).toBeVisible();
  await expect(item.locator(".badge")).toHaveText("1");
  await item.click();
  await expect(owner.locator("article.conversation").getByText(question)).toBeVisible();
  const answer = `Yes, at ten. ${Date.now()}`;
  await owner.getByLabel("Message", { exact: true }).fill(answer);
  await owner.getByRole("button", { name: "Send" }).click();

  await expect(buyer.locator(".bubble:not(.bubble--mine)").getByText(answer)).toBeVisible();
  await expect(buyer.locator(".bubble--mine").filter({ hasText: question }).getByText("Seen")).toBeVisible();
  expect(await buyer.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded)).toBe(true);
  expect(await owner.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded)).toBe(true);

  // The owner blocks the buyer: the buyer's page says so, and a message sent anyway is refused.
  await owner.locator("article.conversation").getByRole("button", { name: "Block Live Buyer" }).click();
  await expect(owner.getByText("You have blocked this person. Unblock them to send messages.")).toBeVisible();
  await buyer.reload();
  await expect(buyer.getByText("You cannot send messages to this person.")).toBeVisible();
  await expect(buyer.getByRole("button", { name: "Send" })).toHaveCount(0);
  const refused = await buyer.request.post("/api/send_message", {
    headers: await bearerOf(buyer),
    data: { receiver_id: ownerId, property_id: listing.id, message: "Please answer" },
  });
  expect(refused.status()).toBe(403);
  // Blocking said so in a toast where the pointer rests (on Block), and a toast under the pointer stays
  // open: the pointer moves away, as a person's would, and the toast goes before Unblock beneath it is reached.
  await owner.mouse.move(0, 0);
  await expect(owner.locator("[data-rht-toaster] [role=status]")).toHaveCount(0, { timeout: 15_000 });
  await owner.locator("article.conversation").getByRole("button", { name: "Unblock Live Buyer" }).click();
  await expect(owner.getByRole("button", { name: "Send" })).toBeVisible();
  await owner.context().close();
});

test("a voice message recorded in the browser, and the spec's message when the microphone is not allowed", async ({
  page,
  context,
  baseURL,
}, info) => {
  test.skip(
    info.project.name !== "js",
    "recording needs JavaScript (without it the voice message is a file)",
  );
  test.setTimeout(60_000);
  const listing = await someListing(page, 6);
  await register(page, "Voice Sender", uniqueEmail("voice"));
  await page.goto(`/properties-details/${listing.slug}`);
  await page.getByRole("link", { name: /Message the (owner|agent)/ }).click();
  await page.getByRole("button", { name: "Record a voice message" }).click();
  await expect(page.locator(".recorder").getByText("Permission is not allow for Microphone.")).toBeVisible();

  await context.grantPermissions(["microphone"], { origin: baseURL });
  await page.getByRole("button", { name: "Record a voice message" }).click();
  await page.waitForTimeout(1500);
  await page.getByRole("button", { name: "Stop recording" }).click();
  await expect(page.getByLabel("Your voice message")).toBeVisible();
  await page.getByRole("button", { name: "Send" }).click();
  const voice = page.locator(".bubble--mine audio");
  await expect(voice).toBeVisible();
  const res = await page.request.get((await voice.getAttribute("src"))!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^audio\//);
  // A real recording in a container the server recognised (WebM from Chromium's MediaRecorder).
  expect([...(await res.body()).subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  // The recorder is ready for the next one.
  await expect(page.getByRole("button", { name: "Record a voice message" })).toBeVisible();
});
