// Answers about people: a person's own profile, and the public profile of an agent or developer.
import { z } from "zod";
import { dateTime, int, named, VerificationStatus } from "../output";

/** A person's own profile (publicUser): every column but the Firebase id and push token. */
export const Profile = named(
  "Profile",
  z.object({
    id: int,
    name: z.string(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
    profile: z.string().nullable(),
    address: z.string().nullable(),
    logintype: z.string(),
    type: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    about_me: z.string().nullable(),
    facebook_id: z.string().nullable(),
    twiiter_id: z.string().nullable(),
    instagram_id: z.string().nullable(),
    youtube_id: z.string().nullable(),
    notification: z.boolean(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().nullable(),
    is_active: z.boolean(),
    deactivated_reason: z.string().nullable(),
    deactivated_at: dateTime.nullable(),
    verification_status: VerificationStatus,
    /** An admin made them a photographer: they may be assigned shoots and build those listings' tours. */
    is_photographer: z.boolean(),
    /** When the person deleted their account (the row stays, emptied); null for everyone who can sign in. */
    deleted_at: dateTime.nullable(),
    created_at: dateTime,
    updated_at: dateTime,
    /** Name, email, mobile, photo and address are all there (spec §5: needed to list). */
    profile_completed: z.boolean(),
  }),
  "A person's own profile",
);

/** Of name, email, mobile, profile (photo) and address: those still missing before the person may list. */
export const MissingField = z.enum(["name", "email", "mobile", "profile", "address"]);

/** `get-profile`: the own profile and what it lacks for listing. */
export const OwnProfile = Profile.extend({ missing: z.array(MissingField) });

/** What anyone may see of an agent or developer. */
export const PublicProfile = z.object({
  id: int,
  name: z.string(),
  profile: z.string().nullable(),
  type: z.string(),
  about_me: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  /** Null except to the person themself and admins: others ask `reveal-contact` with `user_id` (decision 023). */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  /** There is a phone number (phone, WhatsApp) or an email address to ask for. */
  has_mobile: z.boolean(),
  has_email: z.boolean(),
  facebook_id: z.string().nullable(),
  twiiter_id: z.string().nullable(),
  instagram_id: z.string().nullable(),
  youtube_id: z.string().nullable(),
  /** The person's agent verification succeeded. */
  is_verified: z.boolean(),
});

/** `user-register`: the new profile and an ID token for the session. */
export const Registered = z.object({ user: Profile, token: z.string() });

/** `user-login`: an ID token for the session cookie, and the account's uid. */
export const LoginToken = z.object({ token: z.string(), uid: z.string() });
