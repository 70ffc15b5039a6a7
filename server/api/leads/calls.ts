// reveal-contact (decision 023): the one way to a listing owner's phone, email or WhatsApp.
import { defineCall } from "../call";
import { member } from "../context";
import { revealContactSchema } from "./schema";
import { RevealedContact } from "./output";
import { LEAD_MESSAGES, revealContact } from "./service";

export const revealContactCall = defineCall({
  name: "reveal-contact",
  method: "POST",
  access: "user",
  tag: "leads",
  summary:
    "Show a signed-in person the owner's phone, email or WhatsApp of a listing (property_id or project_id) or of an agent's or developer's profile (user_id). Counts a lead for the owner once per person, target, kind and day (never the owner's own); a daily allowance per person and per address (429 past it).",
  input: revealContactSchema,
  output: RevealedContact,
  errorStatuses: [403, 404, 429],
  async handler(input, ctx) {
    const me = member(ctx);
    const data = await revealContact(
      ctx.db,
      input,
      { id: me.id, admin: ctx.principal?.admin ?? false },
      ctx.clientIp,
    );
    return { data, message: LEAD_MESSAGES.revealed };
  },
});
