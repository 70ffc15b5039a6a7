// Posting and editing a listing: check the category's parameters and the facilities, prepare every
// file, write the files, then one transaction (with the package unit taken inside it). Whatever
// fails after the files are written removes them again.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database, Executor } from "../../../db/client.server";
import {
  assignFacilities,
  assignParameters,
  categories,
  categoryParameters,
  facilities,
  parameters,
  properties,
  propertyDocuments,
  propertyImages,
} from "../../../db/schema";
import type { FileStorage } from "../../../media/storage.server";
import { ApiError, forbidden, notFound } from "../../envelope";
import { arrangeGallery } from "../../contract/gallery-order";
import { assertNotDemoData, assertUnchanged, lockListing } from "../guards";
import { assertCanList, takeListingQuota } from "../../packages/quota";
import { readSettings } from "../../settings/calls";
import type { UserRow } from "../../users/service";
import {
  MAX_GALLERY_IMAGES,
  seoWarnings,
  type PostPropertyInput,
  type UpdatePropertyInput,
} from "./post-schema";
import {
  parameterFiles,
  photoFiles,
  singleFiles,
  UploadBatch,
  UploadErrors,
  type StoredPhoto,
} from "../../uploads.server";
import { imageView } from "../../image-view";
import { recordListingEvent } from "../../saved-searches/events";
import { listingColumns, listingSlug, photoColumns, prepareListingFiles, saveWithFiles } from "../post-files";

interface Deps {
  db: Database;
  storage: FileStorage;
}

type ParameterDef = typeof parameters.$inferSelect;

/**
 * The category must exist and be open; each parameter must belong to it and fit its type;
 * each facility must exist. Problems are keyed by the form's field names (`param_<id>`, `facility_<id>`).
 */
async function checkCatalogue(
  db: Executor,
  input: Pick<PostPropertyInput, "category_id" | "parameters" | "facilities">,
  problems: UploadErrors,
) {
  const [category] = await db
    .select({ id: categories.id, status: categories.status })
    .from(categories)
    .where(eq(categories.id, input.category_id))
    .limit(1);
  if (!category || !category.status) {
    problems.add("category_id", "Please select Category");
    return new Map<number, ParameterDef>();
  }
  const defs = await db
    .select({ p: parameters })
    .from(categoryParameters)
    .innerJoin(parameters, eq(parameters.id, categoryParameters.parameter_id))
    .where(eq(categoryParameters.category_id, category.id))
    .orderBy(asc(categoryParameters.sequence));
  const byId = new Map(defs.map(({ p }) => [p.id, p]));
  for (const { parameter_id, value } of input.parameters) {
    const field = `param_${parameter_id}`;
    const def = byId.get(parameter_id);
    if (!def) {
      problems.add(field, "This detail does not belong to the chosen category");
      continue;
    }
    const isFile = typeof value !== "string";
    if (def.type_of_parameter === "file") {
      if (!isFile) problems.add(field, "Please choose a file");
      continue;
    }
    if (isFile) {
      problems.add(field, "A file is not expected here");
      continue;
    }
    const options = def.type_values.map((o) => o.value);
    switch (def.type_of_parameter) {
      case "number":
        if (!/^-?\d+(\.\d+)?$/.test(value) || Math.abs(Number(value)) > 1e12)
          problems.add(field, "Please enter a number");
        break;
      case "dropdown":
      case "radio":
        if (!options.includes(value)) problems.add(field, "Please choose one of the options");
        break;
      case "checkbox":
        if (!value.split(",").every((v) => options.includes(v)))
          problems.add(field, "Please choose from the options");
        break;
      default:
        if (def.type_of_parameter === "text" && value.length > 255)
          problems.add(field, "at most 255 characters");
    }
  }
  const ids = input.facilities.map((f) => f.facility_id);
  if (ids.length) {
    const known = new Set(
      (await db.select({ id: facilities.id }).from(facilities).where(inArray(facilities.id, ids))).map(
        (r) => r.id,
      ),
    );
    for (const id of ids) if (!known.has(id)) problems.add(`facility_${id}`, "Unknown facility");
  }
  return byId;
}

