// Limits on everything that signs in, makes an account or sends a code, per visitor address and per
// account, counted in the database so several instances share them (rate-limit.ts). A refusal is
// 429 with the identity provider's own code, so every form shows the provider's "too many" message.
import type { Executor } from "../../db/client.server";
import { ApiError } from "../envelope";
import { forgive, hit, record, TOO_MANY_MESSAGE, type Limit } from "../rate-limit";

export const TOO_MANY_CODE = "TOO_MANY_ATTEMPTS_TRY_LATER";
const refusal = () => new ApiError(429, TOO_MANY_MESSAGE, { _identity: [TOO_MANY_CODE] });

const QUARTER_HOUR = 15 * 60;
const HOUR = 60 * 60;

export const IDENTITY_LIMITS = {
  /** Wrong passwords for one account: after these, that account's sign-in waits (right password too). */
  failedSignInsPerAccount: { max: 10, windowSeconds: QUARTER_HOUR },
  /** Wrong passwords from one visitor across all accounts, so nobody sprays one password over many. */
  failedSignInsPerIp: { max: 30, windowSeconds: QUARTER_HOUR },
  /** New accounts from one visitor: Firebase's own quota for account creation per address. */
  registrationsPerIp: { max: 100, windowSeconds: HOUR },
  /** Tries at registering one address (a taken address answers "already in use": no probing at speed). */
  registrationsPerAccount: { max: 10, windowSeconds: HOUR },
  /** Mail and text messages sent on a visitor's word (reset links, sign-in links, codes). */
  messagesPerIp: { max: 20, windowSeconds: HOUR },
  messagesPerAccount: { max: 5, windowSeconds: HOUR },
  /** Codes and reset links tried from one visitor. */
  codeChecksPerIp: { max: 30, windowSeconds: HOUR },
} satisfies Record<string, Omit<Limit, "key">>;

const normal = (account: string) => account.trim().toLowerCase();

/** Counts one hit; refuses with the provider's "too many" code once the allowance is used. */
export async function limitIdentity(db: Executor, limit: Limit) {
  await hit(db, limit, { _identity: [TOO_MANY_CODE] });
}

const failedKeys = (account: string, ip: string) =>
  [
    [`sign-in-failed:to:${normal(account)}`, IDENTITY_LIMITS.failedSignInsPerAccount],
    [`sign-in-failed:ip:${ip}`, IDENTITY_LIMITS.failedSignInsPerIp],
  ] as const;

/**
 * Before a password sign-in: the attempt counts at once, so a burst of parallel guesses cannot all
 * pass before the first failure is known. Refused while this account or this visitor has failed too
 * often. An attempt that did not fail on the credentials is taken back (`signInDidNotFail`).
 */
export async function startSignInAttempt(db: Executor, account: string, ip: string) {
  let over = false;
  for (const [key, limit] of failedKeys(account, ip))
    if ((await record(db, key, limit.windowSeconds)) > limit.max) over = true;
  if (over) throw refusal();
}

/** The attempt succeeded, or failed for another reason than the password: it does not count. */
export async function signInDidNotFail(db: Executor, account: string, ip: string) {
  for (const [key, limit] of failedKeys(account, ip)) await forgive(db, key, limit.windowSeconds);
}

/** Codes the provider answers when the password or the account is wrong. */
export const FAILED_SIGN_IN_CODES = new Set([
  "INVALID_PASSWORD",
  "INVALID_LOGIN_CREDENTIALS",
  "INVALID_CREDENTIAL",
  "EMAIL_NOT_FOUND",
  "USER_NOT_FOUND",
  "INVALID_EMAIL",
]);

export async function limitRegistration(db: Executor, account: string, ip: string) {
  await limitIdentity(db, { key: `register:ip:${ip}`, ...IDENTITY_LIMITS.registrationsPerIp });
  await limitIdentity(db, {
    key: `register:to:${normal(account)}`,
    ...IDENTITY_LIMITS.registrationsPerAccount,
  });
}

/** A message sent on a visitor's word: a few per account and per visitor, so nobody floods an inbox or a phone. */
export async function limitMessages(db: Executor, kind: string, account: string, ip: string) {
  await limitIdentity(db, { key: `${kind}:ip:${ip}`, ...IDENTITY_LIMITS.messagesPerIp });
  await limitIdentity(db, { key: `${kind}:to:${normal(account)}`, ...IDENTITY_LIMITS.messagesPerAccount });
}

export async function limitCodeChecks(db: Executor, kind: string, ip: string) {
  await limitIdentity(db, { key: `${kind}:ip:${ip}`, ...IDENTITY_LIMITS.codeChecksPerIp });
}
