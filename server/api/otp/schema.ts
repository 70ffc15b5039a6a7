// Payloads of the spec's own one-time codes (§7): get-otp (number or email) and verify-otp
// (number, email, otp). Messages are the spec's (§5) where it has one.
import { z } from "zod";
import { email } from "../users/schema";

export const OTP_MESSAGES = {
  missing: "Please enter OTP first",
  wrong: "The code is wrong. Please check it and try again",
  expired: "The code has expired. Please ask for a new one",
  exhausted: "Too many wrong codes. Please ask for a new one",
  used: "This code has already been used. Please ask for a new one",
  sent: "We have sent you a code. It is valid for 10 minutes",
  unavailable: "Codes cannot be sent right now. Please sign in another way",
  target: "Phone number is required",
} as const;

/**
 * A phone number as the identity provider keeps it (E.164): a plus, the country code and the
 * number; spaces, dashes and brackets typed in between are dropped.
 */
export const phoneNumber = z
  .string({ error: "Phone number is required" })
  .trim()
  .min(1, "Phone number is required")
  .transform((v) => v.replace(/[\s\-().]/g, ""))
  .refine((v) => /^\+[1-9][0-9]{6,14}$/.test(v), "Phone number is invalid");

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** Whom a code goes to: a phone number or an email address, never both. */
const target = z
  .object({
    number: z.preprocess(blankToUndefined, phoneNumber.optional()),
    email: z.preprocess(blankToUndefined, email.optional()),
  })
  .superRefine((v, ctx) => {
    if (!v.number && !v.email)
      ctx.addIssue({ code: "custom", path: ["number"], message: OTP_MESSAGES.target });
    if (v.number && v.email)
      ctx.addIssue({
        code: "custom",
        path: ["email"],
        message: "Send either a phone number or an email address",
      });
  });

export const getOtpSchema = target;

export const otpCode = z
  .string({ error: OTP_MESSAGES.missing })
  .trim()
  .superRefine((v, ctx) => {
    // One message at a time: an empty field is not also a wrong code.
    if (!v) ctx.addIssue({ code: "custom", message: OTP_MESSAGES.missing });
    else if (!/^[0-9]{6}$/.test(v)) ctx.addIssue({ code: "custom", message: OTP_MESSAGES.wrong });
  });

export const verifyOtpSchema = z
  .object({
    number: z.preprocess(blankToUndefined, phoneNumber.optional()),
    email: z.preprocess(blankToUndefined, email.optional()),
    otp: otpCode,
  })
  .superRefine((v, ctx) => {
    if (!v.number && !v.email)
      ctx.addIssue({ code: "custom", path: ["number"], message: OTP_MESSAGES.target });
    if (v.number && v.email)
      ctx.addIssue({
        code: "custom",
        path: ["email"],
        message: "Send either a phone number or an email address",
      });
  });

/** The stored form of a target: email in lower case, number in E.164. */
export function targetOf(v: { number?: string; email?: string }): { kind: "email" | "phone"; value: string } {
  return v.email
    ? { kind: "email", value: v.email.trim().toLowerCase() }
    : { kind: "phone", value: v.number! };
}
