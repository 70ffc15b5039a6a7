// The values of the database's enumerated types that the API's schemas also accept. The tables
// (server/db/schema.ts) build their enums from these lists, so a form and a column cannot disagree.
export const PROPERTY_TYPES = ["sell", "rent"] as const;
export const REQUEST_STATUSES = ["pending", "approved", "rejected"] as const;
export const LISTING_STATUSES = ["active", "inactive"] as const;
export const PROPERTY_STATUSES = ["available", "sold", "rented"] as const;
export const PROJECT_TYPES = ["under_construction", "upcoming"] as const;
export const CONTACT_KINDS = ["phone", "email", "whatsapp"] as const;
/** How a listing answers a detail (parameter) of its category. */
export const PARAMETER_TYPES = [
  "number",
  "text",
  "dropdown",
  "radio",
  "checkbox",
  "textarea",
  "file",
] as const;
/** What a report reason is about: a listing, or a person (also offered about the team). */
export const REPORT_REASON_FOR = ["listing", "person"] as const;
