import type { Translations } from "../db/schema";

/** The row's text in `lang` when translated, else the stored (English) text. */
export function localize(
  translations: Translations | null | undefined,
  lang: string,
  field: string,
  fallback: string,
): string {
  return translations?.[lang]?.[field] || fallback;
}

/** The first language of an Accept-Language header that we serve, else English. */
export function requestLanguage(header: string | null, supported: readonly string[]): string {
  for (const part of (header ?? "").split(",")) {
    const code = part.split(";")[0]!.trim().toLowerCase().split("-")[0]!;
    if (supported.includes(code)) return code;
  }
  return "en";
}
