// The settings the apps read at start (`web-settings`, `get_system_settings`, `app-settings`), in
// their keys: switches as "1"/"0" where their server wrote them so, JSON booleans where their apps test
// `=== true` (demo_mode) or `=== false` (is_active, which signs a switched-off person out).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { expectOk, type Body, type Compat } from "./context";
import { url } from "./shapes";

const on = (v: unknown) => (v ? "1" : "0");

export async function settingsFor(c: Compat): Promise<Body> {
  const s = expectOk(await c.call("web-settings", {})).data as any;
  const me = c.token ? await c.call("get-profile", {}) : null;
  const profile = me && !me.body.error ? (me.body.data as any) : null;
  const held = c.token ? await c.call("get-package", {}) : null;
  const active = held && !held.body.error ? ((held.body.data as any).active ?? []) : [];
  const logo = url(s.web_logo, c.place);
  const placeholder = url(s.web_placeholder_logo, c.place);
  const data: Record<string, unknown> = {
    company_name: s.company_name,
    company_email: s.company_email,
    company_tel1: s.company_tel1,
    company_tel2: "",
    company_address: s.company_address,
    currency_symbol: s.currency_symbol,
    selected_currency_data: s.selected_currency_data,
    currency_code: s.selected_currency_data?.code ?? "",
    number_with_suffix: on(s.number_with_suffix),
    // Their svg_clr says whether icons take the brand colour; system_color is that colour.
    svg_clr: "1",
    system_color: s.svg_clr,
    category_background: s.svg_clr,
    sell_web_color: s.svg_clr,
    rent_web_color: s.svg_clr,
    light_primary: s.svg_clr,
    dark_primary: s.svg_clr,
    web_logo: logo,
    web_footer_logo: logo,
    web_placeholder_logo: placeholder,
    placeholder_logo: placeholder,
    app_home_screen: logo,
    favicon_icon: logo,
    verification_required_for_user: Boolean(s.verification_required_for_user),
    auto_approve: Boolean(s.auto_approve),
    demo_mode: Boolean(s.demo_mode),
    default_language: s.default_language,
    default_language_name: s.languages?.find((l: any) => l.code === s.default_language)?.name ?? "",
    languages: (s.languages ?? []).map((l: any, i: number) => ({
      id: i + 1,
      code: l.code,
      name: l.name,
      rtl: l.rtl ? 1 : 0,
    })),
    stripe_publishable_key: s.stripe_publishable_key,
    paystack_public_key: s.paystack_public_key,
    flutterwave_public_key: s.flutterwave_public_key,
    about_us:
      typeof s.about_us === "object" && s.about_us ? (s.about_us[c.place.lang] ?? s.about_us.en ?? "") : "",
    terms_conditions: "",
    privacy_policy: "",
    // Sign-in methods this server takes (see the guide for app owners).
    number_with_otp_login: "1",
    social_login: "1",
    email_password_login: "1",
    otp_service_provider: "firebase",
    web_maintenance_mode: "0",
    maintenance_mode: "0",
    force_update: "0",
    show_admob_ads: "0",
    home_page_location_alert_status: "0",
    distance_option: "km",
    min_price: 0,
    max_price: 0,
    // Signed in: whether their account is on, their verification, whether they hold a package.
    is_active: profile ? profile.is_active !== false : true,
    verification_status: profile?.verification_status ?? "initial",
    subscription: active.length > 0,
    is_premium: false,
  };
  return { error: false, message: "Data Fetch Successfully", data };
}
