// Settings and languages as an admin changes them: what the site then reads, secrets that never
// leave the server whole (not to the console, not to the public, not in the audit log), refusals on
// their fields, and one audit line per save.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { adminAuditLog, settings } from "../../db/schema";
import { createTestApi, signedUpAdmin } from "../../../tests/support/testing";
import { readGatewaySettings } from "../payments/settings";

let t: Awaited<ReturnType<typeof createTestApi>>;
let admin: Awaited<ReturnType<typeof signedUpAdmin>>;
const SECRET = "sk_live_51Hxyz_private_value_9876";

beforeAll(async () => {
  t = await createTestApi({ propertyCount: 4 });
  admin = await signedUpAdmin(t, "Settings Admin");
});
afterAll(() => t?.close());

const save = (body: Record<string, unknown>) => t.call("admin/save-settings", { token: admin.token, body });
const lastAudit = async () =>
  (await t.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(1))[0]!;
const webSettings = async () => (await t.call("web-settings")).body.data;

/** The same save as the console's form sends it with a file: multipart. */
async function saveForm(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await t.api.fetch(
    new Request("http://test/api/admin/save-settings", {
      method: "POST",
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    }),
  );
  return {
    status: res.status,
    body: (await res.json()) as {
      error: boolean;
      message: string;
      data: Record<string, unknown>;
      errors?: Record<string, string[]>;
    },
  };
}

