// Frequently asked questions: question and answer in English and Arabic, shown or hidden, in the
// admin's order. The public `faqs` call reads the rows as they are, so a save shows at once.
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { faqs } from "../../../db/schema";
import { defineCall } from "../../call";
import { AdminFaq } from "./output";
import { IdOnly } from "../../output";
import { notFound } from "../../envelope";
import { idOf } from "../../contract/ids";
import { audit } from "../audit";
import { arabicOf, withArabic } from "./fields";
import { saveFaqInput } from "./schema";
import { movedOnePlace, renumber } from "./order";
import { deleteRow, lockedRow, nextPlace, writeRow } from "./rows";

export const adminFaqs = defineCall({
  name: "admin/faqs",
  method: "GET",
  access: "admin",
  tag: "admin",
  summary: "Every question, hidden ones too, in order, with its Arabic",
  input: z.object({}),
  output: z.array(AdminFaq),
  total: true,
  async handler(_input, { db }) {
    const rows = await db.select().from(faqs).orderBy(asc(faqs.sequence), asc(faqs.id)).limit(500);
    const data = rows.map((f) => ({
      id: f.id,
      question: f.question,
      question_ar: arabicOf(f.translations, "question"),
      answer: f.answer,
      answer_ar: arabicOf(f.translations, "answer"),
      sequence: f.sequence,
      status: f.status,
    }));
    return { data, total: data.length };
  },
});

export const adminSaveFaq = defineCall({
  name: "admin/save-faq",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary:
    "Create or change a question: English and Arabic, shown or hidden, its place (a new one goes last)",
  input: saveFaqInput,
  output: IdOnly,
  errorStatuses: [404],
  async handler(input, ctx) {
    const saved = await ctx.db.transaction(async (tx) => {
      const before = await lockedRow(tx, faqs, input.id, "No such question");
      const values = {
        question: input.question,
        answer: input.answer,
        status: input.status,
        translations: withArabic(before?.translations, {
          question: input.question_ar,
          answer: input.answer_ar,
        }),
        // A new question goes last unless given a place.
        sequence: input.sequence ?? before?.sequence ?? (await nextPlace(tx, faqs, faqs.sequence)),
        updated_at: new Date(),
      };
      return writeRow(tx, ctx, faqs, "faq", before, values);
    });
    return { data: { id: saved.id }, message: "Question saved" };
  },
});

export const adminMoveFaq = defineCall({
  name: "admin/move-faq",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary: "Move a question one place up or down (the list is numbered afresh)",
  input: z.object({ id: idOf("id"), direction: z.enum(["up", "down"], { error: "Choose up or down" }) }),
  output: IdOnly,
  errorStatuses: [404],
  async handler(input, ctx) {
    await ctx.db.transaction(async (tx) => {
      // The whole list, locked: two moves at once each see the order the other left.
      const rows = await tx
        .select({ id: faqs.id, sequence: faqs.sequence })
        .from(faqs)
        .orderBy(asc(faqs.sequence), asc(faqs.id))
        .for("update");
      const move = movedOnePlace(rows, input.id, input.direction);
      if (!move) throw notFound("No such question");
      if (!move.moved) return;
      await renumber(rows, move.ids, (id, sequence) =>
        tx.update(faqs).set({ sequence }).where(eq(faqs.id, id)),
      );
      await audit(tx, ctx, {
        action: "faq.move",
        target_type: "faq",
        target_id: input.id,
        before: { order: rows.map((r) => r.id) },
        after: { order: move.ids },
      });
    });
    return { data: { id: input.id }, message: "Order saved" };
  },
});

export const adminDeleteFaq = defineCall({
  name: "admin/delete-faq",
  method: "POST",
  access: "admin",
  tag: "admin",
  summary: "Delete a question",
  input: z.object({ id: idOf("id") }),
  output: IdOnly,
  errorStatuses: [404],
  async handler(input, ctx) {
    await ctx.db.transaction((tx) =>
      deleteRow(tx, ctx, faqs, input.id, { kind: "faq", missing: "No such question" }),
    );
    return { data: { id: input.id }, message: "Question deleted" };
  },
});
