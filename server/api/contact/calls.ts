import { eq } from "drizzle-orm";
import { defineCall } from "../call";
import { contactMessages } from "../../db/schema";
import { hit } from "../rate-limit";
import { contactSchema } from "./schema";
import { IdOnly } from "../output";

export const CONTACT_LIMIT = { max: 5, windowSeconds: 600 };

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
    const [row] = await ctx.db
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
    if (ctx.mailer) {
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
        console.error("contact mail failed", e);
      }
    }
    return { data: { id: row!.id }, message: thanks };
  },
});
