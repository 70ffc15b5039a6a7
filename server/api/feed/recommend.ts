// The personal feed (`get_user_recommendation`): live listings ranked for one person. Their stated
// preferences come first, then what they did (favourites, listings they opened, asked about or
// messaged about), then what is most viewed near them. Never their own listings, never ones they
// said "Not interested" to, never ones already in their favourites.
//
// It stays fast on a large catalogue by never ranking the catalogue: a handful of small, indexed
// candidate queries (each newest-first or most-viewed-first with a LIMIT) run as one statement, and
// only those few hundred candidates are scored here.
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "../../db/client.server";
import { categories, users } from "../../db/schema";
import { localize } from "../i18n";
import { placeLabels } from "../places";
import { readSettings } from "../settings/calls";
import { propertyCards, type ListOptions } from "../listings/property/service";
import { hasPreferences, preferencesOf, type Preferences } from "./preferences";
import type { WhyKind } from "./output";

type Why = z.infer<typeof WhyKind>;

/** How many listings each candidate source offers at most. */
const PER_SOURCE = 120;

interface Signal {
  property_id: number;
  kind: "favourite" | "viewed" | "interested" | "contacted";
  category_id: number;
  city: string;
  price: number;
  property_type: "sell" | "rent";
}

interface Candidate {
  id: number;
  source: string;
  category_id: number;
  city: string;
  price: number;
  property_type: "sell" | "rent";
  total_click: number;
  created_at: Date;
  facility_match: boolean;
  viewed: boolean;
}

const visible = sql`p.request_status = 'approved' and p.status = 'active'`;
/** What a person's own actions weigh: saying so counts more than opening a page. */
const WEIGHT: Record<Signal["kind"], number> = { favourite: 3, interested: 3, contacted: 3, viewed: 1 };

