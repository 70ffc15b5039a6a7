// Posting and changing a listing of either kind, written once. The flow: the owner and package
// checks, the kind's own checks, every file prepared (nothing stored yet), every problem told at
// once, the files written, then one transaction (a new listing takes its package unit inside it).
// Whatever fails after the files are written removes them again; files a saved change replaced or
// removed go after it commits. The gallery, the documents, the cover and the share image are the
// same for every kind; a kind's descriptor (property/post-service.ts, project/post-service.ts)
// says only what differs: its row, its own checks and files, and its relations.
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.server";
import { projectDocuments, projectImages, propertyDocuments, propertyImages } from "../../db/schema";
import type { FileStorage } from "../../media/storage.server";
import { arrangeGallery } from "../contract/gallery-order";
import { assertCanList, takeListingQuota } from "../packages/quota";
import { photoFiles, singleFiles, UploadBatch, type StoredPhoto } from "../uploads.server";
import type { UserRow } from "../users/service";
import { MAX_DOCUMENTS, MAX_GALLERY_IMAGES } from "./contract/fields";
import { ownListingValues } from "./edit-output";
import { assertNotDemoData, assertOwner, assertUnchanged, lockListing, type ListingKind } from "./guards";
import { RepeatPost, savedAt, slugTailOf, takeTurnToPost } from "./repeat-post";

/**
 * Spec §9 slug (lowercase, letters, digits, hyphens) plus a short random tail, so titles may repeat;
 * `tail` in place of the random one (a posting form's own: ./repeat-post.ts).
 */
export function listingSlug(title: string, tail = randomBytes(4).toString("hex")): string {
  const base = title
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^\p{L}\p{N}-]/gu, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80)
    .replace(/-$/, "");
  return base ? `${base}-${tail}` : `property-${tail}`;
}

/** What a listing of any kind says about itself and where it is. */
export interface ListingBasics {
  title: string;
  description: string;
  category_id: number;
  city?: string;
  state?: string;
  country?: string;
  latitude?: number;
  longitude?: number;
  video_link?: string;
  meta_title?: string;
  meta_description?: string;
  meta_keywords?: string;
}

/** The columns every kind of listing has, from its payload (the place is complete: the schema says so). */
export function listingColumns(input: ListingBasics) {
  return {
    title: input.title,
    description: input.description,
    category_id: input.category_id,
    city: input.city!,
    state: input.state!,
    country: input.country!,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    video_link: input.video_link ?? null,
    meta_title: input.meta_title ?? null,
    meta_description: input.meta_description ?? null,
    meta_keywords: input.meta_keywords ?? null,
  };
}

/** Demo files are drawn at seeding and shared by the demo catalogue: an edit never deletes them. */
export const ownFile = (key: string | null | undefined): key is string =>
  Boolean(key) && !key!.startsWith("demo/");

/** A gallery row's columns for a stored photo at a position (the kind adds its listing's id). */
export const photoColumns = (p: StoredPhoto, position: number) => ({
  key: p.key,
  position,
  width: p.width,
  height: p.height,
  widths: p.widths,
  thumbhash: p.thumbhash,
  dominant: p.dominant,
  avif: p.avif,
});

// ── A kind's gallery and documents tables ────────────────────────────────────────────────────────
// The two kinds keep their rows in tables of the same shape (decision 037); these read and write
// either through the column that names the listing.

type PhotoTable = typeof propertyImages | typeof projectImages;
type DocumentTable = typeof propertyDocuments | typeof projectDocuments;
type ListingColumn = typeof propertyImages.property_id | typeof projectImages.project_id;
type DocumentListingColumn = typeof propertyDocuments.property_id | typeof projectDocuments.project_id;

export type PhotoRow = typeof propertyImages.$inferSelect;

