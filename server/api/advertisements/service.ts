// Featured listings (advertisements): a listing's owner pays one unit of a package's feature to
// have it promoted until that package ends. An approved advertisement whose end_date is in the
// future is live; once end_date passes it reads "expired" without any job rewriting the row.
import { and, asc, desc, eq, gt, inArray, lte, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import {
  advertisements,
  projects,
  properties,
  propertyImages,
  userPackageFeatures,
  userPackages,
} from "../../db/schema";
import type { FileStorage } from "../../media/storage.server";
import { ApiError, forbidden, notFound } from "../envelope";
import { localize } from "../i18n";
import { assertNotDemoData, assertOwner, lockListing } from "../listings/guards";
import { takeFeature } from "../packages/quota";
import { readSettings } from "../settings/calls";
import { propertyCards } from "../listings/property/service";
import { imageView } from "../image-view";
import { cover as projectCover, listProjects, projectCoverColumns } from "../listings/project/service";
import type { UserRow } from "../users/service";
import type { FeatureFor, FeaturedDataQuery, StoreAdvertisementInput } from "./schema";

export const NOT_LIVE_MESSAGE = "Only an approved, active listing can be featured";
export const ALREADY_FEATURED_MESSAGE = "This listing is already featured";
export const ALREADY_WAITING_MESSAGE = "This listing is already waiting for approval";
export const NOT_WITHDRAWABLE_MESSAGE = "Only a pending or running advertisement can be withdrawn";

const a = advertisements;

/** Approved and not yet ended: what promotes a listing now. */
const liveAd = and(eq(a.status, "approved"), gt(a.end_date, sql`now()`))!;

/** The column of `advertisements` that points at this kind of listing. */
const targetOf = (kind: FeatureFor) => (kind === "property" ? a.property_id : a.project_id);

export type AdStatus = "pending" | "approved" | "rejected" | "expired";

/** The stored status as the owner should read it: an approved advertisement past its end has expired. */
function shownStatus(row: { status: AdStatus; end_date: Date }, now = Date.now()): AdStatus {
  return row.status === "approved" && row.end_date.getTime() <= now ? "expired" : row.status;
}

function present(row: typeof advertisements.$inferSelect) {
  return {
    id: row.id,
    feature_for: row.feature_for as FeatureFor,
    property_id: row.property_id,
    project_id: row.project_id,
    status: shownStatus(row),
    start_date: row.start_date.toISOString(),
    end_date: row.end_date.toISOString(),
    reject_reason: row.status === "rejected" ? row.reject_reason : null,
    created_at: row.created_at.toISOString(),
  };
}

export type AdvertisementView = ReturnType<typeof present>;

/**
 * The soonest end among the caller's live packages that include this feature. The unit just
 * taken came from one of them, so an advertisement ending then never outlives the package that
 * paid for it (at worst it ends with an earlier package of the same feature).
 */
async function paidUntil(
  tx: Executor,
  userId: number,
  feature: "property_feature" | "project_feature",
): Promise<Date> {
  const [row] = await tx
    .select({ end_at: userPackages.end_at })
    .from(userPackages)
    .innerJoin(userPackageFeatures, eq(userPackageFeatures.user_package_id, userPackages.id))
    .where(
      and(
        eq(userPackages.user_id, userId),
        eq(userPackageFeatures.type, feature),
        lte(userPackages.start_at, sql`now()`),
        gt(userPackages.end_at, sql`now()`),
      ),
    )
    .orderBy(asc(userPackages.end_at))
    .limit(1);
  // takeFeature has just found such a package in this transaction: its absence is a bug, not a refusal.
  if (!row) throw new Error("No live package with the feature after taking a unit of it");
  return row.end_at;
}

/**
 * `store_advertisement`: the owner's approved, active listing, featured with one unit of their
 * package. The listing row is locked first, so two requests for one listing take turns and the
 * second sees the first one's advertisement; the unit is taken and the advertisement written in
 * the same transaction, so a refusal leaves both untouched.
 */
export async function featureListing(db: Executor, user: UserRow, input: StoreAdvertisementInput) {
  const { kind, id } = input;
  const owned = await assertOwner(db, kind, id, user);
  await assertNotDemoData(db, owned.added_by);
  const table = kind === "property" ? properties : projects;
  return db.transaction(async (tx) => {
    await lockListing(tx, kind, id);
    // Read under the lock: an admin's rejection or the owner's switch-off just before counts.
    const [listing] = await tx
      .select({ request_status: table.request_status, status: table.status })
      .from(table)
      .where(eq(table.id, id));
    if (!listing || listing.request_status !== "approved" || listing.status !== "active") {
      throw new ApiError(400, NOT_LIVE_MESSAGE, {
        [kind === "property" ? "property_id" : "project_id"]: [NOT_LIVE_MESSAGE],
      });
    }
    const [current] = await tx
      .select({ status: a.status })
      .from(a)
      .where(and(eq(targetOf(kind), id), or(eq(a.status, "pending"), liveAd)))
      .orderBy(desc(a.id))
      .limit(1);
    if (current)
      throw new ApiError(
        409,
        current.status === "pending" ? ALREADY_WAITING_MESSAGE : ALREADY_FEATURED_MESSAGE,
      );

    const feature = kind === "property" ? "property_feature" : "project_feature";
    await takeFeature(tx, user.id, feature);
    const end_date = await paidUntil(tx, user.id, feature);
    // The same switch that publishes new listings at once decides whether an admin looks first.
    const status = (await readSettings(tx)).auto_approve ? ("approved" as const) : ("pending" as const);
    const [row] = await tx
      .insert(a)
      .values({
        user_id: user.id,
        feature_for: kind,
        property_id: kind === "property" ? id : null,
        project_id: kind === "project" ? id : null,
        status,
        end_date,
      })
      .returning();
    return present(row!);
  });
}

interface ReadOptions {
  lang: string;
  storage: FileStorage;
  viewerId?: number | null;
  /** Admins see owners' phone and email on the cards (decision 023). */
  admin?: boolean;
}

/**
 * `get-featured-data`: public listings with a live advertisement, the newest advertisement first.
 * The page of ids is found here (the listing queries order by the listing, not by its
 * advertisement); the cards are then read by the listings' own card queries (properties in one
 * query), so a featured card is exactly what get_property or get-projects would show for it.
 */
export async function featuredListings(db: Executor, q: FeaturedDataQuery, opts: ReadOptions) {
  const kind = q.type;
  const target = targetOf(kind);
  const table = kind === "property" ? properties : projects;
  const where = and(
    liveAd,
    eq(a.feature_for, kind),
    eq(table.request_status, "approved"),
    eq(table.status, "active"),
  );
  const newest = sql<Date>`max(${a.created_at})`;
  const [page, [count]] = await Promise.all([
    db
      .select({ id: sql<number>`${target}` })
      .from(a)
      .innerJoin(table, eq(table.id, target))
      .where(where)
      .groupBy(target)
      .orderBy(desc(newest), desc(target))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(distinct ${target})::int` })
      .from(a)
      .innerJoin(table, eq(table.id, target))
      .where(where),
  ]);
  const total = count?.n ?? 0;
  const ids = page.map((r) => Number(r.id));
  if (kind === "property") return { kind, rows: await propertyCards(db, ids, opts), total };
  const cards = await Promise.all(
    ids.map(async (id) => (await listProjects(db, { id, limit: 1, offset: 0 }, opts)).rows[0] ?? null),
  );
  return { kind, rows: cards.filter((c) => c !== null), total };
}

/** `get-advertisements`: the caller's own advertisements, newest first, with their listing. */
export async function ownAdvertisements(
  db: Executor,
  userId: number,
  page: { offset: number; limit: number },
  { lang, storage }: ReadOptions,
) {
  const mine = eq(a.user_id, userId);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        ad: a,
        property: {
          id: properties.id,
          title: properties.title,
          slug_id: properties.slug_id,
          request_status: properties.request_status,
          status: properties.status,
        },
        project: {
          id: projects.id,
          title: projects.title,
          translations: projects.translations,
          slug_id: projects.slug_id,
          request_status: projects.request_status,
          status: projects.status,
          ...projectCoverColumns,
        },
      })
      .from(a)
      .leftJoin(properties, eq(properties.id, a.property_id))
      .leftJoin(projects, eq(projects.id, a.project_id))
      .where(mine)
      .orderBy(desc(a.created_at), desc(a.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(a)
      .where(mine),
  ]);
  const propertyIds = rows.flatMap((r) => (r.property ? [r.property.id] : []));
  const covers = propertyIds.length
    ? await db
        .select()
        .from(propertyImages)
        .where(and(inArray(propertyImages.property_id, propertyIds), eq(propertyImages.position, 0)))
    : [];
  return {
    total: count?.n ?? 0,
    rows: rows.map(({ ad, property, project }) => {
      let listing = null;
      if (property) {
        const cover = covers.find((c) => c.property_id === property.id);
        listing = {
          id: property.id,
          title: property.title,
          slug_id: property.slug_id,
          request_status: property.request_status,
          status: property.status,
          title_image: cover ? imageView(storage, cover) : null,
        };
      } else if (project) {
        listing = {
          id: project.id,
          title: localize(project.translations, lang, "title", project.title),
          slug_id: project.slug_id,
          request_status: project.request_status,
          status: project.status,
          title_image: projectCover(storage, project),
        };
      }
      return { ...present(ad), listing };
    }),
  };
}

/**
 * `delete-advertisement`: the owner withdraws a pending or running advertisement. The unit of the
 * package it used is not given back: it paid for the time the listing was (or could have been)
 * featured, and a refund would let one unit feature listings again and again.
 */
export async function withdrawAdvertisement(db: Executor, user: UserRow, id: number) {
  const [ad] = await db.select().from(a).where(eq(a.id, id)).limit(1);
  if (!ad) throw notFound("Advertisement not found");
  if (ad.user_id !== user.id) throw forbidden();
  await assertNotDemoData(db, ad.user_id);
  const shown = shownStatus(ad);
  if (shown !== "pending" && shown !== "approved") throw new ApiError(400, NOT_WITHDRAWABLE_MESSAGE);
  // Still pending or live at the moment of deleting: an admin's decision in between is not lost.
  const gone = await db
    .delete(a)
    .where(and(eq(a.id, ad.id), or(eq(a.status, "pending"), liveAd)))
    .returning({ id: a.id });
  if (!gone.length) throw new ApiError(400, NOT_WITHDRAWABLE_MESSAGE);
  return { id: ad.id };
}
