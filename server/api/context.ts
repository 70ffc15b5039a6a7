import type { Database, DatabaseHandle } from "../db/client.server";
import type { FileStorage } from "../media/storage.server";
import type { AuthService, Principal } from "../auth/firebase.server";
import type { UserRow } from "./users/service";
import type { Mailer } from "./contact/mailer";
import type { SmsSender } from "./otp/delivery";
import { ApiError } from "./envelope";
import { GATES } from "./packages/contract";

export interface ApiDeps {
  db: Database;
  auth: AuthService;
  storage: FileStorage;
  /** Outgoing mail, when configured. */
  mailer?: Mailer | null;
  /** Outgoing text messages (sign-in codes), when configured. */
  sms?: SmsSender | null;
  /** LISTEN/NOTIFY of the database (live chat, web push); absent where nothing live is needed. */
  listen?: DatabaseHandle["listen"];
  /**
   * How long a shared read's copy (and a person's own) may answer, in seconds: SHARED_READ_SECONDS
   * for the server; absent (nothing kept) where a test makes its own API.
   */
  sharedReadSeconds?: number;
}

export interface ApiContext extends ApiDeps {
  /** The verified caller, if a token came with the request. */
  principal: Principal | null;
  /** The caller's row in users, when they have one. */
  user: UserRow | null;
  /** Language for translated names (categories, parameters, facilities). */
  lang: string;
  request: Request;
  /** The visitor's address, for rate limits (set by the HTTP front, never by the client). */
  clientIp: string;
}

/**
 * The caller's profile here. A Firebase account without one (signed up, profile never saved) cannot
 * hold packages, favourites or reports yet: the spec's profile message says what to do.
 */
export function member(ctx: ApiContext) {
  if (!ctx.user) throw new ApiError(403, GATES.profile.message);
  return ctx.user;
}
