// The translations a page uses, kept by address. A page's data names its dictionary by a
// content-hashed URL (cached for a year) instead of carrying it: the dictionary is most of what a
// page would otherwise send again with every page and every revalidation. The server fills this
// with the full dictionaries; the browser fetches its one before React hydrates (entry.client.tsx).
// No React here: the first-load script imports this file.

export type Dictionary = Record<string, string>;

const kept = new Map<string, Dictionary>();
const loading = new Map<string, Promise<Dictionary>>();

export function keepDictionary(url: string, dictionary: Dictionary) {
  kept.set(url, dictionary);
}

/** The dictionary at `url` when it is here already (always, on the server). */
export function dictionaryAt(url: string): Dictionary | undefined {
  return kept.get(url);
}

/** Fetches the dictionary at `url` once; a failed fetch may be tried again. */
export function loadDictionary(url: string): Promise<Dictionary> {
  const have = kept.get(url);
  if (have) return Promise.resolve(have);
  let pending = loading.get(url);
  if (!pending) {
    pending = fetch(url, { headers: { accept: "application/json" } })
      .then((res) => {
        if (!res.ok) throw new Error(`Translations: ${res.status}`);
        return res.json() as Promise<Dictionary>;
      })
      .then(
        (dictionary) => {
          kept.set(url, dictionary);
          loading.delete(url);
          return dictionary;
        },
        (error: unknown) => {
          loading.delete(url);
          throw error;
        },
      );
    loading.set(url, pending);
  }
  return pending;
}
