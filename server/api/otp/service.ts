// One-time codes of our own (spec get-otp / verify-otp): six digits, kept only as a keyed hash,
// valid for ten minutes, at most five tries, and only the newest code of a target counts.
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { otpCodes } from "../../db/schema";
import { derivedSecret, env } from "../../runtime/env.server";
import { ApiError } from "../envelope";
import { limitIdentity } from "../sign-in/limits";
import { assertCanDeliver, deliverCode, type Delivery } from "./delivery";
import { OTP_MESSAGES } from "./schema";
import { logger } from "../../observability/log";

export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_TRIES = 5;
/** Codes asked for one address or number, and from one visitor, per window. */
export const OTP_LIMITS = {
  perTarget: { max: 5, windowSeconds: 60 * 60 },
  perIp: { max: 20, windowSeconds: 60 * 60 },
  /** Guesses from one visitor across all targets, so nobody walks through many people's codes. */
  checksPerIp: { max: 30, windowSeconds: 60 * 60 },
};

/** Keyed by a server secret and bound to the target: a stolen table gives no codes, and one person's code never fits another. */
function hashCode(target: string, code: string): string {
  const secret = env().OTP_SECRET ?? derivedSecret("otp");
  return createHmac("sha256", secret).update(`${target}\n${code}`).digest("hex");
}

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** Makes a fresh code for the target, retires its older ones, and sends it. */
export async function issueCode(
  db: Database,
  target: { kind: "email" | "phone"; value: string },
  clientIp: string,
  deps: Delivery,
  code = newCode(),
) {
  assertCanDeliver(target.kind, deps);
  await limitIdentity(db, { key: `otp:ip:${clientIp}`, ...OTP_LIMITS.perIp });
  await limitIdentity(db, { key: `otp:to:${target.value}`, ...OTP_LIMITS.perTarget });
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    await tx
      .update(otpCodes)
      .set({ consumed_at: now })
      .where(and(eq(otpCodes.target, target.value), isNull(otpCodes.consumed_at)));
    const [r] = await tx
      .insert(otpCodes)
      .values({
        target: target.value,
        code_hash: hashCode(target.value, code),
        expires_at: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
      })
      .returning({ id: otpCodes.id });
    return r!;
  });
  try {
    await deliverCode(target.kind, target.value, code, deps);
  } catch (e) {
    // A code nobody received must not stay usable.
    await db.update(otpCodes).set({ consumed_at: new Date() }).where(eq(otpCodes.id, row.id));
    if (e instanceof ApiError) throw e;
    logger().error({ err: e }, "One-time code delivery failed");
    throw new ApiError(503, OTP_MESSAGES.unavailable);
  }
}

type Outcome = "ok" | "wrong" | "expired" | "exhausted" | "used";

/**
 * Checks a code against the newest code of the target (older ones are retired). A wrong guess is counted (and kept,
 * even though the answer is a refusal); the fifth wrong guess retires the code; a right one is
 * used up, so the same code never signs in twice.
 */
export async function checkCode(db: Database, target: string, code: string, clientIp: string): Promise<void> {
  await limitIdentity(db, { key: `otp:check:${clientIp}`, ...OTP_LIMITS.checksPerIp });
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .select()
      .from(otpCodes)
      .where(eq(otpCodes.target, target))
      .orderBy(desc(otpCodes.id))
      .limit(1)
      .for("update");
    if (!row) return "expired";
    if (row.attempts >= OTP_MAX_TRIES) return "exhausted";
    if (row.consumed_at) return "used";
    if (row.expires_at.getTime() <= Date.now()) return "expired";
    const expected = Buffer.from(row.code_hash, "hex");
    const given = Buffer.from(hashCode(target, code), "hex");
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      await tx.update(otpCodes).set({ consumed_at: new Date() }).where(eq(otpCodes.id, row.id));
      return "ok";
    }
    const attempts = row.attempts + 1;
    await tx
      .update(otpCodes)
      .set({ attempts, ...(attempts >= OTP_MAX_TRIES ? { consumed_at: new Date() } : {}) })
      .where(eq(otpCodes.id, row.id));
    return attempts >= OTP_MAX_TRIES ? "exhausted" : "wrong";
  });
  if (outcome === "ok") return;
  const message = OTP_MESSAGES[outcome];
  throw new ApiError(outcome === "exhausted" ? 429 : 400, message, { otp: [message] });
}
