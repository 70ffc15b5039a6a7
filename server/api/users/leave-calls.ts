// Leaving (decision 022): `delete_user` (spec §7, POST, no parameters shown) deletes the caller's own
// account; `export-my-data` gives the caller everything held about them first.
import { z } from "zod";
import { defineCall } from "../call";
import { ApiError, unauthorized } from "../envelope";
import { assertNotDemoData } from "../listings/guards";
import { leave } from "./leave";
import { DeletedAccount, MyData } from "./leave-output";
import { deleteUserSchema, isFreshSignIn, LEAVE_MESSAGES } from "./leave-schema";
import { myData } from "./my-data";

export const deleteUser = defineCall({
  name: "delete_user",
  method: "POST",
  access: "user",
  tag: "users",
  summary:
    "Delete the caller's own account: listings, files, favourites, notifications and the sign-in go; sent messages read 'Message deleted'; payments stay without personal details. Needs a sign-in of the last five minutes",
  input: deleteUserSchema,
  output: DeletedAccount,
  errorStatuses: [403, 404, 409, 502],
  async handler(input, ctx) {
    const principal = ctx.principal!;
    // Only ever the caller: an id naming anyone else is refused before anything is read or changed.
    const named = [input.userid, input.user_id, input.id].filter((v) => v !== undefined);
    if (named.some((v) => v !== ctx.user?.id)) throw new ApiError(403, LEAVE_MESSAGES.notYours);
    // A session can be two weeks old: the person must have proven who they are just now.
    if (!isFreshSignIn(principal.authTime)) throw new ApiError(403, LEAVE_MESSAGES.stale);
    // The demo's own people stay while the site is a public demo, like their listings.
    if (ctx.user) await assertNotDemoData(ctx.db, ctx.user.id);
    const id = await leave(ctx);
    return { data: { id }, message: LEAVE_MESSAGES.deleted };
  },
});

export const exportMyData = defineCall({
  name: "export-my-data",
  method: "GET",
  access: "user",
  recheckSession: true,
  tag: "users",
  summary:
    "Everything held about the caller (profile, listings, favourites, conversations, notifications, payments, packages, reports, verification), for the 'Download my data' file",
  input: z.object({}),
  output: MyData,
  async handler(_input, ctx) {
    if (!ctx.user) throw unauthorized();
    return { data: await myData(ctx.db, ctx.storage, ctx.user) };
  },
});
