// Answers of leaving (decision 022): what `delete_user` says, and the person's own data as
// `export-my-data` gives it (the "Download my data" file).
import { z } from "zod";
import { dateTime, int, minor, named, VerificationStatus } from "../output";
import { Profile } from "./output";

/** `delete_user`: the profile that was deleted (null when the identity account had none here). */
export const DeletedAccount = z.object({ id: int.nullable() });

const Listed = z.object({ id: int, slug_id: z.string(), title: z.string() });

/** What a property and a project of the person's share in the export. */
const MyListing = z.object({
  id: int,
  slug_id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  video_link: z.string().nullable(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  meta_keywords: z.string().nullable(),
  request_status: z.string(),
  status: z.string(),
  reject_reason: z.string().nullable(),
  /** The largest WebP of every photo, in gallery order. */
  photos: z.array(z.string()),
  meta_image: z.string().nullable(),
  documents: z.array(z.object({ name: z.string(), url: z.string() })),
  created_at: dateTime,
  updated_at: dateTime,
});

const MyProperty = MyListing.extend({
  property_type: z.string(),
  rentduration: z.string().nullable(),
  price: z.number(),
  address: z.string(),
  client_address: z.string().nullable(),
  is_premium: z.boolean(),
  property_status: z.string(),
  total_click: int,
  three_d_image: z.string().nullable(),
  parameters: z.array(z.object({ name: z.string(), value: z.string() })),
  facilities: z.array(z.object({ name: z.string(), distance: z.number() })),
});

const MyProject = MyListing.extend({
  type: z.string(),
  location: z.string(),
  image: z.string().nullable(),
  plans: z.array(z.object({ title: z.string(), url: z.string() })),
});

const MyMessage = z.object({
  message_id: int,
  /** Sent by the person (true) or to them (false). */
  sent: z.boolean(),
  message: z.string().nullable(),
  /** Attachments are named here; the files themselves open from the conversation. */
  file_name: z.string().nullable(),
  voice_message: z.boolean(),
  is_deleted: z.boolean(),
  read_at: dateTime.nullable(),
  created_at: dateTime,
});

export const MyData = named(
  "MyData",
  z.object({
    exported_at: dateTime,
    profile: Profile.extend({
      /** The identity provider's id of the account. */
      auth_id: z.string(),
      /** The push token of the browser that gets this person's notifications. */
      fcm_id: z.string().nullable(),
    }),
    properties: z.array(MyProperty),
    projects: z.array(MyProject),
    favourites: z.array(Listed.extend({ created_at: dateTime })),
    interests: z.array(Listed.extend({ created_at: dateTime })),
    advertisements: z.array(
      z.object({
        id: int,
        feature_for: z.string(),
        property_id: int.nullable(),
        project_id: int.nullable(),
        status: z.string(),
        start_date: dateTime,
        end_date: dateTime,
        created_at: dateTime,
      }),
    ),
    /** Every conversation the person is in, with the messages of both sides, oldest first. */
    conversations: z.array(
      z.object({
        with: z.object({ id: int, name: z.string() }),
        property: Listed,
        messages: z.array(MyMessage),
      }),
    ),
    notifications: z.array(
      z.object({
        id: int,
        type: z.string(),
        title: z.string(),
        body: z.string(),
        link: z.string().nullable(),
        read_at: dateTime.nullable(),
        created_at: dateTime,
      }),
    ),
    payments: z.array(
      z.object({
        id: int,
        order_id: z.string(),
        package: z.string(),
        amount_minor: minor,
        currency: z.string(),
        payment_gateway: z.string(),
        platform_type: z.string(),
        status: z.string(),
        gateway_reference: z.string().nullable(),
        reason: z.string().nullable(),
        created_at: dateTime,
        updated_at: dateTime,
      }),
    ),
    packages: z.array(
      z.object({
        id: int,
        package: z.string(),
        start_at: dateTime,
        end_at: dateTime,
        features: z.array(z.object({ type: z.string(), total: int.nullable(), used: int })),
      }),
    ),
    reports: z.array(
      z.object({
        id: int,
        property_id: int.nullable(),
        to_user_id: int.nullable(),
        to_admin: z.boolean(),
        reason: z.string().nullable(),
        other_message: z.string().nullable(),
        status: z.string(),
        created_at: dateTime,
      }),
    ),
    blocked: z.array(
      z.object({
        to_user_id: int.nullable(),
        name: z.string().nullable(),
        to_admin: z.boolean(),
        reason: z.string().nullable(),
        created_at: dateTime,
      }),
    ),
    verification_applications: z.array(
      z.object({
        id: int,
        status: VerificationStatus,
        reason: z.string().nullable(),
        created_at: dateTime,
        decided_at: dateTime.nullable(),
        answers: z.array(
          z.object({ field: z.string(), value: z.string().nullable(), file_name: z.string().nullable() }),
        ),
      }),
    ),
    contact_messages: z.array(
      z.object({ id: int, subject: z.string(), message: z.string(), created_at: dateTime }),
    ),
    /** Owners' contact details this person asked to see. */
    contact_reveals: z.array(
      z.object({
        kind: z.string(),
        owner_id: int,
        property_id: int.nullable(),
        project_id: int.nullable(),
        day: z.string(),
      }),
    ),
  }),
  "Everything held about the signed-in person: profile, listings, favourites, conversations, notifications, payments, packages, reports, verification",
);
