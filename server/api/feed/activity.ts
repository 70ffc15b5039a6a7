// What a person did that their feed learns from, beyond favourites and messages: the listings they
// opened, and the ones they said "Not interested" to.
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { listingViews, properties, recommendationDismissals } from "../../db/schema";
import { notFound } from "../envelope";

/** A signed-in person opened a listing: remembered once per listing, with the last time and how often. */
export async function recordView(db: Executor, userId: number, propertyId: number) {
  await db
    .insert(listingViews)
    .values({ user_id: userId, property_id: propertyId })
    .onConflictDoUpdate({
      target: [listingViews.user_id, listingViews.property_id],
      set: { viewed_at: sql`now()`, views: sql`${listingViews.views} + 1` },
    });
}

export async function setDismissed(db: Executor, userId: number, propertyId: number, dismissed: boolean) {
  const [listing] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .limit(1);
  if (!listing) throw notFound("Property not found");
  if (dismissed)
    await db
      .insert(recommendationDismissals)
      .values({ user_id: userId, property_id: propertyId })
      .onConflictDoNothing();
  else
    await db
      .delete(recommendationDismissals)
      .where(
        and(
          eq(recommendationDismissals.user_id, userId),
          eq(recommendationDismissals.property_id, propertyId),
        ),
      );
  return { property_id: propertyId, dismissed };
}
