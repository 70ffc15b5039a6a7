// Demo projects: photos through the image pipeline, plans and brochures as PDF files in storage.
import { inArray, sql } from "drizzle-orm";
import type { Database } from "../../server/db/client.server";
import {
  categories,
  projectDocuments,
  projectImages,
  projectPlans,
  projects,
  users,
} from "../../server/db/schema";
import type { FileStorage } from "../../server/media/storage.server";
import { demoCatalog } from "./catalog";
import { demoProjects } from "./projects";
import { minimalPdf } from "./pdf";
import { ensureDemoPhotos, type PhotoRenderer } from "../photos/store";

const DAY = 86_400_000;

/**
 * Adds the demo projects when there are none and the demo developers exist (a demo database,
 * including one seeded before projects arrived). Safe to call on every start.
 */
export async function seedProjects(
  db: Database,
  storage: FileStorage,
  options: { render?: PhotoRenderer } = {},
) {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(projects);
  if ((existing?.n ?? 0) > 0) return;
  const list = demoProjects();
  const uids = [...new Set(list.map((p) => `demo-${p.developerKey}`))];
  const devRows = await db
    .select({ id: users.id, firebase_id: users.firebase_id })
    .from(users)
    .where(inArray(users.firebase_id, uids));
  if (devRows.length !== uids.length) return;
  const devId = new Map(devRows.map((r) => [r.firebase_id, r.id]));
  const catRows = await db.select({ id: categories.id, slug_id: categories.slug_id }).from(categories);
  const catId = new Map(catRows.map((c) => [c.slug_id, c.id]));
  if (list.some((p) => !catId.has(p.categoryKey))) return;

  const photos = await ensureDemoPhotos(
    storage,
    list.flatMap((p) => [p.cover, ...p.gallery]),
    options.render,
  );
  // Plans and brochures: a few kilobytes each, written before the rows that point at them.
  const files = list.flatMap((p) => [
    ...p.plans.map((plan) => ({ key: `demo/projects/${p.slug}/${plan.file}`, page: plan.page })),
    ...p.documents.map((d) => ({ key: `demo/projects/${p.slug}/${d.name}`, page: d.page })),
  ]);
  for (const f of files) await storage.put(f.key, minimalPdf(f.page), "application/pdf");

  const { cities } = demoCatalog(undefined, 0);
  const now = Date.now();
  await db.transaction(async (tx) => {
    // Two instances starting on one server database: only one seeds.
    await tx.execute(sql`select pg_advisory_xact_lock(727277)`);
    const [again] = await tx.select({ n: sql<number>`count(*)::int` }).from(projects);
    if ((again?.n ?? 0) > 0) return;
    const rows = await tx
      .insert(projects)
      .values(
        list.map((p) => {
          const city = cities[p.cityIndex]!;
          const cover = photos.get(`${p.cover.kind}-${p.cover.variant}`)!;
          const created = new Date(now - p.postedDaysAgo * DAY);
          return {
            slug_id: p.slug,
            title: p.title.en,
            description: p.description.en,
            category_id: catId.get(p.categoryKey)!,
            added_by: devId.get(`demo-${p.developerKey}`)!,
            type: p.type,
            city: city.city.en,
            state: city.state.en,
            country: city.country.en,
            location: p.location.en,
            latitude: p.latitude,
            longitude: p.longitude,
            video_link: p.videoLink,
            image: cover.key,
            image_widths: cover.widths,
            image_width: cover.width,
            image_height: cover.height,
            image_thumbhash: cover.thumbhash,
            image_dominant: cover.dominant,
            image_avif: cover.avif,
            meta_title: p.metaTitle,
            meta_description: p.metaDescription,
            meta_keywords: p.metaKeywords,
            request_status: p.requestStatus,
            status: p.status,
            translations: {
              ar: { title: p.title.ar, description: p.description.ar, location: p.location.ar },
            },
            created_at: created,
            updated_at: created,
          };
        }),
      )
      .returning({ id: projects.id, slug_id: projects.slug_id });
    const id = new Map(rows.map((r) => [r.slug_id, r.id]));
    await tx.insert(projectImages).values(
      list.flatMap((p) =>
        p.gallery.map((g, position) => {
          const photo = photos.get(`${g.kind}-${g.variant}`)!;
          return {
            project_id: id.get(p.slug)!,
            key: photo.key,
            position,
            width: photo.width,
            height: photo.height,
            widths: photo.widths,
            thumbhash: photo.thumbhash,
            dominant: photo.dominant,
            avif: photo.avif,
          };
        }),
      ),
    );
    await tx.insert(projectPlans).values(
      list.flatMap((p) =>
        p.plans.map((plan, position) => ({
          project_id: id.get(p.slug)!,
          title: plan.title.en,
          document: `demo/projects/${p.slug}/${plan.file}`,
          position,
          translations: { ar: { title: plan.title.ar } },
        })),
      ),
    );
    await tx.insert(projectDocuments).values(
      list.flatMap((p) =>
        p.documents.map((d) => ({
          project_id: id.get(p.slug)!,
          key: `demo/projects/${p.slug}/${d.name}`,
          name: d.name,
        })),
      ),
    );
  });
}
