// Posting and changing a project: check the category, prepare every file, write the files, then
// one transaction (a new project takes its package unit inside it). Whatever fails after the
// files are written removes them again; files a saved change replaced go afterwards.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database, Executor } from "../../../db/client.server";
import { categories, projectDocuments, projectImages, projectPlans, projects } from "../../../db/schema";
import { cover as projectCover } from "./service";
import type { FileStorage } from "../../../media/storage.server";
import { arrangeGallery } from "../../contract/gallery-order";
import { assertNotDemoData, assertOwner, assertUnchanged, lockListing } from "../guards";
import { assertCanList, takeListingQuota } from "../../packages/quota";
import {
  listingColumns,
  listingSlug,
  ownFile,
  photoColumns,
  prepareListingFiles,
  saveWithFiles,
} from "../post-files";
import { imageView } from "../../image-view";
import { parameterFiles, photoFiles, singleFiles, UploadBatch, type StoredPhoto } from "../../uploads.server";
import type { UserRow } from "../../users/service";
import { MAX_DOCUMENTS, MAX_GALLERY_IMAGES, MAX_PLANS, type PostProjectInput } from "./post-schema";

interface Deps {
  db: Database;
  storage: FileStorage;
}

const own = ownFile;

function columns(input: PostProjectInput) {
  return { ...listingColumns(input), type: input.type, location: input.location! };
}

const coverColumns = (p: StoredPhoto) => ({
  image: p.key,
  image_widths: p.widths,
  image_width: p.width,
  image_height: p.height,
  image_thumbhash: p.thumbhash,
  image_dominant: p.dominant,
  image_avif: p.avif,
});

const photoRow = (projectId: number, p: StoredPhoto, position: number) => ({
  project_id: projectId,
  ...photoColumns(p, position),
});

/** Plan rows that carry something (a wholly empty row of the form is no plan), with their form index. */
/** Plan rows that say something; a saved plan marked for removal is not read (nor its new file stored). */
const sentPlans = (input: PostProjectInput) =>
  input.plans
    .map((p, index) => ({ ...p, index }))
    .filter(
      (p) =>
        (p.id !== undefined || p.title || p.document) &&
        !(p.id !== undefined && input.remove_plans.includes(p.id)),
    );

/** Prepares (but does not write) every file of the payload; problems are keyed by form field. */
async function prepareFiles(batch: UploadBatch, input: PostProjectInput) {
  const { cover, gallery, docs } = await prepareListingFiles(
    batch,
    { file: input.image, field: "image" },
    input,
  );
  const meta = input.meta_image ? await batch.metaImage(input.meta_image, "meta_image") : null;
  // A plan is a floor plan or brochure: a PDF as it is, or a drawing or photo as one WebP.
  const planFiles = new Map<number, string>();
  for (const p of sentPlans(input)) {
    if (!p.document) continue;
    const key = await batch.parameterFile(p.document, `plans[${p.index}].document`);
    if (key) planFiles.set(p.index, key);
  }
  return { cover, gallery, docs, meta, planFiles };
}

async function checkCategory(db: Executor, categoryId: number, batch: UploadBatch) {
  const [category] = await db
    .select({ status: categories.status })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1);
  if (!category?.status) batch.problems.add("category_id", "Please select Category");
}

/**
 * `post_project` without an id: a new project of the caller's, paid for with one unit of their
 * package. It waits for an admin's review whatever the auto-approve setting says (spec §4).
 */
export async function createProject({ db, storage }: Deps, user: UserRow, input: PostProjectInput) {
  // A refusal (profile, package) is told before any photo is processed; the unit is taken below.
  await assertCanList(db, user.id, "project_list");
  const batch = new UploadBatch(storage);
  await checkCategory(db, input.category_id, batch);
  const plans = sentPlans(input);
  if (plans.some((p) => p.id !== undefined))
    batch.problems.add("plans", "A new project has no saved plans yet");
  const files = await prepareFiles(batch, input);
  return saveWithFiles(batch, storage, () =>
    db.transaction(async (tx) => {
      await takeListingQuota(tx, user.id, "project_list");
      const [row] = await tx
        .insert(projects)
        .values({
          ...columns(input),
          ...coverColumns(files.cover!),
          slug_id: listingSlug(input.title),
          added_by: user.id,
          request_status: "pending",
          status: "active",
          meta_image: files.meta,
        })
        .returning({
          id: projects.id,
          slug_id: projects.slug_id,
          request_status: projects.request_status,
          status: projects.status,
        });
      const id = row!.id;
      const gallery = arrangeGallery([], files.gallery, input.gallery_order).flatMap((slot) =>
        slot.kind === "n" ? [slot.photo] : [],
      );
      if (gallery.length) await tx.insert(projectImages).values(gallery.map((p, i) => photoRow(id, p, i)));
      if (files.docs.length)
        await tx
          .insert(projectDocuments)
          .values(files.docs.map((d) => ({ project_id: id, key: d.key, name: d.name })));
      const planRows = plans.map((p, position) => ({
        project_id: id,
        title: p.title!,
        document: files.planFiles.get(p.index)!,
        position,
      }));
      if (planRows.length) await tx.insert(projectPlans).values(planRows);
      return row!;
    }),
  );
}

