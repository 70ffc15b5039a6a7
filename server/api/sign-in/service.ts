// Who a sign-in lands on: the profile of the identity-provider account, made the first time, or —
// when a person proves an email address or phone number some other way — the profile that holds it.
import { sql } from "drizzle-orm";
import type { AuthService, FederatedResult } from "../../auth/firebase.server";
import { IdentityError } from "../../auth/firebase.server";
import type { Database, Executor } from "../../db/client.server";
import { users } from "../../db/schema";
import { ApiError } from "../envelope";
import { userSignupSchema } from "../users/schema";
import { findByFirebaseId, publicUser, signup, type UserRow } from "../users/service";

export type LoginType = "email" | "phone" | "google" | "email_link";

/** A provider refusal → 400 whose `_identity` code the forms turn into the readable message. */
export async function identity<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof IdentityError)
      throw new ApiError(e.code === "TOO_MANY_ATTEMPTS_TRY_LATER" ? 429 : 400, e.code, {
        _identity: [e.code],
      });
    throw e;
  }
}

/** The profile of a signed-in account; the first sign-in makes it, named after what the provider knows. */
export async function profileFor(
  db: Executor,
  who: Pick<FederatedResult, "uid" | "email" | "phoneNumber" | "displayName" | "photoUrl">,
  logintype: LoginType,
): Promise<UserRow> {
  const existing = await findByFirebaseId(db, who.uid);
  if (existing) return existing;
  const name = who.displayName?.trim() || who.email?.split("@")[0] || who.phoneNumber || "Member";
  return signup(
    db,
    who.uid,
    userSignupSchema.parse({
      name: name.slice(0, 120),
      email: who.email ?? undefined,
      mobile: who.phoneNumber ?? undefined,
      auth_id: who.uid,
      logintype,
      profile: who.photoUrl && /^https:\/\//.test(who.photoUrl) ? who.photoUrl : undefined,
    }),
  );
}

/** What a sign-in call answers: the ID token for the session, and the profile. */
export function signedInAnswer(who: FederatedResult, user: UserRow) {
  return { token: who.idToken, uid: who.uid, is_new: who.isNewUser, user: publicUser(user) };
}

/** The one profile that holds this email or number (digits compared, as people type them differently). */
export async function profileHolding(
  db: Executor,
  target: { kind: "email" | "phone"; value: string },
): Promise<UserRow | null> {
  const where =
    target.kind === "email"
      ? sql`lower(${users.email}) = ${target.value}`
      : sql`regexp_replace(coalesce(${users.mobile}, ''), '[^0-9]', '', 'g') = ${target.value.replace(/\D/g, "")}`;
  const rows = await db.select().from(users).where(where).limit(2);
  // Two profiles with one number: nobody can tell whose it is, so neither is chosen.
  return rows.length === 1 ? rows[0]! : null;
}

/**
 * Signs in the person who just proved they hold an email address or number (our own codes): the
 * profile holding it, else the provider's account for it, made now if there is none.
 */
export async function signInByTarget(
  db: Database,
  auth: AuthService,
  target: { kind: "email" | "phone"; value: string },
) {
  const holder = await profileHolding(db, target);
  let uid = holder?.firebase_id ?? null;
  if (!uid) uid = await accountFor(auth, target);
  else if (target.kind === "email")
    await auth.adminAuth.updateUser(uid, { emailVerified: true }).catch(() => {});
  const who = await identity(() => auth.signInAsUser(uid!));
  const user = await profileFor(
    db,
    { ...who, ...(target.kind === "phone" ? { phoneNumber: target.value } : {}) },
    target.kind === "email" ? "email" : "phone",
  );
  return signedInAnswer(who, user);
}

async function accountFor(
  auth: AuthService,
  target: { kind: "email" | "phone"; value: string },
): Promise<string> {
  const admin = auth.adminAuth;
  try {
    return (
      target.kind === "email"
        ? await admin.getUserByEmail(target.value)
        : await admin.getUserByPhoneNumber(target.value)
    ).uid;
  } catch (e) {
    if ((e as { code?: string }).code !== "auth/user-not-found") throw e;
  }
  const made =
    target.kind === "email"
      ? await admin.createUser({ email: target.value, emailVerified: true })
      : await admin.createUser({ phoneNumber: target.value });
  return made.uid;
}

/**
 * A number proven through the provider's phone sign-in that a profile already holds (registered
 * with email and this number): the person lands on that profile, and the number moves to its
 * account so the next phone sign-in goes there directly.
 */
export async function claimByPhone(
  db: Database,
  auth: AuthService,
  who: FederatedResult,
): Promise<FederatedResult> {
  if (!who.phoneNumber || (await findByFirebaseId(db, who.uid))) return who;
  const holder = await profileHolding(db, { kind: "phone", value: who.phoneNumber });
  if (!holder?.firebase_id || holder.firebase_id === who.uid) return who;
  if (who.isNewUser) {
    await auth.adminAuth.deleteUser(who.uid).catch(() => {});
    await auth.adminAuth.updateUser(holder.firebase_id, { phoneNumber: who.phoneNumber }).catch(() => {});
  }
  return identity(() => auth.signInAsUser(holder.firebase_id!));
}
