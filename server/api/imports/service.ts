// Importing listings from Property Finder, Bayut and Dubizzle. A page is fetched (through the one
// guarded fetcher: https, the site's own hosts, public addresses only, after every redirect too,
// with size and time caps) or uploaded as the browser saved it; its structured data becomes a
// draft; its photos are brought over by a background job through the same pipeline as uploads.
// Nothing is published: the owner posts the draft through the post-property form.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { guardedFetch, GuardedFetchError } from "../../net/guarded-fetch";
import type { ApiContext, ApiDeps } from "../context";
import { ApiError } from "../envelope";
import { enqueueJob, JobFailure, subjectOf, type JobRow, type JobTools } from "../../queue/queue";
import { imageView } from "../image-view";
import { photoFiles, UploadBatch, type StoredPhoto } from "../uploads.server";
import { isUniqueViolation } from "../users/service";
import { mapListing, type MappedDraft } from "./map";
import {
  imageHosts,
  listingHosts,
  listingUrlToFetch,
  parseListingPage,
  siteOfUrl,
  SITE_NAMES,
  type ImportSite,
  type ScrapedListing,
} from "./sites";

export { SITE_NAMES };

/** A listing's photos brought over: enough for a gallery, bounded so one import cannot take minutes. */
export const MAX_IMPORTED_PHOTOS = 12;
const PAGE_MAX_BYTES = 5 * 1024 * 1024;
const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 15_000;

/** The draft as stored: what the page said, in our terms, and the photos brought over so far. */
export interface StoredDraft extends MappedDraft {
  source: Pick<ScrapedListing, "source_url" | "reference" | "agent" | "amenities">;
  photo_urls: string[];
  photos: StoredPhoto[];
  photos_failed: number;
  duplicate_of?: number;
}

export type ImportRow = {
  id: number;
  user_id: number;
  site: ImportSite;
  source_url: string | null;
  source_id: string | null;
  status: "queued" | "processing" | "ready" | "failed";
  error: string | null;
  draft: StoredDraft | null;
  property_id: number | null;
  batch_id: string | null;
  created_at: string | Date;
};

const COLUMNS = sql`id, user_id, site, source_url, source_id, status, error, draft, property_id, batch_id, created_at`;

function rowOf(r: ImportRow): ImportRow {
  return {
    ...r,
    id: Number(r.id),
    user_id: Number(r.user_id),
    property_id: r.property_id === null ? null : Number(r.property_id),
  };
}

export async function importById(db: Executor, id: number): Promise<ImportRow | null> {
  const { rows } = await db.execute<ImportRow>(sql`select ${COLUMNS} from listing_imports where id = ${id}`);
  return rows[0] ? rowOf(rows[0]) : null;
}

/** The caller's import (or any, for an admin): 404 for someone else's, so ids tell nothing. */
export async function ownImport(ctx: ApiContext, id: number): Promise<ImportRow> {
  const row = await importById(ctx.db, id);
  if (!row || (row.user_id !== ctx.user?.id && !ctx.principal?.admin))
    throw new ApiError(404, "Import not found");
  return row;
}

/** Whose draft it becomes: the caller's own; an admin may import for someone else. */
export async function importTarget(ctx: ApiContext, userId: number | undefined): Promise<number> {
  const me = ctx.user!;
  if (userId === undefined || userId === me.id) return me.id;
  if (!ctx.principal?.admin)
    throw new ApiError(403, "You can only import listings for yourself", {
      userId: ["You can only import listings for yourself"],
    });
  const { rows } = await ctx.db.execute(sql`select 1 from users where id = ${userId} and deleted_at is null`);
  if (!rows.length) throw new ApiError(404, "User not found", { userId: ["User not found"] });
  return userId;
}

