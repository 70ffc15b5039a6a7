// Each language's dictionary as the browser gets it: one JSON file per language at an address that
// changes with its content (so it is cached for a year), named in the root loader's data.
import { createHash } from "node:crypto";
import { translations } from "./i18n.server";
import { keepDictionary, type Dictionary } from "./dictionary";
import { isLocale, type Locale } from "./i18n";

export const DICTIONARY_PATH = "/locales";

/** i18next's plural suffixes: such an entry is looked up on its own, whatever its value. */
const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * What the browser's translator needs: an entry whose text is its key says nothing it would not
 * say by falling back to the key. In English that is nearly every entry (keys are English text).
 */
export function browserDictionary(dictionary: Dictionary): Dictionary {
  return Object.fromEntries(
    Object.entries(dictionary).filter(([key, text]) => text !== key || PLURAL.test(key)),
  );
}

type Served = { url: string; hash: string; body: string };
const served = new Map<Locale, Served>();

function servedOf(locale: Locale): Served {
  let out = served.get(locale);
  if (!out) {
    const full = translations[locale] ?? {};
    const body = JSON.stringify(browserDictionary(full));
    const hash = createHash("sha256").update(body).digest("hex").slice(0, 12);
    out = { url: `${DICTIONARY_PATH}/${locale}.${hash}.json`, hash, body };
    // The server renders with the full dictionary, under the same name the page's data gives.
    keepDictionary(out.url, full);
    served.set(locale, out);
  }
  return out;
}

/** The address of a language's dictionary, as the root loader sends it. */
export function dictionaryUrl(locale: Locale): string {
  return servedOf(locale).url;
}

/**
 * The file at "/locales/<lang>.<hash>.json". An address of an older or newer version (a deploy in
 * progress) gets today's dictionary, but not to keep: its content does not match its name.
 */
export function dictionaryResponse(file: string): Response {
  const match = /^([a-z]{2})\.([0-9a-f]{12})\.json$/.exec(file);
  if (!match || !isLocale(match[1]))
    return new Response("Not found", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  const { hash, body } = servedOf(match[1]);
  return new Response(body, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": hash === match[2] ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
