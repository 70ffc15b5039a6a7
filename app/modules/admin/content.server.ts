// The content editors' actions: a form's fields turned into an API input, and the API's answer
// turned into the page's (back with a toast, or the refusal on the form with what was typed, so a
// page re-rendered without JavaScript keeps it).
import { data } from "react-router";
import type { Envelope } from "~server/api/envelope";
import { forget } from "~/lib/memo.server";
import { adminOutcome } from "./admin.server";
import type { ContentResult } from "./content-ui";

/** Every text field of a form, all values of a repeated name kept (files left out). */
export function formValues(form: FormData): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  form.forEach((v, k) => {
    if (typeof v === "string") (out[k] ??= []).push(v);
  });
  return out;
}

/** A form's text field, trimmed; undefined when absent or empty. */
export function text(form: FormData, name: string): string | undefined {
  const v = form.get(name);
  return typeof v === "string" && v.trim() ? v : undefined;
}

/** A form's id field as a number, undefined when absent. */
export function idField(form: FormData, name = "id"): number | undefined {
  const v = Number(form.get(name));
  return Number.isInteger(v) && v > 0 ? v : undefined;
}

export async function contentOutcome(
  request: Request,
  res: Envelope<unknown>,
  context: { intent: string; id?: number | string; to?: string; form?: FormData; filters?: boolean },
) {
  if (res.error) {
    const body: ContentResult = { error: res.message, errors: res.errors, intent: context.intent, id: context.id, values: context.form ? formValues(context.form) : undefined };
    return data(body, { status: res.message === "Forbidden" ? 403 : 400 });
  }
  // The filter panels keep categories, their details and facilities for a while (getFilterData).
  if (context.filters) forget("filters:");
  return adminOutcome(request, res, context);
}
