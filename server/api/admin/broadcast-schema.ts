// What an admin's notification consists of; the console's form checks the same in the browser.
import { z } from "zod";
import { idOf } from "../contract/ids";

export const BROADCAST_MESSAGES = {
  title: "Title is required",
  body: "Message is required",
  user: "Enter the number of the person to send it to",
  noUser: "No active account has this number",
  link: "The link must be a path on this site, such as /properties",
} as const;

const blankIsNone = (v: unknown) => (v === "" || v === null ? undefined : v);

export const sendNotificationSchema = z.object({
  to: z.enum(["all", "user"], "Choose who receives it"),
  user_id: z.preprocess(blankIsNone, idOf("user_id").optional()),
  title: z
    .string({ error: BROADCAST_MESSAGES.title })
    .trim()
    .min(1, BROADCAST_MESSAGES.title)
    .max(120, "at most 120 characters"),
  body: z
    .string({ error: BROADCAST_MESSAGES.body })
    .trim()
    .min(1, BROADCAST_MESSAGES.body)
    .max(1000, "at most 1000 characters"),
  /** Arabic; left out (or empty), Arabic readers see the English. */
  title_ar: z
    .string()
    .trim()
    .max(120, "at most 120 characters")
    .optional()
    .transform((v) => v || undefined),
  body_ar: z
    .string()
    .trim()
    .max(1000, "at most 1000 characters")
    .optional()
    .transform((v) => v || undefined),
  /** Where it leads: a path on this site. */
  link: z
    .string()
    .trim()
    .max(500, "at most 500 characters")
    .refine((v) => v === "" || /^\/(?!\/)[^\s\\]*$/.test(v), BROADCAST_MESSAGES.link)
    .optional()
    .transform((v) => v || undefined),
});
