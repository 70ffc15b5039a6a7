// `get-map-clusters`: what a map shows of the listings in its visible box. Few listings come back
// one by one; many are grouped on a grid in SQL, so an answer never holds more than MAX_ITEMS
// markers and clusters, whatever the zoom and however large the catalogue.
import { z } from "zod";
import { withEnglishPlaces } from "../../places";
import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { defineCall } from "../../call";
import type { Executor } from "../../../db/client.server";
import { listingSample, listingSearch, listingText, properties } from "../../../db/schema";
import type { FileStorage } from "../../../media/storage.server";
import { bbox, getPropertySchema, prepareParameterFilters } from "./schema";
import {
  allOf,
  correctSpelling,
  countUpTo,
  frequentTags,
  listingQuery,
  placeConditions,
  placeKeys,
  resolveCategory,
  roundEstimate,
  searchConditions,
  textCondition,
} from "./search";
import { MapClusters } from "./output";

const p = properties;
const L = listingSearch;
/** listing_text under listing_search's name, as textCondition's `rows`: the conditions apply as written. */
const textRows = alias(listingText, "listing_search");

/** At most this many markers and clusters in one answer. */
export const MAX_ITEMS = 500;
/** Above this many matches (estimated from a hundredth of them) the map clusters a sample. */
export const MAP_EXACT_UP_TO = 20_000;
/** …or above this many listings in the box (whatever the filters), also estimated from a hundredth. */
export const MAP_EXACT_BOX_UP_TO = 12_000;
/** A box with about this many listings or fewer is searched for words listing by listing. */
const FEW_IN_BOX = 5_000;
/** About how many rows the sample reads: enough for clusters whose counts show two significant digits. */
const MAP_SAMPLE_ROWS = 5_000;
/** At most GRID × GRID cells over the visible box (400 ≤ MAX_ITEMS). */
export const GRID = 20;
/** Web Mercator stops here; beyond it latitudes have no place on the map. */
const MAX_LAT = 85.0511;

const f = getPropertySchema.shape;
const zoomError = "zoom must be a number from 0 to 24";

export const getMapClustersSchema = z
  .object({
    // The list's filters, validated exactly as get_property validates them.
    category_id: f.category_id,
    category_slug_id: f.category_slug_id,
    city: f.city,
    state: f.state,
    country: f.country,
    property_type: f.property_type,
    rentduration: f.rentduration,
    min_price: f.min_price,
    max_price: f.max_price,
    posted_since: f.posted_since,
    search: f.search,
    userid: f.userid,
    promoted: f.promoted,
    users_promoted: f.users_promoted,
    facility_ids: f.facility_ids,
    max_distance: f.max_distance,
    parameter_filters: f.parameter_filters,
    near_lat: f.near_lat,
    near_lng: f.near_lng,
    within_km: f.within_km,
    is_admin: f.is_admin,
    with_tour: f.with_tour,
    bbox: z
      .string({
        error: (issue) =>
          issue.input === undefined
            ? "bbox is required (west,south,east,north)"
            : "bbox must be west,south,east,north",
      })
      .pipe(bbox),
    zoom: z.coerce.number({ error: zoomError }).min(0, zoomError).max(24, zoomError),
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    path: ["max_price"],
    message: "Maximum price must be at least the minimum price",
  });

export type MapQuery = z.output<typeof getMapClustersSchema>;

export interface MapMarker {
  id: number;
  slug_id: string;
  title: string;
  price: number;
  property_type: "sell" | "rent";
  rentduration: (typeof properties.$inferSelect)["rentduration"];
  latitude: number;
  longitude: number;
  /** The smallest variant of the first photo, for a popup card (WebP). */
  image: string | null;
  /** The same as AVIF, when the photo has one (photos stored before AVIF was added do not). */
  image_avif: string | null;
}

export interface MapCluster {
  /** Stable while the grid stays the same (zoom level and cell), for keys. */
  id: string;
  count: number;
  /** The average position of its listings. */
  latitude: number;
  longitude: number;
  /** west, south, east, north of its listings: zooming to these shows them apart. */
  bounds: [number, number, number, number];
}

/** Web Mercator "world units": x and y from 0 to 1, y growing southwards, as tiles count. */
const worldX = (lng: number) => (lng + 180) / 360;
const worldY = (lat: number) => {
  const r = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return (1 - Math.asinh(Math.tan(r)) / Math.PI) / 2;
};
/** The latitude of a Web Mercator y (the inverse of worldY). */
const latitudeAt = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;
const wrapLng = (lng: number) => (lng > 180 ? lng - 360 : lng);

