// Favourites (a heart on a listing) and interest (telling the owner you would like to hear more).
// Both are one row per person and listing: adding twice or removing what is not there changes
// nothing, so a double tap or a repeated form post is harmless.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.server";
import { notify } from "../notifications/service";
import { favourites, interestedUsers, properties } from "../../db/schema";
import { ApiError, notFound } from "../envelope";

/** A listing the public can see; favourites and interest are for those only. */
async function publicListing(db: Executor, propertyId: number) {
  const [row] = await db
    .select({
      id: properties.id,
      added_by: properties.added_by,
      title: properties.title,
      slug_id: properties.slug_id,
      request_status: properties.request_status,
      status: properties.status,
    })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .limit(1);
  if (!row || row.request_status !== "approved" || row.status !== "active")
    throw notFound("Property not found");
  return row;
}

const favouritesOf = async (db: Executor, propertyId: number) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(favourites)
      .where(eq(favourites.property_id, propertyId))
  )[0]?.n ?? 0;

export async function setFavourite(db: Executor, userId: number, propertyId: number, on: boolean) {
  await publicListing(db, propertyId);
  if (on)
    await db.insert(favourites).values({ user_id: userId, property_id: propertyId }).onConflictDoNothing();
  else
    await db
      .delete(favourites)
      .where(and(eq(favourites.user_id, userId), eq(favourites.property_id, propertyId)));
  return { property_id: propertyId, is_favourite: on, favourites_count: await favouritesOf(db, propertyId) };
}

export const OWN_LISTING_INTEREST = "This is your own listing";

/** Registers or withdraws interest; the owner is told of new interest in the same transaction. */
export async function setInterest(
  db: Database,
  user: { id: number; name: string },
  propertyId: number,
  on: boolean,
) {
  const listing = await publicListing(db, propertyId);
  if (listing.added_by === user.id) throw new ApiError(400, OWN_LISTING_INTEREST);
  await db.transaction(async (tx) => {
    if (!on) {
      await tx
        .delete(interestedUsers)
        .where(and(eq(interestedUsers.user_id, user.id), eq(interestedUsers.property_id, propertyId)));
      return;
    }
    const added = await tx
      .insert(interestedUsers)
      .values({ user_id: user.id, property_id: propertyId })
      .onConflictDoNothing()
      .returning();
    if (added.length)
      await notify(
        tx,
        listing.added_by,
        "interest",
        { name: user.name, listing: listing.title },
        `/my-property/${listing.slug_id}`,
      );
  });
  return { property_id: propertyId, is_interested: on };
}

/** The ids of a person's favourite listings that are still public, the latest heart first. */
export async function favouriteIds(db: Executor, userId: number, page: { offset: number; limit: number }) {
  const visible = and(
    eq(favourites.user_id, userId),
    eq(properties.request_status, "approved"),
    eq(properties.status, "active"),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: favourites.property_id })
      .from(favourites)
      .innerJoin(properties, eq(properties.id, favourites.property_id))
      .where(visible)
      .orderBy(desc(favourites.created_at), desc(favourites.property_id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(favourites)
      .innerJoin(properties, eq(properties.id, favourites.property_id))
      .where(visible),
  ]);
  return { ids: rows.map((r) => r.id), total: count?.n ?? 0 };
}

/** Whether this person told the owner they are interested, and whether the listing is their own. */
export async function interestOf(db: Executor, userId: number, propertyId: number) {
  const [row] = await db
    .select({
      own: sql<boolean>`${properties.added_by} = ${userId}`,
      interested: sql<boolean>`exists (select 1 from interested_users i where i.user_id = ${userId} and i.property_id = ${properties.id})`,
    })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .limit(1);
  return { is_interested: row?.interested ?? false, own: row?.own ?? false };
}
