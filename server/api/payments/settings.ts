// Gateway keys: the settings table (set by an admin), else the environment (set by whoever deploys).
// Secret keys are read here only, on the server; web-settings never sends them (PRIVATE_SETTING_KEYS).
import { like, or } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { settings } from "../../db/schema";
import type { GatewaySettings } from "./gateway";

export const GATEWAY_SETTING_KEYS = [
  "stripe_publishable_key",
  "stripe_secret_key",
  "stripe_webhook_secret",
  "paystack_public_key",
  "paystack_secret_key",
  "flutterwave_public_key",
  "flutterwave_secret_key",
  "flutterwave_webhook_hash",
  "paypal_client_id",
  "paypal_secret",
  "paypal_webhook_id",
  /** sandbox (default) or live. */
  "paypal_mode",
  "bank_transfer_status",
  "bank_transfer_details",
] as const;

export async function readGatewaySettings(db: Executor): Promise<GatewaySettings> {
  const rows = await db
    .select()
    .from(settings)
    .where(
      or(
        like(settings.key, "stripe_%"),
        like(settings.key, "paystack_%"),
        like(settings.key, "flutterwave_%"),
        like(settings.key, "paypal_%"),
        like(settings.key, "bank_transfer_%"),
      ),
    );
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const out: GatewaySettings = {};
  for (const key of GATEWAY_SETTING_KEYS) {
    const value = stored.get(key) ?? process.env[key.toUpperCase()];
    if (value !== undefined && value !== null && value !== "")
      out[key] = typeof value === "string" ? value.trim() : String(value);
  }
  return out;
}