/**
 * The grid's cell size in world units: about 64–128 screen pixels at this zoom (a 512-pixel
 * world doubles per zoom level), widened until the box spans at most GRID cells each way. Cells
 * are powers of two aligned to the world, not to the box, so panning does not reshuffle clusters.
 */
export function cellSize(
  box: { w: number; s: number; e: number; n: number },
  zoom: number,
): { level: number; size: number } {
  const x0 = worldX(box.w);
  const x1 = worldX(box.e) + (box.w > box.e ? 1 : 0);
  const y0 = worldY(box.n);
  const y1 = worldY(box.s);
  let level = Math.min(30, Math.floor(zoom) + 3);
  const span = (a: number, b: number, size: number) => Math.floor(b / size) - Math.floor(a / size) + 1;
  while (level > 0 && (span(x0, x1, 2 ** -level) > GRID || span(y0, y1, 2 ** -level) > GRID)) level--;
  return { level, size: 2 ** -level };
}

export async function mapClusters(
  db: Executor,
  query: MapQuery,
  storage: FileStorage,
  limits: {
    exactUpTo: number;
    exactBoxUpTo: number;
    sampleRows: number;
    fewInBox: number;
    cells?: boolean;
  } = {
    exactUpTo: MAP_EXACT_UP_TO,
    exactBoxUpTo: MAP_EXACT_BOX_UP_TO,
    sampleRows: MAP_SAMPLE_ROWS,
    fewInBox: FEW_IN_BOX,
  },
) {
  const box = query.bbox;
  const empty = { clusters: [] as MapCluster[], markers: [] as MapMarker[], clustered: false, total: 0 };
  const q = await resolveCategory(db, query);
  if (!q) return empty;
  const where: SQL[] = searchConditions(
    { ...q, text: Boolean(q.search), cells: Boolean(q.search) && limits.cells !== false },
    await frequentTags(db),
  );
  // With words, the box as grid cells, in the same scan of the GIN index as the words (null for a
  // box too large for the grids). Without words the box's listings are found through the latitude
  // index: a box's cells list every listing in it, which the filters then check one by one anyway.
  const cells = q.search && limits.cells !== false ? placeKeys({ bbox: box }) : null;
  // The same text matching as get_property: full text, or the words corrected against the
  // catalogue's when full text finds nothing in this box, so the map and the list agree.
  let words: ReturnType<typeof textCondition> | null = null;
  if (q.search) {
    const tsq = await listingQuery(db, q.search);
    if (!tsq) return empty;
    words = textCondition(tsq);
  }
  // With words, the matches are read from the rows that have them (textCondition's `rows`), except
  // in a box of a few thousand listings (a street, a district), where each one's words are looked
  // up instead (its `check`): the words' index would list every listing that has them (150 000 for
  // "apartment"). A sample always tests the box's rows one by one on listing_search.
  let fewInBox = false;
  const byWordsIndex = () => words !== null && !fewInBox;
  const source = () => (byWordsIndex() ? words!.rows : sql`${L}`);
  // On listing_search a small box's listings are found through the point index (both dimensions at
  // once), unless the box crosses the antimeridian.
  const inPointBox =
    box.w <= box.e
      ? [
          sql`point(${L.longitude}, ${L.latitude}) <@ box(point(${box.w}, ${box.s}), point(${box.e}, ${box.n}))`,
        ]
      : [];
  const filter = () =>
    allOf(
      !words
        ? where
        : fewInBox
          ? [...where, ...inPointBox, words.check]
          : [...where, ...(cells ? [cells] : []), words.match],
    );
  const rowFilter = () => allOf(words ? [...where, words.check] : where);

  // Across the antimeridian (west > east) the east side continues past 180°.
  const crossing = box.w > box.e;
  const lng = crossing
    ? sql`(case when ${L.longitude} < ${box.w} then ${L.longitude} + 360 else ${L.longitude} end)`
    : sql`${L.longitude}`;
  const { level, size } = cellSize(box, q.zoom);
  // Rows are placed in cells by plain arithmetic (x) and by comparing with the latitudes of the
  // cells' borders (y), computed here once: Mercator per row would cost more than the scan.
  const top = Math.floor(worldY(box.n) / size);
  const bottom = Math.floor(worldY(box.s) / size);
  const borders: number[] = [];
  for (let j = bottom; j > top; j--) borders.push(latitudeAt(j * size));
  const cy = borders.length
    ? sql`(${bottom} - width_bucket(${L.latitude}, ${`{${borders.join(",")}}`}::float8[]))`
    : sql`${bottom}`;
  // Only coordinates are read (no id): with no other filter the public geo index answers alone.
  // A single listing's cell is found again by its exact position.
  const gridOf = (where: SQL, from: SQL = source()) =>
    db.transaction(async (tx) => {
      // Hundreds of groups at most, but the planner cannot know that and would sort every row.
      await tx.execute(sql`set local work_mem = '32MB'`);
      const { rows } = await tx.execute<{
        n: number;
        lat: number;
        lng: number;
        s: number;
        nn: number;
        w: number;
        e: number;
        raw_lng: number;
        cx: number;
        cy: number;
      }>(sql`
        select count(*)::int as n, avg(lat)::float8 as lat, avg(lng)::float8 as lng, min(lat)::float8 as s, max(lat)::float8 as nn,
          min(lng)::float8 as w, max(lng)::float8 as e, min(raw_lng)::float8 as raw_lng, cx::int as cx, cy::int as cy
        from (
          select ${L.latitude} as lat, ${lng} as lng, ${L.longitude} as raw_lng, floor((${lng} + 180) / 360 / ${size}::float8) as cx, ${cy} as cy
          from ${from} where ${where}
        ) t
        group by cx, cy`);
      return rows.map((r) => ({ ...r, n: Number(r.n) }));
    });
  const cluster = (r: Awaited<ReturnType<typeof gridOf>>[number], count: number): MapCluster => ({
    id: `${level}/${r.cx}/${r.cy}`,
    count,
    latitude: Number(r.lat),
    longitude: wrapLng(Number(r.lng)),
    bounds: [wrapLng(Number(r.w)), Number(r.s), wrapLng(Number(r.e)), Number(r.nn)],
  });

  // A region with many thousands of matches, or a box of many thousands of listings to check
  // against filters no index narrows, is clustered from a fixed sample of the listings (those whose
  // id ends in the first `shards` of a hundred values, read through their own index), its counts
  // scaled up: grouping every match would read them all, and a cluster of "about 12,000" needs no
  // last digit. The hundredth read first tells how many match and how many the box holds.
  const shardsUpTo = (shards: number) =>
    sql`(${L.id} % 100) = any(${`{${Array.from({ length: shards }, (_, i) => i).join(",")}}`}::int[])`;
  const boxOnly = placeConditions(sql`${L.latitude}`, sql`${L.longitude}`, { bbox: box });
  // The sample's own index (shard and place) finds its rows; every other condition is checked on
  // them (IS TRUE keeps indexes out of it): a hundredth of a box is a few thousand rows, where the
  // bitmap of a price range alone lists 400 000.
  const sampled = (shards: number) =>
    gridOf(
      sql`${sql.join([...boxOnly, shardsUpTo(shards)], sql` and `)} and (${rowFilter()}) is true`,
      sql`${L}`,
    );
  // The first hundredth is listing_sample, which stays in memory and has the words on its rows.
  const sample = sql`${listingSample} as ${L}`;
  const probeBox = async () => {
    const [probe, boxed] = await Promise.all([
      gridOf(allOf([...boxOnly, ...where, ...(words ? [words.match] : [])]), sample),
      db.execute<{ n: number }>(sql`select count(*)::int as n from ${sample} where ${allOf(boxOnly)}`),
    ]);
    return {
      probe,
      estimate: probe.reduce((sum, r) => sum + r.n, 0) * 100,
      inTheBox: Number(boxed.rows[0]?.n ?? 0) * 100,
    };
  };

  // Whether few enough match for single markers. The sample is read first (it stays in memory, a
  // few milliseconds): what is found there twenty times or more matches a couple of thousand
  // listings at least, and counting them through an index would cost more than the whole sampled
  // map. Otherwise they are counted, up to one more than markers are shown for.
  let probed: Awaited<ReturnType<typeof probeBox>> | null = await probeBox();
  // (Where the box has grid cells, the words' index finds the box's listings with the words at once.)
  fewInBox = probed !== null && probed.inTheBox <= limits.fewInBox && !cells;
  let inBox: number;
  if (probed && probed.estimate >= 2_000) inBox = MAX_ITEMS + 1;
  else {
    inBox = await countUpTo(db, [filter()], MAX_ITEMS + 1, source());
    if (inBox === 0 && q.search) {
      const corrected = await correctSpelling(db, q.search);
      const correctedQuery = corrected ? await listingQuery(db, corrected) : null;
      if (!correctedQuery) return empty;
      words = textCondition(correctedQuery);
      probed = null;
      inBox = await countUpTo(db, [filter()], MAX_ITEMS + 1, source());
    }
  }
  if (inBox === 0) return empty;
  if (inBox <= MAX_ITEMS) {
    const markers = await markerRows(db, filter(), storage, byWordsIndex());
    return { clusters: [] as MapCluster[], markers, clustered: false, total: markers.length };
  }

  const { probe, estimate, inTheBox } = probed ?? (await probeBox());
  if (estimate > limits.exactUpTo || inTheBox > limits.exactBoxUpTo) {
    // Enough samples for about sampleRows matches, and no more than sampleRows of the box's rows;
    // a third of that with words, each of whose rows costs a look-up of its words.
    const sampleRows = words ? limits.sampleRows / 3 : limits.sampleRows;
    const shards = Math.min(
      100,
      Math.ceil((100 * sampleRows) / Math.max(estimate, inTheBox > limits.exactBoxUpTo ? inTheBox : 0, 1)),
    );
    const rows = shards === 1 ? probe : await sampled(shards);
    const scale = 100 / shards;
    const clusters = rows.map((r) => cluster(r, Math.max(2, roundEstimate(r.n * scale))));
    return {
      clusters,
      markers: [] as MapMarker[],
      clustered: true,
      estimated: true,
      total: clusters.reduce((sum, c) => sum + c.count, 0),
    };
  }

  const rows = await gridOf(filter());
  const singles = rows
    .filter((r) => r.n === 1)
    .map((r) => sql`(${Number(r.s)}::float8, ${Number(r.raw_lng)}::float8)`);
  const markers = singles.length
    ? await markerRows(
        db,
        sql`${filter()} and (${L.latitude}, ${L.longitude}) in (${sql.join(singles, sql`, `)})`,
        storage,
        byWordsIndex(),
      )
    : [];
  const clusters: MapCluster[] = rows.filter((r) => r.n > 1).map((r) => cluster(r, r.n));
  return { clusters, markers, clustered: true, total: rows.reduce((sum, r) => sum + r.n, 0) };
}