/** A kind's gallery: its photos in their order, and the changes an edit makes to them. */
export function galleryTable(table: PhotoTable, listing: ListingColumn) {
  return {
    list: (db: Executor, id: number): Promise<Omit<PhotoRow, "property_id">[]> =>
      db
        .select({
          id: table.id,
          key: table.key,
          position: table.position,
          width: table.width,
          height: table.height,
          widths: table.widths,
          thumbhash: table.thumbhash,
          dominant: table.dominant,
          avif: table.avif,
          created_at: table.created_at,
        })
        .from(table)
        .where(eq(listing, id))
        .orderBy(asc(table.position), asc(table.id)),
    ids: (db: Executor, id: number) => db.select({ id: table.id }).from(table).where(eq(listing, id)),
    /** Adds photos at their positions. */
    insert: async (db: Executor, id: number, placed: { photo: StoredPhoto; position: number }[]) => {
      if (placed.length)
        await db
          .insert(table)
          .values(
            placed.map(({ photo, position }) => ({ ...photoColumns(photo, position), [listing.name]: id })),
          );
    },
    move: (db: Executor, rowId: number, position: number) =>
      db.update(table).set({ position }).where(eq(table.id, rowId)),
    remove: async (db: Executor, id: number, rowIds: number[]) => {
      if (rowIds.length) await db.delete(table).where(and(eq(listing, id), inArray(table.id, rowIds)));
    },
  };
}

/** A kind's documents (brochures, papers): names and stored files. */
export function documentsTable(table: DocumentTable, listing: DocumentListingColumn) {
  return {
    list: (db: Executor, id: number) =>
      db
        .select({ id: table.id, key: table.key, name: table.name })
        .from(table)
        .where(eq(listing, id))
        .orderBy(asc(table.id)),
    ids: (db: Executor, id: number) => db.select({ id: table.id }).from(table).where(eq(listing, id)),
    insert: async (db: Executor, id: number, docs: { key: string; name: string }[]) => {
      if (docs.length)
        await db.insert(table).values(docs.map((d) => ({ key: d.key, name: d.name, [listing.name]: id })));
    },
    remove: async (db: Executor, id: number, rowIds: number[]) => {
      if (rowIds.length) await db.delete(table).where(and(eq(listing, id), inArray(table.id, rowIds)));
    },
  };
}

// ── The kind descriptor ──────────────────────────────────────────────────────────────────────────

/** What every kind's payload carries and the shared flow reads. */
export interface ListingPayload extends ListingBasics {
  /** The posting form's token, when it came from one (./repeat-post.ts). */
  form_token?: string;
  gallery_images: File[];
  documents: File[];
  gallery_order: string[];
  meta_image?: File;
}

/** What an edit adds: the listing and the saved files it lets go. */
export interface ListingEdit {
  id: number;
  remove_gallery_images: number[];
  remove_documents: number[];
}

/** A listing's row as far as the shared flow reads it. */
type ListingRow = Parameters<typeof ownListingValues>[1] & { added_by: number };

/** The files of one submission, prepared: the shared ones and the kind's own (`own`). */
export interface ListingFiles<Own> {
  cover: StoredPhoto | null;
  gallery: StoredPhoto[];
  docs: { key: string; name: string }[];
  meta: string | null;
  own: Own;
}

/** The columns both kinds' rows take from a submission, with the share image when one came. */
type SharedColumns = ReturnType<typeof listingColumns> & { meta_image?: string | null };

export interface ListingKindPosting<
  In extends ListingPayload,
  Row extends ListingRow,
  Checked,
  Own,
  Out,
  Edit = object,
