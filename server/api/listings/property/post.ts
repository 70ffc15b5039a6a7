// Posting, editing and reading back one's own listing (spec §7 post_property, update_post_property).
// Both take multipart/form-data: the listing's fields and its files in one request.
import { LISTING_BODY_BYTES } from "../../body-limit";
import { defineCall } from "../../call";
import { ownListingSchema } from "../schema";
import { unauthorized } from "../../envelope";
import { postPropertySchema, prepareListing, updatePropertySchema } from "./post-schema";
import { propertyPosting } from "./post-service";
import { createListingOf, listingForEditOf, updateListingOf } from "../post-service";
import { OwnProperty, SavedProperty } from "./output";

export const postProperty = defineCall({
  name: "post_property",
  maxBodyBytes: LISTING_BODY_BYTES,
  method: "POST",
  access: "user",
  tag: "my listings",
  summary:
    "Post a property (multipart/form-data with title_image, gallery_images, documents, three_d_image, meta_image). Category parameters as param_<id>, facilities as facility_<id>=distance (or parameters/facilities arrays). import_id posts a draft imported from another portal with its photos (title_image then optional). data.warnings holds SEO advice.",
  input: postPropertySchema,
  prepare: prepareListing,
  output: SavedProperty,
  created: true,
  errorStatuses: [401, 409],
  async handler(input, ctx) {
    if (!ctx.user) throw unauthorized();
    const row = await createListingOf(propertyPosting, ctx, ctx.user, input);
    return { data: row, message: "Property Post Successfully", status: 201 };
  },
});

export const updatePostProperty = defineCall({
  name: "update_post_property",
  maxBodyBytes: LISTING_BODY_BYTES,
  method: "POST",
  access: "user",
  tag: "my listings",
  summary:
    "Edit one of the caller's properties: the same fields as post_property plus id, action_type, remove_gallery_images and remove_documents (ids), remove_three_d_image and gallery_order (e<id>/n<index>).",
  input: updatePropertySchema,
  prepare: prepareListing,
  output: SavedProperty,
  errorStatuses: [401, 404, 409],
  async handler(input, ctx) {
    if (!ctx.user) throw unauthorized();
    const row = await updateListingOf(propertyPosting, ctx, ctx.user, input);
    return { data: row, message: "Property Updated Successfully" };
  },
});

export const getOwnProperty = defineCall({
  name: "get-own-property",
  method: "GET",
  access: "user",
  tag: "my listings",
  summary:
    "One of the caller's properties as its edit form needs it (raw values, photo and document ids), whatever its status",
  input: ownListingSchema,
  output: OwnProperty,
  errorStatuses: [403, 404],
  async handler(input, ctx) {
    return { data: await listingForEditOf(propertyPosting, ctx.db, ctx.storage, input.id, ctx.user) };
  },
});
