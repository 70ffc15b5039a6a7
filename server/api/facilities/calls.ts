import { z } from "zod";
import { iconUrl } from "../../media/icons";
import { asc, ilike, sql } from "drizzle-orm";
import { defineCall } from "../call";
import { facilities } from "../../db/schema";
import { localize } from "../i18n";
import { limitOffset } from "../contract/pagination";
import { Facility, FacilityWithCount } from "./output";

export const getFacilities = defineCall({
  name: "get_facilities",
  method: "GET",
  access: "public",
  shared: true,
  tag: "facilities",
  summary: "Facilities (outdoor features) a listing can be near",
  input: z.object({ ...limitOffset(100), search: z.string().trim().max(100).optional() }),
  output: z.array(Facility),
  total: true,
  async handler(input, { db, lang }) {
    const rows = await db
      .select({ f: facilities, total: sql<number>`count(*) over()::int` })
      .from(facilities)
      .where(input.search ? ilike(facilities.name, `%${input.search}%`) : undefined)
      .orderBy(asc(facilities.id))
      .limit(input.limit)
      .offset(input.offset);
    return {
      data: rows.map(({ f }) => ({
        id: f.id,
        name: localize(f.translations, lang, "name", f.name),
        image: iconUrl(f.image),
      })),
      total: rows[0]?.total ?? 0,
    };
  },
});

/** Facilities that public listings are near, with counts, for the filter panel. */
export const getFacilitiesForFilter = defineCall({
  name: "get-facilities-for-filter",
  method: "GET",
  access: "public",
  shared: true,
  tag: "facilities",
  summary: "Facilities with the number of public listings near each",
  input: z.object({}),
  output: z.array(FacilityWithCount),
  total: true,
  async handler(_input, { db, lang }) {
    const rows = await db
      .select({ f: facilities, count: sql<number>`count(p.id)::int` })
      .from(facilities)
      .innerJoin(sql`assign_facilities af`, sql`af.facility_id = ${facilities.id}`)
      .innerJoin(
        sql`properties p`,
        sql`p.id = af.property_id and p.request_status = 'approved' and p.status = 'active'`,
      )
      .groupBy(facilities.id)
      .orderBy(sql`count(p.id) desc`, asc(facilities.id));
    return {
      data: rows.map(({ f, count }) => ({
        id: f.id,
        name: localize(f.translations, lang, "name", f.name),
        image: iconUrl(f.image),
        count,
      })),
      total: rows.length,
    };
  },
});