> {
  kind: ListingKind;
  /** The listing's name in messages ("This photo is not in the listing's gallery"). */
  noun: string;
  quota: "property_list" | "project_list";
  /** The cover photo's form field, and its file in a submission. */
  coverField: string;
  cover(input: In): File | undefined;
  /**
   * Where the cover lives: `true`, as the gallery's first photo (position 0, the rest from 1), the
   * row keeping only its key; `false`, in columns of the listing's own row, the gallery from 0.
   */
  coverInGallery: boolean;
  /** On a change: whether a cover is saved already (with the gallery's row 0 when it holds it). */
  hasCover(row: Row, coverRow: { id: number } | null): boolean;
  photos: ReturnType<typeof galleryTable>;
  documents: ReturnType<typeof documentsTable>;
  /** The listing's row, for a change (its owner is checked already). */
  row(db: Executor, id: number): Promise<Row>;
  /**
   * The kind's own checks, before any file is prepared; problems go to `batch`. What it read goes on
   * to the later steps. `current` is the row on a change, null for a new listing.
   */
  check(
    db: Executor,
    input: In,
    batch: UploadBatch,
    at: { user: UserRow; current: Row | null },
  ): Promise<Checked>;
  /** The kind's own files, prepared (not written). */
  prepare(batch: UploadBatch, input: In, checked: Checked): Promise<Own>;
  /** Photos that follow the cover in a new gallery before the uploads (an import's). */
  leadingPhotos?(checked: Checked): StoredPhoto[];
  /** Inserts a new listing's row (and its own relations) inside the transaction: its id. */
  create(
    tx: Executor,
    at: {
      input: In;
      files: ListingFiles<Own>;
      checked: Checked;
      user: UserRow;
      shared: SharedColumns & { slug_id: string; added_by: number; status: "active" };
    },
  ): Promise<number>;
  /**
   * Writes a change to the row (and its own relations) inside the transaction, under the row's lock;
   * the kind's own files it replaces go to `obsolete`.
   */
  change(
    tx: Executor,
    at: {
      input: In & ListingEdit;
      files: ListingFiles<Own>;
      checked: Checked;
      current: Row;
      locked: { request_status: string };
      shared: SharedColumns & { updated_at: Date };
      obsolete: string[];
    },
  ): Promise<void>;
  /** The answer: the saved listing as the call returns it. */
  saved(tx: Executor, id: number, input: In): Promise<Out>;
  /**
   * The edit form's answer: `shared` (the values every kind's form reads) with the kind's own; the
   * cover row is the gallery's first photo when the gallery holds the cover.
   */
  forEdit(
    db: Executor,
    storage: FileStorage,
    at: { row: Row; coverRow: PhotoListed | null; shared: ReturnType<typeof ownListingValues> },
  ): Promise<Edit>;
}

type PhotoListed = Awaited<ReturnType<ReturnType<typeof galleryTable>["list"]>>[number];

/** What posting needs of the runtime (a call's context has both). */
export interface PostingDeps {
  db: Database;
  storage: FileStorage;
}

/** The shared files of a submission in the order the form shows them, then the kind's own. */
async function prepareFiles<In extends ListingPayload, Own>(
  batch: UploadBatch,
  kind: Pick<ListingKindPosting<In, never, unknown, Own, unknown>, "cover" | "coverField">,
  input: In,
  own: () => Promise<Own>,
): Promise<ListingFiles<Own>> {
  const coverFile = kind.cover(input);
  const cover = coverFile ? await batch.photo(coverFile, kind.coverField) : null;
  const gallery: StoredPhoto[] = [];
  for (const file of input.gallery_images) {
    const photo = await batch.photo(file, "gallery_images");
    if (photo) gallery.push(photo);
  }
  const docs: { key: string; name: string }[] = [];
  for (const file of input.documents) {
    const doc = await batch.document(file, "documents");
    if (doc) docs.push(doc);
  }
  const meta = input.meta_image ? await batch.metaImage(input.meta_image, "meta_image") : null;
  return { cover, gallery, docs, meta, own: await own() };
}

/**
 * Saves a listing with its files: refuses with every problem at once, writes the prepared files,
 * then runs `save` (one transaction). If it fails, the files just written go again; once it has
 * committed, the files it named obsolete (replaced or removed) are deleted. A file that fails to go
 * is only wasted space.
 */
async function saveWithFiles<T>(
  batch: UploadBatch,
  storage: FileStorage,
  save: (obsolete: string[]) => Promise<T>,
): Promise<T> {
  batch.problems.throwIfAny();
  await batch.write();
  const obsolete: string[] = [];
  let saved: T;
  try {
    saved = await save(obsolete);
  } catch (e) {
    await batch.discard();
    throw e;
  }
  await Promise.all([...new Set(obsolete)].map((k) => storage.delete(k).catch(() => {})));
  return saved;
}

/**
 * A new listing of the caller's, paid for with one unit of their package. The same posting form
 * sent twice (its `form_token`) answers the second time with the listing the first one saved.
 */
