// Reading projects (developments) and their developers: the one list query behind the list, a
// developer's projects and similar projects, and the detail with gallery, plans and documents.
import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { categoryColumns, categoryRef, type CategoryJoin } from "../category-ref";
import type { Executor } from "../../../db/client.server";
import {
  categories,
  projectDocuments,
  projectImages,
  projectPlans,
  projects,
  users,
} from "../../../db/schema";
import type { FileStorage } from "../../../media/storage.server";
import { missingFeatureGate, packageCheck } from "../../packages/quota";
import { localize } from "../../i18n";
import { localizePlaces, withEnglishPlaces } from "../../places";
import { prefixQuery } from "../property/service";
import { imageView } from "../../image-view";
import { contactFields } from "../../leads/contract";
import type { GetProjectsQuery } from "./schema";

const pr = projects;

/** Projects the public may see: approved by the admin (spec §4) and switched on by the developer. */
export const publicProject = and(eq(pr.request_status, "approved"), eq(pr.status, "active"))!;

// Qualified by hand: inside a subquery an unqualified "id" would bind to the subquery's table.
const plansCount = sql<number>`(select count(*)::int from project_plans x where x.project_id = "projects"."id")`;
const documentsCount = sql<number>`(select count(*)::int from project_documents x where x.project_id = "projects"."id")`;
const galleryCount = sql<number>`(select count(*)::int from project_images x where x.project_id = "projects"."id")`;

/** A project with what every card and its page show: category, developer, how many plans, documents and photos. */
const selectProjects = (db: Executor) =>
  db
    .select({
      p: pr,
      category: categoryColumns,
      developer: {
        id: users.id,
        name: users.name,
        profile: users.profile,
        verification_status: users.verification_status,
      },
      plans_count: plansCount,
      documents_count: documentsCount,
      gallery_count: galleryCount,
    })
    .from(pr)
    .innerJoin(categories, eq(categories.id, pr.category_id))
    .innerJoin(users, eq(users.id, pr.added_by))
    .$dynamic();

export interface ProjectOptions {
  lang: string;
  storage: FileStorage;
}

type ListQuery = Pick<
  GetProjectsQuery,
  | "id"
  | "slug_id"
  | "category_id"
  | "city"
  | "state"
  | "country"
  | "type"
  | "search"
  | "userid"
  | "limit"
  | "offset"
> & {
  /** Similar projects: same city or category as this one, never the project itself. */
  similarTo?: { id: number; category_id: number; city: string };
};