/** The listing's columns from the payload (files and relations aside). */
function columns(input: PostPropertyInput | UpdatePropertyInput) {
  return {
    ...listingColumns(input),
    property_type: input.property_type,
    rentduration: input.property_type === "rent" ? (input.rentduration ?? null) : null,
    price: input.price,
    address: input.address!,
    client_address: input.client_address ?? null,
    is_premium: input.is_premium ?? false,
  };
}

/** Prepares (but does not write) every file of the payload. */
async function prepareFiles(batch: UploadBatch, input: PostPropertyInput | UpdatePropertyInput) {
  const common = await prepareListingFiles(batch, { file: input.title_image, field: "title_image" }, input);
  const threeD = input.three_d_image ? await batch.panorama(input.three_d_image, "three_d_image") : null;
  const meta = input.meta_image ? await batch.metaImage(input.meta_image, "meta_image") : null;
  const paramFiles = new Map<number, string>();
  for (const p of input.parameters) {
    // One file per parameter (the first sent, as the rows keep): a second would be stored for nothing.
    if (typeof p.value === "string" || paramFiles.has(p.parameter_id)) continue;
    const key = await batch.parameterFile(p.value, `param_${p.parameter_id}`);
    if (key) paramFiles.set(p.parameter_id, key);
  }
  return { title: common.cover, gallery: common.gallery, docs: common.docs, threeD, meta, paramFiles };
}

const photoRow = (propertyId: number, p: StoredPhoto, position: number) => ({
  property_id: propertyId,
  ...photoColumns(p, position),
});

async function requestStatusForNew(db: Executor) {
  return (await readSettings(db)).auto_approve ? ("approved" as const) : ("pending" as const);
}

export const IMPORT_POSTED = "This imported listing was posted already";

/**
 * The photos an import brought over, for the caller's own draft that is not posted yet. They are in
 * storage already (the import put them through the same pipeline), so the listing only points at them.
 */
async function importedPhotos(
  db: Executor,
  userId: number,
  importId: number,
  problems: UploadBatch["problems"],
): Promise<StoredPhoto[] | null> {
  const { rows } = await db.execute<{ property_id: number | null; draft: { photos?: StoredPhoto[] } | null }>(
    sql`select property_id, draft from listing_imports where id = ${importId} and user_id = ${userId}`,
  );
  const row = rows[0];
  if (!row) {
    problems.add("import_id", "Import not found");
    return null;
  }
  if (row.property_id !== null) {
    problems.add("import_id", IMPORT_POSTED);
    return null;
  }
  return row.draft?.photos ?? [];
}