export async function createListingOf<In extends ListingPayload, Row extends ListingRow, Checked, Own, Out>(
  kind: ListingKindPosting<In, Row, Checked, Own, Out>,
  deps: PostingDeps,
  user: UserRow,
  input: In,
): Promise<Out> {
  const slug = listingSlug(input.title, input.form_token ? slugTailOf(user.id, input.form_token) : undefined);
  if (input.form_token) {
    // Before the package's check (the first copy may have taken its last unit) and any photo work.
    const earlier = await savedAt(deps.db, kind.kind, user.id, slug);
    if (earlier !== null) return kind.saved(deps.db, earlier, input);
  }
  try {
    return await createListing(kind, deps, user, input, slug);
  } catch (e) {
    // Both copies were on their way at once; the other one was saved first.
    if (e instanceof RepeatPost) return kind.saved(deps.db, e.id, input);
    throw e;
  }
}

async function createListing<In extends ListingPayload, Row extends ListingRow, Checked, Own, Out>(
  kind: ListingKindPosting<In, Row, Checked, Own, Out>,
  { db, storage }: PostingDeps,
  user: UserRow,
  input: In,
  slug: string,
): Promise<Out> {
  // A refusal (profile, package) is told before any photo is processed; the unit is taken below.
  await assertCanList(db, user.id, kind.quota);
  const batch = new UploadBatch(storage);
  const checked = await kind.check(db, input, batch, { user, current: null });
  const files = await prepareFiles(batch, kind, input, () => kind.prepare(batch, input, checked));
  return saveWithFiles(batch, storage, () =>
    db.transaction(async (tx) => {
      if (input.form_token) {
        await takeTurnToPost(tx, user.id);
        // Thrown, so that nothing of this copy is kept: the transaction and the files just written.
        const twin = await savedAt(tx, kind.kind, user.id, slug);
        if (twin !== null) throw new RepeatPost(twin);
      }
      await takeListingQuota(tx, user.id, kind.quota);
      const id = await kind.create(tx, {
        input,
        files,
        checked,
        user,
        shared: {
          ...listingColumns(input),
          meta_image: files.meta,
          slug_id: slug,
          added_by: user.id,
          status: "active",
        },
      });
      // The gallery: the cover when the gallery holds it, what the kind brings (an import's photos),
      // then the uploads in the order the owner arranged them.
      const photos = [
        ...(kind.coverInGallery && files.cover ? [files.cover] : []),
        ...(kind.leadingPhotos?.(checked) ?? []),
        ...arrangeGallery([], files.gallery, input.gallery_order).flatMap((s) =>
          s.kind === "n" ? [s.photo] : [],
        ),
      ];
      await kind.photos.insert(
        tx,
        id,
        photos.map((photo, position) => ({ photo, position })),
      );
      await kind.documents.insert(tx, id, files.docs);
      return kind.saved(tx, id, input);
    }),
  );
}

