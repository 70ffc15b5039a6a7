// A property as the shared posting flow (../post-service.ts) sees it: its row (price, type, address,
// the 360° photo, the title image as the gallery's first photo), its category's parameters and its
// facilities, a draft imported from another portal, and its review (automatic approval when the
// setting says so).
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.server";
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
import { ApiError } from "../../envelope";
import { readSettings } from "../../settings/calls";
import { type PostPropertyInput, type UpdatePropertyInput } from "./post-schema";
import { MAX_GALLERY_IMAGES, seoWarnings } from "../contract/fields";
import {
  parameterFiles,
  singleFiles,
  UploadBatch,
  UploadErrors,
  type StoredPhoto,
} from "../../uploads.server";
import { imageView } from "../../image-view";
import { ownListingValues } from "../edit-output";
import { recordListingEvent } from "../../saved-searches/events";
import {
  documentsTable,
  galleryTable,
  listingColumns,
  ownFile,
  type ListingKindPosting,
} from "../post-service";

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

type PropertyRow = typeof properties.$inferSelect;

const photos = galleryTable(propertyImages, propertyImages.property_id);
const documents = documentsTable(propertyDocuments, propertyDocuments.property_id);

/** A property's own files: its 360° photo and the files its category's parameters ask for. */
interface PropertyFiles {
  threeD: string | null;
  paramFiles: Map<number, string>;
}

export const propertyPosting: ListingKindPosting<
  PostPropertyInput | UpdatePropertyInput,
  PropertyRow,
  { imported: StoredPhoto[] | null },
  PropertyFiles,
  {
    id: number;
    slug_id: string;
    request_status: PropertyRow["request_status"];
    warnings: Record<string, string[]>;
  },
  Awaited<ReturnType<typeof propertyForEdit>>
> = {
  kind: "property",
  noun: "listing",
  quota: "property_list",
  coverField: "title_image",
  cover: (input) => input.title_image,
  coverInGallery: true,
  hasCover: (_row, coverRow) => coverRow !== null,
  photos,
  documents,
  async row(db, id) {
    const [row] = await db.select().from(properties).where(eq(properties.id, id)).limit(1);
    return row!;
  },

  async check(db, input, batch, { user, current }) {
    await checkCatalogue(db, input, batch.problems);
    if (current || !("import_id" in input)) return { imported: null };
    const imported =
      input.import_id !== undefined
        ? await importedPhotos(db, user.id, input.import_id, batch.problems)
        : null;
    // No title image sent and none brought by the import (a refused one has its own message already).
    if (!input.title_image && !imported?.length)
      batch.problems.add("title_image", "Please select a Title Image");
    // The import's photos count against the gallery like uploaded ones (all but the title image).
    const galleryCount =
      input.gallery_images.length + Math.max(0, (imported?.length ?? 0) - (input.title_image ? 0 : 1));
    if (galleryCount > MAX_GALLERY_IMAGES)
      batch.problems.add("gallery_images", `At most ${MAX_GALLERY_IMAGES} gallery images`);
    return { imported };
  },

  async prepare(batch, input) {
    const threeD = input.three_d_image ? await batch.panorama(input.three_d_image, "three_d_image") : null;
    const paramFiles = new Map<number, string>();
    for (const p of input.parameters) {
      // One file per parameter (the first sent, as the rows keep): a second would be stored for nothing.
      if (typeof p.value === "string" || paramFiles.has(p.parameter_id)) continue;
      const key = await batch.parameterFile(p.value, `param_${p.parameter_id}`);
      if (key) paramFiles.set(p.parameter_id, key);
    }
    return { threeD, paramFiles };
  },

  // An import's photos follow the chosen title image (or lead, when none was chosen), then the uploads.
  leadingPhotos: ({ imported }) => imported ?? [],

  async create(tx, { input, files, checked, user, shared }) {
    const [row] = await tx
      .insert(properties)
      .values({
        ...shared,
        ...columns(input),
        request_status: await requestStatusForNew(tx),
        title_image: (files.cover ?? checked.imported![0]!).key,
        three_d_image: files.own.threeD,
      })
      .returning({ id: properties.id });
    const id = row!.id;
    await writeRelations(tx, id, input, files.own.paramFiles);
    await recordListingEvent(tx, id, "live");
    if ("import_id" in input && input.import_id !== undefined) {
      // Posted once: a second submit of the same draft (another tab) is refused, not a copy.
      // The photos are the listing's now (deleted with it): the draft lets go of them.
      const { rows } = await tx.execute(sql`
        update listing_imports set property_id = ${id}, draft = jsonb_set(draft, '{photos}', '[]'::jsonb), updated_at = now()
        where id = ${input.import_id} and user_id = ${user.id} and property_id is null returning id`);
      if (!rows.length) throw new ApiError(409, IMPORT_POSTED, { import_id: [IMPORT_POSTED] });
    }
    return id;
  },

  async change(tx, { input, files, current, locked, shared, obsolete }) {
    const settings = await readSettings(tx);
    const rejected = locked.request_status === "rejected";
    const removeThreeD =
      ("remove_three_d_image" in input && input.remove_three_d_image) || files.own.threeD !== null;
    await tx
      .update(properties)
      .set({
        ...shared,
        ...columns(input),
        // Without automatic approval an edited listing is reviewed again; a rejected one always
        // is (automatic approval is for new listings, not for undoing the admin's no).
        request_status: rejected || !settings.auto_approve ? "pending" : current.request_status,
        ...(rejected ? { reject_reason: null } : {}),
        ...(files.cover ? { title_image: files.cover.key } : {}),
        ...(removeThreeD ? { three_d_image: files.own.threeD } : {}),
      })
      .where(eq(properties.id, current.id));
    if (input.price < current.price) await recordListingEvent(tx, current.id, "price_drop");
    if (removeThreeD && ownFile(current.three_d_image)) obsolete.push(...singleFiles(current.three_d_image));

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
      files.own.paramFiles,
    );
  },

  async saved(tx, id, input) {
    const [row] = await tx
      .select({ id: properties.id, slug_id: properties.slug_id, request_status: properties.request_status })
      .from(properties)
      .where(eq(properties.id, id));
    return { ...row!, warnings: seoWarnings(input) };
  },

  forEdit: propertyForEdit,
};

/** The listing as its edit form needs it: the shared values, a property's own, and its title image. */
async function propertyForEdit(
  db: Executor,
  storage: FileStorage,
  {
    row,
    coverRow,
    shared,
  }: {
    row: PropertyRow;
    coverRow: (Parameters<typeof imageView>[1] & { id: number }) | null;
    shared: ReturnType<typeof ownListingValues>;
  },
) {
  const [params, facs] = await Promise.all([
    db.select().from(assignParameters).where(eq(assignParameters.property_id, row.id)),
    db.select().from(assignFacilities).where(eq(assignFacilities.property_id, row.id)),
  ]);
  return {
    ...shared,
    property_type: row.property_type,
    rentduration: row.rentduration,
    price: row.price,
    address: row.address,
    client_address: row.client_address,
    is_premium: row.is_premium,
    title_image: coverRow ? { id: coverRow.id, ...imageView(storage, coverRow) } : null,
    three_d_image: row.three_d_image ? storage.publicUrl(row.three_d_image) : null,
    parameters: params.map((p) => ({ parameter_id: p.parameter_id, value: p.value })),
    facilities: facs.map((f) => ({ facility_id: f.facility_id, distance: f.distance })),
  };
}
