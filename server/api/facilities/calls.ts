import { z } from "zod";
import { asc, ilike, sql } from "drizzle-orm";
import { defineCall } from "../call";
import { facilities } from "../../db/schema";
import { localize } from "../i18n";
import { limitOffset } from "../pagination";

export const getFacilities = defineCall({
  name: "get_facilities",
  method: "GET",
  access: "public",
  tag: "facilities",
  summary: "Facilities (outdoor features) a listing can be near",
  input: z.object({ ...limitOffset(100), search: z.string().trim().max(100).optional() }),
  async handler(input, { db, lang }) {
    const rows = await db
      .select({ f: facilities, total: sql<number>`count(*) over()::int` })
      .from(facilities)
      .where(input.search ? ilike(facilities.name, `%${input.search}%`) : undefined)
      .orderBy(asc(facilities.id))
      .limit(input.limit)
      .offset(input.offset);
    return {
      data: rows.map(({ f }) => ({ id: f.id, name: localize(f.translations, lang, "name", f.name), image: f.image })),
      total: rows[0]?.total ?? 0,
    };
  },
});
