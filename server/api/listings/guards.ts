// Checks every change to someone's listing goes through: the caller owns it, and the demo's own
// data stays as it is while the site runs in demo mode. Posting, editing, deleting and the status
// calls share them, so a listing is protected the same way whichever call touches it.
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { projects, properties, settings, users } from "../../db/schema";
import { ApiError, forbidden, notFound, unauthorized } from "../envelope";
import type { UserRow } from "../users/service";
import { DEFAULT_SETTINGS } from "../settings/contract";
import { settingFlag } from "../settings/calls";

export type ListingKind = "property" | "project";

export const DEMO_MODE_MESSAGE = "This Action is Not Allowed in Demo Mode";

/** Demo accounts are the seeded people (their identity ids start with "demo-"). */
export const isDemoAccount = (firebaseId: string) => firebaseId.startsWith("demo-");

/**
 * The listing, when `user` owns it: 404 when there is no such listing, 403 'Forbidden' when it
 * belongs to someone else (an admin acts through the admin's own calls, not these).
 */
export async function assertOwner(
  db: Executor,
  kind: ListingKind,
  id: number,
  user: Pick<UserRow, "id"> | null | undefined,
) {
  if (!user) throw unauthorized();
  const table = kind === "property" ? properties : projects;
  const [row] = await db
    .select({
      id: table.id,
      added_by: table.added_by,
      request_status: table.request_status,
      status: table.status,
      slug_id: table.slug_id,
    })
    .from(table)
    .where(eq(table.id, id))
    .limit(1);
  if (!row) throw notFound(kind === "property" ? "Property not found" : "Project not found");
  if (row.added_by !== user.id) throw forbidden();
  return row;
}

/** Whether the site runs as a public demo (the `demo_mode` setting). */
export async function isDemoMode(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, "demo_mode"))
    .limit(1);
  return row ? settingFlag(row.value) : DEFAULT_SETTINGS.demo_mode;
}

/** 403 'This Action is Not Allowed in Demo Mode' when demo mode is on and `ownerId` is a demo account. */
export async function assertNotDemoData(db: Executor, ownerId: number): Promise<void> {
  if (!(await isDemoMode(db))) return;
  const [owner] = await db
    .select({ firebase_id: users.firebase_id })
    .from(users)
    .where(eq(users.id, ownerId))
    .limit(1);
  if (owner && isDemoAccount(owner.firebase_id)) throw new ApiError(403, DEMO_MODE_MESSAGE);
}

export const CHANGED_MEANWHILE_MESSAGE =
  "This listing was changed at the same time. Please reload it and try again";

/**
 * Inside a change's transaction: the listing's row, locked until the change commits, so two
 * changes to one listing take turns. 404 when it was deleted in the meantime.
 */
export async function lockListing(tx: Executor, kind: ListingKind, id: number) {
  const table = kind === "property" ? properties : projects;
  const [row] = await tx
    .select({ id: table.id, request_status: table.request_status })
    .from(table)
    .where(eq(table.id, id))
    .for("update");
  if (!row) throw notFound(kind === "property" ? "Property not found" : "Project not found");
  return row;
}

/**
 * A change is checked (limits, what may be removed, a title image left) on what it read before
 * its transaction; under the lock, the same photos, documents or plans must still be there, or the
 * checks no longer hold and the change is refused rather than half-right.
 */
export function assertUnchanged(before: { id: number }[], now: { id: number }[]) {
  const a = before.map((r) => r.id).sort((x, y) => x - y);
  const b = now.map((r) => r.id).sort((x, y) => x - y);
  if (a.length !== b.length || a.some((id, i) => id !== b[i]))
    throw new ApiError(409, CHANGED_MEANWHILE_MESSAGE);
}
