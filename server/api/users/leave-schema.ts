// Leaving (decision 022): what `delete_user` accepts, the page's confirmation, and their messages.
// The page and the API share these, so the words a person reads are the same wherever they are refused.
import { z } from "zod";
import { idOf } from "../contract/ids";

export const LEAVE_MESSAGES = {
  notYours: "You can only delete your own account",
  stale: "For your safety, please sign in again before deleting your account",
  lastAdmin: "You are the only admin. Make another account an admin before deleting yours",
  confirm: "Type DELETE to confirm",
  deleted: "Your account has been deleted",
  identityFailed: "Your data was deleted, but your sign-in could not be removed. Please try again",
} as const;

/**
 * A sign-in this recent counts as fresh: deleting an account needs the person at the keyboard now,
 * not a session cookie left open for two weeks on a shared computer. Five minutes is the window
 * Firebase itself gives for sensitive changes (and for starting a session), long enough to read the
 * page and download one's data after signing in.
 */
export const FRESH_SIGN_IN_SECONDS = 5 * 60;

/** Whether a sign-in at `authTime` (seconds since the epoch) is still fresh at `now` (milliseconds). */
export function isFreshSignIn(authTime: number, now = Date.now()): boolean {
  return authTime > 0 && now / 1000 - authTime <= FRESH_SIGN_IN_SECONDS;
}

/** The name a deleted account shows where others still see it (their conversations, the accounts). */
export const DELETED_ACCOUNT_NAME = "Deleted account";

/**
 * `delete_user` takes nothing: it is always the caller's own account. An id that names someone else
 * (in any of the spellings other calls use) is refused rather than ignored, so a client that meant
 * to delete another person never deletes its own user instead.
 */
export const deleteUserSchema = z.object({
  userid: idOf("userid").optional(),
  user_id: idOf("user_id").optional(),
  id: idOf("id").optional(),
});

/** The name of the "Download my data" file: the site and the day. */
export const myDataFileName = (at = new Date()) =>
  `souq-estate-my-data-${at.toISOString().slice(0, 10)}.json`;

/** The words that confirm, in either language of the site (trimmed, any case). */
const CONFIRM_WORDS = ["delete", "حذف"];

/** The page's form: the person types DELETE (or «حذف» on the Arabic page). */
export const deleteAccountFormSchema = z.object({
  confirm: z
    .string({ error: LEAVE_MESSAGES.confirm })
    .trim()
    .refine((v) => CONFIRM_WORDS.includes(v.toLowerCase()), LEAVE_MESSAGES.confirm),
});
