// Posting or changing a listing of either kind from its form: a pasted map link placed, the form read
// with the payload's own schema (for messages on the fields), and the value that parse produced
// handed to the API as it is, files and all. The API checks it again at its boundary; nothing is
// encoded here and decoded there (app/lib/api.server.ts).
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import type { Envelope } from "~server/api/envelope";
import { formResponse, replyWithApiError } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { localizePath, type Locale } from "~/lib/i18n";
import { applyMapLink } from "./map-link.server";

export type SubmitOutcome =
  { ok: true; redirectTo: string; message: string } | { ok: false; reply: SubmissionResult<string[]> };

export async function submitListing<S extends z.ZodType, D>(
  request: Request,
  formData: FormData,
  locale: Locale,
  how: {
    schema: S;
    send: (value: z.output<S>) => Promise<Envelope<D>>;
    /** Where the person goes once it is saved (a path of this site, before the language). */
    then: (data: D) => string;
  },
): Promise<SubmitOutcome> {
  // A pasted map link places the pin when no coordinates were typed.
  const linkError = await applyMapLink(formData, request, locale);
  const submission = parseWithZod(formData, { schema: how.schema });
  if (linkError) return { ok: false, reply: submission.reply({ fieldErrors: { map_link: [linkError] } }) };
  if (submission.status !== "success") return { ok: false, reply: submission.reply() };
  const res = await how.send(submission.value);
  if (res.error) return { ok: false, reply: replyWithApiError(submission, res) };
  return { ok: true, redirectTo: localizePath(locale, how.then(res.data)), message: res.message };
}

/** A listing form action's answer: the saved listing's next page with a toast, or the form again with what was wrong. */
export function submitResponse(out: SubmitOutcome) {
  return out.ok
    ? redirectWithToast(out.redirectTo, { type: "success", message: out.message })
    : formResponse(out.reply);
}
