// The owner's side of their listings: every status (not only what the public sees), with the
// numbers an owner watches (views, favourites, interested people).
import { tourFilesOf } from "../tours/service";
import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import {
  assignParameters,
  categories,
  interestedUsers,
  parameters,
  projectDocuments,
  projectImages,
  projectPlans,
  projects,
  properties,
  propertyDocuments,
  propertyImages,
  users,
} from "../../db/schema";
import { parameterFiles, photoFiles, singleFiles } from "../uploads.server";
import { cover as projectCover } from "./project/service";
import type { FileStorage } from "../../media/storage.server";
import { localize } from "../i18n";
import { placeLabels } from "../places";
import { imageView } from "../image-view";
import type { AddedProjectsQuery, AddedPropertiesQuery } from "./schema";

const p = properties;
const pr = projects;

// Qualified by hand: inside a subquery an unqualified "id" would bind to the subquery's table.
const favouritesCount = sql<number>`(select count(*)::int from favourites f where f.property_id = "properties"."id")`;
const interestedCount = sql<number>`(select count(*)::int from interested_users i where i.property_id = "properties"."id")`;
/** Whether the listing is featured now ("live"), waiting for approval ("pending"), or neither (null). */
const featuredState = (column: "property_id" | "project_id", table: "properties" | "projects") =>
  sql<
    "live" | "pending" | null
  >`(select case when bool_or(a.status = 'approved') then 'live' when bool_or(a.status = 'pending') then 'pending' end
    from advertisements a where a.${sql.raw(column)} = ${sql.raw(`"${table}"."id"`)} and (a.status = 'pending' or (a.status = 'approved' and a.end_date > now())))`;

/** `%`, `_` and `\` typed into a search box are letters, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface Options {
  lang: string;
  storage: FileStorage;
}

type Owned = typeof properties | typeof projects;

/** What narrows an owner's list of either kind: the listing, its status, and words in its title or place. */
function ownerFilters(
  t: Owned,
  address: SQL,
  ownerId: number,
  q: { id?: number; slug_id?: string; status?: string; request_status?: string; search?: string },
): (SQL | undefined)[] {
  const where: (SQL | undefined)[] = [eq(t.added_by, ownerId)];
  if (q.id !== undefined) where.push(eq(t.id, q.id));
  if (q.slug_id) where.push(eq(t.slug_id, q.slug_id));
  if (q.status) where.push(sql`${t.status} = ${q.status}`);
  if (q.request_status) where.push(sql`${t.request_status} = ${q.request_status}`);
  if (q.search) {
    const like = likePattern(q.search);
    where.push(
      or(
        sql`${t.title} ilike ${like}`,
        sql`${address} ilike ${like}`,
        sql`${t.city} ilike ${like}`,
        sql`${t.slug_id} ilike ${like}`,
      ),
    );
  }
  return where;
}

/** The category as an owner's list shows it, in the reader's language. */
const ownCategory = (
  category: {
    id: number;
    category: string;
    slug_id: string;
    translations: Record<string, Record<string, string>>;
  },
  lang: string,
) => ({
  id: category.id,
  category: localize(category.translations, lang, "category", category.category),
  slug_id: category.slug_id,
});

/** Where the owner's listing stands with the team (and why not, when refused) and with the public. */
const ownState = (row: {
  request_status: "pending" | "approved" | "rejected";
  reject_reason: string | null;
  status: "active" | "inactive";
}) => ({
  request_status: row.request_status,
  reject_reason: row.request_status === "rejected" ? row.reject_reason : null,
  status: row.status,
});

