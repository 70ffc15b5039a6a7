import { createI18nextMiddleware } from "remix-i18next/middleware";
import en from "../../locales/en/common.json";
import ar from "../../locales/ar/common.json";
import { DEFAULT_LOCALE, LOCALES, localeFromPath, type Locale } from "./i18n";

export const translations: Record<string, Record<string, string>> = { en, ar };

const [i18nextMiddleware, localeOfContext, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    order: ["custom"],
    // The URL decides the language, never a cookie or a header: one URL, one language.
    // A client navigation asks "/ar.data" for the Arabic home page: its language is still Arabic.
    findLocale: async (request) => localeFromPath(new URL(request.url).pathname.replace(/\.data$/, "")),
  },
  i18next: {
    resources: { en: { common: en }, ar: { common: ar } },
    defaultNS: "common",
    fallbackLng: false,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  },
});

export { i18nextMiddleware, getI18n };

/** The page's language, from its URL (the middleware above only ever finds one of LOCALES). */
export function getLocale(context: Parameters<typeof localeOfContext>[0]): Locale {
  const locale = localeOfContext(context);
  return (LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : DEFAULT_LOCALE;
}
