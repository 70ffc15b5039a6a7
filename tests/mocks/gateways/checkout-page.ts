// Stripe's hosted Checkout page, stood in for the browser tests: where a Checkout Session's `url`
// points in the test server. It shows what is bought and two ways to pay, as Stripe's page offers
// them: a card (paid at once) or a bank debit (the session completes unpaid and settles later).
// Paying does what Stripe does: the session is complete, the signed checkout.session.completed
// event is delivered to the site's webhook, and the browser goes to success_url with
// {CHECKOUT_SESSION_ID} filled in. "Back" is the session's cancel_url. A plain form, so that it
// works with JavaScript off.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { stripeMock } from "./stripe";

/** Under the test server's own address, so that the site's form-action policy ('self') lets the redirect through. */
export const CHECKOUT_PAGE_PATH = "/__stripe-checkout/c/pay";

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

function page(res: ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><main>${body}</main></body></html>`,
  );
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

export function checkoutPage(
  stripe: ReturnType<typeof stripeMock>,
  options: { webhookSecret: string; webhookUrl: string },
) {
  /** Stripe's notification to the site, signed with the endpoint's secret. */
  async function notify(type: Parameters<typeof stripe.webhook>[1], sessionId: string) {
    const delivery = stripe.webhook(options.webhookSecret, type, sessionId);
    const answer = await fetch(options.webhookUrl, {
      method: "POST",
      headers: delivery.headers,
      body: delivery.body,
    }).catch((error: unknown) => ({ ok: false, status: String(error) }));
    // Stripe would deliver it again later; here the test will see the package missing.
    if (!answer.ok)
      console.warn(`Stripe stand-in: ${type} for ${sessionId} was not accepted (${answer.status})`);
  }

  return {
    /** Whether this request is for the stand-in page. */
    handles: (url: string | undefined) => Boolean(url?.startsWith(`${CHECKOUT_PAGE_PATH}/`)),

    async answer(req: IncomingMessage, res: ServerResponse) {
      const id = decodeURIComponent(
        new URL(req.url!, "http://stand-in").pathname.slice(CHECKOUT_PAGE_PATH.length + 1),
      );
      const session = stripe.sessions.get(id);
      if (!session) return page(res, 404, "Not found", "<h1>Something went wrong</h1>");
      if (session.status !== "open")
        return page(res, 410, "Expired", "<h1>This Checkout Session is no longer active</h1>");
      const item = stripe.lineItem(id)!;
      const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;

      if (req.method === "POST") {
        const way = (await formOf(req)).get("way");
        stripe.pay(id, { later: way === "later" });
        await notify("checkout.session.completed", id);
        res.writeHead(303, { location: session.success_url.replace("{CHECKOUT_SESSION_ID}", id) });
        return res.end();
      }
      page(
        res,
        200,
        `${item.name} – Checkout (Stripe test stand-in)`,
        `<h1>${escape(item.name)}</h1>
<p>Amount due: <strong>${escape(amount)}</strong></p>
<form method="post">
<button type="submit" name="way" value="card">Pay ${escape(amount)} by card</button>
<button type="submit" name="way" value="later">Pay by bank debit</button>
</form>
${session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Back</a></p>` : ""}`,
      );
    },
  };
}
