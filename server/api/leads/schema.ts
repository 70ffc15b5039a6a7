// Payload of reveal-contact (decision 023): which listing or profile, and which way to reach its owner.
import { z } from "zod";
import { CONTACT_KINDS } from "../contract/enums";
import { idOf } from "../contract/ids";

export { CONTACT_KINDS };
export type ContactKind = (typeof CONTACT_KINDS)[number];

export const REVEAL_MESSAGES = {
  target: "Give one of property_id, project_id or user_id",
  kind: "kind must be phone, email or whatsapp",
} as const;

/** What reveal-contact answers besides the detail itself (the pages translate them). */
export const LEAD_MESSAGES = {
  revealed: "Contact details shown",
  limit: "You have reached today's limit for showing contact details. Please try again tomorrow",
  missing: "This contact detail is not available",
  blocked: "This person does not accept contact from you",
  personNotFound: "This person was not found",
} as const;

export const revealContactSchema = z
  .object({
    property_id: idOf("property_id").optional(),
    project_id: idOf("project_id").optional(),
    /** An agent's or developer's own profile page. */
    user_id: idOf("user_id").optional(),
    kind: z.enum(CONTACT_KINDS, { error: REVEAL_MESSAGES.kind }),
  })
  .superRefine((v, ctx) => {
    const given = [v.property_id, v.project_id, v.user_id].filter((x) => x !== undefined).length;
    if (given !== 1) ctx.addIssue({ code: "custom", path: ["property_id"], message: REVEAL_MESSAGES.target });
  });
export type RevealContactInput = z.output<typeof revealContactSchema>;
