// Answers about featuring listings (advertisements).
import { z } from "zod";
import { advertisementStatusEnum } from "../../db/schema";
import { dateTime, Image, int, ListingStatus, named, RequestStatus } from "../output";
import { Properties } from "../listings/property/output";
import { ProjectCards } from "../listings/project/output";

/** Pending, approved (running), rejected, or expired once its end date has passed. */
export const AdvertisementStatus = z.enum(advertisementStatusEnum.enumValues);

/** An advertisement as its owner sees it. */
export const Advertisement = named(
  "Advertisement",
  z.object({
    id: int,
    feature_for: z.enum(["property", "project"]),
    property_id: int.nullable(),
    project_id: int.nullable(),
    status: AdvertisementStatus,
    start_date: dateTime,
    end_date: dateTime,
    /** Why the admin rejected it (only while rejected). */
    reject_reason: z.string().nullable(),
    created_at: dateTime,
  }),
  "An advertisement (a featured listing) as its owner sees it",
);

/** `get-advertisements`: the caller's advertisements with the listing each features. */
export const OwnAdvertisement = Advertisement.extend({
  listing: z
    .object({
      id: int,
      title: z.string(),
      slug_id: z.string(),
      request_status: RequestStatus,
      status: ListingStatus,
      title_image: Image.nullable(),
    })
    .nullable(),
});

/** `get-featured-data`: property cards (type=property) or project cards (type=project). */
export const FeaturedData = z.union([Properties, ProjectCards]);
