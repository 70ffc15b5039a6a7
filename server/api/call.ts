// A call of the API: its name (spec §7, spelt as written), method, input schema and handler.
// The same definition drives routing, validation, the typed client and the OpenAPI document.
import type { z } from "zod";
import type { ApiContext } from "./context";

/** admin: a signed-in person whose token carries the Firebase custom claim `admin` (decision 019). */
export type Access = "public" | "optional" | "user" | "admin";

export interface CallResult<T> {
  data: T;
  message?: string;
  total?: number;
  status?: number;
}

export interface CallDef<Name extends string, In extends z.ZodType, Out> {
  name: Name;
  method: "GET" | "POST";
  access: Access;
  summary: string;
  tag: string;
  input: In;
  /** Reshapes the raw query or body before validation (e.g. URL-friendly filter names). */
  prepare?: (raw: Record<string, unknown>) => Record<string, unknown>;
  handler: (input: z.output<In>, ctx: ApiContext) => Promise<CallResult<Out>>;
  /**
   * Open to an account an admin switched off, which is otherwise refused every change: the spec's
   * message asks that person to contact the admin, so the contact form must still reach them.
   */
  openToDeactivated?: boolean;
}

export function defineCall<Name extends string, In extends z.ZodType, Out>(def: CallDef<Name, In, Out>) {
  return def;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCall = CallDef<string, z.ZodType, any>;