/**
 * `post_project` with an id: the owner changes their project. The change goes back to review
 * (the admin enables a project after review, and what was reviewed is no longer what is shown).
 */
export async function updateProject(
  { db, storage }: Deps,
  user: UserRow,
  input: PostProjectInput & { id: number },
) {
  await assertOwner(db, "project", input.id, user);
  await assertNotDemoData(db, user.id);
  const [current] = await db.select().from(projects).where(eq(projects.id, input.id)).limit(1);
  const batch = new UploadBatch(storage);
  await checkCategory(db, input.category_id, batch);
  const [gallery, docs, plans] = await Promise.all([
    db
      .select()
      .from(projectImages)
      .where(eq(projectImages.project_id, current!.id))
      .orderBy(asc(projectImages.position), asc(projectImages.id)),
    db.select().from(projectDocuments).where(eq(projectDocuments.project_id, current!.id)),
    db
      .select()
      .from(projectPlans)
      .where(eq(projectPlans.project_id, current!.id))
      .orderBy(asc(projectPlans.position), asc(projectPlans.id)),
  ]);
  const removeImages = new Set(input.remove_gallery_images);
  const removeDocs = new Set(input.remove_documents);
  const removePlans = new Set(input.remove_plans);
  for (const id of removeImages)
    if (!gallery.some((g) => g.id === id))
      batch.problems.add("remove_gallery_images", "This photo is not in the project's gallery");
  for (const id of removeDocs)
    if (!docs.some((d) => d.id === id))
      batch.problems.add("remove_documents", "This document is not in the project");
  for (const id of removePlans)
    if (!plans.some((p) => p.id === id))
      batch.problems.add("remove_plans", "This plan is not in the project");
  const sent = sentPlans(input);
  for (const p of sent)
    if (p.id !== undefined && !plans.some((x) => x.id === p.id))
      batch.problems.add(`plans[${p.index}].title`, "This plan is not in the project");
  if (
    gallery.filter((g) => !removeImages.has(g.id)).length + input.gallery_images.length >
    MAX_GALLERY_IMAGES
  )
    batch.problems.add("gallery_images", `At most ${MAX_GALLERY_IMAGES} gallery images`);
  if (docs.filter((d) => !removeDocs.has(d.id)).length + input.documents.length > MAX_DOCUMENTS)
    batch.problems.add("documents", `At most ${MAX_DOCUMENTS} documents`);
  const keptPlans = plans.filter((p) => !removePlans.has(p.id)).length;
  const newPlans = sent.filter((p) => p.id === undefined).length;
  if (keptPlans + newPlans > MAX_PLANS) batch.problems.add("plans", `At most ${MAX_PLANS} plans`);
  if (!current!.image && !input.image) batch.problems.add("image", "Please select a Title Image");
  const files = await prepareFiles(batch, input);
  return saveWithFiles(batch, storage, (obsolete) =>
    db.transaction(async (tx) => {
      await lockListing(tx, "project", current!.id);
      const [galleryNow, docsNow, plansNow] = await Promise.all([
        tx
          .select({ id: projectImages.id })
          .from(projectImages)
          .where(eq(projectImages.project_id, current!.id)),
        tx
          .select({ id: projectDocuments.id })
          .from(projectDocuments)
          .where(eq(projectDocuments.project_id, current!.id)),
        tx.select({ id: projectPlans.id }).from(projectPlans).where(eq(projectPlans.project_id, current!.id)),
      ]);
      assertUnchanged(gallery, galleryNow);
      assertUnchanged(docs, docsNow);
      assertUnchanged(plans, plansNow);
      await tx
        .update(projects)
        .set({
          ...columns(input),
          ...(files.cover ? coverColumns(files.cover) : {}),
          ...(files.meta ? { meta_image: files.meta } : {}),
          request_status: "pending",
          reject_reason: null,
          updated_at: new Date(),
        })
        .where(eq(projects.id, current!.id));
      if (files.cover && own(current!.image))
        obsolete.push(...photoFiles({ key: current!.image, widths: current!.image_widths }));
      if (files.meta && own(current!.meta_image)) obsolete.push(...singleFiles(current!.meta_image));

      if (removeImages.size) {
        await tx
          .delete(projectImages)
          .where(
            and(eq(projectImages.project_id, current!.id), inArray(projectImages.id, [...removeImages])),
          );
        for (const g of gallery) if (removeImages.has(g.id) && own(g.key)) obsolete.push(...photoFiles(g));
      }
      // The gallery in its new order: saved photos by `e<id>`, new ones by `n<i>`, the rest after.
      const slots = arrangeGallery(
        gallery.filter((g) => !removeImages.has(g.id)),
        files.gallery,
        input.gallery_order,
      );
      const newPhotos: ReturnType<typeof photoRow>[] = [];
      for (const [i, slot] of slots.entries()) {
        if (slot.kind === "n") newPhotos.push(photoRow(current!.id, slot.photo, i));
        else if (slot.row.position !== i)
          await tx.update(projectImages).set({ position: i }).where(eq(projectImages.id, slot.row.id));
      }
      if (newPhotos.length) await tx.insert(projectImages).values(newPhotos);

      if (removeDocs.size) {
        await tx
          .delete(projectDocuments)
          .where(
            and(eq(projectDocuments.project_id, current!.id), inArray(projectDocuments.id, [...removeDocs])),
          );
        for (const d of docs) if (removeDocs.has(d.id) && own(d.key)) obsolete.push(d.key);
      }
      if (files.docs.length)
        await tx
          .insert(projectDocuments)
          .values(files.docs.map((d) => ({ project_id: current!.id, key: d.key, name: d.name })));

      // Plans: removed ones go; saved ones sent again take their new title (and file, if one came);
      // saved ones not sent stay as they are; new ones follow the saved ones.
      if (removePlans.size) {
        await tx
          .delete(projectPlans)
          .where(and(eq(projectPlans.project_id, current!.id), inArray(projectPlans.id, [...removePlans])));
        for (const p of plans)
          if (removePlans.has(p.id) && own(p.document)) obsolete.push(...parameterFiles(p.document));
      }
      for (const p of sent) {
        if (p.id === undefined || removePlans.has(p.id)) continue;
        const old = plans.find((x) => x.id === p.id)!;
        const document = files.planFiles.get(p.index);
        await tx
          .update(projectPlans)
          .set({
            title: p.title!,
            ...(document ? { document } : {}),
            ...(p.title !== old.title ? { translations: {} } : {}),
          })
          .where(eq(projectPlans.id, old.id));
        if (document && own(old.document)) obsolete.push(...parameterFiles(old.document));
      }
      const nextPosition = plans.reduce((max, p) => Math.max(max, p.position), -1) + 1;
      const fresh = sent
        .filter((p) => p.id === undefined)
        .map((p, i) => ({
          project_id: current!.id,
          title: p.title!,
          document: files.planFiles.get(p.index)!,
          position: nextPosition + i,
        }));
      if (fresh.length) await tx.insert(projectPlans).values(fresh);
      const [row] = await tx
        .select({
          id: projects.id,
          slug_id: projects.slug_id,
          request_status: projects.request_status,
          status: projects.status,
        })
        .from(projects)
        .where(eq(projects.id, current!.id));
      return row!;
    }),
  );
}

