import { defineCall } from "../call";
import { getPropertySchema } from "./schema";
import { listProperties } from "./service";

export const getProperty = defineCall({
  name: "get_property",
  method: "GET",
  access: "optional",
  tag: "properties",
  summary: "Listings: search, filters, featured, most viewed or liked, similar, one by id or slug",
  input: getPropertySchema,
  async handler(input, ctx) {
    // current_user only marks favourites of the caller themself, never of someone else.
    const viewerId = ctx.user && (input.current_user === undefined || input.current_user === ctx.user.id) ? ctx.user.id : null;
    const { rows, total } = await listProperties(ctx.db, input, { lang: ctx.lang, storage: ctx.storage, viewerId });
    return { data: rows, total };
  },
});