/** The owner changes their listing; files it removes or replaces go once the change is saved. */
export async function updateListingOf<In extends ListingPayload, Row extends ListingRow, Checked, Own, Out>(
  kind: ListingKindPosting<In, Row, Checked, Own, Out>,
  { db, storage }: PostingDeps,
  user: UserRow,
  input: In & ListingEdit,
): Promise<Out> {
  await assertOwner(db, kind.kind, input.id, user);
  const current = await kind.row(db, input.id);
  await assertNotDemoData(db, current.added_by);
  const batch = new UploadBatch(storage);
  const [photos, docs] = await Promise.all([
    kind.photos.list(db, current.id),
    kind.documents.list(db, current.id),
  ]);
  const checked = await kind.check(db, input, batch, { user, current });
  const coverRow = kind.coverInGallery ? (photos.find((p) => p.position === 0) ?? null) : null;
  const gallery = photos.filter((p) => p !== coverRow);
  const removePhotos = new Set(input.remove_gallery_images);
  const removeDocs = new Set(input.remove_documents);
  for (const id of removePhotos)
    if (!gallery.some((g) => g.id === id))
      batch.problems.add("remove_gallery_images", `This photo is not in the ${kind.noun}'s gallery`);
  for (const id of removeDocs)
    if (!docs.some((d) => d.id === id))
      batch.problems.add("remove_documents", `This document is not in the ${kind.noun}`);
  const kept = gallery.filter((g) => !removePhotos.has(g.id));
  if (kept.length + input.gallery_images.length > MAX_GALLERY_IMAGES)
    batch.problems.add("gallery_images", `At most ${MAX_GALLERY_IMAGES} gallery images`);
  if (docs.filter((d) => !removeDocs.has(d.id)).length + input.documents.length > MAX_DOCUMENTS)
    batch.problems.add("documents", `At most ${MAX_DOCUMENTS} documents`);
  if (!kind.hasCover(current, coverRow) && !kind.cover(input))
    batch.problems.add(kind.coverField, "Please select a Title Image");
  const files = await prepareFiles(batch, kind, input, () => kind.prepare(batch, input, checked));
  return saveWithFiles(batch, storage, (obsolete) =>
    db.transaction(async (tx) => {
      const locked = await lockListing(tx, kind.kind, current.id);
      const [photosNow, docsNow] = await Promise.all([
        kind.photos.ids(tx, current.id),
        kind.documents.ids(tx, current.id),
      ]);
      assertUnchanged(photos, photosNow);
      assertUnchanged(docs, docsNow);
      await kind.change(tx, {
        input,
        files,
        checked,
        current,
        locked,
        shared: {
          ...listingColumns(input),
          ...(files.meta ? { meta_image: files.meta } : {}),
          updated_at: new Date(),
        },
        obsolete,
      });
      if (files.meta && ownFile(current.meta_image)) obsolete.push(...singleFiles(current.meta_image));

      // A new cover held by the gallery replaces its row 0.
      const dropped = gallery.filter((g) => removePhotos.has(g.id));
      if (files.cover && coverRow) dropped.push(coverRow);
      await kind.photos.remove(
        tx,
        current.id,
        dropped.map((d) => d.id),
      );
      for (const d of dropped) if (ownFile(d.key)) obsolete.push(...photoFiles(d));
      // The gallery in its new order: saved photos by `e<id>`, new ones by `n<i>`, the rest after; a
      // cover held by the gallery stays first.
      const from = kind.coverInGallery ? 1 : 0;
      const fresh = kind.coverInGallery && files.cover ? [{ photo: files.cover, position: 0 }] : [];
      for (const [i, slot] of arrangeGallery(kept, files.gallery, input.gallery_order).entries()) {
        if (slot.kind === "n") fresh.push({ photo: slot.photo, position: from + i });
        else if (slot.row.position !== from + i) await kind.photos.move(tx, slot.row.id, from + i);
      }
      await kind.photos.insert(tx, current.id, fresh);

      await kind.documents.remove(tx, current.id, [...removeDocs]);
      for (const d of docs) if (removeDocs.has(d.id) && ownFile(d.key)) obsolete.push(d.key);
      await kind.documents.insert(tx, current.id, files.docs);
      return kind.saved(tx, current.id, input);
    }),
  );
}

/** One's own listing as its edit form needs it: raw values, the ids of its photos and documents. */
export async function listingForEditOf<
  In extends ListingPayload,
  Row extends ListingRow,
  Checked,
  Own,
  Out,
  Edit,
>(
  kind: ListingKindPosting<In, Row, Checked, Own, Out, Edit>,
  db: Executor,
  storage: FileStorage,
  id: number,
  user: Pick<UserRow, "id"> | null,
): Promise<Edit> {
  await assertOwner(db, kind.kind, id, user);
  const [row, photos, docs] = await Promise.all([
    kind.row(db, id),
    kind.photos.list(db, id),
    kind.documents.list(db, id),
  ]);
  const coverRow = kind.coverInGallery ? (photos.find((p) => p.position === 0) ?? null) : null;
  return kind.forEdit(db, storage, {
    row,
    coverRow,
    shared: ownListingValues(
      storage,
      row,
      photos.filter((p) => p !== coverRow),
      docs,
    ),
  });
}
