// An admin's notification to everyone (or to one person): one row per person in their
// notifications list, written by one INSERT … SELECT in one transaction with its audit line, so
// either everyone has it or nobody does, and sending to many people is one statement, not a loop.
import { eq, sql } from "drizzle-orm";
import { users } from "../../db/schema";
import { defineCall } from "../call";
import { Broadcast } from "./output";
import { ApiError } from "../envelope";
import { NOTIFICATIONS, fill } from "../notifications/catalogue";
import { enqueueJob } from "../../queue/queue";
import { audit } from "./audit";
import { BROADCAST_MESSAGES, sendNotificationSchema } from "./broadcast-schema";

export const adminSendNotification = defineCall({
  name: "admin/send-notification",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary:
    "Sends a notification (English and Arabic) to every active account or to one (to=user, user_id): in their notifications list, and by web push where allowed",
  input: sendNotificationSchema,
  output: Broadcast,
  async handler(input, ctx) {
    if (input.to === "user" && !input.user_id)
      throw new ApiError(400, BROADCAST_MESSAGES.user, { user_id: [BROADCAST_MESSAGES.user] });
    const values = {
      title: input.title,
      body: input.body,
      title_ar: input.title_ar ?? "",
      body_ar: input.body_ar ?? "",
    };
    const text = NOTIFICATIONS.admin;
    const ar = { title: fill(text.ar.title, values), body: fill(text.ar.body, values) };
    // Empty Arabic is left out, so Arabic readers get the English rather than nothing.
    const translations = JSON.stringify(
      ar.title || ar.body ? { ar: Object.fromEntries(Object.entries(ar).filter(([, v]) => v)) } : {},
    );
    const only = input.to === "user" ? sql`and u.id = ${input.user_id!}` : sql``;

    const sent = await ctx.db.transaction(async (tx) => {
      if (input.to === "user") {
        const [person] = await tx
          .select({ active: users.is_active })
          .from(users)
          .where(eq(users.id, input.user_id!));
        if (!person?.active)
          throw new ApiError(400, BROADCAST_MESSAGES.noUser, { user_id: [BROADCAST_MESSAGES.noUser] });
      }
      // Rows nobody can be pushed to (no browser subscribed, or notifications off on the profile)
      // are written as already dealt with, so the push dispatcher never even looks at them.
      const { rows } = await tx.execute<{ recipients: number; to_push: number }>(sql`
        with sent as (
          insert into notifications (user_id, type, title, body, translations, link, pushed_at)
          select u.id, 'admin', ${fill(text.en.title, values)}, ${fill(text.en.body, values)}, ${translations}::jsonb, ${input.link ?? null},
                 case when u.notification and u.fcm_id is not null then null else now() end
          from users u
          where u.is_active ${only}
          returning pushed_at
        )
        select count(*)::int as recipients, (count(*) filter (where pushed_at is null))::int as to_push from sent`);
      const { recipients, to_push } = rows[0] ?? { recipients: 0, to_push: 0 };
      // Web push: one "push" row of the background queue for all of them, as for one; the worker
      // that takes it goes through every unclaimed notification, and the claim on each (pushed_at
      // set from null) still lets exactly one process push it. Heard of on commit.
      if (to_push > 0) await enqueueJob(tx, { kind: "push" });
      await audit(tx, ctx, {
        action: input.to === "all" ? "notification.broadcast" : "notification.send",
        target_type: "notification",
        target_id: input.to === "all" ? "all" : input.user_id,
        before: null,
        after: {
          to: input.to,
          user_id: input.user_id ?? null,
          title: input.title,
          body: input.body,
          title_ar: input.title_ar ?? null,
          body_ar: input.body_ar ?? null,
          link: input.link ?? null,
          recipients,
        },
      });
      return { recipients, to_push };
    });
    return { data: sent, message: "Notification sent" };
  },
});
