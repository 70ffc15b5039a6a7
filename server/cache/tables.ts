// Which tables a statement reads or writes, found by name in its text: the names come from the
// schema, so a table added there is known here without a list to keep. A column that happens to
// share a table's name only makes an entry depend on one table more (dropped a little more often),
// never less.
import { getTableName, isTable } from "drizzle-orm";
import * as schema from "../db/schema";

export const TABLES: ReadonlySet<string> = new Set(
  Object.values(schema)
    .filter((value) => isTable(value))
    .map((table) => getTableName(table)),
);

const WORD = /[a-z_][a-z0-9_]*/g;

/** Adds the schema's tables that `statement` names to `into`. */
export function tablesIn(statement: string, into: Set<string>): void {
  for (const [word] of statement.toLowerCase().matchAll(WORD)) if (TABLES.has(word)) into.add(word);
}

const WRITE_START = /^\s*(insert|update|delete|truncate|merge)\b/i;
const WRITE_IN_CTE = /\b(insert\s+into|delete\s+from|update\s+"?[a-z_]+"?\s+(as\s+\w+\s+)?set)\b/i;

const WRITTEN =
  /\b(?:insert\s+into|delete\s+from|update|truncate(?:\s+table)?|merge\s+into)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/**
 * The tables `statement` changes rows of (insert into, update, delete from, truncate, merge into).
 * What a piece of work wrote is not what its answer shows: a listing's page counts a view (a row
 * of rate_limits, the view counter) and is the same page whatever that count says.
 */
export function writtenTables(statement: string): Set<string> {
  const out = new Set<string>();
  if (!writes(statement)) return out;
  for (const [, name] of statement.matchAll(WRITTEN)) {
    const table = name!.toLowerCase();
    if (TABLES.has(table)) out.add(table);
  }
  return out;
}

/** Whether `statement` changes rows (a plain write, or a WITH whose parts write). */
export function writes(statement: string): boolean {
  if (WRITE_START.test(statement)) return true;
  return /^\s*with\b/i.test(statement) && WRITE_IN_CTE.test(statement);
}
