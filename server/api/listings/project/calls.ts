// Projects (developments) and developers for visitors: spec §7 get-projects and get-project-detail,
// plus developer-list and developer-projects (the developers screens of spec §2).
import { and, asc, desc, eq, ilike, or, sql } from "drizzle-orm";
import { localizePlaces } from "../../places";
import { z } from "zod";
import { defineCall } from "../../call";
import { notFound } from "../../envelope";
import { projects, users } from "../../../db/schema";
import {
  developerListSchema,
  developerProjectsSchema,
  getProjectDetailSchema,
  getProjectsSchema,
} from "./schema";
import { developerView, isDeveloper, listProjects, projectDetail, publicProject } from "./service";
import { Developer, DeveloperProjects, ProjectCards, ProjectDetail, ProjectSitemap } from "./output";
import { contactFields } from "../../leads/contract";

export const getProjects = defineCall({
  name: "get-projects",
  method: "GET",
  access: "public",
  shared: true,
  tag: "projects",
  summary:
    "Public projects (approved and active), newest first: search, city, state, country, type, category, one developer (userid)",
  input: getProjectsSchema,
  output: ProjectCards,
  total: true,
  async handler(input, { db, lang, storage }) {
    const { rows, total } = await listProjects(db, input, { lang, storage });
    return { data: rows, total };
  },
});

export const getProjectDetail = defineCall({
  name: "get-project-detail",
  method: "GET",
  access: "optional",
  shared: true,
  tag: "projects",
  summary:
    "One project by slug_id or id: gallery, plans, documents, location, developer and similar projects",
  input: getProjectDetailSchema,
  output: ProjectDetail,
  errorStatuses: [404],
  async handler(input, { db, lang, storage, user, principal }) {
    const project = await projectDetail(db, input, {
      lang,
      storage,
      viewerId: user?.id,
      admin: principal?.admin,
    });
    if (!project) throw notFound("Project not found");
    return { data: project };
  },
});

export const developerList = defineCall({
  name: "developer-list",
  method: "GET",
  access: "public",
  shared: true,
  tag: "projects",
  summary: "Developers with their number of public projects, busiest first",
  input: developerListSchema,
  output: z.array(Developer),
  total: true,
  async handler(input, { db, lang, user, principal }) {
    const where = and(
      isDeveloper,
      input.search
        ? or(ilike(users.name, `%${input.search}%`), ilike(users.city, `%${input.search}%`))
        : undefined,
      input.city ? sql`lower(${users.city}) = lower(${input.city})` : undefined,
    );
    const [rows, [count]] = await Promise.all([
      db
        .select(developerView)
        .from(users)
        .where(where)
        .orderBy(
          desc(developerView.projects_count),
          desc(developerView.is_verified),
          asc(users.name),
          asc(users.id),
        )
        .limit(input.limit)
        .offset(input.offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(where),
    ]);
    const viewer = { id: user?.id, admin: principal?.admin };
    return {
      data: await localizePlaces(
        db,
        lang,
        rows.map((r) => ({ ...r, ...contactFields(r, viewer) })),
      ),
      total: count?.n ?? 0,
    };
  },
});

export const developerProjects = defineCall({
  name: "developer-projects",
  method: "GET",
  access: "public",
  shared: true,
  tag: "projects",
  summary: "One developer's public profile and projects",
  input: developerProjectsSchema,
  output: DeveloperProjects,
  total: true,
  errorStatuses: [404],
  async handler(input, { db, lang, storage, user, principal }) {
    const [developer] = await db
      .select(developerView)
      .from(users)
      .where(and(eq(users.id, input.id), isDeveloper))
      .limit(1);
    if (!developer) throw notFound("Developer not found");
    const { rows, total } = await listProjects(
      db,
      { userid: input.id, offset: input.offset, limit: input.limit },
      { lang, storage },
    );
    const [shown] = await localizePlaces(db, lang, [
      { ...developer, ...contactFields(developer, { id: user?.id, admin: principal?.admin }) },
    ]);
    return { data: { developer: shown!, projects: rows }, total };
  },
});

/** Every public project's slug and every developer, for sitemaps. */
export const getProjectSitemapEntries = defineCall({
  name: "sitemap-project-entries",
  method: "GET",
  access: "public",
  tag: "projects",
  summary: "Slugs and last-modified times of public projects, and developers (for sitemaps)",
  input: z.object({
    limit: z.coerce
      .number({ error: "limit must be a number" })
      .int()
      .min(1, "limit must be between 1 and 50000")
      .max(50_000, "limit must be between 1 and 50000")
      .default(10_000),
  }),
  output: ProjectSitemap,
  total: true,
  async handler(input, { db }) {
    const [rows, developers] = await Promise.all([
      db
        .select({ slug_id: projects.slug_id, updated_at: projects.updated_at })
        .from(projects)
        .where(publicProject)
        .orderBy(asc(projects.id))
        .limit(input.limit),
      db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(isDeveloper)
        .orderBy(asc(users.id))
        .limit(input.limit),
    ]);
    return {
      data: {
        projects: rows.map((r) => ({ slug_id: r.slug_id, updated_at: r.updated_at.toISOString() })),
        developers,
      },
      total: rows.length,
    };
  },
});
