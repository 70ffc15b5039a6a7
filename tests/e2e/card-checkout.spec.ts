// A card paid without JavaScript: the checkout form goes to Stripe's hosted Checkout page (its
// stand-in in the test server, tests/mocks/gateways/checkout-page.ts), which sends the signed
// webhook and the person back; our page tells what our own transaction says (decision 050).
// With JavaScript the card is paid on our page instead: packages.spec.ts.
import { expect, test, type Page } from "../fixtures/test";
import { bearerOf, register, uniqueEmail } from "../fixtures/accounts";
import { stripeCheckoutEvent } from "../fixtures/payments";

test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "with JavaScript the card form is on our page");

async function agentPackageId(page: Page) {
  const body = await (await page.request.get("/api/get-package")).json();
  return (body.data.packages as { id: number; name: string }[]).find((p) => p.name === "Agent")!.id;
}

/** The signed-in person's newest transaction, as the API tells its owner. */
async function newestTransaction(page: Page) {
  const res = await page.request.get("/api/get_payment_details?limit=1", { headers: await bearerOf(page) });
  return (await res.json()).data[0] as { id: number; order_id: string; amount_minor: number; status: string };
}

test("a package bought by card on Stripe's page: the address it comes back with proves nothing, the webhook gives the package", async ({
  page,
}) => {
  await register(page, "Hosted Payer", uniqueEmail("hosted"));
  await page.goto(`/user/checkout/${await agentPackageId(page)}`);
  await page.getByLabel("Card (Stripe)").check();
  await page.getByRole("button", { name: "Continue to payment" }).click();

  // Stripe's page: what is bought, for how much.
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_\w+$/);
  await expect(page.getByRole("heading", { name: "Agent" })).toBeVisible();
  await expect(page.getByText("199.00 AED", { exact: true })).toBeVisible();
  const stripePage = page.url();

  // Coming back by hand with a made-up session id: still unpaid, and the way back to Stripe's page.
  const tx = await newestTransaction(page);
  expect(tx.status).toBe("pending");
  await page.goto(`/user/payments/${tx.id}?session_id=cs_test_forged`);
  await expect(page.getByText("Pending", { exact: true })).toBeVisible();
  await expect(page.getByText("This payment is not finished.")).toBeVisible();
  await expect(page.getByText("Payment successful. Your package is active.")).toHaveCount(0);
  await page.getByRole("link", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(stripePage);

  await page.getByRole("button", { name: "Pay 199.00 AED by card" }).click();
  await expect(page).toHaveURL(new RegExp(`/user/payments/${tx.id}\\?session_id=cs_test_\\w+$`));
  await expect(page.getByText("Payment successful. Your package is active.")).toBeVisible();
  await page.getByRole("link", { name: "My subscriptions" }).click();
  const agent = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Agent", exact: true }) });
  await expect(agent).toHaveCount(1);
  await expect(agent).toContainText("0 of 25 used");
  await page.goto("/user/transactions");
  const row = page.getByRole("row").filter({ hasText: "Agent" });
  await expect(row).toContainText("Card (Stripe)");
  await expect(row).toContainText("Success");
});

test("in Arabic: a bank debit on Stripe's page waits for Stripe's word, then the package is given", async ({
  page,
}) => {
  await register(page, "Debit Payer", uniqueEmail("debit"));
  await page.goto(`/ar/user/checkout/${await agentPackageId(page)}`);
  await page.getByLabel("بطاقة (Stripe)").check();
  await page.getByRole("button", { name: "متابعة إلى الدفع" }).click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_\w+$/);
  const sessionId = page.url().split("/").pop()!;
  await page.getByRole("button", { name: "Pay by bank debit" }).click();

  // Back on the Arabic page: Stripe says the checkout is complete, but no money yet.
  const tx = await newestTransaction(page);
  await expect(page).toHaveURL(new RegExp(`/ar/user/payments/${tx.id}\\?session_id=${sessionId}$`));
  await expect(page.getByText("بانتظار تأكيد الدفع.")).toBeVisible();
  await expect(page.getByText("تم الدفع بنجاح. باقتك مفعّلة الآن.")).toHaveCount(0);

  // The debit clears: Stripe's signed event, delivered twice, gives one package.
  const hook = stripeCheckoutEvent("checkout.session.async_payment_succeeded", {
    id: sessionId,
    amount: tx.amount_minor,
    currency: "aed",
    order_id: tx.order_id,
  });
  expect((await (await page.request.post("/api/webhooks/stripe", hook)).json()).message).toBe("applied");
  expect((await (await page.request.post("/api/webhooks/stripe", hook)).json()).message).toBe("repeat");
  await page.reload();
  await expect(page.getByText("تم الدفع بنجاح. باقتك مفعّلة الآن.")).toBeVisible();
  await page.goto("/ar/user/subscriptions");
  await expect(page.getByText("تم استخدام 0 من 25").first()).toBeVisible();
});

test("giving up on Stripe's page comes back to a cancelled payment", async ({ page }) => {
  await register(page, "Second Thoughts", uniqueEmail("cancel"));
  await page.goto(`/user/checkout/${await agentPackageId(page)}`);
  await page.getByLabel("Card (Stripe)").check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/user\/payments\/\d+$/);
  await expect(page.getByText("Payment canceled. Please try again later.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Try again" })).toBeVisible();
});
