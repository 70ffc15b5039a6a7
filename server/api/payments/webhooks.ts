// Gateways' signed notifications: POST /api/webhooks/{stripe|paystack|flutterwave|paypal}.
// The raw body is read as text, because the signature is over the exact bytes sent.
import type { Hono } from "hono";
import type { ApiDeps } from "../context";
import { GATEWAY_TYPES, WebhookBodyError, WebhookSignatureError, type GatewayType } from "./gateway";
import { GATEWAYS } from "./gateways";
import { readGatewaySettings } from "./settings";
import { applyWebhook } from "./transactions";
import { logger } from "../../observability/log";

export function mountWebhooks(app: Hono, deps: ApiDeps) {
  app.post("/webhooks/:gateway", async (c) => {
    const name = c.req.param("gateway") as GatewayType;
    const gateway = GATEWAY_TYPES.includes(name) ? GATEWAYS[name] : undefined;
    const settings = await readGatewaySettings(deps.db);
    if (!gateway || !gateway.enabled(settings))
      return c.json({ error: true, message: "Unknown payment gateway", data: null }, 404);
    const raw = await c.req.text();
    let event;
    try {
      event = await gateway.webhook(settings, raw, c.req.raw.headers);
    } catch (error) {
      if (error instanceof WebhookSignatureError)
        return c.json({ error: true, message: "Invalid signature", data: null }, 400);
      // Signed but unreadable: refused and logged rather than failed with 500, which would only
      // make the gateway send it again forever.
      if (error instanceof WebhookBodyError) {
        logger().warn({ gateway: name, reason: error.message }, "A webhook could not be read");
        return c.json({ error: true, message: "Unreadable notification", data: null }, 400);
      }
      throw error; // anything else (the gateway was unreachable while checking): 500, and it is delivered again later
    }
    const result = await applyWebhook(deps.db, name, event);
    return c.json({ error: false, message: result, data: null });
  });
}