/** `post_property`: a new listing of the caller's, paid for with one unit of their package. */
export async function createListing({ db, storage }: Deps, user: UserRow, input: PostPropertyInput) {
  // A refusal (profile, package) is told before any photo is processed; the unit is taken below.
  await assertCanList(db, user.id, "property_list");
  const batch = new UploadBatch(storage);
  await checkCatalogue(db, input, batch.problems);
  const files = await prepareFiles(batch, input);
  const imported =
    input.import_id !== undefined ? await importedPhotos(db, user.id, input.import_id, batch.problems) : null;
  // No title image sent and none brought by the import (a refused one has its own message already).
  if (!input.title_image && !imported?.length)
    batch.problems.add("title_image", "Please select a Title Image");
  // The import's photos count against the gallery like uploaded ones (all but the title image).
  const galleryCount =
    input.gallery_images.length + Math.max(0, (imported?.length ?? 0) - (input.title_image ? 0 : 1));
  if (galleryCount > MAX_GALLERY_IMAGES)
    batch.problems.add("gallery_images", `At most ${MAX_GALLERY_IMAGES} gallery images`);
  const created = await saveWithFiles(batch, storage, () =>
    db.transaction(async (tx) => {
      await takeListingQuota(tx, user.id, "property_list");
      const request_status = await requestStatusForNew(tx);
      const [row] = await tx
        .insert(properties)
        .values({
          ...columns(input),
          slug_id: listingSlug(input.title),
          added_by: user.id,
          request_status,
          status: "active",
          title_image: (files.title ?? imported![0]!).key,
          three_d_image: files.threeD,
          meta_image: files.meta,
        })
        .returning({
          id: properties.id,
          slug_id: properties.slug_id,
          request_status: properties.request_status,
        });
      const id = row!.id;
      // An import's photos follow the chosen title image (or lead, when none was chosen), then the uploads.
      const photos = [
        ...(files.title ? [files.title] : []),
        ...(imported ?? []),
        ...arrangeGallery([], files.gallery, input.gallery_order).flatMap((s) =>
          s.kind === "n" ? [s.photo] : [],
        ),
      ];
      await tx.insert(propertyImages).values(photos.map((p, i) => photoRow(id, p, i)));
      if (files.docs.length)
        await tx
          .insert(propertyDocuments)
          .values(files.docs.map((d) => ({ property_id: id, key: d.key, name: d.name })));
      await writeRelations(tx, id, input, files.paramFiles);
      await recordListingEvent(tx, id, "live");
      if (input.import_id !== undefined) {
        // Posted once: a second submit of the same draft (another tab) is refused, not a copy.
        // The photos are the listing's now (deleted with it): the draft lets go of them.
        const { rows } = await tx.execute(sql`
          update listing_imports set property_id = ${id}, draft = jsonb_set(draft, '{photos}', '[]'::jsonb), updated_at = now()
          where id = ${input.import_id} and user_id = ${user.id} and property_id is null returning id`);
        if (!rows.length) throw new ApiError(409, IMPORT_POSTED, { import_id: [IMPORT_POSTED] });
      }
      return row!;
    }),
  );
  return { ...created, warnings: seoWarnings(input) };
}

async function writeRelations(
  tx: Executor,
  id: number,
  input: PostPropertyInput | UpdatePropertyInput,
  paramFiles: Map<number, string>,
) {
  const params = input.parameters
    .map((p) => ({
      property_id: id,
      parameter_id: p.parameter_id,
      value: typeof p.value === "string" ? p.value : (paramFiles.get(p.parameter_id) ?? ""),
    }))
    .filter((p) => p.value !== "");
  if (params.length) await tx.insert(assignParameters).values(dedupe(params, (p) => p.parameter_id));
  const facs = dedupe(input.facilities, (f) => f.facility_id).map((f) => ({
    property_id: id,
    facility_id: f.facility_id,
    distance: f.distance,
  }));
  if (facs.length) await tx.insert(assignFacilities).values(facs);
}

function dedupe<T>(list: T[], key: (t: T) => number): T[] {
  const seen = new Set<number>();
  return list.filter((x) => (seen.has(key(x)) ? false : (seen.add(key(x)), true)));
}

/** The listing if the caller owns it: 404 when it does not exist, 403 'Forbidden' for anyone else's. */
export async function ownListing(db: Executor, id: number, user: Pick<UserRow, "id"> | null) {
  const [row] = await db.select().from(properties).where(eq(properties.id, id)).limit(1);
  if (!row) throw notFound("Property not found");
  if (!user || row.added_by !== user.id) throw forbidden();
  return row;
}

