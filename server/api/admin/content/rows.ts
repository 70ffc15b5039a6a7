// What saving and deleting a content row always does: the row locked (or a 404 when it is gone),
// written, and its one audit line (`<kind>.create|update|delete`, before and after) in the same
// transaction; a slug asked for, or made from the English name, unique in its table.
import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "../../../db/client.server";
import type { ApiContext } from "../../context";
import { notFound } from "../../envelope";
import { freeSlug, slugify } from "../../contract/slug";
import { isUniqueViolation } from "../../users/service";
import { audit } from "../audit";
import { inUse, onField } from "./fields";

/** A content table: rows with a numeric id. */
type ContentTable = PgTable & { id: PgColumn };
type Row<T extends ContentTable> = T["$inferSelect"] & { id: number };
type Who = Pick<ApiContext, "principal" | "user">;

// drizzle's builders do not follow a table passed as a type parameter; the rows come back as the table's own.
/* eslint-disable @typescript-eslint/no-explicit-any -- the builders' results, typed by each caller */
const loose = (db: Executor) =>
  db as unknown as {
    select: (...a: unknown[]) => any;
    update: (t: PgTable) => any;
    insert: (t: PgTable) => any;
    delete: (t: PgTable) => any;
  };
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The row to change, locked until the save commits; undefined for a new row; a 404 when the id is gone. */
export async function lockedRow<T extends ContentTable>(
  tx: Executor,
  table: T,
  id: number | undefined,
  missing: string,
): Promise<Row<T> | undefined> {
  if (!id) return undefined;
  const [row] = await loose(tx).select().from(table).where(eq(table.id, id)).for("update").limit(1);
  if (!row) throw notFound(missing);
  return row as Row<T>;
}

/** Inserts the row (no `before`) or changes it, with its audit line. */
export async function writeRow<T extends ContentTable>(
  tx: Executor,
  ctx: Who,
  table: T,
  kind: string,
  before: Row<T> | undefined,
  values: Partial<T["$inferInsert"]>,
): Promise<Row<T>> {
  const db = loose(tx);
  const [after] = before
    ? await db.update(table).set(values).where(eq(table.id, before.id)).returning()
    : await db.insert(table).values(values).returning();
  await audit(tx, ctx, {
    action: before ? `${kind}.update` : `${kind}.create`,
    target_type: kind,
    target_id: after.id,
    before: before ?? null,
    after,
  });
  return after as Row<T>;
}

/** The place after the last row of a list ordered by `sequence` (0 for the first). */
export async function nextPlace(tx: Executor, table: PgTable, sequence: PgColumn): Promise<number> {
  const [last] = await loose(tx)
    .select({ n: sql<number>`coalesce(max(${sequence}) + 1, 0)::int` })
    .from(table);
  return last?.n ?? 0;
}

/** How many rows of `table` match (the rows that still use what is being deleted). */
export async function countOf(tx: Executor, table: PgTable, where: SQL): Promise<number> {
  const [row] = await loose(tx)
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return row?.n ?? 0;
}

/** Deletes a row nothing uses: locked, counted (`uses`), refused with `inUseMessage` while used, audited. */
export async function deleteUnused<T extends ContentTable>(
  tx: Executor,
  ctx: Who,
  table: T,
  id: number,
  o: {
    kind: string;
    missing: string;
    uses: () => Promise<number>;
    inUseMessage: string;
    recorded?: (before: Row<T>) => Promise<unknown>;
  },
) {
  const before = (await lockedRow(tx, table, id, o.missing))!;
  if ((await o.uses()) > 0) throw inUse(o.inUseMessage);
  const recorded = o.recorded ? await o.recorded(before) : before;
  await loose(tx).delete(table).where(eq(table.id, id));
  await audit(tx, ctx, {
    action: `${o.kind}.delete`,
    target_type: o.kind,
    target_id: id,
    before: recorded,
    after: null,
  });
}

/** Deletes a row outright (nothing refers to it), with its audit line; the row as it was. */
export async function deleteRow<T extends ContentTable>(
  tx: Executor,
  ctx: Who,
  table: T,
  id: number,
  o: { kind: string; missing: string },
): Promise<Row<T>> {
  const [before] = await loose(tx).delete(table).where(eq(table.id, id)).returning();
  if (!before) throw notFound(o.missing);
  await audit(tx, ctx, {
    action: `${o.kind}.delete`,
    target_type: o.kind,
    target_id: id,
    before,
    after: null,
  });
  return before as Row<T>;
}

/** The slug the form asked for, made a slug; null when none was asked; a 400 when nothing is left of it. */
export function askedSlug(slugId: string | undefined): string | null {
  if (!slugId) return null;
  const asked = slugify(slugId);
  if (!asked) throw onField("slug_id", "A slug needs letters or digits");
  return asked;
}

/**
 * The row's slug: the one asked for (refused with `takenMessage` when another row has it), else the
 * row's own, else a free one made from `name`.
 */
export async function slugFor(
  tx: Executor,
  table: ContentTable & { slug_id: PgColumn },
  o: {
    asked: string | null;
    id?: number;
    current?: string;
    name: string;
    fallback: string;
    takenMessage: string;
  },
): Promise<string> {
  // Another row's slug, this row excepted.
  const taken = async (slug: string) =>
    (
      await loose(tx)
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.slug_id, slug), o.id ? ne(table.id, o.id) : undefined))
        .limit(1)
    ).length > 0;
  if (o.asked) {
    if (await taken(o.asked)) throw onField("slug_id", o.takenMessage);
    return o.asked;
  }
  return o.current ?? (await freeSlug(slugify(o.name) || o.fallback, taken));
}

/** Two saves racing for one slug: the unique index decides, and the loser is told on the field. */
export function slugRace(error: unknown, takenMessage: string): unknown {
  return isUniqueViolation(error) ? onField("slug_id", takenMessage) : error;
}