export async function listProjects(db: Executor, query: ListQuery, opts: ProjectOptions) {
  const q = await withEnglishPlaces(db, query);
  const where: (SQL | undefined)[] = [publicProject];
  const order: SQL[] = [];
  if (q.id !== undefined) where.push(eq(pr.id, q.id));
  if (q.slug_id) where.push(eq(pr.slug_id, q.slug_id));
  if (q.category_id !== undefined) where.push(eq(pr.category_id, q.category_id));
  if (q.city) where.push(sql`lower(${pr.city}) = lower(${q.city})`);
  if (q.state) where.push(sql`lower(${pr.state}) = lower(${q.state})`);
  if (q.country) where.push(sql`lower(${pr.country}) = lower(${q.country})`);
  if (q.type) where.push(eq(pr.type, q.type));
  if (q.userid !== undefined) where.push(eq(pr.added_by, q.userid));
  if (q.similarTo) {
    const s = q.similarTo;
    const sameCity = sql`lower(${pr.city}) = lower(${s.city})`;
    where.push(sql`${pr.id} <> ${s.id}`, or(eq(pr.category_id, s.category_id), sameCity));
    order.push(sql`(${sameCity}) desc`, sql`(${pr.category_id} = ${s.category_id}) desc`);
  }

  const page = (text: SQL | null) => {
    const filter = and(...where, text ?? undefined)!;
    return Promise.all([
      selectProjects(db)
        .where(filter)
        .orderBy(...order, desc(pr.created_at), desc(pr.id))
        .limit(q.limit)
        .offset(q.offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(pr)
        .where(filter)
        .then((r) => r[0]?.n ?? 0),
    ]);
  };

  let rows: Row[];
  let total: number;
  if (!q.search) [rows, total] = await page(null);
  else {
    // As for properties: full text with prefixes (English and Arabic), then trigram similarity on
    // the title only when that finds nothing, to forgive typos.
    const tsq = prefixQuery(q.search);
    const vector = sql.raw('"projects"."search_vector"');
    [rows, total] = tsq ? await page(sql`${vector} @@ to_tsquery('simple', ${tsq})`) : [[], 0];
    if (total === 0) [rows, total] = await page(sql`${q.search} <% ${pr.title}`);
  }
  return {
    rows: await localizePlaces(
      db,
      opts.lang,
      rows.map((r) => toCard(r, opts)),
    ),
    total,
  };
}

type Row = {
  p: typeof projects.$inferSelect;
  category: CategoryJoin;
  developer: { id: number; name: string; profile: string | null; verification_status: string };
  plans_count: number;
  documents_count: number;
  gallery_count: number;
};

/** The columns a project's cover photo is drawn from (for queries that do not read the whole row). */
export const projectCoverColumns = {
  image: projects.image,
  image_widths: projects.image_widths,
  image_width: projects.image_width,
  image_height: projects.image_height,
  image_thumbhash: projects.image_thumbhash,
  image_dominant: projects.image_dominant,
  image_avif: projects.image_avif,
};

type CoverFields = Pick<typeof projects.$inferSelect, keyof typeof projectCoverColumns>;

export function cover(storage: FileStorage, p: CoverFields) {
  if (!p.image || !p.image_widths.length) return null;
  return imageView(storage, {
    key: p.image,
    widths: p.image_widths,
    width: p.image_width ?? 1600,
    height: p.image_height ?? 1067,
    thumbhash: p.image_thumbhash,
    dominant: p.image_dominant,
    avif: p.image_avif,
  });
}

function toCard(
  { p, category, developer, plans_count, documents_count, gallery_count }: Row,
  { lang, storage }: ProjectOptions,
) {
  return {
    id: p.id,
    slug_id: p.slug_id,
    title: localize(p.translations, lang, "title", p.title),
    description: localize(p.translations, lang, "description", p.description),
    type: p.type,
    category: categoryRef(category, lang),
    city: p.city,
    state: p.state,
    country: p.country,
    location: localize(p.translations, lang, "location", p.location),
    latitude: p.latitude,
    longitude: p.longitude,
    image: cover(storage, p),
    developer: {
      id: developer.id,
      name: developer.name,
      profile: developer.profile,
      is_verified: developer.verification_status === "success",
    },
    gallery_count,
    plans_count,
    documents_count,
    created_at: p.created_at.toISOString(),
  };
}

export type ProjectCard = ReturnType<typeof toCard>;

/** Photos of a project anyone may see without project_access. */
export const PROJECT_TEASER_PHOTOS = 3;

/**
 * One project with everything its page shows. The public sees approved, active projects; the
 * developer also sees their own while it waits for review.
 */
export async function projectDetail(
  db: Executor,
  by: { id?: number; slug_id?: string },
  opts: ProjectOptions & { viewerId?: number | null; admin?: boolean },
) {
  const target = by.id !== undefined ? eq(pr.id, by.id) : eq(pr.slug_id, by.slug_id!);
  const visible = opts.viewerId ? or(publicProject, eq(pr.added_by, opts.viewerId)) : publicProject;
  const [row] = await selectProjects(db).where(and(target, visible)).limit(1);
  if (!row) return null;
  const p = row.p;
  const { lang, storage } = opts;
  const [gallery, plans, documents, [developer], similar] = await Promise.all([
    db
      .select()
      .from(projectImages)
      .where(eq(projectImages.project_id, p.id))
      .orderBy(asc(projectImages.position), asc(projectImages.id)),
    db
      .select()
      .from(projectPlans)
      .where(eq(projectPlans.project_id, p.id))
      .orderBy(asc(projectPlans.position), asc(projectPlans.id)),
    db
      .select()
      .from(projectDocuments)
      .where(eq(projectDocuments.project_id, p.id))
      .orderBy(asc(projectDocuments.id)),
    db.select(developerView).from(users).where(eq(users.id, p.added_by)).limit(1),
    listProjects(
      db,
      { similarTo: { id: p.id, category_id: p.category_id, city: p.city }, limit: 4, offset: 0 },
      opts,
    ),
  ]);
  const [card] = await localizePlaces(db, lang, [toCard(row, opts)]);
  // The developer's phone and email: to the developer and admins; others ask reveal-contact (decision 023).
  const [developerShown] = await localizePlaces(db, lang, [
    { ...developer!, ...contactFields(developer!, { id: opts.viewerId, admin: opts.admin }) },
  ]);
  // Beyond a teaser (description, place, the first photos, how many plans and documents there
  // are), a project's details need a live package with project_access (spec §6); its developer
  // always sees their own.
  const check =
    opts.viewerId && opts.viewerId !== p.added_by
      ? await packageCheck(db, opts.viewerId, "project_access")
      : null;
  const locked = opts.viewerId !== p.added_by && !(check?.feature_available ?? false);
  const gate = locked && check ? missingFeatureGate(check, "project_access") : null;
  return {
    ...card!,
    access_locked: locked,
    access_gate: gate ? { message: gate.message, href: gate.href } : null,
    video_link: locked ? null : p.video_link,
    gallery_images: (locked ? gallery.slice(0, PROJECT_TEASER_PHOTOS) : gallery).map((g) => ({
      id: g.id,
      ...imageView(storage, g),
    })),
    plans: locked
      ? []
      : plans.map((x) => ({
          id: x.id,
          title: localize(x.translations, lang, "title", x.title),
          document: storage.publicUrl(x.document),
        })),
    documents: locked
      ? []
      : documents.map((d) => ({ id: d.id, name: d.name, url: storage.publicUrl(d.key) })),
    // Meta text is written in English; other languages get their own or none (pages then use the
    // translated title and description rather than English in an Arabic page's head).
    meta_title: lang === "en" ? p.meta_title : (p.translations[lang]?.meta_title ?? null),
    meta_description: lang === "en" ? p.meta_description : (p.translations[lang]?.meta_description ?? null),
    meta_keywords: lang === "en" ? p.meta_keywords : (p.translations[lang]?.meta_keywords ?? null),
    meta_image: p.meta_image ? storage.publicUrl(p.meta_image) : null,
    request_status: p.request_status,
    status: p.status,
    updated_at: p.updated_at.toISOString(),
    developer: developerShown!,
    similar_projects: similar.rows,
  };
}

export type ProjectDetail = NonNullable<Awaited<ReturnType<typeof projectDetail>>>;

/* ------------------------------------------------------------------ developers */

const publicCount = sql<number>`(select count(*)::int from projects pj where pj.added_by = "users"."id" and pj.request_status = 'approved' and pj.status = 'active')`;

/**
 * What a developer's card and profile show; never the account's private fields. `mobile` and
 * `email` are read for `contactFields`, which keeps them from everyone but the developer and admins.
 */
export const developerView = {
  id: users.id,
  name: users.name,
  profile: users.profile,
  type: users.type,
  about_me: users.about_me,
  city: users.city,
  country: users.country,
  mobile: users.mobile,
  email: users.email,
  facebook_id: users.facebook_id,
  twiiter_id: users.twiiter_id,
  instagram_id: users.instagram_id,
  youtube_id: users.youtube_id,
  is_verified: sql<boolean>`${users.verification_status} = 'success'`,
  projects_count: publicCount,
};

/**
 * A developer is an active account of type developer, or any active account with a public
 * project (whoever builds and publishes a development is its developer).
 */
export const isDeveloper = and(
  eq(users.is_active, true),
  or(
    eq(users.type, "developer"),
    sql`exists (select 1 from projects pj where pj.added_by = "users"."id" and pj.request_status = 'approved' and pj.status = 'active')`,
  ),
)!;
