// What people address to the marketplace team: messages from the contact form (kept with status
// new until someone handles them) and people who blocked the team (spec §3 Block, to_admin) with
// their reason, which is feedback too.
import { count, desc, eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import { contactMessages, userBlocks, users } from "../../db/schema";
import { defineCall } from "../call";
import { ContactMessageStatus, Inbox } from "./output";
import { notFound } from "../envelope";
import { idOf } from "../contract/ids";
import { limitOffset } from "../contract/pagination";
import { audit } from "./audit";

export const CONTACT_STATUSES = ["new", "handled"] as const;

/** The blocks list pages on its own (the page shows both lists at once). */
const blocksOffset = z.coerce
  .number({
    error: (issue) => (issue.code === "invalid_type" ? "blocks_offset must be a number" : undefined),
  })
  .int("blocks_offset must be a whole number")
  .min(0, "blocks_offset must be 0 or more")
  .max(1_000_000, "blocks_offset must be at most 1000000")
  .default(0);
const BLOCKS_LIMIT = 30;

export const adminInboxInput = z.object({
  /** Messages: which ones (new by default: the ones waiting), and a page of them. */
  status: z
    .enum([...CONTACT_STATUSES, "all"], { error: "status must be new, handled or all" })
    .default("new"),
  ...limitOffset(30, 100),
  blocks_offset: blocksOffset,
});

export const adminInbox = defineCall({
  name: "admin/inbox",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary:
    "Contact form messages (new first by default) and the people who blocked the team, with their reasons, newest first",
  input: adminInboxInput,
  output: Inbox,
  total: true,
  async handler(input, { db }) {
    const where: SQL | undefined =
      input.status === "all" ? undefined : eq(contactMessages.status, input.status);
    const blocked = eq(userBlocks.to_admin, true);
    const [messages, [messagesTotal], blocks, [blocksTotal], [waiting]] = await Promise.all([
      db
        .select()
        .from(contactMessages)
        .where(where)
        .orderBy(desc(contactMessages.id))
        .limit(input.limit)
        .offset(input.offset),
      db.select({ n: count() }).from(contactMessages).where(where),
      db
        .select({
          id: userBlocks.id,
          reason: userBlocks.reason,
          created_at: userBlocks.created_at,
          user: { id: users.id, name: users.name, email: users.email },
        })
        .from(userBlocks)
        .innerJoin(users, eq(users.id, userBlocks.user_id))
        .where(blocked)
        .orderBy(desc(userBlocks.id))
        .limit(BLOCKS_LIMIT)
        .offset(input.blocks_offset),
      db.select({ n: count() }).from(userBlocks).where(blocked),
      db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.status, "new")),
    ]);
    return {
      data: {
        messages: messages.map((m) => ({
          id: m.id,
          name: [m.first_name, m.last_name].filter(Boolean).join(" "),
          email: m.email,
          subject: m.subject,
          message: m.message,
          status: m.status,
          user_id: m.user_id,
          created_at: m.created_at.toISOString(),
        })),
        messages_total: messagesTotal?.n ?? 0,
        new_messages: waiting?.n ?? 0,
        blocks: blocks.map((b) => ({ ...b, created_at: b.created_at.toISOString() })),
        blocks_total: blocksTotal?.n ?? 0,
        blocks_limit: BLOCKS_LIMIT,
      },
      total: messagesTotal?.n ?? 0,
    };
  },
});

export const contactMessageStatusSchema = z.object({
  id: idOf("id"),
  status: z.enum(CONTACT_STATUSES, { error: "status must be new or handled" }),
});

export const adminContactMessageStatus = defineCall({
  name: "admin/contact-message-status",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary: "Mark a contact message handled, or new again",
  input: contactMessageStatusSchema,
  output: ContactMessageStatus,
  errorStatuses: [404],
  async handler(input, ctx) {
    return ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: contactMessages.id, status: contactMessages.status })
        .from(contactMessages)
        .where(eq(contactMessages.id, input.id))
        .for("update");
      if (!row) throw notFound("Message not found");
      const message = input.status === "handled" ? "Marked as handled" : "Marked as new";
      if (row.status === input.status) return { data: { id: row.id, status: row.status }, message };
      await tx.update(contactMessages).set({ status: input.status }).where(eq(contactMessages.id, row.id));
      await audit(tx, ctx, {
        action: `contact_message.${input.status === "handled" ? "handle" : "reopen"}`,
        target_type: "contact_message",
        target_id: row.id,
        before: { status: row.status },
        after: { status: input.status },
      });
      return { data: { id: row.id, status: input.status }, message };
    });
  },
});
