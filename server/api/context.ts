import type { Database } from "../db/client.server";
import type { FileStorage } from "../media/storage.server";
import type { AuthService, Principal } from "../auth/firebase.server";
import type { UserRow } from "./users/service";
import type { Mailer } from "./contact/mailer";

export interface ApiDeps {
  db: Database;
  auth: AuthService;
  storage: FileStorage;
  /** Outgoing mail, when configured. */
  mailer?: Mailer | null;
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
