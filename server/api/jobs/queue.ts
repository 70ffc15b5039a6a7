// Background jobs as database rows (a tour's video, its 3D model, an import from another portal).
// A row outlives a restart and is done once across processes: a worker claims it in a short
// transaction (FOR UPDATE SKIP LOCKED) and sets a lease; the work runs outside any transaction
// (PGlite has one connection, and a minute-long transaction would stop every other request); a
// lease that runs out because its process died lets another worker take the row again.
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";

export type JobKind = "tour-video" | "tour-model" | "listing-import";
export type JobStatus = "queued" | "processing" | "ready" | "failed";

/** LISTEN/NOTIFY channel that wakes the workers when a job's transaction commits. */
export const JOBS_CHANNEL = "souq_jobs";

/** How long a claim holds before another worker may take the job; the running worker renews it. */
export const LEASE_SECONDS = 120;

export type JobRow = {
  id: number;
  kind: JobKind;
  subject_id: number;
  payload: Record<string, unknown>;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  error: string | null;
  result: Record<string, unknown> | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
};

/** A failure the person who asked should read as it is (a clip too long, a page without a price). */
export class JobFailure extends Error {}

/** Queues a job inside the caller's transaction: it exists exactly when the change that asked for it does. */
export async function enqueueJob(
  tx: Executor,
  job: {
    kind: JobKind;
    subject_id: number;
    payload?: Record<string, unknown>;
    created_by?: number | null;
    max_attempts?: number;
  },
): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into jobs (kind, subject_id, payload, created_by, max_attempts)
    values (${job.kind}, ${job.subject_id}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.created_by ?? null}, ${job.max_attempts ?? 3})
    returning id`);
  await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
  return Number(rows[0]!.id);
}

/** The newest job of a kind for a subject (the tour's current model build, say). */
export async function latestJob(db: Executor, kind: JobKind, subjectId: number): Promise<JobRow | null> {
  const { rows } = await db.execute<JobRow>(sql`
    select id, kind, subject_id, payload, status, attempts, max_attempts, error, result, created_at, started_at, finished_at
    from jobs where kind = ${kind} and subject_id = ${subjectId} order by id desc limit 1`);
  return rows[0] ? normalise(rows[0]) : null;
}

function normalise(row: JobRow): JobRow {
  const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
  return {
    ...row,
    id: Number(row.id),
    subject_id: Number(row.subject_id),
    attempts: Number(row.attempts),
    max_attempts: Number(row.max_attempts),
    created_at: iso(row.created_at)!,
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  };
}

/**
 * Takes the next due job of the given kinds: a queued one, or one whose worker's lease ran out.
 * A job that has used all its attempts is marked failed instead of being taken again.
 */
export async function claimJob(
  db: Executor,
  kinds: readonly JobKind[],
  worker: string,
): Promise<JobRow | "spent" | null> {
  if (!kinds.length) return null;
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<JobRow>(sql`
      select id, kind, subject_id, payload, status, attempts, max_attempts, error, result, created_at, started_at, finished_at
      from jobs
      where status in ('queued', 'processing') and run_after <= now()
        and (status = 'queued' or lease_until < now())
        and kind = any(${sql.param([...kinds])}::text[])
      order by run_after, id limit 1 for update skip locked`);
    const row = rows[0];
    if (!row) return null;
    if (Number(row.attempts) >= Number(row.max_attempts)) {
      await tx.execute(sql`
        update jobs set status = 'failed', error = coalesce(error, 'The work stopped before it finished'), lease_until = null, finished_at = now(), updated_at = now()
        where id = ${row.id}`);
      // Not a job to run, but there may be others due: the caller goes on looking.
      return "spent" as const;
    }
    await tx.execute(sql`
      update jobs set status = 'processing', attempts = attempts + 1, lease_until = now() + make_interval(secs => ${LEASE_SECONDS}),
        started_at = coalesce(started_at, now()), updated_at = now(), payload = jsonb_set(payload, '{worker}', to_jsonb(${worker}::text))
      where id = ${row.id}`);
    return normalise({ ...row, status: "processing", attempts: Number(row.attempts) + 1 });
  }) as Promise<JobRow | "spent" | null>;
}

/**
 * The running worker still holds the job. False when it no longer does (its lease ran out and
 * another worker took the job, or it was replaced): the work should stop.
 */
export async function renewLease(db: Executor, job: Pick<JobRow, "id" | "attempts">): Promise<boolean> {
  const { rows } = await db.execute(sql`
    update jobs set lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
    where id = ${job.id} and status = 'processing' and attempts = ${job.attempts} returning id`);
  return rows.length > 0;
}

/** Every change of a running job names its attempt: a worker whose lease lapsed cannot overwrite the one that took over. */
const stillHeld = (job: Pick<JobRow, "id" | "attempts">) =>
  sql`id = ${job.id} and status = 'processing' and attempts = ${job.attempts}`;

export async function finishJob(
  db: Executor,
  job: Pick<JobRow, "id" | "attempts">,
  result: Record<string, unknown>,
) {
  await db.execute(sql`
    update jobs set status = 'ready', result = ${JSON.stringify(result)}::jsonb, error = null, lease_until = null, finished_at = now(), updated_at = now()
    where ${stillHeld(job)}`);
}

/**
 * A failure: for good when the job said why in words (JobFailure) or used its attempts, otherwise
 * queued again a little later (a passing fault: a lost connection, a full disk freed since).
 */
export async function failJob(
  db: Executor,
  job: Pick<JobRow, "id" | "attempts" | "max_attempts">,
  error: unknown,
) {
  const final = error instanceof JobFailure || job.attempts >= job.max_attempts;
  const message =
    error instanceof JobFailure ? error.message : "The work could not be finished. Please try again later";
  if (final) {
    await db.execute(sql`
      update jobs set status = 'failed', error = ${message}, lease_until = null, finished_at = now(), updated_at = now() where ${stillHeld(job)}`);
  } else {
    await db.execute(sql`
      update jobs set status = 'queued', error = ${message}, lease_until = null, run_after = now() + make_interval(secs => ${15 * job.attempts}), updated_at = now()
      where ${stillHeld(job)}`);
  }
  return final;
}

/** Finished jobs older than a month are history nobody reads. */
export async function pruneJobs(db: Executor) {
  await db.execute(
    sql`delete from jobs where status in ('ready', 'failed') and finished_at < now() - interval '30 days'`,
  );
}
