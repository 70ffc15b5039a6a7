// Saved places (spec §7): POST user-saved-places, GET user-saved-places/customer/{id},
// DELETE user-saved-places/{id}.
import { z } from "zod";
import { defineCall } from "../call";
import { member } from "../context";
import { ApiError } from "../envelope";
import { SavedPlace } from "./output";
import { customerPlacesSchema, placeIdSchema, savedPlaceSchema } from "./schema";
import { addPlace, placesOf, removePlace } from "./service";

export const addSavedPlace = defineCall({
  name: "user-saved-places",
  method: "POST",
  access: "user",
  tag: "saved places",
  summary:
    "Save a place of the caller's (name, latitude, longitude, details): distances and travel times to it show on listings",
  input: savedPlaceSchema,
  output: SavedPlace,
  created: true,
  errorStatuses: [409],
  async handler(input, ctx) {
    const me = member(ctx);
    if (input.customer_id !== undefined && input.customer_id !== me.id)
      throw new ApiError(403, "You can only save places of your own");
    const row = await addPlace(ctx.db, me.id, {
      name: input.name,
      latitude: input.latitude,
      longitude: input.longitude,
      details: input.details,
    });
    return { data: row, message: "Place saved", status: 201 };
  },
});

export const getCustomerSavedPlaces = defineCall({
  name: "user-saved-places-of-customer",
  path: "user-saved-places/customer/{id}",
  method: "GET",
  access: "user",
  tag: "saved places",
  summary: "A person's saved places: only that person (or an admin) may read them",
  input: customerPlacesSchema,
  output: z.array(SavedPlace),
  total: true,
  errorStatuses: [403],
  recheckSession: true,
  async handler(input, ctx) {
    const me = member(ctx);
    if (input.id !== me.id && !ctx.principal?.admin)
      throw new ApiError(403, "You can only see your own saved places");
    const rows = await placesOf(ctx.db, input.id);
    return { data: rows, total: rows.length };
  },
});

export const deleteSavedPlace = defineCall({
  name: "delete-user-saved-place",
  path: "user-saved-places/{id}",
  method: "DELETE",
  access: "user",
  tag: "saved places",
  summary: "Remove one of the caller's saved places",
  input: placeIdSchema,
  output: SavedPlace,
  errorStatuses: [404],
  async handler(input, ctx) {
    const me = member(ctx);
    const row = await removePlace(ctx.db, input.id, { id: me.id, admin: ctx.principal?.admin === true });
    return { data: row, message: "Place removed" };
  },
});
