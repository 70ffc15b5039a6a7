import { ONE_FILE_BODY_BYTES } from "../body-limit";
import { z } from "zod";
import { defineCall } from "../call";
import { ApiError, unauthorized } from "../envelope";
import { IdentityError } from "../../auth/firebase.server";
import {
  registrationProfileSchema,
  registrationSchema,
  updateProfileSchema,
  userSignupSchema,
} from "./schema";
import { findByFirebaseId, missingForListing, publicUser, signup, updateProfile } from "./service";
import { removeAvatar, storeAvatar } from "./avatar";
import { LoginToken, OwnProfile, Profile, Registered } from "./output";
import { assertNotDemoData } from "../listings/guards";
import {
  FAILED_SIGN_IN_CODES,
  limitRegistration,
  signInDidNotFail,
  startSignInAttempt,
  TOO_MANY_CODE,
} from "../sign-in/limits";

export const userSignup = defineCall({
  name: "user_signup",
  method: "POST",
  access: "user",
  tag: "users",
  summary: "Create (or return) the profile of the signed-in Firebase account",
  input: userSignupSchema,
  output: Profile,
  async handler(input, ctx) {
    const user = await signup(ctx.db, ctx.principal!.uid, input);
    return { data: publicUser(user), message: "User Register Successfully" };
  },
});

export const updateProfileCall = defineCall({
  name: "update_profile",
  maxBodyBytes: ONE_FILE_BODY_BYTES,
  method: "POST",
  access: "user",
  tag: "users",
  summary: "Update the signed-in user's profile",
  input: updateProfileSchema,
  output: Profile,
  errorStatuses: [401, 403, 404],
  async handler(input, ctx) {
    if (!ctx.user) throw unauthorized();
    if (input.userid !== undefined && input.userid !== ctx.user.id && !ctx.principal!.admin)
      throw new ApiError(403, "You can only update your own profile");
    const target = input.userid ?? ctx.user.id;
    await assertNotDemoData(ctx.db, target);
    const before = target === ctx.user.id ? ctx.user.profile : undefined;
    const profile =
      input.profile instanceof File ? await storeAvatar(ctx.storage, input.profile, target) : input.profile;
    let user;
    try {
      user = await updateProfile(ctx.db, ctx.user, ctx.principal!.admin, { ...input, profile });
    } catch (error) {
      // The new photo was written first; a refused update must not leave it behind.
      if (input.profile instanceof File && profile) await removeAvatar(ctx.storage, profile);
      throw error;
    }
    // The replaced photo is nobody's any more.
    if (input.profile !== undefined && before && before !== user.profile)
      await removeAvatar(ctx.storage, before);
    return { data: publicUser(user), message: "Profile Updated Successfully" };
  },
});

/**
 * `user-register`: the registration form without client-side Firebase. Creates the Firebase
 * account and the profile together; if the profile cannot be stored the account is removed again.
 */
export const userRegister = defineCall({
  name: "user-register",
  method: "POST",
  access: "public",
  tag: "users",
  summary: "Register with name, email, mobile and password",
  input: registrationSchema,
  output: Registered,
  errorStatuses: [429],
  async handler(input, ctx) {
    await limitRegistration(ctx.db, input.email, ctx.clientIp);
    let identity;
    try {
      identity = await ctx.auth.signUp(input.email, input.password, input.name);
    } catch (e) {
      if (e instanceof IdentityError) throw new ApiError(400, e.code, { _identity: [e.code] });
      throw e;
    }
    try {
      const user = await ctx.db.transaction((tx) =>
        signup(
          tx,
          identity.uid,
          userSignupSchema.parse({
            name: input.name,
            email: input.email,
            mobile: input.mobile,
            auth_id: identity.uid,
          }),
        ),
      );
      return {
        data: { user: publicUser(user), token: identity.idToken },
        message: "User Register Successfully",
      };
    } catch (e) {
      await ctx.auth.adminAuth.deleteUser(identity.uid).catch(() => {});
      throw e;
    }
  },
});

/**
 * `user-register-profile`: the registration form when the browser made the Firebase account itself
 * (JavaScript on). Creates the caller's profile; if it is refused (the email is taken…) the account,
 * which then has no profile here, is removed again so that the person can simply try again, as
 * `user-register` does. An account that has a profile is never removed.
 */
export const userRegisterProfile = defineCall({
  name: "user-register-profile",
  method: "POST",
  access: "user",
  tag: "users",
  summary:
    "Create the profile of the Firebase account the browser just registered (removed again if refused)",
  input: registrationProfileSchema,
  output: Profile,
  async handler(input, ctx) {
    const uid = ctx.principal!.uid;
    try {
      const user = await signup(
        ctx.db,
        uid,
        userSignupSchema.parse({ ...input, auth_id: uid, logintype: "email" }),
      );
      return { data: publicUser(user), message: "User Register Successfully" };
    } catch (e) {
      // Only when it is certain that the account has no profile: a failed read keeps it.
      const profile = await findByFirebaseId(ctx.db, uid).catch(() => undefined);
      if (profile === null) await ctx.auth.adminAuth.deleteUser(uid).catch(() => {});
      throw e;
    }
  },
});

/** Email and password sign-in; answers with an ID token for the session cookie. */
export const userLogin = defineCall({
  name: "user-login",
  method: "POST",
  access: "public",
  tag: "users",
  summary: "Sign in with email and password",
  input: z.object({ email: z.string().min(1), password: z.string().min(1) }),
  output: LoginToken,
  errorStatuses: [429],
  async handler(input, ctx) {
    await startSignInAttempt(ctx.db, input.email, ctx.clientIp);
    try {
      const identity = await ctx.auth.signIn(input.email, input.password);
      await signInDidNotFail(ctx.db, input.email, ctx.clientIp);
      return { data: { token: identity.idToken, uid: identity.uid }, message: "Login Successfully" };
    } catch (e) {
      if (!(e instanceof IdentityError) || !FAILED_SIGN_IN_CODES.has(e.code))
        await signInDidNotFail(ctx.db, input.email, ctx.clientIp);
      if (!(e instanceof IdentityError)) throw e;
      throw new ApiError(e.code === TOO_MANY_CODE ? 429 : 400, e.code, { _identity: [e.code] });
    }
  },
});

/** The signed-in person's own profile, with what is still missing for listing (spec §5). */
export const getProfile = defineCall({
  name: "get-profile",
  method: "GET",
  access: "user",
  tag: "users",
  summary:
    "The signed-in user's own profile and which of name, email, mobile, profile image and address are missing",
  input: z.object({}),
  output: OwnProfile,
  errorStatuses: [401],
  async handler(_input, ctx) {
    if (!ctx.user) throw unauthorized();
    return { data: { ...publicUser(ctx.user), missing: missingForListing(ctx.user) } };
  },
});
