// The property and project queues share one page: the URL's filters become the admin/properties
// or admin/projects query, and each row's forms (approve, reject with a reason, switch off or on)
// become admin/review-listing or admin/listing-status.
import { api, apiData } from "~/lib/api.server";
import type { Locale } from "~/lib/i18n";
import { adminOutcome, pageOf, param, requireAdmin } from "./admin.server";

export type QueueKind = "property" | "project";

const LIMIT = 20;
const REQUEST = ["pending", "approved", "rejected", "all"] as const;
const STATUS = ["active", "inactive"] as const;

const pick = <T extends string>(list: readonly T[], v: string | undefined): T | undefined =>
  list.includes(v as T) ? (v as T) : undefined;
const idParam = (v: string | undefined) => (v && /^\d{1,9}$/.test(v) ? Number(v) : undefined);

export async function queueLoader(kind: QueueKind, request: Request, locale: Locale) {
  await requireAdmin(request, locale);
  const url = new URL(request.url);
  const { page, offset, limit } = pageOf(url, LIMIT);
  const filters = {
    // The queue opens on what waits for a decision.
    request_status: pick(REQUEST, param(url, "request_status")) ?? "pending",
    status: pick(STATUS, param(url, "status")),
    category_id: idParam(param(url, "category_id")),
    owner_id: idParam(param(url, "owner_id")),
    search: param(url, "search")?.slice(0, 100),
  };
  const opts = { request, locale };
  const [res, categories] = await Promise.all([
    apiData(kind === "property" ? "admin/properties" : "admin/projects", { ...filters, offset, limit }, opts),
    apiData("get_categories", { limit: 100 }, opts),
  ]);
  return {
    kind,
    rows: res.data,
    total: res.total ?? 0,
    offset,
    limit,
    page,
    filters,
    categories: categories.data.map((c) => ({ id: c.id, category: c.category })),
  };
}

export async function queueAction(kind: QueueKind, request: Request, locale: Locale) {
  await requireAdmin(request, locale);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = Number(form.get("id"));
  const reason = String(form.get("reason") ?? "");
  const opts = { request, locale };
  if (intent === "approve" || intent === "reject") {
    const res = await api(
      "admin/review-listing",
      { kind, id, status: intent === "approve" ? "approved" : "rejected", reason },
      opts,
    );
    return adminOutcome(request, res, { intent, id, reason });
  }
  if (intent === "activate" || intent === "deactivate") {
    const res = await api(
      "admin/listing-status",
      { kind, id, status: intent === "activate" ? "active" : "inactive", reason },
      opts,
    );
    return adminOutcome(request, res, { intent, id, reason });
  }
  return adminOutcome(request, { error: true, message: "Unknown action", data: null }, { intent });
}
