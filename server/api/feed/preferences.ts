// What a person looks for (spec §3 "Personalised feed settings"), saved as one row per person.
import { eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { categories, facilities, personalisedFields } from "../../db/schema";
import { ApiError } from "../envelope";
import { englishPlace } from "../places";
import type { PreferencesInput } from "./schema";

export type Preferences = typeof personalisedFields.$inferSelect;

export async function preferencesOf(db: Executor, userId: number): Promise<Preferences | null> {
  const [row] = await db
    .select()
    .from(personalisedFields)
    .where(eq(personalisedFields.user_id, userId))
    .limit(1);
  return row ?? null;
}

/** As the API answers it: the empty preferences of someone who never set any are answered too. */
export function preferencesView(userId: number, row: Preferences | null) {
  return {
    user_id: userId,
    category_ids: row?.category_ids ?? [],
    outdoor_facilitiy_ids: row?.outdoor_facilitiy_ids ?? [],
    price_range: [row?.min_price ?? null, row?.max_price ?? null] as [number | null, number | null],
    property_type: row?.property_type ?? null,
    city: row?.city ?? null,
    updated_at: row?.updated_at ?? null,
  };
}

/** Saves all of them at once (the form sends every field); ids that do not exist are refused on their field. */
export async function savePreferences(db: Executor, userId: number, input: PreferencesInput) {
  const [knownCategories, knownFacilities] = await Promise.all([
    input.category_ids.length
      ? db.select({ id: categories.id }).from(categories).where(inArray(categories.id, input.category_ids))
      : [],
    input.outdoor_facilitiy_ids.length
      ? db
          .select({ id: facilities.id })
          .from(facilities)
          .where(inArray(facilities.id, input.outdoor_facilitiy_ids))
      : [],
  ]);
  const errors: Record<string, string[]> = {};
  const missing = (asked: number[], found: { id: number }[]) =>
    asked.filter((id) => !found.some((f) => f.id === id));
  if (missing(input.category_ids, knownCategories).length)
    errors.category_ids = [`No such category: ${missing(input.category_ids, knownCategories).join(", ")}`];
  if (missing(input.outdoor_facilitiy_ids, knownFacilities).length)
    errors.outdoor_facilitiy_ids = [
      `No such facility: ${missing(input.outdoor_facilitiy_ids, knownFacilities).join(", ")}`,
    ];
  if (Object.keys(errors).length) throw new ApiError(400, Object.values(errors)[0]![0]!, errors);
  // A city typed in Arabic is kept by its English name, as listings keep theirs.
  const city = input.city ? await englishPlace(db, input.city) : null;
  const values = {
    category_ids: input.category_ids,
    outdoor_facilitiy_ids: input.outdoor_facilitiy_ids,
    min_price: input.price_range[0],
    max_price: input.price_range[1],
    property_type: input.property_type ?? null,
    city,
    updated_at: new Date(),
  };
  const [row] = await db
    .insert(personalisedFields)
    .values({ user_id: userId, ...values })
    .onConflictDoUpdate({ target: personalisedFields.user_id, set: values })
    .returning();
  return row!;
}

export async function clearPreferences(db: Executor, userId: number) {
  const rows = await db
    .delete(personalisedFields)
    .where(eq(personalisedFields.user_id, userId))
    .returning({ id: personalisedFields.user_id });
  return rows.length > 0;
}

/** Whether any preference is set (an empty row is the same as none). */
export function hasPreferences(p: Preferences | null): p is Preferences {
  return Boolean(
    p &&
    (p.category_ids.length ||
      p.outdoor_facilitiy_ids.length ||
      p.min_price !== null ||
      p.max_price !== null ||
      p.property_type ||
      p.city),
  );
}
