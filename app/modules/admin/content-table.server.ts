// A content table's loader and action (./content-table.tsx describes the tables). The action reads
// the form with the save call's own schema and sends the parsed value to the API; a refusal comes
// back as conform's reply (each message on its field, what was typed kept), a success goes back to
// the list with the API's message.
import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { CallName } from "~server/api/calls";
import type { Envelope } from "~server/api/envelope";
import { api, type ApiOptions } from "~/lib/api.server";
import { replyWithApiError } from "~/lib/forms.server";
import { localizePath } from "~/lib/i18n";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { adminOutcome, requireAdmin } from "./admin.server";
import type { ContentReply, ContentTable, ContentTableData } from "./content-table";
import type { ContentRefusal } from "./content-ui";

type RouteArgs = {
  request: Request;
  context: Parameters<typeof getLocale>[0];
  params: Partial<Record<string, string>>;
};

/** The tables' calls are named by their description; their input is what the schema parsed. */
const call = api as unknown as (
  name: CallName,
  input: unknown,
  options: ApiOptions,
) => Promise<Envelope<unknown>>;

/** A row's page from its address: "new", or its id (anything else is not found). */
function pageId(param: string): number | "new" {
  if (param === "new") return "new";
  const id = Number(param);
  if (!Number.isInteger(id) || id <= 0 || id > 2 ** 31 - 1) throw new Response("Not found", { status: 404 });
  return id;
}

/** A form's id field as a number, undefined when absent. */
function idField(form: FormData): number | undefined {
  const v = Number(form.get("id"));
  return Number.isInteger(v) && v > 0 ? v : undefined;
}

async function start({ request, context }: RouteArgs) {
  const locale = getLocale(context);
  await requireAdmin(request, locale);
  return { locale, t: getI18n(context).t, opts: { request, locale } };
}

/** The list (every row), or one row's page with the other list its form chooses from. */
export async function contentLoader<L extends CallName, A, R extends { id: number }>(
  args: RouteArgs,
  table: ContentTable<L, A, R>,
): Promise<ContentTableData<R, A>> {
  const { t, opts } = await start(args);
  if (args.params.id === undefined) {
    const list = await call(table.calls.list, {}, opts);
    if (list.error) throw new Response(list.message, { status: 500 });
    return { title: t(table.texts.title), rows: list.data as R[], page: null, also: [] };
  }
  const id = pageId(args.params.id);
  const [also, found] = await Promise.all([
    table.calls.also ? call(table.calls.also, {}, opts) : null,
    id === "new" ? null : call(table.calls.one ?? table.calls.list, { id }, opts),
  ]);
  if (found?.error) throw new Response("Not found", { status: 404 });
  if (also?.error) throw new Response(also.message, { status: 500 });
  // The list call answers a list of the one row asked for; a call of its own, the row.
  const answer = found?.data as R | R[] | undefined;
  const row = (Array.isArray(answer) ? answer[0] : answer) ?? null;
  const pages = table.pages!;
  return {
    title: row ? t(pages.title, { name: table.name(row) }) : t(pages.fresh),
    rows: [],
    page: { row },
    also: (also?.data ?? []) as A[],
  };
}

const status = (res: Envelope<unknown>) => (res.message === "Forbidden" ? 403 : 400);

/** Adds, saves, deletes or moves a row, as the form's intent says. */
export async function contentAction<L extends CallName, A, R extends { id: number }>(
  args: RouteArgs,
  table: ContentTable<L, A, R>,
) {
  const { locale, opts } = await start(args);
  const { request } = args;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const page = args.params.id === undefined ? null : pageId(args.params.id);
  // A row's page says which row in its address; a list's row forms send it.
  const id = page === null ? idField(form) : page === "new" ? undefined : page;
  // From a row's page, back to the list; in place, back to the page the form was on.
  const to = page === null ? undefined : localizePath(locale, table.section);
  const done = async (res: Envelope<unknown>, refused: ContentRefusal) => {
    if (res.error) return data<ContentRefusal>({ ...refused, error: res.message }, { status: status(res) });
    return adminOutcome(request, res, { to });
  };

  if (intent === "delete" && id)
    return done(await call(table.calls.remove, { id }, opts), { error: "", intent, id });
  if ((intent === "up" || intent === "down") && id && table.calls.move)
    return done(await call(table.calls.move, { id, direction: intent }, opts), { error: "", intent, id });

  const saving = page !== null || (intent === "save" && id) ? "save" : "create";
  const rowId = saving === "save" ? id : undefined;
  if (rowId) form.set("id", String(rowId));
  else form.delete("id");
  const submission = parseWithZod(table.prepare ? table.prepare(form) : form, { schema: table.schema });
  const which = { saving, id: rowId } satisfies Omit<ContentReply, "status">;
  if (submission.status !== "success") return data({ ...submission.reply(), ...which }, { status: 400 });
  const res = await call(table.calls.save, submission.value, opts);
  if (res.error) return data({ ...replyWithApiError(submission, res), ...which }, { status: status(res) });
  return adminOutcome(request, res, { to });
}
