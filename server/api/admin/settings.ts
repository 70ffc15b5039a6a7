// The marketplace's settings as an admin sees and changes them. Secrets (gateway secret keys) never
// leave the server whole: the console gets "••••1234" and whether one is set, and so does the audit
// log. A saved change is read by the next API call (settings are read from the database each time);
// the web server's copy of the public ones is refreshed by the console's own save (see
// app/lib/settings.server.ts for how long other web processes may keep theirs).
import { ONE_FILE_BODY_BYTES } from "../body-limit";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { languages, settings } from "../../db/schema";
import { z } from "zod";
import { defineCall } from "../call";
import { AdminSettings } from "./output";
import { ApiError } from "../envelope";
import { GATEWAY_SETTING_KEYS } from "../payments/settings";
import { settingFlag } from "../settings/calls";
import { DEFAULT_SETTINGS } from "../settings/contract";
import { audit } from "./audit";
import { removeBrandImage, storeBrandImage } from "./brand-image";
import {
  CLEARABLE_KEYS,
  MESSAGES,
  PUBLIC_GATEWAY_KEYS,
  SECRET_SETTING_KEYS,
  SWITCH_KEYS,
  saveSettingsSchema,
  type SecretKey,
} from "./settings-schema";

const GATEWAY_KEYS = new Set<string>(GATEWAY_SETTING_KEYS);
const SECRETS = new Set<string>(SECRET_SETTING_KEYS);

/** "••••" and, for a value long enough that it gives nothing away, its last four characters. */
export function maskSecret(value: unknown): string | null {
  if (typeof value !== "string" || !value) return null;
  // By code points: cutting a surrogate pair in half leaves text PostgreSQL's JSON refuses (a 500).
  const chars = [...value];
  return chars.length >= 12 ? `••••${chars.slice(-4).join("")}` : "••••";
}

/** What the environment sets for a gateway key (the fallback when the settings hold none). */
const fromEnvironment = (key: string) => {
  const v = process.env[key.toUpperCase()];
  return v && v.trim() ? v.trim() : null;
};

const text = (v: unknown, fallback = "") =>
  typeof v === "string" ? v : v === null || v === undefined ? fallback : String(v);

export async function adminSettingsView(db: Executor) {
  const [rows, langs] = await Promise.all([
    db.select().from(settings),
    db.select().from(languages).orderBy(languages.id),
  ]);
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const value = <K extends keyof typeof DEFAULT_SETTINGS>(key: K): unknown =>
    stored.has(key) ? stored.get(key) : DEFAULT_SETTINGS[key];
  const currency = (value("selected_currency_data") ?? {}) as {
    code?: string;
    symbol?: string;
    name?: string;
  };
  const switches = Object.fromEntries(SWITCH_KEYS.map((k) => [k, settingFlag(value(k))])) as Record<
    (typeof SWITCH_KEYS)[number],
    boolean
  >;
  const gateways = Object.fromEntries(PUBLIC_GATEWAY_KEYS.map((k) => [k, text(stored.get(k))])) as Record<
    (typeof PUBLIC_GATEWAY_KEYS)[number],
    string
  >;
  const secrets = Object.fromEntries(
    SECRET_SETTING_KEYS.map((k) => {
      const own = stored.get(k);
      const env = fromEnvironment(k);
      const effective = typeof own === "string" && own ? own : env;
      return [
        k,
        {
          set: Boolean(effective),
          masked: maskSecret(effective),
          source:
            typeof own === "string" && own ? ("settings" as const) : env ? ("environment" as const) : null,
        },
      ];
    }),
  ) as Record<SecretKey, { set: boolean; masked: string | null; source: "settings" | "environment" | null }>;
  return {
    company_name: text(value("company_name")),
    company_email: text(value("company_email")),
    company_tel1: text(value("company_tel1")),
    company_address: text(value("company_address")),
    currency_code: currency.code ?? "AED",
    currency_symbol: text(value("currency_symbol"), currency.symbol ?? currency.code ?? ""),
    currency_name: currency.name ?? "",
    ...switches,
    default_language: text(value("default_language"), "en"),
    svg_clr: text(value("svg_clr")),
    web_placeholder_logo: text(value("web_placeholder_logo")),
    web_placeholder_logo_is_default: !stored.has("web_placeholder_logo"),
    ...gateways,
    paypal_mode:
      text(stored.get("paypal_mode"), fromEnvironment("paypal_mode") ?? "sandbox") === "live"
        ? ("live" as const)
        : ("sandbox" as const),
    bank_transfer_details: text(stored.get("bank_transfer_details")),
    secrets,
    /** Gateway keys with no stored value that the server's environment sets (shown as such, never the value of a secret). */
    environment: GATEWAY_SETTING_KEYS.filter((k) => !stored.has(k) && fromEnvironment(k) !== null),
    languages: langs.map((l) => ({
      code: l.code,
      name: l.name,
      name_in_english: l.name_in_english,
      status: l.status,
      is_default: l.is_default,
    })),
  };
}

