// The personal feed (spec §7): personalised-fields (GET, POST, DELETE) and get_user_recommendation,
// plus "Not interested" (ours: the spec's feed needs a way to say no).
import { z } from "zod";
import { defineCall } from "../call";
import { member } from "../context";
import { Preferences, Recommendation, Dismissed } from "./output";
import { dismissSchema, preferencesSchema, recommendationSchema } from "./schema";
import { clearPreferences, preferencesOf, preferencesView, savePreferences } from "./preferences";
import { recommendationsFor } from "./recommend";
import { setDismissed } from "./activity";

export const getPersonalisedFields = defineCall({
  name: "personalised-fields",
  method: "GET",
  access: "user",
  tag: "feed",
  summary: "The caller's feed preferences (empty lists and nulls before they set any)",
  input: z.object({}),
  output: Preferences,
  async handler(_input, ctx) {
    const me = member(ctx);
    return { data: preferencesView(me.id, await preferencesOf(ctx.db, me.id)) };
  },
});

export const savePersonalisedFields = defineCall({
  name: "save-personalised-fields",
  path: "personalised-fields",
  method: "POST",
  access: "user",
  tag: "feed",
  summary:
    "Save the caller's feed preferences: category_ids and outdoor_facilitiy_ids (lists, or comma-separated), price_range (min,max; either may be empty), property_type (sell or rent, 0 or 1), city. Every field is replaced.",
  input: preferencesSchema,
  output: Preferences,
  async handler(input, ctx) {
    const me = member(ctx);
    return {
      data: preferencesView(me.id, await savePreferences(ctx.db, me.id, input)),
      message: "Preferences saved",
    };
  },
});

export const deletePersonalisedFields = defineCall({
  name: "delete-personalised-fields",
  path: "personalised-fields",
  method: "DELETE",
  access: "user",
  tag: "feed",
  summary: "Forget the caller's feed preferences (the feed then learns from what they do)",
  input: z.object({}),
  output: Preferences,
  async handler(_input, ctx) {
    const me = member(ctx);
    const had = await clearPreferences(ctx.db, me.id);
    return {
      data: preferencesView(me.id, null),
      message: had ? "Preferences cleared" : "No preferences were set",
    };
  },
});

export const getUserRecommendation = defineCall({
  name: "get_user_recommendation",
  method: "GET",
  access: "user",
  perPerson: true,
  tag: "feed",
  summary:
    "The caller's feed: live listings ranked by their preferences, then by what they did (favourites, listings opened, asked or messaged about), then by what is most viewed near them; each with why. Never their own, their favourites, or ones they dismissed.",
  input: recommendationSchema,
  output: z.array(Recommendation),
  total: true,
  async handler(input, ctx) {
    const me = member(ctx);
    const { rows, total } = await recommendationsFor(ctx.db, me.id, input, {
      lang: ctx.lang,
      storage: ctx.storage,
      viewerId: me.id,
      admin: ctx.principal?.admin,
    });
    return { data: rows, total };
  },
});

export const dismissRecommendation = defineCall({
  name: "dismiss-recommendation",
  method: "POST",
  access: "user",
  tag: "feed",
  summary: "Not interested: never recommend this listing to the caller again (type 0 takes it back)",
  input: dismissSchema,
  output: Dismissed,
  errorStatuses: [404],
  async handler(input, ctx) {
    const data = await setDismissed(ctx.db, member(ctx).id, input.property_id, input.type);
    return {
      data,
      message: data.dismissed
        ? "You will not see this listing in your feed again"
        : "The listing can appear in your feed again",
    };
  },
});