async function signalsOf(db: Executor, userId: number): Promise<Signal[]> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select s.property_id, s.kind, p.category_id, p.city, p.price, p.property_type
    from (
      (select property_id, 'favourite' as kind, created_at as at from favourites where user_id = ${userId} order by created_at desc limit 30)
      union all
      (select property_id, 'viewed', viewed_at from listing_views where user_id = ${userId} order by viewed_at desc limit 30)
      union all
      (select property_id, 'interested', created_at from interested_users where user_id = ${userId} order by created_at desc limit 30)
      union all
      (select property_id, 'contacted', max(created_at) from chat_messages where sender_id = ${userId} and property_id is not null group by property_id order by 3 desc limit 30)
    ) s
    join properties p on p.id = s.property_id
    order by s.at desc`);
  return rows.map((r) => ({
    kind: r.kind as Signal["kind"],
    city: String(r.city),
    property_type: r.property_type as Signal["property_type"],
    property_id: Number(r.property_id),
    category_id: Number(r.category_id),
    price: Number(r.price),
  }));
}

/** The (category, city) pairs a person's actions point at, strongest first. */
function tastes(signals: Signal[]) {
  const pairs = new Map<
    string,
    { category_id: number; city: string; weight: number; kind: Signal["kind"] }
  >();
  for (const s of signals) {
    const key = `${s.category_id}|${s.city.toLowerCase()}`;
    const seen = pairs.get(key);
    if (seen) {
      seen.weight += WEIGHT[s.kind];
      if (WEIGHT[s.kind] > WEIGHT[seen.kind]) seen.kind = s.kind;
    } else pairs.set(key, { category_id: s.category_id, city: s.city, weight: WEIGHT[s.kind], kind: s.kind });
  }
  const ranked = [...pairs.values()].sort((a, b) => b.weight - a.weight);
  const prices = signals.map((s) => s.price).sort((a, b) => a - b);
  const median = prices.length ? prices[Math.floor(prices.length / 2)]! : null;
  return {
    pairs: ranked,
    median,
    categories: new Set(signals.map((s) => s.category_id)),
    cities: new Set(signals.map((s) => s.city.toLowerCase())),
  };
}

function preferenceConditions(prefs: Preferences): SQL[] {
  const where: SQL[] = [];
  if (prefs.category_ids.length)
    where.push(sql`p.category_id in ${sql.raw(`(${prefs.category_ids.map(Number).join(",")})`)}`);
  if (prefs.city) where.push(sql`lower(p.city) = lower(${prefs.city})`);
  if (prefs.property_type) where.push(sql`p.property_type = ${prefs.property_type}`);
  if (prefs.min_price !== null) where.push(sql`p.price >= ${prefs.min_price}`);
  if (prefs.max_price !== null) where.push(sql`p.price <= ${prefs.max_price}`);
  // Facilities nearby weigh in the score (facility_match) rather than filter: as a filter the planner
  // cannot tell how rare they make a match, and a listing without one is still worth showing.
  return where;
}

const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

/** One statement: every candidate source, each a small indexed read, minus what must never show. */
async function candidates(
  db: Executor,
  userId: number,
  prefs: Preferences | null,
  taste: ReturnType<typeof tastes>,
  homeCity: string | null,
): Promise<Candidate[]> {
  const sources: SQL[] = [];
  const source = (name: string, where: SQL[], order: SQL, limit = PER_SOURCE) =>
    sources.push(
      sql`(select p.id, ${name}::text as source from properties p where ${visible} and ${and(where)} order by ${order} limit ${limit})`,
    );
  const newest = sql`p.created_at desc, p.id desc`;
  const mostViewed = sql`p.total_click desc, p.id desc`;
  if (prefs) {
    const strict = preferenceConditions(prefs);
    // Only facilities asked for: they weigh in the score of the other candidates.
    if (strict.length) source("preferences", strict, newest);
    // Loosened (only what they look for and where), for when the strict match is thin.
    const loose: SQL[] = [];
    if (prefs.category_ids.length)
      loose.push(sql`p.category_id in ${sql.raw(`(${prefs.category_ids.map(Number).join(",")})`)}`);
    if (prefs.city) loose.push(sql`lower(p.city) = lower(${prefs.city})`);
    if (loose.length && loose.length < strict.length) source("preferences_loose", loose, newest, 60);
  }
  for (const pair of taste.pairs.slice(0, 3)) {
    source(
      `taste:${pair.kind}:${pair.category_id}|${pair.city.toLowerCase()}`,
      [sql`p.category_id = ${pair.category_id}`, sql`lower(p.city) = lower(${pair.city})`],
      newest,
      60,
    );
  }
  if (homeCity) source("popular_near", [sql`lower(p.city) = lower(${homeCity})`], mostViewed, 60);
  source("popular", [], mostViewed, 60);
  const facilityMatch = prefs?.outdoor_facilitiy_ids.length
    ? sql`exists (select 1 from assign_facilities af where af.property_id = p.id and af.facility_id in ${sql.raw(`(${prefs.outdoor_facilitiy_ids.map(Number).join(",")})`)})`
    : sql`false`;
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    with c as (${sql.join(sources, sql` union all `)})
    select p.id, string_agg(distinct c.source, ' ') as source, p.category_id, p.city, p.price, p.property_type, p.total_click, p.created_at,
      ${facilityMatch} as facility_match,
      exists (select 1 from listing_views v where v.user_id = ${userId} and v.property_id = p.id) as viewed
    from c
    join properties p on p.id = c.id
    where p.added_by <> ${userId}
      and not exists (select 1 from recommendation_dismissals d where d.user_id = ${userId} and d.property_id = p.id)
      and not exists (select 1 from favourites f where f.user_id = ${userId} and f.property_id = p.id)
    group by p.id`);
  return rows.map((r) => ({
    id: Number(r.id),
    source: String(r.source),
    category_id: Number(r.category_id),
    city: String(r.city),
    price: Number(r.price),
    property_type: r.property_type as Candidate["property_type"],
    total_click: Number(r.total_click),
    created_at: new Date(r.created_at as string),
    facility_match: r.facility_match === true,
    viewed: r.viewed === true,
  }));
}

