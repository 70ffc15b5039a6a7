import { z } from "zod";

/** Contact form (spec §3 "Contact form") with the spec's messages (§5). */
export const contactSchema = z.object({
  first_name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(80),
  last_name: z.string().trim().max(80).optional(),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .pipe(z.email("Email address is invalid")),
  subject: z
    .string({ error: "Subject is required" })
    .trim()
    .min(1, "Subject is required")
    .max(150, "Subject is too long (at most 150 characters)"),
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(5000, "Message is too long (at most 5000 characters)"),
  /** Honeypot: hidden from people, filled in by bots. */
  website: z.string().optional(),
});
