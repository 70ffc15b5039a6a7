// Answers of the owner's calls: their own listings of every status, the people interested in them,
// the dashboard in numbers, and the changes an owner may make.
import { z } from "zod";
import { count, dateTime, Image, int, ListingStatus, named, RequestStatus } from "../output";
import { PropertyStatus, PropertyType, RentDuration } from "./property/output";
import { ProjectType } from "./project/output";
import { placeOutput } from "./edit-output";

/** Whether a listing is featured now ("live"), waiting for approval ("pending"), or neither (null). */
export const Featured = z.enum(["live", "pending"]).nullable();

const OwnCategory = z.object({ id: int, category: z.string(), slug_id: z.string() });

/** One of the caller's properties, whatever its status, with its numbers. */
export const AddedProperty = z.object({
  id: int,
  slug_id: z.string(),
  title: z.string(),
  price: z.number(),
  property_type: PropertyType,
  rentduration: RentDuration.nullable(),
  category: OwnCategory,
  ...placeOutput,
  address: z.string(),
  title_image: Image.nullable(),
  is_premium: z.boolean(),
  request_status: RequestStatus,
  /** Why the admin rejected it (only while rejected). */
  reject_reason: z.string().nullable(),
  status: ListingStatus,
  property_status: PropertyStatus,
  total_click: count,
  favourites_count: count,
  interested_count: count,
  featured: Featured,
  created_at: dateTime,
  updated_at: dateTime,
});

/** One of the caller's projects, whatever its status. */
export const AddedProject = z.object({
  featured: Featured,
  id: int,
  slug_id: z.string(),
  title: z.string(),
  type: ProjectType,
  category: OwnCategory,
  ...placeOutput,
  location: z.string(),
  image: Image.nullable(),
  request_status: RequestStatus,
  reject_reason: z.string().nullable(),
  status: ListingStatus,
  created_at: dateTime,
  updated_at: dateTime,
});

/** A person interested in one of the caller's properties, and since when. */
export const InterestedPerson = z.object({
  id: int,
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  profile: z.string().nullable(),
  created_at: dateTime,
});

const ListingCounts = {
  total: count,
  pending: count,
  approved: count,
  rejected: count,
  active: count,
  inactive: count,
  /** Approved and switched on: what the public sees. */
  live: count,
};

const RecentChange = {
  id: int,
  slug_id: z.string(),
  title: z.string(),
  request_status: RequestStatus,
  status: ListingStatus,
  updated_at: dateTime,
};

/** Contact details revealed to people (leads, decision 023), by kind. */
export const LeadCounts = named(
  "LeadCounts",
  z.object({ phone: count, email: count, whatsapp: count, total: count }),
  "Contact reveals (leads) by kind",
);

/** The owner's leads: totals, their profile's, and a page of their listings with views, reveals and conversations. */
export const Leads = z.object({
  /** Every reveal of the owner's contact, on listings and on their profile. */
  totals: LeadCounts,
  /** Reveals on the agent's or developer's profile page. */
  profile: LeadCounts,
  /** How many listings (properties and projects) the owner has: `listings` is one page of them. */
  listings_total: count,
  listings: z.array(
    z.object({
      kind: z.enum(["property", "project"]),
      id: int,
      slug_id: z.string(),
      title: z.string(),
      /** Views of a property (total_click); null for a project, whose views are not counted. */
      views: count.nullable(),
      reveals: LeadCounts,
      /** People who chatted with the owner about the property; null for a project (chat is about properties). */
      conversations: count.nullable(),
    }),
  ),
});

export const Dashboard = z.object({
  properties: z.object({
    ...ListingCounts,
    sold: count,
    rented: count,
    views: count,
    favourites: count,
    interested: count,
  }),
  projects: z.object(ListingCounts),
  /** The five listings changed last. */
  recent: z.array(
    z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("property"), ...RecentChange, property_status: PropertyStatus }),
      z.object({ kind: z.literal("project"), ...RecentChange, property_status: z.null() }),
    ]),
  ),
  /** Per listing: views, contact reveals and conversations (a page of them: offset, limit). */
  leads: Leads,
});

export const StatusChanged = z.object({ id: int, status: ListingStatus });
export const PropertyStatusChanged = z.object({ id: int, property_status: PropertyStatus });
