// A PostgreSQL connection that keeps the statements it runs often prepared (decision 033).
//
// node-postgres sends every query as an unnamed statement, which the server parses and plans anew
// each time. A page runs a dozen short queries whose planning costs more than running them (a card
// query: 0.2 ms parse + 0.75 ms plan for 0.2 ms of work). A named statement is parsed once per
// connection, and the server keeps a generic plan once it is no worse than planning for the values.
//
// Not every statement is worth it, or safe to give a generic plan:
// - a text seen once (an ad-hoc or a migration's statement) stays unnamed; a name is given from the
//   PREPARE_AFTER-th time a text is seen in this process;
// - a connection holds at most PER_CONNECTION names, so that statements built from data (an `in`
//   list of every length) cannot grow the server's memory without bound;
// - search statements stay unnamed: their best plan depends on how common the values are (a rare
//   word against a common one), which a generic plan cannot know.
// DB_PREPARE=0 turns it off, for a pooler in transaction mode (PgBouncer before 1.21), where a
// connection's prepared statements are not there on the next transaction.
import { createHash } from "node:crypto";
import pg from "pg";

const PREPARE_AFTER = 3;
const PER_CONNECTION = 100;
/** Texts being counted at most; past it the count starts again, so ad-hoc texts cannot crowd out frequent ones. */
const TEXTS_COUNTED = 5_000;
/** Names given at most in a process: more than any connection could hold. */
const NAMES = 1_000;
/** Statements planned for their values each time: the search and what reads its tables. */
const PLANNED_EACH_TIME = /\b(listing_search|search_words)\b/;

const seen = new Map<string, number>();
const names = new Map<string, string>();

/** The name a statement text is prepared under, or undefined to keep it unnamed for now. */
export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known) return known;
  if (PLANNED_EACH_TIME.test(text)) return undefined;
  const count = (seen.get(text) ?? 0) + 1;
  if (count < PREPARE_AFTER) {
    if (seen.size >= TEXTS_COUNTED) seen.clear();
    seen.set(text, count);
    return undefined;
  }
  seen.delete(text);
  if (names.size >= NAMES) return undefined;
  const name = `q_${createHash("sha1").update(text).digest("base64url").slice(0, 20)}`;
  names.set(text, name);
  return name;
}

type QueryConfig = { text?: unknown; name?: string };

class Preparing extends pg.Client {
  readonly #prepared = new Set<string>();

  // node-postgres's overloads (text, values, callback, config, submittable) pass through untouched;
  // only a config object with a text and no name of its own is given one.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever the overload returns
  query(...args: unknown[]): any {
    const [config] = args;
    if (
      config &&
      typeof config === "object" &&
      typeof (config as QueryConfig).text === "string" &&
      !(config as QueryConfig).name &&
      !("submit" in config)
    ) {
      const name = statementName((config as { text: string }).text);
      if (name && (this.#prepared.has(name) || this.#prepared.size < PER_CONNECTION)) {
        this.#prepared.add(name);
        args[0] = { ...config, name };
      }
    }
    return (super.query as (...a: unknown[]) => unknown)(...args);
  }
}

/** node-postgres's Client, typed as such, whose frequent statements are prepared. */
export const PreparingClient = Preparing as unknown as typeof pg.Client;
