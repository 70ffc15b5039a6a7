// The value codes of apps built on the eBroker contract, and ours (decision 025). Each function takes
// what such an app sends and gives what our calls take; anything else is passed on unchanged, so our
// own validation still answers with its message.
import { propertyKindOf, type PropertyKind } from "../contract/property-kinds";

/**
 * `property_type` of one listing: 0 sell, 1 rent (2 sold and 3 rented are states, see `saleState`).
 * A filter by kind, which may name both, is read by `propertyKindFilter`.
 */
export function propertyType(v: unknown): unknown {
  return propertyKindOf(v) ?? v;
}

/**
 * The kinds a saved filter names, as their apps read them back: a list of codes (the web app asks
 * `property_type.includes("0")`, the Flutter app casts it to a list), or "" for either.
 */
export function propertyTypeCodes(kind: PropertyKind | null | undefined): string[] | "" {
  return kind === "sell" ? ["0"] : kind === "rent" ? ["1"] : "";
}

/** `rentduration`: the apps' "Daily", "Monthly", "Quarterly", "Yearly" (any case). */
export function rentDuration(v: unknown): unknown {
  return typeof v === "string" ? v.trim().toLowerCase() : v;
}

/**
 * `update_property_status` `status`: 0 available to buy, 1 available to rent, 2 sold, 3 rented.
 * We keep whether a listing is for sale or rent apart from whether it is still available.
 */
export function saleState(v: unknown): unknown {
  const s = String(v).trim().toLowerCase();
  return (
    {
      "0": "available",
      "1": "available",
      "2": "sold",
      "3": "rented",
      sell: "available",
      rent: "available",
      sold: "sold",
      rented: "rented",
    }[s] ?? v
  );
}

/** `change-property-status` / `change-project-status` `status`: 1 active, 0 inactive. */
export function activeState(v: unknown): unknown {
  const s = String(v).trim().toLowerCase();
  return s === "1" || s === "true" || s === "active"
    ? "active"
    : s === "0" || s === "false" || s === "inactive"
      ? "inactive"
      : v;
}

/** `user_signup` `type` / `logintype`: 0 Google, 1 phone, 2 Apple, 3 email and password. */
export function loginType(v: unknown): "google" | "phone" | "apple" | "email" | undefined {
  const s = String(v ?? "")
    .trim()
    .toLowerCase();
  return (
    {
      "0": "google",
      "1": "phone",
      "2": "apple",
      "3": "email",
      google: "google",
      phone: "phone",
      apple: "apple",
      email: "email",
    } as const
  )[s];
}

/** Our login type → the apps' code (a string, as their server stored it). */
export function loginTypeCode(v: string): string {
  return { google: "0", phone: "1", apple: "2", email: "3", email_link: "3" }[v] ?? "3";
}

/** `posted_since`: 0 last week, 1 yesterday, 2 last month, 3 last three months (4, six months, is the nearest: three). */
export function postedSince(v: unknown): unknown {
  const s = String(v).trim();
  return (
    {
      "0": "last_week",
      "1": "yesterday",
      "2": "last_month",
      "3": "last_3_months",
      "4": "last_3_months",
      anytime: undefined,
      lastWeek: "last_week",
      yesterday: "yesterday",
    }[s] ?? v
  );
}

/** A flag as the apps send it: "1", "true", 1, true. */
export function isOn(v: unknown): boolean {
  return v === true || v === 1 || v === "1" || v === "true";
}

/**
 * Text the web app sends for "nothing" because it stringifies JavaScript values into a form:
 * "null", "undefined", "[object Object]", "[object Blob]". None of them is anything a person typed.
 */
export function isJunk(v: unknown): boolean {
  return (
    v === "null" ||
    v === "undefined" ||
    v === "[object Object]" ||
    v === "[object Blob]" ||
    v === "[object File]"
  );
}

/** Our sale state and offer → the apps' word: sell, rent, sold, rented. */
export function offerWord(propertyTypeValue: string, status: string | null | undefined): string {
  if (status === "sold" || status === "rented") return status;
  return propertyTypeValue;
}

/** The apps show rent periods capitalised ("Monthly"), as their admin panel stored them. */
export function rentWord(v: string | null | undefined): string {
  return v ? v.charAt(0).toUpperCase() + v.slice(1) : "";
}
