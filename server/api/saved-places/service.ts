// A person's saved places: home, work, school… Only their owner (or an admin) reads or removes them.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { userSavedPlaces } from "../../db/schema";
import { ApiError } from "../envelope";

/** Enough for home, work, schools and family; a list this long is still one glance. */
export const MAX_SAVED_PLACES = 20;

export type SavedPlaceRow = typeof userSavedPlaces.$inferSelect;

export async function placesOf(db: Executor, customerId: number): Promise<SavedPlaceRow[]> {
  return db
    .select()
    .from(userSavedPlaces)
    .where(eq(userSavedPlaces.customer_id, customerId))
    .orderBy(asc(userSavedPlaces.id));
}

export async function addPlace(
  db: Executor,
  customerId: number,
  place: { name: string; latitude: number; longitude: number; details: string | null },
) {
  return db.transaction(async (tx) => {
    // Serialises one person's additions so two at once cannot both pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(${customerId}, 1801)`);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(userSavedPlaces)
      .where(eq(userSavedPlaces.customer_id, customerId));
    // The same place under the same name is the one save sent twice (a form posted again without
    // JavaScript): answered with the place already saved (decision 046).
    const [same] = await tx
      .select()
      .from(userSavedPlaces)
      .where(
        and(
          eq(userSavedPlaces.customer_id, customerId),
          eq(userSavedPlaces.name, place.name),
          eq(userSavedPlaces.latitude, place.latitude),
          eq(userSavedPlaces.longitude, place.longitude),
        ),
      )
      .limit(1);
    if (same) return same;
    if ((count?.n ?? 0) >= MAX_SAVED_PLACES)
      throw new ApiError(409, `You can save up to ${MAX_SAVED_PLACES} places: remove one first`);
    const [row] = await tx
      .insert(userSavedPlaces)
      .values({ customer_id: customerId, ...place })
      .returning();
    return row!;
  });
}

/** Removes a place of this person's (an admin may remove anyone's); someone else's is "not found". */
export async function removePlace(db: Executor, placeId: number, caller: { id: number; admin: boolean }) {
  const mine = caller.admin
    ? eq(userSavedPlaces.id, placeId)
    : and(eq(userSavedPlaces.id, placeId), eq(userSavedPlaces.customer_id, caller.id));
  const [row] = await db.delete(userSavedPlaces).where(mine).returning();
  if (!row) throw new ApiError(404, "Saved place not found");
  return row;
}
