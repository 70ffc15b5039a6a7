// Payloads of the user calls (spec §3). Messages are the spec's (§5), word for word.
import { z } from "zod";

// E.164-ish: optional +, 7 to 15 digits, spaces and dashes allowed between digits.
const PHONE = /^\+?[0-9][0-9\s-]{5,18}[0-9]$/;
const digits = (v: string) => v.replace(/\D/g, "").length;

/** The account's name: the spec's "Username" (§5), as registration, sign-up and the profile ask for it. */
export const name = z
  .string({ error: "Username is required" })
  .trim()
  .min(1, "Username is required")
  .max(120);
export const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .pipe(z.email("Email address is invalid"));
export const mobile = z
  .string({ error: "Phone number is required" })
  .trim()
  .min(1, "Phone number is required")
  .refine((v) => PHONE.test(v) && digits(v) >= 7 && digits(v) <= 15, "Phone number is invalid");
export const password = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(6, "Password must be 6 characters or more");

/** Registration form (spec §3 "Registration"); also the body of `user-register`. */
export const registrationFields = z.object({
  name,
  email,
  mobile,
  password,
  re_password: z.string({ error: "Passwords do not match" }),
});
export const registrationSchema = registrationFields.refine((v) => v.password === v.re_password, {
  path: ["re_password"],
  message: "Passwords do not match",
  // Check the pair even while other fields are wrong, so every mistake shows at once.
  when: (payload) => {
    const v = payload.value as { password?: unknown; re_password?: unknown };
    return typeof v?.password === "string" && typeof v?.re_password === "string";
  },
});

/** Registration when the browser created the Firebase account itself: no password reaches us. */
export const registrationProfileSchema = registrationFields.omit({ password: true, re_password: true });

/** Sign-in form: email and password. */
export const signInSchema = z.object({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});

const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v === "" ? undefined : v));
/** On update: left out keeps the value, "" or null clears it (a form's emptied field). */
const clearableText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === "" ? null : v));
/** A photo's address: our own uploads or a web address (a Google account's photo, say), nothing else. */
const photoAddress = z
  .string()
  .trim()
  .max(1000, "at most 1000 characters")
  .refine(
    (v) => v.startsWith("/uploads/") || /^https?:\/\/[^\s]+$/i.test(v),
    "Please choose a JPEG or PNG photo",
  );
const optionalNumber = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number().min(min).max(max).optional(),
  );
const flag = z.preprocess(
  (v) => (v === "" || v === undefined ? undefined : v === true || v === "1" || v === "true" || v === 1),
  z.boolean().optional(),
);

/** `user_signup` (spec §3 "User signup"): creates the caller's profile after Firebase sign-up. */
export const userSignupSchema = z.object({
  name,
  email: email.optional(),
  mobile: mobile.optional(),
  auth_id: z.string({ error: "auth_id is required" }).min(1, "auth_id is required"),
  logintype: z.enum(["email", "phone", "google", "apple", "email_link"]).default("email"),
  type: z.enum(["user", "agent", "owner", "developer"]).default("user"),
  address: optionalText(),
  profile: optionalText(1000),
  fcm_id: optionalText(4096),
});

/** `update_profile` (spec §3 "Profile update"). Fields left out keep their value; optional text sent empty is cleared. */
export const updateProfileSchema = z.object({
  userid: optionalNumber(1, 2 ** 31 - 1),
  name: name.optional(),
  email: email.optional(),
  mobile: mobile.optional(),
  type: z.enum(["user", "agent", "owner", "developer"]).optional(),
  address: clearableText(),
  firebase_id: optionalText(200),
  logintype: z.enum(["email", "phone", "google", "apple", "email_link"]).optional(),
  /** A photo (multipart upload) or the address of one. An empty file input or text means "no change". */
  profile: z.preprocess(
    (v) => ((v instanceof File && v.size === 0) || v === "" ? undefined : v),
    z.union([z.file(), photoAddress]).optional(),
  ),
  latitude: optionalNumber(-90, 90),
  longitude: optionalNumber(-180, 180),
  about_me: clearableText(2000),
  facebook_id: clearableText(200),
  twiiter_id: clearableText(200),
  instagram_id: clearableText(200),
  youtube_id: clearableText(200),
  fcm_id: optionalText(4096),
  notification: flag,
  city: clearableText(120),
  state: clearableText(120),
  country: clearableText(120),
});

/** The profile's text fields a person may empty again. */
export const CLEARABLE_PROFILE_FIELDS = [
  "address",
  "about_me",
  "facebook_id",
  "twiiter_id",
  "instagram_id",
  "youtube_id",
  "city",
  "state",
  "country",
] as const;
