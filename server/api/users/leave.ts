// Leaving (decision 022): a person deletes their own account. Everything that is theirs goes, in one
// database transaction, so a failure half-way leaves the account as it was; what others keep (the
// messages they received, the payments for the accounts, the admins' log) loses who the person was.
// Only after the commit are the files removed and the identity account deleted: a file or account
// that outlives a rolled-back transaction would be worse than one that outlives a committed one.
import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { users } from "../../db/schema";
import type { AuthService } from "../../auth/firebase.server";
import type { FileStorage } from "../../media/storage.server";
import type { ApiContext } from "../context";
import { ApiError, notFound } from "../envelope";
import { deleteAllSentBy } from "../chat/service";
import { removeAvatar } from "./avatar";
import { scrubAuditLog } from "./leave-audit";
import { removeListingsOf } from "./leave-listings";
import { anonymisePaymentsOf } from "./leave-payments";
import { DELETED_ACCOUNT_NAME, LEAVE_MESSAGES } from "./leave-schema";
import { removeTracesOf } from "./leave-traces";
import { logger } from "../../observability/log";

/** Admins leave one at a time, so two of them can never each see the other as the one who stays. */
const ADMIN_LEAVING_LOCK = 727_275;

/**
 * Whether an admin other than `me` remains: a profile here whose identity account carries the claim
 * (decision 019) and is not disabled. Asked of the provider a hundred accounts at a time, stopping at
 * the first; this runs only when an admin leaves.
 */
async function anotherAdminRemains(tx: Executor, auth: AuthService, me: number): Promise<boolean> {
  for (let after = 0; ;) {
    const rows = await tx
      .select({ id: users.id, uid: users.firebase_id })
      .from(users)
      .where(and(isNull(users.deleted_at), ne(users.id, me), gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(100);
    if (!rows.length) return false;
    const found = await auth.adminAuth.getUsers(rows.map((r) => ({ uid: r.uid })));
    if (found.users.some((u) => u.customClaims?.admin === true && !u.disabled)) return true;
    after = rows.at(-1)!.id;
  }
}

/**
 * The profile row stays, emptied, as the tombstone the kept records point at: no name but
 * "Deleted account", no address, number, photo, links or push token, switched off (so no search,
 * agent list or chat finds it), and an identity id no sign-in can ever have.
 */
async function tombstone(tx: Executor, id: number) {
  const now = new Date();
  await tx
    .update(users)
    .set({
      firebase_id: `deleted:${id}`,
      name: DELETED_ACCOUNT_NAME,
      email: null,
      mobile: null,
      profile: null,
      address: null,
      logintype: "deleted",
      type: "user",
      fcm_id: null,
      latitude: null,
      longitude: null,
      about_me: null,
      facebook_id: null,
      twiiter_id: null,
      instagram_id: null,
      youtube_id: null,
      notification: false,
      city: null,
      state: null,
      country: null,
      is_active: false,
      deactivated_reason: null,
      deactivated_at: null,
      verification_status: "initial",
      deleted_at: now,
      updated_at: now,
    })
    .where(eq(users.id, id));
}

/** Files go after the commit; one that fails to go is wasted space, never a broken page. */
async function removeFiles(storage: FileStorage, keys: string[]) {
  const unique = [...new Set(keys)];
  const failed: string[] = [];
  for (let i = 0; i < unique.length; i += 20) {
    await Promise.all(unique.slice(i, i + 20).map((k) => storage.delete(k).catch(() => failed.push(k))));
  }
  if (failed.length)
    logger().warn({ files: failed.slice(0, 5), count: failed.length }, "Leaving: files could not be removed");
}

/**
 * Deletes the caller's account (checks of who and when are the call's). Answers the profile id, or
 * null when the identity account had no profile here (or lost it in an earlier, half-finished try).
 */
export async function leave(
  ctx: Pick<ApiContext, "db" | "auth" | "storage" | "principal" | "user">,
): Promise<number | null> {
  const principal = ctx.principal!;
  let id: number | null = null;
  if (ctx.user) {
    const { keys, avatar } = await ctx.db.transaction(async (tx) => {
      if (principal.admin) {
        await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LEAVING_LOCK})`);
        if (!(await anotherAdminRemains(tx, ctx.auth, ctx.user!.id)))
          throw new ApiError(409, LEAVE_MESSAGES.lastAdmin);
      }
      // Locked: a listing posted or a message sent by this person at the same moment waits, then finds no one.
      const [person] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, ctx.user!.id), isNull(users.deleted_at)))
        .for("update");
      if (!person) throw notFound("User not found");
      const keys = [
        ...(await removeListingsOf(tx, person.id)),
        ...(await deleteAllSentBy(tx, person.id)),
        ...(await anonymisePaymentsOf(tx, person.id)),
        ...(await removeTracesOf(tx, person)),
      ];
      await scrubAuditLog(tx, person, principal.uid);
      await tombstone(tx, person.id);
      return { keys, avatar: person.profile };
    });
    id = ctx.user.id;
    await removeFiles(ctx.storage, keys);
    if (avatar) await removeAvatar(ctx.storage, avatar);
  }
  try {
    await ctx.auth.deleteAccount(principal.uid);
  } catch (error) {
    // The data is gone; the sign-in is not. The person is still signed in with no profile, and the
    // same call finishes the job (it then only deletes the identity account).
    logger().error({ err: error }, "Leaving: the identity account could not be deleted");
    throw new ApiError(502, LEAVE_MESSAGES.identityFailed);
  }
  return id;
}