export async function ownPropertiesList(
  db: Executor,
  ownerId: number,
  q: AddedPropertiesQuery,
  { lang, storage }: Options,
) {
  const where = ownerFilters(p, sql`${p.address}`, ownerId, q);
  if (q.property_type) where.push(eq(p.property_type, q.property_type));
  if (q.property_status) where.push(eq(p.property_status, q.property_status));
  const filter = and(...where);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        p,
        category: {
          id: categories.id,
          category: categories.category,
          slug_id: categories.slug_id,
          translations: categories.translations,
        },
        favourites_count: favouritesCount,
        interested_count: interestedCount,
        featured: featuredState("property_id", "properties"),
      })
      .from(p)
      .innerJoin(categories, eq(categories.id, p.category_id))
      .where(filter)
      .orderBy(desc(p.updated_at), desc(p.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(p)
      .where(filter),
  ]);
  if (rows.length === 0) return { rows: [], total: count?.n ?? 0 };
  const ids = rows.map((r) => r.p.id);
  const [label, covers] = await Promise.all([
    placeLabels(
      db,
      lang,
      rows.flatMap((r) => [r.p.city, r.p.state, r.p.country]),
    ),
    db
      .select()
      .from(propertyImages)
      .where(and(inArray(propertyImages.property_id, ids), eq(propertyImages.position, 0))),
  ]);
  return {
    total: count?.n ?? 0,
    rows: rows.map(({ p: row, category, favourites_count, interested_count, featured }) => {
      const cover = covers.find((c) => c.property_id === row.id);
      return {
        id: row.id,
        slug_id: row.slug_id,
        title: row.title,
        price: row.price,
        property_type: row.property_type,
        rentduration: row.rentduration,
        category: ownCategory(category, lang),
        city: label(row.city),
        state: label(row.state),
        country: label(row.country),
        address: row.address,
        title_image: cover ? imageView(storage, cover) : null,
        is_premium: row.is_premium,
        ...ownState(row),
        property_status: row.property_status,
        total_click: row.total_click,
        favourites_count,
        interested_count,
        featured,
        created_at: row.created_at.toISOString(),
        updated_at: row.updated_at.toISOString(),
      };
    }),
  };
}

export type OwnProperty = Awaited<ReturnType<typeof ownPropertiesList>>["rows"][number];

export async function ownProjectsList(
  db: Executor,
  ownerId: number,
  q: AddedProjectsQuery,
  { lang, storage }: Options,
) {
  const where = ownerFilters(pr, sql`${pr.location}`, ownerId, q);
  if (q.type) where.push(eq(pr.type, q.type));
  const filter = and(...where);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        pr,
        category: {
          id: categories.id,
          category: categories.category,
          slug_id: categories.slug_id,
          translations: categories.translations,
        },
        featured: featuredState("project_id", "projects"),
      })
      .from(pr)
      .innerJoin(categories, eq(categories.id, pr.category_id))
      .where(filter)
      .orderBy(desc(pr.updated_at), desc(pr.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(pr)
      .where(filter),
  ]);
  const label = await placeLabels(
    db,
    lang,
    rows.flatMap((r) => [r.pr.city, r.pr.state, r.pr.country]),
  );
  return {
    total: count?.n ?? 0,
    rows: rows.map(({ pr: row, category, featured }) => ({
      featured,
      id: row.id,
      slug_id: row.slug_id,
      title: localize(row.translations, lang, "title", row.title),
      type: row.type,
      category: ownCategory(category, lang),
      city: label(row.city),
      state: label(row.state),
      country: label(row.country),
      location: row.location,
      image: projectCover(storage, row),
      ...ownState(row),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    })),
  };
}

export type OwnProject = Awaited<ReturnType<typeof ownProjectsList>>["rows"][number];

/** People interested in one listing, newest first (the caller has been checked to own it). */
export async function interestedIn(
  db: Executor,
  propertyId: number,
  page: { offset: number; limit: number },
) {
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        mobile: users.mobile,
        profile: users.profile,
        created_at: interestedUsers.created_at,
      })
      .from(interestedUsers)
      .innerJoin(users, eq(users.id, interestedUsers.user_id))
      .where(eq(interestedUsers.property_id, propertyId))
      .orderBy(desc(interestedUsers.created_at), asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(interestedUsers)
      .where(eq(interestedUsers.property_id, propertyId)),
  ]);
  return { rows: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })), total: count?.n ?? 0 };
}

