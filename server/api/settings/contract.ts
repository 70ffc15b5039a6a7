// Settings the app reads (spec §3 "Settings values"), with the values a fresh install starts from.
export const DEFAULT_SETTINGS = {
  company_name: "Souq Estate",
  company_email: "hello@souq.example",
  company_tel1: "+971 4 000 0000",
  company_address: "Dubai, United Arab Emirates",
  currency_symbol: "AED",
  selected_currency_data: { code: "AED", symbol: "AED", name: "UAE Dirham" },
  number_with_suffix: true,
  svg_clr: "#0f766e",
  web_placeholder_logo: "/brand/placeholder.svg",
  web_logo: "/brand/logo.svg",
  verification_required_for_user: false,
  auto_approve: true,
  demo_mode: false,
  /** New accounts get the free starter package. */
  starter_package: true,
  default_language: "en",
  stripe_publishable_key: "",
  paystack_public_key: "",
  flutterwave_public_key: "",
  paypal_client_id: "",
  /** Bank transfer: on, and the account details people pay into (shown on the package page). */
  bank_transfer_status: false,
  bank_transfer_details: "",
  /** The home page's sections in the order shown, each shown or hidden (server/api/home/sections.ts). */
  home_sections: [] as { key: string; visible: boolean }[],
} as const;

export type SettingKey = keyof typeof DEFAULT_SETTINGS;
/** Gateway secrets: never sent to browsers, shown to admins only masked ("••••1234"). */
export const SECRET_SETTING_KEYS = [
  "stripe_secret_key",
  "stripe_webhook_secret",
  "paystack_secret_key",
  "flutterwave_secret_key",
  "flutterwave_webhook_hash",
  "paypal_secret",
  "paypal_webhook_id",
] as const;
/** Keys never sent to browsers (gateway secrets and the like). */
export const PRIVATE_SETTING_KEYS = new Set<string>(SECRET_SETTING_KEYS);
