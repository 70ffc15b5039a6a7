// Facilities (what a listing is near, with a distance): name in English and Arabic and an icon.
// A facility listings name stays: deleting it would silently take it off their pages.
import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { assignFacilities, facilities } from "../../../db/schema";
import { defineCall } from "../../call";
import { AdminFacility } from "./output";
import { IdOnly } from "../../output";
import { idOf } from "../../contract/ids";
import { arabicOf, withArabic } from "./fields";
import { saveFacilityInput } from "./schema";
import { countOf, deleteUnused, lockedRow, writeRow } from "./rows";

export const adminFacilities = defineCall({
  name: "admin/facilities",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary: "Every facility with its Arabic name and the number of listings near it",
  input: z.object({}),
  output: z.array(AdminFacility),
  total: true,
  async handler(_input, { db }) {
    const rows = await db
      .select({
        f: facilities,
        listings: sql<number>`(select count(*)::int from assign_facilities a where a.facility_id = "facilities"."id")`,
      })
      .from(facilities)
      .orderBy(asc(facilities.id))
      .limit(500);
    const data = rows.map(({ f, listings }) => ({
      id: f.id,
      name: f.name,
      name_ar: arabicOf(f.translations, "name"),
      image: f.image,
      listings,
    }));
    return { data, total: data.length };
  },
});

export const adminSaveFacility = defineCall({
  name: "admin/save-facility",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary: "Create or change a facility: names and icon",
  input: saveFacilityInput,
  output: IdOnly,
  errorStatuses: [404],
  async handler(input, ctx) {
    const saved = await ctx.db.transaction(async (tx) => {
      const before = await lockedRow(tx, facilities, input.id, "No such facility");
      const values = {
        name: input.name,
        image: input.image,
        translations: withArabic(before?.translations, { name: input.name_ar }),
        updated_at: new Date(),
      };
      return writeRow(tx, ctx, facilities, "facility", before, values);
    });
    return { data: { id: saved.id }, message: "Facility saved" };
  },
});

export const FACILITY_IN_USE =
  "Listings name this facility, so it cannot be deleted. Rename it instead if it is wrong.";

export const adminDeleteFacility = defineCall({
  name: "admin/delete-facility",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary: "Delete a facility no listing names",
  input: z.object({ id: idOf("id") }),
  output: IdOnly,
  errorStatuses: [404, 409],
  async handler(input, ctx) {
    await ctx.db.transaction((tx) =>
      deleteUnused(tx, ctx, facilities, input.id, {
        kind: "facility",
        missing: "No such facility",
        uses: () => countOf(tx, assignFacilities, eq(assignFacilities.facility_id, input.id)),
        inUseMessage: FACILITY_IN_USE,
      }),
    );
    return { data: { id: input.id }, message: "Facility deleted" };
  },
});
