// Answers of the photo session calls (owner, photographer and admin).
import { z } from "zod";
import { photoSessionStatusEnum } from "../../db/schema";
import { count, dateTime, int, named } from "../output";

export const PhotoSessionStatus = named(
  "PhotoSessionStatus",
  z.enum(photoSessionStatusEnum.enumValues),
  "Where a shoot stands: requested by the owner, assigned to a photographer, submitted (the tour is ready for review), changes_requested, approved (the tour is published) or cancelled",
);

const Someone = z.object({ id: int, name: z.string() });

export const PhotoSession = named(
  "PhotoSession",
  z.object({
    id: int,
    status: PhotoSessionStatus,
    property: z.object({
      id: int,
      title: z.string(),
      slug_id: z.string(),
      city: z.string().nullable(),
      link: z.string(),
    }),
    owner: Someone,
    photographer: Someone.nullable(),
    /** The listing's tour, made when a photographer is assigned. */
    tour_id: int.nullable(),
    /** Where the tour is built (the owner previews it there too). */
    tour_editor_link: z.string(),
    /** The tour has a room with a picture: it can be marked as done. */
    tour_ready: z.boolean(),
    /** The owner's words for the photographer: preferred times, access. */
    request_note: z.string().nullable(),
    photographer_note: z.string().nullable(),
    /** The owner's last review: what to change, or a word of thanks. */
    review_note: z.string().nullable(),
    /** 1 to 5 stars the owner gave the photographer's work. */
    rating: int.nullable(),
    assigned_at: dateTime.nullable(),
    submitted_at: dateTime.nullable(),
    reviewed_at: dateTime.nullable(),
    created_at: dateTime,
    updated_at: dateTime,
  }),
  "A photo shoot of a property: who asked, who shoots, the tour it builds and where the review stands",
);

const SomeoneWithEmail = Someone.extend({ email: z.string().nullable() });

/** `admin/photo-sessions`: the session with the people's email addresses, to reach them. */
export const AdminPhotoSession = named(
  "AdminPhotoSession",
  PhotoSession.extend({ owner: SomeoneWithEmail, photographer: SomeoneWithEmail.nullable() }),
  "A photo shoot as the admin console lists it",
);

/** `admin/photographers`: a person with the role and how their work goes. */
export const Photographer = named(
  "Photographer",
  z.object({
    id: int,
    name: z.string(),
    email: z.string().nullable(),
    is_active: z.boolean(),
    /** Assigned, submitted or sent back for changes. */
    active_sessions: count,
    completed_sessions: count,
    /** Mean of the owners' ratings (1 decimal), null before the first. */
    average_rating: z.number().nullable(),
    ratings: count,
  }),
  "A photographer: open and finished shoots, and the owners' average rating",
);

/** `admin/set-photographer`: the person's role after the change. */
export const PhotographerRole = z.object({ id: int, is_photographer: z.boolean() });