/** Fetches a listing page under the import's rules; a refusal or failure becomes a message about the address. */
export async function fetchListingPage(
  site: ImportSite,
  url: string,
): Promise<{ html: string; url: string }> {
  if (siteOfUrl(url) !== site) {
    const other = siteOfUrl(url);
    const message = other
      ? `This is a ${SITE_NAMES[other]} address: import it from ${SITE_NAMES[other]}`
      : `This is not the address of a ${SITE_NAMES[site]} listing`;
    throw new ApiError(400, message, { url: [message] });
  }
  // The listing's own address: a pasted link's tracking query and fragment are not sent on.
  const address = listingUrlToFetch(url) ?? url;
  let res;
  try {
    res = await guardedFetch(address, {
      allowHosts: listingHosts(site),
      httpsOnly: true,
      timeoutMs: FETCH_TIMEOUT_MS,
      maxBytes: PAGE_MAX_BYTES,
      headers: { accept: "text/html,application/xhtml+xml", "accept-language": "en" },
    });
  } catch (error) {
    if (!(error instanceof GuardedFetchError)) throw error;
    const why =
      error.reason === "timeout"
        ? `${SITE_NAMES[site]} took too long to answer`
        : error.reason === "too-large"
          ? "The page is too large"
          : error.reason === "host" ||
              error.reason === "scheme" ||
              error.reason === "address" ||
              error.reason === "redirects"
            ? `The address led somewhere other than ${SITE_NAMES[site]}`
            : `${SITE_NAMES[site]} could not be reached`;
    const message = `${why}. You can save the page in your browser and upload it instead`;
    throw new ApiError(502, message, { url: [message] });
  }
  if (res.status !== 200) {
    const message =
      res.status === 404 || res.status === 410
        ? `${SITE_NAMES[site]} says this listing does not exist any more`
        : `${SITE_NAMES[site]} did not give us the page. You can save the page in your browser and upload it instead`;
    throw new ApiError(502, message, { url: [message] });
  }
  return { html: res.body.toString("utf8"), url: res.url };
}

/** A saved page as the browser wrote it: HTML text, not a picture or a PDF renamed. */
export async function readSavedPage(file: File): Promise<string> {
  const bytes = Buffer.from(await file.arrayBuffer());
  const head = bytes.subarray(0, 2048).toString("utf8").toLowerCase();
  if (
    bytes.includes(0) ||
    !(
      head.includes("<html") ||
      head.includes("<!doctype") ||
      head.includes("<head") ||
      head.includes("<script")
    )
  ) {
    throw new ApiError(
      400,
      "This is not a saved web page: save the listing's page from your browser (.html) and choose that",
      {
        upload: [
          "This is not a saved web page: save the listing's page from your browser (.html) and choose that",
        ],
      },
    );
  }
  return bytes.toString("utf8");
}

/** The page's listing, or a 400 naming what the page lacked (on the field it came from). */
export function parseOrRefuse(
  site: ImportSite,
  html: string,
  pageUrl: string | undefined,
  field: "url" | "upload",
): ScrapedListing {
  const parsed = parseListingPage(site, html, pageUrl);
  if (!parsed.ok) throw new ApiError(400, parsed.message, { [field]: [parsed.message] });
  return parsed.listing;
}

export async function draftOf(db: Executor, listing: ScrapedListing): Promise<StoredDraft> {
  const mapped = await mapListing(db, listing);
  const photo_urls = listing.photos.slice(0, MAX_IMPORTED_PHOTOS);
  if (listing.photos.length > MAX_IMPORTED_PHOTOS)
    mapped.notes.push(
      `The page has ${listing.photos.length} photos: the first ${MAX_IMPORTED_PHOTOS} were brought over`,
    );
  return {
    ...mapped,
    source: {
      source_url: listing.source_url,
      reference: listing.reference,
      agent: listing.agent,
      amenities: listing.amenities,
    },
    photo_urls,
    photos: [],
    photos_failed: 0,
  };
}

/**
 * Saves a parsed listing as the person's import and queues its photos; the same source listing
 * imported again by the same person answers their first import instead.
 */
export async function saveImport(
  deps: ApiDeps,
  input: { userId: number; createdBy: number; site: ImportSite; listing: ScrapedListing },
): Promise<{ row: ImportRow; created: boolean }> {
  const existing = await findSame(deps.db, input.userId, input.site, input.listing.source_id);
  if (existing) return { row: existing, created: false };
  const draft = await draftOf(deps.db, input.listing);
  try {
    const id = await deps.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: number }>(sql`
        insert into listing_imports (user_id, created_by, site, source_url, source_id, status, draft)
        values (${input.userId}, ${input.createdBy}, ${input.site}, ${input.listing.source_url}, ${input.listing.source_id},
          ${draft.photo_urls.length ? "processing" : "ready"}, ${JSON.stringify(draft)}::jsonb)
        returning id`);
      const id = Number(rows[0]!.id);
      if (draft.photo_urls.length)
        await enqueueJob(tx, {
          kind: "listing-import",
          subject_id: id,
          payload: { stage: "photos" },
          created_by: input.createdBy,
        });
      return id;
    });
    return { row: (await importById(deps.db, id))!, created: true };
  } catch (error) {
    // Two imports of one listing at once: the second finds the first.
    if (isUniqueViolation(error)) {
      const same = await findSame(deps.db, input.userId, input.site, input.listing.source_id);
      if (same) return { row: same, created: false };
    }
    throw error;
  }
}

