// Answers about leads: a revealed contact detail.
import { z } from "zod";
import { contactKindEnum } from "../../db/schema";
import { named } from "../output";

export const ContactKind = z.enum(contactKindEnum.enumValues);

/** `reveal-contact`: one way to reach a listing's owner (or an agent or developer), and whether it counted as a lead. */
export const RevealedContact = named(
  "RevealedContact",
  z.object({
    kind: ContactKind,
    /** The phone number (phone, whatsapp) or the email address, as the owner gave it. */
    value: z.string(),
    /** `tel:…`, `mailto:…` or `https://wa.me/<digits>`. */
    href: z.string(),
    /** A new lead was recorded for the owner (not for one's own listing, nor again the same day). */
    counted: z.boolean(),
  }),
  "A contact detail revealed to a signed-in person",
);
