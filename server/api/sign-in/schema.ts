// Payloads of the sign-in calls beyond email and password: password reset, email link, phone code
// and federated sign-in. Messages are the spec's (§5) where it has one.
import { z } from "zod";
import { email, password } from "../users/schema";
import { otpCode, phoneNumber } from "../otp/schema";

export const SIGN_IN_MESSAGES = {
  resetSent: "If an account exists for this email, we have sent a link to reset the password",
  passwordChanged: "Your password has been changed. You can sign in with it now",
  linkSent: "We have sent a sign-in link to your email. Open it on this device to sign in",
  badLink: "This link is invalid or has already been used. Please ask for a new one",
} as const;

/** A code from a mailed link (Firebase's oobCode): opaque, but never empty or huge. */
const oobCode = z
  .string({ error: SIGN_IN_MESSAGES.badLink })
  .trim()
  .min(1, SIGN_IN_MESSAGES.badLink)
  .max(2000, SIGN_IN_MESSAGES.badLink);

/** A path on this site (where a mailed link comes back to); never another site. */
const sitePath = z
  .string()
  .max(300)
  .refine(
    (v) => v.startsWith("/") && !v.startsWith("//") && !v.startsWith("/\\") && !/[\u0000-\u001f]/.test(v),
    "Must be a path on this site",
  );

export const forgotPasswordSchema = z.object({ email, continue_path: sitePath.optional() });

export const resetCodeSchema = z.object({ oobCode });

export const resetPasswordSchema = z
  .object({ oobCode, password, re_password: z.string({ error: "Passwords do not match" }) })
  .refine((v) => v.password === v.re_password, {
    path: ["re_password"],
    message: "Passwords do not match",
    when: (payload) => {
      const v = payload.value as { password?: unknown; re_password?: unknown };
      return typeof v?.password === "string" && typeof v?.re_password === "string";
    },
  });

export const emailLinkSchema = z.object({ email, continue_path: sitePath });

export const emailLinkLoginSchema = z.object({ email, oobCode });

/** How a phone code travels: the identity provider's own, or ours (get-otp) where it cannot be used. */
export const phoneVia = z.enum(["firebase", "otp"]);

export const phoneCodeSchema = z.object({
  mobile: phoneNumber,
  /** The browser's reCAPTCHA answer; the provider wants one in production. */
  recaptcha_token: z.string().max(10_000).optional(),
});

export const phoneLoginSchema = z
  .object({
    mobile: phoneNumber,
    otp: otpCode,
    via: phoneVia,
    session_info: z.string().max(5000).optional(),
  })
  .refine((v) => v.via === "otp" || Boolean(v.session_info), {
    path: ["otp"],
    message: "The code has expired. Please ask for a new one",
  });

export const PROVIDERS = ["google.com"] as const;

export const idpAuthUriSchema = z.object({
  provider_id: z.enum(PROVIDERS),
  /** Our callback address (checked against this site's origin). */
  continue_uri: z.url(),
});

export const idpLoginSchema = z.object({
  /** The callback address the provider came back to, with its query. */
  request_uri: z.url(),
  session_id: z.string().max(5000).optional(),
});

export const signInProfileSchema = z.object({
  logintype: z.enum(["email", "phone", "google", "email_link"]),
});
