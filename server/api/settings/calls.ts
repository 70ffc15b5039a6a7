import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { asc, eq } from "drizzle-orm";
import { defineCall } from "../call";
import { languages, settings } from "../../db/schema";
import { notFound } from "../envelope";
import { DEFAULT_SETTINGS, PRIVATE_SETTING_KEYS } from "./contract";
import { Languages, WebSettings } from "./output";
import type { Executor } from "../../db/client.server";

/** A stored on/off value as a boolean: JSON true, or the 1 / "1" / "true" a form may have saved. */
export const settingFlag = (value: unknown) =>
  value === true || value === 1 || value === "1" || value === "true";

export async function readSettings(db: Executor) {
  const rows = await db.select().from(settings);
  const stored: Record<string, unknown> = Object.fromEntries(
    rows.filter((r) => !PRIVATE_SETTING_KEYS.has(r.key)).map((r) => [r.key, r.value]),
  );
  // Switches read the same everywhere: a stored "0" or "false" is off, never a truthy string.
  for (const [key, fallback] of Object.entries(DEFAULT_SETTINGS)) {
    if (typeof fallback === "boolean" && key in stored) stored[key] = settingFlag(stored[key]);
  }
  return { ...DEFAULT_SETTINGS, ...stored } as typeof DEFAULT_SETTINGS & Record<string, unknown>;
}

export const webSettings = defineCall({
  name: "web-settings",
  method: "GET",
  access: "public",
  tag: "settings",
  summary: "Public settings of the marketplace (currency, brand, switches) and its languages",
  input: z.object({}),
  output: WebSettings,
  async handler(_input, { db }) {
    const [values, langs] = await Promise.all([
      readSettings(db),
      db.select().from(languages).where(eq(languages.status, true)).orderBy(asc(languages.id)),
    ]);
    return {
      data: {
        ...values,
        languages: langs.map((l) => ({
          code: l.code,
          name: l.name,
          name_in_english: l.name_in_english,
          rtl: l.rtl,
        })),
      },
    };
  },
});

const LOCALES_DIR = path.resolve(process.env.LOCALES_DIR ?? "locales");

const getLanguagesInput = z.object({
  language_code: z
    .string()
    .trim()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, "language_code is invalid")
    .optional(),
  web_language_file: z
    .enum(["0", "1", "true", "false"])
    .optional()
    .transform((v) => v === "1" || v === "true"),
});

export const getLanguages = defineCall({
  name: "get_languages",
  method: "GET",
  access: "public",
  shared: true,
  tag: "settings",
  summary: "Languages; with language_code, that language and (web_language_file=1) its translation file",
  input: getLanguagesInput,
  output: Languages,
  total: "sometimes",
  errorStatuses: [404],
  async handler(input, { db }) {
    if (!input.language_code) {
      const rows = await db
        .select()
        .from(languages)
        .where(eq(languages.status, true))
        .orderBy(asc(languages.id));
      return { data: rows, total: rows.length };
    }
    const [row] = await db.select().from(languages).where(eq(languages.code, input.language_code)).limit(1);
    if (!row || !row.status) throw notFound("Language not found");
    let file_name: Record<string, string> | undefined;
    if (input.web_language_file) {
      file_name = JSON.parse(await readFile(path.join(LOCALES_DIR, row.code, "common.json"), "utf8"));
    }
    return { data: { ...row, file_name } };
  },
});
