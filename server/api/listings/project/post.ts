// Posting and editing one's own project (spec §7 post_project: without `id` a new project, with
// `id` a change to it), and reading it back for the edit form. Multipart: fields and files together.
import { LISTING_BODY_BYTES } from "../../body-limit";
import { defineCall } from "../../call";
import { ownListingSchema } from "../schema";
import { unauthorized } from "../../envelope";
import { postProjectSchema, prepareProject } from "./post-schema";
import { projectPosting } from "./post-service";
import { createListingOf, listingForEditOf, updateListingOf } from "../post-service";
import { OwnProject, SavedProject } from "./output";

export const postProject = defineCall({
  name: "post_project",
  maxBodyBytes: LISTING_BODY_BYTES,
  method: "POST",
  access: "user",
  tag: "my listings",
  summary:
    "Post a project, or with id change one of the caller's (multipart/form-data with image, gallery_images, documents, meta_image and plans[<i>][title] / plans[<i>][document] / plans[<i>][id]; on change remove_gallery_images, remove_documents, remove_plans as ids; gallery_order as e<id>/n<index>). A new project waits for review. data.warnings holds SEO advice.",
  input: postProjectSchema,
  prepare: prepareProject,
  output: SavedProject,
  created: "sometimes",
  errorStatuses: [401, 404, 409],
  async handler(input, ctx) {
    if (!ctx.user) throw unauthorized();
    if (input.id !== undefined) {
      const row = await updateListingOf(projectPosting, ctx, ctx.user, { ...input, id: input.id });
      return { data: row, message: "Project Updated Successfully" };
    }
    const row = await createListingOf(projectPosting, ctx, ctx.user, input);
    return { data: row, message: "Project Post Successfully", status: 201 };
  },
});

export const getOwnProject = defineCall({
  name: "get-own-project",
  method: "GET",
  access: "user",
  tag: "my listings",
  summary:
    "One of the caller's projects as its edit form needs it (raw values, photo, document and plan ids), whatever its status",
  input: ownListingSchema,
  output: OwnProject,
  errorStatuses: [401, 403, 404],
  async handler(input, ctx) {
    return { data: await listingForEditOf(projectPosting, ctx.db, ctx.storage, input.id, ctx.user) };
  },
});