/** The owner's project as its edit form needs it: raw values, ids of photos, documents and plans. */
export async function projectForEdit(
  db: Executor,
  storage: FileStorage,
  id: number,
  user: Pick<UserRow, "id"> | null,
) {
  await assertOwner(db, "project", id, user);
  const [p] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
  const [gallery, docs, plans] = await Promise.all([
    db
      .select()
      .from(projectImages)
      .where(eq(projectImages.project_id, id))
      .orderBy(asc(projectImages.position), asc(projectImages.id)),
    db
      .select()
      .from(projectDocuments)
      .where(eq(projectDocuments.project_id, id))
      .orderBy(asc(projectDocuments.id)),
    db
      .select()
      .from(projectPlans)
      .where(eq(projectPlans.project_id, id))
      .orderBy(asc(projectPlans.position), asc(projectPlans.id)),
  ]);
  const row = p!;
  return {
    id: row.id,
    slug_id: row.slug_id,
    title: row.title,
    description: row.description,
    category_id: row.category_id,
    type: row.type,
    country: row.country,
    state: row.state,
    city: row.city,
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    video_link: row.video_link,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    meta_keywords: row.meta_keywords,
    meta_image: row.meta_image ? storage.publicUrl(row.meta_image) : null,
    request_status: row.request_status,
    status: row.status,
    image: projectCover(storage, row),
    gallery_images: gallery.map((g) => ({ id: g.id, ...imageView(storage, g) })),
    documents: docs.map((d) => ({ id: d.id, name: d.name, url: storage.publicUrl(d.key) })),
    plans: plans.map((x) => ({ id: x.id, title: x.title, document: storage.publicUrl(x.document) })),
  };
}