interface Scored {
  id: number;
  score: number;
  created: number;
  why: { kind: Why; category_id?: number; city?: string };
}

function score(
  c: Candidate,
  prefs: Preferences | null,
  taste: ReturnType<typeof tastes>,
  now: number,
): Scored {
  let s = 0;
  let why: Scored["why"] | null = null;
  const sources = c.source.split(" ");
  if (prefs) {
    const catOk = !prefs.category_ids.length || prefs.category_ids.includes(c.category_id);
    const cityOk = !prefs.city || prefs.city.toLowerCase() === c.city.toLowerCase();
    const typeOk = !prefs.property_type || prefs.property_type === c.property_type;
    const priceOk =
      (prefs.min_price === null || c.price >= prefs.min_price) &&
      (prefs.max_price === null || c.price <= prefs.max_price);
    s +=
      (catOk && prefs.category_ids.length ? 3 : 0) +
      (cityOk && prefs.city ? 3 : 0) +
      (typeOk && prefs.property_type ? 1 : 0) +
      (priceOk ? 2 : 0) +
      (c.facility_match ? 1.5 : 0);
    if (sources.includes("preferences")) {
      s += 6;
      why = { kind: "preferences" };
    } else if (sources.includes("preferences_loose")) {
      s += 2;
      why = { kind: "preferences" };
    }
  }
  const pair = taste.pairs.findIndex(
    (t) => t.category_id === c.category_id && t.city.toLowerCase() === c.city.toLowerCase(),
  );
  if (pair >= 0) {
    const t = taste.pairs[pair]!;
    s += 4 - pair + Math.min(t.weight, 9) / 3;
    why ??= { kind: t.kind === "favourite" ? "favourite" : t.kind, category_id: t.category_id, city: t.city };
  } else {
    if (taste.categories.has(c.category_id)) s += 1;
    if (taste.cities.has(c.city.toLowerCase())) s += 1;
  }
  if (taste.median !== null && c.price >= taste.median * 0.6 && c.price <= taste.median * 1.5) s += 1;
  // Popularity and freshness break ties among equally good matches.
  s += Math.log10(1 + c.total_click) * 0.5;
  s += Math.exp(-(now - c.created_at.getTime()) / (30 * 86_400_000));
  // Opened already: still shown, after what is new to them.
  if (c.viewed) s -= 3;
  why ??= sources.includes("popular_near") ? { kind: "popular_near", city: c.city } : { kind: "popular" };
  return { id: c.id, score: s, created: c.created_at.getTime(), why };
}

