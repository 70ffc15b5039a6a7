// Users: the marketplace's own profile of a Firebase account.
import { eq, sql } from "drizzle-orm";
import { giveStarterPackage } from "../packages/service";
import { readSettings } from "../settings/calls";
import type { z } from "zod";
import type { Executor } from "../../db/client.server";
import { users } from "../../db/schema";
import { ApiError, forbidden } from "../envelope";
import type { updateProfileSchema, userSignupSchema } from "./schema";

export type UserRow = typeof users.$inferSelect;

export async function findByFirebaseId(db: Executor, firebaseId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.firebase_id, firebaseId)).limit(1);
  return row ?? null;
}

/** Keeps the row's team flag in step with the identity provider's admin claim. */
export async function markAdmin(db: Executor, userId: number, admin: boolean) {
  await db.update(users).set({ is_admin: admin }).where(eq(users.id, userId));
}

/** What the API shows of a user: never the Firebase id of someone else. */
export function publicUser(u: UserRow) {
  const { firebase_id: _f, fcm_id: _t, is_admin: _a, ...rest } = u;
  return { ...rest, profile_completed: isProfileComplete(u) };
}

/** Spec §5: a profile is complete with name, email, mobile, profile image and address. */
const REQUIRED_FOR_LISTING = ["name", "email", "mobile", "profile", "address"] as const;
type ListingFields = Pick<UserRow, (typeof REQUIRED_FOR_LISTING)[number]>;

/** What is still missing before this person may list (empty when complete). */
export function missingForListing(u: ListingFields): (typeof REQUIRED_FOR_LISTING)[number][] {
  return REQUIRED_FOR_LISTING.filter((k) => typeof u[k] !== "string" || u[k]!.trim() === "");
}

export function isProfileComplete(u: ListingFields): boolean {
  return missingForListing(u).length === 0;
}

/**
 * Creates the profile of a freshly signed-up Firebase account, or returns the existing one:
 * calling it twice (a retried request) must not create two users.
 */
export async function signup(db: Executor, firebaseUid: string, input: z.output<typeof userSignupSchema>) {
  if (input.auth_id !== firebaseUid) throw forbidden("auth_id does not match the signed-in account");
  const existing = await findByFirebaseId(db, firebaseUid);
  if (existing) return existing;
  if (input.email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${input.email})`)
      .limit(1);
    if (taken) throw new ApiError(400, "Email already in use", { email: ["Email already in use"] });
  }
  // The new profile and its starter package are one step: never an account without its package.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        firebase_id: firebaseUid,
        name: input.name,
        email: input.email ?? null,
        mobile: input.mobile ?? null,
        logintype: input.logintype,
        type: input.type,
        address: input.address ?? null,
        profile: input.profile ?? null,
        fcm_id: input.fcm_id ?? null,
      })
      .returning();
    // Until packages can be bought, every new account can list a few things (a setting).
    const settings = await readSettings(tx);
    if (settings.starter_package) await giveStarterPackage(tx, row!.id);
    return row!;
  });
}

export async function updateProfile(
  db: Executor,
  me: UserRow,
  isAdmin: boolean,
  input: z.output<typeof updateProfileSchema>,
): Promise<UserRow> {
  const { userid, firebase_id: _ignored, ...fields } = input;
  // Nobody edits someone else's profile; an admin may.
  if (userid !== undefined && userid !== me.id && !isAdmin)
    throw forbidden("You can only update your own profile");
  const target = userid ?? me.id;
  const values = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  if (values.email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${values.email as string}) and ${users.id} <> ${target}`)
      .limit(1);
    if (taken) throw new ApiError(400, "Email already in use", { email: ["Email already in use"] });
  }
  const emailTaken = () => new ApiError(400, "Email already in use", { email: ["Email already in use"] });
  const [row] = await db
    .update(users)
    .set({ ...values, updated_at: new Date() })
    .where(eq(users.id, target))
    .returning()
    // Two people claiming one address at the same moment: the unique index decides, the loser hears why.
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? emailTaken() : error;
    });
  if (!row) throw new ApiError(404, "User not found");
  return row;
}

/** PostgreSQL's unique_violation, however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === "23505") return true;
  }
  return false;
}
