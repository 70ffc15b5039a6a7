// What a listing form shows: after a refused post, what was sent (so nothing typed is lost, not
// even in fields outside the form library: location, parameters, facilities, checkboxes);
// otherwise the saved listing or the page's defaults.
import type { SubmissionResult } from "@conform-to/react";

export function formValues(
  defaults: Record<string, string | undefined>,
  lastResult?: SubmissionResult<string[]> | null,
): Record<string, string | undefined> {
  const sent = lastResult?.initialValue;
  if (!sent) return defaults;
  // Only what was sent counts: an unticked box or an emptied field is absent from it on purpose.
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(sent)) {
    if (typeof value === "string") out[key] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v === "string")) out[key] = value.join(",");
  }
  return out;
}

export { LISTING_TEXT_FIELDS } from "~server/api/listings/contract/fields";

/** A saved listing's `keys` as the form's text defaults: those it has (null is none), as text. */
export function textValues(
  saved: Record<string, unknown>,
  keys: readonly string[],
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const k of keys) if (saved[k] !== null && saved[k] !== undefined) out[k] = String(saved[k]);
  return out;
}
