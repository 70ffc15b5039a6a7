// What a compatibility handler works with: the app's fields as read, a way to run our calls as the
// same caller, and where addresses are made absolute.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { ApiDeps } from "../context";
import type { Dispatched } from "../run";
import type { CallName } from "../calls";
import type { Place } from "./shapes";

export type Fields = Record<string, any>;

export interface Body {
  error: boolean;
  message: string;
  data?: any;
  [extra: string]: unknown;
}

export interface Compat {
  deps: ApiDeps;
  request: Request;
  fields: Fields;
  place: Place;
  /** The bearer token as the app sent it, unless it is one of the apps' stand-ins for none ("undefined"). */
  token: string | null;
  /** Runs one of our calls as this caller (same token, language and address), with these fields. */
  call(
    name: CallName,
    fields: Fields,
    options?: { ignore?: readonly string[]; token?: string | null },
  ): Promise<Dispatched>;
}

/** A refusal the apps show: HTTP 200, `error: true`, the message (decision 025). */
export class CompatError extends Error {
  constructor(
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Sent by the apps on many calls and never needed: their own bookkeeping, or what the token already says. */
export const IGNORED_EVERYWHERE = ["current_user", "country_code"] as const;

/** Our answer, or the refusal the app shows. */
export function expectOk(d: Dispatched): {
  message: string;
  data: any;
  total?: number;
  errors?: Record<string, string[]>;
} {
  if (d.body.error)
    throw new CompatError(d.body.message, {
      ...(d.body.errors ? { errors: d.body.errors } : {}),
      code: d.status,
    });
  return d.body;
}
