// Imports from other portals (spec §7): POST scrape-propertyfinder, scrape-buyut (spelt as the spec
// does), scrape-dubizzle with url, upload, userId; an agent's portfolio (import-listings) and the
// person's imports (listing-imports, listing-imports/{id}).
import { defineCall } from "../call";
import { ONE_FILE_BODY_BYTES } from "../body-limit";
import { hit } from "../rate-limit";
import { member } from "../context";
import { ImportBatch, ListingImport } from "./output";
import { batchSchema, importIdSchema, importListSchema, scrapeSchema } from "./schema";
import {
  fetchListingPage,
  importById,
  importsOf,
  importTarget,
  importView,
  ownImport,
  parseOrRefuse,
  queueBatch,
  readSavedPage,
  saveImport,
  SITE_NAMES,
} from "./service";
import type { ImportSite } from "./sites";

const TAG = "imports";
/** Listings one person may read from other portals in an hour, one at a time or as portfolios. */
const IMPORT_LIMIT = { max: 60, windowSeconds: 3600 };
const BATCH_LIMIT = { max: 10, windowSeconds: 3600 };

function scrapeCall<Name extends string>(name: Name, site: ImportSite) {
  return defineCall({
    name,
    method: "POST",
    access: "user",
    tag: TAG,
    summary: `Import a ${SITE_NAMES[site]} listing as a draft: its address (url, fetched over https from ${SITE_NAMES[site]} only) or the page saved from the browser (upload); userId is the caller's own (an admin may name someone). The photos come in the background; the post-property form opens filled in (form_link). The same listing imported again leads to the first draft`,
    input: scrapeSchema,
    maxBodyBytes: ONE_FILE_BODY_BYTES,
    output: ListingImport,
    created: "sometimes",
    errorStatuses: [403, 404, 429, 502],
    async handler(input, ctx) {
      const me = member(ctx);
      const userId = await importTarget(ctx, input.userId);
      await hit(ctx.db, { key: `import:${me.id}`, ...IMPORT_LIMIT });
      const page = input.url
        ? await fetchListingPage(site, input.url)
        : { html: await readSavedPage(input.upload!), url: undefined };
      const listing = parseOrRefuse(site, page.html, page.url, input.url ? "url" : "upload");
      const { row, created } = await saveImport(ctx, { userId, createdBy: me.id, site, listing });
      if (!created) {
        return {
          data: importView(ctx, row),
          message: row.property_id
            ? "You imported this listing before and posted it"
            : "You imported this listing before: here is that draft",
        };
      }
      return { data: importView(ctx, row), message: "Listing imported: check it and post it", status: 201 };
    },
  });
}

export const scrapePropertyFinder = scrapeCall("scrape-propertyfinder", "propertyfinder");
export const scrapeBayut = scrapeCall("scrape-buyut", "bayut");
export const scrapeDubizzle = scrapeCall("scrape-dubizzle", "dubizzle");

export const importListings = defineCall({
  name: "import-listings",
  method: "POST",
  access: "user",
  tag: TAG,
  summary:
    "An agent's portfolio: up to 20 listing addresses of Property Finder, Bayut or Dubizzle (urls), each imported in the background; listing-imports?batch_id= tells how each stands",
  input: batchSchema,
  output: ImportBatch,
  created: true,
  errorStatuses: [403, 404, 429],
  async handler(input, ctx) {
    const me = member(ctx);
    const userId = await importTarget(ctx, input.userId);
    // A portfolio is twenty fetches in the background: counted as such.
    await hit(ctx.db, { key: `import-batch:${me.id}`, ...BATCH_LIMIT });
    const { batchId, ids } = await queueBatch(ctx, { userId, createdBy: me.id, urls: input.urls });
    const rows = await Promise.all(ids.map((id) => importById(ctx.db, id)));
    return {
      data: { batch_id: batchId, imports: rows.map((r) => importView(ctx, r!)) },
      message: `${ids.length} addresses are being imported`,
      status: 201,
    };
  },
});

export const listingImports = defineCall({
  name: "listing-imports",
  method: "GET",
  access: "user",
  tag: TAG,
  summary: "The caller's imports, newest first, or one portfolio's in the order given (batch_id)",
  input: importListSchema,
  output: ListingImport.array(),
  total: true,
  recheckSession: true,
  async handler(input, ctx) {
    const me = member(ctx);
    const { rows, total } = await importsOf(ctx.db, me.id, {
      batchId: input.batch_id,
      offset: input.offset,
      limit: input.limit,
    });
    return { data: rows.map((r) => importView(ctx, r)), total };
  },
});

export const listingImport = defineCall({
  name: "listing-import",
  path: "listing-imports/{id}",
  method: "GET",
  access: "user",
  tag: TAG,
  summary: "One of the caller's imports (an admin may read any)",
  input: importIdSchema,
  output: ListingImport,
  errorStatuses: [404],
  recheckSession: true,
  async handler(input, ctx) {
    member(ctx);
    return { data: importView(ctx, await ownImport(ctx, input.id)) };
  },
});
