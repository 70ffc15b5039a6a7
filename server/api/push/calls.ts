// Web push tokens (spec §7: the FCM token update, whose path is not shown, and before-logout).
import { defineCall } from "../call";
import { member } from "../context";
import { fcmTokenSchema } from "./schema";
import { forgetToken, saveToken } from "./service";
import { TokenRemoved, TokenSaved } from "./output";

export const updateFcmId = defineCall({
  name: "update-fcm-id",
  method: "POST",
  access: "user",
  tag: "push",
  summary:
    "Keep this browser's messaging token on the caller's profile, so their notifications are pushed to it",
  input: fcmTokenSchema,
  output: TokenSaved,
  async handler(input, ctx) {
    const me = member(ctx);
    await saveToken(ctx.db, me.id, input.fcm_id);
    return { data: { saved: true } };
  },
});

export const beforeLogout = defineCall({
  name: "before-logout",
  method: "POST",
  access: "user",
  tag: "push",
  summary:
    "Signing out: this browser's messaging token leaves the caller's profile (someone else's is never touched)",
  input: fcmTokenSchema,
  output: TokenRemoved,
  async handler(input, ctx) {
    const me = member(ctx);
    return { data: { removed: await forgetToken(ctx.db, me.id, input.fcm_id) } };
  },
});