export type AdminSettingsView = Awaited<ReturnType<typeof adminSettingsView>>;

export const adminSettings = defineCall({
  name: "admin/settings",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary:
    "Every setting, for the console's settings form; secret keys only masked (••••1234) with whether one is set",
  input: z.object({}),
  output: AdminSettings,
  async handler(_input, { db }) {
    return { data: await adminSettingsView(db) };
  },
});

const REMOVE = Symbol("remove");

/** The name Intl gives a currency in English (stored alongside code and symbol, spec §3 selected_currency_data). */
const currencyName = (code: string) => new Intl.DisplayNames(["en"], { type: "currency" }).of(code) ?? code;
/** The short symbol prices are usually written with ("$" for USD), for a new currency without one given. */
const currencySymbol = (code: string) =>
  new Intl.NumberFormat("en", { style: "currency", currency: code, currencyDisplay: "narrowSymbol" })
    .formatToParts(0)
    .find((p) => p.type === "currency")?.value ?? code;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const adminSaveSettings = defineCall({
  name: "admin/save-settings",
  maxBodyBytes: ONE_FILE_BODY_BYTES,
  method: "POST",
  access: "admin",
  tag: "admin",
  summary:
    "Saves the settings sent (left out = unchanged). Secrets: empty keeps, a value replaces, `clear` removes. Checked: currency code (ISO 4217), colour (#rrggbb), placeholder image (JPEG or PNG). Audited, secrets masked",
  input: saveSettingsSchema,
  output: AdminSettings,
  async handler(input, ctx) {
    // The image is processed before the transaction (sharp takes a while); if the save fails it is removed again.
    const uploaded = input.web_placeholder_logo
      ? await storeBrandImage(ctx.storage, input.web_placeholder_logo, "web_placeholder_logo")
      : null;
    let replacedLogo: unknown = null;
    let changed = 0;
    try {
      await ctx.db.transaction(async (tx) => {
        // One admin's save at a time: two saves read-modify-write the same rows.
        await tx.execute(sql`select pg_advisory_xact_lock(727301)`);
        const rows = await tx.select().from(settings);
        const stored = new Map(rows.map((r) => [r.key, r.value as unknown]));
        const current = (key: string): unknown =>
          stored.has(key) ? stored.get(key) : (DEFAULT_SETTINGS as Record<string, unknown>)[key];
        const changes = new Map<string, unknown>();
        // A value equal to what is in effect is no change (no row, no audit line for it).
        const put = (key: string, value: unknown) => {
          if (same(current(key), value)) changes.delete(key);
          else changes.set(key, value);
        };
        const remove = (key: string) => {
          if (stored.has(key)) changes.set(key, REMOVE);
          else changes.delete(key);
        };
        // An emptied text: a gateway key falls back to the environment; other texts are stored empty (not back to the default).
        const empty = (key: string) => (GATEWAY_KEYS.has(key) ? remove(key) : put(key, ""));

        for (const key of ["company_name", "company_email"] as const)
          if (input[key] !== undefined) put(key, input[key]);
        for (const key of CLEARABLE_KEYS) {
          const v = input[key];
          if (v === null) empty(key);
          else if (v !== undefined) put(key, v);
        }
        for (const key of SWITCH_KEYS) {
          const v = input[key];
          if (v !== undefined && settingFlag(current(key)) !== v) put(key, v);
        }
        if (input.currency_code !== undefined || input.currency_symbol !== undefined) {
          const was = (current("selected_currency_data") ?? {}) as { code?: string };
          const code = input.currency_code ?? was.code ?? "AED";
          const symbol =
            input.currency_symbol ??
            (code !== was.code ? currencySymbol(code) : text(current("currency_symbol"), code));
          put("currency_symbol", symbol);
          put("selected_currency_data", { code, symbol, name: currencyName(code) });
        }
        if (input.default_language !== undefined) {
          const [lang] = await tx
            .select({ status: languages.status })
            .from(languages)
            .where(eq(languages.code, input.default_language));
          if (!lang?.status)
            throw new ApiError(400, MESSAGES.language, { default_language: [MESSAGES.language] });
          put("default_language", input.default_language);
          // The languages table says the same (get_languages and the console read it there).
          await tx.update(languages).set({ is_default: sql`${languages.code} = ${input.default_language}` });
        }
        if (input.svg_clr !== undefined) put("svg_clr", input.svg_clr);
        if (input.paypal_mode !== undefined) put("paypal_mode", input.paypal_mode);
        for (const key of SECRET_SETTING_KEYS) if (input[key] !== undefined) put(key, input[key]);
        for (const key of input.clear ?? []) {
          if (SECRETS.has(key)) {
            // A box ticked while a new value was typed: the new value wins (it is what was typed last).
            if (input[key as SecretKey] === undefined) remove(key);
          } else if (
            input[key as keyof typeof input] === undefined ||
            input[key as keyof typeof input] === null
          )
            empty(key);
        }
        if (uploaded) {
          replacedLogo = stored.get("web_placeholder_logo") ?? null;
          put("web_placeholder_logo", uploaded.url);
        } else if (input.reset_placeholder_logo && stored.has("web_placeholder_logo")) {
          replacedLogo = stored.get("web_placeholder_logo");
          remove("web_placeholder_logo");
        }

        // Bank transfer shown to buyers needs the account to pay into.
        const after = (key: string) =>
          changes.has(key) ? (changes.get(key) === REMOVE ? undefined : changes.get(key)) : stored.get(key);
        const details = text(after("bank_transfer_details")) || fromEnvironment("bank_transfer_details");
        if (settingFlag(after("bank_transfer_status")) && !details)
          throw new ApiError(400, MESSAGES.bankDetails, { bank_transfer_details: [MESSAGES.bankDetails] });

        changed = changes.size;
        if (!changed) return;
        const before: Record<string, unknown> = {};
        const afterAudit: Record<string, unknown> = {};
        for (const [key, value] of changes) {
          const show = (v: unknown) => (SECRETS.has(key) ? maskSecret(v) : (v ?? null));
          before[key] = show(current(key));
          afterAudit[key] = value === REMOVE ? null : show(value);
          if (value === REMOVE) await tx.delete(settings).where(eq(settings.key, key));
          else
            await tx
              .insert(settings)
              .values({ key, value })
              .onConflictDoUpdate({ target: settings.key, set: { value, updated_at: new Date() } });
        }
        await audit(tx, ctx, {
          action: "settings.update",
          target_type: "settings",
          before,
          after: afterAudit,
        });
      });
    } catch (error) {
      if (uploaded) await ctx.storage.delete(uploaded.key).catch(() => {});
      throw error;
    }
    // Only once the new one is saved: the old image is not shown any more.
    if (replacedLogo) await removeBrandImage(ctx.storage, replacedLogo);
    return {
      data: await adminSettingsView(ctx.db),
      message: changed ? "Settings saved" : "Nothing was changed",
    };
  },
});
