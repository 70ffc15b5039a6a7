// The browser-side translator: the same resources i18next uses on the server, in about 1 KB.
// i18next itself (18 KB gzip with react-i18next) does not fit the first-load JavaScript budget.
import { createContext, useContext, useEffect, useRef, useState } from "react";
import { dictionaryAt, loadDictionary, type Dictionary } from "./dictionary";

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
      text =
        (count === 0 ? dict[`${key}_zero`] : undefined) ??
        dict[`${key}_${rules.select(count)}`] ??
        dict[`${key}_other`];
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

/**
 * The dictionary a page's data names by address. It is at hand on the server and, from the first
 * render on, in the browser (fetched before React hydrates). An address the browser has not seen
 * (the site was updated since the page was loaded) is fetched; until it arrives, the last one serves.
 */
export function useDictionary(url: string | undefined): Dictionary {
  const dictionary = url ? dictionaryAt(url) : undefined;
  const last = useRef<Dictionary>({});
  const [, arrived] = useState(0);
  useEffect(() => {
    if (url && !dictionary)
      loadDictionary(url).then(
        () => arrived((n) => n + 1),
        () => {},
      );
  }, [url, dictionary]);
  if (dictionary) last.current = dictionary;
  return dictionary ?? last.current;
}
