import { and, eq, gt, sql } from "drizzle-orm";
import { defineCall } from "../call";
import { contactMessages } from "../../db/schema";
import { hit } from "../rate-limit";
import { contactSchema } from "./schema";
import { IdOnly } from "../output";
import { logger } from "../../observability/log";

export const CONTACT_LIMIT = { max: 5, windowSeconds: 600 };
/**
 * The same message from the same person within this many minutes is one message sent twice (a
 * second press, a resent form: decision 046): kept and mailed once, answered the same way.
 */
export const CONTACT_REPEAT_MINUTES = 10;

export const contactUs = defineCall({
  name: "contct_us",
  method: "POST",
  access: "optional",
  tag: "contact",
  summary: "Send a message to the marketplace team (stored; e-mailed when SMTP is configured)",
  input: contactSchema,
  openToDeactivated: true,
  output: IdOnly.nullable(),
  errorStatuses: [429],
  async handler(input, ctx) {
    const thanks = "Thank you! Your message has been sent.";
    // A filled honeypot is a bot: answer as if all went well and keep nothing.
    if (input.website) return { data: null, message: thanks };
    await hit(ctx.db, { key: `contact:${ctx.clientIp}`, ...CONTACT_LIMIT });
    const { row, repeat } = await ctx.db.transaction(async (tx) => {
      // One sender's messages are stored one at a time, so two copies arriving together find each other.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`contact:${input.email.toLowerCase()}`}))`,
      );
      const [same] = await tx
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(
          and(
            eq(contactMessages.email, input.email),
            eq(contactMessages.first_name, input.first_name),
            eq(contactMessages.subject, input.subject),
            eq(contactMessages.message, input.message),
            gt(contactMessages.created_at, sql`now() - make_interval(mins => ${CONTACT_REPEAT_MINUTES})`),
          ),
        )
        .limit(1);
      if (same) return { row: same, repeat: true };
      const [row] = await tx
        .insert(contactMessages)
        .values({
          first_name: input.first_name,
          last_name: input.last_name ?? null,
          email: input.email,
          subject: input.subject,
          message: input.message,
          user_id: ctx.user?.id ?? null,
        })
        .returning({ id: contactMessages.id });
      return { row: row!, repeat: false };
    });
    if (ctx.mailer && !repeat) {
      const to = process.env.CONTACT_TO ?? process.env.MAIL_FROM ?? "";
      try {
        await ctx.mailer.send({
          to,
          replyTo: input.email,
          subject: `[Contact] ${input.subject}`,
          text: `${input.first_name} ${input.last_name ?? ""} <${input.email}>\n\n${input.message}`,
        });
        await ctx.db
          .update(contactMessages)
          .set({ emailed_at: new Date() })
          .where(eq(contactMessages.id, row!.id));
      } catch (e) {
        // The message is safe in the database; a mail failure must not lose it or fail the form.
        logger().error({ err: e }, "Contact mail failed");
      }
    }
    return { data: { id: row!.id }, message: thanks };
  },
});
