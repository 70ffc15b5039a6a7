// A saved search in words: "“sea view” · Villa · For sale · Dubai · AED 1M – 3M · Map area", so a
// list of them can be told apart at a glance; and a name to suggest when one is saved.
import { Fragment } from "react";
import { Price } from "~/components/price";
import type { Translator } from "~/lib/translate";

type Query = Record<string, string | number | (string | number)[]>;
type Category = { id: number; name: string };

/** The parts worth naming, in the order a person reads a search. */
export function searchParts(query: Query, t: Translator["t"], categories: Category[]) {
  const parts: { key: string; node: React.ReactNode }[] = [];
  if (query.search) parts.push({ key: "search", node: <bdi>“{String(query.search)}”</bdi> });
  const category = categories.find((c) => c.id === Number(query.category_id));
  if (category) parts.push({ key: "category", node: t(category.name) });
  if (query.property_type === "sell") parts.push({ key: "type", node: t("For sale") });
  if (query.property_type === "rent") parts.push({ key: "type", node: t("For rent") });
  for (const key of ["city", "state", "country"] as const)
    if (query[key]) parts.push({ key, node: <bdi>{t(String(query[key]))}</bdi> });
  const min = query.min_price !== undefined ? Number(query.min_price) : null;
  const max = query.max_price !== undefined ? Number(query.max_price) : null;
  if (min !== null && max !== null)
    parts.push({
      key: "price",
      node: (
        <>
          {<Price amount={min} />} – {<Price amount={max} />}
        </>
      ),
    });
  else if (min !== null)
    parts.push({
      key: "price",
      node: (
        <>
          {t("From")} <Price amount={min} />
        </>
      ),
    });
  else if (max !== null)
    parts.push({
      key: "price",
      node: (
        <>
          {t("Up to")} <Price amount={max} />
        </>
      ),
    });
  if (query.bbox) parts.push({ key: "area", node: t("Map area") });
  if (query.within_km !== undefined)
    parts.push({ key: "near", node: t("Within {{n}} km", { n: Number(query.within_km) }) });
  if (query.parameter_filters || query.facility_ids || query.rentduration)
    parts.push({ key: "more", node: t("More filters") });
  return parts;
}

export function SearchSummary({
  query,
  t,
  categories,
}: {
  query: Query;
  t: Translator["t"];
  categories: Category[];
}) {
  const parts = searchParts(query, t, categories);
  if (!parts.length) return <>{t("Every listing")}</>;
  return (
    <>
      {parts.map((p, i) => (
        <Fragment key={p.key}>
          {i > 0 ? " · " : null}
          {p.node}
        </Fragment>
      ))}
    </>
  );
}

/** A name for the list page's current search: its words, category, deal and place. */
export function suggestName(search: URLSearchParams, t: Translator["t"], categories: Category[]): string {
  const words = search.get("search")?.trim();
  const category = categories.find((c) => String(c.id) === search.get("category_id"));
  const type = search.get("property_type");
  const city = search.get("city")?.trim();
  const name = [
    words,
    category ? t(category.name) : null,
    type === "sell" ? t("For sale") : type === "rent" ? t("For rent") : null,
    city,
  ]
    .filter(Boolean)
    .join(" · ");
  return (name || t("My search")).slice(0, 80);
}
