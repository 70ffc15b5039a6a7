// What a piece of work read from the database, gathered while it runs: every statement passes
// through the database driver's logger (server/db/client.server.ts), which tells the work under way
// which tables it named. A cached answer then knows what it depends on without anyone listing it,
// and a page made of cached answers inherits theirs (noteTables).
import { AsyncLocalStorage } from "node:async_hooks";
import { tablesIn, writes, writtenTables } from "./tables";

interface Trace {
  readonly tables: Set<string>;
  wrote: boolean;
  readonly parent: Trace | undefined;
}

const traces = new AsyncLocalStorage<Trace>();

export interface Traced<T> {
  value: T;
  /** The tables its statements named, and those of the cached answers it was given. */
  tables: ReadonlySet<string>;
  /** Whether any of its statements changed rows. */
  wrote: boolean;
}

/** Runs `work`, gathering what it reads; an enclosing trace gathers the same. */
export async function traced<T>(work: () => Promise<T>): Promise<Traced<T>> {
  const trace: Trace = { tables: new Set(), wrote: false, parent: traces.getStore() };
  const value = await traces.run(trace, work);
  return { value, tables: trace.tables, wrote: trace.wrote };
}

/** The driver's logger: a statement about to run. Costs nothing when no work is traced. */
export function noteStatement(statement: string): void {
  let trace = traces.getStore();
  if (!trace) return;
  const named = new Set<string>();
  tablesIn(statement, named);
  const wrote = writes(statement);
  // A table written is no table read: what the work shows depends on what it read. (Work that wrote
  // is never kept as a shared answer; a page that counts a view is kept.)
  if (wrote) for (const table of writtenTables(statement)) named.delete(table);
  for (; trace; trace = trace.parent) {
    for (const table of named) trace.tables.add(table);
    if (wrote) trace.wrote = true;
  }
}

/** A cached answer was used: what it was read from counts as read by the work under way. */
export function noteTables(tables: Iterable<string>): void {
  for (let trace = traces.getStore(); trace; trace = trace.parent)
    for (const table of tables) trace.tables.add(table);
}

/** The tables the traced work under way has read so far (empty outside any). */
export function currentTables(): ReadonlySet<string> {
  return traces.getStore()?.tables ?? new Set();
}