const PLURAL_ES = /(s|x|z|ch|sh)$/i;
const plural = (word: string) =>
  PLURAL_ES.test(word) ? `${word}es` : /[^aeiou]y$/i.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`;

/** The few words on a card that say why it is there, in the caller's language. */
async function reasons(db: Executor, lang: string, prefs: Preferences | null, picked: Scored[]) {
  const categoryIds = new Set<number>([
    ...(prefs?.category_ids ?? []),
    ...picked.flatMap((p) => (p.why.category_id ? [p.why.category_id] : [])),
  ]);
  const [cats, settings, label] = await Promise.all([
    categoryIds.size
      ? db
          .select({ id: categories.id, category: categories.category, translations: categories.translations })
          .from(categories)
          .where(inArray(categories.id, [...categoryIds]))
      : [],
    readSettings(db),
    placeLabels(db, lang, [prefs?.city, ...picked.map((p) => p.why.city)]),
  ]);
  const ar = lang === "ar";
  const catName = (id: number) => {
    const c = cats.find((x) => x.id === id);
    if (!c) return ar ? "عقارات" : "Homes";
    return ar ? localize(c.translations, lang, "category", c.category) : plural(c.category);
  };
  const money = (n: number) =>
    `${settings.currency_symbol} ${new Intl.NumberFormat(ar ? "ar" : "en", { notation: "compact", maximumFractionDigits: 1 }).format(n)}`;
  const preferenceText = () => {
    if (!prefs) return "";
    const what = prefs.category_ids.length === 1 ? catName(prefs.category_ids[0]!) : ar ? "عقارات" : "Homes";
    const parts = [what];
    if (prefs.property_type)
      parts.push(
        ar
          ? prefs.property_type === "rent"
            ? "للإيجار"
            : "للبيع"
          : prefs.property_type === "rent"
            ? "for rent"
            : "for sale",
      );
    if (prefs.city) parts.push(ar ? `في ${label(prefs.city)}` : `in ${prefs.city}`);
    const [min, max] = [prefs.min_price, prefs.max_price];
    if (min !== null && max !== null)
      parts.push(ar ? `من ${money(min)} إلى ${money(max)}` : `from ${money(min)} to ${money(max)}`);
    else if (max !== null) parts.push(ar ? `بأقل من ${money(max)}` : `under ${money(max)}`);
    else if (min !== null) parts.push(ar ? `من ${money(min)}` : `from ${money(min)}`);
    return parts.join(" ");
  };
  const prefText = preferenceText();
  return (w: Scored["why"]): string => {
    const where = w.city ? (ar ? `في ${label(w.city)}` : `in ${w.city}`) : "";
    const what = w.category_id ? catName(w.category_id) : "";
    switch (w.kind) {
      case "preferences":
        return prefText;
      case "favourite":
        return ar ? `${what} ${where}، مثل ما حفظته في المفضلة` : `${what} ${where}, like ones you saved`;
      case "viewed":
        return ar ? `${what} ${where}، مثل ما شاهدته` : `${what} ${where}, like ones you viewed`;
      case "contacted":
        return ar ? `${what} ${where}، مثل ما راسلت عنه` : `${what} ${where}, like ones you asked about`;
      case "interested":
        return ar
          ? `${what} ${where}، مثل ما أبديت اهتمامك به`
          : `${what} ${where}, like ones you showed interest in`;
      case "popular_near":
        return ar ? `الأكثر مشاهدة ${where}` : `Most viewed ${where}`;
      default:
        return ar ? "الأكثر مشاهدة الآن" : "Most viewed now";
    }
  };
}

/** The person's feed, one page of it, with how many listings it holds in all. */
export async function recommendationsFor(
  db: Executor,
  userId: number,
  page: { offset: number; limit: number },
  opts: ListOptions,
) {
  const [prefsRow, signals, [me]] = await Promise.all([
    preferencesOf(db, userId),
    signalsOf(db, userId),
    db.select({ city: users.city }).from(users).where(eq(users.id, userId)).limit(1),
  ]);
  const prefs = hasPreferences(prefsRow) ? prefsRow : null;
  const taste = tastes(signals);
  // "Near them": the city they asked for, else their profile's, else where they have been looking.
  const homeCity = prefs?.city ?? me?.city ?? taste.pairs[0]?.city ?? null;
  const found = await candidates(db, userId, prefs, taste, homeCity);
  const now = Date.now();
  const ranked = found
    .map((c) => score(c, prefs, taste, now))
    .sort((a, b) => b.score - a.score || b.created - a.created || b.id - a.id);
  const picked = ranked.slice(page.offset, page.offset + page.limit);
  const [cards, text] = await Promise.all([
    propertyCards(
      db,
      picked.map((p) => p.id),
      opts,
    ),
    reasons(db, opts.lang, prefs, picked),
  ]);
  const whyOf = new Map(picked.map((p) => [p.id, p.why]));
  return {
    rows: cards.map((card) => {
      const w = whyOf.get(card.id)!;
      return { ...card, why: { kind: w.kind, text: text(w).replace(/\s+/g, " ").trim() } };
    }),
    total: ranked.length,
  };
}