async function findSame(
  db: Executor,
  userId: number,
  site: ImportSite,
  sourceId: string,
): Promise<ImportRow | null> {
  const { rows } = await db.execute<ImportRow>(
    sql`select ${COLUMNS} from listing_imports where user_id = ${userId} and site = ${site} and source_id = ${sourceId}`,
  );
  return rows[0] ? rowOf(rows[0]) : null;
}

/** Queues an agent's portfolio: one row and one job per address, each read in the background. */
export async function queueBatch(
  deps: ApiDeps,
  input: { userId: number; createdBy: number; urls: string[] },
) {
  const batchId = randomBytes(9).toString("base64url");
  const ids = await deps.db.transaction(async (tx) => {
    const out: number[] = [];
    for (const [i, url] of input.urls.entries()) {
      const site = siteOfUrl(url);
      const { rows } = await tx.execute<{ id: number }>(sql`
        insert into listing_imports (user_id, created_by, site, source_url, status, error, batch_id, position)
        values (${input.userId}, ${input.createdBy}, ${site ?? "unknown"}, ${url}, ${site ? "queued" : "failed"},
          ${site ? null : "This is not the address of a Property Finder, Bayut or Dubizzle listing"}, ${batchId}, ${i})
        returning id`);
      const id = Number(rows[0]!.id);
      if (site)
        await enqueueJob(tx, {
          kind: "listing-import",
          subject_id: id,
          payload: { stage: "page" },
          created_by: input.createdBy,
        });
      out.push(id);
    }
    return out;
  });
  return { batchId, ids };
}

export async function importsOf(
  db: Executor,
  userId: number,
  options: { batchId?: string; offset: number; limit: number },
) {
  const batch = options.batchId ? sql`and batch_id = ${options.batchId}` : sql``;
  const { rows } = await db.execute<ImportRow & { total: number }>(sql`
    select ${COLUMNS}, count(*) over () as total from listing_imports where user_id = ${userId} ${batch}
    order by ${options.batchId ? sql`position` : sql`id desc`} offset ${options.offset} limit ${options.limit}`);
  return { rows: rows.map(rowOf), total: rows.length ? Number(rows[0]!.total) : 0 };
}

