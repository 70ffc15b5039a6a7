import type { Submission } from "@conform-to/react";
import type { Envelope } from "~server/api/envelope";
import { authErrorMessage } from "./errors";

/** A failed API answer → the submission's reply, with each message on its field. */
export function replyWithApiError<T>(submission: Submission<T>, res: Envelope<unknown>) {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [field, messages] of Object.entries(res.errors ?? {})) {
    if (field === "_identity") {
      for (const code of messages) addIdentityError(code, fieldErrors, formErrors);
    } else if (field === "_form") formErrors.push(...messages);
    else fieldErrors[field] = messages;
  }
  if (!res.errors) formErrors.push(res.message);
  return submission.reply({ fieldErrors, formErrors });
}

export function addIdentityError(code: string, fieldErrors: Record<string, string[]>, formErrors: string[]) {
  const m = authErrorMessage(code);
  const text = m.code ? `${m.message} ${m.code}` : m.message;
  if (m.field) (fieldErrors[m.field] ??= []).push(text);
  else formErrors.push(text);
}
