// Sign-in beyond email and password, done by the server through the identity provider's REST API
// so every form works without JavaScript (decision 004): password reset, email link, phone code and
// federated sign-in. Each sign-in answers with an ID token for the session and the profile, which
// the first sign-in makes.
import { defineCall, postedToo } from "../call";
import { ApiError } from "../envelope";
import type { Executor } from "../../db/client.server";
import { limitCodeChecks, limitMessages } from "./limits";
import { siteOrigin } from "../payments/purchase";
import { issueCode, checkCode } from "../otp/service";
import { publicUser } from "../users/service";
import { claimByPhone, identity, profileFor, signInByTarget, signedInAnswer } from "./service";
import { IdpAuthUri, PhoneCodeSent, ResetEmail, SignedIn, SignInProfile } from "./output";
import { z } from "zod";
import {
  SIGN_IN_MESSAGES,
  emailLinkLoginSchema,
  emailLinkSchema,
  forgotPasswordSchema,
  idpAuthUriSchema,
  idpLoginSchema,
  phoneCodeSchema,
  phoneLoginSchema,
  resetCodeSchema,
  resetPasswordSchema,
  signInProfileSchema,
} from "./schema";

async function limitMail(ctx: { db: Executor; clientIp: string }, kind: string, target: string) {
  await limitMessages(ctx.db, kind, target, ctx.clientIp);
}

/** Spec `forgot-password (email)`: answers the same whether or not the address has an account. */
export const forgotPassword = defineCall({
  name: "forgot-password",
  method: "GET",
  access: "public",
  tag: "sign-in",
  summary: "Mail a password-reset link (the same answer for every address)",
  input: forgotPasswordSchema,
  output: z.null(),
  errorStatuses: [429],
  async handler(input, ctx) {
    await limitMail(ctx, "reset", input.email);
    const continueUrl = `${siteOrigin(ctx)}${input.continue_path ?? "/login"}`;
    await identity(() => ctx.auth.sendPasswordReset(input.email, continueUrl));
    return { data: null, message: SIGN_IN_MESSAGES.resetSent };
  },
});

export const passwordResetCode = defineCall({
  name: "password-reset-code",
  method: "GET",
  access: "public",
  tag: "sign-in",
  summary: "Check a password-reset code without using it: the address it is for",
  input: resetCodeSchema,
  output: ResetEmail,
  errorStatuses: [429],
  async handler(input, ctx) {
    await limitCodeChecks(ctx.db, "reset-code", ctx.clientIp);
    const email = await identity(() => ctx.auth.checkPasswordResetCode(input.oobCode));
    return { data: { email } };
  },
});

/** password-reset-code with the code in the body, kept out of access logs and histories. */
export const passwordResetCodeByPost = postedToo(passwordResetCode, "password-reset-code-post");

export const resetPassword = defineCall({
  name: "reset-password",
  method: "POST",
  access: "public",
  tag: "sign-in",
  summary: "Set a new password with the code of a reset link",
  input: resetPasswordSchema,
  output: ResetEmail,
  errorStatuses: [429],
  async handler(input, ctx) {
    await limitCodeChecks(ctx.db, "reset-password", ctx.clientIp);
    const email = await identity(() => ctx.auth.resetPassword(input.oobCode, input.password));
    return { data: { email }, message: SIGN_IN_MESSAGES.passwordChanged };
  },
});

export const emailLink = defineCall({
  name: "email-link",
  method: "POST",
  access: "public",
  tag: "sign-in",
  summary: "Mail a sign-in link that comes back to continue_path on this site",
  input: emailLinkSchema,
  output: z.null(),
  errorStatuses: [429],
  async handler(input, ctx) {
    await limitMail(ctx, "email-link", input.email);
    await identity(() => ctx.auth.sendSignInLink(input.email, `${siteOrigin(ctx)}${input.continue_path}`));
    return { data: null, message: SIGN_IN_MESSAGES.linkSent };
  },
});

export const emailLinkLogin = defineCall({
  name: "email-link-login",
  method: "POST",
  access: "public",
  tag: "sign-in",
  summary: "Sign in with the code of a mailed link and the address it was sent to",
  input: emailLinkLoginSchema,
  output: SignedIn,
  errorStatuses: [429],
  async handler(input, ctx) {
    await limitCodeChecks(ctx.db, "email-link-login", ctx.clientIp);
    const who = await identity(() => ctx.auth.signInWithEmailLink(input.email, input.oobCode));
    const user = await profileFor(ctx.db, who, "email_link");
    return { data: signedInAnswer(who, user), message: "Login Successfully" };
  },
});