/** The owner's dashboard: counts by status, views, favourites and interest, and the latest changes. */
export async function ownerDashboard(db: Executor, ownerId: number) {
  const n = (cond: SQL) => sql<number>`(count(*) filter (where ${cond}))::int`;
  const [[props], [projs], recentProps, recentProjs] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        pending: n(sql`${p.request_status} = 'pending'`),
        approved: n(sql`${p.request_status} = 'approved'`),
        rejected: n(sql`${p.request_status} = 'rejected'`),
        active: n(sql`${p.status} = 'active'`),
        inactive: n(sql`${p.status} = 'inactive'`),
        live: n(sql`${p.request_status} = 'approved' and ${p.status} = 'active'`),
        sold: n(sql`${p.property_status} = 'sold'`),
        rented: n(sql`${p.property_status} = 'rented'`),
        views: sql<number>`coalesce(sum(${p.total_click}), 0)::int`,
        favourites: sql<number>`(select count(*)::int from favourites f join properties x on x.id = f.property_id where x.added_by = ${ownerId})`,
        interested: sql<number>`(select count(*)::int from interested_users i join properties x on x.id = i.property_id where x.added_by = ${ownerId})`,
      })
      .from(p)
      .where(eq(p.added_by, ownerId)),
    db
      .select({
        total: sql<number>`count(*)::int`,
        pending: n(sql`${pr.request_status} = 'pending'`),
        approved: n(sql`${pr.request_status} = 'approved'`),
        rejected: n(sql`${pr.request_status} = 'rejected'`),
        active: n(sql`${pr.status} = 'active'`),
        inactive: n(sql`${pr.status} = 'inactive'`),
        live: n(sql`${pr.request_status} = 'approved' and ${pr.status} = 'active'`),
      })
      .from(pr)
      .where(eq(pr.added_by, ownerId)),
    db
      .select({
        id: p.id,
        slug_id: p.slug_id,
        title: p.title,
        request_status: p.request_status,
        status: p.status,
        property_status: p.property_status,
        updated_at: p.updated_at,
      })
      .from(p)
      .where(eq(p.added_by, ownerId))
      .orderBy(desc(p.updated_at), desc(p.id))
      .limit(5),
    db
      .select({
        id: pr.id,
        slug_id: pr.slug_id,
        title: pr.title,
        request_status: pr.request_status,
        status: pr.status,
        updated_at: pr.updated_at,
      })
      .from(pr)
      .where(eq(pr.added_by, ownerId))
      .orderBy(desc(pr.updated_at), desc(pr.id))
      .limit(5),
  ]);
  const recent = [
    ...recentProps.map((r) => ({ kind: "property" as const, ...r })),
    ...recentProjs.map((r) => ({ kind: "project" as const, ...r, property_status: null })),
  ]
    .sort((a, b) => b.updated_at.getTime() - a.updated_at.getTime())
    .slice(0, 5)
    .map((r) => ({ ...r, updated_at: r.updated_at.toISOString() }));
  return { properties: props!, projects: projs!, recent };
}

/**
 * Stored files of a listing about to be deleted (its rows go with it by cascade). Demo photos are
 * shared by many demo listings and are never removed.
 */
export async function storedFilesOf(
  db: Executor,
  kind: "property" | "project",
  id: number,
): Promise<string[]> {
  const keys: string[] = [];
  if (kind === "property") {
    const [[row], images, docs, params] = await Promise.all([
      db
        .select({ three_d_image: properties.three_d_image, meta_image: properties.meta_image })
        .from(properties)
        .where(eq(properties.id, id)),
      db
        .select({ key: propertyImages.key, widths: propertyImages.widths })
        .from(propertyImages)
        .where(eq(propertyImages.property_id, id)),
      db
        .select({ key: propertyDocuments.key })
        .from(propertyDocuments)
        .where(eq(propertyDocuments.property_id, id)),
      db
        .select({ value: assignParameters.value })
        .from(assignParameters)
        .innerJoin(parameters, eq(parameters.id, assignParameters.parameter_id))
        .where(and(eq(assignParameters.property_id, id), eq(parameters.type_of_parameter, "file"))),
    ]);
    keys.push(
      ...images.flatMap(photoFiles),
      ...docs.map((d) => d.key),
      ...params.flatMap((p) => parameterFiles(p.value)),
    );
    for (const single of [row?.three_d_image, row?.meta_image]) if (single) keys.push(...singleFiles(single));
  } else {
    const [[row], images, docs, plans] = await Promise.all([
      db
        .select({
          image: projects.image,
          image_widths: projects.image_widths,
          meta_image: projects.meta_image,
        })
        .from(projects)
        .where(eq(projects.id, id)),
      db
        .select({ key: projectImages.key, widths: projectImages.widths })
        .from(projectImages)
        .where(eq(projectImages.project_id, id)),
      db
        .select({ key: projectDocuments.key })
        .from(projectDocuments)
        .where(eq(projectDocuments.project_id, id)),
      db
        .select({ document: projectPlans.document })
        .from(projectPlans)
        .where(eq(projectPlans.project_id, id)),
    ]);
    keys.push(
      ...images.flatMap(photoFiles),
      ...docs.map((d) => d.key),
      ...plans.flatMap((p) => parameterFiles(p.document)),
    );
    if (row?.image) keys.push(...photoFiles({ key: row.image, widths: row.image_widths }));
    if (row?.meta_image) keys.push(...singleFiles(row.meta_image));
  }
  keys.push(...(await tourFilesOf(db, kind === "property" ? { property_id: id } : { project_id: id })));
  // Demo files are shared by many listings and reused by every new demo database.
  return [...new Set(keys)].filter((k) => !k.startsWith("demo/"));
}