export function importView(deps: Pick<ApiDeps, "storage">, row: ImportRow) {
  const d = row.draft;
  return {
    id: row.id,
    site: row.site,
    source_url: row.source_url,
    source_id: row.source_id,
    status: row.status,
    error: row.error,
    user_id: row.user_id,
    property_id: row.property_id,
    batch_id: row.batch_id,
    duplicate_of: d?.duplicate_of ?? null,
    draft:
      d && d.title
        ? {
            title: d.title,
            description: d.description,
            price: d.price,
            currency: d.currency,
            property_type: d.property_type,
            rentduration: d.rentduration,
            category_id: d.category_id,
            city: d.city,
            state: d.state,
            country: d.country,
            address: d.address,
            latitude: d.latitude,
            longitude: d.longitude,
            parameters: d.parameters,
            facilities: d.facilities,
            photos: d.photos.map((p) => imageView(deps.storage, p)),
            photos_expected: d.photo_urls.length,
            photos_failed: d.photos_failed,
            unmatched: d.unmatched,
            notes: d.notes,
          }
        : null,
    form_link: `/user/add-property?import=${d?.duplicate_of ?? row.id}`,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The background work of an import: the page (for an address of a portfolio), then the photos. */
export async function runImport(job: JobRow, deps: ApiDeps, tools: JobTools) {
  const row = await importById(deps.db, subjectOf(job));
  if (!row) return { gone: true };
  if (job.payload.stage === "page") {
    await deps.db.execute(
      sql`update listing_imports set status = 'processing', updated_at = now() where id = ${row.id}`,
    );
    let listing: ScrapedListing;
    try {
      const page = await fetchListingPage(row.site, row.source_url!);
      listing = parseOrRefuse(row.site, page.html, page.url, "url");
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      await deps.db.execute(
        sql`update listing_imports set status = 'failed', error = ${error.message}, updated_at = now() where id = ${row.id}`,
      );
      throw new JobFailure(error.message);
    }
    const same = await findSame(deps.db, row.user_id, row.site, listing.source_id);
    if (same && same.id !== row.id) {
      // Imported before: this row leads to the first draft (and keeps no copy of its own).
      await deps.db.execute(sql`
        update listing_imports set status = 'ready', draft = ${JSON.stringify({ duplicate_of: same.id })}::jsonb, updated_at = now() where id = ${row.id}`);
      return { duplicate_of: same.id };
    }
    const draft = await draftOf(deps.db, listing);
    try {
      await deps.db.execute(sql`
        update listing_imports set source_id = ${listing.source_id}, source_url = ${listing.source_url}, draft = ${JSON.stringify(draft)}::jsonb, updated_at = now()
        where id = ${row.id}`);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const first = await findSame(deps.db, row.user_id, row.site, listing.source_id);
      await deps.db.execute(
        sql`update listing_imports set status = 'ready', draft = ${JSON.stringify({ duplicate_of: first?.id })}::jsonb, updated_at = now() where id = ${row.id}`,
      );
      return { duplicate_of: first?.id ?? null };
    }
  }
  return bringPhotos(deps, subjectOf(job), tools);
}

/** Each photo through the guarded fetcher (the site's image hosts only) and the upload pipeline, saved as it arrives. */
async function bringPhotos(deps: ApiDeps, importId: number, tools: JobTools) {
  const row = (await importById(deps.db, importId))!;
  const draft = row.draft!;
  // A job taken again after its worker died goes on from the photos already saved.
  const already = draft.photos.length + draft.photos_failed;
  let failed = draft.photos_failed;
  // A site that cannot be reached at all fails fast for every photo after the first few.
  let unreachable = 0;
  for (const [i, url] of draft.photo_urls.entries()) {
    if (i < already) continue;
    await tools.heartbeat();
    // Posted meanwhile: the listing took the photos there were; no more are needed.
    const { rows: posted } = await deps.db.execute(
      sql`select 1 from listing_imports where id = ${importId} and property_id is not null`,
    );
    if (posted.length) break;
    let photo: StoredPhoto | null = null;
    if (unreachable >= 2) {
      failed++;
      continue;
    }
    try {
      const res = await guardedFetch(url, {
        allowHosts: imageHosts(row.site),
        httpsOnly: true,
        timeoutMs: FETCH_TIMEOUT_MS,
        maxBytes: PHOTO_MAX_BYTES,
        headers: { accept: "image/jpeg,image/png" },
      });
      if (res.status === 200) {
        const batch = new UploadBatch(deps.storage);
        photo = await batch.photo(new File([new Uint8Array(res.body)], `photo-${i + 1}.jpg`), "photos");
        if (photo) await batch.write();
      }
      unreachable = 0;
    } catch (error) {
      if (!(error instanceof GuardedFetchError)) throw error;
      if (error.reason === "dns" || error.reason === "network" || error.reason === "timeout") unreachable++;
    }
    if (!photo) failed++;
    // Saved one by one: the form shows the photos that have arrived while the rest come.
    await deps.db.execute(sql`
      update listing_imports set draft = jsonb_set(jsonb_set(draft, '{photos}', (draft->'photos') || ${JSON.stringify(photo ? [photo] : [])}::jsonb),
        '{photos_failed}', to_jsonb(${failed}::int)), updated_at = now()
      where id = ${importId} and property_id is null`);
    // Posted while this photo came: it is nobody's now.
    if (photo) {
      const { rows: mine } = await deps.db.execute(
        sql`select 1 from listing_imports where id = ${importId} and property_id is null`,
      );
      if (!mine.length)
        await Promise.all(photoFiles(photo).map((k) => deps.storage.delete(k).catch(() => {})));
    }
  }
  await deps.db.execute(
    sql`update listing_imports set status = 'ready', updated_at = now() where id = ${importId}`,
  );
  return { photos: draft.photo_urls.length - failed, failed };
}

/** Deletes the person's imports in the caller's transaction; answers the photos of drafts never posted. */
export async function removeImportsOf(tx: Executor, userId: number): Promise<string[]> {
  const { rows } = await tx.execute<{ draft: StoredDraft | null }>(
    sql`delete from listing_imports where user_id = ${userId} returning draft, property_id`,
  );
  return rows.flatMap((r) => (r.draft?.photos ?? []).flatMap((p) => photoFiles(p)));
}
