// Place names in the visitor's language. Listings, projects and people store the English name of
// their city, state and country; responses show the caller's language (from place_names), and
// filters accept a place in any language we know it in.
import { inArray, sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { placeNames } from "../db/schema";

export type PlaceLabeler = (name: string) => string;
const same: PlaceLabeler = (name) => name;

/** A function from English place name to its name in `lang` (the name itself when unknown). */
export async function placeLabels(
  db: Executor,
  lang: string,
  names: Iterable<string | null | undefined>,
): Promise<PlaceLabeler> {
  if (lang === "en") return same;
  const wanted = [...new Set([...names].filter((n): n is string => Boolean(n)).map((n) => n.toLowerCase()))];
  if (!wanted.length) return same;
  const rows = await db
    .select({
      key: sql<string>`lower(${placeNames.name})`,
      label: sql<string | null>`${placeNames.translations} ->> ${lang}`,
    })
    .from(placeNames)
    .where(inArray(sql`lower(${placeNames.name})`, wanted));
  const labels = new Map(rows.filter((r) => r.label).map((r) => [r.key, r.label!]));
  return (name) => labels.get(name.toLowerCase()) ?? name;
}

/** Rows with `city`, `state` and `country` shown in `lang`. */
export async function localizePlaces<
  T extends { city?: string | null; state?: string | null; country?: string | null },
>(db: Executor, lang: string, rows: T[]): Promise<T[]> {
  if (lang === "en" || !rows.length) return rows;
  const label = await placeLabels(
    db,
    lang,
    rows.flatMap((r) => [r.city, r.state, r.country]),
  );
  return rows.map((r) => ({
    ...r,
    ...(r.city ? { city: label(r.city) } : {}),
    ...(r.state ? { state: label(r.state) } : {}),
    ...(r.country ? { country: label(r.country) } : {}),
  }));
}

/** The English name of a place typed in any language we know it in ("دبي" → "Dubai"). */
export async function englishPlace(db: Executor, name: string): Promise<string> {
  const [row] = await db
    .select({ name: placeNames.name })
    .from(placeNames)
    .where(
      sql`lower(${placeNames.name}) = lower(${name}) or exists (select 1 from jsonb_each_text(${placeNames.translations}) t where t.value = ${name})`,
    )
    .limit(1);
  return row?.name ?? name;
}

/** The query with its city, state and country in English, as stored. Latin input needs no lookup. */
export async function withEnglishPlaces<Q extends { city?: string; state?: string; country?: string }>(
  db: Executor,
  q: Q,
): Promise<Q> {
  const foreign = (v?: string) => Boolean(v && /[^\p{Script=Latin}\p{N}\p{P}\s]/u.test(v));
  if (!foreign(q.city) && !foreign(q.state) && !foreign(q.country)) return q;
  const [city, state, country] = await Promise.all(
    [q.city, q.state, q.country].map((v) => (foreign(v) ? englishPlace(db, v!) : v)),
  );
  return { ...q, city, state, country };
}
