// Answers of the settings calls: the public settings and the languages.
import { z } from "zod";
import { dateTime, int, named } from "../output";

/** A language of the marketplace as stored. */
export const Language = named(
  "Language",
  z.object({
    id: int,
    code: z.string(),
    name: z.string(),
    name_in_english: z.string(),
    rtl: z.boolean(),
    status: z.boolean(),
    is_default: z.boolean(),
    created_at: dateTime,
    updated_at: dateTime,
  }),
);

/** The public settings (spec §3 "Settings values"), as `web-settings` answers them. */
export const WebSettings = z.object({
  company_name: z.string(),
  company_email: z.string(),
  company_tel1: z.string(),
  company_address: z.string(),
  currency_symbol: z.string(),
  selected_currency_data: z.object({ code: z.string(), symbol: z.string(), name: z.string() }),
  number_with_suffix: z.boolean(),
  svg_clr: z.string(),
  web_placeholder_logo: z.string(),
  web_logo: z.string(),
  verification_required_for_user: z.boolean(),
  auto_approve: z.boolean(),
  demo_mode: z.boolean(),
  starter_package: z.boolean(),
  default_language: z.string(),
  stripe_publishable_key: z.string(),
  paystack_public_key: z.string(),
  flutterwave_public_key: z.string(),
  paypal_client_id: z.string(),
  bank_transfer_status: z.boolean(),
  bank_transfer_details: z.string(),
  home_sections: z.array(z.object({ key: z.string(), visible: z.boolean() })),
  /** Set once an admin chose one. */
  paypal_mode: z.enum(["sandbox", "live"]).optional(),
  /** The package new accounts get, once it exists. */
  starter_package_id: int.optional(),
  /** The "About us" text per language code. */
  about_us: z.record(z.string(), z.string()).optional(),
  languages: z.array(
    z.object({ code: z.string(), name: z.string(), name_in_english: z.string(), rtl: z.boolean() }),
  ),
});

/** All switched-on languages, or (with language_code) one, with its translation file on request. */
export const Languages = z.union([
  z.array(Language),
  Language.extend({ file_name: z.record(z.string(), z.string()).optional() }),
]);
