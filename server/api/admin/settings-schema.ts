// What `admin/save-settings` accepts; the console's settings form checks the same schema in the
// browser. Every field is optional: a key left out keeps its value, so a form (or a script) may
// save only what it changes. Secrets are never sent back, so their inputs start empty: empty keeps
// the stored secret, a value replaces it, and naming the key in `clear` removes it.
import { z } from "zod";
import { SECRET_SETTING_KEYS } from "../settings/contract";
import { dialogEmail } from "../contract/dialog-input";

export { SECRET_SETTING_KEYS };
export type SecretKey = (typeof SECRET_SETTING_KEYS)[number];

/** Gateway keys a browser may see (they are meant to be public), shown and edited as they are. */
export const PUBLIC_GATEWAY_KEYS = [
  "stripe_publishable_key",
  "paystack_public_key",
  "flutterwave_public_key",
  "paypal_client_id",
] as const;
export type PublicGatewayKey = (typeof PUBLIC_GATEWAY_KEYS)[number];

/** On/off settings (a form sends "1"/"0"; JSON may send booleans). */
export const SWITCH_KEYS = [
  "number_with_suffix",
  "verification_required_for_user",
  "auto_approve",
  "demo_mode",
  "starter_package",
  "bank_transfer_status",
] as const;
export type SwitchKey = (typeof SWITCH_KEYS)[number];

/** Text settings that may be emptied (they have no meaning that must always be there). */
export const CLEARABLE_KEYS = [
  ...PUBLIC_GATEWAY_KEYS,
  "bank_transfer_details",
  "company_tel1",
  "company_address",
] as const;

/** Keys `clear` may name: a secret, or an emptied optional text. */
export const CLEARABLE_SETTING_KEYS = [...SECRET_SETTING_KEYS, ...CLEARABLE_KEYS] as const;

export const MESSAGES = {
  companyName: "Company name is required",
  currencyCode: "Choose a currency code such as AED or USD",
  currencySymbol: "Currency symbol is required",
  colour: "The colour must look like #0f766e",
  key: "Keys have no spaces",
  bankDetails: "Bank details are required when bank transfer is on",
  language: "Choose a language that is switched on",
} as const;

/** ISO 4217 codes this runtime knows (and so can format prices in). */
export const CURRENCY_CODES: readonly string[] = Intl.supportedValuesOf("currency");

const flag = z.preprocess(
  (v) =>
    v === "" || v === undefined || v === null
      ? undefined
      : v === true || v === 1 || v === "1" || v === "true" || v === "on",
  z.boolean().optional(),
);
/** "" or null removes the stored value; left out keeps it. */
const clearable = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === "" ? null : v));
const gatewayKey = z
  .string()
  .trim()
  .max(300, "at most 300 characters")
  .refine((v) => !/\s/.test(v), MESSAGES.key)
  .nullable()
  .optional()
  .transform((v) => (v === "" ? null : v));
/** A new secret; empty means "keep the stored one". */
const secret = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z
    .string()
    .trim()
    .max(500, "at most 500 characters")
    .refine((v) => !/\s/.test(v), MESSAGES.key)
    .optional(),
);
const emptyFileIsNone = (v: unknown) => ((v instanceof File && v.size === 0) || v === "" ? undefined : v);

export const saveSettingsSchema = z.object({
  company_name: z.string().trim().min(1, MESSAGES.companyName).max(120, "at most 120 characters").optional(),
  /** The site's contact address: typed into the console, so the spec's dialog message (§5). */
  company_email: dialogEmail().optional(),
  company_tel1: clearable(40),
  company_address: clearable(300),
  currency_code: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => CURRENCY_CODES.includes(v), MESSAGES.currencyCode)
    .optional(),
  currency_symbol: z
    .string()
    .trim()
    .min(1, MESSAGES.currencySymbol)
    .max(8, "at most 8 characters")
    .optional(),
  number_with_suffix: flag,
  verification_required_for_user: flag,
  auto_approve: flag,
  demo_mode: flag,
  starter_package: flag,
  default_language: z
    .string()
    .trim()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, MESSAGES.language)
    .optional(),
  svg_clr: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, MESSAGES.colour)
    .transform((v) => v.toLowerCase())
    .optional(),
  /** A new placeholder image (JPEG or PNG); an empty file input keeps the current one. */
  web_placeholder_logo: z.preprocess(emptyFileIsNone, z.file().optional()),
  /** Back to the site's own placeholder. */
  reset_placeholder_logo: flag,
  stripe_publishable_key: gatewayKey,
  paystack_public_key: gatewayKey,
  flutterwave_public_key: gatewayKey,
  paypal_client_id: gatewayKey,
  stripe_secret_key: secret,
  stripe_webhook_secret: secret,
  paystack_secret_key: secret,
  flutterwave_secret_key: secret,
  flutterwave_webhook_hash: secret,
  paypal_secret: secret,
  paypal_webhook_id: secret,
  paypal_mode: z.enum(["sandbox", "live"], "Choose sandbox or live").optional(),
  bank_transfer_status: flag,
  bank_transfer_details: clearable(2000),
  /** Stored values to remove (a secret's "clear" box; an optional text emptied in a form sent with a file). */
  clear: z.preprocess(
    (v) => (v === undefined || v === "" ? undefined : Array.isArray(v) ? v : [v]),
    z.array(z.enum(CLEARABLE_SETTING_KEYS)).max(20).optional(),
  ),
});

export type SaveSettingsInput = z.output<typeof saveSettingsSchema>;

/**
 * The console's settings form: the whole form is sent, so what every site must have is required
 * (a form sends an emptied field as nothing at all, which the API would read as "keep").
 */
export const settingsFormSchema = saveSettingsSchema.extend({
  company_name: z
    .string({ error: MESSAGES.companyName })
    .trim()
    .min(1, MESSAGES.companyName)
    .max(120, "at most 120 characters"),
  company_email: z.string({ error: "Email is required" }).pipe(dialogEmail()),
  currency_code: z
    .string({ error: MESSAGES.currencyCode })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => CURRENCY_CODES.includes(v), MESSAGES.currencyCode),
  currency_symbol: z
    .string({ error: MESSAGES.currencySymbol })
    .trim()
    .min(1, MESSAGES.currencySymbol)
    .max(8, "at most 8 characters"),
  svg_clr: z
    .string({ error: MESSAGES.colour })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, MESSAGES.colour)
    .transform((v) => v.toLowerCase()),
});
