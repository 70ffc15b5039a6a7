// Answers about agent verification: the form's questions and a person's application.
import { z } from "zod";
import { verificationFieldTypeEnum } from "../../db/schema";
import { dateTime, int, named, VerificationStatus } from "../output";

export const VerificationFieldType = z.enum(verificationFieldTypeEnum.enumValues);

/** A question of the verification form, in the caller's language. */
export const VerificationQuestion = z.object({
  id: int,
  name: z.string(),
  field_type: VerificationFieldType,
  is_required: z.boolean(),
  rank: int,
  options: z.array(z.object({ value: z.string(), label: z.string() })),
});

/** An answer of an application with its question; a checkbox's value and label are lists. */
export const VerificationAnswer = named(
  "VerificationAnswer",
  z.object({
    id: int,
    name: z.string(),
    field_type: VerificationFieldType,
    value: z.union([z.string(), z.array(z.string())]).nullable(),
    /** What the person chose, as they read it (radio, dropdown, checkbox). */
    label: z.union([z.string(), z.array(z.string())]).nullable(),
    /** A file question's file, readable by its applicant and admins. */
    file: z.object({ id: int, name: z.string(), url: z.string() }).nullable(),
  }),
  "An answer of an agent verification application, with its question",
);

/** The caller's verification status and their latest application (all null before the first). */
export const VerificationForm = z.object({
  status: VerificationStatus,
  /** Why a failed one failed. */
  reason: z.string().nullable(),
  application_id: int.nullable(),
  submitted_at: dateTime.nullable(),
  decided_at: dateTime.nullable(),
  form_fields: z.array(VerificationAnswer),
});
