// The browser-side translator: the same resources i18next uses on the server, in about 1 KB.
// i18next itself (18 KB gzip with react-i18next) does not fit the first-load JavaScript budget.
import { createContext, useContext } from "react";

export type Vars = Record<string, string | number | null | undefined>;

export interface Translator {
  locale: string;
  t: (key: string, vars?: Vars) => string;
}

/** Keys are English text; plurals use i18next's suffixes (_zero, _one, _two, _few, _many, _other). */
export function createTranslator(locale: string, dict: Record<string, string>): Translator {
  const rules = new Intl.PluralRules(locale);
  const t = (key: string, vars?: Vars) => {
    let text: string | undefined;
    const count = vars?.count;
    if (typeof count === "number") {
      text = (count === 0 ? dict[`${key}_zero`] : undefined) ?? dict[`${key}_${rules.select(count)}`] ?? dict[`${key}_other`];
    }
    text ??= dict[key] ?? key;
    return vars ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? "")) : text;
  };
  return { locale, t };
}

const TranslatorContext = createContext<Translator>(createTranslator("en", {}));
export const TranslationProvider = TranslatorContext.Provider;

/** `const { t } = useTranslation()`, as with react-i18next. */
export function useTranslation(): Translator {
  return useContext(TranslatorContext);
}
