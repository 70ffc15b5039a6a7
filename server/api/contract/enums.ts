// The values of the database's enumerated types that the API's schemas also accept. The tables
// (server/db/schema.ts) build their enums from these lists, so a form and a column cannot disagree.
export const PROPERTY_TYPES = ["sell", "rent"] as const;
export const REQUEST_STATUSES = ["pending", "approved", "rejected"] as const;
export const LISTING_STATUSES = ["active", "inactive"] as const;
export const PROPERTY_STATUSES = ["available", "sold", "rented"] as const;
export const PROJECT_TYPES = ["under_construction", "upcoming"] as const;
export const CONTACT_KINDS = ["phone", "email", "whatsapp"] as const;
