// Answers of the sign-in calls: an ID token for the session and the person's profile.
import { z } from "zod";
import { Profile } from "../users/output";

/** A finished sign-in: the ID token for the session cookie, the account, whether it is new, and the profile. */
export const SignedIn = z.object({ token: z.string(), uid: z.string(), is_new: z.boolean(), user: Profile });

/** The address a password-reset code is for. */
export const ResetEmail = z.object({ email: z.string() });

/** `phone-code`: which code was sent (the identity provider's, with its session, or our own). */
export const PhoneCodeSent = z.object({
  via: z.enum(["firebase", "otp"]),
  session_info: z.string().nullable(),
});

export const IdpAuthUri = z.object({ auth_uri: z.string(), session_id: z.string() });

export const SignInProfile = z.object({ user: Profile });