/**
 * Sends a code to a phone number. The provider's phone sign-in needs a reCAPTCHA answer from the
 * browser (not against the emulator); without one — no JavaScript — our own code (get-otp) goes
 * by text message instead. `via` tells the form which one to check.
 */
export const phoneCode = defineCall({
  name: "phone-code",
  method: "POST",
  access: "public",
  tag: "sign-in",
  summary: "Text a sign-in code to a phone number",
  input: phoneCodeSchema,
  output: PhoneCodeSent,
  errorStatuses: [429, 503],
  async handler(
    input,
    ctx,
  ): Promise<{ data: { via: "firebase" | "otp"; session_info: string | null }; message: string }> {
    if (ctx.auth.usesEmulator || input.recaptcha_token) {
      await limitMail(ctx, "phone", input.mobile);
      const sessionInfo = await identity(() => ctx.auth.sendPhoneCode(input.mobile, input.recaptcha_token));
      return { data: { via: "firebase", session_info: sessionInfo }, message: "We have sent you a code" };
    }
    await issueCode(ctx.db, { kind: "phone", value: input.mobile }, ctx.clientIp, ctx);
    return { data: { via: "otp", session_info: null }, message: "We have sent you a code" };
  },
});

export const phoneLogin = defineCall({
  name: "phone-login",
  method: "POST",
  access: "public",
  tag: "sign-in",
  summary: "Sign in with the code texted to a phone number",
  input: phoneLoginSchema,
  output: SignedIn,
  errorStatuses: [429],
  async handler(input, ctx) {
    if (input.via === "otp") {
      await checkCode(ctx.db, input.mobile, input.otp, ctx.clientIp);
      return {
        data: await signInByTarget(ctx.db, ctx.auth, { kind: "phone", value: input.mobile }),
        message: "Login Successfully",
      };
    }
    // The provider counts wrong codes itself; this keeps one visitor from guessing across many sessions.
    await limitCodeChecks(ctx.db, "phone-login", ctx.clientIp);
    const first = await identity(() => ctx.auth.signInWithPhone(input.session_info!, input.otp));
    const who = await claimByPhone(ctx.db, ctx.auth, first);
    const user = await profileFor(
      ctx.db,
      { ...who, phoneNumber: who.phoneNumber ?? first.phoneNumber },
      "phone",
    );
    return { data: signedInAnswer(who, user), message: "Login Successfully" };
  },
});

/** Where to send the browser to sign in with a provider, without JavaScript. */
export const idpAuthUri = defineCall({
  name: "idp-auth-uri",
  method: "POST",
  access: "public",
  tag: "sign-in",
  summary: "The provider's sign-in address for a redirect, and the session id to bring back",
  input: idpAuthUriSchema,
  output: IdpAuthUri,
  errorStatuses: [429],
  async handler(input, ctx) {
    if (new URL(input.continue_uri).origin !== siteOrigin(ctx))
      throw new ApiError(400, "continue_uri must be on this site", {
        continue_uri: ["continue_uri must be on this site"],
      });
    const r = await identity(() => ctx.auth.createAuthUri(input.provider_id, input.continue_uri));
    return { data: { auth_uri: r.authUri, session_id: r.sessionId } };
  },
});

export const idpLogin = defineCall({
  name: "idp-login",
  method: "POST",
  access: "public",
  tag: "sign-in",
  summary: "Finish a provider sign-in with the address it came back to",
  input: idpLoginSchema,
  output: SignedIn,
  errorStatuses: [429],
  async handler(input, ctx) {
    const who = await identity(() =>
      ctx.auth.signInWithIdp({ requestUri: input.request_uri, sessionId: input.session_id }),
    );
    const user = await profileFor(ctx.db, who, "google");
    return { data: signedInAnswer(who, user), message: "Login Successfully" };
  },
});

/**
 * After the browser signed in with the provider's SDK itself (Google's pop-up), the profile of
 * that account, made the first time from what the provider knows.
 */
export const signInProfile = defineCall({
  name: "sign-in-profile",
  method: "POST",
  access: "user",
  tag: "sign-in",
  summary: "The signed-in account's profile, made on its first sign-in",
  input: signInProfileSchema,
  output: SignInProfile,
  async handler(input, ctx) {
    const account = await ctx.auth.adminAuth.getUser(ctx.principal!.uid);
    const user = await profileFor(
      ctx.db,
      {
        uid: account.uid,
        email: account.email ?? null,
        phoneNumber: account.phoneNumber ?? null,
        displayName: account.displayName ?? null,
        photoUrl: account.photoURL ?? null,
      },
      input.logintype,
    );
    return { data: { user: publicUser(user) } };
  },
});
