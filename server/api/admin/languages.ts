// The site's languages as an admin manages them: switched on or off, and which one is the default.
// A language is only offered if the site has its translation file (locales/<code>/common.json), so
// adding one the site cannot speak is refused instead of showing visitors an untranslated site.
import { access } from "node:fs/promises";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { languages, settings } from "../../db/schema";
import { defineCall } from "../call";
import { AdminLanguage, AdminLanguages } from "./output";
import { ApiError } from "../envelope";
import { audit } from "./audit";

/** Where the translation files are (the same place get_languages reads them from). */
const LOCALES_DIR = () => path.resolve(process.env.LOCALES_DIR ?? "locales");

export async function hasTranslationFile(code: string): Promise<boolean> {
  try {
    await access(path.join(LOCALES_DIR(), code, "common.json"));
    return true;
  } catch {
    return false;
  }
}

export const LANGUAGE_MESSAGES = {
  noFile: "The site has no translation file for this language yet, so it cannot be added",
  defaultOff: "The default language cannot be switched off",
  offDefault: "Switch the language on before making it the default",
  code: "Use a two-letter language code such as en or ar",
  name: "Name is required",
} as const;

const flag = z.preprocess(
  (v) =>
    v === "" || v === undefined || v === null
      ? undefined
      : v === true || v === 1 || v === "1" || v === "true" || v === "on",
  z.boolean().optional(),
);

export const saveLanguageSchema = z.object({
  code: z
    .string({ error: LANGUAGE_MESSAGES.code })
    .trim()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, LANGUAGE_MESSAGES.code),
  /** Needed when the language is new; an existing one keeps its names unless given. */
  name: z.string().trim().min(1, LANGUAGE_MESSAGES.name).max(60, "at most 60 characters").optional(),
  name_in_english: z
    .string()
    .trim()
    .min(1, LANGUAGE_MESSAGES.name)
    .max(60, "at most 60 characters")
    .optional(),
  rtl: flag,
  status: flag,
  is_default: flag,
});

const view = (l: typeof languages.$inferSelect) => ({
  id: l.id,
  code: l.code,
  name: l.name,
  name_in_english: l.name_in_english,
  rtl: l.rtl,
  status: l.status,
  is_default: l.is_default,
});

export const adminLanguages = defineCall({
  name: "admin/languages",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary: "Every language, on or off, the default marked, and whether the site has its translation file",
  input: z.object({}),
  output: AdminLanguages,
  total: true,
  async handler(_input, { db }) {
    const rows = await db.select().from(languages).orderBy(asc(languages.id));
    const data = await Promise.all(
      rows.map(async (l) => ({ ...view(l), has_translations: await hasTranslationFile(l.code) })),
    );
    return { data, total: data.length };
  },
});

export const adminSaveLanguage = defineCall({
  name: "admin/save-language",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary:
    "Adds a language (only one the site has a translation file for), switches it on or off, or makes it the default (which cannot be switched off)",
  input: saveLanguageSchema,
  output: AdminLanguage,
  async handler(input, ctx) {
    const refuse = (field: string, message: string) => new ApiError(400, message, { [field]: [message] });
    const saved = await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(languages).where(eq(languages.code, input.code)).for("update");
      if (!before) {
        if (!(await hasTranslationFile(input.code))) throw refuse("code", LANGUAGE_MESSAGES.noFile);
        if (!input.name) throw refuse("name", LANGUAGE_MESSAGES.name);
        if (!input.name_in_english) throw refuse("name_in_english", LANGUAGE_MESSAGES.name);
      }
      const status = input.status ?? before?.status ?? true;
      const isDefault = input.is_default === true || (before?.is_default ?? false);
      if (isDefault && !status)
        throw refuse(
          "status",
          before?.is_default ? LANGUAGE_MESSAGES.defaultOff : LANGUAGE_MESSAGES.offDefault,
        );
      // Making another language the default is the only way this one stops being it.
      if (input.is_default === false && before?.is_default)
        throw refuse("is_default", "Make another language the default instead");

      const values = {
        name: input.name ?? before?.name ?? input.code,
        name_in_english: input.name_in_english ?? before?.name_in_english ?? input.code,
        rtl: input.rtl ?? before?.rtl ?? false,
        status,
        is_default: isDefault,
      };
      let row: typeof languages.$inferSelect;
      if (before)
        [row] = (await tx
          .update(languages)
          .set({ ...values, updated_at: new Date() })
          .where(eq(languages.id, before.id))
          .returning()) as [typeof row];
      else
        [row] = (await tx
          .insert(languages)
          .values({ code: input.code, ...values })
          .returning()) as [typeof row];
      if (isDefault && !before?.is_default) {
        await tx
          .update(languages)
          .set({ is_default: false })
          .where(sql`${languages.id} <> ${row.id} and ${languages.is_default}`);
        // The setting apps read says the same.
        await tx
          .insert(settings)
          .values({ key: "default_language", value: row.code })
          .onConflictDoUpdate({ target: settings.key, set: { value: row.code, updated_at: new Date() } });
      }
      await audit(tx, ctx, {
        action: before ? "language.update" : "language.create",
        target_type: "language",
        target_id: row.code,
        before: before ? view(before) : null,
        after: view(row),
      });
      return row;
    });
    return { data: view(saved), message: "Language saved" };
  },
});