/** `update_post_property`: the owner changes their listing; removed files go once the change is saved. */
export async function updateListing({ db, storage }: Deps, user: UserRow, input: UpdatePropertyInput) {
  const current = await ownListing(db, input.id, user);
  await assertNotDemoData(db, current.added_by);
  const batch = new UploadBatch(storage);
  await checkCatalogue(db, input, batch.problems);
  const existing = await db
    .select()
    .from(propertyImages)
    .where(eq(propertyImages.property_id, current.id))
    .orderBy(asc(propertyImages.position), asc(propertyImages.id));
  const titleRow = existing.find((i) => i.position === 0) ?? null;
  const galleryRows = existing.filter((i) => i !== titleRow);
  const removeIds = new Set(input.remove_gallery_images);
  for (const id of removeIds)
    if (!galleryRows.some((g) => g.id === id))
      batch.problems.add("remove_gallery_images", "This photo is not in the listing's gallery");
  const docs = await db.select().from(propertyDocuments).where(eq(propertyDocuments.property_id, current.id));
  const removeDocIds = [...new Set(input.remove_documents)];
  for (const id of removeDocIds)
    if (!docs.some((d) => d.id === id))
      batch.problems.add("remove_documents", "This document is not in the listing");
  const keptDocs = docs.length - removeDocIds.length;
  if (keptDocs + input.documents.length > 10) batch.problems.add("documents", "At most 10 documents");
  const keptPhotos = galleryRows.filter((g) => !removeIds.has(g.id)).length;
  if (keptPhotos + input.gallery_images.length > 20)
    batch.problems.add("gallery_images", "At most 20 gallery images");
  if (!titleRow && !input.title_image) batch.problems.add("title_image", "Please select a Title Image");
  const files = await prepareFiles(batch, input);
  const saved = await saveWithFiles(batch, storage, (obsolete) =>
    db.transaction(async (tx) => {
      const locked = await lockListing(tx, "property", current.id);
      const [imagesNow, docsNow] = await Promise.all([
        tx
          .select({ id: propertyImages.id })
          .from(propertyImages)
          .where(eq(propertyImages.property_id, current.id)),
        tx
          .select({ id: propertyDocuments.id })
          .from(propertyDocuments)
          .where(eq(propertyDocuments.property_id, current.id)),
      ]);
      assertUnchanged(existing, imagesNow);
      assertUnchanged(docs, docsNow);
      const settings = await readSettings(tx);
      const rejected = locked.request_status === "rejected";
      const removeThreeD = input.remove_three_d_image || files.threeD !== null;
      await tx
        .update(properties)
        .set({
          ...columns(input),
          // Without automatic approval an edited listing is reviewed again; a rejected one always
          // is (automatic approval is for new listings, not for undoing the admin's no).
          request_status: rejected || !settings.auto_approve ? "pending" : locked.request_status,
          ...(rejected ? { reject_reason: null } : {}),
          ...(files.title ? { title_image: files.title.key } : {}),
          ...(removeThreeD ? { three_d_image: files.threeD } : {}),
          ...(files.meta ? { meta_image: files.meta } : {}),
          updated_at: new Date(),
        })
        .where(eq(properties.id, current.id));
      if (input.price < current.price) await recordListingEvent(tx, current.id, "price_drop");
      if (removeThreeD && current.three_d_image && !current.three_d_image.startsWith("demo/"))
        obsolete.push(...singleFiles(current.three_d_image));
      if (files.meta && current.meta_image && !current.meta_image.startsWith("demo/"))
        obsolete.push(...singleFiles(current.meta_image));

      const dropped = galleryRows.filter((g) => removeIds.has(g.id));
      if (files.title && titleRow) dropped.push(titleRow);
      if (dropped.length)
        await tx.delete(propertyImages).where(
          inArray(
            propertyImages.id,
            dropped.map((d) => d.id),
          ),
        );
      for (const d of dropped) if (!d.key.startsWith("demo/")) obsolete.push(...photoFiles(d));
      if (files.title) await tx.insert(propertyImages).values(photoRow(current.id, files.title, 0));

      // The gallery in its new order: saved photos by `e<id>`, new ones by `n<i>`, the rest after.
      const kept = galleryRows.filter((g) => !removeIds.has(g.id));
      const slots = arrangeGallery(kept, files.gallery, input.gallery_order);
      const fresh: ReturnType<typeof photoRow>[] = [];
      for (const [i, slot] of slots.entries()) {
        if (slot.kind === "e") {
          if (slot.row.position !== i + 1)
            await tx
              .update(propertyImages)
              .set({ position: i + 1 })
              .where(eq(propertyImages.id, slot.row.id));
        } else fresh.push(photoRow(current.id, slot.photo, i + 1));
      }
      if (fresh.length) await tx.insert(propertyImages).values(fresh);

      if (removeDocIds.length) {
        await tx
          .delete(propertyDocuments)
          .where(
            and(eq(propertyDocuments.property_id, current.id), inArray(propertyDocuments.id, removeDocIds)),
          );
        for (const d of docs)
          if (removeDocIds.includes(d.id) && !d.key.startsWith("demo/")) obsolete.push(d.key);
      }
      if (files.docs.length)
        await tx
          .insert(propertyDocuments)
          .values(files.docs.map((d) => ({ property_id: current.id, key: d.key, name: d.name })));

      // Parameters and facilities are replaced as a whole; a file parameter left empty keeps its
      // file (same category), a replaced one loses it. Only file parameters' values name files.
      const oldParams = await tx
        .select({
          parameter_id: assignParameters.parameter_id,
          value: assignParameters.value,
          type: parameters.type_of_parameter,
        })
        .from(assignParameters)
        .innerJoin(parameters, eq(parameters.id, assignParameters.parameter_id))
        .where(eq(assignParameters.property_id, current.id));
      const keptFiles: { parameter_id: number; value: string }[] = [];
      for (const old of oldParams.filter((o) => o.type === "file" && o.value.startsWith("listings/"))) {
        const sent = input.parameters.find((p) => p.parameter_id === old.parameter_id);
        if (!sent && input.category_id === current.category_id)
          keptFiles.push({ parameter_id: old.parameter_id, value: old.value });
        else obsolete.push(...parameterFiles(old.value));
      }
      await tx.delete(assignParameters).where(eq(assignParameters.property_id, current.id));
      await tx.delete(assignFacilities).where(eq(assignFacilities.property_id, current.id));
      await writeRelations(
        tx,
        current.id,
        { ...input, parameters: [...input.parameters, ...keptFiles] },
        files.paramFiles,
      );
      const [row] = await tx
        .select({ id: properties.id, slug_id: properties.slug_id, request_status: properties.request_status })
        .from(properties)
        .where(eq(properties.id, current.id));
      return row!;
    }),
  );
  return { ...saved, warnings: seoWarnings(input) };
}