/** The listings of the map's single markers; `withWords`: `where` tests words, so it reads the rows that have them. */
async function markerRows(
  db: Executor,
  where: SQL,
  storage: FileStorage,
  withWords: boolean,
): Promise<MapMarker[]> {
  const rows = await db
    .select({
      id: p.id,
      slug_id: p.slug_id,
      title: p.title,
      price: p.price,
      property_type: p.property_type,
      rentduration: p.rentduration,
      latitude: p.latitude,
      longitude: p.longitude,
      // Qualified by hand: inside a subquery an unqualified "id" would bind to property_images.
      photo: sql<{
        key: string;
        widths: number[];
        avif: boolean;
      } | null>`(select json_build_object('key', i.key, 'widths', i.widths, 'avif', i.avif) from property_images i where i.property_id = "properties"."id" order by i.position limit 1)`,
    })
    .from(withWords ? textRows : L)
    .innerJoin(p, sql`${p.id} = ${L.id}`)
    .where(where)
    .limit(MAX_ITEMS);
  return rows.map(({ photo, ...r }) => {
    const smallest = photo?.widths.length ? `${photo.key}-${Math.min(...photo.widths)}` : null;
    return {
      ...r,
      latitude: r.latitude!,
      longitude: r.longitude!,
      image: smallest ? storage.publicUrl(`${smallest}.webp`) : null,
      image_avif: smallest && photo!.avif ? storage.publicUrl(`${smallest}.avif`) : null,
    };
  });
}

export const getMapClusters = defineCall({
  name: "get-map-clusters",
  method: "GET",
  access: "public",
  tag: "properties",
  summary:
    "Listings in a map's visible box (bbox=west,south,east,north; west > east crosses the antimeridian) with the list's filters: every listing as a marker when there are at most 500, otherwise grid clusters (count, centre, bounds) and single listings, never more than 500 items.",
  input: getMapClustersSchema,
  prepare: prepareParameterFilters,
  output: MapClusters,
  total: true,
  async handler(input, { db, storage }) {
    const { total, ...data } = await mapClusters(db, await withEnglishPlaces(db, input), storage);
    return { data, total };
  },
});
