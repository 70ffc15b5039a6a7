// A project as the shared posting flow (../post-service.ts) sees it: its row (type, location, the
// cover in the row's own columns), its plans, and its review (a new or changed project always waits
// for an admin, whatever the auto-approve setting says: spec §4).
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../../db/client.server";
import { categories, projectDocuments, projectImages, projectPlans, projects } from "../../../db/schema";
import { cover as projectCover } from "./service";
import type { FileStorage } from "../../../media/storage.server";
import { assertUnchanged } from "../guards";
import { documentsTable, galleryTable, ownFile, type ListingKindPosting } from "../post-service";
import { ownListingValues } from "../edit-output";
import { seoWarnings } from "../contract/fields";
import { parameterFiles, photoFiles, type StoredPhoto } from "../../uploads.server";
import { MAX_PLANS, type PostProjectInput } from "./post-schema";

type ProjectRow = typeof projects.$inferSelect;
type PlanRow = typeof projectPlans.$inferSelect;

const coverColumns = (p: StoredPhoto) => ({
  image: p.key,
  image_widths: p.widths,
  image_width: p.width,
  image_height: p.height,
  image_thumbhash: p.thumbhash,
  image_dominant: p.dominant,
  image_avif: p.avif,
});

/** Plan rows that say something; a saved plan marked for removal is not read (nor its new file stored). */
const sentPlans = (input: PostProjectInput) =>
  input.plans
    .map((p, index) => ({ ...p, index }))
    .filter(
      (p) =>
        (p.id !== undefined || p.title || p.document) &&
        !(p.id !== undefined && input.remove_plans.includes(p.id)),
    );

const readPlans = (db: Executor, projectId: number) =>
  db
    .select()
    .from(projectPlans)
    .where(eq(projectPlans.project_id, projectId))
    .orderBy(asc(projectPlans.position), asc(projectPlans.id));

const photos = galleryTable(projectImages, projectImages.project_id);
const documents = documentsTable(projectDocuments, projectDocuments.project_id);

/** What posting reads and checks of a project's plans before any file is prepared. */
interface PlansChecked {
  saved: PlanRow[];
  sent: ReturnType<typeof sentPlans>;
}

export const projectPosting: ListingKindPosting<
  PostProjectInput,
  ProjectRow,
  PlansChecked,
  Map<number, string>,
  {
    id: number;
    slug_id: string;
    request_status: ProjectRow["request_status"];
    status: ProjectRow["status"];
    warnings: Record<string, string[]>;
  },
  Awaited<ReturnType<typeof projectForEdit>>
