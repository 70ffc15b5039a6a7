// What the root route's loader gives every page (app/root.tsx fills it in): declared here, below the
// features, so that components and shared hooks can read it without importing the root route.
import type { CallData } from "~server/api/calls";
import type { publicEnv } from "~server/runtime/env.server";
import type { Locale } from "./i18n";
import type { getSiteSettings } from "./settings.server";
import type { Toast } from "./toast.server";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";

export interface RootData {
  locale: Locale;
  /** Where the browser gets this language's translations (a file cached for a year), not the translations themselves. */
  dictionary: string;
  viewer: { name: string | null; email: string | null; admin: boolean } | null;
  /** The header's badges: unread messages and notifications. */
  unread: CallData<"get-unread-counts"> | null;
  toast: Toast | null;
  env: ReturnType<typeof publicEnv>;
  /** Absolute URLs in canonical links and previews; PUBLIC_ORIGIN wins behind a proxy. */
  origin: string;
  settings: Awaited<ReturnType<typeof getSiteSettings>>;
  /** The honeypot's field names and encrypted "valid from", for the forms anyone may post (decision 055). */
  honeypot: HoneypotInputProps;
}