describe("admin/save-settings", () => {
  it("saves what is sent, leaves the rest, and the public settings show it at once", async () => {
    const r = await save({
      company_name: "Gulf Homes",
      currency_code: "usd",
      currency_symbol: "US$",
      svg_clr: "#1D4ED8",
      number_with_suffix: false,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const pub = await webSettings();
    expect(pub).toMatchObject({
      company_name: "Gulf Homes",
      currency_symbol: "US$",
      selected_currency_data: { code: "USD", symbol: "US$", name: "US Dollar" },
      svg_clr: "#1d4ed8",
      number_with_suffix: false,
    });
    expect(pub.company_email).toBe("hello@souq.example");
    const line = await lastAudit();
    expect(line).toMatchObject({
      action: "settings.update",
      target_type: "settings",
      admin_email: admin.email,
    });
    expect(line.before).toMatchObject({ company_name: "Souq Estate", svg_clr: "#0f766e" });
    expect(line.after).toMatchObject({
      company_name: "Gulf Homes",
      svg_clr: "#1d4ed8",
      currency_symbol: "US$",
    });
    // Only what changed is in the line.
    expect(Object.keys(line.after as object)).not.toContain("company_email");

    // A new currency without a symbol gets its usual one.
    await save({ currency_code: "EUR" });
    expect((await webSettings()).selected_currency_data).toEqual({ code: "EUR", symbol: "€", name: "Euro" });
    await save({
      currency_code: "AED",
      currency_symbol: "AED",
      company_name: "Souq Estate",
      svg_clr: "#0f766e",
      number_with_suffix: true,
    });
  });

  it("refuses a bad colour, currency or email on its field, and changes nothing", async () => {
    const logged = (await lastAudit()).id;
    for (const [body, field] of [
      [{ svg_clr: "teal" }, "svg_clr"],
      [{ svg_clr: "#12345" }, "svg_clr"],
      [{ currency_code: "XYZ" }, "currency_code"],
      [{ currency_symbol: "  " }, "currency_symbol"],
      [{ company_email: "not-an-email" }, "company_email"],
      [{ company_name: "" }, "company_name"],
      [{ stripe_publishable_key: "pk test" }, "stripe_publishable_key"],
      [{ paypal_mode: "production" }, "paypal_mode"],
      [{ bank_transfer_status: true, bank_transfer_details: "" }, "bank_transfer_details"],
      [{ default_language: "fr" }, "default_language"],
    ] as const) {
      const r = await save({ company_name: "Should Not Stick", ...body });
      expect([field, r.status, Object.keys(r.body.errors ?? {})]).toEqual([field, 400, [field]]);
    }
    expect((await webSettings()).company_name).toBe("Souq Estate");
    expect((await lastAudit()).id).toBe(logged);
  });

  it("never sends a secret whole: masked to the console, absent from public answers and the audit log", async () => {
    const r = await save({
      stripe_secret_key: SECRET,
      stripe_publishable_key: "pk_live_visible_1234",
      paypal_mode: "live",
    });
    expect(r.status).toBe(200);
    const view = (await t.call("admin/settings", { token: admin.token })).body.data;
    expect(view.secrets.stripe_secret_key).toEqual({ set: true, masked: "••••9876", source: "settings" });
    expect(view.stripe_publishable_key).toBe("pk_live_visible_1234");
    expect(view.paypal_mode).toBe("live");
    // The server itself still has the whole key to pay with.
    expect((await readGatewaySettings(t.db)).stripe_secret_key).toBe(SECRET);

    const line = await lastAudit();
    expect((line.after as Record<string, unknown>).stripe_secret_key).toBe("••••9876");
    const answers = [
      r.body,
      view,
      await webSettings(),
      (await t.call("get_payment_settings")).body,
      (await t.call("admin/audit-log", { token: admin.token })).body,
    ];
    for (const a of answers) expect(JSON.stringify(a)).not.toContain("private_value");

    // Empty keeps the stored secret; a new value replaces it; "clear" removes it.
    await save({ stripe_secret_key: "", company_tel1: "+971 4 111 2222" });
    expect((await readGatewaySettings(t.db)).stripe_secret_key).toBe(SECRET);
    await save({ stripe_secret_key: "sk_live_another_secret_5555" });
    expect(
      (await t.call("admin/settings", { token: admin.token })).body.data.secrets.stripe_secret_key.masked,
    ).toBe("••••5555");
    expect(await lastAudit()).toMatchObject({
      before: { stripe_secret_key: "••••9876" },
      after: { stripe_secret_key: "••••5555" },
    });
    await save({ clear: ["stripe_secret_key"], stripe_publishable_key: "", paypal_mode: "sandbox" });
    const cleared = (await t.call("admin/settings", { token: admin.token })).body.data;
    expect(cleared.secrets.stripe_secret_key.source).not.toBe("settings");
    expect(cleared.stripe_publishable_key).toBe("");
    expect(await t.db.select().from(settings).where(eq(settings.key, "stripe_secret_key"))).toEqual([]);
  });

  it("stores an uploaded placeholder image as a WebP in public storage, and refuses what is not a JPEG or PNG", async () => {
    const png = await sharp({
      create: { width: 200, height: 200, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const r = await saveForm({
      web_placeholder_logo: new File([new Uint8Array(png)], "logo.png", { type: "image/png" }),
      company_name: "Souq Estate",
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const url = (await webSettings()).web_placeholder_logo as string;
    expect(url).toMatch(/^\/uploads\/brand\/placeholder-[0-9a-f]{12}\.webp$/);
    const stored = await t.storage.get(url.replace("/uploads/", ""));
    expect((await sharp(stored!).metadata()).format).toBe("webp");

    const svg = new File(
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      "logo.png",
      { type: "image/png" },
    );
    const bad = await saveForm({ web_placeholder_logo: svg });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ web_placeholder_logo: ["Please choose a JPEG or PNG image"] });

    // Back to the site's own: the uploaded file is deleted.
    await save({ reset_placeholder_logo: true });
    expect((await webSettings()).web_placeholder_logo).toBe("/brand/placeholder.svg");
    expect(await readdir(path.join(t.storage.root, "brand"))).toEqual([]);
  });

  it("a save that changes nothing writes no audit line", async () => {
    const logged = (await lastAudit()).id;
    const r = await save({ company_name: "Souq Estate", auto_approve: true });
    expect(r.body.message).toBe("Nothing was changed");
    expect((await lastAudit()).id).toBe(logged);
  });
});

describe("admin/save-language", () => {
  const saveLanguage = (body: Record<string, unknown>) =>
    t.call("admin/save-language", { token: admin.token, body });

  it("lists the languages with whether the site can speak them", async () => {
    const r = await t.call("admin/languages", { token: admin.token });
    expect(
      r.body.data.map((l: { code: string; is_default: boolean; has_translations: boolean }) => [
        l.code,
        l.is_default,
        l.has_translations,
      ]),
    ).toEqual([
      ["en", true, true],
      ["ar", false, true],
    ]);
  });

  it("refuses a language without a translation file, and switching off the default", async () => {
    const fr = await saveLanguage({ code: "fr", name: "Français", name_in_english: "French" });
    expect([fr.status, fr.body.errors]).toEqual([
      400,
      { code: ["The site has no translation file for this language yet, so it cannot be added"] },
    ]);
    const off = await saveLanguage({ code: "en", status: false });
    expect([off.status, off.body.errors]).toEqual([
      400,
      { status: ["The default language cannot be switched off"] },
    ]);
  });

  it("switches a language off and on, and moves the default (audited)", async () => {
    expect((await saveLanguage({ code: "ar", status: false })).status).toBe(200);
    expect((await t.call("get_languages")).body.data.map((l: { code: string }) => l.code)).toEqual(["en"]);
    expect((await webSettings()).languages.map((l: { code: string }) => l.code)).toEqual(["en"]);
    expect(await lastAudit()).toMatchObject({
      action: "language.update",
      target_id: "ar",
      before: { status: true },
      after: { status: false },
    });
    // Off languages cannot become the default.
    expect((await saveLanguage({ code: "ar", is_default: true })).body.errors).toEqual({
      status: ["Switch the language on before making it the default"],
    });

    expect((await saveLanguage({ code: "ar", status: true, is_default: true })).status).toBe(200);
    const langs = (await t.call("admin/languages", { token: admin.token })).body.data;
    expect(
      langs.filter((l: { is_default: boolean }) => l.is_default).map((l: { code: string }) => l.code),
    ).toEqual(["ar"]);
    expect((await webSettings()).default_language).toBe("ar");
    expect((await saveLanguage({ code: "en", is_default: true })).status).toBe(200);
    expect((await webSettings()).default_language).toBe("en");
  });
});
