// The spec's own one-time codes (§7 get-otp, verify-otp), for an email address or a phone number
// where the identity provider's phone sign-in is not used. A right code signs the person in.
import { defineCall, postedToo } from "../call";
import { getOtpSchema, OTP_MESSAGES, targetOf, verifyOtpSchema } from "./schema";
import { checkCode, issueCode } from "./service";
import { signInByTarget } from "../sign-in/service";
import { SignedIn } from "../sign-in/output";
import { z } from "zod";

export const getOtp = defineCall({
  name: "get-otp",
  method: "GET",
  access: "public",
  tag: "sign-in",
  summary: "Send a six-digit sign-in code to a phone number or an email address (valid 10 minutes)",
  input: getOtpSchema,
  output: z.null(),
  errorStatuses: [429, 503],
  async handler(input, ctx) {
    await issueCode(ctx.db, targetOf(input), ctx.clientIp, ctx);
    return { data: null, message: OTP_MESSAGES.sent };
  },
});

export const verifyOtp = defineCall({
  name: "verify-otp",
  method: "GET",
  access: "public",
  tag: "sign-in",
  summary:
    "Check a sign-in code; a right one signs in the profile holding the number or address (made the first time)",
  input: verifyOtpSchema,
  output: SignedIn,
  errorStatuses: [429],
  async handler(input, ctx) {
    const target = targetOf(input);
    await checkCode(ctx.db, target.value, input.otp, ctx.clientIp);
    return { data: await signInByTarget(ctx.db, ctx.auth, target), message: "Login Successfully" };
  },
});

/** verify-otp with the code in the body, kept out of access logs and histories. */
export const verifyOtpByPost = postedToo(verifyOtp, "verify-otp-post");
