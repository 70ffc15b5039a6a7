// Which browser gets a person's web pushes: the FCM token kept on their profile (users.fcm_id).
import { and, eq, ne } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { users } from "../../db/schema";

/**
 * The token now belongs to this person. A token names one browser, so whoever used that browser
 * before (signed out without JavaScript, or never signed out) stops getting pushes there.
 */
export async function saveToken(db: Executor, userId: number, token: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ fcm_id: null })
      .where(and(eq(users.fcm_id, token), ne(users.id, userId)));
    await tx.update(users).set({ fcm_id: token }).where(eq(users.id, userId));
  });
}

/** Signing out of a browser: its token leaves the person's profile, if it is still theirs. */
export async function forgetToken(db: Executor, userId: number, token: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ fcm_id: null })
    .where(and(eq(users.id, userId), eq(users.fcm_id, token)))
    .returning({ id: users.id });
  return rows.length > 0;
}
