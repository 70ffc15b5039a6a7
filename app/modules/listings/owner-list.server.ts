// The owner's list of their own listings, on the server: the filters the address asks for, a page of
// rows, and the listing a delete link asks about (`?delete=id`, the confirm step without JavaScript).
import type { ApiOptions } from "~/lib/api.server";
import { pageFromSearch } from "~/lib/constants";
import { signedInStart, type RouteArgs } from "~/lib/route.server";
import type { Envelope } from "~server/api/envelope";
import { LISTING_STATUSES, REQUEST_STATUSES } from "~server/api/contract/enums";
import { OWNER_PAGE, type OwnerFilters, type OwnerListKind } from "./owner-list";

/** A page of the list, or the one listing a delete asks about. */
type OwnerQuery<K extends string, T extends string> =
  (OwnerFilters<K, T> & { offset: number; limit: number }) | { id: number; limit: number };

/** The address's value when it is one of `list`; anything else filters nothing. */
const pick = <T extends string>(list: readonly T[], v: string | null): T | undefined =>
  list.includes(v as T) ? (v as T) : undefined;

/**
 * The list page's data. `list` makes the kind's own call (get-added-properties or
 * get-added-projects), so each keeps its typed input and rows.
 */
export async function ownerListData<
  K extends string,
  T extends string,
  Row extends { id: number; title: string },
>(
  args: RouteArgs,
  kind: OwnerListKind<K, T>,
  list: (query: OwnerQuery<K, T>, opts: ApiOptions) => Promise<Envelope<Row[]>>,
) {
  const { opts, t } = await signedInStart(args);
  const sp = new URL(args.request.url).searchParams;
  const page = pageFromSearch(sp);
  const type = kind.typeFilter;
  // In the form's order, the kind's own filter third. TypeScript cannot name a computed key: the
  // cast says which one it is.
  const filters = {
    status: pick(LISTING_STATUSES, sp.get("status")),
    request_status: pick(REQUEST_STATUSES, sp.get("request_status")),
    [type.name]: pick(type.values, sp.get(type.name)),
    search: sp.get("search")?.trim().slice(0, 200) || undefined,
  } as OwnerFilters<K, T>;
  const deleteId = Number(sp.get("delete")) || 0;
  const [res, confirm] = await Promise.all([
    list({ ...filters, offset: (page - 1) * OWNER_PAGE, limit: OWNER_PAGE }, opts),
    deleteId > 0 && deleteId < 2 ** 31 ? list({ id: deleteId, limit: 1 }, opts) : null,
  ]);
  if (res.error) throw new Response(res.message, { status: 400 });
  const toDelete = confirm && !confirm.error ? (confirm.data[0] ?? null) : null;
  return {
    title: t(kind.heading),
    rows: res.data,
    total: res.total ?? 0,
    offset: (page - 1) * OWNER_PAGE,
    filters,
    toDelete: toDelete ? { id: toDelete.id, title: toDelete.title } : null,
  };
}
