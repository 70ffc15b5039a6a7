// The home page's sections, and the order an admin put them in (the `home_sections` setting).
// The stored list is read leniently: a section it does not name (one added to the site later) is
// shown after the named ones, and a name the site no longer has is dropped, so the page never
// loses a section or breaks over an old setting.
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { settings } from "../../db/schema";

/** Every section below the search box, in the order a fresh install shows them. */
export const HOME_SECTIONS = [
  "slider",
  "categories",
  "featured",
  "latest",
  "most_viewed",
  "most_liked",
  "nearby",
  "projects",
  "agents",
  "articles",
] as const;

export type HomeSectionKey = (typeof HOME_SECTIONS)[number];
export type HomeSection = { key: HomeSectionKey; visible: boolean };

export const HOME_SECTIONS_KEY = "home_sections";

const isSection = (v: unknown): v is HomeSectionKey => (HOME_SECTIONS as readonly unknown[]).includes(v);

/** The full list, in order, from whatever is stored (nothing, or an older list). */
export function homeSectionsOf(stored: unknown): HomeSection[] {
  const out: HomeSection[] = [];
  for (const item of Array.isArray(stored) ? stored : []) {
    const key = (item as { key?: unknown })?.key;
    if (isSection(key) && !out.some((s) => s.key === key))
      out.push({ key, visible: (item as { visible?: unknown }).visible !== false });
  }
  for (const key of HOME_SECTIONS) if (!out.some((s) => s.key === key)) out.push({ key, visible: true });
  return out;
}

export async function readHomeSections(db: Executor): Promise<HomeSection[]> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, HOME_SECTIONS_KEY))
    .limit(1);
  return homeSectionsOf(row?.value);
}
