// The content editors' actions: a form's fields turned into an API input, and the API's answer
// turned into the page's (back with a toast, or the refusal on the form with what was typed, so a
// page re-rendered without JavaScript keeps it).
import { data } from "react-router";
import type { CallInput, CallName } from "~server/api/calls";
import type { Envelope } from "~server/api/envelope";
import { apiData } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { adminOutcome, requireAdmin } from "./admin.server";
import type { ContentResult } from "./content-ui";

type RouteArgs = { request: Request; context: Parameters<typeof getLocale>[0] };

/** A list page's loader: the admin checked, every row of the list call, and the page's title. */
export async function contentList<N extends CallName>(
  { request, context }: RouteArgs,
  name: N,
  title: string,
) {
  const locale = getLocale(context);
  await requireAdmin(request, locale);
  const res = await apiData(name, {} as CallInput<N>, { request, locale });
  return { title: getI18n(context).t(title), rows: res.data };
}

/** The start of every content action: the admin checked, the form read, its intent and row id. */
export async function contentForm({ request, context }: RouteArgs) {
  const locale = getLocale(context);
  await requireAdmin(request, locale);
  const form = await request.formData();
  return {
    request,
    locale,
    form,
    intent: String(form.get("intent") ?? ""),
    id: idField(form),
    opts: { request, locale },
  };
}

/** An editor page's loader start: the admin checked, the row asked for ("new" or its id), and the page's translator. */
export async function contentEditor({ request, context, params }: RouteArgs & { params: { id?: string } }) {
  const locale = getLocale(context);
  await requireAdmin(request, locale);
  return { id: editorId(params.id), opts: { request, locale }, t: getI18n(context).t };
}

/** An editor page's row from its address: "new", or its id (anything else is not found). */
export function editorId(param: string | undefined): number | "new" {
  if (param === "new") return "new";
  const id = Number(param);
  if (!Number.isInteger(id) || id <= 0 || id > 2 ** 31 - 1) throw new Response("Not found", { status: 404 });
  return id;
}

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
    const body: ContentResult = {
      error: res.message,
      errors: res.errors,
      intent: context.intent,
      id: context.id,
      values: context.form ? formValues(context.form) : undefined,
    };
    return data(body, { status: res.message === "Forbidden" ? 403 : 400 });
  }
  return adminOutcome(request, res, context);
}
