// Favourites and interest (spec §7): add_favourite, get_favourite_property, interested_users, and
// whether the caller has already registered interest (for the listing page's button).
import { z } from "zod";
import { defineCall } from "../call";
import { member } from "../context";
import { propertyCards } from "../listings/property/service";
import { idOf } from "../contract/ids";
import { favouriteSchema, favouritesListSchema, interestSchema } from "./schema";
import { favouriteIds, interestOf, setFavourite, setInterest } from "./service";
import { FavouriteState, InterestOf, InterestState } from "./output";
import { Properties } from "../listings/property/output";

export const addFavourite = defineCall({
  name: "add_favourite",
  method: "POST",
  access: "user",
  tag: "favourites",
  summary:
    "Heart a listing (type 1) or take the heart back (type 0); answers the new state and the listing's number of favourites",
  input: favouriteSchema,
  output: FavouriteState,
  errorStatuses: [404],
  async handler(input, ctx) {
    const data = await setFavourite(ctx.db, member(ctx).id, input.property_id, input.type);
    return { data, message: data.is_favourite ? "Added to favourites" : "Removed from favourites" };
  },
});

export const getFavouriteProperty = defineCall({
  name: "get_favourite_property",
  method: "GET",
  access: "user",
  tag: "favourites",
  summary: "The caller's favourite listings (still public ones), the latest heart first, as listing cards",
  input: favouritesListSchema,
  output: Properties,
  total: true,
  async handler(input, ctx) {
    if (!ctx.user) return { data: [], total: 0 };
    const { ids, total } = await favouriteIds(ctx.db, ctx.user.id, input);
    return {
      data: await propertyCards(ctx.db, ids, {
        lang: ctx.lang,
        storage: ctx.storage,
        viewerId: ctx.user.id,
        admin: ctx.principal?.admin,
      }),
      total,
    };
  },
});

export const interestedUsersCall = defineCall({
  name: "interested_users",
  method: "POST",
  access: "user",
  tag: "favourites",
  summary:
    "Tell the owner you are interested in a listing (type 1), or take it back (type 0); the owner sees who in get_interested_users",
  input: interestSchema,
  output: InterestState,
  errorStatuses: [404],
  async handler(input, ctx) {
    const data = await setInterest(ctx.db, member(ctx), input.property_id, input.type);
    return { data, message: data.is_interested ? "The owner knows you are interested" : "Interest removed" };
  },
});

export const getInterest = defineCall({
  name: "get-interest",
  method: "GET",
  access: "user",
  tag: "favourites",
  summary:
    "Whether the caller has registered interest in a listing, and whether it is their own (nothing to register then)",
  input: z.object({ property_id: idOf("property_id") }),
  output: InterestOf,
  async handler(input, ctx) {
    if (!ctx.user) return { data: { property_id: input.property_id, is_interested: false, own: false } };
    return {
      data: { property_id: input.property_id, ...(await interestOf(ctx.db, ctx.user.id, input.property_id)) },
    };
  },
});
