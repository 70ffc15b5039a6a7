// Featuring listings (spec §1 "feature listings as advertisements", §6 "Featuring needs a package
// with the feature and remaining limit"): store_advertisement and get-featured-data as the spec
// names them, and the owner's list and withdrawal (their paths are not shown in the spec).
import { defineCall } from "../call";
import { forbidden } from "../envelope";
import {
  deleteAdvertisementSchema,
  featuredDataSchema,
  getAdvertisementsSchema,
  storeAdvertisementSchema,
} from "./schema";
import { featureListing, featuredListings, ownAdvertisements, withdrawAdvertisement } from "./service";
import type { ApiContext } from "../context";
import { IdOnly } from "../output";
import { Advertisement, FeaturedData, OwnAdvertisement } from "./output";
import { z } from "zod";

/** A signed-in identity without a profile owns no listing and no advertisement. */
function caller(ctx: ApiContext) {
  if (!ctx.user) throw forbidden();
  return ctx.user;
}

export const storeAdvertisement = defineCall({
  name: "store_advertisement",
  method: "POST",
  access: "user",
  tag: "advertisements",
  summary:
    "Feature one of the caller's approved, active listings with one unit of a package's property_feature or project_feature, until that package ends; approved at once when auto_approve is on, else pending for an admin",
  input: storeAdvertisementSchema,
  output: Advertisement,
  created: true,
  errorStatuses: [401, 404, 409],
  async handler(input, ctx) {
    const ad = await featureListing(ctx.db, caller(ctx), input);
    const message =
      ad.status === "approved"
        ? "Your listing is now featured"
        : "Your feature request is waiting for approval";
    return { data: ad, message, status: 201 };
  },
});

export const getFeaturedData = defineCall({
  name: "get-featured-data",
  method: "GET",
  // Anyone may read it; a signed-in caller's favourites are marked as in get_property.
  access: "optional",
  shared: true,
  tag: "advertisements",
  summary:
    "Listings featured now (approved advertisement, not ended), newest advertisement first: property cards as get_property returns them, or project cards as get-projects does",
  input: featuredDataSchema,
  output: FeaturedData,
  total: true,
  async handler(input, ctx) {
    const { rows, total } = await featuredListings(ctx.db, input, {
      lang: ctx.lang,
      storage: ctx.storage,
      viewerId: ctx.user?.id,
      admin: ctx.principal?.admin,
    });
    return { data: rows, total };
  },
});

export const getAdvertisements = defineCall({
  name: "get-advertisements",
  method: "GET",
  access: "user",
  tag: "advertisements",
  summary:
    "The caller's own advertisements, newest first: status (pending, approved, rejected, or expired once end_date has passed), dates, reject_reason and the listing",
  input: getAdvertisementsSchema,
  output: z.array(OwnAdvertisement),
  total: true,
  async handler(input, ctx) {
    if (!ctx.user) return { data: [], total: 0 };
    const { rows, total } = await ownAdvertisements(ctx.db, ctx.user.id, input, {
      lang: ctx.lang,
      storage: ctx.storage,
    });
    return { data: rows, total };
  },
});

export const deleteAdvertisement = defineCall({
  name: "delete-advertisement",
  method: "POST",
  access: "user",
  tag: "advertisements",
  summary:
    "Withdraw one of the caller's pending or running advertisements (the package unit it used is not refunded)",
  input: deleteAdvertisementSchema,
  output: IdOnly,
  errorStatuses: [404],
  async handler(input, ctx) {
    return {
      data: await withdrawAdvertisement(ctx.db, caller(ctx), input.id),
      message: "Advertisement withdrawn",
    };
  },
});