/** The owner's listing as the edit form needs it: raw values, ids of photos and documents. */
export async function listingForEdit(
  db: Executor,
  storage: FileStorage,
  id: number,
  user: Pick<UserRow, "id"> | null,
) {
  const row = await ownListing(db, id, user);
  const [images, docs, params, facs] = await Promise.all([
    db
      .select()
      .from(propertyImages)
      .where(eq(propertyImages.property_id, row.id))
      .orderBy(asc(propertyImages.position), asc(propertyImages.id)),
    db
      .select()
      .from(propertyDocuments)
      .where(eq(propertyDocuments.property_id, row.id))
      .orderBy(asc(propertyDocuments.id)),
    db.select().from(assignParameters).where(eq(assignParameters.property_id, row.id)),
    db.select().from(assignFacilities).where(eq(assignFacilities.property_id, row.id)),
  ]);
  const title = images.find((i) => i.position === 0) ?? null;
  return {
    id: row.id,
    slug_id: row.slug_id,
    title: row.title,
    description: row.description,
    category_id: row.category_id,
    property_type: row.property_type,
    rentduration: row.rentduration,
    price: row.price,
    country: row.country,
    state: row.state,
    city: row.city,
    address: row.address,
    client_address: row.client_address,
    latitude: row.latitude,
    longitude: row.longitude,
    video_link: row.video_link,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    meta_keywords: row.meta_keywords,
    meta_image: row.meta_image ? storage.publicUrl(row.meta_image) : null,
    is_premium: row.is_premium,
    request_status: row.request_status,
    status: row.status,
    title_image: title ? { id: title.id, ...imageView(storage, title) } : null,
    gallery_images: images.filter((i) => i !== title).map((i) => ({ id: i.id, ...imageView(storage, i) })),
    documents: docs.map((d) => ({ id: d.id, name: d.name, url: storage.publicUrl(d.key) })),
    three_d_image: row.three_d_image ? storage.publicUrl(row.three_d_image) : null,
    parameters: params.map((p) => ({ parameter_id: p.parameter_id, value: p.value })),
    facilities: facs.map((f) => ({ facility_id: f.facility_id, distance: f.distance })),
    warnings: seoWarnings(row),
  };
}
