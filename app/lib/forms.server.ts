// Form actions: how refusals travel back to the form (status 400, messages on their fields).
import { data } from "react-router";
import type { Submission } from "@conform-to/react";
import type { Envelope } from "~server/api/envelope";
import { addIdentityError } from "./identity-errors";

/** A refused form answers 400 with its messages; success is a redirect. */
export function formResponse<T>(result: T | Response) {
  return result instanceof Response ? result : data(result, { status: 400 });
}

/** A failed API answer → the submission's reply, with each message on its field. */
export function replyWithApiError<T>(submission: Submission<T>, res: Envelope<unknown>) {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [field, messages] of Object.entries(res.errors ?? {})) {
    if (field === "_identity") messages.forEach((code) => addIdentityError(code, fieldErrors, formErrors));
    else if (field === "_form") formErrors.push(...messages);
    else fieldErrors[field] = messages;
  }
  if (!res.errors) formErrors.push(res.message);
  return submission.reply({ fieldErrors, formErrors });
}
