// Payload of agent verification (spec §3 "Agent verification answers": form_fields, each with id and
// value) and the messages of the form. The questions live in the database, so what an answer must
// look like is checked per question by the service; this schema only reads the envelope.
import { z } from "zod";
import { idOf } from "../contract/ids";

export const VERIFICATION_MESSAGES = {
  /** Spec §8, word for word. */
  pending: "Your Verification is Under Review",
  failed: "Verification Failed",
  verified: "You are already a verified agent",
  required: "This field is required",
  number: "Please enter a number",
  choice: "Please choose one of the options",
  tooLong: "This answer is too long",
  fileType: "Files must be PDF, JPEG or PNG",
  fileBytes: "Files must be at most 10 MB",
  notAFile: "Please choose a file",
  invalid: "This answer is not valid",
  unknownField: "This question is not part of the form",
  applied: "Your application was sent. We will let you know once it is reviewed.",
} as const;

export const VERIFICATION_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const TEXT_MAX = 500;
export const TEXTAREA_MAX = 5000;

/** The error key of a question: the same name the site's form gives its input. */
export const fieldKey = (id: number) => `field_${id}`;

const isFile = (v: unknown): v is File => typeof File !== "undefined" && v instanceof File;

/** A value as sent: text, a number, a list (checkbox), or a file. */
const answerValue = z.union(
  [z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()])), z.custom<File>(isFile)],
  {
    error: "value must be text, a list of choices or a file",
  },
);

export const applyVerificationSchema = z.object({
  form_fields: z
    .array(z.object({ id: idOf("id"), value: answerValue.optional().nullable() }), {
      error: "form_fields must be a list of { id, value }",
    })
    .max(100, "form_fields has too many answers")
    .default([]),
});

export type AnswerInput = z.output<typeof applyVerificationSchema>["form_fields"][number];

/**
 * Reads form_fields however a client sends it: a JSON list (JSON body, or a JSON string in a form),
 * or form fields named form_fields[0][id] and form_fields[0][value] (a list value repeated, or as
 * form_fields[0][value][]), which the router has already read into a list (decision 025).
 */
export function prepareVerification(raw: Record<string, unknown>): Record<string, unknown> {
  if (typeof raw.form_fields !== "string") return raw;
  try {
    return { ...raw, form_fields: JSON.parse(raw.form_fields) };
  } catch {
    return raw; // left for the schema to refuse with its message
  }
}

/** An admin's decision on an application; the reason is shown to the applicant. */
export const decisionSchema = z.object({
  status: z.enum(["success", "failed"]),
  reason: z.string().trim().max(1000, "The reason must be at most 1000 characters").optional(),
  adminId: z.number().int().positive().optional(),
});

export type Decision = z.input<typeof decisionSchema>;