> = {
  kind: "project",
  noun: "project",
  quota: "project_list",
  coverField: "image",
  cover: (input) => input.image,
  coverInGallery: false,
  hasCover: (row) => Boolean(row.image),
  photos,
  documents,
  async row(db, id) {
    const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
    return row!;
  },

  async check(db, input, batch, { current }) {
    const [category] = await db
      .select({ status: categories.status })
      .from(categories)
      .where(eq(categories.id, input.category_id))
      .limit(1);
    if (!category?.status) batch.problems.add("category_id", "Please select Category");
    const sent = sentPlans(input);
    if (!current) {
      if (sent.some((p) => p.id !== undefined))
        batch.problems.add("plans", "A new project has no saved plans yet");
      return { saved: [], sent };
    }
    const saved = await readPlans(db, current.id);
    const removePlans = new Set(input.remove_plans);
    for (const id of removePlans)
      if (!saved.some((p) => p.id === id))
        batch.problems.add("remove_plans", "This plan is not in the project");
    for (const p of sent)
      if (p.id !== undefined && !saved.some((x) => x.id === p.id))
        batch.problems.add(`plans[${p.index}].title`, "This plan is not in the project");
    const kept = saved.filter((p) => !removePlans.has(p.id)).length;
    const added = sent.filter((p) => p.id === undefined).length;
    if (kept + added > MAX_PLANS) batch.problems.add("plans", `At most ${MAX_PLANS} plans`);
    return { saved, sent };
  },

  /** A plan is a floor plan or brochure: a PDF as it is, or a drawing or photo as one WebP. */
  async prepare(batch, _input, { sent }) {
    const planFiles = new Map<number, string>();
    for (const p of sent) {
      if (!p.document) continue;
      const key = await batch.parameterFile(p.document, `plans[${p.index}].document`);
      if (key) planFiles.set(p.index, key);
    }
    return planFiles;
  },

  async create(tx, { input, files, checked, shared }) {
    const [row] = await tx
      .insert(projects)
      .values({
        ...shared,
        ...coverColumns(files.cover!),
        type: input.type,
        location: input.location!,
        request_status: "pending",
      })
      .returning({ id: projects.id });
    const id = row!.id;
    const plans = checked.sent.map((p, position) => ({
      project_id: id,
      title: p.title!,
      document: files.own.get(p.index)!,
      position,
    }));
    if (plans.length) await tx.insert(projectPlans).values(plans);
    return id;
  },

  async change(tx, { input, files, checked, current, shared, obsolete }) {
    assertUnchanged(checked.saved, await readPlans(tx, current.id));
    await tx
      .update(projects)
      .set({
        ...shared,
        ...(files.cover ? coverColumns(files.cover) : {}),
        type: input.type,
        location: input.location!,
        request_status: "pending",
        reject_reason: null,
      })
      .where(eq(projects.id, current.id));
    if (files.cover && ownFile(current.image))
      obsolete.push(...photoFiles({ key: current.image, widths: current.image_widths }));

    // Plans: removed ones go; saved ones sent again take their new title (and file, if one came);
    // saved ones not sent stay as they are; new ones follow the saved ones.
    const { saved, sent } = checked;
    const removePlans = new Set(input.remove_plans);
    if (removePlans.size) {
      await tx
        .delete(projectPlans)
        .where(and(eq(projectPlans.project_id, current.id), inArray(projectPlans.id, [...removePlans])));
      for (const p of saved)
        if (removePlans.has(p.id) && ownFile(p.document)) obsolete.push(...parameterFiles(p.document));
    }
    for (const p of sent) {
      if (p.id === undefined) continue;
      const old = saved.find((x) => x.id === p.id)!;
      const document = files.own.get(p.index);
      await tx
        .update(projectPlans)
        .set({
          title: p.title!,
          ...(document ? { document } : {}),
          ...(p.title !== old.title ? { translations: {} } : {}),
        })
        .where(eq(projectPlans.id, old.id));
      if (document && ownFile(old.document)) obsolete.push(...parameterFiles(old.document));
    }
    const next = saved.reduce((max, p) => Math.max(max, p.position), -1) + 1;
    const fresh = sent
      .filter((p) => p.id === undefined)
      .map((p, i) => ({
        project_id: current.id,
        title: p.title!,
        document: files.own.get(p.index)!,
        position: next + i,
      }));
    if (fresh.length) await tx.insert(projectPlans).values(fresh);
  },

  async saved(tx, id, input) {
    const [row] = await tx
      .select({
        id: projects.id,
        slug_id: projects.slug_id,
        request_status: projects.request_status,
        status: projects.status,
      })
      .from(projects)
      .where(eq(projects.id, id));
    return { ...row!, warnings: seoWarnings(input) };
  },

  forEdit: projectForEdit,
};

/** The project as its edit form needs it: the shared values, a project's own, its cover and its plans. */
async function projectForEdit(
  db: Executor,
  storage: FileStorage,
  { row, shared }: { row: ProjectRow; shared: ReturnType<typeof ownListingValues> },
) {
  const plans = await readPlans(db, row.id);
  return {
    ...shared,
    type: row.type,
    location: row.location,
    image: projectCover(storage, row),
    plans: plans.map((x) => ({ id: x.id, title: x.title, document: storage.publicUrl(x.document) })),
  };
}
